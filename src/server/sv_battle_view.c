/* sv_battle_view.c - the battle companion over HTTP: what a side sees of
 * the battle (the other side's hidden details left out: docs/api.md), the
 * verbs allowed now with the inputs the players give, the event stream. */
#define _DEFAULT_SOURCE
#include <time.h>
#include <sys/types.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/battle_wire.h"
#include "sv_battle_internal.h"

/* ---- what a side sees ---------------------------------------------------------------- */

/* Keys of an enemy unit and leader that a player does not see at a real
 * table (docs/api.md, "What a side does not see of the other"). */
static const char *const hidden_unit[] = {"stands",   "lost", "condition", "worn_at",
                                          "spent_at", "ammo", "sys",       NULL};
static const char *const hidden_leader[] = {"rating", "back_turn", NULL};

/* The status of t->b as side `side` sees it. */
json_t *svb_view_json(const sv_bt *t, int side)
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
                        json_boolean(t->b->nactions > 0 && t->actor[t->b->nactions - 1] == side));
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

int svb_verbs(sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!svb_need_side(q, t, &side, &ret))
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
    return svb_answer_obj(q, 200, o);
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

int svb_events(sv_battles *bs, sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!svb_need_side(q, t, &side, &ret))
        return ret;
    if (atomic_fetch_add(&bs->streams, 1) >= SVB_MAX_STREAMS) {
        atomic_fetch_sub(&bs->streams, 1);
        return svb_answer_err(q, 503, "too many event streams open; try again later");
    }
    svb_stream *st = calloc(1, sizeof *st);
    if (!st) {
        atomic_fetch_sub(&bs->streams, 1);
        return svb_answer_err(q, 500, "out of memory; try again");
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
