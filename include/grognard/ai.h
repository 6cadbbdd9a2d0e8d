/* grognard/ai.h - computer players over the game interface (game.h).
 *
 * A player reads the state and returns one of its legal actions; it never
 * changes the state.  Randomness comes from a gr_rng the caller owns (a
 * match's player stream: gr_match_player_rng), so the same seed gives the
 * same choices. */
#ifndef GROGNARD_AI_H
#define GROGNARD_AI_H

#include "grognard/game.h"
#include "grognard/rng.h"

typedef enum gr_ai_kind {
    GR_AI_RANDOM,    /* a legal action drawn uniformly */
    GR_AI_EAGER,     /* drawn uniformly among the actions that do something: it
                        passes (type->is_pass) only when nothing else is legal */
    GR_AI_HEURISTIC, /* the action whose outcome the game's evaluation ranks
                        best, one step ahead, the dice that follow it sampled
                        a few times; ties broken at random */
} gr_ai_kind;

/* "random", "eager" or "heuristic" into *out; GR_EINPUT naming what is
 * accepted. */
gr_status gr_ai_kind_parse(const char *s, gr_ai_kind *out, gr_error *err);

/* Choose one of the n >= 1 legal actions `legal` (in the game's order) of
 * the player to move in st.  Draws from rng only (the same rng state, the
 * same choice).  GR_AI_HEURISTIC allocates two states for the time of the
 * call and plays at random if that fails. */
gr_action gr_ai_choose(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal,
                       int n, gr_rng *rng);

#endif
