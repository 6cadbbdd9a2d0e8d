/* test_tb_file.c - the battle file of the table (docs/table.md, tb_file.c):
 * the bundled teaching battle read whole, every value checked against the
 * file as typed (and the stands' places worked out by hand from the bases
 * of docs/rules/aoe.md: infantry 1" x 3/4", cavalry 1" x 1", a gun 1" x
 * 1"); then bad files, each refused at the right FILE:LINE:COL with a
 * message that says what to fix.
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

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/tb.h"

static const char *root = ".";
static tb_scenario *SC;

static void teaching(void **state)
{
    (void)state;
    char path[1024];
    gr_error err = {0};
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    assert_int_equal(tb_file_read(path, SC, &err), GR_OK);
    assert_string_equal(SC->id, "teaching");
    assert_string_equal(SC->title, "Teaching battle: the mill of Saint-Aubin");
    assert_int_equal(SC->turns, 5);
    assert_int_equal(SC->start.turns, 5);
    /* "table": {"width": 36, "depth": 30} */
    assert_int_equal(SC->table.hi.x, 36000);
    assert_int_equal(SC->table.hi.y, 30000);
    assert_int_equal(SC->home[0], TB_SOUTH);
    assert_int_equal(SC->home[1], TB_NORTH);
    /* five features: wood (cover 1), hill, crest, town (cover 2), road */
    assert_int_equal(SC->table.nfeatures, 5);
    assert_int_equal(SC->table.features[0].kind, TT_WOOD);
    assert_int_equal(SC->cover[0], 1);
    assert_string_equal(SC->feature_name[0], "Bois de la Garenne");
    assert_int_equal(SC->table.features[1].kind, TT_HILL);
    assert_int_equal(SC->table.features[1].level, 1);
    assert_int_equal(SC->table.features[2].kind, TT_CREST);
    /* "points": [[16, 15.5], [22, 15.5]] */
    assert_int_equal(SC->table.features[2].v[0].y, 15500);
    assert_int_equal(SC->table.features[3].kind, TT_TOWN);
    assert_int_equal(SC->cover[3], 2);
    assert_int_equal(SC->cover[4], 0);
    /* the order of battle inline: six units, four leaders */
    assert_int_equal(SC->start.nunits, 6);
    assert_int_equal(SC->start.nleaders, 4);
    assert_string_equal(SC->start.units[0].id, "claparede");
    /* six units on the table, ids the order of battle's indices */
    assert_int_equal(SC->table.nunits, 6);
    const tt_unit *c = tt_table_unit(&SC->table, 0);
    assert_non_null(c);
    /* claparede: "at": [12, 6], "face": 0, column of 6 stands: two wide
     * (x 11 to 13), three ranks of 3/4" behind the front (y 6 down to
     * 6 - 2.25 = 3.75) */
    assert_int_equal(c->pose.at.x, 12000);
    assert_int_equal(c->pose.at.y, 6000);
    assert_int_equal(c->pose.face.x, 0);
    assert_true(c->pose.face.y > 0);
    assert_int_equal(c->pose.form, TT_COLUMN);
    assert_int_equal(c->lo.x, 11000);
    assert_int_equal(c->lo.y, 3750);
    assert_int_equal(c->hi.x, 13000);
    assert_int_equal(c->hi.y, 6000);
    /* rottermund (3): "at": [12, 25], "face": 180, a line of 6 stands:
     * x 9 to 15, behind the front southward means y 25 to 25.75 */
    const tt_unit *r = tt_table_unit(&SC->table, 3);
    assert_non_null(r);
    assert_int_equal(r->side, 1);
    assert_int_equal(r->pose.face.x, 0);
    assert_true(r->pose.face.y < 0);
    assert_int_equal(r->pose.form, TT_LINE);
    assert_int_equal(r->lo.x, 9000);
    assert_int_equal(r->lo.y, 25000);
    assert_int_equal(r->hi.x, 15000);
    assert_int_equal(r->hi.y, 25750);
    /* the French battery (2): unlimbered, two guns of 1" side by side at
     * [18, 6] facing north: x 17 to 19, y 5 to 6 */
    const tt_unit *fb = tt_table_unit(&SC->table, 2);
    assert_int_equal(fb->arm, TT_ARTILLERY);
    assert_int_equal(fb->pose.form, TT_BATTERY);
    assert_int_equal(fb->lo.x, 17000);
    assert_int_equal(fb->lo.y, 5000);
    assert_int_equal(SC->start.units[2].limbered, 0);
    /* Nineteen inches between the fronts (y 6 and 25): every unit starts
     * in the reserve zone (seed 000: no enemy « à moins de 18" »). */
    for (int i = 0; i < SC->table.nunits; i++)
        assert_true(tt_in_reserve_zone(&SC->table, &SC->table.units[i], TT_INCH(18)));
    /* generals: Lannes at [18, 2], Suchet attached to claparede */
    assert_int_equal(SC->leader_on[0], 1);
    assert_int_equal(SC->leader_at[0].x, 18000);
    assert_int_equal(SC->leader_at[0].y, 2000);
    assert_int_equal(SC->leader_on[1], 0);
    assert_int_equal(SC->start.leaders[1].attached, 0);
    /* objectives, critical levels, victory */
    assert_int_equal(SC->nobjectives, 2);
    assert_string_equal(SC->objective[0].id, "mill");
    assert_int_equal(SC->objective[0].at.x, 19000);
    assert_int_equal(SC->objective[0].at.y, 15500);
    assert_int_equal(SC->objective[0].radius, 3000);
    assert_int_equal(SC->objective[0].points, 2);
    assert_int_equal(SC->objective[0].held, -1);
    assert_int_equal(SC->ncritical[0], 2);
    assert_int_equal(SC->critical[0][0], 4);
    assert_int_equal(SC->critical[0][1], 7);
    assert_int_equal(SC->army_morale[0], 2);
    assert_int_equal(SC->army_morale[1], 2);
    assert_int_equal(SC->vp_objectives, 1);
    assert_int_equal(SC->narrivals, 0);
    assert_true(SC->digest != 0);
    /* the same file read twice: the same digest */
    uint64_t d = SC->digest;
    assert_int_equal(tb_file_read(path, SC, &err), GR_OK);
    assert_true(SC->digest == d);
}

/* A small battle file over tests/cli/battle/aoe_small.json (napoleon and
 * kutuzov unattached, vandamme attached to schiner, kamensky_g
 * unattached; units schiner, ferey, kamensky, russian_foot), one line per
 * entry so that lines and columns can be read off.  `lines` replaces
 * line `at` (1-based) when not NULL. */
static const char *small[] = {
    "{",                                                                            /* 1 */
    "  \"format\": 1, \"type\": \"aoe-table\",",                                    /* 2 */
    "  \"oob\": \"../cli/battle/aoe_small.json\",",                                 /* 3 */
    "  \"table\": {\"width\": 24, \"depth\": 24},",                                 /* 4 */
    "  \"terrain\": [{\"kind\": \"wood\", \"points\": [[2, 2], [5, 2], [5, 5]]}],", /* 5 */
    "  \"deploy\": [",                                                              /* 6 */
    "    {\"unit\": \"schiner\", \"at\": [8, 4], \"face\": 0},",                    /* 7 */
    "    {\"unit\": \"ferey\", \"at\": [16, 4], \"face\": 0},",                     /* 8 */
    "    {\"unit\": \"kamensky\", \"at\": [8, 20], \"face\": 180},",                /* 9 */
    "    {\"unit\": \"russian_foot\", \"at\": [16, 20], \"face\": 180}",            /* 10 */
    "  ],",                                                                         /* 11 */
    "  \"leaders\": [{\"leader\": \"napoleon\", \"at\": [12, 1]},",                 /* 12 */
    "    {\"leader\": \"kutuzov\", \"at\": [12, 23]},",                             /* 13 */
    "    {\"leader\": \"kamensky_g\", \"at\": [10, 22]}]",                          /* 14 */
    "}",                                                                            /* 15 */
};

static gr_status parse_small2(int at, const char *line, int at2, const char *line2, gr_error *err)
{
    char text[4096], name[1024];
    size_t n = 0;
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        const char *l = (int)i + 1 == at && line     ? line
                        : (int)i + 1 == at2 && line2 ? line2
                                                     : small[i];
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", l);
    }
    snprintf(name, sizeof name, "%s/tests/table/small.json", root);
    return tb_file_parse(text, n, name, SC, err);
}

static gr_status parse_small(int at, const char *line, gr_error *err)
{
    return parse_small2(at, line, 0, NULL, err);
}

/* err's message after the file's directory ("small.json:7:5: ..."). */
static const char *msg_of(const gr_error *err)
{
    const char *s = strstr(err->msg, "small.json");
    return s ? s : err->msg;
}

static void small_ok(void **state)
{
    (void)state;
    gr_error err = {0};
    assert_int_equal(parse_small(0, NULL, &err), GR_OK);
    assert_int_equal(SC->table.nunits, 4);
    /* turns: the order of battle's 2 */
    assert_int_equal(SC->turns, 2);
}

static int mismatches;

static void expect2(int at, const char *line, int at2, const char *line2, const char *want)
{
    gr_error err = {0};
    assert_int_equal(parse_small2(at, line, at2, line2, &err), GR_EINPUT);
    if (strncmp(msg_of(&err), want, strlen(want)) != 0) {
        print_error("expected \"%s...\",\n     got \"%s\"\n", want, msg_of(&err));
        mismatches++;
    }
}

static void expect(int at, const char *line, const char *want)
{
    expect2(at, line, 0, NULL, want);
}

static void errors(void **state)
{
    (void)state;
    mismatches = 0;
    /* an unknown key, at the key (line 7, column 39: four spaces, then
     * {"unit": "schiner", "at": [8, 4], is 34 characters) */
    expect(7, "    {\"unit\": \"schiner\", \"at\": [8, 4], \"fce\": 0},",
           "small.json:7:39: unknown key \"fce\" in deploy 1; accepted keys: unit, at, face, "
           "face_to, formation");
    /* a point off the table (x 25 on a 24" table): at the array */
    expect(7, "    {\"unit\": \"schiner\", \"at\": [25, 4], \"face\": 0},",
           "small.json:7:31: \"at\" of deploy 1 must be a point [x, y] in inches on the table "
           "(0 to 24, 0 to 24)");
    /* a fourth decimal is refused, not rounded */
    expect(7, "    {\"unit\": \"schiner\", \"at\": [8.0005, 4], \"face\": 0},",
           "small.json:7:31: \"at\" of deploy 1 must be a point");
    /* a bearing that is not a multiple of 15 */
    expect(7, "    {\"unit\": \"schiner\", \"at\": [8, 4], \"face\": 10},",
           "small.json:7:47: \"face\" of deploy 1 must be a bearing in degrees, a multiple of 15");
    /* ferey on schiner's place: the overlap names schiner */
    expect(8, "    {\"unit\": \"ferey\", \"at\": [8.5, 4], \"face\": 0},",
           "small.json:8:29: unit \"ferey\" cannot stand there: a stand overlaps unit \"schiner\"");
    /* an id not in the order of battle, with the accepted ones */
    expect(8, "    {\"unit\": \"frey\", \"at\": [16, 4], \"face\": 0},",
           "small.json:8:14: unit \"frey\" is not in the order of battle; accepted: schiner, "
           "ferey, kamensky, russian_foot");
    /* a unit placed twice */
    expect(8, "    {\"unit\": \"schiner\", \"at\": [16, 10], \"face\": 0},",
           "small.json:8:14: unit \"schiner\" is placed twice (line 7)");
    expect(10, "    {\"unit\": \"kamensky\", \"at\": [16, 14], \"face\": 180}",
           "small.json:10:14: unit \"kamensky\" is placed twice (line 9)");
    /* a general not attached and not placed */
    expect(14, "    {\"leader\": \"napoleon\", \"at\": [10, 22]}]",
           "small.json:14:16: leader \"napoleon\" is placed twice");
    expect2(13, "    {\"leader\": \"kutuzov\", \"at\": [12, 23]}]", 14, "",
            "small.json:1:1: leader \"kamensky_g\" is not attached and has no place; add him to "
            "\"leaders\" or \"reinforcements\"");
    /* a unit placed nowhere: at the file (1:1) */
    expect2(9, "    {\"unit\": \"kamensky\", \"at\": [8, 20], \"face\": 180}", 10, "",
            "small.json:1:1: unit \"russian_foot\" is neither deployed nor a reinforcement");
    /* ferey as a reinforcement (line 8 emptied): far from its home edge
     * (side 0: south; y 10 is 10" from it, beyond 6"), then on turn 3 of a
     * battle of 2, then right */
    expect2(8, "", 11,
            "  ], \"reinforcements\": [{\"unit\": \"ferey\", \"turn\": 2, \"at\": [16, 10], "
            "\"face\": 0}],",
            "small.json:11:60: reinforcement 1 arrives at its side's home edge (south): its "
            "\"at\" must be within 6\" of it");
    expect2(8, "", 11,
            "  ], \"reinforcements\": [{\"unit\": \"ferey\", \"turn\": 3, \"at\": [16, 4], "
            "\"face\": 0}],",
            "small.json:11:51: \"turn\" of reinforcement 1 must be a whole number from 2 to 2");
    gr_error err = {0};
    assert_int_equal(parse_small2(8, "", 11,
                                  "  ], \"reinforcements\": [{\"unit\": \"ferey\", \"turn\": 2, "
                                  "\"at\": [16, 4], \"face\": 0, \"formation\": \"road_column\"}],",
                                  &err),
                     GR_OK);
    assert_int_equal(SC->table.nunits, 3);
    assert_int_equal(SC->narrivals, 1);
    assert_int_equal(SC->arrival[0].unit, 1);
    assert_int_equal(SC->arrival[0].turn, 2);
    assert_int_equal(SC->arrival[0].pose.form, TT_MARCH);
    assert_string_equal(SC->start.units[1].formation, "road_column");
    /* a formation not of its arm */
    expect(10,
           "    {\"unit\": \"russian_foot\", \"at\": [16, 20], \"face\": 180, "
           "\"formation\": \"square\"}",
           "small.json:10:72: unit \"russian_foot\": formation \"square\" is not one of its "
           "arm's; accepted: unlimbered, limbered");
    /* a feature of an unknown kind */
    expect(5, "  \"terrain\": [{\"kind\": \"forest\", \"points\": [[2, 2], [5, 2], [5, 5]]}],",
           "small.json:5:24: \"kind\" of terrain feature 1 must be one of wood, town");
    /* an area of two points */
    expect(5, "  \"terrain\": [{\"kind\": \"wood\", \"points\": [[2, 2], [5, 2]]}],",
           "small.json:5:42: \"points\" of terrain feature 1 (an area) must be an array of 3");
    /* the order of battle's own file is named in its errors */
    expect(3, "  \"oob\": \"../cli/battle/nothere.json\",",
           "small.json:3:10: the order of battle cannot be read");
    /* malformed JSON */
    expect(4, "  \"table\": {\"width\": 24 \"depth\": 24},", "small.json:4:25: malformed JSON");
    /* the wrong type */
    expect(2, "  \"format\": 1, \"type\": \"aoe\",",
           "small.json:2:24: \"type\" must be \"aoe-table\"");
    assert_int_equal(mismatches, 0);
}

/* An inline order of battle's own errors keep the battle file's lines
 * and columns: teaching.json with a bad nation on rottermund. */
static void inline_error(void **state)
{
    (void)state;
    char path[1024], *text = NULL;
    size_t len = 0;
    gr_error err = {0};
    snprintf(path, sizeof path, "%s/data/table/teaching.json", root);
    assert_int_equal(gr_read_file(path, 1 << 20, &text, &len, &err), GR_OK);
    char *at = strstr(text, "\"nation\": \"austrian\", \"kind\": \"linear\"");
    assert_non_null(at);
    memcpy(at + 11, "frankish", 8); /* "austrian" -> "frankish", the same length */
    /* the unit object "{\"id\": \"rottermund\"" starts on the line of
     * rottermund, column 7 */
    int line = 1;
    for (const char *p = text; p < strstr(text, "{\"id\": \"rottermund\""); p++)
        line += *p == '\n';
    char want[200];
    snprintf(want, sizeof want,
             "teaching.json:%d:7: unit \"rottermund\": nation \"frankish\" is not an aoe nation",
             line);
    assert_int_equal(tb_file_parse(text, len, "teaching.json", SC, &err), GR_EINPUT);
    gr_free(text);
    if (strncmp(err.msg, want, strlen(want)) != 0)
        fail_msg("expected \"%s...\", got \"%s\"", want, err.msg);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    SC = calloc(1, sizeof *SC);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(teaching),
        cmocka_unit_test(small_ok),
        cmocka_unit_test(errors),
        cmocka_unit_test(inline_error),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(SC);
    return rc;
}
