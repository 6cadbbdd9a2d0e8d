/* re_tables.c - Révolution et Empire (seed 004): the contract tables of
 * `grognard lookup re ...` (shared/contract/LOOKUP.md).  The values are
 * read from the data of re_rules.c and re_terrain.c, never retyped here;
 * this file adds the inputs, the result ids and the printed cells. */
#include "re_internal.h"

#include <string.h>

static const char *const re_target_ids[] = {"infantry",      "elite_infantry", "light_cavalry",
                                            "heavy_cavalry", "artillery",      NULL};
/* The face must be 1..6: a modifier (grognard odds --modifier) would push
 * it off the die, but R&E never modifies a face; bonuses and maluses change
 * the number of dice (§4.3). */
static gr_status face_check(int face, gr_error *err)
{
    if (face >= 1 && face <= 6)
        return GR_OK;
    return gr_error_set(err, GR_EINPUT,
                        "face %d: a D6 shows 1 to 6 and R&E never modifies a face (bonuses "
                        "and maluses change the number of dice, seed 004 §4.3); accepted: "
                        "{modifier} 0",
                        face);
}

static const char *const re_attacker_ids[] = {"infantry", "elite_infantry", "light_cavalry",
                                              "heavy_cavalry", NULL};

/* ---- die: one combat or fire die against a target (§4.4) ------------------ */

static const gr_outcome die_outcomes[] = {
    [RE_HIT_MISS] = {"miss", "Sans effet", "Le dé est sans effet."},
    [RE_HIT_LOSS] = {"loss", "Perte", "La cible perd une pièce (une figurine)."},
    [RE_HIT_RETREAT] = {"retreat", "Retraite",
                        "La cible retraite d'une case (l'artillerie ne retraite jamais)."},
};

enum { DIE_TARGET, DIE_FACE, DIE_COLUMN };
static const gr_param die_params[] = {
    [DIE_TARGET] = GR_ENUM_REQ("target", re_target_ids, "type of the unit hit"),
    [DIE_FACE] = GR_INT_REQ("face", 1, 6, "the face of the D6"),
    [DIE_COLUMN] = GR_FLAG("column-attack",
                           "an infantry column attack (against infantry or elite infantry only)"),
};

static gr_status die_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int target = (int)a->v[DIE_TARGET], face = (int)a->v[DIE_FACE];
    int column = gr_args_flag(a, DIE_COLUMN);
    const re_unit_info *u = re_unit(target);
    if (column && !u->is_infantry)
        return gr_error_set(err, GR_EINPUT,
                            "{column-attack}: a column attack is made by infantry against "
                            "infantry only (seed 004 §4.4), not against %s; accepted targets "
                            "with it: infantry, elite_infantry",
                            u->id);
    if (face_check(face, err) != GR_OK)
        return GR_EINPUT;
    const re_face_bands *fb = &re_die_bands[target][column];
    gr_status st = gr_bands_read(fb->bands, fb->n, face, out, "die", err);
    if (st != GR_OK)
        return st;
    /* the data and the rule function must agree */
    if ((re_hit)out->outcome != re_die_result(target, face, column))
        return gr_error_set(err, GR_ERUNTIME, "die: table and re_die_result disagree");
    if (target == RE_ARTILLERY && out->outcome == RE_HIT_LOSS)
        out->note = "L'ARTILLERIE ne retraite pas (elle perd une pièce par 1 aux dés)";
    return GR_OK;
}

/* Artillery never retreats: odds list only loss and miss for it. */
static int die_in_column(const gr_args *a, int k)
{
    return !(a->v[DIE_TARGET] == RE_ARTILLERY && k == RE_HIT_RETREAT);
}

static size_t die_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (int t = 0; t < RE_UNIT_TYPES; t++)
        for (int c = 0; c < 2; c++)
            for (size_t b = 0; b < re_die_bands[t][c].n; b++, n++)
                if (n < cap)
                    names[n] = re_die_bands[t][c].bands[b].cell;
    return n;
}

const gr_table re_die_table = {
    .name = "die",
    .title = "Résolution des combats : pertes et retraites",
    .source = RE_SRC ", §4.4 Résolution des combats (Pertes, Retraites)",
    GR_ARRAY(params, die_params),
    GR_ROLLED(DIE_FACE, GR_ROLL_D6),
    GR_ARRAY(outcomes, die_outcomes),
    .lookup = die_lookup,
    .cells = die_cells,
    .in_column = die_in_column,
    .example = "grognard lookup re die --target infantry --face 2",
};

/* ---- skirmish_die: skirmisher fire (§2.2) ---------------------------------- */

static const gr_outcome sk_outcomes[] = {
    {"miss", "Sans effet", "Le tir des tirailleurs est sans effet."},
    {"loss", "Perte", "L'unité d'infanterie visée perd une pièce."},
};
static const gr_param sk_params[] = {
    GR_INT_REQ("face", 1, 6, "the face of the D6"),
};

static gr_status sk_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int face = (int)a->v[0];
    if (face_check(face, err) != GR_OK)
        return GR_EINPUT;
    return gr_bands_read(re_skirmish_bands, GR_COUNT(re_skirmish_bands), face, out, "skirmish_die",
                         err);
}

GR_BANDS_CELLS(sk_cells, re_skirmish_bands)

const gr_table re_skirmish_die_table = {
    .name = "skirmish_die",
    .title = "Tir des tirailleurs",
    .source = RE_SRC ", §2.2 Les unités d'infanterie avec tirailleurs",
    GR_ARRAY(params, sk_params),
    GR_ROLLED(0, GR_ROLL_D6),
    GR_ARRAY(outcomes, sk_outcomes),
    .lookup = sk_lookup,
    .cells = sk_cells,
    .example = "grognard lookup re skirmish_die --face 2",
};

/* ---- artillery_dice: artillery fire by range (§2.1) ------------------------ */

static const gr_outcome ad_outcomes[] = {
    {"in_range", "À portée", "Dés de tir de l'artillerie à cette distance."},
    {"out_of_range", "Hors de portée", "Au-delà de 3 cases l'artillerie ne peut tirer."},
};
static const gr_param ad_params[] = {
    GR_INT_REQ("range", 1, 99, "distance to the target in hexes"),
};
/* The printed cells, by range; the dice are re_artillery_dice's. */
static const char *const ad_cells_txt[] = {NULL, "3 dés à 1 cases", "2 dés à 2 cases",
                                           "1 dé à 3 case"};
static const char ad_beyond[] = "au-delà de 3 cases";

static gr_status ad_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int range = (int)a->v[0];
    int dice = re_artillery_dice(range);
    if (dice > 0 && range < (int)GR_COUNT(ad_cells_txt)) {
        out->outcome = 0;
        out->cell = ad_cells_txt[range];
        gr_cell_int(out, "dice", dice);
    } else {
        out->outcome = 1;
        out->cell = ad_beyond;
    }
    return GR_OK;
}

static size_t ad_cells(const char **names, size_t cap)
{
    size_t n = 0;
    for (size_t r = 1; r < GR_COUNT(ad_cells_txt); r++, n++)
        if (n < cap)
            names[n] = ad_cells_txt[r];
    if (n < cap)
        names[n] = ad_beyond;
    return n + 1;
}

const gr_table re_artillery_dice_table = {
    .name = "artillery_dice",
    .title = "Tir d'artillerie",
    .source = RE_SRC ", §2.1 L'unité d'artillerie",
    GR_ARRAY(params, ad_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, ad_outcomes),
    .lookup = ad_lookup,
    .cells = ad_cells,
    .example = "grognard lookup re artillery_dice --range 2",
};

/* ---- unit_dice: combat dice by unit type (§4.3) ---------------------------- */

static const gr_outcome ud_outcomes[] = {
    {"dice", "Nombre de dés", "Dés de combat de l'unité, contre une unité à 1 case."},
};
static const gr_param ud_params[] = {
    GR_ENUM_REQ("type", re_attacker_ids, "type of the attacking unit"),
};
static const char *const ud_cells_txt[] = {
    [RE_INFANTRY] = "Infanterie : 3 dés, 1 case",
    [RE_ELITE_INFANTRY] = "Infanterie Elite : 4 dés, 1 case",
    [RE_LIGHT_CAVALRY] = "Cavalerie légère : 1 dé, 1 case",
    [RE_HEAVY_CAVALRY] = "Cavalerie Lourde : 2 dés, 1 case",
};

static gr_status ud_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    (void)err;
    int t = (int)a->v[0];
    out->outcome = 0;
    out->cell = ud_cells_txt[t];
    gr_cell_int(out, "dice", re_unit_dice(t));
    gr_cell_int(out, "range", 1);
    return GR_OK;
}

static size_t ud_cells(const char **names, size_t cap)
{
    size_t n = GR_COUNT(ud_cells_txt);
    for (size_t i = 0; i < n && i < cap; i++)
        names[i] = ud_cells_txt[i];
    return n;
}

const gr_table re_unit_dice_table = {
    .name = "unit_dice",
    .title = "Efficacité au combat (nombre de dés)",
    .source = RE_SRC ", §4.3 Efficacité au combat",
    GR_ARRAY(params, ud_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, ud_outcomes),
    .lookup = ud_lookup,
    .cells = ud_cells,
    .example = "grognard lookup re unit_dice --type elite_infantry",
};

/* ---- terrain: the effects of §7 as a table (terrain x effect) ------------- */

static const char *const tt_terrain_ids[RE_TR_ROWS + 1] = {
    "clear",    "forest",   "orchard", "town",
    "marsh",    "mountain", "ravine",  "fortress",
    "building", "lake",     "hill",    "fieldworks",
    "road",     "bridge",   "ford",    "sunken_road_or_stream",
    NULL,
};

enum {
    TE_FORBIDDEN,
    TE_STOPS,
    TE_NO_COMBAT,
    TE_NO_ATTACK_INTO,
    TE_NO_FIGHT_IN,
    TE_PROTECTION,
    TE_ATTACK,
    TE_CUMULATIVE,
    TE_NO_CHARGE,
    TE_NO_PURSUIT,
    TE_BLOCKS_LOS,
    TE_EFFECTS
};
static const char *const tt_effect_ids[TE_EFFECTS + 1] = {
    "forbidden", "stops",      "no_combat", "no_attack_into", "no_fight_in", "protection",
    "attack",    "cumulative", "no_charge", "no_pursuit",     "blocks_los",  NULL,
};

/* The names of the 32 sets of unit types, in type order. */
static const char *const tt_types[32] = {
    "none",
    "infantry",
    "elite_infantry",
    "infantry,elite_infantry",
    "light_cavalry",
    "infantry,light_cavalry",
    "elite_infantry,light_cavalry",
    "infantry,elite_infantry,light_cavalry",
    "heavy_cavalry",
    "infantry,heavy_cavalry",
    "elite_infantry,heavy_cavalry",
    "infantry,elite_infantry,heavy_cavalry",
    "light_cavalry,heavy_cavalry",
    "infantry,light_cavalry,heavy_cavalry",
    "elite_infantry,light_cavalry,heavy_cavalry",
    "infantry,elite_infantry,light_cavalry,heavy_cavalry",
    "artillery",
    "infantry,artillery",
    "elite_infantry,artillery",
    "infantry,elite_infantry,artillery",
    "light_cavalry,artillery",
    "infantry,light_cavalry,artillery",
    "elite_infantry,light_cavalry,artillery",
    "infantry,elite_infantry,light_cavalry,artillery",
    "heavy_cavalry,artillery",
    "infantry,heavy_cavalry,artillery",
    "elite_infantry,heavy_cavalry,artillery",
    "infantry,elite_infantry,heavy_cavalry,artillery",
    "light_cavalry,heavy_cavalry,artillery",
    "infantry,light_cavalry,heavy_cavalry,artillery",
    "elite_infantry,light_cavalry,heavy_cavalry,artillery",
    "infantry,elite_infantry,light_cavalry,heavy_cavalry,artillery",

};

static const gr_outcome tt_outcomes[] = {
    {"none", "Sans effet", "Le terrain n'a pas cet effet."},
    {"effect", "Effet", "Le terrain a cet effet (voir le texte imprimé)."},
};

enum { TT_TERRAIN, TT_EFFECT };
static const gr_param tt_params[] = {
    [TT_TERRAIN] = GR_ENUM_REQ("terrain", tt_terrain_ids,
                               "ground type or feature (hill, fieldworks, road, bridge, ford, "
                               "sunken_road_or_stream)"),
    [TT_EFFECT] = GR_ENUM_REQ("effect", tt_effect_ids, "which effect"),
};

/* The printed cell of each terrain x effect: the row's printed name, then
 * the effect's words. */
#define TT_ROW(l)                                                                                  \
    {                                                                                              \
        l " | interdit", l " | s'arrête en entrant", l " | sans pouvoir combattre",                \
            l " | ne peut attaquer vers", l " | ne peut combattre dans", l " | dés en protection", \
            l " | dés en attaque", l " | se cumule", l " | pas de charge de cavalerie",            \
            l " | pas de poursuite", l " | bloque la ligne de vue"                                 \
    }
static const char *const tt_cells[RE_TR_ROWS][TE_EFFECTS] = {
    [RE_CLEAR] = TT_ROW("Terrain clair"),
    [RE_FOREST] = TT_ROW("Forêts/bois"),
    [RE_ORCHARD] = TT_ROW("Verger/Palmeraie/Oasis/Bocage"),
    [RE_TOWN] = TT_ROW("Ville/Village"),
    [RE_MARSH] = TT_ROW("Marécage"),
    [RE_MOUNTAIN] = TT_ROW("Montagne"),
    [RE_RAVINE] = TT_ROW("Ravins/Oued"),
    [RE_FORTRESS] = TT_ROW("Forteresses"),
    [RE_BUILDING] = TT_ROW("Bâtiment isolé et fortifié"),
    [RE_LAKE] = TT_ROW("Lac/Rivière"),
    [RE_TR_HILL] = TT_ROW("Colline"),
    [RE_TR_FIELDWORKS] = TT_ROW("Fortifications de campagne/Cimetière/jardins entourés de murs"),
    [RE_TR_ROAD] = TT_ROW("Route"),
    [RE_TR_BRIDGE] = TT_ROW("Pont"),
    [RE_TR_FORD] = TT_ROW("Gué"),
    [RE_TR_HEXSIDE] = TT_ROW("Chemin creux/Ruisseaux"),
};

static gr_status tt_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    int t = (int)a->v[TT_TERRAIN], e = (int)a->v[TT_EFFECT];
    const re_terrain_row *r = re_terrain_row_at(t);
    if (!r || strncmp(tt_cells[t][e], r->label, strlen(r->label)))
        return gr_error_set(err, GR_ERUNTIME, "terrain: the cell names and the rows disagree");
    out->cell = tt_cells[t][e];
    out->note = r->text;
    unsigned mask = 0;
    int flag = 0, dice = 0;
    switch (e) {
    case TE_FORBIDDEN: mask = r->forbidden; break;
    case TE_STOPS: mask = r->stops; break;
    case TE_NO_COMBAT: mask = r->no_combat; break;
    case TE_NO_ATTACK_INTO: mask = r->no_attack_into; break;
    case TE_NO_FIGHT_IN: mask = r->no_fight_in; break;
    case TE_PROTECTION:
        mask = r->protection ? r->protected_types : 0;
        dice = r->protection;
        break;
    case TE_ATTACK:
        mask = r->attack ? r->attack_types : 0;
        dice = r->attack;
        break;
    case TE_CUMULATIVE: flag = r->cumulative; break;
    case TE_NO_CHARGE: flag = r->no_charge; break;
    case TE_NO_PURSUIT: flag = r->no_pursuit; break;
    case TE_BLOCKS_LOS: flag = r->blocks_los; break;
    default: return gr_error_set(err, GR_ERUNTIME, "terrain: unknown effect %d", e);
    }
    mask &= 31u;
    out->outcome = (mask || flag) ? 1 : 0;
    if (mask)
        gr_cell_str(out, "types", tt_types[mask]);
    if (e == TE_PROTECTION || e == TE_ATTACK)
        gr_cell_int(out, "dice", dice);
    if (e == TE_FORBIDDEN && r->road_allows)
        gr_cell_str(out, "along_road", tt_types[r->road_allows & 31u]);
    return GR_OK;
}

static size_t tt_cells_list(const char **names, size_t cap)
{
    size_t n = 0;
    for (int t = 0; t < RE_TR_ROWS; t++)
        for (int e = 0; e < TE_EFFECTS; e++, n++)
            if (n < cap)
                names[n] = tt_cells[t][e];
    return n;
}

const gr_table re_terrain_table = {
    .name = "terrain",
    .title = "Terrains",
    .source = RE_SRC ", §7 Terrains (and §3 Route, §8 Ligne de vue)",
    GR_ARRAY(params, tt_params),
    GR_NOT_ROLLED,
    GR_ARRAY(outcomes, tt_outcomes),
    .lookup = tt_lookup,
    .cells = tt_cells_list,
    .example = "grognard lookup re terrain --terrain forest --effect protection",
};

/* ---- dice modifiers (§2.2, §4.3, §6) ------------------------------------ */

static const char *const dm_ids[] = {
    [RE_DM_FLANK] = "flank",
    [RE_DM_CHARGE] = "organised_charge",
    [RE_DM_DEMORALISED] = "demoralised",
    [RE_DM_SKIRMISH] = "skirmishers",
    [RE_DM_COUNT] = NULL,
};
static const gr_param dm_params[] = {
    GR_ENUM_REQ("drm", dm_ids, "the printed line (dice, not a die-roll modifier)"),
};

static gr_status dm_lookup(const gr_args *a, gr_cell *out, gr_error *err)
{
    return gr_drm_read(re_dice_modifier, GR_COUNT(re_dice_modifier), (int)a->v[0], out, err);
}

static size_t dm_cells(const char **names, size_t cap)
{
    return gr_drm_cells(re_dice_modifier, GR_COUNT(re_dice_modifier), names, cap);
}

const gr_table re_dice_modifier_table = {
    .name = "dice_modifier",
    .title = "Dés en plus ou en moins",
    .source = "seed 004, §2.2 tirailleurs, §4.3 Bonus, §6 Démoralisation",
    GR_ARRAY(params, dm_params),
    GR_NOT_ROLLED,
    .outcomes = gr_drm_outcomes,
    .noutcomes = 1,
    .lookup = dm_lookup,
    .cells = dm_cells,
    .example = "grognard lookup re dice_modifier --drm flank",
};
