/* test_tb_ask.c - the questions a page asks of a battle on the table
 * (issue 30): aoe-table's sight_json, measure_json, reach_json,
 * check_json and odds_json (tb_ask.c; docs/api.md "A battle on the
 * table"), on data/table/teaching.json, every value worked out by hand.
 *
 * The places, as test_tb_script.c works them out from the file and the
 * bases of docs/rules/aoe.md: claparede, a column of 6 at (12, 6) facing
 * north, stands x 11..13, y 3.75..6; french_battery x 17..19, y 5..6,
 * facing north; austrian_battery's front x 18..20 at y 25, facing south;
 * hohenlohe's front x 23.5..26.5 at y 25.  The crest runs from (16, 15.5)
 * to (22, 15.5) (level 1, the file gives it no name); the wood « Bois de
 * la Garenne » is x 3..10, y 12..17.
 *
 * Run with the source root as its argument (meson passes it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/tb.h"

#include "tb_steps.h"

static const char *root = ".";

static double num(const json_t *v)
{
    if (!json_is_number(v))
        fail_msg("not a number");
    return json_number_value(v);
}

/* a number in inches, as exact as the table's thousandth */
static void expect_in(const json_t *v, double want)
{
    double got = num(v);
    if (got < want - 1e-9 || got > want + 1e-9)
        fail_msg("want %.4f inches, got %.6f", want, got);
}

static void expect_pt(const json_t *p, double x, double y)
{
    expect_in(json_array_get(p, 0), x);
    expect_in(json_array_get(p, 1), y);
}

/* The target `id` of a sight answer. */
static json_t *target(json_t *sight, int id)
{
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(sight, "targets"), i, t)
    {
        if (json_integer_value(json_object_get(t, "unit")) == id)
            return t;
    }
    fail_msg("no target %d", id);
    return NULL;
}

static void reset(void)
{
    gr_error err = {0};
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
}

/* The state of test_tb_script.c at s1_fire_second (tb_steps.h). */
static void to_fire_second(void)
{
    reset();
    tb_steps_to_austrian_fire();
}

static void sight(void **state)
{
    (void)state;
    reset();
    json_t *s = G.type->sight_json(G.sc, ST, FRENCH_BATTERY);
    assert_non_null(s);
    /* a battery's bands: the PUISSANCE columns of the artillery, 2", 4",
     * 8", 12", 18" (seed 003) */
    json_t *bands = json_object_get(s, "bands");
    assert_int_equal(json_array_size(bands), 5);
    static const double lim[] = {2, 4, 8, 12, 18};
    for (size_t i = 0; i < 5; i++)
        expect_in(json_object_get(json_array_get(bands, i), "inches"), lim[i]);
    assert_string_equal(json_string_value(json_object_get(json_array_get(bands, 4), "name")),
                        "18\"");
    /* the arc: from the front (17, 6)-(19, 6), out 45 degrees each side,
     * 18" ahead: (19 + 18, 6 + 18) and (17 - 18, 6 + 18) */
    json_t *poly = json_object_get(json_array_get(json_object_get(s, "arcs"), 0), "polygon");
    assert_int_equal(json_array_size(poly), 4);
    expect_pt(json_array_get(poly, 0), 19, 6);
    expect_pt(json_array_get(poly, 1), 37, 24);
    expect_pt(json_array_get(poly, 2), -1, 24);
    expect_pt(json_array_get(poly, 3), 17, 6);
    /* the three Austrians, the only enemies listed */
    assert_int_equal(json_array_size(json_object_get(s, "targets")), 3);
    /* austrian_battery: straight ahead, 25 - 6 = 19" (x 18..19 face to
     * face): beyond 18", no band; every line from x 17..19 at y 6 to x
     * 18..20 at y 25 crosses y 15.5 between x 17.5 and 19.5, on the crest
     * (x 16..22), and both ends stand on the plain (level 0): blocked */
    json_t *t = target(s, AUSTRIAN_BATTERY);
    expect_in(json_object_get(t, "inches"), 19);
    assert_true(json_is_true(json_object_get(t, "in_arc")));
    assert_true(json_is_false(json_object_get(t, "sight")));
    assert_string_equal(json_string_value(json_object_get(t, "blocked_by")), "crest");
    assert_true(json_is_false(json_object_get(t, "may_fire")));
    assert_true(json_is_null(json_object_get(t, "band")));
    /* hohenlohe: corner (19, 6) to (23.5, 25): sqrt(4.5^2 + 19^2) =
     * sqrt(381.25) = 19.5256...", 19.526 rounded up; the line (19, 6) to
     * (26.5, 25) crosses y 15.5 at x 22.75, east of the crest's end */
    t = target(s, HOHENLOHE);
    expect_in(json_object_get(t, "inches"), 19.526);
    assert_true(json_is_true(json_object_get(t, "sight")));
    assert_true(json_is_null(json_object_get(t, "blocked_by")));
    assert_true(json_is_false(json_object_get(t, "may_fire")));
    json_decref(s);
    /* a brigade's one band: musketry, the first column (2") */
    s = G.type->sight_json(G.sc, ST, CLAPAREDE);
    bands = json_object_get(s, "bands");
    assert_int_equal(json_array_size(bands), 1);
    expect_in(json_object_get(json_array_get(bands, 0), "inches"), 2);
    json_decref(s);
    /* after claparede's move: austrian_battery's corner (18, 25) to
     * claparede's (13, 15): sqrt(25 + 100) = 11.1803...", the 12" column;
     * in arc and sight (test_tb_script.c): it may fire */
    to_fire_second();
    s = G.type->sight_json(G.sc, ST, AUSTRIAN_BATTERY);
    t = target(s, CLAPAREDE);
    expect_in(json_object_get(t, "inches"), 11.181);
    assert_true(json_is_true(json_object_get(t, "in_arc")));
    assert_true(json_is_true(json_object_get(t, "sight")));
    assert_true(json_is_true(json_object_get(t, "may_fire")));
    assert_string_equal(json_string_value(json_object_get(t, "band")), "12\"");
    json_decref(s);
    /* a unit not on the table */
    assert_null(G.type->sight_json(G.sc, ST, 99));
}

static void measure(void **state)
{
    (void)state;
    reset();
    gr_error err = {0};
    /* claparede to the point (12, 10): its front centre (12, 6), 4" */
    json_t *m = G.type->measure_json(G.sc, ST, 0, CLAPAREDE, -1, "12", "10", &err);
    assert_non_null(m);
    expect_in(json_object_get(m, "inches"), 4);
    expect_pt(json_array_get(json_object_get(m, "line"), 0), 12, 6);
    expect_pt(json_array_get(json_object_get(m, "line"), 1), 12, 10);
    assert_true(json_is_true(json_object_get(m, "sight")));
    assert_int_equal(json_array_size(json_object_get(m, "blocked_by")), 0);
    assert_true(json_is_null(json_object_get(m, "to")));
    json_decref(m);
    /* to (2, 14.5), west of the wood: from the corner (11, 6), sqrt(81 +
     * 72.25) = 12.3794...", 12.380; every line from the front corners (11,
     * 6), (12, 6), (13, 6) enters the wood (it meets y 12 at x 4.6..5.3,
     * between the wood's x 3 and 10) */
    m = G.type->measure_json(G.sc, ST, 1, CLAPAREDE, -1, "2", "14.5", &err);
    assert_non_null(m);
    expect_in(json_object_get(m, "inches"), 12.38);
    expect_pt(json_array_get(json_object_get(m, "line"), 0), 11, 6);
    assert_true(json_is_false(json_object_get(m, "sight")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(m, "blocked_by"), 0)),
                        "Bois de la Garenne");
    json_decref(m);
    /* to (25, 5.5), east: claparede's edge x = 13 is 12" away at (13,
     * 5.5); every line from its front corners (11..13, 6) runs through
     * y 5.75..5.9 at x 17..19, inside french_battery's stands (y 5..6) */
    m = G.type->measure_json(G.sc, ST, 0, CLAPAREDE, -1, "25", "5.5", &err);
    expect_in(json_object_get(m, "inches"), 12);
    expect_pt(json_array_get(json_object_get(m, "line"), 0), 13, 5.5);
    assert_true(json_is_false(json_object_get(m, "sight")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(m, "blocked_by"), 0)),
                        "Batterie Suchet (6-pounders)");
    json_decref(m);
    /* unit to unit: the batteries face to face, 19", behind the crest */
    m = G.type->measure_json(G.sc, ST, GR_SPECTATOR, FRENCH_BATTERY, AUSTRIAN_BATTERY, NULL, NULL,
                             &err);
    assert_non_null(m);
    expect_in(json_object_get(m, "inches"), 19);
    assert_int_equal(json_integer_value(json_object_get(m, "to")), AUSTRIAN_BATTERY);
    assert_true(json_is_false(json_object_get(m, "sight")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(m, "blocked_by"), 0)),
                        "crest");
    json_decref(m);
    /* questions that are wrong: a point off the table (36 x 30), a
     * fourth decimal, a unit not on it */
    assert_null(G.type->measure_json(G.sc, ST, 0, CLAPAREDE, -1, "40", "1", &err));
    assert_int_equal(err.code, GR_EINPUT);
    assert_null(G.type->measure_json(G.sc, ST, 0, CLAPAREDE, -1, "1.0005", "1", &err));
    assert_null(G.type->measure_json(G.sc, ST, 0, 99, 1, NULL, NULL, &err));
    assert_int_equal(err.code, GR_EINPUT);
}

/* 1 if some polygon of `area` (axis-aligned rectangles) holds (x, y) */
static int covered(const json_t *area, double x, double y)
{
    size_t i;
    json_t *p;
    json_array_foreach(area, i, p)
    {
        double x0 = num(json_array_get(json_array_get(p, 0), 0));
        double y0 = num(json_array_get(json_array_get(p, 0), 1));
        double x1 = num(json_array_get(json_array_get(p, 2), 0));
        double y1 = num(json_array_get(json_array_get(p, 2), 1));
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1)
            return 1;
    }
    return 0;
}

static void reach_and_check(void **state)
{
    (void)state;
    reset();
    gr_error err = {0};
    /* nobody's move is to be chosen at the start */
    assert_null(G.type->reach_json(G.sc, ST, 0, CLAPAREDE, &err));
    assert_int_equal(err.code, GR_EILLEGAL);
    act("next");
    act("next");
    act("reserve claparede");
    die(2);
    /* D10 2 +4 +1 = 7, « Succès. Bouge normalement. »: 9", claparede's
     * nominal speed (Infanterie colonnaire) (test_tb_script.c) */
    json_t *r = G.type->reach_json(G.sc, ST, 0, CLAPAREDE, &err);
    assert_non_null(r);
    expect_in(json_object_get(r, "allowance"), 9);
    assert_non_null(strstr(json_string_value(json_object_get(r, "result")), "full move"));
    /* the whole 9" straight ahead costs 9" on clear ground */
    size_t i;
    json_t *mv;
    int found = 0;
    json_array_foreach(json_object_get(r, "moves"), i, mv)
    {
        if (strcmp(json_string_value(json_object_get(mv, "text")),
                   "move claparede advance to 12 15"))
            continue;
        found = 1;
        expect_in(json_object_get(mv, "cost"), 9);
        expect_pt(json_object_get(json_object_get(mv, "pose"), "at"), 12, 15);
        expect_in(json_object_get(json_object_get(mv, "pose"), "facing"), 0);
        assert_string_equal(json_string_value(json_object_get(mv, "formation")), "column");
    }
    assert_true(found);
    /* the area: the cell centred (12.5, 14.5) is sqrt(0.25 + 72.25) =
     * 8.51" away, within 9"; (12.5, 15.5) is sqrt(0.25 + 90.25) = 9.51",
     * beyond; (30.5, 28.5), across the table, is not */
    json_t *area = json_object_get(r, "area");
    assert_true(covered(area, 12.5, 14.5));
    assert_false(covered(area, 12.5, 15.5));
    assert_false(covered(area, 30.5, 28.5));
    json_decref(r);
    /* another unit: not the one whose move is chosen */
    assert_null(G.type->reach_json(G.sc, ST, 0, TREILHARD, &err));
    assert_int_equal(err.code, GR_EILLEGAL);
    /* dry runs: a pose 8" straight ahead costs 8"; 10" is beyond 9" */
    json_t *c = G.type->check_json(G.sc, ST, 0, "pose claparede 12 14", GR_LANG_EN, &err);
    assert_non_null(c);
    assert_true(json_is_true(json_object_get(c, "legal")));
    expect_in(json_object_get(c, "cost"), 8);
    expect_pt(json_object_get(json_object_get(c, "pose"), "at"), 12, 14);
    json_decref(c);
    c = G.type->check_json(G.sc, ST, 0, "pose claparede 12 16", GR_LANG_EN, &err);
    assert_true(json_is_false(json_object_get(c, "legal")));
    assert_non_null(
        strstr(json_string_value(json_object_get(c, "reason")), "claparede cannot stand there"));
    json_decref(c);
    /* the Austrians may not move the French */
    c = G.type->check_json(G.sc, ST, 1, "pose claparede 12 14", GR_LANG_EN, &err);
    assert_true(json_is_false(json_object_get(c, "legal")));
    assert_string_equal(json_string_value(json_object_get(c, "reason")),
                        "the French are to move, not the Austrians");
    json_decref(c);
    /* a text the game does not read */
    c = G.type->check_json(G.sc, ST, 0, "gallop everywhere", GR_LANG_EN, &err);
    assert_true(json_is_false(json_object_get(c, "legal")));
    json_decref(c);
    /* nothing was applied: claparede still waits at (12, 6) */
    assert_int_equal(tb_game_move_unit(ST), CLAPAREDE);
    assert_int_equal(unit(CLAPAREDE)->pose.at.y, 6000);
}

/* The index of the action `text` among the legal ones. */
static gr_action legal_action(const char *text)
{
    gr_action acts[512];
    int n = gr_game_legal_actions(&G, ST, acts, 512);
    for (int i = 0; i < n; i++) {
        char t[200];
        gr_game_describe(&G, ST, acts[i], t, sizeof t);
        if (!strcmp(t, text))
            return acts[i];
    }
    fail_msg("'%s' is not legal: %s", text, legal());
    return 0;
}

static void expect_result(const json_t *r, const char *result, const char *p, double percent)
{
    assert_string_equal(json_string_value(json_object_get(r, "result")), result);
    assert_string_equal(json_string_value(json_object_get(r, "p")), p);
    expect_in(json_object_get(r, "percent"), percent);
}

static void odds(void **state)
{
    (void)state;
    to_fire_second();
    gr_error err = {0};
    /* austrian_battery at claparede (test_tb_script.c): 11.18" reads the
     * 12" column, « Autres artilleries » heavy 4, x 2 « artillerie sur
     * colonne »: power 8, row 8-9 of the Table des tirs, no DRM; a D10:
     * « 6 ou moins » (1..6) Tir inefficace 6/10, « 7, 8, 9 » Tir
     * impressionnant 3/10, « 10 ou plus » (10) Tir efficace 1/10; a loss
     * with Suchet attached (ordinary: no DRM) checks the Generals hit
     * table on a D10: « 6 + » (6..10) Général indemne 5/10, « 5 - »
     * (1..5) hors de combat 5/10: 1/20 each */
    json_t *o = G.type->odds_json(G.sc, ST, 1,
                                  legal_action("fire austrian_battery --target claparede"), &err);
    assert_non_null(o);
    assert_string_equal(json_string_value(json_object_get(o, "test")), "fire");
    assert_int_equal(json_integer_value(json_object_get(o, "total")), 0);
    json_t *res = json_object_get(o, "results");
    assert_int_equal(json_array_size(res), 4);
    expect_result(json_array_get(res, 0), "Fire: Tir inefficace", "3/5", 60);
    expect_result(json_array_get(res, 1), "Fire: Tir impressionnant", "3/10", 30);
    expect_result(json_array_get(res, 2), "Fire: Tir efficace; General hit: Général indemne",
                  "1/20", 5);
    expect_result(json_array_get(res, 3), "Fire: Tir efficace; General hit: Général hors de combat",
                  "1/20", 5);
    /* the multiplier listed among the factors: x 2 on a column */
    json_t *f = json_array_get(json_object_get(o, "factors"), 0);
    assert_string_equal(json_string_value(json_object_get(f, "name")), "artillerie sur colonne");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(f, "factor"), 0)), 2);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(f, "factor"), 1)), 1);
    assert_int_equal(json_array_size(json_object_get(o, "modifiers")), 0);
    json_decref(o);
    /* `next` is no test */
    assert_null(G.type->odds_json(G.sc, ST, 1, legal_action("next"), &err));
    assert_int_equal(err.code, GR_EILLEGAL);
    /* nothing was applied */
    assert_int_equal(bunit(CLAPAREDE)->lost, 0);
    assert_int_equal(gr_game_current_player(&G, ST), 1);
}

/* The battle of test_tb_rules.c: treilhard (a column of 4 light cavalry)
 * at (24, 12) facing north, hohenlohe (a line of 3 cuirassiers) at (25,
 * 12) facing south, their fronts touching at y 12 (the file's text
 * changed before it is read); G and ST become that battle's. */
static void load_contact(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    static const char *const from[] = {"\"treilhard\", \"at\": [24, 5]",
                                       "\"hohenlohe\", \"at\": [25, 25]"};
    static const char *const to[] = {"\"treilhard\", \"at\": [24, 12]",
                                     "\"hohenlohe\", \"at\": [25, 12]"};
    for (int i = 0; i < 2; i++) {
        char *at = strstr(text, from[i]);
        assert_non_null(at);
        memmove(at + strlen(to[i]), at + strlen(from[i]), strlen(at + strlen(from[i])) + 1);
        memcpy(at, to[i], strlen(to[i]));
    }
    gr_error err = {0};
    gr_game_free(&G);
    assert_int_equal(gr_game_load_text(text, strlen(text), "teaching.json", "aoe-table", &G, &err),
                     GR_OK);
    reset();
}

/* The whole of a combat: a D10 each, attacker minus defender plus the net
 * modifier read on the Table des combats. */
static void combat_odds(void **state)
{
    (void)state;
    load_contact();
    while (strcmp(tb_game_battle(ST)->rules->phases[tb_game_battle(ST)->phase].id, "s1_combat"))
        act("next");
    act("countercharge hohenlohe --target treilhard");
    gr_error err = {0};
    /* test_tb_rules.c: treilhard +2 fresh, +1 regular = +3; hohenlohe +2
     * cuirassier, +2 fresh, +1 regular = +5: net -2.  A - D of two D10s
     * is k with (10 - |k|)/100; the score k - 2 on the sheet's rows:
     * « 7 ou plus » k = 9: 1/100; « 4, 5, 6 » k 6..8: 4 + 3 + 2 = 9/100;
     * « 1, 2, 3 » k 3..5: 7 + 6 + 5 = 18/100; « 0 » k = 2: 8/100; « -1,
     * -2, -3 » k -1..1: 9 + 10 + 9 = 28/100; « -4, -5, -6 » k -4..-2: 6 +
     * 7 + 8 = 21/100; « -7 ou moins » k -8..-5: 2 + 3 + 4 + 5 = 14/100,
     * and k = -9, a score of -11: « Une base supplémentaire est capturée
     * pour chaque point de différence entre les scores supérieure à 10 »,
     * one more stand: 1/100.  No general is attached to either: no other
     * table. */
    json_t *o =
        G.type->odds_json(G.sc, ST, 0, legal_action("combat treilhard --target hohenlohe"), &err);
    assert_non_null(o);
    assert_string_equal(json_string_value(json_object_get(o, "test")), "combat");
    assert_string_equal(json_string_value(json_object_get(o, "roll")), "D10 vs D10");
    assert_int_equal(json_integer_value(json_object_get(o, "total")), -2);
    json_t *res = json_object_get(o, "results");
    assert_int_equal(json_array_size(res), 8);
    static const char *const id[] = {
        "defender_shattered",  "defender_driven_back", "defender_falls_back", "locked",
        "attacker_falls_back", "attacker_driven_back", "attacker_shattered",  "attacker_shattered"};
    static const char *const p[] = {"1/100", "9/100",  "9/50", "2/25",
                                    "7/25",  "21/100", "7/50", "1/100"};
    for (size_t i = 0; i < 8; i++) {
        assert_string_equal(json_string_value(json_object_get(json_array_get(res, i), "id")),
                            id[i]);
        assert_string_equal(json_string_value(json_object_get(json_array_get(res, i), "p")), p[i]);
    }
    assert_string_equal(json_string_value(json_object_get(json_array_get(res, 7), "result")),
                        "Combat: Fracassé ! (extra_stands 1)");
    /* the same words for two results, told apart by their ids */
    assert_string_equal(json_string_value(json_object_get(json_array_get(res, 2), "result")),
                        "Combat: Recule !");
    assert_string_equal(json_string_value(json_object_get(json_array_get(res, 4), "result")),
                        "Combat: Recule !");
    /* the modifiers, each side's: +3 for the attacker, +5 for the defender */
    int side_total[2] = {0, 0};
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(o, "modifiers"), i, m)
    {
        if (json_is_true(json_object_get(m, "applied")))
            side_total[json_integer_value(json_object_get(m, "side")) ? 1 : 0] +=
                (int)json_integer_value(json_object_get(m, "value"));
    }
    assert_int_equal(side_total[0], 3);
    assert_int_equal(side_total[1], 5);
    json_decref(o);
    assert_int_equal(gr_game_current_player(&G, ST), 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load(root))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight), cmocka_unit_test(measure),     cmocka_unit_test(reach_and_check),
        cmocka_unit_test(odds),  cmocka_unit_test(combat_odds),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return rc;
}
