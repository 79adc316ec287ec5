extension Condition {
    /// Rows matching both conditions (`AND`): false when either is false, NULL when neither is
    /// false and one is NULL.
    public static func && (lhs: Condition, rhs: Condition) -> Condition {
        if lhs.expression.isTrue { return rhs }
        if rhs.expression.isTrue { return lhs }
        return Condition(.and(lhs.expression, rhs.expression))
    }

    /// Rows matching either condition (`OR`): true when either is true, NULL when neither is
    /// true and one is NULL.
    public static func || (lhs: Condition, rhs: Condition) -> Condition { Condition(.or(lhs.expression, rhs.expression)) }

    /// The negation (`NOT`); see ``not(_:)``.
    public static prefix func ! (condition: Condition) -> Condition { not(condition) }

    /// `"c" op ?` for a declared column.
    static func compare<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>, _ op: ComparisonOperator, _ value: Value)
        -> Condition
    {
        column(keyPath) { column in .comparison(column: column, op, stored(value, column: column)) }
    }
}

/// Rows whose column equals `value` with the column's affinity and collation (`=`);
/// `== nil` is `IS NULL`.
public func == <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.column(lhs) { column in
        let value = Condition<Root>.stored(rhs, column: column)
        return value.isNull ? .isNull(column: column) : .comparison(column: column, .equal, value)
    }
}

/// Rows whose column differs from `value` (`<>`, NULL when the column is NULL); `!= nil` is `IS NOT NULL`.
public func != <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.column(lhs) { column in
        let value = Condition<Root>.stored(rhs, column: column)
        return value.isNull ? .not(.isNull(column: column)) : .comparison(column: column, .notEqual, value)
    }
}

/// Rows whose column sorts before `value` in SQLite's order (numbers before text before
/// blobs; text by the column's collation); NULL matches nothing.
public func < <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.compare(lhs, .less, rhs)
}

/// Rows whose column sorts before or equals `value` (`<=`).
public func <= <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.compare(lhs, .lessOrEqual, rhs)
}

/// Rows whose column sorts after `value` (`>`).
public func > <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.compare(lhs, .greater, rhs)
}

/// Rows whose column sorts after or equals `value` (`>=`).
public func >= <Root: Entity, Value: DatabaseValueConvertible>(lhs: KeyPath<Root, Value>, rhs: Value) -> Condition<Root> {
    Condition.compare(lhs, .greaterOrEqual, rhs)
}
