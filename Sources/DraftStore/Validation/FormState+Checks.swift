/// Asynchronous checks: rules that need an answer from elsewhere, such as "is this e-mail
/// address still free?" asked of a server or the store.
///
/// An answer is about the value it was asked for. It is dropped when, by the time it arrives,
/// the value has been edited (``FormState/revision`` moved), the form was frozen, the checks were
/// cancelled with ``FormState/cancelPendingChecks()``, or the task was cancelled. A kept error is
/// shown in ``FormState/visibleErrors`` and blocks ``FormState/canSave`` until its field is edited;
/// a kept `nil` answer clears the field's earlier asynchronous error.
extension FormState {
    /// Runs an asynchronous check of the current value and keeps its answer if it is still current.
    ///
    /// ```swift
    /// await form.check("email") { value in
    ///     await directory.isTaken(value.email)
    ///         ? FieldError(field: "email", code: .notUnique, message: "Use another e-mail address: this one is taken")
    ///         : nil
    /// }
    /// ```
    ///
    /// The form is used only on the caller's isolation (`isolation`, by default the caller's
    /// actor); the rule runs there too, and may hop elsewhere for its own work.
    /// - Parameters:
    ///   - field: The ``FieldDescriptor/name`` of the field the answer is about.
    ///   - isolation: The actor the form belongs to; leave the default.
    ///   - rule: Gets a copy of the value as it was when the check started; returns an error, or
    ///     `nil` when the value is acceptable.
    public func check(
        _ field: String,
        isolation: isolated (any Actor)? = #isolation,
        using rule: nonisolated(nonsending) (Value) async -> FieldError?
    ) async {
        guard !isFrozen else { return }
        let startRevision = revision
        let generation = checkGeneration
        observed.pendingCheckCount += 1
        let answer = await rule(current)
        guard generation == checkGeneration else { return }  // cancelled: the count was reset
        observed.pendingCheckCount -= 1
        guard startRevision == revision, !isFrozen, !Task.isCancelled else { return }
        if let answer {
            observed.asyncErrors[field] = answer
        } else if observed.asyncErrors[field] != nil {
            observed.asyncErrors[field] = nil
        }
    }

    /// Drops the answers of every check started so far, whenever they arrive.
    public func cancelPendingChecks() {
        checkGeneration += 1
        if pendingCheckCount != 0 { observed.pendingCheckCount = 0 }
    }

    /// The errors of asynchronous checks now kept, one per field, sorted by field name.
    public var asyncCheckErrors: [FieldError] {
        observed.asyncErrors.keys.sorted().compactMap { observed.asyncErrors[$0] }
    }
}
