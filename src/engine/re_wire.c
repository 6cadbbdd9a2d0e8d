/* re_wire.c - R&E's JSON, behind game.h's Game half (docs/api.md): its
 * scenario (what a page needs to draw the board), one action (what a page
 * highlights), a side's view (built from the observation only), and an
 * action as a save file records it. */
#include <string.h>

#include "grognard/json_reader.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

static const char *const terrain_ids[RE_TERRAINS] = {
    "clear",    "forest", "orchard",  "town",     "marsh",
    "mountain", "ravine", "fortress", "building", "lake",
};
static const char *const type_ids[RE_UNIT_TYPES] = {"infantry", "elite_infantry", "light_cavalry",
                                                    "heavy_cavalry", "artillery"};
static const char *const kind_ids[RE_A_KINDS] = {
    [RE_A_NONE] = "none",
    [RE_A_CHIT] = "chit",
    [RE_A_CHITS_DONE] = "chits_done",
    [RE_A_DRAW] = "draw",
    [RE_A_DIE] = "die",
    [RE_A_GROUP] = "group",
    [RE_A_FIRE] = "fire",
    [RE_A_SKIRMISH] = "skirmish",
    [RE_A_END_FIRE] = "end_fire",
    [RE_A_MOVE] = "move",
    [RE_A_END_MOVE] = "end_move",
    [RE_A_ATTACK] = "attack",
    [RE_A_COLUMN] = "column",
    [RE_A_END_ACTIVATION] = "end_activation",
    [RE_A_EVADE] = "evade",
    [RE_A_STAND] = "stand",
    [RE_A_RETREAT] = "retreat",
    [RE_A_RIPOSTE] = "riposte",
    [RE_A_NO_RIPOSTE] = "no_riposte",
    [RE_A_TAKE_GROUND] = "take_ground",
    [RE_A_PURSUE] = "pursue",
    [RE_A_STOP] = "stop",
};
/* Drawing hints: side 0 blue, side 1 white; corps in shades of them. */
static const char *const side_colour[RE_SIDES] = {"#2b4c9b", "#ece8dc"};
static const char *const corps_colour[RE_SIDES][4] = {
    {"#2b4c9b", "#4a6fc2", "#1d3570", "#6f8fd8"},
    {"#ece8dc", "#d6cfb8", "#f7f5ee", "#bfb79c"},
};

/* Set o[key] = v (v taken); 1 on failure. */
static int put(json_t *o, const char *key, json_t *v)
{
    return !v || json_object_set_new(o, key, v) != 0;
}

static json_t *hex(int col, int row)
{
    return json_pack("[ii]", col, row);
}

static json_t *done(json_t *o, int bad)
{
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *re_scenario_json(const re_scenario *sc)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    int bad = put(o, "game", json_string("re"));
    bad |= put(o, "title", json_string(sc->title));
    bad |= put(o, "turns", json_integer(sc->turns));
    int demor = sc->victory == RE_VICTORY_DEMORALISATION;
    bad |= put(o, "victory", json_string(demor ? "demoralisation" : "most-destroyed"));
    bad |= put(o, "victory_text",
               json_string(demor ? "The side with fewer demoralisation points (units lost plus "
                                   "objectives held by the enemy) at the end wins (seed 004, 6)."
                                 : "The side that has destroyed more enemy units at the end wins "
                                   "(seed 004, BUT DU JEU)."));
    bad |= put(o, "cols", json_integer(sc->cols));
    bad |= put(o, "rows", json_integer(sc->rows));
    json_t *hexes = json_array();
    bad |= !hexes;
    for (int r = 0; r < sc->rows && !bad; r++)
        for (int c = 0; c < sc->cols && !bad; c++) {
            const re_hexdef *h = &sc->map[r][c];
            json_t *streams = json_array();
            for (int d = 0; d < 6; d++)
                if (h->sides & (1u << d))
                    bad |= json_array_append_new(streams, json_integer(d)) != 0;
            char code[2] = {re_terrain_code(h->terrain), 0};
            json_t *j = json_pack("{sisisssssbsbsbsbsbso}", "col", c, "row", r, "terrain",
                                  h->terrain < RE_TERRAINS ? terrain_ids[h->terrain] : "unknown",
                                  "code", code, "hill", (h->flags & RE_HILL) != 0, "road",
                                  (h->flags & RE_ROAD) != 0, "bridge", (h->flags & RE_BRIDGE) != 0,
                                  "ford", (h->flags & RE_FORD) != 0, "fieldworks",
                                  (h->flags & RE_FIELDWORKS) != 0, "streams", streams);
            bad |= !j || json_array_append_new(hexes, j) != 0;
        }
    bad |= put(o, "hexes", hexes);
    json_t *objs = json_array();
    bad |= !objs;
    for (int i = 0; i < sc->nobjectives && !bad; i++) {
        const re_objective *ob = &sc->objectives[i];
        bad |= json_array_append_new(objs, json_pack("{sosisi}", "hex", hex(ob->col, ob->row),
                                                     "side", ob->side, "points", ob->points)) != 0;
    }
    bad |= put(o, "objectives", objs);
    json_t *sides = json_array();
    bad |= !sides;
    for (int s = 0; s < RE_SIDES && !bad; s++) {
        const re_sidedef *d = &sc->sides[s];
        bad |= json_array_append_new(sides, json_pack("{sisssssisisiss}", "id", s, "name", d->name,
                                                      "commander", d->commander, "chits_per_turn",
                                                      d->chits_per_turn, "demoralised_at",
                                                      d->demoralised_at, "retreat", d->retreat_dir,
                                                      "colour", side_colour[s])) != 0;
    }
    bad |= put(o, "sides", sides);
    json_t *corps = json_array();
    bad |= !corps;
    int shade[RE_SIDES] = {0, 0};
    for (int c = 0; c < sc->ncorps && !bad; c++) {
        const re_corpsdef *d = &sc->corps[c];
        int s = d->side < RE_SIDES ? d->side : 0;
        bad |= json_array_append_new(corps, json_pack("{sisssssisiss}", "id", c, "name", d->name,
                                                      "commander", d->commander, "side", d->side,
                                                      "chits", d->chits, "colour",
                                                      corps_colour[s][shade[s]++ % 4])) != 0;
    }
    bad |= put(o, "corps", corps);
    json_t *units = json_array();
    bad |= !units;
    for (int u = 0; u < sc->nunits && !bad; u++) {
        const re_unitdef *d = &sc->units[u];
        bad |= json_array_append_new(
                   units, json_pack("{sisssisisssisisisb}", "id", u, "name", d->name, "side",
                                    d->side, "corps", d->corps, "type",
                                    d->type < RE_UNIT_TYPES ? type_ids[d->type] : "unknown", "col",
                                    d->col, "row", d->row, "figures", d->figures, "skirmisher",
                                    d->skirmisher != 0)) != 0;
    }
    bad |= put(o, "units", units);
    return done(o, bad);
}

/* One roll's odds: {"dice", "loss", "retreat", "destroyed",
 * "expected_losses", "losses": [P(0 figures lost), P(1), ...]}. */
static json_t *roll_json(const re_roll_odds *r)
{
    json_t *o = json_object(), *l = json_array();
    int bad = !o || !l;
    int last = 0;
    for (int i = 0; i <= RE_ODDS_MAX_LOSSES; i++)
        if (r->losses[i] > 0)
            last = i;
    for (int i = 0; i <= last && l; i++)
        bad |= json_array_append_new(l, json_real(r->losses[i])) != 0;
    if (o) {
        bad |= put(o, "dice", json_integer(r->dice));
        bad |= put(o, "loss", json_real(r->p_loss));
        bad |= put(o, "retreat", json_real(r->p_retreat));
        bad |= put(o, "destroyed", json_real(r->p_destroyed));
        bad |= put(o, "expected_losses", json_real(r->expected_losses));
    }
    bad |= o ? put(o, "losses", l) : (json_decref(l), 1);
    return done(o, bad);
}

/* The whole attack (re_attack_odds): the roll against the target, and the
 * riposte's against the attacker with its chance. */
static json_t *odds_json(const re_odds *od)
{
    json_t *o = json_object();
    int bad = !o;
    if (!o)
        return NULL;
    bad |= put(o, "evades", json_boolean(od->evades));
    bad |= put(o, "may_evade", json_boolean(od->may_evade));
    if (!od->evades) {
        bad |= put(o, "attack", roll_json(&od->attack));
        json_t *r = od->riposte.dice > 0 ? roll_json(&od->riposte) : json_object();
        bad |= !r;
        if (r)
            bad |= put(r, "chance", json_real(od->p_riposte));
        bad |= put(o, "riposte", r);
    }
    return done(o, bad);
}

json_t *re_action_json(const re_scenario *sc, const re_state *s, gr_action a)
{
    char text[256];
    re_action ra = re_action_unpack(a);
    re_action_describe(sc, s, ra, text, sizeof text);
    json_t *o = json_object();
    if (!o)
        return NULL;
    int bad = put(o, "text", json_string(text));
    bad |= put(o, "kind", json_string(ra.kind < RE_A_KINDS ? kind_ids[ra.kind] : "unknown"));
    switch (ra.kind) {
    case RE_A_CHIT:
    case RE_A_DRAW: bad |= put(o, "corps", json_integer(ra.unit)); return done(o, bad);
    case RE_A_DIE: bad |= put(o, "face", json_integer(ra.unit)); return done(o, bad);
    default: break;
    }
    if (ra.unit != RE_NO_UNIT && ra.unit < sc->nunits) {
        bad |= put(o, "unit", json_integer(ra.unit));
        bad |= put(o, "from", hex(s->units[ra.unit].col, s->units[ra.unit].row));
    }
    int has_target = ra.target != RE_NO_UNIT && ra.target < sc->nunits;
    switch (ra.kind) {
    case RE_A_MOVE: {
        /* what the move leads to (the terminal's ++ and --) and its way */
        bad |= put(o, "to", hex(ra.col, ra.row));
        int cols[RE_MAX_COLS + RE_MAX_ROWS], rows[RE_MAX_COLS + RE_MAX_ROWS], fights = 0;
        int n = re_move_path(sc, s, ra.unit, ra.col, ra.row, cols, rows, RE_MAX_COLS + RE_MAX_ROWS,
                             &fights);
        if (n > 0) {
            json_t *path = json_array();
            bad |= !path;
            for (int i = 0; i < n && path; i++)
                bad |= json_array_append_new(path, hex(cols[i], rows[i])) != 0;
            bad |= put(o, "path", path);
            bad |= put(o, "fight", json_boolean(fights));
        }
        break;
    }
    case RE_A_FIRE:
    case RE_A_TAKE_GROUND: bad |= put(o, "to", hex(ra.col, ra.row)); break;
    case RE_A_RETREAT:
        bad |= put(o, "to", hex(ra.col, ra.row));
        if (has_target) {
            bad |= put(o, "push", json_integer(ra.target));
            bad |= put(o, "push_to", hex(ra.col2, ra.row2));
        }
        has_target = 0;
        break;
    default: break;
    }
    if (has_target) {
        bad |= put(o, "target", json_integer(ra.target));
        bad |= put(o, "target_hex", hex(s->units[ra.target].col, s->units[ra.target].row));
    }
    int dice = re_action_dice(sc, s, ra);
    if (dice >= 0)
        bad |= put(o, "dice", json_integer(dice));
    re_odds od;
    if (re_attack_odds(sc, s, ra, &od) == GR_OK)
        bad |= put(o, "odds", odds_json(&od));
    return done(o, bad);
}

json_t *re_sight_json(const re_scenario *sc, const re_state *st, int u)
{
    if (u < 0 || u >= sc->nunits || st->units[u].figures == 0 || st->units[u].col < 0)
        return NULL;
    json_t *o = json_object(), *hexes = json_array();
    int bad = !o || !hexes;
    for (int r = 0; r < sc->rows && !bad; r++)
        for (int c = 0; c < sc->cols && !bad; c++) {
            re_sight_at at;
            if (re_sight(sc, st, u, c, r, &at) != GR_OK)
                continue;
            json_t *h = json_pack("{s:o,s:i,s:b,s:i}", "hex", hex(c, r), "range", at.range, "sees",
                                  at.sees, "dice", at.dice);
            bad |= !h;
            if (h && at.fog)
                bad |= put(h, "fog", json_true());
            if (h && at.target >= 0)
                bad |= put(h, "target", json_integer(at.target));
            bad |= json_array_append_new(hexes, h) != 0;
        }
    if (o) {
        bad |= put(o, "unit", json_integer(u));
        bad |= put(o, "from", hex(st->units[u].col, st->units[u].row));
        bad |= put(o, "hexes", hexes);
    } else {
        json_decref(hexes);
    }
    return done(o, bad);
}

json_t *re_view_json(const re_scenario *sc, const re_obs *ob)
{
    static const char *const stages[] = {
        "chits", "draw",    "group",   "fire",  "move", "combat",  "evasion",
        "dice",  "retreat", "riposte", "after", "over", "arrival",
    };
    const re_state *st = &ob->st;
    json_t *o = json_object();
    if (!o)
        return NULL;
    int bad = put(o, "game", json_string("re"));
    bad |=
        put(o, "viewer", ob->viewer == RE_OBS_SPECTATOR ? json_null() : json_integer(ob->viewer));
    bad |= put(o, "turn", json_integer(st->turn));
    bad |= put(o, "turns", json_integer(sc->turns));
    bad |= put(
        o, "stage",
        json_string(st->stage < sizeof stages / sizeof stages[0] ? stages[st->stage] : "unknown"));
    int p = re_current_player(sc, st);
    bad |= put(o, "to_move",
               p == 0 || p == 1 ? json_integer(p)
               : p == RE_CHANCE ? json_string("chance")
                                : json_null());
    bad |= put(o, "corps_active",
               st->corps != RE_NO_UNIT && st->stage != RE_ST_OVER
                   ? json_string(sc->corps[st->corps].name)
                   : json_null());
    json_t *units = json_array();
    for (int u = 0; u < sc->nunits; u++) {
        const re_unitdef *d = &sc->units[u];
        const re_unit_st *us = &st->units[u];
        json_t *j = json_object();
        int b = put(j, "id", json_integer(u));
        b |= put(j, "name", json_string(d->name));
        b |= put(j, "side", json_integer(d->side));
        b |= put(j, "corps", json_string(sc->corps[d->corps].name));
        b |= put(j, "type", json_string(d->type < RE_UNIT_TYPES ? type_ids[d->type] : "unknown"));
        b |= put(j, "col", json_integer(us->col));
        b |= put(j, "row", json_integer(us->row));
        b |= put(j, "figures", json_integer(us->figures));
        b |= put(j, "skirmisher", json_boolean(us->skirmisher));
        if (re_unit_waiting(sc, st, u)) /* a reinforcement still to enter (col, row -1) */
            b |= put(j, "waiting", json_true());
        bad |= b ? (json_decref(j), 1) : json_array_append_new(units, j) != 0;
    }
    bad |= put(o, "units", units);
    json_t *bowl = json_object(), *own = json_object(), *drawn = json_object();
    for (int c = 0; c < sc->ncorps; c++) {
        /* the observation has the other side's chits in the bowl taken out */
        if (sc->corps[c].side == ob->viewer && st->bowl[c])
            bad |= put(own, sc->corps[c].name, json_integer(st->bowl[c]));
        if (st->drawn[c])
            bad |= put(drawn, sc->corps[c].name, json_integer(st->drawn[c]));
    }
    bad |= put(bowl, "own", own);
    bad |= put(bowl, "hidden", json_integer(ob->hidden_chits));
    bad |= put(o, "bowl", bowl);
    bad |= put(o, "drawn", drawn);
    bad |= put(o, "demoralisation",
               json_pack("[ii]", re_demoralisation(sc, st, 0), re_demoralisation(sc, st, 1)));
    int w = re_winner(sc, st);
    bad |= put(o, "winner",
               w == 0 || w == 1 ? json_integer(w)
               : w == -1        ? json_string("draw")
                                : json_null());
    return done(o, bad);
}

/* ---- an action as a save records it: its seven fields ------------------ */

#define RE_RECORD_FIELDS 7
static const int rec_lo[RE_RECORD_FIELDS] = {0, 0, 0, -128, -128, -128, -128};
static const int rec_hi[RE_RECORD_FIELDS] = {RE_A_KINDS - 1, 255, 255, 127, 127, 127, 127};

json_t *re_action_record(const void *sc, const void *act)
{
    (void)sc;
    re_action a = re_action_unpack(gr_game_act_action(act));
    return json_pack("[iiiiiii]", a.kind, a.unit, a.target, a.col, a.row, a.col2, a.row2);
}

gr_status re_action_unrecord(const void *sc, const gr_jr_node *v, const char *name, void *act,
                             gr_error *err)
{
    (void)sc;
    int f[RE_RECORD_FIELDS];
    if (v->type != GR_JR_ARRAY || v->len != RE_RECORD_FIELDS)
        return gr_jr_fail(err, name, v,
                          "\"action\" must be an array of 7 whole numbers [kind, "
                          "unit, target, col, row, col2, row2]; rewrite it");
    int k = 0;
    for (const gr_jr_node *x = v->child; x; x = x->next, k++) {
        if (x->type != GR_JR_NUMBER || !x->is_int || x->ival < rec_lo[k] || x->ival > rec_hi[k])
            return gr_jr_fail(err, name, x,
                              "element %d of \"action\" must be a whole number from %d "
                              "to %d; fix it",
                              k + 1, rec_lo[k], rec_hi[k]);
        f[k] = (int)x->ival;
    }
    re_action a = {0};
    a.kind = (uint8_t)f[0];
    a.unit = (uint8_t)f[1];
    a.target = (uint8_t)f[2];
    a.col = (int8_t)f[3];
    a.row = (int8_t)f[4];
    a.col2 = (int8_t)f[5];
    a.row2 = (int8_t)f[6];
    gr_action g = re_action_pack(a);
    memcpy(act, &g, sizeof g);
    return GR_OK;
}
