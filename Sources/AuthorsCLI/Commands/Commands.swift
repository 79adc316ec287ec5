import Bookshelf
import DraftStore
import Foundation

/// The one-shot commands: add, edit, delete, show, list, books add, export. Each change is
/// made through a presented item (or a child context) and saved in one transaction.
struct Commands {
    let store: DraftStore
    let console: Console

    /// Parses an id argument.
    /// - Throws: ``CLIFailure`` (usage) when it is not a positive whole number.
    static func parseID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw CLIFailure.usage("ID must be a positive whole number, not '\(text)'") }
        return id
    }

    /// Opens an editor on an existing author.
    /// - Throws: ``CLIFailure`` (refused, exit 1) when there is no such author.
    func presentAuthor(_ command: ParsedCommand) throws -> PresentedItem<Author> {
        let id = try Commands.parseID(command.argument("ID") ?? "")
        do {
            return try store.presentEdit(Author.self, id: id)
        } catch is ContextError {
            throw CLIFailure.refused("notFound", "There is no author #\(id).")
        }
    }

    func add(_ command: ParsedCommand) throws {
        let item = try store.presentNew(Author())
        item.draft.name = command.option("name") ?? ""
        item.draft.email = command.option("email") ?? ""
        // As for `edit`, an empty --bio means no bio.
        item.draft.bio = command.option("bio").flatMap { $0.isEmpty ? nil : $0 }
        if command.flag("screen") { return try screen(item) }
        let saved = try item.save()
        report(saved, verb: "Added")
    }

    func edit(_ command: ParsedCommand) throws {
        let item = try presentAuthor(command)
        if let name = command.option("name") { item.draft.name = name }
        if let email = command.option("email") { item.draft.email = email }
        if let bio = command.option("bio") { item.draft.bio = bio.isEmpty ? nil : bio }
        if command.flag("screen") { return try screen(item) }
        if !command.flag("cancel"), !item.context.hasChanges {
            try item.cancel()
            if console.json {
                console.printJSON(Rendering.object(item.draft))
            } else {
                console.print("No change: author \(Rendering.line(item.draft)) was left as it is.")
            }
            return
        }
        if command.flag("cancel") {
            let changes = item.context.changedFields(of: item.draft)
            try item.cancel()
            if console.json {
                console.printJSON(["cancelled": true, "changes": changes.map(Rendering.object)])
            } else {
                console.print(changes.isEmpty ? "No change to discard." : "Would have saved:")
                for change in changes { console.print("  " + Rendering.change(change)) }
                console.print("Cancelled: nothing was written.")
            }
            return
        }
        let saved = try item.save()
        report(saved, verb: "Saved")
    }

    func delete(_ command: ParsedCommand) throws {
        let id = try Commands.parseID(command.argument("ID") ?? "")
        let context = store.newChildContext()
        guard try context.fetch(Author.self, id: id) != nil else { throw CLIFailure.refused("notFound", "There is no author #\(id).") }
        try context.delete(Author.self, id: id)
        let books = context.changeset().changes(of: .delete).count - 1
        try context.save()
        if console.json {
            console.printJSON(["deleted": Int(id), "booksDeleted": books])
        } else {
            console.print("Deleted author #\(id)" + (books > 0 ? " and \(books) book\(books == 1 ? "" : "s")." : "."))
        }
    }

    func show(_ command: ParsedCommand) throws {
        let id = try Commands.parseID(command.argument("ID") ?? "")
        guard let author = try store.fetch(Author.self, id: id) else { throw CLIFailure.refused("notFound", "There is no author #\(id).") }
        let books = try store.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: id).sorted(by: \.title))
        if console.json {
            var object = Rendering.object(author)
            object["books"] = books.map(Rendering.object)
            console.printJSON(object)
            return
        }
        console.print(Rendering.line(author))
        for book in books { console.print("  - \(book.title)" + (book.year.map { " (\($0))" } ?? "")) }
    }

    func list(_ command: ParsedCommand) throws {
        var request = FetchRequest<Author>.all.sorted(by: \.name)
        var authors: [Author]
        if let search = command.option("search") {
            let byName = try store.fetch(request.filter(\.name, contains: search))
            let byEmail = try store.fetch(request.filter(\.email, contains: search))
            var seen = Set<Int64>()
            authors = (byName + byEmail).filter { seen.insert($0.id!).inserted }
            authors.sort { a, b in
                a.name.utf8.elementsEqual(b.name.utf8) ? a.id! < b.id! : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
            }
            if let limit = try limit(command) { authors = Array(authors.prefix(limit)) }
        } else {
            if let limit = try limit(command) { request = request.limit(limit) }
            authors = try store.fetch(request)
        }
        if console.json {
            console.printJSON(authors.map(Rendering.object))
        } else if authors.isEmpty {
            console.print("No authors.")
        } else {
            for author in authors { console.print(Rendering.line(author)) }
        }
    }

    private func limit(_ command: ParsedCommand) throws -> Int? {
        guard let text = command.option("limit") else { return nil }
        guard let limit = Int(text), limit >= 0 else {
            throw CLIFailure.usage("authors list: --limit must be a whole number of 0 or more, not '\(text)'")
        }
        return limit
    }

    func addBook(_ command: ParsedCommand) throws {
        let authorID = try Commands.parseID(command.argument("ID") ?? "")
        guard try store.fetch(Author.self, id: authorID) != nil else {
            throw CLIFailure.refused("notFound", "There is no author #\(authorID).")
        }
        // The parser already refused a --year that is not a whole number (usage error); the range is the Book rules'.
        let year = command.integer("year")
        let item = try store.presentNew(Book(authorID: authorID, title: command.option("title") ?? "", year: year))
        let saved = try item.save()
        if console.json {
            console.printJSON(Rendering.object(saved))
        } else {
            console.print("Added book #\(saved.id!) “\(saved.title)” to author #\(authorID).")
        }
    }

    func export(_ command: ParsedCommand) throws {
        let authors = try store.fetch(FetchRequest<Author>.all)
        let records = authors.map { ImportRecord(number: Int($0.id!), name: $0.name, email: $0.email, bio: $0.bio) }
        // `--json` alone asks for JSON; an explicit --format wins.
        let json = command.isGiven("format") ? command.option("format") == "json" : console.json
        let format: ImportFormat = json ? .json : .csv
        console.prompt(String(decoding: format.write(records), as: UTF8.self))
    }

    func report(_ author: Author, verb: String) {
        if console.json {
            console.printJSON(Rendering.object(author))
        } else {
            console.print("\(verb) author \(Rendering.line(author))")
        }
    }
}
