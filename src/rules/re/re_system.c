/* re_system.c - Révolution et Empire (seed 004): the system descriptor. */
#include "re_internal.h"
#include "grognard/systems.h"

static const gr_table *const re_tables[] = {
    &re_die_table,       &re_skirmish_die_table, &re_artillery_dice_table,
    &re_unit_dice_table, &re_terrain_table,      &re_dice_modifier_table,
};

const gr_system gr_re_system = {
    .id = "re",
    .title = "Révolution et Empire",
    .seeds = "seed 004",
    .dice = "D6",
    .length_unit = "hexes",
    GR_ARRAY(tables, re_tables),
    .procedures = NULL,
    .nprocedures = 0,
};
