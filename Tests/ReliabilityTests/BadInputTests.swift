import Bookshelf
import DraftStore
import Foundation
import Testing

/// Item 5: generated bad input through the library. Each value is a clear field error or
/// is stored exactly (byte for byte, after the documented trim); nothing crashes.
@Suite("Bad input")
struct BadInputTests {
    /// A row with one free text column, to store values no Bookshelf rule would accept.
    struct Note: Entity, Hashable {
        var id: Int64?
        var body = ""
        init() {}
        init(body: String) { self.body = body }
        static let schema = EntitySchema<Note>(table: "notes", columns: [.primaryKey("id", \.id), .column("body", \.body)])
    }

    static let migrations = [Migration(name: "0001_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;")]

    /// Saves an author named `name` and checks the outcome: a field error on `name`, or
    /// stored exactly as the rules normalize it.
    func expectErrorOrExact(name: String, bio: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = try Bookshelf.openStore(path: nil)
        let item = try store.presentNew(Author(name: name, email: "x@example.com", bio: bio))
        let expected = Author.validator.normalized(item.draft)
        do {
            let saved = try item.save()
            let stored = try store.fetch(Author.self, id: saved.id!)!
            #expect(Array(stored.name.utf8) == Array(expected.name.utf8), sourceLocation: sourceLocation)
            #expect(stored.bio.map { Array($0.utf8) } == expected.bio.map { Array($0.utf8) }, sourceLocation: sourceLocation)
        } catch {
            guard case let .invalid(fields)? = error as? SaveError, !fields.isEmpty, fields.allSatisfy({ !$0.message.isEmpty }) else {
                Issue.record("not a clear field error: \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(try store.count(Author.self) == 0, sourceLocation: sourceLocation)
        }
    }

    @Test("NUL, C0/C1 controls and bidi controls in a name are field errors; bio keeps tab and newline")
    func controlCharacters() throws {
        var scalars = (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
        scalars += [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].map { Unicode.Scalar($0)! }
        for scalar in scalars {
            let store = try Bookshelf.openStore(path: nil)
            let item = try store.presentNew(Author(name: "Al\(scalar)ex", email: "al@example.com"))
            #expect(throws: SaveError.self, "U+\(String(scalar.value, radix: 16)) in a name was accepted") { try item.save() }
            #expect(item.errors.contains { $0.field == "name" })
            try expectErrorOrExact(name: "Ada", bio: "one\(scalar)two")
        }
        let store = try Bookshelf.openStore(path: nil)
        let kept = try store.presentNew(Author(name: "Ada", email: "ada@example.com", bio: "line one\n\tline two"))
        #expect(try kept.save().bio == "line one\n\tline two")
    }

    @Test("every Unicode White_Space scalar: around, inside and alone in a name")
    func whitespaceKinds() throws {
        let spaces = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { $0.properties.isWhitespace }
        #expect(spaces.count == 25)
        for space in spaces {
            try expectErrorOrExact(name: "\(space)Ada Bay\(space)")
            try expectErrorOrExact(name: "Ada\(space)Bay")
            try expectErrorOrExact(name: "\(space)\(space)")
            let store = try Bookshelf.openStore(path: nil)
            let blank = try store.presentNew(Author(name: "\(space)\(space)\(space)", email: "b@example.com"))
            #expect(throws: SaveError.self) { try blank.save() }
        }
    }

    @Test("SQL text is stored exactly and runs nothing")
    func sqlText() throws {
        for text in ["Robert'); DROP TABLE authors;--", "\" OR 1=1 --", "x'; DELETE FROM books; SELECT '", "%_\\'\"`;"] {
            try expectErrorOrExact(name: text)
        }
    }

    @Test("10,000-character names and 10 MB fields are field errors")
    func hugeFields() throws {
        let store = try Bookshelf.openStore(path: nil)
        let tenMB = String(repeating: "a", count: 10_000_000)
        for (name, bio) in [
            (String(repeating: "n", count: 10_000), nil), (tenMB, nil), ("Ada", tenMB), ("Ada", String(repeating: "é", count: 2_001)),
        ] as [(String, String?)] {
            let item = try store.presentNew(Author(name: name, email: "big@example.com", bio: bio))
            #expect(throws: SaveError.self) { try item.save() }
            #expect(item.errors.contains { $0.code == .tooLong })
        }
        let email = try store.presentNew(Author(name: "Ada", email: tenMB + "@x.io"))
        #expect(throws: SaveError.self) { try email.save() }
        #expect(try store.count(Author.self) == 0)
        // A bio of exactly 2,000 characters is fine.
        let limit = try store.presentNew(Author(name: "Ada", email: "ada@example.com", bio: String(repeating: "👩‍👩‍👧‍👦", count: 2_000)))
        #expect(try limit.save().bio?.count == 2_000)
    }

    @Test("a 10 MB value and NUL bytes round-trip byte for byte through a context", arguments: [false, true])
    func tenMegabytesRoundTrip(file: Bool) throws {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: file ? folder.path("notes.sqlite") : nil, migrations: BadInputTests.migrations)
        defer { store.close() }
        let big = String(repeating: "0123456789abcdé\u{0}", count: 600_000)
        let values = [big, "Al\u{0}ex", "\u{0}", "\u{FEFF}x\u{200D}", String(repeating: "\u{10FFFF}", count: 1000)]
        let context = store.newChildContext()
        let ids = try values.map { try context.insert(Note(body: $0)).id! }
        let real = try context.save().insertedIDs
        for (value, id) in zip(values, ids) {
            let stored = try #require(try store.fetch(Note.self, id: real[id]!))
            #expect(Array(stored.body.utf8) == Array(value.utf8))
            let length = try store.withWriterConnection {
                try $0.scalar("SELECT length(CAST(body AS BLOB)) FROM notes WHERE id = ?", [.integer(real[id]!)])
            }
            #expect(length == .integer(Int64(value.utf8.count)))
        }
    }

    @Test("numbers with signs, exponents, separators and other digits follow the WholeNumber rules")
    func numbers() {
        let digitZeros = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            $0.properties.numericType == .decimal && $0.properties.numericValue == 0
        }
        #expect(digitZeros.count > 50)
        for zero in digitZeros {
            let digits = [1, 9, 9, 9].map { String(Unicode.Scalar(zero.value + UInt32($0))!) }.joined()
            #expect(WholeNumber.parse(digits) == .value(1999), "digits from U+\(String(zero.value, radix: 16))")
            #expect(WholeNumber.parse("-" + digits) == .value(-1999))
            #expect(WholeNumber.parse(String(repeating: String(Unicode.Scalar(zero.value + 9)!), count: 30)) == .tooLarge)
            if zero.value != 0x30 { #expect(WholeNumber.parse("1" + digits) == .notAWholeNumber, "mixed scripts") }
        }
        for text in [
            "1e3", "1E3", "1,000", "1_000", "1 000", "1'000", "1.000", "1.", ".5", "0x10", "−4", "++4", "+-4", "--4", "4-", "²", "4²", "Ⅳ",
            "½", "∞", "NaN", "4\u{0}", "\u{0}",
        ] {
            #expect(WholeNumber.parse(text) == .notAWholeNumber, "\(text.debugDescription)")
        }
        for (text, value) in [
            ("+4", 4), ("-4", -4), ("\u{3000}4\u{00A0}", 4), ("0004", 4), ("-0", 0), ("9223372036854775807", Int.max),
            ("-9223372036854775808", Int.min),
        ] {
            #expect(WholeNumber.parse(text) == .value(value), "\(text.debugDescription)")
        }
        #expect(WholeNumber.parse("-9223372036854775809") == .tooSmall)
    }
}
