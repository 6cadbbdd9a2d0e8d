/* test_sim.c - the simulator's arithmetic, worked out by hand.
 *
 * Wilson score interval at 95% (z = 1.959964):
 *   centre = (p + z^2/2n) / (1 + z^2/n),
 *   half   = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n).
 * - 50 of 100: p = 0.5, z^2/n = 0.038415; centre 0.5; half = 1.96 x
 *   sqrt(0.0025 + 0.0000960) / 1.038415 = 0.096170: [0.403830, 0.596170].
 * - 0 of 10: centre = 0.192073 / 1.384146 = 0.138766, half the same:
 *   [0, 0.277532]; 10 of 10 mirrors it: [0.722468, 1]. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "grognard/sim.h"

static void close_to(double got, double want)
{
    assert_true(got > want - 1e-5 && got < want + 1e-5);
}

static void test_wilson(void **state)
{
    (void)state;
    double lo, hi;
    gr_sim_wilson(50, 100, &lo, &hi);
    close_to(lo, 0.403830);
    close_to(hi, 0.596170);
    gr_sim_wilson(0, 10, &lo, &hi);
    close_to(lo, 0.0);
    close_to(hi, 0.277532);
    gr_sim_wilson(10, 10, &lo, &hi);
    close_to(lo, 0.722468);
    close_to(hi, 1.0);
}

static void test_game_seeds_differ(void **state)
{
    (void)state;
    /* each game its own stream, the same for the same run seed and index */
    assert_true(gr_sim_game_seed(1, 0) != gr_sim_game_seed(1, 1));
    assert_true(gr_sim_game_seed(1, 0) != gr_sim_game_seed(2, 0));
    assert_true(gr_sim_game_seed(7, 99) == gr_sim_game_seed(7, 99));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_game_seeds_differ),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
