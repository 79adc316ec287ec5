import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Cases C1–C2 of /work/shared/cases/README.md.
@Suite("Cases: staleness and conflicts (C1–C2)")
struct ConflictCaseTests {
    @Test("C1: no lost update — A changes only the e-mail: B's name and A's e-mail both kept")
    func c1NoLostUpdate() throws {
        try seeded.withEachKind { test in
            let a = try test.store.presentEdit(Author.self, id: 1)
            let b = try test.store.presentEdit(Author.self, id: 1)
            b.draft.name = "Mira B."
            try b.save()
            let stale = try #require(try a.staleness())
            #expect(stale.fields.map(\.name) == ["name"])
            a.draft.email = "mira.a@example.com"
            try a.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira B.")
            #expect(stored.email == "mira.a@example.com")
        }
    }

    @Test("C1: A also changed the name: the default policy throws base / mine / theirs and writes nothing")
    func c1BothChangedName() throws {
        try seeded.withEachKind { test in
            let a = try test.store.presentEdit(Author.self, id: 1)
            let b = try test.store.presentEdit(Author.self, id: 1)
            b.draft.name = "Mira B."
            try b.save()
            a.draft.name = "Mira A."
            a.draft.email = "mira.a@example.com"
            expectUnchanged(test.store) {
                let conflict = expectConflict(on: \Author.name) { try a.save() }
                let field = conflict?.objects.first?.fields.first
                #expect(field?.base == .text("Mira Okafor"))
                #expect(field?.mine == .text("Mira A."))
                #expect(field?.theirs == .text("Mira B."))
                #expect(conflict?.objects.first?.fields.count == 1)
            }
            #expect(!a.isFinished)
            #expect(a.saveFailure != nil)
            #expect(a.draft.name == "Mira A." && a.draft.email == "mira.a@example.com")
            // Deciding for mine after a rebase saves.
            let undecided = try a.rebase()
            #expect(undecided?.fields.map(\.name) == ["name"])
            #expect(a.draft.name == "Mira A.")
            try a.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira A." && stored.email == "mira.a@example.com")
        }
    }

    @Test("C2: a staleness check never drops unsaved edits")
    func c2RefreshKeepsEdits() throws {
        try seeded.withEachKind { test in
            let a = try test.store.presentEdit(Author.self, id: 1)
            a.draft.name = "Mira A."
            let other = try test.store.presentEdit(Author.self, id: 1)
            other.draft.email = "fresh@example.com"
            try other.save()
            let stale = try #require(try a.staleness())
            #expect(stale.fields.map(\.name) == ["email"])
            #expect(stale.fields.first?.theirs == .text("fresh@example.com"))
            #expect(a.draft.name == "Mira A.")
            #expect(try a.context.fetch(Author.self, id: 1)?.name == "Mira A.")
            // Rebasing takes their e-mail and keeps my name, with nothing to decide.
            #expect(try a.rebase() == nil)
            #expect(a.draft.name == "Mira A." && a.draft.email == "fresh@example.com")
            try a.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira A." && stored.email == "fresh@example.com")
        }
    }
}
