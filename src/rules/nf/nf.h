/* nf.h - Napoleonic Fury (internal): the tables, the shared input lists, and
 * the small readers the procedures use so that every rule value lives once,
 * in nf_tables.c. */
#ifndef GROGNARD_NF_INTERNAL_H
#define GROGNARD_NF_INTERNAL_H

#include "grognard/resolve.h"

#define NF_SRC "seed 002"

extern const gr_table nf_fire_table, nf_melee_table, nf_disorder_table, nf_good_order_table,
    nf_emergency_fc_table, nf_bel_table, nf_command_range_table, nf_commander_quality_table,
    nf_nb_conversion_table, nf_movement_table, nf_rough_terrain_table, nf_movement_rule_table,
    nf_formation_modifier_table, nf_melee_national_table, nf_fire_points_table, nf_firing_arc_table,
    nf_leader_loss_table, nf_evasion_table, nf_fire_drm_table, nf_fire_multiplier_table,
    nf_melee_drm_table, nf_good_order_drm_table, nf_emergency_fc_drm_table, nf_evasion_drm_table;

extern const gr_procedure nf_fire_proc, nf_melee_proc, nf_maneuver_proc, nf_disorder_proc,
    nf_emergency_fc_proc, nf_evasion_proc;

/* ---- shared input lists ------------------------------------------------- */

/* Nations as the seed's charts name them; each chart maps them onto its own
 * rows (docs/rules/nf.md, "Nations"). */
enum {
    NF_FRANCE,
    NF_HESSE,
    NF_BADEN,
    NF_VISTULA,
    NF_BRITAIN,
    NF_AUSTRIA,
    NF_PRUSSIA,
    NF_RUSSIA,
    NF_SPAIN,
    NF_SPAIN_ALLIED,
    NF_PORTUGAL,
    NF_SAXONY,
    NF_NAPLES,
    NF_RHINEBUND,
    NF_OTTOMAN,
    NF_OTHER,
    NF_NNATIONS
};
extern const char *const nf_nations[];

/* Quality columns of the BEL chart. */
enum { NF_Q_GUARD, NF_Q_VETERAN, NF_Q_REGULAR, NF_Q_CONSCRIPT, NF_Q_MILITIA };
extern const char *const nf_qualities[];

/* Commander ratings (Good Order columns, Commanders Quality chart). */
enum { NF_R_EXCELLENT, NF_R_GOOD, NF_R_AVERAGE, NF_R_POOR };
extern const char *const nf_ratings[];

/* Formations a national modifier can depend on. */
enum { NF_F_COLUMN, NF_F_LINE, NF_F_OTHER };

/* Movement units (rows of the movement charts). */
enum {
    NF_U_INFANTRY,
    NF_U_LIGHT_INFANTRY,
    NF_U_LIGHT_CAVALRY,
    NF_U_HEAVY_CAVALRY,
    NF_U_HORSE_BATTERY,
    NF_U_HEAVY_BATTERY,
    NF_U_LEADER
};

/* Firing units (rows of the fire points chart). */
enum {
    NF_FU_INFANTRY,
    NF_FU_LIGHT_INFANTRY,
    NF_FU_HORSE_ARTILLERY,
    NF_FU_HEAVY_ARTILLERY,
    NF_FU_DISMOUNTED_CAVALRY
};
extern const char *const nf_fire_units[];

/* ---- readers (each returns the value and the printed cell) --------------- */

/* Fire points of one stand of `unit` at `range_milli` (0 = contact), or 0
 * when out of range.  *cell receives the printed cell (may be NULL). */
int nf_fire_points(int unit, int64_t range_milli, const char **cell);

/* Firing arc in degrees of a firing unit. */
int nf_firing_arc(int unit, const char **cell);

/* National modifier of the Good Order chart for `formation` (NF_F_*).
 * `year` may be 0 when unknown: GR_EINPUT if the cell needs the era. */
gr_status nf_formation_modifier(int nation, int formation, int year, int *value, const char **cell,
                                gr_error *err);

/* National melee modifier.  `quality` is an NF_Q_* or -1 when unknown;
 * `troops_line_grenadier_guard` and `defending_vs_infantry` decide the
 * Russian # line.  GR_EINPUT if a needed input (year, quality) is missing. */
gr_status nf_melee_national(int nation, int formation, int year, int quality,
                            int troops_line_grenadier_guard, int defending_vs_infantry, int *value,
                            const char **cell, gr_error *err);

/* Movement allowance in inches of a unit (infantry: by nation, formation
 * column/line and era).  GR_EINPUT when an input it needs is missing. */
gr_status nf_movement_allowance(int unit, int nation, int formation, int year, int *inches,
                                const char **cell, gr_error *err);

/* ---- printed die-modifier lists ------------------------------------------ */

/* Each list printed under a table is an array of gr_drm_line in nf_tables.c
 * (the value and the printed line), read by `grognard lookup nf LIST --drm
 * ID` and by the procedures through the readers below.  A printed line that
 * gives two values ("+1 Cavalry (+2 for Austrian/Saxon Cavalry)") is two
 * entries, each cell naming the part it reads.  "+? National modifiers"
 * lines are not entries: their values are the formation_modifier and
 * melee_national charts. */

/* Fire table modifiers (X2 and x1/2 are fire_multiplier, below). */
enum {
    NF_FD_FR_BR_ARTILLERY,   /* +1 French/British artillery, Russian heavy, out to 8" */
    NF_FD_ART_VS_CAVALRY,    /* +1 artillery at 2" or less at mounted cavalry */
    NF_FD_BRITISH_INFANTRY,  /* +1 British Line, Grenadier or Guard infantry */
    NF_FD_TARGET_CHANGED,    /* +1 target changed formation or limbered artillery */
    NF_FD_LIGHT_INFANTRY,    /* +1 light infantry firing (with exceptions) */
    NF_FD_ENFILADED,         /* +2 target is enfiladed */
    NF_FD_SQUARE,            /* +2 target is infantry in square */
    NF_FD_VS_ARTILLERY,      /* -1 infantry at unlimbered artillery, counter-battery */
    NF_FD_LANDWEHR,          /* -1 firing Landwehr/Militia or Guerrilla */
    NF_FD_LIGHT_COVER,       /* -1 woods, hedge, higher elevation, town area */
    NF_FD_AFTER_UNLIMBERING, /* -1 phasing artillery after unlimbering... */
    NF_FD_DEPLOYED_COVER,    /* -2 deployed town, stone wall, entrenchment, works */
    NF_FD_VS_CHARGING_CAV,   /* -2 infantry at charging cavalry, not in square */
    NF_FD_FORTIFIED,         /* -3 deployed in a fortified town */
    NF_FD_COUNT
};
/* The multipliers of fire points printed in the same list. */
enum { NF_FM_MARCH_COLUMN, NF_FM_HALF, NF_FM_COUNT };

/* Melee modifiers. */
enum {
    NF_MD_LEADER,              /* +1 attached leader or exceptional brigade commander */
    NF_MD_LEADER_PLUS2,        /* (some leaders may give a +2) */
    NF_MD_BREAKTHROUGH,        /* +1 */
    NF_MD_FRESH,               /* +2 */
    NF_MD_CAV_IN_OPEN,         /* +2 mounted cavalry charging inf/art in the open */
    NF_MD_CAV_IN_LINE,         /* +1 cavalry charging in line */
    NF_MD_HEAVY_CAV,           /* +1 */
    NF_MD_ARMORED_CAV,         /* +1 */
    NF_MD_GUARD_CAV,           /* +1 */
    NF_MD_GRENADIER_GUARD,     /* +2 grenadier/guard infantry */
    NF_MD_OLD_GUARD,           /* +3 French Old Guard */
    NF_MD_DEF_COVER,           /* +1 defending in forest, ... hasty works */
    NF_MD_DEF_WORKS,           /* +2 defending sunken road, ... breastworks */
    NF_MD_DEF_FORTIFIED,       /* +3 defending fortified town */
    NF_MD_SQUARE_VS_CAV,       /* +4 infantry in square vs cavalry */
    NF_MD_SPENT,               /* -2 */
    NF_MD_DISORDERED_OR_MARCH, /* -2 disordered or in march column */
    NF_MD_INF_EXPOSED,         /* -3 infantry not in cover/square vs cav; inf vs inf in square */
    NF_MD_MILITIA,             /* -1 Cossack/MC/LW, militia infantry or guerrillas */
    NF_MD_STAND_LOST,          /* -1 for each stand lost */
    NF_MD_CAV_VS_SQUARE,       /* -4 cavalry vs infantry in square */
    NF_MD_CAV_IN_WOODS,        /* -4 cavalry meleeing in/into woods */
    NF_MD_OUTFLANKED,          /* -2 */
    NF_MD_OUTNUMBERED_3_2,     /* -1 */
    NF_MD_OUTNUMBERED_2_1,     /* -2 */
    NF_MD_OUTNUMBERED_3_1,     /* -3 */
    NF_MD_COUNT
};

/* Good Order table modifiers (also read for the Disorder table). */
enum {
    NF_GD_EXC_BRIGADE,       /* +1 exceptional brigade commander */
    NF_GD_DIVISION_IN_RANGE, /* +1 within range of the division officer */
    NF_GD_EXC_DIVISION,      /* +2 exceptional divisional officer in range or officer attached */
    NF_GD_EXC_ATTACHED,      /* +3 exceptional officer attached */
    NF_GD_OLD_GUARD,         /* +1 French old guard infantry */
    NF_GD_LIGHT_INFANTRY,    /* +1 */
    NF_GD_CAVALRY,           /* +1 cavalry */
    NF_GD_CAVALRY_AUS_SAX,   /* (+2 for Austrian/Saxon cavalry) */
    NF_GD_FRESH,             /* +2 */
    NF_GD_MARCH_COLUMN,      /* +2 */
    NF_GD_SPENT,             /* -2 */
    NF_GD_WOODS,             /* -1 non light infantry or cavalry in woods */
    NF_GD_COUNT
};

/* Emergency formation change attempt modifiers. */
enum {
    NF_ED_LEADER,          /* +1 exceptional brigade commander or leader attached */
    NF_ED_UPPER_LEADER,    /* +2 exceptional division/upper echelon leader attached */
    NF_ED_COLUMN,          /* +1 in column formation */
    NF_ED_COLUMN_AUSTRIAN, /* (+2 Austrian line/grenadier infantry 1809+) */
    NF_ED_GRENADIER_GUARD, /* +1 any grenadier/guard unit */
    NF_ED_OLD_GUARD,       /* (+2 for French Old Guard) */
    NF_ED_NATION_PLUS,     /* +1 British / pre-1808 Prussians / pre-1813 French */
    NF_ED_CAV_OVER_HALF,   /* +1 cavalry charges over 1/2 its MV */
    NF_ED_NATION_MINUS,    /* -1 Spanish, Russian, ..., pre-1810 Portuguese */
    NF_ED_MILITIA,         /* -1 militia or guerrilla infantry */
    NF_ED_SPENT,           /* -1 */
    NF_ED_DISORDERED,      /* -2 */
    NF_ED_MARCH_COLUMN,    /* -2 */
    NF_ED_COUNT
};

/* Evasion modifiers. */
enum { NF_VD_SUPPRESSED, NF_VD_COUNT };

/* Line `line` (an NF_FD_*, NF_MD_*, ... of its list) of each list: its
 * value and its printed text.  `line` must be in range. */
const gr_drm_line *nf_fire_drm(int line);
const gr_drm_line *nf_melee_drm(int line);
const gr_drm_line *nf_good_order_drm(int line);
const gr_drm_line *nf_emergency_fc_drm(int line);
const gr_drm_line *nf_evasion_drm(int line);

/* Fire points multiplier `line` (NF_FM_*): *num / *den, and the printed line. */
const char *nf_fire_multiplier(int line, int *num, int *den);

#endif
