/* grognard/battle_wire.h - a battle as the companion shows it: the JSON of
 * its state and of one action's outcome, the outcome as text, and the
 * after-action report (text, JSON, self-contained HTML); the state's JSON
 * is the battle layer's (bt_game.h: gr_bt_status_json), the names too (battle.h).  The command line
 * (grognard battle) and the server (/api/battles) print the same objects;
 * docs/battle.md gives their keys.
 *
 * Layer: io (core <- board <- rules <- battle <- io). */
#ifndef GROGNARD_BATTLE_WIRE_H
#define GROGNARD_BATTLE_WIRE_H

#include <stdio.h>

#include <jansson.h>

#include "grognard/battle.h"
#include "grognard/bt_game.h" /* the names, the status JSON */
#include "grognard/error.h"
#include "grognard/match.h"

/* One action's outcome as `grognard battle VERB --json` prints it: action,
 * verb, text, rolls, resolution (gr_wire_resolution, or null), instructions,
 * turn, phase, active_side, hash.  `before` is the state the action was done
 * on, `after` the state it left.  New reference. */
json_t *gr_bt_wire_outcome(const gr_battle *before, const gr_battle *after, const gr_bt_action *a,
                           const gr_bt_outcome *o);

/* The odds of test a's first step in b before its roll (docs/api.md, POST
 * /api/battles/ID/odds): {verb, steps: [{what, table, modifier, odds}],
 * modifiers}, never its result (a later step exists or not by that
 * result): the test done on a copy, its dice not typed drawn from b->seed.
 * New reference; NULL with the rules' refusal (GR_EILLEGAL not now,
 * GR_EINPUT a wrong fact) or GR_ERUNTIME. */
json_t *gr_bt_wire_odds(const gr_battle *b, const gr_bt_action *a, gr_error *err);

/* The resolution and instructions of one action, as text: the modifiers
 * with their reasons and sources, each step's odds before its result, the
 * dice, the result, then the instructions for the table. */
void gr_bt_print_outcome(FILE *f, const gr_battle *before, const gr_bt_action *a,
                         const gr_bt_outcome *o);

/* Resolve again, on b (the state before it), the test whose decision is
 * steps[i] of a companion match's record, with the dice of the chance
 * steps after it (n steps in all): *a its call and dice, *out what it did,
 * each roll marked typed as its step was given, b the state after it, and
 * *end the step after its last die (0: the test still waits for a die).
 * The rules' error if the record no longer resolves. */
gr_status gr_bt_resolve_test(gr_battle *b, const gr_record_step *steps, size_t n, size_t i,
                             size_t *end, gr_bt_action *a, gr_bt_outcome *out, gr_error *err);

/* The last test of the companion's match m: its decision's call and the
 * dice of the chance steps after it into *a, the decision's step index
 * into *at.  Returns the side that made it (its unit's, else its
 * leader's, else the player whose step it was), -1 when m has none. */
int gr_bt_last_test(const gr_match *m, gr_bt_action *a, size_t *at);

/* The after-action report of the companion's match m (its game's scenario
 * the order of battle; `name` for messages), each test resolved again
 * from the start: into `text` (may be NULL) as text, into `html` (may be
 * NULL) as one self-contained HTML page, into *json (json may be NULL) as
 * an object {system, title, sides[2] (their names), actions[] (each one's
 * action, turn, phase, text, outcome as gr_bt_wire_outcome gives it, lost
 * by each side), lost_by_turn[], leaders[]}.  total (may be NULL) receives
 * the stands lost by each side, *nactions (may be NULL) the number of
 * actions.  GR_EINPUT naming the test when one resolves otherwise than
 * recorded. */
gr_status gr_bt_report(const gr_match *m, const char *name, FILE *text, FILE *html, json_t **json,
                       int total[2], int *nactions, gr_error *err);

#endif
