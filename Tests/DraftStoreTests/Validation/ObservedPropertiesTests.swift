import Bookshelf
import Observation
import Synchronization
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Every observed property of a form and of an item notifies its observers when the action
/// that changes it runs: the properties are the `@Observable` macro's, with no accessor
/// written by hand that a new property could miss.
@Suite("Observation: every observed property notifies")
@MainActor
struct ObservedPropertiesTests {
    /// Whether `change` notifies an observer that made the reads of `read`.
    private func notifies(_ read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
        let fired = Atomic<Bool>(false)
        withObservationTracking(read) { fired.store(true, ordering: .relaxed) }
        try change()
        return fired.load(ordering: .relaxed)
    }

    private func makeForm() -> FormState<AuthorForm> {
        FormState(AuthorForm(name: "Mira Okafor", email: "mira@example.com"), validator: AuthorForm.validator)
    }

    @Test("FormState: each public state, read by a view, is told of the action that changes it")
    func formState() {
        typealias Form = FormState<AuthorForm>
        let stored = FieldError(field: "email", code: "taken", message: "Taken", source: .store)
        let cases: [(String, (Form) -> Void, (Form) -> Void)] = [
            ("value", { _ = $0.value }, { $0.value.name = "Mira O" }),
            ("editedFields", { _ = $0.editedFields }, { $0.value.name = "Mira O" }),
            ("revision", { _ = $0.revision }, { $0.value.name = "Mira O" }),
            ("errors", { _ = $0.errors }, { $0.value.name = "M" }),
            ("saveAttempted", { _ = $0.saveAttempted }, { $0.markSaveAttempted() }),
            ("storeErrors", { _ = $0.storeErrors }, { $0.setStoreErrors([stored]) }),
            ("recordErrors", { _ = $0.recordErrors }, { $0.setStoreErrors([stored]) }),
            ("canSave", { _ = $0.canSave }, { $0.value.name = "M" }),
            ("isFrozen", { _ = $0.isFrozen }, { $0.freeze() }),
            ("canUndo", { _ = $0.canUndo }, { $0.value.name = "Mira O" }),
            ("visitedFields", { _ = $0.visitedFields }, { $0.markVisited("name") }),
            ("focusedField", { _ = $0.focusedField }, { $0.focus("name") }),
            ("status", { _ = $0.status }, { _ = $0.setStatus("Saved") }),
        ]
        for (name, read, change) in cases {
            let form = makeForm()
            #expect(notifies({ read(form) }, when: { change(form) }), "\(name)")
        }
        let blank = FormState(AuthorForm(), validator: AuthorForm.validator)
        #expect(notifies({ _ = blank.visibleErrors }, when: { blank.markSaveAttempted() }), "visibleErrors")
        #expect(blank.visibleErrors.count == 2)
        let form = makeForm()
        form.value.name = "Mira O"
        #expect(notifies({ _ = form.canRedo }, when: { form.undo() }), "canRedo")
        #expect(notifies({ _ = form.value }, when: { form.redo() }), "value after redo")
    }

    @Test("FormState: asynchronous checks notify their count and their errors")
    func asyncChecks() async {
        let form = makeForm()
        let counted = Atomic<Int>(0)
        withObservationTracking {
            _ = form.pendingCheckCount
        } onChange: {
            counted.add(1, ordering: .relaxed)
        }
        let taken = FieldError(field: "email", code: "taken", message: "Taken")
        let answered = Atomic<Bool>(false)
        withObservationTracking {
            _ = form.asyncCheckErrors
        } onChange: {
            answered.store(true, ordering: .relaxed)
        }
        await form.check("email") { _ in taken }
        let changes = counted.load(ordering: .relaxed)
        let wasAnswered = answered.load(ordering: .relaxed)
        #expect(changes == 1)
        #expect(wasAnswered)
        #expect(form.asyncCheckErrors == [taken])
    }

    @Test("PresentedItem: draft, outcome, isFinished, changedElsewhere and saveFailure notify")
    func presentedItem() throws {
        let store = try Bookshelf.openStore(path: nil)
        let seed = store.newChildContext()
        try seed.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try seed.save()

        let item = try store.presentEdit(Author.self, id: 1)
        #expect(notifies({ _ = item.draft }, when: { item.draft.name = "Mira O" }), "draft")
        let other = store.newChildContext()
        var theirs = try #require(try other.fetch(Author.self, id: 1))
        theirs.name = "Mira Theirs"
        try other.update(theirs)
        try other.save()
        #expect(notifies({ _ = item.changedElsewhere }, when: { item.refreshChangedElsewhere() }), "changedElsewhere")
        #expect(notifies({ _ = item.saveFailure }, when: { _ = try? item.save() }), "saveFailure")
        #expect(item.saveFailure != nil)
        #expect(try notifies({ _ = item.outcome }, when: { try item.cancel() }), "outcome")

        let added = try store.presentNew(Author(name: "Ann Lee", email: "ann@example.com"))
        #expect(try notifies({ _ = added.isFinished }, when: { _ = try added.save() }), "isFinished")
        if case .saved(let saved)? = added.outcome { #expect(saved.id == 2) } else { Issue.record("not saved") }
    }
}
