/* sv_util.h - small helpers the server's parts share. */
#ifndef GR_SV_UTIL_H
#define GR_SV_UTIL_H

#include <stddef.h>

#include "grognard/store.h"

/* Write `bytes` random bytes from the OS (getrandom) as 2*bytes lowercase
 * hex digits and a NUL into out (2*bytes+1 bytes); bytes at most 32.
 * Returns 0, or -1 if the OS gave none (out is then unspecified). */
int sv_random_hex(char *out, size_t bytes);

/* The seat (0 or 1) whose token in `tokens` is the `len` bytes at `tok`, or
 * -1 when none is (an empty token is no seat's: a computer side's).
 * Constant time in the token's bytes. */
int sv_token_seat(const char tokens[2][GR_STORE_TOKEN_MAX], const char *tok, size_t len);

#endif
