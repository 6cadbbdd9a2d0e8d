/* test_re_los.c - the line of sight of Révolution et Empire (seed 004, §8
 * LIGNE DE VUE), one test per case of the rule:
 *   "La ligne de vue s'apprécie de centre d'hexagone à centre d'hexagone.
 *    Le terrain sur lequel se trouve la cible ou l'unité observant ne bloque
 *    jamais la vue.  Les Forêts/Bois, Verger/Palmeraie/Oasis/Bocage,
 *    Ville/Village, Forteresses, unités, montagnes, bloquent la ligne de vue.
 *    Les collines bloquent la ligne de vue sauf pour les unités situées sur
 *    une autre colline.  Les obstacles situés en dessous ne bloquent pas la
 *    ligne de vue si et seulement si l'observateur et la cible sont sur une
 *    colline.  Quand la ligne de vue longe un ou plusieurs hexagones portant
 *    des obstacles à la vue, elle n'est pas bloquée sauf si les obstacles se
 *    trouvent des deux cotés de la ligne de vue." */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/re_terrain.h"

static re_scenario sc;
static uint8_t occ[RE_MAX_ROWS * RE_MAX_COLS];

static gr_hex ax(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

static gr_hex add(gr_hex h, int dq, int dr)
{
    return ax(h.q + dq, h.r + dr);
}

static int reset(void **state)
{
    (void)state;
    memset(&sc, 0, sizeof sc);
    sc.cols = 12;
    sc.rows = 12;
    memset(occ, 0, sizeof occ);
    return 0;
}

static re_hexdef *at(gr_hex h)
{
    int c, r;
    gr_hex_to_offset(h, &c, &r);
    assert_true(c >= 0 && c < sc.cols && r >= 0 && r < sc.rows);
    return &sc.map[r][c];
}

static void unit_at(gr_hex h)
{
    int c, r;
    gr_hex_to_offset(h, &c, &r);
    occ[r * RE_MAX_COLS + c] = 1;
}

/* A straight line along a row: A, then three hexes east, then B. */
#define A   ax(-1, 6) /* offset (2, 6) */
#define B   ax(3, 6)  /* offset (6, 6) */
#define MID ax(1, 6)

/* Visible both ways (the rule is symmetric). */
static int los2(gr_hex a, gr_hex b)
{
    int ab = re_los(&sc, a, b, occ), ba = re_los(&sc, b, a, occ);
    assert_int_equal(ab, ba);
    return ab;
}

static void test_clear(void **state)
{
    (void)state;
    assert_true(los2(A, B));
    assert_true(los2(A, A));
    assert_true(los2(A, add(A, 1, 0)));
    assert_true(re_los(&sc, A, B, NULL));
}

/* Each terrain the seed lists blocks, in the hex between. */
static void test_blocking_terrains(void **state)
{
    static const int blocking[] = {RE_FOREST, RE_ORCHARD, RE_TOWN, RE_FORTRESS, RE_MOUNTAIN};
    for (size_t i = 0; i < sizeof blocking / sizeof blocking[0]; i++) {
        reset(state);
        at(MID)->terrain = (uint8_t)blocking[i];
        assert_false(los2(A, B));
        /* at any point of the line */
        reset(state);
        at(add(A, 1, 0))->terrain = (uint8_t)blocking[i];
        assert_false(los2(A, B));
        reset(state);
        at(add(B, -1, 0))->terrain = (uint8_t)blocking[i];
        assert_false(los2(A, B));
    }
}

/* The terrains the seed does not list do not block. */
static void test_non_blocking_terrains(void **state)
{
    static const int open[] = {RE_CLEAR, RE_MARSH, RE_RAVINE, RE_BUILDING, RE_LAKE};
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++) {
        reset(state);
        at(MID)->terrain = (uint8_t)open[i];
        assert_true(los2(A, B));
    }
    reset(state);
    at(MID)->flags = RE_FIELDWORKS | RE_ROAD;
    at(add(MID, 1, 0))->terrain = RE_LAKE;
    at(add(MID, 1, 0))->flags = RE_BRIDGE;
    at(add(MID, -1, 0))->terrain = RE_LAKE;
    at(add(MID, -1, 0))->flags = RE_FORD;
    at(MID)->sides = 0x3f; /* streams all round */
    assert_true(los2(A, B));
}

/* "unités ... bloquent la ligne de vue" */
static void test_unit_blocks(void **state)
{
    (void)state;
    unit_at(MID);
    assert_false(los2(A, B));
    /* without the occupancy map, no unit */
    assert_true(re_los(&sc, A, B, NULL));
}

/* "Le terrain sur lequel se trouve la cible ou l'unité observant ne bloque
 * jamais la vue." - nor do the units there. */
static void test_ends_never_block(void **state)
{
    static const int blocking[] = {RE_FOREST, RE_ORCHARD, RE_TOWN, RE_FORTRESS, RE_MOUNTAIN};
    for (size_t i = 0; i < sizeof blocking / sizeof blocking[0]; i++) {
        reset(state);
        at(A)->terrain = (uint8_t)blocking[i];
        at(B)->terrain = (uint8_t)blocking[i];
        unit_at(A);
        unit_at(B);
        assert_true(los2(A, B));
        /* adjacent, both in the woods */
        assert_true(los2(A, add(A, 1, 0)));
    }
    reset(state);
    at(A)->flags = RE_HILL;
    assert_true(los2(A, B)); /* an observer on a hill sees down */
    at(B)->flags = RE_HILL;
    assert_true(los2(A, B));
}

/* "Les collines bloquent la ligne de vue sauf pour les unités situées sur
 * une autre colline." */
static void test_hill_blocks(void **state)
{
    at(MID)->flags = RE_HILL;
    assert_false(los2(A, B)); /* both below */
    at(A)->flags = RE_HILL;
    assert_false(los2(A, B)); /* only the observer on a hill */
    at(A)->flags = 0;
    at(B)->flags = RE_HILL;
    assert_false(los2(A, B)); /* only the target on a hill */
    at(A)->flags = RE_HILL;
    assert_true(los2(A, B)); /* both on hills: the hill between does not block */
    reset(state);
    /* a run of hills between two hills */
    at(A)->flags = RE_HILL;
    at(B)->flags = RE_HILL;
    for (int i = 1; i < 4; i++)
        at(add(A, i, 0))->flags = RE_HILL;
    assert_true(los2(A, B));
}

/* "Les obstacles situés en dessous ne bloquent pas la ligne de vue si et
 * seulement si l'observateur et la cible sont sur une colline." */
static void test_obstacles_below(void **state)
{
    at(A)->flags = RE_HILL;
    at(B)->flags = RE_HILL;
    at(MID)->terrain = RE_FOREST;
    assert_true(los2(A, B)); /* a wood below */
    at(add(A, 1, 0))->terrain = RE_TOWN;
    unit_at(add(B, -1, 0));
    assert_true(los2(A, B)); /* a town and a unit below too */
    /* an obstacle ON a hill between is not below: it blocks */
    reset(state);
    at(A)->flags = RE_HILL;
    at(B)->flags = RE_HILL;
    at(MID)->flags = RE_HILL;
    at(MID)->terrain = RE_FOREST;
    assert_false(los2(A, B));
    reset(state);
    at(A)->flags = RE_HILL;
    at(B)->flags = RE_HILL;
    at(MID)->flags = RE_HILL;
    unit_at(MID);
    assert_false(los2(A, B));
    /* only if BOTH are on hills: one end below, the wood blocks */
    reset(state);
    at(A)->flags = RE_HILL;
    at(MID)->terrain = RE_FOREST;
    assert_false(los2(A, B));
    reset(state);
    at(B)->flags = RE_HILL;
    unit_at(MID);
    assert_false(los2(A, B));
}

/* "Quand la ligne de vue longe un ou plusieurs hexagones portant des
 * obstacles à la vue, elle n'est pas bloquée sauf si les obstacles se
 * trouvent des deux cotés de la ligne de vue."  E to E+(2,-1) runs along the
 * edge between P = E+(1,0) and M = E+(1,-1). */
#define E0  ax(0, 6)
#define ETO add(E0, 2, -1)
#define P   add(E0, 1, 0)
#define M   add(E0, 1, -1)

static void test_along_edges(void **state)
{
    assert_true(los2(E0, ETO));
    at(P)->terrain = RE_FOREST;
    assert_true(los2(E0, ETO)); /* one side only */
    reset(state);
    at(M)->terrain = RE_TOWN;
    assert_true(los2(E0, ETO)); /* the other side only */
    at(P)->terrain = RE_FOREST;
    assert_false(los2(E0, ETO)); /* both sides */
    /* a unit on one side and a wood on the other */
    reset(state);
    unit_at(M);
    assert_true(los2(E0, ETO));
    at(P)->terrain = RE_ORCHARD;
    assert_false(los2(E0, ETO));
    /* a hill on one side, a fortress on the other (ends below) */
    reset(state);
    at(P)->flags = RE_HILL;
    assert_true(los2(E0, ETO));
    at(M)->terrain = RE_FORTRESS;
    assert_false(los2(E0, ETO));
    /* both ends on hills: a wood below on each side does not block */
    reset(state);
    at(E0)->flags = RE_HILL;
    at(ETO)->flags = RE_HILL;
    at(P)->terrain = RE_FOREST;
    at(M)->terrain = RE_FOREST;
    assert_true(los2(E0, ETO));
    /* the explanation names the blocker of each side */
    reset(state);
    at(P)->terrain = RE_FOREST;
    at(M)->terrain = RE_MOUNTAIN;
    gr_hex who[2];
    int blocked[2];
    assert_false(re_los_explain(&sc, E0, ETO, occ, who, blocked));
    assert_true(blocked[0] && blocked[1]);
    assert_true(gr_hex_eq(who[0], P));
    assert_true(gr_hex_eq(who[1], M));
}

/* A longer line along edges (E to E+(4,-2)): it passes the edges P|M, the
 * centre C, then P2|M2.  Obstacles on one side at both edges leave it free;
 * one side at the first edge and the other side at the second block it
 * (there are obstacles on both sides of the line: docs/rules/re.md). */
static void test_along_edges_long(void **state)
{
    gr_hex to = add(E0, 4, -2), c = add(E0, 2, -1);
    gr_hex p2 = add(E0, 3, -1), m2 = add(E0, 3, -2);
    assert_true(los2(E0, to));
    at(P)->terrain = RE_FOREST;
    at(p2)->terrain = RE_FOREST;
    assert_true(los2(E0, to));
    reset(state);
    at(M)->terrain = RE_FOREST;
    at(m2)->terrain = RE_TOWN;
    assert_true(los2(E0, to));
    reset(state);
    at(P)->terrain = RE_FOREST;
    at(m2)->terrain = RE_FOREST;
    assert_false(los2(E0, to));
    /* the centre hex it crosses blocks on its own */
    reset(state);
    unit_at(c);
    assert_false(los2(E0, to));
}

/* Off the map nothing blocks, and lines stay defined. */
static void test_off_map(void **state)
{
    (void)state;
    assert_true(re_los(&sc, ax(-5, 0), ax(-1, 0), occ));
    assert_null(re_map_at(&sc, ax(-5, 0)));
    assert_non_null(re_map_at(&sc, A));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_clear, reset),
        cmocka_unit_test_setup(test_blocking_terrains, reset),
        cmocka_unit_test_setup(test_non_blocking_terrains, reset),
        cmocka_unit_test_setup(test_unit_blocks, reset),
        cmocka_unit_test_setup(test_ends_never_block, reset),
        cmocka_unit_test_setup(test_hill_blocks, reset),
        cmocka_unit_test_setup(test_obstacles_below, reset),
        cmocka_unit_test_setup(test_along_edges, reset),
        cmocka_unit_test_setup(test_along_edges_long, reset),
        cmocka_unit_test_setup(test_off_map, reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
