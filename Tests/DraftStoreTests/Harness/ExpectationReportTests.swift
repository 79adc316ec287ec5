import Bookshelf
import DraftStore
import Foundation
import Testing

@testable import DraftStoreTesting

/// The harness's expectations must fail, in words, when their promise is broken: each
/// case below breaks one on purpose and checks the words of the check behind the expectation
/// (`ExpectationCheck`), which the public `expect…` function records as the test's issue.
@Suite("Harness: expectations report what differed")
struct ExpectationReportTests {
    @Test func noStatementsReportsTheStatements() throws {
        try seeded.withStore { test in
            let failure = try ExpectationCheck.noStatements(test.store) { _ = try test.store.fetch(Author.self, id: 1) }
            #expect(failure?.contains("SELECT") == true)
            #expect(ExpectationCheck.noStatements(test.store) {} == nil)
        }
    }

    @Test func oneTransactionReportsWhatItSaw() throws {
        try seeded.withStore { test in
            let failure = try ExpectationCheck.oneTransaction(test.store) { _ = try test.store.count(Author.self) }
            #expect(failure?.contains("0 BEGIN") == true)
        }
    }

    @Test func noWritesNamesTheWrite() throws {
        try seeded.withStore { test in
            let failure = try ExpectationCheck.noWrites(test.store) {
                let context = test.store.newChildContext()
                try context.insert(Author(name: "New One", email: "new@example.com"))
                try context.save()
            }
            #expect(failure?.contains("INSERT") == true)
        }
    }

    @Test func unchangedNamesTheTable() throws {
        try seeded.withStore { test in
            let deleted = ExpectationCheck.unchanged(test.store) {
                let context = test.store.newChildContext()
                try context.delete(Author.self, id: 2)
                try context.save()
            }
            #expect(deleted.failure?.contains("authors had 2 rows and now has 1") == true)
            let updated = ExpectationCheck.unchanged(test.store) {
                let context = test.store.newChildContext()
                var author = try #require(try context.fetch(Author.self, id: 1))
                author.bio = "Changed"
                try context.update(author)
                try context.save()
            }
            #expect(updated.failure?.contains("row(s) of authors changed") == true)
        }
    }

    @Test func unchangedReturnsTheThrownError() throws {
        try seeded.withStore { test in
            let error = expectUnchanged(test.store) { throw Failure(description: "boom") }
            #expect((error as? Failure)?.description == "boom")
        }
    }

    @Test func conflictExpectationReportsSuccessOtherErrorsAndOtherFields() throws {
        try seeded.withStore(.file) { test in
            #expect(ExpectationCheck.conflict(on: "name") {}.failure?.contains("succeeded") == true)
            #expect(ExpectationCheck.conflict(on: "name") { throw Failure(description: "other") }.failure?.contains("other") == true)
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.bio = "Mine"
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.bio = "Theirs" }
            let onAnotherField = ExpectationCheck.conflict(on: \Author.name) { try item.save() }
            #expect(onAnotherField.failure?.contains("bio") == true)
            #expect(onAnotherField.value != nil, "the conflict is returned for further checks")
        }
    }

    @Test func fieldErrorExpectationReportsMismatches() throws {
        try seeded.withStore { test in
            let succeeded = ExpectationCheck.fieldError("email", code: .notUnique, source: nil) {}
            #expect(succeeded.failure?.contains("succeeded") == true)
            let other = ExpectationCheck.fieldError("email", code: .notUnique, source: nil) { throw Failure(description: "not a save") }
            #expect(other.failure?.contains("not a save") == true)
            let item = try test.store.presentNew(Author(name: "A", email: "a@example.com"))
            let onName = ExpectationCheck.fieldError("email", code: .notUnique, source: nil) { try item.save() }
            #expect(onName.failure?.contains("name") == true)
        }
    }

    @Test func statementClassification() {
        #expect(StatementRecorder.isWrite("INSERT INTO t VALUES (1)"))
        #expect(StatementRecorder.isWrite("BEGIN IMMEDIATE TRANSACTION"))
        #expect(!StatementRecorder.isWrite("BEGIN DEFERRED TRANSACTION"))
        #expect(!StatementRecorder.isWrite("SELECT 1"))
        #expect(!StatementRecorder.isWrite(""))
        #expect(StatementRecorder.transactionCount(["BEGIN IMMEDIATE", "INSERT", "COMMIT", "BEGIN", "COMMIT"]) == 2)
    }

    @Test func fixtureFromAnSQLFile() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "seed.sql")
        try Data("INSERT INTO authors (name, email, created_at, updated_at) VALUES ('Seeded Row', 'seed@example.com', 0, 0);".utf8).write(
            to: file)
        let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities, fixtureFile: file)
        try fixture.withEachKind { test in
            let seededAuthor = try test.store.fetch(Author.self, id: 1)
            #expect(seededAuthor?.name == "Seeded Row")
            #expect((test.kind == .file) == (test.filePath != nil))
        }
    }

    @Test func aFailingSeedIsReportedWhenAStoreIsMade() {
        let fixture = StoreFixture(migrations: Bookshelf.migrations) { _ in throw Failure(description: "seed failed") }
        #expect(throws: Failure.self) { try fixture.makeStore() }
    }
}

/// An error thrown on purpose by these tests.
private struct Failure: Error, CustomStringConvertible {
    let description: String
}
