/* cmd_sim.c - grognard sim SCENARIO: many whole battles between two computer
 * players, and who wins, how often, how long, at what cost. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grognard/ai.h"
#include "grognard/save.h"
#include "grognard/sim.h"
#include "grognard/file_io.h"
#include "grognard/sim_io.h"
#include "grognard/sim_variants.h"
#include "grognard/utf8.h"
#include "sim_print.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: grognard sim SCENARIO [--games N] [--seed S] [--players A,B] [--jobs J]\n"
            "                    [--json] [--html FILE] [--shard K/N] [--max-steps M]\n"
            "                    [--variants FILE] [--skill W,S]\n"
            "       grognard sim SCENARIO --replay N --save FILE [--seed S] [--players A,B]\n"
            "\n"
            "Play N whole battles of a Revolution et Empire scenario between two computer\n"
            "players and report each side's wins with a 95%% interval (Wilson), the draws,\n"
            "how long the battles last and what they cost each side.  Game i is played from\n"
            "a seed derived from S and i, so the same S gives the same report whatever J.\n"
            "\n"
            "  --games N      battles to play, 1 to 100000000 (default 1000)\n"
            "  --seed S       the run's seed, 0 to 9223372036854775807 (default 1)\n"
            "  --players A,B  A plays the first side, B the second; each random (any legal\n"
            "                 action), eager (random, but never passes while it can act),\n"
            "                 heuristic (the best outcome one step ahead), mcts (a search of\n"
            "                 100 simulations a decision), mcts:N (N simulations) or\n"
            "                 mcts:Nms (N milliseconds: not reproducible), commander or\n"
            "                 commander:N (the army commander, docs/ai.md; 400\n"
            "                 simulations); default random,random\n"
            "  --jobs J       threads, 1 to %d (default 1; the machine has 2 cores)\n"
            "  --json         one JSON object: games, wins, draws, ci95, steps, stats, with\n"
            "                 every sum they are made of\n"
            "  --html FILE    also write a balance page: one HTML file, its charts in SVG\n"
            "  --shard K/N    play only shard K of N of the run (K from 1 to N, N at most\n"
            "                 the games): games floor((K-1)G/N)+1 to floor(KG/N) of the G,\n"
            "                 each from the seed it has in the whole run; needs --json.\n"
            "                 grognard sim-merge adds the N reports up into the report of\n"
            "                 the whole run, byte for byte\n"
            "  --max-steps M  a battle still going after M steps (default %ld) is stopped\n"
            "                 and reported as a rule hole\n"
            "  --variants FILE also play each variant of the scenario the file lists\n"
            "                 (changes to the scenario's JSON: docs/designer.md) and\n"
            "                 report each side's change of win rate with its 95%% interval\n"
            "  --skill W,S    a weaker player W and a stronger S: play W,W (the base), S,W,\n"
            "                 W,S and S,S, and say whether skill pays more on one side\n"
            "  --replay N     play battle N of the run again (as the run played it, up to\n"
            "                 a hole that stopped it) and write it with --save FILE as a\n"
            "                 save that grognard replay FILE steps through\n"
            "\n"
            "The report also says in which turn the won battles were decided, how often\n"
            "each objective changes hands and who holds it at the end, where strength is\n"
            "lost (a heat map on the page), and the rule holes: battles stopped by the\n"
            "step cap, a side to move without a legal action, a position that comes back,\n"
            "a side that won nothing; each with the battle that reproduces it.\n"
            "\n"
            "A progress bar with the time left is shown on a terminal (stderr).\n"
            "\n"
            "examples: grognard sim data/scenarios/austerlitz.json --games 2000 --jobs 2\n"
            "          grognard sim data/scenarios/austerlitz.json --games 2000 --shard 1/2 "
            "--json > s1.json\n",
            GR_SIM_MAX_JOBS, GR_SIM_MAX_STEPS);
}

/* --shard K/N: two whole numbers; the range is checked against the games
 * once they are known. */
static int parse_shard(const char *v, long *k, long *n)
{
    const char *slash = strchr(v, '/');
    char kbuf[24];
    if (slash && (size_t)(slash - v) < sizeof kbuf) {
        memcpy(kbuf, v, (size_t)(slash - v));
        kbuf[slash - v] = '\0';
        if (!cli_whole(kbuf, 1, GR_SIM_MAX_SHARDS, k) &&
            !cli_whole(slash + 1, 1, GR_SIM_MAX_SHARDS, n) && *k <= *n)
            return 0;
    }
    cli_err("grognard sim: --shard '%s' is not K/N with 1 <= K <= N <= the games (e.g. "
            "--shard 1/4 for the first of four shards)\n",
            v);
    return -1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bar {
    double start;
    int shown;
} bar;

static void progress(void *ctx, long done, long total)
{
    bar *b = ctx;
    double t = now() - b->start;
    int width = 30, filled = (int)((double)width * (double)done / (double)total);
    char left[32] = "";
    if (done > 0 && done < total)
        snprintf(left, sizeof left, ", %.0f s left",
                 t / (double)done * (double)(total - done) + 0.5);
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games%s   ", filled, "##############################",
            width - filled, "", done, total, left);
    b->shown = 1;
}

/* --replay N --save FILE: battle N of the run, played again into a save. */
static int replay_one(const gr_game *g, const gr_sim_opts *o, long n, const char *path,
                      const char *save)
{
    gr_error err;
    gr_match *m;
    if (gr_sim_play(g, o, n - 1, &m, &err) != GR_OK) {
        cli_err("grognard sim: --replay %ld: %s\n", n, err.msg);
        return err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
    }
    int rc = CLI_OK;
    if (gr_save_write(m, path, save, &err) != GR_OK) {
        cli_err("grognard sim: --save %s: %s\n", save, err.msg);
        rc = err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
    } else {
        printf("battle %ld (game seed %016" PRIx64 "), %zu steps, %s: %s\n", n,
               gr_sim_game_seed(o->seed, n - 1), gr_match_steps(m),
               gr_match_is_over(m) ? "over" : "stopped unfinished", save);
    }
    gr_match_free(m);
    return rc;
}

/* "A,B" into two names (in buf) and two players; CLI_USAGE after a message
 * naming `opt`. */
static int parse_pair(const char *opt, const char *v, char *buf, size_t cap, const char *names[2],
                      gr_ai_kind kinds[2])
{
    const char *comma = strchr(v, ',');
    gr_error err;
    if (!comma || strlen(v) >= cap) {
        cli_err("grognard sim: %s '%s' must name two players, A,B (e.g. random,eager)\n", opt, v);
        return CLI_USAGE;
    }
    snprintf(buf, cap, "%s", v);
    buf[comma - v] = '\0';
    names[0] = buf;
    names[1] = buf + (comma - v) + 1;
    for (int s = 0; s < 2; s++)
        if (gr_ai_kind_parse(names[s], &kinds[s], &err) != GR_OK) {
            cli_err("grognard sim: %s: %s\n", opt, err.msg);
            return CLI_USAGE;
        }
    return CLI_OK;
}

/* One run of a study: its scenario, players and label. */
typedef struct run {
    gr_game g; /* a variant's own scenario, or the base borrowed */
    const char *names[2];
    gr_ai_kind kinds[2];
    char label[GR_SIM_TEXT];
    const char *kind; /* NULL: the base run */
} run;

/* The runs of the study: the base, each variant (the base's players), then
 * with --skill W,S the pairings S,W, W,S and S,S (the base is W,W). */
static int make_runs(const gr_game *base, const char *path, const char *variants,
                     const char *skill[2], const gr_ai_kind skind[2], const char *players[2],
                     const gr_ai_kind pkind[2], run *runs, int *nruns)
{
    gr_error err;
    int n = 0;
    runs[n++] = (run){.g = {base->type, base->sc, NULL},
                      .names = {players[0], players[1]},
                      .kinds = {pkind[0], pkind[1]}};
    if (skill[0]) {
        /* the base (and the variants) the weaker against the weaker */
        runs[0].names[0] = runs[0].names[1] = skill[0];
        runs[0].kinds[0] = runs[0].kinds[1] = skind[0];
    }
    if (variants) {
        static gr_sim_variants vs;
        if (gr_sim_variants_read(variants, &vs, &err) != GR_OK) {
            cli_err("grognard sim: --variants %s\n", err.msg);
            gr_sim_variants_free(&vs);
            return err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
        }
        char *text = NULL;
        size_t len = 0;
        if (gr_read_file(path, GR_GAME_SCENARIO_MAX_BYTES, &text, &len, &err) != GR_OK) {
            cli_err("grognard sim: %s\n", err.msg);
            gr_sim_variants_free(&vs);
            return CLI_FAIL;
        }
        int rc = CLI_OK;
        for (int i = 0; i < vs.n && rc == CLI_OK; i++) {
            char *vt = NULL, name[GR_SIM_PATH + GR_SIM_VARIANT_NAME + 16];
            size_t vlen = 0;
            snprintf(name, sizeof name, "%s (variant \"%s\")", path, vs.v[i].name);
            run *R = &runs[n];
            *R = runs[0];
            R->kind = "variant";
            snprintf(R->label, sizeof R->label, "%s", vs.v[i].name);
            if (gr_sim_variant_apply(text, len, path, &vs.v[i], &vt, &vlen, &err) != GR_OK ||
                gr_game_load_text(vt, vlen, name, base->type->id, &R->g, &err) != GR_OK) {
                cli_err("grognard sim: --variants %s: %s\n", variants, err.msg);
                rc = err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
            } else {
                n++;
            }
            free(vt);
        }
        free(text);
        gr_sim_variants_free(&vs);
        if (rc != CLI_OK) {
            *nruns = n;
            return rc;
        }
    }
    if (skill[0]) {
        static const int pair[3][2] = {{1, 0}, {0, 1}, {1, 1}};
        for (int k = 0; k < 3; k++) {
            run *R = &runs[n++];
            *R = runs[0];
            R->g.own = NULL;
            R->kind = "skill";
            for (int p = 0; p < 2; p++) {
                R->names[p] = skill[pair[k][p]];
                R->kinds[p] = skind[pair[k][p]];
            }
            snprintf(R->label, sizeof R->label, "%s,%s", R->names[0], R->names[1]);
        }
    }
    *nruns = n;
    return CLI_OK;
}

int cmd_sim(int argc, char **argv)
{
    const char *path = NULL;
    long games = 1000, jobs = 1;
    uint64_t seed = 1;
    int json = 0;
    long shard = 0, shards = 0;
    const char *html = NULL;
    gr_error err;
    gr_error_clear(&err);
    const char *players[2] = {"random", "random"};
    char pbuf[64] = "";
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.players[0] = o.players[1] = gr_ai_kind_of(GR_AI_RANDOM);
    const char *shard_v = NULL, *players_v = NULL, *save = NULL, *variants = NULL, *skill_v = NULL;
    long max_steps = GR_SIM_MAX_STEPS, replay = 0;
    long seed_v = 1;
    const cli_opt opts[] = {
        {"--games", CLI_OPT_LONG, "N", &games, 1, 100000000},
        {"--seed", CLI_OPT_LONG, "S", &seed_v, 0, INT64_MAX},
        {"--players", CLI_OPT_STR, "A,B", &players_v, 0, 0},
        {"--jobs", CLI_OPT_LONG, "J", &jobs, 1, GR_SIM_MAX_JOBS},
        {"--json", CLI_OPT_FLAG, NULL, &json, 0, 0},
        {"--html", CLI_OPT_STR, "FILE", &html, 0, 0},
        {"--shard", CLI_OPT_STR, "K/N", &shard_v, 0, 0},
        {"--max-steps", CLI_OPT_LONG, "M", &max_steps, 1, 1000000000L},
        {"--replay", CLI_OPT_LONG, "N", &replay, 1, 100000000},
        {"--save", CLI_OPT_STR, "FILE", &save, 0, 0},
        {"--variants", CLI_OPT_STR, "FILE", &variants, 0, 0},
        {"--skill", CLI_OPT_STR, "W,S", &skill_v, 0, 0},
    };
    int npos = 0;
    int rc0 =
        cli_getopts("sim", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, usage, &npos);
    if (rc0 != CLI_OK)
        return rc0 == CLI_HELP ? CLI_OK : rc0;
    path = npos > 0 ? argv[0] : NULL;
    if (npos > 1) {
        cli_err("grognard sim: one scenario only ('%s' and '%s')\n", path, argv[1]);
        return CLI_USAGE;
    }
    seed = (uint64_t)seed_v;
    if (shard_v && parse_shard(shard_v, &shard, &shards))
        return CLI_USAGE;
    if (players_v && parse_pair("--players", players_v, pbuf, sizeof pbuf, players, o.players))
        return CLI_USAGE;
    char sbuf[64];
    const char *skill[2] = {NULL, NULL};
    gr_ai_kind skind[2];
    if (skill_v && parse_pair("--skill", skill_v, sbuf, sizeof sbuf, skill, skind))
        return CLI_USAGE;
    if (skill_v && players_v) {
        cli_err("grognard sim: --skill W,S plays W against W, S against W, W against S and S "
                "against S: give it without --players\n");
        return CLI_USAGE;
    }
    if (replay && (variants || skill_v)) {
        cli_err("grognard sim: --replay plays one battle of the base run; give it without "
                "--variants and --skill\n");
        return CLI_USAGE;
    }
    if (!path) {
        cli_err("grognard sim: missing SCENARIO, e.g. grognard sim "
                "data/scenarios/austerlitz.json (grognard sim --help)\n");
        return CLI_USAGE;
    }
    if (!replay != !save) {
        cli_err("grognard sim: --replay N and --save FILE go together: the battle N played again "
                "is written into FILE (e.g. --replay 12 --save battle12.json)\n");
        return CLI_USAGE;
    }
    if (replay && (json || html || shards)) {
        cli_err("grognard sim: --replay plays one battle into a save; give it without --json, "
                "--html and --shard\n");
        return CLI_USAGE;
    }
    if (shards && (!json || html)) {
        cli_err("grognard sim: --shard makes a report for grognard sim-merge: give it with "
                "--json and without --html (the merge writes the text, JSON and page)\n");
        return CLI_USAGE;
    }
    if (shards) {
        long first, count;
        if (gr_sim_shard_range(games, shard, shards, &first, &count, &err) != GR_OK) {
            cli_err("grognard sim: --shard %ld/%ld: %s\n", shard, shards, err.msg);
            return CLI_USAGE;
        }
    }
    if (json && !gr_utf8_valid(path)) {
        cli_err("grognard sim: the scenario's path '%s' is not valid UTF-8, which the JSON report "
                "must be; rename the file or give the report without --json\n",
                path);
        return CLI_USAGE;
    }
    gr_game g = {NULL, NULL, NULL};
    run runs[GR_SIM_MAX_RUNS];
    int nruns = 0;
    gr_sim_study study = {0, NULL, NULL};
    int rc = CLI_OK;
    if (gr_game_load(path, NULL, &g, &err) != GR_OK) {
        rc = cli_io_fail(&err);
        goto out;
    }
    bar b = {now(), 0};
    o.games = games;
    o.seed = seed;
    o.jobs = (int)jobs;
    o.shard = shard;
    o.shards = shards;
    o.max_steps = max_steps;
    if (replay) {
        rc = replay_one(&g, &o, replay, path, save);
        goto out;
    }
    if ((rc = make_runs(&g, path, variants, skill, skind, players, o.players, runs, &nruns)) !=
        CLI_OK)
        goto out;
    if (gr_sim_study_alloc(&study, nruns, &err) != GR_OK) {
        cli_err("grognard sim: %s\n", err.msg);
        rc = CLI_FAIL;
        goto out;
    }
    for (int i = 0; i < nruns && rc == CLI_OK; i++) {
        run *R = &runs[i];
        o.players[0] = R->kinds[0];
        o.players[1] = R->kinds[1];
        if (gr_sim_doc_init(&study.d[i], &R->g, R->g.type->scenario_title(R->g.sc), path, &o,
                            R->names, &err) != GR_OK) {
            cli_err("grognard sim: %s\n", err.msg);
            rc = CLI_USAGE;
            break;
        }
        if (R->kind) {
            snprintf(study.d[i].label, sizeof study.d[i].label, "%s", R->label);
            snprintf(study.d[i].kind, sizeof study.d[i].kind, "%s", R->kind);
        }
        if (isatty(STDERR_FILENO)) {
            b.start = now();
            o.progress = progress;
            o.ctx = &b;
        }
        gr_status st = gr_sim_run(&R->g, &o, &study.r[i], &err);
        if (b.shown)
            fprintf(stderr, "\r%*s\r", 72, "");
        if (st != GR_OK) {
            cli_err("grognard sim: %s%s%s\n", R->kind ? R->label : "", R->kind ? ": " : "",
                    err.msg);
            rc = st == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
        }
    }
    if (rc == CLI_OK)
        rc = sim_print_report("grognard sim", &study, json, html);
out:
    for (int i = 1; i < nruns; i++)
        gr_game_free(&runs[i].g);
    gr_sim_study_free(&study);
    gr_game_free(&g);
    return rc;
}
