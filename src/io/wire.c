/* wire.c - the JSON objects of the library (grognard/wire.h).
 *
 * Every builder starts an object, adds its members with put() and friends,
 * which note any failure in `bad`, and ends with done(), which releases the
 * object and returns NULL if anything failed: a caller gets the whole
 * object or none.  The order of the put() calls is the order of the keys
 * on the wire. */
#include "grognard/wire.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set `key` of obj to the new reference v (taken, even on failure; a NULL v
 * is a failure).  Returns 1 on failure, 0 on success. */
static int put(json_t *obj, const char *key, json_t *v)
{
    return json_object_set_new(obj, key, v) != 0;
}

/* Set `key` of obj to the text s.  A NULL s is left out: not a failure.
 * One that is not valid UTF-8 is a failure: nothing is dropped silently
 * (the CLI refuses such a file name with --json before it gets here). */
static int put_str(json_t *obj, const char *key, const char *s)
{
    return s ? put(obj, key, json_string(s)) : 0;
}

/* Append the new reference v to arr (taken; NULL is a failure). */
static int push(json_t *arr, json_t *v)
{
    return json_array_append_new(arr, v) != 0;
}

/* Append the text s to arr; as put_str. */
static int push_str(json_t *arr, const char *s)
{
    return s ? push(arr, json_string(s)) : 0;
}

/* obj if nothing failed, else NULL (obj released). */
static json_t *done(json_t *obj, int bad)
{
    if (bad || !obj) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}

char *gr_wire_dumps(const json_t *j)
{
    return json_dumps(j, GR_WIRE_DUMP_FLAGS);
}

json_t *gr_wire_milli(int64_t v)
{
    if (v % GR_MILLI == 0)
        return json_integer(v / GR_MILLI);
    return json_real((double)v / GR_MILLI);
}

/* The given inputs of `a` (index-aligned with params[0..nparams)) as an
 * object {"name": value}, in the params' order: INT an integer, NUM as
 * gr_wire_milli, ENUM the choice id, FLAG a boolean, TEXT a string.  Inputs
 * not given are left out.  New reference (caller owns), NULL if out of
 * memory. */
static json_t *gr_wire_args(const gr_param *params, size_t nparams, const gr_args *a)
{
    json_t *o = json_object();
    int bad = !o;
    for (size_t i = 0; i < nparams && !bad; i++) {
        if (!a->given[i])
            continue;
        const gr_param *p = &params[i];
        switch (p->kind) {
        case GR_P_INT: bad |= put(o, p->name, json_integer(a->v[i])); break;
        case GR_P_NUM: bad |= put(o, p->name, gr_wire_milli(a->v[i])); break;
        case GR_P_ENUM: bad |= put_str(o, p->name, p->choices[a->v[i]]); break;
        case GR_P_FLAG: bad |= put(o, p->name, json_boolean(a->v[i])); break;
        case GR_P_TEXT: bad |= put_str(o, p->name, gr_args_text(a, (int)i)); break;
        }
    }
    return done(o, bad);
}

/* Add the n fields f[0..n) to the object `obj` (borrowed: the caller keeps
 * its reference), each under its key: INT an integer, NUM as gr_wire_milli,
 * STR a string, NULL null, BOOL a boolean.  Returns 0, or -1 if out of
 * memory or `obj` is not an object (obj may then hold some of the fields). */
static int gr_wire_fields(json_t *obj, const gr_field *f, int n)
{
    int bad = !json_is_object(obj);
    for (int i = 0; i < n && !bad; i++) {
        switch (f[i].kind) {
        case GR_F_INT: bad |= put(obj, f[i].key, json_integer(f[i].i)); break;
        case GR_F_NUM: bad |= put(obj, f[i].key, gr_wire_milli(f[i].i)); break;
        case GR_F_STR: bad |= put_str(obj, f[i].key, f[i].s); break;
        case GR_F_NULL: bad |= put(obj, f[i].key, json_null()); break;
        case GR_F_BOOL: bad |= put(obj, f[i].key, json_boolean(f[i].i)); break;
        }
    }
    return bad ? -1 : 0;
}

/* The probability of every outcome of `t` that the args' column shows
 * (gr_table_outcome_shown), in the table's order, as {"id": p}: with
 * fractions == 0, p a real number (w/den); else the reduced fraction as a
 * string "w/den" ("1/10").  New reference (caller owns), NULL if out of
 * memory. */
static json_t *gr_wire_odds_map(const gr_table *t, const gr_args *a, const gr_odds *o,
                                int fractions)
{
    json_t *obj = json_object();
    int bad = !obj;
    for (size_t k = 0; k < t->noutcomes && !bad; k++) {
        if (!gr_table_outcome_shown(t, a, o, k))
            continue;
        if (fractions) {
            uint64_t g = gr_gcd(o->w[k], o->den);
            char buf[64];
            snprintf(buf, sizeof buf, "%" PRIu64 "/%" PRIu64, o->w[k] / g, o->den / g);
            bad |= put_str(obj, t->outcomes[k].id, buf);
        } else {
            bad |= put(obj, t->outcomes[k].id, json_real((double)o->w[k] / (double)o->den));
        }
    }
    return done(obj, bad);
}

json_t *gr_wire_outcome_labels(const gr_table *t)
{
    json_t *obj = json_object();
    int bad = !obj;
    for (size_t k = 0; k < t->noutcomes && !bad; k++)
        bad |= put_str(obj, t->outcomes[k].id, t->outcomes[k].label ? t->outcomes[k].label : "");
    return done(obj, bad);
}

/* One modifier of a resolution: {"kind": "drm"|"multiplier"|"info",
 * "value" (drm) | "num", "den" (multiplier), "applied", "side":
 * "attacker"|"defender", "reason", "source"}.  New reference (caller owns),
 * NULL if out of memory. */
static json_t *gr_wire_mod(const gr_mod *m)
{
    static const char *const kinds[] = {"drm", "multiplier", "info"};
    json_t *mj = json_object();
    int bad = !mj;
    bad |= put_str(mj, "kind", kinds[m->kind]);
    if (m->kind == GR_MOD_DRM)
        bad |= put(mj, "value", json_integer(m->value));
    if (m->kind == GR_MOD_MUL) {
        bad |= put(mj, "num", json_integer(m->num));
        bad |= put(mj, "den", json_integer(m->den));
    }
    bad |= put(mj, "applied", json_boolean(m->applied));
    bad |= put_str(mj, "side", m->side ? "defender" : "attacker");
    bad |= put_str(mj, "reason", m->reason);
    bad |= put_str(mj, "source", m->source);
    return done(mj, bad);
}

/* One roll of a resolution: {"name", "dice", "faces": [...], "total",
 * "typed"}.  New reference (caller owns), NULL if out of memory. */
static json_t *gr_wire_roll(const gr_roll_record *rr)
{
    json_t *rj = json_object(), *faces = json_array();
    int bad = !rj || !faces;
    for (int k = 0; k < rr->nfaces && !bad; k++)
        bad |= push(faces, json_integer(rr->faces[k]));
    bad |= put_str(rj, "name", rr->name);
    bad |= put_str(rj, "dice", gr_roll_name(rr->kind));
    bad |= put(rj, "faces", faces);
    bad |= put(rj, "total", json_integer(rr->total));
    bad |= put(rj, "typed", json_boolean(rr->typed));
    return done(rj, bad);
}

/* The effects of one result as data (effect.h): an array of objects
 * {"who", "arm", "when", each field that is not 0 (enum fields by their
 * id: "retreat": "full_move"), "text"}; `unit` names the distances
 * ("inches", "cm"), `opposed` as in gr_effect_text.  New reference (caller
 * owns), NULL if out of memory. */
static json_t *gr_wire_effects(const gr_effects *fx, const char *unit, int opposed)
{
    json_t *arr = json_array();
    int bad = !arr;
    for (size_t i = 0; !bad && i < fx->n; i++) {
        const gr_effect *e = &fx->lines[i];
        json_t *o = json_object();
        bad |= !o;
        bad |= put_str(o, "who", gr_fx_who_name(e->who));
        bad |= put_str(o, "arm", gr_fx_arm_name(e->arm));
        bad |= put_str(o, "when", gr_fx_when_name(e->when));
        for (int k = 0; k < GR_FX_NFIELDS; k++) {
            int v = gr_fx_field(e, k);
            const char *name = gr_fx_value_name(k, v);
            if (!v)
                continue;
            bad |= name ? put_str(o, gr_fx_field_names[k], name)
                        : put(o, gr_fx_field_names[k], json_integer(v));
        }
        char text[512];
        gr_effect_text(e, unit, opposed, text, sizeof text);
        bad |= put_str(o, "text", text);
        bad |= push(arr, o);
    }
    return done(arr, bad);
}

/* Cell c of table t into j: "result", the cell's fields, "label",
 * "effect", "effects" (when the table carries them; `unit` as in
 * gr_wire_effects), "cell", "note" (if any).  1 if out of memory. */
static int put_cell(json_t *j, const gr_table *t, const gr_cell *c, const char *unit)
{
    const gr_outcome *out = &t->outcomes[c->outcome];
    int bad = put_str(j, "result", out->id);
    bad |= gr_wire_fields(j, c->fields, c->nfields) != 0;
    bad |= put_str(j, "label", out->label);
    bad |= put_str(j, "effect", out->effect);
    if (t->effects)
        bad |= put(j, "effects",
                   gr_wire_effects(&t->effects[c->outcome], unit, gr_roll_opposed(t->roll)));
    bad |= put_str(j, "cell", c->cell ? c->cell : "");
    if (c->note)
        bad |= put_str(j, "note", c->note);
    return bad;
}

/* One table read of a resolution: {"what", "table", "inputs", "modifier",
 * "score", "result", the cell's fields, "label", "effect", "effects" (when
 * the table carries them), "cell", "note" (if any), and, when the table is
 * read with a die, "odds" and "fractions" before the roll}; `unit` as in
 * gr_wire_effects.  New reference (caller owns), NULL if out of memory. */
static json_t *gr_wire_step(const gr_step *st, const char *unit)
{
    const gr_table *t = st->table;
    json_t *sj = json_object();
    int bad = !sj;
    bad |= put_str(sj, "what", st->what);
    bad |= put_str(sj, "table", t->name);
    bad |= put(sj, "inputs", gr_wire_args(t->params, t->nparams, &st->args));
    bad |= put(sj, "modifier", json_integer(st->modifier));
    bad |= put(sj, "score", json_integer(st->score));
    bad |= put_cell(sj, t, &st->cell, unit);
    gr_odds odds;
    if (st->has_odds && gr_step_odds(st, &odds, NULL) == GR_OK) {
        bad |= put(sj, "odds", gr_wire_odds_map(t, &st->args, &odds, 0));
        bad |= put(sj, "fractions", gr_wire_odds_map(t, &st->args, &odds, 1));
    }
    return done(sj, bad);
}

json_t *gr_wire_lookup(const gr_system *s, const gr_table *t, const gr_args *a, const gr_cell *c)
{
    json_t *j = json_object();
    int bad = !j;
    bad |= put_str(j, "system", s->id);
    bad |= put_str(j, "table", t->name);
    bad |= put(j, "inputs", gr_wire_args(t->params, t->nparams, a));
    bad |= put_cell(j, t, c, s->length_unit);
    bad |= put_str(j, "source", t->source);
    return done(j, bad);
}

json_t *gr_wire_odds(const gr_system *s, const gr_table *t, const gr_args *a, int modifier,
                     const gr_odds *o)
{
    json_t *j = json_object();
    int bad = !j;
    bad |= put_str(j, "system", s->id);
    bad |= put_str(j, "table", t->name);
    bad |= put(j, "inputs", gr_wire_args(t->params, t->nparams, a));
    bad |= put(j, "modifier", json_integer(modifier));
    bad |= put_str(j, "dice", gr_roll_name(t->roll));
    bad |= put(j, "odds", gr_wire_odds_map(t, a, o, 0));
    bad |= put(j, "fractions", gr_wire_odds_map(t, a, o, 1));
    return done(j, bad);
}

json_t *gr_wire_resolution(const gr_system *s, const gr_procedure *p, const gr_args *a,
                           const gr_resolution *r, const uint64_t *seed)
{
    json_t *j = json_object();
    int bad = !j;
    bad |= put_str(j, "system", s->id);
    bad |= put_str(j, "procedure", p->name);
    bad |= put(j, "inputs", gr_wire_args(p->params, p->nparams, a));
    if (seed)
        bad |= put(j, "seed", json_integer((json_int_t)*seed));
    if (r->nsteps) {
        /* The outcome: the last step read on the first step's table (a melee
         * or charge fought again adds rounds; a check it triggers, such as a
         * leader loss test, reads another table).  Every round is in steps. */
        const gr_step *st = &r->steps[0];
        for (int i = 1; i < r->nsteps; i++)
            if (r->steps[i].table == r->steps[0].table)
                st = &r->steps[i];
        const gr_outcome *out = &st->table->outcomes[st->cell.outcome];
        bad |= put_str(j, "result", out->id);
        bad |= put_str(j, "label", out->label);
        bad |= put_str(j, "effect", out->effect);
        if (st->table->effects)
            bad |= put(j, "effects",
                       gr_wire_effects(&st->table->effects[st->cell.outcome], s->length_unit,
                                       gr_roll_opposed(st->table->roll)));
        bad |= put(j, "score", json_integer(st->score));
        bad |= put(j, "modifier", json_integer(st->modifier));
    }
    json_t *vals = json_object();
    bad |= !vals || gr_wire_fields(vals, r->values, r->nvalues) != 0;
    bad |= put(j, "values", vals);
    json_t *mods = json_array();
    bad |= !mods;
    for (int i = 0; i < r->nmods && !bad; i++)
        bad |= push(mods, gr_wire_mod(&r->mods[i]));
    bad |= put(j, "modifiers", mods);
    json_t *rolls = json_array();
    bad |= !rolls;
    for (int i = 0; i < r->nrolls && !bad; i++)
        bad |= push(rolls, gr_wire_roll(&r->rolls[i]));
    bad |= put(j, "rolls", rolls);
    json_t *steps = json_array();
    bad |= !steps;
    for (int i = 0; i < r->nsteps && !bad; i++)
        bad |= push(steps, gr_wire_step(&r->steps[i], s->length_unit));
    bad |= put(j, "steps", steps);
    /* the first step's odds, at the top as for `odds` (steps is held by j) */
    json_t *odds = bad ? NULL : json_object_get(json_array_get(steps, 0), "odds");
    if (odds)
        bad |= put(j, "odds", json_deep_copy(odds));
    json_t *notes = json_array();
    bad |= !notes;
    for (int i = 0; i < r->nnotes && !bad; i++)
        bad |= push_str(notes, r->notes[i]);
    bad |= put(j, "notes", notes);
    return done(j, bad);
}

/* One input of a table or procedure, as a page builds a control for it:
 * {"name", "kind": "int"|"number"|"choice"|"flag"|"text", "required",
 * "choices": [ids] (choice only), "min", "max" (int and number only;
 * numbers as gr_wire_milli), "help"}.  New reference (caller owns), NULL
 * if out of memory. */
static json_t *gr_wire_param(const gr_param *p)
{
    static const char *const kinds[] = {"int", "number", "choice", "flag", "text"};
    json_t *o = json_object();
    int bad = !o;
    bad |= put_str(o, "name", p->name);
    bad |=
        put_str(o, "kind", (size_t)p->kind < sizeof kinds / sizeof kinds[0] ? kinds[p->kind] : "?");
    bad |= put(o, "required", json_boolean(p->required));
    if (p->kind == GR_P_ENUM) {
        json_t *c = json_array();
        bad |= !c;
        for (size_t k = 0; c && p->choices && p->choices[k] && !bad; k++)
            bad |= push_str(c, p->choices[k]);
        bad |= put(o, "choices", c);
    }
    if (p->kind == GR_P_INT) {
        bad |= put(o, "min", json_integer(p->min));
        bad |= put(o, "max", json_integer(p->max));
    }
    if (p->kind == GR_P_NUM) {
        bad |= put(o, "min", gr_wire_milli(p->min));
        bad |= put(o, "max", gr_wire_milli(p->max));
    }
    bad |= put_str(o, "help", p->help);
    return done(o, bad);
}

/* The params of a table or procedure as an array of gr_wire_param, the
 * param `skip` (a table's roll input, or -1) left out; a param that bears
 * only on some situations (a procedure's `applies`, the list
 * gr_procedure_check_applies refuses by) carries them as "applies":
 * "firer=artillery" (NAME=A|B, "-" for not given; or a flag's NAME), so that
 * a form shows only the inputs that apply. */
static json_t *params_json(const gr_param *params, size_t n, int skip, const gr_applies *applies,
                           size_t napplies)
{
    json_t *a = json_array();
    int bad = !a;
    for (size_t i = 0; i < n && !bad; i++) {
        if ((int)i == skip)
            continue;
        json_t *o = gr_wire_param(&params[i]);
        bad |= !o;
        for (size_t k = 0; k < napplies && !bad; k++)
            if (!strcmp(applies[k].param, params[i].name))
                bad |= put_str(o, "applies", applies[k].when);
        bad |= push(a, o);
    }
    return done(a, bad);
}

/* One system: {"id", "title", "seeds", "dice", "tables": [names],
 * "procedures": [names], "inputs": {"tables": {name: {"title", "source",
 * "dice" (null: read without a die), "score" (the input `odds` fills with
 * the dice, null if none), "params": [gr_wire_param, the score left out],
 * "example": a command line}}, "procedures": {name: {"title", "source",
 * "rolls" (what a typed roll holds), "params": [gr_wire_param], "example":
 * a command line with a situation that resolves}}}}: what the table assistant page
 * builds its controls from.  New reference (caller owns), NULL if out of
 * memory. */
static json_t *gr_wire_system(const gr_system *s)
{
    json_t *o = json_object(), *t = json_array(), *p = json_array(), *in = json_object(),
           *ti = json_object(), *pi = json_object();
    int bad = !o || !t || !p || !in || !ti || !pi;
    bad |= put_str(o, "id", s->id);
    bad |= put_str(o, "title", s->title);
    bad |= put_str(o, "seeds", s->seeds);
    bad |= put_str(o, "dice", s->dice);
    for (size_t k = 0; k < s->ntables && !bad; k++) {
        const gr_table *tb = s->tables[k];
        bad |= push_str(t, tb->name);
        json_t *d = json_object();
        bad |= !d;
        bad |= put_str(d, "title", tb->title);
        bad |= put_str(d, "source", tb->source);
        bad |= put(d, "dice",
                   tb->roll != GR_ROLL_NONE ? json_string(gr_roll_name(tb->roll)) : json_null());
        bad |= put(d, "score",
                   tb->roll_param >= 0 && (size_t)tb->roll_param < tb->nparams
                       ? json_string(tb->params[tb->roll_param].name)
                       : json_null());
        bad |= put(d, "params", params_json(tb->params, tb->nparams, tb->roll_param, NULL, 0));
        bad |= put_str(d, "example", tb->example);
        bad |= put(ti, tb->name, d);
    }
    for (size_t k = 0; k < s->nprocedures && !bad; k++) {
        const gr_procedure *pr = s->procedures[k];
        bad |= push_str(p, pr->name);
        json_t *d = json_object();
        bad |= !d;
        bad |= put_str(d, "title", pr->title);
        bad |= put_str(d, "source", pr->source);
        bad |= put_str(d, "rolls", pr->rolls_help);
        bad |=
            put(d, "params", params_json(pr->params, pr->nparams, -1, pr->applies, pr->napplies));
        bad |= put_str(d, "example", pr->example);
        bad |= put(pi, pr->name, d);
    }
    bad |= put(o, "tables", t);
    bad |= put(o, "procedures", p);
    bad |= put(in, "tables", ti);
    bad |= put(in, "procedures", pi);
    bad |= put(o, "inputs", in);
    return done(o, bad);
}

json_t *gr_wire_systems(const gr_system *only)
{
    json_t *arr = json_array();
    int bad = !arr;
    for (int i = 0; gr_systems[i] && !bad; i++) {
        if (only && gr_systems[i] != only)
            continue;
        bad |= push(arr, gr_wire_system(gr_systems[i]));
    }
    return done(arr, bad);
}

/* ---- games --------------------------------------------------------------- */

json_t *gr_wire_event(const gr_game *g, const gr_event *ev, gr_lang lang)
{
    char *text = malloc(GR_EVENT_TEXT_MAX);
    json_t *o = json_object();
    if (!text || !o) {
        free(text);
        json_decref(o);
        return NULL;
    }
    int bad = put_str(o, "kind", g->type->event_kind_name(ev->kind));
    gr_game_event_text(g, ev, lang, text, GR_EVENT_TEXT_MAX);
    bad |= put_str(o, "text", text);
    free(text);
    if (ev->rule && ev->rule[0])
        bad |= put_str(o, "source", ev->rule);
    if (ev->detail)
        bad |= put(o, "detail", json_true());
    json_t *units = json_array(), *hexes = json_array(), *faces = json_array(),
           *vals = json_array();
    for (int i = 0; i < GR_EV_UNITS; i++)
        if (ev->units[i] != GR_EV_NONE)
            bad |= push(units, json_integer(ev->units[i]));
    for (int i = 0; i < GR_EV_HEXES; i++)
        if (ev->hexes[i][0] >= 0)
            bad |= push(hexes, json_pack("[ii]", ev->hexes[i][0], ev->hexes[i][1]));
    for (int i = 0; i < ev->nfaces && i < GR_EV_FACES; i++)
        bad |= push(faces, json_integer(ev->faces[i]));
    int nv = GR_EV_VALS;
    while (nv > 0 && ev->vals[nv - 1] == 0)
        nv--;
    for (int i = 0; i < nv; i++)
        bad |= push(vals, json_integer(ev->vals[i]));
    bad |= json_array_size(units) ? put(o, "units", units) : (json_decref(units), 0);
    bad |= json_array_size(hexes) ? put(o, "hexes", hexes) : (json_decref(hexes), 0);
    bad |= json_array_size(faces) ? put(o, "faces", faces) : (json_decref(faces), 0);
    bad |= json_array_size(vals) ? put(o, "values", vals) : (json_decref(vals), 0);
    return done(o, bad);
}

void gr_print_odds(FILE *f, const gr_table *t, const gr_args *a, const gr_odds *o,
                   const char *indent)
{
    size_t w = 0;
    for (size_t k = 0; k < t->noutcomes; k++)
        if (strlen(t->outcomes[k].id) > w)
            w = strlen(t->outcomes[k].id);
    for (size_t k = 0; k < t->noutcomes; k++) {
        if (!gr_table_outcome_shown(t, a, o, k))
            continue;
        uint64_t g = gr_gcd(o->w[k], o->den);
        char frac[48];
        if (o->w[k])
            snprintf(frac, sizeof frac, "%" PRIu64 "/%" PRIu64, o->w[k] / g, o->den / g);
        else
            snprintf(frac, sizeof frac, "0");
        fprintf(f, "%s%-*s %9s %7.2f%%  %s\n", indent, (int)w, t->outcomes[k].id, frac,
                100.0 * (double)o->w[k] / (double)o->den, t->outcomes[k].label);
    }
}

const char *gr_text_flags(const char *s, char *buf, size_t cap)
{
    gr_error_render(s ? s : "", "--", "", buf, cap);
    return buf;
}

static void print_mod(FILE *f, const gr_mod *m, int opposed)
{
    char reason[GR_TEXT_FLAGS];
    gr_text_flags(m->reason, reason, sizeof reason);
    const char *side = opposed ? (m->side ? " (defender)" : " (attacker)") : "";
    const char *na = m->applied ? "" : " (not applied)";
    switch (m->kind) {
    case GR_MOD_DRM:
        fprintf(f, "    %+3d  %s [%s]%s%s\n", m->value, reason, m->source, side, na);
        break;
    case GR_MOD_MUL:
        if (m->den == 1)
            fprintf(f, "    x%-3d %s [%s]%s%s\n", m->num, reason, m->source, side, na);
        else
            fprintf(f, "    x%d/%d %s [%s]%s%s\n", m->num, m->den, reason, m->source, side, na);
        break;
    case GR_MOD_INFO: fprintf(f, "     *   %s [%s]\n", reason, m->source); break;
    }
}

void gr_print_values_mods(FILE *f, const gr_resolution *r)
{
    for (int i = 0; i < r->nvalues; i++) {
        char buf[32];
        const gr_field *v = &r->values[i];
        if (v->kind == GR_F_NUM)
            gr_milli_str(v->i, buf, sizeof buf);
        else
            snprintf(buf, sizeof buf, "%lld", (long long)v->i);
        fprintf(f, "  %s: %s\n", v->key, buf);
    }
    int opposed = 0;
    for (int i = 0; i < r->nmods; i++)
        opposed |= r->mods[i].side;
    if (r->nmods)
        fprintf(f, "  modifiers:\n");
    for (int i = 0; i < r->nmods; i++)
        print_mod(f, &r->mods[i], opposed);
}

void gr_html_text(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
}
