/* grognard/store.h - saved games behind a small interface, so that the
 * server does not know which database holds them: SQLite by default
 * (gr_store_open_sqlite, one server per file), PostgreSQL for several
 * servers sharing one database (gr_store_open_pg); gr_store_open chooses.
 *
 * A game is its id, its scenario id, its seed, who plays each side, the
 * seats' tokens and its steps (gr_record_step: the action record, who took
 * it, the state hash after it, and for a chance step whether it was given
 * as recorded or drawn), numbered from 1.  A step's action is kept as its
 * first 8 bytes (the action column) and the rest of its record (the rec
 * column, trailing zeros left out, NULL for a gr_action); a database made
 * before those columns (rec, given) has them added when it is opened.  A step is durable once
 * gr_store_append_at returns GR_OK: it survives the process being killed and
 * the machine losing power (SQLite: WAL mode, synchronous=FULL;
 * PostgreSQL: a committed transaction, synchronous_commit as the server has
 * it, on by default).
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
    uint64_t gen; /* +1 on every truncation (an undo) in a shared store; 0 in SQLite */
} gr_store_game;

/* What a game is in the store now, in one cheap read (gr_store_stamp): a
 * server compares it with its copy in memory to know whether another
 * process moved the game on. */
typedef struct gr_store_head {
    size_t nsteps;
    uint64_t gen;
    int finished;
} gr_store_head;

typedef struct gr_store gr_store;

/* Open (creating if missing) the SQLite database at `path`.  GR_ERUNTIME
 * with the reason if it cannot be opened or is not a grognard database.
 * *out is NULL on failure; close with gr_store_close. */
gr_status gr_store_open_sqlite(const char *path, gr_store **out, gr_error *err);

/* Open the PostgreSQL database named by the libpq connection URI `uri`
 * (postgresql://USER@HOST:PORT/DB?host=/socket/dir ...), creating the
 * tables if missing.  Several processes may open the same database at once:
 * an append is checked against the stored step count inside its
 * transaction, so two servers cannot both append step N, and every append
 * and truncation is announced with NOTIFY (gr_store_watch).  GR_ERUNTIME
 * with libpq's reason if the server cannot be reached or refuses. */
gr_status gr_store_open_pg(const char *uri, gr_store **out, gr_error *err);

/* 1 if `spec` names a PostgreSQL database (a "postgresql://" or
 * "postgres://" URI), 0 if it is an SQLite file's path. */
int gr_store_spec_is_pg(const char *spec);

/* Open `spec`: PostgreSQL (gr_store_open_pg) if gr_store_spec_is_pg, else
 * the SQLite file at that path. */
gr_status gr_store_open(const char *spec, gr_store **out, gr_error *err);

/* 1 if other processes may change the store's games behind this one's back
 * (PostgreSQL): a caller that keeps games in memory must then compare them
 * with gr_store_stamp before trusting them.  0 for SQLite. */
int gr_store_shared(const gr_store *s);

/* Called from the store's own thread (gr_store_watch) when another (or this)
 * process changed game `id`: its step count and generation after the
 * change.  id is NULL when changes may have been missed (the listening
 * connection was lost and made again): every game may have moved on. */
typedef void (*gr_store_watcher)(void *ctx, const char *id, size_t nsteps, uint64_t gen);

/* Start telling `fn` of every change (PostgreSQL: LISTEN on a connection of
 * its own, in a thread of its own, until gr_store_close).  SQLite: nothing
 * to tell, GR_OK.  Call at most once. */
gr_status gr_store_watch(gr_store *s, gr_store_watcher fn, void *ctx, gr_error *err);

void gr_store_close(gr_store *s);

/* Record a new game with no steps; GR_EINPUT if its id is taken.  The
 * text of the game's scenario is kept beside it in the same row (a
 * scenario that is no file of the server's: a companion battle's order of
 * battle given as text), `len` bytes with no NUL (GR_EINPUT otherwise);
 * text NULL: none. */
gr_status gr_store_create_text(gr_store *s, const gr_store_game *g, const char *text, size_t len,
                               gr_error *err);

/* The scenario text kept with game `id` (gr_store_create_text): *text
 * malloc'ed and NUL-terminated, *len bytes, the caller frees it; *text NULL
 * when the game has none.  GR_EINPUT "no game ..." if there is none. */
gr_status gr_store_scenario_text(gr_store *s, const char *id, char **text, size_t *len,
                                 gr_error *err);

/* Append steps[0..n) as the game's steps `first`, first+1, ... (from 1), in
 * one transaction, durable on return, only if `first` is the game's step
 * count plus one and its generation is `gen` (GR_EINPUT otherwise, nothing
 * written): two writers cannot both append the same step, and steps
 * decided on a copy of the game from before another process's undo are
 * refused even when the step count happens to match again.  SQLite's
 * generation is always 0. */
gr_status gr_store_append_at(gr_store *s, const char *id, size_t first, uint64_t gen,
                             const gr_record_step *steps, size_t n, gr_error *err);

/* Keep the game's first `nsteps` steps and drop the rest (an undo), only
 * if the game has exactly `have` steps stored and its generation is `gen`
 * (GR_EINPUT otherwise, nothing changed): an undo decided on a copy that
 * another process has since moved on never drops the steps it added.  On
 * success the generation is gen + 1 (shared stores). */
gr_status gr_store_truncate_if(gr_store *s, const char *id, size_t have, uint64_t gen,
                               size_t nsteps, gr_error *err);

/* The game's step count, generation and whether it is over, as stored now.
 * GR_EINPUT "no game ..." if there is none. */
gr_status gr_store_stamp(gr_store *s, const char *id, gr_store_head *st, gr_error *err);

/* As gr_store_load, but only the steps after the first `from`: *steps is
 * g->nsteps - from long (0 when from >= g->nsteps; then *steps may be NULL). */
gr_status gr_store_load_from(gr_store *s, const char *id, size_t from, gr_store_game *g,
                             gr_record_step **steps, gr_error *err);

/* Mark the game over (or, with finished = 0, going on again after an undo). */
gr_status gr_store_set_finished(gr_store *s, const char *id, int finished, gr_error *err);

/* Who plays seat `seat` (0 or 1) of the game from now on: "human" or a
 * computer player's name (a seat handed to the computer or taken back; its
 * token stays).  GR_ERUNTIME with the database's reason. */
gr_status gr_store_set_player(gr_store *s, const char *id, int seat, const char *player,
                              gr_error *err);

/* The game `id` and its steps: *steps is malloc'ed (the caller frees it),
 * g->nsteps long.  GR_EINPUT "no game ..." if there is none. */
gr_status gr_store_load(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                        gr_error *err);

/* The games, newest first: up to cap of them into out (unfinished only when
 * unfinished_only), *n set to how many were written. */
gr_status gr_store_list(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                        gr_error *err);

#endif
