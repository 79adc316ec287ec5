/// The default validator of each entity type (``Entity/validator``), made at its first use
/// from the schema's columns and kept for the process: a form and a save ask for it often.
enum EntityValidators {
    /// The validators made so far, by entity type.
    private static let made = Lock<[ObjectIdentifier: any Sendable]>([:])

    /// The validator of `type` made from its schema's columns (``Validator/init(label:fields:)``
    /// with no fields of its own).
    /// - Complexity: O(*c*) in the columns at the first call for a type; then one lookup.
    static func validator<E: Entity>(of type: E.Type) -> Validator<E> {
        if let known = made.withLock({ $0[ObjectIdentifier(type)] }) as? Validator<E> { return known }
        let validator = Validator<E>(fields: [])
        made.withLock { $0[ObjectIdentifier(type)] = validator }
        return validator
    }
}
