/* rng.c - xoshiro256** seeded by splitmix64 (reference algorithms by
 * David Blackman and Sebastiano Vigna, public domain). */
#include "grognard/rng.h"

uint64_t gr_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void gr_rng_seed(gr_rng *r, uint64_t seed)
{
    uint64_t sm = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = gr_splitmix64(&sm);
    /* splitmix64 is a bijection of a counter: four zero outputs in a row
     * cannot happen, so the all-zero state is never produced. */
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t gr_rng_next(gr_rng *r)
{
    uint64_t *s = r->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t gr_rng_below(gr_rng *r, uint32_t n)
{
    /* Lemire, "Fast random integer generation in an interval" (2019). */
    uint32_t x = (uint32_t)(gr_rng_next(r) >> 32);
    uint64_t m = (uint64_t)x * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            x = (uint32_t)(gr_rng_next(r) >> 32);
            m = (uint64_t)x * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
