/// The records of an import file, read one at a time, whatever its format: a CSV file a part
/// at a time (``CSVRecordStream``), a JSON file element by element over its bytes
/// (``JSONRecordStream``).
///
/// ```swift
/// var records = try ImportRecordStream.open(ImportByteSource(path: path), path: path)
/// while let item = try records.next() { … }
/// ```
enum ImportRecordStream {
    /// A CSV file.
    case csv(CSVRecordStream)
    /// A JSON file.
    case json(JSONRecordStream)

    /// How many bytes are read ahead to tell the format, at a time.
    private static let probeSize = 4096

    /// Tells the file's format by its first bytes (``ImportFormat/detect(path:bytes:)``) and
    /// opens it: a CSV file through its header row, a JSON file through its `[`.
    ///
    /// - Parameters:
    ///   - source: The file's bytes.
    ///   - path: The file's name, used in errors.
    /// - Returns: The stream and the format.
    /// - Throws: ``ImportFileError``: ``ImportFileError/Kind/empty`` for a file of nothing or white
    ///   space, what the format's stream throws when opened, ``ImportFileError/Kind/unreadable(_:)``.
    static func open(_ source: ImportByteSource, path: String) throws(ImportFileError) -> (ImportRecordStream, ImportFormat) {
        do {
            var head: [UInt8] = []
            var format: ImportFormat?
            while format == nil {
                let part = try source.read(upTo: probeSize)
                if part.isEmpty { break }
                head += part
                format = ImportFormat.detect(path: path, bytes: head)
            }
            guard let format else { throw ImportFileError(path: path, kind: .empty) }
            source.unread(head)
            switch format {
            case .csv: return (.csv(try CSVRecordStream(source, path: path)), .csv)
            case .json:
                var bytes: [UInt8] = []
                while case let part = try source.read(upTo: CSVStream.partSize), !part.isEmpty { bytes += part }
                return (.json(try JSONRecordStream(bytes, path: path)), .json)
            }
        } catch let error as ImportFileError {
            throw error
        } catch {
            throw ImportFileError(path: path, kind: .unreadable(error.localizedDescription))
        }
    }

    /// The next record or rejection.
    ///
    /// - Returns: The item, or `nil` at the end of the file.
    /// - Throws: ``ImportFileError`` when the file turns out unreadable as a whole (an unterminated
    ///   quote, a break in the JSON grammar, a failed read).
    mutating func next() throws(ImportFileError) -> ImportItem? {
        switch self {
        case .csv(var stream):
            defer { self = .csv(stream) }
            return try stream.next()
        case .json(var stream):
            defer { self = .json(stream) }
            return try stream.next()
        }
    }
}
