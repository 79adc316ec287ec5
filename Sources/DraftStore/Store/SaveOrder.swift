/// The order a save's statements run in: one SQLite accepts, whatever the changeset holds.
///
/// SQLite checks a UNIQUE constraint, and a foreign key that is not deferred, after each
/// statement. So a save that deletes a row and inserts another with the same unique value
/// must run the DELETE first; a row that references a parent inserted in the same save comes
/// after it, also within one table (a self-reference); a child deleted or moved away from a
/// parent deleted in the same save goes first. The default order — inserts (referenced tables
/// first, in the order they were made), then updates, then deletes (referencing tables first)
/// — is kept wherever no such need says otherwise.
///
/// Where no order of the save's own statements can work — two rows swapping a unique value —
/// the save is refused, saying that one of them needs an intermediate value first.
struct SaveOrder {
    /// What the store knows of each table.
    let infos: [ObjectIdentifier: TableInfo]
    /// The schema's foreign keys by (lowercased) parent table.
    let foreignKeys: [String: [ForeignKey]]

    /// The changes in the order to run them.
    /// - Throws: ``SaveError/rejected(_:)`` when the unique values the changes free and take form a cycle.
    func ordered(_ changeset: Changeset) throws(SaveError) -> [Changeset.Change] {
        // One change has one order (every path below returns it alone), and no cycle: an edit
        // form's save (W3 of draftstore-bench) skips ranking tables and building the graph.
        if changeset.changes.count < 2 { return changeset.changes }
        let ranks = DraftStore.dependencyRanks(changeset) { self.references(of: $0).map(\.parent) }
        // A changeset of inserts alone, none referencing its own table, needs no graph: its
        // parents come first by table (changesets list inserts first).
        if changeset.changes.first?.kind == .insert, changeset.changes.last?.kind == .insert,
            !changeset.changes.contains(where: { referencesItself($0.table) })
        {
            return DraftStore.ordered(changeset.changes, ranks: ranks, descending: false)
        }
        let changes =
            DraftStore.ordered(changeset.changes(of: .insert), ranks: ranks, descending: false) + changeset.changes(of: .update)
            + DraftStore.ordered(changeset.changes(of: .delete), ranks: ranks, descending: true)
        guard needsGraph(changes) else { return changes }
        var edges = Array(repeating: [Int](), count: changes.count)
        var uniqueEdges: Set<[Int]> = []
        addUniqueEdges(changes, to: &edges, recording: &uniqueEdges)
        addReferenceEdges(changes, to: &edges)
        addDeleteEdges(changes, to: &edges)
        return try sorted(changes, edges: edges, uniqueEdges: uniqueEdges)
    }

    /// Whether the default order may not do: something is deleted or updated beside other
    /// changes (values freed and taken), or a table references itself.
    private func needsGraph(_ changes: [Changeset.Change]) -> Bool {
        guard changes.count > 1 else { return false }
        return changes.contains { $0.kind != .insert || referencesItself($0.table) }
    }

    /// The columns of `table` known to hold a reference (``TableInfo/referenceColumns``): the
    /// declared ones, and the foreign keys of the schema.
    func references(of table: TableSchema) -> [(column: Int, parent: String)] {
        infos[ObjectIdentifier(table)]?.referenceColumns ?? table.references.map { ($0.column, $0.target.table) }
    }

    /// Whether a column of `table` references the table itself.
    private func referencesItself(_ table: TableSchema) -> Bool {
        table.referencesItself || references(of: table).contains { $0.parent.lowercased() == table.name.lowercased() }
    }

    /// A row that frees a unique value runs before a row that takes it.
    private func addUniqueEdges(_ changes: [Changeset.Change], to edges: inout [[Int]], recording unique: inout Set<[Int]>) {
        struct Slot: Hashable {
            let table: ObjectIdentifier
            let set: String
            let value: [SQLiteValue]
        }
        var freers: [Slot: [Int]] = [:]
        var takers: [(Slot, Int)] = []
        for (index, change) in changes.enumerated() {
            guard let info = infos[ObjectIdentifier(change.table)] else { continue }
            for set in info.uniqueSets {
                let touched = change.kind != .update || set.columns.contains { change.changedColumns.contains($0) }
                guard touched else { continue }
                if let base = change.base, let value = set.value(in: base) {
                    freers[Slot(table: ObjectIdentifier(change.table), set: set.name, value: value), default: []].append(index)
                }
                if let values = change.values, let value = set.value(in: values) {
                    takers.append((Slot(table: ObjectIdentifier(change.table), set: set.name, value: value), index))
                }
            }
        }
        for (slot, taker) in takers {
            for freer in freers[slot] ?? [] where freer != taker {
                edges[freer].append(taker)
                unique.insert([freer, taker])
            }
        }
    }

    /// A row that references a row inserted by the same save — by its temporary key, or by a
    /// key the app chose — runs after it.
    private func addReferenceEdges(_ changes: [Changeset.Change], to edges: inout [[Int]]) {
        var inserted: [String: [RowKey: Int]] = [:]
        for (index, change) in changes.enumerated() where change.kind == .insert && change.table.keyColumns.count == 1 {
            inserted[change.table.name.lowercased(), default: [:]][change.key] = index
        }
        guard !inserted.isEmpty else { return }
        for (index, change) in changes.enumerated() {
            guard let values = change.values else { continue }  // A delete references nothing.
            for reference in references(of: change.table) {
                let value = values[reference.column]
                guard !value.isNull, let parent = inserted[reference.parent.lowercased()]?[RowKey(value)], parent != index else {
                    continue
                }
                edges[parent].append(index)
            }
        }
    }

    /// A child deleted, or moved to another parent, runs before the delete of its parent.
    private func addDeleteEdges(_ changes: [Changeset.Change], to edges: inout [[Int]]) {
        // Per foreign key, the changed children by the values they referenced: built once, on first use.
        var children: [String: [[SQLiteValue]: [Int]]] = [:]
        for (parent, change) in changes.enumerated() {
            guard case let .deleted(base) = change.state else { continue }
            for foreignKey in foreignKeys[change.table.name.lowercased()] ?? [] {
                let identity = "\(foreignKey.childTable)|\(foreignKey.childColumns)|\(foreignKey.parentColumns)".lowercased()
                if children[identity] == nil {
                    var index: [[SQLiteValue]: [Int]] = [:]
                    for (child, other) in changes.enumerated() {
                        guard let base = other.base, other.table.name.lowercased() == foreignKey.childTable.lowercased(),
                            let match = foreignKey.match(parent: change.table, child: other.table)
                        else { continue }
                        let referencing = match.childColumns.map { base[$0] }
                        let moves = other.values.map { values in match.childColumns.map { values[$0] } != referencing } ?? true
                        if moves { index[referencing, default: []].append(child) }
                    }
                    children[identity] = index
                }
                guard let match = foreignKey.parentMatch(change.table) else { continue }
                let referenced = match.map { base[$0] }
                for child in children[identity]?[referenced] ?? [] where child != parent { edges[child].append(parent) }
            }
        }
    }

    /// A topological order of the changes, each at its default place unless an edge moves it.
    /// - Throws: ``SaveError/rejected(_:)`` naming the rows of a cycle.
    private func sorted(_ changes: [Changeset.Change], edges: [[Int]], uniqueEdges: Set<[Int]>) throws(SaveError) -> [Changeset.Change] {
        var incoming = Array(repeating: 0, count: changes.count)
        for targets in edges { for target in targets { incoming[target] += 1 } }
        var ready = MinHeap(changes.indices.filter { incoming[$0] == 0 })
        var result: [Changeset.Change] = []
        result.reserveCapacity(changes.count)
        while let next = ready.popMin() {
            result.append(changes[next])
            for target in edges[next] {
                incoming[target] -= 1
                if incoming[target] == 0 { ready.insert(target) }
            }
        }
        guard result.count < changes.count else { return result }
        let stuck = changes.indices.filter { incoming[$0] > 0 }
        // Rows by their kind in words ("Author #3"), never a raw table name.
        let rows = stuck.map { "\(changes[$0].table.displayName) #\(changes[$0].key)" }
        let isUnique = uniqueEdges.contains { stuck.contains($0[0]) && stuck.contains($0[1]) }
        let first = changes[stuck[0]]
        let field = first.changedColumns.first.map { first.table.fields[$0] } ?? first.table.fields.first ?? ""
        throw .rejected([
            FieldError(
                field: field, code: isUnique ? .notUnique : .constraintViolated,
                message: isUnique
                    ? "\(rows.joined(separator: " and ")) swap a unique value: no order of one save can do that. Save one of them with an intermediate value first."
                    : "\(rows.joined(separator: " and ")) depend on each other: no order of one save can write them. Save them in two steps.",
                source: .store)
        ])
    }
}

/// The smallest-first queue of ``SaveOrder``: positions in the default order.
private struct MinHeap {
    private var items: [Int] = []

    init(_ values: [Int]) { for value in values { insert(value) } }

    mutating func insert(_ value: Int) {
        items.append(value)
        var child = items.count - 1
        while child > 0, items[(child - 1) / 2] > items[child] {
            items.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func popMin() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return first }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            if smallest == parent { return first }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
