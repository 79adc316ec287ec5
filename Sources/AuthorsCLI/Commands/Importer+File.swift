import Foundation

extension Importer {
    /// Where a rejected row is: `people.csv:12` for CSV lines, `people.json: record 3` for JSON records.
    struct Place {
        /// The file, as the user named it.
        let path: String
        /// `line` (CSV) or `record` (JSON).
        let unit: String

        /// The rejection's location, like a compiler diagnostic; the file alone for number 0 (the whole save).
        func location(of rejection: ImportRejection) -> String {
            guard rejection.number > 0 else { return path }
            return unit == "line" ? "\(path):\(rejection.number)" : "\(path): record \(rejection.number)"
        }

        /// The reason without a repeated `record N: ` prefix (the JSON reader adds one).
        func reason(of rejection: ImportRejection) -> String {
            let prefix = "record \(rejection.number): "
            return rejection.reason.hasPrefix(prefix) ? String(rejection.reason.dropFirst(prefix.count)) : rejection.reason
        }
    }

    /// Opens the import file, telling CSV from JSON by its content (``ImportFormat/detect(path:bytes:)``),
    /// and reads through its header (CSV) or opening `[` (JSON).
    /// - Parameter path: The file (a pipe, `/dev/stdin`, process substitution too: it is read
    ///   through a file handle, never by its size); `-` for standard input.
    /// - Returns: Its records, to read one at a time, and its format.
    /// - Throws: ``CLIFailure`` (refused, exit 1) naming the file when it is missing, a directory,
    ///   unreadable, empty, or malformed at its start (a bad header, not a JSON array).
    static func open(_ path: String) throws -> (ImportRecordStream, ImportFormat) {
        if path == "-" {
            do {
                return try ImportRecordStream.open(ImportByteSource(handle: .standardInput), path: label(path))
            } catch {
                throw CLIFailure.refused("invalid", error.description)
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIFailure.refused("invalid", "\(path): no such file")
        }
        if isDirectory.boolValue { throw CLIFailure.refused("invalid", "\(path): is a directory, not a CSV or JSON file") }
        let source: ImportByteSource
        do {
            source = try ImportByteSource(path: path)
        } catch {
            throw CLIFailure.refused("invalid", "\(path): cannot read the file: \(error.localizedDescription)")
        }
        do {
            return try ImportRecordStream.open(source, path: path)
        } catch {
            throw CLIFailure.refused("invalid", error.description)
        }
    }

    /// How messages name the file: `<stdin>` for `-`, else the path as given.
    static func label(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The file's next record or rejection.
    /// - Throws: ``CLIFailure`` (refused) naming the file when it turns out malformed as a whole
    ///   further on (a quote still open at its end, a break in the JSON grammar) or cannot be read.
    static func next(_ records: inout ImportRecordStream) throws -> ImportItem? {
        do {
            return try records.next()
        } catch {
            throw CLIFailure.refused("invalid", error.description)
        }
    }
}
