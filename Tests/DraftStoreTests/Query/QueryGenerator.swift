import DraftStore
import Foundation

/// Random rows and random queries over ``Probe``, each query with the SQL a person would write
/// for it (built here, apart from the library's own SQL), for the differential test.
struct QueryGenerator {
    var random: SplitMix64

    static let integers: [Int64] = [-3, -1, 0, 1, 2, 3, 7, 12, 9_007_199_254_740_993, .max, .min]
    static let reals: [Double] = [-2.5, -0.0, 0.5, 1.0, 2.0, 2.5, 12.0, 9_007_199_254_740_992.0, 1e300]
    static let texts: [String] = [
        "", "a", "A", "b", "B", "ab", "Ab", "ab ", "ab  ", "AB ", "Straße", "STRASSE", "strasse", "é", "e\u{301}", "É",
        "ß", "ΣΟΦΙΑ", "σοφια", "ﬁle", "FILE", "12", "1.5", " 7", "abc", "z", "Zoë", "zoe", "Surý", "sury", "Øre", "ore", "日本", "12abc",
        "0x10",
    ]

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func maybe<T>(_ values: [T]) -> T? { chance(20) ? nil : pick(values) }

    /// Any storage class, for the untyped column.
    mutating func anyValue() -> SQLiteValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .null
        case 1: .integer(pick(Self.integers))
        case 2: .real(pick(Self.reals))
        case 3: .text(pick(Self.texts))
        default: .blob(Data(pick(Self.texts).utf8))
        }
    }

    /// A row with random values; `tag` is the caller's.
    mutating func row(tag: Int64) -> Probe {
        Probe(
            tag: tag, i: maybe(Self.integers), r: maybe(Self.reals),
            n: chance(50) ? maybe(Self.reals) : maybe(Self.integers).map(Double.init),
            x: chance(20) ? .null : chance(20) ? anyValue() : .text(pick(Self.texts)), t: maybe(Self.texts), tn: maybe(Self.texts),
            tr: maybe(Self.texts), v: anyValue())
    }

    /// One leaf of a condition on a typed column, with its SQL.
    mutating func leaf<V: DatabaseValueConvertible>(_ keyPath: KeyPath<Probe, V>, _ name: String, _ values: [V])
        -> (Condition<Probe>, String, [SQLiteValue])
    {
        let value = pick(values)
        switch Int.random(in: 0..<11, using: &random) {
        case 0:
            return (
                keyPath == value, value.sqliteValue.isNull ? "\(name) IS NULL" : "\(name) = ?",
                value.sqliteValue.isNull ? [] : [value.sqliteValue]
            )
        case 1:
            return (
                keyPath != value, value.sqliteValue.isNull ? "\(name) IS NOT NULL" : "\(name) <> ?",
                value.sqliteValue.isNull ? [] : [value.sqliteValue]
            )
        case 2: return (keyPath < value, "\(name) < ?", [value.sqliteValue])
        case 3: return (keyPath <= value, "\(name) <= ?", [value.sqliteValue])
        case 4: return (keyPath > value, "\(name) > ?", [value.sqliteValue])
        case 5: return (keyPath >= value, "\(name) >= ?", [value.sqliteValue])
        case 6:
            let high = pick(values)
            return (.between(keyPath, value, high), "\(name) BETWEEN ? AND ?", [value.sqliteValue, high.sqliteValue])
        case 7:
            let list = (0..<Int.random(in: 0...4, using: &random)).map { _ in pick(values) }
            let sql = list.isEmpty ? "0" : "\(name) IN (\(list.map { _ in "?" }.joined(separator: ", ")))"
            return (.in(keyPath, list), sql, list.map(\.sqliteValue))
        case 8: return chance(50) ? (.isNull(keyPath), "\(name) IS NULL", []) : (.isNotNull(keyPath), "\(name) IS NOT NULL", [])
        case 9:
            let text = pick(Self.texts)
            let accents = chance(50)
            let fold = accents ? "draftstore_fold_accents" : "draftstore_fold"
            return (.contains(keyPath, text, ignoringAccents: accents), "instr(\(fold)(\(name)), \(fold)(?)) > 0", [.text(text)])
        default:
            let text = String(pick(Self.texts).prefix(2))
            let accents = chance(50)
            let fold = accents ? "draftstore_fold_accents" : "draftstore_fold"
            return (.hasPrefix(keyPath, text, ignoringAccents: accents), "instr(\(fold)(\(name)), \(fold)(?)) = 1", [.text(text)])
        }
    }

    /// A leaf on a random column.
    mutating func leaf() -> (Condition<Probe>, String, [SQLiteValue]) {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: leaf(\.i, "i", Self.integers.map(Optional.some) + [nil])
        case 1: leaf(\.r, "r", Self.reals.map(Optional.some) + [nil])
        case 2: leaf(\.n, "n", (Self.reals + Self.integers.map(Double.init)).map(Optional.some) + [nil])
        case 3: leaf(\.x, "x", Self.texts.map(SQLiteValue.text) + [.null, .integer(12), .real(1.5)])
        case 4: leaf(\.t, "t", Self.texts.map(Optional.some) + [nil])
        case 5: leaf(\.tn, "tn", Self.texts.map(Optional.some) + [nil])
        case 6: leaf(\.tr, "tr", Self.texts.map(Optional.some) + [nil])
        case 7: leaf(\.tag, "tag", [0, 5, 20, 40])
        default: leaf(\.v, "v", (0..<8).map { _ in anyValue() })
        }
    }

    /// A condition tree of at most `depth` levels.
    mutating func condition(depth: Int) -> (Condition<Probe>, String, [SQLiteValue]) {
        if depth == 0 || chance(35) { return leaf() }
        let (left, leftSQL, leftArguments) = condition(depth: depth - 1)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return (!left, "NOT (\(leftSQL))", leftArguments)
        case 1:
            let (right, rightSQL, rightArguments) = condition(depth: depth - 1)
            return (left && right, "(\(leftSQL)) AND (\(rightSQL))", leftArguments + rightArguments)
        default:
            let (right, rightSQL, rightArguments) = condition(depth: depth - 1)
            return (left || right, "(\(leftSQL)) OR (\(rightSQL))", leftArguments + rightArguments)
        }
    }

    /// A whole request: a condition, up to three sort keys, sometimes a limit and an offset.
    mutating func request() -> (FetchRequest<Probe>, String, [SQLiteValue]) {
        let (condition, whereSQL, arguments) = condition(depth: 3)
        let columns: [(SortKey<Probe>, SortKey<Probe>, String)] = [
            (.ascending(\.id), .descending(\.id), "id"), (.ascending(\.i), .descending(\.i), "i"), (.ascending(\.r), .descending(\.r), "r"),
            (.ascending(\.n), .descending(\.n), "n"), (.ascending(\.x), .descending(\.x), "x"), (.ascending(\.t), .descending(\.t), "t"),
            (.ascending(\.tn), .descending(\.tn), "tn"), (.ascending(\.tr), .descending(\.tr), "tr"),
            (.ascending(\.v), .descending(\.v), "v"),
        ]
        var keys: [SortKey<Probe>] = []
        var orderSQL: [String] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let (ascending, descending, name) = pick(columns)
            let up = chance(50)
            keys.append(up ? ascending : descending)
            orderSQL.append("\(name) \(up ? "ASC" : "DESC")")
        }
        var request = FetchRequest<Probe>.all.filter(condition).sorted(by: keys)
        var sql = "SELECT tag FROM probe WHERE \(whereSQL) ORDER BY \((orderSQL + ["id"]).joined(separator: ", "))"
        var all = arguments
        if chance(40) {
            let (limit, offset) = (Int.random(in: 0...12, using: &random), chance(50) ? Int.random(in: 0...8, using: &random) : 0)
            request = request.limit(limit).offset(offset)
            sql += " LIMIT ? OFFSET ?"
            all += [.integer(Int64(limit)), .integer(Int64(offset))]
        }
        return (request, sql, all)
    }
}
