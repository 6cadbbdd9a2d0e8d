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
 *   a game's copy (gr_game_copy) into bytes that held anything is the same
 *   state (hash, player to move, views), before and after an action;
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
 * The battle companion's types (aoe, nf, rff), whose actions cannot be
 * listed, run what applies from each bundled order of battle (see
 * companion() below): parse, apply, hash, chance, undo, the record through
 * a store, replay.
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
        unsigned char rec[GR_ACTION_MAX];
        gr_game_act_of(tries[i], rec); /* the same for a type of gr_action */
        gr_status r = gr_game_act_apply_checked(g, s->c, rec, NULL, &err);
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

/* 1 if x and y are the same state as the game reads them: the same hash,
 * player to move and, with views, the view of every side and of a
 * spectator (a game's copy need not be the same bytes: game.h, copy). */
static int same_state(const gr_game *g, const void *x, const void *y, int views, scratch *s)
{
    checks++;
    if (gr_game_hash(g, x) != gr_game_hash(g, y) ||
        gr_game_current_player(g, x) != gr_game_current_player(g, y))
        return 0;
    for (int i = -1; views && i < g->type->players; i++) {
        int p = i < 0 ? GR_SPECTATOR : i;
        gr_game_observe(g, x, p, s->obs1);
        gr_game_observe(g, y, p, s->obs2);
        if (memcmp(s->obs1, s->obs2, g->type->obs_size))
            return 0;
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
    if (t->not_enumerable && p != GR_CHANCE) {
        /* the players' actions cannot be listed: the caller tries some */
        CHECK(n == 0, "%s: %d actions listed by a type that lists none", where, n);
        return 1;
    }
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
    if (t->resample && !check_resample(g, st, rng, s, where))
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
         * checked one; a game's copy (gr_game_copy, into bytes that held
         * anything) is the same state: the same hash and views, before the
         * action and after it */
        memcpy(s->b, st, size);
        gr_game_apply(g, s->b, a, NULL);
        int copied = n % 4 == 1, views = n % 16 == 1; /* a sample: the table's is 226 KB */
        if (copied) {
            memset(s->c, 0xa5, size);
            gr_game_copy(g, s->c, st);
            if (!same_state(g, s->c, st, views, s)) {
                fail("%s: a copy (gr_game_copy) is not the same state", where);
                goto out;
            }
            gr_game_apply(g, s->c, a, NULL);
        }
        if (gr_match_apply(m, a, &err) != GR_OK) {
            fail("%s: a legal action refused: %s", where, err.msg);
            goto out;
        }
        checks++;
        if (memcmp(s->b, gr_match_state(m), size)) {
            fail("%s: a clone applying the same action differs", where);
            goto out;
        }
        if (copied && !same_state(g, s->c, gr_match_state(m), views, s)) {
            fail("%s: a copy (gr_game_copy) applying the same action differs", where);
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
        if (gr_save_write(m, file, path, &err) != GR_OK || gr_save_read(path, &h, &err) != GR_OK ||
            gr_saved_actions(&h, g, &err) != GR_OK)
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

/* ---- the battle companion's types (aoe, nf, rff) --------------------------
 * Their actions cannot be listed (the facts come from the table), so the
 * players' actions here are made from the verbs' help lines: a random unit,
 * target and leader, and each fact with a value its help names (a choice,
 * a number, a flag); many are refused, which is checked too.  What
 * applies: parse and describe, the checked apply (a refusal leaves the
 * state as it was; an accepted action equals the trusted apply on a
 * clone), the chance nodes (exact probabilities), dice typed at the table
 * (given) or drawn, hash and clone, the other side's hidden details,
 * undo of a whole test (the same dice again), the record through a store
 * and through a save file, each replayed to the same bytes. */
#include "grognard/bt_game.h"
#include "grognard/oob.h"
#include "grognard/store.h"

#include <unistd.h>

/* A value for the fact after "--NAME" whose help token is `tok` (NULL:
 * none), into val; 0 if the help names no value we can make up. */
static int fact_value(const char *tok, gr_rng *rng, char *val, size_t cap)
{
    if (!tok || !strncmp(tok, "--", 2) || *tok == '(' || *tok == '[') {
        snprintf(val, cap, "true"); /* a flag */
        return 1;
    }
    char w[128];
    size_t n = strcspn(tok, "]):,");
    if (n >= sizeof w)
        return 0;
    memcpy(w, tok, n);
    w[n] = '\0';
    if (strchr(w, '|')) {
        char *choice[16];
        int k = 0;
        char *save = NULL;
        for (char *c = strtok_r(w, "|", &save); c && k < 16; c = strtok_r(NULL, "|", &save))
            if (strcmp(c, "..."))
                choice[k++] = c;
        if (!k)
            return 0;
        snprintf(val, cap, "%s", choice[gr_rng_below(rng, (uint32_t)k)]);
        return 1;
    }
    if (!strcmp(w, "N") || !strcmp(w, "INCHES")) {
        snprintf(val, cap, "%u", 1 + gr_rng_below(rng, 8));
        return 1;
    }
    if (!strcmp(w, "0-3")) {
        snprintf(val, cap, "%u", gr_rng_below(rng, 4));
        return 1;
    }
    if (!strcmp(w, "yes") || !strcmp(w, "1")) {
        snprintf(val, cap, "%.8s", w);
        return 1;
    }
    return 0; /* a placeholder (T, D, ID): left out */
}

/* A player's action of side p as the battle commands write it. */
static void bt_make_action(const gr_battle *b, int p, gr_rng *rng, char *out, size_t cap)
{
    if (gr_rng_below(rng, 6) == 0) {
        snprintf(out, cap, "next");
        return;
    }
    const gr_bt_verb *v = &b->rules->verbs[gr_rng_below(rng, (uint32_t)b->rules->nverbs)];
    int own[GR_BT_MAX_UNITS], other[GR_BT_MAX_UNITS], no = 0, nt = 0;
    for (int i = 0; i < b->nunits; i++) {
        if (b->units[i].side == p)
            own[no++] = i;
        else
            other[nt++] = i;
    }
    size_t n = (size_t)snprintf(out, cap, "%s", v->name);
    if (no && n < cap)
        n += (size_t)snprintf(out + n, cap - n, " %s",
                              b->units[own[gr_rng_below(rng, (uint32_t)no)]].id);
    char help[512];
    int nfacts = 0; /* a few optional facts at most: a record keeps about 120 bytes of them */
    snprintf(help, sizeof help, "%s", v->help);
    char *tok[64];
    int k = 0;
    char *save = NULL;
    for (char *t = strtok_r(help, " ", &save); t && k < 64; t = strtok_r(NULL, " ", &save))
        tok[k++] = t;
    for (int i = 0; i < k && n < cap; i++) {
        const char *t = tok[i];
        int optional = *t == '[' || *t == '(';
        while (*t == '[' || *t == '(')
            t++;
        if (strncmp(t, "--", 2))
            continue;
        char name[64];
        size_t l = strcspn(t + 2, "]):, ");
        if (l == 0 || l >= sizeof name)
            continue;
        memcpy(name, t + 2, l);
        name[l] = '\0';
        if (!strcmp(name, "roll"))
            continue;
        if (optional && (gr_rng_below(rng, 2) || nfacts >= 3))
            continue;
        if (!strcmp(name, "target")) {
            if (nt)
                n += (size_t)snprintf(out + n, cap - n, " --target %s",
                                      b->units[other[gr_rng_below(rng, (uint32_t)nt)]].id);
            continue;
        }
        if (!strcmp(name, "leader")) {
            if (b->nleaders)
                n += (size_t)snprintf(out + n, cap - n, " --leader %s",
                                      b->leaders[gr_rng_below(rng, (uint32_t)b->nleaders)].id);
            continue;
        }
        char val[64];
        int has_next = t[2 + l] == '\0' && i + 1 < k;
        if (fact_value(has_next ? tok[i + 1] : NULL, rng, val, sizeof val)) {
            n += (size_t)snprintf(out + n, cap - n, " --%s %s", name, val);
            nfacts++;
        }
    }
}

static long bt_tests, bt_refused, bt_given, bt_undone;

/* The other side's hidden details are not in p's view; p's own are. */
static int bt_check_view(const gr_game *g, const void *st, scratch *s, const char *where)
{
    size_t size = g->type->state_size, osz = g->type->obs_size;
    for (int p = 0; p < 2; p++) {
        memcpy(s->a, st, size);
        gr_battle *b = (gr_battle *)(void *)s->a; /* the state begins with its battle */
        CHECK(b == gr_bt_game_battle(s->a), "%s: the state does not begin with its battle", where);
        int enemy = -1, mine = -1;
        for (int i = 0; i < b->nunits; i++) {
            if (b->units[i].side != p && enemy < 0)
                enemy = i;
            if (b->units[i].side == p && mine < 0)
                mine = i;
        }
        CHECK(enemy >= 0 && mine >= 0, "%s: a side without units", where);
        /* the stands on the table are seen (docs/api.md, "What a side does
         * not see of the other": `left` is kept): one stand taken off the
         * table shows in p's view ... */
        gr_game_observe(g, s->a, p, s->obs1);
        b->units[enemy].lost++;
        gr_game_observe(g, s->a, p, s->obs2);
        CHECK(memcmp(s->obs1, s->obs2, osz), "%s: side %d does not see an enemy stand go", where,
              p);
        b->units[enemy].lost--;
        /* ... but not the roster's strength, losses, thresholds, condition
         * and ammunition: a unit of one stand more and one more lost, the
         * same on the table */
        gr_game_observe(g, s->a, p, s->obs1);
        b->units[enemy].stands++;
        b->units[enemy].lost++;
        b->units[enemy].ammo = 2 - b->units[enemy].ammo % 2;
        b->units[enemy].condition = (b->units[enemy].condition + 1) % 3;
        b->units[enemy].worn_at++;
        gr_game_observe(g, s->a, p, s->obs2);
        CHECK(!memcmp(s->obs1, s->obs2, osz), "%s: side %d sees an enemy unit's losses", where, p);
        gr_game_observe(g, s->a, GR_SPECTATOR, s->obs2);
        memcpy(s->b, st, size);
        gr_game_observe(g, s->b, GR_SPECTATOR, s->obs1);
        CHECK(!memcmp(s->obs1, s->obs2, osz), "%s: a spectator sees a unit's losses", where);
        gr_game_observe(g, s->a, 1 - p, s->obs1);
        gr_game_observe(g, s->b, 1 - p, s->obs2);
        CHECK(memcmp(s->obs1, s->obs2, osz), "%s: side %d does not see its own losses", where,
              1 - p);
    }
    return 1;
}

/* One battle of the companion's type from an order of battle: `decisions`
 * players' actions tried, the dice drawn or typed. */
static int bt_battle(const gr_game *g, const char *file, uint64_t seed, int decisions, scratch *s)
{
    gr_error err;
    gr_error_clear(&err);
    gr_match *m = NULL, *r = NULL;
    gr_rng rng;
    gr_rng_seed(&rng, seed * 104729u);
    char where[256], text[300], again[300];
    size_t size = g->type->state_size;
    unsigned char rec[GR_ACTION_MAX], back[GR_ACTION_MAX];
    int ok = 0, typed = 0; /* the battle's first die is typed, then one in three */
    if (gr_match_new(g, seed, &m, &err) != GR_OK) {
        fail("%s: %s", file, err.msg);
        return 0;
    }
    for (int d = 0; d < decisions;) {
        const void *st = gr_match_state(m);
        int p = gr_match_current_player(m);
        snprintf(where, sizeof where, "%s seed %" PRIu64 " step %zu", file, seed,
                 gr_match_steps(m));
        int nlegal;
        if (!check_state(g, st, &rng, s, &nlegal, where) || !bt_check_view(g, st, s, where))
            goto out;
        if (p == GR_CHANCE) {
            if (!typed || gr_rng_below(&rng, 3) == 0) { /* typed at the table */
                typed = 1;
                gr_game_act_of(s->acts[gr_rng_below(&rng, (uint32_t)nlegal)], rec);
                CHECK(gr_match_act(m, rec, &err) == GR_OK, "%s: a die typed refused: %s", where,
                      err.msg);
                CHECK(gr_match_step(m, gr_match_steps(m) - 1)->given, "%s: not recorded given",
                      where);
                bt_given++;
            } else {
                CHECK(gr_match_step_chance(m, &err) == GR_OK, "%s: %s", where, err.msg);
            }
            continue;
        }
        CHECK(p == gr_battle_active_side(gr_bt_game_battle(st)), "%s: side %d to move", where, p);
        d++;
        bt_make_action(gr_bt_game_battle(st), p, &rng, text, sizeof text);
        CHECK(gr_game_act_parse(g, st, text, rec, &err) == GR_OK, "%s: '%s' does not parse: %s",
              where, text, err.msg);
        gr_game_act_describe(g, st, rec, again, sizeof again);
        CHECK(gr_game_act_parse(g, st, again, back, &err) == GR_OK &&
                  !memcmp(rec, back, sizeof rec),
              "%s: '%s' describes as '%s', which parses to another record", where, text, again);
        int legal = gr_game_act_is_legal(g, st, rec);
        memcpy(s->b, st, size);
        size_t before = gr_match_steps(m);
        uint64_t h0 = gr_game_hash(g, st);
        gr_status rc = gr_match_act(m, rec, &err);
        if (!legal) {
            /* refused with the rules' reason: not allowed now, or a fact wrong */
            CHECK((rc == GR_EILLEGAL || rc == GR_EINPUT) && err.msg[0],
                  "%s: '%s' not legal but not refused (%d)", where, text, rc);
            CHECK(!memcmp(s->b, gr_match_state(m), size) && gr_match_steps(m) == before,
                  "%s: a refused action changed the match", where);
            bt_refused++;
            continue;
        }
        CHECK(rc == GR_OK, "%s: '%s' legal but refused: %s", where, text, err.msg);
        gr_game_act_apply(g, s->b, rec, NULL);
        CHECK(!memcmp(s->b, gr_match_state(m), size),
              "%s: the trusted apply of '%s' differs from the checked one", where, text);
        bt_tests++;
        if (gr_rng_below(&rng, 4) || gr_match_current_player(m) != GR_CHANCE)
            continue;
        /* a whole test undone: its dice drawn, then taken back with it, and
         * the test asked again rolls the same dice */
        while (gr_match_current_player(m) == GR_CHANCE)
            CHECK(gr_match_step_chance(m, &err) == GR_OK, "%s: %s", where, err.msg);
        size_t n1 = gr_match_steps(m);
        uint64_t h1 = gr_game_hash(g, gr_match_state(m));
        CHECK(gr_match_undo(m, p, &err) == GR_OK, "%s: undo of '%s': %s", where, text, err.msg);
        CHECK(gr_match_steps(m) == before && gr_game_hash(g, gr_match_state(m)) == h0,
              "%s: undo of '%s' is not the state before it", where, text);
        CHECK(gr_match_act(m, rec, &err) == GR_OK, "%s: '%s' again: %s", where, text, err.msg);
        while (gr_match_current_player(m) == GR_CHANCE)
            CHECK(gr_match_step_chance(m, &err) == GR_OK, "%s: %s", where, err.msg);
        CHECK(gr_match_steps(m) == n1 && gr_game_hash(g, gr_match_state(m)) == h1,
              "%s: '%s' asked again did not roll the same dice", where, text);
        bt_undone++;
    }
    /* the record through a store (saved, read back) replays to the same bytes */
    char dir[] = "/tmp/grognard-conformance.XXXXXX", db[96];
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(db, sizeof db, "%s/store.db", dir);
    gr_store *store = NULL;
    gr_store_game sg;
    memset(&sg, 0, sizeof sg);
    snprintf(sg.id, sizeof sg.id, "b%" PRIu64, seed);
    snprintf(sg.scenario, sizeof sg.scenario, "%s", g->type->id);
    sg.seed = seed;
    gr_record_step *steps = NULL;
    size_t bad = 0;
    int stored = gr_store_open_sqlite(db, &store, &err) == GR_OK &&
                 gr_store_create_text(store, &sg, NULL, 0, &err) == GR_OK &&
                 gr_store_append_at(store, sg.id, 1, 0, gr_match_step(m, 0), gr_match_steps(m),
                                    &err) == GR_OK &&
                 gr_store_load(store, sg.id, &sg, &steps, &err) == GR_OK;
    gr_store_close(store);
    unlink(db);
    char wal[112];
    snprintf(wal, sizeof wal, "%s-wal", db);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", db);
    unlink(wal);
    rmdir(dir);
    if (!stored) {
        free(steps);
        fail("%s seed %" PRIu64 ": the record through a store: %s", file, seed, err.msg);
        goto out;
    }
    checks++;
    if (gr_match_new(g, seed, &r, &err) != GR_OK ||
        gr_match_replay(r, steps, sg.nsteps, &bad, &err) != GR_OK)
        fail("%s seed %" PRIu64 ": the stored record does not replay: %s", file, seed, err.msg);
    else if (memcmp(gr_match_state(r), gr_match_state(m), size))
        fail("%s seed %" PRIu64 ": the replay ends in another state", file, seed);
    free(steps);
    /* and through a save file */
    {
        char path[256];
        snprintf(path, sizeof path, "test_conformance_%s_%" PRIu64 ".json", g->type->id, seed);
        gr_saved h;
        memset(&h, 0, sizeof h);
        gr_match *v = NULL;
        checks++;
        if (gr_save_write(m, file, path, &err) != GR_OK || gr_save_read(path, &h, &err) != GR_OK ||
            gr_saved_actions(&h, g, &err) != GR_OK) {
            fail("%s: %s", path, err.msg);
        } else if (h.nsteps != gr_match_steps(m) || h.seed != seed || strcmp(h.game, g->type->id) ||
                   h.scenario_digest != gr_game_scenario_digest(g)) {
            fail("%s: the save file does not read back", path);
        } else {
            for (size_t i = 0; i < h.nsteps; i++) {
                const gr_record_step *x = gr_match_step(m, i);
                if (memcmp(h.steps[i].rec, x->rec, sizeof x->rec) || h.steps[i].given != x->given ||
                    h.steps[i].player != x->player || h.steps[i].hash != x->hash) {
                    fail("%s: step %zu reads back differently", path, i + 1);
                    break;
                }
            }
            if (gr_match_new(g, seed, &v, &err) != GR_OK ||
                gr_match_replay(v, h.steps, h.nsteps, &bad, &err) != GR_OK)
                fail("%s: the saved battle does not replay: %s", path, err.msg);
            else if (memcmp(gr_match_state(v), gr_match_state(m), size))
                fail("%s: the saved battle ends in another state", path);
        }
        gr_match_free(v);
        gr_saved_free(&h);
        remove(path);
    }
    ok = 1;
out:
    gr_match_free(r);
    gr_match_free(m);
    return ok;
}

static void companion(const char *root, long seeds)
{
    static const char *const files[] = {"data/oob/aoe/austerlitz_pratzen.json",
                                        "data/oob/nf/maida.json",
                                        "data/oob/rff/little_round_top.json"};
    gr_battle *b = malloc(sizeof *b);
    gr_bt_scenario *sc = malloc(sizeof *sc);
    for (size_t f = 0; b && sc && f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, files[f]);
        gr_error err;
        if (gr_oob_read(path, NULL, 0, b, NULL, NULL, &err) != GR_OK) {
            fail("%s", err.msg);
            continue;
        }
        gr_bt_scenario_init(sc, b);
        const gr_game_type *t = gr_game_type_find(b->system);
        if (!t || t != gr_bt_game_type(b->system)) {
            fail("%s: no registered game type '%s'", files[f], b->system);
            continue;
        }
        gr_game g = {.type = t, .sc = sc};
        checks++;
        if (gr_ai_check_game(&g, &err) != GR_EINPUT)
            fail("%s: the computer players do not refuse the companion", files[f]);
        scratch s;
        if (!scratch_init(&s, t)) {
            fail("out of memory");
            break;
        }
        long before = checks, tests = bt_tests;
        for (long k = 1; k <= seeds; k++)
            if (!bt_battle(&g, files[f], (uint64_t)k, 60, &s))
                break;
        printf("%s %s: %ld battles, %ld tests, %ld checks\n", t->id, files[f], seeds,
               bt_tests - tests, checks - before);
        scratch_free(&s);
    }
    free(b);
    free(sc);
    printf("companion: %ld tests applied, %ld refused, %ld dice typed, %ld tests undone\n",
           bt_tests, bt_refused, bt_given, bt_undone);
    if (bt_tests == 0 || bt_refused == 0 || bt_given == 0 || bt_undone == 0)
        fail("the companion's checks did not all run (tests %ld, refused %ld, typed %ld, undone "
             "%ld)",
             bt_tests, bt_refused, bt_given, bt_undone);
}

/* ---- the systems on the table (aoe-table, issue 29; nf-table, rff-table, issue 35)
 * Their actions are listed: every bundled battle runs the playouts above, with
 * the random and the eager players in turn.  Each battle plays `seeds` times
 * its share: share[0]/share[1] of them. */
/* The battles of issue 35's other files, each a part of nf-teaching's
 * count.  Measured (debug build, 2 cores shared, nice): 40 nf-teaching, 10
 * Maida, 40 rff-teaching and 10 Little Round Top battles in 21 s: about
 * 0.3 s a Maida battle, 0.2 s an rff-teaching one, 0.35 s a Little Round Top
 * one.  The long run (nf-teaching 500): Maida 63, rff-teaching 125, Little
 * Round Top 32, about 50 s together; the normal run (50): 7, 13 and 4, about
 * 6 s. */
#define MAIDA_SHARE        8
#define RFF_TEACHING_SHARE 4
#define LRT_SHARE          16

static void table_battles(const char *root, long seeds, long pratzen_seeds, long nf_seeds)
{
    static const struct {
        const char *type, *file;
    } files[] = {
        {"aoe-table", "data/table/teaching.json"},
        {"aoe-table", "data/table/pratzen.json"},
        {"nf-table", "data/table/nf-teaching.json"},
        {"nf-table", "data/table/maida.json"},
        {"rff-table", "data/table/rff-teaching.json"},
        {"rff-table", "data/table/little_round_top.json"},
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        const gr_game_type *t = gr_game_type_find(files[f].type);
        if (!t) {
            fail("no game type '%s'", files[f].type);
            continue;
        }
        scratch s;
        if (!scratch_init(&s, t)) {
            fail("out of memory");
            return;
        }
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, files[f].file);
        gr_game g;
        gr_error err;
        if (gr_game_load(path, NULL, &g, &err) != GR_OK) {
            fail("%s", err.msg);
            scratch_free(&s);
            continue;
        }
        if (g.type != t)
            fail("%s loads as %s, not %s", files[f].file, g.type->id, t->id);
        long before = checks;
        static const long share[] = {1, 1, 1, MAIDA_SHARE, RFF_TEACHING_SHARE, LRT_SHARE};
        long n = f == 0 ? seeds : f == 1 ? pratzen_seeds : (nf_seeds + share[f] - 1) / share[f];
        for (long k = 1; k <= n; k++)
            playout(&g, files[f].file, (uint64_t)k,
                    gr_ai_kind_of(k % 2 ? GR_AI_EAGER : GR_AI_RANDOM), &s);
        printf("%s %s: %ld battles, %ld checks\n", t->id, files[f].file, n, checks - before);
        gr_game_free(&g);
        scratch_free(&s);
    }
}

/* nf-teaching's battles: half the aoe teaching battle's.  Measured (debug
 * build, 2 cores, nice): 500 battles in 29 s, the long table mode's share
 * (1,000 / 2); 50 in game-conformance, about 3 s. */
#define NF_TABLE_SHARE 2

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    long seeds = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    /* "table": the table's battles only, `seeds` battles of each (the
     * long suite's game-conformance-table: 1,000 of each bundled battle) */
    if (argc > 3 && !strcmp(argv[3], "table")) {
        const char *nfs = getenv("TABLE_NF_SEEDS");
        table_battles(root, seeds, seeds, nfs ? strtol(nfs, NULL, 10) : seeds / NF_TABLE_SHARE);
        printf("%ld checks: %ld illegal actions refused\n%d failures\n", checks, refused, failures);
        return failures != 0;
    }
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
         * their rules are cased one by one in tests/engine */
        long n = f < 2 ? seeds : (seeds + 3) / 4;
        for (long k = 1; k <= n; k++)
            playout(&g, files[f], (uint64_t)k, gr_ai_kind_of(k % 2 ? GR_AI_EAGER : GR_AI_RANDOM),
                    &s);
        printf("%s %s: %ld games, %ld checks\n", t->id, files[f], n, checks - before);
    }
    scratch_free(&s);
    /* the companion's types: a battle of 60 decisions per 20 R&E seeds */
    companion(root, (seeds + 19) / 20);
    /* the table's game: a tenth of the seeds, a fortieth of the Pratzen
     * battle's (about four times the teaching battle's work a battle), and a
     * tenth of that under the sanitizers, so that the run stays inside the
     * test's time limit on 2 cores; game-conformance-table plays 1,000 of
     * each in the long suite.  TABLE_SEEDS overrides, to develop. */
    long tseeds = (seeds + 9) / 10;
#if defined(__SANITIZE_ADDRESS__)
    tseeds = (tseeds + 9) / 10;
#endif
    const char *ts = getenv("TABLE_SEEDS");
    if (ts)
        tseeds = strtol(ts, NULL, 10);
    table_battles(root, tseeds, (tseeds + 3) / 4, (tseeds + NF_TABLE_SHARE - 1) / NF_TABLE_SHARE);
    printf("%ld checks: %ld illegal actions refused, %ld hidden-choice pairs, %ld resamples\n",
           checks, refused, hidden_pairs, resamples);
    if (hidden_pairs == 0)
        fail("no hidden choice was ever tried: the indistinguishability check did not run");
    printf("%d failures\n", failures);
    return failures != 0;
}
