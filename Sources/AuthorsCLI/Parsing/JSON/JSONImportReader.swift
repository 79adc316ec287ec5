import Foundation

/// Reads authors from a JSON array of objects, from raw bytes, strictly.
///
/// ```json
/// [
///   {"name": "Zoë Ångström", "email": "zoe@example.com", "bio": null},
///   {"name": "李白", "email": "li@example.com"}
/// ]
/// ```
///
/// - Each element is one record, numbered from 1. It must be an object whose keys are `name`, `email`
///   and optionally `bio`, each at most once; `name` and `email` must be strings, `bio` a string or `null`
///   (`null` or an absent key both mean no bio).
/// - A record that breaks these rules, or holds a string that cannot be decoded (a lone surrogate escape
///   such as `"\ud800"`, bytes that are not UTF-8, an unknown escape, a raw control character), is
///   rejected with its number; the other records are still read. Nothing is replaced by U+FFFD.
/// - A break in the JSON grammar makes the whole file unreadable: ``ImportFileError`` with the byte
///   offset and line.
///
/// `JSONSerialization` is not used: it may decode a lone surrogate into U+FFFD instead of refusing it.
///
/// - Complexity: O(*n*) in the size of the input.
enum JSONImportReader {
    /// The keys a record may have.
    static let knownKeys = ["name", "email", "bio"]

    /// Reads a JSON import file from `data`.
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - path: The file's name, used in errors.
    /// - Returns: The records read and the records rejected, in file order.
    /// - Throws: ``ImportFileError`` when the file is empty (``ImportFileError/Kind/empty``), its top-level
    ///   value is not an array (``ImportFileError/Kind/notAnArray``), or it breaks the JSON grammar
    ///   (``ImportFileError/Kind/syntax(_:)``, with line and byte offset).
    static func read(_ data: Data, path: String) throws(ImportFileError) -> ImportReadResult {
        try read([UInt8](data), path: path)
    }

    /// Reads a JSON import file from `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - path: The file's name, used in errors.
    /// - Returns: The records read and the records rejected, in file order.
    /// - Throws: ``ImportFileError``, as for ``read(_:path:)-(Data,_)``.
    static func read(_ bytes: [UInt8], path: String) throws(ImportFileError) -> ImportReadResult {
        var records = try JSONRecordStream(bytes, path: path)
        var result = ImportReadResult()
        while let item = try records.next() { result.append(item) }
        return result
    }

    /// Converts one array element into a record, or says why it cannot be.
    ///
    /// - Parameters:
    ///   - value: The element.
    ///   - number: Its 1-based position in the array.
    /// - Returns: The record, or a rejection naming the first problem.
    static func record(from value: JSONValue, number: Int) -> Result<ImportRecord, ImportRejection> {
        func reject(_ reason: String) -> Result<ImportRecord, ImportRejection> {
            .failure(ImportRejection(number: number, reason: "record \(number): \(reason)"))
        }
        guard case .object(let members) = value else {
            return reject("expected an object with name, email and bio, found \(value.kindDescription)")
        }
        var fields: [String: String?] = [:]
        for (key, member) in members {
            let name: String
            switch key {
            case .success(let text): name = text
            case .failure(let problem): return reject("a key contains \(problem.reason)")
            }
            guard knownKeys.contains(name) else {
                return reject("unknown key '\(name)'; expected name, email and optionally bio")
            }
            guard fields[name] == nil else {
                return reject("the key '\(name)' appears more than once")
            }
            switch member {
            case .string(.success(let text)):
                fields[name] = .some(text)
            case .string(.failure(let problem)):
                return reject("the '\(name)' value contains \(problem.reason)")
            case .null where name == "bio":
                fields[name] = .some(nil)
            default:
                let expected = name == "bio" ? "a string or null" : "a string"
                return reject("the '\(name)' value must be \(expected), found \(member.kindDescription)")
            }
        }
        guard case .some(.some(let name)) = fields["name"] else { return reject("the key 'name' is missing") }
        guard case .some(.some(let email)) = fields["email"] else { return reject("the key 'email' is missing") }
        let bio = fields["bio"] ?? nil
        return .success(ImportRecord(number: number, name: name, email: email, bio: bio))
    }

    /// The 1-based line holding the byte at `offset`.
    ///
    /// - Parameters:
    ///   - offset: A 0-based byte offset (may equal the input's length).
    ///   - bytes: The input.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
