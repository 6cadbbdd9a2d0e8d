/* tb_nf.c - Napoleonic Fury's join on the table (tb.h "the join",
 * `nf-table`, issue 35): the decisions of each step of the seed's sequence
 * of play (maneuver, cavalry reaction, defensive then phasing fire, melee),
 * the facts of the table each of the companion's tests gets (range, arc,
 * sight, flank, cover, command and maneuver-effects ranges, charge
 * distance), and what its results do to the stands (stands lost, retreats,
 * evasion, emergency formation change, routs, breakthroughs).  No rule
 * value is written here: a test is the companion's (bt_nf*.c), the speeds,
 * ranges and command ranges are read from nf's tables (src/rules/nf), and
 * every reading is in docs/rules/nf.md, "On the table: the game". */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../battle/bt_nf.h"
#include "grognard/effect.h"
#include "grognard/resolve.h"
#include "grognard/table.h"
#include "tb_join.h"

/* ---- the join's own counters (tb_state.sys) --------------------------------- */

/* sys[NS_CHARGED + u]: 1 + the unit whose charge u may answer now (an
 * emergency formation change or an evasion), 0 none.  sys[NS_FLAGS + u]:
 * the NSF_ bits, kept for the segment (the move bits for the move). */
enum { NS_CHARGED = 0, NS_FLAGS = GR_BT_MAX_UNITS };
_Static_assert(NS_FLAGS + GR_BT_MAX_UNITS <= TB_SYS_WORDS, "nf's counters fit tb_state.sys");
enum {
    NSF_CHANGED = 1,    /* changed formation in this segment */
    NSF_UNLIMBERED = 2, /* a battery unlimbered in this segment (phasing fire -1) */
    NSF_MAY_FC = 4,     /* its move may change formation (the result's « May FC ») */
    NSF_FC_ONLY = 8,    /* its move is a change of formation in place only */
    NSF_REACTED = 16,   /* made its reaction move in this segment's reaction phase */
};

/* ---- nf's tables, read through the system (src/rules/nf/nf_tables.c) -------- */

static const gr_system *nf_sys(void)
{
    return gr_system_find("nf");
}

/* Field `field` of the cell of nf table `table` for the inputs kv (name,
 * value pairs, NULL-terminated): 1 with *out, or 0 if it cannot be read. */
static int nf_lookup(const char *table, const char *const *kv, const char *field, int64_t *out)
{
    const gr_system *sys = nf_sys();
    const gr_table *t = sys ? gr_system_table(sys, table) : NULL;
    if (!t)
        return 0;
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_error e;
    gr_cell c;
    memset(&c, 0, sizeof c);
    for (int i = 0; kv[i] && kv[i + 1]; i += 2) {
        int k = gr_param_index(t->params, t->nparams, kv[i]);
        if (k < 0 || gr_args_set(t->params, k, kv[i + 1], &a, &e) != GR_OK)
            return 0;
    }
    if (t->lookup(&a, &c, &e) != GR_OK)
        return 0;
    for (int i = 0; i < c.nfields; i++)
        if (!strcmp(c.fields[i].key, field)) {
            *out = c.fields[i].i;
            return 1;
        }
    return 0;
}

static const char *move_row(const gr_bt_unit *u)
{
    switch (u->arm) {
    case GR_BT_INFANTRY: return !strcmp(u->kind, "light") ? "light_infantry" : "infantry";
    case GR_BT_CAVALRY: return !strcmp(u->kind, "heavy") ? "heavy_cavalry" : "light_cavalry";
    default: return !strcmp(u->kind, "horse") ? "horse_battery" : "heavy_battery";
    }
}

static void year_of(const gr_battle *b, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d", b->sys[NFB_YEAR] ? b->sys[NFB_YEAR] : 0);
}

/* The movement allowance (milli-inches) of u in the formation word `form`
 * (seed 002's movement charts): infantry by nation, column or line ("march
 * column" moves as column, a square at half its line MV); 0 if unknown. */
static int64_t nf_mv(const gr_battle *b, const gr_bt_unit *u, const char *form)
{
    char year[16];
    year_of(b, year, sizeof year);
    int64_t inches = 0;
    int square = !strcmp(form, "square");
    const char *f = !strcmp(form, "line") || square ? "line" : "column";
    const char *inf[] = {"unit", move_row(u), "nation", u->nation, "formation",
                         f,      "year",      year,     NULL};
    const char *other[] = {"unit", move_row(u), NULL};
    if (!nf_lookup("movement", u->arm == GR_BT_INFANTRY ? inf : other, "inches", &inches))
        return 0;
    return square ? inches * TT_UNITS_PER_INCH / 2 : inches * TT_UNITS_PER_INCH;
}

/* A leader's allowance: the charts' row « Leaders 18" ». */
static int64_t leader_mv(void)
{
    const char *kv[] = {"unit", "leader", NULL};
    int64_t inches = 0;
    return nf_lookup("movement", kv, "inches", &inches) ? inches * TT_UNITS_PER_INCH : 0;
}

/* The rough terrain cost of u: milli-inches of MV per inch moved. */
static int64_t rough_cost(const gr_battle *b, const gr_bt_unit *u)
{
    char year[16];
    year_of(b, year, sizeof year);
    const char *kv[] = {"unit", move_row(u), "nation", u->nation, "year", year, NULL};
    int64_t c = 0;
    return nf_lookup("rough_terrain", kv, "inches_per_inch", &c) ? c : 0;
}

/* A movement rule's inches for u (the notes under the movement charts):
 * "formation_change" (1/2 line MV), "passage_of_lines" (3", light 0). */
static int64_t move_rule(const gr_battle *b, const gr_bt_unit *u, const char *rule)
{
    char year[16];
    year_of(b, year, sizeof year);
    const char *kv[] = {"rule", rule, "unit", move_row(u), "nation", u->nation, "year", year, NULL};
    int64_t v = 0;
    if (!nf_lookup("movement_rule", kv, "inches", &v))
        return 0;
    /* "formation_change" gives milli-inches (half a line MV), the passage
     * whole inches */
    return !strcmp(rule, "formation_change") ? v : v * TT_UNITS_PER_INCH;
}

static const char *fire_row(const gr_bt_unit *u)
{
    if (u->arm == GR_BT_INFANTRY)
        return !strcmp(u->kind, "light") ? "light_infantry" : "infantry";
    if (u->arm == GR_BT_ARTILLERY)
        return !strcmp(u->kind, "horse") ? "horse_artillery" : "heavy_artillery";
    return NULL; /* mounted cavalry: the fire points chart has no row */
}

/* The reach of u's fire (milli-inches): the last range of the fire points
 * chart that gives its row points (its bands end on whole inches: "Out to
 * 2"", "8"+ to 12"", "12"+ to 16""), probed inch by inch; 0 none. */
static int64_t nf_fire_range(const gr_bt_unit *u)
{
    static _Thread_local int64_t memo[8];
    static _Thread_local int known[8];
    static const char *const rows[] = {"infantry", "light_infantry", "horse_artillery",
                                       "heavy_artillery"};
    const char *row = fire_row(u);
    if (!row)
        return 0;
    int r = 0;
    while (r < 3 && strcmp(rows[r], row))
        r++;
    if (known[r])
        return memo[r];
    int64_t reach = 0;
    for (int inch = 0; inch <= 48; inch++) {
        char range[16];
        snprintf(range, sizeof range, "%d", inch);
        const char *kv[] = {"unit", row, "range", range, NULL};
        int64_t p = 0;
        if (nf_lookup("fire_points", kv, "points", &p) && p > 0)
            reach = (int64_t)inch * TT_UNITS_PER_INCH;
    }
    memo[r] = reach;
    known[r] = 1;
    return reach;
}

/* The fire points chart's bands of u for the page: where its points
 * change, probed inch by inch (the bands end on whole inches), each named
 * by its limit ("contact", "2\"", ...); the count. */
static int nf_fire_bands(const gr_bt_unit *u, int64_t *lim, char (*name)[16], int cap)
{
    const char *row = fire_row(u);
    int n = 0;
    int64_t last = -1;
    for (int inch = 0; row && inch <= 48; inch++) {
        char range[16];
        snprintf(range, sizeof range, "%d", inch);
        const char *kv[] = {"unit", row, "range", range, NULL};
        int64_t p = 0;
        if (!nf_lookup("fire_points", kv, "points", &p))
            p = 0;
        if (p == last && n > 0) {
            lim[n - 1] = (int64_t)inch * TT_UNITS_PER_INCH;
            snprintf(name[n - 1], sizeof name[n - 1], "%d\"", inch);
            continue;
        }
        if (p <= 0)
            break;
        if (n >= cap)
            break;
        lim[n] = (int64_t)inch * TT_UNITS_PER_INCH;
        snprintf(name[n], sizeof name[n], inch ? "%d\"" : "contact", inch);
        n++;
        last = p;
    }
    return n;
}

/* "Infantry/Dismounted Cavalry stands have a 45 degree firing arc.
 * Artillery has a 30 degree firing arc." */
static tt_arc nf_arc_of(const gr_bt_unit *u)
{
    return u->arm == GR_BT_ARTILLERY ? TT_ARC_30 : TT_ARC_45;
}

/* A command range (milli-inches): the chart's column `level` for the row
 * of `nation` (France and its @ allies, Britain, Russia, others). */
static int64_t command_range(const char *nation, const char *level)
{
    const char *row = !strcmp(nation, "britain")  ? "britain"
                      : !strcmp(nation, "russia") ? "russia"
                      : !strcmp(nation, "france") || !strcmp(nation, "hesse") ||
                              !strcmp(nation, "baden") || !strcmp(nation, "vistula_legion")
                          ? "france"
                          : "other";
    const char *kv[] = {"nation", row, "level", level, NULL};
    int64_t inches = 0;
    return nf_lookup("command_range", kv, "inches", &inches) ? inches * TT_UNITS_PER_INCH : 0;
}

/* A commander's maneuver effects range (Commanders Quality chart). */
static int64_t effects_range(const char *rating)
{
    const char *kv[] = {"rating", rating, NULL};
    int64_t inches = 0;
    return nf_lookup("commander_quality", kv, "inches", &inches) ? inches * TT_UNITS_PER_INCH : 0;
}

/* ---- the table's facts ---------------------------------------------------------- */

static int phase_is(const gr_battle *b, const char *step)
{
    return strstr(b->rules->phases[b->phase].id, step) != NULL;
}

static int in_kind(const tt_table *t, tt_kind k, tt_pt p)
{
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (f->kind == k && !t->kinds[k].polyline && tt_point_in_poly(f->v, f->n, p) >= 0)
            return 1;
    }
    return 0;
}

static int on_road(const tt_table *t, tt_pt p)
{
    int ford = 0;
    return tt_going_of_leg(t, p, p, &ford) == TT_GO_ROAD;
}

/* The centre of u's stands (of the box that holds them): where a unit is
 * when the table asks on which side of another it stands (its front centre
 * lies on the front line of a unit it touches front to front). */
static tt_pt centre_of(const tt_unit *u)
{
    tt_pt c = {(tt_coord)(((int64_t)u->lo.x + u->hi.x) / 2),
               (tt_coord)(((int64_t)u->lo.y + u->hi.y) / 2)};
    return c;
}

/* 1: unit u stands behind a linear feature of kind k against the enemy e
 * (tt_behind_line: within one base depth of u's front edge, between u and
 * the centre of e's stands). */
static int behind(const tt_table *t, const tt_unit *u, const tt_unit *e, tt_kind k)
{
    return tt_behind_line(t, u, centre_of(e), k, tt_unit_base(t, u).d);
}

/* The first leader of `role` up u's chain of command, or -1. */
static int chain_role(const gr_battle *b, int u, const char *role)
{
    int guard = 0;
    for (int l = b->units[u].leader; l >= 0 && guard < GR_BT_MAX_LEADERS;
         l = b->leaders[l].parent, guard++)
        if (!strcmp(b->leaders[l].role, role))
            return l;
    return -1;
}

/* The level of a leader's role in the command range chart: a division
 * officer, a corps commander, an army commander read as « Wing/Small
 * Army » (docs/rules/nf.md « On the table »). */
static const char *range_level(const gr_bt_leader *l)
{
    return !strcmp(l->role, "division") ? "division" : !strcmp(l->role, "corps") ? "corps" : "wing";
}

/* Leader l's command range over unit u (its nation's row; a replacement
 * officer 1" less). */
static int64_t leader_range(const gr_battle *b, int l, int u)
{
    int64_t r = command_range(b->units[u].nation, range_level(&b->leaders[l]));
    if (b->leaders[l].back_turn)
        r -= TT_UNITS_PER_INCH; /* "Replacement officers suffer a -1"" */
    return r;
}

/* 1: leader l, active and on the table, is within `r` of unit u. */
static int leader_within(const tb_state *s, int l, int u, int64_t r)
{
    tt_pt p;
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    return l >= 0 && tu && r > 0 && gr_bt_leader_active(&s->b.leaders[l]) &&
           tb_leader_pos(s, l, &p) && tt_within_radius(tu, p, r);
}

/* The facts of a maneuver, a disorder test or a reaction measured on the
 * table: the division officer in his command range, the Good Order
 * commander in his maneuver effects range, woods, a road under a march
 * column. */
static void move_facts(const tb_state *s, int u, int good_order, gr_bt_action *a)
{
    const gr_battle *b = &s->b;
    const gr_bt_unit *bu = &b->units[u];
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return;
    int div = chain_role(b, u, "division");
    if (gr_battle_attached_leader(b, u) < 0 && div >= 0 &&
        leader_within(s, div, u, leader_range(b, div, u)))
        tb_call_fact(&a->call, "division-in-range", "yes");
    if (in_kind(&s->t, TT_WOOD, tu->pose.at))
        tb_call_fact(&a->call, "in-woods", "yes");
    if (!strcmp(a->call.verb, "react"))
        good_order = 2;
    if (good_order) {
        int cmd = chain_role(b, u, "corps");
        if (cmd < 0)
            cmd = chain_role(b, u, "army");
        if (cmd >= 0 && leader_within(s, cmd, u, effects_range(b->leaders[cmd].rating)))
            tb_call_fact(&a->call, "commander-in-range", b->leaders[cmd].rating);
    }
    if (good_order != 2 && !strcmp(bu->formation, "march_column") && on_road(&s->t, tu->pose.at))
        tb_call_fact(&a->call, "on-road", "yes");
}

/* The target's cover as the Fire table's lines name it: works or a stone
 * wall it stands behind against the firer (-2), a wood, a town area (not
 * deployed: the companion keeps no deployment), a hedge it stands behind,
 * higher ground than the firer (-1). */
static const char *cover_word(const tb_state *s, const tt_unit *u, const tt_unit *t)
{
    if (behind(&s->t, t, u, TT_WORKS))
        return "works";
    if (behind(&s->t, t, u, TT_WALL))
        return "stone_wall";
    if (in_kind(&s->t, TT_WOOD, t->pose.at))
        return "woods";
    if (in_kind(&s->t, TT_TOWN, t->pose.at))
        return "town_area";
    if (behind(&s->t, t, u, TT_HEDGE))
        return "hedge";
    if (tt_level_at(&s->t, t->pose.at) > tt_level_at(&s->t, u->pose.at))
        return "higher_elevation";
    return NULL;
}

/* 1: an enemy in contact with u touches its flank or rear (the centre of
 * that enemy's stands on u's flank or behind it). */
static int outflanked(const tb_state *s, const tt_unit *u)
{
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *e = &s->t.units[i];
        if (e->side != u->side && tt_in_contact(&s->t, u, e) &&
            tt_unit_side_of(u, centre_of(e)) != TT_FRONT)
            return 1;
    }
    return 0;
}

static void fire_facts(const tb_state *s, gr_bt_action *a)
{
    const tt_unit *u = tb_on_table_c(&s->t, a->call.unit),
                  *t = tb_on_table_c(&s->t, a->call.target);
    if (!u || !t)
        return;
    const gr_bt_unit *bu = &s->b.units[a->call.unit], *bt = &s->b.units[a->call.target];
    char buf[32];
    gr_milli_str(tb_dist_ceil(u, t), buf, sizeof buf);
    tb_call_fact(&a->call, "range", buf);
    /* "Only the front stands may fire while in column": the front rank */
    if (bu->arm == GR_BT_INFANTRY && strcmp(bu->formation, "line")) {
        int front = 0;
        for (int i = 0; i < u->nstands; i++)
            front += u->row[i] == 0;
        snprintf(buf, sizeof buf, "%d", front > 0 ? front : 1);
        tb_call_fact(&a->call, "stands", buf);
    }
    const char *cover = cover_word(s, u, t);
    if (cover)
        tb_call_fact(&a->call, "cover", cover);
    if (tt_unit_side_of(t, centre_of(u)) != TT_FRONT)
        tb_call_fact(&a->call, "enfiladed", "yes");
    if (s->sys[NS_FLAGS + a->call.target] & NSF_CHANGED)
        tb_call_fact(&a->call, "target-changed-formation", "yes");
    /* "-2 Infantry firing at charging cavalry": cavalry that charged into
     * contact with the firer in this segment's move */
    if (bu->arm == GR_BT_INFANTRY && bt->arm == GR_BT_CAVALRY &&
        s->x.charge_from[a->call.target] >= 0 && tt_in_contact(&s->t, u, t))
        tb_call_fact(&a->call, "target-charging", "yes");
    if (strstr(s->b.rules->phases[s->b.phase].id, "fire_phasing") &&
        (s->sys[NS_FLAGS + a->call.unit] & NSF_UNLIMBERED))
        tb_call_fact(&a->call, "after-unlimbering", "yes");
}

static void melee_facts(const tb_state *s, gr_bt_action *a)
{
    const tt_unit *u = tb_on_table_c(&s->t, a->call.unit),
                  *t = tb_on_table_c(&s->t, a->call.target);
    if (!u || !t)
        return;
    /* works are « breastworks » (+2), a wall and a hedge the +1 line's */
    const char *terrain = behind(&s->t, t, u, TT_WORKS)         ? "breastworks"
                          : in_kind(&s->t, TT_WOOD, t->pose.at) ? "forest"
                          : in_kind(&s->t, TT_TOWN, t->pose.at) ? "town"
                          : tt_level_at(&s->t, t->pose.at) > tt_level_at(&s->t, u->pose.at)
                              ? "higher_elevation"
                          : behind(&s->t, t, u, TT_WALL)  ? "wall"
                          : behind(&s->t, t, u, TT_HEDGE) ? "hedge"
                                                          : NULL;
    if (terrain)
        tb_call_fact(&a->call, "defender-terrain", terrain);
    if (!(terrain && !strcmp(terrain, "forest")) && in_kind(&s->t, TT_WOOD, u->pose.at))
        tb_call_fact(&a->call, "woods", "yes");
    if (outflanked(s, u))
        tb_call_fact(&a->call, "attacker-outflanked", "yes");
    if (outflanked(s, t))
        tb_call_fact(&a->call, "defender-outflanked", "yes");
}

/* The call of a decision with the table's facts. */
static int nf_call_of(const tb_scenario *sc, const tb_state *s, gr_action act, gr_bt_action *a)
{
    (void)sc;
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    switch (k) {
    case K_MOVEMENT:
        if (tb_act_arg(act) != 0 || u < 0)
            return 0;
        tb_call_init(a, s->b.units[u].disordered ? "disorder" : "maneuver", u, -1);
        move_facts(s, u, !s->b.units[u].disordered, a);
        return 1;
    case K_REACT:
        tb_call_init(a, "react", u, t);
        move_facts(s, u, 1, a);
        return 1;
    case K_EFC: {
        tb_call_init(a, "emergency_fc", u, t);
        /* "+1 Cavalry charges over 1/2 their movement allowance": the edge
         * distance its move into contact started from */
        const gr_bt_unit *c = t >= 0 ? &s->b.units[t] : NULL;
        if (c && s->x.charge_from[t] > nf_mv(&s->b, c, c->formation) / 2)
            tb_call_fact(&a->call, "cavalry-over-half-move", "yes");
        return 1;
    }
    case K_EVADE: tb_call_init(a, "evasion", u, t); return 1;
    case K_FIRE:
        tb_call_init(a, "fire", u, t);
        fire_facts(s, a);
        return 1;
    case K_COMBAT:
        tb_call_init(a, "melee", u, t);
        melee_facts(s, a);
        return 1;
    case K_ATTACH:
        tb_call_init(a, "attach", u, -1);
        a->call.leader = t;
        return 1;
    case K_DETACH:
        tb_call_init(a, "detach", -1, -1);
        a->call.leader = t;
        return 1;
    case K_REPLACE:
        tb_call_init(a, "replace", -1, -1);
        a->call.leader = t;
        return 1;
    default: return 0;
    }
}

/* ---- the mover ------------------------------------------------------------------- */

static const tt_formation arm_forms[3][4] = {
    [GR_BT_INFANTRY] = {TT_LINE, TT_COLUMN, TT_MARCH, TT_SQUARE},
    [GR_BT_CAVALRY] = {TT_LINE, TT_COLUMN, TT_MARCH, TT_LINE},
    [GR_BT_ARTILLERY] = {TT_BATTERY, TT_LIMBERED, TT_BATTERY, TT_BATTERY},
};

/* Unit u's speeds: its MV in its formation on clear ground, twice its
 * column MV on a road in march column, its MV over the rough terrain cost
 * in rough and difficult going and at a ford ("fording" is rough terrain);
 * passage of lines; the change of formation at 1/2 its line MV, offered
 * when its result says « may FC »; a square does not enter rough terrain. */
static void nf_mover(const tb_state *s, int u, int64_t allow, tt_mover *mv)
{
    const gr_bt_unit *bu = &s->b.units[u];
    memset(mv, 0, sizeof *mv);
    int64_t clear = nf_mv(&s->b, bu, bu->formation);
    if (clear <= 0)
        clear = TT_UNITS_PER_INCH; /* an unreadable row: the move set needs a speed */
    mv->allowance = allow;
    mv->speed[TT_GO_CLEAR] = clear;
    mv->speed[TT_GO_ROAD] = !strcmp(bu->formation, "march_column") ? 2 * clear : clear;
    int64_t cost = rough_cost(&s->b, bu);
    int64_t rough = cost > 0 ? clear * TT_UNITS_PER_INCH / cost : clear;
    if (!strcmp(bu->formation, "square"))
        rough = 0; /* "may not enter rough terrain" */
    mv->speed[TT_GO_ROUGH] = mv->speed[TT_GO_DIFFICULT] = mv->speed[TT_GO_FORD] = rough;
    mv->pass_penalty = move_rule(&s->b, bu, "passage_of_lines");
    mv->pass_battery_free = 1; /* "Unlimbered artillery may be passed through at no
                                  additional cost" */
    mv->formation_cost = move_rule(&s->b, bu, "formation_change");
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (tu)
        mv->may_change[tu->pose.form] = 1;
    if (s->sys[NS_FLAGS + u] & NSF_MAY_FC)
        for (int i = 0; i < 4 && (unsigned)bu->arm < 3; i++)
            mv->may_change[arm_forms[bu->arm][i]] = 1;
}

static const char *word_of_form(gr_bt_arm arm, tt_formation f)
{
    if (arm == GR_BT_ARTILLERY)
        return f == TT_LIMBERED ? "limbered" : "unlimbered";
    switch (f) {
    case TT_COLUMN: return "column";
    case TT_MARCH: return "march_column";
    case TT_SQUARE: return arm == GR_BT_INFANTRY ? "square" : "line";
    default: return "line";
    }
}

/* A change of formation made by a move: the companion's word (nf's
 * companion has no verb for it: it reads the word in every test). */
static void nf_set_formation(tb_state *s, int u, tt_formation f)
{
    gr_bt_unit *bu = &s->b.units[u];
    snprintf(bu->formation, sizeof bu->formation, "%s", word_of_form(bu->arm, f));
    if (bu->arm == GR_BT_ARTILLERY) {
        bu->limbered = f == TT_LIMBERED;
        if (!bu->limbered)
            s->sys[NS_FLAGS + u] |= NSF_UNLIMBERED;
    }
    s->sys[NS_FLAGS + u] |= NSF_CHANGED;
}

/* ---- moves after a melee (breakthroughs, carrying the position) ----------------- */

/* As aoe's (tb_aoe.c): into contact with the nearest enemy, or ending
 * nearer it; « carry the position »: straight ahead.  After « Driven
 * back », « Charging cavalry may opt to pull back 1/2 move »: straight
 * back too. */
static int break_ok(const tb_state *s, const tt_option *o)
{
    if (s->x.mv_break == 3)
        return o->kind == TT_MK_ADVANCE;
    if (s->x.mv_break == 2 && o->kind == TT_MK_FALL_BACK &&
        s->b.units[s->x.mv_unit].arm == GR_BT_CAVALRY)
        return 1;
    return tb_toward_enemy(s, o) > 0;
}

static int may_hold(const tb_state *s)
{
    if (s->x.mv_break != 1)
        return 1;
    int n;
    const tt_option *o = tb_move_set(s, &n);
    for (int i = 0; o && i < n; i++)
        if (break_ok(s, &o[i]))
            return 0;
    return 1;
}

static int nf_move_ok(const tb_state *s, const tt_option *o)
{
    if (s->sys[NS_FLAGS + s->x.mv_unit] & NSF_FC_ONLY)
        return o->kind == TT_MK_HOLD;
    return !s->x.mv_break || break_ok(s, o);
}

static int nf_hold_listed(const tb_state *s)
{
    return s->x.mv_break && may_hold(s);
}

static gr_status nf_move_refused(const tb_state *s, gr_action act, gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act);
    int fc_only = (s->sys[NS_FLAGS + u] & NSF_FC_ONLY) != 0;
    if (k == K_MOVE && tb_act_arg(act) != TB_ARG_MASK) {
        int n;
        const tt_option *opt = tb_move_set(s, &n);
        uint64_t i = tb_act_arg(act);
        if (!opt || i >= (uint64_t)n)
            return GR_OK;
        if (!nf_move_ok(s, &opt[i]))
            return gr_error_set(err, GR_EILLEGAL,
                                fc_only ? "%s holds its ground (it may change formation in place)"
                                        : "%s charges on toward the nearest enemy, %s (into "
                                          "contact, or ending nearer it), or carries the "
                                          "position straight ahead",
                                s->b.units[u].id, fc_only ? "" : s->b.units[s->x.mv_toward].id);
        return GR_OK;
    }
    if (k == K_MOVE && !may_hold(s))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s breaks through: it « must continue to charge 1/2 move toward "
                            "the nearest enemy », %s; choose one of its moves",
                            s->b.units[u].id, s->b.units[s->x.mv_toward].id);
    if (k == K_POSE && (s->x.mv_break || fc_only))
        return gr_error_set(err, GR_EILLEGAL, "%s: choose one of the listed moves",
                            s->b.units[u].id);
    return GR_OK;
}

/* ---- charges answered (emergency formation change, evasion) -------------------- */

/* What unit e may answer the charge of c with: K_EFC (infantry not in
 * square, charged by cavalry, in contact with no other enemy, not in a
 * town nor behind works or a wall against c), K_EVADE (cavalry, limbered
 * artillery, unlimbered horse artillery), or 0. */
static int answer_kind(const tb_state *s, int e, int c)
{
    const gr_bt_unit *be = &s->b.units[e], *bc = &s->b.units[c];
    const tt_unit *te = tb_on_table_c(&s->t, e), *tc = tb_on_table_c(&s->t, c);
    if (!te || be->removed)
        return 0;
    if (be->arm == GR_BT_INFANTRY && bc->arm == GR_BT_CAVALRY && strcmp(be->formation, "square") &&
        !in_kind(&s->t, TT_TOWN, te->pose.at) &&
        !(tc && (behind(&s->t, te, tc, TT_WORKS) || behind(&s->t, te, tc, TT_WALL)))) {
        for (int i = 0; i < s->t.nunits; i++)
            if (s->t.units[i].id != c && s->t.units[i].side != te->side &&
                tt_in_contact(&s->t, te, &s->t.units[i]))
                return 0; /* "may not attempt ... if already in contact" */
        return K_EFC;
    }
    if (be->arm == GR_BT_CAVALRY || (be->arm == GR_BT_ARTILLERY && be->limbered) ||
        (be->arm == GR_BT_ARTILLERY && !strcmp(be->kind, "horse")))
        return K_EVADE;
    return 0;
}

static int nf_answering(const tb_scenario *sc, const tb_state *s)
{
    (void)sc;
    for (int i = 0; i < s->b.nunits; i++)
        if (s->sys[NS_CHARGED + i])
            return 1 - gr_battle_active_side(&s->b);
    return -1;
}

/* The phasing unit u has moved: into contact in the maneuver's move, it
 * charges, and each unit it reaches that may answer does so first. */
static void nf_moved(const tb_scenario *sc, tb_state *s, int u)
{
    (void)sc;
    s->sys[NS_FLAGS + u] &= ~(NSF_MAY_FC | NSF_FC_ONLY);
    if (phase_is(&s->b, "reaction"))
        s->sys[NS_FLAGS + u] |= NSF_REACTED; /* frees his cavalry division officer */
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu || !strstr(s->b.rules->phases[s->b.phase].id, "maneuver_2_move") ||
        s->b.units[u].side != gr_battle_active_side(&s->b))
        return;
    for (int i = 0; i < s->t.nunits; i++) {
        const tt_unit *e = &s->t.units[i];
        if (e->side != tu->side && tt_in_contact(&s->t, tu, e) && answer_kind(s, e->id, u))
            s->sys[NS_CHARGED + e->id] = u + 1;
    }
}

/* ---- the decisions of each step ------------------------------------------------- */

static void push_if(const tb_scenario *sc, const tb_state *s, gr_action x, gr_action *out, int cap,
                    int *n)
{
    gr_bt_action a;
    if (nf_call_of(sc, s, x, &a) && tb_allowed(&s->b, &a))
        tb_push(out, cap, n, x);
}

static int nf_actions(const tb_scenario *sc, const tb_state *s, gr_action *out, int cap)
{
    const gr_battle *b = &s->b;
    int n = 0, side = gr_battle_active_side(b);
    if (nf_answering(sc, s) >= 0) {
        for (int i = 0; i < b->nunits; i++) {
            int c = s->sys[NS_CHARGED + i] - 1;
            if (c < 0)
                continue;
            push_if(sc, s, tb_act(answer_kind(s, i, c), i, c, 0), out, cap, &n);
            tb_push(out, cap, &n, tb_act(K_DECLINE, i, c, 0));
        }
        return n < cap ? n : cap;
    }
    if (phase_is(b, "maneuver_1_leaders")) {
        for (int l = 0; l < b->nleaders; l++) {
            const gr_bt_leader *x = &b->leaders[l];
            tt_pt p;
            if (x->side != side || s->x.leader_acted[l] || !tb_leader_pos(s, l, &p))
                continue;
            if (x->attached >= 0) {
                push_if(sc, s, tb_act(K_DETACH, -1, l, 0), out, cap, &n);
                continue;
            }
            for (int i = 0; i < s->t.nunits; i++) {
                const tt_unit *u = &s->t.units[i];
                if (u->side == side && b->units[u->id].arm != GR_BT_ARTILLERY &&
                    tt_within_radius(u, p, leader_range(b, l, u->id)))
                    push_if(sc, s, tb_act(K_ATTACH, u->id, l, 0), out, cap, &n);
            }
        }
    } else if (phase_is(b, "maneuver_2_move")) {
        for (int i = 0; i < s->t.nunits; i++)
            if (s->t.units[i].side == side)
                push_if(sc, s, tb_act(K_MOVEMENT, s->t.units[i].id, -1, 0), out, cap, &n);
    } else if (phase_is(b, "maneuver_3_leaders")) {
        for (int l = 0; l < b->nleaders; l++)
            if (b->leaders[l].side == side)
                push_if(sc, s, tb_act(K_REPLACE, -1, l, 0), out, cap, &n);
    } else if (phase_is(b, "reaction")) {
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            if (u->side != side || b->units[u->id].arm != GR_BT_CAVALRY)
                continue;
            push_if(sc, s, tb_act(K_REACT, u->id, -1, 0), out, cap, &n);
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *c = &s->t.units[j];
                if (c->side != side && b->units[c->id].arm == GR_BT_CAVALRY &&
                    tt_in_contact(&s->t, u, c))
                    push_if(sc, s, tb_act(K_REACT, u->id, c->id, 0), out, cap, &n);
            }
        }
    } else if (phase_is(b, "fire_")) {
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            const gr_bt_unit *bu = &b->units[u->id];
            int64_t reach = nf_fire_range(bu);
            if (u->side != side || bu->removed || bu->fired || reach <= 0)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side != side && tt_can_fire(&s->t, u, t, reach, nf_arc_of(bu)))
                    push_if(sc, s, tb_act(K_FIRE, u->id, t->id, 0), out, cap, &n);
            }
        }
    } else if (phase_is(b, "melee")) {
        for (int i = 0; i < s->t.nunits; i++) {
            const tt_unit *u = &s->t.units[i];
            if (u->side != side || b->units[u->id].arm == GR_BT_ARTILLERY)
                continue;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side != side && tt_in_contact(&s->t, u, t))
                    push_if(sc, s, tb_act(K_COMBAT, u->id, t->id, 0), out, cap, &n);
            }
        }
    }
    tb_push(out, cap, &n, tb_act(K_NEXT, -1, -1, 0));
    return n < cap ? n : cap;
}

/* ---- steps ------------------------------------------------------------------------ */

/* `next`: the companion's next step; a segment's end takes the objectives;
 * a segment's start clears what lasts a segment and brings the arrivals. */
static void nf_next(const tb_scenario *sc, tb_state *s)
{
    int was_melee = phase_is(&s->b, "melee");
    gr_bt_action a;
    tb_call_init(&a, "next", -1, -1);
    gr_battle_do(&s->b, &a, NULL, NULL);
    if (was_melee)
        tb_take_objectives(sc, s);
    if (s->b.turn > sc->turns) {
        s->b.turn = sc->turns; /* the battle ends with its last turn */
        tb_end_of_battle(sc, s);
        return;
    }
    if (phase_is(&s->b, "maneuver_1_leaders")) {
        for (int i = 0; i < GR_BT_MAX_UNITS; i++) {
            s->sys[NS_FLAGS + i] = 0;
            s->sys[NS_CHARGED + i] = 0;
        }
        tb_segment_start(sc, s);
    }
    tb_after_step(sc, s);
}

/* 1: leader l is the division officer (the first `division` leader up the
 * chain) of a unit that made its reaction move in this phase: « Cavalry
 * Division officers may make a move if any of their units move during
 * this phase » (only cavalry reacts). */
static int division_freed(const tb_state *s, int l)
{
    for (int i = 0; i < s->b.nunits; i++)
        if ((s->sys[NS_FLAGS + i] & NSF_REACTED) && chain_role(&s->b, i, "division") == l)
            return 1;
    return 0;
}

/* « 3. Move detached leaders »: once a segment, in a straight line, at most
 * the charts' « Leaders 18" », to a point of the table; in the reaction
 * phase, a cavalry division officer once one of his units has moved
 * (division_freed), the same move. */
static gr_status general_move(tb_state *s, gr_action act, gr_error *err)
{
    static const tb_leader_words words = {"leader", "his brigade", "segment",
                                          "the movement charts' « Leaders » allowance"};
    const gr_battle *b = &s->b;
    int l = tb_act_target(act);
    const gr_bt_leader *x = &b->leaders[l];
    if (phase_is(b, "reaction") && !division_freed(s, l))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s: in the reaction phase « Cavalry Division officers may make a "
                            "move if any of their units move during this phase »: none of his "
                            "units has moved",
                            x->id);
    if (!phase_is(b, "maneuver_3_leaders") && !phase_is(b, "reaction"))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s: detached leaders move in « 3. Move detached leaders, replace "
                            "fallen leaders » of their side's maneuver phase (a cavalry "
                            "division officer also in the reaction phase, once one of his "
                            "units has moved)",
                            x->id);
    if (x->side != gr_battle_active_side(b))
        return gr_error_set(err, GR_EILLEGAL, "%s is of the %s: not their maneuver phase", x->id,
                            b->side_name[x->side]);
    return tb_leader_move(s, l, tb_act_point(act), leader_mv(), &words, err);
}

static gr_status nf_step(const tb_scenario *sc, tb_state *s, gr_action act, gr_bt_outcome *keep,
                         gr_error *err)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    const gr_battle *b = &s->b;
    if (nf_answering(sc, s) >= 0 || k == K_EFC || k == K_EVADE || k == K_DECLINE) {
        if ((k != K_EFC && k != K_EVADE && k != K_DECLINE) || s->sys[NS_CHARGED + u] != t + 1)
            return gr_error_set(err, GR_EILLEGAL,
                                "a charge waits for the %s's answer: `emergency_fc UNIT --target "
                                "C`, `evasion UNIT --target C` or `no_test UNIT --target C`",
                                b->side_name[1 - gr_battle_active_side(b)]);
        if (k == K_DECLINE) {
            s->sys[NS_CHARGED + u] = 0;
            tb_after_step(sc, s);
            return GR_OK;
        }
        if (answer_kind(s, u, t) != k)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s cannot %s: the emergency formation change is infantry's "
                                "charged by cavalry, the evasion cavalry's and artillery's",
                                b->units[u].id, k == K_EFC ? "change formation" : "evade");
        gr_bt_action a;
        nf_call_of(sc, s, act, &a);
        return tb_start_test(sc, s, &a, keep, err);
    }
    if (k == K_NEXT) {
        nf_next(sc, s);
        return GR_OK;
    }
    if (k == K_GENERAL)
        return general_move(s, act, err);
    gr_bt_action a;
    if (!nf_call_of(sc, s, act, &a))
        return gr_error_set(err, GR_EINPUT, "not an action of Napoleonic Fury's table");
    if (k == K_ATTACH || k == K_DETACH || k == K_REPLACE) {
        if (k != K_REPLACE && s->x.leader_acted[t])
            return gr_error_set(err, GR_EILLEGAL, "%s has attached or detached this segment",
                                b->leaders[t].id);
        if (k == K_ATTACH) {
            tt_pt p;
            const tt_unit *tu = tb_on_table_c(&s->t, u);
            if (!tu || !tb_leader_pos(s, t, &p) || !tt_within_radius(tu, p, leader_range(b, t, u)))
                return gr_error_set(err, GR_EILLEGAL,
                                    "%s is not within %s's command range: an officer attaches "
                                    "to a brigade within it",
                                    b->units[u].id, b->leaders[t].id);
        }
        gr_status st = gr_battle_do(&s->b, &a, NULL, err);
        if (st != GR_OK)
            return st;
        if (k != K_REPLACE)
            s->x.leader_acted[t] = 1;
        tb_after_step(sc, s);
        return GR_OK;
    }
    const tt_unit *fu = tb_on_table_c(&s->t, u), *tu = t >= 0 ? tb_on_table_c(&s->t, t) : NULL;
    if (!fu || (t >= 0 && !tu))
        return gr_error_set(err, GR_EILLEGAL, "a unit named is not on the table");
    if (k == K_FIRE) {
        const gr_bt_unit *bu = &b->units[u];
        if (!tt_can_fire(&s->t, fu, tu, nf_fire_range(bu), nf_arc_of(bu)))
            return gr_error_set(err, GR_EILLEGAL,
                                "%s cannot fire at %s: out of range, arc or sight on the table",
                                bu->id, b->units[t].id);
    }
    if ((k == K_COMBAT || (k == K_REACT && t >= 0)) && !tt_in_contact(&s->t, fu, tu))
        return gr_error_set(err, GR_EILLEGAL, "%s is not in contact with %s", b->units[u].id,
                            b->units[t].id);
    return tb_start_test(sc, s, &a, keep, err);
}

/* ---- results carried out on the table -------------------------------------------- */

static const char *outcome_id(const gr_step *st)
{
    return st->table && st->cell.outcome >= 0 && (size_t)st->cell.outcome < st->table->noutcomes
               ? st->table->outcomes[st->cell.outcome].id
               : "";
}

static int64_t value_of(const gr_resolution *r, const char *key, int *found)
{
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, key)) {
            *found = 1;
            return r->values[i].i;
        }
    *found = 0;
    return 0;
}

/* A retreat's length for unit ui: 3" and 9" as printed, « a full move »
 * its MV in its formation, « a half move » half of it. */
static int64_t retreat_length(const tb_state *s, int ui, const gr_effect *e)
{
    const gr_bt_unit *bu = &s->b.units[ui];
    int64_t mv = nf_mv(&s->b, bu, bu->formation);
    switch ((gr_fx_retreat)e->retreat) {
    case GR_RETREAT_DISTANCE: return (int64_t)e->distance * TT_UNITS_PER_INCH;
    case GR_RETREAT_FULL_MOVE: return mv;
    case GR_RETREAT_HALF_MOVE: return mv / 2;
    default: return 0;
    }
}

static void nf_after_test(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                          const gr_bt_outcome *out, const tb_before *bf)
{
    (void)sc;
    const char *verb = a->call.verb;
    int melee = !strcmp(verb, "melee"), fire = !strcmp(verb, "fire");
    int target = melee || fire ? a->call.target : a->call.unit;
    int attacker = melee || fire ? a->call.unit : a->call.target;
    /* the depth of the ground the defender holds, before its result (what
     * « attackers carry position » advances into) */
    const tt_unit *dfd = melee ? tb_on_table_c(&s->t, a->call.target) : NULL;
    int64_t held = dfd ? tb_depth_of(&s->t, dfd) : 0;
    int form_before = -1;
    if (a->call.unit >= 0 && !strcmp(verb, "emergency_fc"))
        form_before = strcmp(s->b.units[a->call.unit].formation, bf->formation[a->call.unit]);
    tb_follow_battle(s, bf);
    if (form_before > 0)
        s->sys[NS_FLAGS + a->call.unit] |= NSF_CHANGED;
    if (!strcmp(verb, "emergency_fc") || !strcmp(verb, "evasion"))
        s->sys[NS_CHARGED + a->call.unit] = 0;
    const gr_resolution *r = &out->res;
    int brk = 0;
    for (int k = 0; out->resolved && k < r->nsteps; k++) {
        const gr_effects *fx = tb_step_effects(&r->steps[k]);
        for (size_t i = 0; fx && i < fx->n; i++) {
            const gr_effect *e = &fx->lines[i];
            int who[2] = {-1, -1};
            if (e->who == GR_FX_TARGET || e->who == GR_FX_EACH)
                who[0] = target;
            if (e->who == GR_FX_ATTACKER || e->who == GR_FX_EACH)
                who[1] = attacker;
            if (melee && e->who == GR_FX_ATTACKER) {
                if (e->position == GR_POS_BREAKTHROUGH)
                    brk = 1;
                else if (e->position == GR_POS_CARRIES_OR_BREAKTHROUGH)
                    brk = 2;
                else if (e->position == GR_POS_CARRIES && !brk &&
                         gr_bt_arm_hit(e->arm, &s->b.units[attacker]))
                    brk = 3;
            }
            for (int w = 0; w < 2; w++) {
                int ui = who[w];
                if (ui < 0 || s->b.units[ui].removed || !gr_bt_arm_hit(e->arm, &s->b.units[ui]))
                    continue;
                if (e->retreat && (e->when == GR_FX_ALWAYS || e->when == GR_FX_IF_LEADER))
                    tb_retreat(s, ui, retreat_length(s, ui, e));
            }
        }
    }
    /* evaded: the evader moves away a full move (docs/rules/nf.md) */
    if (!strcmp(verb, "evasion") && r->nsteps > 0 && !strcmp(outcome_id(&r->steps[0]), "evades") &&
        !s->b.units[a->call.unit].removed) {
        const gr_bt_unit *bu = &s->b.units[a->call.unit];
        tb_retreat(s, a->call.unit, nf_mv(&s->b, bu, bu->formation));
    }
    /* a maneuver, a disorder test or a reaction that gives a move */
    if (!strcmp(verb, "maneuver") || !strcmp(verb, "disorder") || !strcmp(verb, "react")) {
        int found, rf;
        int64_t allow = value_of(r, "allowance_inches", &found);
        int64_t reacts = value_of(r, "reacts", &rf);
        const char *id = r->nsteps > 0 ? outcome_id(&r->steps[0]) : "";
        int may_fc = !strcmp(verb, "maneuver") &&
                     (!strcmp(id, "hold_ground_may_fc") || !strcmp(id, "half_move_or_fc") ||
                      !strcmp(id, "two_thirds_move_and_fc"));
        int u = a->call.unit;
        if (!strcmp(verb, "react") && (!rf || !reacts || a->call.target >= 0))
            found = 0; /* no reaction, or a countercharge: fought in the melee phase */
        if (may_fc) {
            s->sys[NS_FLAGS + u] |= NSF_MAY_FC;
            if (!found || allow <= 0) {
                tt_mover mv;
                nf_mover(s, u, 0, &mv);
                allow = mv.formation_cost;
                found = 1;
                s->sys[NS_FLAGS + u] |= NSF_FC_ONLY;
            }
        }
        if (found && allow > 0 && tb_on_table(&s->t, u) && !s->b.units[u].removed) {
            s->x.mv_unit = u;
            s->x.mv_allow = allow;
        } else {
            s->sys[NS_FLAGS + u] &= ~(NSF_MAY_FC | NSF_FC_ONLY);
        }
        return;
    }
    if (!melee || attacker < 0 || s->b.units[attacker].removed)
        return;
    /* « must continue to charge 1/2 move toward the nearest enemy », « may
     * continue to charge ... », « attackers carry position » */
    const tt_unit *au = tb_on_table_c(&s->t, attacker);
    const tt_unit *en = au ? tt_nearest_enemy(&s->t, au) : NULL;
    const gr_bt_unit *ba = &s->b.units[attacker];
    if (en && (brk == 1 || brk == 2)) {
        s->x.mv_unit = attacker;
        s->x.mv_allow = nf_mv(&s->b, ba, ba->formation) / 2;
        s->x.mv_break = brk;
        s->x.mv_toward = en->id;
    } else if (au && brk == 3 && held > 0) {
        s->x.mv_unit = attacker;
        s->x.mv_allow = held;
        s->x.mv_break = 3;
        s->x.mv_toward = a->call.target;
    }
}

/* ---- words ------------------------------------------------------------------------ */

static void nf_move_words(const tb_state *s, int u, int brk, int64_t allow, char *buf, size_t cap)
{
    (void)s;
    (void)u;
    char in[24];
    gr_milli_str(allow, in, sizeof in);
    if (brk == 1)
        snprintf(buf, cap,
                 "breakthrough: it « must continue to charge 1/2 move toward the nearest "
                 "enemy » (%s\")",
                 in);
    else if (brk == 2)
        snprintf(buf, cap,
                 "« Attackers carry position or may continue to charge 1/2 move toward the "
                 "nearest enemy unit » (%s\")",
                 in);
    else if (brk == 3)
        snprintf(buf, cap, "« Attackers carry position »: straight ahead up to %s\"", in);
    else
        snprintf(buf, cap, "a move of %s\", as its test's result gives it", in);
}

static int tb_nf_describe(const tb_state *s, gr_action act, char *buf, size_t cap)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    const char *uid = u >= 0 && u < s->b.nunits ? s->b.units[u].id : "?";
    const char *tid = t >= 0 && t < s->b.nunits ? s->b.units[t].id : "?";
    switch (k) {
    case K_MOVEMENT:
        return snprintf(
            buf, cap, "%s %s",
            u >= 0 && u < s->b.nunits && s->b.units[u].disordered ? "disorder" : "maneuver", uid);
    case K_REACT:
        return t >= 0 ? snprintf(buf, cap, "react %s --target %s", uid, tid)
                      : snprintf(buf, cap, "react %s", uid);
    case K_EFC: return snprintf(buf, cap, "emergency_fc %s --target %s", uid, tid);
    case K_EVADE: return snprintf(buf, cap, "evasion %s --target %s", uid, tid);
    case K_DECLINE: return snprintf(buf, cap, "no_test %s --target %s", uid, tid);
    case K_COMBAT: return snprintf(buf, cap, "melee %s --target %s", uid, tid);
    case K_REPLACE:
        return snprintf(buf, cap, "replace --leader %s",
                        t >= 0 && t < s->b.nleaders ? s->b.leaders[t].id : "?");
    default: return -1;
    }
}

/* The verb of each kind in an action's JSON: the page's verbs where the meaning
 * is the same (a move's test, a charge in contact), web/js/table.js words
 * them; the command's own words are tb_nf_describe's. */
static const char *const nf_kind_words[K_COUNT] = {
    [K_DIE] = "die",         [K_NEXT] = "next",       [K_MOVEMENT] = "movement",
    [K_MOVE] = "move",       [K_POSE] = "pose",       [K_FIRE] = "fire",
    [K_COMBAT] = "combat",   [K_ATTACH] = "attach",   [K_DETACH] = "detach",
    [K_GENERAL] = "general", [K_REACT] = "react",     [K_EFC] = "emergency_fc",
    [K_EVADE] = "evasion",   [K_DECLINE] = "no_test", [K_REPLACE] = "replace",
};
static const char *const nf_kind_said_en[K_COUNT] = {
    [K_DIE] = "die",
    [K_NEXT] = "next step",
    [K_MOVEMENT] = "maneuver test",
    [K_MOVE] = "move",
    [K_POSE] = "placed",
    [K_FIRE] = "fire",
    [K_COMBAT] = "melee",
    [K_ATTACH] = "attach",
    [K_DETACH] = "detach",
    [K_GENERAL] = "leader",
    [K_REACT] = "cavalry reaction",
    [K_EFC] = "emergency formation change",
    [K_EVADE] = "evasion",
    [K_DECLINE] = "no test against the charge",
    [K_REPLACE] = "replacement officer",
};
static const char *const nf_kind_said_fr[K_COUNT] = {
    [K_DIE] = "dé",
    [K_NEXT] = "étape suivante",
    [K_MOVEMENT] = "test de manœuvre",
    [K_MOVE] = "mouvement",
    [K_POSE] = "placé",
    [K_FIRE] = "tir",
    [K_COMBAT] = "mêlée",
    [K_ATTACH] = "se joint",
    [K_DETACH] = "quitte",
    [K_GENERAL] = "chef",
    [K_REACT] = "réaction de cavalerie",
    [K_EFC] = "changement de formation d'urgence",
    [K_EVADE] = "évasion",
    [K_DECLINE] = "pas de test contre la charge",
    [K_REPLACE] = "officier de remplacement",
};

static void nf_unit_json(const tb_state *s, int unit, const tt_unit *u, json_t *o)
{
    (void)u;
    static const char *const cond[] = {"fresh", "worn", "spent"};
    const gr_bt_unit *bu = &s->b.units[unit];
    if ((unsigned)bu->condition < 3)
        json_object_set_new(o, "condition", json_string(cond[bu->condition]));
}

static int nf_unit_notes(const tb_state *s, int unit, const tt_unit *u, char *buf, size_t cap)
{
    (void)u;
    static const char *const cond[] = {"fresh", "worn", "spent"};
    static const char *const guns[] = {"",          ", suppressed", ", silenced", ", damaged",
                                       ", wrecked", ", destroyed",  ", captured"};
    const gr_bt_unit *bu = &s->b.units[unit];
    return snprintf(
        buf, cap, "%s%s%s",
        bu->arm == GR_BT_ARTILLERY || (unsigned)bu->condition >= 3 ? "battery"
                                                                   : cond[bu->condition],
        bu->disordered ? ", disordered" : "", (unsigned)bu->guns < 7 ? guns[bu->guns] : "");
}

/* ---- the battle file's words ------------------------------------------------------ */

/* nf's formation words (docs/rules/nf.md, "Unit ids") and how the table
 * lays them out. */
static const tb_formation_word nf_formations[] = {
    {"line", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_LINE},
    {"column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_COLUMN},
    {"march_column", 1u << GR_BT_INFANTRY | 1u << GR_BT_CAVALRY, TT_MARCH},
    {"square", 1u << GR_BT_INFANTRY, TT_SQUARE},
    {"unlimbered", 1u << GR_BT_ARTILLERY, TT_BATTERY},
    {"limbered", 1u << GR_BT_ARTILLERY, TT_LIMBERED},
};

/* The file's `cover` of an area when it gives none (shown in the view; nf's
 * tests read the kind of ground, cover_word): light 1, heavy 2. */
static int nf_default_cover(const tt_table *t, tt_kind k)
{
    tt_cover c = t->kinds[k].cover;
    return c == TT_COVER_HEAVY ? 2 : c == TT_COVER_LIGHT ? 1 : 0;
}

static int32_t nf_judge(const tb_scenario *sc, const tb_state *s, int player, int ahead)
{
    return tb_judge_common(sc, s, player, ahead);
}

const tb_join tb_join_nf = {
    .system = "nf",
    .type = "nf-table",
    .name = "Napoleonic Fury",
    .game = &tb_game_nf_table,
    .table_system = TT_NF,
    .formations = nf_formations,
    .nformations = (int)(sizeof nf_formations / sizeof nf_formations[0]),
    .default_cover = nf_default_cover,
    .nchanges = 1,
    .nbattery = 0,
    .fire_arc = {1, 1}, /* TT_ARC_45; artillery's by arc_of */
    .fire_range = nf_fire_range,
    .mover = nf_mover,
    .init = NULL,
    .answering = nf_answering,
    .actions = nf_actions,
    .call_of = nf_call_of,
    .step = nf_step,
    .after_test = nf_after_test,
    .moved = nf_moved,
    .after_step = NULL,
    .move_ok = nf_move_ok,
    .hold_listed = nf_hold_listed,
    .move_refused = nf_move_refused,
    .describe = tb_nf_describe,
    .action_json = NULL,
    .kind_words = nf_kind_words,
    .kind_said = {nf_kind_said_en, nf_kind_said_fr},
    .unit_json = nf_unit_json,
    .unit_notes = nf_unit_notes,
    .judge = nf_judge,
    .arc_of = nf_arc_of,
    .set_formation = nf_set_formation,
    .fire_bands = nf_fire_bands,
    .move_words = nf_move_words,
};
