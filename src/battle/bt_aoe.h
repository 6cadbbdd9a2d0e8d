/* bt_aoe.h - what L'Âge des Aigles's companion files share (bt_aoe.c: the
 * sequence of play, the verbs, setup and prepare; bt_aoe_apply.c: a result
 * applied to the state, phase_begins). */
#ifndef GR_BT_AOE_H
#define GR_BT_AOE_H

#include "bt_internal.h"

#include <stdint.h>

/* The phases, in the order the seed prints them.  A game turn is the
 * initiative interphase and the two segments; in the second player's
 * segment (« Procéder comme pour le 1er joueur ») the roles turn round: the
 * second player moves, the first player fires first, then the second. */
enum {
    PH_INITIATIVE,
    PH_S1_LEADERS,
    PH_S1_RESERVE,
    PH_S1_TACTICAL,
    PH_S1_GENERALS,
    PH_S1_FIRE_A,
    PH_S1_FIRE_B,
    PH_S1_COMBAT,
    PH_S2_LEADERS,
    PH_S2_RESERVE,
    PH_S2_TACTICAL,
    PH_S2_GENERALS,
    PH_S2_FIRE_A,
    PH_S2_FIRE_B,
    PH_S2_COMBAT,
    PH_COUNT
};

/* The verbs, in the order of bt_aoe.c's table. */
enum {
    V_INITIATIVE,
    V_ATTACH,
    V_DETACH,
    V_RESERVE,
    V_MOVEMENT,
    V_FORMATION,
    V_BATTERY,
    V_FIRE,
    V_COMBAT,
    V_ZONE,
    V_COUNTERCHARGE,
    V_GENERAL_HIT,
    V_CRITICAL,
    V_COUNT
};

/* ---- the units' and the battle's own counters (gr_bt_unit.sys, gr_battle.sys) */

enum {
    U_LOST_FIRE,    /* stands lost in the fire phase of the current segment */
    U_RESERVE,      /* RES_* bits: reserve movement and zones */
    U_ART_ACTIONS,  /* a battery's actions in its friendly segment */
    U_FORMATION,    /* bit 0: changed formation this segment; bit 1: may not change */
    U_SILENCED_SEG, /* the segment (turn * 2 + segment) its guns were silenced in */
    U_RES_TURN,     /* the turn of its last reserve movement attempt (0: never) */
    U_RES_RESULT,   /* its result: 1 succeeded, -N failed N friendly segments in a row */
    U_COMBAT,       /* bit 0 (CB_BREAKTHROUGH): broke through with a charge this combat
                       phase (+1); bits 4 up: the charger it counter-charges, index + 1 */
};
enum {
    B_INITIATIVE_TURN, /* the turn whose initiative was rolled */
    B_CRITICAL_0,      /* critical levels side 0's army has reached or passed */
    B_CRITICAL_1,      /* the same for side 1 */
    B_GH_DUE_LO,       /* Généraux touchés checks due: bit k, leader k (0 to 31) */
    B_GH_DUE_HI,       /* leaders 32 to 63 */
};

/* U_RESERVE: used (or tried) reserve movement this segment; entered the
 * tactical zone after it this segment; the players have recorded its zone
 * with `zone` (kept over the segments: the others are cleared). */
#define RES_USED    1
#define RES_ENTERED 2
#define RES_ZONE    4

#define CB_BREAKTHROUGH 1
#define CB_SHIFT        4

#define FORM_CHANGED 1
#define FORM_FROZEN  2

/* The index of verb v in bt_aoe.c's table (a V_* value). */
int bt_aoe_verb_index(const gr_bt_verb *v);

/* The side whose segment this is (the phasing player). */
int bt_aoe_phasing_side(const gr_battle *b);

/* The segment's own number over the battle: turn * 2 + segment. */
int bt_aoe_segment_no(const gr_battle *b);

/* The best active general attached to unit u: 0 none, 1 ordinary, 2
 * charismatic; *idx (may be NULL) his index, -1 none. */
int bt_aoe_attached_rating(const gr_battle *b, int u, int *idx);

/* Mark (on 1) or clear (on 0) the Généraux touchés check due for leader l. */
void bt_aoe_gh_set_due(gr_battle *b, int l, int on);

/* The unit's nominal speed in milli-inches (Table des vitesses), 0 if the
 * table cannot be read. */
int64_t bt_aoe_nominal_speed(const gr_bt_unit *u);

/* gr_battle_rules.apply and .phase_begins (bt_aoe_apply.c). */
gr_status bt_aoe_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                       const gr_resolution *r, gr_bt_outcome *out, gr_error *err);
void bt_aoe_phase_begins(gr_battle *b);

#endif
