extension FieldDescriptor {
    /// Declares a field whose property holds text that stands for a typed value (``TypedText``):
    /// a text that is no value reports the parse's error; otherwise the rules run on the parsed
    /// value (`nil` for a blank text). Edits are compared by the text's bytes.
    /// - Parameters:
    ///   - keyPath: The text property.
    ///   - name: The stable identifier of the field, used in ``FieldError/field``.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted format before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - parsing: How the text stands for the value.
    ///   - rules: The rules on the parsed value, in the order they run; only the first failing one is reported.
    @inlinable
    public init<Value>(
        _ keyPath: WritableKeyPath<Root, String> & Sendable, _ name: String, label: String, help: String? = nil,
        accessibilityHint: String? = nil, parsing: TypedText<Value>, rules: [FieldRule<Root, Value?>] = []
    ) {
        self.name = name
        self.label = label
        self.help = help
        self.accessibilityHint = accessibilityHint
        self.trims = false
        self.normalization = nil
        self.ruleCount = rules.count + 1
        self.isDeclared = true
        let property = PropertyAccess(keyPath)
        self.firstFailure = { root, mode in
            let parsed: Value?
            switch parsing.parse(property.get(root)) {
            case .failure(let code, let message): return FieldError(field: name, code: code, message: message)
            case .empty: parsed = nil
            case .value(let value): parsed = value
            }
            for rule in rules {
                if let failure = rule.failure(for: parsed, in: root, mode: mode) {
                    return FieldError(field: name, code: failure.code, message: failure.message)
                }
            }
            return nil
        }
        self.trim = { _ in }
        self.sameValue = { a, b in String.isSameFieldValue(property.get(a), property.get(b)) }
    }
}
