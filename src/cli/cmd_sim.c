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
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/sim.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: grognard sim SCENARIO [--games N] [--seed S] [--players A,B] [--jobs J]\n"
            "                    [--json]\n"
            "\n"
            "Play N whole battles of a Revolution et Empire scenario between two computer\n"
            "players and report each side's wins with a 95%% interval (Wilson), the draws,\n"
            "how long the battles last and what they cost each side.  Game i is played from\n"
            "a seed derived from S and i, so the same S gives the same report whatever J.\n"
            "\n"
            "  --games N      battles to play, 1 to 100000000 (default 1000)\n"
            "  --seed S       the run's seed, 0 to 9223372036854775807 (default 1)\n"
            "  --players A,B  A plays the first side, B the second; each random (any legal\n"
            "                 action) or eager (random, but never passes while it can act);\n"
            "                 default random,random\n"
            "  --jobs J       threads, 1 to %d (default 1; the machine has 2 cores)\n"
            "  --json         one JSON object: games, wins, draws, ci95, steps, stats\n"
            "\n"
            "A progress bar with the time left is shown on a terminal (stderr).\n"
            "\n"
            "example: grognard sim data/scenarios/austerlitz.json --games 2000 --jobs 2\n",
            GR_SIM_MAX_JOBS);
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-' || *s == '+')
        return -1;
    long long v = strtoll(s, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return -1;
    *out = (long)v;
    return 0;
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

/* Characters (not bytes) of a UTF-8 text, for lining up columns. */
static int width_of(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* s, then spaces up to `width` characters. */
static void pad(const char *s, int width)
{
    int w = width_of(s);
    printf("%s%*s", s, w < width ? width - w : 0, "");
}

static void print_hist(const gr_sim_stat *s, long games)
{
    long most = 1;
    for (int v = 0; v < GR_SIM_HIST; v++)
        most = s->hist[v] > most ? s->hist[v] : most;
    for (int64_t v = s->min < 0 ? 0 : s->min; v <= s->max && v < GR_SIM_HIST; v++) {
        long k = s->hist[v];
        int w = (int)(40.0 * (double)k / (double)most + 0.5);
        printf("    %3" PRId64 " %-40.*s %5.1f%%\n", v, w,
               "########################################", 100.0 * (double)k / (double)games);
    }
}

static void print_report(const gr_game *g, const char *path, const gr_sim_opts *o,
                         const char *const players[2], const gr_sim_report *r)
{
    const re_scenario *sc = g->sc;
    const char *side[2] = {g->type->player_name(sc, 0), g->type->player_name(sc, 1)};
    double n = (double)r->games;
    printf("%s (%s): %ld battles, seed %" PRIu64 ", %d job%s\n", sc->title, path, r->games, o->seed,
           o->jobs, o->jobs > 1 ? "s" : "");
    printf("  %s (%s) against %s (%s)\n\n", side[0], players[0], side[1], players[1]);
    int w = width_of(side[0]) > width_of(side[1]) ? width_of(side[0]) : width_of(side[1]);
    w = w < 18 ? 18 : w;
    for (int s = 0; s < 2; s++) {
        printf("  ");
        pad(side[s], w);
        printf(" wins %5.1f%%  (95%% interval %.1f%% to %.1f%%), %ld battles\n",
               100.0 * (double)r->wins[s] / n, 100.0 * r->ci95[s][0], 100.0 * r->ci95[s][1],
               r->wins[s]);
    }
    printf("  ");
    pad("drawn (turn limit)", w);
    printf("      %5.1f%%  %ld battles\n", 100.0 * (double)r->draws / n, r->draws);
    printf("\n  steps a battle: mean %.0f, from %" PRId64 " to %" PRId64 "\n",
           (double)r->steps_sum / n, r->steps_min, r->steps_max);
    for (int i = 0; i < r->nstats; i++)
        if (r->stats[i].side < 0) {
            printf("  %s: mean %.1f, from %" PRId64 " to %" PRId64 "\n", r->stats[i].name,
                   (double)r->stats[i].sum / n, r->stats[i].min, r->stats[i].max);
            if (!strcmp(r->stats[i].name, "turns"))
                print_hist(&r->stats[i], r->games);
        }
    printf("\n  a battle, on average%*s", 22, "");
    pad(side[0], w + 2);
    printf("%s\n", side[1]);
    for (int i = 0; i < r->nstats; i++) {
        const gr_sim_stat *s = &r->stats[i];
        if (s->side != 0 || strstr(s->name, "objective"))
            continue;
        /* the same stat of side 1 follows in the game's fixed order */
        const gr_sim_stat *t = NULL;
        for (int k = i + 1; k < r->nstats && !t; k++)
            if (r->stats[k].side == 1 && !strcmp(r->stats[k].name, s->name))
                t = &r->stats[k];
        char v[32];
        printf("  ");
        pad(s->name, 42);
        snprintf(v, sizeof v, "%.2f", (double)s->sum / n);
        pad(v, w + 2);
        printf("%.2f\n", t ? (double)t->sum / n : 0.0);
    }
    int any = 0;
    for (int i = 0; i < r->nstats; i++) {
        const gr_sim_stat *s = &r->stats[i];
        if (!strstr(s->name, "objective"))
            continue;
        if (!any++)
            printf("\n  objectives at the end of the battle:\n");
        printf("  %s (%s's): %.1f%% of battles\n", s->name, s->side >= 0 ? side[s->side] : "?",
               100.0 * (double)s->sum / n);
    }
}

int cmd_sim(int argc, char **argv)
{
    const char *path = NULL;
    long games = 1000, jobs = 1;
    uint64_t seed = 1;
    int json = 0;
    gr_error err;
    gr_error_clear(&err);
    const char *players[2] = {"random", "random"};
    char pbuf[64] = "";
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.players[0] = o.players[1] = GR_AI_RANDOM;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return CLI_OK;
        }
        if (!strcmp(a, "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(a, "--games") || !strcmp(a, "--seed") || !strcmp(a, "--players") ||
            !strcmp(a, "--jobs")) {
            if (i + 1 >= argc) {
                cli_err("grognard sim: %s needs a value (grognard sim --help)\n", a);
                return CLI_USAGE;
            }
            const char *v = argv[++i];
            long x;
            if (!strcmp(a, "--games")) {
                if (parse_long(v, 1, 100000000, &games)) {
                    cli_err("grognard sim: --games '%s' is not a whole number from 1 to "
                            "100000000\n",
                            v);
                    return CLI_USAGE;
                }
            } else if (!strcmp(a, "--jobs")) {
                if (parse_long(v, 1, GR_SIM_MAX_JOBS, &jobs)) {
                    cli_err("grognard sim: --jobs '%s' is not a whole number from 1 to %d\n", v,
                            GR_SIM_MAX_JOBS);
                    return CLI_USAGE;
                }
            } else if (!strcmp(a, "--seed")) {
                if (parse_long(v, 0, INT64_MAX, &x)) {
                    cli_err("grognard sim: --seed '%s' is not a whole number from 0 to "
                            "9223372036854775807\n",
                            v);
                    return CLI_USAGE;
                }
                seed = (uint64_t)x;
            } else {
                const char *comma = strchr(v, ',');
                if (!comma || strlen(v) >= sizeof pbuf) {
                    cli_err("grognard sim: --players '%s' must name two players, A,B "
                            "(e.g. random,eager)\n",
                            v);
                    return CLI_USAGE;
                }
                snprintf(pbuf, sizeof pbuf, "%s", v);
                pbuf[comma - v] = '\0';
                players[0] = pbuf;
                players[1] = pbuf + (comma - v) + 1;
                for (int s = 0; s < 2; s++)
                    if (gr_ai_kind_parse(players[s], &o.players[s], &err) != GR_OK) {
                        cli_err("grognard sim: --players: %s\n", err.msg);
                        return CLI_USAGE;
                    }
            }
        } else if (a[0] == '-' && a[1]) {
            cli_err("grognard sim: unknown option '%s'; accepted: --games N, --seed S, "
                    "--players A,B, --jobs J, --json, --help\n",
                    a);
            return CLI_USAGE;
        } else if (path) {
            cli_err("grognard sim: one scenario only ('%s' and '%s')\n", path, a);
            return CLI_USAGE;
        } else {
            path = a;
        }
    }
    if (!path) {
        cli_err("grognard sim: missing SCENARIO, e.g. grognard sim "
                "data/scenarios/austerlitz.json (grognard sim --help)\n");
        return CLI_USAGE;
    }
    re_scenario *sc = malloc(sizeof *sc);
    gr_sim_report *r = malloc(sizeof *r);
    int rc = CLI_OK;
    if (!sc || !r) {
        cli_err("grognard sim: out of memory\n");
        rc = CLI_FAIL;
        goto out;
    }
    if (re_scenario_load(path, sc, &err) != GR_OK) {
        cli_err("%s\n", err.msg);
        rc = err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
        goto out;
    }
    gr_game g = {&re_game_type, sc};
    bar b = {now(), 0};
    o.games = games;
    o.seed = seed;
    o.jobs = (int)jobs;
    if (isatty(STDERR_FILENO)) {
        o.progress = progress;
        o.ctx = &b;
    }
    gr_status st = gr_sim_run(&g, &o, r, &err);
    if (b.shown)
        fprintf(stderr, "\r%*s\r", 72, "");
    if (st != GR_OK) {
        cli_err("grognard sim: %s\n", err.msg);
        rc = st == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
        goto out;
    }
    if (json)
        rc = cli_print_json(gr_wire_sim(&g, &o, players, r));
    else
        print_report(&g, path, &o, players, r);
out:
    free(sc);
    free(r);
    return rc;
}
