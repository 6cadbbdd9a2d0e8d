/* grognard/battle_io.h - the battle file: a battle's order of battle, seed
 * and actions, saved and resumed (docs/battle.md).
 *
 * A battle file (JSON, format 1) holds the system, the seed, the order of
 * battle's path and its whole text (so the file alone resumes the battle),
 * and every action with its verb, units, leader, table facts, the dice it
 * used (typed or from the seed) and the state hash after it.  Reading it rebuilds the battle by
 * replaying every action with its recorded dice through gr_battle_do; an
 * action that no longer applies, or a state that no longer hashes as it
 * did, fails loudly, naming the action.  Undo is "replay all but the
 * last".  Writing is atomic (temporary file, fsync, rename): a crash
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
    char system[8];
    uint64_t seed;
    char *oob_path; /* as given to `battle new` (for messages) */
    char *oob_text; /* the order of battle's whole text (oob_len bytes, NUL-terminated) */
    size_t oob_len;
    gr_battle *start; /* the battle as the order of battle starts it */
    int nactions;
    gr_bt_action *actions; /* GR_BT_MAX_ACTIONS of room */
    uint64_t *hashes;      /* gr_battle_hash after each action (0: not recorded) */
    unsigned char *typed;  /* 1: the action's dice were typed (--roll); 0: from the seed */
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

/* Read the battle file at `path` into *f: the embedded order of battle is
 * read again (its errors named "PATH(oob)"), the actions' unit and leader
 * ids resolved.  Errors "PATH:LINE:COL: ..." (GR_EINPUT).  Does not replay:
 * see gr_battle_file_replay. */
gr_status gr_battle_file_read(const char *path, const gr_battle_rules *rules, gr_battle_file *f,
                              gr_error *err);

/* Called after each action replayed: its number (0-based), the action,
 * what it did, and the state after it. */
typedef void (*gr_bt_replay_fn)(void *ctx, int i, const gr_bt_action *a, const gr_bt_outcome *o,
                                const gr_battle *after);

/* Rebuild into *b the battle after the first `upto` actions of f (upto < 0
 * or > f->nactions: all), calling each (may be NULL) after every action.
 * An action that fails, or a state whose hash differs from the one
 * recorded, is GR_EINPUT naming `name` (the battle file), the action's
 * number and verb, and why.  *b is large: allocate it. */
gr_status gr_battle_file_replay(const gr_battle_file *f, const char *name, int upto, gr_battle *b,
                                gr_bt_replay_fn each, void *ctx, gr_error *err);

/* Append action a (as gr_battle_do left it: its dice recorded), whether
 * its dice were typed (1) or drawn from the seed (0), and the state hash
 * after it.  A replay types the dice of a typed action again and draws a
 * seeded one's again from the seed (checking they are the ones recorded):
 * a long resolution may roll more values than --roll takes.  GR_EILLEGAL if
 * the file holds GR_BT_MAX_ACTIONS. */
gr_status gr_battle_file_push(gr_battle_file *f, const gr_bt_action *a, int typed, uint64_t hash,
                              gr_error *err);

/* The battle of f as a match of the companion's game type (bt_game.h),
 * for a battle file of format 1 to continue through the match: *sc (the
 * order of battle as the scenario; allocated, the caller frees it after
 * the match) and *m (from f's seed), f's actions applied one by one, each
 * a decision of the side whose phase it is and its dice as chance steps
 * given as recorded (typed, or drawn from the battle's seed then), the
 * state hash checked after each.  GR_EINPUT naming `name` and the action
 * that no longer applies or hashes otherwise. */
gr_status gr_battle_file_match(const gr_battle_file *f, const char *name, gr_bt_scenario **sc,
                               gr_match **m, gr_error *err);

/* Write f to `path` atomically (temporary file beside it, fsync, rename,
 * the folder fsync'd): on failure the previous file is unchanged.  A path
 * that is the order of battle's own file (f->oob_path) is refused
 * (GR_EINPUT): the battle file never replaces it. */
gr_status gr_battle_file_write(const gr_battle_file *f, const char *path, gr_error *err);

/* Release what f holds (safe on an empty or failed f). */
void gr_battle_file_free(gr_battle_file *f);

#endif
