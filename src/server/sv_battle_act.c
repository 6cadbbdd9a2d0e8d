/* sv_battle_act.c - the battle companion over HTTP: an action checked
 * against the phase and the side, done, written to the battle file before
 * it is answered; the odds before a roll; undo by the side that acted; the
 * after-action report. */
#define _DEFAULT_SOURCE /* open_memstream */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/battle_wire.h"
#include "sv_battle_internal.h"
#include "grognard/utf8.h"

/* The call of an actions (or odds) body; 0 and msg on bad input. */
static int read_call(const gr_battle *b, json_t *j, gr_bt_action *a, char *msg, size_t cap)
{
    memset(a, 0, sizeof *a);
    a->call.unit = a->call.target = a->call.leader = -1;
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v)
    {
        if (strcmp(key, "verb") && strcmp(key, "unit") && strcmp(key, "target") &&
            strcmp(key, "leader") && strcmp(key, "inputs") && strcmp(key, "roll")) {
            snprintf(msg, cap,
                     "unknown key \"%.40s\"; accepted: verb, unit, target, leader, inputs, roll",
                     key);
            return 0;
        }
        if (strcmp(key, "inputs") && strcmp(key, "roll") && !json_is_string(v) &&
            !json_is_null(v)) {
            snprintf(msg, cap, "\"%s\" must be a string (an id)", key);
            return 0;
        }
    }
    const char *verb = json_string_value(json_object_get(j, "verb"));
    if (!verb || !*verb) {
        snprintf(msg, cap, "give \"verb\": next, or a verb of the phase (GET .../verbs)");
        return 0;
    }
    if (strcmp(verb, "next") && !gr_battle_verb(b, verb)) {
        size_t n = (size_t)snprintf(msg, cap, "%.30s has no verb \"%.30s\"; accepted: next",
                                    b->system, verb);
        for (size_t i = 0; i < b->rules->nverbs && n < cap; i++)
            n += (size_t)snprintf(msg + n, cap - n, ", %s", b->rules->verbs[i].name);
        return 0;
    }
    snprintf(a->call.verb, sizeof a->call.verb, "%s", verb);
    static const char *const ukeys[] = {"unit", "target"};
    int *uout[] = {&a->call.unit, &a->call.target};
    for (int k = 0; k < 2; k++) {
        const char *id = json_string_value(json_object_get(j, ukeys[k]));
        if (id && *id && (*uout[k] = gr_battle_unit(b, id)) < 0) {
            snprintf(msg, cap, "\"%s\": \"%.40s\" is not a unit of this battle", ukeys[k], id);
            return 0;
        }
    }
    const char *lid = json_string_value(json_object_get(j, "leader"));
    if (lid && *lid && (a->call.leader = gr_battle_leader(b, lid)) < 0) {
        snprintf(msg, cap, "\"leader\": \"%.40s\" is not a leader of this battle", lid);
        return 0;
    }
    json_t *in = json_object_get(j, "inputs");
    if (in && !json_is_object(in) && !json_is_null(in)) {
        snprintf(msg, cap, "\"inputs\" must be an object: {\"range\": 4, \"cover\": \"1\"}");
        return 0;
    }
    json_object_foreach(in, key, v)
    {
        char val[64];
        if (json_is_string(v))
            snprintf(val, sizeof val, "%s", json_string_value(v));
        else if (json_is_integer(v))
            snprintf(val, sizeof val, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        else if (json_is_real(v))
            snprintf(val, sizeof val, "%g", json_real_value(v));
        else if (json_is_true(v))
            snprintf(val, sizeof val, "true");
        else if (json_is_false(v) || json_is_null(v) ||
                 (json_is_string(v) && !*json_string_value(v)))
            continue; /* not given */
        else {
            snprintf(msg, cap, "inputs.%.40s: give a string, a number or true", key);
            return 0;
        }
        if (!*val)
            continue;
        if (a->call.nin >= GR_BT_MAX_INPUTS || strlen(key) >= GR_BT_ID || strlen(val) >= GR_BT_ID ||
            !gr_utf8_valid(key)) {
            snprintf(msg, cap, "inputs.%.40s: too long, or too many inputs (at most %d)", key,
                     GR_BT_MAX_INPUTS);
            return 0;
        }
        /* both under GR_BT_ID bytes: checked above */
        memcpy(a->call.key[a->call.nin], key, strlen(key) + 1);
        memcpy(a->call.val[a->call.nin], val, strlen(val) + 1);
        a->call.nin++;
    }
    json_t *roll = json_object_get(j, "roll");
    if (roll && !json_is_null(roll)) {
        if (!json_is_array(roll) || json_array_size(roll) > GR_MAX_ROLLS) {
            snprintf(msg, cap,
                     "\"roll\" must be a list of at most %d whole numbers (the dice "
                     "rolled at the table): [7, 4]",
                     GR_MAX_ROLLS);
            return 0;
        }
        size_t i;
        json_array_foreach(roll, i, v)
        {
            if (!json_is_integer(v) || json_integer_value(v) < -99 || json_integer_value(v) > 99) {
                snprintf(msg, cap, "\"roll\"[%zu] must be a whole number from -99 to 99", i);
                return 0;
            }
            a->rolls[a->nrolls++] = (int)json_integer_value(v);
        }
    }
    return 1;
}

/* 0 if `side` may do action a now, else the HTTP status with msg. */
static int may_act(const gr_battle *b, int side, const gr_bt_action *a, char *msg, size_t cap)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int active = gr_battle_active_side(b);
    if (!strcmp(a->call.verb, "next")) {
        if (side != active) {
            snprintf(msg, cap, "%s acts in this phase (%s): that side says when it is over",
                     b->side_name[active], ph->title);
            return 403;
        }
        return 0;
    }
    if (ph->player != GR_BT_BOTH_PLAYERS && side != active) {
        snprintf(msg, cap, "it is %s's phase (%s); wait for it to be over", b->side_name[active],
                 ph->title);
        return 403;
    }
    if (ph->player == GR_BT_BOTH_PLAYERS && a->call.unit >= 0 &&
        b->units[a->call.unit].side != side) {
        snprintf(msg, cap, "%s is not one of your units: the other side acts for it",
                 b->units[a->call.unit].id);
        return 403;
    }
    return 0;
}

static void touch(sv_bt *t, const char *kind, const char *text, const gr_bt_outcome *o)
{
    json_decref(t->last);
    t->last = json_pack("{ssss}", "kind", kind, "text", text);
    json_t *in = json_array();
    for (int i = 0; o && i < o->ninstr; i++)
        json_array_append_new(in, json_string(o->instr[i]));
    json_object_set_new(t->last, "instructions", in);
    t->version++;
    pthread_cond_broadcast(&t->changed);
}

int svb_action(sv_bt *t, svb_req *q, const char *body, size_t len, int odds_only)
{
    int side, ret;
    if (!svb_need_side(q, t, &side, &ret))
        return ret;
    char msg[GR_ERROR_MSG * 2];
    json_t *j = svb_body_object(body, len,
                                "{\"verb\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\", "
                                "\"inputs\": {\"range\": 4}}",
                                msg, sizeof msg);
    if (!j)
        return svb_answer_err(q, 400, "%s", msg);
    gr_bt_action a;
    gr_battle *before = malloc(sizeof *before);
    gr_bt_outcome *out = calloc(1, sizeof *out);
    if (!before || !out) {
        free(before);
        free(out);
        json_decref(j);
        return svb_answer_err(q, 500, "out of memory; try again");
    }
    pthread_mutex_lock(&t->lock);
    int code = 0;
    json_t *res = NULL;
    if (!read_call(t->b, j, &a, msg, sizeof msg))
        code = 400;
    else if (!odds_only && (code = may_act(t->b, side, &a, msg, sizeof msg)) != 0)
        ;
    else {
        memcpy(before, t->b, sizeof *before);
        gr_error err;
        gr_error_clear(&err);
        gr_status st = odds_only ? gr_battle_do(t->b, &a, out, &err)
                                 : gr_battle_file_act(&t->f, &a, out, &err);
        if (st != GR_OK) {
            code = st == GR_EILLEGAL ? 409 : st == GR_EINPUT ? 400 : 500;
            snprintf(msg, sizeof msg, "%s", err.msg);
        } else if (odds_only) {
            /* the odds of the first step, never its result (a later step
             * exists or not by that result): the state goes back */
            json_t *full = gr_bt_wire_outcome(before, t->b, &a, out);
            memcpy(t->b, before, sizeof *before);
            res = json_pack("{sss[]}", "verb", a.call.verb, "steps");
            size_t i;
            json_t *s;
            json_array_foreach(json_object_get(json_object_get(full, "resolution"), "steps"), i, s)
            {
                json_t *e = json_object();
                json_object_set(e, "what", json_object_get(s, "what"));
                json_object_set(e, "table", json_object_get(s, "table"));
                json_object_set(e, "modifier", json_object_get(s, "modifier"));
                json_object_set(e, "odds", json_object_get(s, "odds"));
                json_array_append_new(json_object_get(res, "steps"), e);
                break;
            }
            json_t *mods = json_object_get(json_object_get(full, "resolution"), "modifiers");
            if (mods)
                json_object_set(res, "modifiers", mods);
            json_decref(full);
        } else if (gr_battle_file_write(&t->f, t->path, &err) != GR_OK) {
            gr_battle_file_undo(&t->f, NULL, NULL);
            code = 500;
            snprintf(msg, sizeof msg, "the action is not kept: %s", err.msg);
        } else {
            memcpy(t->b, gr_battle_file_battle(&t->f), sizeof *t->b);
            t->actor[t->b->nactions - 1] = side;
            res = gr_bt_wire_outcome(before, t->b, &a, out);
            char text[400];
            touch(t, "action", gr_battle_action_text(before, &a, text, sizeof text), out);
        }
    }
    pthread_mutex_unlock(&t->lock);
    json_decref(j);
    free(before);
    free(out);
    if (code)
        return svb_answer_err(q, code, "%s", msg);
    return svb_answer_obj(q, 200, res);
}

int svb_undo(sv_bt *t, svb_req *q)
{
    int side, ret;
    if (!svb_need_side(q, t, &side, &ret))
        return ret;
    pthread_mutex_lock(&t->lock);
    char msg[GR_ERROR_MSG * 2];
    int code = 0;
    json_t *res = NULL;
    int n = t->b->nactions;
    if (n == 0) {
        code = 409;
        snprintf(msg, sizeof msg, "battle %s has no action to undo", t->id);
    } else if (t->actor[n - 1] != side) {
        code = 403;
        snprintf(msg, sizeof msg,
                 "the last action was %s's: only the side that made it takes it back",
                 t->b->side_name[t->actor[n - 1]]);
    } else {
        gr_error err;
        gr_error_clear(&err);
        gr_bt_action a;
        if (gr_battle_file_undo(&t->f, &a, &err) != GR_OK) {
            code = 500;
            snprintf(msg, sizeof msg, "the undo is not kept: %s", err.msg);
        } else if (gr_battle_file_write(&t->f, t->path, &err) != GR_OK) {
            gr_bt_action again = a; /* the file keeps the test: so does the battle */
            gr_battle_file_act(&t->f, &again, NULL, NULL);
            code = 500;
            snprintf(msg, sizeof msg, "the undo is not kept: %s", err.msg);
        } else {
            memcpy(t->b, gr_battle_file_battle(&t->f), sizeof *t->b);
            char text[400];
            gr_battle_action_text(t->b, &a, text, sizeof text);
            touch(t, "undo", text, NULL);
            res = svb_view_json(t, side);
            json_object_set_new(res, "undone", json_string(text));
        }
    }
    pthread_mutex_unlock(&t->lock);
    if (code)
        return svb_answer_err(q, code, "%s", msg);
    return svb_answer_obj(q, 200, res);
}

int svb_report(sv_bt *t, svb_req *q, int html)
{
    int side, ret;
    if (!svb_need_side(q, t, &side, &ret))
        return ret;
    gr_error err;
    gr_error_clear(&err);
    json_t *j = NULL;
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = html ? open_memstream(&buf, &blen) : NULL;
    if (html && !m)
        return svb_answer_err(q, 500, "out of memory; try again");
    pthread_mutex_lock(&t->lock);
    gr_status st = gr_bt_report(&t->f, t->path, NULL, m, html ? NULL : &j, NULL, NULL, &err);
    pthread_mutex_unlock(&t->lock);
    if (m)
        fclose(m);
    if (st != GR_OK) {
        free(buf);
        json_decref(j);
        return svb_answer_err(q, 500, "%s", err.msg);
    }
    if (html)
        return svb_answer(q, 200, "text/html; charset=utf-8", buf);
    return svb_answer_obj(q, 200, j);
}
