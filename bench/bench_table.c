/* bench_table.c - L'Âge des Aigles on the table (aoe-table, issue 29): the
 * speed of the game type on one core, through game.h and ai.h as the
 * simulator and the prompt use them:
 *  - a random playout: whole battles, uniformly random legal actions and
 *    sampled dice, milliseconds a battle;
 *  - MCTS simulations per second: searches of SIMS simulations from
 *    positions of the battle (reached by random play from fixed seeds);
 *  - a decision at the hard level (the commander, its default budget of
 *    simulations): the longest of those positions, in seconds.
 * Time is the process's CPU time (the machine is shared); each rate is the
 * best of three runs.
 *
 * usage: bench_table BATTLE_FILE [SIMS] [GAMES] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/ai.h"
#include "grognard/game.h"

#define POSITIONS 10

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_table BATTLE_FILE [SIMS] [GAMES]\n");
        return 2;
    }
    long sims = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    long games = argc > 3 ? strtol(argv[3], NULL, 10) : 100;
    gr_game g;
    gr_error err;
    if (gr_game_load(argv[1], "aoe-table", &g, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    size_t size = g.type->state_size;
    gr_action *acts = malloc((size_t)g.type->max_actions * sizeof *acts);
    unsigned char *st = malloc(size), *pos = malloc(size * POSITIONS);
    int npos[POSITIONS];
    gr_action *legal[POSITIONS];
    if (!acts || !st || !pos)
        return 1;
    /* random playouts */
    double best = 1e30;
    long steps = 0;
    for (int rep = 0; rep < 3; rep++) {
        gr_rng rng;
        gr_rng_seed(&rng, 1809);
        steps = 0;
        double t0 = now();
        for (long i = 0; i < games; i++) {
            if (gr_game_init(&g, st, &err) != GR_OK)
                return 1;
            for (int p; (p = gr_game_current_player(&g, st)) != GR_TERMINAL; steps++) {
                gr_action a;
                if (p == GR_CHANCE) {
                    a = gr_game_sample_chance(&g, st, &rng);
                } else {
                    int n = gr_game_legal_actions(&g, st, acts, g.type->max_actions);
                    a = acts[gr_rng_below(&rng, (uint32_t)n)];
                }
                gr_game_apply(&g, st, a, NULL);
            }
        }
        double ms = (now() - t0) * 1000.0 / (double)games;
        best = ms < best ? ms : best;
    }
    printf("%-24s %10.2f ms a random playout (%.0f steps a battle, best of 3 x %ld battles)\n",
           g.type->scenario_id(g.sc), best, (double)steps / (double)games, games);
    /* positions: 15 k random steps into battle k, on to a decision */
    int have = 0;
    for (int k = 0; have < POSITIONS && k < 10 * POSITIONS; k++) {
        unsigned char *s = pos + size * (size_t)have;
        gr_rng rng;
        gr_rng_seed(&rng, (uint64_t)k + 1);
        if (gr_game_init(&g, s, &err) != GR_OK)
            return 1;
        for (int i = 0;; i++) {
            int p = gr_game_current_player(&g, s);
            if (p == GR_TERMINAL)
                break;
            if (p == GR_CHANCE) {
                gr_game_apply(&g, s, gr_game_sample_chance(&g, s, &rng), NULL);
                continue;
            }
            int n = gr_game_legal_actions(&g, s, acts, g.type->max_actions);
            if (i >= 15 * (have + 1) && n > 1) {
                legal[have] = malloc((size_t)n * sizeof *acts);
                if (!legal[have])
                    return 1;
                memcpy(legal[have], acts, (size_t)n * sizeof *acts);
                npos[have++] = n;
                break;
            }
            gr_game_apply(&g, s, acts[gr_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    double rate = 0;
    gr_ai_kind k = {GR_AI_MCTS, sims, 0};
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < have; i++) {
            gr_rng rng;
            gr_rng_seed(&rng, (uint64_t)i);
            gr_ai_line line;
            if (gr_ai_search(&g, pos + size * (size_t)i, k, legal[i], npos[i], &rng, &line, 1) < 1)
                return 1;
        }
        double r = (double)sims * have / (now() - t0);
        rate = r > rate ? r : rate;
    }
    printf("%-24s %10.0f MCTS simulations/s (%d positions x %ld simulations, best of 3)\n",
           g.type->scenario_id(g.sc), rate, have, sims);
    /* the hard level: the commander at its default budget */
    gr_ai_kind hard = gr_ai_kind_of(GR_AI_COMMANDER);
    double worst = 0;
    for (int i = 0; i < have; i++) {
        gr_rng rng;
        gr_rng_seed(&rng, (uint64_t)i);
        double t0 = now();
        gr_ai_choose(&g, pos + size * (size_t)i, hard, legal[i], npos[i], &rng);
        double t = now() - t0;
        worst = t > worst ? t : worst;
    }
    printf("%-24s %10.3f s the longest hard-level decision (commander, %ld simulations, %d "
           "positions)\n",
           g.type->scenario_id(g.sc), worst, hard.sims, have);
    for (int i = 0; i < have; i++)
        free(legal[i]);
    free(acts);
    free(st);
    free(pos);
    gr_game_free(&g);
    return 0;
}
