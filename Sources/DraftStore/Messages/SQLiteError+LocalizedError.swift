import Foundation

// The SQLite layer builds no sentences: the words of its error come from the message provider,
// which lives above it.
extension SQLiteError: LocalizedError {
    /// The ``Messages`` provider's words for it (``MessageProvider/sqlite(_:)``): what is wrong and
    /// whether trying again can help. ``description`` keeps the technical text, for logs.
    public var errorDescription: String? { Messages.provider.sqlite(self) }
}
