/// The registrations of one table in one context: the table, what the database says of it,
/// and its rows.
///
/// A class, so a context and the paths that work on one table (``ObjectContext/lastState``,
/// a ``ScratchTarget``'s plan) share one storage. Its rows are one stored property, a struct,
/// that callers change through it directly, `state.rows.update(slot, to: values)`: one
/// dynamic exclusivity check per operation (a class pays one per stored property touched).
final class TableState {
    /// The table.
    let schema: TableSchema
    /// What the database says of the table: affinities, whether SQLite assigns keys.
    let info: TableInfo
    /// The registered rows, in slots (see ``TableRows`` for what they hold and their invariants).
    var rows: TableRows

    /// Empty registrations of the table `info` describes.
    init(info: TableInfo) {
        self.info = info
        self.schema = info.schema
        self.rows = TableRows(name: info.schema.name, width: info.schema.columns.count)
    }
}

extension TableState {
    /// Refuses a write to an entity that reads a view.
    /// - Throws: ``ContextError/readOnlyView(entity:table:)`` when the table is a view.
    func checkWritable() throws(ContextError) {
        if info.isView { throw .readOnlyView(entity: schema.displayName, table: schema.name) }
    }
}
