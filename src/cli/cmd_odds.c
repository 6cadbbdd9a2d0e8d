/* cmd_odds.c - grognard odds SYSTEM TABLE [--INPUT VALUE]... [--modifier N] [--json] */
#include "cli.h"

#include <string.h>

static void usage(FILE *f, const gr_system *s, const gr_table *t)
{
    if (!t) {
        fprintf(f,
                "usage: grognard odds SYSTEM TABLE [--INPUT VALUE]... [--modifier N] [--json]\n\n"
                "The exact probability of every result of a table, for the system's dice plus\n"
                "--modifier (default 0).  For opposed tables the modifier is the attacker's\n"
                "net modifier minus the defender's.\n\n"
                "example: grognard odds aoe combat --modifier 2 --json\n");
        return;
    }
    fprintf(f, "usage: grognard odds %s %s [--INPUT VALUE]... [--modifier N] [--json]\n\n", s->id,
            t->name);
    fprintf(f, "%s (%s): %s.  Dice: %s.\n\ninputs:\n", t->title, s->title, t->source,
            gr_roll_name(t->roll));
    cli_print_params_help(f, t->params, t->nparams, t->roll_param);
    fprintf(f, "  --%-22s %s\n", "modifier N", "net die modifier, a whole number from -30 to 30");
    fprintf(f, "\nexample: grognard odds %s %s%s --modifier 1\n", s->id, t->name,
            t->roll_param >= 0 ? "" : "");
}

int cmd_odds(int argc, char **argv)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_system *s;
    const gr_table *t;
    gr_args a;
    cli_opts o;
    int rc = cli_table_command("odds", "aoe combat --modifier 2", argc, argv, 1, CLI_ALLOW_MODIFIER,
                               usage, &s, &t, &a, &o);
    if (rc != CLI_OK)
        return rc == CLI_HELP ? CLI_OK : rc;
    gr_odds od;
    if (gr_table_odds(t, &a, o.modifier, &od, &err) != GR_OK)
        return cli_fail(&err);
    if (o.json)
        return cli_print_json(gr_wire_odds(s, t, &a, o.modifier, &od));
    printf("%s %s (%s, %s)\n  inputs: ", s->id, t->name, t->title, t->source);
    cli_print_args(stdout, t->params, t->nparams, &a);
    printf("\n  roll:   %s %+d\n", gr_roll_name(t->roll), o.modifier);
    gr_print_odds(stdout, t, &a, &od, "  ");
    return CLI_OK;
}
