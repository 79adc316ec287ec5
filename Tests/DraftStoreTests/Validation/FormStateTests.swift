import DraftStore
import Observation
import Synchronization
import Testing

/// A thread-safe counter for observation callbacks.
private final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ amount: Int) { count.add(amount, ordering: .sequentiallyConsistent) }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// FormState: observation, edits, undo, store errors, freezing.
@Suite("Validation: FormState")
struct ValidationFormStateTests {
    private func makeForm() -> FormState<AuthorForm> {
        FormState(AuthorForm(name: "Mira Okafor", email: "mira@example.com"), validator: AuthorForm.validator)
    }

    @Test("Observation of value fires once per edit")
    func observationOncePerEdit() {
        let form = makeForm()
        let counter = Counter()
        func track() {
            withObservationTracking {
                _ = form.value
            } onChange: {
                counter.add(1)
            }
        }
        track()
        form.value.name = "Mira O"
        #expect(counter.value == 1)
        track()
        form.value.email = "m@example.com"
        #expect(counter.value == 2)
        track()
        form.undo()
        #expect(counter.value == 3)
        track()
        form.freeze()
        form.value.name = "Ignored"
        #expect(counter.value == 3)
        #expect(form.value.name == "Mira O")
    }

    @Test("Observation of canUndo and visibleErrors follows edits")
    func observationOfDerivedState() {
        let form = makeForm()
        let counter = Counter()
        withObservationTracking {
            _ = form.canUndo
        } onChange: {
            counter.add(1)
        }
        form.value.name = "M"
        #expect(counter.value == 1)
        #expect(form.canUndo)
        withObservationTracking {
            _ = form.visibleErrors
        } onChange: {
            counter.add(1)
        }
        form.markSaveAttempted()
        #expect(counter.value == 2)
    }

    @Test("Edits record changed fields by bytes and grow the revision")
    func editsAreRecorded() {
        let form = makeForm()
        #expect(form.revision == 0)
        #expect(form.editedFields.isEmpty)
        form.value.name = "Mira Okafor"  // same bytes: not an edit
        #expect(form.revision == 0)
        #expect(!form.canUndo)
        form.value.name = "Ren\u{00E9}"
        form.value.name = "Rene\u{0301}"  // == in Swift, different bytes: an edit
        #expect(form.revision == 2)
        #expect(form.editedFields == ["name"])
        let changed = AuthorForm.validator.changedFields(
            from: AuthorForm(name: "Ren\u{00E9}"), to: AuthorForm(name: "Rene\u{0301}", email: "x", bio: nil)
        )
        #expect(changed == ["name", "email"])
        #expect(Validator<AuthorForm>.none.changedFields(from: AuthorForm(), to: AuthorForm(name: "x")).isEmpty)
        #expect(Validator<AuthorForm>.none.errors(in: AuthorForm()).isEmpty)
    }

    @Test("Undo: typing a field letter by letter is undone in one step; another field is another step")
    func undoCoalescing() {
        let form = FormState(AuthorForm(), validator: AuthorForm.validator)
        for prefix in ["M", "Mi", "Mir", "Mira"] { form.value.name = prefix }
        form.value.email = "m"
        form.value.email = "mira@example.com"
        form.value.name = "Mira O"

        form.undo()
        #expect(form.value.name == "Mira")
        #expect(form.value.email == "mira@example.com")
        form.undo()
        #expect(form.value.email == "")
        #expect(form.value.name == "Mira")
        form.undo()
        #expect(form.value.name == "")
        #expect(!form.canUndo)
        #expect(form.canRedo)

        form.redo()
        #expect(form.value.name == "Mira")
        form.redo()
        #expect(form.value.email == "mira@example.com")
        form.value.bio = "Poet"
        #expect(!form.canRedo)
        #expect(form.revision == 13)  // 7 edits, 3 undos, 2 redos, 1 edit
    }

    @Test("Undo: an undo ends the run, so the next edit of the same field is its own step")
    func undoBreaksCoalescing() {
        let form = FormState(AuthorForm(), validator: AuthorForm.validator)
        form.value.name = "A"
        form.value.name = "Al"
        form.undo()
        #expect(form.value.name == "")
        form.value.name = "B"
        form.breakUndoCoalescing()
        form.value.name = "Bo"
        form.undo()
        #expect(form.value.name == "B")
    }

    @Test("Store errors show until their field is edited, and block save meanwhile; one of the whole record clears with any edit")
    func storeErrorsClearedOnEdit() {
        let form = makeForm()
        #expect(form.canSave)
        form.setStoreErrors([
            FieldError(field: "email", code: .notUnique, message: "Use another e-mail address: this one belongs to another author"),
            FieldError(field: "", code: .deleted, message: "This author was deleted meanwhile: save it as new or cancel"),
        ])
        #expect(form.storeErrors.allSatisfy { $0.source == .store })
        #expect(!form.canSave)
        #expect(form.visibleErrors(for: "email").map(\.code) == [.notUnique])
        #expect(form.recordErrors.map(\.code) == [.deleted])
        // The record's error is shown, but only the field's blocks Save.
        #expect(form.saveBlockers == ["E-mail: Use another e-mail address: this one belongs to another author"])

        form.value.name = "Mira B. Okafor"
        #expect(form.storeErrors.map(\.code) == [.notUnique])
        form.value.email = "mira.b@example.com"
        #expect(form.storeErrors.isEmpty && form.canSave)
        #expect(form.visibleErrors(for: "email").isEmpty)
    }

    @Test("A frozen form ignores edits, undo and redo")
    func frozenIgnoresEdits() {
        let form = makeForm()
        form.value.name = "Zed"
        form.freeze()
        #expect(form.isFrozen)
        form.value.name = "Other"
        form.undo()
        #expect(form.value.name == "Zed")
        #expect(!form.canUndo)
        #expect(form.revision == 1)
    }
}
