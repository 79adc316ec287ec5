/// A type a command-line value is read as: its declaration says which texts the parser accepts
/// (any text, a whole number, or one of a set of words), so a wrong value is refused while parsing,
/// naming the option, before the command sees it.
///
/// ```swift
/// enum Shell: String, CaseIterable, ArgumentValue { case bash, zsh, fish }
/// Shell.argumentKind          // .choice(["bash", "zsh", "fish"])
/// Shell(argument: "zsh")      // .zsh
/// ```
protocol ArgumentValue: Sendable {
    /// Which texts the parser accepts for a value of this type (shown in help and completions).
    static var argumentKind: OptionSpec.Kind { get }
    /// The value a text stands for; `nil` for a text ``argumentKind`` does not accept.
    /// - Parameter argument: The text given on the command line.
    init?(argument: String)
    /// The value as typed on a command line; help shows it as an option's default.
    var argumentText: String { get }
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
