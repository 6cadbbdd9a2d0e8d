/* ai.c - the random player, which picks one of the legal actions uniformly,
 * and the eager random player, which never passes while it can act (a
 * livelier opponent, and playouts that reach more of the rules). */
#include "grognard/ai.h"

#include <assert.h>
#include <string.h>

gr_status gr_ai_kind_parse(const char *s, gr_ai_kind *out, gr_error *err)
{
    if (s && !strcmp(s, "random")) {
        *out = GR_AI_RANDOM;
        return GR_OK;
    }
    if (s && !strcmp(s, "eager")) {
        *out = GR_AI_EAGER;
        return GR_OK;
    }
    return gr_error_set(err, GR_EINPUT,
                        "computer player '%s' is not known; accepted: eager, random", s ? s : "");
}

gr_action gr_ai_choose(const gr_game *g, const void *st, gr_ai_kind kind, const gr_action *legal,
                       int n, gr_rng *rng)
{
    assert(n >= 1);
    if (kind == GR_AI_EAGER && g->type->is_pass) {
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
