/* test_oom.c - every loader, with each of its allocations made to fail in
 * turn (the SQLite "oom" discipline, through grognard/alloc.h): the 1st,
 * then the 2nd, ... until a load makes fewer allocations than the one set to
 * fail.  Each failure must be a clean error: GR_ERUNTIME with a one-line
 * message naming the input, the output left empty, nothing leaked (the san
 * build runs this under ASan with detect_leaks=1), no crash.  The same load
 * with no failure must then succeed.
 *
 * usage: test_oom SOURCE_ROOT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard/alloc.h"
#include "grognard/args_io.h"
#include "grognard/battle_io.h"
#include "grognard/grognard.h"
#include "grognard/oob.h"
#include "grognard/re_io.h"
#include "grognard/rff_io.h"
#include "grognard/save.h"
#include "grognard/json_reader.h"

static int failures, checks;

#include "check.h"

static char root[512];

/* One load of each loader: returns its status, err filled, all it made freed. */
typedef gr_status (*loader)(gr_error *err);

static gr_status load_scenario_file(gr_error *err)
{
    static re_scenario sc;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/austerlitz.json", root);
    gr_status st = re_scenario_load(path, &sc, err);
    if (st != GR_OK)
        CHECK(sc.nunits == 0, "scenario: a failed load left %d units", sc.nunits);
    return st;
}

static gr_status load_save_file(gr_error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/replays/austerlitz-11-random.json", root);
    gr_saved g;
    gr_status st = gr_save_read(path, &g, err);
    if (st != GR_OK)
        CHECK(g.nsteps == 0 || g.steps, "save: %zu steps and no array", g.nsteps);
    gr_saved_free(&g);
    return st;
}

static gr_status load_rff_points(gr_error *err)
{
    static rff_points p;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/rff/fire_points.json", root);
    return rff_points_load(path, &p, err);
}

static gr_status load_json(gr_error *err)
{
    static const char text[] = "{\"a\": [1, 2.5, -3e2, \"\\u00e9t\\u00e9\", true, null],"
                               " \"b\": {\"c\": {\"d\": [[], {}]}}, \"e\": \"x\"}";
    gr_jr_node *r;
    gr_jr_doc *doc = gr_jr_parse(text, strlen(text), "mem.json", 0, &r, err);
    if (!doc)
        return err->code;
    gr_jr_free(doc);
    return GR_OK;
}

static gr_status load_situation(gr_error *err)
{
    static const char text[] = "{\"firer\": \"artillery\", \"artillery-class\": \"other\","
                               " \"weight\": \"light\", \"range\": 4.5, \"seed\": 7}";
    const gr_system *s = gr_system_find("aoe");
    const gr_procedure *p = s ? gr_system_procedure(s, "fire") : NULL;
    if (!p)
        return gr_error_set(err, GR_EINPUT, "no aoe fire");
    gr_args a;
    memset(&a, 0, sizeof a);
    int has_seed = 0;
    uint64_t seed = 0;
    gr_args_json *keep;
    gr_status st = gr_args_json_parse(text, strlen(text), "stdin", p->params, p->nparams, -1, &a,
                                      &has_seed, &seed, &keep, err);
    if (st != GR_OK)
        CHECK(!keep, "situation: a failed parse kept its document");
    gr_args_json_free(keep);
    return st;
}

static gr_status load_oob(gr_error *err)
{
    static gr_battle b;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/cli/battle/aoe_small.json", root);
    char *text = NULL;
    size_t len = 0;
    gr_status st = gr_oob_read(path, NULL, 1, &b, &text, &len, err);
    if (st != GR_OK)
        CHECK(!text, "oob: a failed load kept its text");
    gr_free(text);
    return st;
}

static char battle_path[600];

static gr_status load_battle_file(gr_error *err)
{
    gr_battle_file f;
    gr_status st = gr_battle_file_read(battle_path, NULL, &f, err);
    if (st != GR_OK)
        CHECK(!f.sc && !f.m && !f.oob_text, "battle file: a failed read kept memory");
    gr_battle_file_free(&f);
    return st;
}

/* A battle file to read: the small aoe order of battle, one `next`. */
static int write_battle_file(void)
{
    char oob[1024];
    snprintf(oob, sizeof oob, "%s/tests/cli/battle/aoe_small.json", root);
    snprintf(battle_path, sizeof battle_path, "/tmp/grognard-oom-battle-%ld.json", (long)getpid());
    gr_battle_file f;
    gr_error err;
    gr_error_clear(&err);
    if (gr_battle_file_new(oob, NULL, 3, &f, &err) != GR_OK) {
        fprintf(stderr, "test_oom: %s\n", err.msg);
        return 0;
    }
    unsigned char next[GR_ACTION_MAX];
    int ok =
        gr_game_act_parse(gr_match_game(f.m), gr_match_state(f.m), "next", next, &err) == GR_OK &&
        gr_match_act(f.m, next, &err) == GR_OK &&
        gr_save_write_embedded(f.m, f.oob_path, f.oob_text, f.oob_len, battle_path, &err) == GR_OK;
    if (!ok)
        fprintf(stderr, "test_oom: %s\n", err.msg);
    gr_battle_file_free(&f);
    return ok;
}

static void run(const char *what, loader load, const char *name)
{
    unsigned long n;
    int clean = 1;
    for (n = 1;; n++) {
        gr_error err;
        gr_error_clear(&err);
        gr_alloc_fail_at(n);
        gr_status st = load(&err);
        unsigned long made = gr_alloc_count();
        gr_alloc_fail_at(0);
        if (made < n) { /* the Nth allocation never came: the load ran whole */
            CHECK(st == GR_OK, "%s: with no allocation failing: %s", what, err.msg);
            break;
        }
        if (st != GR_ERUNTIME || !err.msg[0] || strchr(err.msg, '\n') || !strstr(err.msg, name) ||
            !strstr(err.msg, "out of memory")) {
            clean = 0;
            CHECK(0, "%s: allocation %lu failing gave status %d: '%s'", what, n, (int)st, err.msg);
        }
    }
    CHECK(clean, "%s", what);
    printf("%s: each of its %lu allocations failed in turn, a clean error each time\n", what,
           n - 1);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_oom SOURCE_ROOT\n");
        return 2;
    }
    snprintf(root, sizeof root, "%s", argv[1]);
    run("scenario (austerlitz.json)", load_scenario_file, "austerlitz.json");
    run("save (austerlitz-11-random.json)", load_save_file, "austerlitz-11-random.json");
    run("rff points (fire_points.json)", load_rff_points, "fire_points.json");
    run("json reader", load_json, "mem.json");
    run("resolve's stdin JSON", load_situation, "stdin");
    run("order of battle (aoe_small.json)", load_oob, "aoe_small.json");
    CHECK(write_battle_file(), "a battle file to read");
    run("battle file", load_battle_file, battle_path);
    remove(battle_path);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
