/// Whether a ``PresentedItem`` is open, saved or cancelled: its ``PresentedItem/Outcome``
/// without the saved entity, declared outside the generic class so that reading it needs no
/// generic metadata.
enum PresentationEnding: UInt8, Sendable {
    /// Neither saved nor cancelled yet.
    case open
    /// Saved; the entity is kept beside it.
    case saved
    /// Cancelled; nothing was written.
    case cancelled
}
