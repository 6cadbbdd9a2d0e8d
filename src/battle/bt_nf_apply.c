/* bt_nf_apply.c - Napoleonic Fury's companion: a result's effects (the
 * tables' effect lines, effect.h) applied to the battle's state, and one
 * instruction per unit for the table, in inches (docs/rules/nf.md, "The
 * battle companion"). */
#include "bt_nf.h"

#include "grognard/effect.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- applying a result -------------------------------------------------------- */

/* What happens to one party, gathered into one instruction. */
typedef struct party {
    int unit; /* -1: none */
    char text[GR_BT_INSTR];
    size_t len;
} party;

static void say(party *pt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(party *pt, const char *fmt, ...)
{
    if (pt->len >= sizeof pt->text - 1)
        return;
    if (pt->len) {
        int w = snprintf(pt->text + pt->len, sizeof pt->text - pt->len, "; ");
        pt->len += w > 0 ? (size_t)w : 0;
        if (pt->len >= sizeof pt->text)
            pt->len = sizeof pt->text - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(pt->text + pt->len, sizeof pt->text - pt->len, fmt, ap);
    va_end(ap);
    pt->len += w > 0 ? (size_t)w : 0;
    if (pt->len >= sizeof pt->text)
        pt->len = sizeof pt->text - 1;
}

static void lose_stands(gr_battle *b, party *pt, int n)
{
    gr_bt_unit *u = &b->units[pt->unit];
    n = bt_lose_stands(u, n);
    int left = gr_bt_unit_stands(u);
    say(pt, "remove %d stand%s (%d left)", n, n == 1 ? "" : "s", left);
    if (left == 0) {
        u->removed = 1;
        say(pt, "no stand left: remove it from the table");
    }
}

/* Leader `l` of the party falls (killed or wounded, captured). */
static void leader_falls(gr_battle *b, party *pt, int status)
{
    int l = gr_battle_attached_leader(b, pt->unit);
    if (l < 0)
        return;
    b->leaders[l].status = status;
    b->leaders[l].attached = -1;
    say(pt, "%s %s: remove him", b->leaders[l].name,
        status == GR_BT_CAPTURED ? "is captured" : "is wounded or killed");
}

/* The effect text's body (after "unit (troops): "), for what this file
 * does not word itself. */
static const char *fx_body(const gr_effect *e, char *buf, size_t cap)
{
    gr_effect tmp = *e;
    tmp.stands = 0, tmp.per_point = 0, tmp.beyond = 0, tmp.disorder = 0, tmp.removed = 0,
    tmp.leader = 0, tmp.guns = 0, tmp.square = 0;
    tmp.fight_again = 0; /* the melee procedure has rolled again already */
    gr_effect_text(&tmp, "inches", 1, buf, cap);
    const char *colon = strstr(buf, ": ");
    const char *body = colon ? colon + 2 : buf;
    return strcmp(body, "no effect") == 0 ? "" : body;
}

static void apply_line(gr_battle *b, party *pt, const gr_effect *e, int extra)
{
    gr_bt_unit *u = &b->units[pt->unit];
    if (!gr_bt_arm_hit(e->arm, u))
        return;
    if (e->when == GR_FX_IF_LEADER && gr_battle_attached_leader(b, pt->unit) < 0)
        return;
    if (e->when != GR_FX_ALWAYS && e->when != GR_FX_IF_LEADER)
        return; /* no other condition appears in seed 002's tables */
    if (e->removed && !u->removed) {
        u->removed = 1;
        say(pt, "routs: remove it from the table");
    }
    if (e->disorder == GR_FX_DISORDERED || e->disorder == GR_FX_STAYS_DISORDERED) {
        if (u->arm != GR_BT_ARTILLERY) {
            u->disordered = 1;
            say(pt, e->disorder == GR_FX_DISORDERED ? "disordered" : "stays disordered");
        }
    }
    if (e->disorder == GR_FX_RALLIED) {
        u->disordered = 0;
        say(pt, "rallies (good order)");
    }
    if (e->stands && !u->removed)
        lose_stands(b, pt, e->stands + (e->per_point ? extra : 0));
    if (e->guns) {
        static const char *const gn[] = {"",        "suppressed", "silenced", "damaged",
                                         "wrecked", "destroyed",  "captured"};
        if (e->guns > u->guns)
            u->guns = e->guns;
        if (e->guns == GR_GUNS_DAMAGED)
            u->sys[NFU_DAMAGED] = 1;
        say(pt, "guns %s", gn[e->guns]);
        if ((e->guns == GR_GUNS_WRECKED || e->guns == GR_GUNS_CAPTURED) && !u->removed) {
            u->removed = 1;
            say(pt, "remove the battery from the table");
        }
    }
    if (e->leader == GR_LEADER_CAPTURED)
        leader_falls(b, pt, GR_BT_CAPTURED);
    if (e->leader == GR_LEADER_REMOVED)
        leader_falls(b, pt, GR_BT_KILLED);
    if (e->square) {
        snprintf(u->formation, sizeof u->formation, "square");
        say(pt, "forms square");
    }
    if (e->position == GR_POS_BREAKTHROUGH || e->position == GR_POS_CARRIES_OR_BREAKTHROUGH)
        u->sys[NFU_BREAKTHROUGH] = 1;
    char buf[GR_BT_INSTR];
    const char *body = fx_body(e, buf, sizeof buf);
    if (*body && !u->removed)
        say(pt, "%s", body);
}

/* Apply the effects of every table read of r (a melee's desperate
 * struggles, then its last result; a fire, then its leader loss). */
static void apply_res(gr_battle *b, const gr_resolution *r, party *target, party *attacker)
{
    for (int s = 0; s < r->nsteps; s++) {
        const gr_step *st = &r->steps[s];
        if (!st->table->effects)
            continue;
        int extra = 0;
        for (int i = 0; i < st->cell.nfields; i++)
            if (!strcmp(st->cell.fields[i].key, "extra_stands"))
                extra = (int)st->cell.fields[i].i;
        const gr_effects *fx = &st->table->effects[st->cell.outcome];
        for (size_t i = 0; i < fx->n; i++) {
            const gr_effect *e = &fx->lines[i];
            if ((e->who == GR_FX_TARGET || e->who == GR_FX_EACH) && target->unit >= 0)
                apply_line(b, target, e, extra);
            if ((e->who == GR_FX_ATTACKER || e->who == GR_FX_EACH) && attacker->unit >= 0)
                apply_line(b, attacker, e, extra);
        }
    }
}

/* "On a natural roll of 12 there is a possibility that any attached officer
 * has been killed. Roll again and on a result of 2-9 the officer is
 * wounded/killed and removed": the test is made by the fire procedure when
 * the state has an officer attached to the target (`officer`, his index
 * before the result was applied); say what it gave, or that there was no
 * officer to test.  A hit is said by leader_falls. */
static void natural_12(const gr_battle *b, const gr_resolution *r, party *pt, int officer)
{
    if (r->nsteps < 1 || r->steps[0].roll < 0 || r->rolls[r->steps[0].roll].total != 12)
        return;
    const gr_step *ll = NULL;
    for (int s = 1; s < r->nsteps; s++)
        if (!strcmp(r->steps[s].table->name, "leader_loss"))
            ll = &r->steps[s];
    if (!ll || officer < 0) {
        say(pt, "a natural 12, but no officer is attached to it: no leader-loss test");
        return;
    }
    const char *id = ll->table->outcomes[ll->cell.outcome].id;
    say(pt, "a natural 12: %s's leader-loss roll %d (2-9 wounded/killed): %s",
        b->leaders[officer].name, ll->score, strcmp(id, "officer_hit") == 0 ? "hit" : "unhurt");
}

static int64_t res_value(const gr_resolution *r, const char *key, int *found)
{
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, key)) {
            *found = 1;
            return r->values[i].i;
        }
    *found = 0;
    return 0;
}

static void instr(gr_bt_outcome *out, const gr_battle *b, const party *pt)
{
    if (pt->unit >= 0)
        bt_instr(out, "%s: %s", b->units[pt->unit].name, pt->len ? pt->text : "no effect");
}

gr_status bt_nf_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                      const gr_resolution *r, gr_bt_outcome *out, gr_error *err)
{
    (void)err;
    if (!r) { /* attach, detach */
        gr_bt_leader *l = &b->leaders[c->leader];
        if (!strcmp(v->name, "replace")) {
            /* "replace fallen leaders": the replacement serves with the same
             * rating, never exceptional, and "suffer[s] a -1" to [his]
             * command range"; back_turn marks him (and the turn). */
            l->status = GR_BT_ACTIVE;
            l->attached = -1;
            l->back_turn = b->turn;
            bt_instr(out,
                     "%s: a replacement officer takes command (command range 1\" less; not "
                     "exceptional)",
                     l->name);
        } else if (!strcmp(v->name, "attach")) {
            l->attached = c->unit;
            bt_instr(out, "%s: attached to %s", l->name, b->units[c->unit].name);
        } else {
            bt_instr(out, "%s: detached from %s", l->name, b->units[l->attached].name);
            l->attached = -1;
        }
        return GR_OK;
    }
    party target = {.unit = -1}, attacker = {.unit = -1};
    int melee = !strcmp(v->name, "melee"), fire = !strcmp(v->name, "fire");
    if (melee || fire) {
        target.unit = c->target;
        attacker.unit = c->unit;
    } else {
        target.unit = c->unit;
        attacker.unit = c->target;
    }
    int officer = fire ? gr_battle_attached_leader(b, c->target) : -1;
    b->units[c->unit].fired = 1;
    if (melee)
        b->units[c->unit].sys[NFU_BREAKTHROUGH] = 0; /* set again by a breakthrough result */
    if (fire)
        natural_12(b, r, &target, officer);
    apply_res(b, r, &target, &attacker);
    if (!strcmp(v->name, "maneuver") || !strcmp(v->name, "react") || !strcmp(v->name, "disorder")) {
        int found;
        int64_t reacts = res_value(r, "reacts", &found);
        if (found && !reacts)
            say(&target, "does not react");
        int64_t mv = res_value(r, "allowance_inches", &found);
        if (found && (!strcmp(v->name, "react") ? reacts : 1))
            say(&target, "may move up to %g inches", (double)mv / GR_MILLI);
    }
    if (!strcmp(v->name, "evasion") && r->nsteps > 0 &&
        !strcmp(r->steps[0].table->outcomes[r->steps[0].cell.outcome].id, "evades") &&
        c->target >= 0) {
        /* They are no longer in contact: no melee between them this phase. */
        b->units[c->unit].sys[NFU_EVADED] = c->target + 1;
        say(&target, "moves away from %s's charge", b->units[c->target].name);
        if (b->units[c->target].arm == GR_BT_INFANTRY)
            say(&attacker, "occupies the ground and is done with its movement");
    }
    if (!strcmp(v->name, "emergency_fc") && r->nsteps > 0 &&
        !strcmp(r->steps[0].table->outcomes[r->steps[0].cell.outcome].id, "success"))
        say(&target, "fire at it from within range this turn: +1 target changed formation "
                     "({target-changed-formation} yes)");
    if (!strcmp(v->name, "react")) {
        int found;
        int reacts = (int)res_value(r, "reacts", &found);
        if (reacts && c->target >= 0) {
            b->units[c->unit].sys[NFU_COUNTER] = c->target + 1;
            say(&target,
                "countercharges %s: the melee is fought in the Melee phase, this unit charging "
                "too",
                b->units[c->target].name);
        } else if (c->target >= 0) {
            say(&target, "no countercharge");
        }
        /* "Cavalry Division officers may make a move if any of their units
         * move during this phase." */
        const gr_bt_unit *u = &b->units[c->unit];
        for (int l = u->leader, n = 0; reacts && l >= 0 && n < GR_BT_MAX_LEADERS;
             l = b->leaders[l].parent, n++)
            if (!strcmp(b->leaders[l].role, "division")) {
                if (gr_bt_leader_active(&b->leaders[l]))
                    bt_instr(out, "%s: as %s's division officer, may move in this phase",
                             b->leaders[l].name, u->name);
                break;
            }
    }
    instr(out, b, &target);
    if (melee || attacker.len)
        instr(out, b, &attacker);
    return GR_OK;
}
