/* store_internal.h - the table of functions a store backend fills, and
 * what every backend does alike above its SQL (store.c). */
#ifndef GROGNARD_STORE_INTERNAL_H
#define GROGNARD_STORE_INTERNAL_H

#include "grognard/store.h"

typedef struct gr_store_ops {
    void (*close)(gr_store *s);
    /* text: the scenario's text (NUL-free, NUL-terminated), or NULL */
    gr_status (*create)(gr_store *s, const gr_store_game *g, const char *text, gr_error *err);
    gr_status (*scenario_text)(gr_store *s, const char *id, char **text, size_t *len,
                               gr_error *err);
    gr_status (*append)(gr_store *s, const char *id, size_t first, uint64_t gen,
                        const gr_record_step *steps, size_t n, gr_error *err);
    gr_status (*set_finished)(gr_store *s, const char *id, int finished, gr_error *err);
    gr_status (*set_player)(gr_store *s, const char *id, int seat, const char *player,
                            gr_error *err);
    gr_status (*list)(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                      gr_error *err);
    gr_status (*truncate_if)(gr_store *s, const char *id, size_t have, uint64_t gen, size_t nsteps,
                             gr_error *err);
    gr_status (*stamp)(gr_store *s, const char *id, gr_store_head *st, gr_error *err);
    gr_status (*load_from)(gr_store *s, const char *id, size_t from, gr_store_game *g,
                           gr_record_step **steps, gr_error *err);
    /* NULL: nothing to watch (GR_OK) */
    gr_status (*watch)(gr_store *s, gr_store_watcher fn, void *ctx, gr_error *err);
    int shared; /* gr_store_shared */
} gr_store_ops;

/* A step's action is stored as its first 8 bytes (the action column, a
 * gr_action) and the rest of its record (the rec column: the bytes after
 * the first 8, its trailing zeros left out; none for a gr_action).  The
 * length of that rest: */
static inline size_t gr_store_rec_tail(const gr_record_step *st)
{
    size_t n = sizeof st->rec;
    while (n > sizeof(gr_action) && !st->rec[n - 1])
        n--;
    return n - sizeof(gr_action);
}

/* Every backend's store begins with its table of functions. */
struct gr_store {
    const gr_store_ops *ops;
};

/* The columns of a game's row and of a step's, in the order both backends
 * select them (PostgreSQL adds ", gen" to the game's). */
#define GR_STORE_GAME_COLS "id, scenario, seed, player0, player1, token0, token1, finished, nsteps"
#define GR_STORE_STEP_COLS "n, player, action, hash, rec, given, played_by"

/* A game from its row as text (NULL: SQL's NULL), in the order of
 * GR_STORE_GAME_COLS, then gen (NULL in SQLite: 0).  Numbers are the
 * decimal text of the stored 64 bits. */
void gr_store_row_game(gr_store_game *g, const char *const v[10]);

/* Step `want` (from 1) from its row as text in the order of
 * GR_STORE_STEP_COLS (v[4] unread), with the rest of its record, `len`
 * bytes at rec (NULL: none): 0, or -1 if the row is not step `want` or
 * its record is longer than any (the database is damaged). */
int gr_store_row_step(gr_record_step *st, size_t want, const char *const v[7], const void *rec,
                      size_t len);

/* The errors every backend gives alike: no game `id` (GR_EINPUT); game
 * `id`'s steps after `from` not all stored in order (GR_ERUNTIME, `where`
 * the database as a message names it); out of memory reading game `id`. */
gr_status gr_store_no_game(gr_error *err, const char *id);
gr_status gr_store_damaged(gr_error *err, const char *where, const char *id, size_t nsteps,
                           size_t from);

/* The scenario text of game `id`, `n` bytes at t, copied into *text
 * (malloc'ed, NUL-terminated) and *len. */
gr_status gr_store_copy_text(const char *id, const void *t, size_t n, char **text, size_t *len,
                             gr_error *err);

#endif
