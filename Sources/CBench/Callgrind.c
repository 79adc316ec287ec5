#include "CBench.h"

/* The client requests of valgrind/callgrind.h are a few no-op instructions outside valgrind;
   without the header (valgrind not installed) these functions do nothing. */
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

void cbench_count_begin(void) { CALLGRIND_TOGGLE_COLLECT; }

void cbench_count_end(const char *label) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
}

void cbench_count_pause(void) { CALLGRIND_TOGGLE_COLLECT; }
void cbench_count_resume(void) { CALLGRIND_TOGGLE_COLLECT; }
#else
void cbench_count_begin(void) {}
void cbench_count_end(const char *label) { (void)label; }
void cbench_count_pause(void) {}
void cbench_count_resume(void) {}
#endif
