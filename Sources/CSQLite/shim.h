#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
// The system library is built with the session extension; its header declares it
// (sqlite3session_*, sqlite3changeset_*) only when these are defined.
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

/// Turns SQLite's double-quoted string literal fallback on or off for DML statements
/// (SQLITE_DBCONFIG_DQS_DML). sqlite3_db_config is variadic, which Swift cannot call.
static inline int csqlite_set_double_quoted_strings(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, enabled, (int *)0);
}
#endif
