/* alloc.c - the loaders' allocator and its fault-injection hook. */
#include "grognard/alloc.h"

#include <stdlib.h>

static _Thread_local unsigned long alloc_count, fail_at;

/* 1 if this allocation is to fail. */
static int alloc_fails(void)
{
    alloc_count++;
    return fail_at && alloc_count >= fail_at;
}

void *gr_malloc(size_t n)
{
    return alloc_fails() ? NULL : malloc(n);
}

void *gr_calloc(size_t count, size_t size)
{
    return alloc_fails() ? NULL : calloc(count, size);
}

void *gr_realloc(void *p, size_t n)
{
    return alloc_fails() ? NULL : realloc(p, n);
}

void gr_free(void *p)
{
    free(p);
}

void gr_alloc_fail_at(unsigned long n)
{
    fail_at = n;
    alloc_count = 0;
}

unsigned long gr_alloc_count(void)
{
    return alloc_count;
}
