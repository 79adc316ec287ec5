import DraftStore
import Testing

// The reorder form of the "Validating drafts" article ("Text that stands for a number"), compiled and run here.

// snippet: reorder-form
/// `reorder_rows(id INTEGER PRIMARY KEY, product_code TEXT NOT NULL REFERENCES products(code),
/// quantity INTEGER NOT NULL)`: the quantity is typed as text, stored as an INTEGER, declared once.
struct ReorderRow: Entity {
    var id: Int64?
    var productCode = ""
    var quantity = ""  // what the person typed

    static let schema = EntitySchema<ReorderRow>(
        table: "reorder_rows",
        columns: [
            .primaryKey("id", \.id),
            .column("product_code", \.productCode, label: "Product code", trims: true, rules: [.required]),
            .column("quantity", \.quantity, label: "Quantity", parsing: .wholeNumber(in: 1...50), rules: [.required]),
        ])
}
// snippet: end

@Suite("Article examples: text that stands for a number")
struct ReorderFormExamples {
    static let sql = """
        CREATE TABLE products (code TEXT PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE reorder_rows (id INTEGER PRIMARY KEY, product_code TEXT NOT NULL REFERENCES products(code),
                                   quantity INTEGER NOT NULL);
        INSERT INTO products VALUES ('PEN', 'Pen'), ('INK', 'Ink');
        """

    static func store() throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [ReorderRow.self]  // checked at open: TEXT property, INTEGER column
        return try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: sql)], configuration: configuration)
    }

    @Test func theReorderFormSavesTheNumberTheTextStandsFor() throws {
        let store = try Self.store()
        // snippet: reorder-form-use
        let item = try store.presentNew(ReorderRow())
        item.draft.productCode = " PEN "
        item.draft.quantity = "4.5"
        #expect(
            item.field(\.quantity).errors.map(\.message) == [
                "Enter digits only, with no decimal point, spaces or letters (a whole number from 1 to 50)"
            ])
        item.draft.quantity = "٤"  // Arabic-Indic four
        #expect(item.canSave)
        item.form.setStatus("Ready PEN:4")
        item.draft.quantity = " 4 "
        #expect(item.form.status == nil)  // every change of the draft clears the status line
        let saved = try item.save()
        #expect(saved.quantity == "4")  // the INTEGER 4, shown as text
        // snippet: end
        #expect(try scalar(store, "SELECT quantity FROM reorder_rows WHERE id = ?", [.integer(saved.rowID)]) == .integer(4))
        let edit = try store.presentEdit(ReorderRow.self, key: saved.key)
        #expect(edit.draft.quantity == "4")
        edit.draft.quantity = "04"  // parses to the stored value: no change written
        #expect(edit.context.changeset().isEmpty)
        try edit.cancel()
    }

    @Test(arguments: [(" 4 ", 4), ("٤", 4), ("+04", 4), ("４", 4), ("50", 50)])
    func textStandingForANumberIsSavedAsThatNumber(text: String, number: Int64) throws {
        let store = try Self.store()
        let item = try store.presentNew(ReorderRow(productCode: "PEN", quantity: text))
        let saved = try item.save()
        #expect(try scalar(store, "SELECT quantity FROM reorder_rows WHERE id = ?", [.integer(saved.rowID)]) == .integer(number))
        #expect(try scalar(store, "SELECT typeof(quantity) FROM reorder_rows") == .text("integer"))
    }

    @Test(arguments: [
        (
            "4.5", FieldError.Code.notAWholeNumber,
            "Enter digits only, with no decimal point, spaces or letters (a whole number from 1 to 50)"
        ),
        ("0", .outOfRange, "Enter a whole number from 1 to 50"),
        ("51", .outOfRange, "Enter a whole number from 1 to 50"),
        ("99999999999999999999", .outOfRange, "Enter a whole number from 1 to 50"),
        ("²", .notAWholeNumber, "Enter digits only, with no decimal point, spaces or letters (a whole number from 1 to 50)"),
        ("  ", .required, "Fill in this field"),
    ])
    func textThatIsNoNumberInRangeIsRefusedUnderTheField(text: String, code: FieldError.Code, message: String) throws {
        let store = try Self.store()
        let item = try store.presentNew(ReorderRow(productCode: "PEN", quantity: ""))
        item.draft.quantity = text
        #expect(item.field(\.quantity).errors.map(\.code) == [code])
        #expect(item.field(\.quantity).errors.map(\.message) == [message])
        #expect(!item.canSave)
        #expect(throws: SaveError.self) { try item.save() }
        #expect(try scalar(store, "SELECT count(*) FROM reorder_rows") == .integer(0))
        #expect(item.draft.quantity == text)  // the draft keeps what was typed
    }

    /// An unknown product code is the database's refusal (a foreign key): under the code field,
    /// Save disabled until that field is edited, nothing written.
    @Test func anUnknownCodeIsRefusedUnderTheCodeField() throws {
        let store = try Self.store()
        let item = try store.presentNew(ReorderRow(productCode: "NIB", quantity: "3"))
        let errors = rejectedFields { try item.save() }
        #expect(errors.map(\.fields) == [["product_code"]])
        #expect(errors.map(\.code) == [.invalidReference])
        #expect(item.field(\.productCode).errors.map(\.code) == [.invalidReference])
        #expect(item.field(\.quantity).errors.isEmpty)
        #expect(item.form.recordErrors.isEmpty)
        #expect(!item.canSave)
        item.draft.quantity = "5"  // another field: still refused
        #expect(!item.canSave)
        item.draft.productCode = "INK"
        #expect(item.canSave)
        #expect(try item.save().productCode == "INK")
        #expect(try scalar(store, "SELECT count(*) FROM reorder_rows") == .integer(1))
    }

    /// Plain SQL agrees: the parsed values are what an INSERT of the number writes.
    @Test func theStoredRowIsWhatPlainSQLWrites() throws {
        let store = try Self.store()
        let mirror = try SQLMirror(store)
        _ = try store.presentNew(ReorderRow(productCode: " PEN", quantity: " ٤٢ ")).save()
        try mirror.run("INSERT INTO reorder_rows (product_code, quantity) VALUES ('PEN', 42)")
        try mirror.expectSameTables(as: store)
        #expect(try scalar(store, "SELECT typeof(quantity) FROM reorder_rows") == .text("integer"))
    }
}

extension ReorderRow {
    init(productCode: String, quantity: String) {
        self.productCode = productCode
        self.quantity = quantity
    }
}
