#ifndef CCHANGESET_APPLY_H
#define CCHANGESET_APPLY_H

/// Applies a changeset to the database file at `path` with plain sqlite3changeset_apply: no
/// DraftStore involved. Any conflict aborts the apply (SQLITE_CHANGESET_ABORT).
/// Returns SQLite's result code (SQLITE_OK on success, SQLITE_ABORT after a conflict).
int cchangeset_apply(const char *path, const void *changeset, int size);

#endif
