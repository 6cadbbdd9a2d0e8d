/* sv_battle.c - the battle companion over HTTP (sv_battle.h, docs/api.md
 * "The battle companion").
 *
 * A battle is DIR/ID.battle (the battle file of `grognard battle`, written
 * atomically after every action) and DIR/ID.seats (its two tokens, written
 * atomically once).  It is loaded on demand, replayed and checked, and
 * kept in memory with its own lock; an action is answered only once the
 * file holding it is on disk. */
#define _DEFAULT_SOURCE /* getrandom, open_memstream, strncasecmp */
#include "sv_battle_internal.h"
#include "sv_util.h"

#include <dirent.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <arpa/inet.h>
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
#include "grognard/file_io.h"
#include "grognard/oob.h"
#include "grognard/utf8.h"

int svb_answer(svb_req *q, int status, const char *ctype, char *body)
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

int svb_answer_obj(svb_req *q, int status, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return svb_answer(q, status, "application/json; charset=utf-8", text);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int svb_answer_err(svb_req *q, int status, const char *fmt, ...)
{
    char msg[GR_ERROR_MSG], esc[GR_ERROR_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gr_escape(msg, esc, sizeof esc);
    return svb_answer_obj(q, status, json_pack("{ss}", "error", esc));
}

/* ---- files ---------------------------------------------------------------------- */

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

/* The IPv4 addresses at which other devices of the network reach the
 * server: every interface's that is up and not the loopback when it listens
 * on 0.0.0.0; none when it listens on a loopback address; else its own. */
static json_t *lan_addresses(const char *host)
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

gr_status sv_battles_open(const char *dir, const char *data, const char *host, sv_battles **out,
                          gr_error *err)
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
    if (!bs || !(bs->dir = strdup(dir)) || !(bs->host = strdup(host ? host : "127.0.0.1"))) {
        if (bs)
            free(bs->dir);
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
    free(bs->host);
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
    if (gr_battle_file_tests(&t->f, t->path, actor_each, &x, err) != GR_OK) {
        bt_free(t);
        return NULL;
    }
    memcpy(t->b, gr_battle_file_battle(&t->f), sizeof *t->b);
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

int svb_need_side(svb_req *q, const sv_bt *t, int *side, int *ret)
{
    *side = token_side(q->c, t);
    if (*side == -1)
        *ret =
            svb_answer_err(q, 401,
                           "no token: add ?token=TOKEN (or Authorization: Bearer TOKEN) with the "
                           "token battle %s's creation gave your side",
                           t->id);
    else if (*side == -2)
        *ret =
            svb_answer_err(q, 401,
                           "this token is not one of battle %s's sides; use the link its creation "
                           "gave your side",
                           t->id);
    return *side >= 0;
}

/* ---- requests ---------------------------------------------------------------------------- */

json_t *svb_body_object(const char *body, size_t len, const char *example, char *msg, size_t cap)
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
    json_t *j = svb_body_object(body, len, ex, msg, sizeof msg);
    if (!j)
        return svb_answer_err(q, 400, "%s", msg);
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        if (strcmp(key, "system") && strcmp(key, "oob") && strcmp(key, "oob_text") &&
            strcmp(key, "seed")) {
            snprintf(msg, sizeof msg,
                     "unknown key \"%.40s\"; accepted: system, oob, oob_text, seed", key);
            json_decref(j); /* key is j's */
            return svb_answer_err(q, 400, "%s", msg);
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
        return svb_answer_err(q, code, "%s", msg);
    }
    uint64_t seed;
    if (seedj)
        seed = (uint64_t)json_integer_value(seedj);
    else {
        char hx[17];
        sv_random_hex(hx, 8);
        seed = strtoull(hx, NULL, 16) >> 11; /* below 2^53: exact in JSON numbers */
    }
    sv_bt *t = NULL;
    char id[SVB_ID];
    gr_error err;
    gr_error_clear(&err);
    if (sv_random_hex(id, 8) != 0 || !(t = bt_alloc(bs, id)) || sv_random_hex(t->tokens[0], 16) ||
        sv_random_hex(t->tokens[1], 16)) {
        bt_free(t);
        json_decref(j);
        return svb_answer_err(q, 500, "cannot make the battle's id and tokens; try again");
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
        return svb_answer_err(q, st == GR_EINPUT ? 400 : 500, "%s", err.msg);
    }
    memcpy(t->b, t->f.start, sizeof *t->b);
    char seats[PATH_MAX];
    snprintf(seats, sizeof seats, "%s/%s.seats", bs->dir, id);
    json_t *sj =
        json_pack("{sisss[ss]}", "format", 1, "battle", id, "tokens", t->tokens[0], t->tokens[1]);
    char *stext = sj ? json_dumps(sj, JSON_INDENT(2)) : NULL;
    json_decref(sj);
    st = stext ? gr_write_file_atomic_mode(seats, stext, strlen(stext), 0600, &err)
               : gr_error_set(&err, GR_ERUNTIME, "out of memory");
    free(stext);
    if (st == GR_OK)
        st = gr_battle_file_write(&t->f, t->path, &err);
    if (st != GR_OK) {
        unlink(seats);
        bt_free(t);
        return svb_answer_err(q, 500, "%s", err.msg);
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
    json_object_set_new(o, "host", json_string(bs->host));
    json_object_set_new(o, "addresses", lan_addresses(bs->host));
    pthread_mutex_lock(&bs->lock);
    t->next = bs->list;
    bs->list = t;
    pthread_mutex_unlock(&bs->lock);
    return svb_answer_obj(q, 201, o);
}

/* ---- routing ------------------------------------------------------------------------- */

int sv_battles_route(sv_battles *bs, struct MHD_Connection *c, const char *path, const char *method,
                     const char *body, size_t len, int *status, long long *bytes, int *ret)
{
    svb_req q = {c, status, bytes};
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    if (!strcmp(path, "/oobs")) {
        *ret = get ? svb_answer_obj(&q, 200, json_incref(bs->oob_list))
                   : svb_answer_err(&q, 405, "use GET /api/oobs");
        return 1;
    }
    if (!strcmp(path, "/battles")) {
        *ret = post ? h_create(bs, &q, body, len)
                    : svb_answer_err(&q, 405, "use POST /api/battles to start a battle");
        return 1;
    }
    if (strncmp(path, "/battles/", 9))
        return 0;
    const char *rest = path + 9;
    size_t idl = strcspn(rest, "/");
    char id[SVB_ID];
    if (idl != SVB_ID - 1) {
        *ret = svb_answer_err(&q, 404, "no battle '%.40s'; POST /api/battles starts one", rest);
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
        *ret = missing ? svb_answer_err(&q, 404, "no battle '%s'; POST /api/battles starts one", id)
                       : svb_answer_err(&q, 500, "battle %s cannot be loaded: %s", id, err.msg);
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
            *ret = svb_answer_err(&q, 405, "use %s /api/battles/ID%s",
                                  routes[k].post ? "POST" : "GET", routes[k].path);
            return 1;
        }
        switch (k) {
        case 0: {
            int side;
            if (!svb_need_side(&q, t, &side, ret))
                return 1;
            pthread_mutex_lock(&t->lock);
            json_t *v = svb_view_json(t, side);
            pthread_mutex_unlock(&t->lock);
            *ret = svb_answer_obj(&q, 200, v);
            return 1;
        }
        case 1: *ret = svb_verbs(t, &q); return 1;
        case 2: *ret = svb_action(t, &q, body, len, 0); return 1;
        case 3: *ret = svb_action(t, &q, body, len, 1); return 1;
        case 4: *ret = svb_undo(t, &q); return 1;
        case 5: *ret = svb_report(t, &q, 0); return 1;
        case 6: *ret = svb_report(t, &q, 1); return 1;
        default: *ret = svb_events(bs, t, &q); return 1;
        }
    }
    *ret = svb_answer_err(&q, 404, "no such API path /api%.80s; docs/api.md lists them", path);
    return 1;
}
