/* cli_battle.h - what the battle commands' files share (internal to the
 * CLI): cmd_battle.c (new, status, next, undo, the verbs) and
 * cmd_battle_report.c (the after-action report). */
#ifndef GROGNARD_CLI_BATTLE_H
#define GROGNARD_CLI_BATTLE_H

#include <stdio.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/battle_wire.h"

/* grognard battle report FILE [--html OUT] [--json]: the battle file's
 * match m already read. */
int cli_bt_report(const char *path, const gr_match *m, const char *html, int json);

#endif
