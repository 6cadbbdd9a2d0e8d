/* grognard/game.h - the one interface of every game grognard plays, in the
 * manner of OpenSpiel's State.
 *
 * A game type (gr_game_type) is a table of functions; a game (gr_game) is a
 * type and the scenario it is played on, which the type owns.  A state is
 * plain data of type->state_size bytes: clone it with memcpy, compare and
 * hash its bytes, save it as the list of actions that made it.  No function
 * here allocates (but a type of records' act_* entries, which may use
 * scratch space: the companion tries a test on a copy of its battle), reads
 * the clock or draws a random number unless it is handed a gr_rng.
 *
 * - The player to move is a side (0 .. players-1), GR_CHANCE (a chance node:
 *   every outcome is listed with its exact probability) or GR_TERMINAL.
 * - An action is a gr_action, a 64-bit id the game defines (R&E packs its
 *   8-byte action into it): compact, comparable, free of pointers.  A type
 *   may declare larger actions (action_size up to GR_ACTION_MAX bytes):
 *   plain records, free of pointers (the companion's: verb, unit, target,
 *   leader as indices, and the facts the players give as "key=value"
 *   words), zero-padded so that their bytes compare and hash.  The generic layers (match, save, store,
 *   server) handle an action as action_size bytes through the gr_game_act_*
 *   wrappers; the computer players and the simulator use the gr_action
 *   entries of the types that list their actions (enumerable).  A chance
 *   outcome is always a gr_action; as a record it is that gr_action's bytes
 *   followed by zeros (gr_game_act_of).
 * - gr_game_apply is trusted (the hot loop: legality is asserted in debug
 *   builds only); gr_game_apply_checked refuses an illegal action with a
 *   reason and leaves the state as it was.
 * - Hidden information: gr_game_observe(player) writes what that side may
 *   know and nothing more (GR_SPECTATOR: what is public, for a viewer who
 *   plays neither side) (two states that differ only in the other side's
 *   hidden choices give byte-identical observations); gr_game_resample draws
 *   a full state consistent with that view, for search.
 * - What happened is written as structured events into a caller-owned
 *   gr_log (may be NULL); the game renders them as text in a language. */
#ifndef GROGNARD_GAME_H
#define GROGNARD_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "grognard/error.h"
#include "grognard/event.h"
#include "grognard/rng.h"

#define GR_CHANCE   (-1)
#define GR_TERMINAL (-2)
/* Room for the text of any event of any game (NUL included). */
#define GR_EVENT_TEXT_MAX 8192
/* gr_game_observe(): a viewer who is neither side (a spectator): the
 * public view, every side's hidden choices left out. */
#define GR_SPECTATOR (-3)
/* gr_game_winner(): the game is drawn, or not over yet. */
#define GR_DRAW    (-1)
#define GR_ONGOING (-2)

typedef uint64_t gr_action;

/* The largest action record a type may declare, in bytes. */
#define GR_ACTION_MAX 128

/* One outcome of a chance node: P(action) = num / den. */
typedef struct gr_chance_outcome {
    gr_action action;
    uint32_t num, den;
} gr_chance_outcome;

/* A number a game reports of a state (the simulator reads it at the end of
 * each battle): a name a person reads, the side it concerns (-1: the game
 * as a whole), and its value. */
#define GR_STAT_NAME 48
typedef struct gr_stat {
    char name[GR_STAT_NAME];
    int side;
    int64_t value;
} gr_stat;

typedef struct gr_game_type {
    const char *id;   /* "re" */
    const char *name; /* "Révolution et Empire" */
    int players;
    size_t state_size;    /* bytes of a state */
    size_t obs_size;      /* bytes of an observation */
    int max_actions;      /* legal actions of any state never exceed this */
    int max_outcomes;     /* outcomes of any chance node never exceed this */
    size_t scenario_size; /* bytes of the scenario the type owns */
    /* Bytes of one action record: sizeof(gr_action) for a type whose
     * actions are gr_action (is_legal, apply, describe, parse below), more
     * (up to GR_ACTION_MAX) for a type of records (the act_* entries, which
     * take a chance outcome as its gr_action's bytes, zero-padded). */
    size_t action_size;
    /* 1: legal_actions cannot list the players' decisions (they carry facts
     * the players give, such as a range measured on the table): the
     * computer players and the simulator refuse the type.  Chance nodes are
     * still listed (chance_outcomes). */
    int not_enumerable;
    /* 1: undo takes back a player's decision with the chance steps that
     * follow it (a whole test, its dice included; the chance stream is
     * restored, so the repeated test rolls the same dice).  0: a chance
     * step is never taken back (a die rolled, a chit drawn). */
    int undo_takes_chance;

    /* `sc` points to scenario_size bytes of plain data, fully initialised
     * (padding included), so that its digest is the hash of its bytes. */
    const char *(*player_name)(const void *sc, int player);

    gr_status (*init)(const void *sc, void *st, gr_error *err);
    int (*current_player)(const void *sc, const void *st);
    int (*legal_actions)(const void *sc, const void *st, gr_action *out, int cap);
    int (*chance_outcomes)(const void *sc, const void *st, gr_chance_outcome *out, int cap);
    /* 1 if `a` is legal (or a chance outcome) in st, else 0. */
    int (*is_legal)(const void *sc, const void *st, gr_action a);
    /* Trusted: `a` must be legal; the game asserts it in debug builds. */
    void (*apply)(const void *sc, void *st, gr_action a, gr_log *log);
    int (*winner)(const void *sc, const void *st);
    uint64_t (*hash)(const void *sc, const void *st);
    int (*describe)(const void *sc, const void *st, gr_action a, char *buf, size_t cap);
    gr_status (*parse)(const void *sc, const void *st, const char *text, gr_action *out,
                       gr_error *err);
    int (*state_describe)(const void *sc, const void *st, char *buf, size_t cap);
    void (*observe)(const void *sc, const void *st, int player, void *obs);
    void (*resample)(const void *sc, const void *st, int player, gr_rng *rng, void *out);
    int (*event_text)(const void *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap);
    const char *(*event_kind_name)(int kind);
    /* 1 if the action `a` (taken by `player`) is a choice the other side
     * must not see, such as a chit put in the bowl. */
    int (*is_hidden_choice)(const void *sc, const void *st, int player, gr_action a);
    /* 1 if `a` declines to act (ends a phase, passes): computer players
     * that prefer to act skip these while anything else is legal. */
    int (*is_pass)(const void *sc, const void *st, gr_action a);
    /* The game's numbers of st, in a fixed order for a scenario (the same
     * names and count for every state of it): up to cap written, the count
     * returned. */
    int (*stats)(const void *sc, const void *st, gr_stat *out, int cap);
    /* The game's knowledge of how good st is for `player`: higher is
     * better, GR_EVAL_WIN for a game won, -GR_EVAL_WIN lost (may be NULL:
     * the heuristic player then plays at random). */
    int32_t (*evaluate)(const void *sc, const void *st, int player);
    /* The game turn st is in, from 1 (0 if the game has no turns). */
    int (*turn)(const void *sc, const void *st);
    /* A type of records (action_size > sizeof(gr_action)): the same as
     * is_legal, apply, describe and parse, for an action record of
     * action_size bytes (NULL for a type of gr_action). */
    int (*act_is_legal)(const void *sc, const void *st, const void *act);
    void (*act_apply)(const void *sc, void *st, const void *act, gr_log *log);
    int (*act_describe)(const void *sc, const void *st, const void *act, char *buf, size_t cap);
    gr_status (*act_parse)(const void *sc, const void *st, const char *text, void *act,
                           gr_error *err);
    /* Why act is refused in st (GR_OK if it is legal): the game's own
     * reason, which gr_game_act_apply_checked and gr_match_act give, and
     * its code (GR_EILLEGAL: not allowed now; GR_EINPUT: a fact the action
     * gives is wrong) (may be NULL: act_is_legal's yes or no). */
    gr_status (*act_check)(const void *sc, const void *st, const void *act, gr_error *err);
    /* How many of the scenario's first bytes its digest covers (NULL: all
     * scenario_size), so that a scenario format may grow at its end without
     * changing the digest of the files written before. */
    size_t (*scenario_digest_bytes)(const void *sc);
} gr_game_type;

#define GR_EVAL_WIN 100000000

/* A game: its type and the scenario (borrowed; it outlives the game). */
typedef struct gr_game {
    const gr_game_type *type;
    const void *sc;
} gr_game;

/* The registered game types (R&E; the battle companion's aoe, nf, rff), by
 * id; NULL if none has that id. */
const gr_game_type *gr_game_type_find(const char *id);

/* ---- thin, inline wrappers: read as verbs ------------------------------ */

static inline int gr_game_players(const gr_game *g)
{
    return g->type->players;
}
static inline size_t gr_game_state_size(const gr_game *g)
{
    return g->type->state_size;
}
static inline gr_status gr_game_init(const gr_game *g, void *st, gr_error *err)
{
    return g->type->init(g->sc, st, err);
}
static inline int gr_game_current_player(const gr_game *g, const void *st)
{
    return g->type->current_player(g->sc, st);
}
/* Legal actions in a fixed order, up to cap (type->max_actions is always
 * enough); returns how many there are.  At a chance node: the outcomes'
 * actions; terminal: 0. */
static inline int gr_game_legal_actions(const gr_game *g, const void *st, gr_action *out, int cap)
{
    return g->type->legal_actions(g->sc, st, out, cap);
}
/* Every outcome of the chance node with its probability (one den for all,
 * nums summing to it); 0 if st is not a chance node. */
static inline int gr_game_chance_outcomes(const gr_game *g, const void *st, gr_chance_outcome *out,
                                          int cap)
{
    return g->type->chance_outcomes(g->sc, st, out, cap);
}
static inline int gr_game_winner(const gr_game *g, const void *st)
{
    return g->type->winner(g->sc, st);
}
static inline uint64_t gr_game_hash(const gr_game *g, const void *st)
{
    return g->type->hash(g->sc, st);
}
static inline int gr_game_describe(const gr_game *g, const void *st, gr_action a, char *buf,
                                   size_t cap)
{
    return g->type->describe(g->sc, st, a, buf, cap);
}
static inline gr_status gr_game_parse(const gr_game *g, const void *st, const char *text,
                                      gr_action *out, gr_error *err)
{
    return g->type->parse(g->sc, st, text, out, err);
}
static inline void gr_game_observe(const gr_game *g, const void *st, int player, void *obs)
{
    g->type->observe(g->sc, st, player, obs);
}
static inline void gr_game_resample(const gr_game *g, const void *st, int player, gr_rng *rng,
                                    void *out)
{
    g->type->resample(g->sc, st, player, rng, out);
}
static inline int gr_game_event_text(const gr_game *g, const gr_event *ev, gr_lang lang, char *buf,
                                     size_t cap)
{
    return g->type->event_text(g->sc, ev, lang, buf, cap);
}

/* ---- actions as records of action_size bytes (every type) -------------- */

/* 1 if the type's actions are records rather than gr_action. */
static inline int gr_game_has_records(const gr_game *g)
{
    return g->type->action_size > sizeof(gr_action);
}
/* The record of gr_action a (a chance outcome, or any action of a type of
 * gr_action): its bytes, then zeros up to GR_ACTION_MAX. */
static inline void gr_game_act_of(gr_action a, void *act)
{
    memset(act, 0, GR_ACTION_MAX);
    memcpy(act, &a, sizeof a);
}
/* The gr_action in a record's first bytes. */
static inline gr_action gr_game_act_action(const void *act)
{
    gr_action a;
    memcpy(&a, act, sizeof a);
    return a;
}
static inline int gr_game_act_is_legal(const gr_game *g, const void *st, const void *act)
{
    return gr_game_has_records(g) ? g->type->act_is_legal(g->sc, st, act)
                                  : g->type->is_legal(g->sc, st, gr_game_act_action(act));
}
/* Trusted: act must be legal. */
static inline void gr_game_act_apply(const gr_game *g, void *st, const void *act, gr_log *log)
{
    if (gr_game_has_records(g))
        g->type->act_apply(g->sc, st, act, log);
    else
        g->type->apply(g->sc, st, gr_game_act_action(act), log);
}
static inline int gr_game_act_describe(const gr_game *g, const void *st, const void *act, char *buf,
                                       size_t cap)
{
    return gr_game_has_records(g) ? g->type->act_describe(g->sc, st, act, buf, cap)
                                  : g->type->describe(g->sc, st, gr_game_act_action(act), buf, cap);
}
/* Parse a player's action (GR_ACTION_MAX bytes of room at act, all
 * written: the record, then zeros). */
gr_status gr_game_act_parse(const gr_game *g, const void *st, const char *text, void *act,
                            gr_error *err);
/* gr_game_apply_checked for a record (a type with act_check: refused with
 * its reason and code). */
gr_status gr_game_act_apply_checked(const gr_game *g, void *st, const void *act, gr_log *log,
                                    gr_error *err);
/* GR_OK if the computer players and the simulator can play g (its
 * actions can be listed), else GR_EINPUT saying why, naming `who` ("the
 * simulator"). */
gr_status gr_game_check_enumerable(const gr_game *g, const char *who, gr_error *err);

/* FNV-1a of the scenario's bytes: a save records it, so that a replay
 * notices a changed scenario. */
uint64_t gr_game_scenario_digest(const gr_game *g);

/* Trusted apply: `a` must be legal in st (asserted in debug builds). */
void gr_game_apply(const gr_game *g, void *st, gr_action a, gr_log *log);

/* Checked apply: refuses, with GR_EILLEGAL and a reason naming the action
 * and the state, an action that is not legal (or not an outcome of the
 * chance node, or any action once the game is over); st is then unchanged. */
gr_status gr_game_apply_checked(const gr_game *g, void *st, gr_action a, gr_log *log,
                                gr_error *err);

/* A chance outcome drawn with its exact probability: one gr_rng_below(den)
 * draw, the outcomes taken in their listed order.  st must be a chance node. */
gr_action gr_game_sample_chance(const gr_game *g, const void *st, gr_rng *rng);

#endif
