/* bt_rff_apply.c - Regimental Fire and Fury's companion: a resolution's
 * effects (effect.h lines of each table read) applied to the battle, and
 * one instruction per unit or leader for the table, in cm.  Readings:
 * docs/rules/rff.md, "The battle companion". */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_rff.h"
#include "grognard/resolve.h"

/* The parties of one resolution: 0 the target / defender / unit tested,
 * 1 the attacker (charge) or the firer. */
typedef struct fx {
    gr_battle *b;
    const gr_bt_call *c;
    int unit[2];
    int was_dis[2];     /* disordered when the table was read */
    int was_damaged[2]; /* guns damaged when the table was read */
    int flanked[2];
    int score;
    int cannonade;
    int combat2; /* a breakthrough combat: the second combat */
    int rough;   /* charged through rough or difficult terrain */
    int close;   /* within close range: 1, 0, -1 not said */
    int fortified;
    char txt[2][GR_BT_INSTR];
    const char *suffix[2]; /* after the unit's name: " (defender)" */
    gr_bt_outcome *out;
} fx;

/* Write party p's pending text as one instruction ("NAME: a; b; c"). */
static void flush_party(fx *x, int p)
{
    if (x->unit[p] >= 0 && x->txt[p][0])
        bt_instr(x->out, "%s%s: %s", x->b->units[x->unit[p]].name, x->suffix[p] ? x->suffix[p] : "",
                 x->txt[p]);
    x->txt[p][0] = '\0';
}

static void say(fx *x, int p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void say(fx *x, int p, const char *fmt, ...)
{
    char piece[GR_BT_INSTR];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    /* An instruction holds the unit's name and the pieces: a full one is
     * written out and the next piece starts another. */
    size_t room = GR_BT_INSTR - 1 - strlen(x->b->units[x->unit[p]].name) -
                  (x->suffix[p] ? strlen(x->suffix[p]) : 0) - 2;
    char *t = x->txt[p];
    if (t[0] && strlen(t) + 2 + strlen(piece) > room)
        flush_party(x, p);
    size_t n = strlen(t);
    snprintf(t + n, GR_BT_INSTR - n, "%s%s", n ? "; " : "", piece);
}

static int mounted(const gr_bt_unit *u)
{
    return u->arm == GR_BT_CAVALRY && strcmp(u->formation, "dismounted");
}

/* 1: the line applies to party p; 0: it does not; -1: the table decides
 * (written as a condition for the players). */
static int when_ok(const fx *x, const gr_effect *e, int p)
{
    const gr_battle *b = x->b;
    const gr_bt_unit *u = &b->units[x->unit[p]];
    const gr_bt_unit *o = x->unit[1 - p] >= 0 ? &b->units[x->unit[1 - p]] : NULL;
    switch (e->when) {
    case GR_FX_ALWAYS: return 1;
    case GR_FX_IF_DISORDERED: return x->was_dis[p];
    case GR_FX_IF_GUNS_DAMAGED: return x->was_damaged[p];
    case GR_FX_IF_FLANKED: return x->flanked[p];
    case GR_FX_IF_FLANKED_OR_CAVALRY: return x->flanked[p] || (o && mounted(o));
    case GR_FX_IF_FORTIFIED: return x->fortified;
    case GR_FX_IF_CLOSE_RANGE: return x->close;
    case GR_FX_IF_BEYOND_CLOSE_OR_FORTIFIED:
        return x->fortified ? 1 : x->close < 0 ? -1 : !x->close;
    case GR_FX_IF_FIXED_GUNS: return gr_bt_has_flag(u, "fixed_guns");
    case GR_FX_IF_CANNONADE: return x->cannonade;
    case GR_FX_IF_SCORE_15: return x->score >= 15;
    case GR_FX_IF_AFTER_FIRST_COMBAT: return 1;
    case GR_FX_IF_AFTER_SECOND_COMBAT: return x->combat2;
    case GR_FX_IF_ROUGH_OR_CAVALRY:
        return x->rough || x->combat2 || (x->unit[1] >= 0 && mounted(&b->units[x->unit[1]]));
    case GR_FX_IF_COUNTERCHARGING:
        return x->unit[1] >= 0 && u->sys[RFF_U_COUNTER] == x->unit[1] + 1;
    case GR_FX_IF_LEADER: return 0; /* the procedure rolled the test: its step is applied */
    default: return 0;
    }
}

/* The cm of a move of unit u on clear ground: its rout row (rout 1) or
 * its formation's row at full move; -1 when the sheet has none. */
static int clear_cm(const gr_bt_unit *u, int rout)
{
    const char *row =
        rout ? (u->arm == GR_BT_CAVALRY ? "cavalry_rout" : "infantry_rout") : rff_bt_move_row(u);
    int k = gr_bt_word(rff_move_units, row);
    return k < 0 ? -1 : rff_move_cm(k, 0, 0);
}

static const char *retreat_text(const gr_effect *e, const gr_bt_unit *u, char *buf, size_t cap)
{
    int cm;
    switch (e->retreat) {
    case GR_RETREAT_DISTANCE: snprintf(buf, cap, "retreat %d cm", e->distance); break;
    case GR_RETREAT_TO_DISTANCE:
        snprintf(buf, cap, "fall back to %d cm from the enemy", e->distance);
        break;
    case GR_RETREAT_HALF_MOVE:
        cm = clear_cm(u, 0);
        snprintf(buf, cap, "retreat half a move (%d cm in the open)", cm / 2);
        break;
    case GR_RETREAT_FULL_MOVE:
        cm = clear_cm(u, 0);
        snprintf(buf, cap, "retreat a full move (%d cm in the open)", cm);
        break;
    case GR_RETREAT_ROUT_MOVE:
        cm = clear_cm(u, u->arm != GR_BT_ARTILLERY);
        snprintf(buf, cap, "retreat a rout move (mouvement de déroute: %d cm in the open)", cm);
        break;
    case GR_RETREAT_BEYOND_CLOSE: snprintf(buf, cap, "retreat out of close range"); break;
    default: snprintf(buf, cap, "retreat"); break;
    }
    return buf;
}

static const char *position_text(int pos)
{
    switch (pos) {
    case GR_POS_HOLDS: return "holds its position";
    case GR_POS_CARRIES: return "takes the position";
    case GR_POS_BREAKTHROUGH: return "breaks through half a move toward the nearest enemy (percée)";
    case GR_POS_CARRIES_OR_BREAKTHROUGH: return "takes the position or breaks through";
    case GR_POS_MAY_RECALL: return "cavalry may be recalled a full move";
    case GR_POS_CARRIES_OR_RECALL: return "may take the position or be recalled a full move";
    default: return "";
    }
}

static void silence(gr_bt_unit *u, int n)
{
    int left = gr_bt_unit_stands(u);
    u->guns_silenced = n < 0 || u->guns_silenced + n > left ? left : u->guns_silenced + n;
    u->guns = u->guns_silenced > 0 ? GR_GUNS_SILENCED : GR_GUNS_NONE;
}

/* Apply line e to party p. */
static void apply_line(fx *x, const gr_effect *e, int p)
{
    gr_bt_unit *u = &x->b->units[x->unit[p]];
    if (!gr_bt_arm_hit(e->arm, u))
        return;
    int w = when_ok(x, e, p);
    if (!w)
        return;
    char buf[96];
    if (w < 0) { /* a condition the table settles: said, not applied */
        if (e->position)
            say(x, p, "%s if beyond close range or fortified", position_text(e->position));
        return;
    }
    int n = e->stands;
    if (e->per_point) {
        int d = abs(x->score) - e->beyond;
        n += d > 0 ? d : 0;
    }
    if (n > 0) {
        n = bt_lose_stands(u, n);
        say(x, p, "remove %d %sstand%s", n, u->arm == GR_BT_ARTILLERY ? "gun " : "",
            n > 1 ? "s" : "");
    }
    if (e->gun_stands_lost > 0) {
        int k = bt_lose_stands(u, e->gun_stands_lost);
        say(x, p, "remove %d gun stand%s (destroyed)", k, k > 1 ? "s" : "");
    }
    if (e->gun_stands_silenced) {
        silence(u, e->gun_stands_silenced == GR_FX_ALL_OTHERS ? -1 : e->gun_stands_silenced);
        say(x, p, "%s silenced (%d of %d gun stands)",
            e->gun_stands_silenced == GR_FX_ALL_OTHERS ? "the other guns" : "1 gun stand",
            u->guns_silenced, gr_bt_unit_stands(u));
    }
    if (e->guns == GR_GUNS_SILENCED) {
        silence(u, -1);
        say(x, p, "guns silenced");
    } else if (e->guns == GR_GUNS_DESTROYED) {
        u->lost_phase += gr_bt_unit_stands(u);
        u->lost = u->stands;
        say(x, p, "fixed guns destroyed");
    }
    if (e->limber && !u->limbered) {
        u->limbered = 1;
        snprintf(u->formation, sizeof u->formation, "limbered");
        say(x, p, "limber");
    }
    if (e->disorder == GR_FX_DISORDERED && u->arm != GR_BT_ARTILLERY) {
        if (!u->disordered)
            say(x, p, "disordered");
        u->disordered = 1;
    } else if (e->disorder == GR_FX_RALLIED) {
        u->disordered = 0;
        u->broken = 0;
        say(x, p, "back in good order");
    } else if (e->disorder == GR_FX_STAYS_DISORDERED) {
        say(x, p, "stays disordered");
    }
    if (e->broken > 0) {
        u->broken = 1;
        u->disordered = 1;
        say(x, p, "broken");
    } else if (e->broken < 0 && u->broken) {
        u->broken = 0;
        say(x, p, "reforms (no longer broken)");
    }
    if (e->retreat)
        say(x, p, "%s", retreat_text(e, u, buf, sizeof buf));
    if (e->position) {
        say(x, p, "%s", position_text(e->position));
        if (e->position == GR_POS_BREAKTHROUGH && !x->combat2)
            u->sys[RFF_U_BREAKTHROUGH] = 1;
    }
    if (e->fires)
        say(x, p, "may fire");
    if (e->removed) {
        u->removed = 1;
        say(x, p, "remove it from play");
    }
}

/* Apply the effect lines of table step s to the parties. */
static void apply_step(fx *x, const gr_step *s, int opposed)
{
    const gr_table *t = s->table;
    if (!t->effects)
        return;
    for (int p = 0; p < 2; p++)
        if (x->unit[p] >= 0) {
            const gr_bt_unit *u = &x->b->units[x->unit[p]];
            x->was_dis[p] = u->arm == GR_BT_ARTILLERY ? u->guns_silenced > 0 : u->disordered;
            x->was_damaged[p] = u->guns == GR_GUNS_DAMAGED;
        }
    x->score = s->score;
    const gr_effects *fxs = &t->effects[s->cell.outcome];
    for (size_t i = 0; i < fxs->n; i++) {
        const gr_effect *e = &fxs->lines[i];
        if (e->who == GR_FX_TARGET || e->who == GR_FX_EACH)
            apply_line(x, e, 0);
        if (opposed && (e->who == GR_FX_ATTACKER || e->who == GR_FX_EACH))
            apply_line(x, e, 1);
    }
}

/* A Leader loss step read for leader l. */
static void apply_leader(gr_battle *b, int l, const gr_step *s, gr_bt_outcome *out)
{
    gr_bt_leader *ld = &b->leaders[l];
    const gr_outcome *o = &s->table->outcomes[s->cell.outcome];
    const gr_effects *fxs = &s->table->effects[s->cell.outcome];
    int what = fxs->n ? fxs->lines[0].leader : GR_LEADER_NONE;
    switch (what) {
    case GR_LEADER_REMOVED:
        ld->status = !strcmp(o->id, "killed") ? GR_BT_KILLED : GR_BT_WOUNDED;
        ld->attached = -1;
        bt_instr(out, "%s: %s (leader loss %d): remove him from play", ld->name, o->label,
                 s->score);
        break;
    case GR_LEADER_REMOVED_TURN:
        ld->status = GR_BT_OUT_OF_ACTION;
        ld->back_turn = b->turn + 1;
        ld->attached = -1;
        bt_instr(out, "%s: %s (leader loss %d): remove him until turn %d", ld->name, o->label,
                 s->score, ld->back_turn);
        break;
    case GR_LEADER_ON_FOOT:
        bt_instr(out, "%s: %s (leader loss %d): on foot for one turn (command radius 10 cm)",
                 ld->name, o->label, s->score);
        break;
    default:
        bt_instr(out, "%s: %s (leader loss %d): no effect", ld->name, o->label, s->score);
        break;
    }
}

static int64_t value(const gr_resolution *r, const char *key, int64_t dflt)
{
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, key))
            return r->values[i].i;
    return dflt;
}

static int fact(const gr_bt_call *c, const char *k)
{
    const char *v = gr_bt_call_get(c, k);
    return v && (!strcmp(v, "1") || !strcmp(v, "yes") || !strcmp(v, "true") || !v[0]);
}

/* Units with no stand left leave play; their leaders are detached. */
static void sweep(gr_battle *b, gr_bt_outcome *out)
{
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        if (u->removed || gr_bt_unit_stands(u) > 0)
            continue;
        u->removed = 1;
        bt_instr(out, "%s: no stand left: remove it from play", u->name);
        for (int l = 0; l < b->nleaders; l++)
            if (b->leaders[l].attached == i) {
                b->leaders[l].attached = -1;
                bt_instr(out, "%s: detached (his regiment is gone)", b->leaders[l].name);
            }
    }
}

static void flush(fx *x)
{
    flush_party(x, 0);
    flush_party(x, 1);
}

static gr_status apply_maneuver(fx *x, const gr_resolution *r)
{
    gr_bt_unit *u = &x->b->units[x->unit[0]];
    const gr_step *s = &r->steps[0];
    int good = !(u->disordered || u->broken) || u->arm == GR_BT_ARTILLERY;
    const char *id = s->table->outcomes[s->cell.outcome].id;
    const gr_effects *fxs = &s->table->effects[s->cell.outcome];
    int col = RFF_BT_COL_OTHER;
    for (size_t i = 0; i < fxs->n; i++)
        if (fxs->lines[i].column == GR_COLUMN_WELL_EXECUTED)
            col = RFF_BT_COL_WELL;
        else if (fxs->lines[i].column == GR_COLUMN_DELAYED)
            col = RFF_BT_COL_DELAYED;
    if (col == RFF_BT_COL_OTHER && good && !strcmp(id, "shocked") && u->arm != GR_BT_ARTILLERY)
        col = RFF_BT_COL_SHOCKED;
    say(x, 0, "%s (%s, score %d)", s->table->outcomes[s->cell.outcome].label, id, s->score);
    apply_step(x, s, 0);
    u->sys[RFF_U_COLUMN] = col;
    int64_t cm = value(r, "move_cm", -1);
    if (cm >= 0)
        say(x, 0, "may move up to %lld%s cm%s", (long long)(cm / GR_MILLI),
            cm % GR_MILLI ? ".5" : "", !strcmp(id, "forced_march") ? " (forced march)" : "");
    if (col == RFF_BT_COL_SHOCKED)
        say(x, 0, "cavalry may counter-charge at half a move");
    u->fired = 1;
    flush(x);
    return GR_OK;
}

static gr_status apply_fire(fx *x, const gr_resolution *r, int cannon, gr_bt_outcome *out)
{
    x->suffix[1] = " (firer)";
    gr_battle *b = x->b;
    gr_bt_unit *f = &b->units[x->unit[1]], *t = &b->units[x->unit[0]];
    x->cannonade = cannon;
    /* The leader a natural 10 tests: the one attached to the target (the
     * nearest, at the target), else the one the players named. */
    int tested = gr_battle_attached_leader(b, x->unit[0]);
    if (tested < 0)
        tested = x->c->leader;
    const gr_step *s = &r->steps[0];
    say(x, 0, "%s (score %d)", s->table->outcomes[s->cell.outcome].label, s->score);
    apply_step(x, s, 0);
    int charging = t->sys[RFF_U_CHARGE] || t->sys[RFF_U_COUNTER];
    if (charging) {
        /* The row's charge effect (Tir mortel covers three rows: « Charge
         * stoppée. Charge stoppée ou charge à fond si Baïonnette/Sabre.
         * Charge à fond. »), read from the cell, said with its words. */
        const char *row = NULL;
        for (int i = 0; i < s->cell.nfields; i++)
            if (!strcmp(s->cell.fields[i].key, "charge") && s->cell.fields[i].kind == GR_F_STR)
                row = s->cell.fields[i].s;
        if (row && !strcmp(row, "stopped_unless_bayonet"))
            say(x, 0, "« Charge stoppée ou charge à fond si Baïonnette/Sabre »: %s",
                t->sys[RFF_U_BAYONET] ? "with bayonet/sabre" : "without bayonet/sabre");
        else if (row)
            say(x, 0, "« %s »", !strcmp(row, "stopped") ? "Charge stoppée" : "Charge à fond");
        if (value(r, "charge_stopped", 0)) {
            t->sys[RFF_U_CHARGE] = t->sys[RFF_U_COUNTER] = t->sys[RFF_U_BAYONET] = 0;
            say(x, 0,
                "charge stopped: fall back to 5 cm from the target; cavalry may be recalled "
                "a full move");
        } else {
            say(x, 0, "charge home: the melee is resolved in the charge phase");
        }
    }
    /* « Cible en masse »: a result with an effect (not « Tir sans effet », nor
     * « Tir nourri » from musketry: « Pas d'effet de mousqueterie ») is due
     * to each unit within 5cm behind the target, directly after. */
    const char *oid = s->table->outcomes[s->cell.outcome].id;
    b->sys[RFF_B_MASSED] = 0;
    if (fact(x->c, "massed") && strcmp(oid, "no_effect") && (cannon || strcmp(oid, "heavy"))) {
        b->sys[RFF_B_MASSED] = x->unit[0] + 1;
        b->sys[RFF_B_MASSED_OUTCOME] = s->cell.outcome;
        b->sys[RFF_B_MASSED_SCORE] = s->score;
        b->sys[RFF_B_MASSED_CANNON] = cannon;
        for (int i = 0; i < b->nunits; i++)
            b->units[i].sys[RFF_U_MARKS] &= ~RFF_M_MASSED;
        say(x, 0,
            "the units within 5 cm behind it take the same effect directly after: massed_effect "
            "UNIT for each");
    }
    if (value(r, "low_ammunition", 0)) {
        f->ammo = 1;
        say(x, 1, "low on ammunition (natural 10): fire points x 1/2 until resupplied");
    }
    f->fired = 1;
    flush(x);
    for (int i = 1; i < r->nsteps; i++)
        if (!strcmp(r->steps[i].table->name, "leader_loss") && tested >= 0)
            apply_leader(b, tested, &r->steps[i], out);
    if (value(r, "natural_10", 0) && tested < 0 && !fact(x->c, "no-leader-near")) {
        /* The companion does not know who is within 10cm: the test is due. */
        b->sys[RFF_B_LEADER_DUE] = x->unit[0] + 1;
        bt_instr(out,
                 "natural 10: a leader-loss test is due (Perte de chef) for %s's leader "
                 "nearest to %s within 10cm, if any: leader_loss {leader} ID in this step "
                 "(rolled, or {roll} N), before next",
                 b->side_name[t->side], t->name);
    }
    sweep(b, out);
    return GR_OK;
}

static gr_status apply_charge(fx *x, const gr_resolution *r, gr_bt_outcome *out)
{
    x->suffix[0] = " (defender)";
    x->suffix[1] = " (attacker)";
    gr_battle *b = x->b;
    gr_bt_unit *a = &b->units[x->unit[1]], *d = &b->units[x->unit[0]];
    x->combat2 = rff_bt_step(b) == RFF_PH_BREAKTHROUGH;
    /* « Désordre si charge par terrain handicapant ou difficile »: the
     * cavalry charge's going, or the players' (the table's) word that the
     * charge went through such ground (`rough-charge`, any arm) */
    const char *ter = gr_bt_call_get(x->c, "terrain");
    x->rough =
        (ter && (!strcmp(ter, "rough") || !strcmp(ter, "difficult"))) || fact(x->c, "rough-charge");
    x->flanked[0] = fact(x->c, "defender-flanked");
    x->flanked[1] = fact(x->c, "attacker-flanked");
    x->fortified = fact(x->c, "fortified");
    /* The leaders attached before the fight: they are the ones tested. */
    int lead[2] = {gr_battle_attached_leader(b, x->unit[0]),
                   gr_battle_attached_leader(b, x->unit[1])};
    const char *last = NULL;
    for (int i = 0; i < r->nsteps; i++) {
        const gr_step *s = &r->steps[i];
        if (strcmp(s->table->name, "charge"))
            continue;
        last = s->table->outcomes[s->cell.outcome].id;
        say(x, 0, "%s%s (difference %d)", i ? "then " : "",
            s->table->outcomes[s->cell.outcome].label, s->score);
        apply_step(x, s, 1);
    }
    a->fired = 1;
    a->sys[RFF_U_CHARGE] = a->sys[RFF_U_BAYONET] = 0;
    if (x->combat2)
        a->sys[RFF_U_BREAKTHROUGH] = a->sys[RFF_U_BT_TARGET] = 0;
    if (d->sys[RFF_U_COUNTER] == x->unit[1] + 1)
        d->sys[RFF_U_COUNTER] = d->sys[RFF_U_BAYONET] = 0;
    flush(x);
    for (int i = 0; i < r->nsteps; i++)
        if (!strcmp(r->steps[i].table->name, "leader_loss") && last) {
            int p = !strcmp(last, "swept_away") ? 0 : 1;
            if (lead[p] >= 0)
                apply_leader(b, lead[p], &r->steps[i], out);
        }
    sweep(b, out);
    return GR_OK;
}

/* « Cible en masse »: unit u, within 5cm behind the target of the fire
 * just made, takes its result (the same EFFETS row, at the fire's score:
 * « perte d'un socle supp. si 15 ou plus »), read for its own arm and its
 * own state (« si déjà en désordre »); the fire's charge effect and its
 * natural 10 stay the target's and the firer's. */
static void apply_massed(gr_battle *b, int u, gr_bt_outcome *out)
{
    const gr_system *sys = gr_system_find("rff");
    const gr_table *t = sys ? gr_system_table(sys, "musketry") : NULL;
    if (!t)
        return;
    gr_step s;
    memset(&s, 0, sizeof s);
    s.table = t;
    s.cell.outcome = b->sys[RFF_B_MASSED_OUTCOME];
    s.score = b->sys[RFF_B_MASSED_SCORE];
    fx x = {0};
    x.b = b;
    x.out = out;
    x.unit[0] = u;
    x.unit[1] = -1;
    x.close = -1;
    x.cannonade = b->sys[RFF_B_MASSED_CANNON];
    x.suffix[0] = " (behind the target)";
    say(&x, 0, "« Cible en masse », within 5 cm behind %s: %s", b->units[b->sys[RFF_B_MASSED] - 1].name,
        t->outcomes[s.cell.outcome].label);
    apply_step(&x, &s, 0);
    b->units[u].sys[RFF_U_MARKS] |= RFF_M_MASSED;
    flush(&x);
    sweep(b, out);
}

static gr_status apply_noroll(gr_battle *b, const gr_bt_call *c, gr_bt_outcome *out)
{
    const char *v = c->verb;
    gr_bt_unit *u = c->unit >= 0 ? &b->units[c->unit] : NULL;
    gr_bt_leader *l = c->leader >= 0 ? &b->leaders[c->leader] : NULL;
    if (!strcmp(v, "attach")) {
        l->attached = c->unit;
        bt_instr(out, "%s: attached to %s (+1 Chef attaché)", l->name, u->name);
    } else if (!strcmp(v, "detach")) {
        bt_instr(out, "%s: detached from %s", l->name, b->units[l->attached].name);
        l->attached = -1;
    } else if (!strcmp(v, "replace")) {
        int n = 0;
        for (int i = 0; i < b->nunits; i++)
            if (b->units[i].leader == c->leader) {
                b->units[i].sys[RFF_U_PROVISIONAL] = 1;
                n++;
            }
        bt_instr(out,
                 "%s: replaced by a provisional commander (%d regiment%s: -1 Commandant "
                 "provisoire)",
                 l->name, n, n == 1 ? "" : "s");
    } else if (!strcmp(v, "declare")) {
        u->sys[RFF_U_CHARGE] = c->target + 1;
        u->sys[RFF_U_BAYONET] = fact(c, "bayonet");
        bt_instr(out, "%s: charges %s%s; move the charge first", u->name, b->units[c->target].name,
                 u->sys[RFF_U_BAYONET] ? " with bayonet/sabre" : "");
    } else if (!strcmp(v, "countercharge")) {
        u->sys[RFF_U_COUNTER] = c->target + 1;
        u->sys[RFF_U_BAYONET] = fact(c, "sabre");
        bt_instr(out,
                 "%s: counter-charges %s%s; move it with the charges, before the other "
                 "moves (Mouvements de charges et contre charges en premier)",
                 u->name, b->units[c->target].name, u->sys[RFF_U_BAYONET] ? " with sabre" : "");
    } else if (!strcmp(v, "breakthrough")) {
        /* « perce sur 1/2 mouvement vers ennemi plus proche »: half the
         * full move of its formation's row, clear ground. */
        int cm = clear_cm(u, 0);
        char half[16];
        snprintf(half, sizeof half, "%d%s", cm / 2, cm % 2 ? ".5" : "");
        if (c->target >= 0) {
            u->sys[RFF_U_BT_TARGET] = c->target + 1;
            bt_instr(out,
                     "%s: breakthrough move, half a move (%s cm in the open) toward %s, the "
                     "nearest enemy; resolve the breakthrough next: charge %s {target} %s",
                     u->name, half, b->units[c->target].name, u->id, b->units[c->target].id);
        } else {
            u->sys[RFF_U_BREAKTHROUGH] = 0;
            bt_instr(out,
                     "%s: breakthrough move, half a move (%s cm in the open) toward the "
                     "nearest enemy; it reaches none: no breakthrough combat",
                     u->name, half);
        }
    } else if (!strcmp(v, "form")) {
        const char *to = gr_bt_call_get(c, "formation");
        snprintf(u->formation, sizeof u->formation, "%s", to);
        if (u->arm == GR_BT_ARTILLERY)
            u->limbered = !strcmp(to, "limbered");
        bt_instr(out, "%s: now in %s", u->name, to);
    } else if (!strcmp(v, "rally")) {
        u->guns_silenced = 0;
        u->guns = GR_GUNS_NONE;
        bt_instr(out, "%s: the guns rally (no gun stand silenced)", u->name);
    } else if (!strcmp(v, "massed_effect")) {
        apply_massed(b, c->unit, out);
    } else if (!strcmp(v, "prolonge")) {
        int cm = -1, adv = !strcmp(gr_bt_call_get(c, "direction"), "advance");
        rff_bt_gun_may(u, "well_executed", adv ? "prolonge_advance" : "prolonge_retire", &cm);
        u->sys[RFF_U_MARKS] |= RFF_M_NO_FIRE;
        if (adv)
            bt_instr(out, "%s: advances %d cm at the prolonge, unlimbered; no fire this turn (pas "
                          "de tir)",
                     u->name, cm);
        else {
            int full = clear_cm(u, 0);
            bt_instr(out, "%s: retires half a move at the prolonge (%d%s cm in the open), "
                          "unlimbered; no fire this turn (pas de tir)",
                     u->name, full / 2, full % 2 ? ".5" : "");
        }
    } else if (!strcmp(v, "limber_retreat")) {
        u->limbered = 1;
        snprintf(u->formation, sizeof u->formation, "limbered");
        silence(u, -1);
        bt_instr(out, "%s: limbers, retreats a full move (%d cm in the open), guns silenced", u->name,
                 clear_cm(u, 0));
    } else if (!strcmp(v, "resupply")) {
        u->ammo = 0;
        bt_instr(out, "%s: resupplied with ammunition", u->name);
    }
    return GR_OK;
}

gr_status rff_bt_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                       const gr_resolution *r, gr_bt_outcome *out, gr_error *err)
{
    if (!r)
        return apply_noroll(b, c, out);
    if (!strcmp(v->name, "leader_loss")) {
        b->sys[RFF_B_LEADER_DUE] = 0;
        apply_leader(b, c->leader, &r->steps[0], out);
        return GR_OK;
    }
    fx x = {0};
    x.b = b;
    x.c = c;
    x.out = out;
    x.unit[0] = c->target >= 0 ? c->target : c->unit;
    x.unit[1] = c->target >= 0 ? c->unit : -1;
    const char *cl = gr_bt_call_get(c, "close");
    x.close = !cl ? -1 : (!strcmp(cl, "yes") || !strcmp(cl, "1") || !strcmp(cl, "true"));
    x.fortified = fact(c, "fortified");
    if (!strcmp(v->name, "maneuver"))
        return apply_maneuver(&x, r);
    if (!strcmp(v->name, "musketry") || !strcmp(v->name, "cannonade"))
        return apply_fire(&x, r, !strcmp(v->name, "cannonade"), out);
    if (!strcmp(v->name, "charge"))
        return apply_charge(&x, r, out);
    return gr_error_set(err, GR_ERUNTIME, "rff: no apply for verb %s", v->name);
}
