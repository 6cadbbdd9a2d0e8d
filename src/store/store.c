/* store.c - the store interface, dispatched to its backend. */
#include "store_internal.h"

void gr_store_close(gr_store *s)
{
    if (s)
        s->ops->close(s);
}

gr_status gr_store_create(gr_store *s, const gr_store_game *g, gr_error *err)
{
    return s->ops->create(s, g, err);
}

gr_status gr_store_append(gr_store *s, const char *id, size_t first, const gr_record_step *steps,
                          size_t n, gr_error *err)
{
    return s->ops->append(s, id, first, steps, n, err);
}

gr_status gr_store_truncate(gr_store *s, const char *id, size_t nsteps, gr_error *err)
{
    return s->ops->truncate(s, id, nsteps, err);
}

gr_status gr_store_set_finished(gr_store *s, const char *id, int finished, gr_error *err)
{
    return s->ops->set_finished(s, id, finished, err);
}

gr_status gr_store_load(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                        gr_error *err)
{
    return s->ops->load(s, id, g, steps, err);
}

gr_status gr_store_list(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                        gr_error *err)
{
    return s->ops->list(s, unfinished_only, out, cap, n, err);
}
