/// A type a command-line value is read as: its declaration says which texts the parser accepts
/// (any text, a whole number, or one of a set of words), so a wrong value is refused while parsing,
/// naming the option, before the command sees it.
///
/// ```swift
/// enum Shell: String, CaseIterable, ArgumentValue { case bash, zsh, fish }
/// Shell.argumentKind          // .choice(["bash", "zsh", "fish"])
/// Shell(argument: "zsh")      // .zsh
/// ```
protocol ArgumentValue: ParameterValue, Sendable where Parsed == Self {
    /// Which texts the parser accepts for a value of this type (shown in help and completions).
    static var argumentKind: OptionSpec.Kind { get }
    /// The value a text stands for; `nil` for a text ``argumentKind`` does not accept.
    /// - Parameter argument: The text given on the command line.
    init?(argument: String)
    /// The value as typed on a command line; help shows it as an option's default.
    var argumentText: String { get }
}

/// A property type a parameter fills: a value (``ArgumentValue``), or an optional one, `nil` until given.
protocol ParameterValue {
    /// The type a given text is read as.
    associatedtype Parsed: ArgumentValue
    /// Whether the property may stay absent; a positional argument of this type is then optional.
    static var isOptional: Bool { get }
    /// The property's value once `parsed` is given.
    /// - Parameter parsed: The value read from the command line.
    init(parsed: Parsed)
    /// What help shows as the default when this is the property's initial value; `nil` for none.
    var defaultText: String? { get }
}

extension ArgumentValue {
    static var isOptional: Bool { false }
    init(parsed: Self) { self = parsed }
    var defaultText: String? { argumentText }
}

extension Optional: ParameterValue where Wrapped: ArgumentValue {
    static var isOptional: Bool { true }
    init(parsed: Wrapped) { self = parsed }
    var defaultText: String? { self?.argumentText }
}

extension String: ArgumentValue {
    static var argumentKind: OptionSpec.Kind { .text }
    init?(argument: String) { self = argument }
    var argumentText: String { self }
}

extension Int: ArgumentValue {
    static var argumentKind: OptionSpec.Kind { .integer }
    init?(argument: String) { self.init(argument) }
    var argumentText: String { String(self) }
}

extension Int64: ArgumentValue {
    static var argumentKind: OptionSpec.Kind { .integer }
    init?(argument: String) { self.init(argument) }
    var argumentText: String { String(self) }
}

/// An enumeration of words is a choice: its raw values, in declaration order.
extension ArgumentValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var argumentKind: OptionSpec.Kind { .choice(allCases.map(\.rawValue)) }
    init?(argument: String) { self.init(rawValue: argument) }
    var argumentText: String { rawValue }
}
