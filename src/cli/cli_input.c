/* cli_input.c - a table's or procedure's inputs from argv or from JSON. */
#include "cli.h"

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/utf8.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void accepted_list(const gr_param *params, size_t n, int skip, unsigned allow, char *buf,
                          size_t cap)
{
    size_t len = gr_args_names(params, n, skip, "--", buf, cap);
    static const struct {
        unsigned bit;
        const char *name;
    } extra[] = {{CLI_ALLOW_MODIFIER, "--modifier"},
                 {CLI_ALLOW_SEED, "--seed"},
                 {CLI_ALLOW_ROLL, "--roll"},
                 {CLI_ALLOW_STDIN, "- (JSON on stdin)"}};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0] && len < cap; i++)
        if (allow & extra[i].bit)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", extra[i].name);
    if (len < cap)
        snprintf(buf + len, cap - len, "%s--json, --help", len ? ", " : "");
}

static gr_status parse_int(const char *opt, const char *text, long long lo, long long hi,
                           long long *out, gr_error *err)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi)
        return gr_error_set(err, GR_EINPUT,
                            "%s: '%s' is not accepted; accepted: a whole number from %lld to %lld",
                            opt, text, lo, hi);
    *out = v;
    return GR_OK;
}

gr_status cli_rolls(const char *text, int *rolls, int *nrolls, gr_error *err)
{
    *nrolls = 0;
    const char *p = text;
    for (;;) {
        size_t n = strcspn(p, ",");
        char tok[32];
        if (*nrolls >= GR_MAX_ROLLS)
            return gr_error_set(err, GR_EINPUT, "--roll: at most %d values", GR_MAX_ROLLS);
        if (n == 0)
            return gr_error_set(err, GR_EINPUT,
                                "--roll: '%s' has an empty value; give the die faces you rolled "
                                "separated by single commas, e.g. --roll 7,3",
                                text);
        if (n >= sizeof tok)
            return gr_error_set(err, GR_EINPUT,
                                "--roll: '%.*s...' is not accepted; accepted: a whole number "
                                "from -100 to 100",
                                20, p);
        memcpy(tok, p, n);
        tok[n] = '\0';
        long long v = 0;
        if (parse_int("--roll", tok, -100, 100, &v, err) != GR_OK)
            return GR_EINPUT;
        rolls[(*nrolls)++] = (int)v;
        if (!p[n])
            return GR_OK;
        p += n + 1;
    }
}

static gr_status check_json_text(const gr_param *params, size_t nparams, const gr_args *a,
                                 const cli_opts *o, gr_error *err)
{
    if (!o->json)
        return GR_OK;
    for (size_t i = 0; i < nparams; i++) {
        const char *t = params[i].kind == GR_P_TEXT ? gr_args_text(a, (int)i) : NULL;
        if (t && !gr_utf8_valid(t))
            return gr_error_set(err, GR_EINPUT,
                                "--%s: '%s' is not valid UTF-8, and --json prints it as JSON "
                                "text, which must be; rename the file, reach it through a link "
                                "whose name is UTF-8, or leave out --json",
                                params[i].name, t);
    }
    return GR_OK;
}

gr_status cli_parse(int argc, char **argv, const gr_param *params, size_t nparams, int skip,
                    unsigned allow, const char *what, gr_args *a, cli_opts *o, gr_error *err)
{
    char accepted[1024];
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--json")) {
            o->json = 1;
            continue;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            o->help = 1;
            continue;
        }
        if ((allow & CLI_ALLOW_STDIN) && (!strcmp(arg, "-") || !strcmp(arg, "--stdin"))) {
            o->stdin_json = 1;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0) {
            accepted_list(params, nparams, skip, allow, accepted, sizeof accepted);
            return gr_error_set(err, GR_EINPUT,
                                "%s: unexpected argument '%s'; inputs are given as --NAME VALUE; "
                                "accepted: %s",
                                what, arg, accepted);
        }
        const char *name = arg + 2;
        const char *value = NULL;
        char namebuf[64];
        const char *eq = strchr(name, '=');
        if (eq) { /* --name=value */
            snprintf(namebuf, sizeof namebuf, "%.*s", (int)(eq - name), name);
            name = namebuf;
            value = eq + 1;
        }
        int common = (allow & CLI_ALLOW_MODIFIER && !strcmp(name, "modifier")) ||
                     (allow & CLI_ALLOW_SEED && !strcmp(name, "seed")) ||
                     (allow & CLI_ALLOW_ROLL && !strcmp(name, "roll"));
        int k = gr_param_index(params, nparams, name);
        if (k == skip)
            k = -1;
        if (!common && k < 0) {
            accepted_list(params, nparams, skip, allow, accepted, sizeof accepted);
            if (skip >= 0 && !strcmp(name, params[skip].name))
                return gr_error_set(err, GR_EINPUT,
                                    "%s: --%s is not taken here (the odds cover every roll); "
                                    "accepted: %s",
                                    what, name, accepted);
            return gr_error_set(err, GR_EINPUT, "%s: unknown input --%s; accepted: %s", what, name,
                                accepted);
        }
        if (k >= 0 && params[k].kind == GR_P_FLAG && !value) {
            a->v[k] = 1;
            a->given[k] = 1;
            continue;
        }
        if (!value) {
            if (i + 1 >= argc)
                return gr_error_set(err, GR_EINPUT, "%s: --%s needs a value", what, name);
            value = argv[++i];
        }
        long long v = 0;
        if (!strcmp(name, "modifier") && common) {
            if (parse_int("--modifier", value, -30, 30, &v, err) != GR_OK)
                return GR_EINPUT;
            o->modifier = (int)v;
        } else if (!strcmp(name, "seed") && common) {
            /* to 2^63-1, as play, sim and saves: --json writes it as a
             * JSON integer, which holds no more (a larger one came out
             * negative) */
            char *end;
            errno = 0;
            unsigned long long s = strtoull(value, &end, 10);
            if (!*value || *end || errno || value[0] == '-' || s > INT64_MAX)
                return gr_error_set(err, GR_EINPUT,
                                    "--seed: '%s' is not accepted; accepted: a whole number from "
                                    "0 to 9223372036854775807",
                                    value);
            o->has_seed = 1;
            o->seed = s;
        } else if (!strcmp(name, "roll") && common) {
            if (cli_rolls(value, o->roll, &o->nroll, err) != GR_OK)
                return GR_EINPUT;
        } else {
            if (a->given[k])
                return gr_error_set(err, GR_EINPUT, "%s: --%s is given twice", what, name);
            if (gr_args_set(params, k, value, a, err) != GR_OK)
                return GR_EINPUT;
        }
    }
    return check_json_text(params, nparams, a, o, err);
}

gr_status cli_read_json(FILE *in, const gr_param *params, size_t nparams, int skip, gr_args *a,
                        cli_opts *o, gr_args_json **keep, gr_error *err)
{
    *keep = NULL;
    char *buf;
    size_t n;
    if (gr_read_stream(in, "stdin", GR_ARGS_JSON_MAX_BYTES, &buf, &n, err) != GR_OK)
        return err->code;
    gr_status st = gr_args_json_parse(buf, n, "stdin", params, nparams, skip, a, &o->has_seed,
                                      &o->seed, keep, err);
    gr_free(buf);
    return st;
}

int cli_fail(const gr_error *err)
{
    cli_err("grognard: %s\n", err->msg[0] ? err->msg : "failed");
    return err->code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
}

int cli_io_fail(const gr_error *err)
{
    cli_err("%s\n", err->msg);
    return err->code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
}

static int is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

int cli_table_command(const char *cmd, const char *example, int argc, char **argv, int skip,
                      unsigned allow, cli_usage_fn usage, const gr_system **s, const gr_table **t,
                      gr_args *a, cli_opts *o)
{
    gr_error err;
    gr_error_clear(&err);
    memset(a, 0, sizeof *a);
    memset(o, 0, sizeof *o);
    if (argc < 1) {
        cli_err("grognard %s: missing SYSTEM and TABLE, e.g. grognard %s %s (grognard %s "
                "--help)\n",
                cmd, cmd, example, cmd);
        return CLI_USAGE;
    }
    if (is_help(argv[0]) || (argc > 1 && is_help(argv[1]))) {
        usage(stdout, NULL, NULL);
        return CLI_HELP;
    }
    if (gr_system_get(argv[0], s, &err) != GR_OK ||
        gr_system_get_table(*s, argc > 1 && argv[1][0] != '-' ? argv[1] : NULL, t, &err) != GR_OK)
        return cli_fail(&err);
    char what[96];
    snprintf(what, sizeof what, "%s %s %s", cmd, (*s)->id, (*t)->name);
    int roll = skip ? (*t)->roll_param : -1;
    if (cli_parse(argc - 2, argv + 2, (*t)->params, (*t)->nparams, roll, allow, what, a, o, &err) !=
        GR_OK)
        return cli_fail(&err);
    if (o->help) {
        usage(stdout, *s, *t);
        return CLI_HELP;
    }
    return CLI_OK;
}

gr_status cli_load_data(const gr_system *s, const gr_param *params, size_t nparams, gr_args *a,
                        cli_data *d, gr_error *err)
{
    int k = gr_param_index(params, nparams, "points-file");
    if (strcmp(s->id, "rff") || k < 0)
        return GR_OK;
    gr_status st = rff_points_load(gr_args_text(a, k), &d->rff_points, err);
    if (st == GR_OK)
        rff_args_set_points(a, &d->rff_points);
    return st;
}
