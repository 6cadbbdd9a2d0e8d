/* sv_battle.c - the battle companion over HTTP (sv_battle.h, docs/api.md
 * "The battle companion"): what is the companion's own beside the one path
 * of every game (sv_games.h).
 *
 * A battle is a game of the companion's type of its system (bt_game.h): its
 * scenario a bundled order of battle (a scenario of the registry,
 * "SYSTEM/OOB", from DATA/oob/SYSTEM/OOB.json) or its own (the order of
 * battle's text, kept in the store beside it: scenario "SYSTEM"); stored,
 * caught up, acted on and streamed as every game, so it is answered only
 * once the store holds it, survives a kill, and is seen by every server
 * sharing a PostgreSQL database.  Here: its creation and the links'
 * addresses, a side's view and verbs, an action given as JSON with the dice
 * typed at the table, the odds, undo by the side that acted, the
 * after-action report. */
#define _DEFAULT_SOURCE /* open_memstream */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "grognard/battle_wire.h"
#include "grognard/bt_game.h"
#include "grognard/hash.h"
#include "sv_battle.h"
#include "sv_games.h"
#include "sv_util.h"

int sv_battles_type(const gr_game_type *t)
{
    return t && gr_bt_game_type(t->id) == t;
}

int sv_battles_stored(const gr_store_game *sg)
{
    char system[GR_STORE_NAME_MAX];
    snprintf(system, sizeof system, "%.*s", (int)strcspn(sg->scenario, "/"), sg->scenario);
    return gr_bt_game_type(system) != NULL;
}

int sv_battles_holds(const sv_game *g)
{
    return sv_battles_type(g->scn->game.type);
}

/* ---- the record, read back -------------------------------------------------------- */

static const gr_battle *battle_of(const sv_game *g)
{
    return gr_bt_game_battle(gr_match_state(g->m));
}

/* g's news for the event stream (sv_game_touch is the caller's). */
static void set_last(sv_game *g, const char *kind, const char *text, const gr_bt_outcome *o)
{
    json_decref(g->last);
    g->last = json_pack("{ssss}", "kind", kind, "text", text);
    json_t *in = json_array();
    for (int i = 0; o && i < o->ninstr; i++)
        json_array_append_new(in, json_string(o->instr[i]));
    json_object_set_new(g->last, "instructions", in);
}

/* ---- what a side sees ------------------------------------------------------------- */

/* The words of the system of battle b that are the same in every battle
 * of it (gr_bt_rules_json), and their tag (tag[17]: 16 hexadecimal digits
 * of the FNV-1a hash of their JSON text, as GET .../rules gives it): the
 * rules' ETag, which changes when the words do (another build).  *text
 * (malloc'ed) the JSON text when text is not NULL.  NULL if out of
 * memory. */
static json_t *rules_of(const gr_battle *b, char tag[17], char **text)
{
    json_t *r = gr_bt_rules_json(b->rules);
    char *t = r ? json_dumps(r, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    if (!t) {
        json_decref(r);
        return NULL;
    }
    snprintf(tag, 17, "%016" PRIx64, gr_fnv1a64(GR_FNV1A64_INIT, t, strlen(t)));
    if (text)
        *text = t;
    else
        free(t);
    return r;
}

/* sv_battles_view, with the system's words (full) or without them */
static json_t *battle_view(const sv_game *g, int side, int full)
{
    /* the game's view of the side (built from its observation: the other
     * side's hidden details never reach it), and what the server adds */
    const gr_battle *b = battle_of(g);
    json_t *j = gr_game_view_json(&g->scn->game, gr_match_state(g->m), side);
    char tag[17];
    json_t *rules = j ? rules_of(b, tag, NULL) : NULL;
    if (!rules) {
        json_decref(j);
        return NULL;
    }
    /* the system's words are GET .../rules's, fetched once (but "system",
     * which the status has too) */
    const char *key;
    json_t *v;
    json_object_foreach(rules, key, v)
    {
        if (!full && strcmp(key, "system"))
            json_object_del(j, key);
    }
    json_decref(rules);
    json_object_set_new(j, "rules_etag", json_string(tag));
    json_object_set_new(j, "hash", gr_bt_hash_json(b));
    json_object_set_new(j, "id", json_string(g->id));
    int acts =
        b->rules->phases[b->phase].player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(b) == side;
    json_object_set_new(j, "you_act", json_boolean(acts));
    gr_bt_action last;
    size_t at;
    json_object_set_new(j, "can_undo", json_boolean(gr_bt_last_test(g->m, &last, &at) == side));
    /* the last change this server saw: {kind, text, instructions}, null
     * until there is one (the event stream's news for the other side) */
    json_object_set_new(j, "last", g->last ? json_incref(g->last) : json_null());
    return j;
}

json_t *sv_battles_view(const sv_game *g, int side)
{
    return battle_view(g, side, 0);
}

/* GET .../ID/rules: the system's words (rules_of), the same for both sides
 * and every battle of the system, kept by the browser (a day; its ETag
 * asked again after, 304 when unchanged).  Nothing of the battle's state:
 * read without its lock. */
static MHD_Result_t h_rules(gr_server *s, sv_game *g, sv_req *q, const sv_call *c)
{
    (void)s;
    (void)c; /* a seat's token (SV_SEAT): either side's */
    char tag[17] = "", etag[20], *text = NULL;
    /* b->rules is set once, when the battle is made: never changed after */
    json_decref(rules_of(battle_of(g), tag, &text));
    snprintf(etag, sizeof etag, "\"%s\"", tag);
    return sv_reply_tagged(q, text, etag, "private, max-age=86400");
}

/* GET .../ID (k 0: the side's view; ?full=1 with the system's words, not
 * kept), .../verbs (1), .../report (5) and .../report.html (6: the report
 * of this battle's match): the answer to a side, g as the store has it. */
static MHD_Result_t h_get(gr_server *s, sv_game *g, sv_req *q, const sv_call *c)
{
    int k = c->arg;
    MHD_Result_t ret;
    int side = sv_games_seat(q, g, &ret);
    if (side < 0)
        return ret;
    const char *fq = k == 0 ? sv_query(q, "full") : NULL;
    if (fq && strcmp(fq, "0") && strcmp(fq, "1"))
        return sv_reply_err(q, 400,
                            "?full=%.16s: give 1 for the view with the system's words (as GET "
                            ".../rules gives them), 0 or none for the view alone",
                            fq);
    int full = fq && !strcmp(fq, "1");
    /* the side's view: from its last committed snapshot, without waiting
     * for the battle's lock (an action's commit may hold it) */
    char *kept = k == 0 && !full ? sv_games_snap(s, g, side, 0) : NULL;
    if (kept)
        return sv_reply_json(q, 200, kept);
    gr_error err;
    json_t *v = NULL;
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = k == 6 ? open_memstream(&buf, &blen) : NULL;
    gr_status st =
        k == 6 && !m ? gr_error_set(&err, GR_ERUNTIME, "out of memory; try again") : GR_OK;
    pthread_mutex_lock(&g->lock);
    if (st == GR_OK && (st = sv_games_sync(s, g, &err)) == GR_OK && k >= 5) {
        st = gr_bt_report(g->m, g->id, NULL, m, m ? NULL : &v, NULL, NULL, &err);
    } else if (st == GR_OK &&
               !(v = k ? gr_bt_verbs_json(battle_of(g), side) : battle_view(g, side, full))) {
        st = gr_error_set(&err, GR_ERUNTIME, "out of memory; try again");
    } else if (st == GR_OK && k == 0 && !full) { /* kept for the next views of this step */
        kept = json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER);
        if (kept)
            sv_game_snap_put(g, side, kept);
    }
    pthread_mutex_unlock(&g->lock);
    if (kept) {
        json_decref(v);
        return sv_reply_json(q, 200, kept);
    }
    if (m)
        fclose(m);
    if (st != GR_OK) {
        free(buf);
        json_decref(v);
        return sv_reply_err(q, 500, "%s", err.msg);
    }
    return m ? sv_reply(q, 200, "text/html; charset=utf-8", buf, blen) : sv_reply_obj(q, 200, v);
}

/* ---- creation ------------------------------------------------------------------------ */

static MHD_Result_t h_create(gr_server *s, sv_req *q)
{
    char msg[GR_ERROR_MSG * 2];
    const char *ex = "{\"system\": \"nf\", \"oob\": \"maida\"}";
    static const char *const keys[] = {"system", "oob", "oob_text", "seed", NULL};
    json_t *j = sv_body_object(q, ex, keys, msg, sizeof msg);
    if (!j)
        return sv_reply_err(q, 400, "%s", msg);
    const char *sys = json_string_value(json_object_get(j, "system"));
    const char *oob = json_string_value(json_object_get(j, "oob"));
    json_t *text = json_object_get(j, "oob_text");
    json_t *seedj = json_object_get(j, "seed");
    char sid[GR_STORE_NAME_MAX];
    snprintf(sid, sizeof sid, "%.8s/%.40s", sys ? sys : "", oob ? oob : "");
    const sv_scenario *scn = oob ? sv_games_scenario(s, sid, 1) : NULL;
    int code = 400;
    if (!sys)
        snprintf(msg, sizeof msg, "give \"system\" (aoe, nf or rff): %s", ex);
    else if (!gr_bt_game_type(sys))
        snprintf(msg, sizeof msg, "the companion keeps no system \"%.20s\"; accepted: aoe, nf, rff",
                 sys);
    else if (!!oob == !!text)
        snprintf(msg, sizeof msg,
                 "give either \"oob\" (a bundled order of battle's id: GET /api/oobs) or "
                 "\"oob_text\" (an order of battle's JSON text, docs/oob.md)");
    else if (text && !json_is_string(text))
        snprintf(msg, sizeof msg, "\"oob_text\" must be a string: the order of battle's text");
    else if (oob && !scn) {
        snprintf(msg, sizeof msg,
                 "no bundled order of battle \"%.40s\" for %s; GET /api/oobs lists them", oob, sys);
        code = 404;
    } else if (seedj && (!json_is_integer(seedj) || json_integer_value(seedj) < 0))
        snprintf(msg, sizeof msg, "\"seed\" must be a whole number from 0 to 2^63-1");
    else
        code = 0;
    uint64_t seed = (uint64_t)json_integer_value(seedj);
    sv_scenario *own = NULL;
    gr_error err;
    if (!code && !scn &&
        !(scn = own = sv_scenario_own(sys, json_string_value(text), json_string_length(text),
                                      "oob_text", &err))) {
        code = err.code == GR_EINPUT ? 400 : 500;
        snprintf(msg, sizeof msg, "%s", err.msg);
    }
    static const char players[2][GR_STORE_NAME_MAX] = {"human", "human"};
    sv_game *g = NULL;
    json_decref(j);
    if (!code && sv_games_start(s, scn, own, seedj ? &seed : NULL, players, &g, &err) != GR_OK)
        return sv_reply_err(q, 500, "%s", err.msg);
    if (code)
        return sv_reply_err(q, code, "%s", msg);
    pthread_mutex_lock(&g->lock);
    const gr_battle *b = battle_of(g);
    json_t *o =
        json_pack("{sssssssIs[ss]s[ss]so}", "id", g->id, "system", b->system, "title", b->title,
                  "seed", (json_int_t)g->seed, "tokens", g->tokens[0], g->tokens[1], "sides",
                  b->side_name[0], b->side_name[1], "hash", gr_bt_hash_json(b));
    pthread_mutex_unlock(&g->lock);
    json_object_set_new(o, "host", json_string(s->o.host));
    json_object_set_new(o, "addresses", sv_lan_addresses(s->o.host));
    return sv_reply_obj(q, 201, o);
}

/* ---- actions ------------------------------------------------------------------------- */

/* POST .../actions (odds 0) and .../odds (odds 1): the call read as the
 * type reads it; an action taken by the side that decides it through the
 * one action path (sv_games_act: its dice typed given as recorded, the
 * rest drawn by the match, stored before the answer), its outcome told
 * from the record (the test and its dice). */
static MHD_Result_t h_action(gr_server *s, sv_game *g, sv_req *q, const sv_call *c)
{
    int side = c->seat, odds = c->arg;
    char msg[GR_ERROR_MSG * 2], text[512];
    json_t *j = sv_body_object(q,
                               "{\"verb\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\", "
                               "\"inputs\": {\"range\": 4}}",
                               NULL, msg, sizeof msg);
    if (!j)
        return sv_reply_err(q, 400, "%s", msg);
    gr_battle *before = malloc(sizeof *before), *after = malloc(sizeof *after);
    gr_bt_outcome *out = calloc(1, sizeof *out);
    gr_error err;
    gr_error_set(&err, GR_ERUNTIME, "out of memory; try again");
    int code = 500;
    json_t *res = NULL;
    gr_bt_action a;
    pthread_mutex_lock(&g->lock);
    if (!before || !after || !out || sv_games_sync(s, g, &err) != GR_OK)
        ;
    else if (gr_bt_call_json(memcpy(before, battle_of(g), sizeof *before), j, &a, &err) != GR_OK)
        code = 400;
    else if (odds) {
        before->seed = g->seed; /* gr_battle_do draws the dice not typed from it */
        res = gr_bt_wire_odds(before, &a, &err);
        code = err.code == GR_EILLEGAL ? 409 : err.code == GR_EINPUT ? 400 : 500;
    } else if (gr_battle_may_decide(before, side, &a.call, &err) != GR_OK) {
        code = 403;
    } else {
        /* the decision as the type reads it, its dice typed given as
         * recorded, at the step `before` is of */
        gr_action dice[sizeof a.rolls / sizeof a.rolls[0]];
        size_t ndice = (size_t)a.nrolls, first = 0;
        for (size_t i = 0; i < ndice; i++)
            dice[i] = (gr_action)a.rolls[i];
        a.nrolls = 0;
        gr_battle_action_text(before, &a, text, sizeof text);
        code = sv_games_act(s, g, gr_match_current_player(g->m), text, gr_match_steps(g->m), dice,
                            ndice, &first, &err);
        if (code == 400 && err.code == GR_EILLEGAL)
            code = 409; /* not in this phase: the companion's refusal and its reason */
        size_t end = 0;
        if (code == 200) { /* the test with its dice as the record has them, told */
            memcpy(after, before, sizeof *after);
            if (gr_bt_resolve_test(after, gr_match_step(g->m, 0), gr_match_steps(g->m), first - 1,
                                   &end, &a, out, &err) != GR_OK ||
                !end) {
                code = 500;
                snprintf(msg, sizeof msg, "%s", end ? err.msg : "it waits for a die");
                gr_error_set(&err, GR_ERUNTIME, "the action is stored, its outcome not told: %s",
                             msg);
            } else {
                res = gr_bt_wire_outcome(before, after, &a, out);
                set_last(g, "action", gr_battle_action_text(before, &a, text, sizeof text), out);
                sv_game_touch(g);
            }
        }
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(j);
    free(before);
    free(after);
    free(out);
    return res ? sv_reply_obj(q, 200, res) : sv_reply_err(q, code, "%s", err.msg);
}

static MHD_Result_t h_undo(gr_server *s, sv_game *g, sv_req *q, const sv_call *c)
{
    int side = c->seat;
    json_t *res = NULL;
    gr_error err;
    gr_bt_action a;
    size_t at = 0;
    int by = -1, code = 500;
    pthread_mutex_lock(&g->lock);
    if (sv_games_sync(s, g, &err) != GR_OK)
        ;
    else if ((by = gr_bt_last_test(g->m, &a, &at)) < 0)
        code = 409, gr_error_set(&err, GR_EILLEGAL, "battle %s has no action to undo", g->id);
    else if (by != side)
        code = 403, gr_error_set(&err, GR_EILLEGAL,
                                 "the last action was %s's: only the side that made it takes it "
                                 "back",
                                 battle_of(g)->side_name[by]);
    else {
        char text[512];
        /* the line with its dice, as the action's answer said it */
        gr_battle_action_text(battle_of(g), &a, text, sizeof text);
        code = sv_games_undo(s, g, gr_match_step(g->m, at)->player, gr_match_steps(g->m), &err);
        if (code == 200) {
            set_last(g, "undo", text, NULL);
            sv_game_touch(g);
            res = sv_battles_view(g, side);
            json_object_set_new(res, "undone", json_string(text));
        }
    }
    pthread_mutex_unlock(&g->lock);
    return res ? sv_reply_obj(q, 200, res) : sv_reply_err(q, code, "%s", err.msg);
}

/* ---- routing ------------------------------------------------------------------------- */

int sv_battles_route(gr_server *s, sv_req *q, const char *path, MHD_Result_t *ret)
{
    if (!strcmp(path, "/oobs")) {
        *ret = q->get ? sv_reply_obj(q, 200, sv_games_scenarios(s, 1))
                      : sv_reply_err(q, 405, "use GET /api/oobs");
        return 1;
    }
    if (!strcmp(path, "/battles")) {
        *ret = q->post ? h_create(s, q)
                       : sv_reply_err(q, 405, "use POST /api/battles to start a battle");
        return 1;
    }
    static const sv_route routes[] = {{"", 0, SV_ANYONE, h_get, 0},
                                      {"/verbs", 0, SV_ANYONE, h_get, 1},
                                      {"/actions", 1, SV_SEAT, h_action, 0},
                                      {"/odds", 1, SV_SEAT, h_action, 1},
                                      {"/undo", 1, SV_SEAT, h_undo, 0},
                                      {"/report", 0, SV_ANYONE, h_get, 5},
                                      {"/report.html", 0, SV_ANYONE, h_get, 6},
                                      {"/events", 0, SV_SEAT, sv_games_events, 0},
                                      {"/rules", 0, SV_SEAT, h_rules, 0}};
    return sv_games_item(s, q, path, "battles", 1, routes, sizeof routes / sizeof routes[0], ret);
}
