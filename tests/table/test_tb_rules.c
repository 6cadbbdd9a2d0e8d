/* test_tb_rules.c - the rules the game type `aoe-table` added after its
 * teaching battle (issue 29): counter-charges (seed 000, Phase (3)
 * « Résolution des combats et percées résultant des charges et
 * contre-charges »; seed 003, « - 2 ... cavalerie ne contre-chargeant
 * pas ») and the initiative winner's choice to be second player (seed 000,
 * « Interphase d'initiative »).
 *
 * The battle is data/table/teaching.json with two units moved by the test
 * (the text replaced before it is read): treilhard (French light cavalry,
 * a column of 4, bases 1" x 1", two wide) at (24, 12) facing north: x
 * 23..25, y 10..12; hohenlohe (Austrian cuirassiers, a line of 3) at (25,
 * 12) facing south: x 23.5..26.5, y 12..13.  Their fronts touch at y 12:
 * in contact from the start, clear of every terrain feature (the hill is
 * x 15..23, the farm y 14..17).
 *
 * Values worked out by hand from the sheets:
 *   seed 003, Table des combats, DRM: "+ 2 Brigade fraîche", "+ 1 Unité
 *     régulière", "+ 2 Cavalerie lourde cuirassée", "- 2 Brigade en
 *     désordre, cavalerie ne contre-chargeant pas ..."; « Supériorité
 *     numérique » lines from 3 against 2 (4 against 3 is less);
 *   seed 003, results: "1, 2, 3 Recule ! DÉFENSEUR : les brigades
 *     retraitent en désordre à 2" de l'ennemi ... ATTAQUANT : occupe la
 *     position évacuée par l'ennemi."; "4, 5, 6 Ramené ! DÉFENSEUR :
 *     retraite en désordre ... Une base dérouté ...".
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
static char *TEXT; /* the battle file as the test changed it */
static size_t TEXT_LEN;

static void phase_is(const char *id)
{
    const gr_battle *b = tb_game_battle(ST);
    assert_string_equal(b->rules->phases[b->phase].id, id);
}

/* A fresh game of the changed battle. */
static int fresh(void **state)
{
    (void)state;
    gr_error err = {0};
    gr_game_free(&G);
    if (gr_game_load_text(TEXT, TEXT_LEN, "teaching.json", "aoe-table", &G, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    free(ST);
    ST = malloc(G.type->state_size);
    return ST && gr_game_init(&G, ST, &err) == GR_OK ? 0 : -1;
}

/* Turn 1 up to the French combat phase: nobody moves or fires. */
static void to_first_combat(void)
{
    phase_is("initiative");
    while (strcmp(tb_game_battle(ST)->rules->phases[tb_game_battle(ST)->phase].id, "s1_combat"))
        act("next");
}

/* hohenlohe counter-charges treilhard: the -2 « cavalerie ne
 * contre-chargeant pas » is gone. */
static void countercharge_taken(void **state)
{
    (void)state;
    to_first_combat();
    /* the French phase, but the Austrians answer the charge first; the
     * French combat waits (it is not an action now) */
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("countercharge hohenlohe --target treilhard | countercharge none --target "
                 "treilhard");
    gr_action a;
    gr_error err = {0};
    assert_int_not_equal(gr_game_parse(&G, ST, "combat treilhard --target hohenlohe", &a, &err),
                         GR_OK);
    act("countercharge hohenlohe --target treilhard");
    /* answered: the French fight; no second question for the same charge */
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("combat treilhard --target hohenlohe | next");
    /* treilhard (attacker): +2 fresh, +1 regular = +3 (4 against 3: no
     * « Supériorité numérique »).  hohenlohe (defender): +2 cuirassier, +2
     * fresh, +1 regular = +5, and no -2: it counter-charges.  D10 8 and 3:
     * 8 + 3 - (3 + 5) = 3, « Recule ! »: the defender retreats in disorder,
     * loses no stand.  (Without the counter-charge: 8 + 3 - (3 + 3) = 5,
     * « Ramené ! », one stand routed: countercharge_declined.) */
    act("combat treilhard --target hohenlohe");
    die(8);
    die(3);
    assert_int_equal(bunit(HOHENLOHE)->lost, 0);
    assert_int_equal(bunit(HOHENLOHE)->disordered, 1);
    assert_int_equal(bunit(TREILHARD)->lost, 0);
    assert_int_equal(bunit(TREILHARD)->disordered, 0);
    assert_int_equal(unit(HOHENLOHE)->nstands, 3);
    /* « ATTAQUANT : occupe la position évacuée par l'ennemi »: hohenlohe
     * held y 12..13 (one rank of 1" cavalry bases) and fell back; treilhard
     * may advance straight ahead up to that 1" (the table's quarters of the
     * reach: 0.25", 0.5", 0.75", 1"), or stay */
    assert_int_equal(tb_game_move_unit(ST), TREILHARD);
    expect_legal("move treilhard advance to 24 12.25 | move treilhard advance to 24 12.5 | move "
                 "treilhard advance to 24 12.75 | move treilhard advance to 24 13 | move "
                 "treilhard hold");
    act("move treilhard advance to 24 13");
    assert_int_equal(unit(TREILHARD)->lo.y, 11000);
    assert_int_equal(unit(TREILHARD)->hi.y, 13000);
    /* the charge has been fought: no counter-charge is asked again */
    expect_legal("next");
}

/* The Austrians let the charge come: the -2 stays. */
static void countercharge_declined(void **state)
{
    (void)state;
    to_first_combat();
    act("countercharge none --target treilhard");
    expect_legal("combat treilhard --target hohenlohe | next");
    /* as above but hohenlohe +3: 8 + 3 - (3 + 3) = 5, « Ramené ! », one
     * stand routed, in disorder */
    act("combat treilhard --target hohenlohe");
    die(8);
    die(3);
    assert_int_equal(bunit(HOHENLOHE)->lost, 1);
    assert_int_equal(bunit(HOHENLOHE)->disordered, 1);
    assert_int_equal(unit(HOHENLOHE)->nstands, 2);
}

/* « Ramené ! ... ATTAQUANT : occupe la position évacuée par l'ennemi ou
 * perce avec charge à demi-vitesse vers l'unité ennemie la plus proche »:
 * after countercharge_declined's combat treilhard may stay or break
 * through.  hohenlohe, two stands re-formed from its front centre (25,
 * 12) as x 24..26, retreated half speed (12" / 2 = 6", more than the 2"
 * of musketry) east, away from treilhard's front centre (24, 12): at (31,
 * 12), x 30..32, y 12..13, the nearest enemy (rottermund and the Austrian
 * guns stand at y 25).  Half speed: 6". */
static void breakthrough_or_stay(void **state)
{
    countercharge_declined(state);
    assert_int_equal(unit(HOHENLOHE)->pose.at.x, 31000);
    assert_int_equal(unit(HOHENLOHE)->pose.at.y, 12000);
    assert_int_equal(tb_game_move_unit(ST), TREILHARD);
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    /* straight ahead (north) leaves treilhard's front centre 6" from
     * hohenlohe's nearest stand (x 30): not toward it, not listed; the
     * wheels to the right (clockwise, about the right front corner (25,
     * 12)) are.  The 90-degree wheel puts the front centre at (25, 13),
     * facing east: 5" from x 30, nearer than 6".  Holding is listed: the
     * result lets it occupy instead. */
    const char *l = legal();
    assert_null(strstr(l, "advance"));
    assert_non_null(strstr(l, "move treilhard wheel to 25 13 (wheel -90)"));
    assert_non_null(strstr(l, "move treilhard hold"));
    /* a pose dragged by hand is refused: the breakthrough is a charge
     * toward that enemy, one of the listed moves */
    gr_action a;
    gr_error err = {0};
    assert_int_equal(gr_game_parse(&G, ST, "pose treilhard 24 13", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
    /* a pose's line, its turn and formation read back as written (the
     * action line's own words: "--turn", "--formation") */
    char text[200], again[200], form[24];
    gr_game_describe(&G, ST, a, text, sizeof text);
    assert_int_equal(sscanf(text, "pose treilhard 24 13 --turn 0 --formation %23s", form), 1);
    snprintf(text, sizeof text, "pose treilhard 24 13 --turn 90 --formation %s", form);
    assert_int_equal(gr_game_parse(&G, ST, text, &a, &err), GR_OK);
    gr_game_describe(&G, ST, a, again, sizeof again);
    assert_string_equal(again, text);
    act("move treilhard wheel to 25 13 (wheel -90)");
    assert_int_equal(unit(TREILHARD)->pose.at.x, 25000);
    assert_int_equal(unit(TREILHARD)->pose.at.y, 13000);
    assert_true(unit(TREILHARD)->pose.face.x > 0 && unit(TREILHARD)->pose.face.y == 0);
    assert_int_equal(tb_game_move_unit(ST), -1);
}

/* « 7 ou plus Fracassé ! ... ATTAQUANT : perce avec charge à demi-vitesse
 * vers l'unité ennemie la plus proche »: no choice to stay.  D10 10 and 3,
 * no counter-charge: 10 + 3 - (3 + 3) = 7. */
static void breakthrough_forced(void **state)
{
    (void)state;
    to_first_combat();
    act("countercharge none --target treilhard");
    act("combat treilhard --target hohenlohe");
    die(10);
    die(3);
    /* « Deux bases déroutent »: one stand of hohenlohe's three left */
    assert_int_equal(bunit(HOHENLOHE)->lost, 2);
    assert_int_equal(tb_game_move_unit(ST), TREILHARD);
    const char *l = legal();
    assert_null(strstr(l, "hold"));
    assert_non_null(strstr(l, "move treilhard"));
    gr_action a;
    gr_error err = {0};
    assert_int_not_equal(gr_game_parse(&G, ST, "move treilhard hold", &a, &err), GR_OK);
}

/* In the Austrians' own segment the roles turn round: hohenlohe charges,
 * the French answer (treilhard did not fight in s1: the French passed). */
static void countercharge_other_segment(void **state)
{
    (void)state;
    to_first_combat();
    act("countercharge none --target treilhard");
    act("next"); /* the French do not attack */
    while (strcmp(tb_game_battle(ST)->rules->phases[tb_game_battle(ST)->phase].id, "s2_combat"))
        act("next");
    assert_int_equal(gr_game_current_player(&G, ST), 0);
    expect_legal("countercharge treilhard --target hohenlohe | countercharge none --target "
                 "hohenlohe");
}

/* Turn 1 to the interphase of turn 2: nobody acts (the French let the
 * charge come, nobody fights). */
static void to_turn_two(void)
{
    to_first_combat();
    act("countercharge none --target treilhard");
    while (tb_game_battle(ST)->turn == 1) {
        const gr_battle *b = tb_game_battle(ST);
        if (!strcmp(b->rules->phases[b->phase].id, "s2_combat") &&
            gr_game_current_player(&G, ST) == 0)
            act("countercharge none --target hohenlohe");
        else
            act("next");
    }
    phase_is("initiative");
}

/* The commanders-in-chief's D10s (seed 000, « Interphase d'initiative »:
 * « Les généraux en chef jettent chacun 1D10 pour le droit de choisir
 * d'être le 1er joueur ou non »).  No critical level, neither
 * commander-in-chief attached (Lannes and Merveldt stand alone): no
 * modifier.  The French (side 0) roll first: 3 against the Austrians' 8:
 * the Austrians win and choose, after the dice; they choose to be 2nd, so
 * the French are 1st player. */
static void initiative_second(void **state)
{
    (void)state;
    to_turn_two();
    expect_legal("initiative | next");
    act("initiative");
    die(3);
    die(8);
    /* nothing applied yet: the winner's choice is awaited */
    assert_int_equal(gr_game_current_player(&G, ST), 1);
    expect_legal("initiative --choose first | initiative --choose second");
    gr_action a;
    gr_error err = {0};
    assert_int_not_equal(gr_game_parse(&G, ST, "next", &a, &err), GR_OK);
    act("initiative --choose second");
    assert_int_equal(tb_game_battle(ST)->first, 0);
    phase_is("initiative"); /* the roll is made; `next` starts the segment */
    act("next");
    phase_is("s1_leaders");
    assert_int_equal(gr_game_current_player(&G, ST), 0);
}

/* The same dice, the Austrians choose to be 1st. */
static void initiative_first(void **state)
{
    (void)state;
    to_turn_two();
    act("initiative");
    die(3);
    die(8);
    act("initiative --choose first");
    assert_int_equal(tb_game_battle(ST)->first, 1);
    act("next");
    phase_is("s1_leaders");
    assert_int_equal(gr_game_current_player(&G, ST), 1);
}

/* « d. Mouvement des généraux détachés » (seed 000); Table des vitesses
 * (seed 003): « Généraux et ADC 12" ».  Lannes stands detached at (18, 2);
 * Suchet is attached to claparede; Merveldt is Austrian. */
static void general_moves(void **state)
{
    (void)state;
    while (strcmp(tb_game_battle(ST)->rules->phases[tb_game_battle(ST)->phase].id, "s1_generals"))
        act("next");
    const gr_battle *b = tb_game_battle(ST);
    int lannes = gr_battle_leader(b, "lannes");
    gr_action a;
    gr_error err = {0};
    /* 12.001" away: (18, 2) to (18, 14.001) */
    assert_int_equal(gr_game_parse(&G, ST, "general lannes to 18 14.001", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
    assert_int_not_equal(tb_game_check(G.sc, ST, a, &err), GR_OK);
    assert_non_null(strstr(err.msg, "lannes moves at most the « Généraux et ADC » nominal speed"));
    /* an attached general moves with his brigade; the Austrians' is not
     * theirs to move in the French segment */
    assert_int_equal(gr_game_parse(&G, ST, "general suchet to 12 8", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
    assert_int_not_equal(tb_game_check(G.sc, ST, a, &err), GR_OK);
    assert_non_null(strstr(err.msg, "suchet is not a detached general on the table: an attached "
                                    "general moves with his brigade"));
    assert_int_equal(gr_game_parse(&G, ST, "general merveldt to 19 27", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
    assert_int_not_equal(tb_game_check(G.sc, ST, a, &err), GR_OK);
    assert_non_null(strstr(err.msg, "not their segment"));
    /* (18, 2) to (25.2, 11.6): 7.2" and 9.6", sqrt(51.84 + 92.16) = 12"
     * exactly: within his move */
    act("general lannes to 25.2 11.6");
    tt_pt p;
    assert_int_equal(tb_game_leader_at(ST, lannes, &p), 1);
    assert_int_equal(p.x, 25200);
    assert_int_equal(p.y, 11600);
    /* once a segment */
    assert_int_equal(gr_game_parse(&G, ST, "general lannes to 25 11", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
    assert_int_not_equal(tb_game_check(G.sc, ST, a, &err), GR_OK);
    assert_non_null(strstr(err.msg, "lannes has moved this segment"));
    /* not in another phase (the fire that follows) */
    act("next");
    assert_int_equal(gr_game_parse(&G, ST, "general lannes to 25 11", &a, &err), GR_OK);
    assert_int_not_equal(gr_game_apply_checked(&G, ST, a, NULL, &err), GR_OK);
}

/* Seed 003, Artillerie: « 2 actions possibles par Segment ami : atteler,
 * dételer, bouger, tirer, pivoter (en batterie) de 0 à 45°. »  The French
 * battery at (18, 6), unlimbered, facing north, pivots about its front
 * centre: 15 degrees left, then 45 right (each turn the table's, from the
 * facing it has); a third action is not offered. */
static void battery_pivot(void **state)
{
    (void)state;
    while (strcmp(tb_game_battle(ST)->rules->phases[tb_game_battle(ST)->phase].id, "s1_tactical"))
        act("next");
    const tt_unit *u = unit(FRENCH_BATTERY);
    tt_dir north = u->pose.face;
    assert_int_equal(north.x, 0);
    assert_true(north.y > 0);
    act("battery french_battery --action pivot --turn 15");
    act("battery french_battery --action pivot --turn -45");
    u = unit(FRENCH_BATTERY);
    assert_int_equal(u->pose.at.x, 18000);
    assert_int_equal(u->pose.at.y, 6000);
    tt_dir want = tt_dir_turn(tt_dir_turn(north, 15), -45);
    assert_int_equal(u->pose.face.x, want.x);
    assert_int_equal(u->pose.face.y, want.y);
    /* about 30 degrees east of north: the front edge, 2" wide (two guns
     * of 1"), turned about (18, 6), has its left corner at about (18 -
     * cos 30, 6 + sin 30) = (17.13, 6.5), the highest point of the
     * battery; the stands lie 1" behind it, so the westernmost point is
     * the rear left corner, (17.13 - sin 30, 6.5 - cos 30) = (16.63,
     * 5.63) */
    assert_true(u->pose.face.x > 0);
    assert_true(u->hi.y > 6400 && u->hi.y < 6600);
    assert_true(u->lo.x > 16500 && u->lo.x < 16800);
    assert_null(strstr(legal(), "battery french_battery"));
}

static char *replace(char *s, const char *from, const char *to)
{
    char *at = strstr(s, from);
    if (!at)
        return NULL;
    size_t n = strlen(s) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    if (!out)
        return NULL;
    snprintf(out, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
    free(s);
    return out;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 1;
    TEXT = calloc(1, 1 << 16);
    size_t n = TEXT ? fread(TEXT, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (!n)
        return 1;
    TEXT = replace(TEXT, "{\"unit\": \"treilhard\", \"at\": [24, 5]",
                   "{\"unit\": \"treilhard\", \"at\": [24, 12]");
    if (TEXT)
        TEXT = replace(TEXT, "{\"unit\": \"hohenlohe\", \"at\": [25, 25]",
                       "{\"unit\": \"hohenlohe\", \"at\": [25, 12]");
    if (!TEXT)
        return 1;
    TEXT_LEN = strlen(TEXT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(countercharge_taken, fresh),
        cmocka_unit_test_setup(countercharge_declined, fresh),
        cmocka_unit_test_setup(countercharge_other_segment, fresh),
        cmocka_unit_test_setup(breakthrough_or_stay, fresh),
        cmocka_unit_test_setup(breakthrough_forced, fresh),
        cmocka_unit_test_setup(initiative_second, fresh),
        cmocka_unit_test_setup(initiative_first, fresh),
        cmocka_unit_test_setup(general_moves, fresh),
        cmocka_unit_test_setup(battery_pivot, fresh),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gr_game_free(&G);
    free(ST);
    free(TEXT);
    return rc;
}
