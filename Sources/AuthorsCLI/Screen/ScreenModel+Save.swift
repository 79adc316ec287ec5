import Bookshelf
import DraftStore

/// Ctrl-S: refused with its reasons (focus on the first field needing attention), or checked
/// for changes made elsewhere (the banner, keep mine / take theirs per field), then saved.
extension ScreenModel {
    /// Saves, or says why not.
    /// - Throws: A storage failure.
    func save() throws {
        let form = item.form
        form.markSaveAttempted()
        guard item.canSave else { return refuse() }
        if deletedElsewhere { return try finish { () throws(SaveError) -> Author in try item.saveAsNew().entity } }
        if case .edit = item.mode, let stale = try item.staleness() {
            return try review(stale)
        }
        try finish { () throws(SaveError) -> Author in try item.save().entity }
    }

    /// Shows why the save is refused and focuses the first field that needs attention.
    func refuse(_ extra: [String] = []) {
        let count = item.saveBlockers.count + extra.count
        let message = extra.isEmpty ? "" : " " + extra.joined(separator: " ")
        item.form.setStatus("Not saved: \(count) problem\(count == 1 ? "" : "s") to fix first.\(message)", kind: .failure)
        move(to: item.form.firstFieldNeedingAttention)
    }

    /// Runs a save and records its outcome; a refusal stays on screen.
    private func finish(_ body: () throws(SaveError) -> Author) throws {
        do {
            let saved = try body()
            outcome = .saved(saved)
        } catch {
            switch error {
            case .invalid, .rejected:
                let unowned = error.fieldErrors.filter { AuthorField.named($0.field) == nil }.map(\.message)
                refuse(unowned)
            case .conflict:
                banner = ["This author changed again elsewhere while saving."]
                item.form.setStatus("Not saved. Press Ctrl-S to review the changes.", kind: .failure)
            case .storage, .finished:
                throw error
            }
        }
    }

    /// Takes what changed elsewhere: theirs where only they changed, a question per field both changed.
    private func review(_ stale: StaleObject) throws {
        if stale.wasDeleted {
            deletedElsewhere = true
            banner = ["This author was deleted elsewhere while the form was open."]
            item.form.setStatus("Ctrl-S saves it as a new author; Esc cancels.", kind: .failure)
            return
        }
        let remaining = try item.rebase()
        let undecided = (remaining?.fields ?? []).filter { AuthorField.named($0.name) != nil }
        banner = ["This author changed elsewhere while the form was open."]
        for field in stale.fields where AuthorField.named(field.name) != nil && !undecided.contains(where: { $0.name == field.name }) {
            banner.append("\(Self.label(field.name)): took theirs, \(Self.shown(field.theirs)) (you had not changed it).")
        }
        conflicts = undecided
        changedElsewhere = remaining
        if undecided.isEmpty {
            item.form.setStatus("Not saved yet: review the values taken, then press Ctrl-S again.")
        } else {
            item.form.setStatus("Not saved yet: keep mine or take theirs for each field above.")
        }
    }

    /// The keys while a conflict is asked: M keeps mine, T takes theirs, Esc cancels.
    func decide(_ key: ScreenKey) throws {
        guard let field = conflicts.first else { return }
        switch key {
        case .text("m"), .text("M"):
            banner.append("\(Self.label(field.name)): kept yours, \(Self.shown(field.mine)).")
        case .text("t"), .text("T"):
            if let changedElsewhere, let theirs = try AuthorField.named(field.name)?.takeTheirs(from: changedElsewhere, in: item) {
                cursors[field.name] = theirs.count
            }
            banner.append("\(Self.label(field.name)): took theirs, \(Self.shown(field.theirs)).")
        case .escape, .interrupt:
            return cancel()
        default:
            item.form.setStatus("Press M to keep yours or T to take theirs for \(Self.label(field.name)) first.", kind: .failure)
            return
        }
        conflicts.removeFirst()
        if conflicts.isEmpty { item.form.setStatus("All decided. Press Ctrl-S to save.") }
    }

    /// A field's label.
    static func label(_ name: String) -> String { AuthorField.named(name)?.descriptor.label ?? name }

    /// A stored value in words: quoted text, or "none".
    static func shown(_ value: SQLiteValue) -> String {
        guard case let .text(text) = value else { return "none" }
        return "“" + text.replacingOccurrences(of: "\n", with: "⏎") + "”"
    }
}
