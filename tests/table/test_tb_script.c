/* test_tb_script.c - a scripted teaching battle on the table (issue 29):
 * data/table/teaching.json played through the game type `aoe-table` with
 * typed dice, every legal list, range, arc, modifier, result and position
 * worked out by hand in the comments from the seeds:
 *
 *   seed 003, Table des vitesses: "Infanterie colonnaire 9"", "Infanterie
 *     linéaire 6"", "Cavalerie 12"";
 *   seed 003, Table des mouvements: reserve column "7, 8, 9 Succès. Bouge
 *     normalement.", "5, 6 Échec partiel. Pas de mouvement."; « En ordre »
 *     "7, 8, 9 En avant ! Bouge normalement."; reserve DRMs "+4 1er Tour de
 *     la partie", the commander's label (seed 000: "+ 1 si ... Lannes ...
 *     commande l'armée et n'est pas engagé"); tactical DRMs "+2 Brigade
 *     fraîche", "+1 Par général hiérarchique ordinaire attaché";
 *   seed 003, PUISSANCE: "Autres artilleries ... 12" 4/3" (heavy 4), "Ligne
 *     ... françaises ... 12" 5/4" (light 4); "x 2 ... artillerie sur
 *     colonne"; Table des tirs row "8-9": "6 ou moins" inefficace, "7, 8, 9"
 *     impressionnant, "10 ou plus" efficace; row "4": "8 ou moins",
 *     "9 ou plus" impressionnant;
 *   seed 003, Table des généraux touchés: "6 + Général indemne";
 *   seed 000: the reserve zone « à moins de 18" ».
 *
 * The table (data/table/teaching.json, bases of docs/rules/aoe.md: infantry
 * 1" x 3/4", cavalry and guns 1" x 1"): French claparede column of 6 at
 * (12, 6) facing north (stands x 11..13, y 3.75..6), french_battery at
 * (18, 6) (x 17..19, y 5..6), treilhard column of 4 at (24, 5) (x 23..25,
 * y 3..5); Austrian rottermund line of 6 at (12, 25) facing south (x 9..15,
 * y 25..25.75), austrian_battery at (19, 25) (x 18..20, y 25..26),
 * hohenlohe line of 3 at (25, 25) (x 23.5..26.5, y 25..26).  The table
 * units are in the file's deploy order, and so are the lists of actions.
 *
 * Three turns: 1 and 2 whole (in turn 2, a change of formation declared
 * with its test, a charge and its combat), 3 with an infantry attack.
 *
 * Then the same tests are made through the companion alone (gr_battle_do
 * with the facts the table measured and the same dice): the same results.
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
/* The battle as the game left it at the end of turn 1, for the companion's
 * run to compare with. */
static gr_battle *END1, *END2;

/* The legal actions now, as "a | b | c". */
/* An unlimbered battery's pivots (seed 003, Artillerie: « pivoter (en
 * batterie) de 0 à 45° »): 15, 30 and 45 degrees either side, about its
 * front centre, listed when the stands fit; nothing stands within 3" of
 * either battery's front centre in this script, so all six are. */
#define PIVOTS(b)                                                                                  \
    " | battery " b " --action pivot --turn 15 | battery " b " --action pivot --turn 30 | "        \
    "battery " b " --action pivot --turn 45 | battery " b " --action pivot --turn -15 | "          \
    "battery " b " --action pivot --turn -30 | battery " b " --action pivot --turn -45"

static void expect_box(int id, int lox, int loy, int hix, int hiy)
{
    const tt_unit *u = unit(id);
    assert_non_null(u);
    assert_int_equal(u->lo.x, lox);
    assert_int_equal(u->lo.y, loy);
    assert_int_equal(u->hi.x, hix);
    assert_int_equal(u->hi.y, hiy);
}

static void phase_is(const char *id)
{
    const gr_battle *b = tb_game_battle(ST);
    assert_string_equal(b->rules->phases[b->phase].id, id);
}

static void turn_one(void **state)
{
    (void)state;
    /* turn 1: the order of battle names the French first player; the
     * initiative is not rolled (docs/rules/aoe.md) */
    phase_is("initiative");
    expect_legal("next");
    act("next");
    phase_is("s1_leaders");
    /* « Remplacer, attacher & détacher les généraux »: Lannes at (18, 2)
     * may attach to a brigade within his 12" (claparede's corner (13,
     * 3.75): sqrt(25 + 3.06) = 5.30"; treilhard's (23, 3): sqrt(25 + 1) =
     * 5.10"; not to the battery); Suchet, attached to claparede, may
     * detach */
    expect_legal("attach claparede --leader lannes | attach treilhard --leader lannes | detach "
                 "--leader suchet | next");
    act("next");
    /* s1_reserve: the French brigades, both 19" and more from every enemy,
     * are in the reserve zone; a battery takes no reserve test */
    phase_is("s1_reserve");
    expect_legal("reserve claparede | reserve treilhard | next");
    /* claparede: D10 2, +4 1er Tour, +1 Lannes not engaged: 7, « Succès.
     * Bouge normalement. »: 9" (Infanterie colonnaire).  Without Lannes's
     * +1 it would read 6, « Échec partiel ». */
    act("reserve claparede");
    die(2);
    assert_int_equal(tb_game_move_unit(ST), CLAPAREDE);
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    /* straight ahead the whole 9": from (12, 6) to (12, 15), clear of the
     * wood (x 3..10) and of the hill (x 15..23) */
    act("move claparede advance to 12 15");
    expect_box(CLAPAREDE, 11000, 12750, 13000, 15000);
    assert_int_equal(tb_game_move_unit(ST), -1);
    /* rottermund's front (y 25) is now 10" from claparede's (y 15): both in
     * the tactical zone; austrian_battery too (corner (18, 25) to (13, 15):
     * sqrt(25 + 100) = 11.18"), hohenlohe ((23.5, 25) to (13, 15):
     * sqrt(110.25 + 100) = 14.5"); treilhard (x 23..25, y 3..5) stays in
     * the reserve zone: 20" from hohenlohe (y 5 to 25), sqrt(9 + 400) =
     * 20.2" from the Austrian guns' corner (20, 25), sqrt(64 + 400) = 21.5"
     * from rottermund's (15, 25) */
    assert_int_equal(bunit(CLAPAREDE)->in_reserve, 0);
    assert_int_equal(bunit(ROTTERMUND)->in_reserve, 0);
    assert_int_equal(bunit(AUSTRIAN_BATTERY)->in_reserve, 0);
    assert_int_equal(bunit(HOHENLOHE)->in_reserve, 0);
    assert_int_equal(bunit(TREILHARD)->in_reserve, 1);
    /* treilhard: D10 1 +5 = 6, « Échec partiel. Pas de mouvement. » */
    act("reserve treilhard");
    die(1);
    assert_int_equal(tb_game_move_unit(ST), -1);
    expect_box(TREILHARD, 23000, 3000, 25000, 5000);
    expect_legal("next");
    act("next");
    /* s1_tactical: both brigades used reserve movement (« Les DRM du
     * mouvement de réserve sont appliqués à la place ... »: no tactical test
     * after it); the battery may limber (it is unlimbered) */
    phase_is("s1_tactical");
    expect_legal("battery french_battery --action limber" PIVOTS("french_battery") " | next");
    act("next");
    phase_is("s1_generals");
    act("next");
    /* s1_fire_second: the Austrians fire.  austrian_battery reaches
     * claparede: 11.18" <= 18", within the arc (the ray from its right
     * front corner (18, 25) turned 45 degrees out crosses y 15 at x 8, west
     * of claparede's x 11..13), the line (18, 25)-(13, 15) clear (it meets
     * y 15.5, the crest's, at x 13.25, west of the crest's x 16..22).  The
     * brigades' 2" reach nobody. */
    phase_is("s1_fire_second");
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("fire austrian_battery --target claparede | next");
    /* 11.18" reads the 12" column: « Autres artilleries » heavy 4, x 2
     * « artillerie sur colonne »: 8, row 8-9; D10 10: « 10 ou plus », Tir
     * efficace: disordered, one stand lost; Suchet attached (ordinary) is
     * checked: D10 6, « 6 + Général indemne » */
    act("fire austrian_battery --target claparede");
    die(10);
    die(6);
    assert_int_equal(bunit(CLAPAREDE)->lost, 1);
    assert_int_equal(bunit(CLAPAREDE)->disordered, 1);
    assert_int_equal(tb_game_battle(ST)->leaders[1].status, GR_BT_ACTIVE);
    /* five stands on the table, re-formed as a column from the same front:
     * ranks of 2, 2, 1 (the last on the left, west): x 11..13, y 12.75..15 */
    assert_int_equal(unit(CLAPAREDE)->nstands, 5);
    expect_box(CLAPAREDE, 11000, 12750, 13000, 15000);
    act("next");
    /* s1_fire_first: the French battery is 19" and more from every enemy,
     * claparede's 2" reaches nobody */
    phase_is("s1_fire_first");
    expect_legal("next");
    act("next");
    phase_is("s1_combat");
    expect_legal("next");
    act("next");
    /* the Austrians' segment: nobody left in their reserve zone */
    phase_is("s2_leaders");
    act("next");
    phase_is("s2_reserve");
    expect_legal("next");
    act("next");
    phase_is("s2_tactical");
    /* each brigade's test alone, or with a change of formation declared
     * (docs/table.md): rottermund, a line, to any other infantry formation;
     * hohenlohe, a cavalry line, to a column or a road column */
    expect_legal("movement rottermund | movement rottermund --formation supported_line | "
                 "movement rottermund --formation skirmish | movement rottermund --formation "
                 "column | movement rottermund --formation road_column | movement rottermund "
                 "--formation square | battery austrian_battery --action limber" PIVOTS(
                     "austrian_battery") " | movement "
                                         "hohenlohe | movement hohenlohe --formation column | "
                                         "movement hohenlohe "
                                         "--formation road_column | next");
    /* hohenlohe: D10 5, +2 « Brigade fraîche » (its general Schwarzenberg
     * is attached to rottermund: no general's DRM): 7, « En avant ! Bouge
     * normalement. »: 12" (Cavalerie); without the +2 it would read 5,
     * « Prudence ! ... demi-vitesse » */
    act("movement hohenlohe");
    die(5);
    assert_int_equal(tb_game_move_unit(ST), HOHENLOHE);
    /* straight ahead (south) 12": from (25, 25) to (25, 13), x 23.5..26.5
     * clear of the farm (x 27..31) and of the hill (x 15..23) */
    act("move hohenlohe advance to 25 13");
    expect_box(HOHENLOHE, 23500, 13000, 26500, 14000);
    /* treilhard is now in the tactical zone: (23.5, 13) to (24, 5) is 8" */
    assert_int_equal(bunit(TREILHARD)->in_reserve, 0);
    /* rottermund: D10 6, +2 fresh, +1 « général hiérarchique ordinaire
     * attaché » (Schwarzenberg): 9, « En avant ! »: 6" (Infanterie
     * linéaire): from (12, 25) to (12, 19) */
    act("movement rottermund");
    die(6);
    act("move rottermund advance to 12 19");
    expect_box(ROTTERMUND, 9000, 19000, 15000, 19750);
    act("next");
    phase_is("s2_generals");
    act("next");
    /* s2_fire_first: the French fire.  french_battery (x 17..19, y 5..6,
     * facing north, 18"): rottermund, corner (17, 6) to (15, 19):
     * sqrt(4 + 169) = 13.15", within the arc of its left front corner
     * (the ray turned 45 degrees west is at x 4 at y 19); hohenlohe, corner
     * (19, 6) to (23.5, 13): sqrt(20.25 + 49) = 8.32", within the arc of its
     * right corner (x 26 at y 13).  claparede's 2" reaches nobody
     * (rottermund is 4" away) */
    phase_is("s2_fire_first");
    expect_legal("fire french_battery --target rottermund | fire french_battery --target "
                 "hohenlohe | next");
    /* 8.32" reads the 12" column: « Ligne ... françaises » light 4, a
     * cavalry line (no x 2): row 4; D10 9, « 9 ou plus »: Tir
     * impressionnant: hohenlohe disordered, nothing lost (no general with
     * it: no check) */
    act("fire french_battery --target hohenlohe");
    die(9);
    assert_int_equal(bunit(HOHENLOHE)->disordered, 1);
    assert_int_equal(bunit(HOHENLOHE)->lost, 0);
    act("next");
    /* s2_fire_second: the Austrian battery again (a new phase) at
     * claparede, 11.18": 8 again (x 2 on a column), row 8-9; D10 5, « 6 ou
     * moins »: Tir inefficace */
    phase_is("s2_fire_second");
    expect_legal("fire austrian_battery --target claparede | next");
    act("fire austrian_battery --target claparede");
    die(5);
    assert_int_equal(bunit(CLAPAREDE)->lost, 1);
    act("next");
    phase_is("s2_combat");
    expect_legal("next");
    act("next");
    /* turn 2: the initiative is rolled */
    phase_is("initiative");
    assert_int_equal(tb_game_battle(ST)->turn, 2);
    expect_legal("initiative | next");
    /* the French have lost 1 stand: below their first critical level (4) */
    assert_int_equal(gr_game_winner(&G, ST), GR_ONGOING);
    memcpy(END1, tb_game_battle(ST), sizeof *END1);
}

/* Turn 2: the initiative, a cavalry charge into contact, its combat, the
 * result carried out on the table. */
static void turn_two(void **state)
{
    (void)state;
    /* the commanders-in-chief's D10s, the French (side 0) first: 7 and 3,
     * no critical level reached on either side: the French win and are
     * 1st player (the game's reading: the winner chooses first) */
    act("initiative");
    die(7);
    die(3);
    /* the winner chooses (seed 000: « pour le droit de choisir d'être le
     * 1er joueur ou non »): the French, to be 1st */
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("initiative --choose first | initiative --choose second");
    act("initiative --choose first");
    assert_int_equal(tb_game_battle(ST)->first, 0);
    act("next");
    phase_is("s1_leaders");
    act("next");
    /* no French unit in the reserve zone: french_battery's corner (19, 6)
     * is sqrt(20.25 + 49) = 8.32" from hohenlohe */
    phase_is("s1_reserve");
    expect_legal("next");
    act("next");
    phase_is("s1_tactical");
    expect_legal("movement claparede | movement claparede --formation line | movement "
                 "claparede --formation supported_line | movement claparede --formation skirmish "
                 "| movement claparede --formation road_column | movement claparede --formation "
                 "square | battery french_battery --action limber" PIVOTS(
                     "french_battery") " | movement treilhard | "
                                       "movement treilhard --formation line | movement treilhard "
                                       "--formation "
                                       "road_column | next");
    /* treilhard: D10 6, +2 fresh (its general Suchet is attached to
     * claparede; light cavalry in a column: no other line): 8, « En
     * avant ! »: 12".  Straight ahead into contact with hohenlohe: its
     * front (y 5) meets hohenlohe's (y 13) after 8" (x 23..25 within
     * hohenlohe's 23.5..26.5) */
    act("movement treilhard");
    die(6);
    act("move treilhard contact hohenlohe to 24 13");
    expect_box(TREILHARD, 23000, 11000, 25000, 13000);
    act("next");
    phase_is("s1_generals");
    act("next");
    phase_is("s1_fire_second");
    act("next");
    phase_is("s1_fire_first");
    act("next");
    /* s1_combat: treilhard is in contact with hohenlohe, claparede with
     * nobody */
    phase_is("s1_combat");
    /* a cavalry charge on cavalry: the Austrians answer first (seed 000,
     * « contre-charges si ce sont des brigades de cavalerie subissant une
     * charge de cavalerie »); here they let it come, and hohenlohe keeps
     * the -2 below */
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("countercharge hohenlohe --target treilhard | countercharge none --target "
                 "treilhard");
    act("countercharge none --target treilhard");
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("combat treilhard --target hohenlohe | next");
    /* Table des combats, D10 against D10.  treilhard (attacker): +2 « Brigade
     * fraîche », +1 « Unité régulière »; 4 stands against 3 is less than 3
     * against 2: +3.  hohenlohe (defender): +2 « Cavalerie lourde
     * cuirassée », -2 « Brigade en désordre, cavalerie ne contre-chargeant
     * pas » (once: « Ces DRM ne se cumulent pas »), +2 fresh, +1 regular:
     * +3.  Cavalry against cavalry: no charge distance.  8 + 3 - (3 + 3) =
     * 5: « 4, 5, 6 Ramené ! DÉFENSEUR : retraite en désordre ... au-delà de
     * la portée de mousquetterie ... ou d'une demi-vitesse (la plus élevée
     * des deux). Une base dérouté » */
    act("combat treilhard --target hohenlohe");
    die(8);
    die(3);
    assert_int_equal(bunit(HOHENLOHE)->lost, 1);
    assert_int_equal(bunit(HOHENLOHE)->disordered, 1);
    assert_int_equal(bunit(TREILHARD)->lost, 0);
    /* on the table: two stands left, re-formed as a line from the same
     * front centre (25, 13): x 24..26; then the retreat, half speed (12" / 2
     * = 6", more than the 2" of musketry), straight away from treilhard's
     * front centre (24, 13) to its own (25, 13): east, to (31, 13): x
     * 30..32, y 13..14 (no stand in the way, on the table, every enemy
     * farther than before) */
    assert_int_equal(unit(HOHENLOHE)->nstands, 2);
    assert_int_equal(unit(HOHENLOHE)->pose.at.x, 31000);
    assert_int_equal(unit(HOHENLOHE)->pose.at.y, 13000);
    expect_box(HOHENLOHE, 30000, 13000, 32000, 14000);
    /* « ATTAQUANT : occupe la position évacuée par l'ennemi ou perce avec
     * charge à demi-vitesse vers l'unité ennemie la plus proche »: the
     * French choose; treilhard stays where it charged (test_tb_rules
     * plays the breakthrough) */
    assert_int_equal(tb_game_move_unit(ST), TREILHARD);
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    act("move treilhard hold");
    expect_box(TREILHARD, 23000, 11000, 25000, 13000);
    act("next");
    phase_is("s2_leaders");
    act("next");
    /* the Austrians: hohenlohe at (31, 13) is 5" from treilhard, rottermund
     * 4" from claparede: nobody in the reserve zone */
    phase_is("s2_reserve");
    expect_legal("next");
    act("next");
    /* rottermund declares a column with its test: D10 6, +2 fresh, +1
     * Schwarzenberg attached: 9, « En avant ! Bouge normalement. »: 6"
     * (Infanterie linéaire), « 1/2 mouvement si déploiement en colonne de
     * manœuvre »: 3" */
    phase_is("s2_tactical");
    act("movement rottermund --formation column");
    die(6);
    assert_int_equal(tb_game_move_unit(ST), ROTTERMUND);
    /* the whole 3" south: front from y 19 to 16, 1" from claparede's
     * front (y 15); then the column from the same front centre (12, 16):
     * two wide (x 11..13), three ranks of 3/4" behind, northward (y 16 to
     * 18.25) */
    act("move rottermund advance to 12 16");
    assert_string_equal(bunit(ROTTERMUND)->formation, "column");
    assert_int_equal(unit(ROTTERMUND)->pose.form, TT_COLUMN);
    expect_box(ROTTERMUND, 11000, 16000, 13000, 18250);
    /* rottermund has tested; hohenlohe (a line) and the battery have not */
    expect_legal("battery austrian_battery --action limber" PIVOTS(
        "austrian_battery") " | movement hohenlohe | movement "
                            "hohenlohe --formation column | movement hohenlohe --formation "
                            "road_column | "
                            "next");
    act("next");
    phase_is("s2_generals");
    act("next");
    /* s2_fire_first, the French: claparede (2") has rottermund 1" ahead
     * (fronts y 15 and 16); french_battery reaches rottermund (corner
     * (17, 6) to (13, 16): sqrt(16 + 100) = 10.77", in the arc of its left
     * corner (x 7 at y 16), the line passing east of claparede: x 14.3 at
     * y 12.75, 13.4 at y 15) but not hohenlohe (at x 30..32 it is east of
     * the arc of its right corner, x 26 at y 13, 27 at y 14); treilhard's
     * 2" reaches nobody (hohenlohe is 5" away) */
    phase_is("s2_fire_first");
    expect_legal("fire claparede --target rottermund | fire french_battery --target rottermund "
                 "| next");
    /* claparede: 5 stands in column x 1 (« Infanterie colonnaire ou
     * carré/tirailleurs 1 »), « 1 Sk »: 6, « x 1/2 Tir en désordre »: 3 (with
     * the Sk added after the half, 3.5: the same row), row 3; rottermund
     * changed formation this segment: « + 1 Cible ... a changé de
     * formation »; D10 9 + 1 = 10, « 10 ou plus »: Tir impressionnant,
     * rottermund disordered, nothing lost */
    act("fire claparede --target rottermund");
    die(9);
    assert_int_equal(bunit(ROTTERMUND)->disordered, 1);
    assert_int_equal(bunit(ROTTERMUND)->lost, 0);
    act("next");
    phase_is("s2_fire_second");
    act("next");
    /* s2_combat: nobody in contact (rottermund is 1" from claparede) */
    phase_is("s2_combat");
    expect_legal("next");
    act("next");
    phase_is("initiative");
    assert_int_equal(tb_game_battle(ST)->turn, 3);
    memcpy(END2, tb_game_battle(ST), sizeof *END2);
}

/* One verb of the companion with its fact and its dice typed. */
static void companion_do(gr_battle *b, gr_bt_outcome *out, const char *verb, int u, int t,
                         const char *key, const char *val, const int *rolls, int nrolls)
{
    gr_bt_action a;
    gr_error err = {0};
    memset(&a, 0, sizeof a);
    snprintf(a.call.verb, sizeof a.call.verb, "%s", verb);
    a.call.unit = u;
    a.call.target = t;
    a.call.leader = -1;
    if (key) {
        snprintf(a.call.key[0], GR_BT_ID, "%s", key);
        snprintf(a.call.val[0], GR_BT_ID, "%s", val);
        a.call.nin = 1;
    }
    a.nrolls = nrolls;
    memcpy(a.rolls, rolls, (size_t)nrolls * sizeof rolls[0]);
    if (gr_battle_do(b, &a, out, &err) != GR_OK)
        fail_msg("%s: %s", verb, err.msg);
}

/* Turn 3: an infantry attack, its combat, the retreat straight back. */
static void turn_three(void **state)
{
    (void)state;
    /* D10 7 and 3: the French are 1st player again */
    act("initiative");
    die(7);
    die(3);
    /* the winner chooses (seed 000: « pour le droit de choisir d'être le
     * 1er joueur ou non »): the French, to be 1st */
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("initiative --choose first | initiative --choose second");
    act("initiative --choose first");
    assert_int_equal(tb_game_battle(ST)->first, 0);
    for (int i = 0; i < 3; i++)
        act("next");
    phase_is("s1_tactical");
    /* claparede, disordered (« En désordre »): D10 6, +1 « Infanterie
     * colonnaire », +1 Suchet attached (ordinary); no longer fresh (a stand
     * lost, worn at 1): 8, « Ralliement. Ralliée. Bouge à demi-vitesse. Pas
     * de changement de formation. »: rallied, 4.5".  Into contact with
     * rottermund, 1" ahead: its front from y 15 to 16 */
    act("movement claparede");
    die(6);
    assert_int_equal(bunit(CLAPAREDE)->disordered, 0);
    act("move claparede contact rottermund to 12 16");
    expect_box(CLAPAREDE, 11000, 13750, 13000, 16000);
    for (int i = 0; i < 4; i++)
        act("next");
    phase_is("s1_combat");
    /* Table des combats: claparede (attacker) 5 stands against 6 (no
     * superiority), +1 « Général attaché » (Suchet), +1 « Unité
     * régulière »: +2.  rottermund (defender): +1 Schwarzenberg attached,
     * -2 « Brigade en désordre », +2 « Brigade fraîche », +1 regular: +2.
     * D10 9 and 4: 11 - 6 = 5, « Ramené ! »: rottermund retreats in
     * disorder, the farther of beyond musketry (2") and half speed (6" / 2 =
     * 3"), one stand routed */
    act("combat claparede --target rottermund");
    die(9);
    die(4);
    assert_int_equal(bunit(ROTTERMUND)->lost, 1);
    assert_int_equal(bunit(ROTTERMUND)->disordered, 1);
    assert_int_equal(bunit(CLAPAREDE)->lost, 1);
    /* on the table: five stands re-formed in column from (12, 16); the two
     * front centres coincide, so the retreat goes straight back (north),
     * 3": front at (12, 19), ranks of 2, 2, 1 behind it to y 21.25 */
    assert_int_equal(unit(ROTTERMUND)->nstands, 5);
    assert_int_equal(unit(ROTTERMUND)->pose.at.y, 19000);
    expect_box(ROTTERMUND, 11000, 19000, 13000, 21250);
    /* « ATTAQUANT : occupe la position évacuée ... ou perce »: claparede
     * stays where it fought */
    assert_int_equal(tb_game_move_unit(ST), CLAPAREDE);
    act("move claparede hold");
    expect_box(CLAPAREDE, 11000, 13750, 13000, 16000);
    /* the rest of the turn passes */
    while (tb_game_battle(ST)->turn == 3)
        act("next");
    phase_is("initiative");
    assert_int_equal(tb_game_battle(ST)->turn, 4);
    assert_int_equal(gr_game_winner(&G, ST), GR_ONGOING);
}

/* The same tests through the companion alone, with the facts the table
 * measured (the battery's range rounded up to the thousandth: 11.181") and
 * the same dice: the same results. */
static void companion(void **state)
{
    (void)state;
    const tb_scenario *sc = G.sc;
    gr_battle *b = malloc(sizeof *b);
    assert_non_null(b);
    memcpy(b, &sc->start, sizeof *b);
    gr_bt_outcome *out = malloc(sizeof *out);
    assert_non_null(out);
#define DO(V_, U_, T_, K_, VAL_, ...)                                                              \
    do {                                                                                           \
        int r_[] = {__VA_ARGS__};                                                                  \
        companion_do(b, out, V_, U_, T_, K_, VAL_, r_ + 1, (int)(sizeof r_ / sizeof r_[0]) - 1);   \
    } while (0)
    for (int i = 0; i < 2; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("reserve", CLAPAREDE, -1, NULL, NULL, 0, 2);
    DO("reserve", TREILHARD, -1, NULL, NULL, 0, 1);
    for (int i = 0; i < 3; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("fire", AUSTRIAN_BATTERY, CLAPAREDE, "range", "11.181", 0, 10, 6);
    assert_int_equal(b->units[CLAPAREDE].lost, 1);
    assert_int_equal(b->units[CLAPAREDE].disordered, 1);
    for (int i = 0; i < 5; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("movement", HOHENLOHE, -1, NULL, NULL, 0, 5);
    DO("movement", ROTTERMUND, -1, NULL, NULL, 0, 6);
    for (int i = 0; i < 2; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("fire", FRENCH_BATTERY, HOHENLOHE, "range", "8.322", 0, 9);
    DO("next", -1, -1, NULL, NULL, 0);
    DO("fire", AUSTRIAN_BATTERY, CLAPAREDE, "range", "11.181", 0, 5);
    DO("next", -1, -1, NULL, NULL, 0);
    DO("next", -1, -1, NULL, NULL, 0);
    for (int i = 0; i < b->nunits; i++) {
        assert_int_equal(b->units[i].lost, END1->units[i].lost);
        assert_int_equal(b->units[i].disordered, END1->units[i].disordered);
        assert_int_equal(b->units[i].removed, END1->units[i].removed);
        assert_string_equal(b->units[i].formation, END1->units[i].formation);
    }
    assert_int_equal(b->turn, END1->turn);
    assert_int_equal(b->phase, END1->phase);
    /* turn 2: the initiative, treilhard's test, its combat */
    DO("initiative", -1, -1, "choose", "first", 0, 7, 3);
    for (int i = 0; i < 3; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("movement", TREILHARD, -1, NULL, NULL, 0, 6);
    for (int i = 0; i < 4; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("combat", TREILHARD, HOHENLOHE, NULL, NULL, 0, 8, 3);
    for (int i = 0; i < 3; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("movement", ROTTERMUND, -1, "deployment", "maneuver_column", 0, 6);
    DO("formation", ROTTERMUND, -1, "to", "column", 0);
    assert_string_equal(b->units[ROTTERMUND].formation, "column");
    for (int i = 0; i < 2; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("fire", CLAPAREDE, ROTTERMUND, NULL, NULL, 0, 9);
    for (int i = 0; i < 3; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    for (int i = 0; i < b->nunits; i++) {
        assert_int_equal(b->units[i].lost, END2->units[i].lost);
        assert_int_equal(b->units[i].disordered, END2->units[i].disordered);
        assert_string_equal(b->units[i].formation, END2->units[i].formation);
    }
    /* turn 3: the initiative, claparede's test and its attack */
    DO("initiative", -1, -1, "choose", "first", 0, 7, 3);
    for (int i = 0; i < 3; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("movement", CLAPAREDE, -1, NULL, NULL, 0, 6);
    for (int i = 0; i < 4; i++)
        DO("next", -1, -1, NULL, NULL, 0);
    DO("combat", CLAPAREDE, ROTTERMUND, NULL, NULL, 0, 9, 4);
    while (b->turn == 3)
        DO("next", -1, -1, NULL, NULL, 0);
    for (int i = 0; i < b->nunits; i++) {
        assert_int_equal(b->units[i].lost, bunit(i)->lost);
        assert_int_equal(b->units[i].disordered, bunit(i)->disordered);
        assert_int_equal(b->units[i].removed, bunit(i)->removed);
        assert_string_equal(b->units[i].formation, bunit(i)->formation);
    }
    for (int i = 0; i < b->nunits; i++) {
        assert_int_equal(b->units[i].lost, bunit(i)->lost);
        assert_int_equal(b->units[i].disordered, bunit(i)->disordered);
        assert_int_equal(b->units[i].removed, bunit(i)->removed);
    }
    assert_int_equal(b->turn, tb_game_battle(ST)->turn);
    assert_int_equal(b->phase, tb_game_battle(ST)->phase);
    assert_int_equal(b->first, tb_game_battle(ST)->first);
    free(out);
    free(b);
#undef DO
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load(root))
        return 1;
    END1 = malloc(sizeof *END1);
    END2 = malloc(sizeof *END2);
    if (!END1 || !END2)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turn_one),
        cmocka_unit_test(turn_two),
        cmocka_unit_test(turn_three),
        cmocka_unit_test(companion),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    free(END1);
    free(END2);
    gr_game_free(&G);
    return rc;
}
