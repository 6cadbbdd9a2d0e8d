/* grognard/battle_io.h - the battle file: a battle of the companion kept as
 * a match of its game type (bt_game.h) and saved, resumed (docs/battle.md).
 *
 * A battle file is a save of the match (save.h, format "grognard-save"
 * version 3, game "aoe", "nf" or "rff", written with
 * gr_save_write_embedded): the order of battle's path and its whole text
 * embedded (so the file alone resumes the battle), the seed, and every
 * step: each test asked (its verb, units, leader and table facts) and each
 * of its dice, typed at the table (given) or drawn from the match's chance
 * stream, with the state hash after it.  Reading it replays the match; a
 * step that no longer applies, a die the seed no longer draws, or a state
 * that no longer hashes as it did fails loudly, naming the step.  A test is
 * the match's steps (gr_match_act, its dice as chance steps), taken back
 * whole by gr_match_undo, and the test asked again rolls the same dice.
 * Battle files of format 1 (grognard 0.x: the actions with their dice) are
 * still read: their actions become the match's steps, their dice given as
 * recorded, and they are written back as a save.
 *
 * What is the battle file's own is here: its order of battle, kept as read
 * (embedded in the save), and the format-1 reader.
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
    char *oob_path; /* as given to `battle new` (for messages) */
    char *oob_text; /* the order of battle's whole text (oob_len bytes, NUL-terminated) */
    size_t oob_len;
    gr_bt_scenario *sc; /* the match's scenario: the battle as the order of battle starts it */
    gr_match *m;        /* the battle in progress, from its seed */
    int format;         /* the format it was read from: 1, or 2 (a save); 0 when new */
} gr_battle_file;

/* A new battle from the order of battle at `oob_path` (read with `rules`,
 * NULL: the file's system) and `seed`, with no step.  On failure *f is
 * empty (gr_battle_file_free is still safe). */
gr_status gr_battle_file_new(const char *oob_path, const gr_battle_rules *rules, uint64_t seed,
                             gr_battle_file *f, gr_error *err);

/* Read the battle file at `path` into *f and replay it (a save; or format
 * 1, its actions applied with their dice given as recorded, each state hash
 * checked): the embedded order of battle is read again (its errors named
 * "PATH(oob ...)").  Errors "PATH:LINE:COL: ..." or naming the step or
 * action (GR_EINPUT).  On failure *f is empty. */
gr_status gr_battle_file_read(const char *path, const gr_battle_rules *rules, gr_battle_file *f,
                              gr_error *err);

/* Ask test a of the companion's match m: its decision (gr_match_act),
 * then its dice: the a->nrolls values typed at the table (given, one per
 * die as --roll takes them), or, none typed, every die drawn from the
 * match's chance stream.  Refused (GR_EILLEGAL, or GR_EINPUT with the
 * rules' reason, or saying which roll is missing, impossible or one too
 * many) with m unchanged.  On success a->rolls holds every value of the
 * test and *out what it did (gr_bt_resolve_test). */
gr_status gr_bt_ask(gr_match *m, gr_bt_action *a, gr_bt_outcome *out, gr_error *err);

/* Release what f holds (safe on an empty or failed f). */
void gr_battle_file_free(gr_battle_file *f);

#endif
