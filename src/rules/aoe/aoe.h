/* aoe.h - L'Âge des Aigles (internal): tables shared by the procedures. */
#ifndef GROGNARD_AOE_INTERNAL_H
#define GROGNARD_AOE_INTERNAL_H

#include "grognard/resolve.h"

extern const gr_table aoe_fire_drm_table, aoe_general_drm_table, aoe_combat_drm_table,
    aoe_tactical_drm_table, aoe_reserve_drm_table, aoe_power_multiplier_table;
extern const gr_table aoe_fire_table, aoe_combat_table, aoe_movement_table, aoe_general_hit_table,
    aoe_artillery_power_table, aoe_stand_power_table, aoe_speed_table, aoe_initiative_table,
    aoe_reserve_zone_table, aoe_reserve_commander_table, aoe_artillery_actions_table;

extern const gr_procedure aoe_fire_proc, aoe_combat_proc, aoe_movement_proc, aoe_general_hit_proc,
    aoe_initiative_proc;

/* Fire power of one artillery battery: class 0..2, weight 0 heavy 1 light,
 * range in milli-inches.  Returns the power, or 0 when out of range. */
int aoe_artillery_power(int cls, int weight, int64_t range_milli);

/* Movement allowance in milli-inches of `unit` (index into the speed table's
 * units) on `terrain` (0 nominal, 1 road, 2 difficult, 3 ford). */
int64_t aoe_speed_milli(int unit, int terrain);

/* Reserve-movement DRM of a named army commander (index into
 * aoe_commanders), and the commander's printed group. */
int aoe_commander_drm(int commander);
/* The printed line of that commander's label (seed 000), and the label
 * list's own "- 2 général en chef engagé, capturé ou tué" line. */
const char *aoe_commander_cell(int commander);
extern const char aoe_commander_engaged_cell[];

/* Fire power of one stand of `troops` (index into the stand_power rows), in
 * milli-points. */
int aoe_stand_power_milli(int troops);

/* The Sk column's bonus to a brigade's fire power, in milli-points. */
extern const int64_t aoe_sk_bonus_milli;

/* What each unit passed through costs a move, in milli-inches, and its text. */
extern const int64_t aoe_pass_through_milli;
extern const char aoe_pass_through_text[];
extern const char *const aoe_commanders[];

/* Choice lists shared by the tables and the procedures (NULL-terminated). */
extern const char *const aoe_artillery_classes[]; /* the artillery power rows */
extern const char *const aoe_weights[];           /* heavy, light */
extern const char *const aoe_movement_states[];   /* the movement table's columns */
extern const char *const aoe_speed_units[];       /* the speed table's rows */
extern const char *const aoe_speed_terrains[];    /* its columns */

/* ---- die modifiers and power multipliers, as printed (aoe_tables.c) ------ */

/* DRM of the Table des tirs. */
enum { AOE_FD_TARGET_MOVING, AOE_FD_TARGET_SKIRMISH, AOE_FD_COUNT };
/* DRM of the Table des généraux touchés. */
enum { AOE_GD_CHARISMATIC, AOE_GD_COUNT };
/* DRM of the Table des combats. */
enum {
    AOE_CD_GENERAL,
    AOE_CD_CHARISMATIC,
    AOE_CD_ODDS_3_2,
    AOE_CD_ODDS_2_1,
    AOE_CD_ODDS_3_1,
    AOE_CD_ODDS_4_1,
    AOE_CD_CAV_UNDER_5,
    AOE_CD_CAV_5_OR_MORE,
    AOE_CD_LANCERS,
    AOE_CD_HEAVY,
    AOE_CD_CUIRASSIER,
    AOE_CD_BREAKTHROUGH,
    AOE_CD_DISADVANTAGED,
    AOE_CD_STAND_LOST,
    AOE_CD_OUTFLANKED,
    AOE_CD_SQUARE_VS_CAVALRY,
    AOE_CD_SQUARE_VS_INFANTRY,
    AOE_CD_FRESH,
    AOE_CD_SPENT,
    AOE_CD_REGULAR,
    AOE_CD_ELITE,
    AOE_CD_COUNT
};
/* Modificateurs du mouvement tactique (and the initiative's critical levels). */
enum {
    AOE_TD_DETACHED,
    AOE_TD_DETACHED_CHARISMATIC,
    AOE_TD_ATTACHED,
    AOE_TD_ATTACHED_CHARISMATIC,
    AOE_TD_GENERALS_CAP,
    AOE_TD_ROAD_COLUMN_OR_SQUARE,
    AOE_TD_COLUMNAR,
    AOE_TD_FRESH,
    AOE_TD_SPENT,
    AOE_TD_FLANK,
    AOE_TD_WITHDRAWING,
    AOE_TD_DISORDERED_CAVALRY,
    AOE_TD_CRITICAL_LEVEL,
    AOE_TD_COUNT
};
/* Modificateurs du mouvement de réserve (the army commander's label aside). */
enum {
    AOE_RD_CINC_ENGAGED,
    AOE_RD_NAPOLEON_ADC,
    AOE_RD_CINC_ATTACHED,
    AOE_RD_FIRST_TURN,
    AOE_RD_SUCCEEDED,
    AOE_RD_FAILED_1,
    AOE_RD_FAILED_2,
    AOE_RD_FAILED_3,
    AOE_RD_DISORDERED,
    AOE_RD_COUNT
};
/* MODIFICATEURS DE PUISSANCE. */
enum { AOE_PM_DOUBLE, AOE_PM_HALF, AOE_PM_GRAND_BATTERY, AOE_PM_COUNT };

extern const gr_drm_line aoe_fire_drm[AOE_FD_COUNT], aoe_general_drm[AOE_GD_COUNT],
    aoe_combat_drm[AOE_CD_COUNT], aoe_tactical_drm[AOE_TD_COUNT], aoe_reserve_drm[AOE_RD_COUNT];

/* A power multiplier num/den and its printed line. */
typedef struct aoe_multiplier {
    int num, den;
    const char *cell;
} aoe_multiplier;
extern const aoe_multiplier aoe_power_multiplier[AOE_PM_COUNT];

#define AOE_SRC_TABLES "seed 003"
#define AOE_SRC_RULES  "seed 000"

#endif
