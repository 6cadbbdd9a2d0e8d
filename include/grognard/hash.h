/* grognard/hash.h - the one hash routine: 64-bit FNV-1a. */
#ifndef GROGNARD_HASH_H
#define GROGNARD_HASH_H

#include <stddef.h>
#include <stdint.h>

#define GR_FNV1A64_INIT 0xcbf29ce484222325ull

/* FNV-1a of n bytes at p, continuing from h (GR_FNV1A64_INIT to start). */
uint64_t gr_fnv1a64(uint64_t h, const void *p, size_t n);

#endif
