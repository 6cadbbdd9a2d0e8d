/* battle_io.c - the battle file: a battle of the companion as a match of
 * its game type, saved as a save of the match; format 1 still read
 * (battle_io.h). */
#include "grognard/battle_io.h"
#include "grognard/file_io.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grognard/alloc.h"
#include "grognard/oob.h"
#include "grognard/save.h"
#include "grognard/utf8.h"
#include "grognard/json_reader.h"

/* Nodes a format-1 battle file may hold: the actions (about 40 values each
 * at most) and a few more. */
#define BF_MAX_NODES (GR_BT_MAX_ACTIONS * (GR_BT_MAX_INPUTS + GR_MAX_ROLLS * 2 + 12) + 64)

void gr_battle_file_free(gr_battle_file *f)
{
    gr_match_free(f->m);
    gr_free(f->oob_path);
    gr_free(f->oob_text);
    gr_free(f->start);
    gr_free(f->sc);
    memset(f, 0, sizeof *f);
}

static gr_status bf_alloc(gr_battle_file *f, const char *name, gr_error *err)
{
    memset(f, 0, sizeof *f);
    f->start = gr_malloc(sizeof *f->start);
    f->sc = gr_malloc(sizeof *f->sc);
    if (!f->start || !f->sc) {
        gr_battle_file_free(f);
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory for a battle", name);
    }
    return GR_OK;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = gr_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* The match of f->start from f->seed, with no step. */
static gr_status bf_match(gr_battle_file *f, const char *name, gr_error *err)
{
    gr_bt_scenario_init(f->sc, f->start);
    gr_game g = {.type = gr_bt_game_type(f->start->system), .sc = f->sc};
    if (!g.type)
        return gr_error_set(err, GR_EINPUT, "%s: the companion has no game of system '%s'", name,
                            f->start->system);
    return gr_match_new(&g, f->seed, &f->m, err);
}

/* The end of making a battle file: on failure free it; else its seed and
 * its match. */
static gr_status bf_finish(gr_battle_file *f, const char *name, gr_status st, uint64_t seed,
                           gr_error *err)
{
    if (st == GR_OK) {
        f->seed = seed;
        f->format = 2;
        st = bf_match(f, name, err);
    }
    if (st != GR_OK)
        gr_battle_file_free(f);
    return st;
}

gr_status gr_battle_file_new(const char *oob_path, const gr_battle_rules *rules, uint64_t seed,
                             gr_battle_file *f, gr_error *err)
{
    char *text = NULL;
    size_t len = 0;
    memset(f, 0, sizeof *f);
    gr_status st = gr_read_file(oob_path, GR_OOB_MAX_BYTES, &text, &len, err);
    if (st == GR_OK)
        st = gr_battle_file_from_text(text, len, oob_path, rules, seed, f, err);
    gr_free(text);
    return st;
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
                              "%s:1:1: the order of battle is not valid UTF-8; save it as UTF-8",
                              name);
    }
    if (st == GR_OK)
        st = gr_oob_parse(text, len, name, rules, seed, f->start, err);
    return bf_finish(f, name, st, seed, err);
}

const gr_battle *gr_battle_file_battle(const gr_battle_file *f)
{
    return gr_bt_game_battle(gr_match_state(f->m));
}

/* ---- tests ------------------------------------------------------------------ */

/* Resolve again, on b, the test whose decision is steps[i] with the dice
 * of the chance steps after it (up to steps[*end - 1]): *a its call and
 * dice, *out what it did, each roll marked typed as its step was given.
 * GR_EAGAIN-like: *end is 0 if the test still waits for a die. */
static gr_status bf_resolve(gr_battle *b, const gr_record_step *steps, size_t n, size_t i,
                            size_t *end, gr_bt_action *a, gr_bt_outcome *out, gr_error *err)
{
    gr_status st = gr_bt_game_call(b, steps[i].rec, a, err);
    if (st != GR_OK)
        return st;
    size_t k = i + 1;
    for (; k < n && steps[k].player == GR_CHANCE; k++) {
        if (a->nrolls >= (int)(sizeof a->rolls / sizeof a->rolls[0]))
            return gr_error_set(err, GR_EINPUT, "step %zu: more dice than a test rolls", k + 1);
        a->rolls[a->nrolls++] = (int)steps[k].action;
    }
    gr_roll_kind need;
    const char *name;
    if ((st = gr_battle_do_exact(b, a, out, &need, &name, err)) != GR_OK)
        return st;
    *end = need == GR_ROLL_NONE ? k : 0;
    /* each roll's values came from one chance step each */
    size_t at = i + 1;
    for (int r = 0; out->resolved && need == GR_ROLL_NONE && r < out->res.nrolls; r++) {
        gr_roll_record *rr = &out->res.rolls[r];
        rr->typed = at < k && steps[at].given;
        at += gr_roll_opposed(rr->kind) ? 2 : 1;
    }
    return GR_OK;
}

gr_status gr_battle_file_tests(const gr_battle_file *f, const char *name, gr_bt_test_fn each,
                               void *ctx, gr_error *err)
{
    gr_battle *b = gr_malloc(sizeof *b);
    gr_bt_outcome *out = gr_malloc(sizeof *out);
    gr_status st = b && out ? GR_OK : gr_error_set(err, GR_ERUNTIME, "%s: out of memory", name);
    size_t n = gr_match_steps(f->m);
    const gr_record_step *steps = n ? gr_match_step(f->m, 0) : NULL;
    if (st == GR_OK)
        memcpy(b, f->start, sizeof *b);
    for (size_t i = 0, t = 0; st == GR_OK && i < n; t++) {
        gr_bt_action a;
        size_t end = 0;
        gr_error e;
        gr_error_clear(&e);
        if (steps[i].player == GR_CHANCE)
            st =
                gr_error_set(err, GR_EINPUT, "%s: step %zu is a die without its test", name, i + 1);
        else if ((st = bf_resolve(b, steps, n, i, &end, &a, out, &e)) != GR_OK)
            st = gr_error_set(err, GR_EINPUT, "%s: test %zu (step %zu) no longer resolves: %s",
                              name, t + 1, i + 1, e.msg);
        else if (!end)
            break; /* the last test still waits for a die */
        else if (gr_battle_hash(b) != steps[end - 1].hash)
            st = gr_error_set(err, GR_EINPUT,
                              "%s: test %zu (step %zu) resolves otherwise than recorded", name,
                              t + 1, i + 1);
        if (st != GR_OK)
            break;
        if (each)
            each(ctx, (int)t, &a, out, b);
        i = end;
    }
    gr_free(b);
    gr_free(out);
    return st;
}

/* ---- one test, and undo ------------------------------------------------------ */

static void rolls_text(const gr_bt_action *a, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < a->nrolls && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%d", i ? "," : "", a->rolls[i]);
}

gr_status gr_battle_file_act(gr_battle_file *f, gr_bt_action *a, gr_bt_outcome *out, gr_error *err)
{
    gr_match *m = f->m;
    if (gr_match_current_player(m) == GR_CHANCE)
        return gr_error_set(err, GR_EILLEGAL,
                            "the last test still waits for its dice; undo it and ask it again");
    if (a->nrolls > GR_MAX_ROLLS)
        return gr_error_set(err, GR_EINPUT, "--roll: at most %d values", GR_MAX_ROLLS);
    gr_bt_outcome *own = out ? NULL : gr_malloc(sizeof *own);
    gr_battle *before = gr_malloc(sizeof *before);
    if (!before || (!out && !own)) {
        gr_free(own);
        gr_free(before);
        return gr_error_set(err, GR_ERUNTIME, "out of memory");
    }
    if (!out)
        out = own;
    memset(out, 0, sizeof *out);
    memcpy(before, gr_battle_file_battle(f), sizeof *before);
    unsigned char rec[GR_ACTION_MAX];
    size_t n0 = gr_match_steps(m);
    int p = gr_match_current_player(m);
    gr_status st = gr_bt_game_record(before, &a->call, rec, err);
    if (st == GR_OK)
        st = gr_match_act(m, rec, err);
    if (st != GR_OK)
        goto done;
    char given[64];
    rolls_text(a, given, sizeof given);
    int k = 0;
    while (gr_match_current_player(m) == GR_CHANCE) {
        gr_roll_kind kind = GR_ROLL_NONE;
        const char *name = "";
        int lo = 0, hi = 0;
        gr_bt_game_need(gr_match_state(m), &kind, &name, &lo, &hi);
        if (k < a->nrolls) {
            unsigned char d[GR_ACTION_MAX];
            int v = a->rolls[k++];
            gr_game_act_of((gr_action)(v < 0 ? 0 : v), d);
            if (v < lo || v > hi || gr_match_act(m, d, NULL) != GR_OK) {
                st = gr_error_set(
                    err, GR_EINPUT,
                    "--roll: %d is not a possible %s for the %s roll; accepted: "
                    "%d to %d",
                    v, kind == GR_ROLL_2D6 || kind == GR_ROLL_2D6_VS_2D6 ? "2D6 total" : "face",
                    name, lo, hi);
                goto undo;
            }
        } else if (a->nrolls > 0) {
            st = gr_error_set(err, GR_EINPUT,
                              "--roll %s: this %s needs one more roll, the %s roll (%s); roll it "
                              "and add it: --roll %s,N",
                              given, a->call.verb, name, gr_roll_name(kind), given);
            goto undo;
        } else if ((st = gr_match_step_chance(m, err)) != GR_OK) {
            goto undo;
        }
    }
    if (k < a->nrolls) {
        st = gr_match_steps(m) == n0 + 1
                 ? gr_error_set(err, GR_EINPUT, "--roll: %s rolls no dice; leave --roll out",
                                a->call.verb)
                 : gr_error_set(err, GR_EINPUT, "--roll: %d value(s) given, %d used by this %s",
                                a->nrolls, k, a->call.verb);
        goto undo;
    }
    /* what the test did, for the players: resolved again with its dice */
    size_t end = 0;
    st = bf_resolve(before, gr_match_step(m, 0), gr_match_steps(m), n0, &end, a, out, err);
    if (st == GR_OK && (!end || gr_battle_hash(before) != gr_battle_hash(gr_battle_file_battle(f))))
        st = gr_error_set(err, GR_ERUNTIME, "the test resolves otherwise a second time (a bug)");
    if (st == GR_OK)
        goto done;
undo:
    gr_match_undo(m, p, NULL);
done:
    gr_free(before);
    gr_free(own);
    return st;
}

gr_status gr_battle_file_undo(gr_battle_file *f, gr_bt_action *undone, gr_error *err)
{
    size_t n = gr_match_steps(f->m), i = n;
    while (i > 0 && gr_match_step(f->m, i - 1)->player == GR_CHANCE)
        i--;
    if (i == 0)
        return gr_error_set(err, GR_EILLEGAL, "the battle has no action to undo");
    gr_record_step d = *gr_match_step(f->m, i - 1);
    gr_bt_action a;
    memset(&a, 0, sizeof a);
    for (size_t k = i; k < n && a.nrolls < (int)(sizeof a.rolls / sizeof a.rolls[0]); k++)
        a.rolls[a.nrolls++] = (int)gr_match_step(f->m, k)->action;
    gr_status st = gr_match_undo(f->m, d.player, err);
    if (st != GR_OK)
        return st;
    gr_bt_action c;
    if (undone && gr_bt_game_call(gr_battle_file_battle(f), d.rec, &c, NULL) == GR_OK) {
        *undone = a;
        undone->call = c.call;
    }
    return GR_OK;
}

/* ---- write ------------------------------------------------------------------ */

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
    return gr_save_write_embedded(f->m, f->oob_path ? f->oob_path : "", f->oob_text, f->oob_len,
                                  path, err);
}

/* ---- read ------------------------------------------------------------------ */

/* A member of a format-1 battle file or action, of JSON type `type`, or
 * NULL (when optional, else GR_EINPUT saying it is missing). */
static gr_status v1_get(const char *name, const gr_jr_node *obj, const char *key, gr_jr_type type,
                        int optional, const gr_jr_node **out, gr_error *err)
{
    *out = gr_jr_get(obj, key);
    if (*out && (*out)->type == GR_JR_NULL && optional)
        *out = NULL;
    if (!*out && !optional)
        return gr_jr_fail(err, name, obj,
                          "no \"%s\" here; this is not a battle file of grognard, or it was cut "
                          "(docs/battle.md)",
                          key);
    if (*out && (*out)->type != type)
        return gr_jr_fail(err, name, *out, "\"%s\" must be %s, not %s", key, gr_jr_type_name(type),
                          gr_jr_type_name((*out)->type));
    return GR_OK;
}

/* One action of a format-1 battle file, {verb, unit, target, leader,
 * inputs, rolls, dice, hash}, on battle b: its words read by the
 * companion's parser (gr_bt_call_parse), its rolls, its recorded hash (0:
 * none). */
static gr_status v1_action(const char *name, const gr_battle *b, const gr_jr_node *e,
                           gr_bt_action *a, uint64_t *hash, gr_error *err)
{
    static const char *const keys[] = {"verb",  "unit", "target", "leader", "inputs",
                                       "rolls", "dice", "hash",   NULL};
    memset(a, 0, sizeof *a);
    *hash = 0;
    if (e->type != GR_JR_OBJECT)
        return gr_jr_fail(err, name, e, "an action is an object, not %s", gr_jr_type_name(e->type));
    for (const gr_jr_node *m = e->child; m; m = m->next)
        if (gr_bt_word(keys, m->key) < 0)
            return gr_jr_fail_key(err, name, m,
                                  "unknown key \"%s\" in an action; accepted: verb, unit, "
                                  "target, leader, inputs, rolls, dice, hash",
                                  m->key);
    char *w[4 + 2 * (GR_BT_MAX_INPUTS + 2)], opt[GR_BT_MAX_INPUTS + 2][GR_BT_ID + 2];
    int n = 0, no = 0;
    const gr_jr_node *v, *in = NULL, *ro = NULL, *d, *h;
    gr_status st = v1_get(name, e, "verb", GR_JR_STRING, 0, &v, err);
    if (st == GR_OK)
        w[n++] = (char *)v->str;
    for (const char *const *k = keys + 1; st == GR_OK && k < keys + 4; k++) {
        if ((st = v1_get(name, e, *k, GR_JR_STRING, 1, &v, err)) == GR_OK && v && k > keys + 1) {
            snprintf(opt[no], sizeof opt[no], "--%s", *k);
            w[n++] = opt[no++];
        }
        if (st == GR_OK && v)
            w[n++] = (char *)v->str;
    }
    if (st == GR_OK)
        st = v1_get(name, e, "inputs", GR_JR_OBJECT, 1, &in, err);
    for (const gr_jr_node *m = in ? in->child : NULL; st == GR_OK && m; m = m->next) {
        if (no >= GR_BT_MAX_INPUTS + 2 || m->type != GR_JR_STRING || strlen(m->key) >= GR_BT_ID)
            return gr_jr_fail(err, name, m, "input \"%s\" must be a string (at most %d inputs)",
                              m->key, GR_BT_MAX_INPUTS);
        snprintf(opt[no], sizeof opt[no], "--%s", m->key);
        w[n++] = opt[no++];
        w[n++] = (char *)m->str;
    }
    gr_error pe;
    gr_error_clear(&pe);
    if (st == GR_OK && gr_bt_call_parse(b, w, n, &a->call, &pe) != GR_OK)
        return gr_jr_fail(err, name, e, "%s", pe.msg);
    if (st == GR_OK)
        st = v1_get(name, e, "rolls", GR_JR_ARRAY, 1, &ro, err);
    for (const gr_jr_node *m = ro ? ro->child : NULL; st == GR_OK && m; m = m->next) {
        if (a->nrolls >= GR_MAX_ROLLS || m->type != GR_JR_NUMBER || !m->is_int || m->ival < -100 ||
            m->ival > 100)
            return gr_jr_fail(err, name, m,
                              "a roll is a whole number (a face or a 2D6 total), at most %d an "
                              "action",
                              GR_MAX_ROLLS);
        a->rolls[a->nrolls++] = (int)m->ival;
    }
    /* "dice" (typed or seed) says where the dice came from: all are given
     * as recorded now */
    if (st == GR_OK && (st = v1_get(name, e, "dice", GR_JR_STRING, 1, &d, err)) == GR_OK && d &&
        strcmp(d->str, "typed") && strcmp(d->str, "seed"))
        st = gr_jr_fail(err, name, d, "\"dice\" must be \"typed\" or \"seed\"");
    if (st == GR_OK && (st = v1_get(name, e, "hash", GR_JR_STRING, 1, &h, err)) == GR_OK && h &&
        gr_save_parse_hash(h->str, hash))
        st = gr_jr_fail(err, name, h, "\"hash\" must be 16 hexadecimal digits");
    return st;
}

/* A format-1 battle file's action e applied to the match: a decision of the
 * side whose phase it is, its dice as chance steps given as recorded
 * (typed, or drawn from the battle's seed then), the state hash checked
 * after it. */
static gr_status v1_apply(gr_battle_file *f, const char *name, const gr_jr_node *e, int i,
                          gr_error *err)
{
    gr_bt_action a;
    uint64_t want;
    gr_status st = v1_action(name, gr_battle_file_battle(f), e, &a, &want, err);
    if (st != GR_OK)
        return st;
    char text[400];
    gr_battle_action_text(gr_battle_file_battle(f), &a, text, sizeof text);
    gr_error ae;
    gr_error_clear(&ae);
    if ((st = gr_battle_file_act(f, &a, NULL, &ae)) != GR_OK)
        return gr_error_set(err, st == GR_ERUNTIME ? GR_ERUNTIME : GR_EINPUT,
                            "%s: action %d (%s) no longer applies: %s; the order of battle or "
                            "the rules changed since it was recorded",
                            name, i, text, ae.msg);
    uint64_t h = gr_battle_hash(gr_battle_file_battle(f));
    if (want && h != want)
        return gr_error_set(err, GR_EINPUT,
                            "%s: after action %d (%s) the state hashes %016" PRIx64
                            ", not %016" PRIx64 " as recorded: the rules changed since it was "
                            "played; resume it with the version that recorded it",
                            name, i, text, h, want);
    return GR_OK;
}

/* A battle file of format 1 (grognard 0.x), parsed in doc: its order of
 * battle, its seed, its actions applied to a new match. */
static gr_status bf_from_v1(gr_battle_file *f, const char *path, const gr_jr_node *root,
                            const gr_battle_rules *rules, gr_error *err)
{
    const gr_jr_node *n, *sys, *seed, *oob, *oobt, *list;
    f->format = 1;
    if (root->type != GR_JR_OBJECT)
        return gr_jr_fail(err, path, root,
                          "a battle file is a JSON object (grognard battle new writes it)");
    gr_status st = v1_get(path, root, "format", GR_JR_NUMBER, 0, &n, err);
    if (st == GR_OK && (!n->is_int || n->ival != 1))
        st = gr_jr_fail(err, path, n,
                        "format %s is not known; this grognard reads battle files of format 1 "
                        "and saves of a battle (\"format\": \"grognard-save\")",
                        n->raw);
    if (st == GR_OK && (st = v1_get(path, root, "system", GR_JR_STRING, 0, &sys, err)) == GR_OK &&
        (st = v1_get(path, root, "seed", GR_JR_NUMBER, 0, &seed, err)) == GR_OK &&
        (!seed->is_int || seed->ival < 0))
        st = gr_jr_fail(err, path, seed, "\"seed\" must be a whole number from 0");
    if (st != GR_OK || (st = v1_get(path, root, "oob", GR_JR_STRING, 0, &oob, err)) != GR_OK ||
        (st = v1_get(path, root, "oob_text", GR_JR_STRING, 0, &oobt, err)) != GR_OK ||
        (st = v1_get(path, root, "actions", GR_JR_ARRAY, 0, &list, err)) != GR_OK)
        return st;
    if (list->len > GR_BT_MAX_ACTIONS)
        return gr_jr_fail(err, path, list, "%zu actions; a battle keeps at most %d", list->len,
                          GR_BT_MAX_ACTIONS);
    if (!(f->oob_path = dup_str(oob->str)) || !(f->oob_text = dup_str(oobt->str)))
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", path);
    f->oob_len = oobt->len;
    f->seed = (uint64_t)seed->ival;
    char name[300];
    snprintf(name, sizeof name, "%s(oob %s)", path, oob->str);
    if ((st = gr_oob_parse(f->oob_text, f->oob_len, name, rules, f->seed, f->start, err)) != GR_OK)
        return st;
    if (strcmp(f->start->system, sys->str) != 0)
        return gr_jr_fail(err, path, sys, "\"system\" is \"%s\" but its order of battle is of %s",
                          sys->str, f->start->system);
    st = bf_match(f, path, err);
    int i = 1;
    for (const gr_jr_node *e = list->child; e && st == GR_OK; e = e->next)
        st = v1_apply(f, path, e, i++, err);
    return st;
}

/* A battle file that is a save of the match. */
static gr_status bf_from_save(gr_battle_file *f, const char *path, gr_saved *sv,
                              const gr_battle_rules *rules, gr_error *err)
{
    const gr_game_type *t = gr_bt_game_type(sv->game);
    if (!t)
        return gr_error_set(err, GR_EINPUT,
                            "%s: a saved game of '%s', not a battle of the companion; replay it "
                            "with grognard replay",
                            path, sv->game);
    if (!sv->scenario_text)
        return gr_error_set(err, GR_EINPUT,
                            "%s: the battle file holds no order of battle (\"scenario_text\"); "
                            "it was cut, or not written by grognard battle",
                            path);
    f->oob_path = sv->scenario;
    f->oob_text = sv->scenario_text;
    f->oob_len = sv->scenario_len;
    sv->scenario = sv->scenario_text = NULL;
    f->seed = sv->seed;
    f->format = 2;
    char name[300];
    snprintf(name, sizeof name, "%s(oob %s)", path, f->oob_path);
    gr_status st = gr_oob_parse(f->oob_text, f->oob_len, name, rules, f->seed, f->start, err);
    if (st == GR_OK && strcmp(f->start->system, t->id))
        st = gr_error_set(err, GR_EINPUT, "%s: the game is \"%s\" but its order of battle is of %s",
                          path, t->id, f->start->system);
    if (st == GR_OK)
        st = bf_match(f, path, err);
    if (st == GR_OK && gr_game_scenario_digest(gr_match_game(f->m)) != sv->scenario_digest)
        st = gr_error_set(err, GR_EINPUT,
                          "%s: the embedded order of battle does not give the recorded "
                          "\"scenario_digest\": the rules changed since it was played; resume it "
                          "with the version that recorded it",
                          path);
    size_t bad = 0;
    gr_error e;
    gr_error_clear(&e);
    if (st == GR_OK)
        st = gr_saved_actions(sv, gr_match_game(f->m), err);
    if (st == GR_OK && (st = gr_match_replay(f->m, sv->steps, sv->nsteps, &bad, &e)) != GR_OK)
        st = gr_error_set(err, st == GR_ERUNTIME ? GR_ERUNTIME : GR_EINPUT, "%s: %s", path, e.msg);
    return st;
}

gr_status gr_battle_file_read(const char *path, const gr_battle_rules *rules, gr_battle_file *f,
                              gr_error *err)
{
    gr_status st = bf_alloc(f, path, err);
    if (st != GR_OK)
        return st;
    char *text = NULL;
    size_t len = 0;
    if ((st = gr_read_file(path, GR_BATTLE_FILE_MAX_BYTES, &text, &len, err)) != GR_OK) {
        gr_battle_file_free(f);
        return st;
    }
    gr_saved sv;
    st = gr_save_parse(text, len, path, &sv, err);
    if (sv.recognised) {
        gr_free(text);
        if (st == GR_OK)
            st = bf_from_save(f, path, &sv, rules, err);
        gr_saved_free(&sv);
        if (st != GR_OK)
            gr_battle_file_free(f);
        return st;
    }
    gr_saved_free(&sv);
    gr_jr_node *root = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, path, BF_MAX_NODES, &root, err);
    gr_free(text);
    st = doc ? bf_from_v1(f, path, root, rules, err) : err ? err->code : GR_EINPUT;
    gr_jr_free(doc);
    if (st != GR_OK)
        gr_battle_file_free(f);
    return st;
}
