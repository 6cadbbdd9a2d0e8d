/* sv_util.c - small helpers the server's parts share (sv_util.h). */
#define _DEFAULT_SOURCE /* getifaddrs */
#include "sv_util.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>

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

json_t *sv_lan_addresses(const char *host)
{
    json_t *a = json_array();
    if (!strncmp(host, "127.", 4))
        return a;
    if (strcmp(host, "0.0.0.0")) {
        json_array_append_new(a, json_string(host));
        return a;
    }
    struct ifaddrs *ifs = NULL;
    if (getifaddrs(&ifs) != 0)
        return a;
    for (struct ifaddrs *i = ifs; i; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) ||
            (i->ifa_flags & IFF_LOOPBACK))
            continue;
        char buf[INET_ADDRSTRLEN];
        const struct sockaddr_in *sin = (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if (inet_ntop(AF_INET, &sin->sin_addr, buf, sizeof buf))
            json_array_append_new(a, json_string(buf));
    }
    freeifaddrs(ifs);
    return a;
}
