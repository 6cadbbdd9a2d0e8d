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
#include "grognard/wire.h"
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
    /* The rules say whose decision the call is (an nf emergency formation
     * change is the charged side's, in the other side's move). */
    int decider = gr_battle_decider(b, &a->call);
    if (ph->player != GR_BT_BOTH_PLAYERS && side != decider) {
        if (decider != active)
            snprintf(msg, cap, "%s is %s's decision in this phase (%s)", a->call.verb,
                     b->side_name[decider], ph->title);
        else
            snprintf(msg, cap, "it is %s's phase (%s); wait for it to be over",
                     b->side_name[active], ph->title);
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

int svb_action_side(const gr_battle *b, const gr_bt_action *a, int player)
{
    if (a->call.unit >= 0 && a->call.unit < b->nunits)
        return b->units[a->call.unit].side;
    if (a->call.leader >= 0 && a->call.leader < b->nleaders)
        return b->leaders[a->call.leader].side;
    return player;
}

int svb_last_decision(const sv_game *g, gr_bt_action *a, size_t *at)
{
    for (size_t i = gr_match_steps(g->m); i-- > 0;) {
        const gr_record_step *st = gr_match_step(g->m, i);
        if (st->player == GR_CHANCE)
            continue;
        gr_error err;
        if (gr_bt_game_call(gr_match_state(g->m), st->rec, a, &err) != GR_OK)
            return -1;
        *at = i;
        return svb_action_side(svb_battle(g), a, st->player);
    }
    return -1;
}

/* The dice of the test of the decision at step index `at` (0-based): the
 * chance steps after it, into a->rolls. */
static void test_dice(const sv_game *g, size_t at, gr_bt_action *a)
{
    a->nrolls = 0;
    for (size_t i = at + 1; i < gr_match_steps(g->m); i++) {
        const gr_record_step *st = gr_match_step(g->m, i);
        if (st->player != GR_CHANCE || a->nrolls >= (int)(sizeof a->rolls / sizeof a->rolls[0]))
            break;
        a->rolls[a->nrolls++] = (int)gr_game_act_action(st->rec);
    }
}

MHD_Result_t svb_action(gr_server *s, sv_game *g, sv_req *q, int odds_only)
{
    int side;
    MHD_Result_t ret;
    if (!svb_need_side(q, g, &side, &ret))
        return ret;
    char msg[GR_ERROR_MSG * 2];
    json_t *j = sv_body_object(q,
                               "{\"verb\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\", "
                               "\"inputs\": {\"range\": 4}}",
                               msg, sizeof msg);
    if (!j)
        return sv_reply_err(q, 400, "%s", msg);
    gr_bt_action a;
    gr_battle *before = malloc(sizeof *before), *after = malloc(sizeof *after);
    gr_bt_outcome *out = calloc(1, sizeof *out);
    if (!before || !after || !out) {
        free(before);
        free(after);
        free(out);
        json_decref(j);
        return sv_reply_err(q, 500, "out of memory; try again");
    }
    pthread_mutex_lock(&g->lock);
    int code = 0;
    json_t *res = NULL;
    gr_error err;
    gr_error_clear(&err);
    gr_roll_kind need = GR_ROLL_NONE;
    const char *need_name = NULL;
    if (sv_games_sync(s, g, &err) != GR_OK) {
        code = 500;
        snprintf(msg, sizeof msg, "%s", err.msg);
    } else if (!read_call(memcpy(before, svb_battle(g), sizeof *before), j, &a, msg, sizeof msg)) {
        code = 400;
    } else if (!odds_only && (code = may_act(before, side, &a, msg, sizeof msg)) != 0) {
        ;
    } else if (odds_only) {
        /* the odds of the first step, never its result (a later step
         * exists or not by that result): on a copy */
        memcpy(after, before, sizeof *after);
        gr_status st = gr_battle_do(after, &a, out, &err);
        if (st != GR_OK) {
            code = st == GR_EILLEGAL ? 409 : st == GR_EINPUT ? 400 : 500;
            snprintf(msg, sizeof msg, "%s", err.msg);
        } else {
            json_t *full = gr_bt_wire_outcome(before, after, &a, out);
            res = json_pack("{sss[]}", "verb", a.call.verb, "steps");
            json_t *first =
                json_array_get(json_object_get(json_object_get(full, "resolution"), "steps"), 0);
            if (first) {
                json_t *e = json_object();
                json_object_set(e, "what", json_object_get(first, "what"));
                json_object_set(e, "table", json_object_get(first, "table"));
                json_object_set(e, "modifier", json_object_get(first, "modifier"));
                json_object_set(e, "odds", json_object_get(first, "odds"));
                const gr_system *sys = gr_system_find(before->system);
                const gr_table *tb =
                    sys ? gr_system_table(sys, json_string_value(json_object_get(first, "table")))
                        : NULL;
                if (tb) /* each result's words as the sheet prints them */
                    json_object_set_new(e, "labels", gr_wire_outcome_labels(tb));
                json_array_append_new(json_object_get(res, "steps"), e);
            }
            json_t *mods = json_object_get(json_object_get(full, "resolution"), "modifiers");
            if (mods)
                json_object_set(res, "modifiers", mods);
            json_decref(full);
        }
    } else {
        /* checked on a copy first, with the dice typed: the companion's own
         * refusal and its reason (409 not in this phase, 400 a bad fact) */
        memcpy(after, before, sizeof *after);
        gr_status st = gr_battle_do_exact(after, &a, out, &need, &need_name, &err);
        if (st != GR_OK) {
            code = st == GR_EILLEGAL ? 409 : st == GR_EINPUT ? 400 : 500;
            snprintf(msg, sizeof msg, "%s", err.msg);
        }
    }
    if (!code && !odds_only) {
        /* the one action path: the decision, the dice typed given as
         * recorded, the rest drawn by the match, stored before the answer;
         * at the step `before` is of (409 if another server moved on) */
        gr_action dice[sizeof a.rolls / sizeof a.rolls[0]];
        size_t ndice = (size_t)a.nrolls;
        for (size_t i = 0; i < ndice; i++)
            dice[i] = (gr_action)a.rolls[i];
        a.nrolls = 0;
        char text[400];
        gr_battle_action_text(before, &a, text, sizeof text);
        size_t first = 0;
        code = sv_games_act(s, g, gr_match_current_player(g->m), text, gr_match_steps(g->m), dice,
                            ndice, &first, &err);
        if (code != 200) {
            snprintf(msg, sizeof msg, "%s", err.msg);
        } else {
            /* the outcome told again from the dice the test used */
            code = 0;
            test_dice(g, first - 1, &a);
            memcpy(after, before, sizeof *after);
            if (gr_battle_do_exact(after, &a, out, &need, &need_name, &err) != GR_OK ||
                need != GR_ROLL_NONE) {
                code = 500;
                snprintf(msg, sizeof msg, "the action is stored, its outcome not told: %s",
                         err.msg);
            } else {
                /* the line with its dice, as the answer's "text" */
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
    if (code)
        return sv_reply_err(q, code, "%s", msg);
    return sv_reply_obj(q, 200, res);
}

MHD_Result_t svb_undo(gr_server *s, sv_game *g, sv_req *q)
{
    int side;
    MHD_Result_t ret;
    if (!svb_need_side(q, g, &side, &ret))
        return ret;
    pthread_mutex_lock(&g->lock);
    char msg[GR_ERROR_MSG * 2];
    int code = 0;
    json_t *res = NULL;
    gr_error err;
    gr_error_clear(&err);
    gr_bt_action a;
    size_t at = 0;
    int by = -1;
    if (sv_games_sync(s, g, &err) != GR_OK) {
        code = 500;
        snprintf(msg, sizeof msg, "%s", err.msg);
    } else if ((by = svb_last_decision(g, &a, &at)) < 0) {
        code = 409;
        snprintf(msg, sizeof msg, "battle %s has no action to undo", g->id);
    } else if (by != side) {
        code = 403;
        snprintf(msg, sizeof msg,
                 "the last action was %s's: only the side that made it takes it back",
                 svb_battle(g)->side_name[by]);
    } else {
        char text[400];
        test_dice(g, at, &a); /* the line with its dice, as the action's answer said it */
        gr_battle_action_text(svb_battle(g), &a, text, sizeof text);
        code = sv_games_undo(s, g, gr_match_step(g->m, at)->player, gr_match_steps(g->m), &err);
        if (code != 200) {
            snprintf(msg, sizeof msg, "%s", err.msg);
        } else {
            code = 0;
            set_last(g, "undo", text, NULL);
            sv_game_touch(g);
            res = svb_view_json(g, side);
            json_object_set_new(res, "undone", json_string(text));
        }
    }
    pthread_mutex_unlock(&g->lock);
    if (code)
        return sv_reply_err(q, code, "%s", msg);
    return sv_reply_obj(q, 200, res);
}

MHD_Result_t svb_report(gr_server *s, sv_game *g, sv_req *q, int html)
{
    int side;
    MHD_Result_t ret;
    if (!svb_need_side(q, g, &side, &ret))
        return ret;
    gr_error err;
    gr_error_clear(&err);
    json_t *j = NULL;
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = html ? open_memstream(&buf, &blen) : NULL;
    if (html && !m)
        return sv_reply_err(q, 500, "out of memory; try again");
    pthread_mutex_lock(&g->lock);
    /* the battle file's report, of this battle's match (the file keeps
     * none of its own: sv_battle.c) */
    gr_battle_file *f = &((svb_scn *)g->own)->f;
    gr_status st = sv_games_sync(s, g, &err);
    f->m = g->m;
    if (st == GR_OK)
        st = gr_bt_report(f, g->id, NULL, m, html ? NULL : &j, NULL, NULL, &err);
    f->m = NULL;
    pthread_mutex_unlock(&g->lock);
    if (m)
        fclose(m);
    if (st != GR_OK) {
        free(buf);
        json_decref(j);
        return sv_reply_err(q, 500, "%s", err.msg);
    }
    if (html)
        return sv_reply(q, 200, "text/html; charset=utf-8", buf, blen);
    return sv_reply_obj(q, 200, j);
}
