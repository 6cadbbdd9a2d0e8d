/* sim_print.h - a simulation's report for people: the text report and the
 * balance page (internal to the CLI).  Both read only the report's sums
 * and its identity (gr_sim_doc), so grognard sim and grognard sim-merge
 * print the same bytes for the same sums. */
#ifndef GROGNARD_CLI_SIM_PRINT_H
#define GROGNARD_CLI_SIM_PRINT_H

#include "cli.h"

#include "grognard/sim.h"
#include "grognard/sim_io.h"

/* A side that won none of at least this many battles is reported as one
 * that cannot win (the upper end of the 95% interval of 0 in 20 is 16%). */
#define SIM_CANNOT_WIN 20

/* The study's report as the command asked for it: JSON (gr_wire_sim_study)
 * or the text report on stdout (the base run's, then the comparison), then the balance page into
 * `html` if not NULL (named on stdout after a text report).  Returns CLI_OK or CLI_FAIL. */
int sim_print_report(const char *cmd, const gr_sim_study *st, int json, const char *html);

#endif
