/* tb_rff.c - Regimental Fire and Fury's join (issue 35): how an rff-table
 * battle file reads.  Its lengths are centimetres (seed 001), its formation
 * words rff's, its own keys the fire values the seed lost (`fire`,
 * tb_rff_fire.c), `dense_woods` and the objectives' `key`.  Readings:
 * docs/rules/rff.md "On the table: the battle file and the game
 * `rff-table`"; the format: docs/table.md "The rff-table battle file".
 *
 * Not yet here: the game's hooks (the decisions of each phase, the
 * companion's calls with the table's facts, the results on the table).
 * Until they are, the join has no game type (`game` is NULL): a battle
 * file of type "rff-table" is read and checked (tb_file_parse), and no game
 * type loads it (tb_load_as refuses a file of another join's type). */
#include <string.h>

#include "tb_join.h"

/* The order of battle's formation words (rff_bt_troop_forms,
 * rff_bt_gun_forms) and how the table lays them out: a double line side by
 * side, a single line of infantry with a base width between stands, a
 * combat column two wide, a march column one wide; cavalry in single line
 * or dismounted as a line (the table lays cavalry out in line, column or
 * march only, tt_unit.c). */
static const tb_formation_word rff_formations[] = {
    {"double_line", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_LINE},
    {"single_line", 1u << GR_BT_INFANTRY, TT_SKIRMISH},
    {"single_line", 1u << GR_BT_CAVALRY, TT_LINE},
    {"combat_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_COLUMN},
    {"march_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_MARCH},
    {"dismounted", 1u << GR_BT_CAVALRY, TT_LINE},
    {"unlimbered", 1u << GR_BT_ARTILLERY, TT_BATTERY},
    {"limbered", 1u << GR_BT_ARTILLERY, TT_LIMBERED},
};

/* « -1 Cible en couvert partiel », « -2 ... à couvert en totalité »: a wood
 * partial (1), a town total (2), the table's light and heavy grades. */
static int rff_default_cover(const tt_table *t, tt_kind k)
{
    tt_cover c = t->kinds[k].cover;
    return c == TT_COVER_HEAVY ? 2 : c == TT_COVER_LIGHT ? 1 : 0;
}

static const char *const rff_file_keys[] = {"fire", "dense_woods", NULL};

static gr_status rff_read_file(const gr_jr_node *root, const char *name, tb_scenario *sc,
                               gr_error *err)
{
    const gr_jr_node *n = gr_jr_get(root, "dense_woods");
    if (n) {
        if (n->type != GR_JR_BOOL)
            return gr_jr_fail(err, name, n, "\"dense_woods\" must be true or false");
        sc->dense_woods = n->boolean;
        /* « bois dense »: « Terrain difficile » (CAPACITES DE MOUVEMENT) */
        if (n->boolean)
            sc->table.kinds[TT_WOOD].going = TT_GO_DIFFICULT;
    }
    tb_rff_used used;
    tb_rff_used_of(&sc->start, &used);
    gr_status st = tb_rff_fire_read(root, name, &used, TT_CM(524), &sc->rff_fire, err);
    if (st == GR_OK)
        sc->sys_on = 1;
    return st;
}

const tb_join tb_join_rff = {
    .system = "rff",
    .type = "rff-table",
    .name = "Regimental Fire and Fury",
    .game = NULL, /* the game's hooks are not yet written (above) */
    .table_system = TT_RFF,
    .formations = rff_formations,
    .nformations = (int)(sizeof rff_formations / sizeof rff_formations[0]),
    .default_cover = rff_default_cover,
    .fire_arc = {1, 1}, /* TT_ARC_45: the family's (docs/rules/rff.md) */
    .length_word = "cm",
    .length_unit = TT_UNITS_PER_CM,
    .arrival_edge = TT_CM(15),      /* aoe's 6" at the sheet's 2.5 cm to the inch */
    .objective_radius = TT_CM(7.5), /* aoe's 3" likewise */
    .file_keys = rff_file_keys,
    .read_file = rff_read_file,
    .objective_key = 1,
};
