import Observation

/// A property whose value a view reads and writes (SwiftUI's `DynamicProperty`).
public protocol DynamicProperty {}

/// Two-way access to a value owned elsewhere (SwiftUI's `Binding`); `$value.field` reaches a
/// field of it.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding reading and writing through two closures.
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Writes a new value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a field of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

/// A value a view owns (SwiftUI's `State`); `$value` is a ``Binding`` to it.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    /// State starting at a value.
    /// - Parameter wrappedValue: The first value.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.box.value }, set: { self.box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State starting at `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// Bindings to the properties of an observable object (SwiftUI's `Bindable`): `$item.draft.name`.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    /// The object.
    public var wrappedValue: Value

    /// Wraps an observable object.
    /// - Parameter wrappedValue: The object.
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

    /// Wraps an observable object.
    /// - Parameter wrappedValue: The object.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

    /// The wrapper itself, for `$item.field`.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// The values a view's environment provides (SwiftUI's `EnvironmentValues`).
public struct EnvironmentValues {
    /// Makes the default environment.
    public init() {}

    /// Dismisses the current presentation.
    public var dismiss: DismissAction { DismissAction() }
}

/// Dismisses a presentation (SwiftUI's `DismissAction`); call it as a function.
public struct DismissAction {
    /// Dismisses the sheet or screen showing the view.
    @MainActor public func callAsFunction() {}
}

/// A value read from the view's environment (SwiftUI's `Environment`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the value at a key path of ``EnvironmentValues``.
    /// - Parameter keyPath: Such as `\.dismiss`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value.
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}
