extension PresentedItem {
    /// Keeps ``changedElsewhere`` current while the item is open: after each commit that may
    /// have changed the edited row — another context of this process, another process, the
    /// `sqlite3` shell — it asks the store what changed, so a form can show "changed elsewhere"
    /// (base / mine / theirs per field) before the user presses Save.
    ///
    /// Run it for as long as the form is shown; it returns when the task is cancelled, or at the
    /// first commit after the item finished.
    ///
    /// ```swift
    /// EditorForm(item: item).task { await item.trackChangesElsewhere() }
    /// ```
    ///
    /// Commits by this store arrive as soon as they are made, others' within 50 ms (see
    /// ``DraftStore/commits()``). Only an item in edit mode has a row to watch; for an added row it returns at once.
    /// - Parameter isolation: Where the item lives; the caller's actor by default.
    public func trackChangesElsewhere(isolation: isolated (any Actor)? = #isolation) async {
        guard case .edit = mode, !isFinished else { return }
        let table = Draft.schema.table.name
        refreshChangedElsewhere()
        for await commit in context.store.commits() {
            if isFinished { return }
            if commit.mayHaveChanged(table: table) { refreshChangedElsewhere() }
        }
    }

    /// Reads the staleness of the edited row now into ``changedElsewhere`` (unchanged when the read fails).
    public func refreshChangedElsewhere() {
        guard !isFinished, let now = try? Optional.some(staleness()) else { return }
        keepChangedElsewhere(now)
    }

    /// Keeps a staleness just read as ``changedElsewhere``: assigned only when it differs, so
    /// observers of the form are not woken for nothing.
    func keepChangedElsewhere(_ now: StaleObject?) {
        if now?.description != changedElsewhere?.description { observed.changedElsewhere = now }
    }
}
