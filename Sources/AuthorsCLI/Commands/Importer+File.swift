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

    /// Reads the import file, telling CSV from JSON by its content (``ImportFormat/detect(path:bytes:)``).
    /// - Parameter path: The file.
    /// - Returns: Its records and rejected records, and its format.
    /// - Throws: ``CLIFailure`` (refused, exit 1) naming the file when it is missing, a directory,
    ///   unreadable, empty, or malformed as a whole (a bad header, an unterminated quote, broken JSON).
    static func read(_ path: String) throws -> (ImportReadResult, ImportFormat) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIFailure.refused("invalid", "\(path): no such file")
        }
        if isDirectory.boolValue { throw CLIFailure.refused("invalid", "\(path): is a directory, not a CSV or JSON file") }
        do {
            let bytes = try contents(of: path)
            guard let format = ImportFormat.detect(path: path, bytes: bytes) else {
                throw ImportFileError(path: path, kind: .empty)
            }
            return (try format.read(bytes, path: path), format)
        } catch let error as ImportFileError {
            throw CLIFailure.refused("invalid", error.description)
        } catch {
            throw CLIFailure.refused("invalid", "\(path): cannot read the file: \(error.localizedDescription)")
        }
    }

    /// The file's bytes, read to its end through a file handle, so a pipe, `/dev/stdin`,
    /// process substitution (`<(…)`) or `/dev/null` reads like a regular file
    /// (`Data(contentsOf:)` refuses such files on Linux with a misleading permission error).
    private static func contents(of path: String) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return [UInt8](try handle.readToEnd() ?? Data())
    }
}
