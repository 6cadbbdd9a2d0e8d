/* grognard/re_scenario.h - a Révolution et Empire scenario as plain data:
 * the map, the armies, their corps and units, and how the game is won.
 *
 * This is the contract between the scenario loader (src/io, which fills it
 * from a versioned JSON file and validates it) and the engine (src/engine,
 * which starts a game from it).  It holds no pointers: ids are indexes into
 * the arrays below, so a scenario can be copied, hashed and compared. */
#ifndef GROGNARD_RE_SCENARIO_H
#define GROGNARD_RE_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/hex.h"

#define RE_MAX_COLS       32
#define RE_MAX_ROWS       24
#define RE_MAX_UNITS      64
#define RE_MAX_CORPS      16
#define RE_MAX_OBJECTIVES 16
#define RE_NAME_LEN       48
#define RE_SIDES          2
#define RE_MAX_TURNS      99
#define RE_MAX_REINF      16 /* reinforcement groups of a scenario */
#define RE_MAX_ENTRY      6  /* entry hexes of one reinforcement group */
#define RE_MAX_CHANGES    16 /* terrain changes of a scenario */

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
    RE_VICTORY_OBJECTIVES,     /* format 2: the side holding more objective points at the end */
    RE_VICTORY_POINTS,         /* format 2: more victory points (enemy units destroyed, each
                                  its `points`, + enemy objectives held at the end) */
    RE_VICTORIES
} re_victory;

/* Unit tags (format 2, re_scenario_ext.unit_tags). */
enum { RE_TAG_GUARD = 1 << 0 };

/* What the guard tag does (re_scenario_ext.guard_rule; docs/rules/re.md). */
typedef enum re_guard_rule {
    RE_GUARD_NONE,
    RE_GUARD_IGNORE_FIRST_RETREAT, /* its first retreat result of the game is ignored */
    RE_GUARD_RETREAT_ONE_LESS,     /* every retreat is one hex shorter */
    RE_GUARD_RULES
} re_guard_rule;

/* A reinforcement (scenario format 2): units that are off the map at the
 * start and enter together at the start of a turn, before the chits are
 * chosen (docs/rules/re.md, "Reinforcements"). */
typedef struct re_reinforcement {
    char name[RE_NAME_LEN];
    uint8_t turn;   /* the first turn it may enter, 1..turns */
    uint8_t roll;   /* 0: it enters at the start of `turn`; 1..6: from `turn` on, a die is
                       rolled at the start of each turn and it enters on `roll` or more */
    uint8_t nentry; /* entry hexes, 1..RE_MAX_ENTRY, each on the map's edge */
    uint8_t pad;
    int8_t entry[RE_MAX_ENTRY][2]; /* col,row, in the order they are filled */
} re_reinforcement;

/* A hex whose ground or features change from the start of a turn on (a
 * bridge destroyed, a village fortified): format 2, rules.terrain_changes. */
typedef struct re_terrain_change {
    uint8_t turn;    /* from the start of this turn (2..turns) */
    int8_t col, row; /* the hex */
    uint8_t what;    /* RE_TC_TERRAIN | RE_TC_FLAGS: which of the two below apply */
    uint8_t terrain; /* the new ground (re_terrain) */
    uint8_t flags;   /* the new features (RE_HILL | ...), replacing the old */
    uint8_t pad[2];
} re_terrain_change;

enum { RE_TC_TERRAIN = 1 << 0, RE_TC_FLAGS = 1 << 1 };

/* What format 2 adds to format 1.  All zero for a format-1 scenario, so
 * that its digest and the state hashes of its games are those of format 1
 * (re_scenario_digest hashes this part only when it is not all zero). */
typedef struct re_scenario_ext {
    uint8_t nreinf;
    uint8_t format; /* 2 for a format-2 file, 0 for format 1 (whose ext is all zero) */
    uint8_t pad[2];
    uint8_t unit_reinf[RE_MAX_UNITS]; /* 0: on the map at the start; r + 1: enters with
                                         reinforcement r (its re_unitdef col,row: -1,-1) */
    re_reinforcement reinf[RE_MAX_REINF];
    uint8_t chits[RE_SIDES][RE_MAX_TURNS + 1]; /* chits side s may put in the bowl on turn t
                                                  (1..turns); 0: sides[s].chits_per_turn */
    uint8_t unit_tags[RE_MAX_UNITS];           /* RE_TAG_* */
    uint8_t unit_points[RE_MAX_UNITS]; /* RE_VICTORY_POINTS: what destroying it scores (0: 1) */
    uint8_t guard_rule;                /* re_guard_rule */
    uint8_t sudden_death[RE_SIDES];    /* 0: none; else side s loses at once when its
                                          demoralisation points reach this */
    uint8_t pad2;
    uint8_t sight[RE_MAX_TURNS + 1]; /* 0: as the seed; else on turn t (fog, night) no line of
                                        sight, so no artillery fire, beyond this many hexes */
    uint8_t nchanges;                /* terrain changes, in the order of their turns */
    re_terrain_change changes[RE_MAX_CHANGES];
} re_scenario_ext;

/* ---- movement, precomputed -------------------------------------------
 *
 * What re_terrain_can_enter, _stops and _no_combat (re_terrain.h) answer, for every hex and unit
 * type of a map at once: the legal-move search asks them for every neighbour of every hex it
 * reaches, after every step of a game.  Their answers depend on `from` only through whether it
 * carries a road (a terrain passable along a road only) and whether it is a hill (a hill stops a
 * unit coming from below), so one byte per hex and type holds them (RE_MT_*): can_enter(from, to) =
 * to & ENTER || (to & ENTER_ROAD && from & ROAD) stops(from, to)     = to & STOP || (to &
 * STOP_UPHILL && !(from & HILL)) no_combat(from, to) = to & NO_COMBAT for `from` and `to`
 * neighbours on the map; a hex off the map is 0. */
enum {
    RE_MT_ENTER = 1 << 0,       /* may be entered from any neighbour */
    RE_MT_ENTER_ROAD = 1 << 1,  /* may be entered only from a neighbour with a road */
    RE_MT_STOP = 1 << 2,        /* entering it ends the move */
    RE_MT_STOP_UPHILL = 1 << 3, /* entering it ends the move unless coming from a hill */
    RE_MT_NO_COMBAT = 1 << 4,   /* a unit entering it may not fight */
    RE_MT_ROAD = 1 << 5,        /* it carries a road */
    RE_MT_HILL = 1 << 6,        /* it is a hill */
};

/* A neighbour off the map (re_move_terrain.next). */
#define RE_MT_OFF 0xFFFF

typedef struct re_move_terrain {
    uint8_t bits[RE_UNIT_TYPES][RE_MAX_ROWS * RE_MAX_COLS]; /* [type][row * RE_MAX_COLS + col] */
    /* the index (row * RE_MAX_COLS + col) of each hex's neighbour in each
     * direction (gr_hex_neighbor's), RE_MT_OFF off the map */
    uint16_t next[RE_MAX_ROWS * RE_MAX_COLS][GR_HEX_DIRS];
} re_move_terrain;

/* Tables made once from the rest of the scenario (re_scenario_make_tables,
 * which the loader calls), so that the engine does not work them out again
 * at every step: where a unit may move on each hex, and each objective's
 * distance to every hex.  Kept after `ext`, so that no digest covers them
 * (re_scenario_digest_bytes) and no file holds them.  All zero: not made
 * (a scenario built by hand), and the engine works out what it needs on
 * its own stack, with the same answers, more slowly.  Whoever changes the
 * map or the units' sides or corps of a scenario whose tables are made makes them
 * again or clears them (debug builds assert it: the copy of the map
 * below); the objectives' hexes and the count of units are compared at
 * every use.  The engine's copy of a scenario whose
 * terrain changes on some turn gets its tables patched where it changed. */
typedef struct re_scenario_tables {
    uint8_t made; /* 1 once made */
    uint8_t cols, rows, nobjectives;
    uint8_t nunits;                             /* the units' count they were made from */
    uint8_t nside[RE_SIDES];                    /* each side's units, */
    uint8_t side_units[RE_SIDES][RE_MAX_UNITS]; /* in the order of units[] */
    uint8_t ncorps;                             /* the corps' count they were made from */
    /* each corps' units, in the order of units[]: corps c's are
     * corps_units[corps_first[c]] up to corps_units[corps_first[c + 1]] */
    uint8_t corps_first[RE_MAX_CORPS + 1];
    uint8_t corps_units[RE_MAX_UNITS];
    int8_t obj_hex[RE_MAX_OBJECTIVES][2]; /* each objective's col, row */
    re_hexdef map[RE_MAX_ROWS][RE_MAX_COLS];
    re_move_terrain move;
    /* the distance in hexes from the hex (col, row) to objective i:
     * [row * RE_MAX_COLS + col][i], for every col and row up to the maxima
     * (255 for an objective i the scenario does not have): a hex's
     * distances side by side, so that the nearest unit to each objective
     * is found for all of them at once */
    uint8_t obj_dist[RE_MAX_ROWS * RE_MAX_COLS][RE_MAX_OBJECTIVES];
} re_scenario_tables;

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
    re_scenario_ext ext;       /* format 2; keep it last of the file's part (the digest) */
    re_scenario_tables tables; /* made from the above, after the digest */
} re_scenario;

/* The bytes of *sc its digest covers (re_scenario_digest, saved games):
 * the format-1 part, then the format-2 part up to its last byte that is not
 * zero.  So a format-1 scenario keeps the digest its saves recorded before
 * format 2 existed, and a field added at the END of re_scenario_ext (zero
 * in the files written before it) changes no digest: add fields there. */
static inline size_t re_scenario_digest_bytes(const re_scenario *sc)
{
    const uint8_t *p = (const uint8_t *)&sc->ext;
    size_t n = sizeof sc->ext;
    while (n > 0 && p[n - 1] == 0)
        n--;
    return offsetof(re_scenario, ext) + n;
}

/* The scenario as its terrain stands on `turn`: sc itself when no terrain
 * change has come by then, else a copy in *buf with every change of a turn
 * up to `turn` applied in order (docs/rules/re.md, "Terrain that
 * changes").  The engine plays each turn on it; a board is drawn from it. */
static inline const re_scenario *re_scenario_at_turn(const re_scenario *sc, int turn,
                                                     re_scenario *buf)
{
    if (!sc->ext.nchanges || turn < sc->ext.changes[0].turn)
        return sc;
    *buf = *sc;
    for (int i = 0; i < sc->ext.nchanges && i < RE_MAX_CHANGES; i++) {
        const re_terrain_change *c = &sc->ext.changes[i];
        if (c->turn > turn || c->col < 0 || c->row < 0 || c->col >= RE_MAX_COLS ||
            c->row >= RE_MAX_ROWS)
            continue;
        re_hexdef *h = &buf->map[c->row][c->col];
        if (c->what & RE_TC_TERRAIN)
            h->terrain = c->terrain;
        if (c->what & RE_TC_FLAGS)
            h->flags = c->flags;
    }
    return buf;
}

/* The chits side s may put in the bowl on turn t (x of seed 004 §1, by
 * turn when the scenario says so). */
static inline int re_chits_per_turn(const re_scenario *sc, int s, int t)
{
    int x = t >= 1 && t <= RE_MAX_TURNS ? sc->ext.chits[s][t] : 0;
    return x ? x : sc->sides[s].chits_per_turn;
}

#endif
