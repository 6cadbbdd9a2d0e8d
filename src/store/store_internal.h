/* store_internal.h - the table of functions a store backend fills. */
#ifndef GROGNARD_STORE_INTERNAL_H
#define GROGNARD_STORE_INTERNAL_H

#include "grognard/store.h"

#define GR_STORE_ANY_GEN UINT64_MAX

typedef struct gr_store_ops {
    void (*close)(gr_store *s);
    /* text: the scenario's text (NUL-free, NUL-terminated), or NULL */
    gr_status (*create)(gr_store *s, const gr_store_game *g, const char *text, gr_error *err);
    gr_status (*scenario_text)(gr_store *s, const char *id, char **text, size_t *len,
                               gr_error *err);
    /* gen: the generation the game must have, GR_STORE_ANY_GEN for any */
    gr_status (*append)(gr_store *s, const char *id, size_t first, uint64_t gen,
                        const gr_record_step *steps, size_t n, gr_error *err);
    gr_status (*truncate)(gr_store *s, const char *id, size_t nsteps, gr_error *err);
    gr_status (*set_finished)(gr_store *s, const char *id, int finished, gr_error *err);
    gr_status (*set_player)(gr_store *s, const char *id, int seat, const char *player,
                            gr_error *err);
    gr_status (*load)(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                      gr_error *err);
    gr_status (*list)(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                      gr_error *err);
    gr_status (*truncate_if)(gr_store *s, const char *id, size_t have, uint64_t gen, size_t nsteps,
                             gr_error *err);
    gr_status (*stamp)(gr_store *s, const char *id, gr_store_head *st, gr_error *err);
    /* NULL: gr_store_load, and the first `from` steps dropped */
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

#endif
