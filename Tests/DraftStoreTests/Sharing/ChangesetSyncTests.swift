import Foundation
import Testing

@testable import DraftStore

/// Two database files kept in step by changesets: A and B start equal, take random saves each,
/// then exchange their changes (A's to B under the policy; B's merged state back to A). Both
/// end with the same rows, every field edited on both sides was reported, and each policy's rule held.
///
/// The exchange: B applies A's changes since the common point (conflicts reported there); A then
/// applies `concatenated([inverted(A's changes), B's changes since the point])`, which takes A's
/// state to B's (B's changes include what its apply wrote).
@Suite("Changesets: two copies kept in step")
struct ChangesetSyncTests {
    /// Saves per side: `DRAFTSTORE_SYNC_SAVES`, else 200 (1,000 is the local run, about a minute).
    static let saves = ProcessInfo.processInfo.environment["DRAFTSTORE_SYNC_SAVES"].flatMap { Int($0) } ?? 200

    /// One expected or reported conflict, in comparable form.
    struct Meeting: Hashable, CustomStringConvertible {
        let table: String
        let key: RowKey
        let kind: ChangesetConflict.Kind
        let fields: [String]
        var description: String { "\(table)#\(key) \(kind) \(fields)" }
    }

    /// A table's rows by key, with its column names and key columns.
    struct Rows {
        let columns: [String]
        let keys: [Int]
        let byKey: [RowKey: [SQLiteValue]]
    }

    static func rows(_ store: DraftStore) throws -> [String: Rows] {
        try store.withWriterConnection { connection in
            var result: [String: Rows] = [:]
            for (table, rows) in try ChinookAdoptionTests.contents(connection) {
                let info = try connection.fetch("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) {
                    (try $0.text(at: 0), $0.int64(at: 1))
                }
                let keys = info.indices.filter { info[$0].1 > 0 }.sorted { info[$0].1 < info[$1].1 }
                let byKey = Dictionary(uniqueKeysWithValues: rows.map { row in (RowKey(values: keys.map { row[$0] }), row) })
                result[table] = Rows(columns: info.map(\.0), keys: keys, byKey: byKey)
            }
            return result
        }
    }

    /// Every conflict the exchange must report, from the three states.
    static func expectedMeetings(base: [String: Rows], a: [String: Rows], b: [String: Rows]) -> Set<Meeting> {
        var meetings: Set<Meeting> = []
        for (table, rows) in base {
            let others = rows.columns.indices.filter { !rows.keys.contains($0) }
            for (key, original) in rows.byKey {
                let mineA = a[table]?.byKey[key]
                let mineB = b[table]?.byKey[key]
                let changed = { (row: [SQLiteValue]) in others.filter { row[$0] != original[$0] } }
                switch (mineA, mineB) {
                case let (rowA?, rowB?):
                    let both = others.filter { rowA[$0] != original[$0] && rowB[$0] != original[$0] && rowA[$0] != rowB[$0] }
                    if !both.isEmpty {
                        meetings.insert(Meeting(table: table, key: key, kind: .changedOnBothSides, fields: both.map { rows.columns[$0] }))
                    }
                case let (nil, rowB?) where !changed(rowB).isEmpty:
                    meetings.insert(Meeting(table: table, key: key, kind: .deletedThere, fields: changed(rowB).map { rows.columns[$0] }))
                case let (rowA?, nil) where !changed(rowA).isEmpty:
                    meetings.insert(Meeting(table: table, key: key, kind: .deletedHere, fields: []))
                default: break
                }
            }
        }
        return meetings
    }

    /// Checks each row of the end state against the policy's rule.
    static func checkRule(_ policy: MergePolicy, base: [String: Rows], a: [String: Rows], b: [String: Rows], end: [String: Rows]) {
        let takesTheirs = policy == .draftWins || policy == .overwrite
        for (table, rows) in base {
            let others = rows.columns.indices.filter { !rows.keys.contains($0) }
            for (key, original) in rows.byKey {
                let rowA = a[table]?.byKey[key]
                let rowB = b[table]?.byKey[key]
                let final = end[table]?.byKey[key]
                guard let rowA, let rowB else {
                    // Deleted on a side stays deleted, unless B changed it and B's values win the deleted-there conflict.
                    let kept = rowA == nil && rowB != nil && rowB != original && !takesTheirs
                    #expect(final == (kept ? rowB : nil), "\(table)#\(key) deleted on a side under \(policy)")
                    continue
                }
                let conflicting = others.filter { rowA[$0] != original[$0] && rowB[$0] != original[$0] && rowA[$0] != rowB[$0] }
                for column in others {
                    let expected: SQLiteValue
                    if policy == .rollback, !conflicting.isEmpty {
                        expected = rowB[column]
                    } else if conflicting.contains(column) {
                        expected = takesTheirs ? rowA[column] : rowB[column]
                    } else {
                        expected = rowA[column] != original[column] ? rowA[column] : rowB[column]
                    }
                    #expect(final?[column] == expected, "\(table)#\(key).\(rows.columns[column]) under \(policy)")
                }
            }
        }
    }

    @Test(arguments: [MergePolicy.error, .draftWins, .storeWins, .overwrite, .rollback])
    func bothCopiesEndEqualAndEveryFieldEditedOnBothSidesIsReported(policy: MergePolicy) throws {
        try Replicas.with { replicas in
            let base = try Self.rows(replicas.a)
            // Rows deleted on B and edited on A make draftWins and overwrite refuse (as a save does): only A deletes shared rows there.
            let bDeletesShared = policy == .storeWins || policy == .rollback
            var sideA = SyncWorkload(side: "A", seed: 1, deletesSharedRows: true, firstGenre: 1_000)
            var sideB = SyncWorkload(side: "B", seed: 2, deletesSharedRows: bDeletesShared, firstGenre: 2_000)
            for _ in 0..<Self.saves {
                try sideA.save(to: replicas.a)
                try sideB.save(to: replicas.b)
            }
            let stateA = try Self.rows(replicas.a)
            let stateB = try Self.rows(replicas.b)
            let expected = Self.expectedMeetings(base: base, a: stateA, b: stateB)
            let fromA = try replicas.a.exportChanges(after: 0)
            #expect(fromA.count <= Self.saves && fromA.count > Self.saves / 2)  // A save whose changes changed nothing writes nothing.
            let report: ChangesetApplication
            var rule = policy
            do {
                report = try replicas.b.apply(fromA.changeset, policy: policy)
            } catch let ChangesetError.conflict(conflicts) where policy == .error {
                // Nothing written; every conflict listed. The person syncing decides: B's values stand.
                #expect(try Self.rows(replicas.b).mapValues(\.byKey) == stateB.mapValues(\.byKey))
                #expect(Set(conflicts.map(Self.meeting)) == expected)
                rule = .storeWins
                report = try replicas.b.apply(fromA.changeset, policy: rule)
            }
            let reported = Set(report.conflicts.map(Self.meeting))
            #expect(report.conflicts.count == reported.count)
            #expect(reported == expected, "missing: \(expected.subtracting(reported)), extra: \(reported.subtracting(expected))")
            #expect(expected.count > 10)
            let back = try SQLiteChangeset.concatenated([
                try fromA.changeset.inverted(), try replicas.b.exportChanges(after: 0).changeset,
            ])
            let returned = try replicas.a.apply(back, policy: policy)
            #expect(returned.conflicts.isEmpty)
            let endA = try Self.rows(replicas.a)
            let endB = try Self.rows(replicas.b)
            for table in base.keys { #expect(endA[table]?.byKey == endB[table]?.byKey, "table \(table)") }
            Self.checkRule(rule, base: base, a: stateA, b: stateB, end: endB)
        }
    }

    static func meeting(_ conflict: ChangesetConflict) -> Meeting {
        Meeting(table: conflict.table, key: conflict.key, kind: conflict.kind, fields: conflict.fields.map(\.name))
    }
}
