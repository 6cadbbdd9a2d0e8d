/* grognard/tb_rff.h - Regimental Fire and Fury on the table (issue 35): the
 * fire values an rff-table battle file gives (docs/table.md "The rff-table
 * battle file", `fire`), because seed 001 lost them: each weapon's and gun's
 * range bands in cm and its points per stand.
 *
 * tb_rff_fire_read reads the block into plain data (tb_rff_fire) with every
 * error "FILE:LINE:COL: what; how to fix"; the points go to the companion
 * as the rff_points it takes (rff_args_set_points, or --per-stand per
 * test), the bands to the table's fire (tb_rff_band).  Readings:
 * docs/rules/rff.md "On the table: the battle file and the game
 * `rff-table`".
 *
 * Layer: table (the companion's rff vocabulary, the table's lengths). */
#ifndef GROGNARD_TB_RFF_H
#define GROGNARD_TB_RFF_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/json_reader.h"
#include "grognard/rff_points.h"
#include "grognard/tabletop.h"

/* The fire codes: the weapon codes (rff_weapon_codes, 0 .. RFF_NWEAPONS-1)
 * then the gun codes (rff_gun_codes). */
#define TB_RFF_NCODES (RFF_NWEAPONS + RFF_NGUNS)
#define TB_RFF_GUN(g) (RFF_NWEAPONS + (g))

/* Which codes an order of battle uses: unit[c] the id of the first unit
 * using code c, "" none (for messages). */
typedef struct tb_rff_used {
    char unit[TB_RFF_NCODES][GR_BT_ID];
} tb_rff_used;

/* The battle file's fire values: plain data, zero where a code is unused
 * (hash it as bytes). */
typedef struct tb_rff_fire {
    int present;                   /* 1: read */
    tt_coord close[TB_RFF_NCODES]; /* « Rapp. » (and « courte portée »): up to and including */
    tt_coord range[TB_RFF_NCODES]; /* « Portée »: the weapon's reach, up to and including */
    rff_points points;             /* the points per stand, as the companion takes them */
    char source[RFF_SOURCE_LEN];   /* the block's "source", "" none */
} tb_rff_fire;

/* The code as the file spells it ("RM", "Carabine", "OTHER"), "?" if none. */
const char *tb_rff_code(int code);

/* The code of unit u's fire: its gun code for a battery (the order of
 * battle's weapon, "other" when empty), its weapon code for troops; -1 for
 * troops without a weapon (they do not fire). */
int tb_rff_code_of(const gr_bt_unit *u);

/* The codes battle b's units use (*used, every byte written). */
void tb_rff_used_of(const gr_battle *b, tb_rff_used *used);

/* Read the battle file's "fire" member of `root` (an object) into *out
 * (every byte written): required; each code of `used` in "ranges" and in
 * "musketry" (weapons) or "cannon" (guns), no other code; lengths in cm
 * with at most three decimals, 0 < close < long <= max_len (table units);
 * points 0 to RFF_POINTS_MAX with at most three decimals and a "source"
 * that is not "none found".  `name` is the file's name for messages.
 * GR_EINPUT "NAME:LINE:COL: ..." on a bad block. */
gr_status tb_rff_fire_read(const gr_jr_node *root, const char *name, const tb_rff_used *used,
                           tt_coord max_len, tb_rff_fire *out, gr_error *err);

/* The band of a fire of code `code` at edge distance `dist` (table
 * units): 0 close (dist <= close), 1 long (close < dist <= range), -1 out
 * of range or an unknown code (index into rff_bands). */
int tb_rff_band(const tb_rff_fire *f, int code, tt_coord dist);

/* The points per stand of code `code` at band `band` as the companion's
 * --per-stand takes them ("0.5"), into buf (cap): 1, or 0 (buf "") when the
 * file gives none. */
int tb_rff_per_stand(const tb_rff_fire *f, int code, int band, char *buf, size_t cap);

#endif
