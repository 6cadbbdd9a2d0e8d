/* test_tb_rff_guns.c - Regimental Fire and Fury on the table (`rff-table`):
 * « Cible en masse » (the units within 5 cm behind a fire's target take its
 * effect directly after), a battery's prolonge (« Avance à la prolonge de
 * 5cm, 10cm si MH, pas de tir. Avance interdite pour HH ; HR », « Recul à la
 * prolonge : 1/2 mouv, pas de tir. Interdit si HH ou HR ») and a delayed
 * battery's « Attelle et retraite d'un mouvement complet, silencieux »
 * (seed 001, MANŒUVRES DES CANONS, EFFETS ADDITIONNELS), on a battle file
 * written here, typed dice, every value worked out by hand
 * (docs/rules/rff.md « On the table »).
 *
 * The table, 120 x 90 cm, no terrain; bases 2.5 cm wide, infantry 1.9 cm
 * deep, guns 3.8 cm, limbers 5 cm (docs/rules/rff.md); "face": 0 is north
 * (+y), 180 south.  The Union (side 0, first player):
 *   0 u_front  4 stands, veteran, double line, front centre (40, 30) facing
 *              north: stands x 35..45, y 28.1..30 (its rear line y 28.1);
 *   1 u_behind 4 stands, trained, at (40, 25): y 23.1..25, 3.1 cm behind
 *              u_front's rear, its centre (40, 24.05) behind that line;
 *   2 u_side   4 stands, at (55, 30): x 50..60, 5 cm from u_front's right
 *              edge, its centre (55, 29.05) level with u_front: its flank;
 *   3 u_far    4 stands, at (40, 21): y 19.1..21, 7.1 cm behind u_front;
 *   4 bty      2 gun stands "other", foot, unlimbered, at (80, 30): x
 *              77.5..82.5, y 26.2..30; no leader;
 *   5 bty2     2 gun stands "other", foot, green, at (100, 50): y 46.2..50;
 *              its commander lead_far at (118, 2), beyond his 20 cm;
 *   6 bty_hh   1 gun stand "hh", foot, at (5, 70).
 * The Confederates: 7 c_fire, 8 stands, veteran, RM, at (40, 45) facing
 * south (x 30..50, y 45..46.9); 8 c_bty, 2 guns "other", at (100, 80)
 * facing south (y 80..83.8).  The file's fire values: RM close 10 cm, range
 * 20, 1 point a stand in both bands; guns (OTHER, HH) close 25, range 120,
 * 3 and 1 points a gun stand.
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

#include "grognard/game.h"
#include "grognard/tb.h"
#include "tb_steps.h"

enum { U_FRONT, U_BEHIND, U_SIDE, U_FAR, BTY, BTY2, BTY_HH, C_FIRE, C_BTY };

#define INF(id, q, x, y)                                                                           \
    "{\"id\": \"" id "\", \"name\": \"" id "\", \"side\": 0, \"leader\": null, \"arm\": "          \
    "\"infantry\", \"stands\": 4, \"quality\": \"" q "\", \"formation\": \"double_line\", "        \
    "\"nation\": \"union\", \"weapon\": \"rm\", \"kind\": \"\", \"flags\": [], \"worn\": 2, "      \
    "\"spent\": 3},"
#define GUNS(id, side, leader, n, q, gun)                                                          \
    "{\"id\": \"" id "\", \"name\": \"" id "\", \"side\": " side ", \"leader\": " leader           \
    ", \"arm\": \"artillery\", \"stands\": " n ", \"quality\": \"" q "\", \"formation\": "         \
    "\"unlimbered\", \"nation\": \"union\", \"weapon\": \"" gun "\", \"kind\": \"foot\", "         \
    "\"flags\": []}"
#define PTS(p, why) "{\"points\": " p ", \"source\": \"test value: " why "\"}"

static const char battle[] =
    "{\"format\": 1, \"type\": \"rff-table\", \"title\": \"The guns and the massed target\", "
    "\"sources\": [\"Written for this test; rules: seed 001\"], "
    "\"oob\": {\"format\": 1, \"system\": \"rff\", \"title\": \"test\", \"date\": \"1863-07-02\", "
    "\"sources\": [\"test\"], \"turns\": 3, \"first\": 0, "
    "\"sides\": [{\"name\": \"Union\"}, {\"name\": \"Confederate\"}], "
    "\"leaders\": ["
    "{\"id\": \"lead_far\", \"name\": \"lead_far\", \"side\": 0, \"role\": \"brigade\", "
    "\"rating\": \"able\", \"kind\": \"\", \"parent\": null, \"attached\": null},"
    "{\"id\": \"lead_c\", \"name\": \"lead_c\", \"side\": 1, \"role\": \"brigade\", "
    "\"rating\": \"able\", \"kind\": \"\", \"parent\": null, \"attached\": null}], "
    "\"units\": [" INF("u_front", "veteran", 40, 30) INF("u_behind", "trained", 40,
                                                         25) INF("u_side", "trained", 55, 30)
        INF("u_far", "trained", 40, 21) GUNS("bty", "0", "null", "2", "trained", "other") "," GUNS(
            "bty2", "0", "\"lead_far\"", "2", "green",
            "other") "," GUNS("bty_hh", "0", "null", "1", "trained",
                              "hh") ","
                                    "{\"id\": \"c_fire\", \"name\": \"c_fire\", \"side\": 1, "
                                    "\"leader\": null, \"arm\": "
                                    "\"infantry\", \"stands\": 8, \"quality\": \"veteran\", "
                                    "\"formation\": \"double_line\", "
                                    "\"nation\": \"confederate\", \"weapon\": \"rm\", \"kind\": "
                                    "\"\", \"flags\": [], \"worn\": 3, "
                                    "\"spent\": 4}," GUNS(
                                        "c_bty", "1", "null",
                                        "2", "trained",
                                        "other") "]}, "
                                                 "\"turns\": 3, \"table\": {\"width\": 120, "
                                                 "\"depth\": 90}, "
                                                 "\"deploy\": ["
                                                 "{\"unit\": \"u_front\", \"at\": [40, 30], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"u_behind\", \"at\": [40, 25], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"u_side\", \"at\": [55, 30], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"u_far\", \"at\": [40, 21], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"bty\", \"at\": [80, 30], \"face\": "
                                                 "0},"
                                                 "{\"unit\": \"bty2\", \"at\": [100, 50], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"bty_hh\", \"at\": [5, 70], "
                                                 "\"face\": 0},"
                                                 "{\"unit\": \"c_fire\", \"at\": [40, 45], "
                                                 "\"face\": 180},"
                                                 "{\"unit\": \"c_bty\", \"at\": [100, 80], "
                                                 "\"face\": 180}], "
                                                 "\"leaders\": [{\"leader\": \"lead_far\", \"at\": "
                                                 "[118, 2]}, "
                                                 "{\"leader\": \"lead_c\", \"at\": [118, 88]}], "
                                                 "\"fire\": {\"source\": \"test values\", "
                                                 "\"ranges\": {\"RM\": {\"close\": 10, \"long\": "
                                                 "20}, \"OTHER\": {\"close\": 25, \"long\": 120}, "
                                                 "\"HH\": {\"close\": 25, \"long\": 120}}, "
                                                 "\"musketry\": {\"RM\": {\"close\": " PTS("1", "RM"
                                                                                                " c"
                                                                                                "lo"
                                                                                                "s"
                                                                                                "e") ", \"long\": " PTS(
                                                     "1", "RM long") "}}, "
                                                                     "\"cannon\": {\"OTHER\": "
                                                                     "{\"close\": " PTS("3", "clos"
                                                                                             "e") ", \"long\": " PTS(
                                                                         "1", "long") "}, \"HH\": "
                                                                                      "{\"close\":"
                                                                                      " " PTS("3",
                                                                                              "clos"
                                                                                              "e") ", \"long\": " PTS("1",
                                                                                                                      "long") "}}}}";

static void load(void)
{
    gr_error err = {0};
    if (gr_game_load_text(battle, sizeof battle - 1, "guns.json", "rff-table", &G, &err) != GR_OK)
        fail_msg("load: %s", err.msg);
    ST = malloc(G.type->state_size);
    assert_non_null(ST);
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
}

/* The battle with its one text `from` replaced by `to`, at its start. */
static void load_changed(const char *from, const char *to)
{
    const char *at = strstr(battle, from);
    assert_non_null(at);
    size_t n = sizeof battle - 1 - strlen(from) + strlen(to);
    char *text = malloc(n + 1);
    assert_non_null(text);
    snprintf(text, n + 1, "%.*s%s%s", (int)(at - battle), battle, to, at + strlen(from));
    gr_error err = {0};
    if (gr_game_load_text(text, n, "guns.json", "rff-table", &G, &err) != GR_OK)
        fail_msg("load: %s", err.msg);
    free(text);
    ST = malloc(G.type->state_size);
    assert_non_null(ST);
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
}

static void unload(void)
{
    free(ST);
    gr_game_free(&G);
}

static void nexts(int n)
{
    for (int i = 0; i < n; i++)
        act("next");
}

static int legal_has(const char *text)
{
    return strstr(legal(), text) != NULL;
}

/* The 6 pivots of battery `id` (30, 60, 90 degrees either way: nothing
 * stands within the 4.55 cm (2 stands) or 4.0 cm (1 stand) its stands
 * sweep about its front centre). */
#define PIVOTS(id)                                                                                 \
    "pivot " id " --turn 30 | pivot " id " --turn 60 | pivot " id " --turn 90 | pivot " id         \
    " --turn -30 | pivot " id " --turn -60 | pivot " id " --turn -90"

/* « Cible en masse »: c_fire's defensive fire on u_front.  8 stands x 1
 * point (long: 15 cm, beyond the close 10) = 8: « 0 6 - 8 pts »; u_front in
 * double line, c_fire's centre ahead of it: no other modifier; a 7: 7,
 * Vétéran « 7 - 8 »: Tir mortel, « Troupe en désordre et perte de 1 socle »:
 * 4 -> 3, disordered.  Within 5 cm behind it: u_behind only (u_side is 5 cm
 * away on its flank, u_far 7.1 cm behind): the same Tir mortel, read for
 * trained troops: 4 -> 3, disordered. */
static void test_massed_target(void **state)
{
    (void)state;
    load();
    nexts(3); /* leaders, maneuver, leader moves: to 2° a., the Confederates' fire */
    act("musketry c_fire --target u_front");
    die(7);
    assert_int_equal(gr_bt_unit_stands(bunit(U_FRONT)), 3);
    assert_int_equal(bunit(U_FRONT)->disordered, 1);
    assert_int_equal(gr_bt_unit_stands(bunit(U_BEHIND)), 3);
    assert_int_equal(bunit(U_BEHIND)->disordered, 1);
    assert_int_equal(unit(U_BEHIND)->nstands, 3); /* taken off the table too */
    assert_int_equal(gr_bt_unit_stands(bunit(U_SIDE)), 4);
    assert_int_equal(bunit(U_SIDE)->disordered, 0);
    assert_int_equal(gr_bt_unit_stands(bunit(U_FAR)), 4);
    assert_int_equal(bunit(U_FAR)->disordered, 0);
    unload();
}

/* A well-executed battery goes to the prolonge, forward; a HH battery may
 * not; a delayed one limbers and retreats, silenced. */
static void test_prolonge_advance_and_limber_retreat(void **state)
{
    (void)state;
    load();
    act("next"); /* to the maneuver phase */
    /* bty: trained 0, « +2 Troupe fraîche », « +2 En batterie »: +4; a 3: 7,
     * « 3 - 7 Manœuvre bien exécutée »; unlimbered: stand, « Attèle et
     * mouvement complet », « Pivote et tire », « Avance à la prolonge »,
     * « Recul à la prolonge » (its gun "other": neither HH nor HR) */
    act("maneuver bty");
    die(3);
    expect_legal("stand bty | limber_and_move bty | " PIVOTS(
        "bty") " | prolonge_advance bty | prolonge_retire bty");
    act("prolonge_advance bty");
    /* « de 5cm » (not MH): 5 cm, straight ahead only (its quarters), or it
     * stays */
    assert_int_equal(tb_game_move_allowance(ST), 5000);
    assert_false(legal_has("wheel"));
    assert_false(legal_has("fall_back"));
    act("move bty advance to 80 35");
    assert_int_equal(unit(BTY)->pose.at.x, 80000);
    assert_int_equal(unit(BTY)->pose.at.y, 35000);
    assert_int_equal(unit(BTY)->pose.form, TT_BATTERY); /* still unlimbered */
    assert_int_equal(bunit(BTY)->limbered, 0);
    /* bty_hh: +4 as bty, a 3: 7, well executed: « Avance interdite pour HH »,
     * « Interdit si HH ou HR »: no prolonge */
    act("maneuver bty_hh");
    die(3);
    expect_legal("stand bty_hh | limber_and_move bty_hh | " PIVOTS("bty_hh"));
    act("stand bty_hh");
    /* bty2: green -1, fraîche +2, en batterie +2, « -2 Non commandé » (lead_far
     * 46 cm away): +1; a 1: 2, « 1 - 2 Manœuvre retardée »; unlimbered: «
     * Tire », « Attelle ou dételle », « Pivote », « Attelle et retraite d'un
     * mouvement complet, silencieux » */
    act("maneuver bty2");
    die(1);
    expect_legal("stand bty2 | limber bty2 | " PIVOTS("bty2") " | limber_and_retreat bty2");
    act("limber_and_retreat bty2");
    /* limbered, silenced, a full move (« Batterie à pieds 30 », clear)
     * straight away from c_bty, its nearest enemy (30 cm ahead): its front
     * centre from (100, 50) to (100, 20), still facing north */
    assert_int_equal(bunit(BTY2)->limbered, 1);
    assert_int_equal(bunit(BTY2)->guns_silenced, 2);
    assert_int_equal(unit(BTY2)->pose.form, TT_LIMBERED);
    assert_int_equal(unit(BTY2)->pose.at.x, 100000);
    assert_int_equal(unit(BTY2)->pose.at.y, 20000);
    assert_int_equal(unit(BTY2)->pose.face.y, 1);
    nexts(3); /* leader moves, 2° a., to 2° b. the Union's offensive fire */
    /* « pas de tir »: bty, which went to the prolonge, may not fire (c_bty,
     * 45 cm away and in its arc, below); bty_hh has no enemy in its arc
     * (c_bty 95 cm east of it, 10 cm north); bty2 is limbered and silenced;
     * the regiments within 20 cm of c_fire fire */
    expect_legal("musketry u_front --target c_fire | musketry u_behind --target c_fire | musketry "
                 "u_side --target c_fire | next");
    /* the next player's turn (the Confederates'): 2° a., the Union's
     * defensive fire: bty fires again (c_bty 45 cm away, 21 degrees off its
     * front corner: in its 45-degree arc) */
    nexts(7);
    assert_true(legal_has("cannonade bty --target c_bty"));
    unload();
}

/* « Recul à la prolonge : 1/2 mouv »: half the foot battery's 30 cm, 15 cm
 * straight back (the move set's half and all of it), unlimbered. */
static void test_prolonge_retire(void **state)
{
    (void)state;
    load();
    act("next");
    act("maneuver bty");
    die(3);
    /* the page words each choice (rff_action_json's "choice") */
    gr_action acts[64];
    int n = gr_game_legal_actions(&G, ST, acts, 64), seen = 0;
    for (int i = 0; i < n; i++) {
        char t[200];
        gr_game_describe(&G, ST, acts[i], t, sizeof t);
        json_t *o = gr_game_action_json(&G, ST, acts[i]);
        const char *w = json_string_value(json_object_get(o, "choice"));
        if (!strcmp(t, "prolonge_advance bty") || !strcmp(t, "prolonge_retire bty")) {
            assert_non_null(w);
            assert_string_equal(w, t[9] == 'a' ? "prolonge_advance" : "prolonge_retire");
            seen++;
        }
        json_decref(o);
    }
    assert_int_equal(seen, 2);
    act("prolonge_retire bty");
    assert_int_equal(tb_game_move_allowance(ST), 15000);
    assert_false(legal_has("advance"));
    assert_false(legal_has("wheel"));
    act("move bty fall_back to 80 15");
    assert_int_equal(unit(BTY)->pose.at.y, 15000);
    assert_int_equal(unit(BTY)->pose.face.y, 1); /* still facing north */
    assert_int_equal(unit(BTY)->pose.form, TT_BATTERY);
    unload();
}

/* The same battery with its back on the table's south edge: bty at (80,
 * 3.8) facing north, its guns 3.8 cm deep (y 0 to 3.8).  « Recul à la
 * prolonge »: no move straight back fits on the table, so its only choice
 * is to stay where it is. */
static void test_prolonge_retire_against_the_edge(void **state)
{
    (void)state;
    load_changed("{\"unit\": \"bty\", \"at\": [80, 30]", "{\"unit\": \"bty\", \"at\": [80, 3.8]");
    act("next");
    act("maneuver bty");
    die(3);
    act("prolonge_retire bty");
    expect_legal("move bty hold to 80 3.8");
    act("move bty hold to 80 3.8");
    assert_int_equal(unit(BTY)->pose.at.y, 3800);
    unload();
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_massed_target),
        cmocka_unit_test(test_prolonge_advance_and_limber_retreat),
        cmocka_unit_test(test_prolonge_retire_against_the_edge),
        cmocka_unit_test(test_prolonge_retire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
