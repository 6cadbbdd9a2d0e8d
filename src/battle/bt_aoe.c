/* bt_aoe.c - the battle companion's rules for L'Âge des Aigles (aoe): the
 * sequence of play of seeds 000 and 003 (the initiative interphase, then
 * each player's segment: movement a-d, fire a-b, combat), the verbs of each
 * phase, the order of battle's checks and every procedure input the
 * battle's state knows.  The results' effects applied back to the state,
 * with the instructions for the table, are bt_aoe_apply.c's.  Readings the
 * seeds leave open are written in docs/rules/aoe.md, "The battle
 * companion". */
#include "bt_aoe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEQ "seed 000 and seed 003, Séquence de jeu"

/* ---- the sequence of play ------------------------------------------------ */

/* The phases (PH_* in bt_aoe.h), as the seed prints them. */
#define S2 " (« Procéder comme pour le 1er joueur »)"
static const gr_bt_phase aoe_phases[PH_COUNT] = {
    [PH_INITIATIVE] = {"initiative", "Interphase d'initiative", SEQ, GR_BT_BOTH_PLAYERS, -1},
    [PH_S1_LEADERS] = {"s1_leaders",
                       "Segment 1er joueur, Phase (1) Mouvement: a. Remplacer, attacher & "
                       "détacher les généraux",
                       SEQ, GR_BT_FIRST_PLAYER, 0},
    [PH_S1_RESERVE] = {"s1_reserve",
                       "Segment 1er joueur, Phase (1) Mouvement: b. Mouvement des réserves", SEQ,
                       GR_BT_FIRST_PLAYER, 0},
    [PH_S1_TACTICAL] = {"s1_tactical",
                        "Segment 1er joueur, Phase (1) Mouvement: c. Mouvements tactiques", SEQ,
                        GR_BT_FIRST_PLAYER, 0},
    [PH_S1_GENERALS] = {"s1_generals",
                        "Segment 1er joueur, Phase (1) Mouvement: d. Mouvement des généraux "
                        "détachés",
                        SEQ, GR_BT_FIRST_PLAYER, 0},
    [PH_S1_FIRE_A] = {"s1_fire_second",
                      "Segment 1er joueur, Phase (2) Tirs: a. Tirs du 2e joueur et application "
                      "des résultats",
                      SEQ, GR_BT_SECOND_PLAYER, 0},
    [PH_S1_FIRE_B] = {"s1_fire_first",
                      "Segment 1er joueur, Phase (2) Tirs: b. Tirs du 1er joueur et application "
                      "des résultats",
                      SEQ, GR_BT_FIRST_PLAYER, 0},
    [PH_S1_COMBAT] = {"s1_combat",
                      "Segment 1er joueur, Phase (3) Combats: résolution des combats et percées "
                      "résultant des charges et contre-charges, avec application simultanée des "
                      "résultats",
                      SEQ, GR_BT_FIRST_PLAYER, 0},
    [PH_S2_LEADERS] = {"s2_leaders",
                       "Segment 2e joueur, Phase (1) Mouvement: a. Remplacer, attacher & "
                       "détacher les généraux",
                       SEQ S2, GR_BT_SECOND_PLAYER, 1},
    [PH_S2_RESERVE] = {"s2_reserve",
                       "Segment 2e joueur, Phase (1) Mouvement: b. Mouvement des réserves", SEQ S2,
                       GR_BT_SECOND_PLAYER, 1},
    [PH_S2_TACTICAL] = {"s2_tactical",
                        "Segment 2e joueur, Phase (1) Mouvement: c. Mouvements tactiques", SEQ S2,
                        GR_BT_SECOND_PLAYER, 1},
    [PH_S2_GENERALS] = {"s2_generals",
                        "Segment 2e joueur, Phase (1) Mouvement: d. Mouvement des généraux "
                        "détachés",
                        SEQ S2, GR_BT_SECOND_PLAYER, 1},
    [PH_S2_FIRE_A] = {"s2_fire_first",
                      "Segment 2e joueur, Phase (2) Tirs: a. Tirs du 1er joueur (l'adversaire) "
                      "et application des résultats",
                      SEQ S2, GR_BT_FIRST_PLAYER, 1},
    [PH_S2_FIRE_B] = {"s2_fire_second",
                      "Segment 2e joueur, Phase (2) Tirs: b. Tirs du 2e joueur et application "
                      "des résultats",
                      SEQ S2, GR_BT_SECOND_PLAYER, 1},
    [PH_S2_COMBAT] = {"s2_combat",
                      "Segment 2e joueur, Phase (3) Combats: résolution des combats et percées "
                      "résultant des charges et contre-charges, avec application simultanée des "
                      "résultats",
                      SEQ S2, GR_BT_SECOND_PLAYER, 1},
};
#undef S2

#define BIT(k) (UINT64_C(1) << (k))

/* ---- the verbs ------------------------------------------------------------- */

static const gr_bt_verb aoe_verbs[V_COUNT] = {
    [V_INITIATIVE] = {"initiative", "initiative", BIT(PH_INITIATIVE), 0,
                      "initiative [--choose first|second]: the commanders-in-chief's D10 each, "
                      "-1 per critical level (`critical`) (from turn 2); the winner chooses to "
                      "be 1st player (first) or not (second)"},
    [V_ATTACH] = {"attach", NULL, BIT(PH_S1_LEADERS) | BIT(PH_S2_LEADERS), 0,
                  "attach UNIT --leader ID: attach a general to a brigade of his side (no roll)"},
    [V_DETACH] = {"detach", NULL, BIT(PH_S1_LEADERS) | BIT(PH_S2_LEADERS), 0,
                  "detach --leader ID: detach an attached general (no roll)"},
    [V_RESERVE] = {"reserve", "movement", BIT(PH_S1_RESERVE) | BIT(PH_S2_RESERVE), 0,
                   "reserve UNIT [--terrain nominal|road|difficult|ford] [--napoleon-adc 1]: "
                   "a brigade's reserve movement test (Table des mouvements, réserve)"},
    [V_MOVEMENT] = {"movement", "movement", BIT(PH_S1_TACTICAL) | BIT(PH_S2_TACTICAL), 0,
                    "movement UNIT [--terrain T] [--deployment D] [--units-passed N] "
                    "[--unsecured-flank 1] [--withdrawing 1] [--charging 1] "
                    "[--out-of-radius ID,ID]: a brigade's tactical movement test"},
    [V_FORMATION] = {"formation", NULL, BIT(PH_S1_TACTICAL) | BIT(PH_S2_TACTICAL), 0,
                     "formation UNIT --to line|supported_line|column|road_column|square|skirmish: "
                     "record a change of formation (no roll; refused if its movement result "
                     "forbids it)"},
    [V_BATTERY] = {"battery", NULL, BIT(PH_S1_TACTICAL) | BIT(PH_S2_TACTICAL), 0,
                   "battery UNIT --action limber|unlimber|move|pivot: one of a battery's two "
                   "actions of its friendly segment (no roll)"},
    [V_FIRE] = {"fire", "fire",
                BIT(PH_S1_FIRE_A) | BIT(PH_S1_FIRE_B) | BIT(PH_S2_FIRE_A) | BIT(PH_S2_FIRE_B), 1,
                "fire UNIT --target UNIT [--range INCHES (artillery)] [--cover 0-3] "
                "[--enfilade 1] [--target-grand-battery 1] [--stands-firing N]"},
    [V_COMBAT] = {"combat", "combat", BIT(PH_S1_COMBAT) | BIT(PH_S2_COMBAT), 1,
                  "combat UNIT --target UNIT [--charge-distance INCHES] [--defender-cover 0-3] "
                  "[--defender-outflanked 1]: the attacker against the defender"},
    [V_ZONE] = {"zone", NULL, ~UINT64_C(0) >> (64 - PH_COUNT) & ~BIT(PH_INITIATIVE), 0,
                "zone UNIT --to reserve|tactical: the unit is in the reserve zone (no enemy "
                "within 18\") or the tactical zone"},
    [V_COUNTERCHARGE] = {"countercharge", NULL, BIT(PH_S1_COMBAT) | BIT(PH_S2_COMBAT), 1,
                         "countercharge UNIT --target UNIT: the defender's cavalry brigade UNIT "
                         "counter-charges the charging cavalry brigade (no roll; before their "
                         "combat)"},
    [V_GENERAL_HIT] = {"general_hit", "general_hit",
                       BIT(PH_S1_FIRE_A) | BIT(PH_S1_FIRE_B) | BIT(PH_S2_FIRE_A) |
                           BIT(PH_S2_FIRE_B),
                       0,
                       "general_hit --leader ID: the Généraux touchés check due for a second "
                       "general attached to a brigade that lost stands to fire this phase"},
    [V_CRITICAL] = {"critical", NULL, ~UINT64_C(0) >> (64 - PH_COUNT), 0,
                    "critical --side 0|1 --levels N: the critical levels that side's army has "
                    "reached or passed (no roll; -1 each to its initiative roll)"},
};

/* The sheet's sequence of play in English (seed 000, "Séquence de jeu"),
 * for the English page: the titles above are the sheet's own words. */
#define SEG1 "1st player's segment, "
#define SEG2 "2nd player's segment, "
#define MOVE "Phase (1) Movement: "
#define FIRE "Phase (2) Fire: "
#define COMBAT                                                                                     \
    "Phase (3) Combat: combats and breakthroughs resulting from charges and counter-charges "      \
    "resolved, their results applied simultaneously"
static const char *const aoe_phases_en[PH_COUNT] = {
    [PH_INITIATIVE] = "Initiative interphase",
    [PH_S1_LEADERS] = SEG1 MOVE "a. Replace, attach & detach generals",
    [PH_S1_RESERVE] = SEG1 MOVE "b. Reserve movement",
    [PH_S1_TACTICAL] = SEG1 MOVE "c. Tactical movement",
    [PH_S1_GENERALS] = SEG1 MOVE "d. Movement of detached generals",
    [PH_S1_FIRE_A] = SEG1 FIRE "a. The 2nd player's fire, its results applied",
    [PH_S1_FIRE_B] = SEG1 FIRE "b. The 1st player's fire, its results applied",
    [PH_S1_COMBAT] = SEG1 COMBAT,
    [PH_S2_LEADERS] = SEG2 MOVE "a. Replace, attach & detach generals",
    [PH_S2_RESERVE] = SEG2 MOVE "b. Reserve movement",
    [PH_S2_TACTICAL] = SEG2 MOVE "c. Tactical movement",
    [PH_S2_GENERALS] = SEG2 MOVE "d. Movement of detached generals",
    [PH_S2_FIRE_A] = SEG2 FIRE "a. The 1st player's (the opponent's) fire, its results applied",
    [PH_S2_FIRE_B] = SEG2 FIRE "b. The 2nd player's fire, its results applied",
    [PH_S2_COMBAT] = SEG2 COMBAT,
};
#undef SEG1
#undef SEG2
#undef MOVE
#undef FIRE
#undef COMBAT

/* The verbs as a player reads them: the French is the sheet's word for the
 * test or the step (seeds 000 and 003: "Tirs", "Combats", "Mouvement des
 * réserves", "Mouvements tactiques", "Généraux touchés"). */
static const gr_bt_label aoe_verb_labels[V_COUNT] = {
    [V_INITIATIVE] = {"Initiative", "Initiative"},
    [V_ATTACH] = {"Attach a general", "Attacher un général"},
    [V_DETACH] = {"Detach a general", "Détacher un général"},
    [V_RESERVE] = {"Reserve movement", "Mouvement des réserves"},
    [V_MOVEMENT] = {"Tactical movement", "Mouvements tactiques"},
    [V_FORMATION] = {"Change of formation", "Changement de formation"},
    [V_BATTERY] = {"Battery action", "Action d'une batterie"},
    [V_FIRE] = {"Fire", "Tirs"},
    [V_COMBAT] = {"Combat", "Combats"},
    [V_ZONE] = {"Reserve or tactical zone", "Zone de réserve ou tactique"},
    [V_COUNTERCHARGE] = {"Counter-charge", "Contre-charge"},
    [V_GENERAL_HIT] = {"Generals hit", "Généraux touchés"},
    [V_CRITICAL] = {"Critical levels", "Niveaux critiques"},
};

int bt_aoe_verb_index(const gr_bt_verb *v)
{
    return (int)(v - aoe_verbs);
}

/* ---- vocabulary (checked by setup; docs/rules/aoe.md) -------------------- */

static const char *const qualities[] = {"other", "regular", "elite", NULL};
static const char *const inf_formations[] = {"line",   "supported_line", "column", "road_column",
                                             "square", "skirmish",       NULL};
static const char *const cav_formations[] = {"line", "column", "road_column", NULL};
static const char *const art_formations[] = {"unlimbered", "limbered", NULL};
static const char *const nations[] = {
    "french",   "british",  "kgl",        "portuguese",    "spanish",     "russian",    "austrian",
    "prussian", "bavarian", "saxon",      "wurttemberg",   "westphalian", "baden",      "hessian",
    "polish",   "italian",  "neapolitan", "dutch_belgian", "brunswick",   "hanoverian", "nassau",
    "swedish",  "danish",   "ottoman",    "other",         NULL};
static const char *const inf_kinds[] = {"columnar", "linear", "mixed", NULL};
static const char *const cav_kinds[] = {"light", "heavy", "cuirassier", "lancers", NULL};
static const char *const art_kinds[] = {"foot", "horse", NULL};
static const char *const weights[] = {"heavy", "light", NULL};
static const char *const unit_flags[] = {"sk", "two_ranks", "old_guard", NULL};
static const char *const ratings[] = {"ordinary", "charismatic", NULL};

/* The commanders-in-chief's labels: the movement procedure's own list. */
static const char *const *commander_labels(void)
{
    const gr_system *s = gr_system_find("aoe");
    const gr_procedure *p = s ? gr_system_procedure(s, "movement") : NULL;
    int k = p ? gr_param_index(p->params, p->nparams, "commander") : -1;
    return k >= 0 ? p->params[k].choices : NULL;
}

static gr_status refuse_id(gr_error *err, const gr_bt_unit *u, const char *field, const char *val,
                           const char *const *accepted)
{
    char list[600];
    gr_bt_words(accepted, list, sizeof list);
    return gr_error_set(err, GR_EINPUT,
                        "%d:%d: unit \"%s\": %s \"%s\" is not an aoe %s; accepted: %s", u->line,
                        u->col, u->id, field, val, field, list);
}

static gr_status check_unit(gr_bt_unit *u, gr_error *err)
{
    const char *const *forms = u->arm == GR_BT_INFANTRY  ? inf_formations
                               : u->arm == GR_BT_CAVALRY ? cav_formations
                                                         : art_formations;
    const char *const *kinds = u->arm == GR_BT_INFANTRY  ? inf_kinds
                               : u->arm == GR_BT_CAVALRY ? cav_kinds
                                                         : art_kinds;
    /* A battery's quality may be left "". */
    if ((u->arm != GR_BT_ARTILLERY || u->quality[0]) && gr_bt_word(qualities, u->quality) < 0)
        return refuse_id(err, u, "quality", u->quality, qualities);
    if (gr_bt_word(forms, u->formation) < 0)
        return refuse_id(err, u, "formation", u->formation, forms);
    if (gr_bt_word(nations, u->nation) < 0)
        return refuse_id(err, u, "nation", u->nation, nations);
    /* Light cavalry is the default: "" reads "light". */
    if (!(u->arm == GR_BT_CAVALRY && !u->kind[0]) && gr_bt_word(kinds, u->kind) < 0)
        return refuse_id(err, u, "kind", u->kind, kinds);
    if (u->arm == GR_BT_ARTILLERY && gr_bt_word(weights, u->weapon) < 0)
        return refuse_id(err, u, "weapon", u->weapon, weights);
    if (u->arm != GR_BT_ARTILLERY && u->weapon[0]) {
        static const char *const none[] = {"\"\" (only a battery has a weapon: heavy or light)",
                                           NULL};
        return refuse_id(err, u, "weapon", u->weapon, none);
    }
    for (int i = 0; i < u->nflags; i++)
        if (gr_bt_word(unit_flags, u->flags[i]) < 0)
            return refuse_id(err, u, "flag", u->flags[i], unit_flags);
    if (u->stands < 1)
        return gr_error_set(err, GR_EINPUT, "%d:%d: unit \"%s\": stands %d; accepted: 1 or more",
                            u->line, u->col, u->id, u->stands);
    /* Conditions (docs/rules/aoe.md): a brigade is fresh (« fraîche ») until
     * it has lost worn_at stands (1 when not given: until its first stand
     * lost), then normal, spent (« épuisée ») at spent_at, which the order of
     * battle must give: the sheet prints no chart.  A battery is never fresh
     * nor spent (the lines say « Brigade »). */
    if (u->arm == GR_BT_ARTILLERY) {
        if (u->worn_at == GR_BT_UNSET)
            u->worn_at = 0;
        if (u->spent_at == GR_BT_UNSET)
            u->spent_at = -1;
    } else {
        if (u->worn_at == GR_BT_UNSET)
            u->worn_at = 1;
        if (u->spent_at == GR_BT_UNSET)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: unit \"%s\": \"spent\" is missing: L'Âge des Aigles needs "
                                "each brigade's spent level (stands lost at which it is « "
                                "épuisée »), printed on its roster; the tables sheet has no "
                                "chart to compute it. Add \"spent\": N (1 to %d)",
                                u->line, u->col, u->id, u->stands);
    }
    if (u->spent_at > u->stands || u->worn_at > u->stands)
        return gr_error_set(err, GR_EINPUT,
                            "%d:%d: unit \"%s\": worn %d / spent %d beyond its %d stands; "
                            "accepted: 0 to %d, or -1 (never)",
                            u->line, u->col, u->id, u->worn_at, u->spent_at, u->stands, u->stands);
    if (u->spent_at >= 0 && u->worn_at > u->spent_at)
        return gr_error_set(err, GR_EINPUT,
                            "%d:%d: unit \"%s\": worn %d after spent %d; worn must come first "
                            "(worn <= spent)",
                            u->line, u->col, u->id, u->worn_at, u->spent_at);
    u->limbered = u->arm == GR_BT_ARTILLERY && strcmp(u->formation, "limbered") == 0;
    return GR_OK;
}

static gr_status aoe_setup(gr_battle *b, gr_error *err)
{
    for (int i = 0; i < b->nunits; i++) {
        gr_status st = check_unit(&b->units[i], err);
        if (st != GR_OK)
            return st;
    }
    const char *const *labels = commander_labels();
    for (int i = 0; i < b->nleaders; i++) {
        gr_bt_leader *l = &b->leaders[i];
        char list[600];
        if (gr_bt_word(ratings, l->rating) < 0) {
            gr_bt_words(ratings, list, sizeof list);
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\": rating \"%s\" is not an aoe rating; "
                                "accepted: %s",
                                l->line, l->col, l->id, l->rating, list);
        }
        if (strcmp(l->role, "army") == 0) {
            if (!labels || gr_bt_word(labels, l->kind) < 0) {
                if (labels)
                    gr_bt_words(labels, list, sizeof list);
                return gr_error_set(err, GR_EINPUT,
                                    "%d:%d: leader \"%s\": the commander-in-chief's kind \"%s\" "
                                    "is not a label of the reserve movement list (seed 000); "
                                    "accepted: %s",
                                    l->line, l->col, l->id, l->kind, labels ? list : "?");
            }
        } else if (l->kind[0]) {
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\": kind \"%s\" is only for the army's "
                                "commander-in-chief (role \"army\"); leave it \"\"",
                                l->line, l->col, l->id, l->kind);
        }
        if (l->attached >= 0 && b->units[l->attached].side != l->side)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\" is attached to \"%s\" of the other side",
                                l->line, l->col, l->id, b->units[l->attached].id);
        if (l->attached >= 0 && b->units[l->attached].arm == GR_BT_ARTILLERY)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\" is attached to the battery \"%s\"; a "
                                "general attaches to a brigade (docs/rules/aoe.md)",
                                l->line, l->col, l->id, b->units[l->attached].id);
    }
    for (int s = 0; s < 2; s++) {
        int n = 0;
        for (int i = 0; i < b->nleaders; i++)
            n += b->leaders[i].side == s && strcmp(b->leaders[i].role, "army") == 0;
        if (n > 1)
            return gr_error_set(err, GR_EINPUT,
                                "side %d (%s) has %d leaders with role \"army\"; L'Âge des Aigles "
                                "has one commander-in-chief per side",
                                s, b->side_name[s], n);
    }
    return GR_OK;
}

/* ---- small helpers --------------------------------------------------------- */

static const gr_bt_phase *phase(const gr_battle *b)
{
    return &b->rules->phases[b->phase];
}

/* The segment's own number over the battle: turn * 2 + segment. */
int bt_aoe_segment_no(const gr_battle *b)
{
    return b->turn * 2 + (phase(b)->segment < 0 ? 0 : phase(b)->segment);
}

/* The side whose segment this is (the phasing player). */
int bt_aoe_phasing_side(const gr_battle *b)
{
    return phase(b)->segment == 1 ? 1 - b->first : b->first;
}

static int cinc(const gr_battle *b, int side)
{
    for (int i = 0; i < b->nleaders; i++)
        if (b->leaders[i].side == side && strcmp(b->leaders[i].role, "army") == 0)
            return i;
    return -1;
}

/* Is the side's commander-in-chief engaged (attached), captured, killed or
 * otherwise out of play? */
static int cinc_engaged(const gr_battle *b, int side)
{
    int c = cinc(b, side);
    if (c < 0)
        return 0;
    return b->leaders[c].attached >= 0 || !gr_bt_leader_active(&b->leaders[c]);
}

/* The best active general attached to unit u: 0 none, 1 ordinary, 2
 * charismatic; *idx his index. */
int bt_aoe_attached_rating(const gr_battle *b, int u, int *idx)
{
    int best = 0;
    if (idx)
        *idx = -1;
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        if (l->attached != u || !gr_bt_leader_active(l))
            continue;
        int r = strcmp(l->rating, "charismatic") == 0 ? 2 : 1;
        if (r > best) {
            best = r;
            if (idx)
                *idx = i;
        }
    }
    return best;
}

/* Is a Généraux touchés check due for leader l (B_GH_DUE_LO / _HI, bit
 * l % 32)?  Set by a fire whose target lost stands with more than one
 * general attached; made by `general_hit`; cleared when the phase ends. */
static int gh_due(const gr_battle *b, int l)
{
    int slot = l < 32 ? B_GH_DUE_LO : B_GH_DUE_HI;
    return (int)(((unsigned)b->sys[slot] >> (unsigned)(l % 32)) & 1u);
}

void bt_aoe_gh_set_due(gr_battle *b, int l, int on)
{
    int slot = l < 32 ? B_GH_DUE_LO : B_GH_DUE_HI;
    unsigned m = 1u << (unsigned)(l % 32), v = (unsigned)b->sys[slot];
    b->sys[slot] = (int)(on ? v | m : v & ~m);
}

static int is_french(const gr_battle *b, int side)
{
    int fr = 0, n = 0;
    for (int i = 0; i < b->nunits; i++)
        if (b->units[i].side == side) {
            n++;
            fr += strcmp(b->units[i].nation, "french") == 0;
        }
    return n > 0 && 2 * fr > n;
}

typedef struct fact {
    const char *key;
    const char *why; /* NULL: the players give it; else why the companion knows it */
} fact;

/* Check the call's table facts against what verb `v` takes: a fact the
 * state knows is refused with the reason, an unknown one with the list. */
static gr_status check_facts(const gr_bt_verb *v, const gr_bt_call *c, const fact *facts,
                             gr_error *err)
{
    for (int i = 0; i < c->nin; i++) {
        const fact *f = NULL;
        for (int k = 0; facts[k].key; k++)
            if (strcmp(facts[k].key, c->key[i]) == 0)
                f = &facts[k];
        if (f && f->why)
            return gr_error_set(err, GR_EINPUT,
                                "%s: {%s} is kept by the companion (%s); leave it out", v->name,
                                c->key[i], f->why);
        if (!f) {
            char list[400];
            size_t n = 0;
            list[0] = '\0';
            for (int k = 0; facts[k].key && n < sizeof list; k++)
                if (!facts[k].why)
                    n += (size_t)snprintf(list + n, sizeof list - n, "%s--%s", n ? ", " : "",
                                          facts[k].key);
            return gr_error_set(err, GR_EINPUT, "%s takes no {%s}; it takes: %s (%s)", v->name,
                                c->key[i], n ? list : "nothing", v->help);
        }
    }
    return GR_OK;
}

static int call_flag(const gr_bt_call *c, const char *key)
{
    const char *v = gr_bt_call_get(c, key);
    return v && (strcmp(v, "1") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "true") == 0);
}

/* The unit u may act for the current phase's side (a removed unit is
 * refused before, by aoe_prepare). */
static gr_status can_act(const gr_battle *b, const gr_bt_verb *v, int u, gr_error *err)
{
    if (u < 0 || u >= b->nunits)
        return gr_error_set(err, GR_EINPUT, "%s needs a unit: %s", v->name, v->help);
    const gr_bt_unit *x = &b->units[u];
    int side = gr_battle_active_side(b);
    if (x->side != side)
        return gr_error_set(err, GR_EILLEGAL, "%s: \"%s\" is of the %s; in %s (%s) the %s act",
                            v->name, x->id, b->side_name[x->side], phase(b)->id, phase(b)->title,
                            b->side_name[side]);
    return GR_OK;
}

/* Set input `name` of p to `text`; a NULL text leaves it unset. */
static gr_status set(const gr_procedure *p, gr_args *a, const char *name, const char *text,
                     gr_error *err)
{
    return text ? gr_bt_set(p, a, name, text, err) : GR_OK;
}

/* Set the yes/no input `name` when `on`. */
static gr_status set_flag(const gr_procedure *p, gr_args *a, const char *name, int on,
                          gr_error *err)
{
    return set(p, a, name, on ? "1" : NULL, err);
}

/* Set the count `name` when it is not 0 (every count's default). */
static gr_status set_int(const gr_procedure *p, gr_args *a, const char *name, int v, gr_error *err)
{
    if (!v)
        return GR_OK;
    /* the digits by hand: prepare runs for every test a search lists */
    char buf[16], *d = buf + sizeof buf;
    unsigned m = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    *--d = 0;
    do
        *--d = (char)('0' + m % 10);
    while (m /= 10);
    if (v < 0)
        *--d = '-';
    return set(p, a, name, d, err);
}

/* Pass the call's facts `keys` on as the inputs of the same names. */
static gr_status pass_on(const gr_procedure *p, gr_args *a, const gr_bt_call *c,
                         const char *const *keys, gr_error *err)
{
    gr_status st = GR_OK;
    for (int i = 0; keys[i] && st == GR_OK; i++)
        st = set(p, a, keys[i], gr_bt_call_get(c, keys[i]), err);
    return st;
}

static const gr_procedure *proc(const char *name)
{
    const gr_system *s = gr_system_find("aoe");
    return s ? gr_system_procedure(s, name) : NULL;
}

/* The unit's row of the Table des vitesses. */
static const char *speed_row(const gr_bt_unit *u)
{
    if (u->arm == GR_BT_CAVALRY)
        return "cavalry";
    if (u->arm == GR_BT_ARTILLERY)
        return strcmp(u->kind, "horse") == 0 ? "horse_artillery" : "foot_artillery";
    if (strcmp(u->kind, "linear") == 0)
        return "linear_infantry";
    if (strcmp(u->kind, "mixed") == 0)
        return "mixed_infantry";
    return "columnar_infantry";
}

/* The unit's speed in milli-inches on a terrain column of the Table des
 * vitesses ("nominal", "road", "difficult", "ford"), 0 if it cannot be
 * read. */
int64_t gr_bt_aoe_speed(const gr_bt_unit *u, const char *terrain)
{
    const gr_system *s = gr_system_find("aoe");
    const gr_table *t = s ? gr_system_table(s, "speed") : NULL;
    if (!t)
        return 0;
    gr_args a = {0};
    gr_error e;
    if (gr_args_set(t->params, 0, speed_row(u), &a, &e) != GR_OK ||
        gr_args_set(t->params, 1, terrain, &a, &e) != GR_OK)
        return 0;
    gr_cell cell = {0};
    if (t->lookup(&a, &cell, &e) != GR_OK || cell.nfields < 1)
        return 0;
    return cell.fields[0].i;
}

/* The unit's nominal speed in milli-inches (Table des vitesses). */
int64_t bt_aoe_nominal_speed(const gr_bt_unit *u)
{
    return gr_bt_aoe_speed(u, "nominal");
}

/* « - 3" par unité traversée » (under the Table des vitesses): the rules
 * layer's one value (src/rules/aoe/aoe_tables.c). */
extern const int64_t aoe_pass_through_milli;

int64_t gr_bt_aoe_pass_through(void)
{
    return aoe_pass_through_milli;
}

/* The range columns of the PUISSANCE rows of the artillery (seed 003), the
 * rules layer's one copy (src/rules/aoe/aoe_tables.c). */
extern const int *const aoe_art_range_columns;
extern const int aoe_art_range_ncolumns;

int gr_bt_aoe_fire_bands(const gr_bt_unit *u, int64_t *limits, int cap)
{
    int n = u->arm == GR_BT_ARTILLERY ? aoe_art_range_ncolumns : 1;
    for (int i = 0; i < n && i < cap; i++)
        limits[i] = aoe_art_range_columns[i];
    return n;
}

/* ---- prepare: each verb's inputs from the state ------------------------- */

/* The initiative interphase's roll: from turn 2, once a turn (the one
 * verb of aoe whose phase is not the whole rule of when it is open). */
static gr_status aoe_verb_open(const gr_battle *b, const gr_bt_verb *v, gr_error *err)
{
    if (v != &aoe_verbs[V_INITIATIVE])
        return GR_OK;
    if (b->turn == 1)
        return gr_error_set(err, GR_EILLEGAL,
                            "initiative: on turn 1 the order of battle names the first player "
                            "(%s); the interphase is rolled from turn 2: `next`",
                            b->side_name[b->first]);
    if (b->sys[B_INITIATIVE_TURN] == b->turn)
        return gr_error_set(err, GR_EILLEGAL,
                            "initiative: already rolled this turn; `undo` to roll it again");
    return GR_OK;
}

static const fact initiative_facts[] = {
    {"choose", NULL},
    {"side0-critical-levels", "the critical levels recorded with `critical --side 0 "
                              "--levels N`"},
    {"side1-critical-levels", "the critical levels recorded with `critical --side 1 "
                              "--levels N`"},
    {"first-cinc-engaged", "whether each commander-in-chief is attached, captured or killed"},
    {"second-cinc-engaged", "whether each commander-in-chief is attached, captured or killed"},
    {"french", "the sides' nations (the order of battle)"},
    {"first-critical-levels", "the critical levels recorded with `critical --side 0 "
                              "--levels N`"},
    {"second-critical-levels", "the critical levels recorded with `critical --side 1 "
                               "--levels N`"},
    {NULL, NULL}};

static gr_status prep_initiative(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                                 gr_args *out, gr_error *err)
{
    gr_status st;
    if (c->unit >= 0)
        return gr_error_set(err, GR_EINPUT,
                            "initiative takes no unit: the commanders-in-chief roll (%s)", v->help);
    const char *ch = gr_bt_call_get(c, "choose");
    if (ch && strcmp(ch, "first") && strcmp(ch, "second"))
        return gr_error_set(err, GR_EINPUT,
                            "initiative {choose} \"%s\": accepted: first (the winner is 1st "
                            "player), second (he lets the other side be 1st player)",
                            ch);
    const gr_procedure *p = proc("initiative");
    /* The procedure's "first" and "second" commanders are sides 0 and 1. */
    /* « -1 Par niveau critique atteint ou dépassé », « DRM applicables
     * seulement pendant l'Interphase d'initiative »: each army's levels as
     * recorded (`critical`). */
    int f0 = is_french(b, 0), f1 = is_french(b, 1);
    if ((st = set_int(p, out, "first-critical-levels", b->sys[B_CRITICAL_0], err)) != GR_OK ||
        (st = set_int(p, out, "second-critical-levels", b->sys[B_CRITICAL_1], err)) != GR_OK ||
        (st = set_flag(p, out, "first-cinc-engaged", cinc_engaged(b, 0), err)) != GR_OK ||
        (st = set_flag(p, out, "second-cinc-engaged", cinc_engaged(b, 1), err)) != GR_OK)
        return st;
    return set(p, out, "french", f0 == f1 ? NULL : f0 ? "first" : "second", err);
}

/* What a verb that takes no table fact accepts. */
static const fact no_facts[] = {{NULL, NULL}};

static gr_status prep_leader(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                             gr_error *err)
{
    gr_status st;
    if (c->leader < 0 || c->leader >= b->nleaders)
        return gr_error_set(err, GR_EINPUT, "%s needs {leader} ID: %s", v->name, v->help);
    const gr_bt_leader *l = &b->leaders[c->leader];
    int side = gr_battle_active_side(b);
    if (l->side != side)
        return gr_error_set(err, GR_EILLEGAL, "%s: general \"%s\" is of the %s; in %s the %s act",
                            v->name, l->id, b->side_name[l->side], phase(b)->id,
                            b->side_name[side]);
    if (!gr_bt_leader_active(l))
        return gr_error_set(
            err, GR_EILLEGAL, "%s: general \"%s\" is not in play (%s)", v->name, l->id,
            l->status == GR_BT_OUT_OF_ACTION ? "out of action, replaced after a turn"
            : l->status == GR_BT_CAPTURED    ? "captured"
                                             : "killed or wounded");
    if (strcmp(v->name, "detach") == 0) {
        if (c->unit >= 0)
            return gr_error_set(err, GR_EINPUT, "detach takes no unit: %s", v->help);
        if (l->attached < 0)
            return gr_error_set(err, GR_EILLEGAL, "detach: general \"%s\" is not attached", l->id);
        return GR_OK;
    }
    if ((st = can_act(b, v, c->unit, err)) != GR_OK)
        return st;
    if (b->units[c->unit].arm == GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EINPUT,
                            "attach: \"%s\" is a battery; a general attaches to a brigade "
                            "(docs/rules/aoe.md)",
                            b->units[c->unit].id);
    if (l->attached == c->unit)
        return gr_error_set(err, GR_EILLEGAL, "attach: \"%s\" is already attached to \"%s\"", l->id,
                            b->units[c->unit].id);
    return GR_OK;
}

static const fact reserve_facts[] = {
    {"terrain", NULL},
    {"napoleon-adc", NULL},
    {"state", "a reserve test reads the reserve column"},
    {"commander", "the commander-in-chief's label (the order of battle)"},
    {"cinc-engaged", "where the commander-in-chief is and his status"},
    {"cinc-attached", "where the commander-in-chief is"},
    {"first-turn", "the turn"},
    {"succeeded-last-segment", "the unit's reserve movement history"},
    {"failed-segments", "the unit's reserve movement history"},
    {"disordered-units", "the unit's disorder"},
    {"regular", "the unit's quality"},
    {"unit", "the unit's arm and kind"},
    {NULL, NULL}};

static gr_status prep_reserve(const gr_battle *b, const gr_bt_call *c, gr_args *out, gr_error *err)
{
    gr_status st;
    const gr_bt_unit *u = &b->units[c->unit];
    if (u->arm == GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EINPUT,
                            "reserve: \"%s\" is a battery: it uses reserve movement without a "
                            "roll (« pas pour une batterie », seed 000, Procédure); move it",
                            u->id);
    if ((u->sys[U_RESERVE] & RES_USED))
        return gr_error_set(err, GR_EILLEGAL,
                            "reserve: \"%s\" has already used its reserve movement this segment",
                            u->id);
    /* Seed 000: in the tactical zone « Elles doivent dès lors bouger et
     * combattre selon les règles applicables en zone tactique ».  The
     * zone is known once the players have recorded it (`zone`). */
    if ((u->sys[U_RESERVE] & RES_ZONE) && !u->in_reserve)
        return gr_error_set(err, GR_EILLEGAL,
                            "reserve: \"%s\" is in the tactical zone (recorded with `zone`): « "
                            "elles doivent dès lors bouger et combattre selon les règles "
                            "applicables en zone tactique » (seed 000); test its tactical "
                            "movement (`movement`), or record `zone %s --to reserve` if no enemy "
                            "is within 18\"",
                            u->id, u->id);
    const gr_procedure *p = proc("movement");
    if ((st = set(p, out, "state", "reserve", err)) != GR_OK)
        return st;
    int side = u->side, ci = cinc(b, side);
    int attached =
        ci >= 0 && b->leaders[ci].attached == c->unit && gr_bt_leader_active(&b->leaders[ci]);
    if (ci < 0)
        return gr_error_set(err, GR_EINPUT,
                            "reserve: the %s have no commander-in-chief (a leader with role "
                            "\"army\") in the order of battle: his label gives the reserve DRM",
                            b->side_name[side]);
    if (attached)
        st = set(p, out, "cinc-attached", "1", err);
    else if (cinc_engaged(b, side))
        st = set(p, out, "cinc-engaged", "1", err);
    else
        st = set(p, out, "commander", b->leaders[ci].kind, err);
    if (st != GR_OK ||
        (st = set_flag(p, out, "napoleon-adc", call_flag(c, "napoleon-adc"), err)) != GR_OK)
        return st;
    if (b->turn == 1) {
        st = set(p, out, "first-turn", "1", err);
    } else if (u->sys[U_RES_TURN] == b->turn - 1) {
        if (u->sys[U_RES_RESULT] > 0)
            st = set(p, out, "succeeded-last-segment", "1", err);
        else if (u->sys[U_RES_RESULT] < 0)
            st = set_int(p, out, "failed-segments", -u->sys[U_RES_RESULT], err);
    }
    if (st != GR_OK || (st = set_flag(p, out, "disordered-units", u->disordered, err)) != GR_OK ||
        (st = set_flag(p, out, "regular", strcmp(u->quality, "other") != 0, err)) != GR_OK ||
        (st = set(p, out, "unit", speed_row(u), err)) != GR_OK)
        return st;
    return set(p, out, "terrain", gr_bt_call_get(c, "terrain"), err);
}

/* Is leader `l` in unit u's chain of command (its commander, his
 * commander, ...)? */
static int in_chain(const gr_battle *b, const gr_bt_unit *u, int l)
{
    int k = u->leader;
    for (int guard = 0; k >= 0 && guard < GR_BT_MAX_LEADERS; guard++, k = b->leaders[k].parent)
        if (k == l)
            return 1;
    return 0;
}

static int listed(const char *list, const char *id)
{
    if (!list)
        return 0;
    size_t n = strlen(id);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, id, n) == 0)
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

static const fact movement_facts[] = {
    {"terrain", NULL},
    {"deployment", NULL},
    {"units-passed", NULL},
    {"unsecured-flank", NULL},
    {"withdrawing", NULL},
    {"charging", NULL},
    {"out-of-radius", NULL},
    {"state", "the unit's disorder"},
    {"detached-generals", "its chain of command (give {out-of-radius} for those beyond the "
                          "commander-in-chief's radius)"},
    {"detached-charismatic", "its chain of command (give {out-of-radius} for those beyond the "
                             "commander-in-chief's radius)"},
    {"attached-generals", "the generals attached to it"},
    {"attached-charismatic", "the generals attached to it"},
    {"road-column-or-square", "its formation"},
    {"columnar-or-mixed", "its kind (the order of battle)"},
    {"condition", "its losses (fresh, spent)"},
    {"disordered-cavalry-charging", "its arm and disorder: give {charging} 1"},
    {"unit", "its arm and kind"},
    {NULL, NULL}};

static gr_status prep_movement(const gr_battle *b, const gr_bt_call *c, gr_args *out, gr_error *err)
{
    gr_status st;
    const gr_bt_unit *u = &b->units[c->unit];
    if (u->arm == GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EINPUT,
                            "movement: \"%s\" is a battery: « Dispensée du test de la Table des "
                            "mouvements » (seed 003, Artillerie); use `battery`",
                            u->id);
    if (u->fired)
        return gr_error_set(err, GR_EILLEGAL, "movement: \"%s\" has already tested this phase",
                            u->id);
    if ((u->sys[U_RESERVE] & RES_USED))
        return gr_error_set(err, GR_EILLEGAL,
                            "movement: \"%s\" used reserve movement this segment: its reserve "
                            "test replaces the tactical one (seed 000, Procédure)",
                            u->id);
    const gr_procedure *p = proc("movement");
    if ((st = set(p, out, "state", u->disordered ? "disordered" : "ordered", err)) != GR_OK)
        return st;
    /* Generals: the hierarchical ones (the unit's chain of command)
     * detached, within the commander-in-chief's radius unless named by
     * --out-of-radius; every active general attached to it. */
    const char *oor = gr_bt_call_get(c, "out-of-radius");
    if (oor)
        for (const char *q = oor; *q;) {
            char id[GR_BT_ID];
            const char *e = strchr(q, ',');
            size_t len = e ? (size_t)(e - q) : strlen(q);
            snprintf(id, sizeof id, "%.*s", (int)(len < GR_BT_ID ? len : GR_BT_ID - 1), q);
            int l = gr_battle_leader(b, id);
            if (l < 0 || !in_chain(b, u, l))
                return gr_error_set(err, GR_EINPUT,
                                    "movement {out-of-radius}: \"%s\" is not a general of "
                                    "\"%s\"'s chain of command",
                                    id, u->id);
            if (!e)
                break;
            q = e + 1;
        }
    int det[2] = {0, 0}, att[2] = {0, 0};
    for (int i = 0; i < b->nleaders; i++) {
        const gr_bt_leader *l = &b->leaders[i];
        if (!gr_bt_leader_active(l) || l->side != u->side)
            continue;
        int ch = strcmp(l->rating, "charismatic") == 0;
        if (l->attached == c->unit)
            att[ch]++;
        else if (l->attached < 0 && in_chain(b, u, i) && strcmp(l->role, "army") != 0 &&
                 !listed(oor, l->id))
            det[ch]++;
    }
    int road_or_square = !strcmp(u->formation, "road_column") || !strcmp(u->formation, "square");
    int col_or_mixed =
        u->arm == GR_BT_INFANTRY && (!strcmp(u->kind, "columnar") || !strcmp(u->kind, "mixed"));
    const char *cond = u->condition == GR_BT_FRESH   ? "fresh"
                       : u->condition == GR_BT_SPENT ? "spent"
                                                     : NULL;
    if ((st = set_int(p, out, "detached-generals", det[0], err)) != GR_OK ||
        (st = set_int(p, out, "detached-charismatic", det[1], err)) != GR_OK ||
        (st = set_int(p, out, "attached-generals", att[0], err)) != GR_OK ||
        (st = set_int(p, out, "attached-charismatic", att[1], err)) != GR_OK ||
        (st = set_flag(p, out, "road-column-or-square", road_or_square, err)) != GR_OK ||
        (st = set_flag(p, out, "columnar-or-mixed", col_or_mixed, err)) != GR_OK ||
        (st = set(p, out, "condition", cond, err)) != GR_OK)
        return st;
    if (call_flag(c, "charging")) {
        if (u->arm != GR_BT_CAVALRY || !u->disordered)
            return gr_error_set(err, GR_EINPUT,
                                "movement {charging}: « Cavalerie en désordre chargeant pendant "
                                "la Phase des combats » is for disordered cavalry, and \"%s\" is "
                                "%s%s",
                                u->id, u->disordered ? "disordered " : "in order ",
                                u->arm == GR_BT_CAVALRY ? "cavalry" : "infantry");
        if ((st = set(p, out, "disordered-cavalry-charging", "1", err)) != GR_OK)
            return st;
    }
    /* « ½ mouvement si déploiement en ... quitter le carré »: the companion
     * knows whether the brigade is in square. */
    const char *dep = gr_bt_call_get(c, "deployment");
    if (dep && !strcmp(dep, "leave_square") && strcmp(u->formation, "square"))
        return gr_error_set(err, GR_EINPUT,
                            "movement {deployment} leave_square: \"%s\" is in %s, not in square "
                            "(the companion keeps its formation); « quitter le carré » is for a "
                            "brigade in square",
                            u->id, u->formation);
    static const char *const pass[] = {"unsecured-flank", "withdrawing",  "terrain",
                                       "deployment",      "units-passed", NULL};
    if ((st = pass_on(p, out, c, pass, err)) != GR_OK)
        return st;
    return set(p, out, "unit", speed_row(u), err);
}

/* The fire row of an infantry brigade: its formation, and two or three
 * ranks (the "two_ranks" flag) for a line (docs/rules/aoe.md). */
static const char *fire_troops(const gr_bt_unit *u)
{
    if (!strcmp(u->formation, "line") || !strcmp(u->formation, "supported_line"))
        return gr_bt_has_flag(u, "two_ranks") ? "two_rank_line_or_mixed"
                                              : "three_rank_line_or_mixed";
    return "column_square_or_skirmish";
}

/* The artillery row: « Vieille Garde ou artillerie russe », « Ligne/Jeune
 * Garde françaises ou artillerie britannique/KGL », « Autres artilleries ». */
static const char *artillery_class(const gr_bt_unit *u)
{
    if (gr_bt_has_flag(u, "old_guard") || !strcmp(u->nation, "russian"))
        return "old_guard_or_russian";
    if (!strcmp(u->nation, "french") || !strcmp(u->nation, "british") || !strcmp(u->nation, "kgl"))
        return "french_line_or_british";
    return "other";
}

static int in_column(const gr_bt_unit *u)
{
    return !strcmp(u->formation, "column") || !strcmp(u->formation, "road_column");
}

static const fact fire_facts[] = {
    {"range", NULL},
    {"cover", NULL},
    {"enfilade", NULL},
    {"target-grand-battery", NULL},
    {"stands-firing", NULL},
    {"firer", "the firer's arm"},
    {"troops", "the firer's formation"},
    {"stands", "the firer's stands left (give {stands-firing} for fewer)"},
    {"sk", "the unit's Sk rating (the order of battle)"},
    {"artillery-class", "the battery's nation"},
    {"weight", "the battery's weapon"},
    {"on-column", "the target's formation"},
    {"disordered", "the firer's disorder"},
    {"damaged", "the battery's guns"},
    {"target-skirmishers", "the target's formation"},
    {"target-moving", "the target's limbered guns, formation change this segment or road "
                      "column"},
    {"general", "the general attached to the target and his rating"},
    {NULL, NULL}};

static gr_status prep_fire(const gr_battle *b, const gr_bt_call *c, gr_args *out, gr_error *err)
{
    gr_status st;
    const gr_bt_unit *u = &b->units[c->unit], *t = &b->units[c->target];
    if (t->removed)
        return gr_error_set(err, GR_EILLEGAL, "fire: the target \"%s\" has been removed from play",
                            t->id);
    if (t->side == u->side)
        return gr_error_set(err, GR_EINPUT, "fire: the target \"%s\" is on the firer's side",
                            t->id);
    if (u->fired)
        return gr_error_set(err, GR_EILLEGAL, "fire: \"%s\" has already fired this phase", u->id);
    int friendly = u->side == bt_aoe_phasing_side(b);
    if (friendly && (u->sys[U_RESERVE] & RES_USED))
        return gr_error_set(err, GR_EILLEGAL,
                            "fire: \"%s\" used reserve movement this segment: « ne peuvent pas "
                            "déclencher de tirs ou de combats pendant le même Segment » (seed "
                            "000)",
                            u->id);
    const gr_procedure *p = proc("fire");
    static const char *const arms[] = {"infantry", "cavalry", "artillery"};
    if ((st = set(p, out, "firer", arms[u->arm], err)) != GR_OK)
        return st;
    if (u->arm == GR_BT_ARTILLERY) {
        if (u->guns_silenced)
            return gr_error_set(err, GR_EILLEGAL,
                                "fire: the battery \"%s\" is silenced: « Si muette ne peut plus "
                                "tirer » (seed 003, Artillerie); it rallies in its next friendly "
                                "segment",
                                u->id);
        if (u->limbered)
            return gr_error_set(err, GR_EILLEGAL,
                                "fire: the battery \"%s\" is limbered; unlimber it first "
                                "(`battery %s --action unlimber`)",
                                u->id, u->id);
        if (friendly && u->sys[U_ART_ACTIONS] >= 2)
            return gr_error_set(err, GR_EILLEGAL,
                                "fire: the battery \"%s\" has had its 2 actions this friendly "
                                "segment (seed 003, Artillerie)",
                                u->id);
        if (gr_bt_call_get(c, "stands-firing"))
            return gr_error_set(err, GR_EINPUT,
                                "fire {stands-firing}: a battery's power is read by range, not by "
                                "stands");
        const char *range = gr_bt_call_get(c, "range");
        if (!range)
            return gr_error_set(err, GR_EINPUT,
                                "fire: a battery needs {range} INCHES (0 to 18), measured on the "
                                "table");
        if ((st = set(p, out, "artillery-class", artillery_class(u), err)) != GR_OK ||
            (st = set(p, out, "weight", u->weapon, err)) != GR_OK ||
            (st = set(p, out, "range", range, err)) != GR_OK ||
            (st = set_flag(p, out, "on-column", in_column(t) && t->arm != GR_BT_ARTILLERY, err)) !=
                GR_OK ||
            (st = set_flag(p, out, "damaged", u->guns == GR_GUNS_DAMAGED, err)) != GR_OK)
            return st;
    } else {
        if (gr_bt_call_get(c, "range"))
            return gr_error_set(err, GR_EINPUT,
                                "fire {range}: a brigade's power is read by stands, not range "
                                "(only a battery's row is read by range)");
        int left = gr_bt_unit_stands(u), n = left;
        const char *sf = gr_bt_call_get(c, "stands-firing");
        if (sf) {
            char *end;
            long x = strtol(sf, &end, 10);
            if (*end || x < 1 || x > left)
                return gr_error_set(err, GR_EINPUT,
                                    "fire {stands-firing} \"%s\": \"%s\" has %d stands left; "
                                    "accepted: 1 to %d",
                                    sf, u->id, left, left);
            n = (int)x;
        }
        int inf = u->arm == GR_BT_INFANTRY;
        if ((st = set_int(p, out, "stands", n, err)) != GR_OK ||
            (st = set(p, out, "troops", inf ? fire_troops(u) : NULL, err)) != GR_OK ||
            (st = set_flag(p, out, "sk", inf && gr_bt_has_flag(u, "sk"), err)) != GR_OK)
            return st;
    }
    /* « Cible attelée / a changé de formation / en mode mouvement »:
     * limbered guns, a formation changed this segment, a road column. */
    int moving =
        t->limbered || (t->sys[U_FORMATION] & FORM_CHANGED) || !strcmp(t->formation, "road_column");
    int g = bt_aoe_attached_rating(b, c->target, NULL);
    static const char *const pass[] = {"cover", "enfilade", "target-grand-battery", NULL};
    if ((st = set_flag(p, out, "disordered", u->disordered, err)) != GR_OK ||
        (st = set_flag(p, out, "target-skirmishers", !strcmp(t->formation, "skirmish"), err)) !=
            GR_OK ||
        (st = set_flag(p, out, "target-moving", moving, err)) != GR_OK ||
        (st = set(p, out, "general",
                  !g       ? NULL
                  : g == 2 ? "charismatic"
                           : "attached",
                  err)) != GR_OK)
        return st;
    return pass_on(p, out, c, pass, err);
}

/* One side's combat inputs (prefix "attacker" or "defender"). */
static gr_status combat_side(const gr_battle *b, int ui, const char *side, gr_args *out,
                             gr_error *err)
{
    const gr_procedure *p = proc("combat");
    const gr_bt_unit *u = &b->units[ui];
    char name[48];
    gr_status st;
#define SIDE_SET(key, val)                                                                         \
    do {                                                                                           \
        snprintf(name, sizeof name, "%s-%s", side, key);                                           \
        if ((st = set(p, out, name, val, err)) != GR_OK)                                           \
            return st;                                                                             \
    } while (0)
    int g = bt_aoe_attached_rating(b, ui, NULL);
    if (g)
        SIDE_SET("general", g == 2 ? "charismatic" : "attached");
    char n[16];
    snprintf(n, sizeof n, "%d", gr_bt_unit_stands(u));
    SIDE_SET("stands", n);
    if (u->arm != GR_BT_ARTILLERY && u->condition == GR_BT_FRESH)
        SIDE_SET("condition", "fresh");
    else if (u->arm != GR_BT_ARTILLERY && u->condition == GR_BT_SPENT)
        SIDE_SET("condition", "spent");
    if (!strcmp(u->quality, "regular") || !strcmp(u->quality, "elite"))
        SIDE_SET("quality", u->quality);
    if (u->arm == GR_BT_CAVALRY && (!strcmp(u->kind, "heavy") || !strcmp(u->kind, "cuirassier")))
        SIDE_SET("cavalry", u->kind);
    if (u->arm != GR_BT_ARTILLERY && u->disordered)
        SIDE_SET("disordered", "1");
    if (!strcmp(u->formation, "skirmish"))
        SIDE_SET("skirmish-order", "1");
    /* A battery in a combat of its own is unattached to a brigade. */
    if (u->arm == GR_BT_ARTILLERY)
        SIDE_SET("battery-alone", "1");
    if (u->sys[U_LOST_FIRE]) {
        snprintf(n, sizeof n, "%d", u->sys[U_LOST_FIRE]);
        SIDE_SET("stands-lost", n);
    }
    if ((u->sys[U_COMBAT] & CB_BREAKTHROUGH) || !strcmp(u->formation, "supported_line"))
        SIDE_SET("breakthrough", "1");
#undef SIDE_SET
    return GR_OK;
}

/* A combat's side inputs are the companion's: refused before the facts
 * (combat_side sets them). */
static gr_status combat_own_keys(const gr_bt_call *c, gr_error *err)
{
    static const char *const side_keys[] = {
        "general",     "stands",       "condition",          "quality",
        "cavalry",     "disordered",   "skirmish-order",     "battery-alone",
        "stands-lost", "breakthrough", "not-countercharging"};
    for (int i = 0; i < c->nin; i++) {
        const char *key = c->key[i], *rest = NULL;
        if (!strncmp(key, "attacker-", 9))
            rest = key + 9;
        else if (!strncmp(key, "defender-", 9))
            rest = key + 9;
        if (!rest)
            continue;
        for (size_t k = 0; k < GR_COUNT(side_keys); k++)
            if (!strcmp(rest, side_keys[k]))
                return gr_error_set(err, GR_EINPUT,
                                    "combat: {%s} is kept by the companion (from each unit's "
                                    "stands, condition, quality, kind, disorder, formation, "
                                    "generals and losses in this segment's fire); leave it out",
                                    key);
    }
    return GR_OK;
}

static const fact combat_facts[] = {
    {"charge-distance", NULL},
    {"defender-cover", NULL},
    {"defender-outflanked", NULL},
    {"defender-not-countercharging",
     "its counter-charges: record one with `countercharge DEFENDER --target ATTACKER`"},
    {"cavalry-vs-infantry", "the arms and formations: give {charge-distance} INCHES"},
    {"lancers", "the attacker's kind (the order of battle)"},
    {"defender-square", "the defender's formation"},
    {"attacker-not-countercharging", "the attacker charges: it is not countercharging"},
    {NULL, NULL}};

static gr_status prep_combat(const gr_battle *b, const gr_bt_call *c, gr_args *out, gr_error *err)
{
    gr_status st;
    const gr_bt_unit *a = &b->units[c->unit], *d = &b->units[c->target];
    if (d->removed)
        return gr_error_set(err, GR_EILLEGAL,
                            "combat: the defender \"%s\" has been removed from play", d->id);
    if (d->side == a->side)
        return gr_error_set(err, GR_EINPUT, "combat: the defender \"%s\" is on the attacker's side",
                            d->id);
    if (a->fired && !(a->sys[U_COMBAT] & CB_BREAKTHROUGH))
        return gr_error_set(err, GR_EILLEGAL,
                            "combat: \"%s\" has already fought this phase (only a breakthrough "
                            "charges again)",
                            a->id);
    if ((a->sys[U_RESERVE] & RES_USED))
        return gr_error_set(err, GR_EILLEGAL,
                            "combat: \"%s\" used reserve movement this segment: « ne peuvent pas "
                            "déclencher de tirs ou de combats pendant le même Segment » (seed "
                            "000)",
                            a->id);
    if (a->arm == GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EINPUT,
                            "combat: \"%s\" is a battery; a battery is attacked, it does not "
                            "charge",
                            a->id);
    if ((st = combat_side(b, c->unit, "attacker", out, err)) != GR_OK ||
        (st = combat_side(b, c->target, "defender", out, err)) != GR_OK)
        return st;
    const gr_procedure *p = proc("combat");
    const char *cover = gr_bt_call_get(c, "defender-cover");
    int covered = cover && strcmp(cover, "0") != 0;
    int square = !strcmp(d->formation, "square") && d->arm == GR_BT_INFANTRY;
    if (square && (st = set(p, out, "defender-square",
                            a->arm == GR_BT_CAVALRY ? "vs_cavalry" : "vs_infantry", err)) != GR_OK)
        return st;
    const char *dist = gr_bt_call_get(c, "charge-distance");
    int cav_vs_inf = a->arm == GR_BT_CAVALRY && d->arm == GR_BT_INFANTRY && !covered;
    if (cav_vs_inf && !square) {
        if (!dist)
            return gr_error_set(err, GR_EINPUT,
                                "combat: cavalry charging infantry in the open needs "
                                "{charge-distance} INCHES (under 5\": +2; 5\" or more: -3)");
        char *end;
        double x = strtod(dist, &end);
        if (*end || x < 0 || x > 100)
            return gr_error_set(err, GR_EINPUT,
                                "combat {charge-distance} \"%s\": accepted: inches, 0 to 100",
                                dist);
        if ((st = set(p, out, "cavalry-vs-infantry", x < 5 ? "under_5" : "5_or_more", err)) !=
            GR_OK)
            return st;
    } else if (dist) {
        return gr_error_set(err, GR_EINPUT,
                            "combat {charge-distance}: it decides « Cavalerie chargeant de "
                            "l'infanterie en terrain libre, qui n'est pas en carré », and this "
                            "is not such a charge; leave it out");
    }
    /* « cavalerie ne contre-chargeant pas »: cavalry charged by cavalry
     * that has not counter-charged this charger (`countercharge`). */
    int not_cc = a->arm == GR_BT_CAVALRY && d->arm == GR_BT_CAVALRY &&
                 (d->sys[U_COMBAT] >> CB_SHIFT) != c->unit + 1;
    static const char *const pass[] = {"defender-cover", "defender-outflanked", NULL};
    if ((st = set_flag(p, out, "lancers", cav_vs_inf && !strcmp(a->kind, "lancers"), err)) !=
            GR_OK ||
        (st = set_flag(p, out, "defender-not-countercharging", not_cc, err)) != GR_OK)
        return st;
    return pass_on(p, out, c, pass, err);
}

static const fact formation_facts[] = {{"to", NULL}, {NULL, NULL}};

static gr_status prep_formation(const gr_battle *b, const gr_bt_call *c, gr_error *err)
{
    const gr_bt_unit *u = &b->units[c->unit];
    const char *to = gr_bt_call_get(c, "to");
    const char *const *forms = u->arm == GR_BT_INFANTRY  ? inf_formations
                               : u->arm == GR_BT_CAVALRY ? cav_formations
                                                         : NULL;
    if (!forms)
        return gr_error_set(err, GR_EINPUT,
                            "formation: \"%s\" is a battery: limber or unlimber it with "
                            "`battery`",
                            u->id);
    if (!to || gr_bt_word(forms, to) < 0) {
        char list[300];
        gr_bt_words(forms, list, sizeof list);
        return gr_error_set(err, GR_EINPUT, "formation {to} \"%s\": accepted for \"%s\": %s",
                            to ? to : "", u->id, list);
    }
    if (u->sys[U_FORMATION] & FORM_FROZEN)
        return gr_error_set(err, GR_EILLEGAL,
                            "formation: \"%s\" may not change formation this segment (its "
                            "movement result says so, seed 003, Table des mouvements)",
                            u->id);
    if (!strcmp(u->formation, to))
        return gr_error_set(err, GR_EILLEGAL, "formation: \"%s\" is already in %s", u->id, to);
    return GR_OK;
}

static const fact battery_facts[] = {{"action", NULL}, {NULL, NULL}};

static gr_status prep_battery(const gr_battle *b, const gr_bt_call *c, gr_error *err)
{
    static const char *const actions[] = {"limber", "unlimber", "move", "pivot", NULL};
    const gr_bt_unit *u = &b->units[c->unit];
    if (u->arm != GR_BT_ARTILLERY)
        return gr_error_set(err, GR_EINPUT, "battery: \"%s\" is not a battery", u->id);
    const char *a = gr_bt_call_get(c, "action");
    if (!a || gr_bt_word(actions, a) < 0)
        return gr_error_set(err, GR_EINPUT,
                            "battery {action} \"%s\": accepted: limber, unlimber, move, pivot "
                            "(seed 003, Artillerie)",
                            a ? a : "");
    if (u->sys[U_ART_ACTIONS] >= 2)
        return gr_error_set(err, GR_EILLEGAL,
                            "battery: \"%s\" has had its 2 actions this friendly segment (seed "
                            "003, Artillerie)",
                            u->id);
    if (!strcmp(a, "limber") && u->limbered)
        return gr_error_set(err, GR_EILLEGAL, "battery: \"%s\" is already limbered", u->id);
    if (!strcmp(a, "unlimber") && !u->limbered)
        return gr_error_set(err, GR_EILLEGAL, "battery: \"%s\" is already unlimbered", u->id);
    if (!strcmp(a, "pivot") && u->limbered)
        return gr_error_set(err, GR_EILLEGAL,
                            "battery: \"%s\" pivots « en batterie »: unlimber it first", u->id);
    return GR_OK;
}

static const fact zone_facts[] = {{"to", NULL}, {NULL, NULL}};

static gr_status prep_zone(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                           gr_error *err)
{
    if (c->unit < 0 || c->unit >= b->nunits)
        return gr_error_set(err, GR_EINPUT, "zone needs a unit: %s", v->help);
    const gr_bt_unit *u = &b->units[c->unit];
    const char *to = gr_bt_call_get(c, "to");
    if (!to || (strcmp(to, "reserve") && strcmp(to, "tactical")))
        return gr_error_set(err, GR_EINPUT, "zone {to} \"%s\": accepted: reserve, tactical",
                            to ? to : "");
    if (u->in_reserve == !strcmp(to, "reserve") && (u->sys[U_RESERVE] & RES_ZONE))
        return gr_error_set(err, GR_EILLEGAL, "zone: \"%s\" is already in the %s zone", u->id, to);
    if (!strcmp(to, "reserve") && (u->sys[U_RESERVE] & RES_ENTERED))
        return gr_error_set(err, GR_EILLEGAL,
                            "zone: \"%s\" entered the tactical zone by reserve movement this "
                            "segment: « Une brigade ou batterie ne peut pas utiliser le mouvement "
                            "de réserve pour entrer dans la zone tactique et en ressortir dans le "
                            "même Segment de joueur ami » (seed 000)",
                            u->id);
    return GR_OK;
}

/* A counter-charge: the defender's cavalry brigade c->unit meets the
 * charging cavalry brigade c->target (seed 000, Phase (3) « charges et
 * contre-charges »; seed 003, « cavalerie ne contre-chargeant pas »). */
static gr_status prep_countercharge(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                                    gr_error *err)
{
    if (c->unit < 0 || c->unit >= b->nunits)
        return gr_error_set(err, GR_EINPUT, "countercharge needs a unit: %s", v->help);
    const gr_bt_unit *u = &b->units[c->unit], *t = &b->units[c->target];
    int phasing = bt_aoe_phasing_side(b);
    if (u->side == phasing)
        return gr_error_set(err, GR_EILLEGAL,
                            "countercharge: \"%s\" is of the %s, whose segment this is: a "
                            "counter-charge is the defender's answer to a charge (seed 000, « "
                            "charges et contre-charges »); the %s's own charges are `combat`",
                            u->id, b->side_name[u->side], b->side_name[phasing]);
    if (u->arm != GR_BT_CAVALRY)
        return gr_error_set(err, GR_EINPUT,
                            "countercharge: \"%s\" is not cavalry: a counter-charge is a "
                            "cavalry brigade's (« cavalerie ne contre-chargeant pas », seed 003; "
                            "« contre-charges si ce sont des brigades de cavalerie », seed 000)",
                            u->id);
    if (t->removed)
        return gr_error_set(err, GR_EILLEGAL,
                            "countercharge: the charger \"%s\" has been removed from play", t->id);
    if (t->side != phasing)
        return gr_error_set(err, GR_EINPUT,
                            "countercharge: \"%s\" is not of the %s, whose segment this is: only "
                            "their brigades charge now",
                            t->id, b->side_name[phasing]);
    if (t->arm != GR_BT_CAVALRY)
        return gr_error_set(err, GR_EINPUT,
                            "countercharge: \"%s\" is not cavalry: cavalry counter-charges a "
                            "cavalry charge (« subissant une charge de cavalerie », seed 000)",
                            t->id);
    if (t->fired && !(t->sys[U_COMBAT] & CB_BREAKTHROUGH))
        return gr_error_set(err, GR_EILLEGAL,
                            "countercharge: \"%s\" has already fought this phase; a "
                            "counter-charge is declared before the charge's combat",
                            t->id);
    int cc = u->sys[U_COMBAT] >> CB_SHIFT;
    if (cc)
        return gr_error_set(err, GR_EILLEGAL,
                            "countercharge: \"%s\" already counter-charges \"%s\" this phase",
                            u->id, b->units[cc - 1].id);
    return GR_OK;
}

static const fact general_hit_facts[] = {
    {"charismatic", "the general's rating (the order of battle)"}, {NULL, NULL}};

/* A Généraux touchés check due (gh_due) for the call's leader. */
static gr_status prep_general_hit(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                                  gr_args *out, gr_error *err)
{
    if (c->unit >= 0)
        return gr_error_set(err, GR_EINPUT, "general_hit takes no unit: %s", v->help);
    if (c->leader < 0 || c->leader >= b->nleaders)
        return gr_error_set(err, GR_EINPUT, "general_hit needs {leader} ID: %s", v->help);
    const gr_bt_leader *l = &b->leaders[c->leader];
    if (!gh_due(b, c->leader))
        return gr_error_set(err, GR_EILLEGAL,
                            "general_hit: no Généraux touchés check is due for \"%s\": one is due "
                            "for each general attached to a brigade that lost stands to fire in "
                            "this phase, and the fire itself checks the first (docs/rules/aoe.md)",
                            l->id);
    return set_flag(proc("general_hit"), out, "charismatic", !strcmp(l->rating, "charismatic"),
                    err);
}

static const fact critical_facts[] = {{"side", NULL}, {"levels", NULL}, {NULL, NULL}};

static gr_status prep_critical(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                               gr_error *err)
{
    if (c->unit >= 0)
        return gr_error_set(err, GR_EINPUT, "critical takes no unit: %s", v->help);
    const char *side = gr_bt_call_get(c, "side"), *lv = gr_bt_call_get(c, "levels");
    if (!side || (strcmp(side, "0") && strcmp(side, "1")))
        return gr_error_set(err, GR_EINPUT, "critical {side} \"%s\": accepted: 0 (%s), 1 (%s)",
                            side ? side : "", b->side_name[0], b->side_name[1]);
    char *end = NULL;
    long n = lv ? strtol(lv, &end, 10) : -1;
    if (!lv || *end || n < 0 || n > 9)
        return gr_error_set(err, GR_EINPUT, "critical {levels} \"%s\": accepted: 0 to 9",
                            lv ? lv : "");
    int k = side[0] - '0', now = b->sys[B_CRITICAL_0 + k];
    if (n == now)
        return gr_error_set(err, GR_EILLEGAL, "critical: the %s's army is already at %d",
                            b->side_name[k], now);
    if (n < now)
        return gr_error_set(err, GR_EILLEGAL,
                            "critical: the %s's army has reached %d critical levels; « atteint ou "
                            "dépassé » (seed 003) does not go back; `undo` a wrong record",
                            b->side_name[k], now);
    return GR_OK;
}

static gr_status aoe_prepare(const gr_battle *b, const gr_bt_verb *v, const gr_bt_call *c,
                             gr_args *out, gr_error *err)
{
    int k = (int)(v - aoe_verbs);
    if (c->leader >= 0 && k != V_ATTACH && k != V_DETACH && k != V_GENERAL_HIT)
        return gr_error_set(err, GR_EINPUT, "%s takes no {leader}: %s", v->name, v->help);
    if (c->unit >= 0 && c->unit < b->nunits && b->units[c->unit].removed)
        return gr_error_set(err, GR_EILLEGAL, "%s: \"%s\" has been removed from play", v->name,
                            b->units[c->unit].id);
    /* The facts each verb's call may carry (checked first), and the verbs
     * whose unit must be one that may act now (can_act). */
    static const fact *const facts[V_COUNT] = {[V_INITIATIVE] = initiative_facts,
                                               [V_ATTACH] = no_facts,
                                               [V_DETACH] = no_facts,
                                               [V_RESERVE] = reserve_facts,
                                               [V_MOVEMENT] = movement_facts,
                                               [V_FORMATION] = formation_facts,
                                               [V_BATTERY] = battery_facts,
                                               [V_FIRE] = fire_facts,
                                               [V_COMBAT] = combat_facts,
                                               [V_ZONE] = zone_facts,
                                               [V_COUNTERCHARGE] = no_facts,
                                               [V_GENERAL_HIT] = general_hit_facts,
                                               [V_CRITICAL] = critical_facts};
    const uint64_t acting = BIT(V_RESERVE) | BIT(V_MOVEMENT) | BIT(V_FORMATION) | BIT(V_BATTERY) |
                            BIT(V_FIRE) | BIT(V_COMBAT);
    gr_status st;
    if ((k == V_COMBAT && (st = combat_own_keys(c, err)) != GR_OK) ||
        (st = check_facts(v, c, k >= 0 && k < V_COUNT ? facts[k] : no_facts, err)) != GR_OK ||
        ((acting & BIT(k)) && (st = can_act(b, v, c->unit, err)) != GR_OK))
        return st;
    switch (k) {
    case V_INITIATIVE: return prep_initiative(b, v, c, out, err);
    case V_ATTACH:
    case V_DETACH: return prep_leader(b, v, c, err);
    case V_RESERVE: return prep_reserve(b, c, out, err);
    case V_MOVEMENT: return prep_movement(b, c, out, err);
    case V_FORMATION: return prep_formation(b, c, err);
    case V_BATTERY: return prep_battery(b, c, err);
    case V_FIRE: return prep_fire(b, c, out, err);
    case V_COMBAT: return prep_combat(b, c, out, err);
    case V_ZONE: return prep_zone(b, v, c, err);
    case V_COUNTERCHARGE: return prep_countercharge(b, v, c, err);
    case V_GENERAL_HIT: return prep_general_hit(b, v, c, out, err);
    case V_CRITICAL: return prep_critical(b, v, c, err);
    default: return gr_error_set(err, GR_ERUNTIME, "aoe: verb %s has no preparation", v->name);
    }
}

/* Whose decision a call is (gr_battle_decider), whatever the phase: where a
 * brigade stands (`zone`) is its own side's to record, and a counter-charge
 * is the charged side's (seed 000: the cavalry of the side not moving
 * counter-charges), an army's critical levels that army's; every other verb
 * the side whose phase it is.  The server lets no other side ask for them. */
static int aoe_decider(const gr_battle *b, const gr_bt_call *c)
{
    if ((!strcmp(c->verb, "zone") || !strcmp(c->verb, "countercharge")) && c->unit >= 0 &&
        c->unit < b->nunits)
        return b->units[c->unit].side;
    const char *side = !strcmp(c->verb, "critical") ? gr_bt_call_get(c, "side") : NULL;
    if (side && (side[0] == '0' || side[0] == '1') && !side[1])
        return side[0] - '0';
    return gr_battle_active_side(b);
}

const gr_battle_rules gr_bt_aoe_rules = {
    .system = "aoe",
    .phases = aoe_phases,
    .nphases = PH_COUNT,
    .verbs = aoe_verbs,
    .nverbs = V_COUNT,
    .setup = aoe_setup,
    .prepare = aoe_prepare,
    .verb_open = aoe_verb_open,
    .decider = aoe_decider,
    .apply = bt_aoe_apply,
    .phase_begins = bt_aoe_phase_begins,
    .condition_names = {"fresh", "normal", "spent"},
    .sheet_lang = GR_LANG_FR,
    .phase_translated = aoe_phases_en,
    .verb_labels = aoe_verb_labels,
};
