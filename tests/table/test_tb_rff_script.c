/* test_tb_rff_script.c - Regimental Fire and Fury on the table (`rff-table`,
 * issue 35): three turns of the teaching battle (data/table/rff-teaching.json)
 * played step by step with typed dice, every value worked out by hand here
 * from seed 001 (TABLE DE MANŒUVRES, CAPACITES DE MOUVEMENT, TABLE DE
 * MOUSQUETERIE & CANONNADE, TABLE DES CHARGES), the teaching battle's fire
 * values (its `fire` block: RM close 10 cm, range 20 cm, 1 and 0.5 points a
 * stand; guns close 25 cm, range 120 cm, 3 and 1 points a gun stand) and its
 * places (docs/table.md; bases 2.5 x 1.9 cm, docs/rules/rff.md).
 *
 * Units by index (the order of battle): 0 blue_1 (8 stands, veteran, RM),
 * 1 blue_2 (8, trained, brave colonel), 2 blue_bty (2 guns), 3 grey_1 (8,
 * veteran), 4 grey_2 (8, green, SM), 5 grey_cav (4, trained), 6 grey_bty (2
 * guns); leaders hollis (able, Union) at (60, 6), marlow (gallant) at (60, 86).
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

#include "grognard/game.h"
#include "grognard/tb.h"
#include "tb_steps.h"

static const char *root = ".";

enum { BLUE_1, BLUE_2, BLUE_BTY, GREY_1, GREY_2, GREY_CAV, GREY_BTY };

static void allowance_is(int64_t cm1000)
{
    assert_int_equal(tb_game_move_allowance(ST), cm1000);
}

static void nexts(int n)
{
    for (int i = 0; i < n; i++)
        act("next");
}

static void test_three_turns(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/rff-teaching.json", root);
    gr_error err = {0};
    assert_int_equal(gr_game_load(path, "rff-table", &G, &err), GR_OK);
    ST = malloc(G.type->state_size);
    assert_non_null(ST);
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);

    /* ==== turn 1, the Union (first player) ==== */
    /* 1° remplacez, attachez ou détachez les chefs: hollis may attach to each
     * regiment within his 20 cm (« 20cm si ligne de vue claire »): blue_1's
     * nearest corner (48, 12.1) is sqrt(12² + 6.1²) = 13.46 cm from him */
    expect_legal("attach blue_1 --leader hollis | attach blue_bty --leader hollis | attach "
                 "blue_2 --leader hollis | next");
    act("next");
    /* maneuver blue_1: « 0 Chef moyen / able » (its commander within 20 cm,
     * above), « +1 unité vétérans », « +2 Troupe fraîche »: +3; a 5: 8, « 8 ou
     * plus Marche Forcée »: infantry in double line 30 / 40 cm, so 40 cm */
    act("maneuver blue_1");
    die(5);
    allowance_is(40000);
    act("move blue_1 advance to 38 24"); /* a quarter of the 40 cm straight ahead */
    /* maneuver blue_2: « +1 ... Colonel courageux », « +2 Troupe fraîche »,
     * trained 0, able 0 (hollis 13.46 cm from (72, 12.1)): +3; a 2: 5, « 3 - 7
     * Manœuvre bien exécutée »: « Mouvement complet », 30 cm */
    act("maneuver blue_2");
    die(2);
    allowance_is(30000);
    act("move blue_2 advance to 82 21.5"); /* a quarter, 7.5 cm */
    act("next");                           /* to « Manœuvrez les chefs détachés » */
    act("next");                           /* 2° a. the Confederates' defensive fire */
    /* grey_bty (front y 80) at blue_1 (front y 24): 56 cm, beyond the guns'
     * close 25 cm and within their 120: long, 1 point a gun stand x 2 = 2
     * points, « -3 2 pts »; « -1 ... tir de canon »: -4.  (blue_2 is hidden by
     * the knoll's crest at y 57 from every corner of the battery.) */
    expect_legal("cannonade grey_bty --target blue_1 | next");
    act("cannonade grey_bty --target blue_1");
    die(9);
    /* 9 - 4 = 5, blue_1 veteran: « 5 » is the Vétéran column's Tir nourri,
     * « Sur canonnade seulement, troupe en désordre » */
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 8);
    act("next"); /* 2° b. the Union's offensive fire */
    /* blue_bty at grey_1 (front y 76, from the battery's front y 12: 64 cm,
     * long): 2 points, -3, -1 cannon: -4; grey_bty is behind the crest */
    expect_legal("cannonade blue_bty --target grey_1 | cannonade blue_bty --target grey_2 | "
                 "cannonade blue_bty --target grey_cav | next");
    act("cannonade blue_bty --target grey_1");
    die(10);
    /* a natural 10: 10 - 4 = 6, Vétéran « 6 » Tir efficace: « Troupe en
     * désordre »; « A court de munitions. Sur dé de base égal à 10 » for the
     * battery; « Perte de chef »: no Confederate leader within 10 cm of
     * grey_1 (marlow is 14.48 cm from its corner (48, 77.9)), no test */
    assert_int_equal(bunit(GREY_1)->disordered, 1);
    assert_int_equal(bunit(BLUE_BTY)->ammo, 1);
    nexts(4); /* 3° a. mêlées, b. mouvements de percée, c. percées: none; the Confederates' turn */

    /* ==== turn 1, the Confederates ==== */
    act("next");
    /* grey_1, disordered: the column « Troupes en désordre ou brisées »;
     * « +1 Chef vaillant », « +1 vétérans », « +2 fraîche »: +4; a 4: 8, « 5 -
     * 10 Rallie. Revient en bon ordre et manœuvre retardée »: half of 30 cm */
    act("maneuver grey_1");
    die(4);
    assert_int_equal(bunit(GREY_1)->disordered, 0);
    allowance_is(15000);
    act("move grey_1 advance to 38 72.25"); /* a quarter, 3.75 cm */
    /* grey_2: « -1 bleu », « +2 fraîche », « +1 vaillant »: +2; a 3: 5, well
     * executed, 30 cm */
    act("maneuver grey_2");
    die(3);
    allowance_is(30000);
    act("move grey_2 advance to 82 68.5");
    nexts(2);
    /* the Union's defensive fire: blue_bty, low on ammunition (« x 1/2 si
     * ... à court de munitions »): 2 x 1/2 = 1 point, « -4 1 pts », -1: -5;
     * a 6: 1, Vétéran « 4 ou moins » Tir sans effet */
    act("cannonade blue_bty --target grey_1");
    die(6);
    assert_int_equal(bunit(GREY_1)->disordered, 0);
    assert_int_equal(gr_bt_unit_stands(bunit(GREY_1)), 8);
    act("next");
    /* the Confederates' offensive fire: grey_bty at blue_1 (56 cm, long): -4
     * as above; a natural 10: 6, Tir efficace on a regiment already in
     * disorder: « perte de 1 socle si déjà en désordre »; the battery low on
     * ammunition; no Union leader within 10 cm of blue_1 (hollis is 20.1 cm
     * from (48, 22.1)) */
    expect_legal("cannonade grey_bty --target blue_1 | next");
    act("cannonade grey_bty --target blue_1");
    die(10);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 7);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(bunit(GREY_BTY)->ammo, 1);
    nexts(4);

    /* ==== turn 2, the Union ==== */
    /* hollis may attach to blue_bty and blue_2; blue_1 is beyond his 20 cm
     * now (20.1 cm, above) */
    expect_legal("attach blue_bty --leader hollis | attach blue_2 --leader hollis | next");
    act("next");
    /* blue_1, disordered and out of command: able 0, veteran +1, fresh +2
     * (1 stand lost, « ébranlée » at 3), « -2 Non commandé »: +1; an 8: 9,
     * « 5 - 10 Rallie »: good order, a delayed maneuver: 15 cm */
    act("maneuver blue_1");
    die(8);
    assert_int_equal(bunit(BLUE_1)->disordered, 0);
    allowance_is(15000);
    act("move blue_1 advance to 38 27.75");
    /* blue_2 (hollis 18.1 cm from (72, 19.6)): +3; a 1: 4, well executed */
    act("maneuver blue_2");
    die(1);
    allowance_is(30000);
    act("move blue_2 advance to 82 29");
    /* blue_bty, low on ammunition since turn 1's natural 10: hollis is
     * within 20 cm (he may attach to it, above): able 0; trained 0, « +2
     * Troupe fraîche », « +2 En batterie (2 pièces mini) » (unlimbered, 2
     * stands): +4; a 1: 5, « 3 - 7 Manœuvre bien exécutée »: MANŒUVRES DES
     * CANONS, BIEN EXÉCUTÉE lists « Réapprovisionne en munitions », chosen
     * instead of its move; no « Rallie » (no gun silenced).  Unlimbered, it
     * may also stay (and fire), « Attèle et mouvement complet » or « Pivote
     * et tire » by 30, 60 or 90 degrees either way (nothing stands within
     * the 4.5 cm its 5 x 3.8 cm of stands sweep about its front centre), «
     * Avance à la prolonge » or « Recul à la prolonge » (its gun is
     * "other": neither HH nor HR, which the column forbids them); no move
     * of unlimbered guns (no take_move) */
    act("maneuver blue_bty");
    die(1);
    allowance_is(0); /* no move waits: its choice does */
    expect_legal("resupply blue_bty | stand blue_bty | limber_and_move blue_bty | pivot blue_bty "
                 "--turn 30 | pivot blue_bty --turn 60 | pivot blue_bty --turn 90 | pivot "
                 "blue_bty --turn -30 | pivot blue_bty --turn -60 | pivot blue_bty --turn -90 | "
                 "prolonge_advance blue_bty | prolonge_retire blue_bty");
    act("resupply blue_bty");
    assert_int_equal(bunit(BLUE_BTY)->ammo, 0);
    assert_int_equal(unit(BLUE_BTY)->pose.at.x, 57000); /* it did not move */
    assert_int_equal(unit(BLUE_BTY)->pose.at.y, 12000);
    expect_legal("next"); /* every Union unit has made its test */
    nexts(2);
    expect_legal("cannonade grey_bty --target blue_1 | cannonade grey_bty --target blue_2 | next");
    act("next"); /* the offensive fire: none */
    nexts(4);    /* melees, breakthroughs: none; the Confederates' leaders */

    /* ==== turn 2, the Confederates ==== */
    act("next");
    /* grey_1 in good order, marlow 16.9 cm from (48, 74.15): +4; a 6: 10,
     * forced march, 40 cm */
    act("maneuver grey_1");
    die(6);
    allowance_is(40000);
    act("move grey_1 advance to 38 62.25"); /* a quarter, 10 cm */
    /* grey_cav: trained 0, fresh +2, gallant +1, marlow 43 cm away: « -2 Non
     * commandé »: +1; a 5: 6, well executed: cavalry in double line 45 cm */
    act("maneuver grey_cav");
    die(5);
    allowance_is(45000);
    act("move grey_cav advance to 108 68.75");
    /* grey_bty (unlimbered, low on ammunition since turn 1): marlow 6.3 cm
     * from its front centre (58, 80), « +1 Chef vaillant », trained 0, « +2
     * Troupe fraîche », « +2 En batterie »: +5; no Union unit within 20 cm
     * (blue_1's front is at y 27.75); a 1: 6, « 3 - 7 Manœuvre bien exécutée
     * »: « Attèle et mouvement complet »: limbered, then the « Batterie à
     * pieds » full move, 30 cm */
    act("maneuver grey_bty");
    die(1);
    act("limber_and_move grey_bty");
    assert_string_equal(bunit(GREY_BTY)->formation, "limbered");
    assert_int_equal(bunit(GREY_BTY)->limbered, 1);
    allowance_is(30000);
    act("move grey_bty advance to 58 72.5"); /* a quarter, 7.5 cm, limbered */
    assert_int_equal(unit(GREY_BTY)->pose.at.y, 72500);
    assert_int_equal(bunit(GREY_BTY)->ammo, 1); /* it did not resupply */
    nexts(7);

    /* ==== turn 3, the Union ==== */
    act("next");
    /* blue_1 out of command (23.2 cm): +3 - 2 = +1; a 9: 10, forced march 40
     * cm: grey_1's front is 62.25 - 27.75 = 34.5 cm ahead, within it, so the
     * move into contact (a charge, after a well-executed result) is listed */
    act("maneuver blue_1");
    die(9);
    allowance_is(40000);
    act("move blue_1 contact grey_1 to 38 62.25");
    /* blue_bty (unlimbered, resupplied in turn 2, no gun silenced): +4 as
     * in turn 2 (no army level reached: the Union has lost 1 stand); a 1: 5,
     * well executed: no resupply or rally to make (the prolonge, as in turn
     * 2); « Pivote et tire » by 90 degrees to the left: facing north (+y)
     * it faces west (-x), its front centre where it was */
    act("maneuver blue_bty");
    die(1);
    expect_legal("stand blue_bty | limber_and_move blue_bty | pivot blue_bty --turn 30 | pivot "
                 "blue_bty --turn 60 | pivot blue_bty --turn 90 | pivot blue_bty --turn -30 | "
                 "pivot blue_bty --turn -60 | pivot blue_bty --turn -90 | prolonge_advance "
                 "blue_bty | prolonge_retire blue_bty");
    act("pivot blue_bty --turn 90");
    assert_int_equal(unit(BLUE_BTY)->pose.face.x, -1);
    assert_int_equal(unit(BLUE_BTY)->pose.face.y, 0);
    assert_int_equal(unit(BLUE_BTY)->pose.at.x, 57000);
    assert_int_equal(unit(BLUE_BTY)->pose.at.y, 12000);
    assert_string_equal(bunit(BLUE_BTY)->formation, "unlimbered");
    nexts(2);
    /* the Confederates' defensive fire on the charge: grey_1 at blue_1 in
     * contact, close range: 1 point x 8 stands = 8, « 0 6 - 8 pts », no other
     * line (a rifled musket, a double line taken in front): 0; a 7: 7,
     * Vétéran « 7 - 8 »: Tir mortel's third row, « Charge à fond »: « Troupe
     * en désordre et perte de 1 socle » and the charge goes on */
    act("musketry grey_1 --target blue_1");
    die(7);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 6);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    act("next");
    act("next"); /* 3° a. les mêlées */
    expect_legal("charge blue_1 --target grey_1 | next");
    /* TABLE DES CHARGES: blue_1 « +1 Vétérans », « +2 Frais » (2 lost), « -1
     * Troupe en désordre »: +2; grey_1 « +1 Vétérans », « +2 Frais », and «
     * +1 Défense d'un terrain favorable »: blue_1's charge crossed
     * Whitfield's run (its front centre from y 27.75 to 62.25 at x 38, the
     * run at y 31.27 there), though both stand on level 0 with no cover: +4;
     * 6 stands against 8 is under 3/2.  9 + 2 - (2 + 4) = 5: « 5 - 8
     * ENFONCÉS » (6 before the stream was read, the same band): the defender loses
     * 1 socle, in disorder, « retraite hors de courte portée »: beyond every
     * Union close band, the guns' 25 cm, from blue_1 */
    assert_non_null(strstr(tb_steps_facts("charge blue_1 --target grey_1"), "favorable=yes"));
    act("charge blue_1 --target grey_1");
    die(9);
    die(2);
    assert_int_equal(gr_bt_unit_stands(bunit(GREY_1)), 7);
    assert_int_equal(bunit(GREY_1)->disordered, 1);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 6);
    /* straight back from (38, 62.25) by 25 cm and the 0.1 mm of contact:
     * its front at y 87.26 */
    assert_int_equal(unit(GREY_1)->pose.at.x, 38000);
    assert_int_equal(unit(GREY_1)->pose.at.y, 87260);
    /* ENFONCÉS: « ATTAQUANT prend la position »: grey_1 left it, so blue_1
     * (infantry: no « Cavalerie perce ») advances straight ahead into the
     * ground grey_1 held, a double line one stand deep, 1.9 cm (the
     * infantry base), or stays */
    allowance_is(1900);
    expect_legal("move blue_1 advance to 38 62.725 | move blue_1 advance to 38 63.2 | move blue_1 "
                 "advance to 38 63.675 | move blue_1 advance to 38 64.15 | move blue_1 hold");
    act("move blue_1 advance to 38 64.15"); /* the whole depth: 62.25 + 1.9 */
    assert_int_equal(unit(BLUE_1)->pose.at.x, 38000);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 64150);
    nexts(4);

    /* ==== turn 3, the Confederates ==== */
    expect_legal("maneuver grey_1 | maneuver grey_bty | maneuver grey_2 | maneuver grey_cav | "
                 "next");
    /* grey_1 disordered, marlow 12.07 cm from (48, 87.26): +4; a 3: 7, « 5 -
     * 10 Rallie »: good order, 15 cm */
    act("maneuver grey_1");
    die(3);
    assert_int_equal(bunit(GREY_1)->disordered, 0);
    allowance_is(15000);
    act("move grey_1 hold to 38 87.26");
    /* grey_bty, limbered at (58, 72.5): +1 vaillant, +2 fraîche, « +1 ...
     * canon attelé » (no « En batterie »): +4; blue_1 (front y 64.15, its
     * corner (48, 64.15) 12.1 cm from the battery's (56.75, 72.5)) is
     * ahead of its front (not « pris de flanc »); a 3: 7, well executed:
     * limbered, it may move (« Attèle et mouvement complet »'s move),
     * resupply, unlimber (« Dételle et tire ») or « Mouvement complet et
     * dételle »: the full 30 cm, then unlimbered where it stops */
    act("maneuver grey_bty");
    die(3);
    expect_legal("take_move grey_bty | resupply grey_bty | unlimber grey_bty | "
                 "move_and_unlimber grey_bty");
    act("move_and_unlimber grey_bty");
    allowance_is(30000);
    act("move grey_bty hold to 58 72.5");
    assert_string_equal(bunit(GREY_BTY)->formation, "unlimbered");
    assert_int_equal(bunit(GREY_BTY)->limbered, 0);
    assert_int_equal(unit(GREY_BTY)->pose.form, TT_BATTERY);
    assert_int_equal(unit(GREY_BTY)->pose.at.y, 72500);
    nexts(7);
    /* the fourth turn begins, the Union's leaders' step: blue_2 has left
     * hollis's 20 cm (its corner (72, 27.1) is 24.3 cm from him), blue_1 too */
    assert_int_equal(tb_game_battle(ST)->turn, 4);
    expect_legal("attach blue_bty --leader hollis | next");
    gr_game_free(&G);
    free(ST);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_three_turns)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
