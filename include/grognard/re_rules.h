/* grognard/re_rules.h - Révolution et Empire (seed 004): the units and the
 * dice, as const data (src/rules/re/re_rules.c).
 *
 * Every value here comes from seed 004 §2-§4 (TIR, MOUVEMENT, COMBAT); the
 * readings where the seed is unclear are in docs/rules/re.md.  Unit types
 * are the re_unit_type values of grognard/re_scenario.h.  Functions given
 * a type or face out of range return the neutral value (0, RE_HIT_MISS). */
#ifndef GROGNARD_RE_RULES_H
#define GROGNARD_RE_RULES_H

#include "grognard/re_scenario.h"
#include "grognard/table.h"

/* What one combat or fire die does to its target (§4.4). */
typedef enum re_hit { RE_HIT_MISS, RE_HIT_LOSS, RE_HIT_RETREAT } re_hit;

/* The result of one die of face 1..6 rolled against a unit of type
 * target_type (§4.4 "Pertes", "Retraites"):
 *   infantry & elite infantry: 1 retreat, 2-3 loss, 4-6 miss;
 *   light & heavy cavalry:     1 retreat, 2 loss,   3-6 miss;
 *   artillery:                 1 loss (it never retreats), 2-6 miss.
 * column_attack nonzero: an infantry column attack (§4.4), which swaps loss
 * and retreat against infantry and elite infantry.  A column attack is only
 * made against infantry; against any other target the flag is ignored
 * here (the engine must not offer it; `grognard lookup re die` refuses it). */
re_hit re_die_result(int target_type, int face, int column_attack);

/* Combat dice of a unit type (§4.3): I 3, IE 4, C 1, HC 2, A 0 (artillery
 * never attacks in combat, §4.1). */
int re_unit_dice(int unit_type);

/* Dice an artillery unit rolls when it ripostes (§4.1 "elle peut
 * riposter"; the seed gives no number): 3, its fire at one hex (§2.1).
 * Other types riposte with re_unit_dice.  Decision in docs/rules/re.md. */
int re_riposte_dice(int unit_type);

/* Artillery fire dice at a range in hexes (§2.1): 1: 3, 2: 2, 3: 1, any
 * other range 0 (out of range). */
int re_artillery_dice(int range_hexes);

/* Skirmisher fire (§2.2): one die, a loss on 1 or 2.  Returns 1 for a
 * loss, 0 for a miss. */
int re_skirmish_loss(int face);

/* Hexes a unit may move in its movement phase (§3): infantry and elite 2
 * without combat / 1 if it will fight; light cavalry 4 / 3; heavy cavalry
 * 3 / 2; artillery 2 (only if it did not fire; it never fights).  The road
 * bonus is not included. */
int re_move_allowance(int unit_type, int will_fight);

/* "Route: +2 au déplacement" when the whole move is along the road (§3). */
#define RE_ROAD_BONUS 2

/* "L'esquive consiste en une retraite ... de deux cases, ni plus ni moins"
 * (§4.2). */
#define RE_EVASION_HEXES 2

/* Dice added to or taken from an attack or fire, as printed (the lookup
 * table `dice_modifier`): §4.3 flank and organised charge, §6 a demoralised
 * army, and §2.2 the skirmishers' single die. */
enum { RE_DM_FLANK, RE_DM_CHARGE, RE_DM_DEMORALISED, RE_DM_SKIRMISH, RE_DM_COUNT };
extern const gr_drm_line re_dice_modifier[RE_DM_COUNT];

/* Smallest number of dice an attack, fire or riposte can be made with: an
 * attack brought to 0 dice by terrain, demoralisation or the like cannot be
 * made (docs/rules/re.md, "Minimum dice"). */
#define RE_MIN_ATTACK_DICE 1

/* Dice of an attack after bonuses and maluses: base + bonus + malus
 * (malus <= 0), floored at 0.  A result below RE_MIN_ATTACK_DICE means no
 * attack. */
int re_attack_dice(int base, int bonus, int malus);

/* One unit type as data. */
typedef struct re_unit_info {
    const char *id;    /* contract id: "infantry", "elite_infantry", ... */
    const char *code;  /* the seed's letter: "I", "IE", "C", "HC", "A" */
    const char *label; /* printed name: "Infanterie", ... */
    int figures;       /* typical figures ("en moyenne", UNITES) */
    int dice;          /* combat dice (§4.3) */
    int move;          /* hexes without combat (§3) */
    int move_fighting; /* hexes if it will fight (§3); artillery: its move */
    int is_infantry;   /* infantry or elite infantry */
    int is_cavalry;    /* light or heavy cavalry */
} re_unit_info;

/* The row of a unit type, or NULL if out of range. */
const re_unit_info *re_unit(int unit_type);

/* Unit type from its contract id ("infantry", ...), or -1. */
int re_unit_type_from_id(const char *id);

#define RE_SRC "seed 004"

#endif
