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
#include "grognard/match.h"

#define GR_SIM_MAX_STATS  64
#define GR_SIM_HIST       256 /* a stat's histogram: values 0..255, the rest clamped */
#define GR_SIM_MAX_JOBS   64
#define GR_SIM_MAX_TURNS  32 /* turns followed turn by turn (later ones: the last) */
#define GR_SIM_MAX_SHARDS 1000000000L
#define GR_SIM_MAX_STEPS  1000000L /* the step cap when the options give none */
#define GR_SIM_MAX_SITES  128      /* objectives and units followed (gr_game_type.sites) */
#define GR_SIM_MAX_OBJ    32       /* objectives followed; later ones are left out */
#define GR_SIM_MAP        64       /* the loss map: columns and rows 0 .. GR_SIM_MAP-1 */

/* Rule holes: what a battle should never do, each counted with the first
 * game (the lowest index) that did it, so that its seed reproduces it. */
typedef enum gr_sim_hole {
    GR_SIM_HOLE_STEP_CAP,  /* the battle did not end within the step cap */
    GR_SIM_HOLE_NO_ACTION, /* a side to move had no legal action */
    GR_SIM_HOLE_REPEAT,    /* a position came back at a decision (a loop, no progress) */
    GR_SIM_HOLES
} gr_sim_hole;

typedef struct gr_sim_opts {
    long games;            /* the run's games, >= 1 */
    uint64_t seed;         /* the run's seed */
    gr_ai_kind players[2]; /* players[0] plays side 0 */
    int jobs;              /* threads, 1 .. GR_SIM_MAX_JOBS */
    /* Play only shard `shard` of `shards` (1 <= shard <= shards <= games):
     * the games gr_sim_shard_range names, each from its run seed as in the
     * whole run.  0 and 0: the whole run. */
    long shard, shards;
    /* A battle still going after this many steps is stopped and reported
     * as a rule hole (GR_SIM_HOLE_STEP_CAP); 0: GR_SIM_MAX_STEPS. */
    long max_steps;
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
    /* unfinished: the battles stopped by a rule hole (the step cap, no
     * legal action): wins + draws + unfinished = games */
    long wins[2], draws, unfinished;
    double ci95[2][2]; /* Wilson 95% interval of each side's win rate */
    int64_t steps_sum, steps_min, steps_max;
    int nstats;
    gr_sim_stat stats[GR_SIM_MAX_STATS];
    /* Turn by turn (games with turns): the stats summed at the end of turn
     * t+1 over the games that finished it, and how many did. */
    int nturns;
    long turn_games[GR_SIM_MAX_TURNS];
    int64_t turn_sum[GR_SIM_MAX_TURNS][GR_SIM_MAX_STATS];
    /* The turn in which each won battle was decided (decided[t-1]: turn t,
     * later ones the last): the first turn from whose end on the eventual
     * winner led at every turn's end by the game's evaluation
     * (gr_game_type.evaluate of both sides compared).  Battles drawn or
     * unfinished, or of games without turns or evaluation, are not counted. */
    long decided[GR_SIM_MAX_TURNS];
    /* Rule holes: the battles that hit each (a battle counts once a kind)
     * and the index (from 0) of the first; hole_first is meaningless while
     * holes is 0. */
    long holes[GR_SIM_HOLES];
    long hole_first[GR_SIM_HOLES];
    /* Where the battle is decided (games whose type has sites): each
     * objective's hex and owner, the times it changed hands in all the
     * battles, the battles in which it changed hands, and who held it at
     * the end (end[i][0], [1]: a side; [2]: neither). */
    int nobj;
    struct {
        int col, row, side;
        long changes, games_changed, end[3];
    } obj[GR_SIM_MAX_OBJ];
    /* Strength lost on each hex (loss[col][row], summed over the battles),
     * and the map's extent: the columns and rows a site was ever seen on. */
    int map_cols, map_rows;
    int64_t loss[GR_SIM_MAP][GR_SIM_MAP];
} gr_sim_report;

/* The seed of game `index` of a run seeded `seed` (any 64-bit value: a
 * save of the battle, gr_sim_play and gr_save_write, records it whole). */
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

/* A hole's name for a person and a file: "step cap", "no legal action",
 * "repeated position". */
const char *gr_sim_hole_name(int kind);

/* The Wilson score interval at 95% of k successes in n trials. */
void gr_sim_wilson(long k, long n, double *lo, double *hi);

/* The 95% interval of the difference of two rates, k1/n1 - k2/n2, by
 * Newcombe's hybrid score method (his method 10, from the two Wilson
 * intervals): d - sqrt((p1-l1)^2 + (u2-p2)^2) to d + sqrt((u1-p1)^2 +
 * (p2-l2)^2).  The difference is significant at 5% when the interval
 * leaves 0 out. */
void gr_sim_diff_ci(long k1, long n1, long k2, long n2, double *lo, double *hi);

/* Play game `index` (from 0) of the run o describes (o->players, o->seed,
 * o->max_steps; o->games and the shards are not read) exactly as gr_sim_run
 * plays it, stopping where the run stops it (the end, the step cap, a side
 * with no legal action): *out is the match (gr_match_free it), whose
 * record replays the battle.  GR_EINPUT for a game that refuses its
 * scenario; GR_ERUNTIME out of memory. */
gr_status gr_sim_play(const gr_game *g, const gr_sim_opts *o, long index, gr_match **out,
                      gr_error *err);

#endif
