/* sv_util.c - small helpers the server's parts share (sv_util.h). */
#include "sv_util.h"

#include <errno.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/types.h>

int sv_random_hex(char *out, size_t bytes)
{
    unsigned char b[32];
    if (bytes > sizeof b)
        return -1;
    size_t got = 0;
    while (got < bytes) {
        ssize_t n = getrandom(b + got, bytes - got, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)n;
    }
    for (size_t i = 0; i < bytes; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}
