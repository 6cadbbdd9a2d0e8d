/* test_core.c - unit tests of the core: RNG known answers, dice
 * distributions, decimal inputs, band tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <stdio.h>

#include "grognard/alloc.h"
#include "grognard/file_io.h"
#include "grognard/utf8.h"

#include "grognard/grognard.h"
#include "grognard/hash.h"
#include "grognard/json_reader.h"

/* splitmix64 from seed 1234567: the published reference outputs. */
static void test_splitmix64_known_answers(void **state)
{
    (void)state;
    uint64_t s = 1234567;
    static const uint64_t want[] = {6457827717110365317ULL, 3203168211198807973ULL,
                                    9817491932198370423ULL, 4593380528125082431ULL,
                                    16408922859458223821ULL};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(gr_splitmix64(&s), want[i]);
}

/* xoshiro256** from the state {1, 2, 3, 4}: reference outputs. */
static void test_xoshiro_known_answers(void **state)
{
    (void)state;
    gr_rng r = {{1, 2, 3, 4}};
    static const uint64_t want[] = {11520ULL,
                                    0ULL,
                                    1509978240ULL,
                                    1215971899390074240ULL,
                                    1216172134540287360ULL,
                                    607988272756665600ULL};
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(gr_rng_next(&r), want[i]);
}

static void test_rng_same_seed_same_stream(void **state)
{
    (void)state;
    gr_rng a, b;
    gr_rng_seed(&a, 42);
    gr_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(gr_rng_next(&a), gr_rng_next(&b));
    gr_rng_seed(&b, 43);
    assert_int_not_equal(gr_rng_next(&a), gr_rng_next(&b));
}

static void test_rng_below_is_uniform(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 7);
    int count[10] = {0};
    for (int i = 0; i < 100000; i++) {
        uint32_t v = gr_rng_below(&r, 10);
        assert_true(v < 10);
        count[v]++;
    }
    for (int i = 0; i < 10; i++) /* 10000 expected; 6 sigma is about 570 */
        assert_in_range(count[i], 9400, 10600);
}

static void test_dist_2d6(void **state)
{
    (void)state;
    gr_dist d;
    gr_dist_of_roll(&d, GR_ROLL_2D6);
    assert_int_equal(d.den, 36);
    static const uint64_t want[] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}; /* totals 2..12 */
    for (int t = 2; t <= 12; t++)
        assert_int_equal(gr_dist_weight(&d, t), want[t - 2]);
    assert_int_equal(gr_dist_weight(&d, 1), 0);
    assert_int_equal(gr_dist_weight(&d, 13), 0);
}

static void test_dist_opposed(void **state)
{
    (void)state;
    gr_dist d;
    gr_dist_of_roll(&d, GR_ROLL_D10_VS_D10);
    assert_int_equal(d.den, 100);
    for (int t = -9; t <= 9; t++)
        assert_int_equal(gr_dist_weight(&d, t), 10 - (t < 0 ? -t : t));
    gr_dist_of_roll(&d, GR_ROLL_2D6_VS_2D6);
    assert_int_equal(d.den, 1296);
    assert_int_equal(gr_dist_weight(&d, 0), 146); /* sum of squares of 1..6..1 */
    assert_int_equal(gr_dist_weight(&d, 10), 1);
    gr_dist_shift(&d, 3);
    assert_int_equal(gr_dist_weight(&d, 13), 1);
}

static void test_roll_faces_in_range(void **state)
{
    (void)state;
    gr_rng r;
    gr_rng_seed(&r, 1);
    int faces[4], n;
    for (int i = 0; i < 1000; i++) {
        int t = gr_roll(&r, GR_ROLL_D10_VS_D10, faces, &n);
        assert_int_equal(n, 2);
        assert_in_range(faces[0], 1, 10);
        assert_in_range(faces[1], 1, 10);
        assert_int_equal(t, faces[0] - faces[1]);
    }
}

static void test_param_parse_decimals(void **state)
{
    (void)state;
    gr_param p = {"power", GR_P_NUM, NULL, 1, 0, 100 * GR_MILLI, "power"};
    gr_error err;
    int64_t v;
    assert_int_equal(gr_param_parse(&p, "2.5", &v, &err), GR_OK);
    assert_int_equal(v, 2500);
    assert_int_equal(gr_param_parse(&p, "1/2", &v, &err), GR_OK);
    assert_int_equal(v, 500);
    assert_int_equal(gr_param_parse(&p, "13", &v, &err), GR_OK);
    assert_int_equal(v, 13000);
    assert_int_equal(gr_param_parse(&p, "-3", &v, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "out of range"));
    assert_int_equal(gr_param_parse(&p, "abc", &v, &err), GR_EINPUT);
    assert_int_equal(gr_param_parse(&p, "1.", &v, &err), GR_EINPUT);
    assert_int_equal(gr_param_parse(&p, "1/3", &v, &err), GR_EINPUT); /* not exact */
    assert_int_equal(gr_param_parse(&p, "", &v, &err), GR_EINPUT);
}

static void test_args_set_text_and_numbers(void **state)
{
    (void)state;
    static const gr_param params[] = {
        {"file", GR_P_TEXT, NULL, 0, 0, 0, "a file"},
        {"stands", GR_P_INT, NULL, 1, 1, 60, "stands"},
        {"other", GR_P_TEXT, NULL, 0, 0, 0, "a file"},
        {"third", GR_P_TEXT, NULL, 0, 0, 0, "a file"},
    };
    gr_args a;
    gr_error err;
    memset(&a, 0, sizeof a);
    assert_null(gr_args_text(&a, 0));
    assert_int_equal(gr_args_set(params, 0, "x.json", &a, &err), GR_OK);
    assert_int_equal(gr_args_set(params, 1, "12", &a, &err), GR_OK);
    assert_string_equal(gr_args_text(&a, 0), "x.json");
    assert_int_equal(a.v[1], 12);
    assert_true(a.given[0] && a.given[1]);
    assert_int_equal(gr_args_set(params, 0, "y.json", &a, &err), GR_OK); /* same slot */
    assert_string_equal(gr_args_text(&a, 0), "y.json");
    assert_int_equal(a.ntext, 1);
    assert_int_equal(gr_args_set(params, 2, "z.json", &a, &err), GR_OK);
    assert_int_equal(gr_args_set(params, 3, "w.json", &a, &err), GR_EINPUT); /* slots full */
    assert_int_equal(gr_args_set(params, 0, "", &a, &err), GR_EINPUT);
    assert_int_equal(gr_args_set(params, 1, "61", &a, &err), GR_EINPUT);
}

static void test_log_bounded(void **state)
{
    (void)state;
    static gr_log log;
    gr_log_clear(&log);
    gr_event *e = gr_log_add(&log, 7, "seed 004 §4.3");
    assert_non_null(e);
    e->vals[0] = 3;
    assert_int_equal(log.n, 1);
    assert_int_equal(log.ev[0].kind, 7);
    assert_int_equal(log.ev[0].vals[0], 3);
    assert_string_equal(log.ev[0].rule, "seed 004 §4.3");
    /* every other field unused */
    assert_int_equal(log.ev[0].nfaces, 0);
    for (int i = 0; i < GR_EV_UNITS; i++)
        assert_int_equal(log.ev[0].units[i], GR_EV_NONE);
    for (int i = 0; i < GR_EV_HEXES; i++) {
        assert_int_equal(log.ev[0].hexes[i][0], -1);
        assert_int_equal(log.ev[0].hexes[i][1], -1);
    }
    for (int i = 1; i < GR_EV_VALS; i++)
        assert_int_equal(log.ev[0].vals[i], 0);
    assert_non_null(gr_log_add(&log, 1, NULL));
    assert_null(log.ev[1].rule);
    for (int i = 0; i < GR_LOG_MAX + 5; i++)
        gr_log_add(&log, 2, NULL);
    assert_int_equal(log.n, GR_LOG_MAX);
    assert_int_equal(log.dropped, 7);       /* counted, never lost silently */
    assert_null(gr_log_add(&log, 2, NULL)); /* a full log gives no event */
    assert_int_equal(log.dropped, 8);
    assert_null(gr_log_add(NULL, 2, "ignored")); /* a NULL log records nothing */
    gr_log_clear(&log);
    assert_int_equal(log.n, 0);
    assert_int_equal(log.dropped, 0);
    gr_log_clear(NULL);
}

static void test_lang(void **state)
{
    (void)state;
    gr_lang l = GR_LANG_EN;
    gr_error err;
    assert_int_equal(gr_lang_parse("fr", &l, &err), GR_OK);
    assert_int_equal(l, GR_LANG_FR);
    assert_int_equal(gr_lang_parse("EN", &l, &err), GR_OK);
    assert_int_equal(l, GR_LANG_EN);
    assert_int_equal(gr_lang_parse("Fr", &l, &err), GR_OK);
    assert_int_equal(l, GR_LANG_FR);
    assert_int_equal(gr_lang_parse("de", &l, &err), GR_EINPUT);
    assert_non_null(strstr(err.msg, "'en'"));
    assert_int_equal(gr_lang_parse("", &l, &err), GR_EINPUT);
    assert_int_equal(gr_lang_parse("fra", &l, &err), GR_EINPUT);
    assert_int_equal(gr_lang_parse(NULL, &l, &err), GR_EINPUT);
    assert_string_equal(gr_lang_code(GR_LANG_EN), "en");
    assert_string_equal(gr_lang_code(GR_LANG_FR), "fr");
}

static void test_band_find(void **state)
{
    (void)state;
    static const gr_band b[] = {{GR_LO, 4, 0, "4 ou moins"}, {5, 7, 1, "5-7"}, {8, GR_HI, 2, "8+"}};
    assert_int_equal(gr_band_find(b, 3, -100), 0);
    assert_int_equal(gr_band_find(b, 3, 4), 0);
    assert_int_equal(gr_band_find(b, 3, 5), 1);
    assert_int_equal(gr_band_find(b, 3, 8), 2);
    assert_int_equal(gr_band_find(b, 3, 1000), 2);
    assert_int_equal(gr_band_find(b, 2, 9), -1);
}

/* 64-bit FNV-1a: the published test vectors of the FNV reference code
 * (Landon Curt Noll, test_fnv.c, FNV-1a 64-bit). */
static void test_fnv1a64_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *s;
        uint64_t h;
    } want[] = {
        {"", 0xcbf29ce484222325ULL},
        {"a", 0xaf63dc4c8601ec8cULL},
        {"b", 0xaf63df4c8601f1a5ULL},
        {"c", 0xaf63de4c8601eff2ULL},
        {"d", 0xaf63d94c8601e773ULL},
        {"fo", 0x08985907b541d342ULL},
        {"foo", 0xdcb27518fed9d577ULL},
        {"foob", 0xdd120e790c2512afULL},
        {"fooba", 0xcac165afa2fef40aULL},
        {"foobar", 0x85944171f73967e8ULL},
        {"chongo was here!\n", 0x46810940eff5f915ULL},
    };
    assert_int_equal(GR_FNV1A64_INIT, 0xcbf29ce484222325ULL);
    assert_int_equal(gr_fnv1a64(GR_FNV1A64_INIT, NULL, 0), 0xcbf29ce484222325ULL);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(gr_fnv1a64(GR_FNV1A64_INIT, want[i].s, strlen(want[i].s)), want[i].h);
    /* incremental: "foo" then "bar" is "foobar" */
    assert_int_equal(gr_fnv1a64(gr_fnv1a64(GR_FNV1A64_INIT, "foo", 3), "bar", 3),
                     0x85944171f73967e8ULL);
}

/* An error message is one line with the control bytes of its input escaped. */
/* RFC 3629 by hand: A (1 byte), é C3 A9, € E2 82 AC, G clef F0 9D 84 9E;
 * refused: overlong C0 80, surrogate ED A0 80, above U+10FFFF F4 90 80 80,
 * a lone continuation 80, a sequence cut short. */
static void test_utf8(void **state)
{
    (void)state;
    assert_int_equal(gr_utf8_len((const unsigned char *)"A", 1), 1);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xC3\xA9", 2), 2);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xE2\x82\xAC", 3), 3);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xF0\x9D\x84\x9E", 4), 4);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xC0\x80", 2), 0);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xED\xA0\x80", 3), 0);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xF4\x90\x80\x80", 4), 0);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\x80", 1), 0);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xE2\x82\xAC", 2), 0);
    assert_int_equal(gr_utf8_len((const unsigned char *)"\xE2\x82", 4), 0); /* NUL ends it */
    assert_true(gr_utf8_valid("Armée austro-russe €"));
    assert_false(gr_utf8_valid("Arm\xE9"
                               "e")); /* Latin-1, not UTF-8 */
}

static void test_error_escapes_controls(void **state)
{
    (void)state;
    gr_error err;
    gr_error_set(&err, GR_EINPUT, "file '%s': bad", "a\nb\x1b[2J\r\t\x7f\xc2\x9b\xff\xc3\xa9");
    assert_string_equal(err.msg, "file 'a\\nb\\x1b[2J\\r\\t\\x7f\\u009b\\xff\xc3\xa9': bad");
    char again[GR_ERROR_MSG];
    gr_escape(err.msg, again, sizeof again);
    assert_string_equal(again, err.msg); /* twice changes nothing more */
    /* never cut inside an escape or a character */
    char small[6];
    assert_int_equal(gr_escape("ab\x1b", small, sizeof small), 2);
    assert_string_equal(small, "ab");
    assert_int_equal(gr_escape("a\xc3\xa9\xc3\xa9", small, sizeof small), 5);
    assert_string_equal(small, "a\xc3\xa9\xc3\xa9");
    assert_int_equal(gr_escape("ab\xc3\xa9\xc3\xa9", small, sizeof small), 4);
}

/* A library message names an input as declared, marked {name} (error.h):
 * gr_error.param is the first one named, and each front end says the names
 * its way with gr_error_render. */
static void test_error_names_inputs(void **state)
{
    (void)state;
    gr_error err;
    gr_error_set(&err, GR_EINPUT, "{%s} applies only with {firer} artillery", "weight");
    assert_string_equal(err.msg, "{weight} applies only with {firer} artillery");
    assert_string_equal(err.param, "weight"); /* the first named, a %s one too */
    gr_error_set(&err, GR_EINPUT, "the %s cannot fire that far; give {range-2_x}", "battery");
    assert_string_equal(err.param, "range-2_x");
    /* a brace that a name (a-z, then a-z 0-9 _ -) does not follow is text */
    gr_error_set(&err, GR_EINPUT, "{\"a\": 1} {Weight} {} {9x} {a b} {stands");
    assert_string_equal(err.param, "");
    char out[128];
    assert_int_equal(gr_error_render(err.msg, "--", "", out, sizeof out), strlen(err.msg));
    assert_string_equal(out, err.msg);
    /* a message carrying another's keeps its input at fault */
    gr_error inner;
    gr_error_set(&inner, GR_EINPUT, "{stands}: 0 is out of range");
    gr_error_set(&err, GR_EINPUT, "battle.json: %s", inner.msg);
    assert_string_equal(err.param, "stands");
    gr_error_clear(&err);
    assert_string_equal(err.param, "");
    assert_int_equal(gr_error_first_param("no name here", out, sizeof out), 0);
    assert_string_equal(out, "");
    /* as the CLI says them: --NAME, as long as {NAME} */
    const char *msg = "{troops} is the firing infantry's class; accepted with {firer} infantry";
    assert_int_equal(gr_error_render(msg, "--", "", out, sizeof out), strlen(msg));
    assert_string_equal(out,
                        "--troops is the firing infantry's class; accepted with --firer infantry");
    /* as a page or a log says them: quoted words */
    char wide[128];
    gr_error_render("give {stands} N", "\xe2\x80\x9c", "\xe2\x80\x9d", wide, sizeof wide);
    assert_string_equal(wide, "give \xe2\x80\x9cstands\xe2\x80\x9d N");
    /* cut before a name or a character that does not fit, never inside */
    char small[8];
    assert_int_equal(gr_error_render("ab {stands}", "--", "", small, sizeof small), 3);
    assert_string_equal(small, "ab ");
    assert_int_equal(gr_error_render("abcd\xc3\xa9\xc3\xa9", "--", "", small, sizeof small), 6);
    assert_string_equal(small, "abcd\xc3\xa9");
    /* a name longer than gr_error.param holds is not taken for one */
    char longname[GR_ERROR_PARAM + 8];
    memset(longname, 'a', sizeof longname);
    longname[0] = '{';
    longname[sizeof longname - 2] = '}';
    longname[sizeof longname - 1] = '\0';
    gr_error_set(&err, GR_EINPUT, "%s", longname);
    assert_string_equal(err.param, "");
}

/* A positioned JSON failure: "NAME:LINE:COL: what" at the value, at its
 * key for gr_jr_fail_key, 1:1 for no node (bt_oob's orders of battle); the
 * message kept to 440 characters before the position is added. */
/* One part of a roll as a player types it, and its ways: worked out by
 * hand (two dice: 7 in 6 ways of 36, 2 and 12 in one; a D10's face 1 of
 * 10; an opposed D10 roll is two parts of 1..10). */
static void test_roll_parts(void **state)
{
    (void)state;
    int lo, hi;
    uint32_t den;
    assert_int_equal(gr_roll_parts(GR_ROLL_2D6, &lo, &hi), 1);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 12);
    assert_int_equal(gr_roll_parts(GR_ROLL_D10_VS_D10, &lo, &hi), 2);
    assert_int_equal(lo, 1);
    assert_int_equal(hi, 10);
    assert_int_equal(gr_roll_parts(GR_ROLL_NONE, &lo, &hi), 0);
    assert_int_equal(gr_roll_part_ways(GR_ROLL_2D6, 7, &den), 6);
    assert_int_equal(den, 36);
    assert_int_equal(gr_roll_part_ways(GR_ROLL_2D6_VS_2D6, 12, &den), 1);
    assert_int_equal(gr_roll_part_ways(GR_ROLL_2D6, 13, &den), 0);
    assert_int_equal(gr_roll_part_ways(GR_ROLL_D10, 10, &den), 1);
    assert_int_equal(den, 10);
    assert_int_equal(gr_roll_part_ways(GR_ROLL_D6, 7, &den), 0);
    assert_int_equal(den, 6);
}

static void test_jr_fail_positions(void **state)
{
    (void)state;
    static const char text[] = "{\n  \"a\": [1,\n    true]\n}";
    gr_jr_node *root = NULL;
    gr_error err;
    gr_jr_doc *doc = gr_jr_parse(text, sizeof text - 1, "f.json", 100, &root, &err);
    assert_non_null(doc);
    const gr_jr_node *a = gr_jr_get(root, "a");
    assert_int_equal(gr_jr_fail(&err, "f.json", a->child->next, "no %s here", "bool"), GR_EINPUT);
    assert_string_equal(err.msg, "f.json:3:5: no bool here"); /* "    true" on line 3 */
    gr_jr_fail_key(&err, "f.json", a, "bad key");
    assert_string_equal(err.msg, "f.json:2:3: bad key"); /* "  \"a\"" on line 2 */
    assert_int_equal(gr_jr_fail(&err, "f.json", NULL, "empty"), GR_EINPUT);
    assert_string_equal(err.msg, "f.json:1:1: empty");
    char what[451];
    memset(what, 'x', 450);
    what[450] = '\0';
    gr_jr_fail(&err, "f", NULL, "%s", what);
    assert_int_equal(strlen(err.msg), strlen("f:1:1: ") + 439);
    gr_jr_free(doc);
}

/* gr_join: the first n words, or up to the NULL; an empty word as "";
 * cut at the buffer's end. */
static void test_join(void **state)
{
    (void)state;
    static const char *const words[] = {"line", "", "square", NULL};
    char buf[64];
    assert_string_equal(gr_join(buf, sizeof buf, words, SIZE_MAX), "line, \"\", square");
    assert_string_equal(gr_join(buf, sizeof buf, words, 1), "line");
    assert_string_equal(gr_join(buf, sizeof buf, words, 0), "");
    assert_string_equal(gr_join(buf, 8, words, SIZE_MAX), "line, \"");
}

/* gr_jr_only_keys: a key not in the list refused at the key, the list
 * written out; the keys listed pass. */
static void test_jr_only_keys(void **state)
{
    (void)state;
    static const char text[] = "{\"a\": 1,\n  \"colour\": 2}";
    static const char *const ab[] = {"a", "b", NULL}, *const ac[] = {"a", "colour", NULL};
    gr_jr_node *root = NULL;
    gr_error err;
    gr_jr_doc *doc = gr_jr_parse(text, sizeof text - 1, "k.json", 100, &root, &err);
    assert_non_null(doc);
    assert_int_equal(gr_jr_only_keys(&err, "k.json", root, ac, NULL, NULL), GR_OK);
    assert_int_equal(gr_jr_only_keys(&err, "k.json", root, ab, "a unit", "docs/oob.md"), GR_EINPUT);
    assert_string_equal(err.msg,
                        "k.json:2:3: unknown key \"colour\" in a unit; accepted keys: a, b "
                        "(docs/oob.md)");
    gr_jr_only_keys(&err, "k.json", root, ab, NULL, NULL);
    assert_string_equal(err.msg, "k.json:2:3: unknown key \"colour\"; accepted keys: a, b");
    gr_jr_free(doc);
}

/* gr_read_stream reads to the end, or to one byte past the limit (the
 * caller says it is too large). */
static void test_read_stream(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("0123456789", f);
    rewind(f);
    char *text = NULL;
    size_t len = 0;
    gr_error err;
    assert_int_equal(gr_read_stream(f, "t", 100, &text, &len, &err), GR_OK);
    assert_int_equal(len, 10);
    assert_string_equal(text, "0123456789");
    gr_free(text);
    rewind(f);
    assert_int_equal(gr_read_stream(f, "t", 4, &text, &len, &err), GR_OK);
    assert_int_equal(len, 5); /* one past the limit: the caller refuses it */
    gr_free(text);
    fclose(f);
}

/* A formatted note is kept whole, however long (an RFF maneuver's note was
 * cut at 280 characters); one that cannot fit is left out whole, with a line
 * saying so, never cut. */
static void test_notes_never_cut(void **state)
{
    (void)state;
    static gr_resolution r;
    gr_resolution_init(&r, "t", "t");
    char long_text[3001];
    memset(long_text, 'x', 3000);
    long_text[3000] = '\0';
    gr_res_note(&r, "a: %s", long_text);
    gr_res_note(&r, "b: %s", long_text);
    assert_int_equal(r.nnotes, 2);
    assert_int_equal(strlen(r.notes[0]), 3003);
    assert_int_equal(strlen(r.notes[1]), 3003);
    assert_string_equal(r.notes[1] + 3000, "xxx");
    gr_res_note(&r, "c: %s", long_text); /* 9009 bytes: more than the room */
    assert_int_equal(r.nnotes, 3);
    assert_non_null(strstr(r.notes[2], "left out whole"));
    assert_int_equal(strlen(r.notes[0]), 3003); /* the others untouched */
    gr_resolution_init(&r, "t", "t");
    gr_res_note(&r, "d: %s", long_text);
    assert_int_equal(strlen(r.notes[0]), 3003);
}

/* Notes are written by resolve.c's own formatter for %s, %d, %+d and %%
 * (anything else goes to vsnprintf): each expected text is written out by
 * hand, as printf prints it. */
static void test_notes_formatted(void **state)
{
    (void)state;
    static gr_resolution r;
    gr_resolution_init(&r, "t", "t");
    gr_res_note(&r, "modifiers total %+d: capped at %+d", 5, 3);
    gr_res_note(&r, "modifiers total %+d: capped at %+d", -4, -3);
    gr_res_note(&r, "%+d and %d and %d", 0, 0, -7);
    gr_res_note(&r, "%d %d", 2147483647, -2147483647 - 1);
    gr_res_note(&r, "%s may: %s.", "the guns", "Tire; Pivote");
    gr_res_note(&r, "100%% of %d%%", 12);
    gr_res_note(&r, "[%3d|%-2s|%x]", 7, "a", 255); /* not ours: vsnprintf */
    gr_res_note(&r, "%s", "");
    gr_res_note(&r, "%d then %3s", 42, "ab"); /* vsnprintf after one of ours */
    assert_int_equal(r.nnotes, 9);
    assert_string_equal(r.notes[0], "modifiers total +5: capped at +3");
    assert_string_equal(r.notes[1], "modifiers total -4: capped at -3");
    assert_string_equal(r.notes[2], "+0 and 0 and -7");
    assert_string_equal(r.notes[3], "2147483647 -2147483648");
    assert_string_equal(r.notes[4], "the guns may: Tire; Pivote.");
    assert_string_equal(r.notes[5], "100% of 12%");
    assert_string_equal(r.notes[6], "[  7|a |ff]");
    assert_string_equal(r.notes[7], "");
    assert_string_equal(r.notes[8], "42 then  ab");
    /* each note keeps its own text in the pool */
    assert_string_equal(r.notes[0], "modifiers total +5: capped at +3");
    /* a note that fills the pool to its last byte is kept; the next one,
     * which has no room, is replaced whole */
    static char fill[GR_NOTE_POOL];
    gr_resolution_init(&r, "t", "t");
    memset(fill, 'y', sizeof fill - 4);
    fill[sizeof fill - 4] = '\0'; /* "n: " + fill + NUL: the pool exactly */
    gr_res_note(&r, "n: %s", fill);
    assert_int_equal(strlen(r.notes[0]), GR_NOTE_POOL - 1);
    gr_res_note(&r, "m: %d", 1);
    assert_int_equal(r.nnotes, 2);
    assert_non_null(strstr(r.notes[1], "left out whole"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splitmix64_known_answers),
        cmocka_unit_test(test_xoshiro_known_answers),
        cmocka_unit_test(test_rng_same_seed_same_stream),
        cmocka_unit_test(test_rng_below_is_uniform),
        cmocka_unit_test(test_dist_2d6),
        cmocka_unit_test(test_dist_opposed),
        cmocka_unit_test(test_roll_faces_in_range),
        cmocka_unit_test(test_param_parse_decimals),
        cmocka_unit_test(test_args_set_text_and_numbers),
        cmocka_unit_test(test_log_bounded),
        cmocka_unit_test(test_lang),
        cmocka_unit_test(test_band_find),
        cmocka_unit_test(test_fnv1a64_known_answers),
        cmocka_unit_test(test_error_escapes_controls),
        cmocka_unit_test(test_error_names_inputs),
        cmocka_unit_test(test_jr_fail_positions),
        cmocka_unit_test(test_join),
        cmocka_unit_test(test_jr_only_keys),
        cmocka_unit_test(test_read_stream),
        cmocka_unit_test(test_roll_parts),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_notes_never_cut),
        cmocka_unit_test(test_notes_formatted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
