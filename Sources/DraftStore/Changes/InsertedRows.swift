/// A changeset of inserts alone, read from the saving context's storage when asked: no
/// ``Changeset/Change`` is made, nor a copy of a row kept, until someone reads them.
///
/// The storage is taken as it was when the save began (``TableRows`` is a value whose buffers
/// are shared until written), so what this changeset gives is what the context held, also
/// after the context moved on or dropped its rows.
struct InsertedRows: Sendable {
    /// One table's rows.
    struct Table: Sendable {
        /// The table.
        let schema: TableSchema
        /// Its rows as the save found them.
        let rows: TableRows
    }

    /// One insert: its table's index in ``tables`` and its slot there.
    struct Entry: Sendable {
        /// The index in ``tables``.
        let table: Int32
        /// The slot in the table's rows.
        let slot: Int32
    }

    /// The tables with inserts.
    let tables: [Table]
    /// The inserts, in the order they were made.
    let entries: [Entry]

    /// The inserts of `tables`' slots in the order they were made.
    init(tables: [Table]) {
        var entries: [(order: Int, entry: Entry)] = []
        entries.reserveCapacity(tables.reduce(0) { $0 + $1.rows.changeCount })
        for (index, table) in tables.enumerated() {
            for slot in table.rows.slotRange {
                if case let .inserted(order) = table.rows.state(at: slot) {
                    entries.append((order, Entry(table: Int32(index), slot: slot)))
                }
            }
        }
        // Slots are in insertion order unless a freed slot was reused: sort only then.
        if !zip(entries, entries.dropFirst()).allSatisfy({ $0.order < $1.order }) { entries.sort { $0.order < $1.order } }
        self.tables = tables
        self.entries = entries.map(\.entry)
    }

    /// Insert `index`, made now.
    func change(_ entry: Entry) -> Changeset.Change {
        let table = tables[Int(entry.table)]
        return Changeset.Change(
            table: table.schema, key: table.rows.key(at: entry.slot), state: .inserted(values: table.rows.snapshot(at: entry.slot)),
            changedColumns: Array(table.schema.columns.indices))
    }

    /// The inserts, each made when reached.
    var changes: LazyMapSequence<[Entry], Changeset.Change> { entries.lazy.map(change) }

    /// Whether an insert holds a negative integer anywhere but as its own key in its key
    /// column: only such a row can write a temporary key as data (``TemporaryKeyCheck``).
    /// Found without decoding text.
    func holdsNegativeIntegers(_ entry: Entry) -> Bool {
        let table = tables[Int(entry.table)]
        let key = table.rows.key(at: entry.slot).integerValue
        return table.rows.packed.negativeIntegers(at: Int(entry.slot)).contains { found in
            !(table.schema.keyColumns == [found.column] && found.value == key)
        }
    }
}
