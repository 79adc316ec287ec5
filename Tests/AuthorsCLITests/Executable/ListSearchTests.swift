import Testing

/// `authors list --search` as one query: name or e-mail, in any case, by name, then the limit.
@Suite("authors list --search (subprocess)")
struct ListSearchTests {
    @Test func searchesNamesAndEmailsThenLimitsInNameOrder() throws {
        let db = try TestDatabase()
        try db.expect(0, "add", "--name", "Zoë Quill", "--email", "zq@sea.example.org")
        try db.expect(0, "add", "--name", "Seán Ó Dálaigh", "--email", "sean@example.com")
        try db.expect(0, "add", "--name", "Ada Byrne", "--email", "ada@SEA.example.org")
        try db.expect(0, "add", "--name", "Bo Lind", "--email", "bo@example.com")
        // "SEA" is in three e-mails, in any case (not in the name "Seán": á is not a); by name, then cut to two.
        #expect(
            try db.expect(0, "list", "--search", "SEA").stdout
                == "#3  Ada Byrne <ada@SEA.example.org>\n#2  Seán Ó Dálaigh <sean@example.com>\n#1  Zoë Quill <zq@sea.example.org>\n")
        #expect(
            try db.expect(0, "list", "--search", "sea", "--limit", "2").stdout
                == "#3  Ada Byrne <ada@SEA.example.org>\n#2  Seán Ó Dálaigh <sean@example.com>\n")
    }
}
