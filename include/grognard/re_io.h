/* grognard/re_io.h - Révolution et Empire files: scenarios (versioned JSON,
 * see docs/scenarios.md), saved games and their replay.
 *
 * Every loader validates what it reads and refuses a bad file with ONE
 * message of the form "FILE:LINE:COL: what is wrong; how to fix it"
 * (code GR_EINPUT), the position being that of the offending value.  No
 * input, however malformed, makes a loader crash or read out of bounds. */
#ifndef GROGNARD_RE_IO_H
#define GROGNARD_RE_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "grognard/error.h"
#include "grognard/json_reader.h"
#include "grognard/re.h"
#include "grognard/re_scenario.h"
#include "grognard/rng.h"

/* Scenario formats read: 1 (grognard 0.1) and 2 (reinforcements, chits by
 * turn, scenario rules; docs/scenarios.md). */
#define RE_SCENARIO_VERSION     2
#define RE_SCENARIO_VERSION_MIN 1
#define RE_SCENARIO_MAX_BYTES   (1024 * 1024)
/* The most JSON values a scenario may hold: a full 32 x 24 map with every
 * hex in every list and every hexside a stream, 64 units, and long notes
 * fit (Austerlitz holds 1,126); the reader's memory stays under 15 MB. */
#define RE_SCENARIO_MAX_NODES 131072

/* The code character of terrain t (RE_CLEAR .. RE_LAKE), '?' otherwise. */
char re_terrain_code(int t);

/* The French name of terrain t as the rule sheet prints it ("Forêts/bois"). */
const char *re_terrain_name(int t);

/* Load the scenario file at `path` into *sc (fully overwritten, its
 * tables made: re_scenario_make_tables), validating it.  Errors:
 * GR_EINPUT with "path:LINE:COL: ..." for a bad file (syntax, schema,
 * rules: unknown terrain, unit off the map, two units in one hex...);
 * GR_ERUNTIME if the file cannot be read. */
gr_status re_scenario_load(const char *path, re_scenario *sc, gr_error *err);

/* The same from `len` bytes of `text` in memory; `name` stands for the file
 * name in messages. */
gr_status re_scenario_parse(const char *text, size_t len, const char *name, re_scenario *sc,
                            gr_error *err);

/* Warnings about a scenario that loads: what a designer most likely did
 * not mean (an objective no enemy unit can ever reach over the terrain, a
 * reinforcement's entry hex its terrain closes to some of its units or a
 * unit starts on, fewer entry hexes than units, a reinforcement that may
 * never come, more chits on turn 1 than the corps then on the map hold).
 * Calls fn(ctx, message) for each (fn may be NULL); returns how many. */
int re_scenario_warnings(const re_scenario *sc, void (*fn)(void *ctx, const char *msg), void *ctx);

/* A 64-bit FNV-1a digest of a loaded scenario (gr_fnv1a64 over all of the
 * struct), stored in saved games so that a replay notices the scenario file
 * has changed. */
uint64_t re_scenario_digest(const re_scenario *sc);

/* The digest that save format 1 stored: the same bytes, but its private
 * FNV-1a loop started from a mistyped offset basis (1469598103934665603, the
 * standard 14695981039346656037 with its last digit dropped).  Kept only to
 * check version-1 saves against their scenario. */
uint64_t re_scenario_digest_v1(const re_scenario *sc);

/* ---- R&E's JSON (src/engine/re_wire.c), reached through re_game_type's
 * Game half (game.h); the keys are the wire format (docs/api.md). -------- */

/* The scenario as a page draws it: {"game": "re", "title", "turns",
 * "victory", "victory_text", "cols", "rows", "hexes": [{"col", "row",
 * "terrain", "code", "hill", "road", "bridge", "ford", "fieldworks",
 * "streams": [directions]}] row by row, "objectives": [{"hex", "side",
 * "points"}], "sides": [{"id", "name", "commander", "chits_per_turn",
 * "demoralised_at", "retreat", "colour"}], "corps": [{"id", "name",
 * "commander", "side", "chits", "colour"}], "units": [{"id", "name", "side",
 * "corps", "type", "col", "row", "figures", "skirmisher"}] at their starting
 * places}.  New reference, NULL if out of memory. */
json_t *re_scenario_json(const re_scenario *sc);

/* One action of st: {"text": re_action_describe's, "kind" and, when they
 * apply, "corps", "face", "unit", "from" [col, row] (the unit's hex in st),
 * "to", "target", "target_hex", "push", "push_to", "dice"}.  New reference,
 * NULL if out of memory. */
json_t *re_action_json(const re_scenario *sc, const re_state *st, gr_action a);

/* What unit u sees of every hex of the map (re_sight): {"unit", "from":
 * [col, row], "hexes": [{"hex": [col, row], "range", "sees", "dice", and
 * "fog": true beyond the turn's sight, "target": the enemy unit there}]},
 * in map order.  NULL if u is not a unit on the map, or out of memory. */
json_t *re_sight_json(const re_scenario *sc, const re_state *st, int u);

/* What the observation `ob` shows: {"game": "re", "viewer" (null for a
 * spectator), "turn", "turns", "stage", "to_move", "corps_active", "units":
 * [{"id", "name", "side", "corps", "type", "col", "row", "figures",
 * "skirmisher", "waiting" (a reinforcement still to enter)}], "bowl":
 * {"own": {corps name: chits}, "hidden": chits of the other side}, "drawn":
 * {corps name: chits drawn this turn}, "demoralisation": [side 0, side 1],
 * "winner": side, "draw" or null}.  New reference, NULL if out of memory. */
json_t *re_view_json(const re_scenario *sc, const re_obs *ob);

/* The briefing as text (grognard scenario info; the start of grognard
 * play): title, description, sides with their corps, units and chits a
 * turn (by turn), victory, demoralisation, objectives, reinforcements,
 * sources.  `doc` is the scenario file's JSON, for the texts and names the
 * engine does not keep (description, sources, notes, objective names); it
 * may be NULL (then without them).  src/engine/re_briefing.c */
void re_briefing(FILE *f, const re_scenario *sc, const json_t *doc);

/* The same as one JSON object (grognard scenario info --json).  New
 * reference, NULL if out of memory. */
json_t *re_briefing_json(const re_scenario *sc, const json_t *doc);

/* One line: "TITLE, format F, CxR hexes, T turns, U units in C corps, N
 * reinforcements" (grognard scenario check); snprintf's return. */
int re_scenario_summary(const re_scenario *sc, char *buf, size_t cap);

/* An action (`act`: its gr_action's bytes) as a save records it: [kind,
 * unit, target, col, row, col2, row2] (every save format since grognard
 * 0.1); game.h's action_record (sc unused).  New reference, NULL if out of
 * memory. */
json_t *re_action_record(const void *sc, const void *act);

/* The action recorded as `v` (file `name`) into act (a gr_action's
 * bytes); game.h's action_unrecord (sc unused): GR_EINPUT
 * "NAME:LINE:COL: ..." if it is not seven whole numbers in their ranges. */
gr_status re_action_unrecord(const void *sc, const gr_jr_node *v, const char *name, void *act,
                             gr_error *err);

#endif
