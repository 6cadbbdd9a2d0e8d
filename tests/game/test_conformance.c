/* test_conformance.c - what every game behind game.h must satisfy (in the
 * manner of OpenSpiel's random-simulation test), run over many seeds of
 * every bundled scenario of every game type:
 *
 * - random playouts end (a winner or a draw), every step through the
 *   checked apply; the current player is a side, chance or terminal;
 * - at a chance node the outcomes are distinct, each with a positive
 *   probability over one denominator, summing to one, and are exactly the
 *   legal actions there;
 * - a clone (a copy of state_size bytes) has the same hash and applies the
 *   same action to the same bytes; the trusted apply equals the checked one;
 * - illegal actions (legal ones with a field changed, random ids, any
 *   action once the game is over) are refused with GR_EILLEGAL, the state
 *   unchanged to the byte;
 * - describe and parse are inverse on every legal action;
 * - the record replays through a new match to the same bytes, and every
 *   100th game goes through a save file and back;
 * - hidden information: wherever a side may make a hidden choice, two
 *   states that differ only in that choice give every other side
 *   byte-identical observations (while the chooser's own views differ), and
 *   resample(p) gives a state p cannot tell from the true one.
 *
 * usage: test_conformance SOURCE_ROOT [SEEDS] */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/ai.h"
#include "grognard/game.h"
#include "grognard/match.h"
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/save.h"

#define MAX_STEPS 200000

static int failures;
static long checks, hidden_pairs, resamples, refused;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void
fail(const char *fmt, ...);

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (failures < 20) {
        fprintf(stderr, "FAIL ");
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    }
    va_end(ap);
    failures++;
}

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            fail(__VA_ARGS__);                                                                     \
            return 0;                                                                              \
        }                                                                                          \
    } while (0)

/* Scratch space, sized from the game type once. */
typedef struct scratch {
    gr_action *acts, *acts2;
    gr_chance_outcome *outs;
    unsigned char *a, *b, *c, *obs1, *obs2;
} scratch;

static int scratch_init(scratch *s, const gr_game_type *t)
{
    s->acts = malloc((size_t)t->max_actions * sizeof *s->acts);
    s->acts2 = malloc((size_t)t->max_actions * sizeof *s->acts2);
    s->outs = malloc((size_t)t->max_outcomes * sizeof *s->outs);
    s->a = malloc(t->state_size);
    s->b = malloc(t->state_size);
    s->c = malloc(t->state_size);
    s->obs1 = malloc(t->obs_size);
    s->obs2 = malloc(t->obs_size);
    return s->acts && s->acts2 && s->outs && s->a && s->b && s->c && s->obs1 && s->obs2;
}

static void scratch_free(scratch *s)
{
    free(s->acts);
    free(s->acts2);
    free(s->outs);
    free(s->a);
    free(s->b);
    free(s->c);
    free(s->obs1);
    free(s->obs2);
}

static int contains(const gr_action *v, int n, gr_action a)
{
    for (int i = 0; i < n; i++)
        if (v[i] == a)
            return 1;
    return 0;
}

/* Illegal actions are refused, the state unchanged to the byte. */
static int check_refusals(const gr_game *g, const void *st, const gr_action *legal, int n,
                          gr_rng *rng, scratch *s, const char *where)
{
    size_t size = g->type->state_size;
    gr_action tries[6];
    int k = 0;
    tries[k++] = gr_rng_next(rng);
    tries[k++] = gr_rng_next(rng) & 0x00ffffffffffffffull;
    for (int i = 0; i < 4 && n > 0; i++) {
        gr_action a = legal[gr_rng_below(rng, (uint32_t)n)];
        int byte = (int)gr_rng_below(rng, 7);
        tries[k++] = a ^ ((gr_action)(1 + gr_rng_below(rng, 255)) << (8 * byte));
    }
    for (int i = 0; i < k; i++) {
        if (contains(legal, n, tries[i]))
            continue;
        memcpy(s->c, st, size);
        gr_error err;
        gr_error_clear(&err);
        gr_status r = gr_game_apply_checked(g, s->c, tries[i], NULL, &err);
        CHECK(r == GR_EILLEGAL && err.msg[0], "%s: illegal action %016" PRIx64 " not refused (%d)",
              where, tries[i], r);
        CHECK(!memcmp(s->c, st, size), "%s: a refused action changed the state", where);
        refused++;
    }
    return 1;
}

/* Two states differing only in player q's hidden choice: every other side
 * sees the same bytes; q itself sees the difference. */
static int check_hidden(const gr_game *g, const void *st, int q, const gr_action *legal, int n,
                        scratch *s, const char *where)
{
    int first = -1;
    for (int i = 0; i < n; i++) {
        if (!g->type->is_hidden_choice(g->sc, st, q, legal[i]))
            continue;
        if (first < 0) {
            first = i;
            continue;
        }
        size_t size = g->type->state_size, osz = g->type->obs_size;
        memcpy(s->a, st, size);
        memcpy(s->b, st, size);
        gr_game_apply(g, s->a, legal[first], NULL);
        gr_game_apply(g, s->b, legal[i], NULL);
        CHECK(memcmp(s->a, s->b, size), "%s: two hidden choices give the same state", where);
        for (int p = 0; p < g->type->players; p++) {
            gr_game_observe(g, s->a, p, s->obs1);
            gr_game_observe(g, s->b, p, s->obs2);
            if (p == q)
                CHECK(memcmp(s->obs1, s->obs2, osz), "%s: side %d cannot see its own choice", where,
                      q);
            else
                CHECK(!memcmp(s->obs1, s->obs2, osz),
                      "%s: side %d sees which hidden choice side %d made", where, p, q);
        }
        /* a spectator (neither side) sees no side's hidden choice */
        gr_game_observe(g, s->a, GR_SPECTATOR, s->obs1);
        gr_game_observe(g, s->b, GR_SPECTATOR, s->obs2);
        CHECK(!memcmp(s->obs1, s->obs2, osz),
              "%s: a spectator sees which hidden choice side %d made", where, q);
        hidden_pairs++;
        return 1; /* one pair a state is enough */
    }
    return 1;
}

/* resample(p) keeps p's view, and is a state of the game. */
static int check_resample(const gr_game *g, const void *st, gr_rng *rng, scratch *s,
                          const char *where)
{
    size_t osz = g->type->obs_size;
    for (int p = 0; p < g->type->players; p++) {
        gr_game_resample(g, st, p, rng, s->c);
        gr_game_observe(g, st, p, s->obs1);
        gr_game_observe(g, s->c, p, s->obs2);
        CHECK(!memcmp(s->obs1, s->obs2, osz), "%s: resample(%d) changes side %d's view", where, p,
              p);
        CHECK(gr_game_current_player(g, s->c) == gr_game_current_player(g, st),
              "%s: resample(%d) changes the player to move", where, p);
        int n = gr_game_legal_actions(g, s->c, s->acts2, g->type->max_actions);
        CHECK(n >= 0 && n <= g->type->max_actions, "%s: resampled state has %d actions", where, n);
        resamples++;
    }
    return 1;
}

/* Everything checked of one state before its step. */
static int check_state(const gr_game *g, const void *st, gr_rng *rng, scratch *s, int *nlegal,
                       const char *where)
{
    const gr_game_type *t = g->type;
    int p = gr_game_current_player(g, st);
    CHECK(p == GR_CHANCE || p == GR_TERMINAL || (p >= 0 && p < t->players), "%s: current player %d",
          where, p);
    memcpy(s->a, st, t->state_size);
    CHECK(gr_game_hash(g, s->a) == gr_game_hash(g, st), "%s: a clone hashes differently", where);
    int n = gr_game_legal_actions(g, st, s->acts, t->max_actions);
    *nlegal = n;
    if (p == GR_TERMINAL) {
        int w = gr_game_winner(g, st);
        CHECK(w == GR_DRAW || (w >= 0 && w < t->players), "%s: terminal, winner %d", where, w);
        CHECK(n == 0, "%s: %d legal actions once over", where, n);
        return check_refusals(g, st, s->acts, 0, rng, s, where);
    }
    CHECK(gr_game_winner(g, st) == GR_ONGOING, "%s: a winner before the end", where);
    CHECK(n > 0 && n <= t->max_actions, "%s: %d legal actions (max %d)", where, n, t->max_actions);
    if (p == GR_CHANCE) {
        int k = gr_game_chance_outcomes(g, st, s->outs, t->max_outcomes);
        CHECK(k == n && k <= t->max_outcomes, "%s: %d outcomes, %d legal actions", where, k, n);
        uint64_t sum = 0;
        for (int i = 0; i < k; i++) {
            CHECK(s->outs[i].num > 0 && s->outs[i].den == s->outs[0].den,
                  "%s: outcome %d has probability %u/%u", where, i, s->outs[i].num, s->outs[i].den);
            CHECK(contains(s->acts, n, s->outs[i].action) &&
                      !contains(s->acts, i, s->outs[i].action),
                  "%s: outcome %d is not one of the legal actions", where, i);
            sum += s->outs[i].num;
        }
        CHECK(sum == s->outs[0].den, "%s: probabilities sum to %" PRIu64 "/%u", where, sum,
              s->outs[0].den);
    } else {
        CHECK(gr_game_chance_outcomes(g, st, s->outs, t->max_outcomes) == 0,
              "%s: chance outcomes at a decision", where);
        /* describe and parse are inverse (a sample: every action is slow) */
        for (int j = 0; j < 3; j++) {
            gr_action a = s->acts[gr_rng_below(rng, (uint32_t)n)], back;
            char text[200];
            gr_error err;
            gr_game_describe(g, st, a, text, sizeof text);
            CHECK(gr_game_parse(g, st, text, &back, &err) == GR_OK, "%s: '%s' does not parse: %s",
                  where, text, err.msg);
            /* two actions may read the same: then the first one is given */
            gr_game_describe(g, st, back, text, sizeof text);
            char again[200];
            gr_game_describe(g, st, a, again, sizeof again);
            CHECK(!strcmp(text, again), "%s: '%s' parses to another action", where, again);
        }
        if (!check_hidden(g, st, p, s->acts, n, s, where))
            return 0;
    }
    if (!check_resample(g, st, rng, s, where))
        return 0;
    return check_refusals(g, st, s->acts, n, rng, s, where);
}

static void playout(const gr_game *g, const char *file, uint64_t seed, gr_ai_kind kind, scratch *s)
{
    gr_error err;
    gr_error_clear(&err);
    gr_match *m = NULL, *r = NULL;
    gr_rng test_rng;
    gr_rng_seed(&test_rng, seed * 7919u + (uint64_t)kind.algo);
    char where[200];
    if (gr_match_new(g, seed, &m, &err) != GR_OK) {
        fail("%s: %s", file, err.msg);
        return;
    }
    size_t size = g->type->state_size;
    long n = 0;
    for (;;) {
        const void *st = gr_match_state(m);
        int p = gr_match_current_player(m);
        snprintf(where, sizeof where, "%s seed %" PRIu64 " step %ld", file, seed, n);
        int nlegal;
        if (!check_state(g, st, &test_rng, s, &nlegal, where))
            goto out;
        if (p == GR_TERMINAL)
            break;
        if (++n > MAX_STEPS) {
            fail("%s: no end after %d steps", where, MAX_STEPS);
            goto out;
        }
        gr_action a = p == GR_CHANCE
                          ? gr_game_sample_chance(g, st, &test_rng)
                          : gr_ai_choose(g, st, kind, s->acts, nlegal, gr_match_player_rng(m, p));
        /* the trusted apply on a clone gives the same bytes as the match's
         * checked one */
        memcpy(s->b, st, size);
        gr_game_apply(g, s->b, a, NULL);
        if (gr_match_apply(m, a, &err) != GR_OK) {
            fail("%s: a legal action refused: %s", where, err.msg);
            goto out;
        }
        checks++;
        if (memcmp(s->b, gr_match_state(m), size)) {
            fail("%s: a clone applying the same action differs", where);
            goto out;
        }
    }
    /* the record replays to the same bytes (the chance steps here came from
     * the test's stream, so a replay gives them as recorded) */
    size_t bad;
    if (gr_match_new(g, seed, &r, &err) != GR_OK) {
        fail("%s: %s", file, err.msg);
        goto out;
    }
    for (size_t i = 0; i < gr_match_steps(m); i++) {
        if (gr_match_apply(r, gr_match_step(m, i)->action, &err) != GR_OK ||
            gr_match_step(r, i)->hash != gr_match_step(m, i)->hash) {
            fail("%s seed %" PRIu64 ": the record does not replay at step %zu", file, seed, i + 1);
            goto out;
        }
    }
    checks++;
    if (memcmp(gr_match_state(r), gr_match_state(m), size))
        fail("%s seed %" PRIu64 ": the replay ends in another state", file, seed);
    if (seed % 100 == 0) {
        char path[256];
        snprintf(path, sizeof path, "test_conformance_%s_%" PRIu64 ".json", g->type->id, seed);
        gr_saved h;
        memset(&h, 0, sizeof h);
        gr_match *v = NULL;
        checks++;
        if (gr_save_write(m, file, path, &err) != GR_OK || gr_save_read(path, &h, &err) != GR_OK)
            fail("%s: %s", path, err.msg);
        else if (h.nsteps != gr_match_steps(m) || h.seed != seed ||
                 h.scenario_digest != gr_game_scenario_digest(g) || strcmp(h.game, g->type->id))
            fail("%s: the save file does not read back", path);
        else {
            bad = 0;
            for (size_t i = 0; i < h.nsteps && !bad; i++)
                if (h.steps[i].action != gr_match_step(m, i)->action ||
                    h.steps[i].player != gr_match_step(m, i)->player ||
                    h.steps[i].hash != gr_match_step(m, i)->hash)
                    bad = i + 1;
            if (bad)
                fail("%s: step %zu reads back differently", path, bad);
            else if (gr_match_new(g, seed, &v, &err) != GR_OK)
                fail("%s: %s", path, err.msg);
            else
                for (size_t i = 0; i < h.nsteps; i++)
                    if (gr_match_apply(v, h.steps[i].action, &err) != GR_OK) {
                        fail("%s: step %zu: %s", path, i + 1, err.msg);
                        break;
                    }
            if (v && memcmp(gr_match_state(v), gr_match_state(m), size))
                fail("%s: the saved game ends in another state", path);
        }
        gr_match_free(v);
        gr_saved_free(&h);
        remove(path);
    }
out:
    gr_match_free(r);
    gr_match_free(m);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    long seeds = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    static const char *const files[] = {
        "data/scenarios/teaching.json", "data/scenarios/austerlitz.json",
        "data/scenarios/marengo.json", "data/scenarios/friedland.json"};
    const gr_game_type *t = gr_game_type_find("re");
    if (!t) {
        fail("no game type 're'");
        return 1;
    }
    scratch s;
    if (!scratch_init(&s, t)) {
        fail("out of memory");
        return 1;
    }
    static re_scenario sc;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, files[f]);
        gr_error err;
        if (re_scenario_load(path, &sc, &err) != GR_OK) {
            fail("%s", err.msg);
            continue;
        }
        gr_game g = {t, &sc, NULL};
        long before = checks;
        /* Marengo and Friedland (format 2): a quarter of the seeds, so that the
         * sanitizer run stays well inside the test's time limit on 2 cores;
         * their rules are cased one by one in tests/rules/re */
        long n = f < 2 ? seeds : (seeds + 3) / 4;
        for (long k = 1; k <= n; k++)
            playout(&g, files[f], (uint64_t)k, gr_ai_kind_of(k % 2 ? GR_AI_EAGER : GR_AI_RANDOM),
                    &s);
        printf("%s %s: %ld games, %ld checks\n", t->id, files[f], n, checks - before);
    }
    printf("%ld checks: %ld illegal actions refused, %ld hidden-choice pairs, %ld resamples\n",
           checks, refused, hidden_pairs, resamples);
    if (hidden_pairs == 0)
        fail("no hidden choice was ever tried: the indistinguishability check did not run");
    printf("%d failures\n", failures);
    scratch_free(&s);
    return failures != 0;
}
