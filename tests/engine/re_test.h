/* re_test.h - helpers for the tiny R&E rule scenarios: a 6x6 clear map,
 * two sides (side 0 "France" retreats west, side 1 "Autriche" east), one
 * corps each, and a way to play actions by their text and force dice.
 * Included by the test files only (static functions). */
#ifndef RE_TEST_H
#define RE_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "grognard/re.h"
#include "grognard/re_rules.h"

static re_scenario sc;
static re_state st;
static gr_log lg;

/* A 6x6 clear map, 3 turns; corps 0 (side 0, 1 chit), corps 1 (side 1, 1
 * chit); 2 chits per turn each; no demoralisation threshold. */
static void tiny(void)
{
    memset(&sc, 0, sizeof sc);
    snprintf(sc.id, sizeof sc.id, "tiny");
    sc.cols = 6;
    sc.rows = 6;
    sc.turns = 3;
    sc.ncorps = 2;
    snprintf(sc.sides[0].name, RE_NAME_LEN, "France");
    snprintf(sc.sides[1].name, RE_NAME_LEN, "Autriche");
    sc.sides[0].chits_per_turn = 2;
    sc.sides[1].chits_per_turn = 2;
    sc.sides[0].retreat_dir = GR_HEX_W;
    sc.sides[1].retreat_dir = GR_HEX_E;
    snprintf(sc.corps[0].name, RE_NAME_LEN, "Soult");
    sc.corps[0].side = 0;
    sc.corps[0].chits = 1;
    snprintf(sc.corps[1].name, RE_NAME_LEN, "Kollowrat");
    sc.corps[1].side = 1;
    sc.corps[1].chits = 1;
}

static int unit(const char *name, int side, int type, int figures, int col, int row)
{
    int u = sc.nunits++;
    re_unitdef *d = &sc.units[u];
    snprintf(d->name, RE_NAME_LEN, "%s", name);
    d->side = (uint8_t)side;
    d->type = (uint8_t)type;
    d->corps = (uint8_t)side;
    d->figures = (uint8_t)figures;
    d->col = (int8_t)col;
    d->row = (int8_t)row;
    return u;
}

static void terrain(int col, int row, int t)
{
    sc.map[row][col].terrain = (uint8_t)t;
}

static void flag(int col, int row, int f)
{
    sc.map[row][col].flags |= (uint8_t)f;
}

static int legal(const char *text)
{
    re_action a;
    return re_action_parse(&sc, &st, text, &a, NULL) == GR_OK;
}

static void play(const char *text)
{
    re_action a;
    gr_error err;
    gr_error_clear(&err);
    if (re_action_parse(&sc, &st, text, &a, &err) != GR_OK) {
        char buf[128];
        re_state_describe(&sc, &st, buf, sizeof buf);
        fail_msg("'%s' not legal (%s): %s", text, buf, err.msg);
    }
    assert_int_equal(re_apply(&sc, &st, a, &lg, &err), GR_OK);
}

/* Force one die. */
static void die(int face)
{
    assert_int_equal(re_current_player(&sc, &st), RE_CHANCE);
    assert_int_equal(st.stage, RE_ST_DICE);
    char buf[16];
    snprintf(buf, sizeof buf, "die %d", face);
    play(buf);
}

/* Dice of the roll about to be made (0 if no roll is pending). */
static int dice_pending(void)
{
    return st.stage == RE_ST_DICE ? st.combat.dice_left : 0;
}

/* Force all dice of the pending roll to `face`; returns how many. */
static int dice_all(int face)
{
    int n = dice_pending();
    int roll = st.combat.roll, hit = st.combat.hit;
    for (int i = 0; i < n; i++) {
        assert_int_equal(st.combat.roll, roll);
        assert_int_equal(st.combat.hit, hit);
        die(face);
    }
    return n;
}

/* Start the game and activate corps `corps` (its side puts its chit in the
 * bowl, the other side none; the draw is forced). */
static void activate_corps(int corps)
{
    gr_error err;
    gr_log_clear(&lg);
    assert_int_equal(re_init(&sc, &st, &err), GR_OK);
    char buf[96];
    for (int s = 0; s < 2; s++) {
        if (sc.corps[corps].side == s) {
            snprintf(buf, sizeof buf, "chit %s", sc.corps[corps].name);
            play(buf);
        }
        if (st.stage == RE_ST_CHITS && st.side == s)
            play("chits done");
    }
    snprintf(buf, sizeof buf, "draw %s", sc.corps[corps].name);
    play(buf);
}

static int U(const char *name)
{
    for (int u = 0; u < sc.nunits; u++)
        if (strcmp(sc.units[u].name, name) == 0)
            return u;
    fail_msg("no unit %s", name);
    return -1;
}

static void assert_at(const char *name, int col, int row)
{
    int u = U(name);
    if (st.units[u].col != col || st.units[u].row != row)
        fail_msg("%s at %d,%d, expected %d,%d", name, st.units[u].col, st.units[u].row, col, row);
}

static int figures(const char *name)
{
    return st.units[U(name)].figures;
}

/* The English text of event i of the log. */
static const char *log_text(int i)
{
    static char buf[RE_EVENT_TEXT_MAX];
    re_event_text(&sc, &lg.ev[i], GR_LANG_EN, buf, sizeof buf);
    return buf;
}

/* The rule paragraph event i cites ("" if none). */
static const char *log_rule(int i)
{
    return lg.ev[i].rule ? lg.ev[i].rule : "";
}

static int log_has(const char *needle)
{
    for (int i = 0; i < lg.n; i++)
        if (strstr(log_text(i), needle))
            return 1;
    return 0;
}

#endif
