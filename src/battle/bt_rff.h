/* bt_rff.h - Regimental Fire and Fury's companion rules (internal): the
 * names of its counters in gr_bt_unit.sys and what bt_rff.c (sequence of
 * play, verbs, setup, prepare) and bt_rff_apply.c (apply) share. */
#ifndef GR_BT_RFF_H
#define GR_BT_RFF_H

#include "bt_internal.h"
#include "grognard/battle.h"
#include "grognard/effect.h"

/* gr_bt_unit.sys[] of an rff unit.  All are cleared when a player's turn
 * (segment) begins, except RFF_U_PROVISIONAL. */
enum rff_bt_unit_sys {
    RFF_U_COLUMN,       /* the maneuver result of this turn: RFF_BT_COL_* (0: not tested) */
    RFF_U_CHARGE,       /* declared charge: the target's index + 1 (0: none) */
    RFF_U_BAYONET,      /* 1: the declared charge or counter-charge goes in with bayonet or
                           sabre */
    RFF_U_COUNTER,      /* cavalry counter-charge: the charger's index + 1 (0: none) */
    RFF_U_BREAKTHROUGH, /* 1: may break through (percée) in this turn's step 3c */
    RFF_U_PROVISIONAL,  /* 1: its commander was replaced: "Commandant provisoire" */
    RFF_U_BT_TARGET,    /* the breakthrough move (step 3b) reached this enemy: index + 1 */
    RFF_U_MARKS,        /* the RFF_M_* bits of this player's turn */
    RFF_U_SYS_COUNT
};
_Static_assert(RFF_U_SYS_COUNT <= (int)(sizeof((gr_bt_unit *)0)->sys / sizeof(int)),
               "rff's unit counters fit gr_bt_unit.sys");

/* RFF_U_MARKS bits. */
enum {
    RFF_M_NO_FIRE = 1, /* went to the prolonge this turn: « pas de tir » (MANŒUVRES DES CANONS):
                          refused a cannonade until the next player's turn */
    RFF_M_MASSED = 2,  /* has taken the effect of the massed fire now due (RFF_B_MASSED) */
};

/* gr_battle.sys[] of an rff battle. */
enum rff_bt_battle_sys {
    /* A leader-loss test due and not yet made: the target's index + 1 of a
     * natural 10 whose nearest leader the companion did not know (« Perte
     * de chef. Testez après dé de base égal à 10 »); 0 none.  Cleared when
     * a phase begins. */
    RFF_B_LEADER_DUE,
    /* « Cible en masse. Les unités dans les 5cm derrière la cible subissent
     * l'effet directement après »: the target's index + 1 of the last fire
     * on a massed target whose result has an effect (0 none), the result
     * (the musketry table's outcome), its score and 1 for a cannonade: each
     * unit behind takes it with `massed_effect UNIT`.  Replaced by the next
     * fire; cleared when a phase begins. */
    RFF_B_MASSED,
    RFF_B_MASSED_OUTCOME,
    RFF_B_MASSED_SCORE,
    RFF_B_MASSED_CANNON,
    RFF_B_SYS_COUNT
};
_Static_assert(RFF_B_SYS_COUNT <= (int)(sizeof((gr_battle *)0)->sys / sizeof(int)),
               "rff's battle counters fit gr_battle.sys");

/* RFF_U_COLUMN values. */
enum { RFF_BT_COL_NONE, RFF_BT_COL_WELL, RFF_BT_COL_DELAYED, RFF_BT_COL_SHOCKED, RFF_BT_COL_OTHER };

/* The phases of one player's turn (the segment's offset 0..7); the second
 * player's are the same plus RFF_BT_NSEG. */
enum {
    RFF_PH_LEADERS,
    RFF_PH_MANEUVER,
    RFF_PH_LEADER_MOVES,
    RFF_PH_DEFENSIVE_FIRE,
    RFF_PH_OFFENSIVE_FIRE,
    RFF_PH_MELEE,
    RFF_PH_BREAKTHROUGH_MOVES,
    RFF_PH_BREAKTHROUGH,
    RFF_BT_NSEG
};

/* The side whose turn (segment) it is: the "joueur actif". */
int rff_bt_phasing_side(const gr_battle *b);
/* The phase's offset within its segment (RFF_PH_*). */
int rff_bt_step(const gr_battle *b);

/* The rules' own vocabularies (src/rules/rff/rff_tables.c): weapon codes
 * (rm ... carbine) and gun types (hh, hr, mh, other), NULL-terminated. */
extern const char *const rff_weapons[];
extern const char *const rff_guns[];

/* The rules' movement capacities (src/rules/rff/rff_tables.c): the rows
 * (infantry_double_line ... leader_on_foot), NULL-terminated, and the cm of
 * row `unit` on terrain column `terrain` (0 clear) at full move (forced 0)
 * or forced march (1); -1 for a "-" cell. */
extern const char *const rff_move_units[];
int rff_move_cm(int unit, int terrain, int forced);

/* The movement row (rff_move_units) of unit u in its formation. */
const char *rff_bt_move_row(const gr_bt_unit *u);

/* The formations of troops and of guns (the order of battle's and `form`'s
 * words), NULL-terminated. */
extern const char *const rff_bt_troop_forms[];
extern const char *const rff_bt_gun_forms[];

/* What MANŒUVRES DES CANONS lets battery u do (the rules' gun_maneuvers
 * table, src/rules/rff/rff_tables.c): column "well_executed" or "delayed",
 * action one of its actions ("prolonge_advance", "limber_and_retreat"...),
 * read with u's gun type.  1 allowed; 0 not listed or forbidden (HH, HR);
 * *cm (if not NULL) the cell's cm, or -1 when it gives none. */
int rff_bt_gun_may(const gr_bt_unit *u, const char *column, const char *action, int *cm);

/* rff's prepare (bt_rff_prepare.c). */
gr_status rff_bt_prepare(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c, gr_args *out,
                         gr_error *err);

/* rff's apply (bt_rff_apply.c). */
gr_status rff_bt_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                       const gr_resolution *r, gr_bt_outcome *out, gr_error *err);

#endif
