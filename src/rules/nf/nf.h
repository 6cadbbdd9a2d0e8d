/* nf.h - Napoleonic Fury (internal): the tables, the shared input lists, and
 * the small readers the procedures use so that every rule value lives once,
 * in nf_tables.c. */
#ifndef GROGNARD_NF_INTERNAL_H
#define GROGNARD_NF_INTERNAL_H

#include "grognard/resolve.h"

#define NF_SRC "seed 002"

extern const gr_table nf_fire_table, nf_melee_table, nf_disorder_table, nf_good_order_table,
    nf_emergency_fc_table, nf_bel_table, nf_command_range_table, nf_commander_quality_table,
    nf_nb_conversion_table, nf_movement_table, nf_rough_terrain_table, nf_movement_rule_table,
    nf_formation_modifier_table, nf_melee_national_table, nf_fire_points_table, nf_firing_arc_table,
    nf_leader_loss_table, nf_evasion_table;

extern const gr_procedure nf_fire_proc, nf_melee_proc, nf_maneuver_proc, nf_disorder_proc,
    nf_emergency_fc_proc, nf_evasion_proc;

/* ---- shared input lists ------------------------------------------------- */

/* Nations as the seed's charts name them; each chart maps them onto its own
 * rows (docs/rules/nf.md, "Nations"). */
enum {
    NF_FRANCE,
    NF_HESSE,
    NF_BADEN,
    NF_VISTULA,
    NF_BRITAIN,
    NF_AUSTRIA,
    NF_PRUSSIA,
    NF_RUSSIA,
    NF_SPAIN,
    NF_SPAIN_ALLIED,
    NF_PORTUGAL,
    NF_SAXONY,
    NF_NAPLES,
    NF_RHINEBUND,
    NF_OTTOMAN,
    NF_OTHER,
    NF_NNATIONS
};
extern const char *const nf_nations[];

/* Quality columns of the BEL chart. */
enum { NF_Q_GUARD, NF_Q_VETERAN, NF_Q_REGULAR, NF_Q_CONSCRIPT, NF_Q_MILITIA };
extern const char *const nf_qualities[];

/* Commander ratings (Good Order columns, Commanders Quality chart). */
enum { NF_R_EXCELLENT, NF_R_GOOD, NF_R_AVERAGE, NF_R_POOR };
extern const char *const nf_ratings[];

/* Formations a national modifier can depend on. */
enum { NF_F_COLUMN, NF_F_LINE, NF_F_OTHER };

/* Movement units (rows of the movement charts). */
enum {
    NF_U_INFANTRY,
    NF_U_LIGHT_INFANTRY,
    NF_U_LIGHT_CAVALRY,
    NF_U_HEAVY_CAVALRY,
    NF_U_HORSE_BATTERY,
    NF_U_HEAVY_BATTERY,
    NF_U_LEADER
};
extern const char *const nf_move_units[];

/* Firing units (rows of the fire points chart). */
enum {
    NF_FU_INFANTRY,
    NF_FU_LIGHT_INFANTRY,
    NF_FU_HORSE_ARTILLERY,
    NF_FU_HEAVY_ARTILLERY,
    NF_FU_DISMOUNTED_CAVALRY
};
extern const char *const nf_fire_units[];

/* Era of the national charts from a year: 0 for 1792-1808, 1 for 1809+. */
int nf_era(int year);

/* ---- readers (each returns the value and the printed cell) --------------- */

/* Fire points of one stand of `unit` at `range_milli` (0 = contact), or 0
 * when out of range.  *cell receives the printed cell (may be NULL). */
int nf_fire_points(int unit, int64_t range_milli, const char **cell);

/* Firing arc in degrees of a firing unit. */
int nf_firing_arc(int unit, const char **cell);

/* National modifier of the Good Order chart for `formation` (NF_F_*).
 * `year` may be 0 when unknown: GR_EINPUT if the cell needs the era. */
gr_status nf_formation_modifier(int nation, int formation, int year, int *value, const char **cell,
                                gr_error *err);

/* National melee modifier.  `quality` is an NF_Q_* or -1 when unknown;
 * `troops_line_grenadier_guard` and `defending_vs_infantry` decide the
 * Russian # line.  GR_EINPUT if a needed input (year, quality) is missing. */
gr_status nf_melee_national(int nation, int formation, int year, int quality,
                            int troops_line_grenadier_guard, int defending_vs_infantry, int *value,
                            const char **cell, gr_error *err);

/* Movement allowance in inches of a unit (infantry: by nation, formation
 * column/line and era).  GR_EINPUT when an input it needs is missing. */
gr_status nf_movement_allowance(int unit, int nation, int formation, int year, int *inches,
                                const char **cell, gr_error *err);

#endif
