/* bt_aoe_apply.c - L'Âge des Aigles's companion: a result's effects
 * (effect.h) applied to the battle's state, the instructions for the table,
 * and what a new phase clears or brings back.  The sequence of play, the
 * verbs and their inputs are in bt_aoe.c; the readings in docs/rules/aoe.md,
 * "The battle companion". */
#include "bt_aoe.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- apply: the effects on the state, the instructions for the table ---- */

/* The instructions for one unit, gathered then written as one line. */
typedef struct note {
    int unit; /* -1: a line of its own */
    char text[GR_BT_INSTR];
} note;

typedef struct notes {
    int n;
    note line[GR_BT_MAX_INSTR];
} notes;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
say(notes *ns, int unit, const char *fmt, ...)
{
    note *x = NULL;
    for (int i = 0; i < ns->n && unit >= 0; i++)
        if (ns->line[i].unit == unit)
            x = &ns->line[i];
    if (!x) {
        if (ns->n >= GR_BT_MAX_INSTR)
            return;
        x = &ns->line[ns->n++];
        x->unit = unit;
        x->text[0] = '\0';
    }
    size_t len = strlen(x->text);
    if (len && len < sizeof x->text - 2) {
        memcpy(x->text + len, "; ", 3);
        len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->text + len, sizeof x->text - len, fmt, ap);
    va_end(ap);
}

static void flush(const gr_battle *b, const notes *ns, gr_bt_outcome *out)
{
    for (int i = 0; i < ns->n && out->ninstr < GR_BT_MAX_INSTR; i++) {
        char *dst = out->instr[out->ninstr++];
        int w = ns->line[i].unit >= 0 ? snprintf(dst, GR_BT_INSTR, "%s: %s",
                                                 b->units[ns->line[i].unit].name, ns->line[i].text)
                                      : snprintf(dst, GR_BT_INSTR, "%s", ns->line[i].text);
        if (w >= GR_BT_INSTR) /* a long name: the line is cut, marked */
            memcpy(dst + GR_BT_INSTR - 4, "...", 4);
    }
}

static void inches(int64_t milli, char *buf, size_t cap)
{
    gr_milli_str(milli, buf, cap);
}

/* Lose n stands: the unit is removed when none is left. */
static void lose_stands(gr_battle *b, int ui, int n, int in_fire, notes *ns)
{
    gr_bt_unit *u = &b->units[ui];
    if (n <= 0)
        return;
    n = bt_lose_stands(u, n);
    if (in_fire)
        u->sys[U_LOST_FIRE] += n;
    int before = u->condition;
    gr_battle_condition_update(u);
    say(ns, ui, "remove %d stand%s (%d left)", n, n > 1 ? "s" : "", gr_bt_unit_stands(u));
    if (gr_bt_unit_stands(u) == 0) {
        u->removed = 1;
        say(ns, ui, "no stand left: remove the brigade from play");
        for (int i = 0; i < b->nleaders; i++)
            if (b->leaders[i].attached == ui) {
                b->leaders[i].attached = -1;
                say(ns, -1, "%s: his brigade is gone; he is detached", b->leaders[i].name);
            }
    } else if (u->condition != before && u->arm != GR_BT_ARTILLERY) {
        say(ns, ui, "%s",
            u->condition == GR_BT_SPENT  ? "now spent (« épuisée »: -2 in combat and movement)"
            : u->condition == GR_BT_WORN ? "no longer fresh (« fraîche » +2 lost)"
                                         : "fresh");
    }
}

static void guns(gr_battle *b, int ui, int what, notes *ns)
{
    gr_bt_unit *u = &b->units[ui];
    switch (what) {
    case GR_GUNS_SILENCED:
        u->guns_silenced = 1;
        u->sys[U_SILENCED_SEG] = bt_aoe_segment_no(b);
        if (u->guns == GR_GUNS_NONE)
            u->guns = GR_GUNS_SILENCED;
        say(ns, ui,
            "battery silenced: it cannot fire; withdraw it at least half speed beyond musketry "
            "range or out of the lines of fire; it rallies in its next friendly segment");
        break;
    case GR_GUNS_DAMAGED:
        if (u->guns == GR_GUNS_DAMAGED) {
            say(ns, ui, "battery damaged again: no further effect printed (stays damaged, x1/2)");
            break;
        }
        u->guns = GR_GUNS_DAMAGED;
        say(ns, ui, "battery damaged (its fire power x1/2 from now on)");
        break;
    case GR_GUNS_CAPTURED:
        u->guns = GR_GUNS_CAPTURED;
        u->removed = 1;
        say(ns, ui, "battery captured: remove it from play");
        break;
    default: break;
    }
}

static void retreat_text(const gr_bt_unit *u, const gr_effect *e, notes *ns, int ui)
{
    char full[16], half[16];
    int64_t sp = bt_aoe_nominal_speed(u);
    inches(sp, full, sizeof full);
    inches(sp / 2, half, sizeof half);
    switch ((gr_fx_retreat)e->retreat) {
    case GR_RETREAT_TO_DISTANCE:
        say(ns, ui, "retreat to %d inches from the enemy", e->distance);
        break;
    case GR_RETREAT_DISTANCE: say(ns, ui, "retreat %d inches", e->distance); break;
    case GR_RETREAT_FULL_MOVE: say(ns, ui, "retreat at full speed (%s inches)", full); break;
    case GR_RETREAT_HALF_MOVE: say(ns, ui, "retreat half speed (%s inches)", half); break;
    case GR_RETREAT_BEYOND_MUSKET: say(ns, ui, "fall back out of musketry range"); break;
    case GR_RETREAT_BEYOND_MUSKET_OR_HALF:
        say(ns, ui,
            "retreat beyond musketry/skirmisher range or half speed (%s inches), whichever is "
            "further",
            half);
        break;
    default: break;
    }
}

typedef struct ctx {
    int combat;     /* 1: an opposed combat (attacker/defender) */
    int in_fire;    /* 1: losses count as "pendant les tirs" */
    int score;      /* the combat's score difference */
    int won_vs_cav; /* the defender is infantry in the open against cavalry */
    int64_t allow;  /* a movement test's allowance in milli-inches, -1 none */
} ctx;

/* Apply one effect line to unit ui. */
static void effect_on(gr_battle *b, int ui, const gr_effect *e, const ctx *k, notes *ns)
{
    gr_bt_unit *u = &b->units[ui];
    if (u->removed || !gr_bt_arm_hit((e)->arm, u))
        return;
    int leader = -1;
    bt_aoe_attached_rating(b, ui, &leader);
    switch (e->when) {
    case GR_FX_ALWAYS: break;
    case GR_FX_IF_LEADER:
        if (leader < 0)
            return;
        break;
    case GR_FX_IF_WON_VS_CAVALRY_IN_OPEN:
        if (!k->won_vs_cav)
            return;
        break;
    case GR_FX_IF_REGULAR:
        if (!strcmp(u->quality, "other") || !u->quality[0])
            return;
        break;
    case GR_FX_IF_DISORDERED:
        if (!u->disordered)
            return;
        break;
    default: {
        char buf[GR_BT_INSTR];
        gr_effect_text(e, "inches", k->combat, buf, sizeof buf);
        say(ns, ui, "if it applies: %s", buf);
        return;
    }
    }
    if (e->disorder == GR_FX_DISORDERED || e->disorder == GR_FX_STAYS_DISORDERED) {
        if (u->arm == GR_BT_ARTILLERY)
            guns(b, ui, GR_GUNS_SILENCED, ns);
        else {
            say(ns, ui,
                e->disorder == GR_FX_STAYS_DISORDERED || u->disordered ? "stays in disorder"
                                                                       : "disordered");
            u->disordered = 1;
        }
    } else if (e->disorder == GR_FX_RALLIED) {
        if (u->disordered)
            say(ns, ui, "rallied (good order)");
        u->disordered = 0;
    }
    if (e->guns)
        guns(b, ui, e->guns, ns);
    if (e->retreat)
        retreat_text(u, e, ns, ui);
    int n = e->stands;
    if (e->per_point) {
        int over = (k->score < 0 ? -k->score : k->score) - e->beyond;
        if (over > 0)
            n += over;
    }
    if (n)
        lose_stands(b, ui, n, k->in_fire, ns);
    if (e->removed) {
        u->removed = 1;
        say(ns, ui, "routs: remove it from play");
    }
    if (e->square && !u->removed) {
        say(ns, ui, "%s", strcmp(u->formation, "square") ? "forms square" : "stays in square");
        if (strcmp(u->formation, "square"))
            u->sys[U_FORMATION] |= FORM_CHANGED;
        snprintf(u->formation, sizeof u->formation, "square");
    }
    switch (e->position) {
    case GR_POS_HOLDS: say(ns, ui, "holds its position"); break;
    case GR_POS_CARRIES: say(ns, ui, "occupies the position the enemy left"); break;
    case GR_POS_BREAKTHROUGH:
        u->sys[U_COMBAT] |= CB_BREAKTHROUGH;
        say(ns, ui, "breaks through: charges at half speed toward the nearest enemy unit");
        break;
    case GR_POS_CARRIES_OR_BREAKTHROUGH:
        u->sys[U_COMBAT] |= CB_BREAKTHROUGH;
        say(ns, ui,
            "occupies the position the enemy left, or breaks through: charges at half speed "
            "toward the nearest enemy unit");
        break;
    default: break;
    }
    if ((e->move == GR_MOVE_FULL || e->move == GR_MOVE_HALF) && k->allow == 0)
        say(ns, ui,
            "no movement this segment: its deployment or the units it passes through "
            "take the whole allowance (Table des vitesses)");
    else if (e->move == GR_MOVE_FULL || e->move == GR_MOVE_HALF) {
        char sp[16];
        int64_t full = bt_aoe_nominal_speed(u);
        inches(k->allow > 0 ? k->allow : e->move == GR_MOVE_HALF ? full / 2 : full, sp, sizeof sp);
        say(ns, ui, "%s (up to %s inches%s)",
            e->move == GR_MOVE_HALF ? "moves at half speed" : "moves normally", sp,
            k->allow > 0 ? "" : ", terrain aside");
    }
    switch (e->move) {
    case GR_MOVE_NONE: say(ns, ui, "no movement"); break;
    default: break;
    }
    if (e->formation < 0) {
        u->sys[U_FORMATION] |= FORM_FROZEN;
        say(ns, ui, "may not change formation");
    }
    if (e->leader == GR_LEADER_CAPTURED && leader >= 0) {
        gr_bt_leader *l = &b->leaders[leader];
        l->status = GR_BT_CAPTURED;
        l->attached = -1;
        say(ns, -1, "%s is captured: remove him", l->name);
    }
}

static const gr_effects *step_effects(const gr_step *s)
{
    if (!s->table || !s->table->effects || s->cell.outcome < 0 ||
        (size_t)s->cell.outcome >= s->table->noutcomes)
        return NULL;
    return &s->table->effects[s->cell.outcome];
}

static const gr_step *find_step(const gr_resolution *r, const char *what)
{
    for (int i = 0; i < r->nsteps; i++)
        if (!strcmp(r->steps[i].what, what))
            return &r->steps[i];
    return NULL;
}

static const char *outcome_label(const gr_step *s)
{
    return s->table->outcomes[s->cell.outcome].label;
}

/* The Généraux touchés result s for leader l: « 5 - Général hors de combat,
 * remplacé après un Tour ». */
static void general_hit_result(gr_battle *b, int l, const gr_step *s, notes *ns)
{
    const gr_effects *gx = step_effects(s);
    gr_bt_leader *x = &b->leaders[l];
    int hit = 0;
    for (size_t i = 0; gx && i < gx->n; i++)
        if (gx->lines[i].leader == GR_LEADER_OUT_OF_ACTION) {
            hit = 1;
            x->status = GR_BT_OUT_OF_ACTION;
            x->attached = -1;
            x->back_turn = b->turn + 1;
            say(ns, -1,
                "%s is out of action (« hors de combat »): take him off; he is replaced "
                "after a turn (back in turn %d)",
                x->name, x->back_turn);
        }
    if (!hit)
        say(ns, -1, "%s is unharmed", x->name);
}

static gr_status apply_fire(gr_battle *b, const gr_bt_call *c, const gr_resolution *r, notes *ns)
{
    gr_bt_unit *u = &b->units[c->unit], *t = &b->units[c->target];
    u->fired = 1;
    if (u->arm == GR_BT_ARTILLERY && u->side == bt_aoe_phasing_side(b))
        u->sys[U_ART_ACTIONS]++;
    const gr_step *s = find_step(r, "Fire");
    if (!s)
        return GR_OK;
    /* The generals attached before the result: the fire's own check is
     * for the best of them (prep_fire's --general), even if the result
     * destroys the brigade and detaches them. */
    int checked = -1, others[GR_BT_MAX_LEADERS], nothers = 0;
    bt_aoe_attached_rating(b, c->target, &checked);
    for (int i = 0; i < b->nleaders; i++)
        if (i != checked && b->leaders[i].attached == c->target &&
            gr_bt_leader_active(&b->leaders[i]))
            others[nothers++] = i;
    int lost_before = t->lost;
    say(ns, -1, "%s fires at %s: %s (score %d)", u->name, t->name, outcome_label(s), s->score);
    ctx k = {.in_fire = 1, .allow = -1};
    const gr_effects *fx = step_effects(s);
    for (size_t i = 0; fx && i < fx->n; i++)
        if (fx->lines[i].who == GR_FX_TARGET)
            effect_on(b, c->target, &fx->lines[i], &k, ns);
    const gr_step *g = find_step(r, "General hit");
    if (g && checked >= 0)
        general_hit_result(b, checked, g, ns);
    /* Every general attached to the brigade hit is checked
     * (docs/rules/aoe.md); the fire's procedure checks one: the others'
     * checks are due, made with `general_hit`. */
    if (t->lost > lost_before)
        for (int i = 0; i < nothers; i++) {
            bt_aoe_gh_set_due(b, others[i], 1);
            say(ns, -1,
                "%s is attached to %s too: his Généraux touchés check is due; make it now: "
                "`general_hit --leader %s` (D10: {roll} N, or the battle's dice)",
                b->leaders[others[i]].name, t->name, b->leaders[others[i]].id);
        }
    return GR_OK;
}

static gr_status apply_general_hit(gr_battle *b, const gr_bt_call *c, const gr_resolution *r,
                                   notes *ns)
{
    const gr_step *g = find_step(r, "General hit");
    bt_aoe_gh_set_due(b, c->leader, 0);
    if (!g)
        return GR_OK;
    say(ns, -1, "%s, Généraux touchés: %s (score %d)", b->leaders[c->leader].name, outcome_label(g),
        g->score);
    general_hit_result(b, c->leader, g, ns);
    return GR_OK;
}

static gr_status apply_combat(gr_battle *b, const gr_bt_call *c, const gr_resolution *r, notes *ns)
{
    gr_bt_unit *a = &b->units[c->unit], *d = &b->units[c->target];
    a->fired = 1;
    a->sys[U_COMBAT] &= ~CB_BREAKTHROUGH;
    const gr_step *s = find_step(r, "Combat");
    if (!s)
        return GR_OK;
    say(ns, -1, "%s against %s: %s (difference %+d)", a->name, d->name, outcome_label(s), s->score);
    const char *cover = gr_bt_call_get(c, "defender-cover");
    ctx k = {.combat = 1,
             .allow = -1,
             .score = s->score,
             .won_vs_cav = a->arm == GR_BT_CAVALRY && d->arm == GR_BT_INFANTRY &&
                           !(cover && strcmp(cover, "0"))};
    const gr_effects *fx = step_effects(s);
    /* « application simultanée des résultats »: both sides' lines. */
    /* The generals first: « un général est capturé si présent » takes the
     * general of a brigade that the same result destroys. */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; fx && i < fx->n; i++) {
            const gr_effect *e = &fx->lines[i];
            if ((e->leader != GR_LEADER_NONE) != (pass == 0))
                continue;
            if (e->who == GR_FX_TARGET || e->who == GR_FX_EACH)
                effect_on(b, c->target, e, &k, ns);
            if (e->who == GR_FX_ATTACKER || e->who == GR_FX_EACH)
                effect_on(b, c->unit, e, &k, ns);
        }
    return GR_OK;
}

static gr_status apply_movement(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                                const gr_resolution *r, notes *ns)
{
    gr_bt_unit *u = &b->units[c->unit];
    u->fired = 1;
    const gr_step *s = find_step(r, "Movement");
    if (!s)
        return GR_OK;
    say(ns, -1, "%s, %s test: %s (score %d)", u->name,
        strcmp(v->name, "reserve") ? "tactical movement" : "reserve movement", outcome_label(s),
        s->score);
    ctx k = {.allow = -1};
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, "allowance_inches"))
            k.allow = r->values[i].i;
    const gr_effects *fx = step_effects(s);
    for (size_t i = 0; fx && i < fx->n; i++)
        effect_on(b, c->unit, &fx->lines[i], &k, ns);
    if (!strcmp(v->name, "reserve")) {
        const char *id = s->table->outcomes[s->cell.outcome].id;
        int ok = !strcmp(id, "elan") || !strcmp(id, "success");
        int prev = u->sys[U_RES_TURN] == b->turn - 1 ? u->sys[U_RES_RESULT] : 0;
        u->sys[U_RES_RESULT] = ok ? 1 : (prev < 0 ? prev - 1 : -1);
        u->sys[U_RES_TURN] = b->turn;
        u->sys[U_RESERVE] |= RES_USED;
        say(ns, c->unit, "reserve movement used this segment: no fire nor combat started by it");
        if (ok)
            say(ns, -1,
                "%s: if its move ends within 18\" of an enemy it is in the tactical zone: `zone "
                "%s --to tactical`",
                u->name, u->id);
    }
    return GR_OK;
}

static gr_status apply_initiative(gr_battle *b, const gr_bt_call *c, const gr_resolution *r,
                                  notes *ns)
{
    int chooser = 0;
    for (int i = 0; i < r->nvalues; i++)
        if (!strcmp(r->values[i].key, "chooser"))
            chooser = (int)r->values[i].i;
    if (chooser != 1 && chooser != 2)
        return GR_OK;
    int side = chooser - 1;
    const char *ch = gr_bt_call_get(c, "choose");
    int second = ch && !strcmp(ch, "second");
    b->first = second ? 1 - side : side;
    b->sys[B_INITIATIVE_TURN] = b->turn;
    say(ns, -1,
        "the %s win the initiative and choose to be %s player: the %s are 1st player in "
        "turn %d",
        b->side_name[side], second ? "2nd" : "1st", b->side_name[b->first], b->turn);
    return GR_OK;
}

gr_status bt_aoe_apply(gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                       const gr_resolution *r, gr_bt_outcome *out, gr_error *err)
{
    (void)err;
    notes ns;
    ns.n = 0;
    gr_status st = GR_OK;
    switch (bt_aoe_verb_index(v)) {
    case V_INITIATIVE: st = apply_initiative(b, c, r, &ns); break;
    case V_ATTACH: {
        gr_bt_leader *l = &b->leaders[c->leader];
        l->attached = c->unit;
        say(&ns, -1, "%s attaches to %s", l->name, b->units[c->unit].name);
        break;
    }
    case V_DETACH: {
        gr_bt_leader *l = &b->leaders[c->leader];
        say(&ns, -1, "%s detaches from %s", l->name, b->units[l->attached].name);
        l->attached = -1;
        break;
    }
    case V_RESERVE:
    case V_MOVEMENT: st = apply_movement(b, v, c, r, &ns); break;
    case V_FORMATION: {
        gr_bt_unit *u = &b->units[c->unit];
        snprintf(u->formation, sizeof u->formation, "%s", gr_bt_call_get(c, "to"));
        u->sys[U_FORMATION] |= FORM_CHANGED;
        say(&ns, c->unit, "now in %s (changed formation this segment: +1 to fire at it)",
            u->formation);
        break;
    }
    case V_BATTERY: {
        gr_bt_unit *u = &b->units[c->unit];
        const char *a = gr_bt_call_get(c, "action");
        u->sys[U_ART_ACTIONS]++;
        if (!strcmp(a, "limber"))
            u->limbered = 1;
        else if (!strcmp(a, "unlimber"))
            u->limbered = 0;
        snprintf(u->formation, sizeof u->formation, "%s", u->limbered ? "limbered" : "unlimbered");
        say(&ns, c->unit, "%s (action %d of 2 this segment)%s", a, u->sys[U_ART_ACTIONS],
            !strcmp(a, "unlimber") ? "; only a general within 12\" may unlimber it" : "");
        break;
    }
    case V_FIRE: st = apply_fire(b, c, r, &ns); break;
    case V_COMBAT: st = apply_combat(b, c, r, &ns); break;
    case V_ZONE: {
        gr_bt_unit *u = &b->units[c->unit];
        u->in_reserve = !strcmp(gr_bt_call_get(c, "to"), "reserve");
        u->sys[U_RESERVE] |= RES_ZONE;
        say(&ns, c->unit, "now in the %s zone", u->in_reserve ? "reserve" : "tactical");
        if (!u->in_reserve && (u->sys[U_RESERVE] & RES_USED)) {
            u->sys[U_RESERVE] |= RES_ENTERED;
            say(&ns, c->unit,
                "it entered the tactical zone by reserve movement: it may not go back to the "
                "reserve zone this segment (seed 000)");
        }
        break;
    }
    case V_COUNTERCHARGE: {
        gr_bt_unit *u = &b->units[c->unit];
        const gr_bt_unit *t = &b->units[c->target];
        u->sys[U_COMBAT] |= (c->target + 1) << CB_SHIFT;
        say(&ns, c->unit,
            "counter-charges %s: move it to meet the charge; in their combat (`combat %s "
            "--target %s`) it takes no « cavalerie ne contre-chargeant pas » -2",
            t->name, t->id, u->id);
        break;
    }
    case V_GENERAL_HIT: st = apply_general_hit(b, c, r, &ns); break;
    case V_CRITICAL: {
        int k = gr_bt_call_get(c, "side")[0] - '0';
        b->sys[B_CRITICAL_0 + k] = atoi(gr_bt_call_get(c, "levels"));
        say(&ns, -1,
            "the %s's army has reached or passed %d critical level%s: %+d to its initiative "
            "roll (« -1 Par niveau critique atteint ou dépassé »)",
            b->side_name[k], b->sys[B_CRITICAL_0 + k], b->sys[B_CRITICAL_0 + k] > 1 ? "s" : "",
            -b->sys[B_CRITICAL_0 + k]);
        break;
    }
    default: break;
    }
    flush(b, &ns, out);
    return st;
}

/* ---- phase_begins ------------------------------------------------------------ */

void bt_aoe_phase_begins(gr_battle *b)
{
    int k = b->phase;
    /* A Généraux touchés check is made in the fire phase it falls in. */
    b->sys[B_GH_DUE_LO] = b->sys[B_GH_DUE_HI] = 0;
    if (k != PH_S1_LEADERS && k != PH_S2_LEADERS)
        return;
    /* A segment begins: what lasts a segment is cleared; the phasing
     * side's silenced batteries rally (« Est ralliée au Segment ami
     * suivant »), its generals out of action for a turn are replaced. */
    int side = bt_aoe_phasing_side(b), seg = bt_aoe_segment_no(b);
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        u->sys[U_LOST_FIRE] = 0;
        u->sys[U_RESERVE] &= RES_ZONE;
        u->sys[U_ART_ACTIONS] = 0;
        u->sys[U_FORMATION] = 0;
        u->sys[U_COMBAT] = 0;
        if (u->side == side && u->guns_silenced && u->sys[U_SILENCED_SEG] < seg) {
            u->guns_silenced = 0;
            if (u->guns == GR_GUNS_SILENCED)
                u->guns = GR_GUNS_NONE;
        }
    }
    for (int i = 0; i < b->nleaders; i++) {
        gr_bt_leader *l = &b->leaders[i];
        if (l->side == side && l->status == GR_BT_OUT_OF_ACTION && b->turn >= l->back_turn)
            l->status = GR_BT_ACTIVE;
    }
}
