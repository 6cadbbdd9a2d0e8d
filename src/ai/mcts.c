/* mcts.c - the search player: single-observer information-set Monte Carlo
 * tree search (Cowling, Powley & Whitehouse, "Information Set Monte Carlo
 * Tree Search", IEEE TCIAIG 4(2), 2012), over game.h only.
 *
 * One simulation:
 *  1. determinise: a full state drawn with the game's resample verb from
 *     what the searching player may know;
 *  2. descend the tree from the root in that state: at a chance node an
 *     outcome is drawn with its probability and its child followed (made if
 *     new); at a decision node the candidates available in this state are
 *     weighed by UCB with availability counts (ISMCTS's subset-armed
 *     bandit), and the first untried candidate is tried before any is
 *     tried twice;
 *  3. a short playout by a cut-down heuristic from the new node;
 *  4. the result (1 won, 1/2 drawn, 0 lost; or the game's evaluation of
 *     where the playout stopped, squashed into 0..1) added to every node on
 *     the path, from the point of view of the player who chose its edge.
 *
 * A decision node's candidates are its legal actions ranked once, when the
 * node is first passed through, by a one-step look (apply, resolve the
 * dice once, evaluate for the player to move): the best few are kept.  The
 * other side's hidden choices (is_hidden_choice: a chit put in the bowl)
 * are one candidate, HIDDEN, played as one of them drawn at random: which
 * chit went in is not known to the searching player, so the tree below does
 * not depend on it. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/ai.h"

/* Candidates kept at the root, and at the other decision nodes. */
#define K_ROOT 16
#define K_NODE 6
/* The commander's engaging actions kept beside them, at most. */
#define K_ENGAGE 48
/* Decisions a playout plays before the evaluation judges it, and the
 * actions it samples at each (the best of them by the evaluation). */
#define PLAYOUT_DECISIONS 12
#define PLAYOUT_SAMPLES   3
/* Chance steps resolved after an action in a look ahead. */
#define CHANCE_STEPS 64
/* The exploration weight of UCB, and the evaluation margin that counts as
 * three chances in four of winning. */
#define EXPLORE 0.7
#define SCALE   2000.0
/* The edge of the other side's hidden choices.  A game's action ids never
 * take this value (R&E's use 56 bits). */
#define HIDDEN  UINT64_MAX
#define NO_NODE (-1)
/* mover of the root node: nobody chose an edge into it */
#define NOBODY (-3)

typedef struct node {
    gr_action key; /* the edge from the parent: action, outcome or HIDDEN */
    int32_t parent, child, sibling;
    int32_t cand;           /* first candidate in the pool; -1 until ranked */
    int16_t ncand;          /* candidates kept */
    int16_t rank;           /* its place among the parent's candidates (-1: chance) */
    int8_t mover;           /* who chose the edge: a side, GR_CHANCE or NOBODY */
    uint32_t visits, avail; /* simulations through it; times it could be chosen */
    double reward;          /* sum of the results for mover */
} node;

typedef struct search {
    const gr_game *g;
    int root_player;
    node *nodes;
    size_t nn, ncap;
    gr_action *pool;
    size_t np, pcap;
    int32_t *path;
    size_t depth, dcap;
    gr_action *acts;           /* max_actions */
    unsigned char *det;        /* the determinised state being played */
    unsigned char *tmp, *best; /* look-ahead states */
    gr_rng rng;
    int nomem;
    int commander; /* GR_AI_COMMANDER: chits, engaging actions, its evaluation */
    int32_t (*eval)(const void *sc, const void *st, int player);
} search;

static int32_t new_node(search *S, int32_t parent, gr_action key, int mover, int rank)
{
    if (S->nn == S->ncap) {
        size_t cap = S->ncap ? 2 * S->ncap : 1024;
        node *p = realloc(S->nodes, cap * sizeof *p);
        if (!p) {
            S->nomem = 1;
            return NO_NODE;
        }
        S->nodes = p;
        S->ncap = cap;
    }
    int32_t id = (int32_t)S->nn++;
    node *nd = &S->nodes[id];
    memset(nd, 0, sizeof *nd);
    nd->key = key;
    nd->parent = parent;
    nd->child = nd->sibling = NO_NODE;
    nd->cand = -1;
    nd->rank = (int16_t)rank;
    nd->mover = (int8_t)mover;
    if (parent != NO_NODE) {
        nd->sibling = S->nodes[parent].child;
        S->nodes[parent].child = id;
    }
    return id;
}

static int32_t find_child(const search *S, int32_t id, gr_action key)
{
    for (int32_t c = S->nodes[id].child; c != NO_NODE; c = S->nodes[c].sibling)
        if (S->nodes[c].key == key)
            return c;
    return NO_NODE;
}

static int push(search *S, int32_t id)
{
    if (S->depth == S->dcap) {
        size_t cap = S->dcap ? 2 * S->dcap : 256;
        int32_t *p = realloc(S->path, cap * sizeof *p);
        if (!p) {
            S->nomem = 1;
            return -1;
        }
        S->path = p;
        S->dcap = cap;
    }
    S->path[S->depth++] = id;
    return 0;
}

/* Play the chance that follows in st (at most CHANCE_STEPS outcomes). */
static void resolve_chance(const gr_game *g, void *st, gr_rng *rng)
{
    for (int i = 0; i < CHANCE_STEPS && gr_game_current_player(g, st) == GR_CHANCE; i++)
        gr_game_apply(g, st, gr_game_sample_chance(g, st, rng), NULL);
}

/* The commander's chits: while player p may make a hidden choice (put a
 * chit in the bowl), its passes are dropped from acts[0..n); returns the
 * count left.  Seed 004: an activated corps may always do nothing, so a
 * chit left out can only lose. */
static int all_chits(const search *S, const void *st, int p, gr_action *acts, int n)
{
    const gr_game *g = S->g;
    if (!S->commander || !g->type->is_hidden_choice || !g->type->is_pass || p < 0)
        return n;
    int hidden = 0;
    for (int i = 0; i < n && !hidden; i++)
        hidden = g->type->is_hidden_choice(g->sc, st, p, acts[i]);
    if (!hidden)
        return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!g->type->is_pass(g->sc, st, acts[i]))
            acts[m++] = acts[i];
    return m ? m : n;
}

static int is_hidden(const search *S, const void *st, int p, gr_action a)
{
    return p != S->root_player && S->g->type->is_hidden_choice &&
           S->g->type->is_hidden_choice(S->g->sc, st, p, a);
}

/* Rank the n legal actions acts of player p in st and keep the best k as
 * node id's candidates (the other side's hidden choices as one, HIDDEN,
 * judged by the first of them).  Equal scores keep the game's order. */
static void rank(search *S, int32_t id, const void *st, int p, const gr_action *acts, int n, int k)
{
    const gr_game *g = S->g;
    gr_action keys[K_ROOT + K_ENGAGE];
    int64_t scores[K_ROOT];
    int kept = 0, hidden_seen = 0;
    gr_action engage[K_ENGAGE];
    int nengage = 0;
    for (int i = 0; i < n; i++) {
        gr_action key = acts[i];
        if (is_hidden(S, st, p, key)) {
            if (hidden_seen)
                continue;
            hidden_seen = 1;
            key = HIDDEN;
        }
        if (S->commander && key != HIDDEN && nengage < K_ENGAGE && g->type->is_engaging &&
            g->type->is_engaging(g->sc, st, key))
            engage[nengage++] = key;
        int64_t v = 0;
        if (S->eval) {
            gr_game_copy(g, S->tmp, st);
            gr_game_apply(g, S->tmp, acts[i], NULL);
            resolve_chance(g, S->tmp, &S->rng);
            v = S->eval(g->sc, S->tmp, p);
        }
        if (kept == k && v <= scores[k - 1])
            continue;
        int j = kept < k ? kept++ : k - 1;
        while (j > 0 && scores[j - 1] < v) {
            keys[j] = keys[j - 1];
            scores[j] = scores[j - 1];
            j--;
        }
        keys[j] = key;
        scores[j] = v;
    }
    /* the commander's first look: the engaging actions the best few left
     * out come after them, in the game's order */
    int best_few = kept;
    for (int e = 0; e < nengage; e++) {
        int dup = 0;
        for (int j = 0; j < best_few && !dup; j++)
            dup = keys[j] == engage[e];
        if (!dup)
            keys[kept++] = engage[e];
    }
    if (S->np + (size_t)kept > S->pcap) {
        size_t cap = S->pcap ? 2 * S->pcap : 4096;
        while (cap < S->np + (size_t)kept)
            cap *= 2;
        gr_action *q = realloc(S->pool, cap * sizeof *q);
        if (!q) {
            S->nomem = 1;
            return;
        }
        S->pool = q;
        S->pcap = cap;
    }
    node *nd = &S->nodes[id];
    nd->cand = (int32_t)S->np;
    nd->ncand = (int16_t)kept;
    memcpy(S->pool + S->np, keys, (size_t)kept * sizeof *keys);
    S->np += (size_t)kept;
}

/* The action that plays candidate `key` in a state whose n legal actions
 * are acts: key itself if legal, one of the hidden choices drawn at random
 * for HIDDEN; 0 with *ok = 0 if it is not available there. */
static gr_action available(search *S, const void *st, int p, gr_action key, const gr_action *acts,
                           int n, int *ok)
{
    *ok = 0;
    if (key != HIDDEN) {
        for (int i = 0; i < n; i++)
            if (acts[i] == key) {
                *ok = 1;
                return key;
            }
        return 0;
    }
    uint32_t m = 0;
    for (int i = 0; i < n; i++)
        m += is_hidden(S, st, p, acts[i]) ? 1u : 0u;
    if (!m)
        return 0;
    uint32_t j = gr_rng_below(&S->rng, m);
    for (int i = 0; i < n; i++)
        if (is_hidden(S, st, p, acts[i]) && j-- == 0) {
            *ok = 1;
            return acts[i];
        }
    return 0;
}

/* The result of st for the searching player: 1 won, 1/2 drawn, 0 lost; a
 * game not over, its evaluation's margin squashed into 0..1. */
static double result(const search *S, const void *st)
{
    const gr_game *g = S->g;
    int r = S->root_player;
    if (gr_game_current_player(g, st) == GR_TERMINAL) {
        int w = gr_game_winner(g, st);
        return w == r ? 1.0 : w == GR_DRAW || w == GR_ONGOING ? 0.5 : 0.0;
    }
    if (!S->eval)
        return 0.5;
    double d = (double)S->eval(g->sc, st, r);
    if (g->type->players == 2)
        d -= (double)S->eval(g->sc, st, 1 - r);
    return 0.5 + 0.5 * d / (fabs(d) + SCALE);
}

/* The cut-down heuristic from S->det: at each decision, the best by the
 * evaluation of PLAYOUT_SAMPLES actions drawn at random (their dice
 * resolved once: the chosen one's become the playout's), for
 * PLAYOUT_DECISIONS decisions or until the game ends. */
static double playout(search *S)
{
    const gr_game *g = S->g;
    for (int d = 0; d < PLAYOUT_DECISIONS;) {
        int p = gr_game_current_player(g, S->det);
        if (p == GR_TERMINAL)
            break;
        if (p == GR_CHANCE) {
            gr_game_apply(g, S->det, gr_game_sample_chance(g, S->det, &S->rng), NULL);
            continue;
        }
        d++;
        int n = gr_game_legal_actions(g, S->det, S->acts, g->type->max_actions);
        n = all_chits(S, S->det, p, S->acts, n);
        if (n == 1 || !S->eval) {
            gr_game_apply(g, S->det, S->acts[n == 1 ? 0 : gr_rng_below(&S->rng, (uint32_t)n)],
                          NULL);
            continue;
        }
        /* each sample on a copy of S->det but the last, played on S->det
         * itself (the best replaces it after): the best kept by swapping
         * the buffers, never copied (two copies of the state a decision
         * instead of four; the same states, the same draws) */
        int32_t best = INT32_MIN;
        int det_best = 0;
        for (int k = 0; k < PLAYOUT_SAMPLES; k++) {
            gr_action a = S->acts[gr_rng_below(&S->rng, (uint32_t)n)];
            int last = k == PLAYOUT_SAMPLES - 1;
            unsigned char *into = last ? S->det : S->tmp;
            if (!last)
                gr_game_copy(g, S->tmp, S->det);
            gr_game_apply(g, into, a, NULL);
            resolve_chance(g, into, &S->rng);
            int32_t v = S->eval(g->sc, into, p);
            if (k == 0 || v > best) {
                best = v;
                if (last) {
                    det_best = 1;
                } else {
                    unsigned char *t = S->best;
                    S->best = S->tmp;
                    S->tmp = t;
                }
            }
        }
        if (!det_best) {
            unsigned char *t = S->det;
            S->det = S->best;
            S->best = t;
        }
    }
    return result(S, S->det);
}

/* One simulation from the root state st. */
static void simulate(search *S, const void *st)
{
    const gr_game *g = S->g;
    gr_game_resample(g, st, S->root_player, &S->rng, S->det);
    S->depth = 0;
    int32_t id = 0;
    if (push(S, id))
        return;
    for (;;) {
        int p = gr_game_current_player(g, S->det);
        if (p == GR_TERMINAL)
            break;
        if (p == GR_CHANCE) {
            gr_action a = gr_game_sample_chance(g, S->det, &S->rng);
            gr_game_apply(g, S->det, a, NULL);
            int32_t c = find_child(S, id, a);
            int fresh = c == NO_NODE;
            if (fresh && (c = new_node(S, id, a, GR_CHANCE, -1)) == NO_NODE)
                return;
            if (push(S, c))
                return;
            id = c;
            if (fresh)
                break;
            continue;
        }
        int n = gr_game_legal_actions(g, S->det, S->acts, g->type->max_actions);
        n = all_chits(S, S->det, p, S->acts, n);
        if (S->nodes[id].cand < 0) {
            rank(S, id, S->det, p, S->acts, n, id == 0 ? K_ROOT : K_NODE);
            if (S->nomem)
                return;
        }
        const node *nd = &S->nodes[id];
        int32_t pick = NO_NODE;
        int untried = -1;
        double best = -1.0;
        gr_action act = 0, untried_act = 0;
        for (int k = 0; k < nd->ncand; k++) {
            gr_action key = S->pool[nd->cand + k];
            int ok;
            gr_action a = available(S, S->det, p, key, S->acts, n, &ok);
            if (!ok)
                continue;
            int32_t c = find_child(S, id, key);
            if (c == NO_NODE) {
                if (untried < 0) {
                    untried = k;
                    untried_act = a;
                }
                continue;
            }
            node *cn = &S->nodes[c];
            cn->avail++;
            double score = cn->reward / cn->visits +
                           EXPLORE * sqrt((double)cn->avail) / (1.0 + (double)cn->visits);
            if (score > best) {
                best = score;
                pick = c;
                act = a;
            }
        }
        if (untried >= 0) {
            gr_action key = S->pool[S->nodes[id].cand + untried];
            gr_game_apply(g, S->det, untried_act, NULL);
            int32_t c = new_node(S, id, key, p, untried);
            if (c == NO_NODE || push(S, c))
                return;
            S->nodes[c].avail = 1;
            break;
        }
        if (pick == NO_NODE)
            break; /* nothing it knows is legal here: play out from here */
        gr_game_apply(g, S->det, act, NULL);
        if (push(S, pick))
            return;
        id = pick;
    }
    double r = playout(S);
    for (size_t i = 0; i < S->depth; i++) {
        node *nd = &S->nodes[S->path[i]];
        nd->visits++;
        nd->reward += nd->mover == S->root_player || nd->mover < 0 ? r : 1.0 - r;
    }
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void search_free(search *S)
{
    free(S->nodes);
    free(S->pool);
    free(S->path);
    free(S->acts);
    free(S->det);
    free(S->tmp);
    free(S->best);
}

int gr_ai_search(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal, int n,
                 gr_rng *rng, gr_ai_line *out, int cap)
{
    if (n < 1 || cap < 1)
        return 0;
    search S;
    memset(&S, 0, sizeof S);
    S.g = g;
    S.root_player = gr_game_current_player(g, st);
    S.commander = kind.algo == GR_AI_COMMANDER;
    S.eval = S.commander && g->type->evaluate_commander ? g->type->evaluate_commander
             : g->type->evaluate_search                 ? g->type->evaluate_search
                                                        : g->type->evaluate;
    size_t size = g->type->state_size;
    S.acts = malloc((size_t)g->type->max_actions * sizeof *S.acts);
    /* zeroed: a game's copy (gr_game_copy) writes only what it reads */
    S.det = calloc(1, size);
    S.tmp = calloc(1, size);
    S.best = calloc(1, size);
    /* the search's own stream, one draw of the caller's */
    gr_rng_seed(&S.rng, gr_rng_next(rng));
    if (!S.acts || !S.det || !S.tmp || !S.best || new_node(&S, NO_NODE, 0, NOBODY, -1) != 0) {
        search_free(&S);
        return -1;
    }
    /* a budget in simulations, a time, or both (the first reached ends the
     * search: a server's deadline on a budget in simulations) */
    long sims = kind.sims > 0 ? kind.sims
                : kind.ms > 0 ? GR_AI_MCTS_MAX_SIMS
                : S.commander ? GR_AI_COMMANDER_DEFAULT
                              : GR_AI_MCTS_DEFAULT;
    double deadline = kind.ms > 0 ? now_ms() + (double)kind.ms : 0;
    for (long i = 0; i < sims && !S.nomem; i++) {
        simulate(&S, st);
        if (kind.ms > 0 && (i & 15) == 15 && now_ms() >= deadline)
            break;
    }
    if (S.nomem) {
        search_free(&S);
        return -1;
    }
    /* the root's children among the legal actions, most visited first (then
     * the better result, then the better one-step rank) */
    gr_ai_line lines[K_ROOT + K_ENGAGE];
    int16_t ranks[K_ROOT + K_ENGAGE];
    int m = 0;
    double total = S.nodes[0].visits ? (double)S.nodes[0].visits : 1.0;
    for (int32_t c = S.nodes[0].child; c != NO_NODE && m < K_ROOT + K_ENGAGE;
         c = S.nodes[c].sibling) {
        const node *cn = &S.nodes[c];
        int ok = 0;
        for (int i = 0; i < n && !ok; i++)
            ok = legal[i] == cn->key;
        if (!ok || !cn->visits)
            continue;
        gr_ai_line line = {cn->key, (long)cn->visits, (double)cn->visits / total,
                           cn->reward / cn->visits};
        int j = m++;
        for (; j > 0; j--) {
            const gr_ai_line *o = &lines[j - 1];
            int better = line.visits != o->visits ? line.visits > o->visits
                         : line.win != o->win     ? line.win > o->win
                                                  : cn->rank < ranks[j - 1];
            if (!better)
                break;
            lines[j] = lines[j - 1];
            ranks[j] = ranks[j - 1];
        }
        lines[j] = line;
        ranks[j] = cn->rank;
    }
    if (m > cap)
        m = cap;
    memcpy(out, lines, (size_t)m * sizeof *out);
    if (m == 0) {
        /* not a single simulation reached a legal action: the first one */
        out[0] = (gr_ai_line){legal[0], 0, 0.0, 0.5};
        m = 1;
    }
    search_free(&S);
    return m;
}
