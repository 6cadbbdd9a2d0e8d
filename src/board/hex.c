/* hex.c - the hex grid of include/grognard/hex.h: pointy-top hexes, axial
 * coordinates (q, r), odd-r offsets for files, after Red Blob Games,
 * "Hexagonal Grids" (https://www.redblobgames.com/grids/hexagons/).
 *
 * Cube coordinates are (x, y, z) = (q, r, -q - r).  Everything here is
 * exact integer arithmetic except gr_hex_line, which interpolates in
 * doubles; coordinates are tiny (maps of at most a few dozen hexes), so the
 * result does not depend on rounding of the platform. */
#include "grognard/hex.h"

#include <stdlib.h>

/* E, NE, NW, W, SW, SE in axial (dq, dr). */
static const int hex_dirs[GR_HEX_DIRS][2] = {
    {+1, 0}, {+1, -1}, {0, -1}, {-1, 0}, {-1, +1}, {0, +1},
};

static gr_hex hex_make(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

int gr_hex_direction(gr_hex a, gr_hex b)
{
    int dq = b.q - a.q, dr = b.r - a.r;
    for (int d = 0; d < GR_HEX_DIRS; d++)
        if (hex_dirs[d][0] == dq && hex_dirs[d][1] == dr)
            return d;
    return -1;
}

int gr_hex_opposite(int dir)
{
    return (((dir % GR_HEX_DIRS) + GR_HEX_DIRS) % GR_HEX_DIRS + 3) % GR_HEX_DIRS;
}

/* Round half away from zero, and absolute value, without libm. */
static double hex_round(double x)
{
    return x >= 0 ? (double)(long)(x + 0.5) : -(double)(long)(-x + 0.5);
}

static double hex_abs(double x)
{
    return x < 0 ? -x : x;
}

/* Round fractional cube coordinates to the hex that holds the point. */
static gr_hex cube_round(double x, double y, double z)
{
    double rx = hex_round(x), ry = hex_round(y), rz = hex_round(z);
    double dx = hex_abs(rx - x), dy = hex_abs(ry - y), dz = hex_abs(rz - z);
    if (dx > dy && dx > dz)
        rx = -ry - rz;
    else if (dy > dz)
        ry = -rx - rz;
    (void)rz;
    return hex_make((int)rx, (int)ry);
}

/* The nudge: small enough never to move a point that is not on an edge,
 * large enough to survive the interpolation; its three components are
 * different so that no two cube coordinates tie again after it. */
#define HEX_EPS 1e-6

int gr_hex_line(gr_hex a, gr_hex b, int nudge, gr_hex *out, int cap)
{
    int n = gr_hex_distance(a, b);
    double s = nudge < 0 ? -1.0 : 1.0;
    double ax = a.q + s * HEX_EPS, ay = a.r + s * 2 * HEX_EPS;
    double az = -a.q - a.r - s * 3 * HEX_EPS;
    double bx = b.q + s * HEX_EPS, by = b.r + s * 2 * HEX_EPS;
    double bz = -b.q - b.r - s * 3 * HEX_EPS;
    for (int i = 0; i <= n && i < cap; i++) {
        if (i == 0) {
            out[i] = a;
            continue;
        }
        if (i == n) {
            out[i] = b;
            continue;
        }
        double t = (double)i / n;
        out[i] = cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t);
    }
    return n + 1;
}

int gr_hex_ring(gr_hex centre, int radius, gr_hex *out, int cap)
{
    if (radius < 1)
        return 0;
    /* start `radius` steps to the south-west, then walk the six sides */
    gr_hex h = hex_make(centre.q + hex_dirs[GR_HEX_SW][0] * radius,
                        centre.r + hex_dirs[GR_HEX_SW][1] * radius);
    int k = 0;
    for (int side = 0; side < GR_HEX_DIRS; side++)
        for (int j = 0; j < radius; j++, k++) {
            if (k < cap)
                out[k] = h;
            h = gr_hex_neighbor(h, side);
        }
    return k;
}
