/* grognard/effect.h - what a table result does, as data.
 *
 * Each result of a rolled table (fire, combat, melee, charge, maneuver,
 * disorder, leader loss, ...) carries, beside its printed text, the list of
 * its effects as fields, so that a program applies them instead of reading
 * prose: stands lost, disorder, retreat and its distance, guns silenced,
 * damaged or captured, charge stopped or home, a leader test, ammunition.
 *
 * One printed sentence may say several things to several parties under
 * several conditions ("DEFENDER loses 1 stand; 1 more if taken in flank"):
 * each is one gr_effect line, naming who it falls on, which arm, and when.
 * A field left at 0 means "nothing of this kind", so a line is written with
 * designated initializers holding only what the sheet prints.  The effects
 * of each result are typed from the seeds and checked by the table cases
 * (tests/rules/tables/SYSTEM/TABLE.cases, the `effects` lines). */
#ifndef GROGNARD_EFFECT_H
#define GROGNARD_EFFECT_H

#include <stddef.h>

/* Who a line falls on. */
typedef enum gr_fx_who {
    GR_FX_TARGET,   /* the fire's target, the unit tested, the combat's defender */
    GR_FX_ATTACKER, /* the attacker of a combat, melee or charge */
    GR_FX_EACH,     /* each side of a combat */
    GR_FX_WHO_COUNT
} gr_fx_who;

/* Which arm of that party it concerns. */
typedef enum gr_fx_arm {
    GR_FX_ANY,      /* any unit */
    GR_FX_TROOPS,   /* infantry and cavalry (brigades, regiments) */
    GR_FX_GUNS,     /* artillery */
    GR_FX_CAVALRY,  /* cavalry only */
    GR_FX_INFANTRY, /* infantry only */
    GR_FX_ARM_COUNT
} gr_fx_arm;

/* When it applies (beyond the result itself). */
typedef enum gr_fx_when {
    GR_FX_ALWAYS,
    GR_FX_IF_DISORDERED,                /* the unit was already disordered */
    GR_FX_IF_GUNS_DAMAGED,              /* the guns were already damaged */
    GR_FX_IF_FLANKED,                   /* taken in the flank */
    GR_FX_IF_FLANKED_OR_CAVALRY,        /* beaten by cavalry or taken in the flank */
    GR_FX_IF_FORTIFIED,                 /* the defender is fortified */
    GR_FX_IF_CLOSE_RANGE,               /* within close range of the enemy */
    GR_FX_IF_BEYOND_CLOSE_OR_FORTIFIED, /* beyond close range, or fortified */
    GR_FX_IF_FIXED_GUNS,                /* fixed guns (canons fixes) */
    GR_FX_IF_REGULAR,                   /* regular troops */
    GR_FX_IF_LEADER,                    /* a leader or general present or attached */
    GR_FX_IF_WON_VS_CAVALRY_IN_OPEN,    /* infantry in the open, victorious against cavalry */
    GR_FX_IF_CANNONADE,                 /* the fire was cannon fire */
    GR_FX_IF_SCORE_15,                  /* the modified score was 15 or more */
    GR_FX_IF_AFTER_FIRST_COMBAT,        /* after the first combat (1° combat / choc) */
    GR_FX_IF_AFTER_SECOND_COMBAT,       /* after the second combat */
    GR_FX_IF_ROUGH_OR_CAVALRY, /* charged through rough or difficult terrain, or is cavalry, or
                                  after the second combat */
    GR_FX_IF_COUNTERCHARGING,  /* cavalry that counter-charged */
    GR_FX_WHEN_COUNT
} gr_fx_when;

/* disorder */
enum {
    GR_FX_DISORDERED = 1,      /* the unit is (or stays) disordered */
    GR_FX_RALLIED = 2,         /* back in good order */
    GR_FX_STAYS_DISORDERED = 3 /* stays disordered (a disordered unit's test) */
};
/* retreat */
typedef enum gr_fx_retreat {
    GR_RETREAT_NONE,
    GR_RETREAT_DISTANCE,              /* `distance` inches (cm in rff) */
    GR_RETREAT_TO_DISTANCE,           /* to `distance` from the enemy */
    GR_RETREAT_HALF_MOVE,             /* half a move */
    GR_RETREAT_FULL_MOVE,             /* a full move (pleine vitesse) */
    GR_RETREAT_ROUT_MOVE,             /* rff: a rout move (mouvement de déroute) */
    GR_RETREAT_BEYOND_MUSKET,         /* out of musket range */
    GR_RETREAT_BEYOND_MUSKET_OR_HALF, /* beyond musket/skirmish range or half a move, the greater */
    GR_RETREAT_BEYOND_CLOSE,          /* rff: out of close range */
    GR_RETREAT_COUNT
} gr_fx_retreat;
/* guns: what becomes of a battery (or of the guns of a unit) */
typedef enum gr_fx_guns {
    GR_GUNS_NONE,
    GR_GUNS_SUPPRESSED, /* nf */
    GR_GUNS_SILENCED,   /* muette, silenced, silencieux */
    GR_GUNS_DAMAGED,
    GR_GUNS_WRECKED,   /* nf */
    GR_GUNS_DESTROYED, /* rff fixed guns lost */
    GR_GUNS_CAPTURED,
    GR_GUNS_COUNT
} gr_fx_guns;
/* charge: what becomes of a charge the fire met */
typedef enum gr_fx_charge {
    GR_CHARGE_NONE,
    GR_CHARGE_STOPPED,
    GR_CHARGE_STOPPED_UNLESS_BAYONET, /* stopped, or home with bayonet/sabre */
    GR_CHARGE_HOME,
    GR_CHARGE_BY_ROW, /* the row's own charge effect (the cell's field "charge") */
    GR_CHARGE_COUNT
} gr_fx_charge;
/* position: what the party does with the ground */
typedef enum gr_fx_position {
    GR_POS_NONE,
    GR_POS_HOLDS,        /* holds its position */
    GR_POS_CARRIES,      /* occupies the position the enemy left */
    GR_POS_BREAKTHROUGH, /* breaks through: charges on half a move toward the nearest enemy */
    GR_POS_CARRIES_OR_BREAKTHROUGH, /* either, the attacker's choice */
    GR_POS_MAY_RECALL,              /* cavalry may be recalled (a full move) */
    GR_POS_CARRIES_OR_RECALL,       /* may take the position or be recalled */
    GR_POS_MAY_PULL_BACK,           /* nf: charging cavalry may pull back half a move */
    GR_POS_COUNT
} gr_fx_position;
/* leader */
typedef enum gr_fx_leader {
    GR_LEADER_NONE,
    GR_LEADER_TEST, /* roll on the leader loss table */
    GR_LEADER_CAPTURED,
    GR_LEADER_OUT_OF_ACTION, /* aoe: out of action, replaced after a turn */
    GR_LEADER_REMOVED,       /* killed or wounded: removed from play */
    GR_LEADER_REMOVED_TURN,  /* removed for one turn */
    GR_LEADER_ON_FOOT,       /* on foot for one turn */
    GR_LEADER_COUNT
} gr_fx_leader;
/* move: the movement a maneuver result gives */
typedef enum gr_fx_move {
    GR_MOVE_UNSTATED,
    GR_MOVE_NONE,       /* no movement */
    GR_MOVE_HALF,       /* half speed */
    GR_MOVE_TWO_THIRDS, /* 2/3 of the allowance */
    GR_MOVE_FULL,       /* normal, full move */
    GR_MOVE_LONG,       /* rff: forced march (mouvement long) */
    GR_MOVE_HALF_OR_FC, /* nf: half a move, or a formation change */
    GR_MOVE_COUNT
} gr_fx_move;
/* maneuver column (rff): which column of actions the unit takes */
typedef enum gr_fx_column {
    GR_COLUMN_NONE,
    GR_COLUMN_WELL_EXECUTED,
    GR_COLUMN_DELAYED,
    GR_COLUMN_COUNT
} gr_fx_column;

/* One effect line.  Fields are small whole numbers; 0 is "nothing". */
typedef struct gr_effect {
    gr_fx_who who;
    gr_fx_arm arm;
    gr_fx_when when;
    signed char stands;    /* stands (bases, socles) lost */
    signed char per_point; /* 1: one more stand lost per point of difference beyond `beyond` */
    signed char beyond;    /* the difference past which per_point counts (its size: 10 is
                              "over 10" or "over -10", 0 "each point below 0") */
    signed char disorder;  /* GR_FX_DISORDERED, GR_FX_RALLIED, GR_FX_STAYS_DISORDERED */
    signed char broken;    /* rff: 1 broken (brisé); -1 a broken unit reforms */
    signed char retreat;   /* gr_fx_retreat */
    signed char distance;  /* GR_RETREAT_DISTANCE, _TO_DISTANCE: inches (cm in rff) */
    signed char guns;      /* gr_fx_guns */
    signed char gun_stands_lost;     /* rff: gun stands destroyed */
    signed char gun_stands_silenced; /* rff: gun stands silenced; GR_FX_ALL_OTHERS: the others */
    signed char limber;              /* 1: the guns limber (attelle) */
    signed char charge;              /* gr_fx_charge */
    signed char position;            /* gr_fx_position */
    signed char leader;              /* gr_fx_leader */
    signed char move;                /* gr_fx_move */
    signed char column;              /* gr_fx_column */
    signed char formation;           /* 1: may change formation; -1: may not */
    signed char removed;             /* 1: the unit is removed from play (routs) */
    signed char square;              /* 1: forms square */
    signed char fires;               /* 1: may fire (guns that hold) */
    signed char fight_again;         /* 1: fight again with adjusted modifiers */
    signed char lose_bonuses; /* 1: loses its breakthrough, bayonet/sabre, cavalry charge DRMs */
    signed char ammunition;   /* 1: low on ammunition (no printed result cell says so
                                 today: RFF's "A court de munitions" follows a natural
                                 10, a check the musketry procedure notes) */
    signed char evades;       /* 1: evades the charge; -1: fails and is charged */
    signed char first_player; /* initiative: 1 the first commander chooses, 2 the second, -1 roll
                                 again */
} gr_effect;

#define GR_FX_ALL_OTHERS (-1)

/* The effects of one result: n lines (0: no effect). */
typedef struct gr_effects {
    const gr_effect *lines;
    size_t n;
} gr_effects;

/* GR_EFFECTS(array): the effects of one result from a static array of lines. */
#define GR_EFFECTS(arr)                                                                            \
    {                                                                                              \
        arr, sizeof(arr) / sizeof((arr)[0])                                                        \
    }

/* ---- names, for files, JSON and the test cases ---------------------------- */

/* The field names of a line besides who/arm/when, in a fixed order. */
#define GR_FX_NFIELDS 25
extern const char *const gr_fx_field_names[GR_FX_NFIELDS];

/* Value of field k (an index into gr_fx_field_names) of e. */
int gr_fx_field(const gr_effect *e, int k);

/* The id of value v of field k when the field is an enum ("full_move"),
 * else NULL (the field is a number). */
const char *gr_fx_value_name(int k, int v);

/* Ids of who, arm and when: "target", "attacker", "each"; "any", "troops",
 * "guns", "cavalry", "infantry"; "always", "if_disordered", ... */
const char *gr_fx_who_name(gr_fx_who w);
const char *gr_fx_arm_name(gr_fx_arm a);
const char *gr_fx_when_name(gr_fx_when w);

/* Write one line as a short instruction for the table, in English:
 * "unit (troops): disordered, loses 1 stand, retreats 3 inches".  `unit` is
 * the system's length unit ("inches", "cm"); `opposed` names the parties of
 * an opposed roll (combat, melee, charge) "defender" and "attacker", else
 * GR_FX_TARGET is "unit" (the unit fired at, or the unit tested).  Returns
 * the length written (as snprintf). */
int gr_effect_text(const gr_effect *e, const char *unit, int opposed, char *buf, size_t cap);

#endif
