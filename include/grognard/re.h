/* grognard/re.h - the Révolution et Empire game engine (seed 004), in the
 * manner of OpenSpiel: a state of plain data, the legal actions of the
 * player to move, explicit chance nodes, and an apply function.
 *
 * - re_state holds ids and coordinates only (no pointers): clone it by
 *   assignment (`re_state b = a;`), hash it, save it.  It is fully
 *   initialised by re_init (padding included), so re_hash can read bytes.
 * - Every random event is a chance node: re_current_player returns
 *   RE_CHANCE and re_chance_outcomes lists every outcome with its exact
 *   probability (a chit drawn from the bowl: count/total; a die: 1/6 per
 *   face).  Nothing random happens inside re_apply.
 * - Hidden information: the chits each side puts in the bowl are chosen one
 *   by one (RE_A_CHIT ... RE_A_CHITS_DONE) and kept in the state; a UI
 *   hides the opponent's choices.
 * - re_apply writes what happened (every die, modifier and rule, with the
 *   seed paragraph) into a caller-owned gr_log.
 *
 * All functions take the scenario the state was started from; the state
 * never points to it. */
#ifndef GROGNARD_RE_H
#define GROGNARD_RE_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/hex.h"
#include "grognard/log.h"
#include "grognard/re_scenario.h"
#include "grognard/rng.h"

/* re_current_player() values besides 0 and 1. */
#define RE_CHANCE   (-1)
#define RE_TERMINAL (-2)

/* Enough room for every legal action of any state of any scenario. */
#define RE_MAX_ACTIONS 8192
/* Enough room for every outcome of any chance node. */
#define RE_MAX_OUTCOMES RE_MAX_CORPS
/* Hexes a retreat path can hold (the start hex included). */
#define RE_MAX_PATH 12
/* Units one artillery fire can hit (target + enfilade). */
#define RE_MAX_FIRE_TARGETS 3

/* What an action does.  Fields of re_action used by each kind are given. */
typedef enum re_action_kind {
    RE_A_NONE = 0,
    /* chit choice (seed 1- ACTIVATION) */
    RE_A_CHIT,       /* corps: put one chit of corps `unit` in the bowl */
    RE_A_CHITS_DONE, /* no more chits this turn */
    /* chance outcomes */
    RE_A_DRAW, /* chance: the chit of corps `unit` is drawn */
    RE_A_DIE,  /* chance: the die shows face `unit` (1..6) */
    /* activation */
    RE_A_GROUP,          /* play the main group containing unit `unit` */
    RE_A_FIRE,           /* artillery `unit` fires at hex (col,row) */
    RE_A_SKIRMISH,       /* infantry `unit` fires its skirmishers at unit `target` */
    RE_A_END_FIRE,       /* end of the fire phase of this activation */
    RE_A_MOVE,           /* unit `unit` moves to hex (col,row) */
    RE_A_END_MOVE,       /* end of the movement phase */
    RE_A_ATTACK,         /* unit `unit` attacks unit `target` */
    RE_A_COLUMN,         /* infantry `unit` makes a column attack on infantry `target` */
    RE_A_END_ACTIVATION, /* end of the combat phase: draw the next chit */
    /* decisions of the attacked side */
    RE_A_EVADE,   /* heavy cavalry `unit` evades (retreats 2 hexes) */
    RE_A_STAND,   /* heavy cavalry `unit` stands and fights */
    RE_A_RETREAT, /* `unit` retreats one hex to (col,row); if a friend
                     `target` stands there it is pushed to (col2,row2) */
    RE_A_RIPOSTE, /* `unit` ripostes against the unit that attacked it */
    RE_A_NO_RIPOSTE,
    /* after a won combat (attacker) */
    RE_A_TAKE_GROUND, /* `unit` occupies the hex its target left */
    RE_A_PURSUE,      /* cavalry `unit` follows its target and attacks again */
    RE_A_STOP,        /* no taking of ground, no (more) pursuit */
    RE_A_KINDS
} re_action_kind;

#define RE_NO_UNIT 0xFF

/* An action: ids and offset coordinates, never pointers (8 bytes). */
typedef struct re_action {
    uint8_t kind;      /* re_action_kind */
    uint8_t unit;      /* acting unit, corps (RE_A_CHIT, RE_A_DRAW) or face (RE_A_DIE) */
    uint8_t target;    /* target / pushed unit, or RE_NO_UNIT */
    int8_t col, row;   /* a hex (offset coordinates), -1 if none */
    int8_t col2, row2; /* push destination, -1 if none */
    uint8_t pad;
} re_action;

/* One outcome of a chance node: P(action) = num / den. */
typedef struct re_chance {
    re_action action;
    uint32_t num, den;
} re_chance;

/* Where the game is (what the player to move is deciding). */
typedef enum re_stage {
    RE_ST_CHITS,   /* `side` chooses chits */
    RE_ST_DRAW,    /* chance: draw a chit */
    RE_ST_GROUP,   /* `side` chooses the main group of corps `corps` */
    RE_ST_FIRE,    /* `side`: fire phase of the activation */
    RE_ST_MOVE,    /* `side`: movement phase */
    RE_ST_COMBAT,  /* `side`: combat phase */
    RE_ST_EVADE,   /* owner of the attacked heavy cavalry: evade or stand */
    RE_ST_DICE,    /* chance: one die of the current roll */
    RE_ST_RETREAT, /* owner of the retreating unit: next hex of the path */
    RE_ST_RIPOSTE, /* owner of the attacked unit: riposte or not */
    RE_ST_AFTER,   /* attacker: take ground, pursue or stop */
    RE_ST_OVER     /* the game has ended */
} re_stage;

/* Unit flags (re_unit_st.flags). */
enum {
    RE_UF_ACTIVE = 1 << 0,     /* activated in the current activation */
    RE_UF_MOVED = 1 << 1,      /* has moved in the current activation */
    RE_UF_NO_COMBAT = 1 << 2,  /* may not fight in this activation (march, terrain) */
    RE_UF_SKIRMISHED = 1 << 3, /* its skirmishers fired in this activation */
    RE_UF_FIRED = 1 << 4,      /* artillery: has fired this turn */
    RE_UF_ATTACKED = 1 << 5,   /* has attacked this turn */
    RE_UF_RETREATED = 1 << 6,  /* has retreated at least once (evasion excepted) */
};

typedef struct re_unit_st {
    int8_t col, row;    /* hex (offset); -1,-1 once destroyed */
    uint8_t figures;    /* figures left, the skirmisher not counted; 0 = destroyed */
    uint8_t skirmisher; /* 1 while its skirmisher figure is there */
    uint8_t flags;      /* RE_UF_* */
    uint8_t pad[3];
} re_unit_st;

/* The roll in progress (one per state). */
typedef enum re_roll_kind {
    RE_ROLL_NONE,
    RE_ROLL_ARTILLERY, /* artillery fire (seed 2.1) */
    RE_ROLL_SKIRMISH,  /* skirmisher fire (seed 2.2) */
    RE_ROLL_ATTACK,    /* combat (seed 4.3, 4.4) */
    RE_ROLL_RIPOSTE,   /* riposte of the attacked unit (seed 4.4) */
    RE_ROLL_PURSUIT,   /* a pursuit attack (seed 4.5) */
} re_roll_kind;

typedef struct re_combat_st {
    uint8_t roll;      /* re_roll_kind of the combat in progress, RE_ROLL_NONE if none */
    uint8_t attacker;  /* the active unit (or the battery, the skirmishing unit) */
    uint8_t target;    /* the unit attacked */
    uint8_t column;    /* 1: column attack */
    uint8_t dice_left; /* dice still to roll */
    uint8_t losses;    /* results so far */
    uint8_t retreats;
    uint8_t hitter;       /* who rolls: the attacker, or the target for a riposte */
    uint8_t hit;          /* who receives the results */
    uint8_t evaded;       /* the target evaded */
    uint8_t repulsed;     /* the target retreated or evaded (pursuit and taking ground) */
    uint8_t vacated;      /* the target left its hex (retreat, evasion, destruction) */
    int8_t vcol, vrow;    /* the hex it left */
    uint8_t nfire, ifire; /* artillery: targets hit and the one being resolved */
    uint8_t fire_targets[RE_MAX_FIRE_TARGETS];
    uint8_t fire_range[RE_MAX_FIRE_TARGETS];
    uint8_t pad[2];
} re_combat_st;

typedef struct re_retreat_st {
    uint8_t unit;                /* the unit retreating, RE_NO_UNIT if none */
    uint8_t from;                /* the unit it retreats from (never adjacent to it) */
    uint8_t left;                /* hexes still to retreat */
    uint8_t evasion;             /* 1: an evasion (exactly 2 hexes, no push) */
    uint8_t npath;               /* hexes in path (the start hex first) */
    int8_t path[RE_MAX_PATH][2]; /* col,row */
    uint8_t pad[3];
} re_retreat_st;

typedef struct re_state {
    uint8_t stage;               /* re_stage */
    uint8_t side;                /* the side deciding (stages CHITS..COMBAT, AFTER) */
    uint8_t turn;                /* 1 .. scenario turns */
    uint8_t corps;               /* the activated corps (RE_NO_UNIT if none) */
    uint8_t chosen[RE_SIDES];    /* chits put in the bowl this turn */
    uint8_t bowl[RE_MAX_CORPS];  /* chits of each corps still in the bowl */
    uint8_t drawn[RE_MAX_CORPS]; /* chits of each corps drawn this turn */
    uint8_t winner;              /* once over: 0, 1, or 2 for a draw */
    uint8_t nunits;
    uint8_t pad[2];
    re_unit_st units[RE_MAX_UNITS];
    re_combat_st combat;
    re_retreat_st retreat;
} re_state;

_Static_assert(sizeof(re_state) <= 16384, "re_state must fit in 16 KiB");

/* The event log is the core's (grognard/log.h): every die, modifier and
 * rule applied, with the seed paragraph. */

/* Start a game: turn 1, side 0 chooses its chits.  Checks the scenario
 * (sizes, ids, hexes on the map); GR_EINPUT with a message otherwise. */
gr_status re_init(const re_scenario *sc, re_state *st, gr_error *err);

/* 0 or 1 (the side to decide), RE_CHANCE, or RE_TERMINAL. */
int re_current_player(const re_scenario *sc, const re_state *st);

int re_is_terminal(const re_scenario *sc, const re_state *st);

/* Once terminal: 0 or 1, or -1 for a draw.  -2 while the game goes on. */
int re_winner(const re_scenario *sc, const re_state *st);

/* Legal actions of the player to move, written into out (up to cap) in a
 * fixed order; returns how many there are (RE_MAX_ACTIONS is always
 * enough).  At a chance node: the outcomes' actions; terminal: 0. */
int re_legal_actions(const re_scenario *sc, const re_state *st, re_action *out, int cap);

/* Every outcome of the chance node with its probability (num/den, the den
 * of all outcomes equal, nums summing to den); returns their count, 0 if
 * the state is not a chance node. */
int re_chance_outcomes(const re_scenario *sc, const re_state *st, re_chance *out, int cap);

/* Apply a player's action or a chance outcome.  An action that is not
 * legal is refused with GR_EILLEGAL and a reason, the state unchanged.
 * Events are appended to log (may be NULL). */
gr_status re_apply(const re_scenario *sc, re_state *st, re_action a, gr_log *log, gr_error *err);

/* Same as re_apply, for a chance outcome (refused if not at a chance node). */
gr_status re_apply_chance(const re_scenario *sc, re_state *st, re_action a, gr_log *log,
                          gr_error *err);

/* A random action: at a chance node, an outcome drawn with its
 * probability; otherwise one legal action drawn uniformly.  Returns 0 if
 * the state is terminal, 1 otherwise. */
int re_random_action(const re_scenario *sc, const re_state *st, gr_rng *rng, re_action *out);

/* 64-bit FNV-1a hash of the state (gr_fnv1a64 over its bytes). */
uint64_t re_hash(const re_scenario *sc, const re_state *st);

/* Text a player reads: "Friant: move to 7,4", "Friant: attack Bagration",
 * "draw Soult", "die 5".  Writes at most cap bytes (NUL included); returns
 * the length it needed. */
int re_action_describe(const re_scenario *sc, const re_state *st, re_action a, char *buf,
                       size_t cap);

/* The legal action whose description is `text` (case and surrounding
 * blanks ignored).  GR_EILLEGAL with the reason if none matches. */
gr_status re_action_parse(const re_scenario *sc, const re_state *st, const char *text,
                          re_action *out, gr_error *err);

/* A one-line summary of the state: turn, stage, who decides. */
int re_state_describe(const re_scenario *sc, const re_state *st, char *buf, size_t cap);

/* Demoralisation points of `side` (units lost + objectives held by the
 * enemy) and whether the army is demoralised (seed 004 §6). */
int re_demoralisation(const re_scenario *sc, const re_state *st, int side);
int re_is_demoralised(const re_scenario *sc, const re_state *st, int side);

/* Enemy units `side` has destroyed. */
int re_destroyed_by(const re_scenario *sc, const re_state *st, int side);

/* The unit standing on (col,row), or -1. */
int re_unit_at(const re_scenario *sc, const re_state *st, int col, int row);

#endif
