/* re_event_text.c - Révolution et Empire engine: the text of an event
 * (grognard/re.h, RE_EV_*), in English or in French.
 *
 * The English text is the one the engine has always printed; the French
 * text uses the words of seed 004 (figurines, jetons CA, bol, dés, prise de
 * flanc, esquive, riposte, poursuite, prise de terrain, démoralisation).
 * Names come from the scenario; the seed's printed words (table cells,
 * terrain rows, quotations) are the same in both languages. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grognard/re_rules.h"
#include "grognard/re_terrain.h"
#include "re_engine_internal.h"

static const char *const kind_names[RE_EV_KINDS] = {
    [RE_EV_NONE] = "none",
    [RE_EV_CHITS] = "chits",
    [RE_EV_DRAW] = "draw",
    [RE_EV_ACTIVATION] = "activation",
    [RE_EV_ACTIVATION_END] = "activation_end",
    [RE_EV_TURN_END] = "turn_end",
    [RE_EV_TURN_START] = "turn_start",
    [RE_EV_FIRE] = "fire",
    [RE_EV_ENFILADE] = "enfilade",
    [RE_EV_NO_EFFECT] = "no_effect",
    [RE_EV_SKIRMISH] = "skirmish",
    [RE_EV_MOVE] = "move",
    [RE_EV_ATTACK] = "attack",
    [RE_EV_NO_FIGHT_IN] = "no_fight_in_town",
    [RE_EV_EVADE] = "evade",
    [RE_EV_NO_EVASION] = "no_evasion",
    [RE_EV_STAND] = "stand",
    [RE_EV_EVADED] = "evaded",
    [RE_EV_DICE_BASE] = "dice_base",
    [RE_EV_DICE_MOD] = "dice_modifier",
    [RE_EV_NO_MOD] = "no_modifier",
    [RE_EV_DICE_TOTAL] = "dice_total",
    [RE_EV_DIE] = "die",
    [RE_EV_RESULT] = "result",
    [RE_EV_LOSS] = "loss",
    [RE_EV_SKIRMISHER_LOST] = "skirmisher_lost",
    [RE_EV_DESTROYED] = "destroyed",
    [RE_EV_RETREAT] = "retreat",
    [RE_EV_PUSH] = "push",
    [RE_EV_RETREAT_BLOCKED] = "retreat_blocked",
    [RE_EV_RIPOSTE] = "riposte",
    [RE_EV_NO_RIPOSTE] = "no_riposte",
    [RE_EV_TAKE_GROUND] = "take_ground",
    [RE_EV_PURSUIT] = "pursuit",
    [RE_EV_PURSUIT_END] = "pursuit_end",
    [RE_EV_NO_UNIT_LEFT] = "no_unit_left",
    [RE_EV_GAME_OVER] = "game_over",
    [RE_EV_WINNER] = "winner",
    [RE_EV_ARRIVAL_ROLL] = "arrival_roll",
    [RE_EV_ARRIVE] = "arrive",
    [RE_EV_ENTRY_BLOCKED] = "entry_blocked",
    [RE_EV_GUARD] = "guard",
    [RE_EV_SIGHT] = "sight",
    [RE_EV_SUDDEN_DEATH] = "sudden_death",
    [RE_EV_TERRAIN_CHANGE] = "terrain_change",
};

const char *re_event_kind_name(int kind)
{
    if (kind < 0 || kind >= RE_EV_KINDS || !kind_names[kind])
        return "unknown";
    return kind_names[kind];
}

/* ---- a bounded writer that counts what it needed ------------------------ */

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(out *o, const char *fmt, ...)
{
    char *p = o->buf && o->len < o->cap ? o->buf + o->len : NULL;
    size_t room = p ? o->cap - o->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(p, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

/* ---- names and words ---------------------------------------------------- */

static const char *side(const re_scenario *sc, int s)
{
    if (s < 0 || s >= RE_SIDES)
        return "?";
    return sc->sides[s].name[0] ? sc->sides[s].name : (s ? "side 1" : "side 0");
}

/* French: 0 and 1 take the singular. */
static const char *fr_des(int n)
{
    return n > 1 || n < -1 ? "dés" : "dé";
}

static const char *fr_cases(int n)
{
    return n > 1 ? "cases" : "case";
}

static const char *terrain_words(int id)
{
    const re_terrain_row *r = id >= 0 ? re_terrain_row_at(id / 2) : NULL;
    const char *w = r ? (id % 2 ? r->attack_text : r->protection_text) : NULL;
    return w ? w : "?";
}

static gr_hex ev_hex(const gr_event *ev, int i)
{
    return gr_hex_from_offset(ev->hexes[i][0], ev->hexes[i][1]);
}

/* Why no charge bonus (RE_EVN_CHARGE_*). */
static const char *no_charge(const re_scenario *sc, const gr_event *ev, int fr)
{
    switch (ev->vals[1]) {
    case RE_EVN_CHARGE_NO_MOVE: return fr ? "l'unité ne s'est pas déplacée" : "it did not move";
    case RE_EVN_CHARGE_STRENGTH:
        return fr ? "l'unité n'est pas à plein effectif" : "not at full strength";
    case RE_EVN_CHARGE_RETREATED: return fr ? "l'unité a déjà retraité" : "it has retreated";
    case RE_EVN_CHARGE_TERRAIN: {
        const char *why = NULL;
        re_terrain_charge_allowed(sc, ev_hex(ev, 0), ev_hex(ev, 1), &why);
        return why ? why : "?";
    }
    default: return "?";
    }
}

static void activation(const re_scenario *sc, const gr_event *ev, int fr, out *o)
{
    put(o, fr ? "activation de %s : " : "%s activates: ", re_corps_name(sc, ev->units[0]));
    int any = 0;
    for (int u = 0; u < RE_MAX_UNITS; u++) {
        uint32_t bit = 1u << (u % 32);
        if (!((uint32_t)ev->vals[u / 32] & bit))
            continue;
        int isolated = ((uint32_t)ev->vals[2 + u / 32] & bit) != 0;
        put(o, "%s%s%s", any ? ", " : "", re_unit_name(sc, u),
            !isolated ? ""
            : fr      ? " (cavalerie légère isolée)"
                      : " (isolated light cavalry)");
        any = 1;
    }
    if (!any)
        put(o, "%s", fr ? "aucune unité" : "no unit");
}

static void dice_base(const re_scenario *sc, const gr_event *ev, int fr, out *o)
{
    int n = ev->vals[0];
    const char *u = re_unit_name(sc, ev->units[0]);
    switch (ev->vals[1]) {
    case RE_ROLL_ARTILLERY:
        if (fr)
            put(o, "  %d %s : artillerie à %d %s", n, fr_des(n), ev->vals[2],
                fr_cases(ev->vals[2]));
        else
            put(o, "  %d dice: artillery at %d hex(es)", n, ev->vals[2]);
        break;
    case RE_ROLL_RIPOSTE:
        if (fr)
            put(o, "  %d %s : %s", n, fr_des(n), u);
        else
            put(o, "  %d dice: %s", n, u);
        break;
    case RE_ROLL_PURSUIT:
        if (fr)
            put(o,
                "  %d %s : %s (\"Les malus et bonus aux dés ne s'appliquent pas\" ; pas de "
                "riposte)",
                n, fr_des(n), u);
        else
            put(o, "  %d dice: %s (\"Les malus et bonus aux dés ne s'appliquent pas\"; no riposte)",
                n, u);
        break;
    default: {
        int u0 = ev->units[0];
        const re_unit_info *ui = u0 < sc->nunits ? re_unit(sc->units[u0].type) : NULL;
        if (fr)
            put(o, "  %d %s : %s (%s)", n, fr_des(n), u, ui ? ui->label : "?");
        else
            put(o, "  %d dice: %s (%s)", n, u, ui ? ui->label : "?");
        break;
    }
    }
}

static void dice_mod(const re_scenario *sc, const gr_event *ev, int fr, out *o)
{
    int d = ev->vals[1];
    switch (ev->vals[0]) {
    case RE_EVM_FLANK:
        if (fr)
            put(o, "  %+d %s : prise de flanc, %s est au contact de %s mais pas de %s : %s", d,
                fr_des(d), re_unit_name(sc, ev->units[0]), re_unit_name(sc, ev->units[1]),
                re_unit_name(sc, ev->units[2]), re_dice_modifier[RE_DM_FLANK].cell);
        else
            put(o, "  %+d dice: flank, %s touches %s and not %s: %s", d,
                re_unit_name(sc, ev->units[0]), re_unit_name(sc, ev->units[1]),
                re_unit_name(sc, ev->units[2]), re_dice_modifier[RE_DM_FLANK].cell);
        break;
    case RE_EVM_CHARGE:
        if (fr)
            put(o, "  %+d %s : %s", d, fr_des(d), re_dice_modifier[RE_DM_CHARGE].cell);
        else
            put(o, "  %+d dice: %s", d, re_dice_modifier[RE_DM_CHARGE].cell);
        break;
    case RE_EVM_TERRAIN:
        if (fr)
            put(o, "  %+d %s%s : %s", d, fr_des(d),
                ev->vals[2] ? "" : " (non compté : un malus plus fort s'applique)",
                terrain_words(ev->vals[3]));
        else
            put(o, "  %+d dice%s: %s", d,
                ev->vals[2] ? "" : " (not counted: a larger malus applies)",
                terrain_words(ev->vals[3]));
        break;
    case RE_EVM_DEMORALISED:
        if (fr)
            put(o, "  %+d %s : armée démoralisée (%s, %d points, seuil %d) : %s", d, fr_des(d),
                side(sc, ev->units[0]), ev->vals[2], ev->vals[3],
                re_dice_modifier[RE_DM_DEMORALISED].cell);
        else
            put(o, "  %+d die: %s is demoralised (%d points, threshold %d): %s", d,
                side(sc, ev->units[0]), ev->vals[2], ev->vals[3],
                re_dice_modifier[RE_DM_DEMORALISED].cell);
        break;
    default: put(o, "  %+d %s", d, fr ? fr_des(d) : "dice"); break;
    }
}

static void no_mod(const re_scenario *sc, const gr_event *ev, int fr, out *o)
{
    const char *u = re_unit_name(sc, ev->units[0]);
    if (ev->vals[0] == RE_EVM_CHARGE) {
        put(o, fr ? "  pas de charge de cavalerie organisée : %s" : "  no charge bonus: %s",
            no_charge(sc, ev, fr));
        return;
    }
    switch (ev->vals[1]) {
    case RE_EVN_FLANK_TOWN:
        put(o,
            fr ? "  pas de bonus de flanc : %s est de l'infanterie en ville, forteresse ou bâtiment"
               : "  no flank bonus: %s is infantry in a town, fortress or building",
            u);
        break;
    case RE_EVN_FLANK_CAVALRY:
        put(o,
            fr ? "  pas de bonus de flanc : %s, de l'infanterie, n'est au contact que de "
                 "cavalerie ennemie"
               : "  no flank bonus: %s is infantry in contact with enemy cavalry only",
            u);
        break;
    default:
        put(o,
            fr ? "  pas de bonus de flanc : l'unité %s est elle-même en situation d'être prise de "
                 "flanc"
               : "  no flank bonus: %s may itself be taken in the flank",
            u);
        break;
    }
}

static const char *hit_words(int hit, int fr)
{
    switch (hit) {
    case RE_HIT_LOSS: return fr ? "perte" : "loss";
    case RE_HIT_RETREAT: return fr ? "retraite" : "retreat";
    default: return fr ? "sans effet" : "miss";
    }
}

static const char *cause_words(int cause, int fr)
{
    if (cause == RE_EVC_BLOCKED)
        return fr ? "retraite impossible" : "retreat blocked";
    return fr ? "perte" : "loss";
}

int re_event_text(const re_scenario *sc, const gr_event *ev, gr_lang lang, char *buf, size_t cap)
{
    out o = {buf, cap, 0};
    if (buf && cap)
        buf[0] = 0;
    const int fr = lang == GR_LANG_FR;
    const int *v = ev->vals;
    const char *u0 = re_unit_name(sc, ev->units[0]), *u1 = re_unit_name(sc, ev->units[1]);
    int c0 = ev->hexes[0][0], r0 = ev->hexes[0][1], c1 = ev->hexes[1][0], r1 = ev->hexes[1][1];
    switch (ev->kind) {
    case RE_EV_CHITS:
        if (fr)
            put(&o, "%s a mis %d jeton%s CA dans le bol", side(sc, ev->units[0]), v[0],
                v[0] > 1 ? "s" : "");
        else
            put(&o, "%s has put %d chit(s) in the bowl", side(sc, ev->units[0]), v[0]);
        break;
    case RE_EV_DRAW:
        put(&o,
            fr ? "jeton tiré du bol : %s (%d sur %d jetons)"
               : "chit drawn from the bowl: %s (%d of %d chits)",
            re_corps_name(sc, ev->units[0]), v[0], v[1]);
        break;
    case RE_EV_ACTIVATION: activation(sc, ev, fr, &o); break;
    case RE_EV_ACTIVATION_END:
        put(&o, fr ? "fin de l'activation de %s" : "end of the activation of %s",
            re_corps_name(sc, ev->units[0]));
        break;
    case RE_EV_TURN_END:
        put(&o, fr ? "le bol est vide : fin du tour %d" : "the bowl is empty: end of turn %d",
            v[0]);
        break;
    case RE_EV_TURN_START:
        put(&o,
            fr ? "tour %d : chaque joueur choisit ses jetons CA"
               : "turn %d: each side chooses its chits",
            v[0]);
        break;
    case RE_EV_FIRE:
        if (fr)
            put(&o, "%s tire sur %s (%d %s, la case occupée la plus proche en vue)", u0, u1, v[0],
                fr_cases(v[0]));
        else
            put(&o, "%s fires at %s (%d hex(es), the nearest occupied hex in sight)", u0, u1, v[0]);
        break;
    case RE_EV_ENFILADE:
        put(&o,
            fr ? "tir d'enfilade : l'unité %s, sur la case suivante, est touchée aussi (\"Le tir "
                 "d'enfilade permet de toucher les cibles sur les cases se suivant\")"
               : "enfilade: %s in the next hex is hit too (\"Le tir d'enfilade permet de toucher "
                 "les cibles sur les cases se suivant\")",
            u0);
        break;
    case RE_EV_NO_EFFECT:
        if (v[0] == RE_EVX_NO_DICE)
            put(&o, fr ? "plus aucun dé : aucun effet sur %s" : "no dice left: no effect on %s",
                u0);
        else
            put(&o,
                fr ? "aucun effet sur %s : \"Le Tir d'artillerie est sans effet contre de "
                     "l'artillerie\""
                   : "no effect on %s: \"Le Tir d'artillerie est sans effet contre de "
                     "l'artillerie\"",
                u0);
        break;
    case RE_EV_SKIRMISH:
        if (fr)
            put(&o,
                "les tirailleurs de %s tirent sur %s : %d %s (%s ; pas de malus de terrain, pas "
                "de riposte)",
                u0, u1, v[0], fr_des(v[0]), re_dice_modifier[RE_DM_SKIRMISH].cell);
        else
            put(&o, "%s's skirmishers fire at %s: %d die (%s; no terrain malus, no riposte)", u0,
                u1, v[0], re_dice_modifier[RE_DM_SKIRMISH].cell);
        break;
    case RE_EV_MOVE:
        if (fr)
            put(&o, "%s se déplace de %d,%d à %d,%d (%d %s)%s", u0, c0, r0, c1, r1, v[0],
                fr_cases(v[0]),
                v[1] == RE_EVF_ARTILLERY ? ""
                : v[1] == RE_EVF_MAY_FIGHT
                    ? " : combat encore possible"
                    : " : pas de combat pendant cette activation (marche en colonne de route "
                      "ou terrain)");
        else
            put(&o, "%s moves from %d,%d to %d,%d (%d hex(es))%s", u0, c0, r0, c1, r1, v[0],
                v[1] == RE_EVF_ARTILLERY   ? ""
                : v[1] == RE_EVF_MAY_FIGHT ? ": it may still fight"
                                           : ": it may not fight this activation (march move or "
                                             "terrain)");
        break;
    case RE_EV_ATTACK:
        if (fr)
            put(&o, v[0] ? "%s fait une attaque en colonne contre %s" : "%s attaque %s", u0, u1);
        else
            put(&o, "%s %s %s", u0, v[0] ? "makes a column attack on" : "attacks", u1);
        break;
    case RE_EV_NO_FIGHT_IN:
        if (v[0])
            put(&o,
                fr ? "%s ne peut combattre dans une ville ni esquiver : destruction (\"esquive "
                     "obligatoire ou destruction\")"
                   : "%s cannot fight in a town and cannot evade: destroyed (\"esquive "
                     "obligatoire ou destruction\")",
                u0);
        else
            put(&o,
                fr ? "%s ne peut combattre dans une ville : esquive obligatoire"
                   : "%s cannot fight in a town: it must evade",
                u0);
        break;
    case RE_EV_EVADE:
        if (v[0])
            put(&o,
                fr ? "%s doit esquiver : \"La cavalerie légère si elle est attaquée en phase "
                     "de combat DOIT retraiter avant le combat sauf face à la cavalerie.\""
                   : "%s must evade: \"La cavalerie légère si elle est attaquée en phase de "
                     "combat DOIT retraiter avant le combat sauf face à la cavalerie.\"",
                u0);
        else
            put(&o,
                fr ? "%s esquive (\"La cavalerie lourde si elle est attaquée en phase de "
                     "combat PEUT décider avant le combat de retraiter sauf face à la "
                     "cavalerie.\")"
                   : "%s evades (\"La cavalerie lourde si elle est attaquée en phase de combat "
                     "PEUT décider avant le combat de retraiter sauf face à la cavalerie.\")",
                u0);
        break;
    case RE_EV_NO_EVASION:
        put(&o,
            fr ? "%s ne peut pas esquiver (pas de retraite de deux cases) : combat (\"Si "
                 "l'esquive n'est pas possible il y a combat\")"
               : "%s cannot evade (no two-hex retreat): combat (\"Si l'esquive n'est pas "
                 "possible il y a combat\")",
            u0);
        break;
    case RE_EV_STAND:
        put(&o, fr ? "%s n'esquive pas et accepte le combat" : "%s stands", u0);
        break;
    case RE_EV_EVADED:
        put(&o,
            fr ? "%s a esquivé : la prise de terrain et la poursuite sont possibles"
               : "%s has evaded: taking ground and pursuit are possible",
            u0);
        break;
    case RE_EV_DICE_BASE: dice_base(sc, ev, fr, &o); break;
    case RE_EV_DICE_MOD: dice_mod(sc, ev, fr, &o); break;
    case RE_EV_NO_MOD: no_mod(sc, ev, fr, &o); break;
    case RE_EV_DICE_TOTAL:
        if (fr)
            put(&o, "  = %d %s", v[0], fr_des(v[0]));
        else
            put(&o, "  = %d dice", v[0]);
        if (v[1] == RE_ROLL_ARTILLERY)
            put(&o, fr ? " sur %s" : " on %s", u0);
        break;
    case RE_EV_DIE:
        put(&o, fr ? "dé %d contre %s : %s%s" : "die %d against %s: %s%s",
            ev->nfaces ? ev->faces[0] : 0, u0, hit_words(v[0], fr),
            !v[1] ? ""
            : fr  ? " (attaque en colonne : pertes et retraites inversées)"
                  : " (column attack: losses and retreats swapped)");
        break;
    case RE_EV_RESULT:
        if (fr)
            put(&o, "résultat sur %s : %d perte%s, %d retraite%s", u0, v[0], v[0] > 1 ? "s" : "",
                v[1], v[1] > 1 ? "s" : "");
        else
            put(&o, "result on %s: %d loss(es), %d retreat(s)", u0, v[0], v[1]);
        break;
    case RE_EV_LOSS:
        if (fr)
            put(&o, "%s perd une figurine (%s) : il en reste %d%s", u0, cause_words(v[0], 1), v[1],
                v[2] ? " + le tirailleur" : "");
        else
            put(&o, "%s loses a figure (%s): %d left%s", u0, cause_words(v[0], 0), v[1],
                v[2] ? " + skirmisher" : "");
        break;
    case RE_EV_SKIRMISHER_LOST:
        put(&o,
            fr ? "%s perd son tirailleur (%s) : \"décomptés dans les pertes comme étant l'avant "
                 "dernière figurine perdue\""
               : "%s loses its skirmisher (%s): \"décomptés dans les pertes comme étant l'avant "
                 "dernière figurine perdue\"",
            u0, cause_words(v[0], fr));
        break;
    case RE_EV_DESTROYED:
        if (fr)
            put(&o, "l'unité %s est détruite : %s a %d point%s de démoralisation%s", u0,
                side(sc, ev->units[1]), v[0], v[0] > 1 ? "s" : "",
                v[1] ? ", l'armée est démoralisée" : "");
        else
            put(&o, "%s is destroyed: %s has %d demoralisation point(s)%s", u0,
                side(sc, ev->units[1]), v[0], v[1] ? ", the army is demoralised" : "");
        break;
    case RE_EV_RETREAT:
        if (fr)
            put(&o, "%s %s vers %d,%d", u0, v[0] ? "esquive" : "retraite", c0, r0);
        else
            put(&o, "%s %s to %d,%d", u0, v[0] ? "evades" : "retreats", c0, r0);
        break;
    case RE_EV_PUSH:
        put(&o,
            fr ? "%s entraîne %s dans sa retraite, de %d,%d à %d,%d (\"elle peut l'entraîner "
                 "dans sa retraite\")"
               : "%s pushes %s from %d,%d to %d,%d (\"elle peut l'entraîner dans sa retraite\")",
            u0, u1, c0, r0, c1, r1);
        break;
    case RE_EV_RETREAT_BLOCKED:
        if (fr)
            put(&o,
                "%s ne peut pas retraiter de %d %s de plus : une figurine perdue par case "
                "(\"l'unité perd une pièce par hexagone de retraite éludée\")",
                u0, v[0], fr_cases(v[0]));
        else
            put(&o,
                "%s cannot retreat %d more hex(es): one figure lost per hex (\"l'unité perd une "
                "pièce par hexagone de retraite éludée\")",
                u0, v[0]);
        break;
    case RE_EV_RIPOSTE:
        put(&o,
            fr ? "%s riposte contre %s (ni prise de flanc, ni poursuite, ni prise de terrain)"
               : "%s ripostes against %s (no flank bonus, no pursuit, no taking of ground)",
            u0, u1);
        break;
    case RE_EV_NO_RIPOSTE: put(&o, fr ? "%s ne riposte pas" : "%s does not riposte", u0); break;
    case RE_EV_TAKE_GROUND:
        put(&o, fr ? "%s prend le terrain et occupe %d,%d" : "%s takes ground: moves to %d,%d", u0,
            c0, r0);
        break;
    case RE_EV_PURSUIT:
        put(&o,
            fr ? "%s poursuit %s par son chemin de retraite jusqu'en %d,%d"
               : "%s pursues %s along its retreat path to %d,%d",
            u0, u1, c0, r0);
        break;
    case RE_EV_PURSUIT_END:
        put(&o,
            fr ? "la poursuite s'achève : %s ne recule plus"
               : "the pursuit ends: %s does not fall back",
            u0);
        break;
    case RE_EV_NO_UNIT_LEFT:
        put(&o, "%s", fr ? "une armée n'a plus aucune unité" : "an army has no unit left");
        break;
    case RE_EV_GAME_OVER:
        if (v[0] == RE_VICTORY_OBJECTIVES)
            put(&o,
                fr ? "fin de la partie : points d'objectifs tenus : %s %d, %s %d"
                   : "game over: objective points held: %s %d, %s %d",
                side(sc, 0), v[1], side(sc, 1), v[2]);
        else if (v[0] == RE_VICTORY_POINTS)
            put(&o,
                fr ? "fin de la partie : points de victoire : %s %d, %s %d"
                   : "game over: victory points: %s %d, %s %d",
                side(sc, 0), v[1], side(sc, 1), v[2]);
        else if (v[0] == RE_VICTORY_DEMORALISATION)
            put(&o,
                fr ? "fin de la partie : points de démoralisation %s %d, %s %d"
                   : "game over: demoralisation points %s %d, %s %d",
                side(sc, 0), v[1], side(sc, 1), v[2]);
        else
            put(&o,
                fr ? "fin de la partie : unités ennemies détruites : %s %d, %s %d (\"le gagnant "
                     "est celui qui a détruit le plus d'unités ennemis\")"
                   : "game over: enemy units destroyed: %s %d, %s %d (\"le gagnant est celui qui "
                     "a détruit le plus d'unités ennemis\")",
                side(sc, 0), v[1], side(sc, 1), v[2]);
        break;
    case RE_EV_WINNER:
        if (ev->units[0] == GR_EV_NONE)
            put(&o, "%s", fr ? "la partie est nulle" : "the game is drawn");
        else
            put(&o, fr ? "%s l'emporte" : "%s wins", side(sc, ev->units[0]));
        break;
    case RE_EV_ARRIVAL_ROLL: {
        const char *rn = v[0] >= 0 && v[0] < sc->ext.nreinf ? sc->ext.reinf[v[0]].name : "?";
        put(&o,
            fr ? "renfort %s : le dé donne %d, il en faut %d ou plus : %s"
               : "reinforcement %s: the die shows %d, it needs %d or more: %s",
            rn, ev->nfaces ? ev->faces[0] : 0, v[1],
            v[2] ? (fr ? "il entre" : "it enters")
                 : (fr ? "il n'entre pas ce tour" : "not this turn"));
        break;
    }
    case RE_EV_ARRIVE:
        put(&o,
            fr ? "%s entre sur la carte en %d,%d (renfort)"
               : "%s enters the map at %d,%d (reinforcement)",
            u0, c0, r0);
        break;
    case RE_EV_GUARD:
        if (fr)
            put(&o,
                "%s (garde) recule moins facilement : %d %s de retraite au lieu de %d "
                "(\"l'infanterie de la garde française recule moins facilement que les autres\")",
                u0, v[1], fr_cases(v[1]), v[0]);
        else
            put(&o,
                "%s (guard) retreats less easily: %d hex(es) of retreat instead of %d "
                "(\"l'infanterie de la garde française recule moins facilement que les autres\")",
                u0, v[1], v[0]);
        break;
    case RE_EV_SIGHT:
        if (fr)
            put(&o,
                "tour %d : brouillard ou nuit, pas de ligne de vue ni de tir d'artillerie "
                "au-delà de %d %s",
                v[0], v[1], fr_cases(v[1]));
        else
            put(&o,
                "turn %d: fog or night, no line of sight and no artillery fire beyond %d hex(es)",
                v[0], v[1]);
        break;
    case RE_EV_TERRAIN_CHANGE: {
        int ground = v[0] >= 0 ? v[0] : v[2], fl = v[1] >= 0 ? v[1] : v[3];
        const re_terrain_row *g = re_terrain_row_at(ground);
        const char *gl = g && g->label ? g->label : "?";
        if ((v[3] & RE_BRIDGE) && !(fl & RE_BRIDGE))
            put(&o, fr ? "le pont en %d,%d est détruit" : "the bridge at %d,%d is destroyed", c0,
                r0);
        else if (!(v[3] & RE_BRIDGE) && (fl & RE_BRIDGE))
            put(&o, fr ? "un pont est jeté en %d,%d" : "a bridge is built at %d,%d", c0, r0);
        else
            put(&o, fr ? "le terrain change en %d,%d" : "the terrain changes at %d,%d", c0, r0);
        put(&o, fr ? " : désormais %s%s%s%s%s%s" : ": now %s%s%s%s%s%s", gl,
            fl & RE_HILL ? (fr ? ", colline" : ", hill") : "",
            fl & RE_FIELDWORKS ? (fr ? ", fortifications" : ", fieldworks") : "",
            fl & RE_ROAD ? (fr ? ", route" : ", road") : "",
            fl & RE_BRIDGE ? (fr ? ", pont" : ", bridge") : "",
            fl & RE_FORD ? (fr ? ", gué" : ", ford") : "");
        break;
    }
    case RE_EV_SUDDEN_DEATH:
        put(&o,
            fr ? "mort subite : %s atteint %d points de démoralisation (seuil %d) et perd la "
                 "bataille"
               : "sudden death: %s reaches %d demoralisation points (threshold %d) and loses the "
                 "battle",
            side(sc, ev->units[0]), v[0], v[1]);
        break;
    case RE_EV_ENTRY_BLOCKED:
        put(&o,
            fr ? "%s trouve ses cases d'entrée occupées : il attend le tour suivant"
               : "%s finds its entry hexes taken: it waits for the next turn",
            u0);
        break;
    default: put(&o, fr ? "événement inconnu %d" : "unknown event %d", ev->kind); break;
    }
    return (int)o.len;
}
