import DraftStore

extension TestDatabase {
    /// How many entries the draft journal holds (0 when it has no table yet), read by a second connection.
    func journalEntries() throws -> Int64 {
        let connection = try Connection(path: path)
        defer { connection.close() }
        guard try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'draftstore_drafts'") == .integer(1) else { return 0 }
        guard case let .integer(count) = try connection.scalar("SELECT count(*) FROM draftstore_drafts") else { return -1 }
        return count
    }
}
