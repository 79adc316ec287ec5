#ifndef CBENCH_H
#define CBENCH_H

/*
 * CBench: the draftstore-bench workloads written directly against libsqlite3.
 *
 * One connection per database, WAL, synchronous as DraftStore's (FULL unless asked), foreign keys on, every statement
 * prepared once and reused. This is the 1.00 of every ratio draftstore-bench prints.
 * Functions return SQLITE_OK (0) or the SQLite result code of the first failure.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An open connection with its prepared statements. */
typedef struct cbench_db cbench_db;

/* One authors row, its text copied out (malloc'd) so it outlives the statement. */
typedef struct cbench_author {
    int64_t id;
    char *name;
    char *email;
    char *bio; /* NULL when the column is NULL */
    int64_t created_at;
    int64_t updated_at;
} cbench_author;

/* Opens (creating) a file: WAL, `PRAGMA synchronous = <synchronous>` ("FULL" or "NORMAL"),
   foreign_keys=ON, busy timeout 5 s. */
int cbench_open(const char *path, const char *synchronous, cbench_db **out);
/* Finalizes the statements, then closes the connection. */
void cbench_close(cbench_db *db);
/* Runs each script in its own BEGIN IMMEDIATE ... COMMIT, in order (the migrator's shape). */
int cbench_migrate(cbench_db *db, const char *const *scripts, int count);

/* Prepares every workload statement now (after migration), so no timed part pays for
   preparing or for loading the schema. Called by the Swift wrappers after opening. */
int cbench_prepare_all(cbench_db *db);

/* Current time as Unix milliseconds (what the store writes to created_at / updated_at). */
int64_t cbench_now_ms(void);

/* W1: inserts authors first ..< first+count (generated names) in one transaction. */
int cbench_insert_authors(cbench_db *db, int64_t first, int64_t count);

/* W2: every author, in id order, into a malloc'd array; *count receives the row count. */
int cbench_fetch_all(cbench_db *db, cbench_author **rows, int64_t *count);
/* Frees what cbench_fetch_all returned. */
void cbench_free_authors(cbench_author *rows, int64_t count);

/* W4/W5: for each id, reads the row into a cbench_author (text copied), then frees it. */
int cbench_read_cycles(cbench_db *db, const int64_t *ids, int64_t count);
/* The text bytes (name + e-mail + bio) of every row cbench_read_cycles read since the last call,
   so the benchmark can check the values read; resets the count. */
int64_t cbench_take_bytes_read(cbench_db *db);

/* W3: for each id: the read for editing, then BEGIN IMMEDIATE, the conflict-check read,
   UPDATE name + updated_at, COMMIT. */
int cbench_edit_cycles(cbench_db *db, const int64_t *ids, int64_t count);

/* W6: for each id the read for editing; then one BEGIN IMMEDIATE, per id the conflict-check
   read and UPDATE name + updated_at, COMMIT. */
int cbench_update_batch(cbench_db *db, const int64_t *ids, int64_t count);

/* W10 (graph, CBenchGraph.c): a connection of its own for an author and her books. For each id:
   the author's read, her books' read (by title), `edits` titles changed and, when `save`, BEGIN
   IMMEDIATE, each edited book's conflict-check read and UPDATE, COMMIT; nothing written otherwise. */
typedef struct cbench_graph cbench_graph;
int cbench_graph_open(const char *path, const char *synchronous, cbench_graph **out);
void cbench_graph_close(cbench_graph *g);
int cbench_graph_cycles(cbench_graph *g, const int64_t *ids, int64_t count, int edits, int save);

/* Instruction counting under `valgrind --tool=callgrind --collect-atstart=no`: collection is on
   only between cbench_count_begin and cbench_count_end, which then writes the counts as a dump
   named `label`. No-ops when not run under callgrind. */
void cbench_count_begin(void);
void cbench_count_end(const char *label);
/* Collection off and on again inside a counted body: the benchmark's checks of a side's results
   (`untimed` in draftstore-bench) are neither counted nor timed. */
void cbench_count_pause(void);
void cbench_count_resume(void);

/* Peak and current resident set size of this process in KiB (VmHWM / VmRSS of /proc/self/status); -1 if unknown. */
int64_t cbench_peak_rss_kb(void);
int64_t cbench_current_rss_kb(void);

#ifdef __cplusplus
}
#endif

#endif
