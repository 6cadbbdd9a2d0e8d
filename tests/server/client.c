/* client.c - a small HTTP client for the server tests: plays random legal
 * actions through the API as fast as a client can, and records every
 * action the server acknowledged.
 *
 *   sv_client play PORT GAME TOKEN0|- TOKEN1|- N ACKS [SEED]
 *   sv_client battle PORT BATTLE TOKEN N ACKS [SEED]
 *
 * Plays up to N actions of the seats whose token is given ("-": not this
 * client's), each a legal action of the seat's view drawn at random.  Each
 * acknowledged action (200) is appended to the file ACKS as a line "STEP
 * TEXT" and flushed before the next request.  Statuses other than 200, 403
 * (not our turn: the other seat's client moved first) and 409 (stale step)
 * are counted as errors.  Ends at N actions, when the game is over, or when
 * the server stops answering (exit 3: the kill test kills it).  Prints
 * "played P errors E stale S" (S: answers 409).
 *
 * battle: a companion battle (docs/api.md, "The battle companion") played
 * by the side of TOKEN, which must act in the battle's phase: its first
 * leader is attached to one of its units drawn at random, then detached,
 * and again, N actions (a phase of leaders: nf's first, where either can
 * be done as often as the players like).  An acknowledged action's line in
 * ACKS is "ACTION TEXT" (the answer's action number and text); any status
 * but 200 is an error. */
#include <arpa/inet.h>
#include <errno.h>
#include <signal.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

static int port;

/* One request; the answer's status, body in *body (malloc'ed).  -1 when
 * the server cannot be reached or the answer is cut. */
static int request(const char *method, const char *path, const char *token, const char *body,
                   char **out)
{
    *out = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    char head[1024];
    size_t blen = body ? strlen(body) : 0;
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "%s%s%s%sContent-Length: %zu\r\n\r\n",
                     method, path, token ? "Authorization: Bearer " : "", token ? token : "",
                     token ? "\r\n" : "", blen ? "Content-Type: application/json\r\n" : "", blen);
    if (write(fd, head, (size_t)n) != n || (blen && write(fd, body, blen) != (ssize_t)blen)) {
        close(fd);
        return -1;
    }
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len + 4096 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        ssize_t r = read(fd, buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = 0;
    int status;
    char *sep = strstr(buf, "\r\n\r\n");
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1 || !sep) {
        free(buf);
        return -1;
    }
    const char *cl = strstr(buf, "Content-Length: ");
    size_t want = cl && cl < sep ? strtoul(cl + 16, NULL, 10) : 0;
    if (strlen(sep + 4) < want) { /* cut short: the server died */
        free(buf);
        return -1;
    }
    *out = strdup(sep + 4);
    free(buf);
    return status;
}

static uint64_t rng_state;
static uint64_t next_rand(void)
{
    rng_state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = rng_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The battle mode (above). */
static int battle(const char *id, const char *tok, int n, FILE *acks)
{
    char path[256], apath[256];
    snprintf(path, sizeof path, "/api/battles/%s", id);
    snprintf(apath, sizeof apath, "/api/battles/%s/actions", id);
    int played = 0, errors = 0, rc = 0;
    while (played < n && !errors) {
        char *body;
        int st = request("GET", path, tok, NULL, &body);
        if (st < 0) {
            rc = 3;
            break;
        }
        json_t *v = json_loads(body, 0, NULL);
        free(body);
        int side = (int)json_integer_value(json_object_get(v, "side"));
        json_t *leader = NULL, *u, *units = json_array();
        size_t i;
        json_array_foreach(json_object_get(v, "leaders"), i,
                           u) if (!leader && json_integer_value(json_object_get(u, "side")) == side)
            leader = u;
        json_array_foreach(json_object_get(v, "units"), i,
                           u) if (json_integer_value(json_object_get(u, "side")) == side &&
                                  !json_is_true(json_object_get(u, "removed")))
            json_array_append(units, u);
        if (st != 200 || !leader || !json_array_size(units)) {
            fprintf(stderr, "sv_client: %d: no leader or unit of side %d to act with\n", st, side);
            json_decref(units);
            json_decref(v);
            errors++;
            break;
        }
        const char *lid = json_string_value(json_object_get(leader, "id"));
        json_t *req;
        if (json_is_string(json_object_get(leader, "attached")))
            req = json_pack("{ssss}", "verb", "detach", "leader", lid);
        else
            req = json_pack(
                "{sssOss}", "verb", "attach", "unit",
                json_object_get(json_array_get(units, next_rand() % json_array_size(units)), "id"),
                "leader", lid);
        char *rb = json_dumps(req, JSON_COMPACT);
        json_decref(req);
        json_decref(units);
        json_decref(v);
        st = request("POST", apath, tok, rb, &body);
        free(rb);
        if (st < 0) {
            rc = 3;
            break;
        }
        if (st == 200) {
            json_t *a = json_loads(body, 0, NULL);
            const char *text = json_string_value(json_object_get(a, "text"));
            fprintf(acks, "%lld %.*s\n",
                    (long long)json_integer_value(json_object_get(a, "action")),
                    text ? (int)strcspn(text, "\n") : 0, text ? text : "");
            fflush(acks);
            json_decref(a);
            played++;
        } else {
            fprintf(stderr, "sv_client: %d %s\n", st, body);
            errors++;
        }
        free(body);
    }
    printf("played %d errors %d stale 0\n", played, errors);
    return errors ? 1 : rc;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a killed server: write fails, we see -1 */
    if (argc >= 7 && !strcmp(argv[1], "battle")) {
        port = atoi(argv[2]);
        FILE *acks = fopen(argv[6], "a");
        rng_state = argc > 7 ? strtoull(argv[7], NULL, 10) : (uint64_t)getpid();
        if (!acks)
            return 2;
        int rc = battle(argv[3], argv[4], atoi(argv[5]), acks);
        fclose(acks);
        return rc;
    }
    if (argc < 8 || strcmp(argv[1], "play")) {
        fprintf(stderr, "usage: sv_client play PORT GAME TOKEN0|- TOKEN1|- N ACKS [SEED]\n"
                        "       sv_client battle PORT BATTLE TOKEN N ACKS [SEED]\n");
        return 2;
    }
    port = atoi(argv[2]);
    const char *game = argv[3];
    const char *tok[2] = {strcmp(argv[4], "-") ? argv[4] : NULL,
                          strcmp(argv[5], "-") ? argv[5] : NULL};
    int n = atoi(argv[6]);
    FILE *acks = fopen(argv[7], "a");
    rng_state = argc > 8 ? strtoull(argv[8], NULL, 10) : (uint64_t)getpid();
    if (!acks)
        return 2;
    char path[256], apath[256];
    snprintf(path, sizeof path, "/api/games/%s", game);
    snprintf(apath, sizeof apath, "/api/games/%s/actions", game);
    int played = 0, errors = 0, stale = 0, idle = 0, rc = 0;
    while (played < n) {
        char *body;
        int st = request("GET", path, NULL, NULL, &body);
        if (st < 0) {
            rc = 3;
            break;
        }
        json_t *v = json_loads(body, 0, NULL);
        free(body);
        if (st != 200 || !v) {
            errors++;
            json_decref(v);
            break;
        }
        int over = json_is_true(json_object_get(v, "over"));
        json_t *tm = json_object_get(v, "to_move");
        int seat = json_is_integer(tm) ? (int)json_integer_value(tm) : -1;
        json_decref(v);
        if (over)
            break;
        if (seat < 0 || seat > 1 || !tok[seat]) {
            if (++idle > 20000) /* the other seat's client, or the computer, is gone */
                break;
            nanosleep(&(struct timespec){0, 500000}, NULL);
            continue;
        }
        idle = 0;
        st = request("GET", path, tok[seat], NULL, &body);
        if (st < 0) {
            rc = 3;
            break;
        }
        v = json_loads(body, 0, NULL);
        free(body);
        json_t *legal = v ? json_object_get(v, "legal") : NULL;
        size_t nl = json_array_size(legal);
        if (st != 200 || !v) {
            errors++;
            json_decref(v);
            continue;
        }
        if (nl == 0) {
            json_decref(v);
            continue;
        }
        const char *text =
            json_string_value(json_object_get(json_array_get(legal, next_rand() % nl), "text"));
        json_t *req = json_pack("{sssO}", "action", text, "step", json_object_get(v, "step"));
        char *rb = json_dumps(req, JSON_COMPACT);
        char *saved = strdup(text);
        json_decref(req);
        json_decref(v);
        st = request("POST", apath, tok[seat], rb, &body);
        free(rb);
        if (st < 0) {
            free(saved);
            rc = 3;
            break;
        }
        if (st == 200) {
            json_t *a = json_loads(body, 0, NULL);
            fprintf(acks, "%lld %s\n", (long long)json_integer_value(json_object_get(a, "step")),
                    saved);
            fflush(acks);
            json_decref(a);
            played++;
        } else if (st == 409) {
            stale++;
        } else if (st != 403) {
            fprintf(stderr, "sv_client: %d %s\n", st, body);
            errors++;
        }
        free(saved);
        free(body);
    }
    fclose(acks);
    printf("played %d errors %d stale %d\n", played, errors, stale);
    return errors ? 1 : rc;
}
