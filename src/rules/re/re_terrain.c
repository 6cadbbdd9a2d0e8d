/* re_terrain.c - Révolution et Empire (seed 004): terrain effects (§7) as
 * data, and the line of sight (§8).  Contracts in grognard/re_terrain.h;
 * readings in docs/rules/re.md. */
#include "re_internal.h"

#include <string.h>

#define TB     RE_TYPE_BIT
#define INF    RE_INFANTRY_BITS
#define CAV    RE_CAVALRY_BITS
#define ART    TB(RE_ARTILLERY)
#define ALL    RE_ALL_BITS
#define SRC(x) RE_SRC ", §7 Terrains, " x

/* One row per terrain and feature; every value typed from §7 (and §3, §8).
 * Fields: id, label, text, source, forbidden, road_allows, stops,
 * no_combat, no_attack_into, no_fight_in, protection, protected_types,
 * attack, attack_types, cumulative, no_charge, no_pursuit, blocks_los,
 * protection_text, attack_text, no_charge_from.
 *
 * no_charge is a charge *toward* the row's hex (§4.3 "La cible doit être en
 * terrain clair"; §7 "Pas de charge de cavalerie vers"); no_charge_from a
 * charge out of it as well.  Only the marsh has it: "Pas de charge de
 * cavalerie" with no "vers", about the ground the cavalry fights in.  A
 * wood (along a road), an orchard, a ravine, a building... forbid no charge
 * out of them: the condition on ground is the target's. */
static const re_terrain_row re_terrain_rows[RE_TR_ROWS] = {
    [RE_CLEAR] = {"clear",
                  "Terrain clair",
                  "Terrain clair (sans obstacle).",
                  RE_SRC ", §4.3 Charge de cavalerie organisée",
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  0,
                  NULL,
                  NULL},
    [RE_FOREST] = {"forest",
                   "Forêts/bois",
                   "Forêts/bois: infranchissable hors route pour la cavalerie et l'artillerie, "
                   "l'infanterie qui entre doit s'arrêter sans pouvoir combattre. – 1 dé en "
                   "protection et -1 dé en attaque. La cavalerie et l'artillerie ne peuvent "
                   "attaquer vers une case en forêt.",
                   SRC("Forêts/bois"),
                   CAV | ART,
                   CAV | ART,
                   INF,
                   INF,
                   CAV | ART,
                   0,
                   -1,
                   ALL,
                   -1,
                   ALL,
                   0,
                   1,
                   0,
                   1,
                   "Forêts/bois : – 1 dé en protection",
                   "Forêts/bois : -1 dé en attaque"},
    [RE_ORCHARD] = {"orchard",
                    "Verger/Palmeraie/Oasis/Bocage",
                    "Verger/Palmeraie/Oasis /Bocage/ : Toute unité s'arrête en entrant sans "
                    "pouvoir combattre. Pas de charge de cavalerie vers.",
                    SRC("Verger/Palmeraie/Oasis/Bocage"),
                    0,
                    0,
                    ALL,
                    ALL,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    1,
                    0,
                    1,
                    NULL,
                    NULL},
    [RE_TOWN] = {"town",
                 "Ville/Village",
                 "Ville/Village : Toute unité s'arrête en entrant sans pouvoir combattre. "
                 "L'artillerie et la cavalerie ne peuvent combattre dans une ville (esquive "
                 "obligatoire ou destruction) ou vers une ville. – 1 dé en protection et en "
                 "attaque.",
                 SRC("Ville/Village"),
                 0,
                 0,
                 ALL,
                 ALL,
                 CAV | ART,
                 CAV | ART,
                 -1,
                 ALL,
                 -1,
                 ALL,
                 0,
                 1,
                 0,
                 1,
                 "Ville/Village : – 1 dé en protection",
                 "Ville/Village : – 1 dé en attaque"},
    [RE_MARSH] = {"marsh",
                  "Marécage",
                  "Marécage : Interdit à l'artillerie. L'infanterie et la cavalerie doivent "
                  "stopper en entrant, sans pouvoir combattre. Pas de poursuite. – 1 dé en "
                  "attaque. Pas de charge de cavalerie.",
                  SRC("Marécage"),
                  ART,
                  0,
                  INF | CAV,
                  INF | CAV,
                  0,
                  0,
                  0,
                  0,
                  -1,
                  ALL,
                  0,
                  1,
                  1,
                  0,
                  NULL,
                  "Marécage : – 1 dé en attaque",
                  1},
    [RE_MOUNTAIN] = {"mountain",
                     "Montagne",
                     "Montagne : Toute unité s'arrête en entrant sans pouvoir combattre. – 2 dé "
                     "en protection. Interdit à l'artillerie et la cavalerie qui ne peuvent "
                     "attaquer vers.",
                     SRC("Montagne"),
                     CAV | ART,
                     0,
                     ALL,
                     ALL,
                     CAV | ART,
                     0,
                     -2,
                     ALL,
                     0,
                     0,
                     0,
                     1,
                     0,
                     1,
                     "Montagne : – 2 dé en protection",
                     NULL},
    [RE_RAVINE] = {"ravine",
                   "Ravins/Oued",
                   "Ravins/Oued : Toute unité s'arrête en entrant sans pouvoir combattre. "
                   "Interdit à la cavalerie lourde et l'artillerie. La cavalerie et l'artillerie "
                   "ne peut attaquer vers.",
                   SRC("Ravins/Oued"),
                   TB(RE_HEAVY_CAVALRY) | ART,
                   0,
                   ALL,
                   ALL,
                   CAV | ART,
                   0,
                   0,
                   0,
                   0,
                   0,
                   0,
                   1,
                   0,
                   0,
                   NULL,
                   NULL},
    [RE_FORTRESS] = {"fortress",
                     "Forteresses",
                     "Forteresses : Interdit à la cavalerie et l'artillerie. La cavalerie ne "
                     "peut attaquer vers. – 2 dés en protection. – 1 dé en attaque.",
                     SRC("Forteresses"),
                     CAV | ART,
                     0,
                     0,
                     0,
                     CAV,
                     0,
                     -2,
                     ALL,
                     -1,
                     ALL,
                     0,
                     1,
                     0,
                     1,
                     "Forteresses : – 2 dés en protection",
                     "Forteresses : – 1 dé en attaque"},
    [RE_BUILDING] = {"building",
                     "Bâtiment isolé et fortifié",
                     "Bâtiment isolé et fortifié : -2 dés en protection et en attaque pour "
                     "l'infanterie.",
                     SRC("Bâtiment isolé et fortifié"),
                     0,
                     0,
                     0,
                     0,
                     0,
                     0,
                     -2,
                     INF,
                     -2,
                     INF,
                     0,
                     1,
                     0,
                     0,
                     "Bâtiment isolé et fortifié : -2 dés en protection pour l'infanterie",
                     "Bâtiment isolé et fortifié : -2 dés en attaque pour l'infanterie"},
    [RE_LAKE] = {"lake",
                 "Lac/Rivière",
                 "Lac/ Rivière: Infranchissable",
                 SRC("Lac/Rivière"),
                 ALL,
                 0,
                 0,
                 0,
                 0,
                 0,
                 0,
                 0,
                 0,
                 0,
                 0,
                 1,
                 0,
                 0,
                 NULL,
                 NULL},
    [RE_TR_HILL] = {"hill",
                    "Colline",
                    "Colline : Toute unité s'arrête en entrant si elle vient d'en bas. Toute "
                    "unité attaquée par le bas a -1 dé en protection. Se cumule. Pas de charge "
                    "de cavalerie venant d'en bas.",
                    SRC("Colline"),
                    0,
                    0,
                    ALL,
                    0,
                    0,
                    0,
                    -1,
                    ALL,
                    0,
                    0,
                    1,
                    1,
                    0,
                    1,
                    "Colline : Toute unité attaquée par le bas a -1 dé en protection",
                    NULL},
    [RE_TR_FIELDWORKS] = {"fieldworks",
                          "Fortifications de campagne/Cimetière/jardins entourés "
                          "de murs",
                          "Fortifications de campagne/ Cimetière/jardins entourés de murs: – 1 dé "
                          "en protection pour l'infanterie, l'artillerie. Se cumulent avec "
                          "d'autres. Pas de charge de cavalerie vers.",
                          SRC("Fortifications de campagne"),
                          0,
                          0,
                          0,
                          0,
                          0,
                          0,
                          -1,
                          INF | ART,
                          0,
                          0,
                          1,
                          1,
                          0,
                          0,
                          "Fortifications de campagne : – 1 dé en protection pour l'infanterie, "
                          "l'artillerie",
                          NULL},
    [RE_TR_ROAD] = {"road",
                    "Route",
                    "Route : +2 au déplacement à condition que le mouvement soit fait "
                    "entièrement sur la route (un changement de route fait perdre le bonus).",
                    RE_SRC ", §3 Mouvement, Route",
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    NULL,
                    NULL},
    [RE_TR_BRIDGE] = {"bridge",
                      "Pont",
                      "Pont : l'unité le franchissant doit s'arrêter en entrant. Se cumule avec "
                      "d'autres.",
                      SRC("Pont"),
                      0,
                      0,
                      ALL,
                      0,
                      0,
                      0,
                      0,
                      0,
                      0,
                      0,
                      1,
                      1,
                      0,
                      0,
                      NULL,
                      NULL},
    [RE_TR_FORD] = {"ford",
                    "Gué",
                    "Gué : Une unité qui entre doit s'arrêter sans pouvoir combattre. Se cumule "
                    "avec d'autres.",
                    SRC("Gué"),
                    0,
                    0,
                    ALL,
                    ALL,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    1,
                    1,
                    0,
                    0,
                    NULL,
                    NULL},
    [RE_TR_HEXSIDE] = {"sunken_road_or_stream",
                       "Chemin creux/Ruisseaux",
                       "Chemin creux/Ruisseaux : Pour toute attaque passant à travers : – 1 dé "
                       "en protection pour l'infanterie, pas de charge de cavalerie.",
                       SRC("Chemin creux/Ruisseaux"),
                       0,
                       0,
                       0,
                       0,
                       0,
                       0,
                       -1,
                       INF,
                       0,
                       0,
                       0,
                       1,
                       0,
                       0,
                       "Chemin creux/Ruisseaux : – 1 dé en protection pour l'infanterie",
                       NULL},
};

const re_terrain_row *re_terrain_row_at(int i)
{
    return i >= 0 && i < RE_TR_ROWS ? &re_terrain_rows[i] : NULL;
}

int re_terrain_row_find(const char *id)
{
    for (int i = 0; id && i < RE_TR_ROWS; i++)
        if (!strcmp(re_terrain_rows[i].id, id))
            return i;
    return -1;
}

/* ---- the map ------------------------------------------------------------ */

int re_hexside(const re_scenario *sc, gr_hex a, gr_hex b)
{
    int d = gr_hex_direction(a, b);
    if (d < 0)
        return 0;
    const re_hexdef *ha = re_map_at(sc, a), *hb = re_map_at(sc, b);
    return (ha && (ha->sides >> d & 1u)) || (hb && (hb->sides >> gr_hex_opposite(d) & 1u));
}

static const re_terrain_row *ground(const re_hexdef *h)
{
    return &re_terrain_rows[h->terrain < RE_TERRAINS ? h->terrain : RE_CLEAR];
}

static int has_type(uint8_t mask, int unit_type)
{
    return unit_type >= 0 && unit_type < RE_UNIT_TYPES && (mask & TB(unit_type));
}

/* The rows of the features a hex carries, in row order; returns how many. */
static int feature_rows(const re_hexdef *h, const re_terrain_row **out)
{
    static const struct {
        uint8_t flag;
        int row;
    } feats[] = {
        {RE_HILL, RE_TR_HILL}, {RE_FIELDWORKS, RE_TR_FIELDWORKS},
        {RE_ROAD, RE_TR_ROAD}, {RE_BRIDGE, RE_TR_BRIDGE},
        {RE_FORD, RE_TR_FORD},
    };
    int n = 0;
    for (size_t i = 0; i < GR_COUNT(feats); i++)
        if (h->flags & feats[i].flag)
            out[n++] = &re_terrain_rows[feats[i].row];
    return n;
}

/* ---- movement ----------------------------------------------------------- */

int re_terrain_can_enter(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type)
{
    const re_hexdef *h = re_map_at(sc, to);
    if (!h || unit_type < 0 || unit_type >= RE_UNIT_TYPES)
        return 0;
    const re_terrain_row *g = ground(h);
    if (h->terrain == RE_LAKE)
        /* "Lac/ Rivière: Infranchissable", except where a bridge or ford crosses */
        return (h->flags & (RE_BRIDGE | RE_FORD)) != 0;
    if (!has_type(g->forbidden, unit_type))
        return 1;
    if (has_type(g->road_allows, unit_type)) {
        /* "infranchissable hors route": along a road, both hexes carry it */
        const re_hexdef *f = re_map_at(sc, from);
        return f && (f->flags & RE_ROAD) && (h->flags & RE_ROAD) && gr_hex_distance(from, to) == 1;
    }
    return 0;
}

int re_terrain_can_stand(const re_scenario *sc, gr_hex h, int unit_type)
{
    const re_hexdef *d = re_map_at(sc, h);
    if (!d || unit_type < 0 || unit_type >= RE_UNIT_TYPES)
        return 0;
    if (d->terrain == RE_LAKE)
        return (d->flags & (RE_BRIDGE | RE_FORD)) != 0;
    const re_terrain_row *g = ground(d);
    return !has_type(g->forbidden, unit_type) ||
           ((d->flags & RE_ROAD) && has_type(g->road_allows, unit_type));
}

int re_terrain_stops(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type)
{
    const re_hexdef *h = re_map_at(sc, to);
    if (!h)
        return 1;
    if (has_type(ground(h)->stops, unit_type))
        return 1;
    const re_terrain_row *f[8];
    int nf = feature_rows(h, f);
    for (int i = 0; i < nf; i++) {
        if (!has_type(f[i]->stops, unit_type))
            continue;
        if (f[i] == &re_terrain_rows[RE_TR_HILL]) {
            /* "si elle vient d'en bas": from a hex that is not a hill */
            const re_hexdef *fh = re_map_at(sc, from);
            if (fh && (fh->flags & RE_HILL))
                continue;
        }
        return 1;
    }
    return 0;
}

int re_terrain_no_combat(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type)
{
    (void)from;
    const re_hexdef *h = re_map_at(sc, to);
    if (!h)
        return 0;
    if (has_type(ground(h)->no_combat, unit_type))
        return 1;
    const re_terrain_row *f[8];
    int nf = feature_rows(h, f);
    for (int i = 0; i < nf; i++)
        if (has_type(f[i]->no_combat, unit_type))
            return 1;
    return 0;
}

/* ---- movement, precomputed ---------------------------------------------- */

/* The table's bytes of one hex of the map, one per unit type. */
static void move_bits_hex(const re_scenario *sc, int c, int r, re_move_terrain *t)
{
    const re_hexdef *h = &sc->map[r][c];
    const re_terrain_row *g = ground(h), *f[8];
    int nf = feature_rows(h, f);
    for (int type = 0; type < RE_UNIT_TYPES; type++) {
        unsigned b = 0;
        /* re_terrain_can_enter */
        if (h->terrain == RE_LAKE)
            b |= (h->flags & (RE_BRIDGE | RE_FORD)) ? RE_MT_ENTER : 0u;
        else if (!has_type(g->forbidden, type))
            b |= RE_MT_ENTER;
        else if (has_type(g->road_allows, type) && (h->flags & RE_ROAD))
            b |= RE_MT_ENTER_ROAD;
        /* re_terrain_stops */
        if (has_type(g->stops, type))
            b |= RE_MT_STOP;
        for (int i = 0; i < nf; i++)
            if (has_type(f[i]->stops, type))
                b |= f[i] == &re_terrain_rows[RE_TR_HILL] ? RE_MT_STOP_UPHILL : RE_MT_STOP;
        /* re_terrain_no_combat */
        if (has_type(g->no_combat, type))
            b |= RE_MT_NO_COMBAT;
        for (int i = 0; i < nf; i++)
            if (has_type(f[i]->no_combat, type))
                b |= RE_MT_NO_COMBAT;
        b |= (h->flags & RE_ROAD) ? RE_MT_ROAD : 0u;
        b |= (h->flags & RE_HILL) ? RE_MT_HILL : 0u;
        t->bits[type][r * RE_MAX_COLS + c] = (uint8_t)b;
    }
}

void re_terrain_move_table(const re_scenario *sc, re_move_terrain *t)
{
    memset(t->bits, 0, sizeof t->bits);
    memset(t->next, 0xFF, sizeof t->next); /* RE_MT_OFF */
    int rows = sc->rows < RE_MAX_ROWS ? sc->rows : RE_MAX_ROWS;
    int cols = sc->cols < RE_MAX_COLS ? sc->cols : RE_MAX_COLS;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            for (int d = 0; d < GR_HEX_DIRS; d++) {
                gr_hex h = gr_hex_neighbor(gr_hex_from_offset(c, r), d);
                int nc, nr;
                gr_hex_to_offset(h, &nc, &nr);
                t->next[r * RE_MAX_COLS + c][d] =
                    re_map_at(sc, h) ? (uint16_t)(nr * RE_MAX_COLS + nc) : RE_MT_OFF;
            }
            move_bits_hex(sc, c, r, t);
        }
}

void re_terrain_move_table_hex(const re_scenario *sc, int col, int row, re_move_terrain *t)
{
    if (col >= 0 && row >= 0 && col < sc->cols && row < sc->rows && col < RE_MAX_COLS &&
        row < RE_MAX_ROWS)
        move_bits_hex(sc, col, row, t);
}

/* ---- combat ------------------------------------------------------------- */

static const char *const why_fight_in = "Ville/Village : L'artillerie et la cavalerie ne "
                                        "peuvent combattre dans une ville";

int re_terrain_no_fight_in(const re_scenario *sc, gr_hex h, int unit_type)
{
    const re_hexdef *d = re_map_at(sc, h);
    return d && has_type(ground(d)->no_fight_in, unit_type);
}

int re_terrain_can_attack(const re_scenario *sc, gr_hex from, int att_type, gr_hex to, int def_type,
                          const char **why)
{
    (void)def_type;
    const re_hexdef *hf = re_map_at(sc, from), *ht = re_map_at(sc, to);
    const char *w = NULL;
    if (!hf || !ht)
        w = "hors de la carte";
    else if (has_type(ground(hf)->no_fight_in, att_type))
        w = why_fight_in;
    else if (has_type(ground(ht)->no_attack_into, att_type))
        w = ground(ht)->text;
    if (why)
        *why = w;
    return w == NULL;
}

int re_terrain_charge_allowed(const re_scenario *sc, gr_hex from, gr_hex to, const char **why)
{
    const re_hexdef *hf = re_map_at(sc, from), *ht = re_map_at(sc, to);
    const char *w = NULL;
    if (!hf || !ht)
        w = "hors de la carte";
    else if (ground(hf)->no_charge_from)
        w = ground(hf)->text; /* Marécage : "Pas de charge de cavalerie" */
    else if (ht->terrain != RE_CLEAR)
        w = ground(ht)->no_charge ? ground(ht)->text
                                  : "La cible doit être en terrain clair (sans obstacle).";
    else if (ht->flags & RE_FIELDWORKS)
        w = re_terrain_rows[RE_TR_FIELDWORKS].text;
    else if (ht->flags & (RE_BRIDGE | RE_FORD))
        w = re_terrain_rows[ht->flags & RE_BRIDGE ? RE_TR_BRIDGE : RE_TR_FORD].text;
    else if (re_hexside(sc, from, to))
        w = re_terrain_rows[RE_TR_HEXSIDE].text;
    else if ((ht->flags & RE_HILL) && !(hf->flags & RE_HILL))
        w = re_terrain_rows[RE_TR_HILL].text;
    if (why)
        *why = w;
    return w == NULL;
}

typedef struct mod_list {
    re_dice_mod *mods;
    int cap, n;
} mod_list;

static void mod_add(mod_list *l, int dice, const char *reason, const char *source, int applied)
{
    if (l->n < l->cap && l->mods) {
        l->mods[l->n].dice = dice;
        l->mods[l->n].reason = reason;
        l->mods[l->n].source = source;
        l->mods[l->n].applied = applied;
        l->n++;
    }
}

static int terrain_dice(const re_scenario *sc, gr_hex from, int att_type, gr_hex to, int def_type,
                        int with_hexside, re_dice_mod *mods, int cap, int *n)
{
    mod_list l = {mods, cap < 0 ? 0 : cap, 0};
    const re_hexdef *hf = re_map_at(sc, from), *ht = re_map_at(sc, to);
    if (n)
        *n = 0;
    if (!hf || !ht)
        return 0;

    /* The non-cumulative candidates, in order: the defender's ground, the
     * hexside crossed, the attacker's ground. */
    struct {
        int dice;
        const re_terrain_row *row;
        const char *text;
    } cand[3];
    int nc = 0;
    const re_terrain_row *gd = ground(ht), *ga = ground(hf);
    if (gd->protection && has_type(gd->protected_types, def_type))
        cand[nc].dice = gd->protection, cand[nc].row = gd, cand[nc++].text = gd->protection_text;
    const re_terrain_row *hs = &re_terrain_rows[RE_TR_HEXSIDE];
    if (with_hexside && re_hexside(sc, from, to) && has_type(hs->protected_types, def_type))
        cand[nc].dice = hs->protection, cand[nc].row = hs, cand[nc++].text = hs->protection_text;
    if (ga->attack && has_type(ga->attack_types, att_type))
        cand[nc].dice = ga->attack, cand[nc].row = ga, cand[nc++].text = ga->attack_text;

    /* "il faut tenir compte du plus favorable à la défense": the largest
     * malus (the first of equals) counts, the others are listed. */
    int best = -1;
    for (int i = 0; i < nc; i++)
        if (best < 0 || cand[i].dice < cand[best].dice)
            best = i;
    int total = 0;
    for (int i = 0; i < nc; i++) {
        mod_add(&l, cand[i].dice, cand[i].text, cand[i].row->source, i == best);
        if (i == best)
            total += cand[i].dice;
    }

    /* The cumulative ones: "Se cumulent avec d'autres". */
    const re_terrain_row *fw = &re_terrain_rows[RE_TR_FIELDWORKS];
    if ((ht->flags & RE_FIELDWORKS) && has_type(fw->protected_types, def_type)) {
        mod_add(&l, fw->protection, fw->protection_text, fw->source, 1);
        total += fw->protection;
    }
    const re_terrain_row *hill = &re_terrain_rows[RE_TR_HILL];
    if ((ht->flags & RE_HILL) && !(hf->flags & RE_HILL) &&
        has_type(hill->protected_types, def_type)) {
        mod_add(&l, hill->protection, hill->protection_text, hill->source, 1);
        total += hill->protection;
    }
    if (n)
        *n = l.n;
    return total;
}

int re_terrain_combat_dice(const re_scenario *sc, gr_hex from, int att_type, gr_hex to,
                           int def_type, re_dice_mod *mods, int cap, int *n)
{
    return terrain_dice(sc, from, att_type, to, def_type, 1, mods, cap, n);
}

int re_terrain_fire_dice(const re_scenario *sc, gr_hex from, gr_hex to, int def_type,
                         re_dice_mod *mods, int cap, int *n)
{
    /* re_hexside is nonzero only between neighbours: at one hex the fire
     * crosses the sunken road or stream like an attack does. */
    return terrain_dice(sc, from, RE_ARTILLERY, to, def_type, 1, mods, cap, n);
}

int re_terrain_no_pursuit(const re_scenario *sc, gr_hex h)
{
    const re_hexdef *d = re_map_at(sc, h);
    return d && ground(d)->no_pursuit;
}

/* ---- line of sight ------------------------------------------------------ */

/* Does hex h block a line of sight?  both_on_hills: observer and target are
 * both on hills, so obstacles below them do not block. */
static int los_blocks(const re_scenario *sc, gr_hex h, const uint8_t *occupied, int both_on_hills)
{
    const re_hexdef *d = re_map_at(sc, h);
    if (!d)
        return 0;
    int on_hill = (d->flags & RE_HILL) != 0;
    if (both_on_hills && !on_hill)
        return 0; /* "Les obstacles situés en dessous ne bloquent pas" */
    if (ground(d)->blocks_los)
        return 1;
    if (occupied) {
        int col, row;
        gr_hex_to_offset(h, &col, &row);
        if (occupied[row * RE_MAX_COLS + col])
            return 1;
    }
    /* "Les collines bloquent la ligne de vue sauf pour les unités situées
     * sur une autre colline" */
    return on_hill && !both_on_hills;
}

#define RE_LOS_MAX (RE_MAX_COLS + RE_MAX_ROWS + 2)

int re_los_explain(const re_scenario *sc, gr_hex from, gr_hex to, const uint8_t *occupied,
                   gr_hex blocker[2], int blocked[2])
{
    const re_hexdef *a = re_map_at(sc, from), *b = re_map_at(sc, to);
    int both = a && b && (a->flags & RE_HILL) && (b->flags & RE_HILL);
    int side_blocked[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        gr_hex line[RE_LOS_MAX];
        int n = gr_hex_line(from, to, s == 0 ? 1 : -1, line, RE_LOS_MAX);
        if (n > RE_LOS_MAX)
            n = RE_LOS_MAX; /* cannot happen on a map of RE_MAX_COLS x RE_MAX_ROWS */
        for (int i = 1; i < n - 1 && !side_blocked[s]; i++)
            if (los_blocks(sc, line[i], occupied, both)) {
                side_blocked[s] = 1;
                if (blocker)
                    blocker[s] = line[i];
            }
        if (blocked)
            blocked[s] = side_blocked[s];
    }
    return !(side_blocked[0] && side_blocked[1]);
}

int re_los(const re_scenario *sc, gr_hex from, gr_hex to, const uint8_t *occupied)
{
    return re_los_explain(sc, from, to, occupied, NULL, NULL);
}
