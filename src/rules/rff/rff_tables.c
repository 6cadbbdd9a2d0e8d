/* rff_tables.c - Regimental Fire and Fury: every table of the French
 * quick-reference sheet (seed 001) as const data, and the small functions
 * that read them.  Each band or line carries the printed cell it comes
 * from; docs/rules/rff.md records how each cell was read. */
#include "rff.h"

#include <stdio.h>
#include <string.h>

/* ---- RAYON DE COMMANDEMENT ------------------------------------------------ */

static const char *const cr_conditions[] = {"clear_sight", "attached_column_head", "blocked_sight",
                                            "attached_or_dismounted", NULL};
static const struct {
    int cm;
    const char *cell;
} cr_lines[] = {
    {20, "20cm | si ligne de vue claire"},
    {20, "20cm | si attaché à la première unité d'une colonne de marche"},
    {10, "10cm | si ligne de vue bloquée : bois dense, brouillard, lumière dégradée"},
    {10, "10cm | si attaché ou démonté"},
};
static const gr_param cr_params[] = {
    GR_ENUM_REQ(
        "condition", cr_conditions,
        "the leader's case: clear_sight, attached_column_head (attached to the first unit of a "
        "march column), blocked_sight (dense woods, fog, poor light), attached_or_dismounted"),
};
static const gr_outcome cr_outcomes[] = {
    {"radius", "Rayon de commandement", "Command radius in cm (field \"cm\")."},
};

static gr_status cr_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int c = (int)a->v[0];
    out->outcome = 0;
    out->cell = cr_lines[c].cell;
    gr_cell_int(out, "cm", cr_lines[c].cm);
    return GR_OK;
}

static size_t cr_cells(const char **names, size_t cap)
{
    for (size_t i = 0; i < GR_COUNT(cr_lines) && i < cap; i++)
        names[i] = cr_lines[i].cell;
    return GR_COUNT(cr_lines);
}

const gr_table rff_command_radius_table = {
    .name = "command_radius",
    .title = "Rayon de commandement",
    .source = RFF_SRC ", TABLE DE MANŒUVRES, RAYON DE COMMANDEMENT",
    GR_ARRAY(params, cr_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, cr_outcomes),
    .lookup = cr_lookup,
    .cells = cr_cells,
    .example = "grognard lookup rff command_radius --condition blocked_sight",
};

/* ---- die-modifier lines: one generic table shape ------------------------- */

/* ---- MODIFICATEURS AU DE (Maneuver table) --------------------------------- */

static const char *const md_ids[] = {
    [RFF_MD_GALLANT] = "leader_gallant",
    [RFF_MD_ABLE] = "leader_able",
    [RFF_MD_POOR] = "leader_poor",
    [RFF_MD_ATTACHED] = "attached_or_brave_colonel",
    [RFF_MD_PROVISIONAL] = "provisional_command",
    [RFF_MD_OUT_OF_COMMAND] = "out_of_command",
    [RFF_MD_CRACK] = "crack",
    [RFF_MD_VETERAN] = "veteran",
    [RFF_MD_TRAINED] = "trained",
    [RFF_MD_GREEN] = "green",
    [RFF_MD_FRESH] = "fresh",
    [RFF_MD_WORN] = "worn",
    [RFF_MD_SPENT] = "spent",
    [RFF_MD_IN_BATTERY] = "in_battery",
    [RFF_MD_COLUMN_OR_COVER] = "column_garrison_limbered_or_cover",
    [RFF_MD_FLANKED_OR_BROKEN] = "flanked_or_broken",
    [RFF_MD_KEY_POSITION_LOST] = "key_position_lost",
    [RFF_MD_HEAVY_LOSSES] = "heavy_losses",
    [RFF_MD_HEAVIEST_LOSSES] = "heaviest_losses",
    [RFF_MD_COUNT] = NULL,
};
static const gr_drm_line md_lines[RFF_MD_COUNT] = {
    [RFF_MD_GALLANT] = {+1, "+1 Chef vaillant / gallant"},
    [RFF_MD_ABLE] = {0, "0 Chef moyen / able"},
    [RFF_MD_POOR] = {-1, "-1 Chef timoré / poor"},
    [RFF_MD_ATTACHED] = {+1, "+1 Chef attaché ou Colonel courageux"},
    [RFF_MD_PROVISIONAL] = {-1, "-1 Commandant provisoire"},
    [RFF_MD_OUT_OF_COMMAND] = {-2, "-2 Non commandé"},
    [RFF_MD_CRACK] = {+2, "+2 unité \"crack\""},
    [RFF_MD_VETERAN] = {+1, "+1 unité \"vétérans\""},
    [RFF_MD_TRAINED] = {0, "0 unité \"entraînée\""},
    [RFF_MD_GREEN] = {-1, "-1 unité \"bleu\""},
    [RFF_MD_FRESH] = {+2, "+2 Troupe fraîche"},
    [RFF_MD_WORN] = {0, "0 Troupe ébranlée"},
    [RFF_MD_SPENT] = {-2, "-2 Troupe fatiguée"},
    [RFF_MD_IN_BATTERY] = {+2, "+2 En batterie (2 pièces mini)"},
    [RFF_MD_COLUMN_OR_COVER] = {+1, "+1 Colonne de marche ou de route, en garnison, canon "
                                    "attelé, couvert linéaire."},
    [RFF_MD_FLANKED_OR_BROKEN] = {-2, "-2 Pris de flanc dans les 20cm, brisé"},
    [RFF_MD_KEY_POSITION_LOST] = {-1, "-1 Position clé perdue"},
    [RFF_MD_HEAVY_LOSSES] = {-1, "-1 Lourdes pertes"},
    [RFF_MD_HEAVIEST_LOSSES] = {-2, "-2 Pertes les plus nombreuses"},
};

int rff_maneuver_drm(int line)
{
    return md_lines[line].value;
}

const char *rff_maneuver_drm_text(int line)
{
    return md_lines[line].cell;
}

static const gr_param md_params[] = {
    GR_ENUM_REQ("drm", md_ids, "the printed modifier line"),
};

static gr_status md_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    return gr_drm_read(md_lines, GR_COUNT(md_lines), (int)a->v[0], out, err);
}

static size_t md_cells(const char **names, size_t cap)
{
    return gr_drm_cells(md_lines, GR_COUNT(md_lines), names, cap);
}

const gr_table rff_maneuver_drm_table = {
    .name = "maneuver_drm",
    .title = "Modificateurs au dé (table de manœuvres)",
    .source = RFF_SRC ", TABLE DE MANŒUVRES, MODIFICATEURS AU DE",
    GR_ARRAY(params, md_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, gr_drm_outcomes),
    .lookup = md_lookup,
    .cells = md_cells,
    .example = "grognard lookup rff maneuver_drm --drm out_of_command",
};

/* ---- RESULTAT DU DE (Maneuver table) --------------------------------------- */

enum {
    MV_G_FORCED,
    MV_G_WELL,
    MV_G_DELAYED,
    MV_G_SHOCKED,
    MV_G_PANIC,
    MV_D_ELAN,
    MV_D_RALLY,
    MV_D_HESITANT,
    MV_D_SHOCKED,
    MV_D_PANIC,
    MV_N_GOOD = MV_D_ELAN,
};

/* "shocked" and "panic" are printed in both columns with different effects:
 * each column has its own outcome with the same id (in_column tells them
 * apart, as the AoE movement table does for "elan"). */
static const gr_outcome mv_outcomes[] = {
    [MV_G_FORCED] = {"forced_march", "Marche Forcée.", "Manœuvre bien exécutée à mouvement long."},
    [MV_G_WELL] = {"well_executed", "Manœuvre bien exécutée.",
                   "Troupe ou canons: actions de la colonne BIEN EXÉCUTÉE."},
    [MV_G_DELAYED] = {"delayed", "Manœuvre retardée.",
                      "Troupe ou canons: actions de la colonne RETARDÉE."},
    [MV_G_SHOCKED] = {"shocked", "Choqué.",
                      "Troupe : retraite hors de courte portée, en désordre. Canon : si à courte "
                      "portée : attelle, retraite mouv. complet, silencieux. si hors de courte "
                      "portée ou fortifié : tient la position, tire."},
    [MV_G_PANIC] = {"panic", "Panique.",
                    "Troupe : retraite, brisée. Canon : atelle, retraite mouvement complet, "
                    "silencieux. si canons fixes : détruits."},
    [MV_D_ELAN] = {"rally_with_elan", "Rallie avec élan.",
                   "Revient en bon ordre et manœuvre bien exécutée."},
    [MV_D_RALLY] = {"rally", "Rallie.", "Revient en bon ordre et manœuvre retardée."},
    [MV_D_HESITANT] = {"hesitant", "Hésitant.",
                       "Retraite hors de courte portée. Tient la position si hors de courte "
                       "portée ou fortifié. Revient en bon ordre."},
    [MV_D_SHOCKED] = {"shocked", "Choqué.",
                      "Retraite hors de courte portée. Tient la position si hors de courte "
                      "portée ou fortifié. Unité brisée se reforme. Reste en désordre."},
    [MV_D_PANIC] = {"panic", "Panique.",
                    "Retraite brisé. Perte d'un socle par point de différentiel négatif."},
};

/* What each result does (seed 001, TABLE DE MANŒUVRES).  "Troupe" lines
 * are for troops, "Canon" lines for guns.  "Retraite ... brisé" is a rout
 * move (the charge table's "retraite mouvement de déroute, brisé";
 * docs/rules/rff.md).  Where a "tient la position si hors de courte portée
 * ou fortifié" line applies, it prevails over the retreat. */
#define FX(name, ...) static const gr_effect name[] = {__VA_ARGS__}
FX(mv_fx_forced, {.column = GR_COLUMN_WELL_EXECUTED, .move = GR_MOVE_LONG});
FX(mv_fx_well, {.column = GR_COLUMN_WELL_EXECUTED});
FX(mv_fx_delayed, {.column = GR_COLUMN_DELAYED});
FX(mv_fx_g_shocked,
   {.arm = GR_FX_TROOPS, .retreat = GR_RETREAT_BEYOND_CLOSE, .disorder = GR_FX_DISORDERED},
   {.arm = GR_FX_GUNS,
    .when = GR_FX_IF_CLOSE_RANGE,
    .limber = 1,
    .retreat = GR_RETREAT_FULL_MOVE,
    .guns = GR_GUNS_SILENCED},
   {.arm = GR_FX_GUNS,
    .when = GR_FX_IF_BEYOND_CLOSE_OR_FORTIFIED,
    .position = GR_POS_HOLDS,
    .fires = 1});
FX(mv_fx_g_panic, {.arm = GR_FX_TROOPS, .retreat = GR_RETREAT_ROUT_MOVE, .broken = 1},
   {.arm = GR_FX_GUNS, .limber = 1, .retreat = GR_RETREAT_FULL_MOVE, .guns = GR_GUNS_SILENCED},
   {.arm = GR_FX_GUNS, .when = GR_FX_IF_FIXED_GUNS, .guns = GR_GUNS_DESTROYED});
FX(mv_fx_d_elan, {.disorder = GR_FX_RALLIED, .column = GR_COLUMN_WELL_EXECUTED});
FX(mv_fx_d_rally, {.disorder = GR_FX_RALLIED, .column = GR_COLUMN_DELAYED});
FX(mv_fx_d_hesitant, {.retreat = GR_RETREAT_BEYOND_CLOSE, .disorder = GR_FX_RALLIED},
   {.when = GR_FX_IF_BEYOND_CLOSE_OR_FORTIFIED, .position = GR_POS_HOLDS});
FX(mv_fx_d_shocked,
   {.retreat = GR_RETREAT_BEYOND_CLOSE, .disorder = GR_FX_STAYS_DISORDERED, .broken = -1},
   {.when = GR_FX_IF_BEYOND_CLOSE_OR_FORTIFIED, .position = GR_POS_HOLDS});
FX(mv_fx_d_panic, {.retreat = GR_RETREAT_ROUT_MOVE, .broken = 1, .per_point = 1, .beyond = 0});
static const gr_effects mv_effects[] = {
    [MV_G_FORCED] = GR_EFFECTS(mv_fx_forced),     [MV_G_WELL] = GR_EFFECTS(mv_fx_well),
    [MV_G_DELAYED] = GR_EFFECTS(mv_fx_delayed),   [MV_G_SHOCKED] = GR_EFFECTS(mv_fx_g_shocked),
    [MV_G_PANIC] = GR_EFFECTS(mv_fx_g_panic),     [MV_D_ELAN] = GR_EFFECTS(mv_fx_d_elan),
    [MV_D_RALLY] = GR_EFFECTS(mv_fx_d_rally),     [MV_D_HESITANT] = GR_EFFECTS(mv_fx_d_hesitant),
    [MV_D_SHOCKED] = GR_EFFECTS(mv_fx_d_shocked), [MV_D_PANIC] = GR_EFFECTS(mv_fx_d_panic),
};

static const gr_band mv_good[] = {
    {8, GR_HI, MV_G_FORCED, "Bon ordre et canons | 8 ou plus"},
    {3, 7, MV_G_WELL, "Bon ordre et canons | 3 - 7"},
    {1, 2, MV_G_DELAYED, "Bon ordre et canons | 1 - 2"},
    {-1, 0, MV_G_SHOCKED, "Bon ordre et canons | 0 - -1"},
    {GR_LO, -2, MV_G_PANIC, "Bon ordre et canons | -2 ou moins"},
};
static const gr_band mv_dis[] = {
    {11, GR_HI, MV_D_ELAN, "Désordre ou brisées | 11 ou plus"},
    {5, 10, MV_D_RALLY, "Désordre ou brisées | 5 - 10"},
    {3, 4, MV_D_HESITANT, "Désordre ou brisées | 3 - 4"},
    {1, 2, MV_D_SHOCKED, "Désordre ou brisées | 1 - 2"},
    {GR_LO, 0, MV_D_PANIC, "Désordre ou brisées | 0 ou moins"},
};

static const char *const mv_states[] = {"good_order", "disordered", NULL};
enum { MV_STATE, MV_SCORE };
static const gr_param mv_params[] = {
    [MV_STATE] = GR_ENUM_REQ("state", mv_states,
                             "column: good_order (troops in good order, and guns) or disordered "
                             "(disordered or broken troops)"),
    [MV_SCORE] = GR_SCORE_PARAM("score", "modified D10 total"),
};

static gr_status mv_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int s = (int)a->v[MV_SCORE];
    gr_status st = a->v[MV_STATE] == 0
                       ? gr_bands_read(mv_good, GR_COUNT(mv_good), s, out, "maneuver", err)
                       : gr_bands_read(mv_dis, GR_COUNT(mv_dis), s, out, "maneuver", err);
    if (st == GR_OK && out->outcome == MV_D_PANIC)
        gr_cell_int(out, "stands", s < 0 ? -s : 0); /* one stand per negative point */
    return st;
}

static size_t mv_cells(const char **names, size_t cap)
{
    size_t n = gr_bands_cells(mv_good, GR_COUNT(mv_good), names, cap);
    return n + gr_bands_cells(mv_dis, GR_COUNT(mv_dis), names + (n < cap ? n : cap),
                              cap > n ? cap - n : 0);
}

static int mv_in_column(const gr_args *a, int k)
{
    return a->v[MV_STATE] == 0 ? k < MV_N_GOOD : k >= MV_N_GOOD;
}

const gr_table rff_maneuver_table = {
    .name = "maneuver",
    .title = "Table de manœuvres",
    .source = RFF_SRC ", TABLE DE MANŒUVRES, RESULTAT DU DE",
    GR_ARRAY(params, mv_params),
    GR_ROLLED(MV_SCORE, GR_ROLL_D10),
    GR_ARRAY(outcomes, mv_outcomes),
    .lookup = mv_lookup,
    .cells = mv_cells,
    .effects = mv_effects,
    .example = "grognard lookup rff maneuver --state disordered --score 6",
    .in_column = mv_in_column,
};

/* ---- MANŒUVRES DE LA TROUPE / DES CANONS --------------------------------- */

static const char *const rff_maneuver_columns[] = {"well_executed", "delayed", "shocked", NULL};

typedef struct action_line {
    int col;    /* RFF_COL_* */
    int action; /* index into the action ids */
    const char *cell;
    int heavy_bans; /* guns: 1 if forbidden to HH and HR */
} action_line;

static const char *const troop_actions[] = {
    "full_move",
    "half_move_and_formation_change",
    "pass_through",
    "side_step",
    "change_front",
    "about_face",
    "cross_major_obstacle",
    "resupply",
    "half_move",
    "line_or_garrison_formation_change",
    "cavalry_countercharge",
    NULL,
};
enum {
    TA_FULL,
    TA_HALF_FC,
    TA_PASS,
    TA_SIDE,
    TA_FRONT,
    TA_ABOUT,
    TA_OBSTACLE,
    TA_RESUPPLY,
    TA_HALF,
    TA_LINE_FC,
    TA_COUNTERCHARGE,
    TA_COUNT
};
/* Each printed action is typed once, as a macro: the cell "ARM | COLUMN |
 * ACTION" of its line and the note of all a column allows (rff_actions_note)
 * are both made of it at compile time. */
#define TT_WE         "Troupe | Bien exécutée | "
#define TT_DE         "Troupe | Retardée | "
#define TT_SH         "Troupe | Choquée | "
#define TT_WE_TA_FULL "Mouvement complet"
#define TT_WE_TA_HALF_FC                                                                           \
    "Demi-mouvement et changement de formation. \"Bleus\" en désordre si "                        \
    "changent formation en terrain handicap/difficile"
#define TT_WE_TA_PASS                                                                              \
    "Passage de ligne possible : Les deux en désordre si une déjà en désordre ou "             \
    "\"bleu\" ou si a lieu dans terrain handicapant ou difficile."
#define TT_WE_TA_SIDE     "Glissement latéral sur un demi-mouvement"
#define TT_WE_TA_FRONT    "Changement de front (90° max)"
#define TT_WE_TA_ABOUT    "Volte-face"
#define TT_WE_TA_OBSTACLE "Escalade d'un obstacle majeur"
#define TT_WE_TA_RESUPPLY "Réapprovisionne en munitions"
#define TT_DE_TA_HALF     "Demi-mouvement"
#define TT_DE_TA_LINE_FC                                                                           \
    "Changement de formation en double ou simple ligne, mise en garnison, "                        \
    "\"bleu\" en désordre si sur terrain handicapant/difficile"
#define TT_DE_TA_ABOUT         "Volte-face"
#define TT_DE_TA_OBSTACLE      "Escalade d'un obstacle majeur"
#define TT_SH_TA_COUNTERCHARGE "Contre charge de cavalerie à demi-mouvement"
static const action_line troop_lines[] = {
    {RFF_COL_WELL_EXECUTED, TA_FULL, TT_WE TT_WE_TA_FULL, 0},
    {RFF_COL_WELL_EXECUTED, TA_HALF_FC, TT_WE TT_WE_TA_HALF_FC, 0},
    {RFF_COL_WELL_EXECUTED, TA_PASS, TT_WE TT_WE_TA_PASS, 0},
    {RFF_COL_WELL_EXECUTED, TA_SIDE, TT_WE TT_WE_TA_SIDE, 0},
    {RFF_COL_WELL_EXECUTED, TA_FRONT, TT_WE TT_WE_TA_FRONT, 0},
    {RFF_COL_WELL_EXECUTED, TA_ABOUT, TT_WE TT_WE_TA_ABOUT, 0},
    {RFF_COL_WELL_EXECUTED, TA_OBSTACLE, TT_WE TT_WE_TA_OBSTACLE, 0},
    {RFF_COL_WELL_EXECUTED, TA_RESUPPLY, TT_WE TT_WE_TA_RESUPPLY, 0},
    {RFF_COL_DELAYED, TA_HALF, TT_DE TT_DE_TA_HALF, 0},
    {RFF_COL_DELAYED, TA_LINE_FC, TT_DE TT_DE_TA_LINE_FC, 0},
    {RFF_COL_DELAYED, TA_ABOUT, TT_DE TT_DE_TA_ABOUT, 0},
    {RFF_COL_DELAYED, TA_OBSTACLE, TT_DE TT_DE_TA_OBSTACLE, 0},
    {RFF_COL_SHOCKED, TA_COUNTERCHARGE, TT_SH TT_SH_TA_COUNTERCHARGE, 0},
};
/* What each column allows, the list rff_actions_text joins from the lines
 * above (tests/rules/rff/test_rff_actions.c checks they agree). */
static const char *const troop_notes[] = {
    [RFF_COL_WELL_EXECUTED] = ("the troops may: " TT_WE_TA_FULL "; " TT_WE_TA_HALF_FC
                               "; " TT_WE_TA_PASS "; " TT_WE_TA_SIDE "; " TT_WE_TA_FRONT
                               "; " TT_WE_TA_ABOUT "; " TT_WE_TA_OBSTACLE "; " TT_WE_TA_RESUPPLY),
    [RFF_COL_DELAYED] = ("the troops may: " TT_DE_TA_HALF "; " TT_DE_TA_LINE_FC "; " TT_DE_TA_ABOUT
                         "; " TT_DE_TA_OBSTACLE),
    [RFF_COL_SHOCKED] = ("the troops may: " TT_SH_TA_COUNTERCHARGE),
};

static const char *const gun_actions[] = {
    "move_and_unlimber",
    "limber_and_move",
    "forced_march",
    "unlimber_and_fire",
    "pivot_and_fire",
    "prolonge_advance",
    "prolonge_retire",
    "rally",
    "resupply",
    "limbered_full_move",
    "fire",
    "limber_or_unlimber",
    "pivot",
    "limber_and_retreat",
    NULL,
};
enum {
    GA_MOVE_UNLIMBER,
    GA_LIMBER_MOVE,
    GA_FORCED,
    GA_UNLIMBER_FIRE,
    GA_PIVOT_FIRE,
    GA_PROLONGE_ADV,
    GA_PROLONGE_RET,
    GA_RALLY,
    GA_RESUPPLY,
    GA_LIMBERED_MOVE,
    GA_FIRE,
    GA_LIMBER_OR_UNLIMBER,
    GA_PIVOT,
    GA_LIMBER_RETREAT,
    GA_COUNT
};
#define GT_WE                  "Canons | Bien exécutée | "
#define GT_DE                  "Canons | Retardée | "
#define GT_WE_GA_MOVE_UNLIMBER "Mouvement complet et dételle"
#define GT_WE_GA_LIMBER_MOVE   "Attèle et mouvement complet"
#define GT_WE_GA_FORCED        "Pas de marche forcée si canon HH ou HR"
#define GT_WE_GA_UNLIMBER_FIRE "Dételle et tire"
#define GT_WE_GA_PIVOT_FIRE    "Pivote et tire"
#define GT_WE_GA_PROLONGE_ADV                                                                      \
    "Avance à la prolonge de 5cm, 10cm si MH, pas de tir. Avance interdite pour "                 \
    "HH ; HR"
#define GT_WE_GA_PROLONGE_RET       "Recul à la prolonge : 1/2 mouv, pas de tir. Interdit si HH ou HR"
#define GT_WE_GA_RALLY              "Rallie"
#define GT_WE_GA_RESUPPLY           "Réapprovisionne en munitions"
#define GT_DE_GA_LIMBERED_MOVE      "Mouvement complet attelé"
#define GT_DE_GA_FIRE               "Tire"
#define GT_DE_GA_LIMBER_OR_UNLIMBER "Attelle ou dételle"
#define GT_DE_GA_PIVOT              "Pivote"
#define GT_DE_GA_LIMBER_RETREAT     "Attelle et retraite d'un mouvement complet, silencieux"
static const action_line gun_lines[] = {
    {RFF_COL_WELL_EXECUTED, GA_MOVE_UNLIMBER, GT_WE GT_WE_GA_MOVE_UNLIMBER, 0},
    {RFF_COL_WELL_EXECUTED, GA_LIMBER_MOVE, GT_WE GT_WE_GA_LIMBER_MOVE, 0},
    {RFF_COL_WELL_EXECUTED, GA_FORCED, GT_WE GT_WE_GA_FORCED, 1},
    {RFF_COL_WELL_EXECUTED, GA_UNLIMBER_FIRE, GT_WE GT_WE_GA_UNLIMBER_FIRE, 0},
    {RFF_COL_WELL_EXECUTED, GA_PIVOT_FIRE, GT_WE GT_WE_GA_PIVOT_FIRE, 0},
    {RFF_COL_WELL_EXECUTED, GA_PROLONGE_ADV, GT_WE GT_WE_GA_PROLONGE_ADV, 1},
    {RFF_COL_WELL_EXECUTED, GA_PROLONGE_RET, GT_WE GT_WE_GA_PROLONGE_RET, 1},
    {RFF_COL_WELL_EXECUTED, GA_RALLY, GT_WE GT_WE_GA_RALLY, 0},
    {RFF_COL_WELL_EXECUTED, GA_RESUPPLY, GT_WE GT_WE_GA_RESUPPLY, 0},
    {RFF_COL_DELAYED, GA_LIMBERED_MOVE, GT_DE GT_DE_GA_LIMBERED_MOVE, 0},
    {RFF_COL_DELAYED, GA_FIRE, GT_DE GT_DE_GA_FIRE, 0},
    {RFF_COL_DELAYED, GA_LIMBER_OR_UNLIMBER, GT_DE GT_DE_GA_LIMBER_OR_UNLIMBER, 0},
    {RFF_COL_DELAYED, GA_PIVOT, GT_DE GT_DE_GA_PIVOT, 0},
    {RFF_COL_DELAYED, GA_LIMBER_RETREAT, GT_DE GT_DE_GA_LIMBER_RETREAT, 0},
};
/* What each column allows, the list rff_actions_text joins from the lines
 * above (tests/rules/rff/test_rff_actions.c checks they agree). */
static const char *const gun_notes[] = {
    [RFF_COL_WELL_EXECUTED] =
        ("the guns may: " GT_WE_GA_MOVE_UNLIMBER "; " GT_WE_GA_LIMBER_MOVE "; " GT_WE_GA_FORCED
         "; " GT_WE_GA_UNLIMBER_FIRE "; " GT_WE_GA_PIVOT_FIRE "; " GT_WE_GA_PROLONGE_ADV
         "; " GT_WE_GA_PROLONGE_RET "; " GT_WE_GA_RALLY "; " GT_WE_GA_RESUPPLY),
    [RFF_COL_DELAYED] =
        ("the guns may: " GT_DE_GA_LIMBERED_MOVE "; " GT_DE_GA_FIRE "; " GT_DE_GA_LIMBER_OR_UNLIMBER
         "; " GT_DE_GA_PIVOT "; " GT_DE_GA_LIMBER_RETREAT),
};

/* Cells of the actions a column does not list (every other action). */
static const char *const troop_unlisted[] = {"Troupe | Bien exécutée | (action non listée)",
                                             "Troupe | Retardée | (action non listée)",
                                             "Troupe | Choquée | (action non listée)"};
static const char *const gun_unlisted[] = {"Canons | Bien exécutée | (action non listée)",
                                           "Canons | Retardée | (action non listée)"};
static const char *const gun_cols[] = {"well_executed", "delayed", NULL};

const char *const rff_guns[] = {"hh", "hr", "mh", "other", NULL};
const char *const rff_gun_codes[] = {"HH", "HR", "MH", "OTHER", NULL};

static const gr_outcome act_outcomes[] = {
    {"allowed", "Permis", "The printed column lists this action."},
    {"not_listed", "Non listé", "The printed column does not list this action."},
    {"forbidden", "Interdit", "The column lists it, but forbids it to this gun (HH or HR)."},
};

void rff_actions_text(int guns, int col, char *buf, size_t cap)
{
    const action_line *lines = guns ? gun_lines : troop_lines;
    size_t n = guns ? GR_COUNT(gun_lines) : GR_COUNT(troop_lines);
    size_t len = 0;
    if (!cap)
        return;
    buf[0] = '\0';
    /* copied, not printed: this list is most of a maneuver's note */
    for (size_t i = 0; i < n && len < cap; i++)
        if (lines[i].col == col) {
            const char *text = strrchr(lines[i].cell, '|');
            text = text ? text + 2 : lines[i].cell;
            size_t tl = strlen(text), sep = len ? 2 : 0;
            if (len + sep + tl >= cap) { /* cut at the end of buf, as snprintf did */
                size_t room = cap - 1 - len;
                memcpy(buf + len, "; ", sep < room ? sep : room);
                if (room > sep)
                    memcpy(buf + len + sep, text, room - sep);
                buf[cap - 1] = '\0';
                return;
            }
            memcpy(buf + len, "; ", sep);
            memcpy(buf + len + sep, text, tl + 1);
            len += sep + tl;
        }
}

const char *rff_actions_note(int guns, int col)
{
    if (col < 0 || col > RFF_COL_SHOCKED || (guns && col == RFF_COL_SHOCKED))
        return NULL;
    return (guns ? gun_notes : troop_notes)[col];
}

enum { TM_COLUMN, TM_ACTION };
static const gr_param tm_params[] = {
    [TM_COLUMN] =
        GR_ENUM_REQ("column", rff_maneuver_columns,
                    "the maneuver column: well_executed (also forced march and rally with elan), "
                    "delayed (also rally), shocked"),
    [TM_ACTION] = GR_ENUM_REQ("action", troop_actions, "what the troops would do"),
};

/* banned: the gun is HH or HR; mh: the gun is a mountain howitzer. */
static gr_status actions_lookup(const action_line *lines, size_t n, const char *const *unlisted,
                                int col, int action, int banned, int mh, gr_cell *out)
{
    for (size_t i = 0; i < n; i++)
        if (lines[i].col == col && lines[i].action == action) {
            out->cell = lines[i].cell;
            out->outcome = lines[i].heavy_bans && banned ? 2 : 0;
            if (lines == gun_lines && action == GA_PROLONGE_ADV && !out->outcome)
                gr_cell_int(out, "cm", mh ? 10 : 5); /* "de 5cm, 10cm si MH" */
            return GR_OK;
        }
    out->outcome = 1;
    out->cell = unlisted[col];
    return GR_OK;
}

static gr_status tm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    return actions_lookup(troop_lines, GR_COUNT(troop_lines), troop_unlisted, (int)a->v[TM_COLUMN],
                          (int)a->v[TM_ACTION], 0, 0, out);
}

static size_t actions_cells(const action_line *lines, size_t n, const char *const *unlisted,
                            size_t nun, const char **names, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++, k++)
        if (k < cap)
            names[k] = lines[i].cell;
    for (size_t i = 0; i < nun; i++, k++)
        if (k < cap)
            names[k] = unlisted[i];
    return k;
}

static size_t tm_cells(const char **names, size_t cap)
{
    return actions_cells(troop_lines, GR_COUNT(troop_lines), troop_unlisted,
                         GR_COUNT(troop_unlisted), names, cap);
}

const gr_table rff_troop_maneuvers_table = {
    .name = "troop_maneuvers",
    .title = "Manœuvres de la troupe",
    .source = RFF_SRC ", MANŒVRES DE LA TROUPE",
    GR_ARRAY(params, tm_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, act_outcomes),
    .lookup = tm_lookup,
    .cells = tm_cells,
    .example = "grognard lookup rff troop_maneuvers --column delayed --action about_face",
};

enum { GM_COLUMN, GM_ACTION, GM_GUN };
static const gr_param gm_params[] = {
    [GM_COLUMN] = GR_ENUM_REQ("column", gun_cols,
                              "the maneuver column: well_executed (also forced march) or delayed"),
    [GM_ACTION] = GR_ENUM_REQ("action", gun_actions, "what the guns would do"),
    [GM_GUN] =
        GR_ENUM("gun", rff_guns,
                "gun type: hh (heavy howitzer), hr (heavy rifle), mh (mountain howitzer), other "
                "(default)"),
};

static gr_status gm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int gun = (int)gr_args_get(a, GM_GUN, 3);
    return actions_lookup(gun_lines, GR_COUNT(gun_lines), gun_unlisted, (int)a->v[GM_COLUMN],
                          (int)a->v[GM_ACTION], gun <= 1, gun == 2, out);
}

static size_t gm_cells(const char **names, size_t cap)
{
    return actions_cells(gun_lines, GR_COUNT(gun_lines), gun_unlisted, GR_COUNT(gun_unlisted),
                         names, cap);
}

const gr_table rff_gun_maneuvers_table = {
    .name = "gun_maneuvers",
    .title = "Manœuvres des canons",
    .source = RFF_SRC ", MANŒVRES DES CANONS",
    GR_ARRAY(params, gm_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, act_outcomes),
    .lookup = gm_lookup,
    .cells = gm_cells,
    .example = "grognard lookup rff gun_maneuvers --column well_executed --action "
               "prolonge_advance --gun mh",
};

/* ---- ECHELLE DE JEU ------------------------------------------------------- */

static const char *const sc_items[] = {"figures", "troop_stand", "gun_stand",
                                       "ground",  "turn",        NULL};
static const struct {
    const char *cell, *key;
    int lo, hi;
} sc_lines[] = {
    {"Figurines : 15 mm", "mm", 15, 15},
    {"1 socle de troupe : 40 hommes", "men", 40, 40},
    {"1 socle de canon : 2 pièces", "pieces", 2, 2},
    {"2,5cm de terrain : 23 m", "metres_per_2_5_cm", 23, 23},
    {"1 tour de jeu : 10-15 mn", "minutes_min", 10, 15},
};
static const gr_param sc_params[] = {
    GR_ENUM_REQ("item", sc_items, "figures, troop_stand, gun_stand, ground, turn"),
};
static const gr_outcome sc_outcomes[] = {
    {"scale", "Échelle de jeu", "The printed scale."},
};

static gr_status sc_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int k = (int)a->v[0];
    out->outcome = 0;
    out->cell = sc_lines[k].cell;
    gr_cell_int(out, sc_lines[k].key, sc_lines[k].lo);
    if (sc_lines[k].hi != sc_lines[k].lo)
        gr_cell_int(out, "minutes_max", sc_lines[k].hi);
    return GR_OK;
}

static size_t sc_cells(const char **names, size_t cap)
{
    for (size_t i = 0; i < GR_COUNT(sc_lines) && i < cap; i++)
        names[i] = sc_lines[i].cell;
    return GR_COUNT(sc_lines);
}

const gr_table rff_scale_table = {
    .name = "scale",
    .title = "Échelle de jeu",
    .source = RFF_SRC ", ECHELLE DE JEU",
    GR_ARRAY(params, sc_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, sc_outcomes),
    .lookup = sc_lookup,
    .cells = sc_cells,
    .example = "grognard lookup rff scale --item ground",
};

/* ---- CAPACITES DE MOUVEMENT ------------------------------------------------ */

const char *const rff_move_units[] = {
    "infantry_double_line",  "infantry_column_or_single_line",
    "infantry_march_column", "infantry_rout",
    "cavalry_double_line",   "cavalry_column_or_single_line",
    "cavalry_march_column",  "cavalry_dismounted",
    "cavalry_rout",          "foot_battery",
    "horse_battery",         "leader_mounted",
    "leader_on_foot",        NULL,
};
const char *const rff_move_terrains[] = {"clear", "rough", "difficult", "road", NULL};

#define NO_RATE (-1)
/* full / forced march in cm per terrain column, as printed; rows with one
 * printed value repeat it (forced == full). */
static const struct {
    const char *row;
    int single; /* one value printed per cell */
    int cm[4][2];
} moves[] = {
    {"Infanterie | Double ligne", 0, {{30, 40}, {20, 30}, {15, 25}, {NO_RATE, NO_RATE}}},
    {"Infanterie | Col. de combat ou simple ligne",
     0,
     {{30, 40}, {25, 35}, {20, 30}, {NO_RATE, NO_RATE}}},
    {"Infanterie | Colonne de marche", 0, {{30, 40}, {25, 35}, {20, 30}, {45, 60}}},
    {"Infanterie | Mouvement de dérouté", 1, {{40, 40}, {35, 35}, {30, 30}, {60, 60}}},
    {"Cavalerie | Double ligne", 0, {{45, 60}, {30, 40}, {10, 15}, {NO_RATE, NO_RATE}}},
    {"Cavalerie | Col. de combat ou simple ligne",
     0,
     {{45, 60}, {35, 50}, {15, 20}, {NO_RATE, NO_RATE}}},
    {"Cavalerie | Colonne de marche", 0, {{45, 60}, {35, 50}, {15, 20}, {60, 90}}},
    {"Cavalerie | Démonté en simple ligne", 0, {{30, 40}, {25, 35}, {20, 30}, {NO_RATE, NO_RATE}}},
    {"Cavalerie | Mouvement de dérouté", 1, {{60, 60}, {50, 50}, {20, 20}, {90, 90}}},
    {"Art. | Batterie à pieds", 0, {{30, 40}, {20, 30}, {10, 15}, {45, 60}}},
    {"Art. | Batterie à cheval", 0, {{45, 60}, {30, 40}, {10, 15}, {60, 90}}},
    {"Chef | Monté", 1, {{60, 60}, {50, 50}, {30, 30}, {90, 90}}},
    {"Chef | A pieds", 1, {{40, 40}, {35, 35}, {30, 30}, {60, 60}}},
};

/* Cell names, built once per call into a caller buffer would need memory;
 * they are written out here, one per printed number. */
#define MV3(r, t) r " | " t " | mouvement complet", r " | " t " | marche forcée"
#define MVROW(r)                                                                                   \
    MV3(r, "Terrain clair"), MV3(r, "Terrain handicap."), MV3(r, "Terrain difficile"),             \
        MV3(r, "Route")
#define MV1GR_ROW(r)                                                                               \
    r " | Terrain clair", r " | Terrain handicap.", r " | Terrain difficile", r " | Route"
static const char *const move_cells_2[][8] = {
    {MVROW("Infanterie | Double ligne")},
    {MVROW("Infanterie | Col. de combat ou simple ligne")},
    {MVROW("Infanterie | Colonne de marche")},
    {NULL},
    {MVROW("Cavalerie | Double ligne")},
    {MVROW("Cavalerie | Col. de combat ou simple ligne")},
    {MVROW("Cavalerie | Colonne de marche")},
    {MVROW("Cavalerie | Démonté en simple ligne")},
    {NULL},
    {MVROW("Art. | Batterie à pieds")},
    {MVROW("Art. | Batterie à cheval")},
    {NULL},
    {NULL},
};
static const char *const move_cells_1[][4] = {
    {NULL},
    {NULL},
    {NULL},
    {MV1GR_ROW("Infanterie | Mouvement de dérouté")},
    {NULL},
    {NULL},
    {NULL},
    {NULL},
    {MV1GR_ROW("Cavalerie | Mouvement de dérouté")},
    {NULL},
    {NULL},
    {MV1GR_ROW("Chef | Monté")},
    {MV1GR_ROW("Chef | A pieds")},
};

int rff_move_cm(int unit, int terrain, int forced)
{
    return moves[unit].cm[terrain][forced ? 1 : 0];
}

static const char *const paces[] = {"full", "forced", NULL};
enum { MC_UNIT, MC_TERRAIN, MC_PACE };
static const gr_param mc_params[] = {
    [MC_UNIT] = GR_ENUM_REQ("unit", rff_move_units, "the printed row (arm and formation)"),
    [MC_TERRAIN] =
        GR_ENUM_REQ("terrain", rff_move_terrains,
                    "column: clear (Terrain clair), rough (Terrain handicap.), difficult (Terrain "
                    "difficile), road (Route)"),
    [MC_PACE] =
        GR_ENUM("pace", paces, "full (Mouvement complet, default) or forced (Marche forcée)"),
};
static const gr_outcome mc_outcomes[] = {
    {"move", "Capacité de mouvement", "Movement capacity in cm (field \"cm\")."},
    {"no_road_rate", "-",
     "The sheet prints '-': this formation has no road rate; it moves at the rate of the terrain "
     "the road crosses (docs/rules/rff.md)."},
};

static gr_status mc_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int u = (int)a->v[MC_UNIT], t = (int)a->v[MC_TERRAIN];
    int forced = (int)gr_args_get(a, MC_PACE, 0);
    if (moves[u].single) {
        out->cell = move_cells_1[u][t];
        if (forced)
            out->note = "this row prints one value: it is the same at every pace";
    } else {
        out->cell = move_cells_2[u][t * 2 + forced];
    }
    int cm = rff_move_cm(u, t, forced);
    if (cm == NO_RATE) {
        out->outcome = 1;
        gr_cell_null(out, "cm");
    } else {
        out->outcome = 0;
        gr_cell_int(out, "cm", cm);
    }
    return GR_OK;
}

static size_t mc_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t u = 0; u < GR_COUNT(moves); u++) {
        int k = moves[u].single ? 4 : 8;
        for (int i = 0; i < k; i++, n++)
            if (n < cap)
                names[n] = moves[u].single ? move_cells_1[u][i] : move_cells_2[u][i];
    }
    return n;
}

const gr_table rff_movement_table = {
    .name = "movement",
    .title = "Capacités de mouvement",
    .source = RFF_SRC ", CAPACITES DE MOUVEMENT",
    GR_ARRAY(params, mc_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, mc_outcomes),
    .lookup = mc_lookup,
    .cells = mc_cells,
    .example = "grognard lookup rff movement --unit infantry_march_column --terrain road --pace "
               "forced",
};

/* ---- POINTS DE MOUSQUETERIE / DE CANONNADE (lost: read from the data file) - */

const char *const rff_weapons[] = {"rm",  "ir", "rc", "rpc",     "rpr", "blc",
                                   "blr", "sm", "sh", "carbine", NULL};
const char *const rff_weapon_codes[] = {"RM",  "IR", "RC", "RPC",      "RPR", "BLC",
                                        "BLR", "SM", "SH", "Carabine", NULL};
const char *const rff_bands[] = {"close", "long", NULL};

/* The printed rows of the musketry points block, and which codes each row
 * names ("IR ou RC": one row for both). */
static const int weapon_row[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5};
static const char *const fp_cells[][2] = {
    {"RM | Rapp.", "RM | Portée"},
    {"IR ou RC | Rapp.", "IR ou RC | Portée"},
    {"RPC ou RPR | Rapp.", "RPC ou RPR | Portée"},
    {"BLC ou BLR | Rapp.", "BLC ou BLR | Portée"},
    {"SM ou SH | Rapp.", "SM ou SH | Portée"},
    {"Carabine | Rapp.", "Carabine | Portée"},
};
static const char *const cp_cells[][2] = {
    {"HH | Rapp.", "HH | Portée"},
    {"HR | Rapp.", "HR | Portée"},
    {"MH | Rapp.", "MH | Portée"},
    {"autre canon | Rapp.", "autre canon | Portée"},
};

static const gr_outcome fp_outcomes[] = {
    {"points", "Points par socle",
     "Fire points per stand, from the points file (field "
     "\"points\")."},
    {"not_known", "Valeur absente",
     "The seed lost this value and no public source was found: the points file gives null. "
     "Give the fire points directly (resolve {points} N) or a scenario's points file "
     "({points-file} FILE)."},
};

_Static_assert(GR_COUNT(rff_weapon_codes) == RFF_NWEAPONS + 1 &&
                   GR_COUNT(rff_weapons) == RFF_NWEAPONS + 1 &&
                   GR_COUNT(rff_bands) == RFF_NBANDS + 1,
               "rff_points.h sizes follow the code lists");

/* The cell of the fire points the caller gave (rff_args_set_points). */
static gr_status points_lookup(const gr_args *a, int guns, int w, int band, const char *cell,
                               gr_cell *out, gr_error *err)
{
    const rff_points *file;
    const rff_points_entry *p;
    gr_status st = rff_points_get(a, guns, w, band, &file, &p, err);
    if (st != GR_OK)
        return st;
    out->cell = cell;
    if (p->known) {
        out->outcome = 0;
        out->fields[out->nfields++] = (gr_field){"points", GR_F_NUM, p->milli, NULL};
        out->note = "value from the points file (see its \"source\" entry)";
    } else {
        out->outcome = 1;
        gr_cell_null(out, "points");
        out->note = "not in the seed (lost in extraction) and no public source was found "
                    "(docs/rules/rff.md, docs/research/rff-fire-points.md)";
    }
    return GR_OK;
}

#define POINTS_FILE_PARAM                                                                          \
    GR_TEXT("points-file", "a scenario's fire-points file (default data/rff/fire_points.json)")

enum { FP_WEAPON, FP_BAND, FP_FILE };
static const gr_param fp_params[] = {
    [FP_WEAPON] = GR_ENUM_REQ("weapon", rff_weapons,
                              "weapon code: rm, ir, rc, rpc, rpr, blc, blr, sm, sh, carbine"),
    [FP_BAND] = GR_ENUM_REQ("band", rff_bands,
                            "range band: close (Rapp., portée rapprochée) or long (Portée)"),
    [FP_FILE] = POINTS_FILE_PARAM,
};

static gr_status fp_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int w = (int)a->v[FP_WEAPON], b = (int)a->v[FP_BAND];
    return points_lookup(a, 0, w, b, fp_cells[weapon_row[w]][b], out, err);
}

static size_t fp_cells_list(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(fp_cells); r++)
        for (int b = 0; b < 2; b++, n++)
            if (n < cap)
                names[n] = fp_cells[r][b];
    return n;
}

const gr_table rff_fire_points_table = {
    .name = "fire_points",
    .title = "Points de mousqueterie (par socle)",
    .source = RFF_SRC ", POINTS DE MOUSQUETERIE (values lost; data/rff/fire_points.json)",
    GR_ARRAY(params, fp_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fp_outcomes),
    .lookup = fp_lookup,
    .cells = fp_cells_list,
    .example = "grognard lookup rff fire_points --weapon rm --band close",
};

enum { CP_GUN, CP_BAND, CP_FILE };
static const gr_param cp_params[] = {
    [CP_GUN] = GR_ENUM_REQ(
        "gun", rff_guns,
        "gun type: hh (heavy howitzer), hr (heavy rifle), mh (mountain howitzer), other"),
    [CP_BAND] = GR_ENUM_REQ("band", rff_bands, "range band: close (portée rapprochée) or long"),
    [CP_FILE] = POINTS_FILE_PARAM,
};

static gr_status cp_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int g = (int)a->v[CP_GUN], b = (int)a->v[CP_BAND];
    return points_lookup(a, 1, g, b, cp_cells[g][b], out, err);
}

static size_t cp_cells_list(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(cp_cells); r++)
        for (int b = 0; b < 2; b++, n++)
            if (n < cap)
                names[n] = cp_cells[r][b];
    return n;
}

const gr_table rff_cannon_points_table = {
    .name = "cannon_points",
    .title = "Points de canonnade (par socle de canon)",
    .source = RFF_SRC ", POINTS DE CANONNADE (values lost; data/rff/fire_points.json)",
    GR_ARRAY(params, cp_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fp_outcomes),
    .lookup = cp_lookup,
    .cells = cp_cells_list,
    .example = "grognard lookup rff cannon_points --gun hr --band long",
};

/* ---- MODIFICATEUR DE DE DE BASE (by fire points) ---------------------------- */

static const struct {
    int lo, hi; /* whole points */
    int drm;
    const char *cell;   /* the printed line, the cell of the table */
    const char *reason; /* a sentence for a resolution's list of modifiers */
} fm_lines[] = {
    {GR_LO, 0, -5, "- 5 moins de 1 point de tir",
     "base die modifier for less than 1 fire point (printed \"- 5 moins de 1 point de tir\")"},
    {1, 1, -4, "- 4 1 pts", "base die modifier for 1 fire point (printed \"- 4 1 pts\")"},
    {2, 2, -3, "- 3 2 pts", "base die modifier for 2 fire points (printed \"- 3 2 pts\")"},
    {3, 3, -2, "- 2 3 pts", "base die modifier for 3 fire points (printed \"- 2 3 pts\")"},
    {4, 5, -1, "- 1 4 - 5 pts",
     "base die modifier for 4 to 5 fire points (printed \"- 1 4 - 5 pts\")"},
    {6, 8, 0, "- 0 6 - 8 pts",
     "base die modifier for 6 to 8 fire points (printed \"- 0 6 - 8 pts\")"},
    {9, 11, +1, "+1 9 - 11 pts",
     "base die modifier for 9 to 11 fire points (printed \"+1 9 - 11 pts\")"},
    {12, 14, +2, "+2 12 - 14 pts",
     "base die modifier for 12 to 14 fire points (printed \"+2 12 - 14 pts\")"},
    {15, 19, +3, "+3 15 - 19 pts",
     "base die modifier for 15 to 19 fire points (printed \"+3 15 - 19 pts\")"},
    {20, 24, +4, "+4 20 - 24 pts",
     "base die modifier for 20 to 24 fire points (printed \"+4 20 - 24 pts\")"},
    {25, GR_HI, +5, "+5 25 pts et au-delà",
     "base die modifier for 25 fire points or more (printed \"+5 25 pts et au-delà\")"},
};

static int fm_line(int64_t points_milli)
{
    int whole = (int)(points_milli / GR_MILLI);
    for (size_t i = 0; i < GR_COUNT(fm_lines); i++)
        if (whole >= fm_lines[i].lo && whole <= fm_lines[i].hi)
            return (int)i;
    return 0;
}

int rff_base_modifier(int64_t points_milli)
{
    return fm_lines[fm_line(points_milli)].drm;
}

const char *rff_base_modifier_text(int64_t points_milli)
{
    return fm_lines[fm_line(points_milli)].reason;
}

static const gr_param fm_params[] = {
    GR_NUM_REQ("points", 0, 1000 * GR_MILLI,
               "fire points after the x1/2 modifier (fractions read the line of their whole part)"),
};
static const gr_outcome fm_outcomes[] = {
    {"modifier", "Modificateur de dé de base", "Base die modifier (field \"modifier\")."},
};

static gr_status fm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int k = fm_line(a->v[0]);
    out->outcome = 0;
    out->cell = fm_lines[k].cell;
    gr_cell_int(out, "modifier", fm_lines[k].drm);
    if (a->v[0] % GR_MILLI && a->v[0] >= GR_MILLI)
        out->note = "fractional points: read on the line of their whole part";
    return GR_OK;
}

static size_t fm_cells(const char **names, size_t cap)
{
    for (size_t i = 0; i < GR_COUNT(fm_lines) && i < cap; i++)
        names[i] = fm_lines[i].cell;
    return GR_COUNT(fm_lines);
}

const gr_table rff_fire_modifier_table = {
    .name = "fire_modifier",
    .title = "Modificateur de dé de base",
    .source = RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE, MODIFICATEUR DE DE DE BASE",
    GR_ARRAY(params, fm_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fm_outcomes),
    .lookup = fm_lookup,
    .cells = fm_cells,
    .example = "grognard lookup rff fire_modifier --points 10",
};

/* ---- the other die modifiers of the Musketry & Cannonade table ------------ */

static const char *const fd_ids[] = {
    [RFF_FD_BUCK_OR_REPEATER] = "buck_and_ball_or_repeater_in_charge",
    [RFF_FD_SHARPSHOOTERS] = "sharpshooters",
    [RFF_FD_GREEN_OR_CANNON] = "green_musketry_or_cannon",
    [RFF_FD_TARGET_EXPOSED] = "target_column_cavalry_flanked_turned_passed_or_broken",
    [RFF_FD_MARCH_COLUMN_OR_ENFILADE] = "target_march_column_or_enfiladed",
    [RFF_FD_GUN_TARGET] = "target_gun_limbered_enfiladed_or_close",
    [RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE] = "target_partial_cover_or_single_line",
    [RFF_FD_FULL_COVER] = "target_full_cover_or_single_line_in_partial_cover",
    [RFF_FD_FORTIFIED] = "target_fortified",
    [RFF_FD_COUNT] = NULL,
};
static const gr_drm_line fd_lines[RFF_FD_COUNT] = {
    [RFF_FD_BUCK_OR_REPEATER] = {+1, "Buck & Ball (pour SM) ou arme à répétition (RP) en "
                                     "charge/recevant une charge"},
    [RFF_FD_SHARPSHOOTERS] = {+1, "+1 Sharpshooters (SS)"},
    [RFF_FD_GREEN_OR_CANNON] = {-1, "- 1 Mousqueterie de \"bleu\" ou tir de canon"},
    [RFF_FD_TARGET_EXPOSED] = {+1, "+1 Cible en colonne division, cavalerie, pris de flanc, "
                                   "ayant fait demi-tour, ayant fait un passage de ligne, "
                                   "unité brisée"},
    [RFF_FD_MARCH_COLUMN_OR_ENFILADE] = {+2, "+2 Colonne de marche ou troupe prise en enfilade"},
    [RFF_FD_GUN_TARGET] = {+1, "+1 Canon attelé, pris en enfilade ou à portée rapprochée"},
    [RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE] = {-1, "- 1 Cible en couvert partiel ou en simple "
                                                 "ligne"},
    [RFF_FD_FULL_COVER] = {-2, "- 2 Cible à couvert en totalité ou simple ligne en couvert "
                               "partiel"},
    [RFF_FD_FORTIFIED] = {-3, "- 3 Cible en position fortifiée"},
};

int rff_fire_drm(int line)
{
    return fd_lines[line].value;
}

const char *rff_fire_drm_text(int line)
{
    return fd_lines[line].cell;
}

static const gr_param fd_params[] = {
    GR_ENUM_REQ("drm", fd_ids, "the printed modifier line"),
};

static gr_status fd_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    gr_status st = gr_drm_read(fd_lines, GR_COUNT(fd_lines), (int)a->v[0], out, err);
    if (a->v[0] == RFF_FD_BUCK_OR_REPEATER)
        out->note = "the value of this line is not printed beside it: +1 is read from the +1 "
                    "that follows (docs/rules/rff.md)";
    return st;
}

static size_t fd_cells(const char **names, size_t cap)
{
    return gr_drm_cells(fd_lines, GR_COUNT(fd_lines), names, cap);
}

const gr_table rff_fire_drm_table = {
    .name = "fire_drm",
    .title = "Modificateurs au dé (mousqueterie & canonnade)",
    .source = RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE, modificateurs",
    GR_ARRAY(params, fd_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, gr_drm_outcomes),
    .lookup = fd_lookup,
    .cells = fd_cells,
    .example = "grognard lookup rff fire_drm --drm target_fortified",
};

/* ---- CIBLE: the result by target quality ----------------------------------- */

enum { MU_RAVAGING, MU_DEADLY, MU_EFFECTIVE, MU_HEAVY, MU_NONE };
static const gr_outcome mu_outcomes[] = {
    [MU_RAVAGING] = {"ravaging", "Tir ravageur.",
                     "Désordre, perd 2 socles. Charge stoppée. 1 Canon détruit, les autres "
                     "silencieux. Perte d'un socle supp. si 15 ou plus (donc 3 socles maxi)."},
    [MU_DEADLY] = {"deadly", "Tir mortel.",
                   "Troupe en désordre et perte de 1 socle. 1 Canon détruit, 1 silencieux. "
                   "Charge: selon la ligne (champ \"charge\"): Charge stoppée / Charge stoppée "
                   "ou charge à fond si Baïonnette/Sabre / Charge à fond."},
    [MU_EFFECTIVE] = {"effective", "Tir efficace.",
                      "Troupe en désordre ou perte de 1 socle si déjà en désordre. Charge à "
                      "fond. 1 socle de canon silencieux."},
    [MU_HEAVY] = {"heavy", "Tir nourri.",
                  "Sur canonnade seulement, troupe en désordre ou 1 socle de canon silencieux. "
                  "Pas d'effet de mousqueterie. Charge à fond."},
    [MU_NONE] = {"no_effect", "Tir sans effet.", "Pas d'effet. Charge à fond."},
};

/* What each result does (seed 001, CIBLE): "Troupe" for troops, "Canon"
 * for the gun stands; the charge effect is for a charging target. */
FX(mu_fx_ravaging,
   {.arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 2, .charge = GR_CHARGE_STOPPED},
   {.arm = GR_FX_TROOPS, .when = GR_FX_IF_SCORE_15, .stands = 1},
   {.arm = GR_FX_GUNS, .gun_stands_lost = 1, .gun_stands_silenced = GR_FX_ALL_OTHERS});
FX(mu_fx_deadly,
   {.arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 1, .charge = GR_CHARGE_BY_ROW},
   {.arm = GR_FX_GUNS, .gun_stands_lost = 1, .gun_stands_silenced = 1});
FX(mu_fx_effective, {.arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .charge = GR_CHARGE_HOME},
   {.arm = GR_FX_TROOPS, .when = GR_FX_IF_DISORDERED, .stands = 1},
   {.arm = GR_FX_GUNS, .gun_stands_silenced = 1});
FX(mu_fx_heavy, {.arm = GR_FX_TROOPS, .charge = GR_CHARGE_HOME},
   {.arm = GR_FX_TROOPS, .when = GR_FX_IF_CANNONADE, .disorder = GR_FX_DISORDERED},
   {.arm = GR_FX_GUNS, .when = GR_FX_IF_CANNONADE, .gun_stands_silenced = 1});
FX(mu_fx_none, {.arm = GR_FX_TROOPS, .charge = GR_CHARGE_HOME});
static const gr_effects mu_effects[] = {
    [MU_RAVAGING] = GR_EFFECTS(mu_fx_ravaging),   [MU_DEADLY] = GR_EFFECTS(mu_fx_deadly),
    [MU_EFFECTIVE] = GR_EFFECTS(mu_fx_effective), [MU_HEAVY] = GR_EFFECTS(mu_fx_heavy),
    [MU_NONE] = GR_EFFECTS(mu_fx_none),
};

/* The seven printed rows; 'charge' is the row's charge effect.  A "-" cell
 * (no scores) is left out of its column. */
enum { CH_STOPPED, CH_UNLESS_BAYONET, CH_HOME };
static const char *const charge_ids[] = {"stopped", "stopped_unless_bayonet", "home"};

typedef struct mu_band {
    int lo, hi, outcome, charge;
    const char *cell;
} mu_band;

#define MU_COL(name, ...) static const mu_band name[] = {__VA_ARGS__}
MU_COL(mu_crack, {11, GR_HI, MU_RAVAGING, CH_STOPPED, "Crack | 11 ou plus"},
       /* row 2 ("Tir mortel", charge stoppée): "-" */
       {10, 10, MU_DEADLY, CH_UNLESS_BAYONET, "Crack | 10"},
       {7, 9, MU_DEADLY, CH_HOME, "Crack | 7 - 9"}, {6, 6, MU_EFFECTIVE, CH_HOME, "Crack | 6"},
       /* row 6 ("Tir nourri"): "-" */
       {GR_LO, 5, MU_NONE, CH_HOME, "Crack | 5 ou moins"});
MU_COL(mu_veteran, {11, GR_HI, MU_RAVAGING, CH_STOPPED, "Vétéran | 11 ou plus"},
       {10, 10, MU_DEADLY, CH_STOPPED, "Vétéran | 10"},
       {9, 9, MU_DEADLY, CH_UNLESS_BAYONET, "Vétéran | 9"},
       {7, 8, MU_DEADLY, CH_HOME, "Vétéran | 7 - 8"}, {6, 6, MU_EFFECTIVE, CH_HOME, "Vétéran | 6"},
       {5, 5, MU_HEAVY, CH_HOME, "Vétéran | 5"},
       {GR_LO, 4, MU_NONE, CH_HOME, "Vétéran | 4 ou moins"});
MU_COL(mu_trained, {11, GR_HI, MU_RAVAGING, CH_STOPPED, "Entraîné | 11 ou plus"},
       {9, 10, MU_DEADLY, CH_STOPPED, "Entraîné | 9 - 10"},
       {8, 8, MU_DEADLY, CH_UNLESS_BAYONET, "Entraîné | 8"},
       {7, 7, MU_DEADLY, CH_HOME, "Entraîné | 7"},
       {5, 6, MU_EFFECTIVE, CH_HOME, "Entraîné | 5 - 6"}, {4, 4, MU_HEAVY, CH_HOME, "Entraîné | 4"},
       {GR_LO, 3, MU_NONE, CH_HOME, "Entraîné | 3 ou moins"});
MU_COL(mu_green, {11, GR_HI, MU_RAVAGING, CH_STOPPED, "Bleu | 11 ou plus"},
       {8, 10, MU_DEADLY, CH_STOPPED, "Bleu | 8 - 10"},
       {7, 7, MU_DEADLY, CH_UNLESS_BAYONET, "Bleu | 7"},
       /* row 4 ("Tir mortel", charge à fond): "-" */
       {5, 6, MU_EFFECTIVE, CH_HOME, "Bleu | 5 - 6"}, {3, 4, MU_HEAVY, CH_HOME, "Bleu | 3 - 4"},
       {GR_LO, 2, MU_NONE, CH_HOME, "Bleu | 2 ou moins"});

static const struct {
    const mu_band *bands;
    size_t n;
} mu_cols[] = {
    {mu_crack, GR_COUNT(mu_crack)},
    {mu_veteran, GR_COUNT(mu_veteran)},
    {mu_trained, GR_COUNT(mu_trained)},
    {mu_green, GR_COUNT(mu_green)},
};

static const char *const qualities[] = {"crack", "veteran", "trained", "green", NULL};
enum { MU_QUALITY, MU_SCORE };
static const gr_param mu_params[] = {
    [MU_QUALITY] =
        GR_ENUM_REQ("quality", qualities,
                    "the target's quality: crack, veteran (Vétéran), trained (Entraîné), green "
                    "(Bleu)"),
    [MU_SCORE] = GR_SCORE_PARAM("score", "modified D10 total (base die + all modifiers)"),
};

static gr_status mu_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int q = (int)a->v[MU_QUALITY], s = (int)a->v[MU_SCORE];
    const mu_band *b = mu_cols[q].bands;
    for (size_t i = 0; i < mu_cols[q].n; i++)
        if (s >= b[i].lo && s <= b[i].hi) {
            out->outcome = b[i].outcome;
            out->cell = b[i].cell;
            gr_cell_str(out, "charge", charge_ids[b[i].charge]);
            if (b[i].outcome == MU_RAVAGING)
                gr_cell_int(out, "stands", s >= 15 ? 3 : 2);
            else if (b[i].outcome == MU_DEADLY)
                gr_cell_int(out, "stands", 1);
            return GR_OK;
        }
    return gr_error_set(err, GR_ERUNTIME, "musketry: no printed cell for %d", s);
}

static size_t mu_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t q = 0; q < GR_COUNT(mu_cols); q++)
        for (size_t i = 0; i < mu_cols[q].n; i++, n++)
            if (n < cap)
                names[n] = mu_cols[q].bands[i].cell;
    return n;
}

const gr_table rff_musketry_table = {
    .name = "musketry",
    .title = "Table de mousqueterie & canonnade",
    .source = RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE, CIBLE, EFFETS",
    GR_ARRAY(params, mu_params),
    GR_ROLLED(MU_SCORE, GR_ROLL_D10),
    GR_ARRAY(outcomes, mu_outcomes),
    .lookup = mu_lookup,
    .cells = mu_cells,
    .effects = mu_effects,
    .example = "grognard lookup rff musketry --quality veteran --score 6",
};

/* ---- MODIFICATEURS DU DE DE BASE (Charge table) ----------------------------- */

static const char *const cd_ids[] = {
    [RFF_CD_CRACK] = "crack",
    [RFF_CD_VETERAN] = "veteran",
    [RFF_CD_TRAINED] = "trained",
    [RFF_CD_GREEN] = "green",
    [RFF_CD_FRESH] = "fresh",
    [RFF_CD_WORN] = "worn",
    [RFF_CD_SPENT] = "spent",
    [RFF_CD_OUTNUMBERED_3_2] = "outnumbered_3_2",
    [RFF_CD_OUTNUMBERED_2_1] = "outnumbered_2_1",
    [RFF_CD_OUTNUMBERED_3_1] = "outnumbered_3_1",
    [RFF_CD_GUN_SUPPORTED] = "gun_supported",
    [RFF_CD_GUN_UNSUPPORTED] = "gun_unsupported",
    [RFF_CD_DISORDERED_OR_SILENCED] = "disordered_or_silenced",
    [RFF_CD_ATTACHED] = "attached_or_brave_colonel",
    [RFF_CD_SINGLE_LINE_OR_MILITIA] = "single_line_or_militia",
    [RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED] = "flanked_broken_march_column_or_limbered",
    [RFF_CD_FAVORABLE_OR_FORTIFIED] = "favorable_ground_or_dense_or_fortified_cover",
    [RFF_CD_BAYONET_OR_BREAKTHROUGH] = "bayonet_sabre_or_breakthrough",
    [RFF_CD_CAV_CLEAR] = "cavalry_charge_clear",
    [RFF_CD_CAV_ROUGH] = "cavalry_charge_rough",
    [RFF_CD_CAV_DIFFICULT_OR_STATIONARY] = "cavalry_difficult_mounted_infantry_or_stationary",
    [RFF_CD_COUNT] = NULL,
};
static const gr_drm_line cd_lines[RFF_CD_COUNT] = {
    [RFF_CD_CRACK] = {+2, "+2 Cracks"},
    [RFF_CD_VETERAN] = {+1, "+1 Vétérans"},
    [RFF_CD_TRAINED] = {0, "0 Entraînés"},
    [RFF_CD_GREEN] = {-1, "-1 Bleus"},
    [RFF_CD_FRESH] = {+2, "+2 Frais"},
    [RFF_CD_WORN] = {0, "0 Ébranlés"},
    [RFF_CD_SPENT] = {-2, "-2 Fatigués"},
    [RFF_CD_OUTNUMBERED_3_2] = {-1, "-1 3/2"},
    [RFF_CD_OUTNUMBERED_2_1] = {-2, "-2 2/1"},
    [RFF_CD_OUTNUMBERED_3_1] = {-3, "-3 3/1 et plus"},
    [RFF_CD_GUN_SUPPORTED] = {+1, "+1 Canon supporté"},
    [RFF_CD_GUN_UNSUPPORTED] = {-1, "-1 Canon sans support"},
    [RFF_CD_DISORDERED_OR_SILENCED] = {-1, "-1 Troupe en désordre ou canon silencieux"},
    [RFF_CD_ATTACHED] = {+1, "+1 Chef attaché ou Colonel courageux"},
    [RFF_CD_SINGLE_LINE_OR_MILITIA] = {-1, "-1 Simple ligne, milice"},
    [RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED] = {-3, "-3 Pris de flanc, brisé, colonne de marche "
                                                   "ou canons attelés"},
    [RFF_CD_FAVORABLE_OR_FORTIFIED] = {+1, "+1 Défense d'un terrain favorable / Protection dense "
                                           "ou fortifiée"},
    [RFF_CD_BAYONET_OR_BREAKTHROUGH] = {+1, "+1 Baïonnette/Sabre ou percée"},
    [RFF_CD_CAV_CLEAR] = {+2, "Charge de cavalerie | +2 terrain clair"},
    [RFF_CD_CAV_ROUGH] = {+1, "Charge de cavalerie | +1 terrain handicapant"},
    [RFF_CD_CAV_DIFFICULT_OR_STATIONARY] = {0, "Charge de cavalerie | 0 terrain difficile, "
                                               "infanterie montée ou immobile"},
};

int rff_charge_drm(int line)
{
    return cd_lines[line].value;
}

const char *rff_charge_drm_text(int line)
{
    return cd_lines[line].cell;
}

static const gr_param cd_params[] = {
    GR_ENUM_REQ("drm", cd_ids, "the printed modifier line"),
};

static gr_status cd_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    return gr_drm_read(cd_lines, GR_COUNT(cd_lines), (int)a->v[0], out, err);
}

static size_t cd_cells(const char **names, size_t cap)
{
    return gr_drm_cells(cd_lines, GR_COUNT(cd_lines), names, cap);
}

const gr_table rff_charge_drm_table = {
    .name = "charge_drm",
    .title = "Modificateurs du dé de base (table des charges)",
    .source = RFF_SRC ", TABLE DES CHARGES, MODIFICATEURS DU DE DE BASE",
    GR_ARRAY(params, cd_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, gr_drm_outcomes),
    .lookup = cd_lookup,
    .cells = cd_cells,
    .example = "grognard lookup rff charge_drm --drm outnumbered_2_1",
};

/* ---- TABLE DES CHARGES: EFFETS ------------------------------------------------ */

enum { CG_SWEPT, CG_BROKEN, CG_PUSHED, CG_FIERCE, CG_FAILED, CG_BROKEN_ASSAULT, CG_REPULSED };
static const gr_outcome cg_outcomes[] = {
    [CG_SWEPT] = {"swept_away", "BALAYÉS DU TERRAIN.",
                  "DEFENSEUR perd 2 socles, 1 socle supplémentaire par différence au-delà de 9. "
                  "Troupe retraite d'un mouvement de déroute, brisé. Canon attelé, retraite d'un "
                  "mouvement complet silencieux. Perd canons fixes. Test si chef attaché. "
                  "ATTAQUANT perce sur 1/2 mouvement vers ennemi plus proche. Prend la position "
                  "après 2° combat. En désordre si : charge par terrain handicapant ou difficile "
                  "ou cavalerie ou après 2° combat."},
    [CG_BROKEN] = {"broken_through", "ENFONCÉS.",
                   "DEFENSEUR perd 1 socle, troupe désordre, retraite hors courte portée. Canon "
                   "silencieux. Cavalerie peut être rappelée (mouvement complet) après 1° choc. "
                   "Canon attelé, retraite mouvement complet. Perte canon fixe. Perd 1 socle "
                   "supplémentaire et retraite mouvement de déroute, brisé, si battu par "
                   "cavalerie ou pris de flanc. ATTAQUANT prend la position. Cavalerie perce sur "
                   "1/2 mouvement vers l'ennemi le plus proche après 1° combat. En désordre si "
                   "charge par terrain handicapant ou difficile ou cavalerie ou après 2° combat."},
    [CG_PUSHED] = {"pushed_back", "REPOUSSÉS.",
                   "DEFENSEUR en désordre, canon silencieux. Perd 1 socle si déjà désordre ou "
                   "canon endommagé. Troupe retraite à 5cm. Cavalerie peut être rappelée "
                   "(mouvement complet) après 1° combat. Retraite mouvement de déroute, brisé, si "
                   "pris de flanc. Canon attelé, retraite mouvement complet. Perte canons fixes. "
                   "Tient la position désordre/silencieux si fortifié. ATTAQUANT. Prend "
                   "position. Retrait à 5cm si défense fortifié. La cavalerie peut être rappelée "
                   "(mouvement complet) après 1° combat. Désordre si charge par terrain "
                   "handicapant ou difficile ou cavalerie ou après 2° combat."},
    [CG_FIERCE] = {"fierce_fight", "COMBAT ACHARNÉ",
                   "Chaque coté perd 1 socle, troupe en désordre, canon silencieux. Perd "
                   "modificateur percée, baïonnette/sabre, charge de cavalerie. Ajustez les "
                   "nouveaux modificateurs et refaites un combat."},
    [CG_FAILED] = {"failed_assault", "ASSAUT MANQUÉ.",
                   "ATTAQUANT en désordre et perd 1 socle si déjà en désordre. Troupe retraite à "
                   "5cm. Cavalerie peut être rappelée (mouvement complet) après 1° combat. "
                   "Retraite mouvement de déroute, brisé, si pris de flanc. DEFENSEUR tient la "
                   "position. Cavalerie en désordre. Cavalerie contre-chargeant peut prendre la "
                   "position ou être rappelée (mouvement complet)."},
    [CG_BROKEN_ASSAULT] = {"broken_assault", "ASSAUT BRISÉ.",
                           "ATTAQUANT perd 1 socle, désordre. Retrait hors courte portée. "
                           "Cavalerie peut être rappelée (mouvement complet) après 1° combat. "
                           "Désordre si charge par terrain handicapant ou difficile, cavalerie "
                           "après 2° combat. Perd 1 socle supplémentaire et retraite mouvement "
                           "de déroute, brisé, si battu par cavalerie ou pris de flanc. "
                           "DEFENSEUR tient la position. Cavalerie en désordre. Cavalerie "
                           "contre-chargeant peut prendre la position ou être rappelée "
                           "(mouvement complet)."},
    [CG_REPULSED] = {"repulsed", "ASSAUT REPOUSSÉ.",
                     "ATTAQUANT perd 2 socles et un socle supplémentaire par différence entre "
                     "résultat du dé et 9. Retraite d'un mouvement de déroute, brisé. Test de "
                     "perte du chef si chef attaché. DEFENSEUR tient la position. Cavalerie en "
                     "désordre. Cavalerie contre-chargeant peut prendre la position ou être "
                     "rappelée (mouvement complet)."},
};

/* What each result does (seed 001, TABLE DES CHARGES: EFFETS), sentence by
 * sentence: "Troupe" lines for troops, "Canon" lines for guns. */
#define RECALL(who_, when_)                                                                        \
    {                                                                                              \
        .who = who_, .arm = GR_FX_CAVALRY, .when = when_, .position = GR_POS_MAY_RECALL            \
    }
#define ROUGH_DISORDER                                                                             \
    {                                                                                              \
        .who = GR_FX_ATTACKER, .when = GR_FX_IF_ROUGH_OR_CAVALRY, .disorder = GR_FX_DISORDERED     \
    }
#define DEFENDER_HOLDS                                                                             \
    {.who = GR_FX_TARGET, .position = GR_POS_HOLDS},                                               \
        {.who = GR_FX_TARGET, .arm = GR_FX_CAVALRY, .disorder = GR_FX_DISORDERED},                 \
    {                                                                                              \
        .who = GR_FX_TARGET, .arm = GR_FX_CAVALRY, .when = GR_FX_IF_COUNTERCHARGING,               \
        .position = GR_POS_CARRIES_OR_RECALL                                                       \
    }
FX(cg_fx_swept, {.who = GR_FX_TARGET, .stands = 2, .per_point = 1, .beyond = 9},
   {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .retreat = GR_RETREAT_ROUT_MOVE, .broken = 1},
   {.who = GR_FX_TARGET,
    .arm = GR_FX_GUNS,
    .limber = 1,
    .retreat = GR_RETREAT_FULL_MOVE,
    .guns = GR_GUNS_SILENCED},
   {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .when = GR_FX_IF_FIXED_GUNS, .guns = GR_GUNS_DESTROYED},
   {.who = GR_FX_TARGET, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_TEST},
   {.who = GR_FX_ATTACKER, .position = GR_POS_BREAKTHROUGH},
   {.who = GR_FX_ATTACKER, .when = GR_FX_IF_AFTER_SECOND_COMBAT, .position = GR_POS_CARRIES},
   ROUGH_DISORDER);
FX(cg_fx_broken, {.who = GR_FX_TARGET, .stands = 1},
   {.who = GR_FX_TARGET,
    .arm = GR_FX_TROOPS,
    .disorder = GR_FX_DISORDERED,
    .retreat = GR_RETREAT_BEYOND_CLOSE},
   {.who = GR_FX_TARGET,
    .arm = GR_FX_GUNS,
    .guns = GR_GUNS_SILENCED,
    .limber = 1,
    .retreat = GR_RETREAT_FULL_MOVE},
   RECALL(GR_FX_TARGET, GR_FX_IF_AFTER_FIRST_COMBAT),
   {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .when = GR_FX_IF_FIXED_GUNS, .guns = GR_GUNS_DESTROYED},
   {.who = GR_FX_TARGET,
    .when = GR_FX_IF_FLANKED_OR_CAVALRY,
    .stands = 1,
    .retreat = GR_RETREAT_ROUT_MOVE,
    .broken = 1},
   {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES},
   {.who = GR_FX_ATTACKER,
    .arm = GR_FX_CAVALRY,
    .when = GR_FX_IF_AFTER_FIRST_COMBAT,
    .position = GR_POS_BREAKTHROUGH},
   ROUGH_DISORDER);
FX(cg_fx_pushed,
   {.who = GR_FX_TARGET,
    .arm = GR_FX_TROOPS,
    .disorder = GR_FX_DISORDERED,
    .retreat = GR_RETREAT_DISTANCE,
    .distance = 5},
   {.who = GR_FX_TARGET,
    .arm = GR_FX_GUNS,
    .guns = GR_GUNS_SILENCED,
    .limber = 1,
    .retreat = GR_RETREAT_FULL_MOVE},
   {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .when = GR_FX_IF_DISORDERED, .stands = 1},
   {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .when = GR_FX_IF_GUNS_DAMAGED, .stands = 1},
   RECALL(GR_FX_TARGET, GR_FX_IF_AFTER_FIRST_COMBAT),
   {.who = GR_FX_TARGET,
    .arm = GR_FX_TROOPS,
    .when = GR_FX_IF_FLANKED,
    .retreat = GR_RETREAT_ROUT_MOVE,
    .broken = 1},
   {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .when = GR_FX_IF_FIXED_GUNS, .guns = GR_GUNS_DESTROYED},
   {.who = GR_FX_TARGET, .when = GR_FX_IF_FORTIFIED, .position = GR_POS_HOLDS},
   {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES},
   {.who = GR_FX_ATTACKER,
    .when = GR_FX_IF_FORTIFIED,
    .retreat = GR_RETREAT_DISTANCE,
    .distance = 5},
   RECALL(GR_FX_ATTACKER, GR_FX_IF_AFTER_FIRST_COMBAT), ROUGH_DISORDER);
FX(cg_fx_fierce, {.who = GR_FX_EACH, .stands = 1, .lose_bonuses = 1, .fight_again = 1},
   {.who = GR_FX_EACH, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED},
   {.who = GR_FX_EACH, .arm = GR_FX_GUNS, .guns = GR_GUNS_SILENCED});
FX(cg_fx_failed,
   {.who = GR_FX_ATTACKER,
    .arm = GR_FX_TROOPS,
    .disorder = GR_FX_DISORDERED,
    .retreat = GR_RETREAT_DISTANCE,
    .distance = 5},
   {.who = GR_FX_ATTACKER, .when = GR_FX_IF_DISORDERED, .stands = 1},
   RECALL(GR_FX_ATTACKER, GR_FX_IF_AFTER_FIRST_COMBAT),
   {.who = GR_FX_ATTACKER, .when = GR_FX_IF_FLANKED, .retreat = GR_RETREAT_ROUT_MOVE, .broken = 1},
   DEFENDER_HOLDS);
FX(cg_fx_broken_assault,
   {.who = GR_FX_ATTACKER,
    .stands = 1,
    .disorder = GR_FX_DISORDERED,
    .retreat = GR_RETREAT_BEYOND_CLOSE},
   RECALL(GR_FX_ATTACKER, GR_FX_IF_AFTER_FIRST_COMBAT), ROUGH_DISORDER,
   {.who = GR_FX_ATTACKER,
    .when = GR_FX_IF_FLANKED_OR_CAVALRY,
    .stands = 1,
    .retreat = GR_RETREAT_ROUT_MOVE,
    .broken = 1},
   DEFENDER_HOLDS);
FX(cg_fx_repulsed,
   {.who = GR_FX_ATTACKER,
    .stands = 2,
    .per_point = 1,
    .beyond = 9,
    .retreat = GR_RETREAT_ROUT_MOVE,
    .broken = 1},
   {.who = GR_FX_ATTACKER, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_TEST}, DEFENDER_HOLDS);
#undef RECALL
#undef ROUGH_DISORDER
#undef DEFENDER_HOLDS
static const gr_effects cg_effects[] = {
    [CG_SWEPT] = GR_EFFECTS(cg_fx_swept),
    [CG_BROKEN] = GR_EFFECTS(cg_fx_broken),
    [CG_PUSHED] = GR_EFFECTS(cg_fx_pushed),
    [CG_FIERCE] = GR_EFFECTS(cg_fx_fierce),
    [CG_FAILED] = GR_EFFECTS(cg_fx_failed),
    [CG_BROKEN_ASSAULT] = GR_EFFECTS(cg_fx_broken_assault),
    [CG_REPULSED] = GR_EFFECTS(cg_fx_repulsed),
};
static const gr_band cg_bands[] = {
    {9, GR_HI, CG_SWEPT, "9 ou plus"},
    {5, 8, CG_BROKEN, "5 - 8"},
    {1, 4, CG_PUSHED, "1 - 4"},
    {0, 0, CG_FIERCE, "0"},
    {-4, -1, CG_FAILED, "-1 à -4"},
    {-8, -5, CG_BROKEN_ASSAULT, "-5 à -8"},
    {GR_LO, -9, CG_REPULSED, "-9 et pire"},
};
static const gr_param cg_params[] = {
    GR_INT_REQ("difference", GR_SCORE_MIN, GR_SCORE_MAX,
               "attacker's modified D10 total minus the defender's"),
};

static gr_status cg_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int d = (int)a->v[0];
    gr_status st = gr_bands_read(cg_bands, GR_COUNT(cg_bands), d, out, "charge", err);
    if (st != GR_OK)
        return st;
    switch (out->outcome) {
    case CG_SWEPT: /* 2 stands, +1 per point beyond 9 */
        gr_cell_int(out, "defender_stands", 2 + (d - 9));
        break;
    case CG_BROKEN: gr_cell_int(out, "defender_stands", 1); break;
    case CG_FIERCE:
        gr_cell_int(out, "attacker_stands", 1);
        gr_cell_int(out, "defender_stands", 1);
        break;
    case CG_BROKEN_ASSAULT: gr_cell_int(out, "attacker_stands", 1); break;
    case CG_REPULSED: /* 2 stands, +1 per point between the result and 9 */
        gr_cell_int(out, "attacker_stands", 2 + (-d - 9));
        break;
    default: break;
    }
    return GR_OK;
}

GR_BANDS_CELLS(cg_cells, cg_bands)

const gr_table rff_charge_table = {
    .name = "charge",
    .title = "Table des charges",
    .source = RFF_SRC ", TABLE DES CHARGES, EFFETS",
    GR_ARRAY(params, cg_params),
    GR_ROLLED(0, GR_ROLL_D10_VS_D10),
    GR_ARRAY(outcomes, cg_outcomes),
    .lookup = cg_lookup,
    .cells = cg_cells,
    .effects = cg_effects,
    .example = "grognard lookup rff charge --difference 0",
};

/* ---- PERTE DES CHEFS ------------------------------------------------------- */

static const gr_outcome ll_outcomes[] = {
    {"killed", "Tué net sur sa monture", "Retirez le chef du jeu."},
    {"mortally_wounded", "Mortellement blessé", "Retirez le chef du jeu."},
    {"severely_wounded", "Grièvement blessé", "Retirez le chef du jeu."},
    {"seriously_wounded", "Sérieusement blessé", "Retirez le chef pour un tour."},
    {"horse_killed", "Monture tuée sous le chef", "Chef à pied pour un tour."},
    {"coat_pierced", "Manteau percé", "Pas d'effets."},
    {"orderly_hit", "Ordonnance touché", "Pas d'effets."},
    {"unhurt", "Ignore bravement le tir", "Pas d'effets."},
};

/* What each result does (seed 001, PERTE DES CHEFS). */
FX(ll_fx_removed, {.leader = GR_LEADER_REMOVED});
FX(ll_fx_turn, {.leader = GR_LEADER_REMOVED_TURN});
FX(ll_fx_foot, {.leader = GR_LEADER_ON_FOOT});
#undef FX
static const gr_effects ll_effects[] = {
    GR_EFFECTS(ll_fx_removed),
    GR_EFFECTS(ll_fx_removed),
    GR_EFFECTS(ll_fx_removed),
    GR_EFFECTS(ll_fx_turn),
    GR_EFFECTS(ll_fx_foot),
    {NULL, 0},
    {NULL, 0},
    {NULL, 0},
};
static const gr_band ll_bands[] = {
    {10, GR_HI, 0, "10"}, {9, 9, 1, "9"}, {8, 8, 2, "8"}, {7, 7, 3, "7"},
    {6, 6, 4, "6"},       {5, 5, 5, "5"}, {4, 4, 6, "4"}, {GR_LO, 3, 7, "1,2,3"},
};
static const gr_param ll_params[] = {
    GR_INT_REQ("score", 1, 10, "the D10 face (the table has no modifier)"),
};

GR_BANDS_LOOKUP(ll_lookup, ll_bands, "leader_loss")

GR_BANDS_CELLS(ll_cells, ll_bands)

const gr_table rff_leader_loss_table = {
    .name = "leader_loss",
    .title = "Perte des chefs",
    .source = RFF_SRC ", PERTE DES CHEFS",
    GR_ARRAY(params, ll_params),
    GR_ROLLED(0, GR_ROLL_D10),
    GR_ARRAY(outcomes, ll_outcomes),
    .lookup = ll_lookup,
    .cells = ll_cells,
    .effects = ll_effects,
    .example = "grognard lookup rff leader_loss --score 7",
};
