extension Importer {
    /// What the import did, for the summary.
    ///
    /// Rejections and notes are counted, and kept for the listing: every one with `--verbose` or
    /// `--json`, otherwise the ``Importer/shownRejections`` lowest-numbered, so a file of millions
    /// of bad rows does not fill memory.
    struct Tally {
        var imported = 0
        var updated = 0
        /// Rows of `--on-duplicate update` whose values were already those of the file.
        var unchanged = 0
        var skipped = 0
        /// Rows of `--on-duplicate update` whose e-mail an earlier row of the file had: their values
        /// went to that row, which is counted once (imported or updated).
        var repeated = 0
        /// The rejections kept for the listing.
        private(set) var rejections: [ImportRejection] = []
        /// How many rows were rejected.
        private(set) var rejectedCount = 0
        /// Rows saved whose e-mail's domain has no dot, kept for the listing: number and address.
        private(set) var undottedEmails: [(number: Int, email: String)] = []
        /// How many rows saved have an e-mail whose domain has no dot.
        private(set) var undottedCount = 0
        /// Whether every rejection and note is kept.
        var keepsAll = false

        /// Records a rejected row.
        mutating func reject(_ rejection: ImportRejection) {
            rejectedCount += 1
            rejections.append(rejection)
            if !keepsAll, rejections.count > 4 * Importer.shownRejections {
                rejections.sort { $0.number < $1.number }
                rejections.removeLast(rejections.count - Importer.shownRejections)
            }
        }

        /// Records a saved row whose e-mail's domain has no dot.
        mutating func noteUndotted(_ number: Int, _ email: String) {
            undottedCount += 1
            undottedEmails.append((number, email))
            if !keepsAll, undottedEmails.count > 4 * Importer.shownRejections {
                undottedEmails.sort { $0.number < $1.number }
                undottedEmails.removeLast(undottedEmails.count - Importer.shownRejections)
            }
        }

        /// Adds the counts of rows saved in a later transaction (rejections are recorded directly).
        mutating func add(_ saved: Tally) {
            imported += saved.imported
            updated += saved.updated
            unchanged += saved.unchanged
            repeated += saved.repeated
            for (number, email) in saved.undottedEmails { noteUndotted(number, email) }
        }

        /// After a rollback: no row was imported, updated, left unchanged or taken by an earlier one, and no note applies.
        mutating func clearSaved() {
            imported = 0
            updated = 0
            unchanged = 0
            repeated = 0
            undottedEmails = []
            undottedCount = 0
        }
    }
}
