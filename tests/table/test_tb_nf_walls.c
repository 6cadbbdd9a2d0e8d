/* test_tb_nf_walls.c - Napoleonic Fury's linear obstacles on the table and
 * the cavalry division officer's move in the reaction phase, on the test
 * battle tests/table/data/nf-walls.json; every value worked out by hand in
 * the comments from seed 002:
 *
 *   fire modifiers "-1 Target is in woods, behind a hedge, ...", "-2 Target
 *     deployed in a town, behind a stone wall, in entrenchment or works";
 *   melee "+1 Defending in forest, higher elevation, hedges, wall, ford or
 *     hasty works", "+2 Defending sunken road, trench, town, entrenchment or
 *     breastworks";
 *   "Infantry uses this chart if charged by cavalry and the infantry is NOT
 *     IN square formation, deployed in a town or behind defensive works or
 *     wall";
 *   "Cavalry Division officers may make a move if any of their units move
 *     during this phase"; the charts' "Leaders 18""; "Reacting cavalry has
 *     1/2 movement allowance".
 *
 * The table (bases of docs/rules/nf.md: infantry 1" x 3/4", cavalry 1" x
 * 1"): French fr_a, fr_b, fr_c (4 stands) in line facing north at (10,
 * 10), (20, 10), (30, 10): x 8..12, 18..22, 28..32, y 9.25..10, their
 * boxes' centres (10, 9.625) ...; fr_cav (light cavalry, 3) at (15, 4): x
 * 13.5..16.5, y 3..4.  British br_a, br_b, br_c (4) in line facing south
 * at (10, 12), (20, 12), (30, 12): x 8..12 ..., y 12..12.75, centres (10,
 * 12.375) ...; br_cav (light cavalry, 3) at (36, 20): x 34.5..37.5, y
 * 20..21.  A stone wall along y 12 from x 7 to 13 (br_a's front), a
 * hedge along y 11.75 from x 17 to 23 (a quarter inch ahead of br_b's), works
 * along y 12 from x 29 to 33.  "Behind" (docs/rules/aoe.md « On the table:
 * measuring »): the line within one base depth (3/4") ahead of the front
 * edge, crossed by the segment from the unit's centre to the enemy's.
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

#define IN(x) ((tt_coord)((x)*1000))

/* The test battle's leaders, by index (the order of battle's order). */
enum { FR_ARMY, FR_DIV, BR_ARMY, BR_IDIV, BR_CDIV };

/* `text` refused, with `why` in the message. */
static void refused(const char *text, const char *why)
{
    gr_action a;
    gr_error err = {0};
    if (gr_game_parse(&G, ST, text, &a, &err) != GR_OK)
        fail_msg("'%s' does not parse: %s", text, err.msg);
    assert_int_not_equal(tb_game_check(G.sc, ST, a, &err), GR_OK);
    if (!strstr(err.msg, why))
        fail_msg("'%s': %s (wanted \"%s\")", text, err.msg, why);
}

static void start(void)
{
    gr_error err = {0};
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
}

static void phase_is(const char *id)
{
    const gr_battle *b = tb_game_battle(ST);
    assert_string_equal(b->rules->phases[b->phase].id, id);
}

/* Fire cover and the melee defender's ground behind the three lines. */
static void cover_and_ground(void **state)
{
    (void)state;
    start();
    act("next");
    /* each French battalion: rolled 12, "+2 Fresh" (its division officer
     * at (20, 2) is beyond his 4" of it): at least 10, "10+ Well handled.
     * Full move", the French line's 5"; straight ahead it reaches the
     * British front at y 12 (2"; 2.001" would overlap it): to y 10.5, 11,
     * 11.5, 12.  Each ends in contact, x as before, y 11.25..12, centres
     * (10, 11.625), (20, 11.625), (30, 11.625) */
    const char *const fr[3] = {"fr_a", "fr_b", "fr_c"};
    for (int i = 0; i < 3; i++) {
        char t[64];
        snprintf(t, sizeof t, "maneuver %s", fr[i]);
        act(t);
        die(12);
        assert_int_equal(tb_game_move_allowance(ST), IN(5));
        snprintf(t, sizeof t, "move %s advance to %d 12", fr[i], 10 + 10 * i);
        act(t);
    }
    act("next");
    act("next");
    act("next");
    /* the British defensive fire.  fr_a's front now lies on the wall too,
     * and the line from its centre (10, 11.625) to br_a's (10, 12.375)
     * crosses it: the wall covers both (the table reads where units stand,
     * not who held the wall first).  The hedge at y 11.75 runs under
     * fr_b's stands (y 11.25..12), behind its front edge, outside the strip
     * ahead of it (y 12..12.75): no cover */
    phase_is("p1_fire_defensive");
    assert_string_equal(tb_steps_facts("fire br_a --target fr_a"), "range=0 cover=stone_wall");
    assert_string_equal(tb_steps_facts("fire br_b --target fr_b"), "range=0");
    act("next");
    /* the French fire, in contact: the line from br_a's centre (10,
     * 12.375) to fr_a's (10, 11.625) crosses the wall at (10, 12), which
     * lies on br_a's front edge (within 3/4"): "behind a stone wall", -2;
     * br_b's hedge at y 11.75, 1/4" ahead of its front, crossed at x 20:
     * "behind a hedge", -1; br_c's works along its front, crossed at (30,
     * 12): "in entrenchment or works", -2 */
    phase_is("p1_fire_phasing");
    assert_string_equal(tb_steps_facts("fire fr_a --target br_a"), "range=0 cover=stone_wall");
    assert_string_equal(tb_steps_facts("fire fr_b --target br_b"), "range=0 cover=hedge");
    assert_string_equal(tb_steps_facts("fire fr_c --target br_c"), "range=0 cover=works");
    act("next");
    /* the melee's defender: a wall and a hedge the +1 line's ("wall",
     * "hedges"), works « breastworks », +2 */
    phase_is("p1_melee");
    assert_string_equal(tb_steps_facts("melee fr_a --target br_a"), "defender-terrain=wall");
    assert_string_equal(tb_steps_facts("melee fr_b --target br_b"), "defender-terrain=hedge");
    assert_string_equal(tb_steps_facts("melee fr_c --target br_c"), "defender-terrain=breastworks");
}

/* Up to the French cavalry's pose: a maneuver rolled 12, "+1 Cavalry",
 * "+2 Fresh" and whatever else: at least 10, "10+ Well handled. Full
 * move", the Light Cavalry's 16". */
static void french_cavalry_moves(void)
{
    start();
    act("next");
    act("maneuver fr_cav");
    die(12);
    assert_int_equal(tb_game_move_unit(ST), 3);
    assert_int_equal(tb_game_move_allowance(ST), IN(16));
}

/* A charge at infantry behind a wall: no emergency formation change. */
static void charge_at_a_wall(void **state)
{
    (void)state;
    french_cavalry_moves();
    /* dragged to (10, 12): the straight line from (15, 4), sqrt(5^2 + 8^2)
     * = 9.43" within 16"; its line of 3 (x 8.5..11.5, y 11..12) touches
     * br_a's front.  br_a (line, infantry, charged by cavalry) is behind
     * the wall against it: the line from its centre (10, 12.375) to the
     * cavalry's (10, 11.5) crosses y 12 at x 10.  « behind defensive works
     * or wall »: it does not use the chart; the French go on */
    act("pose fr_cav 10 12");
    const tt_unit *c = unit(3);
    assert_non_null(c);
    assert_int_equal(c->lo.x, IN(8.5));
    assert_int_equal(c->lo.y, IN(11));
    assert_int_equal(c->hi.y, IN(12));
    assert_string_equal(bunit(4)->formation, "line");
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("maneuver fr_a | maneuver fr_b | maneuver fr_c | next");
}

/* The same charge at infantry behind a hedge: the hedge is neither works
 * nor a wall, so the emergency formation change is offered. */
static void charge_at_a_hedge(void **state)
{
    (void)state;
    french_cavalry_moves();
    /* to (20, 12): sqrt(5^2 + 8^2) = 9.43"; x 18.5..21.5, y 11..12 (the
     * hedge at y 11.75 runs through the cavalry's stands: it slows nothing) */
    act("pose fr_cav 20 12");
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("emergency_fc br_b --target fr_cav | no_test br_b --target fr_cav");
}

/* « Cavalry Division officers may make a move if any of their units move
 * during this phase ». */
static void cavalry_division_officer(void **state)
{
    (void)state;
    start();
    act("next");
    act("next");
    act("next");
    phase_is("p1_reaction");
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    /* before br_cav has moved, its division officer may not move */
    refused("general br_cdiv to 36 10", "none of his units has moved");
    /* br_cav reacts: rolled 12, "+1 Cavalry", "+2 Fresh": at least 10, a
     * full move, halved for a reaction: 16" / 2 = 8"; straight ahead
     * (south) a quarter, half, three quarters or all: to y 18, 16, 14, 12 */
    act("react br_cav");
    die(12);
    assert_int_equal(tb_game_move_allowance(ST), IN(8));
    act("move br_cav advance to 36 16");
    /* now br_cdiv, detached at (36, 24), may move once, in a straight
     * line, at most 18": (36, 5) is 19" away, refused; (36, 10) is 14" */
    refused("general br_cdiv to 36 5", "farther");
    act("general br_cdiv to 36 10");
    tt_pt p;
    assert_true(tb_game_leader_at(ST, BR_CDIV, &p));
    assert_int_equal(p.x, IN(36));
    assert_int_equal(p.y, IN(10));
    refused("general br_cdiv to 36 12", "has moved this segment");
    /* the infantry division officer: none of his units moved */
    refused("general br_idiv to 20 18", "none of his units has moved");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load_file(root, "tests/table/data/nf-walls.json", "nf-table"))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cover_and_ground),
        cmocka_unit_test(charge_at_a_wall),
        cmocka_unit_test(charge_at_a_hedge),
        cmocka_unit_test(cavalry_division_officer),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return r;
}
