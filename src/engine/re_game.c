/* re_game.c - Révolution et Empire behind the game interface (game.h): the
 * adapter packs R&E's 8-byte action into a gr_action, and adds the view of
 * one side (observe) and a state consistent with it (resample).
 *
 * Hidden information in R&E (seed 004 §1 Activation): each side puts chits
 * of its corps in the bowl unseen.  The other side sees how many chits went
 * in (a hand into the bowl) and every chit drawn, but not which corps the
 * chits still in the bowl belong to (docs/rules/re.md, "Hidden chits"). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/game.h"
#include "grognard/re.h"
#include "grognard/re_io.h"
#include "grognard/re_plan.h"
#include "grognard/re_rules.h"
#include "re_engine_internal.h"

re_action re_action_unpack(gr_action g)
{
    re_action a = {0};
    a.kind = (uint8_t)g;
    a.unit = (uint8_t)(g >> 8);
    a.target = (uint8_t)(g >> 16);
    a.col = (int8_t)(uint8_t)(g >> 24);
    a.row = (int8_t)(uint8_t)(g >> 32);
    a.col2 = (int8_t)(uint8_t)(g >> 40);
    a.row2 = (int8_t)(uint8_t)(g >> 48);
    return a;
}

static const char *g_player_name(const void *sc, int p)
{
    const re_scenario *s = sc;
    return p == 0 || p == 1 ? s->sides[p].name : "";
}

static gr_status g_init(const void *sc, void *st, gr_error *err)
{
    return re_init(sc, st, err);
}

static int g_current_player(const void *sc, const void *st)
{
    int p = re_current_player(sc, st);
    return p == RE_CHANCE ? GR_CHANCE : p == RE_TERMINAL ? GR_TERMINAL : p;
}

static int g_legal_actions(const void *sc, const void *st, gr_action *out, int cap)
{
    return re_legal_actions_packed(sc, st, out, cap);
}

static int g_chance_outcomes(const void *sc, const void *st, gr_chance_outcome *out, int cap)
{
    re_chance ch[RE_MAX_OUTCOMES];
    int n = re_chance_outcomes(sc, st, ch, RE_MAX_OUTCOMES);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = (gr_chance_outcome){re_action_pack(ch[i].action), ch[i].num, ch[i].den};
    return n;
}

static int g_is_legal(const void *sc, const void *st, gr_action a)
{
    return re_is_legal(sc, st, re_action_unpack(a));
}

static void g_apply(const void *sc, void *st, gr_action a, gr_log *log)
{
    re_apply_trusted(sc, st, re_action_unpack(a), log);
}

static int g_winner(const void *sc, const void *st)
{
    int w = re_winner(sc, st);
    return w == 0 || w == 1 ? w : w == -1 ? GR_DRAW : GR_ONGOING;
}

static uint64_t g_hash(const void *sc, const void *st)
{
    return re_hash(sc, st);
}

static int g_describe(const void *sc, const void *st, gr_action a, char *buf, size_t cap)
{
    return re_action_describe(sc, st, re_action_unpack(a), buf, cap);
}

static gr_status g_parse(const void *sc, const void *st, const char *text, gr_action *out,
                         gr_error *err)
{
    re_action a;
    gr_status s = re_action_parse(sc, st, text, &a, err);
    *out = re_action_pack(a);
    return s;
}

static int g_state_describe(const void *sc, const void *st, char *buf, size_t cap)
{
    return re_state_describe(sc, st, buf, cap);
}

/* `player` is a side, or GR_SPECTATOR for a viewer who plays neither: then
 * the chits of both sides in the bowl are hidden (only how many there are
 * is shown). */
static void observe(const re_scenario *sc, const re_state *st, int player, re_obs *obs)
{
    memset(obs, 0, sizeof *obs);
    obs->st = *st;
    /* a spectator (GR_SPECTATOR, or any viewer who is not a side) sees
     * every side's chits in the bowl as the other side does: hidden */
    obs->viewer = player == 0 || player == 1 ? (uint8_t)player : RE_OBS_SPECTATOR;
    for (int c = 0; c < sc->ncorps; c++)
        if (sc->corps[c].side != player) {
            obs->hidden_chits = (uint8_t)(obs->hidden_chits + st->bowl[c]);
            obs->st.bowl[c] = 0;
        }
}

static void g_observe(const void *sc, const void *st, int player, void *obs)
{
    observe(sc, st, player, obs);
}

static int corps_has_units(const re_scenario *sc, const re_state *st, int c)
{
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].corps == c && st->units[u].figures > 0 && st->units[u].col >= 0)
            return 1;
    return 0;
}

/* A full state consistent with `player`'s view of st: the other side's
 * chits in the bowl dealt again at random among its corps that may hold
 * them (gr_game_resample). */
static void resample(const re_scenario *sc, const re_state *st, int player, gr_rng *rng,
                     re_state *out)
{
    *out = *st;
    int hidden = 0;
    uint8_t room[RE_MAX_CORPS] = {0};
    for (int c = 0; c < sc->ncorps; c++)
        if (sc->corps[c].side != player) {
            hidden += st->bowl[c];
            out->bowl[c] = 0;
        }
    /* Chits go, one at a time, to a corps drawn uniformly among those that
     * may still hold one: a corps puts at most its `chits` in the bowl each
     * turn (those drawn this turn count); a corps with no unit left is used
     * only if the others cannot hold them all (it may have died after its
     * chit went in). */
    for (int pass = 0; pass < 2 && hidden > 0; pass++) {
        for (int c = 0; c < sc->ncorps; c++) {
            room[c] = 0;
            if (sc->corps[c].side == player || st->drawn[c] >= sc->corps[c].chits)
                continue;
            if (pass == 0 && !corps_has_units(sc, st, c))
                continue;
            room[c] = (uint8_t)(sc->corps[c].chits - st->drawn[c] - out->bowl[c]);
        }
        while (hidden > 0) {
            uint32_t total = 0;
            for (int c = 0; c < sc->ncorps; c++)
                total += room[c] ? 1u : 0u;
            if (total == 0)
                break;
            uint32_t k = gr_rng_below(rng, total);
            for (int c = 0; c < sc->ncorps; c++)
                if (room[c] && k-- == 0) {
                    out->bowl[c]++;
                    room[c]--;
                    hidden--;
                    break;
                }
        }
    }
    assert(hidden == 0);
}

static void g_resample(const void *sc, const void *st, int player, gr_rng *rng, void *out)
{
    resample(sc, st, player, rng, out);
}

static int g_event_text(const void *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap)
{
    return re_event_text(sc, ev, lang, buf, cap);
}

static int g_is_hidden_choice(const void *sc, const void *st, int player, gr_action a)
{
    (void)sc;
    (void)st;
    (void)player;
    return re_action_unpack(a).kind == RE_A_CHIT;
}

static int g_is_pass(const void *sc, const void *st, gr_action a)
{
    (void)sc;
    (void)st;
    switch (re_action_unpack(a).kind) {
    case RE_A_CHITS_DONE:
    case RE_A_END_FIRE:
    case RE_A_END_MOVE:
    case RE_A_END_ACTIVATION:
    case RE_A_NO_RIPOSTE:
    case RE_A_STOP: return 1;
    default: return 0;
    }
}

static void stat(gr_stat *out, int cap, int *n, int side, int64_t value, const char *name)
{
    if (*n < cap) {
        gr_stat *s = &out[*n];
        snprintf(s->name, sizeof s->name, "%s", name);
        s->side = side;
        s->value = value;
    }
    (*n)++;
}

/* The turn reached; per side, figures lost by unit type (skirmishers
 * apart), units destroyed and demoralisation points; per objective hex,
 * whether the enemy of its side holds it. */
static int g_stats(const void *scv, const void *stv, gr_stat *out, int cap)
{
    static const char *const lost_names[RE_UNIT_TYPES] = {
        "figures lost: infantry", "figures lost: elite infantry", "figures lost: light cavalry",
        "figures lost: heavy cavalry", "figures lost: artillery"};
    const re_scenario *sc = scv;
    const re_state *st = stv;
    int n = 0;
    stat(out, cap, &n, -1, st->turn, "turns");
    for (int s = 0; s < RE_SIDES; s++) {
        int64_t lost[RE_UNIT_TYPES] = {0}, sk = 0, dead = 0;
        for (int u = 0; u < sc->nunits; u++) {
            const re_unitdef *d = &sc->units[u];
            if (d->side != s || d->type >= RE_UNIT_TYPES)
                continue;
            lost[d->type] += d->figures - st->units[u].figures;
            sk += d->skirmisher - st->units[u].skirmisher;
            dead += st->units[u].figures == 0;
        }
        for (int t = 0; t < RE_UNIT_TYPES; t++)
            stat(out, cap, &n, s, lost[t], lost_names[t]);
        stat(out, cap, &n, s, sk, "skirmishers lost");
        stat(out, cap, &n, s, dead, "units destroyed");
        stat(out, cap, &n, s, re_demoralisation(sc, st, s), "demoralisation points");
    }
    for (int i = 0; i < sc->nobjectives; i++) {
        const re_objective *o = &sc->objectives[i];
        int u = re_unit_at(sc, st, o->col, o->row);
        char name[GR_STAT_NAME];
        snprintf(name, sizeof name, "objective [%d, %d] held by the enemy", o->col, o->row);
        stat(out, cap, &n, o->side, u >= 0 && sc->units[u].side != o->side, name);
    }
    return n;
}

/* What a figure is worth, by unit type: the dice it brings (seed 004 §4.3:
 * infantry 2... are the table's; these weights only rank positions). */
static int32_t figure_worth(int type)
{
    switch (type) {
    case RE_ELITE_INFANTRY: return 130;
    case RE_HEAVY_CAVALRY: return 130;
    case RE_ARTILLERY: return 200;
    default: return 100;
    }
}

/* How good st is for side p, for the heuristic player: the margin of the
 * scenario's victory condition first (demoralisation points, or enemy units
 * destroyed), then the figures each side keeps, then how near p's units
 * stand to the enemy's objective hexes (to take them) and on its own (to
 * hold them).  A heuristic, not a rule: it only ranks choices. */
static int32_t g_evaluate(const void *scv, const void *stv, int p)
{
    const re_scenario *sc = scv;
    const re_state *st = stv;
    int q = 1 - p;
    if (st->stage == RE_ST_OVER)
        return st->winner == p ? GR_EVAL_WIN : st->winner == q ? -GR_EVAL_WIN : 0;
    int demo_pts[RE_SIDES] = {0, 0};
    if (sc->victory == RE_VICTORY_DEMORALISATION)
        re_demoralisation_sides(sc, st, demo_pts);
    int32_t margin = sc->victory == RE_VICTORY_DEMORALISATION ? demo_pts[q] - demo_pts[p]
                     : sc->victory == RE_VICTORY_OBJECTIVES
                         ? re_objective_points(sc, st, p) - re_objective_points(sc, st, q)
                     : sc->victory == RE_VICTORY_POINTS
                         ? re_victory_points(sc, st, p) - re_victory_points(sc, st, q)
                         : re_destroyed_by(sc, st, p) - re_destroyed_by(sc, st, q);
    int32_t v = 10000 * margin;
    int demo = sc->victory != RE_VICTORY_MOST_DESTROYED; /* objectives count */
    /* in one pass: the figures each side keeps; where objectives count,
     * the distance from each objective to p's nearest unit; else the
     * axial hexes of each side's units on the map (read below for every
     * enemy) */
    /* each objective's distance to every hex, from the scenario's tables
     * (NULL: worked out below for each unit) */
    const uint8_t(*od)[RE_MAX_OBJECTIVES] = demo ? re_tables_obj_dist(sc) : NULL;
    /* with the tables: every objective at once, bytes side by side (the
     * compiler makes the loop of 16 a few vector instructions) */
    uint8_t near16[RE_MAX_OBJECTIVES];
    memset(near16, 99, sizeof near16);
    int nobj =
            demo ? (sc->nobjectives < RE_MAX_OBJECTIVES ? sc->nobjectives : RE_MAX_OBJECTIVES) : 0,
        nearest[RE_MAX_OBJECTIVES];
    for (int i = 0; i < nobj; i++)
        nearest[i] = 99;
    int16_t q_[2][RE_MAX_UNITS], r_[2][RE_MAX_UNITS];
    int n_[2] = {0, 0};
    for (int u = 0; u < sc->nunits; u++) {
        const re_unitdef *d = &sc->units[u];
        const re_unit_st *us = &st->units[u];
        int32_t w = figure_worth(d->type) * us->figures + 30 * us->skirmisher;
        int s = d->side == p ? 0 : 1; /* 0: p's, 1: the enemy's */
        v += s ? -w : w;
        if (us->figures == 0 || us->col < 0)
            continue;
        if (!demo) {
            gr_hex h = gr_hex_from_offset(us->col, us->row);
            q_[s][n_[s]] = h.q;
            r_[s][n_[s]++] = h.r;
        } else if (s == 0 && od) {
            uint8_t dist[RE_MAX_OBJECTIVES];
            memcpy(dist, od[us->row * RE_MAX_COLS + us->col], sizeof dist);
            for (int i = 0; i < RE_MAX_OBJECTIVES; i++)
                near16[i] = (uint8_t)(dist[i] < near16[i] ? dist[i] : near16[i]);
        } else if (s == 0) {
            gr_hex h = gr_hex_from_offset(us->col, us->row);
            for (int i = 0; i < nobj; i++) {
                int far = gr_hex_distance(
                    h, gr_hex_from_offset(sc->objectives[i].col, sc->objectives[i].row));
                nearest[i] = far < nearest[i] ? far : nearest[i];
            }
        }
    }
    if (od)
        for (int i = 0; i < nobj; i++)
            nearest[i] = near16[i];
    for (int i = 0; i < nobj; i++) {
        /* nearer is better: to take an enemy objective, to guard one's own;
         * they do not count where destroying units wins the battle */
        const re_objective *o = &sc->objectives[i];
        int32_t k = o->side == p ? 5 : 15;
        v -= k * o->points * (nearest[i] < 99 ? nearest[i] : 30);
    }
    if (!demo) {
        /* most enemy units destroyed wins: close with the enemy */
        for (int a = 0; a < n_[0]; a++) {
            gr_hex h = {q_[0][a], r_[0][a]};
            int best = 30;
            for (int e = 0; e < n_[1]; e++) {
                int dist = gr_hex_distance(h, (gr_hex){q_[1][e], r_[1][e]});
                best = dist < best ? dist : best;
            }
            v -= 10 * best;
        }
    }
    return v;
}

/* ---- the army commander's verbs (ai.h, "commander") -------------------- */

/* The distance in hexes from (col,row) to the nearest enemy of `side` on
 * the map, 99 if none. */
static int nearest_enemy(const re_scenario *sc, const re_state *st, int side, int col, int row)
{
    gr_hex h = gr_hex_from_offset(col, row);
    int best = 99;
    for (int e = 0; e < sc->nunits; e++) {
        const re_unit_st *es = &st->units[e];
        if (sc->units[e].side == side || es->figures == 0 || es->col < 0)
            continue;
        int d = gr_hex_distance(h, gr_hex_from_offset(es->col, es->row));
        best = d < best ? d : best;
    }
    return best;
}

/* An attack or a fire; or a move next to an enemy (artillery: into its
 * fire range, seed 004 §2.1, re_artillery_dice > 0) or onto an objective
 * of the other side. */
static int g_is_engaging(const void *scv, const void *stv, gr_action ga)
{
    const re_scenario *sc = scv;
    const re_state *st = stv;
    re_action a = re_action_unpack(ga);
    switch (a.kind) {
    case RE_A_FIRE:
    case RE_A_SKIRMISH:
    case RE_A_ATTACK:
    case RE_A_COLUMN:
    case RE_A_PURSUE: return 1;
    case RE_A_MOVE: break;
    default: return 0;
    }
    if (a.unit >= sc->nunits)
        return 0;
    const re_unitdef *d = &sc->units[a.unit];
    for (int i = 0; i < sc->nobjectives; i++)
        if (sc->objectives[i].side != d->side && sc->objectives[i].col == a.col &&
            sc->objectives[i].row == a.row)
            return 1;
    int dist = nearest_enemy(sc, st, d->side, a.col, a.row);
    return d->type == RE_ARTILLERY ? re_artillery_dice(dist) > 0 : dist == 1;
}

/* evaluate, and: each battery with an enemy in range (by the dice it would
 * fire, re_artillery_dice), each unit next to an enemy with more figures
 * than it (under threat), each chit put in the bowl this turn (seed 004:
 * a chit left out can only lose), for p and against the other side; and
 * how well p's units follow p's plan (re_plan.h).  The weights only rank
 * positions; docs/ai.md says where they come from. */
static int32_t g_evaluate_commander(const void *scv, const void *stv, int p)
{
    const re_scenario *sc = scv;
    const re_state *st = stv;
    int32_t v = g_evaluate(scv, stv, p);
    if (st->stage == RE_ST_OVER)
        return v;
    for (int u = 0; u < sc->nunits; u++) {
        const re_unitdef *d = &sc->units[u];
        const re_unit_st *us = &st->units[u];
        if (us->figures == 0 || us->col < 0)
            continue;
        int sign = d->side == p ? 1 : -1;
        if (d->type == RE_ARTILLERY) {
            v += sign * 40 * re_artillery_dice(nearest_enemy(sc, st, d->side, us->col, us->row));
            continue;
        }
        /* the figures of the enemies next to it */
        gr_hex h = gr_hex_from_offset(us->col, us->row);
        int against = 0;
        for (int e = 0; e < sc->nunits; e++) {
            const re_unit_st *es = &st->units[e];
            if (sc->units[e].side == d->side || es->figures == 0 || es->col < 0 ||
                sc->units[e].type == RE_ARTILLERY)
                continue;
            if (gr_hex_distance(h, gr_hex_from_offset(es->col, es->row)) == 1)
                against += es->figures;
        }
        if (against > us->figures)
            v -= sign * 20 * (against - us->figures);
    }
    for (int c = 0; c < sc->ncorps; c++)
        v += (sc->corps[c].side == p ? 1 : -1) * 60 * (st->bowl[c] + st->drawn[c]);
    /* p's plan for this position (re_plan.h: public information only) */
    re_plan plan;
    re_plan_make(sc, st, p, &plan);
    return v + re_plan_score(sc, st, &plan);
}

/* The task of the corps of the unit action a concerns; a chit's corps. */
static int g_task_text(const void *scv, const void *stv, int player, gr_action ga, char *buf,
                       size_t cap)
{
    const re_scenario *sc = scv;
    const re_state *st = stv;
    re_action a = re_action_unpack(ga);
    int corps;
    if (a.kind == RE_A_CHIT)
        corps = a.unit < sc->ncorps ? a.unit : -1;
    else if (g_is_pass(sc, st, ga)) /* the corps that is acting */
        corps = st->corps < sc->ncorps ? st->corps : -1;
    else
        corps = a.unit < sc->nunits ? sc->units[a.unit].corps : -1;
    if (corps < 0 || player < 0 || player > 1)
        return 0;
    re_plan plan;
    re_plan_make(sc, st, player, &plan);
    char task[96];
    re_task_text(sc, st, &plan.corps[corps], task, sizeof task);
    snprintf(buf, cap, "%s: %s", sc->corps[corps].name, task);
    return 1;
}

static int g_turn(const void *sc, const void *st)
{
    (void)sc;
    return ((const re_state *)st)->turn;
}

/* The objectives, then the units.  An objective is held by the side of the
 * unit on it, else by its owner: the engine's rule (re_engine.c,
 * objective_holder; seed 004 Objectifs). */
static int g_sites(const void *scv, const void *stv, gr_site *out, int cap)
{
    const re_scenario *sc = scv;
    const re_state *st = stv;
    int n = 0;
    for (int i = 0; i < sc->nobjectives; i++, n++)
        if (n < cap) {
            const re_objective *o = &sc->objectives[i];
            int u = re_unit_at(sc, st, o->col, o->row);
            out[n] = (gr_site){GR_SITE_OBJECTIVE,
                               o->col,
                               o->row,
                               o->side,
                               u >= 0 ? sc->units[u].side : o->side,
                               0};
        }
    for (int u = 0; u < sc->nunits; u++, n++)
        if (n < cap)
            out[n] = (gr_site){GR_SITE_UNIT,
                               st->units[u].col,
                               st->units[u].row,
                               sc->units[u].side,
                               -1,
                               st->units[u].figures + st->units[u].skirmisher};
    return n;
}

static size_t g_digest_bytes(const void *sc)
{
    return re_scenario_digest_bytes(sc);
}

/* ---- the Game half: files and JSON (re_scenario_io.c, re_wire.c) ---- */

static gr_status g_load(const char *text, size_t len, const char *name, void **out, gr_error *err)
{
    re_scenario *sc = malloc(sizeof *sc);
    *out = NULL;
    if (!sc)
        return gr_error_set(err, GR_ERUNTIME, "%s: out of memory loading the scenario", name);
    gr_status st = re_scenario_parse(text, len, name, sc, err);
    if (st != GR_OK) {
        free(sc);
        return st;
    }
    *out = sc;
    return GR_OK;
}

/* The R&E scenarios written before the registry say no "game": an object
 * with a "map" and "units" is one. */
static int g_claims(const gr_jr_node *root)
{
    return root->type == GR_JR_OBJECT && gr_jr_get(root, "map") && gr_jr_get(root, "units");
}

static const char *g_scenario_id(const void *sc)
{
    return ((const re_scenario *)sc)->id;
}

static const char *g_scenario_title(const void *sc)
{
    return ((const re_scenario *)sc)->title;
}

static int g_warnings(const void *sc, void (*fn)(void *ctx, const char *msg), void *ctx)
{
    return re_scenario_warnings(sc, fn, ctx);
}

static json_t *g_scenario_json(const void *sc)
{
    return re_scenario_json(sc);
}

static json_t *g_action_json(const void *sc, const void *st, gr_action a)
{
    return re_action_json(sc, st, a);
}

static json_t *g_sight_json(const void *sc, const void *st, int unit)
{
    return re_sight_json(sc, st, unit);
}

static json_t *g_view_json(const void *sc, const void *obs)
{
    return re_view_json(sc, obs);
}

static int g_summary(const void *sc, char *buf, size_t cap)
{
    return re_scenario_summary(sc, buf, cap);
}

static void g_briefing(const void *sc, const json_t *doc, FILE *f)
{
    re_briefing(f, sc, doc);
}

static json_t *g_briefing_json(const void *sc, const json_t *doc)
{
    return re_briefing_json(sc, doc);
}

const gr_game_type re_game_type = {
    .id = "re",
    .name = "Révolution et Empire",
    .players = RE_SIDES,
    .state_size = sizeof(re_state),
    .obs_size = sizeof(re_obs),
    .max_actions = RE_MAX_ACTIONS,
    .max_outcomes = RE_MAX_OUTCOMES,
    .scenario_size = sizeof(re_scenario),
    .action_size = sizeof(gr_action),
    .player_name = g_player_name,
    .init = g_init,
    .current_player = g_current_player,
    .legal_actions = g_legal_actions,
    .chance_outcomes = g_chance_outcomes,
    .is_legal = g_is_legal,
    .apply = g_apply,
    .winner = g_winner,
    .hash = g_hash,
    .describe = g_describe,
    .parse = g_parse,
    .state_describe = g_state_describe,
    .observe = g_observe,
    .resample = g_resample,
    .event_text = g_event_text,
    .event_kind_name = re_event_kind_name,
    .is_hidden_choice = g_is_hidden_choice,
    .is_pass = g_is_pass,
    .stats = g_stats,
    .evaluate = g_evaluate,
    .turn = g_turn,
    .sites = g_sites,
    .scenario_digest_bytes = g_digest_bytes,
    .load = g_load,
    .claims = g_claims,
    .scenario_id = g_scenario_id,
    .scenario_title = g_scenario_title,
    .scenario_warnings = g_warnings,
    .scenario_json = g_scenario_json,
    .action_json = g_action_json,
    .view_json = g_view_json,
    .scenario_summary = g_summary,
    .briefing = g_briefing,
    .briefing_json = g_briefing_json,
    .action_record = re_action_record,
    .action_unrecord = re_action_unrecord,
    .is_engaging = g_is_engaging,
    .evaluate_commander = g_evaluate_commander,
    .task_text = g_task_text,
    .sight_json = g_sight_json,
};
