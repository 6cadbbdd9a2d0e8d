/* bt_registry.c - the systems the battle companion keeps. */
#include "bt_internal.h"

#include <stddef.h>

const gr_battle_rules *const gr_bt_all_rules[] = {
    &gr_bt_nf_rules,
    &gr_bt_aoe_rules,
    &gr_bt_rff_rules,
    NULL,
};
