/* threat.c - the enemy's threat to each of a side's units (ai.h): playouts
 * from the side's own view (the type's resample: the other side's hidden
 * chits drawn, never read) in which the enemy attacks whenever it can and
 * the side itself stands still.  Over game.h only: no game named. */
#include <stdlib.h>
#include <string.h>

#include "grognard/ai.h"
#include "grognard/hash.h"

/* The longest playout, in steps (a turn of Austerlitz is about 40). */
#define THREAT_STEPS 1000

/* An action of the player to move in st for the playout: the enemy (not
 * `side`) puts every chit it may in the bowl, then plays an engaging action
 * (an attack, a fire, a move next to a unit) whenever one is legal, drawn
 * at random so that every attack it can make is tried, else passes; `side`
 * puts its chits in and otherwise passes (stands still). */
static gr_action pick(const gr_game *g, const void *st, int side, const gr_action *acts, int n,
                      gr_rng *rng, int *engaged)
{
    const gr_game_type *T = g->type;
    int p = gr_game_current_player(g, st);
    int hidden = 0, npass = 0, neng = 0;
    gr_action pass = acts[0];
    for (int i = 0; i < n; i++) {
        if (T->is_hidden_choice && T->is_hidden_choice(g->sc, st, p, acts[i]))
            hidden++;
        if (T->is_pass && T->is_pass(g->sc, st, acts[i])) {
            pass = acts[i];
            npass++;
        }
    }
    *engaged = 0;
    if (hidden) { /* a chit: any but the pass */
        uint32_t k = gr_rng_below(rng, (uint32_t)hidden);
        for (int i = 0; i < n; i++)
            if (T->is_hidden_choice(g->sc, st, p, acts[i]) && k-- == 0)
                return acts[i];
    }
    if (p != side && T->is_engaging) {
        for (int i = 0; i < n; i++)
            neng += T->is_engaging(g->sc, st, acts[i]) != 0;
        if (neng) {
            uint32_t k = gr_rng_below(rng, (uint32_t)neng);
            *engaged = 1;
            for (int i = 0; i < n; i++)
                if (T->is_engaging(g->sc, st, acts[i]) && k-- == 0)
                    return acts[i];
        }
    }
    if (npass)
        return pass;
    /* no pass (a riposte, a retreat): what does not engage, at random */
    int quiet = 0;
    for (int i = 0; i < n; i++)
        quiet += !T->is_engaging || !T->is_engaging(g->sc, st, acts[i]);
    if (quiet) {
        uint32_t k = gr_rng_below(rng, (uint32_t)quiet);
        for (int i = 0; i < n; i++)
            if ((!T->is_engaging || !T->is_engaging(g->sc, st, acts[i])) && k-- == 0)
                return acts[i];
    }
    return acts[gr_rng_below(rng, (uint32_t)n)];
}

/* The units' strengths in st (the type's sites; -1 for an objective). */
static void strengths(const gr_game *g, const void *st, gr_site *s, int ns, int *out)
{
    g->type->sites(g->sc, st, s, ns);
    for (int i = 0; i < ns; i++)
        out[i] = s[i].kind == GR_SITE_UNIT ? s[i].strength : -1;
}

int gr_ai_threat(const gr_game *g, const void *st, int side, gr_ai_threat_unit *out, int cap)
{
    const gr_game_type *T = g->type;
    if (!T->sites || !T->resample || !T->turn || T->not_enumerable || side < 0 || side > 1)
        return -1;
    int ns = T->sites(g->sc, st, NULL, 0);
    gr_site *s = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *s);
    int *base = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *base);
    int *now = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *now);
    int *hits = calloc((size_t)(ns > 0 ? ns : 1), sizeof *hits);
    long *lost = calloc((size_t)(ns > 0 ? ns : 1), sizeof *lost);
    unsigned char *obs = malloc(T->obs_size ? T->obs_size : 1);
    unsigned char *t = malloc(T->state_size);
    gr_action *acts = malloc((size_t)T->max_actions * sizeof *acts);
    int count = -1;
    if (!s || !base || !now || !hits || !lost || !obs || !t || !acts)
        goto done;
    /* the stream is seeded by what the side sees, so that the answer is
     * the same for every state it cannot tell apart */
    gr_game_observe(g, st, side, obs);
    gr_rng rng;
    gr_rng_seed(&rng, gr_fnv1a64(0x74687265617421ull ^ (uint64_t)side, obs, T->obs_size));
    T->sites(g->sc, st, s, ns);
    for (int k = 0; k < GR_AI_THREAT_SAMPLES; k++) {
        gr_game_resample(g, st, side, &rng, t);
        strengths(g, t, s, ns, base);
        int turn0 = T->turn(g->sc, t), engaged = 0;
        for (int step = 0; step < THREAT_STEPS; step++) {
            int p = gr_game_current_player(g, t);
            if (p == GR_TERMINAL)
                break;
            int turn = T->turn(g->sc, t);
            /* the rest of this turn, or of the next if the enemy has not
             * engaged yet (its chits all drawn before the question) */
            if (turn > turn0 + 1 || (turn > turn0 && engaged))
                break;
            if (p == GR_CHANCE) {
                gr_game_apply(g, t, gr_game_sample_chance(g, t, &rng), NULL);
                continue;
            }
            int n = gr_game_legal_actions(g, t, acts, T->max_actions);
            if (n < 1)
                break;
            int e;
            gr_action a = pick(g, t, side, acts, n, &rng, &e);
            engaged |= e;
            gr_game_apply(g, t, a, NULL);
        }
        strengths(g, t, s, ns, now);
        for (int i = 0; i < ns; i++)
            if (base[i] > 0 && now[i] < base[i]) {
                hits[i]++;
                lost[i] += base[i] - now[i];
            }
    }
    /* the side's units standing in st, in the type's order */
    T->sites(g->sc, st, s, ns);
    count = 0;
    for (int i = 0, u = 0; i < ns; i++) {
        if (s[i].kind != GR_SITE_UNIT)
            continue;
        if (s[i].side == side && s[i].strength > 0) {
            if (count < cap)
                out[count] = (gr_ai_threat_unit){u, s[i].col, s[i].row,
                                                 (double)hits[i] / GR_AI_THREAT_SAMPLES,
                                                 (double)lost[i] / GR_AI_THREAT_SAMPLES};
            count++;
        }
        u++;
    }
done:
    free(s);
    free(base);
    free(now);
    free(hits);
    free(lost);
    free(obs);
    free(t);
    free(acts);
    return count;
}
