/* test_match.c - the match layer's undo in hot-seat play: a player's undo
 * never takes back a decision of the other player when that player is a
 * person; it does take back a computer's reply. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/match.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

static const char *root = ".";

typedef struct fixture {
    re_scenario sc;
    gr_game game;
    gr_match *m;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/teaching.json", root);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(re_scenario_load(path, &f->sc, &err), GR_OK);
    f->game = (gr_game){&re_game_type, &f->sc, NULL};
    assert_int_equal(gr_match_new(&f->game, 7, &f->m, &err), GR_OK);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    gr_match_free(f->m);
    free(f);
    return 0;
}

/* The player to move takes its first legal action. */
static void play_first(gr_match *m)
{
    const gr_action *acts;
    int n = gr_match_legal(m, &acts);
    assert_true(n > 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_apply(m, acts[0], &err), GR_OK);
}

/* Turn 1 of the teaching scenario: side 0 chooses its chits, then side 1
 * does, with no chance step between (the bowl is drawn from after both). */
static void side0_then_side1(gr_match *m)
{
    assert_int_equal(gr_match_current_player(m), 0);
    while (gr_match_current_player(m) == 0)
        play_first(m);
    assert_int_equal(gr_match_current_player(m), 1);
    play_first(m);
    for (size_t i = 0; i < gr_match_steps(m); i++)
        assert_int_not_equal(gr_match_step(m, i)->player, GR_CHANCE);
}

/* 1: two people: side 0 may no longer undo once side 1 has decided. */
static void test_1_undo_never_takes_back_another_persons_decision(void **state)
{
    fixture *f = *state;
    side0_then_side1(f->m);
    size_t n = gr_match_steps(f->m);
    uint64_t h = gr_match_step(f->m, n - 1)->hash;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_undo(f->m, 0, &err), GR_EILLEGAL);
    assert_non_null(strstr(err.msg, "has decided since"));
    /* the match unchanged */
    assert_int_equal(gr_match_steps(f->m), n);
    assert_int_equal(gr_match_current_player(f->m), 1);
    assert_true(gr_game_hash(&f->game, gr_match_state(f->m)) == h);
    /* side 1 takes back its own decision; then side 0 may take back its own */
    assert_int_equal(gr_match_undo(f->m, 1, &err), GR_OK);
    assert_int_equal(gr_match_steps(f->m), n - 1);
    assert_int_equal(gr_match_current_player(f->m), 1);
    assert_int_equal(gr_match_undo(f->m, 0, &err), GR_OK);
    assert_int_equal(gr_match_steps(f->m), n - 2);
    assert_int_equal(gr_match_current_player(f->m), 0);
}

/* 2: against the computer: side 0's undo takes back the computer's reply
 * with its own decision (side 1 marked a computer). */
static void test_2_undo_takes_back_a_computers_reply(void **state)
{
    fixture *f = *state;
    gr_match_set_computer(f->m, 1, 1);
    side0_then_side1(f->m);
    size_t n = gr_match_steps(f->m);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_undo(f->m, 0, &err), GR_OK);
    assert_int_equal(gr_match_steps(f->m), n - 2);
    assert_int_equal(gr_match_current_player(f->m), 0);
}

/* 3: a player marked a computer, then a person again: the person's decision
 * made after that is protected again. */
static void test_3_computer_mark_can_be_cleared(void **state)
{
    fixture *f = *state;
    gr_match_set_computer(f->m, 1, 1);
    gr_match_set_computer(f->m, 1, 0);
    side0_then_side1(f->m);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_undo(f->m, 0, &err), GR_EILLEGAL);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_1_undo_never_takes_back_another_persons_decision,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_2_undo_takes_back_a_computers_reply, setup, teardown),
        cmocka_unit_test_setup_teardown(test_3_computer_mark_can_be_cleared, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
