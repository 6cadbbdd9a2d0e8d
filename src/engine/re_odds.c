/* re_odds.c - the whole distribution of an attack before it is made
 * (re_attack_odds): the engine's own rules applied to copies of the state,
 * one die class at a time, so that nothing of §4.4 is written twice. */
#include <string.h>

#include "grognard/re.h"

/* Die classes: what one face does to the unit hit. */
enum { CL_MISS, CL_LOSS, CL_RETREAT, CL_N };

/* The first legal action of kind `kind` (any kind if kind < 0). */
typedef struct finder {
    int kind, found;
    re_action a;
} finder;

static void find_one(void *ctx, re_action a)
{
    finder *f = ctx;
    if (!f->found && (f->kind < 0 || a.kind == f->kind)) {
        f->a = a;
        f->found = 1;
    }
}

static int find_kind(const re_scenario *sc, const re_state *s, int kind, re_action *out)
{
    finder f = {kind, 0, {0}};
    re_each_legal_action(sc, s, find_one, &f);
    *out = f.a;
    return f.found;
}

/* The retreat a roll may start is the retreating side's to choose (seed 004
 * §4.4 "C'est le joueur de l'unité attaquée qui décide du chemin"); the odds
 * take the first way the engine lists, hex by hex.  Returns 0 if the state
 * settled, -1 if an action was refused (a bug). */
static int settle(const re_scenario *sc, re_state *s)
{
    for (int guard = 0; guard < 64 && s->stage == RE_ST_RETREAT; guard++) {
        re_action a;
        if (!find_kind(sc, s, -1, &a) || re_apply(sc, s, a, NULL, NULL) != GR_OK)
            return -1;
    }
    return 0;
}

static re_action die_action(int face)
{
    re_action a = {0};
    a.kind = RE_A_DIE;
    a.unit = (uint8_t)face;
    a.target = RE_NO_UNIT;
    a.col = a.row = a.col2 = a.row2 = -1;
    return a;
}

/* The class of each face of the roll pending in s (stage RE_ST_DICE), read
 * by rolling it on a copy whose roll has a die more to go (so that the
 * results are counted, not yet resolved): face[c] one face of class c (0 if
 * none), count[c] how many of the six. */
static int classes(const re_scenario *sc, const re_state *s, int face[CL_N], int count[CL_N])
{
    memset(face, 0, sizeof(int) * CL_N);
    memset(count, 0, sizeof(int) * CL_N);
    for (int f = 1; f <= 6; f++) {
        re_state c = *s;
        c.combat.dice_left = 2;
        if (re_apply(sc, &c, die_action(f), NULL, NULL) != GR_OK)
            return -1;
        int k = c.combat.losses > s->combat.losses       ? CL_LOSS
                : c.combat.retreats > s->combat.retreats ? CL_RETREAT
                                                         : CL_MISS;
        count[k]++;
        if (!face[k])
            face[k] = f;
    }
    return 0;
}

static double choose(int n, int k)
{
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static double power(double x, int k)
{
    double r = 1;
    while (k-- > 0)
        r *= x;
    return r;
}

static int strength(const re_state *s, int u)
{
    return s->units[u].figures + s->units[u].skirmisher;
}

/* What a roll pending in s (n dice against unit `hit`) leads to, over every
 * count of losses and retreats among its dice (the multinomial of the three
 * classes); fn(ctx, p, after) for each with its probability, the state once
 * the results and any retreat are applied. */
static int each_outcome(const re_scenario *sc, const re_state *s,
                        void (*fn)(void *ctx, double p, const re_state *after), void *ctx)
{
    int face[CL_N], count[CL_N];
    if (classes(sc, s, face, count) != 0)
        return -1;
    int n = s->combat.dice_left;
    double pl = count[CL_LOSS] / 6.0, pr = count[CL_RETREAT] / 6.0, pm = count[CL_MISS] / 6.0;
    for (int l = 0; l <= n; l++)
        for (int r = 0; l + r <= n; r++) {
            int m = n - l - r;
            if ((l && !count[CL_LOSS]) || (r && !count[CL_RETREAT]) || (m && !count[CL_MISS]))
                continue;
            double p = choose(n, l) * choose(n - l, r) * power(pl, l) * power(pr, r) * power(pm, m);
            re_state after = *s;
            for (int i = 0; i < n; i++) {
                int f = i < l ? face[CL_LOSS] : i < l + r ? face[CL_RETREAT] : face[CL_MISS];
                if (re_apply(sc, &after, die_action(f), NULL, NULL) != GR_OK)
                    return -1;
            }
            if (settle(sc, &after) != 0)
                return -1;
            fn(ctx, p, &after);
        }
    return 0;
}

/* The sums over the outcomes of a roll against unit `hit`. */
typedef struct tally {
    const re_state *before;
    int hit;
    re_roll_odds *o;
    re_state riposte; /* the first outcome after which the hit unit may riposte */
    int has_riposte;
} tally;

static void count_outcome(void *ctx, double p, const re_state *after)
{
    tally *t = ctx;
    int lost = strength(t->before, t->hit) - strength(after, t->hit);
    if (lost < 0)
        lost = 0;
    if (lost > RE_ODDS_MAX_LOSSES)
        lost = RE_ODDS_MAX_LOSSES;
    t->o->losses[lost] += p;
    t->o->expected_losses += p * lost;
    if (lost > 0)
        t->o->p_loss += p;
    if (after->units[t->hit].figures == 0)
        t->o->p_destroyed += p;
    else if (after->units[t->hit].col != t->before->units[t->hit].col ||
             after->units[t->hit].row != t->before->units[t->hit].row)
        t->o->p_retreat += p;
    if (after->stage == RE_ST_RIPOSTE) {
        t->o->p_riposte += p;
        if (!t->has_riposte) {
            t->riposte = *after;
            t->has_riposte = 1;
        }
    }
}

static int roll_odds(const re_scenario *sc, const re_state *s, re_roll_odds *o, re_state *riposte,
                     int *has_riposte)
{
    memset(o, 0, sizeof *o);
    o->dice = s->combat.dice_left;
    tally t = {s, s->combat.hit, o, {0}, 0};
    if (each_outcome(sc, s, count_outcome, &t) != 0)
        return -1;
    if (riposte && t.has_riposte) {
        *riposte = t.riposte;
        *has_riposte = 1;
    }
    return 0;
}

gr_status re_attack_odds(const re_scenario *sc, const re_state *st, re_action a, re_odds *out)
{
    memset(out, 0, sizeof *out);
    if (a.kind != RE_A_ATTACK && a.kind != RE_A_COLUMN && a.kind != RE_A_SKIRMISH &&
        a.kind != RE_A_PURSUE)
        return GR_EINPUT;
    re_state s = *st;
    if (re_apply(sc, &s, a, NULL, NULL) != GR_OK)
        return GR_EILLEGAL;
    /* heavy cavalry attacked chooses to evade or stand (§4.2): the odds are
     * those of standing */
    re_action stand;
    if (s.stage == RE_ST_EVADE) {
        out->may_evade = 1;
        if (!find_kind(sc, &s, RE_A_STAND, &stand) || re_apply(sc, &s, stand, NULL, NULL) != GR_OK)
            return GR_ERUNTIME;
    }
    if (s.stage != RE_ST_DICE) {
        out->evades = 1; /* light cavalry must evade (§4.2): no die is rolled */
        return GR_OK;
    }
    re_state rip;
    int has_rip = 0;
    if (roll_odds(sc, &s, &out->attack, &rip, &has_rip) != 0)
        return GR_ERUNTIME;
    out->p_riposte = out->attack.p_riposte;
    /* the riposte (§4.4 "Si l'unité attaquée n'a pas reculé, elle peut
     * riposter"): its dice do not depend on the losses (§4.1 "Les pertes
     * n'ont pas d'influence sur le nombre de dés"), so one outcome after
     * which it may riposte gives its odds for all */
    re_action rp;
    if (has_rip && find_kind(sc, &rip, RE_A_RIPOSTE, &rp) &&
        re_apply(sc, &rip, rp, NULL, NULL) == GR_OK && rip.stage == RE_ST_DICE) {
        if (roll_odds(sc, &rip, &out->riposte, NULL, NULL) != 0)
            return GR_ERUNTIME;
    }
    return GR_OK;
}
