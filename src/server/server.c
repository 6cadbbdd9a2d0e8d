/* server.c - grognard serve: HTTP with libmicrohttpd, games in a registry
 * backed by the store, a worker for the computer's sides, event streams,
 * static files (docs/api.md).
 *
 * Threads: MHD runs a thread per connection (MHD_USE_THREAD_PER_CONNECTION)
 * behind a poll()ing accept thread, at most SV_MAX_CONNECTIONS at once.  An
 * event stream is a blocking content reader waiting on its game's condition
 * variable: no polling, and a stopped server wakes every one.  A game's
 * lock covers its match, its log and its store writes, so an answer never
 * shows a step that is not yet committed.  The worker thread plays one step
 * of a computer side at a time, then puts the game back at the end of its
 * queue: other games, and this game's views, go on meanwhile. */
#define _DEFAULT_SOURCE /* realpath, strncasecmp, getrandom */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/rff_io.h"
#include "grognard/save.h"
#include "grognard/server.h"
#include "grognard/wire.h"
#include "server_internal.h"
#include "sv_util.h"
#include "sv_battle.h"

/* server_paths.c (generated) */
extern const char sv_version[];
extern const char sv_source_data_dir[];
extern const char sv_source_web_dir[];

#define SV_MAX_BODY        (64 * 1024) /* bytes of a request body */
#define SV_MAX_HEADERS     (16 * 1024) /* bytes of a request's line and headers */
#define SV_MAX_CONNECTIONS 512
#define SV_MAX_STREAMS     256
#define SV_TIMEOUT_S       60 /* an idle connection is closed */
#define SV_KEEPALIVE_S     15 /* a comment on an idle event stream */
#define SV_BUCKETS         4096
#define SV_LIST_MAX        100

#if MHD_VERSION < 0x00097002
typedef int MHD_Result_t;
#else
typedef enum MHD_Result MHD_Result_t;
#endif

struct gr_server {
    gr_server_opts o;
    char *web;  /* realpath of the web folder, or NULL if it has none */
    char *data; /* the data folder as given */
    struct MHD_Daemon *d;
    int port;
    gr_store *store;
    sv_scenario *scn;
    size_t nscn;
    rff_points *points;
    pthread_mutex_t reg_lock;
    sv_game *buckets[SV_BUCKETS];
    /* the worker and its queue of games whose computer side is to move */
    pthread_t worker;
    int worker_started;
    pthread_mutex_t q_lock;
    pthread_cond_t q_cond;
    sv_game **queue;
    size_t qhead, qlen, qcap;
    atomic_int stopping;
    atomic_int streams;
    pthread_mutex_t log_lock;
    sv_battles *battles; /* the battle companion (sv_battle.c) */
};

/* ---- requests ------------------------------------------------------------ */

typedef struct sv_req {
    char *body;
    size_t len, cap;
    int too_big;
    int status;
    long long bytes; /* -1: a stream */
    struct timespec t0;
    char addr[INET6_ADDRSTRLEN];
    char method[16]; /* copied: MHD's strings are gone by completion */
    char *url;
} sv_req;

static const char *status_text(int code)
{
    switch (code) {
    case 400: return "bad request";
    case 401: return "unauthorized";
    case 403: return "forbidden";
    case 404: return "not found";
    case 405: return "method not allowed";
    case 409: return "conflict";
    case 413: return "too large";
    case 503: return "unavailable";
    default: return "error";
    }
}

/* Queue an answer: `body` (malloc'ed, taken; NULL: out of memory). */
static MHD_Result_t reply(struct MHD_Connection *c, sv_req *r, int status, const char *ctype,
                          char *body, size_t len)
{
    if (!body) {
        status = 500;
        ctype = "application/json; charset=utf-8";
        body = strdup("{\"error\":\"out of memory; try again\"}");
        len = body ? strlen(body) : 0;
    }
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, body, body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!res) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", ctype);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    if (status == 405)
        MHD_add_response_header(res, "Allow", "GET, POST");
    r->status = status;
    r->bytes = (long long)len;
    MHD_Result_t ok = MHD_queue_response(c, (unsigned)status, res);
    MHD_destroy_response(res);
    return ok;
}

static MHD_Result_t reply_json(struct MHD_Connection *c, sv_req *r, int status, char *text)
{
    return reply(c, r, status, "application/json; charset=utf-8", text, text ? strlen(text) : 0);
}

static MHD_Result_t reply_obj(struct MHD_Connection *c, sv_req *r, int status, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return reply_json(c, r, status, text);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static MHD_Result_t
reply_err(struct MHD_Connection *c, sv_req *r, int status, const char *fmt, ...)
{
    char msg[GR_ERROR_MSG], esc[GR_ERROR_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gr_escape(msg, esc, sizeof esc);
    (void)status_text;
    return reply_json(c, r, status, sv_error_json(esc));
}

/* ---- random ids ---------------------------------------------------------- */

/* ---- scenarios ----------------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void scenarios_free(gr_server *s)
{
    for (size_t i = 0; i < s->nscn; i++) {
        free(s->scn[i].path);
        gr_game_free(&s->scn[i].game);
        json_decref(s->scn[i].summary);
        free(s->scn[i].detail_text);
        gr_free(s->scn[i].text);
    }
    free(s->scn);
    s->scn = NULL;
    s->nscn = 0;
}

static json_t *text_lines(json_t *v)
{
    if (json_is_string(v))
        return json_pack("[O]", v);
    if (json_is_array(v))
        return json_incref(v);
    return json_array();
}

/* The entry of GET /api/scenarios, from the scenario's JSON (its type's
 * scenario_json): {"id", "title", "game", "sides": [names], "turns", "cols",
 * "rows", "units": how many}, what the type does not give left out. */
static json_t *scenario_summary(const char *id, const char *game, const json_t *w)
{
    json_t *o =
        json_pack("{sssO?ss}", "id", id, "title", json_object_get(w, "title"), "game", game);
    json_t *sides = json_array();
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(w, "sides"), i, v)
        json_array_append(sides, json_object_get(v, "name"));
    json_object_set_new(o, "sides", sides);
    static const char *const nums[] = {"turns", "cols", "rows"};
    for (i = 0; i < 3; i++)
        if (json_object_get(w, nums[i]))
            json_object_set(o, nums[i], json_object_get(w, nums[i]));
    if (json_object_get(w, "units"))
        json_object_set_new(o, "units",
                            json_integer((json_int_t)json_array_size(json_object_get(w, "units"))));
    return o;
}

static gr_status scenarios_load(gr_server *s, gr_error *err)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/scenarios", s->data);
    DIR *d = opendir(dir);
    if (!d)
        return gr_error_set(err, GR_EINPUT,
                            "%s: cannot open the scenario folder (%s); give as the data folder "
                            "the one that holds scenarios/ (the source tree's data/)",
                            dir, strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l <= 5 || strcmp(e->d_name + l - 5, ".json") || l - 5 >= GR_STORE_NAME_MAX)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **v = realloc(names, cap * sizeof *v);
            if (!v)
                break;
            names = v;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    s->scn = calloc(n ? n : 1, sizeof *s->scn);
    for (size_t i = 0; i < n && s->scn; i++) {
        if (!names[i])
            continue;
        char path[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        sv_scenario *sc = &s->scn[s->nscn];
        memset(sc, 0, sizeof *sc);
        gr_error lerr;
        if (gr_read_file(path, GR_GAME_SCENARIO_MAX_BYTES, &sc->text, &sc->text_len, &lerr) !=
                GR_OK ||
            gr_game_load_text(sc->text, sc->text_len, path, NULL, &sc->game, &lerr) != GR_OK) {
            fprintf(stderr, "grognard serve: %s is left out: %s\n", path, lerr.msg);
            gr_free(sc->text);
            sc->text = NULL;
            continue;
        }
        snprintf(sc->id, sizeof sc->id, "%.*s", (int)(strlen(names[i]) - 5), names[i]);
        sc->path = realpath(path, NULL);
        json_t *detail = json_pack("{ss}", "id", sc->id);
        json_t *w = gr_game_scenario_json(&sc->game);
        sc->summary = w ? scenario_summary(sc->id, sc->game.type->id, w) : NULL;
        json_t *raw = json_load_file(path, 0, NULL);
        json_t *map = raw ? json_object_get(raw, "map") : NULL;
        if (detail && w) {
            json_object_set_new(detail, "game", json_string(sc->game.type->id));
            json_object_set(detail, "title", json_object_get(w, "title"));
            json_object_set_new(detail, "description",
                                text_lines(raw ? json_object_get(raw, "description") : NULL));
            json_object_update(detail, w);
            json_t *places = map ? json_object_get(map, "places") : NULL;
            json_object_set_new(detail, "places",
                                json_is_array(places) ? json_incref(places) : json_array());
            sc->detail_text = json_dumps(detail, JSON_COMPACT | JSON_PRESERVE_ORDER);
        }
        json_decref(raw);
        json_decref(w);
        json_decref(detail);
        if (!sc->path || !sc->summary || !sc->detail_text) {
            free(sc->path);
            gr_game_free(&sc->game);
            gr_free(sc->text);
            json_decref(sc->summary);
            free(sc->detail_text);
            continue;
        }
        s->nscn++;
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (!s->nscn)
        return gr_error_set(err, GR_EINPUT,
                            "%s: no scenario could be loaded; give as the data folder the one "
                            "that holds scenarios/*.json",
                            dir);
    return GR_OK;
}

static const sv_scenario *scenario_find(const gr_server *s, const char *id)
{
    for (size_t i = 0; id && i < s->nscn; i++)
        if (!strcmp(s->scn[i].id, id))
            return &s->scn[i];
    return NULL;
}

/* ---- the registry of games ------------------------------------------------ */

static size_t bucket_of(const char *id)
{
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++)
        h = (h ^ *p) * 1099511628211ULL;
    return (size_t)(h % SV_BUCKETS);
}

static void reg_add(gr_server *s, sv_game *g)
{
    size_t b = bucket_of(g->id);
    g->next = s->buckets[b];
    s->buckets[b] = g;
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n >= GR_STORE_ID_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
            return 0;
    return 1;
}

static void enqueue(gr_server *s, sv_game *g)
{
    pthread_mutex_lock(&s->q_lock);
    if (!g->queued) {
        if (s->qlen == s->qcap) {
            size_t cap = s->qcap ? s->qcap * 2 : 64;
            sv_game **v = malloc(cap * sizeof *v);
            if (!v) {
                pthread_mutex_unlock(&s->q_lock);
                return;
            }
            for (size_t i = 0; i < s->qlen; i++)
                v[i] = s->queue[(s->qhead + i) % s->qcap];
            free(s->queue);
            s->queue = v;
            s->qcap = cap;
            s->qhead = 0;
        }
        s->queue[(s->qhead + s->qlen) % s->qcap] = g;
        s->qlen++;
        g->queued = 1;
        pthread_cond_signal(&s->q_cond);
    }
    pthread_mutex_unlock(&s->q_lock);
}

/* Load a stored game and re-run its steps, checking every hash.  Called
 * with reg_lock held. */
static sv_game *load_game(gr_server *s, const char *id, gr_error *err)
{
    gr_store_game sg;
    gr_record_step *steps = NULL;
    if (gr_store_load(s->store, id, &sg, &steps, err) != GR_OK)
        return NULL;
    const sv_scenario *scn = scenario_find(s, sg.scenario);
    sv_game *g = NULL;
    if (!scn) {
        gr_error_set(err, GR_ERUNTIME,
                     "game %s is of scenario '%s', which is not in the scenario folder; serve "
                     "with the data folder it was played with",
                     id, sg.scenario);
    } else if (sv_game_new(scn, id, sg.seed, (const char(*)[GR_STORE_NAME_MAX])sg.players,
                           (const char(*)[GR_STORE_TOKEN_MAX])sg.tokens, &g, err) == GR_OK) {
        g->finished = sg.finished;
        g->gen = sg.gen;
        if (sv_game_replay(g, steps, sg.nsteps, err) != GR_OK) {
            char msg[GR_ERROR_MSG];
            snprintf(msg, sizeof msg, "%s", err->msg);
            gr_error_set(err, GR_ERUNTIME,
                         "game %s does not replay from the store (%s); the scenario file or the "
                         "rules changed since it was played",
                         id, msg);
            sv_game_free(g);
            g = NULL;
        }
    }
    free(steps);
    if (g) {
        reg_add(s, g);
        if (sv_game_computer_to_move(g))
            enqueue(s, g);
    }
    return g;
}

/* The game `id`, from memory or the store; NULL if there is none (*missing
 * set) or it cannot be loaded (err). */
static sv_game *game_find(gr_server *s, const char *id, int *missing, gr_error *err)
{
    *missing = 0;
    if (!valid_id(id)) {
        *missing = 1;
        return NULL;
    }
    pthread_mutex_lock(&s->reg_lock);
    sv_game *g = s->buckets[bucket_of(id)];
    while (g && strcmp(g->id, id))
        g = g->next;
    if (!g) {
        gr_error lerr;
        g = load_game(s, id, &lerr);
        if (!g) {
            if (lerr.code == GR_EINPUT)
                *missing = 1;
            else
                *err = lerr;
        }
    }
    pthread_mutex_unlock(&s->reg_lock);
    return g;
}

/* ---- several servers, one database ------------------------------------------------- */

/* Bring g to what the store holds: the steps another server added replayed
 * (checked as a reload is), or, after another server's undo (a new
 * generation), the game replayed from its seed.  g->lock held. */
static gr_status catch_up(gr_server *s, sv_game *g, gr_error *err)
{
    size_t have = gr_match_steps(g->m);
    gr_store_game sg;
    gr_record_step *steps = NULL;
    if (gr_store_load_from(s->store, g->id, have, &sg, &steps, err) != GR_OK)
        return GR_ERUNTIME;
    gr_status st = GR_ERUNTIME;
    if (sg.gen == g->gen && sg.nsteps >= have)
        st = sv_game_extend(g, steps, have, sg.nsteps - have, err);
    free(steps);
    steps = NULL;
    if (st != GR_OK) { /* other steps than ours: from the seed */
        if (gr_store_load(s->store, g->id, &sg, &steps, err) != GR_OK)
            return GR_ERUNTIME;
        st = sv_game_reset(g, steps, sg.nsteps, err);
        free(steps);
        if (st != GR_OK) {
            char msg[GR_ERROR_MSG];
            snprintf(msg, sizeof msg, "%s", err->msg);
            return gr_error_set(err, GR_ERUNTIME,
                                "game %s does not replay from the store (%s); the servers sharing "
                                "the database must run the same rules and scenario files",
                                g->id, msg);
        }
    }
    g->gen = sg.gen;
    g->finished = sg.finished;
    sv_game_touch(g);
    if (sv_game_computer_to_move(g))
        enqueue(s, g);
    return GR_OK;
}

/* Before acting on g or showing it: when the store is shared (another
 * process may have moved the game on), compare the stored step count and
 * generation with g's and catch up.  One small read; nothing for SQLite.
 * g->lock held. */
static gr_status sync_game(gr_server *s, sv_game *g, gr_error *err)
{
    if (!gr_store_shared(s->store))
        return GR_OK;
    gr_store_head h;
    if (gr_store_stamp(s->store, g->id, &h, err) != GR_OK)
        return GR_ERUNTIME;
    if (h.nsteps == gr_match_steps(g->m) && h.gen == g->gen) {
        g->finished = h.finished;
        return GR_OK;
    }
    return catch_up(s, g, err);
}

/* The store's listener (its own thread): another server (or this one)
 * changed game `id`.  A game this server holds is caught up, which wakes
 * its event streams; one it does not hold is loaded when asked for.  id
 * NULL: notices may have been missed, every game is compared. */
static void on_store_change(void *ctx, const char *id, size_t nsteps, uint64_t gen)
{
    gr_server *s = ctx;
    if (atomic_load(&s->stopping))
        return;
    if (!id) {
        /* a chain only grows at its head and a game's next never changes:
         * the head read under the registry's lock, the rest walked freely */
        for (size_t b = 0; b < SV_BUCKETS; b++) {
            pthread_mutex_lock(&s->reg_lock);
            sv_game *g = s->buckets[b];
            pthread_mutex_unlock(&s->reg_lock);
            for (; g; g = g->next) {
                gr_error err;
                pthread_mutex_lock(&g->lock);
                if (sync_game(s, g, &err) != GR_OK)
                    fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
                pthread_mutex_unlock(&g->lock);
            }
        }
        return;
    }
    if (!valid_id(id))
        return;
    pthread_mutex_lock(&s->reg_lock);
    sv_game *g = s->buckets[bucket_of(id)];
    while (g && strcmp(g->id, id))
        g = g->next;
    pthread_mutex_unlock(&s->reg_lock); /* a registered game is freed only at the end */
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    /* our own change, or one we caught up with already: nothing to do */
    if (gen != g->gen || nsteps > gr_match_steps(g->m)) {
        gr_error err;
        if (sync_game(s, g, &err) != GR_OK)
            fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
    }
    pthread_mutex_unlock(&g->lock);
}

/* Store the steps from `first` to the current one, mark the game over if it
 * is; on a store failure go back to what the store holds.  GR_EINPUT: the
 * store refused the steps because another server stored its own first
 * (the game is caught up with them: answer 409).  g->lock held. */
static gr_status commit(gr_server *s, sv_game *g, size_t first, gr_error *err)
{
    size_t now = gr_match_steps(g->m);
    if (now >= first) {
        gr_record_step *v = malloc((now - first + 1) * sizeof *v);
        if (!v) {
            gr_error e2;
            sv_game_rewind(g, first - 1, &e2);
            return gr_error_set(err, GR_ERUNTIME, "out of memory storing a step; try again");
        }
        for (size_t i = first; i <= now; i++)
            v[i - first] = *gr_match_step(g->m, i - 1);
        gr_status st = gr_store_append_at(s->store, g->id, first, g->gen, v, now - first + 1, err);
        free(v);
        if (st != GR_OK) {
            gr_error e2;
            sv_game_rewind(g, first - 1, &e2);
            sv_game_touch(g);
            /* a stale step: another server's steps came first */
            if (st == GR_EINPUT && catch_up(s, g, &e2) != GR_OK)
                fprintf(stderr, "grognard serve: game %s: %s\n", g->id, e2.msg);
            return st;
        }
    }
    int over = gr_match_is_over(g->m);
    if (over != g->finished && gr_store_set_finished(s->store, g->id, over, err) == GR_OK)
        g->finished = over;
    sv_game_touch(g);
    if (sv_game_computer_to_move(g))
        enqueue(s, g);
    return GR_OK;
}

static void *worker_main(void *arg)
{
    gr_server *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->q_lock);
        while (!s->qlen && !atomic_load(&s->stopping))
            pthread_cond_wait(&s->q_cond, &s->q_lock);
        if (atomic_load(&s->stopping)) {
            pthread_mutex_unlock(&s->q_lock);
            return NULL;
        }
        sv_game *g = s->queue[s->qhead];
        s->qhead = (s->qhead + 1) % s->qcap;
        s->qlen--;
        g->queued = 0;
        pthread_mutex_unlock(&s->q_lock);
        pthread_mutex_lock(&g->lock);
        gr_error err;
        if (sync_game(s, g, &err) != GR_OK) {
            fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
        } else {
            size_t first = gr_match_steps(g->m) + 1;
            /* two servers may both play the computer's step: the second
             * append is refused (GR_EINPUT), and that server just caught up */
            if (sv_game_play_computer(g) && commit(s, g, first, &err) != GR_OK &&
                err.code != GR_EINPUT)
                fprintf(stderr, "grognard serve: game %s: %s\n", g->id, err.msg);
        }
        pthread_mutex_unlock(&g->lock);
    }
}

/* ---- seats ----------------------------------------------------------------- */

/* The bearer tokens of the request: from "Authorization: Bearer T [T2]" or
 * ?token=.  Returns how many (0..2). */
static int bearer(struct MHD_Connection *c, const char *tok[2], size_t len[2])
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    int n = 0;
    if (h && !strncasecmp(h, "Bearer ", 7)) {
        const char *p = h + 7;
        while (*p && n < 2) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            size_t l = strcspn(p, " ,");
            tok[n] = p;
            len[n++] = l;
            p += l;
        }
        if (n == 0) {
            tok[0] = "";
            len[0] = 0;
            n = 1;
        }
        return n;
    }
    if (h) { /* some other scheme: a token that is not one */
        tok[0] = "";
        len[0] = 0;
        return 1;
    }
    const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    if (q) {
        tok[0] = q;
        len[0] = strlen(q);
        return 1;
    }
    return 0;
}

/* ---- handlers ---------------------------------------------------------------- */

static json_t *body_object(const sv_req *r, const char *example, char *msg, size_t cap)
{
    json_error_t je;
    json_t *j = r->len ? json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (json_is_object(j))
        return j;
    if (!r->len)
        snprintf(msg, cap, "the request has no body; send a JSON object such as %s", example);
    else if (!j)
        snprintf(msg, cap, "the body is not JSON (line %d, column %d: %s); send %s", je.line,
                 je.column, je.text, example);
    else
        snprintf(msg, cap, "the body must be a JSON object such as %s", example);
    json_decref(j);
    return NULL;
}

static MHD_Result_t h_create(gr_server *s, struct MHD_Connection *c, sv_req *r)
{
    char msg[GR_ERROR_MSG];
    const char *ex = "{\"scenario\": \"teaching\", \"players\": [\"human\", \"heuristic\"]}";
    json_t *b = body_object(r, ex, msg, sizeof msg);
    if (!b)
        return reply_err(c, r, 400, "%s", msg);
    const char *key;
    json_t *v;
    json_object_foreach(b, key, v)
    {
        if (strcmp(key, "scenario") && strcmp(key, "players") && strcmp(key, "seed")) {
            MHD_Result_t ret =
                reply_err(c, r, 400, "unknown key '%.64s'; accepted: scenario, players, seed", key);
            json_decref(b); /* after the message: key is b's */
            return ret;
        }
    }
    const char *scid = json_string_value(json_object_get(b, "scenario"));
    json_t *pl = json_object_get(b, "players");
    json_t *seedj = json_object_get(b, "seed");
    MHD_Result_t ret;
    if (!scid) {
        ret = reply_err(c, r, 400, "\"scenario\" is missing or not a string; send %s", ex);
        goto out;
    }
    const sv_scenario *scn = scenario_find(s, scid);
    if (!scn) {
        ret = reply_err(c, r, 404, "no scenario '%.64s'; GET /api/scenarios lists those there are",
                        scid);
        goto out;
    }
    if (!json_is_array(pl) || json_array_size(pl) != 2 || !json_is_string(json_array_get(pl, 0)) ||
        !json_is_string(json_array_get(pl, 1))) {
        ret = reply_err(c, r, 400,
                        "\"players\" must be two strings, each \"human\" or a computer player "
                        "(random, eager, heuristic), e.g. [\"human\", \"heuristic\"]");
        goto out;
    }
    uint64_t seed = 0;
    if (seedj) {
        if (!json_is_integer(seedj) || json_integer_value(seedj) < 0 ||
            json_integer_value(seedj) > (json_int_t)((1LL << 53) - 1)) {
            ret = reply_err(c, r, 400, "\"seed\" must be a whole number from 0 to 2^53-1");
            goto out;
        }
        seed = (uint64_t)json_integer_value(seedj);
    } else if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
        ret = reply_err(c, r, 500, "the system's random source failed; give a \"seed\"");
        goto out;
    } else {
        seed &= (1ULL << 53) - 1;
    }
    char players[2][GR_STORE_NAME_MAX], tokens[2][GR_STORE_TOKEN_MAX];
    for (int p = 0; p < 2; p++) {
        const char *name = json_string_value(json_array_get(pl, (size_t)p));
        if (strlen(name) >= GR_STORE_NAME_MAX) {
            ret = reply_err(c, r, 400, "players[%d] is too long a name", p);
            goto out;
        }
        snprintf(players[p], sizeof players[p], "%s", name);
        tokens[p][0] = 0;
        if (!strcmp(name, "human") && sv_random_hex(tokens[p], 16)) {
            ret = reply_err(c, r, 500, "the system's random source failed; try again");
            goto out;
        }
    }
    char id[GR_STORE_ID_MAX];
    if (sv_random_hex(id, 8)) {
        ret = reply_err(c, r, 500, "the system's random source failed; try again");
        goto out;
    }
    gr_error err;
    sv_game *g;
    if (sv_game_new(scn, id, seed, (const char(*)[GR_STORE_NAME_MAX])players,
                    (const char(*)[GR_STORE_TOKEN_MAX])tokens, &g, &err) != GR_OK) {
        ret = reply_err(c, r, err.code == GR_EINPUT ? 400 : 500, "%s", err.msg);
        goto out;
    }
    gr_store_game sg;
    memset(&sg, 0, sizeof sg);
    memcpy(sg.id, id, sizeof sg.id);
    memcpy(sg.scenario, scn->id, sizeof sg.scenario);
    sg.seed = seed;
    memcpy(sg.players, players, sizeof players);
    memcpy(sg.tokens, tokens, sizeof tokens);
    if (gr_store_create(s->store, &sg, &err) != GR_OK) {
        sv_game_free(g);
        ret = reply_err(c, r, 500, "%s", err.msg);
        goto out;
    }
    /* registered first: the lock order is the registry's, then a game's */
    pthread_mutex_lock(&s->reg_lock);
    reg_add(s, g);
    pthread_mutex_unlock(&s->reg_lock);
    pthread_mutex_lock(&g->lock);
    gr_status st = GR_OK;
    if (gr_match_current_player(g->m) == GR_CHANCE) /* dice before the first decision */
        sv_game_play_computer(g);
    st = commit(s, g, 1, &err);
    pthread_mutex_unlock(&g->lock);
    if (st != GR_OK) {
        ret = reply_err(c, r, 500, "%s", err.msg);
        goto out;
    }
    json_t *seats = json_object();
    for (int p = 0; p < 2; p++) {
        char k[2] = {(char)('0' + p), 0};
        json_object_set_new(seats, k, tokens[p][0] ? json_string(tokens[p]) : json_null());
    }
    ret = reply_obj(c, r, 201, json_pack("{ssso}", "id", id, "seats", seats));
out:
    json_decref(b);
    return ret;
}

static MHD_Result_t h_list(gr_server *s, struct MHD_Connection *c, sv_req *r)
{
    gr_store_game *v = calloc(SV_LIST_MAX, sizeof *v);
    size_t n = 0;
    gr_error err;
    if (!v || gr_store_list(s->store, 0, v, SV_LIST_MAX, &n, &err) != GR_OK) {
        free(v);
        return reply_err(c, r, 500, "%s", v ? err.msg : "out of memory");
    }
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a,
                              json_pack("{sssss[ss]sIsb}", "id", v[i].id, "scenario", v[i].scenario,
                                        "players", v[i].players[0], v[i].players[1], "step",
                                        (json_int_t)v[i].nsteps, "over", v[i].finished));
    free(v);
    return reply_obj(c, r, 200, a);
}

/* The seat of the request for game g: 0, 1, GR_SPECTATOR (no token), or -1
 * (a token that is not one of this game's). */
static int seat_of(struct MHD_Connection *c, sv_game *g)
{
    const char *tok[2];
    size_t len[2];
    int n = bearer(c, tok, len);
    if (n == 0)
        return GR_SPECTATOR;
    return n == 1 ? sv_game_seat(g, tok[0], len[0]) : -1;
}

static size_t query_size(struct MHD_Connection *c, const char *name)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
    if (!v)
        return 0;
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    return *end ? 0 : (size_t)n;
}

static MHD_Result_t h_view(gr_server *s, sv_game *g, struct MHD_Connection *c, sv_req *r)
{
    int seat = seat_of(c, g);
    if (seat == -1)
        return reply_err(c, r, 401,
                         "this token is not one of game %s's seats; use the token its creation "
                         "gave, or none to watch",
                         g->id);
    gr_lang lang = GR_LANG_EN;
    const char *l = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "lang");
    if (l && gr_lang_parse(l, &lang, NULL) != GR_OK)
        return reply_err(c, r, 400, "?lang=%.16s is not known; accepted: en, fr", l);
    size_t since = query_size(c, "since");
    pthread_mutex_lock(&g->lock);
    gr_error err;
    if (sync_game(s, g, &err) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return reply_err(c, r, 500, "%s", err.msg);
    }
    char *text = sv_game_view(g, seat, since, lang);
    pthread_mutex_unlock(&g->lock);
    return reply_json(c, r, 200, text);
}

/* The seat that acts: 0 or 1, or answers 401. */
static int acting_seat(struct MHD_Connection *c, sv_req *r, sv_game *g, MHD_Result_t *ret)
{
    int seat = seat_of(c, g);
    if (seat == GR_SPECTATOR) {
        *ret = reply_err(c, r, 401,
                         "no token: send \"Authorization: Bearer TOKEN\" with the token the "
                         "game's creation gave your side");
        return -1;
    }
    if (seat < 0) {
        *ret = reply_err(c, r, 401,
                         "this token is not one of game %s's seats; use the token its creation "
                         "gave your side",
                         g->id);
        return -1;
    }
    return seat;
}

static int body_step(json_t *b, size_t *step)
{
    json_t *sj = json_object_get(b, "step");
    if (!json_is_integer(sj) || json_integer_value(sj) < 0)
        return -1;
    *step = (size_t)json_integer_value(sj);
    return 0;
}

static json_t *state_summary(sv_game *g, size_t step, size_t first)
{
    int cur = gr_match_current_player(g->m);
    json_t *o = json_object();
    json_object_set_new(o, "step", json_integer((json_int_t)first));
    (void)step;
    json_object_set_new(o, "now", json_integer((json_int_t)gr_match_steps(g->m)));
    json_object_set_new(o, "to_move", cur >= 0 ? json_integer(cur) : json_null());
    json_object_set_new(o, "over", json_boolean(gr_match_is_over(g->m)));
    return o;
}

/* The body of a refused action or undo: {"error": ...}, and for a stale
 * step (409) the game's current step, so the client can catch up.  Called
 * with the game's lock held. */
static json_t *error_body(const sv_game *g, int code, const gr_error *err)
{
    char esc[GR_ERROR_MSG];
    gr_escape(err->msg, esc, sizeof esc);
    json_t *o = json_pack("{ss}", "error", esc);
    if (o && code == 409)
        json_object_set_new(o, "step", json_integer((json_int_t)gr_match_steps(g->m)));
    return o;
}

static MHD_Result_t h_action(gr_server *s, sv_game *g, struct MHD_Connection *c, sv_req *r)
{
    MHD_Result_t ret;
    int seat = acting_seat(c, r, g, &ret);
    if (seat < 0)
        return ret;
    char msg[GR_ERROR_MSG];
    const char *ex = "{\"action\": \"chits done\", \"step\": 12}";
    json_t *b = body_object(r, ex, msg, sizeof msg);
    if (!b)
        return reply_err(c, r, 400, "%s", msg);
    const char *text = json_string_value(json_object_get(b, "action"));
    size_t step;
    if (!text || body_step(b, &step)) {
        json_decref(b);
        return reply_err(c, r, 400,
                         "the body needs \"action\" (a text from the view's \"legal\") and "
                         "\"step\" (the view's \"step\"), e.g. %s",
                         ex);
    }
    pthread_mutex_lock(&g->lock);
    size_t first = 0;
    gr_error err;
    gr_error_clear(&err);
    int code =
        sync_game(s, g, &err) != GR_OK ? 500 : sv_game_act(g, seat, text, step, &first, &err);
    if (code == 200 && commit(s, g, first, &err) != GR_OK) {
        if (err.code == GR_EINPUT) /* another server stored this step first */
            gr_error_set(&err, GR_EINPUT,
                         "step %zu is not the game's current step %zu: the game has moved on; "
                         "fetch the view again and choose from its legal actions",
                         step, gr_match_steps(g->m));
        code = err.code == GR_EINPUT ? 409 : 500;
    }
    json_t *o;
    if (code == 200) {
        o = state_summary(g, step, first);
        json_object_set_new(o, "applied", json_string(text));
    } else {
        o = error_body(g, code, &err);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(b);
    return reply_obj(c, r, code, o);
}

static MHD_Result_t h_undo(gr_server *s, sv_game *g, struct MHD_Connection *c, sv_req *r)
{
    MHD_Result_t ret;
    int seat = acting_seat(c, r, g, &ret);
    if (seat < 0)
        return ret;
    char msg[GR_ERROR_MSG];
    json_t *b = body_object(r, "{\"step\": 12}", msg, sizeof msg);
    size_t step;
    if (!b || body_step(b, &step)) {
        json_decref(b);
        return reply_err(c, r, 400, "%s", b ? "the body needs \"step\": the view's \"step\"" : msg);
    }
    json_decref(b);
    pthread_mutex_lock(&g->lock);
    gr_error err;
    gr_error_clear(&err);
    if (sync_game(s, g, &err) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return reply_err(c, r, 500, "%s", err.msg);
    }
    size_t n;
    gr_record_step *before = sv_game_record(g, &n);
    int code = before ? sv_game_undo(g, seat, step, &err) : 500;
    if (!before)
        gr_error_set(&err, GR_ERUNTIME, "out of memory; try again");
    if (code == 200) {
        size_t left = gr_match_steps(g->m);
        int over = gr_match_is_over(g->m);
        gr_status st = gr_store_truncate_if(s->store, g->id, n, g->gen, left, &err);
        if (st == GR_OK && gr_store_shared(s->store))
            g->gen++; /* the truncation's new generation */
        if (st != GR_OK ||
            (over != g->finished && gr_store_set_finished(s->store, g->id, over, &err) != GR_OK)) {
            gr_error e2;
            sv_game_reset(g, before, n, &e2);
            code = 500;
            if (st == GR_EINPUT) { /* another server moved the game on first */
                if (catch_up(s, g, &e2) != GR_OK)
                    fprintf(stderr, "grognard serve: game %s: %s\n", g->id, e2.msg);
                gr_error_set(&err, GR_EINPUT,
                             "step %zu is not the game's current step %zu: the game has moved "
                             "on; fetch the view again",
                             step, gr_match_steps(g->m));
                code = 409;
            }
        } else {
            g->finished = over;
        }
        sv_game_touch(g);
    }
    json_t *o;
    if (code == 200) {
        o = json_pack("{sI}", "step", (json_int_t)gr_match_steps(g->m));
    } else {
        o = error_body(g, code, &err);
    }
    pthread_mutex_unlock(&g->lock);
    free(before);
    return reply_obj(c, r, code, o);
}

static MHD_Result_t h_replay(gr_server *s, sv_game *g, struct MHD_Connection *c, sv_req *r)
{
    const char *tok[2];
    size_t len[2];
    int n = bearer(c, tok, len);
    int seats = 0;
    for (int i = 0; i < n; i++) {
        int seat = sv_game_seat(g, tok[i], len[i]);
        if (seat < 0)
            return reply_err(c, r, 401, "a token is not one of game %s's seats", g->id);
        seats |= 1 << seat;
    }
    pthread_mutex_lock(&g->lock);
    gr_error serr;
    if (sync_game(s, g, &serr) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return reply_err(c, r, 500, "%s", serr.msg);
    }
    int over = gr_match_is_over(g->m);
    if (!over && seats != 3) {
        pthread_mutex_unlock(&g->lock);
        return reply_err(c, r, 403,
                         "game %s goes on, and its record holds the chits each side put in the "
                         "bowl; it is given when the game is over, or to a request with both "
                         "seats' tokens (Authorization: Bearer TOKEN0 TOKEN1)",
                         g->id);
    }
    char *text = NULL;
    size_t tlen = 0;
    gr_error err;
    gr_status st =
        gr_save_dump(g->m, g->scn->path, g->scn->text, g->scn->text_len, &text, &tlen, &err);
    pthread_mutex_unlock(&g->lock);
    if (st != GR_OK)
        return reply_err(c, r, 500, "%s", err.msg);
    struct MHD_Response *res = MHD_create_response_from_buffer(tlen, text, MHD_RESPMEM_MUST_FREE);
    if (!res) {
        free(text);
        return MHD_NO;
    }
    char disp[96];
    snprintf(disp, sizeof disp, "attachment; filename=\"%s.json\"", g->id);
    MHD_add_response_header(res, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(res, "Content-Disposition", disp);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    r->status = 200;
    r->bytes = (long long)tlen;
    MHD_Result_t ok = MHD_queue_response(c, 200, res);
    MHD_destroy_response(res);
    return ok;
}

/* ---- event streams ----------------------------------------------------------- */

typedef struct sv_stream {
    gr_server *s;
    sv_game *g;
    int seat;
    int started;
    uint64_t ver, undos;
    size_t logpos;
    char *buf;
    size_t len, off;
} sv_stream;

static void stream_free(void *cls)
{
    sv_stream *st = cls;
    atomic_fetch_sub(&st->s->streams, 1);
    free(st->buf);
    free(st);
}

/* The next event of the stream into st->buf; g->lock held.  0, or -1 to end. */
static int stream_next(sv_stream *st)
{
    sv_game *g = st->g;
    const char *kind = "step";
    json_t *events;
    if (!st->started) {
        st->started = 1;
        events = json_array();
        st->logpos = g->nlog;
        st->undos = g->undos;
    } else if (g->undos != st->undos) {
        kind = "undo";
        events = json_array();
        st->logpos = g->nlog;
        st->undos = g->undos;
    } else {
        events =
            sv_game_events(g, st->seat, st->logpos < g->nlog ? st->logpos : g->nlog, GR_LANG_EN);
        st->logpos = g->nlog;
    }
    st->ver = g->version;
    const gr_game *gm = &g->scn->game;
    const void *state = gr_match_state(g->m);
    int cur = gr_match_current_player(g->m);
    int w = gr_game_winner(gm, state);
    json_t *o = json_pack("{sIsisosososo}", "step", (json_int_t)gr_match_steps(g->m), "turn",
                          gm->type->turn ? gm->type->turn(gm->sc, state) : 0, "to_move",
                          cur >= 0 ? json_integer(cur) : json_null(), "over",
                          json_boolean(gr_match_is_over(g->m)), "winner",
                          w >= 0         ? json_integer(w)
                          : w == GR_DRAW ? json_string("draw")
                                         : json_null(),
                          "events", events ? events : json_array());
    char *data = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    if (!data)
        return -1;
    size_t cap = strlen(data) + 64;
    free(st->buf);
    st->buf = malloc(cap);
    if (!st->buf) {
        free(data);
        return -1;
    }
    st->len = (size_t)snprintf(st->buf, cap, "event: %s\nid: %zu\ndata: %s\n\n", kind,
                               gr_match_steps(g->m), data);
    st->off = 0;
    free(data);
    return 0;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sv_stream *st = cls;
    if (st->off >= st->len) {
        sv_game *g = st->g;
        pthread_mutex_lock(&g->lock);
        int timed_out = 0;
        if (!st->started) { /* the first event: as the store has the game */
            gr_error err;
            sync_game(st->s, g, &err);
        }
        if (st->started) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += SV_KEEPALIVE_S;
            while (g->version == st->ver && !atomic_load(&st->s->stopping) && !timed_out)
                timed_out = pthread_cond_timedwait(&g->changed, &g->lock, &until) == ETIMEDOUT;
        }
        int stop = atomic_load(&st->s->stopping);
        int rc = 0;
        if (!stop && timed_out && g->version == st->ver) {
            free(st->buf);
            st->buf = strdup(": keep-alive\n\n");
            st->len = st->buf ? strlen(st->buf) : 0;
            st->off = 0;
            rc = st->buf ? 0 : -1;
        } else if (!stop) {
            rc = stream_next(st);
        }
        pthread_mutex_unlock(&g->lock);
        if (stop || rc)
            return MHD_CONTENT_READER_END_OF_STREAM;
    }
    size_t n = st->len - st->off < max ? st->len - st->off : max;
    memcpy(buf, st->buf + st->off, n);
    st->off += n;
    return (ssize_t)n;
}

static MHD_Result_t h_events(gr_server *s, sv_game *g, struct MHD_Connection *c, sv_req *r)
{
    int seat = seat_of(c, g);
    if (seat == -1)
        return reply_err(c, r, 401,
                         "this token is not one of game %s's seats; use the token its creation "
                         "gave, or none to watch",
                         g->id);
    if (atomic_fetch_add(&s->streams, 1) >= SV_MAX_STREAMS) {
        atomic_fetch_sub(&s->streams, 1);
        return reply_err(c, r, 503, "too many event streams are open (%d); try again later",
                         SV_MAX_STREAMS);
    }
    sv_stream *st = calloc(1, sizeof *st);
    if (!st) {
        atomic_fetch_sub(&s->streams, 1);
        return reply_err(c, r, 500, "out of memory; try again");
    }
    st->s = s;
    st->g = g;
    st->seat = seat;
    struct MHD_Response *res =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free);
    if (!res) {
        stream_free(st);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Accel-Buffering", "no");
    r->status = 200;
    r->bytes = -1;
    MHD_Result_t ok = MHD_queue_response(c, 200, res);
    MHD_destroy_response(res);
    return ok;
}

/* ---- static files --------------------------------------------------------------- */

static const char *mime_of(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".json", "application/json; charset=utf-8"},
        {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return "application/octet-stream";
}

static MHD_Result_t h_static(gr_server *s, struct MHD_Connection *c, sv_req *r, const char *url)
{
    if (!s->web)
        return reply_err(c, r, 404,
                         "this server has no web folder (the page's folder was not found)");
    if (!strcmp(url, "/"))
        url = "/index.html";
    /* no "..", no backslash, no empty segment tricks: then the real path
     * must still be inside the web folder (a link leading out is refused) */
    if (strstr(url, "..") || strchr(url, '\\') || url[0] != '/')
        return reply_err(c, r, 404, "no such file");
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s%s", s->web, url) >= sizeof path)
        return reply_err(c, r, 404, "no such file");
    char *real = realpath(path, NULL);
    size_t wl = strlen(s->web);
    if (!real || strncmp(real, s->web, wl) || real[wl] != '/') {
        free(real);
        return reply_err(c, r, 404, "no such file");
    }
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
        if (fd >= 0)
            close(fd);
        free(real);
        return reply_err(c, r, 404, "no such file");
    }
    struct MHD_Response *res = MHD_create_response_from_fd((uint64_t)sb.st_size, fd);
    if (!res) {
        close(fd);
        free(real);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", mime_of(real));
    MHD_add_response_header(res, "Cache-Control", "no-cache");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    free(real);
    r->status = 200;
    r->bytes = (long long)sb.st_size;
    MHD_Result_t ok = MHD_queue_response(c, 200, res);
    MHD_destroy_response(res);
    return ok;
}

/* ---- routing ----------------------------------------------------------------------- */

static MHD_Result_t route(gr_server *s, struct MHD_Connection *c, sv_req *r, const char *url,
                          const char *method)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    if (strncmp(url, "/api/", 5) && strcmp(url, "/api")) {
        if (!get)
            return reply_err(c, r, 405, "only GET is served outside /api/");
        return h_static(s, c, r, url);
    }
    const char *p = url + 4; /* "/..." after /api */
    if (!strcmp(p, "/health")) {
        if (!get)
            return reply_err(c, r, 405, "use GET /api/health");
        return reply_obj(c, r, 200, json_pack("{sbss}", "ok", 1, "version", sv_version));
    }
    if (!strcmp(p, "/scenarios")) {
        if (!get)
            return reply_err(c, r, 405, "use GET /api/scenarios");
        json_t *a = json_array();
        for (size_t i = 0; i < s->nscn; i++)
            json_array_append(a, s->scn[i].summary);
        return reply_obj(c, r, 200, a);
    }
    if (!strncmp(p, "/scenarios/", 11)) {
        if (!get)
            return reply_err(c, r, 405, "use GET /api/scenarios/ID");
        const sv_scenario *scn = scenario_find(s, p + 11);
        if (!scn)
            return reply_err(
                c, r, 404, "no scenario '%.64s'; GET /api/scenarios lists those there are", p + 11);
        return reply_json(c, r, 200, strdup(scn->detail_text));
    }
    if (!strcmp(p, "/systems")) {
        if (!get)
            return reply_err(c, r, 405, "use GET /api/systems");
        json_t *j = gr_wire_systems(NULL);
        char *text = j ? gr_wire_dumps(j) : NULL;
        json_decref(j);
        return reply_json(c, r, 200, text);
    }
    if (!strcmp(p, "/lookup") || !strcmp(p, "/odds") || !strcmp(p, "/resolve")) {
        if (!post)
            return reply_err(c, r, 405, "use POST %s with a JSON body", url);
        char *out = NULL;
        int code = sv_assist(p + 1, r->body ? r->body : "", r->len, s->points, &out);
        return reply_json(c, r, code, out);
    }
    int bret;
    if (s->battles && sv_battles_route(s->battles, c, p, method, r->body ? r->body : "", r->len,
                                       &r->status, &r->bytes, &bret))
        return (MHD_Result_t)bret;
    if (!strcmp(p, "/games")) {
        if (post)
            return h_create(s, c, r);
        if (get)
            return h_list(s, c, r);
        return reply_err(c, r, 405, "use POST /api/games to start a game, GET to list them");
    }
    if (!strncmp(p, "/games/", 7)) {
        char id[GR_STORE_ID_MAX + 1];
        const char *rest = p + 7;
        size_t idl = strcspn(rest, "/");
        if (idl >= sizeof id)
            return reply_err(c, r, 404, "no such game");
        memcpy(id, rest, idl);
        id[idl] = 0;
        rest += idl;
        int missing;
        gr_error err;
        sv_game *g = game_find(s, id, &missing, &err);
        if (!g && missing)
            return reply_err(c, r, 404, "no game '%.40s'; POST /api/games starts one", id);
        if (!g)
            return reply_err(c, r, 500, "%s", err.msg);
        if (!*rest) {
            if (!get)
                return reply_err(c, r, 405, "use GET /api/games/ID");
            return h_view(s, g, c, r);
        }
        if (!strcmp(rest, "/actions")) {
            if (!post)
                return reply_err(c, r, 405, "use POST /api/games/ID/actions");
            return h_action(s, g, c, r);
        }
        if (!strcmp(rest, "/undo")) {
            if (!post)
                return reply_err(c, r, 405, "use POST /api/games/ID/undo");
            return h_undo(s, g, c, r);
        }
        if (!strcmp(rest, "/events")) {
            if (!get)
                return reply_err(c, r, 405, "use GET /api/games/ID/events");
            return h_events(s, g, c, r);
        }
        if (!strcmp(rest, "/replay")) {
            if (!get)
                return reply_err(c, r, 405, "use GET /api/games/ID/replay");
            return h_replay(s, g, c, r);
        }
    }
    return reply_err(c, r, 404, "no such API path %.80s; docs/api.md lists them", url);
}

static MHD_Result_t on_request(void *cls, struct MHD_Connection *c, const char *url,
                               const char *method, const char *version, const char *upload,
                               size_t *upload_size, void **con_cls)
{
    (void)version;
    gr_server *s = cls;
    sv_req *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        clock_gettime(CLOCK_MONOTONIC, &r->t0);
        snprintf(r->method, sizeof r->method, "%s", method);
        r->url = strdup(url);
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
            inet_ntop(AF_INET,
                      &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr,
                      r->addr, sizeof r->addr);
        else
            snprintf(r->addr, sizeof r->addr, "-");
        *con_cls = r;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > SV_MAX_BODY) {
            r->too_big = 1;
            return reply_err(c, r, 413, "the body is over %d bytes; send less", SV_MAX_BODY);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        if (!r->too_big && r->len + *upload_size > SV_MAX_BODY)
            r->too_big = 1;
        if (!r->too_big) {
            if (r->len + *upload_size + 1 > r->cap) {
                size_t cap = (r->len + *upload_size + 1) * 2;
                char *b = realloc(r->body, cap);
                if (!b)
                    return MHD_NO;
                r->body = b;
                r->cap = cap;
            }
            memcpy(r->body + r->len, upload, *upload_size);
            r->len += *upload_size;
            r->body[r->len] = 0;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (r->status) /* answered already (413 at the headers) */
        return MHD_YES;
    if (r->too_big)
        return reply_err(c, r, 413, "the body is over %d bytes; send less", SV_MAX_BODY);
    return route(s, c, r, url, method);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)c;
    (void)toe;
    gr_server *s = cls;
    sv_req *r = *con_cls;
    if (!r)
        return;
    if (s->o.log) {
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms =
            (double)(t1.tv_sec - r->t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - r->t0.tv_nsec) / 1e6;
        char url[256];
        gr_escape(r->url ? r->url : "-", url, sizeof url);
        char bytes[32];
        if (r->bytes >= 0)
            snprintf(bytes, sizeof bytes, "%lld", r->bytes);
        else
            snprintf(bytes, sizeof bytes, "-");
        pthread_mutex_lock(&s->log_lock);
        fprintf(s->o.log, "%s %s %s %d %s %.1fms\n", r->addr, r->method, url,
                r->status ? r->status : 0, bytes, ms);
        fflush(s->o.log);
        pthread_mutex_unlock(&s->log_lock);
    }
    free(r->body);
    free(r->url);
    free(r);
    *con_cls = NULL;
}

/* ---- start and stop --------------------------------------------------------------- */

static int is_dir(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

const char *gr_server_default_data(void)
{
    return is_dir("data/scenarios") ? "data" : sv_source_data_dir;
}

const char *gr_server_default_web(void)
{
    return is_dir("web") ? "web" : sv_source_web_dir;
}

int gr_server_port(const gr_server *s)
{
    return s->port;
}

static void server_free(gr_server *s)
{
    /* first: the store's listener thread reads the registry */
    gr_store_close(s->store);
    s->store = NULL;
    for (size_t b = 0; b < SV_BUCKETS; b++) {
        sv_game *g = s->buckets[b];
        while (g) {
            sv_game *n = g->next;
            sv_game_free(g);
            g = n;
        }
    }
    scenarios_free(s);
    sv_battles_free(s->battles);
    free(s->points);
    free(s->queue);
    free(s->web);
    free(s->data);
    pthread_mutex_destroy(&s->reg_lock);
    pthread_mutex_destroy(&s->q_lock);
    pthread_cond_destroy(&s->q_cond);
    pthread_mutex_destroy(&s->log_lock);
    free(s);
}

void gr_server_stop(gr_server *s)
{
    if (!s)
        return;
    atomic_store(&s->stopping, 1);
    /* wake every event stream and the worker */
    pthread_mutex_lock(&s->reg_lock);
    for (size_t b = 0; b < SV_BUCKETS; b++)
        for (sv_game *g = s->buckets[b]; g; g = g->next) {
            pthread_mutex_lock(&g->lock);
            pthread_cond_broadcast(&g->changed);
            pthread_mutex_unlock(&g->lock);
        }
    pthread_mutex_unlock(&s->reg_lock);
    sv_battles_stop(s->battles);
    pthread_mutex_lock(&s->q_lock);
    pthread_cond_broadcast(&s->q_cond);
    pthread_mutex_unlock(&s->q_lock);
    if (s->d)
        MHD_stop_daemon(s->d);
    if (s->worker_started)
        pthread_join(s->worker, NULL);
    server_free(s);
}

gr_status gr_server_start(const gr_server_opts *o, gr_server **out, gr_error *err)
{
    *out = NULL;
    gr_server *s = calloc(1, sizeof *s);
    if (!s)
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting the server");
    s->o = *o;
    pthread_mutex_init(&s->reg_lock, NULL);
    pthread_mutex_init(&s->q_lock, NULL);
    pthread_cond_init(&s->q_cond, NULL);
    pthread_mutex_init(&s->log_lock, NULL);
    s->data = strdup(o->data);
    s->web = o->web ? realpath(o->web, NULL) : NULL;
    if (o->web && !s->web)
        fprintf(stderr,
                "grognard serve: the web folder %s cannot be opened (%s); pages are not served\n",
                o->web, strerror(errno));
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)o->port);
    if (o->port < 0 || o->port > 65535 || inet_pton(AF_INET, o->host, &addr.sin_addr) != 1) {
        server_free(s);
        return gr_error_set(err, GR_EINPUT,
                            "host %s, port %d: give an IPv4 address (127.0.0.1, 0.0.0.0) and "
                            "a port from 0 to 65535",
                            o->host, o->port);
    }
    gr_status st = scenarios_load(s, err);
    if (st != GR_OK) {
        server_free(s);
        return st;
    }
    s->points = calloc(1, sizeof *s->points);
    char pts[PATH_MAX];
    snprintf(pts, sizeof pts, "%s/rff/fire_points.json", o->data);
    gr_error perr;
    if (s->points && rff_points_load(pts, s->points, &perr) != GR_OK &&
        rff_points_load(NULL, s->points, &perr) != GR_OK) {
        fprintf(stderr, "grognard serve: RFF fire points not loaded (%s)\n", perr.msg);
        free(s->points);
        s->points = NULL;
    }
    /* the battle companion's folder: --battles, or DB.battles beside an
     * SQLite database (grognard.battles in the working folder when the
     * database is a PostgreSQL URI) */
    char bdir[PATH_MAX];
    int uri = gr_store_spec_is_pg(o->db);
    snprintf(bdir, sizeof bdir, "%s%s",
             o->battles ? o->battles
             : uri      ? "grognard"
                        : o->db,
             o->battles ? "" : ".battles");
    if ((st = sv_battles_open(bdir, o->data, o->host, &s->battles, err)) != GR_OK) {
        server_free(s);
        return st;
    }
    if ((st = gr_store_open(o->db, &s->store, err)) != GR_OK) {
        server_free(s);
        return st;
    }
    /* every unfinished game, replayed and checked, before the first request */
    gr_store_game *open = calloc(4096, sizeof *open);
    size_t nopen = 0;
    if (!open || gr_store_list(s->store, 1, open, 4096, &nopen, err) != GR_OK) {
        free(open);
        server_free(s);
        return open ? GR_ERUNTIME : gr_error_set(err, GR_ERUNTIME, "out of memory");
    }
    for (size_t i = 0; i < nopen; i++) {
        gr_error lerr;
        pthread_mutex_lock(&s->reg_lock);
        sv_game *g = load_game(s, open[i].id, &lerr);
        pthread_mutex_unlock(&s->reg_lock);
        if (!g) {
            gr_error_set(err, GR_ERUNTIME, "%s", lerr.msg);
            free(open);
            server_free(s);
            return GR_ERUNTIME;
        }
    }
    free(open);
    /* other servers' changes (PostgreSQL's NOTIFY; nothing for SQLite) */
    if ((st = gr_store_watch(s->store, on_store_change, s, err)) != GR_OK) {
        server_free(s);
        return st;
    }
    if (pthread_create(&s->worker, NULL, worker_main, s) != 0) {
        server_free(s);
        return gr_error_set(err, GR_ERUNTIME, "cannot start the worker thread");
    }
    s->worker_started = 1;
    s->d = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD, 0, NULL, NULL, on_request, s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)SV_MAX_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SV_TIMEOUT_S,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SV_MAX_HEADERS, MHD_OPTION_THREAD_STACK_SIZE,
        (size_t)(512 * 1024), MHD_OPTION_NOTIFY_COMPLETED, on_completed, s, MHD_OPTION_END);
    if (!s->d) {
        gr_server_stop(s);
        return gr_error_set(err, GR_ERUNTIME,
                            "cannot listen on %s:%d (%s); is another server on that port? give "
                            "another port, or 0 for any free one",
                            o->host, o->port, strerror(errno));
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = di ? di->port : o->port;
    *out = s;
    return GR_OK;
}
