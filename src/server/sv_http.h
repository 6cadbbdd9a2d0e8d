/* sv_http.h - the server's HTTP plumbing, shared by its resources (in the
 * manner of Redis's networking.c and its t_*.c): the server itself, a
 * request, the one reply family, the event hub.  Internal.
 *
 *   server.c    start and stop
 *   sv_http.c   connections, routing to the resources, static files, replies
 *   sv_hub.c    the event streams (Server-Sent Events, keep-alive)
 *   sv_games.c  /api/scenarios, /api/games (sv_game.c: one game)
 *   sv_battle.c /api/oobs, /api/battles (the battle companion)
 *   assist.c    /api/systems, /api/lookup, /api/odds, /api/resolve
 *
 * A resource's route function answers a request whose path (after "/api")
 * is its own: it returns 1 and sets *ret, or 0 for a path that is not. */
#ifndef GROGNARD_SV_HTTP_H
#define GROGNARD_SV_HTTP_H

#include <arpa/inet.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <jansson.h>
#include <microhttpd.h>

#include "grognard/error.h"
#include "grognard/rff_io.h"
#include "grognard/server.h"
#include "grognard/store.h"

#if MHD_VERSION < 0x00097002
typedef int MHD_Result_t;
#else
typedef enum MHD_Result MHD_Result_t;
#endif

#define SV_MAX_BODY (64 * 1024) /* bytes of a request body */

typedef struct sv_hub sv_hub;
typedef struct sv_games sv_games;

struct gr_server {
    gr_server_opts o;
    char *web;  /* realpath of the web folder, or NULL if it has none */
    char *data; /* the data folder as given */
    struct MHD_Daemon *d;
    int port;
    gr_store *store;
    rff_points *points; /* the RFF fire points (NULL: not loaded) */
    sv_hub *hub;
    sv_games *games;
    pthread_mutex_t log_lock;
    struct sv_conns *conns; /* the connections open, by address (server.c) */
};

/* One request, from its first call to its completion. */
typedef struct sv_req {
    struct MHD_Connection *c;
    char *body; /* NUL-terminated; NULL when there is none */
    size_t len, cap;
    int too_big;
    int nul_in_path; /* the path as sent has a %00 (404) */
    int get, post;   /* the method is GET or HEAD; POST */
    int status;
    long long bytes; /* -1: a stream */
    struct timespec t0;
    char addr[INET6_ADDRSTRLEN];
    char method[16]; /* copied: MHD's strings are gone by completion */
    char *url;
} sv_req;

/* ---- the one reply family (sv_http.c) ---------------------------------------------- */

/* Queue an answer: `body` (malloc'ed, len bytes, taken; NULL: out of memory,
 * a 500 is answered instead), with the headers every answer has. */
MHD_Result_t sv_reply(sv_req *r, int status, const char *ctype, char *body, size_t len);
/* JSON text (malloc'ed, taken). */
MHD_Result_t sv_reply_json(sv_req *r, int status, char *text);
/* JSON text (malloc'ed, taken; NULL: out of memory, a 500) that does not
 * change while `etag` (a quoted ETag, "\"...\"") does not: 200 with
 * Cache-Control `cache` and the ETag, or 304 without a body when the
 * request's If-None-Match names etag (or is "*"). */
MHD_Result_t sv_reply_tagged(sv_req *r, char *text, const char *etag, const char *cache);
/* A JSON value (taken). */
MHD_Result_t sv_reply_obj(sv_req *r, int status, json_t *o);
/* The error body {"error": the message} (docs/api.md, "Errors").  A status
 * of 500 or more is logged whole on stderr and answered with every absolute
 * path of the message cut to its last part (sv_strip_paths). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
MHD_Result_t
sv_reply_err(sv_req *r, int status, const char *fmt, ...);
/* msg (NUL-terminated, changed in place) with every absolute path in it
 * ("/" after a space, a quote, a bracket, "=" or ",", up to a space, a
 * quote, a bracket, "," or ";") cut to its last part: "cannot open
 * /srv/g/data/x.json:1:2" becomes "cannot open x.json:1:2".  Returns the
 * new length. */
size_t sv_strip_paths(char *msg);
/* A response made by the caller (a file, a stream, a download): given the
 * headers that guard the page (nosniff, the CSP, no framing), queued and
 * destroyed; `bytes` for the access log (-1: a stream). */
MHD_Result_t sv_reply_response(sv_req *r, int status, struct MHD_Response *res, long long bytes);

/* The body as a JSON object with no key but one of `keys` (NULL-terminated;
 * NULL: any), or NULL with msg saying what to send (the example) or which
 * key is not accepted and which are. */
json_t *sv_body_object(const sv_req *r, const char *example, const char *const *keys, char *msg,
                       size_t cap);

/* The bearer tokens of the request: "Authorization: Bearer T [T2]" (space
 * or comma between), or ?token=T for a GET only.  Returns how many (0..2); a header of
 * another scheme counts as one empty token (never a seat's). */
int sv_bearer(const sv_req *r, const char *tok[2], size_t len[2]);

/* A query argument, or NULL. */
const char *sv_query(const sv_req *r, const char *name);

/* ---- the event hub (sv_hub.c) -------------------------------------------------------- */

/* What a stream follows: the lock of its subject (a game, a battle), the
 * condition broadcast when it changes and its version, which goes up by one
 * on every change (both under the lock). */
typedef struct sv_topic {
    pthread_mutex_t *lock;
    pthread_cond_t *changed;
    const uint64_t *version;
    int seat; /* 1: a seat's stream (a token was checked); 0: a spectator's */
} sv_topic;

/* What a stream sends.  next is called with the topic's lock held, first
 * for the stream's first event (sent at once), then after each change:
 * it sets *kind (a static string: the event's name), *id and *data (one
 * line of JSON, malloc'ed) and returns 0, or -1 to end the stream.  done
 * frees ctx when the stream ends (connection closed, server stopping). */
typedef struct sv_stream_fns {
    int (*next)(void *ctx, int first, const char **kind, uint64_t *id, char **data);
    void (*done)(void *ctx);
} sv_stream_fns;

sv_hub *sv_hub_new(void);
/* Every stream ends; no new one opens. */
void sv_hub_stop(sv_hub *h);
/* After the daemon stopped (no stream left). */
void sv_hub_free(sv_hub *h);

/* Answer r with an event stream (text/event-stream) of topic t: the first
 * event at once, then one per change (coalesced: a stream woken after
 * several changes sends one event), a comment ": keep-alive" every
 * SV_KEEPALIVE_S seconds while idle.  Seats' streams and spectators' are
 * counted apart: at most SV_MAX_SEAT_STREAMS of seats, and of spectators
 * SV_MAX_SPECTATOR_STREAMS in all, _ADDR from one address, _SUBJECT on one
 * topic (503 beyond, saying which).  A stream whose client closed its
 * connection ends within SV_HANGUP_MS.  ctx is taken (fns->done frees it,
 * also on failure). */
MHD_Result_t sv_hub_open(sv_hub *h, sv_req *r, sv_topic t, const sv_stream_fns *fns, void *ctx);

#define SV_KEEPALIVE_S                   15
#define SV_MAX_SEAT_STREAMS              256
#define SV_MAX_SPECTATOR_STREAMS         128
#define SV_MAX_SPECTATOR_STREAMS_ADDR    16
#define SV_MAX_SPECTATOR_STREAMS_SUBJECT 64
#define SV_HANGUP_MS                     250
#define SV_STREAM_TIMEOUT_S              60 /* a stream's connection idle (SV_KEEPALIVE_S apart) */

/* ---- the resources ------------------------------------------------------------------- */

#define SV_MAX_WORKERS 16    /* the computer's sides: a worker per core, at most this */
#define SV_MAX_AI_MS   10000 /* a computer player's decision asked, without --max-ai */
#define SV_MAX_AI_SIMS 20000 /* a decision's simulations asked, without --max-sims */

/* Games (sv_games.c): the scenarios loaded, every unfinished game of the
 * store reloaded (each step replayed and checked), the store watched, the
 * workers of the computer's sides started (one per core, two at least).  GR_EINPUT no scenario
 * folder, GR_ERUNTIME a game that does not replay. */
gr_status sv_games_open(gr_server *s, gr_error *err);
/* Wake the worker (it ends). */
void sv_games_stop(sv_games *gs);
void sv_games_free(sv_games *gs);
int sv_games_route(gr_server *s, sv_req *r, const char *path, MHD_Result_t *ret);

/* The table assistant (assist.c). */
int sv_assist_route(gr_server *s, sv_req *r, const char *path, MHD_Result_t *ret);

/* The battle companion (sv_battle.c). */
int sv_battles_route(gr_server *s, sv_req *r, const char *path, MHD_Result_t *ret);

/* A QR code of one of this server's own links, as SVG: GET /api/qr?text=
 * (sv_qr.c). */
int sv_qr_route(gr_server *s, sv_req *r, const char *path, MHD_Result_t *ret);

/* Routing and static files (sv_http.c): MHD's callbacks, cls the server.
 * sv_on_uri (MHD_OPTION_URI_LOG_CALLBACK) makes the request's record from
 * the path as sent, before MHD decodes it. */
void *sv_on_uri(void *cls, const char *uri, struct MHD_Connection *c);
MHD_Result_t sv_on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                           const char *version, const char *upload, size_t *upload_size,
                           void **con_cls);
void sv_on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                     enum MHD_RequestTerminationCode toe);

#endif
