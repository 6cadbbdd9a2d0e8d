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

#include "grognard/grognard.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rff_fierce_fight_both_disordered),
        cmocka_unit_test(test_nf_melee_both_gone),
        cmocka_unit_test(test_rff_charge_both_gone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
