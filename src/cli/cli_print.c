/* cli_print.c - printing inputs, cells and odds as text, and the library's JSON. */
#include "cli.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_print_json(json_t *obj)
{
    char *s = obj ? gr_wire_dumps(obj) : NULL;
    json_decref(obj);
    if (!s) {
        cli_err("grognard: out of memory while writing JSON\n");
        return CLI_FAIL;
    }
    fputs(s, stdout);
    fputc('\n', stdout);
    free(s);
    return CLI_OK;
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

void cli_err(const char *fmt, ...)
{
    char raw[2048], out[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t n = strlen(raw);
    if (n && raw[n - 1] == '\n')
        raw[n - 1] = '\0';
    gr_escape(raw, out, sizeof out);
    fprintf(stderr, "%s\n", out);
}

const char *cli_esc(const char *s, char *buf, size_t cap)
{
    gr_escape(s, buf, cap);
    return buf;
}
