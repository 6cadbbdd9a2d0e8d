/* sim.c - many whole games of a scenario, on J threads, into one report. */
#include "grognard/sim.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/match.h"

#define MAX_STEPS 1000000L

uint64_t gr_sim_game_seed(uint64_t seed, long index)
{
    uint64_t s = seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(index + 1));
    return gr_splitmix64(&s);
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

typedef struct job {
    const gr_game *g;
    const gr_sim_opts *o;
    long first, count; /* the games to play: first .. first+count-1 */
    int index, jobs;
    gr_sim_report part; /* this job's sums */
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

/* The stats of st added to turn t's sums (t from 1; later turns than the
 * report follows go to the last). */
static void turn_done(gr_sim_report *r, const gr_game *g, const void *st, int t, gr_stat *buf)
{
    if (!g->type->stats)
        return;
    int k = (t > GR_SIM_MAX_TURNS ? GR_SIM_MAX_TURNS : t) - 1;
    int n = g->type->stats(g->sc, st, buf, GR_SIM_MAX_STATS);
    for (int i = 0; i < n && i < GR_SIM_MAX_STATS; i++)
        r->turn_sum[k][i] += buf[i].value;
    r->turn_games[k]++;
    if (k + 1 > r->nturns)
        r->nturns = k + 1;
}

/* Play game i into the job's sums. */
static gr_status play_one(job *J, long i)
{
    const gr_game *g = J->g;
    gr_match *m;
    gr_status s = gr_match_new(g, gr_sim_game_seed(J->o->seed, i), &m, &J->err);
    if (s != GR_OK)
        return s;
    long steps = 0;
    gr_sim_report *r = &J->part;
    gr_stat st[GR_SIM_MAX_STATS];
    int turn = g->type->turn ? g->type->turn(g->sc, gr_match_state(m)) : 0;
    for (int p; (p = gr_match_current_player(m)) != GR_TERMINAL; steps++) {
        if (steps >= MAX_STEPS) {
            gr_match_free(m);
            return gr_error_set(&J->err, GR_EINPUT, "game %ld did not end in %ld steps", i + 1,
                                MAX_STEPS);
        }
        if (p == GR_CHANCE) {
            s = gr_match_step_chance(m, &J->err);
        } else {
            const gr_action *acts;
            int n = gr_match_legal(m, &acts);
            gr_action a = gr_ai_choose(g, gr_match_state(m), J->o->players[p], acts, n,
                                       gr_match_player_rng(m, p));
            s = gr_match_apply(m, a, &J->err);
        }
        if (s != GR_OK) {
            gr_match_free(m);
            return s;
        }
        /* a turn ended: what it cost so far */
        int now = g->type->turn ? g->type->turn(g->sc, gr_match_state(m)) : 0;
        if (now != turn && turn >= 1)
            turn_done(r, g, gr_match_state(m), turn, st);
        turn = now;
    }
    if (turn >= 1)
        turn_done(r, g, gr_match_state(m), turn, st);
    int w = gr_game_winner(g, gr_match_state(m));
    if (w == 0 || w == 1)
        r->wins[w]++;
    else
        r->draws++;
    r->steps_sum += steps;
    r->steps_min = r->games == 0 || steps < r->steps_min ? steps : r->steps_min;
    r->steps_max = steps > r->steps_max ? steps : r->steps_max;
    int n = g->type->stats ? g->type->stats(g->sc, gr_match_state(m), st, GR_SIM_MAX_STATS) : 0;
    add_stats(r, st, n, r->games == 0);
    r->games++;
    gr_match_free(m);
    return GR_OK;
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
