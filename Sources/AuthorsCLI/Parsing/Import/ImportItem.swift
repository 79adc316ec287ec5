/// One item of an import file, as a reader streams them: a record, or a record it rejected.
enum ImportItem: Sendable, Equatable {
    /// A record read; `withoutBio` when the file says nothing of a bio for it (a CSV file
    /// without a bio column, a JSON object without the key): an update keeps the stored bio.
    case record(ImportRecord, withoutBio: Bool)
    /// A record that could not be read; the rest of the file still is.
    case rejection(ImportRejection)
}
