/* re_scenario_check.c - warnings about a Révolution et Empire scenario that
 * loads: what the loader accepts but a designer most likely did not mean
 * (grognard scenario check; docs/scenarios.md, "Checking a scenario"). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grognard/re_io.h"
#include "grognard/re_terrain.h"

typedef struct warn {
    void (*fn)(void *ctx, const char *msg);
    void *ctx;
    int n;
} warn;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
say(warn *w, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    w->n++;
    if (w->fn)
        w->fn(w->ctx, msg);
}

static const char *const type_codes[RE_UNIT_TYPES] = {"I", "IE", "C", "HC", "A"};

/* The hexes units of `type` could reach from `seen` (marked 1) over the
 * terrain alone, units ignored: a flood fill. */
static void flood(const re_scenario *sc, int type, uint8_t seen[RE_MAX_ROWS][RE_MAX_COLS])
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int r = 0; r < sc->rows; r++)
            for (int c = 0; c < sc->cols; c++) {
                if (!seen[r][c])
                    continue;
                gr_hex a = gr_hex_from_offset(c, r);
                for (int d = 0; d < GR_HEX_DIRS; d++) {
                    gr_hex b = gr_hex_neighbor(a, d);
                    int bc, br;
                    gr_hex_to_offset(b, &bc, &br);
                    if (bc < 0 || br < 0 || bc >= sc->cols || br >= sc->rows || seen[br][bc])
                        continue;
                    if (re_terrain_can_enter(sc, a, b, type)) {
                        seen[br][bc] = 1;
                        changed = 1;
                    }
                }
            }
    }
}

/* Where the units of side s could ever go, over the terrain alone. */
static void side_reach(const re_scenario *sc, int s, uint8_t out[RE_MAX_ROWS][RE_MAX_COLS])
{
    memset(out, 0, RE_MAX_ROWS * RE_MAX_COLS);
    for (int t = 0; t < RE_UNIT_TYPES; t++) {
        uint8_t seen[RE_MAX_ROWS][RE_MAX_COLS];
        memset(seen, 0, sizeof seen);
        int any = 0;
        for (int u = 0; u < sc->nunits; u++) {
            const re_unitdef *d = &sc->units[u];
            if (d->side != s || d->type != t)
                continue;
            any = 1;
            int r = sc->ext.unit_reinf[u];
            if (!r) {
                seen[d->row][d->col] = 1;
                continue;
            }
            const re_reinforcement *rf = &sc->ext.reinf[r - 1];
            for (int i = 0; i < rf->nentry; i++)
                if (re_terrain_can_stand(sc, gr_hex_from_offset(rf->entry[i][0], rf->entry[i][1]),
                                         t))
                    seen[rf->entry[i][1]][rf->entry[i][0]] = 1;
        }
        if (!any)
            continue;
        flood(sc, t, seen);
        for (int r = 0; r < sc->rows; r++)
            for (int c = 0; c < sc->cols; c++)
                out[r][c] |= seen[r][c];
    }
}

int re_scenario_warnings(const re_scenario *sc, void (*fn)(void *ctx, const char *msg), void *ctx)
{
    warn w = {fn, ctx, 0};
    /* objectives no enemy unit can ever reach */
    uint8_t reach[RE_SIDES][RE_MAX_ROWS][RE_MAX_COLS];
    for (int s = 0; s < RE_SIDES; s++)
        side_reach(sc, s, reach[s]);
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        int enemy = 1 - o->side;
        if (!reach[enemy][o->row][o->col])
            say(&w,
                "objective [%d, %d] of %s: no unit of %s can ever reach it over the terrain, so "
                "its points can never be lost; move it or open a way (a road, a bridge, a ford)",
                o->col, o->row, sc->sides[o->side].name, sc->sides[enemy].name);
    }
    /* reinforcements */
    for (int r = 0; r < sc->ext.nreinf; r++) {
        const re_reinforcement *rf = &sc->ext.reinf[r];
        int n = 0;
        for (int u = 0; u < sc->nunits; u++) {
            if (sc->ext.unit_reinf[u] != r + 1)
                continue;
            n++;
            for (int i = 0; i < rf->nentry; i++) {
                gr_hex h = gr_hex_from_offset(rf->entry[i][0], rf->entry[i][1]);
                if (!re_terrain_can_stand(sc, h, sc->units[u].type))
                    say(&w,
                        "reinforcement \"%s\": entry hex [%d, %d] is blocked by its terrain for "
                        "\"%s\" (%s), which passes it over (seed 004 §7)",
                        rf->name, rf->entry[i][0], rf->entry[i][1], sc->units[u].name,
                        type_codes[sc->units[u].type]);
            }
        }
        if (n > rf->nentry)
            say(&w,
                "reinforcement \"%s\": %d units but %d entry hex%s; those that find no free hex "
                "wait for the next turn (add entry hexes to bring them on together)",
                rf->name, n, rf->nentry, rf->nentry > 1 ? "es" : "");
        for (int i = 0; i < rf->nentry; i++)
            for (int u = 0; u < sc->nunits; u++)
                if (!sc->ext.unit_reinf[u] && sc->units[u].col == rf->entry[i][0] &&
                    sc->units[u].row == rf->entry[i][1])
                    say(&w,
                        "reinforcement \"%s\": entry hex [%d, %d] is the starting hex of \"%s\"; "
                        "the hex is passed over while a unit stands there",
                        rf->name, rf->entry[i][0], rf->entry[i][1], sc->units[u].name);
        if (rf->roll) {
            /* the chance it has not come by the last turn: ((roll-1)/6)^tries */
            int tries = sc->turns - rf->turn + 1;
            double p = 1;
            for (int k = 0; k < tries; k++)
                p *= (rf->roll - 1) / 6.0;
            if (p >= 0.01)
                say(&w,
                    "reinforcement \"%s\" may never come: it needs %d or more on a die from turn "
                    "%d to %d, and misses every roll %.0f%% of the time",
                    rf->name, rf->roll, rf->turn, sc->turns, 100 * p);
        }
    }
    /* chits the army cannot use at the start */
    for (int s = 0; s < RE_SIDES; s++) {
        int pool = 0;
        for (int c = 0; c < sc->ncorps; c++) {
            if (sc->corps[c].side != s)
                continue;
            int on_map = 0;
            for (int u = 0; u < sc->nunits; u++) {
                int r = sc->ext.unit_reinf[u];
                /* on the map when the chits of turn 1 are chosen: from the
                 * start, or with a reinforcement due on turn 1 without a die */
                on_map |= sc->units[u].corps == c &&
                          (!r || (sc->ext.reinf[r - 1].turn == 1 && !sc->ext.reinf[r - 1].roll));
            }
            pool += on_map ? sc->corps[c].chits : 0;
        }
        if (re_chits_per_turn(sc, s, 1) > pool)
            say(&w,
                "%s may put %d chits in the bowl on turn 1 but the corps on the map then hold "
                "only %d; the others come with reinforcements (lower \"chits_per_turn\" and raise "
                "it in \"chits_by_turn\" when they arrive)",
                sc->sides[s].name, re_chits_per_turn(sc, s, 1), pool);
    }
    return w.n;
}
