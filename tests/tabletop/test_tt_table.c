/* test_tt_table.c - stands, formations, terrain, queries and moves on the
 * table (issue 28), each expected value worked out by hand in the comment
 * beside it.  Speeds and penalties are typed from the L'Âge des Aigles
 * tables (seed 003, "Table des vitesses"):
 *   "Infanterie linéaire  6"  12"  x 1/2  -2""   (nominal, road, difficult, ford)
 *   "- 3" par unité traversée"
 *   "½ mouvement si déploiement en colonne de manœuvre, de route, ..."
 * and ranges from seed 003's artillery columns 2" 4" 8" 12" 18" and seed
 * 000's reserve zone ("s'approche à moins de 18""). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/tabletop.h"

static tt_table T;

static tt_pt P(int64_t x, int64_t y)
{
    tt_pt p = {(tt_coord)x, (tt_coord)y};
    return p;
}

static tt_dir D(int x, int y)
{
    tt_dir d = {x, y};
    return d;
}

static int setup(void **state)
{
    (void)state;
    tt_table_init(&T, TT_AOE, TT_INCH(72), TT_INCH(48));
    return 0;
}

static tt_unit *put(int id, int side, tt_arm arm, int n, tt_pt at, tt_dir f, tt_formation form)
{
    tt_unit u;
    memset(&u, 0, sizeof u);
    u.id = id, u.side = side, u.arm = arm, u.nstands = n;
    u.pose.at = at, u.pose.face = f, u.pose.form = form;
    gr_error err;
    if (tt_table_add_unit(&T, &u, &err) != GR_OK)
        fail_msg("%s", err.msg);
    return tt_table_unit(&T, id);
}

static void expect_pt(tt_pt p, int64_t x, int64_t y)
{
    if (p.x != x || p.y != y)
        fail_msg("(%d,%d), expected (%lld,%lld)", p.x, p.y, (long long)x, (long long)y);
}

static void feature(tt_kind k, int level, int n, const tt_pt *v)
{
    tt_feature f;
    memset(&f, 0, sizeof f);
    f.kind = k, f.level = level, f.n = n;
    memcpy(f.v, v, (size_t)n * sizeof *v);
    gr_error err;
    if (tt_table_add_feature(&T, &f, &err) != GR_OK)
        fail_msg("%s", err.msg);
}

static void rect(tt_kind k, int level, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    tt_pt v[4] = {P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)};
    feature(k, level, 4, v);
}

/* aoe's base: infantry 1" wide, 3/4" deep (1000 x 750 units) */
static void test_layouts(void **state)
{
    (void)state;
    /* a line of 4 facing north, front centre (10000,10000): front 4000 wide */
    tt_unit *u = put(1, 0, TT_INFANTRY, 4, P(10000, 10000), D(0, 1), TT_LINE);
    expect_pt(u->st[0].c[1], 8000, 10000);
    expect_pt(u->st[0].c[0], 9000, 10000);
    expect_pt(u->st[0].c[2], 8000, 9250);
    expect_pt(u->st[3].c[3], 12000, 9250);
    tt_pt l, r;
    tt_unit_front(u, &l, &r);
    expect_pt(l, 8000, 10000);
    expect_pt(r, 12000, 10000);
    /* a column of 4: two wide (front 2000), two ranks */
    u = put(2, 0, TT_INFANTRY, 4, P(20000, 10000), D(0, 1), TT_COLUMN);
    expect_pt(u->st[2].c[1], 19000, 9250);
    expect_pt(u->st[3].c[2], 20000, 8500);
    tt_unit_front(u, &l, &r);
    expect_pt(l, 19000, 10000);
    expect_pt(r, 21000, 10000);
    /* a march column of 4: one wide, 4 x 750 deep */
    u = put(3, 0, TT_INFANTRY, 4, P(30000, 10000), D(0, 1), TT_MARCH);
    expect_pt(u->st[3].c[2], 29500, 7000);
    /* skirmish order, 3 stands: a gap of one width, front 5000 */
    u = put(4, 0, TT_INFANTRY, 3, P(40000, 10000), D(0, 1), TT_SKIRMISH);
    expect_pt(u->st[0].c[1], 37500, 10000);
    expect_pt(u->st[2].c[0], 42500, 10000);
    /* a line of 2 facing east at (5000,20000): its right is south, so the
     * first (leftmost) stand is the northern one */
    u = put(5, 0, TT_INFANTRY, 2, P(5000, 20000), D(1, 0), TT_LINE);
    expect_pt(u->st[0].c[1], 5000, 21000);
    expect_pt(u->st[0].c[0], 5000, 20000);
    expect_pt(u->st[0].c[2], 4250, 21000);
    /* facing (3,4), |f| = 5: half a width to the left is 500 (4,-3)/5 * -1 */
    u = put(6, 0, TT_CAVALRY, 1, P(50000, 20000), D(3, 4), TT_LINE);
    expect_pt(u->st[0].c[1], 49600, 20300);
    expect_pt(u->st[0].c[0], 50400, 19700);
    /* 1000 deep: back (3,4)/5 * -1000 = (-600,-800) */
    expect_pt(u->st[0].c[2], 49000, 19500);
    /* refused: cavalry in square, a zero facing, an overlap, off the table */
    tt_unit bad;
    memset(&bad, 0, sizeof bad);
    gr_error err;
    bad.id = 9, bad.arm = TT_CAVALRY, bad.nstands = 2, bad.pose.at = P(60000, 30000);
    bad.pose.face = D(0, 1), bad.pose.form = TT_SQUARE;
    assert_int_equal(tt_table_add_unit(&T, &bad, &err), GR_EINPUT);
    bad.pose.form = TT_LINE, bad.pose.face = D(0, 0);
    assert_int_equal(tt_table_add_unit(&T, &bad, &err), GR_EINPUT);
    bad.pose.face = D(0, 1), bad.pose.at = P(10500, 10500); /* into unit 1 */
    assert_int_equal(tt_table_add_unit(&T, &bad, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "overlap unit 1"));
    bad.pose.at = P(500, 30000); /* its left stand would reach x = -1500 */
    assert_int_equal(tt_table_add_unit(&T, &bad, &err), GR_EINPUT);
    /* touching: a stand whose flank lies on unit 1's right flank */
    put(10, 0, TT_INFANTRY, 1, P(12500, 10000), D(0, 1), TT_LINE);
}

static void test_sides(void **state)
{
    (void)state;
    tt_unit *u = put(1, 0, TT_INFANTRY, 4, P(10000, 10000), D(0, 1), TT_LINE);
    assert_int_equal(tt_unit_side_of(u, P(10000, 12000)), TT_FRONT);
    assert_int_equal(tt_unit_side_of(u, P(10000, 8000)), TT_REAR);
    assert_int_equal(tt_unit_side_of(u, P(6000, 9800)), TT_LEFT);
    assert_int_equal(tt_unit_side_of(u, P(14000, 9800)), TT_RIGHT);
    /* on the front's line: not ahead of it, a flank */
    assert_int_equal(tt_unit_side_of(u, P(14000, 10000)), TT_RIGHT);
    tt_unit *sq = put(2, 0, TT_INFANTRY, 4, P(30000, 10000), D(0, 1), TT_SQUARE);
    assert_int_equal(tt_unit_side_of(sq, P(30000, 2000)), TT_FRONT);
}

static void test_ranges_and_zones(void **state)
{
    (void)state;
    /* two lines facing each other, fronts at y = 10000 and y = 16000: 6" */
    tt_unit *a = put(1, 0, TT_INFANTRY, 4, P(20000, 10000), D(0, 1), TT_LINE);
    tt_unit *b = put(2, 1, TT_INFANTRY, 4, P(20000, 16000), D(0, -1), TT_LINE);
    assert_int_equal(tt_unit_cmp_range(a, b, TT_INCH(6)), 0);
    assert_int_equal(tt_unit_cmp_range(a, b, TT_INCH(6) - 1), 1);
    assert_int_equal(tt_dist_floor(tt_unit_dist2(a, b)), 6000);
    /* the artillery columns 2" 4" 8" 12" 18", each "up to and including"
     * (docs/rules/aoe.md, Fire power): 6" reads the 8" column */
    int64_t bands[5] = {TT_INCH(2), TT_INCH(4), TT_INCH(8), TT_INCH(12), TT_INCH(18)};
    assert_int_equal(tt_range_band(a, b, bands, 5), 2);
    assert_ptr_equal(tt_nearest_enemy(&T, a), b);
    /* the reserve zone: an enemy "à moins de 18"" takes it away; at exactly
     * 18" it stays */
    tt_unit *c = put(3, 0, TT_INFANTRY, 2, P(50000, 10000), D(0, 1), TT_LINE);
    /* c's front is at y = 10000; e faces south, its front at y = 28000 */
    tt_unit *e = put(4, 1, TT_CAVALRY, 1, P(50000, 10000 + TT_INCH(18)), D(0, -1), TT_LINE);
    assert_int_equal(tt_unit_cmp_range(c, e, TT_INCH(18)), 0);
    assert_true(tt_in_reserve_zone(&T, c, TT_INCH(18)));
    /* one unit closer: tactical */
    tt_unit *c2 = put(9, 0, TT_INFANTRY, 2, P(65000, 10001), D(0, 1), TT_LINE);
    tt_unit *e2 = put(10, 1, TT_CAVALRY, 1, P(65000, 10000 + TT_INCH(18)), D(0, -1), TT_LINE);
    assert_int_equal(tt_unit_cmp_range(c2, e2, TT_INCH(18)), -1);
    assert_false(tt_in_reserve_zone(&T, c2, TT_INCH(18)));
    /* a's enemy b is 6" away: tactical */
    assert_false(tt_in_reserve_zone(&T, a, TT_INCH(18)));
    /* a command radius of 12" from a general at a point: a's stands end at
     * x = 22000: 12" further east is within, one unit more is not */
    assert_true(tt_within_radius(a, P(22000 + TT_INCH(12), 9500), TT_INCH(12)));
    assert_false(tt_within_radius(a, P(22001 + TT_INCH(12), 9500), TT_INCH(12)));
    /* the cavalry charge's bands (seed 003): "de moins de 5" de distance" +2,
     * "de 5" ou plus" -3: at exactly 5" the second; one unit less, the first */
    tt_unit *cv = put(11, 0, TT_CAVALRY, 2, P(10000, 30000), D(0, 1), TT_LINE);
    tt_unit *in5 = put(12, 1, TT_INFANTRY, 2, P(10000, 35000), D(0, -1), TT_LINE);
    assert_int_equal(tt_unit_cmp_range(cv, in5, TT_INCH(5)), 0); /* "5" ou plus" */
    tt_unit *cv2 = put(13, 0, TT_CAVALRY, 2, P(30000, 30001), D(0, 1), TT_LINE);
    tt_unit *in4 = put(14, 1, TT_INFANTRY, 2, P(30000, 35000), D(0, -1), TT_LINE);
    assert_int_equal(tt_unit_cmp_range(cv2, in4, TT_INCH(5)), -1); /* "moins de 5"" */
    /* contact: within t->contact (10 units) */
    tt_unit *f = put(5, 1, TT_INFANTRY, 1, P(4000, 40000), D(0, -1), TT_LINE);
    tt_unit *g = put(6, 0, TT_INFANTRY, 1, P(4000, 39990), D(0, 1), TT_LINE);
    assert_true(tt_in_contact(&T, f, g));
    tt_unit *h = put(7, 0, TT_INFANTRY, 1, P(8000, 39989), D(0, 1), TT_LINE);
    tt_unit *k = put(8, 1, TT_INFANTRY, 1, P(8000, 40000), D(0, -1), TT_LINE);
    assert_false(tt_in_contact(&T, h, k));
}

static void test_arcs(void **state)
{
    (void)state;
    /* the firer: a 1000-wide stand, front edge y = 0 from x = -500 to 500,
     * facing north; its right ray from (500,0) goes along (1,1) at 45 deg */
    tt_stand F = {{P(500, 0), P(-500, 0), P(-500, -750), P(500, -750)}};
    tt_stand tg;
#define SQ(x, y)                                                                                   \
    (tg = (tt_stand){                                                                              \
         {P((x) + 1000, (y)), P((x) + 1000, (y) + 1000), P((x), (y) + 1000), P((x), (y))}})
    /* straight ahead */
    SQ(-500, 5000);
    assert_true(tt_in_arc(&F, D(0, 1), TT_ARC_45, &tg));
    /* the target's upper-left corner (x, y + 1000) exactly on the ray,
     * x - 500 = y + 1000: (4500, 4000) */
    SQ(4500, 3000);
    assert_true(tt_in_arc(&F, D(0, 1), TT_ARC_45, &tg));
    SQ(4501, 3000);
    assert_false(tt_in_arc(&F, D(0, 1), TT_ARC_45, &tg));
    /* 30 degrees: the ray from (500,0) reaches x - 500 = y / sqrt 3; a corner
     * at x - 500 = 1000 is inside from y = 1732.05..: the upper-left corner
     * at y + 1000 = 1733 is in, at 1732 out */
    SQ(1500, 733);
    assert_true(tt_in_arc(&F, D(0, 1), TT_ARC_30, &tg));
    SQ(1500, 732);
    assert_false(tt_in_arc(&F, D(0, 1), TT_ARC_30, &tg));
    /* behind the front edge */
    SQ(-500, -3000);
    assert_false(tt_in_arc(&F, D(0, 1), TT_ARC_45, &tg));
    /* touching the front edge from ahead */
    SQ(-500, 0);
    assert_true(tt_in_arc(&F, D(0, 1), TT_ARC_45, &tg));
    /* a wall across the arc, its corners outside both rays */
    tt_stand wall = {{P(20000, 5000), P(20000, 5100), P(-20000, 5100), P(-20000, 5000)}};
    assert_true(tt_in_arc(&F, D(0, 1), TT_ARC_45, &wall));
    /* a wall beyond the right ray only: corners from x = 9000 at y <= 5100 */
    tt_stand side = {{P(20000, 5000), P(20000, 5100), P(9000, 5100), P(9000, 5000)}};
    assert_false(tt_in_arc(&F, D(0, 1), TT_ARC_45, &side));
#undef SQ
}

static void test_sight(void **state)
{
    (void)state;
    /* a wood between (10000,10000) and (12000,12000) */
    rect(TT_WOOD, 0, 10000, 10000, 12000, 12000);
    assert_false(tt_los_pt(&T, P(5000, 11000), P(20000, 11000), -1, -1));
    /* along its edge, and grazing its corner */
    assert_true(tt_los_pt(&T, P(5000, 12000), P(20000, 12000), -1, -1));
    assert_true(tt_los_pt(&T, P(9000, 15000), P(15000, 9000), -1, -1));
    assert_false(tt_los_pt(&T, P(9000, 14999), P(14999, 9000), -1, -1));
    /* from inside the wood, out */
    assert_true(tt_los_pt(&T, P(11000, 11000), P(20000, 11000), -1, -1));
    /* a hill of level 1 under both ends sees over the wood (level 0) */
    rect(TT_HILL, 1, 30000, 10000, 40000, 20000);
    rect(TT_WOOD, 0, 34000, 14000, 36000, 16000); /* a wood on the hill's ground, level 0 */
    assert_true(tt_los_pt(&T, P(31000, 15000), P(39000, 15000), -1, -1));
    /* one end off the hill: the wood blocks */
    assert_false(tt_los_pt(&T, P(29000, 15000), P(39000, 15000), -1, -1));
    /* a crest of level 1 across x = 50000: blocks from the plain, not between
     * two ends on a level 2 hill */
    tt_pt crest[3] = {P(50000, 0), P(50000, 20000), P(51000, 30000)};
    feature(TT_CREST, 1, 3, crest);
    assert_false(tt_los_pt(&T, P(45000, 10000), P(55000, 10000), -1, -1));
    /* through the crest's inner vertex (50000,20000) from one side to the other */
    assert_false(tt_los_pt(&T, P(45000, 20000), P(55000, 20000), -1, -1));
    /* touching the crest line's end (not crossing) */
    assert_true(tt_los_pt(&T, P(45000, 0), P(49000, 0), -1, -1));
    rect(TT_HILL, 2, 44000, 1000, 56000, 5000);
    assert_true(tt_los_pt(&T, P(45000, 3000), P(55000, 3000), -1, -1));
    /* an interposed unit blocks; the two ends' own units are skipped */
    tt_unit *a = put(1, 0, TT_INFANTRY, 2, P(5000, 30000), D(0, 1), TT_LINE);
    /* (a line of the same width would leave the lines along its flanks
     * clear: running along an edge does not block) */
    tt_unit *m = put(2, 0, TT_INFANTRY, 4, P(5000, 33000), D(0, 1), TT_LINE);
    tt_unit *b = put(3, 1, TT_INFANTRY, 2, P(5000, 37000), D(0, -1), TT_LINE);
    assert_false(tt_los_unit(&T, a, b));
    (void)m;
    /* m's stands meet along x = 4000, 5000, 6000: a line along such a seam
     * of zero width is blocked; along its outer flank x = 3000, clear */
    assert_false(tt_los_pt(&T, P(5000, 31000), P(5000, 36000), 1, 3));
    assert_false(tt_los_pt(&T, P(6000, 31000), P(6000, 36000), 1, 3));
    assert_true(tt_los_pt(&T, P(3000, 31000), P(3000, 36000), 1, 3));
    /* two woods sharing the edge y = 45000 from x 20000 to 24000: along it,
     * blocked; along the first wood's outer edge y = 44000, clear */
    rect(TT_WOOD, 0, 20000, 44000, 24000, 45000);
    rect(TT_WOOD, 0, 21000, 45000, 26000, 46000);
    assert_false(tt_los_pt(&T, P(15000, 45000), P(30000, 45000), -1, -1));
    assert_true(tt_los_pt(&T, P(15000, 44000), P(30000, 44000), -1, -1));
    /* a target off to the side of the interposed unit (x 3000..7000) is
     * seen past its corner: (6000,30000) to (9500,37750) is at x 7016 at
     * y = 32250 */
    tt_unit *c = put(4, 1, TT_INFANTRY, 1, P(9000, 37000), D(0, -1), TT_LINE);
    assert_true(tt_los_unit(&T, a, c));
    /* fire: the corners (6000,30000) and (8500,37000) are 7433 apart: within
     * 8", not 7"; c is in the 45 degree arc (2500 aside, 7000 ahead) */
    assert_true(tt_can_fire(&T, a, c, TT_INCH(8), TT_ARC_45));
    assert_false(tt_can_fire(&T, a, c, TT_INCH(7), TT_ARC_45));
    assert_false(tt_can_fire(&T, a, b, TT_INCH(8), TT_ARC_45)); /* out of sight */
}

static void test_going(void **state)
{
    (void)state;
    rect(TT_WOOD, 0, 10000, 10000, 12000, 12000);
    tt_pt road[3] = {P(0, 20000), P(30000, 20000), P(30000, 40000)};
    feature(TT_ROAD, 0, 3, road);
    tt_pt river[2] = {P(40000, 0), P(40000, 48000)};
    feature(TT_RIVER, 0, 2, river);
    rect(TT_BRIDGE, 0, 39500, 20000, 40500, 21000);
    tt_pt stream[2] = {P(50000, 0), P(50000, 48000)};
    feature(TT_STREAM, 0, 2, stream);
    int ford;
    assert_int_equal(tt_going_of_leg(&T, P(5000, 11000), P(11000, 11000), &ford), TT_GO_ROUGH);
    assert_int_equal(tt_going_of_leg(&T, P(5000, 12000), P(15000, 12000), &ford), TT_GO_CLEAR);
    assert_int_equal(tt_going_of_leg(&T, P(1000, 20000), P(29000, 20000), &ford), TT_GO_ROAD);
    assert_int_equal(tt_going_of_leg(&T, P(1000, 20000), P(30000, 21000), &ford), TT_GO_CLEAR);
    assert_int_equal(tt_going_of_leg(&T, P(35000, 5000), P(45000, 5000), &ford), TT_GO_NONE);
    assert_int_equal(tt_going_of_leg(&T, P(35000, 20500), P(45000, 20500), &ford), TT_GO_CLEAR);
    assert_int_equal(tt_going_of_leg(&T, P(45000, 5000), P(55000, 5000), &ford), TT_GO_CLEAR);
    assert_true(ford);
    assert_int_equal(tt_cover_at(&T, P(11000, 11000)), TT_COVER_LIGHT);
    assert_int_equal(tt_cover_at(&T, P(12000, 11000)), TT_COVER_LIGHT); /* its edge */
    assert_int_equal(tt_cover_at(&T, P(12001, 11000)), TT_COVER_NONE);
    /* an area that is not simple is refused */
    tt_feature bow;
    memset(&bow, 0, sizeof bow);
    bow.kind = TT_WOOD, bow.n = 4;
    bow.v[0] = P(0, 0), bow.v[1] = P(1000, 1000), bow.v[2] = P(1000, 0), bow.v[3] = P(0, 1000);
    gr_error err;
    assert_int_equal(tt_table_add_feature(&T, &bow, &err), GR_EINPUT);
}

/* aoe line infantry: 6" nominal, 12" road, x 1/2 difficult, ford -2",
 * 3" per unit passed through, a change of formation half the move */
static tt_mover line_infantry(void)
{
    tt_mover mv;
    memset(&mv, 0, sizeof mv);
    mv.allowance = TT_INCH(6);
    mv.speed[TT_GO_CLEAR] = TT_INCH(6);
    mv.speed[TT_GO_ROAD] = TT_INCH(12);
    mv.speed[TT_GO_ROUGH] = TT_INCH(3);
    mv.speed[TT_GO_DIFFICULT] = TT_INCH(3);
    mv.speed[TT_GO_FORD] = TT_INCH(6);
    mv.ford_penalty = TT_INCH(2);
    mv.pass_penalty = TT_INCH(3);
    mv.formation_cost = TT_INCH(3);
    mv.may_change[TT_LINE] = mv.may_change[TT_COLUMN] = mv.may_change[TT_MARCH] = 1;
    return mv;
}

static int ok_move(int id, int wheel, int n, const tt_pt *legs, tt_formation form)
{
    tt_move m;
    memset(&m, 0, sizeof m);
    m.wheel = wheel, m.nlegs = n, m.form = form;
    for (int i = 0; i < n; i++)
        m.leg[i] = legs[i];
    tt_mover mv = line_infantry();
    tt_verdict v;
    gr_error err;
    assert_int_equal(tt_check_move(&T, id, &mv, &m, &v, &err), GR_OK);
    return v.ok;
}

static void test_move_costs(void **state)
{
    (void)state;
    put(1, 0, TT_INFANTRY, 1, P(5000, 5000), D(0, 1), TT_LINE);
    /* 6" straight: exactly the allowance; one unit more is too far */
    tt_pt l1[1] = {P(5000, 11000)};
    assert_true(ok_move(1, 0, 1, l1, TT_LINE));
    l1[0] = P(5000, 11001);
    assert_false(ok_move(1, 0, 1, l1, TT_LINE));
    /* 3-4-5 then 6-8-10: 5000 + 1000 = 6000 exactly; (601,800) is 1000.6 */
    tt_pt l2[2] = {P(8000, 9000), P(8600, 9800)};
    assert_true(ok_move(1, 0, 2, l2, TT_LINE));
    l2[1] = P(8601, 9800);
    assert_false(ok_move(1, 0, 2, l2, TT_LINE));
    /* a mover that cannot be measured is refused with a reason */
    tt_move mm;
    memset(&mm, 0, sizeof mm);
    mm.form = TT_LINE;
    tt_mover bad = line_infantry();
    bad.speed[TT_GO_CLEAR] = 0;
    tt_verdict v;
    gr_error err;
    assert_int_equal(tt_check_move(&T, 1, &bad, &mm, &v, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "no clear speed"));
    bad = line_infantry();
    bad.speed[TT_GO_ROUGH] = 1048573, bad.speed[TT_GO_ROAD] = 1048571; /* two primes */
    assert_int_equal(tt_check_move(&T, 1, &bad, &mm, &v, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "common measure"));
    tt_option o[4];
    assert_int_equal(tt_move_set(&T, 1, &bad, o, 4), 0);
    /* a change of formation costs half: then 3" is left */
    l1[0] = P(5000, 8000);
    assert_true(ok_move(1, 0, 1, l1, TT_COLUMN));
    l1[0] = P(5000, 8001);
    assert_false(ok_move(1, 0, 1, l1, TT_COLUMN));
}

static void test_move_terrain(void **state)
{
    (void)state;
    /* a wood from y = 7000 north: a leg entering it pays double all along */
    rect(TT_WOOD, 0, 0, 7000, 20000, 20000);
    put(1, 0, TT_INFANTRY, 1, P(5000, 5000), D(0, 1), TT_LINE);
    tt_pt l1[1] = {P(5000, 8000)}; /* 3000 at x2 = 6000 */
    assert_true(ok_move(1, 0, 1, l1, TT_LINE));
    l1[0] = P(5000, 8001);
    assert_false(ok_move(1, 0, 1, l1, TT_LINE));
    /* up to the wood's edge at the clear rate, then in: 2000 + 2 x 2000 */
    tt_pt l2[2] = {P(5000, 7000), P(5000, 9000)};
    assert_true(ok_move(1, 0, 2, l2, TT_LINE));
    l2[1] = P(5000, 9001);
    assert_false(ok_move(1, 0, 2, l2, TT_LINE));
    /* a stream at x = 30000: crossing it costs 2" more */
    tt_pt stream[2] = {P(30000, 0), P(30000, 48000)};
    feature(TT_STREAM, 0, 2, stream);
    put(2, 0, TT_INFANTRY, 1, P(28000, 5000), D(1, 0), TT_LINE);
    l1[0] = P(32000, 5000); /* 4000 + 2000 */
    assert_true(ok_move(2, 0, 1, l1, TT_LINE));
    l1[0] = P(32001, 5000);
    assert_false(ok_move(2, 0, 1, l1, TT_LINE));
    /* a road: 12" at the road's speed is the allowance */
    tt_pt road[2] = {P(40000, 2000), P(40000, 46000)};
    feature(TT_ROAD, 0, 2, road);
    put(3, 0, TT_INFANTRY, 2, P(40000, 5000), D(0, 1), TT_MARCH);
    l1[0] = P(40000, 17000);
    assert_true(ok_move(3, 0, 1, l1, TT_MARCH));
    l1[0] = P(40000, 17001);
    assert_false(ok_move(3, 0, 1, l1, TT_MARCH));
}

static void test_move_units(void **state)
{
    (void)state;
    put(1, 0, TT_INFANTRY, 1, P(5000, 10000), D(0, 1), TT_LINE);
    /* a friend ahead, y 10750..11500: passing it costs 3" */
    put(2, 0, TT_INFANTRY, 1, P(5000, 11500), D(0, 1), TT_LINE);
    tt_pt l1[1] = {P(5000, 13000)}; /* rear ends at 12250, past the friend */
    assert_true(ok_move(1, 0, 1, l1, TT_LINE));
    l1[0] = P(5000, 13001);
    assert_false(ok_move(1, 0, 1, l1, TT_LINE));
    /* ending on the friend is refused */
    l1[0] = P(5000, 12000);
    assert_false(ok_move(1, 0, 1, l1, TT_LINE));
    /* an enemy in the way is not passed */
    put(3, 1, TT_INFANTRY, 1, P(20000, 12000), D(0, -1), TT_LINE);
    put(4, 0, TT_INFANTRY, 1, P(20000, 10000), D(0, 1), TT_LINE);
    l1[0] = P(20000, 14000);
    assert_false(ok_move(4, 0, 1, l1, TT_LINE));
    /* but it is reached: 1250 ahead the fronts touch (enemy front 12000, its
     * depth 750 behind it to 12750; our front 10000 + 2000 - ... ) */
    l1[0] = P(20000, 12000);
    assert_true(ok_move(4, 0, 1, l1, TT_LINE));
    tt_unit moved = *tt_table_unit(&T, 4);
    (void)moved;
    /* a wheel of 90 degrees left by a line of 4 (front 4000): the outer
     * corner's chord is 4000 sqrt 2 = 5656.85; 343 more fits, 344 does not */
    put(5, 0, TT_INFANTRY, 4, P(40000, 10000), D(0, 1), TT_LINE);
    /* after the wheel the front centre is (38000, 12000) facing west */
    l1[0] = P(37657, 12000);
    assert_true(ok_move(5, 90, 1, l1, TT_LINE));
    l1[0] = P(37656, 12000);
    assert_false(ok_move(5, 90, 1, l1, TT_LINE));
}

static void test_wheel_and_passing(void **state)
{
    (void)state;
    /* a line of 4 (front 4000) at (40000,10000) facing north wheels 90
     * degrees left about its front-left corner (38000,10000): its right end
     * sweeps the quarter circle of radius 4000 to (38000,14000).  An enemy
     * stand at (40500..41500, 13000..13750) lies inside that circle, off
     * both the start and the end positions: the wheel is refused */
    put(1, 0, TT_INFANTRY, 4, P(40000, 10000), D(0, 1), TT_LINE);
    put(2, 1, TT_INFANTRY, 1, P(41000, 13000), D(0, -1), TT_LINE);
    tt_pt l1[1] = {P(38000, 12000)};
    assert_false(ok_move(1, 90, 1, l1, TT_LINE));
    /* wheeling right instead (about (42000,10000)) stays clear of it? the
     * enemy's corner (40500,13000) is 3535 from that pivot, within the
     * 4000 sweep on the side it turns to (north-east): refused too */
    l1[0] = P(42000, 12000);
    assert_false(ok_move(1, -90, 1, l1, TT_LINE));
    /* a friend passed on two legs is one unit passed: 3", once */
    put(3, 0, TT_INFANTRY, 1, P(5000, 10000), D(0, 1), TT_LINE);
    put(4, 0, TT_INFANTRY, 1, P(5000, 11500), D(0, 1), TT_LINE); /* y 10750..11500 */
    /* two legs: 1000 then 2000 north, the friend swept by both; 3000 + 3000 */
    tt_pt l2[2] = {P(5000, 11000), P(5000, 13000)};
    tt_move m;
    memset(&m, 0, sizeof m);
    m.nlegs = 2, m.leg[0] = l2[0], m.leg[1] = l2[1], m.form = TT_LINE;
    tt_mover mv = line_infantry();
    tt_verdict v;
    gr_error err;
    assert_int_equal(tt_check_move(&T, 3, &mv, &m, &v, &err), GR_OK);
    assert_true(v.ok);
    assert_int_equal(v.passed, 1);
    m.leg[1] = P(5000, 13001);
    assert_int_equal(tt_check_move(&T, 3, &mv, &m, &v, &err), GR_OK);
    assert_false(v.ok);
    /* nf « Unlimbered artillery may be passed through at no additional
     * cost »: a battery of 1 stand (1" x 1", y 10500..11500 facing north
     * at (8000, 11500)) passed by unit 7 from (8000, 10000): the line's
     * rear must clear 11500, its front 12250: 2250 of the 6" (6000) at no
     * cost; 6000 ahead fits, and the 3" would leave only 3000 */
    put(6, 0, TT_ARTILLERY, 1, P(8000, 11500), D(0, 1), TT_BATTERY);
    put(7, 0, TT_INFANTRY, 1, P(8000, 10000), D(0, 1), TT_LINE);
    memset(&m, 0, sizeof m);
    m.nlegs = 1, m.leg[0] = P(8000, 16000), m.form = TT_LINE;
    assert_int_equal(tt_check_move(&T, 7, &mv, &m, &v, &err), GR_OK);
    assert_false(v.ok); /* 6000 + 3000 over the 6000 */
    mv.pass_battery_free = 1;
    assert_int_equal(tt_check_move(&T, 7, &mv, &m, &v, &err), GR_OK);
    assert_true(v.ok);
    assert_int_equal(v.passed, 1);
    assert_int_equal(v.pass_id[0], 6);
    /* a battery limbered is a unit like any other: the 3" again (limbered,
     * 1" x 2", its front at 12500: y 10500..12500; the same 6000 ahead
     * passes it for 6000 + 3000) */
    tt_unit *bty = tt_table_unit(&T, 6);
    bty->pose.form = TT_LIMBERED;
    bty->pose.at = P(8000, 12500);
    assert_int_equal(tt_unit_layout(bty, tt_unit_base(&T, bty), &err), GR_OK);
    assert_int_equal(bty->lo.y, 10500);
    assert_int_equal(tt_check_move(&T, 7, &mv, &m, &v, &err), GR_OK);
    assert_false(v.ok);
    assert_int_equal(v.passed, 1);
}

/* rff: centimetres; CAPACITES DE MOUVEMENT, "Infanterie  Double ligne
 * 30 / 40  20 / 30  15 / 25  -" (clear, handicap, difficult, no road) */
static void test_rff_table(void **state)
{
    (void)state;
    tt_table_init(&T, TT_RFF, TT_CM(180), TT_CM(120));
    /* rff bases: 2.5 cm x 1.9 cm */
    tt_unit *u = put(1, 0, TT_INFANTRY, 2, P(TT_CM(20), TT_CM(20)), D(0, 1), TT_LINE);
    expect_pt(u->st[0].c[1], TT_CM(17.5), TT_CM(20));
    expect_pt(u->st[1].c[3], TT_CM(22.5), TT_CM(18.1));
    rect(TT_WOOD, 0, TT_CM(10), TT_CM(25), TT_CM(40), TT_CM(60)); /* "handicapant" */
    tt_mover mv;
    memset(&mv, 0, sizeof mv);
    mv.allowance = TT_CM(30);
    mv.speed[TT_GO_CLEAR] = TT_CM(30);
    mv.speed[TT_GO_ROUGH] = TT_CM(20);
    mv.speed[TT_GO_DIFFICULT] = TT_CM(15);
    /* from the front centre (20 cm, 20 cm): 5 cm of clear ground to the
     * wood's edge at y = 25 cm (cost 5,000), then into the wood at 30/20:
     * 16,666 units cost 24,999 (29,999 in all, within 30 cm); 16,667 units
     * cost 25,000.5, too far */
    tt_move m;
    memset(&m, 0, sizeof m);
    m.form = TT_LINE, m.nlegs = 2;
    m.leg[0] = P(TT_CM(20), TT_CM(25));
    m.leg[1] = P(TT_CM(20), TT_CM(25) + 16666);
    tt_verdict v;
    gr_error err;
    assert_int_equal(tt_check_move(&T, 1, &mv, &m, &v, &err), GR_OK);
    assert_true(v.ok);
    m.leg[1] = P(TT_CM(20), TT_CM(25) + 16667); /* 16667 x 3/2 = 25000.5 */
    assert_int_equal(tt_check_move(&T, 1, &mv, &m, &v, &err), GR_OK);
    assert_false(v.ok);
    /* the command radius: "20cm si ligne de vue claire" */
    assert_true(tt_within_radius(u, P(TT_CM(42.5), TT_CM(19)), TT_CM(20)));
    assert_false(tt_within_radius(u, P(TT_CM(42.5) + 1, TT_CM(19)), TT_CM(20)));
}

/* nf: "Artillery has a 30 degree firing arc", "Heavy Artillery ... 12"+ to
 * 16" = 1": a battery of 2 guns and targets 15" ahead */
static void test_nf_battery(void **state)
{
    (void)state;
    tt_table_init(&T, TT_NF, TT_INCH(72), TT_INCH(48));
    tt_unit *g = put(1, 0, TT_ARTILLERY, 2, P(20000, 10000), D(0, 1), TT_BATTERY);
    /* guns 1000 wide: front from 19000 to 21000.  The target's nearest
     * corner 15" ahead and 8" right of the right gun's: 17" exactly (8-15-17),
     * beyond the 16" band; tan = 8/15 < tan 30 = 0.577, in the arc */
    tt_unit *e = put(2, 1, TT_INFANTRY, 1, P(21000 + 8000 + 500, 25000), D(0, -1), TT_LINE);
    int64_t bands[4] = {TT_INCH(2), TT_INCH(8), TT_INCH(12), TT_INCH(16)};
    assert_int_equal(tt_range_band(g, e, bands, 4), 4);
    assert_true(tt_can_fire(&T, g, e, TT_INCH(17), TT_ARC_30));
    assert_false(tt_can_fire(&T, g, e, TT_INCH(17) - 1, TT_ARC_30));
    /* 10" right: tan = 10/15 = 0.667 > 0.577, out of the 30 degree arc, in
     * the 45; 18.03" away */
    tt_unit *f = put(3, 1, TT_INFANTRY, 1, P(21000 + 10000 + 500, 25000), D(0, -1), TT_LINE);
    assert_false(tt_can_fire(&T, g, f, TT_INCH(19), TT_ARC_30));
    assert_true(tt_can_fire(&T, g, f, TT_INCH(19), TT_ARC_45));
}

/* a march column on a road: road 12" for 6" of allowance, so each inch of
 * road costs half an inch */
static void test_road_moves(void **state)
{
    (void)state;
    tt_pt road[3] = {P(40000, 2000), P(40000, 8000), P(50000, 8000)};
    feature(TT_ROAD, 0, 3, road);
    put(1, 0, TT_INFANTRY, 2, P(40000, 5000), D(0, 1), TT_MARCH);
    tt_mover mv = line_infantry();
    tt_option opt[TT_MAX_OPTIONS];
    int n = tt_move_set(&T, 1, &mv, opt, TT_MAX_OPTIONS);
    int roads = 0;
    for (int i = 0; i < n; i++) {
        if (opt[i].kind != TT_MK_ROAD)
            continue;
        roads++;
        tt_pt e = opt[i].end.at;
        /* north: (40000,8000) costs 1500; then east as far as 4500 of
         * allowance goes: 9000 of road, to (49000,8000), facing east */
        if (roads == 1)
            expect_pt(e, 40000, 8000);
        if (roads == 2) {
            expect_pt(e, 49000, 8000);
            assert_int_equal(opt[i].end.face.x, 1);
            assert_int_equal(opt[i].end.face.y, 0);
        }
        /* south: the road's end (40000,2000), 3000 of road */
        if (roads == 3) {
            expect_pt(e, 40000, 2000);
            assert_int_equal(opt[i].end.face.y, -1);
        }
    }
    assert_int_equal(roads, 3);
}

/* a battery limbers: its guns (1" x 1") become limbered guns (1" x 2",
 * aoe's reading), one behind another: "atteler" */
static void test_battery_limbers(void **state)
{
    (void)state;
    tt_unit *g = put(1, 0, TT_ARTILLERY, 2, P(20000, 10000), D(0, 1), TT_BATTERY);
    expect_pt(g->st[1].c[3], 21000, 9000);
    tt_mover mv;
    memset(&mv, 0, sizeof mv);
    mv.allowance = mv.speed[TT_GO_CLEAR] = TT_INCH(6); /* "Artillerie à pied 6"" */
    mv.may_change[TT_LIMBERED] = 1;
    tt_move m;
    memset(&m, 0, sizeof m);
    m.form = TT_LIMBERED;
    tt_verdict v;
    gr_error err;
    assert_int_equal(tt_check_move(&T, 1, &mv, &m, &v, &err), GR_OK);
    assert_true(v.ok);
    tt_unit l = *g;
    l.pose = v.end;
    assert_int_equal(tt_unit_layout(&l, tt_unit_base(&T, &l), &err), GR_OK);
    /* two limbered guns 2000 deep each, one wide: the rear at 10000 - 4000 */
    expect_pt(l.st[1].c[2], 19500, 6000);
}

/* tt_unit_fits: a unit on the table at a new pose (itself ignored) */
static void test_unit_fits(void **state)
{
    (void)state;
    T.kinds[TT_MARSH].going = TT_GO_NONE; /* an impassable area, for the test */
    rect(TT_MARSH, 0, 55000, 5000, 60000, 15000);
    tt_unit *a = put(1, 0, TT_INFANTRY, 4, P(20000, 10000), D(0, 1), TT_LINE);
    put(2, 1, TT_INFANTRY, 4, P(40000, 10000), D(0, 1), TT_LINE);
    tt_unit n = *a;
    assert_true(tt_unit_fits(&T, &n)); /* where it stands: its own stands ignored */
    n.pose.at = P(21000, 10000);       /* over its own old place */
    assert_true(tt_unit_fits(&T, &n));
    n.pose.face = D(1, 0); /* turned to face east about its front centre */
    assert_true(tt_unit_fits(&T, &n));
    n.pose.face = D(0, 1);
    n.pose.at = P(40000, 10000); /* onto unit 2 */
    assert_false(tt_unit_fits(&T, &n));
    n.pose.at = P(200, 10000); /* its stands off the west edge */
    assert_false(tt_unit_fits(&T, &n));
    n.pose.at = P(57000, 10000); /* in the impassable marsh */
    assert_false(tt_unit_fits(&T, &n));
    n.pose.at = P(20000, 10000);
    n.side = 2; /* no such side */
    assert_false(tt_unit_fits(&T, &n));
    assert_int_equal(T.nunits, 2); /* the table is not changed */
}

static void test_move_set_and_retreat(void **state)
{
    (void)state;
    tt_unit *u = put(1, 0, TT_INFANTRY, 2, P(20000, 10000), D(0, 1), TT_LINE);
    tt_unit *e = put(2, 1, TT_INFANTRY, 2, P(20000, 14000), D(0, -1), TT_LINE);
    tt_mover mv = line_infantry();
    tt_option opt[TT_MAX_OPTIONS];
    int n = tt_move_set(&T, 1, &mv, opt, TT_MAX_OPTIONS);
    assert_true(n > 0);
    int holds = 0, contact = 0, wheels = 0, backs = 0;
    for (int i = 0; i < n; i++) {
        tt_verdict v;
        gr_error err;
        assert_int_equal(tt_check_move(&T, 1, &mv, &opt[i].move, &v, &err), GR_OK);
        assert_true(v.ok);
        holds += opt[i].kind == TT_MK_HOLD;
        wheels += opt[i].kind == TT_MK_WHEEL;
        backs += opt[i].kind == TT_MK_FALL_BACK;
        if (opt[i].kind == TT_MK_CONTACT) {
            contact++;
            assert_int_equal(opt[i].target, 2);
            /* the enemy's front is 4000 ahead: contact at 4000 exactly */
            expect_pt(opt[i].end.at, 20000, 14000);
        }
    }
    assert_int_equal(holds, 3); /* line, column, march */
    assert_int_equal(contact, 1);
    assert_int_equal(wheels, 8);
    assert_int_equal(backs, 2);
    /* the same table gives the same list */
    tt_option again[TT_MAX_OPTIONS];
    assert_int_equal(tt_move_set(&T, 1, &mv, again, TT_MAX_OPTIONS), n);
    assert_memory_equal(opt, again, (size_t)n * sizeof *opt);
    /* a 3" retreat: straight away from the enemy (south), 3000 */
    tt_pose end;
    int64_t done;
    gr_error err;
    assert_int_equal(tt_retreat(&T, 1, TT_INCH(3), &end, &done, &err), GR_OK);
    assert_int_equal(done, 3000);
    expect_pt(end.at, 20000, 7000);
    (void)u, (void)e;
    /* a dragged pose: 45 degrees right and 2" on; the outer corner's chord
     * of a 2000 front turned 45: 2000 * 2 sin 22.5 = 1530.7; total < 6" */
    tt_pose p = {P(21000, 12000), D(1, 1), TT_LINE};
    tt_verdict v;
    assert_int_equal(tt_check_pose(&T, 1, &mv, p, &v, &err), GR_OK);
    assert_true(v.ok);
    p.face = D(1, 2); /* not a multiple of 15 degrees */
    assert_int_equal(tt_check_pose(&T, 1, &mv, p, &v, &err), GR_EINPUT);
}

/* The linear obstacles (docs/rules/aoe.md "On the table: measuring"):
 * whether a unit stands behind one against an enemy, whether a path
 * crosses one, and a major obstacle's penalty in a move.  aoe's base:
 * 1000 x 750. */
static void test_linear_obstacles(void **state)
{
    (void)state;
    /* the kinds' data: lines that neither slow nor block sight; a hedge
     * light cover, a wall and works heavy; major obstacles only in rff */
    tt_kind_fx h = tt_kind_default(TT_NF, TT_HEDGE), w = tt_kind_default(TT_NF, TT_WALL);
    assert_int_equal(h.polyline, 1);
    assert_int_equal(h.cover, TT_COVER_LIGHT);
    assert_int_equal(w.cover, TT_COVER_HEAVY);
    assert_int_equal(tt_kind_default(TT_NF, TT_WORKS).cover, TT_COVER_HEAVY);
    assert_int_equal(h.going, TT_GO_CLEAR);
    assert_int_equal(h.blocks_sight, 0);
    assert_int_equal(h.obstacle, 1);
    assert_int_equal(w.obstacle, 1);
    assert_int_equal(tt_kind_default(TT_RFF, TT_HEDGE).obstacle, 1);
    assert_int_equal(tt_kind_default(TT_RFF, TT_WALL).obstacle, 2);
    assert_int_equal(tt_kind_default(TT_RFF, TT_WORKS).obstacle, 2);
    assert_int_equal(tt_kind_default(TT_AOE, TT_WORKS).obstacle, 1);
    assert_string_equal(tt_kind_name(TT_WORKS), "works");
    /* unit 1: a line of 4 facing north, front (8000..12000, 10000), its
     * stands' box (8000,9250)-(12000,10000), centre (10000,9625); a hedge
     * along y = 10500 from x = 6000 to 14000, 500 ahead of its front */
    const tt_unit *u = put(1, 0, TT_INFANTRY, 4, P(10000, 10000), D(0, 1), TT_LINE);
    tt_pt hedge[2] = {P(6000, 10500), P(14000, 10500)};
    feature(TT_HEDGE, 0, 2, hedge);
    /* an enemy straight ahead at (10000,20000): the centre's line to it
     * crosses y = 10500 at x = 10000, inside the hedge; the strip 750 deep
     * reaches y = 10750, past the hedge */
    assert_true(tt_behind_line(&T, u, P(10000, 20000), TT_HEDGE, 750));
    /* the strip 500 deep ends on the hedge (closed): behind; 400 short of it */
    assert_true(tt_behind_line(&T, u, P(10000, 20000), TT_HEDGE, 500));
    assert_false(tt_behind_line(&T, u, P(10000, 20000), TT_HEDGE, 400));
    /* another kind: no wall there */
    assert_false(tt_behind_line(&T, u, P(10000, 20000), TT_WALL, 750));
    /* an enemy behind (10000,0) or level on the flank (30000,9625): the
     * line to it does not cross the hedge */
    assert_false(tt_behind_line(&T, u, P(10000, 0), TT_HEDGE, 750));
    assert_false(tt_behind_line(&T, u, P(30000, 9625), TT_HEDGE, 750));
    /* ahead and right (20000,20000): the line crosses y = 10500 at x =
     * 10000 + 10000 * 875/10375 = 10843, inside the hedge: behind */
    assert_true(tt_behind_line(&T, u, P(20000, 20000), TT_HEDGE, 750));
    /* far right (40000,11000): it crosses y = 10500 at x = 10000 + 30000 *
     * 875/1375 = 29091, past the hedge's end at 14000: not behind */
    assert_false(tt_behind_line(&T, u, P(40000, 11000), TT_HEDGE, 750));
    /* unit 2: 2 stands facing north, front (29000..31000, 10000) on a wall
     * from x = 27000 to 33000, box centre (30000,9625) */
    const tt_unit *v = put(2, 0, TT_INFANTRY, 2, P(30000, 10000), D(0, 1), TT_LINE);
    tt_pt wall[2] = {P(27000, 10000), P(33000, 10000)};
    feature(TT_WALL, 0, 2, wall);
    assert_true(tt_behind_line(&T, v, P(30000, 20000), TT_WALL, 750));
    assert_false(tt_behind_line(&T, v, P(30000, 0), TT_WALL, 750));
    /* crossing: from the centre north across the wall (properly); a path
     * that ends on it does not cross it; aoe's wall is not major (grade 1) */
    assert_true(tt_crosses_obstacle(&T, P(30000, 9625), P(30000, 12000), 1));
    assert_false(tt_crosses_obstacle(&T, P(30000, 9625), P(30000, 12000), 2));
    assert_false(tt_crosses_obstacle(&T, P(30000, 9000), P(30000, 10000), 1));
    /* the lines neither slow a leg nor block a line of sight */
    int ford = 0;
    assert_int_equal(tt_going_of_leg(&T, P(10000, 10000), P(10000, 12000), &ford), TT_GO_CLEAR);
    assert_true(tt_los_pt(&T, P(10000, 10000), P(10000, 20000), -1, -1));
    /* the wall made major (as rff's): the 6" mover with the penalty 6000 -
     * 750 = 5250 goes over from the wall by its depth: 750 forward crosses
     * (the centre from y 9625 to 10375), 750 + 5250 = 6000, exactly the
     * allowance; 751 is 6001, too far; 6000 straight back crosses nothing */
    T.kinds[TT_WALL].obstacle = 2;
    assert_true(tt_crosses_obstacle(&T, P(30000, 9625), P(30000, 12000), 2));
    tt_mover mv = line_infantry();
    mv.obstacle_penalty = 5250;
    tt_move m;
    memset(&m, 0, sizeof m);
    m.form = TT_LINE, m.nlegs = 1, m.leg[0] = P(30000, 10750);
    tt_verdict vd;
    gr_error err;
    assert_int_equal(tt_check_move(&T, 2, &mv, &m, &vd, &err), GR_OK);
    assert_true(vd.ok);
    m.leg[0] = P(30000, 10751);
    assert_int_equal(tt_check_move(&T, 2, &mv, &m, &vd, &err), GR_OK);
    assert_false(vd.ok);
    m.leg[0] = P(30000, 4000);
    assert_int_equal(tt_check_move(&T, 2, &mv, &m, &vd, &err), GR_OK);
    assert_true(vd.ok);
    /* the hedge is not major: unit 1 goes its 6000 across it, no penalty */
    m.leg[0] = P(10000, 16000);
    assert_int_equal(tt_check_move(&T, 1, &mv, &m, &vd, &err), GR_OK);
    assert_true(vd.ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_layouts, setup),
        cmocka_unit_test_setup(test_sides, setup),
        cmocka_unit_test_setup(test_ranges_and_zones, setup),
        cmocka_unit_test_setup(test_arcs, setup),
        cmocka_unit_test_setup(test_sight, setup),
        cmocka_unit_test_setup(test_going, setup),
        cmocka_unit_test_setup(test_move_costs, setup),
        cmocka_unit_test_setup(test_move_terrain, setup),
        cmocka_unit_test_setup(test_move_units, setup),
        cmocka_unit_test_setup(test_wheel_and_passing, setup),
        cmocka_unit_test_setup(test_rff_table, setup),
        cmocka_unit_test_setup(test_nf_battery, setup),
        cmocka_unit_test_setup(test_road_moves, setup),
        cmocka_unit_test_setup(test_battery_limbers, setup),
        cmocka_unit_test_setup(test_unit_fits, setup),
        cmocka_unit_test_setup(test_move_set_and_retreat, setup),
        cmocka_unit_test_setup(test_linear_obstacles, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
