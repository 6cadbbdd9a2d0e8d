/* sv_battle.h - the battle companion over HTTP (docs/api.md, "The battle
 * companion"): the bundled orders of battle, and companion battles as
 * games of the companion's types (bt_game.h) in the one registry, on the
 * one action path and in the store as every game (sv_games.h): a token per
 * side, each side's view without the other side's hidden details, actions
 * checked against the phase and the side that acts, dice typed at the table
 * given as recorded, undo, the after-action report, the event stream.
 * Internal to the server (sv_http.c routes /api/oobs and /api/battles
 * here: sv_battles_route). */
#ifndef GROGNARD_SV_BATTLE_H
#define GROGNARD_SV_BATTLE_H

#include "grognard/error.h"
#include "grognard/store.h"
#include "server_internal.h"
#include "sv_http.h"

/* List the bundled orders of battle under DATA/oob/SYSTEM/ID.json (a file
 * that does not read is left out with a line on stderr).  `host` is the
 * address the server listens on (the links of a new battle say where other
 * devices reach it). */
gr_status sv_battles_open(const char *data, const char *host, sv_battles **out, gr_error *err);

void sv_battles_free(sv_battles *bs);

/* The scenario of a stored battle (its scenario "SYSTEM/OOB", a bundled
 * order of battle, or "SYSTEM" and the order of battle's text kept in the
 * store), made for it alone: *own is freed by its release.  GR_EINPUT
 * (nothing said) when sg is no battle's; GR_ERUNTIME naming what is
 * missing or does not read. */
gr_status sv_battles_scenario(gr_server *s, const gr_store_game *sg, sv_scenario **own,
                              gr_error *err);

/* 1 if the stored game sg is a companion battle (its scenario "SYSTEM/OOB"
 * or "SYSTEM", SYSTEM one of the companion's). */
int sv_battles_stored(const gr_store_game *sg);

/* 1 if g is a companion battle (served under /api/battles, not /api/games). */
int sv_battles_holds(const sv_game *g);

#endif
