import Testing

/// `authors list --search` as one query: name or e-mail, in any case and without regard to
/// accents, by name, then the limit.
@Suite("authors list --search (subprocess)")
struct ListSearchTests {
    @Test func searchesNamesAndEmailsThenLimitsInNameOrder() throws {
        let db = try TestDatabase()
        try db.expect(0, "add", "--name", "Zoë Quill", "--email", "zq@sea.example.org")
        try db.expect(0, "add", "--name", "Seán Ó Dálaigh", "--email", "sean@example.com")
        try db.expect(0, "add", "--name", "Ada Byrne", "--email", "ada@SEA.example.org")
        try db.expect(0, "add", "--name", "Bo Lind", "--email", "bo@example.com")
        // "SEA" is in three e-mails, in any case (and in the name "Seán", accents ignored); by name, then cut to two.
        #expect(
            try db.expect(0, "list", "--search", "SEA").stdout
                == "#3  Ada Byrne <ada@SEA.example.org>\n#2  Seán Ó Dálaigh <sean@example.com>\n#1  Zoë Quill <zq@sea.example.org>\n")
        #expect(
            try db.expect(0, "list", "--search", "sea", "--limit", "2").stdout
                == "#3  Ada Byrne <ada@SEA.example.org>\n#2  Seán Ó Dálaigh <sean@example.com>\n")
    }

    @Test func searchIgnoresAccentsInNamesAndEmails() throws {
        let db = try TestDatabase()
        try db.expect(0, "add", "--name", "Petr Surý", "--email", "petr@example.cz")
        try db.expect(0, "add", "--name", "Ørjan Lie", "--email", "orjan@example.no")
        try db.expect(0, "add", "--name", "Suri Lund", "--email", "suri@example.se")
        #expect(try db.expect(0, "list", "--search", "sury").stdout == "#1  Petr Surý <petr@example.cz>\n")
        #expect(try db.expect(0, "list", "--search", "SURÝ").stdout == "#1  Petr Surý <petr@example.cz>\n")
        // Ø is a letter of its own, not O with a mark: "ørjan" finds the name, "orjan" only the e-mail.
        #expect(try db.expect(0, "list", "--search", "ørjan").stdout == "#2  Ørjan Lie <orjan@example.no>\n")
        #expect(try db.expect(0, "list", "--search", "lie", "--json").stdout.contains("Ørjan"))
    }
}
