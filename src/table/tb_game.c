/* tb_game.c - the table's game, one for every system (tb.h, "the join"):
 * the companion's battle (battle.h) is the rules' state, the table
 * (tabletop.h) holds where every unit stands; every decision is a verb of
 * the companion whose facts the table measures, every die a chance node,
 * every result carried out on the table.
 *
 * No rule is written here: a test is the companion's (prepared from its
 * state, resolved, applied back by bt_<system>*.c); its legality is the
 * companion's prepare; distances, arcs, sight, moves and retreats are the
 * table's.  What a system adds (which facts the table gives a test, what a
 * result does to the stands, its phases' decisions) is its join
 * (tb_aoe.c: docs/rules/aoe.md "On the table: the battle file and the
 * game"). */
#include "grognard/tb.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/bt_game.h"
#include "grognard/dice.h"
#include "grognard/effect.h"
#include "grognard/hash.h"
#include "grognard/resolve.h"
#include "grognard/table.h"
#include "tb_join.h"

/* ---- the state ------------------------------------------------------------- */

static const tb_scenario *scen(const void *sc)
{
    return sc;
}

const gr_battle *tb_game_battle(const void *st)
{
    return &((const tb_state *)st)->b;
}

const tt_table *tb_game_table(const void *st)
{
    return &((const tb_state *)st)->t;
}

int tb_game_move_unit(const void *st)
{
    return ((const tb_state *)st)->x.mv_unit;
}

/* ---- small helpers ------------------------------------------------------------ */

tt_unit *tb_on_table(tt_table *t, int id)
{
    return tt_table_unit(t, id);
}

const tt_unit *tb_on_table_c(const tt_table *t, int id)
{
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            return &t->units[i];
    return NULL;
}

void tb_take_off(tt_table *t, int id)
{
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id) {
            memmove(&t->units[i], &t->units[i + 1],
                    (size_t)(t->nunits - i - 1) * sizeof t->units[0]);
            t->nunits--;
            memset(&t->units[t->nunits], 0, sizeof t->units[0]);
            return;
        }
}

/* Lay unit u out again from its pose, the stands the battle says it has
 * left and its formation. */
void tb_relayout(const tb_state *s, tt_table *t, tt_unit *u)
{
    const gr_bt_unit *bu = &s->b.units[u->id];
    int form = tb_join_formation(tb_join_of_state(s), bu->arm, bu->formation);
    tt_unit n = *u;
    n.nstands = gr_bt_unit_stands(bu);
    if (form >= 0)
        n.pose.form = (tt_formation)form;
    if (n.nstands < 1)
        return;
    if (tt_unit_layout(&n, tt_unit_base(t, &n), NULL) == GR_OK)
        *u = n;
}

/* src into dst (cap bytes), cut to fit: snprintf's "%s" without its
 * formatting, for the calls a search builds by the thousand. */
static void word_copy(char *dst, size_t cap, const char *src)
{
    size_t n = strnlen(src, cap - 1);
    memcpy(dst, src, n);
    dst[n] = 0;
}

void tb_call_fact(gr_bt_call *c, const char *key, const char *val)
{
    if (c->nin >= GR_BT_MAX_INPUTS)
        return;
    word_copy(c->key[c->nin], GR_BT_ID, key);
    word_copy(c->val[c->nin], GR_BT_ID, val);
    c->nin++;
}

void tb_call_init(gr_bt_action *a, const char *verb, int unit, int target)
{
    memset(a, 0, sizeof *a);
    word_copy(a->call.verb, sizeof a->call.verb, verb);
    a->call.unit = unit;
    a->call.target = target;
    a->call.leader = -1;
}

/* The companion's answer to "may this be asked now?": the verb's phase,
 * then its prepare (a unit that cannot act, a fact refused). */
int tb_allowed(const gr_battle *b, const gr_bt_action *a)
{
    const gr_bt_verb *v = gr_battle_verb(b, a->call.verb);
    if (!v || gr_battle_verb_open(b, v, NULL) != GR_OK)
        return 0;
    gr_args args;
    memset(&args, 0, sizeof args);
    return b->rules->prepare(b, v, &a->call, &args, NULL) == GR_OK; /* no message wanted */
}

/* The edge distance a..b in milli-inches, rounded up (so that a column
 * "up to and including N" is read exactly: N is a whole number of
 * milli-inches). */
int64_t tb_dist_ceil(const tt_unit *a, const tt_unit *b)
{
    tt_q d2 = tt_unit_dist2(a, b);
    int64_t f = tt_dist_floor(d2);
    return tt_q_cmp_len(d2, f) == 0 ? f : f + 1;
}

/* The cover value of the ground unit u stands on: the best of the areas
 * holding its front centre (the file's `cover`). */
int64_t tb_depth_of(const tt_table *t, const tt_unit *u)
{
    int64_t depth = 0;
    for (int i = 0; i < u->nstands; i++) {
        int64_t d = (int64_t)(u->row[i] + 1) * tt_unit_base(t, u).d;
        if (d > depth)
            depth = d;
    }
    return depth;
}

int tb_pivot_fits(const tb_state *s, int u, int deg, tt_pose *out)
{
    const tt_unit *tu = tb_on_table_c(&s->t, u);
    if (!tu)
        return 0;
    tt_unit n = *tu;
    n.pose.face = tt_dir_turn(n.pose.face, deg);
    int ok = tt_unit_fits(&s->t, &n);
    if (ok && out)
        *out = n.pose;
    return ok;
}

int tb_cover_of(const tb_scenario *sc, const tt_table *t, const tt_unit *u)
{
    int best = 0;
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (t->kinds[f->kind].polyline || sc->cover[i] <= best)
            continue;
        if (tt_point_in_poly(f->v, f->n, u->pose.at) >= 0)
            best = sc->cover[i];
    }
    return best;
}

/* Where general l stands: with the brigade he is attached to (its front
 * centre), else his own place; 0 if he is not on the table or not active. */
int tb_leader_pos(const tb_state *s, int l, tt_pt *p)
{
    const gr_bt_leader *x = &s->b.leaders[l];
    if (!gr_bt_leader_active(x))
        return 0;
    if (x->attached >= 0) {
        const tt_unit *u = tb_on_table_c(&s->t, x->attached);
        if (!u)
            return 0;
        *p = u->pose.at;
        return 1;
    }
    if (!s->x.leader_on[l])
        return 0;
    *p = s->leader_at[l];
    return 1;
}

int tb_game_leader_at(const void *st, int l, tt_pt *p)
{
    const tb_state *s = st;
    return l >= 0 && l < s->b.nleaders && tb_leader_pos(s, l, p);
}

/* Generals follow their brigades: an attached general's place is his
 * brigade's (kept when it is gone). */
static void follow_leaders(tb_state *s)
{
    for (int l = 0; l < s->b.nleaders; l++) {
        int a = s->b.leaders[l].attached;
        const tt_unit *u = a >= 0 ? tb_on_table_c(&s->t, a) : NULL;
        if (u) {
            s->leader_at[l] = u->pose.at;
            s->x.leader_on[l] = 1;
        }
    }
}

/* The moves of the unit whose move is to be chosen (tt_move_set with its
 * mover): the one list that enumeration, apply and describe read.  The
 * last list of each thread is kept, keyed by a hash of everything it
 * depends on (the table's fields up to its units and its features, hashed
 * once by tb_init as s->ground; the units in use, the unit, its
 * allowance; of each unit, its stands in use, not its room for more): a
 * pure function's memory, so that a search listing the moves and then
 * applying one computes them once.  The hash reads eight bytes at a step
 * (words_hash), many times faster than a byte-wise FNV. */
typedef struct move_memo {
    uint64_t key;
    int valid, n;
    tt_option opt[TT_MAX_OPTIONS];
} move_memo;

static _Thread_local move_memo memo_of_thread;

/* A 64-bit hash of n bytes, eight at a time (a multiply and a shift
 * each), the rest one at a time: a memory's key, never stored. */
static uint64_t words_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* The key of the table's ground: its fields up to its units, and its
 * features in use. */
static uint64_t ground_key(const tt_table *t)
{
    uint64_t key = words_hash(UINT64_C(14695981039346656037), t, offsetof(tt_table, units));
    key = words_hash(key, &t->nfeatures, sizeof t->nfeatures);
    return words_hash(key, t->features, (size_t)t->nfeatures * sizeof t->features[0]);
}

const tt_option *tb_move_set(const tb_state *s, int *n)
{
    move_memo *memo = &memo_of_thread;
    const tt_table *t = &s->t;
    uint64_t key = words_hash(s->ground, &t->nunits, sizeof t->nunits);
    for (int i = 0; i < t->nunits; i++) { /* what the table reads of a unit */
        const tt_unit *u = &t->units[i];
        int k = u->nstands > 0 && u->nstands <= TT_MAX_STANDS ? u->nstands : TT_MAX_STANDS;
        key = words_hash(key, u, offsetof(tt_unit, st) + (size_t)k * sizeof u->st[0]);
        key = words_hash(key, u->row, (size_t)k * sizeof u->row[0]);
        key = words_hash(key, &u->lo, sizeof u->lo + sizeof u->hi);
    }
    key = words_hash(key, &s->x.mv_unit, sizeof s->x.mv_unit);
    key = words_hash(key, &s->x.mv_allow, sizeof s->x.mv_allow);
    const tb_join *j = tb_join_of_state(s);
    key = words_hash(key, &j, sizeof j);
    if (!memo->valid || memo->key != key) {
        tt_mover mv;
        j->mover(s, s->x.mv_unit, s->x.mv_allow, &mv);
        memo->n = tt_move_set(&s->t, s->x.mv_unit, &mv, memo->opt, TT_MAX_OPTIONS);
        memo->key = key;
        memo->valid = 1;
    }
    *n = memo->n;
    return memo->opt;
}

/* The squared distance from point p (a unit's front centre) to the
 * nearest stand of unit e, exact. */
tt_q tb_front_to(tt_pt p, const tt_unit *e)
{
    tt_q best = tt_dist2_poly(&p, 1, e->st[0].c, 4);
    for (int i = 1; i < e->nstands; i++) {
        tt_q d = tt_dist2_poly(&p, 1, e->st[i].c, 4);
        if (tt_q_cmp(d, best) < 0)
            best = d;
    }
    return best;
}

int tb_toward_enemy(const tb_state *s, const tt_option *o)
{
    const tt_unit *u = tb_on_table_c(&s->t, s->x.mv_unit),
                  *e = tb_on_table_c(&s->t, s->x.mv_toward);
    if (!u || !e)
        return -1;
    if (o->kind == TT_MK_CONTACT)
        return o->target == e->id;
    if (o->kind != TT_MK_ADVANCE && o->kind != TT_MK_WHEEL)
        return 0;
    return tt_q_cmp(tb_front_to(o->end.at, e), tb_front_to(u->pose.at, e)) < 0;
}

/* ---- the table follows the battle ------------------------------------------- */

void tb_snapshot(const tb_state *s, tb_before *bf)
{
    for (int i = 0; i < s->b.nunits; i++) {
        bf->stands[i] = s->b.units[i].removed ? 0 : gr_bt_unit_stands(&s->b.units[i]);
        memcpy(bf->formation[i], s->b.units[i].formation, GR_BT_ID);
    }
}

/* Stands removed and the formation re-formed, units removed from play
 * taken off the table. */
void tb_follow_battle(tb_state *s, const tb_before *bf)
{
    for (int i = 0; i < s->b.nunits; i++) {
        const gr_bt_unit *bu = &s->b.units[i];
        tt_unit *u = tb_on_table(&s->t, i);
        if (!u)
            continue;
        if (bu->removed || gr_bt_unit_stands(bu) < 1) {
            tb_take_off(&s->t, i);
            s->x.moved = 1;
            continue;
        }
        if (gr_bt_unit_stands(bu) != bf->stands[i] || strcmp(bu->formation, bf->formation[i])) {
            tb_relayout(s, &s->t, u);
            s->x.moved = 1;
        }
    }
}

/* Stands each army has lost: the stands lost by its units, and all that
 * were left of those removed from play. */
int tb_army_lost(const gr_battle *b, int side)
{
    int n = 0;
    for (int i = 0; i < b->nunits; i++) {
        const gr_bt_unit *u = &b->units[i];
        if (u->side != side)
            continue;
        n += u->removed ? u->stands : u->lost;
    }
    return n;
}

int tb_points_of(const tb_scenario *sc, const tb_state *s, int side)
{
    int p = 0;
    for (int i = 0; i < sc->nobjectives; i++)
        if (s->x.holder[i] == side)
            p += sc->objective[i].points;
    return p;
}

/* The critical levels reached, recorded with the companion's `critical`
 * (-1 each to the initiative); an army at its breaking level ends the
 * battle. */
static void check_armies(const tb_scenario *sc, tb_state *s)
{
    int broken[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        int lost = tb_army_lost(&s->b, side), lv = 0;
        for (int k = 0; k < sc->ncritical[side]; k++)
            lv += sc->critical[side][k] <= lost;
        if (lv > s->x.levels[side]) {
            s->x.levels[side] = lv;
            gr_bt_action a;
            char buf[16];
            tb_call_init(&a, "critical", -1, -1);
            snprintf(buf, sizeof buf, "%d", side);
            tb_call_fact(&a.call, "side", buf);
            snprintf(buf, sizeof buf, "%d", lv);
            tb_call_fact(&a.call, "levels", buf);
            gr_battle_do(&s->b, &a, NULL, NULL);
        }
        broken[side] = sc->army_morale[side] > 0 && s->x.levels[side] >= sc->army_morale[side];
    }
    if (broken[0] || broken[1]) {
        s->x.over = 1;
        s->x.winner = broken[0] && broken[1] ? GR_DRAW : broken[0] ? 1 : 0;
    }
}

/* The end of the last turn: objectives, then (if the file says so) the
 * stands lost. */
void tb_end_of_battle(const tb_scenario *sc, tb_state *s)
{
    s->x.over = 1;
    s->x.winner = GR_DRAW;
    int p0 = tb_points_of(sc, s, 0), p1 = tb_points_of(sc, s, 1);
    if (sc->vp_objectives && p0 != p1) {
        s->x.winner = p0 > p1 ? 0 : 1;
        return;
    }
    int l0 = tb_army_lost(&s->b, 0), l1 = tb_army_lost(&s->b, 1);
    if (sc->vp_destroyed && l0 != l1)
        s->x.winner = l0 < l1 ? 0 : 1;
}

/* Who would hold objective i if the segment ended now (docs/table.md): the
 * side with a stand of a brigade within its radius while the other has
 * none; else its holder. */
int tb_holder_now(const tb_scenario *sc, const tb_state *s, int i)
{
    const tb_objective *o = &sc->objective[i];
    int near[2] = {0, 0};
    for (int k = 0; k < s->t.nunits; k++) {
        const tt_unit *u = &s->t.units[k];
        if (s->b.units[u->id].arm == GR_BT_ARTILLERY)
            continue;
        if (tt_within_radius(u, o->at, o->radius))
            near[u->side] = 1;
    }
    return near[0] != near[1] ? (near[0] ? 0 : 1) : s->x.holder[i];
}

/* At a segment's end: who holds each objective (docs/table.md). */
void tb_take_objectives(const tb_scenario *sc, tb_state *s)
{
    for (int i = 0; i < sc->nobjectives; i++)
        s->x.holder[i] = tb_holder_now(sc, s, i);
}

/* Reinforcements of the side whose segment begins (before its reserve
 * movement); a place taken waits for the side's next segment. */
void tb_arrivals(const tb_scenario *sc, tb_state *s)
{
    int side = gr_battle_active_side(&s->b);
    for (int i = 0; i < sc->narrivals; i++) {
        const tb_arrival *a = &sc->arrival[i];
        if (s->x.arrived[i] || a->turn > s->b.turn)
            continue;
        if (a->leader >= 0) {
            if (s->b.leaders[a->leader].side != side)
                continue;
            s->leader_at[a->leader] = a->pose.at;
            s->x.leader_on[a->leader] = 1;
            s->x.arrived[i] = 1;
            continue;
        }
        const gr_bt_unit *bu = &s->b.units[a->unit];
        if (bu->side != side || bu->removed)
            continue;
        tt_unit u;
        memset(&u, 0, sizeof u);
        u.id = a->unit;
        u.side = bu->side;
        u.arm = tb_arm_of(bu->arm);
        u.nstands = gr_bt_unit_stands(bu);
        u.pose = a->pose;
        if (tt_table_add_unit(&s->t, &u, NULL) == GR_OK) {
            s->x.arrived[i] = 1;
            s->x.moved = 1;
        }
    }
}

void tb_segment_start(const tb_scenario *sc, tb_state *s)
{
    for (int i = 0; i < GR_BT_MAX_UNITS; i++)
        s->x.charge_from[i] = -1;
    memset(s->x.leader_acted, 0, sizeof s->x.leader_acted);
    memset(s->x.leader_moved, 0, sizeof s->x.leader_moved);
    tb_arrivals(sc, s);
}

gr_status tb_leader_move(tb_state *s, int l, tt_pt to, int64_t reach, const tb_leader_words *w,
                         gr_error *err)
{
    const char *id = s->b.leaders[l].id;
    tt_pt at;
    if (s->b.leaders[l].attached >= 0 || !tb_leader_pos(s, l, &at))
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is not a detached %s on the table: an attached %s moves with %s",
                            id, w->noun, w->noun, w->moves_with);
    if (s->x.leader_moved[l])
        return gr_error_set(err, GR_EILLEGAL, "%s has moved this %s", id, w->period);
    if (to.x < s->t.lo.x || to.x > s->t.hi.x || to.y < s->t.lo.y || to.y > s->t.hi.y)
        return gr_error_set(err, GR_EILLEGAL, "%s: the point is off the table", id);
    int64_t dx = (int64_t)to.x - at.x, dy = (int64_t)to.y - at.y;
    if (dx * dx + dy * dy > reach * reach)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s moves at most %s in a straight line: that point is farther", id,
                            w->allowance);
    s->leader_at[l] = to;
    s->x.leader_moved[l] = 1;
    return GR_OK;
}

/* ---- results carried out on the table ------------------------------------------ */

const gr_effects *tb_step_effects(const gr_step *st)
{
    if (!st->table || !st->table->effects || st->cell.outcome < 0 ||
        (size_t)st->cell.outcome >= st->table->noutcomes)
        return NULL;
    return &st->table->effects[st->cell.outcome];
}

void tb_retreat(tb_state *s, int ui, int64_t dist)
{
    tt_unit *u = tb_on_table(&s->t, ui);
    if (!u || dist <= 0)
        return;
    tt_pose end;
    int64_t done = 0;
    if (tt_retreat(&s->t, ui, dist, &end, &done, NULL) == GR_OK && done > 0) {
        u->pose = end;
        tb_relayout(s, &s->t, u);
        s->x.moved = 1;
    }
}

/* ---- steps ---------------------------------------------------------------- */

void tb_after_step(const tb_scenario *sc, tb_state *s)
{
    follow_leaders(s);
    const tb_join *j = tb_join_of_state(s);
    if (j->after_step)
        j->after_step(sc, s);
    if (!s->x.over)
        check_armies(sc, s);
}

/* Try the pending test with its dice so far: done, or waiting for the
 * next roll (a chance node).  keep (may be NULL): the outcome of the test
 * when it is done (keep->resolved 0 otherwise), for the log. */
static gr_status try_test(const tb_scenario *sc, tb_state *s, gr_bt_outcome *keep, gr_error *err)
{
    gr_bt_outcome *out = malloc(sizeof *out);
    tb_before *bf = malloc(sizeof *bf);
    gr_status st = GR_OK;
    if (!out || !bf) {
        st = gr_error_set(err, GR_ERUNTIME, "out of memory resolving a test");
        goto done;
    }
    /* not cleared (17 KB): gr_battle_do_exact sets what is read of it, its
     * resolved flag, its instructions' count and its resolution's counts */
    tb_snapshot(s, bf);
    gr_bt_action a = s->test;
    gr_roll_kind need = GR_ROLL_NONE;
    const char *name = NULL;
    if (!strcmp(a.call.verb, "initiative") && !s->x.choosing &&
        !gr_bt_call_get(&a.call, "choose")) {
        /* the rolls on a copy: once they decide, the winner chooses to be
         * 1st or 2nd player (seed 000) before anything is applied */
        gr_battle *copy = malloc(sizeof *copy);
        if (!copy) {
            st = gr_error_set(err, GR_ERUNTIME, "out of memory resolving the initiative");
            goto done;
        }
        memcpy(copy, &s->b, sizeof *copy);
        tb_call_fact(&a.call, "choose", "first");
        st = gr_battle_do_exact(copy, &a, out, &need, &name, err);
        int winner = copy->first;
        free(copy);
        if (st != GR_OK)
            goto done;
        if (need == GR_ROLL_NONE) {
            s->x.pending = s->x.need = s->x.parts = s->x.got = 0;
            s->x.choosing = 1 + winner;
            goto done;
        }
        a = s->test;
    }
    if ((st = gr_battle_do_exact(&s->b, &a, out, &need, &name, err)) != GR_OK)
        goto done;
    if (need != GR_ROLL_NONE) {
        int lo, hi, parts = gr_roll_parts((gr_roll_kind)need, &lo, &hi);
        if (parts == 0) {
            st = gr_error_set(err, GR_ERUNTIME, "a test needs a roll the table cannot take");
            goto done;
        }
        if (s->test.nrolls + parts > GR_MAX_ROLLS) {
            /* a roll made again more times than a test keeps dice (the
             * initiative's fourth tie): nothing is applied and the test is
             * asked again, as « both roll again » reads */
            s->x.pending = s->x.need = s->x.parts = s->x.got = 0;
            memset(&s->test, 0, sizeof s->test);
            goto done;
        }
        s->x.pending = 1;
        s->x.need = (int)need;
        s->x.parts = parts;
        s->x.got = 0;
        goto done;
    }
    s->x.pending = s->x.need = s->x.parts = s->x.got = 0;
    s->x.choosing = 0;
    tb_join_of_state(s)->after_test(sc, s, &s->test, out, bf);
    if (keep)
        memcpy(keep, out, sizeof *keep);
    memset(&s->test, 0, sizeof s->test);
    tb_after_step(sc, s);
done:
    free(out);
    free(bf);
    return st;
}

gr_status tb_start_test(const tb_scenario *sc, tb_state *s, const gr_bt_action *a,
                        gr_bt_outcome *keep, gr_error *err)
{
    s->test = *a;
    s->test.nrolls = 0;
    return try_test(sc, s, keep, err);
}

/* ---- the type's entries ---------------------------------------------------- */

static gr_status tb_init(const void *scv, void *st, gr_error *err)
{
    (void)err;
    const tb_scenario *sc = scen(scv);
    tb_state *s = st;
    memset(s, 0, sizeof *s);
    memcpy(&s->b, &sc->start, sizeof s->b);
    memcpy(&s->t, &sc->table, sizeof s->t);
    s->ground = ground_key(&s->t);
    memcpy(s->leader_at, sc->leader_at, sizeof s->leader_at);
    s->x.mv_unit = -1;
    memcpy(s->x.leader_on, sc->leader_on, sizeof s->x.leader_on);
    follow_leaders(s);
    for (int i = 0; i < GR_BT_MAX_UNITS; i++)
        s->x.charge_from[i] = -1;
    for (int i = 0; i < sc->nobjectives; i++)
        s->x.holder[i] = sc->objective[i].held;
    s->x.winner = GR_ONGOING;
    s->x.moved = 1; /* the zones are recorded at the first step after the interphase */
    const tb_join *j = tb_join_of(sc);
    if (j->init)
        j->init(sc, s);
    return GR_OK;
}

static int tb_current_player(const void *sc, const void *st)
{
    const tb_state *s = st;
    if (s->x.over)
        return GR_TERMINAL;
    if (s->x.pending)
        return GR_CHANCE;
    if (s->x.choosing)
        return s->x.choosing - 1;
    if (s->x.mv_unit >= 0)
        return s->b.units[s->x.mv_unit].side;
    int p = tb_join_of_state(s)->answering(scen(sc), s);
    return p >= 0 ? p : gr_battle_active_side(&s->b);
}

static int tb_chance_outcomes(const void *sc, const void *st, gr_chance_outcome *out, int cap)
{
    (void)sc;
    const tb_state *s = st;
    if (!s->x.pending || s->x.over)
        return 0;
    int lo, hi, n = 0;
    gr_roll_parts((gr_roll_kind)s->x.need, &lo, &hi);
    for (int v = lo; v <= hi && n < cap; v++) {
        uint32_t den, w = gr_roll_part_ways((gr_roll_kind)s->x.need, v, &den);
        out[n++] = (gr_chance_outcome){(gr_action)v, w, den};
    }
    return n;
}

#define PUSH(a)                                                                                    \
    do {                                                                                           \
        if (n < cap)                                                                               \
            out[n] = (a);                                                                          \
        n++;                                                                                       \
    } while (0)

static int tb_legal_actions(const void *scv, const void *st, gr_action *out, int cap)
{
    const tb_scenario *sc = scen(scv);
    const tb_state *s = st;
    const tb_join *j = tb_join_of_state(s);
    int n = 0;
    if (s->x.over)
        return 0;
    if (s->x.pending) {
        gr_chance_outcome o[12];
        int k = tb_chance_outcomes(scv, st, o, 12);
        for (int i = 0; i < k; i++)
            PUSH(o[i].action);
        return n < cap ? n : cap;
    }
    if (s->x.choosing) {
        PUSH(tb_act(K_CHOOSE, -1, -1, 0));
        PUSH(tb_act(K_CHOOSE, -1, -1, 1));
        return n < cap ? n : cap;
    }
    if (s->x.mv_unit >= 0) {
        int k, before = n;
        const tt_option *o = tb_move_set(s, &k);
        for (int i = 0; i < k; i++)
            if (j->move_ok(s, &o[i]))
                PUSH(tb_act(K_MOVE, s->x.mv_unit, -1, (uint64_t)i));
        /* nowhere to go (none of its moves fits, or none is the join's), or
         * it may stay */
        if (n == before || j->hold_listed(s))
            PUSH(tb_act(K_MOVE, s->x.mv_unit, -1, TB_ARG_MASK));
        return n < cap ? n : cap;
    }
    return j->actions(sc, s, out, cap);
}

/* The pose of a K_POSE action, from the unit's current facing. */
static tt_pose pose_of(const tt_unit *u, gr_action act)
{
    unsigned tb = (unsigned)((act >> 40) & 0xff);
    tt_pose p;
    p.at = tb_act_point(act);
    int turn = (int)(tb & 31) * 15 - 180;
    p.face = turn ? tt_dir_turn(u->pose.face, turn) : u->pose.face;
    p.form = (tt_formation)(tb >> 5);
    return p;
}

/* An action whose unused fields are empty, with its unit on the table. */
static int well_formed(const tb_state *s, gr_action act)
{
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    uint64_t arg = tb_act_arg(act);
    const tb_join *j = tb_join_of_state(s);
    int unit = u >= 0 && u < s->b.nunits && tb_on_table_c(&s->t, u);
    int target = t >= 0 && t < s->b.nunits && tb_on_table_c(&s->t, t);
    switch (k) {
    case K_NEXT:
    case K_INITIATIVE: return u == -1 && t == -1 && arg == 0;
    case K_RESERVE: return unit && t == -1 && arg == 0;
    case K_MOVEMENT: return unit && t == -1 && arg < (uint64_t)j->nchanges;
    case K_FIRE:
    case K_COMBAT: return unit && target && arg == 0;
    case K_BATTERY: return unit && t == -1 && arg < (uint64_t)j->nbattery;
    case K_ATTACH: return unit && t >= 0 && t < s->b.nleaders && arg == 0;
    case K_DETACH: return u == -1 && t >= 0 && t < s->b.nleaders && arg == 0;
    case K_COUNTERCHARGE: return unit && target && arg == 0;
    case K_NO_COUNTER: return u == -1 && target && arg == 0;
    case K_CHOOSE: return u == -1 && t == -1 && arg <= 1;
    case K_GENERAL: return u == -1 && t >= 0 && t < s->b.nleaders;
    case K_MOVE: return unit && t == -1;
    case K_REACT: return unit && (t == -1 || target) && arg == 0;
    case K_EFC:
    case K_EVADE:
    case K_DECLINE: return unit && target && arg == 0;
    case K_REPLACE: return u == -1 && t >= 0 && t < s->b.nleaders && arg == 0;
    case K_POSE: return unit && ((act >> 40) & 31) < 24 && ((act >> 45) & 7) < TT_NFORMATIONS;
    default: return 0;
    }
}

/* Apply a decision or a die: GR_OK, or why it is refused (s may then be
 * changed: callers work on a copy). */
/* One step of the game; keep (may be NULL): the outcome of a test the
 * step resolved (keep->resolved 0 when none), for the log. */
static gr_status step_kept(const tb_scenario *sc, tb_state *s, gr_action act, gr_bt_outcome *keep,
                           gr_error *err)
{
    if (s->x.over)
        return gr_error_set(err, GR_EILLEGAL, "the battle is over");
    if (s->x.pending) {
        uint32_t den;
        if (act > 12 || !gr_roll_part_ways((gr_roll_kind)s->x.need, (int)act, &den))
            return gr_error_set(err, GR_EILLEGAL, "%d is not a value of the %s", (int)act,
                                gr_roll_name((gr_roll_kind)s->x.need));
        s->test.rolls[s->test.nrolls++] = (int)act;
        if (++s->x.got < s->x.parts)
            return GR_OK;
        return try_test(sc, s, keep, err);
    }
    int k = tb_act_kind(act), u = tb_act_unit(act);
    if (!well_formed(s, act))
        return gr_error_set(err, GR_EILLEGAL, "not an action of the table's game now");
    if (s->x.choosing || k == K_CHOOSE) {
        if (!s->x.choosing)
            return gr_error_set(err, GR_EILLEGAL, "no initiative waits for its winner's choice");
        if (k != K_CHOOSE)
            return gr_error_set(err, GR_EILLEGAL,
                                "the %s won the initiative: they choose first (`initiative "
                                "--choose first` or `initiative --choose second`)",
                                s->b.side_name[s->x.choosing - 1]);
        tb_call_fact(&s->test.call, "choose", tb_act_arg(act) ? "second" : "first");
        return try_test(sc, s, keep, err);
    }
    if (s->x.mv_unit >= 0) {
        if ((k != K_MOVE && k != K_POSE) || u != s->x.mv_unit)
            return gr_error_set(err, GR_EILLEGAL, "%s moves now: choose its move",
                                s->b.units[s->x.mv_unit].id);
        const tb_join *jn = tb_join_of_state(s);
        tt_unit *tu = tb_on_table(&s->t, u);
        tt_mover mv;
        jn->mover(s, u, s->x.mv_allow, &mv);
        tt_pose end = tu->pose;
        int target = -1;
        const tt_move *made = NULL;
        gr_status st;
        if (k == K_MOVE && tb_act_arg(act) != TB_ARG_MASK) {
            int n;
            const tt_option *opt = tb_move_set(s, &n);
            uint64_t i = tb_act_arg(act);
            if (!opt || i >= (uint64_t)n)
                return gr_error_set(err, GR_EILLEGAL, "%s has %d moves; no move %" PRIu64,
                                    s->b.units[u].id, n, i);
            if ((st = jn->move_refused(s, act, err)) != GR_OK)
                return st;
            end = opt[i].end;
            made = &opt[i].move;
            target = opt[i].kind == TT_MK_CONTACT ? opt[i].target : -1;
        } else if ((st = jn->move_refused(s, act, err)) != GR_OK) {
            return st;
        } else if (k == K_POSE) {
            tt_verdict v;
            end = pose_of(tu, act);
            st = tt_check_pose(&s->t, u, &mv, end, &v, err);
            if (st != GR_OK)
                return st;
            if (!v.ok)
                return gr_error_set(err, GR_EILLEGAL, "%s cannot stand there: %s", s->b.units[u].id,
                                    v.why);
        }
        if (jn->moving)
            jn->moving(sc, s, u, &mv, made, end);
        if (end.form != tu->pose.form && jn->set_formation)
            jn->set_formation(s, u, end.form);
        /* the distance a charge starts from, for « de moins de 5" » */
        for (int j = 0; j < s->t.nunits; j++) {
            const tt_unit *e = &s->t.units[j];
            if (e->side == tu->side || (target >= 0 && e->id != target))
                continue;
            tt_unit moved = *tu;
            moved.pose = end;
            if (tt_unit_layout(&moved, tt_unit_base(&s->t, &moved), NULL) == GR_OK &&
                tt_in_contact(&s->t, &moved, e)) {
                s->x.charge_from[u] = (int32_t)tt_dist_floor(tt_unit_dist2(tu, e));
                break;
            }
        }
        tu->pose = end;
        tb_relayout(s, &s->t, tu);
        s->x.moved = 1;
        s->x.mv_unit = -1;
        s->x.mv_allow = 0;
        s->x.mv_break = s->x.mv_toward = 0;
        if (jn->moved)
            jn->moved(sc, s, u);
        s->x.mv_change = 0;
        tb_after_step(sc, s);
        return GR_OK;
    }
    return tb_join_of_state(s)->step(sc, s, act, keep, err);
}

static gr_status step(const tb_scenario *sc, tb_state *s, gr_action act, gr_error *err)
{
    return step_kept(sc, s, act, NULL, err);
}

/* Legal: a listed action (or a die of the pending roll), or a pose a
 * person drags that the table accepts. */
static int tb_is_legal(const void *sc, const void *st, gr_action a)
{
    const tb_state *s = st;
    if (!s->x.pending && tb_act_kind(a) != K_POSE && tb_act_kind(a) != K_GENERAL) {
        gr_action *all = malloc(512 * sizeof *all);
        int n = all ? tb_legal_actions(sc, st, all, 512) : 0, found = 0;
        for (int i = 0; i < n && !found; i++)
            found = all[i] == a;
        free(all);
        return found;
    }
    tb_state *t = malloc(sizeof *t);
    int ok = 0;
    if (t) {
        memcpy(t, st, sizeof *t);
        ok = step(scen(sc), t, a, NULL) == GR_OK;
    }
    free(t);
    return ok;
}

/* ---- what happened, as events (the server's log) -------------------------------
 * Written by tb_apply from the state before and after the step, so that the
 * rules (step) need no log: a decision and where its unit stands after it,
 * a die, each unit whose stands changed, a new phase, the end.  A test the
 * step resolved adds, as details of the step's line (gr_event.detail), one
 * event per modifier and one per table read:
 * - TB_EV_MOD: vals kind (gr_mod_kind), value (a DRM's; a multiplier's
 *   numerator), denominator, and 1 + side when the modifier counts (0: listed,
 *   not counted); said: the sheet's line; rule: its source.
 * - TB_EV_READ: vals the table's index in the system's tables, the result's
 *   index in the table's outcomes, the dice total (-1: no roll) and the net
 *   modifier; faces the dice; said the printed cell; rule the table's source.
 * The line itself cites the procedure's source. */
enum {
    TB_EV_ACT = 1,
    TB_EV_DIE,
    TB_EV_STANDS,
    TB_EV_PHASE,
    TB_EV_END,
    TB_EV_MOD,
    TB_EV_READ,
    TB_EV_COUNT
};

static const gr_system *tb_system(const tb_join *j)
{
    return gr_system_find(j->system);
}

/* The modifiers and table reads of a resolved test, as details of `line`. */
static void log_resolution(const tb_join *j, const gr_resolution *r, gr_event *line, gr_log *log)
{
    const gr_system *sys = tb_system(j);
    const gr_procedure *p = sys && r->procedure ? gr_system_procedure(sys, r->procedure) : NULL;
    if (line && p)
        line->rule = p->source;
    gr_event *e;
    for (int i = 0; i < r->nmods; i++) {
        const gr_mod *m = &r->mods[i];
        if (!(e = gr_log_add(log, TB_EV_MOD, m->source)))
            continue;
        e->detail = 1;
        e->said = m->reason;
        e->vals[0] = (int32_t)m->kind;
        e->vals[1] = m->kind == GR_MOD_MUL ? m->num : m->value;
        e->vals[2] = m->kind == GR_MOD_MUL ? m->den : 0;
        e->vals[3] = m->applied ? 1 + m->side : 0;
    }
    for (int i = 0; i < r->nsteps; i++) {
        const gr_step *st = &r->steps[i];
        int t = -1;
        for (size_t k = 0; sys && k < sys->ntables; k++)
            if (sys->tables[k] == st->table)
                t = (int)k;
        if (t < 0 || !(e = gr_log_add(log, TB_EV_READ, st->table->source)))
            continue;
        e->detail = 1;
        e->said = st->cell.cell;
        e->vals[0] = t;
        e->vals[1] = st->cell.outcome;
        e->vals[2] = -1;
        e->vals[3] = st->modifier;
        if (st->roll >= 0 && st->roll < r->nrolls) {
            const gr_roll_record *rr = &r->rolls[st->roll];
            e->vals[2] = rr->total;
            for (int f = 0; f < rr->nfaces && f < 4; f++)
                e->faces[e->nfaces++] = (uint8_t)rr->faces[f];
        }
    }
}

static void log_step(const tb_state *s, gr_action act, const tb_before *bf, int was_pending,
                     int need, int turn, int phase, int over, const gr_bt_outcome *res, gr_log *log)
{
    gr_event *e;
    if (was_pending) {
        if ((e = gr_log_add(log, TB_EV_DIE, NULL))) {
            e->nfaces = 1;
            e->faces[0] = (uint8_t)act;
            e->vals[0] = need;
        }
    } else if ((e = gr_log_add(log, TB_EV_ACT, NULL))) {
        int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
        e->vals[0] = k;
        e->vals[1] = -1;
        if (u >= 0)
            e->units[0] = (uint8_t)u;
        if (t >= 0)
            e->units[1] = (uint8_t)t; /* a unit, or the general of attach, detach, general */
        const tt_unit *tu = (k == K_MOVE || k == K_POSE) && u >= 0 ? tb_on_table_c(&s->t, u) : NULL;
        if (tu) {
            e->vals[1] = 1;
            e->vals[2] = (int32_t)tu->pose.at.x;
            e->vals[3] = (int32_t)tu->pose.at.y;
        }
    }
    if (res && res->resolved)
        log_resolution(tb_join_of_state(s), &res->res, e, log);
    for (int i = 0; i < s->b.nunits; i++) {
        int now = s->b.units[i].removed ? 0 : gr_bt_unit_stands(&s->b.units[i]);
        if (now != bf->stands[i] && (e = gr_log_add(log, TB_EV_STANDS, NULL))) {
            e->units[0] = (uint8_t)i;
            e->vals[0] = bf->stands[i];
            e->vals[1] = now;
        }
    }
    if ((s->b.turn != turn || s->b.phase != phase) && !s->x.over &&
        (e = gr_log_add(log, TB_EV_PHASE, NULL))) {
        e->vals[0] = s->b.turn;
        e->vals[1] = s->b.phase;
    }
    if (s->x.over && !over && (e = gr_log_add(log, TB_EV_END, NULL)))
        e->vals[0] = s->x.winner;
}

static void tb_apply(const void *sc, void *st, gr_action a, gr_log *log)
{
    tb_state *s = st;
    if (!log) {
        step(scen(sc), s, a, NULL);
        return;
    }
    tb_before *bf = malloc(sizeof *bf);
    gr_bt_outcome *res = calloc(1, sizeof *res);
    if (bf)
        tb_snapshot(s, bf);
    int pending = s->x.pending, need = s->x.need, turn = s->b.turn, phase = s->b.phase,
        over = s->x.over;
    step_kept(scen(sc), s, a, res, NULL);
    if (bf)
        log_step(s, a, bf, pending, need, turn, phase, over, res, log);
    free(res);
    free(bf);
}

static int tb_winner(const void *sc, const void *st)
{
    (void)sc;
    const tb_state *s = st;
    return s->x.over ? s->x.winner : GR_ONGOING;
}

static uint64_t tb_hash(const void *sc, const void *st)
{
    (void)sc;
    const tb_state *s = st;
    uint64_t h = gr_battle_hash(&s->b);
    static const tb_extra none;
    /* the bytes the hash covered before the fields were added: up to
     * `winner`, and the padding that ended the struct then (8-aligned) */
    const size_t old = (offsetof(tb_extra, winner) + sizeof(int) + 7) & ~(size_t)7;
    h = gr_fnv1a64(h, &s->x, old);
    if (memcmp((const char *)&s->x + old, (const char *)&none + old, sizeof s->x - old))
        h = gr_fnv1a64(h, (const char *)&s->x + old, sizeof s->x - old);
    h = gr_fnv1a64(h, s->t.units, (size_t)s->t.nunits * sizeof s->t.units[0]);
    h = gr_fnv1a64(h, s->leader_at, sizeof s->leader_at);
    static const int32_t no_sys[TB_SYS_WORDS];
    if (memcmp(s->sys, no_sys, sizeof s->sys)) /* a join's own counters, when one is set */
        h = gr_fnv1a64(h, s->sys, sizeof s->sys);
    if (s->x.pending || s->x.choosing) {
        int d[2 + GR_MAX_ROLLS * 2] = {0};
        d[0] = s->test.call.unit;
        d[1] = s->test.call.target;
        for (int i = 0; i < s->test.nrolls && i < GR_MAX_ROLLS * 2; i++)
            d[2 + i] = s->test.rolls[i];
        h = gr_fnv1a64(h, s->test.call.verb, sizeof s->test.call.verb);
        h = gr_fnv1a64(h, d, sizeof d);
    }
    return h;
}

/* A move of the move set by its kind (tt_move_kind's order). */
static const char *const move_kinds[] = {"hold",    "advance",   "wheel",
                                         "contact", "fall_back", "road"};

static void inch(int64_t milli, char *buf, size_t cap)
{
    gr_milli_str(milli, buf, cap);
}

static int tb_describe(const void *scv, const void *st, gr_action act, char *buf, size_t cap)
{
    (void)scv;
    const tb_state *s = st;
    if (s->x.pending)
        return snprintf(buf, cap, "%d", (int)act);
    int w = tb_join_of_state(s)->describe(s, act, buf, cap);
    if (w >= 0)
        return w;
    int k = tb_act_kind(act), u = tb_act_unit(act), t = tb_act_target(act);
    const char *uid = u >= 0 && u < s->b.nunits ? s->b.units[u].id : "?";
    const char *tid = t >= 0 && t < s->b.nunits ? s->b.units[t].id : "?";
    switch (k) {
    case K_NEXT: return snprintf(buf, cap, "next");
    case K_INITIATIVE: return snprintf(buf, cap, "initiative");
    case K_RESERVE: return snprintf(buf, cap, "reserve %s", uid);
    case K_FIRE: return snprintf(buf, cap, "fire %s --target %s", uid, tid);
    case K_COMBAT: return snprintf(buf, cap, "combat %s --target %s", uid, tid);
    case K_ATTACH:
        return snprintf(buf, cap, "attach %s --leader %s", uid,
                        t >= 0 && t < s->b.nleaders ? s->b.leaders[t].id : "?");
    case K_DETACH:
        return snprintf(buf, cap, "detach --leader %s",
                        t >= 0 && t < s->b.nleaders ? s->b.leaders[t].id : "?");
    case K_COUNTERCHARGE: return snprintf(buf, cap, "countercharge %s --target %s", uid, tid);
    case K_NO_COUNTER: return snprintf(buf, cap, "countercharge none --target %s", tid);
    case K_CHOOSE:
        return snprintf(buf, cap, "initiative --choose %s", tb_act_arg(act) ? "second" : "first");
    case K_GENERAL: {
        char x[24], y[24];
        tt_pt to = tb_act_point(act);
        inch(to.x, x, sizeof x);
        inch(to.y, y, sizeof y);
        return snprintf(buf, cap, "general %s to %s %s",
                        t >= 0 && t < s->b.nleaders ? s->b.leaders[t].id : "?", x, y);
    }
    case K_MOVE: {
        if (tb_act_arg(act) == TB_ARG_MASK)
            return snprintf(buf, cap, "move %s hold", uid);
        int n = 0;
        const tt_option *opt = u == s->x.mv_unit ? tb_move_set(s, &n) : NULL;
        uint64_t ia = tb_act_arg(act);
        int i = ia < (uint64_t)n ? (int)ia : -1;
        if (i >= 0) {
            char x[24], y[24];
            inch(opt[i].end.at.x, x, sizeof x);
            inch(opt[i].end.at.y, y, sizeof y);
            w = snprintf(buf, cap, "move %s %s%s%s to %s %s", uid, move_kinds[opt[i].kind],
                         opt[i].kind == TT_MK_CONTACT ? " " : "",
                         opt[i].kind == TT_MK_CONTACT && opt[i].target >= 0 &&
                                 opt[i].target < s->b.nunits
                             ? s->b.units[opt[i].target].id
                             : "",
                         x, y);
            if (opt[i].kind == TT_MK_WHEEL && (size_t)w < cap)
                w += snprintf(buf + w, cap - (size_t)w, " (wheel %+d)", opt[i].move.wheel);
            /* a change of formation (a join whose mover offers one) */
            const tt_unit *mu = tb_on_table_c(&s->t, u);
            if (mu && opt[i].end.form != mu->pose.form && w >= 0 && (size_t)w < cap)
                w += snprintf(buf + w, cap - (size_t)w, " (formation %s)",
                              tt_formation_name(opt[i].end.form));
        } else {
            w = snprintf(buf, cap, "move %s %" PRIu64, uid, ia);
        }
        return w;
    }
    case K_POSE: {
        const tt_unit *tu = tb_on_table_c(&s->t, u);
        if (!tu)
            return snprintf(buf, cap, "pose %s", uid);
        tt_pose p = pose_of(tu, act);
        char x[24], y[24];
        inch(p.at.x, x, sizeof x);
        inch(p.at.y, y, sizeof y);
        return snprintf(buf, cap, "pose %s %s %s --turn %d --formation %s", uid, x, y,
                        (int)(((act >> 40) & 31) * 15) - 180, tt_formation_name(p.form));
    }
    default: return snprintf(buf, cap, "(no action)");
    }
}

/* A length "12.5" in inches into milli-inches, exactly (three decimals at
 * most). */
static int parse_inches(const char *s, int64_t *out)
{
    int64_t whole = 0, frac = 0;
    int digits = 0, fd = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++, digits++)
        whole = whole * 10 + (*p - '0');
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++, fd++) {
            if (fd < 3)
                frac = frac * 10 + (*p - '0');
            else if (*p != '0')
                return 0;
        }
    }
    if (*p || !digits || whole > TT_COORD_MAX / 1000)
        return 0;
    for (int i = fd < 3 ? fd : 3; i < 3; i++)
        frac *= 10;
    *out = whole * 1000 + frac;
    return 1;
}

static gr_status tb_parse(const void *scv, const void *st, const char *text, gr_action *out,
                          gr_error *err)
{
    const tb_state *s = st;
    if (s->x.pending) {
        char *end;
        long v = strtol(text, &end, 10);
        uint32_t den;
        if (*end || v < 1 || v > 12 || !gr_roll_part_ways((gr_roll_kind)s->x.need, (int)v, &den))
            return gr_error_set(err, GR_EINPUT, "a die is awaited (%s): type its value",
                                gr_roll_name((gr_roll_kind)s->x.need));
        *out = (gr_action)v;
        return GR_OK;
    }
    if (!strncmp(text, "general ", 8)) {
        char id[GR_BT_ID], xs[24], ys[24];
        int64_t x, y;
        int l = sscanf(text + 8, "%39s to %23s %23s", id, xs, ys) == 3 ? gr_battle_leader(&s->b, id)
                                                                       : -1;
        if (l < 0 || !parse_inches(xs, &x) || !parse_inches(ys, &y) || x > 0xfffff || y > 0xfffff)
            return gr_error_set(err, GR_EINPUT,
                                "general ID to X Y: a general of the order of battle and the "
                                "point he moves to, in inches");
        *out = tb_act(K_GENERAL, -1, l, (uint64_t)y << 20 | (uint64_t)x);
        return GR_OK;
    }
    if (!strncmp(text, "pose ", 5)) {
        char id[GR_BT_ID], xs[24], ys[24], form[24] = "";
        int turn = 0;
        int n =
            sscanf(text + 5, "%39s %23s %23s --turn %d --formation %23s", id, xs, ys, &turn, form);
        int64_t x, y;
        int u = n >= 3 ? gr_battle_unit(&s->b, id) : -1;
        const tt_unit *tu = u >= 0 ? tb_on_table_c(&s->t, u) : NULL;
        if (n < 3 || !tu || !parse_inches(xs, &x) || !parse_inches(ys, &y) || turn % 15 ||
            turn < -180 || turn > 165 || x > 0xfffff || y > 0xfffff)
            return gr_error_set(err, GR_EINPUT,
                                "`pose UNIT X Y [--turn DEGREES --formation F]`: a unit on the "
                                "table, its front centre in inches, a turn of a multiple of 15 "
                                "from -180 to 165");
        int f = tu->pose.form;
        if (form[0]) {
            f = -1;
            for (int i = 0; i < TT_NFORMATIONS; i++)
                if (!strcmp(form, tt_formation_name((tt_formation)i)))
                    f = i;
            if (f < 0)
                return gr_error_set(err, GR_EINPUT, "pose: formation \"%s\" unknown", form);
        }
        unsigned tb = (unsigned)((turn + 180) / 15) | (unsigned)f << 5;
        *out = (gr_action)K_POSE << 56 | (gr_action)((u + 1) & 0xff) << 48 | (gr_action)tb << 40 |
               ((uint64_t)y << 20 | (uint64_t)x);
        return GR_OK;
    }
    gr_action *all = malloc(512 * sizeof *all);
    if (!all)
        return gr_error_set(err, GR_ERUNTIME, "out of memory");
    int n = tb_legal_actions(scv, st, all, 512);
    char buf[200];
    for (int i = 0; i < n; i++) {
        tb_describe(scv, st, all[i], buf, sizeof buf);
        if (!strcmp(buf, text)) {
            *out = all[i];
            free(all);
            return GR_OK;
        }
    }
    char list[600];
    size_t at = 0;
    list[0] = '\0';
    for (int i = 0; i < n && i < 8 && at < sizeof list; i++) {
        tb_describe(scv, st, all[i], buf, sizeof buf);
        at += (size_t)snprintf(list + at, sizeof list - at, "%s\"%s\"", i ? ", " : "", buf);
    }
    free(all);
    return gr_error_set(err, GR_EINPUT, "\"%s\" is not an action now; legal now: %s%s", text, list,
                        n > 8 ? ", ..." : "");
}

static int tb_state_describe(const void *sc, const void *st, char *buf, size_t cap)
{
    (void)sc;
    const tb_state *s = st;
    const gr_battle *b = &s->b;
    return snprintf(buf, cap, "turn %d, %s (%s)%s%s", b->turn, b->rules->phases[b->phase].id,
                    b->side_name[gr_battle_active_side(b)],
                    s->x.pending ? ", a test waits for its dice" : "",
                    s->x.over ? ", the battle is over" : "");
}

/* The state's own fields whole; the table and the battle by their units,
 * features and leaders in use (tt_table_copy, gr_battle_copy): Pratzen's
 * state in a sixth of its 226 KB. */
static void tb_copy(const void *sc, void *dst, const void *src)
{
    (void)sc;
    tb_state *d = dst;
    const tb_state *s = src;
    memcpy(d, s, offsetof(tb_state, t));
    tt_table_copy(&d->t, &s->t);
    gr_battle_copy(&d->b, &s->b);
}

/* Everything on the table and in the battle file is seen by both sides
 * (docs/rules/aoe.md): the observation is the state, as tb_copy writes it
 * into zeroed bytes, so that the same state gives the same observation
 * whatever its bytes held beyond the units in use (a search's copies). */
static void tb_observe(const void *sc, const void *st, int player, void *obs)
{
    (void)player;
    memset(obs, 0, sizeof(tb_state));
    tb_copy(sc, obs, st);
}

static void tb_resample(const void *sc, const void *st, int player, gr_rng *rng, void *out)
{
    (void)player;
    (void)rng;
    tb_copy(sc, out, st); /* nothing of the table is hidden */
}

static int tb_event_text(const void *scv, const gr_event *ev, gr_lang lang, char *buf, size_t cap)
{
    const tb_scenario *sc = scen(scv);
    const gr_battle *b = &sc->start;
    int fr = lang == GR_LANG_FR;
    int u = ev->units[0] != GR_EV_NONE && ev->units[0] < b->nunits ? ev->units[0] : -1;
    const char *uid = u >= 0 ? b->units[u].id : "";
    switch (ev->kind) {
    case TB_EV_ACT: {
        int k = ev->vals[0], t = ev->units[1] != GR_EV_NONE ? ev->units[1] : -1;
        const char *verb = k > 0 && k < K_COUNT ? tb_join_of(sc)->kind_said[fr][k] : "?";
        const char *other = (k == K_ATTACH || k == K_DETACH || k == K_GENERAL || k == K_REPLACE)
                                ? (t >= 0 && t < b->nleaders ? b->leaders[t].id : "")
                            : t >= 0 && t < b->nunits ? b->units[t].id
                                                      : "";
        int n =
            snprintf(buf, cap, "%s%s%s%s%s", verb, *uid ? " " : "", uid, *other ? " " : "", other);
        if (ev->vals[1] == 1 && n >= 0 && (size_t)n < cap) {
            char x[24], y[24];
            inch(ev->vals[2], x, sizeof x);
            inch(ev->vals[3], y, sizeof y);
            n += snprintf(buf + n, cap - (size_t)n, fr ? " : en (%s, %s)" : ": at (%s, %s)", x, y);
        }
        return n;
    }
    case TB_EV_DIE:
        return snprintf(buf, cap, fr ? "dé (%s) : %d" : "die (%s): %d",
                        gr_roll_name((gr_roll_kind)ev->vals[0]), ev->faces[0]);
    case TB_EV_STANDS:
        return snprintf(buf, cap,
                        fr ? "%s : %d socle(s), %d auparavant" : "%s: %d stand(s), %d before", uid,
                        ev->vals[1], ev->vals[0]);
    case TB_EV_PHASE:
        return snprintf(buf, cap, fr ? "tour %d : %s" : "turn %d: %s", ev->vals[0],
                        ev->vals[1] >= 0 && (size_t)ev->vals[1] < b->rules->nphases
                            ? gr_battle_phase_title(b->rules, (size_t)ev->vals[1], lang)
                            : "?");
    case TB_EV_END:
        if (ev->vals[0] == 0 || ev->vals[0] == 1)
            return snprintf(buf, cap,
                            fr ? "fin de la bataille : %s l'emporte" : "the battle is over: %s win",
                            b->side_name[ev->vals[0]]);
        return snprintf(buf, cap,
                        fr ? "fin de la bataille : match nul" : "the battle is over: a draw");
    case TB_EV_MOD: {
        const char *said = ev->said ? ev->said : "?";
        const char *how = ev->vals[3] == 0   ? (fr ? " (non compté)" : " (not counted)")
                          : ev->vals[3] == 2 ? (fr ? " (défenseur)" : " (defender)")
                                             : "";
        if (ev->vals[0] == GR_MOD_DRM)
            return snprintf(buf, cap, fr ? "modificateur %+d : %s%s" : "modifier %+d: %s%s",
                            ev->vals[1], said, how);
        if (ev->vals[0] == GR_MOD_MUL && ev->vals[2] > 1)
            return snprintf(buf, cap, fr ? "multiplié par %d/%d : %s%s" : "times %d/%d: %s%s",
                            ev->vals[1], ev->vals[2], said, how);
        if (ev->vals[0] == GR_MOD_MUL)
            return snprintf(buf, cap, fr ? "multiplié par %d : %s%s" : "times %d: %s%s",
                            ev->vals[1], said, how);
        return snprintf(buf, cap, "%s%s", said, how);
    }
    case TB_EV_READ: {
        const gr_system *sys = tb_system(tb_join_of(sc));
        const gr_table *t = sys && ev->vals[0] >= 0 && (size_t)ev->vals[0] < sys->ntables
                                ? sys->tables[ev->vals[0]]
                                : NULL;
        if (!t || ev->vals[1] < 0 || (size_t)ev->vals[1] >= t->noutcomes)
            return snprintf(buf, cap, "?");
        const gr_outcome *o = &t->outcomes[ev->vals[1]];
        int n = snprintf(buf, cap, "%s", t->title);
        if (ev->vals[2] >= 0 && n >= 0 && (size_t)n < cap) {
            char dice[48] = "";
            size_t dl = 0;
            for (int i = 0; i < ev->nfaces && dl < sizeof dice; i++)
                dl += (size_t)snprintf(dice + dl, sizeof dice - dl, "%s%d",
                                       i ? (fr ? " contre " : " vs ") : "", ev->faces[i]);
            n += snprintf(buf + n, cap - (size_t)n,
                          fr ? " : dés %s, %d %+d = %d" : ": dice %s, %d %+d = %d", dice,
                          ev->vals[2], ev->vals[3], ev->vals[2] + ev->vals[3]);
        }
        if (ev->said && n >= 0 && (size_t)n < cap)
            n += snprintf(buf + n, cap - (size_t)n, fr ? " ; case %s" : "; cell %s", ev->said);
        if (n >= 0 && (size_t)n < cap)
            n += snprintf(buf + n, cap - (size_t)n, fr ? " ; résultat : %s" : "; result: %s",
                          o->label && *o->label ? o->label : o->id);
        return n;
    }
    default: return snprintf(buf, cap, "?");
    }
}

static const char *tb_event_kind_name(int kind)
{
    static const char *const names[TB_EV_COUNT] = {"?",     "action", "die",      "stands",
                                                   "phase", "end",    "modifier", "table"};
    return kind > 0 && kind < TB_EV_COUNT ? names[kind] : "?";
}

static int tb_is_hidden(const void *sc, const void *st, int player, gr_action a)
{
    (void)sc;
    (void)st;
    (void)player;
    (void)a;
    return 0;
}

static int tb_is_pass(const void *sc, const void *st, gr_action a)
{
    (void)sc;
    const tb_state *s = st;
    return !s->x.pending && tb_act_kind(a) == K_NEXT;
}

static int tb_turn(const void *sc, const void *st)
{
    (void)sc;
    return ((const tb_state *)st)->b.turn;
}

static int tb_stats(const void *scv, const void *st, gr_stat *out, int cap)
{
    const tb_scenario *sc = scen(scv);
    const tb_state *s = st;
    int n = 0;
    for (int side = 0; side < 2; side++) {
        if (n < cap) {
            snprintf(out[n].name, GR_STAT_NAME, "stands lost");
            out[n].side = side;
            out[n].value = tb_army_lost(&s->b, side);
        }
        n++;
        if (n < cap) {
            snprintf(out[n].name, GR_STAT_NAME, "objective points");
            out[n].side = side;
            out[n].value = tb_points_of(sc, s, side);
        }
        n++;
    }
    return n < cap ? n : cap;
}

/* How good s is for `player`: stands lost on both sides, objective points
 * (each objective counted for its holder, or with `ahead` for the side that
 * would hold it at the segment's end, holder_now) and the nearness of each
 * side's brigades to the objectives (a heuristic; it decides no rule). */
int32_t tb_judge_common(const tb_scenario *sc, const tb_state *s, int player, int ahead)
{
    if (s->x.over)
        return s->x.winner == player ? GR_EVAL_WIN : s->x.winner == GR_DRAW ? 0 : -GR_EVAL_WIN;
    int other = 1 - player;
    int32_t v = 100 * (tb_army_lost(&s->b, other) - tb_army_lost(&s->b, player));
    if (ahead) {
        for (int i = 0; i < sc->nobjectives; i++) {
            int h = tb_holder_now(sc, s, i);
            v += h == player  ? 150 * sc->objective[i].points
                 : h == other ? -150 * sc->objective[i].points
                              : 0;
        }
    } else {
        v += 150 * (tb_points_of(sc, s, player) - tb_points_of(sc, s, other));
    }
    /* nearer the objectives than the enemy: each objective's nearest
     * brigade of each side, in inches */
    int mover = ahead ? s->x.mv_unit : -1;
    int64_t mover_d = INT32_MAX, mover_pts = 0;
    for (int i = 0; i < sc->nobjectives; i++) {
        int64_t best[2] = {INT32_MAX, INT32_MAX};
        for (int k = 0; k < s->t.nunits; k++) {
            const tt_unit *u = &s->t.units[k];
            if (s->b.units[u->id].arm == GR_BT_ARTILLERY)
                continue;
            int64_t dx = (int64_t)u->pose.at.x - sc->objective[i].at.x,
                    dy = (int64_t)u->pose.at.y - sc->objective[i].at.y;
            int64_t dd = (int64_t)tt_isqrt((tt_u128)(dx * dx + dy * dy)) / TT_UNITS_PER_INCH;
            if (dd < best[u->side])
                best[u->side] = dd;
            if (u->id == mover && dd < mover_d) {
                mover_d = dd;
                mover_pts = sc->objective[i].points;
            }
        }
        if (best[0] < INT32_MAX && best[1] < INT32_MAX)
            v += (int32_t)(sc->objective[i].points * 4 * (best[other] - best[player]));
    }
    /* with `ahead`, a brigade whose move is to be chosen: the inches of its
     * allowance toward its nearest objective (as far as the objective), at
     * the rate above, so that a movement test is worth the move it gives
     * (a change of formation that stops the move, « pas de mouvement »,
     * less than one that does not) */
    if (mover_d < INT32_MAX && s->x.mv_allow > 0) {
        int64_t reach = s->x.mv_allow / TT_UNITS_PER_INCH;
        int64_t gain = mover_pts * 4 * (reach < mover_d ? reach : mover_d);
        v += (int32_t)(s->b.units[mover].side == player ? gain : -gain);
    }
    return v;
}

/* The heuristic player's judgement (game.h evaluate): the objectives as
 * held now. */
static int32_t tb_evaluate(const void *scv, const void *st, int player)
{
    return tb_join_of(scen(scv))->judge(scen(scv), st, player, 0);
}

/* The search's judgement (game.h evaluate_search): the objectives as the
 * segment's end would take them, so that a combat that drives the last
 * enemy brigade out of an objective's radius, or a brigade that enters an
 * empty one, counts where it happens, not only after the segment ends
 * (docs/research/pratzen-table.md, « Why the second seat won »). */
static int32_t tb_evaluate_search(const void *scv, const void *st, int player)
{
    return tb_join_of(scen(scv))->judge(scen(scv), st, player, 1);
}

static const char *tb_player_name(const void *sc, int p)
{
    return p == 0 || p == 1 ? scen(sc)->start.side_name[p] : "?";
}

static size_t tb_digest_bytes(const void *sc)
{
    (void)sc;
    return sizeof(uint64_t);
}

/* Load a battle file as a scenario of type ty (its "type" must be ty's). */
static gr_status tb_load_as(const gr_game_type *ty, const char *text, size_t len, const char *name,
                            void **out, gr_error *err)
{
    *out = NULL;
    if (len > TB_MAX_BYTES)
        return gr_error_set(err, GR_EINPUT,
                            "%s: a battle file is at most %d bytes; this one has %zu", name,
                            TB_MAX_BYTES, len);
    tb_scenario *sc = malloc(sizeof *sc);
    if (!sc)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory loading a battle file", name);
    gr_status st = tb_file_parse(text, len, name, sc, err);
    if (st == GR_OK && tb_join_of(sc)->game != ty)
        st = gr_error_set(err, GR_EINPUT, "%s: a battle file of type \"%s\", not \"%s\"", name,
                          tb_join_of(sc)->type, ty->id);
    if (st != GR_OK) {
        free(sc);
        return st;
    }
    *out = sc;
    return GR_OK;
}

/* 1: the battle file's "type" is `type`. */
static int tb_claims_as(const char *type, const gr_jr_node *root)
{
    const gr_jr_node *t = root->type == GR_JR_OBJECT ? gr_jr_get(root, "type") : NULL;
    return t && t->type == GR_JR_STRING && !strcmp(t->str, type);
}

static const char *tb_scenario_id(const void *sc)
{
    return scen(sc)->id;
}

static const char *tb_scenario_title(const void *sc)
{
    return scen(sc)->title;
}

static int tb_scenario_summary(const void *scv, char *buf, size_t cap)
{
    const tb_scenario *sc = scen(scv);
    char w[24], d[24];
    inch(sc->table.hi.x, w, sizeof w);
    inch(sc->table.hi.y, d, sizeof d);
    const tb_join *j = tb_join_of(sc);
    return snprintf(buf, cap, "%s, %s on a table of %s x %s %s, %d turns, %d units", sc->title,
                    j->name, w, d, j->length_word ? j->length_word : "inches", sc->turns,
                    sc->start.nunits);
}

static json_t *tb_scenario_json(const void *scv)
{
    const tb_scenario *sc = scen(scv);
    json_t *j = json_pack("{sssssssisi}", "game", tb_join_of(sc)->type, "title", sc->title, "id",
                          sc->id, "turns", sc->turns, "units", sc->start.nunits);
    if (!j)
        return NULL;
    json_t *sides = json_array();
    for (int s = 0; s < 2 && sides; s++)
        json_array_append_new(sides, json_pack("{ss}", "name", sc->start.side_name[s]));
    json_object_set_new(j, "sides", sides);
    json_object_set_new(j, "width", json_real((double)sc->table.hi.x / TT_UNITS_PER_INCH));
    json_object_set_new(j, "depth", json_real((double)sc->table.hi.y / TT_UNITS_PER_INCH));
    json_object_set_new(j, "unit", json_string(tb_unit_abbr(tb_join_of(sc))));
    return j;
}

/* A save records an action as its 64-bit id in 16 hexadecimal digits (a
 * die as its value). */
static json_t *tb_action_record(const void *sc, const void *act)
{
    (void)sc;
    gr_action a = gr_game_act_action(act);
    if (a <= 12)
        return json_integer((json_int_t)a);
    char buf[24];
    snprintf(buf, sizeof buf, "%016" PRIx64, (uint64_t)a);
    return json_string(buf);
}

static gr_status tb_action_unrecord(const void *sc, const gr_jr_node *v, const char *name,
                                    void *act, gr_error *err)
{
    (void)sc;
    if (v->type == GR_JR_NUMBER && v->is_int && v->ival >= 1 && v->ival <= 12) {
        gr_game_act_of((gr_action)v->ival, act);
        return GR_OK;
    }
    char *end = NULL;
    unsigned long long x = v->type == GR_JR_STRING ? strtoull(v->str, &end, 16) : 0;
    if (v->type != GR_JR_STRING || v->len != 16 || !end || *end)
        return gr_jr_fail(err, name, v,
                          "\"action\" must be a die's value (1 to 12) or an action's 16 "
                          "hexadecimal digits, as the game wrote it");
    gr_game_act_of((gr_action)x, act);
    return GR_OK;
}

/* ---- the view and the actions as JSON (docs/api.md, "A battle on the table") -- */

/* Milli-inches as inches (a JSON number). */
static json_t *in_json(int64_t milli)
{
    return json_real((double)milli / TT_UNITS_PER_INCH);
}

static json_t *pt_json(tt_pt p)
{
    return json_pack("[oo]", in_json(p.x), in_json(p.y));
}

/* A pose: its front centre, facing (the direction vector), formation and
 * the corners of each stand laid out (front-right, front-left, rear-left,
 * rear-right). */
static json_t *pose_json(const tt_unit *u)
{
    json_t *stands = json_array();
    for (int i = 0; stands && i < u->nstands; i++) {
        json_t *c = json_array();
        for (int k = 0; c && k < 4; k++)
            json_array_append_new(c, pt_json(u->st[i].c[k]));
        json_array_append_new(stands, c);
    }
    return json_pack("{sos[ii]ssso}", "at", pt_json(u->pose.at), "face", u->pose.face.x,
                     u->pose.face.y, "formation", tt_formation_name(u->pose.form), "stands",
                     stands);
}

static json_t *tb_view_json(const void *scv, const void *obs)
{
    const tb_scenario *sc = scen(scv);
    const tb_state *s = obs;
    const gr_battle *b = &s->b;
    json_t *terrain = json_array(), *units = json_array(), *leaders = json_array(),
           *objectives = json_array();
    for (int i = 0; terrain && i < s->t.nfeatures; i++) {
        const tt_feature *f = &s->t.features[i];
        json_t *pts = json_array();
        for (int k = 0; pts && k < f->n; k++)
            json_array_append_new(pts, pt_json(f->v[k]));
        json_array_append_new(terrain, json_pack("{sssisssiso}", "kind", tt_kind_name(f->kind),
                                                 "level", f->level, "name", sc->feature_name[i],
                                                 "cover", sc->cover[i], "points", pts));
    }
    for (int i = 0; units && i < b->nunits; i++) {
        const gr_bt_unit *bu = &b->units[i];
        const tt_unit *u = tb_on_table_c(&s->t, i);
        json_t *o = json_pack(
            "{sssssisssisssbsbsb}", "id", bu->id, "name", bu->name, "side", bu->side, "arm",
            bu->arm == GR_BT_INFANTRY  ? "infantry"
            : bu->arm == GR_BT_CAVALRY ? "cavalry"
                                       : "battery",
            "stands", gr_bt_unit_stands(bu), "formation", bu->formation, "removed", bu->removed,
            "disordered", bu->disordered, "silenced", bu->guns_silenced);
        if (o && u)
            json_object_set_new(o, "pose", pose_json(u));
        if (o && tb_join_of(sc)->unit_json)
            tb_join_of(sc)->unit_json(s, i, u, o);
        json_object_set_new(o, "on_table", json_boolean(u != NULL));
        json_array_append_new(units, o);
    }
    for (int i = 0; leaders && i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        const tt_unit *with = l->attached >= 0 ? tb_on_table_c(&s->t, l->attached) : NULL;
        json_t *o =
            json_pack("{sssssiss}", "id", l->id, "name", l->name, "side", l->side, "role", l->role);
        json_object_set_new(o, "attached",
                            l->attached >= 0 ? json_string(b->units[l->attached].id) : json_null());
        json_object_set_new(o, "at",
                            with                ? pt_json(with->pose.at)
                            : s->x.leader_on[i] ? pt_json(s->leader_at[i])
                                                : json_null());
        json_array_append_new(leaders, o);
    }
    for (int i = 0; objectives && i < sc->nobjectives; i++) {
        const tb_objective *ob = &sc->objective[i];
        json_t *o = json_pack("{sssssososi}", "id", ob->id, "name", ob->name, "at", pt_json(ob->at),
                              "radius", in_json(ob->radius), "points", ob->points);
        json_object_set_new(o, "holder",
                            s->x.holder[i] >= 0 ? json_integer(s->x.holder[i]) : json_null());
        json_array_append_new(objectives, o);
    }
    json_t *lost = json_pack("[ii]", tb_army_lost(b, 0), tb_army_lost(b, 1));
    json_t *phase = json_pack("{ssss}", "id", b->rules->phases[b->phase].id, "title",
                              b->rules->phases[b->phase].title);
    /* the sequence of play, each phase's title as the sheet prints it and
     * in each language of the page (as the companion's view) */
    return json_pack("{sssisisososososososbsoso}", "game", tb_join_of(sc)->type, "turn", b->turn,
                     "turns", sc->turns, "phase", phase, "table",
                     json_pack("{sososs}", "width", in_json(s->t.hi.x), "depth", in_json(s->t.hi.y),
                               "unit", tb_unit_abbr(tb_join_of(sc))),
                     "terrain", terrain, "units", units, "leaders", leaders, "objectives",
                     objectives, "dice_due", s->x.pending, "lost", lost, "sequence",
                     gr_bt_sequence_json(b->rules));
}

/* An action for a page: "text" (tb_describe's, which tb_parse takes back),
 * "verb", "unit" and "target" (ids, null if none) and, for a move or a
 * pose, "pose": where the unit would stand (as in the view). */
static json_t *tb_action_json(const void *scv, const void *st, gr_action a)
{
    const tb_state *s = st;
    char text[256];
    tb_describe(scv, st, a, text, sizeof text);
    if (s->x.pending)
        return json_pack("{ssss}", "text", text, "verb", "die");
    int k = tb_act_kind(a), u = tb_act_unit(a), t = tb_act_target(a);
    int unit_ok = u >= 0 && u < s->b.nunits, target_ok = t >= 0 && t < s->b.nunits;
    int leader = k == K_ATTACH || k == K_DETACH || k == K_GENERAL || k == K_REPLACE;
    json_t *o = json_pack("{ssss}", "text", text, "verb",
                          k >= 0 && k < K_COUNT ? tb_join_of_state(s)->kind_words[k] : "?");
    if (!o)
        return NULL;
    json_object_set_new(o, "unit", unit_ok ? json_string(s->b.units[u].id) : json_null());
    json_object_set_new(o, "target",
                        !leader && target_ok ? json_string(s->b.units[t].id) : json_null());
    if (leader && t >= 0 && t < s->b.nleaders)
        json_object_set_new(o, "leader", json_string(s->b.leaders[t].id));
    const tt_unit *tu = unit_ok ? tb_on_table_c(&s->t, u) : NULL;
    if (tu && (k == K_MOVE || k == K_POSE)) {
        tt_unit ghost = *tu;
        int ok = 1;
        if (k == K_POSE) {
            ghost.pose = pose_of(tu, a);
        } else if (tb_act_arg(a) != TB_ARG_MASK) {
            int n = 0;
            const tt_option *opt = u == s->x.mv_unit ? tb_move_set(s, &n) : NULL;
            ok = tb_act_arg(a) < (uint64_t)n;
            if (ok)
                ghost.pose = opt[tb_act_arg(a)].end;
        }
        if (ok && tt_unit_layout(&ghost, tt_unit_base(&s->t, &ghost), NULL) == GR_OK)
            json_object_set_new(o, "pose", pose_json(&ghost));
    }
    /* what the text says besides, as fields a page words in its language:
     * the kind of a move (and whom a move to contact goes for), a change of
     * formation declared with a movement test, a battery's action */
    uint64_t arg = tb_act_arg(a);
    if (k == K_MOVE) {
        int n = 0;
        const tt_option *opt = u == s->x.mv_unit ? tb_move_set(s, &n) : NULL;
        if (arg == TB_ARG_MASK) {
            json_object_set_new(o, "move", json_string("hold"));
        } else if (arg < (uint64_t)n) {
            json_object_set_new(o, "move", json_string(move_kinds[opt[arg].kind]));
            if (opt[arg].kind == TT_MK_CONTACT && opt[arg].target >= 0 &&
                opt[arg].target < s->b.nunits)
                json_object_set_new(o, "contact", json_string(s->b.units[opt[arg].target].id));
        }
    } else if (k == K_CHOOSE) {
        json_object_set_new(o, "choose", json_string(arg ? "second" : "first"));
    } else if (k == K_GENERAL) {
        tt_pt to = tb_act_point(a);
        json_object_set_new(
            o, "to",
            json_pack("[ff]", (double)to.x / TT_UNITS_PER_INCH, (double)to.y / TT_UNITS_PER_INCH));
    } else if (tb_join_of_state(s)->action_json) {
        tb_join_of_state(s)->action_json(s, a, o);
    }
    return o;
}

/* ---- the text view (grognard play) ------------------------------------------ */

static const char *compass(tt_dir d)
{
    static const char *const names[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    /* the nearest of eight bearings, from the signs and the larger part */
    int64_t x = d.x, y = d.y, ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    int k;
    if (ay >= 2 * ax + ax / 2) /* within 22.5 degrees of north or south (tan 22.5 < 0.42) */
        k = y > 0 ? 0 : 4;
    else if (ax >= 2 * ay + ay / 2)
        k = x > 0 ? 2 : 6;
    else
        k = x > 0 ? (y > 0 ? 1 : 3) : (y > 0 ? 7 : 5);
    return names[k];
}

void tb_game_print(const void *scv, const void *st, FILE *f)
{
    const tb_scenario *sc = scen(scv);
    tb_state *own = NULL;
    if (!st) {
        own = malloc(sizeof *own);
        if (!own || tb_init(scv, own, NULL) != GR_OK) {
            free(own);
            return;
        }
        st = own;
    }
    const tb_state *s = st;
    const gr_battle *b = &s->b;
    const tb_join *jn = tb_join_of(sc);
    char w[24], d[24];
    inch(s->t.hi.x, w, sizeof w);
    inch(s->t.hi.y, d, sizeof d);
    fprintf(f, "%s: a table of %s x %s %s (x east, y north), turn %d of %d, %s\n", sc->title, w, d,
            jn->length_word ? jn->length_word : "inches", b->turn, sc->turns,
            b->rules->phases[b->phase].title);
    for (int side = 0; side < 2; side++) {
        fprintf(f, "%s (home edge %s), %d stands lost:\n", b->side_name[side],
                tb_edge_name((tb_edge)sc->home[side]), tb_army_lost(b, side));
        for (int i = 0; i < b->nunits; i++) {
            const gr_bt_unit *bu = &b->units[i];
            if (bu->side != side)
                continue;
            const tt_unit *u = tb_on_table_c(&s->t, i);
            if (!u) {
                fprintf(f, "  %-16s %s\n", bu->id,
                        bu->removed ? "out of play" : "not on the table yet");
                continue;
            }
            char x[24], y[24];
            inch(u->pose.at.x, x, sizeof x);
            inch(u->pose.at.y, y, sizeof y);
            char notes[128] = "";
            if (jn->unit_notes)
                jn->unit_notes(s, i, u, notes, sizeof notes);
            fprintf(f, "  %-16s %-9s %d stands, %-14s at (%s, %s) facing %-2s %s\n", bu->id,
                    bu->arm == GR_BT_INFANTRY  ? "infantry"
                    : bu->arm == GR_BT_CAVALRY ? "cavalry"
                                               : "battery",
                    gr_bt_unit_stands(bu), bu->formation, x, y, compass(u->pose.face), notes);
            /* what it reaches: fire (range, arc and sight) and contact */
            int any = 0;
            for (int j = 0; j < s->t.nunits; j++) {
                const tt_unit *t = &s->t.units[j];
                if (t->side == side)
                    continue;
                int fire = tt_can_fire(&s->t, u, t,
                                       jn->fire_reach ? jn->fire_reach(sc, bu) : jn->fire_range(bu),
                                       jn->arc_of ? jn->arc_of(bu) : jn->fire_arc);
                int contact = tt_in_contact(&s->t, u, t);
                int seen = tt_los_unit(&s->t, u, t);
                if (!fire && !contact && !seen)
                    continue;
                char dist[24];
                inch(tb_dist_ceil(u, t), dist, sizeof dist);
                fprintf(f, "%s%s %s%s %s", any ? "; " : "      ", b->units[t->id].id, dist,
                        jn->length_word ? " cm" : "\"",
                        contact ? "in contact"
                        : fire  ? "in range and sight"
                                : "in sight");
                any = 1;
            }
            if (any)
                fputc('\n', f);
        }
    }
    for (int i = 0; i < sc->nobjectives; i++) {
        char x[24], y[24];
        inch(sc->objective[i].at.x, x, sizeof x);
        inch(sc->objective[i].at.y, y, sizeof y);
        fprintf(f, "objective %s (%s) at (%s, %s), %d point%s: %s\n", sc->objective[i].id,
                sc->objective[i].name, x, y, sc->objective[i].points,
                sc->objective[i].points > 1 ? "s" : "",
                s->x.holder[i] >= 0 ? b->side_name[s->x.holder[i]] : "held by nobody");
    }
    free(own);
}

/* ---- for the table's questions (tb_ask.c) ---------------------------------- */

int64_t tb_game_move_allowance(const void *st)
{
    return ((const tb_state *)st)->x.mv_allow;
}

int tb_game_move_after_combat(const void *st)
{
    return ((const tb_state *)st)->x.mv_break;
}

void tb_game_mover(const void *st, int u, int64_t allow, tt_mover *mv)
{
    tb_join_of_state(st)->mover(st, u, allow, mv);
}

const tt_option *tb_game_moves(const void *st, int *n)
{
    const tb_state *s = st;
    *n = 0;
    return s->x.mv_unit >= 0 ? tb_move_set(s, n) : NULL;
}

int tb_game_action_pose(const void *st, gr_action a, int *unit, tt_pose *end, int *option)
{
    const tb_state *s = st;
    int k = tb_act_kind(a), u = tb_act_unit(a);
    const tt_unit *tu = s->x.pending ? NULL : tb_on_table_c(&s->t, u);
    if (!tu || (k != K_MOVE && k != K_POSE))
        return 0;
    *unit = u;
    *end = tu->pose;
    *option = -1;
    if (k == K_POSE) {
        *end = pose_of(tu, a);
    } else if (tb_act_arg(a) != TB_ARG_MASK) {
        int n;
        const tt_option *o = u == s->x.mv_unit ? tb_move_set(s, &n) : NULL;
        if (!o || tb_act_arg(a) >= (uint64_t)n)
            return 0;
        *end = o[tb_act_arg(a)].end;
        *option = (int)tb_act_arg(a);
    }
    return 1;
}

gr_status tb_game_check(const void *sc, const void *st, gr_action a, gr_error *err)
{
    if (tb_is_legal(sc, st, a))
        return GR_OK;
    tb_state *t = malloc(sizeof *t);
    if (!t)
        return gr_error_set(err, GR_ERUNTIME, "out of memory checking an action; try again");
    memcpy(t, st, sizeof *t);
    gr_status r = step(scen(sc), t, a, err);
    free(t);
    return r != GR_OK ? r
                      : gr_error_set(err, GR_EILLEGAL,
                                     "not one of the actions open now (the view's \"legal\" lists "
                                     "them)");
}

int tb_game_test_call(const void *sc, const void *st, gr_action a, gr_bt_action *out)
{
    const tb_state *s = st;
    int k = tb_act_kind(a);
    if (s->x.pending || (k != K_FIRE && k != K_COMBAT))
        return 0;
    return tb_join_of_state(s)->call_of(scen(sc), s, a, out);
}

int tb_game_call(const void *sc, const void *st, gr_action a, gr_bt_action *out)
{
    const tb_state *s = st;
    if (s->x.pending)
        return 0;
    return tb_join_of_state(s)->call_of(scen(sc), s, a, out);
}

int64_t tb_game_fire_range(const gr_bt_unit *u)
{
    return tb_join_aoe.fire_range(u);
}

const char *tb_unit_abbr(const tb_join *j)
{
    return j && j->length_word && !strcmp(j->length_word, "cm") ? "cm" : "in";
}

int tb_parse_inches(const char *s, int64_t *out)
{
    return parse_inches(s, out);
}

/* ---- the game types and the joins ---------------------------------------------- */

const tb_join *const tb_joins[] = {&tb_join_aoe, &tb_join_nf, &tb_join_rff, NULL};

const tb_join *tb_join_by_type(const char *type)
{
    for (int i = 0; tb_joins[i]; i++)
        if (!strcmp(tb_joins[i]->type, type))
            return tb_joins[i];
    return NULL;
}

const tb_join *tb_join_by_system(const char *system)
{
    for (int i = 0; tb_joins[i]; i++)
        if (!strcmp(tb_joins[i]->system, system))
            return tb_joins[i];
    return NULL;
}

const tb_join *tb_join_of(const tb_scenario *sc)
{
    return tb_join_by_system(sc->start.rules->system);
}

const tb_join *tb_join_of_state(const tb_state *s)
{
    return tb_join_by_system(s->b.rules->system);
}

int tb_join_formation(const tb_join *j, gr_bt_arm arm, const char *word)
{
    for (int i = 0; i < j->nformations; i++)
        if (!strcmp(j->formations[i].word, word) && (j->formations[i].arms & (1u << arm)))
            return (int)j->formations[i].form;
    return -1;
}

int tb_game_is_table(const gr_game_type *ty)
{
    for (int i = 0; tb_joins[i]; i++)
        if (tb_joins[i]->game == ty)
            return 1;
    return 0;
}

#define TB_GAME_TYPE(var, ID, NAME, LOAD, CLAIMS)                                                  \
    const gr_game_type var = {                                                                     \
        .id = ID,                                                                                  \
        .name = NAME,                                                                              \
        .players = 2,                                                                              \
        .state_size = sizeof(tb_state),                                                            \
        .obs_size = sizeof(tb_state),                                                              \
        .max_actions = 512,                                                                        \
        .max_outcomes = 12,                                                                        \
        .scenario_size = sizeof(tb_scenario),                                                      \
        .action_size = sizeof(gr_action),                                                          \
        .player_name = tb_player_name,                                                             \
        .init = tb_init,                                                                           \
        .current_player = tb_current_player,                                                       \
        .legal_actions = tb_legal_actions,                                                         \
        .chance_outcomes = tb_chance_outcomes,                                                     \
        .is_legal = tb_is_legal,                                                                   \
        .apply = tb_apply,                                                                         \
        .winner = tb_winner,                                                                       \
        .hash = tb_hash,                                                                           \
        .describe = tb_describe,                                                                   \
        .parse = tb_parse,                                                                         \
        .state_describe = tb_state_describe,                                                       \
        .observe = tb_observe,                                                                     \
        .resample = tb_resample,                                                                   \
        .copy = tb_copy,                                                                           \
        .event_text = tb_event_text,                                                               \
        .event_kind_name = tb_event_kind_name,                                                     \
        .is_hidden_choice = tb_is_hidden,                                                          \
        .is_pass = tb_is_pass,                                                                     \
        .stats = tb_stats,                                                                         \
        .evaluate = tb_evaluate,                                                                   \
        .evaluate_search = tb_evaluate_search,                                                     \
        .turn = tb_turn,                                                                           \
        .scenario_digest_bytes = tb_digest_bytes,                                                  \
        .load = LOAD,                                                                              \
        .claims = CLAIMS,                                                                          \
        .scenario_id = tb_scenario_id,                                                             \
        .scenario_title = tb_scenario_title,                                                       \
        .scenario_json = tb_scenario_json,                                                         \
        .action_json = tb_action_json,                                                             \
        .view_json = tb_view_json,                                                                 \
        .scenario_summary = tb_scenario_summary,                                                   \
        .action_record = tb_action_record,                                                         \
        .action_unrecord = tb_action_unrecord,                                                     \
        .sight_json = tb_ask_sight,                                                                \
        .measure_json = tb_ask_measure,                                                            \
        .reach_json = tb_ask_reach,                                                                \
        .check_json = tb_ask_check,                                                                \
        .odds_json = tb_ask_odds,                                                                  \
    }

static gr_status tb_load_aoe(const char *text, size_t len, const char *name, void **out,
                             gr_error *err)
{
    return tb_load_as(&tb_game_aoe_table, text, len, name, out, err);
}

static int tb_claims_aoe(const gr_jr_node *root)
{
    return tb_claims_as("aoe-table", root);
}

TB_GAME_TYPE(tb_game_aoe_table, "aoe-table", "L'Âge des Aigles on the table", tb_load_aoe,
             tb_claims_aoe);

static gr_status tb_load_nf(const char *text, size_t len, const char *name, void **out,
                            gr_error *err)
{
    return tb_load_as(&tb_game_nf_table, text, len, name, out, err);
}

static int tb_claims_nf(const gr_jr_node *root)
{
    return tb_claims_as("nf-table", root);
}

TB_GAME_TYPE(tb_game_nf_table, "nf-table", "Napoleonic Fury on the table", tb_load_nf,
             tb_claims_nf);

static gr_status tb_load_rff(const char *text, size_t len, const char *name, void **out,
                             gr_error *err)
{
    return tb_load_as(&tb_game_rff_table, text, len, name, out, err);
}

static int tb_claims_rff(const gr_jr_node *root)
{
    return tb_claims_as("rff-table", root);
}

TB_GAME_TYPE(tb_game_rff_table, "rff-table", "Regimental Fire and Fury on the table", tb_load_rff,
             tb_claims_rff);
