/* nf_procs.c - Napoleonic Fury procedures: a situation in, every modifier
 * with its reason and source, the roll, the table read and the odds out.
 * No rule value is typed here: die-roll modifiers are read from the printed
 * modifier lists and chart values from the charts, all in nf_tables.c; this
 * file decides which printed line applies. */
#include "nf.h"

#include <string.h>

#define SRC_FIRE   NF_SRC ", Fire table modifiers"
#define SRC_FPTS   NF_SRC ", fire points by range"
#define SRC_LL     NF_SRC ", Leader Loss"
#define SRC_MELEE  NF_SRC ", Melee modifiers"
#define SRC_MNAT   NF_SRC ", Nationality / Melee"
#define SRC_GO     NF_SRC ", Good Order table modifiers"
#define SRC_GONAT  NF_SRC ", national modifiers for formation"
#define SRC_CQ     NF_SRC ", Commanders Quality Rating"
#define SRC_EFC    NF_SRC ", Emergency formation change (FC) attempt modifiers"
#define SRC_EV     NF_SRC ", Unit Type / Die Roll Needed to Evade"
#define SRC_BRIDGE NF_SRC ", Notes and Special rules: Bridge column assaults"
#define SRC_ALLIED NF_SRC ", Notes and Special rules: Allied officer attachment"
#define SRC_MOVE   NF_SRC ", movement charts"
#define SRC_REACT  NF_SRC ", Reaction (2nd) Phase"

/* "Maximum cumulative modifiers are +/- 3." (seed 002, under the Fire table
 * modifiers): a rule on the sum, not a modifier line. */
#define FIRE_CAP 3

static const char *const conditions[] = {"worn", "fresh", "spent", NULL};
enum { C_WORN, C_FRESH, C_SPENT };

/* Nations in the France@ row ("Also Hesse, Baden, and Vistula Legion"). */
static int france_row(int n)
{
    return n == NF_FRANCE || n == NF_HESSE || n == NF_BADEN || n == NF_VISTULA;
}

/* Add the modifier of a printed line, its printed text as the reason. */
static gr_mod *line_drm(gr_resolution *r, const gr_drm_line *line, const char *src)
{
    return gr_res_drm(r, line->value, line->cell, src);
}
static gr_mod *fire_line(gr_resolution *r, int line)
{
    return line_drm(r, nf_fire_drm(line), SRC_FIRE);
}
static gr_mod *melee_line(gr_resolution *r, int line)
{
    return line_drm(r, nf_melee_drm(line), SRC_MELEE);
}
static gr_mod *go_line(gr_resolution *r, int line)
{
    return line_drm(r, nf_good_order_drm(line), SRC_GO);
}
static gr_mod *efc_line(gr_resolution *r, int line)
{
    return line_drm(r, nf_emergency_fc_drm(line), SRC_EFC);
}

/* Apply the fire cap: add one correcting line when the DRMs from `from` on
 * add to more than +/-3, and say so. */
static void fire_cap(gr_resolution *r, int from)
{
    int total = gr_res_drm_total(r, from);
    if (total > FIRE_CAP || total < -FIRE_CAP) {
        int capped = total > 0 ? FIRE_CAP : -FIRE_CAP;
        gr_res_drm(r, capped - total, "maximum cumulative modifiers are +/-3", SRC_FIRE);
        gr_res_note(r, "modifiers total %+d: capped at %+d", total, capped);
    }
}

/* ---- fire ---------------------------------------------------------------- */

static const char *const fire_troops[] = {"line",    "grenadier", "guard", "landwehr",
                                          "militia", "guerrilla", "other", NULL};
enum { FT_LINE, FT_GRENADIER, FT_GUARD, FT_LANDWEHR, FT_MILITIA, FT_GUERRILLA, FT_OTHER };
static const char *const fire_targets[] = {
    "infantry",           "cavalry", "unlimbered_artillery", "limbered_artillery",
    "dismounted_cavalry", NULL};
enum { TG_INF, TG_CAV, TG_UNLIMBERED, TG_LIMBERED, TG_DISMOUNTED };
static const char *const target_formations[] = {"line",   "column", "march_column",
                                                "square", "other",  NULL};
enum { TF_LINE, TF_COLUMN, TF_MARCH, TF_SQUARE, TF_OTHER };
static const char *const covers[] = {
    "none",       "woods",        "hedge", "higher_elevation", "town_area", "deployed_town",
    "stone_wall", "entrenchment", "works", "fortified_town",   NULL};
enum {
    CV_NONE,
    CV_WOODS,
    CV_HEDGE,
    CV_HIGHER,
    CV_TOWN_AREA,
    CV_DEPLOYED_TOWN,
    CV_STONE_WALL,
    CV_ENTRENCHMENT,
    CV_WORKS,
    CV_FORTIFIED_TOWN
};
static const char *const firer_formations[] = {"line", "column", "square", "other", NULL};

enum {
    FP_FIRER,
    FP_NATION,
    FP_TROOPS,
    FP_STANDS,
    FP_RANGE,
    FP_FORMATION,
    FP_TARGET,
    FP_TFORM,
    FP_CHANGED,
    FP_ENFILADE,
    FP_COVER,
    FP_DISORDERED,
    FP_DAMAGED,
    FP_AT_BREAKTHROUGH,
    FP_COUNTER_BATTERY,
    FP_AFTER_MOVING,
    FP_GUARD_ART,
    FP_CHARGING_CAV,
    FP_OFFICER,
    FP_ANGLE,
};
static const gr_param fire_params[] = {
    [FP_FIRER] = GR_ENUM_REQ("firer", nf_fire_units, "the firing unit (fire points row)"),
    [FP_NATION] = GR_ENUM_REQ("nation", nf_nations, "the firing unit's nation"),
    [FP_TROOPS] =
        GR_ENUM("troops", fire_troops,
                "firing infantry's class (default line): British line/grenadier/guard +1; "
                "landwehr, militia, guerrilla -1"),
    [FP_STANDS] = GR_INT("stands", 1, 60,
                         "stands firing (infantry: all in line, front stands only in column; "
                         "artillery: default 1)"),
    [FP_RANGE] =
        GR_NUM_REQ("range", 0, 1000 * GR_MILLI, "range to the target in inches (0 = contact)"),
    [FP_FORMATION] =
        GR_ENUM("formation", firer_formations, "the firing unit's formation (default line)"),
    [FP_TARGET] = GR_ENUM_REQ("target", fire_targets, "what is fired at"),
    [FP_TFORM] = GR_ENUM("target-formation", target_formations,
                         "the target's formation (square +2; march column X2)"),
    [FP_CHANGED] = GR_FLAG("target-changed-formation",
                           "the target changed formation in range of the firing unit (+1)"),
    [FP_ENFILADE] = GR_FLAG("enfiladed", "the target is enfiladed (+2)"),
    [FP_COVER] =
        GR_ENUM("cover", covers,
                "the target's cover: woods, hedge, higher_elevation, town_area (not deployed) "
                "-1; deployed_town, stone_wall, entrenchment, works -2; fortified_town -3"),
    [FP_DISORDERED] = GR_FLAG("disordered", "the firing unit is disordered (x1/2)"),
    [FP_DAMAGED] = GR_FLAG("damaged", "the firing battery is damaged (x1/2)"),
    [FP_AT_BREAKTHROUGH] = GR_FLAG("at-breakthrough", "firing at a breakthrough unit (x1/2)"),
    [FP_COUNTER_BATTERY] =
        GR_FLAG("counter-battery", "artillery firing at artillery: counter-battery fire (-1)"),
    [FP_AFTER_MOVING] = GR_FLAG("after-unlimbering",
                                "phasing artillery firing after having unlimbered, prolonged or "
                                "pivoted (-1; not guard artillery)"),
    [FP_GUARD_ART] = GR_FLAG("guard-artillery", "the battery is guard artillery"),
    [FP_CHARGING_CAV] = GR_FLAG("target-charging",
                                "the target is cavalry charging the firing infantry (-2 unless in "
                                "square)"),
    [FP_OFFICER] = GR_FLAG("target-officer",
                           "an officer is attached to the target (leader loss on a natural 12)"),
    [FP_ANGLE] = GR_NUM("angle", 0, 180 * GR_MILLI,
                        "degrees off straight ahead to the target, to check the firing arc"),
};

static int is_artillery_firer(int f)
{
    return f == NF_FU_HORSE_ARTILLERY || f == NF_FU_HEAVY_ARTILLERY;
}

static gr_status fire_points_step(gr_resolution *r, const gr_args *a, int64_t *points,
                                  gr_error *err)
{
    int firer = (int)a->v[FP_FIRER];
    const char *cell;
    int per = nf_fire_points(firer, a->v[FP_RANGE], &cell);
    if (!per)
        return gr_error_set(err, GR_EINPUT,
                            "{range}: the %s cannot fire that far (the chart prints '-'); see "
                            "`grognard lookup nf fire_points --help`",
                            nf_fire_units[firer]);
    int stands = (int)gr_args_get(a, FP_STANDS, 0);
    if (!stands) {
        if (!is_artillery_firer(firer))
            return gr_error_set(err, GR_EINPUT,
                                "%s fire needs {stands} (the stands firing; a whole number from "
                                "1 to 60)",
                                nf_fire_units[firer]);
        stands = 1;
    }
    gr_res_info(r, cell, SRC_FPTS);
    *points = (int64_t)per * stands * GR_MILLI;
    gr_res_value(r, "points_per_stand", GR_F_INT, per);
    gr_res_value(r, "base_points", GR_F_NUM, *points);
    if (!is_artillery_firer(firer) && a->given[FP_FORMATION] && a->v[FP_FORMATION] == 1)
        gr_res_note(r, "in column only the front stands may fire: {stands} counts those");
    if (a->given[FP_ANGLE]) {
        int arc = nf_firing_arc(firer, &cell);
        if (a->v[FP_ANGLE] > (int64_t)arc * GR_MILLI)
            return gr_error_set(err, GR_EINPUT,
                                "{angle}: the target is outside the %d degree firing arc of the "
                                "%s; accepted: 0 to %d",
                                arc, nf_fire_units[firer], arc);
        gr_res_info(r, cell, NF_SRC ", firing arcs");
    }
    /* X2 and x1/2 multiply fire points; each printed line counts once. */
    int num, den;
    const char *line;
    if (a->given[FP_TFORM] && a->v[FP_TFORM] == TF_MARCH) {
        line = nf_fire_multiplier(NF_FM_MARCH_COLUMN, &num, &den);
        gr_res_mul(r, num, den, line, SRC_FIRE);
        *points = *points * num / den;
    }
    static const struct {
        int param;
        const char *reason;
    } halves[] = {{FP_DISORDERED, "firing unit is disordered"},
                  {FP_DAMAGED, "damaged battery"},
                  {FP_AT_BREAKTHROUGH, "firing at a breakthrough unit"}};
    int halved = 0;
    (void)nf_fire_multiplier(NF_FM_HALF, &num, &den);
    for (size_t i = 0; i < GR_COUNT(halves); i++)
        if (gr_args_flag(a, halves[i].param)) {
            if (halves[i].param == FP_DAMAGED && !is_artillery_firer(firer))
                return gr_error_set(err, GR_EINPUT, "{damaged} is for a firing battery only");
            gr_mod *m = gr_res_mul(r, num, den, halves[i].reason, SRC_FIRE);
            if (halved && m)
                m->applied = 0;
            halved++;
        }
    if (halved)
        *points = *points * num / den;
    if (halved > 1)
        gr_res_note(r, "x1/2 is one printed line: it halves once however many of its causes "
                       "apply (docs/rules/nf.md)");
    gr_res_value(r, "points", GR_F_NUM, *points);
    return GR_OK;
}

static gr_status fire_drms(gr_resolution *r, const gr_args *a, gr_error *err)
{
    int firer = (int)a->v[FP_FIRER], nation = (int)a->v[FP_NATION];
    int troops = (int)gr_args_get(a, FP_TROOPS, FT_LINE);
    int target = (int)a->v[FP_TARGET];
    int tform = (int)gr_args_get(a, FP_TFORM, TF_OTHER);
    int art = is_artillery_firer(firer);
    int inf = firer == NF_FU_INFANTRY || firer == NF_FU_LIGHT_INFANTRY;
    int64_t range = a->v[FP_RANGE];
    if (a->given[FP_TROOPS] && !inf)
        return gr_error_set(err, GR_EINPUT,
                            "{troops} is the firing infantry's class; the "
                            "firer is not infantry");
    if (tform == TF_SQUARE && target != TG_INF)
        return gr_error_set(err, GR_EINPUT,
                            "{target-formation} square: only infantry forms square; accepted "
                            "with {target} infantry");
    if (art && range <= 8 * GR_MILLI &&
        (nation == NF_FRANCE || nation == NF_BRITAIN ||
         (nation == NF_RUSSIA && firer == NF_FU_HEAVY_ARTILLERY)))
        fire_line(r, NF_FD_FR_BR_ARTILLERY);
    if (art && range <= 2 * GR_MILLI && target == TG_CAV)
        fire_line(r, NF_FD_ART_VS_CAVALRY);
    if (inf && nation == NF_BRITAIN &&
        (troops == FT_LINE || troops == FT_GRENADIER || troops == FT_GUARD) &&
        firer == NF_FU_INFANTRY)
        fire_line(r, NF_FD_BRITISH_INFANTRY);
    if (gr_args_flag(a, FP_CHANGED) || target == TG_LIMBERED)
        fire_line(r, NF_FD_TARGET_CHANGED); /* one +1 for either cause */
    if (firer == NF_FU_LIGHT_INFANTRY) {
        if (nation == NF_RUSSIA || nation == NF_SPAIN || nation == NF_SPAIN_ALLIED ||
            nation == NF_OTTOMAN || nation == NF_NAPLES)
            gr_res_info(r,
                        "light infantry firing: no +1 for Russian, Spanish, Ottoman & "
                        "Neapolitan",
                        SRC_FIRE);
        else
            fire_line(r, NF_FD_LIGHT_INFANTRY);
    }
    if (gr_args_flag(a, FP_ENFILADE))
        fire_line(r, NF_FD_ENFILADED);
    if (tform == TF_SQUARE)
        fire_line(r, NF_FD_SQUARE);
    if (inf && target == TG_UNLIMBERED)
        fire_line(r, NF_FD_VS_ARTILLERY);
    if (gr_args_flag(a, FP_COUNTER_BATTERY)) {
        if (!art || (target != TG_UNLIMBERED && target != TG_LIMBERED))
            return gr_error_set(err, GR_EINPUT,
                                "{counter-battery}: artillery firing at artillery only");
        fire_line(r, NF_FD_VS_ARTILLERY);
    }
    if (inf && (troops == FT_LANDWEHR || troops == FT_MILITIA || troops == FT_GUERRILLA))
        fire_line(r, NF_FD_LANDWEHR);
    int cover = (int)gr_args_get(a, FP_COVER, 0);
    if (cover >= CV_WOODS && cover <= CV_TOWN_AREA)
        fire_line(r, NF_FD_LIGHT_COVER);
    if (cover >= CV_DEPLOYED_TOWN && cover <= CV_WORKS)
        fire_line(r, NF_FD_DEPLOYED_COVER);
    if (cover == CV_FORTIFIED_TOWN)
        fire_line(r, NF_FD_FORTIFIED);
    if (gr_args_flag(a, FP_AFTER_MOVING)) {
        if (!art)
            return gr_error_set(err, GR_EINPUT, "{after-unlimbering} is for a firing battery");
        if (gr_args_flag(a, FP_GUARD_ART))
            gr_res_info(r,
                        "artillery fired after unlimbering, prolonging or pivoting: not "
                        "suffered by guard artillery",
                        SRC_FIRE);
        else
            fire_line(r, NF_FD_AFTER_UNLIMBERING);
    }
    if (gr_args_flag(a, FP_CHARGING_CAV)) {
        if (!inf || target != TG_CAV)
            return gr_error_set(err, GR_EINPUT,
                                "{target-charging}: infantry firing at charging cavalry "
                                "({target} cavalry) only");
        if (gr_args_get(a, FP_FORMATION, 0) == 2)
            gr_res_info(r, "infantry in square firing at charging cavalry: no -2", SRC_FIRE);
        else
            fire_line(r, NF_FD_VS_CHARGING_CAV);
    }
    return GR_OK;
}

static gr_status fire_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                              gr_error *err)
{
    gr_resolution_init(r, "nf", "fire");
    int64_t points = 0;
    gr_status st = fire_points_step(r, a, &points, err);
    if (st != GR_OK)
        return st;
    if (points < GR_MILLI / 2)
        return gr_error_set(err, GR_EINPUT, "fewer than 1/2 fire point: the chart has no row");
    int from = r->nmods;
    if ((st = fire_drms(r, a, err)) != GR_OK)
        return st;
    fire_cap(r, from);
    int mod = gr_res_drm_total(r, from);
    gr_args t = {.v = {points}, .given = {1}};
    gr_step *step;
    if ((st = gr_res_roll_read(r, dice, "fire", "Fire", &nf_fire_table, &t, mod, &step, err)) !=
        GR_OK)
        return st;
    int target = (int)a->v[FP_TARGET];
    if (step->cell.outcome > 0 && (target == TG_UNLIMBERED || target == TG_LIMBERED))
        gr_res_note(r, "the target is artillery: it takes the artillery effect (suppressed, "
                       "silenced, damaged or wrecked)");
    if (r->rolls[step->roll].total == 12) {
        if (gr_args_flag(a, FP_OFFICER)) {
            gr_res_note(r, "a natural 12: the officer attached to the target may be hit; roll "
                           "again, 2-9 wounded/killed");
            if ((st = gr_res_roll_read(r, dice, "leader loss", "Leader loss", &nf_leader_loss_table,
                                       &(gr_args){0}, 0, NULL, err)) != GR_OK)
                return st;
        } else {
            gr_res_note(r, "a natural 12: an officer attached to the target would roll for "
                           "leader loss (none given: {target-officer})");
        }
    }
    return GR_OK;
}

static const gr_applies fire_applies[] = {
    {"troops", "firer=infantry|light_infantry"},
    {"damaged", "firer=horse_artillery|heavy_artillery"},
    {"counter-battery", "firer=horse_artillery|heavy_artillery"},
    {"after-unlimbering", "firer=horse_artillery|heavy_artillery"},
    {"guard-artillery", "firer=horse_artillery|heavy_artillery"},
};

const gr_procedure nf_fire_proc = {
    .name = "fire",
    .title = "Musketry and cannonade",
    .source = NF_SRC ", fire points, Fire table and modifiers, Leader Loss",
    GR_ARRAY(params, fire_params),
    .rolls_help = "the fire 2D6 total (2-12), then on a natural 12 with {target-officer} the "
                  "leader loss 2D6 total: {roll} 12,7",
    .example = "grognard resolve nf fire --firer infantry --nation britain --stands 4 --range 0 "
               "--target infantry --seed 42",
    .resolve = fire_resolve,
    GR_ARRAY(applies, fire_applies),
};

/* ---- melee --------------------------------------------------------------- */

static const char *const arms[] = {"infantry", "cavalry", "artillery", NULL};
enum { ARM_INF, ARM_CAV, ARM_ART };
static const char *const melee_formations[] = {"line",   "column", "march_column",
                                               "square", "other",  NULL};
enum { MF_LINE, MF_COLUMN, MF_MARCH, MF_SQUARE, MF_OTHER };
static const char *const leaders[] = {
    "none", "exceptional_brigade", "attached", "attached_exceptional", "attached_plus2", NULL};
enum { LD_NONE, LD_EXC_BRIGADE, LD_ATTACHED, LD_ATTACHED_EXC, LD_ATTACHED_PLUS2 };
static const char *const melee_troops[] = {"line",      "light",           "grenadier", "guard",
                                           "old_guard", "landwehr",        "militia",   "guerrilla",
                                           "cossack",   "militia_cavalry", "other",     NULL};
enum {
    MT_LINE,
    MT_LIGHT,
    MT_GRENADIER,
    MT_GUARD,
    MT_OLD_GUARD,
    MT_LANDWEHR,
    MT_MILITIA,
    MT_GUERRILLA,
    MT_COSSACK,
    MT_MC,
    MT_OTHER
};
static const char *const terrains[] = {
    "open", "forest",       "higher_elevation", "hedge",          "wall",
    "ford", "hasty_works",  "river_bank",       "sunken_road",    "trench",
    "town", "entrenchment", "breastworks",      "fortified_town", NULL};
/* forest .. river_bank: the +1 line; sunken_road .. breastworks: +2. */
enum { T_OPEN, T_FOREST, T_RIVER_BANK = 7, T_BREASTWORKS = 12, T_FORTIFIED = 13 };

enum {
    S_ARM,
    S_NATION,
    S_STANDS,
    S_CONDITION,
    S_FORMATION,
    S_LEADER,
    S_TROOPS,
    S_QUALITY,
    S_HEAVY,
    S_ARMORED,
    S_GUARD_CAV,
    S_DISORDERED,
    S_LOST,
    S_BREAKTHROUGH,
    S_OUTFLANKED,
    S_WORN_LEFT,
    S_SPENT_LEFT,
    S_NSIDE
};
#define SIDE_PARAMS(side)                                                                          \
    GR_ENUM_REQ(side "-arm", arms, "infantry, cavalry or artillery"),                              \
        GR_ENUM_REQ(side "-nation", nf_nations, "the side's nation"),                              \
        GR_INT_REQ(side "-stands", 1, 99, "stands in the melee (outnumbered ratios)"),             \
        GR_ENUM(side "-condition", conditions,                                                     \
                "BEL level: worn (default), fresh (+2) or spent (-2)"),                            \
        GR_ENUM(side "-formation", melee_formations,                                               \
                "line, column, march_column (-2), square, other (default)"),                       \
        GR_ENUM(side "-leader", leaders,                                                           \
                "none, exceptional_brigade (+1), attached (+1), attached_exceptional (+1), "       \
                "attached_plus2 (+2: some leaders)"),                                              \
        GR_ENUM(                                                                                   \
            side "-troops", melee_troops,                                                          \
            "class (default line): grenadier/guard infantry +2, old_guard +3; landwehr, militia, " \
            "guerrilla, cossack, militia_cavalry -1"),                                             \
        GR_ENUM(side "-quality", nf_qualities, "BEL quality (France@ column bonus in 1813-1814)"), \
        GR_FLAG(side "-heavy-cavalry", "heavy cavalry (+1)"),                                      \
        GR_FLAG(side "-armored", "armored cavalry (+1)"),                                          \
        GR_FLAG(side "-guard-cavalry", "guard cavalry (+1)"),                                      \
        GR_FLAG(side "-disordered", "disordered (-2; once with march column)"),                    \
        GR_INT(side "-stands-lost", 0, 40,                                                         \
               "stands lost during the current fire or melee phase (-1 each)"),                    \
        GR_FLAG(side "-breakthrough", "a breakthrough unit (+1)"),                                 \
        GR_FLAG(side "-outflanked", "outflanked (-2)"),                                            \
        GR_INT(side "-worn-left", 0, 99,                                                           \
               "BEL chart's Worn cell: the brigade is worn when down to this many stands (0: "     \
               "never); "                                                                          \
               "a desperate struggle's next round re-reads the condition with it"),                \
        GR_INT(side "-spent-left", 0, 99,                                                          \
               "BEL chart's Spent cell: the brigade is spent when down to this many stands (0: "   \
               "never); a desperate struggle's next round re-reads the condition with it")

enum { MP_TERRAIN = 2 * S_NSIDE, MP_WOODS, MP_YEAR, MP_BRIDGE, MP_ALLIED_RULE, MP_COUNTER };
static const gr_param melee_params[] = {
    SIDE_PARAMS("attacker"),
    SIDE_PARAMS("defender"),
    [MP_TERRAIN] = GR_ENUM("defender-terrain", terrains,
                           "open (default); +1: forest, higher_elevation, hedge, wall, ford, "
                           "hasty_works, river_bank; +2: sunken_road, trench, town, entrenchment, "
                           "breastworks; +3: fortified_town"),
    [MP_WOODS] = GR_FLAG(
        "woods", "the melee is in or into woods (cavalry -4); implied by {defender-terrain} "
                 "forest"),
    [MP_YEAR] = GR_INT("year", 1792, 1815,
                       "year of the battle (national modifiers by era, French 1813-1814 rule)"),
    [MP_BRIDGE] = GR_FLAG("bridge-assault",
                          "special rule: the attacker assaults across a bridge in march column (no "
                          "-2 for march column)"),
    [MP_ALLIED_RULE] = GR_FLAG("allied-officer-rule",
                               "optional rule: allied officers (except British) may not attach for "
                               "melee unless exceptional or +2"),
    [MP_COUNTER] = GR_FLAG("defender-countercharging",
                           "the defending cavalry countercharges the charging cavalry (Reaction "
                           "phase): it is charging too (+1 in line)"),
};

typedef struct side_ctx {
    int base, opp_base, attacker;
} side_ctx;

#define SV(a, b, k) ((int)gr_args_get((a), (b) + (k), 0))

static int in_woods(const gr_args *a)
{
    return gr_args_flag(a, MP_WOODS) || gr_args_get(a, MP_TERRAIN, T_OPEN) == T_FOREST;
}

/* The outnumbered line of `mine` stands against `theirs` (3:1 or more, 2:1,
 * 3:2), or -1 when not outnumbered. */
static int outnumbered_line(int mine, int theirs)
{
    if (theirs >= 3 * mine)
        return NF_MD_OUTNUMBERED_3_1;
    if (theirs >= 2 * mine)
        return NF_MD_OUTNUMBERED_2_1;
    if (2 * theirs >= 3 * mine)
        return NF_MD_OUTNUMBERED_3_2;
    return -1;
}

/* The outnumbered modifier of `mine` stands against `theirs` (0 if none). */
static int outnumbered(int mine, int theirs)
{
    int line = outnumbered_line(mine, theirs);
    return line < 0 ? 0 : nf_melee_drm(line)->value;
}

static gr_status side_drms(gr_resolution *r, const gr_args *a, side_ctx s, gr_error *err)
{
    int b = s.base, o = s.opp_base;
    int arm = SV(a, b, S_ARM), opp = SV(a, o, S_ARM), nation = SV(a, b, S_NATION);
    int form = (int)gr_args_get(a, b + S_FORMATION, MF_OTHER);
    int oform = (int)gr_args_get(a, o + S_FORMATION, MF_OTHER);
    int troops = (int)gr_args_get(a, b + S_TROOPS, MT_LINE);
    int terrain = (int)gr_args_get(a, MP_TERRAIN, T_OPEN);
    int woods = in_woods(a);
    if (form == MF_SQUARE && arm != ARM_INF)
        return gr_error_set(err, GR_EINPUT, "{%s-formation} square: only infantry forms square",
                            s.attacker ? "attacker" : "defender");
    int leader = (int)gr_args_get(a, b + S_LEADER, LD_NONE);
    if (leader) {
        gr_mod *m = melee_line(r, leader == LD_ATTACHED_PLUS2 ? NF_MD_LEADER_PLUS2 : NF_MD_LEADER);
        if (leader == LD_ATTACHED && gr_args_flag(a, MP_ALLIED_RULE) && !france_row(nation) &&
            nation != NF_BRITAIN && m) {
            m->applied = 0;
            gr_res_note(r,
                        "allied officer attachment: a %s officer may not attach for melee "
                        "unless exceptional and/or +2 (not counted)",
                        nf_nations[nation]);
        }
    }
    if (gr_args_flag(a, b + S_BREAKTHROUGH))
        melee_line(r, NF_MD_BREAKTHROUGH);
    int cond = (int)gr_args_get(a, b + S_CONDITION, C_WORN);
    if (cond == C_FRESH)
        melee_line(r, NF_MD_FRESH);
    if (s.attacker && arm == ARM_CAV && opp != ARM_CAV && terrain == T_OPEN && !woods)
        melee_line(r, NF_MD_CAV_IN_OPEN);
    /* A countercharge ("Eligible non-phasing cavalry may attempt to
     * countercharge if charged by cavalry") is a charge: the defender's
     * cavalry reads the charging line too (docs/rules/nf.md). */
    int charging = s.attacker || gr_args_flag(a, MP_COUNTER);
    if (!s.attacker && gr_args_flag(a, MP_COUNTER) && (arm != ARM_CAV || opp != ARM_CAV))
        return gr_error_set(err, GR_EINPUT,
                            "{defender-countercharging}: only cavalry charged by cavalry "
                            "countercharges; the defender is %s, the attacker %s",
                            arms[arm], arms[opp]);
    if (charging && arm == ARM_CAV && form == MF_LINE) {
        if (woods)
            gr_res_info(r, "cavalry may not charge in woods: no +1 for charging in line",
                        SRC_MELEE);
        else
            melee_line(r, NF_MD_CAV_IN_LINE);
    }
    static const struct {
        int k, line;
    } cav[] = {
        {S_HEAVY, NF_MD_HEAVY_CAV}, {S_ARMORED, NF_MD_ARMORED_CAV}, {S_GUARD_CAV, NF_MD_GUARD_CAV}};
    for (size_t i = 0; i < GR_COUNT(cav); i++)
        if (gr_args_flag(a, b + cav[i].k)) {
            if (arm != ARM_CAV)
                return gr_error_set(err, GR_EINPUT, "{%s} is for cavalry only",
                                    melee_params[b + cav[i].k].name);
            melee_line(r, cav[i].line);
        }
    if (arm == ARM_INF && (troops == MT_GRENADIER || troops == MT_GUARD))
        melee_line(r, NF_MD_GRENADIER_GUARD);
    if (troops == MT_OLD_GUARD) {
        if (nation != NF_FRANCE || arm != ARM_INF)
            return gr_error_set(err, GR_EINPUT,
                                "{%s-troops} old_guard: the French Old Guard is French infantry",
                                s.attacker ? "attacker" : "defender");
        melee_line(r, NF_MD_OLD_GUARD);
    }
    /* National modifiers: "(Not used by infantry Vs cavalry)". */
    if ((arm == ARM_INF && opp == ARM_CAV) || (arm == ARM_CAV && opp == ARM_INF)) {
        gr_res_info(r, "national modifiers are not used by infantry vs cavalry", SRC_MELEE);
    } else {
        int nform = form == MF_COLUMN ? NF_F_COLUMN : form == MF_LINE ? NF_F_LINE : NF_F_OTHER;
        int lgg = arm == ARM_INF && (troops == MT_LINE || troops == MT_GRENADIER ||
                                     troops == MT_GUARD || troops == MT_OLD_GUARD);
        int q = a->given[b + S_QUALITY] ? (int)a->v[b + S_QUALITY] : -1;
        int v;
        const char *cell;
        gr_status st = nf_melee_national(nation, nform, (int)gr_args_get(a, MP_YEAR, 0), q, lgg,
                                         !s.attacker && opp == ARM_INF, &v, &cell, err);
        if (st != GR_OK)
            return st;
        if (v)
            gr_res_drm(r, v, cell, SRC_MNAT);
        else
            gr_res_info(r, cell, SRC_MNAT); /* a printed 0, or no national line */
    }
    if (!s.attacker) {
        if (terrain == T_RIVER_BANK)
            gr_res_info(r,
                        "river or stream bank: favorable ground for melee purposes, read as the "
                        "+1 line (docs/rules/nf.md)",
                        NF_SRC ", Notes and Special rules: River or stream banks");
        if (terrain >= T_FOREST && terrain <= T_RIVER_BANK)
            melee_line(r, NF_MD_DEF_COVER);
        else if (terrain > T_RIVER_BANK && terrain <= T_BREASTWORKS)
            melee_line(r, NF_MD_DEF_WORKS);
        else if (terrain == T_FORTIFIED)
            melee_line(r, NF_MD_DEF_FORTIFIED);
    }
    if (arm == ARM_INF && form == MF_SQUARE && opp == ARM_CAV)
        melee_line(r, NF_MD_SQUARE_VS_CAV);
    if (cond == C_SPENT)
        melee_line(r, NF_MD_SPENT);
    int dis = gr_args_flag(a, b + S_DISORDERED), march = form == MF_MARCH;
    if (march && s.attacker && gr_args_flag(a, MP_BRIDGE) && !dis) {
        gr_res_info(r, "bridge column assault: no -2 for march column in this melee", SRC_BRIDGE);
    } else if (dis || march) {
        melee_line(r, NF_MD_DISORDERED_OR_MARCH); /* once, for either cause */
    }
    int in_cover = !s.attacker && terrain != T_OPEN;
    if (arm == ARM_INF && opp == ARM_CAV && form != MF_SQUARE && !in_cover)
        melee_line(r, NF_MD_INF_EXPOSED);
    if (arm == ARM_INF && opp == ARM_INF && form == MF_SQUARE)
        melee_line(r, NF_MD_INF_EXPOSED);
    if (troops >= MT_LANDWEHR && troops <= MT_MC)
        melee_line(r, NF_MD_MILITIA);
    int lost = SV(a, b, S_LOST);
    if (lost) {
        const gr_drm_line *each = nf_melee_drm(NF_MD_STAND_LOST);
        gr_res_drm(r, lost * each->value, each->cell, SRC_MELEE);
    }
    if (arm == ARM_CAV && opp == ARM_INF && oform == MF_SQUARE)
        melee_line(r, NF_MD_CAV_VS_SQUARE);
    if (arm == ARM_CAV && woods)
        melee_line(r, NF_MD_CAV_IN_WOODS);
    if (gr_args_flag(a, b + S_OUTFLANKED))
        melee_line(r, NF_MD_OUTFLANKED);
    int out = outnumbered_line(SV(a, b, S_STANDS), SV(a, o, S_STANDS));
    if (out >= 0)
        melee_line(r, out);
    return GR_OK;
}

/* The BEL level of one side (params from `base`) once down to `left`
 * stands, from its level `cond` before: the BEL chart's cells, given as
 * --SIDE-worn-left / --SIDE-spent-left ("Fresh/Worn/Spent" are stand
 * counts, docs/rules/nf.md), make it worse, never better. */
static int condition_after(const gr_args *a, int base, int cond, int left)
{
    int worn = SV(a, base, S_WORN_LEFT), spent = SV(a, base, S_SPENT_LEFT);
    if (spent > 0 && left <= spent)
        return C_SPENT;
    if (cond == C_FRESH && worn > 0 && left <= worn)
        return C_WORN;
    return cond;
}

/* "Roll again with adjusted modifiers": the modifiers of one side that
 * depend on its state after a desperate struggle, as deltas on the round
 * before: the stand lost, disordered (unless it already had the -2), the
 * outnumbered ratio on the stands left, and its BEL level re-read on the
 * stands left (+2 Fresh taken back, -2 Spent added).  *cond is updated. */
static int refight_side(gr_resolution *r, const gr_args *a, int base, int mine, int theirs,
                        int was_disordered, int *cond)
{
    const int att = base == 0;
    const gr_drm_line *lost = nf_melee_drm(NF_MD_STAND_LOST);
    const gr_drm_line *dis = nf_melee_drm(NF_MD_DISORDERED_OR_MARCH);
    const gr_drm_line *fresh = nf_melee_drm(NF_MD_FRESH);
    const gr_drm_line *spent = nf_melee_drm(NF_MD_SPENT);
    int from = r->nmods;
    gr_res_drm(r, lost->value,
               att ? "attacker: stand lost in the desperate struggle"
                   : "defender: stand lost in the desperate struggle",
               SRC_MELEE);
    if (!was_disordered)
        gr_res_drm(r, dis->value,
                   att ? "attacker: disordered by the desperate struggle"
                       : "defender: disordered by the desperate struggle",
                   SRC_MELEE);
    int out = outnumbered(mine - 1, theirs - 1) - outnumbered(mine, theirs);
    if (out)
        gr_res_drm(r, out,
                   att ? "attacker: outnumbered ratio after the stands lost"
                       : "defender: outnumbered ratio after the stands lost",
                   SRC_MELEE);
    const char *who = att ? "attacker" : "defender";
    int now = condition_after(a, base, *cond, mine - 1);
    if (*cond == C_FRESH && now != C_FRESH)
        gr_res_drm(r, -fresh->value,
                   att ? "attacker: no longer Fresh on the stands left (BEL chart): the +2 Fresh "
                         "is taken back"
                       : "defender: no longer Fresh on the stands left (BEL chart): the +2 Fresh "
                         "is taken back",
                   SRC_MELEE);
    if (*cond != C_SPENT && now == C_SPENT)
        gr_res_drm(r, spent->value,
                   att ? "attacker: Spent on the stands left (BEL chart): -2 Spent"
                       : "defender: Spent on the stands left (BEL chart): -2 Spent",
                   SRC_MELEE);
    if (now != *cond)
        gr_res_note(r, "%s: down to %d stand(s), %s by the BEL chart ({%s-%s-stands} %d)", who,
                    mine - 1, now == C_SPENT ? "spent" : "worn", who,
                    now == C_SPENT ? "spent" : "worn",
                    SV(a, base, now == C_SPENT ? S_SPENT_LEFT : S_WORN_LEFT));
    else if (*cond != C_SPENT && a->given[base + S_CONDITION] && !a->given[base + S_WORN_LEFT] &&
             !a->given[base + S_SPENT_LEFT])
        gr_res_note(r,
                    "%s: its BEL level on %d stand(s) is not known (kept %s): give "
                    "{%s-worn-left} and {%s-spent-left} (the BEL chart's cells: grognard "
                    "lookup nf bel) to re-read it",
                    who, mine - 1, conditions[*cond], who, who);
    *cond = now;
    return gr_res_drm_total(r, from);
}

static gr_status melee_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                               gr_error *err)
{
    gr_resolution_init(r, "nf", "melee");
    if (a->v[S_ARM] == ARM_ART)
        return gr_error_set(err, GR_EINPUT,
                            "{attacker-arm} artillery: batteries do not charge; accepted: "
                            "infantry, cavalry");
    gr_status st;
    /* The BEL chart's cells: a brigade is worn before it is spent. */
    for (int base = 0; base <= S_NSIDE; base += S_NSIDE) {
        int worn = SV(a, base, S_WORN_LEFT), spent = SV(a, base, S_SPENT_LEFT);
        const char *who = base ? "defender" : "attacker";
        if (worn > 0 && spent > worn)
            return gr_error_set(err, GR_EINPUT,
                                "{%s-spent-left} %d is above {%s-worn-left} %d: the BEL chart's "
                                "Spent cell is below its Worn cell (\"6/5/3\"); accepted: "
                                "spent-left below worn-left, or 0 for a \"-\"",
                                who, spent, who, worn);
    }
    side_ctx att = {0, S_NSIDE, 1}, def = {S_NSIDE, 0, 0};
    int from = r->nmods;
    if ((st = side_drms(r, a, att, err)) != GR_OK)
        return st;
    int attacker = gr_res_drm_total(r, from);
    int dfrom = r->nmods;
    if ((st = side_drms(r, a, def, err)) != GR_OK)
        return st;
    int defender = gr_res_drm_total(r, dfrom);
    gr_res_mark_side(r, dfrom, 1);
    gr_res_value(r, "attacker_modifier", GR_F_INT, attacker);
    gr_res_value(r, "defender_modifier", GR_F_INT, defender);
    /* "0 Desperate struggle ... Roll again with adjusted modifiers": each
     * side has lost a stand and is disordered. */
    int as = SV(a, 0, S_STANDS), ds = SV(a, S_NSIDE, S_STANDS);
    int adis = gr_args_flag(a, S_DISORDERED) ||
               (gr_args_get(a, S_FORMATION, MF_OTHER) == MF_MARCH && !gr_args_flag(a, MP_BRIDGE));
    int ddis = gr_args_flag(a, S_NSIDE + S_DISORDERED) ||
               gr_args_get(a, S_NSIDE + S_FORMATION, MF_OTHER) == MF_MARCH;
    int acond = (int)gr_args_get(a, S_CONDITION, C_WORN);
    int dcond = (int)gr_args_get(a, S_NSIDE + S_CONDITION, C_WORN);
    static const char *const round_name[] = {"Melee", "Melee (roll again, 2nd)",
                                             "Melee (roll again, 3rd)", "Melee (roll again, 4th)"};
    for (int round = 0; round < GR_MAX_STEPS; round++) {
        gr_step *step;
        if ((st = gr_res_roll_read(r, dice, "attacker vs defender", round_name[round],
                                   &nf_melee_table, &(gr_args){0}, attacker - defender, &step,
                                   err)) != GR_OK)
            return st;
        for (int i = 0; i < step->cell.nfields; i++)
            if (!strcmp(step->cell.fields[i].key, "extra_stands"))
                gr_res_note(r, "difference beyond 10 by %d: %d additional stand(s) removed",
                            (int)step->cell.fields[i].i, (int)step->cell.fields[i].i);
        if (step->cell.outcome != gr_table_outcome(&nf_melee_table, "desperate_struggle"))
            break;
        /* "each losses a stand": a side with none left cannot roll again. */
        if (as - 1 < 1 || ds - 1 < 1) {
            gr_res_note(r,
                        "desperate struggle: each side loses a stand; %s no stand left: no "
                        "roll again",
                        as - 1 < 1 && ds - 1 < 1 ? "both sides have"
                        : as - 1 < 1             ? "the attacker has"
                                                 : "the defender has");
            break;
        }
        if (round + 1 == GR_MAX_STEPS) {
            gr_res_note(r, "still a desperate struggle after %d rounds: roll again by hand",
                        GR_MAX_STEPS);
            break;
        }
        if (!dice->rng && dice->used >= dice->ntyped) {
            gr_res_note(r, "desperate struggle: roll again with adjusted modifiers (give two "
                           "more totals in {roll}, or use {seed})");
            break;
        }
        /* Adjust: each side as it now is (refight_side). */
        int adelta = refight_side(r, a, 0, as, ds, adis, &acond);
        int dfrom2 = r->nmods;
        int ddelta = refight_side(r, a, S_NSIDE, ds, as, ddis, &dcond);
        gr_res_mark_side(r, dfrom2, 1);
        attacker += adelta;
        defender += ddelta;
        adis = ddis = 1;
        as--, ds--;
        gr_res_note(r,
                    "desperate struggle: both sides disordered, each loses a stand; rolled "
                    "again with adjusted modifiers (attacker %+d, defender %+d)",
                    attacker, defender);
    }
    if (r->nsteps > 1)
        gr_res_note(r, "the melee's result is the last step (%s)",
                    nf_melee_table.outcomes[r->steps[r->nsteps - 1].cell.outcome].id);
    return GR_OK;
}

static const gr_applies melee_applies[] = {
    {"attacker-heavy-cavalry", "attacker-arm=cavalry"},
    {"attacker-armored", "attacker-arm=cavalry"},
    {"attacker-guard-cavalry", "attacker-arm=cavalry"},
    {"defender-heavy-cavalry", "defender-arm=cavalry"},
    {"defender-armored", "defender-arm=cavalry"},
    {"defender-guard-cavalry", "defender-arm=cavalry"},
};

const gr_procedure nf_melee_proc = {
    .name = "melee",
    .title = "Melee",
    .source = NF_SRC ", Melee table, modifiers and national melee modifiers",
    GR_ARRAY(params, melee_params),
    .rolls_help = "attacker's 2D6 total, defender's 2D6 total (two more for each desperate "
                  "struggle): {roll} 9,5",
    .example = "grognard resolve nf melee --attacker-arm cavalry --attacker-nation france "
               "--attacker-stands 4 --defender-arm infantry --defender-nation austria "
               "--defender-stands 6 --roll 9,5",
    .resolve = melee_resolve,
    GR_ARRAY(applies, melee_applies),
};

/* ---- maneuver (Good Order table) and disorder ----------------------------- */

static const char *const move_arms[] = {"infantry",
                                        "light_infantry",
                                        "light_cavalry",
                                        "heavy_cavalry",
                                        "horse_battery",
                                        "heavy_battery",
                                        NULL};
static const char *const div_officers[] = {
    "none", "in_range", "exceptional_in_range", "attached", "exceptional_attached", NULL};
static const char *const quality_mod[] = {"none", "excellent", "good", "average", "poor", NULL};

enum {
    MV_ARM,
    MV_NATION,
    MV_FORMATION,
    MV_YEAR,
    MV_CONDITION,
    MV_EXC_BRIGADE,
    MV_DIVISION,
    MV_OLD_GUARD,
    MV_WOODS,
    MV_ON_ROAD,
    MV_COMMON,
    MV_RATING = MV_COMMON,
    MV_NO_CHAIN,
    MV_QUALITY_MOD,
    MV_REACTION,
    MV_ALL
};
#define MOVE_COMMON_PARAMS                                                                         \
    [MV_ARM] = GR_ENUM_REQ("unit", move_arms, "the unit rolling (movement row)"),                  \
    [MV_NATION] = GR_ENUM_REQ("nation", nf_nations, "the unit's nation"),                          \
    [MV_FORMATION] = GR_ENUM("formation", melee_formations,                                        \
                             "line, column, march_column (+2), square, other (default)"),          \
    [MV_YEAR] =                                                                                    \
        GR_INT("year", 1792, 1815, "year of the battle (national modifiers and movement by era)"), \
    [MV_CONDITION] =                                                                               \
        GR_ENUM("condition", conditions, "BEL level: worn (default), fresh (+2), spent (-2)"),     \
    [MV_EXC_BRIGADE] = GR_FLAG("exceptional-brigade", "exceptional brigade commander (+1)"),       \
    [MV_DIVISION] = GR_ENUM("division-officer", div_officers,                                      \
                            "none; in_range (+1); exceptional_in_range or attached (+2); "         \
                            "exceptional_attached (+3)"),                                          \
    [MV_OLD_GUARD] = GR_FLAG("old-guard", "French old guard infantry (+1)"),                       \
    [MV_WOODS] = GR_FLAG("in-woods", "in woods (-1 unless light infantry)"),                       \
    [MV_ON_ROAD] = GR_FLAG("on-road", "in march column moving along a road (X2 column MV)")

static const gr_param maneuver_params[] = {
    MOVE_COMMON_PARAMS,
    [MV_RATING] = GR_ENUM_REQ("rating", nf_ratings,
                              "the corps (or army) commander's rating: the Good Order column"),
    [MV_NO_CHAIN] = GR_FLAG("no-command-chain",
                            "no valid command chain to the corps commander: one column below"),
    [MV_QUALITY_MOD] = GR_ENUM("commander-in-range", quality_mod,
                               "a commander of this quality within his maneuver effects range "
                               "(Commanders Quality chart: +4, +3, +2, +1)"),
    [MV_REACTION] =
        GR_FLAG("reaction", "a reaction attempt by good order cavalry (needs at least 1/2 move)"),
};
static const gr_param disorder_params[] = {MOVE_COMMON_PARAMS};

static int is_cavalry(int unit)
{
    return unit == NF_U_LIGHT_CAVALRY || unit == NF_U_HEAVY_CAVALRY;
}
static int is_infantry(int unit)
{
    return unit == NF_U_INFANTRY || unit == NF_U_LIGHT_INFANTRY;
}

static gr_status move_drms(gr_resolution *r, const gr_args *a, gr_error *err)
{
    int unit = (int)a->v[MV_ARM], nation = (int)a->v[MV_NATION];
    int form = (int)gr_args_get(a, MV_FORMATION, MF_OTHER);
    if (form == MF_SQUARE && !is_infantry(unit))
        return gr_error_set(err, GR_EINPUT, "{formation} square: only infantry forms square");
    if (gr_args_flag(a, MV_EXC_BRIGADE))
        go_line(r, NF_GD_EXC_BRIGADE);
    int div = (int)gr_args_get(a, MV_DIVISION, 0);
    /* --division-officer none, in_range, exceptional_in_range, attached,
     * exceptional_attached: the printed line each reads. */
    static const int div_line[] = {-1, NF_GD_DIVISION_IN_RANGE, NF_GD_EXC_DIVISION,
                                   NF_GD_EXC_DIVISION, NF_GD_EXC_ATTACHED};
    if (div)
        go_line(r, div_line[div]);
    if (gr_args_flag(a, MV_OLD_GUARD)) {
        if (nation != NF_FRANCE || !is_infantry(unit))
            return gr_error_set(err, GR_EINPUT, "{old-guard}: French old guard infantry only");
        go_line(r, NF_GD_OLD_GUARD);
    }
    if (unit == NF_U_LIGHT_INFANTRY)
        go_line(r, NF_GD_LIGHT_INFANTRY);
    if (is_cavalry(unit))
        go_line(r, nation == NF_AUSTRIA || nation == NF_SAXONY ? NF_GD_CAVALRY_AUS_SAX
                                                               : NF_GD_CAVALRY);
    int cond = (int)gr_args_get(a, MV_CONDITION, C_WORN);
    if (cond == C_FRESH)
        go_line(r, NF_GD_FRESH);
    if (form == MF_MARCH)
        go_line(r, NF_GD_MARCH_COLUMN);
    if (is_infantry(unit)) { /* other formations read the chart's "no national modifier" */
        int v;
        const char *cell;
        gr_status st = nf_formation_modifier(nation,
                                             form == MF_COLUMN ? NF_F_COLUMN
                                             : form == MF_LINE ? NF_F_LINE
                                                               : NF_F_OTHER,
                                             (int)gr_args_get(a, MV_YEAR, 0), &v, &cell, err);
        if (st != GR_OK)
            return st;
        if (v)
            gr_res_drm(r, v, cell, SRC_GONAT);
        else
            gr_res_info(r, cell, SRC_GONAT);
    }
    if (cond == C_SPENT)
        go_line(r, NF_GD_SPENT);
    if (gr_args_flag(a, MV_WOODS) && unit != NF_U_LIGHT_INFANTRY &&
        (is_infantry(unit) || is_cavalry(unit)))
        go_line(r, NF_GD_WOODS);
    return GR_OK;
}

/* Fraction of the MV a result gives: num/den; den 0 means a retreat. */
static void move_fraction(const char *id, int *num, int *den)
{
    static const struct {
        const char *id;
        int num, den;
    } fr[] = {{"retreat_half_move", 1, 0},
              {"hold_ground", 0, 1},
              {"hold_ground_may_fc", 0, 1},
              {"half_move_or_fc", 1, 2},
              {"two_thirds_move_and_fc", 2, 3},
              {"well_handled", 1, 1},
              {"rout", 1, 0},
              {"broken", 1, 0},
              {"wavering", 1, 0},
              {"shaken", 0, 1},
              {"rally", 1, 2},
              {"rally_with_elan", 1, 1}};
    *num = 0, *den = 1;
    for (size_t i = 0; i < GR_COUNT(fr); i++) /* the first letter first: no call for most */
        if (fr[i].id[0] == id[0] && !strcmp(fr[i].id, id)) {
            *num = fr[i].num, *den = fr[i].den;
            return;
        }
}

static gr_status allowance(gr_resolution *r, const gr_args *a, const char *id, int halve,
                           gr_error *err)
{
    int unit = (int)a->v[MV_ARM];
    int form = (int)gr_args_get(a, MV_FORMATION, MF_OTHER);
    int mu = unit == NF_U_LIGHT_INFANTRY ? NF_U_INFANTRY : unit;
    int nform = form == MF_LINE ? NF_F_LINE : NF_F_COLUMN;
    if (is_infantry(unit) && form != MF_LINE && form != MF_COLUMN && form != MF_MARCH &&
        form != MF_SQUARE) {
        gr_res_note(r, "give {formation} (line, column, march_column, square) to compute the "
                       "movement allowance");
        return GR_OK;
    }
    if (form == MF_SQUARE)
        nform = NF_F_LINE;
    int inches;
    const char *cell;
    gr_status st = nf_movement_allowance(mu, (int)a->v[MV_NATION], nform,
                                         (int)gr_args_get(a, MV_YEAR, 0), &inches, &cell, err);
    if (st != GR_OK)
        return st;
    int64_t mv = (int64_t)inches * GR_MILLI;
    gr_res_info(r, cell, SRC_MOVE);
    if (form == MF_SQUARE) {
        mv /= 2;
        gr_res_info(r, "infantry in square: 1/2 normal line MV, may not enter rough terrain",
                    SRC_MOVE);
    }
    if (form == MF_MARCH && gr_args_flag(a, MV_ON_ROAD)) {
        mv *= 2;
        gr_res_info(r, "march column bonus: X2 column movement allowance along roads", SRC_MOVE);
    }
    if (halve) {
        mv /= 2;
        gr_res_info(r, "reacting cavalry has 1/2 movement allowance for reaction purposes",
                    SRC_REACT);
    }
    gr_res_value(r, "mv_inches", GR_F_NUM, mv);
    int num, den;
    move_fraction(id, &num, &den);
    if (!den) {
        gr_res_note(r, "the result is a retreat: it moves by its own effect, not the MV");
        return GR_OK;
    }
    gr_res_value(r, "allowance_inches", GR_F_NUM, mv * num / den);
    return GR_OK;
}

static gr_status move_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                              int disordered, gr_error *err)
{
    gr_resolution_init(r, "nf", disordered ? "disorder" : "maneuver");
    int unit = (int)a->v[MV_ARM];
    int rating = 0, halve = 0;
    if (!disordered) {
        rating = (int)a->v[MV_RATING];
        if (gr_args_flag(a, MV_NO_CHAIN)) {
            if (rating < NF_R_POOR) {
                rating++;
                gr_res_info(r, "no valid command chain to the corps commander: one chart below",
                            SRC_GO);
            } else {
                gr_res_note(r, "no valid command chain, but Poor is the lowest chart: Poor is "
                               "used (docs/rules/nf.md)");
            }
        }
        if (gr_args_flag(a, MV_REACTION)) {
            if (!is_cavalry(unit))
                return gr_error_set(err, GR_EINPUT,
                                    "{reaction}: only good order cavalry may react; accepted "
                                    "{unit}: light_cavalry, heavy_cavalry");
            halve = 1;
        }
    }
    int from = r->nmods;
    gr_status st = move_drms(r, a, err);
    if (st != GR_OK)
        return st;
    if (!disordered && a->given[MV_QUALITY_MOD] && a->v[MV_QUALITY_MOD]) {
        gr_args q = {.v = {a->v[MV_QUALITY_MOD] - 1}, .given = {1}};
        gr_cell c = {0};
        if ((st = nf_commander_quality_table.lookup(&q, &c, err)) != GR_OK)
            return st;
        for (int i = 0; i < c.nfields; i++)
            if (!strcmp(c.fields[i].key, "modifier"))
                gr_res_drm(r, (int)c.fields[i].i, c.cell, SRC_CQ);
    }
    int mod = gr_res_drm_total(r, from);
    gr_args t = {0};
    gr_step *step;
    const gr_table *tab = disordered ? &nf_disorder_table : &nf_good_order_table;
    if (!disordered) {
        t.v[0] = rating;
        t.given[0] = 1;
    }
    if ((st = gr_res_roll_read(r, dice, disordered ? "disorder" : "maneuver",
                               disordered ? "Disorder" : "Good Order", tab, &t, mod, &step, err)) !=
        GR_OK)
        return st;
    const char *id = tab->outcomes[step->cell.outcome].id;
    if (halve) {
        int ok = !strcmp(id, "half_move_or_fc") || !strcmp(id, "two_thirds_move_and_fc") ||
                 !strcmp(id, "well_handled");
        gr_res_value(r, "reacts", GR_F_BOOL, ok);
        gr_res_note(r, ok ? "reaction: at least a 1/2 move was rolled, the cavalry reacts with "
                            "1/2 MV (no breakthroughs)"
                          : "reaction: less than a 1/2 move was rolled, the cavalry does not "
                            "react");
        if (!ok)
            return GR_OK;
        id = "well_handled"; /* it reacts with its (halved) full allowance */
    }
    return allowance(r, a, id, halve, err);
}

static gr_status maneuver_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                  gr_error *err)
{
    return move_resolve(a, dice, r, 0, err);
}

static gr_status disorder_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                  gr_error *err)
{
    return move_resolve(a, dice, r, 1, err);
}

/* The maneuver's and the disorder test's: the same inputs. */
static const gr_applies maneuver_applies[] = {{"on-road", "formation=march_column"}};

const gr_procedure nf_maneuver_proc = {
    .name = "maneuver",
    .title = "Maneuver: Good Order table (units may roll)",
    .source = NF_SRC ", GOOD ORDER TABLE, modifiers, national modifiers for formation",
    GR_ARRAY(params, maneuver_params),
    .rolls_help = "the 2D6 total (2-12): {roll} 7",
    .example = "grognard resolve nf maneuver --rating good --unit infantry --nation france "
               "--formation column --division-officer in_range --seed 5",
    .resolve = maneuver_resolve,
    GR_ARRAY(applies, maneuver_applies),
};

const gr_procedure nf_disorder_proc = {
    .name = "disorder",
    .title = "Disorder table (units must roll)",
    .source = NF_SRC ", DISORDER TABLE and the maneuver modifiers",
    GR_ARRAY(params, disorder_params),
    .rolls_help = "the 2D6 total (2-12): {roll} 7",
    .example = "grognard resolve nf disorder --unit infantry --nation russia --formation line "
               "--seed 5",
    .resolve = disorder_resolve,
    GR_ARRAY(applies, maneuver_applies),
};

/* ---- emergency formation change ------------------------------------------- */

static const char *const efc_leaders[] = {"none", "exceptional_brigade", "attached",
                                          "exceptional_upper_attached", NULL};
enum { EL_NONE, EL_EXC_BRIGADE, EL_ATTACHED, EL_EXC_UPPER };
static const char *const efc_formations[] = {"line", "column", "march_column", "other", NULL};
enum { EF_LINE, EF_COLUMN, EF_MARCH, EF_OTHER };
static const char *const efc_troops[] = {"line",    "grenadier", "guard", "old_guard",
                                         "militia", "guerrilla", "other", NULL};
enum { ET_LINE, ET_GRENADIER, ET_GUARD, ET_OLD_GUARD, ET_MILITIA, ET_GUERRILLA, ET_OTHER };
enum {
    EP_NATION,
    EP_YEAR,
    EP_FORMATION,
    EP_TROOPS,
    EP_LEADER,
    EP_CAV_OVER_HALF,
    EP_CONDITION,
    EP_DISORDERED,
    EP_IN_CONTACT,
    EP_DEPLOYED,
};
static const gr_param efc_params[] = {
    [EP_NATION] = GR_ENUM_REQ("nation", nf_nations, "the infantry's nation"),
    [EP_YEAR] = GR_INT("year", 1792, 1815,
                       "year of the battle (pre-1808 Prussians, pre-1813 French, pre-1810 "
                       "Portuguese, Austrians 1809+)"),
    [EP_FORMATION] = GR_ENUM("formation", efc_formations,
                             "line, column (+1), march_column (-2), other (default)"),
    [EP_TROOPS] = GR_ENUM("troops", efc_troops,
                          "class (default line): grenadier/guard +1, old_guard +2, militia or "
                          "guerrilla -1"),
    [EP_LEADER] = GR_ENUM("leader", efc_leaders,
                          "exceptional_brigade or attached (+1); exceptional_upper_attached (+2: "
                          "exceptional division/upper echelon leader attached)"),
    [EP_CAV_OVER_HALF] = GR_FLAG("cavalry-over-half-move",
                                 "the cavalry charges over 1/2 its movement allowance (+1)"),
    [EP_CONDITION] =
        GR_ENUM("condition", conditions, "BEL level: worn (default), fresh, spent (-1)"),
    [EP_DISORDERED] = GR_FLAG("disordered", "disordered (-2)"),
    [EP_IN_CONTACT] =
        GR_FLAG("in-contact", "already in contact with an enemy unit (no attempt allowed)"),
    [EP_DEPLOYED] = GR_FLAG(
        "deployed", "deployed in a town or behind defensive works or a wall (it does not use "
                    "this chart)"),
};

static gr_status need_efc_year(const gr_args *a, const char *who, gr_error *err)
{
    if (a->given[EP_YEAR])
        return GR_OK;
    return gr_error_set(err, GR_EINPUT,
                        "the emergency FC modifier of %s depends on the year: give {year} (a "
                        "whole number from 1792 to 1815)",
                        who);
}

static gr_status efc_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                             gr_error *err)
{
    gr_resolution_init(r, "nf", "emergency_fc");
    if (gr_args_flag(a, EP_IN_CONTACT))
        return gr_error_set(err, GR_EINPUT,
                            "{in-contact}: a unit may not attempt emergency formation change if "
                            "already in contact with an enemy unit");
    if (gr_args_flag(a, EP_DEPLOYED))
        return gr_error_set(err, GR_EINPUT,
                            "{deployed}: \"Infantry uses this chart if charged by cavalry and "
                            "the infantry is NOT IN square formation, deployed in a town or "
                            "behind defensive works or wall\": it meets the charge as it stands");
    gr_status st;
    int nation = (int)a->v[EP_NATION], year = (int)gr_args_get(a, EP_YEAR, 0);
    int form = (int)gr_args_get(a, EP_FORMATION, EF_OTHER);
    int troops = (int)gr_args_get(a, EP_TROOPS, ET_LINE);
    int leader = (int)gr_args_get(a, EP_LEADER, EL_NONE);
    gr_res_info(r,
                "infantry charged by cavalry, not in square, not deployed in a town or behind "
                "defensive works or wall",
                SRC_EFC);
    if (leader == EL_EXC_BRIGADE || leader == EL_ATTACHED)
        efc_line(r, NF_ED_LEADER);
    if (leader == EL_EXC_UPPER)
        efc_line(r, NF_ED_UPPER_LEADER);
    if (form == EF_COLUMN) {
        int line = NF_ED_COLUMN;
        if (nation == NF_AUSTRIA && (troops == ET_LINE || troops == ET_GRENADIER)) {
            if ((st = need_efc_year(a, "Austrian line/grenadier infantry in column", err)) != GR_OK)
                return st;
            if (year >= 1809)
                line = NF_ED_COLUMN_AUSTRIAN;
        }
        efc_line(r, line);
    }
    if (troops == ET_GRENADIER || troops == ET_GUARD)
        efc_line(r, NF_ED_GRENADIER_GUARD);
    if (troops == ET_OLD_GUARD) {
        if (nation != NF_FRANCE)
            return gr_error_set(err, GR_EINPUT, "{troops} old_guard: the French Old Guard only");
        efc_line(r, NF_ED_OLD_GUARD);
    }
    if (nation == NF_BRITAIN)
        efc_line(r, NF_ED_NATION_PLUS);
    if (nation == NF_PRUSSIA || nation == NF_FRANCE || nation == NF_PORTUGAL) {
        if ((st = need_efc_year(a, nf_nations[nation], err)) != GR_OK)
            return st;
        if ((nation == NF_PRUSSIA && year < 1808) || (nation == NF_FRANCE && year < 1813))
            efc_line(r, NF_ED_NATION_PLUS);
        if (nation == NF_PORTUGAL && year < 1810)
            efc_line(r, NF_ED_NATION_MINUS);
    }
    if (gr_args_flag(a, EP_CAV_OVER_HALF))
        efc_line(r, NF_ED_CAV_OVER_HALF);
    if (nation == NF_SPAIN || nation == NF_SPAIN_ALLIED || nation == NF_RUSSIA ||
        nation == NF_OTTOMAN || nation == NF_SAXONY || nation == NF_NAPLES ||
        nation == NF_RHINEBUND)
        efc_line(r, NF_ED_NATION_MINUS);
    if (troops == ET_MILITIA || troops == ET_GUERRILLA)
        efc_line(r, NF_ED_MILITIA);
    if (gr_args_get(a, EP_CONDITION, C_WORN) == C_SPENT)
        efc_line(r, NF_ED_SPENT);
    if (gr_args_flag(a, EP_DISORDERED))
        efc_line(r, NF_ED_DISORDERED);
    if (form == EF_MARCH)
        efc_line(r, NF_ED_MARCH_COLUMN);
    return gr_res_roll_read(r, dice, "emergency FC", "Emergency formation change",
                            &nf_emergency_fc_table, &(gr_args){0}, gr_res_drm_total(r, 0), NULL,
                            err);
}

const gr_procedure nf_emergency_fc_proc = {
    .name = "emergency_fc",
    .title = "Emergency formation change",
    .source = NF_SRC ", emergency formation change table and modifiers",
    GR_ARRAY(params, efc_params),
    .rolls_help = "the 2D6 total (2-12): {roll} 8",
    .example = "grognard resolve nf emergency_fc --nation britain --formation column --seed 3",
    .resolve = efc_resolve,
};

/* ---- evasion --------------------------------------------------------------- */

static const char *const ev_units[] = {"good_order_cavalry", "limbered_artillery",
                                       "disordered_cavalry", "unlimbered_horse_artillery", NULL};
enum { EVP_UNIT, EVP_SUPPRESSED, EVP_ATTACKER };
static const char *const ev_attackers[] = {"infantry", "cavalry", NULL};
static const gr_param ev_params[] = {
    [EVP_UNIT] = GR_ENUM_REQ("unit", ev_units, "the unit attempting to evade"),
    [EVP_SUPPRESSED] = GR_FLAG("suppressed", "the horse battery is suppressed (-1)"),
    [EVP_ATTACKER] = GR_ENUM("attacker", ev_attackers,
                             "who charges (infantry: on a success it occupies the ground)"),
};

static gr_status ev_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r, gr_error *err)
{
    gr_resolution_init(r, "nf", "evasion");
    int unit = (int)a->v[EVP_UNIT];
    gr_status st;
    if (gr_args_flag(a, EVP_SUPPRESSED)) {
        if (unit != 3)
            return gr_error_set(err, GR_EINPUT,
                                "{suppressed}: the -1 is for an unlimbered horse battery; "
                                "accepted with {unit} unlimbered_horse_artillery");
        line_drm(r, nf_evasion_drm(NF_VD_SUPPRESSED), SRC_EV);
    }
    gr_args t = {.v = {unit}, .given = {1}};
    gr_res_note(r, "a cavalry brigade or artillery battery may only make one evasion "
                   "attempt/move per phase");
    if (unit < 2) {
        gr_res_note(r, "automatic: no roll");
        st = gr_res_read(r, "Evasion", &nf_evasion_table, &t, -1, 0, NULL, err);
    } else {
        st = gr_res_roll_read(r, dice, "evasion", "Evasion", &nf_evasion_table, &t,
                              gr_res_drm_total(r, 0), NULL, err);
    }
    if (st != GR_OK)
        return st;
    if (r->steps[0].cell.outcome == 0 && gr_args_get(a, EVP_ATTACKER, 0) == 0 &&
        a->given[EVP_ATTACKER] && (unit == 0 || unit == 2 || unit == 3))
        gr_res_note(r, "the attacking infantry occupies the ground and is then done with its "
                       "movement");
    return GR_OK;
}

const gr_procedure nf_evasion_proc = {
    .name = "evasion",
    .title = "Evasion",
    .source = SRC_EV,
    GR_ARRAY(params, ev_params),
    .rolls_help = "the 2D6 total (2-12), not needed when automatic: {roll} 7",
    .example = "grognard resolve nf evasion --unit disordered_cavalry --seed 9",
    .resolve = ev_resolve,
};
