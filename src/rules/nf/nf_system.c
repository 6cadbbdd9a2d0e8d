/* nf_system.c - Napoleonic Fury: the system descriptor (tables and procedures). */
#include "nf.h"
#include "grognard/systems.h"

static const gr_table *const nf_tables[] = {
    &nf_fire_table,
    &nf_melee_table,
    &nf_disorder_table,
    &nf_good_order_table,
    &nf_emergency_fc_table,
    &nf_bel_table,
    &nf_command_range_table,
    &nf_commander_quality_table,
    &nf_nb_conversion_table,
    &nf_movement_table,
    &nf_rough_terrain_table,
    &nf_movement_rule_table,
    &nf_formation_modifier_table,
    &nf_melee_national_table,
    &nf_fire_points_table,
    &nf_firing_arc_table,
    &nf_leader_loss_table,
    &nf_evasion_table,
    &nf_fire_drm_table,
    &nf_fire_multiplier_table,
    &nf_melee_drm_table,
    &nf_good_order_drm_table,
    &nf_emergency_fc_drm_table,
    &nf_evasion_drm_table,
};

static const gr_procedure *const nf_procedures[] = {
    &nf_fire_proc,     &nf_melee_proc,        &nf_maneuver_proc,
    &nf_disorder_proc, &nf_emergency_fc_proc, &nf_evasion_proc,
};

const gr_system gr_nf_system = {
    .id = "nf",
    .title = "Napoleonic Fury",
    .seeds = "seed 002",
    .dice = "2D6 (opposed: 2D6 each side)",
    .length_unit = "inches",
    GR_ARRAY(tables, nf_tables),
    GR_ARRAY(procedures, nf_procedures),
};
