/* bench_playout.c - whole random games per second, on one core: the hot
 * loop of every simulation (legal actions, a uniform choice, chance drawn
 * with its probabilities, the trusted apply), through the game interface
 * (game.h) exactly as a simulator or a search plays them.
 *
 * Each figure is the best of three runs of GAMES games, timed by the
 * process's CPU time (the machine is shared: the wall clock would count the
 * other programs' time too; the best run is the one least disturbed).
 *
 * With `checked` after GAMES, every action goes through the checked apply
 * (gr_game_apply_checked: the game's legality check, then the apply), as
 * a caller that does not trust its action plays.
 *
 * usage: bench_playout SCENARIO [GAMES] [checked] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/game.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_playout SCENARIO [GAMES] [checked]\n");
        return 2;
    }
    long games = argc > 2 ? strtol(argv[2], NULL, 10) : 20000;
    int checked = argc > 3 && !strcmp(argv[3], "checked");
    static re_scenario sc;
    gr_error err;
    if (re_scenario_load(argv[1], &sc, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    gr_game g = {&re_game_type, &sc, NULL};
    gr_action *acts = malloc((size_t)g.type->max_actions * sizeof *acts);
    void *st = malloc(g.type->state_size);
    if (!acts || !st)
        return 1;
    gr_rng rng;
    double best = 0;
    long steps = 0;
    for (int rep = 0; rep < 3; rep++) {
        gr_rng_seed(&rng, 1805);
        steps = 0;
        double t0 = now();
        for (long i = 0; i < games; i++) {
            if (gr_game_init(&g, st, &err) != GR_OK) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
            for (int p; (p = gr_game_current_player(&g, st)) != GR_TERMINAL; steps++) {
                gr_action a;
                if (p == GR_CHANCE) {
                    a = gr_game_sample_chance(&g, st, &rng);
                } else {
                    int n = gr_game_legal_actions(&g, st, acts, g.type->max_actions);
                    a = acts[gr_rng_below(&rng, (uint32_t)n)];
                }
                if (!checked)
                    gr_game_apply(&g, st, a, NULL);
                else if (gr_game_apply_checked(&g, st, a, NULL, &err) != GR_OK) {
                    fprintf(stderr, "%s\n", err.msg);
                    return 1;
                }
            }
        }
        double rate = (double)games / (now() - t0);
        if (rate > best)
            best = rate;
    }
    printf("%-28s %10.0f games/s (%.0f steps a game, best of 3 x %ld games%s)\n", sc.id, best,
           (double)steps / (double)games, games, checked ? ", checked apply" : "");
    free(acts);
    free(st);
    return 0;
}
