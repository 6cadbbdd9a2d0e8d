/* re_text.c - Révolution et Empire engine: the event log, and actions and
 * states as text a player reads (and types back). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "re_engine_internal.h"

const char *re_unit_name(const re_scenario *sc, int u)
{
    if (u < 0 || u >= sc->nunits)
        return "?";
    return sc->units[u].name[0] ? sc->units[u].name : "unnamed unit";
}

const char *re_corps_name(const re_scenario *sc, int c)
{
    if (c < 0 || c >= sc->ncorps)
        return "?";
    return sc->corps[c].name[0] ? sc->corps[c].name : "unnamed corps";
}

int re_action_describe(const re_scenario *sc, const re_state *st, re_action a, char *buf,
                       size_t cap)
{
    (void)st;
    const char *u = re_unit_name(sc, a.unit), *t = re_unit_name(sc, a.target);
    switch (a.kind) {
    case RE_A_CHIT: return snprintf(buf, cap, "chit %s", re_corps_name(sc, a.unit));
    case RE_A_CHITS_DONE: return snprintf(buf, cap, "chits done");
    case RE_A_DRAW: return snprintf(buf, cap, "draw %s", re_corps_name(sc, a.unit));
    case RE_A_DIE: return snprintf(buf, cap, "die %d", a.unit);
    case RE_A_GROUP: return snprintf(buf, cap, "group %s", u);
    case RE_A_FIRE: return snprintf(buf, cap, "%s: fire at %d,%d", u, a.col, a.row);
    case RE_A_SKIRMISH: return snprintf(buf, cap, "%s: skirmish %s", u, t);
    case RE_A_END_FIRE: return snprintf(buf, cap, "end fire");
    case RE_A_MOVE: return snprintf(buf, cap, "%s: move to %d,%d", u, a.col, a.row);
    case RE_A_END_MOVE: return snprintf(buf, cap, "end movement");
    case RE_A_ATTACK: return snprintf(buf, cap, "%s: attack %s", u, t);
    case RE_A_COLUMN: return snprintf(buf, cap, "%s: column attack %s", u, t);
    case RE_A_END_ACTIVATION: return snprintf(buf, cap, "end activation");
    case RE_A_EVADE: return snprintf(buf, cap, "%s: evade", u);
    case RE_A_STAND: return snprintf(buf, cap, "%s: stand", u);
    case RE_A_RETREAT:
        if (a.target != RE_NO_UNIT)
            return snprintf(buf, cap, "%s: retreat to %d,%d pushing %s to %d,%d", u, a.col, a.row,
                            t, a.col2, a.row2);
        return snprintf(buf, cap, "%s: retreat to %d,%d", u, a.col, a.row);
    case RE_A_RIPOSTE: return snprintf(buf, cap, "%s: riposte", u);
    case RE_A_NO_RIPOSTE: return snprintf(buf, cap, "%s: no riposte", u);
    case RE_A_TAKE_GROUND: return snprintf(buf, cap, "%s: take ground %d,%d", u, a.col, a.row);
    case RE_A_PURSUE: return snprintf(buf, cap, "%s: pursue %s", u, t);
    case RE_A_STOP: return snprintf(buf, cap, "%s: stop", u);
    default: return snprintf(buf, cap, "unknown action %d", a.kind);
    }
}

void re_prompt_form(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    int space = 0;
    while (*in && isspace((unsigned char)*in))
        in++;
    for (; *in && n + 1 < cap; in++) {
        unsigned char ch = (unsigned char)*in;
        if (isspace(ch)) {
            space = 1;
            continue;
        }
        if (space && n + 2 < cap)
            out[n++] = ' ';
        space = 0;
        out[n++] = (char)(ch < 128 ? tolower(ch) : ch);
    }
    out[n] = 0;
}

typedef struct parse_ctx {
    const re_scenario *sc;
    const re_state *st;
    const char *want; /* normalised text sought */
    int found;
    re_action hit;
    int nlegal;
    re_action first, last; /* two legal actions, the examples of a refusal */
} parse_ctx;

static void parse_visit(void *ctx, re_action a)
{
    parse_ctx *p = ctx;
    char buf[160], have[160];
    if (p->nlegal++ == 0)
        p->first = a;
    p->last = a;
    if (p->found)
        return;
    re_action_describe(p->sc, p->st, a, buf, sizeof buf);
    re_prompt_form(buf, have, sizeof have);
    if (strcmp(have, p->want) == 0) {
        p->found = 1;
        p->hit = a;
    }
}

gr_status re_action_parse(const re_scenario *sc, const re_state *st, const char *text,
                          re_action *out, gr_error *err)
{
    static re_action const none = {0, 0, 0, 0, 0, 0, 0, 0};
    char want[160];
    re_prompt_form(text ? text : "", want, sizeof want);
    parse_ctx p = {sc, st, want, 0, none, 0, none, none};
    int n = re_each_legal_action(sc, st, parse_visit, &p);
    if (p.found) {
        *out = p.hit;
        return GR_OK;
    }
    *out = none;
    /* the examples are legal now, so they name units of this scenario */
    char e1[160] = "", e2[160] = "";
    if (n > 0)
        re_action_describe(sc, st, p.first, e1, sizeof e1);
    if (n > 1)
        re_action_describe(sc, st, p.last, e2, sizeof e2);
    return gr_error_set(err, GR_EILLEGAL,
                        "'%s' is not a legal action now; type one of the %d legal action%s as "
                        "listed%s%s%s%s%s",
                        text ? text : "", n, n == 1 ? "" : "s", n ? " (e.g. '" : "", e1,
                        n > 1 ? "', '" : "", e2, n ? "')" : "");
}

int re_state_describe(const re_scenario *sc, const re_state *st, char *buf, size_t cap)
{
    static const char *const names[] = {
        "chit choice",       "chit draw",      "main group choice", "fire phase",
        "movement phase",    "combat phase",   "evasion choice",    "dice",
        "retreat",           "riposte choice", "after combat",      "game over",
        "reinforcement die",
    };
    const char *stage = st->stage < sizeof names / sizeof names[0] ? names[st->stage] : "?";
    int p = re_current_player(sc, st);
    char who[64];
    if (p == RE_CHANCE)
        snprintf(who, sizeof who, "chance");
    else if (p == RE_TERMINAL)
        snprintf(who, sizeof who, "nobody");
    else
        snprintf(who, sizeof who, "%s",
                 sc->sides[p].name[0] ? sc->sides[p].name : (p ? "side 1" : "side 0"));
    if (st->corps != RE_NO_UNIT && st->stage != RE_ST_OVER)
        return snprintf(buf, cap, "turn %d/%d, %s of %s, %s to play", st->turn, sc->turns, stage,
                        re_corps_name(sc, st->corps), who);
    return snprintf(buf, cap, "turn %d/%d, %s, %s to play", st->turn, sc->turns, stage, who);
}
