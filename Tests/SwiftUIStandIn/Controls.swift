/// Text on screen (SwiftUI's `Text`).
public struct Text: View {
    /// The text shown.
    public let content: String
    /// Shows a string as it is.
    public init(_ content: some StringProtocol) { self.content = String(content) }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// A button with an action (SwiftUI's `Button`).
public struct Button<Label: View>: View {
    /// The button's label.
    public let label: Label
    /// What a tap does.
    public let action: @MainActor () -> Void
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

extension Button where Label == Text {
    /// A button with a text label.
    /// - Parameters:
    ///   - title: The label.
    ///   - action: What a tap does.
    public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {
        self.label = Text(title)
        self.action = action
    }
}

/// An editable one-line text bound to a string (SwiftUI's `TextField`).
public struct TextField<Label: View>: View {
    /// The field's label.
    public let label: Label
    /// The text edited.
    public let text: Binding<String>
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

extension TextField where Label == Text {
    /// A text field with a title.
    /// - Parameters:
    ///   - title: The title (the placeholder and accessibility label).
    ///   - text: The text edited.
    public init(_ title: some StringProtocol, text: Binding<String>) {
        self.label = Text(title)
        self.text = text
    }
}

/// A container of form controls (SwiftUI's `Form`).
public struct Form<Content: View>: View {
    /// The controls.
    public let content: Content
    /// A form of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

/// Views made for each element of a collection (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements.
    public let data: Data
    /// The view of one element.
    public let content: (Data.Element) -> Content
    /// Views for elements identified by a key path.
    /// - Parameters:
    ///   - data: The elements.
    ///   - id: The key path to each element's identity.
    ///   - content: The view of one element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
    /// Primitive: no body.
    public var body: Never { fatalError("primitive") }
}

extension View {
    /// Presents a sheet while `item` is not `nil` (SwiftUI's `sheet(item:onDismiss:content:)`).
    /// - Parameters:
    ///   - item: The presented item; setting it to `nil` dismisses the sheet.
    ///   - onDismiss: Run after the sheet is dismissed.
    ///   - content: The sheet's view for the item.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        ModifiedContent(content: self)
    }

    /// Adds items to the toolbar (SwiftUI's `toolbar(content:)`).
    /// - Parameter content: The toolbar's items.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        ModifiedContent(content: self)
    }

    /// Disables the view's controls (SwiftUI's `disabled(_:)`).
    /// - Parameter disabled: Whether they are disabled.
    public func disabled(_ disabled: Bool) -> some View {
        ModifiedContent(content: self)
    }
}
