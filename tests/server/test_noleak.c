/* test_noleak.c - the no-leak property of the server's answers, in
 * process, over the server's own view functions (src/server/sv_game.c):
 * for at least 1,000 random games, two copies of a game that differ only in
 * the chit a side has just put in the bowl (a hidden choice) give the other
 * side and a spectator byte-identical views and events, step after step
 * until a draw reveals a chit.  The side itself must see its own choice
 * (else the test would prove nothing).
 *
 *   test_noleak SOURCE_ROOT [GAMES] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/re_io.h"
#include "grognard/rng.h"
#include "../../src/server/server_internal.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            if (failures > 10)                                                                     \
                exit(1);                                                                           \
        }                                                                                          \
    } while (0)

static const char players[2][GR_STORE_NAME_MAX] = {"human", "human"};
static const char tokens[2][GR_STORE_TOKEN_MAX] = {"00000000000000000000000000000000",
                                                   "11111111111111111111111111111111"};

static int act(sv_game *g, gr_action a)
{
    char text[256];
    gr_game_describe(&g->scn->game, gr_match_state(g->m), a, text, sizeof text);
    size_t first;
    gr_error err;
    int code = sv_game_act(g, gr_match_current_player(g->m), text, gr_match_steps(g->m), NULL, 0,
                           &first, &err);
    if (code != 200)
        fprintf(stderr, "act '%s': %d %s\n", text, code, err.msg);
    return code == 200;
}

/* The views (and new events from log index `from`) of `viewer` in a and b
 * are the same bytes; returns 1 if they are. */
static int same_for(sv_game *a, sv_game *b, int viewer, size_t from_a, size_t from_b, int fr)
{
    char *va = sv_game_view(a, viewer, 0, GR_LANG_EN);
    char *vb = sv_game_view(b, viewer, 0, GR_LANG_EN);
    int same = va && vb && !strcmp(va, vb);
    if (!same)
        fprintf(stderr, "viewer %d:\n  %s\n  %s\n", viewer, va ? va : "(null)", vb ? vb : "(null)");
    free(va);
    free(vb);
    char *fa = fr ? sv_game_view(a, viewer, 1, GR_LANG_FR) : strdup("");
    char *fb = fr ? sv_game_view(b, viewer, 1, GR_LANG_FR) : strdup("");
    same = same && fa && fb && !strcmp(fa, fb);
    free(fa);
    free(fb);
    json_t *ea = sv_game_events(a, viewer, from_a, GR_LANG_EN);
    json_t *eb = sv_game_events(b, viewer, from_b, GR_LANG_EN);
    char *sa = ea ? json_dumps(ea, JSON_COMPACT) : NULL;
    char *sb = eb ? json_dumps(eb, JSON_COMPACT) : NULL;
    same = same && sa && sb && !strcmp(sa, sb);
    free(sa);
    free(sb);
    json_decref(ea);
    json_decref(eb);
    return same;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_noleak SOURCE_ROOT [GAMES]\n");
        return 2;
    }
    int want = argc > 2 ? atoi(argv[2]) : 1000;
    const char *names[2] = {"teaching", "austerlitz"};
    static re_scenario rs[2];
    sv_scenario scn[2];
    memset(scn, 0, sizeof scn);
    for (int i = 0; i < 2; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/data/scenarios/%s.json", argv[1], names[i]);
        gr_error err;
        if (re_scenario_load(path, &rs[i], &err) != GR_OK) {
            fprintf(stderr, "FAIL: %s\n", err.msg);
            return 1;
        }
        snprintf(scn[i].id, sizeof scn[i].id, "%s", names[i]);
        scn[i].path = path;
        scn[i].sc = &rs[i];
        scn[i].game.type = gr_game_type_find("re");
        scn[i].game.sc = &rs[i];
    }
    int forks = 0, compared = 0, past = 0;
    for (uint64_t seed = 1; forks < want && seed < (uint64_t)want * 4; seed++) {
        const sv_scenario *s = &scn[seed % 2];
        const gr_game *gm = &s->game;
        gr_rng rng;
        gr_rng_seed(&rng, seed * 7919);
        sv_game *a, *b;
        gr_error err;
        if (sv_game_new(s, "0123456789abcdef", seed, players, tokens, &a, &err) != GR_OK) {
            fprintf(stderr, "FAIL: %s\n", err.msg);
            return 1;
        }
        /* random play for a while, then on to a hidden choice with two
         * different options */
        uint32_t prefix = gr_rng_below(&rng, 200);
        gr_action h[2] = {0, 0};
        int p = -1;
        for (uint32_t k = 0; !gr_match_is_over(a->m) && k < 2000; k++) {
            /* the server's dice and draws come from the chance stream (a
             * scenario may start at a chance node: a reinforcement's die) */
            while (gr_match_current_player(a->m) == GR_CHANCE)
                gr_match_step_chance(a->m, &err);
            const gr_action *acts;
            int n = gr_match_legal(a->m, &acts);
            int cur = gr_match_current_player(a->m);
            if (k >= prefix) {
                int nh = 0;
                for (int i = 0; i < n && nh < 2; i++)
                    if (gm->type->is_hidden_choice(gm->sc, gr_match_state(a->m), cur, acts[i]))
                        h[nh++] = acts[i];
                if (nh == 2 && h[0] != h[1]) {
                    p = cur;
                    break;
                }
            }
            /* the prefix straight through the match (fast); the fork below
             * goes through the server's own act */
            if (n <= 0 ||
                gr_match_apply(a->m, acts[gr_rng_below(&rng, (uint32_t)n)], &err) != GR_OK)
                break;
        }
        if (p < 0) {
            sv_game_free(a);
            continue;
        }
        size_t n;
        gr_record_step *rec = sv_game_record(a, &n);
        CHECK(sv_game_new(s, "0123456789abcdef", seed, players, tokens, &b, &err) == GR_OK, "%s",
              err.msg);
        CHECK(sv_game_reset(b, rec, n, &err) == GR_OK, "%s", err.msg);
        free(rec);
        size_t la = a->nlog, lb = b->nlog, before = gr_match_steps(a->m);
        CHECK(act(a, h[0]) && act(b, h[1]), "seed %llu: the hidden choices are refused",
              (unsigned long long)seed);
        if (gr_match_steps(a->m) != before + 1 || gr_match_steps(b->m) != before + 1) {
            /* the server drew a chit right after the last one went in: the
             * draw is public, and the bowl's content may show in it */
            sv_game_free(a);
            sv_game_free(b);
            continue;
        }
        forks++;
        /* the side itself sees its own choice: the two views differ */
        char *oa = sv_game_view(a, p, 0, GR_LANG_EN), *ob = sv_game_view(b, p, 0, GR_LANG_EN);
        CHECK(oa && ob && strcmp(oa, ob), "seed %llu: side %d's own views do not differ",
              (unsigned long long)seed, p);
        free(oa);
        free(ob);
        for (int step = 0; step < 6; step++) {
            CHECK(same_for(a, b, 1 - p, la, lb, step == 0),
                  "seed %llu step %d: side %d sees a difference", (unsigned long long)seed, step,
                  1 - p);
            CHECK(same_for(a, b, GR_SPECTATOR, la, lb, step == 0),
                  "seed %llu step %d: a spectator sees a difference", (unsigned long long)seed,
                  step);
            compared++;
            la = a->nlog;
            lb = b->nlog;
            /* on with the same decision in both, while no draw has come */
            if (gr_match_is_over(a->m) ||
                gr_match_current_player(a->m) != gr_match_current_player(b->m))
                break;
            const gr_action *acts;
            int na = gr_match_legal(a->m, &acts);
            if (na <= 0)
                break;
            gr_action next = acts[gr_rng_below(&rng, (uint32_t)na)];
            size_t sa = gr_match_steps(a->m), sb = gr_match_steps(b->m);
            if (!gm->type->is_legal(gm->sc, gr_match_state(b->m), next) || !act(a, next) ||
                !act(b, next))
                break;
            /* a chance step came after it (a chit drawn: public from now) */
            if (gr_match_steps(a->m) != sa + 1 || gr_match_steps(b->m) != sb + 1)
                break;
        }
        /* the views at the step of the hidden choice, replayed later from
         * the record (GET /api/games/ID?step=N, issue 30): the same for the
         * other side and a spectator, while the side sees its own chit */
        if (forks % 4 == 1) {
            size_t ra_n, rb_n;
            gr_record_step *ra = sv_game_record(a, &ra_n), *rb = sv_game_record(b, &rb_n);
            for (int viewer = 0; ra && rb && viewer < 3; viewer++) {
                int seat = viewer < 2 ? viewer : GR_SPECTATOR;
                char *pa = sv_game_view_at(a->scn, a->id, a->seed,
                                           (const char(*)[GR_STORE_NAME_MAX])a->players, ra,
                                           before + 1, ra_n, seat, GR_LANG_EN, &err);
                char *pb = sv_game_view_at(b->scn, b->id, b->seed,
                                           (const char(*)[GR_STORE_NAME_MAX])b->players, rb,
                                           before + 1, rb_n, seat, GR_LANG_EN, &err);
                CHECK(pa && pb, "seed %llu: no view at step %zu: %s", (unsigned long long)seed,
                      before + 1, err.msg);
                if (pa && pb && ra_n == rb_n && seat != p)
                    CHECK(!strcmp(pa, pb), "seed %llu: viewer %d sees a difference at step %zu",
                          (unsigned long long)seed, viewer, before + 1);
                if (pa && pb && seat == p)
                    CHECK(strcmp(pa, pb),
                          "seed %llu: side %d's own views at step %zu do not differ",
                          (unsigned long long)seed, p, before + 1);
                free(pa);
                free(pb);
            }
            free(ra);
            free(rb);
            past++;
        }
        sv_game_free(a);
        sv_game_free(b);
    }
    printf("%d games seen again at the hidden choice's step\n", past);
    CHECK(past >= want / 4, "only %d games seen at an earlier step", past);
    printf("%d games forked at a hidden choice, %d comparisons, %d failures\n", forks, compared,
           failures);
    CHECK(forks >= want, "only %d games reached a hidden choice with two options", forks);
    return failures ? 1 : 0;
}
