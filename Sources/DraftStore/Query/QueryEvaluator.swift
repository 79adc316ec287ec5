/// A ``QueryExpression`` compiled against one table, to evaluate it in Swift over rows as a
/// context sees them, with SQLite's meaning: three-valued logic, each column's affinity
/// applied to the compared value, each column's collation, exact integer–real comparison, and
/// `CaseFolding` for text matching.
///
/// Values bound to `?` have no affinity, so SQLite converts them to the column's: text that reads
/// as a number becomes one for an INTEGER, REAL or NUMERIC column; a number becomes text for a
/// TEXT column when the other side is text. Those conversions are SQLite's own, asked once per
/// query (``AffinityOracle``). See [Type Conversions Prior To Comparison](https://www.sqlite.org/datatype3.html#type_conversions_prior_to_comparison).
struct QueryEvaluator {
    /// A compared value: as bound, and as the column's affinity converts it.
    struct Operand {
        let raw: SQLiteValue
        let converted: SQLiteValue
        /// The value compared with a row's `value` under `affinity`.
        func against(_ value: SQLiteValue, affinity: Affinity) -> SQLiteValue {
            affinity == .text ? (value.isText ? converted : raw) : converted
        }
    }

    indirect enum Node {
        case constant(Bool)
        case comparison(column: Int, ComparisonOperator, Operand, Affinity, Collation)
        case oneOf(column: Int, [Operand], Affinity, Collation, ValueSet?)
        case isNull(column: Int)
        case text(column: Int, QueryExpression.TextMatch, needle: [UInt8], ignoringAccents: Bool)
        case and(Node, Node)
        case or(Node, Node)
        case not(Node)
    }

    let root: Node
    /// How matching rows sort.
    let order: QueryOrder
    /// Asked for a real's text, as `contains` on a column holding a real reads it.
    let oracle: AffinityOracle

    /// Compiles a plan's condition and order for its table.
    /// - Parameters:
    ///   - plan: The plan.
    ///   - info: The table, as the database describes it (affinities, collations).
    ///   - oracle: Asked how SQLite converts a compared value to a column's affinity.
    ///   - fallback: The collation used for one Swift cannot reproduce; `nil` refuses it.
    /// - Throws: ``QueryError`` for an undeclared column or (without a fallback) a collation
    ///   Swift cannot reproduce; ``SQLiteError`` when SQLite must convert a value and cannot.
    init(_ plan: QueryPlan, info: TableInfo, oracle: AffinityOracle, fallback: Collation? = nil) throws {
        if let error = plan.condition.error { throw error }
        self.oracle = oracle
        root = try Self.compile(plan.condition, info: info, oracle: oracle, fallback: fallback)
        order = try QueryOrder(plan, info: info)
    }

    /// The collation of a compared column, or the refusal.
    static func collation(_ column: Int, info: TableInfo, fallback: Collation? = nil) throws(QueryError) -> Collation {
        let name = info.collations[column]
        guard let collation = Collation(name: name) ?? fallback else {
            throw .unsupportedCollation(table: info.schema.name, column: info.schema.columns[column], collation: name)
        }
        return collation
    }

    private static func compile(_ expression: QueryExpression, info: TableInfo, oracle: AffinityOracle, fallback: Collation?) throws
        -> Node
    {
        let compile = { (inner: QueryExpression) throws -> Node in try Self.compile(inner, info: info, oracle: oracle, fallback: fallback) }
        let collation = { (column: Int) throws(QueryError) -> Collation in try Self.collation(column, info: info, fallback: fallback) }
        func operand(_ value: SQLiteValue, _ column: Int) throws -> Operand {
            let affinity = info.affinities[column]
            switch (affinity, value) {
            case (.integer, .text), (.real, .text), (.numeric, .text):
                return Operand(raw: value, converted: try oracle.storedForm(of: value, affinity: .numeric))
            case (.text, .integer), (.text, .real):
                return Operand(raw: value, converted: try oracle.storedForm(of: value, affinity: .text))
            default: return Operand(raw: value, converted: value)
            }
        }
        switch expression {
        case let .constant(value): return .constant(value)
        case .invalid: return .constant(false)
        // Never evaluated over rows: a context runs a plan that matches on the store (``QueryPlan/needsStore``).
        case .match: return .constant(true)
        // A context resolves related conditions into `IN` lists over its rows before it compiles
        // a plan (`ObjectContext.resolvingRelated(_:)`); no plan reaches here with one.
        case .related: return .constant(false)
        case let .comparison(column, op, value):
            return .comparison(column: column, op, try operand(value, column), info.affinities[column], try collation(column))
        case let .between(column, low, high):
            let (affinity, rule) = (info.affinities[column], try collation(column))
            return .and(
                .comparison(column: column, .greaterOrEqual, try operand(low, column), affinity, rule),
                .comparison(column: column, .lessOrEqual, try operand(high, column), affinity, rule))
        case let .oneOf(column, values):
            let (operands, rule) = (try values.map { try operand($0, column) }, try collation(column))
            return .oneOf(column: column, operands, info.affinities[column], rule, ValueSet(operands, collation: rule))
        case let .isNull(column): return .isNull(column: column)
        case let .equalsIgnoringASCIICase(column, text):
            return .comparison(column: column, .equal, try operand(.text(text), column), info.affinities[column], .nocase)
        case let .text(column, match, text, accents):
            return .text(
                column: column, match, needle: Array(CaseFolding.fold(text, ignoringAccents: accents).utf8), ignoringAccents: accents)
        case let .and(left, right): return .and(try compile(left), try compile(right))
        case let .or(left, right): return .or(try compile(left), try compile(right))
        case let .not(inner): return .not(try compile(inner))
        }
    }

    /// Whether a row's snapshot matches: only TRUE keeps a row (FALSE and NULL do not).
    /// - Throws: ``SQLiteError`` when a real must be read as text and SQLite cannot be asked.
    func matches(_ values: [SQLiteValue]) throws -> Bool { try evaluate(root, values) == true }

    /// SQL's three-valued result: `nil` is NULL.
    func evaluate(_ node: Node, _ values: [SQLiteValue]) throws -> Bool? {
        switch node {
        case let .constant(value): return value
        case let .comparison(column, op, operand, affinity, collation):
            let value = values[column].withoutNaN
            let other = operand.against(value, affinity: affinity)
            if value.isNull || other.isNull { return nil }
            return op.holds(collation.order(value, other))
        case let .oneOf(column, operands, affinity, collation, set):
            if operands.isEmpty { return false }
            let value = values[column].withoutNaN
            if value.isNull { return nil }
            if let set { return set.contains(value, affinity: affinity) }
            var sawNull = false
            for operand in operands {
                let other = operand.against(value, affinity: affinity)
                if other.isNull {
                    sawNull = true
                } else if collation.order(value, other) == 0 {
                    return true
                }
            }
            return sawNull ? nil : false
        case let .isNull(column): return values[column].withoutNaN.isNull
        case let .text(column, match, needle, accents): return try matchText(values[column].withoutNaN, match, needle, accents)
        case let .and(left, right):
            let a = try evaluate(left, values)
            if a == false { return false }
            let b = try evaluate(right, values)
            if b == false { return false }
            return a == nil || b == nil ? nil : true
        case let .or(left, right):
            let a = try evaluate(left, values)
            if a == true { return true }
            let b = try evaluate(right, values)
            if b == true { return true }
            return a == nil || b == nil ? nil : false
        case let .not(inner): return try evaluate(inner, values).map { !$0 }
        }
    }

    /// `instr(draftstore_fold(value), draftstore_fold(text))` (`draftstore_fold_accents` when
    /// accents are ignored): a number as SQLite writes it as text.
    private func matchText(_ value: SQLiteValue, _ match: QueryExpression.TextMatch, _ needle: [UInt8], _ accents: Bool) throws
        -> Bool?
    {
        let text: String
        switch value {
        case .null: return nil
        case let .text(string): text = string
        case let .integer(number): text = String(number)
        case .real:
            guard case let .text(string) = try oracle.storedForm(of: value, affinity: .text) else { return nil }
            text = string
        case let .blob(data): text = String(decoding: data, as: UTF8.self)
        }
        let haystack = Array(CaseFolding.fold(text, ignoringAccents: accents).utf8)
        switch match {
        case .hasPrefix: return haystack.starts(with: needle)
        case .contains:
            if needle.isEmpty { return true }
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
    }
}

extension SQLiteValue {
    /// Whether the value is text.
    var isText: Bool { if case .text = self { true } else { false } }

    /// NaN as NULL, as SQLite stores it.
    var withoutNaN: SQLiteValue { if case let .real(real) = self, real.isNaN { .null } else { self } }
}
