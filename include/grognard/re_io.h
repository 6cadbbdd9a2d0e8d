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

#include "grognard/error.h"
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

/* Terrain codes of the "terrain" rows of a scenario map, one character per
 * hex (docs/scenarios.md has the legend): returns the re_terrain of code c,
 * or -1 if c is not a terrain code. */
int re_terrain_from_code(char c);

/* The code character of terrain t (RE_CLEAR .. RE_LAKE), '?' otherwise. */
char re_terrain_code(int t);

/* The French name of terrain t as the rule sheet prints it ("Forêts/bois"). */
const char *re_terrain_name(int t);

/* Load the scenario file at `path` into *sc (fully overwritten), validating
 * it.  Errors: GR_EINPUT with "path:LINE:COL: ..." for a bad file (syntax,
 * schema, rules: unknown terrain, unit off the map, two units in one hex...);
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

/* Read a whole file into a malloc'ed NUL-terminated buffer (caller frees);
 * refuses files larger than `max` bytes. */
gr_status re_io_read_file(const char *path, size_t max, char **text, size_t *len, gr_error *err);

#endif
