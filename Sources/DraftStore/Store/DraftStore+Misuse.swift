import Synchronization

extension DraftStore {
    /// Why the writer connection cannot take a save, as a misuse by the program rather than
    /// a storage failure: the store was closed, or the caller left a transaction open on it
    /// (through `withWriterConnection(_:)`) that the save would silently join. `nil` when usable.
    /// Called with the write lock held.
    func misuse(of connection: Connection) -> Misuse? {
        if connection.isClosed { return .storeClosed }
        if connection.isInTransaction, !holdsOuterTransaction.load(ordering: .relaxed) { return .transactionOpen }
        return nil
    }

    /// Opens a transaction on the writer that outlives the saves made inside it (a test
    /// harness's rollback isolation): each save becomes a savepoint of it, until
    /// ``endOuterTransaction()`` rolls everything back.
    /// - Throws: ``SQLiteError`` when BEGIN fails (a transaction is already open).
    @_spi(Testing) public func beginOuterTransaction() throws {
        try withWriterConnection { connection in
            try connection.execute("BEGIN IMMEDIATE")
            holdsOuterTransaction.store(true, ordering: .relaxed)
        }
    }

    /// Rolls back the transaction ``beginOuterTransaction()`` opened, and every save made in it.
    @_spi(Testing) public func endOuterTransaction() {
        _ = try? withWriterConnection { connection in
            connection.rollbackIfOpen()
            holdsOuterTransaction.store(false, ordering: .relaxed)
        }
    }

    /// Whether the store runs inside ``beginOuterTransaction()``'s transaction, where real
    /// commits and second connections do not exist.
    @_spi(Testing) public var runsInsideOuterTransaction: Bool { holdsOuterTransaction.load(ordering: .relaxed) }
}
