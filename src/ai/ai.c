/* ai.c - the random player, which picks one of the legal actions uniformly,
 * and the eager random player, which never passes while it can act (a
 * livelier opponent, and playouts that reach more of the rules). */
#include "grognard/ai.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

gr_status gr_ai_kind_parse(const char *s, gr_ai_kind *out, gr_error *err)
{
    if (s && !strcmp(s, "random")) {
        *out = GR_AI_RANDOM;
        return GR_OK;
    }
    if (s && !strcmp(s, "eager")) {
        *out = GR_AI_EAGER;
        return GR_OK;
    }
    if (s && !strcmp(s, "heuristic")) {
        *out = GR_AI_HEURISTIC;
        return GR_OK;
    }
    return gr_error_set(err, GR_EINPUT,
                        "computer player '%s' is not known; accepted: eager, heuristic, random",
                        s ? s : "");
}

/* Dice samples for an action followed by chance (an attack, a fire). */
#define HEURISTIC_SAMPLES 3
/* Chance steps followed after an action before the position is judged. */
#define HEURISTIC_CHANCE_STEPS 64

/* The evaluation of `after` for p once the chance that follows it is
 * resolved: HEURISTIC_SAMPLES rolls of it averaged (the dice from rng), or
 * the position itself if no chance follows. */
static int64_t judge(const gr_game *g, const void *after, int p, gr_rng *rng, void *scratch)
{
    if (gr_game_current_player(g, after) != GR_CHANCE)
        return g->type->evaluate(g->sc, after, p);
    int64_t sum = 0;
    for (int k = 0; k < HEURISTIC_SAMPLES; k++) {
        memcpy(scratch, after, g->type->state_size);
        for (int i = 0;
             i < HEURISTIC_CHANCE_STEPS && gr_game_current_player(g, scratch) == GR_CHANCE; i++)
            gr_game_apply(g, scratch, gr_game_sample_chance(g, scratch, rng), NULL);
        sum += g->type->evaluate(g->sc, scratch, p);
    }
    return sum / HEURISTIC_SAMPLES;
}

/* One step ahead: the legal action whose outcome the game judges best for
 * the player to move; among equals, one at random. */
static gr_action heuristic(const gr_game *g, const void *st, const gr_action *legal, int n,
                           gr_rng *rng)
{
    int p = gr_game_current_player(g, st);
    unsigned char *after = malloc(g->type->state_size), *scratch = malloc(g->type->state_size);
    if (!after || !scratch || !g->type->evaluate || p < 0) {
        free(after);
        free(scratch);
        return legal[gr_rng_below(rng, (uint32_t)n)];
    }
    int64_t best = INT64_MIN;
    uint32_t ties = 0;
    gr_action choice = legal[0];
    for (int i = 0; i < n; i++) {
        memcpy(after, st, g->type->state_size);
        gr_game_apply(g, after, legal[i], NULL);
        int64_t v = judge(g, after, p, rng, scratch);
        if (v > best) {
            best = v;
            ties = 1;
            choice = legal[i];
        } else if (v == best && gr_rng_below(rng, ++ties) == 0) {
            choice = legal[i]; /* reservoir: each of the equals alike */
        }
    }
    free(after);
    free(scratch);
    return choice;
}

gr_action gr_ai_choose(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal,
                       int n, gr_rng *rng)
{
    assert(n >= 1);
    if (kind == GR_AI_HEURISTIC)
        return heuristic(g, st, legal, n, rng);
    if (kind == GR_AI_EAGER && g->type->is_pass) {
        /* the k-th action that does something, in order: no copy needed */
        int m = 0;
        for (int i = 0; i < n; i++)
            m += !g->type->is_pass(g->sc, st, legal[i]);
        if (m) {
            uint32_t k = gr_rng_below(rng, (uint32_t)m);
            for (int i = 0; i < n; i++)
                if (!g->type->is_pass(g->sc, st, legal[i]) && k-- == 0)
                    return legal[i];
        }
    }
    return legal[gr_rng_below(rng, (uint32_t)n)];
}
