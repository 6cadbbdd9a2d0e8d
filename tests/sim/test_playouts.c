/* test_playouts.c - random legal playouts of the bundled R&E scenarios.
 *
 * For each scenario and each seed: play a whole game with random legal
 * actions (chance outcomes drawn with their probabilities), check the
 * invariants of the state after every step, require that the game ends
 * (a winner, a draw at the turn limit), and that its record replays with
 * every state hash equal.  Every 100th game also goes through a save file.
 * Games are played through the match layer and the game interface only
 * (grognard/match.h, grognard/game.h), as grognard play plays them.
 *
 * usage: test_playouts SOURCE_ROOT [SEEDS] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/ai.h"
#include "grognard/match.h"
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/re_terrain.h"
#include "grognard/save.h"

#define MAX_STEPS 200000

static int failures;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void
fail(const char *fmt, ...);

#include <stdarg.h>
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

/* Invariants of any reachable state.  Returns 0 if one is broken. */
static int check_state(const re_scenario *sc, const re_state *st, const char *where)
{
    static int8_t occ[RE_MAX_ROWS][RE_MAX_COLS];
    memset(occ, -1, sizeof occ);
    if (st->nunits != sc->nunits) {
        fail("%s: %d units in the state, %d in the scenario", where, st->nunits, sc->nunits);
        return 0;
    }
    if (st->turn < 1 || st->turn > sc->turns) {
        fail("%s: turn %d outside 1..%d", where, st->turn, sc->turns);
        return 0;
    }
    for (int i = 0; i < sc->nunits; i++) {
        const re_unit_st *u = &st->units[i];
        const re_unitdef *d = &sc->units[i];
        if (u->figures > d->figures || u->skirmisher > d->skirmisher) {
            fail("%s: unit %s has %d figures (+%d), more than its %d (+%d)", where, d->name,
                 u->figures, u->skirmisher, d->figures, d->skirmisher);
            return 0;
        }
        if (u->figures == 0) {
            if (u->col != -1 || u->row != -1) {
                fail("%s: destroyed unit %s still on [%d, %d]", where, d->name, u->col, u->row);
                return 0;
            }
            continue;
        }
        if (u->col == -1 && u->row == -1 && sc->ext.unit_reinf[i] &&
            re_unit_waiting(sc, st, (int)i))
            continue; /* a reinforcement still to enter (scenario format 2) */
        if (u->col < 0 || u->row < 0 || u->col >= sc->cols || u->row >= sc->rows) {
            fail("%s: unit %s off the map at [%d, %d]", where, d->name, u->col, u->row);
            return 0;
        }
        const re_hexdef *h = &sc->map[u->row][u->col];
        const re_terrain_row *tr = re_terrain_row_at(h->terrain);
        if (h->terrain == RE_LAKE && !(h->flags & (RE_BRIDGE | RE_FORD))) {
            fail("%s: unit %s in a lake at [%d, %d]", where, d->name, u->col, u->row);
            return 0;
        }
        if (tr && h->terrain != RE_LAKE && (tr->forbidden & RE_TYPE_BIT(d->type)) &&
            !((h->flags & RE_ROAD) && (tr->road_allows & RE_TYPE_BIT(d->type)))) {
            fail("%s: unit %s in forbidden %s at [%d, %d]", where, d->name, tr->label, u->col,
                 u->row);
            return 0;
        }
        if (occ[u->row][u->col] >= 0) {
            fail("%s: units %s and %s both in [%d, %d]", where, sc->units[occ[u->row][u->col]].name,
                 d->name, u->col, u->row);
            return 0;
        }
        occ[u->row][u->col] = (int8_t)i;
    }
    re_state copy = *st;
    if (re_hash(sc, &copy) != re_hash(sc, st) || memcmp(&copy, st, sizeof copy)) {
        fail("%s: a plain copy of the state differs", where);
        return 0;
    }
    int p = re_current_player(sc, st);
    if (p == RE_TERMINAL) {
        int w = re_winner(sc, st);
        if (w != 0 && w != 1 && w != -1) {
            fail("%s: terminal with winner %d", where, w);
            return 0;
        }
        return 1;
    }
    if (p == RE_CHANCE) {
        static re_chance ch[RE_MAX_ACTIONS];
        int n = re_chance_outcomes(sc, st, ch, RE_MAX_ACTIONS);
        uint64_t sum = 0;
        for (int i = 0; i < n; i++) {
            if (ch[i].den != ch[0].den || ch[i].num == 0) {
                fail("%s: chance outcome %d has probability %u/%u", where, i, ch[i].num, ch[i].den);
                return 0;
            }
            sum += ch[i].num;
        }
        if (n <= 0 || sum != ch[0].den) {
            fail("%s: %d chance outcomes, probabilities sum to %" PRIu64 "/%u", where, n, sum,
                 n > 0 ? ch[0].den : 0);
            return 0;
        }
        return 1;
    }
    if (p != 0 && p != 1) {
        fail("%s: current player %d", where, p);
        return 0;
    }
    static re_action acts[RE_MAX_ACTIONS];
    int n = re_legal_actions(sc, st, acts, RE_MAX_ACTIONS);
    if (n <= 0 || n > RE_MAX_ACTIONS) {
        fail("%s: %d legal actions for side %d", where, n, p);
        return 0;
    }
    return 1;
}

static void playout(const char *file, const re_scenario *sc, gr_ai_kind kind, uint64_t seed,
                    long *steps_total, int *wins)
{
    gr_error err;
    gr_error_clear(&err);
    char where[160];
    gr_game game = {&re_game_type, sc, NULL};
    gr_match *m = NULL, *r = NULL;
    if (gr_match_new(&game, seed, &m, &err) != GR_OK) {
        fail("%s: gr_match_new: %s", file, err.msg);
        return;
    }
    size_t n = 0;
    snprintf(where, sizeof where, "%s seed %" PRIu64 " start", sc->id, seed);
    if (!check_state(sc, gr_match_state(m), where))
        goto out;
    for (;;) {
        int p = gr_match_current_player(m);
        if (p == GR_TERMINAL)
            break;
        if (++n > MAX_STEPS) {
            fail("%s seed %" PRIu64 ": no end after %d steps", sc->id, seed, MAX_STEPS);
            goto out;
        }
        gr_status st;
        if (p == GR_CHANCE) {
            st = gr_match_step_chance(m, &err);
        } else {
            const gr_action *acts;
            int k = gr_match_legal(m, &acts);
            gr_action a =
                gr_ai_choose(&game, gr_match_state(m), kind, acts, k, gr_match_player_rng(m, p));
            st = gr_match_apply(m, a, &err);
        }
        if (st != GR_OK) {
            fail("%s seed %" PRIu64 " step %zu: a legal action refused: %s", sc->id, seed, n,
                 err.msg);
            goto out;
        }
        snprintf(where, sizeof where, "%s seed %" PRIu64 " step %zu", sc->id, seed, n);
        if (!check_state(sc, gr_match_state(m), where))
            goto out;
    }
    *steps_total += (long)n;
    int w = re_winner(sc, gr_match_state(m));
    wins[w == 0 ? 0 : w == 1 ? 1 : 2]++;
    size_t bad, nsteps = gr_match_steps(m);
    const gr_record_step *rec = gr_match_step(m, 0);
    if (gr_match_new(&game, seed, &r, &err) != GR_OK ||
        gr_match_replay(r, rec, nsteps, &bad, &err) != GR_OK) {
        fail("%s seed %" PRIu64 ": replay differs: %s", sc->id, seed, err.msg);
        goto out;
    }
    if (memcmp(gr_match_state(r), gr_match_state(m), sizeof(re_state)))
        fail("%s seed %" PRIu64 ": replay ends in another state", sc->id, seed);
    if (seed % 100 == 0) {
        /* through a save file and back */
        char path[256];
        snprintf(path, sizeof path, "test_playouts_%s_%" PRIu64 ".json", sc->id, seed);
        gr_saved h;
        memset(&h, 0, sizeof h);
        if (gr_save_write(m, file, path, &err) != GR_OK)
            fail("save: %s", err.msg);
        else if (gr_save_read(path, &h, &err) != GR_OK ||
                 gr_saved_actions(&h, &game, &err) != GR_OK)
            fail("load: %s", err.msg);
        else {
            gr_match *v = NULL;
            if (h.nsteps != nsteps || h.seed != seed ||
                h.scenario_digest != gr_game_scenario_digest(&game))
                fail("%s: the save file does not read back", path);
            else if (gr_match_new(&game, seed, &v, &err) != GR_OK ||
                     gr_match_replay(v, h.steps, h.nsteps, &bad, &err) != GR_OK)
                fail("%s: %s", path, err.msg);
            gr_match_free(v);
            v = NULL;
            /* a tampered hash is caught at its step */
            if (h.nsteps > 10) {
                h.steps[9].hash ^= 1;
                if (gr_match_new(&game, seed, &v, &err) != GR_OK ||
                    gr_match_replay(v, h.steps, h.nsteps, &bad, &err) == GR_OK || bad != 10)
                    fail("%s: a wrong hash at step 10 is not caught there (%zu)", path, bad);
                gr_match_free(v);
            }
        }
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
    printf("sizeof(re_state) = %zu bytes (limit 16384)\n", sizeof(re_state));
    if (sizeof(re_state) > 16384)
        fail("re_state is %zu bytes, more than 16 KiB", sizeof(re_state));
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, files[f]);
        static re_scenario sc;
        gr_error err;
        if (re_scenario_load(path, &sc, &err) != GR_OK) {
            fail("%s", err.msg);
            continue;
        }
        /* Uniform random players, then eager ones (which fight more). */
        static const struct {
            gr_ai_kind kind;
            const char *name;
        } kinds[] = {{{GR_AI_RANDOM, 0, 0}, "random"}, {{GR_AI_EAGER, 0, 0}, "eager"}};
        /* Marengo and Friedland (format 2): a quarter of the seeds, so that the
         * sanitizer run stays well inside the test's time limit on 2 cores */
        long n = f < 2 ? seeds : (seeds + 3) / 4;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            long steps = 0;
            int wins[3] = {0, 0, 0};
            for (long s = 1; s <= n; s++)
                playout(files[f], &sc, kinds[k].kind, (uint64_t)s, &steps, wins);
            printf("%s, %s players: %ld games, %ld steps (%.0f a game); %s won %d, %s won %d, %d "
                   "drawn\n",
                   sc.id, kinds[k].name, n, steps, n ? (double)steps / (double)n : 0.0,
                   sc.sides[0].name, wins[0], sc.sides[1].name, wins[1], wins[2]);
        }
    }
    printf("%d failures\n", failures);
    return failures != 0;
}
