import Foundation

/// Generates messy import files row by row, with what `authors import` must make of each row.
///
/// Thirteen kinds of row, in turn: plain rows in many scripts; non-breaking and surrounding
/// spaces (stored trimmed); quoted fields with commas, doubled quotes and line breaks; an
/// e-mail repeating an earlier row's in another case; an e-mail already in the database
/// (`seed@example.com`) in another case; a missing column; an extra column (JSON: an unknown
/// key); bytes that are not UTF-8 (JSON: lone surrogate escapes); a blank name; a bidi
/// control in a name; an invalid e-mail; empty lines before a row; a one-letter name. CSV
/// files start with a byte order mark and mix CRLF and LF line ends.
enum MessyImport {
    /// What the import must do with one row.
    enum Outcome: Equatable {
        /// Saved, with the values below.
        case saved
        /// A duplicate e-mail: skipped with `skip`, refused with `fail`.
        case duplicate
        /// Refused whatever the policy.
        case rejected
    }

    /// One generated row and its expected outcome.
    struct Row {
        /// The CSV line it starts on, or its JSON record number.
        var number = 0
        /// What must happen to it.
        var outcome: Outcome
        /// The name as stored (when saved).
        var name: String
        /// The e-mail as stored (when saved).
        var email: String
        /// The bio as stored (when saved).
        var bio: String?
    }

    /// A generated file and its rows.
    struct File {
        /// The file's bytes.
        var bytes = Data()
        /// Its rows, in file order.
        var rows: [Row] = []
    }

    /// Names in many scripts, all valid.
    static let names = [
        "Zoë Ångström", "José Núñez", "Łukasz Żółć", "李白", "山田 太郎", "김민준", "محمد الخوارزمي", "עִבְרִית",
        "Ελληνικά", "Дмитрий", "हिन्दी", "กี่ม", "👩‍👩‍👧‍👦 Family", "e\u{301}mile",
    ]

    /// The row of kind `index % 13`: its fields as written (`nil` drops the bio column) and its expectation.
    private static func row(_ index: Int) -> (fields: [String], bad: BadPart?, expected: Row) {
        let name = "\(names[index % names.count]) \(index)"
        let email = "user\(index)@example.com"
        func saved(_ name: String, _ email: String, _ bio: String?) -> Row { Row(outcome: .saved, name: name, email: email, bio: bio) }
        let refused = Row(outcome: .rejected, name: "", email: "", bio: nil)
        switch index % 13 {
        case 0: return ([name, email, ""], nil, saved(name, email, nil))
        case 1:
            return (["\u{00A0} \(name)\u{3000} ", " User\(index)@Example.com ", "\"\""], nil, saved(name, "User\(index)@Example.com", ""))
        case 2:
            let bio = "Wrote \"Dune\", then\r\nmore,\nand more."
            return (["Lee, \"\(name)\"", email, bio], nil, saved("Lee, \"\(name)\"", email, bio))
        case 3: return ([name, "USER\(index - 3)@EXAMPLE.COM", ""], nil, Row(outcome: .duplicate, name: "", email: "", bio: nil))
        case 4: return ([name, "SEED@Example.com", "Poet."], nil, Row(outcome: .duplicate, name: "", email: "", bio: nil))
        case 5: return ([name, email], .missingColumn, refused)
        case 6: return ([name, email, "", "extra"], .extraColumn, refused)
        case 7: return (["Bad", email, ""], .invalidText, refused)
        case 8: return (["\u{00A0}\u{3000} ", email, ""], nil, refused)
        case 9: return (["\u{202E}\(name)", email, ""], nil, refused)
        case 10: return ([name, "user\(index)@example..com", ""], nil, refused)
        case 11: return ([name, email, "Poet."], nil, saved(name, email, "Poet."))
        default: return (["A", email, ""], nil, refused)
        }
    }

    /// How a refused row is broken at the file level.
    private enum BadPart { case missingColumn, extraColumn, invalidText }

    /// A CSV file of `rows` rows.
    static func csv(rows count: Int) -> File {
        var file = File(bytes: Data([0xEF, 0xBB, 0xBF]) + Data("name,email,bio\r\n".utf8))
        var line = 2
        for index in 0..<count {
            var (fields, bad, expected) = row(index)
            if index % 13 == 11 {
                file.bytes += Data("\n  \r\n\t\n".utf8)
                line += 3
            }
            expected.number = line
            var cells = fields.enumerated().map { column, value -> Data in
                if column == 2, value == "\"\"" { return Data(value.utf8) }
                let quoted = value.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) } || (column == 0 && index % 2 == 0)
                return Data((quoted ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value).utf8)
            }
            if bad == .invalidText { cells[0] = Data("Bad ".utf8) + Data([0xC3, 0x28]) }
            file.bytes += Data(cells.joined(separator: Data(",".utf8)))
            file.bytes += Data((index % 2 == 0 ? "\r\n" : "\n").utf8)
            line += 1 + fields.joined().unicodeScalars.filter { $0 == "\n" }.count
            file.rows.append(expected)
        }
        return file
    }

    /// A JSON array of `rows` records.
    static func json(rows count: Int) -> File {
        var records: [String] = []
        var file = File()
        for index in 0..<count {
            var (fields, bad, expected) = row(index)
            expected.number = index + 1
            var object: [String: Any] = ["name": fields[0], "email": fields[1]]
            if fields.count > 2, fields[2] != "" { object["bio"] = fields[2] == "\"\"" ? "" : fields[2] }
            if bad == .extraColumn { object["phone"] = "555" }
            var text = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            switch bad {
            case .missingColumn: text = text.replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"x\\ud800")
            case .invalidText: text = text.replacingOccurrences(of: "\"name\":\"Bad", with: "\"bio\":\"\\udc00 low\",\"name\":\"Bad")
            default: break
            }
            records.append(text)
            file.rows.append(expected)
        }
        file.bytes = Data("\u{FEFF}[\n".utf8) + Data(records.joined(separator: ",\n\n").utf8) + Data("\n]\n".utf8)
        return file
    }
}
