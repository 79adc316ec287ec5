import DraftStore
import Testing

/// FormState's asynchronous checks: answers about an old value are dropped.
@Suite("Validation: FormState asynchronous checks")
@MainActor
struct ValidationFormStateCheckTests {
    private static let taken = FieldError(field: "email", code: .notUnique, message: "Use another e-mail address: this one is taken")

    /// Starts a check of the e-mail field whose answer waits for `gate`, and waits until it is pending.
    private func startGatedCheck(
        on form: FormState<AuthorForm>,
        gate: AsyncStream<Void>
    ) async -> Task<Void, Never> {
        let before = form.pendingCheckCount
        let task = Task { @MainActor in
            await form.check("email") { value in
                for await _ in gate { break }
                return value.email == "mira@example.com" ? Self.taken : nil
            }
        }
        while form.pendingCheckCount == before { await Task.yield() }
        return task
    }

    private func makeForm() -> FormState<AuthorForm> {
        FormState(AuthorForm(name: "Mira Okafor", email: "mira@example.com"), validator: AuthorForm.validator)
    }

    @Test("An answer for the current revision is shown, blocks save, and goes when the field is edited")
    func currentAnswerKept() async {
        let form = makeForm()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = await startGatedCheck(on: form, gate: gate)
        #expect(form.pendingCheckCount == 1)
        open.yield()
        await task.value
        #expect(form.pendingCheckCount == 0)
        #expect(form.visibleErrors(for: "email") == [Self.taken])
        #expect(form.asyncCheckErrors == [Self.taken])
        #expect(!form.canSave)
        #expect(form.saveBlockers == ["E-mail: Use another e-mail address: this one is taken"])

        form.value.name = "Mira O"  // another field: the answer still holds
        #expect(form.visibleErrors(for: "email") == [Self.taken])
        form.value.email = "mira.o@example.com"
        #expect(form.visibleErrors(for: "email").isEmpty)
        #expect(form.canSave)
    }

    @Test("An answer for an old revision is dropped")
    func oldRevisionDropped() async {
        let form = makeForm()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = await startGatedCheck(on: form, gate: gate)
        form.value.name = "Mira O"  // the value moved on while the check was waiting
        open.yield()
        await task.value
        #expect(form.asyncCheckErrors.isEmpty)
        #expect(form.visibleErrors.isEmpty)
        #expect(form.canSave)
        #expect(form.pendingCheckCount == 0)
    }

    @Test("cancelPendingChecks and freeze drop answers that arrive later")
    func cancelledAndFrozenDropped() async {
        let form = makeForm()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let cancelled = await startGatedCheck(on: form, gate: gate)
        form.cancelPendingChecks()
        #expect(form.pendingCheckCount == 0)
        open.yield()
        await cancelled.value
        #expect(form.asyncCheckErrors.isEmpty)

        let (secondGate, openSecond) = AsyncStream<Void>.makeStream()
        let frozen = await startGatedCheck(on: form, gate: secondGate)
        form.freeze()
        openSecond.yield()
        await frozen.value
        #expect(form.asyncCheckErrors.isEmpty)
        #expect(form.canSave)
    }

    @Test("A passing answer clears the field's earlier asynchronous error")
    func passingAnswerClears() async {
        let form = makeForm()
        await form.check("email") { _ in Self.taken }
        #expect(form.asyncCheckErrors == [Self.taken])
        await form.check("email") { _ in nil }
        #expect(form.asyncCheckErrors.isEmpty)
    }
}
