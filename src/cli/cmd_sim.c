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
            "                 action), eager (random, but never passes while it can act),\n"
            "                 heuristic (the best outcome one step ahead), mcts (a search of\n"
            "                 100 simulations a decision), mcts:N (N simulations) or\n"
            "                 mcts:Nms (N milliseconds: not reproducible); default\n"
            "                 random,random\n"
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

/* ---- the balance page ---------------------------------------------------- */

/* Text for HTML: & < > " escaped. */
static void html_text(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
}

static const char *const side_colour[2] = {"#2b5ea7", "#b8312f"};

/* The wins of each side and the draws as one bar, each side's 95% interval
 * drawn over it. */
static void svg_wins(FILE *f, const gr_sim_report *r)
{
    const double W = 640, n = (double)r->games;
    double w0 = W * (double)r->wins[0] / n, w1 = W * (double)r->wins[1] / n;
    fprintf(f, "<svg width=\"680\" height=\"70\" role=\"img\" aria-label=\"wins and draws\">\n");
    fprintf(f, "<rect x=\"20\" y=\"15\" width=\"%.1f\" height=\"30\" fill=\"%s\"/>\n", w0,
            side_colour[0]);
    fprintf(f, "<rect x=\"%.1f\" y=\"15\" width=\"%.1f\" height=\"30\" fill=\"#bbb\"/>\n", 20 + w0,
            W - w0 - w1);
    fprintf(f, "<rect x=\"%.1f\" y=\"15\" width=\"%.1f\" height=\"30\" fill=\"%s\"/>\n",
            20 + W - w1, w1, side_colour[1]);
    /* the intervals: side 0's from the left, side 1's from the right */
    double a0 = 20 + W * r->ci95[0][0], b0 = 20 + W * r->ci95[0][1];
    double a1 = 20 + W * (1 - r->ci95[1][1]), b1 = 20 + W * (1 - r->ci95[1][0]);
    fprintf(f,
            "<path d=\"M%.1f 55H%.1fM%.1f 50V60M%.1f 50V60\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            a0, b0, a0, b0, side_colour[0]);
    fprintf(f, "<path d=\"M%.1f 8H%.1fM%.1f 3V13M%.1f 3V13\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            a1, b1, a1, b1, side_colour[1]);
    fprintf(f, "</svg>\n");
}

/* Grouped bars: the mean of each side's stat named in `names` (n rows). */
static void svg_losses(FILE *f, const gr_sim_report *r, const char *const side[2])
{
    int rows = 0;
    double most = 0.01, n = (double)r->games;
    for (int i = 0; i < r->nstats; i++)
        if (r->stats[i].side == 0 && strstr(r->stats[i].name, "lost")) {
            rows++;
            for (int k = 0; k < r->nstats; k++)
                if (r->stats[k].side >= 0 && !strcmp(r->stats[k].name, r->stats[i].name) &&
                    (double)r->stats[k].sum / n > most)
                    most = (double)r->stats[k].sum / n;
        }
    int h = 30 + rows * 34;
    fprintf(f, "<svg width=\"680\" height=\"%d\" role=\"img\" aria-label=\"losses\">\n", h);
    int y = 10;
    for (int i = 0; i < r->nstats; i++) {
        if (r->stats[i].side != 0 || !strstr(r->stats[i].name, "lost"))
            continue;
        fprintf(f, "<text x=\"0\" y=\"%d\" font-size=\"12\">", y + 16);
        html_text(f, r->stats[i].name);
        fprintf(f, "</text>\n");
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < r->nstats; k++)
                if (r->stats[k].side == s && !strcmp(r->stats[k].name, r->stats[i].name)) {
                    double v = (double)r->stats[k].sum / n;
                    fprintf(f,
                            "<rect x=\"220\" y=\"%d\" width=\"%.1f\" height=\"13\" fill=\"%s\"/>"
                            "<text x=\"%.1f\" y=\"%d\" font-size=\"11\">%.2f</text>\n",
                            y + 2 + 14 * s, 380 * v / most, side_colour[s], 226 + 380 * v / most,
                            y + 13 + 14 * s, v);
                }
        y += 34;
    }
    fprintf(f, "<text x=\"220\" y=\"%d\" font-size=\"11\" fill=\"%s\">&#9632; ", h - 4,
            side_colour[0]);
    html_text(f, side[0]);
    fprintf(f, "</text><text x=\"440\" y=\"%d\" font-size=\"11\" fill=\"%s\">&#9632; ", h - 4,
            side_colour[1]);
    html_text(f, side[1]);
    fprintf(f, "</text>\n</svg>\n");
}

/* Figures lost so far by each side, on average, at the end of each turn. */
static void svg_turns(FILE *f, const gr_sim_report *r)
{
    double v[2][GR_SIM_MAX_TURNS], most = 0.01;
    for (int t = 0; t < r->nturns; t++)
        for (int s = 0; s < 2; s++) {
            int64_t sum = 0;
            for (int i = 0; i < r->nstats; i++)
                if (r->stats[i].side == s && strstr(r->stats[i].name, "figures lost"))
                    sum += r->turn_sum[t][i];
            v[s][t] = r->turn_games[t] ? (double)sum / (double)r->turn_games[t] : 0;
            most = v[s][t] > most ? v[s][t] : most;
        }
    const double X0 = 50, W = 600, Y0 = 200, H = 180;
    double dx = r->nturns > 1 ? W / (r->nturns - 1) : W;
    fprintf(f, "<svg width=\"680\" height=\"235\" role=\"img\" aria-label=\"losses by turn\">\n");
    fprintf(f, "<path d=\"M%.0f %.0fV%.0fH%.0f\" stroke=\"#444\" fill=\"none\"/>\n", X0, Y0 - H, Y0,
            X0 + W);
    fprintf(f, "<text x=\"0\" y=\"%.0f\" font-size=\"11\">%.1f</text>\n", Y0 - H + 10, most);
    fprintf(f, "<text x=\"0\" y=\"%.0f\" font-size=\"11\">0</text>\n", Y0);
    for (int t = 0; t < r->nturns; t++)
        fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" font-size=\"11\">%d</text>\n", X0 + dx * t - 3,
                Y0 + 16, t + 1);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">turn</text>\n", X0 + W - 20, Y0 + 28);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">figures lost</text>\n", X0 + 6,
            Y0 - H + 10);
    for (int s = 0; s < 2; s++) {
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
                side_colour[s]);
        for (int t = 0; t < r->nturns; t++)
            fprintf(f, "%.1f,%.1f ", X0 + dx * t, Y0 - H * v[s][t] / most);
        fprintf(f, "\"/>\n");
    }
    fprintf(f, "</svg>\n");
}

/* One self-contained page: the sentence a designer needs, the wins bar with
 * its intervals, the losses by unit type, the losses turn by turn and the
 * objectives.  No script, no network. */
static int write_html(const char *file, const gr_game *g, const char *path, const gr_sim_opts *o,
                      const char *const players[2], const gr_sim_report *r)
{
    const re_scenario *sc = g->sc;
    const char *side[2] = {g->type->player_name(sc, 0), g->type->player_name(sc, 1)};
    FILE *f = fopen(file, "w");
    if (!f) {
        cli_err("grognard sim: --html %s: cannot write it (%s)", file, strerror(errno));
        return CLI_FAIL;
    }
    double n = (double)r->games;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
    html_text(f, sc->title);
    fprintf(f, ": balance</title>\n<style>body{font:15px/1.4 sans-serif;max-width:720px;margin:2em "
               "auto;color:#222}h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}"
               "p.lead{font-size:1.2em}td,th{padding:2px 10px;text-align:left}</style>\n"
               "</head><body>\n<h1>");
    html_text(f, sc->title);
    fprintf(f, "</h1>\n<p>%ld battles of ", r->games);
    html_text(f, path);
    fprintf(f, ", seed %" PRIu64 ": ", o->seed);
    html_text(f, side[0]);
    fprintf(f, " played by <b>%s</b>, ", players[0]);
    html_text(f, side[1]);
    fprintf(f, " by <b>%s</b>.</p>\n<p class=\"lead\">", players[1]);
    for (int s = 0; s < 2; s++) {
        double p = 100.0 * (double)r->wins[s] / n;
        double half = 50.0 * (r->ci95[s][1] - r->ci95[s][0]);
        fprintf(f, "<span style=\"color:%s\">", side_colour[s]);
        html_text(f, side[s]);
        fprintf(f, "</span> wins <b>%.0f%% &plusmn; %.0f%%</b>%s", p, half, s ? "; " : ", ");
        if (s)
            fprintf(f, "%.0f%% of the battles are drawn.</p>\n", 100.0 * (double)r->draws / n);
    }
    fprintf(f, "<h2>Wins and draws (whiskers: 95%% Wilson intervals)</h2>\n");
    svg_wins(f, r);
    fprintf(f, "<h2>Losses in a battle, on average</h2>\n");
    svg_losses(f, r, side);
    if (r->nturns > 0) {
        fprintf(f, "<h2>Figures lost so far, turn by turn (average over the battles that reached "
                   "the turn)</h2>\n");
        svg_turns(f, r);
    }
    fprintf(f, "<h2>Objectives held by the enemy at the end</h2>\n<table>\n");
    for (int i = 0; i < r->nstats; i++)
        if (strstr(r->stats[i].name, "objective")) {
            fprintf(f, "<tr><td>");
            html_text(f, r->stats[i].name);
            fprintf(f, " (");
            html_text(f, r->stats[i].side >= 0 ? side[r->stats[i].side] : "?");
            fprintf(f, "'s)</td><td>%.1f%%</td></tr>\n", 100.0 * (double)r->stats[i].sum / n);
        }
    fprintf(f, "</table>\n<p><small>Made by grognard sim; the same seed gives the same page."
               "</small></p>\n</body></html>\n");
    if (fclose(f) != 0) {
        cli_err("grognard sim: --html %s: write error", file);
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cmd_sim(int argc, char **argv)
{
    const char *path = NULL;
    long games = 1000, jobs = 1;
    uint64_t seed = 1;
    int json = 0;
    const char *html = NULL;
    gr_error err;
    gr_error_clear(&err);
    const char *players[2] = {"random", "random"};
    char pbuf[64] = "";
    gr_sim_opts o;
    memset(&o, 0, sizeof o);
    o.players[0] = o.players[1] = gr_ai_kind_of(GR_AI_RANDOM);
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
            !strcmp(a, "--jobs") || !strcmp(a, "--html")) {
            if (i + 1 >= argc) {
                cli_err("grognard sim: %s needs a value (grognard sim --help)\n", a);
                return CLI_USAGE;
            }
            const char *v = argv[++i];
            long x;
            if (!strcmp(a, "--html")) {
                html = v;
            } else if (!strcmp(a, "--games")) {
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
                    "--players A,B, --jobs J, --json, --html FILE, --help\n",
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
    if (html && rc == CLI_OK) {
        rc = write_html(html, &g, path, &o, players, r);
        if (rc == CLI_OK && !json)
            printf("\n  the balance page: %s\n", html);
    }
out:
    free(sc);
    free(r);
    return rc;
}
