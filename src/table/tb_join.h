/* tb_join.h - what the table's shared game (tb_game.c) and each system's
 * join (tb_aoe.c, ...) share inside src/table: the state, the encoding of
 * actions, and the shared helpers a join calls (tb.h "the join" says what
 * a join is and what each hook must do).
 *
 * Layer: table.  Not installed: nothing outside src/table reads it. */
#ifndef GR_TB_JOIN_H
#define GR_TB_JOIN_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/tb.h"

/* ---- the state ------------------------------------------------------------- */

/* What the table's game keeps beside the battle and the table: plain
 * integers, hashed as bytes.  The fields are every system's, named by
 * what they were first written for (aoe); a join may give a field its own
 * reading in its system (tb.h says which). */
typedef struct tb_extra {
    int pending;      /* 1: the test in `test` waits for dice */
    int need, parts;  /* the gr_roll_kind it waits for, and its parts (2 if opposed) */
    int got;          /* parts of that roll given so far */
    int mv_unit;      /* the unit whose move its side chooses now, -1 none */
    int64_t mv_allow; /* that move's allowance, milli-inches */
    int mv_change;    /* the change of formation declared with its test (the join's list), 0 none */
    int32_t charge_from[GR_BT_MAX_UNITS]; /* edge distance before its move into contact
                                             this segment (milli-inches), -1 none */
    uint8_t arrived[TB_MAX_ARRIVALS];
    uint8_t leader_on[GR_BT_MAX_LEADERS];    /* 1: the general is on the table */
    uint8_t leader_acted[GR_BT_MAX_LEADERS]; /* 1: attached or detached this segment */
    int holder[TB_MAX_OBJECTIVES];
    int levels[2]; /* critical levels each army has reached */
    int moved;     /* 1: a unit moved, arrived or left since the zones were synced */
    int over;      /* 1: the battle has ended */
    int winner;    /* a side, or GR_DRAW */
    /* added after the first saves: hashed only when one is set (tb_hash),
     * so that a save's hashes still match up to its first counter-charge,
     * breakthrough or initiative choice */
    int mv_break;  /* its move after a combat (the join's reading; aoe: 1 « perce », 2
                      « occupe ... ou perce », 3 « occupe la position évacuée ») */
    int mv_toward; /* a breakthrough's nearest enemy unit (its id) */
    int choosing;  /* 1 + the side that won the initiative and chooses now, 0 none */
    uint8_t cc_asked[GR_BT_MAX_UNITS];       /* 1: the side charged has answered this
                                                charger's charge this combat phase */
    uint8_t leader_moved[GR_BT_MAX_LEADERS]; /* 1: moved in this segment's generals' phase */
} tb_extra;

/* A join's own counters (tb_state.sys): hashed only when one is set, so
 * that a system that uses none (aoe) hashes as before they were added. */
#define TB_SYS_WORDS (2 * GR_BT_MAX_UNITS)

struct tb_state {
    tb_extra x;
    gr_bt_action test; /* the test waiting for its dice: the call and the dice so far */
    uint64_t ground;   /* the table's fixed part (its fields up to its units, its features:
                          the scenario's, unchanged in play) hashed by tb_init: the move
                          set's memory reads it for them; never hashed into the state's */
    tt_pt leader_at[GR_BT_MAX_LEADERS];
    int32_t sys[TB_SYS_WORDS]; /* the join's own (its file names them), zero at the start */
    tt_table t;
    gr_battle b;
};

/* The join of a state's system (its battle's companion rules). */
const tb_join *tb_join_of_state(const tb_state *s);

/* ---- actions ----------------------------------------------------------------
 * A gr_action: the kind in the top byte, the unit and the target (plus one,
 * 0 none) in the next two, a 40-bit argument below; a die is its value
 * (kind 0).  The kinds are every system's (a join lists and does those of
 * its own); new kinds are appended, so that the codes keep their values. */
enum {
    K_DIE,
    K_NEXT,
    K_INITIATIVE, /* arg 0: the winner is 1st player */
    K_RESERVE,
    K_MOVEMENT, /* arg: a change of formation declared with the test (the join's list) */
    K_MOVE,     /* arg: the index of the move in tt_move_set's list */
    K_POSE,     /* arg: x (20 bits), y (20 bits); target byte: turn index, formation */
    K_FIRE,     /* target */
    K_COMBAT,   /* target */
    K_BATTERY,  /* arg: the join's battery actions */
    K_ATTACH,   /* a general (the target byte: his index) attaches to the unit */
    K_DETACH,   /* a general (the target byte) detaches */
    /* kinds added after the first saves: appended, so that the codes above
     * keep their values */
    K_COUNTERCHARGE, /* the unit counter-charges the target (the charger) */
    K_NO_COUNTER,    /* no counter-charge against the target (the charger) */
    K_CHOOSE,        /* the initiative's winner: arg 0 1st player, 1 2nd player */
    K_GENERAL,       /* a detached general (the target byte) moves; arg: x, y (20 bits each) */
    /* kinds of issue 35 (nf-table) */
    K_REACT,   /* nf: the unit reacts (target: the charging cavalry it countercharges, or none) */
    K_EFC,     /* nf: the unit charged tries an emergency formation change (target: the charger) */
    K_EVADE,   /* nf: the unit charged tries to evade (target: the charger) */
    K_DECLINE, /* nf: the unit charged makes no test (target: the charger) */
    K_REPLACE, /* nf: a fallen general (the target byte) is replaced */
    K_COUNT
};

#define TB_ARG_MASK UINT64_C(0xffffffffff)

static inline gr_action tb_act(int kind, int unit, int target, uint64_t arg)
{
    return (gr_action)kind << 56 | (gr_action)((unit + 1) & 0xff) << 48 |
           (gr_action)((target + 1) & 0xff) << 40 | (arg & TB_ARG_MASK);
}
static inline int tb_act_kind(gr_action a)
{
    return (int)(a >> 56);
}
static inline int tb_act_unit(gr_action a)
{
    return (int)((a >> 48) & 0xff) - 1;
}
static inline int tb_act_target(gr_action a)
{
    return (int)((a >> 40) & 0xff) - 1;
}
static inline uint64_t tb_act_arg(gr_action a)
{
    return a & TB_ARG_MASK;
}
/* The point of an action's argument, x in its low 20 bits and y in the
 * next 20: a pose's place, a general's destination. */
static inline tt_pt tb_act_point(gr_action a)
{
    tt_pt p = {(tt_coord)(a & 0xfffff), (tt_coord)((a >> 20) & 0xfffff)};
    return p;
}

/* Append action a to out (cap entries) at *n, counting past cap. */
static inline void tb_push(gr_action *out, int cap, int *n, gr_action a)
{
    if (*n < cap)
        out[*n] = a;
    (*n)++;
}

/* ---- what a test's result is measured against ------------------------------- */

/* Each unit's stands and formation before a step (tb_snapshot), so that
 * tb_follow_battle lays out again those that changed. */
struct tb_before {
    int stands[GR_BT_MAX_UNITS];
    char formation[GR_BT_MAX_UNITS][GR_BT_ID];
};

/* ---- shared helpers (tb_game.c) ------------------------------------------------ */

/* Unit id on the table, or NULL. */
tt_unit *tb_on_table(tt_table *t, int id);
const tt_unit *tb_on_table_c(const tt_table *t, int id);
/* Take unit id off the table (the others keep their order). */
void tb_take_off(tt_table *t, int id);
/* Lay unit u out again from its pose, the stands the battle says it has
 * left and its formation (the join's formation_of). */
void tb_relayout(const tb_state *s, tt_table *t, tt_unit *u);
/* A companion call: verb, unit, target (-1 none), no leader, no facts. */
void tb_call_init(gr_bt_action *a, const char *verb, int unit, int target);
/* Add the fact --key val to call c (cut to GR_BT_ID; nothing when full). */
void tb_call_fact(gr_bt_call *c, const char *key, const char *val);
/* The companion's answer to "may this be asked now?": the verb's phase,
 * then its prepare. */
int tb_allowed(const gr_battle *b, const gr_bt_action *a);
/* The edge distance a..b in milli-inches, rounded up. */
int64_t tb_dist_ceil(const tt_unit *a, const tt_unit *b);
/* The depth of the ground u's stands cover: its rows times its base depth. */
int64_t tb_depth_of(const tt_table *t, const tt_unit *u);
/* 1: battery u, turned `deg` about its front centre, stands there: its
 * stands laid out again overlap no other stand, stay on the table and on
 * passable ground (tt_unit_fits).  A pivot is an action, not a move: it has
 * no cost.  The pose in *out (when out is not NULL). */
int tb_pivot_fits(const tb_state *s, int u, int deg, tt_pose *out);
/* The cover value of the ground u stands on: the best of the areas holding
 * its front centre (the file's `cover`). */
int tb_cover_of(const tb_scenario *sc, const tt_table *t, const tt_unit *u);
/* Where general l stands: 1 with *p, or 0 if he is not on the table or not
 * active. */
int tb_leader_pos(const tb_state *s, int l, tt_pt *p);
/* The moves of the unit whose move is to be chosen (tt_move_set with the
 * join's mover), memoised per thread. */
const tt_option *tb_move_set(const tb_state *s, int *n);
/* The squared distance from p to the nearest stand of e, exact. */
tt_q tb_front_to(tt_pt p, const tt_unit *e);
void tb_snapshot(const tb_state *s, tb_before *bf);
/* Stands removed and the formation re-formed, units removed from play taken
 * off the table (sets x.moved). */
void tb_follow_battle(tb_state *s, const tb_before *bf);
/* Retreat unit ui `dist` milli-inches away from the enemy (tt_retreat), laid
 * out again. */
void tb_retreat(tb_state *s, int ui, int64_t dist);
/* Stands each army has lost. */
int tb_army_lost(const gr_battle *b, int side);
/* Objective points side holds; who would hold objective i if the segment
 * ended now; at a segment's end, who holds each objective. */
int tb_points_of(const tb_scenario *sc, const tb_state *s, int side);
int tb_holder_now(const tb_scenario *sc, const tb_state *s, int i);
void tb_take_objectives(const tb_scenario *sc, tb_state *s);
/* The end of the last turn: objectives, then (if the file says so) the
 * stands lost, decide. */
void tb_end_of_battle(const tb_scenario *sc, tb_state *s);
/* Reinforcements of the side whose segment begins. */
void tb_arrivals(const tb_scenario *sc, tb_state *s);
/* A segment (rff: a turn) begins: what lasts one is cleared (each unit's
 * distance before its charge, x.charge_from; the generals' attachments and
 * moves, x.leader_acted and x.leader_moved), then its side's arrivals come
 * (tb_arrivals).  The join clears its own counters (tb_state.sys). */
void tb_segment_start(const tb_scenario *sc, tb_state *s);

/* How a system words the refusals of a detached general's move. */
typedef struct tb_leader_words {
    const char *noun;       /* "general", "leader" */
    const char *moves_with; /* what an attached one moves with: "his brigade" */
    const char *period;     /* the move's period: "segment", "turn" */
    const char *allowance;  /* the reach's name: "the « Leaders » allowance" */
} tb_leader_words;

/* Every system's move of detached general l: in a straight line to `to`,
 * at most `reach` table units from where he stands, once a period
 * (x.leader_moved, which it sets).  The join checks first that it is his
 * phase and his side's; this refuses (GR_EILLEGAL, in the join's words)
 * a general attached or not on the table, one who has moved, a point off
 * the table or beyond reach.  GR_OK: leader_at[l] is `to`. */
gr_status tb_leader_move(tb_state *s, int l, tt_pt to, int64_t reach, const tb_leader_words *w,
                         gr_error *err);

/* Every system's reading of a move « toward the nearest enemy » (a
 * breakthrough's): 1 for a move into contact with x.mv_toward or an advance
 * or wheel of x.mv_unit whose front centre ends nearer that enemy's
 * nearest stand than it starts, 0 for any other move, -1 when the mover or
 * that enemy is not on the table. */
int tb_toward_enemy(const tb_state *s, const tt_option *o);
/* The effects of a resolution's step, or NULL. */
const gr_effects *tb_step_effects(const gr_step *st);
/* After a decision: generals follow their brigades, the join's after_step,
 * the critical levels. */
void tb_after_step(const tb_scenario *sc, tb_state *s);
/* Start test a (its dice follow as chance nodes); keep as tb_game.c. */
gr_status tb_start_test(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                        gr_bt_outcome *keep, gr_error *err);
/* The judge of the table's systems (objectives held, stands lost,
 * nearness to objectives), as aoe's heuristic (tb_aoe.c uses it). */
int32_t tb_judge_common(const tb_scenario *sc, const tb_state *s, int player, int ahead);

/* ---- the joins ------------------------------------------------------------------ */
extern const tb_join tb_join_aoe;
extern const tb_join tb_join_nf;
extern const tb_join tb_join_rff; /* the battle file only, so far (tb_rff.c) */

#endif
