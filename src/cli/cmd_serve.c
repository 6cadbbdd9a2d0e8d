/* cmd_serve.c - grognard serve [--host ADDR] [--port P] [--db PATH|URI]
 * [--web DIR] [--data DIR]: the HTTP server (docs/api.md). */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/ai.h"
#include "grognard/server.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: grognard serve [--host ADDR] [--port P] [--db PATH] [--web DIR] [--data DIR]\n"
            "                      [--max-ai MS] [--max-sims N]\n\n"
            "Serve games of Revolution et Empire, the battle companion and the table assistant\n"
            "over HTTP: the page at http://ADDR:P/, the JSON API under /api/ (docs/api.md).\n"
            "Games and the companion's battles are kept in an SQLite database, or in\n"
            "PostgreSQL, which several servers may share; an action is answered only once it\n"
            "is stored, and unfinished games are reloaded (every step replayed and checked)\n"
            "when the server starts.\n\n"
            "  --host ADDR   IPv4 address to listen on (default 127.0.0.1; 0.0.0.0: every one)\n"
            "  --port P      TCP port (default 8080; 0: any free port, printed)\n"
            "  --db PATH     the SQLite database (default grognard.db, created if missing)\n"
            "  --db URI      a PostgreSQL database: postgresql://USER@HOST:PORT/DATABASE\n"
            "                (or postgres://...); several servers may serve the same one\n"
            "  --web DIR     the page's folder (default: ./web, else the source tree's)\n"
            "  --data DIR    the data folder with scenarios/ (default: ./data, else the\n"
            "                source tree's)\n"
            "  --max-ai MS   the longest a computer player may think a decision, in\n"
            "                milliseconds (default 10000); a game asking more is refused,\n"
            "                and every search decision ends there whatever its budget\n"
            "  --max-sims N  the most simulations a computer player may run a decision\n"
            "                (mcts:N, commander:N; default 20000); a game asking more is\n"
            "                refused\n\n"
            "It prints `grognard: serving http://ADDR:P/` once it accepts connections, one\n"
            "line per request on stderr, and stops cleanly on Ctrl-C (SIGINT) or SIGTERM.\n\n"
            "example: grognard serve --port 8080 --db games.db\n");
}

int cmd_serve(int argc, char **argv)
{
    gr_server_opts o;
    memset(&o, 0, sizeof o);
    o.host = "127.0.0.1";
    o.port = 8080;
    o.db = "grognard.db";
    o.web = NULL;
    o.data = NULL;
    o.log = stderr;
    long port = o.port, max_ai = o.max_ai_ms, max_sims = o.max_ai_sims;
    const cli_opt opts[] = {
        {"--host", CLI_OPT_STR, NULL, &o.host, 0, 0},
        {"--port", CLI_OPT_LONG, NULL, &port, 0, 65535},
        {"--db", CLI_OPT_STR, NULL, &o.db, 0, 0},
        {"--web", CLI_OPT_STR, NULL, &o.web, 0, 0},
        {"--data", CLI_OPT_STR, NULL, &o.data, 0, 0},
        {"--max-ai", CLI_OPT_LONG, NULL, &max_ai, 1, GR_AI_MCTS_MAX_MS},
        {"--max-sims", CLI_OPT_LONG, NULL, &max_sims, 1, GR_AI_MCTS_MAX_SIMS},
    };
    int npos = 0;
    int rc =
        cli_getopts("serve", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, usage, &npos);
    if (rc != CLI_OK)
        return rc == CLI_HELP ? CLI_OK : rc;
    if (npos) {
        cli_err("grognard serve: unexpected argument '%s'; serve takes options only (grognard "
                "serve --help)\n",
                argv[0]);
        return CLI_USAGE;
    }
    o.port = (int)port;
    o.max_ai_ms = max_ai;
    o.max_ai_sims = max_sims;
    if (!o.data)
        o.data = gr_server_default_data();
    if (!o.web)
        o.web = gr_server_default_web();
    /* SIGINT and SIGTERM are taken by sigwait below: blocked before any
     * thread starts, so that every thread inherits the mask */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    gr_error err;
    gr_error_clear(&err);
    gr_server *s;
    if (gr_server_start(&o, &s, &err) != GR_OK)
        return cli_fail(&err);
    printf("grognard: serving http://%s:%d/\n", o.host, gr_server_port(s));
    fflush(stdout);
    int sig = 0;
    sigwait(&set, &sig);
    fprintf(stderr, "grognard serve: stopping (%s)\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    gr_server_stop(s);
    return CLI_OK;
}
