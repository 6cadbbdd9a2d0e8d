/* bt_words.c - the table facts of the companion's verbs (their --NAME in a
 * verb's help line) as a player reads them, in English and in French
 * (battle.h, gr_bt_fact_label): the page's form labels each fact with them
 * instead of the command line's option. */
#include "grognard/battle.h"
#include "grognard/bt_game.h"

#include <string.h>

/* By name, sorted.  The same name means the same fact in every system. */
static const struct {
    const char *name;
    gr_bt_label label;
} facts[] = {
    {"action", {"Battery action", "Action de la batterie"}},
    {"after-unlimbering", {"Firing after unlimbering", "Tir après la mise en batterie"}},
    {"allied-officer-rule", {"Allied officer rule", "Règle de l'officier allié"}},
    {"angle", {"Angle of fire (degrees)", "Angle de tir (degrés)"}},
    {"at-breakthrough", {"At a breakthrough", "Lors d'une percée"}},
    {"attacker-flanked", {"Attacker flanked", "Attaquant pris de flanc"}},
    {"attacker-guns", {"Attacker's guns", "Canons de l'attaquant"}},
    {"attacker-outflanked", {"Attacker outflanked", "Attaquant débordé"}},
    {"band", {"Range band", "Portée"}},
    {"bayonet", {"With the bayonet", "À la baïonnette"}},
    {"bridge-assault", {"Bridge assault", "Assaut d'un pont"}},
    {"cavalry-over-half-move",
     {"Cavalry charging over half its move", "Cavalerie chargeant sur plus d'un demi-mouvement"}},
    {"charge-distance", {"Charge distance (inches)", "Distance de charge (pouces)"}},
    {"charging", {"Charging", "En charge"}},
    {"choose", {"The winner chooses", "Le vainqueur choisit"}},
    {"close", {"Enemy close (guns)", "Ennemi proche (canons)"}},
    {"command", {"Command", "Commandement"}},
    {"commander-in-range", {"Commander in range", "Commandant à portée"}},
    {"cover", {"Cover", "Couvert"}},
    {"defender-cover", {"Defender's cover", "Couvert du défenseur"}},
    {"defender-flanked", {"Defender flanked", "Défenseur pris de flanc"}},
    {"defender-guns", {"Defender's guns", "Canons du défenseur"}},
    {"defender-outflanked", {"Defender outflanked", "Défenseur débordé"}},
    {"defender-terrain", {"Defender's terrain", "Terrain du défenseur"}},
    {"deployed",
     {"Deployed in a town or behind works", "Déployée en ville ou derrière des ouvrages"}},
    {"deployment", {"Deployment this move", "Déploiement pendant ce mouvement"}},
    {"direction", {"Direction", "Sens"}},
    {"division-in-range", {"Division officer in range", "Officier de division à portée"}},
    {"enfilade", {"Enfilade fire", "Tir d'enfilade"}},
    {"enfiladed", {"Target enfiladed", "Cible prise en enfilade"}},
    {"favorable", {"Favorable terrain", "Terrain favorable"}},
    {"firing", {"Stands firing", "Socles qui tirent"}},
    {"flanked", {"Flanked", "Pris de flanc"}},
    {"formation", {"New formation", "Nouvelle formation"}},
    {"fortified", {"Fortified", "Fortifié"}},
    {"in-contact", {"In contact with the enemy", "Au contact de l'ennemi"}},
    {"in-woods", {"In woods", "Dans les bois"}},
    {"key-position-lost", {"Key position lost", "Position clé perdue"}},
    {"levels", {"Critical levels reached", "Niveaux critiques atteints"}},
    {"linear-cover", {"Behind linear cover", "Derrière un couvert linéaire"}},
    {"losses", {"Losses", "Pertes"}},
    {"massed", {"Massed fire", "Tir massé"}},
    {"napoleon-adc", {"Napoleon's aide-de-camp", "Aide de camp de Napoléon"}},
    {"no-command-chain", {"No command chain", "Pas de chaîne de commandement"}},
    {"no-leader-near", {"No leader near the target", "Aucun chef près de la cible"}},
    {"on-road", {"On a road", "Sur une route"}},
    {"out-of-radius", {"Out of the general's radius", "Hors du rayon du général"}},
    {"per-stand", {"Fire points per stand", "Points de feu par socle"}},
    {"points", {"Fire points", "Points de feu"}},
    {"range", {"Range (inches)", "Distance (pouces)"}},
    {"rough-charge",
     {"Charged through rough or difficult ground", "Charge par terrain handicapant ou difficile"}},
    {"sabre", {"With the sabre", "Au sabre"}},
    {"side", {"Side", "Camp"}},
    {"stands", {"Stands firing", "Socles qui tirent"}},
    {"stands-firing", {"Stands firing", "Socles qui tirent"}},
    {"target-about-faced", {"Target about-faced", "Cible ayant fait demi-tour"}},
    {"target-changed-formation", {"Target changed formation", "Cible ayant changé de formation"}},
    {"target-charging", {"Target charging", "Cible en charge"}},
    {"target-enfiladed", {"Target enfiladed", "Cible prise en enfilade"}},
    {"target-flanked", {"Target flanked", "Cible prise de flanc"}},
    {"target-grand-battery", {"Target is a grand battery", "La cible est une grande batterie"}},
    {"target-passed-lines", {"Target passed through lines", "Cible ayant traversé des lignes"}},
    {"terrain", {"Terrain", "Terrain"}},
    {"to", {"Change to", "Passer à"}},
    {"units-passed", {"Units passed through", "Unités traversées"}},
    {"unsecured-flank", {"Unsecured flank", "Flanc non assuré"}},
    {"withdrawing", {"Withdrawing", "En retraite"}},
    {"woods", {"In woods", "Dans les bois"}},
    {"year", {"Year", "Année"}},
};

/* The words a fact takes ("--cover woods|hedge|...", a formation, a
 * command), the units' formations and the leaders' roles and ratings, by
 * value, sorted: the same value is the same word in every system. */
static const struct {
    const char *value;
    gr_bt_label label;
} values[] = {
    {"able", {"able", "capable"}},
    {"advance", {"advance", "avance"}},
    {"army", {"army", "armée"}},
    {"average", {"average", "moyen"}},
    {"breastworks", {"breastworks", "parapets"}},
    {"brigade", {"brigade", "brigade"}},
    {"charismatic", {"charismatic", "charismatique"}},
    {"clear", {"clear", "dégagé"}},
    {"close", {"close", "courte"}},
    {"column", {"column", "colonne"}},
    {"combat_column", {"combat column", "colonne d'attaque"}},
    {"corps", {"corps", "corps"}},
    {"deployed_town", {"deployed in a town", "déployée en ville"}},
    {"difficult", {"difficult", "difficile"}},
    {"dismounted", {"dismounted", "pied à terre"}},
    {"division", {"division", "division"}},
    {"double_line", {"double line", "ligne double"}},
    {"entrenchment", {"entrenchment", "retranchement"}},
    {"excellent", {"excellent", "excellent"}},
    {"face_flank", {"facing a flank", "face à un flanc"}},
    {"first", {"first player", "premier joueur"}},
    {"ford", {"ford", "gué"}},
    {"forest", {"forest", "forêt"}},
    {"fortified", {"fortified", "fortifié"}},
    {"fortified_town", {"fortified town", "ville fortifiée"}},
    {"from_skirmish", {"from skirmish order", "depuis l'ordre dispersé"}},
    {"full", {"full", "total"}},
    {"gallant", {"gallant", "valeureux"}},
    {"good", {"good", "bon"}},
    {"hasty_works", {"hasty works", "ouvrages hâtifs"}},
    {"heaviest", {"heaviest", "très lourdes"}},
    {"heavy", {"heavy", "lourdes"}},
    {"hedge", {"hedge", "haie"}},
    {"higher_elevation", {"higher elevation", "hauteur"}},
    {"leave_square", {"leaving square", "sortie du carré"}},
    {"limber", {"limber", "atteler"}},
    {"limbered", {"limbered", "attelée"}},
    {"line", {"line", "ligne"}},
    {"long", {"long", "longue"}},
    {"maneuver_column", {"maneuver column", "colonne de manœuvre"}},
    {"march_column", {"march column", "colonne de marche"}},
    {"move", {"move", "déplacer"}},
    {"no", {"no", "non"}},
    {"nominal", {"nominal", "normal"}},
    {"none", {"none", "aucun"}},
    {"normal", {"normal", "normal"}},
    {"open", {"open", "terrain découvert"}},
    {"ordinary", {"ordinary", "ordinaire"}},
    {"out_of_command", {"out of command", "hors commandement"}},
    {"partial", {"partial", "partiel"}},
    {"pivot", {"pivot", "pivoter"}},
    {"poor", {"poor", "médiocre"}},
    {"provisional", {"provisional commander", "commandant provisoire"}},
    {"reserve", {"reserve zone", "zone de réserve"}},
    {"retire", {"retire", "recul"}},
    {"river_bank", {"river bank", "berge"}},
    {"road", {"road", "route"}},
    {"road_column", {"road column", "colonne de route"}},
    {"rough", {"rough", "accidenté"}},
    {"second", {"second player", "second joueur"}},
    {"single_line", {"single line", "ligne simple"}},
    {"skirmish", {"skirmish order", "ordre dispersé"}},
    {"square", {"square", "carré"}},
    {"stone_wall", {"stone wall", "mur de pierre"}},
    {"sunken_road", {"sunken road", "chemin creux"}},
    {"supported", {"supported", "soutenus"}},
    {"supported_line", {"supported line", "ligne soutenue"}},
    {"tactical", {"tactical zone", "zone tactique"}},
    {"town", {"town", "ville"}},
    {"town_area", {"town area", "zone urbaine"}},
    {"trench", {"trench", "tranchée"}},
    {"unlimber", {"unlimber", "mettre en batterie"}},
    {"unlimbered", {"unlimbered", "en batterie"}},
    {"unsupported", {"unsupported", "non soutenus"}},
    {"wall", {"wall", "mur"}},
    {"woods", {"woods", "bois"}},
    {"works", {"works", "ouvrages"}},
    {"yes", {"yes", "oui"}},
};

const char *gr_bt_fact_label(const char *name, gr_lang lang)
{
    for (size_t k = 0; k < GR_COUNT(facts); k++)
        if (!strcmp(facts[k].name, name))
            return lang == GR_LANG_FR ? facts[k].label.fr : facts[k].label.en;
    return NULL;
}

const char *gr_bt_value_label(const char *value, gr_lang lang)
{
    for (size_t k = 0; k < GR_COUNT(values); k++)
        if (!strcmp(values[k].value, value))
            return lang == GR_LANG_FR ? values[k].label.fr : values[k].label.en;
    return NULL;
}

json_t *gr_bt_value_labels_json(void)
{
    json_t *j = json_object();
    for (size_t k = 0; j && k < GR_COUNT(values); k++)
        json_object_set_new(
            j, values[k].value,
            json_pack("{ssss}", "en", values[k].label.en, "fr", values[k].label.fr));
    return j;
}

json_t *gr_bt_fact_labels_json(void)
{
    json_t *j = json_object();
    for (size_t k = 0; j && k < GR_COUNT(facts); k++)
        json_object_set_new(j, facts[k].name,
                            json_pack("{ssss}", "en", facts[k].label.en, "fr", facts[k].label.fr));
    return j;
}
