/* sv_battle_internal.h - what the files of the battle companion's server
 * share (sv_battle.c: the orders of battle, creation, the scenarios,
 * routing; sv_battle_view.c: what a side sees, the verbs, the event stream;
 * sv_battle_act.c: actions, odds, undo, the report).  A battle is an
 * sv_game of a companion type; the caller holds its lock where it is read.
 * Internal. */
#ifndef GROGNARD_SV_BATTLE_INTERNAL_H
#define GROGNARD_SV_BATTLE_INTERNAL_H

#include <jansson.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "grognard/bt_game.h"
#include "sv_battle.h"
#include "sv_games.h"

#define SVB_MAX_OOBS 64

typedef struct svb_oob {
    char system[8];
    char id[64];
    char *path;
} svb_oob;

struct sv_battles {
    char *host; /* the address the server listens on */
    svb_oob oobs[SVB_MAX_OOBS];
    int noobs;
    json_t *oob_list; /* GET /api/oobs */
};

/* A battle's own scenario: the order of battle as a battle file with no
 * action (its start, its text), whose room for actions the report uses. */
typedef struct svb_scn {
    sv_scenario base; /* first: an sv_scenario * is an svb_scn * */
    gr_battle_file f;
} svb_scn;

/* The battle of g now. */
static inline const gr_battle *svb_battle(const sv_game *g)
{
    return gr_bt_game_battle(gr_match_state(g->m));
}

/* The token's side in *side (0, 1); 0 with the 401 answered in *ret when
 * there is none or it is not one of g's. */
int svb_need_side(sv_req *q, const sv_game *g, int *side, MHD_Result_t *ret);

/* The side that made decision a, taken at a step of `player` (the side
 * whose phase it was): the side of its unit, else of its leader, else that
 * one (docs/api.md). */
int svb_action_side(const gr_battle *b, const gr_bt_action *a, int player);

/* The last decision of g's record: its call (no dice) in *a and the side
 * that made it; -1 when there is none. */
int svb_last_decision(const sv_game *g, gr_bt_action *a, size_t *at);

/* The status of g as side `side` sees it: the game's view
 * (gr_game_view_json) and the server's keys (docs/api.md). */
json_t *svb_view_json(const sv_game *g, int side);

/* The handlers of /api/battles/ID/...: each answers and returns MHD's result. */
MHD_Result_t svb_verbs(gr_server *s, sv_game *g, sv_req *q);
MHD_Result_t svb_action(gr_server *s, sv_game *g, sv_req *q, int odds_only);
MHD_Result_t svb_undo(gr_server *s, sv_game *g, sv_req *q);
MHD_Result_t svb_report(gr_server *s, sv_game *g, sv_req *q, int html);
MHD_Result_t svb_events(gr_server *s, sv_game *g, sv_req *q);

#endif
