/* bench_commander.c - what issue 31 asks to read beside the ladder, for two
 * computer players over whole battles of an R&E scenario (side 0 plays A,
 * side 1 plays B), through game.h and ai.h as the simulator uses them:
 *  - wins, draws and losses;
 *  - chits in the bowl: those put, of those the side could have put (each
 *    time a side ends its choice while a chit may still go in, the chits it
 *    could still have put are counted as left out);
 *  - battery fire: of the batteries that could fire in an activation's
 *    fire phase (a fire action of theirs was legal), the share that fired;
 *  - idle units: of the units that stood on the map, the share that never
 *    came within reach of an enemy (next to one; a battery, within 3 hexes);
 *  - how often each objective changed hands (its holder, the type's sites,
 *    read after every step), over all the battles;
 *  - the CPU time of a decision (mean and most), each side.
 * Battle i is played from seeds derived from SEED and i only, so that the
 * shards of a run (SHARD K/N: battles (K-1)*GAMES/N to K*GAMES/N - 1, run
 * side by side) add up to the run; "games" is the battles played.
 *
 * usage: bench_commander SCENARIO A B GAMES [SEED [K/N]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/ai.h"
#include "grognard/hex.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

typedef struct tally {
    long won, put, allowed, can_fire, fired, units, idle, decisions;
    double cpu, cpu_max;
} tally;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The chits side st->side could still put in the bowl: chits put on a
 * copy while one may go in. */
static long chits_left(const re_scenario *sc, const re_state *st, re_action *acts)
{
    re_state c = *st;
    long k = 0;
    for (;;) {
        int n = re_legal_actions(sc, &c, acts, RE_MAX_ACTIONS), chit = -1;
        for (int i = 0; i < n && chit < 0; i++)
            chit = acts[i].kind == RE_A_CHIT ? i : -1;
        if (chit < 0 || c.stage != RE_ST_CHITS || c.side != st->side)
            return k;
        re_apply_trusted(sc, &c, acts[chit], NULL);
        k++;
    }
}

static int in_reach(const re_scenario *sc, const re_state *st, int u)
{
    const re_unit_st *us = &st->units[u];
    gr_hex h = gr_hex_from_offset(us->col, us->row);
    int range = sc->units[u].type == RE_ARTILLERY ? 3 : 1;
    for (int e = 0; e < sc->nunits; e++) {
        const re_unit_st *es = &st->units[e];
        if (sc->units[e].side == sc->units[u].side || es->figures == 0 || es->col < 0)
            continue;
        if (gr_hex_distance(h, gr_hex_from_offset(es->col, es->row)) <= range)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: bench_commander SCENARIO A B GAMES [SEED [K/N]]\n");
        return 2;
    }
    static re_scenario sc;
    gr_error err;
    gr_error_clear(&err);
    if (re_scenario_load(argv[1], &sc, &err) != GR_OK) {
        fprintf(stderr, "bench_commander: %s\n", err.msg);
        return 2;
    }
    gr_ai_kind kinds[2];
    for (int s = 0; s < 2; s++)
        if (gr_ai_kind_parse(argv[2 + s], &kinds[s], &err) != GR_OK) {
            fprintf(stderr, "bench_commander: %s\n", err.msg);
            return 2;
        }
    long games = strtol(argv[4], NULL, 10);
    unsigned long long seed = argc > 5 ? strtoull(argv[5], NULL, 10) : 1;
    long shard = 1, nshards = 1;
    if (argc > 6 && (sscanf(argv[6], "%ld/%ld", &shard, &nshards) != 2 || shard < 1 ||
                     nshards < 1 || shard > nshards)) {
        fprintf(stderr, "bench_commander: shard '%s' is not K/N with 1 <= K <= N\n", argv[6]);
        return 2;
    }
    long first = (shard - 1) * games / nshards, end = shard * games / nshards;
    gr_game g = {&re_game_type, &sc, NULL};
    gr_action *acts = malloc(RE_MAX_ACTIONS * sizeof *acts);
    re_action *racts = malloc(RE_MAX_ACTIONS * sizeof *racts);
    if (!acts || !racts)
        return 1;
    tally t[2];
    memset(t, 0, sizeof t);
    long draws = 0;
    long changes[64] = {0};
    int nobj = sc.nobjectives < 64 ? sc.nobjectives : 64;
    gr_site sites[64 + RE_MAX_UNITS];
    for (long i = first; i < end; i++) {
        re_state st;
        if (gr_game_init(&g, &st, &err) != GR_OK)
            return 1;
        gr_rng chance, rng[2];
        gr_rng_seed(&chance, seed * 1000003ull + (unsigned long long)i);
        for (int s = 0; s < 2; s++)
            gr_rng_seed(&rng[s], gr_rng_next(&chance));
        unsigned char seen[RE_MAX_UNITS] = {0}, reach[RE_MAX_UNITS] = {0};
        unsigned char can[RE_MAX_UNITS] = {0}, fired[RE_MAX_UNITS] = {0};
        int pending = 0;
        int holder[64];
        re_game_type.sites(&sc, &st, sites, 64 + RE_MAX_UNITS);
        for (int o = 0; o < nobj; o++)
            holder[o] = sites[o].holder;
        for (;;) {
            re_game_type.sites(&sc, &st, sites, 64 + RE_MAX_UNITS);
            for (int o = 0; o < nobj; o++) {
                changes[o] += sites[o].holder != holder[o];
                holder[o] = sites[o].holder;
            }
            int p = gr_game_current_player(&g, &st);
            if (p == GR_TERMINAL)
                break;
            if (p == GR_CHANCE) {
                gr_game_apply(&g, &st, gr_game_sample_chance(&g, &st, &chance), NULL);
                continue;
            }
            for (int u = 0; u < sc.nunits; u++)
                if (st.units[u].figures > 0 && st.units[u].col >= 0) {
                    seen[u] = 1;
                    reach[u] |= (unsigned char)in_reach(&sc, &st, u);
                }
            if (pending && st.stage != RE_ST_FIRE) {
                for (int u = 0; u < sc.nunits; u++) {
                    t[sc.units[u].side].can_fire += can[u];
                    t[sc.units[u].side].fired += can[u] && fired[u];
                }
                memset(can, 0, sizeof can);
                memset(fired, 0, sizeof fired);
                pending = 0;
            }
            int n = gr_game_legal_actions(&g, &st, acts, RE_MAX_ACTIONS);
            int chit_legal = 0;
            for (int k = 0; k < n; k++) {
                re_action a = re_action_unpack(acts[k]);
                chit_legal |= a.kind == RE_A_CHIT;
                if (st.stage == RE_ST_FIRE && a.kind == RE_A_FIRE) {
                    can[a.unit] = 1;
                    pending = 1;
                }
            }
            double t0 = now();
            gr_action pick = gr_ai_choose(&g, &st, kinds[p], acts, n, &rng[p]);
            double dt = now() - t0;
            t[p].decisions++;
            t[p].cpu += dt;
            t[p].cpu_max = dt > t[p].cpu_max ? dt : t[p].cpu_max;
            re_action a = re_action_unpack(pick);
            if (a.kind == RE_A_CHIT) {
                t[p].put++;
                t[p].allowed++;
            } else if (a.kind == RE_A_CHITS_DONE && chit_legal) {
                t[p].allowed += chits_left(&sc, &st, racts);
            }
            if (a.kind == RE_A_FIRE)
                fired[a.unit] = 1;
            gr_game_apply(&g, &st, pick, NULL);
        }
        for (int u = 0; u < sc.nunits; u++) {
            t[sc.units[u].side].can_fire += can[u];
            t[sc.units[u].side].fired += can[u] && fired[u];
            t[sc.units[u].side].units += seen[u];
            t[sc.units[u].side].idle += seen[u] && !reach[u];
        }
        int w = gr_game_winner(&g, &st);
        if (w == 0 || w == 1)
            t[w].won++;
        else
            draws++;
    }
    printf("{\"scenario\": \"%s\", \"games\": %ld, \"seed\": %llu, \"draws\": %ld, \"sides\": [",
           sc.id, end - first, seed, draws);
    for (int s = 0; s < 2; s++) {
        char name[32];
        printf("%s{\"player\": \"%s\", \"won\": %ld, \"chits_put\": %ld, \"chits_allowed\": %ld, "
               "\"batteries_could_fire\": %ld, \"batteries_fired\": %ld, \"units\": %ld, "
               "\"units_idle\": %ld, \"decisions\": %ld, \"cpu_mean_s\": %.4f, "
               "\"cpu_max_s\": %.4f}",
               s ? ", " : "", gr_ai_kind_name(kinds[s], name, sizeof name), t[s].won, t[s].put,
               t[s].allowed, t[s].can_fire, t[s].fired, t[s].units, t[s].idle, t[s].decisions,
               t[s].decisions ? t[s].cpu / (double)t[s].decisions : 0.0, t[s].cpu_max);
    }
    printf("], \"objective_changes\": [");
    for (int o = 0; o < nobj; o++)
        printf("%s{\"hex\": [%d, %d], \"changes\": %ld}", o ? ", " : "", sc.objectives[o].col,
               sc.objectives[o].row, changes[o]);
    printf("]}\n");
    free(acts);
    free(racts);
    return 0;
}
