/* sv_games.h - the one path of every game the server holds, whatever its
 * type (sv_games.c): the registry backed by the store, the action and undo
 * that are answered only once the store holds them, catching up with other
 * servers.  The games resource uses it, and so does a resource of another
 * game type (the battle companion).  Internal. */
#ifndef GROGNARD_SV_GAMES_H
#define GROGNARD_SV_GAMES_H

#include "server_internal.h"
#include "sv_http.h"

/* Store a new game g (sv_game_new; its id, scenario id, seed, players and
 * tokens, and `text` when its scenario is no file of the server's:
 * gr_store_create_text), register it (taken: freed on failure), play the
 * chance steps before its first decision and store them.  GR_ERUNTIME with
 * the store's reason. */
gr_status sv_games_add(gr_server *s, sv_game *g, const char *text, size_t len, gr_error *err);

/* The game `id`, from memory or the store (loaded, replayed and checked);
 * NULL if there is none (*missing set) or it cannot be loaded (err). */
sv_game *sv_games_find(gr_server *s, const char *id, int *missing, gr_error *err);

/* Below, the caller holds g->lock. */

/* g caught up with the store (sv_games.c: a shared store only).  A view or
 * an answer about g calls it first. */
gr_status sv_games_sync(gr_server *s, sv_game *g, gr_error *err);

/* sv_game_act on g as the store has it, then its steps stored: the HTTP
 * status (200 only once the steps are committed; 409 another server stored
 * a step first, g caught up with it; sv_game_act's others), *first the
 * first step it added. */
int sv_games_act(gr_server *s, sv_game *g, int seat, const char *text, size_t step,
                 const gr_action *dice, size_t ndice, size_t *first, gr_error *err);

/* sv_game_undo on g as the store has it, the store truncated: 200 once
 * committed, 400 nothing to take back, 409 stale step or another server
 * first, 500 the store failed (g as the store has it). */
int sv_games_undo(gr_server *s, sv_game *g, int seat, size_t step, gr_error *err);

#endif
