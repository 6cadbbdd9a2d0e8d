/* test_tb_nf_script.c - Napoleonic Fury on the table (issue 35): the
 * teaching battle data/table/nf-teaching.json played three turns through
 * the game type `nf-table` with typed dice, every range, fire point,
 * modifier, result, stand left and position after a move or a retreat
 * worked out by hand in the comments from seed 002:
 *
 *   movement charts: "French/British | 12" | 5"" (column, line), "Light
 *     Cavalry | 16"", "Reacting cavalry has 1/2 movement allowance";
 *   GOOD ORDER TABLE, column Average (Reynier and Stuart, army commanders
 *     rated average, no corps): "7,8 Unit has 1/2 MV OR may FC", "10+ Well
 *     handled. Full move"; DISORDER TABLE: "6,7 Shaken- unit holds ground
 *     but rallys", "8-10 Unit rallys and gets 1/2 movement. (No FC)", "11+
 *     Unit rallys with Elan. Full move.";
 *   their modifiers: "+1 Within range of brigades division officer", "+2
 *     Within range of brigades exceptional divisional officer", "+1 Light
 *     infantry", "+1 Cavalry", "+2 Fresh"; national "France@ | Column +2",
 *     "Britain | Line +1";
 *   command ranges "France | 4"" and "Britain | 4"" (Division Officer);
 *   fire points: "Light Infantry | Contact= 2 | Out to 3"= 1", "Heavy
 *     Artillery | ... | 2"+ to 8" = 4 | ... | 12"+ to 16" = 1"; "Only the
 *     front stands may fire while in column";
 *   Fire table rows "1": 0-10 Desultory, 11+ Lively; "4": 0-7, 8-11 Lively,
 *     12+ Telling; "8,9": 0-6, 7-9 Lively, 10-11 Telling; Lively "Target
 *     disordered", Telling "Target disordered & 1 stand lost"; modifiers
 *     "+1 All French/British artillery ... firing out to 8"", "+1 Target
 *     changed formation in range of firing unit", "+1 Light infantry ...
 *     firing", "x1/2 Firing unit is disordered";
 *   Melee table "4-6* Driven back. Defender retreat's a full move
 *     disordered ... One stand removed ... Attackers carry position or may
 *     continue to charge 1/2 move toward the nearest enemy unit"; melee
 *     modifiers "+2 Fresh", "-2 Disordered", "-1 Outnumbered 3:2";
 *     national melee "France@ +2/+1 Column", "Britain +1 Line";
 *   BEL chart: "4 | ... | 4/3/1" and "7 | ... | 7/4/3" (veteran), "3 |
 *     ... | 3/2/-" (regular, good cavalry): fresh/worn/spent stands left.
 *
 * The dice are 2D6 (docs/rules/nf.md, "Dice"), typed as their total; a
 * melee's are the attacker's total, then the defender's.
 *
 * The table (data/table/nf-teaching.json; bases of docs/rules/nf.md:
 * infantry 1" x 3/4", cavalry and guns 1" x 1"): French fr_1leg (light,
 * veteran, 7 stands) in column at (10, 4) facing north: two stands wide,
 * four ranks, x 9..11, y 1..4; fr_42 (5 stands) in column at (18, 4): x
 * 17..19, y 1.75..4; fr_9chass (light cavalry, 3 stands) in line at (25,
 * 3): x 23.5..26.5, y 2..3.  British br_light (light, veteran, 4) in line
 * at (10, 17) facing south: x 8..12, y 17..17.75; br_27 (regular, 4) in
 * line at (18, 17): x 16..20, y 17..17.75; br_ra (heavy battery, 1 gun)
 * at (22, 18): x 21.5..22.5, y 18..19.  Leaders: Reynier (14, 1), Compère
 * (14, 3), Stuart (14, 22), Kempt (14, 19), none attached.  The year is
 * 1806 (the order of battle's date).
 *
 * Then, from the start again, a cavalry charge answered by an emergency
 * formation change (the square laid out, the fire at the charging cavalry).
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

/* nf-teaching's units, by index (the order of battle's order). */
enum { FR_1LEG, FR_42, FR_9CHASS, BR_LIGHT, BR_27, BR_RA };

#define IN(x) ((tt_coord)((x)*1000))

static void expect_box(int id, double lox, double loy, double hix, double hiy)
{
    const tt_unit *u = unit(id);
    assert_non_null(u);
    assert_int_equal(u->lo.x, IN(lox));
    assert_int_equal(u->lo.y, IN(loy));
    assert_int_equal(u->hi.x, IN(hix));
    assert_int_equal(u->hi.y, IN(hiy));
}

static void expect_at(int id, double x, double y)
{
    const tt_unit *u = unit(id);
    assert_non_null(u);
    assert_int_equal(u->pose.at.x, IN(x));
    assert_int_equal(u->pose.at.y, IN(y));
}

static void phase_is(int turn, const char *id)
{
    const gr_battle *b = tb_game_battle(ST);
    assert_int_equal(b->turn, turn);
    assert_string_equal(b->rules->phases[b->phase].id, id);
}

static void expect_unit(int id, int stands, const char *formation, int disordered, int condition)
{
    const gr_bt_unit *u = bunit(id);
    assert_int_equal(gr_bt_unit_stands(u), stands);
    assert_string_equal(u->formation, formation);
    assert_int_equal(u->disordered, disordered);
    assert_int_equal(u->condition, condition);
}

static void three_turns(void **state)
{
    (void)state;
    /* ==== turn 1, the French segment ======================================= */
    phase_is(1, "p1_maneuver_1_leaders");
    /* 1. Attach and detach leaders: an officer attaches to a brigade within
     * his command range (docs/rules/nf.md « On the table »).  Reynier, an
     * army commander, reads « Wing/Small Army » for France: 12"; from (14,
     * 1) fr_1leg's nearest edge is (11, 1): 3"; fr_42's (17, 1.75): 3.01";
     * fr_9chass's (23.5, 2): 9.55".  Compère, a division officer: 4"; from
     * (14, 3): fr_1leg 3" (x 11), fr_42 3" (x 17), fr_9chass 9.5" (no).
     * The cavalry is not in Compère's division: it may not matter here, the
     * companion accepts any brigade of his side. */
    expect_legal("attach fr_1leg --leader reynier | attach fr_42 --leader reynier | attach "
                 "fr_9chass --leader reynier | attach fr_1leg --leader compere | attach fr_42 "
                 "--leader compere | next");
    act("next");
    /* 2. Move brigades and batteries: each French brigade in good order
     * rolls on the Good Order table. */
    phase_is(1, "p1_maneuver_2_move");
    expect_legal("maneuver fr_1leg | maneuver fr_42 | maneuver fr_9chass | next");
    /* fr_1leg: Compère 3" from it, within his 4" (+1), light infantry +1,
     * fresh +2, France in column +2: +6; Reynier's maneuver effects range
     * (average: 2") does not reach it (3").  Rolled 4: 4 + 6 = 10, Average
     * "10+ Well handled. Full move": the French column's 12". */
    assert_string_equal(tb_steps_facts("maneuver fr_1leg"), "division-in-range=yes");
    act("maneuver fr_1leg");
    die(4);
    assert_int_equal(tb_game_move_unit(ST), FR_1LEG);
    assert_int_equal(tb_game_move_allowance(ST), IN(12));
    /* straight ahead a quarter, half, three quarters or all of the 12":
     * to y 7, 10, 13, 16 (br_light's front is at y 17: 1" short) */
    act("move fr_1leg advance to 10 16");
    expect_at(FR_1LEG, 10, 16);
    expect_box(FR_1LEG, 9, 13, 11, 16);
    act("next");
    /* 3. Move detached leaders, replace fallen leaders: no leader fell;
     * a leader's move is typed (`general`), not listed */
    phase_is(1, "p1_maneuver_3_leaders");
    expect_legal("next");
    act("next");
    /* Reaction (2nd) Phase: the British have no cavalry */
    phase_is(1, "p1_reaction");
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("next");
    act("next");
    /* Musketry and Cannonade: the British defensive fire first.  br_light
     * (light infantry, reach 3"): fr_1leg's front edge y 16, br_light's y
     * 17: 1", in its 45-degree arc straight ahead.  br_ra (heavy battery,
     * reach 16", 30-degree arc from its front corners (21.5, 18) and (22.5,
     * 18), facing south): fr_42, from (21.5, 18) to its corner (19, 4):
     * sqrt(2.5^2 + 14^2) = 14.22", 10 degrees aside; fr_9chass, from (22.5,
     * 18) to (23.5, 3): sqrt(1 + 225) = 15.03", 4 degrees aside; fr_1leg,
     * 10.5" aside for 2" ahead, is outside the arc. */
    phase_is(1, "p1_fire_defensive");
    expect_legal("fire br_light --target fr_1leg | fire br_ra --target fr_42 | fire br_ra "
                 "--target fr_9chass | next");
    /* br_light in line fires with its 4 stands (the companion counts
     * them): 4 x 1 ("Out to 3"= 1") = 4 points, row "4"; +1 light
     * infantry firing (Britain is not excepted); the target is a column
     * in the open: no other line.  Rolled 11: 12, "12+" Telling: fr_1leg
     * disordered and 1 stand lost (7 -> 6; veteran 7/4/3: still fresh).
     * The column of 6 is three ranks: y 13.75..16. */
    assert_string_equal(tb_steps_facts("fire br_light --target fr_1leg"), "range=1");
    act("fire br_light --target fr_1leg");
    die(11);
    expect_unit(FR_1LEG, 6, "column", 1, GR_BT_FRESH);
    expect_box(FR_1LEG, 9, 13.75, 11, 16);
    act("next");
    /* then the French fire: fr_1leg, in column, fires with its front rank
     * (2 stands): 2 x 1 = 2 points, x1/2 disordered = 1 point, row "1";
     * +1 light infantry.  Rolled 10: 11, "11+" Lively: br_light
     * disordered. */
    phase_is(1, "p1_fire_phasing");
    expect_legal("fire fr_1leg --target br_light | next");
    assert_string_equal(tb_steps_facts("fire fr_1leg --target br_light"), "range=1 stands=2");
    act("fire fr_1leg --target br_light");
    die(10);
    expect_unit(BR_LIGHT, 4, "line", 1, GR_BT_FRESH);
    act("next");
    /* Melee: nobody is in contact */
    phase_is(1, "p1_melee");
    expect_legal("next");
    act("next");

    /* ==== turn 1, the British segment ====================================== */
    /* Stuart (wing 10" for Britain) reaches both battalions from (14, 22);
     * Kempt (division 4", rated excellent) from (14, 19): br_light's edge
     * (12, 17.75) 2.36", br_27's (16, 17.75) 2.36" */
    phase_is(1, "p2_maneuver_1_leaders");
    expect_legal("attach br_light --leader stuart | attach br_27 --leader stuart | attach "
                 "br_light --leader kempt | attach br_27 --leader kempt | next");
    act("next");
    /* br_light is disordered: the Disorder table.  Kempt, rated excellent
     * (exceptional), within 4": +2; light +1; fresh +2; Britain in line
     * +1: +6.  Rolled 9: 15, "11+ Unit rallys with Elan. Full move.": the
     * British line's 5".  It holds. */
    phase_is(1, "p2_maneuver_2_move");
    expect_legal("disorder br_light | maneuver br_27 | maneuver br_ra | next");
    assert_string_equal(tb_steps_facts("disorder br_light"), "division-in-range=yes");
    act("disorder br_light");
    die(9);
    expect_unit(BR_LIGHT, 4, "line", 0, GR_BT_FRESH);
    assert_int_equal(tb_game_move_allowance(ST), IN(5));
    act("move br_light hold to 10 17");
    expect_at(BR_LIGHT, 10, 17);
    act("next");
    act("next");
    /* Reaction: the French cavalry in good order may react.  fr_9chass's
     * commander is Reynier (average): +1 cavalry, +2 fresh, France in line
     * 0; no division officer above it; Reynier 9.55" away (from (14, 1)
     * to (23.5, 2)), beyond his 2".
     * Rolled 8: 11, "10+ Well handled", at least a 1/2 move: it reacts with
     * half its 16": 8". */
    phase_is(1, "p2_reaction");
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("react fr_9chass | next");
    act("react fr_9chass");
    die(8);
    assert_int_equal(tb_game_move_allowance(ST), IN(8));
    act("move fr_9chass advance to 25 11");
    expect_box(FR_9CHASS, 23.5, 10, 26.5, 11);
    act("next");
    /* the French defensive fire: fr_1leg could answer br_light; it holds */
    phase_is(1, "p2_fire_defensive");
    expect_legal("fire fr_1leg --target br_light | next");
    act("next");
    /* the British fire: br_ra at fr_9chass.  Edge to edge from the gun's
     * front corner (22.5, 18) to the cavalry's (23.5, 11): sqrt(1 + 49) =
     * 7.071", read up 7.072": "2"+ to 8" = 4" points; +1 British artillery
     * firing out to 8".  Rolled 11: 12, row "4" "12+" Telling: fr_9chass
     * disordered, 1 stand lost (3 -> 2: the regular 3/2/- is worn at 2).
     * Its line of 2 from (25, 11): x 24..26. */
    phase_is(1, "p2_fire_phasing");
    assert_string_equal(tb_steps_facts("fire br_ra --target fr_9chass"), "range=7.072");
    act("fire br_ra --target fr_9chass");
    die(11);
    expect_unit(FR_9CHASS, 2, "line", 1, GR_BT_WORN);
    expect_box(FR_9CHASS, 24, 10, 26, 11);
    act("next");
    phase_is(1, "p2_melee");
    act("next");

    /* ==== turn 2, the French segment ======================================= */
    phase_is(2, "p1_maneuver_1_leaders");
    /* Compère (4") reaches only fr_42 now: fr_1leg's corner (11, 13.75)
     * is 11.2" from (14, 3); Reynier (12") only fr_42: fr_1leg 13.1" from
     * (14, 1), fr_9chass's corner (24, 10) 13.5" */
    expect_legal("attach fr_42 --leader reynier | attach fr_42 --leader compere | next");
    act("next");
    /* fr_1leg and fr_9chass are disordered: the Disorder table. */
    expect_legal("disorder fr_1leg | maneuver fr_42 | disorder fr_9chass | next");
    /* fr_1leg: no officer within range; light +1, fresh +2, France column
     * +2: +5.  Rolled 5: 10, "8-10 Unit rallys and gets 1/2 movement. (No
     * FC)": 6" */
    assert_string_equal(tb_steps_facts("disorder fr_1leg"), "");
    act("disorder fr_1leg");
    die(5);
    expect_unit(FR_1LEG, 6, "column", 0, GR_BT_FRESH);
    assert_int_equal(tb_game_move_allowance(ST), IN(6));
    /* into contact with br_light, 1" ahead: the move to contact stops at
     * its front, y 17 */
    act("move fr_1leg contact br_light to 10 17");
    expect_box(FR_1LEG, 9, 14.75, 11, 17);
    /* infantry charging infantry: no emergency formation change, no
     * evasion: the French go on */
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    act("next");
    act("next");
    act("next");
    /* the British defensive fire at contact: br_light, 4 stands x 2
     * ("Contact= 2") = 8 points, row "8,9"; +1 light infantry.  Rolled 6:
     * 7, "7-9" Lively: fr_1leg disordered again. */
    phase_is(2, "p1_fire_defensive");
    assert_string_equal(tb_steps_facts("fire br_light --target fr_1leg"), "range=0");
    act("fire br_light --target fr_1leg");
    die(6);
    expect_unit(FR_1LEG, 6, "column", 1, GR_BT_FRESH);
    act("next");
    act("next");
    /* Melee: fr_1leg charges br_light.  Attacker: +2 fresh, France@ +2 in
     * column, -2 disordered: +2.  Defender: +2 fresh, Britain +1 in line,
     * -1 outnumbered 3:2 (6 stands against 4): +2.  Rolled 9 against 4:
     * (9 + 2) - (4 + 2) = 5, "4-6* Driven back": br_light loses a stand
     * (4 -> 3: veteran 4/3/1, worn), disordered, and retreats a full move,
     * the British line's 5", straight away from fr_1leg: from (10, 17) to
     * (10, 22), its line of 3 x 8.5..11.5; fr_1leg carries the position
     * or charges on half its 12" toward the nearest enemy (br_light). */
    phase_is(2, "p1_melee");
    expect_legal("melee fr_1leg --target br_light | next");
    assert_string_equal(tb_steps_facts("melee fr_1leg --target br_light"), "");
    act("melee fr_1leg --target br_light");
    die(9);
    die(4);
    expect_unit(BR_LIGHT, 3, "line", 1, GR_BT_WORN);
    expect_at(BR_LIGHT, 10, 22);
    expect_box(BR_LIGHT, 8.5, 22, 11.5, 22.75);
    assert_int_equal(tb_game_move_unit(ST), FR_1LEG);
    assert_int_equal(tb_game_move_allowance(ST), IN(6));
    assert_int_equal(tb_game_move_after_combat(ST), 2);
    /* « carry position »: it holds */
    act("move fr_1leg hold");
    expect_at(FR_1LEG, 10, 17);
    act("next");

    /* ==== turn 2, the British segment ====================================== */
    act("next");
    /* br_light, disordered and worn: Kempt within 4" of (8.5..11.5,
     * 22..22.75): from (14, 19) to (11.5, 22) 3.9": +2; light +1; Britain
     * line +1: +4.  Rolled 2: 6, "6,7 Shaken- unit holds ground but
     * rallys". */
    phase_is(2, "p2_maneuver_2_move");
    act("disorder br_light");
    die(2);
    expect_unit(BR_LIGHT, 3, "line", 0, GR_BT_WORN);
    assert_int_equal(tb_game_move_unit(ST), -1);
    act("next");
    act("next");
    /* fr_9chass is disordered: it may not react */
    phase_is(2, "p2_reaction");
    expect_legal("next");
    act("next");
    /* br_light (22..22.75) and fr_1leg (front 17): 5", beyond 3" */
    phase_is(2, "p2_fire_defensive");
    expect_legal("next");
    act("next");
    act("next");
    act("next");

    /* ==== turn 3, the French segment ======================================= */
    phase_is(3, "p1_maneuver_1_leaders");
    act("next");
    /* fr_1leg: +5 as in turn 2; rolled 2: 7, "6,7 Shaken": rallies,
     * holds */
    act("disorder fr_1leg");
    die(2);
    expect_unit(FR_1LEG, 6, "column", 0, GR_BT_FRESH);
    /* fr_42: Compère within 4" (3") +1, fresh +2, France column +2: +5.
     * Rolled 3: 8, Average "7,8 Unit has 1/2 MV OR may FC": 6", or a
     * change of formation in place ("Formation changes cost a unit 1/2 of
     * its Movement allowance measured against the units line MV": 2.5"):
     * the hold is listed in each formation it may take */
    assert_string_equal(tb_steps_facts("maneuver fr_42"), "division-in-range=yes");
    act("maneuver fr_42");
    die(3);
    assert_int_equal(tb_game_move_allowance(ST), IN(6));
    /* it forms line: five stands side by side from (18, 4), x 15.5..20.5 */
    act("move fr_42 hold to 18 4 (formation line)");
    expect_unit(FR_42, 5, "line", 0, GR_BT_FRESH);
    expect_box(FR_42, 15.5, 3.25, 20.5, 4);
    act("next");
    act("next");
    act("next");
    /* the British defensive fire: br_ra at fr_42, from its corner (21.5,
     * 18) to fr_42's (20.5, 4): sqrt(1 + 196) = 14.036", "12"+ to 16" =
     * 1"; +1 target changed formation (in this segment, in the battery's
     * range).  Rolled 10: 11, row "1" "11+" Lively: fr_42 disordered. */
    phase_is(3, "p1_fire_defensive");
    assert_string_equal(tb_steps_facts("fire br_ra --target fr_42"),
                        "range=14.036 target-changed-formation=yes");
    act("fire br_ra --target fr_42");
    die(10);
    expect_unit(FR_42, 5, "line", 1, GR_BT_FRESH);
    act("next");
    act("next");
    act("next");
    /* the British segment of turn 3: nothing is tested */
    for (int i = 0; i < 7; i++)
        act("next");
    phase_is(4, "p1_maneuver_1_leaders");
    /* Stands lost: French 2 (fr_1leg 1, fr_9chass 1), British 1
     * (br_light).  The rise (21, 17), radius 3": br_27's stands reach
     * (20, 17), 1" from it, and no French brigade is within 3" (fr_42's
     * nearest corner (20.5, 4) is 13" away): the British hold it (2
     * points); the grove (5.5, 12): br_light's nearest corner (8.5, 22)
     * is 10.4" away, fr_1leg's (9, 14.75) 4.45": nobody. */
    gr_stat stats[8];
    int n = G.type->stats(G.sc, ST, stats, 8);
    assert_int_equal(n, 4);
    assert_int_equal(stats[0].value, 2); /* French stands lost */
    assert_int_equal(stats[1].value, 0); /* French objective points */
    assert_int_equal(stats[2].value, 1); /* British stands lost */
    assert_int_equal(stats[3].value, 2); /* British objective points */
    assert_int_equal(gr_game_current_player(&G, ST), 0);
}

/* A cavalry charge answered (seed 002, "Emergency formation change (FC)
 * attempt modifiers", "Die Roll Result ... 8+ successful"; "Infantry uses
 * this chart if charged by cavalry and the infantry is NOT IN square"),
 * from the battle's start again. */
static void a_charge_answered(void **state)
{
    (void)state;
    gr_error err = {0};
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
    act("next");
    /* fr_9chass (light cavalry, Reynier's, average): +1 cavalry, +2 fresh,
     * France in line 0: +3.  Rolled 8: 11, "10+ Well handled. Full move":
     * the Light Cavalry's 16" */
    act("maneuver fr_9chass");
    die(8);
    assert_int_equal(tb_game_move_allowance(ST), IN(16));
    /* dragged to (18, 17), facing north: a pose costs the straight line
     * from (25, 3), sqrt(7^2 + 14^2) = 15.65" within 16"; its line of 3 (x
     * 16.5..19.5, y 16..17) touches br_27's front (y 17): a charge.  The
     * British answer before the French go on: br_27, infantry in line, not
     * in a town, in contact with no other enemy, may try to form square */
    act("pose fr_9chass 18 17");
    expect_box(FR_9CHASS, 16.5, 16, 19.5, 17);
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("emergency_fc br_27 --target fr_9chass | no_test br_27 --target fr_9chass");
    /* the charge started from fr_9chass's (23.5, 3) to br_27's (20, 17),
     * edge to edge sqrt(3.5^2 + 14^2) = 14.43", over half its 16" (8"):
     * "+1 Cavalry charges over 1/2 their movement allowance"; "+1 British":
     * +2.  Rolled 6: 8, "8+ successful": br_27 forms square, laid out as a
     * column (two wide, two deep) from its front centre: x 17..19, y
     * 17..18.5 */
    assert_string_equal(tb_steps_facts("emergency_fc br_27 --target fr_9chass"),
                        "cavalry-over-half-move=yes");
    act("emergency_fc br_27 --target fr_9chass");
    die(6);
    expect_unit(BR_27, 4, "square", 0, GR_BT_FRESH);
    expect_box(BR_27, 17, 17, 19, 18.5);
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("maneuver fr_1leg | maneuver fr_42 | next");
    act("next");
    act("next");
    act("next");
    /* the British defensive fire: the square fires at the cavalry that
     * charged it, in contact ("Contact= 2"), with its front rank (2
     * stands); the cavalry charged this segment ("-2 Infantry firing at
     * charging cavalry and not in square": the procedure's to apply, the
     * table's to say) */
    phase_is(1, "p1_fire_defensive");
    expect_legal("fire br_27 --target fr_9chass | fire br_ra --target fr_42 | next");
    assert_string_equal(tb_steps_facts("fire br_27 --target fr_9chass"),
                        "range=0 stands=2 target-charging=yes");
    /* 2 x 2 = 4 points, row "4"; "+1 British Line ... infantry"; in square,
     * no "-2 ... charging cavalry and not in square".  Rolled 2: 3, "0-7"
     * Desultory: no effect */
    act("fire br_27 --target fr_9chass");
    die(2);
    expect_unit(FR_9CHASS, 3, "line", 0, GR_BT_FRESH);
    act("next");
    act("next");
    /* the melee: fr_9chass +2 fresh, +2 mounted cavalry charging infantry
     * in the open, +1 charging in line, -4 cavalry against infantry in
     * square: +1 (national modifiers "not used by infantry Vs cavalry");
     * br_27 +2 fresh, +4 infantry in square against cavalry: +6; 3 stands
     * against 4 is no 3:2.  Rolled 12 against 2: 13 - 8 = 5, "4-6* Driven
     * back": br_27 a stand (4 -> 3: regular 4/3/2, worn), disordered, a
     * full move back: a square's MV, half its line's 5", 2.5"; the
     * cavalry's front centre is its own, (18, 17), so straight back (north)
     * to (18, 19.5), the square of 3 two wide: x 17..19, y 19.5..21 */
    phase_is(1, "p1_melee");
    assert_string_equal(tb_steps_facts("melee fr_9chass --target br_27"), "");
    act("melee fr_9chass --target br_27");
    die(12);
    die(2);
    expect_unit(BR_27, 3, "square", 1, GR_BT_WORN);
    expect_box(BR_27, 17, 19.5, 19, 21);
    /* "Attackers carry position or may continue to charge 1/2 move" (8")
     * "... Charging cavalry may opt to pull back 1/2 move": straight back
     * half and all of it, to y 13 and 9 */
    assert_int_equal(tb_game_move_unit(ST), FR_9CHASS);
    assert_int_equal(tb_game_move_allowance(ST), IN(8));
    assert_non_null(strstr(legal(), "move fr_9chass fall_back to 18 13 | move fr_9chass "
                                    "fall_back to 18 9 | move fr_9chass hold"));
    act("move fr_9chass fall_back to 18 9");
    expect_box(FR_9CHASS, 16.5, 8, 19.5, 9);
}

/* The type's name, its file's "type", and a file of another type. */
static void the_type(void **state)
{
    (void)state;
    assert_string_equal(G.type->id, "nf-table");
    assert_true(tb_game_is_table(G.type));
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    gr_game other;
    gr_error err = {0};
    assert_int_equal(gr_game_load(path, "nf-table", &other, &err), GR_EINPUT);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load_file(root, "data/table/nf-teaching.json", "nf-table"))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_turns),
        cmocka_unit_test(a_charge_answered),
        cmocka_unit_test(the_type),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return r;
}
