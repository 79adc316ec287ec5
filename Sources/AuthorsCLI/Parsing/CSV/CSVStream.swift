/// Splits a CSV file into raw records as ``CSVScanner`` does, reading it a part at a time, so
/// memory holds one part (``partSize`` bytes) and the record being read, not the file.
///
/// A record is returned only once the bytes after it have been read: one that runs into the
/// end of the part read so far — a quoted field still open, a line break that may be the CR of
/// a CRLF, a multi-byte character cut in two — is scanned again with the next part appended,
/// from its first byte and its line. So a record's fields and line numbers are exactly those
/// the scanner finds in the whole file. A record longer than a part is read whole.
///
/// ```swift
/// var stream = CSVStream(ImportByteSource(bytes: Array("name,email\nAda,ada@example.com\n".utf8)), path: "a.csv")
/// while let record = try stream.next() { print(record.line, record.fields.count) }
/// ```
///
/// - Complexity: O(*n*) in the file's size (a record cut by a part's end is scanned twice);
///   memory O(``partSize`` + the longest record).
struct CSVStream {
    /// How many bytes are read at a time.
    static let partSize = 1 << 20

    /// Where the bytes come from.
    private let source: ImportByteSource
    /// The file's name, used in errors.
    private let path: String
    /// The bytes read a part at a time.
    private let partSize: Int
    /// The scanner over the current part (with the unfinished record of the last one in front).
    private var scanner = CSVScanner([], line: 1, skipsByteOrderMark: false)
    /// Whether the source is exhausted.
    private var atEnd = false
    /// Whether the file's first part was read (its byte order mark is skipped).
    private var started = false

    /// Creates a stream.
    ///
    /// - Parameters:
    ///   - source: The file's bytes.
    ///   - path: The file's name, used in errors.
    ///   - partSize: The bytes read at a time (tests use small parts to cut records anywhere).
    init(_ source: ImportByteSource, path: String, partSize: Int = CSVStream.partSize) {
        self.source = source
        self.path = path
        self.partSize = max(1, partSize)
    }

    /// Reads the next record, blank ones included.
    ///
    /// - Returns: The record, or `nil` at the end of the file.
    /// - Throws: ``ImportFileError/Kind/unterminatedQuote`` naming the line where a quote still
    ///   open at the end of the file opened; ``ImportFileError/Kind/unreadable(_:)`` when reading fails.
    mutating func next() throws(ImportFileError) -> CSVScanner.Record? {
        while true {
            let start = scanner.position
            let line = scanner.line
            do {
                if let record = try scanner.nextRecord(), atEnd || scanner.position < scanner.count {
                    return record
                }
                if atEnd { return nil }
            } catch {
                if atEnd { throw ImportFileError(path: path, line: error.line, kind: .unterminatedQuote) }
            }
            try readMore(keepingFrom: start, line: line)
        }
    }

    /// Replaces the scanner by one over the unread bytes from `start` and the next part.
    ///
    /// - Parameters:
    ///   - start: Where the record not yet returned starts in the current part.
    ///   - line: That record's line.
    /// - Throws: ``ImportFileError/Kind/unreadable(_:)`` when reading fails.
    private mutating func readMore(keepingFrom start: Int, line: Int) throws(ImportFileError) {
        let kept = scanner.bytes[start...]
        let part: [UInt8]
        do {
            // A record longer than a part: read as much again, so it is scanned O(log n) times, not O(n).
            // The first part holds the whole byte order mark, if there is one.
            part = try source.read(upTo: max(partSize, kept.count, started ? 0 : 3))
        } catch {
            throw ImportFileError(path: path, kind: .unreadable(error.localizedDescription))
        }
        if part.isEmpty { atEnd = true }
        scanner = CSVScanner(Array(kept) + part, line: line, skipsByteOrderMark: !started)
        started = true
    }
}
