import Foundation

/// The schema of a database no longer is what its migrations made it: another tool dropped an
/// index or a foreign key, changed or dropped a column, added a trigger. Found when the store
/// opens, before anything is written; the file is left as it was.
///
/// A store opened with ``DraftStore/Configuration/schemaDrift`` set to
/// ``DraftStore/SchemaDriftPolicy/report`` opens anyway and lists the differences in
/// ``DraftStore/schemaDrift``.
public struct SchemaDriftError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// One difference between the recorded schema and the database's.
    public enum Difference: Sendable, Equatable, CustomStringConvertible {
        /// An object the migrations made is gone (`DROP INDEX`).
        case removed(type: String, name: String)
        /// An object the migrations did not make is there (`CREATE TRIGGER`).
        case added(type: String, name: String)
        /// An object's definition changed (a column dropped, a type changed, a foreign key removed): both SQL texts.
        case changed(type: String, name: String, expected: String, found: String)

        /// The difference in words.
        public var description: String {
            switch self {
            case let .removed(type, name): "\(type) \(name) was dropped"
            case let .added(type, name): "\(type) \(name) was added"
            case let .changed(type, name, expected, found):
                "\(type) \(name) was changed: the migrations made `\(expected)`, the database has `\(found)`"
            }
        }
    }

    /// The database file (or `:memory:`).
    public let file: String
    /// Every difference.
    public let differences: [Difference]

    /// The differences in words, with what to do next.
    public var description: String { Messages.provider.schemaDrift(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a schema changed outside its migrations: each difference, and what to do.
    /// - Parameter error: The file and its differences.
    /// - Returns: Several lines, in English.
    public func schemaDrift(_ error: SchemaDriftError) -> String {
        (["The schema of \(error.file) was changed outside its migrations; it was left unchanged:"]
            + error.differences.map { "  " + $0.description }
            + ["Restore the schema, or add a migration that makes the change."]).joined(separator: "\n")
    }
}
