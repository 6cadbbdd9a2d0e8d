/* grognard/match.h - a game in progress, for everything that plays one: the
 * terminal, replays, playout tests, the simulator, the server.
 *
 * A match owns the state of a gr_game, the chance stream and one stream per
 * player (for a computer player's choices), all derived from the game seed,
 * and the record of every step (the action, who took it, the state hash
 * after it).  A game is its scenario, its seed and its actions: replaying
 * the players' actions from the seed gives the same dice, bit for bit.
 *
 * - Chance steps are drawn from the chance stream (gr_match_step_chance), or
 *   given as recorded (gr_match_apply / gr_match_act with a chance outcome:
 *   dice rolled at the table); the record says which (gr_record_step.given)
 *   and a replay draws only the drawn ones.
 * - Actions are the type's records of action_size bytes (gr_match_act); a
 *   type of gr_action may be played with gr_match_apply.
 * - Undo takes back a player's decisions, never a die rolled or a chit
 *   drawn: a take-back stops at the last chance step (seed order of the
 *   streams restored, so nothing is re-rolled); nor another person's
 *   decision (only a computer's reply is taken back with one's own).  A
 *   type that declares undo_takes_chance (the battle companion) has a
 *   decision taken back with the chance steps after it (a whole test, its
 *   dice included): the chance stream is restored, so the repeated test
 *   rolls the same dice.
 * - Every event of every step goes to the event sink, if one is set, with
 *   the step it belongs to and whether that step is a hidden choice.
 *
 * Saving and loading the record are in the io layer (grognard/save.h). */
#ifndef GROGNARD_MATCH_H
#define GROGNARD_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/event.h"
#include "grognard/game.h"
#include "grognard/rng.h"

#define GR_MATCH_MAX_PLAYERS 4
/* The longest name of who took a step, its NUL included (gr_record_step.by):
 * "human" or a computer player's name as gr_ai_kind_name writes it. */
#define GR_RECORD_BY_MAX 24

/* One step of the record.  The action is the type's record of action_size
 * bytes (a type of gr_action: the gr_action's bytes, read as `action`),
 * the rest of rec zero. */
typedef struct gr_record_step {
    union {
        gr_action action;                 /* a type of gr_action, or a chance outcome */
        unsigned char rec[GR_ACTION_MAX]; /* the action record, zero-padded */
    };
    int player;    /* a side, or GR_CHANCE */
    uint64_t hash; /* gr_game_hash of the state after the step */
    int given;     /* a chance step: 1 given as recorded (dice typed at the table), 0 drawn
                      from the chance stream; 0 for a player's step */
    char by[GR_RECORD_BY_MAX]; /* who took a player's step: "human", or the computer
                                  player's name ("commander:400"); "" not said (a chance
                                  step, a record made before issue 31) */
} gr_record_step;

/* What the sink is told with each event. */
typedef struct gr_match_event {
    size_t step;              /* the step that produced it, from 1 */
    int player;               /* who took that step: a side or GR_CHANCE */
    gr_action action;         /* the step's action (a type of gr_action; a chance outcome) */
    int hidden;               /* 1: the step is `player`'s hidden choice (show its
                                 events to that side only) */
    const unsigned char *rec; /* the step's action record (GR_ACTION_MAX bytes) */
    const gr_event *ev;
} gr_match_event;

typedef void (*gr_match_sink)(void *ctx, const gr_match_event *e);

typedef struct gr_match gr_match;

/* Start a match of game g (borrowed: g->sc must outlive the match) from its
 * initial state.  GR_EINPUT if the game refuses its scenario, GR_ERUNTIME
 * out of memory.  *out is NULL on failure; free with gr_match_free. */
gr_status gr_match_new(const gr_game *g, uint64_t seed, gr_match **out, gr_error *err);
void gr_match_free(gr_match *m);

const gr_game *gr_match_game(const gr_match *m);
uint64_t gr_match_seed(const gr_match *m);
/* The current state (state_size bytes; do not change it). */
const void *gr_match_state(const gr_match *m);
int gr_match_current_player(const gr_match *m);
int gr_match_is_over(const gr_match *m);

/* The record so far. */
size_t gr_match_steps(const gr_match *m);
const gr_record_step *gr_match_step(const gr_match *m, size_t i); /* i from 0 */

/* The legal actions of the player to move, in the game's order, into an
 * array the match owns (valid until the next step or undo); returns the
 * count. */
int gr_match_legal(gr_match *m, const gr_action **acts);

/* Player p's stream, for a computer player's choices: the caller draws from
 * it (undo restores it). */
gr_rng *gr_match_player_rng(gr_match *m, int p);

/* Set (or clear, with NULL) the event sink. */
void gr_match_set_sink(gr_match *m, gr_match_sink sink, void *ctx);

/* Apply an action of the player to move, or a chance outcome at a chance
 * node, checked: GR_EILLEGAL with a reason if it is not legal, the match
 * unchanged.  Recorded; its events go to the sink. */
gr_status gr_match_apply(gr_match *m, gr_action a, gr_error *err);

/* The same for an action record (action_size bytes at act): a player's
 * action, or at a chance node a chance outcome given as recorded. */
gr_status gr_match_act(gr_match *m, const void *act, gr_error *err);

/* At a chance node: draw the outcome from the chance stream and apply it.
 * GR_EILLEGAL if the state is not a chance node. */
gr_status gr_match_step_chance(gr_match *m, gr_error *err);

/* Say whether player p is a computer (on) or a person (0, the default):
 * undo takes back a computer's decisions, never a person's
 * (gr_match_undo). */
void gr_match_set_computer(gr_match *m, int p, int on);

/* Say who plays side p from now on, as its steps record it (by): "human"
 * or a computer player's name, cut to GR_RECORD_BY_MAX - 1 bytes; NULL or
 * "" (the default): not said.  A seat handed to the computer and taken
 * back calls it each time, so the record says who took each decision. */
void gr_match_set_by(gr_match *m, int p, const char *by);

/* Take back player p's last decision and every step after it.  Refused
 * (GR_EILLEGAL, the match unchanged) if a chance step came after it or p has
 * made no decision since the last chance step (a die rolled or a chit drawn
 * is never taken back; a type with undo_takes_chance: the chance steps
 * after it go with it, and its state is rebuilt by replaying the record
 * before it), or if a player who is not a computer
 * (gr_match_set_computer) has decided after it: undo takes back a
 * computer's reply, never another person's decision. */
gr_status gr_match_undo(gr_match *m, int p, gr_error *err);

/* Re-run one recorded step `s` (numbered n, from 1, in messages), checked
 * as gr_match_replay does: a chance outcome drawn is drawn again from the
 * chance stream and must equal the recorded one (one given is applied as
 * recorded), a player's action must be legal, and the
 * hash after it must equal the recorded hash.  GR_EINPUT naming step n on
 * the first difference (the chance stream is not advanced by a refused
 * draw); its events go to the sink as for any step.  For printing a game as
 * it is checked. */
gr_status gr_match_replay_step(gr_match *m, const gr_record_step *s, size_t n, gr_error *err);

/* Re-run a recorded game: each chance outcome is drawn again from the seed
 * and must equal the recorded one, each player's action must be legal, and
 * the hash after each step must equal the recorded hash.  On the first
 * difference returns GR_EINPUT naming the step (from 1) and sets *bad_step
 * to it (0 on success).  The steps applied so far stay in the match, which
 * starts from its initial state (a new match). */
gr_status gr_match_replay(gr_match *m, const gr_record_step *steps, size_t n, size_t *bad_step,
                          gr_error *err);

#endif
