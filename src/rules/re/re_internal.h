/* re_internal.h - Révolution et Empire (internal): the data the contract
 * tables (re_tables.c) share with the rule functions (re_rules.c,
 * re_terrain.c), so that each value is typed once. */
#ifndef GROGNARD_RE_INTERNAL_H
#define GROGNARD_RE_INTERNAL_H

#include "grognard/re_rules.h"
#include "grognard/re_terrain.h"
#include "grognard/resolve.h"

/* The faces of one die against one target: bands of faces 1..6, outcome a
 * re_hit, cell the printed cell. */
typedef struct re_face_bands {
    const gr_band *bands;
    size_t n;
} re_face_bands;

/* [target type][0 normal, 1 column attack]; column rows exist for infantry
 * and elite infantry only (bands NULL otherwise). */
extern const re_face_bands re_die_bands[RE_UNIT_TYPES][2];

/* Skirmisher die: outcome 1 a loss, 0 a miss. */
extern const gr_band re_skirmish_bands[2];

extern const gr_table re_dice_modifier_table;
extern const gr_table re_die_table, re_skirmish_die_table, re_artillery_dice_table,
    re_unit_dice_table, re_terrain_table;

#endif
