import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// The harness's expectations must fail, in words, when their promise is broken: each
/// case below breaks one on purpose inside `withKnownIssue` and checks the words.
@Suite("Harness: expectations report what differed")
struct ExpectationReportTests {
    @Test func noStatementsReportsTheStatements() throws {
        try seeded.withStore { test in
            withKnownIssue {
                try? expectNoStatements(test.store) { _ = try test.store.fetch(Author.self, id: 1) }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("SELECT") }
            }
        }
    }

    @Test func oneTransactionReportsWhatItSaw() throws {
        try seeded.withStore { test in
            withKnownIssue {
                try? expectOneTransaction(test.store) { _ = try test.store.count(Author.self) }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("0 BEGIN") }
            }
        }
    }

    @Test func noWritesNamesTheWrite() throws {
        try seeded.withStore { test in
            withKnownIssue {
                try? expectNoWrites(test.store) {
                    let context = test.store.newChildContext()
                    try context.insert(Author(name: "New One", email: "new@example.com"))
                    try context.save()
                }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("INSERT") }
            }
        }
    }

    @Test func unchangedNamesTheTable() throws {
        try seeded.withStore { test in
            withKnownIssue {
                expectUnchanged(test.store) {
                    let context = test.store.newChildContext()
                    try context.delete(Author.self, id: 2)
                    try context.save()
                }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("authors had 2 rows and now has 1") }
            }
            withKnownIssue {
                expectUnchanged(test.store) {
                    let context = test.store.newChildContext()
                    var author = try #require(try context.fetch(Author.self, id: 1))
                    author.bio = "Changed"
                    try context.update(author)
                    try context.save()
                }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("row(s) of authors changed") }
            }
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
            withKnownIssue {
                expectConflict(on: "name") {}
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("succeeded") }
            }
            withKnownIssue {
                expectConflict(on: "name") { throw Failure(description: "other") }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("other") }
            }
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.bio = "Mine"
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.bio = "Theirs" }
            withKnownIssue {
                expectConflict(on: \Author.name) { try item.save() }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("bio") }
            }
        }
    }

    @Test func fieldErrorExpectationReportsMismatches() throws {
        try seeded.withStore { test in
            withKnownIssue {
                expectFieldError("email", code: .notUnique) {}
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("succeeded") }
            }
            withKnownIssue {
                expectFieldError("email", code: .notUnique) { throw Failure(description: "not a save") }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("not a save") }
            }
            let item = try test.store.presentNew(Author(name: "A", email: "a@example.com"))
            withKnownIssue {
                expectFieldError("email", code: .notUnique) { try item.save() }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("name") }
            }
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
