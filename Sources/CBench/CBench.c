/* The draftstore-bench workloads over libsqlite3: the baseline every ratio divides by. */
#include "CBench.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The SQL texts DraftStore runs for the authors table (checked with a trace handler). */
static const char *const insert_sql =
    "INSERT INTO \"authors\" (\"name\", \"email\", \"bio\", \"created_at\", \"updated_at\") VALUES (?, ?, ?, ?, ?)";
static const char *const select_all_sql =
    "SELECT \"id\", \"name\", \"email\", \"bio\", \"created_at\", \"updated_at\" FROM \"authors\" ORDER BY \"id\"";
static const char *const select_by_id_sql =
    "SELECT \"name\", \"email\", \"bio\", \"created_at\", \"updated_at\" FROM \"authors\" WHERE \"id\" = ?";
static const char *const update_sql = "UPDATE \"authors\" SET \"name\" = ?, \"updated_at\" = ? WHERE \"id\" = ?";

enum { STMT_INSERT, STMT_SELECT_ALL, STMT_SELECT_BY_ID, STMT_UPDATE, STMT_BEGIN, STMT_COMMIT, STMT_COUNT };

struct cbench_db {
    sqlite3 *handle;
    sqlite3_stmt *statements[STMT_COUNT];
    int64_t bytes_read; /* text bytes of the rows cbench_read_cycles read, for the benchmark's check */
};

static const char *const statement_sql[STMT_COUNT] = {
    [STMT_INSERT] = NULL, [STMT_SELECT_ALL] = NULL, [STMT_SELECT_BY_ID] = NULL, [STMT_UPDATE] = NULL,
    [STMT_BEGIN] = "BEGIN IMMEDIATE TRANSACTION", [STMT_COMMIT] = "COMMIT TRANSACTION",
};

/* The statement, prepared on first use and reset for reuse. */
static int statement(cbench_db *db, int which, sqlite3_stmt **out) {
    if (!db->statements[which]) {
        const char *sql = statement_sql[which];
        if (which == STMT_INSERT) sql = insert_sql;
        if (which == STMT_SELECT_ALL) sql = select_all_sql;
        if (which == STMT_SELECT_BY_ID) sql = select_by_id_sql;
        if (which == STMT_UPDATE) sql = update_sql;
        int rc = sqlite3_prepare_v3(db->handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &db->statements[which], NULL);
        if (rc != SQLITE_OK) return rc;
    }
    *out = db->statements[which];
    return SQLITE_OK;
}

/* Runs a statement without results to completion, then resets it. */
static int run(cbench_db *db, int which) {
    sqlite3_stmt *stmt;
    int rc = statement(db, which, &stmt);
    if (rc != SQLITE_OK) return rc;
    rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cbench_open(const char *path, const char *synchronous, cbench_db **out) {
    *out = NULL;
    cbench_db *db = calloc(1, sizeof *db);
    if (!db) return SQLITE_NOMEM;
    int rc = sqlite3_open_v2(path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(db->handle, 5000);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
    if (rc == SQLITE_OK) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA synchronous = %s", synchronous);
        rc = sqlite3_exec(db->handle, pragma, NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK) {
        cbench_close(db);
        return rc;
    }
    *out = db;
    return SQLITE_OK;
}

void cbench_close(cbench_db *db) {
    if (!db) return;
    for (int i = 0; i < STMT_COUNT; i++) sqlite3_finalize(db->statements[i]);
    sqlite3_close_v2(db->handle);
    free(db);
}

int cbench_migrate(cbench_db *db, const char *const *scripts, int count) {
    for (int i = 0; i < count; i++) {
        int rc = run(db, STMT_BEGIN);
        if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, scripts[i], NULL, NULL, NULL);
        if (rc == SQLITE_OK) rc = run(db, STMT_COMMIT);
        if (rc != SQLITE_OK) {
            if (!sqlite3_get_autocommit(db->handle)) sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
    }
    return SQLITE_OK;
}

int cbench_prepare_all(cbench_db *db) {
    for (int which = 0; which < STMT_COUNT; which++) {
        sqlite3_stmt *stmt;
        int rc = statement(db, which, &stmt);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

int64_t cbench_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Binds text by byte length, copied by SQLite (as the Swift sides do). */
static int bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

int cbench_insert_authors(cbench_db *db, int64_t first, int64_t count) {
    sqlite3_stmt *stmt;
    int rc = statement(db, STMT_INSERT, &stmt);
    if (rc != SQLITE_OK) return rc;
    int64_t now = cbench_now_ms();
    if ((rc = run(db, STMT_BEGIN)) != SQLITE_OK) return rc;
    char name[64], email[64], bio[128];
    for (int64_t id = first; id < first + count && rc == SQLITE_OK; id++) {
        int name_length = snprintf(name, sizeof name, "Author %lld", (long long)id);
        int email_length = snprintf(email, sizeof email, "author%lld@example.com", (long long)id);
        bind_text(stmt, 1, name, name_length);
        bind_text(stmt, 2, email, email_length);
        if (id % 3 == 0) {
            sqlite3_bind_null(stmt, 3);
        } else {
            int bio_length = snprintf(bio, sizeof bio, "Biography of author %lld, who writes novels and essays.", (long long)id);
            bind_text(stmt, 3, bio, bio_length);
        }
        sqlite3_bind_int64(stmt, 4, now);
        sqlite3_bind_int64(stmt, 5, now);
        rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
        if (rc == SQLITE_DONE) rc = SQLITE_OK;
    }
    if (rc == SQLITE_OK) return run(db, STMT_COMMIT);
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* Copies column `index` of the current row (NULL stays NULL). */
static char *copy_text(sqlite3_stmt *stmt, int index) {
    const unsigned char *text = sqlite3_column_text(stmt, index);
    if (!text) return NULL;
    int length = sqlite3_column_bytes(stmt, index);
    char *copy = malloc((size_t)length + 1);
    if (copy) {
        memcpy(copy, text, (size_t)length);
        copy[length] = 0;
    }
    return copy;
}

static void free_author(cbench_author *author) {
    free(author->name);
    free(author->email);
    free(author->bio);
}

int cbench_fetch_all(cbench_db *db, cbench_author **rows, int64_t *count) {
    sqlite3_stmt *stmt;
    int rc = statement(db, STMT_SELECT_ALL, &stmt);
    if (rc != SQLITE_OK) return rc;
    int64_t capacity = 1024, used = 0;
    cbench_author *result = malloc(sizeof *result * (size_t)capacity);
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (used == capacity) {
            capacity *= 2;
            result = realloc(result, sizeof *result * (size_t)capacity);
        }
        cbench_author *row = &result[used++];
        row->id = sqlite3_column_int64(stmt, 0);
        row->name = copy_text(stmt, 1);
        row->email = copy_text(stmt, 2);
        row->bio = copy_text(stmt, 3);
        row->created_at = sqlite3_column_int64(stmt, 4);
        row->updated_at = sqlite3_column_int64(stmt, 5);
    }
    sqlite3_reset(stmt);
    *rows = result;
    *count = used;
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

void cbench_free_authors(cbench_author *rows, int64_t count) {
    for (int64_t i = 0; i < count; i++) free_author(&rows[i]);
    free(rows);
}

/* Reads one row by id into `author`; SQLITE_NOTFOUND when missing. */
static int read_author(cbench_db *db, int64_t id, cbench_author *author) {
    sqlite3_stmt *stmt;
    int rc = statement(db, STMT_SELECT_BY_ID, &stmt);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_int64(stmt, 1, id);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        author->id = id;
        author->name = copy_text(stmt, 0);
        author->email = copy_text(stmt, 1);
        author->bio = copy_text(stmt, 2);
        author->created_at = sqlite3_column_int64(stmt, 3);
        author->updated_at = sqlite3_column_int64(stmt, 4);
        rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE) {
        rc = SQLITE_NOTFOUND;
    }
    sqlite3_reset(stmt);
    return rc;
}

int cbench_read_cycles(cbench_db *db, const int64_t *ids, int64_t count) {
    for (int64_t i = 0; i < count; i++) {
        cbench_author author;
        int rc = read_author(db, ids[i], &author);
        if (rc != SQLITE_OK) return rc;
        db->bytes_read += (int64_t)(strlen(author.name) + strlen(author.email) + (author.bio ? strlen(author.bio) : 0));
        free_author(&author);
    }
    return SQLITE_OK;
}

int64_t cbench_take_bytes_read(cbench_db *db) {
    int64_t bytes = db->bytes_read;
    db->bytes_read = 0;
    return bytes;
}

/* Whether two nullable strings are equal byte for byte. */
static int same_text(const char *a, const char *b) {
    if (!a || !b) return a == b;
    return strcmp(a, b) == 0;
}

/* The conflict check: reads the row again and compares the compared fields with the base. */
static int check_and_update(cbench_db *db, const cbench_author *base, const char *name, int name_length, int64_t now) {
    cbench_author theirs;
    int rc = read_author(db, base->id, &theirs);
    if (rc != SQLITE_OK) return rc;
    int same = same_text(base->name, theirs.name) && same_text(base->email, theirs.email) && same_text(base->bio, theirs.bio);
    free_author(&theirs);
    if (!same) return SQLITE_ABORT;
    sqlite3_stmt *stmt;
    if ((rc = statement(db, STMT_UPDATE, &stmt)) != SQLITE_OK) return rc;
    bind_text(stmt, 1, name, name_length);
    sqlite3_bind_int64(stmt, 2, now);
    sqlite3_bind_int64(stmt, 3, base->id);
    rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cbench_edit_cycles(cbench_db *db, const int64_t *ids, int64_t count) {
    char name[64];
    for (int64_t i = 0; i < count; i++) {
        cbench_author base;
        int rc = read_author(db, ids[i], &base);
        if (rc != SQLITE_OK) return rc;
        int name_length = snprintf(name, sizeof name, "Author %lld v%lld", (long long)ids[i], (long long)i);
        int64_t now = cbench_now_ms();
        rc = run(db, STMT_BEGIN);
        if (rc == SQLITE_OK) rc = check_and_update(db, &base, name, name_length, now);
        if (rc == SQLITE_OK) rc = run(db, STMT_COMMIT);
        free_author(&base);
        if (rc != SQLITE_OK) {
            if (!sqlite3_get_autocommit(db->handle)) sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
    }
    return SQLITE_OK;
}

int cbench_update_batch(cbench_db *db, const int64_t *ids, int64_t count) {
    cbench_author *bases = calloc((size_t)count, sizeof *bases);
    if (!bases) return SQLITE_NOMEM;
    int rc = SQLITE_OK;
    int64_t read = 0;
    for (; read < count && rc == SQLITE_OK; read++) rc = read_author(db, ids[read], &bases[read]);
    char name[64];
    int64_t now = cbench_now_ms();
    if (rc == SQLITE_OK) rc = run(db, STMT_BEGIN);
    for (int64_t i = 0; i < count && rc == SQLITE_OK; i++) {
        int name_length = snprintf(name, sizeof name, "Author %lld v%lld", (long long)ids[i], (long long)i);
        rc = check_and_update(db, &bases[i], name, name_length, now);
    }
    if (rc == SQLITE_OK) rc = run(db, STMT_COMMIT);
    if (rc != SQLITE_OK && !sqlite3_get_autocommit(db->handle)) sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
    for (int64_t i = 0; i < read; i++) free_author(&bases[i]);
    free(bases);
    return rc;
}

/* A "Name:   123 kB" line of /proc/self/status, in KiB. */
static int64_t status_kb(const char *key) {
    FILE *file = fopen("/proc/self/status", "r");
    if (!file) return -1;
    char line[256];
    int64_t value = -1;
    size_t length = strlen(key);
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, key, length) == 0 && line[length] == ':') {
            value = strtoll(line + length + 1, NULL, 10);
            break;
        }
    }
    fclose(file);
    return value;
}

int64_t cbench_peak_rss_kb(void) { return status_kb("VmHWM"); }
int64_t cbench_current_rss_kb(void) { return status_kb("VmRSS"); }
