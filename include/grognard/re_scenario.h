/* grognard/re_scenario.h - a Révolution et Empire scenario as plain data:
 * the map, the armies, their corps and units, and how the game is won.
 *
 * This is the contract between the scenario loader (src/io, which fills it
 * from a versioned JSON file and validates it) and the engine (src/engine,
 * which starts a game from it).  It holds no pointers: ids are indexes into
 * the arrays below, so a scenario can be copied, hashed and compared. */
#ifndef GROGNARD_RE_SCENARIO_H
#define GROGNARD_RE_SCENARIO_H

#include <stdint.h>

#include "grognard/hex.h"

#define RE_MAX_COLS       32
#define RE_MAX_ROWS       24
#define RE_MAX_UNITS      64
#define RE_MAX_CORPS      16
#define RE_MAX_OBJECTIVES 16
#define RE_NAME_LEN       48
#define RE_SIDES          2

/* Unit types (seed 004, UNITES). */
typedef enum re_unit_type {
    RE_INFANTRY,       /* I: ~4 figures, maybe 1 skirmisher (IS) */
    RE_ELITE_INFANTRY, /* IE */
    RE_LIGHT_CAVALRY,  /* C: ~2 figures */
    RE_HEAVY_CAVALRY,  /* HC (line cavalry too): ~3 figures */
    RE_ARTILLERY,      /* A: 1 figure, a grand battery */
    RE_UNIT_TYPES
} re_unit_type;

/* The ground of a hex (seed 004, TERRAINS).  Features that combine with the
 * ground (hill, field fortifications, road, bridge, ford) are flags. */
typedef enum re_terrain {
    RE_CLEAR,
    RE_FOREST,   /* Forêts/bois */
    RE_ORCHARD,  /* Verger/Palmeraie/Oasis/Bocage */
    RE_TOWN,     /* Ville/Village */
    RE_MARSH,    /* Marécage */
    RE_MOUNTAIN, /* Montagne */
    RE_RAVINE,   /* Ravins/Oued */
    RE_FORTRESS, /* Forteresses */
    RE_BUILDING, /* Bâtiment isolé et fortifié */
    RE_LAKE,     /* Lac/Rivière: impassable (unless a bridge or ford) */
    RE_TERRAINS
} re_terrain;

/* Hex flags. */
enum {
    RE_HILL = 1 << 0,       /* Colline */
    RE_FIELDWORKS = 1 << 1, /* Fortifications de campagne/Cimetière/jardins entourés de murs */
    RE_ROAD = 1 << 2,       /* Route */
    RE_BRIDGE = 1 << 3,     /* Pont */
    RE_FORD = 1 << 4,       /* Gué */
};

typedef struct re_hexdef {
    uint8_t terrain; /* re_terrain */
    uint8_t flags;   /* RE_HILL | ... */
    uint8_t sides;   /* bit d: a sunken road or stream (Chemin creux/Ruisseau) on the
                        hexside towards direction d (0..5); kept symmetric by the loader */
    uint8_t pad;
} re_hexdef;

typedef struct re_unitdef {
    char name[RE_NAME_LEN];
    uint8_t side;       /* 0 or 1 */
    uint8_t type;       /* re_unit_type */
    uint8_t corps;      /* index into corps[] */
    uint8_t figures;    /* figures, the skirmisher not counted */
    uint8_t skirmisher; /* 1: one skirmisher figure attached (infantry only) */
    int8_t col, row;    /* starting hex, offset coordinates */
} re_unitdef;

typedef struct re_corpsdef {
    char name[RE_NAME_LEN];
    char commander[RE_NAME_LEN];
    uint8_t side;
    uint8_t chits; /* activation chits of the corps, 1..3 */
} re_corpsdef;

typedef struct re_sidedef {
    char name[RE_NAME_LEN];
    char commander[RE_NAME_LEN];
    uint8_t chits_per_turn; /* x: chits the commander-in-chief may put in the bowl */
    uint8_t demoralised_at; /* demoralisation points at which the army is demoralised */
    uint8_t retreat_dir;    /* direction of its line of retreat (GR_HEX_E .. GR_HEX_SE) */
    uint8_t pad;
} re_sidedef;

/* A hex whose loss costs its owner demoralisation points (seed 004, 6). */
typedef struct re_objective {
    int8_t col, row;
    uint8_t side; /* the side that loses the points when an enemy unit holds the hex */
    uint8_t points;
} re_objective;

typedef enum re_victory {
    RE_VICTORY_MOST_DESTROYED, /* default: most enemy units destroyed at the end */
    RE_VICTORY_DEMORALISATION, /* the side with fewer demoralisation points */
} re_victory;

typedef struct re_scenario {
    char id[RE_NAME_LEN];
    char title[96];
    uint8_t cols, rows;
    uint8_t turns;   /* the turn limit */
    uint8_t victory; /* re_victory */
    uint8_t nunits, ncorps, nobjectives, pad;
    re_sidedef sides[RE_SIDES];
    re_corpsdef corps[RE_MAX_CORPS];
    re_unitdef units[RE_MAX_UNITS];
    re_objective objectives[RE_MAX_OBJECTIVES];
    re_hexdef map[RE_MAX_ROWS][RE_MAX_COLS]; /* [row][col] */
} re_scenario;

#endif
