/* re_ai.c - computer players for R&E: for now the random player, which
 * picks one of the legal actions uniformly (the "at least picks
 * legal actions at random"). */
#include "grognard/re_ai.h"

int re_ai_choose(const re_scenario *sc, const re_state *st, re_ai_kind kind, gr_rng *rng,
                 re_action *out)
{
    int p = re_current_player(sc, st);
    if (p != 0 && p != 1)
        return 0;
    re_action acts[RE_MAX_ACTIONS];
    int n = re_legal_actions(sc, st, acts, RE_MAX_ACTIONS);
    if (n <= 0)
        return 0;
    switch (kind) {
    case RE_AI_RANDOM:
    default: *out = acts[gr_rng_below(rng, (uint32_t)n)]; return 1;
    }
}
