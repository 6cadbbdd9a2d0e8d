/* why.c - a search's lines explained for a person (ai.h, "why it played
 * that"): the win estimate's interval, the expected losses, the plan's task.
 * Over game.h only: no game named. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/ai.h"

long gr_ai_figures_lost(const gr_game *g, const void *st, int s)
{
    gr_stat stats[64];
    if (!g->type->stats)
        return -1;
    int n = g->type->stats(g->sc, st, stats, 64);
    long sum = -1;
    for (int i = 0; i < n && i < 64; i++)
        if (stats[i].side == s && !strncmp(stats[i].name, "figures lost", 12))
            sum = (sum < 0 ? 0 : sum) + (long)stats[i].value;
    return sum;
}

/* The figures each side is expected to lose by action a in st into lost[2];
 * 0 if the game counts no figures or memory cannot be had. */
static int expected_losses(const gr_game *g, const void *st, gr_action a, double lost[2])
{
    long before[2] = {gr_ai_figures_lost(g, st, 0), gr_ai_figures_lost(g, st, 1)};
    if (before[0] < 0 || before[1] < 0)
        return 0;
    unsigned char *t = calloc(1, g->type->state_size);
    if (!t)
        return 0;
    gr_rng rng;
    gr_rng_seed(&rng, gr_game_hash(g, st) ^ a);
    lost[0] = lost[1] = 0;
    for (int k = 0; k < GR_AI_WHY_SAMPLES; k++) {
        gr_game_copy(g, t, st);
        gr_game_apply(g, t, a, NULL);
        for (int i = 0; i < 64 && gr_game_current_player(g, t) == GR_CHANCE; i++)
            gr_game_apply(g, t, gr_game_sample_chance(g, t, &rng), NULL);
        for (int s = 0; s < 2; s++)
            lost[s] += (double)(gr_ai_figures_lost(g, t, s) - before[s]) / GR_AI_WHY_SAMPLES;
    }
    free(t);
    return 1;
}

void gr_ai_why_of(const gr_game *g, const void *st, const gr_ai_line *line, gr_ai_why *out)
{
    memset(out, 0, sizeof *out);
    out->line = *line;
    double w = line->win, v = line->visits > 0 ? (double)line->visits : 1.0;
    double h = 1.959964 * sqrt(w * (1 - w) / v);
    out->win_lo = w - h < 0 ? 0 : w - h;
    out->win_hi = w + h > 1 ? 1 : w + h;
    out->has_losses = expected_losses(g, st, line->action, out->lost);
    int p = gr_game_current_player(g, st);
    if (g->type->task_text && p >= 0 &&
        !g->type->task_text(g->sc, st, p, line->action, out->task, sizeof out->task))
        out->task[0] = '\0';
}
