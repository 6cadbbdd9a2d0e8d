/* bench_tabletop.c - the table's queries and move sets (issue 28), on one
 * core, by CPU time.
 *
 * The layout: an aoe table of 72" x 48" with 50 terrain polygons (woods and
 * towns of 4 to 8 vertices, placed from a fixed seed) and 100 stands: 25
 * brigades of 4 stands, in line, column or march column, both sides mixed.
 * Measured:
 *   - range + sight, stand to stand: whether two stands are within 18" edge
 *     to edge (tt_poly_within, exact), then one line of sight between them (from the
 *     firing stand's front-left corner to the target's front-left corner),
 *     over every pair of stands of opposing brigades;
 *   - tt_can_fire, brigade to brigade: range, arcs of the front stands and
 *     sight (a clear line from a front corner to any corner), every pair;
 *   - all the moves of one brigade: tt_move_set with aoe's line infantry
 *     (6", road 12", difficult x 1/2), over every brigade.
 * Each figure is the best of three runs (the machine is shared).
 *
 * usage: bench_tabletop [REPEATS [sight|fire|moves]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/rng.h"
#include "grognard/tabletop.h"

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static tt_table T;

static tt_pt P(int64_t x, int64_t y)
{
    tt_pt p = {(tt_coord)x, (tt_coord)y};
    return p;
}

static void build(void)
{
    gr_rng r;
    gr_rng_seed(&r, 2028);
    tt_table_init(&T, TT_AOE, TT_INCH(72), TT_INCH(48));
    gr_error err;
    while (T.nfeatures < 50) {
        tt_feature f;
        memset(&f, 0, sizeof f);
        f.kind = gr_rng_below(&r, 3) ? TT_WOOD : TT_TOWN;
        /* a star-shaped polygon: n vertices at angles 45 / (n/8) apart,
         * radii 1" to 3" (a simple polygon by construction) */
        int n = 4 + (int)gr_rng_below(&r, 5);
        int64_t cx = 4000 + gr_rng_below(&r, 64000), cy = 4000 + gr_rng_below(&r, 40000);
        static const int64_t cs[8][2] = {{1000, 0},  {707, 707},   {0, 1000},  {-707, 707},
                                         {-1000, 0}, {-707, -707}, {0, -1000}, {707, -707}};
        for (int i = 0; i < n; i++) {
            int k = i * 8 / n;
            int64_t rad = 1 + gr_rng_below(&r, 3);
            f.v[i] = P(cx + cs[k][0] * rad, cy + cs[k][1] * rad);
        }
        f.n = n;
        tt_table_add_feature(&T, &f, &err);
    }
    static const tt_formation forms[3] = {TT_LINE, TT_COLUMN, TT_MARCH};
    static const tt_dir dirs[4] = {{0, 1}, {0, -1}, {3, 4}, {-4, -3}};
    for (int tries = 0; T.nunits < 25 && tries < 100000; tries++) {
        tt_unit u;
        memset(&u, 0, sizeof u);
        u.id = T.nunits + 1, u.side = T.nunits % 2, u.arm = TT_INFANTRY, u.nstands = 4;
        u.pose.form = forms[gr_rng_below(&r, 3)];
        u.pose.face = dirs[u.side * 2 + (int)gr_rng_below(&r, 2)];
        u.pose.at = P(4000 + gr_rng_below(&r, 64000), 4000 + gr_rng_below(&r, 40000));
        tt_table_add_unit(&T, &u, &err);
    }
    if (T.nunits < 25) {
        fprintf(stderr, "bench_tabletop: placed only %d brigades\n", T.nunits);
        exit(1);
    }
}

static volatile long sink;

int main(int argc, char **argv)
{
    long reps = argc > 1 ? atol(argv[1]) : 200;
    const char *only = argc > 2 ? argv[2] : NULL;
    build();
    int stands = 0;
    for (int i = 0; i < T.nunits; i++)
        stands += T.units[i].nstands;
    printf("table: %d terrain polygons, %d stands in %d brigades\n", T.nfeatures, stands, T.nunits);

    double best = 1e9;
    if (only && strcmp(only, "sight"))
        goto fire;
    /* range + sight, stand to stand */
    long queries = 0, in_range = 0, seen = 0;
    for (int run = 0; run < 3; run++) {
        queries = in_range = seen = 0;
        double t0 = cpu();
        for (long k = 0; k < reps; k++)
            for (int i = 0; i < T.nunits; i++)
                for (int j = 0; j < T.nunits; j++) {
                    const tt_unit *a = &T.units[i], *b = &T.units[j];
                    if (a->side == b->side)
                        continue;
                    for (int s = 0; s < a->nstands; s++)
                        for (int u = 0; u < b->nstands; u++) {
                            queries++;
                            if (tt_poly_within(a->st[s].c, 4, b->st[u].c, 4, TT_INCH(18))) {
                                in_range++;
                                seen += tt_los_pt(&T, a->st[s].c[1], b->st[u].c[1], a->id, b->id);
                            }
                        }
                }
        double per = (cpu() - t0) / (double)queries;
        if (per < best)
            best = per;
    }
    sink = seen;
    printf("range + sight, stand to stand: %.3f us a query (%ld queries a run, %ld in range, "
           "%ld seen)\n",
           best * 1e6, queries, in_range, seen);
    /* the same, over the pairs within range only (each traces its line) */
    static int pa[100000][4];
    int np = 0;
    for (int i = 0; i < T.nunits; i++)
        for (int j = 0; j < T.nunits; j++) {
            const tt_unit *a = &T.units[i], *b = &T.units[j];
            if (a->side == b->side)
                continue;
            for (int s = 0; s < a->nstands; s++)
                for (int u = 0; u < b->nstands; u++)
                    if (np < 100000 &&
                        tt_q_cmp_len(tt_dist2_poly(a->st[s].c, 4, b->st[u].c, 4), TT_INCH(18)) <= 0)
                        pa[np][0] = i, pa[np][1] = s, pa[np][2] = j, pa[np][3] = u, np++;
        }
    best = 1e9;
    for (int run = 0; run < 3; run++) {
        seen = 0;
        double t0 = cpu();
        for (long k = 0; k < reps; k++)
            for (int q = 0; q < np; q++) {
                const tt_unit *a = &T.units[pa[q][0]], *b = &T.units[pa[q][2]];
                const tt_stand *x = &a->st[pa[q][1]], *y = &b->st[pa[q][3]];
                if (tt_poly_within(x->c, 4, y->c, 4, TT_INCH(18)))
                    seen += tt_los_pt(&T, x->c[1], y->c[1], a->id, b->id);
            }
        double per = (cpu() - t0) / (double)(np * reps);
        if (per < best)
            best = per;
    }
    sink = seen;
    printf("range + sight, stand to stand, pairs within 18\": %.3f us a query (%d pairs)\n",
           best * 1e6, np);

fire:
    if (only && strcmp(only, "fire"))
        goto moves;
    /* tt_can_fire, brigade to brigade */
    best = 1e9;
    long fires = 0, can = 0;
    for (int run = 0; run < 3; run++) {
        fires = can = 0;
        double t0 = cpu();
        for (long k = 0; k < reps; k++)
            for (int i = 0; i < T.nunits; i++)
                for (int j = 0; j < T.nunits; j++) {
                    if (T.units[i].side == T.units[j].side)
                        continue;
                    fires++;
                    can += tt_can_fire(&T, &T.units[i], &T.units[j], TT_INCH(18), TT_ARC_45);
                }
        double per = (cpu() - t0) / (double)fires;
        if (per < best)
            best = per;
    }
    sink = can;
    printf("tt_can_fire, brigade to brigade: %.3f us a query (%ld a run, %ld can fire)\n",
           best * 1e6, fires, can);
    /* the same, over the pairs within range only */
    static int pb[TT_MAX_UNITS * TT_MAX_UNITS][2];
    int nb = 0;
    for (int i = 0; i < T.nunits; i++)
        for (int j = 0; j < T.nunits; j++)
            if (T.units[i].side != T.units[j].side &&
                tt_unit_cmp_range(&T.units[i], &T.units[j], TT_INCH(18)) <= 0)
                pb[nb][0] = i, pb[nb][1] = j, nb++;
    best = 1e9;
    for (int run = 0; run < 3; run++) {
        can = 0;
        double t0 = cpu();
        for (long k = 0; k < reps; k++)
            for (int q = 0; q < nb; q++)
                can +=
                    tt_can_fire(&T, &T.units[pb[q][0]], &T.units[pb[q][1]], TT_INCH(18), TT_ARC_45);
        double per = (cpu() - t0) / (double)(nb * reps);
        if (per < best)
            best = per;
    }
    sink = can;
    printf("tt_can_fire, brigade to brigade, pairs within 18\": %.3f us a query (%d pairs)\n",
           best * 1e6, nb);

moves:
    if (only && strcmp(only, "moves"))
        return 0;
    /* all the moves of one brigade */
    tt_mover mv;
    memset(&mv, 0, sizeof mv);
    mv.allowance = TT_INCH(6);
    mv.speed[TT_GO_CLEAR] = TT_INCH(6);
    mv.speed[TT_GO_ROAD] = TT_INCH(12);
    mv.speed[TT_GO_ROUGH] = mv.speed[TT_GO_DIFFICULT] = TT_INCH(3);
    mv.speed[TT_GO_FORD] = TT_INCH(6);
    mv.ford_penalty = TT_INCH(2);
    mv.pass_penalty = TT_INCH(3);
    mv.formation_cost = TT_INCH(3);
    mv.may_change[TT_LINE] = mv.may_change[TT_COLUMN] = mv.may_change[TT_MARCH] = 1;
    static tt_option opt[TT_MAX_OPTIONS];
    best = 1e9;
    long sets = 0, options = 0;
    long mreps = reps / 10 > 0 ? reps / 10 : 1;
    for (int run = 0; run < 3; run++) {
        sets = options = 0;
        double t0 = cpu();
        for (long k = 0; k < mreps; k++)
            for (int i = 0; i < T.nunits; i++) {
                sets++;
                options += tt_move_set(&T, T.units[i].id, &mv, opt, TT_MAX_OPTIONS);
            }
        double per = (cpu() - t0) / (double)sets;
        if (per < best)
            best = per;
    }
    printf("all the moves of one brigade: %.2f us a brigade (%.1f options on average)\n",
           best * 1e6, (double)options / (double)sets);
    return 0;
}
