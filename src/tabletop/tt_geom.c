/* tt_geom.c - the table's exact predicates.
 *
 * Bounds (why 128 bits always suffice): coordinates lie in
 * [-TT_COORD_MAX, TT_COORD_MAX], TT_COORD_MAX < 2^19, so a difference of
 * two coordinates is below 2^20 in magnitude, a cross or dot product of two
 * differences below 2^41, its square below 2^82, and a squared length below
 * 2^41.  Comparing two squared distances num/den (num < 2^82, den < 2^41)
 * multiplies up to 2^123 < 2^127.  A facing's components are at most
 * TT_DIR_MAX < 2^12. */
#include "tt_internal.h"

typedef tt_i128 i128;
typedef tt_u128 u128;

static int64_t cross3(tt_pt a, tt_pt b, tt_pt c)
{
    int64_t bx = (int64_t)b.x - a.x, by = (int64_t)b.y - a.y;
    int64_t cx = (int64_t)c.x - a.x, cy = (int64_t)c.y - a.y;
    return bx * cy - by * cx;
}

static int sgn64(int64_t v)
{
    return (v > 0) - (v < 0);
}

int tt_orient(tt_pt a, tt_pt b, tt_pt c)
{
    return tt_orient_in(a, b, c);
}

static int between(tt_coord a, tt_coord b, tt_coord v)
{
    return a <= b ? (a <= v && v <= b) : (b <= v && v <= a);
}

int tt_on_segment(tt_pt a, tt_pt b, tt_pt p)
{
    return cross3(a, b, p) == 0 && between(a.x, b.x, p.x) && between(a.y, b.y, p.y);
}

static int in_box(tt_pt a, tt_pt b, tt_pt p)
{
    return between(a.x, b.x, p.x) && between(a.y, b.y, p.y);
}

int tt_seg_meet(tt_pt a, tt_pt b, tt_pt c, tt_pt d)
{
    int o1 = tt_orient_in(a, b, c), o2 = tt_orient_in(a, b, d);
    if (o1 * o2 > 0)
        return 0;
    int o3 = tt_orient_in(c, d, a), o4 = tt_orient_in(c, d, b);
    if (o3 * o4 > 0)
        return 0;
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 2;
    /* an end collinear with the other segment touches it if within its box */
    if ((o1 == 0 && in_box(a, b, c)) || (o2 == 0 && in_box(a, b, d)) ||
        (o3 == 0 && in_box(c, d, a)) || (o4 == 0 && in_box(c, d, b)))
        return 1;
    return 0;
}

/* Point (px, py) against the polygon v scaled by k (k = 2 tests a point with
 * half-unit coordinates, given doubled). */
static int pip_scaled(const tt_pt *v, int n, int64_t px, int64_t py, int64_t k)
{
    int wn = 0;
    for (int i = 0; i < n; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        int64_t ax = k * v[i].x, ay = k * v[i].y, bx = k * v[j].x, by = k * v[j].y;
        int64_t cr = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
        if (cr == 0 && (ax <= bx ? ax <= px && px <= bx : bx <= px && px <= ax) &&
            (ay <= by ? ay <= py && py <= by : by <= py && py <= ay))
            return 0; /* on the boundary */
        if (ay <= py) {
            if (by > py && cr > 0)
                wn++;
        } else if (by <= py && cr < 0) {
            wn--;
        }
    }
    return wn ? 1 : -1;
}

int tt_point_in_poly(const tt_pt *v, int n, tt_pt p)
{
    return pip_scaled(v, n, p.x, p.y, 1);
}

static int64_t area2(const tt_pt *v, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        s += (int64_t)v[i].x * v[j].y - (int64_t)v[j].x * v[i].y;
    }
    return s;
}

/* 1 if some edge of a (orientation `dir`) has all of b on its outer closed
 * side. */
static int separates(const tt_pt *a, int na, int dir, const tt_pt *b, int nb)
{
    for (int i = 0; i < na; i++) {
        tt_pt p = a[i], q = a[i + 1 == na ? 0 : i + 1];
        int all_out = 1;
        for (int j = 0; j < nb && all_out; j++)
            if (tt_orient_in(p, q, b[j]) * dir > 0)
                all_out = 0;
        if (all_out)
            return 1;
    }
    return 0;
}

int tt_convex_overlap(const tt_pt *a, int na, const tt_pt *b, int nb)
{
    int da = sgn64(area2(a, na)), db = sgn64(area2(b, nb));
    if (da == 0 || db == 0)
        return 0; /* a flat polygon has no interior */
    return !separates(a, na, da, b, nb) && !separates(b, nb, db, a, na);
}

int tt_seg_enters_poly(tt_pt p, tt_pt q, const tt_pt *v, int n)
{
    if (p.x == q.x && p.y == q.y)
        return tt_point_in_poly(v, n, p) == 1;
    if (tt_point_in_poly(v, n, p) == 1 || tt_point_in_poly(v, n, q) == 1)
        return 1;
    return tt_seg_enters_poly_ends_out(p, q, v, n);
}

int tt_seg_enters_poly_ends_out(tt_pt p, tt_pt q, const tt_pt *v, int n)
{
    int touch = 0;
    for (int i = 0; i < n; i++) {
        int m = tt_seg_meet(p, q, v[i], v[i + 1 == n ? 0 : i + 1]);
        if (m == 2)
            return 1;
        touch |= m;
    }
    if (!touch) /* both ends outside and no boundary met: wholly outside */
        return 0;
    /* No proper crossing: the segment meets the boundary only at vertices
     * lying on it, along edges, or at its own ends.  Between two successive
     * such points it is wholly inside, outside or on the boundary: the
     * midpoint (half units, so doubled) tells which. */
    tt_pt pts[TT_MAX_VERTS + 2];
    int64_t key[TT_MAX_VERTS + 2];
    int64_t dx = (int64_t)q.x - p.x, dy = (int64_t)q.y - p.y;
    int m = 0;
    pts[m] = p, key[m++] = 0;
    pts[m] = q, key[m++] = dx * dx + dy * dy;
    for (int i = 0; i < n && m < TT_MAX_VERTS + 2; i++)
        if (tt_on_segment(p, q, v[i])) {
            pts[m] = v[i];
            key[m++] = ((int64_t)v[i].x - p.x) * dx + ((int64_t)v[i].y - p.y) * dy;
        }
    for (int i = 1; i < m; i++) /* insertion sort by position along [p,q] */
        for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
            int64_t tk = key[j];
            tt_pt tp = pts[j];
            key[j] = key[j - 1], pts[j] = pts[j - 1];
            key[j - 1] = tk, pts[j - 1] = tp;
        }
    for (int i = 0; i + 1 < m; i++) {
        if (key[i] == key[i + 1])
            continue;
        int64_t mx = (int64_t)pts[i].x + pts[i + 1].x, my = (int64_t)pts[i].y + pts[i + 1].y;
        if (pip_scaled(v, n, mx, my, 2) == 1)
            return 1;
    }
    return 0;
}

tt_q tt_dist2_pt_seg(tt_pt p, tt_pt a, tt_pt b)
{
    int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
    int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
    int64_t len = abx * abx + aby * aby;
    int64_t t = apx * abx + apy * aby;
    tt_q r = {0, 1};
    if (len == 0 || t <= 0) {
        r.num = (i128)apx * apx + (i128)apy * apy;
    } else if (t >= len) {
        int64_t bpx = (int64_t)p.x - b.x, bpy = (int64_t)p.y - b.y;
        r.num = (i128)bpx * bpx + (i128)bpy * bpy;
    } else {
        i128 cr = (i128)abx * apy - (i128)aby * apx;
        r.num = cr * cr;
        r.den = len;
    }
    return r;
}

int tt_q_cmp(tt_q a, tt_q b)
{
    i128 l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

int tt_q_cmp_len(tt_q d2, int64_t r)
{
    i128 rr = (i128)r * r * d2.den;
    return (d2.num > rr) - (d2.num < rr);
}

tt_q tt_dist2_poly(const tt_pt *a, int na, const tt_pt *b, int nb)
{
    tt_q best = {0, 1};
    if (tt_convex_overlap(a, na, b, nb))
        return best;
    int have = 0;
    for (int pass = 0; pass < 2; pass++) {
        const tt_pt *x = pass ? b : a, *y = pass ? a : b;
        int nx = pass ? nb : na, ny = pass ? na : nb;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++) {
                tt_q d = tt_dist2_pt_seg(x[i], y[j], y[j + 1 == ny ? 0 : j + 1]);
                if (!have || tt_q_cmp(d, best) < 0)
                    best = d, have = 1;
            }
    }
    return best;
}

/* 1 if p is within r of the segment [a,b] (closed), exact */
static int pt_seg_within(tt_pt p, tt_pt a, tt_pt b, int64_t r)
{
    int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
    int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
    int64_t len = abx * abx + aby * aby, t = apx * abx + apy * aby;
    if (len == 0 || t <= 0)
        return apx * apx + apy * apy <= r * r;
    if (t >= len) {
        int64_t bpx = (int64_t)p.x - b.x, bpy = (int64_t)p.y - b.y;
        return bpx * bpx + bpy * bpy <= r * r;
    }
    i128 cr = (i128)abx * apy - (i128)aby * apx;
    return cr * cr <= (i128)r * r * len;
}

/* The sign of (the distance from p to the segment [a,b]) - r, exact. */
static int pt_seg_cmp_len(tt_pt p, tt_pt a, tt_pt b, int64_t r)
{
    int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
    int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
    int64_t len = abx * abx + aby * aby, t = apx * abx + apy * aby;
    i128 l, m = (i128)r * r;
    if (len == 0 || t <= 0) {
        l = (i128)apx * apx + (i128)apy * apy;
    } else if (t >= len) {
        int64_t bpx = (int64_t)p.x - b.x, bpy = (int64_t)p.y - b.y;
        l = (i128)bpx * bpx + (i128)bpy * bpy;
    } else {
        i128 cr = (i128)abx * apy - (i128)aby * apx;
        l = cr * cr;
        m *= len;
    }
    return (l > m) - (l < m);
}

int tt_poly_cmp_len(const tt_pt *a, int na, const tt_pt *b, int nb, int64_t r)
{
    int best = 1;
    for (int pass = 0; pass < 2; pass++) {
        const tt_pt *x = pass ? b : a, *y = pass ? a : b;
        int nx = pass ? nb : na, ny = pass ? na : nb;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++) {
                int c = pt_seg_cmp_len(x[i], y[j], y[j + 1 == ny ? 0 : j + 1], r);
                if (c < 0)
                    return -1;
                if (c < best)
                    best = c;
            }
    }
    /* interiors that overlap: the distance is 0 */
    if (tt_convex_overlap(a, na, b, nb))
        return r != 0 ? -1 : 0;
    return best;
}

int tt_poly_within(const tt_pt *a, int na, const tt_pt *b, int nb, int64_t r)
{
    for (int pass = 0; pass < 2; pass++) {
        const tt_pt *x = pass ? b : a, *y = pass ? a : b;
        int nx = pass ? nb : na, ny = pass ? na : nb;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++)
                if (pt_seg_within(x[i], y[j], y[j + 1 == ny ? 0 : j + 1], r))
                    return 1;
    }
    return tt_convex_overlap(a, na, b, nb);
}

/* Square roots.  A double gives a first guess; exact integer tests then
 * correct it to the one integer q with q^2 <= n < (q+1)^2, so the result is
 * the same on every machine whatever the double's rounding: no floating
 * point decides. */
static uint64_t isqrt64(uint64_t n)
{
    uint64_t x = (uint64_t)__builtin_sqrt((double)n);
    if (x > 0xFFFFFFFFu)
        x = 0xFFFFFFFFu;
    while (x * x > n)
        x--;
    while (x < 0xFFFFFFFFu && (x + 1) * (x + 1) <= n)
        x++;
    return x;
}

u128 tt_isqrt(u128 n)
{
    if (n >> 64 == 0)
        return isqrt64((uint64_t)n);
    u128 x = (u128)__builtin_sqrt((double)n); /* within 2^12 of the root */
    if (x == 0)
        x = 1;
    x = (x + n / x) / 2;                  /* one Newton step: now at or just above the root */
    const u128 top = ((u128)1 << 64) - 1; /* sqrt(2^128) bound, so x*x fits */
    if (x > top)
        x = top;
    while (x * x > n)
        x--;
    while (x < top && (x + 1) * (x + 1) <= n)
        x++;
    return x;
}

int64_t tt_dist_floor(tt_q d2)
{
    return (int64_t)tt_isqrt((u128)(d2.num / d2.den));
}

int tt_sqrt_sum_cmp(const int64_t *a, const int64_t *n, int k, int64_t m)
{
    if (m < 0)
        return 1;
    static const int shifts[] = {0, 21, 42};
    for (int s = 0; s < 3; s++) {
        int sh = shifts[s];
        i128 lo = 0, hi = 0;
        int exact = 1;
        for (int i = 0; i < k; i++) {
            if (a[i] == 0 || n[i] == 0)
                continue;
            u128 big = (u128)n[i] << (2 * sh);
            u128 r = tt_isqrt(big);
            lo += (i128)a[i] * (i128)r;
            if (r * r != big) {
                exact = 0;
                hi += (i128)a[i] * (i128)(r + 1);
            } else {
                hi += (i128)a[i] * (i128)r;
            }
        }
        i128 mm = (i128)m << sh;
        if (exact)
            return (lo > mm) - (lo < mm);
        if (hi <= mm)
            return -1; /* the sum is strictly below hi */
        if (lo >= mm)
            return 1; /* and strictly above lo */
    }
    return 1;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* round(n / d), d > 0, ties away from zero */
static int64_t round_div(int64_t n, int64_t d)
{
    return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

tt_dir tt_dir_make(int64_t x, int64_t y)
{
    tt_dir f = {0, 1};
    if (x == 0 && y == 0)
        return f;
    int64_t g = gcd64(x, y);
    x /= g, y /= g;
    int64_t ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, mx = ax > ay ? ax : ay;
    if (mx > TT_DIR_MAX) {
        x = round_div(x * TT_DIR_MAX, mx);
        y = round_div(y * TT_DIR_MAX, mx);
        g = gcd64(x, y);
        x /= g, y /= g;
    }
    f.x = (int32_t)x, f.y = (int32_t)y;
    return f;
}

/* The last turns a thread made, by facing and angle: a wheel's steps and a
 * pose's search among the 24 turns ask the same ones again and again. */
typedef struct turn_memo {
    tt_dir f, to;
    int deg, valid;
} turn_memo;
#define TURN_SLOTS 256
static _Thread_local turn_memo turns[TURN_SLOTS];

static tt_dir dir_turn(tt_dir f, int deg);

tt_dir tt_dir_turn(tt_dir f, int deg)
{
    uint32_t h = (uint32_t)f.x * 2654435761u ^ (uint32_t)f.y * 40503u ^ (uint32_t)deg * 193u;
    turn_memo *m = &turns[(h ^ h >> 15) % TURN_SLOTS];
    if (!m->valid || m->deg != deg || m->f.x != f.x || m->f.y != f.y) {
        m->to = dir_turn(f, deg);
        m->f = f, m->deg = deg, m->valid = 1;
    }
    return m->to;
}

static tt_dir dir_turn(tt_dir f, int deg)
{
    /* cos(15 k degrees) * 16384, k = 0..6, rounded to the nearest */
    static const int64_t C[7] = {16384, 15826, 14189, 11585, 8192, 4240, 0};
    int k = ((deg / 15) % 24 + 24) % 24;
    int q = k / 6, r = k % 6;
    int64_t c = C[r], s = C[6 - r];
    for (int i = 0; i < q; i++) {
        int64_t t = c;
        c = -s, s = t;
    }
    return tt_dir_make(f.x * c - f.y * s, f.x * s + f.y * c);
}

/* round(N / (k * sqrt(nn))), ties away from zero, k 1 or 2; inv is
 * 1 / (k * sqrt(nn)) as tt_along_make computes it, or 0.
 *
 * Most quotients are far from a tie: for |N| <= 2^36 and nn <= 2^48,
 * |N| * inv is within 2^-14 of the quotient (N and k^2 nn are exact
 * doubles; the root, the reciprocal and the product each move it by at
 * most one unit in its last place, in any rounding mode, and the quotient
 * is below 2^36), so when its fraction is more than 2^-8 from one half,
 * rounding it is rounding the exact quotient: the same on every machine.
 * Nearer a tie, or beyond those bounds, the integers decide. */
static int64_t round_div_sqrt(int64_t N, int64_t nn, int64_t k, double inv)
{
    uint64_t mag = N < 0 ? -(uint64_t)N : (uint64_t)N;
    if (inv > 0 && mag <= (UINT64_C(1) << 36)) {
        double x = (double)mag * inv;
        int64_t whole = (int64_t)x;
        double frac = x - (double)whole;
        if (frac < 0.5 - 1.0 / 256 || frac > 0.5 + 1.0 / 256) {
            int64_t q = whole + (frac > 0.5);
            return N < 0 ? -q : q;
        }
    }
    uint64_t r = isqrt64((uint64_t)nn);
    if ((int64_t)(r * r) == nn) /* |f| a whole number: a plain division */
        return round_div(N, k * (int64_t)r);
    int neg = N < 0;
    u128 a = (u128)(neg ? -N : N);
    u128 den = (u128)(k * k) * (u128)nn, aa = a * a;
    /* q0 = floor(a / sqrt(den)): the one q >= 0 with q^2 den <= a^2 <
     * (q+1)^2 den; a double guesses it, the integer tests decide, with
     * qq = q0^2 den kept by differences ((q0 -+ 1)^2 = q0^2 -+ 2 q0 + 1) */
    u128 q0 = (u128)(uint64_t)((double)a / __builtin_sqrt((double)den)); /* < 2^41 */
    u128 qq = q0 * q0 * den;
    while (q0 > 0 && qq > aa) {
        qq -= (2 * q0 - 1) * den;
        q0--;
    }
    for (u128 next; (next = qq + (2 * q0 + 1) * den) <= aa; q0++)
        qq = next;
    /* round half away from zero: q0 + 1 when (2 q0 + 1)^2 den <= 4 a^2,
     * (2 q0 + 1)^2 den = 4 qq + (4 q0 + 1) den */
    if (4 * qq + (4 * q0 + 1) * den <= 4 * aa)
        q0++;
    return neg ? -(int64_t)q0 : (int64_t)q0;
}

void tt_along_make(tt_along *a, tt_dir f, int half)
{
    a->f = f;
    a->nn = (int64_t)f.x * f.x + (int64_t)f.y * f.y;
    a->k = half ? 2 : 1;
    a->inv = a->nn > 0 && a->nn <= (INT64_C(1) << 48)
                 ? 1.0 / __builtin_sqrt((double)(a->k * a->k * a->nn))
                 : 0.0;
}

tt_pt tt_along_offset(const tt_along *a, tt_pt p, int64_t fwd, int64_t right)
{
    int64_t rx = a->f.y, ry = -a->f.x;
    int64_t nx = fwd * a->f.x + right * rx, ny = fwd * a->f.y + right * ry;
    tt_pt o;
    o.x = (tt_coord)(p.x + round_div_sqrt(nx, a->nn, a->k, a->inv));
    o.y = (tt_coord)(p.y + round_div_sqrt(ny, a->nn, a->k, a->inv));
    return o;
}

tt_pt tt_offset(tt_pt p, tt_dir f, int64_t fwd, int64_t right, int half)
{
    tt_along a;
    tt_along_make(&a, f, half);
    return tt_along_offset(&a, p, fwd, right);
}
