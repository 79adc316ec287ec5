extension PresentedItem {
    /// The row being edited as it was read, the whole entity beside the ``draft`` (Core Data's
    /// committed values): a form shows "was: …" from it. After ``rebase()`` it is the row as
    /// read again.
    ///
    /// ```swift
    /// let item = try store.presentEdit(Author.self, id: 1)
    /// item.draft.name = "Mira O."
    /// item.original?.name   // "Mira Okafor"
    /// ```
    /// `nil` for an item that adds a row. Once the item has finished, the row as it was read when presented.
    public var original: Draft? {
        guard case let .edit(key) = mode else { return nil }
        if !isFinished, let read = try? context.original(Draft.self, key: key) { return read }
        return presentedOriginal.first
    }
}
