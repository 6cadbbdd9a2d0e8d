/* re_engine.c - Révolution et Empire (seed 004): the game state, the turn
 * sequence, the legal actions, the chance nodes and every rule.
 *
 * The flow is a small state machine (re_stage).  After every action the
 * state is "settled": stages with nothing to decide are passed (a phase
 * whose only action would be to end it, a group choice with one group, a
 * blocked retreat), so that the player to move always has a real choice.
 * The readings of the seed are written in docs/rules/re.md, "Engine
 * rules"; the comments below cite them by name. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "grognard/hash.h"
#include "grognard/re_rules.h"
#include "grognard/re_terrain.h"
#include "re_engine_internal.h"

#define IDX(col, row) ((row)*RE_MAX_COLS + (col))

/* Every public function that reads the terrain plays on the scenario as
 * its terrain stands on the state's turn (rules.terrain_changes; sc
 * itself for a scenario without changes, else a copy whose tables are
 * patched where the terrain changed): sc is replaced by it. */
#define AT_TURN(sc, turn)                                                                          \
    re_scenario at_turn_buf_;                                                                      \
    (sc) = re_tables_at_turn((sc), (turn), &at_turn_buf_)

/* ---- small helpers --------------------------------------------------- */

/* Sets of hexes as bits: hex IDX(col, row) is bit i % 64 of word i / 64. */
#define HEXES       (RE_MAX_ROWS * RE_MAX_COLS)
#define HEX_WORDS   (HEXES / 64)
#define HAS(set, i) ((set)[(i) >> 6] >> ((i)&63) & 1u)
#define ADD(set, i) ((set)[(i) >> 6] |= (uint64_t)1 << ((i)&63))
_Static_assert(HEXES % 64 == 0, "a map's hexes fill whole words");

typedef struct emit {
    re_action *out;
    int cap;
    int n;
    const re_action *match; /* if set: only look for this action */
    int found;
    int pick;                              /* if >= 0: store only the pick-th action into out[0] */
    void (*visit)(void *ctx, re_action a); /* if set: called with each action */
    void *ctx;
    int any; /* if set: whether there is an action at all; the generators stop at the first */
    gr_action *packed; /* if set (with cap): the actions packed (re_action_pack) into it */
} emit;

/* An emitter asking only whether there is an action has its answer: the
 * generators that the stages' settling asks (chits, fire, combat) stop
 * looking.  Whatever they would push after it changes nothing of n > 0. */
static int emit_done(const emit *e)
{
    return e->any && e->n > 0;
}

/* An emitter looking for one action (re_is_legal, re_apply) needs from a
 * generator only the actions of that action's kind and unit: the
 * generators of moves, fire and combat skip every other unit.  (Its count
 * n is then not the number of legal actions.) */
static int emit_skips(const emit *e, int kind_a, int kind_b, int u)
{
    return e->match &&
           ((e->match->kind != kind_a && e->match->kind != kind_b) || e->match->unit != u);
}

static re_action mk(int kind, int unit, int target, int col, int row, int col2, int row2)
{
    re_action a = {0};
    a.kind = (uint8_t)kind;
    a.unit = (uint8_t)unit;
    a.target = (uint8_t)target;
    a.col = (int8_t)col;
    a.row = (int8_t)row;
    a.col2 = (int8_t)col2;
    a.row2 = (int8_t)row2;
    return a;
}

static re_action mk0(int kind, int unit)
{
    return mk(kind, unit, RE_NO_UNIT, -1, -1, -1, -1);
}

static int act_eq(re_action a, re_action b)
{
    return a.kind == b.kind && a.unit == b.unit && a.target == b.target && a.col == b.col &&
           a.row == b.row && a.col2 == b.col2 && a.row2 == b.row2;
}

static void push(emit *e, re_action a)
{
    if (e->packed) {
        if (e->n < e->cap)
            e->packed[e->n] = re_action_pack(a);
    } else if (e->visit) {
        e->visit(e->ctx, a);
    } else if (e->match) {
        if (act_eq(a, *e->match))
            e->found = 1;
    } else if (e->pick >= 0) {
        if (e->n == e->pick && e->out)
            e->out[0] = a;
    } else if (e->n < e->cap && e->out) {
        e->out[e->n] = a;
    }
    e->n++;
}

static emit emit_none(void)
{
    emit e = {NULL, 0, 0, NULL, 0, -1, NULL, NULL, 0, NULL};
    return e;
}

/* On the map: neither destroyed nor a reinforcement still to enter. */
static int u_alive(const re_state *st, int u)
{
    return st->units[u].figures > 0 && st->units[u].col >= 0;
}
static int u_type(const re_scenario *sc, int u)
{
    return sc->units[u].type;
}
static int u_side(const re_scenario *sc, int u)
{
    return sc->units[u].side;
}
static gr_hex u_hex(const re_state *st, int u)
{
    return gr_hex_from_offset(st->units[u].col, st->units[u].row);
}
static int is_inf(int t)
{
    return t == RE_INFANTRY || t == RE_ELITE_INFANTRY;
}
static int is_cav(int t)
{
    return t == RE_LIGHT_CAVALRY || t == RE_HEAVY_CAVALRY;
}
static int on_map(const re_scenario *sc, gr_hex h)
{
    return re_map_at(sc, h) != NULL;
}
static void off(gr_hex h, int *col, int *row)
{
    gr_hex_to_offset(h, col, row);
}

static int unit_at_hex(const re_scenario *sc, const re_state *st, gr_hex h)
{
    for (int u = 0; u < sc->nunits; u++)
        if (u_alive(st, u) && gr_hex_eq(u_hex(st, u), h))
            return u;
    return -1;
}

/* A unit on the map stands on hex (col, row): unit_at_hex's answer, read
 * from the offset coordinates. */
static int hex_taken(const re_scenario *sc, const re_state *st, int col, int row)
{
    for (int u = 0; u < sc->nunits; u++)
        if (st->units[u].col == col && st->units[u].row == row && u_alive(st, u))
            return 1;
    return 0;
}

int re_unit_at(const re_scenario *sc, const re_state *st, int col, int row)
{
    return unit_at_hex(sc, st, gr_hex_from_offset(col, row));
}

static void occ_grid(const re_scenario *sc, const re_state *st, uint8_t *grid)
{
    memset(grid, 0, RE_MAX_ROWS * RE_MAX_COLS);
    for (int u = 0; u < sc->nunits; u++)
        if (u_alive(st, u))
            grid[IDX(st->units[u].col, st->units[u].row)] = (uint8_t)(u + 1);
}

static int adjacent(const re_state *st, int a, int b)
{
    /* neighbours in offset coordinates are at most a column and a row
     * apart: most pairs are told apart without the distance */
    int dc = st->units[a].col - st->units[b].col, dr = st->units[a].row - st->units[b].row;
    if (dc < -1 || dc > 1 || dr < -1 || dr > 1)
        return 0;
    return gr_hex_distance(u_hex(st, a), u_hex(st, b)) == 1;
}

/* The units of corps c (-1 or RE_NO_UNIT: every unit) in id order, *n of
 * them: the scenario's list (re_tables_corps_units), else listed into
 * buf. */
static const uint8_t *corps_units(const re_scenario *sc, int c, uint8_t *buf, int *n)
{
    const uint8_t *us = c >= 0 && c != RE_NO_UNIT ? re_tables_corps_units(sc, c, n) : NULL;
    if (us)
        return us;
    *n = 0;
    for (int u = 0; u < sc->nunits && u < RE_MAX_UNITS; u++)
        if (c < 0 || c == RE_NO_UNIT || sc->units[u].corps == c)
            buf[(*n)++] = (uint8_t)u;
    return buf;
}

/* The units of side `side` in id order, *n of them: the scenario's list
 * (re_tables_side_units), else listed into buf. */
static const uint8_t *side_units(const re_scenario *sc, int side, uint8_t *buf, int *n)
{
    const uint8_t *us = re_tables_side_units(sc, side, n);
    if (us)
        return us;
    *n = 0;
    for (int u = 0; u < sc->nunits && u < RE_MAX_UNITS; u++)
        if (sc->units[u].side == side)
            buf[(*n)++] = (uint8_t)u;
    return buf;
}

/* The units that may be active (RE_UF_ACTIVE), in id order, *n of them:
 * those of the corps in activation, as activate_in marks no other (every
 * unit when none is). */
static const uint8_t *active_units(const re_scenario *sc, const re_state *st, uint8_t *buf, int *n)
{
    return corps_units(sc, st->corps, buf, n);
}

/* ---- events (grognard/re.h, RE_EV_*) ------------------------------------ */

/* A new event of `kind` citing `rule`, naming units (or corps, sides) u0
 * and u1 (-1: none), with vals v0 and v1; NULL if there is no log or it is
 * full (the helpers below accept NULL). */
static gr_event *note(gr_log *log, int kind, const char *rule, int u0, int u1, int v0, int v1)
{
    gr_event *e = gr_log_add(log, kind, rule);
    if (e) {
        if (u0 >= 0)
            e->units[0] = (uint8_t)u0;
        if (u1 >= 0)
            e->units[1] = (uint8_t)u1;
        e->vals[0] = v0;
        e->vals[1] = v1;
    }
    return e;
}

static void note_hex(gr_event *e, int i, int col, int row)
{
    if (e) {
        e->hexes[i][0] = (int8_t)col;
        e->hexes[i][1] = (int8_t)row;
    }
}

static void note_vals(gr_event *e, int v2, int v3)
{
    if (e) {
        e->vals[2] = v2;
        e->vals[3] = v3;
    }
}

/* A terrain malus as an id: its row * 2 + 0 (the row's protection) or + 1
 * (its attack malus), -1 if its words are no row's. */
static int terrain_mod_id(const re_dice_mod *m)
{
    for (int i = 0; i < RE_TR_ROWS; i++) {
        const re_terrain_row *r = re_terrain_row_at(i);
        if (r && r->protection_text && m->reason == r->protection_text)
            return 2 * i;
        if (r && r->attack_text && m->reason == r->attack_text)
            return 2 * i + 1;
    }
    return -1;
}

static void note_terrain(gr_log *log, const re_dice_mod *mods, int nm)
{
    for (int i = 0; i < nm; i++)
        note_vals(note(log, RE_EV_DICE_MOD, RE_P_TERRAIN, -1, -1, RE_EVM_TERRAIN, mods[i].dice),
                  mods[i].applied, terrain_mod_id(&mods[i]));
}

/* ---- demoralisation and victory (§6, But du jeu) ---------------------- */

static int units_lost(const re_scenario *sc, const re_state *st, int side)
{
    uint8_t buf[RE_MAX_UNITS];
    int k, n = 0;
    const uint8_t *us = side_units(sc, side, buf, &k);
    for (int i = 0; i < k; i++)
        if (st->units[us[i]].figures == 0)
            n++;
    return n;
}

int re_destroyed_by(const re_scenario *sc, const re_state *st, int side)
{
    return units_lost(sc, st, 1 - side);
}

/* The unit standing on each objective's hex (on[i], the first in id
 * order as unit_at_hex finds it), or -1: one pass over the units, each
 * tested against the objectives only if its hex holds one. */
static void objective_units(const re_scenario *sc, const re_state *st, int *on)
{
    uint64_t hexes[HEX_WORDS] = {0};
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        on[i] = -1;
        if (o->col >= 0 && o->col < RE_MAX_COLS && o->row >= 0 && o->row < RE_MAX_ROWS)
            ADD(hexes, IDX(o->col, o->row)); /* else no unit can stand there */
    }
    for (int u = 0; u < sc->nunits; u++) {
        if (!u_alive(st, u) || !HAS(hexes, IDX(st->units[u].col, st->units[u].row)))
            continue;
        for (int i = 0; i < sc->nobjectives; i++)
            if (on[i] < 0 && sc->objectives[i].col == st->units[u].col &&
                sc->objectives[i].row == st->units[u].row)
                on[i] = u;
    }
}

void re_demoralisation_sides(const re_scenario *sc, const re_state *st, int *pts)
{
    /* "1 unité perdue = 1 point"; an objective is lost by its side while an
     * enemy holds it: the units lost and the first unit on each objective's
     * hex (objective_units), in one pass */
    uint64_t hexes[HEX_WORDS] = {0};
    int on[RE_MAX_OBJECTIVES];
    pts[0] = pts[1] = 0;
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        on[i] = -1;
        if (o->col >= 0 && o->col < RE_MAX_COLS && o->row >= 0 && o->row < RE_MAX_ROWS)
            ADD(hexes, IDX(o->col, o->row)); /* else no unit can stand there */
    }
    for (int u = 0; u < sc->nunits; u++) {
        if (st->units[u].figures == 0) {
            pts[u_side(sc, u) & 1]++;
            continue;
        }
        if (st->units[u].col < 0 || !HAS(hexes, IDX(st->units[u].col, st->units[u].row)))
            continue;
        for (int i = 0; i < sc->nobjectives; i++)
            if (on[i] < 0 && sc->objectives[i].col == st->units[u].col &&
                sc->objectives[i].row == st->units[u].row)
                on[i] = u;
    }
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        if (o->side < RE_SIDES && on[i] >= 0 && u_side(sc, on[i]) != o->side)
            pts[o->side] += o->points;
    }
}

int re_demoralisation(const re_scenario *sc, const re_state *st, int side)
{
    int pts[RE_SIDES];
    re_demoralisation_sides(sc, st, pts);
    return pts[side];
}

int re_is_demoralised(const re_scenario *sc, const re_state *st, int side)
{
    int at = sc->sides[side].demoralised_at;
    if (at <= 0)
        return 0;
    /* the units lost and every objective of the side lost still short of
     * the threshold: not demoralised, without looking for who holds the
     * objectives (the dice of every attack ask it) */
    int most = units_lost(sc, st, side);
    for (int i = 0; i < sc->nobjectives; i++)
        most += sc->objectives[i].side == side ? sc->objectives[i].points : 0;
    return most >= at && re_demoralisation(sc, st, side) >= at;
}

static int demo_malus(const re_scenario *sc, const re_state *st, int side)
{
    return re_is_demoralised(sc, st, side) ? re_dice_modifier[RE_DM_DEMORALISED].value : 0;
}

static void log_demo(const re_scenario *sc, const re_state *st, int side, gr_log *log)
{
    if (re_is_demoralised(sc, st, side))
        note_vals(note(log, RE_EV_DICE_MOD, RE_P_DEMO, side, -1, RE_EVM_DEMORALISED,
                       re_dice_modifier[RE_DM_DEMORALISED].value),
                  re_demoralisation(sc, st, side), sc->sides[side].demoralised_at);
}

/* The side has a unit on the map or a reinforcement still to come. */
static int side_alive(const re_scenario *sc, const re_state *st, int side)
{
    int n;
    const uint8_t *us = re_tables_side_units(sc, side, &n);
    if (us) {
        for (int i = 0; i < n; i++)
            if (st->units[us[i]].figures > 0)
                return 1;
        return 0;
    }
    for (int u = 0; u < sc->nunits; u++)
        if (u_side(sc, u) == side && st->units[u].figures > 0)
            return 1;
    return 0;
}

/* Who holds each objective: the side of the unit on it, else (its
 * owner's enemy never took it) its owner, the side that would lose its
 * points. */
static void objective_holders(const re_scenario *sc, const re_state *st, int *holder)
{
    objective_units(sc, st, holder);
    for (int i = 0; i < sc->nobjectives; i++)
        holder[i] = holder[i] >= 0 ? u_side(sc, holder[i]) : sc->objectives[i].side;
}

int re_objective_points(const re_scenario *sc, const re_state *st, int side)
{
    int n = 0, holder[RE_MAX_OBJECTIVES];
    objective_holders(sc, st, holder);
    for (int i = 0; i < sc->nobjectives; i++)
        if (holder[i] == side)
            n += sc->objectives[i].points;
    return n;
}

int re_victory_points(const re_scenario *sc, const re_state *st, int side)
{
    int n = 0, holder[RE_MAX_OBJECTIVES];
    for (int u = 0; u < sc->nunits; u++)
        if (u_side(sc, u) != side && st->units[u].figures == 0)
            n += sc->ext.unit_points[u] ? sc->ext.unit_points[u] : 1;
    objective_holders(sc, st, holder);
    for (int i = 0; i < sc->nobjectives; i++)
        if (sc->objectives[i].side != side && holder[i] == side)
            n += sc->objectives[i].points;
    return n;
}

/* The game ends; `forced`: the winner (sudden death), or -1 to apply the
 * scenario's victory rule. */
static void finish_as(const re_scenario *sc, re_state *st, int forced, gr_log *log)
{
    st->stage = RE_ST_OVER;
    int n0, n1, lower_wins = 0;
    const char *rule = RE_P_GOAL;
    switch (sc->victory) {
    case RE_VICTORY_DEMORALISATION:
        n0 = re_demoralisation(sc, st, 0), n1 = re_demoralisation(sc, st, 1);
        lower_wins = 1;
        break;
    case RE_VICTORY_OBJECTIVES:
        n0 = re_objective_points(sc, st, 0), n1 = re_objective_points(sc, st, 1);
        rule = RE_P_VICTORY;
        break;
    case RE_VICTORY_POINTS:
        n0 = re_victory_points(sc, st, 0), n1 = re_victory_points(sc, st, 1);
        rule = RE_P_VICTORY;
        break;
    default: n0 = re_destroyed_by(sc, st, 0), n1 = re_destroyed_by(sc, st, 1); break;
    }
    if (lower_wins)
        st->winner = (uint8_t)(n0 < n1 ? 0 : n1 < n0 ? 1 : 2);
    else
        st->winner = (uint8_t)(n0 > n1 ? 0 : n1 > n0 ? 1 : 2);
    if (forced >= 0) {
        st->winner = (uint8_t)forced;
        rule = RE_P_SUDDEN;
    }
    note_vals(note(log, RE_EV_GAME_OVER, rule, -1, -1, sc->victory, n0), n1, 0);
    note(log, RE_EV_WINNER, rule, st->winner == 2 ? -1 : st->winner, -1, 0, 0);
}

static void finish(const re_scenario *sc, re_state *st, gr_log *log)
{
    finish_as(sc, st, -1, log);
}

/* Sudden death (format 2): a side whose demoralisation points reach its
 * threshold loses at once (both at once: a draw).  1 if the game ended. */
static int sudden_death(const re_scenario *sc, re_state *st, gr_log *log)
{
    int hit[RE_SIDES] = {0, 0};
    for (int s = 0; s < RE_SIDES; s++) {
        int at = sc->ext.sudden_death[s];
        if (at && re_demoralisation(sc, st, s) >= at) {
            hit[s] = 1;
            note(log, RE_EV_SUDDEN_DEATH, RE_P_SUDDEN, s, -1, re_demoralisation(sc, st, s), at);
        }
    }
    if (!hit[0] && !hit[1])
        return 0;
    finish_as(sc, st, hit[0] && hit[1] ? 2 : hit[0] ? 1 : 0, log);
    return 1;
}

/* ---- losses ------------------------------------------------------------ */

static void destroy(const re_scenario *sc, re_state *st, int u, gr_log *log)
{
    re_combat_st *c = &st->combat;
    if (c->roll != RE_ROLL_NONE && u == c->target && c->hit == u) {
        c->vacated = 1;
        c->vcol = st->units[u].col;
        c->vrow = st->units[u].row;
    }
    st->units[u].figures = 0;
    st->units[u].skirmisher = 0;
    st->units[u].col = -1;
    st->units[u].row = -1;
    st->units[u].flags = 0;
    int s = u_side(sc, u);
    note(log, RE_EV_DESTROYED, RE_P_DEMO, u, s, re_demoralisation(sc, st, s),
         re_is_demoralised(sc, st, s));
}

/* One figure lost; the skirmisher is the second-to-last figure (§5). */
static void lose_figure(const re_scenario *sc, re_state *st, int u, int cause, gr_log *log)
{
    re_unit_st *us = &st->units[u];
    if (us->skirmisher && us->figures == 1) {
        us->skirmisher = 0;
        note(log, RE_EV_SKIRMISHER_LOST, RE_P_SKIRM5, u, -1, cause, 0);
        return;
    }
    us->figures--;
    note_vals(note(log, RE_EV_LOSS, RE_P_LOSS, u, -1, cause, us->figures), us->skirmisher, 0);
    if (us->figures == 0)
        destroy(sc, st, u, log);
}

/* ---- chits and activation (§1) ----------------------------------------- */

/* Corps c has a unit on the map. */
static int corps_on_map(const re_scenario *sc, const re_state *st, int c)
{
    uint8_t buf[RE_MAX_UNITS];
    int n;
    const uint8_t *us = corps_units(sc, c, buf, &n);
    for (int i = 0; i < n; i++)
        if (u_alive(st, us[i]))
            return 1;
    return 0;
}

static void gen_chits(const re_scenario *sc, const re_state *st, emit *e)
{
    int s = st->side;
    if (st->chosen[s] >= re_chits_per_turn(sc, s, st->turn))
        return;
    for (int c = 0; c < sc->ncorps; c++) {
        if (sc->corps[c].side != s || st->bowl[c] >= sc->corps[c].chits)
            continue;
        if (corps_on_map(sc, st, c)) {
            push(e, mk0(RE_A_CHIT, c));
            if (emit_done(e))
                return;
        }
    }
}

/* Components of the corps' living units under adjacency ("groupe
 * principal"): comp[u] = 1 + component, 0 outside the corps.  Writes into
 * anchors the lowest unit of each component that is not light cavalry (a
 * component of light cavalry alone is no main group: it acts anyway). */
static int corps_groups(const re_scenario *sc, const re_state *st, int c, uint8_t *comp,
                        uint8_t *anchors)
{
    int ncomp = 0, nanch = 0;
    memset(comp, 0, RE_MAX_UNITS);
    /* the corps' living units, in id order: the search looks at them only */
    uint8_t mem[RE_MAX_UNITS], buf[RE_MAX_UNITS];
    int nmem = 0, ncu;
    const uint8_t *cu = corps_units(sc, c, buf, &ncu);
    for (int i = 0; i < ncu; i++)
        if (u_alive(st, cu[i]))
            mem[nmem++] = cu[i];
    for (int i = 0; i < nmem; i++) {
        int u = mem[i];
        if (comp[u])
            continue;
        uint8_t stack[RE_MAX_UNITS];
        int sp = 0, anchor = -1;
        comp[u] = (uint8_t)++ncomp;
        stack[sp++] = (uint8_t)u;
        while (sp) {
            int v = stack[--sp];
            if (u_type(sc, v) != RE_LIGHT_CAVALRY && (anchor < 0 || v < anchor))
                anchor = v;
            for (int k = 0; k < nmem; k++) {
                int w = mem[k];
                if (!comp[w] && adjacent(st, v, w)) {
                    comp[w] = (uint8_t)ncomp;
                    stack[sp++] = (uint8_t)w;
                }
            }
        }
        if (anchor >= 0)
            anchors[nanch++] = (uint8_t)anchor;
    }
    return nanch;
}

static void gen_group(const re_scenario *sc, const re_state *st, emit *e)
{
    uint8_t comp[RE_MAX_UNITS], anchors[RE_MAX_UNITS];
    int n = corps_groups(sc, st, st->corps, comp, anchors);
    for (int i = 0; i < n; i++)
        push(e, mk0(RE_A_GROUP, anchors[i]));
}

static void clear_activation(const re_scenario *sc, re_state *st)
{
    for (int u = 0; u < sc->nunits; u++)
        st->units[u].flags &=
            (uint8_t) ~(RE_UF_ACTIVE | RE_UF_MOVED | RE_UF_NO_COMBAT | RE_UF_SKIRMISHED);
}

/* Activate the group of `anchor` (-1: none) and the corps' light cavalry,
 * the corps' groups found (comp of corps_groups). */
static void activate_in(const re_scenario *sc, re_state *st, int anchor, const uint8_t *comp,
                        gr_log *log)
{
    clear_activation(sc, st);
    uint32_t act[2] = {0, 0}, iso[2] = {0, 0}; /* bit u % 32 of [u / 32]: unit u */
    uint8_t buf[RE_MAX_UNITS];
    int ncu;
    const uint8_t *cu = corps_units(sc, st->corps, buf, &ncu);
    for (int i = 0; i < ncu; i++) {
        int u = cu[i];
        if (sc->units[u].corps != st->corps || !u_alive(st, u))
            continue;
        int in_group = anchor >= 0 && comp[u] == comp[anchor];
        int isolated = !in_group && u_type(sc, u) == RE_LIGHT_CAVALRY;
        if (!in_group && !isolated)
            continue;
        st->units[u].flags |= RE_UF_ACTIVE;
        act[u / 32] |= 1u << (u % 32);
        if (isolated)
            iso[u / 32] |= 1u << (u % 32);
    }
    note_vals(
        note(log, RE_EV_ACTIVATION, RE_P_ACT, st->corps, -1, (int32_t)act[0], (int32_t)act[1]),
        (int32_t)iso[0], (int32_t)iso[1]);
    st->stage = RE_ST_FIRE;
}

/* The same, the groups found here. */
static void activate(const re_scenario *sc, re_state *st, int anchor, gr_log *log)
{
    uint8_t comp[RE_MAX_UNITS], anchors[RE_MAX_UNITS];
    corps_groups(sc, st, st->corps, comp, anchors);
    activate_in(sc, st, anchor, comp, log);
}

/* ---- artillery fire (§2.1) and skirmishers (§2.2) ---------------------- */

/* Enemy hexes artillery u may fire at: the nearest enemy-occupied hexes in
 * range and in sight ("Elle doit tirer sur la case occupée la plus
 * proche").  Returns the count; the units in out. */
static int art_targets(const re_scenario *sc, const re_state *st, int u, uint8_t *out)
{
    uint8_t grid[RE_MAX_ROWS * RE_MAX_COLS];
    int have_grid = 0; /* made when a line of sight is first asked */
    gr_hex from = u_hex(st, u);
    int best = 1000, n = 0;
    int sight =
        st->turn <= RE_MAX_TURNS && sc->ext.sight[st->turn] ? sc->ext.sight[st->turn] : 1000;
    uint8_t buf[RE_MAX_UNITS];
    int ne;
    const uint8_t *enemies = side_units(sc, 1 - u_side(sc, u), buf, &ne);
    for (int k = 0; k < ne; k++) {
        int t = enemies[k];
        if (!u_alive(st, t))
            continue;
        int d = gr_hex_distance(from, u_hex(st, t));
        if (re_artillery_dice(d) <= 0 || d > best || d > sight)
            continue;
        if (!have_grid) {
            occ_grid(sc, st, grid);
            have_grid = 1;
        }
        if (!re_los(sc, from, u_hex(st, t), grid))
            continue;
        if (d < best) {
            best = d;
            n = 0;
        }
        out[n++] = (uint8_t)t;
    }
    return n;
}

static int can_skirmish(const re_scenario *sc, const re_state *st, int u, int t)
{
    return u_alive(st, t) && u_side(sc, t) != u_side(sc, u) && is_inf(u_type(sc, t)) &&
           adjacent(st, u, t) &&
           re_attack_dice(re_dice_modifier[RE_DM_SKIRMISH].value, 0,
                          demo_malus(sc, st, u_side(sc, u))) >= RE_MIN_ATTACK_DICE;
}

static void gen_fire(const re_scenario *sc, const re_state *st, emit *e)
{
    uint8_t buf[RE_MAX_UNITS], ebuf[RE_MAX_UNITS];
    int nact, ne;
    const uint8_t *act = active_units(sc, st, buf, &nact);
    for (int k = 0; k < nact; k++) {
        int u = act[k];
        const re_unit_st *us = &st->units[u];
        if (!(us->flags & RE_UF_ACTIVE) || !u_alive(st, u) ||
            emit_skips(e, RE_A_FIRE, RE_A_SKIRMISH, u))
            continue;
        /* "si elle tire elle ne peut rien faire d'autre", "se déplace ... si
         * elle n'a pas tirée": a battery that moved this turn fires no more
         * until the next turn (RE_UF_ART_MOVED lasts the turn, RE_UF_FIRED
         * too) */
        if (u_type(sc, u) == RE_ARTILLERY && !(us->flags & (RE_UF_FIRED | RE_UF_ART_MOVED))) {
            uint8_t t[RE_MAX_UNITS];
            int n = art_targets(sc, st, u, t);
            for (int i = 0; i < n; i++)
                push(e, mk(RE_A_FIRE, u, RE_NO_UNIT, st->units[t[i]].col, st->units[t[i]].row, -1,
                           -1));
            if (emit_done(e))
                return;
        }
        if (!(is_inf(u_type(sc, u)) && us->skirmisher && !(us->flags & RE_UF_SKIRMISHED)))
            continue;
        /* the only targets, in id order: u's enemies */
        const uint8_t *enemies = side_units(sc, 1 - u_side(sc, u), ebuf, &ne);
        for (int i = 0; i < ne; i++)
            if (can_skirmish(sc, st, u, enemies[i])) {
                push(e, mk(RE_A_SKIRMISH, u, enemies[i], -1, -1, -1, -1));
                if (emit_done(e))
                    return;
            }
    }
}

/* ---- movement (§3) ------------------------------------------------------ */

/* Where a unit may move, given which hexes are taken: reach (the hexes it
 * may end on), fight (those it may end on and still fight). */
typedef struct reach_set {
    uint64_t reach[HEX_WORDS], fight[HEX_WORDS];
} reach_set;

/* The ways of a move (re_move_path): per pass of move_reach (0 without,
 * 1 with the road bonus), each hex's predecessor on a shortest way there and
 * how it was reached: 0 not, 1 within the allowance, 2 within the allowance
 * to fight too. */
typedef struct move_ways {
    int16_t from[2][HEXES];
    uint8_t how[2][HEXES];
} move_ways;

/* The search of where unit u may move in st (§3; occ: occ_grid(st),
 * marked during the search, as it was again on return), into *m, and,
 * when ways is not NULL, the shortest way to each hex into *ways (zeroed
 * by the caller).  A path never passes through or ends on a unit; a hex
 * whose entry stops the unit ends the path; the road bonus counts when
 * the start hex and every hex entered carry a road.  A breadth-first
 * search per pass (without, then with the road bonus), the neighbours in
 * gr_hex_neighbor's order (re_move_terrain.next); the terrain read from
 * the map's table (re_tables_move), which answers as
 * re_terrain_can_enter, _stops and _no_combat do.  fight_only: m->fight
 * only (m->reach then holds the hexes within the fighting allowance): the
 * search stops at that allowance, as no path to a hex of fight is longer
 * (the hexes queued before it are the same). */
static void move_reach(const re_scenario *sc, const re_state *st, const re_move_terrain *mt,
                       uint8_t *occ, int u, int fight_only, reach_set *m, move_ways *ways)
{
    memset(m, 0, sizeof *m);
    int type = u_type(sc, u);
    const int start = IDX(st->units[u].col, st->units[u].row);
    const uint8_t *tb = mt->bits[type];
    int a_move = re_move_allowance(type, 0), a_fight = re_move_allowance(type, 1);
    for (int road = 0; road < 2; road++) {
        int bonus = road ? RE_ROAD_BONUS : 0;
        if (road && !(tb[start] & RE_MT_ROAD))
            continue;
        /* the hexes queued in this pass and those a unit stands on (not
         * 0): both are passed over alike (a unit's hex is never entered);
         * a byte a hex, read at every neighbour of every hex queued.  The
         * queued ones are marked in occ itself and cleared again at the
         * end of the pass (the queue lists them), instead of a copy */
        uint8_t *seen = occ;
        const uint8_t at_start = occ[start];
        uint16_t queue[HEXES]; /* IDX(col, row) */
        uint8_t dist[HEXES];   /* of the queue's entries */
        int qh = 0, qt = 0;
        seen[start] = 1;
        dist[qt] = 0;
        queue[qt++] = (uint16_t)start;
        int maxd = (fight_only && a_fight < a_move ? a_fight : a_move) + bonus,
            maxf = a_fight + bonus;
        while (qh < qt) {
            int d = dist[qh], pi = queue[qh++];
            unsigned pb = tb[pi];
            const uint16_t *next = mt->next[pi];
            for (int dir = 0; dir < GR_HEX_DIRS; dir++) {
                /* the neighbour, in gr_hex_neighbor's order of directions */
                int i = next[dir];
                if (i == RE_MT_OFF)
                    continue;
                /* a hex already queued in this pass was entered at a
                 * distance no greater than d + 1, so it has nothing more
                 * to give (whether a hex forbids combat does not depend on
                 * where the unit came from); a unit's hex is never
                 * entered */
                if (seen[i])
                    continue;
                unsigned hb = tb[i];
                if (road && !(hb & RE_MT_ROAD))
                    continue;
                if (!(hb & RE_MT_ENTER) && !((hb & RE_MT_ENTER_ROAD) && (pb & RE_MT_ROAD)))
                    continue; /* re_terrain_can_enter */
                if (d + 1 <= maxd)
                    ADD(m->reach, i);
                if (d + 1 <= maxf && !(hb & RE_MT_NO_COMBAT))
                    ADD(m->fight, i);
                /* breadth first: the first way to a hex is a shortest */
                if (ways && d + 1 <= maxd && !ways->how[road][i]) {
                    ways->from[road][i] = (int16_t)pi;
                    ways->how[road][i] = (uint8_t)(1 + (d + 1 <= maxf && !(hb & RE_MT_NO_COMBAT)));
                }
                if (d + 1 < maxd && !(hb & RE_MT_STOP) &&
                    !((hb & RE_MT_STOP_UPHILL) && !(pb & RE_MT_HILL))) { /* re_terrain_stops */
                    seen[i] = 1;
                    dist[qt] = (uint8_t)(d + 1);
                    queue[qt++] = (uint16_t)i;
                }
            }
        }
        for (int k = 0; k < qt; k++)
            occ[queue[k]] = 0;
        occ[start] = at_start;
    }
}

int re_move_path(const re_scenario *sc, const re_state *st, int u, int col, int row, int *cols,
                 int *rows, int cap, int *fights)
{
    *fights = 0;
    if (u < 0 || u >= sc->nunits || !u_alive(st, u) || col < 0 || row < 0 || col >= RE_MAX_COLS ||
        row >= RE_MAX_ROWS)
        return 0;
    AT_TURN(sc, st->turn);
    uint8_t occ[HEXES];
    occ_grid(sc, st, occ);
    reach_set m;
    const int start = IDX(st->units[u].col, st->units[u].row);
    move_ways ways; /* 4.6 KB */
    memset(&ways, 0, sizeof ways);
    move_ways *w = &ways;
    re_move_terrain buf;
    move_reach(sc, st, re_tables_move(sc, &buf), occ, u, 0, &m, w);
    int to = IDX(col, row);
    /* the way apply_move reads: to fight if either pass reaches it so */
    int pass = w->how[0][to] == 2 ? 0 : w->how[1][to] == 2 ? 1 : w->how[0][to] ? 0 : 1;
    int n = 0;
    if (w->how[pass][to]) {
        int len = 0;
        for (int i = to; i != start; i = w->from[pass][i])
            len++;
        n = len <= cap ? len : 0;
        for (int i = to, k = len - 1; n && i != start; i = w->from[pass][i], k--) {
            cols[k] = i % RE_MAX_COLS;
            rows[k] = i / RE_MAX_COLS;
        }
        /* as apply_move leaves it: artillery never fights after a move, nor
         * a unit that may not fight in this activation already */
        *fights = w->how[pass][to] == 2 && u_type(sc, u) != RE_ARTILLERY &&
                  !(st->units[u].flags & RE_UF_NO_COMBAT);
    }
    return n;
}

/* Whether any active unit may move at all (settle asks it after every
 * step): a unit reaches some hex if and only if it may enter a free
 * neighbour, since every path starts there (every allowance is >= 1). */
static int any_move(const re_scenario *sc, const re_state *st)
{
    re_move_terrain mbuf;
    const re_move_terrain *mt = NULL;
    uint8_t buf[RE_MAX_UNITS];
    int nact;
    const uint8_t *act = active_units(sc, st, buf, &nact);
    for (int i = 0; i < nact; i++) {
        int u = act[i];
        const re_unit_st *us = &st->units[u];
        if (!(us->flags & RE_UF_ACTIVE) || !u_alive(st, u) || (us->flags & RE_UF_MOVED))
            continue;
        int type = u_type(sc, u);
        if (type == RE_ARTILLERY && (us->flags & RE_UF_FIRED))
            continue;
        if (!mt)
            mt = re_tables_move(sc, &mbuf);
        /* the neighbours it may enter, then whether a unit stands on
         * each: mostly the first one looked at answers, sooner than the
         * map of every unit's hex would be made */
        const int start = IDX(us->col, us->row);
        const uint8_t *tb = mt->bits[type];
        unsigned pb = tb[start];
        for (int dir = 0; dir < GR_HEX_DIRS; dir++) {
            int h = mt->next[start][dir];
            if (h == RE_MT_OFF)
                continue;
            unsigned hb = tb[h];
            if (((hb & RE_MT_ENTER) || ((hb & RE_MT_ENTER_ROAD) && (pb & RE_MT_ROAD))) &&
                !hex_taken(sc, st, h % RE_MAX_COLS, h / RE_MAX_COLS))
                return 1; /* re_terrain_can_enter, and free */
        }
    }
    return 0;
}

static void gen_move(const re_scenario *sc, const re_state *st, emit *e)
{
    uint8_t occ[HEXES];
    re_move_terrain buf;
    const re_move_terrain *mt = NULL;
    uint8_t abuf[RE_MAX_UNITS];
    int nact;
    const uint8_t *act = active_units(sc, st, abuf, &nact);
    for (int k = 0; k < nact; k++) {
        int u = act[k];
        const re_unit_st *us = &st->units[u];
        if (!(us->flags & RE_UF_ACTIVE) || !u_alive(st, u) || (us->flags & RE_UF_MOVED) ||
            emit_skips(e, RE_A_MOVE, RE_A_MOVE, u))
            continue;
        if (u_type(sc, u) == RE_ARTILLERY && (us->flags & RE_UF_FIRED))
            continue; /* "si elle tire elle ne peut rien faire d'autre" */
        if (!mt) {
            occ_grid(sc, st, occ);
            mt = re_tables_move(sc, &buf);
        }
        reach_set m;
        move_reach(sc, st, mt, occ, u, 0, &m, NULL);
        /* in map order (row by row), as every legal action list is */
        for (int w = 0; w < HEX_WORDS; w++)
            for (uint64_t b = m.reach[w]; b; b &= b - 1) {
                int i = w * 64 + __builtin_ctzll(b);
                push(e, mk(RE_A_MOVE, u, RE_NO_UNIT, i % RE_MAX_COLS, i / RE_MAX_COLS, -1, -1));
            }
    }
}

/* ---- combat: dice (§4.3) ------------------------------------------------ */

/* Two enemies of u adjacent to it and not adjacent to each other: u may
 * be taken in the flank - unless it is infantry in a town, fortress or
 * building, or infantry whose enemy contacts are all cavalry. */
static int flank_exempt(const re_scenario *sc, const re_state *st, int u, int *why)
{
    if (!is_inf(u_type(sc, u)))
        return 0;
    int ter = re_map_at(sc, u_hex(st, u))->terrain;
    if (ter == RE_TOWN || ter == RE_FORTRESS || ter == RE_BUILDING) {
        if (why)
            *why = RE_EVN_FLANK_TOWN;
        return 1;
    }
    int any = 0;
    for (int e = 0; e < sc->nunits; e++)
        if (u_alive(st, e) && u_side(sc, e) != u_side(sc, u) && adjacent(st, u, e)) {
            if (!is_cav(u_type(sc, e)))
                return 0;
            any = 1;
        }
    if (any && why)
        *why = RE_EVN_FLANK_CAVALRY;
    return any;
}

static int flankable(const re_scenario *sc, const re_state *st, int u)
{
    if (flank_exempt(sc, st, u, NULL))
        return 0;
    for (int a = 0; a < sc->nunits; a++) {
        if (!u_alive(st, a) || u_side(sc, a) == u_side(sc, u) || !adjacent(st, a, u))
            continue;
        for (int b = a + 1; b < sc->nunits; b++)
            if (u_alive(st, b) && u_side(sc, b) != u_side(sc, u) && adjacent(st, b, u) &&
                !adjacent(st, a, b))
                return 1;
    }
    return 0;
}

/* The flank bonus of a attacking t (§4.3 "Prise de Flanc"); the friend
 * that gives it in *by. */
static int flank_bonus(const re_scenario *sc, const re_state *st, int a, int t, int *by)
{
    int f = -1;
    for (int u = 0; u < sc->nunits; u++)
        if (u != a && u_alive(st, u) && u_side(sc, u) == u_side(sc, a) && adjacent(st, u, t) &&
            !adjacent(st, u, a)) {
            f = u;
            break;
        }
    if (by)
        *by = f;
    if (f < 0 || flank_exempt(sc, st, t, NULL) || flankable(sc, st, a))
        return 0;
    return re_dice_modifier[RE_DM_FLANK].value;
}

/* The charge bonus of a attacking t (§4.3); if none, why in *why (an
 * RE_EVN_CHARGE_*, or -1 when a is no cavalry). */
static int charge_bonus(const re_scenario *sc, const re_state *st, int a, int t, int *why)
{
    const re_unit_st *us = &st->units[a];
    *why = -1;
    if (!is_cav(u_type(sc, a)))
        return 0;
    if (!(us->flags & RE_UF_MOVED)) {
        *why = RE_EVN_CHARGE_NO_MOVE;
        return 0;
    }
    if (us->figures < sc->units[a].figures) {
        *why = RE_EVN_CHARGE_STRENGTH;
        return 0;
    }
    if (us->flags & RE_UF_RETREATED) {
        *why = RE_EVN_CHARGE_RETREATED;
        return 0;
    }
    if (!re_terrain_charge_allowed(sc, u_hex(st, a), u_hex(st, t), NULL)) {
        *why = RE_EVN_CHARGE_TERRAIN;
        return 0;
    }
    return re_dice_modifier[RE_DM_CHARGE].value;
}

/* Dice of a attacking t (roll ATTACK), logged if log is set. */
static int attack_dice(const re_scenario *sc, const re_state *st, int a, int t, gr_log *log)
{
    int at = u_type(sc, a), tt = u_type(sc, t);
    int base = re_unit_dice(at);
    int by;
    int flank = flank_bonus(sc, st, a, t, &by);
    int cwhy;
    int charge = charge_bonus(sc, st, a, t, &cwhy);
    re_dice_mod mods[8];
    int nm = 0;
    int ter = re_terrain_combat_dice(sc, u_hex(st, a), at, u_hex(st, t), tt, mods, 8, &nm);
    int demo = demo_malus(sc, st, u_side(sc, a));
    int dice = re_attack_dice(base, flank + charge, ter + demo);
    if (log) {
        note(log, RE_EV_DICE_BASE, RE_P_DICE, a, -1, base, RE_ROLL_ATTACK);
        if (flank) {
            gr_event *e = note(log, RE_EV_DICE_MOD, RE_P_DICE, by, t, RE_EVM_FLANK, flank);
            if (e)
                e->units[2] = (uint8_t)a;
        } else if (by >= 0) {
            int why = RE_EVN_FLANK_SELF;
            int u = flank_exempt(sc, st, t, &why) ? t : a;
            gr_event *e = note(log, RE_EV_NO_MOD, RE_P_DICE, u, -1, RE_EVM_FLANK, why);
            note_hex(e, 0, st->units[a].col, st->units[a].row);
            note_hex(e, 1, st->units[t].col, st->units[t].row);
        }
        if (charge) {
            note(log, RE_EV_DICE_MOD, RE_P_DICE, a, -1, RE_EVM_CHARGE, charge);
        } else if (is_cav(at) && cwhy >= 0) {
            gr_event *e = note(log, RE_EV_NO_MOD, RE_P_DICE, a, -1, RE_EVM_CHARGE, cwhy);
            note_hex(e, 0, st->units[a].col, st->units[a].row);
            note_hex(e, 1, st->units[t].col, st->units[t].row);
        }
        note_terrain(log, mods, nm);
        log_demo(sc, st, u_side(sc, a), log);
        note(log, RE_EV_DICE_TOTAL, RE_P_DICE, t, -1, dice, RE_ROLL_ATTACK);
    }
    return dice;
}

static int can_attack(const re_scenario *sc, const re_state *st, int a, int t)
{
    if (!u_alive(st, t) || u_side(sc, t) == u_side(sc, a) || !adjacent(st, a, t))
        return 0;
    if (!re_terrain_can_attack(sc, u_hex(st, a), u_type(sc, a), u_hex(st, t), u_type(sc, t), NULL))
        return 0;
    return attack_dice(sc, st, a, t, NULL) >= RE_MIN_ATTACK_DICE;
}

static void gen_combat(const re_scenario *sc, const re_state *st, emit *e)
{
    uint8_t buf[RE_MAX_UNITS], ebuf[RE_MAX_UNITS];
    int nact, ne;
    const uint8_t *act = active_units(sc, st, buf, &nact);
    for (int i = 0; i < nact; i++) {
        int a = act[i];
        const re_unit_st *us = &st->units[a];
        if (!(us->flags & RE_UF_ACTIVE) || !u_alive(st, a) || u_type(sc, a) == RE_ARTILLERY ||
            (us->flags & (RE_UF_ATTACKED | RE_UF_NO_COMBAT)) ||
            emit_skips(e, RE_A_ATTACK, RE_A_COLUMN, a))
            continue;
        /* the only targets, in id order: a's enemies */
        const uint8_t *enemies = side_units(sc, 1 - u_side(sc, a), ebuf, &ne);
        for (int k = 0; k < ne; k++) {
            int t = enemies[k];
            if (!can_attack(sc, st, a, t))
                continue;
            push(e, mk(RE_A_ATTACK, a, t, -1, -1, -1, -1));
            if (emit_done(e))
                return;
            if (is_inf(u_type(sc, a)) && is_inf(u_type(sc, t)))
                push(e, mk(RE_A_COLUMN, a, t, -1, -1, -1, -1));
        }
    }
}

/* ---- retreats (§4.4) and evasion (§4.2) --------------------------------- */

typedef struct rstep {
    gr_hex to;
    int pushed; /* unit pushed, or -1 */
    gr_hex push_to;
    int dir;
} rstep;

static int in_path(const re_retreat_st *rt, gr_hex h)
{
    for (int i = 0; i < rt->npath; i++)
        if (gr_hex_eq(gr_hex_from_offset(rt->path[i][0], rt->path[i][1]), h))
            return 1;
    return 0;
}

/* May the retreating unit (or a unit it pushes) go from c to h?  On the
 * map, passable for its type, not already on the path, not adjacent to
 * the unit it retreats from. */
static int step_ok(const re_scenario *sc, const re_state *st, const re_retreat_st *rt, gr_hex c,
                   gr_hex h, int type)
{
    if (!on_map(sc, h) || !re_terrain_can_enter(sc, c, h, type) || in_path(rt, h))
        return 0;
    if (rt->from != RE_NO_UNIT && u_alive(st, rt->from) &&
        gr_hex_distance(h, u_hex(st, rt->from)) <= 1)
        return 0;
    return 1;
}

/* The steps open to the retreat rt from the end of its path: the raw list
 * (before any preference).  grid is the occupation (occ_grid), as the
 * look-ahead below may have moved pushed friends in it. */
static int raw_steps(const re_scenario *sc, const re_state *st, const re_retreat_st *rt,
                     const uint8_t *grid, rstep *out)
{
    int n = 0, r = rt->unit, type = u_type(sc, r);
    gr_hex c = gr_hex_from_offset(rt->path[rt->npath - 1][0], rt->path[rt->npath - 1][1]);
    for (int dir = 0; dir < GR_HEX_DIRS; dir++) {
        gr_hex h = gr_hex_neighbor(c, dir);
        if (!step_ok(sc, st, rt, c, h, type))
            continue;
        int hc, hr;
        off(h, &hc, &hr);
        int o = grid[IDX(hc, hr)] - 1;
        if (o < 0) {
            out[n++] = (rstep){h, -1, h, dir};
        } else if (o != r && u_side(sc, o) == u_side(sc, r)) {
            /* "elle ne peut pas traverser une unité amie, cependant elle
             * peut l'entraîner dans sa retraite": the friend steps aside
             * into an empty hex (no chain of pushes).  An evasion is a
             * retreat ("voir retraite"): it may push too. */
            for (int d2 = 0; d2 < GR_HEX_DIRS; d2++) {
                gr_hex h2 = gr_hex_neighbor(h, d2);
                if (!step_ok(sc, st, rt, h, h2, u_type(sc, o)))
                    continue;
                int c2, r2;
                off(h2, &c2, &r2);
                if (!grid[IDX(c2, r2)])
                    out[n++] = (rstep){h, o, h2, dir};
            }
        }
    }
    return n;
}

/* rt after step s. */
static re_retreat_st retreat_after(const re_retreat_st *rt, const rstep *s)
{
    re_retreat_st next = *rt;
    int col, row;
    off(s->to, &col, &row);
    next.path[next.npath][0] = (int8_t)col;
    next.path[next.npath][1] = (int8_t)row;
    next.npath++;
    next.left--;
    return next;
}

/* Move a pushed friend in the grid (back again with undo set). */
static void grid_push(uint8_t *grid, const rstep *s, int undo)
{
    int c1, r1, c2, r2;
    off(s->to, &c1, &r1);
    off(s->push_to, &c2, &r2);
    grid[IDX(undo ? c1 : c2, undo ? r1 : r2)] = (uint8_t)(s->pushed + 1);
    grid[IDX(undo ? c2 : c1, undo ? r2 : r1)] = 0;
}

/* The most hexes (at most rt->left) the retreat rt can still make, pushes
 * included: a depth-first look-ahead that stops as soon as a path makes
 * them all.  grid is restored on return. */
static int retreat_reach(const re_scenario *sc, const re_state *st, const re_retreat_st *rt,
                         uint8_t *grid)
{
    if (rt->left == 0)
        return 0;
    rstep s[GR_HEX_DIRS * (GR_HEX_DIRS + 1)];
    int n = raw_steps(sc, st, rt, grid, s), best = 0;
    for (int i = 0; i < n && best < rt->left; i++) {
        re_retreat_st next = retreat_after(rt, &s[i]);
        if (s[i].pushed >= 0)
            grid_push(grid, &s[i], 0);
        int d = 1 + retreat_reach(sc, st, &next, grid);
        if (s[i].pushed >= 0)
            grid_push(grid, &s[i], 1);
        if (d > best)
            best = d;
    }
    return best;
}

/* The steps offered.  First the look-ahead (§4.4: a figure is lost only "si
 * elle ne peut pas retraire"): only the steps on a path that makes the most
 * of the hexes left, the whole retreat when one exists; for an evasion ("de
 * deux cases, ni plus ni moins"), only steps on a path that makes them all.
 * Then, among those, in order of preference ("doit se replier de préférence
 * vers sa ligne de retraite par des cases vides"), the first tier that is
 * not empty: 1. empty hexes toward the line of retreat (its direction and
 * the two next to it), 2. pushes toward it, 3. empty hexes elsewhere, 4.
 * pushes elsewhere. */
static int retreat_steps(const re_scenario *sc, const re_state *st, const re_retreat_st *rt,
                         rstep *out)
{
    uint8_t grid[RE_MAX_ROWS * RE_MAX_COLS];
    occ_grid(sc, st, grid);
    rstep raw[GR_HEX_DIRS * (GR_HEX_DIRS + 1)];
    int reach[GR_HEX_DIRS * (GR_HEX_DIRS + 1)];
    int n = raw_steps(sc, st, rt, grid, raw), m = 0, best = 0;
    for (int i = 0; i < n; i++) {
        reach[i] = 1;
        if (rt->left > 1) {
            re_retreat_st next = retreat_after(rt, &raw[i]);
            if (raw[i].pushed >= 0)
                grid_push(grid, &raw[i], 0);
            reach[i] += retreat_reach(sc, st, &next, grid);
            if (raw[i].pushed >= 0)
                grid_push(grid, &raw[i], 1);
        }
        if (reach[i] > best)
            best = reach[i];
    }
    if (rt->evasion && best < rt->left)
        return 0;
    for (int i = 0; i < n; i++)
        if (reach[i] == best)
            raw[m++] = raw[i];
    int rd = sc->sides[u_side(sc, rt->unit)].retreat_dir;
    for (int tier = 0; tier < 4; tier++) {
        int k = 0;
        for (int i = 0; i < m; i++) {
            int dd = (raw[i].dir - rd + GR_HEX_DIRS) % GR_HEX_DIRS;
            int toward = dd == 0 || dd == 1 || dd == GR_HEX_DIRS - 1;
            int t = (toward ? 0 : 2) + (raw[i].pushed >= 0 ? 1 : 0);
            if (t == tier)
                out[k++] = raw[i];
        }
        if (k)
            return k;
    }
    return 0;
}

static re_retreat_st retreat_of(const re_state *st, int u, int from, int hexes, int evasion)
{
    re_retreat_st rt = {0};
    rt.unit = (uint8_t)u;
    rt.from = (uint8_t)from;
    rt.left = (uint8_t)(hexes > RE_MAX_PATH - 1 ? RE_MAX_PATH - 1 : hexes);
    rt.evasion = (uint8_t)evasion;
    rt.npath = 1;
    rt.path[0][0] = st->units[u].col;
    rt.path[0][1] = st->units[u].row;
    return rt;
}

static int can_evade(const re_scenario *sc, const re_state *st, int u, int from)
{
    re_retreat_st rt = retreat_of(st, u, from, RE_EVASION_HEXES, 1);
    rstep s[GR_HEX_DIRS * (GR_HEX_DIRS + 1)];
    return retreat_steps(sc, st, &rt, s) > 0;
}

static void gen_retreat(const re_scenario *sc, const re_state *st, emit *e)
{
    rstep s[GR_HEX_DIRS * (GR_HEX_DIRS + 1)];
    int n = retreat_steps(sc, st, &st->retreat, s);
    for (int i = 0; i < n; i++) {
        int col, row, c2 = -1, r2 = -1;
        off(s[i].to, &col, &row);
        if (s[i].pushed >= 0)
            off(s[i].push_to, &c2, &r2);
        push(e, mk(RE_A_RETREAT, st->retreat.unit, s[i].pushed >= 0 ? s[i].pushed : RE_NO_UNIT, col,
                   row, c2, r2));
    }
}

/* ---- the combat in progress -------------------------------------------- */

static void combat_end(const re_scenario *sc, re_state *st, gr_log *log)
{
    (void)sc;
    (void)log;
    int fire = st->combat.roll == RE_ROLL_ARTILLERY || st->combat.roll == RE_ROLL_SKIRMISH;
    memset(&st->combat, 0, sizeof st->combat);
    st->combat.roll = RE_ROLL_NONE;
    st->stage = (uint8_t)(fire ? RE_ST_FIRE : RE_ST_COMBAT);
}

static void start_roll(re_state *st, int roll, int hitter, int hit, int dice)
{
    re_combat_st *c = &st->combat;
    c->roll = (uint8_t)roll;
    c->hitter = (uint8_t)hitter;
    c->hit = (uint8_t)hit;
    c->dice_left = (uint8_t)dice;
    c->losses = 0;
    c->retreats = 0;
    st->stage = RE_ST_DICE;
}

static int pursuit_dice(const re_scenario *sc, const re_state *st, int a)
{
    return re_attack_dice(re_unit_dice(u_type(sc, a)), 0, demo_malus(sc, st, u_side(sc, a)));
}

static int riposte_possible(const re_scenario *sc, const re_state *st)
{
    const re_combat_st *c = &st->combat;
    int a = c->attacker, t = c->target;
    if (c->roll != RE_ROLL_ATTACK || c->evaded || c->repulsed || !u_alive(st, t) ||
        !u_alive(st, a) || !adjacent(st, a, t))
        return 0;
    if (!re_terrain_can_attack(sc, u_hex(st, t), u_type(sc, t), u_hex(st, a), u_type(sc, a), NULL))
        return 0;
    re_dice_mod mods[8];
    int ter = re_terrain_combat_dice(sc, u_hex(st, t), u_type(sc, t), u_hex(st, a), u_type(sc, a),
                                     mods, 8, NULL);
    return re_attack_dice(re_riposte_dice(u_type(sc, t)), 0,
                          ter + demo_malus(sc, st, u_side(sc, t))) >= RE_MIN_ATTACK_DICE;
}

static void gen_after(const re_scenario *sc, const re_state *st, emit *e, int with_stop)
{
    const re_combat_st *c = &st->combat;
    int a = c->attacker, t = c->target, at = u_type(sc, a);
    if (!u_alive(st, a))
        return;
    gr_hex ah = u_hex(st, a);
    /* Prise de terrain: infantry or cavalry, into the hex left by the enemy. */
    if (c->vacated && (is_inf(at) || is_cav(at))) {
        gr_hex v = gr_hex_from_offset(c->vcol, c->vrow);
        if (gr_hex_distance(ah, v) == 1 && unit_at_hex(sc, st, v) < 0 &&
            re_terrain_can_enter(sc, ah, v, at))
            push(e, mk(RE_A_TAKE_GROUND, a, RE_NO_UNIT, c->vcol, c->vrow, -1, -1));
    }
    /* Poursuite: cavalry whose target retreated, along its exact path. */
    const re_retreat_st *rt = &st->retreat;
    if (is_cav(at) && c->repulsed && u_alive(st, t) && rt->unit == t && rt->npath >= 2 &&
        pursuit_dice(sc, st, a) >= RE_MIN_ATTACK_DICE) {
        int ok = 1;
        gr_hex p = ah;
        for (int i = 0; ok && i < rt->npath - 1; i++) {
            gr_hex h = gr_hex_from_offset(rt->path[i][0], rt->path[i][1]);
            if (gr_hex_distance(p, h) != 1 || unit_at_hex(sc, st, h) >= 0 ||
                !re_terrain_can_enter(sc, p, h, at) || re_terrain_no_pursuit(sc, h))
                ok = 0;
            p = h;
        }
        if (ok && re_terrain_no_pursuit(sc, u_hex(st, t)))
            ok = 0;
        if (ok && gr_hex_distance(p, u_hex(st, t)) != 1)
            ok = 0;
        /* the pursuit is an attack: terrain prohibitions still hold
         * (cavalry never attacks into a wood, town, ...) */
        if (ok && !re_terrain_can_attack(sc, p, at, u_hex(st, t), u_type(sc, t), NULL))
            ok = 0;
        if (ok)
            push(e, mk(RE_A_PURSUE, a, t, -1, -1, -1, -1));
    }
    if (with_stop)
        push(e, mk0(RE_A_STOP, a));
}

/* What follows a roll once its results (and any retreat) are applied. */
static void fire_next(const re_scenario *sc, re_state *st, gr_log *log);

static void combat_next(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_combat_st *c = &st->combat;
    switch (c->roll) {
    case RE_ROLL_ARTILLERY:
        c->ifire++;
        fire_next(sc, st, log);
        return;
    case RE_ROLL_ATTACK:
    case RE_ROLL_PURSUIT: {
        emit e = emit_none();
        gen_after(sc, st, &e, 0);
        if (e.n > 0) {
            st->stage = RE_ST_AFTER;
            return;
        }
        if (riposte_possible(sc, st)) {
            st->stage = RE_ST_RIPOSTE;
            return;
        }
        if (c->roll == RE_ROLL_PURSUIT && u_alive(st, c->target) && !c->repulsed)
            note(log, RE_EV_PURSUIT_END, RE_P_PURSUIT, c->target, -1, 0, 0);
        combat_end(sc, st, log);
        return;
    }
    default: combat_end(sc, st, log); return;
    }
}

static void fire_next(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_combat_st *c = &st->combat;
    for (; c->ifire < c->nfire; c->ifire++) {
        int t = c->fire_targets[c->ifire], a = c->attacker;
        if (!u_alive(st, t))
            continue;
        if (c->ifire > 0)
            note(log, RE_EV_ENFILADE, RE_P_ART, t, -1, 0, 0);
        if (u_type(sc, t) == RE_ARTILLERY) {
            note(log, RE_EV_NO_EFFECT, RE_P_ART, t, -1, RE_EVX_ARTILLERY, 0);
            continue;
        }
        int range = c->fire_range[c->ifire];
        int base = re_artillery_dice(range);
        re_dice_mod mods[8];
        int nm = 0;
        int ter = re_terrain_fire_dice(sc, u_hex(st, a), u_hex(st, t), u_type(sc, t), mods, 8, &nm);
        int demo = demo_malus(sc, st, u_side(sc, a));
        int dice = re_attack_dice(base, 0, ter + demo);
        note_vals(note(log, RE_EV_DICE_BASE, RE_P_ART, a, -1, base, RE_ROLL_ARTILLERY), range, 0);
        note_terrain(log, mods, nm);
        log_demo(sc, st, u_side(sc, a), log);
        note(log, RE_EV_DICE_TOTAL, RE_P_ART, t, -1, dice, RE_ROLL_ARTILLERY);
        if (dice < RE_MIN_ATTACK_DICE) {
            note(log, RE_EV_NO_EFFECT, RE_P_ART, t, -1, RE_EVX_NO_DICE, 0);
            continue;
        }
        c->target = (uint8_t)t;
        start_roll(st, RE_ROLL_ARTILLERY, a, t, dice);
        return;
    }
    combat_end(sc, st, log);
}

static void begin_retreat(re_state *st, int u, int from, int hexes, int evasion)
{
    st->retreat = retreat_of(st, u, from, hexes, evasion);
    st->stage = RE_ST_RETREAT;
}

/* The roll is over: apply its losses, then its retreat. */
static void resolve_hits(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_combat_st *c = &st->combat;
    int h = c->hit;
    note(log, RE_EV_RESULT, RE_P_LOSS, h, -1, c->losses, c->retreats);
    for (int i = 0; i < c->losses && u_alive(st, h); i++)
        lose_figure(sc, st, h, RE_EVC_HIT, log);
    if (u_alive(st, h) && c->retreats > 0 && (sc->ext.unit_tags[h] & RE_TAG_GUARD) &&
        sc->ext.guard_rule != RE_GUARD_NONE) {
        /* "l'infanterie de la garde française recule moins facilement" */
        int before = c->retreats;
        if (sc->ext.guard_rule == RE_GUARD_RETREAT_ONE_LESS) {
            c->retreats--;
        } else if (!(st->units[h].sflags & RE_USF_GUARD_USED)) {
            st->units[h].sflags |= RE_USF_GUARD_USED;
            c->retreats--;
        }
        if (c->retreats != before)
            note_vals(note(log, RE_EV_GUARD, RE_P_GUARD, h, -1, before, c->retreats),
                      sc->ext.guard_rule, 0);
    }
    if (u_alive(st, h) && c->retreats > 0) {
        if (h == c->target)
            c->repulsed = 1;
        begin_retreat(st, h, c->hitter, c->retreats, 0);
        return;
    }
    combat_next(sc, st, log);
}

/* The retreat (or evasion) is over. */
static void retreat_done(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_retreat_st *rt = &st->retreat;
    re_combat_st *c = &st->combat;
    int u = rt->unit;
    if (u_alive(st, u) && !rt->evasion)
        st->units[u].flags |= RE_UF_RETREATED;
    if (u == c->target && rt->npath >= 2 &&
        (c->roll == RE_ROLL_ATTACK || c->roll == RE_ROLL_PURSUIT)) {
        c->vacated = 1;
        c->vcol = rt->path[0][0];
        c->vrow = rt->path[0][1];
    }
    if (rt->evasion) {
        note(log, RE_EV_EVADED, RE_P_EVADE, u, -1, 0, 0);
        c->repulsed = 1;
        combat_next(sc, st, log);
        return;
    }
    combat_next(sc, st, log);
}

/* A retreat that cannot go on: "l'unité perd une pièce par hexagone de
 * retraite éludée". */
static void retreat_blocked(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_retreat_st *rt = &st->retreat;
    int u = rt->unit;
    note(log, RE_EV_RETREAT_BLOCKED, RE_P_RETREAT, u, -1, rt->left, 0);
    while (rt->left > 0 && u_alive(st, u)) {
        rt->left--;
        lose_figure(sc, st, u, RE_EVC_BLOCKED, log);
    }
    rt->left = 0;
    retreat_done(sc, st, log);
}

static void start_attack(const re_scenario *sc, re_state *st, int a, int t, int column, gr_log *log)
{
    re_combat_st *c = &st->combat;
    memset(c, 0, sizeof *c);
    c->roll = RE_ROLL_ATTACK;
    c->attacker = (uint8_t)a;
    c->target = (uint8_t)t;
    c->column = (uint8_t)column;
    st->units[a].flags |= RE_UF_ATTACKED;
    int at = u_type(sc, a), tt = u_type(sc, t);
    note(log, RE_EV_ATTACK, RE_P_COMBAT, a, t, column, 0);
    if (re_terrain_no_fight_in(sc, u_hex(st, t), tt)) {
        if (can_evade(sc, st, t, a)) {
            note(log, RE_EV_NO_FIGHT_IN, RE_P_TERRAIN, t, -1, 0, 0);
            c->evaded = 1;
            begin_retreat(st, t, a, RE_EVASION_HEXES, 1);
        } else {
            note(log, RE_EV_NO_FIGHT_IN, RE_P_TERRAIN, t, -1, 1, 0);
            c->hit = (uint8_t)t;
            destroy(sc, st, t, log);
            combat_next(sc, st, log);
        }
        return;
    }
    if ((tt == RE_LIGHT_CAVALRY || tt == RE_HEAVY_CAVALRY) && !is_cav(at)) {
        if (!can_evade(sc, st, t, a)) {
            note(log, RE_EV_NO_EVASION, RE_P_EVADE, t, -1, 0, 0);
        } else if (tt == RE_LIGHT_CAVALRY) {
            note(log, RE_EV_EVADE, RE_P_EVADE, t, -1, 1, 0);
            c->evaded = 1;
            begin_retreat(st, t, a, RE_EVASION_HEXES, 1);
            return;
        } else {
            st->stage = RE_ST_EVADE;
            return;
        }
    }
    int dice = attack_dice(sc, st, a, t, log);
    start_roll(st, RE_ROLL_ATTACK, a, t, dice);
}

/* ---- the stages --------------------------------------------------------- */

static int bowl_total(const re_scenario *sc, const re_state *st)
{
    int n = 0;
    for (int c = 0; c < sc->ncorps; c++)
        n += st->bowl[c];
    return n;
}

static void gen_stage(const re_scenario *sc, const re_state *st, emit *e)
{
    switch (st->stage) {
    case RE_ST_CHITS:
        gen_chits(sc, st, e);
        push(e, mk0(RE_A_CHITS_DONE, RE_NO_UNIT));
        break;
    case RE_ST_DRAW:
        for (int c = 0; c < sc->ncorps; c++)
            if (st->bowl[c])
                push(e, mk0(RE_A_DRAW, c));
        break;
    case RE_ST_DICE:
    case RE_ST_ARRIVAL:
        for (int f = 1; f <= 6; f++)
            push(e, mk0(RE_A_DIE, f));
        break;
    case RE_ST_GROUP: gen_group(sc, st, e); break;
    case RE_ST_FIRE:
        gen_fire(sc, st, e);
        push(e, mk0(RE_A_END_FIRE, RE_NO_UNIT));
        break;
    case RE_ST_MOVE:
        gen_move(sc, st, e);
        push(e, mk0(RE_A_END_MOVE, RE_NO_UNIT));
        break;
    case RE_ST_COMBAT:
        gen_combat(sc, st, e);
        push(e, mk0(RE_A_END_ACTIVATION, RE_NO_UNIT));
        break;
    case RE_ST_EVADE:
        push(e, mk0(RE_A_EVADE, st->combat.target));
        push(e, mk0(RE_A_STAND, st->combat.target));
        break;
    case RE_ST_RETREAT: gen_retreat(sc, st, e); break;
    case RE_ST_RIPOSTE:
        push(e, mk0(RE_A_RIPOSTE, st->combat.target));
        push(e, mk0(RE_A_NO_RIPOSTE, st->combat.target));
        break;
    case RE_ST_AFTER: gen_after(sc, st, e, 1); break;
    default: break;
    }
}

/* Whether gen offers any action in st: 0 if none, else 1 or more (the
 * generator may stop at the first). */
static int count_free(const re_scenario *sc, const re_state *st,
                      void (*gen)(const re_scenario *, const re_state *, emit *))
{
    emit e = emit_none();
    e.any = 1;
    gen(sc, st, &e);
    return e.n;
}

/* ---- reinforcements (scenario format 2; docs/rules/re.md) -------------- */

int re_action_dice(const re_scenario *sc, const re_state *st, re_action a)
{
    if (a.unit == RE_NO_UNIT || a.unit >= sc->nunits || a.target == RE_NO_UNIT ||
        a.target >= sc->nunits)
        return -1;
    switch (a.kind) {
    case RE_A_ATTACK:
    case RE_A_COLUMN: return attack_dice(sc, st, a.unit, a.target, NULL);
    case RE_A_SKIRMISH:
        return re_attack_dice(re_dice_modifier[RE_DM_SKIRMISH].value, 0,
                              demo_malus(sc, st, u_side(sc, a.unit)));
    default: return -1;
    }
}

gr_status re_sight(const re_scenario *sc, const re_state *st, int u, int col, int row,
                   re_sight_at *out)
{
    memset(out, 0, sizeof *out);
    out->target = -1;
    if (u < 0 || u >= sc->nunits || !u_alive(st, u) || col < 0 || row < 0 || col >= sc->cols ||
        row >= sc->rows)
        return GR_EINPUT;
    AT_TURN(sc, st->turn); /* the map as this turn's changes leave it */
    gr_hex from = u_hex(st, u), to = gr_hex_from_offset(col, row);
    int d = gr_hex_distance(from, to);
    out->range = d;
    int limit =
        st->turn <= RE_MAX_TURNS && sc->ext.sight[st->turn] ? sc->ext.sight[st->turn] : 1000;
    uint8_t grid[RE_MAX_ROWS * RE_MAX_COLS];
    occ_grid(sc, st, grid);
    /* §8, as art_targets reads it: fog or night cuts it short */
    out->fog = d > limit;
    out->sees = d == 0 || (!out->fog && re_los(sc, from, to, grid));
    int t = re_unit_at(sc, st, col, row);
    if (t >= 0 && u_side(sc, t) != u_side(sc, u))
        out->target = t;
    if (d == 0 || !out->sees)
        return GR_OK;
    if (u_type(sc, u) == RE_ARTILLERY) {
        /* §2.1, as fire_next counts them: dice by range, the target's
         * terrain when an enemy stands there, demoralisation; none against
         * artillery ("sans effet contre de l'artillerie") */
        int base = re_artillery_dice(d);
        if (base <= 0)
            return GR_OK;
        int ter = out->target >= 0
                      ? re_terrain_fire_dice(sc, from, to, u_type(sc, out->target), NULL, 0, NULL)
                      : 0;
        out->dice = out->target >= 0 && u_type(sc, out->target) == RE_ARTILLERY
                        ? 0
                        : re_attack_dice(base, 0, ter + demo_malus(sc, st, u_side(sc, u)));
        return GR_OK;
    }
    if (d != 1)
        return GR_OK; /* combat is with an adjacent unit (§4.3: "1 case") */
    if (out->target >= 0)
        out->dice = attack_dice(sc, st, u, out->target, NULL);
    else
        out->dice =
            re_attack_dice(re_unit_dice(u_type(sc, u)), 0, demo_malus(sc, st, u_side(sc, u)));
    if (out->dice < 0)
        out->dice = 0;
    return GR_OK;
}

int re_unit_waiting(const re_scenario *sc, const re_state *st, int u)
{
    return u >= 0 && u < sc->nunits && st->units[u].figures > 0 && st->units[u].col < 0;
}

/* Reinforcement r has units still off the map that have not been called. */
static int reinf_due(const re_scenario *sc, const re_state *st, int r)
{
    if (st->turn < sc->ext.reinf[r].turn)
        return 0;
    for (int u = 0; u < sc->nunits; u++)
        if (sc->ext.unit_reinf[u] == r + 1 && re_unit_waiting(sc, st, u) && !st->units[u].called)
            return 1;
    return 0;
}

static void reinf_call(const re_scenario *sc, re_state *st, int r)
{
    for (int u = 0; u < sc->nunits; u++)
        if (sc->ext.unit_reinf[u] == r + 1 && re_unit_waiting(sc, st, u))
            st->units[u].called = 1;
}

/* Every called unit, in the order of the units, takes the first of its
 * reinforcement's entry hexes that is free and that its type may stand in;
 * a unit that finds none waits for the start of the next turn. */
static void reinf_place(const re_scenario *sc, re_state *st, gr_log *log)
{
    for (int u = 0; u < sc->nunits; u++) {
        if (!re_unit_waiting(sc, st, u) || !st->units[u].called)
            continue;
        int r = sc->ext.unit_reinf[u] - 1;
        const re_reinforcement *rf = &sc->ext.reinf[r];
        int placed = 0;
        for (int i = 0; i < rf->nentry && !placed; i++) {
            gr_hex h = gr_hex_from_offset(rf->entry[i][0], rf->entry[i][1]);
            if (!on_map(sc, h) || unit_at_hex(sc, st, h) >= 0 ||
                !re_terrain_can_stand(sc, h, u_type(sc, u)))
                continue;
            st->units[u].col = rf->entry[i][0];
            st->units[u].row = rf->entry[i][1];
            st->units[u].called = 0;
            placed = 1;
            note_hex(note(log, RE_EV_ARRIVE, RE_P_REINF, u, -1, r, 0), 0, rf->entry[i][0],
                     rf->entry[i][1]);
        }
        if (!placed)
            note(log, RE_EV_ENTRY_BLOCKED, RE_P_REINF, u, -1, r, 0);
    }
}

/* The start of a turn, before the chits: each reinforcement due enters
 * (those with a die roll stop at a chance node, RE_ST_ARRIVAL, and the
 * walk goes on from the next one once the die is applied, apply_arrival).
 * `from`: the first reinforcement to look at. */
static void turn_start(const re_scenario *sc, re_state *st, int from, gr_log *log)
{
    for (int r = from; r < sc->ext.nreinf; r++) {
        if (!reinf_due(sc, st, r))
            continue;
        if (sc->ext.reinf[r].roll) {
            st->stage = RE_ST_ARRIVAL;
            st->arrival = (uint8_t)r;
            return;
        }
        reinf_call(sc, st, r);
    }
    {
        /* placed on the terrain as it stands on the new turn */
        re_scenario buf;
        reinf_place(re_tables_at_turn(sc, st->turn, &buf), st, log);
    }
    if (st->turn <= RE_MAX_TURNS && sc->ext.sight[st->turn])
        note(log, RE_EV_SIGHT, RE_P_SIGHT, -1, -1, st->turn, sc->ext.sight[st->turn]);
    st->arrival = 0;
    st->side = 0;
    st->stage = RE_ST_CHITS;
}

static void apply_arrival(const re_scenario *sc, re_state *st, int face, gr_log *log)
{
    int r = st->arrival;
    int enters = face >= sc->ext.reinf[r].roll;
    gr_event *e = note(log, RE_EV_ARRIVAL_ROLL, RE_P_REINF, -1, -1, r, sc->ext.reinf[r].roll);
    if (e) {
        e->faces[0] = (uint8_t)face;
        e->nfaces = 1;
        e->vals[2] = enters;
    }
    if (enters)
        reinf_call(sc, st, r);
    turn_start(sc, st, r + 1, log);
}

static void end_turn(const re_scenario *sc, re_state *st, gr_log *log)
{
    note(log, RE_EV_TURN_END, RE_P_ACT, -1, -1, st->turn, 0);
    if (st->turn >= sc->turns) {
        finish(sc, st, log);
        return;
    }
    st->turn++;
    for (int u = 0; u < sc->nunits; u++)
        st->units[u].flags &= (uint8_t)RE_UF_RETREATED;
    memset(st->chosen, 0, sizeof st->chosen);
    memset(st->drawn, 0, sizeof st->drawn);
    st->corps = RE_NO_UNIT;
    st->side = 0;
    st->stage = RE_ST_CHITS;
    note(log, RE_EV_TURN_START, RE_P_ACT, -1, -1, st->turn, 0);
    /* terrain that changes on this turn (sc: as it stood on the last) */
    for (int i = 0; i < sc->ext.nchanges && i < RE_MAX_CHANGES; i++) {
        const re_terrain_change *c = &sc->ext.changes[i];
        if (c->turn != st->turn)
            continue;
        gr_event *e =
            note(log, RE_EV_TERRAIN_CHANGE, RE_P_TERRAIN_CHANGE, -1, -1,
                 c->what & RE_TC_TERRAIN ? c->terrain : -1, c->what & RE_TC_FLAGS ? c->flags : -1);
        note_hex(e, 0, c->col, c->row);
        note_vals(e, sc->map[c->row][c->col].terrain, sc->map[c->row][c->col].flags);
    }
    turn_start(sc, st, 0, log);
}

static void end_activation(const re_scenario *sc, re_state *st, gr_log *log)
{
    if (st->corps != RE_NO_UNIT)
        note(log, RE_EV_ACTIVATION_END, RE_P_ACT, st->corps, -1, 0, 0);
    clear_activation(sc, st);
    st->corps = RE_NO_UNIT;
    st->stage = RE_ST_DRAW;
}

/* Pass every stage that has nothing to decide. */
static void settle(const re_scenario *sc, re_state *st, gr_log *log)
{
    for (;;) {
        if (st->stage == RE_ST_OVER)
            return;
        if ((sc->ext.sudden_death[0] || sc->ext.sudden_death[1]) && sudden_death(sc, st, log))
            return;
        if (!side_alive(sc, st, 0) || !side_alive(sc, st, 1)) {
            note(log, RE_EV_NO_UNIT_LEFT, RE_P_GOAL, side_alive(sc, st, 0) ? 1 : 0, -1, 0, 0);
            finish(sc, st, log);
            return;
        }
        switch (st->stage) {
        case RE_ST_CHITS:
            if (count_free(sc, st, gen_chits) == 0) {
                note(log, RE_EV_CHITS, RE_P_ACT, st->side, -1, st->chosen[st->side], 0);
                if (st->side == 0)
                    st->side = 1;
                else
                    st->stage = RE_ST_DRAW;
                continue;
            }
            return;
        case RE_ST_DRAW:
            if (bowl_total(sc, st) == 0) {
                end_turn(sc, st, log);
                continue;
            }
            return;
        case RE_ST_GROUP: {
            uint8_t comp[RE_MAX_UNITS], anchors[RE_MAX_UNITS];
            int n = corps_groups(sc, st, st->corps, comp, anchors);
            if (n <= 1) {
                activate_in(sc, st, n ? anchors[0] : -1, comp, log);
                continue;
            }
            return;
        }
        case RE_ST_FIRE:
            if (count_free(sc, st, gen_fire) == 0) {
                st->stage = RE_ST_MOVE;
                continue;
            }
            return;
        case RE_ST_MOVE:
            if (!any_move(sc, st)) {
                assert(count_free(sc, st, gen_move) == 0);
                st->stage = RE_ST_COMBAT;
                continue;
            }
            return;
        case RE_ST_COMBAT:
            if (count_free(sc, st, gen_combat) == 0) {
                end_activation(sc, st, log);
                continue;
            }
            return;
        case RE_ST_RETREAT:
            if (count_free(sc, st, gen_retreat) == 0) {
                retreat_blocked(sc, st, log);
                continue;
            }
            return;
        default: return;
        }
    }
}

/* ---- public API --------------------------------------------------------- */

gr_status re_init(const re_scenario *sc, re_state *st, gr_error *err)
{
    if (!sc || !st)
        return gr_error_set(err, GR_EINPUT, "re_init: no scenario or no state");
    if (sc->cols < 1 || sc->cols > RE_MAX_COLS || sc->rows < 1 || sc->rows > RE_MAX_ROWS)
        return gr_error_set(err, GR_EINPUT, "scenario '%s': map %dx%d, accepted 1..%d x 1..%d",
                            sc->id, sc->cols, sc->rows, RE_MAX_COLS, RE_MAX_ROWS);
    if (sc->nunits > RE_MAX_UNITS || sc->ncorps > RE_MAX_CORPS ||
        sc->nobjectives > RE_MAX_OBJECTIVES)
        return gr_error_set(err, GR_EINPUT,
                            "scenario '%s': %d units, %d corps, %d objectives; at most %d, %d, %d",
                            sc->id, sc->nunits, sc->ncorps, sc->nobjectives, RE_MAX_UNITS,
                            RE_MAX_CORPS, RE_MAX_OBJECTIVES);
    if (sc->turns < 1)
        return gr_error_set(err, GR_EINPUT, "scenario '%s': %d turns, at least 1 accepted", sc->id,
                            sc->turns);
    for (int s = 0; s < RE_SIDES; s++)
        if (sc->sides[s].retreat_dir >= GR_HEX_DIRS)
            return gr_error_set(err, GR_EINPUT,
                                "scenario '%s': side %d retreat direction %d, "
                                "accepted 0..5",
                                sc->id, s, sc->sides[s].retreat_dir);
    for (int c = 0; c < sc->ncorps; c++)
        if (sc->corps[c].side >= RE_SIDES)
            return gr_error_set(err, GR_EINPUT, "scenario '%s': corps %d side %d, accepted 0 or 1",
                                sc->id, c, sc->corps[c].side);
    memset(st, 0, sizeof *st);
    for (int u = 0; u < sc->nunits; u++) {
        const re_unitdef *ud = &sc->units[u];
        if (ud->side >= RE_SIDES || ud->type >= RE_UNIT_TYPES || ud->corps >= sc->ncorps ||
            sc->corps[ud->corps].side != ud->side || ud->figures < 1)
            return gr_error_set(
                err, GR_EINPUT,
                "scenario '%s': unit %d '%s': side %d, type %d, corps %d, figures "
                "%d; accepted side 0/1, type 0..4, a corps of its side, >= 1 figure",
                sc->id, u, ud->name, ud->side, ud->type, ud->corps, ud->figures);
        if (sc->ext.unit_reinf[u]) {
            if (sc->ext.unit_reinf[u] > sc->ext.nreinf || sc->ext.nreinf > RE_MAX_REINF)
                return gr_error_set(err, GR_EINPUT,
                                    "scenario '%s': unit '%s' enters with reinforcement %d of %d",
                                    sc->id, ud->name, sc->ext.unit_reinf[u], sc->ext.nreinf);
            st->units[u].col = -1;
            st->units[u].row = -1;
            st->units[u].figures = ud->figures;
            st->units[u].skirmisher = (uint8_t)(ud->skirmisher && is_inf(ud->type));
            continue;
        }
        if (ud->col < 0 || ud->col >= sc->cols || ud->row < 0 || ud->row >= sc->rows)
            return gr_error_set(err, GR_EINPUT, "scenario '%s': unit '%s' at %d,%d is off the map",
                                sc->id, ud->name, ud->col, ud->row);
        for (int v = 0; v < u; v++)
            if (!sc->ext.unit_reinf[v] && sc->units[v].col == ud->col &&
                sc->units[v].row == ud->row)
                return gr_error_set(err, GR_EINPUT,
                                    "scenario '%s': units '%s' and '%s' share hex "
                                    "%d,%d",
                                    sc->id, sc->units[v].name, ud->name, ud->col, ud->row);
        st->units[u].col = ud->col;
        st->units[u].row = ud->row;
        st->units[u].figures = ud->figures;
        st->units[u].skirmisher = (uint8_t)(ud->skirmisher && is_inf(ud->type));
    }
    st->nunits = sc->nunits;
    st->turn = 1;
    st->stage = RE_ST_CHITS;
    st->side = 0;
    st->corps = RE_NO_UNIT;
    st->retreat.unit = RE_NO_UNIT;
    for (int r = 0; r < sc->ext.nreinf && r < RE_MAX_REINF; r++) {
        const re_reinforcement *rf = &sc->ext.reinf[r];
        if (rf->roll > 6 || rf->nentry < 1 || rf->nentry > RE_MAX_ENTRY)
            return gr_error_set(err, GR_EINPUT,
                                "scenario '%s': reinforcement %d: roll %d, %d entry hexes; "
                                "accepted roll 0..6, 1..%d hexes",
                                sc->id, r, rf->roll, rf->nentry, RE_MAX_ENTRY);
    }
    if (sc->ext.nreinf > RE_MAX_REINF)
        return gr_error_set(err, GR_EINPUT, "scenario '%s': %d reinforcements, at most %d", sc->id,
                            sc->ext.nreinf, RE_MAX_REINF);
    turn_start(sc, st, 0, NULL);
    settle(sc, st, NULL);
    return GR_OK;
}

int re_current_player(const re_scenario *sc, const re_state *st)
{
    switch (st->stage) {
    case RE_ST_DRAW:
    case RE_ST_DICE:
    case RE_ST_ARRIVAL: return RE_CHANCE;
    case RE_ST_OVER: return RE_TERMINAL;
    case RE_ST_EVADE:
    case RE_ST_RIPOSTE: return u_side(sc, st->combat.target);
    case RE_ST_RETREAT: return u_side(sc, st->retreat.unit);
    case RE_ST_AFTER: return u_side(sc, st->combat.attacker);
    default: return st->side;
    }
}

int re_is_terminal(const re_scenario *sc, const re_state *st)
{
    (void)sc;
    return st->stage == RE_ST_OVER;
}

int re_winner(const re_scenario *sc, const re_state *st)
{
    (void)sc;
    if (st->stage != RE_ST_OVER)
        return -2;
    return st->winner == 2 ? -1 : st->winner;
}

int re_legal_actions(const re_scenario *sc, const re_state *st, re_action *out, int cap)
{
    AT_TURN(sc, st->turn);
    emit e = {out, cap, 0, NULL, 0, -1, NULL, NULL, 0, NULL};
    gen_stage(sc, st, &e);
    return e.n;
}

int re_legal_actions_packed(const re_scenario *sc, const re_state *st, gr_action *out, int cap)
{
    AT_TURN(sc, st->turn);
    emit e = {NULL, cap, 0, NULL, 0, -1, NULL, NULL, 0, out};
    gen_stage(sc, st, &e);
    return e.n;
}

int re_each_legal_action(const re_scenario *sc, const re_state *st,
                         void (*fn)(void *ctx, re_action a), void *ctx)
{
    AT_TURN(sc, st->turn);
    emit e = {NULL, 0, 0, NULL, 0, -1, fn, ctx, 0, NULL};
    gen_stage(sc, st, &e);
    return e.n;
}

int re_is_legal(const re_scenario *sc, const re_state *st, re_action a)
{
    AT_TURN(sc, st->turn);
    emit e = {NULL, 0, 0, &a, 0, -1, NULL, NULL, 0, NULL};
    gen_stage(sc, st, &e);
    return e.found;
}

int re_chance_outcomes(const re_scenario *sc, const re_state *st, re_chance *out, int cap)
{
    int n = 0;
    if (st->stage == RE_ST_DRAW) {
        uint32_t tot = (uint32_t)bowl_total(sc, st);
        for (int c = 0; c < sc->ncorps; c++)
            if (st->bowl[c]) {
                if (n < cap)
                    out[n] = (re_chance){mk0(RE_A_DRAW, c), st->bowl[c], tot};
                n++;
            }
    } else if (st->stage == RE_ST_DICE || st->stage == RE_ST_ARRIVAL) {
        for (int f = 1; f <= 6; f++) {
            if (n < cap)
                out[n] = (re_chance){mk0(RE_A_DIE, f), 1, 6};
            n++;
        }
    }
    return n;
}

static void apply_die(const re_scenario *sc, re_state *st, int face, gr_log *log)
{
    re_combat_st *c = &st->combat;
    int h = c->hit;
    re_hit r;
    const char *src = RE_P_LOSS;
    if (c->roll == RE_ROLL_SKIRMISH) {
        r = re_skirmish_loss(face) ? RE_HIT_LOSS : RE_HIT_MISS;
        src = RE_P_SKI;
    } else {
        r = re_die_result(u_type(sc, h), face, c->roll == RE_ROLL_ATTACK && c->column);
    }
    gr_event *e = note(log, RE_EV_DIE, src, h, -1, (int)r, c->roll == RE_ROLL_ATTACK && c->column);
    if (e) {
        e->faces[0] = (uint8_t)face;
        e->nfaces = 1;
        e->vals[2] = c->roll;
    }
    if (r == RE_HIT_LOSS)
        c->losses++;
    else if (r == RE_HIT_RETREAT)
        c->retreats++;
    if (--c->dice_left == 0)
        resolve_hits(sc, st, log);
}

static void apply_fire(const re_scenario *sc, re_state *st, int u, gr_hex target, gr_log *log)
{
    re_combat_st *c = &st->combat;
    memset(c, 0, sizeof *c);
    c->roll = RE_ROLL_ARTILLERY;
    c->attacker = (uint8_t)u;
    st->units[u].flags |= RE_UF_FIRED;
    gr_hex from = u_hex(st, u);
    int d = gr_hex_distance(from, target);
    int t = unit_at_hex(sc, st, target);
    gr_event *e = note(log, RE_EV_FIRE, RE_P_ART, u, t, d, 0);
    int tc, tr;
    off(target, &tc, &tr);
    note_hex(e, 0, st->units[u].col, st->units[u].row);
    note_hex(e, 1, tc, tr);
    c->fire_targets[0] = (uint8_t)t;
    c->fire_range[0] = (uint8_t)d;
    c->nfire = 1;
    /* Enfilade: the target lies straight along a hex row from the battery;
     * the enemy units in the next hexes of that row, within range and
     * without a gap, are hit too. */
    for (int dir = 0; dir < GR_HEX_DIRS; dir++) {
        gr_hex h = from;
        for (int k = 0; k < d; k++)
            h = gr_hex_neighbor(h, dir);
        if (!gr_hex_eq(h, target))
            continue;
        for (int k = d + 1; re_artillery_dice(k) > 0 && c->nfire < RE_MAX_FIRE_TARGETS; k++) {
            h = gr_hex_neighbor(h, dir);
            int o = on_map(sc, h) ? unit_at_hex(sc, st, h) : -1;
            if (o < 0 || u_side(sc, o) == u_side(sc, u))
                break;
            c->fire_targets[c->nfire] = (uint8_t)o;
            c->fire_range[c->nfire] = (uint8_t)k;
            c->nfire++;
        }
    }
    c->ifire = 0;
    fire_next(sc, st, log);
}

/* Whether unit u (not artillery) may still fight once moved to the free
 * hex (col, row) it may reach: the hex is in move_reach's fight set.  The
 * search is made only when the answer is not plain from the two hexes: a
 * hex where no combat is allowed, or farther than the fighting allowance
 * (with the road bonus if u starts on a road), is not in it (no way there
 * is shorter than the distance); a neighbour u may enter from its own hex
 * is (the way of one hex, within every fighting allowance). */
static int move_fights(const re_scenario *sc, const re_state *st, int u, int col, int row)
{
    re_move_terrain buf;
    const re_move_terrain *mt = re_tables_move(sc, &buf);
    int type = u_type(sc, u);
    const uint8_t *tb = mt->bits[type];
    const int start = IDX(st->units[u].col, st->units[u].row), to = IDX(col, row);
    unsigned pb = tb[start], hb = tb[to];
    if (hb & RE_MT_NO_COMBAT)
        return 0;
    int d = gr_hex_distance(u_hex(st, u), gr_hex_from_offset(col, row));
    if (d > re_move_allowance(type, 1) + (pb & RE_MT_ROAD ? RE_ROAD_BONUS : 0))
        return 0;
    if (d == 1 && re_move_allowance(type, 1) >= 1 &&
        ((hb & RE_MT_ENTER) || ((hb & RE_MT_ENTER_ROAD) && (pb & RE_MT_ROAD))))
        return 1; /* re_terrain_can_enter */
    uint8_t occ[HEXES];
    occ_grid(sc, st, occ);
    reach_set m;
    move_reach(sc, st, mt, occ, u, 1, &m, NULL);
    return (int)HAS(m.fight, to);
}

static void apply_move(const re_scenario *sc, re_state *st, re_action a, gr_log *log)
{
    /* artillery never fights */
    int fights = u_type(sc, a.unit) != RE_ARTILLERY && move_fights(sc, st, a.unit, a.col, a.row);
    int from_c = st->units[a.unit].col, from_r = st->units[a.unit].row;
    st->units[a.unit].col = a.col;
    st->units[a.unit].row = a.row;
    st->units[a.unit].flags |= RE_UF_MOVED;
    if (u_type(sc, a.unit) == RE_ARTILLERY)
        st->units[a.unit].flags |= RE_UF_ART_MOVED; /* until the end of the turn */
    int can_fight = fights && u_type(sc, a.unit) != RE_ARTILLERY;
    if (!can_fight)
        st->units[a.unit].flags |= RE_UF_NO_COMBAT;
    int dist =
        gr_hex_distance(gr_hex_from_offset(from_c, from_r), gr_hex_from_offset(a.col, a.row));
    gr_event *e = note(log, RE_EV_MOVE, RE_P_MOVE, a.unit, -1, dist,
                       u_type(sc, a.unit) == RE_ARTILLERY ? RE_EVF_ARTILLERY
                       : can_fight                        ? RE_EVF_MAY_FIGHT
                                                          : RE_EVF_NO_FIGHT);
    note_hex(e, 0, from_c, from_r);
    note_hex(e, 1, a.col, a.row);
}

static void apply_retreat(const re_scenario *sc, re_state *st, re_action a, gr_log *log)
{
    re_retreat_st *rt = &st->retreat;
    if (a.target != RE_NO_UNIT) {
        gr_event *e = note(log, RE_EV_PUSH, RE_P_RETREAT, a.unit, a.target, 0, 0);
        note_hex(e, 0, a.col, a.row);
        note_hex(e, 1, a.col2, a.row2);
        st->units[a.target].col = a.col2;
        st->units[a.target].row = a.row2;
    }
    note_hex(note(log, RE_EV_RETREAT, rt->evasion ? RE_P_EVADE : RE_P_RETREAT, a.unit, -1,
                  rt->evasion, 0),
             0, a.col, a.row);
    st->units[a.unit].col = a.col;
    st->units[a.unit].row = a.row;
    rt->path[rt->npath][0] = a.col;
    rt->path[rt->npath][1] = a.row;
    rt->npath++;
    rt->left--;
    if (rt->left == 0)
        retreat_done(sc, st, log);
}

static void apply_pursue(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_combat_st *c = &st->combat;
    const re_retreat_st *rt = &st->retreat;
    int a = c->attacker, t = c->target;
    int last = rt->npath - 2;
    note_hex(note(log, RE_EV_PURSUIT, RE_P_PURSUIT, a, t, 0, 0), 0, rt->path[last][0],
             rt->path[last][1]);
    st->units[a].col = rt->path[last][0];
    st->units[a].row = rt->path[last][1];
    c->roll = RE_ROLL_PURSUIT;
    c->repulsed = 0;
    c->vacated = 0;
    c->evaded = 0;
    c->column = 0;
    int dice = pursuit_dice(sc, st, a);
    note(log, RE_EV_DICE_BASE, RE_P_PURSUIT, a, -1, re_unit_dice(u_type(sc, a)), RE_ROLL_PURSUIT);
    log_demo(sc, st, u_side(sc, a), log);
    start_roll(st, RE_ROLL_PURSUIT, a, t, dice);
}

static void apply_riposte(const re_scenario *sc, re_state *st, gr_log *log)
{
    re_combat_st *c = &st->combat;
    int a = c->attacker, t = c->target;
    int base = re_riposte_dice(u_type(sc, t));
    re_dice_mod mods[8];
    int nm = 0;
    int ter = re_terrain_combat_dice(sc, u_hex(st, t), u_type(sc, t), u_hex(st, a), u_type(sc, a),
                                     mods, 8, &nm);
    int demo = demo_malus(sc, st, u_side(sc, t));
    int dice = re_attack_dice(base, 0, ter + demo);
    note(log, RE_EV_RIPOSTE, RE_P_RIPOSTE, t, a, 0, 0);
    note(log, RE_EV_DICE_BASE, RE_P_RIPOSTE, t, -1, base, RE_ROLL_RIPOSTE);
    note_terrain(log, mods, nm);
    log_demo(sc, st, u_side(sc, t), log);
    note(log, RE_EV_DICE_TOTAL, RE_P_RIPOSTE, a, -1, dice, RE_ROLL_RIPOSTE);
    c->roll = RE_ROLL_RIPOSTE;
    start_roll(st, RE_ROLL_RIPOSTE, t, a, dice);
}

static void apply_legal(const re_scenario *sc, re_state *st, re_action a, gr_log *log);

gr_status re_apply(const re_scenario *sc, re_state *st, re_action a, gr_log *log, gr_error *err)
{
    AT_TURN(sc, st->turn);
    emit e = {NULL, 0, 0, &a, 0, -1, NULL, NULL, 0, NULL};
    gen_stage(sc, st, &e);
    if (!e.found) {
        e = emit_none();
        gen_stage(sc, st, &e); /* how many there are, for the message */
        char buf[128], sbuf[128];
        re_action_describe(sc, st, a, buf, sizeof buf);
        re_state_describe(sc, st, sbuf, sizeof sbuf);
        return gr_error_set(err, GR_EILLEGAL,
                            "'%s' is not a legal action now (%s; %d legal "
                            "actions)",
                            buf, sbuf, e.n);
    }
    apply_legal(sc, st, a, log);
    return GR_OK;
}

void re_apply_trusted(const re_scenario *sc, re_state *st, re_action a, gr_log *log)
{
    assert(re_is_legal(sc, st, a));
    AT_TURN(sc, st->turn);
    apply_legal(sc, st, a, log);
}

/* Apply an action known to be legal, then settle the state. */
static void apply_legal(const re_scenario *sc, re_state *st, re_action a, gr_log *log)
{
    switch (a.kind) {
    case RE_A_CHIT:
        st->bowl[a.unit]++;
        st->chosen[st->side]++;
        break;
    case RE_A_CHITS_DONE:
        note(log, RE_EV_CHITS, RE_P_ACT, st->side, -1, st->chosen[st->side], 0);
        if (st->side == 0)
            st->side = 1;
        else
            st->stage = RE_ST_DRAW;
        break;
    case RE_A_DRAW: {
        int tot = bowl_total(sc, st);
        note(log, RE_EV_DRAW, RE_P_ACT, a.unit, -1, st->bowl[a.unit], tot);
        st->bowl[a.unit]--;
        st->drawn[a.unit]++;
        st->corps = a.unit;
        st->side = sc->corps[a.unit].side;
        st->stage = RE_ST_GROUP;
        break;
    }
    case RE_A_DIE:
        if (st->stage == RE_ST_ARRIVAL)
            apply_arrival(sc, st, a.unit, log);
        else
            apply_die(sc, st, a.unit, log);
        break;
    case RE_A_GROUP: activate(sc, st, a.unit, log); break;
    case RE_A_FIRE: apply_fire(sc, st, a.unit, gr_hex_from_offset(a.col, a.row), log); break;
    case RE_A_SKIRMISH: {
        re_combat_st *c = &st->combat;
        memset(c, 0, sizeof *c);
        c->roll = RE_ROLL_SKIRMISH;
        c->attacker = a.unit;
        c->target = a.target;
        st->units[a.unit].flags |= RE_UF_SKIRMISHED;
        int dice = re_attack_dice(re_dice_modifier[RE_DM_SKIRMISH].value, 0,
                                  demo_malus(sc, st, u_side(sc, a.unit)));
        note(log, RE_EV_SKIRMISH, RE_P_SKI, a.unit, a.target, dice, 0);
        log_demo(sc, st, u_side(sc, a.unit), log);
        start_roll(st, RE_ROLL_SKIRMISH, a.unit, a.target, dice);
        break;
    }
    case RE_A_END_FIRE: st->stage = RE_ST_MOVE; break;
    case RE_A_MOVE: apply_move(sc, st, a, log); break;
    case RE_A_END_MOVE: st->stage = RE_ST_COMBAT; break;
    case RE_A_ATTACK:
    case RE_A_COLUMN: start_attack(sc, st, a.unit, a.target, a.kind == RE_A_COLUMN, log); break;
    case RE_A_END_ACTIVATION: end_activation(sc, st, log); break;
    case RE_A_EVADE:
        note(log, RE_EV_EVADE, RE_P_EVADE, a.unit, -1, 0, 0);
        st->combat.evaded = 1;
        begin_retreat(st, a.unit, st->combat.attacker, RE_EVASION_HEXES, 1);
        break;
    case RE_A_STAND: {
        note(log, RE_EV_STAND, RE_P_EVADE, a.unit, -1, 0, 0);
        int dice = attack_dice(sc, st, st->combat.attacker, a.unit, log);
        start_roll(st, RE_ROLL_ATTACK, st->combat.attacker, a.unit, dice);
        break;
    }
    case RE_A_RETREAT: apply_retreat(sc, st, a, log); break;
    case RE_A_RIPOSTE: apply_riposte(sc, st, log); break;
    case RE_A_NO_RIPOSTE:
        note(log, RE_EV_NO_RIPOSTE, RE_P_RIPOSTE, a.unit, -1, 0, 0);
        combat_end(sc, st, log);
        break;
    case RE_A_TAKE_GROUND:
        note_hex(note(log, RE_EV_TAKE_GROUND, RE_P_GROUND, a.unit, -1, 0, 0), 0, a.col, a.row);
        st->units[a.unit].col = a.col;
        st->units[a.unit].row = a.row;
        combat_end(sc, st, log);
        break;
    case RE_A_PURSUE: apply_pursue(sc, st, log); break;
    case RE_A_STOP:
        if (riposte_possible(sc, st)) {
            st->stage = RE_ST_RIPOSTE;
            break;
        }
        combat_end(sc, st, log);
        break;
    default: break;
    }
    settle(sc, st, log);
}

gr_status re_apply_chance(const re_scenario *sc, re_state *st, re_action a, gr_log *log,
                          gr_error *err)
{
    if (re_current_player(sc, st) != RE_CHANCE)
        return gr_error_set(err, GR_EILLEGAL, "not a chance node: the player to move is %d",
                            re_current_player(sc, st));
    return re_apply(sc, st, a, log, err);
}

int re_random_action(const re_scenario *sc, const re_state *st, gr_rng *rng, re_action *out)
{
    if (st->stage == RE_ST_OVER)
        return 0;
    if (re_current_player(sc, st) == RE_CHANCE) {
        re_chance ch[RE_MAX_OUTCOMES];
        int n = re_chance_outcomes(sc, st, ch, RE_MAX_OUTCOMES);
        uint32_t r = gr_rng_below(rng, ch[0].den);
        for (int i = 0; i < n; i++) {
            if (r < ch[i].num) {
                *out = ch[i].action;
                return 1;
            }
            r -= ch[i].num;
        }
        *out = ch[n - 1].action;
        return 1;
    }
    AT_TURN(sc, st->turn);
    emit e = emit_none();
    gen_stage(sc, st, &e);
    if (e.n == 0)
        return 0;
    emit p = {out, 1, 0, NULL, 0, (int)gr_rng_below(rng, (uint32_t)e.n), NULL, NULL, 0, NULL};
    gen_stage(sc, st, &p);
    return 1;
}

uint64_t re_hash(const re_scenario *sc, const re_state *st)
{
    (void)sc;
    return gr_fnv1a64(GR_FNV1A64_INIT, st, sizeof *st);
}
