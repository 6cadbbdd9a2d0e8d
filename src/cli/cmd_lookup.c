/* cmd_lookup.c - grognard lookup SYSTEM TABLE [--INPUT VALUE]... [--json] */
#include "cli.h"

#include <string.h>

static void usage(FILE *f, const gr_system *s, const gr_table *t)
{
    if (!t) {
        fprintf(f, "usage: grognard lookup SYSTEM TABLE [--INPUT VALUE]... [--json]\n\n"
                   "Read one cell of a published table: the inputs name the row and column,\n"
                   "--score is the already-modified die total.  `grognard systems` lists the\n"
                   "systems and their tables; `grognard lookup SYSTEM TABLE --help` the inputs.\n\n"
                   "example: grognard lookup aoe fire --power 13 --score 8 --json\n");
        return;
    }
    fprintf(f, "usage: grognard lookup %s %s [--INPUT VALUE]... [--json]\n\n", s->id, t->name);
    fprintf(f, "%s (%s): %s\n\ninputs:\n", t->title, s->title, t->source);
    cli_print_params_help(f, t->params, t->nparams, -1);
    fprintf(f, "\nresults:");
    for (size_t k = 0; k < t->noutcomes; k++)
        fprintf(f, "%s %s", k ? "," : "", t->outcomes[k].id);
    fprintf(f, "\n\nexample: %s\n", t->example ? t->example : "");
}

int cmd_lookup(int argc, char **argv)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_system *s;
    const gr_table *t;
    gr_args a;
    cli_opts o;
    int rc = cli_table_command("lookup", "aoe fire --power 13 --score 8", argc, argv, 0, 0, usage,
                               &s, &t, &a, &o);
    if (rc != CLI_OK)
        return rc == CLI_HELP ? CLI_OK : rc;
    if (gr_args_check_required(t->params, t->nparams, &a, &err) != GR_OK)
        return cli_fail(&err);
    cli_data data;
    if (cli_load_data(s, t->params, t->nparams, &a, &data, &err) != GR_OK)
        return cli_fail(&err);
    gr_cell c;
    memset(&c, 0, sizeof c);
    if (t->lookup(&a, &c, &err) != GR_OK)
        return cli_fail(&err);
    const gr_outcome *out = &t->outcomes[c.outcome];
    if (o.json)
        return cli_print_json(gr_wire_lookup(s, t, &a, &c));
    printf("%s %s (%s, %s)\n", s->id, t->name, t->title, t->source);
    printf("  inputs: ");
    cli_print_args(stdout, t->params, t->nparams, &a);
    printf("\n  cell:   %s\n", c.cell ? c.cell : "");
    printf("  result: %s - %s\n", out->id, out->label);
    for (int i = 0; i < c.nfields; i++) {
        const gr_field *f = &c.fields[i];
        char buf[32];
        switch (f->kind) {
        case GR_F_INT: printf("  %s: %lld\n", f->key, (long long)f->i); break;
        case GR_F_NUM:
            gr_milli_str(f->i, buf, sizeof buf);
            printf("  %s: %s\n", f->key, buf);
            break;
        case GR_F_STR: printf("  %s: %s\n", f->key, f->s); break;
        case GR_F_NULL: printf("  %s: -\n", f->key); break;
        case GR_F_BOOL: printf("  %s: %s\n", f->key, f->i ? "yes" : "no"); break;
        }
    }
    cli_print_effect(s, t, &c, "  ");
    return CLI_OK;
}
