/* test_tb_eval.c - the search's judgement of a table battle (game.h
 * evaluate_search) against the heuristic's (evaluate): the same position
 * but for the objectives, counted by evaluate_search for the side that
 * would take them if the segment ended now (docs/table.md: « A side takes
 * an objective when, at the end of a segment, a stand of one of its
 * brigades is within its radius and no stand of an enemy brigade is »),
 * by evaluate for the side that holds them.  The teaching battle
 * (data/table/teaching.json) played as test_tb_script.c plays it, typed
 * dice, to hohenlohe's move next to the farm.
 *
 * Both judge 150 a point of objective (tb_game.c judge): the difference
 * is 150 times the points that would change hands, worked out below from
 * the battle file and the boxes test_tb_script.c checks; while a brigade's
 * move is to be chosen, evaluate_search adds 4 an inch a point for the
 * inches of its allowance toward its nearest objective. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/grognard.h"
#include "grognard/tb.h"

#include "tb_steps.h"

static const char *root = ".";

/* evaluate_search less evaluate, for `player`, in ST. */
static int32_t ahead(int player)
{
    return G.type->evaluate_search(G.sc, ST, player) - G.type->evaluate(G.sc, ST, player);
}

static void objectives_ahead(void **state)
{
    (void)state;
    assert_non_null(G.type->evaluate_search);
    /* the start: nobody holds the mill (19, 15.5) or the farm (29, 15.5)
     * (no "held" in the file), and no brigade is within 3" of either (the
     * nearest, treilhard, x 23..25, y 3..5: 10.5" below the mill's y and
     * the farm's): the two judgements agree */
    assert_int_equal(ahead(0), 0);
    assert_int_equal(ahead(1), 0);
    /* turn 1 to the Austrians' fire: claparede at x 11..13, y 12.75..15:
     * 6" west of the mill (19 - 13); still nobody within */
    tb_steps_to_austrian_fire();
    assert_int_equal(ahead(0), 0);
    act("fire austrian_battery --target claparede");
    die(10);
    die(6);
    act("next"); /* s1_fire_first */
    act("next"); /* s1_combat */
    act("next"); /* s2_leaders: the French segment ended, nobody took anything */
    act("next"); /* s2_reserve */
    act("next"); /* s2_tactical */
    assert_int_equal(ahead(0), 0);
    /* hohenlohe: D10 5 +2 fresh = 7, « En avant ! », 12" south to (25, 13):
     * its box x 23.5..26.5, y 13..14 (test_tb_script.c).  Its corner
     * (26.5, 14) is sqrt(2.5^2 + 1.5^2) = sqrt(8.5) = 2.92" from the farm
     * (29, 15.5): within 3"; no French stand is.  The mill is 4.5" west of
     * its x 23.5.  The farm, 1 point, would go to the Austrians at the
     * segment's end: +150 for them, -150 for the French; it is still held
     * by nobody now. */
    act("movement hohenlohe");
    die(5);
    /* its move to be chosen, 12" (Cavalerie, « En avant ! »): from its
     * front centre (25, 25) the farm is sqrt(4^2 + 9.5^2) = 10.31", 10 in
     * whole inches, the mill sqrt(6^2 + 9.5^2) = 11.24", 11: the farm is
     * nearest, and 12" reach it: 4 x 1 point x 10 = 40 for the Austrians,
     * no objective yet within 3" of anybody */
    assert_int_equal(tb_game_move_unit(ST), HOHENLOHE);
    assert_int_equal(ahead(1), 40);
    assert_int_equal(ahead(0), -40);
    act("move hohenlohe advance to 25 13");
    assert_int_equal(unit(HOHENLOHE)->pose.at.x, 25000);
    assert_int_equal(unit(HOHENLOHE)->pose.at.y, 13000);
    assert_int_equal(bunit(HOHENLOHE)->removed, 0);
    assert_int_equal(ahead(1), 150);
    assert_int_equal(ahead(0), -150);
    /* the heuristic's evaluate is unchanged by it: the same for both
     * sides, but for the sign of what they hold now (nothing) */
    assert_int_equal(G.type->evaluate(G.sc, ST, 0), -G.type->evaluate(G.sc, ST, 1));
    assert_int_equal(G.type->evaluate_search(G.sc, ST, 0), -G.type->evaluate_search(G.sc, ST, 1));
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load(root))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(objectives_ahead),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return rc;
}
