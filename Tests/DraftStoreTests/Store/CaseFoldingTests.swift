import Bookshelf
import DraftStore
import Foundation
import Testing

/// Case-insensitive `contains` covers all of Unicode, in the database and in contexts alike.
@Suite struct CaseFoldingTests {
    static let names = ["Straße Verlag", "E\u{301}mile Zola", "ΣΟΦΙΑ Kalli", "Ada Lovelace"]

    func seeded() throws -> DraftStore {
        let store = try Bookshelf.openStore(path: nil)
        let context = store.newChildContext()
        for (index, name) in Self.names.enumerated() { try context.insert(Author(name: name, email: "a\(index)@example.com")) }
        try context.save()
        return store
    }

    @Test(arguments: [("STRASSE", "Straße Verlag"), ("émile", "Émile Zola"), ("σοφια", "ΣΟΦΙΑ Kalli"), ("LOVE", "Ada Lovelace")])
    func theStoreAndAContextFindTheSameRows(search: String, expected: String) throws {
        let store = try seeded()
        let request = FetchRequest<Author>.all.filter(\.name, contains: search)
        let stored = try store.fetch(request).map { CaseFolding.fold($0.name) }
        #expect(stored == [CaseFolding.fold(expected)])
        // A context that edited another row matches its registered rows in Swift, with the same folding.
        let context = store.newChildContext()
        var ada = try #require(try context.fetch(Author.self, key: 4))
        ada.bio = "edited"
        try context.update(ada)
        for registered in try context.fetch(FetchRequest<Author>.all) { _ = registered }
        #expect(try context.fetch(request).map { CaseFolding.fold($0.name) } == stored)
    }

    @Test func wildcardsAndTheEmptyTextMatchThemselves() throws {
        let store = try seeded()
        #expect(try store.fetch(FetchRequest<Author>.all.filter(\.name, contains: "%")).isEmpty)
        #expect(try store.fetch(FetchRequest<Author>.all.filter(\.name, contains: "")).count == Self.names.count)
        #expect(CaseFolding.contains("Straße", "SS") && !CaseFolding.contains("Strasse", "ß "))
    }

    @Test func theFunctionCannotBeUsedInTheSchema() throws {
        let connection = try Connection(path: nil)
        try connection.execute("CREATE TABLE t (name TEXT)")
        #expect(throws: SQLiteError.self) { try connection.execute("CREATE INDEX t_folded ON t (draftstore_fold(name))") }
        #expect(try connection.scalar("SELECT draftstore_fold('STRAẞE')") == .text("strasse"))
    }
}
