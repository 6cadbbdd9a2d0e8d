/* sv_games.h - the one path of every game the server holds, whatever its
 * type (sv_games.c): the registry backed by the store, the action and undo
 * that are answered only once the store holds them, catching up with other
 * servers.  The games resource uses it, and so does a resource of another
 * game type (the battle companion).  Internal. */
#ifndef GROGNARD_SV_GAMES_H
#define GROGNARD_SV_GAMES_H

#include "server_internal.h"
#include "sv_http.h"

/* Start a game of scenario scn (own: the game's own, scn itself, taken:
 * freed with the game or on failure) with *seed (NULL: drawn, below 2^53)
 * and players ("human" or a computer player's name): its id and a token
 * for each human seat drawn,
 * the game stored (own's text kept beside it: gr_store_create_text) and
 * registered, the chance steps before its first decision played and
 * stored: *out, NULL on failure.  GR_EINPUT naming a player that is not
 * known; GR_ERUNTIME with the store's reason. */
gr_status sv_games_start(gr_server *s, const sv_scenario *scn, sv_scenario *own,
                         const uint64_t *seed, const char players[2][GR_STORE_NAME_MAX],
                         sv_game **out, gr_error *err);

/* The bundled scenario `id` of the registry: a game's (battle 0: GET
 * /api/scenarios lists them) or a companion's order of battle (battle 1:
 * "SYSTEM/OOB", GET /api/oobs lists them); NULL if there is none. */
const sv_scenario *sv_games_scenario(gr_server *s, const char *id, int battle);

/* The entries of GET /api/scenarios (battle 0) or GET /api/oobs (battle
 * 1): the summaries of the bundled scenarios of that kind (new reference). */
json_t *sv_games_scenarios(gr_server *s, int battle);

/* A game's own scenario of type `type_id` from `len` bytes of `text` (a
 * creation's body, or what the store keeps beside the game), `name`
 * standing for the file in messages: its id the type's, freed with the
 * game (its release).  NULL with err: GR_EINPUT "NAME:LINE:COL: ..." for
 * a bad text, GR_ERUNTIME. */
sv_scenario *sv_scenario_own(const char *type_id, const char *text, size_t len, const char *name,
                             gr_error *err);

/* Who asks for a game, found out by sv_games_item as its route says
 * (sv_route.who), and the route's arg, given to its handler. */
typedef struct sv_call {
    int seat;     /* 0, 1; GR_SPECTATOR for a watcher (SV_WATCH) */
    gr_lang lang; /* ?lang= for a watcher (SV_WATCH), else English */
    int arg;
} sv_call;

/* sv_route.who: the handler finds out itself (SV_ANYONE); a seat's token
 * (SV_SEAT: 401 without one of the game's); a seat or a spectator, and
 * the language of ?lang= (SV_WATCH: 401 a token not one of the game's,
 * 400 a language not known). */
enum { SV_ANYONE, SV_SEAT, SV_WATCH };

/* A path under one game of a resource: after the id, its method, who may
 * ask, and its handler. */
typedef struct sv_route {
    const char *path; /* "", "/actions", ... */
    int post;         /* 1: POST, 0: GET (or HEAD) */
    int who;
    MHD_Result_t (*h)(gr_server *s, sv_game *g, sv_req *r, const sv_call *c);
    int arg;
} sv_route;

/* Route p ("/RES/ID..." after "/api", RES `res`: "games", "battles") to
 * the one of routes[0..n) it names, with the game ID from memory or the
 * store (loaded, replayed and checked), a companion battle if and only if
 * `battles`: 1 and its handler's answer in *ret, or that of a refusal (404
 * no such game or path, 405 the other method, 500 a game that cannot be
 * loaded); 0 when p is not under /RES/. */
int sv_games_item(gr_server *s, sv_req *r, const char *p, const char *res, int battles,
                  const sv_route *routes, size_t n, MHD_Result_t *ret);

/* The seat of the request's token for g (sv_bearer): 0 or 1; -1 with the
 * 401 answered in *ret when there is none or it is not one of g's. */
int sv_games_seat(sv_req *r, sv_game *g, MHD_Result_t *ret);

/* GET .../events of g: the event stream of c's seat's view (a game's: of a
 * seat or a spectator, in c's language; a battle's: of a side,
 * sv_battles_view). */
MHD_Result_t sv_games_events(gr_server *s, sv_game *g, sv_req *r, const sv_call *c);

/* Without g->lock: slot `slot`'s last committed view of g, its log cut to
 * the steps after `since` (sv_game_snap_since), checked against the
 * store's head when the store is shared (another server may have moved g
 * on); NULL when there is none of g's current state: the caller builds it
 * under g->lock. */
char *sv_games_snap(gr_server *s, sv_game *g, int slot, size_t since);

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
