/* rff_procs.c - Regimental Fire and Fury procedures: a situation in, every
 * modifier with its printed line and source, the rolls, the tables read
 * and the odds out.  Modifier values are read from the modifier lines in
 * rff_tables.c (never typed here); the reason of each is its printed line. */
#include "rff.h"

#include <stdio.h>
#include <string.h>

#define SRC_MD     RFF_SRC ", TABLE DE MANŒUVRES, MODIFICATEURS AU DE"
#define SRC_FP     RFF_SRC ", MODIFICATEURS DE POINTS DE TIR"
#define SRC_FB     RFF_SRC ", MODIFICATEUR DE DE DE BASE"
#define SRC_FD     RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE, modificateurs"
#define SRC_FX     RFF_SRC ", EFFETS ADDITIONNELS"
#define SRC_CD     RFF_SRC ", TABLE DES CHARGES, MODIFICATEURS DU DE DE BASE"
#define SRC_CE     RFF_SRC ", TABLE DES CHARGES, EFFETS"
#define SRC_POINTS "data/rff/fire_points.json (values lost from seed 001)"

static const char *const qualities[] = {"crack", "veteran", "trained", "green", NULL};
static const char *const conditions[] = {"fresh", "worn", "spent", NULL};

/* Equal strings: the first letters compared before strcmp (most differ). */
static int same(const char *x, const char *y)
{
    return x[0] == y[0] && !strcmp(x, y);
}

static const char *outcome_id(const gr_step *s)
{
    return s->table->outcomes[s->cell.outcome].id;
}

static int64_t cell_int(const gr_step *s, const char *key, int64_t dflt)
{
    for (int i = 0; i < s->cell.nfields; i++)
        if (same(s->cell.fields[i].key, key))
            return s->cell.fields[i].i;
    return dflt;
}

static const char *cell_str(const gr_step *s, const char *key)
{
    for (int i = 0; i < s->cell.nfields; i++)
        if (same(s->cell.fields[i].key, key) && s->cell.fields[i].kind == GR_F_STR)
            return s->cell.fields[i].s;
    return NULL;
}

/* Append the DRM of a printed line (value 0 lines are listed as info). */
static gr_mod *line_drm(gr_resolution *r, int value, const char *text, const char *src)
{
    return value ? gr_res_drm(r, value, text, src) : gr_res_info(r, text, src);
}

/* The inputs of a table read only with the roll (gr_res_read copies them). */
static const gr_args no_inputs;

/* A leader loss test: roll a D10 and read the Leader loss table. */
static gr_status leader_test(gr_resolution *r, gr_dice_source *dice, const char *what,
                             gr_error *err)
{
    return gr_res_roll_read(r, dice, "leader loss", what, &rff_leader_loss_table, &no_inputs, 0,
                            NULL, err);
}

/* ---- maneuver ------------------------------------------------------------- */

static const char *const mp_states[] = {"good_order", "disordered", NULL};
static const char *const mp_arms[] = {"troops", "guns", NULL};
static const char *const mp_leaders[] = {"none", "gallant", "able", "poor", NULL};
static const char *const mp_commands[] = {"normal", "provisional", "out_of_command", NULL};
static const char *const mp_losses[] = {"none", "heavy", "heaviest", NULL};

/* The maneuver's inputs, by index (read by index, never by name). */
enum {
    MP_STATE,
    MP_ARM,
    MP_LEADER,
    MP_ATTACHED,
    MP_COMMAND,
    MP_QUALITY,
    MP_CONDITION,
    MP_IN_BATTERY,
    MP_COLUMN_OR_COVER,
    MP_FLANKED,
    MP_BROKEN,
    MP_KEY_POSITION_LOST,
    MP_LOSSES,
    MP_UNIT,
    MP_TERRAIN,
    MP_GUN,
};
static const gr_param maneuver_params[] = {
    [MP_STATE] = GR_ENUM_REQ(
        "state", mp_states,
        "good_order (troops in good order, and all guns) or disordered (disordered or broken "
        "troops)"),
    [MP_ARM] = GR_ENUM("arm", mp_arms, "troops (default) or guns"),
    [MP_LEADER] =
        GR_ENUM("leader", mp_leaders,
                "the commanding leader: gallant (+1), able (0), poor (-1), none (default)"),
    [MP_ATTACHED] = GR_FLAG("attached", "leader attached or brave colonel (+1)"),
    [MP_COMMAND] =
        GR_ENUM("command", mp_commands,
                "normal (default), provisional (-1: commandant provisoire), out_of_command (-2)"),
    [MP_QUALITY] =
        GR_ENUM("quality", qualities, "crack (+2), veteran (+1), trained (0, default), green (-1)"),
    [MP_CONDITION] = GR_ENUM("condition", conditions,
                             "fresh (+2), worn (0: ébranlée, default), spent (-2: fatiguée)"),
    [MP_IN_BATTERY] = GR_FLAG("in-battery", "guns in battery, 2 pieces at least (+2)"),
    [MP_COLUMN_OR_COVER] =
        GR_FLAG("column-or-cover",
                "march or road column, garrisoned, limbered gun, or behind linear cover (+1)"),
    [MP_FLANKED] = GR_FLAG("flanked", "outflanked within 20cm (-2, with broken once)"),
    [MP_BROKEN] = GR_FLAG("broken", "broken (-2, with flanked once)"),
    [MP_KEY_POSITION_LOST] = GR_FLAG("key-position-lost", "a key position was lost (-1)"),
    [MP_LOSSES] = GR_ENUM(
        "losses", mp_losses,
        "none (default), heavy (-1: lourdes pertes), heaviest (-2: pertes les plus nombreuses)"),
    [MP_UNIT] =
        GR_ENUM("unit", rff_move_units,
                "movement row, to give the distance the result allows (see lookup rff movement)"),
    [MP_TERRAIN] = GR_ENUM("terrain", rff_move_terrains,
                           "terrain column for {unit}: clear (default), rough, difficult, road"),
    [MP_GUN] = GR_ENUM("gun", rff_guns, "guns: hh, hr (no forced march), mh, other (default)"),
};

static void maneuver_drms(const gr_args *a, gr_resolution *r)
{
    static const int leader_line[] = {-1, RFF_MD_GALLANT, RFF_MD_ABLE, RFF_MD_POOR};
    int l = (int)gr_args_get(a, MP_LEADER, 0);
    if (l)
        line_drm(r, rff_maneuver_drm(leader_line[l]), rff_maneuver_drm_text(leader_line[l]),
                 SRC_MD);
    if (gr_args_flag(a, MP_ATTACHED))
        line_drm(r, rff_maneuver_drm(RFF_MD_ATTACHED), rff_maneuver_drm_text(RFF_MD_ATTACHED),
                 SRC_MD);
    static const int command_line[] = {-1, RFF_MD_PROVISIONAL, RFF_MD_OUT_OF_COMMAND};
    int c = (int)gr_args_get(a, MP_COMMAND, 0);
    if (c)
        line_drm(r, rff_maneuver_drm(command_line[c]), rff_maneuver_drm_text(command_line[c]),
                 SRC_MD);
    static const int quality_line[] = {RFF_MD_CRACK, RFF_MD_VETERAN, RFF_MD_TRAINED, RFF_MD_GREEN};
    int q = (int)gr_args_get(a, MP_QUALITY, 2);
    line_drm(r, rff_maneuver_drm(quality_line[q]), rff_maneuver_drm_text(quality_line[q]), SRC_MD);
    static const int cond_line[] = {RFF_MD_FRESH, RFF_MD_WORN, RFF_MD_SPENT};
    int cn = (int)gr_args_get(a, MP_CONDITION, 1);
    line_drm(r, rff_maneuver_drm(cond_line[cn]), rff_maneuver_drm_text(cond_line[cn]), SRC_MD);
    static const struct {
        int flag, line;
    } flags[] = {{MP_IN_BATTERY, RFF_MD_IN_BATTERY},
                 {MP_COLUMN_OR_COVER, RFF_MD_COLUMN_OR_COVER},
                 {MP_KEY_POSITION_LOST, RFF_MD_KEY_POSITION_LOST}};
    for (size_t i = 0; i < GR_COUNT(flags); i++)
        if (gr_args_flag(a, flags[i].flag))
            line_drm(r, rff_maneuver_drm(flags[i].line), rff_maneuver_drm_text(flags[i].line),
                     SRC_MD);
    /* "-2 Pris de flanc dans les 20cm, brisé": one line, counted once. */
    int fl = gr_args_flag(a, MP_FLANKED), br = gr_args_flag(a, MP_BROKEN);
    if (fl || br)
        line_drm(r, rff_maneuver_drm(RFF_MD_FLANKED_OR_BROKEN),
                 rff_maneuver_drm_text(RFF_MD_FLANKED_OR_BROKEN), SRC_MD);
    if (fl && br)
        gr_res_note(r, "flanked and broken share one printed line: -2 once (docs/rules/rff.md)");
    int lo = (int)gr_args_get(a, MP_LOSSES, 0);
    if (lo)
        line_drm(r, rff_maneuver_drm(lo == 1 ? RFF_MD_HEAVY_LOSSES : RFF_MD_HEAVIEST_LOSSES),
                 rff_maneuver_drm_text(lo == 1 ? RFF_MD_HEAVY_LOSSES : RFF_MD_HEAVIEST_LOSSES),
                 SRC_MD);
}

/* What a maneuver result lets the unit do: the printed column of actions
 * (-1: none, the result's own effect moves it) and the distance share
 * (2 full move, 3 forced march, 1 half move, 0 none). */
static void maneuver_allows(const char *id, int *col, int *share)
{
    static const struct {
        const char *id;
        int col, share;
    } m[] = {
        {"forced_march", RFF_COL_WELL_EXECUTED, 3},
        {"well_executed", RFF_COL_WELL_EXECUTED, 2},
        {"delayed", RFF_COL_DELAYED, 1},
        {"rally_with_elan", RFF_COL_WELL_EXECUTED, 2},
        {"rally", RFF_COL_DELAYED, 1},
    };
    *col = -1;
    *share = 0;
    for (size_t i = 0; i < GR_COUNT(m); i++)
        if (same(m[i].id, id)) {
            *col = m[i].col;
            *share = m[i].share;
        }
}

static gr_status maneuver_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                  gr_error *err)
{
    gr_resolution_init(r, "rff", "maneuver");
    int state = (int)gr_args_get(a, MP_STATE, 0);
    int guns = (int)gr_args_get(a, MP_ARM, 0) == 1;
    if (guns && state == 1)
        return gr_error_set(err, GR_EINPUT,
                            "{state} disordered: guns read the column \"Troupes en bon ordre et "
                            "canons\"; accepted with {arm} guns: {state} good_order");
    /* « Troupes en désordre ou brisées » is one column: a broken unit reads it. */
    if (guns && gr_args_flag(a, MP_BROKEN))
        return gr_error_set(err, GR_EINPUT,
                            "{broken} with {arm} guns: « brisé » is for troops (their column "
                            "« Troupes en désordre ou brisées »); accepted with {broken}: {arm} "
                            "troops {state} disordered");
    if (state == 0 && gr_args_flag(a, MP_BROKEN))
        return gr_error_set(err, GR_EINPUT,
                            "{broken} with {state} good_order: broken troops read the column "
                            "« Troupes en désordre ou brisées », never « Troupes en bon ordre et "
                            "canons »; accepted with {broken}: {state} disordered");
    if (!guns && (gr_args_flag(a, MP_IN_BATTERY) || a->given[MP_GUN]))
        return gr_error_set(err, GR_EINPUT,
                            "{in-battery} and {gun} are for guns; accepted with them: {arm} guns");
    maneuver_drms(a, r);
    int mod = gr_res_drm_total(r, 0);
    gr_args t = {.v = {state}, .given = {1}};
    gr_step *step;
    gr_status st =
        gr_res_roll_read(r, dice, "maneuver", "Maneuver", &rff_maneuver_table, &t, mod, &step, err);
    if (st != GR_OK)
        return st;
    const char *id = outcome_id(step);
    if (same(id, "panic") && state == 1) {
        int stands = (int)cell_int(step, "stands", 0);
        gr_res_value(r, "stands_lost", GR_F_INT, stands);
        gr_res_note(r, "panic: one stand lost per point below 0 (score %d): %d stand(s)",
                    step->score, stands);
    }
    int col, share;
    maneuver_allows(id, &col, &share);
    if (same(id, "shocked") && state == 0 && !guns)
        col = RFF_COL_SHOCKED; /* the troops' CHOQUÉE column */
    if (col >= 0 && !(guns && col == RFF_COL_SHOCKED)) {
        gr_res_note_text(r, rff_actions_note(guns, col));
    }
    int gun = (int)gr_args_get(a, MP_GUN, 3);
    if (share == 3 && guns && gun <= 1) {
        share = 2;
        gr_res_note(r, "forced march: not for HH or HR guns (\"Pas de marche forcée si canon HH "
                       "ou HR\"): a full move");
    }
    if (a->given[MP_UNIT] && share) {
        int u = (int)gr_args_get(a, MP_UNIT, 0), ter = (int)gr_args_get(a, MP_TERRAIN, 0);
        int cm = rff_move_cm(u, ter, share == 3);
        if (cm < 0) {
            gr_res_note(r, "the movement row prints '-' on the road: move at the rate of the "
                           "terrain the road crosses");
        } else {
            int64_t milli = (int64_t)cm * GR_MILLI;
            if (share == 1)
                milli /= 2;
            gr_res_value(r, "move_cm", GR_F_NUM, milli);
        }
    } else if (a->given[MP_UNIT] && !share) {
        gr_res_note(r, "this result gives no maneuver move: the unit moves only as its effect "
                       "says");
    }
    return GR_OK;
}

static const gr_applies maneuver_applies[] = {
    {"in-battery", "arm=guns"},
    {"gun", "arm=guns"},
};

const gr_procedure rff_maneuver_proc = {
    .name = "maneuver",
    .title = "Test de manœuvre",
    .source = RFF_SRC ", TABLE DE MANŒUVRES; MANŒVRES DE LA TROUPE / DES CANONS; CAPACITES DE "
                      "MOUVEMENT",
    GR_ARRAY(params, maneuver_params),
    .rolls_help = "the D10 face: {roll} 6",
    .example = "grognard resolve rff maneuver --state good_order --leader gallant --quality "
               "veteran --unit infantry_march_column --terrain road --seed 5",
    .resolve = maneuver_resolve,
    GR_ARRAY(applies, maneuver_applies),
};

/* ---- musketry and cannonade ------------------------------------------------ */

static const char *const covers[] = {"none", "partial", "full", "fortified", NULL};

/* The inputs of musketry and cannonade, by index: the two share the code
 * (weapon or gun), the points file and the target's inputs, at the same
 * places; each has its own after FI_N.  The procedures read their inputs
 * by these indices, never by name. */
enum {
    FI_CODE, /* musketry: weapon; cannonade: gun */
    FI_POINTS_FILE,
    FI_BAND,
    FI_STANDS,
    FI_POINTS,
    FI_LOW_AMMO,
    FI_QUALITY,
    FI_DIVISION_COLUMN,
    FI_CAVALRY,
    FI_FLANKED,
    FI_ABOUT_FACED,
    FI_PASSED_LINES,
    FI_BROKEN,
    FI_MARCH_COLUMN,
    FI_ENFILADED,
    FI_GUNS,
    FI_LIMBERED,
    FI_SINGLE_LINE,
    FI_COVER,
    FI_CHARGING,
    FI_BAYONET,
    FI_MASSED,
    FI_UNDER_HALF,
    FI_NO_LEADER_NEAR,
    FI_N
};
enum { FM_DISORDERED = FI_N, FM_FIRER_QUALITY, FM_IN_CHARGE, FM_BUCK_AND_BALL, FM_SHARPSHOOTERS };
enum { FC_DAMAGED = FI_N };

#define POINTS_FILE_PARAM                                                                          \
    [FI_POINTS_FILE] = GR_TEXT(                                                                    \
        "points-file", "a scenario's fire-points file (default data/rff/fire_points.json)")

#define TARGET_PARAMS                                                                              \
    [FI_BAND] = GR_ENUM_REQ("band", rff_bands,                                                     \
                            "range band: close (portée rapprochée, 'Rapp.') or long ('Portée')"),  \
    [FI_STANDS] = GR_INT("stands", 1, 60, "stands firing (with the points file)"),                 \
    [FI_POINTS] =                                                                                  \
        GR_NUM("points", 0, 1000 * GR_MILLI,                                                       \
               "total fire points, given by the player (the per-stand values are not in the "      \
               "seed)"),                                                                           \
    [FI_LOW_AMMO] = GR_FLAG("low-ammo", "the firers are low on ammunition (x1/2)"),                \
    [FI_QUALITY] = GR_ENUM_REQ("target-quality", qualities,                                        \
                               "the target's column: crack, veteran, trained, green"),             \
    [FI_DIVISION_COLUMN] = GR_FLAG("target-division-column", "target in division column (+1)"),    \
    [FI_CAVALRY] = GR_FLAG("target-cavalry", "target is cavalry (+1)"),                            \
    [FI_FLANKED] = GR_FLAG("target-flanked", "target taken in flank (+1)"),                        \
    [FI_ABOUT_FACED] = GR_FLAG("target-about-faced", "target has about-faced (+1)"),               \
    [FI_PASSED_LINES] = GR_FLAG("target-passed-lines", "target made a passage of lines (+1)"),     \
    [FI_BROKEN] = GR_FLAG("target-broken", "target unit is broken (+1)"),                          \
    [FI_MARCH_COLUMN] = GR_FLAG("target-march-column", "target in march column (+2)"),             \
    [FI_ENFILADED] = GR_FLAG("target-enfiladed",                                                   \
                             "target enfiladed: troops +2, guns +1 (replaces the flank +1)"),      \
    [FI_GUNS] = GR_FLAG("target-guns", "the target is guns"),                                      \
    [FI_LIMBERED] = GR_FLAG("target-limbered", "target guns limbered (+1)"),                       \
    [FI_SINGLE_LINE] =                                                                             \
        GR_FLAG("target-single-line", "target in single line (-1, or -2 in partial cover)"),       \
    [FI_COVER] =                                                                                   \
        GR_ENUM("cover", covers,                                                                   \
                "target's cover: none (default), partial (-1), full (-2), fortified (-3)"),        \
    [FI_CHARGING] =                                                                                \
        GR_FLAG("target-charging", "the target is charging: the result's charge effect applies"),  \
    [FI_BAYONET] = GR_FLAG("bayonet", "the charging target has bayonet/sabre"),                    \
    [FI_MASSED] =                                                                                  \
        GR_FLAG("massed", "massed target: units within 5cm behind it take the effect next"),       \
    [FI_UNDER_HALF] = GR_FLAG(                                                                     \
        "under-half", "fewer than half the unit's stands fired (no low ammunition on a 10)"),      \
    [FI_NO_LEADER_NEAR] = GR_FLAG(                                                                 \
        "no-leader-near", "no leader within 10cm of the target (no leader loss test on a 10)")

static const gr_param musketry_params[] = {
    [FI_CODE] = GR_ENUM("weapon", rff_weapons,
                        "weapon code: rm, ir, rc, rpc, rpr, blc, blr, sm, sh, carbine"),
    POINTS_FILE_PARAM,
    TARGET_PARAMS,
    [FM_DISORDERED] = GR_FLAG("disordered", "the firers are disordered (x1/2)"),
    [FM_FIRER_QUALITY] = GR_ENUM("firer-quality", qualities,
                                 "firers' quality: green musketry is -1 (default trained)"),
    [FM_IN_CHARGE] = GR_FLAG("in-charge", "the firers are charging or receiving a charge"),
    [FM_BUCK_AND_BALL] = GR_FLAG("buck-and-ball", "SM firers loaded with buck & ball"),
    [FM_SHARPSHOOTERS] = GR_FLAG("sharpshooters", "the firers are sharpshooters (SS) (+1)"),
};

static const gr_param cannonade_params[] = {
    [FI_CODE] = GR_ENUM("gun", rff_guns, "gun type: hh, hr, mh, other"),
    POINTS_FILE_PARAM,
    TARGET_PARAMS,
    [FC_DAMAGED] = GR_FLAG("damaged", "the gun is damaged (x1/2)"),
};

/* Total fire points, in milli-points, with the multipliers. */
static gr_status fire_points(const gr_args *a, int cannon, gr_resolution *r, int64_t *points,
                             gr_error *err)
{
    const char *what = cannon ? "gun" : "weapon";
    int band = (int)gr_args_get(a, FI_BAND, 0);
    int have_code = a->given[FI_CODE];
    const rff_points *file = NULL;
    const rff_points_entry *pts = NULL;
    if (have_code) {
        gr_status st =
            rff_points_get(a, cannon, (int)gr_args_get(a, FI_CODE, 0), band, &file, &pts, err);
        if (st != GR_OK)
            return st;
    }
    const char *code =
        have_code ? (cannon ? rff_gun_codes : rff_weapon_codes)[gr_args_get(a, FI_CODE, 0)] : NULL;
    if (a->given[FI_POINTS]) {
        *points = gr_args_get(a, FI_POINTS, 0);
        gr_res_info(r, "fire points given by the player ({points})", SRC_POINTS);
        if (!have_code || !pts->known)
            gr_res_note(r,
                        "the %s points per %s are not in the seed (lost in extraction) and "
                        "no public source was found: the fire points are the player's "
                        "({points}), not the tool's",
                        cannon ? "cannonade" : "musketry", cannon ? "gun stand" : "stand");
        else
            gr_res_note(r, "{points} replaces the file's %s value for %s at %s range", what, code,
                        rff_bands[band]);
    } else {
        if (!have_code || !a->given[FI_STANDS])
            return gr_error_set(err, GR_EINPUT,
                                "give the fire points with {points} N (the per-stand values are "
                                "not in the seed), or {%s} and {stands} for a points file",
                                what);
        if (!pts->known)
            return gr_error_set(
                err, GR_EINPUT,
                "the %s points per stand for %s at %s range are not in the seed (lost in "
                "extraction) and no public source was found (%s: null, source \"%s\"); "
                "accepted: the fire points given directly with {points} N, or a scenario's "
                "points file with {points-file} FILE",
                cannon ? "cannonade" : "musketry", code, rff_bands[band], file->path,
                pts->present ? pts->source : "absent from the file");
        *points = pts->milli * gr_args_get(a, FI_STANDS, 1);
        gr_res_info(r, "points per stand from the points file times the stands firing", SRC_POINTS);
        gr_res_note(r, "points per stand for %s at %s range: read from %s (source: %s)", code,
                    rff_bands[band], file->path, pts->source);
    }
    gr_res_value(r, "base_points", GR_F_NUM, *points);
    /* "x 1/2 si tireurs en désordre, à court de munitions ou canon endommagé,
     * non cumulable" */
    static const struct {
        int musketry, cannonade; /* the flag's input, -1 if the procedure has none */
        const char *reason;
    } halves[] = {{FM_DISORDERED, -1, "x 1/2 tireurs en désordre"},
                  {FI_LOW_AMMO, FI_LOW_AMMO, "x 1/2 à court de munitions"},
                  {-1, FC_DAMAGED, "x 1/2 canon endommagé"}};
    int halved = 0;
    for (size_t i = 0; i < GR_COUNT(halves); i++) {
        int k = cannon ? halves[i].cannonade : halves[i].musketry;
        if (k >= 0 && gr_args_flag(a, k)) {
            gr_mod *m = gr_res_mul(r, 1, 2, halves[i].reason, SRC_FP);
            if (halved && m)
                m->applied = 0;
            halved = 1;
        }
    }
    if (halved) {
        *points /= 2;
        gr_res_note(r, "x 1/2 counts once: \"non cumulable\"");
    }
    gr_res_value(r, "points", GR_F_NUM, *points);
    return GR_OK;
}

static void fire_drm_line(gr_resolution *r, int line)
{
    line_drm(r, rff_fire_drm(line), rff_fire_drm_text(line), SRC_FD);
}

/* The die modifiers of the target (shared by musketry and cannonade). */
static gr_status target_drms(const gr_procedure *p, const gr_args *a, gr_resolution *r,
                             gr_error *err)
{
    int guns = gr_args_flag(a, FI_GUNS);
    int enf = gr_args_flag(a, FI_ENFILADED);
    if (!guns && gr_args_flag(a, FI_LIMBERED))
        return gr_error_set(err, GR_EINPUT,
                            "{target-limbered} is for a gun target; accepted "
                            "with it: {target-guns}");
    /* One target, one formation (docs/rules/rff.md). */
    static const gr_exclusion excl[] = {
        {FI_DIVISION_COLUMN, RFF_FD_TARGET_EXPOSED, FI_MARCH_COLUMN,
         RFF_FD_MARCH_COLUMN_OR_ENFILADE, "a target is in one formation"},
        {FI_DIVISION_COLUMN, RFF_FD_TARGET_EXPOSED, FI_SINGLE_LINE,
         RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE, "a target is in one formation"},
        {FI_MARCH_COLUMN, RFF_FD_MARCH_COLUMN_OR_ENFILADE, FI_SINGLE_LINE,
         RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE, "a target is in one formation"},
        {FI_CAVALRY, RFF_FD_TARGET_EXPOSED, FI_GUNS, RFF_FD_GUN_TARGET,
         "a target is cavalry or guns, not both"},
    };
    gr_status st = gr_res_exclusions(a, p->params, 0, excl, GR_COUNT(excl), rff_fire_drm_text, err);
    if (st != GR_OK)
        return st;
    static const int exposed[] = {FI_DIVISION_COLUMN, FI_CAVALRY,      FI_FLANKED,
                                  FI_ABOUT_FACED,     FI_PASSED_LINES, FI_BROKEN};
    int any = 0;
    for (size_t i = 0; i < GR_COUNT(exposed); i++)
        if (gr_args_flag(a, exposed[i]) && !(enf && exposed[i] == FI_FLANKED))
            any = 1;
    if (any)
        fire_drm_line(r, RFF_FD_TARGET_EXPOSED);
    else if (gr_args_flag(a, FI_FLANKED))
        gr_res_note(r, "the target is enfiladed: the enfilade line replaces the flank +1 "
                       "(docs/rules/rff.md)");
    if (!guns && (gr_args_flag(a, FI_MARCH_COLUMN) || enf))
        fire_drm_line(r, RFF_FD_MARCH_COLUMN_OR_ENFILADE);
    if (guns && gr_args_flag(a, FI_MARCH_COLUMN))
        return gr_error_set(err, GR_EINPUT,
                            "{target-march-column} is for troops; a gun target "
                            "uses {target-limbered}");
    if (guns && (gr_args_flag(a, FI_LIMBERED) || enf || gr_args_get(a, FI_BAND, 1) == 0))
        fire_drm_line(r, RFF_FD_GUN_TARGET);
    int cover = (int)gr_args_get(a, FI_COVER, 0), single = gr_args_flag(a, FI_SINGLE_LINE);
    if (cover == 3)
        fire_drm_line(r, RFF_FD_FORTIFIED);
    else if (cover == 2 || (cover == 1 && single))
        fire_drm_line(r, RFF_FD_FULL_COVER);
    else if (cover == 1 || single)
        fire_drm_line(r, RFF_FD_PARTIAL_COVER_OR_SINGLE_LINE);
    if (single && cover >= 2)
        gr_res_note(r, "single line in full cover or fortified: the cover line alone applies");
    return GR_OK;
}

static gr_status fire_resolve(const gr_procedure *p, int cannon, const gr_args *a,
                              gr_dice_source *dice, gr_resolution *r, gr_error *err)
{
    gr_resolution_init(r, "rff", cannon ? "cannonade" : "musketry");
    int64_t points = 0;
    gr_status st = fire_points(a, cannon, r, &points, err);
    if (st != GR_OK)
        return st;
    int from = r->nmods;
    gr_res_drm(r, rff_base_modifier(points), rff_base_modifier_text(points), SRC_FB);
    if (cannon) {
        fire_drm_line(r, RFF_FD_GREEN_OR_CANNON);
    } else {
        int w = a->given[FI_CODE] ? (int)a->v[FI_CODE] : -1;
        if (gr_args_flag(a, FM_BUCK_AND_BALL) && w != 7)
            return gr_error_set(err, GR_EINPUT,
                                "{buck-and-ball} is for SM firers; accepted "
                                "with it: {weapon} sm");
        int repeater = w == 3 || w == 4;
        if (gr_args_flag(a, FM_IN_CHARGE) && (gr_args_flag(a, FM_BUCK_AND_BALL) || repeater))
            fire_drm_line(r, RFF_FD_BUCK_OR_REPEATER);
        else if (gr_args_flag(a, FM_IN_CHARGE))
            gr_res_note(r,
                        "in a charge: +1 only for buck & ball (SM) or repeating arms (RPC, "
                        "RPR)%s",
                        w < 0 ? "; give {weapon}" : "");
        if (gr_args_flag(a, FM_SHARPSHOOTERS))
            fire_drm_line(r, RFF_FD_SHARPSHOOTERS);
        if (gr_args_get(a, FM_FIRER_QUALITY, 2) == 3)
            fire_drm_line(r, RFF_FD_GREEN_OR_CANNON);
    }
    if ((st = target_drms(p, a, r, err)) != GR_OK)
        return st;
    int mod = gr_res_drm_total(r, from);
    gr_args t = {.v = {gr_args_get(a, FI_QUALITY, 0)}, .given = {1}};
    gr_step *step;
    if ((st = gr_res_roll_read(r, dice, cannon ? "cannonade" : "musketry",
                               cannon ? "Cannonade" : "Musketry", &rff_musketry_table, &t, mod,
                               &step, err)) != GR_OK)
        return st;
    const char *id = outcome_id(step);
    int guns = gr_args_flag(a, FI_GUNS);
    if (same(id, "heavy") && !cannon)
        gr_res_note(r, "Tir nourri acts on cannonade only: no effect from musketry");
    else if (same(id, "ravaging") || same(id, "deadly"))
        gr_res_value(r, guns ? "guns_destroyed" : "stands_lost", GR_F_INT,
                     guns ? 1 : cell_int(step, "stands", 0));
    const char *charge = cell_str(step, "charge");
    if (gr_args_flag(a, FI_CHARGING) && charge) {
        int stopped = same(charge, "stopped") ||
                      (same(charge, "stopped_unless_bayonet") && !gr_args_flag(a, FI_BAYONET));
        if (same(id, "heavy") && !cannon)
            stopped = 0;
        gr_res_value(r, "charge_stopped", GR_F_INT, stopped);
        gr_res_note(r, "%s",
                    stopped ? "charge stopped: the charger falls back to 5cm from the target; "
                              "cavalry may be recalled a full move"
                            : "charge home: resolve the melee in the next phase");
    } else {
        gr_step_silence(step, "charge"); /* no charge in progress: not shown */
        if (gr_args_flag(a, FI_BAYONET))
            gr_res_note(r, "{bayonet} matters only with {target-charging}");
    }
    if (gr_args_flag(a, FI_MASSED) && !same(id, "no_effect") && (cannon || !same(id, "heavy")))
        gr_res_note(r, "massed target: the units within 5cm behind the target take the effect "
                       "directly after");
    /* A natural 10 on the base die: low ammunition and a leader loss test. */
    if (r->rolls[step->roll].total == 10) {
        gr_res_value(r, "natural_10", GR_F_INT, 1);
        if (gr_args_flag(a, FI_UNDER_HALF)) {
            gr_res_note(r, "natural 10: no low ammunition, fewer than half the stands fired");
        } else {
            gr_res_value(r, "low_ammunition", GR_F_INT, 1);
            gr_res_note(r,
                        "natural 10 on the base die: the firing %s is low on ammunition "
                        "(A court de munitions)",
                        cannon ? "gun" : "unit");
        }
        if (gr_args_flag(a, FI_NO_LEADER_NEAR)) {
            gr_res_note(r, "natural 10: no leader within 10cm of the target, no leader loss "
                           "test");
        } else {
            if ((st = leader_test(r, dice, "Leader loss test (natural 10)", err)) != GR_OK)
                return st;
            gr_res_note(r, "natural 10 on the base die: leader loss test, applied to the nearest "
                           "leader within 10cm of the target (Perte de chef)");
        }
    }
    return GR_OK;
}

static gr_status musketry_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                  gr_error *err)
{
    return fire_resolve(&rff_musketry_proc, 0, a, dice, r, err);
}

static gr_status cannonade_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                   gr_error *err)
{
    return fire_resolve(&rff_cannonade_proc, 1, a, dice, r, err);
}

/* Musketry's and cannonade's: the same inputs. */
static const gr_applies fire_applies[] = {
    {"bayonet", "target-charging"},
};

const gr_procedure rff_musketry_proc = {
    .name = "musketry",
    .title = "Mousqueterie",
    .source = RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE",
    GR_ARRAY(params, musketry_params),
    .rolls_help = "the fire D10 face, then (on a natural 10) the leader loss D10: {roll} 10,4",
    .example = "grognard resolve rff musketry --weapon rm --band close --points 10 "
               "--target-quality veteran --seed 3",
    .resolve = musketry_resolve,
    GR_ARRAY(applies, fire_applies),
};

const gr_procedure rff_cannonade_proc = {
    .name = "cannonade",
    .title = "Canonnade",
    .source = RFF_SRC ", TABLE DE MOUSQUETERIE & CANONNADE",
    GR_ARRAY(params, cannonade_params),
    .rolls_help = "the fire D10 face, then (on a natural 10) the leader loss D10: {roll} 10,4",
    .example = "grognard resolve rff cannonade --gun hr --band long --points 6 "
               "--target-quality trained --seed 3",
    .resolve = cannonade_resolve,
    GR_ARRAY(applies, fire_applies),
};

/* ---- charge ----------------------------------------------------------------- */

static const char *const side_guns[] = {"none", "supported", "unsupported", NULL};
static const char *const cav_charges[] = {"none", "clear", "rough", "difficult_or_stationary",
                                          NULL};

#define SIDE_PARAMS(side)                                                                            \
    GR_INT_REQ(side "-stands", 1, 99, "stands in the fight (for the odds ratio)"),                   \
        GR_ENUM(side "-quality", qualities,                                                          \
                "crack (+2), veteran (+1), trained (0, default), green (-1)"),                       \
        GR_ENUM(side "-condition", conditions, "fresh (+2), worn (0, default), spent (-2)"),         \
        GR_ENUM(side "-guns", side_guns, "the side is guns: supported (+1) or unsupported (-1)"),    \
        GR_FLAG(side "-disordered", "troops disordered or guns silenced (-1)"),                      \
        GR_FLAG(side "-attached",                                                                    \
                "leader attached (+1; tested for loss when the result says « si chef attaché »)"),   \
        GR_FLAG(side "-single-line", "single line (-1, once with militia)"),                         \
        GR_FLAG(side "-militia", "militia (-1, once with single line)"),                             \
        GR_FLAG(side "-flanked", "taken in flank (-3, once in its line)"),                           \
        GR_FLAG(side "-broken", "broken (-3, once in its line)"),                                    \
        GR_FLAG(side "-march-column", "march column (-3, once in its line)"),                        \
        GR_FLAG(side "-limbered", "limbered guns (-3, once in its line)"),                           \
        GR_FLAG(side "-bayonet", "bayonet/sabre or breakthrough (+1; lost after a fierce fight)"),   \
        GR_ENUM(                                                                                     \
            side "-cavalry-charge", cav_charges,                                                     \
            "cavalry charge: clear (+2), rough (+1), difficult_or_stationary (0; also mounted "      \
            "infantry); lost after a fierce fight"),                                                 \
        GR_INT(                                                                                      \
            side "-worn-left", 0, 99,                                                                \
            "the stands left at or below which the side is worn (ébranlé), from its roster: the "  \
            "fight again after a fierce fight reads the condition from the stands left"),            \
        GR_INT(side "-spent-left", 0, 99,                                                            \
               "the stands left at or below which the side is spent (fatigué), from its roster: "   \
               "read again, as --" side "-worn-left, in the fight after a fierce fight"),            \
        GR_FLAG(side "-brave-colonel",                                                               \
                "brave colonel (+1 « Colonel courageux », once with an attached leader; he is no " \
                "attached leader: no leader-loss test)")

enum {
    CS_STANDS,
    CS_QUALITY,
    CS_CONDITION,
    CS_GUNS,
    CS_DISORDERED,
    CS_ATTACHED,
    CS_SINGLE,
    CS_MILITIA,
    CS_FLANKED,
    CS_BROKEN,
    CS_COLUMN,
    CS_LIMBERED,
    CS_BAYONET,
    CS_CAV,
    CS_WORN_LEFT,
    CS_SPENT_LEFT,
    CS_BRAVE,
    CS_N
};
enum { CP_FAVORABLE = 2 * CS_N };
static const gr_param charge_params[] = {
    SIDE_PARAMS("attacker"),
    SIDE_PARAMS("defender"),
    [CP_FAVORABLE] = GR_FLAG("defender-favorable",
                             "defender holds favorable ground, or dense or fortified cover (+1)"),
};

static void cd_line(gr_resolution *r, int line, int side, int applied)
{
    gr_mod *m = line_drm(r, rff_charge_drm(line), rff_charge_drm_text(line), SRC_CD);
    if (m) {
        m->side = side;
        if (!applied)
            m->applied = 0;
    }
}

/* One side's DRMs in condition `cond` (0 fresh, 1 worn, 2 spent);
 * `refight`: after a fierce fight (« Chaque coté perd 1 socle, troupe en
 * désordre, canon silencieux. Perd modificateur percée, baïonnette/sabre,
 * charge de cavalerie ») each side is disordered or silenced, so it carries
 * « -1 Troupe en désordre ou canon silencieux » (once, whether or not it was
 * before), and the breakthrough, bayonet/sabre and cavalry charge modifiers
 * are lost (listed, not applied). */
static void charge_side(gr_resolution *r, const gr_args *a, int side, int cond, int refight)
{
    int b = side * CS_N;
    static const int q_line[] = {RFF_CD_CRACK, RFF_CD_VETERAN, RFF_CD_TRAINED, RFF_CD_GREEN};
    cd_line(r, q_line[gr_args_get(a, b + CS_QUALITY, 2)], side, 1);
    static const int c_line[] = {RFF_CD_FRESH, RFF_CD_WORN, RFF_CD_SPENT};
    cd_line(r, c_line[cond], side, 1);
    int g = (int)gr_args_get(a, b + CS_GUNS, 0);
    if (g)
        cd_line(r, g == 1 ? RFF_CD_GUN_SUPPORTED : RFF_CD_GUN_UNSUPPORTED, side, 1);
    if (gr_args_flag(a, b + CS_DISORDERED) || refight)
        cd_line(r, RFF_CD_DISORDERED_OR_SILENCED, side, 1);
    /* "+1 Chef attaché ou Colonel courageux": one line, once. */
    if (gr_args_flag(a, b + CS_ATTACHED) || gr_args_flag(a, b + CS_BRAVE))
        cd_line(r, RFF_CD_ATTACHED, side, 1);
    if (gr_args_flag(a, b + CS_SINGLE) || gr_args_flag(a, b + CS_MILITIA))
        cd_line(r, RFF_CD_SINGLE_LINE_OR_MILITIA, side, 1);
    if (gr_args_flag(a, b + CS_FLANKED) || gr_args_flag(a, b + CS_BROKEN) ||
        gr_args_flag(a, b + CS_COLUMN) || gr_args_flag(a, b + CS_LIMBERED))
        cd_line(r, RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED, side, 1);
    if (side == 1 && gr_args_flag(a, CP_FAVORABLE))
        cd_line(r, RFF_CD_FAVORABLE_OR_FORTIFIED, side, 1);
    if (gr_args_flag(a, b + CS_BAYONET))
        cd_line(r, RFF_CD_BAYONET_OR_BREAKTHROUGH, side, !refight);
    static const int cav_line[] = {-1, RFF_CD_CAV_CLEAR, RFF_CD_CAV_ROUGH,
                                   RFF_CD_CAV_DIFFICULT_OR_STATIONARY};
    int cav = (int)gr_args_get(a, b + CS_CAV, 0);
    if (cav)
        cd_line(r, cav_line[cav], side, !refight);
}

/* The outnumbered side's DRM: -1 at 3/2, -2 at 2/1, -3 at 3/1 and more. */
static void odds_ratio(gr_resolution *r, int more, int fewer, int side)
{
    static const struct {
        int num, den, line;
    } ratios[] = {{3, 1, RFF_CD_OUTNUMBERED_3_1},
                  {2, 1, RFF_CD_OUTNUMBERED_2_1},
                  {3, 2, RFF_CD_OUTNUMBERED_3_2}};
    for (size_t i = 0; i < GR_COUNT(ratios); i++)
        if (more * ratios[i].den >= fewer * ratios[i].num) {
            cd_line(r, ratios[i].line, side, 1);
            return;
        }
}

/* The condition of `side` in the fight again, with `left` stands after the
 * fierce fight's loss: the roster's thresholds (--SIDE-worn-left,
 * --SIDE-spent-left) read again; a side only loses stands, so its
 * condition only worsens (docs/rules/rff.md, "fought again"). */
static int condition_again(gr_resolution *r, const gr_args *a, int side, int cond, int left)
{
    int b = side * CS_N, c = cond;
    const char *who = side ? "defender" : "attacker";
    int64_t wl = gr_args_get(a, b + CS_WORN_LEFT, 0), sl = gr_args_get(a, b + CS_SPENT_LEFT, 0);
    if (a->given[b + CS_SPENT_LEFT] && left <= sl)
        c = 2;
    else if (a->given[b + CS_WORN_LEFT] && left <= wl && c < 1)
        c = 1;
    if (c != cond)
        gr_res_note(r, "fought again: the %s has %d stand(s) left ({%s-%s-left} %lld): now %s", who,
                    left, who, c == 2 ? "spent" : "worn", (long long)(c == 2 ? sl : wl),
                    c == 2 ? "fatigué (-2)" : "ébranlé (0)");
    else if (cond < 2 && !a->given[b + CS_WORN_LEFT] && !a->given[b + CS_SPENT_LEFT])
        gr_res_note(r,
                    "fought again: the %s's condition (%s) is kept; {%s-worn-left} and "
                    "{%s-spent-left} (its roster) read it again from the stands left",
                    who, conditions[cond], who, who);
    return c;
}

/* Attacker's and defender's totals of the DRMs added from `from` on. */
static void side_totals(const gr_resolution *r, int from, int *att, int *def)
{
    *att = *def = 0;
    for (int i = from; i < r->nmods; i++)
        if (r->mods[i].kind == GR_MOD_DRM && r->mods[i].applied)
            *(r->mods[i].side ? def : att) += r->mods[i].value;
}

/* Pairs of one side's inputs that exclude each other (docs/rules/rff.md). */
static gr_status charge_check(const gr_args *a, gr_error *err)
{
    static const gr_exclusion excl[] = {
        {CS_SINGLE, RFF_CD_SINGLE_LINE_OR_MILITIA, CS_COLUMN, RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED,
         "a regiment is in one formation"},
        {CS_GUNS, RFF_CD_GUN_SUPPORTED, CS_SINGLE, RFF_CD_SINGLE_LINE_OR_MILITIA,
         "guns are not in line"},
        {CS_GUNS, RFF_CD_GUN_SUPPORTED, CS_MILITIA, RFF_CD_SINGLE_LINE_OR_MILITIA,
         "guns are not militia"},
        {CS_GUNS, RFF_CD_GUN_SUPPORTED, CS_COLUMN, RFF_CD_FLANKED_BROKEN_COLUMN_LIMBERED,
         "guns on the move are limbered (« canons attelés »), not a march column"},
        {CS_GUNS, RFF_CD_GUN_SUPPORTED, CS_CAV, RFF_CD_CAV_CLEAR, "guns do not charge as cavalry"},
    };
    for (int side = 0; side < 2; side++) {
        int b = side * CS_N;
        const char *who = side ? "defender" : "attacker";
        if (a->given[b + CS_WORN_LEFT] && a->given[b + CS_SPENT_LEFT] &&
            gr_args_get(a, b + CS_SPENT_LEFT, 0) > gr_args_get(a, b + CS_WORN_LEFT, 0))
            return gr_error_set(err, GR_EINPUT,
                                "{%s-spent-left} %lld is above {%s-worn-left} %lld: a regiment "
                                "is fatigué with fewer stands than ébranlé; accepted: spent-left "
                                "<= worn-left",
                                who, (long long)gr_args_get(a, b + CS_SPENT_LEFT, 0), who,
                                (long long)gr_args_get(a, b + CS_WORN_LEFT, 0));
        if (gr_args_flag(a, b + CS_LIMBERED) && !gr_args_get(a, b + CS_GUNS, 0))
            return gr_error_set(err, GR_EINPUT,
                                "{%s-limbered}: « canons attelés » is for guns; accepted with "
                                "it: {%s-guns} supported or unsupported",
                                side ? "defender" : "attacker", side ? "defender" : "attacker");
        gr_status st =
            gr_res_exclusions(a, charge_params, b, excl, GR_COUNT(excl), rff_charge_drm_text, err);
        if (st != GR_OK)
            return st;
    }
    return GR_OK;
}

static gr_status charge_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r,
                                gr_error *err)
{
    gr_resolution_init(r, "rff", "charge");
    if (charge_check(a, err) != GR_OK)
        return GR_EINPUT;
    int as = (int)a->v[CS_STANDS], ds = (int)a->v[CS_N + CS_STANDS];
    int cond[2] = {(int)gr_args_get(a, CS_CONDITION, 1),
                   (int)gr_args_get(a, CS_N + CS_CONDITION, 1)};
    gr_status st;
    gr_step *step = NULL;
    /* A fierce fight (0) is fought again with the new modifiers; the steps
     * left after the leader test bound the rounds shown. */
    for (int round = 0; round < GR_MAX_STEPS - 1; round++) {
        int from = r->nmods;
        if (round)
            gr_res_info(r,
                        "combat acharné: perd modificateur percée, baïonnette/sabre, charge "
                        "de cavalerie; refaites un combat",
                        SRC_CE);
        from = r->nmods;
        if (round) {
            cond[0] = condition_again(r, a, 0, cond[0], as);
            cond[1] = condition_again(r, a, 1, cond[1], ds);
        }
        charge_side(r, a, 0, cond[0], round > 0);
        charge_side(r, a, 1, cond[1], round > 0);
        if (as > ds)
            odds_ratio(r, as, ds, 1);
        else if (ds > as)
            odds_ratio(r, ds, as, 0);
        int att, def;
        side_totals(r, from, &att, &def);
        if (!round) {
            gr_res_value(r, "attacker_modifier", GR_F_INT, att);
            gr_res_value(r, "defender_modifier", GR_F_INT, def);
        }
        if ((st = gr_res_roll_read(r, dice, "attacker vs defender",
                                   round ? "Charge (fought again)" : "Charge", &rff_charge_table,
                                   &no_inputs, att - def, &step, err)) != GR_OK)
            return st;
        if (!same(outcome_id(step), "fierce_fight"))
            break;
        as--;
        ds--;
        if (as < 1 || ds < 1) {
            gr_res_note(r,
                        "fierce fight: each side loses 1 stand; %s no stand left: no fight "
                        "again",
                        as < 1 && ds < 1 ? "both sides have"
                        : as < 1         ? "the attacker has"
                                         : "the defender has");
            break;
        }
        gr_res_note(r, "fierce fight: each side loses 1 stand (troops disordered, guns "
                       "silenced: -1 each in the new fight), then fights again without "
                       "breakthrough, bayonet/sabre and cavalry charge modifiers");
    }
    const char *id = outcome_id(step);
    if (r->nsteps > 1)
        gr_res_note(r, "final result after %d fight(s): %s", r->nsteps, id);
    if (same(id, "fierce_fight") && as > 0 && ds > 0)
        gr_res_note(r, "still a fierce fight: resolve again with the stands left");
    int64_t ds_lost = cell_int(step, "defender_stands", 0);
    int64_t as_lost = cell_int(step, "attacker_stands", 0);
    if (ds_lost)
        gr_res_value(r, "defender_stands_lost", GR_F_INT, ds_lost);
    if (as_lost)
        gr_res_value(r, "attacker_stands_lost", GR_F_INT, as_lost);
    int test = (same(id, "swept_away") && gr_args_flag(a, CS_N + CS_ATTACHED)) ||
               (same(id, "repulsed") && gr_args_flag(a, CS_ATTACHED));
    int loser = same(id, "swept_away") ? CS_N : 0;
    if (!test && (same(id, "swept_away") || same(id, "repulsed")) &&
        gr_args_flag(a, loser + CS_BRAVE))
        gr_res_note(r,
                    "« Test si chef attaché »: the %s's brave colonel is no attached leader: "
                    "no leader-loss test",
                    loser ? "defender" : "attacker");
    if (test) {
        if ((st = leader_test(r, dice, "Leader loss test", err)) != GR_OK)
            return st;
        gr_res_note(r, "%s with a leader attached: the %s's leader tests for loss",
                    same(id, "swept_away") ? "swept away" : "assault repulsed",
                    same(id, "swept_away") ? "defender" : "attacker");
    }
    return GR_OK;
}

const gr_procedure rff_charge_proc = {
    .name = "charge",
    .title = "Charge (mêlée)",
    .source = RFF_SRC ", TABLE DES CHARGES",
    GR_ARRAY(params, charge_params),
    .rolls_help = "attacker's D10 face, defender's D10 face (again after a fierce fight), then "
                  "a leader loss D10 if one is tested: {roll} 8,2",
    .example = "grognard resolve rff charge --attacker-stands 8 --defender-stands 4 "
               "--attacker-bayonet --roll 8,2",
    .resolve = charge_resolve,
};

/* ---- leader loss --------------------------------------------------------------- */

static gr_status ll_resolve(const gr_args *a, gr_dice_source *dice, gr_resolution *r, gr_error *err)
{
    (void)a;
    gr_resolution_init(r, "rff", "leader_loss");
    return leader_test(r, dice, "Leader loss", err);
}

const gr_procedure rff_leader_loss_proc = {
    .name = "leader_loss",
    .title = "Perte des chefs",
    .source = RFF_SRC ", PERTE DES CHEFS",
    .params = NULL,
    .nparams = 0,
    .rolls_help = "the D10 face: {roll} 9",
    .example = "grognard resolve rff leader_loss --seed 4",
    .resolve = ll_resolve,
};
