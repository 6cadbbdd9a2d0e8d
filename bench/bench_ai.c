/* bench_ai.c - the computer players' speed on one core, through game.h and
 * ai.h as the simulator and the prompt use them:
 *  - MCTS simulations per second: searches of SIMS simulations from
 *    positions of the scenario (reached by random play from fixed seeds),
 *    each simulation a determinisation, a descent, a truncated playout and
 *    the evaluation;
 *  - heuristic playouts per second: whole games, the one-step heuristic on
 *    both sides.
 * Time is the process's CPU time, so that a busy machine (the project's is
 * shared) slows the figures less than the wall clock would; each figure is
 * the best of three runs.
 *
 * usage: bench_ai SCENARIO [SIMS] [GAMES] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grognard/ai.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

#define POSITIONS 20

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_ai SCENARIO [SIMS] [GAMES]\n");
        return 2;
    }
    long sims = argc > 2 ? strtol(argv[2], NULL, 10) : 2000;
    long games = argc > 3 ? strtol(argv[3], NULL, 10) : 200;
    static re_scenario sc;
    gr_error err;
    if (re_scenario_load(argv[1], &sc, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    gr_game g = {&re_game_type, &sc, NULL};
    gr_action *acts = malloc((size_t)g.type->max_actions * sizeof *acts);
    static re_state pos[POSITIONS];
    int npos[POSITIONS];
    gr_action *legal[POSITIONS];
    if (!acts)
        return 1;
    /* positions: 10 k random steps into game k, on to a real decision */
    int have = 0;
    for (int k = 0; have < POSITIONS && k < 10 * POSITIONS; k++) {
        re_state *st = &pos[have];
        gr_rng rng;
        gr_rng_seed(&rng, (uint64_t)k + 1);
        if (gr_game_init(&g, st, &err) != GR_OK)
            return 1;
        for (int i = 0;; i++) {
            int p = gr_game_current_player(&g, st);
            if (p == GR_TERMINAL)
                break;
            if (p == GR_CHANCE) {
                gr_game_apply(&g, st, gr_game_sample_chance(&g, st, &rng), NULL);
                continue;
            }
            int n = gr_game_legal_actions(&g, st, acts, g.type->max_actions);
            if (i >= 10 * (have % 10) && n > 1) {
                legal[have] = malloc((size_t)n * sizeof *acts);
                if (!legal[have])
                    return 1;
                for (int j = 0; j < n; j++)
                    legal[have][j] = acts[j];
                npos[have++] = n;
                break;
            }
            gr_game_apply(&g, st, acts[gr_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    double best = 0;
    gr_ai_kind k = {GR_AI_MCTS, sims, 0};
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < have; i++) {
            gr_rng rng;
            gr_rng_seed(&rng, (uint64_t)i);
            gr_ai_line line;
            if (gr_ai_search(&g, &pos[i], k, legal[i], npos[i], &rng, &line, 1) < 1)
                return 1;
        }
        double rate = (double)sims * have / (now() - t0);
        best = rate > best ? rate : best;
    }
    printf("%-28s %10.0f MCTS simulations/s (%d positions x %ld simulations, best of 3)\n", sc.id,
           best, have, sims);
    best = 0;
    gr_ai_kind h = {GR_AI_HEURISTIC, 0, 0};
    static re_state st;
    long steps = 0;
    for (int rep = 0; rep < 3; rep++) {
        gr_rng rng;
        gr_rng_seed(&rng, 1805);
        steps = 0;
        double t0 = now();
        for (long i = 0; i < games; i++) {
            if (gr_game_init(&g, &st, &err) != GR_OK)
                return 1;
            for (int p; (p = gr_game_current_player(&g, &st)) != GR_TERMINAL; steps++) {
                gr_action a;
                if (p == GR_CHANCE) {
                    a = gr_game_sample_chance(&g, &st, &rng);
                } else {
                    int n = gr_game_legal_actions(&g, &st, acts, g.type->max_actions);
                    a = gr_ai_choose(&g, &st, h, acts, n, &rng);
                }
                gr_game_apply(&g, &st, a, NULL);
            }
        }
        double rate = (double)games / (now() - t0);
        best = rate > best ? rate : best;
    }
    printf("%-28s %10.0f heuristic games/s (%.0f steps a game, best of 3 x %ld games)\n", sc.id,
           best, (double)steps / (double)games, games);
    for (int i = 0; i < have; i++)
        free(legal[i]);
    free(acts);
    return 0;
}
