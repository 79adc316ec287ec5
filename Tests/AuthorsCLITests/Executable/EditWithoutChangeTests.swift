import Foundation
import Testing

/// `authors edit ID` with nothing to change writes nothing and says so.
@Suite("authors edit without a change (subprocess)")
struct EditWithoutChangeTests {
    @Test func anEditThatChangesNothingWritesNothing() throws {
        let db = try TestDatabase()
        try db.expect(0, "add", "--name", "Mira Okafor", "--email", "mira@example.com")
        let before = try db.expect(0, "show", "1", "--json").stdout
        let result = try db.expect(0, "edit", "1", "--name", "Mira Okafor")
        #expect(result.stdout.hasPrefix("No change: author #1  Mira Okafor <mira@example.com> was left as it is."))
        #expect(try db.expect(0, "show", "1", "--json").stdout == before)  // updatedAt included: no save ran
    }
}
