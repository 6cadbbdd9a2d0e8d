/* rff_system.c - Regimental Fire and Fury: the system descriptor (tables and procedures). */
#include "grognard/systems.h"
#include "rff.h"

static const gr_table *const rff_tables[] = {
    &rff_maneuver_table,      &rff_fire_modifier_table,   &rff_musketry_table,
    &rff_charge_table,        &rff_leader_loss_table,     &rff_command_radius_table,
    &rff_maneuver_drm_table,  &rff_troop_maneuvers_table, &rff_gun_maneuvers_table,
    &rff_scale_table,         &rff_movement_table,        &rff_fire_points_table,
    &rff_cannon_points_table, &rff_fire_drm_table,        &rff_charge_drm_table,
};

static const gr_procedure *const rff_procedures[] = {
    &rff_maneuver_proc, &rff_musketry_proc,    &rff_cannonade_proc,
    &rff_charge_proc,   &rff_leader_loss_proc,
};

const gr_system gr_rff_system = {
    .id = "rff",
    .title = "Regimental Fire and Fury",
    .seeds = "seed 001",
    .dice = "D10 (opposed: D10 each side)",
    .length_unit = "cm",
    GR_ARRAY(tables, rff_tables),
    GR_ARRAY(procedures, rff_procedures),
};
