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
 *   seed paragraph) into a caller-owned gr_log as structured events
 *   (re_event_kind below); re_event_text makes their English or French
 *   text.
 *
 * All functions take the scenario the state was started from; the state
 * never points to it. */
#ifndef GROGNARD_RE_H
#define GROGNARD_RE_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/hex.h"
#include "grognard/event.h"
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
    RE_ST_OVER,    /* the game has ended */
    RE_ST_ARRIVAL  /* chance: the die of reinforcement `arrival` (start of a turn) */
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
    RE_UF_ART_MOVED = 1 << 7,  /* artillery: has moved this turn (so fires no more) */
};

/* Scenario-rule flags (re_unit_st.sflags). */
enum {
    RE_USF_GUARD_USED = 1 << 0, /* guard: its first retreat result has been ignored */
};

typedef struct re_unit_st {
    int8_t col, row;    /* hex (offset); -1,-1 once destroyed */
    uint8_t figures;    /* figures left, the skirmisher not counted; 0 = destroyed */
    uint8_t skirmisher; /* 1 while its skirmisher figure is there */
    uint8_t flags;      /* RE_UF_* */
    uint8_t called;     /* 1: a reinforcement whose group has entered but that waits for a
                           free entry hex (it enters at the start of the next turn) */
    uint8_t sflags;     /* RE_USF_*: what scenario rules have done to it */
    uint8_t pad;
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
    uint8_t evasion;             /* 1: an evasion (exactly 2 hexes; it may push, §4.2) */
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
    uint8_t arrival; /* stage ARRIVAL: the reinforcement whose die is rolled; else 0 */
    uint8_t pad;
    re_unit_st units[RE_MAX_UNITS];
    re_combat_st combat;
    re_retreat_st retreat;
} re_state;

_Static_assert(sizeof(re_state) <= 16384, "re_state must fit in 16 KiB");

/* ---- events ------------------------------------------------------------
 *
 * re_apply appends one gr_event (grognard/event.h) per thing that happens:
 * every die, modifier and rule applied, with its seed paragraph in `rule`
 * (the RE_P_* strings: "seed 004 §4.3 Dés").  An event is data; its text is
 * made by re_event_text, in English or in French.  Below, for each kind,
 * what units[], hexes[] (col,row offsets), faces[] and vals[] hold; a field
 * not named is unused (units GR_EV_NONE, hexes -1,-1, vals 0, nfaces 0).
 * "side" and "corps" are indexes into the scenario's sides and corps,
 * "unit" into its units. */
typedef enum re_event_kind {
    RE_EV_NONE = 0,
    /* §1 activation */
    RE_EV_CHITS,          /* a side has put its chits in the bowl: units[0] side, vals[0] how
                             many (never which corps: the choice is hidden) */
    RE_EV_DRAW,           /* chit drawn: units[0] corps, vals[0] chits of that corps in the
                             bowl before the draw, vals[1] chits in the bowl before the draw */
    RE_EV_ACTIVATION,     /* a corps activates: units[0] corps; the units activated as a 64-bit
                             set: unit u is bit u % 32 of (uint32_t)vals[u / 32]; those of them
                             that are isolated light cavalry: the same in vals[2 + u / 32] */
    RE_EV_ACTIVATION_END, /* end of an activation: units[0] corps */
    RE_EV_TURN_END,       /* the bowl is empty: vals[0] the turn ending */
    RE_EV_TURN_START,     /* a new turn: vals[0] the turn */
    /* §2 fire */
    RE_EV_FIRE,      /* artillery fires: units[0] battery, units[1] target; hexes[0] battery,
                        hexes[1] target; vals[0] range in hexes */
    RE_EV_ENFILADE,  /* enfilade: units[0] the unit in the next hex, hit too */
    RE_EV_NO_EFFECT, /* a fire without effect on units[0]: vals[0] RE_EVX_* why */
    RE_EV_SKIRMISH,  /* skirmishers fire: units[0] their unit, units[1] target; vals[0] dice */
    /* §3 movement */
    RE_EV_MOVE, /* units[0] moves from hexes[0] to hexes[1]; vals[0] hexes; vals[1] RE_EVF_* */
    /* §4 combat */
    RE_EV_ATTACK,          /* units[0] attacks units[1]; vals[0] 1 for a column attack */
    RE_EV_NO_FIGHT_IN,     /* units[0] may not fight in its town: vals[0] 0 it must evade, 1 it
                              cannot evade and is destroyed */
    RE_EV_EVADE,           /* units[0] evades before the combat: vals[0] 1 it must (light
                              cavalry), 0 it chose to (heavy cavalry) */
    RE_EV_NO_EVASION,      /* units[0] cannot evade (no two-hex retreat): combat */
    RE_EV_STAND,           /* heavy cavalry units[0] stands and fights */
    RE_EV_EVADED,          /* units[0] has evaded (its two hexes are made) */
    RE_EV_DICE_BASE,       /* dice of a roll before modifiers: vals[0] dice, vals[1] re_roll_kind
                              (ATTACK, ARTILLERY, RIPOSTE or PURSUIT); units[0] the unit rolling
                              (the battery for ARTILLERY); vals[2] the range (ARTILLERY) */
    RE_EV_DICE_MOD,        /* a dice modifier: vals[0] RE_EVM_* id, vals[1] dice added (> 0) or
                              taken (< 0).  FLANK: units[0] the friend that gives it, units[1]
                              the target, units[2] the attacker.  CHARGE: units[0] the attacker.
                              TERRAIN: vals[2] 1 counted, 0 listed but not counted (a larger
                              malus applies); vals[3] terrain row * 2 + 0 (its protection) or
                              + 1 (its attack malus) (re_terrain_row_at).  DEMORALISED:
                              units[0] the side, vals[2] its points, vals[3] its threshold */
    RE_EV_NO_MOD,          /* a bonus not given: vals[0] RE_EVM_FLANK or RE_EVM_CHARGE, vals[1]
                              RE_EVN_* why; units[0] the unit it concerns (the target for
                              RE_EVN_FLANK_TOWN and _CAVALRY, else the attacker); hexes[0]
                              attacker, hexes[1] target */
    RE_EV_DICE_TOTAL,      /* dice rolled: vals[0] dice, vals[1] re_roll_kind; units[0] the unit
                              hit (named for ARTILLERY) */
    RE_EV_DIE,             /* one die: faces[0] its face (nfaces 1); units[0] the unit hit;
                              vals[0] re_hit (grognard/re_rules.h), vals[1] 1 for a column
                              attack, vals[2] re_roll_kind */
    RE_EV_RESULT,          /* the roll is over: units[0] hit; vals[0] losses, vals[1] retreats */
    RE_EV_LOSS,            /* units[0] loses a figure: vals[0] RE_EVC_* cause, vals[1] figures
                              left, vals[2] 1 if its skirmisher is still there */
    RE_EV_SKIRMISHER_LOST, /* units[0] loses its skirmisher (§5): vals[0] RE_EVC_* cause */
    RE_EV_DESTROYED,       /* units[0] is destroyed: units[1] its side; vals[0] the side's
                              demoralisation points, vals[1] 1 if it is now demoralised */
    RE_EV_RETREAT,         /* one hex of retreat: units[0] to hexes[0]; vals[0] 1 evasion */
    RE_EV_PUSH,            /* units[0] pushes friend units[1] from hexes[0] to hexes[1] */
    RE_EV_RETREAT_BLOCKED, /* units[0] cannot retreat vals[0] more hexes: a figure each */
    RE_EV_RIPOSTE,         /* units[0] ripostes against units[1] */
    RE_EV_NO_RIPOSTE,      /* units[0] does not riposte */
    RE_EV_TAKE_GROUND,     /* units[0] takes ground: moves to hexes[0] */
    RE_EV_PURSUIT,         /* units[0] pursues units[1] along its retreat path to hexes[0] */
    RE_EV_PURSUIT_END,     /* the pursuit ends: units[0] (the target) does not fall back */
    /* end of the game */
    RE_EV_NO_UNIT_LEFT, /* an army has no unit left: units[0] its side (0 if both) */
    RE_EV_GAME_OVER,    /* vals[0] the scenario's re_victory, vals[1] side 0's count,
                           vals[2] side 1's (demoralisation points, or enemy units
                           destroyed) */
    RE_EV_WINNER,       /* units[0] the side that wins, GR_EV_NONE for a draw */
    /* reinforcements (scenario format 2) */
    RE_EV_ARRIVAL_ROLL,  /* the die of a reinforcement: faces[0] the face (nfaces 1); vals[0]
                            the reinforcement, vals[1] the face it needs, vals[2] 1 if it
                            enters */
    RE_EV_ARRIVE,        /* units[0] enters the map at hexes[0]; vals[0] its reinforcement */
    RE_EV_ENTRY_BLOCKED, /* units[0] finds its entry hexes taken (or closed to its type): it
                            waits for the next turn; vals[0] its reinforcement */
    /* scenario rules (format 2) */
    RE_EV_GUARD,          /* guard units[0] retreats less: vals[0] retreat results, vals[1] hexes
                             it retreats, vals[2] re_guard_rule */
    RE_EV_SIGHT,          /* fog or night this turn: vals[0] the turn, vals[1] hexes of sight */
    RE_EV_SUDDEN_DEATH,   /* units[0] the side whose demoralisation reached its sudden-death
                             threshold: vals[0] its points, vals[1] the threshold */
    RE_EV_TERRAIN_CHANGE, /* hex hexes[0] changes from this turn on: vals[0] its new ground
                             (re_terrain) or -1 if unchanged, vals[1] its new features
                             (RE_HILL...) or -1; vals[2], vals[3] the old ones */
    RE_EV_KINDS
} re_event_kind;

/* Dice modifiers (vals[0] of RE_EV_DICE_MOD and RE_EV_NO_MOD). */
enum { RE_EVM_FLANK, RE_EVM_CHARGE, RE_EVM_TERRAIN, RE_EVM_DEMORALISED };

/* Why a bonus is not given (vals[1] of RE_EV_NO_MOD). */
enum {
    RE_EVN_FLANK_TOWN,       /* the target is infantry in a town, fortress or building */
    RE_EVN_FLANK_CAVALRY,    /* the target is infantry in contact with enemy cavalry only */
    RE_EVN_FLANK_SELF,       /* the attacker may itself be taken in the flank */
    RE_EVN_CHARGE_NO_MOVE,   /* the cavalry did not move */
    RE_EVN_CHARGE_STRENGTH,  /* it is not at full strength */
    RE_EVN_CHARGE_RETREATED, /* it has retreated */
    RE_EVN_CHARGE_TERRAIN,   /* terrain: the printed reason re_terrain_charge_allowed gives
                                from hexes[0] to hexes[1] */
};

/* Why a fire has no effect (vals[0] of RE_EV_NO_EFFECT). */
enum { RE_EVX_ARTILLERY /* the target is artillery */, RE_EVX_NO_DICE /* no dice left */ };

/* After a move (vals[1] of RE_EV_MOVE). */
enum { RE_EVF_ARTILLERY /* (artillery never fights) */, RE_EVF_MAY_FIGHT, RE_EVF_NO_FIGHT };

/* Why a figure is lost (vals[0] of RE_EV_LOSS, RE_EV_SKIRMISHER_LOST). */
enum { RE_EVC_HIT /* a die result */, RE_EVC_BLOCKED /* a retreat that cannot be made */ };

/* Room for the text of any event in any language, NUL included (the
 * longest: a corps of RE_MAX_UNITS isolated light cavalry with the longest
 * names activating, in French). */
#define RE_EVENT_TEXT_MAX 6144

/* The text of an event, in `lang`: unit, corps and side names from the
 * scenario, the printed French words of the seed where the event cites them
 * (table cells, terrain rows, quotations) in both languages.  Detail lines
 * of a roll (its dice and modifiers) begin with two spaces.  Writes at most
 * cap bytes (NUL included); returns the length it needed, like snprintf. */
int re_event_text(const re_scenario *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap);

/* A stable snake_case name of an event kind ("die", "dice_modifier"), for
 * JSON; "unknown" out of range. */
const char *re_event_kind_name(int kind);

/* Make sc's tables (re_scenario_tables: where units may move, the
 * objectives' distances) from the rest of it: the loader does it; a
 * scenario built or changed by hand is played the same without it, more
 * slowly.  Changes nothing the digest covers. */
void re_scenario_make_tables(re_scenario *sc);

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

/* Apply an action known to be legal (a player's legal action or an outcome
 * of the chance node), without checking it: the hot loop of simulations.
 * Legality is asserted in debug builds. */
void re_apply_trusted(const re_scenario *sc, re_state *st, re_action a, gr_log *log);

/* 1 if `a` is one of the legal actions (or chance outcomes) of st. */
int re_is_legal(const re_scenario *sc, const re_state *st, re_action a);

/* Call fn(ctx, a) for each legal action, in the order of re_legal_actions,
 * without an array; returns how many there are. */
int re_each_legal_action(const re_scenario *sc, const re_state *st,
                         void (*fn)(void *ctx, re_action a), void *ctx);

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

/* ---- behind the game interface (game.h) ---------------------------------- */

#include "grognard/game.h"

/* The R&E game type; a gr_game is {&re_game_type, a loaded re_scenario}. */
extern const gr_game_type re_game_type;
_Static_assert(RE_EVENT_TEXT_MAX <= GR_EVENT_TEXT_MAX,
               "an R&E event's text fits GR_EVENT_TEXT_MAX");

/* An action as a gr_action (its seven fields packed in the low 56 bits),
 * and back.  Inline: the legal moves of a step pack hundreds of them. */
static inline gr_action re_action_pack(re_action a)
{
    return (gr_action)a.kind | (gr_action)a.unit << 8 | (gr_action)a.target << 16 |
           (gr_action)(uint8_t)a.col << 24 | (gr_action)(uint8_t)a.row << 32 |
           (gr_action)(uint8_t)a.col2 << 40 | (gr_action)(uint8_t)a.row2 << 48;
}
re_action re_action_unpack(gr_action g);

/* The legal actions as re_legal_actions lists them, packed
 * (re_action_pack) into out (up to cap written); returns how many there
 * are (the game interface's legal_actions). */
int re_legal_actions_packed(const re_scenario *sc, const re_state *st, gr_action *out, int cap);

/* The view of one side (gr_game_observe): the state with the other side's
 * chits still in the bowl taken out and counted in hidden_chits (which corps
 * they belong to is hidden; how many there are is not).  Fully initialised,
 * padding included, so views compare and hash as bytes. */
#define RE_OBS_SPECTATOR 0xFF
typedef struct re_obs {
    re_state st;
    uint8_t viewer;       /* the side whose view this is, or RE_OBS_SPECTATOR */
    uint8_t hidden_chits; /* chits of the other side in the bowl */
    uint8_t pad[2];
} re_obs;

/* Demoralisation points of `side` (units lost + objectives held by the
 * enemy) and whether the army is demoralised (seed 004 §6). */
int re_demoralisation(const re_scenario *sc, const re_state *st, int side);
int re_is_demoralised(const re_scenario *sc, const re_state *st, int side);
/* The demoralisation points of both sides at once: pts[s] for side s (one
 * pass over the units, for an evaluation that wants both). */
void re_demoralisation_sides(const re_scenario *sc, const re_state *st, int *pts);

/* Objective points `side` holds (an objective is held by the side of the
 * unit on it, else by its owner): RE_VICTORY_OBJECTIVES. */
int re_objective_points(const re_scenario *sc, const re_state *st, int side);

/* Victory points of `side`: each enemy unit destroyed scores its points
 * (1 unless the scenario says), each enemy objective it holds its points:
 * RE_VICTORY_POINTS. */
int re_victory_points(const re_scenario *sc, const re_state *st, int side);

/* Enemy units `side` has destroyed. */
int re_destroyed_by(const re_scenario *sc, const re_state *st, int side);

/* 1 if unit u is a reinforcement not yet on the map (not destroyed). */
int re_unit_waiting(const re_scenario *sc, const re_state *st, int u);

/* The dice the legal action `a` would roll if taken in st, as the engine
 * counts them when it is taken (§4.4's base, flank, charge, terrain and
 * demoralisation for an attack or a column attack; the skirmish die and
 * demoralisation for a skirmish): what a player sees before committing.  A
 * target that evades is not rolled against.  -1 for any other action. */
int re_action_dice(const re_scenario *sc, const re_state *st, re_action a);

/* The way unit u would go to (col,row) by a legal move in st (§3): the hexes
 * entered, in order, the last one (col,row), into cols/rows (cap of them);
 * returns how many (0 if it cannot go there, or cap is too small).  *fights
 * is 1 if u may still fight in this activation after that move (the
 * terminal's '++'), 0 if not ('--': more than the allowance to fight, a hex
 * where one does not fight, artillery, or a unit that may not fight
 * already), as applying the move would leave it.  A shortest way, the road
 * bonus's when only it reaches the hex (or reaches it to fight). */
int re_move_path(const re_scenario *sc, const re_state *st, int u, int col, int row, int *cols,
                 int *rows, int cap, int *fights);

/* The odds of one roll of an attack, a riposte, a skirmish or a pursuit
 * against the unit it hits, over every count of losses and retreats among
 * its dice (§4.4), the results applied as the engine applies them (a
 * retreat that cannot be made costs figures; a retreat's way the first the
 * engine lists, hex by hex). */
#define RE_ODDS_MAX_LOSSES 8
typedef struct re_roll_odds {
    int dice;                              /* dice rolled (0: no roll) */
    double losses[RE_ODDS_MAX_LOSSES + 1]; /* figures lost, the skirmisher counted;
                                              the last: that many or more */
    double expected_losses;                /* figures */
    double p_loss;                         /* at least one figure lost */
    double p_retreat;                      /* it leaves its hex, alive */
    double p_destroyed;                    /* no figure left */
    double p_riposte;                      /* it may riposte after the roll */
} re_roll_odds;

/* The whole of an attack before it is made: the roll against the target
 * and, when the target may riposte after it, the riposte's roll against the
 * attacker (its odds once it ripostes; p_riposte how likely that is). */
typedef struct re_odds {
    int evades;    /* the target evades before any die (light cavalry, §4.2) */
    int may_evade; /* the target may evade (heavy cavalry): the odds if it stands */
    re_roll_odds attack;
    double p_riposte;
    re_roll_odds riposte; /* dice 0: no riposte possible */
} re_odds;

/* The odds of the legal action `a` (an attack, a column attack, a skirmish
 * or a pursuit) in st, read by applying the engine's own rules to copies of
 * st for each class of die face: GR_OK and *out; GR_EINPUT for another kind
 * of action, GR_EILLEGAL if a is not legal in st.  A riposte is assumed
 * made whenever it may be (§4.4 "elle peut riposter"); its dice do not
 * depend on the losses (§4.1), so its odds are those after the first
 * outcome that allows it. */
gr_status re_attack_odds(const re_scenario *sc, const re_state *st, re_action a, re_odds *out);

/* What unit u sees of hex (col,row) from where it stands (a page's sight
 * and range on hover). */
typedef struct re_sight_at {
    int range;  /* hexes from u */
    int sees;   /* the line of sight is free (§8, re_los: along a hexside it is
                   blocked only by obstacles on both sides), within the turn's
                   sight (fog or night); its own hex: 1 */
    int fog;    /* beyond the turn's sight */
    int dice;   /* the dice it would roll there now: a battery's fire (§2.1, by
                   range, the terrain of an enemy there, demoralisation; 0 at an
                   enemy battery), another unit's attack at 1 hex (§4.3, flank,
                   charge and terrain when an enemy stands there); 0 out of reach
                   or unseen */
    int target; /* the enemy unit standing there, or -1 */
} re_sight_at;

/* GR_OK and *out; GR_EINPUT if u is not a unit on the map or the hex is
 * off the map. */
gr_status re_sight(const re_scenario *sc, const re_state *st, int u, int col, int row,
                   re_sight_at *out);

/* The unit standing on (col,row), or -1. */
int re_unit_at(const re_scenario *sc, const re_state *st, int col, int row);

#endif
