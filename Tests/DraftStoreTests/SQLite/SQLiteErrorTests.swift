import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// `SQLiteError` carries the codes, SQLite's message and the SQL, and keeps bound values private.
@Suite("SQLiteError")
struct SQLiteErrorTests {
    static let schema = """
        CREATE TABLE people(
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL CONSTRAINT people_email_unique UNIQUE,
            age INTEGER CONSTRAINT people_age_positive CHECK (age > 0)
        ) STRICT
        """
    static let insert = "INSERT INTO people(email, age) VALUES (?, ?)"

    @Test(arguments: DatabaseKind.allCases)
    func constraintViolations(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute(Self.schema)
            try db.run(Self.insert, [.text("mira@example.com"), .integer(30)])
            let cases: [(arguments: [SQLiteValue], extended: Int32, message: String)] = [
                ([.text("mira@example.com"), .integer(31)], 2067, "UNIQUE constraint failed: people.email"),
                ([.null, .integer(31)], 1299, "NOT NULL constraint failed: people.email"),
                ([.text("jon@example.com"), .integer(-1)], 275, "CHECK constraint failed: people_age_positive"),
            ]
            for (arguments, extended, message) in cases {
                let error = caught(SQLiteError.self) { try db.run(Self.insert, arguments) }
                #expect(error?.code == SQLITE_CONSTRAINT)
                #expect(error?.extendedCode == extended)
                #expect(error?.message == message)
                #expect(error?.sql == Self.insert)
                #expect(error?.arguments == arguments)
                #expect(error?.isConstraintViolation == true)
            }
            #expect(SQLiteError.constraintUnique == 2067 && SQLiteError.constraintNotNull == 1299 && SQLiteError.constraintCheck == 275)
            #expect(try db.scalar("SELECT count(*) FROM people") == .integer(1))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func syntaxError(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let error = caught(SQLiteError.self) { try db.run("SELEC 1") }
            #expect(error?.code == SQLITE_ERROR)
            #expect(error?.extendedCode == SQLITE_ERROR)
            #expect(error?.message == "near \"SELEC\": syntax error")
            #expect(error?.sql == "SELEC 1")
            let script = caught(SQLiteError.self) { try db.execute("CREATE TABLE a(x); INSERT INTO nowhere VALUES (1); CREATE TABLE b(x)") }
            #expect(script?.sql == "INSERT INTO nowhere VALUES (1);")
            #expect(script?.message == "no such table: nowhere")
            #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == .integer(0))
        }
    }

    @Test func descriptionHidesArgumentsUnlessAsked() throws {
        let db = try Connection(path: nil)
        try db.execute(Self.schema)
        try db.run(Self.insert, [.text("secret@example.com"), .integer(30)])
        var error = try #require(caught(SQLiteError.self) { try db.run(Self.insert, [.text("secret@example.com"), .integer(40)]) })
        #expect(error.description.contains("UNIQUE constraint failed: people.email"))
        #expect(error.description.contains(Self.insert))
        #expect(error.description.contains("2067"))
        #expect(!error.description.contains("secret"))
        #expect(!String(reflecting: error.message).contains("secret"))
        error.publicArguments = true
        #expect(error.description.contains("'secret@example.com', 40"))
    }

    @Test(arguments: DatabaseKind.allCases)
    func sqlInAValueIsPlainText(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE authors(name TEXT NOT NULL) STRICT")
            let name = "Robert'); DROP TABLE authors;--"
            try db.run("INSERT INTO authors(name) VALUES (?)", [.text(name)])
            #expect(try db.scalar("SELECT name FROM authors") == .text(name))
            #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'authors'") == .integer(1))
            #expect(try db.scalar("SELECT count(*) FROM authors WHERE name = ?", [.text(name)]) == .integer(1))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func argumentCountMustMatch(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute(Self.schema)
            for arguments: [SQLiteValue] in [[.text("a@example.com")], [.text("a@example.com"), .integer(1), .integer(2)], []] {
                let error = caught(SQLiteError.self) { try db.run(Self.insert, arguments) }
                #expect(error?.code == SQLITE_RANGE)
                #expect(error?.sql == Self.insert)
            }
            #expect(try db.scalar("SELECT count(*) FROM people") == .integer(0))
            #expect(try db.scalar("SELECT ?1 || ?1", [.text("ab")]) == .text("abab"))
        }
    }

    @Test func matchableByCodeInCatch() throws {
        let db = try Connection(path: nil)
        try db.execute(Self.schema)
        try db.run(Self.insert, [.text("a@example.com"), .integer(1)])
        var matched = false
        let run: () throws -> Void = { try db.run(Self.insert, [.text("a@example.com"), .integer(1)]) }
        do {
            try run()
        } catch let error as SQLiteError where error.extendedCode == SQLiteError.constraintUnique {
            matched = true
        }
        #expect(matched)
    }
}
