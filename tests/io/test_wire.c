/* test_wire.c - the library's JSON (grognard/wire.h) without the CLI.
 *
 * One case of L'Âge des Aigles worked out by hand from seed 003:
 *
 * - Table des tirs, PUISSANCE 12-14: "4 ou moins" Tir inefficace, "5, 6, 7"
 *   Tir impressionnant, "8, 9, 10" Tir efficace, "11 ou plus" Tir
 *   meurtrier, "-" Tir dévastateur.  Power 13, score 8 reads "Tir
 *   efficace"; with one D10 and no modifier the odds are 4/10 = 2/5, 3/10,
 *   3/10, 0, 0.
 * - Table des combats, D10 against D10, modifier 0: a difference of 0
 *   (Fixé au combat) is 10 of the 100 pairs = 1/10; 7 or more 3+2+1 = 6
 *   pairs = 3/50; 4..6: 6+5+4 = 15 = 3/20; 1..3: 9+8+7 = 24 = 6/25; the
 *   losing side's results mirror them.
 * - Fire by 6 stands of "Infanterie linéaire 2 rangs/mixte" (2.5 each): power
 *   15, row 15-19 ("3 ou moins", "4, 5, 6", "7, 8, 9", "10 ou plus", "-").
 *   The target is moving: DRM +1 ("Cible attelée / a changé de formation /
 *   en mode mouvement").  A 7 rolled reads 8: Tir efficace.  Before the
 *   roll, D10+1 gives 2..11: 2 in 10 inefficace (2, 3), 3 impressionnant,
 *   3 efficace, 2 meurtrier (10, 11), none dévastateur. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/grognard.h"
#include "grognard/match.h"
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/wire.h"

/* Set the input `name` of params to `text` in a (must succeed). */
static void set(const gr_param *params, size_t n, gr_args *a, const char *name, const char *text)
{
    int i = gr_param_index(params, n, name);
    assert_true(i >= 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_args_set(params, i, text, a, &err), GR_OK);
}

static const gr_table *aoe_table(const char *name)
{
    const gr_system *s = gr_system_find("aoe");
    assert_non_null(s);
    const gr_table *t = gr_system_table(s, name);
    assert_non_null(t);
    return t;
}

static const char *str(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

static json_int_t integer(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

/* The keys of obj in order, joined by ',' into buf. */
static const char *keys(const json_t *obj, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (void *it = json_object_iter((json_t *)obj); it;
         it = json_object_iter_next((json_t *)obj, it)) {
        if (buf[0])
            strncat(buf, ",", cap - strlen(buf) - 1);
        strncat(buf, json_object_iter_key(it), cap - strlen(buf) - 1);
    }
    return buf;
}

/* fractions[id] is "want" and odds[id] is its value as a number. */
static void check_odds(const json_t *odds, const json_t *fractions, const char *id,
                       const char *want, double p)
{
    assert_string_equal(str(fractions, id), want);
    const json_t *v = json_object_get(odds, id);
    assert_true(json_is_number(v));
    assert_true(json_number_value(v) > p - 1e-12 && json_number_value(v) < p + 1e-12);
}

static void test_milli(void **state)
{
    (void)state;
    json_t *v = gr_wire_milli(15000);
    assert_true(json_is_integer(v));
    assert_int_equal(json_integer_value(v), 15);
    json_decref(v);
    v = gr_wire_milli(-3000);
    assert_int_equal(json_integer_value(v), -3);
    json_decref(v);
    v = gr_wire_milli(7500);
    assert_true(json_is_real(v));
    assert_true(json_real_value(v) == 7.5);
    json_decref(v);
}

/* lookup aoe fire --power 13 --score 8: "Tir efficace" in cell 12-14 | 8, 9, 10. */
static void test_lookup_fire_13_8(void **state)
{
    (void)state;
    const gr_system *s = gr_system_find("aoe");
    const gr_table *t = aoe_table("fire");
    gr_args a;
    memset(&a, 0, sizeof a);
    set(t->params, t->nparams, &a, "power", "13");
    set(t->params, t->nparams, &a, "score", "8");
    gr_cell c;
    memset(&c, 0, sizeof c);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(t->lookup(&a, &c, &err), GR_OK);

    json_t *j = gr_wire_lookup(s, t, &a, &c);
    assert_non_null(j);
    char k[256];
    assert_string_equal(keys(j, k, sizeof k),
                        "system,table,inputs,result,label,effect,effects,cell,source");
    assert_string_equal(str(j, "system"), "aoe");
    assert_string_equal(str(j, "table"), "fire");
    assert_string_equal(str(j, "result"), "effective");
    assert_string_equal(str(j, "label"), "Tir efficace");
    assert_non_null(strstr(str(j, "effect"), "perd une base"));
    assert_non_null(strstr(str(j, "cell"), "8, 9, 10"));
    assert_non_null(strstr(str(j, "source"), "seed 003"));
    /* "Troupe en désordre et perd une base ou une batterie endommagée": two
     * lines, the brigade's and the battery's. */
    const json_t *fx = json_object_get(j, "effects");
    assert_int_equal(json_array_size(fx), 2);
    const json_t *troops = json_array_get(fx, 0), *guns = json_array_get(fx, 1);
    assert_string_equal(str(troops, "who"), "target");
    assert_string_equal(str(troops, "arm"), "troops");
    assert_string_equal(str(troops, "when"), "always");
    assert_string_equal(str(troops, "disorder"), "disordered");
    assert_int_equal(integer(troops, "stands"), 1);
    assert_string_equal(keys(troops, k, sizeof k), "who,arm,when,stands,disorder,text");
    assert_string_equal(str(troops, "text"), "unit (troops): disordered, loses 1 stand");
    assert_string_equal(str(guns, "arm"), "guns");
    assert_string_equal(str(guns, "guns"), "damaged");
    assert_string_equal(str(guns, "text"), "unit (guns): guns damaged");
    const json_t *in = json_object_get(j, "inputs");
    assert_int_equal(json_object_size(in), 2);
    assert_int_equal(integer(in, "power"), 13);
    assert_int_equal(integer(in, "score"), 8);
    json_decref(j);
}

/* odds aoe fire --power 13: 2/5, 3/10, 3/10, 0, 0. */
static void test_odds_fire_13(void **state)
{
    (void)state;
    const gr_system *s = gr_system_find("aoe");
    const gr_table *t = aoe_table("fire");
    gr_args a;
    memset(&a, 0, sizeof a);
    set(t->params, t->nparams, &a, "power", "13");
    gr_odds o;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_table_odds(t, &a, 0, &o, &err), GR_OK);

    json_t *j = gr_wire_odds(s, t, &a, 0, &o);
    assert_non_null(j);
    char k[256];
    assert_string_equal(keys(j, k, sizeof k), "system,table,inputs,modifier,dice,odds,fractions");
    assert_string_equal(str(j, "dice"), "D10");
    assert_int_equal(integer(j, "modifier"), 0);
    const json_t *odds = json_object_get(j, "odds"), *fr = json_object_get(j, "fractions");
    assert_string_equal(keys(odds, k, sizeof k),
                        "ineffective,impressive,effective,deadly,devastating");
    check_odds(odds, fr, "ineffective", "2/5", 0.4);
    check_odds(odds, fr, "impressive", "3/10", 0.3);
    check_odds(odds, fr, "effective", "3/10", 0.3);
    check_odds(odds, fr, "deadly", "0/1", 0.0);
    check_odds(odds, fr, "devastating", "0/1", 0.0);
    /* the inputs are the ones given: no score */
    assert_null(json_object_get(json_object_get(j, "inputs"), "score"));
    json_decref(j);
}

/* odds aoe combat --modifier 0: locked 1/10, and the text as the CLI prints it. */
static void test_odds_combat_locked(void **state)
{
    (void)state;
    const gr_system *s = gr_system_find("aoe");
    const gr_table *t = aoe_table("combat");
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_odds o;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_table_odds(t, &a, 0, &o, &err), GR_OK);

    json_t *j = gr_wire_odds(s, t, &a, 0, &o);
    assert_non_null(j);
    assert_string_equal(str(j, "table"), "combat");
    assert_int_equal(json_object_size(json_object_get(j, "inputs")), 0);
    const json_t *odds = json_object_get(j, "odds"), *fr = json_object_get(j, "fractions");
    assert_int_equal(json_object_size(odds), 7);
    check_odds(odds, fr, "locked", "1/10", 0.1);
    check_odds(odds, fr, "defender_shattered", "3/50", 0.06);
    check_odds(odds, fr, "defender_driven_back", "3/20", 0.15);
    check_odds(odds, fr, "defender_falls_back", "6/25", 0.24);
    check_odds(odds, fr, "attacker_falls_back", "6/25", 0.24);
    check_odds(odds, fr, "attacker_driven_back", "3/20", 0.15);
    check_odds(odds, fr, "attacker_shattered", "3/50", 0.06);
    /* 15 significant digits: 0.1, not 0.10000000000000001 */
    char *text = gr_wire_dumps(j);
    assert_non_null(text);
    assert_non_null(strstr(text, "\n    \"locked\": 0.1,\n"));
    free(text);
    json_decref(j);
}

/* Resolve 6 stands of 2-rank line firing at a moving target, with the
 * faces typed (7) or drawn from a seed. */
static gr_status fire(gr_args *a, const int *roll, gr_rng *rng, gr_resolution *r)
{
    const gr_procedure *p = gr_system_procedure(gr_system_find("aoe"), "fire");
    assert_non_null(p);
    memset(a, 0, sizeof *a);
    set(p->params, p->nparams, a, "firer", "infantry");
    set(p->params, p->nparams, a, "troops", "two_rank_line_or_mixed");
    set(p->params, p->nparams, a, "stands", "6");
    set(p->params, p->nparams, a, "target_moving", "1");
    gr_dice_source dice;
    memset(&dice, 0, sizeof dice);
    dice.rng = rng;
    if (roll) {
        dice.typed[0] = *roll;
        dice.ntyped = 1;
    }
    gr_error err;
    gr_error_clear(&err);
    return p->resolve(a, &dice, r, &err);
}

static void test_resolution_fire(void **state)
{
    (void)state;
    const gr_system *s = gr_system_find("aoe");
    const gr_procedure *p = gr_system_procedure(s, "fire");
    gr_resolution *r = calloc(1, sizeof *r);
    assert_non_null(r);
    gr_args a;
    int seven = 7;
    assert_int_equal(fire(&a, &seven, NULL, r), GR_OK);

    json_t *j = gr_wire_resolution(s, p, &a, r, NULL);
    assert_non_null(j);
    char k[256];
    assert_string_equal(keys(j, k, sizeof k),
                        "system,procedure,inputs,result,label,effect,effects,score,modifier,values,"
                        "modifiers,rolls,steps,odds,notes");
    assert_string_equal(str(j, "procedure"), "fire");
    assert_null(json_object_get(j, "seed")); /* the face was typed */
    assert_string_equal(str(j, "result"), "effective");
    assert_string_equal(str(j, "label"), "Tir efficace");
    assert_int_equal(integer(j, "score"), 8);
    assert_int_equal(integer(j, "modifier"), 1);
    assert_int_equal(integer(json_object_get(j, "values"), "power"), 15);
    const json_t *in = json_object_get(j, "inputs");
    assert_int_equal(integer(in, "stands"), 6);
    assert_string_equal(str(in, "troops"), "two_rank_line_or_mixed");
    assert_true(json_is_true(json_object_get(in, "target-moving")));

    /* the +1 of the moving target, applied, with its reason from the seed */
    const json_t *mods = json_object_get(j, "modifiers");
    int found = 0;
    for (size_t i = 0; i < json_array_size(mods); i++) {
        const json_t *m = json_array_get(mods, i);
        if (!strcmp(str(m, "kind"), "drm")) {
            assert_int_equal(integer(m, "value"), 1);
            assert_true(json_is_true(json_object_get(m, "applied")));
            assert_string_equal(str(m, "side"), "attacker");
            assert_non_null(strstr(str(m, "reason"), "en mode mouvement"));
            found++;
        }
    }
    assert_int_equal(found, 1);

    const json_t *roll = json_array_get(json_object_get(j, "rolls"), 0);
    assert_string_equal(str(roll, "dice"), "D10");
    assert_int_equal(json_array_size(json_object_get(roll, "faces")), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(roll, "faces"), 0)), 7);
    assert_int_equal(integer(roll, "total"), 7);
    assert_true(json_is_true(json_object_get(roll, "typed")));

    const json_t *steps = json_object_get(j, "steps");
    assert_int_equal(json_array_size(steps), 1);
    const json_t *st = json_array_get(steps, 0);
    assert_string_equal(str(st, "table"), "fire");
    assert_int_equal(integer(json_object_get(st, "inputs"), "power"), 15);
    assert_int_equal(integer(json_object_get(st, "inputs"), "score"), 8);
    assert_non_null(strstr(str(st, "cell"), "7, 8, 9"));
    /* the result's effects, at the top and in its step */
    assert_int_equal(integer(json_array_get(json_object_get(j, "effects"), 0), "stands"), 1);
    assert_true(json_equal(json_object_get(j, "effects"), json_object_get(st, "effects")));
    const json_t *odds = json_object_get(st, "odds"), *fr = json_object_get(st, "fractions");
    check_odds(odds, fr, "ineffective", "1/5", 0.2);
    check_odds(odds, fr, "impressive", "3/10", 0.3);
    check_odds(odds, fr, "effective", "3/10", 0.3);
    check_odds(odds, fr, "deadly", "1/5", 0.2);
    check_odds(odds, fr, "devastating", "0/1", 0.0);
    /* the first step's odds, repeated at the top */
    assert_true(json_equal(json_object_get(j, "odds"), (json_t *)odds));
    json_decref(j);

    /* drawn from a seed: the seed is part of the object, the face untyped */
    gr_rng rng;
    gr_rng_seed(&rng, 42);
    assert_int_equal(fire(&a, NULL, &rng, r), GR_OK);
    uint64_t seed = 42;
    j = gr_wire_resolution(s, p, &a, r, &seed);
    assert_non_null(j);
    assert_int_equal(integer(j, "seed"), 42);
    roll = json_array_get(json_object_get(j, "rolls"), 0);
    assert_false(json_is_true(json_object_get(roll, "typed")));
    json_int_t face = json_integer_value(json_array_get(json_object_get(roll, "faces"), 0));
    assert_true(face >= 1 && face <= 10);
    assert_int_equal(integer(j, "score"), face + 1);
    json_decref(j);
    free(r);
}

static void test_systems(void **state)
{
    (void)state;
    json_t *all = gr_wire_systems(NULL);
    assert_non_null(all);
    size_t n = 0;
    while (gr_systems[n])
        n++;
    assert_int_equal(json_array_size(all), n);
    const json_t *aoe = json_array_get(all, 0);
    char k[256];
    assert_string_equal(keys(aoe, k, sizeof k), "id,title,seeds,dice,tables,procedures,inputs");
    assert_string_equal(str(aoe, "id"), "aoe");
    assert_string_equal(json_string_value(json_array_get(json_object_get(aoe, "tables"), 0)),
                        "fire");
    /* the inputs a page builds its controls from: the AoE fire table is read
     * with the fire power and a D10 score (seed 003, Table des tirs); odds
     * fill the score, so it is named apart and not among the params */
    const json_t *fire =
        json_object_get(json_object_get(json_object_get(aoe, "inputs"), "tables"), "fire");
    assert_string_equal(keys(fire, k, sizeof k), "title,source,dice,score,params,example");
    assert_string_equal(str(fire, "dice"), "D10");
    assert_string_equal(str(fire, "score"), "score");
    const json_t *fp = json_object_get(fire, "params");
    assert_int_equal(json_array_size(fp), 1);
    assert_string_equal(str(json_array_get(fp, 0), "name"), "power");
    assert_string_equal(str(json_array_get(fp, 0), "kind"), "number");
    /* the fire procedure: who fires is a choice of the three firers */
    const json_t *pf = json_object_get(
        json_object_get(json_object_get(json_object_get(aoe, "inputs"), "procedures"), "fire"),
        "params");
    const json_t *firer = json_array_get(pf, 0);
    assert_string_equal(keys(firer, k, sizeof k), "name,kind,required,choices,help");
    assert_string_equal(str(firer, "name"), "firer");
    assert_string_equal(str(firer, "kind"), "choice");
    assert_true(json_is_true(json_object_get(firer, "required")));
    const json_t *ch = json_object_get(firer, "choices");
    assert_int_equal(json_array_size(ch), 3);
    assert_string_equal(json_string_value(json_array_get(ch, 0)), "infantry");
    assert_string_equal(json_string_value(json_array_get(ch, 2)), "artillery");
    json_decref(all);

    json_t *one = gr_wire_systems(gr_system_find("nf"));
    assert_int_equal(json_array_size(one), 1);
    assert_string_equal(str(json_array_get(one, 0), "id"), "nf");
    json_decref(one);
}

/* ---- games: events and per-side views ------------------------------------- */

static const char *source_root = ".";

/* The teaching scenario with side 0 having put one chit of its first corps
 * in the bowl and finished: side 1 is to choose. */
static void teaching_after_side0(re_scenario *sc, re_state *st, int *corps0)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/teaching.json", source_root);
    gr_error err;
    assert_int_equal(re_scenario_load(path, sc, &err), GR_OK);
    assert_int_equal(re_init(sc, st, &err), GR_OK);
    int c = 0;
    while (sc->corps[c].side != 0)
        c++;
    *corps0 = c;
    re_action a = {RE_A_CHIT, (uint8_t)c, RE_NO_UNIT, -1, -1, -1, -1, 0};
    assert_int_equal(re_apply(sc, st, a, NULL, &err), GR_OK);
    re_action done = {RE_A_CHITS_DONE, RE_NO_UNIT, RE_NO_UNIT, -1, -1, -1, -1, 0};
    assert_int_equal(re_apply(sc, st, done, NULL, &err), GR_OK);
    assert_int_equal(re_current_player(sc, st), 1);
}

static void test_view_hides_the_other_sides_chits(void **state)
{
    (void)state;
    static re_scenario sc;
    re_state st;
    int c0;
    teaching_after_side0(&sc, &st, &c0);
    gr_game g = {&re_game_type, &sc, NULL};
    json_t *v1 = gr_game_view_json(&g, &st, 1), *v0 = gr_game_view_json(&g, &st, 0);
    assert_non_null(v1);
    assert_non_null(v0);
    /* side 1 knows one chit is in the bowl, not whose */
    const json_t *b1 = json_object_get(v1, "bowl");
    assert_int_equal(json_integer_value(json_object_get(b1, "hidden")), 1);
    assert_int_equal(json_object_size(json_object_get(b1, "own")), 0);
    char *text = gr_wire_dumps(v1);
    assert_non_null(text);
    assert_null(strstr(text, "\"own\": {\n      \""));
    free(text);
    /* side 0 sees its own chit, by corps */
    const json_t *b0 = json_object_get(v0, "bowl");
    assert_int_equal(json_integer_value(json_object_get(b0, "hidden")), 0);
    assert_int_equal(
        json_integer_value(json_object_get(json_object_get(b0, "own"), sc.corps[c0].name)), 1);
    assert_string_equal(json_string_value(json_object_get(v1, "stage")), "chits");
    assert_int_equal(json_integer_value(json_object_get(v1, "to_move")), 1);
    assert_int_equal(json_array_size(json_object_get(v1, "units")), sc.nunits);
    json_decref(v1);
    json_decref(v0);
}

static void test_event(void **state)
{
    (void)state;
    static re_scenario sc;
    re_state st;
    int c0;
    teaching_after_side0(&sc, &st, &c0);
    gr_game g = {&re_game_type, &sc, NULL};
    /* side 1 puts two chits in: the event says how many, never which */
    static gr_log log;
    gr_log_clear(&log);
    gr_error err;
    int c1 = 0;
    while (sc.corps[c1].side != 1)
        c1++;
    re_action a = {RE_A_CHIT, (uint8_t)c1, RE_NO_UNIT, -1, -1, -1, -1, 0};
    assert_int_equal(re_apply(&sc, &st, a, &log, &err), GR_OK);
    assert_int_equal(re_apply(&sc, &st, a, &log, &err), GR_OK);
    if (re_current_player(&sc, &st) == 1) { /* else the engine closed the choice */
        re_action done = {RE_A_CHITS_DONE, RE_NO_UNIT, RE_NO_UNIT, -1, -1, -1, -1, 0};
        assert_int_equal(re_apply(&sc, &st, done, &log, &err), GR_OK);
    }
    assert_true(log.n >= 1);
    json_t *en = gr_wire_event(&g, &log.ev[0], GR_LANG_EN);
    json_t *fr = gr_wire_event(&g, &log.ev[0], GR_LANG_FR);
    assert_string_equal(json_string_value(json_object_get(en, "kind")), "chits");
    assert_string_equal(json_string_value(json_object_get(en, "source")), "seed 004 §1 Activation");
    assert_non_null(strstr(json_string_value(json_object_get(en, "text")), "2 chit"));
    assert_non_null(strstr(json_string_value(json_object_get(fr, "text")), "2 jetons"));
    /* nothing in it names the corps */
    char *text = gr_wire_dumps(en);
    assert_null(strstr(text, sc.corps[c1].name));
    free(text);
    /* a line's own event is no detail; one marked as the detail of the
     * line before (a modifier, a table read) says so */
    assert_null(json_object_get(en, "detail"));
    gr_event d = log.ev[0];
    d.detail = 1;
    json_t *dj = gr_wire_event(&g, &d, GR_LANG_EN);
    assert_true(json_is_true(json_object_get(dj, "detail")));
    json_decref(dj);
    json_decref(en);
    json_decref(fr);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        source_root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_milli),
        cmocka_unit_test(test_lookup_fire_13_8),
        cmocka_unit_test(test_odds_fire_13),
        cmocka_unit_test(test_odds_combat_locked),
        cmocka_unit_test(test_resolution_fire),
        cmocka_unit_test(test_systems),
        cmocka_unit_test(test_view_hides_the_other_sides_chits),
        cmocka_unit_test(test_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
