/// A scrolling list of rows (SwiftUI's `List`).
public struct List<Content: View>: View {
    /// The rows.
    public let content: Content
    /// A list of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// A titled group of rows in a list or form (SwiftUI's `Section`).
public struct Section<Content: View>: View {
    /// The header's text.
    public let title: String
    /// The rows.
    public let content: Content
    /// A section with a text header.
    /// - Parameters:
    ///   - title: The header.
    ///   - content: The rows.
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) {
        self.title = String(title)
        self.content = content()
    }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for identifiable elements (SwiftUI's `ForEach(_:content:)`).
    /// - Parameters:
    ///   - data: The elements.
    ///   - content: The view of one element.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}
