#ifndef DRAFTSTORE_FAULT_VFS_H
#define DRAFTSTORE_FAULT_VFS_H

/// The name of the fault-injecting SQLite VFS; open a database with `file:PATH?vfs=draftstore-fault`.
#define DRAFTSTORE_FAULT_VFS_NAME "draftstore-fault"

/// The file operations the VFS counts and can fail, as SQLite's own I/O-error tests do.
typedef enum {
    /// xWrite.
    DRAFTSTORE_FAULT_WRITE = 0,
    /// xSync (an fsync, or fdatasync, of the file).
    DRAFTSTORE_FAULT_SYNC = 1,
    /// xRead.
    DRAFTSTORE_FAULT_READ = 2,
    /// xLock (taking or raising a file lock; xUnlock is never failed).
    DRAFTSTORE_FAULT_LOCK = 3,
    /// xShmMap and xShmLock (the WAL index in shared memory).
    DRAFTSTORE_FAULT_SHM = 4,
} draftstore_fault_op;

/// How many operations `draftstore_fault_op` has.
#define DRAFTSTORE_FAULT_OP_COUNT 5

/// Registers the fault-injecting VFS (a pass-through over the default VFS). Safe to call more than once.
/// Returns an SQLite result code.
int draftstore_fault_vfs_register(void);

/// Arms a fault for the files whose path starts with `path` (or, when `exact` is non-zero, is
/// exactly `path`): calls of `op` number `first` ..< `first + count` (counted from 1 since
/// arming) fail with `result_code` (e.g. SQLITE_IOERR_WRITE or SQLITE_FULL); `count` < 0
/// fails every call from `first` on, until disarmed. Arming the same path again replaces its
/// fault and restarts its counts (a prefix and an exact path are kept apart). Returns 0, or -1 when all slots are in use.
int draftstore_fault_arm_call(const char *path, int exact, int op, int first, int count, int result_code);

/// Makes the next `count` writes to files whose path starts with `path_prefix` fail with
/// `result_code`; `count` < 0 fails until disarmed. The same as
/// `draftstore_fault_arm_call(path_prefix, 0, DRAFTSTORE_FAULT_WRITE, 1, count, result_code)`.
int draftstore_fault_arm(const char *path_prefix, int result_code, int count);

/// Starts counting calls on the files `path` names (a prefix, or exact when `exact` is
/// non-zero) without failing any; counts restart when it is already watched. Returns 0, or -1
/// when all slots are in use.
int draftstore_fault_watch(const char *path, int exact);

/// Removes the faults and the counts kept for `path` (prefix and exact).
void draftstore_fault_disarm(const char *path);

/// How many calls have been failed for `path` (prefix and exact) since it was armed.
int draftstore_fault_failures(const char *path);

/// How many calls of `op` the files `path` names (a prefix, or exact when `exact` is non-zero)
/// have made since it was armed or watched (failed calls included); 0 when it is neither.
int draftstore_fault_calls(const char *path, int exact, int op);

#endif
