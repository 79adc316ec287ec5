import CSQLite

extension SQLiteError {
    // SQLite defines its extended result codes as C macros that Swift cannot import;
    // these are their values. See https://www.sqlite.org/rescode.html#extrc.

    /// `SQLITE_CONSTRAINT_CHECK` (275): a CHECK constraint failed.
    package static let constraintCheck: Int32 = SQLITE_CONSTRAINT | (1 << 8)
    /// `SQLITE_CONSTRAINT_COMMITHOOK` (531): a commit hook turned the commit into a rollback.
    package static let constraintCommitHook: Int32 = SQLITE_CONSTRAINT | (2 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY` (787): a foreign key constraint failed.
    package static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    /// `SQLITE_CONSTRAINT_NOTNULL` (1299): a NOT NULL constraint failed.
    package static let constraintNotNull: Int32 = SQLITE_CONSTRAINT | (5 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY` (1555): a PRIMARY KEY constraint failed.
    package static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    /// `SQLITE_CONSTRAINT_TRIGGER` (1811): a trigger's `RAISE(ABORT | FAIL | ROLLBACK, …)`.
    package static let constraintTrigger: Int32 = SQLITE_CONSTRAINT | (7 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE` (2067): a UNIQUE constraint failed.
    package static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
    /// `SQLITE_IOERR_WRITE` (778): an I/O error while writing.
    package static let ioErrorWrite: Int32 = SQLITE_IOERR | (3 << 8)
    /// `SQLITE_IOERR_READ` (266): an I/O error while reading.
    package static let ioErrorRead: Int32 = SQLITE_IOERR | (1 << 8)
    /// `SQLITE_IOERR_FSYNC` (1034): an I/O error while syncing a file to the disk.
    package static let ioErrorFsync: Int32 = SQLITE_IOERR | (4 << 8)
    /// `SQLITE_IOERR_LOCK` (3850): an I/O error while taking a file lock.
    package static let ioErrorLock: Int32 = SQLITE_IOERR | (15 << 8)
    /// `SQLITE_IOERR_SHMMAP` (5386): an I/O error while mapping the WAL index in shared memory.
    package static let ioErrorSharedMemoryMap: Int32 = SQLITE_IOERR | (21 << 8)
    /// `SQLITE_IOERR_SHMLOCK` (5130): an I/O error while locking the WAL index in shared memory.
    package static let ioErrorSharedMemoryLock: Int32 = SQLITE_IOERR | (20 << 8)
}
