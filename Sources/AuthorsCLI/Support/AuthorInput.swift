import Bookshelf
import DraftStore

/// How the command line's words become an author's values, the same for every command.
enum AuthorInput {
    /// An id argument as a row id.
    /// - Parameter text: The argument as typed.
    /// - Throws: ``CLIFailure`` (usage) when it is not a positive whole number.
    static func id(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw CLIFailure.usage("ID must be a positive whole number, not '\(text)'") }
        return id
    }

    /// A bio as typed: empty or only white space (spaces, tabs, newlines) means no bio.
    /// - Parameter text: The bio given, if any.
    static func bio(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    /// A note for an e-mail address whose domain has no dot (`mia@examplecom`): valid by the HTML
    /// standard's rule, so it is saved, but more often a typo than an intranet host.
    /// - Parameter email: The address as saved.
    /// - Returns: The note, or `nil` when the domain has a dot (or there is no `@` to judge by).
    static func note(forEmail email: String) -> String? {
        // Bytes, not characters: called for every imported row, and `@` and `.` are ASCII.
        guard let at = email.utf8.lastIndex(of: UInt8(ascii: "@")) else { return nil }
        let domainBytes = email.utf8[email.utf8.index(after: at)...]
        guard !domainBytes.isEmpty, !domainBytes.contains(UInt8(ascii: ".")) else { return nil }
        let domain = Substring(domainBytes)
        return "note: the e-mail address '\(email)' has no dot in its domain ('\(domain)'); it was accepted, "
            + "but check it is not missing one (such as '\(domain).com')."
    }
}

extension CommandSession {
    /// Opens an editor on an existing author.
    /// - Parameter id: The author's id.
    /// - Throws: ``CLIFailure`` (refused, exit 1) when there is no such author.
    func presentAuthor(_ id: Int64) throws -> PresentedItem<Author> {
        do {
            return try store().presentEdit(Author.self, id: id)
        } catch let error as ContextError {
            throw CLIFailure.from(error)
        }
    }

    /// Writes a saved author (`Added author #1  …`, or its JSON object), and a note on standard
    /// error if the e-mail was typed and its domain has no dot.
    /// - Parameters:
    ///   - author: The saved author.
    ///   - verb: `Added` or `Saved`.
    ///   - emailTyped: Whether the e-mail was given on this command line (else it is not judged again).
    func report(_ author: Author, verb: String, emailTyped: Bool = true) {
        if console.json {
            console.printJSON(Rendering.object(author))
        } else {
            console.print("\(verb) author \(Rendering.line(author))")
        }
        if emailTyped, !console.json, let note = AuthorInput.note(forEmail: author.email) { console.printError(note) }
    }
}
