import Foundation

/// `SQLiteValue` as JSON (or any `Codable` format): an object naming its storage class,
/// so an integer and a real stay apart.
///
/// `{"null": true}`, `{"integer": 42}`, `{"real": 1.5}`, `{"text": "Mira"}`,
/// `{"blob": "<base64>"}`. See [Datatypes In SQLite](https://www.sqlite.org/datatype3.html).
extension SQLiteValue: Codable {
    private enum CodingKeys: String, CodingKey { case null, integer, real, text, blob }

    /// Encodes the value as an object with one key, its storage class.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case let .integer(value): try container.encode(value, forKey: .integer)
        case let .real(value): try container.encode(value, forKey: .real)
        case let .text(value): try container.encode(value, forKey: .text)
        case let .blob(value): try container.encode(value, forKey: .blob)
        }
    }

    /// Decodes a value written by ``encode(to:)``.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the object names no storage class.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            self = .integer(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .real) {
            self = .real(value)
        } else if let value = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(value)
        } else if let value = try container.decodeIfPresent(Data.self, forKey: .blob) {
            self = .blob(value)
        } else if container.contains(.null) {
            self = .null
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no SQLite storage class"))
        }
    }
}
