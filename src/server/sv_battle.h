/* sv_battle.h - the battle companion over HTTP (docs/api.md, "The battle
 * companion"): the bundled orders of battle, companion battles kept as
 * battle files (battle_io.h) in the server's battles folder, loaded on
 * demand, one lock per battle, a token per side, each side's view without
 * the other side's hidden details, actions checked against the phase and
 * the side that acts, undo, the after-action report, an event stream.
 * Internal to the server (server.c routes /api/oobs and /api/battles here). */
#ifndef GROGNARD_SV_BATTLE_H
#define GROGNARD_SV_BATTLE_H

#include <stddef.h>

#include <microhttpd.h>

#include "grognard/error.h"

typedef struct sv_battles sv_battles;

/* Open the battles folder `dir` (created if missing) and list the bundled
 * orders of battle under DATA/oob/SYSTEM/ID.json (a file that does not read
 * is left out with a line on stderr).  `host` is the address the server
 * listens on (the links of a new battle say where other devices reach it).
 * GR_ERUNTIME naming the folder when it cannot be made. */
gr_status sv_battles_open(const char *dir, const char *data, const char *host, sv_battles **out,
                          gr_error *err);

/* Wake every event stream (they end): the server is stopping. */
void sv_battles_stop(sv_battles *bs);

/* Free every battle (no request may be running). */
void sv_battles_free(sv_battles *bs);

/* Answer a request whose path (after "/api") is /oobs or starts with
 * /battles.  Returns 1 and sets *ret when it did, 0 for another path.
 * *status and *bytes receive what the access log prints (-1: a stream). */
int sv_battles_route(sv_battles *bs, struct MHD_Connection *c, const char *path, const char *method,
                     const char *body, size_t len, int *status, long long *bytes, int *ret);

#endif
