/// One section of a list grouped by a key path: the rows that share its key, in the request's
/// order. What `NSFetchedResultsController`'s sections and a grouped SwiftUI list show.
///
/// ```swift
/// ForEach(books.sections(by: \.authorID)) { section in
///     Section("\(section.key)") { ForEach(section.rows, id: \.id) { Text($0.title) } }
/// }
/// ```
public struct ListSection<Key: Hashable & Sendable, Element: Sendable>: Identifiable, Sendable {
    /// The value of the key path the section's rows share.
    public let key: Key
    /// The rows, in the request's order.
    public var rows: [Element]
    /// The key: sections of one list have different keys.
    public var id: Key { key }

    /// Groups rows by a key path into ordered sections.
    ///
    /// Sections come in the order their first row comes; a row joins the section of its key, so
    /// rows of one key form one section even when other rows come between them. Sort the
    /// request by the key first (`sorted(by: .ascending(\.authorID), .ascending(\.title))`) for
    /// sections in key order, as `NSFetchedResultsController` asks.
    /// - Parameters:
    ///   - rows: The rows, in order.
    ///   - keyPath: What groups them.
    /// - Returns: The sections; none for no rows.
    /// - Complexity: O(*n*) in the rows, with one hash lookup each.
    public static func grouping(_ rows: [Element], by keyPath: KeyPath<Element, Key>) -> [ListSection] {
        var sections: [ListSection] = []
        var positions: [Key: Int] = [:]
        for row in rows {
            let key = row[keyPath: keyPath]
            if let position = positions[key] {
                sections[position].rows.append(row)
            } else {
                positions[key] = sections.count
                sections.append(ListSection(key: key, rows: [row]))
            }
        }
        return sections
    }
}

extension ListSection: Equatable where Element: Equatable {}

extension ListModel {
    /// The rows grouped by a key path into ordered sections (``ListSection/grouping(_:by:)``).
    ///
    /// Derived from ``rows``, so it changes exactly when they do: once per commit that changes
    /// the request's result, never for one that leaves it as it was. A SwiftUI view that reads
    /// it is redrawn then.
    /// - Parameter keyPath: What groups the rows, such as `\.authorID`.
    /// - Returns: The sections, in the order of their first rows.
    /// - Complexity: O(*n*) in the rows.
    public func sections<Key: Hashable & Sendable>(by keyPath: KeyPath<Element, Key>) -> [ListSection<Key, Element>] {
        ListSection.grouping(rows, by: keyPath)
    }
}
