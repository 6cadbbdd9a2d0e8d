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

#define RE_SCENARIO_VERSION   1
#define RE_SCENARIO_MAX_BYTES (1024 * 1024)

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

/* ---- saved games and replay ----------------------------------------------
 *
 * A game is its scenario, its seed and its actions.  The seed drives the
 * chance nodes: chance outcomes are drawn, in order, from a gr_rng seeded
 * with re_game_chance_seed(seed), with re_random_action, so replaying the
 * players' actions from the seed gives the same dice.  A save file
 * (docs/scenarios.md, "Saved games and replay") lists every step, chance
 * outcomes included, with the state hash after it, so that a replay stops
 * at the first step whose hash differs. */

/* Format 2 (grognard 0.2) stores re_scenario_digest; format 1 stored
 * re_scenario_digest_v1.  re_game_load reads both; re_game_save writes 2. */
#define RE_SAVE_VERSION   2
#define RE_SAVE_MAX_BYTES (64 * 1024 * 1024)

typedef struct re_step {
    re_action action;
    int8_t player; /* 0, 1, or RE_CHANCE */
    uint64_t hash; /* re_hash of the state after the step */
} re_step;

typedef struct re_game {
    char scenario[512];       /* path of the scenario file, as given */
    uint64_t scenario_digest; /* the scenario's digest, as format `version` computes it */
    int version;              /* save format it was read from (0 or RE_SAVE_VERSION: this one) */
    uint64_t seed;
    re_step *steps; /* owned (malloc); free with re_game_free */
    size_t nsteps, cap;
} re_game;

/* The seeds of the chance stream and of a computer player, derived from the
 * game seed (distinct streams, so a replay needs no computer player). */
uint64_t re_game_chance_seed(uint64_t seed);
uint64_t re_game_ai_seed(uint64_t seed, int side);

/* Start an empty record. */
void re_game_init(re_game *g, const char *scenario_path, const re_scenario *sc, uint64_t seed);

/* Append a step; GR_ERUNTIME if out of memory. */
gr_status re_game_push(re_game *g, re_action a, int player, uint64_t hash, gr_error *err);

/* Drop steps after the first n (undo). */
void re_game_truncate(re_game *g, size_t n);

void re_game_free(re_game *g);

/* Write the game as JSON to `path` (descriptions of the actions included,
 * for people).  GR_ERUNTIME if it cannot be written. */
gr_status re_game_save(const re_game *g, const re_scenario *sc, const char *path, gr_error *err);

/* Read a save file, validated ("FILE:LINE:COL: what; fix").  *g is
 * initialised (free it with re_game_free, also on error).  Reads formats 1
 * and RE_SAVE_VERSION; g->version says which. */
gr_status re_game_load(const char *path, re_game *g, gr_error *err);

/* The digest of `sc` as g's save format computes it: compare it with
 * g->scenario_digest to know whether sc is the scenario g was played with. */
uint64_t re_game_scenario_digest(const re_game *g, const re_scenario *sc);

/* Re-run a recorded game from the start: each chance outcome is drawn again
 * from the seed and must equal the recorded one, each player's action must be
 * legal, and the hash after each step must equal the recorded hash.  On the
 * first difference returns GR_EINPUT with a message naming the step (from
 * 1), and sets *bad_step to it; on success *bad_step = 0 and *final (may be
 * NULL) holds the last state. */
gr_status re_game_verify(const re_scenario *sc, const re_game *g, size_t *bad_step, re_state *final,
                         gr_error *err);

#endif
