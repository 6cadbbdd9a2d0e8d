/* re_tables.c - the tables a scenario keeps (re_scenario_tables): made once
 * when it is loaded, checked against the scenario before each use, patched
 * when the terrain changes on some turn, and worked out by the caller
 * otherwise.  They replace what the engine kept per thread before: the
 * engine holds no mutable data of its own (no static, no thread-local). */
#include <assert.h>
#include <string.h>

#include "grognard/re_terrain.h"
#include "re_engine_internal.h"

static int objectives_of(const re_scenario *sc)
{
    return sc->nobjectives < RE_MAX_OBJECTIVES ? sc->nobjectives : RE_MAX_OBJECTIVES;
}

/* The rows of the map in use (the tables read no other), in bytes. */
static size_t map_bytes(const re_scenario *sc)
{
    return (size_t)(sc->rows < RE_MAX_ROWS ? sc->rows : RE_MAX_ROWS) * sizeof sc->map[0];
}

void re_scenario_make_tables(re_scenario *sc)
{
    re_scenario_tables *t = &sc->tables;
    memset(t, 0, sizeof *t);
    t->cols = sc->cols;
    t->rows = sc->rows;
    memcpy(t->map, sc->map, sizeof t->map);
    re_terrain_move_table(sc, &t->move);
    t->nunits = sc->nunits;
    for (int u = 0; u < sc->nunits && u < RE_MAX_UNITS; u++) {
        int s = sc->units[u].side & 1;
        t->side_units[s][t->nside[s]++] = (uint8_t)u;
    }
    /* each corps' units in id order: counted, then placed */
    int nc = sc->ncorps < RE_MAX_CORPS ? sc->ncorps : RE_MAX_CORPS, k = 0;
    t->ncorps = (uint8_t)nc;
    for (int c = 0; c < nc; c++) {
        t->corps_first[c] = (uint8_t)k;
        for (int u = 0; u < sc->nunits && u < RE_MAX_UNITS; u++)
            if (sc->units[u].corps == c)
                t->corps_units[k++] = (uint8_t)u;
    }
    for (int c = nc; c <= RE_MAX_CORPS; c++)
        t->corps_first[c] = (uint8_t)k;
    int n = objectives_of(sc);
    t->nobjectives = (uint8_t)n;
    memset(t->obj_dist, 255, sizeof t->obj_dist);
    for (int i = 0; i < n; i++) {
        gr_hex h = gr_hex_from_offset(sc->objectives[i].col, sc->objectives[i].row);
        t->obj_hex[i][0] = sc->objectives[i].col;
        t->obj_hex[i][1] = sc->objectives[i].row;
        for (int r = 0; r < RE_MAX_ROWS; r++)
            for (int c = 0; c < RE_MAX_COLS; c++) {
                int d = gr_hex_distance(h, gr_hex_from_offset(c, r));
                t->obj_dist[r * RE_MAX_COLS + c][i] = (uint8_t)(d < 255 ? d : 255);
            }
    }
    t->made = 1;
}

/* The map the tables were made from is sc's (bytes of the rows in use). */
static int map_agrees(const re_scenario *sc)
{
    const re_scenario_tables *t = &sc->tables;
    return t->made && t->cols == sc->cols && t->rows == sc->rows &&
           !memcmp(t->map, sc->map, map_bytes(sc));
}

const re_move_terrain *re_tables_move(const re_scenario *sc, re_move_terrain *buf)
{
    /* the contract (re_scenario_tables): a map changed after its tables
     * were made has them made again or cleared; checked in debug builds
     * (comparing the map costs a tenth of a step's legal moves) */
    assert(!sc->tables.made || map_agrees(sc));
    if (sc->tables.made)
        return &sc->tables.move;
    re_terrain_move_table(sc, buf);
    return buf;
}

const uint8_t (*re_tables_obj_dist(const re_scenario *sc))[RE_MAX_OBJECTIVES]
{
    const re_scenario_tables *t = &sc->tables;
    int n = objectives_of(sc);
    if (!t->made || t->nobjectives != n)
        return NULL;
    for (int i = 0; i < n; i++)
        if (t->obj_hex[i][0] != sc->objectives[i].col || t->obj_hex[i][1] != sc->objectives[i].row)
            return NULL;
    return t->obj_dist;
}

int re_tables_lists_agree(const re_scenario *sc)
{
    const re_scenario_tables *t = &sc->tables;
    int k[RE_SIDES] = {0, 0}, kc[RE_MAX_CORPS] = {0};
    for (int u = 0; u < sc->nunits && u < RE_MAX_UNITS; u++) {
        int s = sc->units[u].side & 1, c = sc->units[u].corps;
        if (k[s] >= t->nside[s] || t->side_units[s][k[s]++] != u)
            return 0;
        if (c >= t->ncorps || t->corps_first[c] + kc[c] >= t->corps_first[c + 1] ||
            t->corps_units[t->corps_first[c] + kc[c]++] != u)
            return 0;
    }
    for (int c = 0; c < t->ncorps; c++)
        if (t->corps_first[c] + kc[c] != t->corps_first[c + 1])
            return 0;
    return k[0] == t->nside[0] && k[1] == t->nside[1];
}

const re_scenario *re_tables_at_turn(const re_scenario *sc, int turn, re_scenario *buf)
{
    const re_scenario *at = re_scenario_at_turn(sc, turn, buf);
    if (at != buf || !map_agrees(sc))
        return at;
    /* the copy's tables are sc's: made again on the hexes that changed */
    for (int i = 0; i < sc->ext.nchanges && i < RE_MAX_CHANGES; i++) {
        const re_terrain_change *c = &sc->ext.changes[i];
        if (c->turn > turn || c->col < 0 || c->row < 0 || c->col >= RE_MAX_COLS ||
            c->row >= RE_MAX_ROWS)
            continue;
        buf->tables.map[c->row][c->col] = buf->map[c->row][c->col];
        re_terrain_move_table_hex(buf, c->col, c->row, &buf->tables.move);
    }
    return buf;
}
