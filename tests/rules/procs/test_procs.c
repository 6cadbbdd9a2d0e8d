/* test_procs.c - the procedures (`grognard resolve`) in process: situations
 * whose modifiers, scores and results are worked out by hand in each test
 * from the values printed on the sheets (seeds 000/003 for aoe, 001 for rff,
 * 002 for nf), never from the data the engine reads; and the pairs of
 * printed lines that exclude each other, refused together with one line
 * naming both (docs/rules/<sys>.md lists every pair judged).
 *
 * A situation is written as on the command line: "--name value --flag". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "grognard/grognard.h"
#include "grognard/wire.h"

static gr_resolution R;
static gr_error E;
static gr_args A;
static const gr_system *S;
static const gr_procedure *P;

/* Resolve SYS PROC with the inputs `args` and the typed faces `rolls`
 * ("6,6,9,4"). */
static gr_status run(const char *sys, const char *proc, const char *args, const char *rolls)
{
    S = gr_system_find(sys);
    assert_non_null(S);
    P = gr_system_procedure(S, proc);
    assert_non_null(P);
    memset(&A, 0, sizeof A);
    gr_error_clear(&E);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", args);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        assert_true(!strncmp(t, "--", 2));
        int k = gr_param_index(P->params, P->nparams, t + 2);
        if (k < 0)
            fail_msg("%s %s has no input %s", sys, proc, t);
        if (P->params[k].kind == GR_P_FLAG) {
            A.v[k] = 1;
            A.given[k] = 1;
            continue;
        }
        char *v = strtok_r(NULL, " ", &save);
        assert_non_null(v);
        if (gr_args_set(P->params, k, v, &A, &E) != GR_OK)
            fail_msg("%s: %s", t, E.msg);
    }
    gr_status st = gr_args_check_required(P->params, P->nparams, &A, &E);
    if (st != GR_OK)
        fail_msg("%s", E.msg);
    gr_dice_source d;
    memset(&d, 0, sizeof d);
    if (rolls) {
        snprintf(buf, sizeof buf, "%s", rolls);
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
            d.typed[d.ntyped++] = atoi(t);
    }
    return P->resolve(&A, &d, &R, &E);
}

/* Resolve and expect success. */
static void ok(const char *sys, const char *proc, const char *args, const char *rolls)
{
    if (run(sys, proc, args, rolls) != GR_OK)
        fail_msg("resolve %s %s %s --roll %s: %s", sys, proc, args, rolls ? rolls : "", E.msg);
}

#if defined(__GNUC__)
#define HELPER __attribute__((unused)) static
#else
#define HELPER static
#endif

/* Resolve and expect GR_EINPUT with one line holding each of the `n`
 * fragments (the printed lines it names, why). */
HELPER void refused(const char *sys, const char *proc, const char *args, int n, ...)
{
    gr_status st = run(sys, proc, args, "5,5,5,5");
    if (st != GR_EINPUT)
        fail_msg("resolve %s %s %s: accepted (status %d), want refused", sys, proc, args, st);
    assert_null(strchr(E.msg, '\n'));
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        const char *frag = va_arg(ap, const char *);
        if (!strstr(E.msg, frag))
            fail_msg("%s %s %s: the refusal '%s' does not say '%s'", sys, proc, args, E.msg, frag);
    }
    va_end(ap);
}

static const char *result_of(const gr_step *s)
{
    return s->table->outcomes[s->cell.outcome].id;
}

HELPER int64_t value_of(const char *key)
{
    for (int i = 0; i < R.nvalues; i++)
        if (!strcmp(R.values[i].key, key))
            return R.values[i].i;
    fail_msg("no value %s", key);
    return 0;
}

/* ==== 1. rff charge: the fight after a fierce fight ========================== */

/* « Combat acharné: Chaque coté perd 1 socle, troupe en désordre, canon
 * silencieux. Perd modificateur percée, baïonnette/sabre, charge de
 * cavalerie. Ajustez les nouveaux modificateurs et refaites un combat. »
 * Both sides are disordered in the new fight: each carries « -1 Troupe en
 * désordre ou canon silencieux ». */
static void test_rff_fierce_fight_both_disordered(void **state)
{
    (void)state;
    ok("rff", "charge",
       "--attacker-stands 4 --defender-stands 4 --attacker-disordered --attacker-bayonet",
       "6,6,9,4");
    /* 1st fight, 4 v 4 (no ratio): attacker Entraînés 0, Ébranlés 0, -1 désordre,
     * +1 baïonnette = 0; defender 0.  (6 - 6) + 0 - 0 = 0: COMBAT ACHARNÉ. */
    assert_int_equal(R.steps[0].score, 0);
    assert_string_equal(result_of(&R.steps[0]), "fierce_fight");
    /* 2nd fight, 3 v 3: attacker -1 désordre, baïonnette lost = -1; defender
     * now disordered: -1.  (9 - 4) + (-1) - (-1) = 5: 5 - 8 ENFONCÉS. */
    assert_int_equal(R.nsteps, 2);
    assert_int_equal(R.steps[1].modifier, 0);
    assert_int_equal(R.steps[1].score, 5);
    assert_string_equal(result_of(&R.steps[1]), "broken_through");
    /* Both in good order before: each gets the -1 in the new fight.
     * Defender crack (+2), fresh (+2) against an attacker trained, worn: 1st
     * fight (8 - 4) + 0 - 4 = 0; 2nd: attacker -1 désordre, defender
     * 4 - 1 = 3: (7 - 2) + (-1) - 3 = 1: 1 - 4 REPOUSSÉS. */
    ok("rff", "charge",
       "--attacker-stands 5 --defender-stands 5 --defender-quality crack --defender-condition "
       "fresh",
       "8,4,7,2");
    assert_string_equal(result_of(&R.steps[0]), "fierce_fight");
    assert_int_equal(R.steps[1].score, 1);
    assert_string_equal(result_of(&R.steps[1]), "pushed_back");
}

/* ==== 2. aoe combat: the cavalry-versus-infantry lines ======================== */

static void test_aoe_cavalry_vs_infantry_excludes(void **state)
{
    (void)state;
    const char *base = "--attacker-stands 4 --defender-stands 4 --attacker-cavalry heavy ";
    char args[512];
    /* « ... qui n'est pas en carré »: not against a square. */
    snprintf(args, sizeof args, "%s--cavalry-vs-infantry under_5 --defender-square vs_cavalry",
             base);
    refused("aoe", "combat", args, 3, "Cavalerie chargeant de l'infanterie en terrain libre",
            "Défenseur en carré attaqué par la cavalerie", "carré");
    snprintf(args, sizeof args, "%s--cavalry-vs-infantry 5_or_more --defender-square vs_cavalry",
             base);
    refused("aoe", "combat", args, 2, "de 5\" de distance ou plus",
            "Défenseur en carré attaqué par la cavalerie");
    /* « ... de l'infanterie »: not against cavalry. */
    snprintf(args, sizeof args, "%s--cavalry-vs-infantry under_5 --defender-cavalry heavy", base);
    refused("aoe", "combat", args, 2, "Cavalerie chargeant de l'infanterie", "Cavalerie lourde");
    /* « ... en terrain libre »: not against a defender in cover. */
    snprintf(args, sizeof args, "%s--cavalry-vs-infantry under_5 --defender-cover 2", base);
    refused("aoe", "combat", args, 3, "Cavalerie chargeant de l'infanterie", "Défenseur à couvert",
            "terrain libre");
    /* A charge by cavalry never meets « Défenseur en carré attaqué par l'infanterie ». */
    snprintf(args, sizeof args, "%s--cavalry-vs-infantry under_5 --defender-square vs_infantry",
             base);
    refused("aoe", "combat", args, 2, "Cavalerie chargeant de l'infanterie",
            "Défenseur en carré attaqué par l'infanterie");
    refused("aoe", "combat",
            "--attacker-stands 4 --defender-stands 4 --attacker-cavalry cuirassier "
            "--defender-square vs_infantry",
            2, "Cavalerie lourde cuirassée", "Défenseur en carré attaqué par l'infanterie");
    /* Lancers: « Lanciers chargeant de l'infanterie en terrain libre ». */
    refused("aoe", "combat", "--attacker-stands 4 --defender-stands 4 --lancers --defender-cover 1",
            2, "Lanciers chargeant de l'infanterie en terrain libre", "Défenseur à couvert");
    refused("aoe", "combat",
            "--attacker-stands 4 --defender-stands 4 --lancers --defender-cavalry heavy", 2,
            "Lanciers chargeant de l'infanterie en terrain libre", "Cavalerie lourde");
    refused("aoe", "combat",
            "--attacker-stands 4 --defender-stands 4 --lancers --defender-square vs_infantry", 2,
            "Lanciers", "Défenseur en carré attaqué par l'infanterie");
    /* Cavalry does not form square. */
    refused("aoe", "combat",
            "--attacker-stands 4 --defender-stands 4 --defender-cavalry heavy --defender-square "
            "vs_cavalry",
            2, "Cavalerie lourde", "Défenseur en carré attaqué par la cavalerie");

    /* What stays: heavy cavalry charging infantry in the open from under 5":
     * +1 + 2 = +3; defender 0.  (5 - 5) + 3 = 3: Recule ! (défenseur). */
    ok("aoe", "combat",
       "--attacker-stands 4 --defender-stands 4 --attacker-cavalry heavy --cavalry-vs-infantry "
       "under_5",
       "5,5");
    assert_int_equal(R.steps[0].score, 3);
    assert_string_equal(result_of(&R.steps[0]), "defender_falls_back");
    /* Lancers against a square combine (their line does not say « qui n'est
     * pas en carré »): attacker +1 lourde +1 lanciers = +2; defender +3 carré.
     * (6 - 5) + 2 - 3 = 0: Fixé au combat ! */
    ok("aoe", "combat",
       "--attacker-stands 4 --defender-stands 4 --attacker-cavalry heavy --lancers "
       "--defender-square vs_cavalry",
       "6,5");
    assert_int_equal(value_of("attacker_modifier"), 2);
    assert_int_equal(value_of("defender_modifier"), 3);
    assert_int_equal(R.steps[0].score, 0);
    assert_string_equal(result_of(&R.steps[0]), "locked");
    /* Lancers charging infantry in the open from under 5": +1 lanciers +2
     * cavalry charge = +3 (both lines are printed and both hold).
     * (4 - 6) + 3 = 1: Recule ! (défenseur). */
    ok("aoe", "combat",
       "--attacker-stands 4 --defender-stands 4 --lancers --cavalry-vs-infantry under_5", "4,6");
    assert_int_equal(value_of("attacker_modifier"), 3);
    assert_int_equal(R.steps[0].score, 1);
    assert_string_equal(result_of(&R.steps[0]), "defender_falls_back");
}

/* ==== 3. aoe reserve movement: the CinC attached ================================ */

static void test_aoe_reserve_cinc_attached(void **state)
{
    (void)state;
    /* Seed 000: « si Koutousov est attaché à une brigade, celle-ci reçoit un
     * DRM + 1 ..., bien que toutes les autres subissent un DRM – 2 ».  The
     * brigade he is attached to: +1 only.  5 + 1 = 6: Échec partiel (5, 6). */
    ok("aoe", "movement", "--state reserve --commander kutuzov --cinc-engaged --cinc-attached",
       "5");
    assert_int_equal(R.steps[0].modifier, 1);
    assert_int_equal(R.steps[0].score, 6);
    assert_string_equal(result_of(&R.steps[0]), "partial_failure");
    /* Attached is engaged: Davout's label (+2 « n'est pas engagé ») does not
     * count either.  5 + 1 = 6. */
    ok("aoe", "movement", "--state reserve --commander davout --cinc-attached", "5");
    assert_int_equal(R.steps[0].modifier, 1);
    assert_string_equal(result_of(&R.steps[0]), "partial_failure");
    /* Every other brigade: -2 (« Général en chef engagé »).  7 - 2 = 5. */
    ok("aoe", "movement", "--state reserve --commander kutuzov --cinc-engaged", "7");
    assert_int_equal(R.steps[0].modifier, -2);
    assert_string_equal(result_of(&R.steps[0]), "partial_failure");
    /* Not engaged: Davout's label +2, first turn +4.  1 + 6 = 7: Succès. */
    ok("aoe", "movement", "--state reserve --commander davout --first-turn", "1");
    assert_int_equal(R.steps[0].score, 7);
    assert_string_equal(result_of(&R.steps[0]), "success");
}

/* ==== 4. aoe reserve movement: the first turn has no previous segment ============ */

static void test_aoe_reserve_first_turn(void **state)
{
    (void)state;
    refused("aoe", "movement",
            "--state reserve --commander davout --first-turn --succeeded-last-segment", 2,
            "1er Tour de la partie", "Mvt de rés. réussi dans le Segment ami précédent");
    refused("aoe", "movement",
            "--state reserve --commander davout --first-turn --failed-segments 2", 2,
            "1er Tour de la partie", "Mvt de rés. raté dans le 2");
    /* Later turns: succeeded last segment +4, Davout +2, one unit in disorder
     * -1.  2 + 5 = 7: Succès. */
    ok("aoe", "movement",
       "--state reserve --commander davout --succeeded-last-segment --disordered-units 1", "2");
    assert_int_equal(R.steps[0].modifier, 5);
    assert_string_equal(result_of(&R.steps[0]), "success");
}

/* ==== 5. the unit's state chooses its column ===================================== */

static void test_rff_broken_reads_disordered_column(void **state)
{
    (void)state;
    /* « Troupes en désordre ou brisées » is one column. */
    refused("rff", "maneuver", "--state good_order --broken", 2, "{broken}",
            "Troupes en désordre ou brisées");
    /* Broken: -2 (« Pris de flanc dans les 20cm, brisé »), trained 0, worn 0:
     * 9 - 2 = 7: 5 - 10 Rallie. */
    ok("rff", "maneuver", "--state disordered --broken", "9");
    assert_int_equal(R.steps[0].score, 7);
    assert_string_equal(result_of(&R.steps[0]), "rally");
}

static void test_aoe_disordered_cavalry_reads_disordered_column(void **state)
{
    (void)state;
    refused("aoe", "movement", "--state ordered --disordered-cavalry-charging", 2,
            "Cavalerie en désordre chargeant", "En ordre");
    /* In the « En désordre » column: 9 - 3 = 6: Ébranlée (ralliée). */
    ok("aoe", "movement", "--state disordered --disordered-cavalry-charging", "9");
    assert_int_equal(R.steps[0].score, 6);
    assert_string_equal(result_of(&R.steps[0]), "shaken_rallied");
}

/* ==== 6. no fight again when a side has no stand left ============================= */

static void test_nf_melee_both_gone(void **state)
{
    (void)state;
    /* Austrian line infantry against Austrian line infantry, 1805, 1 stand
     * each: no line of the Melee modifiers applies (worn, no leader; Austria
     * 0 in line).  7 - 7 = 0: Desperate struggle, « each losses a stand »:
     * 0 against 0, nobody is left to roll again. */
    ok("nf", "melee",
       "--attacker-arm infantry --attacker-nation austria --attacker-formation line "
       "--attacker-stands 1 --defender-arm infantry --defender-nation austria "
       "--defender-formation line --defender-stands 1 --year 1805",
       "7,7,9,5");
    assert_int_equal(R.steps[0].score, 0);
    assert_string_equal(result_of(&R.steps[0]), "desperate_struggle");
    assert_int_equal(R.nsteps, 1);
    assert_int_equal(R.nrolls, 1);
    /* 1 stand against 2: the attacker is gone after the struggle. */
    ok("nf", "melee",
       "--attacker-arm infantry --attacker-nation austria --attacker-formation line "
       "--attacker-stands 1 --defender-arm infantry --defender-nation austria "
       "--defender-formation line --defender-stands 2 --year 1805",
       "8,6,9,5");
    /* attacker outnumbered 2:1: -2; (8 - 6) - 2 = 0. */
    assert_int_equal(R.steps[0].score, 0);
    assert_int_equal(R.nsteps, 1);
}

static void test_rff_charge_both_gone(void **state)
{
    (void)state;
    /* 1 v 1, (5 - 5) + 0 = 0: COMBAT ACHARNÉ, each loses its stand. */
    ok("rff", "charge", "--attacker-stands 1 --defender-stands 1", "5,5,9,4");
    assert_string_equal(result_of(&R.steps[0]), "fierce_fight");
    assert_int_equal(R.nsteps, 1);
    assert_int_equal(R.nrolls, 1);
}

/* ==== 7. the outcome at the top of the JSON ======================================= */

static void test_wire_final_outcome(void **state)
{
    (void)state;
    /* Item 1's charge: fierce fight, then ENFONCÉS at 5. */
    ok("rff", "charge",
       "--attacker-stands 4 --defender-stands 4 --attacker-disordered --attacker-bayonet",
       "6,6,9,4");
    json_t *j = gr_wire_resolution(S, P, &A, &R, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "result")), "broken_through");
    assert_int_equal(json_integer_value(json_object_get(j, "score")), 5);
    assert_int_equal(json_array_size(json_object_get(j, "steps")), 2);
    json_decref(j);
    /* nf: French cavalry (4) charging Austrian infantry (6) in the open.
     * Attacker +2 (mounted cavalry charging infantry in the open), -1
     * (outnumbered 3:2, 6/4) = +1; defender -3 (infantry not in cover or
     * square vs cavalry).  (8 - 12) + 1 + 3 = 0: Desperate struggle.
     * Again, 3 v 5 (still 3:2): attacker 1 - 1 (stand lost) - 2 (disordered)
     * = -2; defender -3 - 1 - 2 = -6.  (8 - 5) - 2 + 6 = 7: Swept. */
    ok("nf", "melee",
       "--attacker-arm cavalry --attacker-nation france --attacker-stands 4 --defender-arm "
       "infantry --defender-nation austria --defender-stands 6",
       "8,12,8,5");
    j = gr_wire_resolution(S, P, &A, &R, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "result")), "swept_from_the_field");
    assert_int_equal(json_integer_value(json_object_get(j, "score")), 7);
    json_decref(j);
    /* A leader loss test after the fight is not the outcome: 4 v 4, attacker spent (-2) with a
     * leader (+1) = -1: (1 - 10) - 1 = -10: -9 et pire ASSAUT REPOUSSÉ, then the leader test. */
    ok("rff", "charge",
       "--attacker-stands 4 --defender-stands 4 --attacker-attached --attacker-condition spent",
       "1,10,6");
    assert_int_equal(R.nsteps, 2);
    j = gr_wire_resolution(S, P, &A, &R, NULL);
    assert_string_equal(json_string_value(json_object_get(j, "result")), "repulsed");
    json_decref(j);
}

/* ==== 8. aoe: every other pair of printed lines judged (docs/rules/aoe.md) ========= */

static void test_aoe_pairs_refused(void **state)
{
    (void)state;
    const char *base = "--firer artillery --artillery-class other --weight heavy --range 4 ";
    char args[512];
    snprintf(args, sizeof args, "%s--on-column --target-skirmishers", base);
    refused("aoe", "fire", args, 3, "artillerie sur colonne", "tir sur tirailleurs", "column");
    snprintf(args, sizeof args, "%s--target-grand-battery --target-skirmishers", base);
    refused("aoe", "fire", args, 2, "Tir sur Grande batterie", "tir sur tirailleurs");
    snprintf(args, sizeof args, "%s--target-grand-battery --on-column", base);
    refused("aoe", "fire", args, 2, "Tir sur Grande batterie", "artillerie sur colonne");
    refused("aoe", "combat",
            "--attacker-stands 4 --defender-stands 4 --defender-skirmish-order --defender-square "
            "vs_cavalry",
            2, "brigade en tirailleurs", "Défenseur en carré attaqué par la cavalerie");
    refused("aoe", "movement",
            "--state disordered --disordered-cavalry-charging --columnar-or-mixed", 2,
            "Cavalerie en désordre chargeant", "Infanterie colonnaire ou mixte");
    refused("aoe", "movement", "--state disordered --disordered-cavalry-charging --withdrawing", 2,
            "Cavalerie en désordre chargeant", "Repli devant l'ennemi");
    refused("aoe", "movement",
            "--state reserve --commander davout --failed-segments 1 --succeeded-last-segment", 2,
            "Mvt de rés. raté dans le 1er Segment ami précédent",
            "Mvt de rés. réussi dans le Segment ami précédent");
}

static void test_aoe_pairs_combine(void **state)
{
    (void)state;
    /* x 2 then x 1/2: 6 stands of two-rank line, 6 x 2.5 = 15; enfilade x2 =
     * 30; firers disordered x1/2 = 15: row 15-19, roll 7: « 7, 8, 9 » Tir
     * efficace. */
    ok("aoe", "fire",
       "--firer infantry --troops two_rank_line_or_mixed --stands 6 --enfilade --disordered", "7");
    assert_int_equal(value_of("power"), 15 * GR_MILLI);
    assert_string_equal(result_of(&R.steps[0]), "effective");
    /* x 2 and x 1 1/2: 4 stands of cavalry, 4 x 0.5 = 2; x2 = 4; x1 1/2 = 6:
     * row 6-7, roll 10: « 10 ou plus » Tir efficace. */
    ok("aoe", "fire", "--firer cavalry --stands 4 --enfilade --target-grand-battery", "10");
    assert_int_equal(value_of("power"), 6 * GR_MILLI);
    assert_string_equal(result_of(&R.steps[0]), "effective");
    /* « x 1/2 tir sur tirailleurs » and « -2 Cible en tirailleurs », with « +1
     * Cible ... a changé de formation »: 4 stands of two-rank line = 10, x1/2
     * = 5: row 5; DRM +1 - 2 = -1; roll 10: 9: « 8, 9, 10 » impressionnant. */
    ok("aoe", "fire",
       "--firer infantry --troops two_rank_line_or_mixed --stands 4 --target-skirmishers "
       "--target-moving",
       "10");
    assert_int_equal(value_of("power"), 5 * GR_MILLI);
    assert_int_equal(R.steps[0].modifier, -1);
    assert_int_equal(R.steps[0].score, 9);
    assert_string_equal(result_of(&R.steps[0]), "impressive");
    /* The -2 group with a cavalry charge: heavy +1, en désordre -2, charge
     * under 5" +2 = +1; defender 0: (5 - 5) + 1 = 1: Recule ! (défenseur). */
    ok("aoe", "combat",
       "--attacker-stands 4 --defender-stands 4 --attacker-cavalry heavy --attacker-disordered "
       "--cavalry-vs-infantry under_5",
       "5,5");
    assert_int_equal(value_of("attacker_modifier"), 1);
    assert_string_equal(result_of(&R.steps[0]), "defender_falls_back");
    /* « Défenseur débordé » -3 with the square's +3: defender 0; attacker
     * heavy +1: (5 - 5) + 1 = 1. */
    ok("aoe", "combat",
       "--attacker-stands 4 --defender-stands 4 --attacker-cavalry heavy --defender-square "
       "vs_cavalry --defender-outflanked",
       "5,5");
    assert_int_equal(value_of("defender_modifier"), 0);
    assert_int_equal(R.steps[0].score, 1);
    /* Tactical: road column or square +1 and columnar infantry +1: 5 + 2 = 7:
     * « 7, 8, 9 » En avant ! */
    ok("aoe", "movement", "--state ordered --road-column-or-square --columnar-or-mixed", "5");
    assert_int_equal(R.steps[0].modifier, 2);
    assert_string_equal(result_of(&R.steps[0]), "forward");
    /* Reserve: Napoleon attached (+1, not his +3) and an ADC of Napoleon (+1):
     * 3 + 2 = 5: Échec partiel. */
    ok("aoe", "movement",
       "--state reserve --commander napoleon_with_berthier --cinc-attached --napoleon-adc", "3");
    assert_int_equal(R.steps[0].modifier, 2);
    assert_string_equal(result_of(&R.steps[0]), "partial_failure");
}

/* ==== 9. rff and nf: the pairs judged (docs/rules/rff.md, nf.md) ================== */

static void test_rff_pairs(void **state)
{
    (void)state;
    const char *fire = "--points 6 --band long --target-quality trained ";
    char args[512];
    snprintf(args, sizeof args, "%s--target-division-column --target-march-column", fire);
    refused("rff", "musketry", args, 3, "Cible en colonne division", "Colonne de marche",
            "one formation");
    snprintf(args, sizeof args, "%s--target-march-column --target-single-line", fire);
    refused("rff", "musketry", args, 2, "Colonne de marche", "simple ligne");
    snprintf(args, sizeof args, "%s--target-cavalry --target-guns", fire);
    refused("rff", "musketry", args, 2, "cavalerie", "Canon attelé");
    refused("rff", "charge",
            "--attacker-stands 4 --defender-stands 4 --attacker-single-line "
            "--attacker-march-column",
            2, "Simple ligne, milice", "colonne de marche");
    refused("rff", "charge",
            "--attacker-stands 4 --defender-stands 4 --attacker-guns supported "
            "--attacker-cavalry-charge clear",
            2, "Canon supporté", "terrain clair");
    refused("rff", "charge", "--attacker-stands 4 --defender-stands 4 --defender-limbered", 2,
            "{defender-limbered}", "canons attelés");

    /* The enfilade +2 replaces the flank +1 (« +2 Colonne de marche ou troupe
     * prise en enfilade »; an enfiladed target is taken in flank): 6 points
     * base 0, +2: roll 5 -> 7, Entraîné « 7 »: Tir mortel. */
    snprintf(args, sizeof args, "%s--target-flanked --target-enfiladed", fire);
    ok("rff", "musketry", args, "5");
    assert_int_equal(R.steps[0].modifier, 2);
    assert_string_equal(result_of(&R.steps[0]), "deadly");
    /* Charge: « -1 Troupe en désordre » and « -3 Pris de flanc » combine, with
     * « +1 Baïonnette »: -1 - 3 + 1 = -3; defender 0: (9 - 2) - 3 = 4:
     * REPOUSSÉS. */
    ok("rff", "charge",
       "--attacker-stands 4 --defender-stands 4 --attacker-disordered --attacker-flanked "
       "--attacker-bayonet",
       "9,2");
    assert_int_equal(R.steps[0].score, 4);
    assert_string_equal(result_of(&R.steps[0]), "pushed_back");
    /* « +1 Baïonnette/Sabre » and « Charge de cavalerie +2 terrain clair »:
     * +3; (7 - 5) + 3 = 5: ENFONCÉS. */
    ok("rff", "charge",
       "--attacker-stands 4 --defender-stands 4 --attacker-bayonet --attacker-cavalry-charge "
       "clear",
       "7,5");
    assert_int_equal(R.steps[0].score, 5);
    assert_string_equal(result_of(&R.steps[0]), "broken_through");
    /* Maneuver: « +2 En batterie » and « +1 ... couvert linéaire » (guns in
     * battery behind a wall): +3, trained 0, worn 0: 4 + 3 = 7: 3 - 7 Manœuvre
     * bien exécutée. */
    ok("rff", "maneuver", "--state good_order --arm guns --in-battery --column-or-cover", "4");
    assert_int_equal(R.steps[0].score, 7);
    assert_string_equal(result_of(&R.steps[0]), "well_executed");
    /* « +1 Chef vaillant » and « +1 Chef attaché ou Colonel courageux »: +2;
     * 5 + 2 = 7: 3 - 7 Manœuvre bien exécutée. */
    ok("rff", "maneuver", "--state good_order --leader gallant --attached", "5");
    assert_int_equal(R.steps[0].modifier, 2);
    assert_string_equal(result_of(&R.steps[0]), "well_executed");
    /* « -2 Pris de flanc dans les 20cm, brisé »: one line, once: 9 - 2 = 7. */
    ok("rff", "maneuver", "--state disordered --flanked --broken", "9");
    assert_int_equal(R.steps[0].modifier, -2);
}

static void test_nf_pairs(void **state)
{
    (void)state;
    /* « +2 Mounted cavalry charging infantry ... in the open » and « -4
     * Cavalry Vs infantry in square » combine (the +2 does not say « not in
     * square »): attacker +2 - 4 = -2; defender « +4 Infantry in square Vs
     * Cavalry »; national modifiers not used (infantry vs cavalry).  4 v 4:
     * (10 - 2) - 2 - 4 = 2: Hard Pressed. */
    ok("nf", "melee",
       "--attacker-arm cavalry --attacker-nation britain --attacker-stands 4 --defender-arm "
       "infantry --defender-nation france --defender-formation square --defender-stands 4",
       "10,2");
    assert_int_equal(value_of("attacker_modifier"), -2);
    assert_int_equal(value_of("defender_modifier"), 4);
    assert_int_equal(R.steps[0].score, 2);
    assert_string_equal(result_of(&R.steps[0]), "hard_pressed");
    /* Emergency FC: « -2 disordered » and « -2 In march column » are two
     * printed lines (not the melee's one « Disordered or in march column »):
     * -4.  Austria, line troops: 8 - 4 = 4: « 4 or less » unsuccessful,
     * disordered. */
    ok("nf", "emergency_fc", "--nation austria --formation march_column --disordered", "8");
    assert_int_equal(R.steps[0].modifier, -4);
    assert_string_equal(result_of(&R.steps[0]), "failed_disordered");
    /* Melee: « -2 Disordered or in march column » counts once for both
     * causes: Austrian infantry 4 v 4, attacker disordered in march column:
     * -2; (7 - 5) - 2 = 0: Desperate struggle. */
    ok("nf", "melee",
       "--attacker-arm infantry --attacker-nation austria --attacker-formation march_column "
       "--attacker-disordered --attacker-stands 4 --defender-arm infantry --defender-nation "
       "austria --defender-formation line --defender-stands 4 --year 1805",
       "7,5");
    assert_int_equal(value_of("attacker_modifier"), -2);
    assert_int_equal(R.steps[0].score, 0);
    /* Heavy, armored and guard cavalry are three +1s (+3), and « -2
     * Outflanked » adds to the defender's lines.  Russian cavalry against
     * Russian cavalry (the Russian +1 is for infantry defending vs infantry;
     * no cavalry charging infantry line): attacker +3, defender -2.
     * (5 - 5) + 3 + 2 = 5: Driven back. */
    ok("nf", "melee",
       "--attacker-arm cavalry --attacker-nation russia --attacker-heavy-cavalry "
       "--attacker-armored --attacker-guard-cavalry --attacker-stands 4 --defender-arm cavalry "
       "--defender-nation russia --defender-outflanked --defender-stands 4",
       "5,5");
    assert_int_equal(value_of("attacker_modifier"), 3);
    assert_int_equal(value_of("defender_modifier"), -2);
    assert_string_equal(result_of(&R.steps[0]), "driven_back");
}

/* Every "applies" entry of every procedure names inputs the procedure has,
 * a flag or an enumerated input, and values that input accepts: a wrong
 * entry would refuse a good situation or let a bad one through. */
static void test_applies_entries_are_sound(void **state)
{
    (void)state;
    int entries = 0;
    for (int si = 0; gr_systems[si]; si++) {
        const gr_system *sys = gr_systems[si];
        for (size_t pi = 0; pi < sys->nprocedures; pi++) {
            const gr_procedure *p = sys->procedures[pi];
            for (size_t i = 0; i < p->napplies; i++, entries++) {
                const gr_applies *ap = &p->applies[i];
                assert_true(gr_param_index(p->params, p->nparams, ap->param) >= 0);
                char name[64];
                const char *eq = strchr(ap->when, '=');
                size_t n = eq ? (size_t)(eq - ap->when) : strlen(ap->when);
                assert_true(n < sizeof name);
                memcpy(name, ap->when, n);
                name[n] = '\0';
                int c = gr_param_index(p->params, p->nparams, name);
                assert_true(c >= 0);
                if (!eq) {
                    assert_int_equal(p->params[c].kind, GR_P_FLAG);
                    continue;
                }
                assert_int_equal(p->params[c].kind, GR_P_ENUM);
                char vals[256];
                snprintf(vals, sizeof vals, "%s", eq + 1);
                for (char *v = strtok(vals, "|"); v; v = strtok(NULL, "|")) {
                    int found = !strcmp(v, "-");
                    for (int k = 0; p->params[c].choices[k]; k++)
                        found |= !strcmp(p->params[c].choices[k], v);
                    if (!found)
                        fail_msg("%s %s: '%s' is not a value of --%s", sys->id, p->name, v, name);
                }
            }
        }
    }
    assert_true(entries >= 20);
}

/* The refusal names the input, where it applies and what was given (aoe
 * fire: weight is an artillery row of seed 003, PUISSANCE). */
static void test_applies_refuses(void **state)
{
    (void)state;
    const gr_procedure *p = gr_system_procedure(gr_system_find("aoe"), "fire");
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_args_set(p->params, gr_param_index(p->params, p->nparams, "firer"),
                                 "infantry", &a, &err),
                     GR_OK);
    assert_int_equal(gr_procedure_check_applies(p, &a, &err), GR_OK);
    assert_int_equal(
        gr_args_set(p->params, gr_param_index(p->params, p->nparams, "weight"), "heavy", &a, &err),
        GR_OK);
    assert_int_equal(gr_procedure_check_applies(p, &a, &err), GR_EINPUT);
    /* the library names the inputs as declared, marked {so} (error.h); the
     * first one is the input at fault */
    assert_string_equal(err.msg, "{weight} applies only with {firer} artillery, and here {firer} "
                                 "is infantry; leave {weight} out");
    assert_string_equal(err.param, "weight");
    /* the CLI says them as its flags, a page or a log as their names */
    char said[GR_ERROR_MSG];
    size_t n = gr_error_render(err.msg, "--", "", said, sizeof said);
    assert_int_equal(n, strlen(said));
    assert_string_equal(said, "--weight applies only with --firer artillery, and here --firer "
                              "is infantry; leave --weight out");
    gr_error_render(err.msg, "\u201c", "\u201d", said, sizeof said);
    assert_string_equal(said,
                        "\u201cweight\u201d applies only with \u201cfirer\u201d artillery, "
                        "and here \u201cfirer\u201d is infantry; leave \u201cweight\u201d out");
    gr_error_clear(&err);
    assert_int_equal(gr_args_set(p->params, gr_param_index(p->params, p->nparams, "firer"),
                                 "artillery", &a, &err),
                     GR_OK);
    assert_int_equal(gr_procedure_check_applies(p, &a, &err), GR_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rff_fierce_fight_both_disordered),
        cmocka_unit_test(test_applies_entries_are_sound),
        cmocka_unit_test(test_applies_refuses),
        cmocka_unit_test(test_aoe_cavalry_vs_infantry_excludes),
        cmocka_unit_test(test_aoe_reserve_cinc_attached),
        cmocka_unit_test(test_aoe_reserve_first_turn),
        cmocka_unit_test(test_rff_broken_reads_disordered_column),
        cmocka_unit_test(test_aoe_disordered_cavalry_reads_disordered_column),
        cmocka_unit_test(test_nf_melee_both_gone),
        cmocka_unit_test(test_rff_charge_both_gone),
        cmocka_unit_test(test_wire_final_outcome),
        cmocka_unit_test(test_aoe_pairs_refused),
        cmocka_unit_test(test_aoe_pairs_combine),
        cmocka_unit_test(test_rff_pairs),
        cmocka_unit_test(test_nf_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
