/* bench_resolve.c - resolutions per second, in process, on one core.
 *
 * Each iteration resolves a whole situation the way `grognard resolve`
 * does (modifiers with reasons, a seeded roll, the table read), without
 * printing.  Odds are derived on demand and are not part of a resolution.
 *
 * Each figure is the best of three runs of ITERATIONS resolutions (the
 * machine is shared, so the best run is the one least disturbed).
 *
 * Every procedure of every system is measured, each with a situation that
 * applies several modifiers.
 *
 * usage: bench_resolve [ITERATIONS [SYSTEM/PROCEDURE]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/grognard.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Set the inputs named in kv (name, value, ...; flags take "true"). */
static void situation(const gr_procedure *p, gr_args *a, const char *const *kv)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; kv[i]; i += 2) {
        int k = gr_param_index(p->params, p->nparams, kv[i]);
        gr_error err;
        if (k < 0 || gr_args_set(p->params, k, kv[i + 1], a, &err) != GR_OK) {
            fprintf(stderr, "bench: bad input %s\n", kv[i]);
            exit(2);
        }
    }
}

static const char *only; /* SYSTEM/PROCEDURE, or NULL for all */

static void bench(const char *system, const char *proc, const char *const *kv, long n)
{
    char name[64];
    snprintf(name, sizeof name, "%s/%s", system, proc);
    if (only && strcmp(only, name))
        return;
    const gr_system *s = gr_system_find(system);
    const gr_procedure *p = gr_system_procedure(s, proc);
    gr_args a;
    situation(p, &a, kv);
    gr_rng rng;
    gr_rng_seed(&rng, 1);
    gr_dice_source dice = {.rng = &rng};
    gr_resolution *r = malloc(sizeof *r);
    gr_error err;
    double best = 0; /* the best of three runs: the machine is shared */
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (long i = 0; i < n; i++) {
            dice.used = 0;
            if (p->resolve(&a, &dice, r, &err) != GR_OK) {
                fprintf(stderr, "bench: %s\n", err.msg);
                exit(1);
            }
        }
        double rate = (double)n / (now() - t0);
        if (rate > best)
            best = rate;
    }
    printf("%-4s %-13s %10ld resolutions, best of 3 runs: %6.2f million per second\n", system, proc,
           n, best / 1e6);
    free(r);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000L;
    only = argc > 2 ? argv[2] : NULL;
    static const char *const fire[] = {"firer",
                                       "infantry",
                                       "troops",
                                       "two_rank_line_or_mixed",
                                       "stands",
                                       "6",
                                       "target-moving",
                                       "true",
                                       "cover",
                                       "1",
                                       NULL};
    static const char *const combat[] = {"attacker-stands",
                                         "8",
                                         "defender-stands",
                                         "4",
                                         "attacker-cavalry",
                                         "heavy",
                                         "cavalry-vs-infantry",
                                         "under_5",
                                         "defender-condition",
                                         "fresh",
                                         NULL};
    static const char *const movement[] = {"state",      "reserve", "commander", "davout",
                                           "first-turn", "true",    NULL};
    static const char *const nf_fire[] = {
        "firer",   "heavy_artillery",          "nation", "france",    "range", "1", "target",
        "cavalry", "target-changed-formation", "true",   "enfiladed", "true",  NULL};
    static const char *const nf_melee[] = {"attacker-arm",
                                           "infantry",
                                           "attacker-nation",
                                           "france",
                                           "attacker-stands",
                                           "6",
                                           "defender-arm",
                                           "infantry",
                                           "defender-nation",
                                           "austria",
                                           "defender-stands",
                                           "4",
                                           "attacker-formation",
                                           "column",
                                           "year",
                                           "1805",
                                           NULL};
    static const char *const rff_musketry[] = {
        "band",    "close",          "points", "8", "target-quality",
        "veteran", "target-flanked", "true",   NULL};
    static const char *const rff_charge[] = {"attacker-stands", "6", "defender-stands", "4", NULL};
    static const char *const general_hit[] = {"charismatic", "true", NULL};
    static const char *const initiative[] = {"first-critical-levels", "1", NULL};
    static const char *const nf_maneuver[] = {
        "unit", "infantry",  "nation", "france", "formation", "column", "year",
        "1805", "condition", "fresh",  "rating", "good",      NULL};
    static const char *const nf_disorder[] = {"unit", "infantry",  "nation", "britain", "formation",
                                              "line", "condition", "spent",  NULL};
    static const char *const nf_efc[] = {"nation", "britain",   "formation", "column",
                                         "troops", "grenadier", NULL};
    static const char *const nf_evasion[] = {"unit", "unlimbered_horse_artillery", "suppressed",
                                             "true", NULL};
    static const char *const rff_maneuver[] = {"state",     "good_order", "leader",
                                               "gallant",   "quality",    "veteran",
                                               "condition", "fresh",      NULL};
    static const char *const rff_cannonade[] = {"band",
                                                "long",
                                                "points",
                                                "8",
                                                "target-quality",
                                                "trained",
                                                "target-guns",
                                                "true",
                                                "target-limbered",
                                                "true",
                                                NULL};
    static const char *const rff_leader_loss[] = {NULL};
    bench("aoe", "fire", fire, n);
    bench("aoe", "combat", combat, n / 4);
    bench("aoe", "movement", movement, n);
    bench("nf", "fire", nf_fire, n / 4);
    bench("nf", "melee", nf_melee, n / 4);
    bench("rff", "musketry", rff_musketry, n / 4);
    bench("rff", "charge", rff_charge, n / 4);
    bench("aoe", "general_hit", general_hit, n);
    bench("aoe", "initiative", initiative, n);
    bench("nf", "maneuver", nf_maneuver, n / 4);
    bench("nf", "disorder", nf_disorder, n / 4);
    bench("nf", "emergency_fc", nf_efc, n / 4);
    bench("nf", "evasion", nf_evasion, n);
    bench("rff", "maneuver", rff_maneuver, n / 4);
    bench("rff", "cannonade", rff_cannonade, n / 4);
    bench("rff", "leader_loss", rff_leader_loss, n);
    return 0;
}
