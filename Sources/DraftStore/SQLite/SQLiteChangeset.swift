import CSQLite
import Foundation

/// One change of a changeset as SQLite reads it: the table, the operation, which columns form
/// the primary key, and the old and new values (`nil` where the changeset holds none: an
/// update carries old and new values only for its key and the columns it changed).
public struct ChangesetOperation: Sendable, Hashable {
    /// What happens to the row: for an insert ``new`` holds every column; for an update ``old``
    /// and ``new`` hold the key and the changed columns; for a delete ``old`` holds every column.
    public typealias Kind = ChangeKind
    /// The table, as the changeset names it.
    public let table: String
    /// Insert, update or delete.
    public let kind: Kind
    /// For each column, whether it is part of the primary key.
    public let isPrimaryKey: [Bool]
    /// The old value of each column (`nil`: none recorded; always `nil` for an insert).
    public let old: [SQLiteValue?]
    /// The new value of each column (`nil`: none recorded or unchanged; always `nil` for a delete).
    public let new: [SQLiteValue?]
    /// Whether SQLite marked the change indirect (made by a trigger or a foreign-key action).
    public let isIndirect: Bool
}

/// A changeset or patchset in SQLite's binary format (the session extension's), as bytes — what
/// one copy of a database sends another; not a context's ``Changeset``, which is rows in memory.
///
/// Its functions read its changes, invert it, combine several into one. Each checks the bytes'
/// structure against the documented format first, so damaged bytes are an error and never reach
/// SQLite's reader. See [Changeset functions](https://www.sqlite.org/session/funclist.html).
///
/// ```swift
/// let changeset = SQLiteChangeset(try Data(contentsOf: url))
/// for operation in try changeset.operations() { print(operation.kind, operation.table) }
/// ```
public struct SQLiteChangeset: Sendable, Hashable {
    /// The bytes, in SQLite's changeset or patchset format; empty for no change.
    public let bytes: Data

    /// A changeset of these bytes; nothing is checked until it is read.
    /// - Parameter bytes: A changeset or patchset in SQLite's format.
    public init(_ bytes: Data) { self.bytes = bytes }

    /// Whether it holds no change (no bytes).
    public var isEmpty: Bool { bytes.isEmpty }

    /// Whether it is a patchset (keys and new values only), not a changeset.
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` for damaged input.
    public func isPatchset() throws(SQLiteError) -> Bool {
        try ChangesetFormat.check(bytes) == .patchset
    }

    /// The changes, in its order.
    /// - Complexity: O(*n*) in the bytes.
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` for damaged input (also text that is not UTF-8).
    public func operations() throws(SQLiteError) -> [ChangesetOperation] {
        let data = self.bytes
        _ = try ChangesetFormat.check(data)
        guard !data.isEmpty else { return [] }
        var bytes = [UInt8](data)
        let count = Int32(bytes.count)
        return try bytes.withUnsafeMutableBytes { buffer in Self.read(buffer.baseAddress, count: count) }.get()
    }

    /// Reads every change of a checked, non-empty input.
    private static func read(_ start: UnsafeMutableRawPointer?, count: Int32) -> Result<[ChangesetOperation], SQLiteError> {
        Result { () throws(SQLiteError) -> [ChangesetOperation] in
            var iterator: OpaquePointer?
            let started = sqlite3changeset_start(&iterator, count, start)
            guard started == SQLITE_OK, let iterator else {
                throw SQLiteError(extendedCode: started, message: "cannot read the changeset")
            }
            var operations: [ChangesetOperation] = []
            var failure: SQLiteError?
            var code = sqlite3changeset_next(iterator)
            // At most one change per two bytes: a bound however SQLite reads damaged input.
            while code == SQLITE_ROW, operations.count <= Int(count) / 2 {
                do throws(SQLiteError) {
                    operations.append(try operation(iterator))
                } catch {
                    failure = error
                    break
                }
                code = sqlite3changeset_next(iterator)
            }
            let finished = sqlite3changeset_finalize(iterator)
            if let failure { throw failure }
            if code == SQLITE_ROW { throw SQLiteError(extendedCode: SQLITE_CORRUPT, message: "damaged changeset: more changes than bytes") }
            if code != SQLITE_DONE || finished != SQLITE_OK {
                throw SQLiteError(extendedCode: code != SQLITE_DONE ? code : finished, message: "damaged changeset")
            }
            return operations
        }
    }

    /// The current change of an iterator.
    private static func operation(_ iterator: OpaquePointer) throws(SQLiteError) -> ChangesetOperation {
        var name: UnsafePointer<CChar>?
        var columns: Int32 = 0
        var op: Int32 = 0
        var indirect: Int32 = 0
        var code = sqlite3changeset_op(iterator, &name, &columns, &op, &indirect)
        guard code == SQLITE_OK, let name else { throw SQLiteError(extendedCode: code, message: "damaged changeset") }
        var flags: UnsafeMutablePointer<UInt8>?
        code = sqlite3changeset_pk(iterator, &flags, nil)
        guard code == SQLITE_OK, let flags else { throw SQLiteError(extendedCode: code, message: "damaged changeset") }
        let kind: ChangesetOperation.Kind = op == SQLITE_INSERT ? .insert : op == SQLITE_UPDATE ? .update : .delete
        func read(_ get: (Int32, UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws(SQLiteError) -> [SQLiteValue?] {
            var values: [SQLiteValue?] = []
            for column in 0..<columns {
                var value: OpaquePointer?
                let code = get(column, &value)
                guard code == SQLITE_OK else { throw SQLiteError(extendedCode: code, message: "damaged changeset") }
                values.append(try value.map { value throws(SQLiteError) in try SQLiteChangeset.value(value) })
            }
            return values
        }
        let none = [SQLiteValue?](repeating: nil, count: Int(columns))
        return ChangesetOperation(
            table: String(cString: name), kind: kind, isPrimaryKey: (0..<Int(columns)).map { flags[$0] != 0 },
            old: kind == .insert ? none : try read { sqlite3changeset_old(iterator, $0, $1) },
            new: kind == .delete ? none : try read { sqlite3changeset_new(iterator, $0, $1) },
            isIndirect: indirect != 0)
    }

    /// A protected value as an ``SQLiteValue``.
    static func value(_ value: OpaquePointer) throws(SQLiteError) -> SQLiteValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            guard let pointer = sqlite3_value_text(value) else { return .text("") }
            guard let text = String(validating: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self) else {
                throw SQLiteError(extendedCode: SQLITE_CORRUPT, message: "damaged changeset: text that is not UTF-8")
            }
            return .text(text)
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let pointer = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: pointer, count: count))
        default: return .null
        }
    }

    /// The changeset that undoes this one: inserts become deletes and the reverse, old and new values swap.
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` for damaged input or a patchset (it holds no old values).
    public func inverted() throws(SQLiteError) -> SQLiteChangeset {
        let data = self.bytes
        guard try ChangesetFormat.check(data) == .changeset else {
            throw SQLiteError(extendedCode: SQLITE_CORRUPT, message: "a patchset cannot be inverted")
        }
        guard !data.isEmpty else { return self }
        var bytes = [UInt8](data)
        let count = Int32(bytes.count)
        return SQLiteChangeset(
            try Self.output { size, buffer in
                bytes.withUnsafeMutableBytes { sqlite3changeset_invert(count, $0.baseAddress, size, buffer) }
            })
    }

    /// One changeset with the effect of applying `changesets` in order: changes to one row are
    /// combined (an insert then an update is one insert; an update then a delete, one delete
    /// with the first old values; changes that cancel out disappear). Uses `sqlite3changegroup`.
    /// - Throws: ``SQLiteError`` for damaged input, a mix of changesets and patchsets, or the
    ///   same table with different columns (`SQLITE_SCHEMA`).
    public static func concatenated(_ changesets: [SQLiteChangeset]) throws(SQLiteError) -> SQLiteChangeset {
        var group: OpaquePointer?
        let created = sqlite3changegroup_new(&group)
        guard created == SQLITE_OK, let group else { throw SQLiteError(extendedCode: created, message: "cannot group changesets") }
        defer { sqlite3changegroup_delete(group) }
        for data in changesets.map(\.bytes) where !data.isEmpty {
            _ = try ChangesetFormat.check(data)
            var bytes = [UInt8](data)
            let count = Int32(bytes.count)
            let code = bytes.withUnsafeMutableBytes { sqlite3changegroup_add(group, count, $0.baseAddress) }
            guard code == SQLITE_OK else { throw SQLiteError(extendedCode: code, message: "cannot combine the changesets") }
        }
        return SQLiteChangeset(try output { sqlite3changegroup_output(group, $0, $1) })
    }

    /// Calls a producer of an `sqlite3_malloc`ed buffer and copies it into `Data`.
    static func output(
        _ produce: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    ) throws(SQLiteError) -> Data {
        var size: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        let code = produce(&size, &buffer)
        defer { sqlite3_free(buffer) }
        guard code == SQLITE_OK else { throw SQLiteError(extendedCode: code, message: "SQLite cannot produce the changeset") }
        guard let buffer, size > 0 else { return Data() }
        return Data(bytes: buffer, count: Int(size))
    }
}
