import CFaultVFS
import CSQLite
@_spi(Testing) import DraftStore

/// A file operation the harness's fault VFS counts and can fail, as SQLite's own I/O-error
/// tests do. See [The VFS object](https://www.sqlite.org/c3ref/vfs.html) and
/// [the I/O methods](https://www.sqlite.org/c3ref/io_methods.html).
public enum FileOperation: Int32, Sendable, CaseIterable {
    /// `xWrite`: writing pages to the database file or the write-ahead log.
    case write
    /// `xSync`: an fsync of the file (what makes a commit survive power loss).
    case sync
    /// `xRead`: reading pages.
    case read
    /// `xLock`: taking or raising a file lock (releasing one is never failed).
    case lock
    /// `xShmMap` and `xShmLock`: mapping and locking the WAL index in shared memory (releasing a lock is never failed).
    case sharedMemory
}

/// One file of a file store: the database, its write-ahead log or its WAL index.
public enum StoreFile: String, Sendable, CaseIterable {
    /// The database file itself (`test.sqlite`).
    case database = ""
    /// The write-ahead log (`test.sqlite-wal`).
    case writeAheadLog = "-wal"
    /// The WAL index in shared memory (`test.sqlite-shm`).
    case sharedMemoryIndex = "-shm"
}

extension TestStore {
    /// The path of one of the store's files.
    /// - Throws: ``HarnessError`` for an in-memory store, which has no files.
    func path(of file: StoreFile) throws -> String {
        guard let filePath else { throw HarnessError(description: "An in-memory store has no files; use a file store.") }
        return filePath + file.rawValue
    }

    /// Starts counting the calls the store's connections make on `file` (from zero); read the
    /// counts with ``calls(_:on:)``. Counting stops at ``clearFaults()``.
    /// - Parameter file: The database, its log or its index.
    /// - Throws: ``HarnessError`` for an in-memory store, or when 64 files are counted or armed at once.
    public func countCalls(on file: StoreFile) throws {
        if draftstore_fault_watch(try path(of: file), 1) != 0 {
            throw HarnessError(description: "Too many files are counted or have faults armed at once (64); clear some with clearFaults().")
        }
    }

    /// How many `operation` calls the store made on `file` since ``countCalls(on:)``, or since a
    /// fault was armed on that file with ``failCall(_:number:persistently:code:on:)``.
    /// - Parameters:
    ///   - operation: Write, sync, read, lock or shared-memory call.
    ///   - file: The database, its log or its index.
    /// - Returns: The count, failed calls included; 0 when the file is not counted.
    public func calls(_ operation: FileOperation, on file: StoreFile) -> Int {
        guard let path = try? path(of: file) else { return 0 }
        return Int(draftstore_fault_calls(path, 1, operation.rawValue))
    }

    /// Makes call number `number` of `operation` fail with `code`, counting from 1 after this
    /// call, on one file of the store or on all of them; with `persistently`, every call from
    /// then on fails too, until ``clearFaults()``. Arming again replaces the earlier fault on
    /// the same file(s).
    ///
    /// This is how SQLite's own I/O-error tests sweep a statement: fail the 1st call, then the
    /// 2nd, … until the statement succeeds without a fault (``failedCalls``).
    /// - Parameters:
    ///   - operation: Write, sync, read, lock or shared-memory call.
    ///   - number: Which call fails first (1 is the next one).
    ///   - persistently: Whether every later call fails too.
    ///   - code: The result code the call returns, such as `SQLITE_IOERR_WRITE`, `SQLITE_FULL`, `SQLITE_IOERR_FSYNC`.
    ///   - file: One file of the store; `nil` for all of them.
    /// - Throws: ``HarnessError`` for an in-memory store, under rollback isolation, or when 64 files are armed at once.
    public func failCall(
        _ operation: FileOperation, number: Int, persistently: Bool = false, code: Int32 = SQLITE_IOERR, on file: StoreFile? = nil
    ) throws {
        try refuseRollbackScope("failCall(_:number:)")
        let path = try path(of: file ?? .database)
        let count: Int32 = persistently ? -1 : 1
        if draftstore_fault_arm_call(path, file == nil ? 0 : 1, operation.rawValue, Int32(number), count, code) != 0 {
            throw HarnessError(description: "Too many files are counted or have faults armed at once (64); clear some with clearFaults().")
        }
    }

    /// How many calls the armed faults have failed so far (0 for an in-memory store).
    public var failedCalls: Int {
        guard let filePath else { return 0 }
        return Int(
            draftstore_fault_failures(filePath) + draftstore_fault_failures(filePath + "-wal")
                + draftstore_fault_failures(filePath + "-shm"))
    }
}
