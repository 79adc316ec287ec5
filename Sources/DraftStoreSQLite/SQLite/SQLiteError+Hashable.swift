extension SQLiteError: Hashable {
    /// Compares codes, message, SQL, arguments and whether it failed at COMMIT.
    /// - Parameters:
    ///   - lhs: One error.
    ///   - rhs: The other error.
    /// - Returns: `true` when every part is the same.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        (lhs.extendedCode, lhs.message, lhs.sql, lhs.arguments, lhs.failedAtCommit)
            == (rhs.extendedCode, rhs.message, rhs.sql, rhs.arguments, rhs.failedAtCommit)
    }

    /// Hashes the codes and the message.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(extendedCode)
        hasher.combine(message)
    }
}
