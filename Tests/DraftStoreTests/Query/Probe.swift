import DraftStore
import Foundation

/// Every value as SQLite keeps it, for a column of no declared type that holds all storage classes.
extension SQLiteValue: DatabaseValueConvertible {
    /// The value itself.
    public var sqliteValue: SQLiteValue { self }
    /// The stored value, whatever its class.
    public init?(sqliteValue: SQLiteValue) { self = sqliteValue }
}

/// The table of the differential query test: one column per affinity, the three built-in
/// collations, text that a NUMERIC column turns into numbers, and a column of no type that
/// holds every storage class.
struct Probe: Entity, Equatable {
    var id: Int64?
    /// Unique, set by the test: identifies a row before and after its save.
    var tag: Int64 = 0
    var i: Int64?
    var r: Double?
    var n: Double?
    /// Text in a NUMERIC column: what reads as a number is stored as one.
    var x: SQLiteValue = .null
    var t: String?
    var tn: String?
    var tr: String?
    var v: SQLiteValue = .null

    static let sql = """
        CREATE TABLE probe(
            id INTEGER PRIMARY KEY, tag INTEGER NOT NULL UNIQUE, i INTEGER, r REAL, n NUMERIC, x NUMERIC,
            t TEXT, tn TEXT COLLATE NOCASE, tr TEXT COLLATE RTRIM, v);
        """

    static let schema = EntitySchema<Probe>(
        table: "probe",
        columns: [
            .primaryKey("id", \.id), .column("tag", \.tag), .column("i", \.i), .column("r", \.r), .column("n", \.n),
            .column("x", \.x), .column("t", \.t), .column("tn", \.tn), .column("tr", \.tr), .column("v", \.v),
        ])

    /// The values as bound to an `INSERT INTO probe (tag, i, r, n, x, t, tn, tr, v)`.
    var arguments: [SQLiteValue] {
        [tag.sqliteValue, i.sqliteValue, r.sqliteValue, n.sqliteValue, x, t.sqliteValue, tn.sqliteValue, tr.sqliteValue, v]
    }
}
