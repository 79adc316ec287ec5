// A test-only stand-in for the SwiftUI declarations Bookshelf's SwiftUI sources use, with the
// signatures Apple documents, so those sources type-check on Linux (where SwiftUI does not
// exist). Nothing here draws anything; bodies of primitive views are never called.

/// A piece of user interface (SwiftUI's `View`): main-actor isolated, with a body built by ``ViewBuilder``.
@MainActor @preconcurrency
public protocol View {
    /// The type of the view's body.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// Builds views from closures of view expressions (SwiftUI's `ViewBuilder`).
@resultBuilder @MainActor @preconcurrency
public enum ViewBuilder {
    /// An empty closure.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// One view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Several views, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// The first branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<
        TrueContent, FalseContent
    > {
        ConditionalContent(first: first)
    }
    /// The second branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<
        TrueContent, FalseContent
    > {
        ConditionalContent(second: second)
    }
}

/// A view that shows nothing.
public struct EmptyView: View {
    /// Makes an empty view.
    public init() {}
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// Several views built by one closure.
public struct TupleView<T>: View {
    /// The views.
    public let value: T
    /// Wraps the views.
    public init(_ value: T) { self.value = value }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// One of two views, chosen by an `if`/`else`.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// The branch taken: the first view, or the second.
    public let first: TrueContent?
    /// The second view, when the `else` branch was taken.
    public let second: FalseContent?
    init(first: TrueContent) {
        self.first = first
        self.second = nil
    }
    init(second: FalseContent) {
        self.first = nil
        self.second = second
    }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

extension Optional: View where Wrapped: View {
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// A view with a modifier applied (the result of `.sheet`, `.toolbar`, `.disabled`).
public struct ModifiedContent<Content: View>: View {
    /// The view modified.
    public let content: Content
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}
