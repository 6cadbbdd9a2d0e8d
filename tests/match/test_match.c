/* test_match.c - the match layer's undo in hot-seat play: a player's undo
 * never takes back a decision of the other player when that player is a
 * person; it does take back a computer's reply.  Actions as records of the
 * size a type declares, dice given as recorded, and the two undo rules (a
 * test taken back whole with its dice, or a die never taken back). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/ai.h"
#include "grognard/match.h"
#include "grognard/save.h"
#include "grognard/sim.h"
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

/* ---- a game of records: a toy "test" of the companion's shape ----------
 * One player asks for a test (a 16-byte record: a verb and a value the
 * table gives); the test needs one die (a chance node, 1..6, each 1/6);
 * the state adds value + die to its total.  Three tests, then over. */
typedef struct toy_act {
    uint8_t verb; /* 1: test */
    uint8_t pad[3];
    int32_t value; /* a fact the table gives */
    uint8_t zero[8];
} toy_act;

typedef struct toy_state {
    int32_t total, tests, pending; /* pending: 1 while the die is awaited */
    int32_t value;
} toy_state;

static const char *toy_player_name(const void *sc, int p)
{
    (void)sc;
    return p == 0 ? "the player" : "?";
}
static gr_status toy_init(const void *sc, void *st, gr_error *err)
{
    (void)sc;
    (void)err;
    memset(st, 0, sizeof(toy_state));
    return GR_OK;
}
static int toy_current(const void *sc, const void *st)
{
    (void)sc;
    const toy_state *s = st;
    return s->pending ? GR_CHANCE : s->tests >= 3 ? GR_TERMINAL : 0;
}
static int toy_legal(const void *sc, const void *st, gr_action *out, int cap)
{
    (void)sc;
    const toy_state *s = st;
    int n = 0;
    for (int d = 1; s->pending && d <= 6 && n < cap; d++)
        out[n++] = (gr_action)d;
    return n;
}
static int toy_outcomes(const void *sc, const void *st, gr_chance_outcome *out, int cap)
{
    (void)sc;
    const toy_state *s = st;
    int n = 0;
    for (int d = 1; s->pending && d <= 6 && n < cap; d++)
        out[n++] = (gr_chance_outcome){(gr_action)d, 1, 6};
    return n;
}
static int toy_act_is_legal(const void *sc, const void *st, const void *act)
{
    (void)sc;
    const toy_state *s = st;
    toy_act a;
    memcpy(&a, act, sizeof a);
    if (s->pending) {
        gr_action d = gr_game_act_action(act);
        return d >= 1 && d <= 6;
    }
    return s->tests < 3 && a.verb == 1 && a.value >= 0 && a.value <= 100;
}
static void toy_act_apply(const void *sc, void *st, const void *act, gr_log *log)
{
    (void)sc;
    (void)log;
    toy_state *s = st;
    if (s->pending) {
        s->total += s->value + (int32_t)gr_game_act_action(act);
        s->pending = 0;
        s->tests++;
    } else {
        toy_act a;
        memcpy(&a, act, sizeof a);
        s->value = a.value;
        s->pending = 1;
    }
}
static int toy_act_describe(const void *sc, const void *st, const void *act, char *buf, size_t cap)
{
    (void)sc;
    const toy_state *s = st;
    toy_act a;
    memcpy(&a, act, sizeof a);
    return s->pending ? snprintf(buf, cap, "die %d", (int)gr_game_act_action(act))
                      : snprintf(buf, cap, "test %d", (int)a.value);
}
static gr_status toy_act_parse(const void *sc, const void *st, const char *text, void *act,
                               gr_error *err)
{
    (void)sc;
    (void)st;
    toy_act a;
    memset(&a, 0, sizeof a);
    a.verb = 1;
    a.value = atoi(text);
    memcpy(act, &a, sizeof a);
    (void)err;
    return GR_OK;
}
static int toy_winner(const void *sc, const void *st)
{
    (void)sc;
    (void)st;
    return GR_DRAW;
}
static uint64_t toy_hash(const void *sc, const void *st)
{
    (void)sc;
    const toy_state *s = st;
    return (uint64_t)s->total * 1000003u + (uint64_t)s->tests * 101u + (uint64_t)s->pending * 7u +
           (uint64_t)s->value;
}
static int toy_state_describe(const void *sc, const void *st, char *buf, size_t cap)
{
    (void)sc;
    const toy_state *s = st;
    return snprintf(buf, cap, "total %d after %d tests", (int)s->total, (int)s->tests);
}

static gr_game_type toy_type(int undo_takes_chance)
{
    return (gr_game_type){
        .id = "toy",
        .name = "a toy of records",
        .players = 1,
        .state_size = sizeof(toy_state),
        .max_actions = 6,
        .max_outcomes = 6,
        .scenario_size = 1,
        .action_size = sizeof(toy_act),
        .not_enumerable = 1,
        .undo_takes_chance = undo_takes_chance,
        .player_name = toy_player_name,
        .init = toy_init,
        .current_player = toy_current,
        .legal_actions = toy_legal,
        .chance_outcomes = toy_outcomes,
        .winner = toy_winner,
        .hash = toy_hash,
        .state_describe = toy_state_describe,
        .act_is_legal = toy_act_is_legal,
        .act_apply = toy_act_apply,
        .act_describe = toy_act_describe,
        .act_parse = toy_act_parse,
    };
}

static const char toy_sc = 0;

static void toy_test(gr_match *m, int32_t value)
{
    unsigned char rec[GR_ACTION_MAX];
    gr_error err;
    gr_error_clear(&err);
    char text[16];
    snprintf(text, sizeof text, "%d", (int)value);
    assert_int_equal(gr_game_act_parse(gr_match_game(m), gr_match_state(m), text, rec, &err),
                     GR_OK);
    assert_int_equal(gr_match_act(m, rec, &err), GR_OK);
}

/* 4: records of 16 bytes are recorded whole; a die typed at the table is
 * recorded given, a drawn one not; a replay draws only the drawn ones
 * (a given 6 that the stream would not give replays; a drawn die changed
 * in the record is refused). */
static void test_4_records_and_given_dice(void **state)
{
    (void)state;
    gr_game_type t = toy_type(1);
    gr_game g = {.type = &t, .sc = &toy_sc};
    gr_match *m = NULL, *r = NULL;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_new(&g, 5, &m, &err), GR_OK);
    toy_test(m, 40);
    assert_int_equal(gr_match_current_player(m), GR_CHANCE);
    unsigned char die[GR_ACTION_MAX];
    gr_game_act_of(6, die); /* typed at the table */
    assert_int_equal(gr_match_act(m, die, &err), GR_OK);
    gr_game_act_of(7, die); /* no such face */
    toy_test(m, 2);
    assert_int_equal(gr_match_act(m, die, &err), GR_EILLEGAL);
    assert_int_equal(gr_match_step_chance(m, &err), GR_OK); /* drawn */
    assert_int_equal(gr_match_steps(m), 4);
    const gr_record_step *s0 = gr_match_step(m, 0);
    toy_act want;
    memset(&want, 0, sizeof want);
    want.verb = 1;
    want.value = 40;
    assert_memory_equal(s0->rec, &want, sizeof want);
    for (size_t k = sizeof want; k < GR_ACTION_MAX; k++)
        assert_int_equal(s0->rec[k], 0);
    assert_int_equal(s0->player, 0);
    assert_int_equal(gr_match_step(m, 1)->given, 1);
    assert_int_equal(gr_match_step(m, 1)->action, 6);
    assert_int_equal(gr_match_step(m, 3)->given, 0);
    const toy_state *st = gr_match_state(m);
    int drawn = (int)gr_match_step(m, 3)->action;
    assert_int_equal(st->total, 40 + 6 + 2 + drawn); /* worked out: value + die, twice */

    gr_record_step steps[4];
    for (int k = 0; k < 4; k++)
        steps[k] = *gr_match_step(m, (size_t)k);
    size_t bad = 0;
    assert_int_equal(gr_match_new(&g, 5, &r, &err), GR_OK);
    assert_int_equal(gr_match_replay(r, steps, 4, &bad, &err), GR_OK);
    assert_memory_equal(gr_match_state(r), gr_match_state(m), sizeof(toy_state));
    gr_match_free(r);
    /* the drawn die changed in the record: the seed gives another */
    steps[3].action = (gr_action)(drawn % 6 + 1);
    assert_int_equal(gr_match_new(&g, 5, &r, &err), GR_OK);
    assert_int_equal(gr_match_replay(r, steps, 4, &bad, &err), GR_EINPUT);
    assert_int_equal(bad, 4);
    assert_non_null(strstr(err.msg, "the seed gives"));
    gr_match_free(r);
    gr_match_free(m);
}

/* 5: a type that takes a test back whole: undo after the die takes back the
 * decision and its die, and the test asked again rolls the same die. */
static void test_5_undo_takes_a_test_back_whole(void **state)
{
    (void)state;
    gr_game_type t = toy_type(1);
    gr_game g = {.type = &t, .sc = &toy_sc};
    gr_match *m = NULL;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_new(&g, 9, &m, &err), GR_OK);
    toy_test(m, 1);
    assert_int_equal(gr_match_step_chance(m, &err), GR_OK);
    uint64_t h1 = gr_match_step(m, 1)->hash;
    toy_test(m, 3);
    assert_int_equal(gr_match_step_chance(m, &err), GR_OK);
    gr_action d2 = gr_match_step(m, 3)->action;
    uint64_t h2 = gr_match_step(m, 3)->hash;
    assert_int_equal(gr_match_undo(m, 0, &err), GR_OK);
    assert_int_equal(gr_match_steps(m), 2);
    assert_int_equal(gr_match_current_player(m), 0);
    assert_true(gr_game_hash(&g, gr_match_state(m)) == h1);
    toy_test(m, 3);
    assert_int_equal(gr_match_step_chance(m, &err), GR_OK);
    assert_int_equal(gr_match_step(m, 3)->action, d2); /* never re-rolled */
    assert_true(gr_match_step(m, 3)->hash == h2);
    /* twice back: both tests go, to the start */
    assert_int_equal(gr_match_undo(m, 0, &err), GR_OK);
    assert_int_equal(gr_match_undo(m, 0, &err), GR_OK);
    assert_int_equal(gr_match_steps(m), 0);
    assert_int_equal(((const toy_state *)gr_match_state(m))->total, 0);
    assert_int_equal(gr_match_undo(m, 0, &err), GR_EILLEGAL);
    gr_match_free(m);
}

/* 6: the same type without undo_takes_chance: a die rolled is never taken
 * back. */
static void test_6_undo_stops_at_a_die_otherwise(void **state)
{
    (void)state;
    gr_game_type t = toy_type(0);
    gr_game g = {.type = &t, .sc = &toy_sc};
    gr_match *m = NULL;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_match_new(&g, 9, &m, &err), GR_OK);
    toy_test(m, 1);
    assert_int_equal(gr_match_step_chance(m, &err), GR_OK);
    assert_int_equal(gr_match_undo(m, 0, &err), GR_EILLEGAL);
    assert_non_null(strstr(err.msg, "never taken back"));
    assert_int_equal(gr_match_steps(m), 2);
    gr_match_free(m);
}

/* A match that holds the legal list (gr_match_legal) checks an action
 * against it instead of asking the game again (issue 33): a whole teaching
 * game played so, where at every decision actions near the legal ones (a
 * byte of the packed action changed) are refused exactly when the game's
 * own check refuses them, with the state unchanged, and a legal one is
 * taken. */
static void test_10_the_held_list_answers_as_the_game(void **state)
{
    fixture *f = *state;
    gr_error err;
    int decisions = 0, refused = 0;
    for (int step = 0; step < 5000; step++) {
        int p = gr_match_current_player(f->m);
        if (p == GR_TERMINAL)
            break;
        gr_error_clear(&err);
        if (p == GR_CHANCE) {
            assert_int_equal(gr_match_step_chance(f->m, &err), GR_OK);
            continue;
        }
        const gr_action *acts;
        int n = gr_match_legal(f->m, &acts);
        assert_true(n > 0);
        uint64_t before = gr_game_hash(&f->game, gr_match_state(f->m));
        for (int k = 0; k < n && k < 8; k++)
            for (int byte = 0; byte < 7; byte++) {
                gr_action near = acts[k] ^ ((gr_action)1 << (8 * byte));
                unsigned char rec[GR_ACTION_MAX] = {0};
                memcpy(rec, &near, sizeof near);
                if (gr_game_act_is_legal(&f->game, gr_match_state(f->m), rec))
                    continue; /* legal too: taking it would end the test's step */
                gr_error_clear(&err);
                assert_int_equal(gr_match_apply(f->m, near, &err), GR_EILLEGAL);
                assert_true(err.msg[0] != '\0');
                assert_true(gr_game_hash(&f->game, gr_match_state(f->m)) == before);
                refused++;
            }
        gr_error_clear(&err);
        assert_int_equal(gr_match_apply(f->m, acts[(step * 7) % n], &err), GR_OK);
        decisions++;
    }
    assert_int_equal(gr_match_current_player(f->m), GR_TERMINAL);
    assert_true(decisions > 20);
    assert_true(refused > 100);
}

/* 7: R&E keeps its rule: once a chance step is taken, the decisions
 * before it stay. */
static void test_7_re_never_takes_back_a_die(void **state)
{
    fixture *f = *state;
    gr_error err;
    gr_error_clear(&err);
    while (gr_match_current_player(f->m) != GR_CHANCE)
        play_first(f->m);
    assert_int_equal(gr_match_step_chance(f->m, &err), GR_OK);
    size_t n = gr_match_steps(f->m);
    int p = gr_match_current_player(f->m);
    if (p == 0 || p == 1)
        assert_int_equal(gr_match_undo(f->m, p, &err), GR_EILLEGAL);
    assert_int_equal(gr_match_undo(f->m, 0, &err), GR_EILLEGAL);
    assert_int_equal(gr_match_steps(f->m), n);
}

/* 8: the computer players and the simulator refuse a type whose actions
 * cannot be listed, saying why. */
static void test_8_ai_and_sim_refuse_a_type_not_enumerable(void **state)
{
    (void)state;
    gr_game_type t = toy_type(1);
    gr_game g = {.type = &t, .sc = &toy_sc};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_ai_check_game(&g, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "the computer players cannot play 'toy'"));
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.games = 1;
    o.jobs = 1;
    gr_sim_report *rep = calloc(1, sizeof *rep);
    assert_non_null(rep);
    assert_int_equal(gr_sim_run(&g, &o, rep, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "the simulator cannot play 'toy'"));
    free(rep);
    gr_game re = {.type = &re_game_type};
    assert_int_equal(gr_ai_check_game(&re, &err), GR_OK);
}

/* 9: who took each step (issue 31: a seat handed to the computer and taken
 * back): the record says it, chance steps say no one; a save writes it and
 * a replay of the save keeps it, whoever plays the seats of the match that
 * replays. */
static void test_9_the_record_says_who_played(void **state)
{
    fixture *f = *state;
    gr_match_set_by(f->m, 0, "human");
    gr_match_set_by(f->m, 1, "commander:400");
    side0_then_side1(f->m); /* side 0's chits by hand, side 1's first chit by the computer */
    gr_match_set_by(f->m, 1, "human"); /* taken back */
    while (gr_match_current_player(f->m) == 1)
        play_first(f->m);
    gr_error err;
    gr_error_clear(&err);
    while (gr_match_current_player(f->m) == GR_CHANCE)
        assert_int_equal(gr_match_step_chance(f->m, &err), GR_OK);
    size_t n = gr_match_steps(f->m);
    int seen[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        const gr_record_step *s = gr_match_step(f->m, i);
        if (s->player == 0)
            assert_string_equal(s->by, "human"), seen[0]++;
        else if (s->player == GR_CHANCE)
            assert_string_equal(s->by, ""), seen[2]++;
        else if (!strcmp(s->by, "commander:400"))
            seen[1]++;
        else
            assert_string_equal(s->by, "human");
    }
    assert_true(seen[0] > 0 && seen[1] == 1 && seen[2] > 0);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(gr_save_dump(f->m, "teaching.json", NULL, 0, &text, &len, &err), GR_OK);
    assert_non_null(strstr(text, "\"by\": \"commander:400\""));
    gr_saved sv;
    assert_int_equal(gr_save_parse(text, len, "t.json", &sv, &err), GR_OK);
    assert_int_equal(gr_saved_actions(&sv, &f->game, &err), GR_OK);
    gr_match *m2;
    assert_int_equal(gr_match_new(&f->game, 7, &m2, &err), GR_OK);
    size_t bad;
    assert_int_equal(gr_match_replay(m2, sv.steps, sv.nsteps, &bad, &err), GR_OK);
    assert_int_equal(gr_match_steps(m2), n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(gr_match_step(m2, i)->by, gr_match_step(f->m, i)->by);
    gr_match_free(m2);
    gr_saved_free(&sv);
    free(text);
}

/* 11: an action the game takes typed but does not list (a pose on the
 * table, "pose UNIT X Y": the page's drag) is the game's to judge, not the
 * held list's: taken, it is a step of the match like any other.  The
 * teaching battle on the table (seed 1809): at the first listed advance,
 * the pose typed at that advance's end ("move U advance to X Y" -> "pose
 * U X Y") is one step more and the unit stands there; before, the match
 * refused it by the list, applied it by the game's check, and counted no
 * step (the page's drop moved the unit and the view's step stood still). */
static void test_11_a_typed_action_the_game_takes_is_a_step(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    gr_game g;
    gr_error err = {0};
    assert_int_equal(gr_game_load(path, NULL, &g, &err), GR_OK);
    gr_match *m = NULL;
    assert_int_equal(gr_match_new(&g, 1809, &m, &err), GR_OK);
    int posed = 0;
    for (int step = 0; step < 5000 && !posed; step++) {
        int p = gr_match_current_player(m);
        if (p == GR_TERMINAL)
            break;
        if (p == GR_CHANCE) {
            assert_int_equal(gr_match_step_chance(m, &err), GR_OK);
            continue;
        }
        const gr_action *acts;
        int n = gr_match_legal(m, &acts);
        assert_true(n > 0);
        char text[256], unit[64];
        double x, y;
        int pick = 0, movement = -1;
        for (int i = 0; i < n; i++) {
            gr_game_describe(&g, gr_match_state(m), acts[i], text, sizeof text);
            if (sscanf(text, "move %63s advance to %lf %lf", unit, &x, &y) == 3) {
                char pose[256];
                snprintf(pose, sizeof pose, "pose %s %g %g", unit, x, y);
                gr_action a;
                assert_int_equal(gr_game_parse(&g, gr_match_state(m), pose, &a, &err), GR_OK);
                for (int k = 0; k < n; k++)
                    assert_true(acts[k] != a); /* not one of the listed actions */
                size_t before = gr_match_steps(m);
                if (gr_match_apply(m, a, &err) != GR_OK)
                    fail_msg("'%s' (the end of '%s') refused: %s", pose, text, err.msg);
                assert_int_equal(gr_match_steps(m), before + 1);
                gr_game_describe(&g, gr_match_state(m), gr_match_step(m, before)->action, text,
                                 sizeof text);
                assert_non_null(strstr(text, "pose"));
                posed = 1;
                break;
            }
            if (movement < 0 && !strncmp(text, "movement ", 9))
                movement = i;
        }
        if (posed)
            break;
        /* a movement test when one is offered (it leads to the moves), else the first */
        pick = movement >= 0 ? movement : 0;
        assert_int_equal(gr_match_apply(m, acts[pick], &err), GR_OK);
    }
    assert_true(posed);
    gr_match_free(m);
    gr_game_free(&g);
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
        cmocka_unit_test(test_4_records_and_given_dice),
        cmocka_unit_test(test_5_undo_takes_a_test_back_whole),
        cmocka_unit_test_setup_teardown(test_10_the_held_list_answers_as_the_game, setup, teardown),
        cmocka_unit_test(test_6_undo_stops_at_a_die_otherwise),
        cmocka_unit_test_setup_teardown(test_7_re_never_takes_back_a_die, setup, teardown),
        cmocka_unit_test(test_8_ai_and_sim_refuse_a_type_not_enumerable),
        cmocka_unit_test_setup_teardown(test_9_the_record_says_who_played, setup, teardown),
        cmocka_unit_test(test_11_a_typed_action_the_game_takes_is_a_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
