/* test_tb_pratzen.c - the bundled Pratzen heights battle on the table
 * (data/table/pratzen.json, docs/research/pratzen-table.md): the file loads
 * with the battle-file reader (tb_file.c), and the table, the contours, a
 * few units' poses and stands, the generals, the objectives and the end are
 * what the research says.  Every expected value is typed from the research
 * file's tables or worked out by hand here from the bases of
 * docs/rules/aoe.md « On the table: measuring » (infantry 1" x 3/4",
 * cavalry 1" x 1", a limbered gun 1" x 2"), never read from the battle
 * file.
 *
 * Run with the source root as its argument (meson passes it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/tb.h"

static const char *root = ".";
static tb_scenario *SC;

/* The order of battle's indices (data/oob/aoe/austerlitz_pratzen.json,
 * "units" and "leaders" in their order): a unit's id on the table. */
enum {
    U_MORAND,
    U_THIEBAULT,
    U_VARE,
    U_SCHINER,
    U_FEREY,
    U_CANDRAS,
    U_LEVASSEUR,
    U_ART_SAINT_HILAIRE,
    U_ART_VANDAMME,
    U_NOVGOROD_APSHERON,
    U_LITTLE_RUSSIA_SMOLENSK,
    U_JURCZEK,
    U_ROTTERMUND,
    U_FANAGORIA_RYAZAN,
    U_SPB_DRAGOONS,
    U_ART_KUDRYAVTSEV,
    U_ART_KOLLOWRATH,
    U_COUNT
};
enum {
    L_NAPOLEON,
    L_SOULT,
    L_SAINT_HILAIRE,
    L_VANDAMME,
    L_KUTUZOV,
    L_MILORADOVICH,
    L_KOLLOWRATH,
    L_KAMENSKY,
    L_COUNT
};

static int setup(void **state)
{
    (void)state;
    char path[1024];
    gr_error err = {0};
    SC = calloc(1, sizeof *SC);
    if (!SC)
        return -1;
    snprintf(path, sizeof path, "%s/data/table/pratzen.json", root);
    if (tb_file_read(path, SC, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(SC);
    return 0;
}

static tt_pt pt(tt_coord x, tt_coord y)
{
    tt_pt p = {x, y};
    return p;
}

/* §2: a 72 x 60 table, six turns, the French home west, the Allies east. */
static void table_and_turns(void **state)
{
    (void)state;
    assert_string_equal(SC->id, "pratzen");
    assert_int_equal(SC->turns, 6);
    assert_int_equal(SC->table.lo.x, 0);
    assert_int_equal(SC->table.lo.y, 0);
    assert_int_equal(SC->table.hi.x, 72000);
    assert_int_equal(SC->table.hi.y, 60000);
    assert_int_equal(SC->home[0], TB_WEST);
    assert_int_equal(SC->home[1], TB_EAST);
    /* every unit of the order of battle on the table at the start (§4: no
     * reinforcements) */
    assert_int_equal(SC->start.nunits, U_COUNT);
    assert_int_equal(SC->start.nleaders, L_COUNT);
    assert_int_equal(SC->table.nunits, U_COUNT);
    assert_int_equal(SC->narrivals, 0);
    assert_string_equal(SC->start.units[U_JURCZEK].id, "jurczek");
    assert_string_equal(SC->start.leaders[L_KAMENSKY].id, "kamensky");
}

/* §3: the features in the research's order, and the ground's level where
 * the research puts each place (§2's table of places). */
static void terrain(void **state)
{
    (void)state;
    const tt_table *t = &SC->table;
    assert_int_equal(t->nfeatures, 16);
    /* the plateau: level 1, 22 corners, the first (16, 12) */
    assert_int_equal(t->features[0].kind, TT_HILL);
    assert_int_equal(t->features[0].level, 1);
    assert_int_equal(t->features[0].n, 22);
    assert_int_equal(t->features[0].v[0].x, 16000);
    assert_int_equal(t->features[0].v[0].y, 12000);
    /* the Pratzeberg: level 2 */
    assert_int_equal(t->features[1].kind, TT_HILL);
    assert_int_equal(t->features[1].level, 2);
    /* the crest through Stare Vinohrady (40.4, 33.72) */
    assert_int_equal(t->features[2].kind, TT_CREST);
    assert_int_equal(t->features[2].level, 1);
    assert_int_equal(t->features[2].v[1].x, 40400);
    assert_int_equal(t->features[2].v[1].y, 33720);
    /* the Goldbach through Puntowitz: (16.742391 - 16.7250) x 663.70 =
     * 11.54, (49.152257 - 49.1150) x 1012.78 = 37.73 */
    assert_int_equal(t->features[3].kind, TT_STREAM);
    assert_string_equal(SC->feature_name[3], "The Goldbach");
    assert_int_equal(t->features[3].v[3].x, 11540);
    assert_int_equal(t->features[3].v[3].y, 37730);
    assert_int_equal(t->features[4].kind, TT_STREAM);
    assert_int_equal(t->features[5].kind, TT_ROAD);
    assert_int_equal(t->features[8].kind, TT_TOWN);
    assert_string_equal(SC->feature_name[8], "Pratze");

    /* the Pratzeberg's summit (25.50, 13.17), 324 m: level 2 */
    assert_int_equal(tt_level_at(t, pt(25500, 13170)), 2);
    /* Stare Vinohrady (40.40, 33.72), 294 m, and the col (41.11, 18.01),
     * 273 m: level 1 */
    assert_int_equal(tt_level_at(t, pt(40400, 33720)), 1);
    assert_int_equal(tt_level_at(t, pt(41110, 18010)), 1);
    /* Pratze (26.88, 26.50), 245 m, in its hollow: the plain */
    assert_int_equal(tt_level_at(t, pt(26880, 26500)), 0);
    /* the villages of the valleys: Puntowitz, Kobelnitz, Girzikowitz,
     * Blasowitz, Krzenowitz */
    assert_int_equal(tt_level_at(t, pt(11540, 37730)), 0);
    assert_int_equal(tt_level_at(t, pt(4600, 23430)), 0);
    assert_int_equal(tt_level_at(t, pt(21970, 52480)), 0);
    assert_int_equal(tt_level_at(t, pt(40630, 51430)), 0);
    assert_int_equal(tt_level_at(t, pt(69310, 27610)), 0);
}

/* §4: a few units, their poses and their stands worked out by hand. */
static void french(void **state)
{
    (void)state;
    /* thiebault: "at" (21, 31), toward Pratze (26.88, 26.5): the
     * difference (5880, -4500) in thousandths, divided by their gcd 60:
     * (98, -75); a column */
    const tt_unit *th = tt_table_unit(&SC->table, U_THIEBAULT);
    assert_non_null(th);
    assert_int_equal(th->side, 0);
    assert_int_equal(th->pose.at.x, 21000);
    assert_int_equal(th->pose.at.y, 31000);
    assert_int_equal(th->pose.face.x, 98);
    assert_int_equal(th->pose.face.y, -75);
    assert_int_equal(th->pose.form, TT_COLUMN);
    assert_int_equal(th->nstands, 6);

    /* levasseur: (8, 20) facing east, a column of 7: two wide across the
     * facing (y 19 to 21), four ranks of 3/4" behind the front (x 8 down
     * to 8 - 3 = 5); on the plain by Kobelnitz */
    const tt_unit *lv = tt_table_unit(&SC->table, U_LEVASSEUR);
    assert_non_null(lv);
    assert_true(lv->pose.face.x > 0);
    assert_int_equal(lv->pose.face.y, 0);
    assert_int_equal(lv->pose.form, TT_COLUMN);
    assert_int_equal(lv->lo.x, 5000);
    assert_int_equal(lv->lo.y, 19000);
    assert_int_equal(lv->hi.x, 8000);
    assert_int_equal(lv->hi.y, 21000);
    assert_int_equal(tt_level_at(&SC->table, lv->pose.at), 0);
}

static void allied(void **state)
{
    (void)state;
    /* jurczek: (38, 26.79) facing west, a road column of 11: one wide
     * (y 26.29 to 27.29), 11 x 3/4" = 8.25" behind the head (x 38 to
     * 46.25); on the plateau */
    const tt_unit *ju = tt_table_unit(&SC->table, U_JURCZEK);
    assert_non_null(ju);
    assert_int_equal(ju->side, 1);
    assert_true(ju->pose.face.x < 0);
    assert_int_equal(ju->pose.face.y, 0);
    assert_int_equal(ju->pose.form, TT_MARCH);
    assert_int_equal(ju->lo.x, 38000);
    assert_int_equal(ju->lo.y, 26290);
    assert_int_equal(ju->hi.x, 46250);
    assert_int_equal(ju->hi.y, 27290);
    assert_int_equal(tt_level_at(&SC->table, ju->pose.at), 1);

    /* fanagoria_ryazan (Kamensky): (24, 6) facing north, a line of 10 (x
     * 19 to 29), 3/4" deep behind (y 5.25 to 6) */
    const tt_unit *ka = tt_table_unit(&SC->table, U_FANAGORIA_RYAZAN);
    assert_non_null(ka);
    assert_int_equal(ka->pose.face.x, 0);
    assert_true(ka->pose.face.y > 0);
    assert_int_equal(ka->pose.form, TT_LINE);
    assert_int_equal(ka->lo.x, 19000);
    assert_int_equal(ka->lo.y, 5250);
    assert_int_equal(ka->hi.x, 29000);
    assert_int_equal(ka->hi.y, 6000);

    /* art_kudryavtsev: limbered at (34.5, 26.5) facing west: one gun and
     * team 1" wide (y 26 to 27), 2" deep (x 34.5 to 36.5) */
    const tt_unit *ku = tt_table_unit(&SC->table, U_ART_KUDRYAVTSEV);
    assert_non_null(ku);
    assert_int_equal(ku->pose.form, TT_LIMBERED);
    assert_int_equal(ku->lo.x, 34500);
    assert_int_equal(ku->lo.y, 26000);
    assert_int_equal(ku->hi.x, 36500);
    assert_int_equal(ku->hi.y, 27000);

    /* spb_dragoons: (44, 41) facing west, a column of 2 cavalry stands:
     * two wide (y 40 to 42), 1" deep (x 44 to 45) */
    const tt_unit *dr = tt_table_unit(&SC->table, U_SPB_DRAGOONS);
    assert_non_null(dr);
    assert_int_equal(dr->lo.x, 44000);
    assert_int_equal(dr->lo.y, 40000);
    assert_int_equal(dr->hi.x, 45000);
    assert_int_equal(dr->hi.y, 42000);

    /* the holders of §5 stand at their objectives: the Novgorod battalion
     * in Pratze (its stands x 25.4 to 27.65, y 26 to 28 hold (26.88,
     * 26.5)); Rottermund's nearest stand edge y = 36 is 36 - 33.72 = 2.28"
     * from Stare Vinohrady, within 3" */
    const tt_unit *nv = tt_table_unit(&SC->table, U_NOVGOROD_APSHERON);
    const tt_unit *ro = tt_table_unit(&SC->table, U_ROTTERMUND);
    assert_non_null(nv);
    assert_non_null(ro);
    assert_true(tt_within_radius(nv, pt(26880, 26500), 0));
    assert_true(tt_within_radius(ro, pt(40400, 33720), 2280));
    assert_false(tt_within_radius(ro, pt(40400, 33720), 2279));
}

/* §4's generals and §5's objectives and end. */
static void leaders_objectives_end(void **state)
{
    (void)state;
    /* Napoleon on the north edge at the Zuran's x, 9.21 */
    assert_true(SC->leader_on[L_NAPOLEON]);
    assert_int_equal(SC->leader_at[L_NAPOLEON].x, 9210);
    assert_int_equal(SC->leader_at[L_NAPOLEON].y, 60000);
    assert_true(SC->leader_on[L_KAMENSKY]);
    assert_int_equal(SC->leader_at[L_KAMENSKY].x, 24000);
    assert_int_equal(SC->leader_at[L_KAMENSKY].y, 4500);

    assert_int_equal(SC->nobjectives, 3);
    const tb_objective *o = SC->objective;
    assert_string_equal(o[0].id, "pratzeberg");
    assert_int_equal(o[0].at.x, 25500);
    assert_int_equal(o[0].at.y, 13170);
    assert_int_equal(o[0].radius, 3000);
    assert_int_equal(o[0].points, 2);
    assert_int_equal(o[0].held, 1);
    assert_string_equal(o[1].id, "stare_vinohrady");
    assert_int_equal(o[1].points, 2);
    assert_int_equal(o[1].held, 1);
    assert_string_equal(o[2].id, "pratze");
    assert_int_equal(o[2].points, 1);
    assert_int_equal(o[2].held, 1);

    /* critical levels: a quarter and a half of the brigade stands, rounded
     * up: the French 4+6+6+3+7+7+7 = 40: 10 and 20; the Allies
     * 6+6+11+11+10+2 = 46: 11.5 -> 12 and 23 */
    assert_int_equal(SC->ncritical[0], 2);
    assert_int_equal(SC->critical[0][0], 10);
    assert_int_equal(SC->critical[0][1], 20);
    assert_int_equal(SC->ncritical[1], 2);
    assert_int_equal(SC->critical[1][0], 12);
    assert_int_equal(SC->critical[1][1], 23);
    assert_int_equal(SC->army_morale[0], 2);
    assert_int_equal(SC->army_morale[1], 2);
    assert_int_equal(SC->vp_objectives, 1);
    assert_int_equal(SC->vp_destroyed, 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_and_turns),
        cmocka_unit_test(terrain),
        cmocka_unit_test(french),
        cmocka_unit_test(allied),
        cmocka_unit_test(leaders_objectives_end),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
