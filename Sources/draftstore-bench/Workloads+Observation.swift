import Bookshelf
import CBench
import DraftStore
import Foundation

extension Workloads {
    /// W8: a list observes every author (10,000 rows); single-row saves commit one after the
    /// other; each is timed from its commit to the delivered result. C re-runs the query on a
    /// second connection right after each commit. Both files run with `synchronous=NORMAL`, so
    /// the commit's fsync, timed differently on each side, does not weigh.
    func observation() throws -> [ResultRow] {
        let (rows, saves, foreign) = (options.observedRows, options.observedSaves, options.foreignSaves)
        let c = try cRequery(rows: rows, saves: saves)
        let ds = try storeObservation(rows: rows, saves: saves, foreign: 0)
        var result: [ResultRow] = []
        for (label, pick) in [("median", 0.5), ("p99", 0.99)] {
            var row = ResultRow(
                "W8", "observed \(rows / 1000)k rows: commit → delivered result, \(label)", size: "\(saves) saves",
                c: percentile(c, pick), raw: nil, draftStore: percentile(ds.own, pick))
            row.note = "C re-runs the query on a second connection after each commit; DraftStore's engine on a pinned reader"
            result.append(row)
        }
        if foreign > 0 {
            let other = try storeObservation(rows: rows, saves: 0, foreign: foreign).foreign
            for (label, pick) in [("median", 0.5), ("p99", 0.99)] {
                var row = ResultRow(
                    "W8", "another connection commits: commit → delivered, \(label)", size: "\(foreign) commits",
                    c: percentile(c, pick), raw: nil, draftStore: percentile(other, pick))
                row.note = "noticed by polling PRAGMA data_version every 50 ms: the bound is 50 ms plus the query"
                result.append(row)
            }
        }
        return result
    }

    /// The C side: one single-row update transaction, then the query again on a reader; milliseconds each.
    private func cRequery(rows: Int, saves: Int) throws -> [Double] {
        let path = try scratch.copyOfSeeded(rows: rows, label: "w8-c")
        defer { scratch.remove(path) }
        let writer = try CSide.open(path, durability: .normal)
        let reader = try CSide.open(path, durability: .normal)
        defer {
            cbench_close(writer)
            cbench_close(reader)
        }
        let ids = SplitMix64.ids(count: saves, rows: rows, seed: 8_000)
        var samples: [Double] = []
        let clock = ContinuousClock()
        _ = try measure("C") {
            for id in ids {
                try CSide.run(cbench_update_batch, writer, ids: [id], "C single-row save")
                let committed = clock.now
                var fetched: UnsafeMutablePointer<cbench_author>?
                var count: Int64 = 0
                try BenchFailure.check(cbench_fetch_all(reader, &fetched, &count), "C fetch all")
                cbench_free_authors(fetched, count)
                samples.append(milliseconds(clock.now - committed))
            }
        }
        return samples
    }

    /// The DraftStore side: an observer of every author; `saves` single-row saves of the
    /// store (timed from the commit hook), then `foreign` commits of another connection.
    private func storeObservation(rows: Int, saves: Int, foreign: Int) throws -> (own: [Double], foreign: [Double]) {
        let path = try scratch.copyOfSeeded(rows: rows, label: "w8-ds")
        defer { scratch.remove(path) }
        let store = try StoreSide.open(path, durability: .normal)
        defer { store.close() }
        let clock = ContinuousClock()
        let delivered = Lock<[ContinuousClock.Instant]>([])
        let arrived = DispatchSemaphore(value: 0)
        let observation = store.observe(FetchRequest<Author>.all) { authors in
            delivered.withLock { $0.append(clock.now) }
            if authors.count == rows { arrived.signal() }
        }
        defer { observation.cancel() }
        arrived.wait()
        let committed = Lock<ContinuousClock.Instant?>(nil)
        try store.withWriterConnection { connection in
            connection.setCommitHandler {
                committed.withLock { $0 = clock.now }
                return false
            }
        }
        var own: [Double] = []
        let ids = SplitMix64.ids(count: max(saves, foreign), rows: rows, seed: 8_000)
        _ = try measure("ds") {
            for (cycle, id) in ids.prefix(saves).enumerated() {
                let context = store.newChildContext()
                var author = try context.fetch(Author.self, id: id)!
                author.name = AuthorRows.editedName(id, cycle: cycle)
                try context.update(author)
                try context.save()
                arrived.wait()
                own.append(milliseconds(delivered.withLock { $0.last! } - committed.withLock { $0! }))
            }
        }
        var others: [Double] = []
        if foreign > 0 {
            let other = try Connection(path: path)
            defer { other.close() }
            for (cycle, id) in ids.prefix(foreign).enumerated() {
                try other.run("UPDATE authors SET name = ? WHERE id = ?", [.text("Other \(id) v\(cycle)"), .integer(id)])
                let done = clock.now
                arrived.wait()
                others.append(milliseconds(delivered.withLock { $0.last! } - done))
            }
        }
        return (own, others)
    }

    /// The value below which `fraction` of the samples lie (nearest rank); `nil` for none.
    private func percentile(_ samples: [Double], _ fraction: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }
}
