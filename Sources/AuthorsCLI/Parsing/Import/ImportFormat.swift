import Foundation

/// The two file formats `authors import` reads and `authors export` writes.
///
/// ```swift
/// let result = try ImportFormat.read(contentsOf: "people.csv")
/// ```
enum ImportFormat: String, Sendable, CaseIterable, ArgumentValue {
    /// Comma-separated values with a header row (``CSVReader`` / ``CSVWriter``).
    case csv
    /// A JSON array of objects (``JSONImportReader`` / ``JSONExportWriter``).
    case json

    /// The format a file is in, told by its content, whatever its name.
    ///
    /// Content whose first byte after an optional byte order mark and white space is `[` or `{` is
    /// JSON (an object is then refused as not an array, rather than misread as a CSV header); any
    /// other non-empty content is CSV.
    ///
    /// - Parameters:
    ///   - path: The file's name (not used to decide; kept so callers name the file they read).
    ///   - bytes: The file's content.
    /// - Returns: The format, or `nil` when there is no content to go by.
    static func detect(path: String, bytes: [UInt8]) -> ImportFormat? {
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = content.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
    }

    /// Reads `bytes` in this format.
    ///
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - path: The file's name, used in errors.
    /// - Returns: The records read and the records rejected.
    /// - Throws: ``ImportFileError`` when the file as a whole cannot be read (see ``CSVReader`` and
    ///   ``JSONImportReader``).
    func read(_ bytes: [UInt8], path: String) throws(ImportFileError) -> ImportReadResult {
        switch self {
        case .csv: return try CSVReader.read(bytes, path: path)
        case .json: return try JSONImportReader.read(bytes, path: path)
        }
    }

    /// Writes `records` in this format, as `authors export` does.
    ///
    /// - Parameter records: The authors to write.
    /// - Returns: The file's bytes.
    func write(_ records: some Sequence<ImportRecord>) -> Data {
        switch self {
        case .csv: return CSVWriter.write(records)
        case .json: return JSONExportWriter.write(records)
        }
    }

    /// Reads the file at `path`, telling its format by ``detect(path:bytes:)``.
    ///
    /// - Parameter path: The file to read.
    /// - Returns: The records read and the records rejected.
    /// - Throws: ``ImportFileError/Kind/unreadable(_:)`` when the file cannot be opened or read,
    ///   ``ImportFileError/Kind/empty`` for a file without content, or what the reader throws.
    static func read(contentsOf path: String) throws(ImportFileError) -> ImportReadResult {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ImportFileError(path: path, kind: .unreadable(error.localizedDescription))
        }
        guard let format = detect(path: path, bytes: bytes) else {
            throw ImportFileError(path: path, kind: .empty)
        }
        return try format.read(bytes, path: path)
    }
}
