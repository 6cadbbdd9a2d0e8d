/* hash.c - 64-bit FNV-1a (grognard/hash.h). */
#include "grognard/hash.h"

uint64_t gr_fnv1a64(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= GR_FNV1A64_PRIME;
    }
    return h;
}
