/* dice.c - dice rolls and exact distributions of their totals. */
#include "grognard/dice.h"

#include <stdlib.h>
#include <string.h>

const char *gr_roll_name(gr_roll_kind k)
{
    switch (k) {
    case GR_ROLL_NONE: return "no roll";
    case GR_ROLL_D6: return "D6";
    case GR_ROLL_D10: return "D10";
    case GR_ROLL_2D6: return "2D6";
    case GR_ROLL_D10_VS_D10: return "D10 vs D10";
    case GR_ROLL_2D6_VS_2D6: return "2D6 vs 2D6";
    }
    return "?";
}

/* `d` = uniform over 1..sides (1 <= sides <= GR_DIST_MAX). */
static void dist_die(gr_dist *d, int sides)
{
    memset(d, 0, sizeof *d);
    d->lo = 1;
    d->n = sides;
    d->den = (uint64_t)sides;
    for (int i = 0; i < sides; i++)
        d->w[i] = 1;
}

/* `d` = the point mass at `total`. */
static void dist_point(gr_dist *d, int total)
{
    memset(d, 0, sizeof *d);
    d->lo = total;
    d->n = 1;
    d->den = 1;
    d->w[0] = 1;
}

/* out = a (+/-) b, the distribution of a sum (sign +1) or difference
 * (sign -1) of independent totals.  GR_EINPUT if the result would exceed
 * GR_DIST_MAX totals.  out may alias a or b. */
static gr_status combine(gr_dist *out, const gr_dist *a, const gr_dist *b, int sign, gr_error *err)
{
    int n = a->n + b->n - 1;
    if (n > GR_DIST_MAX)
        return gr_error_set(err, GR_EINPUT, "dice: %d possible totals, at most %d supported", n,
                            GR_DIST_MAX);
    gr_dist r = {0};
    r.n = n;
    r.lo = sign > 0 ? a->lo + b->lo : a->lo - (b->lo + b->n - 1);
    r.den = a->den * b->den;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++) {
            int total = sign > 0 ? a->lo + i + b->lo + j : a->lo + i - (b->lo + j);
            r.w[total - r.lo] += a->w[i] * b->w[j];
        }
    *out = r;
    return GR_OK;
}

void gr_dist_shift(gr_dist *d, int k)
{
    d->lo += k;
}

void gr_dist_of_roll(gr_dist *d, gr_roll_kind k)
{
    gr_dist a, b;
    switch (k) {
    case GR_ROLL_NONE: dist_point(d, 0); return;
    case GR_ROLL_D6: dist_die(d, 6); return;
    case GR_ROLL_D10: dist_die(d, 10); return;
    case GR_ROLL_2D6:
        dist_die(&a, 6);
        (void)combine(d, &a, &a, +1, NULL); /* 11 totals: cannot overflow */
        return;
    case GR_ROLL_D10_VS_D10:
        dist_die(&a, 10);
        (void)combine(d, &a, &a, -1, NULL); /* 19 totals */
        return;
    case GR_ROLL_2D6_VS_2D6:
        gr_dist_of_roll(&b, GR_ROLL_2D6);
        (void)combine(d, &b, &b, -1, NULL); /* 21 totals */
        return;
    }
    dist_point(d, 0);
}

uint64_t gr_dist_weight(const gr_dist *d, int total)
{
    if (total < d->lo || total >= d->lo + d->n)
        return 0;
    return d->w[total - d->lo];
}

/* Roll one die of `sides` faces (1..sides). */
static int die_roll(gr_rng *r, int sides)
{
    return 1 + (int)gr_rng_below(r, (uint32_t)sides);
}

int gr_roll(gr_rng *r, gr_roll_kind k, int faces[4], int *nfaces)
{
    int n = 0, total = 0;
    switch (k) {
    case GR_ROLL_NONE: break;
    case GR_ROLL_D6: total = faces[n++] = die_roll(r, 6); break;
    case GR_ROLL_D10: total = faces[n++] = die_roll(r, 10); break;
    case GR_ROLL_2D6:
        faces[n++] = die_roll(r, 6);
        faces[n++] = die_roll(r, 6);
        total = faces[0] + faces[1];
        break;
    case GR_ROLL_D10_VS_D10:
        faces[n++] = die_roll(r, 10);
        faces[n++] = die_roll(r, 10);
        total = faces[0] - faces[1];
        break;
    case GR_ROLL_2D6_VS_2D6:
        for (int i = 0; i < 4; i++)
            faces[n++] = die_roll(r, 6);
        total = faces[0] + faces[1] - faces[2] - faces[3];
        break;
    }
    *nfaces = n;
    return total;
}

uint64_t gr_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a ? a : 1;
}

int gr_roll_parts(gr_roll_kind k, int *lo, int *hi)
{
    switch (k) {
    case GR_ROLL_D6: *lo = 1, *hi = 6; return 1;
    case GR_ROLL_D10: *lo = 1, *hi = 10; return 1;
    case GR_ROLL_2D6: *lo = 2, *hi = 12; return 1;
    case GR_ROLL_D10_VS_D10: *lo = 1, *hi = 10; return 2;
    case GR_ROLL_2D6_VS_2D6: *lo = 2, *hi = 12; return 2;
    default: *lo = *hi = 0; return 0;
    }
}

uint32_t gr_roll_part_ways(gr_roll_kind k, int v, uint32_t *den)
{
    if (k == GR_ROLL_2D6 || k == GR_ROLL_2D6_VS_2D6) {
        *den = 36;
        return v >= 2 && v <= 12 ? (uint32_t)(6 - abs(v - 7)) : 0;
    }
    int lo, hi;
    gr_roll_parts(k, &lo, &hi);
    *den = (uint32_t)(hi - lo + 1);
    return v >= lo && v <= hi ? 1 : 0;
}
