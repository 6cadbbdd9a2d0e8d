/* sv_hub.c - the event hub (sv_http.h): every event stream of the server,
 * games' and battles' alike.  A stream is a blocking content reader of
 * libmicrohttpd (its connection's own thread) waiting on its topic's
 * condition variable: no polling; woken by a change, by the keep-alive's
 * timeout, or by the server stopping (sv_hub_stop wakes every stream it
 * holds). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sv_http.h"

typedef struct sv_stream {
    sv_hub *hub;
    sv_topic t;
    const sv_stream_fns *fns;
    void *ctx;
    int started;
    uint64_t ver; /* the topic's version at the last event */
    char *buf;
    size_t len, off;
    struct sv_stream *prev, *next; /* the hub's list */
} sv_stream;

struct sv_hub {
    pthread_mutex_t lock; /* the list */
    sv_stream *list;
    int count;
    atomic_int stopping;
};

sv_hub *sv_hub_new(void)
{
    sv_hub *h = calloc(1, sizeof *h);
    if (h)
        pthread_mutex_init(&h->lock, NULL);
    return h;
}

void sv_hub_stop(sv_hub *h)
{
    if (!h)
        return;
    atomic_store(&h->stopping, 1);
    /* the topic's lock taken before the broadcast: a reader that saw
     * `stopping` clear is then waiting, and wakes */
    pthread_mutex_lock(&h->lock);
    for (sv_stream *st = h->list; st; st = st->next) {
        pthread_mutex_lock(st->t.lock);
        pthread_cond_broadcast(st->t.changed);
        pthread_mutex_unlock(st->t.lock);
    }
    pthread_mutex_unlock(&h->lock);
}

void sv_hub_free(sv_hub *h)
{
    if (!h)
        return;
    pthread_mutex_destroy(&h->lock);
    free(h);
}

static void stream_free(void *cls)
{
    sv_stream *st = cls;
    sv_hub *h = st->hub;
    pthread_mutex_lock(&h->lock);
    if (st->prev)
        st->prev->next = st->next;
    else
        h->list = st->next;
    if (st->next)
        st->next->prev = st->prev;
    h->count--;
    pthread_mutex_unlock(&h->lock);
    st->fns->done(st->ctx);
    free(st->buf);
    free(st);
}

/* The next event into st->buf (the topic's lock held): 0, or -1 to end. */
static int stream_event(sv_stream *st)
{
    const char *kind = "change";
    uint64_t id = 0;
    char *data = NULL;
    int first = !st->started;
    st->started = 1;
    st->ver = *st->t.version;
    if (st->fns->next(st->ctx, first, &kind, &id, &data) != 0 || !data) {
        free(data);
        return -1;
    }
    size_t cap = strlen(data) + strlen(kind) + 64;
    free(st->buf);
    st->buf = malloc(cap);
    if (st->buf)
        st->len = (size_t)snprintf(st->buf, cap, "event: %s\nid: %" PRIu64 "\ndata: %s\n\n", kind,
                                   id, data);
    st->off = 0;
    free(data);
    return st->buf ? 0 : -1;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sv_stream *st = cls;
    if (st->off >= st->len) {
        pthread_mutex_lock(st->t.lock);
        int timed_out = 0;
        if (st->started) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += SV_KEEPALIVE_S;
            while (*st->t.version == st->ver && !atomic_load(&st->hub->stopping) && !timed_out)
                timed_out = pthread_cond_timedwait(st->t.changed, st->t.lock, &until) == ETIMEDOUT;
        }
        int stop = atomic_load(&st->hub->stopping);
        int rc = 0;
        if (!stop && timed_out && *st->t.version == st->ver) {
            free(st->buf);
            st->buf = strdup(": keep-alive\n\n");
            st->len = st->buf ? strlen(st->buf) : 0;
            st->off = 0;
            rc = st->buf ? 0 : -1;
        } else if (!stop) {
            rc = stream_event(st);
        }
        pthread_mutex_unlock(st->t.lock);
        if (stop || rc)
            return MHD_CONTENT_READER_END_OF_STREAM;
    }
    size_t n = st->len - st->off < max ? st->len - st->off : max;
    memcpy(buf, st->buf + st->off, n);
    st->off += n;
    return (ssize_t)n;
}

MHD_Result_t sv_hub_open(sv_hub *h, sv_req *r, sv_topic t, const sv_stream_fns *fns, void *ctx)
{
    pthread_mutex_lock(&h->lock);
    int full = h->count >= SV_MAX_STREAMS, stopping = atomic_load(&h->stopping);
    sv_stream *st = full || stopping ? NULL : calloc(1, sizeof *st);
    if (st) {
        st->hub = h;
        st->t = t;
        st->fns = fns;
        st->ctx = ctx;
        st->next = h->list;
        if (h->list)
            h->list->prev = st;
        h->list = st;
        h->count++;
    }
    pthread_mutex_unlock(&h->lock);
    if (!st) {
        fns->done(ctx);
        if (full)
            return sv_reply_err(r, 503, "too many event streams are open (%d); try again later",
                                SV_MAX_STREAMS);
        return sv_reply_err(r, stopping ? 503 : 500,
                            stopping ? "the server is stopping" : "out of memory; try again");
    }
    struct MHD_Response *res =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free);
    if (!res) {
        stream_free(st);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Accel-Buffering", "no");
    return sv_reply_response(r, 200, res, -1);
}
