#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#include "CChangesetApply.h"

/// Refuses every conflict: the test wants the changeset to apply cleanly.
static int abort_on_conflict(void *context, int reason, sqlite3_changeset_iter *iterator) {
    (void)context;
    (void)reason;
    (void)iterator;
    return SQLITE_CHANGESET_ABORT;
}

int cchangeset_apply(const char *path, const void *changeset, int size) {
    sqlite3 *db = 0;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, 0);
    if (rc == SQLITE_OK) {
        rc = sqlite3changeset_apply(db, size, (void *)changeset, 0, abort_on_conflict, 0);
    }
    sqlite3_close(db);
    return rc;
}
