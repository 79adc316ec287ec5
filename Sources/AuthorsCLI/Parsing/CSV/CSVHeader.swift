import Foundation

/// The column layout a CSV header row declares, and the conversion of later records by that layout.
struct CSVHeader {
    /// The number of fields every record must have.
    let count: Int
    /// The index of the `name` column.
    let name: Int
    /// The index of the `email` column.
    let email: Int
    /// The index of the `bio` column, if the file has one.
    let bio: Int?
    /// The column names in file order, lowercased, for messages.
    let names: [String]

    /// Reads the header row.
    ///
    /// - Parameters:
    ///   - record: The first non-blank record.
    ///   - path: The file's name, used in errors.
    /// - Throws: ``ImportFileError`` when the row breaks the quoting rules or is not UTF-8
    ///   (``ImportFileError/Kind/malformedHeader(_:)``), names a column other than name, email and bio
    ///   (``ImportFileError/Kind/unknownColumns(_:)``), names one twice
    ///   (``ImportFileError/Kind/duplicateColumns(_:)``), or lacks name or email
    ///   (``ImportFileError/Kind/missingColumns(_:)``).
    init(_ record: CSVScanner.Record, path: String) throws(ImportFileError) {
        func fail(_ kind: ImportFileError.Kind) -> ImportFileError {
            ImportFileError(path: path, line: record.line, kind: kind)
        }
        if let malformation = record.malformation {
            throw fail(.malformedHeader(malformation))
        }
        var written: [String] = []
        for (index, field) in record.fields.enumerated() {
            guard let text = CSVReader.decode(field) else {
                throw fail(.malformedHeader("column \(index + 1) is not valid UTF-8"))
            }
            written.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let lowered = written.map { $0.lowercased() }
        let unknown = zip(written, lowered).filter { !CSVReader.knownColumns.contains($0.1) }.map(\.0)
        if !unknown.isEmpty { throw fail(.unknownColumns(unknown)) }
        var seen: Set<String> = []
        var duplicates: [String] = []
        for column in lowered where !seen.insert(column).inserted && !duplicates.contains(column) {
            duplicates.append(column)
        }
        if !duplicates.isEmpty { throw fail(.duplicateColumns(duplicates)) }
        let missing = ["name", "email"].filter { !lowered.contains($0) }
        guard missing.isEmpty, let name = lowered.firstIndex(of: "name"), let email = lowered.firstIndex(of: "email")
        else {
            throw fail(.missingColumns(missing))
        }
        self.count = lowered.count
        self.name = name
        self.email = email
        self.bio = lowered.firstIndex(of: "bio")
        self.names = lowered
    }

    /// Converts a data record into an ``ImportRecord``, or says why it cannot be.
    ///
    /// - Parameter record: A non-blank record after the header.
    /// - Returns: The record, or a rejection naming its line and the problem: broken quoting, a wrong
    ///   number of fields, or a field that is not valid UTF-8.
    func makeRecord(from record: CSVScanner.Record) -> Result<ImportRecord, ImportRejection> {
        func reject(_ reason: String) -> Result<ImportRecord, ImportRejection> {
            .failure(ImportRejection(number: record.line, reason: reason))
        }
        if let malformation = record.malformation {
            return reject(malformation)
        }
        guard record.fields.count == count else {
            let columns = names.joined(separator: ", ")
            let found = record.fields.count
            return reject(
                "expected \(count) fields (\(columns)), found \(found); "
                    + (found < count ? "a field is missing" : "there are extra fields")
                    + " (a value containing a comma must be quoted)"
            )
        }
        var values: [String] = []
        values.reserveCapacity(count)
        for (index, field) in record.fields.enumerated() {
            guard let text = CSVReader.decode(field) else {
                return reject("the '\(names[index])' field (column \(index + 1)) is not valid UTF-8")
            }
            values.append(text)
        }
        var biography: String?
        if let bio {
            let field = record.fields[bio]
            biography = field.bytes.isEmpty && !field.isQuoted ? nil : values[bio]
        }
        return .success(ImportRecord(number: record.line, name: values[name], email: values[email], bio: biography))
    }
}
