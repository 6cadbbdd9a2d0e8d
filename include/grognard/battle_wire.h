/* grognard/battle_wire.h - a battle as the companion shows it: the JSON of
 * its state and of one action's outcome, the outcome as text, and the
 * after-action report (text, JSON, self-contained HTML).  The command line
 * (grognard battle) and the server (/api/battles) print the same objects;
 * docs/battle.md gives their keys.
 *
 * Layer: io (core <- board <- rules <- battle <- io). */
#ifndef GROGNARD_BATTLE_WIRE_H
#define GROGNARD_BATTLE_WIRE_H

#include <stdio.h>

#include <jansson.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/error.h"

/* Names for the text and JSON outputs. */
const char *gr_bt_condition_name(int c);     /* "fresh", "worn", "spent" */
const char *gr_bt_leader_status_name(int s); /* "active", "out_of_action", ... */
const char *gr_bt_guns_name(int g);          /* "", "suppressed", "silenced", ... */
const char *gr_bt_ammo_name(int a);          /* "", "low", "out" */

/* The whole state of b as `grognard battle status --json` prints it: system,
 * title, turn, turns, over, phase, phase_title, active_side, first, sides,
 * units[], leaders[], sys, actions, hash.  New reference, NULL if out of
 * memory. */
json_t *gr_bt_wire_status(const gr_battle *b);

/* One action's outcome as `grognard battle VERB --json` prints it: action,
 * verb, text, rolls, resolution (gr_wire_resolution, or null), instructions,
 * turn, phase, active_side, hash.  `before` is the state the action was done
 * on, `after` the state it left.  New reference. */
json_t *gr_bt_wire_outcome(const gr_battle *before, const gr_battle *after, const gr_bt_action *a,
                           const gr_bt_outcome *o);

/* The resolution and instructions of one action, as text: the modifiers
 * with their reasons and sources, each step's odds before its result, the
 * dice, the result, then the instructions for the table. */
void gr_bt_print_outcome(FILE *f, const gr_battle *before, const gr_bt_action *a,
                         const gr_bt_outcome *o);

/* The after-action report of battle file f (`name` for messages), replayed:
 * into `text` (may be NULL) as text, into `html` (may be NULL) as one
 * self-contained HTML page, into *json (json may be NULL) as an object
 * {system, title, actions[], lost_by_turn[], leaders[]}.  total (may be
 * NULL) receives the stands lost by each side, *nactions (may be NULL) the
 * number of actions.  GR_EINPUT naming the action when the replay fails. */
gr_status gr_bt_report(const gr_battle_file *f, const char *name, FILE *text, FILE *html,
                       json_t **json, int total[2], int *nactions, gr_error *err);

#endif
