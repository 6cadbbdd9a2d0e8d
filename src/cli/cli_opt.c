/* cli_opt.c - the one option parser of the commands (cli.h, cli_getopts). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The accepted options as "--a V, --b, ..., --help[, TAIL]". */
static void accepted(const cli_opt *opts, size_t n, const char *tail, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s%s, ", opts[i].name,
                                opts[i].value ? " " : "", opts[i].value ? opts[i].value : "");
    if (len < cap)
        len += (size_t)snprintf(buf + len, cap - len, "--help");
    if (tail && len < cap)
        snprintf(buf + len, cap - len, ", %s", tail);
}

int cli_whole(const char *v, long min, long max, long *out)
{
    char *end;
    errno = 0;
    if (!*v || *v == '+' || (*v == '-' && min >= 0))
        return -1;
    long x = strtol(v, &end, 10);
    if (*end || errno || x < min || x > max)
        return -1;
    *out = x;
    return 0;
}

int cli_getopts(const char *cmd, int argc, char **argv, const cli_opt *opts, size_t n,
                const char *tail, void (*usage)(FILE *), int *npos)
{
    *npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (usage)
                usage(stdout);
            return CLI_HELP;
        }
        if (a[0] != '-' || !a[1]) {
            argv[(*npos)++] = argv[i]; /* never ahead of i: moved to the front */
            continue;
        }
        const cli_opt *o = NULL;
        for (size_t k = 0; k < n && !o; k++)
            o = !strcmp(a, opts[k].name) ? &opts[k] : NULL;
        if (!o) {
            char list[512];
            accepted(opts, n, tail, list, sizeof list);
            cli_err("grognard %s: unknown option '%s'; accepted: %s\n", cmd, a, list);
            return CLI_USAGE;
        }
        if (o->kind == CLI_OPT_FLAG) {
            *(int *)o->dst = 1;
            continue;
        }
        if (i + 1 >= argc) {
            cli_err("grognard %s: %s needs a value (grognard %s --help)\n", cmd, a, cmd);
            return CLI_USAGE;
        }
        const char *v = argv[++i];
        if (o->kind == CLI_OPT_STR) {
            *(const char **)o->dst = v;
        } else if (cli_whole(v, o->min, o->max, (long *)o->dst)) {
            cli_err("grognard %s: %s '%s' is not a whole number from %ld to %ld\n", cmd, a, v,
                    o->min, o->max);
            return CLI_USAGE;
        }
    }
    return CLI_OK;
}
