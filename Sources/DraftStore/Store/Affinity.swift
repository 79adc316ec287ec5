/// A column's type affinity: how SQLite converts a value stored into it.
///
/// The affinity comes from the column's declared type by SQLite's five rules, in order
/// ([Determination Of Column Affinity](https://www.sqlite.org/datatype3.html#determination_of_column_affinity)).
/// In a `STRICT` table, `ANY` keeps every value as it is.
enum Affinity: String, Sendable {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"

    /// The affinity of a declared type (`PRAGMA table_xinfo`'s `type`).
    /// - Parameters:
    ///   - declaredType: The type as declared, such as `NVARCHAR(160)` or `NUMERIC(10,2)`.
    ///   - strict: Whether the table is `STRICT` (then `ANY` converts nothing).
    init(declaredType: String, strict: Bool) {
        // Matched over ASCII-uppercased UTF-8 bytes, as SQLite's own `sqlite3AffinityType`
        // does, rather than through `String.uppercased()` and `contains` (9,000 instructions a
        // column when a store opens, W7).
        let type = declaredType.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        func has(_ word: StaticString) -> Bool {
            word.withUTF8Buffer { word in
                guard type.count >= word.count else { return false }
                return (0...(type.count - word.count)).contains { start in word.indices.allSatisfy { type[start + $0] == word[$0] } }
            }
        }
        if has("INT") {
            self = .integer
        } else if has("CHAR") || has("CLOB") || has("TEXT") {
            self = .text
        } else if has("BLOB") || type.isEmpty || (strict && type.elementsEqual("ANY".utf8)) {
            self = .blob
        } else if has("REAL") || has("FLOA") || has("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// The value as SQLite stores it in a column of this affinity, when that can be told
    /// without SQLite; `nil` when only SQLite can tell (text that may read as a number, a
    /// real stored as text), see ``AffinityOracle``.
    ///
    /// A REAL with no fractional part goes into an INTEGER or NUMERIC column as an integer
    /// (`-0.0` as `0`); an INTEGER into a REAL
    /// column reads back as a real; an INTEGER into a TEXT column becomes its decimal text.
    /// - Complexity: O(1), or O(*n*) in a text's length.
    func storedForm(of value: SQLiteValue) -> SQLiteValue? {
        switch (self, value) {
        case (.blob, _), (_, .null), (_, .blob): return value
        case let (.integer, .real(real)), let (.numeric, .real(real)):
            // A fraction stays real, a whole number well inside the integer range becomes an
            // integer; near ±2⁶³ the rule differs between SQLite versions, so SQLite is asked.
            if real.rounded() != real, real.isFinite { return value }
            guard real.magnitude < 2_251_799_813_685_248 else { return nil }
            return .integer(Int64(real))
        case (.integer, .integer), (.numeric, .integer), (.real, .real), (.text, .text): return value
        case let (.real, .integer(integer)): return .real(Double(integer))
        case let (.text, .integer(integer)): return .text(String(integer))
        case (.text, .real): return nil
        case let (_, .text(text)): return Affinity.mayReadAsNumber(text) ? nil : value
        }
    }

    /// Whether text may be converted to a number by a numeric affinity: its first character
    /// that is not a space is a digit, a sign or a point. Anything else stays text.
    static func mayReadAsNumber(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: continue
            case 0x30...0x39, 0x2B, 0x2D, 0x2E: return true
            default: return false
            }
        }
        return false
    }
}
