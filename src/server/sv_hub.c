/* sv_hub.c - the event hub (sv_http.h): every event stream of the server,
 * games' and battles' alike.  A stream is a blocking content reader of
 * libmicrohttpd (its connection's own thread) waiting on its topic's
 * condition variable; woken by a change, by the keep-alive's timeout, or by
 * the server stopping (sv_hub_stop wakes every stream it holds).  While it
 * waits it looks at its socket every SV_HANGUP_MS (a peek, no read): a
 * client gone ends the stream and frees its slot at once, not at the next
 * keep-alive.
 *
 * Slots: a seat's streams and the spectators' are counted apart, so that
 * spectators (no token needed) never take a seat's slot; spectators are
 * also limited per address and per subject (docs/api.md, "Limits"). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "sv_http.h"

typedef struct sv_stream {
    sv_hub *hub;
    sv_topic t;
    const sv_stream_fns *fns;
    void *ctx;
    int started;
    int fd; /* the connection's socket (-1: unknown) */
    char addr[INET6_ADDRSTRLEN];
    uint64_t ver; /* the topic's version at the last event */
    char *buf;
    size_t len, off;
    struct sv_stream *prev, *next; /* the hub's list */
} sv_stream;

struct sv_hub {
    pthread_mutex_t lock; /* the list */
    sv_stream *list;
    int seats, spectators; /* streams open of each kind */
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
    if (st->t.seat)
        h->seats--;
    else
        h->spectators--;
    pthread_mutex_unlock(&h->lock);
    st->fns->done(st->ctx);
    free(st->buf);
    free(st);
}

/* 1 if the client of st has closed its connection (end of file at the
 * socket, or an error); data sent ahead is left where it is. */
static int stream_gone(const sv_stream *st)
{
    if (st->fd < 0)
        return 0;
    char c;
    ssize_t n = recv(st->fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
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
        int timed_out = 0, gone = 0;
        if (st->started) {
            struct timespec until, now, slice;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += SV_KEEPALIVE_S;
            while (*st->t.version == st->ver && !atomic_load(&st->hub->stopping) && !timed_out &&
                   !gone) {
                clock_gettime(CLOCK_REALTIME, &now);
                slice = now;
                slice.tv_nsec += (long)SV_HANGUP_MS * 1000000L;
                if (slice.tv_nsec >= 1000000000L) {
                    slice.tv_sec++;
                    slice.tv_nsec -= 1000000000L;
                }
                int last = slice.tv_sec > until.tv_sec ||
                           (slice.tv_sec == until.tv_sec && slice.tv_nsec >= until.tv_nsec);
                int rc = pthread_cond_timedwait(st->t.changed, st->t.lock, last ? &until : &slice);
                if (rc == ETIMEDOUT && last)
                    timed_out = 1;
                else if (rc == ETIMEDOUT)
                    gone = stream_gone(st);
            }
        }
        int stop = atomic_load(&st->hub->stopping) || gone;
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
    const char *full = NULL;
    int limit = 0;
    if (t.seat && h->seats >= SV_MAX_SEAT_STREAMS) {
        full = "seats' event streams are open";
        limit = SV_MAX_SEAT_STREAMS;
    } else if (!t.seat && h->spectators >= SV_MAX_SPECTATOR_STREAMS) {
        full = "spectators' event streams are open";
        limit = SV_MAX_SPECTATOR_STREAMS;
    } else if (!t.seat) {
        int addr = 0, subject = 0;
        for (const sv_stream *o = h->list; o; o = o->next) {
            if (o->t.seat)
                continue;
            addr += !strcmp(o->addr, r->addr);
            subject += o->t.lock == t.lock;
        }
        if (addr >= SV_MAX_SPECTATOR_STREAMS_ADDR) {
            full = "spectators' event streams are open from your address";
            limit = SV_MAX_SPECTATOR_STREAMS_ADDR;
        } else if (subject >= SV_MAX_SPECTATOR_STREAMS_SUBJECT) {
            full = "spectators' event streams are open on this game";
            limit = SV_MAX_SPECTATOR_STREAMS_SUBJECT;
        }
    }
    int stopping = atomic_load(&h->stopping);
    sv_stream *st = full || stopping ? NULL : calloc(1, sizeof *st);
    if (st) {
        st->hub = h;
        st->fd = -1;
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(r->c, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (ci)
            st->fd = ci->connect_fd;
        snprintf(st->addr, sizeof st->addr, "%s", r->addr);
        st->t = t;
        st->fns = fns;
        st->ctx = ctx;
        st->next = h->list;
        if (h->list)
            h->list->prev = st;
        h->list = st;
        if (t.seat)
            h->seats++;
        else
            h->spectators++;
    }
    pthread_mutex_unlock(&h->lock);
    if (!st) {
        fns->done(ctx);
        if (full)
            return sv_reply_err(r, 503,
                                "too many event streams: %d %s; close one, or try again "
                                "later",
                                limit, full);
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
    /* a stream is quiet up to SV_KEEPALIVE_S between writes: the idle
     * timeout of its connection is the long one */
    MHD_set_connection_option(r->c, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned)SV_STREAM_TIMEOUT_S);
    return sv_reply_response(r, 200, res, -1);
}
