/* bt_nf.c - Napoleonic Fury's companion rules (seed 002): its sequence of
 * play, its verbs, and how each test is read from the battle's state and
 * applied back to it.  No rule value is typed here: the tests are the
 * procedures of src/rules/nf (their modifier lists and tables), the
 * Brigade Effectiveness Level chart is read through the system's `bel`
 * table, and the results' effects are the tables' effect lines (effect.h).
 * The readings this file makes are written in docs/rules/nf.md, "The
 * battle companion".  Applying a result is bt_nf_apply.c. */
#include "bt_nf.h"

#include "grognard/effect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NF_SEQ "seed 002, sequence of play"

/* ---- the sequence of play ------------------------------------------------- */

/* One player's sequence, as the seed prints it ("Once one side has
 * completed the sequence, then the 2nd player goes through the same
 * sequence"): Maneuver (1st) Phase with its three numbered steps, Reaction
 * (2nd), Musketry and Cannonade (3rd) in its two halves (the non-phasing
 * player's defensive fire, then the phasing player's), Melee (4th). */
#define NF_SEGMENT(seg, pre, who, other)                                                           \
    {pre "maneuver_1_leaders", "Maneuver (1st) Phase: 1. Attach and detach leaders",               \
     NF_SEQ ", Maneuver (1st) Phase", who, seg},                                                   \
        {pre "maneuver_2_move", "Maneuver (1st) Phase: 2. Move brigades and batteries",            \
         NF_SEQ ", Maneuver (1st) Phase", who, seg},                                               \
        {pre "maneuver_3_leaders",                                                                 \
         "Maneuver (1st) Phase: 3. Move detached leaders, replace fallen leaders",                 \
         NF_SEQ ", Maneuver (1st) Phase", who, seg},                                               \
        {pre "reaction",                                                                           \
         "Reaction (2nd) Phase: the non-phasing player may react with good "                       \
         "order cavalry",                                                                          \
         NF_SEQ ", Reaction (2nd) Phase", other, seg},                                             \
        {pre "fire_defensive",                                                                     \
         "Musketry and Cannonade (3rd) Phase: the non-phasing player resolves his defensive fire", \
         NF_SEQ ", Musketry and Cannonade (3rd) Phase", other, seg},                               \
        {pre "fire_phasing",                                                                       \
         "Musketry and Cannonade (3rd) Phase: then the phasing player resolves his fire",          \
         NF_SEQ ", Musketry and Cannonade (3rd) Phase", who, seg},                                 \
    {                                                                                              \
        pre "melee", "Melee (4th) Phase: the phasing player's melees",                             \
            NF_SEQ ", Melee (4th) Phase", who, seg                                                 \
    }

static const gr_bt_phase nf_phases[] = {
    NF_SEGMENT(0, "p1_", GR_BT_FIRST_PLAYER, GR_BT_SECOND_PLAYER),
    NF_SEGMENT(1, "p2_", GR_BT_SECOND_PLAYER, GR_BT_FIRST_PLAYER),
};
/* The index of each step in a segment (the second segment adds NF_SEGLEN). */
enum { PH_LEADERS, PH_MOVE, PH_LEADERS2, PH_REACTION, PH_FIRE_DEF, PH_FIRE, PH_MELEE, NF_SEGLEN };

#define BOTH(k) ((UINT64_C(1) << (k)) | (UINT64_C(1) << ((k) + NF_SEGLEN)))

static const gr_bt_verb nf_verbs[] = {
    {"attach", NULL, BOTH(PH_LEADERS), 0, "attach UNIT --leader ID (no roll)"},
    {"detach", NULL, BOTH(PH_LEADERS), 0, "detach --leader ID (no roll)"},
    {"replace", NULL, BOTH(PH_LEADERS2), 0,
     "replace --leader ID (a fallen leader's replacement officer takes command; no roll)"},
    {"maneuver", "maneuver", BOTH(PH_MOVE), 0,
     "maneuver UNIT [--division-in-range yes] [--no-command-chain yes] [--in-woods yes] "
     "[--on-road yes] [--commander-in-range RATING] (Good Order table: a unit in good order)"},
    {"disorder", "disorder", BOTH(PH_MOVE), 0,
     "disorder UNIT [--division-in-range yes] [--in-woods yes] [--on-road yes] (Disorder "
     "table: a disordered unit must roll)"},
    {"emergency_fc", "emergency_fc", BOTH(PH_MOVE), -1,
     "emergency_fc UNIT [--target CHARGING_CAVALRY] [--cavalry-over-half-move yes] "
     "[--in-contact yes] [--deployed yes] (the non-phasing infantry charged by cavalry)"},
    {"evasion", "evasion", BOTH(PH_MOVE), -1,
     "evasion UNIT [--target CHARGING_UNIT] (the non-phasing cavalry or battery charged)"},
    {"react", "maneuver", BOTH(PH_REACTION), -1,
     "react UNIT [--target CHARGING_CAVALRY (a countercharge)] [--division-in-range yes] "
     "[--no-command-chain yes] [--in-woods yes] (good order cavalry of the non-phasing "
     "player; at least a 1/2 move to react)"},
    {"fire", "fire", BOTH(PH_FIRE_DEF) | BOTH(PH_FIRE), 1,
     "fire UNIT --target UNIT --range INCHES [--stands N (in column: front stands)] [--cover "
     "woods|hedge|higher_elevation|town_area|deployed_town|stone_wall|entrenchment|works|"
     "fortified_town] [--enfiladed yes] [--target-changed-formation yes] [--target-charging "
     "yes] [--after-unlimbering yes] [--at-breakthrough yes] [--angle DEGREES]"},
    {"melee", "melee", BOTH(PH_MELEE), 1,
     "melee UNIT --target UNIT [--defender-terrain open|forest|...|fortified_town] [--woods "
     "yes] [--attacker-outflanked yes] [--defender-outflanked yes] [--bridge-assault yes] "
     "[--allied-officer-rule yes]"},
};

/* The sheet's sequence of play in French (seed 002, "sequence of play"),
 * for the French page: the titles above are the sheet's own words.  The
 * same steps in each player's segment. */
#define NF_SEGMENT_FR                                                                              \
    "Phase de manœuvre (1re) : 1. attacher et détacher les chefs",                                 \
        "Phase de manœuvre (1re) : 2. déplacer les brigades et les batteries",                     \
        "Phase de manœuvre (1re) : 3. déplacer les chefs détachés, remplacer les chefs tombés",    \
        "Phase de réaction (2e) : le joueur non actif peut réagir avec sa cavalerie en bon ordre", \
        "Phase de mousqueterie et canonnade (3e) : le joueur non actif résout son tir défensif",   \
        "Phase de mousqueterie et canonnade (3e) : puis le joueur actif résout son tir",           \
        "Phase de mêlée (4e) : les mêlées du joueur actif"
static const char *const nf_phases_fr[] = {NF_SEGMENT_FR, NF_SEGMENT_FR};
_Static_assert(GR_COUNT(nf_phases_fr) == GR_COUNT(nf_phases), "one French title per phase");

/* The verbs as a player reads them, in the order of nf_verbs: the English
 * is the sheet's word where it has one (seed 002: "Good Order table",
 * "Disorder table", "emergency formation change", "evasion", "Fire table",
 * "Melee table"). */
static const gr_bt_label nf_verb_labels[] = {
    {"Attach a leader", "Attacher un chef"},
    {"Detach a leader", "Détacher un chef"},
    {"Replace a fallen leader", "Remplacer un chef tombé"},
    {"Maneuver (Good Order table)", "Manœuvre (table de bon ordre)"},
    {"Disorder test", "Test de désordre"},
    {"Emergency formation change", "Changement de formation d'urgence"},
    {"Evasion", "Évasion"},
    {"Cavalry reaction", "Réaction de cavalerie"},
    {"Fire", "Tir"},
    {"Melee", "Mêlée"},
};
_Static_assert(GR_COUNT(nf_verb_labels) == GR_COUNT(nf_verbs), "one label per verb");

/* ---- vocabulary ------------------------------------------------------------ */

static const char *const cond_name[] = {"fresh", "worn", "spent"};
static const char *const roles[] = {"army", "corps", "division", "brigade", NULL};
static const char *const ratings[] = {"excellent", "good", "average", "poor", NULL};
/* A leader's kind: "melee_plus2" is "(some leaders may give a +2)" of the
 * melee list; "napoleon" is Napoleon in command (the BEL chart's 1804-1807
 * line). */
static const char *const leader_kinds[] = {"", "melee_plus2", "napoleon", NULL};
static const char *const qualities[] = {"guard",     "veteran", "regular",
                                        "conscript", "militia", NULL};
static const char *const kinds_by_arm[GR_BT_ARM_COUNT][4] = {
    [GR_BT_INFANTRY] = {"", "light", NULL},
    [GR_BT_CAVALRY] = {"light", "heavy", NULL},
    [GR_BT_ARTILLERY] = {"horse", "heavy", NULL},
};
static const char *const forms_by_arm[GR_BT_ARM_COUNT][6] = {
    [GR_BT_INFANTRY] = {"line", "column", "march_column", "square", NULL},
    [GR_BT_CAVALRY] = {"line", "column", "march_column", NULL},
    [GR_BT_ARTILLERY] = {"unlimbered", "limbered", NULL},
};
static const char *const flags_by_arm[GR_BT_ARM_COUNT][9] = {
    [GR_BT_INFANTRY] = {"grenadier", "guard", "old_guard", "landwehr", "militia", "guerrilla",
                        "exceptional_brigade", NULL},
    [GR_BT_CAVALRY] = {"guard", "armored", "cossack", "militia_cavalry", "exceptional_brigade",
                       NULL},
    [GR_BT_ARTILLERY] = {"guard", NULL},
};
static const char *const arm_name[] = {"infantry", "cavalry", "artillery"};

static const gr_system *nf_sys(void)
{
    return gr_system_find("nf");
}

/* The nations the procedures accept (their own list, one place). */
static const char *const *nations(void)
{
    const gr_procedure *p = gr_system_procedure(nf_sys(), "fire");
    int i = gr_param_index(p->params, p->nparams, "nation");
    return p->params[i].choices;
}

/* ---- setup ----------------------------------------------------------------- */

static gr_status refuse_id(gr_error *err, const gr_bt_unit *u, const char *field, const char *v,
                           const char *const *accepted)
{
    char list[512];
    gr_bt_words(accepted, list, sizeof list);
    return gr_error_set(err, GR_EINPUT,
                        "%d:%d: unit %s: %s \"%s\" is not a Napoleonic Fury id; "
                        "accepted for %s: %s",
                        u->line, u->col, u->id, field, v, arm_name[u->arm], list);
}

/* Is unit u under the command of leader `top` (its leader chain reaches him)? */
static int under(const gr_battle *b, const gr_bt_unit *u, int top)
{
    for (int l = u->leader, n = 0; l >= 0 && n < GR_BT_MAX_LEADERS; l = b->leaders[l].parent, n++)
        if (l == top)
            return 1;
    return 0;
}

/* worn_at / spent_at from the BEL chart (seed 002): "Fresh/Worn/Spent" are
 * stand counts; the unit is worn when down to the worn count, spent when
 * down to the spent count; "-" is never (docs/rules/nf.md). */
static gr_status bel_levels(gr_battle *b, gr_bt_unit *u, gr_error *err)
{
    if (u->arm == GR_BT_ARTILLERY) {
        /* The chart is the Brigade Effectiveness Level: batteries have none. */
        if (u->worn_at == GR_BT_UNSET)
            u->worn_at = -1;
        if (u->spent_at == GR_BT_UNSET)
            u->spent_at = -1;
        return GR_OK;
    }
    if (u->worn_at != GR_BT_UNSET && u->spent_at != GR_BT_UNSET)
        return GR_OK;
    if (u->stands < 3 || u->stands > 7)
        return gr_error_set(err, GR_EINPUT,
                            "%d:%d: unit %s: %d stands: the BEL chart has rows for 3 to 7 stands "
                            "only; give \"worn\" and \"spent\" (stands lost, -1 never) in the "
                            "order of battle",
                            u->line, u->col, u->id, u->stands);
    const gr_table *t = gr_system_table(nf_sys(), "bel");
    gr_args a = {0};
    char stands[8];
    snprintf(stands, sizeof stands, "%d", u->stands);
    gr_status st;
    if ((st = gr_args_set(t->params, 0, stands, &a, err)) != GR_OK ||
        (st = gr_args_set(t->params, 1, u->quality, &a, err)) != GR_OK)
        return st;
    /* "Between the years 1804-1807 when Napoleon starts on the field of
     * battle in command, all French troops under his command are advanced
     * one to the left [not higher then Veteran]". */
    int year = b->sys[NFB_YEAR];
    for (int l = 0; l < b->nleaders; l++)
        if (strcmp(b->leaders[l].kind, "napoleon") == 0 && year >= 1804 && year <= 1807 &&
            strcmp(u->nation, "france") == 0 && under(b, u, l))
            if ((st = gr_args_set(t->params, 2, "yes", &a, err)) != GR_OK)
                return st;
    gr_cell c = {0};
    if ((st = t->lookup(&a, &c, err)) != GR_OK)
        return st;
    if (strcmp(t->outcomes[c.outcome].id, "levels") != 0)
        return gr_error_set(err, GR_EINPUT,
                            "%d:%d: unit %s: the BEL chart prints '-' for %d stands of %s (%s): "
                            "give \"worn\" and \"spent\" in the order of battle",
                            u->line, u->col, u->id, u->stands, u->quality, c.cell);
    int worn = -1, spent = -1;
    for (int i = 0; i < c.nfields; i++) {
        int v = c.fields[i].kind == GR_F_NULL ? -1 : (int)c.fields[i].i;
        if (strcmp(c.fields[i].key, "worn") == 0)
            worn = v;
        if (strcmp(c.fields[i].key, "spent") == 0)
            spent = v;
    }
    if (u->worn_at == GR_BT_UNSET)
        u->worn_at = worn < 0 ? -1 : u->stands - worn;
    if (u->spent_at == GR_BT_UNSET)
        u->spent_at = spent < 0 ? -1 : u->stands - spent;
    return GR_OK;
}

static gr_status nf_setup(gr_battle *b, gr_error *err)
{
    b->sys[NFB_YEAR] = 0;
    if (strlen(b->date) >= 4) {
        int y = atoi(b->date);
        if (y < 1792 || y > 1815)
            return gr_error_set(err, GR_EINPUT,
                                "date \"%s\": Napoleonic Fury's charts cover 1792 to 1815; give "
                                "a date in those years",
                                b->date);
        b->sys[NFB_YEAR] = y;
    }
    char list[256];
    for (int i = 0; i < b->nleaders; i++) {
        gr_bt_leader *l = &b->leaders[i];
        const char *const *bad = NULL;
        const char *field = NULL, *v = NULL;
        if (gr_bt_word(roles, l->role) < 0)
            bad = roles, field = "role", v = l->role;
        else if (gr_bt_word(ratings, l->rating) < 0)
            bad = ratings, field = "rating", v = l->rating;
        else if (gr_bt_word(leader_kinds, l->kind) < 0)
            bad = leader_kinds, field = "kind", v = l->kind;
        if (bad) {
            gr_bt_words(bad, list, sizeof list);
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader %s: %s \"%s\" is not a Napoleonic Fury id; "
                                "accepted: %s",
                                l->line, l->col, l->id, field, v, list);
        }
    }
    const char *const *nat = nations();
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        if (gr_bt_word(nat, u->nation) < 0)
            return refuse_id(err, u, "nation", u->nation, nat);
        if (gr_bt_word(kinds_by_arm[u->arm], u->kind) < 0)
            return refuse_id(err, u, "kind", u->kind, kinds_by_arm[u->arm]);
        if (gr_bt_word(forms_by_arm[u->arm], u->formation) < 0)
            return refuse_id(err, u, "formation", u->formation, forms_by_arm[u->arm]);
        if (u->weapon[0]) {
            static const char *const none[] = {"", NULL};
            return refuse_id(err, u, "weapon", u->weapon, none);
        }
        for (int f = 0; f < u->nflags; f++)
            if (gr_bt_word(flags_by_arm[u->arm], u->flags[f]) < 0)
                return refuse_id(err, u, "flag", u->flags[f], flags_by_arm[u->arm]);
        if (u->arm != GR_BT_ARTILLERY || u->quality[0])
            if (gr_bt_word(qualities, u->quality) < 0)
                return refuse_id(err, u, "quality", u->quality, qualities);
        if ((gr_bt_has_flag(u, "old_guard")) && strcmp(u->nation, "france") != 0)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: unit %s: old_guard is the French Old Guard; the unit's "
                                "nation is %s",
                                u->line, u->col, u->id, u->nation);
        u->limbered = strcmp(u->formation, "limbered") == 0;
        gr_status st = bel_levels(b, u, err);
        if (st != GR_OK)
            return st;
    }
    return GR_OK;
}

/* ---- reading the state ------------------------------------------------------ */

/* Is leader l exceptional?  Rated excellent, and not a replacement officer
 * (docs/rules/nf.md: the seed's exceptional officers are persons; the one
 * who takes a fallen officer's place is not). */
static int exceptional(const gr_bt_leader *l)
{
    return strcmp(l->rating, "excellent") == 0 && !l->back_turn;
}

static const gr_procedure *proc_of(const gr_bt_verb *v)
{
    return v->procedure ? gr_system_procedure(nf_sys(), v->procedure) : NULL;
}

/* The first leader up the chain from unit u with role `role`, or -1. */
static int chain_role(const gr_battle *b, const gr_bt_unit *u, const char *role)
{
    for (int l = u->leader, n = 0; l >= 0 && n < GR_BT_MAX_LEADERS; l = b->leaders[l].parent, n++)
        if (strcmp(b->leaders[l].role, role) == 0)
            return l;
    return -1;
}

static const char *leader_state(int status)
{
    static const char *const s[] = {"active", "out of action", "wounded", "killed", "captured"};
    return status >= 0 && status <= GR_BT_CAPTURED ? s[status] : "?";
}

/* Set input `name` of p from the state (text). */
#define SET(name, text)                                                                            \
    do {                                                                                           \
        gr_status st_ = gr_bt_set(p, out, (name), (text), err);                                    \
        if (st_ != GR_OK)                                                                          \
            return st_;                                                                            \
    } while (0)

/* Set input `name` of p from the state (a number). */
#define SET_INT(name, v)                                                                           \
    do {                                                                                           \
        char t_[16];                                                                               \
        snprintf(t_, sizeof t_, "%d", (v));                                                        \
        SET((name), t_);                                                                           \
    } while (0)

/* Take the call's table facts: each key must be one of `allowed` (set as
 * the procedure's input of that name) or one of `own` (read by the caller);
 * an input the state fills is refused with the reason. */
static gr_status take_call(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                           const gr_bt_call *c, const char *const *allowed, const char *const *own,
                           gr_args *out, gr_error *err)
{
    for (int i = 0; i < c->nin; i++) {
        const char *k = c->key[i];
        if (own && gr_bt_word(own, k) >= 0)
            continue;
        if (allowed && gr_bt_word(allowed, k) >= 0) {
            if (strcmp(k, "year") == 0 && b->sys[NFB_YEAR])
                return gr_error_set(err, GR_EINPUT,
                                    "{year} is kept by the companion (the order of battle's "
                                    "date, %d); leave it out",
                                    b->sys[NFB_YEAR]);
            gr_status st = gr_bt_set(p, out, k, c->val[i], err);
            if (st != GR_OK)
                return st;
            continue;
        }
        if (p && gr_param_index(p->params, p->nparams, k) >= 0)
            return gr_error_set(err, GR_EINPUT,
                                "{%s} is kept by the companion from the battle's state (the "
                                "units' stands, quality, formation, condition, disorder, guns "
                                "and leaders); leave it out: %s",
                                k, v->help);
        return gr_error_set(err, GR_EINPUT, "%s takes no {%s}: %s", v->name, k, v->help);
    }
    return GR_OK;
}

/* The call's value of a yes/no fact of the companion's own ("division-in-range"). */
static gr_status own_flag(const gr_bt_call *c, const char *key, int *out, gr_error *err)
{
    const char *s = gr_bt_call_get(c, key);
    *out = 0;
    if (!s)
        return GR_OK;
    if (!strcmp(s, "yes") || !strcmp(s, "1") || !strcmp(s, "true")) {
        *out = 1;
        return GR_OK;
    }
    if (!strcmp(s, "no") || !strcmp(s, "0") || !strcmp(s, "false"))
        return GR_OK;
    return gr_error_set(err, GR_EINPUT, "{%s}: '%s' is not a yes/no value; accepted: yes, no", key,
                        s);
}

static gr_status acting_unit(const gr_battle *b, const gr_bt_verb *v, int ui, int side,
                             const char *role, int allow_again, gr_error *err)
{
    if (ui < 0 || ui >= b->nunits)
        return gr_error_set(err, GR_EINPUT, "%s needs a unit: %s", v->name, v->help);
    const gr_bt_unit *u = &b->units[ui];
    if (u->removed)
        return gr_error_set(err, GR_EILLEGAL, "%s is out of play (removed): it cannot %s", u->id,
                            v->name);
    if (u->side != side)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s belongs to the %s; in %s only the %s's units %s (%s)", u->id,
                            b->side_name[u->side], b->rules->phases[b->phase].id,
                            b->side_name[side], v->name, role);
    if (u->fired && !allow_again)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s has already been tested in this phase (%s): one %s per unit "
                            "and phase",
                            u->id, b->rules->phases[b->phase].id, v->name);
    return GR_OK;
}

static gr_status enemy_unit(const gr_battle *b, const gr_bt_verb *v, int ui, int ti, gr_error *err)
{
    if (ti < 0 || ti >= b->nunits)
        return gr_error_set(err, GR_EINPUT, "%s needs {target}: %s", v->name, v->help);
    const gr_bt_unit *t = &b->units[ti];
    if (t->removed)
        return gr_error_set(err, GR_EILLEGAL, "%s is out of play (removed): it cannot be a target",
                            t->id);
    if (t->side == b->units[ui].side)
        return gr_error_set(err, GR_EINPUT,
                            "%s and %s are on the same side: the target is an enemy",
                            b->units[ui].id, t->id);
    return GR_OK;
}

static const char *move_unit(const gr_bt_unit *u)
{
    switch (u->arm) {
    case GR_BT_INFANTRY: return strcmp(u->kind, "light") == 0 ? "light_infantry" : "infantry";
    case GR_BT_CAVALRY: return strcmp(u->kind, "heavy") == 0 ? "heavy_cavalry" : "light_cavalry";
    default: return strcmp(u->kind, "horse") == 0 ? "horse_battery" : "heavy_battery";
    }
}

/* The formation as the melee and maneuver inputs name them. */
static const char *troop_form(const gr_bt_unit *u)
{
    return u->arm == GR_BT_ARTILLERY ? "other" : u->formation;
}

/* Good Order / Disorder inputs the state knows. */
static gr_status prep_move(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                           const gr_bt_call *c, int ui, int good_order_table, gr_args *out,
                           gr_error *err)
{
    const gr_bt_unit *u = &b->units[ui];
    SET("unit", move_unit(u));
    SET("nation", u->nation);
    SET("formation", troop_form(u));
    /* A battery has no BEL level (the chart rates brigades): neither +2
     * fresh nor -2 spent (docs/rules/nf.md). */
    if (u->arm != GR_BT_ARTILLERY)
        SET("condition", cond_name[u->condition]);
    if (b->sys[NFB_YEAR])
        SET_INT("year", b->sys[NFB_YEAR]);
    if (gr_bt_has_flag(u, "exceptional_brigade"))
        SET("exceptional-brigade", "yes");
    if (gr_bt_has_flag(u, "old_guard"))
        SET("old-guard", "yes");
    /* The division officer: an officer attached (exceptional: +3), else the
     * unit's division officer if the players say he is within range. */
    int in_range;
    gr_status st = own_flag(c, "division-in-range", &in_range, err);
    if (st != GR_OK)
        return st;
    int att = gr_battle_attached_leader(b, ui);
    int div = chain_role(b, u, "division");
    if (att >= 0) {
        if (in_range)
            return gr_error_set(err, GR_EINPUT,
                                "{division-in-range}: %s is attached to %s (an attached officer "
                                "counts instead); leave it out",
                                b->leaders[att].name, u->id);
        SET("division-officer",
            exceptional(&b->leaders[att]) ? "exceptional_attached" : "attached");
    } else if (in_range) {
        if (div < 0)
            return gr_error_set(err, GR_EINPUT,
                                "{division-in-range}: %s has no division officer in its chain of "
                                "command",
                                u->id);
        if (!gr_bt_leader_active(&b->leaders[div]))
            return gr_error_set(err, GR_EINPUT,
                                "{division-in-range}: %s, %s's division officer, is %s and gives "
                                "no bonus; leave it out",
                                b->leaders[div].name, u->id, leader_state(b->leaders[div].status));
        SET("division-officer",
            exceptional(&b->leaders[div]) ? "exceptional_in_range" : "in_range");
    }
    if (good_order_table) {
        /* "Use the rating of the Corp commander (or the Army Commander if no
         * Corp commanders being used.)" */
        int cmd = chain_role(b, u, "corps");
        if (cmd < 0)
            cmd = chain_role(b, u, "army");
        if (cmd < 0)
            return gr_error_set(err, GR_EINPUT,
                                "%s has no corps or army commander in its chain of command: the "
                                "Good Order column is his rating; give the unit a leader in the "
                                "order of battle",
                                u->id);
        SET("rating", b->leaders[cmd].rating);
        /* A fallen corps commander: no valid command chain to him (one
         * chart below), docs/rules/nf.md. */
        if (!gr_bt_leader_active(&b->leaders[cmd]))
            SET("no-command-chain", "yes");
    }
    static const char *const own[] = {"division-in-range", NULL};
    static const char *const go[] = {"in-woods",           "on-road", "no-command-chain",
                                     "commander-in-range", "year",    NULL};
    static const char *const dis[] = {"in-woods", "on-road", "year", NULL};
    static const char *const react[] = {"in-woods", "no-command-chain", "commander-in-range",
                                        "year", NULL};
    return take_call(b, p, v, c,
                     !good_order_table          ? dis
                     : strcmp(v->name, "react") ? go
                                                : react,
                     own, out, err);
}

static gr_status prep_fire(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                           const gr_bt_call *c, gr_args *out, gr_error *err)
{
    const gr_bt_unit *u = &b->units[c->unit], *t = &b->units[c->target];
    if (u->arm == GR_BT_CAVALRY)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is mounted cavalry: the fire points chart has no row for it "
                            "(only dismounted cavalry fires)",
                            u->id);
    if (u->arm == GR_BT_ARTILLERY && u->guns == GR_GUNS_SILENCED)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s's guns are silenced: a silenced battery does not fire until the "
                            "next game turn (docs/rules/nf.md)",
                            u->id);
    if (u->arm == GR_BT_ARTILLERY && u->limbered)
        return gr_error_set(err, GR_EILLEGAL, "%s is limbered: a battery fires unlimbered", u->id);
    int inf = u->arm == GR_BT_INFANTRY;
    SET("firer", inf ? (strcmp(u->kind, "light") == 0 ? "light_infantry" : "infantry")
                 : strcmp(u->kind, "horse") == 0 ? "horse_artillery"
                                                 : "heavy_artillery");
    SET("nation", u->nation);
    if (inf) {
        static const char *const tr[] = {"grenadier", "guard",     "landwehr",
                                         "militia",   "guerrilla", NULL};
        for (int i = 0; tr[i]; i++)
            if (gr_bt_has_flag(u, tr[i]))
                SET("troops", tr[i]);
        if (gr_bt_has_flag(u, "old_guard"))
            SET("troops", "guard");
        SET("formation", strcmp(u->formation, "march_column") == 0 ? "other" : u->formation);
    }
    /* "All infantry stands may fire while in line formation. Only the front
     * stands may fire while in column": in line the companion counts them;
     * in any other formation the players say how many are in front. */
    const char *given = gr_bt_call_get(c, "stands");
    int left = gr_bt_unit_stands(u);
    if (inf && strcmp(u->formation, "line") != 0) {
        if (!given)
            return gr_error_set(err, GR_EINPUT,
                                "%s is in %s: only the front stands fire; give {stands} N (1 to "
                                "%d)",
                                u->id, u->formation, left);
        int n = atoi(given);
        if (n < 1 || n > left)
            return gr_error_set(err, GR_EINPUT,
                                "{stands} %s: %s has %d stand(s) left; accepted: "
                                "1 to %d",
                                given, u->id, left, left);
        SET("stands", given);
    } else {
        if (given)
            return gr_error_set(err, GR_EINPUT,
                                "{stands} is kept by the companion: %s %s fires with its %d "
                                "stand(s) left; leave it out",
                                u->id, inf ? "in line" : "(a battery)", left);
        SET_INT("stands", left);
    }
    if (t->arm == GR_BT_ARTILLERY) {
        SET("target", t->limbered ? "limbered_artillery" : "unlimbered_artillery");
        if (u->arm == GR_BT_ARTILLERY)
            SET("counter-battery", "yes");
    } else {
        SET("target", arm_name[t->arm]);
        SET("target-formation", t->formation);
    }
    if (u->disordered)
        SET("disordered", "yes");
    if (u->arm == GR_BT_ARTILLERY && u->sys[NFU_DAMAGED])
        SET("damaged", "yes");
    if (u->arm == GR_BT_ARTILLERY && gr_bt_has_flag(u, "guard"))
        SET("guard-artillery", "yes");
    if (gr_battle_attached_leader(b, c->target) >= 0)
        SET("target-officer", "yes");
    int phasing = b->phase % NF_SEGLEN == PH_FIRE;
    if (!phasing && gr_bt_call_get(c, "after-unlimbering"))
        return gr_error_set(err, GR_EINPUT,
                            "{after-unlimbering} is the phasing artillery's -1; this is the "
                            "non-phasing player's defensive fire");
    static const char *const own[] = {"stands", NULL};
    static const char *const ok[] = {"range",
                                     "cover",
                                     "enfiladed",
                                     "target-changed-formation",
                                     "target-charging",
                                     "after-unlimbering",
                                     "at-breakthrough",
                                     "angle",
                                     NULL};
    return take_call(b, p, v, c, ok, own, out, err);
}

/* The melee inputs of one side ("attacker" or "defender") from unit ui. */
static gr_status prep_melee_side(const gr_battle *b, const gr_procedure *p, const char *side,
                                 int ui, gr_args *out, gr_error *err)
{
    const gr_bt_unit *u = &b->units[ui];
    char k[GR_BT_ID + 24];
#define SIDE(name, text)                                                                           \
    do {                                                                                           \
        snprintf(k, sizeof k, "%s-%s", side, name);                                                \
        SET(k, text);                                                                              \
    } while (0)
    SIDE("arm", arm_name[u->arm]);
    SIDE("nation", u->nation);
    char n[16];
    snprintf(n, sizeof n, "%d", gr_bt_unit_stands(u));
    SIDE("stands", n);
    if (u->arm != GR_BT_ARTILLERY) {
        SIDE("condition", cond_name[u->condition]);
        /* The BEL cells on the stands left, so that a desperate struggle's
         * next round reads the brigade as it now is (worn_at / spent_at are
         * stands lost; the procedure takes the chart's stands left). */
        snprintf(n, sizeof n, "%d",
                 u->worn_at > 0 && u->worn_at < u->stands ? u->stands - u->worn_at : 0);
        SIDE("worn-left", n);
        snprintf(n, sizeof n, "%d",
                 u->spent_at > 0 && u->spent_at < u->stands ? u->stands - u->spent_at : 0);
        SIDE("spent-left", n);
    }
    SIDE("formation", troop_form(u));
    if (u->quality[0])
        SIDE("quality", u->quality);
    int att = gr_battle_attached_leader(b, ui);
    if (att >= 0) {
        const gr_bt_leader *l = &b->leaders[att];
        SIDE("leader", strcmp(l->kind, "melee_plus2") == 0 ? "attached_plus2"
                       : exceptional(l)                    ? "attached_exceptional"
                                                           : "attached");
    } else if (gr_bt_has_flag(u, "exceptional_brigade")) {
        SIDE("leader", "exceptional_brigade");
    }
    if (u->arm == GR_BT_INFANTRY) {
        static const char *const tr[] = {"grenadier", "guard",     "old_guard", "landwehr",
                                         "militia",   "guerrilla", NULL};
        if (strcmp(u->kind, "light") == 0)
            SIDE("troops", "light");
        for (int i = 0; tr[i]; i++)
            if (gr_bt_has_flag(u, tr[i]))
                SIDE("troops", tr[i]);
    }
    if (u->arm == GR_BT_CAVALRY) {
        if (strcmp(u->kind, "heavy") == 0)
            SIDE("heavy-cavalry", "yes");
        if (gr_bt_has_flag(u, "armored"))
            SIDE("armored", "yes");
        if (gr_bt_has_flag(u, "guard"))
            SIDE("guard-cavalry", "yes");
        if (gr_bt_has_flag(u, "cossack"))
            SIDE("troops", "cossack");
        if (gr_bt_has_flag(u, "militia_cavalry"))
            SIDE("troops", "militia_cavalry");
    }
    if (u->disordered)
        SIDE("disordered", "yes");
    if (u->lost_phase) {
        snprintf(n, sizeof n, "%d", u->lost_phase);
        SIDE("stands-lost", n);
    }
    if (u->sys[NFU_BREAKTHROUGH])
        SIDE("breakthrough", "yes");
#undef SIDE
    return GR_OK;
}

static gr_status prep_melee(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                            const gr_bt_call *c, gr_args *out, gr_error *err)
{
    const gr_bt_unit *u = &b->units[c->unit], *t = &b->units[c->target];
    if (u->arm == GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EILLEGAL, "%s is a battery: batteries do not charge", u->id);
    /* "Should the cavalry brigade or horse battery successfully evade, the
     * attacking infantry occupies the ground and is then done with its
     * movement": they are no longer in contact. */
    if (t->sys[NFU_EVADED] == c->unit + 1)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s evaded %s's charge in this maneuver phase: they are not in "
                            "contact, no melee between them this phase",
                            t->id, u->id);
    gr_status st;
    if ((st = prep_melee_side(b, p, "attacker", c->unit, out, err)) != GR_OK ||
        (st = prep_melee_side(b, p, "defender", c->target, out, err)) != GR_OK)
        return st;
    if (b->sys[NFB_YEAR])
        SET_INT("year", b->sys[NFB_YEAR]);
    if (t->sys[NFU_COUNTER] == c->unit + 1)
        SET("defender-countercharging", "yes");
    static const char *const ok[] = {"defender-terrain",
                                     "woods",
                                     "attacker-outflanked",
                                     "defender-outflanked",
                                     "bridge-assault",
                                     "allied-officer-rule",
                                     "year",
                                     NULL};
    return take_call(b, p, v, c, ok, NULL, out, err);
}

static gr_status prep_efc(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                          const gr_bt_call *c, gr_args *out, gr_error *err)
{
    const gr_bt_unit *u = &b->units[c->unit];
    if (u->arm != GR_BT_INFANTRY)
        return gr_error_set(err, GR_EINPUT,
                            "%s is %s: the emergency formation change is infantry's, charged "
                            "by cavalry",
                            u->id, arm_name[u->arm]);
    if (strcmp(u->formation, "square") == 0)
        return gr_error_set(err, GR_EILLEGAL, "%s is already in square", u->id);
    if (c->target >= 0 && b->units[c->target].arm != GR_BT_CAVALRY)
        return gr_error_set(err, GR_EINPUT,
                            "{target} %s is %s: the emergency formation change answers a "
                            "cavalry charge",
                            b->units[c->target].id, arm_name[b->units[c->target].arm]);
    SET("nation", u->nation);
    if (b->sys[NFB_YEAR])
        SET_INT("year", b->sys[NFB_YEAR]);
    SET("formation", strcmp(u->formation, "line") == 0 || strcmp(u->formation, "column") == 0 ||
                             strcmp(u->formation, "march_column") == 0
                         ? u->formation
                         : "other");
    static const char *const tr[] = {"grenadier", "guard",     "old_guard",
                                     "militia",   "guerrilla", NULL};
    for (int i = 0; tr[i]; i++)
        if (gr_bt_has_flag(u, tr[i]))
            SET("troops", tr[i]);
    int att = gr_battle_attached_leader(b, c->unit);
    if (att >= 0) {
        const gr_bt_leader *l = &b->leaders[att];
        int upper = strcmp(l->role, "brigade") != 0;
        SET("leader", upper && exceptional(l) ? "exceptional_upper_attached" : "attached");
    } else if (gr_bt_has_flag(u, "exceptional_brigade")) {
        SET("leader", "exceptional_brigade");
    }
    SET("condition", cond_name[u->condition]);
    if (u->disordered)
        SET("disordered", "yes");
    static const char *const ok[] = {"cavalry-over-half-move", "in-contact", "deployed", "year",
                                     NULL};
    return take_call(b, p, v, c, ok, NULL, out, err);
}

static gr_status prep_evasion(const gr_battle *b, const gr_procedure *p, const gr_bt_verb *v,
                              const gr_bt_call *c, gr_args *out, gr_error *err)
{
    const gr_bt_unit *u = &b->units[c->unit];
    const char *kind = NULL;
    if (u->arm == GR_BT_CAVALRY)
        kind = u->disordered ? "disordered_cavalry" : "good_order_cavalry";
    else if (u->arm == GR_BT_ARTILLERY && u->limbered)
        kind = "limbered_artillery";
    else if (u->arm == GR_BT_ARTILLERY && strcmp(u->kind, "horse") == 0)
        kind = "unlimbered_horse_artillery";
    if (!kind)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s cannot evade: the evasion chart has rows for cavalry, limbered "
                            "artillery and unlimbered horse artillery only",
                            u->id);
    SET("unit", kind);
    if (u->guns == GR_GUNS_SUPPRESSED && strcmp(kind, "unlimbered_horse_artillery") == 0)
        SET("suppressed", "yes");
    if (c->target >= 0) {
        const gr_bt_unit *t = &b->units[c->target];
        if (t->arm == GR_BT_ARTILLERY)
            return gr_error_set(err, GR_EINPUT, "{target} %s is a battery: batteries do not charge",
                                t->id);
        SET("attacker", arm_name[t->arm]);
    }
    return take_call(b, p, v, c, NULL, NULL, out, err);
}

static gr_status prep_leader(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                             gr_error *err)
{
    if (c->leader < 0 || c->leader >= b->nleaders)
        return gr_error_set(err, GR_EINPUT, "%s needs {leader} ID: %s", v->name, v->help);
    if (c->nin)
        return gr_error_set(err, GR_EINPUT, "%s takes no {%s}: %s", v->name, c->key[0], v->help);
    const gr_bt_leader *l = &b->leaders[c->leader];
    int side = gr_battle_active_side(b);
    if (l->side != side)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is a leader of the %s; in %s the %s attaches "
                            "and detaches his own",
                            l->id, b->side_name[l->side], b->rules->phases[b->phase].id,
                            b->side_name[side]);
    if (strcmp(v->name, "replace") == 0) {
        if (c->unit >= 0)
            return gr_error_set(err, GR_EINPUT, "replace takes no unit: %s", v->help);
        if (l->status != GR_BT_KILLED && l->status != GR_BT_WOUNDED && l->status != GR_BT_CAPTURED)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s is %s: only a fallen leader (killed, wounded, captured) is "
                                "replaced",
                                l->id, leader_state(l->status));
        return GR_OK;
    }
    if (!gr_bt_leader_active(l))
        return gr_error_set(err, GR_EILLEGAL, "%s is %s: he can no longer %s", l->id,
                            leader_state(l->status), v->name);
    if (strcmp(v->name, "detach") == 0) {
        if (c->unit >= 0)
            return gr_error_set(err, GR_EINPUT, "detach takes no unit: %s", v->help);
        if (l->attached < 0)
            return gr_error_set(err, GR_EILLEGAL, "%s is not attached to a unit", l->id);
        return GR_OK;
    }
    gr_status st = acting_unit(b, v, c->unit, side, "the phasing player's", 1, err);
    if (st != GR_OK)
        return st;
    if (l->attached == c->unit)
        return gr_error_set(err, GR_EILLEGAL, "%s is already attached to %s", l->id,
                            b->units[c->unit].id);
    int other = gr_battle_attached_leader(b, c->unit);
    if (other >= 0)
        return gr_error_set(err, GR_EILLEGAL, "%s already has %s attached: detach him first",
                            b->units[c->unit].id, b->leaders[other].id);
    return GR_OK;
}

/* Is verb `name` a test of the unit charged by the phasing player, the
 * non-phasing player's decision during the phasing player's move
 * (emergency_fc, evasion)? */
static int charged_verb(const char *name)
{
    return !strcmp(name, "emergency_fc") || !strcmp(name, "evasion");
}

static gr_status nf_prepare(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                            gr_args *out, gr_error *err)
{
    if (!v->procedure)
        return prep_leader(b, v, c, err);
    const gr_procedure *p = proc_of(v);
    int side = gr_battle_active_side(b);
    int step = b->phase % NF_SEGLEN;
    /* In the maneuver phase the phasing player moves; the charged unit that
     * tests (emergency formation change, evasion) is the other player's. */
    int charged = charged_verb(v->name);
    int acting = charged ? 1 - side : side;
    const char *role = charged               ? "charged by the phasing player, test"
                       : step == PH_FIRE_DEF ? "the non-phasing player's defensive fire"
                       : step == PH_REACTION ? "the non-phasing player's reaction"
                                             : "the phasing player's";
    int again = !strcmp(v->name, "melee") && c->unit >= 0 && c->unit < b->nunits &&
                b->units[c->unit].sys[NFU_BREAKTHROUGH];
    gr_status st = acting_unit(b, v, c->unit, acting, role, again, err);
    if (st != GR_OK)
        return st;
    if (c->target >= 0 && (st = enemy_unit(b, v, c->unit, c->target, err)) != GR_OK)
        return st;
    const gr_bt_unit *u = &b->units[c->unit];
    if (!strcmp(v->name, "maneuver") && u->disordered)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is disordered: a disordered unit must roll on the Disorder "
                            "table (verb disorder), not the Good Order table",
                            u->id);
    if (!strcmp(v->name, "disorder") && !u->disordered)
        return gr_error_set(err, GR_EILLEGAL,
                            "%s is in good order: the Disorder table is for disordered units; "
                            "a unit in good order may roll on the Good Order table (maneuver)",
                            u->id);
    if (!strcmp(v->name, "react")) {
        if (u->arm != GR_BT_CAVALRY || u->disordered)
            return gr_error_set(err, GR_EILLEGAL,
                                "%s is not good order cavalry: only good order cavalry may "
                                "react",
                                u->id);
        /* "Eligible non-phasing cavalry may attempt to countercharge if
         * charged by cavalry": --target names the charging cavalry. */
        if (c->target >= 0 && b->units[c->target].arm != GR_BT_CAVALRY)
            return gr_error_set(err, GR_EILLEGAL,
                                "{target} %s is %s: a countercharge answers a charge by "
                                "cavalry; leave {target} out for a reaction move",
                                b->units[c->target].id, arm_name[b->units[c->target].arm]);
        SET("reaction", "yes");
    }
    if (!strcmp(v->name, "maneuver") || !strcmp(v->name, "react"))
        return prep_move(b, p, v, c, c->unit, 1, out, err);
    if (!strcmp(v->name, "disorder"))
        return prep_move(b, p, v, c, c->unit, 0, out, err);
    if (!strcmp(v->name, "fire"))
        return prep_fire(b, p, v, c, out, err);
    if (!strcmp(v->name, "melee"))
        return prep_melee(b, p, v, c, out, err);
    if (!strcmp(v->name, "emergency_fc"))
        return prep_efc(b, p, v, c, out, err);
    return prep_evasion(b, p, v, c, out, err);
}

/* ---- phases ------------------------------------------------------------------- */

/* An emergency formation change or an evasion is the charged unit's side's
 * decision, during the phasing player's move; every other verb is the
 * acting side's. */
static int nf_decider(const gr_battle *b, const gr_bt_call *c)
{
    int side = gr_battle_active_side(b);
    return charged_verb(c->verb) ? 1 - side : side;
}

static void nf_phase_begins(gr_battle *b)
{
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        /* An evasion and a countercharge last the segment they were made in. */
        if (b->phase % NF_SEGLEN == 0)
            u->sys[NFU_EVADED] = u->sys[NFU_COUNTER] = 0;
        /* A breakthrough charges on in the same melee phase only. */
        u->sys[NFU_BREAKTHROUGH] = 0;
        /* Suppressed and silenced guns serve again from the next game turn
         * (docs/rules/nf.md: the seed gives no duration). */
        if (b->phase == 0 && (u->guns == GR_GUNS_SUPPRESSED || u->guns == GR_GUNS_SILENCED))
            u->guns = u->sys[NFU_DAMAGED] ? GR_GUNS_DAMAGED : GR_GUNS_NONE;
    }
}

const gr_battle_rules gr_bt_nf_rules = {
    .system = "nf",
    GR_ARRAY(phases, nf_phases),
    GR_ARRAY(verbs, nf_verbs),
    .setup = nf_setup,
    .prepare = nf_prepare,
    .apply = bt_nf_apply,
    .phase_begins = nf_phase_begins,
    .decider = nf_decider,
    .sheet_lang = GR_LANG_EN,
    .phase_translated = nf_phases_fr,
    .verb_labels = nf_verb_labels,
};
