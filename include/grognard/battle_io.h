/* grognard/battle_io.h - the battle file: a battle of the companion kept as
 * a match of its game type (bt_game.h) and saved, resumed (docs/battle.md).
 *
 * A battle file is a save of the match (save.h, format "grognard-save"
 * version 3, game "aoe", "nf" or "rff"): the order of battle's path and its
 * whole text embedded (so the file alone resumes the battle), the seed, and
 * every step: each test asked (its verb, units, leader and table facts) and
 * each of its dice, typed at the table (given) or drawn from the match's
 * chance stream, with the state hash after it.  Reading it replays the
 * match; a step that no longer applies, a die the seed no longer draws, or
 * a state that no longer hashes as it did fails loudly, naming the step.
 * Undo is the match's: a whole test, its dice included, and the test asked
 * again rolls the same dice.  Battle files of format 1 (grognard 0.x: the
 * actions with their dice) are still read: their actions become the
 * match's steps, their dice given as recorded, and they are written back
 * as a save.  Writing is atomic (temporary file, fsync, rename): a crash
 * leaves the previous file whole.
 *
 * Layer: io. */
#ifndef GROGNARD_BATTLE_IO_H
#define GROGNARD_BATTLE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/battle.h"
#include "grognard/bt_game.h"
#include "grognard/match.h"
#include "grognard/error.h"

/* The largest battle file read, in bytes (the order of battle and 4096
 * actions). */
#define GR_BATTLE_FILE_MAX_BYTES (16 * 1024 * 1024)

typedef struct gr_battle_file {
    uint64_t seed;
    char *oob_path; /* as given to `battle new` (for messages) */
    char *oob_text; /* the order of battle's whole text (oob_len bytes, NUL-terminated) */
    size_t oob_len;
    gr_battle *start;   /* the battle as the order of battle starts it */
    gr_bt_scenario *sc; /* the match's scenario: start, and its digest */
    gr_match *m;        /* the battle in progress */
    int format;         /* the format it was read from: 1, or 2 (a save); 2 when new */
} gr_battle_file;

/* A new battle from the order of battle at `oob_path` (gr_oob_read with
 * `rules`, NULL: the file's system) and `seed`, with no action.  On failure
 * *f is empty (gr_battle_file_free is still safe). */
gr_status gr_battle_file_new(const char *oob_path, const gr_battle_rules *rules, uint64_t seed,
                             gr_battle_file *f, gr_error *err);

/* gr_battle_file_new from the order of battle's text (`len` bytes, at most
 * GR_OOB_MAX_BYTES, valid UTF-8) instead of a file; `name` stands for the
 * file in messages ("NAME:LINE:COL: ...") and is kept as oob_path. */
gr_status gr_battle_file_from_text(const char *text, size_t len, const char *name,
                                   const gr_battle_rules *rules, uint64_t seed, gr_battle_file *f,
                                   gr_error *err);

/* Read the battle file at `path` into *f and replay it (a save; or format
 * 1, its actions applied with their dice given as recorded, each state hash
 * checked): the embedded order of battle is read again (its errors named
 * "PATH(oob ...)").  Errors "PATH:LINE:COL: ..." or naming the step or
 * action (GR_EINPUT). */
gr_status gr_battle_file_read(const char *path, const gr_battle_rules *rules, gr_battle_file *f,
                              gr_error *err);

/* The battle now (the match's state; valid until the next change). */
const gr_battle *gr_battle_file_battle(const gr_battle_file *f);

/* Do one test: a->call, then its dice: the a->nrolls values typed at the
 * table (given, one per die as --roll takes them), or, none typed, every
 * die drawn from the match's chance stream.  Refused (GR_EILLEGAL or
 * GR_EINPUT with the rules' reason; too few or too many values typed,
 * saying which roll is missing) with the match unchanged.  On success
 * a->rolls holds every value of the test, *out (may be NULL) what it did,
 * and the battle is the state after it. */
gr_status gr_battle_file_act(gr_battle_file *f, gr_bt_action *a, gr_bt_outcome *out, gr_error *err);

/* Take back the last test, its dice included; *undone (may be NULL) is it
 * as it was asked (its call and dice).  GR_EILLEGAL if there is none. */
gr_status gr_battle_file_undo(gr_battle_file *f, gr_bt_action *undone, gr_error *err);

/* Called for each test of the battle, in order: its number (0-based), the
 * test with its dice, what it did, and the battle after it. */
typedef void (*gr_bt_test_fn)(void *ctx, int i, const gr_bt_action *a, const gr_bt_outcome *o,
                              const gr_battle *after);

/* Go through the battle's tests from the start, calling each (the outcome
 * of each test is resolved again from the state before it with its
 * recorded dice; a die drawn from the stream is marked so).  GR_EINPUT
 * naming `name` if a test resolves otherwise than recorded. */
gr_status gr_battle_file_tests(const gr_battle_file *f, const char *name, gr_bt_test_fn each,
                               void *ctx, gr_error *err);

/* Write f to `path` atomically (temporary file beside it, fsync, rename,
 * the folder fsync'd): on failure the previous file is unchanged.  A path
 * that is the order of battle's own file (f->oob_path) is refused
 * (GR_EINPUT): the battle file never replaces it. */
gr_status gr_battle_file_write(const gr_battle_file *f, const char *path, gr_error *err);

/* Release what f holds (safe on an empty or failed f). */
void gr_battle_file_free(gr_battle_file *f);

#endif
