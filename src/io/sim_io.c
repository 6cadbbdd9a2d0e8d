/* sim_io.c - a simulation's report as JSON, written and read back
 * (grognard/sim_io.h). */
#include "grognard/file_io.h"
#include "grognard/sim_io.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/alloc.h"
#include "grognard/json_reader.h"

/* ---- the report's identity ----------------------------------------------- */

static gr_status copy_text(char *dst, size_t cap, const char *src, const char *what, gr_error *err)
{
    size_t n = strlen(src);
    if (n >= cap)
        return gr_error_set(err, GR_EINPUT,
                            "%s is %zu bytes long; a simulation report holds at "
                            "most %zu",
                            what, n, cap - 1);
    memcpy(dst, src, n + 1);
    return GR_OK;
}

gr_status gr_sim_doc_init(gr_sim_doc *d, const gr_game *g, const char *title, const char *path,
                          const gr_sim_opts *o, const char *const players[2], gr_error *err)
{
    memset(d, 0, sizeof *d);
    gr_status s = copy_text(d->title, sizeof d->title, title, "the scenario's title", err);
    if (s == GR_OK)
        s = copy_text(d->path, sizeof d->path, path, "the scenario's path", err);
    for (int p = 0; p < 2 && s == GR_OK; p++) {
        s = copy_text(d->sides[p], sizeof d->sides[p], g->type->player_name(g->sc, p),
                      "a side's name", err);
        if (s == GR_OK)
            s = copy_text(d->players[p], sizeof d->players[p], players[p], "a player's name", err);
    }
    if (s != GR_OK)
        return s;
    d->digest = gr_game_scenario_digest(g);
    d->seed = o->seed;
    d->run_games = o->games;
    d->shard = o->shard;
    d->shards = o->shards;
    if (o->shards) {
        long count;
        s = gr_sim_shard_range(o->games, o->shard, o->shards, &d->first, &count, err);
    }
    return s;
}

/* ---- writing --------------------------------------------------------------- */

/* Set `key` of obj to the new reference v (taken; NULL is a failure).
 * Returns 1 on failure. */
static int put(json_t *obj, const char *key, json_t *v)
{
    return json_object_set_new(obj, key, v) != 0;
}

static int push(json_t *arr, json_t *v)
{
    return json_array_append_new(arr, v) != 0;
}

json_t *gr_wire_sim(const gr_sim_doc *d, const gr_sim_report *r)
{
    json_t *j = json_object();
    if (!j)
        return NULL;
    double n = r->games ? (double)r->games : 1;
    char digest[17];
    snprintf(digest, sizeof digest, "%016" PRIx64, d->digest);
    int bad = put(j, "format", json_string(GR_SIM_FORMAT));
    bad |= put(j, "version", json_integer(GR_SIM_VERSION));
    if (d->label[0])
        bad |= put(j, "label", json_string(d->label)) | put(j, "kind", json_string(d->kind));
    bad |= put(j, "scenario",
               json_pack("{ssssss}", "title", d->title, "path", d->path, "digest", digest));
    if (d->shards)
        bad |=
            put(j, "shard",
                json_pack("{sIsIsIsI}", "index", (json_int_t)d->shard, "of", (json_int_t)d->shards,
                          "first", (json_int_t)d->first, "run_games", (json_int_t)d->run_games));
    bad |= put(j, "games", json_integer(r->games));
    bad |= put(j, "seed", json_integer((json_int_t)d->seed));
    bad |= put(j, "players", json_pack("[ss]", d->players[0], d->players[1]));
    bad |= put(j, "sides", json_pack("[ss]", d->sides[0], d->sides[1]));
    bad |= put(j, "wins", json_pack("[II]", (json_int_t)r->wins[0], (json_int_t)r->wins[1]));
    bad |= put(j, "draws", json_integer(r->draws));
    bad |= put(j, "win_rate", json_pack("[ff]", (double)r->wins[0] / n, (double)r->wins[1] / n));
    bad |= put(j, "ci95",
               json_pack("[[ff][ff]]", r->ci95[0][0], r->ci95[0][1], r->ci95[1][0], r->ci95[1][1]));
    bad |= put(j, "steps",
               json_pack("{sfsIsIsI}", "mean", (double)r->steps_sum / n, "min",
                         (json_int_t)r->steps_min, "max", (json_int_t)r->steps_max, "sum",
                         (json_int_t)r->steps_sum));
    json_t *stats = json_array();
    for (int i = 0; i < r->nstats; i++) {
        const gr_sim_stat *s = &r->stats[i];
        json_t *o1 = json_object(), *h = json_object(), *ts = json_array();
        int b = put(o1, "name", json_string(s->name));
        b |= put(o1, "side", s->side >= 0 ? json_integer(s->side) : json_null());
        b |= put(o1, "mean", json_real((double)s->sum / n));
        b |= put(o1, "min", json_integer((json_int_t)s->min));
        b |= put(o1, "max", json_integer((json_int_t)s->max));
        b |= put(o1, "sum", json_integer((json_int_t)s->sum));
        for (int v = 0; v < GR_SIM_HIST; v++)
            if (s->hist[v]) {
                char key[16];
                snprintf(key, sizeof key, "%d", v);
                b |= put(h, key, json_integer(s->hist[v]));
            }
        b |= put(o1, "histogram", h);
        for (int t = 0; t < r->nturns; t++)
            b |= push(ts, json_integer((json_int_t)r->turn_sum[t][i]));
        b |= put(o1, "turn_sums", ts);
        bad |= b ? (json_decref(o1), 1) : push(stats, o1);
    }
    bad |= put(j, "stats", stats);
    json_t *tg = json_array();
    for (int t = 0; t < r->nturns; t++)
        bad |= push(tg, json_integer(r->turn_games[t]));
    bad |= put(j, "turn_games", tg);
    bad |= put(j, "unfinished", json_integer(r->unfinished));
    int last = GR_SIM_MAX_TURNS;
    while (last > 0 && !r->decided[last - 1])
        last--;
    json_t *dec = json_array();
    for (int t = 0; t < last; t++)
        bad |= push(dec, json_integer(r->decided[t]));
    bad |= put(j, "decided", dec);
    json_t *holes = json_array();
    for (int k = 0; k < GR_SIM_HOLES; k++) {
        json_t *h =
            json_pack("{sssI}", "kind", gr_sim_hole_name(k), "battles", (json_int_t)r->holes[k]);
        if (h && r->holes[k]) {
            char gs[17];
            snprintf(gs, sizeof gs, "%016" PRIx64, gr_sim_game_seed(d->seed, r->hole_first[k]));
            bad |= put(h, "first_game", json_integer(r->hole_first[k]));
            bad |= put(h, "game_seed", json_string(gs));
        }
        bad |= h ? push(holes, h) : 1;
    }
    bad |= put(j, "holes", holes);
    json_t *objs = json_array();
    for (int i = 0; i < r->nobj; i++)
        bad |=
            push(objs, json_pack("{s[ii]sisIsIs[III]}", "hex", r->obj[i].col, r->obj[i].row, "side",
                                 r->obj[i].side, "changes", (json_int_t)r->obj[i].changes,
                                 "battles_changed", (json_int_t)r->obj[i].games_changed,
                                 "held_at_end", (json_int_t)r->obj[i].end[0],
                                 (json_int_t)r->obj[i].end[1], (json_int_t)r->obj[i].end[2]));
    bad |= put(j, "objectives", objs);
    json_t *hexes = json_array();
    for (int c = 0; c < GR_SIM_MAP; c++)
        for (int w = 0; w < GR_SIM_MAP; w++)
            if (r->loss[c][w])
                bad |= push(hexes, json_pack("[iiI]", c, w, (json_int_t)r->loss[c][w]));
    bad |= put(j, "loss_map",
               json_pack("{sisiso}", "cols", r->map_cols, "rows", r->map_rows, "hexes", hexes));
    if (bad) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* ---- reading --------------------------------------------------------------- */

typedef struct reader {
    const char *file;
    gr_error *err;
} reader;

/* The member `key` of obj, which must be there. */
static gr_status need(const reader *R, const gr_jr_node *obj, const char *key,
                      const gr_jr_node **out)
{
    *out = gr_jr_get(obj, key);
    if (!*out)
        return gr_jr_fail(R->err, R->file, obj,
                          "\"%s\" is missing; a report made by grognard sim --json has it "
                          "(make the report again)",
                          key);
    return GR_OK;
}

/* A whole number from lo to hi; `what` names it in the message. */
static gr_status whole(const reader *R, const gr_jr_node *v, const char *what, int64_t lo,
                       int64_t hi, int64_t *out)
{
    if (v->type != GR_JR_NUMBER || !v->is_int || v->ival < lo || v->ival > hi)
        return gr_jr_fail(R->err, R->file, v,
                          "%s must be a whole number from %" PRId64 " to %" PRId64 "; make the "
                          "report again with grognard sim",
                          what, lo, hi);
    *out = v->ival;
    return GR_OK;
}

/* obj's member `key`, a whole number from lo to hi. */
static gr_status member_int(const reader *R, const gr_jr_node *obj, const char *key, int64_t lo,
                            int64_t hi, int64_t *out)
{
    const gr_jr_node *v;
    gr_status s = need(R, obj, key, &v);
    if (s != GR_OK)
        return s;
    char what[64];
    snprintf(what, sizeof what, "\"%s\"", key);
    return whole(R, v, what, lo, hi, out);
}

/* obj's member `key`, a text that fits in cap bytes. */
static gr_status member_str(const reader *R, const gr_jr_node *obj, const char *key, char *buf,
                            size_t cap)
{
    const gr_jr_node *v;
    gr_status s = need(R, obj, key, &v);
    if (s != GR_OK)
        return s;
    if (v->type != GR_JR_STRING || !v->len || v->len >= cap || memchr(v->str, 0, v->len))
        return gr_jr_fail(R->err, R->file, v,
                          "\"%s\" must be a text of 1 to %zu bytes; make the report again", key,
                          cap - 1);
    memcpy(buf, v->str, v->len + 1);
    return GR_OK;
}

/* obj's member `key`, an array of `n` texts (n == 2) or whole numbers. */
static gr_status member_pair(const reader *R, const gr_jr_node *obj, const char *key,
                             const gr_jr_node **out)
{
    gr_status s = need(R, obj, key, out);
    if (s == GR_OK && ((*out)->type != GR_JR_ARRAY || (*out)->len != 2))
        return gr_jr_fail(R->err, R->file, *out,
                          "\"%s\" must be an array of two, one for each side; make the report "
                          "again",
                          key);
    return s;
}

/* An object node (`what` in messages) with only the members in keys
 * (NULL-terminated). */
static gr_status object_of(const reader *R, const gr_jr_node *v, const char *const *keys,
                           const char *what)
{
    char list[300];
    if (v->type != GR_JR_OBJECT)
        return gr_jr_fail(R->err, R->file, v, "%s must be an object {%s}", what,
                          gr_join(list, sizeof list, keys, SIZE_MAX));
    return gr_jr_only_keys(R->err, R->file, v, keys, NULL, NULL);
}

static gr_status read_scenario(const reader *R, const gr_jr_node *root, gr_sim_doc *d)
{
    const gr_jr_node *sc, *dig;
    gr_status s = need(R, root, "scenario", &sc);
    if (s != GR_OK)
        return s;
    static const char *const keys[] = {"title", "path", "digest", NULL};
    if ((s = object_of(R, sc, keys, "\"scenario\"")) != GR_OK ||
        (s = member_str(R, sc, "title", d->title, sizeof d->title)) != GR_OK ||
        (s = member_str(R, sc, "path", d->path, sizeof d->path)) != GR_OK ||
        (s = need(R, sc, "digest", &dig)) != GR_OK)
        return s;
    char *end = NULL;
    if (dig->type == GR_JR_STRING && dig->len == 16 && strspn(dig->str, "0123456789abcdef") == 16)
        d->digest = strtoull(dig->str, &end, 16);
    if (!end || *end)
        return gr_jr_fail(R->err, R->file, dig,
                          "\"digest\" must be 16 lower-case hexadecimal digits in quotes, as "
                          "grognard sim writes it");
    return GR_OK;
}

/* The shard member: its numbers, and its games as gr_sim_shard_range
 * places them. */
static gr_status read_shard(const reader *R, const gr_jr_node *root, gr_sim_doc *d, long games)
{
    const gr_jr_node *sh = gr_jr_get(root, "shard");
    if (!sh) {
        d->run_games = games;
        return GR_OK;
    }
    static const char *const keys[] = {"index", "of", "first", "run_games", NULL};
    int64_t k = 0, n = 0, first = 0, run = 0;
    gr_status s;
    if ((s = object_of(R, sh, keys, "\"shard\"")) != GR_OK ||
        (s = member_int(R, sh, "of", 1, GR_SIM_MAX_SHARDS, &n)) != GR_OK ||
        (s = member_int(R, sh, "index", 1, n, &k)) != GR_OK ||
        (s = member_int(R, sh, "run_games", n, INT64_MAX, &run)) != GR_OK ||
        (s = member_int(R, sh, "first", 0, run - 1, &first)) != GR_OK)
        return s;
    long want_first, want_count;
    gr_error e;
    if (gr_sim_shard_range((long)run, (long)k, (long)n, &want_first, &want_count, &e) != GR_OK)
        return gr_jr_fail(R->err, R->file, sh, "%s", e.msg);
    if (first != want_first || games != want_count)
        return gr_jr_fail(R->err, R->file, sh,
                          "shard %" PRId64 " of %" PRId64 " of a run of %" PRId64
                          " games holds games %ld to %ld (%ld games), but this report has %ld "
                          "from game %" PRId64 "; it was changed or made by another grognard: "
                          "make it again",
                          k, n, run, want_first + 1, want_first + want_count, want_count, games,
                          first + 1);
    d->shard = (long)k;
    d->shards = (long)n;
    d->first = (long)first;
    d->run_games = (long)run;
    return GR_OK;
}

static gr_status read_stat(const reader *R, const gr_jr_node *o, gr_sim_report *r, int i,
                           const gr_jr_node *turn_games)
{
    gr_sim_stat *t = &r->stats[i];
    static const char *const keys[] = {"name", "side",      "mean",      "min", "max",
                                       "sum",  "histogram", "turn_sums", NULL};
    const gr_jr_node *side, *h, *ts;
    int64_t x = 0;
    gr_status s;
    if ((s = object_of(R, o, keys, "a stat")) != GR_OK ||
        (s = member_str(R, o, "name", t->name, sizeof t->name)) != GR_OK ||
        (s = need(R, o, "side", &side)) != GR_OK)
        return s;
    if (side->type == GR_JR_NULL)
        t->side = -1;
    else if ((s = whole(R, side, "a stat's \"side\"", 0, 1, &x)) != GR_OK)
        return s;
    else
        t->side = (int)x;
    if ((s = member_int(R, o, "min", INT64_MIN, INT64_MAX, &t->min)) != GR_OK ||
        (s = member_int(R, o, "max", t->min, INT64_MAX, &t->max)) != GR_OK ||
        (s = member_int(R, o, "sum", INT64_MIN, INT64_MAX, &t->sum)) != GR_OK ||
        (s = need(R, o, "histogram", &h)) != GR_OK || (s = need(R, o, "turn_sums", &ts)) != GR_OK)
        return s;
    if (h->type != GR_JR_OBJECT)
        return gr_jr_fail(R->err, R->file, h, "\"histogram\" must be an object {\"value\": games}");
    int64_t count = 0;
    for (const gr_jr_node *m = h->child; m; m = m->next) {
        char *end;
        long v = strtol(m->key, &end, 10);
        if (!*m->key || *end || m->key[0] == '-' || m->key[0] == '+' ||
            (m->key[0] == '0' && m->key[1]) || v < 0 || v >= GR_SIM_HIST)
            return gr_jr_fail_key(R->err, R->file, m,
                                  "a histogram's key must be a value from 0 to %d in quotes, "
                                  "as grognard sim writes it",
                                  GR_SIM_HIST - 1);
        if ((s = whole(R, m, "a histogram's count", 1, r->games, &x)) != GR_OK)
            return s;
        t->hist[v] = (long)x;
        count += x;
    }
    if (count != r->games)
        return gr_jr_fail(R->err, R->file, h,
                          "the histogram of \"%s\" counts %" PRId64 " games, not the report's "
                          "%ld; make the report again",
                          t->name, count, r->games);
    if (ts->type != GR_JR_ARRAY || ts->len != turn_games->len)
        return gr_jr_fail(R->err, R->file, ts,
                          "\"turn_sums\" must be an array of %zu whole numbers, one for each "
                          "turn of \"turn_games\"",
                          turn_games->len);
    int k = 0;
    for (const gr_jr_node *v = ts->child; v; v = v->next, k++)
        if ((s = whole(R, v, "a turn's sum", INT64_MIN, INT64_MAX, &r->turn_sum[k][i])) != GR_OK)
            return s;
    return GR_OK;
}

/* An array node of at most `most` members (exactly `most` if exact). */
static gr_status array_of(const reader *R, const gr_jr_node *v, size_t most, int exact,
                          const char *what)
{
    if (v->type != GR_JR_ARRAY || v->len > most || (exact && v->len != most))
        return gr_jr_fail(R->err, R->file, v, "%s must be an array of %s%zu; make the report again",
                          what, exact ? "" : "at most ", most);
    return GR_OK;
}

/* The rule holes, the deciding turns, the objectives and the loss map. */
static gr_status read_decided(const reader *R, const gr_jr_node *root, const gr_sim_doc *d,
                              gr_sim_report *r)
{
    const gr_jr_node *v, *a;
    int64_t x = 0;
    gr_status s;
    if ((s = need(R, root, "decided", &v)) != GR_OK ||
        (s = array_of(R, v, GR_SIM_MAX_TURNS, 0, "\"decided\"")) != GR_OK)
        return s;
    int k = 0;
    int64_t won = 0;
    for (a = v->child; a; a = a->next, k++) {
        if ((s = whole(R, a, "a turn's decided battles", 0, r->games, &x)) != GR_OK)
            return s;
        r->decided[k] = (long)x;
        won += x;
    }
    if (won > r->wins[0] + r->wins[1])
        return gr_jr_fail(R->err, R->file, v,
                          "\"decided\" counts %" PRId64 " battles, more than the %ld won; make "
                          "the report again",
                          won, r->wins[0] + r->wins[1]);
    if ((s = need(R, root, "holes", &v)) != GR_OK ||
        (s = array_of(R, v, GR_SIM_HOLES, 1, "\"holes\"")) != GR_OK)
        return s;
    static const char *const hkeys[] = {"kind", "battles", "first_game", "game_seed", NULL};
    k = 0;
    for (a = v->child; a; a = a->next, k++) {
        const gr_jr_node *kind;
        if ((s = object_of(R, a, hkeys, "a hole")) != GR_OK ||
            (s = need(R, a, "kind", &kind)) != GR_OK)
            return s;
        if (kind->type != GR_JR_STRING || strcmp(kind->str, gr_sim_hole_name(k)))
            return gr_jr_fail(R->err, R->file, kind,
                              "hole %d must be of kind \"%s\" (the holes come in a fixed "
                              "order); make the report again",
                              k + 1, gr_sim_hole_name(k));
        if ((s = member_int(R, a, "battles", 0, r->games, &x)) != GR_OK)
            return s;
        r->holes[k] = (long)x;
        if (r->holes[k] &&
            (s = member_int(R, a, "first_game", d->first, d->first + r->games - 1, &x)) != GR_OK)
            return s;
        r->hole_first[k] = r->holes[k] ? (long)x : 0;
    }
    if ((s = need(R, root, "objectives", &v)) != GR_OK ||
        (s = array_of(R, v, GR_SIM_MAX_OBJ, 0, "\"objectives\"")) != GR_OK)
        return s;
    static const char *const okeys[] = {"hex",         "side", "changes", "battles_changed",
                                        "held_at_end", NULL};
    r->nobj = (int)v->len;
    k = 0;
    for (a = v->child; a; a = a->next, k++) {
        const gr_jr_node *hex, *end;
        if ((s = object_of(R, a, okeys, "an objective")) != GR_OK ||
            (s = need(R, a, "hex", &hex)) != GR_OK ||
            (s = array_of(R, hex, 2, 1, "\"hex\"")) != GR_OK ||
            (s = whole(R, hex->child, "a column", 0, GR_SIM_MAP - 1, &x)) != GR_OK)
            return s;
        r->obj[k].col = (int)x;
        if ((s = whole(R, hex->child->next, "a row", 0, GR_SIM_MAP - 1, &x)) != GR_OK)
            return s;
        r->obj[k].row = (int)x;
        if ((s = member_int(R, a, "side", 0, 1, &x)) != GR_OK)
            return s;
        r->obj[k].side = (int)x;
        if ((s = member_int(R, a, "changes", 0, INT64_MAX, &x)) != GR_OK)
            return s;
        r->obj[k].changes = (long)x;
        if ((s = member_int(R, a, "battles_changed", 0, r->games, &x)) != GR_OK)
            return s;
        r->obj[k].games_changed = (long)x;
        if ((s = need(R, a, "held_at_end", &end)) != GR_OK ||
            (s = array_of(R, end, 3, 1, "\"held_at_end\"")) != GR_OK)
            return s;
        int64_t sum = 0;
        int e = 0;
        for (const gr_jr_node *b = end->child; b; b = b->next, e++) {
            if ((s = whole(R, b, "a count of \"held_at_end\"", 0, r->games, &x)) != GR_OK)
                return s;
            r->obj[k].end[e] = (long)x;
            sum += x;
        }
        if (sum != r->games)
            return gr_jr_fail(R->err, R->file, end,
                              "\"held_at_end\" counts %" PRId64 " battles, not the report's "
                              "%ld; make the report again",
                              sum, r->games);
    }
    static const char *const mkeys[] = {"cols", "rows", "hexes", NULL};
    if ((s = need(R, root, "loss_map", &v)) != GR_OK ||
        (s = object_of(R, v, mkeys, "\"loss_map\"")) != GR_OK ||
        (s = member_int(R, v, "cols", 0, GR_SIM_MAP, &x)) != GR_OK)
        return s;
    r->map_cols = (int)x;
    if ((s = member_int(R, v, "rows", 0, GR_SIM_MAP, &x)) != GR_OK)
        return s;
    r->map_rows = (int)x;
    if ((s = need(R, v, "hexes", &a)) != GR_OK ||
        (s = array_of(R, a, GR_SIM_MAP * GR_SIM_MAP, 0, "\"hexes\"")) != GR_OK)
        return s;
    int64_t prev = -1;
    for (const gr_jr_node *h = a->child; h; h = h->next) {
        int64_t c = 0, w = 0;
        if ((s = array_of(R, h, 3, 1, "a hex of the loss map")) != GR_OK ||
            (s = whole(R, h->child, "a column", 0, r->map_cols - 1, &c)) != GR_OK ||
            (s = whole(R, h->child->next, "a row", 0, r->map_rows - 1, &w)) != GR_OK ||
            (s = whole(R, h->child->next->next, "a hex's loss", 1, INT64_MAX, &x)) != GR_OK)
            return s;
        if (c * GR_SIM_MAP + w <= prev)
            return gr_jr_fail(R->err, R->file, h,
                              "the loss map's hexes must come once each, by column then row, as "
                              "grognard sim writes them");
        prev = c * GR_SIM_MAP + w;
        r->loss[c][w] = x;
    }
    return GR_OK;
}

static gr_status read_report(const reader *R, const gr_jr_node *root, gr_sim_doc *d,
                             gr_sim_report *r)
{
    static const char *const keys[] = {
        "format",     "version",  "scenario",   "shard",      "games",    "seed",
        "players",    "sides",    "wins",       "draws",      "win_rate", "ci95",
        "steps",      "stats",    "turn_games", "unfinished", "decided",  "holes",
        "objectives", "loss_map", "label",      "kind",       "compare",  NULL};
    if (root->type != GR_JR_OBJECT)
        return gr_jr_fail(R->err, R->file, root, "a simulation report is a JSON object; this is %s",
                          gr_jr_type_name(root->type));
    const gr_jr_node *fmt = gr_jr_get(root, "format");
    if (!fmt || fmt->type != GR_JR_STRING || strcmp(fmt->str, GR_SIM_FORMAT))
        return gr_jr_fail(R->err, R->file, fmt ? fmt : root,
                          "not a grognard simulation report (\"format\": \"%s\" is missing); "
                          "make one with grognard sim SCENARIO --shard K/N --json",
                          GR_SIM_FORMAT);
    int64_t x = 0;
    gr_status s;
    const gr_jr_node *v;
    if ((s = gr_jr_only_keys(R->err, R->file, root, keys, NULL, NULL)) != GR_OK ||
        (s = need(R, root, "version", &v)) != GR_OK)
        return s;
    if (v->type != GR_JR_NUMBER || !v->is_int || v->ival != GR_SIM_VERSION)
        return gr_jr_fail(R->err, R->file, v,
                          "report version %s is not known to this grognard (it reads version "
                          "%d); merge it with the grognard that made it",
                          v->type == GR_JR_NUMBER ? v->raw : "(not a number)", GR_SIM_VERSION);
    if (gr_jr_get(root, "label")) {
        const gr_jr_node *kind;
        if ((s = member_str(R, root, "label", d->label, sizeof d->label)) != GR_OK ||
            (s = need(R, root, "kind", &kind)) != GR_OK)
            return s;
        if (kind->type != GR_JR_STRING ||
            (strcmp(kind->str, "variant") && strcmp(kind->str, "skill")))
            return gr_jr_fail(R->err, R->file, kind,
                              "\"kind\" must be \"variant\" or \"skill\"; make the report again");
        memcpy(d->kind, kind->str, kind->len + 1);
    }
    if ((s = read_scenario(R, root, d)) != GR_OK ||
        (s = member_int(R, root, "games", 1, INT64_MAX, &x)) != GR_OK)
        return s;
    r->games = (long)x;
    if ((s = read_shard(R, root, d, r->games)) != GR_OK ||
        (s = member_int(R, root, "seed", 0, INT64_MAX, &x)) != GR_OK)
        return s;
    d->seed = (uint64_t)x;
    const gr_jr_node *pl, *sd, *w;
    if ((s = member_pair(R, root, "players", &pl)) != GR_OK ||
        (s = member_pair(R, root, "sides", &sd)) != GR_OK ||
        (s = member_pair(R, root, "wins", &w)) != GR_OK)
        return s;
    int p = 0;
    for (const gr_jr_node *a = pl->child, *b = sd->child; a && b; a = a->next, b = b->next, p++) {
        if (a->type != GR_JR_STRING || !a->len || a->len >= GR_SIM_TEXT)
            return gr_jr_fail(R->err, R->file, a, "a player must be named by a text");
        if (b->type != GR_JR_STRING || !b->len || b->len >= GR_SIM_TEXT)
            return gr_jr_fail(R->err, R->file, b, "a side must be named by a text");
        memcpy(d->players[p], a->str, a->len + 1);
        memcpy(d->sides[p], b->str, b->len + 1);
    }
    p = 0;
    for (const gr_jr_node *a = w->child; a; a = a->next, p++) {
        if ((s = whole(R, a, "a side's wins", 0, r->games, &x)) != GR_OK)
            return s;
        r->wins[p] = (long)x;
    }
    if ((s = member_int(R, root, "draws", 0, r->games, &x)) != GR_OK)
        return s;
    r->draws = (long)x;
    if ((s = member_int(R, root, "unfinished", 0, r->games, &x)) != GR_OK)
        return s;
    r->unfinished = (long)x;
    if (r->wins[0] + r->wins[1] + r->draws + r->unfinished != r->games)
        return gr_jr_fail(R->err, R->file, w,
                          "the wins (%ld and %ld), the draws (%ld) and the unfinished battles "
                          "(%ld) add up to %ld, not the %ld games; make the report again",
                          r->wins[0], r->wins[1], r->draws, r->unfinished,
                          r->wins[0] + r->wins[1] + r->draws + r->unfinished, r->games);
    const gr_jr_node *st, *stats, *tg;
    static const char *const skeys[] = {"mean", "min", "max", "sum", NULL};
    if ((s = need(R, root, "steps", &st)) != GR_OK)
        return s;
    if ((s = object_of(R, st, skeys, "\"steps\"")) != GR_OK ||
        (s = member_int(R, st, "min", 0, INT64_MAX, &r->steps_min)) != GR_OK ||
        (s = member_int(R, st, "max", r->steps_min, INT64_MAX, &r->steps_max)) != GR_OK ||
        (s = member_int(R, st, "sum", 0, INT64_MAX, &r->steps_sum)) != GR_OK ||
        (s = need(R, root, "turn_games", &tg)) != GR_OK || (s = need(R, root, "stats", &stats)))
        return s;
    if (tg->type != GR_JR_ARRAY || tg->len > GR_SIM_MAX_TURNS)
        return gr_jr_fail(R->err, R->file, tg,
                          "\"turn_games\" must be an array of at most %d whole numbers",
                          GR_SIM_MAX_TURNS);
    r->nturns = (int)tg->len;
    int k = 0;
    for (const gr_jr_node *a = tg->child; a; a = a->next, k++) {
        if ((s = whole(R, a, "a turn's games", 0, r->games, &x)) != GR_OK)
            return s;
        r->turn_games[k] = (long)x;
    }
    if (stats->type != GR_JR_ARRAY || stats->len > GR_SIM_MAX_STATS)
        return gr_jr_fail(R->err, R->file, stats, "\"stats\" must be an array of at most %d stats",
                          GR_SIM_MAX_STATS);
    r->nstats = (int)stats->len;
    int i = 0;
    for (const gr_jr_node *o = stats->child; o; o = o->next, i++)
        if ((s = read_stat(R, o, r, i, tg)) != GR_OK)
            return s;
    if ((s = read_decided(R, root, d, r)) != GR_OK)
        return s;
    gr_sim_report_finish(r);
    return GR_OK;
}

/* ---- studies ----------------------------------------------------------------- */

gr_status gr_sim_study_alloc(gr_sim_study *s, int n, gr_error *err)
{
    memset(s, 0, sizeof *s);
    if (n < 1 || n > GR_SIM_MAX_RUNS)
        return gr_error_set(err, GR_EINPUT,
                            "a study has 1 to %d runs (the base and up to %d "
                            "compared), not %d",
                            GR_SIM_MAX_RUNS, GR_SIM_MAX_RUNS - 1, n);
    s->d = calloc((size_t)n, sizeof *s->d);
    s->r = calloc((size_t)n, sizeof *s->r);
    if (!s->d || !s->r) {
        gr_sim_study_free(s);
        return gr_error_set(err, GR_ERUNTIME, "out of memory for a study of %d runs", n);
    }
    s->n = n;
    return GR_OK;
}

void gr_sim_study_free(gr_sim_study *s)
{
    free(s->d);
    free(s->r);
    memset(s, 0, sizeof *s);
}

json_t *gr_wire_sim_study(const gr_sim_study *s)
{
    json_t *j = gr_wire_sim(&s->d[0], &s->r[0]);
    if (!j || s->n < 2)
        return j;
    json_t *c = json_array();
    int bad = !c;
    for (int i = 1; i < s->n && !bad; i++) {
        json_t *one = gr_wire_sim(&s->d[i], &s->r[i]);
        bad = !one || push(c, one);
    }
    if (bad || put(j, "compare", c)) {
        json_decref(j);
        return NULL;
    }
    return j;
}

gr_status gr_sim_study_parse(const char *text, size_t len, const char *name, gr_sim_study *s,
                             gr_error *err)
{
    memset(s, 0, sizeof *s);
    gr_jr_node *root;
    gr_jr_doc *doc = gr_jr_parse(text, len, name, GR_SIM_MAX_NODES, &root, err);
    if (!doc)
        return err->code;
    reader R = {name, err};
    const gr_jr_node *c = root->type == GR_JR_OBJECT ? gr_jr_get(root, "compare") : NULL;
    gr_status st = GR_OK;
    if (c && (c->type != GR_JR_ARRAY || c->len < 1 || c->len > GR_SIM_MAX_RUNS - 1))
        st = gr_jr_fail(err, name, c,
                        "\"compare\" must be an array of 1 to %d reports; make the report again",
                        GR_SIM_MAX_RUNS - 1);
    if (st == GR_OK)
        st = gr_sim_study_alloc(s, 1 + (c ? (int)c->len : 0), err);
    if (st == GR_OK)
        st = read_report(&R, root, &s->d[0], &s->r[0]);
    if (st == GR_OK && s->d[0].label[0])
        st = gr_jr_fail(err, name, root,
                        "the base run of a study has no \"label\"; make the "
                        "report again");
    int i = 1;
    for (const gr_jr_node *e = c ? c->child : NULL; e && st == GR_OK; e = e->next, i++) {
        if (e->type == GR_JR_OBJECT && gr_jr_get(e, "compare"))
            st = gr_jr_fail(err, name, e, "a compared run holds no \"compare\" of its own");
        else if (e->type == GR_JR_OBJECT && !gr_jr_get(e, "label"))
            st = gr_jr_fail(err, name, e,
                            "a compared run needs its \"label\" and \"kind\"; make "
                            "the report again");
        else
            st = read_report(&R, e, &s->d[i], &s->r[i]);
    }
    gr_jr_free(doc);
    if (st != GR_OK)
        gr_sim_study_free(s);
    return st;
}

gr_status gr_sim_study_read(const char *file, gr_sim_study *s, gr_error *err)
{
    char *text = NULL;
    size_t len = 0;
    memset(s, 0, sizeof *s);
    gr_status st = gr_read_file(file, GR_SIM_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
    st = gr_sim_study_parse(text, len, file, s, err);
    gr_free(text);
    return st;
}
