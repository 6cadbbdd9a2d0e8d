/* grognard/re_ai.h - computer players for Révolution et Empire.
 *
 * A player reads the scenario and the state and returns one legal action of
 * the side to move; it never changes the state.  Randomness comes from a
 * gr_rng the caller owns (seed it from the game seed: re_game_ai_seed). */
#ifndef GROGNARD_RE_AI_H
#define GROGNARD_RE_AI_H

#include "grognard/re.h"
#include "grognard/rng.h"

typedef enum re_ai_kind {
    RE_AI_RANDOM, /* a legal action drawn uniformly */
    RE_AI_EAGER,  /* drawn uniformly among the actions that do something: it
                     passes (chits done, end of a phase, no riposte, stop)
                     only when nothing else is legal */
} re_ai_kind;

/* Choose an action for the player to move (0 or 1) in *out.  Returns 1, or 0
 * if the state is terminal or a chance node (nothing to choose). */
int re_ai_choose(const re_scenario *sc, const re_state *st, re_ai_kind kind, gr_rng *rng,
                 re_action *out);

#endif
