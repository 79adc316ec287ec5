/// Collects the rules written in the trailing closure of a ``FieldDescriptor``, separated
/// by `;`, with `if`, `if`/`else` and `for` allowed.
///
/// Separate the rules with `;`: Swift reads a line that starts with `.` as a continuation
/// of the line before (`.required` then `.length(3...12)` on the next line would be one
/// chained expression, which does not compile), so rules need the semicolon between them.
///
/// ```swift
/// Field(\.code, "code", label: "Product code", trims: true) {
///     .required; .length(3...12)
///     if strict { .format(/[A-Z0-9-]+/, message: "Use capital letters, digits and hyphens") }
/// }
/// ```
@resultBuilder
public enum FieldRuleBuilder<Root, Value: FieldValue> {
    /// A rule.
    /// - Parameter rule: One rule, usually written with a leading dot (`.required`).
    /// - Returns: The rule as a one-element list.
    public static func buildExpression(_ rule: FieldRule<Root, Value>) -> [FieldRule<Root, Value>] { [rule] }

    /// A list of rules, as one line: `[.required, .length(2...120)]`, which needs no `;` between rules.
    /// - Parameter rules: The rules, in order.
    /// - Returns: The same list.
    public static func buildExpression(_ rules: [FieldRule<Root, Value>]) -> [FieldRule<Root, Value>] { rules }

    /// The rules of a block, in order.
    /// - Parameter parts: The lists of the block's lines.
    /// - Returns: All the rules, in the order written.
    public static func buildBlock(_ parts: [FieldRule<Root, Value>]...) -> [FieldRule<Root, Value>] { parts.flatMap { $0 } }

    /// The rules of an `if` without `else`.
    /// - Parameter part: The rules when the condition holds, `nil` otherwise.
    /// - Returns: Those rules, or none.
    public static func buildOptional(_ part: [FieldRule<Root, Value>]?) -> [FieldRule<Root, Value>] { part ?? [] }

    /// The rules of the first branch of an `if`/`else`.
    /// - Parameter part: The branch's rules.
    /// - Returns: The same rules.
    public static func buildEither(first part: [FieldRule<Root, Value>]) -> [FieldRule<Root, Value>] { part }

    /// The rules of the second branch of an `if`/`else`.
    /// - Parameter part: The branch's rules.
    /// - Returns: The same rules.
    public static func buildEither(second part: [FieldRule<Root, Value>]) -> [FieldRule<Root, Value>] { part }

    /// The rules of a `for` loop.
    /// - Parameter parts: The rules of each iteration.
    /// - Returns: All of them, in order.
    public static func buildArray(_ parts: [[FieldRule<Root, Value>]]) -> [FieldRule<Root, Value>] { parts.flatMap { $0 } }
}

/// Collects the fields written in the trailing closure of a ``Validator``: one
/// ``FieldDescriptor`` (`Field(…)`) per line, with `if`, `if`/`else` and `for` allowed.
@resultBuilder
public enum FieldListBuilder<Root> {
    /// A field.
    /// - Parameter field: One field declaration.
    /// - Returns: The field as a one-element list.
    public static func buildExpression(_ field: FieldDescriptor<Root>) -> [FieldDescriptor<Root>] { [field] }

    /// The fields of a block, in order.
    /// - Parameter parts: The lists of the block's lines.
    /// - Returns: All the fields, in the order written.
    public static func buildBlock(_ parts: [FieldDescriptor<Root>]...) -> [FieldDescriptor<Root>] { parts.flatMap { $0 } }

    /// The fields of an `if` without `else`.
    /// - Parameter part: The fields when the condition holds, `nil` otherwise.
    /// - Returns: Those fields, or none.
    public static func buildOptional(_ part: [FieldDescriptor<Root>]?) -> [FieldDescriptor<Root>] { part ?? [] }

    /// The fields of the first branch of an `if`/`else`.
    /// - Parameter part: The branch's fields.
    /// - Returns: The same fields.
    public static func buildEither(first part: [FieldDescriptor<Root>]) -> [FieldDescriptor<Root>] { part }

    /// The fields of the second branch of an `if`/`else`.
    /// - Parameter part: The branch's fields.
    /// - Returns: The same fields.
    public static func buildEither(second part: [FieldDescriptor<Root>]) -> [FieldDescriptor<Root>] { part }

    /// The fields of a `for` loop.
    /// - Parameter parts: The fields of each iteration.
    /// - Returns: All of them, in order.
    public static func buildArray(_ parts: [[FieldDescriptor<Root>]]) -> [FieldDescriptor<Root>] { parts.flatMap { $0 } }
}
