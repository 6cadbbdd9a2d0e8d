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

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(int code, char **out, const char *fmt, ...)
{
    char msg[GR_ERROR_MSG * 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    msg[GR_ERROR_MSG - 1] = 0;
    *out = strdup(msg);
    return code;
}

static int fail_err(int code, char **out, const gr_error *err)
{
    *out = strdup(err->msg);
    return code;
}

static int done(json_t *j, char **out)
{
    *out = j ? gr_wire_dumps(j) : NULL;
    json_decref(j);
    if (!*out) {
        *out = strdup("out of memory building the answer; try again");
        return 500;
    }
    return 200;
}

/* POST /api/lookup|odds|resolve with the body `req` (a JSON object, its
 * reference taken); `what` is "lookup", "odds" or "resolve".  Returns the
 * HTTP status; *out is the answer's JSON text (200) or the error's message
 * (malloc'ed; NULL out of memory).  `points` is the server's RFF
 * fire-points data (or NULL when not loaded). */
static int assist(const char *what, json_t *req, const void *points, char **out)
{
    int resolve = !strcmp(what, "resolve"), odds = !strcmp(what, "odds");
    const char *tkey = resolve ? "procedure" : "table";
    static const char *const keys[3][6] = {{"system", "table", "inputs", NULL},
                                           {"system", "table", "inputs", "modifier", NULL},
                                           {"system", "procedure", "inputs", "seed", "roll", NULL}};
    char msg[GR_ERROR_MSG];
    if (!sv_only_keys(req, keys[odds + 2 * resolve], msg, sizeof msg)) {
        json_decref(req);
        *out = strdup(msg);
        return 400;
    }
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
        int code = fail_err(!s ? (sys ? 404 : 400) : (name ? 404 : 400), out, &err);
        json_decref(req);
        return code;
    }
    const gr_param *params = t ? t->params : p->params;
    size_t nparams = t ? t->nparams : p->nparams;
    int skip = odds ? t->roll_param : -1;
    json_t *inputs = json_object_get(req, "inputs");
    if (inputs && !json_is_object(inputs)) {
        json_decref(req);
        return fail(400, out, "\"inputs\" must be an object {\"NAME\": value}");
    }
    if (inputs && json_object_get(inputs, "points-file")) {
        json_decref(req);
        return fail(400, out,
                    "inputs: 'points-file' is not accepted over HTTP (the server reads no file "
                    "a client names); it uses the fire points shipped with it");
    }
    char *itext = inputs ? json_dumps(inputs, JSON_COMPACT | JSON_PRESERVE_ORDER) : strdup("{}");
    gr_args a;
    memset(&a, 0, sizeof a);
    gr_args_json *keep = NULL;
    gr_error_clear(&err);
    int code = 200;
    if (!itext) {
        code = fail(500, out, "out of memory");
        goto out;
    }
    if (gr_args_json_parse(itext, strlen(itext), "inputs", params, nparams, skip, &a, NULL, NULL,
                           &keep, &err) != GR_OK) {
        code = fail_err(err.code == GR_EINPUT ? 400 : 500, out, &err);
        goto out;
    }
    if (!strcmp(s->id, "rff") && gr_param_index(params, nparams, "points-file") >= 0) {
        if (!points) {
            code = fail(500, out, "the server has no RFF fire points loaded");
            goto out;
        }
        rff_args_set_points(&a, points);
    }
    if (!strcmp(what, "lookup")) {
        gr_cell c;
        memset(&c, 0, sizeof c);
        if (gr_args_check_required(params, nparams, &a, &err) != GR_OK ||
            t->lookup(&a, &c, &err) != GR_OK) {
            code = fail_err(400, out, &err);
            goto out;
        }
        code = done(gr_wire_lookup(s, t, &a, &c), out);
    } else if (odds) {
        json_t *mj = json_object_get(req, "modifier");
        json_int_t mod = mj ? json_integer_value(mj) : 0;
        if ((mj && !json_is_integer(mj)) || mod < -30 || mod > 30) {
            code = fail(400, out, "\"modifier\" must be a whole number from -30 to 30");
            goto out;
        }
        gr_odds od;
        if (gr_table_odds(t, &a, (int)mod, &od, &err) != GR_OK) {
            code = fail_err(400, out, &err);
            goto out;
        }
        code = done(gr_wire_odds(s, t, &a, (int)mod, &od), out);
    } else {
        json_t *sj = json_object_get(req, "seed"), *rj = json_object_get(req, "roll");
        gr_dice_source dice;
        memset(&dice, 0, sizeof dice);
        gr_rng rng;
        uint64_t seed = 0;
        if (sj && rj) {
            code = fail(400, out, "give \"seed\" or \"roll\", not both");
            goto out;
        }
        if (sj && (!json_is_integer(sj) || json_integer_value(sj) < 0)) {
            code = fail(400, out, "\"seed\" must be a whole number from 0");
            goto out;
        }
        if (rj) {
            if (!json_is_array(rj) || json_array_size(rj) == 0 ||
                json_array_size(rj) > GR_MAX_ROLLS) {
                code = fail(400, out, "\"roll\" must be an array of the faces rolled, e.g. [7, 3]");
                goto out;
            }
            for (size_t i = 0; i < json_array_size(rj); i++) {
                json_t *f = json_array_get(rj, i);
                if (!json_is_integer(f) || json_integer_value(f) < -100 ||
                    json_integer_value(f) > 100) {
                    code = fail(400, out, "\"roll\": each face is a whole number from -100 to 100");
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
            code = fail_err(err.code == GR_EINPUT ? 400 : 500, out, &err);
            goto out;
        }
        gr_resolution *r = calloc(1, sizeof *r);
        if (!r) {
            code = fail(500, out, "out of memory");
            goto out;
        }
        if (p->resolve(&a, &dice, r, &err) != GR_OK) {
            code = fail_err(400, out, &err);
        } else if (dice.used < dice.ntyped) {
            code = fail(400, out, "\"roll\": %d value%s given but this resolution uses %d",
                        dice.ntyped, dice.ntyped > 1 ? "s" : "", dice.used);
        } else {
            code = done(gr_wire_resolution(s, p, &a, r, dice.rng ? &seed : NULL), out);
        }
        free(r);
    }
out:
    gr_args_json_free(keep);
    free(itext);
    json_decref(req);
    return code;
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
    char msg[GR_ERROR_MSG], *out = NULL;
    json_t *req = sv_body_object(r, "{\"system\": \"aoe\", \"table\": \"fire\", \"inputs\": {...}}",
                                 msg, sizeof msg);
    int code = req ? assist(p + 1, req, s->points, &out) : 400;
    if (!req) {
        *ret = sv_reply_err(r, 400, "%s", msg);
    } else if (code == 200 || !out) {
        *ret = sv_reply_json(r, code, out);
    } else {
        *ret = sv_reply_err(r, code, "%s", out);
        free(out);
    }
    return 1;
}
