/* game.c - what every game behind game.h shares, whatever its type: the
 * checked apply, chance sampling, a side's view, a loaded game's release
 * (the registry of types is the match layer's, game_registry.c). */
#include "grognard/game.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/hash.h"

/* A bound on any game's chance outcomes, so sampling needs no allocation. */
#define GAME_MAX_OUTCOMES 64

void gr_game_free(gr_game *g)
{
    if (g->own) {
        if (g->type && g->type->scenario_free)
            g->type->scenario_free(g->own);
        else
            free(g->own);
    }
    memset(g, 0, sizeof *g);
}

json_t *gr_game_view_json(const gr_game *g, const void *st, int player)
{
    if (!g->type->view_json ||
        (player != GR_SPECTATOR && (player < 0 || player >= g->type->players)))
        return NULL;
    void *obs = malloc(g->type->obs_size);
    if (!obs)
        return NULL;
    g->type->observe(g->sc, st, player, obs);
    json_t *v = g->type->view_json(g->sc, obs);
    free(obs);
    return v;
}

uint64_t gr_game_scenario_digest(const gr_game *g)
{
    size_t n = g->type->scenario_digest_bytes ? g->type->scenario_digest_bytes(g->sc)
                                              : g->type->scenario_size;
    return gr_fnv1a64(GR_FNV1A64_INIT, g->sc, n);
}

void gr_game_apply(const gr_game *g, void *st, gr_action a, gr_log *log)
{
    /* the game's apply asserts legality itself (debug builds): not twice */
    g->type->apply(g->sc, st, a, log);
}

/* GR_OK if action a is legal in st, else why (GR_EILLEGAL). */
static gr_status action_refusal(const gr_game *g, const void *st, gr_action a, gr_error *err)
{
    int p = g->type->current_player(g->sc, st);
    char what[160], where[160];
    if (p == GR_TERMINAL || !g->type->is_legal(g->sc, st, a)) {
        g->type->describe(g->sc, st, a, what, sizeof what);
        g->type->state_describe(g->sc, st, where, sizeof where);
        if (p == GR_TERMINAL)
            return gr_error_set(err, GR_EILLEGAL, "'%s' is refused: the game is over (%s)", what,
                                where);
        return gr_error_set(err, GR_EILLEGAL,
                            "'%s' is not a legal %s now (%s); list the legal actions "
                            "and choose one of them",
                            what, p == GR_CHANCE ? "chance outcome" : "action", where);
    }
    return GR_OK;
}

gr_status gr_game_apply_checked(const gr_game *g, void *st, gr_action a, gr_log *log, gr_error *err)
{
    gr_status r = action_refusal(g, st, a, err);
    if (r == GR_OK)
        g->type->apply(g->sc, st, a, log);
    return r;
}

gr_action gr_game_sample_chance(const gr_game *g, const void *st, gr_rng *rng)
{
    gr_chance_outcome out[GAME_MAX_OUTCOMES];
    assert(g->type->max_outcomes <= GAME_MAX_OUTCOMES);
    int n = g->type->chance_outcomes(g->sc, st, out, GAME_MAX_OUTCOMES);
    assert(n > 0);
    uint32_t r = gr_rng_below(rng, out[0].den);
    for (int i = 0; i < n; i++) {
        if (r < out[i].num)
            return out[i].action;
        r -= out[i].num;
    }
    return out[n - 1].action;
}

gr_status gr_game_act_parse(const gr_game *g, const void *st, const char *text, void *act,
                            gr_error *err)
{
    memset(act, 0, GR_ACTION_MAX);
    if (gr_game_has_records(g))
        return g->type->act_parse(g->sc, st, text, act, err);
    gr_action a = 0;
    gr_status s = g->type->parse(g->sc, st, text, &a, err);
    gr_game_act_of(a, act);
    return s;
}

gr_status gr_game_act_refusal(const gr_game *g, const void *st, const void *act, gr_error *err)
{
    if (!gr_game_has_records(g))
        return action_refusal(g, st, gr_game_act_action(act), err);
    int p = g->type->current_player(g->sc, st);
    char what[160], where[160];
    if (p != GR_TERMINAL && g->type->act_check)
        return g->type->act_check(g->sc, st, act, err); /* the game's reason and code */
    if (p == GR_TERMINAL || !g->type->act_is_legal(g->sc, st, act)) {
        g->type->act_describe(g->sc, st, act, what, sizeof what);
        g->type->state_describe(g->sc, st, where, sizeof where);
        if (p == GR_TERMINAL)
            return gr_error_set(err, GR_EILLEGAL, "'%s' is refused: the game is over (%s)", what,
                                where);
        return gr_error_set(err, GR_EILLEGAL, "'%s' is not a legal %s now (%s)", what,
                            p == GR_CHANCE ? "chance outcome" : "action", where);
    }
    return GR_OK;
}

gr_status gr_game_act_apply_checked(const gr_game *g, void *st, const void *act, gr_log *log,
                                    gr_error *err)
{
    if (!gr_game_has_records(g))
        return gr_game_apply_checked(g, st, gr_game_act_action(act), log, err);
    gr_status r = gr_game_act_refusal(g, st, act, err);
    if (r == GR_OK)
        g->type->act_apply(g->sc, st, act, log);
    return r;
}

gr_status gr_game_check_enumerable(const gr_game *g, const char *who, gr_error *err)
{
    if (!g->type->not_enumerable && !gr_game_has_records(g))
        return GR_OK;
    return gr_error_set(err, GR_EINPUT,
                        "%s cannot play '%s' (%s): its actions carry facts the players give at "
                        "the table, so they cannot be listed; play it with the battle companion",
                        who, g->type->id, g->type->name);
}
