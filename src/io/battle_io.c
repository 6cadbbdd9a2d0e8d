/* battle_io.c - the battle file: write atomically, read, replay
 * (battle_io.h). */
#include "grognard/battle_io.h"
#include "grognard/file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "grognard/alloc.h"
#include "grognard/bt_game.h"
#include "grognard/match.h"
#include "grognard/oob.h"
#include "grognard/re_io.h"
#include "grognard/utf8.h"
#include "json_reader.h"

/* Nodes a battle file may hold: the actions (about 40 values each at most)
 * and a few more. */
#define BF_MAX_NODES (GR_BT_MAX_ACTIONS * (GR_BT_MAX_INPUTS + GR_MAX_ROLLS * 2 + 12) + 64)

static gr_status bf_alloc(gr_battle_file *f, const char *name, gr_error *err)
{
    memset(f, 0, sizeof *f);
    f->start = gr_malloc(sizeof *f->start);
    f->actions = gr_calloc(GR_BT_MAX_ACTIONS, sizeof *f->actions);
    f->hashes = gr_calloc(GR_BT_MAX_ACTIONS, sizeof *f->hashes);
    f->typed = gr_calloc(GR_BT_MAX_ACTIONS, sizeof *f->typed);
    if (!f->start || !f->actions || !f->hashes || !f->typed) {
        gr_battle_file_free(f);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory for a battle", name);
    }
    return GR_OK;
}

void gr_battle_file_free(gr_battle_file *f)
{
    gr_free(f->oob_path);
    gr_free(f->oob_text);
    gr_free(f->start);
    gr_free(f->actions);
    gr_free(f->hashes);
    gr_free(f->typed);
    memset(f, 0, sizeof *f);
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = gr_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* The end of making a battle file: on failure free it; else its system
 * (the order of battle's) and its seed. */
static gr_status bf_finish(gr_battle_file *f, gr_status st, uint64_t seed)
{
    if (st != GR_OK) {
        gr_battle_file_free(f);
        return st;
    }
    snprintf(f->system, sizeof f->system, "%s", f->start->system);
    f->seed = seed;
    return GR_OK;
}

gr_status gr_battle_file_new(const char *oob_path, const gr_battle_rules *rules, uint64_t seed,
                             gr_battle_file *f, gr_error *err)
{
    gr_status st = bf_alloc(f, oob_path, err);
    if (st != GR_OK)
        return st;
    st = gr_oob_read(oob_path, rules, seed, f->start, &f->oob_text, &f->oob_len, err);
    if (st == GR_OK && !gr_utf8_valid(f->oob_text))
        st = gr_error_set(err, GR_EINPUT, "%s:1:1: the file is not valid UTF-8; save it as UTF-8",
                          oob_path);
    if (st == GR_OK && !(f->oob_path = dup_str(oob_path)))
        st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory", oob_path);
    return bf_finish(f, st, seed);
}

gr_status gr_battle_file_from_text(const char *text, size_t len, const char *name,
                                   const gr_battle_rules *rules, uint64_t seed, gr_battle_file *f,
                                   gr_error *err)
{
    gr_status st = bf_alloc(f, name, err);
    if (st != GR_OK)
        return st;
    if (len > GR_OOB_MAX_BYTES)
        st = gr_error_set(err, GR_EINPUT,
                          "%s: the order of battle is %zu bytes, over the %d accepted; send a "
                          "smaller one",
                          name, len, GR_OOB_MAX_BYTES);
    if (st == GR_OK && (!(f->oob_text = gr_malloc(len + 1)) || !(f->oob_path = dup_str(name))))
        st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    if (st == GR_OK) {
        memcpy(f->oob_text, text, len);
        f->oob_text[len] = 0;
        f->oob_len = len;
        if (memchr(text, 0, len) || !gr_utf8_valid(f->oob_text))
            st = gr_error_set(err, GR_EINPUT,
                              "%s:1:1: the text is not valid UTF-8; send it as UTF-8", name);
    }
    if (st == GR_OK)
        st = gr_oob_parse(text, len, name, rules, seed, f->start, err);
    return bf_finish(f, st, seed);
}

gr_status gr_battle_file_push(gr_battle_file *f, const gr_bt_action *a, int typed, uint64_t hash,
                              gr_error *err)
{
    if (f->nactions >= GR_BT_MAX_ACTIONS)
        return gr_error_set(err, GR_EILLEGAL, "the battle has its %d actions: no more can be kept",
                            GR_BT_MAX_ACTIONS);
    f->actions[f->nactions] = *a;
    f->hashes[f->nactions] = hash;
    f->typed[f->nactions] = typed ? 1 : 0;
    f->nactions++;
    return GR_OK;
}

/* ---- replay ---------------------------------------------------------------- */

gr_status gr_battle_file_replay(const gr_battle_file *f, const char *name, int upto, gr_battle *b,
                                gr_bt_replay_fn each, void *ctx, gr_error *err)
{
    if (upto < 0 || upto > f->nactions)
        upto = f->nactions;
    memcpy(b, f->start, sizeof *b);
    gr_bt_outcome *out = gr_malloc(sizeof *out);
    if (!out)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    gr_status st = GR_OK;
    for (int i = 0; i < upto && st == GR_OK; i++) {
        gr_bt_action a = f->actions[i];
        char text[400];
        gr_battle_action_text(b, &a, text, sizeof text);
        gr_error e;
        gr_error_clear(&e);
        if (!f->typed[i])
            a.nrolls = 0; /* drawn again from the seed, checked below */
        if (gr_battle_do(b, &a, out, &e) != GR_OK) {
            st = gr_error_set(err, GR_EINPUT,
                              "%s: action %d (%s) no longer applies: %s; the order of battle or "
                              "the rules changed since it was recorded (undo back to it, or "
                              "start the battle again)",
                              name, i + 1, text, e.msg);
            break;
        }
        const gr_bt_action *rec = &f->actions[i];
        if (!f->typed[i] &&
            (a.nrolls != rec->nrolls ||
             memcmp(a.rolls, rec->rolls, (size_t)a.nrolls * sizeof a.rolls[0]) != 0)) {
            st = gr_error_set(err, GR_EINPUT,
                              "%s: action %d (%s): the battle's seed now rolls other dice than "
                              "the ones recorded; the seed or the rules changed since it was "
                              "played",
                              name, i + 1, text);
            break;
        }
        uint64_t h = gr_battle_hash(b);
        if (f->hashes[i] && h != f->hashes[i]) {
            st = gr_error_set(err, GR_EINPUT,
                              "%s: after action %d (%s) the state hashes %016" PRIx64
                              ", not %016" PRIx64 " as recorded: the rules changed since it was "
                              "played; resume it with the version that recorded it",
                              name, i + 1, text, h, f->hashes[i]);
            break;
        }
        if (each)
            each(ctx, i, &a, out, b);
    }
    gr_free(out);
    return st;
}

/* ---- the battle as a match of the companion's game type ------------------ */

gr_status gr_battle_file_match(const gr_battle_file *f, const char *name, gr_bt_scenario **sc,
                               gr_match **m, gr_error *err)
{
    *m = NULL;
    *sc = gr_malloc(sizeof **sc);
    if (!*sc)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    gr_bt_scenario_init(*sc, f->start);
    gr_game g = {gr_bt_game_type(f->system), *sc};
    gr_status st = g.type ? gr_match_new(&g, f->seed, m, err)
                          : gr_error_set(err, GR_EINPUT, "%s: no game type '%s'", name, f->system);
    for (int i = 0; st == GR_OK && i < f->nactions; i++) {
        const gr_bt_action *a = &f->actions[i];
        const gr_battle *b = gr_bt_game_battle(gr_match_state(*m));
        char text[400];
        gr_battle_action_text(b, a, text, sizeof text);
        unsigned char rec[GR_ACTION_MAX];
        gr_error e;
        gr_error_clear(&e);
        /* the decision, then its dice as recorded (typed, or drawn from the
         * seed as the battle then drew them): given */
        st = gr_bt_game_record(b, &a->call, rec, &e);
        if (st == GR_OK)
            st = gr_match_act(*m, rec, &e);
        for (int k = 0; st == GR_OK && k < a->nrolls; k++) {
            if (gr_match_current_player(*m) != GR_CHANCE) {
                st = gr_error_set(&e, GR_EINPUT, "%d dice recorded, %d used", a->nrolls, k);
                break;
            }
            gr_game_act_of((gr_action)(uint64_t)(a->rolls[k] < 0 ? 0 : a->rolls[k]), rec);
            st = gr_match_act(*m, rec, &e);
        }
        if (st == GR_OK && gr_match_current_player(*m) == GR_CHANCE)
            st = gr_error_set(&e, GR_EINPUT, "it needs more dice than the %d recorded", a->nrolls);
        if (st != GR_OK) {
            st = gr_error_set(err, st == GR_ERUNTIME ? GR_ERUNTIME : GR_EINPUT,
                              "%s: action %d (%s) no longer applies: %s; the order of battle or "
                              "the rules changed since it was recorded",
                              name, i + 1, text, e.msg);
            break;
        }
        uint64_t h = gr_game_hash(gr_match_game(*m), gr_match_state(*m));
        if (f->hashes[i] && h != f->hashes[i])
            st = gr_error_set(err, GR_EINPUT,
                              "%s: after action %d (%s) the state hashes %016" PRIx64
                              ", not %016" PRIx64 " as recorded: the rules changed since it was "
                              "played; resume it with the version that recorded it",
                              name, i + 1, text, h, f->hashes[i]);
    }
    if (st != GR_OK) {
        gr_match_free(*m);
        *m = NULL;
        gr_free(*sc);
        *sc = NULL;
    }
    return st;
}

/* ---- write ----------------------------------------------------------------- */

static json_t *id_or_null(const char *id)
{
    return id ? json_string(id) : json_null();
}

static json_t *action_json(const gr_battle *b, const gr_bt_action *a, int typed, uint64_t hash)
{
    const gr_bt_call *c = &a->call;
    json_t *o = json_object();
    json_t *in = json_object();
    json_t *rolls = json_array();
    if (!o || !in || !rolls) {
        json_decref(o);
        json_decref(in);
        json_decref(rolls);
        return NULL;
    }
    char hx[20];
    snprintf(hx, sizeof hx, "%016" PRIx64, hash);
    int bad = json_object_set_new(o, "verb", json_string(c->verb));
    bad |= json_object_set_new(o, "unit", id_or_null(c->unit >= 0 ? b->units[c->unit].id : NULL));
    bad |= json_object_set_new(o, "target",
                               id_or_null(c->target >= 0 ? b->units[c->target].id : NULL));
    bad |= json_object_set_new(o, "leader",
                               id_or_null(c->leader >= 0 ? b->leaders[c->leader].id : NULL));
    for (int i = 0; i < c->nin; i++)
        bad |= json_object_set_new(in, c->key[i], json_string(c->val[i]));
    bad |= json_object_set_new(o, "inputs", in);
    for (int i = 0; i < a->nrolls; i++)
        bad |= json_array_append_new(rolls, json_integer(a->rolls[i]));
    bad |= json_object_set_new(o, "rolls", rolls);
    bad |= json_object_set_new(o, "dice", json_string(typed ? "typed" : "seed"));
    bad |= json_object_set_new(o, "hash", json_string(hx));
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static char *file_text(const gr_battle_file *f)
{
    json_t *root = json_object();
    json_t *acts = json_array();
    if (!root || !acts) {
        json_decref(root);
        json_decref(acts);
        return NULL;
    }
    int bad = json_object_set_new(root, "format", json_integer(1));
    bad |= json_object_set_new(root, "kind", json_string("grognard battle"));
    bad |= json_object_set_new(root, "system", json_string(f->system));
    bad |= json_object_set_new(root, "seed", json_integer((json_int_t)f->seed));
    bad |= json_object_set_new(root, "oob", json_string(f->oob_path ? f->oob_path : ""));
    bad |= json_object_set_new(root, "oob_text", json_stringn(f->oob_text, f->oob_len));
    for (int i = 0; i < f->nactions; i++)
        bad |= json_array_append_new(
            acts, action_json(f->start, &f->actions[i], f->typed[i], f->hashes[i]));
    bad |= json_object_set_new(root, "actions", acts);
    char *s = bad ? NULL : json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return s;
}

gr_status gr_battle_file_write(const gr_battle_file *f, const char *path, gr_error *err)
{
    if (f->seed > (uint64_t)INT64_MAX)
        return gr_error_set(err, GR_EINPUT,
                            "seed %" PRIu64 " is too large to keep; use one below 2^63", f->seed);
    struct stat so, sp;
    if (f->oob_path && stat(f->oob_path, &so) == 0 && stat(path, &sp) == 0 &&
        so.st_dev == sp.st_dev && so.st_ino == sp.st_ino)
        return gr_error_set(err, GR_EINPUT,
                            "%s is the order of battle itself; give the battle file another name",
                            path);
    char *text = file_text(f);
    size_t n = text ? strlen(text) : 0;
    char *body = text ? realloc(text, n + 2) : NULL;
    if (!body) {
        free(text);
        return gr_error_set(err, GR_ERUNTIME, "out of memory writing the battle file");
    }
    body[n] = '\n';
    body[n + 1] = '\0';
    gr_status st = gr_write_file_atomic(path, body, n + 1, err);
    free(body);
    return st;
}

/* ---- read ------------------------------------------------------------------ */

typedef struct rd {
    const char *name;
    gr_error *err;
} rd;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static gr_status
rd_fail(rd *r, const gr_jr_node *at, const char *fmt, ...);

static gr_status rd_fail(rd *r, const gr_jr_node *at, const char *fmt, ...)
{
    char what[440];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return gr_error_set(r->err, GR_EINPUT, "%s:%d:%d: %s", r->name, at ? at->line : 1,
                        at ? at->col : 1, what);
}

static gr_status need(rd *r, const gr_jr_node *obj, const char *key, gr_jr_type type,
                      const char *what, const gr_jr_node **out)
{
    *out = gr_jr_get(obj, key);
    if (!*out)
        return rd_fail(r, obj,
                       "%s has no \"%s\"; this is not a battle file of grognard, or it "
                       "was cut (docs/battle.md)",
                       what, key);
    if ((*out)->type != type)
        return rd_fail(r, *out, "\"%s\" of %s must be %s, not %s", key, what, gr_jr_type_name(type),
                       gr_jr_type_name((*out)->type));
    return GR_OK;
}

/* An id member naming a unit (leader == 0) or leader of b, or null. */
static gr_status ref(rd *r, const gr_battle *b, const gr_jr_node *obj, const char *key, int leader,
                     int *out)
{
    const gr_jr_node *n = gr_jr_get(obj, key);
    *out = -1;
    if (!n || n->type == GR_JR_NULL)
        return GR_OK;
    if (n->type != GR_JR_STRING)
        return rd_fail(r, n, "\"%s\" must be an id or null", key);
    *out = leader ? gr_battle_leader(b, n->str) : gr_battle_unit(b, n->str);
    if (*out < 0)
        return rd_fail(r, n, "\"%s\" names %s \"%s\", which the order of battle does not have", key,
                       leader ? "leader" : "unit", n->str);
    return GR_OK;
}

static int parse_hex(const char *s, uint64_t *out)
{
    if (strlen(s) != 16)
        return 0;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return 0;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 1;
}

static gr_status read_action(rd *r, const gr_battle *b, const gr_jr_node *e, gr_bt_action *a,
                             unsigned char *typed, uint64_t *hash)
{
    static const char *const keys[] = {"verb",  "unit", "target", "leader", "inputs",
                                       "rolls", "dice", "hash",   NULL};
    memset(a, 0, sizeof *a);
    if (e->type != GR_JR_OBJECT)
        return rd_fail(r, e, "an action is an object, not %s", gr_jr_type_name(e->type));
    for (const gr_jr_node *m = e->child; m; m = m->next) {
        int ok = 0;
        for (int i = 0; keys[i]; i++)
            ok |= !strcmp(m->key, keys[i]);
        if (!ok)
            return gr_error_set(r->err, GR_EINPUT,
                                "%s:%d:%d: unknown key \"%s\" in an action; accepted: verb, unit, "
                                "target, leader, inputs, rolls, dice, hash",
                                r->name, m->key_line, m->key_col, m->key);
    }
    const gr_jr_node *v;
    gr_status st = need(r, e, "verb", GR_JR_STRING, "an action", &v);
    if (st != GR_OK)
        return st;
    if (v->len == 0 || v->len >= sizeof a->call.verb)
        return rd_fail(r, v, "\"verb\" must be a verb of the system");
    memcpy(a->call.verb, v->str, v->len + 1);
    if ((st = ref(r, b, e, "unit", 0, &a->call.unit)) != GR_OK ||
        (st = ref(r, b, e, "target", 0, &a->call.target)) != GR_OK ||
        (st = ref(r, b, e, "leader", 1, &a->call.leader)) != GR_OK)
        return st;
    const gr_jr_node *in = gr_jr_get(e, "inputs");
    if (in && in->type != GR_JR_OBJECT)
        return rd_fail(r, in, "\"inputs\" must be an object {\"range\": \"4\"}");
    for (const gr_jr_node *m = in ? in->child : NULL; m; m = m->next) {
        if (a->call.nin >= GR_BT_MAX_INPUTS)
            return rd_fail(r, m, "more than %d inputs", GR_BT_MAX_INPUTS);
        if (m->type != GR_JR_STRING || m->len >= GR_BT_ID || strlen(m->key) >= GR_BT_ID)
            return rd_fail(r, m, "input \"%s\" must be a string of at most %d characters", m->key,
                           GR_BT_ID - 1);
        memcpy(a->call.key[a->call.nin], m->key, strlen(m->key) + 1);
        memcpy(a->call.val[a->call.nin], m->str, m->len + 1);
        a->call.nin++;
    }
    const gr_jr_node *ro = gr_jr_get(e, "rolls");
    if (ro && ro->type != GR_JR_ARRAY)
        return rd_fail(r, ro, "\"rolls\" must be an array of whole numbers");
    for (const gr_jr_node *m = ro ? ro->child : NULL; m; m = m->next) {
        if (a->nrolls >= (int)(sizeof a->rolls / sizeof a->rolls[0]))
            return rd_fail(r, m, "too many rolls in one action");
        if (m->type != GR_JR_NUMBER || !m->is_int || m->ival < -100 || m->ival > 100)
            return rd_fail(r, m, "a roll is a whole number (a face or a 2D6 total)");
        a->rolls[a->nrolls++] = (int)m->ival;
    }
    const gr_jr_node *d = gr_jr_get(e, "dice");
    *typed = 1; /* no "dice": replay the recorded dice as typed */
    if (d && (d->type != GR_JR_STRING || (strcmp(d->str, "typed") && strcmp(d->str, "seed"))))
        return rd_fail(r, d, "\"dice\" must be \"typed\" or \"seed\"");
    if (d && !strcmp(d->str, "seed"))
        *typed = 0;
    const gr_jr_node *h = gr_jr_get(e, "hash");
    *hash = 0;
    if (h && (h->type != GR_JR_STRING || !parse_hex(h->str, hash)))
        return rd_fail(r, h, "\"hash\" must be 16 lowercase hexadecimal digits");
    return GR_OK;
}

gr_status gr_battle_file_read(const char *path, const gr_battle_rules *rules, gr_battle_file *f,
                              gr_error *err)
{
    gr_status st = bf_alloc(f, path, err);
    if (st != GR_OK)
        return st;
    char *text = NULL;
    size_t len = 0;
    if ((st = re_io_read_file(path, GR_BATTLE_FILE_MAX_BYTES, &text, &len, err)) != GR_OK) {
        gr_battle_file_free(f);
        return st;
    }
    gr_jr_node *root = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, path, BF_MAX_NODES, &root, err);
    gr_free(text);
    if (!doc) {
        gr_battle_file_free(f);
        return err ? err->code : GR_EINPUT;
    }
    rd r = {path, err};
    const gr_jr_node *n, *sys, *seed, *oob, *oobt, *acts;
    const char *what = "the battle file";
    if (root->type != GR_JR_OBJECT)
        st = rd_fail(&r, root, "a battle file is a JSON object (grognard battle new writes it)");
    if (st == GR_OK && (st = need(&r, root, "format", GR_JR_NUMBER, what, &n)) == GR_OK &&
        (!n->is_int || n->ival != 1))
        st = rd_fail(&r, n, "format %s is not known; this grognard reads battle files of format 1",
                     n->raw);
    if (st == GR_OK)
        st = need(&r, root, "system", GR_JR_STRING, what, &sys);
    if (st == GR_OK && (st = need(&r, root, "seed", GR_JR_NUMBER, what, &seed)) == GR_OK &&
        (!seed->is_int || seed->ival < 0))
        st = rd_fail(&r, seed, "\"seed\" must be a whole number from 0");
    if (st == GR_OK)
        st = need(&r, root, "oob", GR_JR_STRING, what, &oob);
    if (st == GR_OK)
        st = need(&r, root, "oob_text", GR_JR_STRING, what, &oobt);
    if (st == GR_OK)
        st = need(&r, root, "actions", GR_JR_ARRAY, what, &acts);
    if (st == GR_OK && acts->len > GR_BT_MAX_ACTIONS)
        st = rd_fail(&r, acts, "%zu actions; a battle keeps at most %d", acts->len,
                     GR_BT_MAX_ACTIONS);
    if (st == GR_OK &&
        (!(f->oob_path = dup_str(oob->str)) || !(f->oob_text = gr_malloc(oobt->len + 1))))
        st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory", path);
    if (st == GR_OK) {
        memcpy(f->oob_text, oobt->str, oobt->len + 1);
        f->oob_len = oobt->len;
        f->seed = (uint64_t)seed->ival;
        char name[300];
        snprintf(name, sizeof name, "%s(oob %s)", path, oob->str);
        st = gr_oob_parse(f->oob_text, f->oob_len, name, rules, f->seed, f->start, err);
    }
    if (st == GR_OK && strcmp(f->start->system, sys->str) != 0)
        st = rd_fail(&r, sys, "\"system\" is \"%s\" but its order of battle is of %s", sys->str,
                     f->start->system);
    if (st == GR_OK)
        snprintf(f->system, sizeof f->system, "%s", f->start->system);
    for (const gr_jr_node *e = st == GR_OK ? acts->child : NULL; e && st == GR_OK; e = e->next) {
        st = read_action(&r, f->start, e, &f->actions[f->nactions], &f->typed[f->nactions],
                         &f->hashes[f->nactions]);
        if (st == GR_OK)
            f->nactions++;
    }
    gr_jr_free(doc);
    if (st != GR_OK)
        gr_battle_file_free(f);
    return st;
}
