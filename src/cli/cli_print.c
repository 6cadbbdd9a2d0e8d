/* cli_print.c - printing inputs, cells and odds as text, and the library's JSON. */
#include "cli.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

void cli_pad(FILE *f, const char *s, int width, int cut)
{
    int w = cli_width(s);
    if (!cut || w < width) {
        fprintf(f, "%s%*s", s, w < width ? width - w : 0, "");
        return;
    }
    /* keep width-2 characters, then "…" and a space */
    size_t i = 0;
    for (int k = 0; s[i] && (k < width - 2 || ((unsigned char)s[i] & 0xC0) == 0x80); i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    fprintf(f, "%.*s… ", (int)i, s);
}

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

void cli_print_params_help(FILE *f, const gr_param *params, size_t nparams, int skip)
{
    for (size_t i = 0; i < nparams; i++) {
        if ((int)i == skip)
            continue;
        char acc[512];
        gr_param_describe(&params[i], acc, sizeof acc);
        char help[GR_TEXT_FLAGS];
        fprintf(f, "  --%-22s %s%s\n", params[i].name,
                gr_text_flags(params[i].help, help, sizeof help),
                params[i].required ? " (required)" : "");
        fprintf(f, "  %-24s   %s\n", "", acc);
    }
}

void cli_err(const char *fmt, ...)
{
    /* never cut: a message quoting a long path is written whole */
    char small[2048], *raw = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (raw = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(raw, (size_t)n + 1, fmt, ap);
        va_end(ap);
    } else if (!raw) {
        raw = small; /* out of memory: the message as far as it fits */
    }
    size_t len = strlen(raw);
    if (len && raw[len - 1] == '\n')
        raw[len - 1] = '\0';
    /* the inputs a library message names {so}, as this command's flags
     * (--so: as long, grognard/error.h) */
    char *flags = malloc(len + 1);
    if (flags) {
        gr_text_flags(raw, flags, len + 1);
        memcpy(raw, flags, len + 1);
        free(flags);
    }
    /* escaping writes at most 6 bytes (\uNNNN) for each byte of the text */
    size_t cap = 6 * strlen(raw) + 1;
    char *out = malloc(cap);
    if (out) {
        gr_escape(raw, out, cap);
        fprintf(stderr, "%s\n", out);
        free(out);
    } else {
        char cut[4096];
        gr_escape(raw, cut, sizeof cut);
        fprintf(stderr, "%s\n", cut);
    }
    if (raw != small)
        free(raw);
}

const char *cli_esc(const char *s, char *buf, size_t cap)
{
    gr_escape(s, buf, cap);
    return buf;
}

void cli_json_file(json_t *j, const char *path)
{
    char esc[4 * 4096];
    json_object_set_new(j, "file", json_string(cli_esc(path, esc, sizeof esc)));
}

void cli_print_effect(const gr_system *s, const gr_table *t, const gr_cell *c, const char *indent)
{
    char said[GR_TEXT_FLAGS];
    const gr_outcome *out = &t->outcomes[c->outcome];
    if (out->effect && *out->effect)
        printf("%seffect: %s\n", indent, gr_text_flags(out->effect, said, sizeof said));
    for (size_t i = 0; t->effects && i < t->effects[c->outcome].n; i++) {
        char text[512];
        gr_effect_text(&t->effects[c->outcome].lines[i], s->length_unit, gr_roll_opposed(t->roll),
                       text, sizeof text);
        printf("%sdo:     %s\n", indent, text);
    }
    if (c->note)
        printf("%snote:   %s\n", indent, gr_text_flags(c->note, said, sizeof said));
}
