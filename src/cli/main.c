/* main.c - the grognard command: dispatch to one file per subcommand. */
#include "cli.h"

#include <string.h>

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"lookup", cmd_lookup, "read one cell of a published table"},
    {"odds", cmd_odds, "exact odds of every result of a table"},
    {"resolve", cmd_resolve, "resolve a fire, combat or maneuver, with every modifier explained"},
    {"systems", cmd_systems, "list the rule systems, their tables and procedures"},
    {"play", cmd_play, "play a Revolution et Empire scenario in the terminal"},
    {"replay", cmd_replay, "re-run a saved game; --verify checks every step's state hash"},
    {"sim", cmd_sim, "play many battles between computer players: who wins, how often, why"},
    {"sim-merge", cmd_sim_merge, "add up the shards of a sim run into the whole run's report"},
    {"serve", cmd_serve, "serve games and the table assistant over HTTP (docs/api.md)"},
    {"scenario", cmd_scenario, "check a scenario file (errors, warnings) or print its briefing"},
    {"battle", cmd_battle, "keep and resolve a tabletop battle of aoe, nf or rff (docs/battle.md)"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: grognard COMMAND [ARGS]... (grognard COMMAND --help for each)\n\n"
               "grognard: rules engines and a table assistant for the Fire & Fury family of\n"
               "wargames: L'Age des Aigles (aoe), Napoleonic Fury (nf), Regimental Fire and\n"
               "Fury (rff) and Revolution et Empire (re).\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nexamples:\n"
               "  grognard lookup aoe fire --power 13 --score 8\n"
               "  grognard odds aoe combat --modifier 2\n"
               "  grognard resolve aoe fire --firer artillery --artillery-class other "
               "--weight light --range 4 --seed 7\n"
               "\nlookup, odds, resolve, systems, replay, sim and sim-merge take --json.  Exit "
               "status: 0 success, "
               "1 failure, 2 bad input.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_err("grognard: missing command; accepted: lookup, odds, resolve, systems, play, "
                "replay, sim, sim-merge, scenario, serve, battle "
                "(grognard --help)\n");
        return CLI_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("grognard 0.1.0\n");
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 2, argv + 2);
    cli_err("grognard: unknown command '%s'; accepted: lookup, odds, resolve, systems, play, "
            "replay, sim, sim-merge, scenario, serve, battle "
            "(grognard --help)\n",
            argv[1]);
    return CLI_USAGE;
}
