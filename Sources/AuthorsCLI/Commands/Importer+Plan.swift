import Bookshelf
import DraftStore

extension Importer {
    /// Judges every record of the file: the Author rules, then duplicates against the database and
    /// earlier rows, by ``DuplicatePolicy``. Rejections and skips are counted in `tally`.
    ///
    /// - Parameters:
    ///   - file: The records read.
    ///   - tally: The counts, to add rejections and skips to.
    /// - Returns: The rows to write, in file order.
    func plan(_ file: ImportReadResult, tally: inout Tally) throws -> [Planned] {
        var planned: [Planned] = []
        var inFile: [String: Int] = [:]  // e-mail key → index in `planned`
        var existing: [String: Int64] = [:]
        planned.reserveCapacity(file.records.count)
        inFile.reserveCapacity(file.records.count)
        for author in try store.fetch(FetchRequest<Author>.all) { existing[Importer.key(author.email), default: author.id!] = author.id! }
        let validator = Author.validator
        for record in file.records {
            let author = validator.normalized(Author(name: record.name, email: record.email, bio: record.bio))
            let errors = validator.errors(in: author)
            if !errors.isEmpty {
                tally.rejections.append(
                    ImportRejection(number: record.number, reason: errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")))
                continue
            }
            let key = Importer.key(author.email)
            let keepsBio = file.withoutBio.contains(record.number)
            if let index = inFile[key] {
                switch options.policy {
                case .skip: tally.skipped += 1
                case .update:
                    switch planned[index] {
                    case let .insert(number, _): planned[index] = .insert(number: number, author: author)
                    case let .update(number, id, _, _): planned[index] = .update(number: number, id: id, author: author, keepsBio: keepsBio)
                    }
                case .fail:
                    tally.rejections.append(
                        ImportRejection(number: record.number, reason: "email: \(author.email) repeats an earlier row of the file"))
                }
                continue
            }
            if let id = existing[key] {
                switch options.policy {
                case .skip: tally.skipped += 1
                case .update:
                    inFile[key] = planned.count
                    planned.append(.update(number: record.number, id: id, author: author, keepsBio: keepsBio))
                case .fail:
                    tally.rejections.append(
                        ImportRejection(number: record.number, reason: "email: \(author.email) is already used by author #\(id)"))
                }
                continue
            }
            inFile[key] = planned.count
            planned.append(.insert(number: record.number, author: author))
        }
        return planned
    }

    /// Writes the rejections (in file order; the first ``shownRejections`` and a count unless
    /// `--verbose`), a note on e-mails without a dot in their domain, and the summary line to standard
    /// output; with `--json`, one object to standard output holding every rejection.
    func summarize(_ tally: Tally, place: Place, note: String?) {
        let rejections = tally.rejections.sorted { $0.number < $1.number }
        if console.json {
            console.printJSON([
                "file": place.path, "imported": tally.imported, "updated": tally.updated, "unchanged": tally.unchanged,
                "skipped": tally.skipped,
                "rejected": rejections.map { [place.unit: $0.number, "reason": place.reason(of: $0)] },
            ])
            return
        }
        let shown = options.verbose ? rejections[...] : rejections.prefix(Importer.shownRejections)
        for rejection in shown { console.printError("\(place.location(of: rejection)): rejected: \(place.reason(of: rejection))") }
        if shown.count < rejections.count {
            console.printError("… and \(rejections.count - shown.count) more rejected rows (use --verbose to list every one).")
        }
        if let note { console.printError(note) }
        let undotted = tally.undottedEmails.sorted { $0.number < $1.number }
        let listed = undotted.prefix(options.verbose ? undotted.count : Importer.shownRejections)
        for (number, email) in listed {
            let location = place.location(of: ImportRejection(number: number, reason: ""))
            console.printError("\(location): note: the e-mail address '\(email)' has no dot in its domain; it was accepted, but check it.")
        }
        if listed.count < undotted.count {
            console.printError("… and \(undotted.count - listed.count) more e-mail addresses without a dot in their domain.")
        }
        // `unchanged` (rows of --on-duplicate update already as in the file) is shown when there are any.
        let unchanged = tally.unchanged > 0 ? ", unchanged \(tally.unchanged)" : ""
        console.print(
            "imported \(tally.imported), updated \(tally.updated)\(unchanged), skipped \(tally.skipped), rejected \(rejections.count)")
    }
}
