import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Cases R1–R3 of /work/shared/cases/README.md.
@Suite("Cases: store rejection (R1–R3)")
struct RejectionCaseTests {
    @Test("R1 + R2: duplicate e-mail in another case is a store field error; fixed, it saves; nothing left open")
    func r1r2DuplicateEmail() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let item = try store.presentEdit(Author.self, id: 2)
            item.draft.email = "MIRA@Example.com"
            #expect(item.errors.isEmpty)  // locally valid
            let thrown = expectUnchanged(store) {
                expectFieldError("email", code: .notUnique, source: .store) { try item.save() }
            }
            #expect(thrown == nil)
            #expect(try store.withWriterConnection { $0.isInTransaction } == false)
            if let path = test.filePath {
                let disk = try Bookshelf.openStore(path: path)
                #expect(try disk.fetch(Author.self, id: 2)?.email == "jon@example.com")
                disk.close()
            }
            // R2: fix and save; an unrelated save succeeds; no transaction open.
            item.draft.email = "jon.b@example.com"
            try item.save()
            #expect(try store.fetch(Author.self, id: 2)?.email == "jon.b@example.com")
            let unrelated = try store.presentEdit(Author.self, id: 1)
            unrelated.draft.bio = "Unrelated"
            try unrelated.save()
            #expect(try store.fetch(Author.self, id: 1)?.bio == "Unrelated")
            #expect(try store.withWriterConnection { $0.isInTransaction } == false)
        }
    }

    @Test("R3: uniqueness is the database's — the first save wins, the second gets the field error")
    func r3Uniqueness() throws {
        try seeded.withEachKind { test in
            let first = try test.store.presentEdit(Author.self, id: 1)
            let second = try test.store.presentNew(Author(name: "New Person", email: ""))
            first.draft.email = "shared@example.com"
            second.draft.email = "Shared@Example.com"
            #expect(first.errors.isEmpty && second.errors.isEmpty)
            try first.save()
            expectUnchanged(test.store) {
                expectFieldError("email", code: .notUnique, source: .store) { try second.save() }
            }
            let count = try scalar(test.store, "SELECT count(*) FROM authors WHERE email = 'shared@example.com' COLLATE NOCASE")
            #expect(count == .integer(1))
            #expect(try test.store.count(Author.self) == 2)
        }
    }

    @Test("a CHECK and a missing parent row are field errors on their columns, never untyped")
    func otherConstraints() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            try context.insert(Book(authorID: 99, title: "Orphan"))
            expectUnchanged(test.store) {
                expectFieldError("author", code: .invalidReference, source: .store) { try context.save() }
            }
            context.rollback()
            try context.insert(Book(authorID: 1, title: "Too Old", year: 1000))
            expectUnchanged(test.store) {
                expectFieldError("year", code: .constraintViolated, source: .store) { try context.save() }
            }
        }
    }
}
