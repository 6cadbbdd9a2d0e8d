/* aoe.h - L'Âge des Aigles (internal): tables shared by the procedures. */
#ifndef GROGNARD_AOE_INTERNAL_H
#define GROGNARD_AOE_INTERNAL_H

#include "grognard/resolve.h"

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

/* Fire power of one stand of `troops` (index into the stand_power rows), in
 * milli-points. */
int aoe_stand_power_milli(int troops);
extern const char *const aoe_commanders[];

#define AOE_SRC_TABLES "seed 003"
#define AOE_SRC_RULES  "seed 000"

#endif
