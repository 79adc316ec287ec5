import DraftStore
import Testing

/// FormState without a terminal: field order, focus and visited fields, the field needing
/// attention after a refused save, and a status that belongs to a revision.
@Suite("Validation: FormState focus and status")
struct FormStateFocusTests {
    private func makeForm(_ value: AuthorForm = AuthorForm(name: "Mira Okafor", email: "mira@example.com")) -> FormState<AuthorForm> {
        FormState(value, validator: AuthorForm.validator)
    }

    @Test("Field order is the validator's declaration order, and Tab wraps both ways")
    func fieldOrder() {
        let form = makeForm()
        #expect(form.fieldOrder == ["name", "email", "bio"])
        #expect(form.field(after: nil) == "name")
        #expect(form.field(after: "name") == "email")
        #expect(form.field(after: "email") == "bio")
        #expect(form.field(after: "bio") == "name")
        #expect(form.field(before: "name") == "bio")
        #expect(form.field(before: "bio") == "email")
        #expect(form.field(before: nil) == "bio")
        #expect(form.field(after: "unknown") == "name")
        let empty = FormState(AuthorForm(), validator: .none)
        #expect(empty.fieldOrder.isEmpty)
        #expect(empty.field(after: nil) == nil)
        #expect(empty.field(before: "name") == nil)
    }

    @Test("A field focused and left without a change shows its error")
    func visitedWithoutChange() {
        let form = makeForm(AuthorForm())
        form.focus("name")
        #expect(form.visibleErrors.isEmpty)
        form.focus("email")
        #expect(form.visitedFields == ["name"])
        #expect(form.visibleErrors.map(\.field) == ["name"])
        #expect(form.editedFields.isEmpty)
        form.focus(nil)
        #expect(form.visibleErrors.map(\.field) == ["name", "email"])
        #expect(form.focusedField == nil)
    }

    @Test("The error of the field being typed into waits until the focus leaves it")
    func errorWaitsForBlur() {
        let form = makeForm()
        form.focus("email")
        form.value.email = "mira@"
        #expect(form.editedFields.contains("email"))
        #expect(form.visibleErrors(for: "email").isEmpty)
        #expect(!form.canSave)
        form.focus("bio")
        #expect(form.visibleErrors(for: "email").map(\.code) == [.invalidEmail])
        // Back in the field, the error stays live while typing: fixed, it goes away at once.
        form.focus("email")
        #expect(form.visibleErrors(for: "email").count == 1)
        form.value.email = "mira@example.org"
        #expect(form.visibleErrors(for: "email").isEmpty)
    }

    @Test("Without focus reports, an edited field's error shows at once; a save attempt shows every error")
    func withoutFocusAndAfterSaveAttempt() {
        let plain = makeForm()
        plain.value.name = "M"
        #expect(plain.visibleErrors.map(\.field) == ["name"])
        let focused = makeForm(AuthorForm())
        focused.focus("name")
        focused.value.name = "M"
        #expect(focused.visibleErrors.isEmpty)
        focused.markSaveAttempted()
        #expect(focused.visibleErrors.map(\.field) == ["name", "email"])
    }

    @Test("Moving the focus ends an undo step; a frozen form ignores focus")
    func focusAndUndo() {
        let form = makeForm()
        form.focus("name")
        form.value.name = "Mira A"
        form.focus("email")
        form.focus("name")
        form.value.name = "Mira AB"
        form.undo()
        #expect(form.value.name == "Mira A")
        form.freeze()
        form.focus("bio")
        #expect(form.focusedField == "name")
    }

    @Test("The first field needing attention follows field order, over local and store errors")
    func firstFieldNeedingAttention() {
        let form = makeForm(AuthorForm(name: "Mira Okafor", email: "bad"))
        form.value.bio = String(repeating: "x", count: 2001)
        #expect(form.fieldsNeedingAttention == ["email", "bio"])
        #expect(form.firstFieldNeedingAttention == "email")
        form.value.email = "mira@example.com"
        #expect(form.firstFieldNeedingAttention == "bio")
        form.value.bio = nil
        #expect(form.firstFieldNeedingAttention == nil)
        form.setStoreErrors([
            FieldError(field: "id", code: .deleted, message: "Deleted"),
            FieldError(field: "email", code: .notUnique, message: "Taken"),
        ])
        #expect(form.firstFieldNeedingAttention == "email")
        form.value.email = "other@example.com"
        #expect(form.firstFieldNeedingAttention == nil)
    }

    @Test("A status made for revision 7 is not shown at revision 8")
    func statusBelongsToRevision() {
        let form = makeForm()
        for index in 1...7 { form.value.name = "Mira \(index)" }
        #expect(form.revision == 7)
        let ready = form.setStatus("Ready to save")
        #expect(ready.revision == 7)
        #expect(form.status == FormStatus("Ready to save", revision: 7))
        form.value.name = "Mira 8"
        #expect(form.revision == 8)
        #expect(form.status == nil)
        // An answer about an older revision, arriving late, is not shown either.
        form.setStatus("Ready (late)", kind: .success, revision: 7)
        #expect(form.status == nil)
        form.setStatus("Saved", kind: .success)
        #expect(form.status?.kind == .success)
        // A value set that changes no field keeps the revision, and the status.
        form.value.name = "Mira 8"
        #expect(form.status?.message == "Saved")
        form.undo()
        #expect(form.status == nil)
        form.clearStatus()
        form.redo()
        #expect(form.status == nil)
    }

    @Test("The article's example: focus, visited fields, the field needing attention, a status of its revision")
    func articleExample() {
        let form = FormState(AuthorForm(), validator: AuthorForm.validator)
        // snippet: form-focus
        form.focus("name")  // the person is in the name field
        form.value.name = "A"
        #expect(form.visibleErrors.isEmpty)  // still typing: no error yet
        form.focus("email")  // left: the name's error shows
        #expect(form.visibleErrors.map(\.field) == ["name"])
        form.focus(form.field(after: "email"))  // Tab, in field order: the e-mail, left unchanged, shows its error
        #expect(form.visibleErrors.map(\.field) == ["name", "email"])

        form.markSaveAttempted()  // Save pressed, and refused:
        #expect(form.firstFieldNeedingAttention == "name")  // focus this field
        form.setStatus("Not saved: 2 problems to fix first.", kind: .failure)
        form.value.name = "Ada Lovelace"  // the next edit makes the message stale
        #expect(form.status == nil)
        // snippet: end
    }
}
