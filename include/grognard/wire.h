/* grognard/wire.h - the JSON objects of the library: lookups, odds,
 * resolutions and the list of systems, as `grognard ... --json` prints them
 * and as the HTTP server answers (../shared/contract/LOOKUP.md, API.md).
 *
 * One builder per thing the library computes, each named gr_wire_THING and
 * taking the library's own structs (no CLI options): the CLI and the server
 * parse their inputs, run the library, and hand its results to these.  The
 * keys and their order are the wire format; tests/cli and tests/io/
 * test_wire.c hold it.  Printing is the caller's: gr_wire_dumps gives the
 * text the CLI prints (two-space indent, keys in order, 15 significant
 * digits for the probabilities).
 *
 * Ownership: every function returning json_t * returns a NEW reference that
 * the caller owns and releases with json_decref (or hands on with
 * json_object_set_new / json_array_append_new).  NULL means out of memory;
 * no function returns a partly built object.  Arguments are only read: the
 * builders copy every string they keep, so the result outlives them.  A
 * string member that is NULL in the library is left out of its object; one
 * that is not valid UTF-8 (a file name typed in) fails the whole object
 * (NULL): nothing is dropped silently.  The CLI refuses such a name with
 * --json before it gets here.
 *
 * Games: the events of a step (gr_wire_event); the rest of a game's JSON
 * is its type's (game.h's Game half). */
#ifndef GROGNARD_WIRE_H
#define GROGNARD_WIRE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "grognard/event.h"
#include "grognard/sim.h"
#include "grognard/game.h"
#include "grognard/resolve.h"
#include "grognard/table.h"

/* The json_dumps flags of gr_wire_dumps. */
#define GR_WIRE_DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* The text of `j` as grognard prints it (GR_WIRE_DUMP_FLAGS, no final
 * newline).  Returns a new string the caller frees with free(), or NULL if
 * out of memory.  `j` is only read. */
char *gr_wire_dumps(const json_t *j);

/* ---- pieces -------------------------------------------------------------- */

/* Milli-units as a JSON number: an integer when whole (2000 -> 2), else a
 * real (2500 -> 2.5).  New reference (caller owns), NULL if out of memory. */
json_t *gr_wire_milli(int64_t v);

/* Table t's results as its sheet prints them: {"id": "label", ...} (the
 * page names each result of an odds map by it). */
json_t *gr_wire_outcome_labels(const gr_table *t);

/* ---- what the commands print --------------------------------------------- */

/* One cell read by `grognard lookup`: {"system", "table", "inputs",
 * "result", the cell's fields (e.g. "power"), "label", "effect", "effects"
 * (when the table carries them: gr_wire_effects), "cell",
 * "note" (if any), "source"}.  `c` is what t->lookup read from `a`.  New
 * reference (caller owns), NULL if out of memory. */
json_t *gr_wire_lookup(const gr_system *s, const gr_table *t, const gr_args *a, const gr_cell *c);

/* The odds given by `grognard odds`: {"system", "table", "inputs",
 * "modifier", "dice", "odds": {"id": p}, "fractions": {"id": "w/den"}}.
 * `o` is what gr_table_odds(t, a, modifier, o) gave.  New reference (caller
 * owns), NULL if out of memory. */
json_t *gr_wire_odds(const gr_system *s, const gr_table *t, const gr_args *a, int modifier,
                     const gr_odds *o);

/* A resolution by `grognard resolve`: {"system", "procedure", "inputs",
 * "seed" (only if `seed` is not NULL), then from the first step "result",
 * "label", "effect", "score", "modifier"; "values", "modifiers", "rolls",
 * "steps", "odds" (the first step's, if it has a die), "notes"}.  `r` is
 * what p->resolve(a, ...) gave; `seed` points to the seed its dice were
 * drawn from, or is NULL when every face was typed in.  New reference
 * (caller owns), NULL if out of memory. */
json_t *gr_wire_resolution(const gr_system *s, const gr_procedure *p, const gr_args *a,
                           const gr_resolution *r, const uint64_t *seed);

/* `grognard systems --json`: the array of gr_wire_system of every
 * registered system (gr_systems), or of `only` alone when it is not NULL.
 * New reference (caller owns), NULL if out of memory. */
json_t *gr_wire_systems(const gr_system *only);

/* ---- games --------------------------------------------------------------- */

/* One event: {"kind": the game's name for it, "text": in `lang`, "source":
 * the rule paragraph (left out if none), "units": [ids], "hexes": [[col,
 * row]], "faces": [dice], "values": [numbers]} (the unused fields left
 * out; ids and values mean what the game's kind says).  New reference,
 * NULL if out of memory. */
json_t *gr_wire_event(const gr_game *g, const gr_event *ev, gr_lang lang);

/* A scenario, an action and a side's view are each game's own JSON:
 * gr_game_scenario_json, gr_game_action_json, gr_game_view_json (game.h). */

/* A simulation's report: gr_wire_sim in grognard/sim_io.h. */

/* Print the odds of each outcome of t shown for inputs a (gr_table_outcome_shown)
 * as `grognard odds` prints them, one line each after `indent`: the
 * outcome's id, its probability as a reduced fraction and a percentage, its
 * label.  Text, not JSON: the one place the command line and the battle
 * companion print odds from. */
void gr_print_odds(FILE *f, const gr_table *t, const gr_args *a, const gr_odds *o,
                   const char *indent);

/* Print resolution r's values ("  power: 13", one a line) and its
 * modifiers ("  modifiers:", then one a line: "    +1  reason [source]",
 * with " (attacker)" / " (defender)" when any is the defender's and " (not
 * applied)"): the one place `grognard resolve` and the battle companion
 * print them from. */
void gr_print_values_mods(FILE *f, const gr_resolution *r);

/* The room gr_text_flags needs for a note, a reason or a help line: a
 * flag takes the room of its marked name ({stands} and --stands are as
 * long), and the longest note is under 1 KB (resolve.h). */
#define GR_TEXT_FLAGS 2048

/* s (a note, a modifier's reason, an input's help, a message: NULL reads
 * "") as the command line says it, every input named {NAME} (error.h)
 * written as its flag --NAME, into buf (cap bytes); returns buf.  The text
 * printers here (gr_print_values_mods, gr_bt_print_outcome) print the
 * command line's words, and the CLI renders its messages with it. */
const char *gr_text_flags(const char *s, char *buf, size_t cap);

/* Write s as HTML text: & < > " escaped (the after-action report's and the
 * balance report's pages). */
void gr_html_text(FILE *f, const char *s);

#endif
