/* aoe_procs.c - L'Âge des Aigles procedures: a situation in, every modifier
 * with its reason, the roll, the table read and the odds out.  Modifier
 * values come from the sheets as typed here once, each with its source. */
#include "aoe.h"

#include <stdio.h>
#include <string.h>

#define SRC_PWR   AOE_SRC_TABLES ", MODIFICATEURS DE PUISSANCE"
#define SRC_FDRM  AOE_SRC_TABLES ", Table des tirs, DRM"
#define SRC_CDRM  AOE_SRC_TABLES ", Table des combats, DRM"
#define SRC_TACT  AOE_SRC_TABLES ", MODIFICATEURS DU MOUVEMENT TACTIQUE"
#define SRC_RES   AOE_SRC_RULES ", Modificateurs du mouvement de réserve"
#define SRC_SPEED AOE_SRC_TABLES ", Table des vitesses"
#define SRC_GH    AOE_SRC_TABLES ", Table des généraux touchés"
#define SRC_INIT  AOE_SRC_RULES ", Interphase d'initiative"

static const char *const no_yes_general[] = {"none", "attached", "charismatic", NULL};

/* Apply printed line k of a modifier list (its value and text), `times`
 * times over (1 for most; "-1 per stand lost" counts stands). */
static gr_mod *drm(gr_resolution *r, const gr_drm_line *list, int k, int times, const char *src)
{
    return gr_res_drm(r, times * list[k].value, list[k].cell, src);
}

/* The printed text of power multiplier line k, of tactical movement line k
 * (gr_res_exclusions). */
static const char *pm_line(int k)
{
    return aoe_power_multiplier[k].cell;
}

static const char *td_line(int k)
{
    return aoe_tactical_drm[k].cell;
}

/* Apply a power multiplier line; returns the new power. */
static int64_t mul(gr_resolution *r, int k, int64_t power, gr_mod **m)
{
    const aoe_multiplier *pm = &aoe_power_multiplier[k];
    *m = gr_res_mul(r, pm->num, pm->den, pm->cell, SRC_PWR);
    return power * pm->num / pm->den;
}

/* ---- fire ---------------------------------------------------------------- */

static const char *const firers[] = {"infantry", "cavalry", "artillery", NULL};
static const char *const inf_troops[] = {"two_rank_line_or_mixed", "three_rank_line_or_mixed",
                                         "column_square_or_skirmish", NULL};

enum {
    FP_FIRER,
    FP_TROOPS,
    FP_STANDS,
    FP_SK,
    FP_CLASS,
    FP_WEIGHT,
    FP_RANGE,
    FP_ENFILADE,
    FP_ON_COLUMN,
    FP_DISORDERED,
    FP_DAMAGED,
    FP_AT_SKIRMISHERS,
    FP_AT_GRAND_BATTERY,
    FP_TARGET_MOVING,
    FP_COVER,
    FP_GENERAL,
};
static const gr_param fire_params[] = {
    [FP_FIRER] = GR_ENUM_REQ("firer", firers, "who fires"),
    [FP_TROOPS] =
        GR_ENUM("troops", inf_troops,
                "infantry: its formation row (line of 2 or 3 ranks / mixed; column, square or "
                "skirmish)"),
    [FP_STANDS] = GR_INT("stands", 1, 60, "infantry or cavalry: stands firing"),
    [FP_SK] = GR_FLAG("sk", "infantry: the brigade is rated Sk (+1 power)"),
    [FP_CLASS] = GR_ENUM("artillery-class", aoe_artillery_classes, "artillery: its row"),
    [FP_WEIGHT] = GR_ENUM("weight", aoe_weights, "artillery: heavy or light"),
    [FP_RANGE] = GR_NUM("range", 0, 1000 * GR_MILLI, "artillery: range in inches"),
    [FP_ENFILADE] = GR_FLAG("enfilade", "enfilade fire (x2)"),
    [FP_ON_COLUMN] = GR_FLAG("on-column", "artillery firing on a column (x2)"),
    [FP_DISORDERED] = GR_FLAG("disordered", "the firers are disordered (x1/2)"),
    [FP_DAMAGED] = GR_FLAG("damaged", "the battery is damaged (x1/2)"),
    [FP_AT_SKIRMISHERS] =
        GR_FLAG("target-skirmishers", "the target is in skirmish order (x1/2 and -2)"),
    [FP_AT_GRAND_BATTERY] = GR_FLAG("target-grand-battery", "firing at a grand battery (x1 1/2)"),
    [FP_TARGET_MOVING] =
        GR_FLAG("target-moving", "target limbered, changed formation, or in movement mode (+1)"),
    [FP_COVER] = GR_INT("cover", 0, 3, "target in cover: the scenario's DRM, 0 to 3, subtracted"),
    [FP_GENERAL] = GR_ENUM("general", no_yes_general,
                           "a general attached to the target: none, attached, charismatic"),
};

static gr_status fire_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                              gr_error *err)
{
    gr_resolution_init(r, "aoe", "fire");
    int firer = (int)a->v[FP_FIRER];
    int64_t power; /* milli-points */
    if (firer == 2) {
        if (!a->given[FP_CLASS] || !a->given[FP_WEIGHT] || !a->given[FP_RANGE])
            return gr_error_set(err, GR_EINPUT,
                                "artillery fire needs {artillery-class}, {weight} and {range}");
        int p = aoe_artillery_power((int)a->v[FP_CLASS], (int)a->v[FP_WEIGHT], a->v[FP_RANGE]);
        if (!p)
            return gr_error_set(err, GR_EINPUT,
                                "{range}: the battery is beyond 18\" (the last range column) "
                                "and cannot fire; accepted: 0 to 18");
        power = (int64_t)p * GR_MILLI;
        gr_res_info(r, "battery fire power read from the artillery row by range",
                    AOE_SRC_TABLES ", PUISSANCE");
    } else {
        if (!a->given[FP_STANDS])
            return gr_error_set(err, GR_EINPUT, "%s fire needs {stands} (the stands firing)",
                                firers[firer]);
        int troops = 3; /* cavalry */
        if (firer == 0) {
            if (!a->given[FP_TROOPS])
                return gr_error_set(err, GR_EINPUT,
                                    "infantry fire needs {troops}; accepted: "
                                    "two_rank_line_or_mixed, three_rank_line_or_mixed, "
                                    "column_square_or_skirmish");
            troops = (int)a->v[FP_TROOPS];
        }
        power = a->v[FP_STANDS] * aoe_stand_power_milli(troops);
        gr_res_info(r, "fire power per stand times the stands firing",
                    AOE_SRC_TABLES ", PUISSANCE");
        if (gr_args_flag(a, FP_SK)) {
            if (firer != 0)
                return gr_error_set(err, GR_EINPUT, "{sk} applies to infantry only");
            power += aoe_sk_bonus_milli;
            gr_res_info(r, "brigade rated Sk: +1 fire power (the '1 Sk' column)",
                        AOE_SRC_TABLES ", PUISSANCE");
        }
    }
    gr_res_value(r, "base_power", GR_F_NUM, power);
    /* One target is in one formation: a column is not in skirmish order, and a
     * grand battery is neither (docs/rules/aoe.md). */
    static const gr_exclusion excl[] = {
        {FP_ON_COLUMN, AOE_PM_DOUBLE, FP_AT_SKIRMISHERS, AOE_PM_HALF,
         "a target in column is not in skirmish order"},
        {FP_AT_GRAND_BATTERY, AOE_PM_GRAND_BATTERY, FP_AT_SKIRMISHERS, AOE_PM_HALF,
         "a grand battery is not in skirmish order"},
        {FP_AT_GRAND_BATTERY, AOE_PM_GRAND_BATTERY, FP_ON_COLUMN, AOE_PM_DOUBLE,
         "a grand battery is not a column"},
    };
    gr_status st = gr_res_exclusions(a, fire_params, 0, excl, GR_COUNT(excl), pm_line, err);
    if (st != GR_OK)
        return st;
    /* Each line counts once, however many of its causes apply
     * (docs/rules/aoe.md): the causes are listed, the line applied once. */
    static const struct {
        int param, line;
        const char *cause;
    } causes[] = {
        {FP_ENFILADE, AOE_PM_DOUBLE, "tir en enfilade"},
        {FP_ON_COLUMN, AOE_PM_DOUBLE, "artillerie sur colonne"},
        {FP_DISORDERED, AOE_PM_HALF, "tir en désordre"},
        {FP_DAMAGED, AOE_PM_HALF, "batterie endommagée"},
        {FP_AT_SKIRMISHERS, AOE_PM_HALF, "tir sur tirailleurs"},
        {FP_AT_GRAND_BATTERY, AOE_PM_GRAND_BATTERY, "tir sur Grande batterie"},
    };
    int done[AOE_PM_COUNT] = {0}, skipped = 0;
    for (size_t i = 0; i < GR_COUNT(causes); i++) {
        if (!gr_args_flag(a, causes[i].param))
            continue;
        if ((causes[i].param == FP_ON_COLUMN || causes[i].param == FP_DAMAGED) && firer != 2)
            return gr_error_set(err, GR_EINPUT, "{%s} is for artillery fire only",
                                fire_params[causes[i].param].name);
        gr_mod *m;
        int64_t next = mul(r, causes[i].line, power, &m);
        if (m)
            m->reason = causes[i].cause; /* the cause; the line is in the source */
        if (done[causes[i].line]) {
            if (m)
                m->applied = 0;
            skipped = 1;
            continue;
        }
        done[causes[i].line] = 1;
        power = next;
    }
    if (skipped)
        gr_res_note(r, "each multiplier line counts once: x2 and x1/2 are not cumulative "
                       "within their line (docs/rules/aoe.md)");
    gr_res_value(r, "power", GR_F_NUM, power);
    int drm_from = r->nmods;
    if (gr_args_flag(a, FP_TARGET_MOVING))
        drm(r, aoe_fire_drm, AOE_FD_TARGET_MOVING, 1, SRC_FDRM);
    if (gr_args_flag(a, FP_AT_SKIRMISHERS))
        drm(r, aoe_fire_drm, AOE_FD_TARGET_SKIRMISH, 1, SRC_FDRM);
    if (a->given[FP_COVER] && a->v[FP_COVER])
        gr_res_drm(r, -(int)a->v[FP_COVER], "cible à couvert (selon scénario)", SRC_FDRM);
    int mod = gr_res_drm_total(r, drm_from);

    gr_args t = {.v = {power}, .given = {1}};
    gr_step *step;
    if ((st = gr_res_roll_read(r, dice, "fire", "Fire", &aoe_fire_table, &t, mod, &step, err)) !=
        GR_OK)
        return st;
    /* A general attached to a target that loses stands checks the Generals
     * hit table (docs/rules/aoe.md). */
    int general = (int)gr_args_get(a, FP_GENERAL, 0);
    const char *id = aoe_fire_table.outcomes[step->cell.outcome].id;
    int loses = !strcmp(id, "effective") || !strcmp(id, "deadly") || !strcmp(id, "devastating");
    if (general && loses) {
        int gmod_from = r->nmods;
        if (general == 2)
            drm(r, aoe_general_drm, AOE_GD_CHARISMATIC, 1, SRC_GH);
        if ((st = gr_res_roll_read(r, dice, "general hit", "General hit", &aoe_general_hit_table,
                                   &(gr_args){0}, gr_res_drm_total(r, gmod_from), NULL, err)) !=
            GR_OK)
            return st;
        gr_res_note(r, "the target lost stands with a general attached: the Generals hit "
                       "table is checked");
    } else if (general) {
        gr_res_note(r, "the target lost no stand: no Generals hit check");
    }
    return GR_OK;
}

static const gr_applies fire_applies[] = {
    {"troops", "firer=infantry"},         {"sk", "firer=infantry"},
    {"stands", "firer=infantry|cavalry"}, {"artillery-class", "firer=artillery"},
    {"weight", "firer=artillery"},        {"range", "firer=artillery"},
    {"on-column", "firer=artillery"},     {"damaged", "firer=artillery"},
};

const gr_procedure aoe_fire_proc = {
    .name = "fire",
    .title = "Tir",
    .source = AOE_SRC_TABLES ", PUISSANCE, MODIFICATEURS DE PUISSANCE, DRM, Table des tirs",
    GR_ARRAY(params, fire_params),
    .rolls_help = "the fire D10 face, then (if a general is hit) the general's D10 face",
    .example = "grognard resolve aoe fire --firer infantry --troops two_rank_line_or_mixed "
               "--stands 6 --target-moving --seed 42",
    .resolve = fire_resolve,
    GR_ARRAY(applies, fire_applies),
};

/* ---- combat -------------------------------------------------------------- */

static const char *const conditions[] = {"normal", "fresh", "spent", NULL};
static const char *const qualities[] = {"other", "regular", "elite", NULL};
static const char *const cavalry_kinds[] = {"none", "heavy", "cuirassier", NULL};
static const char *const charge_ranges[] = {"none", "under_5", "5_or_more", NULL};
static const char *const squares[] = {"none", "vs_cavalry", "vs_infantry", NULL};

/* Per-side inputs, attacker then defender (same order). */
enum {
    S_GENERAL,
    S_STANDS,
    S_CONDITION,
    S_QUALITY,
    S_CAVALRY,
    S_DISORDERED,
    S_NO_COUNTERCHARGE,
    S_SKIRMISH,
    S_BATTERY,
    S_LOST,
    S_BREAKTHROUGH,
    S_NSIDE
};
#define SIDE_PARAMS(side)                                                                          \
    GR_ENUM(side "-general", no_yes_general,                                                       \
            "general attached: none, attached (+1), charismatic (+2)"),                            \
        GR_INT_REQ(side "-stands", 1, 99, "stands engaged (numerical superiority)"),               \
        GR_ENUM(side "-condition", conditions,                                                     \
                "normal, fresh (+2: brigade fraîche), spent (-2: épuisée)"),                       \
        GR_ENUM(side "-quality", qualities, "other, regular (+1: unité régulière), elite (+2)"),   \
        GR_ENUM(side "-cavalry", cavalry_kinds,                                                    \
                "none, heavy (+1), cuirassier (+2: cavalerie lourde cuirassée)"),                  \
        GR_FLAG(side "-disordered", "brigade in disorder (-2, not cumulative)"),                   \
        GR_FLAG(side "-not-countercharging", "cavalry not countercharging (-2, not cumulative)"),  \
        GR_FLAG(side "-skirmish-order", "brigade in skirmish order (-2, not cumulative)"),         \
        GR_FLAG(side "-battery-alone", "battery unattached and/or silenced (-2, not cumulative)"), \
        GR_INT(side "-stands-lost", 0, 40, "stands lost in the preceding fire (-1 each)"),         \
        GR_FLAG(side "-breakthrough",                                                              \
                "breaking through with a charge, or supported formation (+1)")

enum {
    CP_CAV_CHARGE = 2 * S_NSIDE,
    CP_LANCERS,
    CP_COVER,
    CP_OUTFLANKED,
    CP_SQUARE,
};
static const gr_param combat_params[] = {
    SIDE_PARAMS("attacker"),
    SIDE_PARAMS("defender"),
    [CP_CAV_CHARGE] = GR_ENUM("cavalry-vs-infantry", charge_ranges,
                              "attacking cavalry charging infantry in the open, not in square: "
                              "under_5 (+2) or 5_or_more inches away (-3)"),
    [CP_LANCERS] = GR_FLAG("lancers", "attacking lancers charging infantry in the open (+1)"),
    [CP_COVER] = GR_INT("defender-cover", 0, 3, "defender in cover: the scenario's +1 to +3"),
    [CP_OUTFLANKED] =
        GR_FLAG("defender-outflanked", "defender outflanked or attacked from the rear (-3)"),
    [CP_SQUARE] = GR_ENUM("defender-square", squares,
                          "defender in square: vs_cavalry (+3) or vs_infantry (-1)"),
};

/* The DRMs one side earns on its own, from index base of the side params. */
static void side_drms(gr_resolution *r, const gr_args *a, int base)
{
    static const int general_line[] = {-1, AOE_CD_GENERAL, AOE_CD_CHARISMATIC};
    static const int condition_line[] = {-1, AOE_CD_FRESH, AOE_CD_SPENT};
    static const int quality_line[] = {-1, AOE_CD_REGULAR, AOE_CD_ELITE};
    static const int cavalry_line[] = {-1, AOE_CD_HEAVY, AOE_CD_CUIRASSIER};
    static const struct {
        int off;
        const int *lines;
    } choices[] = {{S_GENERAL, general_line},
                   {S_CONDITION, condition_line},
                   {S_QUALITY, quality_line},
                   {S_CAVALRY, cavalry_line}};
    for (size_t i = 0; i < GR_COUNT(choices); i++) {
        int c = (int)gr_args_get(a, base + choices[i].off, 0);
        if (c)
            drm(r, aoe_combat_drm, choices[i].lines[c], 1, SRC_CDRM);
    }
    /* "Ces DRM ne se cumulent pas": one -2 however many apply. */
    static const struct {
        int off;
        const char *cause;
    } minus2[] = {{S_DISORDERED, "brigade en désordre"},
                  {S_NO_COUNTERCHARGE, "cavalerie ne contre-chargeant pas"},
                  {S_SKIRMISH, "brigade en tirailleurs"},
                  {S_BATTERY, "batterie non attachée et/ou muette"}};
    int taken = 0;
    for (size_t i = 0; i < GR_COUNT(minus2); i++)
        if (gr_args_flag(a, base + minus2[i].off)) {
            gr_mod *m = drm(r, aoe_combat_drm, AOE_CD_DISADVANTAGED, 1, SRC_CDRM);
            if (m)
                m->reason = minus2[i].cause;
            if (taken && m) {
                m->applied = 0;
                gr_res_note(r, "the -2 for disorder, no countercharge, skirmish order or an "
                               "unsupported battery counts once: \"Ces DRM ne se cumulent pas\"");
            }
            taken = 1;
        }
    int lost = (int)gr_args_get(a, base + S_LOST, 0);
    if (lost)
        drm(r, aoe_combat_drm, AOE_CD_STAND_LOST, lost, SRC_CDRM);
    if (gr_args_flag(a, base + S_BREAKTHROUGH))
        drm(r, aoe_combat_drm, AOE_CD_BREAKTHROUGH, 1, SRC_CDRM);
}

/* Numerical superiority of `more` stands over `fewer`: the best ratio
 * reached, from 4:1 down to 3:2. */
static void superiority(gr_resolution *r, int more, int fewer)
{
    static const struct {
        int num, den, line;
    } ratios[] = {{4, 1, AOE_CD_ODDS_4_1},
                  {3, 1, AOE_CD_ODDS_3_1},
                  {2, 1, AOE_CD_ODDS_2_1},
                  {3, 2, AOE_CD_ODDS_3_2}};
    for (size_t i = 0; i < GR_COUNT(ratios); i++)
        if (more * ratios[i].den >= fewer * ratios[i].num) {
            drm(r, aoe_combat_drm, ratios[i].line, 1, SRC_CDRM);
            return;
        }
}

/* What the situation says, for the pairs of printed lines that exclude
 * each other. */
enum {
    CF_CAV_CHARGE,  /* « Cavalerie chargeant de l'infanterie en terrain libre, qui n'est pas
                       en carré » (either distance) */
    CF_LANCERS,     /* « Lanciers chargeant de l'infanterie en terrain libre » */
    CF_SQ_CAVALRY,  /* « Défenseur en carré attaqué par la cavalerie » */
    CF_SQ_INFANTRY, /* « Défenseur en carré attaqué par l'infanterie » */
    CF_ATT_CAVALRY, /* the attacker is (heavy) cavalry */
    CF_DEF_CAVALRY, /* the defender is (heavy) cavalry */
    CF_COVER,       /* « Défenseur à couvert » */
    CF_DEF_SKIRMISH,
    CF_N
};

static const struct {
    int a, b;
    const char *why;
} combat_exclusions[] = {
    {CF_CAV_CHARGE, CF_SQ_CAVALRY,
     "the charge line is for infantry « qui n'est pas en carré »; a square takes its own line"},
    {CF_CAV_CHARGE, CF_SQ_INFANTRY,
     "a cavalry charge does not meet a square « attaqué par l'infanterie »"},
    {CF_CAV_CHARGE, CF_DEF_CAVALRY, "the charge line is against infantry, not cavalry"},
    {CF_CAV_CHARGE, CF_COVER,
     "the charge line is « en terrain libre »; a defender in cover is not"},
    {CF_LANCERS, CF_SQ_INFANTRY,
     "lancers are cavalry; the square line is for an attack by infantry"},
    {CF_LANCERS, CF_DEF_CAVALRY, "the lancers' line is against infantry, not cavalry"},
    {CF_LANCERS, CF_COVER, "the lancers' line is « en terrain libre »; a defender in cover is not"},
    {CF_ATT_CAVALRY, CF_SQ_INFANTRY,
     "the attacker is cavalry; the square line is for an attack by infantry"},
    {CF_DEF_CAVALRY, CF_SQ_CAVALRY, "cavalry does not form square"},
    {CF_DEF_CAVALRY, CF_SQ_INFANTRY, "cavalry does not form square"},
    {CF_DEF_SKIRMISH, CF_SQ_CAVALRY,
     "a brigade in skirmish order is not in square: one formation at a time"},
    {CF_DEF_SKIRMISH, CF_SQ_INFANTRY,
     "a brigade in skirmish order is not in square: one formation at a time"},
};

static gr_status combat_check(const gr_args *a, gr_error *err)
{
    static const int cav_line[] = {-1, AOE_CD_HEAVY, AOE_CD_CUIRASSIER};
    int cc = (int)gr_args_get(a, CP_CAV_CHARGE, 0), sq = (int)gr_args_get(a, CP_SQUARE, 0);
    int acav = (int)gr_args_get(a, S_CAVALRY, 0),
        dcav = (int)gr_args_get(a, S_NSIDE + S_CAVALRY, 0);
    int on[CF_N] = {
        [CF_CAV_CHARGE] = cc != 0,
        [CF_LANCERS] = gr_args_flag(a, CP_LANCERS),
        [CF_SQ_CAVALRY] = sq == 1,
        [CF_SQ_INFANTRY] = sq == 2,
        [CF_ATT_CAVALRY] = acav != 0,
        [CF_DEF_CAVALRY] = dcav != 0,
        [CF_COVER] = a->given[CP_COVER] && a->v[CP_COVER] > 0,
        [CF_DEF_SKIRMISH] = gr_args_flag(a, S_NSIDE + S_SKIRMISH),
    };
    for (size_t i = 0; i < GR_COUNT(combat_exclusions); i++) {
        int x = combat_exclusions[i].a, y = combat_exclusions[i].b;
        if (!on[x] || !on[y])
            continue;
        /* the words of the two inputs and of their printed lines: made only
         * for a refusal, never on the resolution's way */
        char input[CF_N][48];
        const char *line[CF_N];
        snprintf(input[CF_CAV_CHARGE], sizeof input[0], "{cavalry-vs-infantry} %s",
                 charge_ranges[cc]);
        line[CF_CAV_CHARGE] =
            aoe_combat_drm[cc == 2 ? AOE_CD_CAV_5_OR_MORE : AOE_CD_CAV_UNDER_5].cell;
        snprintf(input[CF_LANCERS], sizeof input[0], "{lancers}");
        line[CF_LANCERS] = aoe_combat_drm[AOE_CD_LANCERS].cell;
        snprintf(input[CF_SQ_CAVALRY], sizeof input[0], "{defender-square} vs_cavalry");
        line[CF_SQ_CAVALRY] = aoe_combat_drm[AOE_CD_SQUARE_VS_CAVALRY].cell;
        snprintf(input[CF_SQ_INFANTRY], sizeof input[0], "{defender-square} vs_infantry");
        line[CF_SQ_INFANTRY] = aoe_combat_drm[AOE_CD_SQUARE_VS_INFANTRY].cell;
        snprintf(input[CF_ATT_CAVALRY], sizeof input[0], "{attacker-cavalry} %s",
                 cavalry_kinds[acav ? acav : 1]);
        line[CF_ATT_CAVALRY] = aoe_combat_drm[cav_line[acav ? acav : 1]].cell;
        snprintf(input[CF_DEF_CAVALRY], sizeof input[0], "{defender-cavalry} %s",
                 cavalry_kinds[dcav ? dcav : 1]);
        line[CF_DEF_CAVALRY] = aoe_combat_drm[cav_line[dcav ? dcav : 1]].cell;
        snprintf(input[CF_COVER], sizeof input[0], "{defender-cover}");
        line[CF_COVER] = "+ 1 à + 3 Défenseur à couvert (selon scénario)";
        snprintf(input[CF_DEF_SKIRMISH], sizeof input[0], "{defender-skirmish-order}");
        line[CF_DEF_SKIRMISH] = "brigade en tirailleurs";
        return gr_res_contradict(err, input[x], line[x], input[y], line[y],
                                 combat_exclusions[i].why);
    }
    return GR_OK;
}

static gr_status combat_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                gr_error *err)
{
    gr_resolution_init(r, "aoe", "combat");
    if (combat_check(a, err) != GR_OK)
        return GR_EINPUT;
    int as = (int)a->v[S_STANDS], ds = (int)a->v[S_NSIDE + S_STANDS];
    int from = r->nmods;
    side_drms(r, a, 0);
    if (as > ds)
        superiority(r, as, ds);
    int cc = (int)gr_args_get(a, CP_CAV_CHARGE, 0);
    if (cc)
        drm(r, aoe_combat_drm, cc == 1 ? AOE_CD_CAV_UNDER_5 : AOE_CD_CAV_5_OR_MORE, 1, SRC_CDRM);
    if (gr_args_flag(a, CP_LANCERS))
        drm(r, aoe_combat_drm, AOE_CD_LANCERS, 1, SRC_CDRM);
    int attacker = gr_res_drm_total(r, from);
    int dfrom = r->nmods;
    side_drms(r, a, S_NSIDE);
    if (ds > as)
        superiority(r, ds, as);
    if (a->given[CP_COVER] && a->v[CP_COVER])
        gr_res_drm(r, (int)a->v[CP_COVER], "défenseur à couvert (selon scénario)", SRC_CDRM);
    if (gr_args_flag(a, CP_OUTFLANKED))
        drm(r, aoe_combat_drm, AOE_CD_OUTFLANKED, 1, SRC_CDRM);
    int sq = (int)gr_args_get(a, CP_SQUARE, 0);
    if (sq)
        drm(r, aoe_combat_drm, sq == 1 ? AOE_CD_SQUARE_VS_CAVALRY : AOE_CD_SQUARE_VS_INFANTRY, 1,
            SRC_CDRM);
    int defender = gr_res_drm_total(r, dfrom);
    gr_res_mark_side(r, dfrom, 1);
    gr_res_value(r, "attacker_modifier", GR_F_INT, attacker);
    gr_res_value(r, "defender_modifier", GR_F_INT, defender);
    gr_step *step;
    gr_status st = gr_res_roll_read(r, dice, "attacker vs defender", "Combat", &aoe_combat_table,
                                    &(gr_args){0}, attacker - defender, &step, err);
    if (st != GR_OK)
        return st;
    for (int i = 0; i < step->cell.nfields; i++)
        if (!strcmp(step->cell.fields[i].key, "extra_stands"))
            gr_res_note(r, "difference beyond 10 by %d: %d more stand(s) (or a battery) captured",
                        (int)step->cell.fields[i].i, (int)step->cell.fields[i].i);
    return GR_OK;
}

const gr_procedure aoe_combat_proc = {
    .name = "combat",
    .title = "Combat",
    .source = AOE_SRC_TABLES ", Table des combats",
    GR_ARRAY(params, combat_params),
    .rolls_help = "attacker's D10 face, defender's D10 face: {roll} 7,3",
    .example = "grognard resolve aoe combat --attacker-stands 8 --defender-stands 4 "
               "--attacker-cavalry heavy --cavalry-vs-infantry under_5 --roll 7,3",
    .resolve = combat_resolve,
};

/* ---- movement (tactical and reserve) -------------------------------------- */

static const char *const deployments[] = {"none",
                                          "line",
                                          "supported_line",
                                          "skirmish",
                                          "from_skirmish",
                                          "maneuver_column",
                                          "road_column",
                                          "face_flank",
                                          "leave_square",
                                          "town",
                                          NULL};

enum {
    MP_STATE,
    MP_DET_ORD,
    MP_DET_CHAR,
    MP_ATT_ORD,
    MP_ATT_CHAR,
    MP_ROAD_OR_SQUARE,
    MP_COLUMNAR,
    MP_CONDITION,
    MP_FLANK,
    MP_WITHDRAW,
    MP_DIS_CAV_CHARGE,
    MP_COMMANDER,
    MP_CINC_ENGAGED,
    MP_ADC,
    MP_CINC_ATTACHED,
    MP_FIRST_TURN,
    MP_SUCCEEDED,
    MP_FAILED,
    MP_DIS_UNITS,
    MP_REGULAR,
    MP_UNIT,
    MP_TERRAIN,
    MP_DEPLOY,
    MP_PASSED,
};
static const gr_param movement_params[] = {
    [MP_STATE] =
        GR_ENUM_REQ("state", aoe_movement_states,
                    "ordered (En ordre), disordered (En désordre) or reserve (mouvement de "
                    "réserve)"),
    [MP_DET_ORD] = GR_INT("detached-generals", 0, 9,
                          "ordinary generals detached within the CinC's command radius (+1 each)"),
    [MP_DET_CHAR] = GR_INT("detached-charismatic", 0, 9,
                           "charismatic generals detached within the CinC's radius (+2 each)"),
    [MP_ATT_ORD] = GR_INT("attached-generals", 0, 9, "ordinary generals attached (+1 each)"),
    [MP_ATT_CHAR] = GR_INT("attached-charismatic", 0, 9, "charismatic generals attached (+2 each)"),
    [MP_ROAD_OR_SQUARE] = GR_FLAG("road-column-or-square", "unit in road column or in square (+1)"),
    [MP_COLUMNAR] = GR_FLAG("columnar-or-mixed", "columnar or mixed infantry (+1)"),
    [MP_CONDITION] = GR_ENUM("condition", conditions, "normal, fresh (+2) or spent (-2)"),
    [MP_FLANK] = GR_FLAG("unsecured-flank", "flank(s) not secured (-1)"),
    [MP_WITHDRAW] =
        GR_FLAG("withdrawing", "falling back before the enemy, back to the reserve zone (-2)"),
    [MP_DIS_CAV_CHARGE] = GR_FLAG("disordered-cavalry-charging",
                                  "disordered cavalry charging in the combat phase (-3)"),
    [MP_COMMANDER] = GR_ENUM("commander", aoe_commanders,
                             "reserve: the army's commander-in-chief (his label's DRM)"),
    [MP_CINC_ENGAGED] =
        GR_FLAG("cinc-engaged", "reserve: the CinC is engaged, captured or killed (-2 instead)"),
    [MP_ADC] = GR_FLAG("napoleon-adc", "reserve: a non-artillery ADC of Napoleon (+1)"),
    [MP_CINC_ATTACHED] = GR_FLAG(
        "cinc-attached", "reserve: the CinC attached to this brigade, or substituted within "
                         "12\" (+1)"),
    [MP_FIRST_TURN] = GR_FLAG("first-turn", "reserve: first turn of the game (+4)"),
    [MP_SUCCEEDED] =
        GR_FLAG("succeeded-last-segment",
                "reserve: reserve movement succeeded in the previous friendly segment (+4)"),
    [MP_FAILED] = GR_INT("failed-segments", 0, 99,
                         "reserve: friendly segments in a row it has failed, most recent first: 1 "
                         "(+1), 2 (+2), 3 or more (+3)"),
    [MP_DIS_UNITS] = GR_INT("disordered-units", 0, 99, "reserve: units in disorder (-1 each)"),
    [MP_REGULAR] =
        GR_FLAG("regular", "reserve: a regular unit (rallies on Élan, Succès, Échec partiel)"),
    [MP_UNIT] = GR_ENUM("unit", aoe_speed_units,
                        "to compute the allowance: the unit's row of the speed table"),
    [MP_TERRAIN] =
        GR_ENUM("terrain", aoe_speed_terrains, "with {unit}: nominal, road, difficult or ford"),
    [MP_DEPLOY] = GR_ENUM("deployment", deployments,
                          "with {unit}: a deployment this move (line and skirmish stop the move; "
                          "columns, facing a flank, leaving square, a town halve it)"),
    [MP_PASSED] = GR_INT("units-passed", 0, 20, "with {unit}: units passed through (-3\" each)"),
};

/* How far each result lets the unit move forward: 2 full, 1 half, 0 none,
 * -1 the result is a retreat (its own distance). */
static int move_fraction(const char *id)
{
    static const struct {
        const char *id;
        int f;
    } fr[] = {{"elan", 2},
              {"rally", 1},
              {"shaken_rallied", 0},
              {"hesitant", 0},
              {"shaken_retreats", -1},
              {"rout", -1},
              {"at_the_bayonet", 2},
              {"forward", 2},
              {"caution", 1},
              {"order_arms", 0},
              {"fall_back", -1},
              {"retreat", -1},
              {"success", 2},
              {"partial_failure", 0},
              {"failure", 0}};
    for (size_t i = 0; i < GR_COUNT(fr); i++)
        if (!strcmp(fr[i].id, id))
            return fr[i].f;
    return 0;
}

static void tactical_drms(gr_resolution *r, const gr_args *a, int applied)
{
    int from = r->nmods;
    /* Generals: each line reads "(DRM + 4 maxi)"; taken as one cap on all
     * general DRMs together (docs/rules/aoe.md). */
    static const struct {
        int param, line;
    } gens[] = {
        {MP_DET_ORD, AOE_TD_DETACHED},
        {MP_DET_CHAR, AOE_TD_DETACHED_CHARISMATIC},
        {MP_ATT_ORD, AOE_TD_ATTACHED},
        {MP_ATT_CHAR, AOE_TD_ATTACHED_CHARISMATIC},
    };
    int gen_total = 0;
    for (size_t i = 0; i < GR_COUNT(gens); i++) {
        int n = (int)gr_args_get(a, gens[i].param, 0);
        if (n) {
            drm(r, aoe_tactical_drm, gens[i].line, n, SRC_TACT);
            gen_total += n * aoe_tactical_drm[gens[i].line].value;
        }
    }
    int cap = aoe_tactical_drm[AOE_TD_GENERALS_CAP].value;
    if (gen_total > cap) {
        gr_res_drm(r, cap - gen_total, aoe_tactical_drm[AOE_TD_GENERALS_CAP].cell, SRC_TACT);
        gr_res_note(r, "the generals' DRMs add to %+d: capped at %+d", gen_total, cap);
    }
    static const struct {
        int param, line;
    } flags[] = {
        {MP_ROAD_OR_SQUARE, AOE_TD_ROAD_COLUMN_OR_SQUARE},
        {MP_COLUMNAR, AOE_TD_COLUMNAR},
        {MP_FLANK, AOE_TD_FLANK},
        {MP_WITHDRAW, AOE_TD_WITHDRAWING},
        {MP_DIS_CAV_CHARGE, AOE_TD_DISORDERED_CAVALRY},
    };
    int c = (int)gr_args_get(a, MP_CONDITION, 0);
    if (c)
        drm(r, aoe_tactical_drm, c == 1 ? AOE_TD_FRESH : AOE_TD_SPENT, 1, SRC_TACT);
    for (size_t i = 0; i < GR_COUNT(flags); i++)
        if (gr_args_flag(a, flags[i].param))
            drm(r, aoe_tactical_drm, flags[i].line, 1, SRC_TACT);
    if (!applied) {
        for (int i = from; i < r->nmods; i++)
            r->mods[i].applied = 0;
        if (r->nmods > from)
            gr_res_note(r, "reserve movement: its DRMs replace every tactical DRM (listed, not "
                           "applied)");
    }
}

static gr_status reserve_drms(gr_resolution *r, const gr_args *a, gr_error *err)
{
    int attached = gr_args_flag(a, MP_CINC_ATTACHED), engaged = gr_args_flag(a, MP_CINC_ENGAGED);
    if (!a->given[MP_COMMANDER] && !engaged && !attached)
        return gr_error_set(err, GR_EINPUT,
                            "reserve movement needs {commander} (the army's commander-in-chief), "
                            "{cinc-engaged} or {cinc-attached}; see `grognard lookup aoe "
                            "reserve_commander --help`");
    static const int failed_line[] = {AOE_RD_FAILED_1, AOE_RD_FAILED_2, AOE_RD_FAILED_3};
    int failed = (int)gr_args_get(a, MP_FAILED, 0);
    const char *failed_text =
        failed ? aoe_reserve_drm[failed_line[(failed > 3 ? 3 : failed) - 1]].cell : "";
    const char *succeeded_text = aoe_reserve_drm[AOE_RD_SUCCEEDED].cell;
    const char *first_text = aoe_reserve_drm[AOE_RD_FIRST_TURN].cell;
    if (failed && gr_args_flag(a, MP_SUCCEEDED))
        return gr_res_contradict(err, "{failed-segments}", failed_text, "{succeeded-last-segment}",
                                 succeeded_text, "the previous segment either succeeded or failed");
    if (gr_args_flag(a, MP_FIRST_TURN) && gr_args_flag(a, MP_SUCCEEDED))
        return gr_res_contradict(err, "{first-turn}", first_text, "{succeeded-last-segment}",
                                 succeeded_text, "the first turn has no previous friendly segment");
    if (gr_args_flag(a, MP_FIRST_TURN) && failed)
        return gr_res_contradict(err, "{first-turn}", first_text, "{failed-segments}", failed_text,
                                 "the first turn has no previous friendly segment");
    /* Seed 000: the label counts « s'il n'est pas engagé »; engaged, -2 for
     * every brigade but the one he is attached to (or, substituted, those
     * within his 12"): « si Koutousov est attaché à une brigade, celle-ci
     * reçoit un DRM + 1 ..., bien que toutes les autres subissent un DRM – 2 ».
     * Attached is engaged: that brigade gets the +1 alone. */
    if (attached) {
        gr_mod *m = drm(r, aoe_reserve_drm, AOE_RD_CINC_ENGAGED, 1, SRC_RES);
        if (m)
            m->applied = 0;
        if (a->given[MP_COMMANDER])
            gr_res_info(r,
                        "étiquette du général en chef: ne compte pas, il est engagé (attaché ou "
                        "substitué)",
                        SRC_RES);
        gr_res_note(r, "the commander-in-chief is attached to this brigade (or substituted within "
                       "12\"): it gets +1, not his label, and not the -2 every other brigade "
                       "takes (seed 000)");
    } else if (engaged) {
        drm(r, aoe_reserve_drm, AOE_RD_CINC_ENGAGED, 1, SRC_RES);
        /* The same -2 is printed on the commanders' label list (seed 000):
         * listed there too, counted once. */
        gr_mod *m = a->given[MP_COMMANDER]
                        ? gr_res_drm(r, aoe_reserve_drm[AOE_RD_CINC_ENGAGED].value,
                                     aoe_commander_engaged_cell, SRC_RES)
                        : NULL;
        if (m)
            m->applied = 0;
    } else {
        /* The label's printed line, its DRM (a 0 line is listed too). */
        int c = (int)a->v[MP_COMMANDER];
        gr_res_drm(r, aoe_commander_drm(c), aoe_commander_cell(c), SRC_RES);
    }
    static const struct {
        int param, line;
    } flags[] = {
        {MP_ADC, AOE_RD_NAPOLEON_ADC},
        {MP_CINC_ATTACHED, AOE_RD_CINC_ATTACHED},
        {MP_FIRST_TURN, AOE_RD_FIRST_TURN},
        {MP_SUCCEEDED, AOE_RD_SUCCEEDED},
    };
    for (size_t i = 0; i < GR_COUNT(flags); i++)
        if (gr_args_flag(a, flags[i].param))
            drm(r, aoe_reserve_drm, flags[i].line, 1, SRC_RES);
    /* 1, 2, 3 friendly segments failed in a row: the 1er, 2e, 3e line. */
    if (failed)
        drm(r, aoe_reserve_drm, failed_line[(failed > 3 ? 3 : failed) - 1], 1, SRC_RES);
    if (failed > 3)
        gr_res_note(r, "failed %d segments in a row: the table stops at the 3rd", failed);
    int dis = (int)gr_args_get(a, MP_DIS_UNITS, 0);
    if (dis)
        drm(r, aoe_reserve_drm, AOE_RD_DISORDERED, dis, SRC_RES);
    return GR_OK;
}

static void allowance(gr_resolution *r, const gr_args *a, const char *id)
{
    if (!a->given[MP_UNIT])
        return;
    int f = move_fraction(id);
    if (f < 0) {
        gr_res_note(r, "the result is a retreat: it moves by its own effect, not the allowance");
        return;
    }
    int64_t speed = aoe_speed_milli((int)a->v[MP_UNIT], (int)gr_args_get(a, MP_TERRAIN, 0));
    gr_res_value(r, "speed_inches", GR_F_NUM, speed);
    int64_t allow = f == 2 ? speed : f == 1 ? speed / 2 : 0;
    int dep = (int)gr_args_get(a, MP_DEPLOY, 0);
    if (dep >= 1 && dep <= 4 && allow) {
        allow = 0;
        gr_res_info(r,
                    dep <= 2 ? "pas de mouvement si déploiement en ligne ou en ligne soutenue"
                             : "pas de mouvement si déploiement en tirailleurs ou inverse",
                    SRC_SPEED);
    } else if (dep >= 5 && allow) {
        allow /= 2;
        gr_res_info(r,
                    "1/2 mouvement si déploiement en colonne de manœuvre, de route, faire face "
                    "par le flanc, quitter le carré, une agglomération",
                    SRC_SPEED);
    }
    int passed = (int)gr_args_get(a, MP_PASSED, 0);
    if (passed && allow) {
        allow -= passed * aoe_pass_through_milli;
        gr_res_info(r, aoe_pass_through_text, SRC_SPEED);
        if (allow < 0)
            allow = 0;
    }
    gr_res_value(r, "allowance_inches", GR_F_NUM, allow);
}

static gr_status movement_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                  gr_error *err)
{
    gr_resolution_init(r, "aoe", "movement");
    int state = (int)a->v[MP_STATE];
    /* « Cavalerie en désordre chargeant »: a disordered unit reads the « En
     * désordre » column. */
    if (state == 0 && gr_args_flag(a, MP_DIS_CAV_CHARGE))
        return gr_error_set(err, GR_EINPUT,
                            "{disordered-cavalry-charging} with {state} ordered: « %s » is a "
                            "unit in disorder, it never reads the « En ordre » column; accepted "
                            "with it: {state} disordered",
                            aoe_tactical_drm[AOE_TD_DISORDERED_CAVALRY].cell);
    /* Charging cavalry is neither infantry nor falling back (docs/rules/aoe.md). */
    static const gr_exclusion excl[] = {
        {MP_DIS_CAV_CHARGE, AOE_TD_DISORDERED_CAVALRY, MP_COLUMNAR, AOE_TD_COLUMNAR,
         "a cavalry brigade is not infantry"},
        {MP_DIS_CAV_CHARGE, AOE_TD_DISORDERED_CAVALRY, MP_WITHDRAW, AOE_TD_WITHDRAWING,
         "a brigade charging in the combat phase is not falling back to the reserve zone"},
    };
    gr_status st = gr_res_exclusions(a, movement_params, 0, excl, GR_COUNT(excl), td_line, err);
    if (st != GR_OK)
        return st;
    int from = r->nmods;
    if (state == 2) {
        tactical_drms(r, a, 0);
        from = r->nmods;
        if ((st = reserve_drms(r, a, err)) != GR_OK)
            return st;
    } else {
        if (a->given[MP_COMMANDER] || gr_args_flag(a, MP_FIRST_TURN) ||
            gr_args_flag(a, MP_SUCCEEDED) || a->given[MP_FAILED] || a->given[MP_DIS_UNITS])
            return gr_error_set(err, GR_EINPUT,
                                "reserve-movement inputs ({commander}, {first-turn}, ...) need "
                                "{state} reserve");
        tactical_drms(r, a, 1);
    }
    int mod = gr_res_drm_total(r, from);
    gr_args t = {.v = {state}, .given = {1}};
    gr_step *step;
    if ((st = gr_res_roll_read(r, dice, "movement", "Movement", &aoe_movement_table, &t, mod, &step,
                               err)) != GR_OK)
        return st;
    const char *id = aoe_movement_table.outcomes[step->cell.outcome].id;
    if (state == 2) {
        gr_res_note(r, "the attempt uses up reserve movement this segment, whether or not the "
                       "unit moves (seed 000, Procédure)");
        if (strcmp(id, "failure") && gr_args_flag(a, MP_REGULAR))
            gr_res_note(r, "a regular unit: rallied");
        gr_res_note(r, "units that used reserve movement cannot start fire or combat this "
                       "segment (seed 000)");
    }
    allowance(r, a, id);
    return GR_OK;
}

const gr_procedure aoe_movement_proc = {
    .name = "movement",
    .title = "Mouvement tactique ou de réserve",
    .source = AOE_SRC_TABLES ", Table des mouvements, modificateurs; " AOE_SRC_RULES
                             ", mouvement de réserve",
    GR_ARRAY(params, movement_params),
    .rolls_help = "the D10 face: {roll} 6",
    .example = "grognard resolve aoe movement --state reserve --commander davout --first-turn "
               "--unit columnar_infantry --terrain road --seed 3",
    .resolve = movement_resolve,
};

/* ---- general hit ---------------------------------------------------------- */

static const gr_param gh_params[] = {
    GR_FLAG("charismatic", "the general is charismatic (DRM -2)"),
};

static gr_status gh_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r, gr_error *err)
{
    gr_resolution_init(r, "aoe", "general_hit");
    if (gr_args_flag(a, 0))
        drm(r, aoe_general_drm, AOE_GD_CHARISMATIC, 1, SRC_GH);
    return gr_res_roll_read(r, dice, "general hit", "General hit", &aoe_general_hit_table,
                            &(gr_args){0}, gr_res_drm_total(r, 0), NULL, err);
}

const gr_procedure aoe_general_hit_proc = {
    .name = "general_hit",
    .title = "Général touché (tirs seulement)",
    .source = SRC_GH,
    GR_ARRAY(params, gh_params),
    .rolls_help = "the D10 face: {roll} 4",
    .example = "grognard resolve aoe general_hit --charismatic --roll 6",
    .resolve = gh_resolve,
};

/* ---- initiative ----------------------------------------------------------- */

enum { IP_FIRST_LEVELS, IP_SECOND_LEVELS, IP_FIRST_ENGAGED, IP_SECOND_ENGAGED, IP_FRENCH };
static const char *const french_side[] = {"none", "first", "second", NULL};
static const gr_param init_params[] = {
    [IP_FIRST_LEVELS] = GR_INT("first-critical-levels", 0, 9,
                               "critical levels the first army has reached or passed (-1 each)"),
    [IP_SECOND_LEVELS] = GR_INT("second-critical-levels", 0, 9,
                                "critical levels the second army has reached or passed (-1 each)"),
    [IP_FIRST_ENGAGED] = GR_FLAG("first-cinc-engaged",
                                 "the first CinC is attached, substituted, captured or killed"),
    [IP_SECOND_ENGAGED] = GR_FLAG("second-cinc-engaged",
                                  "the second CinC is attached, substituted, captured or killed"),
    [IP_FRENCH] =
        GR_ENUM("french", french_side, "which side is French (wins if both CinCs are engaged)"),
};

static gr_status init_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                              gr_error *err)
{
    gr_resolution_init(r, "aoe", "initiative");
    int e1 = gr_args_flag(a, IP_FIRST_ENGAGED), e2 = gr_args_flag(a, IP_SECOND_ENGAGED);
    int french = (int)gr_args_get(a, IP_FRENCH, 0);
    if (e1 != e2) {
        gr_res_info(r, "initiative à l'adversaire si général en chef attaché/substitué/capturé/tué",
                    SRC_INIT);
        gr_res_value(r, "chooser", GR_F_INT, e1 ? 2 : 1);
        gr_res_note(r, "no roll: the %s commander-in-chief chooses to be 1st player or not",
                    e1 ? "second" : "first");
        return GR_OK;
    }
    if (e1 && e2 && french) {
        gr_res_info(r, "si généraux en chef sont tous deux engagés, initiative aux Français",
                    SRC_INIT);
        gr_res_value(r, "chooser", GR_F_INT, french);
        gr_res_note(r, "no roll: the French (%s) commander-in-chief chooses",
                    french == 1 ? "first" : "second");
        return GR_OK;
    }
    if (e1 && e2)
        gr_res_note(r, "both commanders-in-chief are engaged and neither side is French: "
                       "decided by the roll (docs/rules/aoe.md)");
    int l1 = (int)gr_args_get(a, IP_FIRST_LEVELS, 0), l2 = (int)gr_args_get(a, IP_SECOND_LEVELS, 0);
    int per = aoe_tactical_drm[AOE_TD_CRITICAL_LEVEL].value;
    int mod = (l1 - l2) * per; /* first minus second */
    if (l1)
        drm(r, aoe_tactical_drm, AOE_TD_CRITICAL_LEVEL, l1, SRC_TACT);
    gr_mod *m2 = l2 ? drm(r, aoe_tactical_drm, AOE_TD_CRITICAL_LEVEL, l2, SRC_TACT) : NULL;
    if (m2)
        m2->side = 1; /* the second commander's */
    gr_status st;
    int roll = -1;
    for (int tries = 0; tries < GR_MAX_ROLLS; tries++) {
        if ((st = gr_res_roll(r, dice, GR_ROLL_D10_VS_D10, "first vs second", &roll, err)) != GR_OK)
            return st;
        if (r->rolls[roll].total + mod != 0)
            break;
        if (tries + 1 < GR_MAX_ROLLS)
            gr_res_note(r, "tie (%d vs %d with modifiers): both roll again",
                        r->rolls[roll].faces[0], r->rolls[roll].faces[1]);
    }
    gr_args t = {0};
    gr_step *step;
    if ((st = gr_res_read(r, "Initiative", &aoe_initiative_table, &t, roll, mod, &step, err)) !=
        GR_OK)
        return st;
    if (step->score)
        gr_res_value(r, "chooser", GR_F_INT, step->score > 0 ? 1 : 2);
    return GR_OK;
}

const gr_procedure aoe_initiative_proc = {
    .name = "initiative",
    .title = "Interphase d'initiative",
    .source = SRC_INIT,
    GR_ARRAY(params, init_params),
    .rolls_help = "first CinC's D10 face, second's D10 face (and again for each tie): {roll} 7,4",
    .example = "grognard resolve aoe initiative --first-critical-levels 1 --seed 11",
    .resolve = init_resolve,
};
