/* tt_move.c - checking a move, listing the moves a unit may make, and
 * retreats. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tt_internal.h"

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a < 0 ? -a : a;
}

static tt_pt add(tt_pt p, int64_t dx, int64_t dy)
{
    tt_pt q = {(tt_coord)(p.x + dx), (tt_coord)(p.y + dy)};
    return q;
}

static int pt_ok(tt_pt p)
{
    return p.x >= -TT_COORD_MAX && p.x <= TT_COORD_MAX && p.y >= -TT_COORD_MAX &&
           p.y <= TT_COORD_MAX;
}

/* Translate u's stands and pose by (dx, dy): exact (a layout at a moved
 * point is the same layout moved, as only the offsets are rounded). */
static void translate(tt_unit *u, int64_t dx, int64_t dy)
{
    u->pose.at = add(u->pose.at, dx, dy);
    for (int s = 0; s < u->nstands; s++)
        for (int c = 0; c < 4; c++)
            u->st[s].c[c] = add(u->st[s].c[c], dx, dy);
    u->lo = add(u->lo, dx, dy);
    u->hi = add(u->hi, dx, dy);
}

/* convex hull (counter-clockwise, no collinear points) of n <= 8 points */
static int hull(tt_pt *p, int n, tt_pt *h)
{
    for (int i = 1; i < n; i++) /* sort by x then y */
        for (int j = i;
             j > 0 && (p[j - 1].x > p[j].x || (p[j - 1].x == p[j].x && p[j - 1].y > p[j].y)); j--) {
            tt_pt t = p[j];
            p[j] = p[j - 1], p[j - 1] = t;
        }
    int k = 0;
    for (int i = 0; i < n; i++) {
        while (k >= 2 && tt_orient_in(h[k - 2], h[k - 1], p[i]) <= 0)
            k--;
        h[k++] = p[i];
    }
    for (int i = n - 2, lo = k + 1; i >= 0; i--) {
        while (k >= lo && tt_orient_in(h[k - 2], h[k - 1], p[i]) <= 0)
            k--;
        h[k++] = p[i];
    }
    return k - 1;
}

/* The hull of a stand's sweep from its corners `from` to `to` (the same
 * stand moved): into h (9 points), its count returned. */
static int sweep_hull(const tt_pt from[4], const tt_pt to[4], tt_pt *h)
{
    tt_pt pts[8];
    for (int c = 0; c < 4; c++)
        pts[c] = from[c], pts[c + 4] = to[c];
    return hull(pts, 8, h);
}

/* The units whose stands the sweep of a unit from pose a to pose b (the
 * same unit, the same stands: the hull of each stand's two places) enters:
 * an enemy's id in *enemy (or -1); friends not yet in seen[] (by index in
 * t->units) are marked there and counted. */
static int64_t sweep(const tt_table *t, const tt_unit *a, const tt_unit *b, uint8_t *seen,
                     int *enemy)
{
    int64_t friends = 0;
    *enemy = -1;
    tt_pt slo = a->lo, shi = a->hi;
    tt_box_add(&slo, &shi, b->lo, b->hi);
    tt_pt hulls[TT_MAX_STANDS][9];
    int nh[TT_MAX_STANDS];
    tt_pt hlo[TT_MAX_STANDS], hhi[TT_MAX_STANDS];
    int made = 0;
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *o = &t->units[i];
        if (o->id == a->id || (seen[i] && o->side == a->side) ||
            !tt_box_meet(slo, shi, o->lo, o->hi))
            continue;
        if (!made) {
            /* each stand's box (the box of its two places: its hull's);
             * the hull itself only once a stand's box meets another's */
            for (int s = 0; s < a->nstands; s++) {
                tt_stand_box(&a->st[s], &hlo[s], &hhi[s]);
                tt_pt lo, hi;
                tt_stand_box(&b->st[s], &lo, &hi);
                tt_box_add(&hlo[s], &hhi[s], lo, hi);
                nh[s] = -1;
            }
            made = 1;
        }
        int hit = 0;
        for (int s = 0; s < a->nstands && !hit; s++)
            for (int j = 0; j < o->nstands && !hit; j++) {
                tt_pt lo, hi;
                tt_stand_box(&o->st[j], &lo, &hi);
                if (!tt_box_meet(hlo[s], hhi[s], lo, hi))
                    continue;
                if (nh[s] < 0)
                    nh[s] = sweep_hull(a->st[s].c, b->st[s].c, hulls[s]);
                hit = tt_convex_overlap(hulls[s], nh[s], o->st[j].c, 4);
            }
        if (!hit)
            continue;
        if (o->side != a->side) {
            *enemy = o->id;
            return friends;
        }
        seen[i] = 1;
        friends++;
    }
    return friends;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
refuse(tt_verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    v->ok = 0;
    vsnprintf(v->why, sizeof v->why, fmt, ap);
    va_end(ap);
    return 0;
}

/* the width of u's front as laid out, doubled-free (table units) */
static int64_t front_span(const tt_unit *u, tt_base b)
{
    int gap, wide = tt_layout_columns(u->pose.form, u->nstands, &gap);
    return (int64_t)b.w * (1 + gap) * (wide - 1) + b.w;
}

/* The cost weights: a going's cost per unit of length is speed[clear] /
 * speed[going], reduced; den is the lcm of the denominators. */
typedef struct costs {
    int64_t a[2 * TT_MAX_LEGS + 2], n[2 * TT_MAX_LEGS + 2];
    tt_going g[2 * TT_MAX_LEGS + 2];
    int k;
    int64_t flat;
} costs;

static int costs_ok(const tt_mover *mv, const costs *c)
{
    int64_t den = 1;
    int64_t wn[2 * TT_MAX_LEGS + 2], wd[2 * TT_MAX_LEGS + 2];
    for (int i = 0; i < c->k; i++) {
        int64_t num = mv->speed[TT_GO_CLEAR], d = mv->speed[c->g[i]];
        int64_t g = gcd64(num, d);
        wn[i] = num / g, wd[i] = d / g;
        den = den / gcd64(den, wd[i]) * wd[i];
    }
    int64_t a[2 * TT_MAX_LEGS + 2];
    for (int i = 0; i < c->k; i++)
        a[i] = wn[i] * (den / wd[i]);
    return tt_sqrt_sum_cmp(a, c->n, c->k, den * (mv->allowance - c->flat)) <= 0;
}

/* Add the leg [p,q] to the costs; 0 (and v filled) if it cannot be gone. */
static int add_leg(const tt_table *t, const tt_mover *mv, costs *c, tt_pt p, tt_pt q, tt_verdict *v)
{
    if (p.x == q.x && p.y == q.y)
        return 1;
    int ford = 0;
    tt_going g = tt_going_of_leg(t, p, q, &ford);
    if (g == TT_GO_NONE || mv->speed[g] <= 0)
        return refuse(v, "the leg to (%d,%d) crosses impassable ground", q.x, q.y);
    if (ford)
        c->flat += mv->ford_penalty;
    int64_t dx = (int64_t)q.x - p.x, dy = (int64_t)q.y - p.y;
    c->a[c->k] = 1, c->n[c->k] = dx * dx + dy * dy, c->g[c->k] = g;
    c->k++;
    return 1;
}

#define TT_MOVE_MAX (4 * (int64_t)TT_COORD_MAX) /* any length a move may hold */

/* 1 if the mover can be measured: a clear speed; speeds, allowance and
 * penalties within TT_MOVE_MAX and not negative; the goings' rates
 * (clear/speed, reduced) with a common denominator of at most 2^20, so
 * that the cost comparison stays within 64 bits (every speed printed by
 * the seeds, in table units, gives 1 to 6).  *why says what is wrong. */
static int mover_ok(const tt_mover *mv, const char **why)
{
    *why = "the mover has no clear speed";
    if (!mv || mv->speed[TT_GO_CLEAR] <= 0)
        return 0;
    *why = "a speed, the allowance or a penalty is negative or longer than the table's range";
    if (mv->allowance < 0 || mv->allowance > TT_MOVE_MAX || mv->ford_penalty < 0 ||
        mv->ford_penalty > TT_MOVE_MAX || mv->pass_penalty < 0 || mv->pass_penalty > TT_MOVE_MAX ||
        mv->obstacle_penalty < 0 || mv->obstacle_penalty > TT_MOVE_MAX || mv->formation_cost < 0 ||
        mv->formation_cost > TT_MOVE_MAX)
        return 0;
    int64_t den = 1;
    for (int g = 0; g < TT_NGOINGS; g++) {
        if (mv->speed[g] < 0 || mv->speed[g] > TT_MOVE_MAX)
            return 0;
        if (mv->speed[g] == 0)
            continue;
        int64_t d = mv->speed[g] / gcd64(mv->speed[TT_GO_CLEAR], mv->speed[g]);
        den = den / gcd64(den, d) * d;
        if (den > (1 << 20)) {
            *why = "the speeds have no common measure: their rates to the clear speed need a "
                   "denominator above 2^20 (give speeds in whole inches or centimetres)";
            return 0;
        }
    }
    return 1;
}

/* The whole check, on a copy of the unit: 1 legal, 0 not (v->why). */
static int check(const tt_table *t, const tt_unit *u0, const tt_mover *mv, const tt_move *m,
                 tt_verdict *v)
{
    tt_unit u = *u0;
    costs c;
    memset(&c, 0, sizeof c);
    v->ok = 0, v->passed = 0, v->why[0] = 0;
    tt_base b = tt_unit_base(t, &u);
    uint8_t seen[TT_MAX_UNITS] = {0};
    if (m->wheel) {
        tt_pt l, r;
        tt_unit_front(&u, &l, &r);
        int64_t span = front_span(&u, b);
        tt_pt pivot = m->wheel > 0 ? l : r, outer = m->wheel > 0 ? r : l;
        int64_t side = m->wheel > 0 ? span : -span;
        tt_dir f0 = u.pose.face;
        /* the outer front corner's chord is paid; the sweep is checked 15
         * degrees at a time (the hull of each step) */
        int step = m->wheel > 0 ? 15 : -15;
        /* nothing within the circle the stands sweep about the pivot: no
         * step can meet anything, go straight to the end */
        int64_t r2 = 0;
        for (int s = 0; s < u.nstands; s++)
            for (int k = 0; k < 4; k++) {
                int64_t dx = (int64_t)u.st[s].c[k].x - pivot.x;
                int64_t dy = (int64_t)u.st[s].c[k].y - pivot.y;
                if (dx * dx + dy * dy > r2)
                    r2 = dx * dx + dy * dy;
            }
        int64_t rad = (int64_t)tt_isqrt((tt_u128)r2) + 1;
        tt_pt clo = add(pivot, -rad, -rad), chi = add(pivot, rad, rad);
        int near = 0;
        for (int i = 0; i < t->nunits && !near; i++)
            near = t->units[i].id != u.id && tt_box_meet(clo, chi, t->units[i].lo, t->units[i].hi);
        if (!near)
            step = m->wheel;
        for (int w = step;; w += step) {
            tt_unit next = u;
            next.pose.face = tt_dir_turn(f0, w);
            next.pose.at = tt_offset(pivot, next.pose.face, 0, side, 1);
            gr_error err;
            if (tt_unit_layout(&next, b, &err) != GR_OK)
                return refuse(v, "the wheel leaves the table's range");
            int enemy;
            v->passed += sweep(t, &u, &next, seen, &enemy);
            if (enemy >= 0)
                return refuse(v, "the wheel sweeps through enemy unit %d", enemy);
            u = next;
            if (w == m->wheel)
                break;
        }
        tt_pt outer2 = tt_offset(pivot, u.pose.face, 0, side, 0);
        if (!add_leg(t, mv, &c, outer, outer2, v))
            return 0;
    }
    for (int i = 0; i < m->nlegs; i++) {
        tt_pt p = u.pose.at, q = m->leg[i];
        if (!pt_ok(q))
            return refuse(v, "leg %d ends off the coordinate range", i);
        if (!add_leg(t, mv, &c, p, q, v))
            return 0;
        if (mv->obstacle_penalty) {
            /* the stands' centre, from where it is to where the leg takes it */
            tt_pt from = {(tt_coord)(((int64_t)u.lo.x + u.hi.x) / 2),
                          (tt_coord)(((int64_t)u.lo.y + u.hi.y) / 2)};
            tt_pt to = {(tt_coord)(from.x + ((int64_t)q.x - p.x)),
                        (tt_coord)(from.y + ((int64_t)q.y - p.y))};
            if (tt_crosses_obstacle(t, from, to, 2))
                c.flat += mv->obstacle_penalty;
        }
        int enemy;
        int64_t dx = (int64_t)q.x - p.x, dy = (int64_t)q.y - p.y;
        tt_unit next = u;
        translate(&next, dx, dy);
        v->passed += sweep(t, &u, &next, seen, &enemy);
        if (enemy >= 0)
            return refuse(v, "leg %d crosses enemy unit %d", i, enemy);
        u = next;
    }
    int64_t paid = v->passed;
    for (int i = 0, n = 0; i < t->nunits; i++)
        if (seen[i]) {
            if (n < 4)
                v->pass_id[n++] = t->units[i].id;
            if (mv->pass_battery_free && t->units[i].pose.form == TT_BATTERY)
                paid--;
        }
    c.flat += paid * mv->pass_penalty;
    int relayout = 0;
    if (m->form != u.pose.form) {
        if ((unsigned)m->form >= TT_NFORMATIONS || !mv->may_change[m->form])
            return refuse(v, "the unit may not take the formation %s", tt_formation_name(m->form));
        c.flat += mv->formation_cost;
        u.pose.form = m->form;
        relayout = 1;
    }
    if (m->face_end.x || m->face_end.y) {
        if (u.pose.form != TT_MARCH && u.pose.form != TT_LIMBERED)
            return refuse(v, "only a march column turns with its road");
        u.pose.face = m->face_end;
        relayout = 1;
    }
    if (relayout) {
        gr_error err;
        if (tt_unit_layout(&u, tt_unit_base(t, &u), &err) != GR_OK)
            return refuse(v, "the end pose does not fit the table's range");
    }
    v->end = u.pose;
    if (!tt_on_table(t, &u))
        return refuse(v, "the unit would leave the table");
    int hit = tt_overlap_any(t, &u, -1);
    if (hit >= 0)
        return refuse(v, "the unit would end overlapping unit %d", hit);
    if (tt_on_impassable(t, &u))
        return refuse(v, "the unit would end on impassable ground");
    if (!costs_ok(mv, &c))
        return refuse(v, "the move costs more than the allowance");
    v->ok = 1;
    return 1;
}

static const tt_unit *find(const tt_table *t, int id)
{
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            return &t->units[i];
    return NULL;
}

gr_status tt_check_move(const tt_table *t, int id, const tt_mover *mv, const tt_move *m,
                        tt_verdict *v, gr_error *err)
{
    const tt_unit *u = find(t, id);
    if (!u)
        return gr_error_set(err, GR_EINPUT, "move: no unit %d on the table", id);
    const char *why;
    if (!mover_ok(mv, &why))
        return gr_error_set(err, GR_EINPUT, "move of unit %d: %s", id, why);
    if (m->nlegs < 0 || m->nlegs > TT_MAX_LEGS || m->wheel % 15 || m->wheel < -180 ||
        m->wheel > 180)
        return gr_error_set(err, GR_EINPUT,
                            "move of unit %d: %d legs, wheel %d (accepted: 0 to %d legs, a "
                            "wheel a multiple of 15 degrees within 180)",
                            id, m->nlegs, m->wheel, TT_MAX_LEGS);
    check(t, u, mv, m, v);
    return GR_OK;
}

gr_status tt_check_pose(const tt_table *t, int id, const tt_mover *mv, tt_pose pose, tt_verdict *v,
                        gr_error *err)
{
    const tt_unit *u = find(t, id);
    if (!u)
        return gr_error_set(err, GR_EINPUT, "pose: no unit %d on the table", id);
    tt_move m;
    memset(&m, 0, sizeof m);
    tt_dir want = tt_dir_make(pose.face.x, pose.face.y);
    int w;
    for (w = -180; w <= 180; w += 15) {
        tt_dir f = tt_dir_turn(u->pose.face, w);
        if (f.x == want.x && f.y == want.y)
            break;
    }
    if (w > 180)
        return gr_error_set(err, GR_EINPUT,
                            "pose of unit %d: facing (%d,%d) is not a turn of a multiple of 15 "
                            "degrees from (%d,%d); turn it by 15, 30, 45 ... degrees",
                            id, pose.face.x, pose.face.y, u->pose.face.x, u->pose.face.y);
    m.wheel = w == -180 ? 180 : w;
    m.form = pose.form;
    m.nlegs = 1;
    m.leg[0] = pose.at;
    return tt_check_move(t, id, mv, &m, v, err);
}

/* ---- the move set ------------------------------------------------------ */

typedef struct lister {
    const tt_table *t;
    const tt_unit *u;
    const tt_mover *mv;
    tt_option *out;
    int n, cap;
} lister;

static int try_add(lister *L, tt_move_kind kind, int target, const tt_move *m)
{
    if (L->n >= L->cap)
        return 0;
    tt_verdict v;
    if (!check(L->t, L->u, L->mv, m, &v))
        return 0;
    tt_option *o = &L->out[L->n++];
    o->kind = kind, o->target = target, o->move = *m, o->end = v.end;
    return 1;
}

static tt_move straight(const tt_unit *u, int64_t s)
{
    tt_move m;
    memset(&m, 0, sizeof m);
    m.form = u->pose.form;
    m.nlegs = 1;
    m.leg[0] = tt_offset(u->pose.at, u->pose.face, s, 0, 0);
    return m;
}

/* the greatest s in [0, hi] (by halving) whose straight move is legal,
 * assuming legality falls off once lost; 0 if none */
static int64_t reach(lister *L, int64_t hi, int sign)
{
    int64_t lo = 0;
    tt_verdict v;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        tt_move m = straight(L->u, sign * mid);
        if (check(L->t, L->u, L->mv, &m, &v))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int tt_move_set(const tt_table *t, int id, const tt_mover *mv, tt_option *out, int cap)
{
    const tt_unit *u = find(t, id);
    const char *why;
    if (!u || !mover_ok(mv, &why) || cap <= 0)
        return 0;
    lister L = {t, u, mv, out, 0, cap};
    tt_move m;
    /* hold, or change formation in place */
    memset(&m, 0, sizeof m);
    for (int f = 0; f < TT_NFORMATIONS; f++)
        if (f == (int)u->pose.form || mv->may_change[f]) {
            m.form = (tt_formation)f;
            try_add(&L, TT_MK_HOLD, -1, &m);
        }
    /* advance: the reach, then quarters of it */
    int64_t fastest = mv->speed[TT_GO_CLEAR];
    for (int g = 0; g < TT_NGOINGS; g++)
        if (mv->speed[g] > fastest)
            fastest = mv->speed[g];
    int64_t most = mv->allowance * fastest / mv->speed[TT_GO_CLEAR];
    if (most > TT_MOVE_MAX)
        most = TT_MOVE_MAX;
    int64_t r = reach(&L, most, 1);
    for (int q = 1; q <= 4 && r > 0; q++) {
        m = straight(u, r * q / 4);
        try_add(&L, TT_MK_ADVANCE, -1, &m);
    }
    /* wheels */
    static const int wheels[] = {15, 30, 45, 90, -15, -30, -45, -90};
    for (int w = 0; w < 8; w++) {
        memset(&m, 0, sizeof m);
        m.form = u->pose.form;
        m.wheel = wheels[w];
        try_add(&L, TT_MK_WHEEL, -1, &m);
    }
    /* to contact, straight ahead, with each enemy ahead within the box the
     * unit sweeps going as far as it may */
    tt_pt far = tt_offset(u->pose.at, u->pose.face, most, 0, 0);
    int64_t fx = (int64_t)far.x - u->pose.at.x, fy = (int64_t)far.y - u->pose.at.y;
    tt_pt slo = u->lo, shi = u->hi;
    if (fx < 0)
        slo.x = (tt_coord)(slo.x + fx);
    else
        shi.x = (tt_coord)(shi.x + fx);
    if (fy < 0)
        slo.y = (tt_coord)(slo.y + fy);
    else
        shi.y = (tt_coord)(shi.y + fy);
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *e = &t->units[i];
        if (e->side == u->side || !tt_box_meet(slo, shi, e->lo, e->hi) ||
            tt_unit_side_of(u, e->pose.at) != TT_FRONT)
            continue;
        /* the greatest s whose sweep does not enter e */
        int64_t lo = 0, hi = most;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo + 1) / 2;
            tt_pt to = tt_offset(u->pose.at, u->pose.face, mid, 0, 0);
            int64_t dx = (int64_t)to.x - u->pose.at.x, dy = (int64_t)to.y - u->pose.at.y;
            int hit = 0; /* the sweep against e alone */
            for (int s = 0; s < u->nstands && !hit; s++) {
                tt_pt moved[4], h[9];
                for (int c = 0; c < 4; c++)
                    moved[c] = add(u->st[s].c[c], dx, dy);
                int nh = sweep_hull(u->st[s].c, moved, h);
                tt_pt hlo, hhi;
                tt_seg_box(u->st[s].c[0], u->st[s].c[0], &hlo, &hhi);
                for (int c = 0; c < nh; c++) {
                    if (h[c].x < hlo.x)
                        hlo.x = h[c].x;
                    if (h[c].y < hlo.y)
                        hlo.y = h[c].y;
                    if (h[c].x > hhi.x)
                        hhi.x = h[c].x;
                    if (h[c].y > hhi.y)
                        hhi.y = h[c].y;
                }
                if (!tt_box_meet(hlo, hhi, e->lo, e->hi))
                    continue;
                for (int j = 0; j < e->nstands && !hit; j++)
                    hit = tt_convex_overlap(h, nh, e->st[j].c, 4);
            }
            if (hit)
                hi = mid - 1;
            else
                lo = mid;
        }
        if (lo <= 0 || lo >= most)
            continue;
        m = straight(u, lo);
        tt_unit moved = *u;
        translate(&moved, (int64_t)m.leg[0].x - u->pose.at.x, (int64_t)m.leg[0].y - u->pose.at.y);
        if (tt_in_contact(t, &moved, e))
            try_add(&L, TT_MK_CONTACT, e->id, &m);
    }
    /* fall back, straight back: half and all of the allowance, or the reach */
    int64_t back = reach(&L, mv->allowance, -1);
    if (back > 0) {
        m = straight(u, -(back / 2));
        try_add(&L, TT_MK_FALL_BACK, -1, &m);
        m = straight(u, -back);
        try_add(&L, TT_MK_FALL_BACK, -1, &m);
    }
    /* along a road: a column whose head stands on a road follows it, both
     * ways, to each vertex it reaches and then as far along the next segment
     * as it may (by the segment's lattice points, so the head stays on the
     * road exactly) */
    if (u->pose.form == TT_MARCH || u->pose.form == TT_LIMBERED)
        for (int i = 0; i < t->nfeatures; i++) {
            const tt_feature *f = &t->features[i];
            if (t->kinds[f->kind].going != TT_GO_ROAD || !t->kinds[f->kind].polyline)
                continue;
            int v = 0;
            while (v + 1 < f->n && !tt_on_segment(f->v[v], f->v[v + 1], u->pose.at))
                v++;
            if (v + 1 >= f->n)
                continue;
            for (int dir = 0; dir < 2; dir++) {
                memset(&m, 0, sizeof m);
                m.form = u->pose.form;
                tt_pt prev = u->pose.at;
                for (int k = dir ? v : v + 1; k >= 0 && k < f->n && m.nlegs < TT_MAX_LEGS;
                     k += dir ? -1 : 1) {
                    if (f->v[k].x == prev.x && f->v[k].y == prev.y)
                        continue;
                    int64_t dx = (int64_t)f->v[k].x - prev.x, dy = (int64_t)f->v[k].y - prev.y;
                    m.leg[m.nlegs++] = f->v[k];
                    m.face_end = tt_dir_make(dx, dy);
                    if (try_add(&L, TT_MK_ROAD, -1, &m)) {
                        prev = f->v[k];
                        continue;
                    }
                    int64_t g = gcd64(dx, dy), lo = 0, hi = g - 1;
                    tt_verdict vd;
                    while (lo < hi) {
                        int64_t mid = lo + (hi - lo + 1) / 2;
                        m.leg[m.nlegs - 1] = add(prev, dx / g * mid, dy / g * mid);
                        if (check(t, u, mv, &m, &vd))
                            lo = mid;
                        else
                            hi = mid - 1;
                    }
                    if (lo > 0) {
                        m.leg[m.nlegs - 1] = add(prev, dx / g * lo, dy / g * lo);
                        try_add(&L, TT_MK_ROAD, -1, &m);
                    }
                    break;
                }
            }
        }
    return L.n;
}

/* ---- retreats ---------------------------------------------------------- */

gr_status tt_retreat(const tt_table *t, int id, int64_t dist, tt_pose *end, int64_t *done,
                     gr_error *err)
{
    const tt_unit *u = find(t, id);
    if (!u)
        return gr_error_set(err, GR_EINPUT, "retreat: no unit %d on the table", id);
    if (dist < 0)
        return gr_error_set(err, GR_EINPUT, "retreat of unit %d: distance %lld (not negative)", id,
                            (long long)dist);
    *end = u->pose;
    *done = 0;
    const tt_unit *near = tt_nearest_enemy(t, u);
    tt_dir dirs[6];
    int nd = 0;
    tt_dir backf = tt_dir_make(-(int64_t)u->pose.face.x, -(int64_t)u->pose.face.y);
    if (near) {
        /* away from the nearest enemy: from its front centre to ours */
        int64_t ax = (int64_t)u->pose.at.x - near->pose.at.x;
        int64_t ay = (int64_t)u->pose.at.y - near->pose.at.y;
        if (ax || ay)
            dirs[nd++] = tt_dir_make(ax, ay);
    }
    dirs[nd++] = backf;
    dirs[nd++] = tt_dir_turn(backf, 45);
    dirs[nd++] = tt_dir_turn(backf, -45);
    dirs[nd++] = tt_dir_turn(backf, 90);
    dirs[nd++] = tt_dir_turn(backf, -90);
    for (int q = 4; q >= 1; q--) {
        int64_t s = dist * q / 4;
        for (int d = 0; d < nd; d++) {
            tt_pt to = tt_offset(u->pose.at, dirs[d], s, 0, 0);
            int64_t dx = (int64_t)to.x - u->pose.at.x, dy = (int64_t)to.y - u->pose.at.y;
            if (!pt_ok(to))
                continue;
            tt_unit m = *u;
            int enemy;
            uint8_t seen[TT_MAX_UNITS] = {0};
            translate(&m, dx, dy);
            sweep(t, u, &m, seen, &enemy);
            if (enemy >= 0)
                continue;
            if (!tt_on_table(t, &m) || tt_overlap_any(t, &m, -1) >= 0 || tt_on_impassable(t, &m))
                continue;
            int away = 1;
            for (int i = 0; i < t->nunits && away; i++) {
                const tt_unit *e = &t->units[i];
                if (e->side != u->side && tt_q_cmp(tt_unit_dist2(&m, e), tt_unit_dist2(u, e)) < 0)
                    away = 0;
            }
            if (!away)
                continue;
            *end = m.pose;
            *done = s;
            return GR_OK;
        }
    }
    return GR_OK;
}
