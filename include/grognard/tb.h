/* grognard/tb.h - the miniature systems on the table (issues 29, 35): the
 * battle file (docs/table.md), the game on the table, one for every system,
 * each system's join ("the join" below) and the game type `aoe-table`.
 *
 * A battle file puts an order of battle of its type's system (oob.h, docs/oob.md) on a
 * measured table (tabletop.h): the table's size and terrain, every unit's
 * pose at the start, the generals' places, reinforcements, objectives, the
 * armies' critical levels and what wins.  tb_file.c reads it into a
 * tb_scenario, every error "FILE:LINE:COL: what; how to fix".
 *
 * On the table a unit's id (tt_unit.id) is its index in the order of
 * battle (gr_battle.units).
 *
 * Layer: table (core <- board <- rules <- battle, tabletop <- table <-
 * match): the companion's rules (battle.h) and the table's geometry
 * (tabletop.h) together; the registry of game types (match) names it. */
#ifndef GROGNARD_TB_H
#define GROGNARD_TB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/game.h"
#include "grognard/tabletop.h"
#include "grognard/tb_rff.h"

/* The largest battle file read, in bytes (an order of battle inline
 * included). */
#define TB_MAX_BYTES      (2 * 1024 * 1024)
#define TB_MAX_OBJECTIVES 16
#define TB_MAX_CRITICAL   8
#define TB_MAX_ARRIVALS   (GR_BT_MAX_UNITS + GR_BT_MAX_LEADERS)
#define TB_MAX_TURNS      99
/* A reinforcement's place must be this close to its side's home edge. */
#define TB_ARRIVAL_EDGE TT_INCH(6)
/* An objective's radius when the file gives none (3"). */
#define TB_OBJECTIVE_RADIUS TT_INCH(3)

/* The edges of the table (docs/table.md "home"). */
typedef enum tb_edge { TB_SOUTH, TB_NORTH, TB_EAST, TB_WEST, TB_NEDGES } tb_edge;

const char *tb_edge_name(tb_edge e);

/* A unit or a general who arrives later (`reinforcements`): unit >= 0 a
 * unit of the order of battle with its pose and formation word; else
 * leader >= 0, a general at `pose.at`. */
typedef struct tb_arrival {
    int unit, leader;
    int turn;
    tt_pose pose;
    char formation[GR_BT_ID]; /* the order of battle's word ("road_column") */
} tb_arrival;

typedef struct tb_objective {
    char id[GR_BT_ID];
    char name[GR_BT_NAME];
    tt_pt at;
    tt_coord radius;
    int points;
    int held; /* at the start: 0, 1, or -1 nobody */
} tb_objective;

/* A battle on the table as its file starts it: plain data, zeroed where
 * unused, so that it hashes as bytes (digest first: what the game's
 * scenario digest covers).  Large: allocate it. */
typedef struct tb_scenario {
    uint64_t digest; /* a hash of everything below but `start.rules` */
    char id[64];     /* the file name's stem ("teaching") */
    char title[GR_BT_NAME];
    int turns;                  /* 1 .. TB_MAX_TURNS */
    int home[2];                /* each side's home edge (tb_edge) */
    tt_table table;             /* the terrain and the units deployed at the start */
    int cover[TT_MAX_FEATURES]; /* each feature's cover value, 0 to 3 */
    char feature_name[TT_MAX_FEATURES][GR_BT_NAME];
    tt_pt leader_at[GR_BT_MAX_LEADERS];   /* an unattached general's place */
    uint8_t leader_on[GR_BT_MAX_LEADERS]; /* 1: placed at the start (leaders) */
    int narrivals;
    tb_arrival arrival[TB_MAX_ARRIVALS];
    int nobjectives;
    tb_objective objective[TB_MAX_OBJECTIVES];
    int ncritical[2];
    int critical[2][TB_MAX_CRITICAL]; /* stands lost reaching level 1, 2, ... */
    int army_morale[2];               /* the level at which each army breaks (0: never) */
    int vp_objectives;                /* 1: objective points decide at the end */
    int vp_destroyed;                 /* 1: stands lost decide what objectives leave equal */
    gr_battle start;                  /* the companion's aoe battle, as set up and begun */
    /* A join's own (issue 35), after `start` so that a battle without them
     * keeps its digest: hashed into it only when sys_on is set. */
    int sys_on;
    uint8_t key[TB_MAX_OBJECTIVES]; /* 1: objective i is a key position (rff) */
    int dense_woods;                /* 1: every wood is « bois dense » (rff) */
    tb_rff_fire rff_fire;           /* rff: the fire values the seed lost (tb_rff.h) */
} tb_scenario;

/* Read the battle file `text` (`len` bytes; `name` is the file's name for
 * messages and its directory the place of an order of battle named by
 * path) into *sc (every byte written).  GR_EINPUT "NAME:LINE:COL: ..." on a
 * bad file (an order of battle of its own file: that file's name and
 * place); GR_ERUNTIME out of memory or an order of battle that cannot be
 * read. */
gr_status tb_file_parse(const char *text, size_t len, const char *name, tb_scenario *sc,
                        gr_error *err);

/* tb_file_parse on the file at `path` (at most TB_MAX_BYTES). */
gr_status tb_file_read(const char *path, tb_scenario *sc, gr_error *err);

/* The table's formation of an aoe formation word of the order of battle
 * ("road_column" -> TT_MARCH) for an arm; -1 if the word is not one of that
 * arm's (docs/rules/aoe.md "On the table: formations").  aoe's join's
 * (tb_join_formation for any system). */
int tb_formation_of(gr_bt_arm arm, const char *word);

/* The table's arm of a companion arm. */
tt_arm tb_arm_of(gr_bt_arm arm);

/* ---- the join: one system on the table -------------------------------------
 * The game on the table is one for every system (tb_game.c): the state's
 * frame (the companion's battle, the table, the generals' places, what the
 * game keeps between steps), the encoding of actions, moves through
 * tt_move_set, poses a person drags, arrivals, objectives, critical levels,
 * chance nodes for the companion's dice, hash, copy, observe, resample, the
 * view JSON, the battle file's common fields.  What is a system's own is
 * its join, a const tb_join of hooks and tables in its own file (tb_aoe.c
 * for aoe): which facts of the table a test gets, fire ranges and arcs,
 * formations and their words, what a result does to the stands, its phase
 * words and the decisions each phase opens.
 *
 * A join is written against src/table/tb_join.h (not installed): the
 * state (struct tb_state: the frame's fields, and `sys`, the join's own
 * counters, hashed only when one is set), the action kinds (K_*, tb_act,
 * tb_act_kind ...; a new kind is appended) and the shared helpers (tb_*:
 * lay out, retreat, follow the battle's stands, start a test, take
 * objectives, arrivals, the common judge).  Every hook is required unless
 * it says "may be NULL"; none keeps a pointer, none draws a random number
 * (a die is a chance node: tb_start_test).  A new system: a join, its line
 * in tb_joins (tb_game.c), its game type (TB_GAME_TYPE there) and its
 * registry line (game_registry.c). */
typedef struct tb_state tb_state;
/* Each unit's stands and formation before a step (tb_join.h). */
typedef struct tb_before tb_before;

/* A formation word of the order of battle, the arms it is of (a bit per
 * gr_bt_arm) and how the table lays it out. */
typedef struct tb_formation_word {
    const char *word;
    unsigned arms;
    tt_formation form;
} tb_formation_word;

typedef struct tb_join {
    const char *system;       /* the companion's system ("aoe"): its rules, its tables */
    const char *type;         /* the game type's id, the battle file's "type" ("aoe-table") */
    const char *name;         /* the system as a summary names it ("L'Âge des Aigles") */
    const gr_game_type *game; /* its game type */
    tt_system table_system;   /* the table's defaults: bases, terrain kinds (tabletop.h) */
    const tb_formation_word *formations; /* the order of battle's formation words */
    int nformations;
    /* The cover value (0 to 3) of a terrain kind when the file gives none. */
    int (*default_cover)(const tt_table *t, tt_kind k);
    /* The largest argument of a K_MOVEMENT (its changes of formation) and
     * the number of K_BATTERY arguments (0: the kind is not the system's). */
    int nchanges, nbattery;
    /* The arc a unit fires in (tabletop.h), and the reach of u's fire in
     * milli-inches (its longest range band). */
    tt_arc fire_arc;
    int64_t (*fire_range)(const gr_bt_unit *u);
    /* Unit u's mover for an allowance: its speeds per going, its passage
     * costs, the formations it may change to on the way. */
    void (*mover)(const tb_state *s, int u, int64_t allow, tt_mover *mv);
    /* After the frame's init (x.mv_unit -1, charge_from -1, objectives'
     * holders, leaders placed): the join's own starting values.  May be
     * NULL. */
    void (*init)(const tb_scenario *sc, tb_state *s);
    /* The player who must answer now before the phase goes on (aoe's side
     * charged, for its counter-charge), -1 none.  Called only when no die,
     * no initiative choice and no move waits. */
    int (*answering)(const tb_scenario *sc, const tb_state *s);
    /* The decisions open now (no die, no initiative choice, no move
     * waiting), `next` included where it is open, into out (cap), counting
     * past cap; in a fixed order (the game's enumeration). */
    int (*actions)(const tb_scenario *sc, const tb_state *s, gr_action *out, int cap);
    /* The companion's call of decision act (a test or a verb of no roll)
     * with the facts the table measures: 1, or 0 if act is none. */
    int (*call_of)(const tb_scenario *sc, const tb_state *s, gr_action act, gr_bt_action *out);
    /* Do decision act (well formed, no die, no choice, no move waiting):
     * GR_OK, or why it is refused (s may then be changed: callers work on a
     * copy).  A test goes through tb_start_test; keep as there. */
    gr_status (*step)(const tb_scenario *sc, tb_state *s, gr_action act, gr_bt_outcome *keep,
                      gr_error *err);
    /* A test done: the table follows its result (bf: the stands before;
     * tb_follow_battle first), and any move it opens (x.mv_unit, mv_allow). */
    void (*after_test)(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                       const gr_bt_outcome *out, const tb_before *bf);
    /* Unit u's move has been chosen and made (laid out, x.mv_unit -1 and
     * the allowance and mv_break cleared, x.mv_change still set; cleared
     * after): what follows it (aoe: the change of formation declared with
     * its test).  May be NULL. */
    void (*moved)(const tb_scenario *sc, tb_state *s, int u);
    /* After every decision (before the critical levels): the companion's
     * view of the table kept up (aoe's zones).  May be NULL. */
    void (*after_step)(const tb_scenario *sc, tb_state *s);
    /* 1: move o of the move set is listed now (aoe's breakthrough: toward
     * the enemy only). */
    int (*move_ok)(const tb_state *s, const tt_option *o);
    /* 1: `move U hold` is listed although the unit has moves (the frame
     * lists it when none of its moves is listed: it stays where it is). */
    int (*hold_listed)(const tb_state *s);
    /* A refusal of a move, a hold or a pose of the unit whose move is
     * chosen by its own rule (aoe's breakthrough), GR_OK if none: called
     * for a listed move after the frame has checked its index. */
    gr_status (*move_refused)(const tb_state *s, gr_action act, gr_error *err);
    /* The words of a decision of the join's own kinds (into buf), or -1 for
     * the frame's words. */
    int (*describe)(const tb_state *s, gr_action act, char *buf, size_t cap);
    /* What an action's JSON says besides the frame's fields (a change of
     * formation, a battery's action).  May be NULL. */
    void (*action_json)(const tb_state *s, gr_action act, json_t *o);
    /* Each action kind's command word, and as the log says it (English,
     * French): K_COUNT entries each. */
    const char *const *kind_words;
    const char *const *kind_said[2];
    /* A unit's state in the view (fields added to its JSON object o: aoe's
     * zone) and in the text (", disordered"...); u NULL: not on the table.
     * May be NULL. */
    void (*unit_json)(const tb_state *s, int unit, const tt_unit *u, json_t *o);
    int (*unit_notes)(const tb_state *s, int unit, const tt_unit *u, char *buf, size_t cap);
    /* How good s is for player (game.h evaluate; ahead: the search's,
     * objectives as the segment's end would take them). */
    int32_t (*judge)(const tb_scenario *sc, const tb_state *s, int player, int ahead);
    /* ---- added after the first joins (issue 35): each may be NULL ---- */
    /* The arc unit u fires in, when it is not every unit's fire_arc (nf:
     * infantry 45 degrees, artillery 30). */
    tt_arc (*arc_of)(const gr_bt_unit *u);
    /* A chosen move ends in formation f, another than the unit's: the
     * companion's formation word set to it (before the unit is laid out
     * again).  NULL: the move set offers no change of formation. */
    void (*set_formation)(tb_state *s, int u, tt_formation f);
    /* The fire bands of u for the page's questions (tb_ask.c): their
     * limits (milli-inches, "up to and including") and names, at most cap;
     * the count.  NULL: aoe's (gr_bt_aoe_fire_bands). */
    int (*fire_bands)(const gr_bt_unit *u, int64_t *lim, char (*name)[16], int cap);
    /* What gives the move to be chosen, in words (tb_ask.c's reach): unit
     * u, its move after a melee (x.mv_break) and its allowance.  NULL:
     * aoe's words. */
    void (*move_words)(const tb_state *s, int u, int brk, int64_t allow, char *buf, size_t cap);
    /* Added for a system measured in centimetres (rff, issue 35); each
     * zero or NULL gives aoe's: the word of the battle file's lengths
     * ("cm"; "inches") and table units per one (TT_UNITS_PER_CM;
     * TT_UNITS_PER_INCH); how near its home edge a reinforcement arrives
     * (TB_ARRIVAL_EDGE), which is also the largest side of a base; an
     * objective's radius when the file gives none (TB_OBJECTIVE_RADIUS),
     * eight times which is the largest. */
    const char *length_word;
    int64_t length_unit, arrival_edge, objective_radius;
    /* Top-level keys of the system's own (NULL-terminated; may be NULL),
     * read by read_file once everything else is read (may be NULL;
     * GR_EINPUT "NAME:LINE:COL: ..."); objective_key 1: an objective takes
     * "key" (sc->key). */
    const char *const *file_keys;
    gr_status (*read_file)(const gr_jr_node *root, const char *name, tb_scenario *sc,
                           gr_error *err);
    int objective_key;
    /* The reach of u's fire read from the scenario (rff: the battle file's
     * ranges), for the frame's text view; NULL: fire_range. */
    int64_t (*fire_reach)(const tb_scenario *sc, const gr_bt_unit *u);
    /* Unit u is about to make move m (NULL: a pose, or holding) with mover
     * mv, to end at `end`: the table is still as before it (rff: a stream
     * its front centre crosses, the friendly units it passes through).
     * NULL: nothing. */
    void (*moving)(const tb_scenario *sc, tb_state *s, int u, const tt_mover *mv, const tt_move *m,
                   tt_pose end);
} tb_join;

/* The joins built in, NULL-terminated. */
extern const tb_join *const tb_joins[];
/* The join of a battle file's "type", or of a companion's system; NULL if
 * none. */
const tb_join *tb_join_by_type(const char *type);
const tb_join *tb_join_by_system(const char *system);
/* The join of a scenario (its battle's system). */
const tb_join *tb_join_of(const tb_scenario *sc);
/* The table's formation of word for arm in join j, -1 if none. */
int tb_join_formation(const tb_join *j, gr_bt_arm arm, const char *word);
/* The unit of join j's lengths as the wire names it: "cm" for a system
 * measured in centimetres (length_word "cm"), else "in".  Every length of
 * the views and answers (tb_view_json, tb_ask.c: "inches" fields, points,
 * the table's width and depth) is a number of that unit: the table's
 * integers are thousandths of it for every system (TT_UNITS_PER_INCH ==
 * TT_UNITS_PER_CM). */
const char *tb_unit_abbr(const tb_join *j);
/* 1: ty is a game type of the table (any join's). */
int tb_game_is_table(const gr_game_type *ty);

/* ---- the game type `aoe-table` (tb_game.c) ----------------------------------
 * The scenario is a tb_scenario (load: tb_file_parse); the state is the
 * companion's battle, the table as it stands now, the generals' places and
 * what the game keeps between steps.
 *
 * - The player to move is the side whose phase it is in the companion's
 *   sequence of play (gr_battle_active_side), or the side of the unit whose
 *   move is to be chosen after its movement test or its combat, or the side
 *   charged while a charge waits for its counter-charge answer, or the
 *   initiative's winner choosing, or GR_CHANCE while a test
 *   waits for a die (each face listed with its exact probability; an opposed
 *   roll is two chance nodes), or GR_TERMINAL.
 * - Actions are gr_action (enumerable): `next`; `initiative`; per unit
 *   `reserve U`, `movement U` (the tests of the Table des mouvements),
 *   then `move U ...` (one of tt_move_set's moves with the allowance the
 *   result gives) or `pose U X Y` (a pose a person drags, checked with
 *   tt_check_pose); `fire U --target T` (in range, arc and sight on the
 *   table); `combat U --target T` (in contact); `battery U --action
 *   limber|unlimber|move` or `--action pivot --turn DEG`; `countercharge U
 *   --target C` / `countercharge none --target C` (the side charged, before
 *   the charger C fights); `initiative --choose first|second` (the roll's
 *   winner, after the dice); `general L to X Y` (a detached general, typed
 *   like a pose); after « Fracassé ! », « Ramené ! », « Recule ! » the
 *   attacker's breakthrough or occupying move.  Each test is the
 *   companion's (gr_battle_do); its legality the companion's prepare.
 * - Results are carried out on the table: stands removed (the formation
 *   laid out again), units removed from play taken off, retreats moved by
 *   tt_retreat away from the enemy.
 * - The battle ends when an army reaches its breaking critical level or
 *   after the last turn (objectives, docs/table.md).
 * - Perfect information: observe() is the state (docs/rules/aoe.md). */
extern const gr_game_type tb_game_aoe_table;

/* ---- the game type `nf-table` (tb_game.c, tb_nf.c; issue 35) --------------
 * Napoleonic Fury on the table: the frame above with nf's join.  The
 * player to move is the side whose step it is in the companion's sequence
 * of play (the phasing side in the maneuver, the phasing fire and the
 * melee; the other in the reaction and the defensive fire), or the side of
 * the unit whose move is chosen after its test, or the side charged while
 * its units reached by a charge answer, or GR_CHANCE while a test waits
 * for a die.  Actions: `next`; `attach U --leader L`, `detach --leader L`
 * (step 1); `maneuver U` / `disorder U` (step 2: the Good Order or the
 * Disorder table), then `move U ...` or `pose U ...`; a unit charged by the
 * move answers `emergency_fc U --target C`, `evasion U --target C` or
 * `no_test U --target C`; `replace --leader L`, `general L to X Y` (step
 * 3); `react U [--target C]` (reaction); `fire U --target T` (in range, arc
 * and sight); `melee U --target T` (in contact), then a breakthrough's or
 * a carried position's move (docs/rules/nf.md « On the table: the game »).
 * Perfect information. */
extern const gr_game_type tb_game_nf_table;

/* ---- the game type `rff-table` (tb_game.c, tb_rff.c; issue 35) -------------
 * Regimental Fire and Fury on the table: the battle file of docs/table.md
 * « The rff-table battle file » (cm, the fire values it gives), the
 * companion's battle (bt_rff*.c) with each test's facts from the table;
 * readings: docs/rules/rff.md « On the table: the battle file and the game
 * `rff-table` ». */
extern const gr_game_type tb_game_rff_table;

/* The battle, the table and the unit whose move is to be chosen (-1 none)
 * of a state of a table game (any join's). */
const gr_battle *tb_game_battle(const void *st);
const tt_table *tb_game_table(const void *st);
int tb_game_move_unit(const void *st);
/* Where general l stands (with his brigade if attached): 1, or 0 if he is
 * not on the table or not active. */
int tb_game_leader_at(const void *st, int l, tt_pt *p);

/* ---- what the table's questions read (tb_ask.c) ----------------------------- */

/* The allowance of the move to be chosen (milli-inches), and what gives it:
 * 0 a movement test or a battery's move; after a combat 1 « perce », 2
 * « occupe ... ou perce », 3 « occupe la position évacuée ». */
int64_t tb_game_move_allowance(const void *st);
int tb_game_move_after_combat(const void *st);
/* Unit u's mover with allowance `allow`: its speeds of the Table des
 * vitesses per going, no change of formation on the way. */
void tb_game_mover(const void *st, int u, int64_t allow, tt_mover *mv);
/* The moves of the unit whose move is to be chosen, in the order of the
 * `move U ...` actions (their index); NULL and *n 0 when none is. */
const tt_option *tb_game_moves(const void *st, int *n);
/* Where action `a` (a move or a pose) puts its unit: 1 with *unit, *end,
 * and *option (the index in tb_game_moves, -1 a pose or holding); 0 if a
 * is not a move or a pose of a unit on the table. */
int tb_game_action_pose(const void *st, gr_action a, int *unit, tt_pose *end, int *option);
/* GR_OK if `a` is legal in st; else the game's reason (GR_EILLEGAL, or
 * GR_EINPUT for a fact that is wrong).  st is not changed. */
gr_status tb_game_check(const void *sc, const void *st, gr_action a, gr_error *err);
/* The companion's call of a fire or a combat with the facts the table
 * measures (range, cover, charge distance): 1, or 0 if `a` is neither. */
int tb_game_test_call(const void *sc, const void *st, gr_action a, gr_bt_action *out);
/* The companion's call of any decision `a` of the join's (a test of any
 * kind, or a verb of no roll) with the facts the table measures: 1, or 0
 * if a is none (a die, a move, `next`). */
int tb_game_call(const void *sc, const void *st, gr_action a, gr_bt_action *out);
/* The reach of unit u's fire in milli-inches: its last fire band
 * (gr_bt_aoe_fire_bands). */
int64_t tb_game_fire_range(const gr_bt_unit *u);
/* A length typed in inches ("12.5", at most three decimals, at most
 * 524") into milli-inches, exactly: 1, or 0 if it is not one. */
int tb_parse_inches(const char *s, int64_t *out);

/* The table's questions as JSON (tb_ask.c; the gr_game_type entries
 * sight_json, measure_json, reach_json, check_json and odds_json of
 * tb_game_aoe_table; docs/api.md, "A battle on the table"). */
json_t *tb_ask_sight(const void *sc, const void *st, int unit);
json_t *tb_ask_measure(const void *sc, const void *st, int player, int from, int to, const char *x,
                       const char *y, gr_error *err);
json_t *tb_ask_reach(const void *sc, const void *st, int player, int unit, gr_error *err);
json_t *tb_ask_check(const void *sc, const void *st, int player, const char *text, gr_lang lang,
                     gr_error *err);
json_t *tb_ask_odds(const void *sc, const void *st, int player, gr_action a, gr_error *err);

/* The table as text for a person (grognard play): each side's units with
 * their stands, formation, place, facing and zone, and for each what enemy
 * it has in contact, in range and sight, or in sight; the objectives and
 * who holds them.  st NULL: the battle as its file starts it. */
void tb_game_print(const void *sc, const void *st, FILE *f);

#endif
