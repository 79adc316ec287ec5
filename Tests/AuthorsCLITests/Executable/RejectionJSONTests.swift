import Foundation
import Testing

/// `authors` words a store rejection for a person and carries its facts in `--json`.
@Suite("authors store rejections (subprocess)")
struct RejectionJSONTests {
    @Test func aDuplicateEmailIsWordedAndStructured() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let text = try db.expect(1, "add", "--name", "Jon Bay", "--email", "MIRA@example.com")
        #expect(text.stderr.contains("email: Another author already has this e-mail; enter a different one. (refused by the database)"))
        let json = try db.expect(1, "add", "--name", "Jon Bay", "--email", "MIRA@example.com", "--json")
        let object = try #require(try json.errorJSON() as? [String: Any])
        let field = try #require((object["fields"] as? [[String: Any]])?.first)
        #expect(field["fields"] as? [String] == ["email"])
        let rejection = try #require(field["rejection"] as? [String: Any])
        #expect(rejection["kind"] as? String == "unique")
        #expect(rejection["table"] as? String == "authors")
        #expect(rejection["columns"] as? [String] == ["email"])
        #expect(rejection["constraint"] as? String == "authors_email_unique")
        #expect((rejection["object"] as? [String: Any])?["table"] as? String == "authors")
    }
}
