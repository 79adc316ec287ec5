import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// The seeded differential test of queries: thousands of random requests over random rows
/// (NULLs, mixed case, non-ASCII text, numbers stored as text and text as numbers, every
/// storage class in one column, the three built-in collations), each answered three ways that
/// must agree — a context evaluating it in Swift over its rows with unsaved updates, inserts and
/// deletes; SQLite running SQL written here (not the library's) on a copy with the same changes;
/// and, after the context saved, the store's own SQL and a context over the saved rows.
///
/// `DRAFTSTORE_QUERY_CASES` sets the number of requests (default 2,000, split over 8 rounds of
/// fresh rows); `DRAFTSTORE_QUERY_SEED` is added to each round's seed to explore other runs.
@Suite struct QueryDifferentialTests {
    static let cases = ProcessInfo.processInfo.environment["DRAFTSTORE_QUERY_CASES"].flatMap(Int.init) ?? 2_000
    static let seedOffset = ProcessInfo.processInfo.environment["DRAFTSTORE_QUERY_SEED"].flatMap(UInt64.init) ?? 0
    static let rounds = 8
    static let fixture = StoreFixture(migrations: [Migration(name: "0001_probe", sql: Probe.sql)], entities: [Probe.self])

    @Test(arguments: 0..<rounds)
    func contextStoreAndSQLiteAgree(round: Int) throws {
        let kind: StoreFixture.Kind = round.isMultiple(of: 2) ? .inMemory : .file
        try Self.fixture.withStore(kind) { test in
            var generator = QueryGenerator(random: SplitMix64(state: UInt64(round) &* 7_919 &+ 17 &+ Self.seedOffset))
            let seed = test.newChildContext()
            for tag in 0..<40 { try seed.insert(generator.row(tag: Int64(tag))) }
            try seed.save()
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            try Self.change(context, mirror: mirror, generator: &generator)

            let count = Self.cases / Self.rounds + (round < Self.cases % Self.rounds ? 1 : 0)
            var requests: [(FetchRequest<Probe>, String, [SQLiteValue], [Int64])] = []
            var failures = 0
            for _ in 0..<count {
                let (request, sql, arguments) = generator.request()
                let expected = try mirror.connection.fetch(sql, arguments) { $0.int64(at: 0) }
                requests.append((request, sql, arguments, expected))
                let mine = try context.fetch(request).map(\.tag)
                let counted = try context.count(request)
                if mine != expected || counted != expected.count {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("context: \(sql) \(arguments): got \(mine) (count \(counted)), SQLite \(expected)")
                    }
                }
            }
            try context.save()
            let saved = test.newChildContext()
            _ = try saved.fetchAll(Probe.self)  // every row registered: evaluated in Swift over what the store holds
            for (request, sql, arguments, expected) in requests {
                let stored = try test.store.fetch(request).map(\.tag)
                let registered = try saved.fetch(request).map(\.tag)
                let counted = try test.store.count(request)
                if stored != expected || registered != expected || counted != expected.count {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("saved: \(sql) \(arguments): store \(stored), context \(registered), SQLite \(expected)")
                    }
                }
            }
            #expect(failures == 0, "round \(round): \(failures) of \(count) requests disagreed")
        }
    }

    /// Unsaved changes in `context` — updates of random rows, deletes, inserts — and the same
    /// changes in plain SQL on `mirror`.
    static func change(_ context: ObjectContext, mirror: SQLMirror, generator: inout QueryGenerator) throws {
        var rows = try context.fetchAll(Probe.self)
        for step in 0..<24 {
            let index = Int.random(in: 0..<rows.count, using: &generator.random)
            switch step % 3 {
            case 0:
                var row = generator.row(tag: rows[index].tag)
                row.id = rows[index].id
                try context.update(row)
                rows[index] = row
                try mirror.run(
                    "UPDATE probe SET i = ?, r = ?, n = ?, x = ?, t = ?, tn = ?, tr = ?, v = ? WHERE tag = ?",
                    Array(row.arguments.dropFirst()) + [.integer(row.tag)])
            case 1:
                try context.delete(rows[index])
                try mirror.run("DELETE FROM probe WHERE tag = ?", [.integer(rows[index].tag)])
                rows.remove(at: index)
            default:
                let row = try context.insert(generator.row(tag: Int64(1_000 + step)))
                rows.append(row)
                try mirror.run("INSERT INTO probe (tag, i, r, n, x, t, tn, tr, v) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row.arguments)
            }
        }
    }
}
