/* fuzz_http.c - libFuzzer target: the body of every endpoint that reads one
 * (issue 27), sent to a real server in this process on a loopback port as a
 * client would send it.  The first byte picks the endpoint, the rest is the
 * body.  Checked: an answer comes, a whole HTTP/1.1 status line with a
 * status the API gives for a client's input (never 500: a malformed body is
 * the client's error, docs/api.md "Errors"), and for an error a JSON object
 * {"error": one line of valid UTF-8}.
 *
 * The server starts once (a throw-away SQLite file, the source tree's data),
 * with one game of two humans and one companion battle, whose paths and
 * tokens the actions', undos' and odds' bodies go to. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

#include "grognard/server.h"
#include "grognard/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int port;
static gr_server *server; /* kept reachable for the leak checker */
static char game[64], seat0[64], battle[64], side0[64];

/* One request; the answer's status (0: none) and body (malloc'ed). */
static int request(const char *path, const char *token, const uint8_t *body, size_t len, char **out)
{
    *out = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    char head[512];
    int n = snprintf(head, sizeof head,
                     "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\n%s%s%sContent-Length: %zu\r\n\r\n",
                     path, token ? "Authorization: Bearer " : "", token ? token : "",
                     token ? "\r\n" : "", len);
    if (write(fd, head, (size_t)n) != n || (len && write(fd, body, len) != (ssize_t)len)) {
        close(fd);
        return 0;
    }
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap + 1);
    struct pollfd p = {fd, POLLIN, 0};
    while (buf && poll(&p, 1, 8000) == 1) {
        if (got == cap) {
            char *b = realloc(buf, cap * 2 + 1);
            if (!b)
                break;
            buf = b;
            cap *= 2;
        }
        ssize_t k = read(fd, buf + got, cap - got);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    close(fd);
    if (!buf)
        return 0;
    buf[got] = 0;
    int status = 0;
    if (sscanf(buf, "HTTP/1.1 %d ", &status) != 1)
        status = 0;
    char *b = strstr(buf, "\r\n\r\n");
    *out = strdup(b ? b + 4 : "");
    free(buf);
    return status;
}

static const char *field(json_t *j, const char *path0, const char *key1)
{
    json_t *v = json_object_get(j, path0);
    if (key1)
        v = json_is_array(v) ? json_array_get(v, 0) : json_object_get(v, key1);
    return json_string_value(v);
}

static void start(void)
{
    static char db[] = "/tmp/grognard-fuzz-http.XXXXXX";
    int fd = mkstemp(db);
    if (fd < 0)
        abort();
    close(fd);
    gr_server_opts o = {.host = "127.0.0.1", .db = db, .data = gr_server_default_data()};
    gr_error err;
    if (gr_server_start(&o, &server, &err) != GR_OK) {
        fprintf(stderr, "fuzz_http: the server does not start: %s\n", err.msg);
        abort();
    }
    port = gr_server_port(server);
    char *out;
    const char *g =
        "{\"scenario\": \"teaching\", \"players\": [\"human\", \"human\"], \"seed\": 1}";
    const char *b = "{\"system\": \"nf\", \"oob\": \"maida\", \"seed\": 3}";
    json_t *j;
    if (request("/api/games", NULL, (const uint8_t *)g, strlen(g), &out) != 201 ||
        !(j = json_loads(out, 0, NULL)))
        abort();
    snprintf(game, sizeof game, "%s", field(j, "id", NULL));
    snprintf(seat0, sizeof seat0, "%s", field(j, "seats", "0"));
    json_decref(j);
    free(out);
    if (request("/api/battles", NULL, (const uint8_t *)b, strlen(b), &out) != 201 ||
        !(j = json_loads(out, 0, NULL)))
        abort();
    snprintf(battle, sizeof battle, "%s", field(j, "id", NULL));
    snprintf(side0, sizeof side0, "%s", field(j, "tokens", "0"));
    json_decref(j);
    free(out);
    /* the server lives as long as the process: libFuzzer never returns */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!port)
        start();
    if (size < 1)
        return 0;
    char path[160];
    const char *token = NULL;
    switch (data[0] % 10) {
    case 0: snprintf(path, sizeof path, "/api/lookup"); break;
    case 1: snprintf(path, sizeof path, "/api/odds"); break;
    case 2: snprintf(path, sizeof path, "/api/resolve"); break;
    case 3: snprintf(path, sizeof path, "/api/games"); break;
    case 4:
        snprintf(path, sizeof path, "/api/games/%s/actions", game);
        token = seat0;
        break;
    case 5:
        snprintf(path, sizeof path, "/api/games/%s/undo", game);
        token = seat0;
        break;
    case 6: snprintf(path, sizeof path, "/api/battles"); break;
    case 7:
        snprintf(path, sizeof path, "/api/battles/%s/actions", battle);
        token = side0;
        break;
    case 8:
        snprintf(path, sizeof path, "/api/battles/%s/odds", battle);
        token = side0;
        break;
    default:
        snprintf(path, sizeof path, "/api/battles/%s/undo", battle);
        token = side0;
        break;
    }
    char *out;
    int st = request(path, token, data + 1, size - 1, &out);
    /* a connection closed unanswered: the per-address limit, while the
     * server's threads of the previous requests end (libFuzzer sends
     * thousands a second); tried again, at most 5 s */
    for (int i = 0; st == 0 && i < 500; i++) {
        free(out);
        usleep(10000);
        st = request(path, token, data + 1, size - 1, &out);
    }
    int ok = st == 200 || st == 201 || st == 400 || st == 401 || st == 403 || st == 404 ||
             st == 409 || st == 413;
    if (ok && st >= 400) {
        json_t *j = json_loads(out ? out : "", 0, NULL);
        const char *e = json_string_value(json_object_get(j, "error"));
        ok = e && e[0] && !strchr(e, '\n') && gr_utf8_valid(e);
        json_decref(j);
    }
    if (!ok) {
        fprintf(stderr, "fuzz_http: POST %s answered %d: %.400s\n", path, st, out ? out : "");
        abort();
    }
    free(out);
    return 0;
}
