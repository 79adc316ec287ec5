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

    @Test func accentsAreIgnoredWhenAskedByTheSameRuleInSQLAndInAContext() throws {
        let migration = Migration(name: "001-people", sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let store = try DraftStore(path: nil, migrations: [migration])
        let names = ["Petr Surý", "Antonín Dvořák", "Ørjan Lie", "Suri Cruise", "Nguyễn Du"]
        let context = store.newChildContext()
        for name in names { _ = try context.insert(Person(name: name)) }
        try context.save()
        // Plain SQL with the registered function is the reference.
        func plain(_ search: String) throws -> [String] {
            try store.withWriterConnection { connection in
                try connection.fetch(
                    "SELECT name FROM people WHERE instr(draftstore_fold_accents(name), draftstore_fold_accents(?)) > 0 ORDER BY id",
                    [.text(search)]
                ) { try $0.text(at: 0) }
            }
        }
        for (search, expected) in [("sury", ["Petr Surý"]), ("DVORAK", ["Antonín Dvořák"]), ("nguyen", ["Nguyễn Du"]), ("orjan", [])] {
            let request = FetchRequest<Person>.all.filter(.contains(\.name, search, ignoringAccents: true)).sorted(by: \.id)
            #expect(try store.fetch(request).map(\.name) == expected, "\(search)")
            #expect(try plain(search) == expected)
            // A context with unsaved rows matches them in Swift by the same folding.
            let editing = store.newChildContext()
            for name in names { _ = try editing.insert(Person(name: name + " II")) }
            #expect(try editing.fetch(request).map(\.name) == expected + expected.map { $0 + " II" }, "\(search)")
        }
        #expect(try store.fetch(FetchRequest<Person>.all.filter(.contains(\.name, "sury"))).map(\.name) == [])
        #expect(try store.fetch(FetchRequest<Person>.all.filter(.hasPrefix(\.name, "ANTONIN", ignoringAccents: true))).count == 1)
    }

    struct Person: Entity {
        var id: Int64?
        var name = ""
        static let schema = EntitySchema<Person>(table: "people", columns: [.primaryKey("id", \.id), .column("name", \.name)])
    }

    @Test func theFunctionCannotBeUsedInTheSchema() throws {
        let connection = try Connection(path: nil)
        try connection.execute("CREATE TABLE t (name TEXT)")
        #expect(throws: SQLiteError.self) { try connection.execute("CREATE INDEX t_folded ON t (draftstore_fold(name))") }
        #expect(try connection.scalar("SELECT draftstore_fold('STRAẞE')") == .text("strasse"))
        #expect(throws: SQLiteError.self) { try connection.execute("CREATE INDEX t_bare ON t (draftstore_fold_accents(name))") }
        #expect(try connection.scalar("SELECT draftstore_fold_accents('Surý')") == .text("sury"))
    }
}
