/* test_rff_actions.c - the notes of what a maneuver column allows
 * (rff_actions_note, joined at compile time from the action macros) are
 * the lines of the action tables as rff_actions_text joins them at run
 * time, column by column, for troops and guns; and two are checked against
 * the seed's printed column, typed here by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rff.h"

static void test_notes_are_the_joined_lines(void **state)
{
    (void)state;
    for (int guns = 0; guns < 2; guns++)
        for (int col = RFF_COL_WELL_EXECUTED; col <= RFF_COL_SHOCKED; col++) {
            const char *note = rff_actions_note(guns, col);
            if (guns && col == RFF_COL_SHOCKED) {
                assert_null(note); /* guns have no CHOQUÉE column */
                continue;
            }
            char acts[4096], want[4200];
            rff_actions_text(guns, col, acts, sizeof acts);
            assert_true(strlen(acts) > 0);
            strcpy(want, guns ? "the guns may: " : "the troops may: ");
            strcat(want, acts);
            assert_non_null(note);
            assert_string_equal(note, want);
            assert_null(strchr(note, '%'));
        }
    assert_null(rff_actions_note(0, -1));
    assert_null(rff_actions_note(0, 3));
}

/* Seed 001, MANŒVRES DE LA TROUPE, column Choquée: one action; MANŒVRES DES
 * CANONS, column Retardée: five, in the printed order. */
static void test_notes_by_hand(void **state)
{
    (void)state;
    assert_string_equal(rff_actions_note(0, RFF_COL_SHOCKED),
                        "the troops may: Contre charge de cavalerie à demi-mouvement");
    assert_string_equal(rff_actions_note(1, RFF_COL_DELAYED),
                        "the guns may: Mouvement complet attelé; Tire; Attelle ou dételle; "
                        "Pivote; Attelle et retraite d'un mouvement complet, silencieux");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes_are_the_joined_lines),
        cmocka_unit_test(test_notes_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
