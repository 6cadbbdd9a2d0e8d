/* test_tb_json.c - the battle on the table as a page sees it (issue 30):
 * aoe-table's view_json and action_json, which the server serves (GET
 * /api/games/ID: "view" and "legal"; docs/api.md "A battle on the
 * table"), on data/table/teaching.json.
 *
 * The places are those test_tb_script.c works out by hand from the file
 * and the bases of docs/rules/aoe.md (infantry 1" x 3/4"): claparede, a
 * column of 6 at (12, 6) facing north, stands x 11..13, y 3.75..6; after
 * "reserve claparede" and a die of 2 (9" to move), "move claparede advance
 * to 12 15" puts it at (12, 15), stands y 12.75..15.  The table is 36 x 30
 * inches (the file's "table").
 *
 * Run with the source root as its argument (meson passes it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/tb.h"

static const char *root = ".";
static gr_game G;
static void *ST;

static void act(const char *text)
{
    gr_action a;
    gr_error err = {0};
    if (gr_game_parse(&G, ST, text, &a, &err) != GR_OK)
        fail_msg("'%s' does not parse: %s", text, err.msg);
    if (gr_game_apply_checked(&G, ST, a, NULL, &err) != GR_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
}

static double num(const json_t *v)
{
    if (!json_is_number(v))
        fail_msg("not a number");
    return json_number_value(v);
}

/* The unit `id` of a view's "units". */
static json_t *unit_of(json_t *view, const char *id)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(view, "units"), i,
                       u) if (!strcmp(json_string_value(json_object_get(u, "id")), id)) return u;
    fail_msg("no unit %s in the view", id);
    return NULL;
}

/* Every corner of every stand of `pose` inside [x0, x1] x [y0, y1], and
 * the box they make exactly that. */
static void expect_stands(const json_t *pose, int n, double x0, double y0, double x1, double y1)
{
    const json_t *stands = json_object_get(pose, "stands");
    assert_int_equal(json_array_size(stands), n);
    double lx = 1e9, ly = 1e9, hx = -1e9, hy = -1e9;
    size_t i, k;
    json_t *s, *c;
    json_array_foreach(stands, i, s)
    {
        assert_int_equal(json_array_size(s), 4);
        json_array_foreach(s, k, c)
        {
            double x = num(json_array_get(c, 0)), y = num(json_array_get(c, 1));
            lx = x < lx ? x : lx;
            ly = y < ly ? y : ly;
            hx = x > hx ? x : hx;
            hy = y > hy ? y : hy;
        }
    }
    assert_true(lx == x0 && ly == y0 && hx == x1 && hy == y1);
}

/* Every legal action's JSON: its "text" is the describe text, which parses
 * back to the same action; a move or a pose has a "pose". */
static void every_action_round_trips(void)
{
    gr_action acts[512];
    int n = gr_game_legal_actions(&G, ST, acts, 512);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        json_t *j = gr_game_action_json(&G, ST, acts[i]);
        assert_non_null(j);
        char want[256];
        gr_game_describe(&G, ST, acts[i], want, sizeof want);
        const char *text = json_string_value(json_object_get(j, "text"));
        assert_non_null(text);
        assert_string_equal(text, want);
        gr_action back;
        gr_error err = {0};
        assert_int_equal(gr_game_parse(&G, ST, text, &back, &err), GR_OK);
        assert_true(back == acts[i]);
        const char *verb = json_string_value(json_object_get(j, "verb"));
        assert_non_null(verb);
        assert_true(strncmp(text, verb, strlen(verb)) == 0);
        if (!strcmp(verb, "move") && !strstr(text, " hold"))
            assert_non_null(json_object_get(j, "pose"));
        json_decref(j);
    }
}

static void start_view(void **state)
{
    (void)state;
    json_t *v = gr_game_view_json(&G, ST, 0);
    assert_non_null(v);
    assert_string_equal(json_string_value(json_object_get(v, "game")), "aoe-table");
    json_t *table = json_object_get(v, "table");
    assert_true(num(json_object_get(table, "width")) == 36);
    assert_true(num(json_object_get(table, "depth")) == 30);
    assert_int_equal(json_integer_value(json_object_get(v, "turn")), 1);
    assert_string_equal(json_string_value(json_object_get(json_object_get(v, "phase"), "id")),
                        "initiative");
    /* the sequence of play: seed 000's « Séquence de jeu » opens with the
     * « Interphase d'initiative »; each phase titled in both languages */
    json_t *seq = json_object_get(v, "sequence");
    assert_true(json_array_size(seq) > 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(seq, 0), "id")),
                        "initiative");
    for (size_t k = 0; k < json_array_size(seq); k++) {
        assert_true(json_string_length(json_object_get(json_array_get(seq, k), "title_en")) > 0);
        assert_true(json_string_length(json_object_get(json_array_get(seq, k), "title_fr")) > 0);
    }
    /* six units, three a side (test_tb_script.c's list) */
    assert_int_equal(json_array_size(json_object_get(v, "units")), 6);
    json_t *u = unit_of(v, "claparede");
    assert_int_equal(json_integer_value(json_object_get(u, "side")), 0);
    assert_string_equal(json_string_value(json_object_get(u, "arm")), "infantry");
    assert_int_equal(json_integer_value(json_object_get(u, "stands")), 6);
    assert_true(json_is_true(json_object_get(u, "on_table")));
    json_t *pose = json_object_get(u, "pose");
    assert_true(num(json_array_get(json_object_get(pose, "at"), 0)) == 12);
    assert_true(num(json_array_get(json_object_get(pose, "at"), 1)) == 6);
    /* facing north: +y */
    json_t *face = json_object_get(pose, "face");
    assert_int_equal(json_integer_value(json_array_get(face, 0)), 0);
    assert_true(json_integer_value(json_array_get(face, 1)) > 0);
    expect_stands(pose, 6, 11, 3.75, 13, 6);
    assert_int_equal(json_integer_value(json_object_get(unit_of(v, "rottermund"), "side")), 1);
    assert_true(json_array_size(json_object_get(v, "terrain")) > 0);
    assert_true(json_array_size(json_object_get(v, "objectives")) > 0);
    /* the spectator sees the same table (nothing is hidden on it) */
    json_t *w = gr_game_view_json(&G, ST, GR_SPECTATOR);
    assert_non_null(w);
    assert_true(json_equal(v, w));
    json_decref(w);
    json_decref(v);
}

static void actions(void **state)
{
    (void)state;
    every_action_round_trips();
    act("next");
    /* s1_leaders: "attach claparede --leader lannes" (test_tb_script.c) */
    every_action_round_trips();
    gr_action a;
    gr_error err = {0};
    assert_int_equal(gr_game_parse(&G, ST, "attach claparede --leader lannes", &a, &err), GR_OK);
    json_t *j = gr_game_action_json(&G, ST, a);
    assert_string_equal(json_string_value(json_object_get(j, "verb")), "attach");
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "claparede");
    assert_string_equal(json_string_value(json_object_get(j, "leader")), "lannes");
    assert_true(json_is_null(json_object_get(j, "target")));
    json_decref(j);
    act("next");
    act("reserve claparede");
    assert_int_equal(gr_game_current_player(&G, ST), GR_CHANCE);
    assert_int_equal(gr_game_apply_checked(&G, ST, 2, NULL, &err), GR_OK);
    /* the moves of claparede, each with the pose it would reach */
    every_action_round_trips();
    assert_int_equal(gr_game_parse(&G, ST, "move claparede advance to 12 15", &a, &err), GR_OK);
    j = gr_game_action_json(&G, ST, a);
    assert_string_equal(json_string_value(json_object_get(j, "verb")), "move");
    json_t *pose = json_object_get(j, "pose");
    assert_true(num(json_array_get(json_object_get(pose, "at"), 0)) == 12);
    assert_true(num(json_array_get(json_object_get(pose, "at"), 1)) == 15);
    expect_stands(pose, 6, 11, 12.75, 13, 15);
    json_decref(j);
    /* and the view shows it there once moved */
    act("move claparede advance to 12 15");
    json_t *v = gr_game_view_json(&G, ST, 1);
    expect_stands(json_object_get(unit_of(v, "claparede"), "pose"), 6, 11, 12.75, 13, 15);
    json_decref(v);
}

/* Apply `text` (or the die `die` if text is NULL) with a log: its events'
 * texts in English, joined by " | ". */
static const char *logged(const char *text, int die)
{
    static char buf[2048];
    static gr_log log;
    gr_log_clear(&log);
    gr_action a = (gr_action)die;
    gr_error err = {0};
    if (text && gr_game_parse(&G, ST, text, &a, &err) != GR_OK)
        fail_msg("'%s' does not parse: %s", text, err.msg);
    assert_true(G.type->is_legal(G.sc, ST, a));
    gr_game_apply(&G, ST, a, &log);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < log.n && at < sizeof buf; i++) {
        char t[GR_EVENT_TEXT_MAX];
        gr_game_event_text(&G, &log.ev[i], GR_LANG_EN, t, sizeof t);
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " | " : "", t);
    }
    return buf;
}

/* The events the server logs: the decision (and where a move ends), the
 * die, the new phase (test_tb_script.c's turn 1: initiative, then
 * s1_leaders; claparede's die of 2 and its 9" move). */
static void events(void **state)
{
    (void)state;
    gr_error err = {0};
    assert_int_equal(gr_game_init(&G, ST, &err), GR_OK);
    const gr_battle *b = tb_game_battle(ST);
    char want[512];
    snprintf(want, sizeof want, "next | turn 1: %s", b->rules->phases[b->phase + 1].title);
    assert_string_equal(logged("next", 0), want);
    assert_string_equal(logged("attach claparede --leader lannes", 0), "attach claparede lannes");
    logged("next", 0);
    assert_string_equal(logged("reserve claparede", 0), "reserve claparede");
    const char *die = logged(NULL, 2);
    assert_true(!strncmp(die, "die (", 5));
    assert_non_null(strstr(die, "): 2"));
    assert_string_equal(logged("move claparede advance to 12 15", 0),
                        "move claparede: at (12, 15)");
    /* the kinds as the server names them */
    assert_string_equal(G.type->event_kind_name(1), "action");
    assert_string_equal(G.type->event_kind_name(2), "die");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    gr_error err = {0};
    if (gr_game_load(path, NULL, &G, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    ST = malloc(G.type->state_size);
    if (!ST || gr_game_init(&G, ST, &err) != GR_OK)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_view),
        cmocka_unit_test(actions),
        cmocka_unit_test(events),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return rc;
}
