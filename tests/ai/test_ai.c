/* test_ai.c - the computer players through ai.h: the names people type, and
 * the search player's moves: the same seed and budget in simulations give
 * the same move; every move is legal; and the move does not depend on which
 * chits the other side hid in the bowl. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/ai.h"
#include "grognard/hex.h"
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/re_plan.h"

static const char *root = ".";
static const char *const scenarios[] = {"teaching", "austerlitz"};

static void load(const char *name, re_scenario *sc)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/%s.json", root, name);
    gr_error err;
    gr_error_clear(&err);
    if (re_scenario_load(path, sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
}

/* ---- names ---------------------------------------------------------------- */

static void names_accepted(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        gr_ai_algo algo;
        long sims, ms;
        const char *name; /* gr_ai_kind_name of it */
    } cases[] = {
        {"random", GR_AI_RANDOM, 0, 0, "random"},
        {"eager", GR_AI_EAGER, 0, 0, "eager"},
        {"heuristic", GR_AI_HEURISTIC, 0, 0, "heuristic"},
        {"mcts", GR_AI_MCTS, 100, 0, "mcts"},
        {"mcts:100", GR_AI_MCTS, 100, 0, "mcts"},
        {"mcts:1", GR_AI_MCTS, 1, 0, "mcts:1"},
        {"mcts:500", GR_AI_MCTS, 500, 0, "mcts:500"},
        {"mcts:10000000", GR_AI_MCTS, 10000000, 0, "mcts:10000000"},
        {"mcts:250ms", GR_AI_MCTS, 0, 250, "mcts:250ms"},
        {"mcts:600000ms", GR_AI_MCTS, 0, 600000, "mcts:600000ms"},
        {"commander", GR_AI_COMMANDER, 400, 0, "commander"},
        {"commander:400", GR_AI_COMMANDER, 400, 0, "commander"},
        {"commander:100", GR_AI_COMMANDER, 100, 0, "commander:100"},
        {"commander:500ms", GR_AI_COMMANDER, 0, 500, "commander:500ms"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_ai_kind k;
        gr_error err;
        gr_error_clear(&err);
        if (gr_ai_kind_parse(cases[i].text, &k, &err) != GR_OK)
            fail_msg("'%s' refused: %s", cases[i].text, err.msg);
        assert_int_equal(k.algo, cases[i].algo);
        assert_int_equal(k.sims, cases[i].sims);
        assert_int_equal(k.ms, cases[i].ms);
        char buf[32];
        assert_string_equal(gr_ai_kind_name(k, buf, sizeof buf), cases[i].name);
    }
}

static void names_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {"",
                                      "MCTS",
                                      "mcts:",
                                      "mcts:0",
                                      "mcts:-5",
                                      "mcts:5x",
                                      "mcts:ms",
                                      "mcts:0ms",
                                      "mcts: 5",
                                      "mcts:10000001",
                                      "mcts:600001ms",
                                      "mcts5",
                                      "clever",
                                      "mcts:99999999999999999999",
                                      "commander:",
                                      "commander:0",
                                      "commander:x",
                                      "Commander"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_ai_kind k = gr_ai_kind_of(GR_AI_RANDOM);
        gr_error err;
        gr_error_clear(&err);
        if (gr_ai_kind_parse(bad[i], &k, &err) != GR_EINPUT)
            fail_msg("'%s' accepted", bad[i]);
        assert_non_null(strstr(err.msg, bad[i]));
    }
    gr_ai_kind k;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_ai_kind_parse(NULL, &k, &err), GR_EINPUT);
}

/* ---- the search ----------------------------------------------------------- */

/* st after `steps` random steps from the start (chance drawn, players at
 * random) and then on to the next decision with more than one legal
 * action; 0 if the game ended first. */
static int reach(const gr_game *g, void *st, uint64_t seed, int steps, gr_action *acts, int *n)
{
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_game_init(g, st, &err), GR_OK);
    gr_rng rng;
    gr_rng_seed(&rng, seed);
    for (int i = 0;; i++) {
        int p = gr_game_current_player(g, st);
        if (p == GR_TERMINAL)
            return 0;
        if (p == GR_CHANCE) {
            gr_game_apply(g, st, gr_game_sample_chance(g, st, &rng), NULL);
            continue;
        }
        *n = gr_game_legal_actions(g, st, acts, g->type->max_actions);
        if (i >= steps && *n > 1)
            return 1;
        gr_game_apply(g, st, acts[gr_rng_below(&rng, (uint32_t)*n)], NULL);
    }
}

static int is_in(gr_action a, const gr_action *acts, int n)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

/* The same rng state and budget: the same move and the same search (every
 * line's visits and result), over positions of both scenarios. */
static void search_reproducible(void **state)
{
    (void)state;
    static re_scenario sc;
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    gr_ai_kind k = {GR_AI_MCTS, 40, 0};
    int positions = 0;
    for (size_t f = 0; f < 2; f++) {
        load(scenarios[f], &sc);
        gr_game g = {&re_game_type, &sc, NULL};
        for (int s = 1; s <= 6; s++) {
            re_state st;
            int n;
            if (!reach(&g, &st, (uint64_t)s, 15 * s, acts, &n))
                continue;
            positions++;
            gr_ai_line a[3], b[3];
            gr_rng r1, r2;
            gr_rng_seed(&r1, 1805);
            gr_rng_seed(&r2, 1805);
            int na = gr_ai_search(&g, &st, k, acts, n, &r1, a, 3);
            int nb = gr_ai_search(&g, &st, k, acts, n, &r2, b, 3);
            assert_true(na >= 1);
            assert_int_equal(na, nb);
            for (int i = 0; i < na; i++) {
                assert_true(a[i].action == b[i].action);
                assert_int_equal(a[i].visits, b[i].visits);
                assert_true(a[i].win == b[i].win);
                assert_true(is_in(a[i].action, acts, n));
                assert_true(a[i].visits >= 1 && a[i].visits <= 40);
                assert_true(a[i].share > 0 && a[i].share <= 1);
                assert_true(a[i].win >= 0 && a[i].win <= 1);
                if (i)
                    assert_true(a[i].visits <= a[i - 1].visits);
            }
            /* the callers' streams advanced alike */
            assert_memory_equal(&r1, &r2, sizeof r1);
            gr_rng_seed(&r1, 1805);
            assert_true(gr_ai_choose(&g, &st, k, acts, n, &r1) == a[0].action);
        }
    }
    assert_true(positions >= 8);
    free(acts);
}

/* Whole games of the search against the heuristic (in both seats) and
 * against itself, a budget in milliseconds too: every move is checked
 * against the game's own refusal of an illegal action. */
static void search_plays_legal_moves(void **state)
{
    (void)state;
    static re_scenario sc;
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    load("teaching", &sc);
    gr_game g = {&re_game_type, &sc, NULL};
    static const gr_ai_kind players[][2] = {
        {{GR_AI_MCTS, 6, 0}, {GR_AI_HEURISTIC, 0, 0}},
        {{GR_AI_HEURISTIC, 0, 0}, {GR_AI_MCTS, 6, 0}},
        {{GR_AI_MCTS, 3, 0}, {GR_AI_MCTS, 0, 1}},
    };
    long searched = 0;
    for (size_t k = 0; k < sizeof players / sizeof players[0]; k++) {
        re_state st;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_game_init(&g, &st, &err), GR_OK);
        gr_rng rng;
        gr_rng_seed(&rng, 40 + k);
        for (int steps = 0; gr_game_current_player(&g, &st) != GR_TERMINAL; steps++) {
            assert_true(steps < 100000);
            int p = gr_game_current_player(&g, &st);
            gr_action a;
            if (p == GR_CHANCE) {
                a = gr_game_sample_chance(&g, &st, &rng);
            } else {
                int n = gr_game_legal_actions(&g, &st, acts, RE_MAX_ACTIONS);
                a = gr_ai_choose(&g, &st, players[k][p], acts, n, &rng);
                searched += players[k][p].algo == GR_AI_MCTS && n > 1;
            }
            if (gr_game_apply_checked(&g, &st, a, NULL, &err) != GR_OK)
                fail_msg("game %zu step %d: %s", k, steps, err.msg);
        }
    }
    assert_true(searched >= 30);
    free(acts);
}

/* The first two hidden choices of the player to move in st (chits for two
 * different corps) and its pass (the end of its choice). */
static void hidden_and_pass(const gr_game *g, const void *st, gr_action *h1, gr_action *h2,
                            gr_action *pass, gr_action *acts)
{
    int n = gr_game_legal_actions(g, st, acts, g->type->max_actions);
    int p = gr_game_current_player(g, st), nh = 0, np = 0;
    for (int i = 0; i < n; i++) {
        if (g->type->is_hidden_choice(g->sc, st, p, acts[i])) {
            if (nh == 0)
                *h1 = acts[i];
            else if (nh == 1)
                *h2 = acts[i];
            nh++;
        } else if (g->type->is_pass(g->sc, st, acts[i])) {
            *pass = acts[i];
            np++;
        }
    }
    assert_true(nh >= 2);
    assert_int_equal(np, 1);
}

/* Side 0 puts in the bowl a chit of its first corps in one game, of its
 * second in the other, and ends its choice; side 1, searching with the same
 * seed, sees the same thing (the observations are byte for byte the same)
 * and must make the same search: the same lines, visits and results; the
 * same for the commander. */
static void search_blind_to_hidden_chits(void **state)
{
    (void)state;
    static re_scenario sc;
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    for (size_t f = 0; f < 2; f++) {
        load(scenarios[f], &sc);
        gr_game g = {&re_game_type, &sc, NULL};
        re_state a, b;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_game_init(&g, &a, &err), GR_OK);
        /* a scenario may open on a chance node (a reinforcement's die):
         * its first outcome, whatever it is, then the choice of chits */
        while (gr_game_current_player(&g, &a) == GR_CHANCE) {
            gr_chance_outcome co[RE_MAX_OUTCOMES];
            assert_true(gr_game_chance_outcomes(&g, &a, co, RE_MAX_OUTCOMES) >= 1);
            assert_int_equal(gr_game_apply_checked(&g, &a, co[0].action, NULL, &err), GR_OK);
        }
        assert_int_equal(gr_game_current_player(&g, &a), 0);
        gr_action h1 = 0, h2 = 0, pass = 0;
        hidden_and_pass(&g, &a, &h1, &h2, &pass, acts);
        b = a;
        assert_int_equal(gr_game_apply_checked(&g, &a, h1, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &b, h2, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &a, pass, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &b, pass, NULL, &err), GR_OK);
        assert_int_equal(gr_game_current_player(&g, &a), 1);
        assert_int_equal(gr_game_current_player(&g, &b), 1);
        assert_true(memcmp(&a, &b, sizeof a) != 0); /* the bowls differ */
        re_obs oa, ob;
        gr_game_observe(&g, &a, 1, &oa);
        gr_game_observe(&g, &b, 1, &ob);
        assert_memory_equal(&oa, &ob, sizeof oa);
        int n = gr_game_legal_actions(&g, &a, acts, RE_MAX_ACTIONS);
        for (uint64_t seed = 1; seed <= 8; seed++) {
            /* today's search, then the commander (whose evaluation reads
             * the bowl: the other side's count only) */
            gr_ai_kind k = {seed <= 4 ? GR_AI_MCTS : GR_AI_COMMANDER, 60, 0};
            gr_rng ra, rb;
            gr_rng_seed(&ra, seed);
            gr_rng_seed(&rb, seed);
            gr_ai_line la[3], lb[3];
            int na = gr_ai_search(&g, &a, k, acts, n, &ra, la, 3);
            int nb = gr_ai_search(&g, &b, k, acts, n, &rb, lb, 3);
            assert_true(na >= 1);
            assert_int_equal(na, nb);
            for (int i = 0; i < na; i++) {
                assert_true(la[i].action == lb[i].action);
                assert_int_equal(la[i].visits, lb[i].visits);
                assert_true(la[i].win == lb[i].win);
            }
        }
    }
    free(acts);
}

/* ---- the army commander --------------------------------------------------- */

/* Seed 004 (§1 Activation): a corps activated may always do nothing, so a
 * chit left out can only lose.  At every chit decision of both bundled
 * scenarios' first turns where a chit may still go in, the commander puts
 * one in (its own side's and, with 1 simulation, whatever the search). */
static void commander_puts_every_chit(void **state)
{
    (void)state;
    static re_scenario sc;
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    int decisions = 0;
    for (size_t f = 0; f < 2; f++) {
        load(scenarios[f], &sc);
        gr_game g = {&re_game_type, &sc, NULL};
        for (long sims = 1; sims <= 40; sims += 39) {
            gr_ai_kind k = {GR_AI_COMMANDER, sims, 0};
            re_state st;
            gr_error err;
            gr_error_clear(&err);
            assert_int_equal(gr_game_init(&g, &st, &err), GR_OK);
            gr_rng rng;
            gr_rng_seed(&rng, 31);
            while (st.turn == 1 && gr_game_current_player(&g, &st) != GR_TERMINAL) {
                int p = gr_game_current_player(&g, &st);
                if (p == GR_CHANCE) {
                    gr_game_apply(&g, &st, gr_game_sample_chance(&g, &st, &rng), NULL);
                    continue;
                }
                int n = gr_game_legal_actions(&g, &st, acts, RE_MAX_ACTIONS);
                if (st.stage != RE_ST_CHITS)
                    break; /* the chits of turn 1 are all put */
                int chit_legal = 0;
                for (int i = 0; i < n; i++)
                    chit_legal |= re_action_unpack(acts[i]).kind == RE_A_CHIT;
                gr_action a = gr_ai_choose(&g, &st, k, acts, n, &rng);
                if (chit_legal) {
                    decisions++;
                    /* the seed's line: "un corps activé peut toujours ne rien
                     * faire" -- so never "chits done" while a chit may go in */
                    assert_int_equal(re_action_unpack(a).kind, RE_A_CHIT);
                }
                gr_game_apply(&g, &st, a, NULL);
            }
        }
    }
    assert_true(decisions >= 8);
    free(acts);
}

/* tests/ai/engage.json at the French movement phase: the French corps'
 * chit drawn, no Austrian chit, no fire. */
static void engage_position(const gr_game *g, re_state *st, gr_action *acts)
{
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_game_init(g, st, &err), GR_OK);
    for (int guard = 0; guard < 64 && !(st->stage == RE_ST_MOVE && st->side == 0); guard++) {
        int p = gr_game_current_player(g, st);
        assert_true(p != GR_TERMINAL);
        gr_action pick = 0;
        int found = 0;
        if (p == GR_CHANCE) {
            gr_chance_outcome oc[64];
            int n = gr_game_chance_outcomes(g, st, oc, 64);
            for (int i = 0; i < n && !found; i++) {
                re_action a = re_action_unpack(oc[i].action);
                if (a.kind == RE_A_DRAW && a.unit == 0)
                    pick = oc[i].action, found = 1;
            }
        } else {
            int n = gr_game_legal_actions(g, st, acts, RE_MAX_ACTIONS);
            /* the French put their chit, the Austrians none; the first
             * group; no fire */
            static const int order[] = {RE_A_CHIT, RE_A_CHITS_DONE, RE_A_GROUP, RE_A_END_FIRE};
            for (size_t o = 0; o < 4 && !found; o++)
                for (int i = 0; i < n && !found; i++) {
                    re_action a = re_action_unpack(acts[i]);
                    if (a.kind == order[o] && !(a.kind == RE_A_CHIT && p == 1))
                        pick = acts[i], found = 1;
                }
        }
        assert_true(found);
        gr_game_apply(g, st, pick, NULL);
    }
    assert_int_equal(st->stage, RE_ST_MOVE);
    assert_int_equal(st->side, 0);
}

/* Issue 31's blind spot.  In tests/ai/engage.json (one turn, victory by
 * demoralisation: "units lost plus objectives held by the enemy", seed 004
 * §6) the only way to win is the cuirassiers' charge on the lone Austrian
 * company of one figure: a move next to it (the company stands at [8, 4];
 * the cuirassiers at [4, 4], four hexes off), then an attack.  The four
 * French infantry's moves come first in the game's order and change
 * nothing the evaluation sees, so a first look that keeps the best 16 by
 * the evaluation (ties in the game's order) may drop the charge.  The
 * commander keeps every engaging move and plays the charge; what today's
 * search does is printed, not asserted (docs/ai.md gives the figures). */
static void commander_finds_the_charge(void **state)
{
    (void)state;
    static re_scenario sc;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/ai/engage.json", root);
    gr_error err;
    gr_error_clear(&err);
    if (re_scenario_load(path, &sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    gr_game g = {&re_game_type, &sc, NULL};
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    re_state st;
    engage_position(&g, &st, acts);
    int n = gr_game_legal_actions(&g, &st, acts, RE_MAX_ACTIONS);
    gr_hex company = gr_hex_from_offset(8, 4);
    int charges = 0;
    for (int i = 0; i < n; i++) {
        re_action a = re_action_unpack(acts[i]);
        int next = a.kind == RE_A_MOVE && a.unit == 4 &&
                   gr_hex_distance(gr_hex_from_offset(a.col, a.row), company) == 1;
        charges += next;
        /* the type's own word for it agrees */
        if (next)
            assert_true(re_game_type.is_engaging(&sc, &st, acts[i]));
        if (a.kind == RE_A_MOVE && a.unit < 4)
            assert_false(re_game_type.is_engaging(&sc, &st, acts[i]));
    }
    assert_true(charges >= 1);
    int found[2] = {0, 0};
    for (int algo = 0; algo < 2; algo++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            gr_ai_kind k = {algo ? GR_AI_COMMANDER : GR_AI_MCTS, 400, 0};
            gr_rng rng;
            gr_rng_seed(&rng, seed);
            gr_action a = gr_ai_choose(&g, &st, k, acts, n, &rng);
            re_action r = re_action_unpack(a);
            found[algo] += r.kind == RE_A_MOVE && r.unit == 4 &&
                           gr_hex_distance(gr_hex_from_offset(r.col, r.row), company) == 1;
        }
    print_message("the charge played, of 4 seeds: mcts:400 %d, commander %d\n", found[0], found[1]);
    assert_int_equal(found[1], 4);
    free(acts);
}

/* ---- the enemy's threat (gr_ai_threat) -------------------------------------- */

/* tests/ai/threat.json (engage.json with the lone Austrian company of one
 * figure at [7, 4]) at the French movement phase (engage_position): the
 * French put their one chit in, the Austrians none, and the game has one
 * turn.  So no Austrian unit can act before the game ends (seed 004 §1: a
 * corps acts only when its chit is drawn): the threat to every French unit
 * is 0, by hand.  The cuirassiers ([4, 4], their corps active) may move two
 * hexes to [6, 4], next to the company, and still fight (seed 004 §3): an
 * enemy bent on attacking reaches it, so its odds are above 0; a unit of
 * one figure loses exactly one when it loses any, so its expected loss
 * equals its odds.  In engage.json (the company at [8, 4]) the cuirassiers
 * reach no hex next to it from which they may still fight ([7, 4] is three
 * hexes: no combat after): its threat is 0.  The same answer when asked
 * twice (seeded from the side's view). */
static void threat_reads_the_position(void **state)
{
    (void)state;
    static re_scenario sc;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/ai/engage.json", root);
    gr_error err;
    gr_error_clear(&err);
    if (re_scenario_load(path, &sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    gr_game g = {&re_game_type, &sc, NULL};
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    re_state st;
    gr_ai_threat_unit t[64], t2[64];
    engage_position(&g, &st, acts);
    assert_int_equal(gr_ai_threat(&g, &st, 1, t, 64), 1);
    assert_true(t[0].odds == 0 && t[0].lost == 0);
    snprintf(path, sizeof path, "%s/tests/ai/threat.json", root);
    if (re_scenario_load(path, &sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    engage_position(&g, &st, acts);
    int n = gr_ai_threat(&g, &st, 0, t, 64);
    assert_int_equal(n, 5); /* four infantry, the cuirassiers */
    for (int i = 0; i < n; i++) {
        assert_int_equal(t[i].unit, i);
        assert_true(t[i].odds == 0 && t[i].lost == 0);
    }
    n = gr_ai_threat(&g, &st, 1, t, 64);
    assert_int_equal(n, 1);
    assert_int_equal(t[0].unit, 5);
    assert_int_equal(t[0].col, 7);
    assert_int_equal(t[0].row, 4);
    print_message("the company's threat: odds %.3f, expected loss %.3f\n", t[0].odds, t[0].lost);
    assert_true(t[0].odds > 0 && t[0].odds <= 1);
    assert_true(t[0].lost == t[0].odds);
    assert_int_equal(gr_ai_threat(&g, &st, 1, t2, 64), 1);
    /* field by field: the struct's padding is not part of the answer */
    assert_int_equal(t2[0].unit, t[0].unit);
    assert_int_equal(t2[0].col, t[0].col);
    assert_int_equal(t2[0].row, t[0].row);
    assert_true(t2[0].odds == t[0].odds && t2[0].lost == t[0].lost);
    assert_int_equal(gr_ai_threat(&g, &st, 2, t, 64), -1);
    free(acts);
}

/* The threat reads what the side may see only: side 0 puts a chit of its
 * first corps in the bowl in one game, of its second in the other; side 1
 * (which cannot tell them apart) gets the same threat in both. */
static void threat_blind_to_hidden_chits(void **state)
{
    (void)state;
    static re_scenario sc;
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    int nonzero = 0;
    for (size_t f = 0; f < 2; f++) {
        load(scenarios[f], &sc);
        gr_game g = {&re_game_type, &sc, NULL};
        re_state a, b;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_game_init(&g, &a, &err), GR_OK);
        while (gr_game_current_player(&g, &a) == GR_CHANCE) {
            gr_chance_outcome co[RE_MAX_OUTCOMES];
            assert_true(gr_game_chance_outcomes(&g, &a, co, RE_MAX_OUTCOMES) >= 1);
            assert_int_equal(gr_game_apply_checked(&g, &a, co[0].action, NULL, &err), GR_OK);
        }
        gr_action h1 = 0, h2 = 0, pass = 0;
        hidden_and_pass(&g, &a, &h1, &h2, &pass, acts);
        b = a;
        assert_int_equal(gr_game_apply_checked(&g, &a, h1, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &b, h2, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &a, pass, NULL, &err), GR_OK);
        assert_int_equal(gr_game_apply_checked(&g, &b, pass, NULL, &err), GR_OK);
        assert_true(memcmp(&a, &b, sizeof a) != 0); /* the bowls differ */
        static gr_ai_threat_unit ta[RE_MAX_UNITS], tb[RE_MAX_UNITS];
        int na = gr_ai_threat(&g, &a, 1, ta, RE_MAX_UNITS);
        int nb = gr_ai_threat(&g, &b, 1, tb, RE_MAX_UNITS);
        assert_true(na >= 1);
        assert_int_equal(na, nb);
        for (int i = 0; i < na; i++) {
            assert_int_equal(ta[i].unit, tb[i].unit);
            assert_true(ta[i].odds == tb[i].odds && ta[i].lost == tb[i].lost);
            nonzero += ta[i].odds > 0;
        }
    }
    print_message("units under threat: %d\n", nonzero);
    assert_true(nonzero > 0); /* not a comparison of zeros */
    free(acts);
}

/* The plan (re_plan.h), worked out by hand from the scenario files.
 * teaching.json at the start: the hill [6, 2] is the French's ("side":
 * "french") and the Austrian Stuart regiment stands next to it at [7, 2]:
 * threatened, it is held by the nearest French corps, Lefort's division
 * (its 1re brigade at [3, 3], three hexes off; Duval's brigade is at
 * [2, 5] and [1, 4]); Duval's brigade then attacks Hameln [5, 3], the
 * Austrians' objective.  engage.json has no objective: each corps attacks
 * the nearest enemy (the French the company at [8, 4]; the company the
 * cuirassiers at [4, 4], four hexes along row 4). */
static void commander_plan(void **state)
{
    (void)state;
    static re_scenario sc;
    re_state st;
    re_plan plan;
    gr_error err;
    gr_error_clear(&err);
    load("teaching", &sc);
    assert_int_equal(re_init(&sc, &st, &err), GR_OK);
    re_plan_make(&sc, &st, 0, &plan);
    assert_int_equal(plan.corps[0].kind, RE_TASK_HOLD);
    assert_int_equal(plan.corps[0].col, 6);
    assert_int_equal(plan.corps[0].row, 2);
    assert_int_equal(plan.corps[1].kind, RE_TASK_ATTACK);
    assert_int_equal(plan.corps[1].col, 5);
    assert_int_equal(plan.corps[1].row, 3);
    assert_int_equal(plan.corps[2].kind, RE_TASK_NONE); /* an Austrian corps */
    char buf[96];
    assert_string_equal(re_task_text(&sc, &st, &plan.corps[0], buf, sizeof buf),
                        "hold the objective [6, 2]");

    char path[1024];
    snprintf(path, sizeof path, "%s/tests/ai/engage.json", root);
    if (re_scenario_load(path, &sc, &err) != GR_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(re_init(&sc, &st, &err), GR_OK);
    re_plan_make(&sc, &st, 0, &plan);
    assert_int_equal(plan.corps[0].kind, RE_TASK_ATTACK);
    assert_int_equal(plan.corps[0].enemy, 5);
    assert_int_equal(plan.corps[0].col, 8);
    assert_int_equal(plan.corps[0].row, 4);
    re_plan_make(&sc, &st, 1, &plan);
    assert_int_equal(plan.corps[1].kind, RE_TASK_ATTACK);
    assert_int_equal(plan.corps[1].enemy, 4);
    assert_string_equal(re_task_text(&sc, &st, &plan.corps[1], buf, sizeof buf),
                        "attack Cuirassiers at [4, 4]");
    /* the cuirassiers next to the company follow the plan better */
    re_plan_make(&sc, &st, 0, &plan);
    int32_t before = re_plan_score(&sc, &st, &plan);
    st.units[4].col = 7;
    assert_true(re_plan_score(&sc, &st, &plan) > before);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_accepted),
        cmocka_unit_test(names_refused),
        cmocka_unit_test(search_reproducible),
        cmocka_unit_test(search_plays_legal_moves),
        cmocka_unit_test(search_blind_to_hidden_chits),
        cmocka_unit_test(commander_puts_every_chit),
        cmocka_unit_test(commander_finds_the_charge),
        cmocka_unit_test(commander_plan),
        cmocka_unit_test(threat_reads_the_position),
        cmocka_unit_test(threat_blind_to_hidden_chits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
