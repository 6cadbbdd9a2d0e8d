/* sv_battle_internal.h - what the files of the battle companion's server
 * share (sv_battle.c: the folder, the battles, creation and routing;
 * sv_battle_view.c: what a side sees, the verbs, the event stream;
 * sv_battle_act.c: actions, odds, undo, the report).  Internal. */
#ifndef GROGNARD_SV_BATTLE_INTERNAL_H
#define GROGNARD_SV_BATTLE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>
#include <microhttpd.h>

#include "grognard/battle.h"
#include "grognard/battle_io.h"
#include "sv_battle.h"
#include "sv_http.h"

#define SVB_ID       17                 /* 16 hex digits and the NUL */
#define SVB_TOKEN    GR_STORE_TOKEN_MAX /* 32 hex digits and the NUL */
#define SVB_MAX_OOBS 64

typedef struct sv_bt {
    char id[SVB_ID];
    char tokens[2][SVB_TOKEN];
    char *path; /* DIR/ID.battle */
    gr_battle_file f;
    gr_battle *b;
    int *actor;       /* the side that made each action (GR_BT_MAX_ACTIONS) */
    uint64_t version; /* +1 on every change */
    json_t *last;     /* the last change for the event stream: {kind, text, instructions} */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    struct sv_bt *next;
} sv_bt;

typedef struct svb_oob {
    char system[8];
    char id[64];
    char *path;
} svb_oob;

struct sv_battles {
    char *dir;
    char *host;           /* the address the server listens on */
    pthread_mutex_t lock; /* the list */
    sv_bt *list;
    svb_oob oobs[SVB_MAX_OOBS];
    int noobs;
    json_t *oob_list; /* GET /api/oobs */
    sv_hub *hub;
};

/* The token's side in *side (0, 1); 0 with the 401 answered in *ret when
 * there is none or it is not one of t's. */
int svb_need_side(sv_req *q, const sv_bt *t, int *side, MHD_Result_t *ret);

/* The status of t->b as side `side` sees it (t->lock held). */
json_t *svb_view_json(const sv_bt *t, int side);

/* The handlers of /api/battles/ID/...: each answers and returns MHD's result. */
MHD_Result_t svb_verbs(sv_bt *t, sv_req *q);
MHD_Result_t svb_action(sv_bt *t, sv_req *q, int odds_only);
MHD_Result_t svb_undo(sv_bt *t, sv_req *q);
MHD_Result_t svb_report(sv_bt *t, sv_req *q, int html);
MHD_Result_t svb_events(sv_battles *bs, sv_bt *t, sv_req *q);

#endif
