/* test_rff_points_io.c - the RFF fire-points file (io layer) and how the
 * rules receive it: the shipped file loads with every value null and
 * sourced "none found"; a scenario's values are read in milli-points; bad
 * files are refused with "FILE:LINE:COL: what; accepted" at the exact value
 * or key; no mangled file crashes the loader or gives a message without a
 * position; the rules read only what they are given.  (Expected columns
 * were counted with python3's str.index on each line, not read off the
 * loader.)
 *
 * usage: test_rff_points_io SOURCE_ROOT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/grognard.h"
#include "grognard/rff_io.h"
#include "grognard/rff_points.h"

static int failures, checks;

#include "check.h"

/* "NAME:LINE:COL: what" with NAME given, one line. */
static int well_formed(const char *msg, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(msg, name, n) || msg[n] != ':')
        return 0;
    const char *p = msg + n + 1;
    char *end;
    long line = strtol(p, &end, 10);
    if (end == p || *end != ':' || line < 1)
        return 0;
    p = end + 1;
    long col = strtol(p, &end, 10);
    if (end == p || *end != ':' || col < 1)
        return 0;
    return strchr(msg, '\n') == NULL;
}

static void test_shipped(const char *root)
{
    static rff_points p;
    gr_error err;
    gr_error_clear(&err);
    CHECK(rff_points_load(NULL, &p, &err) == GR_OK, "shipped: %s", err.msg);
    char want[1024];
    snprintf(want, sizeof want, "%s/data/rff/fire_points.json", root);
    CHECK(!strcmp(rff_points_default_path(), want), "default path %s", rff_points_default_path());
    for (int w = 0; w < RFF_NWEAPONS; w++)
        for (int b = 0; b < RFF_NBANDS; b++)
            CHECK(p.musketry[w][b].present && !p.musketry[w][b].known &&
                      !strcmp(p.musketry[w][b].source, "none found"),
                  "musketry %s %s", rff_weapon_codes[w], rff_bands[b]);
    for (int g = 0; g < RFF_NGUNS; g++)
        for (int b = 0; b < RFF_NBANDS; b++)
            CHECK(p.cannon[g][b].present && !p.cannon[g][b].known &&
                      !strcmp(p.cannon[g][b].source, "none found"),
                  "cannon %s %s", rff_gun_codes[g], rff_bands[b]);
}

static const char good[] = "{\"format\": \"grognard-rff-fire-points\", \"version\": 1,\n"
                           " \"musketry\": {\"RM\": {\"close\": {\"points\": 1.5, \"source\": "
                           "\"a test\"}},\n"
                           "              \"Carabine\": {\"long\": {\"points\": 2, \"source\": "
                           "\"b\", \"note\": \"n\"}}},\n"
                           " \"cannon\": {\"OTHER\": {\"close\": {\"points\": null, \"source\": "
                           "\"none found\"}}}}\n";

static void test_values(void)
{
    static rff_points p;
    gr_error err;
    gr_error_clear(&err);
    CHECK(rff_points_parse(good, strlen(good), "good.json", &p, &err) == GR_OK, "%s", err.msg);
    CHECK(!strcmp(p.path, "good.json"), "path %s", p.path);
    CHECK(p.musketry[0][0].present && p.musketry[0][0].known && p.musketry[0][0].milli == 1500 &&
              !strcmp(p.musketry[0][0].source, "a test") && p.musketry[0][0].line == 2 &&
              p.musketry[0][0].col == 31,
          "RM close: %d %lld %d:%d", p.musketry[0][0].known, (long long)p.musketry[0][0].milli,
          p.musketry[0][0].line, p.musketry[0][0].col);
    CHECK(!p.musketry[0][1].present && !p.musketry[1][0].present, "absent entries");
    CHECK(p.musketry[9][1].known && p.musketry[9][1].milli == 2000, "Carabine long");
    CHECK(p.cannon[3][0].present && !p.cannon[3][0].known, "OTHER close null");
}

static void test_bad(void)
{
    static const struct {
        const char *text;
        int line, col;
        const char *says;
    } bad[] = {
        {"", 1, 1, "malformed JSON: the file is empty"},
        {"[]", 1, 1, "must be one JSON object"},
        {"{\"format\": \"x\", \"version\": 1, \"musketry\": {}, \"cannon\": {}}", 1, 12,
         "\"format\" must be"},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 2, \"musketry\": {}, "
         "\"cannon\": {}}",
         1, 51, "\"version\" must be 1"},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musket\": {}}", 1, 54,
         "unknown key \"musket\""},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"cannon\": {}}", 1, 1,
         "no \"musketry\" object"},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musketry\": {},\n"
         " \"cannon\": {\"HR\": {\"near\": {}}}}",
         2, 20, "unknown range band \"near\""},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musketry\": {},\n"
         " \"cannon\": {\"HR\": {\"long\": {\"points\": 101, \"source\": \"s\"}}}}",
         2, 39, "cannon.HR.long.points is not accepted"},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musketry\": {},\n"
         " \"cannon\": {\"HR\": {\"long\": {\"points\": 3}}}}",
         2, 28, "needs a \"source\""},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musketry\": {},\n"
         " \"cannon\": {\"HR\": {\"long\": {\"points\": 3, \"source\": \"none found\"}}}}",
         2, 52, "source is \"none found\""},
        {"{\"format\": \"grognard-rff-fire-points\", \"version\": 1, \"musketry\": {},\n"
         " \"cannon\": {\"HR\": {\"long\": {\"points\": 3, \"src\": \"a\"}}}}",
         2, 42, "unknown key \"src\""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        static rff_points p;
        gr_error err;
        gr_error_clear(&err);
        gr_status st = rff_points_parse(bad[i].text, strlen(bad[i].text), "bad.json", &p, &err);
        char pos[32];
        snprintf(pos, sizeof pos, "bad.json:%d:%d: ", bad[i].line, bad[i].col);
        CHECK(st == GR_EINPUT && !strncmp(err.msg, pos, strlen(pos)) &&
                  strstr(err.msg, bad[i].says),
              "bad %zu: want %s...%s, got %s", i, pos, bad[i].says, err.msg);
        CHECK(!p.path[0] && !p.musketry[0][0].present, "bad %zu: cleared", i);
    }
    /* a file the caller named that is not there: bad input (exit 2) */
    static rff_points p;
    gr_error err;
    CHECK(rff_points_load("/nonexistent/points.json", &p, &err) == GR_EINPUT &&
              strstr(err.msg, "/nonexistent/points.json: cannot open"),
          "missing: %s", err.msg);
}

/* Every truncation and many byte changes of a good file: OK or a message
 * with a position, never a crash (the sanitizers watch). */
static void test_mangled(void)
{
    size_t len = strlen(good);
    char *buf = malloc(len);
    static rff_points p;
    int bad = 0;
    for (size_t cut = 0; cut < len; cut++) {
        memcpy(buf, good, cut);
        gr_error err;
        gr_error_clear(&err);
        if (rff_points_parse(buf, cut, "cut.json", &p, &err) != GR_OK &&
            !well_formed(err.msg, "cut.json"))
            bad++;
    }
    gr_rng rng;
    gr_rng_seed(&rng, 77);
    static const char pool[] = "{}[]:,\"\\ 0123456789-.eEtfnul \x80\xC3\xFF\n";
    for (int k = 0; k < 3000; k++) {
        memcpy(buf, good, len);
        for (int e = 1 + (int)gr_rng_below(&rng, 3); e > 0; e--)
            buf[gr_rng_below(&rng, (uint32_t)len)] = pool[gr_rng_below(&rng, sizeof pool - 1)];
        gr_error err;
        gr_error_clear(&err);
        if (rff_points_parse(buf, len, "mangled.json", &p, &err) != GR_OK &&
            !well_formed(err.msg, "mangled.json")) {
            if (bad < 5)
                fprintf(stderr, "ill-formed: %s\n", err.msg);
            bad++;
        }
    }
    CHECK(bad == 0, "%d mangled files gave a message without a position", bad);
    free(buf);
}

/* The rules read the points they are given, and nothing else. */
static void test_rules(void)
{
    const gr_system *s = gr_system_find("rff");
    const gr_table *t = gr_system_table(s, "fire_points");
    const gr_procedure *mus = gr_system_procedure(s, "musketry");
    CHECK(t && mus, "rff fire_points, musketry");
    if (!t || !mus)
        return;
    static rff_points p;
    gr_error err;
    CHECK(rff_points_parse(good, strlen(good), "good.json", &p, &err) == GR_OK, "%s", err.msg);
    gr_args a;
    memset(&a, 0, sizeof a);
    CHECK(gr_args_set(t->params, 0, "rm", &a, &err) == GR_OK &&
              gr_args_set(t->params, 1, "close", &a, &err) == GR_OK,
          "%s", err.msg);
    gr_cell c;
    memset(&c, 0, sizeof c);
    CHECK(t->lookup(&a, &c, &err) == GR_ERUNTIME && strstr(err.msg, "rff_args_set_points"),
          "no points given: %s", err.msg);
    rff_args_set_points(&a, &p);
    memset(&c, 0, sizeof c);
    CHECK(t->lookup(&a, &c, &err) == GR_OK && c.outcome == 0 && c.nfields == 1 &&
              c.fields[0].i == 1500,
          "RM close from the data given: %s", err.msg);
    /* musketry: 6 stands x 1.5 = 9 points, given; without the data, refused */
    static const char *const in[][2] = {
        {"weapon", "rm"}, {"band", "close"}, {"stands", "6"}, {"target-quality", "trained"}};
    memset(&a, 0, sizeof a);
    for (size_t i = 0; i < 4; i++) {
        int k = gr_param_index(mus->params, mus->nparams, in[i][0]);
        CHECK(k >= 0 && gr_args_set(mus->params, k, in[i][1], &a, &err) == GR_OK, "%s", in[i][0]);
    }
    gr_resolution *r = calloc(1, sizeof *r);
    gr_dice_source dice;
    memset(&dice, 0, sizeof dice);
    dice.typed[0] = 5;
    dice.ntyped = 1;
    CHECK(mus->resolve(&a, &dice, r, &err) == GR_ERUNTIME, "musketry without data");
    rff_args_set_points(&a, &p);
    memset(&dice, 0, sizeof dice);
    dice.typed[0] = 5;
    dice.ntyped = 1;
    CHECK(mus->resolve(&a, &dice, r, &err) == GR_OK, "musketry: %s", err.msg);
    int64_t points = -1;
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, "points"))
            points = r->values[i].i;
    CHECK(points == 9000, "9 points (milli): %lld", (long long)points);
    free(r);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    test_shipped(root);
    test_values();
    test_bad();
    test_mangled();
    test_rules();
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
