/* test_game_load.c - the one door to a game (game.h): gr_game_load and
 * gr_game_load_text find the type in the registry (by an explicit id, by
 * the file's "game", or by the type that claims an undeclared file), load
 * the scenario into a game that owns it, and refuse a bad file with
 * "NAME:LINE:COL: what; fix".
 *
 * usage: test_game_load SOURCE_ROOT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/game.h"
#include "grognard/match.h"
#include "grognard/re.h"
#include "grognard/save.h"

static int failures, checks;

#include "../io/check.h"

/* A small R&E scenario (tests/io/good_mini.json, inline), with `game` as
 * its first member (empty: none). */
static char *mini(const char *game)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "{%s\n"
             " \"version\": 1, \"id\": \"mini\", \"title\": \"Mini\", \"turns\": 2,\n"
             " \"map\": {\"terrain\": [\". . F .\", \" . T . .\", \". . . W\"]},\n"
             " \"sides\": [\n"
             "  {\"id\": \"a\", \"name\": \"A\", \"chits_per_turn\": 1, \"demoralised_at\": 1, "
             "\"retreat\": \"W\"},\n"
             "  {\"id\": \"b\", \"name\": \"B\", \"chits_per_turn\": 1, \"demoralised_at\": 1, "
             "\"retreat\": \"E\"}],\n"
             " \"corps\": [{\"id\": \"ca\", \"name\": \"CA\", \"side\": \"a\", \"chits\": 1},\n"
             "            {\"id\": \"cb\", \"name\": \"CB\", \"side\": \"b\", \"chits\": 1}],\n"
             " \"units\": [{\"name\": \"u1\", \"corps\": \"ca\", \"type\": \"I\", \"figures\": 4, "
             "\"hex\": [0, 0]},\n"
             "           {\"name\": \"u2\", \"corps\": \"cb\", \"type\": \"A\", \"figures\": 1, "
             "\"hex\": [3, 1]}]\n"
             "}\n",
             game);
    return buf;
}

static void loads(const char *game, const char *type_id, const char *what)
{
    gr_game g;
    gr_error err = {0};
    const char *t = mini(game);
    gr_status st = gr_game_load_text(t, strlen(t), "mini.json", type_id, &g, &err);
    CHECK(st == GR_OK, "%s: %s", what, err.msg);
    if (st != GR_OK)
        return;
    CHECK(g.type == &re_game_type, "%s: the type is R&E", what);
    CHECK(g.own == g.sc && g.sc, "%s: the game owns its scenario", what);
    CHECK(!strcmp(g.type->scenario_id(g.sc), "mini"), "%s: the scenario's id", what);
    CHECK(((const re_scenario *)g.sc)->nunits == 2, "%s: two units", what);
    json_t *j = gr_game_scenario_json(&g);
    CHECK(j && !strcmp(json_string_value(json_object_get(j, "game")), "re") &&
              !strcmp(json_string_value(json_object_get(j, "title")), "Mini"),
          "%s: the scenario's JSON names the game and the title", what);
    json_decref(j);
    gr_game_free(&g);
    CHECK(!g.type && !g.sc && !g.own, "%s: gr_game_free clears the game", what);
}

/* The load fails with `code` and exactly the message `msg`. */
static void refused(const char *text, const char *type_id, gr_status code, const char *msg)
{
    gr_game g;
    gr_error err = {0};
    gr_status st = gr_game_load_text(text, strlen(text), "bad.json", type_id, &g, &err);
    CHECK(st == code, "expected status %d, got %d (%s)", (int)code, (int)st, err.msg);
    CHECK(!strcmp(err.msg, msg), "message\n  got:      %s\n  expected: %s", err.msg, msg);
    CHECK(!g.type && !g.sc && !g.own, "a refused load leaves no game");
}

/* The companion's types (bt_game.h) load an order of battle (docs/oob.md):
 * found by the file's "system", or named; another system's file refused at
 * its "system" with the reader's words. */
static void companion(const char *root)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/oob/nf/maida.json", root);
    gr_game g;
    gr_error err = {0};
    CHECK(gr_game_load(path, NULL, &g, &err) == GR_OK, "maida loads: %s", err.msg);
    if (!g.type)
        return;
    CHECK(!strcmp(g.type->id, "nf"), "the file's \"system\": \"nf\" claims it: %s", g.type->id);
    CHECK(!strcmp(g.type->scenario_id(g.sc), "maida"), "the id is the file's stem");
    /* docs/api.md, GET /api/oobs: "Maida, 4 July 1806: ...", 7 French and
     * 9 British units, 10 leaders, 6 turns */
    CHECK(!strncmp(g.type->scenario_title(g.sc), "Maida, 4 July 1806: ", 20), "the title");
    json_t *j = gr_game_scenario_json(&g);
    json_t *sides = json_object_get(j, "sides");
    CHECK(j && !strcmp(json_string_value(json_object_get(j, "game")), "nf") &&
              !strcmp(json_string_value(json_object_get(j, "system")), "nf") &&
              !strcmp(json_string_value(json_object_get(j, "id")), "maida") &&
              !strcmp(json_string_value(json_object_get(j, "date")), "1806-07-04") &&
              json_integer_value(json_object_get(j, "units")) == 16 &&
              json_integer_value(json_object_get(j, "leaders")) == 10 &&
              json_integer_value(json_object_get(j, "turns")) == 6 &&
              json_integer_value(json_object_get(json_array_get(sides, 0), "units")) == 7 &&
              json_integer_value(json_object_get(json_array_get(sides, 1), "units")) == 9,
          "the scenario's JSON as GET /api/oobs lists it");
    json_decref(j);
    /* a state starts at the order of battle's start */
    void *st = malloc(g.type->state_size);
    CHECK(st && gr_game_init(&g, st, &err) == GR_OK, "init: %s", err.msg);
    CHECK(st && gr_game_current_player(&g, st) == 0, "side 0 (\"first\" left out) moves first");
    free(st);
    gr_game_free(&g);
    /* named "aoe": the file's "system" (line 3, col 13) is refused */
    gr_status s = gr_game_load(path, "aoe", &g, &err);
    char want[1200];
    snprintf(want, sizeof want,
             "%s:3:13: \"system\" is \"nf\", but the battle is started as aoe; write \"aoe\" "
             "or start it as the file's system (systems kept: aoe, nf, rff)",
             path);
    CHECK(s == GR_EINPUT && !strcmp(err.msg, want), "another system's file: %s", err.msg);
    CHECK(!g.type && !g.sc, "a refused load leaves no game");
}

/* Saves go through the type: its record of an action is written, read
 * back, and refused at its place when it is not one. */
static void saves(void)
{
    gr_game g;
    gr_error err = {0};
    const char *t = mini("");
    CHECK(gr_game_load_text(t, strlen(t), "mini.json", NULL, &g, &err) == GR_OK, "%s", err.msg);
    gr_match *m = NULL;
    CHECK(gr_match_new(&g, 7, &m, &err) == GR_OK, "%s", err.msg);
    for (int i = 0; m && i < 30 && gr_match_current_player(m) != GR_TERMINAL; i++) {
        const gr_action *acts;
        if (gr_match_current_player(m) == GR_CHANCE)
            CHECK(gr_match_step_chance(m, &err) == GR_OK, "%s", err.msg);
        else if (gr_match_legal(m, &acts) > 0)
            CHECK(gr_match_apply(m, acts[0], &err) == GR_OK, "%s", err.msg);
    }
    char *text = NULL;
    size_t len = 0;
    CHECK(m && gr_save_dump(m, "mini.json", NULL, 0, &text, &len, &err) == GR_OK, "%s", err.msg);
    /* the first step is side 0's chit: R&E's record, kind 1 (RE_A_CHIT, the
     * first kind after RE_A_NONE), as seven numbers "[1, ...]" */
    const char *a = text ? strstr(text, "\"action\": ") : NULL;
    int v[7], end = 0;
    CHECK(a &&
              sscanf(a, "\"action\": [%d, %d, %d, %d, %d, %d, %d]%n", &v[0], &v[1], &v[2], &v[3],
                     &v[4], &v[5], &v[6], &end) == 7 &&
              end > 0 && v[0] == 1,
          "the first step's action is R&E's seven numbers, a chit: %.60s", a ? a : "(none)");
    gr_saved s;
    CHECK(text && gr_save_parse(text, len, "mini-save.json", &s, &err) == GR_OK &&
              gr_saved_actions(&s, &g, &err) == GR_OK,
          "%s", err.msg);
    CHECK(m && s.nsteps == gr_match_steps(m), "every step read back");
    for (size_t i = 0; m && i < s.nsteps && i < gr_match_steps(m); i++)
        CHECK(s.steps[i].action == gr_match_step(m, i)->action &&
                  s.steps[i].player == gr_match_step(m, i)->player,
              "step %zu read back as written", i + 1);
    gr_saved_free(&s);
    free(text);

    /* any 64-bit seed is saved and read back whole (a simulator's game seed
     * is one); one past 2^64 - 1 is refused at its place */
    gr_match *big = NULL;
    text = NULL;
    CHECK(gr_match_new(&g, UINT64_MAX, &big, &err) == GR_OK &&
              gr_save_dump(big, "mini.json", NULL, 0, &text, &len, &err) == GR_OK,
          "%s", err.msg);
    CHECK(text && strstr(text, "\"seed\": 18446744073709551615,"), "the seed written whole");
    CHECK(text && gr_save_parse(text, len, "big.json", &s, &err) == GR_OK && s.seed == UINT64_MAX,
          "the seed 2^64 - 1 read back: %s", err.msg);
    gr_saved_free(&s);
    char *past = text ? strstr(text, "18446744073709551615") : NULL;
    if (past) {
        memcpy(past, "18446744073709551616", 20);
        CHECK(gr_save_parse(text, len, "big.json", &s, &err) == GR_EINPUT &&
                  strstr(err.msg, "\"seed\" must be a whole number from 0 to "
                                  "18446744073709551615"),
              "a seed past 2^64 - 1 refused: %s", err.msg);
        gr_saved_free(&s);
    }
    free(text);
    gr_match_free(big);
    gr_match_free(m);

    /* a save of a game no type is ("chess" at column 51: the 50 characters
     * of `head` before it); an action that is not R&E's record (its sixth
     * element, 128, at line 2 column 56: " \"steps\": [{\"player\": 0,
     * \"action\": [" is 35 characters, then "1, 0, 255, -1, -1, ") */
    static const char head[] = "{\"format\": \"grognard-save\", \"version\": 3, \"game\": ";
    char buf[512];
    snprintf(buf, sizeof buf, "%s\"chess\", \"scenario\": \"x.json\"}", head);
    CHECK(gr_save_parse(buf, strlen(buf), "s.json", &s, &err) == GR_EINPUT &&
              !strcmp(err.msg,
                      "s.json:1:51: game \"chess\" is not known; accepted: \"re\", "
                      "\"aoe\", \"nf\", \"rff\", \"aoe-table\", \"nf-table\", \"rff-table\""),
          "unknown game: %s", err.msg);
    gr_saved_free(&s);
    snprintf(buf, sizeof buf,
             "%s\"re\", \"scenario\": \"x.json\", \"scenario_digest\": \"0000000000000000\", "
             "\"seed\": 1,\n \"steps\": [{\"player\": 0, \"action\": [1, 0, 255, -1, -1, 128, -1], "
             "\"hash\": \"0000000000000000\"}]}",
             head);
    /* the actions are read once the game is loaded (a type's record may
     * name the scenario's pieces) */
    CHECK(gr_save_parse(buf, strlen(buf), "s.json", &s, &err) == GR_OK, "%s", err.msg);
    CHECK(gr_saved_actions(&s, &g, &err) == GR_EINPUT &&
              !strcmp(err.msg, "s.json:2:56: element 6 of \"action\" must be a whole number from "
                               "-128 to 127; fix it"),
          "a bad record at its place: %s", err.msg);
    gr_saved_free(&s);
    gr_game_free(&g);
}

/* L'Âge des Aigles on the table: a battle file is claimed by its "type"
 * (docs/table.md), its id the file's stem, its title the file's. */
static void table(const char *root)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    gr_game g;
    gr_error err = {0};
    CHECK(gr_game_load(path, NULL, &g, &err) == GR_OK, "teaching loads: %s", err.msg);
    if (!g.type)
        return;
    CHECK(!strcmp(g.type->id, "aoe-table"), "\"type\": \"aoe-table\" claims it: %s", g.type->id);
    CHECK(!strcmp(g.type->scenario_id(g.sc), "teaching"), "the id is the file's stem");
    CHECK(!strcmp(g.type->scenario_title(g.sc), "Teaching battle: the mill of Saint-Aubin"),
          "the title");
    CHECK(!g.type->not_enumerable, "its actions are listed");
    gr_game_free(&g);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game_load SOURCE_ROOT\n");
        return 2;
    }
    /* the registry lists R&E and finds it by id, nothing by another */
    size_t n = 0;
    const gr_game_type *const *types = gr_game_types(&n);
    CHECK(n >= 1, "at least one type registered");
    int has_re = 0;
    for (size_t i = 0; i < n; i++)
        has_re |= types[i] == &re_game_type;
    CHECK(has_re, "R&E is registered");
    CHECK(gr_game_type_find("re") == &re_game_type, "find re");
    CHECK(gr_game_type_find("chess") == NULL, "no chess");
    CHECK(gr_game_type_find(NULL) == NULL, "no NULL id");

    /* declared by the file, claimed without declaration, or named */
    loads(" \"game\": \"re\",", NULL, "declared");
    loads("", NULL, "claimed (no \"game\": the files before the registry)");
    loads("", "re", "named by the caller");

    /* an unknown type: named by the caller, or declared at line 1 col 11 */
    refused(
        mini(""), "chess", GR_EINPUT,
        "bad.json: the game type \"chess\" is not known; known: \"re\", \"aoe\", \"nf\", \"rff\", "
        "\"aoe-table\", \"nf-table\", \"rff-table\"");
    refused(mini(" \"game\": \"chess\","), NULL, GR_EINPUT,
            "bad.json:1:11: the game type \"chess\" is not known; known: \"re\", \"aoe\", \"nf\", "
            "\"rff\", \"aoe-table\", \"nf-table\", \"rff-table\"");
    refused("{\"game\": 7}", NULL, GR_EINPUT,
            "bad.json:1:10: \"game\" must be the id of a game type as a string; known: \"re\", "
            "\"aoe\", \"nf\", \"rff\", \"aoe-table\", \"nf-table\", \"rff-table\"");
    /* a file no type claims */
    refused(
        "[1, 2]", NULL, GR_EINPUT,
        "bad.json:1:1: this is not a scenario of any game grognard knows; a scenario file is "
        "a JSON object that names its game, e.g. \"game\": \"re\" (known: \"re\", \"aoe\", \"nf\", "
        "\"rff\", \"aoe-table\", \"nf-table\", \"rff-table\")");
    /* the companion's types load an order of battle: an R&E scenario named
     * "nf" is refused by the order-of-battle reader at its first key it
     * does not know ("version", line 2 col 2) */
    refused(mini(""), "nf", GR_EINPUT,
            "bad.json:2:2: unknown key \"version\" in the order of battle; accepted keys: "
            "format, system, title, date, sources, notes, turns, first, sides, leaders, units "
            "(docs/oob.md)");
    companion(argv[1]);
    table(argv[1]);
    /* a type's own error, at its place: a unit off the map, line 10, its
     * "hex" after 11 spaces and 64 characters of the unit */
    {
        char bad[2048];
        snprintf(bad, sizeof bad, "%s", mini(""));
        char *h = strstr(bad, "[3, 1]");
        memcpy(h, "[9, 1]", 6);
        gr_game g;
        gr_error err = {0};
        CHECK(gr_game_load_text(bad, strlen(bad), "bad.json", NULL, &g, &err) == GR_EINPUT,
              "off the map refused");
        CHECK(!strcmp(err.msg, "bad.json:10:76: the hex of unit \"u2\" [9, 1] is off the map; "
                               "the map has columns 0 to 3 and rows 0 to 2"),
              "the place of the bad hex: %s", err.msg);
    }
    /* a syntax error, at its line and column */
    refused("{\n  \"game\": \"re\",\n  \"version\" 1\n}", NULL, GR_EINPUT,
            "bad.json:3:13: malformed JSON: expected ':' after the key \"version\", found '1'; "
            "write \"version\": VALUE");
    /* R&E refuses a declaration of another game when named by the caller */
    refused(
        mini(" \"game\": \"aoe\","), "re", GR_EINPUT,
        "bad.json:1:11: \"game\" of the scenario is \"aoe\"; did you mean \"re\"? (accepted: re)");

    /* from a file: every bundled scenario loads through the one door */
    static const char *const files[] = {"austerlitz", "friedland", "marengo", "teaching"};
    for (size_t i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/data/scenarios/%s.json", argv[1], files[i]);
        gr_game g;
        gr_error err = {0};
        CHECK(gr_game_load(path, NULL, &g, &err) == GR_OK, "%s", err.msg);
        CHECK(g.type == &re_game_type && !strcmp(g.type->scenario_id(g.sc), files[i]),
              "%s is R&E's %s", path, files[i]);
        gr_game_free(&g);
    }
    {
        gr_game g;
        gr_error err = {0};
        CHECK(gr_game_load("/nonexistent/x.json", NULL, &g, &err) == GR_ERUNTIME,
              "a missing file is a runtime failure");
        CHECK(strstr(err.msg, "/nonexistent/x.json: cannot open the file") == err.msg, "%s",
              err.msg);
    }
    saves();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
