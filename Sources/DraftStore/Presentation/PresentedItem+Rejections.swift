import CSQLite

/// A related object presented with an item's draft (``PresentedItem/insertRelated(_:)``): how
/// its errors are named (`books[1].title`) and labelled.
struct RelatedObject {
    /// The object, as store rejections name it.
    let object: StoreRejection.Object
    /// `books[1]`: the prefix of its errors' field names.
    let prefix: String
    /// The labels of its fields, by field name.
    let labels: [String: String]
    /// The visible name of its kind ("Book").
    let entity: String

    init<Related: Entity>(_: Related.Type, key: RowKey, number: Int) {
        object = StoreRejection.Object(table: Related.schema.table.name, key: key.values)
        prefix = "\(Related.schema.table.name)[\(number)]"
        labels = Dictionary(Related.validator.fields.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
        entity = Related.validator.label
    }

    /// An error about this object (local or the store's), named on it: its fields prefixed
    /// (`books[1].title`), or the object itself (`books[1]`) for the whole object, with the labels
    /// of its fields and the name of its kind.
    func placed(_ error: FieldError) -> FieldError {
        var placed = error
        placed.fields = error.fields.map { "\(prefix).\($0)" }
        placed.field = placed.fields.first ?? prefix
        placed.labels = error.fields.map { labels[$0] ?? DisplayName.label(column: $0) }
        placed.entity = entity
        return placed
    }
}

extension PresentedItem {
    /// The store's rejections placed where the form shows them: about the draft, under every
    /// field of the draft its columns map to (declared with a label or not) or, when no field
    /// owns them, on the whole record; about a related
    /// object, on that object (`books[1].title`, or `books[1]` for the whole object), never under
    /// a draft field of the same name; about any other row, on the whole record.
    func placed(_ errors: [FieldError]) -> [FieldError] {
        let draftObject = StoreRejection.Object(table: Draft.schema.table.name, key: Draft.schema.key(of: form.value)?.values ?? [])
        return errors.map { error in
            guard let rejection = error.rejection else { return error }
            var placed = error
            if rejection.object == draftObject {
                placed.fields = error.fields.filter { Draft.validator.field(named: $0) != nil }
                placed.field = placed.fields.first ?? ""
            } else if let related = relatedObjects.first(where: { $0.object == rejection.object }) {
                placed = related.placed(error)
            } else {
                placed.fields = []
                placed.field = ""
            }
            return placed
        }
    }

    /// The store's rejections of one related object presented with the draft, from the last save attempt.
    /// - Parameter related: The object, as ``insertRelated(_:)`` returned it.
    /// - Returns: Its store errors (under its fields, or of the whole object); empty when none.
    public func storeErrors<Related: Entity>(for related: Related) -> [FieldError] {
        let object = StoreRejection.Object(table: Related.schema.table.name, key: Related.schema.key(of: related)?.values ?? [])
        return form.storeErrors.filter { $0.rejection?.object == object }
    }

    /// What a failed ``ObjectContext/update(_:)`` of the draft means at save: its row is gone
    /// (a ``StoreRejection/Kind/rowDeleted`` rejection of the whole record), the database
    /// failed (`.storage`), or the context was misused (`.finished`).
    func updateFailure(_ error: any Error) -> SaveError {
        switch error {
        case let misuse as Misuse:
            return .finished(misuse)
        case let error as SQLiteError:
            // Reading the draft's base failed: a closed store is a misuse, anything else the storage's.
            return error.code == SQLITE_MISUSE ? .finished(.storeClosed) : .storage(error)
        case let error as ContextError where error.isMissingRow:
            let object = StoreRejection.Object(table: Draft.schema.table.name, key: Draft.schema.key(of: form.value)?.values ?? [])
            let rejection = StoreRejection(kind: .rowDeleted, table: object.table, object: object)
            return .rejected([FieldError(fields: [], code: .deleted, rejection: rejection)])
        case let error as ContextError:
            // A value the column would store as something its property cannot hold, or a key
            // emptied in the draft: the draft's fault, under its fields, in the provider's words.
            let table = Draft.schema.table
            var columns = table.keyColumns
            if case let .unreadableValue(_, _, column, _, _) = error {
                columns = table.columns.indices.filter { table.columns[$0] == column }
            }
            return .invalid(columns.map { FieldError(field: table.fields[$0], code: .invalidFormat, message: error.description) })
        default:
            return .finished(.contextDiscarded)
        }
    }
}
