/* cmd_systems.c - grognard systems [SYSTEM] [--json]: what can be looked up and resolved. */
#include "cli.h"

#include <string.h>

int cmd_systems(int argc, char **argv)
{
    int json = 0;
    const char *only = NULL;
    gr_error err;
    gr_error_clear(&err);
    const cli_opt opts[] = {{"--json", CLI_OPT_FLAG, NULL, &json, 0, 0}};
    int npos = 0;
    int rc = cli_getopts("systems", argc, argv, opts, 1, NULL, NULL, &npos);
    if (rc == CLI_HELP) {
        printf("usage: grognard systems [SYSTEM] [--json]\n\n"
               "List the rule systems, their tables (for lookup and odds) and their\n"
               "procedures (for resolve).\n\nexample: grognard systems aoe\n");
        return CLI_OK;
    }
    if (rc != CLI_OK)
        return rc;
    only = npos ? argv[0] : NULL;
    if (npos > 1) {
        gr_error_set(&err, GR_EINPUT, "systems: unexpected argument '%s'", argv[1]);
        return cli_fail(&err);
    }
    const gr_system *one = NULL;
    if (only && gr_system_get(only, &one, &err) != GR_OK)
        return cli_fail(&err);
    if (json)
        return cli_print_json(gr_wire_systems(one));
    for (int i = 0; gr_systems[i]; i++) {
        const gr_system *s = gr_systems[i];
        if (one && s != one)
            continue;
        printf("%-4s %s (%s; %s)\n", s->id, s->title, s->seeds, s->dice);
        for (size_t k = 0; k < s->ntables; k++)
            printf("       table     %-16s %s\n", s->tables[k]->name, s->tables[k]->title);
        for (size_t k = 0; k < s->nprocedures; k++)
            printf("       resolve   %-16s %s\n", s->procedures[k]->name, s->procedures[k]->title);
    }
    return CLI_OK;
}
