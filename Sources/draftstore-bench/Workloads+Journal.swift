import Bookshelf
import CBench
import DraftStore
import Foundation

extension Workloads {
    /// W9 (journal): W4's cycle with 10 edits (present, 10 changes, cancel), without the draft
    /// journal and with it. Journaled, the edits of a tight loop coalesce (one write per 20 ms);
    /// the second figure writes after every edit (``DraftStore/flushDraftJournal()``), as when
    /// edits are 20 ms or more apart, so it is the most the journal can cost. Both journaled
    /// bodies end with a flush, so the background writes are inside the measured time.
    func journalCycle() throws -> [ResultRow] {
        let rows = options.authors
        var result: [ResultRow] = []
        for (cycles, label, flushEach) in [
            (options.cycles, "coalesced", false), (max(options.cycles / 20, 10), "every edit written", true),
        ] {
            let ids = { (round: Int) in SplitMix64.ids(count: cycles, rows: rows, seed: 9_000 &+ UInt64(round)) }
            let medians = try Counting.$workload.withValue("W9 \(label)") {
                try harness.compare([
                    cSide(rows: rows) { db, round in try CSide.run(cbench_read_cycles, db, ids: ids(round), "C read cycles") },
                    rawSide(rows: rows) { db, round in _ = try db.readCycles(ids(round)) },
                    storeSide("ds-plain", rows: rows) { store, round in try StoreSide.journalCycles(store, ids: ids(round), journal: false)
                    },
                    storeSide("ds-journal", rows: rows) { store, round in
                        try StoreSide.journalCycles(store, ids: ids(round), journal: true, flushEach: flushEach)
                    },
                ])
            }
            let plain = ResultRow(
                "W9", "W4 cycle with 10 edits, no journal", size: "\(cycles) cycles", c: medians["C"], raw: medians["raw"],
                draftStore: medians["ds-plain"])
            var journaled = ResultRow(
                "W9", "W4 cycle with 10 edits, journaled (\(label))", size: "\(cycles) cycles", c: medians["C"], raw: medians["raw"],
                draftStore: medians["ds-journal"])
            let versusPlain = medians["ds-journal"].flatMap { j in medians["ds-plain"].map { j / $0 } }
            journaled.note = String(format: "journaled / no journal = %.2f× (%@)", versusPlain ?? .nan, label)
            result += [plain, journaled]
        }
        return result
    }
}

extension StoreSide {
    /// W9: present each id for editing (journaled or not), make 10 edits (name and bio in turn), cancel.
    static func journalCycles(_ store: DraftStore, ids: [Int64], journal: Bool, flushEach: Bool = false) throws {
        for (cycle, id) in ids.enumerated() {
            let item = try store.presentEdit(Author.self, id: id, journal: journal)
            for edit in 0..<10 {
                if edit % 2 == 0 {
                    item.draft.name = AuthorRows.editedName(id, cycle: cycle * 10 + edit)
                } else {
                    item.draft.bio = "edit \(edit)"
                }
                if flushEach { store.flushDraftJournal() }
            }
            try item.cancel()
        }
        if journal { store.flushDraftJournal() }
    }
}
