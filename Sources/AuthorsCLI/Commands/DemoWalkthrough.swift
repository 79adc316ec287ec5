import Bookshelf
import DraftStore

/// The narrated steps of `authors demo` on its new database: what each does, and the table after it.
struct DemoWalkthrough {
    /// Where the narration goes.
    let console: Console
    /// The demo's store.
    let store: DraftStore
    /// The database file, for the second store that makes a conflict.
    let file: String

    /// Runs the five steps.
    func run() throws {
        step("1. Add an author. The form opens on a blank draft in its own child context.")
        let add = try store.presentNew(Author())
        say("The form is fresh: no error is shown yet (visible errors: \(add.visibleErrors.count)).")
        add.draft.name = "O"
        add.draft.email = "octavia@"
        say("Typed name \"O\" and e-mail \"octavia@\". Errors shown next to the edited fields:")
        for error in add.visibleErrors { say("   \(error.field): \(error.message)") }
        say("Save is disabled because: \(add.saveBlockers.joined(separator: "; ")).")
        add.draft.name = "  Octavia Butler "
        add.draft.email = "octavia@example.com"
        let octavia = try add.save().entity
        say("Fixed both and saved (the name is stored trimmed): \(Rendering.line(octavia))")
        let jon = try { () throws -> Author in
            let item = try store.presentNew(Author(name: "Jon Bay", email: "jon@example.com"))
            return try item.save().entity
        }()
        say("Added a second author the same way: \(Rendering.line(jon))")
        try table()

        step("2. Edit and cancel. The draft lives in a child context; cancel just drops it.")
        let cancelled = try store.presentEdit(Author.self, id: octavia.id!)
        cancelled.draft.name = "Zed"
        say("Draft renamed to \"Zed\"; the context has changes: \(cancelled.context.hasChanges).")
        say("A fetch from the store meanwhile still sees: \(try store.fetch(Author.self, id: octavia.id!)!.name)")
        try cancelled.cancel()
        say("Cancelled: no SQL ran, nothing was written.")
        try table()

        step("3. Edit and save. Every keystroke is already in the draft; Save writes one transaction.")
        let edit = try store.presentEdit(Author.self, id: octavia.id!)
        edit.draft.bio = "Wrote Kindred and the Parable novels."
        let edited = try edit.save().entity
        say("Saved: \(Rendering.line(edited))")
        try table()

        step(
            "4. A conflict. While a draft is open, someone else (a second store on the file, as another process would open it) changes the row."
        )
        let mine = try store.presentEdit(Author.self, id: octavia.id!)
        mine.draft.name = "Octavia E. Butler"
        // A second store on the same file, as another process of the app would open it.
        let other = try CommandSession.openStore(file)
        let theirs = try other.presentEdit(Author.self, id: octavia.id!)
        theirs.draft.name = "O. E. Butler"
        theirs.draft.bio = "American science-fiction author."
        try theirs.save()
        other.close()
        say("My draft renames her to \"Octavia E. Butler\"; the other writer renamed her to \"O. E. Butler\" and changed the bio.")
        do {
            try mine.save()
        } catch {
            guard case let .conflict(conflict) = error else { throw error }
            say("Save refused, nothing written. The conflict, field by field:")
            for object in conflict.objects {
                for field in object.fields {
                    say("   \(field.name): \(Rendering.sides(field, base: "base"))")
                }
            }
        }
        let undecided = try mine.rebase()
        say(
            "Rebased: their bio is taken (only they changed it); the name, changed on both sides, keeps mine: \(undecided?.fields.map(\.name).joined(separator: ", ") ?? "nothing") to decide."
        )
        say("Decision: keep mine for the name.")
        let resolved = try mine.save().entity
        say("Saved: \(Rendering.line(resolved))")
        try table()

        step("5. A duplicate e-mail, in another case. Local rules pass; the store's unique index refuses it.")
        let duplicate = try store.presentNew(Author(name: "Someone Else", email: "OCTAVIA@Example.com"))
        do {
            try duplicate.save()
        } catch {
            guard case let .rejected(errors) = error else { throw error }
            for field in errors { say("Refused by the database — \(field.field): \(field.message)") }
        }
        say("Nothing was written and the draft kept every edit. Changing the e-mail clears the error:")
        duplicate.draft.email = "someone@example.com"
        say("visible errors now: \(duplicate.visibleErrors.count)")
        let someone = try duplicate.save().entity
        say("Saved: \(Rendering.line(someone))")
        try table()
    }

    /// Prints a step's heading.
    func step(_ text: String) {
        console.print()
        console.print("== " + text)
    }

    private func say(_ text: String) { console.print("   " + text) }

    private func table() throws {
        console.print("   The database now holds:")
        for author in try store.fetch(FetchRequest<Author>.all) { console.print("     " + Rendering.line(author)) }
    }
}
