extension SQLiteError: Hashable {
    /// Compares codes, message, SQL and arguments.
    /// - Parameters:
    ///   - lhs: One error.
    ///   - rhs: The other error.
    /// - Returns: `true` when every part is the same.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        (lhs.extendedCode, lhs.message, lhs.sql, lhs.arguments) == (rhs.extendedCode, rhs.message, rhs.sql, rhs.arguments)
    }

    /// Hashes the codes and the message.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(extendedCode)
        hasher.combine(message)
    }
}
