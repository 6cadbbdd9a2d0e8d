/* grognard/game.h - the one interface of every game grognard plays, in the
 * manner of OpenSpiel's Game and State.
 *
 * A game type (gr_game_type) is a table of functions; a game (gr_game) is a
 * type and the scenario it is played on.  The Game half: a type loads its
 * scenario from text (gr_game_load, gr_game_load_text: the one door, which
 * finds the type in the registry of game types, src/match/game_registry.c)
 * and writes its scenario, an action and a side's view as JSON (jansson);
 * nothing above the engine needs to know which game it plays.  A state is
 * plain data of type->state_size bytes: clone it with memcpy, compare and
 * hash its bytes, save it as the list of actions that made it (a search
 * copies it with gr_game_copy: the same state, compared by its hash).  No
 * function of the State half allocates (but a type of records' act_*
 * entries, which may use scratch space: the companion tries a test on a
 * copy of its battle), reads the clock or draws a random number unless it is handed a
 * gr_rng (the Game half allocates what it loads and the JSON it returns,
 * and reads no clock).
 *
 * - The player to move is a side (0 .. players-1), GR_CHANCE (a chance node:
 *   every outcome is listed with its exact probability) or GR_TERMINAL.
 * - An action is a gr_action, a 64-bit id the game defines (R&E packs its
 *   8-byte action into it): compact, comparable, free of pointers.  A type
 *   may declare larger actions (action_size up to GR_ACTION_MAX bytes):
 *   plain records, free of pointers (the companion's: the verb by name,
 *   unit, target and leader as indices into its order of battle, and the
 *   facts the players give as "key=value" words), zero-padded so that
 *   their bytes compare and hash.  The generic layers (match, save, store,
 *   server) handle an action as action_size bytes through the
 *   gr_game_act_* wrappers; the computer players and the simulator use the
 *   gr_action entries of the types that list their actions (enumerable).
 *   A chance outcome is always a gr_action; as a record it is that
 *   gr_action's bytes followed by zeros (gr_game_act_of).
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
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "grognard/error.h"
#include "grognard/event.h"
#include "grognard/json_reader.h"
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

/* A place a designer's report follows (gr_game_type.sites): an objective
 * and who holds it, or a unit and what it has left, on its hex. */
#define GR_SITE_OBJECTIVE 0
#define GR_SITE_UNIT      1
typedef struct gr_site {
    int kind;     /* GR_SITE_OBJECTIVE or GR_SITE_UNIT */
    int col, row; /* its hex, offset coordinates from 0; -1, -1: off the map */
    int side;     /* an objective: the side it belongs to; a unit: its side */
    int holder;   /* an objective: the side that holds it now (-1: neither); a unit: -1 */
    int strength; /* a unit: what it has left (figures, steps), 0 once destroyed; else 0 */
} gr_site;

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
    /* Optional (NULL: memcpy of state_size bytes): make dst the state src
     * is for every function of the type, writing only what they read (a
     * table's units in use, not its room for more), so that a search's
     * copies cost what the battle holds.  Bytes no function reads may
     * keep what dst held: such a copy is the same state, not the same
     * bytes (compare it by hash). */
    void (*copy)(const void *sc, void *dst, const void *src);
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
    /* The scenario's objectives and units as they stand in st, in a fixed
     * order for a scenario (the same count, kinds and order for every state
     * of it): up to cap written, the count returned.  The simulator follows
     * them from step to step: objectives changing hands, the hexes where
     * strength is lost.  May be NULL (the report then has no map). */
    int (*sites)(const void *sc, const void *st, gr_site *out, int cap);

    /* ---- the Game half ---- */
    /* Load a scenario from `len` bytes of `text` (need not be
     * NUL-terminated; `name` stands for the file in messages): *sc set to a
     * new scenario (scenario_size bytes, padding included, that
     * scenario_free releases).  A bad file: GR_EINPUT, one message
     * "NAME:LINE:COL: what is wrong; how to fix it"; out of memory:
     * GR_ERUNTIME; *sc NULL on error. */
    gr_status (*load)(const char *text, size_t len, const char *name, void **sc, gr_error *err);
    /* Release a scenario `load` made (NULL: free() it, plain data). */
    void (*scenario_free)(void *sc);
    /* 1 if the parsed file `root` is one of the type's scenarios although it
     * does not say so ("game" left out: the files written before the
     * registry); may be NULL (never). */
    int (*claims)(const gr_jr_node *root);
    /* The scenario's own id ("austerlitz"), recorded in saves, and its
     * title ("Austerlitz, 2 décembre 1805"). */
    const char *(*scenario_id)(const void *sc);
    const char *(*scenario_title)(const void *sc);
    /* Warnings about a scenario that loads (what its designer most likely
     * did not mean): fn(ctx, message) for each; returns how many.  May be
     * NULL (none). */
    int (*scenario_warnings)(const void *sc, void (*fn)(void *ctx, const char *msg), void *ctx);
    /* The scenario as a page draws it and briefs it (docs/api.md, GET
     * /api/scenarios/ID): "game" (the type's id), "title", then what the
     * type shows.  New reference, NULL if out of memory. */
    json_t *(*scenario_json)(const void *sc);
    /* One action `a` of st for a page to show and highlight: "text" (the
     * describe text, which parse takes back), then what the type shows.
     * Reads st, which the viewer may see.  New reference, NULL if out of
     * memory. */
    json_t *(*action_json)(const void *sc, const void *st, gr_action a);
    /* What a side sees, from its observation `obs` (obs_size bytes written
     * by observe) only, so that hidden information never reaches it.  New
     * reference, NULL if out of memory. */
    json_t *(*view_json)(const void *sc, const void *obs);
    /* The scenario in one line for a person (its title and size), as
     * snprintf into buf: the length it needs. */
    int (*scenario_summary)(const void *sc, char *buf, size_t cap);
    /* The briefing players read before the first move, as text on `f` and
     * as a JSON object (new reference, NULL if out of memory).  `doc` is
     * the scenario file parsed by jansson, for the texts the type does not
     * keep (may be NULL).  Either may be NULL (the type has no briefing). */
    void (*briefing)(const void *sc, const json_t *doc, FILE *f);
    json_t *(*briefing_json)(const void *sc, const json_t *doc);
    /* An action record `act` (action_size bytes: a gr_action's 8 for a
     * type of gr_action; a chance outcome as gr_game_act_of makes it) as a
     * save file records it: a JSON value of the type's own form, read
     * against the scenario `sc` (R&E: its seven fields; the companion: the
     * describe text, "fire friant --target bagration_1 --range 4", and a
     * die as its number), which never changes meaning (saves of every
     * version read it; no index into a list that a release may grow).
     * New reference, NULL if out of memory.  NULL, with action_unrecord:
     * the type's games are not saved (gr_save_write refuses them). */
    json_t *(*action_record)(const void *sc, const void *act);
    /* The action recorded as `v` in the file `name`, read against the
     * scenario `sc`, into act (action_size bytes): GR_EINPUT with
     * "NAME:LINE:COL: what; fix" if `v` is not one. */
    gr_status (*action_unrecord)(const void *sc, const gr_jr_node *v, const char *name, void *act,
                                 gr_error *err);
    /* The army commander's verbs (ai.h, "commander"); either may be NULL.
     * is_engaging: 1 if action a of the player to move in st attacks or
     * fires, or moves a unit next to an enemy it could then attack, into
     * range of one it could fire at, or onto the other side's objective
     * (the commander's first look never drops such an action).
     * evaluate_commander: as evaluate, with more of the position weighed
     * (NULL: the commander uses evaluate).  Heuristics: they decide no rule. */
    int (*is_engaging)(const void *sc, const void *st, gr_action a);
    int32_t (*evaluate_commander)(const void *sc, const void *st, int player);
    /* Optional: as evaluate, for the search (ai.h "mcts", and "commander"
     * where the type has no evaluate_commander): its first look, its
     * playouts and the positions where they stop.  What a position will be
     * worth when the game next scores it, where evaluate judges what it
     * holds now (NULL: the search uses evaluate; the heuristic player always
     * uses evaluate).  A heuristic: it decides no rule. */
    int32_t (*evaluate_search)(const void *sc, const void *st, int player);
    /* Optional: the words of the commander's plan for what action a of
     * `player` in st moves or commits (its unit's corps' task, e.g. "attack
     * the objective [5, 3]"), into buf; 0 if the action has no such unit. */
    int (*task_text)(const void *sc, const void *st, int player, gr_action a, char *buf,
                     size_t cap);
    /* Optional (NULL: the type has none): what unit `unit` sees of every hex
     * of the map from where it stands in st, for a page's sight and range on
     * hover: {"unit", "from", "hexes": [{"hex": [col, row], "range", "sees",
     * "dice", ...}]} as the rules decide the line of sight and the dice
     * (docs/api.md, GET /api/games/GAME/sight).  Reads only what every side
     * sees (the map, the units on it, the turn).  New reference; NULL if
     * `unit` is not a unit on the map or out of memory.
     * A game on a measured table (aoe-table) answers its own shape:
     * {"unit", "arcs", "bands", "targets": [{"unit", "inches", "in_arc",
     * "sight", "blocked_by", "may_fire", "band"}]}, every enemy on the
     * table with its distance, arc, sight and fire band as the rules
     * decide them (docs/api.md). */
    json_t *(*sight_json)(const void *sc, const void *st, int unit);

    /* ---- a table's questions (optional; NULL: the type has none) ----
     * What a page asks while a person plays on a measured table, so that
     * the rules answer and the page decides nothing (docs/api.md, "A
     * battle on the table").  Each reads st as side `player` (a side, or
     * GR_SPECTATOR) may see it, and may refuse what that side may not
     * know; units are indices into the view's "units", lengths in the
     * type's unit (inches).  Each returns a new reference, or NULL with
     * err set: GR_EINPUT a question that is wrong (a unit not on the
     * table, a point off it: what, and how to ask), GR_EILLEGAL one that
     * does not apply now (not the unit whose move is chosen, not a test),
     * GR_ERUNTIME out of memory.  Nothing in st is changed.
     *
     * measure_json: the ruler from unit `from` to unit `to`, or to the
     * point (x, y) given as text when `to` is -1: {"from", "to", "point",
     * "inches", "line", "sight", "blocked_by"}.
     * reach_json: where unit `unit`, the one whose move is to be chosen,
     * may go: {"unit", "result", "allowance", "moves", "area"}.
     * check_json: a dry run of the action `text` (as parse takes it) for
     * `player`: {"legal": true, "text", "cost"} or {"legal": false,
     * "reason"} (in `lang` where the game has the words); NULL only when
     * out of memory.
     * odds_json: the exact odds of every result of the test `a` (a legal
     * action of st) before its dice: {"test", "modifiers", "total",
     * "results": [{"result", "p", "percent"}]}; GR_EILLEGAL if `a` is no
     * test with dice. */
    json_t *(*measure_json)(const void *sc, const void *st, int player, int from, int to,
                            const char *x, const char *y, gr_error *err);
    json_t *(*reach_json)(const void *sc, const void *st, int player, int unit, gr_error *err);
    json_t *(*check_json)(const void *sc, const void *st, int player, const char *text,
                          gr_lang lang, gr_error *err);
    json_t *(*odds_json)(const void *sc, const void *st, int player, gr_action a, gr_error *err);
} gr_game_type;

#define GR_EVAL_WIN 100000000

/* The most bytes gr_game_load reads of a scenario file (a type may refuse
 * fewer: R&E's RE_SCENARIO_MAX_BYTES). */
#define GR_GAME_SCENARIO_MAX_BYTES (16 * 1024 * 1024)

/* A game: its type and the scenario.  Made by the caller around a
 * scenario it keeps ({type, sc}: `own` NULL, the scenario borrowed), or by
 * gr_game_load/gr_game_load_text, which own it (free with gr_game_free). */
typedef struct gr_game {
    const gr_game_type *type;
    const void *sc;
    void *own; /* the loaded scenario the game frees, or NULL */
} gr_game;

/* ---- the registry of game types (src/match/game_registry.c) ------------ */

/* The registered game type of id `id` ("re"; the battle companion's "aoe",
 * "nf", "rff"); NULL if none has that id (or id is NULL). */
const gr_game_type *gr_game_type_find(const char *id);

/* The registered game types, in a fixed order: *n set to their count. */
const gr_game_type *const *gr_game_types(size_t *n);

/* The ids of the registered types as "\"re\", \"aoe\"" for messages (a
 * buffer of the calling thread, rewritten at each call). */
const char *gr_game_type_ids(void);

/* Load the scenario of `len` bytes of `text` (`name` stands for the file in
 * messages) into *g, which then owns it (gr_game_free; *g is cleared on
 * error).  The type is `type_id` when not NULL; else the file's own top
 * level "game": "ID"; else the registered type that claims the file.
 * Errors: GR_EINPUT "NAME:LINE:COL: what; fix" for a bad file, an unknown
 * type (the message lists the known ones) or a file no type claims;
 * GR_ERUNTIME out of memory. */
gr_status gr_game_load_text(const char *text, size_t len, const char *name, const char *type_id,
                            gr_game *g, gr_error *err);

/* The same from the file at `path` (GR_ERUNTIME if it cannot be read). */
gr_status gr_game_load(const char *path, const char *type_id, gr_game *g, gr_error *err);

/* Free the scenario a gr_game_load made (nothing if the game borrows it);
 * *g is cleared. */
void gr_game_free(gr_game *g);

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
/* dst (state_size bytes) becomes the state src is (type->copy): the same
 * state for every function of the game, not always the same bytes. */
static inline void gr_game_copy(const gr_game *g, void *dst, const void *src)
{
    if (g->type->copy)
        g->type->copy(g->sc, dst, src);
    else
        memcpy(dst, src, g->type->state_size);
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

/* The Game half, as verbs: the scenario's JSON, one action's JSON, and
 * what side `player` (or GR_SPECTATOR) sees of st, built from
 * gr_game_observe only (NULL if `player` is neither a side nor
 * GR_SPECTATOR).  New references, NULL if out of memory or if the type
 * has no such entry (the companion has no action_json: its actions are
 * not listed). */
static inline json_t *gr_game_scenario_json(const gr_game *g)
{
    return g->type->scenario_json ? g->type->scenario_json(g->sc) : NULL;
}
static inline json_t *gr_game_action_json(const gr_game *g, const void *st, gr_action a)
{
    return g->type->action_json ? g->type->action_json(g->sc, st, a) : NULL;
}
json_t *gr_game_view_json(const gr_game *g, const void *st, int player);
/* What unit `unit` sees from where it stands (gr_game_type.sight_json);
 * NULL if the type has none, the unit is not on the map, or out of memory. */
static inline json_t *gr_game_sight_json(const gr_game *g, const void *st, int unit)
{
    return g->type->sight_json ? g->type->sight_json(g->sc, st, unit) : NULL;
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
/* GR_OK if the record act is legal in st, else why: the type's act_check
 * reason and code, or GR_EILLEGAL.  st is not changed. */
gr_status gr_game_act_refusal(const gr_game *g, const void *st, const void *act, gr_error *err);
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
