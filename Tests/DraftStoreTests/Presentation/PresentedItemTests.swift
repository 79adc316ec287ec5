import Bookshelf
import DraftStore
import DraftStoreTesting
import Observation
import Synchronization
import Testing

/// Issue 4: the PresentedItem editing flow over a child context.
@Suite("Presentation: PresentedItem")
struct PresentedItemTests {
    @Test("the id is stable from creation through save; each presentation has its own")
    func stableIdentity() throws {
        try seeded.withStore { test in
            let item = try test.store.presentNew(Author())
            let other = try test.store.presentNew(Author())
            let id = item.id
            #expect(id != other.id)
            item.draft.name = "Ada Reyes"
            item.draft.email = "ada@example.com"
            #expect(item.id == id)
            let saved = try item.save()
            #expect(item.id == id)
            #expect(saved.id == 3)
            #expect(try test.store.fetch(Author.self, id: 3)?.name == "Ada Reyes")
        }
    }

    @Test("withObservationTracking on the draft fires once per edit of any field")
    func observationOncePerEdit() throws {
        try seeded.withStore { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            let count = Atomic<Int>(0)
            let edits: [(inout Author) -> Void] = [
                { $0.name = "M" }, { $0.name = "Mi" }, { $0.email = "m@example.com" }, { $0.bio = "Bio" }, { $0.bio = nil },
            ]
            for (index, edit) in edits.enumerated() {
                withObservationTracking {
                    _ = item.draft
                } onChange: {
                    count.add(1, ordering: .relaxed)
                }
                edit(&item.draft)
                #expect(count.load(ordering: .relaxed) == index + 1)
            }
            #expect(item.revision == edits.count)
        }
    }

    @Test("one keystroke is in the context at once; save returns the real id; finished afterwards")
    func keystrokeSaveFinish() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 2)
            #expect(!item.context.hasChanges)
            item.draft.name += "e"
            #expect(item.context.hasChanges)
            #expect(try item.context.fetch(Author.self, id: 2)?.name == "Jon Baye")
            let saved = try item.save()
            #expect(saved.id == 2 && saved.name == "Jon Baye")
            #expect(try storedName(test.store, 2) == "Jon Baye")
            #expect(item.isFinished)
            item.draft.name = "Frozen?"
            #expect(item.draft.name == "Jon Baye")
            #expect(throws: SaveError.self) { try item.save() }
            #expect(throws: SaveError.self) { try item.cancel() }
            do {
                try item.save()
            } catch let error as SaveError {
                guard case .finished = error else { Issue.record("expected finished, got \(error)"); return }
            }
            #expect(try storedName(test.store, 2) == "Jon Baye")
        }
    }

    @Test("cancel runs no SQL, writes nothing, and finishes the item")
    func cancelRunsNothing() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.email = "other@example.com"
            try item.insertRelated(Book(authorID: 1, title: "Draft Book"))
            expectUnchanged(test.store) {
                try expectNoStatements(test.store) { try item.cancel() }
            }
            #expect(item.isFinished)
            #expect(throws: SaveError.self) { try item.cancel() }
            item.draft.email = "later@example.com"
            #expect(item.draft.email == "other@example.com")
        }
    }

    /// Presents, edits and finishes an item; returns weak references to it and its context.
    private func finishedItem(_ store: DraftStore, save: Bool) throws -> (item: () -> AnyObject?, context: () -> AnyObject?) {
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.bio = "Weak"
        try item.insertRelated(Book(authorID: 1, title: "Weak Book"))
        if save { try item.save() } else { try item.cancel() }
        weak let weakItem = item
        weak let weakContext = item.context
        return ({ weakItem }, { weakContext })
    }

    @Test("a finished item that is let go frees its context", arguments: [true, false])
    func releasedAfterFinish(save: Bool) throws {
        try seeded.withStore { test in
            let refs = try finishedItem(test.store, save: save)
            #expect(refs.item() == nil)
            #expect(refs.context() == nil)
        }
    }

    @Test("undo and redo: consecutive edits of one field are one step; the context follows")
    func undoRedo() throws {
        try seeded.withStore { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            #expect(!item.canUndo && !item.canRedo)
            item.draft.name = "M"
            item.draft.name = "Mi"
            item.draft.name = "Mix"
            item.draft.bio = "Bio"
            item.undo()
            #expect(item.draft.bio == nil && item.draft.name == "Mix")
            item.undo()
            #expect(item.draft.name == "Mira Okafor")
            #expect(!item.canUndo && item.canRedo)
            #expect(!item.context.hasChanges)
            item.redo()
            #expect(item.draft.name == "Mix")
            #expect(try item.context.fetch(Author.self, id: 1)?.name == "Mix")
            try item.save()
            #expect(try storedName(test.store, 1) == "Mix")
        }
    }

    @Test("dryRun returns the store's rejection without writing; the item still saves after a fix")
    func dryRun() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 2)
            item.draft.email = "Mira@Example.com"
            item.draft.name = "J"
            var errors: [FieldError] = []
            expectUnchanged(test.store) { errors = try item.dryRun() }
            #expect(errors.contains { $0.field == "email" && $0.code == .notUnique && $0.source == .store })
            #expect(errors.contains { $0.field == "name" && $0.source == .local })
            #expect(try test.store.withWriterConnection { $0.isInTransaction } == false)
            #expect(item.draft.email == "Mira@Example.com")
            item.draft.email = "jon2@example.com"
            item.draft.name = "Jon"
            #expect(try item.dryRun().isEmpty)
            try item.save()
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon2@example.com")
        }
    }

    @Test("duplicate e-mail in another case: store field error, nothing written; editing clears it; the next save succeeds")
    func duplicateEmail() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 2)
            item.draft.email = "MIRA@example.COM"
            expectUnchanged(test.store) {
                expectFieldError("email", code: .notUnique, source: .store) { try item.save() }
            }
            #expect(!item.isFinished)
            #expect(item.draft.email == "MIRA@example.COM")
            #expect(item.visibleErrors.contains { $0.field == "email" && $0.source == .store })
            item.draft.email = "jon.b@example.com"
            #expect(!item.visibleErrors.contains { $0.field == "email" })
            let saved = try item.save()
            #expect(saved.email == "jon.b@example.com")
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon.b@example.com")
        }
    }

    @Test("related books added with a new author are saved together, or not at all")
    func relatedObjects() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentNew(Author(name: "Ada Reyes", email: "ada@example.com"))
            try item.insertRelated(Book(authorID: item.draft.id!, title: "One"))
            let bad = try item.insertRelated(Book(authorID: item.draft.id!, title: "   "))
            expectUnchanged(test.store) {
                #expect(throws: SaveError.self) { try item.save() }
            }
            var fixed = bad
            fixed.title = "Two"
            try item.context.update(fixed)
            let saved = try item.save()
            let id = try #require(saved.id)
            #expect(id > 0)
            #expect(try storedTitles(test.store, author: id) == ["One", "Two"])
        }
    }

    @Test("local errors are hidden until edited or a save is attempted; canSave explains itself")
    func visibility() throws {
        try seeded.withStore { test in
            let item = try test.store.presentNew(Author())
            #expect(item.visibleErrors.isEmpty)
            #expect(!item.canSave && !item.saveBlockers.isEmpty)
            item.draft.name = "A"
            #expect(item.visibleErrors.map(\.field) == ["name"])
            expectUnchanged(test.store) {
                #expect(throws: SaveError.self) { try item.save() }
            }
            #expect(Set(item.visibleErrors.map(\.field)) == ["name", "email"])
        }
    }
}
