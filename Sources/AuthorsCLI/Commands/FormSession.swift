import Bookshelf
import DraftStore

/// `authors form [ID]`: an interactive, line-based form over one presented item.
///
/// Each field is prompted with its help and current value; an empty answer keeps the
/// value, `-` clears an optional field. A field's error is shown right after it is
/// entered, and the field is asked again until it is fixed. Then: save, cancel, or edit
/// again. If the author changed elsewhere meanwhile, the form names the fields, takes
/// theirs where only they changed, and asks keep mine or take theirs for each field both
/// sides changed. A save the database refuses (a duplicate e-mail) shows the error and asks
/// that field again.
///
/// The form's draft is kept in the store's draft journal while it is open: if the process is
/// killed, the next `authors form` for the same author (or for a new one) offers to restore it,
/// with every answer given, checked against the row as it is now.
///
/// It works with piped standard input (each answer is echoed after its prompt then, so the
/// transcript reads like a terminal session). The end of input cancels: nothing is
/// written and the exit code is 1.
struct FormSession {
    let store: DraftStore
    let console: Console
    let id: Int64?

    /// The end of standard input: the form was cancelled.
    struct EndOfInput: Error {}

    /// Runs the form to its end: saved, cancelled, or input ended.
    /// - Throws: ``CLIFailure`` (refused) when the author does not exist or the input ended
    ///   before a save; a storage failure from the library.
    func run() throws {
        let item: PresentedItem<Author>
        if let restored = try restoreKeptDraft() {
            item = restored
        } else if let id {
            do { item = try journaled { try store.presentEdit(Author.self, id: id, journal: $0) } } catch let error as ContextError {
                throw CLIFailure.from(error)
            }
            console.print("Editing author #\(id). Press Return to keep a value; '-' clears the bio.")
        } else {
            item = try journaled { try store.presentNew(Author(), journal: $0) }
            console.print("New author. Press Return to leave the bio empty.")
        }
        do {
            try fill(item)
        } catch is EndOfInput {
            try item.cancel()
            console.print()
            throw CLIFailure.refused("cancelled", "Input ended before the form was saved: cancelled, nothing was written.")
        }
    }

    /// Asks every field, then save / cancel / edit again, until saved or cancelled.
    private func fill(_ item: PresentedItem<Author>) throws {
        var fields = AuthorField.all
        while true {
            for field in fields { try ask(field, item) }
            switch try choose("Save, cancel, or edit again? [s/c/e]: ", from: ["s": "save", "c": "cancel", "e": "edit"]) {
            case "save":
                let refused = try save(item)
                if refused.isEmpty { return }
                // Ask again the fields the save was refused for (all of them after a conflict).
                fields = AuthorField.all.filter { field in refused.contains(field.name) || refused.contains("*") }
            case "cancel":
                try item.cancel()
                console.print("Cancelled: nothing was written.")
                return
            default:
                fields = AuthorField.all
            }
        }
    }

    /// Prompts one field until it has no error to show. `-`, or an answer of only spaces,
    /// clears the field.
    private func ask(_ field: AuthorField, _ item: PresentedItem<Author>) throws {
        let label = field.descriptor.label
        while true {
            let help = field.descriptor.help.map { " (\($0))" } ?? ""
            let answer = try read("\(label)\(help) [\(shown(field.value(in: item.draft)))]: ")
            if !answer.isEmpty { field.set(answer == "-" || answer.allSatisfy(\.isWhitespace) ? nil : answer, in: item) }
            if field.name == AuthorField.email.name, !answer.isEmpty, let note = AuthorInput.note(forEmail: item.draft.email) {
                console.print("  " + note)
            }
            let errors = item.form.visibleErrors(for: field.name)
            if errors.isEmpty { return }
            for error in errors { console.print("  ✗ \(label): \(error.message)") }
        }
    }

    /// Saves after settling changes made elsewhere.
    /// - Returns: The names of the fields to ask again; empty when saved, `["*"]` for all.
    private func save(_ item: PresentedItem<Author>) throws -> Set<String> {
        if let stale = try item.staleness() {
            if stale.wasDeleted {
                console.print("This author was deleted elsewhere while the form was open.")
                guard try choose("Save it as a new author? [y/n]: ", from: ["y": "yes", "n": "no"]) == "yes" else { return ["*"] }
                return try saved { () throws(SaveError) -> Author in try item.saveAsNew().entity }
            }
            try resolve(stale, item)
        }
        return try saved { () throws(SaveError) -> Author in try item.save().entity }
    }

    /// Runs a save, reporting the outcome.
    /// - Returns: The fields to ask again; empty when saved.
    private func saved(_ body: () throws(SaveError) -> Author) throws -> Set<String> {
        do {
            let author = try body()
            console.print("Saved: \(Rendering.line(author))")
            return []
        } catch {
            switch error {
            case .storage, .finished: throw error
            case .conflict:
                console.print("Changed again elsewhere while saving; review the fields and save again.")
                return ["*"]
            case .invalid, .rejected:
                for field in error.fieldErrors { console.print("  ✗ \(label(of: field.field)): \(field.message)") }
                return Set(error.fieldErrors.map(\.field))
            }
        }
    }

    /// Names the fields changed elsewhere, takes theirs where only they changed, and asks
    /// keep mine or take theirs for each field both sides changed.
    private func resolve(_ stale: StaleObject, _ item: PresentedItem<Author>) throws {
        let names = stale.fields.map { label(of: $0.name) }
        console.print("Changed elsewhere while the form was open: \(names.joined(separator: ", ")).")
        let remaining = try item.rebase()
        let undecided = remaining?.fields ?? []
        for field in stale.fields where !undecided.contains(where: { $0.name == field.name }) {
            let why = field.mine == field.base ? "you had not changed it" : "you typed the same value"
            console.print("  \(label(of: field.name)): took theirs, \(Rendering.value(field.theirs)) (\(why))")
        }
        for field in undecided {
            console.print("  \(label(of: field.name)): \(Rendering.sides(field, base: "was"))")
            let prompt = "  Keep mine or take theirs for \(label(of: field.name))? [m/t]: "
            if try choose(prompt, from: ["m": "mine", "t": "theirs"]) == "theirs", let remaining {
                try AuthorField.named(field.name)?.takeTheirs(from: remaining, in: item)
            }
        }
    }

    /// Asks until the answer is one of `choices` (a letter or the whole word, any case).
    /// - Returns: The word chosen.
    func choose(_ prompt: String, from choices: [String: String]) throws -> String {
        while true {
            let answer = try read(prompt).lowercased()
            if let word = choices[answer] ?? choices.values.first(where: { $0 == answer }) { return word }
            console.print("  Please answer \(choices.keys.sorted().joined(separator: ", ")).")
        }
    }

    /// Prompts and reads one line (echoed when standard input is not a terminal).
    /// - Throws: ``EndOfInput`` at the end of standard input.
    private func read(_ prompt: String) throws -> String {
        console.prompt(prompt)
        guard let line = console.readLine() else { throw EndOfInput() }
        if !console.inputIsTerminal { console.print(line) }
        return line
    }

    /// A value as shown between brackets: on one line, newlines as `\n`.
    private func shown(_ value: String?) -> String {
        (value ?? "").replacingOccurrences(of: "\n", with: "\\n")
    }

    private func label(of field: String) -> String {
        AuthorField.named(field)?.descriptor.label ?? field
    }
}
