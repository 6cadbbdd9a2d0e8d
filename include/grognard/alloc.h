/* grognard/alloc.h - the allocator of the loaders (core), with a
 * fault-injection hook for tests.
 *
 * Every loader (scenarios, saves, RFF fire points, the positioned JSON
 * reader, resolve's JSON on stdin) allocates through gr_malloc, gr_calloc,
 * gr_realloc and frees through gr_free: they are malloc, calloc, realloc and
 * free, except that a test can make the Nth allocation from now fail (the
 * SQLite "oom" discipline: tests/io/test_oom.c fails each allocation of each
 * loader in turn and checks a clean GR_ERUNTIME, no leak, no crash).
 *
 * The counter is per thread (C11 _Thread_local): a test arming it does not
 * disturb another thread's loads. */
#ifndef GROGNARD_ALLOC_H
#define GROGNARD_ALLOC_H

#include <stddef.h>

void *gr_malloc(size_t n);
void *gr_calloc(size_t count, size_t size);
void *gr_realloc(void *p, size_t n);
void gr_free(void *p);

/* Testing only: from now on, the `n`th allocation (1-based; gr_malloc,
 * gr_calloc or gr_realloc) of this thread and every one after it fail,
 * returning NULL, until gr_alloc_fail_at(0).  Resets the count. */
void gr_alloc_fail_at(unsigned long n);

/* Allocations made (or refused) by this thread since gr_alloc_fail_at. */
unsigned long gr_alloc_count(void);

#endif
