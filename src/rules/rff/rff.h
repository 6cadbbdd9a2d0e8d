/* rff.h - Regimental Fire and Fury (internal): the tables, the die-modifier
 * lines the procedures read, and the fire-points data file. */
#ifndef GROGNARD_RFF_INTERNAL_H
#define GROGNARD_RFF_INTERNAL_H

#include "grognard/resolve.h"
#include "grognard/rff_points.h"

#define RFF_SRC "seed 001"

extern const gr_table rff_command_radius_table, rff_maneuver_drm_table, rff_maneuver_table,
    rff_troop_maneuvers_table, rff_gun_maneuvers_table, rff_scale_table, rff_movement_table,
    rff_fire_points_table, rff_cannon_points_table, rff_fire_modifier_table, rff_fire_drm_table,
    rff_musketry_table, rff_charge_drm_table, rff_charge_table, rff_leader_loss_table;

extern const gr_procedure rff_maneuver_proc, rff_musketry_proc, rff_cannonade_proc, rff_charge_proc,
    rff_leader_loss_proc;

/* ---- die-modifier lines (each printed line once, with its value) --------- */

/* MODIFICATEURS AU DE of the Maneuver table. */
enum rff_maneuver_drm {
    RFF_MD_GALLANT,
    RFF_MD_ABLE,
    RFF_MD_POOR,
    RFF_MD_ATTACHED,
    RFF_MD_PROVISIONAL,
    RFF_MD_OUT_OF_COMMAND,
    RFF_MD_CRACK,
    RFF_MD_VETERAN,
    RFF_MD_TRAINED,
    RFF_MD_GREEN,
    RFF_MD_FRESH,
    RFF_MD_WORN,
    RFF_MD_SPENT,
    RFF_MD_IN_BATTERY,
    RFF_MD_COLUMN_OR_COVER,
    RFF_MD_FLANKED_OR_BROKEN,
    RFF_MD_KEY_POSITION_LOST,
    RFF_MD_HEAVY_LOSSES,
    RFF_MD_HEAVIEST_LOSSES,
    RFF_MD_COUNT
};

/* The Musketry & Cannonade die modifiers besides the base modifier. */
enum rff_fire_drm {
    RFF_FD_BUCK_OR_REPEATER,
    RFF_FD_SHARPSHOOTERS,
    RFF_FD_GREEN_OR_CANNON,
    RFF_FD_TARGET_EXPOSED,
    RFF_FD_MARCH_COLUMN_OR_ENFILADE,
    RFF_FD_GUN_TARGET,
    RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE,
    RFF_FD_FULL_COVER,
    RFF_FD_FORTIFIED,
    RFF_FD_COUNT
};

/* MODIFICATEURS DU DE DE BASE of the Charge table. */
enum rff_charge_drm {
    RFF_CD_CRACK,
    RFF_CD_VETERAN,
    RFF_CD_TRAINED,
    RFF_CD_GREEN,
    RFF_CD_FRESH,
    RFF_CD_WORN,
    RFF_CD_SPENT,
    RFF_CD_OUTNUMBERED_3_2,
    RFF_CD_OUTNUMBERED_2_1,
    RFF_CD_OUTNUMBERED_3_1,
    RFF_CD_GUN_SUPPORTED,
    RFF_CD_GUN_UNSUPPORTED,
    RFF_CD_DISORDERED_OR_SILENCED,
    RFF_CD_ATTACHED,
    RFF_CD_SINGLE_LINE_OR_MILITIA,
    RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED,
    RFF_CD_FAVORABLE_OR_FORTIFIED,
    RFF_CD_BAYONET_OR_BREAKTHROUGH,
    RFF_CD_CAV_CLEAR,
    RFF_CD_CAV_ROUGH,
    RFF_CD_CAV_DIFFICULT_OR_STATIONARY,
    RFF_CD_COUNT
};

/* Value and printed text of one modifier line. */
int rff_maneuver_drm(int line);
const char *rff_maneuver_drm_text(int line);
int rff_fire_drm(int line);
const char *rff_fire_drm_text(int line);
int rff_charge_drm(int line);
const char *rff_charge_drm_text(int line);

/* The base die modifier for `points_milli` fire points (milli-points). */
int rff_base_modifier(int64_t points_milli);
/* The modifier as a sentence that quotes its printed line: "base die
 * modifier for 6 to 8 fire points (printed "- 0 6 - 8 pts")". */
const char *rff_base_modifier_text(int64_t points_milli);

/* ---- movement capacities -------------------------------------------------- */

extern const char *const rff_move_units[];    /* the rows: infantry_double_line, ... */
extern const char *const rff_move_terrains[]; /* clear, rough, difficult, road */

/* The movement capacity in cm of row `unit` on `terrain` at pace 0 (full)
 * or 1 (forced march); rows printing one value give it for both paces.
 * Returns -1 for a "-" cell (no road rate in that formation). */
int rff_move_cm(int unit, int terrain, int forced);

/* ---- maneuver results: what troops and guns may do ------------------------ */

/* The printed maneuver columns (MANŒUVRES DE LA TROUPE / DES CANONS). */
enum { RFF_COL_WELL_EXECUTED, RFF_COL_DELAYED, RFF_COL_SHOCKED };

/* Write the printed actions of column `col` for troops (guns = 0) or guns
 * (guns = 1) into buf, joined by "; " (cut to cap - 1 bytes if longer). */
void rff_actions_text(int guns, int col, char *buf, size_t cap);
/* The note of a maneuver result that allows column `col`: "the troops may: "
 * or "the guns may: " and rff_actions_text's list, a constant made at
 * compile time (for gr_res_note_text); NULL for a column the
 * arm does not have (guns: shocked). */
const char *rff_actions_note(int guns, int col);

/* ---- fire points (data/rff/fire_points.json, read by the io layer) ------- */

extern const char *const rff_weapons[]; /* rm, ir, rc, rpc, rpr, blc, blr, sm, sh, carbine */
extern const char *const rff_guns[];    /* hh, hr, mh, other */
/* rff_bands, rff_weapon_codes, rff_gun_codes: grognard/rff_points.h */

/* The entry of weapon `w` (guns = 0, index into rff_weapons) or gun `w`
 * (guns = 1, index into rff_guns) at band `band` in the fire points given
 * with rff_args_set_points: *out (its `present` says whether the file has
 * it) and *file.  GR_ERUNTIME when none were given (a caller's mistake:
 * nothing is guessed). */
gr_status rff_points_get(const gr_args *a, int guns, int w, int band, const rff_points **file,
                         const rff_points_entry **out, gr_error *err);

#endif
