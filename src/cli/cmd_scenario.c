/* cmd_scenario.c - grognard scenario check FILE... and grognard scenario
 * info FILE [--json]: what a scenario designer runs (docs/scenarios.md). */
#include "cli.h"

#include <stddef.h>
#include <string.h>

#include "grognard/game.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: grognard scenario check FILE...\n"
               "       grognard scenario info FILE [--json]\n"
               "\n"
               "Scenario files of every game grognard plays (Revolution et Empire: formats\n"
               "1 and 2, docs/scenarios.md).\n"
               "\n"
               "  check   load and validate each FILE: a bad file is refused with one line\n"
               "          FILE:LINE:COL: what is wrong; how to fix it (exit 2); a good one\n"
               "          prints OK and its warnings (an objective no enemy can ever reach,\n"
               "          a reinforcement entry hex closed by its terrain...), exit 0\n"
               "  info    the briefing: sides, commanders, corps and units, chits a turn,\n"
               "          victory, objectives, turns, reinforcements, sources (the text\n"
               "          grognard play prints at the start); --json for one JSON object\n"
               "\n"
               "example: grognard scenario check data/scenarios/*.json\n");
}

static void print_warning(void *ctx, const char *msg)
{
    char buf[1024];
    printf("%s: warning: %s\n", cli_esc(ctx, buf, sizeof buf), msg);
}

static int check(int argc, char **argv)
{
    if (argc < 1) {
        cli_err("grognard scenario check: missing FILE (grognard scenario --help)");
        return CLI_USAGE;
    }
    int rc = CLI_OK;
    for (int i = 0; i < argc; i++) {
        gr_error err;
        gr_error_clear(&err);
        gr_game g;
        if (gr_game_load(argv[i], NULL, &g, &err) != GR_OK) {
            int r = cli_io_fail(&err);
            rc = rc == CLI_OK || r == CLI_USAGE ? r : rc;
            continue;
        }
        char buf[1024], summary[512] = "";
        int n =
            g.type->scenario_warnings ? g.type->scenario_warnings(g.sc, print_warning, argv[i]) : 0;
        if (g.type->scenario_summary)
            g.type->scenario_summary(g.sc, summary, sizeof summary);
        printf("%s: OK: %s; %d warning%s\n", cli_esc(argv[i], buf, sizeof buf), summary, n,
               n == 1 ? "" : "s");
        gr_game_free(&g);
    }
    return rc;
}

static int info(int argc, char **argv)
{
    const char *path = NULL;
    int json = 0;
    const cli_opt opts[] = {{"--json", CLI_OPT_FLAG, NULL, &json, 0, 0}};
    int npos = 0;
    int rc0 = cli_getopts("scenario info", argc, argv, opts, 1, NULL, usage, &npos);
    if (rc0 != CLI_OK)
        return rc0 == CLI_HELP ? CLI_OK : rc0;
    path = npos ? argv[0] : NULL;
    if (npos > 1) {
        cli_err("grognard scenario info: one FILE only (%s is a second)", argv[1]);
        return CLI_USAGE;
    }
    if (!path) {
        cli_err("grognard scenario info: missing FILE (grognard scenario --help)");
        return CLI_USAGE;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_load(path, NULL, &g, &err) != GR_OK)
        return cli_io_fail(&err);
    if (!g.type->briefing || !g.type->briefing_json) {
        cli_err("grognard scenario info: %s is a scenario of %s, which has no briefing", path,
                g.type->name);
        gr_game_free(&g);
        return CLI_USAGE;
    }
    json_t *doc = cli_scenario_doc(path);
    int rc = CLI_OK;
    if (json) {
        json_t *o = g.type->briefing_json(g.sc, doc);
        if (!o || json_dumpf(o, stdout, JSON_INDENT(2)) != 0) {
            cli_err("grognard scenario info: cannot write the JSON");
            rc = CLI_FAIL;
        } else
            putchar('\n');
        json_decref(o);
    } else {
        g.type->briefing(g.sc, doc, stdout);
    }
    json_decref(doc);
    gr_game_free(&g);
    return rc;
}

int cmd_scenario(int argc, char **argv)
{
    if (argc < 1) {
        cli_err("grognard scenario: missing action; accepted: check, info (grognard scenario "
                "--help)");
        return CLI_USAGE;
    }
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[0], "check"))
        return check(argc - 1, argv + 1);
    if (!strcmp(argv[0], "info"))
        return info(argc - 1, argv + 1);
    cli_err("grognard scenario: unknown action '%s'; accepted: check, info", argv[0]);
    return CLI_USAGE;
}
