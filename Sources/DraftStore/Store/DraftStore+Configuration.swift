extension DraftStore {
    /// How a store opens its database.
    public struct Configuration: Sendable {
        /// How long a save waits for another connection's write lock before failing with a busy error.
        public var busyTimeout: Duration = .seconds(5)
        /// Open without write access: fetches work, saves fail with a storage error; no migration runs.
        public var readOnly = false
        /// What an acknowledged save survives: ``Durability/full`` (the default) syncs each
        /// commit, ``Durability/normal`` only each checkpoint. See ``Durability``.
        public var durability = Durability.full
        /// The write-ahead log size, in pages, at which a commit starts a checkpoint (SQLite's
        /// default, 1000); 0 leaves checkpoints to ``DraftStore/close()``. The store runs the
        /// checkpoint itself and reports a failure in ``DraftStore/health``.
        public var checkpointPages = 1000
        /// The entity types of the schema: each is checked against the database when the store
        /// opens (``SchemaError``), and contexts can apply cascades to tables they have not read yet.
        public var entities: [any Entity.Type] = []
        /// What opening does when the schema differs from what the migrations made (``SchemaDriftError``):
        /// refuse (the default) or open and report it in ``DraftStore/schemaDrift``.
        public var schemaDrift = SchemaDriftPolicy.refuse
        /// The app's SQL functions, registered on every connection before migrations run.
        public var functions: [SQLFunction] = []
        /// The app's collations, registered on every connection before migrations run.
        public var collations: [SQLCollation] = []
        /// Whether every item presented from the store (``DraftStore/presentNew(_:journal:)``,
        /// ``DraftStore/presentEdit(_:key:journal:)``) keeps its unsaved state in the draft journal,
        /// so it survives the process; off by default. See ``DraftStore/restorableDrafts()``.
        public var journalsDrafts = false
        /// Record each commit's writes (saves and applied changesets) as an SQLite changeset in
        /// the store's own table `draftstore_changes`, for ``DraftStore/exportChanges(after:)``. Off by default.
        public var recordsChanges = false
        /// SQL run on every connection the store opens, first: on the writer before its
        /// migrations and before the store reads anything through it, on each reader (read-only)
        /// and the journal's connection before their first read. For what SQLite keeps per
        /// connection and a migration may need: `PRAGMA`s (`recursive_triggers`,
        /// `case_sensitive_like`, …), `ATTACH`, TEMP tables. The store's own settings follow it
        /// (WAL, ``durability``'s `synchronous`, its checkpoint handler). TEMP triggers and views
        /// over the app's tables go in ``temporarySchemaSQL`` instead: on a new database those
        /// tables do not exist before the migrations.
        public var connectionSQL: String?
        /// Runs on every connection the store opens, right after ``connectionSQL`` (so before
        /// migrations and before any read), for setup that needs code. Readers are read-only:
        /// only TEMP objects, PRAGMAs and attachments there.
        public var connectionSetup: (@Sendable (Connection) throws(SQLiteError) -> Void)?
        /// SQL that makes the TEMP triggers and views over the app's tables, which SQLite keeps
        /// per connection and a migration cannot make
        /// (``MigrationError/Kind/createsTemporaryObject(type:name:)``). It runs on every
        /// connection after ``connectionSQL`` and ``connectionSetup``: on the writer once the
        /// migrations are applied (the tables it names exist only then) and before the store
        /// reads the schema, so the store's trigger-aware paths see its triggers; on each reader
        /// and the journal's connection when they open, before their first read.
        public var temporarySchemaSQL: String?
        /// One connection for reads and writes, also for files (the test harness's rollback mode).
        @_spi(Testing) public var singleConnection = false
        /// Runs on the new writer connection before the migrations are checked (the test harness restores a template with it).
        @_spi(Testing) public var prepare: (@Sendable (Connection) throws -> Void)?
        /// Makes the default configuration: 5 s busy timeout, read-write, durable saves, no entities declared up front.
        public init() {}
    }
}
