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
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/match.h"
#include "grognard/sim.h"
#include "grognard/sim_io.h"
#include "grognard/sim_variants.h"

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

/* ---- a toy game with deliberate holes ------------------------------------
 *
 * A race on a strip of four hexes, (0,0) to (3,0).  Side 0's unit starts on
 * (0,0) with strength 2; side 1's, strength 1, guards its objective (3,0).
 * A turn: side 0 acts, then side 1 passes (its only action).  Mode RACE:
 * side 0's only action advances one hex; reaching (3,0) destroys the guard,
 * takes the objective and wins.  Side 1 can never win.  Mode DEAD_END: on
 * (2,0) side 0 has no legal action (a hole).  Mode LOOP: side 0 steps to
 * either neighbour within (0,0)..(2,0) and never reaches the objective,
 * and the turn is not part of the position: positions come back and the
 * battle never ends (holes). */
enum { RACE, DEAD_END, LOOP };
typedef struct toy_sc {
    int mode;
} toy_sc;
typedef struct toy_st {
    int pos, mover, turn, over;
} toy_st;

static const char *toy_name(const void *sc, int p)
{
    (void)sc;
    return p ? "guard" : "runner";
}
static gr_status toy_init(const void *sc, void *st, gr_error *err)
{
    (void)sc, (void)err;
    *(toy_st *)st = (toy_st){0, 0, 1, 0};
    return GR_OK;
}
static int toy_current(const void *sc, const void *stv)
{
    (void)sc;
    const toy_st *st = stv;
    return st->over ? GR_TERMINAL : st->mover;
}
static int toy_legal(const void *scv, const void *stv, gr_action *out, int cap)
{
    const toy_sc *sc = scv;
    const toy_st *st = stv;
    int n = 0;
    if (st->over)
        return 0;
    if (st->mover == 1) {
        if (cap > 0)
            out[0] = 0; /* pass */
        return 1;
    }
    if (sc->mode == DEAD_END && st->pos == 2)
        return 0;
    if (sc->mode != LOOP) {
        if (cap > 0)
            out[0] = 1;
        return 1;
    }
    if (st->pos < 2 && n < cap)
        out[n++] = 1;
    if (st->pos > 0 && n < cap)
        out[n++] = 2; /* back one hex */
    return n;
}
static int toy_chance(const void *sc, const void *st, gr_chance_outcome *out, int cap)
{
    (void)sc, (void)st, (void)out, (void)cap;
    return 0;
}
static int toy_is_legal(const void *sc, const void *st, gr_action a)
{
    gr_action acts[2];
    int n = toy_legal(sc, st, acts, 2);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}
static void toy_apply(const void *sc, void *stv, gr_action a, gr_log *log)
{
    (void)sc, (void)log;
    toy_st *st = stv;
    if (st->mover == 1) {
        st->mover = 0;
        st->turn++;
        return;
    }
    st->pos += a == 1 ? 1 : -1;
    st->over = st->pos == 3;
    st->mover = 1;
}
static int toy_winner(const void *sc, const void *stv)
{
    (void)sc;
    return ((const toy_st *)stv)->over ? 0 : GR_ONGOING;
}
static uint64_t toy_hash(const void *scv, const void *stv)
{
    const toy_sc *sc = scv;
    const toy_st *st = stv;
    /* LOOP: the turn is not part of the position */
    return (uint64_t)(st->pos * 2 + st->mover) + (sc->mode == LOOP ? 0 : 100u * (uint64_t)st->turn);
}
static int32_t toy_evaluate(const void *sc, const void *stv, int p)
{
    (void)sc;
    const toy_st *st = stv;
    return p == 0 ? st->pos : -st->pos;
}
static int toy_turn(const void *sc, const void *stv)
{
    (void)sc;
    return ((const toy_st *)stv)->turn;
}
static int toy_sites(const void *sc, const void *stv, gr_site *out, int cap)
{
    (void)sc;
    const toy_st *st = stv;
    const gr_site s[3] = {{GR_SITE_OBJECTIVE, 3, 0, 1, st->pos == 3 ? 0 : 1, 0},
                          {GR_SITE_UNIT, st->pos, 0, 0, -1, 2},
                          {GR_SITE_UNIT, 3, 0, 1, -1, st->pos == 3 ? 0 : 1}};
    for (int i = 0; i < 3 && i < cap; i++)
        out[i] = s[i];
    return 3;
}

static const gr_game_type toy_type = {
    .id = "toy",
    .name = "a toy race",
    .players = 2,
    .state_size = sizeof(toy_st),
    .obs_size = sizeof(toy_st),
    .max_actions = 2,
    .max_outcomes = 1,
    .scenario_size = sizeof(toy_sc),
    .player_name = toy_name,
    .init = toy_init,
    .current_player = toy_current,
    .legal_actions = toy_legal,
    .chance_outcomes = toy_chance,
    .is_legal = toy_is_legal,
    .apply = toy_apply,
    .winner = toy_winner,
    .hash = toy_hash,
    .evaluate = toy_evaluate,
    .turn = toy_turn,
    .sites = toy_sites,
};

static gr_sim_report *run_toy(int mode, long games, long shard, long shards, long max_steps)
{
    static toy_sc sc;
    sc.mode = mode;
    gr_game g = {&toy_type, &sc, NULL};
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.games = games;
    o.seed = 9;
    o.players[0] = o.players[1] = gr_ai_kind_of(GR_AI_RANDOM);
    o.jobs = 2;
    o.shard = shard;
    o.shards = shards;
    o.max_steps = max_steps;
    gr_sim_report *r = malloc(sizeof *r);
    gr_error err;
    assert_non_null(r);
    assert_int_equal(gr_sim_run(&g, &o, r, &err), GR_OK);
    return r;
}

/* RACE, worked by hand: turn 1 runner to (1,0), guard passes; turn 2 to
 * (2,0); turn 3 to (3,0): won in 5 steps, every battle.  The runner leads
 * (evaluation pos against -pos) from the end of turn 1: decided in turn 1.
 * The objective changes hands once (guard to runner), held by the runner at
 * the end; the guard's strength 1 is lost on (3,0); the map spans columns 0
 * to 3 and row 0.  No hole. */
static void test_toy_race(void **state)
{
    (void)state;
    gr_sim_report *r = run_toy(RACE, 7, 0, 0, 0);
    assert_int_equal(r->wins[0], 7);
    assert_int_equal(r->wins[1], 0);
    assert_int_equal(r->unfinished, 0);
    assert_int_equal(r->steps_min, 5);
    assert_int_equal(r->steps_max, 5);
    assert_int_equal(r->decided[0], 7);
    assert_int_equal(r->decided[1] + r->decided[2], 0);
    assert_int_equal(r->nobj, 1);
    assert_int_equal(r->obj[0].col, 3);
    assert_int_equal(r->obj[0].side, 1);
    assert_int_equal(r->obj[0].changes, 7);
    assert_int_equal(r->obj[0].games_changed, 7);
    assert_int_equal(r->obj[0].end[0], 7);
    assert_int_equal(r->obj[0].end[1], 0);
    assert_int_equal(r->loss[3][0], 7);
    assert_int_equal(r->loss[2][0] + r->loss[0][0], 0);
    assert_int_equal(r->map_cols, 4);
    assert_int_equal(r->map_rows, 1);
    for (int k = 0; k < GR_SIM_HOLES; k++)
        assert_int_equal(r->holes[k], 0);
    free(r);
}

/* DEAD_END: the runner reaches (2,0) in turn 2 (4 steps) and has no legal
 * action there: every battle stopped, unfinished, the first is game 0. */
static void test_toy_dead_end(void **state)
{
    (void)state;
    gr_sim_report *r = run_toy(DEAD_END, 5, 0, 0, 0);
    assert_int_equal(r->unfinished, 5);
    assert_int_equal(r->wins[0] + r->wins[1] + r->draws, 0);
    assert_int_equal(r->holes[GR_SIM_HOLE_NO_ACTION], 5);
    assert_int_equal(r->hole_first[GR_SIM_HOLE_NO_ACTION], 0);
    assert_int_equal(r->holes[GR_SIM_HOLE_STEP_CAP], 0);
    assert_int_equal(r->steps_max, 4);
    /* the same battle played alone stops at the same place */
    static toy_sc sc = {DEAD_END};
    gr_game g = {&toy_type, &sc, NULL};
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.seed = 9;
    o.players[0] = o.players[1] = gr_ai_kind_of(GR_AI_RANDOM);
    gr_match *m;
    gr_error err;
    assert_int_equal(gr_sim_play(&g, &o, 0, &m, &err), GR_OK);
    assert_int_equal(gr_match_steps(m), 4);
    assert_int_equal(gr_match_is_over(m), 0);
    gr_match_free(m);
    free(r);
}

/* LOOP with a cap of 40 steps: the runner is back on a hex it left by its
 * second move at the latest (from (0,0) it can only advance, from (1,0) go
 * on or back: (0,0) again, or (2,0) then back to (1,0)), so every battle
 * repeats a position and hits the cap.  A shard of 2 holds games 3 to 5
 * (floor(6/2) = 3): its first hole is game 3. */
static void test_toy_loop(void **state)
{
    (void)state;
    gr_sim_report *r = run_toy(LOOP, 6, 0, 0, 40);
    assert_int_equal(r->unfinished, 6);
    assert_int_equal(r->holes[GR_SIM_HOLE_STEP_CAP], 6);
    assert_int_equal(r->holes[GR_SIM_HOLE_REPEAT], 6);
    assert_int_equal(r->hole_first[GR_SIM_HOLE_STEP_CAP], 0);
    assert_int_equal(r->steps_min, 40);
    gr_sim_report *b = run_toy(LOOP, 6, 2, 2, 40);
    assert_int_equal(b->holes[GR_SIM_HOLE_REPEAT], 3);
    assert_int_equal(b->hole_first[GR_SIM_HOLE_REPEAT], 3);
    /* the two shards add up to the run, byte for byte */
    gr_sim_report *a = run_toy(LOOP, 6, 1, 2, 40), *sum = calloc(1, sizeof *sum);
    assert_non_null(sum);
    gr_sim_report_add(sum, b);
    gr_sim_report_add(sum, a);
    gr_sim_report_finish(sum);
    assert_memory_equal(sum, r, sizeof *r);
    free(a);
    free(b);
    free(sum);
    free(r);
}

/* Newcombe's interval of a difference, from the Wilson intervals above:
 * - 50/100 - 50/100: d = 0, half = sqrt(2) x 0.096170 = 0.136006.
 * - 10/10 - 0/10: d = 1, low = 1 - sqrt((1 - 0.722468)^2 + 0.277532^2)
 *   = 1 - sqrt(2) x 0.277532 = 0.607509, high = 1 + 0 = 1. */
static void test_diff_ci(void **state)
{
    (void)state;
    double lo, hi;
    gr_sim_diff_ci(50, 100, 50, 100, &lo, &hi);
    close_to(lo, -0.136006);
    close_to(hi, 0.136006);
    gr_sim_diff_ci(10, 10, 0, 10, &lo, &hi);
    close_to(lo, 0.607509);
    close_to(hi, 1.0);
}

/* A variant, worked by hand: remove units 0 and 2 of [10, 11, 12] leaves
 * [11]; append 13: [11, 13]; the merge patch (RFC 7386) {"a": 5, "b": {"c":
 * null, "e": 4}} sets a, removes b.c, adds b.e and keeps b.d. */
static void test_variant_apply(void **state)
{
    (void)state;
    const char *file = "{\"variants\": [{\"name\": \"v\", \"remove\": {\"units\": [2, 0]},\n"
                       "  \"append\": {\"units\": [13]}, \"patch\": {\"a\": 5, \"b\": {\"c\": "
                       "null, \"e\": 4}}}]}";
    gr_sim_variants vs;
    gr_error err;
    assert_int_equal(gr_sim_variants_parse(file, strlen(file), "v.json", &vs, &err), GR_OK);
    assert_int_equal(vs.n, 1);
    assert_string_equal(vs.v[0].name, "v");
    const char *sc = "{\"a\": 1, \"b\": {\"c\": 2, \"d\": 3}, \"units\": [10, 11, 12]}";
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(gr_sim_variant_apply(sc, strlen(sc), "s.json", &vs.v[0], &out, &len, &err),
                     GR_OK);
    json_t *got = json_loadb(out, len, 0, NULL);
    json_t *want =
        json_loads("{\"a\": 5, \"b\": {\"d\": 3, \"e\": 4}, \"units\": [11, 13]}", 0, NULL);
    assert_true(json_equal(got, want));
    json_decref(got);
    json_decref(want);
    free(out);
    /* an index past the end names the variant and the size */
    const char *small = "{\"units\": [1]}";
    assert_int_equal(
        gr_sim_variant_apply(small, strlen(small), "s.json", &vs.v[0], &out, &len, &err),
        GR_EINPUT);
    assert_non_null(strstr(err.msg, "variant \"v\": remove \"units\" 2: s.json has 1"));
    gr_sim_variants_free(&vs);
    /* a variant that changes nothing: where, what, how */
    const char *bad = "{\"variants\": [\n {\"name\": \"w\"}]}";
    assert_int_equal(gr_sim_variants_parse(bad, strlen(bad), "b.json", &vs, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "b.json:2:2: variant \"w\" changes nothing"));
    gr_sim_variants_free(&vs);
}

/* A study of the toy race and its dead end written and read back: the same
 * integers (the runs' sums compared byte for byte). */
static void test_study_round_trip(void **state)
{
    (void)state;
    gr_sim_study s, back;
    gr_error err;
    assert_int_equal(gr_sim_study_alloc(&s, 2, &err), GR_OK);
    gr_sim_report *a = run_toy(RACE, 5, 0, 0, 0), *b = run_toy(DEAD_END, 5, 0, 0, 0);
    s.r[0] = *a;
    s.r[1] = *b;
    for (int i = 0; i < 2; i++) {
        strcpy(s.d[i].title, "race");
        strcpy(s.d[i].path, "toy");
        strcpy(s.d[i].sides[0], "runner");
        strcpy(s.d[i].sides[1], "guard");
        strcpy(s.d[i].players[0], "random");
        strcpy(s.d[i].players[1], "random");
        s.d[i].seed = 9;
        s.d[i].run_games = 5;
    }
    strcpy(s.d[1].label, "dead end");
    strcpy(s.d[1].kind, "variant");
    json_t *j = gr_wire_sim_study(&s);
    assert_non_null(j);
    char *text = json_dumps(j, 0);
    assert_int_equal(gr_sim_study_parse(text, strlen(text), "s.json", &back, &err), GR_OK);
    assert_int_equal(back.n, 2);
    assert_string_equal(back.d[1].label, "dead end");
    for (int i = 0; i < 2; i++)
        assert_memory_equal(&back.r[i], &s.r[i], sizeof s.r[i]);
    free(text);
    json_decref(j);
    gr_sim_study_free(&back);
    gr_sim_study_free(&s);
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),        cmocka_unit_test(test_game_seeds_differ),
        cmocka_unit_test(test_shard_range),   cmocka_unit_test(test_report_add),
        cmocka_unit_test(test_toy_race),      cmocka_unit_test(test_toy_dead_end),
        cmocka_unit_test(test_toy_loop),      cmocka_unit_test(test_diff_ci),
        cmocka_unit_test(test_variant_apply), cmocka_unit_test(test_study_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
