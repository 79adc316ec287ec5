/// The default words of every error, in English: the one place they are written.
///
/// Labels come from the form's ``FieldDescriptor/label`` and ``Validator/label`` ("Another
/// author already has this e-mail"); a column or entity that declares none is named by words
/// made from its name (`product_code` → "product code", `ReorderRow` → "reorder row", a
/// foreign key's `products` → "product"; the rule is ``Validator/label``'s). No sentence holds
/// a Swift type's or a table's raw name.
public struct EnglishMessages: MessageProvider {
    /// Makes the English provider.
    public init() {}

    /// The words of a built-in local rule.
    /// - Parameter rule: Which rule failed.
    /// - Returns: What to do, in English.
    public func rule(_ rule: RuleMessage) -> String {
        switch rule {
        case .required: "Fill in this field"
        case let .wholeNumber(range): "Enter a whole number from \(range.lowerBound) to \(range.upperBound)"
        case let .digitsOnly(range):
            "Enter digits only, with no decimal point, spaces or letters (a whole number from \(range.lowerBound) to \(range.upperBound))"
        case let .atLeast(count): "Enter at least \(count) \(count == 1 ? "character" : "characters")"
        case let .atMost(count): "Enter at most \(count) \(count == 1 ? "character" : "characters")"
        case .email: "Enter an e-mail address like name@example.com"
        case let .emailTooLong(count): "Enter an e-mail address of at most \(count) characters"
        case .controlCharacters(allowingLineBreaks: false):
            "Remove the invisible or control characters (such as tabs, line breaks or direction marks)"
        case .controlCharacters(allowingLineBreaks: true): "Remove the invisible or control characters (such as direction marks)"
        case let .inclusion(choices):
            choices.count <= 5 && !choices.isEmpty
                ? "Choose one of: \(choices.joined(separator: ", "))" : "Choose one of the listed options"
        case .confirmation: "Enter exactly the same text again"
        case .acceptance: "Tick the box to accept"
        }
    }

    /// The words of a store rejection.
    /// - Parameter wording: The facts and labels.
    /// - Returns: What to do, in English.
    public func rejection(_ wording: RejectionWording) -> String {
        let rejection = wording.rejection
        let entity = Self.inSentence(wording.entity)
        let fields = Self.list(wording.labels.map(Self.inSentence))
        let onFields = !wording.labels.isEmpty
        switch rejection.kind {
        case .unique:
            if !onFields { return "Another \(entity) already has the same values; change them." }
            return wording.labels.count == 1
                ? "Another \(entity) already has this \(fields); enter a different one."
                : "Another \(entity) already has this \(fields); change one of them."
        case .primaryKey:
            return "Another \(entity) already has this key; save it as a new one."
        case .check:
            if onFields { return "This \(fields) is not allowed; change it." }
            return "This \(entity) breaks a rule of the database; change it."
        case .notNull:
            return onFields ? "Fill in \(fields)." : "This \(entity) lacks a value the database requires."
        case .foreignKey:
            let other = wording.relatedEntity.map(Self.inSentence) ?? "row"
            if onFields { return "The \(other) this \(fields) refers to does not exist (it may have been deleted); choose another." }
            return rejection.object.table == rejection.table && rejection.columns.isEmpty
                ? "Other \(other) records still refer to this \(entity); remove them first."
                : "This \(entity) refers to a \(other) that does not exist (it may have been deleted)."
        case .trigger:
            return rejection.message ?? "The database refused this \(entity)."
        case .rowDeleted:
            return "This \(entity) was deleted; save it as new or cancel."
        case .notANumber:
            return "Enter a number; NaN (not a number) cannot be stored."
        case .datatype:
            return onFields ? "This \(fields) has the wrong type for the database." : "This \(entity) has a value of the wrong type."
        case .generated:
            return onFields
                ? "The database computes this \(fields); it cannot be edited." : "This \(entity) changes a value the database computes."
        case .temporaryKey:
            let column = "\(rejection.table).\(rejection.columns.first ?? "?")"
            let key = rejection.values.first.map { "\($0)" } ?? "a temporary key"
            return
                "\(column) holds \(key), the temporary key of a new row saved with it, but is not known to hold a reference, so the key would be stored as data. Declare it as a reference (.reference(\"\(rejection.columns.first ?? "")\", …, to: Parent.self), or .primaryKey(…, references: Parent.self) for a key column) or give it a FOREIGN KEY in the schema; the save then writes the real key."
        case .other:
            return "The database refused this \(entity)."
        }
    }

    /// The words of a conflict, a line per field: base / mine / theirs.
    /// - Parameter conflict: The rows in conflict.
    /// - Returns: The conflict and what to do, in English.
    public func conflict(_ conflict: ConflictError) -> String {
        let objects = conflict.objects
        var lines = [
            "The save was refused: \(objects.count == 1 ? "a row was" : "rows were") changed by someone else since it was read. Nothing was written."
        ]
        for object in objects {
            // The row by its kind in words (`order_lines` → "Order line"), never the raw table.
            let row = "\(DisplayName.entity(table: object.table)) #\(object.key)"
            if object.wasDeleted { lines.append("  \(row) was deleted meanwhile") }
            for field in object.fields {
                lines.append(
                    "  \(row), \(Self.inSentence(DisplayName.label(column: field.name))): base \(field.base), mine \(field.mine), theirs \(field.theirs)"
                )
            }
        }
        lines.append("Choose a merge policy, or rebase and decide each field, then save again.")
        return lines.joined(separator: "\n")
    }

    /// The words of a misuse.
    /// - Parameter misuse: What was misused.
    /// - Returns: What to do instead, in English.
    public func misuse(_ misuse: Misuse) -> String {
        switch misuse {
        case let .itemFinished(saved): "This editor was already \(saved ? "saved" : "cancelled"); open a new one to edit again."
        case .contextDiscarded: "This context was discarded; its changes are gone. Make a new context."
        case .ancestorDiscarded: "The context, or one it was made in, was discarded; there is nothing to save into. Make a new context."
        case let .nestedTooDeep(depth, maximum):
            "This context is nested \(depth) levels deep; at most \(maximum) levels can be used. Save into a shallower context."
        case .storeClosed: "The store is closed; open it again."
        case .transactionOpen: "A transaction is still open on the store's connection; commit or roll it back before saving."
        case .batchFinished: "This batch of saves has ended; save the context with a new batchedSave, or with save()."
        case .otherStore: "This context belongs to another store; save it with that store's batchedSave, or with save()."
        }
    }

    /// The heading of a refused save, followed by each error under its fields' labels.
    /// - Parameters:
    ///   - source: Local validation or the store.
    ///   - errors: The errors.
    /// - Returns: One line, in English.
    public func refusal(_ source: FieldError.Source, errors: [FieldError]) -> String {
        (source == .local ? "Not saved: " : "Not saved, the database refused it: ")
            + errors.map { $0.isRecordError ? $0.message : "\(Self.list($0.shownLabels)): \($0.message)" }.joined(separator: "; ")
    }

    /// A label inside a sentence: "E-mail" → "e-mail", "Reorder row" → "reorder row"; a first
    /// word in capitals ("ISBN", "URL request") stays.
    static func inSentence(_ label: String) -> String {
        let first = label.prefix { $0 != " " }
        return first.count > 1 && first == first.uppercased() ? label : label.prefix(1).lowercased() + label.dropFirst()
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
