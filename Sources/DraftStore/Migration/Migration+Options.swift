extension Migration {
    /// How a migration runs, declared in Swift or by a directive line in its `.sql` file.
    ///
    /// A directive is a comment line of its own: `-- draftstore: baseline` or
    /// `-- draftstore: foreign_keys=off` (several words may share one line, separated by spaces).
    public struct Options: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Makes options from raw bits.
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The schema as a database already has it: the first migration of an app that adopts
        /// an existing database. On a database with tables and no migration record, it is
        /// checked against the tables (every table it creates must exist with the same columns,
        /// types and primary key) and recorded as applied without running; on an empty database
        /// it runs like any other migration. Directive: `-- draftstore: baseline`.
        public static let baseline = Options(rawValue: 1 << 0)

        /// Runs with foreign-key enforcement off, as SQLite's twelve-step table rebuild needs
        /// (https://www.sqlite.org/lang_altertable.html#otheralter): the migrator turns
        /// `PRAGMA foreign_keys` off outside the transaction (inside one it is a no-op), runs the
        /// SQL, runs `PRAGMA foreign_key_check` before COMMIT — a violation rolls everything back
        /// with ``MigrationError/Kind/foreignKeyViolation(table:rowid:parent:)`` — and turns it on
        /// again. Directive: `-- draftstore: foreign_keys=off`.
        public static let foreignKeysOff = Options(rawValue: 1 << 1)
    }

    /// The directive words of a migration's SQL: comment lines starting `-- draftstore:`.
    static func directives(in sql: String) -> (options: Options, unknown: [String]) {
        var options: Options = []
        var unknown: [String] = []
        for line in sql.split(whereSeparator: \.isNewline) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("-- draftstore:") else { continue }
            for word in text.dropFirst("-- draftstore:".count).split(separator: " ") {
                switch word.lowercased() {
                case "baseline": options.insert(.baseline)
                case "foreign_keys=off": options.insert(.foreignKeysOff)
                default: unknown.append(String(word))
                }
            }
        }
        return (options, unknown)
    }
}
