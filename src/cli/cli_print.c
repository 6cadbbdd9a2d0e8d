/* cli_print.c - printing inputs, cells and odds as text or JSON. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

json_t *cli_milli_json(int64_t v)
{
    if (v % GR_MILLI == 0)
        return json_integer(v / GR_MILLI);
    return json_real((double)v / GR_MILLI);
}

json_t *cli_args_json(const gr_param *params, size_t nparams, const gr_args *a)
{
    json_t *o = json_object();
    for (size_t i = 0; i < nparams; i++) {
        if (!a->given[i])
            continue;
        const gr_param *p = &params[i];
        json_t *v = NULL;
        switch (p->kind) {
        case GR_P_INT: v = json_integer(a->v[i]); break;
        case GR_P_NUM: v = cli_milli_json(a->v[i]); break;
        case GR_P_ENUM: v = json_string(p->choices[a->v[i]]); break;
        case GR_P_FLAG: v = json_boolean(a->v[i]); break;
        case GR_P_TEXT: v = json_string(gr_args_text(a, (int)i)); break;
        }
        json_object_set_new(o, p->name, v);
    }
    return o;
}

void cli_fields_json(json_t *obj, const gr_field *f, int n)
{
    for (int i = 0; i < n; i++) {
        json_t *v = NULL;
        switch (f[i].kind) {
        case GR_F_INT: v = json_integer(f[i].i); break;
        case GR_F_NUM: v = cli_milli_json(f[i].i); break;
        case GR_F_STR: v = json_string(f[i].s); break;
        case GR_F_NULL: v = json_null(); break;
        case GR_F_BOOL: v = json_boolean(f[i].i); break;
        }
        json_object_set_new(obj, f[i].key, v);
    }
}

int cli_outcome_shown(const gr_table *t, const gr_args *a, const gr_odds *o, size_t k)
{
    if (t->in_column)
        return t->in_column(a, (int)k) || o->w[k] > 0;
    return 1;
}

json_t *cli_odds_json(const gr_table *t, const gr_args *a, const gr_odds *o, int fractions)
{
    json_t *obj = json_object();
    for (size_t k = 0; k < t->noutcomes; k++) {
        if (!cli_outcome_shown(t, a, o, k))
            continue;
        if (fractions) {
            uint64_t g = gr_gcd(o->w[k], o->den);
            char buf[64];
            snprintf(buf, sizeof buf, "%" PRIu64 "/%" PRIu64, o->w[k] / g, o->den / g);
            json_object_set_new(obj, t->outcomes[k].id, json_string(buf));
        } else {
            json_object_set_new(obj, t->outcomes[k].id,
                                json_real((double)o->w[k] / (double)o->den));
        }
    }
    return obj;
}

void cli_print_json(json_t *obj)
{
    char *s = json_dumps(obj, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    if (s) {
        fputs(s, stdout);
        fputc('\n', stdout);
        free(s);
    }
    json_decref(obj);
}

void cli_print_args(FILE *f, const gr_param *params, size_t nparams, const gr_args *a)
{
    int first = 1;
    for (size_t i = 0; i < nparams; i++) {
        if (!a->given[i])
            continue;
        const gr_param *p = &params[i];
        char buf[32];
        fprintf(f, "%s", first ? "" : ", ");
        first = 0;
        switch (p->kind) {
        case GR_P_INT: fprintf(f, "%s %" PRId64, p->name, a->v[i]); break;
        case GR_P_NUM:
            gr_milli_str(a->v[i], buf, sizeof buf);
            fprintf(f, "%s %s", p->name, buf);
            break;
        case GR_P_ENUM: fprintf(f, "%s %s", p->name, p->choices[a->v[i]]); break;
        case GR_P_FLAG: fprintf(f, "%s%s", a->v[i] ? "" : "not ", p->name); break;
        case GR_P_TEXT: fprintf(f, "%s %s", p->name, gr_args_text(a, (int)i)); break;
        }
    }
    if (first)
        fprintf(f, "no inputs");
}

void cli_print_odds(FILE *f, const gr_table *t, const gr_args *a, const gr_odds *o,
                    const char *indent)
{
    size_t w = 0;
    for (size_t k = 0; k < t->noutcomes; k++)
        if (strlen(t->outcomes[k].id) > w)
            w = strlen(t->outcomes[k].id);
    for (size_t k = 0; k < t->noutcomes; k++) {
        if (!cli_outcome_shown(t, a, o, k))
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

void cli_print_params_help(FILE *f, const gr_param *params, size_t nparams, int skip)
{
    for (size_t i = 0; i < nparams; i++) {
        if ((int)i == skip)
            continue;
        char acc[512];
        gr_param_describe(&params[i], acc, sizeof acc);
        fprintf(f, "  --%-22s %s%s\n", params[i].name, params[i].help ? params[i].help : "",
                params[i].required ? " (required)" : "");
        fprintf(f, "  %-24s   %s\n", "", acc);
    }
}
