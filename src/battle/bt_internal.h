/* bt_internal.h - what the battle layer's files share. */
#ifndef GR_BT_INTERNAL_H
#define GR_BT_INTERNAL_H

#include "grognard/battle.h"

/* Every system's companion rules, NULL-terminated (bt_registry.c). */
extern const gr_battle_rules *const gr_bt_all_rules[];

/* Each system's rules (bt_aoe.c, bt_nf.c, bt_rff.c). */
extern const gr_battle_rules gr_bt_aoe_rules;
extern const gr_battle_rules gr_bt_nf_rules;
extern const gr_battle_rules gr_bt_rff_rules;

/* Take up to n stands off unit u (no more than it has left), counted in
 * its losses of the battle and of the phase; the number taken (battle.c). */
int bt_lose_stands(gr_bt_unit *u, int n);

/* Append one instruction line for the table (printf-style, cut at
 * GR_BT_INSTR) to out; nothing when out is NULL or full (battle.c). */
void bt_instr(gr_bt_outcome *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
