/* grognard/sim.h - battle simulation: many whole games of one scenario
 * between two computer players, and what a scenario designer asks of them
 * (who wins, how often, how long, what it costs).
 *
 * Reproducible: game i is played from the seed gr_sim_game_seed(seed, i),
 * whatever the number of jobs, and the report adds up integers only, so the
 * same seed gives the same report with 1 job or 2.  Everything here goes
 * through the game interface and the match layer: nothing names a game. */
#ifndef GROGNARD_SIM_H
#define GROGNARD_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/ai.h"
#include "grognard/error.h"
#include "grognard/game.h"

#define GR_SIM_MAX_STATS  64
#define GR_SIM_HIST       256 /* a stat's histogram: values 0..255, the rest clamped */
#define GR_SIM_MAX_JOBS   64
#define GR_SIM_MAX_TURNS  32 /* turns followed turn by turn (later ones: the last) */
#define GR_SIM_MAX_SHARDS 1000000000L

typedef struct gr_sim_opts {
    long games;            /* the run's games, >= 1 */
    uint64_t seed;         /* the run's seed */
    gr_ai_kind players[2]; /* players[0] plays side 0 */
    int jobs;              /* threads, 1 .. GR_SIM_MAX_JOBS */
    /* Play only shard `shard` of `shards` (1 <= shard <= shards <= games):
     * the games gr_sim_shard_range names, each from its run seed as in the
     * whole run.  0 and 0: the whole run. */
    long shard, shards;
    /* Called from the calling thread about five times a second with the
     * number of games finished (may be NULL). */
    void (*progress)(void *ctx, long done, long total);
    void *ctx;
} gr_sim_opts;

/* One of the game's stats (gr_game_type.stats), summed over the games. */
typedef struct gr_sim_stat {
    char name[GR_STAT_NAME];
    int side;
    int64_t sum, min, max;
    long hist[GR_SIM_HIST]; /* games by value, clamped to 0 .. GR_SIM_HIST-1 */
} gr_sim_stat;

typedef struct gr_sim_report {
    long games;
    long wins[2], draws;
    double ci95[2][2]; /* Wilson 95% interval of each side's win rate */
    int64_t steps_sum, steps_min, steps_max;
    int nstats;
    gr_sim_stat stats[GR_SIM_MAX_STATS];
    /* Turn by turn (games with turns): the stats summed at the end of turn
     * t+1 over the games that finished it, and how many did. */
    int nturns;
    long turn_games[GR_SIM_MAX_TURNS];
    int64_t turn_sum[GR_SIM_MAX_TURNS][GR_SIM_MAX_STATS];
} gr_sim_report;

/* The seed of game `index` of a run seeded `seed`. */
uint64_t gr_sim_game_seed(uint64_t seed, long index);

/* The games of shard k of n (1 <= k <= n <= games, n <= GR_SIM_MAX_SHARDS) of a run of `games`:
 * contiguous ranges, games first .. first+count-1 (indices from 0), with
 * first = floor((k-1) games / n) and first+count = floor(k games / n).  So
 * the shards cover the run once, in order, each with floor(games/n) or
 * ceil(games/n) games (10 games in 3 shards: 0-2, 3-5, 6-9).  GR_EINPUT
 * with what was given and what is accepted when k or n is out of range. */
gr_status gr_sim_shard_range(long games, long k, long n, long *first, long *count, gr_error *err);

/* Add the sums of p (a job's, a shard's) into r.  r starts zeroed (memset);
 * both hold the same game's stats in the same order (the caller checks it
 * for reports read from files).  Sums, minima, maxima and counts only: the
 * order of the additions does not change r.  The derived figures (ci95)
 * are left alone: gr_sim_report_finish computes them. */
void gr_sim_report_add(gr_sim_report *r, const gr_sim_report *p);

/* r's derived figures from its integer sums (the Wilson intervals), by the
 * one code path every report goes through, so that equal sums give equal
 * bytes however they were added up. */
void gr_sim_report_finish(gr_sim_report *r);

/* Play o->games whole games of g (or the games of shard o->shard) (g->sc borrowed, read by every
 * job at once: the game must not change it).  GR_EINPUT for bad options, a game that refuses its
 * scenario or one that never ends; GR_ERUNTIME if a thread or memory cannot be had.  *r is fully
 * written on success.  The report is large (about 130 KiB): allocate it. */
gr_status gr_sim_run(const gr_game *g, const gr_sim_opts *o, gr_sim_report *r, gr_error *err);

/* The Wilson score interval at 95% of k successes in n trials. */
void gr_sim_wilson(long k, long n, double *lo, double *hi);

#endif
