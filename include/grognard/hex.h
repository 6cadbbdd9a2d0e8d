/* grognard/hex.h - a hex grid: axial coordinates, distance, neighbours,
 * lines and rings (after Red Blob Games, "Hexagonal Grids").
 *
 * Hexes are pointy-topped.  The engine works in axial coordinates (q, r);
 * maps and scenario files use "odd-r" offset coordinates (col, row), rows
 * numbered from the top and odd rows shoved half a hex to the right, which
 * is how a printed hex map is read.  Directions are numbered 0..5 starting
 * east and turning counter-clockwise: E, NE, NW, W, SW, SE. */
#ifndef GROGNARD_HEX_H
#define GROGNARD_HEX_H

#include <stdint.h>

typedef struct gr_hex {
    int16_t q, r;
} gr_hex;

enum { GR_HEX_E, GR_HEX_NE, GR_HEX_NW, GR_HEX_W, GR_HEX_SW, GR_HEX_SE, GR_HEX_DIRS };

/* The small, hot functions are inline: the legal-move search of every
 * playout runs them millions of times a second. */

/* Offset (odd-r) <-> axial.  odd-r: odd rows are shoved half a hex right;
 * (row & 1) is the parity also for negative rows (two's complement), and
 * row - parity is even, so the division is exact. */
static inline gr_hex gr_hex_from_offset(int col, int row)
{
    gr_hex h = {(int16_t)(col - (row - (row & 1)) / 2), (int16_t)row};
    return h;
}

/* col or row may be NULL. */
static inline void gr_hex_to_offset(gr_hex h, int *col, int *row)
{
    int r = h.r;
    if (col)
        *col = h.q + (r - (r & 1)) / 2;
    if (row)
        *row = r;
}

static inline int gr_hex_eq(gr_hex a, gr_hex b)
{
    return a.q == b.q && a.r == b.r;
}

/* Number of steps between a and b. */
static inline int gr_hex_distance(gr_hex a, gr_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r, ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

/* The neighbour of h in direction dir (taken modulo 6). */
static inline gr_hex gr_hex_neighbor(gr_hex h, int dir)
{
    /* E, NE, NW, W, SW, SE in axial (dq, dr) */
    static const int8_t dq[GR_HEX_DIRS] = {+1, +1, 0, -1, -1, 0};
    static const int8_t dr[GR_HEX_DIRS] = {0, -1, -1, 0, +1, +1};
    int d = ((dir % GR_HEX_DIRS) + GR_HEX_DIRS) % GR_HEX_DIRS;
    gr_hex n = {(int16_t)(h.q + dq[d]), (int16_t)(h.r + dr[d])};
    return n;
}

/* The direction from a to its neighbour b, or -1 if they are not adjacent. */
int gr_hex_direction(gr_hex a, gr_hex b);

/* The opposite direction. */
int gr_hex_opposite(int dir);

/* The hexes a straight line from the centre of a to the centre of b passes
 * through, a and b included, in order: writes up to cap hexes into out and
 * returns how many there are (distance + 1).  The line is nudged sideways
 * by a tiny epsilon, to one side (nudge > 0) or the other (nudge < 0), so
 * that a line running exactly along hex edges picks one side; drawing it
 * both ways gives both sides. */
int gr_hex_line(gr_hex a, gr_hex b, int nudge, gr_hex *out, int cap);

/* The ring of hexes at exactly `radius` from centre (radius >= 1): writes
 * up to cap and returns 6 * radius. */
int gr_hex_ring(gr_hex centre, int radius, gr_hex *out, int cap);

#endif
