/// The words a person reads for what the code names: an entity's display name made from its
/// type's or table's name, a field's label made from its column's name.
///
/// The rule, one for all of them, so no Swift type name or raw table name reaches a sentence:
///
/// 1. The name is cut into words at `_`, `-`, `.`, spaces, a lower-case letter or digit followed
///    by a capital (`productCode`, `ArtistId`), the end of a run of capitals followed by a
///    lower-case letter (`URLRequest` → `URL`, `Request`), and between letters and digits.
///    A generic type's parameters (`Box<Int>`) and its module (`App.Note`) are left out.
/// 2. A word of two or more capitals stays as it is (`URL`, `ISBN`); the word `id` is written
///    `ID`; every other word is written in lower case.
/// 3. The words are joined by spaces and begin with a capital: `product_code` → "Product code",
///    `ArtistId` → "Artist ID", `ReorderRow` → "Reorder row". The ``EnglishMessages`` provider
///    writes the first letter in lower case inside a sentence ("another reorder row"), unless
///    the first word is in capitals ("URL request").
/// 4. A table's name is a plural by convention; its last word loses a plural ending: `-ies` →
///    `-y`, `-ses`/`-xes`/`-ches`/`-shes` → without `-es`, else a final `s` (not after `s`, `u`
///    or `i`) is dropped: `products` → "product", `order_lines` → "order line", `categories` →
///    "category", `addresses` → "address", `status` → "status". Used only where no entity type
///    declares the table (the other side of a foreign key, a shared changeset).
enum DisplayName {
    /// The words of an identifier, by rules 1 and 2.
    static func words(_ identifier: String) -> [String] {
        var name = Substring(identifier)
        if let generic = name.firstIndex(of: "<") { name = name[..<generic] }
        if let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex { name = name[name.index(after: dot)...] }
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == " " || character == "." {
                flush(&current, into: &words)
                continue
            }
            if let previous = current.last, breaks(between: previous, and: character, next: characters.dropFirst(index + 1).first) {
                flush(&current, into: &words)
            }
            current.append(character)
        }
        flush(&current, into: &words)
        return words.map { word in
            if word.count > 1, word == word.uppercased(), word != word.lowercased() { return word }
            return word.lowercased() == "id" ? "ID" : word.lowercased()
        }
    }

    /// A field's label from its column's name (rule 3): `product_code` → "Product code".
    static func label(column: String) -> String {
        capitalized(words(column).joined(separator: " "), fallback: column)
    }

    /// An entity's display name from its type's name (rule 3), as a label: `ReorderRow` → "Reorder row".
    static func entity(typeName: String) -> String {
        capitalized(words(typeName).joined(separator: " "), fallback: typeName)
    }

    /// An entity's display name from its table's name (rules 3 and 4): `order_lines` → "Order line".
    static func entity(table: String) -> String {
        var parts = words(table)
        if let last = parts.popLast() { parts.append(singular(last)) }
        return capitalized(parts.joined(separator: " "), fallback: table)
    }

    /// The singular of the last word of a table's name (rule 4).
    static func singular(_ word: String) -> String {
        guard word == word.lowercased(), word.count > 3 else { return word }
        if word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        for ending in ["sses", "xes", "ches", "shes"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
            return String(word.dropLast())
        }
        return word
    }

    private static func capitalized(_ text: String, fallback: String) -> String {
        guard let first = text.first else { return fallback }
        return first.uppercased() + text.dropFirst()
    }

    private static func flush(_ current: inout [Character], into words: inout [String]) {
        if !current.isEmpty { words.append(String(current)) }
        current.removeAll()
    }

    /// Whether a word ends between `previous` and `character` (rule 1).
    private static func breaks(between previous: Character, and character: Character, next: Character?) -> Bool {
        if previous.isLowercase && character.isUppercase { return true }
        if previous.isNumber != character.isNumber, previous.isLetter || character.isLetter { return true }
        // `URLRequest`: the capital before a lower-case letter starts the next word.
        if previous.isUppercase, character.isUppercase, let next, next.isLowercase { return true }
        return false
    }
}
