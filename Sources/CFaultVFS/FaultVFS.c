// A pass-through SQLite VFS that counts and fails file operations on demand, for tests of I/O
// errors (the N-th write, sync, read, lock or shared-memory call, once or from then on, as
// SQLite's own I/O-error tests do). See https://www.sqlite.org/vfs.html. Every method forwards
// to the default VFS; xWrite, xSync, xRead, xLock, xShmMap and xShmLock first count the call
// for each watched path that names the file and check whether a fault is armed on it.
#include "FaultVFS.h"
#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

#define SLOT_COUNT 64
#define PREFIX_MAX 1024

/* A watched path: call counts per operation and, when code != SQLITE_OK, the fault armed on it. */
typedef struct {
    char path[PREFIX_MAX];
    int exact;
    int op;
    int first;
    int count;
    int code;
    int calls[DRAFTSTORE_FAULT_OP_COUNT];
    int failures;
    int used;
} FaultSlot;

static FaultSlot slots[SLOT_COUNT];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs fault_vfs;
static sqlite3_vfs *real_vfs;

typedef struct {
    sqlite3_file base;
    sqlite3_file *real;
    char path[PREFIX_MAX];
} FaultFile;

static int matches(const FaultSlot *slot, const char *path) {
    if (slot->exact) return strcmp(path, slot->path) == 0;
    return strncmp(path, slot->path, strlen(slot->path)) == 0;
}

/* Counts a call of `op` on `path` in every slot that watches it; returns the code of the first
   armed fault this call falls in, or SQLITE_OK. */
static int armed_code(const char *path, int op) {
    int code = SQLITE_OK;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        FaultSlot *slot = &slots[i];
        if (!slot->used || !matches(slot, path)) continue;
        int number = ++slot->calls[op];
        if (code != SQLITE_OK || slot->code == SQLITE_OK || slot->op != op) continue;
        if (number < slot->first || (slot->count >= 0 && number >= slot->first + slot->count)) continue;
        code = slot->code;
        slot->failures++;
    }
    pthread_mutex_unlock(&lock);
    return code;
}

#define ARMED(f, op) armed_code(((FaultFile *)(f))->path, op)
#define REAL(f) (((FaultFile *)(f))->real)

static int f_close(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int f_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o) {
    int code = ARMED(f, DRAFTSTORE_FAULT_READ);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xRead(REAL(f), b, n, o);
}
static int f_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
    int code = ARMED(f, DRAFTSTORE_FAULT_WRITE);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xWrite(REAL(f), b, n, o);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 s) { return REAL(f)->pMethods->xTruncate(REAL(f), s); }
static int f_sync(sqlite3_file *f, int flags) {
    int code = ARMED(f, DRAFTSTORE_FAULT_SYNC);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int f_size(sqlite3_file *f, sqlite3_int64 *s) { return REAL(f)->pMethods->xFileSize(REAL(f), s); }
static int f_lock(sqlite3_file *f, int l) {
    int code = ARMED(f, DRAFTSTORE_FAULT_LOCK);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xLock(REAL(f), l);
}
static int f_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int f_check(sqlite3_file *f, int *r) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), r); }
static int f_control(sqlite3_file *f, int op, void *a) { return REAL(f)->pMethods->xFileControl(REAL(f), op, a); }
static int f_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int f_device(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int f_shm_map(sqlite3_file *f, int p, int s, int e, void volatile **o) {
    int code = ARMED(f, DRAFTSTORE_FAULT_SHM);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xShmMap(REAL(f), p, s, e, o);
}
static int f_shm_lock(sqlite3_file *f, int o, int n, int fl) {
    /* Releasing a lock must not fail: SQLite ignores the result and would think it still held. */
    int code = (fl & SQLITE_SHM_UNLOCK) ? SQLITE_OK : ARMED(f, DRAFTSTORE_FAULT_SHM);
    return code != SQLITE_OK ? code : REAL(f)->pMethods->xShmLock(REAL(f), o, n, fl);
}
static void f_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int f_shm_unmap(sqlite3_file *f, int d) { return REAL(f)->pMethods->xShmUnmap(REAL(f), d); }
static int f_fetch(sqlite3_file *f, sqlite3_int64 o, int n, void **p) { return REAL(f)->pMethods->xFetch(REAL(f), o, n, p); }
static int f_unfetch(sqlite3_file *f, sqlite3_int64 o, void *p) { return REAL(f)->pMethods->xUnfetch(REAL(f), o, p); }

static const sqlite3_io_methods fault_methods = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_size, f_lock, f_unlock, f_check, f_control, f_sector, f_device,
    f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, f_fetch, f_unfetch,
};

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
    (void)vfs;
    FaultFile *wrapper = (FaultFile *)file;
    wrapper->real = (sqlite3_file *)(wrapper + 1);
    wrapper->path[0] = 0;
    if (name) {
        strncpy(wrapper->path, name, PREFIX_MAX - 1);
        wrapper->path[PREFIX_MAX - 1] = 0;
    }
    int code = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out);
    // SQLite calls xClose only when pMethods is set; leave it NULL when the real open failed.
    file->pMethods = (code == SQLITE_OK && wrapper->real->pMethods) ? &fault_methods : 0;
    return code;
}

static int f_delete(sqlite3_vfs *v, const char *n, int s) { (void)v; return real_vfs->xDelete(real_vfs, n, s); }
static int f_access(sqlite3_vfs *v, const char *n, int fl, int *r) { (void)v; return real_vfs->xAccess(real_vfs, n, fl, r); }
static int f_full(sqlite3_vfs *v, const char *n, int s, char *o) { (void)v; return real_vfs->xFullPathname(real_vfs, n, s, o); }
static void *f_dlopen(sqlite3_vfs *v, const char *n) { (void)v; return real_vfs->xDlOpen(real_vfs, n); }
static void f_dlerror(sqlite3_vfs *v, int n, char *m) { (void)v; real_vfs->xDlError(real_vfs, n, m); }
static void (*f_dlsym(sqlite3_vfs *v, void *h, const char *s))(void) { (void)v; return real_vfs->xDlSym(real_vfs, h, s); }
static void f_dlclose(sqlite3_vfs *v, void *h) { (void)v; real_vfs->xDlClose(real_vfs, h); }
static int f_random(sqlite3_vfs *v, int n, char *o) { (void)v; return real_vfs->xRandomness(real_vfs, n, o); }
static int f_sleep(sqlite3_vfs *v, int us) { (void)v; return real_vfs->xSleep(real_vfs, us); }
static int f_time(sqlite3_vfs *v, double *t) { (void)v; return real_vfs->xCurrentTime(real_vfs, t); }
static int f_lasterror(sqlite3_vfs *v, int n, char *m) { (void)v; return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, n, m) : 0; }
static int f_time64(sqlite3_vfs *v, sqlite3_int64 *t) { (void)v; return real_vfs->xCurrentTimeInt64(real_vfs, t); }

int draftstore_fault_vfs_register(void) {
    pthread_mutex_lock(&lock);
    int code = SQLITE_OK;
    if (!real_vfs) {
        real_vfs = sqlite3_vfs_find(0);
        if (!real_vfs) {
            pthread_mutex_unlock(&lock);
            return SQLITE_ERROR;
        }
        memset(&fault_vfs, 0, sizeof fault_vfs);
        fault_vfs.iVersion = 2;
        fault_vfs.szOsFile = (int)sizeof(FaultFile) + real_vfs->szOsFile;
        fault_vfs.mxPathname = real_vfs->mxPathname;
        fault_vfs.zName = DRAFTSTORE_FAULT_VFS_NAME;
        fault_vfs.xOpen = f_open;
        fault_vfs.xDelete = f_delete;
        fault_vfs.xAccess = f_access;
        fault_vfs.xFullPathname = f_full;
        fault_vfs.xDlOpen = f_dlopen;
        fault_vfs.xDlError = f_dlerror;
        fault_vfs.xDlSym = f_dlsym;
        fault_vfs.xDlClose = f_dlclose;
        fault_vfs.xRandomness = f_random;
        fault_vfs.xSleep = f_sleep;
        fault_vfs.xCurrentTime = f_time;
        fault_vfs.xGetLastError = f_lasterror;
        fault_vfs.xCurrentTimeInt64 = f_time64;
        code = sqlite3_vfs_register(&fault_vfs, 0);
    }
    pthread_mutex_unlock(&lock);
    return code;
}

/* The slot for `path` and `exact`, taken (and cleared) if it is new; NULL when every slot is in use. Call locked. */
static FaultSlot *slot_for(const char *path, int exact) {
    FaultSlot *free_slot = NULL;
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (slots[i].used && slots[i].exact == (exact != 0) && strcmp(slots[i].path, path) == 0) return &slots[i];
        if (!slots[i].used && !free_slot) free_slot = &slots[i];
    }
    if (free_slot) {
        memset(free_slot, 0, sizeof *free_slot);
        strncpy(free_slot->path, path, PREFIX_MAX - 1);
        free_slot->exact = exact != 0;
        free_slot->used = 1;
    }
    return free_slot;
}

int draftstore_fault_arm_call(const char *path, int exact, int op, int first, int count, int result_code) {
    if (op < 0 || op >= DRAFTSTORE_FAULT_OP_COUNT) return -1;
    pthread_mutex_lock(&lock);
    FaultSlot *slot = slot_for(path, exact);
    if (slot) {
        memset(slot->calls, 0, sizeof slot->calls);
        slot->op = op;
        slot->first = first;
        slot->count = count;
        slot->code = result_code;
        slot->failures = 0;
    }
    pthread_mutex_unlock(&lock);
    return slot ? 0 : -1;
}

int draftstore_fault_arm(const char *path_prefix, int result_code, int count) {
    return draftstore_fault_arm_call(path_prefix, 0, DRAFTSTORE_FAULT_WRITE, 1, count, result_code);
}

int draftstore_fault_watch(const char *path, int exact) {
    return draftstore_fault_arm_call(path, exact, DRAFTSTORE_FAULT_WRITE, 1, 0, SQLITE_OK);
}

void draftstore_fault_disarm(const char *path) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (slots[i].used && strcmp(slots[i].path, path) == 0) slots[i].used = 0;
    }
    pthread_mutex_unlock(&lock);
}

/* The failures (op < 0, of every slot of `path`) or calls of `op` (of the slot of `path` and `exact`). */
static int counted(const char *path, int exact, int op) {
    int result = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (!slots[i].used || strcmp(slots[i].path, path) != 0) continue;
        if (op < 0) result += slots[i].failures;
        else if (slots[i].exact == (exact != 0)) result = slots[i].calls[op];
    }
    pthread_mutex_unlock(&lock);
    return result;
}

int draftstore_fault_failures(const char *path) { return counted(path, 0, -1); }

int draftstore_fault_calls(const char *path, int exact, int op) {
    return (op < 0 || op >= DRAFTSTORE_FAULT_OP_COUNT) ? 0 : counted(path, exact, op);
}
