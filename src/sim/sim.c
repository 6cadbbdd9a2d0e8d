/* sim.c - many whole games of a scenario, on J threads, into one report. */
#include "grognard/sim.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/match.h"

uint64_t gr_sim_game_seed(uint64_t seed, long index)
{
    uint64_t s = seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(index + 1));
    return gr_splitmix64(&s);
}

const char *gr_sim_hole_name(int kind)
{
    static const char *const names[GR_SIM_HOLES] = {"step cap", "no legal action",
                                                    "repeated position"};
    return kind >= 0 && kind < GR_SIM_HOLES ? names[kind] : "?";
}

void gr_sim_wilson(long k, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* A position set: the hashes of the decisions of one battle (open
 * addressing, grown by doubling), to notice a position that comes back. */
typedef struct posset {
    uint64_t *h;
    size_t cap, n;
} posset;

/* 1 if h was in the set already, 0 if added, -1 out of memory. */
static int posset_seen(posset *p, uint64_t h)
{
    h = h ? h : 1; /* 0 marks a free slot */
    if (2 * (p->n + 1) > p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t)
            return -1;
        for (size_t i = 0; i < p->cap; i++)
            if (p->h[i])
                for (size_t k = p->h[i] & (cap - 1);; k = (k + 1) & (cap - 1))
                    if (!t[k]) {
                        t[k] = p->h[i];
                        break;
                    }
        free(p->h);
        p->h = t;
        p->cap = cap;
    }
    for (size_t k = h & (p->cap - 1);; k = (k + 1) & (p->cap - 1)) {
        if (p->h[k] == h)
            return 1;
        if (!p->h[k]) {
            p->h[k] = h;
            p->n++;
            return 0;
        }
    }
}

static void posset_clear(posset *p)
{
    if (p->h)
        memset(p->h, 0, p->cap * sizeof *p->h);
    p->n = 0;
}

void gr_sim_diff_ci(long k1, long n1, long k2, long n2, double *lo, double *hi)
{
    double l1, u1, l2, u2;
    gr_sim_wilson(k1, n1, &l1, &u1);
    gr_sim_wilson(k2, n2, &l2, &u2);
    double p1 = n1 > 0 ? (double)k1 / (double)n1 : 0, p2 = n2 > 0 ? (double)k2 / (double)n2 : 0;
    double d = p1 - p2;
    *lo = d - sqrt((p1 - l1) * (p1 - l1) + (u2 - p2) * (u2 - p2));
    *hi = d + sqrt((u1 - p1) * (u1 - p1) + (p2 - l2) * (p2 - l2));
}

typedef struct job {
    const gr_game *g;
    const gr_sim_opts *o;
    long first, count; /* the games to play: first .. first+count-1 */
    int index, jobs;
    gr_sim_report part; /* this job's sums */
    posset seen;
    atomic_long *done;
    atomic_int *failed; /* set by the first job that fails: the others stop */
    gr_status status;
    gr_error err;
} job;

static void add_stats(gr_sim_report *r, const gr_stat *s, int n, int first)
{
    for (int i = 0; i < n && i < GR_SIM_MAX_STATS; i++) {
        gr_sim_stat *t = &r->stats[i];
        if (first) {
            memcpy(t->name, s[i].name, sizeof t->name);
            t->side = s[i].side;
            t->min = t->max = s[i].value;
        }
        t->sum += s[i].value;
        t->min = s[i].value < t->min ? s[i].value : t->min;
        t->max = s[i].value > t->max ? s[i].value : t->max;
        int64_t v = s[i].value < 0 ? 0 : s[i].value >= GR_SIM_HIST ? GR_SIM_HIST - 1 : s[i].value;
        t->hist[v]++;
    }
    if (first)
        r->nstats = n < GR_SIM_MAX_STATS ? n : GR_SIM_MAX_STATS;
}

/* What one battle does, followed step by step (r NULL: nothing is
 * counted, the battle is only played: gr_sim_play). */
typedef struct battle {
    const gr_game *g;
    gr_sim_report *r;
    posset *seen;
    gr_stat st[GR_SIM_MAX_STATS];
    gr_site site[2][GR_SIM_MAX_SITES]; /* before and after the step */
    int nsite;
    long changed[GR_SIM_MAX_OBJ]; /* times each objective changed hands */
    int lead[GR_SIM_MAX_TURNS];   /* who led at the end of each turn (-1: neither) */
    int nlead;
    int hole[GR_SIM_HOLES];
} battle;

static void see_extent(gr_sim_report *r, const gr_site *s, int n)
{
    for (int i = 0; i < n; i++)
        if (s[i].col >= 0 && s[i].row >= 0 && s[i].col < GR_SIM_MAP && s[i].row < GR_SIM_MAP) {
            r->map_cols = s[i].col + 1 > r->map_cols ? s[i].col + 1 : r->map_cols;
            r->map_rows = s[i].row + 1 > r->map_rows ? s[i].row + 1 : r->map_rows;
        }
}

/* The sites after a step, compared with those before: objectives that
 * changed hands, strength lost on the hex the unit stood on. */
static void sites_step(battle *B, const void *state)
{
    const gr_game *g = B->g;
    if (!B->r || !g->type->sites)
        return;
    int n = g->type->sites(g->sc, state, B->site[1], GR_SIM_MAX_SITES);
    n = n < GR_SIM_MAX_SITES ? n : GR_SIM_MAX_SITES;
    int nobj = 0;
    for (int i = 0; i < n && i < B->nsite; i++) {
        const gr_site *a = &B->site[0][i], *b = &B->site[1][i];
        if (a->kind == GR_SITE_OBJECTIVE) {
            if (nobj < GR_SIM_MAX_OBJ && a->holder != b->holder)
                B->changed[nobj]++;
            nobj++;
        } else if (b->strength < a->strength && a->col >= 0 && a->row >= 0 && a->col < GR_SIM_MAP &&
                   a->row < GR_SIM_MAP) {
            B->r->loss[a->col][a->row] += a->strength - b->strength;
        }
    }
    see_extent(B->r, B->site[1], n);
    memcpy(B->site[0], B->site[1], (size_t)n * sizeof B->site[0][0]);
    B->nsite = n;
}

/* The stats of st added to turn t's sums (t from 1; later turns than the
 * report follows go to the last), and who leads at its end. */
static void turn_done(battle *B, const void *st, int t)
{
    const gr_game *g = B->g;
    gr_sim_report *r = B->r;
    if (!r)
        return;
    int k = (t > GR_SIM_MAX_TURNS ? GR_SIM_MAX_TURNS : t) - 1;
    if (g->type->evaluate) {
        int32_t e0 = g->type->evaluate(g->sc, st, 0), e1 = g->type->evaluate(g->sc, st, 1);
        B->lead[k] = e0 > e1 ? 0 : e1 > e0 ? 1 : -1;
        B->nlead = k + 1;
    }
    if (!g->type->stats)
        return;
    int n = g->type->stats(g->sc, st, B->st, GR_SIM_MAX_STATS);
    for (int i = 0; i < n && i < GR_SIM_MAX_STATS; i++)
        r->turn_sum[k][i] += B->st[i].value;
    r->turn_games[k]++;
    if (k + 1 > r->nturns)
        r->nturns = k + 1;
}

/* Play game i of the run into m (new), following it in B.  Stops at the
 * end, the step cap or a side with no legal action (B->hole says which). */
static gr_status play_battle(battle *B, const gr_sim_opts *o, long i, gr_match **out, long *nsteps,
                             gr_error *err)
{
    const gr_game *g = B->g;
    gr_match *m;
    gr_status s = gr_match_new(g, gr_sim_game_seed(o->seed, i), &m, err);
    *out = NULL;
    if (s != GR_OK)
        return s;
    long cap = o->max_steps > 0 ? o->max_steps : GR_SIM_MAX_STEPS, steps = 0;
    memset(B->hole, 0, sizeof B->hole);
    memset(B->changed, 0, sizeof B->changed);
    B->nlead = 0;
    B->nsite = 0;
    if (B->r && g->type->sites) {
        int n = g->type->sites(g->sc, gr_match_state(m), B->site[0], GR_SIM_MAX_SITES);
        B->nsite = n < GR_SIM_MAX_SITES ? n : GR_SIM_MAX_SITES;
        see_extent(B->r, B->site[0], B->nsite);
    }
    if (B->seen)
        posset_clear(B->seen);
    int turn = g->type->turn ? g->type->turn(g->sc, gr_match_state(m)) : 0;
    for (int p; (p = gr_match_current_player(m)) != GR_TERMINAL; steps++) {
        if (steps >= cap) {
            B->hole[GR_SIM_HOLE_STEP_CAP] = 1;
            break;
        }
        if (p == GR_CHANCE) {
            s = gr_match_step_chance(m, err);
        } else {
            const gr_action *acts;
            int n = gr_match_legal(m, &acts);
            if (n <= 0) {
                B->hole[GR_SIM_HOLE_NO_ACTION] = 1;
                break;
            }
            if (B->seen && !B->hole[GR_SIM_HOLE_REPEAT]) {
                int k = posset_seen(B->seen, gr_game_hash(g, gr_match_state(m)));
                if (k < 0) {
                    gr_match_free(m);
                    return gr_error_set(err, GR_ERUNTIME, "out of memory following game %ld",
                                        i + 1);
                }
                B->hole[GR_SIM_HOLE_REPEAT] = k;
            }
            gr_action a = gr_ai_choose(g, gr_match_state(m), o->players[p], acts, n,
                                       gr_match_player_rng(m, p));
            s = gr_match_apply(m, a, err);
        }
        if (s != GR_OK) {
            gr_match_free(m);
            return s;
        }
        sites_step(B, gr_match_state(m));
        /* a turn ended: what it cost so far */
        int now = g->type->turn ? g->type->turn(g->sc, gr_match_state(m)) : 0;
        if (now != turn && turn >= 1)
            turn_done(B, gr_match_state(m), turn);
        turn = now;
    }
    if (turn >= 1)
        turn_done(B, gr_match_state(m), turn);
    *nsteps = steps;
    *out = m;
    return GR_OK;
}

/* Play game i into the job's sums. */
static gr_status play_one(job *J, long i)
{
    const gr_game *g = J->g;
    gr_sim_report *r = &J->part;
    battle B;
    memset(&B, 0, sizeof B);
    B.g = g;
    B.r = r;
    B.seen = &J->seen;
    gr_match *m;
    long steps = 0;
    gr_status s = play_battle(&B, J->o, i, &m, &steps, &J->err);
    if (s != GR_OK)
        return s;
    int w = gr_game_winner(g, gr_match_state(m));
    int stopped = B.hole[GR_SIM_HOLE_STEP_CAP] || B.hole[GR_SIM_HOLE_NO_ACTION];
    if (stopped)
        r->unfinished++;
    else if (w == 0 || w == 1)
        r->wins[w]++;
    else
        r->draws++;
    for (int k = 0; k < GR_SIM_HOLES; k++)
        if (B.hole[k]) {
            /* the games of a job come in increasing order: the first stays */
            if (!r->holes[k]++)
                r->hole_first[k] = i;
        }
    if (!stopped && (w == 0 || w == 1) && B.nlead > 0) {
        int t = B.nlead;
        while (t > 0 && B.lead[t - 1] == w)
            t--;
        /* t: the last turn whose end the winner did not lead; decided in t+1 */
        r->decided[t < B.nlead ? t : B.nlead - 1]++;
    }
    if (g->type->sites) {
        int nobj = 0;
        for (int k = 0; k < B.nsite; k++) {
            const gr_site *x = &B.site[0][k];
            if (x->kind != GR_SITE_OBJECTIVE)
                continue;
            if (nobj < GR_SIM_MAX_OBJ) {
                if (r->games == 0) {
                    r->obj[nobj].col = x->col;
                    r->obj[nobj].row = x->row;
                    r->obj[nobj].side = x->side;
                }
                r->obj[nobj].changes += B.changed[nobj];
                r->obj[nobj].games_changed += B.changed[nobj] > 0;
                r->obj[nobj].end[x->holder == 0 || x->holder == 1 ? x->holder : 2]++;
            }
            nobj++;
        }
        if (r->games == 0)
            r->nobj = nobj < GR_SIM_MAX_OBJ ? nobj : GR_SIM_MAX_OBJ;
    }
    r->steps_sum += steps;
    r->steps_min = r->games == 0 || steps < r->steps_min ? steps : r->steps_min;
    r->steps_max = steps > r->steps_max ? steps : r->steps_max;
    int n = g->type->stats ? g->type->stats(g->sc, gr_match_state(m), B.st, GR_SIM_MAX_STATS) : 0;
    add_stats(r, B.st, n, r->games == 0);
    r->games++;
    gr_match_free(m);
    return GR_OK;
}

gr_status gr_sim_play(const gr_game *g, const gr_sim_opts *o, long index, gr_match **out,
                      gr_error *err)
{
    battle *B = calloc(1, sizeof *B);
    if (!B)
        return gr_error_set(err, GR_ERUNTIME, "out of memory playing game %ld", index + 1);
    B->g = g;
    long steps;
    gr_status s = play_battle(B, o, index, out, &steps, err);
    free(B);
    return s;
}

static void *run_job(void *arg)
{
    job *J = arg;
    J->status = GR_OK;
    for (long i = J->index; i < J->count && !atomic_load(J->failed); i += J->jobs) {
        J->status = play_one(J, J->first + i);
        if (J->status != GR_OK) {
            atomic_store(J->failed, 1);
            break;
        }
        atomic_fetch_add(J->done, 1);
    }
    free(J->seen.h);
    J->seen.h = NULL;
    return NULL;
}

gr_status gr_sim_shard_range(long games, long k, long n, long *first, long *count, gr_error *err)
{
    if (games < 1)
        return gr_error_set(err, GR_EINPUT, "the number of games must be at least 1");
    if (n < 1 || n > games || n > GR_SIM_MAX_SHARDS)
        return gr_error_set(err, GR_EINPUT,
                            "%ld shards of a run of %ld games: the number of shards must be from 1 "
                            "to the number of games (and at most %ld)",
                            n, games, GR_SIM_MAX_SHARDS);
    if (k < 1 || k > n)
        return gr_error_set(err, GR_EINPUT, "shard %ld of %ld: the shard must be from 1 to %ld", k,
                            n, n);
    /* floor(k games / n) without overflow: games = q n + rem, so it is
     * k q + floor(k rem / n), where k rem < n^2 <= 10^18 */
    uint64_t q = (uint64_t)games / (uint64_t)n, rem = (uint64_t)games % (uint64_t)n;
    long lo = (long)((uint64_t)(k - 1) * q + (uint64_t)(k - 1) * rem / (uint64_t)n);
    long hi = (long)((uint64_t)k * q + (uint64_t)k * rem / (uint64_t)n);
    *first = lo;
    *count = hi - lo;
    return GR_OK;
}

/* Add a job's sums into the report (integers: the order does not matter). */
void gr_sim_report_add(gr_sim_report *r, const gr_sim_report *p)
{
    if (p->games == 0)
        return;
    int first = r->games == 0;
    r->wins[0] += p->wins[0];
    r->wins[1] += p->wins[1];
    r->draws += p->draws;
    r->unfinished += p->unfinished;
    for (int t = 0; t < GR_SIM_MAX_TURNS; t++)
        r->decided[t] += p->decided[t];
    for (int k = 0; k < GR_SIM_HOLES; k++)
        if (p->holes[k]) {
            if (!r->holes[k] || p->hole_first[k] < r->hole_first[k])
                r->hole_first[k] = p->hole_first[k];
            r->holes[k] += p->holes[k];
        }
    if (first) {
        r->nobj = p->nobj;
        for (int i = 0; i < p->nobj; i++) {
            r->obj[i].col = p->obj[i].col;
            r->obj[i].row = p->obj[i].row;
            r->obj[i].side = p->obj[i].side;
        }
    }
    for (int i = 0; i < r->nobj && i < p->nobj; i++) {
        r->obj[i].changes += p->obj[i].changes;
        r->obj[i].games_changed += p->obj[i].games_changed;
        for (int k = 0; k < 3; k++)
            r->obj[i].end[k] += p->obj[i].end[k];
    }
    r->map_cols = p->map_cols > r->map_cols ? p->map_cols : r->map_cols;
    r->map_rows = p->map_rows > r->map_rows ? p->map_rows : r->map_rows;
    for (int c = 0; c < GR_SIM_MAP; c++)
        for (int w = 0; w < GR_SIM_MAP; w++)
            r->loss[c][w] += p->loss[c][w];
    r->steps_sum += p->steps_sum;
    r->steps_min = first || p->steps_min < r->steps_min ? p->steps_min : r->steps_min;
    r->steps_max = p->steps_max > r->steps_max ? p->steps_max : r->steps_max;
    if (first) {
        r->nstats = p->nstats;
        for (int i = 0; i < p->nstats; i++) {
            memcpy(r->stats[i].name, p->stats[i].name, sizeof r->stats[i].name);
            r->stats[i].side = p->stats[i].side;
            r->stats[i].min = p->stats[i].min;
            r->stats[i].max = p->stats[i].max;
        }
    }
    for (int k = 0; k < p->nturns; k++) {
        r->turn_games[k] += p->turn_games[k];
        for (int i = 0; i < GR_SIM_MAX_STATS; i++)
            r->turn_sum[k][i] += p->turn_sum[k][i];
    }
    r->nturns = p->nturns > r->nturns ? p->nturns : r->nturns;
    for (int i = 0; i < r->nstats && i < p->nstats; i++) {
        gr_sim_stat *t = &r->stats[i];
        const gr_sim_stat *q = &p->stats[i];
        t->sum += q->sum;
        t->min = q->min < t->min ? q->min : t->min;
        t->max = q->max > t->max ? q->max : t->max;
        for (int v = 0; v < GR_SIM_HIST; v++)
            t->hist[v] += q->hist[v];
    }
    r->games += p->games;
}

void gr_sim_report_finish(gr_sim_report *r)
{
    for (int s = 0; s < 2; s++)
        gr_sim_wilson(r->wins[s], r->games, &r->ci95[s][0], &r->ci95[s][1]);
}

gr_status gr_sim_run(const gr_game *g, const gr_sim_opts *o, gr_sim_report *r, gr_error *err)
{
    if (o->games < 1)
        return gr_error_set(err, GR_EINPUT, "the number of games must be at least 1");
    if (o->jobs < 1 || o->jobs > GR_SIM_MAX_JOBS)
        return gr_error_set(err, GR_EINPUT, "jobs must be from 1 to %d", GR_SIM_MAX_JOBS);
    if (gr_game_check_enumerable(g, "the simulator", err) != GR_OK)
        return GR_EINPUT;
    if (g->type->players != 2)
        return gr_error_set(err, GR_EINPUT, "the simulator plays two-sided games; %s has %d sides",
                            g->type->id, g->type->players);
    long first = 0, count = o->games;
    if ((o->shard || o->shards) &&
        gr_sim_shard_range(o->games, o->shard, o->shards, &first, &count, err) != GR_OK)
        return GR_EINPUT;
    memset(r, 0, sizeof *r);
    int jobs = o->jobs < count ? o->jobs : (int)count;
    job *J = calloc((size_t)jobs, sizeof *J);
    pthread_t *t = calloc((size_t)jobs, sizeof *t);
    int *started = calloc((size_t)jobs, sizeof *started);
    atomic_long done;
    atomic_int failed;
    atomic_init(&done, 0);
    atomic_init(&failed, 0);
    gr_status status = GR_OK;
    if (!J || !t || !started) {
        status = gr_error_set(err, GR_ERUNTIME, "out of memory starting the simulation");
        goto out;
    }
    for (int j = 0; j < jobs; j++) {
        J[j] = (job){.g = g,
                     .o = o,
                     .first = first,
                     .count = count,
                     .index = j,
                     .jobs = jobs,
                     .done = &done,
                     .failed = &failed};
        if (pthread_create(&t[j], NULL, run_job, &J[j]) != 0) {
            status = gr_error_set(err, GR_ERUNTIME, "cannot start simulation thread %d", j + 1);
            break;
        }
        started[j] = 1;
    }
    /* the calling thread reports progress while the jobs play */
    while (status == GR_OK && !atomic_load(&failed)) {
        long d = atomic_load(&done);
        if (o->progress)
            o->progress(o->ctx, d, count);
        if (d >= count)
            break;
        struct timespec ts = {0, 200 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (status != GR_OK)
        atomic_store(&failed, 1);
    for (int j = 0; j < jobs; j++)
        if (started[j])
            pthread_join(t[j], NULL);
    for (int j = 0; j < jobs && status == GR_OK; j++)
        if (J[j].status != GR_OK) {
            status = gr_error_set(err, J[j].status, "%s", J[j].err.msg);
            break;
        }
    if (status == GR_OK) {
        /* in job order: integer sums, the same whatever the number of jobs */
        for (int j = 0; j < jobs; j++)
            gr_sim_report_add(r, &J[j].part);
        gr_sim_report_finish(r);
        if (o->progress)
            o->progress(o->ctx, r->games, count);
    }
out:
    free(J);
    free(t);
    free(started);
    return status;
}
