/* test_tt_props.c - properties of the table over random layouts (issue 28,
 * acceptance): distances symmetric and invariant under translation and
 * quarter turns (so are sight, arcs and the move sets); a move never ends
 * overlapping; a retreat never moves toward the enemy.  Layouts come from
 * the project's seeded gr_rng, so every run checks the same tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/rng.h"
#include "grognard/tabletop.h"

static tt_table A, B;

static tt_pt P(int64_t x, int64_t y)
{
    tt_pt p = {(tt_coord)x, (tt_coord)y};
    return p;
}

static int64_t below(gr_rng *r, int64_t n)
{
    return (int64_t)gr_rng_below(r, (uint32_t)n);
}

/* A random layout: woods and hills as rotated boxes, crests, a road, then
 * units of both sides where they fit. */
static void layout(tt_table *t, gr_rng *r, int nunits, int nwoods)
{
    tt_table_init(t, TT_AOE, TT_INCH(72), TT_INCH(48));
    gr_error err;
    for (int i = 0; i < nwoods; i++) {
        tt_feature f;
        memset(&f, 0, sizeof f);
        f.kind = below(r, 4) == 0 ? TT_TOWN : TT_WOOD;
        int64_t cx = 4000 + below(r, 64000), cy = 4000 + below(r, 40000);
        int64_t ux = below(r, 7) - 3, uy = below(r, 7) - 3;
        if (!ux && !uy)
            ux = 1;
        int64_t w = 300 + below(r, 600), h = 300 + below(r, 600);
        f.n = 4;
        f.v[0] = P(cx, cy);
        f.v[1] = P(cx + w * ux, cy + w * uy);
        f.v[2] = P(cx + w * ux - h * uy, cy + w * uy + h * ux);
        f.v[3] = P(cx - h * uy, cy + h * ux);
        tt_table_add_feature(t, &f, &err); /* off the table: skipped */
    }
    tt_feature hill;
    memset(&hill, 0, sizeof hill);
    hill.kind = TT_HILL, hill.level = 1, hill.n = 4;
    hill.v[0] = P(30000, 20000), hill.v[1] = P(42000, 20000), hill.v[2] = P(42000, 30000),
    hill.v[3] = P(30000, 30000);
    assert_int_equal(tt_table_add_feature(t, &hill, &err), GR_OK);
    tt_feature crest = {.kind = TT_CREST, .level = 1, .n = 3};
    crest.v[0] = P(31000, 25000), crest.v[1] = P(36000, 26000), crest.v[2] = P(41000, 25000);
    assert_int_equal(tt_table_add_feature(t, &crest, &err), GR_OK);
    tt_feature road = {.kind = TT_ROAD, .n = 3};
    road.v[0] = P(2000, 2000), road.v[1] = P(2000, 40000), road.v[2] = P(60000, 40000);
    assert_int_equal(tt_table_add_feature(t, &road, &err), GR_OK);
    static const tt_dir dirs[] = {{0, 1},  {1, 0}, {0, -1},  {-1, 0}, {3, 4},
                                  {-4, 3}, {1, 1}, {5, -12}, {-7, -2}};
    int placed = 0;
    for (int tries = 0; placed < nunits && tries < 20 * nunits; tries++) {
        tt_unit u;
        memset(&u, 0, sizeof u);
        u.id = 100 + placed, u.side = placed % 2;
        u.arm = below(r, 3) == 0 ? TT_CAVALRY : TT_INFANTRY;
        u.nstands = 1 + (int)below(r, 6);
        static const tt_formation inf[] = {TT_LINE, TT_COLUMN, TT_MARCH, TT_SQUARE, TT_SKIRMISH};
        static const tt_formation cav[] = {TT_LINE, TT_COLUMN, TT_MARCH};
        u.pose.form = u.arm == TT_INFANTRY ? inf[below(r, 5)] : cav[below(r, 3)];
        u.pose.face = dirs[below(r, 9)];
        u.pose.at = P(3000 + below(r, 66000), 3000 + below(r, 42000));
        if (placed == 0) /* one column on the road */
            u.pose.at = P(2000, 10000), u.pose.face = dirs[0], u.pose.form = TT_MARCH,
            u.arm = TT_INFANTRY;
        if (tt_table_add_unit(t, &u, &err) == GR_OK)
            placed++;
    }
}

/* t moved by (dx, dy), or turned a quarter counter-clockwise about (0,0) */
static tt_pt move_pt(tt_pt p, int quarter, int64_t dx, int64_t dy)
{
    return quarter ? P(-(int64_t)p.y, p.x) : P(p.x + dx, p.y + dy);
}

static void transform(tt_table *to, const tt_table *from, int quarter, int64_t dx, int64_t dy)
{
    *to = *from;
    if (quarter) {
        to->lo = P(-(int64_t)from->hi.y, from->lo.x);
        to->hi = P(-(int64_t)from->lo.y, from->hi.x);
    } else {
        to->lo = move_pt(from->lo, 0, dx, dy);
        to->hi = move_pt(from->hi, 0, dx, dy);
    }
    to->nfeatures = 0, to->nunits = 0;
    gr_error err;
    for (int i = 0; i < from->nfeatures; i++) {
        tt_feature f = from->features[i];
        for (int v = 0; v < f.n; v++)
            f.v[v] = move_pt(f.v[v], quarter, dx, dy);
        assert_int_equal(tt_table_add_feature(to, &f, &err), GR_OK);
    }
    for (int i = 0; i < from->nunits; i++) {
        tt_unit u = from->units[i];
        u.pose.at = move_pt(u.pose.at, quarter, dx, dy);
        if (quarter) {
            tt_dir f = {-u.pose.face.y, u.pose.face.x};
            u.pose.face = f;
        }
        if (tt_table_add_unit(to, &u, &err) != GR_OK)
            fail_msg("%s", err.msg);
        /* the stands are the same stands, moved */
        const tt_unit *n = &to->units[to->nunits - 1];
        for (int s = 0; s < u.nstands; s++)
            for (int c = 0; c < 4; c++) {
                tt_pt want = move_pt(from->units[i].st[s].c[c], quarter, dx, dy);
                assert_int_equal(n->st[s].c[c].x, want.x);
                assert_int_equal(n->st[s].c[c].y, want.y);
            }
    }
}

static tt_mover mover(void)
{
    tt_mover mv;
    memset(&mv, 0, sizeof mv);
    mv.allowance = TT_INCH(6);
    mv.speed[TT_GO_CLEAR] = TT_INCH(6);
    mv.speed[TT_GO_ROAD] = TT_INCH(12);
    mv.speed[TT_GO_ROUGH] = mv.speed[TT_GO_DIFFICULT] = TT_INCH(3);
    mv.speed[TT_GO_FORD] = TT_INCH(6);
    mv.ford_penalty = TT_INCH(2);
    mv.pass_penalty = TT_INCH(3);
    mv.formation_cost = TT_INCH(3);
    mv.may_change[TT_LINE] = mv.may_change[TT_COLUMN] = mv.may_change[TT_MARCH] = 1;
    return mv;
}

/* every query that must not change under the transform */
static void same_answers(const tt_table *a, const tt_table *b, int quarter, int64_t dx, int64_t dy)
{
    assert_int_equal(a->nunits, b->nunits);
    for (int i = 0; i < a->nunits; i++)
        for (int j = 0; j < a->nunits; j++) {
            if (i == j)
                continue;
            const tt_unit *u = &a->units[i], *v = &a->units[j];
            const tt_unit *u2 = &b->units[i], *v2 = &b->units[j];
            tt_q d = tt_unit_dist2(u, v);
            assert_int_equal(tt_q_cmp(d, tt_unit_dist2(v, u)), 0); /* symmetric */
            assert_int_equal(tt_q_cmp(d, tt_unit_dist2(u2, v2)), 0);
            /* the range test by pairs of stands gives the exact distance's
             * answer: at the distance rounded down, one unit above, 0 and
             * 18" (the reserve zone) */
            int64_t fl = tt_dist_floor(d);
            const int64_t rs[] = {fl, fl + 1, 0, TT_INCH(18), fl > 0 ? fl - 1 : 1};
            for (size_t k = 0; k < sizeof rs / sizeof rs[0]; k++)
                assert_int_equal(tt_unit_cmp_range(u, v, rs[k]), tt_q_cmp_len(d, rs[k]));
            if ((i + j) % 3 == 0) {
                assert_int_equal(tt_los_unit(a, u, v), tt_los_unit(b, u2, v2));
                assert_int_equal(tt_in_arc(&u->st[0], u->pose.face, TT_ARC_30, &v->st[0]),
                                 tt_in_arc(&u2->st[0], u2->pose.face, TT_ARC_30, &v2->st[0]));
            }
        }
    tt_mover mv = mover();
    for (int i = 0; i < a->nunits; i += 5) {
        tt_option o1[TT_MAX_OPTIONS], o2[TT_MAX_OPTIONS];
        int n1 = tt_move_set(a, a->units[i].id, &mv, o1, TT_MAX_OPTIONS);
        int n2 = tt_move_set(b, b->units[i].id, &mv, o2, TT_MAX_OPTIONS);
        assert_int_equal(n1, n2);
        for (int k = 0; k < n1; k++) {
            tt_pt want = move_pt(o1[k].end.at, quarter, dx, dy);
            assert_int_equal(o1[k].kind, o2[k].kind);
            assert_int_equal(o2[k].end.at.x, want.x);
            assert_int_equal(o2[k].end.at.y, want.y);
        }
    }
}

static void test_invariance(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 2801);
    for (int rep = 0; rep < 3; rep++) {
        layout(&A, &r, 24, 12);
        int64_t dx = below(&r, 200001) - 100000, dy = below(&r, 200001) - 100000;
        transform(&B, &A, 0, dx, dy);
        same_answers(&A, &B, 0, dx, dy);
        transform(&B, &A, 1, 0, 0);
        same_answers(&A, &B, 1, 0, 0);
    }
}

static void test_sight_symmetric(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 2802);
    layout(&A, &r, 40, 30);
    for (int i = 0; i < 3000; i++) {
        tt_pt a = P(below(&r, 72) * 1000, below(&r, 48) * 1000); /* a coarse grid: degenerate */
        tt_pt b = P(below(&r, 72) * 1000, below(&r, 48) * 1000);
        assert_int_equal(tt_los_pt(&A, a, b, -1, -1), tt_los_pt(&A, b, a, -1, -1));
    }
}

/* stands of u, placed at pose p, overlap no other unit's (every pair, no
 * shortcut) */
static void expect_free(const tt_table *t, int id, tt_pose p)
{
    const tt_unit *u = NULL;
    for (int i = 0; i < t->nunits; i++)
        if (t->units[i].id == id)
            u = &t->units[i];
    tt_unit m = *u;
    m.pose = p;
    gr_error err;
    assert_int_equal(tt_unit_layout(&m, tt_unit_base(t, &m), &err), GR_OK);
    for (int i = 0; i < t->nunits; i++) {
        const tt_unit *o = &t->units[i];
        if (o->id == id)
            continue;
        for (int s = 0; s < m.nstands; s++)
            for (int k = 0; k < o->nstands; k++)
                if (tt_convex_overlap(m.st[s].c, 4, o->st[k].c, 4))
                    fail_msg("unit %d at (%d,%d) overlaps unit %d", id, p.at.x, p.at.y, o->id);
    }
}

static void test_moves_never_overlap(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 2803);
    tt_mover mv = mover();
    int total = 0;
    for (int rep = 0; rep < 3; rep++) {
        layout(&A, &r, 40, 20);
        for (int i = 0; i < A.nunits; i += 2) {
            tt_option o[TT_MAX_OPTIONS];
            int n = tt_move_set(&A, A.units[i].id, &mv, o, TT_MAX_OPTIONS);
            for (int k = 0; k < n; k++)
                expect_free(&A, A.units[i].id, o[k].end);
            total += n;
            /* and random dragged poses: whatever is accepted is free */
            for (int k = 0; k < 10; k++) {
                tt_pose p = A.units[i].pose;
                p.at = P(p.at.x + below(&r, 12001) - 6000, p.at.y + below(&r, 12001) - 6000);
                tt_verdict v;
                gr_error err;
                if (tt_check_pose(&A, A.units[i].id, &mv, p, &v, &err) == GR_OK && v.ok)
                    expect_free(&A, A.units[i].id, v.end);
            }
        }
    }
    assert_true(total > 100);
}

static void test_retreats_go_away(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 2804);
    int moved = 0;
    for (int rep = 0; rep < 4; rep++) {
        layout(&A, &r, 40, 15);
        for (int i = 0; i < A.nunits; i++) {
            const tt_unit *u = &A.units[i];
            tt_pose end;
            int64_t done;
            gr_error err;
            int64_t dist = below(&r, 2) ? TT_INCH(3) : TT_INCH(9);
            assert_int_equal(tt_retreat(&A, u->id, dist, &end, &done, &err), GR_OK);
            if (!done)
                continue;
            moved++;
            expect_free(&A, u->id, end);
            tt_unit m = *u;
            m.pose = end;
            assert_int_equal(tt_unit_layout(&m, tt_unit_base(&A, &m), &err), GR_OK);
            for (int j = 0; j < A.nunits; j++) {
                const tt_unit *e = &A.units[j];
                if (e->side != u->side)
                    assert_true(tt_q_cmp(tt_unit_dist2(&m, e), tt_unit_dist2(u, e)) >= 0);
            }
        }
    }
    print_message("retreats made: %d\n", moved);
    assert_true(moved > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invariance),
        cmocka_unit_test(test_sight_symmetric),
        cmocka_unit_test(test_moves_never_overlap),
        cmocka_unit_test(test_retreats_go_away),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
