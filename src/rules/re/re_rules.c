/* re_rules.c - Révolution et Empire (seed 004): units and dice as const
 * data.  See grognard/re_rules.h for the contracts, docs/rules/re.md for
 * the readings. */
#include "re_internal.h"

#include <string.h>

/* UNITES, §3 MOUVEMENT, §4.3 Efficacité au combat. */
static const re_unit_info re_units[RE_UNIT_TYPES] = {
    [RE_INFANTRY] = {"infantry", "I", "Infanterie", 4, 3, 2, 1, 1, 0},
    [RE_ELITE_INFANTRY] = {"elite_infantry", "IE", "Infanterie d'élite", 4, 4, 2, 1, 1, 0},
    [RE_LIGHT_CAVALRY] = {"light_cavalry", "C", "Cavalerie légère", 2, 1, 4, 3, 0, 1},
    [RE_HEAVY_CAVALRY] = {"heavy_cavalry", "HC", "Cavalerie lourde", 3, 2, 3, 2, 0, 1},
    [RE_ARTILLERY] = {"artillery", "A", "Artillerie", 1, 0, 2, 2, 0, 0},
};

/* §4.4: the result of each face against each target type, as bands of
 * faces with the printed cell they read.  The column attack rows are the
 * infantry rows with loss and retreat swapped ("le résultat des dés est
 * inversé : les pertes sont des retraites et inversement"). */
#define RE_FACES_INF(who)                                                                          \
    {                                                                                              \
        {1, 1, RE_HIT_RETREAT, who " | 1 : retraite"},                                             \
            {2, 3, RE_HIT_LOSS, who " | 2 ou 3 : perte"},                                          \
        {                                                                                          \
            4, 6, RE_HIT_MISS, who " | 4, 5, 6 : sans effet"                                       \
        }                                                                                          \
    }
#define RE_FACES_COL(who)                                                                          \
    {                                                                                              \
        {1, 1, RE_HIT_LOSS, who " | attaque en colonne | 1 : perte"},                              \
            {2, 3, RE_HIT_RETREAT, who " | attaque en colonne | 2 ou 3 : retraite"},               \
        {                                                                                          \
            4, 6, RE_HIT_MISS, who " | attaque en colonne | 4, 5, 6 : sans effet"                  \
        }                                                                                          \
    }
#define RE_FACES_CAV(who)                                                                          \
    {                                                                                              \
        {1, 1, RE_HIT_RETREAT, who " | 1 : retraite"}, {2, 2, RE_HIT_LOSS, who " | 2 : perte"},    \
        {                                                                                          \
            3, 6, RE_HIT_MISS, who " | 3, 4, 5, 6 : sans effet"                                    \
        }                                                                                          \
    }

static const gr_band re_faces_inf[] = RE_FACES_INF("Infanterie");
static const gr_band re_faces_elite[] = RE_FACES_INF("Infanterie d'élite");
static const gr_band re_faces_lc[] = RE_FACES_CAV("Cavalerie légère");
static const gr_band re_faces_hc[] = RE_FACES_CAV("Cavalerie lourde");
static const gr_band re_faces_art[] = {
    {1, 1, RE_HIT_LOSS, "Artillerie | 1 : perte (ne retraite pas)"},
    {2, 6, RE_HIT_MISS, "Artillerie | 2, 3, 4, 5, 6 : sans effet"},
};
static const gr_band re_faces_inf_col[] = RE_FACES_COL("Infanterie");
static const gr_band re_faces_elite_col[] = RE_FACES_COL("Infanterie d'élite");

#define RE_FACES(a)                                                                                \
    {                                                                                              \
        a, GR_COUNT(a)                                                                             \
    }
const re_face_bands re_die_bands[RE_UNIT_TYPES][2] = {
    [RE_INFANTRY] = {RE_FACES(re_faces_inf), RE_FACES(re_faces_inf_col)},
    [RE_ELITE_INFANTRY] = {RE_FACES(re_faces_elite), RE_FACES(re_faces_elite_col)},
    [RE_LIGHT_CAVALRY] = {RE_FACES(re_faces_lc), {NULL, 0}},
    [RE_HEAVY_CAVALRY] = {RE_FACES(re_faces_hc), {NULL, 0}},
    [RE_ARTILLERY] = {RE_FACES(re_faces_art), {NULL, 0}},
};

/* §2.2: "un résultat de 1 ou 2 fait une perte". */
const gr_band re_skirmish_bands[2] = {
    {1, 2, 1, "1 ou 2 : une perte"},
    {3, 6, 0, "3, 4, 5, 6 : sans effet"},
};

/* §2.1: "3 dés à 1 cases, 2 dés à 2 cases, 1 dé à 3 case". */
static const int re_art_dice[] = {0, 3, 2, 1};

const re_unit_info *re_unit(int unit_type)
{
    if (unit_type < 0 || unit_type >= RE_UNIT_TYPES)
        return NULL;
    return &re_units[unit_type];
}

int re_unit_type_from_id(const char *id)
{
    for (int t = 0; id && t < RE_UNIT_TYPES; t++)
        if (!strcmp(re_units[t].id, id))
            return t;
    return -1;
}

re_hit re_die_result(int target_type, int face, int column_attack)
{
    const re_unit_info *u = re_unit(target_type);
    if (!u || face < 1 || face > 6)
        return RE_HIT_MISS;
    const re_face_bands *fb = &re_die_bands[target_type][column_attack && u->is_infantry];
    int b = gr_band_find(fb->bands, fb->n, face);
    return b < 0 ? RE_HIT_MISS : (re_hit)fb->bands[b].outcome;
}

int re_unit_dice(int unit_type)
{
    const re_unit_info *u = re_unit(unit_type);
    return u ? u->dice : 0;
}

int re_riposte_dice(int unit_type)
{
    if (unit_type == RE_ARTILLERY)
        return re_artillery_dice(1);
    return re_unit_dice(unit_type);
}

int re_artillery_dice(int range_hexes)
{
    if (range_hexes < 1 || range_hexes >= (int)GR_COUNT(re_art_dice))
        return 0;
    return re_art_dice[range_hexes];
}

int re_skirmish_loss(int face)
{
    int b = gr_band_find(re_skirmish_bands, GR_COUNT(re_skirmish_bands), face);
    return b < 0 ? 0 : re_skirmish_bands[b].outcome;
}

int re_move_allowance(int unit_type, int will_fight)
{
    const re_unit_info *u = re_unit(unit_type);
    if (!u)
        return 0;
    return will_fight ? u->move_fighting : u->move;
}

int re_attack_dice(int base, int bonus, int malus)
{
    int d = base + bonus + malus;
    return d < 0 ? 0 : d;
}

const gr_drm_line re_dice_modifier[RE_DM_COUNT] = {
    [RE_DM_FLANK] = {+2, "Prise de Flanc : + 2 dés pour l'unité active attaquant"},
    [RE_DM_CHARGE] = {+2, "Charge de Cavalerie organisée : attaque avec + 2 dés"},
    [RE_DM_DEMORALISED] = {-1, "L'armée démoralisée perd un dé dans tous les tirs (y compris de "
                               "tirailleurs) et combats"},
    [RE_DM_SKIRMISH] = {1, "Les unités d'infanterie avec tirailleurs peuvent tirer sur une unité "
                           "d'infanterie adjacente avec un dé"},
};
