/* table.c - banded tables, their inputs, and exact odds by folding the dice
 * distribution through a table's own lookup. */
#include "grognard/table.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gr_band_find(const gr_band *bands, size_t n, int score)
{
    for (size_t i = 0; i < n; i++)
        if (score >= bands[i].lo && score <= bands[i].hi)
            return (int)i;
    return -1;
}

/* Index of the row whose key range holds `key`, or -1. */
static int row_find(const gr_band_row *rows, size_t n, int key)
{
    for (size_t i = 0; i < n; i++)
        if (key >= rows[i].lo && key <= rows[i].hi)
            return (int)i;
    return -1;
}

gr_status gr_bands_read(const gr_band *bands, size_t n, int score, gr_cell *out, const char *what,
                        gr_error *err)
{
    int b = gr_band_find(bands, n, score);
    if (b < 0)
        return gr_error_set(err, GR_ERUNTIME, "%s: no printed cell for score %d", what, score);
    out->outcome = bands[b].outcome;
    out->cell = bands[b].cell;
    return GR_OK;
}

gr_status gr_rows_read(const gr_band_row *rows, size_t nrows, int key, int score, gr_cell *out,
                       const char *what, gr_error *err)
{
    int r = row_find(rows, nrows, key);
    if (r < 0)
        return gr_error_set(err, GR_ERUNTIME, "%s: no printed row for %d", what, key);
    return gr_bands_read(rows[r].bands, rows[r].nbands, score, out, what, err);
}

size_t gr_bands_cells(const gr_band *bands, size_t n, const char **names, size_t cap)
{
    for (size_t i = 0; i < n && i < cap; i++)
        names[i] = bands[i].cell;
    return n;
}

size_t gr_cells_append(const char *const *list, size_t n, const char **names, size_t cap, size_t at)
{
    for (size_t i = 0; i < n; i++)
        if (at + i < cap)
            names[at + i] = list[i];
    return at + n;
}

size_t gr_rows_cells(const gr_band_row *rows, size_t nrows, const char **names, size_t cap)
{
    size_t total = 0;
    for (size_t r = 0; r < nrows; r++)
        for (size_t b = 0; b < rows[r].nbands; b++, total++)
            if (total < cap)
                names[total] = rows[r].bands[b].cell;
    return total;
}

static int name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a == '_' ? '-' : *a, y = *b == '_' ? '-' : *b;
        if (x != y)
            return 0;
    }
    return *a == *b;
}

int gr_param_index(const gr_param *params, size_t n, const char *name)
{
    /* Procedures often look their inputs up by the very literal that
     * declares them, which the compiler merges: try pointers first. */
    for (size_t i = 0; i < n; i++)
        if (params[i].name == name)
            return (int)i;
    for (size_t i = 0; i < n; i++)
        if (name_eq(params[i].name, name))
            return (int)i;
    return -1;
}

void gr_milli_str(int64_t v, char *buf, size_t cap)
{
    const char *sign = v < 0 ? "-" : "";
    uint64_t a = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    uint64_t whole = a / GR_MILLI, frac = a % GR_MILLI;
    if (!frac)
        snprintf(buf, cap, "%s%" PRIu64, sign, whole);
    else {
        char f[8];
        snprintf(f, sizeof f, "%03" PRIu64, frac);
        for (int i = 2; i > 0 && f[i] == '0'; i--)
            f[i] = '\0';
        snprintf(buf, cap, "%s%" PRIu64 ".%s", sign, whole, f);
    }
}

void gr_param_describe(const gr_param *p, char *buf, size_t cap)
{
    char lo[32], hi[32];
    size_t len = 0;
    switch (p->kind) {
    case GR_P_INT:
        snprintf(buf, cap, "a whole number from %" PRId64 " to %" PRId64, p->min, p->max);
        return;
    case GR_P_NUM:
        gr_milli_str(p->min, lo, sizeof lo);
        gr_milli_str(p->max, hi, sizeof hi);
        snprintf(buf, cap, "a number from %s to %s (decimals like 2.5 or fractions like 1/2)", lo,
                 hi);
        return;
    case GR_P_FLAG: snprintf(buf, cap, "no value (a flag; in JSON true or false)"); return;
    case GR_P_TEXT: snprintf(buf, cap, "a text (%s)", p->help ? p->help : "any"); return;
    case GR_P_ENUM:
        len = (size_t)snprintf(buf, cap, "one of: ");
        if (len < cap)
            gr_join(buf + len, cap - len, p->choices, SIZE_MAX);
        return;
    }
}

/* Parse a decimal ("2.5", "-3", "0.125") or a fraction ("1/2", "3/2") into
 * milli-units, exactly; anything else fails. */
static int parse_milli(const char *s, int64_t *out)
{
    const char *slash = strchr(s, '/');
    char *end;
    if (slash) {
        errno = 0;
        long long num = strtoll(s, &end, 10);
        if (end != slash || end == s || errno)
            return 0;
        long long den = strtoll(slash + 1, &end, 10);
        if (*end || end == slash + 1 || errno || den <= 0 || llabs(num) > 1000000)
            return 0;
        if ((num * GR_MILLI) % den)
            return 0;
        *out = num * GR_MILLI / den;
        return 1;
    }
    int neg = 0;
    const char *p = s;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (!(*p >= '0' && *p <= '9'))
        return 0;
    int64_t whole = 0, frac = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        whole = whole * 10 + (*p - '0');
        if (whole > 1000000)
            return 0;
    }
    if (*p == '.') {
        int digits = 0;
        for (p++; *p >= '0' && *p <= '9'; p++) {
            if (++digits > 3) {
                if (*p != '0')
                    return 0; /* finer than a thousandth */
                continue;
            }
            frac = frac * 10 + (*p - '0');
        }
        if (!digits)
            return 0;
        for (; digits < 3; digits++)
            frac *= 10;
    }
    if (*p)
        return 0;
    *out = (neg ? -1 : 1) * (whole * GR_MILLI + frac);
    return 1;
}

/* gr_param_describe into buf, returned. */
static const char *accepted_text(const gr_param *p, char *buf, size_t cap)
{
    gr_param_describe(p, buf, cap);
    return buf;
}

gr_status gr_param_parse(const gr_param *p, const char *text, int64_t *out, gr_error *err)
{
    /* what is accepted, written only for an error's message: a value
     * parsed is the common case, and a search parses many */
    char acc[256];
    switch (p->kind) {
    case GR_P_FLAG:
        if (!strcmp(text, "true") || !strcmp(text, "1") || !strcmp(text, "yes")) {
            *out = 1;
            return GR_OK;
        }
        if (!strcmp(text, "false") || !strcmp(text, "0") || !strcmp(text, "no")) {
            *out = 0;
            return GR_OK;
        }
        return gr_error_set(err, GR_EINPUT, "{%s}: '%s' is not a yes/no value; accepted: %s",
                            p->name, text, accepted_text(p, acc, sizeof acc));
    case GR_P_ENUM:
        for (int i = 0; p->choices[i]; i++)
            if (name_eq(p->choices[i], text)) {
                *out = i;
                return GR_OK;
            }
        return gr_error_set(err, GR_EINPUT, "{%s}: unknown value '%s'; accepted: %s", p->name, text,
                            accepted_text(p, acc, sizeof acc));
    case GR_P_INT: {
        char *end;
        errno = 0;
        long long v = strtoll(text, &end, 10);
        if (!*text || *end || errno)
            return gr_error_set(err, GR_EINPUT, "{%s}: '%s' is not a whole number; accepted: %s",
                                p->name, text, accepted_text(p, acc, sizeof acc));
        if (v < p->min || v > p->max)
            return gr_error_set(err, GR_EINPUT, "{%s}: %lld is out of range; accepted: %s", p->name,
                                v, accepted_text(p, acc, sizeof acc));
        *out = v;
        return GR_OK;
    }
    case GR_P_NUM: {
        int64_t v;
        if (!parse_milli(text, &v))
            return gr_error_set(err, GR_EINPUT, "{%s}: '%s' is not a number; accepted: %s", p->name,
                                text, accepted_text(p, acc, sizeof acc));
        if (v < p->min || v > p->max)
            return gr_error_set(err, GR_EINPUT, "{%s}: %s is out of range; accepted: %s", p->name,
                                text, accepted_text(p, acc, sizeof acc));
        *out = v;
        return GR_OK;
    }
    case GR_P_TEXT: break;
    }
    return gr_error_set(err, GR_EINPUT, "{%s}: a text input is set with gr_args_set", p->name);
}

gr_status gr_args_set(const gr_param *params, int i, const char *text, gr_args *a, gr_error *err)
{
    const gr_param *p = &params[i];
    if (p->kind == GR_P_TEXT) {
        if (!*text)
            return gr_error_set(err, GR_EINPUT, "{%s}: empty; accepted: %s", p->name,
                                p->help ? p->help : "a text");
        int slot = a->given[i] ? (int)a->v[i] : a->ntext;
        if (slot >= GR_MAX_TEXT)
            return gr_error_set(err, GR_EINPUT, "{%s}: at most %d text inputs", p->name,
                                GR_MAX_TEXT);
        if (slot == a->ntext)
            a->ntext++;
        a->text[slot] = text;
        a->v[i] = slot;
        a->given[i] = 1;
        return GR_OK;
    }
    gr_status st = gr_param_parse(p, text, &a->v[i], err);
    if (st == GR_OK)
        a->given[i] = 1;
    return st;
}

const char *gr_args_text(const gr_args *a, int i)
{
    return a->given[i] ? a->text[a->v[i]] : NULL;
}

gr_status gr_args_check_required(const gr_param *params, size_t n, const gr_args *a, gr_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (params[i].required && !a->given[i]) {
            char accepted[256];
            gr_param_describe(&params[i], accepted, sizeof accepted);
            return gr_error_set(err, GR_EINPUT, "missing input {%s} (%s); accepted: %s",
                                params[i].name, params[i].help ? params[i].help : "required",
                                accepted);
        }
    return GR_OK;
}

void gr_cell_int(gr_cell *c, const char *key, int64_t v)
{
    if (c->nfields < GR_MAX_FIELDS)
        c->fields[c->nfields++] = (gr_field){key, GR_F_INT, v, NULL};
}

void gr_cell_str(gr_cell *c, const char *key, const char *s)
{
    if (c->nfields < GR_MAX_FIELDS)
        c->fields[c->nfields++] = (gr_field){key, GR_F_STR, 0, s};
}

void gr_cell_null(gr_cell *c, const char *key)
{
    if (c->nfields < GR_MAX_FIELDS)
        c->fields[c->nfields++] = (gr_field){key, GR_F_NULL, 0, NULL};
}

const gr_outcome gr_drm_outcomes[1] = {
    {"modifier", "Modificateur au dé / die modifier",
     "The die modifier of this printed line (field \"modifier\")."},
};

gr_status gr_drm_read(const gr_drm_line *lines, size_t n, int k, gr_cell *out, gr_error *err)
{
    if (k < 0 || (size_t)k >= n)
        return gr_error_set(err, GR_ERUNTIME, "modifier line %d of %zu does not exist", k, n);
    out->outcome = 0;
    out->cell = lines[k].cell;
    gr_cell_int(out, "modifier", lines[k].value);
    return GR_OK;
}

size_t gr_drm_cells(const gr_drm_line *lines, size_t n, const char **names, size_t cap)
{
    for (size_t i = 0; i < n && i < cap; i++)
        names[i] = lines[i].cell;
    return n;
}

int gr_table_outcome(const gr_table *t, const char *id)
{
    for (size_t i = 0; i < t->noutcomes; i++)
        if (!strcmp(t->outcomes[i].id, id))
            return (int)i;
    return -1;
}

gr_status gr_table_odds(const gr_table *t, const gr_args *a, int modifier, gr_odds *out,
                        gr_error *err)
{
    if (t->roll_param < 0 || t->roll == GR_ROLL_NONE)
        return gr_error_set(err, GR_EINPUT,
                            "table '%s' is read without a die roll, so it has no odds; use lookup",
                            t->name);
    gr_args args = *a;
    args.given[t->roll_param] = 1;
    gr_status rq = gr_args_check_required(t->params, t->nparams, &args, err);
    if (rq != GR_OK)
        return rq;
    gr_dist d;
    gr_dist_of_roll(&d, t->roll);
    gr_dist_shift(&d, modifier);
    memset(out, 0, sizeof *out);
    out->n = t->noutcomes;
    out->den = d.den;
    for (int i = 0; i < d.n; i++) {
        if (!d.w[i])
            continue;
        gr_cell c = {0};
        args.v[t->roll_param] = d.lo + i;
        gr_status st = t->lookup(&args, &c, err);
        if (st != GR_OK)
            return st;
        if (c.outcome < 0 || (size_t)c.outcome >= t->noutcomes)
            return gr_error_set(err, GR_ERUNTIME, "table '%s': score %d gives no result", t->name,
                                d.lo + i);
        out->w[c.outcome] += d.w[i];
    }
    return GR_OK;
}
