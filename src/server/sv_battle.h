/* sv_battle.h - the battle companion over HTTP (docs/api.md, "The battle
 * companion"): the bundled orders of battle, companion battles kept as
 * battle files (battle_io.h) in the server's battles folder, loaded on
 * demand, one lock per battle, a token per side, each side's view without
 * the other side's hidden details, actions checked against the phase and
 * the side that acts, undo, the after-action report, an event stream.
 * Internal to the server (sv_http.c routes /api/oobs and /api/battles
 * here: sv_battles_route).  Event streams go through the hub (sv_hub.c). */
#ifndef GROGNARD_SV_BATTLE_H
#define GROGNARD_SV_BATTLE_H

#include <stddef.h>

#include "grognard/error.h"
#include "sv_http.h"

/* Open the battles folder `dir` (created if missing) and list the bundled
 * orders of battle under DATA/oob/SYSTEM/ID.json (a file that does not read
 * is left out with a line on stderr).  `host` is the address the server
 * listens on (the links of a new battle say where other devices reach it).
 * GR_ERUNTIME naming the folder when it cannot be made. */
gr_status sv_battles_open(const char *dir, const char *data, const char *host, sv_hub *hub,
                          sv_battles **out, gr_error *err);

/* Free every battle (no request may be running). */
void sv_battles_free(sv_battles *bs);

#endif
