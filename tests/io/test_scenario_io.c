/* test_scenario_io.c - the scenario loader: the bundled scenarios load; every
 * file of tests/io/bad is refused with "FILE:LINE:COL: what; fix" at the
 * line and column listed in bad/EXPECTED; and no mangled file (every
 * truncation, thousands of byte changes) crashes the loader or leaves a
 * message without a position.  Saved games: format 2 round-trips, a format-1
 * file is still read and checked against its own (old) scenario digest, an
 * unknown format is refused.  Run under the sanitizers too.
 *
 * usage: test_scenario_io SOURCE_ROOT */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grognard/file_io.h"
#include "grognard/match.h"
#include "grognard/re_io.h"
#include "grognard/save.h"
#include "grognard/rng.h"

static int failures, checks;

#include "check.h"

/* "NAME:LINE:COL: what; fix" with NAME given, one line, a ';'. */
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
    return strchr(msg, '\n') == NULL && strchr(end, ';') != NULL;
}

/* Format 2 (tests/io/good_mini2.json): its reinforcement, the unit that
 * enters with it, the chits by turn; format 1 leaves all of that zero. */
static void test_format2(const char *root)
{
    char path[1024];
    re_scenario sc;
    gr_error err;
    gr_error_clear(&err);
    snprintf(path, sizeof path, "%s/tests/io/good_mini2.json", root);
    CHECK(re_scenario_load(path, &sc, &err) == GR_OK, "%s", err.msg);
    const re_reinforcement *rf = &sc.ext.reinf[0];
    CHECK(sc.ext.nreinf == 1 && !strcmp(rf->name, "Column") && rf->turn == 2 && rf->roll == 4 &&
              rf->nentry == 2 && rf->entry[0][0] == 0 && rf->entry[0][1] == 2 &&
              rf->entry[1][0] == 0 && rf->entry[1][1] == 1,
          "mini2: reinforcement %d '%s' turn %d roll %d, %d hexes", sc.ext.nreinf, rf->name,
          rf->turn, rf->roll, rf->nentry);
    CHECK(sc.ext.unit_reinf[0] == 0 && sc.ext.unit_reinf[1] == 1 && sc.ext.unit_reinf[2] == 0 &&
              sc.units[1].col == -1 && sc.units[1].row == -1,
          "mini2: u3 enters with r1");
    CHECK(re_chits_per_turn(&sc, 0, 1) == 1 && re_chits_per_turn(&sc, 0, 2) == 1 &&
              re_chits_per_turn(&sc, 0, 3) == 2 && re_chits_per_turn(&sc, 0, 4) == 2 &&
              re_chits_per_turn(&sc, 1, 4) == 1,
          "mini2: chits by turn");
    CHECK(re_scenario_digest_bytes(&sc) > offsetof(re_scenario, ext) &&
              re_scenario_digest_bytes(&sc) < sizeof sc,
          "mini2: the digest covers format 2 up to its last byte that is not zero");
    /* the scenario rules (tests/io/good_mini3.json) */
    snprintf(path, sizeof path, "%s/tests/io/good_mini3.json", root);
    CHECK(re_scenario_load(path, &sc, &err) == GR_OK, "%s", err.msg);
    CHECK(sc.victory == RE_VICTORY_OBJECTIVES, "mini3: victory %d", sc.victory);
    CHECK(sc.ext.guard_rule == RE_GUARD_RETREAT_ONE_LESS && sc.ext.unit_tags[0] == RE_TAG_GUARD &&
              sc.ext.unit_tags[1] == 0,
          "mini3: guard");
    CHECK(sc.ext.unit_points[0] == 0 && sc.ext.unit_points[1] == 3, "mini3: points");
    CHECK(sc.ext.sight[1] == 1 && sc.ext.sight[2] == 1 && sc.ext.sight[3] == 0 &&
              sc.ext.sight[4] == 2,
          "mini3: sight by turn");
    CHECK(sc.ext.sudden_death[0] == 0 && sc.ext.sudden_death[1] == 2, "mini3: sudden death");
    CHECK(sc.ext.nchanges == 2 && sc.ext.changes[0].turn == 3 && sc.ext.changes[0].col == 1 &&
              sc.ext.changes[0].row == 1 && sc.ext.changes[0].what == RE_TC_FLAGS &&
              sc.ext.changes[0].flags == RE_FIELDWORKS && sc.ext.changes[1].turn == 4 &&
              sc.ext.changes[1].flags == RE_BRIDGE,
          "mini3: terrain changes");
    snprintf(path, sizeof path, "%s/tests/io/good_mini.json", root);
    CHECK(re_scenario_load(path, &sc, &err) == GR_OK, "%s", err.msg);
    CHECK(re_scenario_digest_bytes(&sc) == offsetof(re_scenario, ext),
          "mini: a format-1 digest covers format 1 only");
}

static void test_bundled(const char *root)
{
    static const struct {
        const char *file;
        const char *id;
        int cols, rows, units, corps;
    } want[] = {
        {"data/scenarios/teaching.json", "teaching", 12, 8, 12, 4},
        {"data/scenarios/austerlitz.json", "austerlitz", 16, 12, 50, 15},
        {"data/scenarios/marengo.json", "marengo", 16, 10, 22, 8},
        {"data/scenarios/friedland.json", "friedland", 14, 10, 22, 8},
        {"tests/io/good_mini.json", "mini", 4, 3, 2, 2},
        {"tests/io/good_mini2.json", "mini2", 4, 3, 3, 2},
        {"tests/io/good_mini3.json", "mini3", 4, 3, 2, 2},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, want[i].file);
        re_scenario sc;
        gr_error err;
        gr_error_clear(&err);
        gr_status st = re_scenario_load(path, &sc, &err);
        CHECK(st == GR_OK, "%s: %s", want[i].file, err.msg);
        if (st != GR_OK)
            continue;
        CHECK(!strcmp(sc.id, want[i].id), "%s: id %s", want[i].file, sc.id);
        CHECK(sc.cols == want[i].cols && sc.rows == want[i].rows, "%s: %dx%d", want[i].file,
              sc.cols, sc.rows);
        CHECK(sc.nunits == want[i].units, "%s: %d units", want[i].file, sc.nunits);
        CHECK(sc.ncorps == want[i].corps, "%s: %d corps", want[i].file, sc.ncorps);
        /* streams are symmetric */
        for (int r = 0; r < sc.rows; r++)
            for (int c = 0; c < sc.cols; c++)
                for (int d = 0; d < GR_HEX_DIRS; d++) {
                    if (!(sc.map[r][c].sides & (1u << d)))
                        continue;
                    int c2, r2;
                    gr_hex_to_offset(gr_hex_neighbor(gr_hex_from_offset(c, r), d), &c2, &r2);
                    CHECK(c2 >= 0 && r2 >= 0 && c2 < sc.cols && r2 < sc.rows &&
                              (sc.map[r2][c2].sides & (1u << gr_hex_opposite(d))),
                          "%s: stream at %d,%d dir %d not symmetric", want[i].file, c, r, d);
                }
    }
    /* the Austerlitz details the research note gives */
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/austerlitz.json", root);
    re_scenario sc;
    if (re_scenario_load(path, &sc, NULL) == GR_OK) {
        CHECK(sc.turns == 7, "austerlitz turns %d", sc.turns);
        CHECK(sc.sides[0].chits_per_turn == 6 && sc.sides[1].chits_per_turn == 4,
              "austerlitz x = %d, %d", sc.sides[0].chits_per_turn, sc.sides[1].chits_per_turn);
        CHECK(sc.map[0][5].flags == (RE_HILL | RE_FIELDWORKS | RE_ROAD), "Santon flags %d",
              sc.map[0][5].flags);
        CHECK(sc.map[10][3].terrain == RE_LAKE, "Satschan pond");
        CHECK(sc.map[10][2].terrain == RE_TOWN, "Telnitz");
        int french = 0;
        for (int i = 0; i < sc.nunits; i++)
            french += sc.units[i].side == 0;
        CHECK(french == 23 && sc.nunits - french == 27, "23 French, 27 Allied units: %d", french);
    }
}

static void test_bad(const char *root)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/io/bad/EXPECTED", root);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char file[128];
        int wl, wc, off = 0;
        if (sscanf(line, "%127s %d %d %n", file, &wl, &wc, &off) != 3) {
            CHECK(0, "bad EXPECTED line: %s", line);
            continue;
        }
        char *text = line + off;
        text[strcspn(text, "\n")] = '\0';
        char fpath[1200], name[160];
        snprintf(fpath, sizeof fpath, "%s/tests/io/bad/%s", root, file);
        re_scenario sc;
        gr_error err;
        gr_error_clear(&err);
        gr_status st = re_scenario_load(fpath, &sc, &err);
        n++;
        CHECK(st == GR_EINPUT, "%s: accepted (status %d)", file, (int)st);
        if (st != GR_EINPUT)
            continue;
        CHECK(well_formed(err.msg, fpath), "%s: message not FILE:LINE:COL: what; fix: %s", file,
              err.msg);
        snprintf(name, sizeof name, ":%d:%d: ", wl, wc);
        CHECK(strstr(err.msg, name) != NULL, "%s: want position %d:%d, got %s", file, wl, wc,
              err.msg);
        CHECK(strstr(err.msg, text) != NULL, "%s: want \"%s\" in: %s", file, text, err.msg);
        /* a refused file leaves no half-loaded scenario */
        CHECK(sc.nunits == 0 && sc.cols == 0, "%s: scenario not cleared", file);
    }
    fclose(f);
    CHECK(n >= 40, "only %d bad files", n);
}

/* Mangle a good file in many ways; the loader must answer every time with
 * OK or a well-formed message, and never crash (the sanitizers watch). */
static void test_mangled(const char *root)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/scenarios/teaching.json", root);
    char *text;
    size_t len;
    gr_error err;
    CHECK(gr_read_file(path, RE_SCENARIO_MAX_BYTES, &text, &len, &err) == GR_OK, "%s", err.msg);
    if (!text)
        return;
    char *buf = malloc(len + 1);
    re_scenario *sc = malloc(sizeof *sc);
    int bad_msgs = 0, runs = 0;
    /* every truncation */
    for (size_t cut = 0; cut < len; cut++) {
        memcpy(buf, text, cut);
        gr_error_clear(&err);
        if (re_scenario_parse(buf, cut, "cut.json", sc, &err) != GR_OK &&
            !well_formed(err.msg, "cut.json"))
            bad_msgs++;
        runs++;
    }
    /* random byte changes, seeded */
    gr_rng rng;
    gr_rng_seed(&rng, 2024);
    static const char pool[] = "{}[]:,\"\\ 0123456789-.eEtfnul TFWOXRKBM\x80\xC3\xA9\xFF\n";
    for (int k = 0; k < 4000; k++) {
        memcpy(buf, text, len);
        int edits = 1 + (int)gr_rng_below(&rng, 4);
        for (int e = 0; e < edits; e++) {
            size_t at = gr_rng_below(&rng, (uint32_t)len);
            buf[at] = pool[gr_rng_below(&rng, sizeof pool - 1)];
        }
        gr_error_clear(&err);
        if (re_scenario_parse(buf, len, "mangled.json", sc, &err) != GR_OK &&
            !well_formed(err.msg, "mangled.json")) {
            if (bad_msgs < 5)
                fprintf(stderr, "ill-formed: %s\n", err.msg);
            bad_msgs++;
        }
        runs++;
    }
    /* deep nesting */
    size_t deep = 100000;
    char *d = malloc(deep);
    memset(d, '[', deep);
    gr_error_clear(&err);
    CHECK(re_scenario_parse(d, deep, "deep.json", sc, &err) == GR_EINPUT && strstr(err.msg, "nest"),
          "deep nesting: %s", err.msg);
    free(d);
    CHECK(bad_msgs == 0, "%d of %d mangled files gave an ill-formed message", bad_msgs, runs);
    free(sc);
    free(buf);
    free(text);
}

/* Replace the first `from` in the file by `to`. */
static int rewrite(const char *path, const char *from, const char *to)
{
    char *text;
    size_t len;
    if (gr_read_file(path, GR_SAVE_MAX_BYTES, &text, &len, NULL) != GR_OK)
        return -1;
    char *at = strstr(text, from);
    FILE *f = at ? fopen(path, "w") : NULL;
    if (f) {
        fwrite(text, 1, (size_t)(at - text), f);
        fputs(to, f);
        fputs(at + strlen(from), f);
        fclose(f);
    }
    free(text);
    return f ? 0 : -1;
}

/* Read a save's actions and replay it through a new match: GR_OK if every
 * step verifies. */
static gr_status verify(const gr_game *g, gr_saved *h, gr_error *err)
{
    gr_match *m = NULL;
    size_t bad;
    gr_status s = gr_saved_actions(h, g, err);
    if (s == GR_OK)
        s = gr_match_new(g, h->seed, &m, err);
    if (s == GR_OK)
        s = gr_match_replay(m, h->steps, h->nsteps, &bad, err);
    gr_match_free(m);
    return s;
}

/* A chance outcome given as recorded (typed at the table) is saved with
 * "given": true, read back so, and replayed as it is (not drawn); drawn
 * ones are not marked; "given" on a player's step is refused. */
static void test_save_given(const char *root)
{
    char spath[1024], path[64];
    snprintf(spath, sizeof spath, "%s/data/scenarios/teaching.json", root);
    snprintf(path, sizeof path, "/tmp/grognard-save-XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    close(fd);
    re_scenario *sc = malloc(sizeof *sc);
    gr_error err;
    gr_error_clear(&err);
    CHECK(re_scenario_load(spath, sc, &err) == GR_OK, "%s", err.msg);
    gr_game game = {.type = &re_game_type, .sc = sc};
    gr_match *m = NULL;
    CHECK(gr_match_new(&game, 3, &m, &err) == GR_OK, "%s", err.msg);
    size_t given_at = 0;
    for (int i = 0; i < 30 && m; i++) {
        int p = gr_match_current_player(m);
        if (p == GR_TERMINAL)
            break;
        gr_status r;
        const gr_action *acts;
        int n = gr_match_legal(m, &acts);
        if (p == GR_CHANCE && !given_at) {
            /* the first chance node's last outcome, typed at the table */
            r = gr_match_apply(m, acts[n - 1], &err);
            given_at = gr_match_steps(m);
        } else if (p == GR_CHANCE) {
            r = gr_match_step_chance(m, &err);
        } else {
            r = gr_match_apply(m, acts[0], &err);
        }
        CHECK(r == GR_OK, "step %d: %s", i + 1, err.msg);
    }
    CHECK(given_at > 0 && given_at < gr_match_steps(m), "a given chance step, then more steps");
    gr_saved h;
    CHECK(gr_save_write(m, spath, path, &err) == GR_OK, "%s", err.msg);
    CHECK(gr_save_read(path, &h, &err) == GR_OK, "%s", err.msg);
    int marks = 0;
    for (size_t i = 0; i < h.nsteps; i++)
        marks += h.steps[i].given;
    CHECK(h.nsteps == gr_match_steps(m) && given_at && h.steps[given_at - 1].given && marks == 1,
          "the given step reads back given, and only it (%d marked)", marks);
    CHECK(verify(&game, &h, &err) == GR_OK, "a save with a given step replays: %s", err.msg);
    gr_saved_free(&h);
    CHECK(rewrite(path, "{\"n\": 1, \"player\": 0,",
                  "{\"n\": 1, \"given\": true, \"player\": 0,") == 0,
          "rewrite");
    gr_error_clear(&err);
    CHECK(gr_save_read(path, &h, &err) == GR_EINPUT && strstr(err.msg, "only for a chance step"),
          "\"given\" on a player's step refused: %s", err.msg);
    gr_saved_free(&h);
    gr_match_free(m);
    free(sc);
    remove(path);
}

static void test_save_versions(const char *root)
{
    char spath[1024], path[64];
    snprintf(spath, sizeof spath, "%s/data/scenarios/teaching.json", root);
    snprintf(path, sizeof path, "/tmp/grognard-save-XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    close(fd);
    re_scenario *sc = malloc(sizeof *sc);
    gr_error err;
    gr_error_clear(&err);
    CHECK(re_scenario_load(spath, sc, &err) == GR_OK, "%s", err.msg);
    gr_game game = {&re_game_type, sc, NULL};
    /* 40 steps: chance from the game's chance stream, the players at random */
    gr_match *m = NULL;
    CHECK(gr_match_new(&game, 11, &m, &err) == GR_OK, "%s", err.msg);
    gr_rng players;
    gr_rng_seed(&players, 5);
    for (int i = 0; i < 40 && m; i++) {
        int p = gr_match_current_player(m);
        if (p == GR_TERMINAL)
            break;
        gr_status r;
        if (p == GR_CHANCE) {
            r = gr_match_step_chance(m, &err);
        } else {
            const gr_action *acts;
            int n = gr_match_legal(m, &acts);
            r = gr_match_apply(m, acts[gr_rng_below(&players, (uint32_t)n)], &err);
        }
        CHECK(r == GR_OK, "step %d: %s", i + 1, err.msg);
    }
    CHECK(gr_game_scenario_digest(&game) == re_scenario_digest(sc),
          "the game's digest is the scenario's");
    CHECK(re_scenario_digest(sc) != re_scenario_digest_v1(sc), "the two digests differ");
    gr_saved h;
    /* format 2: written, read back, verified */
    CHECK(gr_save_write(m, spath, path, &err) == GR_OK, "%s", err.msg);
    CHECK(gr_save_read(path, &h, &err) == GR_OK, "%s", err.msg);
    CHECK(h.version == GR_SAVE_VERSION && h.nsteps == gr_match_steps(m) &&
              h.scenario_digest == re_scenario_digest(sc) &&
              gr_save_scenario_digest(&game, h.version) == h.scenario_digest,
          "format 2 round trip: version %d, digest %016" PRIx64, h.version, h.scenario_digest);
    CHECK(verify(&game, &h, &err) == GR_OK, "format 2 verify: %s", err.msg);
    CHECK(h.scenario_text == NULL, "nothing embedded by gr_save_write");
    gr_saved_free(&h);
    /* format 3 embeds the scenario's text as given, byte for byte */
    {
        char *stext;
        size_t slen;
        CHECK(gr_read_file(spath, RE_SCENARIO_MAX_BYTES, &stext, &slen, &err) == GR_OK, "%s",
              err.msg);
        CHECK(gr_save_write_embedded(m, spath, stext, slen, path, &err) == GR_OK, "%s", err.msg);
        CHECK(gr_save_read(path, &h, &err) == GR_OK, "%s", err.msg);
        CHECK(h.version == 3 && h.scenario_text && h.scenario_len == slen &&
                  !memcmp(h.scenario_text, stext, slen),
              "the embedded scenario reads back as the file's text");
        re_scenario *emb = malloc(sizeof *emb);
        CHECK(re_scenario_parse(h.scenario_text, h.scenario_len, "embedded", emb, &err) == GR_OK &&
                  re_scenario_digest(emb) == h.scenario_digest,
              "the embedded scenario parses to the saved digest: %s", err.msg);
        free(emb);
        gr_saved_free(&h);
        /* text that is not UTF-8 is refused, never written cut */
        char bad_text[] = "{\"x\": \"\xff\"}";
        gr_error_clear(&err);
        CHECK(gr_save_write_embedded(m, spath, bad_text, strlen(bad_text), path, &err) ==
                      GR_EINPUT &&
                  strstr(err.msg, "not valid UTF-8"),
              "non-UTF-8 scenario text refused: %s", err.msg);
        /* a version-2 file carrying it is refused with the reason */
        CHECK(gr_save_write_embedded(m, spath, stext, slen, path, &err) == GR_OK &&
                  rewrite(path, "\"version\": 3", "\"version\": 2") == 0,
              "rewrite as version 2");
        gr_error_clear(&err);
        CHECK(gr_save_read(path, &h, &err) == GR_EINPUT &&
                  strstr(err.msg, "\"scenario_text\" is new in save version 3"),
              "version 2 with scenario_text refused: %s", err.msg);
        gr_saved_free(&h);
        /* a version-2 file without it (written before) is still read */
        CHECK(gr_save_write(m, spath, path, &err) == GR_OK &&
                  rewrite(path, "\"version\": 3", "\"version\": 2") == 0,
              "rewrite as version 2");
        CHECK(gr_save_read(path, &h, &err) == GR_OK && h.version == 2 &&
                  verify(&game, &h, &err) == GR_OK,
              "version 2 still read: %s", err.msg);
        gr_saved_free(&h);
        free(stext);
        CHECK(gr_save_write(m, spath, path, &err) == GR_OK, "%s", err.msg);
    }
    /* the same game as format 1 wrote it: still read, checked with the old digest */
    char d2[20], d1[20];
    snprintf(d2, sizeof d2, "%016" PRIx64, re_scenario_digest(sc));
    snprintf(d1, sizeof d1, "%016" PRIx64, re_scenario_digest_v1(sc));
    CHECK(rewrite(path, "\"grognard-save\"", "\"grognard-re-save\"") == 0 &&
              rewrite(path, "\"version\": 3", "\"version\": 1") == 0 &&
              rewrite(path, "\n  \"game\": \"re\",", "") == 0 && rewrite(path, d2, d1) == 0,
          "rewrite as format 1");
    CHECK(gr_save_read(path, &h, &err) == GR_OK, "format 1: %s", err.msg);
    CHECK(h.version == 1 && h.scenario_digest == re_scenario_digest_v1(sc) &&
              gr_save_scenario_digest(&game, h.version) == h.scenario_digest,
          "format 1 digest is checked the old way");
    CHECK(verify(&game, &h, &err) == GR_OK, "format 1 verify: %s", err.msg);
    /* replayed and saved again, it is written as format 2 with this format's digest */
    gr_match *v = NULL;
    size_t bad;
    CHECK(gr_match_new(&game, h.seed, &v, &err) == GR_OK &&
              gr_match_replay(v, h.steps, h.nsteps, &bad, &err) == GR_OK &&
              gr_save_write(v, spath, path, &err) == GR_OK,
          "%s", err.msg);
    gr_match_free(v);
    gr_saved_free(&h);
    CHECK(gr_save_read(path, &h, &err) == GR_OK && h.version == GR_SAVE_VERSION &&
              h.scenario_digest == re_scenario_digest(sc),
          "format 1 saved again as format 2");
    gr_saved_free(&h);
    /* a format-1 file carrying the new digest does not match its scenario */
    CHECK(rewrite(path, "\"grognard-save\"", "\"grognard-re-save\"") == 0 &&
              rewrite(path, "\"version\": 3", "\"version\": 1") == 0 &&
              rewrite(path, "\n  \"game\": \"re\",", "") == 0,
          "rewrite");
    CHECK(gr_save_read(path, &h, &err) == GR_OK &&
              gr_save_scenario_digest(&game, h.version) != h.scenario_digest,
          "format 1 with a format-2 digest is a changed scenario");
    gr_saved_free(&h);
    /* an unknown format */
    CHECK(rewrite(path, "\"version\": 1", "\"version\": 3") == 0, "rewrite");
    gr_error_clear(&err);
    CHECK(gr_save_read(path, &h, &err) == GR_EINPUT && well_formed(err.msg, path) &&
              strstr(err.msg, "version 3 is not known"),
          "format 3 refused: %s", err.msg);
    gr_saved_free(&h);
    gr_match_free(m);
    remove(path);
    free(sc);
}

/* Write a save file of `n` steps (syntactically right, not a real game)
 * with an optional "notes" array of `zeros` zeros: 2 bytes a value. */
static int write_big(const char *path, long n, long zeros)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "{\"format\": \"grognard-save\", \"version\": 2, \"game\": \"re\",\n"
               " \"scenario\": \"x.json\", \"scenario_digest\": \"0000000000000000\", "
               "\"seed\": 1,\n");
    if (zeros) {
        fputs(" \"notes\": [", f);
        for (long i = 0; i < zeros; i++)
            fputs(i ? ",0" : "0", f);
        fputs("],\n", f);
    }
    fputs(" \"steps\": [", f);
    for (long i = 0; i < n; i++)
        fprintf(f,
                "%s\n  {\"n\": %ld, \"player\": 0, \"action\": [1, 0, 255, -1, -1, -1, -1], "
                "\"text\": \"chit Division Lefort\", \"hash\": \"2c2cb63e27682544\"}",
                i ? "," : "", i + 1);
    fputs("]}\n", f);
    return fclose(f);
}

/* Read `path` in a child process: 0 if it is refused with a message
 * containing `want` (or read, if want is NULL) and the child's peak memory
 * stayed under `max_mb` MB; else 1. */
static int read_bounded(const char *path, const char *want, long max_mb)
{
    pid_t pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0) {
        gr_saved h;
        gr_error err;
        gr_error_clear(&err);
        gr_status st = gr_save_read(path, &h, &err);
        gr_saved_free(&h);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        int ok = want ? st == GR_EINPUT && strstr(err.msg, want) != NULL : st == GR_OK;
        if (!ok)
            fprintf(stderr, "%s: status %d: %s\n", path, (int)st, err.msg);
        if (ru.ru_maxrss / 1024 > max_mb)
            fprintf(stderr, "%s: peak memory %ld MB, the bound is %ld MB\n", path,
                    (long)(ru.ru_maxrss / 1024), max_mb);
        _exit(ok && ru.ru_maxrss / 1024 <= max_mb ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* A save near the size limit: the reader's memory is bounded by what a save
 * can hold (100,000 steps), not by the file's size. */
static void test_save_memory(void)
{
    char path[] = "/tmp/grognard-big-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    close(fd);
    /* 60 MB of "0," in notes: 31 million values */
    CHECK(write_big(path, 0, 30L * 1024 * 1024) == 0, "write %s", path);
    CHECK(read_bounded(path, "more than", 600) == 0, "60 MB of values refused in bounded memory");
    /* 100,000 steps (the most a save holds) are read; one more is refused */
    CHECK(write_big(path, 100000, 0) == 0, "write %s", path);
    CHECK(read_bounded(path, NULL, 600) == 0, "a save of 100,000 steps is read");
    CHECK(write_big(path, 100001, 0) == 0, "write %s", path);
    CHECK(read_bounded(path, "at most 100000", 600) == 0, "a save of 100,001 steps is refused");
    remove(path);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    test_bundled(root);
    test_format2(root);
    test_bad(root);
    test_mangled(root);
    test_save_versions(root);
    test_save_given(root);
    test_save_memory();
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
