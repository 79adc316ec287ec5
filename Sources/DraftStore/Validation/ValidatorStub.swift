// TEMPORARY until the validation branch merges.
public struct Validator<Root>: Sendable {
    public init() {}
    public func errors(in value: Root) -> [FieldError] { [] }
    public func normalized(_ value: Root) -> Root { value }
}
public struct FieldError: Error, Sendable, Hashable {
    public enum Source: Sendable, Hashable { case local, store }
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public static let notUnique: Code = "notUnique"
        public static let required: Code = "required"
        public static let invalidReference: Code = "invalidReference"
        public static let constraintViolated: Code = "constraintViolated"
        public static let deleted: Code = "deleted"
    }
    public var field: String
    public var code: Code
    public var message: String
    public var source: Source
    public init(field: String, code: Code, message: String, source: Source = .local) {
        self.field = field; self.code = code; self.message = message; self.source = source
    }
}
