import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Issue 29: a form over a graph. A `PresentedItem` of an order edits its lines in its own
/// context (add, remove, reorder, edit), saved with it in one transaction or dropped with no SQL.
@Suite struct GraphFormTests {
    /// Runs `body` with a store on a file and a copy of that file for plain SQL, both seeded alike.
    static func withStoreAndCopy(_ body: (DraftStore, Connection) throws -> Void) throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("orders.sqlite")
            try OrderSchema.open(path).close()
            let copy = folder.path("plain.sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let store = try OrderSchema.open(path)
            defer { store.close() }
            let plain = try Connection(path: copy)
            defer { plain.close() }
            try body(store, plain)
        }
    }

    @Test func threeAddedOneRemovedOneEditedSavedInOneTransactionAsPlainSQL() throws {
        try Self.withStoreAndCopy { store, plain in
            let item = try store.presentEdit(Order.self, id: 1)
            let lines = try item.children(Order.lines, orderedBy: \.position)
            #expect(lines.rows.map(\.sku) == ["A", "B", "C"])
            item.draft.customer = "Ada L."
            for (sku, quantity) in [("D", 4), ("E", 5), ("F", 6)] { try lines.add(OrderLine(sku: sku, quantity: Int64(quantity))) }
            try lines.remove(lines.rows[1])
            var edited = lines.rows[1]
            edited.quantity = 30
            try lines.update(edited)
            #expect(lines.rows.map(\.sku) == ["A", "C", "D", "E", "F"])
            #expect(lines.rows.allSatisfy { $0.orderID == 1 })
            #expect(item.canSave)
            #expect(try item.dryRun().isEmpty)
            let statements = try StatementRecorder.record(store) { _ = try item.save() }
            #expect(StatementRecorder.transactionCount(statements) == 1)
            try plain.execute(
                """
                BEGIN;
                UPDATE orders SET customer = 'Ada L.' WHERE id = 1;
                INSERT INTO order_lines(order_id, position, sku, quantity) VALUES (1, 3, 'D', 4), (1, 4, 'E', 5), (1, 5, 'F', 6);
                DELETE FROM order_lines WHERE id = 2;
                UPDATE order_lines SET quantity = 30 WHERE id = 3;
                COMMIT;
                """)
            let stored = try store.withWriterConnection { try OrderSchema.contents($0) }
            #expect(stored == (try OrderSchema.contents(plain)))
        }
    }

    @Test func newParentWithChildrenAndAReorderSavedAsPlainSQL() throws {
        try Self.withStoreAndCopy { store, plain in
            let item = try store.presentNew(Order(customer: "Hedy"))
            let lines = try item.children(Order.lines, orderedBy: \.position)
            for sku in ["X", "Y", "Z"] { try lines.add(OrderLine(sku: sku)) }
            #expect(lines.rows.allSatisfy { $0.orderID == item.draft.id && $0.orderID! < 0 })
            try lines.move(fromOffsets: [2], toOffset: 0)
            #expect(lines.rows.map(\.sku) == ["Z", "X", "Y"] && lines.rows.map(\.position) == [0, 1, 2])
            let statements = try StatementRecorder.record(store) { _ = try item.save() }
            #expect(StatementRecorder.transactionCount(statements) == 1)
            try plain.execute(
                """
                BEGIN;
                INSERT INTO orders(customer) VALUES ('Hedy');
                INSERT INTO order_lines(order_id, position, sku, quantity) VALUES
                    ((SELECT max(id) FROM orders), 1, 'X', 1), ((SELECT max(id) FROM orders), 2, 'Y', 1),
                    ((SELECT max(id) FROM orders), 0, 'Z', 1);
                COMMIT;
                """)
            let stored = try store.withWriterConnection { try OrderSchema.contents($0) }
            #expect(stored == (try OrderSchema.contents(plain)))
        }
    }

    @Test func cancelRunsNoStatementAndWritesNothing() throws {
        let store = try OrderSchema.open(nil)
        defer { store.close() }
        let before = try store.withWriterConnection { try OrderSchema.contents($0) }
        let item = try store.presentEdit(Order.self, id: 1)
        let lines = try item.children(Order.lines)
        try lines.add(OrderLine(sku: "N"))
        try lines.remove(lines.rows[0])
        item.draft.customer = "Someone else"
        let statements = try StatementRecorder.record(store) { try item.cancel() }
        #expect(statements.isEmpty)
        #expect(try store.withWriterConnection { try OrderSchema.contents($0) } == before)
    }

    @Test func aChildsLocalRuleAndStoreRefusalAreShownOnItsField() throws {
        let store = try OrderSchema.open(nil)
        defer { store.close() }
        let item = try store.presentEdit(Order.self, id: 1)
        let lines = try item.children(Order.lines)
        let unnamed = try lines.add(OrderLine(sku: ""))
        #expect(lines.errors(for: unnamed).map(\.field) == ["sku"])
        #expect(!item.canSave && item.saveBlockers.contains { $0.contains("sku") })
        var named = unnamed
        named.sku = "Q"
        named.quantity = 0
        try lines.update(named)
        #expect(item.canSave)
        // CHECK (quantity > 0) has no local rule: the store refuses it, on the line's quantity.
        let dryRun = try item.dryRun()
        #expect(dryRun.map(\.field) == ["order_lines[1].quantity"])
        #expect(throws: SaveError.self) { try item.save() }
        let refused = lines.errors(for: named)
        #expect(refused.map(\.field) == ["quantity"] && refused.allSatisfy { $0.source == .store })
        #expect(try store.fetch(FetchRequest<OrderLine>.all).count == 4)
        named.quantity = 2
        try lines.update(named)
        try item.save()
        #expect(try store.fetch(FetchRequest<OrderLine>.all).count == 5)
    }

    @Test func undoAndRedoCoverTheChildrenInterleavedWithTheDraft() throws {
        let store = try OrderSchema.open(nil)
        defer { store.close() }
        let item = try store.presentEdit(Order.self, id: 1)
        let lines = try item.children(Order.lines, orderedBy: \.position)
        try lines.add(OrderLine(sku: "D"))
        item.draft.customer = "Ada L."
        try lines.remove(lines.rows[0])
        #expect(lines.rows.map(\.sku) == ["B", "C", "D"])
        item.undo()
        #expect(lines.rows.map(\.sku) == ["A", "B", "C", "D"] && item.draft.customer == "Ada L.")
        item.undo()
        #expect(item.draft.customer == "Ada" && lines.rows.count == 4)
        item.undo()
        #expect(lines.rows.map(\.sku) == ["A", "B", "C"] && !item.canUndo)
        #expect(!item.context.hasChanges)
        item.redo()
        item.redo()
        item.redo()
        #expect(lines.rows.map(\.sku) == ["B", "C", "D"] && item.draft.customer == "Ada L." && !item.canRedo)
        try item.save()
        #expect(try store.fetch(FetchRequest<OrderLine>.all).filter { $0.orderID == 1 }.map(\.sku) == ["B", "C", "D"])
        #expect(try store.fetch(Order.self, id: 1)?.customer == "Ada L.")
    }

    @Test func theDraftJournalKeepsTheChildrenEdits() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("orders.sqlite")
            var id = UUID()
            do {
                let store = try OrderSchema.open(path)
                let item = try store.presentEdit(Order.self, id: 1, journal: true)
                let lines = try item.children(Order.lines, orderedBy: \.position)
                try lines.add(OrderLine(sku: "D", quantity: 4))
                try lines.remove(lines.rows[0])
                id = item.id
                store.flushDraftJournal()
                store.close()
            }
            let store = try OrderSchema.open(path)
            defer { store.close() }
            let item = try store.restoreDraft(Order.self, id: id, related: [OrderLine.self])
            let lines = try item.children(Order.lines, orderedBy: \.position)
            #expect(lines.rows.map(\.sku) == ["B", "C", "D"])
            try item.save()
            let stored = try store.fetch(FetchRequest<OrderLine>.all).filter { $0.orderID == 1 }
            #expect(stored.map(\.sku) == ["B", "C", "D"])
        }
    }

    @Test func openingAParentWithItsChildrenReadsEachTableOnceEditsRunNoSQL() throws {
        let store = try OrderSchema.open(nil)
        defer { store.close() }
        let ((item, lines), reads) = try StatementRecorder.record(store) {
            let item = try store.presentEdit(Order.self, id: 1)
            return (item, try item.children(Order.lines, orderedBy: \.position))
        }
        #expect(reads.count == 2 && reads.allSatisfy { $0.hasPrefix("SELECT") }, "\(reads)")
        let edits = try StatementRecorder.record(store) {
            var line = lines.rows[0]
            line.quantity = 7
            try lines.update(line)
            try lines.add(OrderLine(sku: "N"))
            try lines.move(fromOffsets: [2], toOffset: 0)
        }
        #expect(edits.isEmpty, "\(edits)")
        // Undo reads the list again as the context now sees it; cancel runs nothing.
        let undo = StatementRecorder.record(store) { item.undo() }
        #expect(undo.count == 1 && !undo.contains(where: StatementRecorder.isWrite), "\(undo)")
        #expect(try StatementRecorder.record(store) { try item.cancel() }.isEmpty)
    }
}
