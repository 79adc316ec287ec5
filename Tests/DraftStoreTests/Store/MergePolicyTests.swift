import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Issue 3's policy table, against a second connection (another process) on a file store.
@Suite("Store: merge policies against a second connection")
struct MergePolicyTests {
    static let policies: [MergePolicy] = [.error, .draftWins, .storeWins, .overwrite, .rollback]

    @Test("they change bio, I change name: every policy keeps both", arguments: policies)
    func differentFields(policy: MergePolicy) throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) { $0.name = "Mira Mine" }
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.bio = "Theirs" }
            try context.save(policy: policy)
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Mine")
            #expect(stored.bio == "Theirs")
        }
    }

    @Test("error: a field changed on both sides throws base / mine / theirs and writes nothing")
    func errorPolicy() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) {
                $0.name = "Mira Mine"
                $0.email = "mine@example.com"
            }
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Mira Theirs" }
            let thrown = expectUnchanged(test.store) {
                let conflict = expectConflict(on: \Author.name) { try context.save() }
                let field = try #require(conflict?.objects.first?.fields.first)
                #expect(conflict?.objects.count == 1 && conflict?.objects.first?.fields.count == 1)
                #expect(field.base == .text("Mira Okafor"))
                #expect(field.mine == .text("Mira Mine"))
                #expect(field.theirs == .text("Mira Theirs"))
            }
            #expect(thrown == nil)
            #expect(try test.store.fetch(Author.self, id: 1)?.email == "mira@example.com")
            #expect(context.hasChanges)
        }
    }

    @Test("draftWins: mine is written; their changes to other fields are kept")
    func draftWins() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) { $0.name = "Mira Mine" }
            try BackgroundWriter(test).update(Author.self, id: 1) {
                $0.name = "Mira Theirs"
                $0.bio = "Theirs"
            }
            try context.save(policy: .draftWins)
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Mine")
            #expect(stored.bio == "Theirs")
        }
    }

    @Test("storeWins: theirs is kept; my changes to other fields are written")
    func storeWins() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) {
                $0.name = "Mira Mine"
                $0.email = "mine@example.com"
            }
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Mira Theirs" }
            try context.save(policy: .storeWins)
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Theirs")
            #expect(stored.email == "mine@example.com")
        }
    }

    @Test("overwrite: every field of mine is written")
    func overwrite() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) { $0.name = "Mira Mine" }
            try BackgroundWriter(test).update(Author.self, id: 1) {
                $0.name = "Mira Theirs"
                $0.bio = "Theirs"
            }
            try context.save(policy: .overwrite)
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Mine")
            #expect(stored.bio == nil)
        }
    }

    @Test("rollback: all my changes to that object are dropped")
    func rollbackPolicy() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) {
                $0.name = "Mira Mine"
                $0.email = "mine@example.com"
            }
            try context.insert(Book(authorID: 2, title: "Unrelated"))
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Mira Theirs" }
            try context.save(policy: .rollback)
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Theirs")
            #expect(stored.email == "mira@example.com")
            #expect(try storedTitles(test.store, author: 2) == ["Unrelated"])
        }
    }

    @Test("the row was deleted meanwhile", arguments: policies)
    func deletedMeanwhile(policy: MergePolicy) throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) { $0.name = "Mira Mine" }
            try BackgroundWriter(test).delete(Author.self, id: 1)
            switch policy {
            case .error, .draftWins, .overwrite:
                expectUnchanged(test.store) {
                    do {
                        try context.save(policy: policy)
                        Issue.record("expected a deleted-kind conflict under \(policy)")
                    } catch let SaveError.conflict(conflict) {
                        #expect(conflict.objects.map(\.wasDeleted) == [true])
                        #expect(conflict.objects.first?.id == 1)
                    } catch {
                        Issue.record("expected a deleted-kind conflict, got \(error)")
                    }
                }
                #expect(context.hasChanges)
            case .storeWins, .rollback:
                try context.save(policy: policy)
            }
            #expect(try test.store.fetch(Author.self, id: 1) == nil)
            #expect(try test.store.count(Author.self) == 1)
        }
    }

    @Test("rebase then save: their fields taken, mine kept, both-changed listed; the save succeeds under error")
    func rebaseThenSave() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) {
                $0.name = "Mira Mine"
                $0.email = "mine@example.com"
            }
            try BackgroundWriter(test).update(Author.self, id: 1) {
                $0.name = "Mira Theirs"
                $0.bio = "Theirs"
            }
            let undecided = try context.rebase()
            #expect(undecided.count == 1)
            #expect(undecided.first?.fields.map(\.name) == ["name"])
            let rebased = try #require(try context.fetch(Author.self, id: 1))
            #expect(rebased.name == "Mira Mine" && rebased.email == "mine@example.com" && rebased.bio == "Theirs")
            try context.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Mine" && stored.email == "mine@example.com" && stored.bio == "Theirs")
        }
    }

    @Test("rebase then a further change by them: the save conflicts again")
    func rebaseThenChangedAgain() throws {
        try seeded.withStore(.file) { test in
            let context = try editAuthor(test.store) { $0.name = "Mira Mine" }
            let writer = try BackgroundWriter(test)
            try writer.update(Author.self, id: 1) { $0.name = "Mira Theirs" }
            try context.rebase()
            try writer.update(Author.self, id: 1) { $0.name = "Mira Theirs Again" }
            expectConflict(on: \Author.name) { try context.save() }
            #expect(try storedName(test.store, 1) == "Mira Theirs Again")
        }
    }
}
