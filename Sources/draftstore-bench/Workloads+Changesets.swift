import Bookshelf
import CBench
import DraftStore
import Foundation

extension Workloads {
    /// W9 changeset capture: the W3 edit cycle (present, change, save; `synchronous=FULL`) with
    /// each save captured as an SQLite session changeset and patchset, and with the store also
    /// recording it in its change log; against C and the same cycle without capture.
    func changesetCapture() throws -> [ResultRow] {
        try DraftStore.Durability.allCases.flatMap { durability in try changesetCapture(durability) }
    }

    /// W9 under one durability setting (every side with the same one).
    func changesetCapture(_ durability: DraftStore.Durability) throws -> [ResultRow] {
        let (rows, cycles) = (options.authors, options.commitCycles)
        let medians = try Counting.$workload.withValue("W9 \(durability.pragmaValue)") {
            try harness.compare([
                cSide(rows: rows, durability: durability) { db, round in
                    try CSide.run(cbench_edit_cycles, db, ids: cycleIDs(round: round, salt: 9, count: cycles), "C edit cycles")
                },
                storeSide("ds-off", rows: rows, durability: durability) { store, round in
                    try StoreSide.editCycles(store, ids: cycleIDs(round: round, salt: 9, count: cycles))
                },
                storeSide("ds-capture", rows: rows, durability: durability) { store, round in
                    try Self.capturingEditCycles(store, ids: cycleIDs(round: round, salt: 9, count: cycles))
                },
                recordingSide(rows: rows, durability: durability) { store, round in
                    try StoreSide.editCycles(store, ids: cycleIDs(round: round, salt: 9, count: cycles))
                },
            ])
        }
        let off = medians["ds-off"]
        let sides = [("ds-capture", "captured"), ("ds-record", "captured and recorded in draftstore_changes")]
        return sides.map { side, title in
            var row = ResultRow(
                "W9", "changeset capture on W3: \(title) (synchronous=\(durability.pragmaValue))", size: "\(cycles) cycles",
                c: medians["C"], raw: nil, draftStore: medians[side])
            if let on = medians[side], let off, off > 0 {
                row.note = String(format: "%.2f× the same W3 cycle without capture (%.2f ms)", on / off, off)
            }
            return row
        }
    }

    /// W3's cycles with each item's context capturing its save.
    static func capturingEditCycles(_ store: DraftStore, ids: [Int64]) throws {
        for (cycle, id) in ids.enumerated() {
            let item = try store.presentEdit(Author.self, id: id)
            item.context.capturesChanges = true
            item.draft.name = AuthorRows.editedName(id, cycle: cycle)
            _ = try item.save()
        }
    }

    /// A DraftStore side whose store records every commit's changeset; see ``storeSide(_:rows:durability:_:)``.
    func recordingSide(rows: Int, durability: DraftStore.Durability, _ body: @escaping (DraftStore, Int) throws -> Void) -> (
        String, (Int) throws -> Duration
    ) {
        (
            "ds-record",
            { round in
                let path = try scratch.copyOfSeeded(rows: rows, label: "ds-record")
                var configuration = DraftStore.Configuration()
                configuration.entities = Bookshelf.entities
                configuration.recordsChanges = true
                configuration.durability = durability
                let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
                defer { store.close(); scratch.remove(path) }
                return try measure("ds-record") { try body(store, round) }
            }
        )
    }
}
