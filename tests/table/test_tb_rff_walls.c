/* test_tb_rff_walls.c - Regimental Fire and Fury's stone walls on the
 * table, on the test battle tests/table/data/rff-walls.json; every value
 * worked out by hand from seed 001:
 *
 *   TABLE DE MANŒUVRES: « +1 Colonne de marche ou de route, en garnison,
 *     canon attelé, couvert linéaire », « +1 unité "vétérans" », « +2 Troupe
 *     fraîche », « 0 Chef moyen / able », « 3 - 7 Manœuvre bien exécutée »;
 *   MANŒUVRES DE LA TROUPE, BIEN EXÉCUTÉE: « Mouvement complet » ...
 *     « Escalade d'un obstacle majeur »; CAPACITES DE MOUVEMENT: infantry in
 *     « Double ligne 30 / 40 ».
 *
 * The table (rff's bases 2.5 x 1.9 cm; a double line is one rank): blue_1
 * (8 stands, veteran) at (30, 20) facing north, x 20..40, y 18.1..20, its
 * box's centre (30, 19.05), its front on a stone wall along y 20 from x 15
 * to 45; blue_2 (8, trained, brave colonel) at (80, 10), x 70..90, y
 * 8.1..10, centre (80, 9.05), 10 cm short of a second wall along y 20 from
 * x 65 to 95; grey_1 (8, veteran) at (30, 70) facing south, x 20..40, y
 * 70..71.9, centre (30, 70.95).  hollis (able) at (55, 12): 16.19 cm from
 * blue_1's corner (40, 18.1), 15.13 cm from blue_2's (70, 10), within his
 * 20 cm.  A wall is a major obstacle in rff (docs/rules/rff.md).
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
#include <jansson.h>

#include "grognard/tb.h"
#include "tb_steps.h"

static const char *root = ".";

enum { BLUE_1, BLUE_2, GREY_1 };

static void walls(void **state)
{
    (void)state;
    act("next");
    /* « couvert linéaire »: blue_1's front lies on the wall (within one
     * base depth, 1.9 cm) and the line from its centre (30, 19.05) to the
     * nearest enemy's, grey_1's (30, 70.95), crosses it at (30, 20).
     * blue_2's wall is 10 cm ahead, beyond the 1.9 cm: no cover */
    assert_string_equal(tb_steps_facts("maneuver blue_1"), "terrain=clear linear-cover=yes");
    assert_string_equal(tb_steps_facts("maneuver blue_2"), "terrain=clear");
    /* blue_1: able 0, veteran +1, fresh +2, linear cover +1: +4; a 2: 6, « 3
     * - 7 Manœuvre bien exécutée », « Mouvement complet »: 30 cm.  The
     * climb takes the allowance less its depth: 30 - 1.9 = 28.1 cm.
     * Straight ahead s cm: its centre crosses the wall once s > 0.95,
     * then s + 28.1 <= 30, s <= 1.9: the reach is 1.9 cm, its quarters
     * 0.475, 0.95, 1.425, 1.9 (y 20.475 ... 21.9): over the wall by its
     * depth, its rear edge on the wall, and no farther */
    act("maneuver blue_1");
    die(2);
    assert_int_equal(tb_game_move_allowance(ST), 30000);
    assert_non_null(strstr(legal(), "move blue_1 advance to 30 20.475 | move blue_1 advance to "
                                    "30 20.95 | move blue_1 advance to 30 21.425 | move blue_1 "
                                    "advance to 30 21.9 | "));
    act("move blue_1 advance to 30 21.9");
    const tt_unit *u = unit(BLUE_1);
    assert_int_equal(u->lo.y, 20000);
    assert_int_equal(u->hi.y, 21900);
    /* blue_2: brave colonel +1, fresh +2, trained 0, able 0: +3; a 3: 6,
     * bien exécutée, 30 cm.  Straight ahead, its centre reaches the wall
     * at s = 20 - 9.05 = 10.95 cm; beyond, s + 28.1 > 30: the reach is
     * 10.95 cm (10950), its quarters 2737, 5475, 8212 (rounded down) and
     * 10950: y 12.737, 15.475, 18.212, 20.95 */
    act("maneuver blue_2");
    die(3);
    assert_int_equal(tb_game_move_allowance(ST), 30000);
    assert_non_null(strstr(legal(), "move blue_2 advance to 80 12.737 | move blue_2 advance to "
                                    "80 15.475 | move blue_2 advance to 80 18.212 | move blue_2 "
                                    "advance to 80 20.95 | "));
    (void)bunit;
}

/* The cover of the wall in the fire (POINTS DE MOUSQUETERIE's modifiers: «
 * -2 Cible à couvert en totalité »; docs/rules/rff.md « Cover »: a wall is
 * total cover to a unit behind it).  The same battle with grey_1 at (30,
 * 35) facing south: y 35..36.9, its centre (30, 35.95), 15 cm from blue_1's
 * front edge (y 20): inside RM's 20 cm.  In the Union's turn the
 * Confederates' defensive fire comes first (2° a.): grey_1 at blue_1, whose
 * front lies on the wall (within its 1.9 cm depth) and the line from its
 * centre (30, 19.05) to grey_1's (30, 35.95) crosses the wall at (30, 20):
 * « à couvert en totalité », cover=full.  Then blue_1 at grey_1 (2° b.):
 * grey_1's front is 15 cm from the wall, beyond its depth: no cover. */
static void wall_cover_in_the_fire(void **state)
{
    (void)state;
    const gr_battle *b = tb_game_battle(ST);
    while (!strstr(b->rules->phases[b->phase].id, "defensive_fire"))
        act("next");
    assert_non_null(strstr(tb_steps_facts("musketry grey_1 --target blue_1"), "cover=full"));
    act("next");
    assert_non_null(strstr(b->rules->phases[b->phase].id, "offensive_fire"));
    assert_null(strstr(tb_steps_facts("musketry blue_1 --target grey_1"), "cover="));
}

/* rff-walls.json with grey_1 deployed at (30, 35): written beside the
 * test's build directory, its path into `out`; 0, or 1 after saying why. */
static int near_file(char *out, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/table/data/rff-walls.json", root);
    json_error_t je;
    json_t *f = json_load_file(path, 0, &je);
    json_t *grey = f ? json_array_get(json_object_get(f, "deploy"), GREY_1) : NULL;
    if (!grey || strcmp(json_string_value(json_object_get(grey, "unit")), "grey_1")) {
        fprintf(stderr, "%s: %s\n", path, f ? "no grey_1 in deploy" : je.text);
        json_decref(f);
        return 1;
    }
    json_object_set_new(grey, "at", json_pack("[ii]", 30, 35));
    snprintf(out, cap, "rff-walls-near.json");
    int r = json_dump_file(f, out, JSON_INDENT(1));
    json_decref(f);
    return r != 0;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load_file(root, "tests/table/data/rff-walls.json", "rff-table"))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walls),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    char near[256];
    if (near_file(near, sizeof near) || tb_steps_load_file(".", near, "rff-table"))
        return 1;
    const struct CMUnitTest fire[] = {
        cmocka_unit_test(wall_cover_in_the_fire),
    };
    r |= cmocka_run_group_tests(fire, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return r;
}
