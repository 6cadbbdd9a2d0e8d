/* cli_seed.c - a fresh seed for a player who gave none. */
#include "cli.h"

uint64_t cli_fresh_seed(void)
{
    uint64_t s = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&s, sizeof s, 1, f) != 1)
            s = 0;
        fclose(f);
    }
    return s % 1000000000ULL;
}
