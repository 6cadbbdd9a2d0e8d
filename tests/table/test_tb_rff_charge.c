/* test_tb_rff_charge.c - the charge side of Regimental Fire and Fury on the
 * table (`rff-table`): the result lines of the TABLE DES CHARGES that hold
 * under a condition (BALAYÉS « Prend la position après 2° combat »,
 * REPOUSSÉS « Tient la position ... si fortifié » and « Retrait à 5cm si
 * défense fortifié », ENFONCÉS « retraite mouvement de déroute, brisé, si
 * battu par cavalerie »), « Défense d'un terrain favorable » for a charge
 * across a stream, and the passage of lines (MANŒUVRES DE LA TROUPE, BIEN
 * EXÉCUTÉE: « Passage de ligne possible : Les deux en désordre si une déjà
 * en désordre ou "bleu" ... »; the fire's « +1 Cible ... ayant fait un
 * passage de ligne »), and a charge stopped by fire (« Recul à 5cm de la
 * cible »).  Readings: docs/rules/rff.md « On the table: the
 * battle file and the game `rff-table` ».
 *
 * The battle is data/table/rff-teaching.json with units moved by each test
 * (the text replaced before it is read).  Its units by index: 0 blue_1 (8
 * stands, veteran, fresh), 1 blue_2 (8, trained, brave colonel), 2 blue_bty,
 * 3 grey_1 (8, veteran), 4 grey_2 (8, green), 5 grey_cav (4, trained), 6
 * grey_bty; hollis (able) at (60, 6), marlow (gallant) at (60, 86).  A
 * unit's `at` is its front centre; infantry stands 2.5 x 1.9 cm, cavalry
 * 2.5 x 3.8 cm, a double line one stand deep.  Whitfield's run (a stream)
 * runs (0, 30) - (60, 32) - (120, 30): at x 38 it is at y 30 + 2 x 38 / 60
 * = 31.27, between x 28 and 48 at y 30.93 to 31.6.  Every value is worked
 * out by hand here from seed 001 and these places, in table units (1 cm =
 * 1000).
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
#include <jansson.h>

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/game.h"
#include "grognard/tb.h"
#include "tb_steps.h"

static const char *root = ".";

enum { BLUE_1, BLUE_2, BLUE_BTY, GREY_1, GREY_2, GREY_CAV, GREY_BTY };

/* A game of the teaching battle with each `from[i]` of its text replaced
 * by `to[i]` (n pairs), at its start. */
static void load_changed(int n, const char *const *from, const char *const *to)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/rff-teaching.json", root);
    char *text = NULL;
    size_t len = 0;
    gr_error err = {0};
    assert_int_equal(gr_read_file(path, 1 << 22, &text, &len, &err), GR_OK);
    char *t = malloc(len + 1);
    assert_non_null(t);
    memcpy(t, text, len + 1);
    gr_free(text);
    for (int i = 0; i < n; i++) {
        char *at = strstr(t, from[i]);
        if (!at)
            fail_msg("the teaching battle has no \"%s\"", from[i]);
        size_t fl = strlen(from[i]), tl = strlen(to[i]), l = strlen(t);
        char *u = malloc(l - fl + tl + 1);
        assert_non_null(u);
        memcpy(u, t, (size_t)(at - t));
        memcpy(u + (at - t), to[i], tl);
        memcpy(u + (at - t) + tl, at + fl, l - (size_t)(at - t) - fl + 1);
        free(t);
        t = u;
    }
    gr_game_free(&G);
    if (gr_game_load_text(t, strlen(t), "rff-teaching.json", "rff-table", &G, &err) != GR_OK)
        fail_msg("%s", err.msg);
    free(t);
    free(ST);
    ST = malloc(G.type->state_size);
    assert_non_null(ST);
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
}

static void nexts(int n)
{
    for (int i = 0; i < n; i++)
        act("next");
}

static void allowance_is(int64_t cm1000)
{
    assert_int_equal(tb_game_move_allowance(ST), cm1000);
}

static const char *facts(const char *text)
{
    return tb_steps_facts(text);
}

/* blue_1's maneuver in the Union's first turn: hollis commands it (its
 * corner (48, 12.1) is sqrt(12² + 6.1²) = 13.46 cm from him, within «
 * 20cm si ligne de vue claire »): « 0 Chef moyen », « +1 unité vétérans »,
 * « +2 Troupe fraîche »: +3; a 2: 5, « 3 - 7 Manœuvre bien exécutée »: «
 * Mouvement complet », infantry in double line 30 cm. */
static void blue_1_well_executed(void)
{
    act("next"); /* the leaders' step */
    act("maneuver blue_1");
    die(2);
    allowance_is(30000);
}

/* BALAYÉS twice: the melee's, then the breakthrough's, whose « Prend la
 * position après 2° combat » opens the move into the ground the defender
 * held.  grey_1 at (38, 24) facing south (stands y 24 to 25.9), grey_2 at
 * (38, 32) facing south (y 32 to 33.9, north of the run). */
static void swept_twice_takes_the_position(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"grey_1\", \"at\": [38, 76]",
                                       "{\"unit\": \"grey_2\", \"at\": [82, 76]"};
    static const char *const to[] = {"{\"unit\": \"grey_1\", \"at\": [38, 24]",
                                     "{\"unit\": \"grey_2\", \"at\": [38, 32]"};
    load_changed(2, from, to);
    blue_1_well_executed();
    /* grey_1's front is 10 cm ahead, clear ground: a charge */
    act("move blue_1 contact grey_1 to 38 24");
    nexts(4); /* the leaders' moves, the two fires (none), to the melees */
    /* blue_1 « +1 Vétérans », « +2 Frais »: +3; grey_1 the same: +3; 8
     * against 8; both on level 0, no cover, the charge crossed no stream
     * (y 14 to 24).  10 + 3 - (1 + 3) = 9: « 9 ou plus BALAYÉS »: grey_1
     * loses 2 socles (none beyond 9), routs (« retraite d'un mouvement de
     * déroute, brisé »); blue_1 « perce sur 1/2 mouvement »: no move into
     * the ground yet (its « Prend la position » is after the 2° combat) */
    act("charge blue_1 --target grey_1");
    die(10);
    die(1);
    assert_int_equal(gr_bt_unit_stands(bunit(GREY_1)), 6);
    assert_int_equal(bunit(GREY_1)->broken, 1);
    assert_int_equal(tb_game_move_unit(ST), -1);
    act("next"); /* 3° b. les mouvements de percée */
    /* half of 30 cm toward the nearest enemy: grey_2, 8 cm ahead (grey_1
     * routed 40 cm north, straight back: its front at y 64); the leg
     * meets the run, the whole leg at « Terrain handicap. » (20 cm): 8 x
     * 30 / 20 = 12 cm of the 15 */
    act("breakthrough blue_1");
    allowance_is(15000);
    act("move blue_1 contact grey_2 to 38 32");
    act("next"); /* 3° c. les percées */
    /* the charge crossed the run: « Défense d'un terrain favorable » +1 */
    assert_non_null(strstr(facts("charge blue_1 --target grey_2"), "favorable=yes"));
    /* blue_1 +3 and « +1 Baïonnette/Sabre ou percée »: +4; grey_2 « -1
     * Bleus », « +2 Frais », the favourable ground +1: +2.  10 + 4 - (1 +
     * 2) = 11: BALAYÉS, grey_2 loses 2 + (11 - 9) = 4 socles (5 without
     * the stream's +1); « En désordre si ... après 2° combat »; « Prend la
     * position après 2° combat »: grey_2 routed, so blue_1 may advance
     * straight ahead up to the 1.9 cm grey_2 held (one stand deep), by
     * the table's quarters, or stay */
    act("charge blue_1 --target grey_2");
    die(10);
    die(1);
    assert_int_equal(gr_bt_unit_stands(bunit(GREY_2)), 4);
    assert_int_equal(bunit(GREY_2)->broken, 1);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(tb_game_move_unit(ST), BLUE_1);
    allowance_is(1900);
    expect_legal("move blue_1 advance to 38 32.475 | move blue_1 advance to 38 32.95 | move blue_1 "
                 "advance to 38 33.425 | move blue_1 advance to 38 33.9 | move blue_1 hold");
    act("move blue_1 advance to 38 33.9");
    assert_int_equal(unit(BLUE_1)->pose.at.y, 33900);
    expect_legal("next");
}

/* REPOUSSÉS against a « position fortifiée »: grey_1 at (38, 24) in a
 * redoubt (a town area of cover 3, x 28 to 48, y 23.5 to 28). */
static void pushed_back_from_the_works(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"grey_1\", \"at\": [38, 76]", "\"terrain\": ["};
    static const char *const to[] = {
        "{\"unit\": \"grey_1\", \"at\": [38, 24]",
        "\"terrain\": [\n    {\"kind\": \"town\", \"name\": \"Redoubt\", "
        "\"cover\": 3, \"points\": [[28, 23.5], [48, 23.5], [48, "
        "28], [28, 28]]},"};
    load_changed(2, from, to);
    blue_1_well_executed();
    /* 10 cm, the last 0.5 in the redoubt (« handicap. » 20 cm): the leg
     * at 10 x 30 / 20 = 15 of the 30 cm */
    act("move blue_1 contact grey_1 to 38 24");
    nexts(4);
    /* cover 3: `fortified` (« Protection dense ou fortifiée » +1, and the
     * results' « si fortifié ») */
    assert_non_null(strstr(facts("charge blue_1 --target grey_1"), "fortified=yes"));
    /* its last 0.5 cm went into the redoubt, « handicap. »: a charge «
     * par terrain handicapant » */
    assert_non_null(strstr(facts("charge blue_1 --target grey_1"), "rough-charge=yes"));
    /* blue_1 +3; grey_1 +3 and +1: +4.  6 + 3 - (1 + 4) = 4: « 1 - 4
     * REPOUSSÉS »: grey_1 in disorder, « Tient la position
     * désordre/silencieux si fortifié »: it does not retreat its 5 cm;
     * blue_1 « Retrait à 5cm si défense fortifié »: straight back to 5 cm
     * from grey_1 (the fronts touched): its front at y 19; it does not
     * take the position; « Désordre si charge par terrain handicapant »:
     * in disorder */
    act("charge blue_1 --target grey_1");
    die(6);
    die(1);
    assert_int_equal(bunit(GREY_1)->disordered, 1);
    assert_int_equal(gr_bt_unit_stands(bunit(GREY_1)), 8);
    assert_int_equal(unit(GREY_1)->pose.at.y, 24000);
    assert_int_equal(unit(BLUE_1)->pose.at.x, 38000);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 19000);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(tb_game_move_unit(ST), -1);
}

/* blue_1 at (41, 45) facing north (x 31 to 51, y 43.1 to 45), grey_cav at
 * (41, 55) facing south (x 36 to 46, y 55 to 58.8); the Union's turn passes, grey_cav charges
 * blue_1 and the Confederates come to the charges (3° a.). */
static void grey_cav_charges_blue_1(void)
{
    static const char *const from[] = {"{\"unit\": \"blue_1\", \"at\": [38, 14]",
                                       "{\"unit\": \"grey_cav\", \"at\": [108, 80]"};
    static const char *const to[] = {"{\"unit\": \"blue_1\", \"at\": [41, 45]",
                                     "{\"unit\": \"grey_cav\", \"at\": [41, 55]"};
    load_changed(2, from, to);
    nexts(9); /* the Union's turn, nothing done; the Confederates' leaders */
    /* grey_cav: trained 0, « +2 Troupe fraîche », marlow « +1 Chef
     * vaillant » but 30.6 cm from its corner (46, 58.8): « -2 Non commandé
     * »: +1; blue_1 is ahead of it; a 5: 6, well executed, cavalry in
     * double line 45 cm */
    act("maneuver grey_cav");
    die(5);
    allowance_is(45000);
    act("move grey_cav contact blue_1 to 41 45");
    nexts(4);
}

/* ENFONCÉS by cavalry: « Perd 1 socle supplémentaire et retraite
 * mouvement de déroute, brisé, si battu par cavalerie »: the rout move
 * replaces « retraite hors courte portée ».  blue_1 at (41, 45) facing
 * north (x 31 to 51, y 43.1 to 45), grey_cav at (41, 55) facing south (x
 * 36 to 46, y 55 to 58.8). */
static void broken_through_by_cavalry_routs(void **state)
{
    (void)state;
    grey_cav_charges_blue_1();
    /* the Confederates' charge: theirs to fight, though the companion
     * gives the step to both players */
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("charge grey_cav --target blue_1 | next");
    /* grey_cav: trained 0, fresh +2, « Charge de cavalerie +2 terrain
     * clair » (under blue_1's front centre), 4 stands against 8 « -2 2/1
     * »: +2; blue_1 +1 veteran, +2 fresh: +3.  9 + 2 - (3 + 3) = 5: « 5 - 8
     * ENFONCÉS »: blue_1 loses 1 socle, and 1 more « si battu par
     * cavalerie »: 6 left, broken; the rout move (infantry 40 cm) straight
     * back from y 45: its front at y 5 (across the run), not the « hors
     * courte portée » 25.01 cm (to y 19.99).  grey_cav « Cavalerie perce
     * ... après 1° combat »: its breakthrough, no move into the ground */
    act("charge grey_cav --target blue_1");
    die(9);
    die(3);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 6);
    assert_int_equal(bunit(BLUE_1)->broken, 1);
    assert_int_equal(unit(BLUE_1)->pose.at.x, 41000);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 5000);
    assert_int_equal(tb_game_move_unit(ST), -1);
}

/* « Cavalerie peut être rappelée (mouvement complet) après 1° combat »
 * (ASSAUT MANQUÉ): grey_cav's charge on blue_1 as in
 * broken_through_by_cavalry_routs, with other dice. */
static void cavalry_recalled(void **state)
{
    (void)state;
    grey_cav_charges_blue_1();
    /* grey_cav +2, blue_1 +3 (above): 2 + 2 - (4 + 3) = -3, « -1 à -4
     * ASSAUT MANQUÉ »: grey_cav « en désordre », « Troupe retraite à 5cm »
     * (its front from y 45, on blue_1's, to y 50), « Cavalerie peut être
     * rappelée (mouvement complet) »: its side chooses its move straight
     * back, up to its full move (cavalry in double line 45 cm), or it stays;
     * blue_1 « tient la position » */
    act("charge grey_cav --target blue_1");
    die(2);
    die(4);
    assert_int_equal(bunit(GREY_CAV)->disordered, 1);
    assert_int_equal(unit(GREY_CAV)->pose.at.y, 50000);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 45000);
    assert_int_equal(tb_game_move_unit(ST), GREY_CAV);
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    allowance_is(45000);
    assert_true(strstr(legal(), "move grey_cav fall_back to 41 ") != NULL);
    assert_null(strstr(legal(), "advance"));
    assert_null(strstr(legal(), "wheel"));
    assert_null(strstr(legal(), "contact"));
    assert_true(strstr(legal(), "move grey_cav hold") != NULL);
    /* the page's reach says why, in the sheet's words and in cm */
    gr_error err = {0};
    json_t *reach = tb_ask_reach(G.sc, ST, 1, GREY_CAV, &err);
    assert_non_null(reach);
    assert_string_equal(json_string_value(json_object_get(reach, "result")),
                        "it may be recalled (« Cavalerie peut être rappelée (mouvement "
                        "complet) »): straight back up to 45 cm, or it stays");
    json_decref(reach);
    act("move grey_cav hold");
    assert_int_equal(tb_game_move_unit(ST), -1);
    assert_int_equal(unit(GREY_CAV)->pose.at.y, 50000);
}

/* « Charge stoppée. Recul à 5cm de la cible »: blue_1's charge on grey_1
 * at (38, 24), as in swept_twice_takes_the_position, stopped by grey_1's
 * defensive fire. */
static void charge_stopped_falls_back(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"grey_1\", \"at\": [38, 76]"};
    static const char *const to[] = {"{\"unit\": \"grey_1\", \"at\": [38, 24]"};
    load_changed(1, from, to);
    blue_1_well_executed();
    act("move blue_1 contact grey_1 to 38 24");
    nexts(2); /* the Confederates' defensive fire */
    /* grey_1 at blue_1 in contact: close range, 1 point x 8 stands = 8, «
     * 0 6 - 8 pts », no other line: 0; a 9: 9, Vétéran « 9 »: Tir mortel's
     * middle row, « Charge stoppée ou charge à fond si Baïonnette/Sabre »,
     * no bayonet: stopped; « Troupe en désordre et perte de 1 socle »;
     * blue_1 falls back straight to 5 cm from grey_1 (the fronts
     * touched): its front at y 19 */
    act("musketry grey_1 --target blue_1");
    die(9);
    assert_int_equal(gr_bt_unit_stands(bunit(BLUE_1)), 7);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(unit(BLUE_1)->pose.at.x, 38000);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 19000);
    act("next");
    act("next"); /* the melees: the charge is over */
    expect_legal("next");
}

/* A counter-charge that holds: « Cavalerie contre-chargeant peut prendre
 * la position ».  grey_cav at (38, 24) facing south (x 33 to 43, y 24 to
 * 27.8), blue_1 charging it. */
static void countercharger_takes_the_position(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"grey_cav\", \"at\": [108, 80]"};
    static const char *const to[] = {"{\"unit\": \"grey_cav\", \"at\": [38, 24]"};
    load_changed(1, from, to);
    blue_1_well_executed();
    act("move blue_1 contact grey_cav to 38 24");
    /* the Confederates answer: grey_cav, mounted, in good order, in
     * contact with its charger */
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("countercharge grey_cav --target blue_1 | no_countercharge grey_cav --target "
                 "blue_1");
    act("countercharge grey_cav --target blue_1");
    nexts(4);
    /* the counter-charger's « Charge de cavalerie » on the ground under
     * blue_1's front centre (38, 24): clear */
    assert_non_null(strstr(facts("charge blue_1 --target grey_cav"), "terrain=clear"));
    /* blue_1 +1 Vétérans +2 Frais: +3; grey_cav trained 0, +2 Frais, «
     * +2 terrain clair », 4 stands against 8 « -2 2/1 »: +2.  1 + 3 - (4 +
     * 2) = -2: « -1 à -4 ASSAUT MANQUÉ »: blue_1 in disorder, « Troupe
     * retraite à 5cm »: its front from y 24 to 19; grey_cav « tient la
     * position », « Cavalerie en désordre », and « Cavalerie
     * contre-chargeant peut prendre la position »: straight ahead (south)
     * up to the 1.9 cm blue_1 held, by quarters, or stay */
    act("charge blue_1 --target grey_cav");
    die(1);
    die(4);
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(unit(BLUE_1)->pose.at.y, 19000);
    assert_int_equal(bunit(GREY_CAV)->disordered, 1);
    assert_int_equal(tb_game_move_unit(ST), GREY_CAV);
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    allowance_is(1900);
    expect_legal("move grey_cav advance to 38 23.525 | move grey_cav advance to 38 23.05 | move "
                 "grey_cav advance to 38 22.575 | move grey_cav advance to 38 22.1 | move "
                 "grey_cav hold");
    act("move grey_cav advance to 38 22.1");
    assert_int_equal(unit(GREY_CAV)->pose.at.y, 22100);
}

/* A passage of lines: blue_2 (made green) at (38, 20) facing north (y
 * 18.1 to 20), 4.2 cm ahead of blue_1 (y 12.1 to 14). */
static void passage_of_lines(void **state)
{
    (void)state;
    static const char *const from[] = {
        "{\"unit\": \"blue_2\", \"at\": [82, 14]",
        "\"2nd Volunteers (trained)\", \"side\": 0, \"leader\": \"hollis\",\n       \"arm\": "
        "\"infantry\", \"stands\": 8, \"quality\": \"trained\""};
    static const char *const to[] = {
        "{\"unit\": \"blue_2\", \"at\": [38, 20]",
        "\"2nd Volunteers (trained)\", \"side\": 0, \"leader\": \"hollis\",\n       \"arm\": "
        "\"infantry\", \"stands\": 8, \"quality\": \"green\""};
    load_changed(2, from, to);
    blue_1_well_executed();
    /* straight ahead 15 cm (half the reach), through blue_2: its stands at
     * y 27.1 to 29, beyond blue_2's front (20) and short of the run
     * (30.93); « Les deux en désordre si une ... "bleu" »: blue_2 is */
    act("move blue_1 advance to 38 29");
    assert_int_equal(bunit(BLUE_1)->disordered, 1);
    assert_int_equal(bunit(BLUE_2)->disordered, 1);
    nexts(2); /* the Confederates' defensive fire */
    /* « +1 Cible ... ayant fait un passage de ligne » for blue_1 */
    assert_non_null(strstr(facts("cannonade grey_bty --target blue_1"), "target-passed-lines=yes"));
}

/* « Passage de ligne possible » is BIEN EXÉCUTÉE's, not RETARDÉE's:
 * blue_2 at (38, 16), its stands y 14.1 to 16, 0.1 cm ahead of blue_1's
 * front, and hollis away at (60, 60), so that blue_1 is « Non commandé ».
 * (Without the rule the move set's reach would be the whole 15 cm, to a
 * front at y 29, through blue_2: its quarters 21.5, 25.25 and 29 end
 * clear of it.) */
static void no_passage_on_a_delayed_move(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"blue_2\", \"at\": [82, 14]",
                                       "{\"leader\": \"hollis\", \"at\": [60, 6]}"};
    static const char *const to[] = {"{\"unit\": \"blue_2\", \"at\": [38, 16]",
                                     "{\"leader\": \"hollis\", \"at\": [60, 60]}"};
    load_changed(2, from, to);
    act("next");
    /* blue_1: able 0, veteran +1, fresh +2, « -2 Non commandé » (hollis
     * is sqrt(12² + 46²) = 47.5 cm from its corner (48, 14)): +1; a 1: 2,
     * « 1 - 2 Manœuvre retardée »: « Demi-mouvement », 15 cm */
    act("maneuver blue_1");
    die(1);
    allowance_is(15000);
    /* no move passes blue_2 (its rear at y 14.1): every move listed ends
     * with blue_1's front at most there */
    gr_action acts[512];
    int n = gr_game_legal_actions(&G, ST, acts, 512), moves = 0;
    for (int i = 0; i < n; i++) {
        int who, opt;
        tt_pose end;
        if (!tb_game_action_pose(ST, acts[i], &who, &end, &opt) || who != BLUE_1)
            continue;
        moves++;
        if (end.at.y > 14100)
            fail_msg("a delayed move passes through blue_2: front at y %d", end.at.y);
    }
    assert_true(moves > 0);
}

/* « +1 ... Protection dense ou fortifiée » (TABLE DES CHARGES) behind a
 * wall: grey_1 at (38, 24) facing south (stands y 24 to 25.9, its centre
 * (38, 24.95)) lines a stone wall drawn along y 24 from x 28 to 48, its
 * front on it.  blue_1's charge ends at the wall (its front y 24, its
 * stands y 22.1 to 24, centre (38, 23.05)): the wall lies on grey_1's front
 * (within its 1.9 cm depth) and between the two centres, so grey_1 is
 * behind it against blue_1: « à couvert en totalité » (2), dense:
 * favorable=yes.  The same charge with no wall is the first case's, whose
 * facts name no favorable ground (both on level 0, no stream crossed). */
static void wall_protects_the_defender(void **state)
{
    (void)state;
    static const char *const from[] = {"{\"unit\": \"grey_1\", \"at\": [38, 76]", "\"terrain\": ["};
    static const char *const to[] = {
        "{\"unit\": \"grey_1\", \"at\": [38, 24]",
        "\"terrain\": [{\"kind\": \"wall\", \"name\": \"Stone wall\", \"points\": [[28, 24], "
        "[48, 24]]}, "};
    load_changed(1, from, to);
    blue_1_well_executed();
    act("move blue_1 contact grey_1 to 38 24");
    nexts(4);
    assert_null(strstr(facts("charge blue_1 --target grey_1"), "favorable=yes"));
    load_changed(2, from, to);
    blue_1_well_executed();
    act("move blue_1 contact grey_1 to 38 24");
    nexts(4);
    assert_non_null(strstr(facts("charge blue_1 --target grey_1"), "favorable=yes"));
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(swept_twice_takes_the_position),
        cmocka_unit_test(pushed_back_from_the_works),
        cmocka_unit_test(broken_through_by_cavalry_routs),
        cmocka_unit_test(charge_stopped_falls_back),
        cmocka_unit_test(countercharger_takes_the_position),
        cmocka_unit_test(passage_of_lines),
        cmocka_unit_test(no_passage_on_a_delayed_move),
        cmocka_unit_test(wall_protects_the_defender),
        cmocka_unit_test(cavalry_recalled),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gr_game_free(&G);
    free(ST);
    return rc;
}
