/* bt_rff_prepare.c - Regimental Fire and Fury's companion: the inputs of
 * each test read from the battle's state (quality, condition, disorder,
 * leaders, formations, guns, ammunition, declared charges), the table's
 * facts taken from the call, and the refusals (a unit that cannot act, a
 * fact the state knows).  Readings: docs/rules/rff.md, "The battle
 * companion". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_rff.h"
#include "grognard/rff_points.h"

/* The fire points the battle hands to the rules: none known (the seed lost
 * them; data/rff/fire_points.json holds nulls), so the players give them
 * (--per-stand or --points) and the weapon still tells the repeater rules. */
static const rff_points no_points = {.path = "(the battle: the players give the fire points)"};

typedef struct prep {
    const gr_battle *b;
    const gr_bt_call *c;
    const gr_procedure *p;
    gr_args *a;
    gr_error *err;
} prep;

static gr_status set(prep *x, const char *name, const char *text)
{
    return gr_bt_set(x->p, x->a, name, text, x->err);
}

static gr_status set_flag(prep *x, const char *name, int on)
{
    return on ? set(x, name, "1") : GR_OK;
}

static const char *condition_id(int c)
{
    return c == GR_BT_FRESH ? "fresh" : c == GR_BT_WORN ? "worn" : "spent";
}

/* Every call key must be one of `facts` (what the table shows); a key the
 * procedure takes but the companion fills is refused with the reason. */
static gr_status check_keys(prep *x, const char *const *facts)
{
    for (int i = 0; i < x->c->nin; i++) {
        const char *k = x->c->key[i];
        if (gr_bt_word(facts, k) >= 0)
            continue;
        char acc[512];
        gr_bt_words(facts, acc, sizeof acc);
        if (x->p && gr_param_index(x->p->params, x->p->nparams, k) >= 0)
            return gr_error_set(x->err, GR_EINPUT,
                                "%s: {%s} is kept by the companion from the battle's state (units, "
                                "leaders, formations, losses); leave it out. The table's facts it "
                                "takes: %s",
                                x->c->verb, k, acc[0] ? acc : "none");
        return gr_error_set(x->err, GR_EINPUT, "%s takes no {%s}; accepted: %s", x->c->verb, k,
                            acc[0] ? acc : "no input");
    }
    return GR_OK;
}

/* A unit that can act for `side` (-1: either side). */
static gr_status actor(prep *x, int u, int side, const char *role)
{
    const gr_battle *b = x->b;
    if (u < 0 || u >= b->nunits)
        return gr_error_set(x->err, GR_EINPUT, "%s: name the %s unit (%s)", x->c->verb, role,
                            gr_battle_verb(b, x->c->verb)->help);
    const gr_bt_unit *un = &b->units[u];
    if (un->removed)
        return gr_error_set(x->err, GR_EILLEGAL, "%s: %s (%s) is out of play (removed)", x->c->verb,
                            un->id, un->name);
    if (side >= 0 && un->side != side)
        return gr_error_set(x->err, GR_EILLEGAL, "%s: %s is %s's; in %s only %s's units act as %s",
                            x->c->verb, un->id, b->side_name[un->side],
                            b->rules->phases[b->phase].id, b->side_name[side], role);
    return GR_OK;
}

static gr_status not_done(prep *x, int u)
{
    const gr_bt_unit *un = &x->b->units[u];
    if (un->fired)
        return gr_error_set(
            x->err, GR_EILLEGAL, "%s: %s has already %s in this phase (%s); each unit once a phase",
            x->c->verb, un->id, !strcmp(x->c->verb, "maneuver") ? "tested" : "fired or fought",
            x->b->rules->phases[x->b->phase].id);
    return GR_OK;
}

static int fact_flag(const gr_bt_call *c, const char *k)
{
    const char *v = gr_bt_call_get(c, k);
    return v && (!strcmp(v, "1") || !strcmp(v, "yes") || !strcmp(v, "true") || !v[0]);
}

/* The leader whose rating counts for unit u: the attached one, else its
 * commander, if active; -1 none. */
static int commanding_leader(const gr_battle *b, int u)
{
    int l = gr_battle_attached_leader(b, u);
    if (l >= 0)
        return l;
    l = b->units[u].leader;
    return l >= 0 && gr_bt_leader_active(&b->leaders[l]) ? l : -1;
}

static gr_status prep_maneuver(prep *x)
{
    static const char *const facts[] = {"terrain", "flanked", "linear-cover", "key-position-lost",
                                        "losses",  "command", "close",        "fortified",
                                        NULL};
    gr_status st;
    if ((st = check_keys(x, facts)) != GR_OK ||
        (st = actor(x, x->c->unit, rff_bt_phasing_side(x->b), "maneuvering")) != GR_OK ||
        (st = not_done(x, x->c->unit)) != GR_OK)
        return st;
    const gr_battle *b = x->b;
    const gr_bt_unit *u = &b->units[x->c->unit];
    int guns = u->arm == GR_BT_ARTILLERY;
    if (guns && !gr_bt_call_get(x->c, "close"))
        return gr_error_set(x->err, GR_EINPUT,
                            "maneuver %s: guns need {close} yes|no (within close range of the "
                            "enemy?): a shocked battery limbers and retreats only at close range",
                            u->id);
    if ((st = set(x, "state",
                  (u->disordered || u->broken) && !guns ? "disordered" : "good_order")) != GR_OK ||
        (st = set(x, "arm", guns ? "guns" : "troops")) != GR_OK)
        return st;
    int l = commanding_leader(b, x->c->unit);
    if (l >= 0 && (st = set(x, "leader", b->leaders[l].rating)) != GR_OK)
        return st;
    if ((st = set_flag(x, "attached",
                       gr_battle_attached_leader(b, x->c->unit) >= 0 ||
                           gr_bt_has_flag(u, "brave_colonel"))) != GR_OK)
        return st;
    const char *cmd = gr_bt_call_get(x->c, "command");
    if (cmd && strcmp(cmd, "out_of_command"))
        return gr_error_set(x->err, GR_EINPUT,
                            "maneuver {command} %s: the companion knows whether the commander is "
                            "replaced (provisional) or present; accepted: {command} out_of_command "
                            "(beyond the command radius, which the table shows)",
                            cmd);
    int cmdr = u->leader;
    if (cmd)
        st = set(x, "command", "out_of_command");
    else if (cmdr >= 0 && !gr_bt_leader_active(&b->leaders[cmdr]))
        st = set(x, "command", u->sys[RFF_U_PROVISIONAL] ? "provisional" : "out_of_command");
    if (st != GR_OK || (st = set(x, "quality", u->quality)) != GR_OK ||
        (st = set(x, "condition", condition_id(u->condition))) != GR_OK)
        return st;
    if (!guns && (st = set_flag(x, "broken", u->broken)) != GR_OK)
        return st;
    if (guns) {
        int w = gr_bt_word(rff_guns, u->weapon);
        if ((st = set(x, "gun", rff_guns[w < 0 ? 3 : w])) != GR_OK ||
            (st = set_flag(x, "in-battery", !u->limbered && gr_bt_unit_stands(u) > 0)) != GR_OK)
            return st;
    }
    int col =
        !strcmp(u->formation, "march_column") || u->limbered || fact_flag(x->c, "linear-cover");
    if ((st = set_flag(x, "column-or-cover", col)) != GR_OK ||
        (st = set_flag(x, "flanked", fact_flag(x->c, "flanked"))) != GR_OK ||
        (st = set_flag(x, "key-position-lost", fact_flag(x->c, "key-position-lost"))) != GR_OK)
        return st;
    const char *lo = gr_bt_call_get(x->c, "losses");
    if (lo && (st = set(x, "losses", lo)) != GR_OK)
        return st;
    if ((st = set(x, "unit", rff_bt_move_row(u))) != GR_OK)
        return st;
    const char *ter = gr_bt_call_get(x->c, "terrain");
    return set(x, "terrain", ter ? ter : "clear");
}

static gr_status prep_fire(prep *x, int cannon)
{
    static const char *const facts[] = {"band",
                                        "cover",
                                        "target-flanked",
                                        "target-enfiladed",
                                        "target-about-faced",
                                        "target-passed-lines",
                                        "massed",
                                        "per-stand",
                                        "points",
                                        "firing",
                                        "no-leader-near",
                                        NULL};
    const gr_battle *b = x->b;
    int step = rff_bt_step(b), phasing = rff_bt_phasing_side(b);
    int side = step == RFF_PH_DEFENSIVE_FIRE ? 1 - phasing : phasing;
    gr_status st;
    if ((st = check_keys(x, facts)) != GR_OK ||
        (st = actor(x, x->c->unit, side, "firer")) != GR_OK ||
        (st = not_done(x, x->c->unit)) != GR_OK ||
        (st = actor(x, x->c->target, 1 - side, "target")) != GR_OK)
        return st;
    const gr_bt_unit *u = &b->units[x->c->unit], *t = &b->units[x->c->target];
    if (cannon != (u->arm == GR_BT_ARTILLERY))
        return gr_error_set(x->err, GR_EINPUT, "%s: %s is %s; %s", x->c->verb, u->id,
                            cannon ? "not artillery" : "artillery",
                            cannon ? "troops fire with musketry" : "guns fire with cannonade");
    int left = gr_bt_unit_stands(u);
    int able = cannon ? left - u->guns_silenced : left;
    if (cannon && u->limbered)
        return gr_error_set(x->err, GR_EILLEGAL,
                            "cannonade: %s is limbered; limbered guns do not fire (unlimber "
                            "first: form %s {formation} unlimbered after a maneuver)",
                            u->id, u->id);
    if (cannon && (u->sys[RFF_U_MARKS] & RFF_M_NO_FIRE))
        return gr_error_set(x->err, GR_EILLEGAL,
                            "cannonade: %s went to the prolonge this turn (« Avance / Recul à la "
                            "prolonge ..., pas de tir »): it fires again in the next player's turn",
                            u->id);
    if (able <= 0)
        return gr_error_set(x->err, GR_EILLEGAL, "%s: %s has no %s able to fire", x->c->verb, u->id,
                            cannon ? "gun stand (all silenced)" : "stand");
    x->a->data = &no_points;
    /* Fire points: the sheet lost the values per stand; the players give
     * them per stand (times the stands firing, which the state knows) or
     * in total. */
    const char *ps = gr_bt_call_get(x->c, "per-stand"), *pt = gr_bt_call_get(x->c, "points");
    if (!!ps == !!pt)
        return gr_error_set(x->err, GR_EINPUT,
                            "%s: give the fire points with {per-stand} N (points per %s, which "
                            "seed 001 lost: the companion multiplies by the stands firing) or "
                            "{points} N (the total), one of them",
                            x->c->verb, cannon ? "gun stand" : "stand");
    int firing = able;
    const char *fs = gr_bt_call_get(x->c, "firing");
    if (fs) {
        char *end;
        long n = strtol(fs, &end, 10);
        if (*end || n < 1 || n > able)
            return gr_error_set(x->err, GR_EINPUT,
                                "%s {firing} %s: the stands firing; accepted: 1 to %d (%s's "
                                "stands able to fire)",
                                x->c->verb, fs, able, u->id);
        firing = (int)n;
    }
    int pk = gr_param_index(x->p->params, x->p->nparams, "points");
    if ((st = set(x, "points", ps ? ps : pt)) != GR_OK)
        return st;
    if (ps) {
        x->a->v[pk] *= firing;
        if (x->a->v[pk] > 1000 * GR_MILLI)
            return gr_error_set(x->err, GR_EINPUT, "%s {per-stand} %s: too many points", x->c->verb,
                                ps);
    }
    const char *band = gr_bt_call_get(x->c, "band");
    if (!band)
        return gr_error_set(x->err, GR_EINPUT,
                            "%s: give {band} close|long (the range, which the "
                            "table shows)",
                            x->c->verb);
    if ((st = set(x, "band", band)) != GR_OK)
        return st;
    if (cannon) {
        if ((st = set(x, "gun", u->weapon)) != GR_OK ||
            (st = set_flag(x, "damaged", u->guns == GR_GUNS_DAMAGED)) != GR_OK)
            return st;
    } else {
        if (u->weapon[0] && (st = set(x, "weapon", u->weapon)) != GR_OK)
            return st;
        int charging = u->sys[RFF_U_CHARGE] || u->sys[RFF_U_COUNTER] ||
                       t->sys[RFF_U_CHARGE] == x->c->unit + 1 ||
                       t->sys[RFF_U_COUNTER] == x->c->unit + 1;
        if ((st = set_flag(x, "disordered", u->disordered)) != GR_OK ||
            (st = set(x, "firer-quality", u->quality)) != GR_OK ||
            (st = set_flag(x, "in-charge", charging)) != GR_OK ||
            (st = set_flag(x, "buck-and-ball", gr_bt_has_flag(u, "buck_and_ball"))) != GR_OK ||
            (st = set_flag(x, "sharpshooters", gr_bt_has_flag(u, "ss"))) != GR_OK ||
            (st = set_flag(x, "under-half", 2 * firing < left)) != GR_OK)
            return st;
    }
    if ((st = set_flag(x, "low-ammo", u->ammo >= 1)) != GR_OK)
        return st;
    /* The target, as the state knows it. */
    int tguns = t->arm == GR_BT_ARTILLERY, tcav = t->arm == GR_BT_CAVALRY;
    const char *f = t->formation;
    if ((st = set(x, "target-quality", t->quality)) != GR_OK ||
        (st = set_flag(x, "target-guns", tguns)) != GR_OK ||
        (st = set_flag(x, "target-limbered", tguns && t->limbered)) != GR_OK ||
        (st = set_flag(x, "target-cavalry", tcav && strcmp(f, "dismounted"))) != GR_OK ||
        (st = set_flag(x, "target-division-column", !tguns && !strcmp(f, "combat_column"))) !=
            GR_OK ||
        (st = set_flag(x, "target-march-column", !tguns && !strcmp(f, "march_column"))) != GR_OK ||
        (st = set_flag(x, "target-single-line",
                       !tguns && (!strcmp(f, "single_line") || !strcmp(f, "dismounted")))) !=
            GR_OK ||
        (st = set_flag(x, "target-broken", t->broken)) != GR_OK ||
        (st = set_flag(x, "target-charging", t->sys[RFF_U_CHARGE] || t->sys[RFF_U_COUNTER])) !=
            GR_OK)
        return st;
    /* "Charge stoppée ou charge à fond si Baïonnette/Sabre": a charge or a
     * cavalry counter-charge declared with bayonet or sabre. */
    if ((t->sys[RFF_U_CHARGE] || t->sys[RFF_U_COUNTER]) &&
        (st = set_flag(x, "bayonet", t->sys[RFF_U_BAYONET])) != GR_OK)
        return st;
    static const char *const passed[] = {"cover",
                                         "target-flanked",
                                         "target-enfiladed",
                                         "target-about-faced",
                                         "target-passed-lines",
                                         "massed",
                                         NULL};
    for (int i = 0; passed[i]; i++) {
        const char *v = gr_bt_call_get(x->c, passed[i]);
        if (v && (st = set(x, passed[i], v[0] ? v : "1")) != GR_OK)
            return st;
    }
    /* "Perte de chef: ... sur chef le plus près dans les 10cm de la cible":
     * a leader attached to the target is the nearest (he is at the
     * target), the companion knows him; else the table shows who: the
     * call names him (--leader), or says that none is near
     * (--no-leader-near).  Neither: the test is due (rff_bt_apply says so)
     * and is not rolled here. */
    int al = gr_battle_attached_leader(b, x->c->target), none = fact_flag(x->c, "no-leader-near");
    if (al >= 0 && ((x->c->leader >= 0 && x->c->leader != al) || none))
        return gr_error_set(x->err, GR_EINPUT,
                            "%s %s: %s is attached to %s, so he is the nearest leader within "
                            "10cm of the target: the companion tests him on a natural 10; leave "
                            "{%s} out",
                            x->c->verb, none ? "{no-leader-near}" : "{leader}", b->leaders[al].id,
                            t->id, none ? "no-leader-near" : "leader");
    if (x->c->leader >= 0 && none)
        return gr_error_set(x->err, GR_EINPUT,
                            "%s: {leader} %s and {no-leader-near} say opposite things; accepted: "
                            "one of them",
                            x->c->verb, b->leaders[x->c->leader].id);
    if (x->c->leader >= 0) {
        const gr_bt_leader *l = &b->leaders[x->c->leader];
        if (l->side != t->side || !gr_bt_leader_active(l))
            return gr_error_set(x->err, GR_EINPUT,
                                "%s {leader} %s: the leader tested on a natural 10 is the target's "
                                "side's nearest within 10cm, in play; %s is %s",
                                x->c->verb, l->id, l->id,
                                l->side != t->side ? "on the firer's side" : "out of play");
        return GR_OK;
    }
    return al >= 0 ? GR_OK : set_flag(x, "no-leader-near", 1);
}

/* leader_loss --leader ID: the test a natural 10 made due, for the leader
 * the players name (the target's side's nearest within 10cm). */
static gr_status prep_leader_loss(prep *x)
{
    static const char *const none[] = {NULL};
    const gr_battle *b = x->b;
    gr_status st;
    if ((st = check_keys(x, none)) != GR_OK)
        return st;
    int due = b->sys[RFF_B_LEADER_DUE] - 1;
    if (due < 0)
        return gr_error_set(x->err, GR_EILLEGAL,
                            "leader_loss: no leader-loss test is due in this step (« Perte de "
                            "chef. Testez après dé de base égal à 10 »: a fire's natural 10 whose "
                            "nearest leader the companion did not know makes one due)");
    if (x->c->unit >= 0)
        return gr_error_set(x->err, GR_EINPUT, "leader_loss takes no unit: {leader} ID");
    if (x->c->leader < 0)
        return gr_error_set(x->err, GR_EINPUT,
                            "leader_loss: name the leader ({leader} ID): %s's nearest within "
                            "10cm of %s",
                            b->side_name[b->units[due].side], b->units[due].id);
    const gr_bt_leader *l = &b->leaders[x->c->leader];
    if (l->side != b->units[due].side || !gr_bt_leader_active(l))
        return gr_error_set(x->err, GR_EILLEGAL,
                            "leader_loss {leader} %s: the test is for %s's nearest leader within "
                            "10cm of %s, in play; %s is %s",
                            l->id, b->side_name[b->units[due].side], b->units[due].id, l->id,
                            l->side != b->units[due].side ? "on the other side" : "out of play");
    return GR_OK;
}

/* One side of a charge (pfx "attacker" or "defender"). */
static gr_status prep_charge_side(prep *x, int ui, const char *pfx, int is_charging, int bayonet)
{
    const gr_battle *b = x->b;
    const gr_bt_unit *u = &b->units[ui];
    char k[64];
    gr_status st;
#define K(s) (snprintf(k, sizeof k, "%s-%s", pfx, s), k)
    char n[16];
    snprintf(n, sizeof n, "%d", gr_bt_unit_stands(u));
    int guns = u->arm == GR_BT_ARTILLERY;
    if ((st = set(x, K("stands"), n)) != GR_OK ||
        (st = set(x, K("quality"), u->quality)) != GR_OK ||
        (st = set(x, K("condition"), condition_id(u->condition))) != GR_OK)
        return st;
    /* The roster's thresholds as stands left, so that a fight again after
     * a fierce fight reads the condition from the stands left (« Ajustez
     * les nouveaux modificateurs et refaites un combat »). */
    static const char *const thr[2] = {"worn-left", "spent-left"};
    int at[2] = {u->worn_at, u->spent_at};
    for (int i = 0; i < 2; i++)
        if (at[i] >= 0 && u->stands - at[i] >= 0) {
            snprintf(n, sizeof n, "%d", u->stands - at[i]);
            if ((st = set(x, K(thr[i]), n)) != GR_OK)
                return st;
        }
    char gk[32];
    snprintf(gk, sizeof gk, "%s-guns", pfx);
    const char *gs = gr_bt_call_get(x->c, gk);
    if (guns) {
        if (!gs)
            return gr_error_set(x->err, GR_EINPUT,
                                "charge: %s is guns: say {%s} supported|unsupported (Canon "
                                "supporté / sans support, which the table shows)",
                                u->id, gk);
        if ((st = set(x, K("guns"), gs)) != GR_OK)
            return st;
    } else if (gs) {
        return gr_error_set(x->err, GR_EINPUT, "charge {%s}: %s is not guns", gk, u->id);
    }
    const char *f = u->formation;
    int cav_mounted = u->arm == GR_BT_CAVALRY && strcmp(f, "dismounted");
    if ((st = set_flag(x, K("disordered"), guns ? u->guns_silenced > 0 : u->disordered)) != GR_OK ||
        (st = set_flag(x, K("attached"), gr_battle_attached_leader(b, ui) >= 0)) != GR_OK ||
        (st = set_flag(x, K("brave-colonel"), gr_bt_has_flag(u, "brave_colonel"))) != GR_OK ||
        (st = set_flag(x, K("single-line"),
                       !guns && (!strcmp(f, "single_line") || !strcmp(f, "dismounted")))) !=
            GR_OK ||
        (st = set_flag(x, K("militia"), gr_bt_has_flag(u, "militia"))) != GR_OK ||
        (st = set_flag(x, K("broken"), u->broken)) != GR_OK ||
        (st = set_flag(x, K("march-column"), !guns && !strcmp(f, "march_column"))) != GR_OK ||
        (st = set_flag(x, K("limbered"), guns && u->limbered)) != GR_OK ||
        (st = set_flag(x, K("bayonet"), bayonet)) != GR_OK)
        return st;
    char fk[32];
    snprintf(fk, sizeof fk, "%s-flanked", pfx);
    if ((st = set_flag(x, K("flanked"), fact_flag(x->c, fk))) != GR_OK)
        return st;
    if (cav_mounted && is_charging) {
        const char *ter = gr_bt_call_get(x->c, "terrain");
        if (!ter)
            return gr_error_set(
                x->err, GR_EINPUT,
                "charge: %s charges as cavalry: give {terrain} clear|rough|difficult "
                "(Charge de cavalerie: +2 terrain clair, +1 handicapant, 0 "
                "difficile)",
                u->id);
        static const char *const ters[] = {"clear", "rough", "difficult", NULL};
        static const char *const cav[] = {"clear", "rough", "difficult_or_stationary"};
        int i = gr_bt_word(ters, ter);
        if (i < 0)
            return gr_error_set(x->err, GR_EINPUT,
                                "charge {terrain} %s; accepted: clear, rough, difficult", ter);
        if ((st = set(x, K("cavalry-charge"), cav[i])) != GR_OK)
            return st;
    }
#undef K
    return GR_OK;
}

static gr_status prep_charge(prep *x)
{
    static const char *const facts[] = {"terrain",       "attacker-flanked", "defender-flanked",
                                        "favorable",     "fortified",        "rough-charge",
                                        "attacker-guns", "defender-guns",    NULL};
    const gr_battle *b = x->b;
    int breakthrough = rff_bt_step(b) == RFF_PH_BREAKTHROUGH;
    gr_status st;
    if ((st = check_keys(x, facts)) != GR_OK ||
        (st = actor(x, x->c->unit, -1, "attacker")) != GR_OK ||
        (st = not_done(x, x->c->unit)) != GR_OK)
        return st;
    const gr_bt_unit *u = &b->units[x->c->unit];
    if ((st = actor(x, x->c->target, 1 - u->side, "defender")) != GR_OK)
        return st;
    const gr_bt_unit *t = &b->units[x->c->target];
    if (breakthrough) {
        if (!u->sys[RFF_U_BREAKTHROUGH])
            return gr_error_set(x->err, GR_EILLEGAL,
                                "charge: %s has no breakthrough (percée) this turn: only a unit "
                                "whose charge swept the enemy away (or cavalry that broke it) "
                                "breaks through",
                                u->id);
        /* « Faites les mouvements de percée » (3b), then « Résolvez les
         * percées » (3c): the combat is with the enemy the move reached. */
        if (u->sys[RFF_U_BT_TARGET] != x->c->target + 1)
            return gr_error_set(
                x->err, GR_EILLEGAL,
                "charge: %s's breakthrough move %s%s; a breakthrough combat is against the "
                "enemy its move reached (breakthrough %s {target} %s in the step before, "
                "\"Faites les mouvements de percée\")",
                u->id, u->sys[RFF_U_BT_TARGET] ? "reached " : "was not made",
                u->sys[RFF_U_BT_TARGET] ? b->units[u->sys[RFF_U_BT_TARGET] - 1].id : "", u->id,
                t->id);
    } else {
        int declared =
            u->side == rff_bt_phasing_side(b) && u->sys[RFF_U_CHARGE] == x->c->target + 1;
        int countered = t->sys[RFF_U_COUNTER] == x->c->unit + 1 && u->sys[RFF_U_CHARGE];
        if (!declared && !countered)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "charge: %s declared no charge against %s this turn (declare it "
                                "in the maneuver phase: declare %s {target} %s), or it was "
                                "stopped by fire",
                                u->id, t->id, u->id, t->id);
    }
    int counter = t->sys[RFF_U_COUNTER] == x->c->unit + 1;
    if ((st = prep_charge_side(x, x->c->unit, "attacker", 1,
                               breakthrough || u->sys[RFF_U_BAYONET])) != GR_OK ||
        (st = prep_charge_side(x, x->c->target, "defender", counter,
                               counter && t->sys[RFF_U_BAYONET])) != GR_OK)
        return st;
    return set_flag(x, "defender-favorable",
                    fact_flag(x->c, "favorable") || fact_flag(x->c, "fortified"));
}

/* The verbs without a roll: checked here, applied by apply. */
static gr_status prep_noroll(prep *x)
{
    const gr_battle *b = x->b;
    const char *v = x->c->verb;
    int side = rff_bt_phasing_side(b);
    gr_status st;
    if (!strcmp(v, "attach") || !strcmp(v, "detach") || !strcmp(v, "replace")) {
        static const char *const none[] = {NULL};
        if ((st = check_keys(x, none)) != GR_OK)
            return st;
        if (x->c->leader < 0)
            return gr_error_set(x->err, GR_EINPUT, "%s: name the leader ({leader} ID)", v);
        const gr_bt_leader *l = &b->leaders[x->c->leader];
        if (l->side != side)
            return gr_error_set(x->err, GR_EILLEGAL, "%s: %s is %s's; this is %s's turn", v, l->id,
                                b->side_name[l->side], b->side_name[side]);
        if (!strcmp(v, "replace")) {
            if (gr_bt_leader_active(l) || l->status == GR_BT_OUT_OF_ACTION)
                return gr_error_set(x->err, GR_EILLEGAL,
                                    "replace: %s is %s; only a leader out of play (killed, "
                                    "wounded, captured) is replaced",
                                    l->id, gr_bt_leader_active(l) ? "in play" : "back next turn");
            return x->c->unit >= 0 ? gr_error_set(x->err, GR_EINPUT, "replace takes no unit")
                                   : GR_OK;
        }
        if (!gr_bt_leader_active(l))
            return gr_error_set(x->err, GR_EILLEGAL, "%s: %s is out of play", v, l->id);
        if (!strcmp(v, "detach")) {
            if (l->attached < 0)
                return gr_error_set(x->err, GR_EILLEGAL, "detach: %s is not attached", l->id);
            return x->c->unit >= 0 ? gr_error_set(x->err, GR_EINPUT, "detach takes no unit")
                                   : GR_OK;
        }
        if ((st = actor(x, x->c->unit, side, "unit")) != GR_OK)
            return st;
        if (gr_battle_attached_leader(b, x->c->unit) >= 0)
            return gr_error_set(x->err, GR_EILLEGAL, "attach: %s already has a leader attached",
                                b->units[x->c->unit].id);
        return GR_OK;
    }
    if (!strcmp(v, "declare")) {
        static const char *const facts[] = {"bayonet", NULL};
        if ((st = check_keys(x, facts)) != GR_OK ||
            (st = actor(x, x->c->unit, side, "charger")) != GR_OK ||
            (st = actor(x, x->c->target, 1 - side, "charged")) != GR_OK)
            return st;
        const gr_bt_unit *u = &b->units[x->c->unit];
        if (u->sys[RFF_U_COLUMN] != RFF_BT_COL_WELL || u->arm == GR_BT_ARTILLERY)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "declare: %s %s; a charge is declared by troops whose maneuver was "
                                "well executed (Manœuvre bien exécutée: mouvement complet)",
                                u->id,
                                u->arm == GR_BT_ARTILLERY ? "is guns"
                                : u->sys[RFF_U_COLUMN]    ? "did not get a well-executed maneuver"
                                                       : "has not tested its maneuver this turn");
        if (u->sys[RFF_U_CHARGE])
            return gr_error_set(x->err, GR_EILLEGAL, "declare: %s has already declared a charge",
                                u->id);
        return GR_OK;
    }
    if (!strcmp(v, "countercharge")) {
        static const char *const facts[] = {"sabre", NULL};
        if ((st = check_keys(x, facts)) != GR_OK ||
            (st = actor(x, x->c->unit, 1 - side, "counter-charger")) != GR_OK ||
            (st = actor(x, x->c->target, side, "charger")) != GR_OK)
            return st;
        const gr_bt_unit *u = &b->units[x->c->unit], *t = &b->units[x->c->target];
        if (u->arm != GR_BT_CAVALRY || !strcmp(u->formation, "dismounted"))
            return gr_error_set(x->err, GR_EILLEGAL,
                                "countercharge: %s is not mounted cavalry (\"contre charges de "
                                "cavalerie\")",
                                u->id);
        if (!t->sys[RFF_U_CHARGE])
            return gr_error_set(x->err, GR_EILLEGAL, "countercharge: %s declared no charge", t->id);
        if (u->disordered || u->broken)
            return gr_error_set(x->err, GR_EILLEGAL, "countercharge: %s is disordered or broken",
                                u->id);
        if (u->sys[RFF_U_COUNTER])
            return gr_error_set(x->err, GR_EILLEGAL,
                                "countercharge: %s already counter-charges %s; one counter-charge "
                                "a turn",
                                u->id, b->units[u->sys[RFF_U_COUNTER] - 1].id);
        return GR_OK;
    }
    if (!strcmp(v, "breakthrough")) {
        static const char *const none[] = {NULL};
        if ((st = check_keys(x, none)) != GR_OK ||
            (st = actor(x, x->c->unit, -1, "breaking-through")) != GR_OK)
            return st;
        const gr_bt_unit *u = &b->units[x->c->unit];
        if (!u->sys[RFF_U_BREAKTHROUGH])
            return gr_error_set(x->err, GR_EILLEGAL,
                                "breakthrough: %s has no breakthrough (percée) this turn: only a "
                                "unit whose charge swept the enemy away (BALAYÉS DU TERRAIN), or "
                                "cavalry that broke it (ENFONCÉS), breaks through",
                                u->id);
        if (u->sys[RFF_U_BT_TARGET])
            return gr_error_set(x->err, GR_EILLEGAL,
                                "breakthrough: %s has made its breakthrough move (it reached %s)",
                                u->id, b->units[u->sys[RFF_U_BT_TARGET] - 1].id);
        if (x->c->target >= 0 &&
            (st = actor(x, x->c->target, 1 - u->side, "the enemy reached")) != GR_OK)
            return st;
        return GR_OK;
    }
    if (!strcmp(v, "massed_effect")) {
        static const char *const none[] = {NULL};
        int due = b->sys[RFF_B_MASSED] - 1;
        if ((st = check_keys(x, none)) != GR_OK)
            return st;
        if (due < 0)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "massed_effect: no fire on a massed target with an effect was just "
                                "made in this step (« Cible en masse »: a fire given {massed} whose "
                                "result has an effect)");
        if ((st = actor(x, x->c->unit, b->units[due].side, "unit behind the target")) != GR_OK)
            return st;
        if (x->c->unit == due || x->c->target >= 0)
            return gr_error_set(x->err, GR_EINPUT,
                                "massed_effect %s: name one unit within 5cm behind %s (the target "
                                "itself has taken the effect), no {target}",
                                b->units[x->c->unit].id, b->units[due].id);
        if (b->units[x->c->unit].sys[RFF_U_MARKS] & RFF_M_MASSED)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "massed_effect: %s has taken this fire's effect already",
                                b->units[x->c->unit].id);
        return GR_OK;
    }
    /* prolonge, limber_retreat: a battery of the phasing side, unlimbered,
     * and what MANŒUVRES DES CANONS lists for its result and its guns. */
    if (!strcmp(v, "prolonge") || !strcmp(v, "limber_retreat")) {
        static const char *const dir_facts[] = {"direction", NULL}, *const none[] = {NULL};
        static const char *const dirs[] = {"advance", "retire", NULL};
        int pro = !strcmp(v, "prolonge");
        if ((st = check_keys(x, pro ? dir_facts : none)) != GR_OK ||
            (st = actor(x, x->c->unit, side, "battery")) != GR_OK)
            return st;
        const gr_bt_unit *u = &b->units[x->c->unit];
        const char *dir = pro ? gr_bt_call_get(x->c, "direction") : NULL;
        if (pro && (!dir || gr_bt_word(dirs, dir) < 0))
            return gr_error_set(x->err, GR_EINPUT, "prolonge %s {direction} %s; accepted: advance, "
                                                   "retire",
                                u->id, dir ? dir : "(missing)");
        if (u->arm != GR_BT_ARTILLERY || u->limbered || gr_bt_unit_stands(u) < 1)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "%s: %s is not an unlimbered battery (%s)", v, u->id,
                                pro ? "« à la prolonge »: guns moved by hand, unlimbered"
                                    : "« Attelle »: it limbers first");
        const char *action = !pro                       ? "limber_and_retreat"
                             : !strcmp(dir, "advance") ? "prolonge_advance"
                                                       : "prolonge_retire";
        int col = u->sys[RFF_U_COLUMN];
        const char *column = col == RFF_BT_COL_WELL      ? "well_executed"
                             : col == RFF_BT_COL_DELAYED ? "delayed"
                                                         : NULL;
        if (!column || !rff_bt_gun_may(u, column, action, NULL))
            return gr_error_set(x->err, GR_EILLEGAL,
                                "%s %s: its maneuver result this turn does not allow it (MANŒUVRES "
                                "DES CANONS: %s; %s)",
                                v, u->id,
                                pro ? "BIEN EXÉCUTÉE lists « à la prolonge »"
                                    : "RETARDÉE lists « Attelle et retraite d'un mouvement complet, "
                                      "silencieux »",
                                pro ? "« interdit(e) » for HH and HR guns" : "after a delayed result");
        if (pro && (u->sys[RFF_U_MARKS] & RFF_M_NO_FIRE))
            return gr_error_set(x->err, GR_EILLEGAL, "prolonge: %s has gone to the prolonge this turn",
                                u->id);
        return GR_OK;
    }
    /* form, rally, resupply: a unit of the phasing side and its result. */
    static const char *const form_facts[] = {"formation", NULL}, *const none[] = {NULL};
    int form = !strcmp(v, "form");
    if ((st = check_keys(x, form ? form_facts : none)) != GR_OK ||
        (st = actor(x, x->c->unit, side, "unit")) != GR_OK)
        return st;
    const gr_bt_unit *u = &b->units[x->c->unit];
    int col = u->sys[RFF_U_COLUMN], guns = u->arm == GR_BT_ARTILLERY;
    if (form) {
        const char *to = gr_bt_call_get(x->c, "formation");
        const char *const *ok = guns ? rff_bt_gun_forms : rff_bt_troop_forms;
        if (!to || gr_bt_word(ok, to) < 0 ||
            (u->arm == GR_BT_INFANTRY && !strcmp(to, "dismounted"))) {
            char acc[200];
            gr_bt_words(ok, acc, sizeof acc);
            return gr_error_set(x->err, GR_EINPUT, "form %s {formation} %s; accepted: %s", u->id,
                                to ? to : "(missing)", acc);
        }
        /* Well executed: "changement de formation" (troops), "dételle",
         * "attèle" (guns); delayed: "changement de formation en double ou
         * simple ligne" (troops), "attelle ou dételle" (guns). */
        int allowed = col == RFF_BT_COL_WELL ||
                      (col == RFF_BT_COL_DELAYED &&
                       (guns || !strcmp(to, "double_line") || !strcmp(to, "single_line")));
        if (!allowed)
            return gr_error_set(x->err, GR_EILLEGAL,
                                "form %s {formation} %s: its maneuver result this turn allows no "
                                "such change (well executed: any formation; delayed: double or "
                                "single line, guns limber or unlimber)",
                                u->id, to);
        return GR_OK;
    }
    if (col != RFF_BT_COL_WELL)
        return gr_error_set(x->err, GR_EILLEGAL,
                            "%s %s: only after a well-executed maneuver this turn (the column BIEN "
                            "EXÉCUTÉE lists %s)",
                            v, u->id,
                            !strcmp(v, "rally") ? "\"Rallie\" for guns"
                                                : "\"Réapprovisionne en munitions\"");
    if (!strcmp(v, "rally") && (!guns || !u->guns_silenced))
        return gr_error_set(x->err, GR_EILLEGAL, "rally: %s has no silenced guns", u->id);
    if (!strcmp(v, "resupply") && !u->ammo)
        return gr_error_set(x->err, GR_EILLEGAL, "resupply: %s is not short of ammunition", u->id);
    return GR_OK;
}

gr_status rff_bt_prepare(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c, gr_args *out,
                         gr_error *err)
{
    prep x = {b, c, NULL, out, err};
    if (v->procedure) {
        const gr_system *s = gr_system_find(b->system);
        x.p = s ? gr_system_procedure(s, v->procedure) : NULL;
        if (!x.p)
            return gr_error_set(err, GR_ERUNTIME, "rff: no procedure %s", v->procedure);
    }
    if (!strcmp(v->name, "maneuver"))
        return prep_maneuver(&x);
    if (!strcmp(v->name, "musketry"))
        return prep_fire(&x, 0);
    if (!strcmp(v->name, "cannonade"))
        return prep_fire(&x, 1);
    if (!strcmp(v->name, "charge"))
        return prep_charge(&x);
    if (!strcmp(v->name, "leader_loss"))
        return prep_leader_loss(&x);
    return prep_noroll(&x);
}
