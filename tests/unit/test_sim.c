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
#include <string.h>

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

/* Shards are contiguous: shard k of n holds games floor((k-1)G/n) to
 * floor(kG/n) - 1.
 * - 10 games in 3: floor(10/3) = 3, floor(20/3) = 6: 0-2, 3-5, 6-9
 *   (3, 3, 4 games).
 * - 7 in 7: one game each, game k-1 in shard k.
 * - 10^8 in 3: floor(10^8/3) = 33333333, floor(2 10^8/3) = 66666666:
 *   33333333, 33333333 and 33333334 games.
 * - G = 10^8 in n = 10^8 - 1 = G - 1: shard 2 starts at floor(G/n) = 1 and
 *   ends before floor(2G/n) = 2 (one game); the last starts at
 *   floor((n-1)(n+1)/n) = floor(n - 1/n) = n - 1 = 99999998 and holds the
 *   two games left (products near 10^16: no overflow). */
static void test_shard_range(void **state)
{
    (void)state;
    long first, count;
    gr_error err;
    const long ten[3][2] = {{0, 3}, {3, 3}, {6, 4}};
    for (long k = 1; k <= 3; k++) {
        assert_int_equal(gr_sim_shard_range(10, k, 3, &first, &count, &err), GR_OK);
        assert_int_equal(first, ten[k - 1][0]);
        assert_int_equal(count, ten[k - 1][1]);
    }
    for (long k = 1; k <= 7; k++) {
        assert_int_equal(gr_sim_shard_range(7, k, 7, &first, &count, &err), GR_OK);
        assert_int_equal(first, k - 1);
        assert_int_equal(count, 1);
    }
    assert_int_equal(gr_sim_shard_range(5, 1, 1, &first, &count, &err), GR_OK);
    assert_int_equal(first, 0);
    assert_int_equal(count, 5);
    const long big[3][2] = {{0, 33333333}, {33333333, 33333333}, {66666666, 33333334}};
    for (long k = 1; k <= 3; k++) {
        assert_int_equal(gr_sim_shard_range(100000000, k, 3, &first, &count, &err), GR_OK);
        assert_int_equal(first, big[k - 1][0]);
        assert_int_equal(count, big[k - 1][1]);
    }
    assert_int_equal(gr_sim_shard_range(100000000, 2, 99999999, &first, &count, &err), GR_OK);
    assert_int_equal(first, 1);
    assert_int_equal(count, 1);
    assert_int_equal(gr_sim_shard_range(100000000, 99999999, 99999999, &first, &count, &err),
                     GR_OK);
    assert_int_equal(first, 99999998);
    assert_int_equal(count, 2);
    /* refused, saying what was given and what is accepted */
    assert_int_equal(gr_sim_shard_range(10, 0, 3, &first, &count, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "shard 0 of 3: the shard must be from 1 to 3"));
    assert_int_equal(gr_sim_shard_range(10, 4, 3, &first, &count, &err), GR_EINPUT);
    assert_int_equal(gr_sim_shard_range(3, 1, 4, &first, &count, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "4 shards of a run of 3 games"));
    assert_int_equal(gr_sim_shard_range(10, 1, 0, &first, &count, &err), GR_EINPUT);
}

/* Two parts added, worked by hand:
 *   part a: 2 games, wins 1 and 0, 1 draw, steps 10 and 20; stat "x" (side
 *           0) 1 and 2; 2 turns followed: 2 games finished turn 1 (x sums
 *           to 1 then), 1 finished turn 2 (x 3).
 *   part b: 1 game won by side 1 in 5 steps, x = 0, turn 1 finished (x 0).
 *   a + b:  3 games, wins 1 and 1, 1 draw; steps sum 35 from 5 to 20; x sum
 *           3 from 0 to 2, one game each at 0, 1 and 2; turn 1 finished by
 *           3 games (x 1), turn 2 by 1 (x 3).  b + a is the same bytes. */
static void part(gr_sim_report *r, int which)
{
    memset(r, 0, sizeof *r);
    r->nstats = 1;
    strcpy(r->stats[0].name, "x");
    r->stats[0].side = 0;
    if (which == 0) {
        r->games = 2;
        r->wins[0] = 1;
        r->draws = 1;
        r->steps_sum = 30, r->steps_min = 10, r->steps_max = 20;
        r->stats[0].sum = 3, r->stats[0].min = 1, r->stats[0].max = 2;
        r->stats[0].hist[1] = r->stats[0].hist[2] = 1;
        r->nturns = 2;
        r->turn_games[0] = 2, r->turn_games[1] = 1;
        r->turn_sum[0][0] = 1, r->turn_sum[1][0] = 3;
    } else {
        r->games = 1;
        r->wins[1] = 1;
        r->steps_sum = r->steps_min = r->steps_max = 5;
        r->stats[0].hist[0] = 1;
        r->nturns = 1;
        r->turn_games[0] = 1;
    }
}

static void test_report_add(void **state)
{
    (void)state;
    static gr_sim_report a, b, ab, ba;
    part(&a, 0);
    part(&b, 1);
    memset(&ab, 0, sizeof ab);
    memset(&ba, 0, sizeof ba);
    gr_sim_report_add(&ab, &a);
    gr_sim_report_add(&ab, &b);
    gr_sim_report_add(&ba, &b);
    gr_sim_report_add(&ba, &a);
    gr_sim_report_finish(&ab);
    gr_sim_report_finish(&ba);
    assert_int_equal(ab.games, 3);
    assert_int_equal(ab.wins[0], 1);
    assert_int_equal(ab.wins[1], 1);
    assert_int_equal(ab.draws, 1);
    assert_int_equal(ab.steps_sum, 35);
    assert_int_equal(ab.steps_min, 5);
    assert_int_equal(ab.steps_max, 20);
    assert_int_equal(ab.nstats, 1);
    assert_string_equal(ab.stats[0].name, "x");
    assert_int_equal(ab.stats[0].sum, 3);
    assert_int_equal(ab.stats[0].min, 0);
    assert_int_equal(ab.stats[0].max, 2);
    assert_int_equal(ab.stats[0].hist[0], 1);
    assert_int_equal(ab.stats[0].hist[1], 1);
    assert_int_equal(ab.stats[0].hist[2], 1);
    assert_int_equal(ab.nturns, 2);
    assert_int_equal(ab.turn_games[0], 3);
    assert_int_equal(ab.turn_games[1], 1);
    assert_int_equal(ab.turn_sum[0][0], 1);
    assert_int_equal(ab.turn_sum[1][0], 3);
    /* 1 of 3: p = 1/3, z^2 = 3.841459, z^2/n = 1.280486; centre =
     * (0.333333 + 0.640243) / 2.280486 = 0.426916; half = 1.959964 x
     * sqrt(0.074074 + 0.106707) / 2.280486 = 0.365424: [0.061492, 0.792340] */
    close_to(ab.ci95[0][0], 0.061492);
    close_to(ab.ci95[0][1], 0.792340);
    assert_memory_equal(&ab, &ba, sizeof ab);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_game_seeds_differ),
        cmocka_unit_test(test_shard_range),
        cmocka_unit_test(test_report_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
