/// A JSON value as ``JSONParser`` reads it, with strings kept undecoded until asked for.
///
/// Keeping a string's problems (a lone surrogate escape, bytes that are not UTF-8, a raw control
/// character) out of the grammar lets one bad record be rejected while the rest of the file is read.
enum JSONValue: Sendable {
    /// A string; its text, or what is wrong with it.
    case string(JSONString)
    /// A number (its value is not needed by the importer, only its validity).
    case number
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array, with its elements.
    case array([JSONValue])
    /// An object, with its members in the order written (duplicates kept, for the caller to judge).
    case object([(key: JSONString, value: JSONValue)])

    /// The kind of value in words, for messages ("a number", "an array").
    var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON string literal's decoded text, or why it has none.
///
/// The reason names the problem and where it is in the string, e.g.
/// `"lone high surrogate escape \ud800 (not followed by a low surrogate)"`.
typealias JSONString = Result<String, JSONStringProblem>

/// Why a JSON string literal cannot be decoded; the rest of the document is unaffected.
struct JSONStringProblem: Error, Sendable, Equatable {
    /// What is wrong, in words.
    let reason: String

    /// Creates a problem.
    ///
    /// - Parameter reason: What is wrong, in words.
    init(_ reason: String) {
        self.reason = reason
    }
}
