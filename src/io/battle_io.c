/* battle_io.c - the battle file: the companion's match and its order of
 * battle, read from a save of the match or from format 1 (battle_io.h). */
#include "grognard/battle_io.h"
#include "grognard/battle_wire.h"
#include "grognard/file_io.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    gr_free(f->sc);
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

/* f's order of battle (f->oob_text, named `name` in messages) read with
 * `rules` as the scenario of a new match from `seed`, with no step. */
static gr_status bf_start(gr_battle_file *f, const char *name, const gr_battle_rules *rules,
                          uint64_t seed, gr_error *err)
{
    gr_battle *b = gr_malloc(sizeof *b);
    f->sc = gr_malloc(sizeof *f->sc);
    gr_status st = b && f->sc
                       ? gr_oob_parse(f->oob_text, f->oob_len, name, rules, seed, b, err)
                       : gr_error_set(err, GR_ERUNTIME, "%s: out of memory for a battle", name);
    if (st == GR_OK) {
        gr_bt_scenario_init(f->sc, b);
        gr_game g = {.type = gr_bt_game_type(b->system), .sc = f->sc};
        st = g.type ? gr_match_new(&g, seed, &f->m, err)
                    : gr_error_set(err, GR_EINPUT, "%s: the companion has no game of system '%s'",
                                   name, b->system);
    }
    gr_free(b);
    return st;
}

gr_status gr_battle_file_new(const char *oob_path, const gr_battle_rules *rules, uint64_t seed,
                             gr_battle_file *f, gr_error *err)
{
    memset(f, 0, sizeof *f);
    gr_status st = gr_read_file(oob_path, GR_OOB_MAX_BYTES, &f->oob_text, &f->oob_len, err);
    if (st == GR_OK && !(f->oob_path = dup_str(oob_path)))
        st = gr_error_set(err, GR_ERUNTIME, "%s: out of memory", oob_path);
    if (st == GR_OK && (memchr(f->oob_text, 0, f->oob_len) || !gr_utf8_valid(f->oob_text)))
        st = gr_error_set(err, GR_EINPUT,
                          "%s:1:1: the order of battle is not valid UTF-8; save it as UTF-8",
                          oob_path);
    if (st == GR_OK)
        st = bf_start(f, oob_path, rules, seed, err);
    if (st != GR_OK)
        gr_battle_file_free(f);
    return st;
}

/* ---- a test ----------------------------------------------------------------- */

gr_status gr_bt_ask(gr_match *m, gr_bt_action *a, gr_bt_outcome *out, gr_error *err)
{
    if (gr_match_current_player(m) == GR_CHANCE)
        return gr_error_set(err, GR_EILLEGAL,
                            "the last test still waits for its dice; undo it and ask it again");
    gr_battle *before = gr_malloc(sizeof *before);
    if (!before)
        return gr_error_set(err, GR_ERUNTIME, "out of memory");
    memcpy(before, gr_bt_game_battle(gr_match_state(m)), sizeof *before);
    memset(out, 0, sizeof *out);
    unsigned char rec[GR_ACTION_MAX];
    size_t n0 = gr_match_steps(m);
    int p = gr_match_current_player(m);
    gr_status st = gr_bt_game_record(before, &a->call, rec, err);
    if (st == GR_OK)
        st = gr_match_act(m, rec, err);
    char given[64];
    size_t gl = 0;
    given[0] = 0;
    for (int i = 0; i < a->nrolls && gl < sizeof given; i++)
        gl += (size_t)snprintf(given + gl, sizeof given - gl, "%s%d", i ? "," : "", a->rolls[i]);
    int k = 0;
    while (st == GR_OK && gr_match_current_player(m) == GR_CHANCE) {
        gr_roll_kind kind = GR_ROLL_NONE;
        const char *name = "";
        int lo = 0, hi = 0, v = k < a->nrolls ? a->rolls[k] : 0;
        gr_bt_game_need(gr_match_state(m), &kind, &name, &lo, &hi);
        gr_game_act_of((gr_action)(v < 0 ? 0 : v), rec);
        if (!a->nrolls)
            st = gr_match_step_chance(m, err);
        else if (k++ >= a->nrolls)
            st = gr_error_set(err, GR_EINPUT,
                              "{roll} %s: this %s needs one more roll, the %s roll (%s); roll it "
                              "and add it: {roll} %s,N",
                              given, a->call.verb, name, gr_roll_name(kind), given);
        else if (v < lo || v > hi || gr_match_act(m, rec, NULL) != GR_OK)
            st = gr_error_set(
                err, GR_EINPUT,
                "{roll}: %d is not a possible %s for the %s roll; accepted: %d to %d", v,
                kind == GR_ROLL_2D6 || kind == GR_ROLL_2D6_VS_2D6 ? "2D6 total" : "face", name, lo,
                hi);
    }
    if (st == GR_OK && k < a->nrolls)
        st = gr_match_steps(m) == n0 + 1
                 ? gr_error_set(err, GR_EINPUT, "{roll}: %s rolls no dice; leave {roll} out",
                                a->call.verb)
                 : gr_error_set(err, GR_EINPUT, "{roll}: %d value(s) given, %d used by this %s",
                                a->nrolls, k, a->call.verb);
    /* what the test did, for the players: resolved again with its dice */
    size_t end = 0;
    if (st == GR_OK &&
        (st = gr_bt_resolve_test(before, gr_match_step(m, 0), gr_match_steps(m), n0, &end, a, out,
                                 err)) == GR_OK &&
        (!end || gr_battle_hash(before) != gr_battle_hash(gr_bt_game_battle(gr_match_state(m)))))
        st = gr_error_set(err, GR_ERUNTIME, "the test resolves otherwise a second time (a bug)");
    if (st != GR_OK && gr_match_steps(m) > n0)
        gr_match_undo(m, p, NULL);
    gr_free(before);
    return st;
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
    if (gr_jr_only_keys(err, name, e, keys, "an action", NULL) != GR_OK)
        return GR_EINPUT;
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

/* A format-1 battle file's action e asked of the match (gr_bt_ask): a
 * decision of the side whose phase it is, its dice as chance steps given
 * as recorded (typed, or drawn from the battle's seed then), the state
 * hash checked after it. */
static gr_status v1_apply(gr_battle_file *f, const char *name, const gr_jr_node *e, int i,
                          gr_bt_outcome *out, gr_error *err)
{
    gr_bt_action a;
    uint64_t want;
    const gr_battle *b = gr_bt_game_battle(gr_match_state(f->m));
    gr_status st = v1_action(name, b, e, &a, &want, err);
    if (st != GR_OK)
        return st;
    char text[400];
    gr_battle_action_text(b, &a, text, sizeof text);
    gr_error ae;
    gr_error_clear(&ae);
    st = gr_bt_ask(f->m, &a, out, &ae);
    if (st != GR_OK)
        return gr_error_set(err, st == GR_ERUNTIME ? GR_ERUNTIME : GR_EINPUT,
                            "%s: action %d (%s) no longer applies: %s; the order of battle or "
                            "the rules changed since it was recorded",
                            name, i, text, ae.msg);
    uint64_t h = gr_battle_hash(gr_bt_game_battle(gr_match_state(f->m)));
    if (want && h != want)
        return gr_error_set(err, GR_EINPUT,
                            "%s: after action %d (%s) the state hashes %016" PRIx64
                            ", not %016" PRIx64 " as recorded: the rules changed since it was "
                            "played; resume it with the version that recorded it",
                            name, i, text, h, want);
    return GR_OK;
}

/* bf_start for the order of battle embedded in the battle file `path`
 * (its errors named "PATH(oob OOB_PATH)"). */
static gr_status bf_embedded(gr_battle_file *f, const char *path, const gr_battle_rules *rules,
                             uint64_t seed, gr_error *err)
{
    char name[300];
    snprintf(name, sizeof name, "%s(oob %s)", path, f->oob_path);
    return bf_start(f, name, rules, seed, err);
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
    if ((st = bf_embedded(f, path, rules, (uint64_t)seed->ival, err)) != GR_OK)
        return st;
    if (strcmp(f->sc->start.system, sys->str) != 0)
        return gr_jr_fail(err, path, sys, "\"system\" is \"%s\" but its order of battle is of %s",
                          sys->str, f->sc->start.system);
    gr_bt_outcome *out = gr_malloc(sizeof *out);
    if (!out)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory", path);
    int i = 1;
    for (const gr_jr_node *e = list->child; e && st == GR_OK; e = e->next)
        st = v1_apply(f, path, e, i++, out, err);
    gr_free(out);
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
    f->format = 2;
    gr_status st = bf_embedded(f, path, rules, sv->seed, err);
    if (st == GR_OK && strcmp(f->sc->start.system, t->id))
        st = gr_error_set(err, GR_EINPUT, "%s: the game is \"%s\" but its order of battle is of %s",
                          path, t->id, f->sc->start.system);
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
    memset(f, 0, sizeof *f);
    char *text = NULL;
    size_t len = 0;
    gr_status st = gr_read_file(path, GR_BATTLE_FILE_MAX_BYTES, &text, &len, err);
    if (st != GR_OK)
        return st;
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
