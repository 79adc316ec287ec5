/// Asks SQLite how it stores a value in a column of a given affinity, for the cases
/// ``Affinity/storedForm(of:)`` leaves to SQLite (text that may read as a number, a real
/// stored as text, whole reals near the integer range's ends).
///
/// It stores the value into a column of that affinity of a private in-memory database and
/// reads back what SQLite kept, so the answer is SQLite's own, for this library version.
final class AffinityOracle: Sendable {
    private let connection = Lock<Connection?>(nil)

    /// The value as a column of `affinity` stores it.
    /// - Throws: ``SQLiteError`` when the in-memory database cannot be opened (out of memory).
    func storedForm(of value: SQLiteValue, affinity: Affinity) throws(SQLiteError) -> SQLiteValue {
        if let known = affinity.storedForm(of: value) { return known }
        return try connection.withLock { (slot: inout Connection?) throws(SQLiteError) -> SQLiteValue in
            if slot == nil {
                let opened = try Connection(path: nil)
                try opened.execute("CREATE TABLE probe(INTEGER INTEGER, TEXT TEXT, BLOB BLOB, REAL REAL, NUMERIC NUMERIC)")
                slot = opened
            }
            let column = affinity.rawValue
            let stored = try slot!.scalar("INSERT INTO probe(\(column)) VALUES (?) RETURNING \(column)", [value]) ?? value
            try slot!.run("DELETE FROM probe")
            return stored
        }
    }
}
