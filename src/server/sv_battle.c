/* sv_battle.c - the battle companion over HTTP (sv_battle.h, docs/api.md
 * "The battle companion").
 *
 * A battle is DIR/ID.battle (the battle file of `grognard battle`, written
 * atomically after every action) and DIR/ID.seats (its two tokens, written
 * atomically once).  It is loaded on demand, replayed and checked, and
 * kept in memory with its own lock; an action is answered only once the
 * file holding it is on disk. */
#define _DEFAULT_SOURCE /* getrandom, open_memstream, strncasecmp */
#include "sv_battle.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/battle_wire.h"
#include "grognard/oob.h"
#include "grognard/utf8.h"

#if MHD_VERSION < 0x00097002
typedef int svb_result;
#else
typedef enum MHD_Result svb_result;
#endif

#define SVB_ID          17 /* 16 hex digits and the NUL */
#define SVB_TOKEN       33 /* 32 hex digits and the NUL */
#define SVB_MAX_OOBS    64
#define SVB_KEEPALIVE   15 /* seconds between comments on an idle stream */
#define SVB_MAX_STREAMS 256

typedef struct sv_bt {
    char id[SVB_ID];
    char tokens[2][SVB_TOKEN];
    char *path; /* DIR/ID.battle */
    gr_battle_file f;
    gr_battle *b;
    int *actor;       /* the side that made each action (GR_BT_MAX_ACTIONS) */
    uint64_t version; /* +1 on every change */
    json_t *last;     /* the last change for the event stream: {kind, text, instructions} */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    struct sv_bt *next;
} sv_bt;

typedef struct svb_oob {
    char system[8];
    char id[64];
    char *path;
} svb_oob;

struct sv_battles {
    char *dir;
    pthread_mutex_t lock; /* the list */
    sv_bt *list;
    svb_oob oobs[SVB_MAX_OOBS];
    int noobs;
    json_t *oob_list; /* GET /api/oobs */
    atomic_int stopping;
    atomic_int streams;
};

/* ---- answers -------------------------------------------------------------------- */

typedef struct svb_req {
    struct MHD_Connection *c;
    int *status;
    long long *bytes;
} svb_req;

static int answer(svb_req *q, int status, const char *ctype, char *body)
{
    if (!body) {
        status = 500;
        ctype = "application/json; charset=utf-8";
        body = strdup("{\"error\":\"out of memory; try again\"}");
    }
    size_t len = body ? strlen(body) : 0;
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
    *q->status = status;
    *q->bytes = (long long)len;
    int ok = MHD_queue_response(q->c, (unsigned)status, res);
    MHD_destroy_response(res);
    return ok;
}

static int answer_obj(svb_req *q, int status, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return answer(q, status, "application/json; charset=utf-8", text);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
answer_err(svb_req *q, int status, const char *fmt, ...)
{
    char msg[GR_ERROR_MSG], esc[GR_ERROR_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gr_escape(msg, esc, sizeof esc);
    return answer_obj(q, status, json_pack("{ss}", "error", esc));
}

/* ---- files ---------------------------------------------------------------------- */

static int random_hex(char *out, size_t bytes)
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

/* Write text to path atomically: a temporary file beside it, fsync, rename,
 * the folder fsync'd. */
static gr_status write_atomic(const char *dir, const char *path, const char *text, gr_error *err)
{
    char tmp[PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp)
        return gr_error_set(err, GR_ERUNTIME, "%s: the path is too long", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return gr_error_set(err, GR_ERUNTIME, "%s: cannot write (%s); check the battles folder",
                            path, strerror(errno));
    size_t len = strlen(text), off = 0;
    int bad = 0;
    fchmod(fd, 0600); /* the tokens are the seats: for the server only */
    while (off < len && !bad) {
        ssize_t n = write(fd, text + off, len - off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            bad = 1;
        else
            off += (size_t)n;
    }
    if (!bad && fsync(fd) != 0)
        bad = 1;
    int e = errno;
    if (close(fd) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad && rename(tmp, path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        unlink(tmp);
        return gr_error_set(err, GR_ERUNTIME, "%s: cannot write (%s); check the battles folder",
                            path, strerror(e));
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return GR_OK;
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n != SVB_ID - 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
            return 0;
    return 1;
}

/* ---- the bundled orders of battle ------------------------------------------------ */

static int cmp_oob(const void *a, const void *b)
{
    const svb_oob *x = a, *y = b;
    int c = strcmp(x->system, y->system);
    return c ? c : strcmp(x->id, y->id);
}

static void oobs_load(sv_battles *bs, const char *data)
{
    char root[PATH_MAX];
    snprintf(root, sizeof root, "%s/oob", data);
    DIR *d = opendir(root);
    while (d) {
        struct dirent *e = readdir(d);
        if (!e)
            break;
        if (e->d_name[0] == '.' || strlen(e->d_name) >= 8 || !gr_battle_rules_find(e->d_name))
            continue;
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", root, e->d_name) >= (int)sizeof sub)
            continue;
        DIR *sd = opendir(sub);
        while (sd) {
            struct dirent *f = readdir(sd);
            if (!f)
                break;
            size_t n = strlen(f->d_name);
            if (n < 6 || n - 5 >= 64 || strcmp(f->d_name + n - 5, ".json") ||
                bs->noobs >= SVB_MAX_OOBS)
                continue;
            svb_oob *o = &bs->oobs[bs->noobs];
            memcpy(o->system, e->d_name, strlen(e->d_name) + 1); /* under 8 bytes: checked */
            memcpy(o->id, f->d_name, n - 5);
            o->id[n - 5] = 0;
            size_t pl = strlen(sub) + n + 2;
            o->path = malloc(pl);
            if (!o->path)
                continue;
            snprintf(o->path, pl, "%s/%s", sub, f->d_name);
            bs->noobs++;
        }
        if (sd)
            closedir(sd);
    }
    if (d)
        closedir(d);
    qsort(bs->oobs, (size_t)bs->noobs, sizeof bs->oobs[0], cmp_oob);
    bs->oob_list = json_array();
    gr_battle *b = malloc(sizeof *b);
    for (int i = 0; b && bs->oob_list && i < bs->noobs; i++) {
        svb_oob *o = &bs->oobs[i];
        gr_error err;
        if (gr_oob_read(o->path, gr_battle_rules_find(o->system), 0, b, NULL, NULL, &err) !=
            GR_OK) {
            fprintf(stderr, "grognard serve: order of battle left out: %s\n", err.msg);
            continue;
        }
        json_t *j = json_pack("{ssssssss}", "system", o->system, "id", o->id, "title", b->title,
                              "date", b->date);
        json_t *sides = json_array();
        int units[2] = {0, 0};
        for (int u = 0; u < b->nunits; u++)
            units[b->units[u].side & 1]++;
        for (int s = 0; s < 2; s++)
            json_array_append_new(sides,
                                  json_pack("{sssi}", "name", b->side_name[s], "units", units[s]));
        json_object_set_new(j, "sides", sides);
        json_object_set_new(j, "units", json_integer(b->nunits));
        json_object_set_new(j, "leaders", json_integer(b->nleaders));
        json_object_set_new(j, "turns", json_integer(b->turns));
        json_array_append_new(bs->oob_list, j);
    }
    free(b);
}

static const svb_oob *oob_find(const sv_battles *bs, const char *system, const char *id)
{
    for (int i = 0; i < bs->noobs; i++)
        if (!strcmp(bs->oobs[i].system, system) && !strcmp(bs->oobs[i].id, id))
            return &bs->oobs[i];
    return NULL;
}

/* ---- battles ---------------------------------------------------------------------- */

gr_status sv_battles_open(const char *dir, const char *data, sv_battles **out, gr_error *err)
{
    *out = NULL;
    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        return gr_error_set(err, GR_ERUNTIME,
                            "the battles folder %s cannot be made (%s); give --battles DIR", dir,
                            strerror(errno));
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return gr_error_set(err, GR_ERUNTIME, "--battles %s is not a folder; give a folder", dir);
    sv_battles *bs = calloc(1, sizeof *bs);
    if (!bs || !(bs->dir = strdup(dir))) {
        free(bs);
        return gr_error_set(err, GR_ERUNTIME, "out of memory opening the battles folder");
    }
    pthread_mutex_init(&bs->lock, NULL);
    oobs_load(bs, data);
    *out = bs;
    return GR_OK;
}

static void bt_free(sv_bt *t)
{
    if (!t)
        return;
    gr_battle_file_free(&t->f);
    free(t->b);
    free(t->actor);
    free(t->path);
    json_decref(t->last);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->changed);
    free(t);
}

void sv_battles_stop(sv_battles *bs)
{
    if (!bs)
        return;
    atomic_store(&bs->stopping, 1);
    pthread_mutex_lock(&bs->lock);
    for (sv_bt *t = bs->list; t; t = t->next) {
        pthread_mutex_lock(&t->lock);
        pthread_cond_broadcast(&t->changed);
        pthread_mutex_unlock(&t->lock);
    }
    pthread_mutex_unlock(&bs->lock);
}

void sv_battles_free(sv_battles *bs)
{
    if (!bs)
        return;
    sv_bt *t = bs->list;
    while (t) {
        sv_bt *n = t->next;
        bt_free(t);
        t = n;
    }
    for (int i = 0; i < bs->noobs; i++)
        free(bs->oobs[i].path);
    json_decref(bs->oob_list);
    pthread_mutex_destroy(&bs->lock);
    free(bs->dir);
    free(bs);
}

static sv_bt *bt_alloc(const sv_battles *bs, const char *id)
{
    sv_bt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    snprintf(t->id, sizeof t->id, "%s", id);
    size_t pl = strlen(bs->dir) + strlen(id) + 16;
    t->path = malloc(pl);
    t->b = malloc(sizeof *t->b);
    t->actor = calloc(GR_BT_MAX_ACTIONS, sizeof *t->actor);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    if (!t->path || !t->b || !t->actor) {
        bt_free(t);
        return NULL;
    }
    snprintf(t->path, pl, "%s/%s.battle", bs->dir, id);
    return t;
}

/* The side that made action a, done on a state whose active side was
 * `active`: the side of its unit, else of its leader, else the side that
 * acted in the phase (docs/api.md). */
static int action_side(const gr_battle *b, const gr_bt_action *a, int active)
{
    if (a->call.unit >= 0 && a->call.unit < b->nunits)
        return b->units[a->call.unit].side;
    if (a->call.leader >= 0 && a->call.leader < b->nleaders)
        return b->leaders[a->call.leader].side;
    return active;
}

typedef struct actor_ctx {
    int *actor;
    int active;
} actor_ctx;

static void actor_each(void *ctx, int i, const gr_bt_action *a, const gr_bt_outcome *o,
                       const gr_battle *after)
{
    (void)o;
    actor_ctx *x = ctx;
    x->actor[i] = action_side(after, a, x->active);
    x->active = gr_battle_active_side(after);
}

/* Read DIR/ID.seats and DIR/ID.battle, replay.  NULL with err set (missing
 * set when there is no such battle). */
static sv_bt *bt_load(const sv_battles *bs, const char *id, int *missing, gr_error *err)
{
    *missing = 0;
    sv_bt *t = bt_alloc(bs, id);
    if (!t) {
        gr_error_set(err, GR_ERUNTIME, "out of memory loading battle %s", id);
        return NULL;
    }
    char seats[PATH_MAX];
    snprintf(seats, sizeof seats, "%s/%s.seats", bs->dir, id);
    json_error_t je;
    json_t *sj = json_load_file(seats, 0, &je);
    if (!sj) {
        struct stat sb;
        *missing = stat(seats, &sb) != 0;
        gr_error_set(err, GR_ERUNTIME, "%s:%d:%d: %s", seats, je.line, je.column, je.text);
        bt_free(t);
        return NULL;
    }
    for (int s = 0; s < 2; s++) {
        const char *tok = json_string_value(json_array_get(json_object_get(sj, "tokens"), s));
        if (!tok || strlen(tok) != SVB_TOKEN - 1) {
            gr_error_set(err, GR_ERUNTIME, "%s: \"tokens\" must hold two tokens of %d hex digits",
                         seats, SVB_TOKEN - 1);
            json_decref(sj);
            bt_free(t);
            return NULL;
        }
        snprintf(t->tokens[s], SVB_TOKEN, "%s", tok);
    }
    json_decref(sj);
    if (gr_battle_file_read(t->path, NULL, &t->f, err) != GR_OK) {
        bt_free(t);
        return NULL;
    }
    actor_ctx x = {t->actor, gr_battle_active_side(t->f.start)};
    if (gr_battle_file_replay(&t->f, t->path, -1, t->b, actor_each, &x, err) != GR_OK) {
        bt_free(t);
        return NULL;
    }
    return t;
}

/* The battle `id`, loaded if needed (bs->lock taken here). */
static sv_bt *bt_find(sv_battles *bs, const char *id, int *missing, gr_error *err)
{
    *missing = 0;
    if (!valid_id(id)) {
        *missing = 1;
        return NULL;
    }
    pthread_mutex_lock(&bs->lock);
    sv_bt *t = bs->list;
    while (t && strcmp(t->id, id))
        t = t->next;
    if (!t && (t = bt_load(bs, id, missing, err))) {
        t->next = bs->list;
        bs->list = t;
    }
    pthread_mutex_unlock(&bs->lock);
    return t;
}

/* The side of the request's token (Authorization: Bearer T, or ?token=T):
 * 0 or 1; -1 none given; -2 not one of the battle's.  Constant time in the
 * token's bytes. */
static int token_side(struct MHD_Connection *c, const sv_bt *t)
{
    const char *tok = NULL;
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    if (h && !strncasecmp(h, "Bearer ", 7))
        tok = h + 7;
    else if (h)
        return -2;
    else
        tok = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    if (!tok)
        return -1;
    size_t n = strlen(tok);
    for (int s = 0; s < 2; s++) {
        unsigned diff = n != SVB_TOKEN - 1;
        for (size_t i = 0; i < SVB_TOKEN - 1; i++)
            diff |= (unsigned char)(i < n ? tok[i] : 0) ^ (unsigned char)t->tokens[s][i];
        if (!diff)
            return s;
    }
    return -2;
}

static int need_side(svb_req *q, const sv_bt *t, int *side, int *ret)
{
    *side = token_side(q->c, t);
    if (*side == -1)
        *ret = answer_err(q, 401,
                          "no token: add ?token=TOKEN (or Authorization: Bearer TOKEN) with the "
                          "token battle %s's creation gave your side",
                          t->id);
    else if (*side == -2)
        *ret = answer_err(q, 401,
                          "this token is not one of battle %s's sides; use the link its creation "
                          "gave your side",
                          t->id);
    return *side >= 0;
}

/* ---- what a side sees ---------------------------------------------------------------- */

/* Keys of an enemy unit and leader that a player does not see at a real
 * table (docs/api.md, "What a side does not see of the other"). */
static const char *const hidden_unit[] = {"stands",   "lost", "condition", "worn_at",
                                          "spent_at", "ammo", "sys",       NULL};
static const char *const hidden_leader[] = {"rating", "back_turn", NULL};

/* The status of t->b as side `side` sees it. */
static json_t *view_json(const sv_bt *t, int side)
{
    json_t *j = gr_bt_wire_status(t->b);
    if (!j)
        return NULL;
    json_object_set_new(j, "id", json_string(t->id));
    json_object_set_new(j, "side", json_integer(side));
    const gr_bt_phase *ph = &t->b->rules->phases[t->b->phase];
    int acts = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(t->b) == side;
    json_object_set_new(j, "phase_player",
                        json_string(ph->player == GR_BT_BOTH_PLAYERS   ? "both"
                                    : ph->player == GR_BT_FIRST_PLAYER ? "first"
                                                                       : "second"));
    json_object_set_new(j, "you_act", json_boolean(acts));
    json_object_set_new(j, "can_undo",
                        json_boolean(t->f.nactions > 0 && t->actor[t->f.nactions - 1] == side));
    json_t *seq = json_array();
    for (size_t k = 0; k < t->b->rules->nphases; k++) {
        const gr_bt_phase *p = &t->b->rules->phases[k];
        json_array_append_new(seq, json_pack("{ssssssss}", "id", p->id, "title", p->title, "player",
                                             p->player == GR_BT_BOTH_PLAYERS   ? "both"
                                             : p->player == GR_BT_FIRST_PLAYER ? "first"
                                                                               : "second",
                                             "source", p->source));
    }
    json_object_set_new(j, "sequence", seq);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(j, "units"), i, v)
    {
        if (json_integer_value(json_object_get(v, "side")) == side)
            continue;
        for (int k = 0; hidden_unit[k]; k++)
            json_object_del(v, hidden_unit[k]);
    }
    json_array_foreach(json_object_get(j, "leaders"), i, v)
    {
        if (json_integer_value(json_object_get(v, "side")) == side)
            continue;
        for (int k = 0; hidden_leader[k]; k++)
            json_object_del(v, hidden_leader[k]);
    }
    return j;
}

/* ---- requests ---------------------------------------------------------------------------- */

static json_t *body_object(const char *body, size_t len, const char *example, char *msg, size_t cap)
{
    json_error_t je;
    json_t *j = len ? json_loadb(body, len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (json_is_object(j))
        return j;
    if (!len)
        snprintf(msg, cap, "the request has no body; send a JSON object such as %s", example);
    else if (!j)
        snprintf(msg, cap, "the body is not JSON (line %d, column %d: %s); send %s", je.line,
                 je.column, je.text, example);
    else
        snprintf(msg, cap, "the body must be a JSON object such as %s", example);
    json_decref(j);
    return NULL;
}

static int h_create(sv_battles *bs, svb_req *q, const char *body, size_t len)
{
    char msg[GR_ERROR_MSG * 2];
    const char *ex = "{\"system\": \"nf\", \"oob\": \"maida\"}";
    json_t *j = body_object(body, len, ex, msg, sizeof msg);
    if (!j)
        return answer_err(q, 400, "%s", msg);
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        if (strcmp(key, "system") && strcmp(key, "oob") && strcmp(key, "oob_text") &&
            strcmp(key, "seed")) {
            snprintf(msg, sizeof msg,
                     "unknown key \"%.40s\"; accepted: system, oob, oob_text, seed", key);
            json_decref(j); /* key is j's */
            return answer_err(q, 400, "%s", msg);
        }
    }
    const char *sys = json_string_value(json_object_get(j, "system"));
    const char *oob = json_string_value(json_object_get(j, "oob"));
    json_t *text = json_object_get(j, "oob_text");
    json_t *seedj = json_object_get(j, "seed");
    const gr_battle_rules *rules = sys ? gr_battle_rules_find(sys) : NULL;
    int code = 400;
    if (!sys)
        snprintf(msg, sizeof msg, "give \"system\" (aoe, nf or rff): %s", ex);
    else if (!rules)
        snprintf(msg, sizeof msg, "the companion keeps no system \"%.20s\"; accepted: aoe, nf, rff",
                 sys);
    else if (!!oob == !!text)
        snprintf(msg, sizeof msg,
                 "give either \"oob\" (a bundled order of battle's id: GET /api/oobs) or "
                 "\"oob_text\" (an order of battle's JSON text, docs/oob.md)");
    else if (text && !json_is_string(text))
        snprintf(msg, sizeof msg, "\"oob_text\" must be a string: the order of battle's text");
    else if (oob && !oob_find(bs, sys, oob)) {
        snprintf(msg, sizeof msg,
                 "no bundled order of battle \"%.40s\" for %s; GET /api/oobs lists them", oob, sys);
        code = 404;
    } else if (seedj && (!json_is_integer(seedj) || json_integer_value(seedj) < 0))
        snprintf(msg, sizeof msg, "\"seed\" must be a whole number from 0 to 2^63-1");
    else
        code = 0;
    if (code) {
        json_decref(j);
        return answer_err(q, code, "%s", msg);
    }
    uint64_t seed;
    if (seedj)
        seed = (uint64_t)json_integer_value(seedj);
    else {
        char hx[17];
        random_hex(hx, 8);
        seed = strtoull(hx, NULL, 16) >> 1;
    }
    sv_bt *t = NULL;
    char id[SVB_ID];
    gr_error err;
    gr_error_clear(&err);
    if (random_hex(id, 8) != 0 || !(t = bt_alloc(bs, id)) || random_hex(t->tokens[0], 16) ||
        random_hex(t->tokens[1], 16)) {
        bt_free(t);
        json_decref(j);
        return answer_err(q, 500, "cannot make the battle's id and tokens; try again");
    }
    gr_status st;
    if (oob)
        st = gr_battle_file_new(oob_find(bs, sys, oob)->path, rules, seed, &t->f, &err);
    else
        st = gr_battle_file_from_text(json_string_value(text), json_string_length(text), "oob_text",
                                      rules, seed, &t->f, &err);
    json_decref(j);
    if (st != GR_OK) {
        bt_free(t);
        return answer_err(q, st == GR_EINPUT ? 400 : 500, "%s", err.msg);
    }
    memcpy(t->b, t->f.start, sizeof *t->b);
    char seats[PATH_MAX];
    snprintf(seats, sizeof seats, "%s/%s.seats", bs->dir, id);
    json_t *sj =
        json_pack("{sisss[ss]}", "format", 1, "battle", id, "tokens", t->tokens[0], t->tokens[1]);
    char *stext = sj ? json_dumps(sj, JSON_INDENT(2)) : NULL;
    json_decref(sj);
    st = stext ? write_atomic(bs->dir, seats, stext, &err)
               : gr_error_set(&err, GR_ERUNTIME, "out of memory");
    free(stext);
    if (st == GR_OK)
        st = gr_battle_file_write(&t->f, t->path, &err);
    if (st != GR_OK) {
        unlink(seats);
        bt_free(t);
        return answer_err(q, 500, "%s", err.msg);
    }
    json_t *o = json_pack("{sssssssIs[ss]}", "id", id, "system", t->b->system, "title", t->b->title,
                          "seed", (json_int_t)seed, "tokens", t->tokens[0], t->tokens[1]);
    json_t *sides = json_array();
    for (int s = 0; s < 2; s++)
        json_array_append_new(sides, json_string(t->b->side_name[s]));
    json_object_set_new(o, "sides", sides);
    char hx[20];
    snprintf(hx, sizeof hx, "%016" PRIx64, gr_battle_hash(t->b));
    json_object_set_new(o, "hash", json_string(hx));
    pthread_mutex_lock(&bs->lock);
    t->next = bs->list;
    bs->list = t;
    pthread_mutex_unlock(&bs->lock);
    return answer_obj(q, 201, o);
}

/* The inputs the players give for verb v: the --NAME of its help line
 * (but --target, --leader, --roll), each with the procedure's description
 * when it has an input of that name. */
static json_t *verb_inputs(const gr_battle *b, const gr_bt_verb *v)
{
    json_t *a = json_array();
    const gr_system *sys = gr_system_find(b->system);
    const gr_procedure *p = sys && v->procedure ? gr_system_procedure(sys, v->procedure) : NULL;
    for (const char *h = strstr(v->help, "--"); h; h = strstr(h, "--")) {
        h += 2;
        size_t n = strspn(h, "abcdefghijklmnopqrstuvwxyz0123456789-_");
        if (!n || n >= GR_BT_ID)
            continue;
        char name[GR_BT_ID];
        memcpy(name, h, n);
        name[n] = 0;
        if (!strcmp(name, "target") || !strcmp(name, "leader") || !strcmp(name, "roll"))
            continue;
        int dup = 0;
        size_t i;
        json_t *e;
        json_array_foreach(a, i, e) dup |=
            !strcmp(json_string_value(json_object_get(e, "name")), name);
        if (dup)
            continue;
        /* the placeholder after the name: "--to line|column", "--range INCHES" */
        const char *ph = h + n;
        while (*ph == ' ')
            ph++;
        size_t pn = *ph == '-' && ph[1] == '-' ? 0 : strcspn(ph, " ]:,");
        char place[120];
        snprintf(place, sizeof place, "%.*s", (int)(pn < sizeof place ? pn : sizeof place - 1), ph);
        /* optional when the help puts it in brackets */
        int optional = 0;
        for (const char *k = h - 2; k > v->help; k--) {
            if (*k == '[') {
                optional = 1;
                break;
            }
            if (*k == ']')
                break;
        }
        json_t *in =
            json_pack("{sssssb}", "name", name, "placeholder", place, "optional", optional);
        const gr_param *pp = NULL;
        for (size_t k = 0; p && k < p->nparams; k++)
            if (!strcmp(p->params[k].name, name))
                pp = &p->params[k];
        const char *kind = "text";
        json_t *choices = json_array();
        if (pp) {
            kind = pp->kind == GR_P_INT    ? "int"
                   : pp->kind == GR_P_NUM  ? "number"
                   : pp->kind == GR_P_ENUM ? "choice"
                   : pp->kind == GR_P_FLAG ? "flag"
                                           : "text";
            for (size_t k = 0; pp->kind == GR_P_ENUM && pp->choices && pp->choices[k]; k++)
                json_array_append_new(choices, json_string(pp->choices[k]));
            if (pp->kind == GR_P_INT) {
                json_object_set_new(in, "min", json_integer(pp->min));
                json_object_set_new(in, "max", json_integer(pp->max));
            }
            if (pp->help)
                json_object_set_new(in, "help", json_string(pp->help));
        } else if (strchr(place, '|')) {
            kind = "choice";
            char *s = place;
            while (*s) {
                size_t l = strcspn(s, "|");
                char c = s[l];
                s[l] = 0;
                json_array_append_new(choices, json_string(s));
                s += l + (c ? 1 : 0);
            }
        }
        json_object_set_new(in, "kind", json_string(kind));
        if (json_array_size(choices))
            json_object_set_new(in, "choices", choices);
        else
            json_decref(choices);
        json_array_append_new(a, in);
    }
    return a;
}

static int h_verbs(sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!need_side(q, t, &side, &ret))
        return ret;
    pthread_mutex_lock(&t->lock);
    const gr_battle *b = t->b;
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int acts = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(b) == side;
    json_t *o = json_pack("{sssssbsb}", "phase", ph->id, "phase_title", ph->title, "you_act", acts,
                          "you_next", gr_battle_active_side(b) == side);
    json_t *vs = json_array();
    json_array_append_new(vs, json_pack("{sssssisns[]}", "name", "next", "help",
                                        "next: go on to the next phase (the side that acts)",
                                        "needs_target", 0, "procedure", "inputs"));
    for (size_t i = 0; i < b->rules->nverbs; i++) {
        const gr_bt_verb *v = &b->rules->verbs[i];
        if (!(b->phase < 64 && (v->phases & (UINT64_C(1) << b->phase))))
            continue;
        int unit = !strncmp(v->help, v->name, strlen(v->name)) &&
                   !strncmp(v->help + strlen(v->name), " UNIT", 5);
        json_t *e = json_pack("{sssssisbsoso}", "name", v->name, "help", v->help, "needs_target",
                              v->needs_target, "needs_unit", unit, "procedure",
                              v->procedure ? json_string(v->procedure) : json_null(), "inputs",
                              verb_inputs(b, v));
        json_object_set_new(e, "needs_leader", json_boolean(strstr(v->help, "--leader") != NULL));
        json_array_append_new(vs, e);
    }
    json_object_set_new(o, "verbs", vs);
    pthread_mutex_unlock(&t->lock);
    return answer_obj(q, 200, o);
}

/* The call of an actions (or odds) body; 0 and msg on bad input. */
static int read_call(const gr_battle *b, json_t *j, gr_bt_action *a, char *msg, size_t cap)
{
    memset(a, 0, sizeof *a);
    a->call.unit = a->call.target = a->call.leader = -1;
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        if (strcmp(key, "verb") && strcmp(key, "unit") && strcmp(key, "target") &&
            strcmp(key, "leader") && strcmp(key, "inputs") && strcmp(key, "roll")) {
            snprintf(msg, cap,
                     "unknown key \"%.40s\"; accepted: verb, unit, target, leader, inputs, roll",
                     key);
            return 0;
        }
        if (strcmp(key, "inputs") && strcmp(key, "roll") && !json_is_string(v) &&
            !json_is_null(v)) {
            snprintf(msg, cap, "\"%s\" must be a string (an id)", key);
            return 0;
        }
    }
    const char *verb = json_string_value(json_object_get(j, "verb"));
    if (!verb || !*verb) {
        snprintf(msg, cap, "give \"verb\": next, or a verb of the phase (GET .../verbs)");
        return 0;
    }
    if (strcmp(verb, "next") && !gr_battle_verb(b, verb)) {
        size_t n = (size_t)snprintf(msg, cap, "%.30s has no verb \"%.30s\"; accepted: next",
                                    b->system, verb);
        for (size_t i = 0; i < b->rules->nverbs && n < cap; i++)
            n += (size_t)snprintf(msg + n, cap - n, ", %s", b->rules->verbs[i].name);
        return 0;
    }
    snprintf(a->call.verb, sizeof a->call.verb, "%s", verb);
    static const char *const ukeys[] = {"unit", "target"};
    int *uout[] = {&a->call.unit, &a->call.target};
    for (int k = 0; k < 2; k++) {
        const char *id = json_string_value(json_object_get(j, ukeys[k]));
        if (id && *id && (*uout[k] = gr_battle_unit(b, id)) < 0) {
            snprintf(msg, cap, "\"%s\": \"%.40s\" is not a unit of this battle", ukeys[k], id);
            return 0;
        }
    }
    const char *lid = json_string_value(json_object_get(j, "leader"));
    if (lid && *lid && (a->call.leader = gr_battle_leader(b, lid)) < 0) {
        snprintf(msg, cap, "\"leader\": \"%.40s\" is not a leader of this battle", lid);
        return 0;
    }
    json_t *in = json_object_get(j, "inputs");
    if (in && !json_is_object(in) && !json_is_null(in)) {
        snprintf(msg, cap, "\"inputs\" must be an object: {\"range\": 4, \"cover\": \"1\"}");
        return 0;
    }
    json_object_foreach(in, key, v)
    {
        char val[64];
        if (json_is_string(v))
            snprintf(val, sizeof val, "%s", json_string_value(v));
        else if (json_is_integer(v))
            snprintf(val, sizeof val, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        else if (json_is_real(v))
            snprintf(val, sizeof val, "%g", json_real_value(v));
        else if (json_is_true(v))
            snprintf(val, sizeof val, "true");
        else if (json_is_false(v) || json_is_null(v) ||
                 (json_is_string(v) && !*json_string_value(v)))
            continue; /* not given */
        else {
            snprintf(msg, cap, "inputs.%.40s: give a string, a number or true", key);
            return 0;
        }
        if (!*val)
            continue;
        if (a->call.nin >= GR_BT_MAX_INPUTS || strlen(key) >= GR_BT_ID || strlen(val) >= GR_BT_ID ||
            !gr_utf8_valid(key)) {
            snprintf(msg, cap, "inputs.%.40s: too long, or too many inputs (at most %d)", key,
                     GR_BT_MAX_INPUTS);
            return 0;
        }
        /* both under GR_BT_ID bytes: checked above */
        memcpy(a->call.key[a->call.nin], key, strlen(key) + 1);
        memcpy(a->call.val[a->call.nin], val, strlen(val) + 1);
        a->call.nin++;
    }
    json_t *roll = json_object_get(j, "roll");
    if (roll && !json_is_null(roll)) {
        if (!json_is_array(roll) || json_array_size(roll) > GR_MAX_ROLLS) {
            snprintf(msg, cap,
                     "\"roll\" must be a list of at most %d whole numbers (the dice "
                     "rolled at the table): [7, 4]",
                     GR_MAX_ROLLS);
            return 0;
        }
        size_t i;
        json_array_foreach(roll, i, v)
        {
            if (!json_is_integer(v) || json_integer_value(v) < -99 || json_integer_value(v) > 99) {
                snprintf(msg, cap, "\"roll\"[%zu] must be a whole number from -99 to 99", i);
                return 0;
            }
            a->rolls[a->nrolls++] = (int)json_integer_value(v);
        }
    }
    return 1;
}

/* 0 if `side` may do action a now, else the HTTP status with msg. */
static int may_act(const gr_battle *b, int side, const gr_bt_action *a, char *msg, size_t cap)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int active = gr_battle_active_side(b);
    if (!strcmp(a->call.verb, "next")) {
        if (side != active) {
            snprintf(msg, cap, "%s acts in this phase (%s): that side says when it is over",
                     b->side_name[active], ph->title);
            return 403;
        }
        return 0;
    }
    if (ph->player != GR_BT_BOTH_PLAYERS && side != active) {
        snprintf(msg, cap, "it is %s's phase (%s); wait for it to be over", b->side_name[active],
                 ph->title);
        return 403;
    }
    if (ph->player == GR_BT_BOTH_PLAYERS && a->call.unit >= 0 &&
        b->units[a->call.unit].side != side) {
        snprintf(msg, cap, "%s is not one of your units: the other side acts for it",
                 b->units[a->call.unit].id);
        return 403;
    }
    return 0;
}

static void touch(sv_bt *t, const char *kind, const char *text, const gr_bt_outcome *o)
{
    json_decref(t->last);
    t->last = json_pack("{ssss}", "kind", kind, "text", text);
    json_t *in = json_array();
    for (int i = 0; o && i < o->ninstr; i++)
        json_array_append_new(in, json_string(o->instr[i]));
    json_object_set_new(t->last, "instructions", in);
    t->version++;
    pthread_cond_broadcast(&t->changed);
}

static int h_action(sv_bt *t, svb_req *q, const char *body, size_t len, int odds_only)
{
    int side, ret;
    if (!need_side(q, t, &side, &ret))
        return ret;
    char msg[GR_ERROR_MSG * 2];
    json_t *j = body_object(body, len,
                            "{\"verb\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\", "
                            "\"inputs\": {\"range\": 4}}",
                            msg, sizeof msg);
    if (!j)
        return answer_err(q, 400, "%s", msg);
    gr_bt_action a;
    gr_battle *before = malloc(sizeof *before);
    gr_bt_outcome *out = calloc(1, sizeof *out);
    if (!before || !out) {
        free(before);
        free(out);
        json_decref(j);
        return answer_err(q, 500, "out of memory; try again");
    }
    pthread_mutex_lock(&t->lock);
    int code = 0;
    json_t *res = NULL;
    if (!read_call(t->b, j, &a, msg, sizeof msg))
        code = 400;
    else if (!odds_only && (code = may_act(t->b, side, &a, msg, sizeof msg)) != 0)
        ;
    else {
        memcpy(before, t->b, sizeof *before);
        gr_error err;
        gr_error_clear(&err);
        int typed = a.nrolls > 0;
        gr_status st = gr_battle_do(t->b, &a, out, &err);
        if (st != GR_OK) {
            code = st == GR_EILLEGAL ? 409 : st == GR_EINPUT ? 400 : 500;
            snprintf(msg, sizeof msg, "%s", err.msg);
        } else if (odds_only) {
            /* the odds of the first step, never its result (a later step
             * exists or not by that result): the state goes back */
            json_t *full = gr_bt_wire_outcome(before, t->b, &a, out);
            memcpy(t->b, before, sizeof *before);
            res = json_pack("{sss[]}", "verb", a.call.verb, "steps");
            size_t i;
            json_t *s;
            json_array_foreach(json_object_get(json_object_get(full, "resolution"), "steps"), i, s)
            {
                json_t *e = json_object();
                json_object_set(e, "what", json_object_get(s, "what"));
                json_object_set(e, "table", json_object_get(s, "table"));
                json_object_set(e, "modifier", json_object_get(s, "modifier"));
                json_object_set(e, "odds", json_object_get(s, "odds"));
                json_array_append_new(json_object_get(res, "steps"), e);
                break;
            }
            json_t *mods = json_object_get(json_object_get(full, "resolution"), "modifiers");
            if (mods)
                json_object_set(res, "modifiers", mods);
            json_decref(full);
        } else if (gr_battle_file_push(&t->f, &a, typed, gr_battle_hash(t->b), &err) != GR_OK ||
                   gr_battle_file_write(&t->f, t->path, &err) != GR_OK) {
            if (t->f.nactions > before->nactions)
                t->f.nactions = before->nactions;
            memcpy(t->b, before, sizeof *before);
            code = 500;
            snprintf(msg, sizeof msg, "the action is not kept: %s", err.msg);
        } else {
            t->actor[t->f.nactions - 1] = side;
            res = gr_bt_wire_outcome(before, t->b, &a, out);
            char text[400];
            touch(t, "action", gr_battle_action_text(before, &a, text, sizeof text), out);
        }
    }
    pthread_mutex_unlock(&t->lock);
    json_decref(j);
    free(before);
    free(out);
    if (code)
        return answer_err(q, code, "%s", msg);
    return answer_obj(q, 200, res);
}

static int h_undo(sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!need_side(q, t, &side, &ret))
        return ret;
    pthread_mutex_lock(&t->lock);
    char msg[GR_ERROR_MSG * 2];
    int code = 0;
    json_t *res = NULL;
    int n = t->f.nactions;
    if (n == 0) {
        code = 409;
        snprintf(msg, sizeof msg, "battle %s has no action to undo", t->id);
    } else if (t->actor[n - 1] != side) {
        code = 403;
        snprintf(msg, sizeof msg,
                 "the last action was %s's: only the side that made it takes it back",
                 t->b->side_name[t->actor[n - 1]]);
    } else {
        gr_error err;
        gr_error_clear(&err);
        gr_bt_action a = t->f.actions[n - 1];
        t->f.nactions = n - 1;
        if (gr_battle_file_replay(&t->f, t->path, -1, t->b, NULL, NULL, &err) != GR_OK ||
            gr_battle_file_write(&t->f, t->path, &err) != GR_OK) {
            t->f.nactions = n;
            gr_error e2;
            gr_battle_file_replay(&t->f, t->path, -1, t->b, NULL, NULL, &e2);
            code = 500;
            snprintf(msg, sizeof msg, "the undo is not kept: %s", err.msg);
        } else {
            char text[400];
            gr_battle_action_text(t->b, &a, text, sizeof text);
            touch(t, "undo", text, NULL);
            res = view_json(t, side);
            json_object_set_new(res, "undone", json_string(text));
        }
    }
    pthread_mutex_unlock(&t->lock);
    if (code)
        return answer_err(q, code, "%s", msg);
    return answer_obj(q, 200, res);
}

static int h_report(sv_bt *t, svb_req *q, int html)
{
    int side, ret;
    if (!need_side(q, t, &side, &ret))
        return ret;
    gr_error err;
    gr_error_clear(&err);
    json_t *j = NULL;
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = html ? open_memstream(&buf, &blen) : NULL;
    if (html && !m)
        return answer_err(q, 500, "out of memory; try again");
    pthread_mutex_lock(&t->lock);
    gr_status st = gr_bt_report(&t->f, t->path, NULL, m, html ? NULL : &j, NULL, NULL, &err);
    pthread_mutex_unlock(&t->lock);
    if (m)
        fclose(m);
    if (st != GR_OK) {
        free(buf);
        json_decref(j);
        return answer_err(q, 500, "%s", err.msg);
    }
    if (html)
        return answer(q, 200, "text/html; charset=utf-8", buf);
    return answer_obj(q, 200, j);
}

/* ---- the event stream --------------------------------------------------------------- */

typedef struct svb_stream {
    sv_battles *bs;
    sv_bt *t;
    int started;
    uint64_t ver;
    char *buf;
    size_t len, off;
} svb_stream;

static void stream_free(void *cls)
{
    svb_stream *st = cls;
    atomic_fetch_sub(&st->bs->streams, 1);
    free(st->buf);
    free(st);
}

/* The next event into st->buf; t->lock held. */
static int stream_next(svb_stream *st)
{
    sv_bt *t = st->t;
    const gr_battle *b = t->b;
    char hx[20];
    snprintf(hx, sizeof hx, "%016" PRIx64, gr_battle_hash(b));
    json_t *o =
        json_pack("{sssisssssiso}", "hash", hx, "turn", b->turn, "phase",
                  b->rules->phases[b->phase].id, "phase_title", b->rules->phases[b->phase].title,
                  "active_side", gr_battle_active_side(b), "actions", json_integer(b->nactions));
    if (st->started && t->last)
        json_object_set(o, "last", t->last);
    const char *kind = !st->started ? "battle"
                       : t->last    ? json_string_value(json_object_get(t->last, "kind"))
                                    : "battle";
    st->started = 1;
    st->ver = t->version;
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
    st->len =
        (size_t)snprintf(st->buf, cap, "event: %s\nid: %d\ndata: %s\n\n", kind, b->nactions, data);
    st->off = 0;
    free(data);
    return 0;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    svb_stream *st = cls;
    if (st->off >= st->len) {
        sv_bt *t = st->t;
        pthread_mutex_lock(&t->lock);
        int timed_out = 0;
        if (st->started) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += SVB_KEEPALIVE;
            while (t->version == st->ver && !atomic_load(&st->bs->stopping) && !timed_out)
                timed_out = pthread_cond_timedwait(&t->changed, &t->lock, &until) == ETIMEDOUT;
        }
        int stop = atomic_load(&st->bs->stopping);
        int rc = 0;
        if (!stop && timed_out && t->version == st->ver) {
            free(st->buf);
            st->buf = strdup(": keep-alive\n\n");
            st->len = st->buf ? strlen(st->buf) : 0;
            st->off = 0;
            rc = st->buf ? 0 : -1;
        } else if (!stop) {
            rc = stream_next(st);
        }
        pthread_mutex_unlock(&t->lock);
        if (stop || rc)
            return MHD_CONTENT_READER_END_OF_STREAM;
    }
    size_t n = st->len - st->off < max ? st->len - st->off : max;
    memcpy(buf, st->buf + st->off, n);
    st->off += n;
    return (ssize_t)n;
}

static int h_events(sv_battles *bs, sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!need_side(q, t, &side, &ret))
        return ret;
    if (atomic_fetch_add(&bs->streams, 1) >= SVB_MAX_STREAMS) {
        atomic_fetch_sub(&bs->streams, 1);
        return answer_err(q, 503, "too many event streams open; try again later");
    }
    svb_stream *st = calloc(1, sizeof *st);
    if (!st) {
        atomic_fetch_sub(&bs->streams, 1);
        return answer_err(q, 500, "out of memory; try again");
    }
    st->bs = bs;
    st->t = t;
    struct MHD_Response *res =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free);
    if (!res) {
        stream_free(st);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Accel-Buffering", "no");
    *q->status = 200;
    *q->bytes = -1;
    int ok = MHD_queue_response(q->c, 200, res);
    MHD_destroy_response(res);
    return ok;
}

/* ---- routing ------------------------------------------------------------------------- */

int sv_battles_route(sv_battles *bs, struct MHD_Connection *c, const char *path, const char *method,
                     const char *body, size_t len, int *status, long long *bytes, int *ret)
{
    svb_req q = {c, status, bytes};
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    if (!strcmp(path, "/oobs")) {
        *ret = get ? answer_obj(&q, 200, json_incref(bs->oob_list))
                   : answer_err(&q, 405, "use GET /api/oobs");
        return 1;
    }
    if (!strcmp(path, "/battles")) {
        *ret = post ? h_create(bs, &q, body, len)
                    : answer_err(&q, 405, "use POST /api/battles to start a battle");
        return 1;
    }
    if (strncmp(path, "/battles/", 9))
        return 0;
    const char *rest = path + 9;
    size_t idl = strcspn(rest, "/");
    char id[SVB_ID];
    if (idl != SVB_ID - 1) {
        *ret = answer_err(&q, 404, "no battle '%.40s'; POST /api/battles starts one", rest);
        return 1;
    }
    memcpy(id, rest, idl);
    id[idl] = 0;
    rest += idl;
    int missing;
    gr_error err;
    gr_error_clear(&err);
    sv_bt *t = bt_find(bs, id, &missing, &err);
    if (!t) {
        *ret = missing ? answer_err(&q, 404, "no battle '%s'; POST /api/battles starts one", id)
                       : answer_err(&q, 500, "battle %s cannot be loaded: %s", id, err.msg);
        return 1;
    }
    static const struct {
        const char *path;
        int post;
    } routes[] = {{"", 0},      {"/verbs", 0},  {"/actions", 1},     {"/odds", 1},
                  {"/undo", 1}, {"/report", 0}, {"/report.html", 0}, {"/events", 0}};
    for (size_t k = 0; k < sizeof routes / sizeof routes[0]; k++) {
        if (strcmp(rest, routes[k].path))
            continue;
        if (routes[k].post ? !post : !get) {
            *ret = answer_err(&q, 405, "use %s /api/battles/ID%s", routes[k].post ? "POST" : "GET",
                              routes[k].path);
            return 1;
        }
        switch (k) {
        case 0: {
            int side;
            if (!need_side(&q, t, &side, ret))
                return 1;
            pthread_mutex_lock(&t->lock);
            json_t *v = view_json(t, side);
            pthread_mutex_unlock(&t->lock);
            *ret = answer_obj(&q, 200, v);
            return 1;
        }
        case 1: *ret = h_verbs(t, &q); return 1;
        case 2: *ret = h_action(t, &q, body, len, 0); return 1;
        case 3: *ret = h_action(t, &q, body, len, 1); return 1;
        case 4: *ret = h_undo(t, &q); return 1;
        case 5: *ret = h_report(t, &q, 0); return 1;
        case 6: *ret = h_report(t, &q, 1); return 1;
        default: *ret = h_events(bs, t, &q); return 1;
        }
    }
    *ret = answer_err(&q, 404, "no such API path /api%.80s; docs/api.md lists them", path);
    return 1;
}
