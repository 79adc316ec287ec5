/// Text a person typed into a search field, made into a full-text query that SQLite's FTS5
/// and FTS4 read as plain words: each word becomes a quoted phrase, so nothing typed is taken
/// as query syntax (`AND`, `OR`, `NOT`, `NEAR`, `-`, `+`, `:`, parentheses or column filters).
///
/// ```swift
/// FullTextQuery.words(of: #"Tolkien "ring* NEAR café"#)   // "Tolkien" """ring" "NEAR" "café"
/// ```
///
/// A row matches when it holds every word (the phrases are joined by FTS's implicit `AND`),
/// as its table's tokenizer splits and folds them. A double quote in a word is doubled, as
/// both query syntaxes ask. `*` and `^` are replaced by spaces: inside a phrase FTS4 would read
/// a `*` after a word as a prefix search and `^` as "first in the column", and the tokenizers
/// SQLite ships (`unicode61`, `ascii`, `porter`, `simple`) take both as separators anyway.
/// See [FTS5 query syntax](https://www.sqlite.org/fts5.html#full_text_query_syntax) and
/// [FTS4 query syntax](https://www.sqlite.org/fts3.html#full_text_index_queries).
public enum FullTextQuery {
    /// The query of the words of `typed`, each a quoted phrase; empty when `typed` has no word.
    /// - Parameter typed: Text as a person typed it.
    /// - Returns: An FTS5 / FTS4 query, to bind as the right side of `MATCH`.
    /// - Complexity: O(*n*) in the length of `typed`.
    public static func words(of typed: String) -> String {
        let cleaned = String(typed.map { $0 == "*" || $0 == "^" ? " " : $0 })
        let words = cleaned.split(whereSeparator: \.isWhitespace)
        return words.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }
}
