import DraftStore
import DraftStoreTesting
import TestTools
import Testing

/// Joplin: a sync job and other processes write the same profile — conflicts from a second
/// connection and from Python's sqlite3, NUMERIC coordinates, staleness, observation, rebase.
@Suite struct JoplinConcurrencyTests {
    static let fixture = JoplinTests.fixture

    /// The packing list's latitude was written as 1.0, which NUMERIC stores as 1: untouched, it is
    /// never a conflict and never written, whatever the policy.
    @Test(arguments: [MergePolicy.error, .draftWins, .overwrite])
    func aSyncJobsChangeToAnotherFieldIsKept(policy: MergePolicy) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentEdit(JoplinNote.self, key: RowKey(.text(Joplin.packing)))
            try writeBehind(test, "UPDATE notes SET latitude = 0.49, updated_time = 9 WHERE id = ?", [.text(Joplin.packing)])
            item.draft.title = "Packing"
            _ = try item.save(policy: policy)
            try mirror.run("UPDATE notes SET latitude = 0.49, updated_time = 9 WHERE id = ?", [.text(Joplin.packing)])
            // No field changed on both sides, so every policy keeps theirs (MergePolicy's rule).
            try mirror.run("UPDATE notes SET title = 'Packing' WHERE id = ?", [.text(Joplin.packing)])
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func theSameFieldChangedTwiceIsAConflict() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(JoplinTag.self, key: RowKey(.text(Joplin.europe)))
            try writeBehind(test, "UPDATE tags SET title = 'Europe' WHERE id = ?", [.text(Joplin.europe)])
            item.draft.title = "EU"
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.key == RowKey(.text(Joplin.europe)))
            #expect(conflict?.objects.first?.fields.map(\.theirs) == [.text("Europe")])
        }
    }

    @Test(.requires(.python3)) func pythonsChangeIsAConflict() throws {
        try Self.fixture.withStore(.file) { test in
            let item = try test.store.presentEdit(JoplinNote.self, key: RowKey(.text(Joplin.paris)))
            guard try runPython(test, "c.execute(\"UPDATE notes SET latitude = 48.8584 WHERE id = '\(Joplin.paris)'\")") else { return }
            item.draft.latitude = 48.86
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.fields.map(\.name) == ["latitude"])
            #expect(conflict?.objects.first?.fields.first?.theirs == .real(48.8584))
        }
    }

    @Test func stalenessObservationAndRebase() throws {
        try Self.fixture.withEachKind { test in
            let deliveries = Deliveries<JoplinNote>()
            let observation = test.store.observe(FetchRequest<JoplinNote>.all.filter(\.parentID, equals: Joplin.travel)) {
                deliveries.append($0)
            }
            defer { observation.cancel() }
            waitForObservers(test.store)
            #expect(deliveries.last?.count == 2)
            let context = test.newChildContext()
            var note = try #require(try context.fetch(JoplinNote.self, key: RowKey(.text(Joplin.paris))))
            _ = try context.fetch(Setting.self, key: "sync.target")
            let other = test.newChildContext()
            var theirs = try #require(try other.fetch(JoplinNote.self, key: RowKey(.text(Joplin.paris))))
            theirs.body = "Louvre, Orsay, Rodin"
            try other.update(theirs)
            try other.insert(JoplinNote(id: "n2", parentID: Joplin.travel, title: "Rome", createdTime: 1, updatedTime: 1))
            try other.delete(Setting.self, key: "sync.target")
            try other.save()
            waitForObservers(test.store)
            #expect(deliveries.last?.count == 3)
            let stale = try context.staleObjects()
            #expect(stale.first { $0.table == "notes" }?.fields.map(\.name) == ["body"])
            #expect(stale.first { $0.table == "settings" }?.wasDeleted == true)
            note.title = "Paris, France"
            try context.update(note)
            #expect(try context.rebase().map(\.table) == ["settings"])
            try context.save()
            let saved = try test.store.fetch(JoplinNote.self, key: RowKey(.text(Joplin.paris)))
            #expect(saved?.title == "Paris, France" && saved?.body == "Louvre, Orsay, Rodin")
            waitForObservers(test.store)
            #expect(deliveries.last?.contains { $0.title == "Paris, France" } == true)
        }
    }
}
