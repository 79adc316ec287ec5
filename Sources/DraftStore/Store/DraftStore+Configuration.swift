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
        /// SQL run on every connection the store opens, before any read or save through it:
        /// for what SQLite keeps per connection (`CREATE TEMP TRIGGER`, `CREATE TEMP VIEW`,
        /// `PRAGMA`s, `ATTACH`), which a migration cannot make
        /// (``MigrationError/Kind/createsTemporaryObject(type:name:)``). On the writer it runs once
        /// the migrations are applied (a TEMP trigger names tables they make) and before the
        /// store reads the schema, so the store's trigger-aware paths see its triggers; on each
        /// reader (read-only) and the journal's connection when they open.
        public var connectionSQL: String?
        /// Runs on every connection the store opens, after ``connectionSQL``, for setup that
        /// needs code. Readers are read-only: only TEMP objects, PRAGMAs and attachments there.
        package var connectionSetup: (@Sendable (Connection) throws(SQLiteError) -> Void)?
        /// One connection for reads and writes, also for files (the test harness's rollback mode).
        @_spi(Testing) public var singleConnection = false
        /// Runs on the new writer connection before the migrations are checked (the test harness restores a template with it).
        package var prepare: (@Sendable (Connection) throws -> Void)?
        /// Makes the default configuration: 5 s busy timeout, read-write, durable saves, no entities declared up front.
        public init() {}
    }
}
