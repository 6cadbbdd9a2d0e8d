/* resolve.c - the record of a resolution: modifiers, rolls, table reads. */
#include "grognard/resolve.h"

#include "grognard/dice.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void gr_resolution_init(gr_resolution *r, const char *system, const char *procedure)
{
    r->system = system;
    r->procedure = procedure;
    r->nmods = r->nvalues = r->nrolls = r->nsteps = r->nnotes = 0;
    r->notelen = 0;
}

static gr_mod *push_mod(gr_resolution *r, gr_mod m)
{
    if (r->nmods >= GR_MAX_MODS)
        return NULL;
    r->mods[r->nmods] = m;
    return &r->mods[r->nmods++];
}

gr_mod *gr_res_drm(gr_resolution *r, int value, const char *reason, const char *source)
{
    return push_mod(r, (gr_mod){GR_MOD_DRM, value, 1, 1, 1, reason, source, 0});
}

gr_mod *gr_res_mul(gr_resolution *r, int num, int den, const char *reason, const char *source)
{
    return push_mod(r, (gr_mod){GR_MOD_MUL, 0, num, den, 1, reason, source, 0});
}

gr_mod *gr_res_info(gr_resolution *r, const char *reason, const char *source)
{
    return push_mod(r, (gr_mod){GR_MOD_INFO, 0, 1, 1, 1, reason, source, 0});
}

void gr_res_mark_side(gr_resolution *r, int from, int side)
{
    for (int i = from; i < r->nmods; i++)
        r->mods[i].side = side;
}

int gr_res_drm_total(const gr_resolution *r, int from)
{
    int t = 0;
    for (int i = from; i < r->nmods; i++)
        if (r->mods[i].kind == GR_MOD_DRM && r->mods[i].applied)
            t += r->mods[i].value;
    return t;
}

/* Append n bytes of p to buf (room bytes) at *len, as far as they fit. */
static void put(char *buf, size_t room, size_t *len, const char *p, size_t n)
{
    if (*len + n < room)
        memcpy(buf + *len, p, n);
    *len += n;
}

/* Write fmt, whose first '%' is at pc, into buf[0..room-1] as vsnprintf
 * does, and return the length the whole text needs (as vsnprintf returns
 * it); or return SIZE_MAX, at the first conversion that is not %s, %d, %+d
 * or %%, for vsnprintf to write it all. */
static size_t note_put(char *buf, size_t room, const char *fmt, const char *pc, va_list ap)
{
    size_t len = 0;
    for (const char *at = fmt;;) {
        put(buf, room, &len, at, (size_t)(pc - at));
        int plus = pc[1] == '+';
        char conv = pc[1 + plus];
        at = pc + 2 + plus;
        if (conv == '%' && !plus) {
            put(buf, room, &len, "%", 1);
        } else if (conv == 's' && !plus) {
            const char *s = va_arg(ap, const char *);
            if (!s)
                s = "(null)";
            put(buf, room, &len, s, strlen(s));
        } else if (conv == 'd') {
            int v = va_arg(ap, int);
            char digits[16];
            size_t n = sizeof digits;
            unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
            do
                digits[--n] = (char)('0' + u % 10);
            while (u /= 10);
            if (v < 0)
                digits[--n] = '-';
            else if (plus)
                digits[--n] = '+';
            put(buf, room, &len, digits + n, sizeof digits - n);
        } else {
            return SIZE_MAX;
        }
        pc = strchr(at, '%');
        if (!pc) {
            put(buf, room, &len, at, strlen(at));
            break;
        }
    }
    if (room)
        buf[len < room ? len : room - 1] = '\0';
    return len;
}

void gr_res_note(gr_resolution *r, const char *fmt, ...)
{
    if (r->nnotes >= GR_MAX_NOTES)
        return;
    const char *pc = strchr(fmt, '%');
    if (!pc) {
        r->notes[r->nnotes++] = fmt;
        return;
    }
    char *at = r->notebuf + r->notelen;
    size_t room = GR_NOTE_POOL - r->notelen;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    /* The conversions notes use are written here, as vsnprintf would write
     * them but at a fraction of its cost (formatting was most of the time of
     * several resolutions); a format with any other goes to vsnprintf. */
    size_t n = note_put(at, room, fmt, pc, ap);
    if (n == SIZE_MAX) {
        int k = vsnprintf(at, room, fmt, again);
        n = k < 0 ? room : (size_t)k;
    }
    va_end(again);
    va_end(ap);
    if (n >= room) {
        if (room)
            at[0] = '\0';
        r->notes[r->nnotes++] = "(a note did not fit in the resolution's record and was left out "
                                "whole rather than cut; please report it)";
        return;
    }
    r->notes[r->nnotes++] = at;
    r->notelen += n + 1;
}

void gr_res_note_text(gr_resolution *r, const char *text)
{
    if (r->nnotes < GR_MAX_NOTES)
        r->notes[r->nnotes++] = text;
}

void gr_res_value(gr_resolution *r, const char *key, gr_field_kind kind, int64_t v)
{
    if (r->nvalues < (int)GR_COUNT(r->values))
        r->values[r->nvalues++] = (gr_field){key, kind, v, NULL};
}

gr_status gr_res_roll(gr_resolution *r, gr_dice_source *src, gr_roll_kind k, const char *name,
                      int *idx, gr_error *err)
{
    if (r->nrolls >= GR_MAX_ROLLS)
        return gr_error_set(err, GR_ERUNTIME, "too many rolls in one resolution");
    gr_roll_record *rec = &r->rolls[r->nrolls];
    memset(rec, 0, sizeof *rec);
    rec->name = name;
    rec->kind = k;
    int lo = 0, hi = 0, parts = gr_roll_parts(k, &lo, &hi);
    if (src->used >= src->ntyped && !src->rng && src->ask && parts > 0 &&
        src->ntyped + parts <= GR_MAX_ROLLS) {
        /* the player rolls now, told which roll it is */
        int got[2] = {0, 0};
        if (src->ask(src->ask_ctx, name, k, parts, lo, hi, got)) {
            for (int i = 0; i < parts; i++)
                src->typed[src->ntyped++] = got[i];
        }
    }
    if (src->used < src->ntyped) {
        if (src->ntyped - src->used < parts)
            return gr_error_set(err, GR_EINPUT,
                                "the rolls typed: the %s roll (%s) needs %d values, attacker first",
                                name, gr_roll_name(k), parts);
        for (int i = 0; i < parts; i++) {
            int v = src->typed[src->used++];
            if (v < lo || v > hi)
                return gr_error_set(
                    err, GR_EINPUT,
                    "the rolls typed: %d is not a possible %s for the %s roll; accepted: "
                    "%d to %d",
                    v, k == GR_ROLL_2D6 || k == GR_ROLL_2D6_VS_2D6 ? "2D6 total" : "face", name, lo,
                    hi);
            rec->faces[rec->nfaces++] = v;
        }
        rec->total = parts == 2 ? rec->faces[0] - rec->faces[1] : rec->faces[0];
        rec->typed = 1;
    } else if (src->rng) {
        int faces[4], n = 0;
        rec->total = gr_roll(src->rng, k, faces, &n);
        if (k == GR_ROLL_2D6_VS_2D6) { /* keep each side's total, as a player reads it */
            rec->faces[0] = faces[0] + faces[1];
            rec->faces[1] = faces[2] + faces[3];
            rec->nfaces = 2;
        } else {
            memcpy(rec->faces, faces, sizeof faces);
            rec->nfaces = n;
        }
    } else {
        src->next_name = name;
        src->next_kind = k;
        return gr_error_set(err, GR_EINPUT,
                            "the %s roll (%s) has no die: type the roll or give a seed", name,
                            gr_roll_name(k));
    }
    *idx = r->nrolls++;
    return GR_OK;
}

gr_status gr_res_read(gr_resolution *r, const char *what, const gr_table *t, const gr_args *a,
                      int roll_idx, int modifier, gr_step **out, gr_error *err)
{
    if (r->nsteps >= GR_MAX_STEPS)
        return gr_error_set(err, GR_ERUNTIME, "too many table reads in one resolution");
    gr_step *s = &r->steps[r->nsteps];
    s->what = what;
    s->table = t;
    s->args = *a;
    s->roll = roll_idx;
    s->modifier = modifier;
    s->score = 0;
    s->cell.outcome = 0;
    s->cell.cell = NULL;
    s->cell.note = NULL;
    s->cell.nfields = 0;
    s->silent = 0;
    if (t->roll_param >= 0) {
        s->score = (roll_idx >= 0 ? r->rolls[roll_idx].total : 0) + modifier;
        s->args.v[t->roll_param] = s->score;
        s->args.given[t->roll_param] = 1;
    }
    gr_status st = t->lookup(&s->args, &s->cell, err);
    if (st != GR_OK)
        return st;
    s->has_odds = t->roll != GR_ROLL_NONE && t->roll_param >= 0;
    r->nsteps++;
    if (out)
        *out = s;
    return GR_OK;
}

gr_status gr_res_roll_read(gr_resolution *r, gr_dice_source *src, const char *roll_name,
                           const char *what, const gr_table *t, const gr_args *a, int modifier,
                           gr_step **out, gr_error *err)
{
    int roll;
    gr_status st = gr_res_roll(r, src, t->roll, roll_name, &roll, err);
    return st != GR_OK ? st : gr_res_read(r, what, t, a, roll, modifier, out, err);
}

gr_status gr_step_odds(const gr_step *s, gr_odds *out, gr_error *err)
{
    return gr_table_odds(s->table, &s->args, s->modifier, out, err);
}

gr_status gr_res_contradict(gr_error *err, const char *input_a, const char *line_a,
                            const char *input_b, const char *line_b, const char *why)
{
    return gr_error_set(err, GR_EINPUT, "%s and %s contradict: « %s » and « %s »: %s", input_a,
                        input_b, line_a, line_b, why);
}

gr_status gr_res_exclusions(const gr_args *a, const gr_param *params, int base,
                            const gr_exclusion *ex, size_t n, const char *(*line)(int k),
                            gr_error *err)
{
    for (size_t i = 0; i < n; i++) {
        int x = base + ex[i].x, y = base + ex[i].y;
        if (!gr_args_flag(a, x) || !gr_args_flag(a, y))
            continue;
        char ia[40], ib[40];
        snprintf(ia, sizeof ia, "{%s}", params[x].name);
        snprintf(ib, sizeof ib, "{%s}", params[y].name);
        return gr_res_contradict(err, ia, line(ex[i].lx), ib, line(ex[i].ly), ex[i].why);
    }
    return GR_OK;
}

void gr_step_silence(gr_step *s, const char *key)
{
    for (int k = 0; k < s->cell.nfields && k < GR_MAX_FIELDS; k++)
        if (!strcmp(s->cell.fields[k].key, key))
            s->silent |= 1u << k;
}

/* 1 if value `v` (an enum id, or "-" for not given) is in the list "A|B|C". */
static int in_list(const char *list, const char *v)
{
    size_t n = strlen(v);
    for (const char *at = list; *at;) {
        const char *bar = strchr(at, '|');
        size_t len = bar ? (size_t)(bar - at) : strlen(at);
        if (len == n && !strncmp(at, v, n))
            return 1;
        if (!bar)
            break;
        at = bar + 1;
    }
    return 0;
}

gr_status gr_procedure_check_applies(const gr_procedure *p, const gr_args *a, gr_error *err)
{
    for (size_t i = 0; i < p->napplies; i++) {
        const gr_applies *ap = &p->applies[i];
        int k = gr_param_index(p->params, p->nparams, ap->param);
        if (k < 0)
            return gr_error_set(err, GR_ERUNTIME, "%s: no input '%s' (its applies list is wrong)",
                                p->name, ap->param);
        if (!a->given[k] || (p->params[k].kind == GR_P_FLAG && !a->v[k]))
            continue; /* not given, or a flag given false: nothing to refuse */
        char name[64];
        const char *eq = strchr(ap->when, '=');
        size_t nlen = eq ? (size_t)(eq - ap->when) : strlen(ap->when);
        if (nlen >= sizeof name)
            return gr_error_set(err, GR_ERUNTIME, "%s: condition '%s' too long", p->name, ap->when);
        memcpy(name, ap->when, nlen);
        name[nlen] = '\0';
        int c = gr_param_index(p->params, p->nparams, name);
        if (c < 0)
            return gr_error_set(err, GR_ERUNTIME, "%s: no input '%s' (its applies list is wrong)",
                                p->name, name);
        const gr_param *cp = &p->params[c];
        if (!eq) { /* a flag */
            if (gr_args_flag(a, c))
                continue;
            return gr_error_set(err, GR_EINPUT,
                                "{%s} applies only with {%s}, which is not given; leave {%s} "
                                "out or give {%s}",
                                ap->param, name, ap->param, name);
        }
        const char *have = "-";
        if (a->given[c] && cp->kind == GR_P_ENUM && cp->choices)
            have = cp->choices[a->v[c]];
        if (in_list(eq + 1, have))
            continue;
        /* the values it applies with, written for a person: "a or b" */
        char with[256];
        size_t len = 0;
        with[0] = '\0';
        int any_given = 0;
        for (const char *at = eq + 1; *at && len < sizeof with;) {
            const char *bar = strchr(at, '|');
            size_t l = bar ? (size_t)(bar - at) : strlen(at);
            if (!(l == 1 && *at == '-')) {
                len += (size_t)snprintf(with + len, sizeof with - len, "%s%.*s",
                                        any_given ? " or " : "", (int)l, at);
                any_given = 1;
            }
            if (!bar)
                break;
            at = bar + 1;
        }
        if (a->given[c])
            return gr_error_set(err, GR_EINPUT,
                                "{%s} applies only with {%s} %s, and here {%s} is %s; leave "
                                "{%s} out",
                                ap->param, name, with, name, have, ap->param);
        return gr_error_set(err, GR_EINPUT,
                            "{%s} applies only with {%s} %s, and {%s} is not given; leave {%s} "
                            "out or give {%s}",
                            ap->param, name, with, name, ap->param, name);
    }
    return GR_OK;
}
