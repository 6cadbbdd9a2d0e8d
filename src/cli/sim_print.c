/* sim_print.c - a simulation's report as text and as a balance page, for
 * grognard sim and grognard sim-merge alike (sim_print.h). */
#include "sim_print.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/file_io.h"

static void change_text(const gr_sim_study *st, int i, int s, char *buf, size_t cap);
static int skill_run(const gr_sim_study *st, int k);
static void holes_text(const gr_sim_doc *d, const gr_sim_report *r, char *buf, size_t cap);

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

/* The text report on stdout: who wins how often with the 95% intervals, the
 * draws, the length of the battles (steps, turns with a histogram), each
 * side's losses on average, the objectives held at the end. */
static void sim_print_text(const gr_sim_doc *d, const gr_sim_report *r)
{
    const char *side[2] = {d->sides[0], d->sides[1]};
    double n = (double)r->games;
    /* texts read from a file (sim-merge): no control character reaches
     * the terminal */
    char b[4][GR_SIM_PATH];
    printf("%s (%s): %ld battles, seed %" PRIu64 "\n", cli_esc(d->title, b[0], sizeof b[0]),
           cli_esc(d->path, b[1], sizeof b[1]), r->games, d->seed);
    printf("  %s (%s) against %s (%s)\n\n", cli_esc(side[0], b[0], sizeof b[0]),
           cli_esc(d->players[0], b[1], sizeof b[1]), cli_esc(side[1], b[2], sizeof b[2]),
           cli_esc(d->players[1], b[3], sizeof b[3]));
    int w = cli_width(side[0]) > cli_width(side[1]) ? cli_width(side[0]) : cli_width(side[1]);
    w = w < 18 ? 18 : w;
    for (int s = 0; s < 2; s++) {
        printf("  ");
        cli_pad(stdout, side[s], w, 0);
        printf(" wins %5.1f%%  (95%% interval %.1f%% to %.1f%%), %ld battles\n",
               100.0 * (double)r->wins[s] / n, 100.0 * r->ci95[s][0], 100.0 * r->ci95[s][1],
               r->wins[s]);
    }
    printf("  ");
    cli_pad(stdout, "drawn (turn limit)", w, 0);
    printf("      %5.1f%%  %ld battles\n", 100.0 * (double)r->draws / n, r->draws);
    if (r->unfinished) {
        printf("  ");
        cli_pad(stdout, "unfinished (a hole)", w, 0);
        printf("      %5.1f%%  %ld battles\n", 100.0 * (double)r->unfinished / n, r->unfinished);
    }
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
    cli_pad(stdout, side[0], w + 2, 0);
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
        cli_pad(stdout, s->name, 42, 0);
        snprintf(v, sizeof v, "%.2f", (double)s->sum / n);
        cli_pad(stdout, v, w + 2, 0);
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

/* The battles won in turn t (from 1) as a share of the battles won. */
static double decided_share(const gr_sim_report *r, int t)
{
    long won = r->wins[0] + r->wins[1];
    return won ? (double)r->decided[t - 1] / (double)won : 0;
}

/* The hexes of most strength lost: up to `most` of them into c, w (by
 * loss, then column, then row); returns how many. */
static int top_losses(const gr_sim_report *r, int most, int *c, int *w)
{
    int n = 0;
    for (int x = 0; x < GR_SIM_MAP; x++)
        for (int y = 0; y < GR_SIM_MAP; y++) {
            if (!r->loss[x][y])
                continue;
            int k = n < most ? n++ : most;
            if (k == most && r->loss[x][y] <= r->loss[c[most - 1]][w[most - 1]])
                continue;
            if (k == most)
                k = most - 1;
            while (k > 0 && r->loss[c[k - 1]][w[k - 1]] < r->loss[x][y]) {
                c[k] = c[k - 1];
                w[k] = w[k - 1];
                k--;
            }
            c[k] = x;
            w[k] = y;
        }
    return n;
}

/* The designer's part of the text report, after sim_print_text: the turn
 * in which the won battles were decided, the objectives changing hands and
 * who holds them at the end, the hexes of most losses, the rule holes with
 * the command that plays the first battle of each again, and a side that
 * won nothing. */
static void sim_print_designer(const gr_sim_doc *d, const gr_sim_report *r)
{
    double n = (double)r->games;
    char b[3][GR_SIM_PATH];
    long won = r->wins[0] + r->wins[1];
    if (won) {
        int last = GR_SIM_MAX_TURNS;
        while (last > 1 && !r->decided[last - 1])
            last--;
        printf("\n  the turn the battle is decided (from its end on, the winner led to the end), "
               "of %ld battles won:\n",
               won);
        for (int t = 1; t <= last; t++) {
            int w = (int)(40.0 * decided_share(r, t) + 0.5);
            printf("    %3d %-40.*s %5.1f%%\n", t, w, "########################################",
                   100.0 * decided_share(r, t));
        }
    }
    if (r->nobj) {
        printf("\n  objectives: changed hands (times a battle, battles), held at the end by\n");
        for (int i = 0; i < r->nobj; i++)
            printf("    [%d, %d] (%s's): %.2f, %.0f%%; %s %.0f%%, %s %.0f%%\n", r->obj[i].col,
                   r->obj[i].row, cli_esc(d->sides[r->obj[i].side], b[0], sizeof b[0]),
                   (double)r->obj[i].changes / n, 100.0 * (double)r->obj[i].games_changed / n,
                   cli_esc(d->sides[0], b[1], sizeof b[1]), 100.0 * (double)r->obj[i].end[0] / n,
                   cli_esc(d->sides[1], b[2], sizeof b[2]), 100.0 * (double)r->obj[i].end[1] / n);
    }
    int c[5], w[5], k = top_losses(r, 5, c, w);
    if (k) {
        printf("\n  where strength is lost (the hexes of most losses, a battle):");
        for (int i = 0; i < k; i++)
            printf("%s [%d, %d] %.2f", i ? "," : "", c[i], w[i], (double)r->loss[c[i]][w[i]] / n);
        printf("\n");
    }
    printf("\n  rule holes:\n");
    int any = 0;
    for (int h = 0; h < GR_SIM_HOLES; h++) {
        if (!r->holes[h])
            continue;
        any = 1;
        printf("    %s: %ld battles; the first, game %ld (game seed %016" PRIx64 "), again:\n"
               "      grognard sim %s --seed %" PRIu64
               " --players %s,%s --replay %ld --save FILE\n",
               gr_sim_hole_name(h), r->holes[h], r->hole_first[h] + 1,
               gr_sim_game_seed(d->seed, r->hole_first[h]), cli_esc(d->path, b[0], sizeof b[0]),
               d->seed, cli_esc(d->players[0], b[1], sizeof b[1]),
               cli_esc(d->players[1], b[2], sizeof b[2]), r->hole_first[h] + 1);
    }
    for (int s = 0; s < 2; s++)
        if (r->wins[s] == 0 && r->games >= SIM_CANNOT_WIN) {
            any = 1;
            printf("    %s won none of %ld battles (played by %s): a side that cannot win, unless "
                   "a stronger player can\n",
                   cli_esc(d->sides[s], b[0], sizeof b[0]), r->games,
                   cli_esc(d->players[s], b[1], sizeof b[1]));
        }
    if (!any)
        printf("    none found\n");
}

/* ---- the balance page ---------------------------------------------------- */

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
        gr_html_text(f, r->stats[i].name);
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
    gr_html_text(f, side[0]);
    fprintf(f, "</text><text x=\"440\" y=\"%d\" font-size=\"11\" fill=\"%s\">&#9632; ", h - 4,
            side_colour[1]);
    gr_html_text(f, side[1]);
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
/* The loss map: pointy hexes in odd-r offset coordinates (grognard/hex.h,
 * as the web page draws its map: the clear terrain's colour), each filled
 * from that colour to red by the strength lost there, objectives ringed in
 * their owner's colour. */
static void svg_heat(FILE *f, const gr_sim_report *r)
{
    const double R = 20, W = 1.7320508 * R; /* radius; width of a pointy hex */
    int64_t most = 1;
    for (int c = 0; c < r->map_cols; c++)
        for (int w = 0; w < r->map_rows; w++)
            most = r->loss[c][w] > most ? r->loss[c][w] : most;
    double width = W * (r->map_cols + 0.5) + 4, height = 1.5 * R * r->map_rows + R / 2 + 4;
    fprintf(f, "<svg width=\"%.0f\" height=\"%.0f\" role=\"img\" aria-label=\"loss map\">\n",
            width > 680 ? width : 680, height + 22);
    for (int w = 0; w < r->map_rows; w++)
        for (int c = 0; c < r->map_cols; c++) {
            double x = 2 + W / 2 + W * c + (w & 1 ? W / 2 : 0), y = 2 + R + 1.5 * R * w;
            double t = (double)r->loss[c][w] / (double)most;
            /* #e6e2c3 (clear) to #b8312f */
            int red = (int)(0xe6 + t * (0xb8 - 0xe6)), green = (int)(0xe2 + t * (0x31 - 0xe2)),
                blue = (int)(0xc3 + t * (0x2f - 0xc3));
            fprintf(f,
                    "<polygon fill=\"#%02x%02x%02x\" stroke=\"#999\" stroke-width=\"0.5\" "
                    "points=\"",
                    red, green, blue);
            for (int k = 0; k < 6; k++) {
                double a = 3.14159265358979 / 180 * (60 * k - 30);
                fprintf(f, "%.1f,%.1f ", x + R * cos(a), y + R * sin(a));
            }
            fprintf(f, "\"><title>[%d, %d]: %.2f a battle</title></polygon>\n", c, w,
                    r->games ? (double)r->loss[c][w] / (double)r->games : 0);
        }
    for (int i = 0; i < r->nobj; i++) {
        int c = r->obj[i].col, w = r->obj[i].row;
        double x = 2 + W / 2 + W * c + (w & 1 ? W / 2 : 0), y = 2 + R + 1.5 * R * w;
        fprintf(f,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
                "stroke-width=\"2.5\"/>\n",
                x, y, R * 0.6, side_colour[r->obj[i].side & 1]);
    }
    fprintf(f,
            "<text x=\"2\" y=\"%.0f\" font-size=\"11\">most lost on a hex: %.2f a battle; "
            "circles: objectives, in their owner's colour</text>\n</svg>\n",
            height + 16, r->games ? (double)most / (double)r->games : 0);
}

/* The won battles by the turn that decided them. */
static void svg_decided(FILE *f, const gr_sim_report *r)
{
    int last = GR_SIM_MAX_TURNS;
    while (last > 1 && !r->decided[last - 1])
        last--;
    double most = 0.01;
    for (int t = 1; t <= last; t++)
        most = decided_share(r, t) > most ? decided_share(r, t) : most;
    fprintf(f, "<svg width=\"680\" height=\"150\" role=\"img\" aria-label=\"deciding turn\">\n");
    double bw = 600.0 / last;
    for (int t = 1; t <= last; t++) {
        double h = 110 * decided_share(r, t) / most;
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#777\"/>"
                "<text x=\"%.1f\" y=\"140\" font-size=\"11\">%d</text>"
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%.0f%%</text>\n",
                40 + bw * (t - 1) + 2, 125 - h, bw - 4, h, 40 + bw * (t - 1) + bw / 2 - 3, t,
                40 + bw * (t - 1) + 2, 122 - h, 100 * decided_share(r, t));
    }
    fprintf(f, "<text x=\"0\" y=\"140\" font-size=\"11\">turn</text>\n</svg>\n");
}

/* The designer's sections of the page: where the battle is decided, the
 * rule holes, the variants and the skill runs. */
static void html_designer(FILE *f, const gr_sim_study *st)
{
    const gr_sim_doc *d = &st->d[0];
    const gr_sim_report *r = &st->r[0];
    const char *side[2] = {d->sides[0], d->sides[1]};
    double n = (double)r->games;
    if (r->wins[0] + r->wins[1]) {
        fprintf(f, "<h2>The turn the battle is decided (won battles; from its end on the "
                   "winner led to the end)</h2>\n");
        svg_decided(f, r);
    }
    if (r->nobj) {
        fprintf(f, "<h2>Objectives</h2>\n<table><tr><th>hex</th><th>owner</th><th>changes "
                   "hands, a battle</th><th>battles it changed hands</th><th>held at the end "
                   "by</th></tr>\n");
        for (int i = 0; i < r->nobj; i++) {
            fprintf(f, "<tr><td>[%d, %d]</td><td>", r->obj[i].col, r->obj[i].row);
            gr_html_text(f, side[r->obj[i].side & 1]);
            fprintf(f, "</td><td>%.2f</td><td>%.0f%%</td><td>", (double)r->obj[i].changes / n,
                    100.0 * (double)r->obj[i].games_changed / n);
            for (int s = 0; s < 2; s++) {
                fprintf(f, "<span style=\"color:%s\">", side_colour[s]);
                gr_html_text(f, side[s]);
                fprintf(f, "</span> %.0f%%%s", 100.0 * (double)r->obj[i].end[s] / n, s ? "" : ", ");
            }
            fprintf(f, "</td></tr>\n");
        }
        fprintf(f, "</table>\n");
    }
    if (r->map_cols && r->map_rows) {
        fprintf(f, "<h2>Where strength is lost</h2>\n");
        svg_heat(f, r);
    }
    fprintf(f, "<h2>Rule holes</h2>\n<ul>\n");
    int any = 0;
    for (int h = 0; h < GR_SIM_HOLES; h++)
        if (r->holes[h]) {
            any = 1;
            fprintf(f, "<li>%s: %ld battles; the first is battle %ld: <code>grognard sim ",
                    gr_sim_hole_name(h), r->holes[h], r->hole_first[h] + 1);
            gr_html_text(f, d->path);
            fprintf(f, " --seed %" PRIu64 " --players ", d->seed);
            gr_html_text(f, d->players[0]);
            fprintf(f, ",");
            gr_html_text(f, d->players[1]);
            fprintf(f, " --replay %ld --save FILE</code></li>\n", r->hole_first[h] + 1);
        }
    for (int s = 0; s < 2; s++)
        if (r->wins[s] == 0 && r->games >= SIM_CANNOT_WIN) {
            any = 1;
            fprintf(f, "<li>");
            gr_html_text(f, side[s]);
            fprintf(f, " won none of %ld battles (played by ", r->games);
            gr_html_text(f, d->players[s]);
            fprintf(f, ")</li>\n");
        }
    fprintf(f, "%s</ul>\n", any ? "" : "<li>none found</li>");
    int nv = 0;
    for (int i = 1; i < st->n; i++)
        if (!strcmp(st->d[i].kind, "variant")) {
            if (!nv++) {
                fprintf(f, "<h2>Variants against the base (change of the win rate in points, "
                           "95%% interval; <b>bold</b>: significant at 5%%)</h2>\n<table><tr>"
                           "<th>variant</th><th>");
                gr_html_text(f, side[0]);
                fprintf(f, "</th><th>");
                gr_html_text(f, side[1]);
                fprintf(f, "</th><th>rule holes</th></tr>\n");
            }
            fprintf(f, "<tr><td>");
            gr_html_text(f, st->d[i].label);
            fprintf(f, "</td>");
            for (int s = 0; s < 2; s++) {
                char c[96];
                change_text(st, i, s, c, sizeof c);
                int sig = strchr(c, '*') != NULL;
                fprintf(f, "<td>%s%s%s</td>", sig ? "<b>" : "", c, sig ? "</b>" : "");
            }
            char h[GR_SIM_PATH];
            holes_text(&st->d[i], &st->r[i], h, sizeof h);
            fprintf(f, "<td>");
            gr_html_text(f, h[0] ? h : "none");
            fprintf(f, "</td></tr>\n");
        }
    if (nv)
        fprintf(f, "</table>\n");
    int sw = skill_run(st, 0), ws = skill_run(st, 1), ss = skill_run(st, 2);
    if (sw >= 0 && ws >= 0 && ss >= 0) {
        fprintf(f, "<h2>Skill: each side's win rate by who plays it</h2>\n<table><tr><th>players"
                   "</th><th>");
        gr_html_text(f, side[0]);
        fprintf(f, "</th><th>");
        gr_html_text(f, side[1]);
        fprintf(f, "</th></tr>\n");
        const int order[4] = {0, sw, ws, ss};
        for (int k = 0; k < 4; k++) {
            const gr_sim_report *q = &st->r[order[k]];
            fprintf(f, "<tr><td>");
            gr_html_text(f, st->d[order[k]].players[0]);
            fprintf(f, ", ");
            gr_html_text(f, st->d[order[k]].players[1]);
            fprintf(f, "</td><td>%.1f%%</td><td>%.1f%%</td></tr>\n",
                    100.0 * (double)q->wins[0] / (double)q->games,
                    100.0 * (double)q->wins[1] / (double)q->games);
        }
        fprintf(f, "</table>\n");
    }
}

/* The balance page written to `file` atomically (gr_write_file_atomic):
 * one self-contained HTML file (no script, nothing fetched), its charts in
 * SVG.  Returns CLI_OK, or CLI_FAIL after one line on stderr beginning
 * with `cmd` ("grognard sim") that says why. */
static int sim_write_html(const char *cmd, const char *file, const gr_sim_study *st)
{
    const gr_sim_doc *d = &st->d[0];
    const gr_sim_report *r = &st->r[0];
    const char *side[2] = {d->sides[0], d->sides[1]};
    char *page = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&page, &len);
    if (!f) {
        cli_err("%s: --html %s: out of memory making the page", cmd, file);
        return CLI_FAIL;
    }
    double n = (double)r->games;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
    gr_html_text(f, d->title);
    fprintf(f,
            ": balance</title>\n<style>body{font:15px/1.4 sans-serif;max-width:720px;margin:2em "
            "auto;color:#222}h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}"
            "p.lead{font-size:1.2em}td,th{padding:2px "
            "10px;text-align:left;vertical-align:top}td:first-child{white-space:nowrap}</style>\n"
            "</head><body>\n<h1>");
    gr_html_text(f, d->title);
    fprintf(f, "</h1>\n<p>%ld battles of ", r->games);
    gr_html_text(f, d->path);
    fprintf(f, ", seed %" PRIu64 ": ", d->seed);
    gr_html_text(f, side[0]);
    fprintf(f, " played by <b>");
    gr_html_text(f, d->players[0]);
    fprintf(f, "</b>, ");
    gr_html_text(f, side[1]);
    fprintf(f, " by <b>");
    gr_html_text(f, d->players[1]);
    fprintf(f, "</b>.</p>\n<p class=\"lead\">");
    for (int s = 0; s < 2; s++) {
        double p = 100.0 * (double)r->wins[s] / n;
        double half = 50.0 * (r->ci95[s][1] - r->ci95[s][0]);
        fprintf(f, "<span style=\"color:%s\">", side_colour[s]);
        gr_html_text(f, side[s]);
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
            gr_html_text(f, r->stats[i].name);
            fprintf(f, " (");
            gr_html_text(f, r->stats[i].side >= 0 ? side[r->stats[i].side] : "?");
            fprintf(f, "'s)</td><td>%.1f%%</td></tr>\n", 100.0 * (double)r->stats[i].sum / n);
        }
    fprintf(f, "</table>\n");
    html_designer(f, st);
    fprintf(f, "<p><small>Made by grognard sim; the same seed gives the same page."
               "</small></p>\n</body></html>\n");
    if (fclose(f) != 0) {
        free(page);
        cli_err("%s: --html %s: out of memory making the page", cmd, file);
        return CLI_FAIL;
    }
    gr_error err;
    gr_status ws = gr_write_file_atomic(file, page, len, &err);
    free(page);
    if (ws != GR_OK) {
        cli_err("%s: --html %s", cmd, err.msg);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* ---- a study: the runs compared with the base ------------------------------ */

/* Side s's win rate in run i against the base's: the change, its interval
 * and whether it is significant, as text. */
static void change_text(const gr_sim_study *st, int i, int s, char *buf, size_t cap)
{
    const gr_sim_report *a = &st->r[i], *b = &st->r[0];
    double lo, hi;
    gr_sim_diff_ci(a->wins[s], a->games, b->wins[s], b->games, &lo, &hi);
    double d = (double)a->wins[s] / (double)a->games - (double)b->wins[s] / (double)b->games;
    snprintf(buf, cap, "%+5.1f (%+.1f to %+.1f)%s", 100 * d, 100 * lo, 100 * hi,
             lo > 0 || hi < 0 ? " *" : "  ");
}

/* A compared run's rule holes in a few words ("" if none): each kind, its
 * battles and its first (from 1), and a side that won none. */
static void holes_text(const gr_sim_doc *d, const gr_sim_report *r, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int h = 0; h < GR_SIM_HOLES && n < cap; h++)
        if (r->holes[h])
            n += (size_t)snprintf(buf + n, cap - n, "%s%s: %ld (first battle %ld)", n ? "; " : "",
                                  gr_sim_hole_name(h), r->holes[h], r->hole_first[h] + 1);
    for (int s = 0; s < 2 && n < cap; s++)
        if (r->wins[s] == 0 && r->games >= SIM_CANNOT_WIN)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s won none", n ? "; " : "", d->sides[s]);
}

/* The skill runs of a study in the order cmd_sim makes them: the stronger
 * player S on side 0 (S,W), on side 1 (W,S), on both (S,S); -1 if none. */
static int skill_run(const gr_sim_study *st, int k)
{
    for (int i = 1; i < st->n; i++)
        if (!strcmp(st->d[i].kind, "skill") && k-- == 0)
            return i;
    return -1;
}

/* The runs of a study compared with its base, as text: each variant's
 * change of each side's win rate with its 95% interval (Newcombe) and a *
 * when significant; the skill runs (W,W; S,W; W,S; S,S): each side's win
 * rate, the stronger player's with one side against the other, and a side
 * that wins only with the stronger player or with neither. */
static void sim_print_compare(const gr_sim_study *st)
{
    const gr_sim_doc *d = &st->d[0];
    char b[3][GR_SIM_PATH], c[2][96];
    int any = 0;
    for (int i = 1; i < st->n; i++) {
        if (strcmp(st->d[i].kind, "variant"))
            continue;
        if (!any++) {
            printf("\nvariants against the base (win rate change in points, 95%% interval; * "
                   "significant at 5%%):\n  %-34s %-28s %s\n",
                   "", cli_esc(d->sides[0], b[0], sizeof b[0]),
                   cli_esc(d->sides[1], b[1], sizeof b[1]));
        }
        change_text(st, i, 0, c[0], sizeof c[0]);
        change_text(st, i, 1, c[1], sizeof c[1]);
        printf("  ");
        cli_pad(stdout, cli_esc(st->d[i].label, b[0], sizeof b[0]), 34, 0);
        printf(" %-28s %s\n", c[0], c[1]);
        char h[GR_SIM_PATH];
        holes_text(&st->d[i], &st->r[i], h, sizeof h);
        if (h[0])
            printf("    rule holes: %s\n", cli_esc(h, b[0], sizeof b[0]));
    }
    int sw = skill_run(st, 0), ws = skill_run(st, 1), ss = skill_run(st, 2);
    if (sw < 0 || ws < 0 || ss < 0)
        return;
    const char *weak = d->players[0], *strong = st->d[sw].players[0];
    printf("\nskill: %s (weaker) and %s (stronger), each side's win rate:\n",
           cli_esc(weak, b[0], sizeof b[0]), cli_esc(strong, b[1], sizeof b[1]));
    const int order[4] = {0, sw, ws, ss};
    for (int k = 0; k < 4; k++) {
        const gr_sim_report *r = &st->r[order[k]];
        printf("  %s,%s: ", cli_esc(st->d[order[k]].players[0], b[0], sizeof b[0]),
               cli_esc(st->d[order[k]].players[1], b[1], sizeof b[1]));
        printf("%s %.1f%%, %s %.1f%%\n", cli_esc(d->sides[0], b[0], sizeof b[0]),
               100.0 * (double)r->wins[0] / (double)r->games,
               cli_esc(d->sides[1], b[1], sizeof b[1]),
               100.0 * (double)r->wins[1] / (double)r->games);
        char h[GR_SIM_PATH];
        holes_text(&st->d[order[k]], r, h, sizeof h);
        if (h[0] && k > 0)
            printf("    rule holes: %s\n", cli_esc(h, b[0], sizeof b[0]));
    }
    /* the stronger player's wins with side 0 (S,W) against side 1 (W,S) */
    const gr_sim_report *a = &st->r[sw], *z = &st->r[ws];
    double lo, hi;
    gr_sim_diff_ci(a->wins[0], a->games, z->wins[1], z->games, &lo, &hi);
    double d0 = (double)a->wins[0] / (double)a->games, d1 = (double)z->wins[1] / (double)z->games;
    printf("  the stronger player wins %.1f%% with %s, %.1f%% with %s: %+.1f points "
           "(%+.1f to %+.1f), %s\n",
           100 * d0, cli_esc(d->sides[0], b[0], sizeof b[0]), 100 * d1,
           cli_esc(d->sides[1], b[1], sizeof b[1]), 100 * (d0 - d1), 100 * lo, 100 * hi,
           lo > 0 || hi < 0 ? "a significant difference: skill pays more on one side"
                            : "no significant difference");
    for (int s = 0; s < 2; s++) {
        /* side s played by the weaker: the base and the run where the other is stronger */
        long weak_wins = st->r[0].wins[s] + st->r[s == 0 ? ws : sw].wins[s];
        long strong_wins = st->r[s == 0 ? sw : ws].wins[s] + st->r[ss].wins[s];
        if (!weak_wins && strong_wins)
            printf("  %s wins only with the stronger player (%ld battles with %s, none with "
                   "%s)\n",
                   cli_esc(d->sides[s], b[0], sizeof b[0]), strong_wins,
                   cli_esc(strong, b[1], sizeof b[1]), cli_esc(weak, b[2], sizeof b[2]));
        if (!weak_wins && !strong_wins)
            printf("  %s wins with neither player: a side that cannot win\n",
                   cli_esc(d->sides[s], b[0], sizeof b[0]));
    }
}

int sim_print_report(const char *cmd, const gr_sim_study *st, int json, const char *html)
{
    int rc = CLI_OK;
    const gr_sim_doc *d = &st->d[0];
    const gr_sim_report *r = &st->r[0];
    if (json)
        rc = cli_print_json(gr_wire_sim_study(st));
    else {
        sim_print_text(d, r);
        sim_print_designer(d, r);
        sim_print_compare(st);
    }
    if (html && rc == CLI_OK) {
        rc = sim_write_html(cmd, html, st);
        if (rc == CLI_OK && !json)
            printf("\n  the balance page: %s\n", html);
    }
    return rc;
}
