/* grognard/bt_game.h - the battle companion as a game type (game.h): one
 * type per system, "aoe", "nf" and "rff", in the manner of re_game.c.
 *
 * - The scenario is the battle as its order of battle starts it
 *   (gr_bt_scenario); the state is the battle and, while a test waits for
 *   its dice, the test asked and the dice given so far.
 * - A player's decision is a verb with its units and the facts the table
 *   gives ("fire friant --target bagration_1 --range 4"), taken by the side
 *   whose phase it is (`next` too); an action record of GR_ACTION_MAX bytes
 *   (bt_game.c: the verb by name, unit, target and leader as indices into
 *   the order of battle, the facts as "key=value" words), zero-padded.  A
 *   save writes it as that text and a die as its value (action_record).
 *   Its actions cannot be listed (the facts come from the table):
 *   not_enumerable.
 * - Each die the procedure needs is a chance node, listed with its exact
 *   probabilities (a D6 face 1/6, a D10 face 1/10, a 2D6 total n/36; an
 *   opposed roll is two chance nodes, attacker first); the test is applied
 *   once its last die is in.  Dice typed at the table are chance outcomes
 *   given as recorded (gr_match_act).
 * - Undo takes back a whole test, its dice included (undo_takes_chance).
 * - The state hash is gr_battle_hash between tests.
 * - observe() hides the other side's hidden details as the server's battle
 *   view does: an enemy unit's stands at the start and losses (the stands
 *   left on the table are seen), condition, thresholds, ammunition and the
 *   system's counters; an enemy leader's rating and when
 *   he is back.
 *
 * Layer: battle (beside the engine, both under the match, whose registry of
 * game types, src/match/game_registry.c, names these types). */
#ifndef GROGNARD_BT_GAME_H
#define GROGNARD_BT_GAME_H

#include "grognard/battle.h"
#include "grognard/game.h"

/* A companion game's scenario: the digest (the start's gr_battle_hash; what
 * gr_game_scenario_digest covers), the battle as it starts and its id (the
 * order of battle's file name stem, "maida"; "" for a scenario made by
 * gr_bt_scenario_init).
 *
 * `load` (gr_game_load_text(..., "nf", ...), or no type: the file's
 * "system" claims it) reads an order of battle (oob.h, docs/oob.md) with
 * the same FILE:LINE:COL messages as gr_oob_parse.  The start does not
 * depend on a seed: setup and gr_battle_begin never read b->seed, which
 * only gr_battle_do's undiced tests draw from; a game of these types gets
 * its dice as chance nodes, so start.seed is 0. */
typedef struct gr_bt_scenario {
    uint64_t digest;
    gr_battle start;
    char id[64];
} gr_bt_scenario;

extern const gr_game_type gr_bt_game_aoe, gr_bt_game_nf, gr_bt_game_rff;

/* The companion's type of system `id` ("aoe", "nf", "rff"), or NULL. */
const gr_game_type *gr_bt_game_type(const char *id);

/* Make *sc (large: allocate it) the scenario of a battle that starts as
 * `start` (as the order-of-battle reader leaves it: set up and begun). */
void gr_bt_scenario_init(gr_bt_scenario *sc, const gr_battle *start);

/* ---- the battle as the companion shows it (bt_view.c) ---- */

/* gr_bt_status_json's viewer who sees everything (the table's own record,
 * grognard battle status). */
#define GR_BT_VIEW_ALL (-4)

/* The state of b as `viewer` sees it: system, title, turn, turns, over,
 * phase, phase_title, active_side, first, sides, units[], leaders[], sys,
 * actions (docs/battle.md, docs/api.md).  viewer GR_BT_VIEW_ALL: all of
 * it, and the state's hash (`grognard battle status --json`); a side (0,
 * 1): the other side's units without stands, lost, condition, worn_at,
 * spent_at, ammo and sys, its leaders without rating and back_turn;
 * GR_SPECTATOR: both sides' so.  New reference, NULL if out of memory. */
json_t *gr_bt_status_json(const gr_battle *b, int viewer);

/* The sequence of play of rules r, as the views give it ("sequence"):
 * [{id, title (as the sheet prints it), title_en, title_fr, player
 * ("first", "second", "both"), source}], one per phase in order.  New
 * reference, NULL if out of memory. */
json_t *gr_bt_sequence_json(const gr_battle_rules *r);

/* The words of rules r that are the same in every battle of its system,
 * as the page reads them (docs/api.md, GET /api/battles/ID/rules):
 * {system, sheet_lang (the sheets' language, "fr" or "en"), sequence
 * (gr_bt_sequence_json), verb_labels (every verb by name, {"en", "fr"}:
 * gr_battle_verb_label), fact_labels, value_labels (below)}.  The game
 * types' view gives them too, after the state.  New reference, NULL if
 * out of memory.  Nothing of a battle's state is in it. */
json_t *gr_bt_rules_json(const gr_battle_rules *r);

/* Every table fact's label (gr_bt_fact_label) as JSON: {"range": {"en":
 * ..., "fr": ...}, ...}: the battle view's "fact_labels".  New reference. */
json_t *gr_bt_fact_labels_json(void);

/* Every value's label (gr_bt_value_label) as JSON, by value: the battle
 * view's "value_labels".  New reference. */
json_t *gr_bt_value_labels_json(void);

/* b's gr_battle_hash as JSON: 16 hexadecimal digits ("0a3f..."), as the
 * status, an outcome and the server give it.  New reference. */
json_t *gr_bt_hash_json(const gr_battle *b);

/* The game types' view_json (game.h), from observe() only: what
 * gr_bt_status_json gives the observing side (or GR_SPECTATOR) of the
 * observed battle, "side" (the viewer's, null for a spectator),
 * "phase_player" ("first", "second", "both"), then the system's words of
 * gr_bt_rules_json (sheet_lang, sequence, verb_labels, fact_labels,
 * value_labels).  The server leaves those out of its battle view but on
 * ?full=1 and adds the rest (docs/api.md). */

/* The verbs side `side` (0, 1) may ask for in b now (gr_battle_verb_open;
 * `next` first): {phase, phase_title, you_act, you_next, verbs: [{name,
 * help, needs_target, needs_unit, needs_leader, procedure, inputs,
 * you_decide}]}, each verb's inputs (the --NAME of its help line but
 * --target, --leader and --roll) with the procedure's kind, choices,
 * bounds and help when it has an input of that name (docs/api.md).  New
 * reference. */
json_t *gr_bt_verbs_json(const gr_battle *b, int side);

/* A call given as JSON (docs/api.md, POST /api/battles/ID/actions): {verb,
 * unit, target, leader (ids), inputs {NAME: value}, roll [the dice typed
 * at the table]} into *a (its call, and its dice in rolls).  GR_EINPUT
 * saying what is wrong: an unknown key, verb, unit or leader, a value of
 * the wrong kind, too many facts or dice. */
gr_status gr_bt_call_json(const gr_battle *b, const json_t *j, gr_bt_action *a, gr_error *err);

/* The battle of a companion game's state (a state of one of these types). */
const gr_battle *gr_bt_game_battle(const void *st);

/* A player's action record `act` of battle b as a gr_bt_action (its call;
 * no dice): GR_EINPUT if the record names no verb, unit or leader of b. */
gr_status gr_bt_game_call(const gr_battle *b, const void *act, gr_bt_action *out, gr_error *err);

/* The record of call c of battle b (GR_ACTION_MAX bytes at act):
 * GR_EINPUT if its verb is not b's or its facts do not fit a record. */
gr_status gr_bt_game_record(const gr_battle *b, const gr_bt_call *c, void *act, gr_error *err);

/* The call of the words w[0..n) as the battle commands take them: "VERB
 * [UNIT] [--target UNIT] [--leader LEADER] [--KEY VALUE | --FLAG]..." (a
 * flag's value "true"; the verb is not checked here).  GR_EINPUT saying
 * which word is wrong: a unit or leader b does not have ("--target 'x' is
 * not a unit of this battle; its units: ..."), a fact given twice, too
 * many or too long, not UTF-8, or --roll (dice are not part of an
 * action). */
gr_status gr_bt_call_parse(const gr_battle *b, char *const *w, int n, gr_bt_call *c, gr_error *err);
/* While a test of state st waits for a die: 1, with the roll's kind, its
 * name and the values one part of it takes (lo..hi; a 2D6 roll: its
 * total); else 0. */
int gr_bt_game_need(const void *st, gr_roll_kind *kind, const char **name, int *lo, int *hi);

#endif
