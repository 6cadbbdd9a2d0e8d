/* cmd_sim_merge.c - grognard sim-merge FILES...: the reports of the shards
 * of one simulation run (grognard sim --shard K/N --json), added up into
 * the report of the whole run, the same bytes as the run made at once. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/sim.h"
#include "grognard/sim_io.h"
#include "sim_print.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: grognard sim-merge FILE... [--json] [--html OUT]\n"
               "\n"
               "Add up the reports of the N shards of one simulation run, each made by\n"
               "  grognard sim SCENARIO --games G --seed S --players A,B --shard K/N --json\n"
               "(on any machine, with any --jobs), into the report of the whole run: the same\n"
               "text, JSON or page, byte for byte, as grognard sim SCENARIO --games G --seed S\n"
               "--players A,B prints.  The means, rates and 95%% intervals are computed again\n"
               "from the integer sums the shards hold.\n"
               "\n"
               "Every shard 1 to N must be given once, all of one run: the same scenario\n"
               "(its digest: the same file contents), seed, players and number of games.  A\n"
               "file from another run, a shard given twice or one missing is refused, naming\n"
               "the file or the shard.  The report names the scenario by shard 1's path.\n"
               "\n"
               "  --json      the whole run's JSON report (as grognard sim --json)\n"
               "  --html OUT  also write the balance page to OUT (as grognard sim --html)\n"
               "\n"
               "example:\n"
               "  for k in 1 2 3; do grognard sim data/scenarios/austerlitz.json --games 3000 \\\n"
               "      --seed 7 --shard $k/3 --json > shard$k.json; done\n"
               "  grognard sim-merge shard1.json shard2.json shard3.json --html balance.html\n");
}

/* A shard given: its index and the file that holds it. */
typedef struct given {
    long shard;
    const char *file;
} given;

static int by_shard(const void *a, const void *b)
{
    const given *x = a, *y = b;
    return x->shard < y->shard ? -1 : x->shard > y->shard;
}

/* Refuse `file` (its report d, r) unless it is a shard of the run that
 * `first` (d0, r0) is a shard of.  Returns CLI_OK or the exit code after a
 * message naming both files. */
static int same_run(const char *file, const gr_sim_doc *d, const gr_sim_report *r,
                    const char *first, const gr_sim_doc *d0, const gr_sim_report *r0)
{
    const char *const again = "every shard of a run needs the same scenario file, --games, "
                              "--seed and --players";
    if (d->digest != d0->digest) {
        cli_err("grognard sim-merge: %s: a shard of scenario %s (digest %016" PRIx64
                "), but %s is of %s (digest %016" PRIx64 "): shards of different scenarios, or "
                "the scenario changed between the shards; %s\n",
                file, d->path, d->digest, first, d0->path, d0->digest, again);
        return CLI_USAGE;
    }
    if (d->seed != d0->seed) {
        cli_err("grognard sim-merge: %s: a shard of the run seeded %" PRIu64 ", but %s is of "
                "the run seeded %" PRIu64 "; %s\n",
                file, d->seed, first, d0->seed, again);
        return CLI_USAGE;
    }
    if (strcmp(d->players[0], d0->players[0]) || strcmp(d->players[1], d0->players[1])) {
        cli_err("grognard sim-merge: %s: a shard of the run played by %s,%s, but %s is of the "
                "run played by %s,%s; %s\n",
                file, d->players[0], d->players[1], first, d0->players[0], d0->players[1], again);
        return CLI_USAGE;
    }
    if (d->run_games != d0->run_games || d->shards != d0->shards) {
        cli_err("grognard sim-merge: %s: shard %ld of %ld of a run of %ld games, but %s is "
                "shard %ld of %ld of a run of %ld games; %s, and the same N in --shard K/N\n",
                file, d->shard, d->shards, d->run_games, first, d0->shard, d0->shards,
                d0->run_games, again);
        return CLI_USAGE;
    }
    /* the same scenario gives the same stats: a difference is a changed file */
    int same = r->nstats == r0->nstats;
    for (int i = 0; same && i < r->nstats; i++)
        same =
            !strcmp(r->stats[i].name, r0->stats[i].name) && r->stats[i].side == r0->stats[i].side;
    if (!same) {
        cli_err("grognard sim-merge: %s: its stats (names, sides, order) are not those of %s, "
                "though their scenarios are the same; a report was changed or made by another "
                "grognard: make the shards again with one grognard\n",
                file, first);
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* After every file is read: each shard 1..N once.  Sorts g. */
static int all_shards(given *g, long n, long shards)
{
    qsort(g, (size_t)n, sizeof *g, by_shard);
    for (long i = 1; i < n; i++)
        if (g[i].shard == g[i - 1].shard) {
            cli_err("grognard sim-merge: %s and %s are both shard %ld of %ld: a shard given "
                    "twice; give each shard's report once\n",
                    g[i - 1].file, g[i].file, g[i].shard, shards);
            return CLI_USAGE;
        }
    /* distinct indices from 1 to shards: the first gap is the missing one */
    long want = 1;
    for (long i = 0; i < n && g[i].shard == want; i++)
        want++;
    if (n < shards) {
        char list[160] = "";
        size_t len = 0;
        for (long i = 0; i < n && len + 24 < sizeof list; i++)
            len +=
                (size_t)snprintf(list + len, sizeof list - len, "%s%ld", i ? ", " : "", g[i].shard);
        if (len + 24 >= sizeof list)
            snprintf(list + len, sizeof list - len, ", ...");
        cli_err("grognard sim-merge: shard %ld of %ld is missing (%ld given: %s); make it with "
                "grognard sim ... --shard %ld/%ld --json and give every shard's report\n",
                want, shards, n, list, want, shards);
        return CLI_USAGE;
    }
    return CLI_OK;
}

int cmd_sim_merge(int argc, char **argv)
{
    int json = 0;
    const char *html = NULL;
    long nfiles = 0;
    const cli_opt opts[] = {
        {"--json", CLI_OPT_FLAG, NULL, &json, 0, 0},
        {"--html", CLI_OPT_STR, "OUT", &html, 0, 0},
    };
    int npos = 0; /* the files, in order, at the front of argv */
    int rc0 = cli_getopts("sim-merge", argc, argv, opts, sizeof opts / sizeof opts[0],
                          "and the shards' report files", usage, &npos);
    if (rc0 != CLI_OK)
        return rc0 == CLI_HELP ? CLI_OK : rc0;
    nfiles = npos;
    if (nfiles == 0) {
        cli_err("grognard sim-merge: no report given; give the files of every shard, e.g. "
                "grognard sim-merge shard1.json shard2.json (grognard sim-merge --help)\n");
        return CLI_USAGE;
    }
    /* file 0's study, the file being read, and the sums of every run */
    gr_sim_study s0 = {0, NULL, NULL}, si = {0, NULL, NULL}, sum = {0, NULL, NULL};
    gr_sim_doc *one = NULL;
    given *g = malloc((size_t)nfiles * sizeof *g);
    int rc = CLI_OK;
    gr_error err;
    if (!g) {
        cli_err("grognard sim-merge: out of memory\n");
        rc = CLI_FAIL;
        goto out;
    }
    for (long i = 0; i < nfiles && rc == CLI_OK; i++) {
        const char *file = argv[i];
        gr_sim_study *fi = i ? &si : &s0;
        if (i)
            gr_sim_study_free(&si);
        if (gr_sim_study_read(file, fi, &err) != GR_OK) {
            cli_err("grognard sim-merge: %s\n", err.msg);
            rc = err.code == GR_EINPUT ? CLI_USAGE : CLI_FAIL;
            break;
        }
        if (!fi->d[0].shards) {
            cli_err("grognard sim-merge: %s is the report of a whole run (it has no \"shard\"), "
                    "not of a shard; merge the reports of grognard sim ... --shard K/N --json\n",
                    file);
            rc = CLI_USAGE;
            break;
        }
        if (i == 0) {
            one = calloc((size_t)fi->n, sizeof *one);
            if (!one || gr_sim_study_alloc(&sum, fi->n, &err) != GR_OK) {
                cli_err("grognard sim-merge: out of memory\n");
                rc = CLI_FAIL;
                break;
            }
        } else if (fi->n != s0.n) {
            cli_err("grognard sim-merge: %s holds %d runs (the base and %d compared), but %s "
                    "holds %d: shards of different studies; give every shard the same "
                    "--variants file and --skill\n",
                    file, fi->n, fi->n - 1, argv[0], s0.n);
            rc = CLI_USAGE;
            break;
        }
        for (int k = 0; k < fi->n && rc == CLI_OK; k++) {
            if (i && (strcmp(fi->d[k].label, s0.d[k].label) ||
                      strcmp(fi->d[k].kind, s0.d[k].kind) || fi->d[k].shard != fi->d[0].shard)) {
                cli_err("grognard sim-merge: %s: run %d is \"%s\", but in %s it is \"%s\" "
                        "(or its shard differs): shards of different studies; give every shard "
                        "the same --variants file and --skill\n",
                        file, k + 1, fi->d[k].label, argv[0], s0.d[k].label);
                rc = CLI_USAGE;
                break;
            }
            if (i &&
                (rc = same_run(file, &fi->d[k], &fi->r[k], argv[0], &s0.d[k], &s0.r[k])) != CLI_OK)
                break;
            if (fi->d[k].shard == 1)
                one[k] = fi->d[k];
            gr_sim_report_add(&sum.r[k], &fi->r[k]);
        }
        g[i] = (given){fi->d[0].shard, file};
    }
    if (rc == CLI_OK)
        rc = all_shards(g, nfiles, s0.d[0].shards);
    if (rc != CLI_OK)
        goto out;
    /* the whole run: shard 1's identity (its path), no shard */
    for (int k = 0; k < sum.n; k++) {
        sum.d[k] = one[k];
        sum.d[k].shard = sum.d[k].shards = sum.d[k].first = 0;
        gr_sim_report_finish(&sum.r[k]);
    }
    rc = sim_print_report("grognard sim-merge", &sum, json, html);
out:
    gr_sim_study_free(&s0);
    gr_sim_study_free(&si);
    gr_sim_study_free(&sum);
    free(one);
    free(g);
    return rc;
}
