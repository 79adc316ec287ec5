import Foundation

@testable import AuthorsCLI

/// A small deterministic pseudo-random generator (SplitMix64), so generated files are the same every run.
struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state.
    private var state: UInt64

    /// Creates a generator.
    ///
    /// - Parameter seed: The starting state.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Values that are hard to carry through a file format exactly.
enum MessyValues {
    /// Names in many scripts, with the spaces, punctuation and control characters real lists contain.
    static let names = [
        "Ann Lee", "Zoë Ångström", "José Núñez", "Łukasz Żółć", "李白", "山田 太郎", "김민준",
        "محمد الخوارزمي", "עִבְרִית", "Ελληνικά", "Дмитрий", "हिन्दी", "ไทย",
        "👩‍👩‍👧‍👦 Family", "🧑🏽‍💻 Coder", "🏳️‍🌈", "e\u{0301}", "é",
        "  leading and trailing  ", "\u{00A0}non-breaking\u{00A0}", "Lee, Ann", "O\"Brien", "\"quoted\"",
        "line\nbreak", "crlf\r\ninside", "lone\rcr", "tab\there", "", " ", "\u{FEFF}bom", "nul\u{0}byte",
        "sep\u{2028}arator", "back\\slash", "slash/", ",", "\"", "\"\"", "a,\"b\",c\n",
    ]

    /// Bios: the names again, plus `nil` and the empty string, which must stay distinct.
    static let bios: [String?] = [nil, "", "Poet.", "Wrote \"Dune\", 1965.\nThen more."] + names.map { $0 }

    /// `count` records drawn from ``names`` and ``bios``, with unique e-mail addresses.
    ///
    /// - Parameters:
    ///   - count: How many records.
    ///   - seed: The generator's seed.
    static func records(count: Int, seed: UInt64 = 42) -> [ImportRecord] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let name = names.randomElement(using: &random)! + (index.isMultiple(of: 3) ? " \(index)" : "")
            let bio = bios.randomElement(using: &random)!
            let email = index.isMultiple(of: 5) ? " Mixed.Case+\(index)@Example.ORG " : "user\(index)@example.com"
            return ImportRecord(name: name, email: email, bio: bio)
        }
    }
}

/// A record's values as UTF-8 bytes, so comparisons are exact (String `==` treats `é` and `e\u{301}` as equal).
struct ExactValues: Equatable, CustomStringConvertible {
    /// The name's bytes.
    let name: [UInt8]
    /// The e-mail's bytes.
    let email: [UInt8]
    /// The bio's bytes, or `nil`.
    let bio: [UInt8]?

    /// Takes the values of `record`, ignoring its number.
    ///
    /// - Parameter record: The record.
    init(_ record: ImportRecord) {
        name = Array(record.name.utf8)
        email = Array(record.email.utf8)
        bio = record.bio.map { Array($0.utf8) }
    }

    /// The values, decoded, for failure messages.
    var description: String {
        "(\(String(decoding: name, as: UTF8.self).debugDescription), \(String(decoding: email, as: UTF8.self).debugDescription), "
            + "\(bio.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil"))"
    }
}
