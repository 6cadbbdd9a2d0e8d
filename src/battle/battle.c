/* battle.c - the battle companion's state machine: the sequence of play,
 * one action at a time, with its dice recorded (battle.h). */
#include "grognard/battle.h"

#include "grognard/effect.h"
#include "grognard/hash.h"
#include "grognard/systems.h"

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bt_internal.h"

const gr_battle_rules *gr_battle_rules_find(const char *id)
{
    for (size_t i = 0; gr_bt_all_rules[i]; i++)
        if (strcmp(gr_bt_all_rules[i]->system, id) == 0)
            return gr_bt_all_rules[i];
    return NULL;
}

const char *gr_battle_systems(const char *sep, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; gr_systems[i] && n < cap; i++)
        if (gr_battle_rules_find(gr_systems[i]->id))
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? sep : "", gr_systems[i]->id);
    return n ? buf : "(none yet)";
}

int gr_battle_ids(const gr_battle *b, int leaders, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < (leaders ? b->nleaders : b->nunits) && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? ", " : "",
                              leaders ? b->leaders[i].id : b->units[i].id);
    return (int)n;
}

int gr_battle_active_side(const gr_battle *b)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    return ph->player == GR_BT_SECOND_PLAYER ? 1 - b->first : b->first;
}

int gr_battle_decider(const gr_battle *b, const gr_bt_call *c)
{
    return b->rules->decider ? b->rules->decider(b, c) : gr_battle_active_side(b);
}

gr_status gr_battle_may_decide(const gr_battle *b, int side, const gr_bt_call *c, gr_error *err)
{
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    int active = gr_battle_active_side(b);
    if (!strcmp(c->verb, "next"))
        return side == active ? GR_OK
                              : gr_error_set(err, GR_EILLEGAL,
                                             "%s acts in this phase (%s): that side says when it "
                                             "is over",
                                             b->side_name[active], ph->title);
    int decider = gr_battle_decider(b, c);
    if (ph->player != GR_BT_BOTH_PLAYERS && side != decider)
        return decider != active
                   ? gr_error_set(err, GR_EILLEGAL, "%s is %s's decision in this phase (%s)",
                                  c->verb, b->side_name[decider], ph->title)
                   : gr_error_set(err, GR_EILLEGAL, "it is %s's phase (%s); wait for it to be over",
                                  b->side_name[active], ph->title);
    if (ph->player == GR_BT_BOTH_PLAYERS && c->unit >= 0 && b->units[c->unit].side != side)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is not one of your units: the other side acts for it",
                            b->units[c->unit].id);
    return GR_OK;
}

int gr_battle_unit(const gr_battle *b, const char *id)
{
    for (int i = 0; i < b->nunits; i++)
        if (strcmp(b->units[i].id, id) == 0)
            return i;
    return -1;
}

int gr_battle_leader(const gr_battle *b, const char *id)
{
    for (int i = 0; i < b->nleaders; i++)
        if (strcmp(b->leaders[i].id, id) == 0)
            return i;
    return -1;
}

int gr_bt_unit_stands(const gr_bt_unit *u)
{
    return u->lost >= u->stands ? 0 : u->stands - u->lost;
}

void gr_battle_condition_update(gr_bt_unit *u)
{
    if (u->spent_at >= 0 && u->lost >= u->spent_at)
        u->condition = GR_BT_SPENT;
    else if (u->worn_at >= 0 && u->lost >= u->worn_at)
        u->condition = GR_BT_WORN;
    else
        u->condition = GR_BT_FRESH;
}

const char *gr_battle_condition_label(const gr_battle *b, int c)
{
    if (c < 0 || c > 2)
        return "?";
    return b->rules->condition_names[c] ? b->rules->condition_names[c] : gr_bt_condition_name(c);
}

int gr_bt_leader_active(const gr_bt_leader *l)
{
    return l->status == GR_BT_ACTIVE;
}

int gr_battle_attached_leader(const gr_battle *b, int u)
{
    for (int i = 0; i < b->nleaders; i++)
        if (b->leaders[i].attached == u && gr_bt_leader_active(&b->leaders[i]))
            return i;
    return -1;
}

int gr_bt_word(const char *const *list, const char *s)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], s) == 0)
            return i;
    return -1;
}

int gr_bt_has_flag(const gr_bt_unit *u, const char *f)
{
    for (int i = 0; i < u->nflags; i++)
        if (strcmp(u->flags[i], f) == 0)
            return 1;
    return 0;
}

int gr_bt_arm_hit(int arm, const gr_bt_unit *u)
{
    switch (arm) {
    case GR_FX_ANY: return 1;
    case GR_FX_TROOPS: return u->arm != GR_BT_ARTILLERY;
    case GR_FX_GUNS: return u->arm == GR_BT_ARTILLERY;
    case GR_FX_CAVALRY: return u->arm == GR_BT_CAVALRY;
    case GR_FX_INFANTRY: return u->arm == GR_BT_INFANTRY;
    default: return 0;
    }
}

const char *gr_bt_call_get(const gr_bt_call *c, const char *key)
{
    for (int i = 0; i < c->nin; i++)
        if (strcmp(c->key[i], key) == 0)
            return c->val[i];
    return NULL;
}

gr_status gr_bt_set(const gr_procedure *p, gr_args *a, const char *name, const char *text,
                    gr_error *err)
{
    int i = gr_param_index(p->params, p->nparams, name);
    if (i < 0)
        return gr_error_set(err, GR_EINPUT, "%s has no input {%s}", p->name, name);
    return gr_args_set(p->params, i, text, a, err);
}

int bt_lose_stands(gr_bt_unit *u, int n)
{
    int left = gr_bt_unit_stands(u);
    n = n > left ? left : n;
    u->lost += n;
    u->lost_phase += n;
    return n;
}

void bt_instr(gr_bt_outcome *out, const char *fmt, ...)
{
    if (!out || out->ninstr >= GR_BT_MAX_INSTR)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->instr[out->ninstr++], GR_BT_INSTR, fmt, ap);
    va_end(ap);
}

const gr_bt_verb *gr_battle_verb(const gr_battle *b, const char *name)
{
    for (size_t i = 0; i < b->rules->nverbs; i++)
        if (strcmp(b->rules->verbs[i].name, name) == 0)
            return &b->rules->verbs[i];
    return NULL;
}

const char *gr_battle_phase_title(const gr_battle_rules *r, size_t k, gr_lang lang)
{
    const char *t = lang != r->sheet_lang && r->phase_translated ? r->phase_translated[k] : NULL;
    return t ? t : r->phases[k].title;
}

const char *gr_battle_verb_label(const gr_battle_rules *r, const gr_bt_verb *v, gr_lang lang)
{
    if (!r->verb_labels)
        return v->name;
    const gr_bt_label *l = &r->verb_labels[v - r->verbs];
    const char *t = lang == GR_LANG_FR ? l->fr : l->en;
    return t ? t : v->name;
}

void gr_battle_begin(gr_battle *b)
{
    b->turn = 1;
    b->phase = 0;
    b->nactions = 0;
    for (int i = 0; i < b->nunits; i++)
        gr_battle_condition_update(&b->units[i]);
    if (b->rules->phase_begins)
        b->rules->phase_begins(b);
}

/* The phases where verb v is allowed, by id, into buf. */
static void allowed_phases(const gr_battle *b, const gr_bt_verb *v, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < b->rules->nphases && k < 64; k++)
        if (v->phases & (UINT64_C(1) << k)) {
            int w = snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", b->rules->phases[k].id);
            if (w < 0 || (size_t)w >= cap - n)
                return;
            n += (size_t)w;
        }
}

gr_status gr_battle_verb_open(const gr_battle *b, const gr_bt_verb *v, gr_error *err)
{
    if (b->phase >= 64 || !(v->phases & (UINT64_C(1) << b->phase))) {
        char where[512];
        allowed_phases(b, v, where, sizeof where);
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is not allowed now: this is %s (%s); it is allowed in: %s", v->name,
                            b->rules->phases[b->phase].id, b->rules->phases[b->phase].title, where);
    }
    return b->rules->verb_open ? b->rules->verb_open(b, v, err) : GR_OK;
}

/* Record the dice of r as --roll takes them: each roll's faces (a 2D6 roll
 * by its total, as a player types it). */
static void record_rolls(const gr_resolution *r, gr_bt_action *a)
{
    a->nrolls = 0;
    for (int i = 0; i < r->nrolls; i++) {
        const gr_roll_record *rr = &r->rolls[i];
        if (rr->kind == GR_ROLL_2D6) {
            a->rolls[a->nrolls++] = rr->total;
            continue;
        }
        for (int k = 0; k < rr->nfaces && a->nrolls < (int)GR_COUNT(a->rolls); k++)
            a->rolls[a->nrolls++] = rr->faces[k];
    }
}

static void advance(gr_battle *b, gr_bt_outcome *out)
{
    b->phase++;
    if ((size_t)b->phase >= b->rules->nphases) {
        b->phase = 0;
        b->turn++;
    }
    for (int i = 0; i < b->nunits; i++) {
        b->units[i].fired = 0;
        b->units[i].lost_phase = 0;
    }
    if (b->rules->phase_begins)
        b->rules->phase_begins(b);
    const gr_bt_phase *ph = &b->rules->phases[b->phase];
    if (out && out->ninstr < GR_BT_MAX_INSTR)
        snprintf(out->instr[out->ninstr++], GR_BT_INSTR, "turn %d, %s (%s)", b->turn, ph->title,
                 b->side_name[gr_battle_active_side(b)]);
}

/* A procedure that stops where the dice typed run out but rolls on with a
 * stream (nf's desperate struggle: "roll again"): 1, with the next roll's
 * kind and name, if resolving with the same dice and then a stream rolls
 * more than res did (and the dice still fit GR_MAX_ROLLS). */
static int more_dice(const gr_procedure *p, const gr_args *args, const gr_dice_source *typed,
                     const gr_resolution *res, int ntyped, gr_roll_kind *need,
                     const char **need_name)
{
    gr_resolution *probe = malloc(sizeof *probe);
    if (!probe)
        return 0;
    gr_dice_source d = *typed;
    d.used = 0;
    gr_rng rng;
    gr_rng_seed(&rng, 1); /* any stream: only whether it rolls on is read */
    d.rng = &rng;
    gr_resolution_init(probe, res->system, res->procedure);
    int more = 0;
    if (p->resolve(args, &d, probe, NULL) == GR_OK && probe->nrolls > res->nrolls) {
        const gr_roll_record *next = &probe->rolls[res->nrolls];
        if (ntyped + (gr_roll_opposed(next->kind) ? 2 : 1) <= GR_MAX_ROLLS) {
            *need = next->kind;
            *need_name = next->name;
            more = 1;
        }
    }
    free(probe);
    return more;
}

/* The parts of a battle an apply may write, in three runs of bytes: up to
 * the units in use, from nleaders to the leaders in use, and from `turn`
 * to the end.  The units and leaders beyond the counts are never written
 * after the order of battle is read (only its reader adds them), so that
 * a copy of these runs, put back, is the battle as it was, byte for byte:
 * for Pratzen a tenth of the 114 KB of a whole gr_battle. */
static void battle_runs(const gr_battle *b, size_t start[3], size_t len[3])
{
    start[0] = 0;
    len[0] = offsetof(gr_battle, units) + (size_t)b->nunits * sizeof b->units[0];
    start[1] = offsetof(gr_battle, nleaders);
    len[1] = offsetof(gr_battle, leaders) - start[1] + (size_t)b->nleaders * sizeof b->leaders[0];
    start[2] = offsetof(gr_battle, turn);
    len[2] = sizeof *b - start[2];
}

static void battle_copy_runs(gr_battle *to, const gr_battle *from, const gr_battle *counts)
{
    size_t start[3], len[3];
    battle_runs(counts, start, len);
    for (int i = 0; i < 3; i++)
        memcpy((char *)to + start[i], (const char *)from + start[i], len[i]);
}

void gr_battle_copy(gr_battle *to, const gr_battle *from)
{
    battle_copy_runs(to, from, from);
}

/* rules->apply, what it may write of b first copied into *before
 * (allocated here, the caller frees it and puts it back with
 * battle_copy_runs if apply fails): only apply writes b (prepare and the
 * resolution read it), so that a test refused or waiting for a die costs
 * no copy of the battle. */
static gr_status apply_kept(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                            const gr_resolution *r, gr_bt_outcome *out, gr_battle **before,
                            gr_error *err)
{
    if (!(*before = malloc(sizeof **before)))
        return gr_error_set(err, GR_ERUNTIME, "out of memory");
    battle_copy_runs(*before, b, b);
    return b->rules->apply(b, v, c, r, out, err);
}

/* need NULL: a->rolls typed, or (none) the action's seeded stream.  need
 * set: exactly a->rolls and no stream; a roll beyond them sets *need to its
 * kind and returns GR_OK with nothing applied.  b is changed only by
 * apply_kept: *before holds b as it was when it was (else NULL). */
static gr_status resolve_and_apply(gr_battle *b, const gr_bt_verb *v, gr_bt_action *a,
                                   gr_bt_outcome *out, gr_roll_kind *need, const char **need_name,
                                   gr_battle **before, gr_error *err)
{
    const gr_procedure *p = NULL;
    const gr_system *s = NULL;
    if (v->procedure) {
        s = gr_system_find(b->system);
        p = s ? gr_system_procedure(s, v->procedure) : NULL;
        if (!p)
            return gr_error_set(err, GR_ERUNTIME, "%s: verb %s names no procedure %s", b->system,
                                v->name, v->procedure);
    }
    gr_args args = {0};
    gr_status st = b->rules->prepare(b, v, &a->call, &args, err);
    if (st != GR_OK)
        return st;
    if (!p) {
        if (a->nrolls > 0)
            return gr_error_set(err, GR_EINPUT, "{roll}: %s rolls no dice; leave {roll} out",
                                v->name);
        return apply_kept(b, v, &a->call, NULL, out, before, err);
    }

    if ((st = gr_args_check_required(p->params, p->nparams, &args, err)) != GR_OK ||
        (st = gr_procedure_check_applies(p, &args, err)) != GR_OK)
        return st;
    gr_dice_source dice = {0};
    gr_rng rng;
    if (a->nrolls > 0 || need) {
        if (a->nrolls > GR_MAX_ROLLS)
            return gr_error_set(err, GR_EINPUT, "{roll}: at most %d values", GR_MAX_ROLLS);
        memcpy(dice.typed, a->rolls, (size_t)a->nrolls * sizeof a->rolls[0]);
        dice.ntyped = a->nrolls;
    } else {
        /* The action's own stream: the battle's seed and the action's
         * number, so an undone and repeated action rolls the same dice. */
        uint64_t mix = b->seed ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(b->nactions + 1));
        gr_rng_seed(&rng, mix);
        dice.rng = &rng;
    }
    /* the system's own id (static), not b->system: the resolution may
     * outlive this state (a copy, an undo) */
    gr_resolution_init(&out->res, s->id, p->name);
    if ((st = p->resolve(&args, &dice, &out->res, err)) != GR_OK) {
        if (need && dice.next_name) {
            *need = dice.next_kind;
            *need_name = dice.next_name;
            return GR_OK;
        }
        if (a->nrolls > 0 && dice.next_name) {
            char given[64];
            size_t n = 0;
            for (int i = 0; i < a->nrolls && n < sizeof given; i++)
                n += (size_t)snprintf(given + n, sizeof given - n, "%s%d", i ? "," : "",
                                      a->rolls[i]);
            return gr_error_set(err, GR_EINPUT,
                                "{roll} %s: this %s needs one more roll, the %s roll (%s); roll "
                                "it and add it: {roll} %s,N",
                                given, v->name, dice.next_name, gr_roll_name(dice.next_kind),
                                given);
        }
        return st;
    }
    if (dice.used < dice.ntyped)
        return gr_error_set(err, GR_EINPUT, "{roll}: %d value(s) given, %d used by this %s",
                            dice.ntyped, dice.used, v->name);
    if (need && more_dice(p, &args, &dice, &out->res, a->nrolls, need, need_name))
        return GR_OK;
    out->resolved = 1;
    record_rolls(&out->res, a);
    return apply_kept(b, v, &a->call, &out->res, out, before, err);
}

static gr_status battle_do(gr_battle *b, gr_bt_action *a, gr_bt_outcome *out, gr_roll_kind *need,
                           const char **need_name, gr_error *err)
{
    if (need)
        *need = GR_ROLL_NONE;
    gr_bt_outcome *own = NULL;
    if (!out) {
        own = malloc(sizeof *own);
        if (!own)
            return gr_error_set(err, GR_ERUNTIME, "out of memory");
        out = own;
    }
    out->resolved = 0;
    out->ninstr = 0;
    gr_status st = GR_OK;
    if (b->nactions >= GR_BT_MAX_ACTIONS) {
        st = gr_error_set(err, GR_EILLEGAL, "the battle has its %d actions: no more can be kept",
                          GR_BT_MAX_ACTIONS);
        goto done;
    }
    if (strcmp(a->call.verb, "next") == 0) {
        advance(b, out);
        a->nrolls = 0;
        b->nactions++;
        goto done;
    }
    const gr_bt_verb *v = gr_battle_verb(b, a->call.verb);
    if (!v) {
        char list[512];
        size_t n = 0;
        list[0] = '\0';
        for (size_t i = 0; i < b->rules->nverbs && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                                  b->rules->verbs[i].name);
        st = gr_error_set(err, GR_EINPUT, "%s has no verb \"%s\"; its verbs: next, %s", b->system,
                          a->call.verb, list);
        goto done;
    }
    if ((st = gr_battle_verb_open(b, v, err)) != GR_OK)
        goto done;
    if (v->needs_target == 1 && a->call.target < 0) {
        st = gr_error_set(err, GR_EINPUT, "%s needs a target: %s", v->name, v->help);
        goto done;
    }
    if (v->needs_target == 0 && a->call.target >= 0) {
        st = gr_error_set(err, GR_EINPUT, "%s takes no target: %s", v->name, v->help);
        goto done;
    }
    gr_battle *before = NULL;
    st = resolve_and_apply(b, v, a, out, need, need_name, &before, err);
    if (st == GR_OK && need && *need != GR_ROLL_NONE) {
        if (before) /* a die is still to come */
            battle_copy_runs(b, before, before);
    } else if (st == GR_OK) {
        for (int i = 0; i < b->nunits; i++)
            gr_battle_condition_update(&b->units[i]);
        b->nactions++;
    } else if (before) {
        battle_copy_runs(b, before, before);
    }
    free(before);
done:
    free(own);
    return st;
}

gr_status gr_battle_do(gr_battle *b, gr_bt_action *a, gr_bt_outcome *out, gr_error *err)
{
    return battle_do(b, a, out, NULL, NULL, err);
}

gr_status gr_battle_do_exact(gr_battle *b, gr_bt_action *a, gr_bt_outcome *out, gr_roll_kind *need,
                             const char **need_name, gr_error *err)
{
    *need_name = NULL;
    return battle_do(b, a, out, need, need_name, err);
}

const char *gr_battle_action_text(const gr_battle *b, const gr_bt_action *a, char *buf, size_t cap)
{
    const gr_bt_call *c = &a->call;
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (n < cap) {                                                                             \
            int w_ = snprintf(buf + n, cap - n, __VA_ARGS__);                                      \
            n = w_ < 0 ? cap : n + (size_t)w_;                                                     \
        }                                                                                          \
    } while (0)
    buf[0] = '\0';
    PUT("%s", c->verb);
    if (c->unit >= 0 && c->unit < b->nunits)
        PUT(" %s", b->units[c->unit].id);
    if (c->target >= 0 && c->target < b->nunits)
        PUT(" --target %s", b->units[c->target].id);
    if (c->leader >= 0 && c->leader < b->nleaders)
        PUT(" --leader %s", b->leaders[c->leader].id);
    for (int i = 0; i < c->nin; i++)
        PUT(" --%s %s", c->key[i], c->val[i]);
    for (int i = 0; i < a->nrolls; i++)
        PUT("%s%d", i ? "," : " --roll ", a->rolls[i]);
#undef PUT
    return buf;
}

/* ---- hash ---------------------------------------------------------------- */

static uint64_t h_int(uint64_t h, int64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)((uint64_t)v >> (8 * i));
    return gr_fnv1a64(h, b, 8);
}

static uint64_t h_str(uint64_t h, const char *s)
{
    size_t n = strlen(s);
    h = h_int(h, (int64_t)n);
    return gr_fnv1a64(h, s, n);
}

uint64_t gr_battle_hash(const gr_battle *b)
{
    uint64_t h = GR_FNV1A64_INIT;
    h = h_str(h, b->system);
    h = h_int(h, b->turn);
    h = h_int(h, b->phase);
    h = h_int(h, b->first);
    h = h_int(h, b->nactions);
    h = h_int(h, b->turns);
    h = h_str(h, b->date);
    h = h_int(h, b->nunits);
    for (int i = 0; i < b->nunits; i++) {
        const gr_bt_unit *u = &b->units[i];
        h = h_str(h, u->id);
        h = h_str(h, u->formation);
        h = h_str(h, u->quality);
        h = h_str(h, u->nation);
        h = h_str(h, u->weapon);
        h = h_str(h, u->kind);
        h = h_int(h, u->nflags);
        for (int k = 0; k < u->nflags && k < GR_BT_MAX_FLAGS; k++)
            h = h_str(h, u->flags[k]);
        const int f[] = {u->side,    u->leader,     u->arm,           u->stands,     u->lost,
                         u->worn_at, u->spent_at,   u->condition,     u->disordered, u->broken,
                         u->ammo,    u->guns,       u->guns_silenced, u->limbered,   u->in_reserve,
                         u->removed, u->lost_phase, u->fired};
        for (size_t k = 0; k < GR_COUNT(f); k++)
            h = h_int(h, f[k]);
        for (size_t k = 0; k < GR_COUNT(u->sys); k++)
            h = h_int(h, u->sys[k]);
    }
    for (size_t k = 0; k < GR_COUNT(b->sys); k++)
        h = h_int(h, b->sys[k]);
    h = h_int(h, b->nleaders);
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        h = h_str(h, l->id);
        h = h_str(h, l->role);
        h = h_str(h, l->rating);
        h = h_str(h, l->kind);
        const int f[] = {l->side, l->parent, l->status, l->attached, l->back_turn};
        for (size_t k = 0; k < GR_COUNT(f); k++)
            h = h_int(h, f[k]);
    }
    return h;
}
