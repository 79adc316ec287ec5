import DraftStore
import Testing

/// A price typed as text over a REAL column, with a conversion of the app's own.
private struct PriceTag: Entity {
    var id: Int64?
    var price = ""
    static let schema = EntitySchema<PriceTag>(
        table: "price_tags",
        columns: [
            .primaryKey("id", \.id),
            .column(
                "price", \.price, label: "Price",
                parsing: .custom(
                    message: "Enter a price like 4.50", read: { Double($0).flatMap { $0.isFinite ? $0 : nil } }, format: { "\($0)" }),
                rules: [.required, .custom(code: .outOfRange, message: "Enter a price above zero") { ($0 ?? 0) > 0 }]),
        ])
}

@Suite struct TypedTextTests {
    static func store() throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [PriceTag.self]
        let sql = "CREATE TABLE price_tags (id INTEGER PRIMARY KEY, price REAL NOT NULL)"
        return try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: sql)], configuration: configuration)
    }

    @Test func aPriceTypedAsTextIsStoredAsReal() throws {
        let store = try Self.store()
        let item = try store.presentNew(PriceTag())
        item.draft.price = " 4.5 "
        let saved = try item.save()
        #expect(try scalar(store, "SELECT price, typeof(price) FROM price_tags") == .real(4.5))
        #expect(try scalar(store, "SELECT typeof(price) FROM price_tags") == .text("real"))
        #expect(try store.presentEdit(PriceTag.self, key: saved.key).draft.price == "4.5")
    }

    @Test(arguments: [
        ("four", FieldError.Code.invalidFormat, "Enter a price like 4.50"), ("-1", .outOfRange, "Enter a price above zero"),
        ("", .required, "Fill in this field"), ("inf", .invalidFormat, "Enter a price like 4.50"),
    ])
    func aTextThatIsNoPriceIsRefusedUnderTheField(text: String, code: FieldError.Code, message: String) throws {
        let item = try Self.store().presentNew(PriceTag())
        item.draft.price = text
        item.form.markSaveAttempted()
        #expect(item.field(\.price).errors.map(\.code) == [code])
        #expect(item.field(\.price).errors.map(\.message) == [message])
        #expect(!item.canSave)
    }

    /// A stored value that no conversion made (TEXT in the REAL column, written by another
    /// tool) is shown as it is, and refused until it is corrected.
    @Test func aStoredTextIsShownAsItIs() throws {
        let store = try Self.store()
        try store.withWriterConnection { try $0.execute("INSERT INTO price_tags VALUES (1, 'n/a')") }
        let item = try store.presentEdit(PriceTag.self, id: 1)
        #expect(item.draft.price == "n/a")
        #expect(!item.canSave)
        item.draft.price = "2"
        try item.save()
        #expect(try scalar(store, "SELECT price FROM price_tags WHERE id = 1") == .real(2))
    }
}
