import CSQLite
import Foundation

/// A structural check of a changeset or patchset against SQLite's documented binary format,
/// run before SQLite reads one: SQLite 3.40.1's `sqlite3changeset_next` can loop forever on
/// some damaged input (a table header cut short, say), so damaged bytes never reach it.
///
/// The format: a run of tables, each a header (`'T'` for a changeset or `'P'` for a patchset,
/// the column count as a varint, one primary-key flag byte per column, the NUL-terminated
/// name) followed by its changes (an operation byte — `SQLITE_INSERT`, `SQLITE_UPDATE` or
/// `SQLITE_DELETE` — an indirect flag, then records of one value per column: a type byte,
/// `0` undefined, `1` integer and `2` real of 8 bytes, `3` text and `4` blob of a varint length
/// and the bytes, `5` NULL).
///
/// See [the changeset format](https://www.sqlite.org/src/file?name=ext/session/sqlite3session.h)
/// (the comment above `sqlite3changeset_start`) and `sessionChangesetNext` in `sqlite3session.c`.
enum ChangesetFormat {
    /// The kind of every table header in a valid input.
    enum Kind: Equatable {
        /// Old and new values: what field-level apply needs.
        case changeset
        /// New values and keys only.
        case patchset
    }

    /// Checks the structure of `data` and tells whether it is a changeset or a patchset; empty data is an empty changeset.
    /// - Complexity: O(*n*) in the bytes.
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` naming the byte offset where the input stops making sense
    ///   (cut short, an unknown operation or value type, a header of the other kind, text that is not UTF-8).
    static func check(_ data: Data) throws(SQLiteError) -> Kind {
        var reader = ByteReader(bytes: [UInt8](data))
        var kind: Kind?
        var columns = 0
        var keys: [Bool] = []
        while !reader.atEnd {
            let byte = try reader.byte()
            switch Int32(byte) {
            case 0x54, 0x50:  // 'T', 'P': a table header
                let found: Kind = byte == 0x54 ? .changeset : .patchset
                if let kind, kind != found { throw reader.damaged("a table header of the other kind") }
                kind = found
                let count = try reader.varint()
                guard count > 0, count <= 32767 else { throw reader.damaged("a column count of \(count)") }
                columns = Int(count)
                keys = []
                for _ in 0..<columns { keys.append(try reader.byte() != 0) }
                guard keys.contains(true) else { throw reader.damaged("a table without primary-key columns") }
                try reader.name()
            case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                guard columns > 0 else { throw reader.damaged("a change before any table header") }
                _ = try reader.byte()  // indirect
                try records(Int32(byte), kind: kind ?? .changeset, columns: columns, keys: keys, &reader)
            default:
                reader.offset -= 1
                throw reader.damaged("an unknown byte \(byte)")
            }
        }
        return kind ?? .changeset
    }

    /// Reads the records of one change.
    private static func records(_ operation: Int32, kind: Kind, columns: Int, keys: [Bool], _ reader: inout ByteReader) throws(SQLiteError)
    {
        switch (operation, kind) {
        case (SQLITE_INSERT, _): try reader.values(columns)
        case (SQLITE_DELETE, .changeset): try reader.values(columns)
        case (SQLITE_DELETE, .patchset): try reader.values(keys.filter { $0 }.count)
        case (SQLITE_UPDATE, .changeset): try reader.values(columns * 2)
        default: try reader.values(columns)  // a patchset update: one record, keys and new values
        }
    }

    /// A cursor over the bytes that throws instead of reading past the end.
    private struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        func damaged(_ what: String) -> SQLiteError {
            SQLiteError(extendedCode: SQLITE_CORRUPT, message: "damaged changeset: \(what) at byte \(offset)")
        }

        mutating func byte() throws(SQLiteError) -> UInt8 {
            guard offset < bytes.count else { throw damaged("the input cut short") }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// SQLite's variable-length integer: 1 to 9 bytes, big-endian, 7 bits each (8 in the ninth).
        mutating func varint() throws(SQLiteError) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<9 {
                let next = try byte()
                if index == 8 { return value << 8 | UInt64(next) }
                value = value << 7 | UInt64(next & 0x7F)
                if next & 0x80 == 0 { return value }
            }
            return value
        }

        mutating func skip(_ count: UInt64) throws(SQLiteError) {
            guard count <= UInt64(bytes.count - offset) else { throw damaged("a value longer than the input") }
            offset += Int(count)
        }

        /// A NUL-terminated table name.
        mutating func name() throws(SQLiteError) {
            guard let end = bytes[offset...].firstIndex(of: 0) else { throw damaged("a table name without its end") }
            guard end > offset else { throw damaged("an empty table name") }
            guard String(validating: bytes[offset..<end], as: UTF8.self) != nil else { throw damaged("a table name that is not UTF-8") }
            offset = end + 1
        }

        mutating func values(_ count: Int) throws(SQLiteError) {
            for _ in 0..<count {
                let type = try byte()
                switch type {
                case 0, 5: break
                case 1, 2: try skip(8)
                case 3:
                    let length = try varint()
                    let start = offset
                    try skip(length)
                    guard String(validating: bytes[start..<offset], as: UTF8.self) != nil else {
                        offset = start
                        throw damaged("text that is not UTF-8")
                    }
                case 4: try skip(try varint())
                default: throw damaged("an unknown value type \(type)")
                }
            }
        }
    }
}
