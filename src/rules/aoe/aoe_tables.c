/* aoe_tables.c - L'Âge des Aigles: every printed table of the tables sheet
 * (seed 003) and the rules pages (seed 000), as const data, and the small
 * functions that read them.  Each band carries the printed cell it comes
 * from; docs/rules/aoe.md records how each cell was read. */
#include "aoe.h"

#include <string.h>

/* ---- Table des tirs (seed 003) -------------------------------------------- */

enum { F_INEFF, F_IMPR, F_EFF, F_DEADLY, F_DEVAST };

static const gr_outcome fire_outcomes[] = {
    [F_INEFF] = {"ineffective", "Tir inefficace", "Aucun effet."},
    [F_IMPR] = {"impressive", "Tir impressionnant", "Troupe en désordre ou une batterie muette."},
    [F_EFF] = {"effective", "Tir efficace",
               "Troupe en désordre et perd une base ou une batterie endommagée."},
    [F_DEADLY] = {"deadly", "Tir meurtrier", "Troupe en désordre et perd deux bases."},
    [F_DEVAST] = {"devastating", "Tir dévastateur", "Troupe en désordre et perd trois bases."},
};

/* What each result does (seed 003, Table des tirs): a brigade takes the
 * "Troupe" part of the cell, a battery the "batterie" part. */
static const gr_effect fire_fx_impr[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_SILENCED},
};
static const gr_effect fire_fx_eff[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 1},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_DAMAGED},
};
static const gr_effect fire_fx_deadly[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 2},
};
static const gr_effect fire_fx_devast[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 3},
};
static const gr_effects fire_effects[] = {
    [F_INEFF] = {NULL, 0},
    [F_IMPR] = GR_EFFECTS(fire_fx_impr),
    [F_EFF] = GR_EFFECTS(fire_fx_eff),
    [F_DEADLY] = GR_EFFECTS(fire_fx_deadly),
    [F_DEVAST] = GR_EFFECTS(fire_fx_devast),
};

static const gr_band fire_lt1[] = {{GR_LO, GR_HI, F_INEFF, "Moins de 1 | -"}};
static const gr_band fire_1[] = {{GR_LO, 10, F_INEFF, "1 | 10 ou moins"},
                                 {11, GR_HI, F_IMPR, "1 | 11 ou plus"}};
static const gr_band fire_2[] = {{GR_LO, 9, F_INEFF, "2 | 9 ou moins"},
                                 {10, GR_HI, F_IMPR, "2 | 10 ou plus"}};
static const gr_band fire_3[] = {{GR_LO, 9, F_INEFF, "3 | 9 ou moins"},
                                 {10, GR_HI, F_IMPR, "3 | 10 ou plus"}};
static const gr_band fire_4[] = {{GR_LO, 8, F_INEFF, "4 | 8 ou moins"},
                                 {9, GR_HI, F_IMPR, "4 | 9 ou plus"}};
static const gr_band fire_5[] = {{GR_LO, 7, F_INEFF, "5 | 7 ou moins"},
                                 {8, 10, F_IMPR, "5 | 8, 9, 10"},
                                 {11, GR_HI, F_EFF, "5 | 11 ou plus"}};
static const gr_band fire_6_7[] = {{GR_LO, 7, F_INEFF, "6-7 | 7 ou moins"},
                                   {8, 9, F_IMPR, "6-7 | 8, 9"},
                                   {10, GR_HI, F_EFF, "6-7 | 10 ou plus"}};
static const gr_band fire_8_9[] = {{GR_LO, 6, F_INEFF, "8-9 | 6 ou moins"},
                                   {7, 9, F_IMPR, "8-9 | 7, 8, 9"},
                                   {10, GR_HI, F_EFF, "8-9 | 10 ou plus"}};
static const gr_band fire_10_11[] = {{GR_LO, 5, F_INEFF, "10-11 | 5 ou moins"},
                                     {6, 8, F_IMPR, "10-11 | 6, 7, 8"},
                                     {9, GR_HI, F_EFF, "10-11 | 9 ou plus"}};
static const gr_band fire_12_14[] = {{GR_LO, 4, F_INEFF, "12-14 | 4 ou moins"},
                                     {5, 7, F_IMPR, "12-14 | 5, 6, 7"},
                                     {8, 10, F_EFF, "12-14 | 8, 9, 10"},
                                     {11, GR_HI, F_DEADLY, "12-14 | 11 ou plus"}};
static const gr_band fire_15_19[] = {{GR_LO, 3, F_INEFF, "15-19 | 3 ou moins"},
                                     {4, 6, F_IMPR, "15-19 | 4, 5, 6"},
                                     {7, 9, F_EFF, "15-19 | 7, 8, 9"},
                                     {10, GR_HI, F_DEADLY, "15-19 | 10 ou plus"}};
static const gr_band fire_20_24[] = {{GR_LO, 2, F_INEFF, "20-24 | 2 ou moins"},
                                     {3, 5, F_IMPR, "20-24 | 3, 4, 5"},
                                     {6, 7, F_EFF, "20-24 | 6, 7"},
                                     {8, GR_HI, F_DEADLY, "20-24 | 8 ou plus"}};
static const gr_band fire_25_29[] = {{GR_LO, 1, F_INEFF, "25-29 | 1 ou moins"},
                                     {2, 4, F_IMPR, "25-29 | 2, 3, 4"},
                                     {5, 6, F_EFF, "25-29 | 5, 6"},
                                     {7, 9, F_DEADLY, "25-29 | 7, 8, 9"},
                                     {10, GR_HI, F_DEVAST, "25-29 | 10 ou plus"}};
static const gr_band fire_30_34[] = {{GR_LO, 0, F_INEFF, "30-34 | 0 ou moins"},
                                     {1, 3, F_IMPR, "30-34 | 1, 2, 3"},
                                     {4, 6, F_EFF, "30-34 | 4, 5, 6"},
                                     {7, 8, F_DEADLY, "30-34 | 7, 8"},
                                     {9, GR_HI, F_DEVAST, "30-34 | 9 ou plus"}};
static const gr_band fire_35_39[] = {{GR_LO, -1, F_INEFF, "35-39 | - 1 ou moins"},
                                     {0, 2, F_IMPR, "35-39 | 0, 1, 2"},
                                     {3, 5, F_EFF, "35-39 | 3, 4, 5"},
                                     {6, 7, F_DEADLY, "35-39 | 6, 7"},
                                     {8, GR_HI, F_DEVAST, "35-39 | 8 ou plus"}};
static const gr_band fire_40_44[] = {{GR_LO, -1, F_INEFF, "40-44 | - 1 ou moins"},
                                     {0, 1, F_IMPR, "40-44 | 0, 1"},
                                     {2, 4, F_EFF, "40-44 | 2, 3, 4"},
                                     {5, 6, F_DEADLY, "40-44 | 5, 6"},
                                     {7, GR_HI, F_DEVAST, "40-44 | 7 ou plus"}};
static const gr_band fire_45_49[] = {{GR_LO, -1, F_INEFF, "45-49 | - 1 ou moins"},
                                     {0, 1, F_IMPR, "45-49 | 0, 1"},
                                     {2, 3, F_EFF, "45-49 | 2, 3"},
                                     {4, 5, F_DEADLY, "45-49 | 4, 5"},
                                     {6, GR_HI, F_DEVAST, "45-49 | 6 ou plus"}};
static const gr_band fire_50[] = {{GR_LO, -1, F_IMPR, "50 ou plus | - 1 ou moins"},
                                  {0, 2, F_EFF, "50 ou plus | 0, 1, 2"},
                                  {3, 4, F_DEADLY, "50 ou plus | 3, 4"},
                                  {5, GR_HI, F_DEVAST, "50 ou plus | 5 ou plus"}};

/* Rows by fire power in whole points; a fractional power reads the row of
 * its whole part (docs/rules/aoe.md, "Fractions of fire power"). */
static const gr_band_row fire_rows[] = {
    GR_ROW(GR_LO, 0, "Moins de 1", fire_lt1),
    GR_ROW(1, 1, "1", fire_1),
    GR_ROW(2, 2, "2", fire_2),
    GR_ROW(3, 3, "3", fire_3),
    GR_ROW(4, 4, "4", fire_4),
    GR_ROW(5, 5, "5", fire_5),
    GR_ROW(6, 7, "6-7", fire_6_7),
    GR_ROW(8, 9, "8-9", fire_8_9),
    GR_ROW(10, 11, "10-11", fire_10_11),
    GR_ROW(12, 14, "12-14", fire_12_14),
    GR_ROW(15, 19, "15-19", fire_15_19),
    GR_ROW(20, 24, "20-24", fire_20_24),
    GR_ROW(25, 29, "25-29", fire_25_29),
    GR_ROW(30, 34, "30-34", fire_30_34),
    GR_ROW(35, 39, "35-39", fire_35_39),
    GR_ROW(40, 44, "40-44", fire_40_44),
    GR_ROW(45, 49, "45-49", fire_45_49),
    GR_ROW(50, GR_HI, "50 ou plus", fire_50),
};

enum { FIRE_POWER, FIRE_SCORE };
static const gr_param fire_params[] = {
    [FIRE_POWER] =
        GR_NUM_REQ("power", 0, 500 * GR_MILLI,
                   "fire power after multipliers (fractions read the row of their whole part)"),
    [FIRE_SCORE] = GR_SCORE_PARAM("score", "modified D10 total"),
};

static gr_status fire_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int whole = (int)(a->v[FIRE_POWER] / GR_MILLI);
    gr_status st = gr_rows_read(fire_rows, GR_COUNT(fire_rows), whole, (int)a->v[FIRE_SCORE], out,
                                "fire", err);
    if (st == GR_OK && whole < 1)
        out->note = "power below 1: the row prints no result (-), so the fire has no effect";
    else if (st == GR_OK && a->v[FIRE_POWER] % GR_MILLI)
        out->note = "fractional power: read on the row of its whole part";
    return st;
}

GR_ROWS_CELLS(fire_cells, fire_rows)

const gr_table aoe_fire_table = {
    .name = "fire",
    .title = "Table des tirs",
    .source = AOE_SRC_TABLES ", Table des tirs",
    GR_ARRAY(params, fire_params),
    GR_ROLLED(FIRE_SCORE, GR_ROLL_D10),
    GR_ARRAY(outcomes, fire_outcomes),
    .lookup = fire_lookup,
    .cells = fire_cells,
    .effects = fire_effects,
    .example = "grognard lookup aoe fire --power 13 --score 8",
};

/* ---- Table des combats (seed 003) ----------------------------------------- */

enum { C_D_SHAT, C_D_DRIVEN, C_D_FALLS, C_LOCKED, C_A_FALLS, C_A_DRIVEN, C_A_SHAT };

static const gr_outcome combat_outcomes[] = {
    [C_D_SHAT] = {"defender_shattered", "Fracassé !",
                  "DÉFENSEUR : retraite à pleine vitesse en désordre/muette. Deux bases "
                  "déroutent. Un général et une batterie sont capturés si présents. Une base "
                  "supplémentaire ou une batterie est capturée pour chaque point de différence "
                  "entre les scores supérieure à 10. ATTAQUANT : perce avec charge à "
                  "demi-vitesse vers l'unité ennemie la plus proche."},
    [C_D_DRIVEN] = {"defender_driven_back", "Ramené !",
                    "DÉFENSEUR : retraite en désordre/muette au-delà de la portée de "
                    "mousquetterie/des tirailleurs ou d'une demi-vitesse (la plus élevée des "
                    "deux). Une base dérouté et une batterie est endommagée si présentes. "
                    "ATTAQUANT : occupe la position évacuée par l'ennemi ou perce avec charge à "
                    "demi-vitesse vers l'unité ennemie la plus proche."},
    [C_D_FALLS] = {"defender_falls_back", "Recule !",
                   "DÉFENSEUR : les brigades retraitent en désordre à 2\" de l'ennemi. Les "
                   "batteries sont muettes et retraitent au-delà de la portée de "
                   "mousquetterie/des tirailleurs ou d'une demi-vitesse (la plus élevée des "
                   "deux). ATTAQUANT : occupe la position évacuée par l'ennemi."},
    [C_LOCKED] = {"locked", "Fixé au combat !",
                  "ATTAQUANT & DÉFENSEUR : les deux camps sont en désordre/muette, et chacun "
                  "perd une base ou une batterie est endommagée."},
    [C_A_FALLS] = {"attacker_falls_back", "Recule !",
                   "ATTAQUANT : retraite en désordre à 2\" de l'ennemi. DÉFENSEUR : garde sa "
                   "position. L'infanterie en terrain libre forme le carré si victorieuse contre "
                   "la cavalerie."},
    [C_A_DRIVEN] = {"attacker_driven_back", "Ramené !",
                    "ATTAQUANT : retraite en désordre au-delà de la portée de mousquetterie/des "
                    "tirailleurs ou d'une demi-vitesse (la plus élevée des deux). Une base "
                    "dérouté. DÉFENSEUR : garde sa position. L'infanterie en terrain libre forme "
                    "le carré si victorieuse contre la cavalerie."},
    [C_A_SHAT] = {"attacker_shattered", "Fracassé !",
                  "ATTAQUANT : retraite à pleine vitesse en désordre/muette. Deux bases "
                  "déroutent et un général est capturé si présent. Une base supplémentaire est "
                  "capturée pour chaque point de différence entre les scores supérieure à 10. "
                  "DÉFENSEUR : garde sa position. L'infanterie en terrain libre forme le carré si "
                  "victorieuse contre la cavalerie."},
};

/* What each result does (seed 003, Table des combats).  "en désordre/muette":
 * brigades disordered, batteries silenced; the attacker is a brigade. */
#define SQUARE_LINE                                                                                \
    {                                                                                              \
        .who = GR_FX_TARGET, .arm = GR_FX_INFANTRY, .when = GR_FX_IF_WON_VS_CAVALRY_IN_OPEN,       \
        .square = 1                                                                                \
    }
static const gr_effect combat_fx_d_shat[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_FULL_MOVE,
     .stands = 2,
     .per_point = 1,
     .beyond = 10},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_CAPTURED},
    {.who = GR_FX_TARGET, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_CAPTURED},
    {.who = GR_FX_ATTACKER, .position = GR_POS_BREAKTHROUGH},
};
static const gr_effect combat_fx_d_driven[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_BEYOND_MUSKET_OR_HALF,
     .stands = 1},
    {.who = GR_FX_TARGET,
     .arm = GR_FX_GUNS,
     .guns = GR_GUNS_SILENCED,
     .retreat = GR_RETREAT_BEYOND_MUSKET_OR_HALF},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_DAMAGED},
    {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES_OR_BREAKTHROUGH},
};
static const gr_effect combat_fx_d_falls[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_TO_DISTANCE,
     .distance = 2},
    {.who = GR_FX_TARGET,
     .arm = GR_FX_GUNS,
     .guns = GR_GUNS_SILENCED,
     .retreat = GR_RETREAT_BEYOND_MUSKET_OR_HALF},
    {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES},
};
static const gr_effect combat_fx_locked[] = {
    {.who = GR_FX_EACH, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 1},
    {.who = GR_FX_EACH, .arm = GR_FX_GUNS, .guns = GR_GUNS_SILENCED},
    {.who = GR_FX_EACH, .arm = GR_FX_GUNS, .guns = GR_GUNS_DAMAGED},
};
static const gr_effect combat_fx_a_falls[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_TO_DISTANCE,
     .distance = 2},
    {.who = GR_FX_TARGET, .position = GR_POS_HOLDS},
    SQUARE_LINE,
};
static const gr_effect combat_fx_a_driven[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_BEYOND_MUSKET_OR_HALF,
     .stands = 1},
    {.who = GR_FX_TARGET, .position = GR_POS_HOLDS},
    SQUARE_LINE,
};
static const gr_effect combat_fx_a_shat[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_FULL_MOVE,
     .stands = 2,
     .per_point = 1,
     .beyond = 10},
    {.who = GR_FX_ATTACKER, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_CAPTURED},
    {.who = GR_FX_TARGET, .position = GR_POS_HOLDS},
    SQUARE_LINE,
};
#undef SQUARE_LINE
static const gr_effects combat_effects[] = {
    [C_D_SHAT] = GR_EFFECTS(combat_fx_d_shat),   [C_D_DRIVEN] = GR_EFFECTS(combat_fx_d_driven),
    [C_D_FALLS] = GR_EFFECTS(combat_fx_d_falls), [C_LOCKED] = GR_EFFECTS(combat_fx_locked),
    [C_A_FALLS] = GR_EFFECTS(combat_fx_a_falls), [C_A_DRIVEN] = GR_EFFECTS(combat_fx_a_driven),
    [C_A_SHAT] = GR_EFFECTS(combat_fx_a_shat),
};

static const gr_band combat_bands[] = {
    {7, GR_HI, C_D_SHAT, "7 ou plus"},    {4, 6, C_D_DRIVEN, "4, 5, 6"},
    {1, 3, C_D_FALLS, "1, 2, 3"},         {0, 0, C_LOCKED, "0"},
    {-3, -1, C_A_FALLS, "-1, -2, -3"},    {-6, -4, C_A_DRIVEN, "-4, -5, -6"},
    {GR_LO, -7, C_A_SHAT, "-7 ou moins"},
};

static const gr_param combat_params[] = {
    GR_INT_REQ("difference", GR_SCORE_MIN, GR_SCORE_MAX,
               "attacker's modified total minus defender's"),
};

static gr_status combat_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int d = (int)a->v[0];
    gr_status st = gr_bands_read(combat_bands, GR_COUNT(combat_bands), d, out, "combat", err);
    if (st != GR_OK)
        return st;
    /* "Une base supplémentaire ... pour chaque point de différence supérieure à 10" */
    int beyond = d > 10 ? d - 10 : d < -10 ? -d - 10 : 0;
    if (beyond)
        gr_cell_int(out, "extra_stands", beyond);
    return GR_OK;
}

GR_BANDS_CELLS(combat_cells, combat_bands)

const gr_table aoe_combat_table = {
    .name = "combat",
    .title = "Table des combats",
    .source = AOE_SRC_TABLES ", Table des combats",
    GR_ARRAY(params, combat_params),
    GR_ROLLED(0, GR_ROLL_D10_VS_D10),
    GR_ARRAY(outcomes, combat_outcomes),
    .lookup = combat_lookup,
    .cells = combat_cells,
    .effects = combat_effects,
    .example = "grognard lookup aoe combat --difference 5",
};

/* ---- Table des mouvements (seed 003, Figure 8 of seed 000) ------------------ */

enum {
    M_D_ELAN,
    M_D_RALLY,
    M_D_SHAKEN_RALLIED,
    M_D_HESITANT,
    M_D_SHAKEN_RETREATS,
    M_D_ROUT,
    M_O_BAYONET,
    M_O_FORWARD,
    M_O_CAUTION,
    M_O_ORDER_ARMS,
    M_O_FALL_BACK,
    M_O_RETREAT,
    M_R_ELAN,
    M_R_SUCCESS,
    M_R_PARTIAL,
    M_R_FAILURE,
};

/* The disordered and reserve columns both print "Élan" (different effects),
 * and the disordered column prints "Ébranlée" twice (5-6 and 1-2): they are
 * different results with their own ids (seeds README; docs/rules/aoe.md). */
static const gr_outcome movement_outcomes[] = {
    [M_D_ELAN] = {"elan", "Élan.", "Ralliée. Bouge normalement."},
    [M_D_RALLY] = {"rally", "Ralliement.",
                   "Ralliée. Bouge à demi-vitesse. Pas de changement de formation."},
    [M_D_SHAKEN_RALLIED] = {"shaken_rallied", "Ébranlée.",
                            "Ralliée mais ne peut changer de formation."},
    [M_D_HESITANT] = {"hesitant", "Hésitante.",
                      "Reste en désordre. Pas de mouvement ni changement de formation."},
    [M_D_SHAKEN_RETREATS] = {"shaken_retreats", "Ébranlée.",
                             "En désordre. Retraite à pleine vitesse et perd 1 base."},
    [M_D_ROUT] = {"rout", "Déroute !", "Retirée du jeu."},
    [M_O_BAYONET] = {"at_the_bayonet", "À la baïonnette !", "Bouge normalement."},
    [M_O_FORWARD] = {"forward", "En avant !", "Bouge normalement."},
    [M_O_CAUTION] = {"caution", "Prudence !",
                     "Bouge à demi-vitesse. Ne peut changer de formation."},
    [M_O_ORDER_ARMS] = {"order_arms", "Armes au pied !",
                        "Pas de mouvement ni changement de formation."},
    [M_O_FALL_BACK] = {"fall_back", "En arrière !", "Recule hors de portée de mousquetterie."},
    [M_O_RETREAT] = {"retreat", "Retraite !", "Retraite à pleine vitesse en désordre."},
    [M_R_ELAN] = {"elan", "Élan.", "Bouge normalement. Ralliée si régulière."},
    [M_R_SUCCESS] = {"success", "Succès.", "Bouge normalement. Ralliée si régulière."},
    [M_R_PARTIAL] = {"partial_failure", "Échec partiel.",
                     "Pas de mouvement. Ralliée si régulière."},
    [M_R_FAILURE] = {"failure", "Échec.", "Pas de mouvement."},
};

/* What each result does (seed 003, Table des mouvements). */
#define MV_FX(name, ...) static const gr_effect name[] = {__VA_ARGS__}
MV_FX(mv_fx_d_elan, {.disorder = GR_FX_RALLIED, .move = GR_MOVE_FULL});
MV_FX(mv_fx_d_rally, {.disorder = GR_FX_RALLIED, .move = GR_MOVE_HALF, .formation = -1});
MV_FX(mv_fx_d_shaken_rallied, {.disorder = GR_FX_RALLIED, .formation = -1});
MV_FX(mv_fx_d_hesitant,
      {.disorder = GR_FX_STAYS_DISORDERED, .move = GR_MOVE_NONE, .formation = -1});
MV_FX(mv_fx_d_shaken_retreats,
      {.disorder = GR_FX_STAYS_DISORDERED, .retreat = GR_RETREAT_FULL_MOVE, .stands = 1});
MV_FX(mv_fx_d_rout, {.removed = 1});
MV_FX(mv_fx_o_full, {.move = GR_MOVE_FULL});
MV_FX(mv_fx_o_caution, {.move = GR_MOVE_HALF, .formation = -1});
MV_FX(mv_fx_o_order_arms, {.move = GR_MOVE_NONE, .formation = -1});
MV_FX(mv_fx_o_fall_back, {.retreat = GR_RETREAT_BEYOND_MUSKET});
MV_FX(mv_fx_o_retreat, {.retreat = GR_RETREAT_FULL_MOVE, .disorder = GR_FX_DISORDERED});
MV_FX(mv_fx_r_full, {.move = GR_MOVE_FULL}, {.when = GR_FX_IF_REGULAR, .disorder = GR_FX_RALLIED});
MV_FX(mv_fx_r_partial, {.move = GR_MOVE_NONE},
      {.when = GR_FX_IF_REGULAR, .disorder = GR_FX_RALLIED});
MV_FX(mv_fx_r_failure, {.move = GR_MOVE_NONE});
#undef MV_FX
static const gr_effects movement_effects[] = {
    [M_D_ELAN] = GR_EFFECTS(mv_fx_d_elan),
    [M_D_RALLY] = GR_EFFECTS(mv_fx_d_rally),
    [M_D_SHAKEN_RALLIED] = GR_EFFECTS(mv_fx_d_shaken_rallied),
    [M_D_HESITANT] = GR_EFFECTS(mv_fx_d_hesitant),
    [M_D_SHAKEN_RETREATS] = GR_EFFECTS(mv_fx_d_shaken_retreats),
    [M_D_ROUT] = GR_EFFECTS(mv_fx_d_rout),
    [M_O_BAYONET] = GR_EFFECTS(mv_fx_o_full),
    [M_O_FORWARD] = GR_EFFECTS(mv_fx_o_full),
    [M_O_CAUTION] = GR_EFFECTS(mv_fx_o_caution),
    [M_O_ORDER_ARMS] = GR_EFFECTS(mv_fx_o_order_arms),
    [M_O_FALL_BACK] = GR_EFFECTS(mv_fx_o_fall_back),
    [M_O_RETREAT] = GR_EFFECTS(mv_fx_o_retreat),
    [M_R_ELAN] = GR_EFFECTS(mv_fx_r_full),
    [M_R_SUCCESS] = GR_EFFECTS(mv_fx_r_full),
    [M_R_PARTIAL] = GR_EFFECTS(mv_fx_r_partial),
    [M_R_FAILURE] = GR_EFFECTS(mv_fx_r_failure),
};

static const gr_band mv_disordered[] = {
    {10, GR_HI, M_D_ELAN, "En désordre | 10 ou plus"},
    {7, 9, M_D_RALLY, "En désordre | 7, 8, 9"},
    {5, 6, M_D_SHAKEN_RALLIED, "En désordre | 5, 6"},
    {3, 4, M_D_HESITANT, "En désordre | 3, 4"},
    {1, 2, M_D_SHAKEN_RETREATS, "En désordre | 1, 2"},
    {GR_LO, 0, M_D_ROUT, "En désordre | 0 ou moins"},
};
static const gr_band mv_ordered[] = {
    {10, GR_HI, M_O_BAYONET, "En ordre | 10 ou plus"},
    {7, 9, M_O_FORWARD, "En ordre | 7, 8, 9"},
    {5, 6, M_O_CAUTION, "En ordre | 5, 6"},
    {3, 4, M_O_ORDER_ARMS, "En ordre | 3, 4"},
    {1, 2, M_O_FALL_BACK, "En ordre | 1, 2"},
    {GR_LO, 0, M_O_RETREAT, "En ordre | 0 ou moins"},
};
static const gr_band mv_reserve[] = {
    {10, GR_HI, M_R_ELAN, "Mouvement de réserve | 10 ou plus"},
    {7, 9, M_R_SUCCESS, "Mouvement de réserve | 7, 8, 9"},
    {5, 6, M_R_PARTIAL, "Mouvement de réserve | 5, 6"},
    {3, 4, M_R_FAILURE, "Mouvement de réserve | 3, 4"},
    {1, 2, M_R_FAILURE, "Mouvement de réserve | 1, 2"},
    {GR_LO, 0, M_R_FAILURE, "Mouvement de réserve | 0 ou moins"},
};

const char *const aoe_movement_states[] = {"ordered", "disordered", "reserve", NULL};
enum { MV_ORDERED, MV_DISORDERED, MV_RESERVE };

static const gr_band_row mv_columns[] = {
    [MV_ORDERED] = GR_ROW(MV_ORDERED, MV_ORDERED, "En ordre", mv_ordered),
    [MV_DISORDERED] = GR_ROW(MV_DISORDERED, MV_DISORDERED, "En désordre", mv_disordered),
    [MV_RESERVE] = GR_ROW(MV_RESERVE, MV_RESERVE, "Mouvement de réserve", mv_reserve),
};

enum { MVT_STATE, MVT_SCORE };
static const gr_param movement_params[] = {
    [MVT_STATE] =
        GR_ENUM_REQ("state", aoe_movement_states,
                    "column: ordered (En ordre), disordered (En désordre), reserve (Mouvement "
                    "de réserve)"),
    [MVT_SCORE] = GR_SCORE_PARAM("score", "modified D10 total"),
};

static gr_status movement_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    return gr_rows_read(mv_columns, GR_COUNT(mv_columns), (int)a->v[MVT_STATE],
                        (int)a->v[MVT_SCORE], out, "movement", err);
}

GR_ROWS_CELLS(movement_cells, mv_columns)

static int movement_in_column(const gr_args *a, int k)
{
    int col = (int)a->v[MVT_STATE];
    const gr_band_row *r = &mv_columns[col];
    for (size_t i = 0; i < r->nbands; i++)
        if (r->bands[i].outcome == k)
            return 1;
    return 0;
}

const gr_table aoe_movement_table = {
    .name = "movement",
    .title = "Table des mouvements",
    .source = AOE_SRC_TABLES ", Table des mouvements; " AOE_SRC_RULES ", Figure 8",
    GR_ARRAY(params, movement_params),
    GR_ROLLED(MVT_SCORE, GR_ROLL_D10),
    GR_ARRAY(outcomes, movement_outcomes),
    .lookup = movement_lookup,
    .cells = movement_cells,
    .effects = movement_effects,
    .example = "grognard lookup aoe movement --state disordered --score 6",
    .in_column = movement_in_column,
};

/* ---- Table des généraux touchés (seed 003) -------------------------------- */

static const gr_outcome gh_outcomes[] = {
    {"unharmed", "Général indemne", "Le général est indemne."},
    {"out_of_action", "Général hors de combat", "Général hors de combat, remplacé après un Tour."},
};

static const gr_effect gh_fx_out[] = {{.leader = GR_LEADER_OUT_OF_ACTION}};
static const gr_effects gh_effects[] = {{NULL, 0}, GR_EFFECTS(gh_fx_out)};
static const gr_band gh_bands[] = {
    {6, GR_HI, 0, "6 +"},
    {GR_LO, 5, 1, "5 -"},
};
static const gr_param gh_params[] = {GR_SCORE_PARAM("score", "modified D10 total")};

GR_BANDS_LOOKUP(gh_lookup, gh_bands, "general_hit")

GR_BANDS_CELLS(gh_cells, gh_bands)

const gr_table aoe_general_hit_table = {
    .name = "general_hit",
    .title = "Table des généraux touchés (tirs seulement)",
    .source = AOE_SRC_TABLES ", Table des généraux touchés",
    GR_ARRAY(params, gh_params),
    GR_ROLLED(0, GR_ROLL_D10),
    GR_ARRAY(outcomes, gh_outcomes),
    .lookup = gh_lookup,
    .cells = gh_cells,
    .effects = gh_effects,
    .example = "grognard lookup aoe general_hit --score 5",
};

/* ---- Artillery fire power by range (seed 003, PUISSANCE) ------------------- */

const char *const aoe_artillery_classes[] = {"old_guard_or_russian", "french_line_or_british",
                                             "other", NULL};
const char *const aoe_weights[] = {"heavy", "light", NULL};

/* Range columns: a column headed N" covers ranges above the previous
 * heading up to N" (docs/rules/aoe.md). */
static const int art_range_max_milli[] = {2000, 4000, 8000, 12000, 18000};
/* The same columns for the table's game (bt_aoe.c, gr_bt_aoe_fire_bands). */
const int *const aoe_art_range_columns = art_range_max_milli;
const int aoe_art_range_ncolumns = (int)GR_COUNT(art_range_max_milli);

/* "13/11" reads Lourde/légère: heavy/light (the legend beside the row). */
static const int art_power[3][2][5] = {
    /* Vieille Garde ou artillerie russe */
    {{13, 10, 8, 6, 5}, {11, 7, 6, 5, 4}},
    /* Ligne/Jeune Garde françaises ou artillerie britannique/KGL */
    {{12, 9, 7, 5, 4}, {10, 6, 5, 4, 3}},
    /* Autres artilleries */
    {{11, 8, 6, 4, 3}, {9, 5, 4, 3, 2}},
};

/* The printed cell of each class x weight x range column. */
#define ART_CELLS(cls, w)                                                                          \
    {                                                                                              \
        cls " | 2\" | " w, cls " | 4\" | " w, cls " | 8\" | " w, cls " | 12\" | " w,               \
            cls " | 18\" | " w                                                                     \
    }
#define ART_ROW(cls)                                                                               \
    {                                                                                              \
        ART_CELLS(cls, "lourde"), ART_CELLS(cls, "légère")                                         \
    }
static const char *const art_cells[3][2][5] = {
    ART_ROW("Vieille Garde ou artillerie russe"),
    ART_ROW("Ligne/Jeune Garde françaises ou artillerie britannique/KGL"),
    ART_ROW("Autres artilleries"),
};

int aoe_artillery_power(int cls, int weight, int64_t range_milli)
{
    for (int col = 0; col < 5; col++)
        if (range_milli <= art_range_max_milli[col])
            return art_power[cls][weight][col];
    return 0;
}

enum { AP_CLASS, AP_WEIGHT, AP_RANGE };
static const gr_param ap_params[] = {
    [AP_CLASS] = GR_ENUM_REQ("class", aoe_artillery_classes, "artillery class (row)"),
    [AP_WEIGHT] =
        GR_ENUM_REQ("weight", aoe_weights, "heavy (first number) or light (second number)"),
    [AP_RANGE] = GR_NUM_REQ("range", 0, 1000 * GR_MILLI, "range in inches"),
};
static const gr_outcome ap_outcomes[] = {
    {"in_range", "Puissance", "Fire power of the battery at this range."},
    {"out_of_range", "Hors de portée", "Beyond 18\": the battery cannot fire."},
};

static gr_status ap_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int c = (int)a->v[AP_CLASS], w = (int)a->v[AP_WEIGHT];
    for (int col = 0; col < 5; col++)
        if (a->v[AP_RANGE] <= art_range_max_milli[col]) {
            out->outcome = 0;
            out->cell = art_cells[c][w][col];
            gr_cell_int(out, "power", art_power[c][w][col]);
            return GR_OK;
        }
    out->outcome = 1;
    out->cell = "au-delà de 18\"";
    return GR_OK;
}

static size_t ap_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (int c = 0; c < 3; c++)
        for (int w = 0; w < 2; w++)
            for (int col = 0; col < 5; col++, n++)
                if (n < cap)
                    names[n] = art_cells[c][w][col];
    if (n < cap)
        names[n] = "au-delà de 18\"";
    return n + 1;
}

const gr_table aoe_artillery_power_table = {
    .name = "artillery_power",
    .title = "Puissance de l'artillerie",
    .source = AOE_SRC_TABLES ", PUISSANCE (artillery rows)",
    GR_ARRAY(params, ap_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, ap_outcomes),
    .lookup = ap_lookup,
    .cells = ap_cells,
    .example = "grognard lookup aoe artillery_power --class old_guard_or_russian --weight heavy "
               "--range 2",
};

/* ---- Fire power per stand (seed 003, PUISSANCE, infantry and cavalry rows) - */

static const char *const sp_troops[] = {"two_rank_line_or_mixed", "three_rank_line_or_mixed",
                                        "column_square_or_skirmish", "cavalry", NULL};
/* Milli-points per stand, typed from the sheet: 2.5, 2, 1, 0.5. */
static const int sp_milli[] = {2500, 2000, 1000, 500};
static const char *const sp_cells_base[] = {
    "Infanterie linéaire 2 rangs/mixte | 2.5",
    "Infanterie linéaire 3 rangs/mixte | 2",
    "Infanterie colonnaire ou carré/tirailleurs | 1",
    "Cavalerie | 0.5",
};
static const char *const sp_cells_sk[] = {
    "Infanterie linéaire 2 rangs/mixte | 1 Sk",
    "Infanterie linéaire 3 rangs/mixte | 1 Sk",
    "Infanterie colonnaire ou carré/tirailleurs | 1 Sk",
};
enum { SP_TROOPS, SP_SK };
static const gr_param sp_params[] = {
    [SP_TROOPS] = GR_ENUM_REQ("troops", sp_troops, "the firing troops' row"),
    [SP_SK] = GR_FLAG("sk", "read the '1 Sk' column: the brigade's skirmisher (Sk) bonus"),
};
static const gr_outcome sp_outcomes[] = {
    {"per_stand", "Puissance par base", "Fire power of each firing stand."},
    {"sk_bonus", "Sk - Tirailleurs",
     "A brigade rated Sk adds 1 to its fire power (docs/rules/aoe.md)."},
};

/* The "1 Sk" column: a brigade rated Sk adds 1 to its fire power. */
const int64_t aoe_sk_bonus_milli = 1 * GR_MILLI;

int aoe_stand_power_milli(int troops)
{
    return sp_milli[troops];
}

static gr_status sp_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int t = (int)a->v[SP_TROOPS];
    if (gr_args_flag(a, SP_SK)) {
        if (t == 3)
            return gr_error_set(err, GR_EINPUT,
                                "{sk}: the cavalry row has no Sk cell; accepted with the "
                                "infantry rows only");
        out->outcome = 1;
        out->cell = sp_cells_sk[t];
        out->fields[out->nfields++] = (gr_field){"power", GR_F_NUM, aoe_sk_bonus_milli, NULL};
        return GR_OK;
    }
    out->outcome = 0;
    out->cell = sp_cells_base[t];
    out->fields[out->nfields++] = (gr_field){"power", GR_F_NUM, sp_milli[t], NULL};
    return GR_OK;
}

static size_t sp_cells(const char **names, size_t cap)
{
    size_t n = gr_cells_append(sp_cells_base, GR_COUNT(sp_cells_base), names, cap, 0);
    return gr_cells_append(sp_cells_sk, GR_COUNT(sp_cells_sk), names, cap, n);
}

const gr_table aoe_stand_power_table = {
    .name = "stand_power",
    .title = "Puissance de feu par base",
    .source = AOE_SRC_TABLES ", PUISSANCE (infantry and cavalry rows)",
    GR_ARRAY(params, sp_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, sp_outcomes),
    .lookup = sp_lookup,
    .cells = sp_cells,
    .example = "grognard lookup aoe stand_power --troops two_rank_line_or_mixed",
};

/* ---- Table des vitesses (seed 003) ---------------------------------------- */

const char *const aoe_speed_units[] = {
    "columnar_infantry", "linear_infantry", "mixed_infantry", "cavalry",
    "foot_artillery",    "horse_artillery", "generals",       NULL};
const char *const aoe_speed_terrains[] = {"nominal", "road", "difficult", "ford", NULL};
/* Nominal, Route (inches); Difficile (a fraction of nominal); À gué (inches
 * taken off nominal) - as printed. */
static const struct {
    int nominal, road, diff_den, ford_minus;
    const char *cells[4];
} speeds[] = {
    {9,
     12,
     2,
     2,
     {"Infanterie colonnaire | Nominale 9\"", "Infanterie colonnaire | Route 12\"",
      "Infanterie colonnaire | Difficile x 1/2", "Infanterie colonnaire | À gué -2\""}},
    {6,
     12,
     2,
     2,
     {"Infanterie linéaire | Nominale 6\"", "Infanterie linéaire | Route 12\"",
      "Infanterie linéaire | Difficile x 1/2", "Infanterie linéaire | À gué -2\""}},
    {9,
     12,
     2,
     2,
     {"Infanterie mixte | Nominale 9\"", "Infanterie mixte | Route 12\"",
      "Infanterie mixte | Difficile x 1/2", "Infanterie mixte | À gué -2\""}},
    {12,
     15,
     3,
     2,
     {"Cavalerie | Nominale 12\"", "Cavalerie | Route 15\"", "Cavalerie | Difficile x 1/3",
      "Cavalerie | À gué -2\""}},
    {6,
     9,
     3,
     3,
     {"Artillerie à pied | Nominale 6\"", "Artillerie à pied | Route 9\"",
      "Artillerie à pied | Difficile x 1/3", "Artillerie à pied | À gué -3\""}},
    {9,
     12,
     3,
     3,
     {"Artillerie à cheval | Nominale 9\"", "Artillerie à cheval | Route 12\"",
      "Artillerie à cheval | Difficile x 1/3", "Artillerie à cheval | À gué -3\""}},
    {12,
     15,
     3,
     2,
     {"Généraux et ADC | Nominale 12\"", "Généraux et ADC | Route 15\"",
      "Généraux et ADC | Difficile x 1/3", "Généraux et ADC | À gué -2\""}},
};

/* "- 3" par unité traversée" (under the Table des vitesses). */
const int64_t aoe_pass_through_milli = 3 * GR_MILLI;
const char aoe_pass_through_text[] = "- 3\" par unité traversée";

int64_t aoe_speed_milli(int unit, int terrain)
{
    int64_t nominal = (int64_t)speeds[unit].nominal * GR_MILLI;
    switch (terrain) {
    case 1: return (int64_t)speeds[unit].road * GR_MILLI;
    case 2: return nominal / speeds[unit].diff_den;
    case 3: return nominal - (int64_t)speeds[unit].ford_minus * GR_MILLI;
    default: return nominal;
    }
}

enum { SPD_UNIT, SPD_TERRAIN };
static const gr_param speed_params[] = {
    [SPD_UNIT] = GR_ENUM_REQ("unit", aoe_speed_units, "the moving unit's row"),
    [SPD_TERRAIN] =
        GR_ENUM_REQ("terrain", aoe_speed_terrains,
                    "column: nominal (Nominale), road (Route), difficult (Difficile), ford (À "
                    "gué)"),
};
static const gr_outcome speed_outcomes[] = {
    {"speed", "Vitesse", "Movement allowance in inches (field \"inches\")."},
};

static gr_status speed_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int u = (int)a->v[SPD_UNIT], t = (int)a->v[SPD_TERRAIN];
    out->outcome = 0;
    out->cell = speeds[u].cells[t];
    out->fields[out->nfields++] = (gr_field){"inches", GR_F_NUM, aoe_speed_milli(u, t), NULL};
    return GR_OK;
}

static size_t speed_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t u = 0; u < GR_COUNT(speeds); u++)
        for (int t = 0; t < 4; t++, n++)
            if (n < cap)
                names[n] = speeds[u].cells[t];
    return n;
}

const gr_table aoe_speed_table = {
    .name = "speed",
    .title = "Table des vitesses",
    .source = AOE_SRC_TABLES ", Table des vitesses",
    GR_ARRAY(params, speed_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, speed_outcomes),
    .lookup = speed_lookup,
    .cells = speed_cells,
    .example = "grognard lookup aoe speed --unit cavalry --terrain difficult",
};

/* ---- Interphase d'initiative (seed 000, seed 003 Séquence de jeu) ----------- */

static const gr_outcome init_outcomes[] = {
    {"first_chooses", "Le 1er général en chef choisit",
     "The first commander-in-chief chooses to be the 1st player or not."},
    {"second_chooses", "Le 2e général en chef choisit",
     "The second commander-in-chief chooses to be the 1st player or not."},
    {"tie", "Égalité", "Equal scores: both roll again (docs/rules/aoe.md)."},
};

static const gr_effect init_fx_first[] = {{.first_player = 1}};
static const gr_effect init_fx_second[] = {{.first_player = 2}};
static const gr_effect init_fx_tie[] = {{.first_player = -1}};
static const gr_effects init_effects[] = {GR_EFFECTS(init_fx_first), GR_EFFECTS(init_fx_second),
                                          GR_EFFECTS(init_fx_tie)};
static const gr_band init_bands[] = {
    {1, GR_HI, 0, "score du 1er plus haut"},
    {GR_LO, -1, 1, "score du 2e plus haut"},
    {0, 0, 2, "égalité"},
};
static const gr_param init_params[] = {
    GR_INT_REQ("difference", GR_SCORE_MIN, GR_SCORE_MAX,
               "first commander's modified D10 minus the second's"),
};

GR_BANDS_LOOKUP(init_lookup, init_bands, "initiative")

GR_BANDS_CELLS(init_cells, init_bands)

const gr_table aoe_initiative_table = {
    .name = "initiative",
    .title = "Interphase d'initiative",
    .source = AOE_SRC_RULES ", Séquence de jeu, Interphase d'initiative",
    GR_ARRAY(params, init_params),
    GR_ROLLED(0, GR_ROLL_D10_VS_D10),
    GR_ARRAY(outcomes, init_outcomes),
    .lookup = init_lookup,
    .cells = init_cells,
    .effects = init_effects,
    .example = "grognard odds aoe initiative --modifier 1",
};

/* ---- Zone de réserve (seed 000) -------------------------------------------- */

static const char *const rz_zones[] = {"reserve", "tactical", NULL};
enum { RZ_ZONE, RZ_ENEMY };
static const gr_param rz_params[] = {
    [RZ_ZONE] = GR_ENUM_REQ("zone", rz_zones, "the zone the unit is in now"),
    [RZ_ENEMY] = GR_NUM_REQ("nearest-enemy", 0, 10000 * GR_MILLI,
                            "inches to the nearest enemy brigade or battery"),
};
static const gr_outcome rz_outcomes[] = {
    {"reserve", "Zone de réserve", "The unit may use reserve movement."},
    {"tactical", "Zone tactique", "The unit moves and fights by the rules of the tactical zone."},
};
#define RZ_LIMIT_MILLI (18 * GR_MILLI) /* 18" (seed 000) */

static gr_status rz_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int64_t d = a->v[RZ_ENEMY];
    if (a->v[RZ_ZONE] == 0) { /* "s'approche à moins de 18"" */
        out->outcome = d < RZ_LIMIT_MILLI ? 1 : 0;
        out->cell = d < RZ_LIMIT_MILLI ? "zone de réserve | ennemi à moins de 18\""
                                       : "zone de réserve | ennemi à 18\" ou plus";
    } else { /* "reculent au-delà de 18"" */
        out->outcome = d > RZ_LIMIT_MILLI ? 0 : 1;
        out->cell = d > RZ_LIMIT_MILLI ? "zone tactique | ennemis au-delà de 18\""
                                       : "zone tactique | ennemi à 18\" ou moins";
    }
    return GR_OK;
}

static size_t rz_cells(const char **names, size_t cap)
{
    static const char *const all[] = {
        "zone de réserve | ennemi à moins de 18\"", "zone de réserve | ennemi à 18\" ou plus",
        "zone tactique | ennemis au-delà de 18\"", "zone tactique | ennemi à 18\" ou moins"};
    return gr_cells_append(all, GR_COUNT(all), names, cap, 0);
}

const gr_table aoe_reserve_zone_table = {
    .name = "reserve_zone",
    .title = "Zone de réserve",
    .source = AOE_SRC_RULES ", mouvement de réserve (18\")",
    GR_ARRAY(params, rz_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, rz_outcomes),
    .lookup = rz_lookup,
    .cells = rz_cells,
    .example = "grognard lookup aoe reserve_zone --zone reserve --nearest-enemy 17.5",
};

/* ---- Reserve movement DRM by army commander (seed 000) --------------------- */

const char *const aoe_commanders[] = {
    "napoleon_with_berthier",
    "napoleon",
    "davout",
    "wellington",
    "archduke_charles",
    "suvorov",
    "lannes",
    "massena",
    "moreau",
    "suchet",
    "blucher_1813_1815",
    "prussian_1813_1815",
    "moore",
    "kutuzov",
    "barclay_de_tolly",
    "bagration",
    "other_french",
    "bernadotte",
    "other",
    "archduke_john",
    "duke_of_brunswick",
    "cuesta",
    "tsar_alexander",
    "prince_of_orange",
    NULL,
};
/* Each printed line of the list: its DRM, the cell, the first and last
 * commander index it names. */
static const struct {
    int drm, first, last;
    const char *cell;
} rc_lines[] = {
    {+3, 0, 0, "+ 3 Napoléon avec Berthier"},
    {+2, 1, 3, "+ 2 Napoléon (sans Berthier), Davout, Wellington"},
    {+1, 4, 10, "+ 1 archiduc Charles, Souvorov, Lannes, Masséna, Moreau, Suchet, Blücher"},
    {0, 11, 17,
     "0 prussien (autre que Blücher), Moore, Koutousov, Barclay, Bagration, autre "
     "français, Bernadotte"},
    {-1, 18, 18, "- 1 tout autre général"},
    {-2, 19, 23, "- 2 archiduc Jean, Brunswick, Cuesta, tsar Alexandre, prince d'Orange"},
};
#define RC_ENGAGED_CELL "- 2 général en chef engagé, capturé ou tué"

int aoe_commander_drm(int commander)
{
    for (size_t i = 0; i < GR_COUNT(rc_lines); i++)
        if (commander >= rc_lines[i].first && commander <= rc_lines[i].last)
            return rc_lines[i].drm;
    return -1;
}

const char *aoe_commander_cell(int commander)
{
    for (size_t i = 0; i < GR_COUNT(rc_lines); i++)
        if (commander >= rc_lines[i].first && commander <= rc_lines[i].last)
            return rc_lines[i].cell;
    return NULL;
}

const char aoe_commander_engaged_cell[] = RC_ENGAGED_CELL;

enum { RC_COMMANDER, RC_ENGAGED };
static const gr_param rc_params[] = {
    [RC_COMMANDER] = GR_ENUM_REQ("commander", aoe_commanders, "the army's commander-in-chief"),
    [RC_ENGAGED] = GR_FLAG(
        "engaged", "the commander-in-chief is engaged (attached or substituted), captured or "
                   "killed"),
};
static const gr_outcome rc_outcomes[] = {
    {"modifier", "DRM du mouvement de réserve",
     "Die modifier for every brigade attempting reserve movement (field \"modifier\")."},
};

static gr_status rc_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    out->outcome = 0;
    if (gr_args_flag(a, RC_ENGAGED)) {
        out->cell = RC_ENGAGED_CELL;
        gr_cell_int(out, "modifier", -2);
        return GR_OK;
    }
    int c = (int)a->v[RC_COMMANDER];
    for (size_t i = 0; i < GR_COUNT(rc_lines); i++)
        if (c >= rc_lines[i].first && c <= rc_lines[i].last) {
            out->cell = rc_lines[i].cell;
            gr_cell_int(out, "modifier", rc_lines[i].drm);
        }
    return GR_OK;
}

static size_t rc_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < GR_COUNT(rc_lines); i++, n++)
        if (n < cap)
            names[n] = rc_lines[i].cell;
    if (n < cap)
        names[n] = RC_ENGAGED_CELL;
    return n + 1;
}

const gr_table aoe_reserve_commander_table = {
    .name = "reserve_commander",
    .title = "Modificateurs du mouvement de réserve: général en chef",
    .source = AOE_SRC_RULES ", Modificateurs du mouvement de réserve",
    GR_ARRAY(params, rc_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, rc_outcomes),
    .lookup = rc_lookup,
    .cells = rc_cells,
    .example = "grognard lookup aoe reserve_commander --commander davout",
};

/* ---- Artillerie: actions (seed 000 and seed 003, Artillerie) ----------------- */

static const char *const art_actions[] = {"none", "limber", "unlimber", "move",
                                          "fire", "pivot",  NULL};
enum { AA_NONE, AA_LIMBER, AA_UNLIMBER, AA_MOVE, AA_FIRE, AA_PIVOT };
enum { AAP_FIRST, AAP_SECOND, AAP_LIMBERED, AAP_SILENCED, AAP_GENERAL, AAP_PIVOT };
static const gr_param aa_params[] = {
    [AAP_FIRST] =
        GR_ENUM_REQ("first", art_actions, "the battery's first action this friendly segment"),
    [AAP_SECOND] = GR_ENUM("second", art_actions, "its second action (or none)"),
    [AAP_LIMBERED] = GR_FLAG("limbered", "the battery starts the segment limbered (attelée)"),
    [AAP_SILENCED] = GR_FLAG("silenced", "the battery is silenced (muette)"),
    [AAP_GENERAL] = GR_FLAG("general-within-12", "a general is within 12\" (needed to unlimber)"),
    [AAP_PIVOT] = GR_INT("pivot-degrees", 0, 180, "how far a pivot turns"),
};
static const gr_outcome aa_outcomes[] = {
    {"allowed", "Permis", "The battery may take these actions."},
    {"forbidden", "Interdit", "The battery may not take these actions (see the cell)."},
};
#define AAC_OK           "2 actions possibles par Segment ami"
#define AAC_UNLIMBER_GEN "Ne peut être mise en batterie que par un général dans ses 12\""
#define AAC_SILENT       "Si muette ne peut plus tirer"
#define AAC_PIVOT        "pivoter (en batterie) de 0 à 45°"
#define AAC_LIMBERED     "atteler, bouger: la batterie doit être attelée pour bouger"
#define AAC_UNLIMBERED   "dételer, tirer, pivoter: la batterie doit être en batterie"

static gr_status aa_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int acts[2] = {(int)a->v[AAP_FIRST], (int)gr_args_get(a, AAP_SECOND, AA_NONE)};
    int limbered = gr_args_flag(a, AAP_LIMBERED);
    out->outcome = 1;
    for (int i = 0; i < 2; i++) {
        switch (acts[i]) {
        case AA_NONE: continue;
        case AA_LIMBER:
            if (limbered) {
                out->cell = AAC_UNLIMBERED;
                return GR_OK;
            }
            limbered = 1;
            break;
        case AA_UNLIMBER:
            if (!limbered) {
                out->cell = AAC_LIMBERED;
                return GR_OK;
            }
            if (!gr_args_flag(a, AAP_GENERAL)) {
                out->cell = AAC_UNLIMBER_GEN;
                return GR_OK;
            }
            limbered = 0;
            break;
        case AA_MOVE:
            if (!limbered) {
                out->cell = AAC_LIMBERED;
                return GR_OK;
            }
            break;
        case AA_FIRE:
            if (gr_args_flag(a, AAP_SILENCED)) {
                out->cell = AAC_SILENT;
                return GR_OK;
            }
            if (limbered) {
                out->cell = AAC_UNLIMBERED;
                return GR_OK;
            }
            break;
        case AA_PIVOT:
            if (limbered) {
                out->cell = AAC_UNLIMBERED;
                return GR_OK;
            }
            if (gr_args_get(a, AAP_PIVOT, 0) > 45) {
                out->cell = AAC_PIVOT;
                return GR_OK;
            }
            break;
        }
    }
    out->outcome = 0;
    out->cell = AAC_OK;
    return GR_OK;
}

static size_t aa_cells(const char **names, size_t cap)
{
    static const char *const all[] = {AAC_OK,    AAC_UNLIMBER_GEN, AAC_SILENT,
                                      AAC_PIVOT, AAC_LIMBERED,     AAC_UNLIMBERED};
    return gr_cells_append(all, GR_COUNT(all), names, cap, 0);
}

const gr_table aoe_artillery_actions_table = {
    .name = "artillery_actions",
    .title = "Artillerie: actions",
    .source = AOE_SRC_RULES ", Artillerie; " AOE_SRC_TABLES ", Artillerie",
    GR_ARRAY(params, aa_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, aa_outcomes),
    .lookup = aa_lookup,
    .cells = aa_cells,
    .example = "grognard lookup aoe artillery_actions --first unlimber --second fire --limbered "
               "--general-within-12",
};

/* ---- Die modifiers and power multipliers (seed 003; reserve: seed 000) ------
 *
 * Each printed line once, with its value: the procedures read them here,
 * and each list is a table read with --drm ID, tested line by line.  The
 * cells are the printed lines without their value. */

const gr_drm_line aoe_fire_drm[AOE_FD_COUNT] = {
    [AOE_FD_TARGET_MOVING] = {+1, "Cible attelée / a changé de formation / en mode mouvement."},
    [AOE_FD_TARGET_SKIRMISH] = {-2, "Cible en tirailleurs."},
};
static const char *const fire_drm_ids[] = {
    [AOE_FD_TARGET_MOVING] = "target_moving",
    [AOE_FD_TARGET_SKIRMISH] = "target_skirmish",
    [AOE_FD_COUNT] = NULL,
};

const gr_drm_line aoe_general_drm[AOE_GD_COUNT] = {
    [AOE_GD_CHARISMATIC] = {-2, "Général charismatique DRM - 2"},
};
static const char *const general_drm_ids[] = {
    [AOE_GD_CHARISMATIC] = "charismatic",
    [AOE_GD_COUNT] = NULL,
};

const gr_drm_line aoe_combat_drm[AOE_CD_COUNT] = {
    [AOE_CD_GENERAL] = {+1, "Général attaché"},
    [AOE_CD_CHARISMATIC] = {+2, "Général charismatique attaché"},
    [AOE_CD_ODDS_3_2] = {+1, "Supériorité numérique de 3 contre 2 sur l'ennemi"},
    [AOE_CD_ODDS_2_1] = {+2, "Supériorité numérique de 2 contre 1 sur l'ennemi"},
    [AOE_CD_ODDS_3_1] = {+3, "Supériorité numérique de 3 contre 1 sur l'ennemi"},
    [AOE_CD_ODDS_4_1] = {+4, "Supériorité numérique de 4 contre 1 sur l'ennemi"},
    [AOE_CD_CAV_UNDER_5] = {+2, "Cavalerie chargeant de l'infanterie en terrain libre, qui "
                                "n'est pas en carré, de moins de 5\" de distance"},
    [AOE_CD_CAV_5_OR_MORE] = {-3, "Cavalerie chargeant de l'infanterie en terrain libre, qui "
                                  "n'est pas en carré, de 5\" de distance ou plus"},
    [AOE_CD_LANCERS] = {+1, "Lanciers chargeant de l'infanterie en terrain libre"},
    [AOE_CD_HEAVY] = {+1, "Cavalerie lourde"},
    [AOE_CD_CUIRASSIER] = {+2, "Cavalerie lourde cuirassée"},
    [AOE_CD_BREAKTHROUGH] = {+1, "Perce avec charge ou formation soutenue"},
    [AOE_CD_DISADVANTAGED] = {-2, "Brigade en désordre, cavalerie ne contre-chargeant pas, "
                                  "brigade en tirailleurs, batterie non attachée et/ou muette. "
                                  "Ces DRM ne se cumulent pas."},
    [AOE_CD_STAND_LOST] = {-1, "Pour chaque base perdue pendant les tirs précédents"},
    [AOE_CD_OUTFLANKED] = {-3, "Défenseur débordé ou attaqué par l'arrière"},
    [AOE_CD_SQUARE_VS_CAVALRY] = {+3, "Défenseur en carré attaqué par la cavalerie"},
    [AOE_CD_SQUARE_VS_INFANTRY] = {-1, "Défenseur en carré attaqué par l'infanterie"},
    [AOE_CD_FRESH] = {+2, "Brigade fraîche"},
    [AOE_CD_SPENT] = {-2, "Brigade épuisée"},
    [AOE_CD_REGULAR] = {+1, "Unité régulière"},
    [AOE_CD_ELITE] = {+2, "Unité d'élite"},
};
static const char *const combat_drm_ids[] = {
    [AOE_CD_GENERAL] = "general_attached",
    [AOE_CD_CHARISMATIC] = "charismatic_general_attached",
    [AOE_CD_ODDS_3_2] = "odds_3_to_2",
    [AOE_CD_ODDS_2_1] = "odds_2_to_1",
    [AOE_CD_ODDS_3_1] = "odds_3_to_1",
    [AOE_CD_ODDS_4_1] = "odds_4_to_1",
    [AOE_CD_CAV_UNDER_5] = "cavalry_charging_infantry_under_5",
    [AOE_CD_CAV_5_OR_MORE] = "cavalry_charging_infantry_5_or_more",
    [AOE_CD_LANCERS] = "lancers",
    [AOE_CD_HEAVY] = "heavy_cavalry",
    [AOE_CD_CUIRASSIER] = "cuirassiers",
    [AOE_CD_BREAKTHROUGH] = "breakthrough_or_supported",
    [AOE_CD_DISADVANTAGED] = "disordered_skirmish_no_countercharge_or_battery",
    [AOE_CD_STAND_LOST] = "stand_lost_in_fire",
    [AOE_CD_OUTFLANKED] = "defender_outflanked",
    [AOE_CD_SQUARE_VS_CAVALRY] = "defender_square_vs_cavalry",
    [AOE_CD_SQUARE_VS_INFANTRY] = "defender_square_vs_infantry",
    [AOE_CD_FRESH] = "fresh",
    [AOE_CD_SPENT] = "spent",
    [AOE_CD_REGULAR] = "regular",
    [AOE_CD_ELITE] = "elite",
    [AOE_CD_COUNT] = NULL,
};

const gr_drm_line aoe_tactical_drm[AOE_TD_COUNT] = {
    [AOE_TD_DETACHED] = {+1, "Par général hiérarchique ordinaire détaché dans le rayon de cdt "
                             "du général en chef"},
    [AOE_TD_DETACHED_CHARISMATIC] = {+2, "Par général hiérarchique charismatique détaché dans "
                                         "le rayon de cdt du général en chef"},
    [AOE_TD_ATTACHED] = {+1, "Par général hiérarchique ordinaire attaché"},
    [AOE_TD_ATTACHED_CHARISMATIC] = {+2, "Par général hiérarchique charismatique attaché"},
    [AOE_TD_GENERALS_CAP] = {+4, "(DRM + 4 maxi)"},
    [AOE_TD_ROAD_COLUMN_OR_SQUARE] = {+1, "Unité en colonne de route ou en carré"},
    [AOE_TD_COLUMNAR] = {+1, "Infanterie colonnaire ou mixte"},
    [AOE_TD_FRESH] = {+2, "Brigade fraîche"},
    [AOE_TD_SPENT] = {-2, "Brigade épuisée"},
    [AOE_TD_FLANK] = {-1, "Flanc(s) non sécurisé(s)"},
    [AOE_TD_WITHDRAWING] = {-2, "Repli devant l'ennemi (retour en zone de réserve)"},
    [AOE_TD_DISORDERED_CAVALRY] = {-3, "Cavalerie en désordre chargeant pendant la Phase des "
                                       "combats"},
    [AOE_TD_CRITICAL_LEVEL] = {-1, "Par niveau critique atteint ou dépassé (DRM applicables "
                                   "seulement pendant l'Interphase d'initiative)"},
};
static const char *const tactical_drm_ids[] = {
    [AOE_TD_DETACHED] = "detached_general",
    [AOE_TD_DETACHED_CHARISMATIC] = "detached_charismatic_general",
    [AOE_TD_ATTACHED] = "attached_general",
    [AOE_TD_ATTACHED_CHARISMATIC] = "attached_charismatic_general",
    [AOE_TD_GENERALS_CAP] = "generals_cap",
    [AOE_TD_ROAD_COLUMN_OR_SQUARE] = "road_column_or_square",
    [AOE_TD_COLUMNAR] = "columnar_or_mixed_infantry",
    [AOE_TD_FRESH] = "fresh",
    [AOE_TD_SPENT] = "spent",
    [AOE_TD_FLANK] = "unsecured_flank",
    [AOE_TD_WITHDRAWING] = "withdrawing_to_reserve",
    [AOE_TD_DISORDERED_CAVALRY] = "disordered_cavalry_charging",
    [AOE_TD_CRITICAL_LEVEL] = "critical_level",
    [AOE_TD_COUNT] = NULL,
};

const gr_drm_line aoe_reserve_drm[AOE_RD_COUNT] = {
    [AOE_RD_CINC_ENGAGED] = {-2, "Général en chef engagé, capturé ou tué"},
    [AOE_RD_NAPOLEON_ADC] = {+1, "ADC de Napoléon (non artilleur)"},
    [AOE_RD_CINC_ATTACHED] = {+1, "Général en chef attaché ou substitué"},
    [AOE_RD_FIRST_TURN] = {+4, "1er Tour de la partie"},
    [AOE_RD_SUCCEEDED] = {+4, "Mvt de rés. réussi dans le Segment ami précédent"},
    [AOE_RD_FAILED_1] = {+1, "Mvt de rés. raté dans le 1er Segment ami précédent"},
    [AOE_RD_FAILED_2] = {+2, "Mvt de rés. raté dans le 2e Segment ami précédent"},
    [AOE_RD_FAILED_3] = {+3, "Mvt de rés. raté dans le 3e Segment ami précédent"},
    [AOE_RD_DISORDERED] = {-1, "Par unité en désordre"},
};
static const char *const reserve_drm_ids[] = {
    [AOE_RD_CINC_ENGAGED] = "cinc_engaged",
    [AOE_RD_NAPOLEON_ADC] = "napoleon_adc",
    [AOE_RD_CINC_ATTACHED] = "cinc_attached_or_substituted",
    [AOE_RD_FIRST_TURN] = "first_turn",
    [AOE_RD_SUCCEEDED] = "succeeded_last_segment",
    [AOE_RD_FAILED_1] = "failed_1st_segment",
    [AOE_RD_FAILED_2] = "failed_2nd_segment",
    [AOE_RD_FAILED_3] = "failed_3rd_segment",
    [AOE_RD_DISORDERED] = "disordered_unit",
    [AOE_RD_COUNT] = NULL,
};

/* One table per list: read with --drm ID, the printed line as the cell. */
#define DRM_TABLE(var, list, ids, name_, title_, source_, example_)                                \
    static const gr_param var##_params[] = {                                                       \
        GR_ENUM_REQ("drm", ids, "the printed modifier line"),                                      \
    };                                                                                             \
    static gr_status var##_lookup(const gr_args *a, gr_cell *out, gr_error *err)                   \
    {                                                                                              \
        return gr_drm_read(list, GR_COUNT(list), (int)a->v[0], out, err);                          \
    }                                                                                              \
    static size_t var##_cells(const char **names, size_t cap)                                      \
    {                                                                                              \
        return gr_drm_cells(list, GR_COUNT(list), names, cap);                                     \
    }                                                                                              \
    const gr_table var = {                                                                         \
        .name = name_,                                                                             \
        .title = title_,                                                                           \
        .source = source_,                                                                         \
        .params = var##_params,                                                                    \
        .nparams = 1,                                                                              \
        GR_NOT_ROLLED,                                                                             \
        .outcomes = gr_drm_outcomes,                                                               \
        .noutcomes = 1,                                                                            \
        .lookup = var##_lookup,                                                                    \
        .cells = var##_cells,                                                                      \
        .example = example_,                                                                       \
    }

DRM_TABLE(aoe_fire_drm_table, aoe_fire_drm, fire_drm_ids, "fire_drm", "Table des tirs: DRM",
          AOE_SRC_TABLES ", Table des tirs, DRM",
          "grognard lookup aoe fire_drm --drm target_skirmish");
DRM_TABLE(aoe_general_drm_table, aoe_general_drm, general_drm_ids, "general_hit_drm",
          "Table des généraux touchés: DRM", AOE_SRC_TABLES ", Table des généraux touchés",
          "grognard lookup aoe general_hit_drm --drm charismatic");
DRM_TABLE(aoe_combat_drm_table, aoe_combat_drm, combat_drm_ids, "combat_drm",
          "Table des combats: DRM", AOE_SRC_TABLES ", Table des combats, DRM",
          "grognard lookup aoe combat_drm --drm cuirassiers");
DRM_TABLE(aoe_tactical_drm_table, aoe_tactical_drm, tactical_drm_ids, "movement_drm",
          "Modificateurs du mouvement tactique",
          AOE_SRC_TABLES ", MODIFICATEURS DU MOUVEMENT TACTIQUE",
          "grognard lookup aoe movement_drm --drm columnar_or_mixed_infantry");
DRM_TABLE(aoe_reserve_drm_table, aoe_reserve_drm, reserve_drm_ids, "reserve_drm",
          "Modificateurs du mouvement de réserve",
          AOE_SRC_TABLES ", MODIFICATEURS DU MOUVEMENT DE RÉSERVE; " AOE_SRC_RULES,
          "grognard lookup aoe reserve_drm --drm first_turn");

/* MODIFICATEURS DE PUISSANCE: multipliers of the fire power. */
const aoe_multiplier aoe_power_multiplier[AOE_PM_COUNT] = {
    [AOE_PM_DOUBLE] = {2, 1, "x 2 Tir en enfilade, artillerie sur colonne, etc."},
    [AOE_PM_HALF] = {1, 2, "x 1/2 Tir en désordre, batterie endommagée, tir sur tirailleurs."},
    [AOE_PM_GRAND_BATTERY] = {3, 2, "x 1 1/2 Tir sur Grande batterie."},
};
static const char *const pm_ids[] = {
    [AOE_PM_DOUBLE] = "double",
    [AOE_PM_HALF] = "half",
    [AOE_PM_GRAND_BATTERY] = "grand_battery",
    [AOE_PM_COUNT] = NULL,
};
static const gr_param pm_params[] = {
    GR_ENUM_REQ("line", pm_ids, "the printed multiplier line"),
};
static const gr_outcome pm_outcomes[] = {
    {"multiplier", "Modificateur de puissance",
     "Multiplies the fire power by num/den (fields \"num\", \"den\")."},
};

static gr_status pm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    const aoe_multiplier *m = &aoe_power_multiplier[a->v[0]];
    out->outcome = 0;
    out->cell = m->cell;
    gr_cell_int(out, "num", m->num);
    gr_cell_int(out, "den", m->den);
    return GR_OK;
}

static size_t pm_cells(const char **names, size_t cap)
{
    for (size_t i = 0; i < GR_COUNT(aoe_power_multiplier) && i < cap; i++)
        names[i] = aoe_power_multiplier[i].cell;
    return GR_COUNT(aoe_power_multiplier);
}

const gr_table aoe_power_multiplier_table = {
    .name = "power_multiplier",
    .title = "Modificateurs de puissance",
    .source = AOE_SRC_TABLES ", MODIFICATEURS DE PUISSANCE",
    GR_ARRAY(params, pm_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, pm_outcomes),
    .lookup = pm_lookup,
    .cells = pm_cells,
    .example = "grognard lookup aoe power_multiplier --line grand_battery",
};
