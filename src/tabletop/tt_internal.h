/* tt_internal.h - helpers shared by the tabletop layer's files (not an
 * interface: include/grognard/tabletop.h is). */
#ifndef GROGNARD_TT_INTERNAL_H
#define GROGNARD_TT_INTERNAL_H

#include "grognard/tabletop.h"

/* 1 if the boxes [alo,ahi] and [blo,bhi] share a point. */
static inline int tt_box_meet(tt_pt alo, tt_pt ahi, tt_pt blo, tt_pt bhi)
{
    return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y;
}

/* Grow the box [*lo,*hi] to hold the box [blo,bhi] (a point: blo = bhi). */
static inline void tt_box_add(tt_pt *lo, tt_pt *hi, tt_pt blo, tt_pt bhi)
{
    lo->x = blo.x < lo->x ? blo.x : lo->x;
    lo->y = blo.y < lo->y ? blo.y : lo->y;
    hi->x = bhi.x > hi->x ? bhi.x : hi->x;
    hi->y = bhi.y > hi->y ? bhi.y : hi->y;
}

/* A facing made ready for many offsets along it (tt_offset's rounding,
 * its root taken once): tt_along_offset(&a, p, fwd, right) after
 * tt_along_make(&a, f, half) is tt_offset(p, f, fwd, right, half). */
typedef struct tt_along {
    tt_dir f;
    int64_t nn, k; /* |f|^2; 2 for half units, else 1 */
    double inv;    /* 1 / (k |f|), 0 when |f|^2 is beyond 2^48 */
} tt_along;
void tt_along_make(tt_along *a, tt_dir f, int half);
tt_pt tt_along_offset(const tt_along *a, tt_pt p, int64_t fwd, int64_t right);

/* tt_seg_enters_poly for a segment whose two ends are known not to be
 * strictly inside v (p != q). */
int tt_seg_enters_poly_ends_out(tt_pt p, tt_pt q, const tt_pt *v, int n);

/* The box of a segment, or of a stand (inline: the sweeps' inner loops). */
static inline void tt_seg_box(tt_pt a, tt_pt b, tt_pt *lo, tt_pt *hi)
{
    lo->x = a.x < b.x ? a.x : b.x;
    lo->y = a.y < b.y ? a.y : b.y;
    hi->x = a.x > b.x ? a.x : b.x;
    hi->y = a.y > b.y ? a.y : b.y;
}
static inline void tt_stand_box(const tt_stand *s, tt_pt *lo, tt_pt *hi)
{
    *lo = *hi = s->c[0];
    for (int i = 1; i < 4; i++)
        tt_box_add(lo, hi, s->c[i], s->c[i]);
}

/* tt_orient, inline for this layer's inner loops (hulls, overlaps). */
static inline int tt_orient_in(tt_pt a, tt_pt b, tt_pt c)
{
    int64_t bx = (int64_t)b.x - a.x, by = (int64_t)b.y - a.y;
    int64_t cx = (int64_t)c.x - a.x, cy = (int64_t)c.y - a.y;
    int64_t v = bx * cy - by * cx;
    return (v > 0) - (v < 0);
}

/* The columns of a unit of k stands laid out in formation f (how many
 * stands side by side: a column or square 2, a march column or limbered
 * battery 1, a line all), *gap 1 when a base's width is left between them
 * (skirmishers). */
int tt_layout_columns(tt_formation f, int k, int *gap);

/* Refresh u's bounding box from its stands. */
void tt_unit_box(tt_unit *u);

/* The id of a unit (not skip) one of whose stands overlaps one of u's
 * (interiors), or -1 when none. */
int tt_overlap_any(const tt_table *t, const tt_unit *u, int skip);

/* 1 if every corner of u lies on the table. */
int tt_on_table(const tt_table *t, const tt_unit *u);

/* 1 if some stand of u stands on impassable ground (an area of going none,
 * or a river's line entering it away from a bridge or ford). */
int tt_on_impassable(const tt_table *t, const tt_unit *u);

#endif
