import Bookshelf
import CBench
import CSQLite
import Foundation

/// The checks of each side's results, made after every run (warm-up included) and outside the
/// timed and counted part: the rows a side wrote (W1, W3, W6), the values it read (W2, W4, W5),
/// and that a workload that only reads (W4, W5) left the file as it was. A failed check ends
/// the run with an error, so no figure of a side that did the wrong work is reported.
enum Verify {
    /// The text bytes (name, e-mail and bio) of an author.
    static func textBytes(_ author: Author) -> Int {
        author.name.utf8.count + author.email.utf8.count + (author.bio?.utf8.count ?? 0)
    }

    /// Checks the text bytes a side read for `ids`, one seeded row per id.
    static func reads(_ bytes: Int, ids: [Int64], side: String) throws {
        let expected = ids.reduce(0) { $0 + textBytes(AuthorRows.author($1)) }
        guard bytes == expected else {
            throw BenchFailure(description: "\(side): \(ids.count) reads gave \(bytes) text bytes, expected \(expected)")
        }
    }

    /// Checks a fetch of every author: `rows` authors, ids 1...rows in order, each with its
    /// seeded values, byte for byte.
    static func fetched(_ authors: [Author], rows: Int, side: String) throws {
        guard authors.count == rows else { throw BenchFailure(description: "\(side): fetched \(authors.count) authors of \(rows)") }
        for (index, author) in authors.enumerated() {
            let id = Int64(index + 1)
            guard author.id == id, same(author.name, author.email, author.bio, id: id, name: AuthorRows.name(id)) else {
                throw BenchFailure(description: "\(side): fetched author \(index + 1) is \(author)")
            }
        }
    }

    /// Checks C's fetch of every author (see ``fetched(_:rows:side:)``).
    static func fetched(_ authors: UnsafeMutablePointer<cbench_author>?, count: Int64, rows: Int) throws {
        guard count == rows, let authors else { throw BenchFailure(description: "C: fetched \(count) authors of \(rows)") }
        for index in 0..<rows {
            let row = authors[index]
            let id = Int64(index + 1)
            let text = { (pointer: UnsafeMutablePointer<CChar>?) in pointer.map { String(cString: $0) } }
            guard row.id == id, same(text(row.name) ?? "", text(row.email) ?? "", text(row.bio), id: id, name: AuthorRows.name(id)) else {
                throw BenchFailure(description: "C: fetched author \(id) differs from the seeded row")
            }
        }
    }

    /// Whether text values are author `id`'s seeded e-mail and bio and the name `name`, byte for byte.
    static func same(_ actualName: String, _ email: String, _ bio: String?, id: Int64, name: String) -> Bool {
        let expectedBio = AuthorRows.bio(id)
        let bioMatches = bio.map { bio in expectedBio.map { bio.utf8.elementsEqual($0.utf8) } ?? false } ?? (expectedBio == nil)
        return bioMatches && actualName.utf8.elementsEqual(name.utf8) && email.utf8.elementsEqual(AuthorRows.email(id).utf8)
    }

    /// The name each edited id has after cycles over `ids` (the last cycle of an id wins).
    static func editedNames(_ ids: [Int64]) -> [Int64: String] {
        var names: [Int64: String] = [:]
        for (cycle, id) in ids.enumerated() { names[id] = AuthorRows.editedName(id, cycle: cycle) }
        return names
    }

    /// Checks the authors table of a file: `rows` rows, ids 1...rows, each with its seeded
    /// e-mail and bio, its name `edited[id]` or the seeded one, and both time stamps set.
    static func table(_ path: String, rows: Int, edited: [Int64: String] = [:], side: String) throws {
        var count = 0
        try eachRow(path) { statement in
            count += 1
            let id = sqlite3_column_int64(statement, 0)
            let name = edited[id] ?? AuthorRows.name(id)
            let bio = sqlite3_column_type(statement, 3) == SQLITE_NULL ? nil : text(statement, 3)
            guard id == count, same(text(statement, 1), text(statement, 2), bio, id: id, name: name),
                sqlite3_column_type(statement, 4) == SQLITE_INTEGER, sqlite3_column_type(statement, 5) == SQLITE_INTEGER
            else { throw BenchFailure(description: "\(side): row \(count) of \(path) is not what the workload wrote") }
        }
        guard count == rows else { throw BenchFailure(description: "\(side): \(path) holds \(count) authors, expected \(rows)") }
    }

    /// Checks that a file's authors are exactly those of `seeded`, every value of every row:
    /// the side wrote nothing.
    static func unchanged(_ path: String, like seeded: String, side: String) throws {
        guard try digest(path) == digest(seeded) else { throw BenchFailure(description: "\(side): a read-only workload changed \(path)") }
    }

    /// A digest (FNV-1a) of every value of every author of a file, in id order.
    static func digest(_ path: String) throws -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: UnsafeRawBufferPointer) { for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        try eachRow(path) { statement in
            for column in Int32(0)..<6 {
                var type = sqlite3_column_type(statement, column)
                withUnsafeBytes(of: &type) { add($0) }
                var number = sqlite3_column_int64(statement, column)
                withUnsafeBytes(of: &number) { add($0) }
                if let pointer = sqlite3_column_text(statement, column) {
                    add(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))))
                }
            }
        }
        return hash
    }

    /// Reads every author of a file, in id order, on a read-only connection of its own.
    private static func eachRow(_ path: String, _ body: (OpaquePointer) throws -> Void) throws {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        try BenchFailure.check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil), "check: open \(path)")
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        try BenchFailure.check(sqlite3_prepare_v2(db, RawSide.SQL.selectAll, -1, &statement, nil), "check: prepare")
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            try body(statement!)
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw BenchFailure(description: "check: reading \(path) failed with \(code)") }
    }

    /// A text column ("" for NULL).
    private static func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
    }
}
