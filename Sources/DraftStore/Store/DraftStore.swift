import CSQLite
import Foundation
import Synchronization

/// The SQLite-backed parent store: it owns the database file, applies migrations, and is
/// the root every child context saves into.
///
/// A file store has one serialized writer connection and separate readers, in WAL mode, so reads
/// never wait for a save. An in-memory store (`nil`, `":memory:"`, `file:…?mode=memory`) uses one
/// connection: SQLite's in-memory databases have no WAL.
/// The store is `Sendable`; contexts and items are not, and live in one isolation domain.
///
/// ```swift
/// let store = try DraftStore(path: "bookshelf.sqlite", migrations: Bookshelf.migrations)
/// let child = store.newChildContext()
/// let author = try child.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
/// if let authorID = author.id {  // a temporary key until the save
///     try child.insert(Book(authorID: authorID, title: "Kindred", year: 1979))
/// }
/// try child.save()  // one transaction, both rows, real ids
/// ```
public final class DraftStore: Sendable {
    /// The database path or URI as given; `nil` for a private in-memory store.
    public let path: String?
    /// Whether reads go through a reader connection of their own (a file store not in single-connection mode).
    let hasReader: Bool
    /// Checkpoint failures, see ``health``.
    let monitor = HealthMonitor()
    /// The connection all writes go through, one at a time.
    let writer: Lock<Connection>
    /// The connection file stores read through, opened by the first read (``withReader(_:)``);
    /// `nil` before it, and always for in-memory stores, whose reads use the writer. `closed`
    /// once ``close()`` ran: no reader opens after it.
    let reader = Lock<(connection: Connection?, closed: Bool)>((nil, false))
    /// Commit sequence and commit log.
    let state = Lock(StoreState())
    /// The connections of async reads and cursors (``reads``); unused by in-memory stores.
    let readerPool = ReaderPool()
    /// The ``batchedSave(_:)`` running, if any: reads on its thread go to its transaction.
    let openBatch = OpenBatch()
    /// The observation engine: observers, their readers, the poller for other writers' commits.
    let observation = ObservationHub()
    /// What the database says of each declared table, checked, by schema object; and the
    /// schemas by (lowercased) table name, from declared entities and every entity a context touched.
    let tables = Lock<(infos: [ObjectIdentifier: TableInfo], byName: [String: TableSchema])>(([:], [:]))
    /// Foreign keys of the schema by (lowercased) parent table name.
    let foreignKeys: [String: [ForeignKey]]
    /// Asks SQLite how values are stored, where Swift cannot tell.
    let oracle = AffinityOracle()
    /// Tables whose writes may make SQLite change other rows itself.
    let sideEffects: SideEffects
    /// The last temporary id issued; they count down from -2^52 - 1, far from the negative
    /// numbers apps store, so a plain column's value is not taken for one (``TemporaryKeyCheck``).
    let temporaryIDs = Atomic<Int64>(-(1 << 52))
    /// Whether the writer holds a transaction of ``beginOuterTransaction()`` (saves are savepoints in it).
    let holdsOuterTransaction = Atomic<Bool>(false)
    /// Whether ``close()`` was called: every entry point then throws ``Misuse/storeClosed``.
    let isClosed = Atomic<Bool>(false)
    /// The draft journal: opened by the first journaled item; it writes between the saves of ``writer``.
    let drafts: DraftJournal
    /// The configuration it was opened with.
    public let configuration: Configuration
    /// How the schema differed from what its migrations made when the store opened, under
    /// ``SchemaDriftPolicy/report``; empty when it did not (or under ``SchemaDriftPolicy/refuse``, which throws instead).
    public let schemaDrift: [SchemaDriftError.Difference]
    /// The schema's views and triggers that use double-quoted strings as literals (`view v`,
    /// `trigger t`): for them the store keeps SQLite's fallback on, which otherwise it turns
    /// off so that a misspelled identifier is an error, not its own name as text. Empty for
    /// most schemas. See [the quirk](https://www.sqlite.org/quirks.html#dblquote).
    public let doubleQuotedStringObjects: [String]

    /// Opens (creating if missing) a database file, or an in-memory database, and migrates it.
    ///
    /// The file is checked before anything is written: it must be an SQLite database whose
    /// recorded migrations this build knows and, when opening will write to it (it is not in
    /// WAL mode yet, or migrations are pending), pass `PRAGMA quick_check` (O(file size)),
    /// read with `query_only` on. Then it is put in WAL mode with the configuration's
    /// ``Durability`` (`synchronous=FULL` by default), the store's own checkpoint handler is
    /// installed, and pending migrations are applied, each in its own transaction.
    ///
    /// - Parameters:
    ///   - path: A file path (or SQLite `file:` URI such as `file:x.sqlite?mode=ro`); `nil` for a private in-memory store.
    ///   - migrations: The schema's migrations, in order.
    ///   - configuration: Busy timeout, read-only access, durability, declared entities.
    /// - Throws: ``SQLiteError`` naming the path when it cannot be opened (a directory, a device such as `/dev/null`, a
    ///   missing folder, not a database, truncated, or damaged: `SQLITE_CORRUPT`, the file left
    ///   unchanged); ``MigrationError`` naming the file when a migration is refused or fails
    ///   (newer schema, unknown schema, edited migration, bad SQL).
    public init(path: String?, migrations: [Migration], configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        var options = Connection.Options()
        options.busyTimeout = configuration.busyTimeout
        options.readOnly = configuration.readOnly
        let writer = try Connection(path: path, options: options)
        try DraftStore.setUp(writer, configuration, temporarySchema: false)  // first: in force for every read and migration
        try configuration.prepare?(writer)
        let migrator = try Migrator(migrations)
        let pending = try migrator.pending(in: writer)
        // Before anything is written: is the schema still what the migrations made?
        let recorded = try SchemaFingerprint.recorded(writer)
        var drift: [SchemaDriftError.Difference] = []
        if let recorded { drift = recorded.differences(from: try SchemaFingerprint.current(writer)) }
        if !drift.isEmpty, configuration.schemaDrift == .refuse { throw SchemaDriftError(file: path ?? ":memory:", differences: drift) }
        self.schemaDrift = drift
        if configuration.readOnly {
            if !pending.isEmpty {
                throw MigrationError(
                    file: path ?? ":memory:",
                    kind: .storage(
                        SQLiteError(extendedCode: SQLITE_READONLY, message: "the database needs migrations but was opened read-only")))
            }
        } else if !DatabasePath.isInMemory(path) {
            // Switching to WAL writes the header and migrations write pages: first make sure the
            // file is sound (a current WAL-mode file was checked when it was adopted).
            if try !pending.isEmpty || writer.journalMode() != "wal" { try writer.checkSoundness() }
            try writer.enableWAL()
            try writer.execute("PRAGMA synchronous = \(configuration.durability.pragmaValue)")
            writer.setCheckpointHandler(everyPages: configuration.checkpointPages) { [monitor] in monitor.record($0) }
        }
        if !configuration.readOnly {
            // Each migration records what the schema must be after it; a database made before
            // the store kept that record gets one now.
            let applied = try migrator.migrate(writer)
            if applied.isEmpty, recorded == nil, !migrations.isEmpty { try Migrator.acceptCurrentSchema(on: writer) }
        }
        // The TEMP schema over the app's tables, once they exist; what it makes is part of the schema read below.
        if let sql = configuration.temporarySchemaSQL { try writer.execute(sql) }
        // The store's own statements never read a misspelled identifier as text, unless the
        // schema's views or triggers need SQLite's old fallback (then it stays on, and says so).
        let objects = try writer.schemaObjects()
        let quoted = try writer.schemaObjectsNeedingDoubleQuotedStrings(among: objects)
        try writer.allowDoubleQuotedStrings(!quoted.isEmpty)
        self.doubleQuotedStringObjects = quoted
        // The reader connection opens at the first read, not here: a store opened and closed
        // without reading (a first launch's migration) pays for one connection, not two (W7).
        hasReader = !DatabasePath.isInMemory(path) && !configuration.singleConnection

        self.foreignKeys = try ForeignKey.load(from: writer, tables: objects.filter { $0.type == "table" }.map(\.name))
        self.sideEffects = SideEffects(foreignKeys: foreignKeys, objects: objects)
        let version = try writer.dataVersion()
        let writerLock = Lock(writer)
        self.writer = writerLock
        self.drafts = DraftJournal(writer: writerLock)
        state.withLock { $0.dataVersion = version }
        // Checked on the writer, whose schema the migrations just read (a reader parses it at its first read).
        for entity in configuration.entities { try register(entity.tableSchema, onWriter: true) }
    }

    /// What opening does when a database's schema differs from what its migrations made.
    public enum SchemaDriftPolicy: Sendable {
        /// Throw ``SchemaDriftError`` (the default): a dropped UNIQUE index would let duplicates in.
        case refuse
        /// Open, and list the differences in ``DraftStore/schemaDrift``.
        case report
    }

    /// Sets up a new connection, in this order: the app's functions and collations, the
    /// configuration's ``Configuration/connectionSQL`` and ``Configuration/connectionSetup``, then
    /// (unless `temporarySchema` is false: the writer runs it after its migrations)
    /// ``Configuration/temporarySchemaSQL``.
    static func setUp(_ connection: Connection, _ configuration: Configuration, temporarySchema: Bool = true) throws(SQLiteError) {
        for function in configuration.functions { try connection.register(function) }
        for collation in configuration.collations { try connection.register(collation) }
        if let sql = configuration.connectionSQL { try connection.execute(sql) }
        try configuration.connectionSetup?(connection)
        if temporarySchema, let sql = configuration.temporarySchemaSQL { try connection.execute(sql) }
    }

    /// Closes the connections, leaving a file store as one file: observations end and their
    /// readers close, the reader closes, then
    /// the writer checkpoints the whole write-ahead log into the database file and, as the last
    /// connection, removes the `-wal` and `-shm` files. (While another process has the file
    /// open the log stays for it; a checkpoint failure is recorded in ``health``.) Later use of
    /// the store fails with one error, ``Misuse/storeClosed``: thrown as it is by reads, counts,
    /// presents, observations and ``withWriterConnection(_:)``, and as
    /// ``SaveError/finished(_:)`` by saves (whose errors are typed); calling it again does nothing.
    ///
    /// See [Write-Ahead Logging](https://www.sqlite.org/wal.html): the last connection to close
    /// checkpoints and deletes the log.
    public func close() {
        isClosed.store(true, ordering: .releasing)
        observation.close()
        drafts.close()
        readerPool.close()
        reader.withLock { reader in
            reader.connection?.close()
            reader.closed = true
        }
        writer.withLock { connection in
            if !DatabasePath.isInMemory(path), !configuration.readOnly, !connection.isClosed, !connection.isInTransaction {
                do throws(SQLiteError) {
                    if try connection.checkpoint(.truncate, waiting: false) { monitor.record(nil) }
                } catch { monitor.record(error) }
            }
            connection.close()
        }
    }

    /// A new child context whose parent is this store.
    ///
    /// Make one for each editing action (or use ``presentNew(_:)`` / ``presentEdit(_:id:)``);
    /// discard it to cancel, save it to write its changes in one transaction.
    public func newChildContext() -> ObjectContext {
        ObjectContext(store: self, parent: nil)
    }

    /// Checks a table schema against the database the first time it is met, and remembers it.
    /// - Returns: What the database says of the table.
    /// - Throws: ``SchemaError`` when the declaration does not fit; ``SQLiteError`` when reading the schema fails.
    /// - Parameter onWriter: Whether to read the schema on the writer rather than through ``withReader(_:)``.
    @discardableResult
    func register(_ table: TableSchema, onWriter: Bool = false) throws -> TableInfo {
        let id = ObjectIdentifier(table)
        if let known = tables.withLock({ $0.infos[id] }) { return known }
        let load = { (connection: Connection) throws -> TableInfo in
            // SQLite matches table names without case; the triggered tables are the store's insert side effects.
            try TableInfo.load(
                table, entity: table.entityName, storage: table.storageClasses,
                hasTriggers: self.sideEffects.insert.contains(table.name.lowercased()), on: connection)
        }
        let info = try onWriter ? writer.withLock { connection throws -> TableInfo in try load(connection) } : withReader(load)
        tables.withLock { tables in
            tables.infos[id] = info
            if tables.byName[table.name.lowercased()] == nil { tables.byName[table.name.lowercased()] = table }
        }
        return info
    }

    /// The schema of a table, if an entity for it was declared or used.
    func table(named name: String) -> TableSchema? { tables.withLock { $0.byName[name.lowercased()] } }

    /// What the database says of a table already registered.
    func info(_ table: TableSchema) -> TableInfo? { tables.withLock { $0.infos[ObjectIdentifier(table)] } }

    /// A new temporary (negative) id, unique in this store.
    func nextTemporaryID() -> Int64 { temporaryIDs.subtract(1, ordering: .relaxed).newValue }

    /// Runs `body` with the writer connection, holding it for the duration.
    ///
    /// For tools and tests that need the raw connection (the test harness, benchmarks).
    /// Do not keep the connection beyond the call, and do not use the store from `body`:
    /// the writer is held, so a save (and, in memory, any read) would wait for itself.
    /// - Throws: ``Misuse/storeClosed`` after ``close()``; what `body` throws.
    public func withWriterConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try checkOpen()
        return try writer.withLock { connection throws -> T in try body(connection) }
    }
}

extension Entity {
    /// The table-level schema of this entity type.
    static var tableSchema: TableSchema { schema.table }
}
