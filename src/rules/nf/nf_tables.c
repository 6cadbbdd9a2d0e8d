/* nf_tables.c - Napoleonic Fury: every chart of the design sheet (seed 002)
 * as const data, with the printed cell each value comes from, and the small
 * functions that read them.  docs/rules/nf.md records how each chart was
 * read where the extraction left a doubt. */
#include "nf.h"

#include <string.h>

#define YEAR_PARAM                                                                                 \
    GR_INT("year", 1792, 1815,                                                                     \
           "year of the battle (the charts split 1792-1808 / 1809+); needed where the cell does")

const char *const nf_nations[] = {
    "france",  "hesse",     "baden",   "vistula_legion", "britain",  "austria",
    "prussia", "russia",    "spain",   "spain_allied",   "portugal", "saxony",
    "naples",  "rhinebund", "ottoman", "other",          NULL,
};
const char *const nf_qualities[] = {"guard", "veteran", "regular", "conscript", "militia", NULL};
const char *const nf_ratings[] = {"excellent", "good", "average", "poor", NULL};
static const char *const nf_move_units[] = {
    "infantry",      "light_infantry", "light_cavalry", "heavy_cavalry",
    "horse_battery", "heavy_battery",  "leader",        NULL};
const char *const nf_fire_units[] = {"infantry",        "light_infantry",     "horse_artillery",
                                     "heavy_artillery", "dismounted_cavalry", NULL};
static const char *const formations_cl[] = {"column", "line", NULL};
static const char *const formations_clo[] = {"column", "line", "other", NULL};

/* Era of the national charts from a year: 0 for 1792-1808, 1 for 1809+. */
static int nf_era(int year)
{
    return year >= 1809 ? 1 : 0;
}

/* ---- Fire table (seed 002) ------------------------------------------------ */

enum { F_DESULTORY, F_LIVELY, F_TELLING, F_DEADLY, F_WITHERING };

static const gr_outcome fire_outcomes[] = {
    [F_DESULTORY] = {"desultory", "Desultory", "No effect."},
    [F_LIVELY] = {"lively", "Lively", "Target disordered, artillery suppressed."},
    [F_TELLING] = {"telling", "Telling", "Target disordered & 1 stand lost. Artillery silenced."},
    [F_DEADLY] = {"deadly", "Deadly",
                  "Target disordered & 1 stand lost. Unit retreats 3\". Artillery damaged."},
    [F_WITHERING] = {"withering", "Withering",
                     "Target disordered & 2 stands lost. Unit retreats 3\". Artillery wrecked."},
};

/* What each result does (seed 002, fire results): a brigade takes the
 * "Target ... Unit" part, a battery the "Artillery" part. */
static const gr_effect fire_fx_lively[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_SUPPRESSED},
};
static const gr_effect fire_fx_telling[] = {
    {.who = GR_FX_TARGET, .arm = GR_FX_TROOPS, .disorder = GR_FX_DISORDERED, .stands = 1},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_SILENCED},
};
static const gr_effect fire_fx_deadly[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .disorder = GR_FX_DISORDERED,
     .stands = 1,
     .retreat = GR_RETREAT_DISTANCE,
     .distance = 3},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_DAMAGED},
};
static const gr_effect fire_fx_withering[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .disorder = GR_FX_DISORDERED,
     .stands = 2,
     .retreat = GR_RETREAT_DISTANCE,
     .distance = 3},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_WRECKED},
};
static const gr_effects fire_effects[] = {
    [F_DESULTORY] = {NULL, 0},
    [F_LIVELY] = GR_EFFECTS(fire_fx_lively),
    [F_TELLING] = GR_EFFECTS(fire_fx_telling),
    [F_DEADLY] = GR_EFFECTS(fire_fx_deadly),
    [F_WITHERING] = GR_EFFECTS(fire_fx_withering),
};

/* The lowest printed band of each row starts at GR_LO: a score below 0
 * reads the row's 0 cell (docs/rules/nf.md, "Fire scores below 0"). */
static const gr_band fire_1_2[] = {
    {GR_LO, 11, F_DESULTORY, "1/2 | 0-11"},
    {12, GR_HI, F_LIVELY, "1/2 | 12+"},
};
static const gr_band fire_1[] = {
    {GR_LO, 10, F_DESULTORY, "1 | 0-10"},
    {11, GR_HI, F_LIVELY, "1 | 11+"},
};
static const gr_band fire_2[] = {
    {GR_LO, 9, F_DESULTORY, "2 | 0-9"},
    {10, GR_HI, F_LIVELY, "2 | 10+"},
};
static const gr_band fire_3[] = {
    {GR_LO, 8, F_DESULTORY, "3 | 0-8"},
    {9, GR_HI, F_LIVELY, "3 | 9+"},
};
static const gr_band fire_4[] = {
    {GR_LO, 7, F_DESULTORY, "4 | 0-7"},
    {8, 11, F_LIVELY, "4 | 8-11"},
    {12, GR_HI, F_TELLING, "4 | 12+"},
};
static const gr_band fire_5[] = {
    {GR_LO, 7, F_DESULTORY, "5 | 0-7"},
    {8, 10, F_LIVELY, "5 | 8-10"},
    {11, GR_HI, F_TELLING, "5 | 11+"},
};
static const gr_band fire_6_7[] = {
    {GR_LO, 6, F_DESULTORY, "6,7 | 0-6"},
    {7, 9, F_LIVELY, "6,7 | 7-9"},
    {10, GR_HI, F_TELLING, "6,7 | 10+"},
};
static const gr_band fire_8_9[] = {
    {GR_LO, 6, F_DESULTORY, "8,9 | 0-6"},
    {7, 9, F_LIVELY, "8,9 | 7-9"},
    {10, 11, F_TELLING, "8,9 | 10-11"},
    {12, GR_HI, F_DEADLY, "8,9 | 12+"},
};
static const gr_band fire_10_11[] = {
    {GR_LO, 5, F_DESULTORY, "10,11 | 0-5"},
    {6, 8, F_LIVELY, "10,11 | 6-8"},
    {9, 10, F_TELLING, "10,11 | 9-10"},
    {11, GR_HI, F_DEADLY, "10,11 | 11+"},
};
static const gr_band fire_12_14[] = {
    {GR_LO, 4, F_DESULTORY, "12-14 | 0-4"},
    {5, 7, F_LIVELY, "12-14 | 5-7"},
    {8, 10, F_TELLING, "12-14 | 8-10"},
    {11, GR_HI, F_DEADLY, "12-14 | 11+"},
};
static const gr_band fire_15_19[] = {
    {GR_LO, 3, F_DESULTORY, "15-19 | 0-3"},
    {4, 6, F_LIVELY, "15-19 | 4-6"},
    {7, 9, F_TELLING, "15-19 | 7-9"},
    {10, GR_HI, F_DEADLY, "15-19 | 10+"},
};
static const gr_band fire_20_24[] = {
    {GR_LO, 2, F_DESULTORY, "20-24 | 0-2"},  {3, 5, F_LIVELY, "20-24 | 3-5"},
    {6, 8, F_TELLING, "20-24 | 6-8"},        {9, 11, F_DEADLY, "20-24 | 9-11"},
    {12, GR_HI, F_WITHERING, "20-24 | 12+"},
};
static const gr_band fire_25_29[] = {
    {GR_LO, 1, F_DESULTORY, "25-29 | 0-1"},  {2, 4, F_LIVELY, "25-29 | 2-4"},
    {5, 7, F_TELLING, "25-29 | 5-7"},        {8, 10, F_DEADLY, "25-29 | 8-10"},
    {11, GR_HI, F_WITHERING, "25-29 | 11+"},
};
static const gr_band fire_30_34[] = {
    {GR_LO, 0, F_DESULTORY, "30-34 | 0"},    {1, 3, F_LIVELY, "30-34 | 1-3"},
    {4, 6, F_TELLING, "30-34 | 4-6"},        {7, 9, F_DEADLY, "30-34 | 7-9"},
    {10, GR_HI, F_WITHERING, "30-34 | 10+"},
};
/* From 35 points on the Desultory column prints "-": no score gives it. */
static const gr_band fire_35_39[] = {
    {GR_LO, 2, F_LIVELY, "35-39 | 0-2"},
    {3, 5, F_TELLING, "35-39 | 3-5"},
    {6, 8, F_DEADLY, "35-39 | 6-8"},
    {9, GR_HI, F_WITHERING, "35-39 | 9+"},
};
static const gr_band fire_40_45[] = {
    {GR_LO, 1, F_LIVELY, "40-45 | 0-1"},
    {2, 4, F_TELLING, "40-45 | 2-4"},
    {5, 7, F_DEADLY, "40-45 | 5-7"},
    {8, GR_HI, F_WITHERING, "40-45 | 8+"},
};
static const gr_band fire_46_50[] = {
    {GR_LO, 0, F_LIVELY, "46-50 | 0"},
    {1, 3, F_TELLING, "46-50 | 1-3"},
    {4, 6, F_DEADLY, "46-50 | 4-6"},
    {7, GR_HI, F_WITHERING, "46-50 | 7+"},
};
static const gr_band fire_51_up[] = {
    {GR_LO, 0, F_LIVELY, "51+ | 0"},
    {1, 2, F_TELLING, "51+ | 1-2"},
    {3, 5, F_DEADLY, "51+ | 3-5"},
    {6, GR_HI, F_WITHERING, "51+ | 6+"},
};

/* Row keys are whole fire points; key 0 is the printed "1/2" row, which
 * holds every total from 1/2 up to (not including) 1.  Other fractions
 * read the row of their whole part (docs/rules/nf.md, "Fractional fire
 * points"). */
static const gr_band_row fire_rows[] = {
    GR_ROW(0, 0, "1/2", fire_1_2),       GR_ROW(1, 1, "1", fire_1),
    GR_ROW(2, 2, "2", fire_2),           GR_ROW(3, 3, "3", fire_3),
    GR_ROW(4, 4, "4", fire_4),           GR_ROW(5, 5, "5", fire_5),
    GR_ROW(6, 7, "6,7", fire_6_7),       GR_ROW(8, 9, "8,9", fire_8_9),
    GR_ROW(10, 11, "10,11", fire_10_11), GR_ROW(12, 14, "12-14", fire_12_14),
    GR_ROW(15, 19, "15-19", fire_15_19), GR_ROW(20, 24, "20-24", fire_20_24),
    GR_ROW(25, 29, "25-29", fire_25_29), GR_ROW(30, 34, "30-34", fire_30_34),
    GR_ROW(35, 39, "35-39", fire_35_39), GR_ROW(40, 45, "40-45", fire_40_45),
    GR_ROW(46, 50, "46-50", fire_46_50), GR_ROW(51, GR_HI, "51+", fire_51_up),
};

enum { FIRE_POINTS, FIRE_SCORE };
static const gr_param fire_params[] = {
    [FIRE_POINTS] =
        GR_NUM_REQ("points", GR_MILLI / 2, 999 * GR_MILLI,
                   "fire points after the X2 / x1/2 multipliers (1/2 or more; other fractions "
                   "read the row of their whole part)"),
    [FIRE_SCORE] = GR_SCORE_PARAM("score", "2D6 plus the capped modifiers"),
};

static gr_status fire_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int64_t p = a->v[FIRE_POINTS];
    int key = (int)(p / GR_MILLI);
    int score = (int)a->v[FIRE_SCORE];
    gr_status st = gr_rows_read(fire_rows, GR_COUNT(fire_rows), key, score, out, "fire", err);
    if (st != GR_OK)
        return st;
    if (score < 0)
        out->note = "score below 0: read as 0, the lowest score the chart prints";
    else if (p < GR_MILLI && p != GR_MILLI / 2)
        out->note = "fire points between 1/2 and 1: read on the 1/2 row";
    else if (p % GR_MILLI && p > GR_MILLI)
        out->note = "fractional fire points: read on the row of the whole part";
    return GR_OK;
}

GR_ROWS_CELLS(fire_cells, fire_rows)

const gr_table nf_fire_table = {
    .name = "fire",
    .title = "Fire table",
    .source = NF_SRC ", Fire points / Desultory ... Withering",
    GR_ARRAY(params, fire_params),
    GR_ROLLED(FIRE_SCORE, GR_ROLL_2D6),
    GR_ARRAY(outcomes, fire_outcomes),
    .lookup = fire_lookup,
    .cells = fire_cells,
    .effects = fire_effects,
    .example = "grognard lookup nf fire --points 4 --score 8",
};

/* ---- Melee table (seed 002) ---------------------------------------------- */

enum { M_SWEPT, M_DRIVEN, M_PRESSED, M_DESPERATE, M_CHECKED, M_FALTERS, M_REPULSED };

static const gr_outcome melee_outcomes[] = {
    [M_SWEPT] = {"swept_from_the_field", "Swept from the field",
                 "Defender retreats a full move disordered/silenced. Two stands removed, one "
                 "leader and/or battery captured if present. One additional stand removed for "
                 "each die difference over 10. Attackers breakthrough and must continue to "
                 "charge 1/2 move toward the nearest enemy."},
    [M_DRIVEN] = {"driven_back", "Driven back",
                  "Defender retreats a full move disordered/silenced. One stand removed, "
                  "battery damaged. Attackers carry position or may continue to charge 1/2 move "
                  "toward the nearest enemy unit. Charging cavalry may opt to pull back 1/2 "
                  "move."},
    [M_PRESSED] = {"hard_pressed", "Hard Pressed",
                   "Defender retreats 3\" and is disordered. Batteries silenced & withdraw 9\". "
                   "Attackers carry position. If cavalry, disordered."},
    [M_DESPERATE] = {"desperate_struggle", "Desperate struggle",
                     "Both sides are disordered and each loses a stand. Roll again with "
                     "adjusted modifiers."},
    [M_CHECKED] = {"assault_checked", "Assault checked",
                   "Attacker is disordered and falls back 3\". Defending cavalry is "
                   "disordered."},
    [M_FALTERS] = {"assault_falters", "Assault Falters",
                   "Attacker disordered and loses one stand and retreats a full move."},
    [M_REPULSED] = {"charge_repulsed", "Charge repulsed",
                    "Attacker disordered, loses two stands and retreats a full move. Leader "
                    "captured. An additional stand is removed for each difference over -10."},
};

/* What each result does (seed 002, Melee table).  "disordered/silenced":
 * brigades disordered, batteries silenced. */
static const gr_effect melee_fx_swept[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .retreat = GR_RETREAT_FULL_MOVE,
     .disorder = GR_FX_DISORDERED,
     .stands = 2,
     .per_point = 1,
     .beyond = 10},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_CAPTURED},
    {.who = GR_FX_TARGET, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_CAPTURED},
    {.who = GR_FX_ATTACKER, .position = GR_POS_BREAKTHROUGH},
};
static const gr_effect melee_fx_driven[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .retreat = GR_RETREAT_FULL_MOVE,
     .disorder = GR_FX_DISORDERED,
     .stands = 1},
    {.who = GR_FX_TARGET,
     .arm = GR_FX_GUNS,
     .retreat = GR_RETREAT_FULL_MOVE,
     .guns = GR_GUNS_SILENCED},
    {.who = GR_FX_TARGET, .arm = GR_FX_GUNS, .guns = GR_GUNS_DAMAGED},
    {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES_OR_BREAKTHROUGH},
    {.who = GR_FX_ATTACKER, .arm = GR_FX_CAVALRY, .position = GR_POS_MAY_PULL_BACK},
};
static const gr_effect melee_fx_pressed[] = {
    {.who = GR_FX_TARGET,
     .arm = GR_FX_TROOPS,
     .retreat = GR_RETREAT_DISTANCE,
     .distance = 3,
     .disorder = GR_FX_DISORDERED},
    {.who = GR_FX_TARGET,
     .arm = GR_FX_GUNS,
     .guns = GR_GUNS_SILENCED,
     .retreat = GR_RETREAT_DISTANCE,
     .distance = 9},
    {.who = GR_FX_ATTACKER, .position = GR_POS_CARRIES},
    {.who = GR_FX_ATTACKER, .arm = GR_FX_CAVALRY, .disorder = GR_FX_DISORDERED},
};
static const gr_effect melee_fx_desperate[] = {
    {.who = GR_FX_EACH, .disorder = GR_FX_DISORDERED, .stands = 1, .fight_again = 1},
};
static const gr_effect melee_fx_checked[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .retreat = GR_RETREAT_DISTANCE,
     .distance = 3},
    {.who = GR_FX_TARGET, .arm = GR_FX_CAVALRY, .disorder = GR_FX_DISORDERED},
};
static const gr_effect melee_fx_falters[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .stands = 1,
     .retreat = GR_RETREAT_FULL_MOVE},
};
static const gr_effect melee_fx_repulsed[] = {
    {.who = GR_FX_ATTACKER,
     .disorder = GR_FX_DISORDERED,
     .stands = 2,
     .per_point = 1,
     .beyond = 10,
     .retreat = GR_RETREAT_FULL_MOVE},
    {.who = GR_FX_ATTACKER, .when = GR_FX_IF_LEADER, .leader = GR_LEADER_CAPTURED},
};
static const gr_effects melee_effects[] = {
    [M_SWEPT] = GR_EFFECTS(melee_fx_swept),       [M_DRIVEN] = GR_EFFECTS(melee_fx_driven),
    [M_PRESSED] = GR_EFFECTS(melee_fx_pressed),   [M_DESPERATE] = GR_EFFECTS(melee_fx_desperate),
    [M_CHECKED] = GR_EFFECTS(melee_fx_checked),   [M_FALTERS] = GR_EFFECTS(melee_fx_falters),
    [M_REPULSED] = GR_EFFECTS(melee_fx_repulsed),
};

static const gr_band melee_bands[] = {
    {7, GR_HI, M_SWEPT, "7+*"},
    {4, 6, M_DRIVEN, "4-6*"},
    {1, 3, M_PRESSED, "1-3"},
    {0, 0, M_DESPERATE, "0"},
    {-3, -1, M_CHECKED, "-1 to -3"},
    {-6, -4, M_FALTERS, "-4 to -6"},
    {GR_LO, -7, M_REPULSED, "-7 or less"},
};

static const gr_param melee_params[] = {
    GR_INT_REQ("difference", GR_SCORE_MIN, GR_SCORE_MAX,
               "attacker's modified 2D6 total minus the defender's"),
};

static gr_status melee_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int d = (int)a->v[0];
    gr_status st = gr_bands_read(melee_bands, GR_COUNT(melee_bands), d, out, "melee", err);
    if (st != GR_OK)
        return st;
    /* "One additional stand removed for each die difference over 10" and
     * "... for each difference over -10". */
    int beyond = d > 10 ? d - 10 : d < -10 ? -d - 10 : 0;
    if (beyond)
        gr_cell_int(out, "extra_stands", beyond);
    return GR_OK;
}

GR_BANDS_CELLS(melee_cells, melee_bands)

const gr_table nf_melee_table = {
    .name = "melee",
    .title = "Melee table",
    .source = NF_SRC ", Difference / Effects",
    GR_ARRAY(params, melee_params),
    GR_ROLLED(0, GR_ROLL_2D6_VS_2D6),
    GR_ARRAY(outcomes, melee_outcomes),
    .lookup = melee_lookup,
    .cells = melee_cells,
    .effects = melee_effects,
    .example = "grognard lookup nf melee --difference 5",
};

/* ---- Disorder table (seed 002) ------------------------------------------ */

enum { D_ROUT, D_BROKEN, D_WAVERING, D_SHAKEN, D_RALLY, D_ELAN };

static const gr_outcome disorder_outcomes[] = {
    [D_ROUT] = {"rout", "Unit routs", "Unit routs - remove from table."},
    [D_BROKEN] = {"broken", "Broken", "Lose 1 stand and retreat a full move."},
    [D_WAVERING] = {"wavering", "Wavering", "Unit retreats 3\" in disorder."},
    [D_SHAKEN] = {"shaken", "Shaken", "Unit holds ground but rallies."},
    [D_RALLY] = {"rally", "Unit rallies", "Unit rallies and gets 1/2 movement. (No FC)"},
    [D_ELAN] = {"rally_with_elan", "Unit rallies with Elan", "Unit rallies with Elan. Full move."},
};

/* What each result does (seed 002, DISORDER TABLE). */
static const gr_effect dis_fx_rout[] = {{.removed = 1}};
static const gr_effect dis_fx_broken[] = {{.stands = 1, .retreat = GR_RETREAT_FULL_MOVE}};
static const gr_effect dis_fx_wavering[] = {
    {.retreat = GR_RETREAT_DISTANCE, .distance = 3, .disorder = GR_FX_STAYS_DISORDERED}};
static const gr_effect dis_fx_shaken[] = {{.position = GR_POS_HOLDS, .disorder = GR_FX_RALLIED}};
static const gr_effect dis_fx_rally[] = {
    {.disorder = GR_FX_RALLIED, .move = GR_MOVE_HALF, .formation = -1}};
static const gr_effect dis_fx_elan[] = {{.disorder = GR_FX_RALLIED, .move = GR_MOVE_FULL}};
static const gr_effects disorder_effects[] = {
    [D_ROUT] = GR_EFFECTS(dis_fx_rout),         [D_BROKEN] = GR_EFFECTS(dis_fx_broken),
    [D_WAVERING] = GR_EFFECTS(dis_fx_wavering), [D_SHAKEN] = GR_EFFECTS(dis_fx_shaken),
    [D_RALLY] = GR_EFFECTS(dis_fx_rally),       [D_ELAN] = GR_EFFECTS(dis_fx_elan),
};

static const gr_band disorder_bands[] = {
    {GR_LO, 1, D_ROUT, "1 or less"}, {2, 3, D_BROKEN, "2,3"},  {4, 5, D_WAVERING, "4,5"},
    {6, 7, D_SHAKEN, "6,7"},         {8, 10, D_RALLY, "8-10"}, {11, GR_HI, D_ELAN, "11+"},
};

static const gr_param disorder_params[] = {GR_SCORE_PARAM("score", "2D6 plus the modifiers")};

GR_BANDS_LOOKUP(disorder_lookup, disorder_bands, "disorder")

GR_BANDS_CELLS(disorder_cells, disorder_bands)

const gr_table nf_disorder_table = {
    .name = "disorder",
    .title = "Disorder table (units must roll)",
    .source = NF_SRC ", DISORDER TABLE",
    GR_ARRAY(params, disorder_params),
    GR_ROLLED(0, GR_ROLL_2D6),
    GR_ARRAY(outcomes, disorder_outcomes),
    .lookup = disorder_lookup,
    .cells = disorder_cells,
    .effects = disorder_effects,
    .example = "grognard lookup nf disorder --score 9",
};

/* ---- Good Order table (seed 002) ---------------------------------------- */

enum { G_RETREAT, G_HOLD, G_HOLD_FC, G_HALF, G_TWO_THIRDS, G_WELL };

static const gr_outcome go_outcomes[] = {
    [G_RETREAT] = {"retreat_half_move", "Unit retreats a half move", "Unit retreats a half move."},
    [G_HOLD] = {"hold_ground", "Unit holds ground", "Unit holds ground."},
    [G_HOLD_FC] = {"hold_ground_may_fc", "Unit holds ground (May FC)",
                   "Unit holds ground; it may change formation."},
    [G_HALF] = {"half_move_or_fc", "Unit has 1/2 MV OR may FC",
                "Unit has 1/2 its movement allowance, or may change formation."},
    [G_TWO_THIRDS] = {"two_thirds_move_and_fc", "Unit has 2/3 MV and may FC",
                      "Unit has 2/3 of its movement allowance and may change formation."},
    [G_WELL] = {"well_handled", "Well handled. Full move", "Well handled. Full move."},
};

/* What each result does (seed 002, GOOD ORDER TABLE). */
static const gr_effect go_fx_retreat[] = {{.retreat = GR_RETREAT_HALF_MOVE}};
static const gr_effect go_fx_hold[] = {{.position = GR_POS_HOLDS}};
static const gr_effect go_fx_hold_fc[] = {{.position = GR_POS_HOLDS, .formation = 1}};
static const gr_effect go_fx_half[] = {{.move = GR_MOVE_HALF_OR_FC}};
static const gr_effect go_fx_two_thirds[] = {{.move = GR_MOVE_TWO_THIRDS, .formation = 1}};
static const gr_effect go_fx_well[] = {{.move = GR_MOVE_FULL}};
static const gr_effects go_effects[] = {
    [G_RETREAT] = GR_EFFECTS(go_fx_retreat),       [G_HOLD] = GR_EFFECTS(go_fx_hold),
    [G_HOLD_FC] = GR_EFFECTS(go_fx_hold_fc),       [G_HALF] = GR_EFFECTS(go_fx_half),
    [G_TWO_THIRDS] = GR_EFFECTS(go_fx_two_thirds), [G_WELL] = GR_EFFECTS(go_fx_well),
};

static const gr_band go_excellent[] = {
    {GR_LO, 2, G_RETREAT, "Excellent | 2 or less"},
    {3, 4, G_HOLD, "Excellent | 3,4"},
    {5, 5, G_HOLD_FC, "Excellent | 5"},
    {6, 6, G_HALF, "Excellent | 6"},
    {7, 7, G_TWO_THIRDS, "Excellent | 7"},
    {8, GR_HI, G_WELL, "Excellent | 8+"},
};
static const gr_band go_good[] = {
    {GR_LO, 2, G_RETREAT, "Good | 2 or less"}, {3, 4, G_HOLD, "Good | 3,4"},
    {5, 6, G_HOLD_FC, "Good | 5,6"},           {7, 7, G_HALF, "Good | 7"},
    {8, 8, G_TWO_THIRDS, "Good | 8"},          {9, GR_HI, G_WELL, "Good | 9+"},
};
static const gr_band go_average[] = {
    {GR_LO, 2, G_RETREAT, "Average | 2 or less"}, {3, 4, G_HOLD, "Average | 3,4"},
    {5, 6, G_HOLD_FC, "Average | 5,6"},           {7, 8, G_HALF, "Average | 7,8"},
    {9, 9, G_TWO_THIRDS, "Average | 9"},          {10, GR_HI, G_WELL, "Average | 10+"},
};
static const gr_band go_poor[] = {
    {GR_LO, 3, G_RETREAT, "Poor | 3 or less"}, {4, 5, G_HOLD, "Poor | 4,5"},
    {6, 7, G_HOLD_FC, "Poor | 6,7"},           {8, 9, G_HALF, "Poor | 8,9"},
    {10, 10, G_TWO_THIRDS, "Poor | 10"},       {11, GR_HI, G_WELL, "Poor | 11+"},
};
static const gr_band_row go_columns[] = {
    [NF_R_EXCELLENT] = GR_ROW(NF_R_EXCELLENT, NF_R_EXCELLENT, "Excellent", go_excellent),
    [NF_R_GOOD] = GR_ROW(NF_R_GOOD, NF_R_GOOD, "Good", go_good),
    [NF_R_AVERAGE] = GR_ROW(NF_R_AVERAGE, NF_R_AVERAGE, "Average", go_average),
    [NF_R_POOR] = GR_ROW(NF_R_POOR, NF_R_POOR, "Poor", go_poor),
};

enum { GO_RATING, GO_SCORE };
static const gr_param go_params[] = {
    [GO_RATING] =
        GR_ENUM_REQ("rating", nf_ratings, "column: the corps (or army) commander's rating"),
    [GO_SCORE] = GR_SCORE_PARAM("score", "2D6 plus the modifiers"),
};

static gr_status go_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    return gr_rows_read(go_columns, GR_COUNT(go_columns), (int)a->v[GO_RATING], (int)a->v[GO_SCORE],
                        out, "good_order", err);
}

GR_ROWS_CELLS(go_cells, go_columns)

const gr_table nf_good_order_table = {
    .name = "good_order",
    .title = "Good Order table (units may roll)",
    .source = NF_SRC ", GOOD ORDER TABLE",
    GR_ARRAY(params, go_params),
    GR_ROLLED(GO_SCORE, GR_ROLL_2D6),
    GR_ARRAY(outcomes, go_outcomes),
    .lookup = go_lookup,
    .cells = go_cells,
    .effects = go_effects,
    .example = "grognard lookup nf good_order --rating good --score 7",
};

/* ---- Emergency formation change (seed 002) ------------------------------- */

static const gr_outcome efc_outcomes[] = {
    {"failed_disordered", "Unsuccessful, unit disordered",
     "The formation change fails and the unit is disordered."},
    {"failed", "Unsuccessful", "The formation change fails."},
    {"success", "Successful", "The unit changes formation (forms square)."},
};

/* What each result does (seed 002): the emergency formation change is
 * infantry charged by cavalry forming square. */
static const gr_effect efc_fx_failed_dis[] = {{.formation = -1, .disorder = GR_FX_DISORDERED}};
static const gr_effect efc_fx_failed[] = {{.formation = -1}};
static const gr_effect efc_fx_success[] = {{.square = 1}};
static const gr_effects efc_effects[] = {GR_EFFECTS(efc_fx_failed_dis), GR_EFFECTS(efc_fx_failed),
                                         GR_EFFECTS(efc_fx_success)};
static const gr_band efc_bands[] = {
    {GR_LO, 4, 0, "4 or less"},
    {5, 7, 1, "5-7"},
    {8, GR_HI, 2, "8+"},
};
static const gr_param efc_params[] = {GR_SCORE_PARAM("score", "2D6 plus the modifiers")};

GR_BANDS_LOOKUP(efc_lookup, efc_bands, "emergency_fc")

GR_BANDS_CELLS(efc_cells, efc_bands)

const gr_table nf_emergency_fc_table = {
    .name = "emergency_fc",
    .title = "Emergency formation change (FC)",
    .source = NF_SRC ", emergency formation change table",
    GR_ARRAY(params, efc_params),
    GR_ROLLED(0, GR_ROLL_2D6),
    GR_ARRAY(outcomes, efc_outcomes),
    .lookup = efc_lookup,
    .cells = efc_cells,
    .effects = efc_effects,
    .example = "grognard lookup nf emergency_fc --score 8",
};

/* ---- Brigade Effectiveness Level chart (seed 002) ------------------------- */

#define DASH -1
/* Fresh/Worn/Spent stand counts by stands (3..7) and quality column; DASH
 * where the cell prints "-"; a whole cell "-" has fresh == DASH. */
static const struct {
    int fresh, worn, spent;
    const char *cell;
} bel[5][5] = {
    {{DASH, DASH, DASH, "3 | Grenadier/Guard Infantry | -"},
     {3, 1, DASH, "3 | Veteran Infantry or Elite cavalry | 3/1/-"},
     {3, 2, DASH, "3 | Regular Infantry or good cavalry | 3/2/-"},
     {3, 2, 1, "3 | Conscript Infantry or Line cavalry | 3/2/1"},
     {3, DASH, 2, "3 | Militia or poor cavalry | 3/-/2"}},
    {{4, 2, DASH, "4 | Grenadier/Guard Infantry | 4/2/-"},
     {4, 3, 1, "4 | Veteran Infantry or Elite cavalry | 4/3/1"},
     {4, 3, 2, "4 | Regular Infantry or good cavalry | 4/3/2"},
     {4, 3, 2, "4 | Conscript Infantry or Line cavalry | 4/3/2"},
     {4, DASH, 3, "4 | Militia or poor cavalry | 4/-/3"}},
    {{5, 3, DASH, "5 | Grenadier/Guard Infantry | 5/3/-"},
     {5, 3, 1, "5 | Veteran Infantry or Elite cavalry | 5/3/1"},
     {5, 4, 2, "5 | Regular Infantry or good cavalry | 5/4/2"},
     {5, 4, 3, "5 | Conscript Infantry or Line cavalry | 5/4/3"},
     {5, DASH, 4, "5 | Militia or poor cavalry | 5/-/4"}},
    {{6, 3, 1, "6 | Grenadier/Guard Infantry | 6/3/1"},
     {6, 4, 2, "6 | Veteran Infantry or Elite cavalry | 6/4/2"},
     {6, 5, 3, "6 | Regular Infantry or good cavalry | 6/5/3"},
     {6, 5, 4, "6 | Conscript Infantry or Line cavalry | 6/5/4"},
     {6, DASH, 5, "6 | Militia or poor cavalry | 6/-/5"}},
    {{7, 3, 2, "7 | Grenadier/Guard Infantry | 7/3/2"},
     {7, 4, 3, "7 | Veteran Infantry or Elite cavalry | 7/4/3"},
     {7, 5, 4, "7 | Regular Infantry or good cavalry | 7/5/4"},
     {7, 6, 4, "7 | Conscript Infantry or Line cavalry | 7/6/4"},
     {7, 6, 5, "7 | Militia or poor cavalry | 7/6/5"}},
};

enum { BEL_STANDS, BEL_QUALITY, BEL_NAPOLEON };
static const gr_param bel_params[] = {
    [BEL_STANDS] = GR_INT_REQ("stands", 3, 7, "stands in the brigade (the chart's rows)"),
    [BEL_QUALITY] =
        GR_ENUM_REQ("quality", nf_qualities,
                    "quality column: guard (Grenadier/Guard infantry), veteran (or elite "
                    "cavalry), regular (or good cavalry), conscript (or line cavalry), militia "
                    "(or poor cavalry)"),
    [BEL_NAPOLEON] = GR_FLAG("napoleon-1804-1807",
                             "French troops under Napoleon in command on the field, 1804-1807: one "
                             "column to the left, not higher than Veteran"),
};
static const gr_outcome bel_outcomes[] = {
    {"levels", "Fresh/Worn/Spent",
     "Stand counts at which the brigade is fresh, worn and spent (null: no such level)."},
    {"not_rated", "-", "The chart prints no levels for this brigade."},
};

static gr_status bel_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int row = (int)a->v[BEL_STANDS] - 3, q = (int)a->v[BEL_QUALITY];
    if (gr_args_flag(a, BEL_NAPOLEON) && q > NF_Q_VETERAN) {
        q--; /* "advanced one to the left [not higher then Veteran]" */
        out->note = "1804-1807, Napoleon in command: quality advanced one column to the left";
    } else if (gr_args_flag(a, BEL_NAPOLEON)) {
        out->note = "1804-1807, Napoleon in command: no advance beyond Veteran";
    }
    out->cell = bel[row][q].cell;
    if (bel[row][q].fresh == DASH) {
        out->outcome = 1;
        return GR_OK;
    }
    out->outcome = 0;
    const int v[3] = {bel[row][q].fresh, bel[row][q].worn, bel[row][q].spent};
    static const char *const keys[3] = {"fresh", "worn", "spent"};
    for (int i = 0; i < 3; i++) {
        if (v[i] == DASH)
            gr_cell_null(out, keys[i]);
        else
            gr_cell_int(out, keys[i], v[i]);
    }
    return GR_OK;
}

static size_t bel_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (int r = 0; r < 5; r++)
        for (int q = 0; q < 5; q++, n++)
            if (n < cap)
                names[n] = bel[r][q].cell;
    return n;
}

const gr_table nf_bel_table = {
    .name = "bel",
    .title = "Brigade Effectiveness Level Chart (BEL)",
    .source = NF_SRC ", Brigade Effectiveness Level Chart (BEL)",
    GR_ARRAY(params, bel_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, bel_outcomes),
    .lookup = bel_lookup,
    .cells = bel_cells,
    .example = "grognard lookup nf bel --stands 6 --quality regular",
};

/* ---- Napoleon's Battles conversion line of the BEL chart (seed 002) ------- */

static const char *const nb_ratings[] = {"4/5", "3/5", "3/4", "2/5", "2/4",
                                         "2/3", "1/2", "1/3", NULL};
static const struct {
    int quality;
    const char *cell;
} nb_rows[] = {
    {NF_Q_GUARD, "Grenadier/Guard Infantry | 4/5 or 3/5"},
    {NF_Q_GUARD, "Grenadier/Guard Infantry | 4/5 or 3/5"},
    {NF_Q_VETERAN, "Veteran Infantry or Elite cavalry | 3/4 or 2/5"},
    {NF_Q_VETERAN, "Veteran Infantry or Elite cavalry | 3/4 or 2/5"},
    {NF_Q_REGULAR, "Regular Infantry or good cavalry | 2/4"},
    {NF_Q_CONSCRIPT, "Conscript Infantry or Line cavalry | 2/3"},
    {NF_Q_MILITIA, "Militia or poor cavalry | 1/2 or 1/3"},
    {NF_Q_MILITIA, "Militia or poor cavalry | 1/2 or 1/3"},
};
static const gr_param nb_params[] = {
    GR_ENUM_REQ("nb", nb_ratings, "the unit's Napoleon's Battles disorder/rout rating (NB Dis/Rt)"),
};
static const gr_outcome nb_outcomes[] = {
    {"quality", "BEL quality column", "The quality column of the BEL chart (field \"quality\")."},
};

static gr_status nb_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int i = (int)a->v[0];
    out->outcome = 0;
    out->cell = nb_rows[i].cell;
    gr_cell_str(out, "quality", nf_qualities[nb_rows[i].quality]);
    return GR_OK;
}

static size_t nb_cells(const char **names, size_t cap)
{
    static const char *const all[] = {
        "Grenadier/Guard Infantry | 4/5 or 3/5", "Veteran Infantry or Elite cavalry | 3/4 or 2/5",
        "Regular Infantry or good cavalry | 2/4", "Conscript Infantry or Line cavalry | 2/3",
        "Militia or poor cavalry | 1/2 or 1/3"};
    return gr_cells_append(all, GR_COUNT(all), names, cap, 0);
}

const gr_table nf_nb_conversion_table = {
    .name = "nb_conversion",
    .title = "BEL chart: Napoleon's Battles conversion (NB Dis/Rt)",
    .source = NF_SRC ", Brigade Effectiveness Level Chart, NB Dis/Rt line",
    GR_ARRAY(params, nb_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, nb_outcomes),
    .lookup = nb_lookup,
    .cells = nb_cells,
    .example = "grognard lookup nf nb_conversion --nb 2/4",
};

/* ---- Command ranges (seed 002) -------------------------------------------- */

static const char *const cr_nations[] = {"france", "britain", "russia", "other", NULL};
static const char *const cr_levels[] = {"division", "corps", "wing", "army", NULL};
/* Rows France, Britain, (&) Russia, Others; columns Division Officer, Corp
 * Commander*, Wing/Small Army*, Large Army* (No Corps).  The "Britain" and
 * "& Russia" lines are two rows (docs/rules/nf.md, "Command ranges"). */
static const struct {
    int inches[4];
    const char *cells[4];
} cr_rows[] = {
    {{4, 8, 12, 18},
     {"France | Division Officer 4\"", "France | Corp Commander 8\"",
      "France | Wing/Small Army 12\"", "France | Large Army 18\""}},
    {{4, 6, 10, 16},
     {"Britain | Division Officer 4\"", "Britain | Corp Commander 6\"",
      "Britain | Wing/Small Army 10\"", "Britain | Large Army 16\""}},
    {{3, 6, 10, 16},
     {"& Russia | Division Officer 3\"", "& Russia | Corp Commander 6\"",
      "& Russia | Wing/Small Army 10\"", "& Russia | Large Army 16\""}},
    {{3, 5, 8, 14},
     {"Others | Division Officer 3\"", "Others | Corp Commander 5\"",
      "Others | Wing/Small Army 8\"", "Others | Large Army 14\""}},
};
#define CR_EXCEPTIONAL 2 /* "* Exceptional Corp/Wing/Army commanders may add 2"" */
#define CR_REPLACEMENT 1 /* "Replacement officers suffer a -1"" */

enum { CR_NATION, CR_LEVEL, CR_EXC, CR_REPL };
static const gr_param cr_params[] = {
    [CR_NATION] = GR_ENUM_REQ("nation", cr_nations,
                              "row (a minor allied with a major power may use that nation's row)"),
    [CR_LEVEL] =
        GR_ENUM_REQ("level", cr_levels,
                    "column: division officer, corps commander, wing/small army, large army (no "
                    "corps)"),
    [CR_EXC] = GR_FLAG("exceptional", "an exceptional corps, wing or army commander (+2\")"),
    [CR_REPL] = GR_FLAG("replacement", "a replacement officer (-1\")"),
};
static const gr_outcome cr_outcomes[] = {
    {"range", "Command range", "Command range in inches (field \"inches\")."},
};

static gr_status cr_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int n = (int)a->v[CR_NATION], l = (int)a->v[CR_LEVEL];
    int inches = cr_rows[n].inches[l];
    if (gr_args_flag(a, CR_EXC)) {
        if (l == 0)
            return gr_error_set(err, GR_EINPUT,
                                "{exceptional}: the +2\" is for corps, wing and army commanders "
                                "only (the starred columns); accepted with {level} corps, wing "
                                "or army");
        inches += CR_EXCEPTIONAL;
    }
    if (gr_args_flag(a, CR_REPL))
        inches -= CR_REPLACEMENT;
    out->outcome = 0;
    out->cell = cr_rows[n].cells[l];
    gr_cell_int(out, "inches", inches);
    if (gr_args_flag(a, CR_EXC) && gr_args_flag(a, CR_REPL))
        out->note = "exceptional (+2\") and replacement (-1\") both applied";
    else if (gr_args_flag(a, CR_EXC))
        out->note = "exceptional commander: +2\"";
    else if (gr_args_flag(a, CR_REPL))
        out->note = "replacement officer: -1\"";
    return GR_OK;
}

static size_t cr_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(cr_rows); r++)
        n = gr_cells_append(cr_rows[r].cells, 4, names, cap, n);
    return n;
}

const gr_table nf_command_range_table = {
    .name = "command_range",
    .title = "Command ranges by nationality",
    .source = NF_SRC ", Nationality / Division Officer / Corp Commander* / Wing/Small Army* / "
                     "Large Army*",
    GR_ARRAY(params, cr_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, cr_outcomes),
    .lookup = cr_lookup,
    .cells = cr_cells,
    .example = "grognard lookup nf command_range --nation france --level corps --exceptional",
};

/* ---- Commanders quality rating (seed 002) --------------------------------- */

static const struct {
    int range, modifier;
    const char *cell;
} cq_rows[] = {
    [NF_R_EXCELLENT] = {6, 4, "Excellent | 6\" | +4"},
    [NF_R_GOOD] = {4, 3, "Good | 4\" | +3"},
    [NF_R_AVERAGE] = {2, 2, "Average | 2\" | +2"},
    [NF_R_POOR] = {1, 1, "Poor | 1\" | +1"},
};
static const gr_param cq_params[] = {
    GR_ENUM_REQ("rating", nf_ratings, "the commander's quality rating"),
};
static const gr_outcome cq_outcomes[] = {
    {"quality", "Commander quality",
     "Maneuver effects range in inches (field \"inches\") and modifier to the maneuver table "
     "(field \"modifier\")."},
};

static gr_status cq_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int r = (int)a->v[0];
    out->outcome = 0;
    out->cell = cq_rows[r].cell;
    gr_cell_int(out, "inches", cq_rows[r].range);
    gr_cell_int(out, "modifier", cq_rows[r].modifier);
    return GR_OK;
}

static size_t cq_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(cq_rows); r++, n++)
        if (n < cap)
            names[n] = cq_rows[r].cell;
    return n;
}

const gr_table nf_commander_quality_table = {
    .name = "commander_quality",
    .title = "Commanders Quality Rating",
    .source = NF_SRC ", Commanders Quality Rating / Maneuver effects range / Modifier to "
                     "Maneuver Table",
    GR_ARRAY(params, cq_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, cq_outcomes),
    .lookup = cq_lookup,
    .cells = cq_cells,
    .example = "grognard lookup nf commander_quality --rating good",
};

/* ---- Movement allowances and rough terrain (seed 002) --------------------- */

/* Infantry rows of the movement chart and the nations that read each. */
enum { MI_FR_BR, MI_AUSTRIAN, MI_PRUSSIAN, MI_RUSSIAN, MI_SPANISH, MI_OTTOMAN, MI_OTHERS };
static int mi_row(int nation)
{
    switch (nation) {
    case NF_FRANCE:
    case NF_BRITAIN: return MI_FR_BR;
    case NF_AUSTRIA: return MI_AUSTRIAN;
    case NF_PRUSSIA: return MI_PRUSSIAN;
    case NF_RUSSIA: return MI_RUSSIAN;
    case NF_SPAIN:
    case NF_SPAIN_ALLIED:
    case NF_SAXONY:
    case NF_NAPLES:
    case NF_RHINEBUND: return MI_SPANISH;
    case NF_OTTOMAN: return MI_OTTOMAN;
    default: return MI_OTHERS;
    }
}

/* Per row: column MV by era, line MV, rough cost "pay/per" by era; cells.
 * "**Numbers before the slash are used for dates 1792-1808, after the
 * slash is 1809+". */
static const struct {
    int column[2], line, rough_pay[2], rough_per[2];
    const char *column_cell[2], *line_cell, *rough_cell[2];
} mi_rows[] = {
    [MI_FR_BR] = {{12, 12},
                  5,
                  {2, 2},
                  {1, 1},
                  {"French/British | Column 12\"", "French/British | Column 12\""},
                  "French/British | Line 5\"",
                  {"French/British | Rough 2/1", "French/British | Rough 2/1"}},
    [MI_AUSTRIAN] = {{9, 11},
                     4,
                     {3, 2},
                     {1, 1},
                     {"Austrian** | Column 9\" (1792-1808)", "Austrian** | Column 11\" (1809+)"},
                     "Austrian** | Line 4\"",
                     {"Austrian** | Rough 3/1 (1792-1808)", "Austrian** | Rough 2/1 (1809+)"}},
    [MI_PRUSSIAN] = {{9, 12},
                     5,
                     {2, 2},
                     {1, 1},
                     {"Prussian** | Column 9\" (1792-1808)", "Prussian** | Column 12\" (1809+)"},
                     "Prussian** | Line 5\"",
                     {"Prussian** | Rough 2/1", "Prussian** | Rough 2/1"}},
    [MI_RUSSIAN] = {{8, 10},
                    3,
                    {2, 2},
                    {1, 1},
                    {"Russian** | Column 8\" (1792-1808)", "Russian** | Column 10\" (1809+)"},
                    "Russian** | Line 3\"",
                    {"Russian** | Rough 2/1", "Russian** | Rough 2/1"}},
    [MI_SPANISH] = {{9, 9},
                    3,
                    {3, 3},
                    {1, 1},
                    {"Spanish, Saxon, Neapolitan, Rhinebund | Column 9\"",
                     "Spanish, Saxon, Neapolitan, Rhinebund | Column 9\""},
                    "Spanish, Saxon, Neapolitan, Rhinebund | Line 3\"",
                    {"Spanish, Saxon, Neapolitan, Rhinebund | Rough 3/1",
                     "Spanish, Saxon, Neapolitan, Rhinebund | Rough 3/1"}},
    [MI_OTTOMAN] = {{9, 9},
                    4,
                    {2, 2},
                    {1, 1},
                    {"Ottoman | Column 9\"", "Ottoman | Column 9\""},
                    "Ottoman | Line 4\"",
                    {"Ottoman | Rough 2/1", "Ottoman | Rough 2/1"}},
    [MI_OTHERS] = {{9, 11},
                   4,
                   {3, 2},
                   {1, 1},
                   {"Others** | Column 9\" (1792-1808)", "Others** | Column 11\" (1809+)"},
                   "Others** | Line 4\"",
                   {"Others** | Rough 3/1 (1792-1808)", "Others** | Rough 2/1 (1809+)"}},
};
/* "*Light infantry (LT, JG, Grenz) only pay 3/2 in rough terrain." */
#define LIGHT_ROUGH_CELL "*Light infantry (LT, JG, Grenz) | Rough 3/2"
static const int light_rough[2] = {3, 2};

/* The other units: "Column/ Line" MV and rough terrain, by unit index from
 * NF_U_LIGHT_CAVALRY on. */
static const struct {
    int mv, rough_pay, rough_per;
    const char *mv_cell, *rough_cell;
} mo_rows[] = {
    {16, 3, 1, "Light Cavalry | Column/Line 16\"", "Light Cavalry | Rough 3/1"},
    {14, 4, 1, "Heavy Cavalry | Column/Line 14\"", "Heavy Cavalry | Rough 4/1"},
    {12, 4, 1, "Horse Battery | Column/Line 12\"", "Horse Battery | Rough 4/1"},
    {9, 6, 1, "Heavy Battery | Column/Line 9\"", "Heavy Battery | Rough 6/1"},
    {18, 2, 1, "Leaders | Column/Line 18\"", "Leaders | Rough 2/1"},
};

static int row_split(int row, int rough)
{
    if (rough)
        return mi_rows[row].rough_pay[0] != mi_rows[row].rough_pay[1] ||
               mi_rows[row].rough_per[0] != mi_rows[row].rough_per[1];
    return mi_rows[row].column[0] != mi_rows[row].column[1];
}

static gr_status need_year(int year, const char *what, gr_error *err)
{
    if (year)
        return GR_OK;
    return gr_error_set(err, GR_EINPUT,
                        "%s differs before and after 1809: give {year} (a whole number from "
                        "1792 to 1815)",
                        what);
}

gr_status nf_movement_allowance(int unit, int nation, int formation, int year, int *inches,
                                const char **cell, gr_error *err)
{
    if (unit >= NF_U_LIGHT_CAVALRY) {
        *inches = mo_rows[unit - NF_U_LIGHT_CAVALRY].mv;
        *cell = mo_rows[unit - NF_U_LIGHT_CAVALRY].mv_cell;
        return GR_OK;
    }
    if (nation < 0)
        return gr_error_set(err, GR_EINPUT,
                            "infantry movement is read by nation: give {nation} (one of: "
                            "france, britain, austria, ...; see `grognard lookup nf movement "
                            "--help`)");
    int row = mi_row(nation);
    if (formation == NF_F_LINE) {
        *inches = mi_rows[row].line;
        *cell = mi_rows[row].line_cell;
        return GR_OK;
    }
    if (formation != NF_F_COLUMN)
        return gr_error_set(err, GR_EINPUT,
                            "infantry movement is read by formation: give {formation} column or "
                            "line");
    if (row_split(row, 0) && need_year(year, "this nation's column movement", err) != GR_OK)
        return GR_EINPUT;
    int e = nf_era(year ? year : 1792);
    *inches = mi_rows[row].column[e];
    *cell = mi_rows[row].column_cell[e];
    return GR_OK;
}

enum { MV_UNIT, MV_NATION, MV_FORMATION, MV_YEAR };
static const gr_param mv_params[] = {
    [MV_UNIT] = GR_ENUM_REQ("unit", nf_move_units, "the moving unit"),
    [MV_NATION] = GR_ENUM("nation", nf_nations, "infantry: its nation (row)"),
    [MV_FORMATION] = GR_ENUM("formation", formations_cl, "infantry: column or line"),
    [MV_YEAR] = YEAR_PARAM,
};
static const gr_outcome mv_outcomes[] = {
    {"allowance", "Movement allowance (MV)", "Movement allowance in inches (field \"inches\")."},
};

static gr_status mv_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int unit = (int)a->v[MV_UNIT];
    if (unit == NF_U_LIGHT_INFANTRY)
        unit = NF_U_INFANTRY; /* light infantry moves on its nation's row */
    int inches;
    const char *cell;
    gr_status st = nf_movement_allowance(unit, a->given[MV_NATION] ? (int)a->v[MV_NATION] : -1,
                                         a->given[MV_FORMATION] ? (int)a->v[MV_FORMATION] : -1,
                                         (int)gr_args_get(a, MV_YEAR, 0), &inches, &cell, err);
    if (st != GR_OK)
        return st;
    out->outcome = 0;
    out->cell = cell;
    gr_cell_int(out, "inches", inches);
    return GR_OK;
}

static size_t mv_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(mi_rows); r++) {
        n = gr_cells_append(mi_rows[r].column_cell, row_split((int)r, 0) ? 2 : 1, names, cap, n);
        n = gr_cells_append(&mi_rows[r].line_cell, 1, names, cap, n);
    }
    for (size_t r = 0; r < GR_COUNT(mo_rows); r++)
        n = gr_cells_append(&mo_rows[r].mv_cell, 1, names, cap, n);
    return n;
}

const gr_table nf_movement_table = {
    .name = "movement",
    .title = "Movement allowances (MV)",
    .source = NF_SRC ", Infantry / Column Formation / Line Formation; Unit Type / Column/ Line",
    GR_ARRAY(params, mv_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, mv_outcomes),
    .lookup = mv_lookup,
    .cells = mv_cells,
    .example = "grognard lookup nf movement --unit infantry --nation austria --formation column "
               "--year 1809",
};

static const gr_param rt_params[] = {
    [MV_UNIT] = GR_ENUM_REQ("unit", nf_move_units, "the moving unit"),
    [MV_NATION] = GR_ENUM("nation", nf_nations, "infantry: its nation (row)"),
    [MV_FORMATION] = GR_ENUM("formation", formations_cl,
                             "ignored: the rough terrain cost does not depend on it"),
    [MV_YEAR] = YEAR_PARAM,
};
static const gr_outcome rt_outcomes[] = {
    {"cost", "Rough terrain cost",
     "Inches of movement allowance paid per inch moved in rough terrain (field \"cost\" as "
     "printed, \"inches_per_inch\" as a number)."},
};

static gr_status rt_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int unit = (int)a->v[MV_UNIT], pay, per;
    const char *cell;
    if (unit == NF_U_LIGHT_INFANTRY) {
        pay = light_rough[0], per = light_rough[1], cell = LIGHT_ROUGH_CELL;
    } else if (unit >= NF_U_LIGHT_CAVALRY) {
        pay = mo_rows[unit - NF_U_LIGHT_CAVALRY].rough_pay;
        per = mo_rows[unit - NF_U_LIGHT_CAVALRY].rough_per;
        cell = mo_rows[unit - NF_U_LIGHT_CAVALRY].rough_cell;
    } else {
        if (!a->given[MV_NATION])
            return gr_error_set(err, GR_EINPUT,
                                "infantry rough terrain cost is read by nation: give {nation}");
        int row = mi_row((int)a->v[MV_NATION]);
        int year = (int)gr_args_get(a, MV_YEAR, 0);
        if (row_split(row, 1) && need_year(year, "this nation's rough terrain cost", err) != GR_OK)
            return GR_EINPUT;
        int e = nf_era(year ? year : 1792);
        pay = mi_rows[row].rough_pay[e], per = mi_rows[row].rough_per[e];
        cell = mi_rows[row].rough_cell[e];
    }
    out->outcome = 0;
    out->cell = cell;
    static const char *const costs[] = {"1/1", "2/1", "3/1", "4/1", "5/1", "6/1"};
    gr_cell_str(out, "cost", per == 2 ? "3/2" : costs[pay - 1]);
    out->fields[out->nfields++] =
        (gr_field){"inches_per_inch", GR_F_NUM, (int64_t)pay * GR_MILLI / per, NULL};
    return GR_OK;
}

static size_t rt_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 0; r < GR_COUNT(mi_rows); r++)
        n = gr_cells_append(mi_rows[r].rough_cell, row_split((int)r, 1) ? 2 : 1, names, cap, n);
    static const char *const light = LIGHT_ROUGH_CELL;
    n = gr_cells_append(&light, 1, names, cap, n);
    for (size_t r = 0; r < GR_COUNT(mo_rows); r++)
        n = gr_cells_append(&mo_rows[r].rough_cell, 1, names, cap, n);
    return n;
}

const gr_table nf_rough_terrain_table = {
    .name = "rough_terrain",
    .title = "Rough terrain cost",
    .source = NF_SRC ", movement charts, Rough Terrain* columns",
    GR_ARRAY(params, rt_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, rt_outcomes),
    .lookup = rt_lookup,
    .cells = rt_cells,
    .example = "grognard lookup nf rough_terrain --unit infantry --nation austria --year 1805",
};

/* ---- Movement rules (seed 002, the lines under the movement charts) ------- */

static const char *const mr_rules[] = {
    "formation_change",  "square", "passage_of_lines", "prolonge", "retreat",
    "march_column_road", NULL};
enum { MR_FC, MR_SQUARE, MR_PASSAGE, MR_PROLONGE, MR_RETREAT, MR_ROAD };
#define MR_PASSAGE_INCHES  3 /* "Passage of lines costs 3 " inches for all unit types" */
#define MR_PROLONGE_HORSE  2 /* "Horse batteries get 2"" */
#define MR_PROLONGE_HEAVY  1 /* "while heavy batteries get 1"" */
#define MR_ROAD_MULTIPLIER 2 /* "March column bonus is X2 column movement allowance" */

static const char *const mr_cell_list[] = {
    "Formation changes cost 1/2 of MV measured against the unit's line MV",
    "Square: 1/2 normal line MV, may not enter rough terrain",
    "Passage of lines costs 3\" for all unit types",
    "Passage of lines: LT, JG, Grenz infantry pass and are passed through at no cost",
    "Passage of lines: unlimbered artillery passed through at no additional cost",
    "Prolonge: Horse batteries get 2\"",
    "Prolonge: heavy batteries get 1\"",
    "Prolonge: (Except Ottoman.)",
    "Retreat straight backwards at rough terrain cost, keeping facing",
    "March column bonus is X2 column movement allowance along roads",
};
enum {
    MRC_FC,
    MRC_SQUARE,
    MRC_PASSAGE,
    MRC_PASSAGE_LIGHT,
    MRC_PASSAGE_ART,
    MRC_PRO_HORSE,
    MRC_PRO_HEAVY,
    MRC_PRO_OTTOMAN,
    MRC_RETREAT,
    MRC_ROAD
};

enum { MR_RULE, MR_UNIT, MR_NATION, MR_YEAR, MR_THROUGH_ART };
static const gr_param mr_params[] = {
    [MR_RULE] = GR_ENUM_REQ("rule", mr_rules, "which movement rule"),
    [MR_UNIT] =
        GR_ENUM("unit", nf_move_units, "the moving unit (to give inches; needed for prolonge)"),
    [MR_NATION] = GR_ENUM("nation", nf_nations,
                          "its nation (infantry rows; Ottoman artillery may not prolong)"),
    [MR_YEAR] = YEAR_PARAM,
    [MR_THROUGH_ART] = GR_FLAG("through-unlimbered-artillery",
                               "passage of lines: the unit passed through is unlimbered artillery"),
};
static const gr_outcome mr_outcomes[] = {
    {"cost", "Movement cost or allowance",
     "What the rule costs or allows: \"inches\" when known, or the printed fraction."},
    {"not_allowed", "Not allowed", "The rule does not allow this unit to do it."},
};

/* Line MV of a unit (infantry by nation), for the rules measured on it. */
static gr_status line_mv(const gr_args *a, int unit, int *inches, gr_error *err)
{
    const char *cell;
    if (unit == NF_U_LIGHT_INFANTRY)
        unit = NF_U_INFANTRY;
    return nf_movement_allowance(unit, a->given[MR_NATION] ? (int)a->v[MR_NATION] : -1, NF_F_LINE,
                                 (int)gr_args_get(a, MR_YEAR, 0), inches, &cell, err);
}

static gr_status mr_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int rule = (int)a->v[MR_RULE];
    int has_unit = a->given[MR_UNIT], unit = (int)gr_args_get(a, MR_UNIT, 0);
    int inches = 0;
    gr_status st;
    out->outcome = 0;
    switch (rule) {
    case MR_FC:
    case MR_SQUARE:
        if (rule == MR_SQUARE && has_unit && unit > NF_U_LIGHT_INFANTRY)
            return gr_error_set(err, GR_EINPUT,
                                "{rule} square: only infantry forms square; accepted {unit}: "
                                "infantry, light_infantry");
        out->cell = mr_cell_list[rule == MR_FC ? MRC_FC : MRC_SQUARE];
        gr_cell_str(out, "fraction_of_line_mv", "1/2");
        if (has_unit) {
            if ((st = line_mv(a, unit, &inches, err)) != GR_OK)
                return st;
            out->fields[out->nfields++] =
                (gr_field){"inches", GR_F_NUM, (int64_t)inches * GR_MILLI / 2, NULL};
        }
        return GR_OK;
    case MR_PASSAGE:
        if (gr_args_flag(a, MR_THROUGH_ART)) {
            out->cell = mr_cell_list[MRC_PASSAGE_ART];
            gr_cell_int(out, "inches", 0);
        } else if (has_unit && unit == NF_U_LIGHT_INFANTRY) {
            out->cell = mr_cell_list[MRC_PASSAGE_LIGHT];
            gr_cell_int(out, "inches", 0);
        } else {
            out->cell = mr_cell_list[MRC_PASSAGE];
            gr_cell_int(out, "inches", MR_PASSAGE_INCHES);
        }
        return GR_OK;
    case MR_PROLONGE:
        if (!has_unit || (unit != NF_U_HORSE_BATTERY && unit != NF_U_HEAVY_BATTERY))
            return gr_error_set(err, GR_EINPUT,
                                "{rule} prolonge: only artillery prolongs; give {unit} "
                                "horse_battery or heavy_battery");
        if (a->given[MR_NATION] && a->v[MR_NATION] == NF_OTTOMAN) {
            out->outcome = 1;
            out->cell = mr_cell_list[MRC_PRO_OTTOMAN];
            return GR_OK;
        }
        out->cell = mr_cell_list[unit == NF_U_HORSE_BATTERY ? MRC_PRO_HORSE : MRC_PRO_HEAVY];
        gr_cell_int(out, "inches",
                    unit == NF_U_HORSE_BATTERY ? MR_PROLONGE_HORSE : MR_PROLONGE_HEAVY);
        return GR_OK;
    case MR_RETREAT:
        out->cell = mr_cell_list[MRC_RETREAT];
        gr_cell_str(out, "cost", "rough terrain cost (see rough_terrain)");
        return GR_OK;
    default:
        out->cell = mr_cell_list[MRC_ROAD];
        gr_cell_int(out, "multiplier", MR_ROAD_MULTIPLIER);
        if (has_unit) {
            const char *cell;
            int u = unit == NF_U_LIGHT_INFANTRY ? NF_U_INFANTRY : unit;
            if ((st = nf_movement_allowance(u, a->given[MR_NATION] ? (int)a->v[MR_NATION] : -1,
                                            NF_F_COLUMN, (int)gr_args_get(a, MR_YEAR, 0), &inches,
                                            &cell, err)) != GR_OK)
                return st;
            gr_cell_int(out, "inches", MR_ROAD_MULTIPLIER * inches);
        }
        return GR_OK;
    }
}

static size_t mr_cells(const char **names, size_t cap)
{
    return gr_cells_append(mr_cell_list, GR_COUNT(mr_cell_list), names, cap, 0);
}

const gr_table nf_movement_rule_table = {
    .name = "movement_rule",
    .title = "Formation change, square, passage of lines, prolonge, retreat, march column",
    .source = NF_SRC ", notes under the movement charts",
    GR_ARRAY(params, mr_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, mr_outcomes),
    .lookup = mr_lookup,
    .cells = mr_cells,
    .example = "grognard lookup nf movement_rule --rule formation_change --unit infantry "
               "--nation france",
};

/* ---- National modifiers: shared matcher ------------------------------------ */

/* Conditions a national cell may carry besides formation and era. */
enum {
    NC_NONE,
    NC_DOLLAR,
    NC_NOT_DOLLAR,
    NC_PERCENT,
    NC_NOT_PERCENT,
    NC_1813_BELOW_VET,
    NC_RUSSIA_HASH
};
typedef struct nat_cell {
    int row, formation, era, cond, value; /* formation/era -1: any */
    const char *cell;
} nat_cell;

typedef struct nat_ctx {
    int nation, formation, year, quality, lgg, vs_inf;
} nat_ctx;

static int is_dollar(int nation)
{
    return nation == NF_SPAIN_ALLIED;
}
static int is_percent(int nation)
{
    return nation == NF_SAXONY || nation == NF_NAPLES || nation == NF_RHINEBUND;
}

/* Find the cell for ctx among cells of `row`.  GR_EINPUT names the missing
 * input when a candidate cell depends on it. */
static gr_status nat_find(const nat_cell *cells, size_t n, int row, const nat_ctx *c,
                          const nat_cell **out, gr_error *err)
{
    *out = NULL;
    for (size_t i = 0; i < n; i++) {
        const nat_cell *e = &cells[i];
        if (e->row != row || (e->formation >= 0 && e->formation != c->formation))
            continue;
        int cond_ok = 1;
        switch (e->cond) {
        case NC_DOLLAR: cond_ok = is_dollar(c->nation); break;
        case NC_NOT_DOLLAR: cond_ok = !is_dollar(c->nation); break;
        case NC_PERCENT: cond_ok = is_percent(c->nation); break;
        case NC_NOT_PERCENT: cond_ok = !is_percent(c->nation); break;
        case NC_RUSSIA_HASH: cond_ok = c->lgg && c->vs_inf; break;
        case NC_1813_BELOW_VET:
            if (!c->year)
                return gr_error_set(err, GR_EINPUT,
                                    "the French column melee bonus is reduced in 1813-1814: "
                                    "give {year} (a whole number from 1792 to 1815)");
            if (c->year == 1813 || c->year == 1814) {
                if (c->quality < 0)
                    return gr_error_set(err, GR_EINPUT,
                                        "in 1813-1814 the French column melee bonus depends on "
                                        "the unit's class: give {quality} (guard, veteran, "
                                        "regular, conscript, militia)");
                cond_ok = c->quality > NF_Q_VETERAN;
            } else {
                cond_ok = 0;
            }
            break;
        default: break;
        }
        if (!cond_ok)
            continue;
        if (e->era >= 0) {
            if (!c->year)
                return gr_error_set(err, GR_EINPUT,
                                    "this nation's modifier differs 1792-1808 / 1809+: give "
                                    "{year} (a whole number from 1792 to 1815)");
            if (nf_era(c->year) != e->era)
                continue;
        }
        *out = e;
        return GR_OK;
    }
    return GR_OK;
}

/* ---- Good Order national modifiers for formation (seed 002) --------------- */

enum { NR_FRANCE, NR_BRITAIN, NR_AUSTRIA, NR_PRUSSIA, NR_RUSSIA, NR_SPAIN, NR_OTTOMAN, NR_MINORS };

/* Rows of the Good Order national chart: "@= Also Hesse, Baden, and Vistula
 * Legion"; "% Also Saxon, Neapolitan & Rhinebund troops" (Spain row). */
static int go_nat_row(int nation)
{
    switch (nation) {
    case NF_FRANCE:
    case NF_HESSE:
    case NF_BADEN:
    case NF_VISTULA: return NR_FRANCE;
    case NF_BRITAIN: return NR_BRITAIN;
    case NF_AUSTRIA: return NR_AUSTRIA;
    case NF_PRUSSIA: return NR_PRUSSIA;
    case NF_RUSSIA: return NR_RUSSIA;
    case NF_SPAIN:
    case NF_SPAIN_ALLIED:
    case NF_SAXONY:
    case NF_NAPLES:
    case NF_RHINEBUND: return NR_SPAIN;
    case NF_OTTOMAN: return NR_OTTOMAN;
    default: return NR_MINORS;
    }
}

static const nat_cell go_nat[] = {
    {NR_FRANCE, NF_F_COLUMN, -1, NC_NONE, 2, "France@ | Column +2"},
    {NR_FRANCE, NF_F_LINE, -1, NC_NONE, 0, "France@ | Line 0"},
    {NR_BRITAIN, NF_F_COLUMN, -1, NC_NONE, 1, "Britain | Column +1"},
    {NR_BRITAIN, NF_F_LINE, -1, NC_NONE, 1, "Britain | Line +1"},
    {NR_AUSTRIA, NF_F_COLUMN, 0, NC_NONE, 0, "Austria* | Column 0 (1792-1808)"},
    {NR_AUSTRIA, NF_F_COLUMN, 1, NC_NONE, 1, "Austria* | Column +1 (1809+)"},
    {NR_AUSTRIA, NF_F_LINE, -1, NC_NONE, 0, "Austria* | Line 0"},
    {NR_PRUSSIA, NF_F_COLUMN, 0, NC_NONE, 0, "Prussia* | Column 0 (1792-1808)"},
    {NR_PRUSSIA, NF_F_COLUMN, 1, NC_NONE, 1, "Prussia* | Column +1 (1809+)"},
    {NR_PRUSSIA, NF_F_LINE, 0, NC_NONE, 1, "Prussia* | Line +1 (1792-1808)"},
    {NR_PRUSSIA, NF_F_LINE, 1, NC_NONE, 0, "Prussia* | Line 0 (1809+)"},
    {NR_RUSSIA, NF_F_COLUMN, -1, NC_NONE, 0, "Russia | Column 0"},
    {NR_RUSSIA, NF_F_LINE, -1, NC_NONE, 0, "Russia | Line 0"},
    {NR_SPAIN, NF_F_COLUMN, -1, NC_DOLLAR, 1,
     "Spain% | Column +1$ (allied to the French or British trained)"},
    {NR_SPAIN, NF_F_COLUMN, -1, NC_NOT_DOLLAR, 0, "Spain% | Column 0"},
    {NR_SPAIN, NF_F_LINE, -1, NC_NONE, 0, "Spain% | Line 0"},
    {NR_OTTOMAN, NF_F_COLUMN, -1, NC_NONE, 0, "Ottoman | Column 0"},
    {NR_OTTOMAN, NF_F_LINE, -1, NC_NONE, 0, "Ottoman | Line 0"},
    {NR_MINORS, NF_F_COLUMN, 0, NC_NONE, 0, "Minors* | Column 0 (1792-1808)"},
    {NR_MINORS, NF_F_COLUMN, 1, NC_NONE, 1, "Minors* | Column +1 (1809+)"},
    {NR_MINORS, NF_F_LINE, -1, NC_NONE, 0, "Minors* | Line 0"},
};
#define GO_NAT_NONE "other formations: no national modifier"

gr_status nf_formation_modifier(int nation, int formation, int year, int *value, const char **cell,
                                gr_error *err)
{
    *value = 0;
    *cell = GO_NAT_NONE;
    if (formation != NF_F_COLUMN && formation != NF_F_LINE)
        return GR_OK;
    nat_ctx c = {nation, formation, year, -1, 0, 0};
    const nat_cell *e;
    gr_status st = nat_find(go_nat, GR_COUNT(go_nat), go_nat_row(nation), &c, &e, err);
    if (st != GR_OK)
        return st;
    if (e) {
        *value = e->value;
        *cell = e->cell;
    }
    return GR_OK;
}

enum { FM_NATION, FM_FORMATION, FM_YEAR };
static const gr_param fm_params[] = {
    [FM_NATION] = GR_ENUM_REQ("nation", nf_nations, "the unit's nation"),
    [FM_FORMATION] = GR_ENUM_REQ("formation", formations_clo,
                                 "column, line, or other (march column, square, ...: no modifier)"),
    [FM_YEAR] = YEAR_PARAM,
};
static const gr_outcome fm_outcomes[] = {
    {"modifier", "National modifier for formation",
     "Good Order table modifier (field \"modifier\")."},
};

static gr_status fm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int v;
    const char *cell;
    gr_status st = nf_formation_modifier((int)a->v[FM_NATION], (int)a->v[FM_FORMATION],
                                         (int)gr_args_get(a, FM_YEAR, 0), &v, &cell, err);
    if (st != GR_OK)
        return st;
    out->outcome = 0;
    out->cell = cell;
    gr_cell_int(out, "modifier", v);
    return GR_OK;
}

static size_t fm_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < GR_COUNT(go_nat); i++)
        n = gr_cells_append(&go_nat[i].cell, 1, names, cap, n);
    static const char *const none = GO_NAT_NONE;
    return gr_cells_append(&none, 1, names, cap, n);
}

const gr_table nf_formation_modifier_table = {
    .name = "formation_modifier",
    .title = "National modifiers for formation (Good Order table)",
    .source = NF_SRC ", Nationality / Column / Line (under the Good Order modifiers)",
    GR_ARRAY(params, fm_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fm_outcomes),
    .lookup = fm_lookup,
    .cells = fm_cells,
    .example = "grognard lookup nf formation_modifier --nation prussia --formation line "
               "--year 1806",
};

/* ---- National melee modifiers (seed 002) ----------------------------------- */

/* Rows of the melee national chart: France@ (also Hesse, Baden, Vistula
 * Legion), Spain* (with $), Minors*% (Portugal, others; % Saxon,
 * Neapolitan, Rhinebund). */
static int ml_nat_row(int nation)
{
    switch (nation) {
    case NF_SAXONY:
    case NF_NAPLES:
    case NF_RHINEBUND: return NR_MINORS;
    default: return go_nat_row(nation);
    }
}

static const nat_cell ml_nat[] = {
    {NR_FRANCE, NF_F_COLUMN, -1, NC_1813_BELOW_VET, 1,
     "France@ | +1 Column (1813-1814, below Veteran class)"},
    {NR_FRANCE, NF_F_COLUMN, -1, NC_NONE, 2, "France@ | +2 Column"},
    {NR_BRITAIN, NF_F_LINE, -1, NC_NONE, 1, "Britain | +1 Line"},
    {NR_AUSTRIA, NF_F_COLUMN, 0, NC_NONE, 0, "Austria* | 0 Column (1792-1808)"},
    {NR_AUSTRIA, NF_F_COLUMN, 1, NC_NONE, 1, "Austria* | +1 Column (1809+)"},
    {NR_PRUSSIA, NF_F_LINE, 0, NC_NONE, 1, "Prussia* | +1 Line (1792-1808)"},
    {NR_PRUSSIA, NF_F_COLUMN, 1, NC_NONE, 1, "Prussia* | +1 Col (1809+)"},
    {NR_RUSSIA, -1, -1, NC_RUSSIA_HASH, 1, "Russia | +1 defending#"},
    {NR_SPAIN, -1, -1, NC_DOLLAR, 0, "Spain* | 0$ (allied to the French or British trained)"},
    {NR_SPAIN, -1, 0, NC_NOT_DOLLAR, 0, "Spain* | 0 (1792-1808)"},
    {NR_SPAIN, -1, 1, NC_NOT_DOLLAR, -1, "Spain* | -1 (1809+)"},
    {NR_OTTOMAN, -1, -1, NC_NONE, 1, "Ottoman | +1"},
    {NR_MINORS, NF_F_COLUMN, 0, NC_PERCENT, -1,
     "Minors*% | -1 Column (Saxon, Neapolitan, Rhinebund 1792-1808)"},
    {NR_MINORS, NF_F_COLUMN, 1, NC_PERCENT, 0,
     "Minors*% | 0 Column (Saxon, Neapolitan, Rhinebund 1809+)"},
    {NR_MINORS, NF_F_COLUMN, 0, NC_NOT_PERCENT, 1, "Minors*% | +1 Column (1792-1808)"},
    {NR_MINORS, NF_F_COLUMN, 1, NC_NOT_PERCENT, 1, "Minors*% | +1 Column (1809+)"},
};
#define ML_NAT_NONE "no national modifier for this formation or situation"

gr_status nf_melee_national(int nation, int formation, int year, int quality,
                            int troops_line_grenadier_guard, int defending_vs_infantry, int *value,
                            const char **cell, gr_error *err)
{
    *value = 0;
    *cell = ML_NAT_NONE;
    nat_ctx c = {
        nation, formation, year, quality, troops_line_grenadier_guard, defending_vs_infantry};
    const nat_cell *e;
    gr_status st = nat_find(ml_nat, GR_COUNT(ml_nat), ml_nat_row(nation), &c, &e, err);
    if (st != GR_OK)
        return st;
    if (e) {
        *value = e->value;
        *cell = e->cell;
    }
    return GR_OK;
}

static const char *const ml_troops[] = {"line", "grenadier", "guard", "other", NULL};
enum { MN_NATION, MN_FORMATION, MN_YEAR, MN_QUALITY, MN_TROOPS, MN_DEF_VS_INF };
static const gr_param mn_params[] = {
    [MN_NATION] = GR_ENUM_REQ("nation", nf_nations, "the side's nation"),
    [MN_FORMATION] = GR_ENUM_REQ("formation", formations_clo, "column, line, or other"),
    [MN_YEAR] = YEAR_PARAM,
    [MN_QUALITY] = GR_ENUM("quality", nf_qualities,
                           "France@ in 1813-1814: the unit's class (Veteran and above keep +2)"),
    [MN_TROOPS] =
        GR_ENUM("troops", ml_troops, "Russia#: line, grenadier or guard infantry (or other)"),
    [MN_DEF_VS_INF] =
        GR_FLAG("defending-vs-infantry", "Russia#: the unit is defending against infantry"),
};
static const gr_outcome mn_outcomes[] = {
    {"modifier", "National melee modifier",
     "Melee modifier (field \"modifier\"); not used by infantry vs cavalry."},
};

static gr_status mn_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int v;
    const char *cell;
    int troops = (int)gr_args_get(a, MN_TROOPS, 3);
    gr_status st = nf_melee_national((int)a->v[MN_NATION], (int)a->v[MN_FORMATION],
                                     (int)gr_args_get(a, MN_YEAR, 0),
                                     a->given[MN_QUALITY] ? (int)a->v[MN_QUALITY] : -1, troops <= 2,
                                     gr_args_flag(a, MN_DEF_VS_INF), &v, &cell, err);
    if (st != GR_OK)
        return st;
    out->outcome = 0;
    out->cell = cell;
    gr_cell_int(out, "modifier", v);
    return GR_OK;
}

static size_t mn_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < GR_COUNT(ml_nat); i++)
        n = gr_cells_append(&ml_nat[i].cell, 1, names, cap, n);
    static const char *const none = ML_NAT_NONE;
    return gr_cells_append(&none, 1, names, cap, n);
}

const gr_table nf_melee_national_table = {
    .name = "melee_national",
    .title = "National melee modifiers",
    .source = NF_SRC ", Nationality / Melee (footnotes * # $ @ %)",
    GR_ARRAY(params, mn_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, mn_outcomes),
    .lookup = mn_lookup,
    .cells = mn_cells,
    .example = "grognard lookup nf melee_national --nation france --formation column --year 1813 "
               "--quality conscript",
};

/* ---- Fire points by range (seed 002) --------------------------------------- */

/* Bands of range in milli-inches, upper bound inclusive; 0 is contact. */
static const struct {
    int nbands;
    int max_milli[4], points[4];
    const char *cells[4], *dash;
} fp_rows[] = {
    [NF_FU_INFANTRY] = {2,
                        {0, 2000},
                        {2, 1},
                        {"Infantry | Contact= 2", "Infantry | Out to 2\" = 1"},
                        "Infantry | -"},
    [NF_FU_LIGHT_INFANTRY] = {2,
                              {0, 3000},
                              {2, 1},
                              {"Light Infantry | Contact= 2", "Light Infantry | Out to 3\"= 1"},
                              "Light Infantry | -"},
    [NF_FU_HORSE_ARTILLERY] = {3,
                               {2000, 8000, 12000},
                               {8, 3, 1},
                               {"Horse Artillery | Contact to 2\"= 8",
                                "Horse Artillery | 2\"+ to 8\"= 3",
                                "Horse Artillery | 8\"+to 12 = 1"},
                               "Horse Artillery | -"},
    [NF_FU_HEAVY_ARTILLERY] = {4,
                               {2000, 8000, 12000, 16000},
                               {12, 4, 2, 1},
                               {"Heavy Artillery | Contact to 2\"= 12",
                                "Heavy Artillery | 2\"+ to 8\" = 4",
                                "Heavy Artillery | 8\"+ to 12\" = 2",
                                "Heavy Artillery | 12\"+ to 16\" = 1"},
                               NULL},
    [NF_FU_DISMOUNTED_CAVALRY] =
        {1, {1000}, {1}, {"Dismntd Cav. | Contact to 1\"= 1"}, "Dismntd Cav. | -"},
};
#define FP_HEAVY_BEYOND "Heavy Artillery | beyond 16\""

int nf_fire_points(int unit, int64_t range_milli, const char **cell)
{
    for (int i = 0; i < fp_rows[unit].nbands; i++)
        if (range_milli <= fp_rows[unit].max_milli[i]) {
            if (cell)
                *cell = fp_rows[unit].cells[i];
            return fp_rows[unit].points[i];
        }
    if (cell)
        *cell = fp_rows[unit].dash ? fp_rows[unit].dash : FP_HEAVY_BEYOND;
    return 0;
}

enum { FPT_UNIT, FPT_RANGE };
static const gr_param fp_params[] = {
    [FPT_UNIT] = GR_ENUM_REQ("unit", nf_fire_units, "the firing unit's row"),
    [FPT_RANGE] = GR_NUM_REQ("range", 0, 1000 * GR_MILLI, "range in inches (0 = contact)"),
};
static const gr_outcome fp_outcomes[] = {
    {"in_range", "Fire points", "Fire points per firing stand (field \"points\")."},
    {"out_of_range", "-", "The unit cannot fire at this range."},
};

static gr_status fp_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    const char *cell;
    int p = nf_fire_points((int)a->v[FPT_UNIT], a->v[FPT_RANGE], &cell);
    out->cell = cell;
    out->outcome = p ? 0 : 1;
    if (p)
        gr_cell_int(out, "points", p);
    return GR_OK;
}

static size_t fp_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t u = 0; u < GR_COUNT(fp_rows); u++) {
        n = gr_cells_append(fp_rows[u].cells, (size_t)fp_rows[u].nbands, names, cap, n);
        const char *dash = fp_rows[u].dash ? fp_rows[u].dash : FP_HEAVY_BEYOND;
        n = gr_cells_append(&dash, 1, names, cap, n);
    }
    return n;
}

const gr_table nf_fire_points_table = {
    .name = "fire_points",
    .title = "Fire points by range and unit type",
    .source = NF_SRC ", Infantry / Light Infantry / Horse Artillery / Heavy Artillery / Dismntd "
                     "Cav. ranges",
    GR_ARRAY(params, fp_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fp_outcomes),
    .lookup = fp_lookup,
    .cells = fp_cells,
    .example = "grognard lookup nf fire_points --unit heavy_artillery --range 6",
};

/* ---- Firing arcs (seed 002) ------------------------------------------------ */

#define ARC_INF_CELL "Infantry/Dismounted Cavalry stands have a 45 degree firing arc"
#define ARC_ART_CELL "Artillery has a 30 degree firing arc"
static const int arc_degrees[] = {45, 45, 30, 30, 45};

int nf_firing_arc(int unit, const char **cell)
{
    if (cell)
        *cell = arc_degrees[unit] == 45 ? ARC_INF_CELL : ARC_ART_CELL;
    return arc_degrees[unit];
}

enum { ARC_UNIT, ARC_ANGLE };
static const gr_param arc_params[] = {
    [ARC_UNIT] = GR_ENUM_REQ("unit", nf_fire_units, "the firing unit"),
    [ARC_ANGLE] = GR_NUM("angle", 0, 180 * GR_MILLI,
                         "degrees between straight ahead and the line to the target, measured from "
                         "the nearer front corner"),
};
static const gr_outcome arc_outcomes[] = {
    {"arc", "Firing arc", "The arc in degrees each side of straight ahead (field \"degrees\")."},
    {"in_arc", "In the firing arc", "The target is within the firing arc."},
    {"out_of_arc", "Outside the firing arc", "The unit cannot fire at the target."},
};

static gr_status arc_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int deg = nf_firing_arc((int)a->v[ARC_UNIT], &out->cell);
    out->outcome = !a->given[ARC_ANGLE] ? 0 : a->v[ARC_ANGLE] <= (int64_t)deg * GR_MILLI ? 1 : 2;
    gr_cell_int(out, "degrees", deg);
    return GR_OK;
}

static size_t arc_cells(const char **names, size_t cap)
{
    static const char *const all[] = {ARC_INF_CELL, ARC_ART_CELL};
    return gr_cells_append(all, GR_COUNT(all), names, cap, 0);
}

const gr_table nf_firing_arc_table = {
    .name = "firing_arc",
    .title = "Firing arcs",
    .source = NF_SRC ", under the fire points chart",
    GR_ARRAY(params, arc_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, arc_outcomes),
    .lookup = arc_lookup,
    .cells = arc_cells,
    .example = "grognard lookup nf firing_arc --unit heavy_artillery --angle 20",
};

/* ---- Leader loss (seed 002) ------------------------------------------------ */

static const gr_outcome ll_outcomes[] = {
    {"officer_hit", "Officer wounded/killed", "The officer is wounded/killed and removed."},
    {"officer_fine", "Officer fine", "Any other result and the officer is fine."},
};

static const gr_effect ll_fx_hit[] = {{.leader = GR_LEADER_REMOVED}};
static const gr_effects ll_effects[] = {GR_EFFECTS(ll_fx_hit), {NULL, 0}};
static const gr_band ll_bands[] = {
    {GR_LO, 9, 0, "2-9"},
    {10, GR_HI, 1, "any other result"},
};
static const gr_param ll_params[] = {GR_SCORE_PARAM("score", "the second 2D6 roll (unmodified)")};

GR_BANDS_LOOKUP(ll_lookup, ll_bands, "leader_loss")

GR_BANDS_CELLS(ll_cells, ll_bands)

const gr_table nf_leader_loss_table = {
    .name = "leader_loss",
    .title = "Leader Loss (after a natural 12 on the fire roll)",
    .source = NF_SRC ", Leader Loss",
    GR_ARRAY(params, ll_params),
    GR_ROLLED(0, GR_ROLL_2D6),
    GR_ARRAY(outcomes, ll_outcomes),
    .lookup = ll_lookup,
    .cells = ll_cells,
    .effects = ll_effects,
    .example = "grognard lookup nf leader_loss --score 9",
};

/* ---- Evasion (seed 002) ---------------------------------------------------- */

static const char *const ev_units[] = {"good_order_cavalry", "limbered_artillery",
                                       "disordered_cavalry", "unlimbered_horse_artillery", NULL};
static const gr_outcome ev_outcomes[] = {
    {"evades", "Evades", "The unit evades the charge."},
    {"fails", "Fails to evade", "The evasion fails: the unit stays and is charged."},
};

/* "Should the cavalry brigade or horse battery successfully evade, the
 * attacking infantry occupies the ground" (seed 002, evasion). */
static const gr_effect ev_fx_evades[] = {
    {.evades = 1}, {.who = GR_FX_ATTACKER, .arm = GR_FX_INFANTRY, .position = GR_POS_CARRIES}};
static const gr_effect ev_fx_fails[] = {{.evades = -1}};
static const gr_effects ev_effects[] = {GR_EFFECTS(ev_fx_evades), GR_EFFECTS(ev_fx_fails)};
static const gr_band ev_auto_cav[] = {{GR_LO, GR_HI, 0, "Good order Cavalry | Automatic"}};
static const gr_band ev_auto_art[] = {{GR_LO, GR_HI, 0, "Limbered Artillery | Automatic"}};
static const gr_band ev_dis_cav[] = {{5, GR_HI, 0, "Disordered Cavalry | 5+"},
                                     {GR_LO, 4, 1, "Disordered Cavalry | below 5"}};
static const gr_band ev_horse[] = {{7, GR_HI, 0, "Unlimbered horse artillery | 7+"},
                                   {GR_LO, 6, 1, "Unlimbered horse artillery | below 7"}};
static const gr_band_row ev_rows[] = {
    GR_ROW(0, 0, "Good order Cavalry", ev_auto_cav),
    GR_ROW(1, 1, "Limbered Artillery", ev_auto_art),
    GR_ROW(2, 2, "Disordered Cavalry", ev_dis_cav),
    GR_ROW(3, 3, "Unlimbered horse artillery", ev_horse),
};
enum { EV_UNIT, EV_SCORE };
static const gr_param ev_params[] = {
    [EV_UNIT] = GR_ENUM_REQ("unit", ev_units, "the evading unit"),
    [EV_SCORE] = GR_SCORE_PARAM("score", "2D6 plus the modifier (-1 if the horse battery is "
                                         "suppressed)"),
};

static gr_status ev_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    gr_status st = gr_rows_read(ev_rows, GR_COUNT(ev_rows), (int)a->v[EV_UNIT], (int)a->v[EV_SCORE],
                                out, "evasion", err);
    if (st == GR_OK && a->v[EV_UNIT] < 2)
        out->note = "automatic: no roll is needed";
    return st;
}

GR_ROWS_CELLS(ev_cells, ev_rows)

const gr_table nf_evasion_table = {
    .name = "evasion",
    .title = "Evasion (die roll needed to evade)",
    .source = NF_SRC ", Unit Type / Die Roll Needed to Evade",
    GR_ARRAY(params, ev_params),
    GR_ROLLED(EV_SCORE, GR_ROLL_2D6),
    GR_ARRAY(outcomes, ev_outcomes),
    .lookup = ev_lookup,
    .cells = ev_cells,
    .effects = ev_effects,
    .example = "grognard lookup nf evasion --unit disordered_cavalry --score 5",
};

/* ---- printed die-modifier lists (seed 002) --------------------------------- */

/* Each list below is the one place its values live: the procedures read
 * them with nf_*_drm(line), and `grognard lookup nf LIST --drm ID` reads one
 * line.  The cell is the printed line; where a printed line gives two values,
 * each entry is "printed line | the part it reads". */

#define DRM_PARAM_HELP "the printed modifier line"

/* One modifier-list table: its --drm param, lookup, cells and descriptor. */
#define DRM_TABLE(var_, pfx_, name_, title_, source_, example_)                                    \
    static const gr_param pfx_##_params[] = {                                                      \
        GR_ENUM_REQ("drm", pfx_##_ids, DRM_PARAM_HELP),                                            \
    };                                                                                             \
    static gr_status pfx_##_lookup(const gr_args *a, gr_cell *out, gr_error *err)                  \
    {                                                                                              \
        return gr_drm_read(pfx_##_lines, GR_COUNT(pfx_##_lines), (int)a->v[0], out, err);          \
    }                                                                                              \
    static size_t pfx_##_cells(const char **names, size_t cap)                                     \
    {                                                                                              \
        return gr_drm_cells(pfx_##_lines, GR_COUNT(pfx_##_lines), names, cap);                     \
    }                                                                                              \
    const gr_table var_ = {                                                                        \
        .name = name_,                                                                             \
        .title = title_,                                                                           \
        .source = source_,                                                                         \
        GR_ARRAY(params, pfx_##_params),                                                           \
        GR_NOT_ROLLED,                                                                             \
        GR_ARRAY(outcomes, gr_drm_outcomes),                                                       \
        .lookup = pfx_##_lookup,                                                                   \
        .cells = pfx_##_cells,                                                                     \
        .example = example_,                                                                       \
    }

/* -- Fire table modifiers.  "Maximum cumulative modifiers are +/- 3" is a
 * rule, not a line with a value: nf_procs.c applies it (fire_cap). */

static const char *const fd_ids[] = {
    [NF_FD_FR_BR_ARTILLERY] = "french_british_artillery_out_to_8",
    [NF_FD_ART_VS_CAVALRY] = "artillery_at_2_vs_mounted_cavalry",
    [NF_FD_BRITISH_INFANTRY] = "british_line_grenadier_guard_infantry",
    [NF_FD_TARGET_CHANGED] = "target_changed_formation_or_limbered",
    [NF_FD_LIGHT_INFANTRY] = "light_infantry_firing",
    [NF_FD_ENFILADED] = "target_enfiladed",
    [NF_FD_SQUARE] = "target_in_square",
    [NF_FD_VS_ARTILLERY] = "infantry_vs_unlimbered_artillery_or_counter_battery",
    [NF_FD_LANDWEHR] = "landwehr_militia_guerrilla_firing",
    [NF_FD_LIGHT_COVER] = "target_woods_hedge_elevation_town_area",
    [NF_FD_AFTER_UNLIMBERING] = "artillery_after_unlimbering",
    [NF_FD_DEPLOYED_COVER] = "target_deployed_town_wall_entrenchment_works",
    [NF_FD_VS_CHARGING_CAV] = "infantry_vs_charging_cavalry",
    [NF_FD_FORTIFIED] = "target_fortified_town",
    [NF_FD_COUNT] = NULL,
};
static const gr_drm_line fd_lines[NF_FD_COUNT] = {
    [NF_FD_FR_BR_ARTILLERY] = {+1, "+1 All French/British artillery and Russian heavy artillery "
                                   "firing out to 8\"."},
    [NF_FD_ART_VS_CAVALRY] = {+1, "+1 Artillery firing at 2\" or less at mounted cavalry."},
    [NF_FD_BRITISH_INFANTRY] = {+1, "+1 British Line, Grenadier or Guard infantry"},
    [NF_FD_TARGET_CHANGED] = {+1, "+1 Target changed formation in range of firing unit or is "
                                  "limbered artillery."},
    [NF_FD_LIGHT_INFANTRY] = {+1, "+1 Light infantry (LT, Legere, JG, Grenz) firing (except for "
                                  "Russian, Spanish, Ottoman & Neapolitan)"},
    [NF_FD_ENFILADED] = {+2, "+2 Target is enfiladed."},
    [NF_FD_SQUARE] = {+2, "+2 Target is infantry in square formation."},
    [NF_FD_VS_ARTILLERY] = {-1, "-1 Infantry firing at unlimbered artillery or counter-battery "
                                "fire."},
    [NF_FD_LANDWEHR] = {-1, "- 1 Firing infantry is Landwher/Militia or Guerrilla"},
    [NF_FD_LIGHT_COVER] = {-1, "-1 Target is in woods, behind a hedge, higher elevation or in a "
                               "town area (not deployed)."},
    [NF_FD_AFTER_UNLIMBERING] = {-1, "-1 Phasing Artillery firing after having unlimbered, "
                                     "prolonged or pivoted. (Not suffered by guard artillery.)"},
    [NF_FD_DEPLOYED_COVER] = {-2, "-2 Target deployed in a town, behind a stone wall, in "
                                  "entrenchment or works."},
    [NF_FD_VS_CHARGING_CAV] = {-2, "-2 Infantry firing at charging cavalry and not in square."},
    [NF_FD_FORTIFIED] = {-3, "-3 Target deployed in a fortified town."},
};

const gr_drm_line *nf_fire_drm(int line)
{
    return &fd_lines[line];
}

DRM_TABLE(nf_fire_drm_table, fd, "fire_drm", "Fire table modifiers",
          NF_SRC ", Fire table modifiers",
          "grognard lookup nf fire_drm --drm target_fortified_town");

/* -- The two multipliers of fire points printed in the same list. */

static const char *const fx_ids[] = {
    [NF_FM_MARCH_COLUMN] = "target_march_column",
    [NF_FM_HALF] = "firer_disordered_damaged_or_vs_breakthrough",
    [NF_FM_COUNT] = NULL,
};
static const struct {
    int num, den;
    const char *cell;
} fx_lines[NF_FM_COUNT] = {
    [NF_FM_MARCH_COLUMN] = {2, 1, "X2 Target is in March column formation."},
    [NF_FM_HALF] = {1, 2,
                    "x1/2 Firing unit is disordered, damaged battery, or firing at a "
                    "breakthrough unit."},
};

const char *nf_fire_multiplier(int line, int *num, int *den)
{
    *num = fx_lines[line].num;
    *den = fx_lines[line].den;
    return fx_lines[line].cell;
}

static const gr_outcome fx_outcomes[] = {
    {"multiplier", "Multiplier of fire points",
     "Multiplies the fire points (the row read), not the die roll: \"num\"/\"den\"."},
};
static const gr_param fx_params[] = {
    GR_ENUM_REQ("line", fx_ids, "the printed multiplier line"),
};

static gr_status fx_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int k = (int)a->v[0];
    out->outcome = 0;
    out->cell = fx_lines[k].cell;
    gr_cell_int(out, "num", fx_lines[k].num);
    gr_cell_int(out, "den", fx_lines[k].den);
    out->note = "multiplies the fire points, is never capped; x1/2 halves once however many of "
                "its causes apply (docs/rules/nf.md)";
    return GR_OK;
}

static size_t fx_cells(const char **names, size_t cap)
{
    for (size_t i = 0; i < GR_COUNT(fx_lines) && i < cap; i++)
        names[i] = fx_lines[i].cell;
    return GR_COUNT(fx_lines);
}

const gr_table nf_fire_multiplier_table = {
    .name = "fire_multiplier",
    .title = "Fire table: multipliers of fire points",
    .source = NF_SRC ", Fire table modifiers (X2, x1/2)",
    GR_ARRAY(params, fx_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, fx_outcomes),
    .lookup = fx_lookup,
    .cells = fx_cells,
    .example = "grognard lookup nf fire_multiplier --line target_march_column",
};

/* -- Melee modifiers ("+? National modifiers" is the melee_national chart). */

#define MD_LEADER_LINE                                                                             \
    "+1 Attached leader or exceptional brigade commander (some leaders may give a +2)"

static const char *const md_ids[] = {
    [NF_MD_LEADER] = "attached_leader_or_exceptional_brigade",
    [NF_MD_LEADER_PLUS2] = "leader_giving_plus2",
    [NF_MD_BREAKTHROUGH] = "breakthrough",
    [NF_MD_FRESH] = "fresh",
    [NF_MD_CAV_IN_OPEN] = "mounted_cavalry_charging_in_open",
    [NF_MD_CAV_IN_LINE] = "cavalry_charging_in_line",
    [NF_MD_HEAVY_CAV] = "heavy_cavalry",
    [NF_MD_ARMORED_CAV] = "armored_cavalry",
    [NF_MD_GUARD_CAV] = "guard_cavalry",
    [NF_MD_GRENADIER_GUARD] = "grenadier_guard_infantry",
    [NF_MD_OLD_GUARD] = "french_old_guard",
    [NF_MD_DEF_COVER] = "defending_forest_elevation_hedge_wall_ford_hasty_works",
    [NF_MD_DEF_WORKS] = "defending_sunken_road_trench_town_entrenchment",
    [NF_MD_DEF_FORTIFIED] = "defending_fortified_town",
    [NF_MD_SQUARE_VS_CAV] = "infantry_in_square_vs_cavalry",
    [NF_MD_SPENT] = "spent",
    [NF_MD_DISORDERED_OR_MARCH] = "disordered_or_march_column",
    [NF_MD_INF_EXPOSED] = "infantry_not_in_cover_or_square",
    [NF_MD_MILITIA] = "cossack_militia_landwehr_guerrilla",
    [NF_MD_STAND_LOST] = "each_stand_lost",
    [NF_MD_CAV_VS_SQUARE] = "cavalry_vs_square",
    [NF_MD_CAV_IN_WOODS] = "cavalry_in_woods",
    [NF_MD_OUTFLANKED] = "outflanked",
    [NF_MD_OUTNUMBERED_3_2] = "outnumbered_3_2",
    [NF_MD_OUTNUMBERED_2_1] = "outnumbered_2_1",
    [NF_MD_OUTNUMBERED_3_1] = "outnumbered_3_1",
    [NF_MD_COUNT] = NULL,
};
static const gr_drm_line md_lines[NF_MD_COUNT] = {
    [NF_MD_LEADER] = {+1, MD_LEADER_LINE " | +1 Attached leader or exceptional brigade "
                                         "commander"},
    [NF_MD_LEADER_PLUS2] = {+2, MD_LEADER_LINE " | some leaders may give a +2"},
    [NF_MD_BREAKTHROUGH] = {+1, "+1 Breakthrough"},
    [NF_MD_FRESH] = {+2, "+2 Fresh"},
    [NF_MD_CAV_IN_OPEN] = {+2, "+2 Mounted cavalry charging infantry or artillery in the open."},
    [NF_MD_CAV_IN_LINE] = {+1, "+1 Cavalry charging while in line formation. (Cavalry may not "
                               "charge in woods.)"},
    [NF_MD_HEAVY_CAV] = {+1, "+1 Heavy Cavalry"},
    [NF_MD_ARMORED_CAV] = {+1, "+1 Armored Cavalry"},
    [NF_MD_GUARD_CAV] = {+1, "+1 Guard Cavalry"},
    [NF_MD_GRENADIER_GUARD] = {+2, "+2 Grenadier/Guard infantry"},
    [NF_MD_OLD_GUARD] = {+3, "+3 French Old Guard"},
    [NF_MD_DEF_COVER] = {+1, "+1 Defending in forest, higher elevation, hedges, wall, ford or "
                             "hasty works."},
    [NF_MD_DEF_WORKS] = {+2, "+2 Defending sunken road, trench, town, entrenchment or "
                             "breastworks."},
    [NF_MD_DEF_FORTIFIED] = {+3, "+3 Defending fortified town."},
    [NF_MD_SQUARE_VS_CAV] = {+4, "+4 Infantry in square Vs Cavalry"},
    [NF_MD_SPENT] = {-2, "-2 Spent"},
    [NF_MD_DISORDERED_OR_MARCH] = {-2, "-2 Disordered or in march column."},
    [NF_MD_INF_EXPOSED] = {-3, "-3 Infantry not in cover or square Vs cavalry or infantry Vs "
                               "infantry when in square."},
    [NF_MD_MILITIA] = {-1, "-1 Cossack/MC/LW[Militia infantry or guerrilla's."},
    [NF_MD_STAND_LOST] = {-1, "-1 For each stand lost during current fire or melee phase."},
    [NF_MD_CAV_VS_SQUARE] = {-4, "-4 Cavalry Vs infantry in square."},
    [NF_MD_CAV_IN_WOODS] = {-4, "-4 Cavalry Meleeing in/into woods."},
    [NF_MD_OUTFLANKED] = {-2, "-2 Outflanked."},
    [NF_MD_OUTNUMBERED_3_2] = {-1, "-1 Outnumbered 3:2."},
    [NF_MD_OUTNUMBERED_2_1] = {-2, "-2 Outnumbered 2: 1."},
    [NF_MD_OUTNUMBERED_3_1] = {-3, "-3 outnumbered 3: 1 +."},
};

const gr_drm_line *nf_melee_drm(int line)
{
    return &md_lines[line];
}

DRM_TABLE(nf_melee_drm_table, md, "melee_drm", "Melee modifiers", NF_SRC ", Melee modifiers",
          "grognard lookup nf melee_drm --drm outnumbered_2_1");

/* -- Good Order table modifiers ("+? National modifiers for formation" is
 * the formation_modifier chart). */

#define GD_CAVALRY_LINE "+1 Cavalry (+2 for Austrian/Saxon Cavalry)"

static const char *const gd_ids[] = {
    [NF_GD_EXC_BRIGADE] = "exceptional_brigade_commander",
    [NF_GD_DIVISION_IN_RANGE] = "division_officer_in_range",
    [NF_GD_EXC_DIVISION] = "exceptional_division_officer_in_range_or_officer_attached",
    [NF_GD_EXC_ATTACHED] = "exceptional_officer_attached",
    [NF_GD_OLD_GUARD] = "french_old_guard_infantry",
    [NF_GD_LIGHT_INFANTRY] = "light_infantry",
    [NF_GD_CAVALRY] = "cavalry",
    [NF_GD_CAVALRY_AUS_SAX] = "austrian_saxon_cavalry",
    [NF_GD_FRESH] = "fresh",
    [NF_GD_MARCH_COLUMN] = "march_column",
    [NF_GD_SPENT] = "spent",
    [NF_GD_WOODS] = "non_light_infantry_or_cavalry_in_woods",
    [NF_GD_COUNT] = NULL,
};
static const gr_drm_line gd_lines[NF_GD_COUNT] = {
    [NF_GD_EXC_BRIGADE] = {+1, "+1 Exceptional brigade commander."},
    [NF_GD_DIVISION_IN_RANGE] = {+1, "+1 Within range of brigades division officer."},
    [NF_GD_EXC_DIVISION] = {+2, "+2 Within range of brigades exceptional divisional officer or "
                                "officer attached."},
    [NF_GD_EXC_ATTACHED] = {+3, "+3 Exceptional officer attached."},
    [NF_GD_OLD_GUARD] = {+1, "+1 French old guard infantry."},
    [NF_GD_LIGHT_INFANTRY] = {+1, "+1 Light infantry (LT, Legere, JG, Grenz)."},
    [NF_GD_CAVALRY] = {+1, GD_CAVALRY_LINE " | +1 Cavalry"},
    [NF_GD_CAVALRY_AUS_SAX] = {+2, GD_CAVALRY_LINE " | +2 for Austrian/Saxon Cavalry"},
    [NF_GD_FRESH] = {+2, "+2 Fresh"},
    [NF_GD_MARCH_COLUMN] = {+2, "+2 In March Column"},
    [NF_GD_SPENT] = {-2, "-2 Spent"},
    [NF_GD_WOODS] = {-1, "-1 Non light infantry or cavalry in woods"},
};

const gr_drm_line *nf_good_order_drm(int line)
{
    return &gd_lines[line];
}

DRM_TABLE(nf_good_order_drm_table, gd, "good_order_drm",
          "Good Order table modifiers (also read for the Disorder table)",
          NF_SRC ", GOOD ORDER TABLE, modifiers",
          "grognard lookup nf good_order_drm --drm division_officer_in_range");

/* -- Emergency formation change attempt modifiers. */

#define ED_COLUMN_LINE "+1 In Column formation (+2 Austrian Line/Grenadier infantry 1809+)"
#define ED_GUARD_LINE  "+1 Any Grenadier/Guard unit. (+2 for French Old Guard.)"

static const char *const ed_ids[] = {
    [NF_ED_LEADER] = "exceptional_brigade_or_leader_attached",
    [NF_ED_UPPER_LEADER] = "exceptional_division_or_upper_leader_attached",
    [NF_ED_COLUMN] = "column",
    [NF_ED_COLUMN_AUSTRIAN] = "column_austrian_line_grenadier_1809",
    [NF_ED_GRENADIER_GUARD] = "grenadier_guard",
    [NF_ED_OLD_GUARD] = "french_old_guard",
    [NF_ED_NATION_PLUS] = "british_early_prussian_early_french",
    [NF_ED_CAV_OVER_HALF] = "cavalry_charges_over_half_move",
    [NF_ED_NATION_MINUS] = "spanish_russian_ottoman_minor_early_portuguese",
    [NF_ED_MILITIA] = "militia_or_guerrilla",
    [NF_ED_SPENT] = "spent",
    [NF_ED_DISORDERED] = "disordered",
    [NF_ED_MARCH_COLUMN] = "march_column",
    [NF_ED_COUNT] = NULL,
};
static const gr_drm_line ed_lines[NF_ED_COUNT] = {
    [NF_ED_LEADER] = {+1, "+1 Exceptional brigade commander or leader attached."},
    [NF_ED_UPPER_LEADER] = {+2, "+2 Exceptional division/upper echelon leader attached."},
    [NF_ED_COLUMN] = {+1, ED_COLUMN_LINE " | +1 In Column formation"},
    [NF_ED_COLUMN_AUSTRIAN] = {+2, ED_COLUMN_LINE " | +2 Austrian Line/Grenadier infantry 1809+"},
    [NF_ED_GRENADIER_GUARD] = {+1, ED_GUARD_LINE " | +1 Any Grenadier/Guard unit."},
    [NF_ED_OLD_GUARD] = {+2, ED_GUARD_LINE " | +2 for French Old Guard."},
    [NF_ED_NATION_PLUS] = {+1, "+1 British/Pre- 1808 Prussians/Pre- 1813 French"},
    [NF_ED_CAV_OVER_HALF] = {+1, "+1 Cavalry charges over 1/2 their movement allowance."},
    [NF_ED_NATION_MINUS] = {-1, "-1 Spanish, Russian, Ottoman, Saxon, Neapolitan, Rhinebund, or "
                                "pre- 18 10 Portuguese."},
    [NF_ED_MILITIA] = {-1, "-1 Militia or Guerrilla infantry."},
    [NF_ED_SPENT] = {-1, "-1 Spent."},
    [NF_ED_DISORDERED] = {-2, "-2 disordered"},
    [NF_ED_MARCH_COLUMN] = {-2, "-2 In march column."},
};

const gr_drm_line *nf_emergency_fc_drm(int line)
{
    return &ed_lines[line];
}

DRM_TABLE(nf_emergency_fc_drm_table, ed, "emergency_fc_drm",
          "Emergency formation change (FC) attempt modifiers",
          NF_SRC ", Emergency formation change (FC) attempt modifiers",
          "grognard lookup nf emergency_fc_drm --drm column");

/* -- Evasion modifier. */

static const char *const vd_ids[] = {
    [NF_VD_SUPPRESSED] = "horse_battery_suppressed",
    [NF_VD_COUNT] = NULL,
};
static const gr_drm_line vd_lines[NF_VD_COUNT] = {
    [NF_VD_SUPPRESSED] = {-1, "-1 if horse battery is suppressed"},
};

const gr_drm_line *nf_evasion_drm(int line)
{
    return &vd_lines[line];
}

DRM_TABLE(nf_evasion_drm_table, vd, "evasion_drm", "Evasion modifier",
          NF_SRC ", Unit Type / Die Roll Needed to Evade",
          "grognard lookup nf evasion_drm --drm horse_battery_suppressed");
