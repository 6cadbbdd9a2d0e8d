/* test_hex.c - unit tests of the hex grid (grognard/hex.h): odd-r offsets,
 * distance, neighbours, directions, lines (including lines along hex
 * edges, where the two nudges pick different hexes) and rings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/hex.h"

static gr_hex ax(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

static gr_hex off(int col, int row)
{
    return gr_hex_from_offset(col, row);
}

static void assert_hex(gr_hex h, int q, int r)
{
    assert_int_equal(h.q, q);
    assert_int_equal(h.r, r);
}

static void assert_offset(gr_hex h, int col, int row)
{
    int c, r;
    gr_hex_to_offset(h, &c, &r);
    assert_int_equal(c, col);
    assert_int_equal(r, row);
}

/* Odd-r: odd rows are shoved right.  Known values, then a round trip over a
 * block that includes negative rows and columns. */
static void test_offset_known(void **state)
{
    (void)state;
    assert_hex(off(0, 0), 0, 0);
    assert_hex(off(3, 0), 3, 0);
    assert_hex(off(0, 1), 0, 1);
    assert_hex(off(1, 1), 1, 1);
    assert_hex(off(0, 2), -1, 2);
    assert_hex(off(2, 3), 1, 3);
    assert_hex(off(0, 4), -2, 4);
    assert_hex(off(0, -1), 1, -1);
    assert_hex(off(0, -2), 1, -2);
}

static void test_offset_round_trip(void **state)
{
    (void)state;
    for (int row = -7; row <= 30; row++)
        for (int col = -7; col <= 40; col++) {
            gr_hex h = off(col, row);
            assert_offset(h, col, row);
            assert_int_equal(h.r, row);
        }
    for (int q = -20; q <= 20; q++)
        for (int r = -20; r <= 20; r++) {
            int c, w;
            gr_hex_to_offset(ax(q, r), &c, &w);
            assert_true(gr_hex_eq(off(c, w), ax(q, r)));
        }
}

static void test_distance(void **state)
{
    (void)state;
    assert_int_equal(gr_hex_distance(ax(0, 0), ax(0, 0)), 0);
    assert_int_equal(gr_hex_distance(ax(0, 0), ax(3, 0)), 3);
    assert_int_equal(gr_hex_distance(ax(0, 0), ax(2, -1)), 2);
    assert_int_equal(gr_hex_distance(ax(0, 0), ax(3, -3)), 3);
    assert_int_equal(gr_hex_distance(ax(-2, 4), ax(3, -1)), 5);
    /* offsets: straight down two rows is two steps; the same row, columns apart */
    assert_int_equal(gr_hex_distance(off(0, 0), off(0, 2)), 2);
    assert_int_equal(gr_hex_distance(off(0, 0), off(5, 0)), 5);
    /* row 1 is shoved right: (0,1) touches (0,0), (1,1) does not */
    assert_int_equal(gr_hex_distance(off(0, 0), off(0, 1)), 1);
    assert_int_equal(gr_hex_distance(off(0, 0), off(1, 1)), 2);
    assert_int_equal(gr_hex_distance(off(1, 0), off(0, 1)), 1);
    assert_int_equal(gr_hex_distance(off(0, 0), off(3, 6)), 6);
    assert_int_equal(gr_hex_distance(off(0, 0), off(6, 3)),
                     8); /* 3 rows shift 1.5 cols, then 5 more */
    /* symmetric, and the triangle inequality on a block */
    for (int q = -3; q <= 3; q++)
        for (int r = -3; r <= 3; r++) {
            gr_hex a = ax(q, r), b = ax(r, -q - 1);
            assert_int_equal(gr_hex_distance(a, b), gr_hex_distance(b, a));
            assert_true(gr_hex_distance(a, b) <=
                        gr_hex_distance(a, ax(0, 0)) + gr_hex_distance(ax(0, 0), b));
        }
}

/* Neighbours read on a printed odd-r map: E, NE, NW, W, SW, SE. */
static void test_neighbours(void **state)
{
    (void)state;
    /* an odd row: NE and NW are in the row above at col+1 and col */
    gr_hex h = off(1, 1);
    assert_offset(gr_hex_neighbor(h, GR_HEX_E), 2, 1);
    assert_offset(gr_hex_neighbor(h, GR_HEX_NE), 2, 0);
    assert_offset(gr_hex_neighbor(h, GR_HEX_NW), 1, 0);
    assert_offset(gr_hex_neighbor(h, GR_HEX_W), 0, 1);
    assert_offset(gr_hex_neighbor(h, GR_HEX_SW), 1, 2);
    assert_offset(gr_hex_neighbor(h, GR_HEX_SE), 2, 2);
    /* an even row: NE and NW are at col and col-1 */
    h = off(1, 2);
    assert_offset(gr_hex_neighbor(h, GR_HEX_E), 2, 2);
    assert_offset(gr_hex_neighbor(h, GR_HEX_NE), 1, 1);
    assert_offset(gr_hex_neighbor(h, GR_HEX_NW), 0, 1);
    assert_offset(gr_hex_neighbor(h, GR_HEX_W), 0, 2);
    assert_offset(gr_hex_neighbor(h, GR_HEX_SW), 0, 3);
    assert_offset(gr_hex_neighbor(h, GR_HEX_SE), 1, 3);
    /* every neighbour is at distance 1, direction and opposite agree */
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        gr_hex n = gr_hex_neighbor(ax(2, -1), d);
        assert_int_equal(gr_hex_distance(n, ax(2, -1)), 1);
        assert_int_equal(gr_hex_direction(ax(2, -1), n), d);
        assert_int_equal(gr_hex_direction(n, ax(2, -1)), gr_hex_opposite(d));
        assert_true(gr_hex_eq(gr_hex_neighbor(n, gr_hex_opposite(d)), ax(2, -1)));
    }
    assert_int_equal(gr_hex_opposite(GR_HEX_E), GR_HEX_W);
    assert_int_equal(gr_hex_opposite(GR_HEX_NE), GR_HEX_SW);
    assert_int_equal(gr_hex_opposite(GR_HEX_SE), GR_HEX_NW);
    assert_int_equal(gr_hex_direction(ax(0, 0), ax(2, 0)), -1);
    assert_int_equal(gr_hex_direction(ax(0, 0), ax(0, 0)), -1);
}

static void assert_line(const gr_hex *got, int n, const int (*want)[2], int nwant)
{
    assert_int_equal(n, nwant);
    for (int i = 0; i < n; i++)
        assert_hex(got[i], want[i][0], want[i][1]);
}

static void test_line_straight(void **state)
{
    (void)state;
    gr_hex l[16];
    static const int east[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
    assert_line(l, gr_hex_line(ax(0, 0), ax(3, 0), 1, l, 16), east, 4);
    assert_line(l, gr_hex_line(ax(0, 0), ax(3, 0), -1, l, 16), east, 4);
    static const int south[][2] = {{1, 1}, {1, 2}, {1, 3}};
    assert_line(l, gr_hex_line(ax(1, 1), ax(1, 3), 1, l, 16), south, 3);
    /* a hex to itself */
    static const int self[][2] = {{4, -2}};
    assert_line(l, gr_hex_line(ax(4, -2), ax(4, -2), 1, l, 16), self, 1);
    /* a line that crosses hexes (not along edges) is the same both ways:
     * (0,0) to (3,-1) passes through (1,0)? t=1/3: (1, -1/3): round (1, 0) */
    static const int slant[][2] = {{0, 0}, {1, 0}, {2, -1}, {3, -1}};
    assert_line(l, gr_hex_line(ax(0, 0), ax(3, -1), 1, l, 16), slant, 4);
    assert_line(l, gr_hex_line(ax(0, 0), ax(3, -1), -1, l, 16), slant, 4);
    /* cap: the count is still distance + 1 */
    assert_int_equal(gr_hex_line(ax(0, 0), ax(5, 0), 1, l, 2), 6);
    assert_hex(l[0], 0, 0);
    assert_hex(l[1], 1, 0);
}

/* (0,0) to (2,-1): the midpoint (cube 1, -1/2, -1/2) is on the edge between
 * (1,0) and (1,-1); the +nudge takes (1,0), the -nudge (1,-1). */
static void test_line_along_edges(void **state)
{
    (void)state;
    gr_hex l[16];
    static const int plus[][2] = {{0, 0}, {1, 0}, {2, -1}};
    static const int minus[][2] = {{0, 0}, {1, -1}, {2, -1}};
    assert_line(l, gr_hex_line(ax(0, 0), ax(2, -1), 1, l, 16), plus, 3);
    assert_line(l, gr_hex_line(ax(0, 0), ax(2, -1), -1, l, 16), minus, 3);
    /* nudge 0 is the + side */
    assert_line(l, gr_hex_line(ax(0, 0), ax(2, -1), 0, l, 16), plus, 3);
    /* a longer one, twice along an edge: (0,0) to (4,-2) */
    static const int plus4[][2] = {{0, 0}, {1, 0}, {2, -1}, {3, -1}, {4, -2}};
    static const int minus4[][2] = {{0, 0}, {1, -1}, {2, -1}, {3, -2}, {4, -2}};
    assert_line(l, gr_hex_line(ax(0, 0), ax(4, -2), 1, l, 16), plus4, 5);
    assert_line(l, gr_hex_line(ax(0, 0), ax(4, -2), -1, l, 16), minus4, 5);
    /* the other way round, the same two sides */
    gr_hex p[4], m[4];
    gr_hex_line(ax(2, -1), ax(0, 0), 1, p, 4);
    gr_hex_line(ax(2, -1), ax(0, 0), -1, m, 4);
    assert_true((gr_hex_eq(p[1], ax(1, 0)) && gr_hex_eq(m[1], ax(1, -1))) ||
                (gr_hex_eq(p[1], ax(1, -1)) && gr_hex_eq(m[1], ax(1, 0))));
    /* the six edge directions all split */
    static const int diag[6][2] = {{2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}, {1, 1}};
    for (int d = 0; d < 6; d++) {
        gr_hex a = ax(5, 5), b = ax(5 + diag[d][0], 5 + diag[d][1]);
        assert_int_equal(gr_hex_line(a, b, 1, p, 4), 3);
        assert_int_equal(gr_hex_line(a, b, -1, m, 4), 3);
        assert_false(gr_hex_eq(p[1], m[1]));
        assert_int_equal(gr_hex_distance(p[1], m[1]), 1);
        assert_int_equal(gr_hex_distance(a, p[1]), 1);
        assert_int_equal(gr_hex_distance(b, p[1]), 1);
        assert_int_equal(gr_hex_distance(a, m[1]), 1);
        assert_int_equal(gr_hex_distance(b, m[1]), 1);
    }
}

/* Every line is a chain of neighbours from a to b, both ways. */
static void test_line_connected(void **state)
{
    (void)state;
    gr_hex l[32];
    for (int q = -6; q <= 6; q++)
        for (int r = -6; r <= 6; r++)
            for (int s = -1; s <= 1; s += 2) {
                gr_hex a = ax(1, -2), b = ax(q, r);
                int n = gr_hex_line(a, b, s, l, 32);
                assert_int_equal(n, gr_hex_distance(a, b) + 1);
                assert_true(gr_hex_eq(l[0], a));
                assert_true(gr_hex_eq(l[n - 1], b));
                for (int i = 1; i < n; i++) {
                    assert_int_equal(gr_hex_distance(l[i - 1], l[i]), 1);
                    assert_int_equal(gr_hex_distance(a, l[i]), i);
                }
            }
}

static void test_rings(void **state)
{
    (void)state;
    gr_hex ring[64];
    gr_hex c = ax(3, -2);
    assert_int_equal(gr_hex_ring(c, 1, ring, 64), 6);
    /* radius 1: the six neighbours, each once */
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        int found = 0;
        for (int i = 0; i < 6; i++)
            found += gr_hex_eq(ring[i], gr_hex_neighbor(c, d));
        assert_int_equal(found, 1);
    }
    /* starts south-west, walks east first */
    assert_true(gr_hex_eq(ring[0], gr_hex_neighbor(c, GR_HEX_SW)));
    assert_true(gr_hex_eq(ring[1], gr_hex_neighbor(c, GR_HEX_SE)));
    for (int radius = 1; radius <= 5; radius++) {
        int n = gr_hex_ring(c, radius, ring, 64);
        assert_int_equal(n, 6 * radius);
        for (int i = 0; i < n; i++) {
            assert_int_equal(gr_hex_distance(c, ring[i]), radius);
            assert_int_equal(gr_hex_distance(ring[i], ring[(i + 1) % n]), 1);
            for (int j = 0; j < i; j++)
                assert_false(gr_hex_eq(ring[i], ring[j]));
        }
    }
    assert_int_equal(gr_hex_ring(c, 0, ring, 64), 0);
    /* cap: count still returned */
    assert_int_equal(gr_hex_ring(c, 3, ring, 4), 18);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offset_known),   cmocka_unit_test(test_offset_round_trip),
        cmocka_unit_test(test_distance),       cmocka_unit_test(test_neighbours),
        cmocka_unit_test(test_line_straight),  cmocka_unit_test(test_line_along_edges),
        cmocka_unit_test(test_line_connected), cmocka_unit_test(test_rings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
