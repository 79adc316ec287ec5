import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// The tokenizer that cuts CHECK expressions and index terms out of `sqlite_schema`'s text.
@Suite struct SchemaTextTests {
    @Test func tokensKeepQuotesStringsAndCommentsApart() {
        let tokens = SQLTokenizer.tokens(#"a "b""c" [d e] `f` 'it''s' x'0A' -- note ( , )"# + "\n/* ( */ 1.5e3 <= ||")
        #expect(tokens.map(\.text) == ["a", #""b""c""#, "[d e]", "`f`", "'it''s'", "x'0A'", "1.5e3", "<=", "||"])
        #expect(tokens.map(\.identifier).prefix(4) == ["a", #"b"c"#, "d e", "f"])
        #expect(tokens[4].kind == .string && tokens[6].kind == .number)
    }

    @Test func checksAreCutWithTheirNamesAndColumns() {
        let sql = """
            CREATE TABLE "order items" (
              id INTEGER PRIMARY KEY,
              qty INTEGER NOT NULL CHECK (qty > 0) DEFAULT (1),
              price INTEGER CONSTRAINT "price, positive" CHECK(price >= 0 AND (price < 1000)),
              note TEXT DEFAULT 'CHECK (no)' COLLATE NOCASE,
              a INT, b INT,
              CONSTRAINT a_le_b CHECK (a <= b), -- a comment with CHECK (x)
              CHECK (coalesce(a, 0) + coalesce(b, 0) < 10),
              UNIQUE (a, b)
            )
            """
        #expect(
            SchemaText.checks(inCreateTable: sql) == [
                .init(name: nil, expression: "qty > 0", column: "qty"),
                .init(name: "price, positive", expression: "price >= 0 AND (price < 1000)", column: "price"),
                .init(name: "a_le_b", expression: "a <= b", column: nil),
                .init(name: nil, expression: "coalesce(a, 0) + coalesce(b, 0) < 10", column: nil),
            ])
    }

    @Test func indexTermsAndWhereClauseAreCut() {
        let parts = SchemaText.indexParts(
            inCreateIndex:
                #"CREATE UNIQUE INDEX "i, j" ON t (lower(code) DESC, "name" COLLATE NOCASE ASC, substr(x, 1, 2)) WHERE active = 1 AND kind IN ('a', 'b');"#
        )
        #expect(parts.terms == ["lower(code)", #""name" COLLATE NOCASE"#, "substr(x, 1, 2)"])
        #expect(parts.whereClause == "active = 1 AND kind IN ('a', 'b')")
        #expect(SchemaText.indexParts(inCreateIndex: "CREATE INDEX i ON t(a)").whereClause == nil)
    }

    @Test func theAuthorizerNamesTheColumnsAnExpressionReads() throws {
        let connection = try Connection(path: nil)
        try connection.execute("CREATE TABLE codes (id INTEGER PRIMARY KEY, code TEXT, other TEXT)")
        let reads = try connection.columnsRead(by: "SELECT (lower(code) || 'x') FROM codes")
        #expect(reads.map(\.table) == ["codes"] && reads.map(\.column) == ["code"])
    }
}
