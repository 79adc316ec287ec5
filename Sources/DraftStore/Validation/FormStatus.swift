/// A message about a form that belongs to one revision of its value, such as "Ready to save"
/// or "Not saved: the row changed elsewhere".
///
/// A status is kept with the ``FormState/revision`` it was made for, and ``FormState/status``
/// shows it only while the value is still at that revision: a "Ready" made for revision 7 is
/// not shown at revision 8, and an answer computed for an older value cannot overwrite what the
/// person sees now.
public struct FormStatus: Sendable, Equatable {
    /// What kind of news a status is, so a UI can choose its words' style (never its only cue).
    public enum Kind: Sendable, Equatable {
        /// Neutral information ("Ready to save").
        case info
        /// Something succeeded.
        case success
        /// Something failed or was refused.
        case failure
    }

    /// The message, in words.
    public let message: String
    /// The kind of news.
    public let kind: Kind
    /// The revision of the value the message is about.
    public let revision: Int

    /// Makes a status.
    /// - Parameters:
    ///   - message: The message, in words.
    ///   - kind: The kind of news.
    ///   - revision: The ``FormState/revision`` the message is about.
    public init(_ message: String, kind: Kind = .info, revision: Int) {
        self.message = message
        self.kind = kind
        self.revision = revision
    }
}
