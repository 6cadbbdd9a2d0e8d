/* test_bt_game.c - the battle companion as a game type (bt_game.h) played
 * through the match:
 *
 * - a test's dice are chance nodes, one die at a time, each named by the
 *   procedure (the aoe general hit of battle.sh, values typed at the table
 *   and worked out from seed 003);
 * - a format-1 battle file made by the previous release
 *   (fixtures/aoe_format1.json: `battle new` on the Pratzen order of
 *   battle, seed 11, three `next`, a movement with dice from the seed, one
 *   with --roll 4) is read into a match, its dice given as recorded, ends
 *   in the state hash the file records, continues, undoes a whole test and
 *   rolls it again the same, and goes through a save file and back;
 * - a call given as JSON read (gr_bt_call_json), who may ask for it
 *   (gr_battle_may_decide), the verbs open to each side (gr_bt_verbs_json);
 * - the battle file written back as a save of the match resumes;
 * - a format-1 record that no longer applies, or hashes otherwise, fails
 *   naming the action.
 *
 * usage: test_bt_game SOURCE_ROOT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard/battle_io.h"
#include "grognard/bt_game.h"
#include "grognard/match.h"
#include "grognard/oob.h"
#include "grognard/resolve.h"
#include "grognard/save.h"

static int checks, failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL line %d: ", __LINE__);                                           \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
        }                                                                                          \
    } while (0)

static const char *root = ".";

static gr_status act(gr_match *m, const char *text, gr_error *e)
{
    unsigned char rec[GR_ACTION_MAX];
    gr_status st = gr_game_act_parse(gr_match_game(m), gr_match_state(m), text, rec, e);
    return st == GR_OK ? gr_match_act(m, rec, e) : st;
}

static gr_status die(gr_match *m, int v, gr_error *e)
{
    unsigned char rec[GR_ACTION_MAX];
    gr_game_act_of((gr_action)v, rec);
    return gr_match_act(m, rec, e);
}

static const json_t *unit_of(const json_t *v, const char *id)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(v, "units"), i,
                       u) if (!strcmp(json_string_value(json_object_get(u, "id")), id)) return u;
    return NULL;
}

static const json_t *leader_of(const json_t *v, const char *id)
{
    size_t i;
    json_t *l;
    json_array_foreach(json_object_get(v, "leaders"), i,
                       l) if (!strcmp(json_string_value(json_object_get(l, "id")), id)) return l;
    return NULL;
}

/* The view (view_json, from observe only) after Schiner lost 1 of his 6
 * stands (worn at 1 lost, aoe_small.json): the French see it all, the
 * Allies the 5 stands left and none of the rest, a spectator neither
 * side's hidden details; an Allied view does not change with a French
 * hidden detail. */
static void test_view(const gr_game *g, const void *st)
{
    json_t *fr = gr_game_view_json(g, st, 0), *al = gr_game_view_json(g, st, 1),
           *sp = gr_game_view_json(g, st, GR_SPECTATOR);
    CHECK(fr && al && sp, "three views");
    if (!fr || !al || !sp)
        return;
    const json_t *s0 = unit_of(fr, "schiner"), *s1 = unit_of(al, "schiner"),
                 *s2 = unit_of(sp, "schiner");
    CHECK(s0 && json_integer_value(json_object_get(s0, "stands")) == 6 &&
              json_integer_value(json_object_get(s0, "lost")) == 1 &&
              json_integer_value(json_object_get(s0, "left")) == 5 &&
              !strcmp(json_string_value(json_object_get(s0, "condition")), "worn") &&
              json_integer_value(json_object_get(s0, "worn_at")) == 1,
          "the French see Schiner: 6 stands, 1 lost, 5 left, worn at 1");
    static const char *const hidden[] = {"stands",   "lost", "condition", "worn_at",
                                         "spent_at", "ammo", "sys"};
    for (size_t k = 0; k < sizeof hidden / sizeof hidden[0]; k++)
        CHECK(s1 && s2 && !json_object_get(s1, hidden[k]) && !json_object_get(s2, hidden[k]),
              "the Allies and a spectator do not see Schiner's \"%s\"", hidden[k]);
    CHECK(s1 && s2 && json_integer_value(json_object_get(s1, "left")) == 5 &&
              json_integer_value(json_object_get(s2, "left")) == 5 &&
              json_is_true(json_object_get(s1, "removed")) == 0,
          "everyone sees the 5 stands left on the table");
    CHECK(json_integer_value(json_object_get(unit_of(al, "kamensky"), "stands")) == 6 &&
              !json_object_get(unit_of(sp, "kamensky"), "stands") &&
              !json_object_get(unit_of(fr, "kamensky"), "stands"),
          "the Allies see their Kamensky's stands, the spectator and the French do not");
    CHECK(json_object_get(leader_of(fr, "napoleon"), "rating") &&
              !json_object_get(leader_of(al, "napoleon"), "rating") &&
              !json_object_get(leader_of(sp, "napoleon"), "back_turn"),
          "Napoleon's rating is the French's");
    CHECK(json_integer_value(json_object_get(fr, "side")) == 0 &&
              json_integer_value(json_object_get(al, "side")) == 1 &&
              json_is_null(json_object_get(sp, "side")) &&
              !strcmp(json_string_value(json_object_get(al, "phase")), "s1_fire_second") &&
              json_is_string(json_object_get(al, "phase_player")) &&
              json_array_size(json_object_get(al, "sequence")) > 0 && !json_object_get(al, "hash"),
          "side, phase, phase_player, sequence; no hash (the server adds it)");
    const json_t *ini = json_array_get(json_object_get(al, "sequence"), 0);
    CHECK(
        !strcmp(json_string_value(json_object_get(al, "sheet_lang")), "fr") &&
            !strcmp(json_string_value(json_object_get(ini, "title")), "Interphase d'initiative") &&
            !strcmp(json_string_value(json_object_get(ini, "title_fr")),
                    "Interphase d'initiative") &&
            !strcmp(json_string_value(json_object_get(ini, "title_en")), "Initiative interphase"),
        "the sequence's titles: the sheet's (French, seed 000 \"Interphase d'initiative\") "
        "and each language's");
    const json_t *vl = json_object_get(json_object_get(al, "verb_labels"), "combat");
    CHECK(vl && !strcmp(json_string_value(json_object_get(vl, "fr")), "Combats") &&
              !strcmp(json_string_value(json_object_get(vl, "en")), "Combat"),
          "every verb's name in the view, aoe's combat as seed 000's \"Phase (3) Combats\"");
    /* a French hidden detail changed: the Allied view is the same */
    void *t = malloc(g->type->state_size);
    memcpy(t, st, g->type->state_size);
    gr_battle *tb = (gr_battle *)gr_bt_game_battle(t); /* the state's own battle */
    tb->units[gr_battle_unit(tb, "schiner")].worn_at = 2;
    json_t *al2 = gr_game_view_json(g, t, 1), *fr2 = gr_game_view_json(g, t, 0);
    CHECK(json_equal(al, al2) && !json_equal(fr, fr2),
          "the Allied view does not see Schiner's worn_at; the French one does");
    /* the system's words (gr_bt_rules_json, which the server serves apart
     * as GET .../rules): each of them is the view's, whoever looks and
     * whatever the state; only the system's name of the state in them */
    json_t *rules = gr_bt_rules_json(gr_bt_game_battle(st)->rules);
    const char *key;
    json_t *val;
    int same = rules && json_object_size(rules) == 6;
    json_object_foreach(rules, key, val)
    {
        same &= json_equal(val, json_object_get(al, key)) &&
                json_equal(val, json_object_get(sp, key)) &&
                json_equal(val, json_object_get(fr2, key));
    }
    CHECK(same && !strcmp(json_string_value(json_object_get(rules, "system")), "aoe") &&
              !strcmp(json_string_value(json_object_get(rules, "sheet_lang")), "fr") &&
              !json_object_get(rules, "units") && !json_object_get(rules, "phase"),
          "the system's words: system, sheet_lang (aoe's French sheets), sequence and the three "
          "label sets, as every view gives them; no unit, no phase now");
    json_decref(rules);
    json_t *all = gr_bt_status_json(gr_bt_game_battle(st), GR_BT_VIEW_ALL);
    CHECK(json_integer_value(json_object_get(unit_of(all, "kamensky"), "stands")) == 6 &&
              json_integer_value(json_object_get(unit_of(all, "schiner"), "lost")) == 1 &&
              json_is_string(json_object_get(all, "hash")),
          "the table's record (battle status) shows both sides and the hash");
    json_decref(all);
    json_decref(al2);
    json_decref(fr2);
    free(t);
    json_decref(fr);
    json_decref(al);
    json_decref(sp);
}

/* What the server reads and asks of the battle (bt_game.h, battle.h), in
 * aoe_small.json's "Tirs du 2e joueur" of the French segment, where the
 * second player, the Allied side, fires: a call given as JSON, who may ask
 * for it, and the verbs open to each side. */
static void test_call_json(const gr_battle *b)
{
    gr_bt_action a;
    gr_error e;
    gr_error_clear(&e);
    json_t *j = json_loads("{\"verb\": \"fire\", \"unit\": \"russian_foot\", \"target\": "
                           "\"schiner\", \"inputs\": {\"range\": 4, \"cover\": false}, "
                           "\"roll\": [9, 3]}",
                           0, NULL);
    CHECK(gr_bt_call_json(b, j, &a, &e) == GR_OK && !strcmp(a.call.verb, "fire") &&
              a.call.unit == gr_battle_unit(b, "russian_foot") &&
              a.call.target == gr_battle_unit(b, "schiner") && a.call.leader == -1 &&
              a.call.nin == 1 && !strcmp(a.call.key[0], "range") && !strcmp(a.call.val[0], "4") &&
              a.nrolls == 2 && a.rolls[0] == 9 && a.rolls[1] == 3,
          "the fire read, cover false left out, its two dice: %s", e.msg);
    CHECK(gr_battle_may_decide(b, 1, &a.call, &e) == GR_OK, "the Allies fire: %s", e.msg);
    CHECK(gr_battle_may_decide(b, 0, &a.call, &e) == GR_EILLEGAL && strstr(e.msg, "Allied's phase"),
          "the French may not: %s", e.msg);
    json_decref(j);
    static const char *const bad[][2] = {
        {"{\"verb\": \"fire\", \"colour\": 1}", "unknown key \"colour\""},
        {"{\"unit\": \"schiner\"}", "give \"verb\""},
        {"{\"verb\": \"charge!\"}", "accepted: next, "},
        {"{\"verb\": \"fire\", \"unit\": \"nobody\"}", "\"nobody\" is not a unit"},
        {"{\"verb\": \"fire\", \"leader\": \"nobody\"}", "\"nobody\" is not a leader"},
        {"{\"verb\": \"fire\", \"unit\": 3}", "must be a string"},
        {"{\"verb\": \"fire\", \"inputs\": [4]}", "must be an object"},
        {"{\"verb\": \"fire\", \"inputs\": {\"range\": [4]}}", "inputs.range"},
        {"{\"verb\": \"fire\", \"roll\": [100]}", "\"roll\"[0]"},
        {"{\"verb\": \"fire\", \"roll\": 7}", "must be a list"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        j = json_loads(bad[k][0], 0, NULL);
        gr_error_clear(&e);
        CHECK(j && gr_bt_call_json(b, j, &a, &e) == GR_EINPUT && strstr(e.msg, bad[k][1]),
              "%s refused saying %s: %s", bad[k][0], bad[k][1], e.msg);
        json_decref(j);
    }
    gr_bt_call next = {.verb = "next", .unit = -1, .target = -1, .leader = -1};
    CHECK(gr_battle_may_decide(b, 0, &next, &e) == GR_EILLEGAL &&
              strstr(e.msg, "Allied acts in this phase") &&
              gr_battle_may_decide(b, 1, &next, NULL) == GR_OK,
          "next is the Allies': %s", e.msg);
    json_t *v0 = gr_bt_verbs_json(b, 0), *v1 = gr_bt_verbs_json(b, 1);
    json_t *first = json_array_get(json_object_get(v1, "verbs"), 0), *fire = NULL, *e1;
    size_t i;
    json_array_foreach(json_object_get(v1, "verbs"), i,
                       e1) if (!strcmp(json_string_value(json_object_get(e1, "name")), "fire"))
        fire = e1;
    CHECK(json_is_false(json_object_get(v0, "you_act")) &&
              json_is_true(json_object_get(v1, "you_act")) &&
              !strcmp(json_string_value(json_object_get(v1, "phase")), "s1_fire_second") &&
              !strcmp(json_string_value(json_object_get(first, "name")), "next"),
          "the Allies act, next first");
    CHECK(fire && json_is_true(json_object_get(fire, "you_decide")) &&
              json_is_true(json_object_get(fire, "needs_unit")) &&
              json_integer_value(json_object_get(fire, "needs_target")) == 1,
          "fire: the Allies' decision, a unit and a target");
    json_t *in = fire ? json_object_get(fire, "inputs") : NULL, *range = NULL;
    json_array_foreach(
        in, i, e1) if (!strcmp(json_string_value(json_object_get(e1, "name")), "range")) range = e1;
    /* bt_aoe.c's help line: "fire UNIT --target UNIT [--range INCHES (artillery)] ..." */
    CHECK(range && json_is_true(json_object_get(range, "optional")) &&
              !strcmp(json_string_value(json_object_get(range, "placeholder")), "INCHES"),
          "fire's --range: optional, INCHES");
    json_decref(v0);
    json_decref(v1);
}

/* The Russian heavy battery fires at Schiner at 4 inches in the French
 * segment's "Tirs du 2e joueur" (tests/cli/battle.sh, the same battle).
 * Seed 003 PUISSANCE: "Vieille Garde ou artillerie russe", 4": "10/7",
 * heavy 10; Table des tirs, column 10-11: "9 ou plus" Tir efficace,
 * Schiner loses a stand, and Vandamme is attached: TABLE DES GÉNÉRAUX
 * TOUCHÉS, "5 -": Général hors de combat (rolled 3). */
static void test_general_hit(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/cli/battle/aoe_small.json", root);
    gr_battle *b = malloc(sizeof *b);
    gr_bt_scenario *sc = malloc(sizeof *sc);
    gr_error e;
    gr_error_clear(&e);
    CHECK(gr_oob_read(path, NULL, 1, b, NULL, NULL, &e) == GR_OK, "%s", e.msg);
    gr_bt_scenario_init(sc, b);
    gr_game g = {.type = gr_game_type_find("aoe"), .sc = sc};
    CHECK(g.type == &gr_bt_game_aoe, "aoe is registered");
    gr_match *m = NULL;
    CHECK(gr_match_new(&g, 1, &m, &e) == GR_OK, "%s", e.msg);
    for (int i = 0; i < 5; i++)
        CHECK(act(m, "next", &e) == GR_OK, "next %d: %s", i + 1, e.msg);
    const gr_battle *now = gr_bt_game_battle(gr_match_state(m));
    CHECK(!strcmp(now->rules->phases[now->phase].id, "s1_fire_second"), "phase %s",
          now->rules->phases[now->phase].id);
    test_call_json(now);
    /* the second player fires: the Allied side decides */
    CHECK(gr_match_current_player(m) == 1, "the Allied side to move: %d",
          gr_match_current_player(m));
    CHECK(act(m, "fire russian_foot --target schiner --range 4", &e) == GR_OK, "fire: %s", e.msg);
    gr_roll_kind k;
    const char *name;
    int lo, hi;
    CHECK(gr_match_current_player(m) == GR_CHANCE &&
              gr_bt_game_need(gr_match_state(m), &k, &name, &lo, &hi) && k == GR_ROLL_D10 &&
              lo == 1 && hi == 10,
          "the fire's D10 is asked for");
    gr_chance_outcome o[16];
    int n = gr_game_chance_outcomes(&g, gr_match_state(m), o, 16);
    CHECK(n == 10 && o[0].action == 1 && o[0].num == 1 && o[0].den == 10 && o[9].action == 10,
          "ten faces of 1/10: %d", n);
    CHECK(die(m, 11, &e) == GR_EILLEGAL, "11 is no face of a D10");
    CHECK(die(m, 9, &e) == GR_OK, "9: %s", e.msg);
    CHECK(gr_match_current_player(m) == GR_CHANCE &&
              gr_bt_game_need(gr_match_state(m), &k, &name, &lo, &hi) && k == GR_ROLL_D10 &&
              !strcmp(name, "general hit"),
          "then the general hit roll (%s)", gr_match_current_player(m) == GR_CHANCE ? name : "-");
    CHECK(die(m, 3, &e) == GR_OK, "3: %s", e.msg);
    now = gr_bt_game_battle(gr_match_state(m));
    int s = gr_battle_unit(now, "schiner"), v = gr_battle_leader(now, "vandamme");
    CHECK(gr_match_current_player(m) == 1 && now->units[s].lost == 1 &&
              now->leaders[v].status == GR_BT_OUT_OF_ACTION && now->nactions == 6,
          "Schiner loses a stand, Vandamme out of action (lost %d, status %d)", now->units[s].lost,
          now->leaders[v].status);
    CHECK(gr_match_steps(m) == 8 && gr_match_step(m, 6)->given && gr_match_step(m, 7)->given,
          "5 next, the fire and its two dice given: %zu steps", gr_match_steps(m));
    CHECK(gr_game_hash(&g, gr_match_state(m)) == gr_battle_hash(now),
          "between tests the state hash is the battle's");
    /* an Allied unit firing now is refused with the rules' reason */
    CHECK(act(m, "fire russian_foot --target schiner --range 4", &e) == GR_EILLEGAL &&
              strstr(e.msg, "already"),
          "fire twice: %s", e.msg);
    test_view(&g, gr_match_state(m));
    gr_match_free(m);
    free(sc);
    free(b);
}

/* A copy of the file at `from` in `to`, its first `was` made `now`. */
static int tampered(const char *from, const char *to, const char *was, const char *now)
{
    static char text[1 << 20];
    FILE *f = fopen(from, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = 0;
    char *at = strstr(text, was);
    FILE *o = at ? fopen(to, "wb") : NULL;
    if (!o)
        return 0;
    fwrite(text, 1, (size_t)(at - text), o);
    fputs(now, o);
    fputs(at + strlen(was), o);
    return fclose(o) == 0;
}

static void test_format1(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/battle/fixtures/aoe_format1.json", root);
    gr_battle_file f;
    gr_error e;
    gr_error_clear(&e);
    CHECK(gr_battle_file_read(path, NULL, &f, &e) == GR_OK, "read: %s", e.msg);
    if (failures)
        return;
    CHECK(f.format == 1, "read as format 1");
    gr_match *m = f.m;
    /* `battle status --json` of the file: "hash": "a921021176de9526", turn
     * 1, phase s1_tactical */
    const gr_game *g = gr_match_game(m);
    const gr_battle *b = gr_bt_game_battle(gr_match_state(m));
    CHECK(gr_game_hash(g, gr_match_state(m)) == UINT64_C(0xa921021176de9526) && b->turn == 1 &&
              !strcmp(b->rules->phases[b->phase].id, "s1_tactical") && b->nactions == 5,
          "the state the file records: %016" PRIx64, gr_game_hash(g, gr_match_state(m)));
    CHECK(gr_match_steps(m) == 7 && gr_match_step(m, 4)->player == GR_CHANCE &&
              gr_match_step(m, 4)->given && gr_match_step(m, 4)->action == 2 &&
              gr_match_step(m, 6)->given && gr_match_step(m, 6)->action == 4,
          "3 next, 2 movements with their die given as recorded (2 from the seed, 4 typed)");

    /* it continues: a movement, its die from the match's chance stream */
    uint64_t h0 = gr_game_hash(g, gr_match_state(m));
    CHECK(act(m, "movement vare", &e) == GR_OK, "movement vare: %s", e.msg);
    CHECK(gr_match_current_player(m) == GR_CHANCE, "its die is awaited");
    CHECK(gr_match_step_chance(m, &e) == GR_OK, "%s", e.msg);
    size_t n1 = gr_match_steps(m);
    uint64_t h1 = gr_game_hash(g, gr_match_state(m));
    gr_action d1 = gr_match_step(m, n1 - 1)->action;
    CHECK(h1 != h0 && gr_bt_game_battle(gr_match_state(m))->nactions == 6, "the test is done");
    /* undone whole, and asked again: the same die */
    CHECK(gr_match_undo(m, 0, &e) == GR_OK, "undo: %s", e.msg);
    CHECK(gr_match_steps(m) == 7 && gr_game_hash(g, gr_match_state(m)) == h0, "undone whole");
    CHECK(act(m, "movement vare", &e) == GR_OK && gr_match_step_chance(m, &e) == GR_OK, "again: %s",
          e.msg);
    CHECK(gr_match_steps(m) == n1 && gr_match_step(m, n1 - 1)->action == d1 &&
              gr_game_hash(g, gr_match_state(m)) == h1,
          "the same die again");

    /* through a save file (the order of battle embedded) and back */
    char out[] = "/tmp/grognard-btgame-XXXXXX";
    int fd = mkstemp(out);
    CHECK(fd >= 0, "mkstemp");
    close(fd);
    gr_saved h;
    memset(&h, 0, sizeof h);
    CHECK(gr_save_write_embedded(m, f.oob_path, f.oob_text, f.oob_len, out, &e) == GR_OK &&
              gr_save_read(out, &h, &e) == GR_OK,
          "save: %s", e.msg);
    if (h.scenario_text) {
        gr_battle *b2 = malloc(sizeof *b2);
        gr_bt_scenario *sc2 = malloc(sizeof *sc2);
        gr_match *r = NULL;
        size_t bad = 0;
        CHECK(!strcmp(h.game, "aoe") && h.seed == 11 &&
                  gr_oob_parse(h.scenario_text, h.scenario_len, "embedded", NULL, h.seed, b2, &e) ==
                      GR_OK,
              "the embedded order of battle: %s", e.msg);
        gr_bt_scenario_init(sc2, b2);
        gr_game g2 = {.type = gr_game_type_find(h.game), .sc = sc2};
        CHECK(gr_game_scenario_digest(&g2) == h.scenario_digest, "the scenario's digest");
        CHECK(gr_saved_actions(&h, &g2, &e) == GR_OK &&
                  gr_match_new(&g2, h.seed, &r, &e) == GR_OK &&
                  gr_match_replay(r, h.steps, h.nsteps, &bad, &e) == GR_OK,
              "replay: %s", e.msg);
        CHECK(r && gr_game_hash(&g2, gr_match_state(r)) == h1, "the saved battle resumes");
        gr_match_free(r);
        free(sc2);
        free(b2);
    }
    gr_saved_free(&h);
    /* the save written above read back as a battle file, and resumed */
    gr_battle_file g2;
    CHECK(gr_battle_file_read(out, NULL, &g2, &e) == GR_OK && g2.format == 2 &&
              gr_battle_hash(gr_bt_game_battle(gr_match_state(g2.m))) == h1,
          "written as a save and resumed: %s", e.msg);
    if (g2.m)
        gr_battle_file_free(&g2);
    unlink(out);
    gr_battle_file_free(&f);

    /* a record that hashes otherwise, or no longer applies */
    CHECK(tampered(path, out, "a921021176de9526", "a921021176de9527") &&
              gr_battle_file_read(out, NULL, &f, &e) == GR_EINPUT && !f.m &&
              strstr(e.msg, "action 5 (movement thiebault --roll 4)") && strstr(e.msg, "hashes"),
          "a hash changed: %s", e.msg);
    CHECK(tampered(path, out, "\"movement\"", "\"fire\"") &&
              gr_battle_file_read(out, NULL, &f, &e) == GR_EINPUT && !f.m &&
              strstr(e.msg, "action 4 (fire morand") && strstr(e.msg, "no longer applies"),
          "a changed record: %s", e.msg);
    unlink(out);
}

/* Does s hold a letter or a mark of French (an accent, a guillemet)? */
static int frenchy(const char *s)
{
    static const char *const marks[] = {"é", "è", "ê", "à", "â", "ç", "œ", "ô", "û", "î", "«", "»"};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (strstr(s, marks[k]))
            return 1;
    return 0;
}

/* One language per screen (issue 32): every phase has its title in
 * English and in French, the sheet's own in the sheet's language, and
 * every verb its name in both; the English ones hold no French. */
static void test_words(void)
{
    static const char *const systems[] = {"aoe", "nf", "rff"};
    for (size_t i = 0; i < 3; i++) {
        const gr_battle_rules *r = gr_battle_rules_find(systems[i]);
        CHECK(r, "%s: its rules", systems[i]);
        if (!r)
            continue;
        for (size_t k = 0; k < r->nphases; k++) {
            const char *en = gr_battle_phase_title(r, k, GR_LANG_EN);
            const char *fr = gr_battle_phase_title(r, k, GR_LANG_FR);
            CHECK(en && fr && strcmp(en, fr) && !frenchy(en) &&
                      !strcmp(r->sheet_lang == GR_LANG_FR ? fr : en, r->phases[k].title),
                  "%s phase %s: \"%s\" in English, \"%s\" in French, the sheet's its own",
                  systems[i], r->phases[k].id, en ? en : "(none)", fr ? fr : "(none)");
        }
        /* every fact a verb's help line names (--NAME, but the units, the
         * leader and the dice) has its words in both languages */
        for (size_t k = 0; k < r->nverbs; k++)
            for (const char *h = strstr(r->verbs[k].help, "--"); h; h = strstr(h + 2, "--")) {
                char name[GR_BT_ID];
                size_t n = strspn(h + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
                if (!n || n >= sizeof name)
                    continue;
                memcpy(name, h + 2, n);
                name[n] = 0;
                if (!strcmp(name, "target") || !strcmp(name, "leader") || !strcmp(name, "roll") ||
                    !strcmp(name, "help"))
                    continue;
                const char *en = gr_bt_fact_label(name, GR_LANG_EN);
                const char *fr = gr_bt_fact_label(name, GR_LANG_FR);
                CHECK(en && fr && !frenchy(en), "%s verb %s: the fact --%s in words (%s, %s)",
                      systems[i], r->verbs[k].name, name, en ? en : "(none)", fr ? fr : "(none)");
                /* and each word it takes: the procedure's choices, else the
                 * help line's "a|b|c" */
                const gr_system *sys = gr_system_find(systems[i]);
                const gr_procedure *p = sys && r->verbs[k].procedure
                                            ? gr_system_procedure(sys, r->verbs[k].procedure)
                                            : NULL;
                const char *const *choices = NULL;
                for (size_t q = 0; p && q < p->nparams; q++)
                    if (!strcmp(p->params[q].name, name) && p->params[q].kind == GR_P_ENUM)
                        choices = p->params[q].choices;
                for (size_t c = 0; choices && choices[c]; c++)
                    CHECK(gr_bt_value_label(choices[c], GR_LANG_EN) &&
                              gr_bt_value_label(choices[c], GR_LANG_FR),
                          "%s --%s %s in words", systems[i], name, choices[c]);
                const char *ph = h + 2 + n;
                if (!choices && *ph == ' ' && strchr(ph + 1, '|') &&
                    strchr(ph + 1, '|') < ph + 1 + strcspn(ph + 1, " ]:,")) {
                    char w[GR_BT_ID];
                    for (const char *x = ph + 1; *x && !strchr(" ]:,", *x);) {
                        size_t l = strcspn(x, "| ]:,");
                        snprintf(w, sizeof w, "%.*s", (int)(l < sizeof w ? l : sizeof w - 1), x);
                        CHECK(!strcmp(w, "...") ||
                                  (gr_bt_value_label(w, GR_LANG_EN) &&
                                   gr_bt_value_label(w, GR_LANG_FR)) ||
                                  (w[0] >= '0' && w[0] <= '9'),
                              "%s --%s %s in words", systems[i], name, w);
                        x += l + (x[l] == '|');
                    }
                }
            }
        for (size_t k = 0; k < r->nverbs; k++) {
            const char *en = gr_battle_verb_label(r, &r->verbs[k], GR_LANG_EN);
            const char *fr = gr_battle_verb_label(r, &r->verbs[k], GR_LANG_FR);
            CHECK(strcmp(en, r->verbs[k].name) && strcmp(fr, r->verbs[k].name) && !frenchy(en),
                  "%s verb %s: \"%s\", \"%s\"", systems[i], r->verbs[k].name, en, fr);
        }
    }
    /* typed from the sheets: aoe's seed 000 "Phase (2) Tirs", nf's seed 002
     * "Musketry and Cannonade (3rd) Phase", rff's seed 001 "3° - Phase de
     * Charges ... Résolvez les percées" */
    const gr_battle_rules *aoe = gr_battle_rules_find("aoe"), *nf = gr_battle_rules_find("nf"),
                          *rff = gr_battle_rules_find("rff");
    const gr_bt_verb *fire = NULL;
    for (size_t k = 0; aoe && k < aoe->nverbs; k++)
        if (!strcmp(aoe->verbs[k].name, "fire"))
            fire = &aoe->verbs[k];
    CHECK(fire && !strcmp(gr_battle_verb_label(aoe, fire, GR_LANG_FR), "Tirs") &&
              !strcmp(gr_battle_verb_label(aoe, fire, GR_LANG_EN), "Fire"),
          "aoe's fire: Tirs, Fire");
    CHECK(nf && !strcmp(gr_battle_phase_title(nf, 5, GR_LANG_EN),
                        "Musketry and Cannonade (3rd) Phase: then the phasing player resolves "
                        "his fire"),
          "nf's sixth phase in English is the sheet's");
    CHECK(rff &&
              !strcmp(gr_battle_phase_title(rff, 7, GR_LANG_EN),
                      "Phase 3, Charges: c. resolve the breakthroughs") &&
              !strcmp(gr_battle_phase_title(rff, 7, GR_LANG_FR),
                      "3° Phase de Charges: c. résolvez les percées"),
          "rff's last phase of a turn in English and as the sheet prints it");
    CHECK(!strcmp(gr_bt_fact_label("division-in-range", GR_LANG_EN), "Division officer in range") &&
              !strcmp(gr_bt_fact_label("division-in-range", GR_LANG_FR),
                      "Officier de division à portée") &&
              !gr_bt_fact_label("no-such-fact", GR_LANG_EN),
          "nf's division-in-range in words");
    CHECK(!strcmp(gr_bt_value_label("woods", GR_LANG_FR), "bois") &&
              !strcmp(gr_bt_value_label("march_column", GR_LANG_EN), "march column") &&
              !gr_bt_value_label("no-such-word", GR_LANG_FR),
          "the words facts take");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    test_general_hit();
    test_format1();
    test_words();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
