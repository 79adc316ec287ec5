extension DraftStore {
    /// Why the writer connection cannot take a save, as a misuse by the program rather than
    /// a storage failure: the store was closed, or the caller left a transaction open on it
    /// (through ``withWriterConnection(_:)``) that the save would silently join. `nil` when usable.
    /// Called with the write lock held.
    static func misuse(of connection: Connection) -> Misuse? {
        if connection.isClosed { return .storeClosed }
        if connection.isInTransaction, !connection.runsInsideOuterTransaction { return .transactionOpen }
        return nil
    }
}
