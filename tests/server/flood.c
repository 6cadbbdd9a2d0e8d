/* flood.c - a hostile client of the shared-network tests (shared.sh), on
 * loopback only: N connections to 127.0.0.1:PORT from the source addresses
 * 127.0.0.2 to 127.0.0.(1+ADDRS) in turn (all of 127/8 is the loopback), held
 * for HOLD_MS milliseconds, then closed at once.
 *
 *   flood idle PORT N ADDRS HOLD_MS          connections that send nothing
 *   flood get PORT N ADDRS HOLD_MS PATH      each sends GET PATH (an event
 *                                            stream) and reads its status
 *
 * Prints how many connected (idle) or how many were answered 200 (get),
 * once every connection is open (a line "ready N" on stdout, flushed), then
 * "closed" once they are closed.  Bounded: N <= 1000, HOLD_MS <= 30000. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int connect_from(int port, int a)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in src, dst;
    memset(&src, 0, sizeof src);
    src.sin_family = AF_INET;
    src.sin_addr.s_addr = htonl(0x7f000000u | (uint32_t)(2 + a));
    memset(&dst, 0, sizeof dst);
    dst.sin_family = AF_INET;
    dst.sin_port = htons((uint16_t)port);
    dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&src, sizeof src) ||
        connect(fd, (struct sockaddr *)&dst, sizeof dst)) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The status of the answer on fd (waits up to 2 s), or 0. */
static int status_of(int fd)
{
    char buf[64];
    size_t n = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (n < 12 && poll(&p, 1, 2000) == 1) {
        ssize_t k = recv(fd, buf + n, sizeof buf - 1 - n, 0);
        if (k <= 0)
            break;
        n += (size_t)k;
    }
    buf[n] = 0;
    int st = 0;
    return sscanf(buf, "HTTP/1.%*d %d", &st) == 1 ? st : 0;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: flood idle|get PORT N ADDRS HOLD_MS [PATH]\n");
        return 2;
    }
    int get = !strcmp(argv[1], "get");
    int port = atoi(argv[2]), n = atoi(argv[3]), addrs = atoi(argv[4]), hold = atoi(argv[5]);
    if (n < 1 || n > 1000 || addrs < 1 || addrs > 200 || hold < 0 || hold > 30000 ||
        (get && argc < 7)) {
        fprintf(stderr, "flood: N 1..1000, ADDRS 1..200, HOLD_MS 0..30000, PATH for get\n");
        return 2;
    }
    int *fds = calloc((size_t)n, sizeof *fds);
    if (!fds)
        return 1;
    int good = 0;
    for (int i = 0; i < n; i++) {
        fds[i] = connect_from(port, i % addrs);
        if (fds[i] < 0)
            continue;
        if (!get) {
            good++;
            continue;
        }
        char req[512];
        int len = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", argv[6]);
        if (write(fds[i], req, (size_t)len) == len && status_of(fds[i]) == 200)
            good++;
    }
    printf("ready %d\n", good);
    fflush(stdout);
    struct timespec ts = {hold / 1000, (long)(hold % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    printf("closed\n");
    fflush(stdout);
    free(fds);
    return 0;
}
