/* sv_battle.h - the battle companion over HTTP (sv_battle.c, docs/api.md
 * "The battle companion"): companion battles are games of the companion's
 * types (bt_game.h) in the one registry, on the one action path, in the
 * store and on the event stream as every game (sv_games.h); sv_http.c
 * routes /api/oobs and /api/battles here (sv_battles_route).  Internal. */
#ifndef GROGNARD_SV_BATTLE_H
#define GROGNARD_SV_BATTLE_H

#include "grognard/store.h"
#include "server_internal.h"

/* 1 if t is one of the companion's types (its games are battles, served
 * under /api/battles, its scenarios orders of battle under /api/oobs). */
int sv_battles_type(const gr_game_type *t);

/* 1 if the stored game sg is a companion battle (its scenario "SYSTEM/OOB"
 * or "SYSTEM", SYSTEM one of the companion's). */
int sv_battles_stored(const gr_store_game *sg);

/* 1 if g is a companion battle. */
int sv_battles_holds(const sv_game *g);

/* Below, the caller holds g->lock. */

/* The status of battle g as side `side` sees it: the game's view
 * (gr_game_view_json) without the system's words (gr_bt_rules_json's,
 * served apart by GET .../rules, but "system") and with the server's keys
 * (docs/api.md), "rules_etag" among them.  New reference, NULL if out of
 * memory.  Its stream's events (sv_games_events) are it. */
json_t *sv_battles_view(const sv_game *g, int side);

#endif
