/* sv_battle_view.c - the battle companion over HTTP: what a side sees of
 * the battle (the game's view, gr_game_view_json, and the server's keys:
 * docs/api.md), the verbs allowed now with the inputs the players give,
 * the event stream. */
#define _DEFAULT_SOURCE
#include <time.h>
#include <sys/types.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sv_battle_internal.h"

/* ---- what a side sees ---------------------------------------------------------------- */

json_t *svb_view_json(const sv_game *g, int side)
{
    /* the game's view of the side (built from its observation: the other
     * side's hidden details never reach it), and what the server adds */
    const gr_battle *b = svb_battle(g);
    json_t *j = gr_game_view_json(&g->scn->game, gr_match_state(g->m), side);
    if (!j)
        return NULL;
    json_object_set_new(j, "hash", gr_bt_hash_json(b));
    json_object_set_new(j, "id", json_string(g->id));
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int acts = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(b) == side;
    json_object_set_new(j, "you_act", json_boolean(acts));
    gr_bt_action last;
    size_t at;
    json_object_set_new(j, "can_undo", json_boolean(svb_last_decision(g, &last, &at) == side));
    /* the last change this server saw: {kind, text, instructions}, null
     * until there is one (the event stream's news for the other side) */
    json_object_set_new(j, "last", g->last ? json_incref(g->last) : json_null());
    return j;
}

/* The inputs the players give for verb v: the --NAME of its help line
 * (but --target, --leader, --roll), each with the procedure's description
 * when it has an input of that name. */
static json_t *verb_inputs(const gr_battle *b, const gr_bt_verb *v)
{
    json_t *a = json_array();
    const gr_system *sys = gr_system_find(b->system);
    const gr_procedure *p = sys && v->procedure ? gr_system_procedure(sys, v->procedure) : NULL;
    for (const char *h = strstr(v->help, "--"); h; h = strstr(h, "--")) {
        h += 2;
        size_t n = strspn(h, "abcdefghijklmnopqrstuvwxyz0123456789-_");
        if (!n || n >= GR_BT_ID)
            continue;
        char name[GR_BT_ID];
        memcpy(name, h, n);
        name[n] = 0;
        if (!strcmp(name, "target") || !strcmp(name, "leader") || !strcmp(name, "roll"))
            continue;
        int dup = 0;
        size_t i;
        json_t *e;
        json_array_foreach(a, i, e) dup |=
            !strcmp(json_string_value(json_object_get(e, "name")), name);
        if (dup)
            continue;
        /* the placeholder after the name: "--to line|column", "--range INCHES" */
        const char *ph = h + n;
        while (*ph == ' ')
            ph++;
        size_t pn = *ph == '-' && ph[1] == '-' ? 0 : strcspn(ph, " ]:,");
        char place[120];
        snprintf(place, sizeof place, "%.*s", (int)(pn < sizeof place ? pn : sizeof place - 1), ph);
        /* optional when the help puts it in brackets */
        int optional = 0;
        for (const char *k = h - 2; k > v->help; k--) {
            if (*k == '[') {
                optional = 1;
                break;
            }
            if (*k == ']')
                break;
        }
        json_t *in =
            json_pack("{sssssb}", "name", name, "placeholder", place, "optional", optional);
        const gr_param *pp = NULL;
        for (size_t k = 0; p && k < p->nparams; k++)
            if (!strcmp(p->params[k].name, name))
                pp = &p->params[k];
        const char *kind = "text";
        json_t *choices = json_array();
        if (pp) {
            kind = pp->kind == GR_P_INT    ? "int"
                   : pp->kind == GR_P_NUM  ? "number"
                   : pp->kind == GR_P_ENUM ? "choice"
                   : pp->kind == GR_P_FLAG ? "flag"
                                           : "text";
            for (size_t k = 0; pp->kind == GR_P_ENUM && pp->choices && pp->choices[k]; k++)
                json_array_append_new(choices, json_string(pp->choices[k]));
            if (pp->kind == GR_P_INT) {
                json_object_set_new(in, "min", json_integer(pp->min));
                json_object_set_new(in, "max", json_integer(pp->max));
            }
            if (pp->help)
                json_object_set_new(in, "help", json_string(pp->help));
        } else if (strchr(place, '|')) {
            kind = "choice";
            char *s = place;
            while (*s) {
                size_t l = strcspn(s, "|");
                char c = s[l];
                s[l] = 0;
                json_array_append_new(choices, json_string(s));
                s += l + (c ? 1 : 0);
            }
        }
        json_object_set_new(in, "kind", json_string(kind));
        if (json_array_size(choices))
            json_object_set_new(in, "choices", choices);
        else
            json_decref(choices);
        json_array_append_new(a, in);
    }
    return a;
}

MHD_Result_t svb_verbs(gr_server *s, sv_game *g, sv_req *q)
{
    int side;
    MHD_Result_t ret;
    if (!svb_need_side(q, g, &side, &ret))
        return ret;
    pthread_mutex_lock(&g->lock);
    gr_error err;
    if (sv_games_sync(s, g, &err) != GR_OK) {
        pthread_mutex_unlock(&g->lock);
        return sv_reply_err(q, 500, "%s", err.msg);
    }
    const gr_battle *b = svb_battle(g);
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int acts = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_active_side(b) == side;
    json_t *o = json_pack("{sssssbsb}", "phase", ph->id, "phase_title", ph->title, "you_act", acts,
                          "you_next", gr_battle_active_side(b) == side);
    json_t *vs = json_array();
    json_array_append_new(vs, json_pack("{sssssisns[]}", "name", "next", "help",
                                        "next: go on to the next phase (the side that acts)",
                                        "needs_target", 0, "procedure", "inputs"));
    for (size_t i = 0; i < b->rules->nverbs; i++) {
        const gr_bt_verb *v = &b->rules->verbs[i];
        if (gr_battle_verb_open(b, v, NULL) != GR_OK)
            continue;
        /* whose decision it is (gr_battle_decider: an nf emergency
         * formation change is the charged side's, in the other's move) */
        gr_bt_call call;
        memset(&call, 0, sizeof call);
        snprintf(call.verb, sizeof call.verb, "%s", v->name);
        call.unit = call.target = call.leader = -1;
        int decides = ph->player == GR_BT_BOTH_PLAYERS || gr_battle_decider(b, &call) == side;
        int unit = !strncmp(v->help, v->name, strlen(v->name)) &&
                   !strncmp(v->help + strlen(v->name), " UNIT", 5);
        json_t *e = json_pack("{sssssisbsoso}", "name", v->name, "help", v->help, "needs_target",
                              v->needs_target, "needs_unit", unit, "procedure",
                              v->procedure ? json_string(v->procedure) : json_null(), "inputs",
                              verb_inputs(b, v));
        json_object_set_new(e, "label",
                            json_pack("{ssss}", "en", gr_battle_verb_label(b->rules, v, GR_LANG_EN),
                                      "fr", gr_battle_verb_label(b->rules, v, GR_LANG_FR)));
        json_object_set_new(e, "needs_leader", json_boolean(strstr(v->help, "--leader") != NULL));
        json_object_set_new(e, "you_decide", json_boolean(decides));
        json_array_append_new(vs, e);
    }
    json_object_set_new(o, "verbs", vs);
    pthread_mutex_unlock(&g->lock);
    return sv_reply_obj(q, 200, o);
}

/* ---- the event stream: the side's view pushed -------------------------------------- */

typedef struct bt_stream {
    gr_server *s;
    sv_game *g;
    int side;
} bt_stream;

/* Each event is the side's view (svb_view_json, its "last" the change that
 * woke the stream): "battle" first, then "action" or "undo". */
static int bt_next(void *ctx, int first, const char **kind, uint64_t *id, char **data)
{
    bt_stream *x = ctx;
    sv_game *g = x->g;
    if (first) { /* as the store has the battle */
        gr_error err;
        if (sv_games_sync(x->s, g, &err) != GR_OK)
            fprintf(stderr, "grognard serve: battle %s: %s\n", g->id, err.msg);
    }
    *kind = first || !g->last ? "battle" : json_string_value(json_object_get(g->last, "kind"));
    if (!*kind)
        *kind = "battle";
    json_t *v = svb_view_json(g, x->side);
    *data = v ? json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(v);
    *id = (uint64_t)svb_battle(g)->nactions;
    return *data ? 0 : -1;
}

static const sv_stream_fns bt_stream_fns = {bt_next, free};

MHD_Result_t svb_events(gr_server *s, sv_game *g, sv_req *q)
{
    int side;
    MHD_Result_t ret;
    if (!svb_need_side(q, g, &side, &ret))
        return ret;
    bt_stream *x = calloc(1, sizeof *x);
    if (!x)
        return sv_reply_err(q, 500, "out of memory; try again");
    x->s = s;
    x->g = g;
    x->side = side;
    sv_topic tp = {&g->lock, &g->changed, &g->version, 1}; /* a side's token: a seat */
    return sv_hub_open(s->hub, q, tp, &bt_stream_fns, x);
}
