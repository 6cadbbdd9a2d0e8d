/* grognard/tb.h - L'Âge des Aigles on the table (issue 29): the battle file
 * (docs/table.md) and the game type `aoe-table`.
 *
 * A battle file puts an aoe order of battle (oob.h, docs/oob.md) on a
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

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/game.h"
#include "grognard/tabletop.h"

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
 * arm's (docs/rules/aoe.md "On the table: formations"). */
int tb_formation_of(gr_bt_arm arm, const char *word);

/* The table's arm of a companion arm. */
tt_arm tb_arm_of(gr_bt_arm arm);

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

/* The battle, the table and the unit whose move is to be chosen (-1 none)
 * of a state of tb_game_aoe_table. */
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
