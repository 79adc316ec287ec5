// A pass-through SQLite VFS that can fail writes on demand, for tests of I/O errors.
// See https://www.sqlite.org/vfs.html. Every method forwards to the default VFS; xWrite
// first checks whether a fault is armed for the file's path.
#include "FaultVFS.h"
#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

#define SLOT_COUNT 16
#define PREFIX_MAX 1024

typedef struct {
    char prefix[PREFIX_MAX];
    int code;
    int remaining;
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

static int armed_code(const char *path) {
    int code = SQLITE_OK;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        FaultSlot *slot = &slots[i];
        if (!slot->used || slot->remaining == 0) continue;
        if (strncmp(path, slot->prefix, strlen(slot->prefix)) != 0) continue;
        code = slot->code;
        slot->failures++;
        if (slot->remaining > 0) slot->remaining--;
        break;
    }
    pthread_mutex_unlock(&lock);
    return code;
}

#define REAL(f) (((FaultFile *)(f))->real)

static int f_close(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int f_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o) { return REAL(f)->pMethods->xRead(REAL(f), b, n, o); }
static int f_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
    int code = armed_code(((FaultFile *)f)->path);
    if (code != SQLITE_OK) return code;
    return REAL(f)->pMethods->xWrite(REAL(f), b, n, o);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 s) { return REAL(f)->pMethods->xTruncate(REAL(f), s); }
static int f_sync(sqlite3_file *f, int flags) { return REAL(f)->pMethods->xSync(REAL(f), flags); }
static int f_size(sqlite3_file *f, sqlite3_int64 *s) { return REAL(f)->pMethods->xFileSize(REAL(f), s); }
static int f_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int f_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int f_check(sqlite3_file *f, int *r) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), r); }
static int f_control(sqlite3_file *f, int op, void *a) { return REAL(f)->pMethods->xFileControl(REAL(f), op, a); }
static int f_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int f_device(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int f_shm_map(sqlite3_file *f, int p, int s, int e, void volatile **o) { return REAL(f)->pMethods->xShmMap(REAL(f), p, s, e, o); }
static int f_shm_lock(sqlite3_file *f, int o, int n, int fl) { return REAL(f)->pMethods->xShmLock(REAL(f), o, n, fl); }
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

int draftstore_fault_arm(const char *path_prefix, int result_code, int count) {
    int result = -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (slots[i].used && strcmp(slots[i].prefix, path_prefix) != 0) continue;
        strncpy(slots[i].prefix, path_prefix, PREFIX_MAX - 1);
        slots[i].prefix[PREFIX_MAX - 1] = 0;
        slots[i].code = result_code;
        slots[i].remaining = count;
        slots[i].failures = 0;
        slots[i].used = 1;
        result = 0;
        break;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

void draftstore_fault_disarm(const char *path_prefix) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (slots[i].used && strcmp(slots[i].prefix, path_prefix) == 0) slots[i].used = 0;
    }
    pthread_mutex_unlock(&lock);
}

int draftstore_fault_failures(const char *path_prefix) {
    int failures = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (slots[i].used && strcmp(slots[i].prefix, path_prefix) == 0) failures = slots[i].failures;
    }
    pthread_mutex_unlock(&lock);
    return failures;
}
