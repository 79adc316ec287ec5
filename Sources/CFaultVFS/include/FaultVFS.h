#ifndef DRAFTSTORE_FAULT_VFS_H
#define DRAFTSTORE_FAULT_VFS_H

/// The name of the fault-injecting SQLite VFS; open a database with `file:PATH?vfs=draftstore-fault`.
#define DRAFTSTORE_FAULT_VFS_NAME "draftstore-fault"

/// Registers the fault-injecting VFS (a pass-through over the default VFS). Safe to call more than once.
/// Returns an SQLite result code.
int draftstore_fault_vfs_register(void);

/// Makes the next `count` writes (xWrite) to files whose path starts with `path_prefix` fail with
/// `result_code` (e.g. SQLITE_IOERR_WRITE or SQLITE_FULL); `count` < 0 fails until disarmed.
/// Returns 0, or -1 when all slots are in use.
int draftstore_fault_arm(const char *path_prefix, int result_code, int count);

/// Removes the faults armed for `path_prefix`.
void draftstore_fault_disarm(const char *path_prefix);

/// How many writes have been failed for `path_prefix` since it was armed.
int draftstore_fault_failures(const char *path_prefix);

#endif
