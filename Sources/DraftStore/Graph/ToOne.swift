/// A to-one relationship: a child row's reference columns name one parent row (a book's author,
/// a track's album). Declared once, from the foreign key: the reference column is the one the
/// child's ``EntitySchema`` already declares, and the parent's columns it points at (its key, or
/// another unique column set) come from `PRAGMA foreign_key_list` where the schema has the key,
/// else from the column's ``Column/reference(_:_:to:field:)`` declaration (the parent's key).
///
/// ```swift
/// extension Book {
///     static let author = ToOne<Book, Author>(\.authorID)
/// }
/// extension Author {
///     static let books = Book.author.inverse.sorted(by: .ascending(\.title))
/// }
/// let author = try context.parent(of: book, Book.author)
/// let books = try context.children(of: author!, Author.books)
/// ```
public struct ToOne<Child: Entity, Parent: Entity>: Sendable {
    /// The child's reference columns (snapshot indexes), in the foreign key's order; empty when
    /// the relationship is the one foreign key from the child's table to the parent's.
    let childColumns: [Int]
    /// The key path that is no declared column, when one is.
    let undeclared: String?

    /// The relationship through one reference column of the child.
    /// - Parameter keyPath: A declared column of `Child` that references `Parent`.
    public init<Value>(_ keyPath: KeyPath<Child, Value>) { self.init(keyPaths: [keyPath]) }

    /// The relationship through several reference columns of the child (a composite foreign key),
    /// in the key's order.
    /// - Parameter keyPaths: Declared columns of `Child`.
    public init(keyPaths: [PartialKeyPath<Child>]) {
        var columns: [Int] = []
        var undeclared: String?
        for keyPath in keyPaths {
            let wanted: AnyKeyPath = keyPath
            if let index = Child.schema.columns.firstIndex(where: { $0.keyPath == wanted }) {
                columns.append(index)
            } else {
                undeclared = undeclared ?? String(describing: keyPath)
            }
        }
        self.childColumns = columns
        self.undeclared = undeclared
    }

    /// The relationship read from the schema: the one foreign key of the child's table that
    /// references the parent's table (`PRAGMA foreign_key_list`), or the one column the child
    /// declares as a reference to `Parent`.
    public init() {
        childColumns = []
        undeclared = nil
    }

    /// The inverse to-many relationship: a parent's children, in key order until sorted
    /// (``ToMany/sorted(by:)``).
    public var inverse: ToMany<Parent, Child> { ToMany(self, order: []) }
}
