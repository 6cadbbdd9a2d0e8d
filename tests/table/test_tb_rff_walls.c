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
    return r;
}
