/* grognard/save.h - saved games: a match's record written to a file and
 * read back (docs/scenarios.md, "Saved games and replay").
 *
 * A save file holds the game id, the scenario (path, id, digest, and since
 * version 3 the scenario file's own text, embedded as it was read, so that a
 * save mailed alone resumes and replays anywhere), the seed and every step
 * (player, action, the text a person reads, the state hash after it, and
 * "given": true for a chance step whose outcome was given as recorded, typed
 * at the table, rather than drawn from the seed: a replay applies it as it
 * is), so that a replay stops at the first step that differs.  A game whose
 * actions are records (the battle companion's aoe, nf, rff) writes each
 * action as its action_size bytes in hexadecimal, and has no scenario_id.
 *
 * Format "grognard-save" version 3 is written; version 2 (no embedded
 * scenario) is still read.  Format "grognard-re-save" version 1 (grognard
 * 0.1, R&E only) is still read: its scenario digest was computed with a
 * mistyped FNV offset basis, and is checked the same way.
 * Every reading error is one message "FILE:LINE:COL: what; fix" (GR_EINPUT). */
#ifndef GROGNARD_SAVE_H
#define GROGNARD_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/match.h"

#define GR_SAVE_VERSION   3
#define GR_SAVE_MAX_BYTES (64 * 1024 * 1024)
/* The most steps a save holds: a game of Austerlitz takes about 300; a save
 * of this many steps, as grognard writes it, is under 64 MB.  A longer game
 * is not written (gr_save_write refuses it). */
#define GR_SAVE_MAX_STEPS 100000
/* The most JSON values a save may hold: 13 a step, and room for the rest.
 * The reader's memory is bounded by this (about 110 bytes a value), not by
 * the file's size: a 64 MB save is refused at the first value too many. */
#define GR_SAVE_MAX_NODES (13 * GR_SAVE_MAX_STEPS + 4096)

typedef struct gr_saved {
    int recognised; /* the file names a save format (set even when reading
                       fails later: its errors are a save's) */
    int version;    /* 1, 2 or 3: the format the file was written in */
    char game[16];  /* "re" */
    char *scenario; /* path of the scenario file, as given when playing (owned,
                       malloc, any length) */
    uint64_t scenario_digest;
    char *scenario_text; /* version 3: the scenario file's text as it was read
                            (owned, malloc, NUL-terminated), or NULL */
    size_t scenario_len; /* its length in bytes */
    uint64_t seed;
    gr_record_step *steps; /* owned (malloc); free with gr_saved_free; their
                              actions are read by gr_saved_actions */
    size_t nsteps;
    /* the steps' actions as the file writes them, for gr_saved_actions
     * (owned: the parsed file and one value of it per step) */
    struct gr_jr_doc *doc;
    const struct gr_jr_node **acts;
    char *name;    /* the file's name in messages */
    int acts_read; /* 1 once gr_saved_actions read them */
} gr_saved;

/* Write the match's record to `path` atomically (a temporary file in the
 * same folder, flushed to disk, then renamed over `path`): a crash leaves
 * the old file or the new one, never half of one.  `scenario_path` is
 * recorded as given.  GR_EINPUT if gr_save_check_path refuses the paths, GR_ERUNTIME with the
 * reason if it cannot be written. */
gr_status gr_save_write(const gr_match *m, const char *scenario_path, const char *path,
                        gr_error *err);

/* The same save as gr_save_write_embedded writes, into memory: *text is a
 * malloc'ed NUL-terminated string of *len bytes that the caller frees
 * (NULL on error).  scenario_text as for gr_save_write_embedded (NULL:
 * nothing embedded).  GR_EINPUT if scenario_path or scenario_text is not
 * valid UTF-8, GR_ERUNTIME if the game is not one a save holds or memory
 * runs out. */
gr_status gr_save_dump(const gr_match *m, const char *scenario_path, const char *scenario_text,
                       size_t scenario_len, char **text, size_t *len, gr_error *err);
/* The same, embedding `scenario_len` bytes of `scenario_text` (the scenario
 * file's text as it was read, whatever its format; valid UTF-8 without NUL,
 * as a JSON file is) so the save needs no scenario file to be resumed or
 * replayed.  scenario_text NULL: nothing embedded, as gr_save_write.
 * GR_EINPUT if the text is not valid UTF-8 or holds a NUL. */
gr_status gr_save_write_embedded(const gr_match *m, const char *scenario_path,
                                 const char *scenario_text, size_t scenario_len, const char *path,
                                 gr_error *err);

/* Whether a game of the scenario file `scenario_path` can be saved to
 * `path`: GR_EINPUT with the reason if `scenario_path` is not valid UTF-8
 * (a save records it as JSON text, which must be UTF-8; any valid path, of
 * any length, is recorded exactly), or if `path` names the scenario file
 * itself (the same device and inode when both exist, else the same path
 * once links and ".." are resolved): a save there would overwrite the
 * scenario.  gr_save_write refuses such a path; a program
 * calls this before a game, so as not to find out at its end. */
gr_status gr_save_check_path(const char *scenario_path, const char *path, gr_error *err);

/* Read and validate a save file.  *out is initialised (free it with
 * gr_saved_free, also on error).  The steps' actions are read by
 * gr_saved_actions, once the game is loaded: a type records an action in
 * its own form, which may name the scenario's pieces (the companion's
 * "fire friant --target bagration_1 --range 4"). */
gr_status gr_save_read(const char *path, gr_saved *out, gr_error *err);

/* The same from `len` bytes of `text` in memory; `name` stands for the file
 * name in messages.  *out is initialised (free it with gr_saved_free, also
 * on error). */
gr_status gr_save_parse(const char *text, size_t len, const char *name, gr_saved *out,
                        gr_error *err);

/* Read the steps' actions (steps[i].rec, action_size bytes, then zeros)
 * with the action_unrecord of g's type, g being the game the save was
 * made of (loaded from its scenario; its type's id is s->game).  Call it
 * once, before replaying the steps.  GR_EINPUT "NAME:LINE:COL: what; fix"
 * for an action that is not one of g, or for a type whose games are not
 * saved. */
gr_status gr_saved_actions(gr_saved *s, const gr_game *g, gr_error *err);

void gr_saved_free(gr_saved *s);

/* A hash or digest as a save writes it, 16 hexadecimal digits ("0a3f..."):
 * 0 with *out set, else -1. */
int gr_save_parse_hash(const char *s, uint64_t *out);

/* The digest a save of `version` records for the game's scenario. */
uint64_t gr_save_scenario_digest(const gr_game *g, int version);

#endif
