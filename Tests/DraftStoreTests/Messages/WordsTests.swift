import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Words a person reads: on a schema with snake_case tables and columns and no labels, every
/// message names entities and fields in words, never a Swift type or a raw table or column.
@Suite("Words a person reads")
struct WordsTests {
    /// What must never appear inside a sentence: the entity types' and tables' raw names, and
    /// the columns' (each has an underscore, so none is also a word).
    static let rawNames = [
        "StockItemRow", "OrderLineRow", "stock_items", "order_lines", "item_code", "unit_price", "shelf_no", "bin_label",
        "line_code", "order_no", "stock_item_id", "backup_item_id", "item_id", "line_id",
    ]

    /// Each refusal kind SQLite has, as a draft of one table that the database refuses.
    static let refusals: [(name: String, make: @Sendable (ObjectContext) throws -> Void)] = [
        ("UNIQUE", { _ = try $0.insert(StockItemRow(code: "A1")) }),
        (
            "UNIQUE on an expression, partial",
            { context in
                var first = StockItemRow(code: "B1")
                first.binLabel = "X"
                var second = StockItemRow(code: "B2")
                second.binLabel = "x"
                try context.insert(first)
                try context.insert(second)
            }
        ),
        (
            "composite UNIQUE",
            { context in
                try context.insert(OrderLineRow(code: "L", stockItemID: 1))
                try context.insert(OrderLineRow(code: "L", stockItemID: 1))
            }
        ),
        (
            "named CHECK",
            { context in
                var item = StockItemRow(code: "C1")
                item.unitPrice = -1
                try context.insert(item)
            }
        ),
        (
            "unnamed CHECK",
            { context in
                var item = StockItemRow(code: "C2")
                item.shelfNo = 100
                try context.insert(item)
            }
        ),
        ("NOT NULL", { try $0.insert(OrderLineRow(code: nil, stockItemID: 1)) }),
        ("immediate FOREIGN KEY", { try $0.insert(OrderLineRow(code: "F1", stockItemID: 99)) }),
        (
            "deferred FOREIGN KEY",
            { context in
                var line = OrderLineRow(code: "F2", stockItemID: 1)
                line.backupItemID = 99
                try context.insert(line)
            }
        ),
    ]

    /// The words each refusal is shown in: labels and entity names made from the names.
    static let words = [
        "Another stock item row already has this item code; enter a different one.",
        "Another stock item row already has this bin label; enter a different one.",
        "Another order line row already has this order no and line code; change one of them.",
        "This unit price is not allowed; change it.",
        "This shelf no is not allowed; change it.",
        "Fill in line code.",
        "The stock item this stock item ID refers to does not exist (it may have been deleted); choose another.",
        "The stock item this backup item ID refers to does not exist (it may have been deleted); choose another.",
    ]

    @Test("no refusal's words hold a Swift type name or a raw table or column name", arguments: refusals.indices)
    func refusalsAreInWords(index: Int) throws {
        let store = try ShopSchema.store()
        let context = store.newChildContext()
        try Self.refusals[index].make(context)
        let error = try #require(throws: SaveError.self) { try context.save() }
        #expect(!error.fieldErrors.isEmpty, "\(Self.refusals[index].name): \(error)")
        var texts = [error.localizedDescription, error.description] + error.fieldErrors.map(\.message)
        texts += error.fieldErrors.compactMap(\.errorDescription)
        for text in texts {
            for raw in Self.rawNames { #expect(!text.contains(raw), "\(Self.refusals[index].name): \(raw) in \(text)") }
            #expect(!text.contains("try again"), "\(text)")
        }
        #expect(texts.allSatisfy { $0.contains(Self.words[index]) }, "\(texts)")
    }

    /// The words an editor shows for a refused draft: the save's, the fields', the blockers'.
    static func wordsInForm<E: Entity>(_ store: DraftStore, _ draft: E) throws -> (shown: [String], messages: [String]) {
        let item = try store.presentNew(draft)
        let error = try #require(throws: SaveError.self) { try item.save() }
        let messages = error.fieldErrors.map(\.message)
        return ([error.localizedDescription] + item.visibleErrors.map(\.message) + item.saveBlockers + messages, messages)
    }

    @Test("in a form, the same refusals are in the same words", arguments: refusals.indices)
    func formRefusalsAreInWords(index: Int) throws {
        let store = try ShopSchema.store()
        try store.withWriterConnection { connection in
            try connection.execute("INSERT INTO stock_items (item_code, bin_label) VALUES ('S1', 'X')")
            try connection.execute("INSERT INTO order_lines (line_code, order_no, stock_item_id) VALUES ('L', 1, 1)")
        }
        var item = StockItemRow(code: "F\(index)")
        var line = OrderLineRow(code: "M\(index)", stockItemID: 1)
        let words: (shown: [String], messages: [String])
        switch index {
        case 0: words = try Self.wordsInForm(store, StockItemRow(code: "A1"))
        case 1:
            item.binLabel = "x"
            words = try Self.wordsInForm(store, item)
        case 2: words = try Self.wordsInForm(store, OrderLineRow(code: "L", stockItemID: 1))
        case 3:
            item.unitPrice = -1
            words = try Self.wordsInForm(store, item)
        case 4:
            item.shelfNo = 100
            words = try Self.wordsInForm(store, item)
        case 5: words = try Self.wordsInForm(store, OrderLineRow(code: nil, stockItemID: 1))
        case 6: words = try Self.wordsInForm(store, OrderLineRow(code: "M", stockItemID: 99))
        default:
            line.backupItemID = 99
            words = try Self.wordsInForm(store, line)
        }
        for text in words.shown {
            for raw in Self.rawNames { #expect(!text.contains(raw), "\(Self.refusals[index].name): \(raw) in \(text)") }
        }
        // Under its field, in the words of a context's save; or, where the form does not yet place
        // a refusal of an unlabelled column on its field (issue 28's other part), the record's
        // words, naming the entity in words too.
        let recordWords = words.messages.allSatisfy { $0.contains("stock item row") || $0.contains("order line row") }
        #expect(words.messages.count == 1 && (words.messages == [Self.words[index]] || recordWords), "\(words.messages)")
    }

    @Test("labels and display names are made from names by one rule")
    func namesAreMadeIntoWords() throws {
        let labels = ["product_code", "ArtistId", "isbn", "ISBN", "unitPrice2", "customer-email"].map(DisplayName.label(column:))
        #expect(labels == ["Product code", "Artist ID", "Isbn", "ISBN", "Unit price 2", "Customer email"])
        let types = ["ReorderRow", "URLRequest", "zItem", "Task2", "Box<Int>", "App.Note"].map(DisplayName.entity(typeName:))
        #expect(types == ["Reorder row", "URL request", "Z item", "Task 2", "Box", "Note"])
        let tables = ["products", "order_lines", "categories", "addresses", "status", "boxes", "people"].map(DisplayName.entity(table:))
        #expect(tables == ["Product", "Order line", "Category", "Address", "Status", "Box", "People"])
        #expect(OrderLineRow.validator.label == "Order line row")
        #expect(OrderLineRow.validator.field(named: "line_code")?.label == "Line code")
    }

    @Test("a permanent problem never says try again; a transient one does")
    func permanentProblemsDoNotSayTryAgain() throws {
        let missingTable = SQLiteError(extendedCode: SQLITE_ERROR, message: "no such table: main.gone")
        let damaged = SQLiteError(extendedCode: SQLITE_NOTADB, message: "file is not a database")
        let busy = SQLiteError(extendedCode: SQLITE_BUSY, message: "database is locked")
        #expect(SaveError.storage(missingTable).storageFailure?.kind == .schema)
        #expect(SaveError.storage(missingTable).storageFailure?.isTransient == false)
        for error in [missingTable, damaged] {
            #expect(!SaveError.storage(error).localizedDescription.contains("try again"))
            #expect(!error.localizedDescription.contains("try again"))
        }
        #expect(SaveError.storage(busy).localizedDescription.contains("try again"))
        #expect(busy.localizedDescription.contains("try again"))
    }

    @Test("an open that fails names its real cause, not a migration")
    func aFailedOpenNamesItsCause() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shop.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: (any Error).self) { try DraftStore(path: path, migrations: ShopSchema.migrations) }
        let text = error.localizedDescription
        #expect(text.contains("damaged or is not a database"), "\(text)")
        #expect(!text.contains("migrated") && !text.contains("try again"), "\(text)")
        let full = MigrationError(file: path, kind: .storage(SQLiteError(extendedCode: 4874, message: "disk I/O error")))
        #expect(full.localizedDescription.contains("the disk is full") && !full.localizedDescription.contains("migrated"))
    }
}
