import Foundation

/// Why a relationship (``ToOne``, ``ToMany``, ``ManyToMany``) cannot be followed: its columns
/// are not declared, or no foreign key (declared with the entity or in the schema) links the two
/// tables as it says.
///
/// ```swift
/// do {
///     _ = try context.children(of: author, Author.books)
/// } catch let error as RelationshipError {
///     print(error)  // no foreign key of books references authors ...
/// }
/// ```
public enum RelationshipError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The key path is not one of the entity's declared columns (``EntitySchema``).
    /// - Parameters:
    ///   - entity: The entity type's name.
    ///   - keyPath: The key path, as Swift describes it.
    case undeclaredColumn(entity: String, keyPath: String)
    /// Neither `PRAGMA foreign_key_list` nor the reference columns the entity declares
    /// link the child's columns to the parent's table.
    /// - Parameters:
    ///   - child: The child table.
    ///   - columns: The child's columns named by the relationship; empty when it names none.
    ///   - parent: The parent table.
    case noForeignKey(child: String, columns: [String], parent: String)
    /// The relationship names no column and several foreign keys link the two tables: name the
    /// reference column (`ToOne(\.column)`).
    /// - Parameters:
    ///   - child: The child table.
    ///   - parent: The parent table.
    case ambiguous(child: String, parent: String)
    /// The foreign key references parent columns the parent entity does not declare.
    /// - Parameters:
    ///   - parent: The parent table.
    ///   - columns: The referenced columns.
    case undeclaredParentColumns(parent: String, columns: [String])
    /// Children were moved in a list that has no order column to write the order into
    /// (``PresentedItem/children(_:orderedBy:)`` names one).
    /// - Parameter child: The child table.
    case noOrderColumn(child: String)
    /// A query condition follows a relationship of several columns (a composite foreign key);
    /// conditions on related rows follow one column.
    /// - Parameters:
    ///   - child: The child table.
    ///   - parent: The parent table.
    case compositeInQuery(child: String, parent: String)

    /// The problem in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.relationship(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a relationship that cannot be followed.
    /// - Parameter error: The error.
    public func relationship(_ error: RelationshipError) -> String {
        switch error {
        case let .undeclaredColumn(entity, keyPath):
            "\(keyPath) is not a declared column of \(entity); declare it in \(entity).schema to follow a relationship through it."
        case let .noForeignKey(child, columns, parent):
            "no foreign key of \(child)\(columns.isEmpty ? "" : " (" + columns.joined(separator: ", ") + ")") references \(parent); "
                + "declare the column with .reference(_:_:to:) or add a FOREIGN KEY clause."
        case let .ambiguous(child, parent):
            "several foreign keys of \(child) reference \(parent); name the reference column of the relationship."
        case let .undeclaredParentColumns(parent, columns):
            "the foreign key references \(parent) (\(columns.joined(separator: ", "))), which its entity does not declare; declare those columns."
        case let .compositeInQuery(child, parent):
            "the relationship from \(child) to \(parent) has several columns; filter by each column of \(parent)'s key instead."
        case let .noOrderColumn(child):
            "\(child) has no order column in this form; present the children with children(_:orderedBy:) to reorder them."
        }
    }
}
