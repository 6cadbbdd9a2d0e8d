/* match.c - a game in progress: state, streams, record, undo, event sink. */
#include "grognard/match.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What undo restores: the match as it was just before a player's decision. */
typedef struct snap {
    size_t nsteps; /* steps before the decision */
    gr_rng chance; /* restored by undo when the type takes dice back with a decision */
    gr_rng players[GR_MATCH_MAX_PLAYERS];
    /* followed by the state (state_size bytes) in the snapshot buffer */
} snap;

struct gr_match {
    gr_game game;
    uint64_t seed;
    size_t state_size;
    unsigned char *st;
    gr_rng chance;
    gr_rng players[GR_MATCH_MAX_PLAYERS];
    gr_record_step *steps;
    size_t nsteps, capsteps;
    /* snapshots before each decision since the last chance step */
    unsigned char *snaps;
    size_t nsnaps, capsnaps, snap_size;
    gr_action *acts; /* legal actions (max_actions) */
    int nacts;
    int acts_valid;
    gr_log log; /* the events of the step being applied */
    gr_match_sink sink;
    void *sink_ctx;
    int computer[GR_MATCH_MAX_PLAYERS]; /* 1: a computer (undo may take its decisions back) */
    char by[GR_MATCH_MAX_PLAYERS][GR_RECORD_BY_MAX]; /* who plays each side now */
};

/* The seeds of the chance stream and of player p's stream, derived from the
 * game seed (distinct streams, so a replay needs no computer player). */
static uint64_t gr_match_chance_seed(uint64_t seed)
{
    uint64_t s = seed ^ 0x6368616e63650000ull; /* "chance" */
    return gr_splitmix64(&s);
}

static uint64_t gr_match_player_seed(uint64_t seed, int player)
{
    uint64_t s = seed ^ (0x706c617965720000ull + (uint64_t)player); /* "player" */
    return gr_splitmix64(&s);
}

gr_status gr_match_new(const gr_game *g, uint64_t seed, gr_match **out, gr_error *err)
{
    *out = NULL;
    if (g->type->players > GR_MATCH_MAX_PLAYERS)
        return gr_error_set(err, GR_EINPUT, "%s has %d players; a match holds at most %d",
                            g->type->id, g->type->players, GR_MATCH_MAX_PLAYERS);
    gr_match *m = calloc(1, sizeof *m);
    if (!m)
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting a match");
    m->game = *g;
    m->seed = seed;
    m->state_size = g->type->state_size;
    /* each snapshot starts aligned for its header */
    size_t align = _Alignof(max_align_t);
    /* a type that takes dice back with a decision keeps a snapshot of every
     * decision of the game: no state in it (undo replays the record), so
     * that a large state (the companion's battle) costs a few bytes a step */
    size_t kept = g->type->undo_takes_chance ? 0 : m->state_size;
    m->snap_size = (sizeof(snap) + kept + align - 1) / align * align;
    m->st = malloc(m->state_size);
    m->acts = malloc((size_t)g->type->max_actions * sizeof *m->acts);
    if (!m->st || !m->acts) {
        gr_match_free(m);
        return gr_error_set(err, GR_ERUNTIME, "out of memory starting a match");
    }
    gr_status s = gr_game_init(g, m->st, err);
    if (s != GR_OK) {
        gr_match_free(m);
        return s;
    }
    gr_rng_seed(&m->chance, gr_match_chance_seed(seed));
    for (int p = 0; p < g->type->players; p++)
        gr_rng_seed(&m->players[p], gr_match_player_seed(seed, p));
    *out = m;
    return GR_OK;
}

void gr_match_free(gr_match *m)
{
    if (!m)
        return;
    free(m->st);
    free(m->acts);
    free(m->steps);
    free(m->snaps);
    free(m);
}

const gr_game *gr_match_game(const gr_match *m)
{
    return &m->game;
}

uint64_t gr_match_seed(const gr_match *m)
{
    return m->seed;
}

const void *gr_match_state(const gr_match *m)
{
    return m->st;
}

int gr_match_current_player(const gr_match *m)
{
    return gr_game_current_player(&m->game, m->st);
}

int gr_match_is_over(const gr_match *m)
{
    return gr_match_current_player(m) == GR_TERMINAL;
}

size_t gr_match_steps(const gr_match *m)
{
    return m->nsteps;
}

const gr_record_step *gr_match_step(const gr_match *m, size_t i)
{
    return i < m->nsteps ? &m->steps[i] : NULL;
}

int gr_match_legal(gr_match *m, const gr_action **acts)
{
    if (!m->acts_valid) {
        m->nacts = gr_game_legal_actions(&m->game, m->st, m->acts, m->game.type->max_actions);
        m->acts_valid = 1;
    }
    *acts = m->acts;
    return m->nacts;
}

gr_rng *gr_match_player_rng(gr_match *m, int p)
{
    return p >= 0 && p < m->game.type->players ? &m->players[p] : NULL;
}

void gr_match_set_sink(gr_match *m, gr_match_sink sink, void *ctx)
{
    m->sink = sink;
    m->sink_ctx = ctx;
}

static snap *snap_at(const gr_match *m, size_t i)
{
    return (snap *)(void *)(m->snaps + i * m->snap_size);
}

static gr_status push_snap(gr_match *m, gr_error *err)
{
    if (m->nsnaps == m->capsnaps) {
        size_t cap = m->capsnaps ? m->capsnaps * 2 : 16;
        unsigned char *n = realloc(m->snaps, cap * m->snap_size);
        if (!n)
            return gr_error_set(err, GR_ERUNTIME, "out of memory keeping the undo history");
        m->snaps = n;
        m->capsnaps = cap;
    }
    snap *s = snap_at(m, m->nsnaps++);
    s->nsteps = m->nsteps;
    s->chance = m->chance;
    memcpy(s->players, m->players, sizeof s->players);
    if (!m->game.type->undo_takes_chance)
        memcpy((unsigned char *)s + sizeof *s, m->st, m->state_size);
    return GR_OK;
}

/* Append the step just applied (room was made before applying it). */
static void record(gr_match *m, const void *act, int player, int given)
{
    gr_record_step *s = &m->steps[m->nsteps++];
    memset(s, 0, sizeof *s);
    memcpy(s->rec, act, sizeof s->rec);
    s->player = player;
    s->given = player == GR_CHANCE && given;
    s->hash = gr_game_hash(&m->game, m->st);
    if (player >= 0 && player < GR_MATCH_MAX_PLAYERS)
        memcpy(s->by, m->by[player], sizeof s->by);
}

/* Apply a legal action record of `player` (a side or GR_CHANCE; GR_ACTION_MAX
 * bytes, zero-padded): snapshot for undo, apply, record, and tell the sink. */
static gr_status step(gr_match *m, const void *act, int player, int given, gr_error *err)
{
    gr_action a = gr_game_act_action(act);
    int hidden = player != GR_CHANCE && !gr_game_has_records(&m->game) &&
                 m->game.type->is_hidden_choice &&
                 m->game.type->is_hidden_choice(m->game.sc, m->st, player, a);
    gr_status s;
    if (player == GR_CHANCE) {
        /* nothing before a die or a draw can be taken back, unless the
         * type takes a test back whole, its dice with it */
        if (!m->game.type->undo_takes_chance)
            m->nsnaps = 0;
    } else if ((s = push_snap(m, err)) != GR_OK) {
        return s;
    }
    /* room for the record first, so that a step is never applied unrecorded */
    if (m->nsteps == m->capsteps) {
        size_t cap = m->capsteps ? m->capsteps * 2 : 1024;
        gr_record_step *n = realloc(m->steps, cap * sizeof *n);
        if (!n) {
            if (player != GR_CHANCE)
                m->nsnaps--;
            return gr_error_set(err, GR_ERUNTIME, "out of memory recording the game");
        }
        m->steps = n;
        m->capsteps = cap;
    }
    gr_log_clear(&m->log);
    gr_game_act_apply(&m->game, m->st, act, m->sink ? &m->log : NULL);
    m->acts_valid = 0;
    record(m, act, player, given);
    if (m->sink) {
        gr_match_event e = {m->nsteps, player, a, hidden, m->steps[m->nsteps - 1].rec, NULL};
        for (int i = 0; i < m->log.n; i++) {
            e.ev = &m->log.ev[i];
            m->sink(m->sink_ctx, &e);
        }
    }
    return GR_OK;
}

/* Whether act (a record) is legal for player p, the player to move: the
 * list of legal actions the match holds answers when it holds one for the
 * state (gr_match_legal: the computer players and the server list them
 * before acting), so that the game's check is not made again; else the
 * game's own check. */
static int act_is_legal(gr_match *m, const unsigned char *rec, int p)
{
    const gr_game_type *t = m->game.type;
    if (p >= 0 && m->acts_valid && !t->not_enumerable &&
        (!t->action_size || t->action_size == sizeof(gr_action)) && m->nacts >= 0 &&
        m->nacts <= t->max_actions) {
        gr_action a;
        memcpy(&a, rec, sizeof a);
        for (int i = 0; i < m->nacts; i++)
            if (m->acts[i] == a)
                return 1;
        /* not listed: an action the game takes typed (a pose on the table,
         * a general's move) is the game's to judge; refused by the list, the
         * game's check would apply it to the state without a step */
    }
    return gr_game_act_is_legal(&m->game, m->st, rec);
}

gr_status gr_match_act(gr_match *m, const void *act, gr_error *err)
{
    unsigned char rec[GR_ACTION_MAX];
    memset(rec, 0, sizeof rec);
    memcpy(rec, act, m->game.type->action_size ? m->game.type->action_size : sizeof(gr_action));
    int p = gr_match_current_player(m);
    /* an illegal action: the game's own words, the state unchanged (never
     * applied without a step, should the type's check and its act_is_legal
     * disagree) */
    if (p == GR_TERMINAL || !act_is_legal(m, rec, p)) {
        gr_status r = gr_game_act_refusal(&m->game, m->st, rec, err);
        return r != GR_OK ? r
                          : gr_error_set(err, GR_EILLEGAL,
                                         "the game's check and its list of legal actions disagree "
                                         "on this action: refused, nothing applied");
    }
    return step(m, rec, p, 1, err);
}

gr_status gr_match_apply(gr_match *m, gr_action a, gr_error *err)
{
    unsigned char rec[GR_ACTION_MAX];
    gr_game_act_of(a, rec);
    return gr_match_act(m, rec, err);
}

gr_status gr_match_step_chance(gr_match *m, gr_error *err)
{
    if (gr_match_current_player(m) != GR_CHANCE)
        return gr_error_set(err, GR_EILLEGAL, "not a chance node: no die to roll, no chit to draw");
    unsigned char rec[GR_ACTION_MAX];
    gr_game_act_of(gr_game_sample_chance(&m->game, m->st, &m->chance), rec);
    return step(m, rec, GR_CHANCE, 0, err);
}

void gr_match_set_by(gr_match *m, int p, const char *by)
{
    if (p >= 0 && p < GR_MATCH_MAX_PLAYERS)
        snprintf(m->by[p], sizeof m->by[p], "%s", by ? by : "");
}

void gr_match_set_computer(gr_match *m, int p, int on)
{
    if (p >= 0 && p < m->game.type->players)
        m->computer[p] = on != 0;
}

gr_status gr_match_undo(gr_match *m, int p, gr_error *err)
{
    size_t i = m->nsnaps;
    while (i > 0 && m->steps[snap_at(m, i - 1)->nsteps].player != p)
        i--;
    if (i == 0)
        return gr_error_set(err, GR_EILLEGAL,
                            "nothing to undo: no decision of %s since the last die rolled or "
                            "chit drawn (those are never taken back)",
                            m->game.type->player_name(m->game.sc, p));
    snap *s = snap_at(m, i - 1);
    /* never past a decision of another person */
    for (size_t k = s->nsteps + 1; k < m->nsteps; k++) {
        int q = m->steps[k].player;
        if (q != p && q != GR_CHANCE && !m->computer[q])
            return gr_error_set(err, GR_EILLEGAL,
                                "cannot undo: %s has decided since your last decision (step "
                                "%zu); undo never takes back another player's decisions (%s "
                                "may undo them)",
                                m->game.type->player_name(m->game.sc, q), k + 1,
                                m->game.type->player_name(m->game.sc, q));
    }
    if (m->game.type->undo_takes_chance) {
        /* the state before the decision, by replaying the record up to it
         * (every step was legal when it was taken); the chance stream as
         * it was, so the repeated test rolls the same dice */
        gr_status r = gr_game_init(&m->game, m->st, err);
        if (r != GR_OK)
            return r;
        for (size_t k = 0; k < s->nsteps; k++)
            gr_game_act_apply(&m->game, m->st, m->steps[k].rec, NULL);
        m->chance = s->chance;
    } else {
        memcpy(m->st, (unsigned char *)s + sizeof *s, m->state_size);
    }
    m->nsteps = s->nsteps;
    memcpy(m->players, s->players, sizeof m->players);
    m->nsnaps = i - 1;
    m->acts_valid = 0;
    return GR_OK;
}

gr_status gr_match_replay_step(gr_match *m, const gr_record_step *s, size_t n, gr_error *err)
{
    const gr_game *g = &m->game;
    gr_error e;
    gr_error_clear(&e);
    char want[160], got[160];
    int p = gr_match_current_player(m);
    gr_game_act_describe(g, m->st, s->rec, want, sizeof want);
    if (p == GR_TERMINAL)
        return gr_error_set(err, GR_EINPUT,
                            "step %zu: the game is already over, but the file records %s", n, want);
    if (p != s->player) {
        const char *rec = s->player == GR_CHANCE ? "chance" : s->player ? "1" : "0";
        const char *exp = p == GR_CHANCE ? "chance" : p ? "side 1" : "side 0";
        return gr_error_set(err, GR_EINPUT,
                            "step %zu: the file records a move of %s, but the game "
                            "expects %s",
                            n, rec, exp);
    }
    gr_status r;
    if (p == GR_CHANCE && !s->given) {
        /* drawn on a copy of the stream: a refused step leaves the match as it was */
        gr_rng chance = m->chance;
        gr_action a = gr_game_sample_chance(g, m->st, &chance);
        unsigned char rec[GR_ACTION_MAX];
        gr_game_act_of(a, rec);
        if (memcmp(rec, s->rec, sizeof rec)) {
            gr_game_act_describe(g, m->st, rec, got, sizeof got);
            return gr_error_set(err, GR_EINPUT,
                                "step %zu: the seed gives \"%s\" but the file records "
                                "\"%s\"",
                                n, got, want);
        }
        m->chance = chance;
        r = step(m, rec, p, 0, &e);
    } else {
        /* a player's action, or a chance outcome given as recorded */
        r = gr_match_act(m, s->rec, &e);
    }
    if (r != GR_OK)
        return gr_error_set(err, r == GR_ERUNTIME ? GR_ERUNTIME : GR_EINPUT,
                            "step %zu: \"%s\" is refused: %s", n, want, e.msg);
    /* who took it, as recorded (not who plays the side now) */
    memcpy(m->steps[m->nsteps - 1].by, s->by, sizeof s->by);
    m->steps[m->nsteps - 1].by[sizeof s->by - 1] = '\0';
    if (m->steps[m->nsteps - 1].hash != s->hash)
        return gr_error_set(err, GR_EINPUT,
                            "step %zu (%s): the state hash is %016" PRIx64
                            ", the file records %016" PRIx64,
                            n, want, m->steps[m->nsteps - 1].hash, s->hash);
    return GR_OK;
}

gr_status gr_match_replay(gr_match *m, const gr_record_step *steps, size_t n, size_t *bad_step,
                          gr_error *err)
{
    *bad_step = 0;
    for (size_t i = 0; i < n; i++) {
        *bad_step = i + 1;
        gr_status r = gr_match_replay_step(m, &steps[i], i + 1, err);
        if (r != GR_OK)
            return r;
    }
    *bad_step = 0;
    return GR_OK;
}
