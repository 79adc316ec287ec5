/// Which field a form should focus after a refused save: the first one, in field order, whose
/// problem stops the save.
///
/// ```swift
/// do { try item.save() } catch {
///     if let field = item.form.firstFieldNeedingAttention { focus(field) }
/// }
/// ```
extension FormState {
    /// The fields with a problem that blocks saving (a local error, a store rejection or an
    /// asynchronous-check error), in field order. Errors of names the validator does not declare
    /// (a deleted row's `id`, a related object's field) are left out: no field of this form shows them.
    public var fieldsNeedingAttention: [String] {
        let blocked = Set((errors + storeErrors + asyncCheckErrors).map(\.field))
        return fieldOrder.filter { blocked.contains($0) }
    }

    /// The first field, in field order, that needs attention before the value can be saved;
    /// `nil` when no declared field has a problem.
    public var firstFieldNeedingAttention: String? {
        fieldsNeedingAttention.first
    }
}
