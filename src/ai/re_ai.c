/* re_ai.c - computer players for R&E: the random player, which picks one
 * of the legal actions uniformly (the "at least picks legal actions
 * at random"), and the eager random player, which never passes while it can
 * act (a livelier opponent, and playouts that reach more of the rules). */
#include "grognard/re_ai.h"

/* Actions that decline to act. */
static int is_pass(int kind)
{
    switch (kind) {
    case RE_A_CHITS_DONE:
    case RE_A_END_FIRE:
    case RE_A_END_MOVE:
    case RE_A_END_ACTIVATION:
    case RE_A_NO_RIPOSTE:
    case RE_A_STOP: return 1;
    default: return 0;
    }
}

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
    if (kind == RE_AI_EAGER) {
        int m = 0; /* keep the actions that do something, in order */
        for (int i = 0; i < n; i++)
            if (!is_pass(acts[i].kind))
                acts[m++] = acts[i];
        if (m)
            n = m;
    }
    *out = acts[gr_rng_below(rng, (uint32_t)n)];
    return 1;
}
