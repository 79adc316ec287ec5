import Foundation
import Testing

/// `authors list --limit` refusals name the command like every other usage error.
@Suite("authors list --limit refusals (subprocess)")
struct ListLimitMessageTests {
    @Test(arguments: ["0", "-1", "-99"])
    func aLimitBelowOneNamesTheCommandAndOption(limit: String) throws {
        let db = try TestDatabase()
        let result = try db.expect(2, "list", "--limit", limit)
        #expect(
            result.stderr.hasPrefix(
                "error: authors list: --limit must be a whole number of 1 or more (leave it out to list every author), not '\(limit)'\n"))
        #expect(!FileManager.default.fileExists(atPath: db.path), "a usage error opens no database")
        #expect(result.stdout.isEmpty)
    }

    @Test func anOverflowingLimitNamesTheCommandAndOption() throws {
        let db = try TestDatabase()
        let result = try db.expect(2, "list", "--limit", "99999999999999999999")
        #expect(result.stderr.hasPrefix("error: authors list: invalid integer '99999999999999999999' for '--limit'\n"))
    }
}
