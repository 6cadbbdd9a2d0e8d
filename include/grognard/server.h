/* grognard/server.h - `grognard serve`: the HTTP JSON API of
 * ../shared/contract/API.md and docs/api.md, Server-Sent Events, static
 * files, over a store (grognard/store.h).
 *
 * The server holds no rule: games go through the match layer (chance
 * stream, undo, event sink, replay with hash check), computer sides through
 * the AI players, views through the game's observation (wire.h).
 *
 * Threads: libmicrohttpd runs one thread per connection (a blocking event
 * stream costs one thread and no polling; connections are capped), each
 * game has its own lock, and a worker per core plays the computer's sides
 * one step at a time, game after game, so a slow computer player never
 * holds up another game's requests nor, alone, its computer's replies. */
#ifndef GROGNARD_SERVER_H
#define GROGNARD_SERVER_H

#include <stdint.h>
#include <stdio.h>

#include "grognard/error.h"

typedef struct gr_server_opts {
    const char *host; /* IPv4 address to listen on ("127.0.0.1") */
    int port;         /* 0: any free port (gr_server_port says which) */
    const char *db;   /* SQLite file (created if missing) */
    const char *web;  /* the page's folder */
    const char *data; /* the data folder: scenarios/, rff/ */
    FILE *log;        /* one access-log line per request (NULL: none) */
    long max_ai_ms;   /* a computer player's longest decision asked (0: SV default, 10 s) */
    long max_ai_sims; /* the most simulations a decision asked (0: SV default, 20000) */
} gr_server_opts;

typedef struct gr_server gr_server;

/* Open the store, load the scenarios, reload every unfinished game (each
 * step replayed and its hash checked) and start listening.  GR_EINPUT for
 * bad options (no scenario folder, a bad address), GR_ERUNTIME when the
 * database, a stored game or the socket fails, with the reason.  *out is
 * NULL on failure. */
gr_status gr_server_start(const gr_server_opts *o, gr_server **out, gr_error *err);

/* The folders used when --data or --web is not given: "data" or "web" in
 * the current folder if there is one, else the source tree's. */
const char *gr_server_default_data(void);
const char *gr_server_default_web(void);

/* The TCP port the server listens on. */
int gr_server_port(const gr_server *s);

/* Stop accepting, end the event streams, finish the requests in progress,
 * stop the worker, close the store, free everything. */
void gr_server_stop(gr_server *s);

#endif
