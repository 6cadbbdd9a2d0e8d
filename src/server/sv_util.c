/* sv_util.c - small helpers the server's parts share (sv_util.h). */
#include "sv_util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
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

int sv_token_seat(const char tokens[2][GR_STORE_TOKEN_MAX], const char *tok, size_t len)
{
    int seat = -1;
    for (int p = 0; p < 2; p++) {
        const char *t = tokens[p];
        size_t tl = strlen(t); /* 0 or 32: not secret */
        if (tl == 0 || tl != len)
            continue;
        unsigned char diff = 0;
        for (size_t i = 0; i < tl; i++)
            diff |= (unsigned char)(t[i] ^ tok[i]);
        if (diff == 0)
            seat = p;
    }
    return seat;
}
