/* test_tb_rff_fire.c - the fire values of an rff-table battle file
 * (tb_rff_fire.c, docs/table.md "The rff-table battle file", `fire`): the
 * bundled Little Round Top's block reads as its research file says
 * (docs/research/little-round-top-table.md section 5: RM close 10 cm,
 * range 20 cm, 1 and 0.5 points a stand; the Parrotts close 25 cm, range
 * 184 cm, 3 and 1 points a gun stand), the codes its order of battle uses,
 * the bands edge to edge (up to and including each limit), the points as
 * --per-stand takes them, and each refusal at its line and column, worked
 * out by hand on small texts here.
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
#include "grognard/oob.h"
#include "grognard/tb_rff.h"

static const char *root = ".";

/* The codes' indices (rff_weapon_codes: RM, IR, RC, RPC, RPR, BLC, BLR, SM,
 * SH, Carabine; rff_gun_codes: HH, HR, MH, OTHER), typed from
 * include/grognard/rff_points.h's comment. */
enum { C_RM = 0, C_SM = 7, C_CARBINE = 9, C_OTHER = RFF_NWEAPONS + 3 };

/* Parse `text` and read its fire block with `used`; the status. */
static gr_status read_text(const char *text, const tb_rff_used *used, tb_rff_fire *f, gr_error *err)
{
    gr_jr_node *r = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, strlen(text), "t.json", 0, &r, err);
    assert_non_null(doc);
    gr_status st = tb_rff_fire_read(r, "t.json", used, TT_CM(524), f, err);
    gr_jr_free(doc);
    return st;
}

/* The Little Round Top order of battle's codes, by hand: every regiment
 * fires RM, the first being the 20th Maine; Hazlett's battery "other". */
static void lrt_used(tb_rff_used *u)
{
    memset(u, 0, sizeof *u);
    snprintf(u->unit[C_RM], sizeof u->unit[C_RM], "20th_maine");
    snprintf(u->unit[C_OTHER], sizeof u->unit[C_OTHER], "hazlett");
}

static void test_little_round_top(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/table/little_round_top.json", root);
    char *text = NULL;
    size_t len = 0;
    gr_error err = {0};
    assert_int_equal(gr_read_file(path, 1 << 22, &text, &len, &err), GR_OK);
    gr_jr_node *r = NULL;
    gr_jr_doc *doc = gr_jr_parse(text, len, path, 0, &r, &err);
    assert_non_null(doc);
    tb_rff_used used;
    lrt_used(&used);
    tb_rff_fire *f = malloc(sizeof *f);
    assert_non_null(f);
    gr_status st = tb_rff_fire_read(r, path, &used, TT_CM(524), f, &err);
    if (st != GR_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(f->present, 1);
    /* research section 5: RM 10 cm and 20 cm; the Parrotts 25 cm and 184 cm
     * (1 cm = 1000 table units, tabletop.h) */
    assert_int_equal(f->close[C_RM], 10000);
    assert_int_equal(f->range[C_RM], 20000);
    assert_int_equal(f->close[C_OTHER], 25000);
    assert_int_equal(f->range[C_OTHER], 184000);
    assert_int_equal(f->range[C_SM], 0);
    /* points per stand in milli-points: RM 1 and 0.5, guns 3 and 1 */
    assert_int_equal(f->points.musketry[C_RM][0].milli, 1000);
    assert_int_equal(f->points.musketry[C_RM][1].milli, 500);
    assert_int_equal(f->points.cannon[3][0].milli, 3000);
    assert_int_equal(f->points.cannon[3][1].milli, 1000);
    assert_int_equal(f->points.musketry[C_RM][0].known, 1);
    assert_int_equal(f->points.musketry[C_SM][0].present, 0);
    assert_non_null(strstr(f->points.musketry[C_RM][0].source, "this battle's value"));
    assert_non_null(strstr(f->source, "not the rule book's"));
    /* the bands, each up to and including its limit */
    assert_int_equal(tb_rff_band(f, C_RM, 0), 0);
    assert_int_equal(tb_rff_band(f, C_RM, 10000), 0);
    assert_int_equal(tb_rff_band(f, C_RM, 10001), 1);
    assert_int_equal(tb_rff_band(f, C_RM, 20000), 1);
    assert_int_equal(tb_rff_band(f, C_RM, 20001), -1);
    assert_int_equal(tb_rff_band(f, C_OTHER, 184000), 1);
    assert_int_equal(tb_rff_band(f, C_SM, 0), -1); /* not this battle's */
    char buf[32];
    assert_int_equal(tb_rff_per_stand(f, C_RM, 1, buf, sizeof buf), 1);
    assert_string_equal(buf, "0.5");
    assert_int_equal(tb_rff_per_stand(f, C_OTHER, 0, buf, sizeof buf), 1);
    assert_string_equal(buf, "3");
    assert_int_equal(tb_rff_per_stand(f, C_SM, 0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    free(f);
    gr_jr_free(doc);
    gr_free(text);
}

/* The codes the bundled order of battle uses, as tb_rff_used_of finds
 * them: data/oob/rff/little_round_top.json lists the 20th Maine first and
 * gives every regiment "rm", Hazlett "other" (typed from the file). */
static void test_used_of(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/oob/rff/little_round_top.json", root);
    gr_battle *b = malloc(sizeof *b);
    assert_non_null(b);
    gr_error err = {0};
    gr_status st = gr_oob_read(path, NULL, 1, b, NULL, NULL, &err);
    if (st != GR_OK)
        fail_msg("%s", err.msg);
    tb_rff_used u;
    tb_rff_used_of(b, &u);
    for (int c = 0; c < TB_RFF_NCODES; c++) {
        if (c == C_RM)
            assert_string_equal(u.unit[c], "20th_maine");
        else if (c == C_OTHER)
            assert_string_equal(u.unit[c], "hazlett");
        else
            assert_string_equal(u.unit[c], "");
    }
    free(b);
}

/* A used code's block, and the refusals.  Positions counted by hand: each
 * text is one line, columns from 1. */
static const char *const good_rm =
    "\"RM\": {\"close\": {\"points\": 1, \"source\": \"s\"}, \"long\": {\"points\": 0.5, "
    "\"source\": \"s\"}}";

static void expect(const char *text, const tb_rff_used *u, const char *want)
{
    tb_rff_fire *f = malloc(sizeof *f);
    assert_non_null(f);
    gr_error err = {0};
    assert_int_equal(read_text(text, u, f, &err), GR_EINPUT);
    if (!strstr(err.msg, want))
        fail_msg("got \"%s\", want \"%s\"", err.msg, want);
    free(f);
}

static void test_refusals(void **state)
{
    (void)state;
    tb_rff_used u;
    memset(&u, 0, sizeof u);
    snprintf(u.unit[C_RM], sizeof u.unit[C_RM], "blue_1");
    char t[1024];
    /* no block at all: at the root object, 1:1 */
    expect("{\"x\": 1}", &u, "t.json:1:1: an rff-table battle has no \"fire\"");
    /* an unknown code: {"fire": {"ranges": {"XX": ...: `{"fire": {"ranges": {`
     * is 21 characters, so the key "XX" starts at col 22 */
    expect("{\"fire\": {\"ranges\": {\"XX\": {\"close\": 1, \"long\": 2}}}}", &u,
           "t.json:1:22: fire.ranges: unknown code \"XX\"");
    /* a code no unit uses: "SM" at col 22 */
    expect("{\"fire\": {\"ranges\": {\"SM\": {\"close\": 1, \"long\": 2}}}}", &u,
           "t.json:1:22: fire.ranges.SM: no unit of the order of battle uses SM");
    /* a used code missing from the ranges: at the ranges object, col 21 */
    expect("{\"fire\": {\"ranges\": {}}}", &u,
           "t.json:1:21: fire.ranges has no \"RM\", which unit \"blue_1\" uses");
    /* close not below long: at "close"'s value, {"fire": {"ranges": {"RM":
     * {"close": 20 -> col 38 */
    expect("{\"fire\": {\"ranges\": {\"RM\": {\"close\": 20, \"long\": 20}}}}", &u,
           "t.json:1:38: fire.ranges.RM must give \"close\" and \"long\" in cm");
    /* a fourth decimal is refused, not rounded */
    expect("{\"fire\": {\"ranges\": {\"RM\": {\"close\": 10.0001, \"long\": 20}}}}", &u,
           "t.json:1:38: fire.ranges.RM must give");
    /* an unknown key of the block: "rangs" at col 11 */
    expect("{\"fire\": {\"rangs\": {}}}", &u, "t.json:1:11: unknown key \"rangs\" in fire");
    /* a source "none found" with a value: the source string.
     * {"fire": {"ranges": {"RM": {"close": 10, "long": 20}}, "musketry":
     * {"RM": {"close": {"points": 1, "source": "none found"} ...: the text
     * before the source's value is 108 characters (54 up to the comma after
     * the ranges, 54 more to "source": and its space), so it starts at col
     * 109 */
    snprintf(t, sizeof t,
             "{\"fire\": {\"ranges\": {\"RM\": {\"close\": 10, \"long\": 20}}, \"musketry\": "
             "{\"RM\": {\"close\": {\"points\": 1, \"source\": \"none found\"}, \"long\": "
             "{\"points\": 1, \"source\": \"s\"}}}}}");
    expect(t, &u,
           "t.json:1:109: fire.musketry.RM.close gives points but its source is \"none found\"");
    /* points with a fourth decimal: 13 characters fewer before it than
     * before the source above (`1, "source": ` is 13 characters),
     * so col 96 */
    snprintf(t, sizeof t,
             "{\"fire\": {\"ranges\": {\"RM\": {\"close\": 10, \"long\": 20}}, \"musketry\": "
             "{\"RM\": {\"close\": {\"points\": 0.1234, \"source\": \"s\"}, \"long\": "
             "{\"points\": 1, \"source\": \"s\"}}}}}");
    expect(t, &u, "t.json:1:96: fire.musketry.RM.close.points must be a number from 0 to 100");
    /* the musketry section missing while a weapon is used: at "fire"'s
     * object, col 10 */
    expect("{\"fire\": {\"ranges\": {\"RM\": {\"close\": 10, \"long\": 20}}}}", &u,
           "t.json:1:10: fire has no \"musketry\"");
    /* and the good block reads */
    snprintf(t, sizeof t,
             "{\"fire\": {\"ranges\": {\"RM\": {\"close\": 10, \"long\": 20}}, \"musketry\": "
             "{%s}}}",
             good_rm);
    tb_rff_fire *f = malloc(sizeof *f);
    assert_non_null(f);
    gr_error err = {0};
    gr_status st = read_text(t, &u, f, &err);
    if (st != GR_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(f->points.musketry[C_RM][1].milli, 500);
    free(f);
}

/* The code of a unit: troops by their weapon (any case), a battery by its
 * gun, "other" when it gives none; troops without a weapon: none. */
static void test_code_of(void **state)
{
    (void)state;
    gr_bt_unit u;
    memset(&u, 0, sizeof u);
    u.arm = GR_BT_INFANTRY;
    snprintf(u.weapon, sizeof u.weapon, "carbine");
    assert_int_equal(tb_rff_code_of(&u), C_CARBINE);
    snprintf(u.weapon, sizeof u.weapon, "sm");
    assert_int_equal(tb_rff_code_of(&u), C_SM);
    u.weapon[0] = '\0';
    assert_int_equal(tb_rff_code_of(&u), -1);
    u.arm = GR_BT_ARTILLERY;
    assert_int_equal(tb_rff_code_of(&u), C_OTHER);
    snprintf(u.weapon, sizeof u.weapon, "hh");
    assert_int_equal(tb_rff_code_of(&u), RFF_NWEAPONS + 0);
    assert_string_equal(tb_rff_code(C_CARBINE), "Carabine");
    assert_string_equal(tb_rff_code(C_OTHER), "OTHER");
    assert_string_equal(tb_rff_code(TB_RFF_NCODES), "?");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_little_round_top),
        cmocka_unit_test(test_used_of),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_code_of),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
