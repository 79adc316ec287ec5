extension FormState {
    /// Replaces the value without counting it as an edit: no field becomes edited, the
    /// revision and undo history stay (used when the store's values are taken in a rebase).
    func replaceKeepingHistory(with value: Value) {
        current = value
        observed.valueVersion &+= 1
    }
}
