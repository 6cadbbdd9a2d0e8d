/* grognard/re_terrain.h - Révolution et Empire (seed 004): the effects of
 * terrain (§7 TERRAINS) and the line of sight (§8 LIGNE DE VUE).
 *
 * The effects are DATA: one re_terrain_row per ground type (re_terrain of
 * grognard/re_scenario.h) and per feature (hill, field fortifications,
 * road, bridge, ford, sunken road/stream hexside), each with the printed
 * French text; the functions below only read those rows.  How each printed
 * effect is read is written down in docs/rules/re.md ("Terrain").
 *
 * Hexes are axial (grognard/hex.h); a hex off the map reads as NULL from
 * re_map_at, cannot be entered, and blocks nothing. */
#ifndef GROGNARD_RE_TERRAIN_H
#define GROGNARD_RE_TERRAIN_H

#include <stdint.h>

#include "grognard/hex.h"
#include "grognard/re_scenario.h"

/* ---- the data -------------------------------------------------------- */

/* Rows of the terrain table: the re_terrain values, then the features. */
enum {
    RE_TR_HILL = RE_TERRAINS, /* Colline (flag RE_HILL) */
    RE_TR_FIELDWORKS,         /* Fortifications de campagne... (flag RE_FIELDWORKS) */
    RE_TR_ROAD,               /* Route (flag RE_ROAD, §3) */
    RE_TR_BRIDGE,             /* Pont (flag RE_BRIDGE) */
    RE_TR_FORD,               /* Gué (flag RE_FORD) */
    RE_TR_HEXSIDE,            /* Chemin creux/Ruisseaux (re_hexdef.sides) */
    RE_TR_ROWS
};

/* Bit of a unit type in the masks below. */
#define RE_TYPE_BIT(t)   (1u << (t))
#define RE_INFANTRY_BITS (RE_TYPE_BIT(RE_INFANTRY) | RE_TYPE_BIT(RE_ELITE_INFANTRY))
#define RE_CAVALRY_BITS  (RE_TYPE_BIT(RE_LIGHT_CAVALRY) | RE_TYPE_BIT(RE_HEAVY_CAVALRY))
#define RE_ALL_BITS      (RE_INFANTRY_BITS | RE_CAVALRY_BITS | RE_TYPE_BIT(RE_ARTILLERY))

/* One terrain or feature.  Masks are sets of RE_TYPE_BIT(unit type). */
typedef struct re_terrain_row {
    const char *id;              /* "forest", "hill", ... (lookup table input) */
    const char *label;           /* printed name: "Forêts/bois" */
    const char *text;            /* the printed paragraph, in full */
    const char *source;          /* "seed 004, §7 Terrains, Forêts/bois" */
    uint8_t forbidden;           /* types that may not enter */
    uint8_t road_allows;         /* forbidden types that may enter along a road */
    uint8_t stops;               /* types that must stop on entering */
    uint8_t no_combat;           /* types that may not fight after entering */
    uint8_t no_attack_into;      /* attacker types that may not attack into the hex */
    uint8_t no_fight_in;         /* types that may not fight in the hex at all */
    int8_t protection;           /* dice an attacker loses against a defender here (<= 0) */
    uint8_t protected_types;     /* defender types that get the protection */
    int8_t attack;               /* dice a unit attacking from here loses (<= 0) */
    uint8_t attack_types;        /* attacker types that suffer it */
    uint8_t cumulative;          /* "Se cumule(nt) avec d'autres" */
    uint8_t no_charge;           /* no organised cavalry charge toward it (or across it) */
    uint8_t no_pursuit;          /* "Pas de poursuite" */
    uint8_t blocks_los;          /* §8: blocks the line of sight */
    const char *protection_text; /* the printed words of the protection malus */
    const char *attack_text;     /* the printed words of the attack malus */
    uint8_t no_charge_from;      /* no organised charge out of it either (Marécage: "Pas de
                                    charge de cavalerie", in the marsh) */
} re_terrain_row;

/* The row `i` (0 .. RE_TR_ROWS - 1), or NULL. */
const re_terrain_row *re_terrain_row_at(int i);

/* The row index of a terrain or feature id ("forest", "hill", ...), or -1. */
int re_terrain_row_find(const char *id);

/* ---- the map --------------------------------------------------------- */

/* The hex definition at h, or NULL off the map (0 <= col < sc->cols,
 * 0 <= row < sc->rows, in odd-r offsets).  Inline: the hot loop of the
 * legal-move search. */
static inline const re_hexdef *re_map_at(const re_scenario *sc, gr_hex h)
{
    int col, row;
    if (!sc)
        return NULL;
    gr_hex_to_offset(h, &col, &row);
    if (col < 0 || row < 0 || col >= sc->cols || row >= sc->rows || col >= RE_MAX_COLS ||
        row >= RE_MAX_ROWS)
        return NULL;
    return &sc->map[row][col];
}

/* Nonzero if a and b are neighbours and a sunken road or stream lies on
 * the hexside between them (either hex's `sides` bit counts). */
int re_hexside(const re_scenario *sc, gr_hex a, gr_hex b);

/* ---- movement -------------------------------------------------------- */

/* May a unit of unit_type step from `from` into its neighbour `to`?  No if
 * `to` is off the map, a lake/river without a bridge or ford, or forbidden
 * for the type: forest for cavalry and artillery unless both hexes carry a
 * road, marsh for artillery, mountain for artillery and cavalry, ravine for
 * heavy cavalry and artillery, fortress for cavalry and artillery.  Units
 * in the way are the engine's business. */
int re_terrain_can_enter(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type);

/* May a unit of unit_type stand in h when it is placed there (a starting
 * hex, a reinforcement's entry hex)?  No if h is off the map, a lake/river
 * without a bridge or ford, or a terrain forbidden for the type, unless h
 * carries a road and the terrain is passable for the type along a road. */
int re_terrain_can_stand(const re_scenario *sc, gr_hex h, int unit_type);

/* Does entering `to` from `from` end the unit's move?  (Forest for
 * infantry; orchard, town, mountain, ravine, bridge, ford for all; marsh for
 * infantry and cavalry; a hill when coming from a hex that is not a hill.) */
int re_terrain_stops(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type);

/* May a unit that entered `to` (from `from`) in this activation NOT fight?
 * Nonzero: it may not ("doit s'arrêter sans pouvoir combattre"). */
int re_terrain_no_combat(const re_scenario *sc, gr_hex from, gr_hex to, int unit_type);

/* ---- movement, precomputed -------------------------------------------
 *
 * The table of what the three functions above answer (re_move_terrain,
 * RE_MT_*: grognard/re_scenario.h, where a loaded scenario keeps it). */

/* Makes into *t the table of sc's map (its hexes, cols and rows): bits and
 * next for the hexes of the map, 0 and RE_MT_OFF elsewhere.  Reads sc only:
 * the caller owns *t (a loaded scenario keeps one: re_scenario_tables). */
void re_terrain_move_table(const re_scenario *sc, re_move_terrain *t);

/* The bytes of the table for the hex (col, row) of sc's map, one per unit
 * type, into bits[type][row * RE_MAX_COLS + col] of *t (a terrain change
 * of one hex: the rest of the table is unchanged). */
void re_terrain_move_table_hex(const re_scenario *sc, int col, int row, re_move_terrain *t);

/* ---- combat ---------------------------------------------------------- */

/* May a unit of att_type in `from` attack a unit of def_type in its
 * neighbour `to`, as far as terrain goes?  No (with *why set to the printed
 * reason, if why is not NULL) when the attacker is cavalry or artillery in
 * a town, or attacks into a hex its type may not attack into (forest,
 * town, mountain, ravine for cavalry and artillery; fortress for cavalry).
 * def_type is accepted for symmetry and future rules. */
int re_terrain_can_attack(const re_scenario *sc, gr_hex from, int att_type, gr_hex to, int def_type,
                          const char **why);

/* May cavalry in `from` make an organised charge (§4.3) on `to`?  Only if
 * `to` is clear ground (RE_CLEAR, a hill included, no field fortifications,
 * no bridge or ford), no sunken road/stream lies between, neither hex is
 * marsh, and the charge does not come from below onto a hill.  The ground
 * `from` is not otherwise asked about: a charge out of a wood (along a
 * road), a building, a bridge... is allowed (no_charge_from). */
int re_terrain_charge_allowed(const re_scenario *sc, gr_hex from, gr_hex to, const char **why);

/* One terrain malus, for the record.  dice <= 0 is the malus; applied is
 * 0 when it was listed but not counted (a larger non-cumulative malus
 * applies instead: "il faut tenir compte du plus favorable à la défense"). */
typedef struct re_dice_mod {
    int dice;
    const char *reason; /* "Forêts/bois : – 1 dé en protection" */
    const char *source; /* "seed 004, §7 Terrains, Forêts/bois" */
    int applied;
} re_dice_mod;

/* Dice the attacker loses because of terrain (a number <= 0) when a unit
 * of att_type in `from` attacks a unit of def_type in `to`: the largest of
 * the non-cumulative maluses (protection of the defender's hex, sunken
 * road/stream crossed, attack malus of the attacker's hex), plus the
 * cumulative ones (field fortifications, a defender on a hill attacked
 * from below).  Writes every malus considered into mods (at most cap; mods
 * may be NULL when cap is 0) and how many it wrote into *n (n may be
 * NULL). */
int re_terrain_combat_dice(const re_scenario *sc, gr_hex from, int att_type, gr_hex to,
                           int def_type, re_dice_mod *mods, int cap, int *n);

/* Artillery fire from `from` on a unit of def_type in `to` (§2.1 "Les
 * malus de terrain s'appliquent"): the same maluses as a combat by an
 * artillery attacker (re_terrain_combat_dice with att_type RE_ARTILLERY);
 * the sunken road/stream counts only at one hex, where the fire crosses
 * it.  Same contract for mods and n. */
int re_terrain_fire_dice(const re_scenario *sc, gr_hex from, gr_hex to, int def_type,
                         re_dice_mod *mods, int cap, int *n);

/* Is pursuit (§4.5) forbidden into or through h?  (Marsh.) */
int re_terrain_no_pursuit(const re_scenario *sc, gr_hex h);

/* May a unit of unit_type NOT fight while it stands in h?  Artillery and
 * cavalry in a town: they must evade or be destroyed. */
int re_terrain_no_fight_in(const re_scenario *sc, gr_hex h, int unit_type);

/* ---- line of sight (§8) ---------------------------------------------- */

/* Nonzero if the line of sight from the centre of `from` to the centre of
 * `to` is free.  The hexes of the observer and the target never block;
 * forest, orchard, town, fortress, mountain and units block; hills block
 * unless both ends are on hills, and then obstacles in hexes that are not
 * hills ("en dessous") do not block either.  A line running along hex
 * edges is blocked only if obstacles lie on BOTH sides: the line is drawn
 * nudged both ways (gr_hex_line) and blocked only if both are.  `occupied`
 * is indexed [row * RE_MAX_COLS + col] (odd-r offsets), nonzero where a
 * unit stands; NULL means no units. */
int re_los(const re_scenario *sc, gr_hex from, gr_hex to, const uint8_t *occupied);

/* As re_los, but also tells which hex blocked first on each side (the
 * nudge > 0 line, then the nudge < 0 line): `blocker[k]` is set when side
 * k is blocked.  blocker may be NULL. */
int re_los_explain(const re_scenario *sc, gr_hex from, gr_hex to, const uint8_t *occupied,
                   gr_hex blocker[2], int blocked[2]);

#endif
