/* ai.c - the players' names, the random player, which picks one of the
 * legal actions uniformly, the eager random player, which never passes
 * while it can act (a livelier opponent, and playouts that reach more of
 * the rules), and the one-step heuristic.  The search is in mcts.c. */
#include "grognard/ai.h"

#include <assert.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

gr_ai_kind gr_ai_kind_of(gr_ai_algo algo)
{
    gr_ai_kind k = {algo,
                    algo == GR_AI_MCTS        ? GR_AI_MCTS_DEFAULT
                    : algo == GR_AI_COMMANDER ? GR_AI_COMMANDER_DEFAULT
                                              : 0,
                    0};
    return k;
}

/* A whole decimal number from 1 to max in s .. end (no sign, no spaces). */
static int budget(const char *s, const char *end, long max, long *out)
{
    long v = 0;
    if (s == end)
        return -1;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
        if (v > max)
            return -1;
    }
    if (v < 1)
        return -1;
    *out = v;
    return 0;
}

gr_status gr_ai_kind_parse(const char *s, gr_ai_kind *out, gr_error *err)
{
    static const struct {
        const char *name;
        gr_ai_algo algo;
    } names[] = {{"random", GR_AI_RANDOM},
                 {"eager", GR_AI_EAGER},
                 {"heuristic", GR_AI_HEURISTIC},
                 {"mcts", GR_AI_MCTS},
                 {"commander", GR_AI_COMMANDER}};
    for (size_t i = 0; s && i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i].name)) {
            *out = gr_ai_kind_of(names[i].algo);
            return GR_OK;
        }
    size_t pre = s && !strncmp(s, "mcts:", 5) ? 5 : s && !strncmp(s, "commander:", 10) ? 10 : 0;
    if (pre) {
        const char *b = s + pre, *end = b + strlen(b);
        gr_ai_kind k = {pre == 5 ? GR_AI_MCTS : GR_AI_COMMANDER, 0, 0};
        if (end - b > 2 && !strcmp(end - 2, "ms")) {
            if (budget(b, end - 2, GR_AI_MCTS_MAX_MS, &k.ms) == 0) {
                *out = k;
                return GR_OK;
            }
        } else if (budget(b, end, GR_AI_MCTS_MAX_SIMS, &k.sims) == 0) {
            *out = k;
            return GR_OK;
        }
        return gr_error_set(err, GR_EINPUT,
                            "computer player '%s': the search's budget is a number of simulations "
                            "from 1 to %ld (%s500) or of milliseconds from 1 to %ld (%s250ms)",
                            s, GR_AI_MCTS_MAX_SIMS,
                            pre == 5 ? "mcts:" : "commander:", GR_AI_MCTS_MAX_MS,
                            pre == 5 ? "mcts:" : "commander:");
    }
    return gr_error_set(err, GR_EINPUT,
                        "computer player '%s' is not known; accepted: eager, heuristic, mcts, "
                        "mcts:SIMULATIONS (e.g. mcts:500), mcts:MILLISECONDSms, random, "
                        "commander, commander:SIMULATIONS, commander:MILLISECONDSms",
                        s ? s : "");
}

const char *gr_ai_kind_name(gr_ai_kind k, char *buf, size_t cap)
{
    static const char *const names[] = {"random", "eager", "heuristic", "mcts", "commander"};
    const char *name = (unsigned)k.algo < 5 ? names[k.algo] : "?";
    long def = k.algo == GR_AI_COMMANDER ? GR_AI_COMMANDER_DEFAULT : GR_AI_MCTS_DEFAULT;
    int searches = k.algo == GR_AI_MCTS || k.algo == GR_AI_COMMANDER;
    if (searches && k.ms > 0)
        snprintf(buf, cap, "%s:%ldms", name, k.ms);
    else if (searches && k.sims > 0 && k.sims != def)
        snprintf(buf, cap, "%s:%ld", name, k.sims);
    else
        snprintf(buf, cap, "%s", name);
    return buf;
}

/* Dice samples for an action followed by chance (an attack, a fire). */
#define HEURISTIC_SAMPLES 3
/* Chance steps followed after an action before the position is judged. */
#define HEURISTIC_CHANCE_STEPS 64

/* The evaluation of `after` for p once the chance that follows it is
 * resolved: HEURISTIC_SAMPLES rolls of it averaged (the dice from rng), or
 * the position itself if no chance follows. */
static int64_t judge(const gr_game *g, const void *after, int p, gr_rng *rng, void *scratch)
{
    if (gr_game_current_player(g, after) != GR_CHANCE)
        return g->type->evaluate(g->sc, after, p);
    int64_t sum = 0;
    for (int k = 0; k < HEURISTIC_SAMPLES; k++) {
        gr_game_copy(g, scratch, after);
        for (int i = 0;
             i < HEURISTIC_CHANCE_STEPS && gr_game_current_player(g, scratch) == GR_CHANCE; i++)
            gr_game_apply(g, scratch, gr_game_sample_chance(g, scratch, rng), NULL);
        sum += g->type->evaluate(g->sc, scratch, p);
    }
    return sum / HEURISTIC_SAMPLES;
}

/* One step ahead: the legal action whose outcome the game judges best for
 * the player to move; among equals, one at random. */
static gr_action heuristic(const gr_game *g, const void *st, const gr_action *legal, int n,
                           gr_rng *rng)
{
    int p = gr_game_current_player(g, st);
    unsigned char *after = calloc(1, g->type->state_size),
                  *scratch = calloc(1, g->type->state_size);
    if (!after || !scratch || !g->type->evaluate || p < 0) {
        free(after);
        free(scratch);
        return legal[gr_rng_below(rng, (uint32_t)n)];
    }
    int64_t best = INT64_MIN;
    uint32_t ties = 0;
    gr_action choice = legal[0];
    for (int i = 0; i < n; i++) {
        gr_game_copy(g, after, st);
        gr_game_apply(g, after, legal[i], NULL);
        int64_t v = judge(g, after, p, rng, scratch);
        if (v > best) {
            best = v;
            ties = 1;
            choice = legal[i];
        } else if (v == best && gr_rng_below(rng, ++ties) == 0) {
            choice = legal[i]; /* reservoir: each of the equals alike */
        }
    }
    free(after);
    free(scratch);
    return choice;
}

gr_action gr_ai_choose(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal,
                       int n, gr_rng *rng)
{
    gr_ai_line best;
    int m;
    return gr_ai_choose_lines(g, st, kind, legal, n, rng, &best, 1, &m);
}

gr_action gr_ai_choose_lines(const gr_game *g, const void *st, gr_ai_kind kind,
                             const gr_action *legal, int n, gr_rng *rng, gr_ai_line *lines, int cap,
                             int *nlines)
{
    assert(n >= 1 && cap >= 1);
    *nlines = 0;
    if ((kind.algo == GR_AI_MCTS || kind.algo == GR_AI_COMMANDER) && n > 1) {
        int m = gr_ai_search(g, st, kind, legal, n, rng, lines, cap);
        if (m >= 1) {
            *nlines = m;
            return lines[0].action;
        }
        return legal[gr_rng_below(rng, (uint32_t)n)]; /* no memory for the tree */
    }
    if (kind.algo == GR_AI_HEURISTIC)
        return heuristic(g, st, legal, n, rng);
    if (kind.algo == GR_AI_EAGER && g->type->is_pass) {
        /* the k-th action that does something, in order: no copy needed */
        int m = 0;
        for (int i = 0; i < n; i++)
            m += !g->type->is_pass(g->sc, st, legal[i]);
        if (m) {
            uint32_t k = gr_rng_below(rng, (uint32_t)m);
            for (int i = 0; i < n; i++)
                if (!g->type->is_pass(g->sc, st, legal[i]) && k-- == 0)
                    return legal[i];
        }
    }
    return legal[gr_rng_below(rng, (uint32_t)n)];
}

gr_status gr_ai_check_game(const gr_game *g, gr_error *err)
{
    return gr_game_check_enumerable(g, "the computer players", err);
}
