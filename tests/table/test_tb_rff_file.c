/* test_tb_rff_file.c - the rff-table battle file (docs/table.md "The
 * rff-table battle file"; tb_rff.c): the bundled teaching battle and
 * Little Round Top (data/table/) read, in centimetres, with rff's
 * formations, bases (docs/rules/rff.md "On the table: measuring": 2.5 cm
 * wide, infantry 1.9 cm deep, cavalry and guns 3.8 cm), dense woods, key
 * positions and reinforcements; and the refusals that speak cm.  Every
 * expected value is worked out by hand here from those bases and the
 * places the research files give (docs/research/little-round-top-table.md
 * section 4), in table units (1 cm = 1000).
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

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/tb.h"

static const char *root = ".";

static tb_scenario *load(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/%s", root, file);
    tb_scenario *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    gr_error err = {0};
    if (tb_file_read(path, sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    return sc;
}

static void box_is(const tb_scenario *sc, int id, int lx, int ly, int hx, int hy)
{
    const tt_unit *u = NULL;
    for (int i = 0; i < sc->table.nunits; i++)
        if (sc->table.units[i].id == id)
            u = &sc->table.units[i];
    assert_non_null(u);
    assert_int_equal(u->lo.x, lx);
    assert_int_equal(u->lo.y, ly);
    assert_int_equal(u->hi.x, hx);
    assert_int_equal(u->hi.y, hy);
}

static void test_teaching(void **state)
{
    (void)state;
    tb_scenario *sc = load("rff-teaching.json");
    assert_string_equal(sc->start.rules->system, "rff");
    assert_int_equal(sc->table.sys, TT_RFF);
    assert_int_equal(sc->table.hi.x, 120000); /* 120 x 90 cm */
    assert_int_equal(sc->table.hi.y, 90000);
    /* blue_1 (unit 0): 8 stands in double line at (38, 14) facing north:
     * 8 x 2.5 = 20 cm wide, x 28 to 48; 1.9 cm deep behind its front, y
     * 12.1 to 14 */
    box_is(sc, 0, 28000, 12100, 48000, 14000);
    /* blue_bty (unit 2): 2 guns unlimbered at (57, 12): x 54.5 to 59.5,
     * 3.8 cm deep: y 8.2 to 12 */
    box_is(sc, 2, 54500, 8200, 59500, 12000);
    /* grey_cav (unit 5): 4 cavalry stands at (108, 80) facing south: x 103
     * to 113, 3.8 cm deep behind (north): y 80 to 83.8 */
    box_is(sc, 5, 103000, 80000, 113000, 83800);
    /* the knoll is a key position, the farm not; 7.5 cm each */
    assert_int_equal(sc->nobjectives, 2);
    assert_int_equal(sc->key[0], 1);
    assert_int_equal(sc->key[1], 0);
    assert_int_equal(sc->objective[0].radius, 7500);
    /* woods are « Terrain handicap. » without dense_woods */
    assert_int_equal(sc->dense_woods, 0);
    assert_int_equal(sc->table.kinds[TT_WOOD].going, TT_GO_ROUGH);
    /* the fire block: RM, SM, Carabine and the guns (the file's values) */
    assert_int_equal(sc->rff_fire.present, 1);
    assert_int_equal(sc->rff_fire.close[0], 10000);
    assert_int_equal(sc->rff_fire.range[TB_RFF_GUN(3)], 120000);
    assert_int_equal(sc->sys_on, 1);
    free(sc);
}

static void test_little_round_top(void **state)
{
    (void)state;
    tb_scenario *sc = load("little_round_top.json");
    assert_int_equal(sc->table.hi.x, 125000); /* research section 2: 125 x 135 cm */
    assert_int_equal(sc->table.hi.y, 135000);
    /* the 20th Maine (unit 0): 10 stands facing south, its front centre at
     * (100, 74) (research section 4): x 87.5 to 112.5, y 74 to 75.9 */
    box_is(sc, 0, 87500, 74000, 112500, 75900);
    /* the 15th Alabama (unit 6): 12 stands facing north at (106, 50): x 91 to
     * 121, y 48.1 to 50 */
    box_is(sc, 6, 91000, 48100, 121000, 50000);
    /* Big Round Top's woods are « bois dense »: « Terrain difficile » */
    assert_int_equal(sc->dense_woods, 1);
    assert_int_equal(sc->table.kinds[TT_WOOD].going, TT_GO_DIFFICULT);
    /* the summit and the spur are key positions, Devil's Den not */
    assert_int_equal(sc->key[0], 1);
    assert_int_equal(sc->key[1], 1);
    assert_int_equal(sc->key[2], 0);
    assert_int_equal(sc->objective[0].held, 0);
    assert_int_equal(sc->objective[2].held, 1);
    /* Hazlett (unit 5) on turn 2, the 140th New York (unit 4) and Weed on
     * turn 4 (research section 4) */
    assert_int_equal(sc->narrivals, 3);
    for (int i = 0; i < sc->narrivals; i++) {
        const tb_arrival *a = &sc->arrival[i];
        if (a->unit == 5)
            assert_int_equal(a->turn, 2);
        else if (a->unit == 4)
            assert_int_equal(a->turn, 4);
        else
            assert_int_equal(a->turn, 4); /* Weed, a leader */
    }
    free(sc);
}

/* The teaching battle's text with one piece replaced, read: the error. */
static void refused(const char *file, const char *from, const char *to, const char *want)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/%s", root, file);
    char *text = NULL;
    size_t len = 0;
    gr_error err = {0};
    assert_int_equal(gr_read_file(path, 1 << 22, &text, &len, &err), GR_OK);
    char *at = strstr(text, from);
    assert_non_null(at);
    size_t fl = strlen(from), tl = strlen(to);
    char *t = malloc(len - fl + tl + 1);
    assert_non_null(t);
    memcpy(t, text, (size_t)(at - text));
    memcpy(t + (at - text), to, tl);
    memcpy(t + (at - text) + tl, at + fl, len - (size_t)(at - text) - fl + 1);
    tb_scenario *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    char name[1100];
    snprintf(name, sizeof name, "%s/data/table/%s", root, file);
    assert_int_equal(tb_file_parse(t, strlen(t), name, sc, &err), GR_EINPUT);
    if (!strstr(err.msg, want))
        fail_msg("got \"%s\", want \"%s\"", err.msg, want);
    free(sc);
    free(t);
    gr_free(text);
}

static void test_refusals(void **state)
{
    (void)state;
    /* a unit off the 120 x 90 cm table */
    refused("rff-teaching.json", "{\"unit\": \"blue_1\", \"at\": [38, 14]",
            "{\"unit\": \"blue_1\", \"at\": [121, 14]",
            "\"at\" of deploy 1 must be a point [x, y] in cm on the table (0 to 120, 0 to 90)");
    /* Hazlett 16 cm from the north edge (135 - 119): beyond the 15 cm */
    refused("little_round_top.json", "\"at\": [98, 124]", "\"at\": [98, 119]",
            "arrives at its side's home edge (north): its \"at\" must be within 15 cm of it");
    /* a base of more than 15 cm */
    refused("rff-teaching.json", "\"turns\": 6,\n  \"table\"",
            "\"turns\": 6,\n  \"bases\": {\"infantry\": [16, 1.9]},\n  \"table\"",
            "\"infantry\" of \"bases\" must be a length in cm from 0.001 to 15");
    /* an objective of more than 60 cm (8 times the 7.5 cm default) */
    refused("rff-teaching.json", "\"radius\": 7.5, \"points\": 2", "\"radius\": 61, \"points\": 2",
            "\"radius\" of objective 1 must be a length in cm from 0.001 to 60");
    /* "key" is true or false */
    refused("rff-teaching.json", "\"key\": true", "\"key\": 1",
            "\"key\" of objective 1 must be true or false");
    /* an rff formation word only */
    refused("rff-teaching.json", "{\"unit\": \"blue_1\", \"at\": [38, 14], \"face\": 0}",
            "{\"unit\": \"blue_1\", \"at\": [38, 14], \"face\": 0, \"formation\": \"line\"}",
            "unit \"blue_1\": formation \"line\" is not one of its arm's; accepted: double_line, "
            "single_line, combat_column, march_column");
    /* the fire block is required */
    refused("rff-teaching.json", "\"fire\": {", "\"fyre\": {", "unknown key \"fyre\"");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_teaching),
        cmocka_unit_test(test_little_round_top),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
