import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// English words, each sentence tagged with the provider method that made it: a test finds
/// the provider's sentence in an error's `localizedDescription` by its tag.
private struct TaggedMessages: MessageProvider {
    let english = EnglishMessages()
    func rule(_ rule: RuleMessage) -> String { "[rule] " + english.rule(rule) }
    func rejection(_ wording: RejectionWording) -> String { "[rejection] " + english.rejection(wording) }
    func conflict(_ conflict: ConflictError) -> String { "[conflict] " + english.conflict(conflict) }
    func storage(_ failure: StorageFailure) -> String { "[storage] " + english.storage(failure) }
    func misuse(_ misuse: Misuse) -> String { "[misuse] " + english.misuse(misuse) }
    func refusal(_ source: FieldError.Source, errors: [FieldError]) -> String { "[refusal] " + english.refusal(source, errors: errors) }
    func changeset(_ error: ChangesetError) -> String { "[changeset] " + english.changeset(error) }
    func query(_ error: QueryError) -> String { "[query] " + english.query(error) }
    func unknownColumn(_ error: UnknownColumnError) -> String { "[unknownColumn] " + english.unknownColumn(error) }
    func draftJournal(_ error: DraftJournalError) -> String { "[draftJournal] " + english.draftJournal(error) }
    func context(_ error: ContextError) -> String { "[context] " + english.context(error) }
    func sqlite(_ error: SQLiteError) -> String { "[sqlite] " + english.sqlite(error) }
    func schema(_ error: SchemaError) -> String { "[schema] " + english.schema(error) }
    func migration(_ error: MigrationError) -> String { "[migration] " + english.migration(error) }
    func schemaDrift(_ error: SchemaDriftError) -> String { "[schemaDrift] " + english.schemaDrift(error) }
    func sqlRead(_ error: SQLReadError) -> String { "[sqlRead] " + english.sqlRead(error) }
    func relationship(_ error: RelationshipError) -> String { "[relationship] " + english.relationship(error) }
}

@Suite("Errors app code can show")
struct ErrorWordsTests {
    static let sqlite = SQLiteError(extendedCode: SQLITE_BUSY, message: "database is locked", sql: "INSERT INTO t VALUES (1)")
    static let rejection = StoreRejection(
        kind: .unique, table: "order_lines", columns: ["line_code"], object: .init(table: "order_lines", key: [.integer(3)]))
    static let conflict = ConflictError(objects: [
        ConflictError.Object(
            table: "order_lines", key: 3, wasDeleted: false,
            fields: [ConflictError.Field(name: "line_code", base: .text("a"), mine: .text("b"), theirs: .text("c"))])
    ])
    static let changesetConflict = ChangesetConflict(
        table: "order_lines", key: 3, kind: .changedOnBothSides, fields: conflict.objects[0].fields, resolution: .refused)

    /// Every public error type of the library, by name, with one value and the tag of the
    /// provider method that words it.
    static let catalogue: [(name: String, error: any Error, tag: String)] = [
        ("SaveError", SaveError.rejected([FieldError(fields: ["line_code"], code: .notUnique, rejection: rejection)]), "[refusal]"),
        ("ConflictError", conflict, "[conflict]"),
        ("ContextError", ContextError.missingRow(entity: "Order line", table: "order_lines", key: 3), "[context]"),
        ("Misuse", Misuse.storeClosed, "[misuse]"),
        ("SQLiteError", sqlite, "[sqlite]"),
        ("FieldError", FieldError(fields: ["line_code"], code: .notUnique, rejection: rejection), "[rejection]"),
        ("ChangesetError", ChangesetError.conflict([changesetConflict]), "[changeset]"),
        ("QueryError", QueryError.unsupportedCollation(table: "words", column: "spelling", collation: "unicase"), "[query]"),
        (
            "UnknownColumnError", UnknownColumnError(entity: "OrderLineRow", table: "order_lines", keyPath: "\\OrderLineRow.code.count"),
            "[unknownColumn]"
        ),
        ("DraftJournalError", DraftJournalError.unavailable(.inMemory), "[draftJournal]"),
        ("SchemaError", SchemaError(entity: "OrderLineRow", problems: [.missingTable("order_lines")]), "[schema]"),
        (
            "MigrationError", MigrationError(file: "shop.sqlite", kind: .storage(SQLiteError(extendedCode: SQLITE_FULL, message: "full"))),
            "[migration]"
        ),
        ("SchemaDriftError", SchemaDriftError(file: "shop.sqlite", differences: [.removed(type: "index", name: "x")]), "[schemaDrift]"),
        ("SQLReadError", SQLReadError.writes(sql: "DELETE FROM order_lines"), "[sqlRead]"),
        ("RelationshipError", RelationshipError.ambiguous(child: "order_lines", parent: "orders"), "[relationship]"),
    ]

    /// The names of the public types of the library modules (`Sources/DraftStore`, and the layer
    /// modules it re-exports) that conform to `Error`, read from the sources.
    static func declaredErrorTypes() throws -> Set<String> {
        let declaration = try Regex(#"public (?:struct|enum|final class|class|actor) (\w+)\s*:[^{]*\bError\b"#)
        var names: Set<String> = []
        for module in ["DraftStore", "DraftStoreSQLite"] {
            let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/\(module)")
            let files = FileManager.default.enumerator(at: sources.standardizedFileURL, includingPropertiesForKeys: nil)!
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: declaration) { names.insert(String(match.output[1].substring!)) }
            }
        }
        return names
    }

    @Test("every public error type is listed, and its localizedDescription is the provider's sentence")
    func everyErrorTypeIsWordedByTheProvider() throws {
        #expect(Set(Self.catalogue.map(\.name)) == (try Self.declaredErrorTypes()))
        Messages.withProvider(TaggedMessages()) {
            for (name, error, tag) in Self.catalogue {
                let shown = error.localizedDescription
                #expect(shown.contains(tag), "\(name): \(shown)")
                #expect(!shown.contains("The operation could not be completed"), "\(name): \(shown)")
                // SQLiteError keeps its technical text (codes, SQL) as its description, for logs.
                if name != "FieldError", name != "SQLiteError" {
                    #expect(shown == String(describing: error), "\(name): the description is the provider's sentence too")
                }
            }
        }
    }

    @Test("a missing row is matched by its case, with its table and key")
    func aMissingRowIsMatchedByItsCase() throws {
        let store = try ShopSchema.store()
        do {
            _ = try store.presentEdit(OrderLineRow.self, id: 42)
            Issue.record("no error for a missing row")
        } catch ContextError.missingRow(let entity, let table, let key) {
            #expect(table == "order_lines" && key == 42 && entity == "Order line row")
        }
        let context = store.newChildContext()
        var item = try #require(try context.fetch(StockItemRow.self, id: 1))
        try context.delete(item)
        item.itemCode = "A2"
        #expect(throws: ContextError.deletedInContext(entity: "Stock item row", table: "stock_items", key: 1)) {
            try context.update(item)
        }
    }

    @Test("a closed store throws Misuse.storeClosed from every entry point")
    func aClosedStoreIsOneError() async throws {
        let store = try ShopSchema.store()
        let context = store.newChildContext()
        try context.insert(StockItemRow(code: "A"))
        let item = try store.presentNew(StockItemRow(code: "B"))
        store.close()
        #expect(throws: Misuse.storeClosed) { try store.fetch(FetchRequest<StockItemRow>.all) }
        #expect(throws: Misuse.storeClosed) { try store.count(StockItemRow.self) }
        #expect(throws: Misuse.storeClosed) { try store.presentEdit(StockItemRow.self, id: 1) }
        #expect(throws: Misuse.storeClosed) { try store.presentNew(StockItemRow(code: "C")) }
        #expect(throws: Misuse.storeClosed) { try store.newChildContext().fetch(StockItemRow.self, id: 1) }
        #expect(throws: Misuse.storeClosed) { try store.withWriterConnection { _ in () } }
        #expect(throws: SaveError.finished(.storeClosed)) { try context.save() }
        #expect(throws: SaveError.finished(.storeClosed)) { try item.save() }
        #expect(throws: DraftJournalError.finished(.storeClosed)) { try store.restorableDrafts() }
        #expect(throws: DraftJournalError.finished(.storeClosed)) { try store.discardDraft(id: UUID()) }
        await #expect(throws: Misuse.storeClosed) {
            for try await _ in store.results(of: FetchRequest<StockItemRow>.all) {}
        }
    }

    @Test("the errors that describe data round-trip through JSON")
    func dataErrorsRoundTripThroughJSON() throws {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        func roundTrip<E: Codable & Equatable>(_ value: E) throws {
            #expect(try decoder.decode(E.self, from: encoder.encode(value)) == value, "\(E.self)")
        }
        try roundTrip(Self.sqlite)
        try roundTrip(Self.conflict)
        try roundTrip(Self.changesetConflict)
        try roundTrip(Misuse.nestedTooDeep(depth: 3, maximum: 2))
        try roundTrip(ContextError.missingRow(entity: "Order line", table: "order_lines", key: RowKey(1, "x")))
        try roundTrip(ChangesetError.conflict([Self.changesetConflict]))
        for error in [
            SaveError.invalid([FieldError(field: "line_code", code: .required, message: "Fill in this field")]),
            .rejected([FieldError(fields: ["line_code"], code: .notUnique, rejection: Self.rejection)]),
            .conflict(Self.conflict), .storage(Self.sqlite), .finished(.storeClosed),
        ] {
            try roundTrip(error)
        }
    }
}
