import Bookshelf
import DraftStore

/// `authors form [ID]`: an interactive, line-based form over one presented item.
///
/// Each field is prompted with its help and current value; an empty answer keeps the
/// value, `-` clears an optional field. A field's error is shown right after it is
/// entered. Then: save, cancel, or edit again. If the author changed elsewhere meanwhile,
/// the form names the fields and asks, per field changed on both sides, keep mine or take
/// theirs. Works with piped standard input; the end of input cancels.
struct FormSession {
    let store: DraftStore
    let console: Console
    let id: Int64?

    func run() throws {
        let item: PresentedItem<Author>
        if let id {
            do { item = try store.presentEdit(Author.self, id: id) } catch is ContextError {
                throw CLIFailure.refused("notFound", "There is no author #\(id).")
            }
            console.print("Editing author #\(id). Press Return to keep a value; '-' clears the bio.")
        } else {
            item = try store.presentNew(Author())
            console.print("New author. '-' leaves the bio empty.")
        }
        while true {
            for field in Author.validator.fields {
                guard try ask(field, item) else { return try endOfInput(item) }
            }
            switch prompt("Save, cancel, or edit again? [s/c/e]: ")?.lowercased() {
            case nil: return try endOfInput(item)
            case "s", "save":
                if try save(item) { return }
            case "c", "cancel":
                try item.cancel()
                console.print("Cancelled: nothing was written.")
                return
            default: continue
            }
        }
    }

    /// Prompts one field; `false` at the end of input.
    private func ask(_ field: FieldDescriptor<Author>, _ item: PresentedItem<Author>) throws -> Bool {
        let current = value(of: field.name, in: item.draft)
        let help = field.help.map { " (\($0))" } ?? ""
        guard let answer = prompt("\(field.label)\(help) [\(current ?? "")]: ") else { return false }
        if !answer.isEmpty {
            set(field.name, to: answer == "-" ? nil : answer, in: item)
        }
        for error in item.form.visibleErrors(for: field.name) { console.print("  ✗ \(field.label): \(error.message)") }
        return true
    }

    /// Saves after settling changes made elsewhere; `true` when saved.
    private func save(_ item: PresentedItem<Author>) throws -> Bool {
        if let stale = try item.staleness() {
            if stale.wasDeleted {
                console.print("This author was deleted elsewhere while the form was open.")
                if prompt("Save it as a new author? [y/n]: ")?.lowercased() == "y" {
                    let saved = try item.saveAsNew()
                    console.print("Saved as new: \(Rendering.line(saved))")
                    return true
                }
                return false
            }
            console.print("Changed elsewhere while the form was open: \(stale.fields.map(\.name).joined(separator: ", ")).")
            let undecided = try item.rebase()
            for field in stale.fields where !(undecided?.fields.contains { $0.name == field.name } ?? false) {
                console.print("  took theirs for \(field.name): \(field.theirs)")
            }
            for field in undecided?.fields ?? [] {
                let answer = prompt("  \(field.name): mine \(field.mine), theirs \(field.theirs). Keep mine or take theirs? [m/t]: ")
                if answer?.lowercased() == "t", case let .text(theirs) = field.theirs {
                    set(field.name, to: theirs, in: item)
                } else if answer?.lowercased() == "t" {
                    set(field.name, to: nil, in: item)
                }
            }
        }
        do {
            let saved = try item.save()
            console.print("Saved: \(Rendering.line(saved))")
            return true
        } catch {
            switch error {
            case .storage, .finished: throw error
            case .conflict: console.print("Changed again elsewhere; review and save again.")
            case .invalid, .rejected:
                for field in error.fieldErrors { console.print("  ✗ \(field.field): \(field.message)") }
            }
            return false
        }
    }

    private func endOfInput(_ item: PresentedItem<Author>) throws {
        try item.cancel()
        console.print()
        console.print("Input ended: cancelled, nothing was written.")
    }

    private func prompt(_ text: String) -> String? {
        console.prompt(text)
        return console.readLine()
    }

    private func value(of field: String, in author: Author) -> String? {
        switch field {
        case "name": author.name
        case "email": author.email
        default: author.bio
        }
    }

    private func set(_ field: String, to value: String?, in item: PresentedItem<Author>) {
        switch field {
        case "name": item.draft.name = value ?? ""
        case "email": item.draft.email = value ?? ""
        default: item.draft.bio = value
        }
    }
}
