/* bt_nf.h - what Napoleonic Fury's companion files share (bt_nf.c: the
 * sequence of play, setup, prepare; bt_nf_apply.c: applying a result). */
#ifndef GR_BT_NF_H
#define GR_BT_NF_H

#include "bt_internal.h"

/* A unit's own counters (gr_bt_unit.sys). */
enum {
    NFU_DAMAGED,      /* 1: the battery is damaged (lasts: fire x1/2) */
    NFU_BREAKTHROUGH, /* 1: a breakthrough unit, may charge again this melee phase */
    NFU_EVADED,       /* 1 + the index of the unit whose charge it evaded in this
                         segment's move (0: none): they are not in contact */
    NFU_COUNTER,      /* 1 + the index of the charging cavalry it countercharges in
                         this segment (0: none), set by a successful reaction */
};
/* The battle's own counters (gr_battle.sys). */
enum {
    NFB_YEAR, /* the year of the order of battle's date, 0 unknown */
};

/* Apply resolution r of call c (verb v) to b: the tables' effect lines on
 * the units and leaders, one instruction per unit into out.  r NULL: the
 * leader verbs (attach, detach, replace), already checked by prepare. */
gr_status bt_nf_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                      const gr_resolution *r, gr_bt_outcome *out, gr_error *err);

#endif
