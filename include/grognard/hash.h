/* grognard/hash.h - the one hash routine of grognard: 64-bit FNV-1a.
 *
 * Standard FNV-1a (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3) over bytes, incremental: start from GR_FNV1A64_INIT and feed
 * the bytes in as many pieces as convenient; the result is the same as one
 * call over all of them.  Used for state hashes (re_hash) and file digests
 * (re_scenario_digest).  Not a cryptographic hash. */
#ifndef GROGNARD_HASH_H
#define GROGNARD_HASH_H

#include <stddef.h>
#include <stdint.h>

#define GR_FNV1A64_INIT  UINT64_C(0xcbf29ce484222325) /* the offset basis */
#define GR_FNV1A64_PRIME UINT64_C(0x100000001b3)

/* The hash `h` continued over the `n` bytes at `p` (p may be NULL if n is 0). */
uint64_t gr_fnv1a64(uint64_t h, const void *p, size_t n);

#endif
