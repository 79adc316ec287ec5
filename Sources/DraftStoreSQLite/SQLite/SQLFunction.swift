import CSQLite
import Foundation

/// An SQL function of the app's, for its schema's triggers, views, defaults and queries:
/// registered with ``DraftStore/Configuration/functions`` on every connection the store
/// opens, before migrations run.
///
/// ```swift
/// let slug = SQLFunction(name: "slug", argumentCount: 1) { arguments in
///     guard case let .text(text) = arguments[0] else { return .null }
///     return .text(text.lowercased().replacingOccurrences(of: " ", with: "-"))
/// }
/// ```
///
/// See [Application-Defined SQL Functions](https://www.sqlite.org/appfunc.html).
public struct SQLFunction: Sendable {
    /// The function's name in SQL.
    public let name: String
    /// How many arguments it takes; -1 for any number.
    public let argumentCount: Int32
    /// Whether it always gives the same result for the same arguments (`SQLITE_DETERMINISTIC`),
    /// as a function used in an index, a CHECK or a generated column must.
    public let isDeterministic: Bool
    /// The body: the arguments in, the result out; a thrown error becomes the SQL error's message.
    public let body: @Sendable ([SQLiteValue]) throws -> SQLiteValue

    /// Makes a function.
    /// - Parameters:
    ///   - name: The name in SQL.
    ///   - argumentCount: The number of arguments; -1 for any.
    ///   - isDeterministic: Whether equal arguments always give equal results.
    ///   - body: Computes the result.
    public init(
        name: String, argumentCount: Int32, isDeterministic: Bool = true, body: @escaping @Sendable ([SQLiteValue]) throws -> SQLiteValue
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isDeterministic = isDeterministic
        self.body = body
    }
}

/// A collating sequence of the app's (`COLLATE unicase` in its schema), registered with
/// ``DraftStore/Configuration/collations`` on every connection the store opens, before
/// migrations run.
///
/// See [sqlite3_create_collation](https://www.sqlite.org/c3ref/create_collation.html).
public struct SQLCollation: Sendable {
    /// The collation's name in SQL.
    public let name: String
    /// Orders two texts; it must be a consistent total order.
    public let compare: @Sendable (String, String) -> ComparisonResult

    /// Makes a collation.
    /// - Parameters:
    ///   - name: The name in SQL.
    ///   - compare: Orders two texts.
    public init(name: String, compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.name = name
        self.compare = compare
    }
}

extension Connection {
    /// Registers an SQL function on this connection.
    /// - Parameter function: The function.
    /// - Throws: ``SQLiteError`` when SQLite refuses it (a bad name or argument count).
    public func register(_ function: SQLFunction) throws(SQLiteError) {
        let box = Unmanaged.passRetained(FunctionBox(function)).toOpaque()
        let flags = SQLITE_UTF8 | (function.isDeterministic ? SQLITE_DETERMINISTIC : 0)
        let code = sqlite3_create_function_v2(
            try openHandle(), function.name, function.argumentCount, flags, box,
            { context, count, arguments in
                let function = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue().function
                var values: [SQLiteValue] = []
                for index in 0..<Int(count) { values.append(SQLiteValue(argument: arguments![index])) }
                do {
                    FunctionBox.setResult(try function.body(values), of: context)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            }, nil, nil, { box in box.map { Unmanaged<FunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code) }
    }

    /// Registers a collation on this connection.
    /// - Parameter collation: The collation.
    /// - Throws: ``SQLiteError`` when SQLite refuses it.
    public func register(_ collation: SQLCollation) throws(SQLiteError) {
        let box = Unmanaged.passRetained(CollationBox(collation)).toOpaque()
        let code = sqlite3_create_collation_v2(
            try openHandle(), collation.name, SQLITE_UTF8, box,
            { box, leftCount, left, rightCount, right in
                let compare = Unmanaged<CollationBox>.fromOpaque(box!).takeUnretainedValue().collation.compare
                let text = { (bytes: UnsafeRawPointer?, count: Int32) in
                    String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
                }
                switch compare(text(left, leftCount), text(right, rightCount)) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            }, { box in box.map { Unmanaged<CollationBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code) }
    }
}

/// Keeps a function alive while SQLite holds it; released by SQLite's destructor callback.
private final class FunctionBox {
    let function: SQLFunction
    init(_ function: SQLFunction) { self.function = function }

    static func setResult(_ value: SQLiteValue, of context: OpaquePointer?) {
        switch value {
        case .null: sqlite3_result_null(context)
        case let .integer(number): sqlite3_result_int64(context, number)
        case let .real(number): sqlite3_result_double(context, number)
        case let .text(text): sqlite3_result_text64(context, text, sqlite3_uint64(text.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
        case let .blob(data):
            data.withUnsafeBytes { raw in
                sqlite3_result_blob64(context, raw.baseAddress, sqlite3_uint64(raw.count), transientDestructor)
            }
        }
    }
}

/// Keeps a collation alive while SQLite holds it.
private final class CollationBox {
    let collation: SQLCollation
    init(_ collation: SQLCollation) { self.collation = collation }
}

extension SQLiteValue {
    /// The value of a function argument.
    init(argument: OpaquePointer?) {
        switch sqlite3_value_type(argument) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(argument))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(argument))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(argument))
            self = .text(String(decoding: UnsafeRawBufferPointer(start: sqlite3_value_text(argument), count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(argument))
            self = .blob(count == 0 ? Data() : Data(bytes: sqlite3_value_blob(argument), count: count))
        default: self = .null
        }
    }
}
