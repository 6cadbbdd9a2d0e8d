/* grognard/rng.h - seeded, reproducible random numbers.
 *
 * xoshiro256** (Blackman & Vigna), seeded through splitmix64.  The state is
 * a plain value owned by the caller: copying it forks the stream, and the
 * same seed always gives the same sequence on every platform.  Nothing in
 * grognard reads the clock or calls rand(). */
#ifndef GROGNARD_RNG_H
#define GROGNARD_RNG_H

#include <stdint.h>

typedef struct gr_rng {
    uint64_t s[4];
} gr_rng;

/* One step of splitmix64 on *state: advances it and returns the output. */
uint64_t gr_splitmix64(uint64_t *state);

/* Seed `r` from a 64-bit seed (four splitmix64 outputs; never all zero). */
void gr_rng_seed(gr_rng *r, uint64_t seed);

/* Next 64 raw bits. */
uint64_t gr_rng_next(gr_rng *r);

/* Uniform integer in [0, n), unbiased (Lemire's multiply-and-reject).
 * n must be >= 1. */
uint32_t gr_rng_below(gr_rng *r, uint32_t n);

#endif
