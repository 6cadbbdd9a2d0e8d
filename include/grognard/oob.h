/* grognard/oob.h - reading an order of battle (docs/oob.md) into the start
 * of a battle (battle.h).
 *
 * An order of battle is a JSON file of format 1: the system, the title, the
 * two sides, the leaders with their command structure and the units with
 * their stands, quality, formation and the rest in the system's own
 * vocabulary.  The reader checks everything the format says (keys, types,
 * ids, references, ranges) and reports the first error as
 * "FILE:LINE:COL: what is wrong; what is accepted"; the system's
 * rules->setup then checks its own vocabulary.
 *
 * Layer: battle (core <- board <- rules <- battle), below the game types
 * (bt_game.h: `load`) and io (battle_io.h). */
#ifndef GROGNARD_OOB_H
#define GROGNARD_OOB_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/battle.h"
#include "grognard/error.h"

/* The largest order-of-battle file read, in bytes. */
#define GR_OOB_MAX_BYTES (1024 * 1024)
/* The most stands a unit may have at the start. */
#define GR_OOB_MAX_STANDS 99

/* Read the order of battle `text` (`len` bytes; `name` is the file's name
 * for messages) into *b: every field checked, leader, parent and attached
 * ids resolved to indices, worn_at / spent_at GR_BT_UNSET where the file
 * leaves them out; then b->seed = seed, rules->setup(b) and
 * gr_battle_begin(b).  `rules` NULL: the rules of the file's "system"
 * (gr_battle_rules_find; an unknown system is refused with the list of
 * systems the companion keeps); else these rules, and the file's system
 * must be rules->system (tests use rules of their own).  GR_EINPUT with
 * "NAME:LINE:COL: ..." on a bad file (a setup message "LINE:COL: ..." gets
 * the name in front); GR_ERUNTIME out of memory.  *b is large: allocate it.
 * On failure *b holds nothing usable. */
gr_status gr_oob_parse(const char *text, size_t len, const char *name, const gr_battle_rules *rules,
                       uint64_t seed, gr_battle *b, gr_error *err);

/* gr_oob_parse on the file at `path` (at most GR_OOB_MAX_BYTES).  When
 * `text` is not NULL it receives the file's text as read (malloc'd,
 * NUL-terminated, *len bytes; the caller frees it with gr_free), for a battle file to
 * embed; it is NULL on failure. */
gr_status gr_oob_read(const char *path, const gr_battle_rules *rules, uint64_t seed, gr_battle *b,
                      char **text, size_t *len, gr_error *err);

#endif
