/* sv_util.h - small helpers the server's parts share. */
#ifndef GR_SV_UTIL_H
#define GR_SV_UTIL_H

#include <jansson.h>
#include <stddef.h>

/* Write `bytes` random bytes from the OS (getrandom) as 2*bytes lowercase
 * hex digits and a NUL into out (2*bytes+1 bytes); bytes at most 32.
 * Returns 0, or -1 if the OS gave none (out is then unspecified). */
int sv_random_hex(char *out, size_t bytes);

/* The IPv4 addresses at which other devices of the network reach a server
 * listening on `host`: every interface's that is up and not the loopback
 * when it listens on 0.0.0.0; none when it listens on a loopback address;
 * else its own.  A new JSON array of strings. */
json_t *sv_lan_addresses(const char *host);

#endif
