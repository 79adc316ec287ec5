/// The form's status line: one message that belongs to a revision of the value.
///
/// ```swift
/// form.setStatus("Ready to save")            // made for the current revision, say 7
/// form.status?.message                       // "Ready to save"
/// form.value.name = "Mira O."                // revision 8
/// form.status                                // nil: the message was about revision 7
/// ```
extension FormState {
    /// The status made for the current ``revision``; `nil` when none was set, or the value was
    /// edited since (undo and redo included).
    public var status: FormStatus? {
        guard let record = observed.statusRecord, record.revision == revision else { return nil }
        return record
    }

    /// Sets the status, replacing the previous one.
    /// - Parameters:
    ///   - message: The message, in words.
    ///   - kind: The kind of news.
    ///   - revision: The revision the message is about; the current one when `nil`. A message
    ///     computed for an older revision is kept but never shown.
    /// - Returns: The status as recorded.
    @discardableResult
    public func setStatus(_ message: String, kind: FormStatus.Kind = .info, revision: Int? = nil) -> FormStatus {
        let record = FormStatus(message, kind: kind, revision: revision ?? self.revision)
        observed.statusRecord = record
        return record
    }

    /// Removes the status.
    public func clearStatus() {
        if observed.statusRecord != nil { observed.statusRecord = nil }
    }
}
