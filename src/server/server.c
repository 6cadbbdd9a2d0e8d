/* server.c - grognard serve: start and stop (grognard/server.h).  The
 * pieces are in sv_http.h: the HTTP plumbing and the event hub, then one
 * file per resource.
 *
 * Threads: MHD runs a thread per connection (MHD_USE_THREAD_PER_CONNECTION)
 * behind a poll()ing accept thread, at most SV_MAX_CONNECTIONS at once; an
 * event stream is a reader blocked in its connection's thread (sv_hub.c);
 * the games' worker plays the computer's sides (sv_games.c). */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <netinet/in.h>

#include "grognard/file_io.h"
#include "grognard/rff_io.h"
#include "grognard/server.h"
#include "sv_http.h"

/* server_paths.c (generated) */
extern const char sv_source_data_dir[];
extern const char sv_source_web_dir[];

#define SV_MAX_HEADERS     (16 * 1024) /* bytes of a request's line and headers */
#define SV_MAX_CONNECTIONS 512
#define SV_MAX_PER_ADDR    64 /* connections from one address (a browser: ~6, and its streams) */
#define SV_TIMEOUT_S                                                                               \
    10 /* an idle connection, or one slow to send its request, is closed;                          \
          an event stream's is SV_STREAM_TIMEOUT_S */

/* Room kept (issue 27): once SV_MAX_CONNECTIONS - SV_ROOM connections are
 * open, a new one is refused to an address that holds SV_NEAR_FULL_SHARE
 * or more, so that a player's browser (a few connections) still gets in
 * while many addresses hold idle ones; and SV_TIMEOUT_S closes those. */
#define SV_ROOM            128
#define SV_NEAR_FULL_SHARE 8

/* The connections open: how many, and how many from each address (IPv4:
 * the server listens on one). */
struct sv_conns {
    pthread_mutex_t lock;
    unsigned n;
    size_t naddr;
    struct {
        uint32_t addr;
        unsigned n;
    } by[SV_MAX_CONNECTIONS + 1];
};

static int addr_of(const struct sockaddr *sa, uint32_t *out)
{
    if (!sa || sa->sa_family != AF_INET)
        return 0;
    *out = ((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr;
    return 1;
}

/* The entry of addr (added with 0 if add and there is room), or -1. */
static long conns_find(struct sv_conns *cs, uint32_t addr, int add)
{
    for (size_t i = 0; i < cs->naddr; i++)
        if (cs->by[i].addr == addr)
            return (long)i;
    if (!add || cs->naddr >= sizeof cs->by / sizeof cs->by[0])
        return -1;
    cs->by[cs->naddr].addr = addr;
    cs->by[cs->naddr].n = 0;
    return (long)cs->naddr++;
}

/* MHD's accept policy: refuse an address beyond its share once the server
 * is near its limit. */
static MHD_Result_t on_accept(void *cls, const struct sockaddr *sa, socklen_t len)
{
    (void)len;
    gr_server *s = cls;
    uint32_t a;
    if (!s->conns || !addr_of(sa, &a))
        return MHD_YES;
    pthread_mutex_lock(&s->conns->lock);
    long i = conns_find(s->conns, a, 0);
    int ok = s->conns->n < SV_MAX_CONNECTIONS - SV_ROOM || i < 0 ||
             s->conns->by[i].n < SV_NEAR_FULL_SHARE;
    pthread_mutex_unlock(&s->conns->lock);
    return ok ? MHD_YES : MHD_NO;
}

/* MHD_OPTION_NOTIFY_CONNECTION: count a connection opened or closed. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    (void)socket_context;
    gr_server *s = cls;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    uint32_t a;
    if (!s->conns || !ci || !addr_of(ci->client_addr, &a))
        return;
    pthread_mutex_lock(&s->conns->lock);
    long i = conns_find(s->conns, a, code == MHD_CONNECTION_NOTIFY_STARTED);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        s->conns->n++;
        if (i >= 0)
            s->conns->by[i].n++;
    } else if (s->conns->n) {
        s->conns->n--;
        if (i >= 0 && s->conns->by[i].n && --s->conns->by[i].n == 0)
            s->conns->by[i] = s->conns->by[--s->conns->naddr];
    }
    pthread_mutex_unlock(&s->conns->lock);
}

static int is_dir(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

const char *gr_server_default_data(void)
{
    return is_dir("data/scenarios") ? "data" : sv_source_data_dir;
}

const char *gr_server_default_web(void)
{
    return is_dir("web") ? "web" : sv_source_web_dir;
}

int gr_server_port(const gr_server *s)
{
    return s->port;
}

static void server_free(gr_server *s)
{
    sv_games_stop(s->games); /* the worker, before the store goes */
    /* then the store: its listener thread reads the registry */
    gr_store_close(s->store);
    s->store = NULL;
    sv_games_free(s->games);
    sv_hub_free(s->hub);
    free(s->points);
    free(s->web);
    free(s->data);
    pthread_mutex_destroy(&s->log_lock);
    if (s->conns)
        pthread_mutex_destroy(&s->conns->lock);
    free(s->conns);
    free(s);
}

void gr_server_stop(gr_server *s)
{
    if (!s)
        return;
    sv_hub_stop(s->hub); /* every event stream ends */
    sv_games_stop(s->games);
    if (s->d)
        MHD_stop_daemon(s->d);
    server_free(s);
}

gr_status gr_server_start(const gr_server_opts *o, gr_server **out, gr_error *err)
{
    *out = NULL;
    gr_server *s = calloc(1, sizeof *s);
    if (!s)
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting the server");
    s->o = *o;
    pthread_mutex_init(&s->log_lock, NULL);
    s->conns = calloc(1, sizeof *s->conns); /* NULL: no room kept, nothing else lost */
    if (s->conns)
        pthread_mutex_init(&s->conns->lock, NULL);
    s->data = strdup(o->data);
    s->web = o->web ? realpath(o->web, NULL) : NULL;
    if (o->web && !s->web)
        fprintf(stderr,
                "grognard serve: the web folder %s cannot be opened (%s); pages are not served\n",
                o->web, strerror(errno));
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)o->port);
    if (o->port < 0 || o->port > 65535 || inet_pton(AF_INET, o->host, &addr.sin_addr) != 1) {
        server_free(s);
        return gr_error_set(err, GR_EINPUT,
                            "host %s, port %d: give an IPv4 address (127.0.0.1, 0.0.0.0) and "
                            "a port from 0 to 65535",
                            o->host, o->port);
    }
    if (!(s->hub = sv_hub_new())) {
        server_free(s);
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting the server");
    }
    s->points = calloc(1, sizeof *s->points);
    char pts[PATH_MAX];
    snprintf(pts, sizeof pts, "%s/rff/fire_points.json", o->data);
    gr_error perr;
    if (s->points && rff_points_load(pts, s->points, &perr) != GR_OK &&
        rff_points_load(NULL, s->points, &perr) != GR_OK) {
        fprintf(stderr, "grognard serve: RFF fire points not loaded (%s)\n", perr.msg);
        free(s->points);
        s->points = NULL;
    }
    /* the atomic writer's leftovers a kill left beside the database (a
     * SQLite file's folder: a URI names no folder of this machine's) */
    if (!gr_store_spec_is_pg(o->db))
        gr_remove_stale_tmp(o->db);
    gr_status st;
    if ((st = gr_store_open(o->db, &s->store, err)) != GR_OK ||
        (st = sv_games_open(s, err)) != GR_OK) {
        server_free(s);
        return st;
    }
    s->d = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD, 0, on_accept, s,
        sv_on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)SV_MAX_CONNECTIONS,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)SV_MAX_PER_ADDR,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SV_TIMEOUT_S, MHD_OPTION_URI_LOG_CALLBACK,
        sv_on_uri, s, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SV_MAX_HEADERS,
        MHD_OPTION_THREAD_STACK_SIZE, (size_t)(512 * 1024), MHD_OPTION_NOTIFY_COMPLETED,
        sv_on_completed, s, MHD_OPTION_NOTIFY_CONNECTION, on_connection, s, MHD_OPTION_END);
    if (!s->d) {
        int e = errno;
        gr_server_stop(s);
        return gr_error_set(err, GR_ERUNTIME,
                            "cannot listen on %s:%d (%s); is another server on that port? give "
                            "another port, or 0 for any free one",
                            o->host, o->port, strerror(e));
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = di ? di->port : o->port;
    *out = s;
    return GR_OK;
}
