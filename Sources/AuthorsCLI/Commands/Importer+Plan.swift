import Bookshelf
import DraftStore

extension Importer {
    /// The rows planned and not saved yet, with the index of each by its e-mail key.
    struct Chunk {
        /// The rows, in file order.
        var rows: [Planned] = []
        /// E-mail key → index in ``rows``.
        var byKey: [String: Int] = [:]
    }

    /// Judges one item of the file: the Author rules, then duplicates against the rows planned
    /// and not saved yet and against the database (which holds the rows of the file saved so far),
    /// by ``DuplicatePolicy``. Rejections and skips are counted in `tally`.
    ///
    /// - Parameters:
    ///   - item: A record or a rejection of the reader.
    ///   - chunk: The rows planned and not saved yet; a row to write is added.
    ///   - tally: The counts, to add rejections and skips to.
    ///   - newAbove: The largest id before the import: a stored row above it came from an earlier line.
    /// - Throws: A failed read of the database.
    func plan(_ item: ImportItem, into chunk: inout Chunk, tally: inout Tally, newAbove: Int64) throws {
        guard case let .record(record, keepsBio) = item else {
            if case .rejection(let rejection) = item { tally.reject(rejection) }
            return
        }
        let validator = Author.validator
        let author = validator.normalized(Author(name: record.name, email: record.email, bio: record.bio))
        let errors = validator.errors(in: author, mode: .adding)
        if !errors.isEmpty {
            tally.reject(
                ImportRejection(number: record.number, reason: errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")))
            return
        }
        let key = Importer.key(author.email)
        let repeats = "email: \(author.email) repeats an earlier row of the file"
        if let index = chunk.byKey[key] {
            switch options.policy {
            case .skip: tally.skipped += 1
            case .update:
                tally.repeated += 1
                switch chunk.rows[index] {
                case let .insert(number, _): chunk.rows[index] = .insert(number: number, author: author)
                case let .update(number, id, _, _): chunk.rows[index] = .update(number: number, id: id, author: author, keepsBio: keepsBio)
                case let .revise(number, id, _, _): chunk.rows[index] = .revise(number: number, id: id, author: author, keepsBio: keepsBio)
                }
            case .fail: tally.reject(ImportRejection(number: record.number, reason: repeats))
            }
            return
        }
        // The store's unique index compares e-mails as NOCASE does; this lookup uses it.
        let stored = try store.fetch(FetchRequest<Author>.all.filter(\.email, equalsIgnoringASCIICase: author.email).limit(1))
        if let id = stored.first?.id {
            let fromFile = id > newAbove
            switch options.policy {
            case .skip: tally.skipped += 1
            case .update:
                chunk.byKey[key] = chunk.rows.count
                chunk.rows.append(
                    fromFile
                        ? .revise(number: record.number, id: id, author: author, keepsBio: keepsBio)
                        : .update(number: record.number, id: id, author: author, keepsBio: keepsBio))
            case .fail:
                tally.reject(
                    ImportRejection(
                        number: record.number, reason: fromFile ? repeats : "email: \(author.email) is already used by author #\(id)"))
            }
            return
        }
        chunk.byKey[key] = chunk.rows.count
        chunk.rows.append(.insert(number: record.number, author: author))
    }

    /// Writes the rejections (in file order; the first ``shownRejections`` and a count unless
    /// `--verbose`), a note on e-mails without a dot in their domain, and the summary line to standard
    /// output; with `--json`, one object to standard output holding every rejection.
    func summarize(_ tally: Tally, place: Place, note: String?) {
        let rejections = tally.rejections.sorted { $0.number < $1.number }
        if console.json {
            console.printJSON([
                "file": place.path, "imported": tally.imported, "updated": tally.updated, "unchanged": tally.unchanged,
                "skipped": tally.skipped, "repeated": tally.repeated,
                "rejected": rejections.map { [place.unit: $0.number, "reason": place.reason(of: $0)] },
            ])
            return
        }
        let shown = options.verbose ? rejections[...] : rejections.prefix(Importer.shownRejections)
        for rejection in shown { console.printError("\(place.location(of: rejection)): rejected: \(place.reason(of: rejection))") }
        if shown.count < tally.rejectedCount {
            console.printError("… and \(tally.rejectedCount - shown.count) more rejected rows (use --verbose to list every one).")
        }
        if let note { console.printError(note) }
        let undotted = tally.undottedEmails.sorted { $0.number < $1.number }
        let listed = undotted.prefix(options.verbose ? undotted.count : Importer.shownRejections)
        for (number, email) in listed {
            let location = place.location(of: ImportRejection(number: number, reason: ""))
            console.printError("\(location): note: the e-mail address '\(email)' has no dot in its domain; it was accepted, but check it.")
        }
        if listed.count < tally.undottedCount {
            console.printError("… and \(tally.undottedCount - listed.count) more e-mail addresses without a dot in their domain.")
        }
        // `unchanged` (rows of --on-duplicate update already as in the file) is shown when there are any.
        // So is `repeated` (later rows of an e-mail under --on-duplicate update): the counts add up to the rows read.
        let unchanged = tally.unchanged > 0 ? ", unchanged \(tally.unchanged)" : ""
        let repeated = tally.repeated > 0 ? ", repeated \(tally.repeated)" : ""
        console.print(
            "imported \(tally.imported), updated \(tally.updated)\(unchanged), skipped \(tally.skipped)\(repeated), "
                + "rejected \(tally.rejectedCount)")
    }
}
