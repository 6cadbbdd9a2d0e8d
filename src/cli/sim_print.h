/* sim_print.h - a simulation's report for people: the text report and the
 * balance page (internal to the CLI).  Both read only the report's sums
 * and its identity (gr_sim_doc), so grognard sim and grognard sim-merge
 * print the same bytes for the same sums. */
#ifndef GROGNARD_CLI_SIM_PRINT_H
#define GROGNARD_CLI_SIM_PRINT_H

#include "cli.h"

#include "grognard/sim.h"
#include "grognard/sim_io.h"

/* The text report on stdout: who wins how often with the 95% intervals, the
 * draws, the length of the battles (steps, turns with a histogram), each
 * side's losses on average, the objectives held at the end. */
void sim_print_text(const gr_sim_doc *d, const gr_sim_report *r);

/* A side that won none of at least this many battles is reported as one
 * that cannot win (the upper end of the 95% interval of 0 in 20 is 16%). */
#define SIM_CANNOT_WIN 20

/* The designer's part of the text report, after sim_print_text: the turn
 * in which the won battles were decided, the objectives changing hands and
 * who holds them at the end, the hexes of most losses, the rule holes with
 * the command that plays the first battle of each again, and a side that
 * won nothing. */
void sim_print_designer(const gr_sim_doc *d, const gr_sim_report *r);

/* The balance page written to `file` atomically (gr_write_file_atomic):
 * one self-contained HTML file (no script, nothing fetched), its charts in
 * SVG.  Returns CLI_OK, or CLI_FAIL after one line on stderr beginning
 * with `cmd` ("grognard sim") that says why. */
int sim_write_html(const char *cmd, const char *file, const gr_sim_study *st);

/* The study's report as the command asked for it: JSON (gr_wire_sim_study)
 * or the text report on stdout (the base run's, then the comparison), then the balance page into
 * `html` if not NULL (named on stdout after a text report).  Returns CLI_OK or CLI_FAIL. */
int sim_print_report(const char *cmd, const gr_sim_study *st, int json, const char *html);

/* The runs of a study compared with its base, as text: each variant's
 * change of each side's win rate with its 95% interval (Newcombe) and a *
 * when significant; the skill runs (W,W; S,W; W,S; S,S): each side's win
 * rate, the stronger player's with one side against the other, and a side
 * that wins only with the stronger player or with neither. */
void sim_print_compare(const gr_sim_study *st);

#endif
