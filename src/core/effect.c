/* effect.c - names and text of the effects of table results (effect.h). */
#include "grognard/effect.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const gr_fx_field_names[GR_FX_NFIELDS] = {
    "stands",      "per_point",    "beyond",     "disorder",        "broken",
    "retreat",     "distance",     "guns",       "gun_stands_lost", "gun_stands_silenced",
    "limber",      "charge",       "position",   "leader",          "move",
    "column",      "formation",    "removed",    "square",          "fires",
    "fight_again", "lose_bonuses", "ammunition", "evades",          "first_player",
};

int gr_fx_field(const gr_effect *e, int k)
{
    const signed char v[GR_FX_NFIELDS] = {
        e->stands,      e->per_point,    e->beyond,     e->disorder,        e->broken,
        e->retreat,     e->distance,     e->guns,       e->gun_stands_lost, e->gun_stands_silenced,
        e->limber,      e->charge,       e->position,   e->leader,          e->move,
        e->column,      e->formation,    e->removed,    e->square,          e->fires,
        e->fight_again, e->lose_bonuses, e->ammunition, e->evades,          e->first_player,
    };
    return k >= 0 && k < GR_FX_NFIELDS ? v[k] : 0;
}

static const char *const disorder_names[] = {"none", "disordered", "rallied", "stays_disordered"};
static const char *const retreat_names[GR_RETREAT_COUNT] = {"none",
                                                            "distance",
                                                            "to_distance",
                                                            "half_move",
                                                            "full_move",
                                                            "rout_move",
                                                            "beyond_musket",
                                                            "beyond_musket_or_half_move",
                                                            "beyond_close_range"};
static const char *const guns_names[GR_GUNS_COUNT] = {
    "none", "suppressed", "silenced", "damaged", "wrecked", "destroyed", "captured"};
static const char *const charge_names[GR_CHARGE_COUNT] = {
    "none", "stopped", "stopped_unless_bayonet", "home", "by_row"};
static const char *const position_names[GR_POS_COUNT] = {"none",
                                                         "holds",
                                                         "carries",
                                                         "breakthrough",
                                                         "carries_or_breakthrough",
                                                         "may_recall",
                                                         "carries_or_recall",
                                                         "may_pull_back_half_move"};
static const char *const leader_names[GR_LEADER_COUNT] = {
    "none", "test", "captured", "out_of_action", "removed", "removed_one_turn", "on_foot_one_turn"};
static const char *const move_names[GR_MOVE_COUNT] = {
    "unstated", "none", "half", "two_thirds", "full", "long", "half_or_formation_change"};
static const char *const column_names[GR_COLUMN_COUNT] = {"none", "well_executed", "delayed"};

static const char *pick(const char *const *names, size_t n, int v)
{
    return v >= 0 && (size_t)v < n ? names[v] : NULL;
}

const char *gr_fx_value_name(int k, int v)
{
    const char *f = k >= 0 && k < GR_FX_NFIELDS ? gr_fx_field_names[k] : "";
#define NAMED(field, arr)                                                                          \
    if (!strcmp(f, field))                                                                         \
        return pick(arr, sizeof(arr) / sizeof(arr[0]), v);
    NAMED("disorder", disorder_names)
    NAMED("retreat", retreat_names)
    NAMED("guns", guns_names)
    NAMED("charge", charge_names)
    NAMED("position", position_names)
    NAMED("leader", leader_names)
    NAMED("move", move_names)
    NAMED("column", column_names)
#undef NAMED
    return NULL;
}

const char *gr_fx_who_name(gr_fx_who w)
{
    static const char *const n[GR_FX_WHO_COUNT] = {"target", "attacker", "each"};
    return pick(n, GR_FX_WHO_COUNT, (int)w);
}

const char *gr_fx_arm_name(gr_fx_arm a)
{
    static const char *const n[GR_FX_ARM_COUNT] = {"any", "troops", "guns", "cavalry", "infantry"};
    return pick(n, GR_FX_ARM_COUNT, (int)a);
}

const char *gr_fx_when_name(gr_fx_when w)
{
    static const char *const n[GR_FX_WHEN_COUNT] = {
        "always",
        "if_disordered",
        "if_guns_damaged",
        "if_flanked",
        "if_flanked_or_beaten_by_cavalry",
        "if_fortified",
        "if_close_range",
        "if_beyond_close_range_or_fortified",
        "if_fixed_guns",
        "if_regular",
        "if_leader",
        "if_infantry_in_open_won_vs_cavalry",
        "if_cannonade",
        "if_score_15_or_more",
        "if_after_first_combat",
        "if_after_second_combat",
        "if_rough_terrain_or_cavalry_or_second_combat",
        "if_countercharging",
    };
    return pick(n, GR_FX_WHEN_COUNT, (int)w);
}

/* The text of each condition, as an instruction's opening. */
static const char *when_text(gr_fx_when w)
{
    static const char *const n[GR_FX_WHEN_COUNT] = {
        "",
        "if already disordered",
        "if the guns were already damaged",
        "if taken in the flank",
        "if beaten by cavalry or taken in the flank",
        "if fortified",
        "if within close range",
        "if beyond close range or fortified",
        "if the guns are fixed",
        "if regular",
        "if a leader is present",
        "infantry in the open, if victorious against cavalry",
        "on cannon fire only",
        "if the score is 15 or more",
        "after the first combat",
        "after the second combat",
        ("if it charged through rough or difficult terrain, is cavalry, or after the second "
         "combat"),
        "cavalry that counter-charged",
    };
    return pick(n, GR_FX_WHEN_COUNT, (int)w);
}

typedef struct sbuf {
    char *p;
    size_t cap, len;
    int n; /* items written */
} sbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
item(sbuf *b, const char *fmt, ...)
{
    char tmp[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    int w = snprintf(b->p + (b->len < b->cap ? b->len : b->cap),
                     b->len < b->cap ? b->cap - b->len : 0, "%s%s", b->n ? ", " : "", tmp);
    if (w > 0)
        b->len += (size_t)w;
    b->n++;
}

int gr_effect_text(const gr_effect *e, const char *unit, int opposed, char *buf, size_t cap)
{
    const char *const who_text[GR_FX_WHO_COUNT] = {opposed ? "defender" : "unit", "attacker",
                                                   "each side"};
    static const char *const arm_text[GR_FX_ARM_COUNT] = {"", "troops", "guns", "cavalry",
                                                          "infantry"};
    char empty[1];
    sbuf b = {cap ? buf : empty, cap ? cap : 1, 0, 0};
    b.p[0] = '\0';
    const char *who = pick(who_text, GR_FX_WHO_COUNT, (int)e->who);
    const char *arm = pick(arm_text, GR_FX_ARM_COUNT, (int)e->arm);
    const char *when = when_text(e->when);
    int w = snprintf(b.p, b.cap, "%s%s%s%s%s%s: ", who ? who : "?", arm && *arm ? " (" : "",
                     arm ? arm : "", arm && *arm ? ")" : "", when && *when ? ", " : "",
                     when ? when : "");
    b.len = w > 0 ? (size_t)w : 0;
    if (e->removed)
        item(&b, "removed from play");
    if (e->disorder == GR_FX_DISORDERED)
        item(&b, "disordered");
    if (e->disorder == GR_FX_RALLIED)
        item(&b, "rallied (good order)");
    if (e->disorder == GR_FX_STAYS_DISORDERED)
        item(&b, "stays disordered");
    if (e->broken > 0)
        item(&b, "broken");
    if (e->broken < 0)
        item(&b, "a broken unit reforms");
    if (e->stands)
        item(&b, "loses %d stand%s", e->stands, e->stands > 1 ? "s" : "");
    if (e->per_point && e->beyond)
        item(&b, "1 more stand per point of difference beyond %d", e->beyond);
    else if (e->per_point)
        item(&b, "1 stand per point below 0");
    if (e->limber)
        item(&b, "limbers");
    switch ((gr_fx_retreat)e->retreat) {
    case GR_RETREAT_NONE: break;
    case GR_RETREAT_DISTANCE: item(&b, "retreats %d %s", e->distance, unit); break;
    case GR_RETREAT_TO_DISTANCE:
        item(&b, "retreats to %d %s of the enemy", e->distance, unit);
        break;
    case GR_RETREAT_HALF_MOVE: item(&b, "retreats half a move"); break;
    case GR_RETREAT_FULL_MOVE: item(&b, "retreats a full move"); break;
    case GR_RETREAT_ROUT_MOVE: item(&b, "retreats a rout move"); break;
    case GR_RETREAT_BEYOND_MUSKET: item(&b, "falls back out of musket range"); break;
    case GR_RETREAT_BEYOND_MUSKET_OR_HALF:
        item(&b, "retreats beyond musket/skirmish range or half a move, the greater");
        break;
    case GR_RETREAT_BEYOND_CLOSE: item(&b, "retreats out of close range"); break;
    case GR_RETREAT_COUNT: break;
    }
    if (e->guns) {
        const char *g = pick(guns_names, GR_GUNS_COUNT, e->guns);
        item(&b, "guns %s", g ? g : "?");
    }
    if (e->gun_stands_lost)
        item(&b, "%d gun stand%s destroyed", e->gun_stands_lost, e->gun_stands_lost > 1 ? "s" : "");
    if (e->gun_stands_silenced == GR_FX_ALL_OTHERS)
        item(&b, "the other gun stands silenced");
    else if (e->gun_stands_silenced)
        item(&b, "%d gun stand%s silenced", e->gun_stands_silenced,
             e->gun_stands_silenced > 1 ? "s" : "");
    if (e->charge) {
        static const char *const t[GR_CHARGE_COUNT] = {
            "", "charge stopped", "charge stopped, or home with bayonet/sabre", "charge home",
            "charge as the row prints it"};
        const char *c = pick(t, GR_CHARGE_COUNT, e->charge);
        item(&b, "%s", c ? c : "?");
    }
    if (e->position) {
        static const char *const t[GR_POS_COUNT] = {
            "",
            "holds its position",
            "occupies the position",
            "breaks through: charges on half a move toward the nearest enemy",
            "occupies the position or breaks through (half a move toward the nearest enemy)",
            "may be recalled (a full move)",
            "may take the position or be recalled (a full move)",
            "may pull back half a move"};
        const char *c = pick(t, GR_POS_COUNT, e->position);
        item(&b, "%s", c ? c : "?");
    }
    if (e->leader) {
        static const char *const t[GR_LEADER_COUNT] = {
            "",
            "leader loss test",
            "leader captured",
            "general out of action, replaced after a turn",
            "leader removed from play",
            "leader removed for one turn",
            "leader on foot for one turn"};
        const char *c = pick(t, GR_LEADER_COUNT, e->leader);
        item(&b, "%s", c ? c : "?");
    }
    if (e->move) {
        static const char *const t[GR_MOVE_COUNT] = {"",
                                                     "no movement",
                                                     "moves at half speed",
                                                     "moves 2/3 of its allowance",
                                                     "moves normally",
                                                     "forced march (long move)",
                                                     "half a move, or a formation change"};
        const char *c = pick(t, GR_MOVE_COUNT, e->move);
        item(&b, "%s", c ? c : "?");
    }
    if (e->column)
        item(&b, "actions of the %s column",
             e->column == GR_COLUMN_WELL_EXECUTED ? "well executed" : "delayed");
    if (e->formation > 0)
        item(&b, "may change formation");
    if (e->formation < 0)
        item(&b, "no formation change");
    if (e->square)
        item(&b, "forms square");
    if (e->fires)
        item(&b, "may fire");
    if (e->fight_again)
        item(&b, "fight again with adjusted modifiers");
    if (e->lose_bonuses)
        item(&b, "loses the breakthrough, bayonet/sabre and cavalry charge modifiers");
    if (e->ammunition)
        item(&b, "low on ammunition");
    if (e->evades > 0)
        item(&b, "evades the charge");
    if (e->evades < 0)
        item(&b, "fails to evade: stays and is charged");
    if (e->first_player == 1)
        item(&b, "the first commander-in-chief chooses to be 1st player or not");
    if (e->first_player == 2)
        item(&b, "the second commander-in-chief chooses to be 1st player or not");
    if (e->first_player < 0)
        item(&b, "both roll again");
    if (!b.n)
        item(&b, "no effect");
    return (int)b.len;
}
