/* aoe_system.c - L'Âge des Aigles: the system descriptor. */
#include "aoe.h"
#include "grognard/systems.h"

static const gr_table *const aoe_tables[] = {
    &aoe_fire_table,
    &aoe_combat_table,
    &aoe_movement_table,
    &aoe_general_hit_table,
    &aoe_artillery_power_table,
    &aoe_stand_power_table,
    &aoe_speed_table,
    &aoe_initiative_table,
    &aoe_reserve_zone_table,
    &aoe_reserve_commander_table,
    &aoe_artillery_actions_table,
    &aoe_fire_drm_table,
    &aoe_power_multiplier_table,
    &aoe_general_drm_table,
    &aoe_combat_drm_table,
    &aoe_tactical_drm_table,
    &aoe_reserve_drm_table,
};

static const gr_procedure *const aoe_procedures[] = {
    &aoe_fire_proc,        &aoe_combat_proc,     &aoe_movement_proc,
    &aoe_general_hit_proc, &aoe_initiative_proc,
};

const gr_system gr_aoe_system = {
    .id = "aoe",
    .title = "L'Âge des Aigles",
    .seeds = "seeds 000, 003",
    .dice = "D10 (opposed: D10 each side)",
    .length_unit = "inches",
    GR_ARRAY(tables, aoe_tables),
    GR_ARRAY(procedures, aoe_procedures),
};
