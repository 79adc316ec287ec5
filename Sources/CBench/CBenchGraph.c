/* W10 (graph) over libsqlite3: an author opened with her 20 books, 3 books edited, saved; or
   cancelled. The SQL DraftStore runs for the form: the author's read, the books' read ordered by title then key, and for a save
   BEGIN IMMEDIATE, each edited book's conflict-check read and UPDATE, COMMIT. */
#include "CBench.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { G_AUTHOR, G_BOOKS, G_BOOK, G_UPDATE, G_BEGIN, G_COMMIT, G_COUNT };

static const char *const graph_sql[G_COUNT] = {
    [G_AUTHOR] = "SELECT \"id\", \"name\", \"email\", \"bio\", \"created_at\", \"updated_at\" FROM \"authors\" WHERE \"id\" = ?",
    [G_BOOKS] = "SELECT \"id\", \"author_id\", \"title\", \"year\" FROM \"books\" WHERE \"author_id\" = ? ORDER BY \"title\", \"id\"",
    [G_BOOK] = "SELECT \"id\", \"author_id\", \"title\", \"year\" FROM \"books\" WHERE \"id\" = ?",
    [G_UPDATE] = "UPDATE \"books\" SET \"title\" = ? WHERE \"id\" = ?",
    [G_BEGIN] = "BEGIN IMMEDIATE TRANSACTION",
    [G_COMMIT] = "COMMIT TRANSACTION",
};

struct cbench_graph {
    sqlite3 *handle;
    sqlite3_stmt *statements[G_COUNT];
};

/* One books row, its title copied out. */
typedef struct {
    int64_t id, author_id, year;
    int year_is_null;
    char *title;
} graph_book;

int cbench_graph_open(const char *path, const char *synchronous, cbench_graph **out) {
    *out = NULL;
    cbench_graph *g = calloc(1, sizeof *g);
    if (!g) return SQLITE_NOMEM;
    int rc = sqlite3_open_v2(path, &g->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(g->handle, 5000);
    if (rc == SQLITE_OK) rc = sqlite3_exec(g->handle, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(g->handle, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
    if (rc == SQLITE_OK) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA synchronous = %s", synchronous);
        rc = sqlite3_exec(g->handle, pragma, NULL, NULL, NULL);
    }
    for (int i = 0; i < G_COUNT && rc == SQLITE_OK; i++) {
        rc = sqlite3_prepare_v3(g->handle, graph_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &g->statements[i], NULL);
    }
    if (rc != SQLITE_OK) {
        cbench_graph_close(g);
        return rc;
    }
    *out = g;
    return SQLITE_OK;
}

void cbench_graph_close(cbench_graph *g) {
    if (!g) return;
    for (int i = 0; i < G_COUNT; i++) sqlite3_finalize(g->statements[i]);
    sqlite3_close(g->handle);
    free(g);
}

/* Reads the current row of a statement into a book, copying its title. */
static int read_book(sqlite3_stmt *stmt, graph_book *book) {
    book->id = sqlite3_column_int64(stmt, 0);
    book->author_id = sqlite3_column_int64(stmt, 1);
    const unsigned char *title = sqlite3_column_text(stmt, 2);
    book->title = strdup(title ? (const char *)title : "");
    book->year_is_null = sqlite3_column_type(stmt, 3) == SQLITE_NULL;
    book->year = sqlite3_column_int64(stmt, 3);
    return book->title ? SQLITE_OK : SQLITE_NOMEM;
}

/* Reads the author (its texts copied and dropped, as an entity is made) and her books. */
static int read_graph(cbench_graph *g, int64_t id, graph_book *books, int *count) {
    sqlite3_stmt *author = g->statements[G_AUTHOR];
    sqlite3_bind_int64(author, 1, id);
    int rc = sqlite3_step(author);
    if (rc == SQLITE_ROW) {
        for (int column = 1; column <= 3; column++) {
            const unsigned char *text = sqlite3_column_text(author, column);
            free(text ? strdup((const char *)text) : NULL);
        }
        rc = SQLITE_OK;
    }
    sqlite3_reset(author);
    if (rc != SQLITE_OK) return rc;
    sqlite3_stmt *stmt = g->statements[G_BOOKS];
    sqlite3_bind_int64(stmt, 1, id);
    *count = 0;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW && *count < 64) {
        rc = read_book(stmt, &books[*count]);
        if (rc != SQLITE_OK) break;
        (*count)++;
    }
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* Inside the transaction: the book as it is now must equal its base; then its new title. */
static int check_and_update(cbench_graph *g, const graph_book *base, const char *title) {
    sqlite3_stmt *stmt = g->statements[G_BOOK];
    sqlite3_bind_int64(stmt, 1, base->id);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        graph_book now;
        rc = read_book(stmt, &now);
        int same = rc == SQLITE_OK && now.author_id == base->author_id && strcmp(now.title, base->title) == 0
            && now.year_is_null == base->year_is_null && now.year == base->year;
        free(now.title);
        if (rc == SQLITE_OK) rc = same ? SQLITE_OK : SQLITE_CONSTRAINT;
    } else if (rc == SQLITE_DONE) {
        rc = SQLITE_NOTFOUND;
    }
    sqlite3_reset(stmt);
    if (rc != SQLITE_OK) return rc;
    sqlite3_stmt *update = g->statements[G_UPDATE];
    sqlite3_bind_text(update, 1, title, -1, SQLITE_STATIC);
    sqlite3_bind_int64(update, 2, base->id);
    rc = sqlite3_step(update);
    sqlite3_reset(update);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int run(cbench_graph *g, int which) {
    int rc = sqlite3_step(g->statements[which]);
    sqlite3_reset(g->statements[which]);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cbench_graph_cycles(cbench_graph *g, const int64_t *ids, int64_t count, int edits, int save) {
    graph_book books[64];
    char title[512];
    for (int64_t i = 0; i < count; i++) {
        int read = 0;
        int rc = read_graph(g, ids[i], books, &read);
        if (rc == SQLITE_OK && save) rc = run(g, G_BEGIN);
        for (int k = 0; k < edits && k < read && rc == SQLITE_OK; k++) {
            snprintf(title, sizeof title, "%s v%lld", books[k].title, (long long)i);
            if (save) rc = check_and_update(g, &books[k], title);
        }
        if (rc == SQLITE_OK && save) rc = run(g, G_COMMIT);
        for (int k = 0; k < read; k++) free(books[k].title);
        if (rc != SQLITE_OK) {
            if (!sqlite3_get_autocommit(g->handle)) sqlite3_exec(g->handle, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
    }
    return SQLITE_OK;
}
