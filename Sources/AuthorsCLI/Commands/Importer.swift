import Bookshelf
import DraftStore
import Foundation

/// `authors import FILE`: reads a CSV or JSON file of authors, validates every row with the
/// Author rules, judges duplicate e-mails (ignoring ASCII case, as the store's index does)
/// against the database and earlier rows, and saves — all rows in one transaction, or row
/// by row with `--each`.
struct Importer {
    let store: DraftStore
    let console: Console
    let command: ParsedCommand

    /// One row to write.
    private enum Planned {
        case insert(number: Int, author: Author)
        /// An existing row takes the file's values; its bio stays when the file says nothing about one.
        case update(number: Int, id: Int64, author: Author, keepsBio: Bool)
    }

    /// Reads, checks and saves the file, then writes the summary.
    /// - Throws: ``ImportRefused`` (exit 1) when a row was rejected (nothing written unless
    ///   `--each`); ``CLIFailure`` (refused) when the file cannot be read; a storage failure.
    func run() throws {
        let path = command.argument("FILE") ?? ""
        let (file, format) = try Importer.read(path)
        let place = Place(path: path, unit: format == .csv ? "line" : "record")
        let policy = command.option("on-duplicate") ?? "fail"
        var rejections = file.rejections
        var skipped = 0
        var planned: [Planned] = []
        var inFile: [String: Int] = [:]  // e-mail key → index in `planned`
        var existing: [String: Int64] = [:]
        for author in try store.fetch(FetchRequest<Author>.all) { existing[Importer.key(author.email), default: author.id!] = author.id! }
        for record in file.records {
            let author = Author.validator.normalized(Author(name: record.name, email: record.email, bio: record.bio))
            let errors = Author.validator.errors(in: author)
            if !errors.isEmpty {
                rejections.append(
                    ImportRejection(number: record.number, reason: errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")))
                continue
            }
            let key = Importer.key(author.email)
            if let index = inFile[key] {
                switch policy {
                case "skip": skipped += 1
                case "update":
                    switch planned[index] {
                    case let .insert(number, _): planned[index] = .insert(number: number, author: author)
                    case let .update(number, id, _, _):
                        planned[index] = .update(number: number, id: id, author: author, keepsBio: file.withoutBio.contains(record.number))
                    }
                default:
                    rejections.append(
                        ImportRejection(number: record.number, reason: "email: \(author.email) repeats an earlier row of the file"))
                }
                continue
            }
            if let id = existing[key] {
                switch policy {
                case "skip": skipped += 1
                case "update":
                    inFile[key] = planned.count
                    planned.append(
                        .update(number: record.number, id: id, author: author, keepsBio: file.withoutBio.contains(record.number)))
                default:
                    rejections.append(
                        ImportRejection(number: record.number, reason: "email: \(author.email) is already used by author #\(id)"))
                }
                continue
            }
            inFile[key] = planned.count
            planned.append(.insert(number: record.number, author: author))
        }
        let each = command.flag("each")
        if !each && !rejections.isEmpty {
            summarize(
                imported: 0, updated: 0, skipped: skipped, rejections: rejections, place: place,
                note: "Nothing was written: the import is all or nothing (use --each to save the valid rows).")
            throw ImportRefused()
        }
        var imported = 0
        var updated = 0
        let progress = Progress(console: console, total: planned.count)
        if each {
            for (offset, row) in planned.enumerated() {
                let context = store.newChildContext()
                do {
                    try apply(row, in: context)
                    try context.save()
                    if case .insert = row { imported += 1 } else { updated += 1 }
                } catch {
                    rejections.append(ImportRejection(number: number(of: row), reason: Importer.describe(error)))
                }
                progress.update(offset + 1)
            }
        } else {
            let context = store.newChildContext()
            for (offset, row) in planned.enumerated() {
                try apply(row, in: context)
                if case .insert = row { imported += 1 } else { updated += 1 }
                progress.update(offset + 1)
            }
            do {
                try context.save()
            } catch {
                if case .storage = error { throw error }
                rejections.append(ImportRejection(number: 0, reason: Importer.describe(error)))
                summarize(imported: 0, updated: 0, skipped: skipped, rejections: rejections, place: place, note: "Nothing was written.")
                throw ImportRefused()
            }
        }
        progress.finish()
        summarize(imported: imported, updated: updated, skipped: skipped, rejections: rejections, place: place, note: nil)
        if !rejections.isEmpty { throw ImportRefused() }
    }

    private func apply(_ row: Planned, in context: ObjectContext) throws {
        switch row {
        case let .insert(_, author): try context.insert(author)
        case let .update(_, id, author, keepsBio):
            guard var current = try context.fetch(Author.self, id: id) else {
                throw CLIFailure.refused("notFound", "author #\(id) was deleted")
            }
            current.name = author.name
            current.email = author.email
            if !keepsBio { current.bio = author.bio }
            try context.update(current)
        }
    }

    private func number(of row: Planned) -> Int {
        switch row {
        case let .insert(number, _), let .update(number, _, _, _): number
        }
    }

    /// The key e-mails are compared by: ASCII letters folded to lower case, like SQLite's NOCASE.
    static func key(_ email: String) -> String {
        String(decoding: email.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? SaveError, !error.fieldErrors.isEmpty {
            return error.fieldErrors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        }
        return CLIFailure.from(error).message
    }

    /// Writes every rejection (in file order) to standard error and the summary line to
    /// standard output; with `--json`, one object to standard output.
    private func summarize(imported: Int, updated: Int, skipped: Int, rejections: [ImportRejection], place: Place, note: String?) {
        let rejections = rejections.sorted { $0.number < $1.number }
        if console.json {
            console.printJSON([
                "file": place.path, "imported": imported, "updated": updated, "skipped": skipped,
                "rejected": rejections.map { [place.unit: $0.number, "reason": place.reason(of: $0)] },
            ])
            return
        }
        for rejection in rejections { console.printError("\(place.location(of: rejection)): rejected: \(place.reason(of: rejection))") }
        if let note { console.printError(note) }
        console.print("imported \(imported), updated \(updated), skipped \(skipped), rejected \(rejections.count)")
    }
}

/// The import refused rows; the summary was already written.
struct ImportRefused: Error {}

/// A progress bar on standard error, shown only on a terminal and for large files.
final class Progress {
    private let console: Console
    private let total: Int
    private var shown = -1
    private let enabled: Bool

    init(console: Console, total: Int) {
        self.console = console
        self.total = total
        self.enabled = console.errorIsTerminal && total > 5000 && !console.json
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / max(total, 1)
        guard percent != shown else { return }
        shown = percent
        let bar = String(repeating: "#", count: percent / 4) + String(repeating: ".", count: 25 - percent / 4)
        console.writeError("\r[\(bar)] \(percent)% (\(done)/\(total))")
    }

    func finish() { if enabled { console.writeError("\n") } }
}
