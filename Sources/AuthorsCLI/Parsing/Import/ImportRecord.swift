/// One author read from an import file, before any validation by the domain.
///
/// Values are exactly as in the file: no trimming, no case folding, no Unicode normalization, so
/// surrounding and non-breaking spaces survive for the domain's validation to judge.
///
/// ```swift
/// let result = try CSVReader.read(bytes, path: "people.csv")
/// for record in result.records { print(record.number, record.name, record.email, record.bio ?? "-") }
/// ```
struct ImportRecord: Sendable, Equatable, Hashable {
    /// Where the record is: the physical line it starts on for CSV, its 1-based position in the array for JSON.
    let number: Int
    /// The author's name, as written.
    let name: String
    /// The author's e-mail address, as written.
    let email: String
    /// The biography, or `nil` when absent (JSON `null` or missing key; CSV unquoted empty field or no column).
    let bio: String?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - number: The line (CSV) or record (JSON) number; writers ignore it.
    ///   - name: The name.
    ///   - email: The e-mail address.
    ///   - bio: The biography, or `nil` for none.
    init(number: Int = 0, name: String, email: String, bio: String?) {
        self.number = number
        self.name = name
        self.email = email
        self.bio = bio
    }
}

/// A record the reader could not turn into an ``ImportRecord``; the rest of the file is still read.
///
/// The reason is in words and names the problem (a column count, a field that is not UTF-8, a lone
/// surrogate escape, an unknown key), so it can be shown to the user as is.
struct ImportRejection: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The physical line the CSV record starts on, or the 1-based JSON record number.
    let number: Int
    /// What is wrong, in words.
    let reason: String

    /// Creates a rejection.
    ///
    /// - Parameters:
    ///   - number: The line (CSV) or record (JSON) number.
    ///   - reason: What is wrong.
    init(number: Int, reason: String) {
        self.number = number
        self.reason = reason
    }

    /// `"<number>: <reason>"`.
    var description: String { "\(number): \(reason)" }
}

/// What a reader produced from a whole file: the good records and the rejected ones, each in file order.
struct ImportReadResult: Sendable, Equatable {
    /// Records read successfully, in file order.
    var records: [ImportRecord]
    /// Records rejected, in file order.
    var rejections: [ImportRejection]
    /// Numbers of the records whose file says nothing about a bio (a CSV file without a bio column, a
    /// JSON object without the key), as opposed to stating there is none: an update keeps the stored bio.
    var withoutBio: Set<Int> = []

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - records: Records read successfully.
    ///   - rejections: Records rejected.
    init(records: [ImportRecord] = [], rejections: [ImportRejection] = []) {
        self.records = records
        self.rejections = rejections
    }
}

extension ImportReadResult {
    /// Adds a streamed item, in file order.
    ///
    /// - Parameter item: A record or a rejection.
    mutating func append(_ item: ImportItem) {
        switch item {
        case let .record(record, withoutBio):
            records.append(record)
            if withoutBio { self.withoutBio.insert(record.number) }
        case .rejection(let rejection): rejections.append(rejection)
        }
    }
}
