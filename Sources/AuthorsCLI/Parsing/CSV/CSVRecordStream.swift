/// Reads authors from a CSV file record by record (``CSVStream``), by the rules of ``CSVReader``:
/// the first non-blank record is the header, blank lines are skipped, each later record is an
/// ``ImportItem``.
///
/// ```swift
/// var records = try CSVRecordStream(ImportByteSource(path: "people.csv"), path: "people.csv")
/// while let item = try records.next() { … }
/// ```
///
/// - Complexity: O(*n*) in the file's size; memory that of ``CSVStream``.
struct CSVRecordStream {
    /// The raw records.
    private var stream: CSVStream
    /// The header's layout.
    let header: CSVHeader

    /// Reads up to and including the header row.
    ///
    /// - Parameters:
    ///   - source: The file's bytes.
    ///   - path: The file's name, used in errors.
    ///   - partSize: The bytes read at a time.
    /// - Throws: ``ImportFileError``: ``ImportFileError/Kind/empty`` when there is no header
    ///   row; what ``CSVHeader/init(_:path:)`` throws; an unterminated quote.
    init(_ source: ImportByteSource, path: String, partSize: Int = CSVStream.partSize) throws(ImportFileError) {
        stream = CSVStream(source, path: path, partSize: partSize)
        while let record = try stream.next() {
            if record.isBlank { continue }
            header = try CSVHeader(record, path: path)
            return
        }
        throw ImportFileError(path: path, kind: .empty)
    }

    /// The next record or rejection, blank lines skipped.
    ///
    /// - Returns: The item, or `nil` at the end of the file.
    /// - Throws: ``ImportFileError`` for a quote still open at the end, or a failed read.
    mutating func next() throws(ImportFileError) -> ImportItem? {
        while let record = try stream.next() {
            if record.isBlank { continue }
            switch header.makeRecord(from: record) {
            case .success(let value): return .record(value, withoutBio: header.bio == nil)
            case .failure(let rejection): return .rejection(rejection)
            }
        }
        return nil
    }
}
