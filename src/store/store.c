/* store.c - the store interface, dispatched to its backend, and what
 * every backend does alike above its SQL (store_internal.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

int gr_store_spec_is_pg(const char *spec)
{
    return !strncmp(spec, "postgresql://", 13) || !strncmp(spec, "postgres://", 11);
}

gr_status gr_store_open(const char *spec, gr_store **out, gr_error *err)
{
    if (gr_store_spec_is_pg(spec))
        return gr_store_open_pg(spec, out, err);
    return gr_store_open_sqlite(spec, out, err);
}

int gr_store_shared(const gr_store *s)
{
    return s->ops->shared;
}

gr_status gr_store_watch(gr_store *s, gr_store_watcher fn, void *ctx, gr_error *err)
{
    return s->ops->watch ? s->ops->watch(s, fn, ctx, err) : GR_OK;
}

gr_status gr_store_truncate_if(gr_store *s, const char *id, size_t have, uint64_t gen,
                               size_t nsteps, gr_error *err)
{
    return s->ops->truncate_if(s, id, have, gen, nsteps, err);
}

gr_status gr_store_stamp(gr_store *s, const char *id, gr_store_head *st, gr_error *err)
{
    return s->ops->stamp(s, id, st, err);
}

gr_status gr_store_load_from(gr_store *s, const char *id, size_t from, gr_store_game *g,
                             gr_record_step **steps, gr_error *err)
{
    return s->ops->load_from(s, id, from, g, steps, err);
}

void gr_store_close(gr_store *s)
{
    if (s)
        s->ops->close(s);
}

gr_status gr_store_create_text(gr_store *s, const gr_store_game *g, const char *text, size_t len,
                               gr_error *err)
{
    if (!text)
        return s->ops->create(s, g, NULL, err);
    if (memchr(text, 0, len))
        return gr_error_set(err, GR_EINPUT,
                            "game %s: its scenario's text holds a NUL byte; give the text of a "
                            "JSON file",
                            g->id);
    char *z = malloc(len + 1);
    if (!z)
        return gr_error_set(err, GR_ERUNTIME, "out of memory storing game %s", g->id);
    memcpy(z, text, len);
    z[len] = 0;
    gr_status st = s->ops->create(s, g, z, err);
    free(z);
    return st;
}

gr_status gr_store_scenario_text(gr_store *s, const char *id, char **text, size_t *len,
                                 gr_error *err)
{
    *text = NULL;
    *len = 0;
    return s->ops->scenario_text(s, id, text, len, err);
}

gr_status gr_store_append_at(gr_store *s, const char *id, size_t first, uint64_t gen,
                             const gr_record_step *steps, size_t n, gr_error *err)
{
    return s->ops->append(s, id, first, gen, steps, n, err);
}

gr_status gr_store_set_finished(gr_store *s, const char *id, int finished, gr_error *err)
{
    return s->ops->set_finished(s, id, finished, err);
}

gr_status gr_store_set_player(gr_store *s, const char *id, int seat, const char *player,
                              gr_error *err)
{
    if (seat < 0 || seat > 1)
        return gr_error_set(err, GR_EINPUT, "seat %d is not 0 or 1", seat);
    return s->ops->set_player(s, id, seat, player, err);
}

gr_status gr_store_load(gr_store *s, const char *id, gr_store_game *g, gr_record_step **steps,
                        gr_error *err)
{
    return s->ops->load_from(s, id, 0, g, steps, err);
}

gr_status gr_store_list(gr_store *s, int unfinished_only, gr_store_game *out, size_t cap, size_t *n,
                        gr_error *err)
{
    return s->ops->list(s, unfinished_only, out, cap, n, err);
}

static void text_of(char *dst, size_t cap, const char *v)
{
    snprintf(dst, cap, "%s", v ? v : "");
}

static int64_t num_of(const char *v)
{
    return v ? strtoll(v, NULL, 10) : 0;
}

void gr_store_row_game(gr_store_game *g, const char *const v[10])
{
    memset(g, 0, sizeof *g);
    text_of(g->id, sizeof g->id, v[0]);
    text_of(g->scenario, sizeof g->scenario, v[1]);
    g->seed = (uint64_t)num_of(v[2]);
    for (int p = 0; p < 2; p++) {
        text_of(g->players[p], sizeof g->players[p], v[3 + p]);
        text_of(g->tokens[p], sizeof g->tokens[p], v[5 + p]);
    }
    g->finished = (int)num_of(v[7]);
    g->nsteps = (size_t)num_of(v[8]);
    g->gen = (uint64_t)num_of(v[9]);
}

int gr_store_row_step(gr_record_step *st, size_t want, const char *const v[7], const void *rec,
                      size_t len)
{
    memset(st, 0, sizeof *st);
    if ((size_t)num_of(v[0]) != want || len > sizeof st->rec - sizeof(gr_action))
        return -1;
    st->player = (int)num_of(v[1]);
    st->action = (gr_action)num_of(v[2]);
    st->hash = (uint64_t)num_of(v[3]);
    if (rec)
        memcpy(st->rec + sizeof(gr_action), rec, len);
    st->given = num_of(v[5]) != 0;
    if (v[6])
        text_of(st->by, sizeof st->by, v[6]);
    return 0;
}

gr_status gr_store_no_game(gr_error *err, const char *id)
{
    return gr_error_set(err, GR_EINPUT, "no game '%s' is stored", id);
}

gr_status gr_store_damaged(gr_error *err, const char *where, const char *id, size_t nsteps,
                           size_t from)
{
    return gr_error_set(err, GR_ERUNTIME,
                        "%s: game '%s' should have %zu steps numbered from 1, the steps after "
                        "%zu are not all stored in order; the database is damaged",
                        where, id, nsteps, from);
}

gr_status gr_store_copy_text(const char *id, const void *t, size_t n, char **text, size_t *len,
                             gr_error *err)
{
    if (!t || !(*text = malloc(n + 1)))
        return gr_error_set(err, GR_ERUNTIME, "out of memory reading game %s", id);
    memcpy(*text, t, n);
    (*text)[n] = 0;
    *len = n;
    return GR_OK;
}
