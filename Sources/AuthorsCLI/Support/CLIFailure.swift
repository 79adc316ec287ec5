import Bookshelf
import DraftStore
import Foundation

/// A command's failure, with its exit code: 1 input refused (nothing of it written),
/// 2 usage error, 3 storage failure.
struct CLIFailure: Error {
    /// The process exit code.
    let exitCode: Int32
    /// What went wrong, in words, naming the field, file or path.
    let message: String
    /// Field errors, when the input was refused field by field.
    var fields: [FieldError] = []
    /// A machine-readable kind: `invalid`, `rejected`, `conflict`, `notFound`, `misuse`, `finished`, `usage`, `storage`.
    let kind: String

    /// Refused input (validation, conflict, duplicate, missing row).
    static func refused(_ kind: String, _ message: String, fields: [FieldError] = []) -> CLIFailure {
        CLIFailure(exitCode: 1, message: message, fields: fields, kind: kind)
    }

    /// The author `id` does not exist (refused, exit 1), in the library's words for a missing row.
    static func noSuchAuthor(_ id: Int64) -> CLIFailure {
        from(ContextError.missingRow(entity: Author.validator.label, table: Author.schema.table.name, key: RowKey(id)))
    }

    /// A usage error.
    static func usage(_ message: String) -> CLIFailure { CLIFailure(exitCode: 2, message: message, kind: "usage") }

    /// A storage failure.
    static func storage(_ message: String) -> CLIFailure { CLIFailure(exitCode: 3, message: message, kind: "storage") }

    /// Maps any error of the library to a failure.
    static func from(_ error: any Error) -> CLIFailure {
        switch error {
        case let failure as CLIFailure: return failure
        case let error as SaveError:
            switch error {
            case let .invalid(fields): return .refused("invalid", "Not saved: fix these fields.", fields: fields)
            case let .rejected(fields): return .refused("rejected", "Not saved: the database refused it.", fields: fields)
            case let .conflict(conflict): return .refused("conflict", Rendering.conflict(conflict))
            case .storage: return .storage(error.localizedDescription)
            case let .finished(misuse): return .refused("finished", misuse.localizedDescription)
            }
        case let error as ContextError:
            // Only a missing row is "not found"; any other is a misuse of the library, in its words.
            if case .missingRow = error { return .refused("notFound", error.localizedDescription) }
            return .refused("misuse", error.localizedDescription)
        case let misuse as Misuse: return .refused("finished", misuse.localizedDescription)
        case let error as MigrationError: return .storage(error.localizedDescription)
        case let error as SQLiteError: return .storage(error.localizedDescription)
        default: return .storage(error.localizedDescription)
        }
    }

    /// Writes the failure to standard error, in words or as JSON (`{"error": {...}, "fields": [...]}`).
    ///
    /// A usage error's message is prefixed by the command it belongs to and followed by a pointer to
    /// that command's own help (`Run 'authors books add --help' for usage.`).
    /// - Parameters:
    ///   - console: Where to write.
    ///   - command: The failing command as typed (`authors books add`), or the program name.
    func report(to console: Console, command: String) {
        let message = exitCode == 2 ? "\(command): \(self.message)" : self.message
        if console.json {
            var object: [String: Any] = ["error": ["kind": kind, "message": message, "exitCode": Int(exitCode)]]
            if !fields.isEmpty {
                object["fields"] = fields.map(Rendering.object)
            }
            console.printErrorJSON(object)
            return
        }
        console.printError("error: \(message)")
        for field in fields {
            console.printError("  " + Rendering.line(field))
        }
        if exitCode == 2 { console.printError("Run '\(Self.helpCommand(for: command))' for usage.") }
    }

    /// The help command for a failing command: its own `--help`, or the program's for `help` itself.
    ///
    /// - Parameter command: The failing command as typed (`authors edit`).
    static func helpCommand(for command: String) -> String {
        command.hasPrefix("authors help") ? "authors --help" : "\(command) --help"
    }
}
