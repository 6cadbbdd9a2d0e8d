/* test_re_events.c - the events of R&E games (grognard/re.h, RE_EV_*) and
 * their text: random games of the bundled scenarios, every event rendered
 * in English and in French, complete (never truncated), valid UTF-8, the
 * two languages different, the rule paragraph cited.
 *
 * usage: test_re_events SOURCE_ROOT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/re_terrain.h"

#define GAMES     20 /* games of each scenario (argument 2 changes it) */
#define MAX_STEPS 3000

static const char *root = ".";
static int games = GAMES;

/* Nonzero if s is valid UTF-8 (no truncated sequence). */
static int utf8_ok(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = *p < 0x80             ? 0
                : (*p & 0xE0) == 0xC0 ? 1
                : (*p & 0xF0) == 0xE0 ? 2
                : (*p & 0xF8) == 0xF0 ? 3
                                      : -1;
        if (n < 0)
            return 0;
        p++;
        for (int i = 0; i < n; i++, p++)
            if ((*p & 0xC0) != 0x80)
                return 0;
    }
    return 1;
}

/* Render ev in lang into buf; checks it is complete, not empty, UTF-8. */
static void render(const re_scenario *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap)
{
    int need = re_event_text(sc, ev, lang, buf, cap);
    if (need <= 0 || (size_t)need >= cap || strlen(buf) != (size_t)need || !utf8_ok(buf))
        fail_msg("event %s (%s): %d bytes needed, '%s'", re_event_kind_name(ev->kind),
                 gr_lang_code(lang), need, buf);
}

static void check_event(const re_scenario *sc, const gr_event *ev, int *seen)
{
    static char en[RE_EVENT_TEXT_MAX], fr[RE_EVENT_TEXT_MAX];
    assert_true(ev->kind > RE_EV_NONE && ev->kind < RE_EV_KINDS);
    assert_string_not_equal(re_event_kind_name(ev->kind), "unknown");
    seen[ev->kind]++;
    render(sc, ev, GR_LANG_EN, en, sizeof en);
    render(sc, ev, GR_LANG_FR, fr, sizeof fr);
    if (strcmp(en, fr) == 0)
        fail_msg("event %s: the same text in English and French: '%s'",
                 re_event_kind_name(ev->kind), en);
    /* the rules of scenario format 2 that have no paragraph in the seed
     * (reinforcements, fog) cite their page of docs/rules/re.md */
    int scenario_rule = ev->kind == RE_EV_ARRIVAL_ROLL || ev->kind == RE_EV_ARRIVE ||
                        ev->kind == RE_EV_ENTRY_BLOCKED || ev->kind == RE_EV_SIGHT ||
                        ev->kind == RE_EV_TERRAIN_CHANGE;
    if (!ev->rule || (strncmp(ev->rule, "seed 004 ", 9) != 0 &&
                      !(scenario_rule && strncmp(ev->rule, "scenario: ", 10) == 0 &&
                        strstr(ev->rule, "docs/rules/re.md"))))
        fail_msg("event %s cites no rule: '%s'", re_event_kind_name(ev->kind), en);
    assert_true(ev->nfaces <= GR_EV_FACES);
    if (ev->kind == RE_EV_DIE)
        assert_true(ev->nfaces == 1 && ev->faces[0] >= 1 && ev->faces[0] <= 6);
    if (ev->kind == RE_EV_DICE_MOD && ev->vals[0] == RE_EVM_TERRAIN)
        assert_true(ev->vals[3] >= 0 && ev->vals[3] < 2 * RE_TR_ROWS); /* a row's words */
    /* the names of the event's units are the scenario's */
    for (int i = 0; i < GR_EV_UNITS; i++)
        assert_true(ev->units[i] == GR_EV_NONE || ev->units[i] < RE_MAX_UNITS);
}

static void play_games(const char *file, int *seen)
{
    static re_scenario sc;
    static re_state st;
    static gr_log log;
    char path[1024];
    gr_error err;
    snprintf(path, sizeof path, "%s/%s", root, file);
    if (re_scenario_load(path, &sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    long events = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        gr_rng rng;
        gr_rng_seed(&rng, seed * 7919u);
        assert_int_equal(re_init(&sc, &st, &err), GR_OK);
        int steps = 0;
        re_action a;
        while (steps < MAX_STEPS && re_random_action(&sc, &st, &rng, &a)) {
            gr_log_clear(&log);
            assert_int_equal(re_apply(&sc, &st, a, &log, &err), GR_OK);
            assert_int_equal(log.dropped, 0);
            for (int i = 0; i < log.n; i++)
                check_event(&sc, &log.ev[i], seen);
            events += log.n;
            steps++;
        }
        assert_true(steps > 0);
    }
    assert_true(events > 100);
    printf("%s: %d games, %ld events\n", file, games, events);
}

static void random_games_render_in_both_languages(void **state)
{
    (void)state;
    int seen[RE_EV_KINDS] = {0};
    play_games("data/scenarios/teaching.json", seen);
    play_games("data/scenarios/austerlitz.json", seen);
    play_games("data/scenarios/marengo.json", seen);
    play_games("data/scenarios/friedland.json", seen);
    int kinds = 0;
    for (int k = 1; k < RE_EV_KINDS; k++)
        if (seen[k])
            kinds++;
    printf("%d of %d kinds seen; not seen:", kinds, RE_EV_KINDS - 1);
    for (int k = 1; k < RE_EV_KINDS; k++)
        if (!seen[k])
            printf(" %s", re_event_kind_name(k));
    printf("\n");
    /* the common kinds happen in any few games */
    static const int common[] = {
        RE_EV_CHITS,  RE_EV_DRAW,     RE_EV_ACTIVATION, RE_EV_ACTIVATION_END, RE_EV_TURN_END,
        RE_EV_MOVE,   RE_EV_ATTACK,   RE_EV_DICE_BASE,  RE_EV_DICE_TOTAL,     RE_EV_DIE,
        RE_EV_RESULT, RE_EV_LOSS,     RE_EV_RETREAT,    RE_EV_DESTROYED,      RE_EV_GAME_OVER,
        RE_EV_WINNER, RE_EV_DICE_MOD,
    };
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        if (!seen[common[i]])
            fail_msg("no event %s in %d games of each scenario", re_event_kind_name(common[i]),
                     games);
}

/* The tables a loaded scenario keeps (re_scenario_tables: where each type
 * may move, each side's and each corps' units, the objectives' distances)
 * change no answer of the engine: random games of every bundled scenario
 * played on it and on a copy without them (the engine then works all out
 * from the scenario itself) list the same legal actions at every step and
 * reach the same states and events. */
static void tables_change_no_answer(void **state)
{
    (void)state;
    static const char *const files[] = {
        "data/scenarios/teaching.json", "data/scenarios/austerlitz.json",
        "data/scenarios/marengo.json", "data/scenarios/friedland.json"};
    static re_scenario sc, bare;
    static re_state st, st2;
    static gr_log log, log2;
    static re_action acts[RE_MAX_ACTIONS], acts2[RE_MAX_ACTIONS];
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        gr_error err;
        snprintf(path, sizeof path, "%s/%s", root, files[f]);
        if (re_scenario_load(path, &sc, &err) != GR_OK)
            fail_msg("%s", err.msg);
        assert_true(sc.tables.made);
        bare = sc;
        memset(&bare.tables, 0, sizeof bare.tables);
        long steps = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            gr_rng rng;
            gr_rng_seed(&rng, seed * 104729u);
            assert_int_equal(re_init(&sc, &st, &err), GR_OK);
            assert_int_equal(re_init(&bare, &st2, &err), GR_OK);
            for (int k = 0; k < MAX_STEPS && !re_is_terminal(&sc, &st); k++, steps++) {
                re_action a;
                if (re_current_player(&sc, &st) == RE_CHANCE) {
                    assert_true(re_random_action(&sc, &st, &rng, &a));
                } else {
                    int n = re_legal_actions(&sc, &st, acts, RE_MAX_ACTIONS);
                    int n2 = re_legal_actions(&bare, &st2, acts2, RE_MAX_ACTIONS);
                    assert_int_equal(n, n2);
                    assert_true(n > 0 && n <= RE_MAX_ACTIONS);
                    assert_memory_equal(acts, acts2, (size_t)n * sizeof acts[0]);
                    a = acts[gr_rng_below(&rng, (uint32_t)n)];
                }
                gr_log_clear(&log);
                gr_log_clear(&log2);
                assert_int_equal(re_apply(&sc, &st, a, &log, &err), GR_OK);
                assert_int_equal(re_apply(&bare, &st2, a, &log2, &err), GR_OK);
                assert_memory_equal(&st, &st2, sizeof st);
                assert_int_equal(log.n, log2.n);
                assert_memory_equal(log.ev, log2.ev, (size_t)log.n * sizeof log.ev[0]);
            }
            assert_true(re_is_terminal(&bare, &st2));
        }
        printf("%s: 3 games, %ld steps, the same with the tables and without\n", files[f], steps);
    }
}

/* Whether a unit may still fight after a move, as the move's event says
 * (RE_EV_MOVE: RE_EVF_MAY_FIGHT), is what the move's full search says
 * (re_move_path):
 * every move of random games of every bundled scenario (roads, hexes
 * entered only by road, hexes where no combat is allowed, units in the
 * way), whichever way the apply finds it. */
static void moves_fight_as_their_path_says(void **state)
{
    (void)state;
    static const char *const files[] = {
        "data/scenarios/teaching.json", "data/scenarios/austerlitz.json",
        "data/scenarios/marengo.json", "data/scenarios/friedland.json"};
    static re_scenario sc;
    static re_state st;
    static gr_log log;
    long moves = 0, fight = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        gr_error err;
        snprintf(path, sizeof path, "%s/%s", root, files[f]);
        if (re_scenario_load(path, &sc, &err) != GR_OK)
            fail_msg("%s", err.msg);
        for (uint64_t seed = 1; seed <= 5; seed++) {
            gr_rng rng;
            gr_rng_seed(&rng, seed * 15485863u);
            assert_int_equal(re_init(&sc, &st, &err), GR_OK);
            re_action a;
            for (int k = 0; k < MAX_STEPS && re_random_action(&sc, &st, &rng, &a); k++) {
                int cols[16], rows[16], fights = -1;
                int len = a.kind == RE_A_MOVE ? re_move_path(&sc, &st, a.unit, a.col, a.row, cols,
                                                             rows, 16, &fights)
                                              : 0;
                gr_log_clear(&log);
                assert_int_equal(re_apply(&sc, &st, a, &log, &err), GR_OK);
                if (a.kind != RE_A_MOVE)
                    continue;
                assert_true(len >= 1);
                assert_true(log.n >= 1 && log.ev[0].kind == RE_EV_MOVE);
                if (fights != (log.ev[0].vals[1] == RE_EVF_MAY_FIGHT))
                    fail_msg("%s: unit %d moved to %d,%d: the path says it %s fight, the move "
                             "says it %s",
                             files[f], a.unit, a.col, a.row, fights ? "may" : "may not",
                             fights ? "may not" : "may");
                moves++;
                fight += fights;
            }
        }
    }
    printf("%ld moves, %ld of them may fight\n", moves, fight);
    assert_true(fight > 100 && moves - fight > 100);
}

/* Every kind has a name, each its own. */
static void kind_names_are_distinct(void **state)
{
    (void)state;
    for (int a = 1; a < RE_EV_KINDS; a++) {
        assert_string_not_equal(re_event_kind_name(a), "unknown");
        for (int b = a + 1; b < RE_EV_KINDS; b++)
            assert_string_not_equal(re_event_kind_name(a), re_event_kind_name(b));
    }
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (argc > 2)
        games = atoi(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kind_names_are_distinct),
        cmocka_unit_test(random_games_render_in_both_languages),
        cmocka_unit_test(tables_change_no_answer),
        cmocka_unit_test(moves_fight_as_their_path_says),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
