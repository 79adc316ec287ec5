extension QueryEvaluator {
    /// The operands of a long `IN` list compared by `BINARY` collation, as hash sets: a row is
    /// matched in O(1) rather than against each operand (a relationship read for 10,000 parents
    /// evaluates an `IN` of 10,000 keys over every registered row).
    ///
    /// Under `BINARY`, two values are equal when they are the same storage class and bytes, or
    /// both numbers of equal value (an INTEGER and a REAL compare exactly); a REAL holding an
    /// integer is hashed as that INTEGER, so set membership is that equality. See
    /// [Comparison Expressions](https://www.sqlite.org/datatype3.html#comparison_expressions).
    struct ValueSet {
        /// The operands as the column's affinity converts them.
        let converted: Set<SQLiteValue>
        /// The operands as bound.
        let raw: Set<SQLiteValue>
        /// Whether a converted or a raw operand is NULL (then a row not found is NULL, not FALSE).
        let convertedHasNull: Bool
        let rawHasNull: Bool

        /// The sets of `operands`; `nil` for a short list, where the linear scan costs less.
        init?(_ operands: [Operand], collation: Collation) {
            guard collation == .binary, operands.count > 16 else { return nil }
            converted = Set(operands.map { ValueSet.hashable($0.converted) })
            raw = Set(operands.map { ValueSet.hashable($0.raw) })
            convertedHasNull = operands.contains { $0.converted.isNull }
            rawHasNull = operands.contains { $0.raw.isNull }
        }

        /// SQL's `value IN (…)` for a non-NULL value: the form of the operands compared is the one
        /// ``Operand/against(_:affinity:)`` chooses.
        func contains(_ value: SQLiteValue, affinity: Affinity) -> Bool? {
            let useRaw = affinity == .text && !value.isText
            if (useRaw ? raw : converted).contains(Self.hashable(value)) { return true }
            return (useRaw ? rawHasNull : convertedHasNull) ? nil : false
        }

        /// A REAL holding an integer exactly, as that INTEGER; any other value as it is.
        static func hashable(_ value: SQLiteValue) -> SQLiteValue {
            if case let .real(real) = value, let integer = Int64(exactly: real) { return .integer(integer) }
            return value
        }
    }
}
