/* grognard/sim_io.h - a simulation's report as JSON, written and read back:
 * what `grognard sim --json` prints, what `grognard sim --shard K/N --json`
 * prints for one shard of a run, and what `grognard sim-merge` reads to add
 * the shards up into the report of the whole run.
 *
 * The JSON holds every integer the report is made of (sums, minima, maxima,
 * histograms, the sums turn by turn), not only the derived figures (means,
 * rates, intervals): those are recomputed from the integers by the same
 * code (gr_sim_report_finish, gr_wire_sim), so a merged report is the
 * single run's report byte for byte. */
#ifndef GROGNARD_SIM_IO_H
#define GROGNARD_SIM_IO_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "grognard/error.h"
#include "grognard/game.h"
#include "grognard/sim.h"

#define GR_SIM_TEXT      256       /* a title, a side's or a player's name, with its NUL */
#define GR_SIM_PATH      4096      /* the scenario's path as given, with its NUL */
#define GR_SIM_MAX_BYTES (8 << 20) /* a report file: at most 8 MiB (one is about 60 KiB) */
#define GR_SIM_MAX_NODES 200000    /* and at most this many JSON values */
#define GR_SIM_FORMAT    "grognard-sim"
#define GR_SIM_VERSION   2

/* What a report says besides its sums: which run of which scenario. */
typedef struct gr_sim_doc {
    char title[GR_SIM_TEXT]; /* the scenario's title */
    char path[GR_SIM_PATH];  /* the scenario file as given to sim */
    uint64_t digest;         /* gr_game_scenario_digest of the scenario */
    char sides[2][GR_SIM_TEXT];
    char players[2][GR_SIM_TEXT]; /* as typed: "eager", "mcts:30" */
    uint64_t seed;                /* the run's seed */
    long run_games;               /* the games of the whole run */
    long shard, shards;           /* shard `shard` of `shards`; 0 and 0: the whole run */
    long first;                   /* a shard: the index (from 0) of its first game */
    /* A run compared with the base run of a study: what it is ("without the
     * fog", "heuristic,mcts") and its kind ("variant" or "skill"); both
     * empty for the base run or a lone report. */
    char label[GR_SIM_TEXT];
    char kind[16];
} gr_sim_doc;

/* A study: the base run (index 0) and the runs compared with it (the
 * scenario's variants, other players), each its own report; a lone run is
 * a study of one.  Shard K of N of a study is shard K of N of every run. */
#define GR_SIM_MAX_RUNS 33
typedef struct gr_sim_study {
    int n;            /* runs, 1 .. GR_SIM_MAX_RUNS */
    gr_sim_doc *d;    /* n of them */
    gr_sim_report *r; /* n of them, zeroed by gr_sim_study_alloc */
} gr_sim_study;

/* Room for n runs (zeroed); GR_ERUNTIME out of memory, GR_EINPUT if n is
 * not 1 .. GR_SIM_MAX_RUNS. */
gr_status gr_sim_study_alloc(gr_sim_study *s, int n, gr_error *err);
void gr_sim_study_free(gr_sim_study *s);

/* The study as JSON: the base run's report (gr_wire_sim) with, when there
 * are compared runs, "compare": [their reports, each with "label" and
 * "kind"].  New reference, NULL if out of memory or a text is not UTF-8. */
json_t *gr_wire_sim_study(const gr_sim_study *s);

/* Read a study as gr_wire_sim_study writes it (a lone report is a study of
 * one) into s (allocated here: gr_sim_study_free); _parse reads len bytes
 * of text (need not be NUL-terminated) named `name` in messages.  Each run,
 * a report as gr_wire_sim writes it: every integer member, checked (counts
 * add up to the games, minima below maxima, histogram values 0 ..
 * GR_SIM_HIST-1, at most GR_SIM_MAX_STATS stats and GR_SIM_MAX_TURNS
 * turns); the derived members (means, rates, intervals) are not read:
 * gr_sim_report_finish computes r->ci95 from the sums.  Errors say
 * NAME:LINE:COL, what is wrong and how to fix it: GR_EINPUT for a text that
 * is not such a study. */
gr_status gr_sim_study_read(const char *file, gr_sim_study *s, gr_error *err);
gr_status gr_sim_study_parse(const char *text, size_t len, const char *name, gr_sim_study *s,
                             gr_error *err);

/* Fill d from the game, the scenario's title and path, the options of the
 * run (a shard's range from gr_sim_shard_range) and the players' names.
 * GR_EINPUT if a text does not fit, saying which, or the shard is out of
 * range.  The texts are not checked for UTF-8: gr_wire_sim fails on one
 * that is not (the CLI refuses such a path with --json first). */
gr_status gr_sim_doc_init(gr_sim_doc *d, const gr_game *g, const char *title, const char *path,
                          const gr_sim_opts *o, const char *const players[2], gr_error *err);

/* A simulation's report: {"format": "grognard-sim", "version": 1,
 * "scenario": {"title", "path", "digest": 16 hex digits}, "shard": {"index",
 * "of", "first", "run_games"} (a shard's report only), "games" (played in
 * this report), "seed", "players": [two names], "sides": [two names],
 * "wins": [two counts], "draws", "win_rate": [two], "ci95": [[low, high],
 * [low, high]] (Wilson), "steps": {"mean", "min", "max", "sum"}, "stats":
 * [{"name", "side" (null for the game as a whole), "mean", "min", "max",
 * "sum", "histogram": {"value": games}, "turn_sums": [the stat summed at the
 * end of turn 1, 2, ... over the games that finished it]}], "turn_games":
 * [the games that finished turn 1, 2, ...], "unfinished" (battles stopped by
 * a rule hole), "decided": [won battles decided in turn 1, 2, ... up to the
 * last non-zero], "holes": [{"kind", "battles", "first_game" (from 0) and
 * "game_seed" (16 hex digits) when battles > 0}, one per gr_sim_hole in
 * order], "objectives": [{"hex": [col, row], "side", "changes",
 * "battles_changed", "held_at_end": [side 0, side 1, neither]}],
 * "loss_map": {"cols", "rows", "hexes": [[col, row, strength lost], ...
 * the non-zero ones by column then row]}}.  Version 2 (version 1 had none
 * of the members from "unfinished" on).  New reference, NULL if out of
 * memory or a text is not valid UTF-8. */
json_t *gr_wire_sim(const gr_sim_doc *d, const gr_sim_report *r);

#endif
