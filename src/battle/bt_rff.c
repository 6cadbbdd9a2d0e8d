/* bt_rff.c - Regimental Fire and Fury's companion rules: the sequence of
 * play as seed 001 prints it (SEQUENCE DU TOUR DU JOUEUR ACTIF, once for
 * each player), the verbs and the phases they are allowed in, the order of
 * battle's vocabulary (setup) and what happens when a phase begins.  Each
 * test's inputs are read from the battle in bt_rff_prepare.c, the effects
 * applied in bt_rff_apply.c.  Readings and
 * decisions: docs/rules/rff.md, "The battle companion". */
#include "bt_rff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_internal.h"
#include "grognard/resolve.h"

#define SEQ "seed 001, SEQUENCE DU TOUR DU JOUEUR ACTIF"

/* ---- the sequence of play --------------------------------------------------- */

/* One player's turn, as printed; the first player's turn, then the second's. */
#define SEGMENT(s, act, opp)                                                                       \
    {"s" #s "_leaders", "1° Phase de Manœuvres: remplacez, attachez ou détachez les chefs", SEQ,   \
     act, s},                                                                                      \
        {"s" #s "_maneuver",                                                                       \
         "1° Phase de Manœuvres: répétez a, b, c: a. tests de manœuvres; b. déclarez vos "   \
         "charges, l'adversaire déclare contre charges de cavalerie; c. manœuvrez les unités",     \
         SEQ, act, s},                                                                             \
        {"s" #s "_leader_moves", "1° Phase de Manœuvres: manœuvrez les chefs détachés", SEQ, act,  \
         s},                                                                                       \
        {"s" #s "_defensive_fire",                                                                 \
         "2° Phase Mousqueterie & Canonnade: a. l'adversaire résout tous ses feux défensifs", SEQ, \
         opp, s},                                                                                  \
        {"s" #s "_offensive_fire",                                                                 \
         "2° Phase Mousqueterie & Canonnade: b. résolvez tous vos feux offensifs", SEQ, act, s},   \
        {"s" #s "_melee",                                                                          \
         "3° Phase de Charges: a. les joueurs résolvent conjointement les mêlées", SEQ,            \
         GR_BT_BOTH_PLAYERS, s},                                                                   \
        {"s" #s "_breakthrough_moves", "3° Phase de Charges: b. faites les mouvements de percée",  \
         SEQ, GR_BT_BOTH_PLAYERS, s},                                                              \
    {                                                                                              \
        "s" #s "_breakthrough", "3° Phase de Charges: c. résolvez les percées", SEQ,               \
            GR_BT_BOTH_PLAYERS, s                                                                  \
    }

/* `player` is read by gr_battle_active_side against the turn's first
 * player: in the second player's turn he is GR_BT_SECOND_PLAYER. */
static const gr_bt_phase rff_phases[] = {
    SEGMENT(0, GR_BT_FIRST_PLAYER, GR_BT_SECOND_PLAYER),
    SEGMENT(1, GR_BT_SECOND_PLAYER, GR_BT_FIRST_PLAYER),
};

int rff_bt_step(const gr_battle *b)
{
    return b->phase % RFF_BT_NSEG;
}

int rff_bt_phasing_side(const gr_battle *b)
{
    return b->phase < RFF_BT_NSEG ? b->first : 1 - b->first;
}

/* ---- verbs ------------------------------------------------------------------- */

#define IN(o) ((UINT64_C(1) << (o)) | (UINT64_C(1) << ((o) + RFF_BT_NSEG)))

static const gr_bt_verb rff_verbs[] = {
    {"attach", NULL, IN(RFF_PH_LEADERS), 0, "attach UNIT --leader ID (no roll)"},
    {"detach", NULL, IN(RFF_PH_LEADERS), 0, "detach --leader ID (no roll)"},
    {"replace", NULL, IN(RFF_PH_LEADERS), 0,
     "replace --leader ID: a provisional commander takes the place of a leader out of play "
     "(his regiments then take \"-1 Commandant provisoire\"; no roll)"},
    {"maneuver", "maneuver", IN(RFF_PH_MANEUVER), 0,
     "maneuver UNIT [--terrain clear|rough|difficult|road] [--flanked] [--linear-cover] "
     "[--key-position-lost] [--losses heavy|heaviest] [--command out_of_command] [--close yes|no "
     "(guns: required)] [--fortified]"},
    {"declare", NULL, IN(RFF_PH_MANEUVER), 1,
     "declare UNIT --target UNIT [--bayonet]: declare a charge (after a well-executed maneuver; "
     "no roll)"},
    {"countercharge", NULL, IN(RFF_PH_MANEUVER), 1,
     "countercharge UNIT --target UNIT [--sabre]: the opponent's cavalry counter-charges a "
     "declared charge (no roll)"},
    {"form", NULL, IN(RFF_PH_MANEUVER), 0,
     "form UNIT --formation double_line|single_line|combat_column|march_column|dismounted|"
     "limbered|unlimbered: the formation change the unit's maneuver result allowed (no roll)"},
    {"rally", NULL, IN(RFF_PH_MANEUVER), 0,
     "rally UNIT: guns with a well-executed maneuver rally their silenced stands (no roll)"},
    {"resupply", NULL, IN(RFF_PH_MANEUVER), 0,
     "resupply UNIT: a well-executed maneuver's \"Réapprovisionne en munitions\" (no roll)"},
    {"prolonge", NULL, IN(RFF_PH_MANEUVER), 0,
     "prolonge UNIT --direction advance|retire: an unlimbered battery's well-executed « Avance à "
     "la prolonge de 5cm, 10cm si MH » or « Recul à la prolonge : 1/2 mouv », « pas de tir »: no "
     "cannonade this turn; not HH or HR guns (no roll)"},
    {"limber_retreat", NULL, IN(RFF_PH_MANEUVER), 0,
     "limber_retreat UNIT: an unlimbered battery's delayed « Attelle et retraite d'un "
     "mouvement complet, silencieux »: limbered, a full move back, its guns silenced (no roll)"},
    {"musketry", "musketry", IN(RFF_PH_DEFENSIVE_FIRE) | IN(RFF_PH_OFFENSIVE_FIRE), 1,
     "musketry UNIT --target UNIT --band close|long (--per-stand N | --points N) [--firing N] "
     "[--cover none|partial|full|fortified] [--target-flanked] [--target-enfiladed] "
     "[--target-about-faced] [--target-passed-lines] [--massed] [--leader ID (the only leader "
     "within 10cm of the target) | --no-leader-near]"},
    {"cannonade", "cannonade", IN(RFF_PH_DEFENSIVE_FIRE) | IN(RFF_PH_OFFENSIVE_FIRE), 1,
     "cannonade UNIT --target UNIT --band close|long (--per-stand N | --points N) [--firing N] "
     "[--cover ...] [--target-flanked] [--target-enfiladed] [--target-about-faced] "
     "[--target-passed-lines] [--massed] [--leader ID | --no-leader-near]"},
    {"breakthrough", NULL, IN(RFF_PH_BREAKTHROUGH_MOVES), -1,
     "breakthrough UNIT [--target UNIT]: the breakthrough move, half a move toward the nearest "
     "enemy (« perce sur 1/2 mouvement vers ennemi plus proche »), and the enemy it reaches, "
     "whom it charges in the next step; no target: it reaches none (no roll)"},
    {"massed_effect", NULL, IN(RFF_PH_DEFENSIVE_FIRE) | IN(RFF_PH_OFFENSIVE_FIRE), 0,
     "massed_effect UNIT: a unit within 5cm behind the target of the fire just made on a massed "
     "target takes its effect (« Cible en masse ... subissent l'effet directement après »; no "
     "roll)"},
    {"leader_loss", "leader_loss", IN(RFF_PH_DEFENSIVE_FIRE) | IN(RFF_PH_OFFENSIVE_FIRE), 0,
     "leader_loss --leader ID: the leader-loss test a natural 10 made due, for the target's "
     "nearest leader within 10cm, when the companion did not know him (« Perte de chef »)"},
    {"charge", "charge", IN(RFF_PH_MELEE) | IN(RFF_PH_BREAKTHROUGH), 1,
     "charge UNIT --target UNIT [--terrain clear|rough|difficult] [--attacker-flanked] "
     "[--defender-flanked] [--favorable] [--fortified] [--rough-charge] "
     "[--attacker-guns|--defender-guns supported|unsupported]"},
};

/* The sheet's sequence of play in English (seed 001, "SEQUENCE DU TOUR DU
 * JOUEUR ACTIF"), for the English page: the titles above are the sheet's
 * own words.  The same steps in each player's turn. */
#define RFF_SEGMENT_EN                                                                             \
    "Phase 1, Maneuvers: replace, attach or detach leaders",                                       \
        "Phase 1, Maneuvers: repeat a, b, c: a. maneuver tests; b. declare your charges, the "     \
        "opponent declares cavalry counter-charges; c. maneuver the units",                        \
        "Phase 1, Maneuvers: maneuver the detached leaders",                                       \
        "Phase 2, Musketry & Cannonade: a. the opponent resolves all his defensive fire",          \
        "Phase 2, Musketry & Cannonade: b. resolve all your offensive fire",                       \
        "Phase 3, Charges: a. the players resolve the melees together",                            \
        "Phase 3, Charges: b. make the breakthrough moves",                                        \
        "Phase 3, Charges: c. resolve the breakthroughs"
static const char *const rff_phases_en[] = {RFF_SEGMENT_EN, RFF_SEGMENT_EN};
_Static_assert(GR_COUNT(rff_phases_en) == GR_COUNT(rff_phases), "one English title per phase");

/* The verbs as a player reads them, in the order of rff_verbs: the French
 * is the sheet's word where it has one (seed 001: "Test de manœuvre",
 * "Mousqueterie", "Canonnade", "Charge", "Perte de chef"). */
static const gr_bt_label rff_verb_labels[] = {
    {"Attach a leader", "Attacher un chef"},
    {"Detach a leader", "Détacher un chef"},
    {"Replace a leader", "Remplacer un chef"},
    {"Maneuver test", "Test de manœuvre"},
    {"Declare a charge", "Déclarer une charge"},
    {"Cavalry counter-charge", "Contre-charge de cavalerie"},
    {"Change of formation", "Changement de formation"},
    {"Rally silenced guns", "Rallier les canons silencieux"},
    {"Resupply ammunition", "Réapprovisionner en munitions"},
    {"Move by prolonge", "Manœuvre à la prolonge"},
    {"Limber and retreat, silenced", "Attelle et retraite, silencieux"},
    {"Musketry", "Mousqueterie"},
    {"Cannonade", "Canonnade"},
    {"Breakthrough move", "Mouvement de percée"},
    {"Massed target: the unit behind", "Cible en masse : l'unité derrière"},
    {"Leader loss", "Perte de chef"},
    {"Charge", "Charge"},
};
_Static_assert(GR_COUNT(rff_verb_labels) == GR_COUNT(rff_verbs), "one label per verb");

/* ---- setup: the order of battle's vocabulary ------------------------------------ */

static const char *const v_quality[] = {"crack", "veteran", "trained", "green", NULL};
const char *const rff_bt_troop_forms[] = {"double_line",  "single_line", "combat_column",
                                          "march_column", "dismounted",  NULL};
const char *const rff_bt_gun_forms[] = {"unlimbered", "limbered", NULL};
static const char *const v_nation[] = {"union", "confederate", NULL};
static const char *const v_gun_kind[] = {"foot", "horse", NULL};
static const char *const v_flags[] = {"militia",       "ss", "buck_and_ball", "fixed_guns",
                                      "brave_colonel", NULL};
static const char *const v_rating[] = {"gallant", "able", "poor", NULL};
static const char *const v_role[] = {"army", "corps", "division", "brigade", NULL};

static gr_status refuse_id(const gr_bt_unit *u, const char *field, const char *val,
                           const char *const *accepted, const char *why, gr_error *err)
{
    char acc[256];
    gr_bt_words(accepted, acc, sizeof acc);
    return gr_error_set(err, GR_EINPUT,
                        "%d:%d: unit \"%s\": %s \"%s\" is not rff's%s; accepted: %s", u->line,
                        u->col, u->id, field, val, why, acc);
}

static gr_status rff_setup(gr_battle *b, gr_error *err)
{
    for (int i = 0; i < b->nunits; i++) {
        gr_bt_unit *u = &b->units[i];
        int guns = u->arm == GR_BT_ARTILLERY;
        if (gr_bt_word(v_quality, u->quality) < 0)
            return refuse_id(u, "quality", u->quality, v_quality, "", err);
        if (!u->formation[0])
            snprintf(u->formation, sizeof u->formation, "%s", guns ? "unlimbered" : "double_line");
        const char *const *forms = guns ? rff_bt_gun_forms : rff_bt_troop_forms;
        if (gr_bt_word(forms, u->formation) < 0 ||
            (u->arm == GR_BT_INFANTRY && !strcmp(u->formation, "dismounted")))
            return refuse_id(u, "formation", u->formation, forms,
                             guns ? " for guns" : (u->arm == GR_BT_INFANTRY ? " for infantry" : ""),
                             err);
        u->limbered = guns && !strcmp(u->formation, "limbered");
        if (u->nation[0] && gr_bt_word(v_nation, u->nation) < 0)
            return refuse_id(u, "nation", u->nation, v_nation, "", err);
        if (guns) {
            if (!u->weapon[0])
                snprintf(u->weapon, sizeof u->weapon, "other");
            if (gr_bt_word(rff_guns, u->weapon) < 0)
                return refuse_id(u, "weapon", u->weapon, rff_guns, " gun type", err);
            if (u->kind[0] && gr_bt_word(v_gun_kind, u->kind) < 0)
                return refuse_id(u, "kind", u->kind, v_gun_kind, " battery kind", err);
        } else {
            if (u->weapon[0] && gr_bt_word(rff_weapons, u->weapon) < 0)
                return refuse_id(u, "weapon", u->weapon, rff_weapons, " weapon code", err);
            if (u->kind[0]) {
                static const char *const none[] = {"(empty)", NULL};
                return refuse_id(u, "kind", u->kind, none, " (troops take no kind)", err);
            }
        }
        for (int k = 0; k < u->nflags; k++) {
            if (gr_bt_word(v_flags, u->flags[k]) < 0)
                return refuse_id(u, "flag", u->flags[k], v_flags, "", err);
            if (!strcmp(u->flags[k], "fixed_guns") && !guns)
                return refuse_id(u, "flag", u->flags[k], v_flags, " for troops (guns only)", err);
            if (!strcmp(u->flags[k], "buck_and_ball") && strcmp(u->weapon, "sm"))
                return refuse_id(u, "flag", u->flags[k], v_flags,
                                 " without weapon \"sm\" (Buck & Ball (pour SM))", err);
        }
        /* The sheet prints no threshold: the regiment's roster gives them;
         * a battery without them is never worn. */
        if ((u->worn_at == GR_BT_UNSET || u->spent_at == GR_BT_UNSET) && !guns)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: unit \"%s\": rff needs \"worn\" and \"spent\" (stands lost "
                                "at which the regiment is ébranlée, fatiguée): seed 001 prints no "
                                "chart for them; give both in the order of battle (-1: never)",
                                u->line, u->col, u->id);
        if (u->worn_at == GR_BT_UNSET)
            u->worn_at = -1;
        if (u->spent_at == GR_BT_UNSET)
            u->spent_at = -1;
        if (u->worn_at >= 0 && u->spent_at >= 0 && u->spent_at < u->worn_at)
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: unit \"%s\": \"spent\" (%d) is below \"worn\" (%d); "
                                "accepted: spent >= worn",
                                u->line, u->col, u->id, u->spent_at, u->worn_at);
        memset(u->sys, 0, sizeof u->sys);
    }
    memset(b->sys, 0, sizeof b->sys);
    for (int i = 0; i < b->nleaders; i++) {
        gr_bt_leader *l = &b->leaders[i];
        char acc[128];
        if (gr_bt_word(v_rating, l->rating) < 0) {
            gr_bt_words(v_rating, acc, sizeof acc);
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\": rating \"%s\" is not rff's; accepted: %s "
                                "(Chef vaillant, moyen, timoré)",
                                l->line, l->col, l->id, l->rating, acc);
        }
        if (l->role[0] && gr_bt_word(v_role, l->role) < 0) {
            gr_bt_words(v_role, acc, sizeof acc);
            return gr_error_set(err, GR_EINPUT, "%d:%d: leader \"%s\": role \"%s\"; accepted: %s",
                                l->line, l->col, l->id, l->role, acc);
        }
        if (l->kind[0])
            return gr_error_set(err, GR_EINPUT,
                                "%d:%d: leader \"%s\": kind \"%s\": rff leaders take no kind; "
                                "accepted: \"\"",
                                l->line, l->col, l->id, l->kind);
    }
    return GR_OK;
}

const char *rff_bt_move_row(const gr_bt_unit *u)
{
    if (u->arm == GR_BT_ARTILLERY)
        return !strcmp(u->kind, "horse") ? "horse_battery" : "foot_battery";
    const char *f = u->formation;
    int cav = u->arm == GR_BT_CAVALRY;
    if (cav && !strcmp(f, "dismounted"))
        return "cavalry_dismounted";
    if (!strcmp(f, "double_line"))
        return cav ? "cavalry_double_line" : "infantry_double_line";
    if (!strcmp(f, "march_column"))
        return cav ? "cavalry_march_column" : "infantry_march_column";
    return cav ? "cavalry_column_or_single_line" : "infantry_column_or_single_line";
}

int rff_bt_gun_may(const gr_bt_unit *u, const char *column, const char *action, int *cm)
{
    if (cm)
        *cm = -1;
    const gr_system *s = gr_system_find("rff");
    const gr_table *t = s ? gr_system_table(s, "gun_maneuvers") : NULL;
    if (!t || u->arm != GR_BT_ARTILLERY)
        return 0;
    gr_args a = {0};
    gr_error e;
    int kc = gr_param_index(t->params, t->nparams, "column"),
        ka = gr_param_index(t->params, t->nparams, "action"),
        kg = gr_param_index(t->params, t->nparams, "gun");
    if (kc < 0 || ka < 0 || kg < 0 || gr_args_set(t->params, kc, column, &a, &e) != GR_OK ||
        gr_args_set(t->params, ka, action, &a, &e) != GR_OK ||
        (gr_bt_word(rff_guns, u->weapon) >= 0 &&
         gr_args_set(t->params, kg, u->weapon, &a, &e) != GR_OK))
        return 0;
    gr_cell c = {0};
    if (t->lookup(&a, &c, &e) != GR_OK || strcmp(t->outcomes[c.outcome].id, "allowed"))
        return 0;
    for (int i = 0; cm && i < c.nfields; i++)
        if (!strcmp(c.fields[i].key, "cm"))
            *cm = (int)c.fields[i].i;
    return 1;
}

/* ---- when a phase begins ------------------------------------------------------------ */

static void rff_phase_begins(gr_battle *b)
{
    b->sys[RFF_B_LEADER_DUE] = 0; /* a due test is made in its fire step */
    b->sys[RFF_B_MASSED] = 0;     /* « directement après »: in the fire's step */
    if (rff_bt_step(b) != RFF_PH_LEADERS)
        return;
    /* A player's turn begins: the maneuver results, charge declarations
     * and breakthroughs of the last turn are spent. */
    for (int i = 0; i < b->nunits; i++) {
        int prov = b->units[i].sys[RFF_U_PROVISIONAL];
        memset(b->units[i].sys, 0, sizeof b->units[i].sys);
        b->units[i].sys[RFF_U_PROVISIONAL] = prov;
    }
    /* "Retirez le chef pour un tour": back when the next game turn begins. */
    if (b->phase == 0)
        for (int i = 0; i < b->nleaders; i++) {
            gr_bt_leader *l = &b->leaders[i];
            if (l->status == GR_BT_OUT_OF_ACTION && b->turn >= l->back_turn)
                l->status = GR_BT_ACTIVE;
        }
}

const gr_battle_rules gr_bt_rff_rules = {
    .system = "rff",
    GR_ARRAY(phases, rff_phases),
    GR_ARRAY(verbs, rff_verbs),
    .setup = rff_setup,
    .prepare = rff_bt_prepare,
    .apply = rff_bt_apply,
    .phase_begins = rff_phase_begins,
    .sheet_lang = GR_LANG_FR,
    .phase_translated = rff_phases_en,
    .verb_labels = rff_verb_labels,
};
