/* sv_battle.c - the battle companion over HTTP (sv_battle.h, docs/api.md
 * "The battle companion"): the bundled orders of battle, a battle's
 * scenario, creation and routing.
 *
 * A battle is a game of the companion's type of its system (bt_game.h):
 * stored as every game (its scenario "SYSTEM/OOB" for a bundled order of
 * battle, or "SYSTEM" with the order of battle's text kept beside it), in
 * the one registry, and acted on through the one action path (sv_games.h),
 * so it is answered only once the store holds it, survives a kill, and is
 * seen by every server sharing a PostgreSQL database. */
#define _DEFAULT_SOURCE /* getifaddrs */
#include "sv_battle_internal.h"
#include "sv_util.h"

#include <dirent.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "grognard/battle_wire.h"

/* ---- the bundled orders of battle ------------------------------------------------ */

static int cmp_oob(const void *a, const void *b)
{
    const svb_oob *x = a, *y = b;
    int c = strcmp(x->system, y->system);
    return c ? c : strcmp(x->id, y->id);
}

static void oobs_load(sv_battles *bs, const char *data)
{
    char root[PATH_MAX];
    snprintf(root, sizeof root, "%s/oob", data);
    DIR *d = opendir(root);
    while (d) {
        struct dirent *e = readdir(d);
        if (!e)
            break;
        if (e->d_name[0] == '.' || strlen(e->d_name) >= 8 || !gr_battle_rules_find(e->d_name))
            continue;
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", root, e->d_name) >= (int)sizeof sub)
            continue;
        DIR *sd = opendir(sub);
        while (sd) {
            struct dirent *f = readdir(sd);
            if (!f)
                break;
            size_t n = strlen(f->d_name);
            if (n < 6 || n - 5 >= 64 || strcmp(f->d_name + n - 5, ".json") ||
                bs->noobs >= SVB_MAX_OOBS)
                continue;
            svb_oob *o = &bs->oobs[bs->noobs];
            memcpy(o->system, e->d_name, strlen(e->d_name) + 1); /* under 8 bytes: checked */
            memcpy(o->id, f->d_name, n - 5);
            o->id[n - 5] = 0;
            size_t pl = strlen(sub) + n + 2;
            o->path = malloc(pl);
            if (!o->path)
                continue;
            snprintf(o->path, pl, "%s/%s", sub, f->d_name);
            bs->noobs++;
        }
        if (sd)
            closedir(sd);
    }
    if (d)
        closedir(d);
    qsort(bs->oobs, (size_t)bs->noobs, sizeof bs->oobs[0], cmp_oob);
    bs->oob_list = json_array();
    for (int i = 0; bs->oob_list && i < bs->noobs; i++) {
        svb_oob *o = &bs->oobs[i];
        gr_error err;
        gr_game g;
        if (gr_game_load(o->path, o->system, &g, &err) != GR_OK) {
            fprintf(stderr, "grognard serve: order of battle left out: %s\n", err.msg);
            continue;
        }
        json_t *j = gr_game_scenario_json(&g); /* its "id": the file's stem, o->id */
        if (j)
            json_array_append_new(bs->oob_list, j);
        gr_game_free(&g);
    }
}

static const svb_oob *oob_find(const sv_battles *bs, const char *system, const char *id)
{
    for (int i = 0; i < bs->noobs; i++)
        if (!strcmp(bs->oobs[i].system, system) && !strcmp(bs->oobs[i].id, id))
            return &bs->oobs[i];
    return NULL;
}

/* ---- battles ---------------------------------------------------------------------- */

gr_status sv_battles_open(const char *data, const char *host, sv_battles **out, gr_error *err)
{
    *out = NULL;
    sv_battles *bs = calloc(1, sizeof *bs);
    if (!bs || !(bs->host = strdup(host ? host : "127.0.0.1"))) {
        free(bs);
        return gr_error_set(err, GR_ERUNTIME, "out of memory listing the orders of battle");
    }
    oobs_load(bs, data);
    *out = bs;
    return GR_OK;
}

void sv_battles_free(sv_battles *bs)
{
    if (!bs)
        return;
    for (int i = 0; i < bs->noobs; i++)
        free(bs->oobs[i].path);
    json_decref(bs->oob_list);
    free(bs->host);
    free(bs);
}

int sv_battles_stored(const gr_store_game *sg)
{
    char system[8];
    size_t n = strcspn(sg->scenario, "/");
    if (n >= sizeof system)
        return 0;
    memcpy(system, sg->scenario, n);
    system[n] = 0;
    return gr_bt_game_type(system) != NULL;
}

int sv_battles_holds(const sv_game *g)
{
    const gr_game_type *t = g->scn->game.type;
    return gr_bt_game_type(t->id) == t;
}

static void scn_release(sv_scenario *scn)
{
    svb_scn *b = (svb_scn *)scn;
    gr_battle_file_free(&b->f);
    free(b);
}

/* The scenario of a battle of `system` from the bundled order of battle
 * `oob` (text NULL) or from `text` (len bytes), with `seed`: NULL with err
 * (GR_EINPUT a bad order of battle, GR_ERUNTIME). */
static sv_scenario *scenario_make(const sv_battles *bs, const char *system, const char *oob,
                                  const char *text, size_t len, uint64_t seed, gr_error *err)
{
    const gr_battle_rules *rules = gr_battle_rules_find(system);
    const gr_game_type *type = gr_bt_game_type(system);
    const svb_oob *o = oob ? oob_find(bs, system, oob) : NULL;
    if (!rules || !type || (oob && !o)) {
        gr_error_set(err, GR_ERUNTIME,
                     "the order of battle %s/%s is not among the server's (DATA/oob/); serve with "
                     "the data folder it was played with",
                     system, oob ? oob : "");
        return NULL;
    }
    svb_scn *b = calloc(1, sizeof *b);
    if (!b) {
        gr_error_set(err, GR_ERUNTIME, "out of memory reading an order of battle");
        return NULL;
    }
    gr_status st = o ? gr_battle_file_new(o->path, rules, seed, &b->f, err)
                     : gr_battle_file_from_text(text, len, "oob_text", rules, seed, &b->f, err);
    if (st != GR_OK) {
        free(b);
        return NULL;
    }
    /* the game's match is the battle's (sv_game); the file keeps the order
     * of battle, its scenario and text */
    gr_match_free(b->f.m);
    b->f.m = NULL;
    gr_bt_scenario *sc = b->f.sc;
    sv_scenario *s = &b->base;
    snprintf(s->id, sizeof s->id, "%s%s%s", system, o ? "/" : "", o ? oob : "");
    s->path = b->f.oob_path;
    s->text = b->f.oob_text;
    s->text_len = b->f.oob_len;
    s->sc = sc;
    s->game.type = type;
    s->game.sc = sc;
    s->release = scn_release;
    return s;
}

gr_status sv_battles_scenario(gr_server *s, const gr_store_game *sg, sv_scenario **own,
                              gr_error *err)
{
    *own = NULL;
    char system[8];
    size_t n = strcspn(sg->scenario, "/");
    if (!sv_battles_stored(sg))
        return GR_EINPUT;
    memcpy(system, sg->scenario, n); /* under 8 bytes: checked */
    system[n] = 0;
    char *text = NULL;
    size_t len = 0;
    if (!sg->scenario[n] && gr_store_scenario_text(s->store, sg->id, &text, &len, err) != GR_OK)
        return GR_ERUNTIME;
    if (!sg->scenario[n] && !text)
        return gr_error_set(err, GR_ERUNTIME, "battle %s: the store holds no order of battle",
                            sg->id);
    *own = scenario_make(s->battles, system, sg->scenario[n] ? sg->scenario + n + 1 : NULL, text,
                         len, sg->seed, err);
    free(text);
    if (!*own) {
        char msg[GR_ERROR_MSG];
        snprintf(msg, sizeof msg, "%s", err->msg);
        return gr_error_set(err, GR_ERUNTIME, "battle %s: %s", sg->id, msg);
    }
    return GR_OK;
}

/* The side of the request's token (sv_bearer): 0 or 1; -1 none given; -2
 * not one of the battle's. */
static int token_side(const sv_req *q, const sv_game *g)
{
    const char *tok[2];
    size_t len[2];
    int n = sv_bearer(q, tok, len);
    if (n == 0)
        return -1;
    int side = n == 1 ? sv_game_seat(g, tok[0], len[0]) : -1;
    return side >= 0 ? side : -2;
}

int svb_need_side(sv_req *q, const sv_game *g, int *side, MHD_Result_t *ret)
{
    *side = token_side(q, g);
    if (*side == -1)
        *ret = sv_reply_err(q, 401,
                            "no token: add ?token=TOKEN (or Authorization: Bearer TOKEN) with the "
                            "token battle %s's creation gave your side",
                            g->id);
    else if (*side == -2)
        *ret = sv_reply_err(q, 401,
                            "this token is not one of battle %s's sides; use the link its "
                            "creation gave your side",
                            g->id);
    return *side >= 0;
}

/* ---- requests ---------------------------------------------------------------------------- */

static MHD_Result_t h_create(gr_server *s, sv_req *q)
{
    sv_battles *bs = s->battles;
    char msg[GR_ERROR_MSG * 2];
    const char *ex = "{\"system\": \"nf\", \"oob\": \"maida\"}";
    json_t *j = sv_body_object(q, ex, msg, sizeof msg);
    if (!j)
        return sv_reply_err(q, 400, "%s", msg);
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        if (strcmp(key, "system") && strcmp(key, "oob") && strcmp(key, "oob_text") &&
            strcmp(key, "seed")) {
            snprintf(msg, sizeof msg,
                     "unknown key \"%.40s\"; accepted: system, oob, oob_text, seed", key);
            json_decref(j); /* key is j's */
            return sv_reply_err(q, 400, "%s", msg);
        }
    }
    const char *sys = json_string_value(json_object_get(j, "system"));
    const char *oob = json_string_value(json_object_get(j, "oob"));
    json_t *text = json_object_get(j, "oob_text");
    json_t *seedj = json_object_get(j, "seed");
    const gr_battle_rules *rules = sys ? gr_battle_rules_find(sys) : NULL;
    int code = 400;
    if (!sys)
        snprintf(msg, sizeof msg, "give \"system\" (aoe, nf or rff): %s", ex);
    else if (!rules)
        snprintf(msg, sizeof msg, "the companion keeps no system \"%.20s\"; accepted: aoe, nf, rff",
                 sys);
    else if (!!oob == !!text)
        snprintf(msg, sizeof msg,
                 "give either \"oob\" (a bundled order of battle's id: GET /api/oobs) or "
                 "\"oob_text\" (an order of battle's JSON text, docs/oob.md)");
    else if (text && !json_is_string(text))
        snprintf(msg, sizeof msg, "\"oob_text\" must be a string: the order of battle's text");
    else if (oob && !oob_find(bs, sys, oob)) {
        snprintf(msg, sizeof msg,
                 "no bundled order of battle \"%.40s\" for %s; GET /api/oobs lists them", oob, sys);
        code = 404;
    } else if (seedj && (!json_is_integer(seedj) || json_integer_value(seedj) < 0))
        snprintf(msg, sizeof msg, "\"seed\" must be a whole number from 0 to 2^63-1");
    else
        code = 0;
    if (code) {
        json_decref(j);
        return sv_reply_err(q, code, "%s", msg);
    }
    uint64_t seed;
    if (seedj)
        seed = (uint64_t)json_integer_value(seedj);
    else {
        char hx[17];
        sv_random_hex(hx, 8);
        seed = strtoull(hx, NULL, 16) >> 11; /* below 2^53: exact in JSON numbers */
    }
    char id[GR_STORE_ID_MAX], tokens[2][GR_STORE_TOKEN_MAX];
    static const char players[2][GR_STORE_NAME_MAX] = {"human", "human"};
    if (sv_random_hex(id, 8) || sv_random_hex(tokens[0], 16) || sv_random_hex(tokens[1], 16)) {
        json_decref(j);
        return sv_reply_err(q, 500, "cannot make the battle's id and tokens; try again");
    }
    gr_error err;
    gr_error_clear(&err);
    const char *otext = text ? json_string_value(text) : NULL;
    size_t olen = text ? json_string_length(text) : 0;
    sv_scenario *scn = scenario_make(bs, sys, oob, otext, olen, seed, &err);
    sv_game *g = NULL;
    if (!scn) {
        json_decref(j);
        return sv_reply_err(q, err.code == GR_EINPUT ? 400 : 500, "%s", err.msg);
    }
    if (sv_game_new(scn, id, seed, players, (const char(*)[GR_STORE_TOKEN_MAX])tokens, &g, &err) !=
        GR_OK) {
        scn->release(scn);
        json_decref(j);
        return sv_reply_err(q, 500, "%s", err.msg);
    }
    g->own = scn;
    const gr_battle *b = gr_bt_game_battle(gr_match_state(g->m));
    json_t *o = json_pack("{sssssssIs[ss]}", "id", id, "system", b->system, "title", b->title,
                          "seed", (json_int_t)seed, "tokens", tokens[0], tokens[1]);
    json_object_set_new(o, "sides", json_pack("[ss]", b->side_name[0], b->side_name[1]));
    json_object_set_new(o, "hash", gr_bt_hash_json(b));
    json_object_set_new(o, "host", json_string(bs->host));
    json_object_set_new(o, "addresses", sv_lan_addresses(bs->host));
    /* the order of battle's text is kept in the store unless it is bundled */
    gr_status st = sv_games_add(s, g, oob ? NULL : otext, olen, &err);
    json_decref(j);
    if (st != GR_OK) {
        json_decref(o);
        return sv_reply_err(q, 500, "%s", err.msg);
    }
    return sv_reply_obj(q, 201, o);
}

/* ---- routing ------------------------------------------------------------------------- */

int sv_battles_route(gr_server *s, sv_req *q, const char *path, MHD_Result_t *ret)
{
    sv_battles *bs = s->battles;
    if (!strcmp(path, "/oobs")) {
        *ret = q->get ? sv_reply_obj(q, 200, json_incref(bs->oob_list))
                      : sv_reply_err(q, 405, "use GET /api/oobs");
        return 1;
    }
    if (!strcmp(path, "/battles")) {
        *ret = q->post ? h_create(s, q)
                       : sv_reply_err(q, 405, "use POST /api/battles to start a battle");
        return 1;
    }
    static const sv_route routes[] = {
        {"", 0},      {"/verbs", 0},  {"/actions", 1},     {"/odds", 1},
        {"/undo", 1}, {"/report", 0}, {"/report.html", 0}, {"/events", 0}};
    sv_game *g;
    gr_error err;
    switch (sv_games_item(s, q, path, "battles", 1, routes, 8, &g, ret)) {
    case -2: return 0;
    case -1: return 1;
    case 0: {
        int side;
        if (!svb_need_side(q, g, &side, ret))
            return 1;
        pthread_mutex_lock(&g->lock);
        json_t *v = sv_games_sync(s, g, &err) == GR_OK ? svb_view_json(g, side) : NULL;
        pthread_mutex_unlock(&g->lock);
        *ret = v ? sv_reply_obj(q, 200, v) : sv_reply_err(q, 500, "%s", err.msg);
        return 1;
    }
    case 1: *ret = svb_verbs(s, g, q); return 1;
    case 2: *ret = svb_action(s, g, q, 0); return 1;
    case 3: *ret = svb_action(s, g, q, 1); return 1;
    case 4: *ret = svb_undo(s, g, q); return 1;
    case 5: *ret = svb_report(s, g, q, 0); return 1;
    case 6: *ret = svb_report(s, g, q, 1); return 1;
    default: *ret = svb_events(s, g, q); return 1;
    }
}
