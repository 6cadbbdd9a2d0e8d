/* sv_util.h - small helpers the server's parts share. */
#ifndef GR_SV_UTIL_H
#define GR_SV_UTIL_H

#include <stddef.h>

/* Write `bytes` random bytes from the OS (getrandom) as 2*bytes lowercase
 * hex digits and a NUL into out (2*bytes+1 bytes); bytes at most 32.
 * Returns 0, or -1 if the OS gave none (out is then unspecified). */
int sv_random_hex(char *out, size_t bytes);

#endif
