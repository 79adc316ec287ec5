/// Words for every error DraftStore reports, in one language.
///
/// The library builds no sentences of its own: a local rule's built-in message, a store
/// rejection, a conflict, a storage failure and a misuse are each handed to the current
/// provider as facts (kind and parameters), and the provider words them. ``EnglishMessages``
/// is the default; an app supplies its own language with ``Messages/use(_:)`` (for the whole
/// process) or ``Messages/withProvider(_:_:)`` (for one task, as tests do).
///
/// Words given by an app's own rules (`.custom(code:message:)`, `.required(message:)`) are the
/// app's and are shown as given.
public protocol MessageProvider: Sendable {
    /// The words of a built-in local rule that failed.
    /// - Parameter rule: Which rule, with its parameters.
    /// - Returns: What to do, such as "Enter at least 2 characters".
    func rule(_ rule: RuleMessage) -> String

    /// The words of a store rejection shown under its fields, or on the whole record.
    /// - Parameter rejection: The facts, with the labels of the error's fields (``RejectionWording/labels``).
    /// - Returns: What to do, such as "Another author already has this e-mail; enter a different one."
    func rejection(_ rejection: RejectionWording) -> String

    /// The words of a conflict: rows changed or deleted by someone else since they were read.
    /// - Parameter conflict: The rows and fields in conflict.
    /// - Returns: The conflict and what to do about it, possibly on several lines.
    func conflict(_ conflict: ConflictError) -> String

    /// The words of a storage failure: the database could not do it (busy, full, I/O, read-only).
    /// - Parameter failure: The kind of failure, the database file and SQLite's technical error.
    /// - Returns: What is wrong with the storage, and that the save can be tried again.
    func storage(_ failure: StorageFailure) -> String

    /// The words of a misuse by the program: a finished editor, a discarded context, a closed store.
    /// - Parameter misuse: What was misused.
    /// - Returns: What the program should do instead.
    func misuse(_ misuse: Misuse) -> String

    /// The words of a save refused for field errors: a heading, then each error under its field's label.
    /// - Parameters:
    ///   - source: ``FieldError/Source/local`` for local validation, ``FieldError/Source/store`` for the store's rejection.
    ///   - errors: The errors, with their fields and labels (``FieldError/labels``, empty when none is
    ///     declared: make one from the field's name) and words (``FieldError/message``).
    /// - Returns: One line naming the kind, followed by the errors.
    func refusal(_ source: FieldError.Source, errors: [FieldError]) -> String

    /// The words of a call a context cannot make with a row (see ``ContextError``); English by default.
    /// - Parameter error: The row, by its display name, table and key, and what was wrong.
    /// - Returns: What is wrong and what to do.
    func context(_ error: ContextError) -> String

    /// The words of an SQLite error outside a save, such as a read that failed (see ``SQLiteError``);
    /// English by default.
    /// - Parameter error: SQLite's error with its extended result code.
    /// - Returns: What is wrong, and whether trying again can help.
    func sqlite(_ error: SQLiteError) -> String

    /// The words of an entity that does not fit its table (see ``SchemaError``); English by default.
    /// - Parameter error: The entity and each problem.
    /// - Returns: What does not fit, for the app's developer.
    func schema(_ error: SchemaError) -> String

    /// The words of a database that could not be opened or migrated (see ``MigrationError``); English by default.
    /// - Parameter error: The file or migration and what went wrong.
    /// - Returns: The real cause and what to do.
    func migration(_ error: MigrationError) -> String

    /// The words of a schema changed outside its migrations (see ``SchemaDriftError``); English by default.
    /// - Parameter error: The file and each difference.
    /// - Returns: What changed and what to do.
    func schemaDrift(_ error: SchemaDriftError) -> String

    /// The words of a changeset that could not be applied (see ``ChangesetError``); English by default.
    /// - Parameter error: What was wrong, with its facts.
    /// - Returns: What is wrong and what to do, possibly on several lines.
    func changeset(_ error: ChangesetError) -> String

    /// The words of a query that cannot run as asked (see ``QueryError``); English by default.
    /// - Parameter error: What was wrong, with its facts.
    /// - Returns: What is wrong, naming the entity, table or column, and what to do instead.
    func query(_ error: QueryError) -> String

    /// The words of a key path that is no declared column (see ``UnknownColumnError``); English by default.
    /// - Parameter error: The entity, its table and the key path.
    /// - Returns: What is wrong and what to do.
    func unknownColumn(_ error: UnknownColumnError) -> String

    /// The words of a draft journal that could not keep, list or restore a draft (see
    /// ``DraftJournalError``); English by default.
    /// - Parameter error: What was wrong, with its facts.
    /// - Returns: What is wrong, naming the table or entry, and what to do.
    func draftJournal(_ error: DraftJournalError) -> String

    /// The words of SQL of the app's own that the read side refuses (see ``SQLReadError``); English by default.
    /// - Parameter error: What was wrong, with the SQL.
    /// - Returns: What is wrong and what to do instead.
    func sqlRead(_ error: SQLReadError) -> String
    /// The words of a relationship that cannot be followed (see ``RelationshipError``); English by default.
    /// - Parameter error: What was wrong, naming the tables and columns.
    /// - Returns: What is wrong and what to declare.
    func relationship(_ error: RelationshipError) -> String
}

/// The current ``MessageProvider``: the process-wide one, unless a task chose its own.
public enum Messages {
    private static let global = Lock<any MessageProvider>(EnglishMessages())
    @TaskLocal private static var scoped: (any MessageProvider)?

    /// The provider that words errors now: the one of ``withProvider(_:_:)`` in this task, or else the process-wide one.
    public static var provider: any MessageProvider { scoped ?? global.withLock { $0 } }

    /// Makes `provider` the process-wide provider (an app's language), from now on.
    /// - Parameter provider: The words to use.
    public static func use(_ provider: any MessageProvider) {
        global.withLock { $0 = provider }
    }

    /// Runs `body` with `provider` as the provider of this task (and the tasks it starts).
    /// - Parameters:
    ///   - provider: The words to use.
    ///   - body: The work whose errors are worded by `provider`.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withProvider<T>(_ provider: any MessageProvider, _ body: () throws -> T) rethrows -> T {
        try $scoped.withValue(provider, operation: body)
    }
}

/// A built-in local rule that failed, with the parameters its words need.
public enum RuleMessage: Sendable, Hashable {
    /// ``FieldRule/required``: the field is empty.
    case required
    /// A whole number outside the range.
    case wholeNumber(ClosedRange<Int>)
    /// Text that is not a whole number (letters, a decimal point, spaces), for a field of this range.
    case digitsOnly(ClosedRange<Int>)
    /// Fewer characters than allowed.
    case atLeast(Int)
    /// More characters than allowed.
    case atMost(Int)
    /// Not an e-mail address.
    case email
    /// An e-mail address longer than allowed.
    case emailTooLong(Int)
    /// Control or invisible characters; `allowingLineBreaks` when tabs and line breaks are allowed.
    case controlCharacters(allowingLineBreaks: Bool)
    /// Not one of the choices.
    case inclusion([String])
    /// A confirmation that differs from the field it confirms.
    case confirmation
    /// A box that must be ticked.
    case acceptance
}

/// A store rejection as a provider words it: the facts and the visible names of what it is about.
public struct RejectionWording: Sendable, Hashable {
    /// The facts of the rejection.
    public let rejection: StoreRejection
    /// The visible labels of the fields it is shown under ("E-mail"); empty for the whole record.
    public let labels: [String]
    /// The visible name of the kind of record ("Author"): the form's or entity's ``Validator/label``,
    /// or else made from the table's name in words (`order_lines` → "Order line").
    public let entity: String

    /// For a foreign key: the visible name of the other table's kind of record, made from its
    /// name in words (`products` → "Product", by the rule of ``Validator/label``); `nil` for other kinds.
    public var relatedEntity: String? { rejection.relatedTable.map(DisplayName.entity(table:)) }
}

/// A storage failure as a provider words it.
public struct StorageFailure: Sendable, Hashable {
    /// What is wrong with the storage.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Another connection held the lock past the busy timeout.
        case busy
        /// The disk (or the database's size limit) is full.
        case full
        /// The file cannot be written (a read-only file, folder or connection).
        case readOnly
        /// The operating system reported an I/O error.
        case ioError
        /// The file is not a database, or is damaged.
        case corrupt
        /// The file or its folder cannot be opened.
        case cannotOpen
        /// The schema does not allow it (`SQLITE_ERROR`: a missing table or column, such as a
        /// cascade into a table the file lacks; `SQLITE_MISMATCH`): a permanent problem of the
        /// app or its database, which trying again does not fix.
        case schema
        /// Any other failure of the database.
        case other
        /// The COMMIT failed with an I/O error (``SQLiteError/isCommitOutcomeUnknown``): the
        /// process sees nothing saved, but a crash before the next write or clean close recovers
        /// the commit from the write-ahead log. Saving again (in this process) writes it once.
        case outcomeUnknown
    }

    /// What is wrong.
    public let kind: Kind
    /// The database file, if it has one.
    public let database: String?
    /// SQLite's error, for logs: codes, message and SQL.
    public let error: SQLiteError

    /// Whether trying again may succeed without anything being fixed: a lock held too long, an
    /// I/O error, or a commit whose outcome is unknown (a retry then stores it exactly once). A
    /// full disk, a read-only or damaged file and a schema problem need a fix first.
    public var isTransient: Bool { kind == .busy || kind == .ioError || kind == .outcomeUnknown }

    /// Classifies an SQLite error by its extended result code; an I/O error of a COMMIT is ``Kind/outcomeUnknown``.
    /// - Parameters:
    ///   - error: The error SQLite reported.
    ///   - database: The database file, if any.
    package init(_ error: SQLiteError, database: String?) {
        self.error = error
        self.database = database
        self.kind = error.isCommitOutcomeUnknown ? .outcomeUnknown : StorageFailure.kind(of: error.extendedCode)
    }

    /// The kind of an extended result code: see [Result and Error Codes](https://www.sqlite.org/rescode.html).
    static func kind(of extendedCode: Int32) -> Kind {
        // SQLITE_IOERR_SHMSIZE: the shared-memory file could not be enlarged (no space left).
        if extendedCode == 4874 { return .full }
        return switch extendedCode & 0xFF {
        case 1, 20: .schema  // SQLITE_ERROR, SQLITE_MISMATCH
        case 5, 6: .busy  // SQLITE_BUSY, SQLITE_LOCKED
        case 13: .full  // SQLITE_FULL
        case 8: .readOnly  // SQLITE_READONLY
        case 10: .ioError  // SQLITE_IOERR
        case 11, 26: .corrupt  // SQLITE_CORRUPT, SQLITE_NOTADB
        case 14: .cannotOpen  // SQLITE_CANTOPEN
        default: .other
        }
    }
}
