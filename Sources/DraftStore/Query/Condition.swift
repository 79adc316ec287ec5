import Foundation

/// A condition on the rows of one entity's table, built from its key paths: what
/// ``DraftStore/FetchRequest/filter(_:)`` keeps.
///
/// It has SQL's meaning everywhere: the store runs it as a `WHERE` clause, and a context
/// evaluates it over the rows as it sees them (its unsaved changes included) with the same
/// rules — NULL's three-valued logic (a comparison with NULL is neither true nor false, so
/// `!(\.year > 2000)` leaves out rows without a year), each column's affinity and collation
/// (`BINARY`, `NOCASE`, `RTRIM`), integers and reals compared exactly, and text matching by
/// `CaseFolding` across all of Unicode.
///
/// ```swift
/// let request = FetchRequest<Book>.all
///     .filter(\.year >= 1990 && (\.title == "Kindred" || .contains(\.title, "sea")) && !.isNull(\.authorID))
/// ```
///
/// `== nil` is `IS NULL` and `!= nil` is `IS NOT NULL`; any other comparison with NULL
/// matches no row, as in SQL. See [SQL Language Expressions](https://www.sqlite.org/lang_expr.html).
public struct Condition<Root: Entity>: Sendable {
    /// The condition without its type.
    let expression: QueryExpression

    init(_ expression: QueryExpression) { self.expression = expression }

    /// Every row: the condition of a request without filters.
    public static var always: Condition { Condition(.constant(true)) }

    /// No row.
    public static var never: Condition { Condition(.constant(false)) }

    /// Rows whose column is NULL (`"c" IS NULL`).
    /// - Parameter keyPath: A declared column of `Root`.
    public static func isNull<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>) -> Condition {
        column(keyPath) { .isNull(column: $0) }
    }

    /// Rows whose column is not NULL (`"c" IS NOT NULL`).
    /// - Parameter keyPath: A declared column of `Root`.
    public static func isNotNull<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>) -> Condition {
        column(keyPath) { .not(.isNull(column: $0)) }
    }

    /// Rows whose column equals one of `values` (`"c" IN (…)`): NULL when it equals none and
    /// the column or one of the values is NULL; an empty list matches no row.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - values: The values; compared with the column's affinity and collation.
    /// - Complexity: O(*values*) per row.
    public static func `in`<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>, _ values: [Value]) -> Condition {
        column(keyPath) { column in .oneOf(column: column, values.map { stored($0, column: column) }) }
    }

    /// Rows whose column lies in a half-open range: `"c" >= lower AND "c" < upper`.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - range: The range.
    public static func `in`<Value: DatabaseValueConvertible & Comparable>(_ keyPath: KeyPath<Root, Value>, _ range: Range<Value>)
        -> Condition
    {
        column(keyPath) { column in halfOpen(range, column: column) }
    }

    /// `"c" >= lower AND "c" < upper` for a declared column.
    private static func halfOpen<Value: DatabaseValueConvertible & Comparable>(_ range: Range<Value>, column: Int) -> QueryExpression {
        .and(
            .comparison(column: column, .greaterOrEqual, stored(range.lowerBound, column: column)),
            .comparison(column: column, .less, stored(range.upperBound, column: column)))
    }

    /// Rows whose column lies in a closed range: `"c" BETWEEN lower AND upper`.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - range: The range.
    public static func `in`<Value: DatabaseValueConvertible & Comparable>(
        _ keyPath: KeyPath<Root, Value>, _ range: ClosedRange<Value>
    ) -> Condition {
        between(keyPath, range.lowerBound, range.upperBound)
    }

    /// Rows whose optional column lies in a half-open range (NULL is in none): `"c" >= lower AND "c" < upper`.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - range: The range.
    public static func `in`<Value: DatabaseValueConvertible & Comparable>(_ keyPath: KeyPath<Root, Value?>, _ range: Range<Value>)
        -> Condition
    {
        column(keyPath) { column in halfOpen(range, column: column) }
    }

    /// Rows whose optional column lies in a closed range (NULL is in none): `"c" BETWEEN lower AND upper`.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - range: The range.
    public static func `in`<Value: DatabaseValueConvertible & Comparable>(
        _ keyPath: KeyPath<Root, Value?>, _ range: ClosedRange<Value>
    ) -> Condition {
        column(keyPath) { column in
            .between(column: column, stored(range.lowerBound, column: column), stored(range.upperBound, column: column))
        }
    }

    /// Rows whose column is at least `low` and at most `high` (`"c" BETWEEN ? AND ?`).
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - low: The smallest value kept.
    ///   - high: The largest value kept.
    public static func between<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>, _ low: Value, _ high: Value)
        -> Condition
    {
        column(keyPath) { column in .between(column: column, stored(low, column: column), stored(high, column: column)) }
    }

    /// Rows whose column contains `text`, ignoring case across all of Unicode
    /// (`CaseFolding`: `"STRASSE"` finds `"Straße"`), and accents when asked (`"sury"` finds
    /// `"Surý"`); every character matches itself (no wildcards), the empty text is in every
    /// non-NULL value, and a number is matched as SQLite writes it as text. The store's SQL and a
    /// context's rows match by the same function (`CaseFolding/fold(_:ignoringAccents:)`).
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - text: The text to look for.
    ///   - ignoringAccents: Whether an accented letter matches the letter without its accent; `false` by default.
    /// - Complexity: O(*n*) per row in the length of the column's text.
    public static func contains<Value: DatabaseValueConvertible>(
        _ keyPath: KeyPath<Root, Value>, _ text: String, ignoringAccents: Bool = false
    ) -> Condition {
        column(keyPath) { .text(column: $0, .contains, text, ignoringAccents: ignoringAccents) }
    }

    /// Rows whose text column equals `text` with ASCII letters compared without regard to case,
    /// as SQLite's `NOCASE` collation does (`é` and `É` differ): `column = ? COLLATE NOCASE`,
    /// which an index declared `COLLATE NOCASE` on the column serves. See
    /// [Collating sequences](https://www.sqlite.org/datatype3.html#collation).
    /// - Parameters:
    ///   - keyPath: A declared text column of `Root`.
    ///   - text: The text to match.
    public static func equalsIgnoringASCIICase(_ keyPath: KeyPath<Root, String>, _ text: String) -> Condition {
        column(keyPath) { .equalsIgnoringASCIICase(column: $0, text) }
    }

    /// Rows whose column starts with `text`, ignoring case (and accents when asked) as ``contains(_:_:ignoringAccents:)`` does.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - text: The prefix.
    ///   - ignoringAccents: Whether an accented letter matches the letter without its accent; `false` by default.
    public static func hasPrefix<Value: DatabaseValueConvertible>(
        _ keyPath: KeyPath<Root, Value>, _ text: String, ignoringAccents: Bool = false
    ) -> Condition {
        column(keyPath) { .text(column: $0, .hasPrefix, text, ignoringAccents: ignoringAccents) }
    }

    /// The rows for which `condition` is false (`NOT`): NULL stays NULL, so a row it says
    /// nothing about is in neither.
    /// - Parameter condition: The condition to negate.
    public static func not(_ condition: Condition) -> Condition { Condition(.not(condition.expression)) }

    /// A condition on one column, or an invalid one when the key path is not a declared column.
    static func column(_ keyPath: AnyKeyPath, _ make: (Int) -> QueryExpression) -> Condition {
        guard let index = Root.schema.columns.firstIndex(where: { $0.keyPath == keyPath }) else {
            return Condition(.invalid(.undeclaredColumn(entity: String(describing: Root.self), keyPath: String(describing: keyPath))))
        }
        return Condition(make(index))
    }

    /// A value as column `column` stores it: a `Date` through the column's declared encoding.
    static func stored<Value: DatabaseValueConvertible>(_ value: Value, column: Int) -> SQLiteValue {
        if let encoding = Root.schema.table.dateEncodings[column], let date = value as? Date { return encoding.encode(date) }
        if case let .real(real) = value.sqliteValue, real.isNaN { return .null }  // SQLite binds NaN as NULL
        return value.sqliteValue
    }
}
