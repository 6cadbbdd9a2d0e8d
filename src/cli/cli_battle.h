/* cli_battle.h - what the battle commands' files share (internal to the
 * CLI): cmd_battle.c (new, status, next, undo, the verbs) and
 * cmd_battle_report.c (the after-action report). */
#ifndef GROGNARD_CLI_BATTLE_H
#define GROGNARD_CLI_BATTLE_H

#include <stdio.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"

/* Names for the text and JSON outputs. */
const char *cli_bt_condition(int c);     /* "fresh", "worn", "spent" */
const char *cli_bt_leader_status(int s); /* "active", "out_of_action", ... */
const char *cli_bt_guns(int g);          /* "", "suppressed", "silenced", ... */
const char *cli_bt_ammo(int a);          /* "", "low", "out" */

/* The resolution and instructions of one action, as text: the modifiers
 * with their reasons and sources, each step's odds before its result, the
 * dice, the result, then the instructions for the table. */
void cli_bt_print_outcome(FILE *f, const gr_battle *before, const gr_bt_action *a,
                          const gr_bt_outcome *o);

/* grognard battle report FILE [--html OUT] [--json]: f already read. */
int cli_bt_report(const char *path, const gr_battle_file *f, const char *html, int json);

#endif
