/* test_tb_log.c - a test of the table game logs its resolution (issue 30):
 * the teaching battle (data/table/teaching.json) to its first fire, the
 * Austrian battery at claparede with typed dice, as test_tb_script.c
 * plays it; the log of the step that resolves it holds one event per
 * modifier and one per table read, each a detail of the step's line, with
 * the values worked out by hand from the seed:
 *
 *   seed 003, PUISSANCE: "Autres artilleries ... 12" 4/3" (heavy 4); "x 2
 *     ... artillerie sur colonne"; Table des tirs row "8-9": "10 ou plus"
 *     Tir efficace;
 *   seed 003, Table des généraux touchés: "6 + Général indemne". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/grognard.h"
#include "grognard/tb.h"

#include "tb_steps.h"

static const char *root = ".";

static gr_log LOG;

/* A die typed at the table, its step logged into LOG. */
static void die_logged(int v)
{
    assert_int_equal(gr_game_current_player(&G, ST), GR_CHANCE);
    gr_log_clear(&LOG);
    gr_game_apply(&G, ST, (gr_action)v, &LOG);
}

static const char *text(const gr_event *e, gr_lang lang)
{
    static char buf[GR_EVENT_TEXT_MAX];
    gr_game_event_text(&G, e, lang, buf, sizeof buf);
    return buf;
}

static void fire_logged(void **state)
{
    (void)state;
    /* turn 1 as test_tb_script.c plays it, to the Austrians' fire */
    tb_steps_to_austrian_fire();
    act("fire austrian_battery --target claparede");
    /* the first die: the fire's roll; the test waits for the general's */
    die_logged(10);
    assert_int_equal(LOG.n, 1);
    assert_string_equal(text(&LOG.ev[0], GR_LANG_EN), "die (D10): 10");
    /* the second die resolves the test: its line cites the procedure, then
     * its modifiers and table reads, then the stands lost */
    die_logged(6);
    assert_int_equal(LOG.n, 6);
    const gr_event *e = LOG.ev;
    assert_string_equal(G.type->event_kind_name(e[0].kind), "die");
    assert_int_equal(e[0].detail, 0);
    assert_non_null(e[0].rule);
    assert_non_null(strstr(e[0].rule, "Table des tirs"));
    /* heavy 4 read from the artillery row at 12" (an informational line) */
    assert_string_equal(G.type->event_kind_name(e[1].kind), "modifier");
    assert_int_equal(e[1].detail, 1);
    assert_string_equal(text(&e[1], GR_LANG_EN),
                        "battery fire power read from the artillery row by range");
    assert_string_equal(e[1].rule, "seed 003, PUISSANCE");
    /* « x 2 ... artillerie sur colonne »: 4 x 2 = 8 */
    assert_string_equal(G.type->event_kind_name(e[2].kind), "modifier");
    assert_int_equal(e[2].detail, 1);
    assert_int_equal(e[2].vals[0], GR_MOD_MUL);
    assert_int_equal(e[2].vals[1], 2);
    assert_int_equal(e[2].vals[2], 1);
    assert_int_equal(e[2].vals[3], 1); /* counted, the firer's */
    assert_string_equal(text(&e[2], GR_LANG_EN), "times 2: artillerie sur colonne");
    assert_string_equal(text(&e[2], GR_LANG_FR), "multiplié par 2 : artillerie sur colonne");
    assert_string_equal(e[2].rule, "seed 003, MODIFICATEURS DE PUISSANCE");
    /* power 8: row "8-9", D10 10 and no DRM: « 10 ou plus », Tir efficace */
    assert_string_equal(G.type->event_kind_name(e[3].kind), "table");
    assert_int_equal(e[3].detail, 1);
    assert_int_equal(e[3].nfaces, 1);
    assert_int_equal(e[3].faces[0], 10);
    assert_int_equal(e[3].vals[2], 10);
    assert_int_equal(e[3].vals[3], 0);
    assert_string_equal(text(&e[3], GR_LANG_EN),
                        "Table des tirs: dice 10, 10 +0 = 10; cell 8-9 | 10 ou plus; result: Tir "
                        "efficace");
    assert_string_equal(text(&e[3], GR_LANG_FR),
                        "Table des tirs : dés 10, 10 +0 = 10 ; case 8-9 | 10 ou plus ; résultat : "
                        "Tir efficace");
    assert_string_equal(e[3].rule, "seed 003, Table des tirs");
    /* Suchet attached is checked: D10 6, « 6 + Général indemne » */
    assert_string_equal(G.type->event_kind_name(e[4].kind), "table");
    assert_int_equal(e[4].detail, 1);
    assert_int_equal(e[4].faces[0], 6);
    assert_non_null(strstr(text(&e[4], GR_LANG_EN), "result: Général indemne"));
    assert_string_equal(e[4].rule, "seed 003, Table des généraux touchés");
    /* one stand lost: a line of its own */
    assert_string_equal(G.type->event_kind_name(e[5].kind), "stands");
    assert_int_equal(e[5].detail, 0);
    assert_string_equal(text(&e[5], GR_LANG_EN), "claparede: 5 stand(s), 6 before");
    assert_int_equal(bunit(CLAPAREDE)->lost, 1);
    assert_int_equal(unit(CLAPAREDE)->nstands, 5);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        root = argv[1];
    if (tb_steps_load(root))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_logged),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ST);
    gr_game_free(&G);
    return rc;
}
