/* test_tt_exact.c - the table's exact predicates against an exact rational
 * oracle written here with GMP (issue 28, acceptance "Exactness").
 *
 * The oracle computes each answer another way, in unbounded rationals:
 * segment meetings by solving for the parameters, containment by a crossing
 * count with rational crossing abscissae, overlaps by clipping one polygon
 * by the other (Sutherland-Hodgman) and taking the area, a line of sight by
 * cutting the segment at every boundary meeting, distances by the clamped
 * projection.  First a corpus of degenerate cases typed by hand (each with
 * its expected answer, also checked against the oracle), then random
 * layouts on a coarse grid (where collinear edges, touching corners and
 * zero-width gaps are common) and at the edge of the coordinate range. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <gmp.h>

#include "grognard/rng.h"
#include "grognard/tabletop.h"

static tt_pt P(int64_t x, int64_t y)
{
    tt_pt p = {(tt_coord)x, (tt_coord)y};
    return p;
}

/* ---- the oracle ---------------------------------------------------------- */

static void q_set(mpq_t q, int64_t v)
{
    mpq_set_si(q, (long)v, 1);
}

/* cross (b-a) x (c-a) as an integer */
static int o_orient(tt_pt a, tt_pt b, tt_pt c)
{
    mpz_t l, r, t;
    mpz_inits(l, r, t, NULL);
    mpz_set_si(l, (long)b.x - a.x);
    mpz_set_si(t, (long)c.y - a.y);
    mpz_mul(l, l, t);
    mpz_set_si(r, (long)b.y - a.y);
    mpz_set_si(t, (long)c.x - a.x);
    mpz_mul(r, r, t);
    int s = mpz_cmp(l, r);
    mpz_clears(l, r, t, NULL);
    return (s > 0) - (s < 0);
}

/* point (px,py) on segment [a,b] (rationals) */
static int o_on_seg(const mpq_t px, const mpq_t py, tt_pt a, tt_pt b)
{
    mpq_t dx, dy, ex, ey, t1, t2;
    mpq_inits(dx, dy, ex, ey, t1, t2, NULL);
    q_set(dx, (int64_t)b.x - a.x);
    q_set(dy, (int64_t)b.y - a.y);
    q_set(t1, a.x);
    mpq_sub(ex, px, t1);
    q_set(t1, a.y);
    mpq_sub(ey, py, t1);
    mpq_mul(t1, dx, ey);
    mpq_mul(t2, dy, ex);
    int on = mpq_equal(t1, t2);
    if (on) { /* 0 <= dot <= len */
        mpq_mul(t1, dx, ex);
        mpq_mul(t2, dy, ey);
        mpq_add(t1, t1, t2);
        mpq_mul(t2, dx, dx);
        mpq_mul(ex, dy, dy);
        mpq_add(t2, t2, ex);
        on = mpq_sgn(t1) >= 0 && mpq_cmp(t1, t2) <= 0;
    }
    mpq_clears(dx, dy, ex, ey, t1, t2, NULL);
    return on;
}

/* crossing-number containment: +1 inside, 0 boundary, -1 outside */
static int o_pip(const tt_pt *v, int n, const mpq_t px, const mpq_t py)
{
    for (int i = 0; i < n; i++)
        if (o_on_seg(px, py, v[i], v[(i + 1) % n]))
            return 0;
    int odd = 0;
    mpq_t x, t, ay, by;
    mpq_inits(x, t, ay, by, NULL);
    for (int i = 0; i < n; i++) {
        tt_pt a = v[i], b = v[(i + 1) % n];
        q_set(ay, a.y);
        q_set(by, b.y);
        int ua = mpq_cmp(ay, py) > 0, ub = mpq_cmp(by, py) > 0;
        if (ua == ub)
            continue;
        /* x = a.x + (py - a.y) * (b.x - a.x) / (b.y - a.y) */
        mpq_sub(x, py, ay);
        q_set(t, (int64_t)b.x - a.x);
        mpq_mul(x, x, t);
        q_set(t, (int64_t)b.y - a.y);
        mpq_div(x, x, t);
        q_set(t, a.x);
        mpq_add(x, x, t);
        if (mpq_cmp(x, px) > 0)
            odd ^= 1;
    }
    mpq_clears(x, t, ay, by, NULL);
    return odd ? 1 : -1;
}

static int o_pip_int(const tt_pt *v, int n, tt_pt p)
{
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    q_set(x, p.x);
    q_set(y, p.y);
    int r = o_pip(v, n, x, y);
    mpq_clears(x, y, NULL);
    return r;
}

/* segments [a,b], [c,d] (non-degenerate): 0, 1 touch, 2 proper */
static int o_seg_meet(tt_pt a, tt_pt b, tt_pt c, tt_pt d)
{
    mpq_t den, t, u, w, k;
    mpq_inits(den, t, u, w, k, NULL);
    int64_t rx = (int64_t)b.x - a.x, ry = (int64_t)b.y - a.y;
    int64_t sx = (int64_t)d.x - c.x, sy = (int64_t)d.y - c.y;
    int64_t qx = (int64_t)c.x - a.x, qy = (int64_t)c.y - a.y;
    mpz_t z1, z2;
    mpz_inits(z1, z2, NULL);
    /* den = r x s */
    mpz_set_si(z1, (long)rx);
    mpz_mul_si(z1, z1, (long)sy);
    mpz_set_si(z2, (long)ry);
    mpz_mul_si(z2, z2, (long)sx);
    mpz_sub(z1, z1, z2);
    mpq_set_z(den, z1);
    int res;
    if (mpq_sgn(den) != 0) {
        mpz_set_si(z1, (long)qx);
        mpz_mul_si(z1, z1, (long)sy);
        mpz_set_si(z2, (long)qy);
        mpz_mul_si(z2, z2, (long)sx);
        mpz_sub(z1, z1, z2);
        mpq_set_z(t, z1);
        mpq_div(t, t, den);
        mpz_set_si(z1, (long)qx);
        mpz_mul_si(z1, z1, (long)ry);
        mpz_set_si(z2, (long)qy);
        mpz_mul_si(z2, z2, (long)rx);
        mpz_sub(z1, z1, z2);
        mpq_set_z(u, z1);
        mpq_div(u, u, den);
        mpq_set_si(k, 1, 1);
        int tin = mpq_sgn(t) >= 0 && mpq_cmp(t, k) <= 0;
        int uin = mpq_sgn(u) >= 0 && mpq_cmp(u, k) <= 0;
        int tin2 = mpq_sgn(t) > 0 && mpq_cmp(t, k) < 0;
        int uin2 = mpq_sgn(u) > 0 && mpq_cmp(u, k) < 0;
        res = tin && uin ? (tin2 && uin2 ? 2 : 1) : 0;
    } else if (o_orient(a, b, c) != 0) {
        res = 0; /* parallel, apart */
    } else {     /* collinear: intervals along r overlap? */
        int64_t lo = 0, hi = rx * rx + ry * ry;
        int64_t p1 = qx * rx + qy * ry;
        int64_t p2 = ((int64_t)d.x - a.x) * rx + ((int64_t)d.y - a.y) * ry;
        int64_t mn = p1 < p2 ? p1 : p2, mx = p1 < p2 ? p2 : p1;
        res = mx >= lo && mn <= hi;
    }
    mpz_clears(z1, z2, NULL);
    mpq_clears(den, t, u, w, k, NULL);
    return res;
}

/* clip polygon (x[],y[] rationals, m vertices) by the left side of a->b */
#define OMAX 24 /* enough: a 4-gon clipped by 4 half-planes has at most 8 */
typedef struct {
    int n;
    mpq_t x[OMAX], y[OMAX];
} opoly;

static void op_init(opoly *p)
{
    for (int i = 0; i < OMAX; i++)
        mpq_inits(p->x[i], p->y[i], NULL);
    p->n = 0;
}

static void op_clear(opoly *p)
{
    for (int i = 0; i < OMAX; i++)
        mpq_clears(p->x[i], p->y[i], NULL);
}

/* side value (b-a) x (p-a) */
static void o_side(mpq_t s, tt_pt a, tt_pt b, const mpq_t px, const mpq_t py)
{
    mpq_t t1, t2;
    mpq_inits(t1, t2, NULL);
    q_set(t1, a.x);
    mpq_sub(t1, px, t1);
    q_set(t2, (int64_t)b.y - a.y);
    mpq_mul(t1, t1, t2);
    q_set(t2, a.y);
    mpq_sub(s, py, t2);
    q_set(t2, (int64_t)b.x - a.x);
    mpq_mul(s, s, t2);
    mpq_sub(s, s, t1);
    mpq_clears(t1, t2, NULL);
}

static void o_clip(opoly *out, const opoly *in, tt_pt a, tt_pt b, int dir)
{
    mpq_t si, sj, t, d;
    mpq_inits(si, sj, t, d, NULL);
    out->n = 0;
    for (int i = 0; i < in->n; i++) {
        int j = (i + 1) % in->n;
        o_side(si, a, b, in->x[i], in->y[i]);
        o_side(sj, a, b, in->x[j], in->y[j]);
        if (dir < 0) {
            mpq_neg(si, si);
            mpq_neg(sj, sj);
        }
        if (mpq_sgn(si) >= 0) {
            mpq_set(out->x[out->n], in->x[i]);
            mpq_set(out->y[out->n], in->y[i]);
            out->n++;
        }
        if ((mpq_sgn(si) > 0 && mpq_sgn(sj) < 0) || (mpq_sgn(si) < 0 && mpq_sgn(sj) > 0)) {
            mpq_sub(d, si, sj);
            mpq_div(t, si, d);
            mpq_sub(d, in->x[j], in->x[i]);
            mpq_mul(d, d, t);
            mpq_add(out->x[out->n], in->x[i], d);
            mpq_sub(d, in->y[j], in->y[i]);
            mpq_mul(d, d, t);
            mpq_add(out->y[out->n], in->y[i], d);
            out->n++;
        }
    }
    mpq_clears(si, sj, t, d, NULL);
}

static int64_t i_area2(const tt_pt *v, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++)
        s += (int64_t)v[i].x * v[(i + 1) % n].y - (int64_t)v[(i + 1) % n].x * v[i].y;
    return s;
}

static int o_overlap(const tt_pt *a, int na, const tt_pt *b, int nb)
{
    opoly p, q;
    op_init(&p);
    op_init(&q);
    for (int i = 0; i < na; i++) {
        q_set(p.x[i], a[i].x);
        q_set(p.y[i], a[i].y);
    }
    p.n = na;
    int dir = i_area2(b, nb) > 0 ? 1 : -1;
    for (int e = 0; e < nb && p.n; e++) {
        o_clip(&q, &p, b[e], b[(e + 1) % nb], dir);
        p.n = q.n;
        for (int i = 0; i < q.n; i++) {
            mpq_set(p.x[i], q.x[i]);
            mpq_set(p.y[i], q.y[i]);
        }
    }
    mpq_t s, t;
    mpq_inits(s, t, NULL);
    for (int i = 0; i < p.n; i++) {
        int j = (i + 1) % p.n;
        mpq_mul(t, p.x[i], p.y[j]);
        mpq_add(s, s, t);
        mpq_mul(t, p.x[j], p.y[i]);
        mpq_sub(s, s, t);
    }
    int r = mpq_sgn(s) != 0;
    mpq_clears(s, t, NULL);
    op_clear(&p);
    op_clear(&q);
    return r;
}

/* segment [p,q] enters the open interior of v: cut at every boundary
 * meeting (rational parameters), test the midpoints */
static int o_enters(tt_pt p, tt_pt q, const tt_pt *v, int n)
{
    mpq_t ts[2 * OMAX + 2], t, den, x, y, d;
    int m = 0, nts = 2 * n + 2; /* at most two meetings an edge, and the ends */
    assert_true(n <= OMAX);
    for (int i = 0; i < nts; i++)
        mpq_init(ts[i]);
    mpq_inits(t, den, x, y, d, NULL);
    mpq_set_si(ts[m++], 0, 1);
    mpq_set_si(ts[m++], 1, 1);
    int64_t rx = (int64_t)q.x - p.x, ry = (int64_t)q.y - p.y, len = rx * rx + ry * ry;
    for (int i = 0; i < n && len; i++) {
        tt_pt c = v[i], e = v[(i + 1) % n];
        int64_t sx = (int64_t)e.x - c.x, sy = (int64_t)e.y - c.y;
        int64_t dn = rx * sy - ry * sx;
        if (dn != 0) {
            mpq_set_si(t, (long)(((int64_t)c.x - p.x) * sy - ((int64_t)c.y - p.y) * sx), 1);
            mpq_set_si(den, (long)dn, 1);
            mpq_div(t, t, den);
            mpq_set_si(d, 1, 1);
            if (mpq_sgn(t) >= 0 && mpq_cmp(t, d) <= 0)
                mpq_set(ts[m++], t);
        } else if (o_orient(p, q, c) == 0) { /* collinear: both ends of the edge, clamped */
            for (int k = 0; k < 2; k++) {
                tt_pt w = k ? e : c;
                mpq_set_si(t, (long)(((int64_t)w.x - p.x) * rx + ((int64_t)w.y - p.y) * ry), 1);
                mpq_set_si(den, (long)len, 1);
                mpq_div(t, t, den);
                mpq_set_si(d, 1, 1);
                if (mpq_sgn(t) >= 0 && mpq_cmp(t, d) <= 0)
                    mpq_set(ts[m++], t);
            }
        }
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && mpq_cmp(ts[j - 1], ts[j]) > 0; j--)
            mpq_swap(ts[j - 1], ts[j]);
    int in = 0;
    for (int i = 0; i + 1 < m && !in; i++) {
        if (mpq_equal(ts[i], ts[i + 1]))
            continue;
        mpq_add(t, ts[i], ts[i + 1]);
        mpq_set_si(d, 1, 2);
        mpq_mul(t, t, d);
        mpq_set_si(d, (long)rx, 1);
        mpq_mul(x, t, d);
        mpq_set_si(d, p.x, 1);
        mpq_add(x, x, d);
        mpq_set_si(d, (long)ry, 1);
        mpq_mul(y, t, d);
        mpq_set_si(d, p.y, 1);
        mpq_add(y, y, d);
        in = o_pip(v, n, x, y) == 1;
    }
    if (p.x == q.x && p.y == q.y)
        in = o_pip_int(v, n, p) == 1;
    for (int i = 0; i < nts; i++)
        mpq_clear(ts[i]);
    mpq_clears(t, den, x, y, d, NULL);
    return in;
}

/* squared distance point-segment by the clamped projection */
static void o_d2_pt_seg(mpq_t r, tt_pt p, tt_pt a, tt_pt b)
{
    mpq_t t, x, y, k;
    mpq_inits(t, x, y, k, NULL);
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y, len = dx * dx + dy * dy;
    if (len == 0) {
        mpq_set_si(t, 0, 1);
    } else {
        mpq_set_si(t, (long)(((int64_t)p.x - a.x) * dx + ((int64_t)p.y - a.y) * dy), 1);
        mpq_set_si(k, (long)len, 1);
        mpq_div(t, t, k);
        if (mpq_sgn(t) < 0)
            mpq_set_si(t, 0, 1);
        mpq_set_si(k, 1, 1);
        if (mpq_cmp(t, k) > 0)
            mpq_set_si(t, 1, 1);
    }
    /* closest = a + t d; r = |p - closest|^2 */
    mpq_set_si(k, (long)dx, 1);
    mpq_mul(x, t, k);
    mpq_set_si(k, (long)a.x - p.x, 1);
    mpq_add(x, x, k);
    mpq_set_si(k, (long)dy, 1);
    mpq_mul(y, t, k);
    mpq_set_si(k, (long)a.y - p.y, 1);
    mpq_add(y, y, k);
    mpq_mul(x, x, x);
    mpq_mul(y, y, y);
    mpq_add(r, x, y);
    mpq_clears(t, x, y, k, NULL);
}

static void o_d2_poly(mpq_t r, const tt_pt *a, int na, const tt_pt *b, int nb)
{
    if (o_overlap(a, na, b, nb)) {
        mpq_set_si(r, 0, 1);
        return;
    }
    mpq_t d;
    mpq_init(d);
    int have = 0;
    for (int pass = 0; pass < 2; pass++) {
        const tt_pt *x = pass ? b : a, *y = pass ? a : b;
        int nx = pass ? nb : na, ny = pass ? na : nb;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++) {
                o_d2_pt_seg(d, x[i], y[j], y[(j + 1) % ny]);
                if (!have || mpq_cmp(d, r) < 0)
                    mpq_set(r, d), have = 1;
            }
    }
    mpq_clear(d);
}

/* the engine's rational as an mpq */
static void q_of(mpq_t r, tt_q q)
{
    char buf[128];
    mpz_t n, d;
    mpz_inits(n, d, NULL);
    /* both are non-negative and below 2^127: print in two halves */
    tt_u128 un = (tt_u128)q.num, ud = (tt_u128)q.den;
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)(un >> 64));
    mpz_set_str(n, buf, 10);
    mpz_mul_2exp(n, n, 64);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)(uint64_t)un);
    mpz_t lo;
    mpz_init_set_str(lo, buf, 10);
    mpz_add(n, n, lo);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)(ud >> 64));
    mpz_set_str(d, buf, 10);
    mpz_mul_2exp(d, d, 64);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)(uint64_t)ud);
    mpz_set_str(lo, buf, 10);
    mpz_add(d, d, lo);
    mpq_set_num(r, n);
    mpq_set_den(r, d);
    mpq_canonicalize(r);
    mpz_clears(n, d, lo, NULL);
}

static void expect_d2(tt_q got, const mpq_t want)
{
    mpq_t g;
    mpq_init(g);
    q_of(g, got);
    if (!mpq_equal(g, want)) {
        gmp_fprintf(stderr, "distance^2: engine %Qd, oracle %Qd\n", g, want);
        fail();
    }
    mpq_clear(g);
}

/* ---- every predicate against the oracle on one pair of polygons ----------- */

static void check_pair(const tt_pt *a, int na, const tt_pt *b, int nb)
{
    assert_int_equal(tt_convex_overlap(a, na, b, nb), o_overlap(a, na, b, nb));
    mpq_t want;
    mpq_init(want);
    o_d2_poly(want, a, na, b, nb);
    expect_d2(tt_dist2_poly(a, na, b, nb), want);
    expect_d2(tt_dist2_poly(b, nb, a, na), want);
    /* within r, for r at, just under and just over the distance, and fixed r */
    int64_t fl = tt_dist_floor(tt_dist2_poly(a, na, b, nb));
    int64_t rs[6] = {0, 1, 1000, fl > 0 ? fl - 1 : 0, fl, fl + 1};
    for (int k = 0; k < 6; k++) {
        mpq_t rr;
        mpq_init(rr);
        mpq_set_si(rr, (long)rs[k], 1);
        mpq_mul(rr, rr, rr);
        int w = mpq_cmp(want, rr) <= 0;
        if (tt_poly_within(a, na, b, nb, rs[k]) != w || tt_poly_within(b, nb, a, na, rs[k]) != w)
            fail_msg("within %lld: oracle %d", (long long)rs[k], w);
        mpq_clear(rr);
    }
    mpq_clear(want);
    for (int i = 0; i < na; i++) {
        assert_int_equal(tt_point_in_poly(b, nb, a[i]), o_pip_int(b, nb, a[i]));
        for (int j = 0; j < nb; j++) {
            tt_pt p = a[i], q = a[(i + 1) % na], c = b[j], d = b[(j + 1) % nb];
            int got = tt_seg_meet(p, q, c, d), want2 = o_seg_meet(p, q, c, d);
            if (got != want2)
                fail_msg("seg_meet (%d,%d)-(%d,%d) x (%d,%d)-(%d,%d): engine %d oracle %d", p.x,
                         p.y, q.x, q.y, c.x, c.y, d.x, d.y, got, want2);
            /* a line of sight from a corner of a to a corner of b, across b */
            int e1 = tt_seg_enters_poly(a[i], b[j], b, nb), e2 = o_enters(a[i], b[j], b, nb);
            if (e1 != e2)
                fail_msg("enters (%d,%d)-(%d,%d): engine %d oracle %d", a[i].x, a[i].y, b[j].x,
                         b[j].y, e1, e2);
        }
    }
}

/* ---- the corpus of degenerate cases, typed by hand ------------------------ */

static void square(tt_pt *s, int64_t x, int64_t y, int64_t w)
{
    s[0] = P(x, y), s[1] = P(x + w, y), s[2] = P(x + w, y + w), s[3] = P(x, y + w);
}

static void test_corpus_stands(void **state)
{
    (void)state;
    tt_pt a[4], b[4];
    square(a, 0, 0, 1000);
    /* collinear edges: b shares a's right edge */
    square(b, 1000, 0, 1000);
    assert_false(tt_convex_overlap(a, 4, b, 4));
    assert_true(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), 0) == 0);
    check_pair(a, 4, b, 4);
    /* collinear edges, shifted half a base: still only touching */
    square(b, 1000, 500, 1000);
    assert_false(tt_convex_overlap(a, 4, b, 4));
    check_pair(a, 4, b, 4);
    /* corners touching */
    square(b, 1000, 1000, 1000);
    assert_false(tt_convex_overlap(a, 4, b, 4));
    assert_int_equal(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), 0), 0);
    check_pair(a, 4, b, 4);
    /* a zero-width gap: one table unit apart, no contact at distance 0 */
    square(b, 1001, 0, 1000);
    assert_int_equal(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), 1), 0);
    check_pair(a, 4, b, 4);
    /* overlapping by one unit */
    square(b, 999, 999, 1000);
    assert_true(tt_convex_overlap(a, 4, b, 4));
    check_pair(a, 4, b, 4);
    /* a diamond whose corner touches a's edge from outside */
    tt_pt dmd[4] = {P(1500, 500), P(2000, 0), P(2500, 500), P(2000, 1000)};
    dmd[0] = P(1000, 500), dmd[1] = P(1500, 0), dmd[2] = P(2000, 500), dmd[3] = P(1500, 1000);
    assert_false(tt_convex_overlap(a, 4, dmd, 4));
    check_pair(a, 4, dmd, 4);
    /* the same diamond one unit in */
    for (int i = 0; i < 4; i++)
        dmd[i].x -= 1;
    assert_true(tt_convex_overlap(a, 4, dmd, 4));
    check_pair(a, 4, dmd, 4);
}

/* the engine and the oracle both give the answer typed by hand */
static void sight(tt_pt p, tt_pt q, const tt_pt *v, int n, int want)
{
    int got = tt_seg_enters_poly(p, q, v, n), oracle = o_enters(p, q, v, n);
    if (got != want || oracle != want)
        fail_msg("(%d,%d)-(%d,%d): engine %d, oracle %d, by hand %d", p.x, p.y, q.x, q.y, got,
                 oracle, want);
}

static void test_corpus_sight(void **state)
{
    (void)state;
    tt_pt w[4];
    square(w, 0, 0, 1000);
    /* grazing a corner: the line passes through (1000,1000) only */
    sight(P(0, 2000), P(2000, 0), w, 4, 0);
    /* one unit further in, it cuts the corner */
    sight(P(0, 1999), P(1999, 0), w, 4, 1);
    /* running along an edge */
    sight(P(-500, 1000), P(1500, 1000), w, 4, 0);
    sight(P(0, -500), P(0, 1500), w, 4, 0);
    /* along the edge exactly from corner to corner */
    sight(P(0, 0), P(1000, 0), w, 4, 0);
    /* the diagonal, corner to corner: through the interior */
    sight(P(0, 0), P(1000, 1000), w, 4, 1);
    /* ending on the boundary from outside; ending inside */
    sight(P(-500, 500), P(0, 500), w, 4, 0);
    sight(P(-500, 500), P(1, 500), w, 4, 1);
    /* a non-convex wood (a U): the line across the mouth of the U, from one
     * inner corner to the other, stays outside; one unit lower it enters */
    tt_pt u[8] = {P(0, 0),       P(3000, 0),    P(3000, 3000), P(2000, 3000),
                  P(2000, 1000), P(1000, 1000), P(1000, 3000), P(0, 3000)};
    sight(P(1000, 3000), P(2000, 3000), u, 8, 0);
    sight(P(500, 3000), P(2500, 3000), u, 8, 0); /* along the top edges */
    sight(P(500, 2999), P(2500, 2999), u, 8, 1);
    /* across the notch's floor: along the edge (1000,1000)-(2000,1000) */
    sight(P(1000, 1000), P(2000, 1000), u, 8, 0);
    /* from the notch's inner corner (1000,1000) to the outer corner
     * (3000,3000): across the notch, then through the right arm
     * ((2500,2500) is inside it) */
    sight(P(1000, 1000), P(3000, 3000), u, 8, 1);
    /* through two vertices of the notch, outside between them, in the arms */
    sight(P(0, 1000), P(3000, 1000), u, 8, 1);
    sight(P(1000, 2000), P(2000, 2000), u, 8, 0);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            assert_int_equal(tt_seg_enters_poly(u[i], u[j], u, 8), o_enters(u[i], u[j], u, 8));
}

static void test_corpus_ranges(void **state)
{
    (void)state;
    /* a point at exactly 5 from the middle of a segment: cross 50, len 100 */
    tt_q d = tt_dist2_pt_seg(P(7, 1), P(0, 0), P(6, 8));
    assert_int_equal(tt_q_cmp_len(d, 5), 0);
    assert_int_equal(tt_q_cmp_len(d, 4), 1);
    assert_int_equal(tt_dist_floor(d), 5);
    /* one part in 10^4 closer: (7,1) moved to 70000-1 in units of 1/10000 */
    d = tt_dist2_pt_seg(P(69999, 10000), P(0, 0), P(60000, 80000));
    assert_int_equal(tt_q_cmp_len(d, 50000), -1);
    /* stands exactly 18" apart edge to edge, and one unit less */
    tt_pt a[4], b[4];
    square(a, 0, 0, 1000);
    square(b, 1000 + TT_INCH(18), 0, 1000);
    assert_int_equal(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), TT_INCH(18)), 0);
    square(b, 999 + TT_INCH(18), 0, 1000);
    assert_int_equal(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), TT_INCH(18)), -1);
    /* on the diagonal: a 3-4-5 gap of 5" between corners */
    square(b, 1000 + TT_INCH(3), 1000 + TT_INCH(4), 1000);
    assert_int_equal(tt_q_cmp_len(tt_dist2_poly(a, 4, b, 4), TT_INCH(5)), 0);
    /* the greatest coordinates: products near 2^123 stay exact */
    tt_pt big[4] = {P(-TT_COORD_MAX, -TT_COORD_MAX), P(TT_COORD_MAX, -TT_COORD_MAX + 1),
                    P(TT_COORD_MAX, TT_COORD_MAX), P(-TT_COORD_MAX + 1, TT_COORD_MAX)};
    tt_pt far[3] = {P(TT_COORD_MAX, TT_COORD_MAX - 1), P(TT_COORD_MAX - 1, TT_COORD_MAX),
                    P(TT_COORD_MAX, TT_COORD_MAX)};
    check_pair(big, 4, far, 3);
    tt_pt sliver[3] = {P(-TT_COORD_MAX, TT_COORD_MAX), P(TT_COORD_MAX, -TT_COORD_MAX),
                       P(TT_COORD_MAX, -TT_COORD_MAX + 1)};
    check_pair(sliver, 3, far, 3);
}

/* ---- random layouts ---------------------------------------------------- */

static tt_pt rnd_pt(gr_rng *r, int64_t grid, int64_t step, int64_t off)
{
    return P(off + step * (int64_t)gr_rng_below(r, (uint32_t)grid),
             off + step * (int64_t)gr_rng_below(r, (uint32_t)grid));
}

/* a random convex polygon: a rotated, rounded rectangle or a triangle */
static int rnd_convex(gr_rng *r, tt_pt *v, int64_t grid, int64_t step, int64_t off)
{
    for (;;) {
        int n = gr_rng_below(r, 2) ? 3 : 4;
        if (n == 3) {
            v[0] = rnd_pt(r, grid, step, off);
            v[1] = rnd_pt(r, grid, step, off);
            v[2] = rnd_pt(r, grid, step, off);
            int64_t a = i_area2(v, 3);
            if (a == 0)
                continue;
            if (a < 0) {
                tt_pt t = v[1];
                v[1] = v[2], v[2] = t;
            }
            return 3;
        }
        tt_pt c = rnd_pt(r, grid, step, off);
        int64_t ux = (int64_t)gr_rng_below(r, 5) - 2, uy = (int64_t)gr_rng_below(r, 5) - 2;
        int64_t w = 1 + gr_rng_below(r, 3), h = 1 + gr_rng_below(r, 3);
        if (ux == 0 && uy == 0)
            continue;
        /* a parallelogram c, c+w u, c + w u + h u', c + h u' (u' = u turned left) */
        v[0] = c;
        v[1] = P(c.x + w * ux * step, c.y + w * uy * step);
        v[2] = P(v[1].x - h * uy * step, v[1].y + h * ux * step);
        v[3] = P(c.x - h * uy * step, c.y + h * ux * step);
        return 4;
    }
}

static void test_random_grid(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 28);
    for (int it = 0; it < 1500; it++) {
        tt_pt a[4], b[4];
        int na = rnd_convex(&r, a, 7, 1000, 0), nb = rnd_convex(&r, b, 7, 1000, 0);
        check_pair(a, na, b, nb);
    }
}

static void test_random_wide(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 1828);
    int64_t step = (2 * (int64_t)TT_COORD_MAX) / 12;
    for (int it = 0; it < 400; it++) {
        tt_pt a[4], b[4];
        int na = rnd_convex(&r, a, 5, step, -TT_COORD_MAX);
        int nb = rnd_convex(&r, b, 5, step, -TT_COORD_MAX);
        int ok = 1;
        for (int i = 0; i < na; i++)
            ok &= a[i].x >= -TT_COORD_MAX && a[i].x <= TT_COORD_MAX && a[i].y >= -TT_COORD_MAX &&
                  a[i].y <= TT_COORD_MAX;
        for (int i = 0; i < nb; i++)
            ok &= b[i].x >= -TT_COORD_MAX && b[i].x <= TT_COORD_MAX && b[i].y >= -TT_COORD_MAX &&
                  b[i].y <= TT_COORD_MAX;
        if (ok)
            check_pair(a, na, b, nb);
    }
}

/* ---- sums of square roots and rounded offsets --------------------------- */

static int o_sqrt_sum_cmp(const int64_t *a, const int64_t *n, int k, int64_t m)
{
    /* bounds at 2^-300: floor and ceil of each a*sqrt(n)*2^300 */
    mpz_t lo, hi, t, s;
    mpz_inits(lo, hi, t, s, NULL);
    int exact = 1;
    for (int i = 0; i < k; i++) {
        mpz_set_si(t, (long)n[i]);
        mpz_mul_2exp(t, t, 600);
        mpz_sqrt(s, t);
        mpz_mul_si(s, s, (long)a[i]);
        mpz_add(lo, lo, s);
        if (!mpz_perfect_square_p(t) && a[i] && n[i]) {
            exact = 0;
            mpz_add_ui(s, s, (unsigned long)a[i]);
        }
        mpz_add(hi, hi, s);
    }
    mpz_set_si(t, (long)m);
    mpz_mul_2exp(t, t, 300);
    int r;
    if (exact)
        r = mpz_cmp(lo, t);
    else if (mpz_cmp(hi, t) <= 0)
        r = -1;
    else if (mpz_cmp(lo, t) >= 0)
        r = 1;
    else
        r = 99; /* undecided at 2^-300: never met */
    mpz_clears(lo, hi, t, s, NULL);
    return (r > 0) - (r < 0) + (r == 99 ? 99 : 0);
}

static void test_sqrt_sums(void **state)
{
    (void)state;
    /* 3-4-5 and 6-8-10: exactly 15 */
    int64_t a[3] = {1, 1, 0}, n[3] = {25, 100, 7};
    assert_int_equal(tt_sqrt_sum_cmp(a, n, 3, 15), 0);
    assert_int_equal(tt_sqrt_sum_cmp(a, n, 3, 14), 1);
    assert_int_equal(tt_sqrt_sum_cmp(a, n, 3, 16), -1);
    /* sqrt 2 + sqrt 2 = 2.828..: above 2, below 3; sqrt 2 * 10^6 vs 1414213 / 1414214 */
    int64_t b[1] = {2}, q[1] = {2};
    assert_int_equal(tt_sqrt_sum_cmp(b, q, 1, 2), 1);
    assert_int_equal(tt_sqrt_sum_cmp(b, q, 1, 3), -1);
    int64_t c[1] = {1}, z[1] = {2000000000000};
    assert_int_equal(tt_sqrt_sum_cmp(c, z, 1, 1414213), 1);
    assert_int_equal(tt_sqrt_sum_cmp(c, z, 1, 1414214), -1);
    gr_rng r;
    gr_rng_seed(&r, 7);
    for (int it = 0; it < 3000; it++) {
        int k = 1 + (int)gr_rng_below(&r, 6);
        int64_t aa[6], nn[6];
        for (int i = 0; i < k; i++) {
            aa[i] = gr_rng_below(&r, 4);
            int64_t base = gr_rng_below(&r, 2) ? (int64_t)gr_rng_below(&r, 1u << 20)
                                               : (int64_t)gr_rng_below(&r, 50);
            nn[i] = gr_rng_below(&r, 2) ? base * base : base * (int64_t)gr_rng_below(&r, 1u << 21);
        }
        /* m near the sum: the oracle's floor, and one either side */
        mpz_t s, t;
        mpz_inits(s, t, NULL);
        for (int i = 0; i < k; i++) {
            mpz_set_si(t, (long)nn[i]);
            mpz_sqrt(t, t);
            mpz_mul_si(t, t, (long)aa[i]);
            mpz_add(s, s, t);
        }
        int64_t m0 = (int64_t)mpz_get_si(s);
        mpz_clears(s, t, NULL);
        for (int64_t m = m0 - 1; m <= m0 + k + 1; m++) {
            int want = o_sqrt_sum_cmp(aa, nn, k, m);
            assert_true(want >= -1 && want <= 1);
            assert_int_equal(tt_sqrt_sum_cmp(aa, nn, k, m), want);
        }
    }
}

static void test_offsets(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 99);
    /* three sizes of offset: a stand's, a move's across the table, and
     * beyond any table (past the double's bounds, where the integers
     * decide); every fourth facing a whole length (0,1), (3,4) or (5,12),
     * whose half-unit offsets are exact ties */
    static const int64_t size[3] = {20000, INT64_C(1) << 21, INT64_C(1) << 30};
    static const tt_dir whole[3] = {{0, 1}, {3, 4}, {5, 12}};
    for (int it = 0; it < 30000; it++) {
        tt_dir f = tt_dir_make((int64_t)gr_rng_below(&r, 2 * TT_DIR_MAX + 1) - TT_DIR_MAX,
                               (int64_t)gr_rng_below(&r, 2 * TT_DIR_MAX + 1) - TT_DIR_MAX);
        if (it % 4 == 3)
            f = whole[gr_rng_below(&r, 3)];
        int64_t m = size[it % 3];
        int64_t fwd = (int64_t)gr_rng_below(&r, (uint32_t)(2 * m + 1)) - m;
        int64_t right = (int64_t)gr_rng_below(&r, (uint32_t)(2 * m + 1)) - m;
        int half = (int)gr_rng_below(&r, 2);
        tt_pt o = tt_offset(P(0, 0), f, fwd, right, half);
        /* the oracle: |2 q k sqrt(n) - 2 N| <= k sqrt(n), the tie away from 0 */
        int64_t nn = (int64_t)f.x * f.x + (int64_t)f.y * f.y, k = half ? 2 : 1;
        int64_t N[2] = {fwd * f.x + right * f.y, fwd * f.y - right * f.x};
        int64_t got[2] = {o.x, o.y};
        for (int c = 0; c < 2; c++) {
            mpz_t lo, hi, four, t;
            mpz_inits(lo, hi, four, t, NULL);
            /* (2|q|-1)^2 k^2 n <= 4 N^2 < (2|q|+1)^2 k^2 n, q of N's sign */
            int64_t q = got[c];
            assert_true(q == 0 || (q > 0) == (N[c] > 0));
            int64_t aq = q < 0 ? -q : q;
            mpz_set_si(four, (long)N[c]);
            mpz_mul(four, four, four);
            mpz_mul_ui(four, four, 4);
            mpz_set_si(t, (long)(2 * aq + 1));
            mpz_mul(hi, t, t);
            mpz_mul_si(hi, hi, (long)(k * k * nn));
            assert_true(mpz_cmp(four, hi) < 0);
            if (aq > 0) {
                mpz_set_si(t, (long)(2 * aq - 1));
                mpz_mul(lo, t, t);
                mpz_mul_si(lo, lo, (long)(k * k * nn));
                assert_true(mpz_cmp(lo, four) <= 0);
            }
            mpz_clears(lo, hi, four, t, NULL);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_stands), cmocka_unit_test(test_corpus_sight),
        cmocka_unit_test(test_corpus_ranges), cmocka_unit_test(test_random_grid),
        cmocka_unit_test(test_random_wide),   cmocka_unit_test(test_sqrt_sums),
        cmocka_unit_test(test_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
