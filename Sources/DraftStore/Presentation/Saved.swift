/// What a save returns: the entity as stored (real key, store-maintained values) and its key,
/// present and real — never `nil`, never temporary — so the caller needs no `!`.
///
/// ```swift
/// let saved = try item.save()
/// saved.name                                            // the entity's properties, read through
/// let edit = try store.presentEdit(Author.self, key: saved.key)
/// let id: Int64 = saved.rowID                           // an INTEGER PRIMARY KEY, typed
/// ```
@dynamicMemberLookup
public struct Saved<E: Entity> {
    /// The entity as stored.
    public let entity: E
    /// The row's key in the store: the values of its primary-key columns.
    public let key: RowKey

    /// Makes the result of a save.
    /// - Parameters:
    ///   - entity: The entity as stored.
    ///   - key: Its key in the store.
    init(entity: E, key: RowKey) {
        self.entity = entity
        self.key = key
    }

    /// A property of the saved entity.
    /// - Parameter keyPath: The property.
    public subscript<Value>(dynamicMember keyPath: KeyPath<E, Value>) -> Value {
        entity[keyPath: keyPath]
    }

    /// The integer key of a row whose key is one INTEGER column (an `INTEGER PRIMARY KEY`, a
    /// rowid): the id SQLite assigned, as `Int64`. For another key (TEXT, composite) use ``key``;
    /// there this is 0.
    public var rowID: Int64 { key.integerValue ?? 0 }
}

extension Saved: Sendable where E: Sendable {}
extension Saved: Equatable where E: Equatable {}
extension Saved: Hashable where E: Hashable {}
