/* tt_query.c - distances, arcs, sight and zones on the table. */
#include "tt_internal.h"

typedef tt_i128 i128;

/* The squared gap between two boxes: a lower bound of the distance of
 * what they hold, exact. */
static int64_t box_gap2(tt_pt alo, tt_pt ahi, tt_pt blo, tt_pt bhi)
{
    int64_t gx = 0, gy = 0;
    if (blo.x > ahi.x)
        gx = (int64_t)blo.x - ahi.x;
    else if (alo.x > bhi.x)
        gx = (int64_t)alo.x - bhi.x;
    if (blo.y > ahi.y)
        gy = (int64_t)blo.y - ahi.y;
    else if (alo.y > bhi.y)
        gy = (int64_t)alo.y - bhi.y;
    return gx * gx + gy * gy;
}

tt_q tt_unit_dist2(const tt_unit *a, const tt_unit *b)
{
    tt_q best = tt_dist2_poly(a->st[0].c, 4, b->st[0].c, 4);
    for (int i = 0; i < a->nstands; i++) {
        tt_pt alo, ahi;
        tt_stand_box(&a->st[i], &alo, &ahi);
        for (int j = 0; j < b->nstands; j++) {
            if (i == 0 && j == 0)
                continue;
            tt_pt blo, bhi;
            tt_stand_box(&b->st[j], &blo, &bhi);
            tt_q gap = {box_gap2(alo, ahi, blo, bhi), 1};
            if (tt_q_cmp(gap, best) >= 0) /* cannot be nearer */
                continue;
            tt_q d = tt_dist2_poly(a->st[i].c, 4, b->st[j].c, 4);
            if (tt_q_cmp(d, best) < 0)
                best = d;
        }
    }
    return best;
}

int tt_unit_cmp_range(const tt_unit *a, const tt_unit *b, int64_t r)
{
    if (box_gap2(a->lo, a->hi, b->lo, b->hi) > r * r)
        return 1;
    /* the least, over the pairs of stands, of the sign of their distance
     * minus r: the sign of the least distance minus r */
    int best = 1;
    for (int i = 0; i < a->nstands; i++) {
        tt_pt alo, ahi;
        tt_stand_box(&a->st[i], &alo, &ahi);
        for (int j = 0; j < b->nstands; j++) {
            tt_pt blo, bhi;
            tt_stand_box(&b->st[j], &blo, &bhi);
            if (box_gap2(alo, ahi, blo, bhi) > r * r) /* farther than r */
                continue;
            int c = tt_poly_cmp_len(a->st[i].c, 4, b->st[j].c, 4, r);
            if (c < 0)
                return -1;
            if (c < best)
                best = c;
        }
    }
    return best;
}

const tt_unit *tt_nearest_enemy(const tt_table *t, const tt_unit *u)
{
    const tt_unit *best = NULL;
    tt_q bd = {0, 1};
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *e = &t->units[i];
        if (e->side == u->side)
            continue;
        tt_q d = tt_unit_dist2(u, e);
        int c = best ? tt_q_cmp(d, bd) : -1;
        if (c < 0 || (c == 0 && e->id < best->id))
            best = e, bd = d;
    }
    return best;
}

/* The sign of X * sqrt(den) + Y * sqrt(num), exactly (num, den > 0). */
static int sgn_root(i128 X, i128 Y, int64_t num, int64_t den)
{
    if (X >= 0 && Y >= 0)
        return X > 0 || Y > 0;
    if (X <= 0 && Y <= 0)
        return -(X < 0 || Y < 0);
    i128 l = X * X * den, r = Y * Y * num;
    int s = (l > r) - (l < r);
    return X > 0 ? s : -s;
}

static i128 dot(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return (i128)ax * bx + (i128)ay * by;
}

/* which side of the arc's three boundaries p lies: the three signs (>= 0 is
 * inside) */
static void arc_sides(const tt_stand *s, tt_dir f, tt_arc arc, tt_pt p, int out[3])
{
    tt_pt cr = s->c[0], cl = s->c[1];
    int64_t rx = f.y, ry = -f.x;
    out[0] = tt_orient_in(cl, cr, p);
    int64_t px = (int64_t)p.x - cr.x, py = (int64_t)p.y - cr.y;
    i128 a = dot(px, py, rx, ry), b = dot(px, py, f.x, f.y);
    out[1] = sgn_root(-a, b, arc.tan2_num, arc.tan2_den); /* t b - a >= 0 */
    px = (int64_t)p.x - cl.x, py = (int64_t)p.y - cl.y;
    a = dot(px, py, rx, ry), b = dot(px, py, f.x, f.y);
    out[2] = sgn_root(a, b, arc.tan2_num, arc.tan2_den); /* a + t b >= 0 */
}

int tt_in_arc(const tt_stand *firer, tt_dir f, tt_arc arc, const tt_stand *target)
{
    int side[4][3];
    for (int v = 0; v < 4; v++)
        arc_sides(firer, f, arc, target->c[v], side[v]);
    /* a boundary of the arc with the whole target strictly outside */
    for (int h = 0; h < 3; h++) {
        int out = 1;
        for (int v = 0; v < 4 && out; v++)
            out = side[v][h] < 0;
        if (out)
            return 0;
    }
    /* an edge of the target with the whole arc strictly beyond it: its
     * outward normal n must not grow along either ray, and both front
     * corners lie beyond the edge */
    int64_t rx = f.y, ry = -f.x;
    for (int e = 0; e < 4; e++) {
        tt_pt a = target->c[e], b = target->c[(e + 1) % 4];
        int64_t nx = (int64_t)b.y - a.y, ny = -((int64_t)b.x - a.x);
        i128 nf = dot(nx, ny, f.x, f.y), nr = dot(nx, ny, rx, ry);
        /* n . (f +- t r) >= 0 for both rays */
        if (sgn_root(nf, nr, arc.tan2_num, arc.tan2_den) < 0 ||
            sgn_root(nf, -nr, arc.tan2_num, arc.tan2_den) < 0)
            continue;
        i128 ne = dot(nx, ny, a.x, a.y);
        if (dot(nx, ny, firer->c[0].x, firer->c[0].y) > ne &&
            dot(nx, ny, firer->c[1].x, firer->c[1].y) > ne)
            return 0;
    }
    return 1;
}

/* 1 if [a,b] crosses the polyline f (from one side to the other) */
static int crosses_line(const tt_feature *f, tt_pt a, tt_pt b)
{
    for (int v = 0; v + 1 < f->n; v++)
        if (tt_seg_meet(a, b, f->v[v], f->v[v + 1]) == 2)
            return 1;
    /* through an inner vertex, its neighbours on opposite sides */
    for (int v = 1; v + 1 < f->n; v++) {
        tt_pt p = f->v[v];
        if ((p.x == a.x && p.y == a.y) || (p.x == b.x && p.y == b.y) || !tt_on_segment(a, b, p))
            continue;
        if (tt_orient_in(a, b, f->v[v - 1]) * tt_orient_in(a, b, f->v[v + 1]) < 0)
            return 1;
    }
    return 0;
}

/* Edges of obstacles lying along the sight line with positive length: the
 * stretch [lo, hi] (positions along the line, as dot products with its
 * direction) and the side the obstacle's interior lies on.  Two obstacles
 * meeting along the line from both sides close it: the line runs through
 * a seam of zero width, inside their union. */
typedef struct seams {
    int n;
    int64_t lo[64], hi[64];
    int side[64];
} seams;

static void seam_add(seams *S, tt_pt a, tt_pt b, const tt_pt *v, int n)
{
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y, len = dx * dx + dy * dy;
    int64_t ar = 0;
    for (int i = 0; i < n; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        ar += (int64_t)v[i].x * v[j].y - (int64_t)v[j].x * v[i].y;
    }
    for (int i = 0; i < n && S->n < 64; i++) {
        tt_pt p = v[i], q = v[i + 1 == n ? 0 : i + 1];
        if (tt_orient_in(a, b, p) != 0 || tt_orient_in(a, b, q) != 0)
            continue;
        int64_t kp = ((int64_t)p.x - a.x) * dx + ((int64_t)p.y - a.y) * dy;
        int64_t kq = ((int64_t)q.x - a.x) * dx + ((int64_t)q.y - a.y) * dy;
        int same = kq > kp;
        int64_t lo = same ? kp : kq, hi = same ? kq : kp;
        if (lo < 0)
            lo = 0;
        if (hi > len)
            hi = len;
        if (lo >= hi)
            continue;
        /* interior on the left of p->q when the polygon turns left */
        int left = ar > 0 ? 1 : -1;
        S->lo[S->n] = lo, S->hi[S->n] = hi, S->side[S->n] = same ? left : -left;
        S->n++;
    }
}

static int seam_closed(const seams *S)
{
    for (int i = 0; i < S->n; i++)
        for (int j = i + 1; j < S->n; j++)
            if (S->side[i] != S->side[j]) {
                int64_t lo = S->lo[i] > S->lo[j] ? S->lo[i] : S->lo[j];
                int64_t hi = S->hi[i] < S->hi[j] ? S->hi[i] : S->hi[j];
                if (lo < hi)
                    return 1;
            }
    return 0;
}

/* The obstacles a sight line within the box [lo,hi] may meet: sight
 * blocking features and units (not skip1, skip2) whose boxes meet it. */
typedef struct cands {
    int nf, nu;
    short f[TT_MAX_FEATURES];
    short u[TT_MAX_UNITS];
} cands;

static void gather(const tt_table *t, tt_pt lo, tt_pt hi, int skip1, int skip2, cands *c)
{
    c->nf = c->nu = 0;
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (t->kinds[f->kind].blocks_sight && tt_box_meet(lo, hi, f->lo, f->hi))
            c->f[c->nf++] = (short)i;
    }
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *u = &t->units[i];
        if (u->id != skip1 && u->id != skip2 && tt_box_meet(lo, hi, u->lo, u->hi))
            c->u[c->nu++] = (short)i;
    }
}

static int pt_in_box(tt_pt p, tt_pt lo, tt_pt hi)
{
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
}

/* the line [a,b] clear among the obstacles c; la, lb the ends' levels.
 * Blocked: *why (may be NULL) the blocking feature's index, or -2 - the
 * blocking unit's index in t->units, or -1 a seam of two obstacles. */
static int los_why(const tt_table *t, tt_pt a, tt_pt b, int la, int lb, const cands *c, int *why)
{
    tt_pt lo, hi;
    tt_seg_box(a, b, &lo, &hi);
    int low = la < lb ? la : lb;
    seams S;
    S.n = 0;
    for (int k = 0; k < c->nf; k++) {
        const tt_feature *f = &t->features[c->f[k]];
        if (!tt_box_meet(lo, hi, f->lo, f->hi))
            continue;
        if (t->kinds[f->kind].polyline) {
            if (f->level >= low && crosses_line(f, a, b)) {
                if (why)
                    *why = c->f[k];
                return 0;
            }
            continue;
        }
        if (f->level < low) /* below both ends */
            continue;
        if ((pt_in_box(a, f->lo, f->hi) && tt_point_in_poly(f->v, f->n, a) >= 0) ||
            (pt_in_box(b, f->lo, f->hi) && tt_point_in_poly(f->v, f->n, b) >= 0))
            continue; /* the area an end stands in does not block it */
        if (tt_seg_enters_poly_ends_out(a, b, f->v, f->n)) {
            if (why)
                *why = c->f[k];
            return 0;
        }
        seam_add(&S, a, b, f->v, f->n);
    }
    for (int k = 0; k < c->nu; k++) {
        const tt_unit *u = &t->units[c->u[k]];
        if (!tt_box_meet(lo, hi, u->lo, u->hi))
            continue;
        if (low > 0 && tt_level_at(t, u->pose.at) < low)
            continue;
        for (int s = 0; s < u->nstands; s++) {
            tt_pt slo, shi;
            tt_stand_box(&u->st[s], &slo, &shi);
            if (!tt_box_meet(lo, hi, slo, shi))
                continue;
            if (tt_seg_enters_poly(a, b, u->st[s].c, 4)) {
                if (why)
                    *why = -2 - c->u[k];
                return 0;
            }
            seam_add(&S, a, b, u->st[s].c, 4);
        }
    }
    if (seam_closed(&S)) {
        if (why)
            *why = -1;
        return 0;
    }
    return 1;
}

static int los_in(const tt_table *t, tt_pt a, tt_pt b, int la, int lb, const cands *c)
{
    return los_why(t, a, b, la, lb, c, NULL);
}

int tt_los_pt(const tt_table *t, tt_pt a, tt_pt b, int skip1, int skip2)
{
    tt_pt lo, hi;
    tt_seg_box(a, b, &lo, &hi);
    cands c;
    gather(t, lo, hi, skip1, skip2, &c);
    return los_in(t, a, b, tt_level_at(t, a), tt_level_at(t, b), &c);
}

int tt_los_blocker(const tt_table *t, tt_pt a, tt_pt b, int skip1, int skip2, int *feature,
                   int *unit)
{
    tt_pt lo, hi;
    tt_seg_box(a, b, &lo, &hi);
    cands c;
    gather(t, lo, hi, skip1, skip2, &c);
    int why = -1;
    int clear = los_why(t, a, b, tt_level_at(t, a), tt_level_at(t, b), &c, &why);
    *feature = !clear && why >= 0 ? why : -1;
    *unit = !clear && why <= -2 ? t->units[-2 - why].id : -1;
    return clear;
}

/* 1 if the segment [a,b] meets the closed convex quadrilateral q */
static int seg_meets_quad(tt_pt a, tt_pt b, const tt_pt q[4])
{
    if (tt_point_in_poly(q, 4, a) >= 0 || tt_point_in_poly(q, 4, b) >= 0)
        return 1;
    for (int i = 0; i < 4; i++)
        if (tt_seg_meet(a, b, q[i], q[(i + 1) % 4]))
            return 1;
    return 0;
}

int tt_behind_line(const tt_table *t, const tt_unit *u, tt_pt enemy, tt_kind k, int64_t near)
{
    if ((unsigned)k >= TT_NKINDS || !t->kinds[k].polyline || u->nstands <= 0)
        return 0;
    tt_pt strip[4];
    tt_unit_front(u, &strip[0], &strip[1]);
    strip[2] = tt_offset(strip[1], u->pose.face, near, 0, 0);
    strip[3] = tt_offset(strip[0], u->pose.face, near, 0, 0);
    tt_pt lo = strip[0], hi = strip[0];
    for (int c = 1; c < 4; c++)
        tt_box_add(&lo, &hi, strip[c], strip[c]);
    tt_pt centre = {(tt_coord)(((int64_t)u->lo.x + u->hi.x) / 2),
                    (tt_coord)(((int64_t)u->lo.y + u->hi.y) / 2)};
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        if (f->kind != k || !tt_box_meet(lo, hi, f->lo, f->hi) || !crosses_line(f, centre, enemy))
            continue;
        for (int v = 0; v + 1 < f->n; v++)
            if (seg_meets_quad(f->v[v], f->v[v + 1], strip))
                return 1;
    }
    return 0;
}

int tt_crosses_obstacle(const tt_table *t, tt_pt a, tt_pt b, int grade)
{
    tt_pt lo, hi;
    tt_seg_box(a, b, &lo, &hi);
    for (int i = 0; i < t->nfeatures; i++) {
        const tt_feature *f = &t->features[i];
        const tt_kind_fx *fx = &t->kinds[f->kind];
        if (fx->polyline && fx->obstacle && fx->obstacle >= grade &&
            tt_box_meet(lo, hi, f->lo, f->hi) && crosses_line(f, a, b))
            return 1;
    }
    return 0;
}

int tt_los_unit(const tt_table *t, const tt_unit *from, const tt_unit *to)
{
    tt_pt lo = from->lo, hi = from->hi;
    tt_box_add(&lo, &hi, to->lo, to->hi);
    cands c;
    gather(t, lo, hi, from->id, to->id, &c);
    int lt[TT_MAX_STANDS][4];
    for (int j = 0; j < to->nstands; j++)
        for (int m = 0; m < 4; m++)
            lt[j][m] = tt_level_at(t, to->st[j].c[m]);
    for (int i = 0; i < from->nstands && from->row[i] == 0; i++)
        for (int k = 0; k < 2; k++) {
            int lf = tt_level_at(t, from->st[i].c[k]);
            for (int j = 0; j < to->nstands; j++)
                for (int m = 0; m < 4; m++)
                    if (los_in(t, from->st[i].c[k], to->st[j].c[m], lf, lt[j][m], &c))
                        return 1;
        }
    return 0;
}

int tt_can_fire(const tt_table *t, const tt_unit *firer, const tt_unit *target, int64_t r,
                tt_arc arc)
{
    if (box_gap2(firer->lo, firer->hi, target->lo, target->hi) > r * r)
        return 0;
    cands c;
    int have = 0;
    for (int i = 0; i < firer->nstands && firer->row[i] == 0; i++) {
        const tt_stand *s = &firer->st[i];
        tt_pt slo, shi;
        tt_stand_box(s, &slo, &shi);
        for (int j = 0; j < target->nstands; j++) {
            const tt_stand *x = &target->st[j];
            tt_pt xlo, xhi;
            tt_stand_box(x, &xlo, &xhi);
            if (box_gap2(slo, shi, xlo, xhi) > r * r || !tt_poly_within(s->c, 4, x->c, 4, r) ||
                !tt_in_arc(s, firer->pose.face, arc, x))
                continue;
            if (!have) { /* the obstacles near both units, once */
                tt_pt lo = firer->lo, hi = firer->hi;
                tt_box_add(&lo, &hi, target->lo, target->hi);
                gather(t, lo, hi, firer->id, target->id, &c);
                have = 1;
            }
            int lf[2], lx[4];
            for (int k = 0; k < 2; k++)
                lf[k] = tt_level_at(t, s->c[k]);
            for (int m = 0; m < 4; m++)
                lx[m] = tt_level_at(t, x->c[m]);
            for (int k = 0; k < 2; k++)
                for (int m = 0; m < 4; m++)
                    if (los_in(t, s->c[k], x->c[m], lf[k], lx[m], &c))
                        return 1;
        }
    }
    return 0;
}

int tt_in_reserve_zone(const tt_table *t, const tt_unit *u, int64_t r)
{
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *e = &t->units[i];
        if (e->side != u->side && tt_unit_cmp_range(u, e, r) < 0)
            return 0;
    }
    return 1;
}

/* 1 if p is more than r from the box lo..hi along x or y: then from every
 * point in the box too. */
static int beyond_box(tt_pt p, tt_pt lo, tt_pt hi, int64_t r)
{
    return (int64_t)p.x < (int64_t)lo.x - r || (int64_t)p.x > (int64_t)hi.x + r ||
           (int64_t)p.y < (int64_t)lo.y - r || (int64_t)p.y > (int64_t)hi.y + r;
}

int tt_within_radius(const tt_unit *u, tt_pt p, int64_t r)
{
    if (beyond_box(p, u->lo, u->hi, r)) /* the unit's box (tt_unit_layout) */
        return 0;
    for (int s = 0; s < u->nstands; s++) {
        /* a stand whose box is more than r away along x or y is: every
         * point of it is (exact, and the common case on a large table) */
        tt_pt lo, hi;
        tt_stand_box(&u->st[s], &lo, &hi);
        if (beyond_box(p, lo, hi, r))
            continue;
        if (tt_point_in_poly(u->st[s].c, 4, p) >= 0)
            return 1;
        for (int e = 0; e < 4; e++)
            if (tt_q_cmp_len(tt_dist2_pt_seg(p, u->st[s].c[e], u->st[s].c[(e + 1) % 4]), r) <= 0)
                return 1;
    }
    return 0;
}

int tt_range_band(const tt_unit *a, const tt_unit *b, const int64_t *limits, int n)
{
    tt_q d = tt_unit_dist2(a, b);
    for (int i = 0; i < n; i++)
        if (tt_q_cmp_len(d, limits[i]) <= 0)
            return i;
    return n;
}

int tt_in_contact(const tt_table *t, const tt_unit *a, const tt_unit *b)
{
    return tt_unit_cmp_range(a, b, t->contact) <= 0;
}
