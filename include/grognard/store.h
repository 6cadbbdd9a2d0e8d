/* grognard/store.h - saved games behind a small interface, so that the
 * server does not know which database holds them (SQLite by default,
 * gr_store_open_sqlite; a second backend fills the same table of functions).
 *
 * A game is its id, its scenario id, its seed, who plays each side, the
 * seats' tokens and its steps (gr_record_step: the action, who took it, the
 * state hash after it), numbered from 1.  A step is durable once
 * gr_store_append returns GR_OK: it survives the process being killed and
 * the machine losing power (SQLite: WAL mode, synchronous=FULL).
 *
 * A store is safe to call from several threads at once (each call takes the
 * store's own lock).  Every function returns GR_OK or an error with a message
 * a person can act on; on error nothing in the store has changed. */
#ifndef GROGNARD_STORE_H
#define GROGNARD_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/match.h"

#define GR_STORE_ID_MAX    32 /* bytes of a game id, NUL included */
#define GR_STORE_NAME_MAX  64 /* scenario id, player name */
#define GR_STORE_TOKEN_MAX 33 /* 32 hex digits and the NUL */

/* What a game is besides its steps. */
typedef struct gr_store_game {
    char id[GR_STORE_ID_MAX];
    char scenario[GR_STORE_NAME_MAX];
    uint64_t seed;
    char players[2][GR_STORE_NAME_MAX]; /* "human" or a computer player's name */
    char tokens[2][GR_STORE_TOKEN_MAX]; /* "" for a computer side */
    int finished;                       /* 1 once the game is over */
    size_t nsteps;                      /* steps stored (gr_store_list, gr_store_load) */
} gr_store_game;

typedef struct gr_store gr_store;

/* Open (creating if missing) the SQLite database at `path`.  GR_ERUNTIME
 * with the reason if it cannot be opened or is not a grognard database.
 * *out is NULL on failure; close with gr_store_close. */
gr_status gr_store_open_sqlite(const char *path, gr_store **out, gr_error *err);

void gr_store_close(gr_store *s);

/* Record a new game with no steps; GR_EINPUT if its id is taken. */
gr_status gr_store_create(gr_store *s, const gr_store_game *g, gr_error *err);

/* Append steps[0..n) as the game's steps `first`, first+1, ... (from 1), in
 * one transaction, durable on return.  `first` must be the game's step
 * count plus one (GR_EINPUT otherwise, nothing written): two writers cannot
 * both append the same step. */
gr_status gr_store_append(gr_store *s, const char *id, size_t first, const gr_record_step *steps,
                          size_t n, gr_error *err);

/* Keep the game's first `nsteps` steps and drop the rest (an undo). */
gr_status gr_store_truncate(gr_store *s, const char *id, size_t nsteps, gr_error *err);

/* Mark the game over (or, with finished = 0, going on again after an undo). */
gr_status gr_store_set_finished(gr_store *s, const char *id, int finished, gr_error *err);

/* The game `id` and its steps: *steps is malloc'ed (the caller frees it),
 * g->nsteps long.  GR_EINPUT "no game ..." if there is none. */
gr_status gr_store_load(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                        gr_error *err);

/* The games, newest first: up to cap of them into out (unfinished only when
 * unfinished_only), *n set to how many were written. */
gr_status gr_store_list(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                        gr_error *err);

#endif
