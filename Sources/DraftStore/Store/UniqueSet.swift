/// A set of columns whose values no two rows may share: the primary key, or a UNIQUE index
/// or constraint, read with `PRAGMA index_list` and `PRAGMA index_xinfo`.
///
/// Only sets over plain columns of the entity's snapshot are kept, without a `WHERE` clause:
/// for an expression or a partial index, Swift cannot tell which rows collide (SQLite still
/// enforces it at save).
struct UniqueSet: Sendable {
    /// The index name, or `PRIMARY KEY`.
    let name: String
    /// The snapshot columns, in index order.
    let columns: [Int]
    /// Per column, whether values compare ignoring ASCII case (`NOCASE`) or trailing spaces (`RTRIM`).
    let collations: [String]

    /// The set's value in a snapshot, as its collations compare it; `nil` when a column is
    /// NULL (NULLs never collide in SQLite's UNIQUE).
    func value(in values: [SQLiteValue]) -> [SQLiteValue]? {
        var result: [SQLiteValue] = []
        result.reserveCapacity(columns.count)
        for (position, column) in columns.enumerated() {
            let value = values[column]
            if value.isNull { return nil }
            guard case let .text(text) = value else {
                result.append(value)
                continue
            }
            switch collations[position] {
            case "NOCASE": result.append(.text(String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)))
            case "RTRIM": result.append(.text(String(text.reversed().drop { $0 == " " }.reversed())))
            default: result.append(value)
            }
        }
        return result
    }

    /// The key and every unique index of a table that the snapshot covers, and whether SQLite
    /// made an index for the primary key — which it does for every PRIMARY KEY except a rowid
    /// alias (`INTEGER PRIMARY KEY`, not `INT`, not a column declared `PRIMARY KEY DESC`), see
    /// [ROWIDs and the INTEGER PRIMARY KEY](https://www.sqlite.org/lang_createtable.html#rowid).
    static func load(for schema: TableSchema, on connection: Connection) throws -> (sets: [UniqueSet], keyHasIndex: Bool) {
        var sets = [UniqueSet(name: "PRIMARY KEY", columns: schema.keyColumns, collations: schema.keyColumns.map { _ in "BINARY" })]
        // PRAGMA statements, not their table-valued forms: see ``Connection/pragma(_:of:schema:map:)``.
        // index_list: seq, name, unique, origin, partial; index_xinfo: seqno, cid, name, desc, coll, key (in seqno order).
        let indexes = try connection.pragma("index_list", of: schema.name) {
            (name: try $0.text(at: 1), origin: try $0.text(at: 3), unique: $0.int64(at: 2) == 1, partial: $0.int64(at: 4) != 0)
        }.filter { $0.unique && !$0.partial }.map { ($0.name, $0.origin) }
        for (name, origin) in indexes where origin != "pk" {
            let parts = try connection.pragma("index_xinfo", of: name) {
                (
                    cid: $0.int64(at: 1), name: $0.isNull(at: 2) ? nil : try $0.text(at: 2), collation: try $0.text(at: 4).uppercased(),
                    key: $0.int64(at: 5) == 1
                )
            }.filter(\.key)
            let columns = parts.compactMap { part in
                part.name.flatMap { name in schema.columns.firstIndex { $0.lowercased() == name.lowercased() } }
            }
            // An expression (cid -2) or a column the entity leaves out: not comparable here.
            guard columns.count == parts.count, parts.allSatisfy({ $0.cid >= 0 }) else { continue }
            sets.append(UniqueSet(name: name, columns: columns, collations: parts.map(\.collation)))
        }
        return (sets, indexes.contains { $0.1 == "pk" })
    }
}
