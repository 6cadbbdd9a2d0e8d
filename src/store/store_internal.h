/* store_internal.h - the table of functions a store backend fills. */
#ifndef GROGNARD_STORE_INTERNAL_H
#define GROGNARD_STORE_INTERNAL_H

#include "grognard/store.h"

typedef struct gr_store_ops {
    void (*close)(gr_store *s);
    gr_status (*create)(gr_store *s, const gr_store_game *g, gr_error *err);
    gr_status (*append)(gr_store *s, const char *id, size_t first, const gr_record_step *steps,
                        size_t n, gr_error *err);
    gr_status (*truncate)(gr_store *s, const char *id, size_t nsteps, gr_error *err);
    gr_status (*set_finished)(gr_store *s, const char *id, int finished, gr_error *err);
    gr_status (*load)(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                      gr_error *err);
    gr_status (*list)(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                      gr_error *err);
} gr_store_ops;

/* Every backend's store begins with its table of functions. */
struct gr_store {
    const gr_store_ops *ops;
};

#endif
