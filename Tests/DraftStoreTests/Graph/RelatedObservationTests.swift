import DraftStore
import DraftStoreTesting
import Foundation
import TestTools
import Testing

/// Observation of requests filtered by related rows, and of a list showing a related value: another process (Python's `sqlite3`)
/// writes the related table; each observation delivers a new element when its result changed,
/// and none for a commit that left its result as it was.
@Suite struct RelatedObservationTests {
    /// Three commits, 300 ms apart (the store polls other processes' commits every 50 ms):
    /// order 2 becomes Ada's; a commit that changes no observed result; a line 'Z' for order 1.
    static let script = """
        import sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], timeout=5, isolation_level=None)
        c.execute("UPDATE orders SET customer = 'Ada' WHERE id = 2")
        time.sleep(0.3)
        c.execute("BEGIN")
        c.execute("INSERT INTO orders(customer) VALUES ('Bob')")
        c.execute("UPDATE orders SET customer = 'Ada' WHERE id = 1")
        c.execute("COMMIT")
        time.sleep(0.3)
        c.execute("INSERT INTO order_lines(order_id, position, sku, quantity) VALUES (1, 3, 'Z', 1)")
        c.close()
        """

    @Test(.requires(.python3)) func anotherProcessWritingTheRelatedTableDeliversChangedResultsOnly() async throws {
        let python = try #require(ExternalTool.python3.path)
        let test = try StoreFixture(migrations: OrderSchema.migrations, entities: [Order.self, OrderLine.self]).makeStore(.file)
        defer { test.close() }
        let (store, path) = (test.store, try #require(test.filePath))
        let adasLines = FetchRequest<OrderLine>.all.filter(.parent(OrderLine.order, \.customer == "Ada"))
        let ordersWithZ = FetchRequest<Order>.all.filter(.any(Order.lines, \.sku == "Z"))
        let lines = Lock<[[String]]>([])
        let orders = Lock<[[Int64?]]>([])
        let first = store.observe(adasLines) { rows in lines.withLock { $0.append(rows.map(\.sku)) } }
        defer { first.cancel() }
        let second = store.observe(ordersWithZ) { rows in orders.withLock { $0.append(rows.map(\.id)) } }
        defer { second.cancel() }
        // A list whose rows show a related value: each line with its order's customer.
        let shown = Lock<[[String]]>([])
        let third = store.observe(FetchRequest<OrderLine>.all, with: OrderLine.order) { rows in
            shown.withLock { $0.append(rows.map { "\($0.row.sku) \($0.parent?.customer ?? "-")" }) }
        }
        defer { third.cancel() }
        await eventually { lines.withLock { $0.count } == 1 && orders.withLock { $0.count } == 1 && shown.withLock { $0.count } == 1 }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script, path]
        try process.run()
        await Task.detached { process.waitUntilExit() }.value
        #expect(process.terminationStatus == 0)
        await eventually { orders.withLock { $0.count } == 2 && lines.withLock { $0.count } == 3 && shown.withLock { $0.count } == 3 }
        // Order 2's line joins Ada's; the commit that changed no result delivered nothing;
        // the new line of order 1 arrives. The orders with a 'Z' line change only with it.
        #expect(lines.withLock { $0 } == [["A", "B", "C"], ["A", "B", "C", "A"], ["A", "B", "C", "A", "Z"]])
        #expect(orders.withLock { $0 } == [[], [1]])
        #expect(
            shown.withLock { $0 } == [
                ["A Ada", "B Ada", "C Ada", "A Grace"], ["A Ada", "B Ada", "C Ada", "A Ada"],
                ["A Ada", "B Ada", "C Ada", "A Ada", "Z Ada"],
            ])
    }
}
