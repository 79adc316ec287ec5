import Foundation
import Observation

/// The children of a presented parent (an author's books, an order's lines), edited in the
/// parent's ``PresentedItem``: in its child context, with its undo and redo, its dry run, its
/// draft journal, saved with the draft in one transaction and dropped by its cancel.
///
/// ```swift
/// let item = try store.presentNew(Author(name: "Octavia Butler"))
/// let books = try item.children(Author.books)
/// let kindred = try books.add(Book(title: "Kindred"))   // author_id: the draft's temporary key
/// books.errors(for: kindred)                            // its local rules and store refusals
/// try item.save()                                       // the author and her books, or nothing
/// ```
///
/// ``rows`` keeps the order of the form's edits (a new child at the end, an edited one in its
/// place); read again (``reload()``, or after an undo), it is the relationship's declared order.
/// Like its item it is not `Sendable`.
@Observable
public final class PresentedChildren<Parent: Entity, Child: Entity> {
    /// The children, as the form shows them.
    public private(set) var rows: [Child] = []
    /// The item whose draft is the parent.
    @ObservationIgnored unowned let item: PresentedItem<Parent>
    @ObservationIgnored let relationship: ToMany<Parent, Child>
    @ObservationIgnored let link: ToOne<Child, Parent>.Link
    @ObservationIgnored let position: WritableKeyPath<Child, Int64>?
    /// How each child edited here names its errors, by its key in the context.
    @ObservationIgnored var tracked: [RowKey: RelatedObject] = [:]
    /// The keys of the children added here (checked as new rows).
    @ObservationIgnored var added: Set<RowKey> = []

    init(
        item: PresentedItem<Parent>, relationship: ToMany<Parent, Child>, link: ToOne<Child, Parent>.Link,
        position: WritableKeyPath<Child, Int64>?
    ) {
        self.item = item
        self.relationship = relationship
        self.link = link
        self.position = position
    }

    /// Reads the children again in the item's context: the relationship's declared order (by
    /// the order column when there is one), unsaved changes included.
    /// - Throws: What ``ObjectContext/children(of:_:)-([P],_)`` throws.
    public func reload() throws {
        let order = position.map { [SortKey<Child>.ascending($0)] + relationship.order } ?? relationship.order
        rows = try item.context.children(of: item.draft, ToMany(relationship.inverse, order: order))
    }

    /// Adds a child: its reference columns take the draft's key (temporary in an add form), its
    /// order column the next position; inserted in the item's context and shown at the end.
    /// - Parameter child: The new child; its key may be `nil` where SQLite assigns keys.
    /// - Returns: The child as inserted, with its key (temporary where SQLite assigns it).
    /// - Throws: ``Misuse/itemFinished(saved:)`` when the item is finished; what
    ///   ``ObjectContext/insert(_:)`` throws. Nothing changes then.
    @discardableResult
    public func add(_ child: Child) throws -> Child {
        try checkOpen()
        var values = Child.schema.values(of: child)
        let parent = Parent.schema.values(of: item.draft)
        for (childColumn, parentColumn) in zip(link.child, link.parent) { values[childColumn] = parent[parentColumn] }
        var linked = try Child.schema.entity(values: values)
        if let position { linked[keyPath: position] = (rows.map { $0[keyPath: position] }.max() ?? -1) + 1 }
        let before = item.context.rowsSnapshot()
        let inserted = try item.context.insert(linked)
        let key = Child.schema.key(of: inserted)!
        added.insert(key)
        track(key)
        rows.append(inserted)
        item.recordChildStep(before: before)
        return inserted
    }

    /// Removes a child: deleted in the item's context (a stored one, with what SQLite's
    /// `ON DELETE` actions do to its own children; a new one, dropped).
    /// - Parameter child: One of ``rows``.
    /// - Throws: ``Misuse/itemFinished(saved:)`` when the item is finished; what
    ///   ``ObjectContext/delete(_:)`` throws.
    public func remove(_ child: Child) throws {
        try checkOpen()
        let key = Child.schema.key(of: child)
        let before = item.context.rowsSnapshot()
        try item.context.delete(child)
        rows.removeAll { Child.schema.key(of: $0) == key }
        item.recordChildStep(before: before)
    }

    /// Records a child's new values (an edit in its row of the form); it keeps its place in ``rows``.
    /// - Parameter child: One of ``rows`` with new values, its key unchanged.
    /// - Throws: ``Misuse/itemFinished(saved:)`` when the item is finished; what
    ///   ``ObjectContext/update(_:)`` throws.
    public func update(_ child: Child) throws {
        try checkOpen()
        let key = Child.schema.key(of: child)
        let before = item.context.rowsSnapshot()
        try item.context.update(child)
        if let key { track(key) }
        rows = rows.map { Child.schema.key(of: $0) == key ? child : $0 }
        item.recordChildStep(before: before)
    }

    /// Moves children, as a list's drag and drop does, and writes the new order into the order
    /// column: 0, 1, 2… in the order shown (only the rows whose position changes are updated).
    /// - Parameters:
    ///   - offsets: The offsets in ``rows`` of the children moved.
    ///   - destination: The offset they move to, in ``rows`` before the move.
    /// - Throws: ``RelationshipError/noOrderColumn(child:)`` when the list was not made with one
    ///   (``PresentedItem/children(_:orderedBy:)``); ``Misuse/itemFinished(saved:)``; what
    ///   ``ObjectContext/update(_:)`` throws.
    public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) throws {
        try checkOpen()
        guard let position else { throw RelationshipError.noOrderColumn(child: Child.schema.table.name) }
        let moved = offsets.map { rows[$0] }
        var order = rows.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        order.insert(contentsOf: moved, at: destination - offsets.count { $0 < destination })
        let before = item.context.rowsSnapshot()
        for index in order.indices where order[index][keyPath: position] != Int64(index) {
            order[index][keyPath: position] = Int64(index)
            try item.context.update(order[index])
            track(Child.schema.key(of: order[index])!)
        }
        rows = order
        item.recordChildStep(before: before)
    }

    /// A child's errors, named by its own fields (`title`, as its row of the form shows them):
    /// its local rules, then the store's refusals of the last save attempt or dry run.
    /// - Parameter child: One of ``rows``.
    /// - Returns: The errors; empty when none.
    public func errors(for child: Child) -> [FieldError] {
        let key = Child.schema.key(of: child)
        let mode: FormMode = key.map(added.contains) == true ? .adding : .editing
        let object = StoreRejection.Object(table: Child.schema.table.name, key: key?.values ?? [])
        let prefix = key.flatMap { tracked[$0]?.prefix }.map { $0 + "." } ?? ""
        let refused = item.form.storeErrors.filter { $0.rejection?.object == object }.map { error in
            var own = error
            own.fields = error.fields.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            own.field = own.fields.first ?? ""
            return own
        }
        return Child.validator.errors(in: child, mode: mode) + refused
    }

    /// The local errors of the children edited here, named on each child (`books[2].title`).
    func allErrors() -> [FieldError] {
        rows.flatMap { child -> [FieldError] in
            guard let key = Child.schema.key(of: child), let related = tracked[key] else { return [] }
            return Child.validator.errors(in: child, mode: added.contains(key) ? .adding : .editing).map(related.placed)
        }
    }

    /// Names the child's errors and runs its checks at save, once.
    private func track(_ key: RowKey) {
        if tracked[key] == nil { tracked[key] = item.trackRelated(Child.self, key: key) }
    }

    private func checkOpen() throws {
        guard !item.isFinished else { throw Misuse.itemFinished(saved: item.wasSaved) }
    }
}
