/* re_plan.c - the army commander's plan for one side (re_plan.h): per
 * corps a task, from the objectives and the units on the map. */
#include "grognard/re_plan.h"

#include <stdio.h>
#include <string.h>

#include "grognard/hex.h"

/* An objective of the side with an enemy this near is held; an enemy
 * objective this near is attacked; else an enemy this near. */
#define HOLD_THREAT  4
#define ATTACK_OBJ   8
#define ATTACK_ENEMY 6

static int on_map(const re_state *st, int u)
{
    return st->units[u].figures > 0 && st->units[u].col >= 0;
}

static int dist(int c1, int r1, int c2, int r2)
{
    return gr_hex_distance(gr_hex_from_offset(c1, r1), gr_hex_from_offset(c2, r2));
}

/* The distance from corps c's nearest unit on the map to (col,row); 99 if
 * it has none. */
static int corps_dist(const re_scenario *sc, const re_state *st, int c, int col, int row)
{
    int best = 99;
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].corps == c && on_map(st, u)) {
            int d = dist(st->units[u].col, st->units[u].row, col, row);
            best = d < best ? d : best;
        }
    return best;
}

void re_plan_make(const re_scenario *sc, const re_state *st, int side, re_plan *out)
{
    memset(out, 0, sizeof *out);
    out->side = (uint8_t)side;
    int has[RE_MAX_CORPS] = {0};
    for (int c = 0; c < sc->ncorps; c++) {
        out->corps[c] = (re_task){RE_TASK_NONE, -1, -1, -1, RE_NO_UNIT};
        if (sc->corps[c].side != side)
            continue;
        for (int u = 0; u < sc->nunits && !has[c]; u++)
            has[c] = sc->units[u].corps == c && on_map(st, u);
    }
    /* hold: each threatened objective of the side, by the nearest corps
     * free */
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        if (o->side != side)
            continue;
        int threat = 99;
        for (int e = 0; e < sc->nunits; e++)
            if (sc->units[e].side != side && on_map(st, e)) {
                int d = dist(st->units[e].col, st->units[e].row, o->col, o->row);
                threat = d < threat ? d : threat;
            }
        if (threat > HOLD_THREAT)
            continue;
        int best = -1, bd = 99;
        for (int c = 0; c < sc->ncorps; c++)
            if (has[c] && out->corps[c].kind == RE_TASK_NONE) {
                int d = corps_dist(sc, st, c, o->col, o->row);
                if (d < bd)
                    bd = d, best = c;
            }
        if (best >= 0)
            out->corps[best] = (re_task){RE_TASK_HOLD, o->col, o->row, (int8_t)i, RE_NO_UNIT};
    }
    for (int c = 0; c < sc->ncorps; c++) {
        if (!has[c] || out->corps[c].kind != RE_TASK_NONE)
            continue;
        re_task t = {RE_TASK_RESERVE, -1, -1, -1, RE_NO_UNIT};
        int bd = ATTACK_OBJ + 1;
        for (int i = 0; i < sc->nobjectives; i++) {
            const re_objective *o = &sc->objectives[i];
            if (o->side == side)
                continue;
            int held = re_unit_at(sc, st, o->col, o->row);
            if (held >= 0 && sc->units[held].side == side)
                continue; /* ours already: its holder stays (evaluate) */
            int d = corps_dist(sc, st, c, o->col, o->row);
            if (d < bd) {
                bd = d;
                t = (re_task){RE_TASK_ATTACK, o->col, o->row, (int8_t)i, RE_NO_UNIT};
            }
        }
        if (t.kind == RE_TASK_RESERVE) {
            bd = ATTACK_ENEMY + 1;
            for (int e = 0; e < sc->nunits; e++)
                if (sc->units[e].side != side && on_map(st, e)) {
                    int d = corps_dist(sc, st, c, st->units[e].col, st->units[e].row);
                    if (d < bd) {
                        bd = d;
                        t = (re_task){RE_TASK_ATTACK, st->units[e].col, st->units[e].row, -1,
                                      (uint8_t)e};
                    }
                }
        }
        out->corps[c] = t;
    }
}

int32_t re_plan_score(const re_scenario *sc, const re_state *st, const re_plan *plan)
{
    int32_t v = 0;
    for (int u = 0; u < sc->nunits; u++) {
        if (sc->units[u].side != plan->side || !on_map(st, u))
            continue;
        const re_task *t = &plan->corps[sc->units[u].corps];
        if (t->kind != RE_TASK_ATTACK && t->kind != RE_TASK_HOLD)
            continue;
        int d = dist(st->units[u].col, st->units[u].row, t->col, t->row);
        if (sc->units[u].type == RE_ARTILLERY)
            v += d == 2 || d == 3 ? 30 : -4 * (d > 3 ? d - 3 : 0);
        else if (t->kind == RE_TASK_ATTACK)
            v -= 8 * (d < 20 ? d : 20);
        else
            v -= 8 * (d > 1 ? (d < 20 ? d : 20) - 1 : 0);
    }
    return v;
}

const char *re_task_text(const re_scenario *sc, const re_state *st, const re_task *t, char *buf,
                         size_t cap)
{
    (void)st;
    switch (t->kind) {
    case RE_TASK_ATTACK:
        if (t->objective >= 0)
            snprintf(buf, cap, "attack the objective [%d, %d]", t->col, t->row);
        else if (t->enemy != RE_NO_UNIT && t->enemy < sc->nunits)
            snprintf(buf, cap, "attack %s at [%d, %d]", sc->units[t->enemy].name, t->col, t->row);
        else
            snprintf(buf, cap, "attack [%d, %d]", t->col, t->row);
        break;
    case RE_TASK_HOLD: snprintf(buf, cap, "hold the objective [%d, %d]", t->col, t->row); break;
    case RE_TASK_RESERVE: snprintf(buf, cap, "reserve"); break;
    default: snprintf(buf, cap, "none"); break;
    }
    return buf;
}
