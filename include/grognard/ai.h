/* grognard/ai.h - computer players over the game interface (game.h).
 *
 * A player reads the state and returns one of its legal actions; it never
 * changes the state.  Randomness comes from a gr_rng the caller owns (a
 * match's player stream: gr_match_player_rng), so the same seed gives the
 * same choices.
 *
 * Players are named as people type them: "random", "eager", "heuristic",
 * "mcts" (the search at its default budget) or "mcts:BUDGET" (BUDGET
 * simulations a decision, or "mcts:BUDGETms", milliseconds a decision),
 * "commander" or "commander:BUDGET" (the army commander, same budgets). */
#ifndef GROGNARD_AI_H
#define GROGNARD_AI_H

#include <stddef.h>

#include "grognard/game.h"
#include "grognard/rng.h"

typedef enum gr_ai_algo {
    GR_AI_RANDOM,    /* a legal action drawn uniformly */
    GR_AI_EAGER,     /* drawn uniformly among the actions that do something: it
                        passes (type->is_pass) only when nothing else is legal */
    GR_AI_HEURISTIC, /* the action whose outcome the game's evaluation ranks
                        best, one step ahead, the dice that follow it sampled
                        a few times; ties broken at random */
    GR_AI_MCTS,      /* information-set Monte Carlo tree search (see below) */
    GR_AI_COMMANDER, /* the army commander: the same search, with every chit
                        it may put in the bowl (a pass is not a candidate
                        while a hidden choice is legal), a first look that
                        keeps every engaging action (game type's
                        is_engaging) beside the best few, and the game's
                        evaluate_commander where it has one */
} gr_ai_algo;

/* The simulations a decision of "mcts" without a budget. */
#define GR_AI_MCTS_DEFAULT 100
/* ... and of "commander" without a budget (today's hard level's). */
#define GR_AI_COMMANDER_DEFAULT 400
/* The largest budget accepted: simulations, or milliseconds. */
#define GR_AI_MCTS_MAX_SIMS 10000000L
#define GR_AI_MCTS_MAX_MS   600000L

/* A computer player: its algorithm and, for the search, its budget (sims
 * simulations a decision; or, if ms > 0, as many as ms milliseconds allow:
 * then the choice depends on the machine's speed and is not reproducible;
 * both set: the first reached ends the search, a deadline on a budget in
 * simulations, as a server sets it).
 * Small and plain: pass it by value, compare its fields. */
typedef struct gr_ai_kind {
    gr_ai_algo algo;
    long sims;
    long ms;
} gr_ai_kind;

/* The player of algorithm `algo` at its default budget. */
gr_ai_kind gr_ai_kind_of(gr_ai_algo algo);

/* A player's name ("random", "eager", "heuristic", "mcts", "mcts:N",
 * "mcts:Nms", "commander", "commander:N" or "commander:Nms") into *out;
 * GR_EINPUT naming what is accepted.  "mcts" is "mcts:100"
 * (GR_AI_MCTS_DEFAULT), "commander" "commander:400". */
gr_status gr_ai_kind_parse(const char *s, gr_ai_kind *out, gr_error *err);

/* The name gr_ai_kind_parse reads back to k, into buf (cap >= 32 is always
 * enough); returns buf. */
const char *gr_ai_kind_name(gr_ai_kind k, char *buf, size_t cap);

/* GR_OK if the computer players can play g; GR_EINPUT saying why not if
 * its actions cannot be listed (gr_game_type.not_enumerable, or records
 * of more than a gr_action): call before handing a side to a computer. */
gr_status gr_ai_check_game(const gr_game *g, gr_error *err);

/* One of the search's actions at the root, for a hint. */
typedef struct gr_ai_line {
    gr_action action;
    long visits;  /* simulations through it */
    double share; /* visits / all simulations */
    double win;   /* the mean result for the player to move: 1 won, 0 lost */
} gr_ai_line;

/* Choose one of the n >= 1 legal actions `legal` (in the game's order) of
 * the player to move in st.  Draws from rng only (the same rng state, the
 * same choice; for the search, with a budget in simulations).  The
 * heuristic and the search allocate for the time of the call and play at
 * random if memory cannot be had. */
gr_action gr_ai_choose(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal,
                       int n, gr_rng *rng);

/* gr_ai_choose, the same choice from the same draws, and the search's best
 * lines behind it (up to cap >= 1, as gr_ai_search writes them) into lines,
 * their count into *nlines: 0 when the player does not search (not mcts or
 * commander, or one legal action).  For "why it played that" without a
 * second search. */
gr_action gr_ai_choose_lines(const gr_game *g, const void *st, gr_ai_kind kind,
                             const gr_action *legal, int n, gr_rng *rng, gr_ai_line *lines, int cap,
                             int *nlines);

/* ---- the search ---------------------------------------------------------
 *
 * Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012):
 * each simulation first draws a state consistent with what the player to
 * move may know (the game's resample verb), so the search never reads the
 * other side's hidden choices; the tree is shared by all these states.  Its
 * nodes are the player's decisions, the other side's (whose hidden choices,
 * is_hidden_choice, are one edge: which chit went in is not known to the
 * player after it), and chance (dice, chit draws: an outcome is drawn with
 * its probability).  At a decision, the candidate actions are the best few
 * by a one-step look with the game's evaluation (the heuristic), chosen by
 * UCB with availability counts.  A simulation ends with a short playout by
 * a cut-down heuristic (the best of a few sampled actions) and the game's
 * evaluation of where it stops, unless the game ended first.
 *
 * The floating-point sums use + - * / and sqrt only (no libm function
 * whose rounding varies), so a budget in simulations gives the same choice
 * on every machine. */

/* Search st (a decision of its player; legal as for gr_ai_choose) with the
 * budget of `kind` (any algo: its sims/ms are used, GR_AI_MCTS_DEFAULT if
 * both are 0; GR_AI_COMMANDER searches as the commander) and write its best actions, most visited
 * first, up to cap into out.  Returns how many were written (>= 1 when n >= 1 and cap >= 1, out[0]
 * the action gr_ai_choose would play), or -1 if memory cannot be had.  Draws from rng only. */
int gr_ai_search(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal, int n,
                 gr_rng *rng, gr_ai_line *out, int cap);

/* ---- why it played that, and the enemy's threat ------------------------ */

/* One of the search's lines explained for a person: the line, its win
 * estimate's 95% interval (normal, the variance of a result in 0..1 taken
 * as at most win(1 - win) over the line's visits: rough, since the results
 * of one tree are not independent), the figures each side is expected to
 * lose by the action (its dice rolled GR_AI_WHY_SAMPLES times from a
 * stream of their own, seeded by the state and the action: the same answer
 * every time), and the plan's task for the action's unit (the type's
 * task_text). */
#define GR_AI_WHY_SAMPLES 32
typedef struct gr_ai_why {
    gr_ai_line line;
    double win_lo, win_hi;
    int has_losses; /* 0: the game counts no figures (lost[] is 0) */
    double lost[2]; /* by side */
    char task[160]; /* "" if the type has no plan for this action */
} gr_ai_why;

/* Explain `line` (one of gr_ai_search's for the player to move in st) into
 * *out.  Reads st and the game's verbs only; allocates one state (out of
 * memory: no losses). */
void gr_ai_why_of(const gr_game *g, const void *st, const gr_ai_line *line, gr_ai_why *out);

/* The figures side s has lost in st by the game's stats ("figures lost
 * ..."), or -1 if the game keeps no such count. */
long gr_ai_figures_lost(const gr_game *g, const void *st, int s);

/* The enemy's threat to one of side's units (gr_ai_threat). */
#define GR_AI_THREAT_SAMPLES 32
typedef struct gr_ai_threat_unit {
    int unit;     /* its index among the type's sites that are units (R&E: its id) */
    int col, row; /* its hex */
    double odds;  /* the share of the playouts in which it lost strength */
    double lost;  /* the strength (figures) it lost, on average over them */
} gr_ai_threat_unit;

/* For each unit of `side` standing in st (in the type's order of sites),
 * what the enemy's next activations may cost it, into out (up to cap); the
 * count of such units returned, -1 if the game lacks the verbs (sites,
 * resample, turn), its actions cannot be listed, or memory cannot be had.  GR_AI_THREAT_SAMPLES
 * playouts, each from a state the type's resample draws for `side` (the other side's hidden chits
 * drawn, never read), to the end of the turn (of the next if the enemy has not engaged before it
 * ends): the enemy puts every chit it may in the bowl and plays an engaging action (is_engaging: an
 * attack, a fire, a move next to a unit) whenever it has one, drawn at random, else passes; `side`
 * puts its chits in and otherwise passes.  So `odds` is how often an enemy bent on attacking, with
 * the dice and the chits drawn as they may fall, costs the unit strength, and `lost` what it costs
 * on average: a reading of the position, not a forecast of the search's play.  The stream is seeded
 * from side's observation: the same answer for every state the side cannot tell apart. */
int gr_ai_threat(const gr_game *g, const void *st, int side, gr_ai_threat_unit *out, int cap);

#endif
