/* assist.c - the table assistant over HTTP: POST /api/lookup, /api/odds,
 * /api/resolve answer with the JSON of `grognard lookup|odds|resolve
 * ... --json` (the same wire builders, printed by gr_wire_dumps). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/args_io.h"
#include "grognard/file_io.h"
#include "grognard/resolve.h"
#include "grognard/rff_points.h"
#include "grognard/rng.h"
#include "grognard/wire.h"
#include "grognard/rff_io.h"
#include "sv_http.h"

/* Answer r with the wire JSON j (taken; NULL: out of memory, a 500). */
static MHD_Result_t done(sv_req *r, json_t *j)
{
    char *text = j ? gr_wire_dumps(j) : NULL;
    json_decref(j);
    return sv_reply_json(r, 200, text);
}

/* Answer POST /api/lookup|odds|resolve with the body `req` (a JSON
 * object, its reference taken); `what` is "lookup", "odds" or "resolve".
 * `points` is the server's RFF fire-points data (or NULL when not
 * loaded). */
static MHD_Result_t assist(sv_req *r, const char *what, json_t *req, const void *points)
{
    int resolve = !strcmp(what, "resolve"), odds = !strcmp(what, "odds");
    const char *tkey = resolve ? "procedure" : "table";
    const char *sys = json_string_value(json_object_get(req, "system"));
    const char *name = json_string_value(json_object_get(req, tkey));
    const gr_system *s;
    const gr_table *t = NULL;
    const gr_procedure *p = NULL;
    gr_error err;
    if (gr_system_get(sys, &s, &err) != GR_OK ||
        (resolve ? gr_system_get_procedure(s, name, &p, &err)
                 : gr_system_get_table(s, name, &t, &err)) != GR_OK) {
        /* 404 for a name given that is not there, 400 for one missing */
        json_decref(req);
        return sv_reply_err(r, !s ? (sys ? 404 : 400) : (name ? 404 : 400), "%s", err.msg);
    }
    const gr_param *params = t ? t->params : p->params;
    size_t nparams = t ? t->nparams : p->nparams;
    int skip = odds ? t->roll_param : -1;
    json_t *inputs = json_object_get(req, "inputs");
    if (inputs && !json_is_object(inputs)) {
        json_decref(req);
        return sv_reply_err(r, 400, "\"inputs\" must be an object {\"NAME\": value}");
    }
    if (inputs && json_object_get(inputs, "points-file")) {
        json_decref(req);
        return sv_reply_err(
            r, 400,
            "inputs: 'points-file' is not accepted over HTTP (the server reads no file "
            "a client names); it uses the fire points shipped with it");
    }
    char *itext = inputs ? json_dumps(inputs, JSON_COMPACT | JSON_PRESERVE_ORDER) : strdup("{}");
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_args_json *keep = NULL;
    gr_error_clear(&err);
    MHD_Result_t ret;
    if (!itext) {
        ret = sv_reply_err(r, 500, "out of memory");
        goto out;
    }
    if (gr_args_json_parse(itext, strlen(itext), "inputs", params, nparams, skip, &a, NULL, NULL,
                           &keep, &err) != GR_OK) {
        ret = sv_reply_err(r, err.code == GR_EINPUT ? 400 : 500, "%s", err.msg);
        goto out;
    }
    if (!strcmp(s->id, "rff") && gr_param_index(params, nparams, "points-file") >= 0) {
        if (!points) {
            ret = sv_reply_err(r, 500, "the server has no RFF fire points loaded");
            goto out;
        }
        rff_args_set_points(&a, points);
    }
    if (!strcmp(what, "lookup")) {
        gr_cell c;
        memset(&c, 0, sizeof c);
        if (gr_args_check_required(params, nparams, &a, &err) != GR_OK ||
            t->lookup(&a, &c, &err) != GR_OK) {
            ret = sv_reply_err(r, 400, "%s", err.msg);
            goto out;
        }
        ret = done(r, gr_wire_lookup(s, t, &a, &c));
    } else if (odds) {
        json_t *mj = json_object_get(req, "modifier");
        json_int_t mod = mj ? json_integer_value(mj) : 0;
        if ((mj && !json_is_integer(mj)) || mod < -30 || mod > 30) {
            ret = sv_reply_err(r, 400, "\"modifier\" must be a whole number from -30 to 30");
            goto out;
        }
        gr_odds od;
        if (gr_table_odds(t, &a, (int)mod, &od, &err) != GR_OK) {
            ret = sv_reply_err(r, 400, "%s", err.msg);
            goto out;
        }
        ret = done(r, gr_wire_odds(s, t, &a, (int)mod, &od));
    } else {
        json_t *sj = json_object_get(req, "seed"), *rj = json_object_get(req, "roll");
        gr_dice_source dice;
        memset(&dice, 0, sizeof dice);
        gr_rng rng;
        uint64_t seed = 0;
        if (sj && rj) {
            ret = sv_reply_err(r, 400, "give \"seed\" or \"roll\", not both");
            goto out;
        }
        if (sj && (!json_is_integer(sj) || json_integer_value(sj) < 0)) {
            ret = sv_reply_err(r, 400, "\"seed\" must be a whole number from 0");
            goto out;
        }
        if (rj) {
            if (!json_is_array(rj) || json_array_size(rj) == 0 ||
                json_array_size(rj) > GR_MAX_ROLLS) {
                ret = sv_reply_err(r, 400,
                                   "\"roll\" must be an array of the faces rolled, e.g. [7, 3]");
                goto out;
            }
            for (size_t i = 0; i < json_array_size(rj); i++) {
                json_t *f = json_array_get(rj, i);
                if (!json_is_integer(f) || json_integer_value(f) < -100 ||
                    json_integer_value(f) > 100) {
                    ret = sv_reply_err(r, 400,
                                       "\"roll\": each face is a whole number from -100 to 100");
                    goto out;
                }
                dice.typed[dice.ntyped++] = (int)json_integer_value(f);
            }
        } else {
            seed = sj ? (uint64_t)json_integer_value(sj) : gr_fresh_seed();
            gr_rng_seed(&rng, seed);
            dice.rng = &rng;
        }
        /* the inputs `grognard resolve` refuses, refused with its words */
        if (gr_args_check_required(params, nparams, &a, &err) != GR_OK ||
            gr_procedure_check_applies(p, &a, &err) != GR_OK) {
            ret = sv_reply_err(r, err.code == GR_EINPUT ? 400 : 500, "%s", err.msg);
            goto out;
        }
        gr_resolution *res = calloc(1, sizeof *res);
        if (!res) {
            ret = sv_reply_err(r, 500, "out of memory");
            goto out;
        }
        if (p->resolve(&a, &dice, res, &err) != GR_OK) {
            ret = sv_reply_err(r, 400, "%s", err.msg);
        } else if (dice.used < dice.ntyped) {
            ret = sv_reply_err(r, 400, "\"roll\": %d value%s given but this resolution uses %d",
                               dice.ntyped, dice.ntyped > 1 ? "s" : "", dice.used);
        } else {
            ret = done(r, gr_wire_resolution(s, p, &a, res, dice.rng ? &seed : NULL));
        }
        free(res);
    }
out:
    gr_args_json_free(keep);
    free(itext);
    json_decref(req);
    return ret;
}

int sv_assist_route(gr_server *s, sv_req *r, const char *p, MHD_Result_t *ret)
{
    if (!strcmp(p, "/systems")) {
        if (!r->get) {
            *ret = sv_reply_err(r, 405, "use GET /api/systems");
            return 1;
        }
        json_t *j = gr_wire_systems(NULL);
        char *text = j ? gr_wire_dumps(j) : NULL;
        json_decref(j);
        *ret = sv_reply_json(r, 200, text);
        return 1;
    }
    if (strcmp(p, "/lookup") && strcmp(p, "/odds") && strcmp(p, "/resolve"))
        return 0;
    if (!r->post) {
        *ret = sv_reply_err(r, 405, "use POST /api%s with a JSON body", p);
        return 1;
    }
    static const char *const keys[3][6] = {{"system", "table", "inputs", NULL},
                                           {"system", "table", "inputs", "modifier", NULL},
                                           {"system", "procedure", "inputs", "seed", "roll", NULL}};
    char msg[GR_ERROR_MSG];
    json_t *req =
        sv_body_object(r, "{\"system\": \"aoe\", \"table\": \"fire\", \"inputs\": {...}}",
                       keys[!strcmp(p, "/odds") + 2 * !strcmp(p, "/resolve")], msg, sizeof msg);
    *ret = req ? assist(r, p + 1, req, s->points) : sv_reply_err(r, 400, "%s", msg);
    return 1;
}
