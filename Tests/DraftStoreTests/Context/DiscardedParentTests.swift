import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// A context whose parent was discarded has nowhere to save to: it must say so, not "succeed" into the void.
@Suite struct DiscardedParentTests {
    @Test func aChildOfADiscardedParentCannotSaveIntoIt() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            var author = try #require(try child.fetch(Author.self, id: 1))
            author.name = "Lost"
            try child.update(author)
            parent.discard()
            let error = try #require(throws: SaveError.self) { try child.save() }
            guard case .finished = error else {
                Issue.record("expected .finished, got \(error)")
                return
            }
            #expect(child.hasChanges, "the child keeps its edit")
        }
    }

    @Test func aNestedEditorOfADiscardedContextSaysSo() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let item = try parent.presentEdit(Author.self, id: 1)
            item.draft.name = "Nested"
            parent.discard()
            let error = try #require(throws: SaveError.self) { try item.save() }
            guard case .finished = error else {
                Issue.record("expected .finished, got \(error)")
                return
            }
            #expect(!item.isFinished)
            #expect(throws: Misuse.ancestorDiscarded) { try item.context.fetch(Author.self, id: 1) }
            try item.cancel()
            #expect(try storedName(test.store, 1) == "Mira Okafor")
        }
    }

    @Test func aGrandchildOfADiscardedContextCannotSave() throws {
        try seeded.withEachKind { test in
            let root = test.store.newChildContext()
            let middle = root.newChildContext()
            let leaf = middle.newChildContext()
            try leaf.insert(Author(name: "Leaf", email: "leaf@example.com"))
            root.discard()
            #expect(throws: SaveError.self) { try leaf.save() }
            #expect(throws: Misuse.ancestorDiscarded) { try leaf.insert(Author(name: "Leaf Two", email: "leaf2@example.com")) }
            #expect(try test.store.count(Author.self) == 2)
        }
    }
}

@Suite("Presented item: its own context discarded")
struct DiscardedItemContextTests {
    @Test func savingAnItemWhoseContextWasDiscardedSaysSo() throws {
        try seeded.withStore { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.name = "Changed"
            item.context.discard()
            do {
                try item.save()
                Issue.record("the save should have been refused")
            } catch let error as SaveError {
                guard case let .finished(reason) = error else {
                    Issue.record("expected .finished, got \(error)")
                    return
                }
                #expect(reason == .contextDiscarded && reason.description.contains("discarded"))
            }
            #expect(try test.store.fetch(Author.self, id: 1)?.name == "Mira Okafor")
        }
    }
}
