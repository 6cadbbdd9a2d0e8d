// i18n.js - every label of the page in English and French.  The log lines
// come from the server in the language asked for (?lang=); the page's own
// words are here.  t(key, ...args) fills {0}, {1}, ... with args.
const STRINGS = {
  en: {
    app_title: 'grognard', colon: ': ',
    nav_play: 'Play', nav_games: 'Games', nav_assistant: 'Table assistant', nav_help: 'Keys',
    lang_switch: 'Français', lang_label: 'Language',
    skip: 'Skip to the content',
    loading: 'Loading…',
    error_prefix: 'Error',
    server_down: 'The grognard server does not answer: is `grognard serve` running?',
    // start
    start_title: 'Start a battle',
    scenario: 'Scenario', turns_n: '{0} turns', you_play: 'You play',
    opponent: 'Opponent', opp_computer: 'The computer', opp_hotseat: 'A friend on this machine',
    opp_link: 'A friend elsewhere (a link to send)', difficulty: 'Difficulty',
    seed: 'Seed (optional, same seed same dice)', start_btn: 'Start the battle',
    oob: 'Order of battle', chits_per_turn: '{0} chits a turn', demoralised_at: 'demoralised at {0}',
    corps_chits: '{0} chit(s)', objectives: 'Objectives', victory: 'Victory',
    victory_most: 'the side that destroys more enemy units', victory_demo: 'the side with fewer demoralisation points',
    links_title: 'Seats of this game', link_yours: 'Your seat (open it here)',
    link_friend: 'Send this link to your friend: it carries their seat',
    copy: 'Copy', copied: 'Copied', open_game: 'Open the game',
    // game
    turn: 'Turn', turn_of: 'Turn {0} of {1}', to_move: 'To play', over: 'Battle over',
    stage: 'Phase', corps_active: 'Active corps', demoralisation: 'Demoralisation',
    lost: 'Units lost', bowl: 'Chit bowl', bowl_own: 'Your chits in the bowl',
    bowl_hidden: 'Other side: {0} chit(s), hidden', bowl_all_hidden: 'In the bowl: {0} chit(s), hidden', bowl_drawn: 'Drawn this turn',
    none: 'none', actions: 'Your orders', no_actions: 'Waiting for the other side…',
    handover_btn: 'Hand my seat to the computer', takeback_btn: 'Take my seat back', handed_over: 'The computer ({0}) plays your side.',
    threat_btn: 'Enemy threat', threat_tip: '{0}: {1}% to lose figures before the turn ends, {2} expected',
    why_btn: 'Why?', why_title: 'Why the computer played that', why_played: '{0} played: {1}',
    why_share: '{0}% of the search', why_win: 'win {0}% (95%: {1}% to {2}%)',
    why_losses: 'expected figures lost: {0} {1}, {2} {3}', why_plan: 'plan', why_no_search: 'This computer player does not search: nothing to compare.',
    waiting_computer: 'The computer is thinking…', log: 'Battle log', dice: 'Dice',
    undo: 'Undo', end_phase: 'End phase', spectator: 'Spectator',
    seat_of: 'You command {0}', hotseat_of: 'Hot-seat: {0} to play',
    show_rule: 'rule', select_unit: 'Select a unit on the map or an order below.',
    odds_title: 'Odds before you commit', dice_n: '{0} dice', die_1: '1 die', losses_n: '{0} loss(es)', retreats_n: '{0} retreat(s)',
    attack: 'Attack', cancel: 'Cancel', confirm: 'Commit',
    winner: 'Winner: {0}', draw: 'A draw', report: 'Battle report',
    losses_by_turn: 'Figures lost by turn', replay: 'Watch the replay', new_game: 'New battle',
    live: 'live', offline: 'reconnecting…', dice_legend: 'Red, heavy frame: a loss; amber, dashed frame: a retreat; white: no effect.', step: 'Step', figures: 'figures',
    skirmisher: 'skirmisher', stage_chits: 'chit choice', stage_draw: 'chit draw', stage_group: 'main group',
    stage_fire: 'fire', stage_move: 'movement', stage_combat: 'combat', stage_evasion: 'evasion',
    stage_dice: 'dice', stage_retreat: 'retreat', stage_riposte: 'riposte', stage_after: 'after combat', stage_over: 'over',
    infantry: 'infantry', elite_infantry: 'elite infantry', light_cavalry: 'light cavalry',
    heavy_cavalry: 'heavy cavalry', artillery: 'artillery',
    side_to_move_other: '{0} to play',
    // replay
    replay_title: 'Replay', first: 'First', prev: 'Back', next: 'Forward', last: 'Last', play: 'Play', pause: 'Pause',
    step_of: 'Step {0} of {1}',
    games_title: 'Games on this server', no_games: 'No game stored yet.', players: 'Players',
    // assistant
    assistant_title: 'Table assistant', system: 'System', table: 'Table', procedure: 'Procedure',
    situation: 'Situation', modifier: 'Die modifier', odds: 'Odds', roll: 'Roll the dice',
    type_dice: 'Dice rolled (faces, comma-separated)', resolve: 'Resolve', result: 'Result',
    modifiers: 'Modifiers', applied: 'applied', not_applied: 'not applied', source: 'Source',
    lookup: 'Read the table', score_typed: 'the modified total you rolled', kind_table: 'Table', kind_procedure: 'Procedure',
    // companion
    nav_companion: 'Companion',
    bt_title: 'Battle companion', bt_intro: 'A miniatures battle of L\'Âge des Aigles, Napoleonic Fury or Regimental Fire and Fury: the companion keeps the units and resolves every test; each player opens their side on their own device.',
    bt_sys_aoe: 'L\'Âge des Aigles', bt_sys_nf: 'Napoleonic Fury', bt_sys_rff: 'Regimental Fire and Fury',
    bt_oob: 'Order of battle', bt_units_n: '{0} units', bt_create: 'Create the battle', bt_open: 'Open',
    bt_links: 'One link per side', bt_links_help: 'Open each link on that player\'s phone, tablet or computer on the same network: it carries that side\'s token, and shows that side\'s details only.',
    bt_address: 'Address of this server: ', bt_local_warn: 'This page is open on the loopback address: other devices cannot reach it. Start the server with --host 0.0.0.0 and open the page with this machine\'s network address (e.g. http://192.168.1.20:8080/).',
    bt_you: 'You: {0}', bt_you_act: 'You act now', bt_they_act: '{0} acts now', bt_wait: 'Waiting for {0}: the form is open to prepare your next test.',
    bt_player_first: 'first player', bt_player_second: 'second player', bt_player_both: 'both players',
    bt_sequence: 'Sequence of play', bt_removed: 'removed', bt_cond_fresh: 'fresh', bt_cond_worn: 'worn', bt_cond_spent: 'spent',
    bt_disordered: 'disordered', bt_broken: 'broken', bt_ammo_1: 'ammunition low', bt_ammo_2: 'out of ammunition',
    bt_silenced_n: '{0} gun stand(s) silenced', bt_limbered: 'limbered', bt_reserve: 'in reserve', bt_acted: 'has acted',
    bt_unit: 'Unit', bt_stands: 'Stands left', bt_stands_seen: 'Stands on the table', bt_thresholds: 'Worn/spent at (lost)',
    bt_formation: 'Formation', bt_state: 'State', bt_leader: 'Leader', bt_own: 'Your units: {0}', bt_enemy: 'The enemy: {0}',
    bt_enemy_hint: 'As seen across the table: its thresholds, condition, ammunition and its leaders\' ratings are not shown.',
    bt_leaders: 'Leaders', bt_ls_active: 'active', bt_ls_out_of_action: 'out of action', bt_ls_wounded: 'wounded', bt_ls_killed: 'killed', bt_ls_captured: 'captured',
    bt_choose_verb: '— choose a test —', bt_verb: 'Test', bt_target: 'Target',
    bt_roll: 'Dice rolled at the table', bt_roll_hint: 'leave empty: the battle\'s seed rolls',
    bt_odds: 'Odds before the roll', bt_do: 'Resolve', bt_next: 'Phase over: next', bt_report: 'After-action report',
    bt_now: 'Now', bt_no_odds: 'This test has no odds to show.', bt_odds_before: 'Odds before the roll', bt_score: 'score',
    bt_instructions: 'On the table', bt_no_result: 'No test yet.', bt_undone: 'Undone: {0}',
    // keys
    keys_title: 'Keyboard', key_end: 'end the phase (end fire, end movement, end activation, chits done, stop)',
    key_undo: 'undo', key_lang: 'switch language', key_help: 'this help', key_esc: 'clear the selection',
    key_num: 'give the order of that number',
  },
  fr: {
    app_title: 'grognard', colon: ' : ',
    nav_play: 'Jouer', nav_games: 'Parties', nav_assistant: 'Assistant de tables', nav_help: 'Touches',
    lang_switch: 'English', lang_label: 'Langue',
    skip: 'Aller au contenu',
    loading: 'Chargement…',
    error_prefix: 'Erreur',
    server_down: 'Le serveur grognard ne répond pas : `grognard serve` est-il lancé ?',
    start_title: 'Commencer une bataille',
    scenario: 'Scénario', turns_n: '{0} tours', you_play: 'Vous jouez',
    opponent: 'Adversaire', opp_computer: 'L\'ordinateur', opp_hotseat: 'Un ami sur cette machine',
    opp_link: 'Un ami ailleurs (un lien à envoyer)', difficulty: 'Difficulté',
    seed: 'Graine (facultative ; même graine, mêmes dés)', start_btn: 'Commencer la bataille',
    oob: 'Ordre de bataille', chits_per_turn: '{0} jetons par tour', demoralised_at: 'démoralisée à {0}',
    corps_chits: '{0} jeton(s)', objectives: 'Objectifs', victory: 'Victoire',
    victory_most: 'le camp qui détruit le plus d\'unités ennemies', victory_demo: 'le camp qui a le moins de points de démoralisation',
    links_title: 'Places de cette partie', link_yours: 'Votre place (à ouvrir ici)',
    link_friend: 'Envoyez ce lien à votre ami : il porte sa place',
    copy: 'Copier', copied: 'Copié', open_game: 'Ouvrir la partie',
    turn: 'Tour', turn_of: 'Tour {0} sur {1}', to_move: 'À jouer', over: 'Bataille terminée',
    stage: 'Phase', corps_active: 'Corps activé', demoralisation: 'Démoralisation',
    lost: 'Unités perdues', bowl: 'Bol des jetons', bowl_own: 'Vos jetons dans le bol',
    bowl_hidden: 'Autre camp : {0} jeton(s), cachés', bowl_all_hidden: 'Dans le bol : {0} jeton(s), cachés', bowl_drawn: 'Tirés ce tour',
    none: 'aucun', actions: 'Vos ordres', no_actions: 'L\'autre camp joue…',
    handover_btn: 'Confier ma place à l\'ordinateur', takeback_btn: 'Reprendre ma place', handed_over: 'L\'ordinateur ({0}) joue votre camp.',
    threat_btn: 'Menace ennemie', threat_tip: '{0} : {1} % de perdre des figurines avant la fin du tour, {2} attendues',
    why_btn: 'Pourquoi ?', why_title: 'Pourquoi l\'ordinateur a joué cela', why_played: '{0} a joué : {1}',
    why_share: '{0} % de la recherche', why_win: 'victoire {0} % (95 % : de {1} % à {2} %)',
    why_losses: 'figurines perdues attendues : {0} {1}, {2} {3}', why_plan: 'plan', why_no_search: 'Ce joueur ordinateur ne cherche pas : rien à comparer.',
    waiting_computer: 'L\'ordinateur réfléchit…', log: 'Journal de la bataille', dice: 'Dés',
    undo: 'Annuler', end_phase: 'Fin de phase', spectator: 'Spectateur',
    seat_of: 'Vous commandez {0}', hotseat_of: 'Même écran : {0} joue',
    show_rule: 'règle', select_unit: 'Choisissez une unité sur la carte ou un ordre ci-dessous.',
    odds_title: 'Chances avant d\'engager', dice_n: '{0} dés', die_1: '1 dé', losses_n: '{0} perte(s)', retreats_n: '{0} retraite(s)',
    attack: 'Attaquer', cancel: 'Annuler', confirm: 'Engager',
    winner: 'Vainqueur : {0}', draw: 'Match nul', report: 'Rapport de bataille',
    losses_by_turn: 'Figurines perdues par tour', replay: 'Revoir la partie', new_game: 'Nouvelle bataille',
    live: 'en direct', offline: 'reconnexion…', dice_legend: 'Rouge, cadre épais : une perte ; orange, cadre pointillé : une retraite ; blanc : sans effet.', step: 'Étape', figures: 'figurines',
    skirmisher: 'tirailleur', stage_chits: 'choix des jetons', stage_draw: 'tirage', stage_group: 'groupe principal',
    stage_fire: 'tir', stage_move: 'mouvement', stage_combat: 'combat', stage_evasion: 'esquive',
    stage_dice: 'dés', stage_retreat: 'retraite', stage_riposte: 'riposte', stage_after: 'après le combat', stage_over: 'fin',
    infantry: 'infanterie', elite_infantry: 'infanterie d\'élite', light_cavalry: 'cavalerie légère',
    heavy_cavalry: 'cavalerie lourde', artillery: 'artillerie',
    side_to_move_other: '{0} joue',
    replay_title: 'Revoir', first: 'Début', prev: 'Reculer', next: 'Avancer', last: 'Fin', play: 'Lire', pause: 'Pause',
    step_of: 'Étape {0} sur {1}',
    games_title: 'Parties de ce serveur', no_games: 'Aucune partie enregistrée.', players: 'Joueurs',
    assistant_title: 'Assistant de tables', system: 'Système', table: 'Table', procedure: 'Procédure',
    situation: 'Situation', modifier: 'Modificateur du dé', odds: 'Chances', roll: 'Lancer les dés',
    type_dice: 'Dés lancés (faces, séparées par des virgules)', resolve: 'Résoudre', result: 'Résultat',
    modifiers: 'Modificateurs', applied: 'appliqué', not_applied: 'non appliqué', source: 'Source',
    lookup: 'Lire la table', score_typed: 'le total modifié que vous avez obtenu', kind_table: 'Table', kind_procedure: 'Procédure',
    nav_companion: 'Compagnon',
    bt_title: 'Compagnon de bataille', bt_intro: 'Une bataille de figurines de L\'Âge des Aigles, Napoleonic Fury ou Regimental Fire and Fury : le compagnon tient les unités et résout chaque test ; chaque joueur ouvre son camp sur son propre appareil.',
    bt_sys_aoe: 'L\'Âge des Aigles', bt_sys_nf: 'Napoleonic Fury', bt_sys_rff: 'Regimental Fire and Fury',
    bt_oob: 'Ordre de bataille', bt_units_n: '{0} unités', bt_create: 'Créer la bataille', bt_open: 'Ouvrir',
    bt_links: 'Un lien par camp', bt_links_help: 'Ouvrez chaque lien sur le téléphone, la tablette ou l\'ordinateur de ce joueur, sur le même réseau : il porte le jeton de ce camp et ne montre que ses détails.',
    bt_address: 'Adresse de ce serveur : ', bt_local_warn: 'Cette page est ouverte sur l\'adresse locale : les autres appareils ne peuvent pas l\'atteindre. Lancez le serveur avec --host 0.0.0.0 et ouvrez la page avec l\'adresse réseau de cette machine (par ex. http://192.168.1.20:8080/).',
    bt_you: 'Vous : {0}', bt_you_act: 'À vous d\'agir', bt_they_act: '{0} agit', bt_wait: 'En attente de {0} : le formulaire reste ouvert pour préparer votre prochain test.',
    bt_player_first: 'premier joueur', bt_player_second: 'second joueur', bt_player_both: 'les deux joueurs',
    bt_sequence: 'Séquence de jeu', bt_removed: 'retirée', bt_cond_fresh: 'fraîche', bt_cond_worn: 'ébranlée', bt_cond_spent: 'épuisée',
    bt_disordered: 'en désordre', bt_broken: 'brisée', bt_ammo_1: 'à court de munitions', bt_ammo_2: 'sans munitions',
    bt_silenced_n: '{0} socle(s) de pièces réduits au silence', bt_limbered: 'avant-train accroché', bt_reserve: 'en réserve', bt_acted: 'a agi',
    bt_unit: 'Unité', bt_stands: 'Socles restants', bt_stands_seen: 'Socles sur la table', bt_thresholds: 'Ébranlée/épuisée à (pertes)',
    bt_formation: 'Formation', bt_state: 'État', bt_leader: 'Chef', bt_own: 'Vos unités : {0}', bt_enemy: 'L\'ennemi : {0}',
    bt_enemy_hint: 'Vu de l\'autre côté de la table : ses seuils, son état, ses munitions et la valeur de ses chefs ne sont pas montrés.',
    bt_leaders: 'Chefs', bt_ls_active: 'actif', bt_ls_out_of_action: 'hors de combat', bt_ls_wounded: 'blessé', bt_ls_killed: 'tué', bt_ls_captured: 'capturé',
    bt_choose_verb: '— choisir un test —', bt_verb: 'Test', bt_target: 'Cible',
    bt_roll: 'Dés lancés sur la table', bt_roll_hint: 'vide : la graine de la bataille lance les dés',
    bt_odds: 'Chances avant le jet', bt_do: 'Résoudre', bt_next: 'Phase finie : suivante', bt_report: 'Rapport après action',
    bt_now: 'Maintenant', bt_no_odds: 'Ce test n\'a pas de chances à montrer.', bt_odds_before: 'Chances avant le jet', bt_score: 'total',
    bt_instructions: 'Sur la table', bt_no_result: 'Aucun test encore.', bt_undone: 'Annulé : {0}',
    keys_title: 'Clavier', key_end: 'fin de phase (fin du tir, du mouvement, de l\'activation, jetons choisis, arrêt)',
    key_undo: 'annuler', key_lang: 'changer de langue', key_help: 'cette aide', key_esc: 'effacer la sélection',
    key_num: 'donner l\'ordre de ce numéro',
  },
};

let lang = 'en';
try {
  lang = localStorage.getItem('grognard.lang') || ((navigator.language || 'en').startsWith('fr') ? 'fr' : 'en');
} catch (e) { /* storage may be off */ }
if (!STRINGS[lang]) lang = 'en';

const listeners = [];

export function getLang() { return lang; }

export function setLang(l) {
  if (!STRINGS[l] || l === lang) return;
  lang = l;
  try { localStorage.setItem('grognard.lang', l); } catch (e) { /* ignore */ }
  document.documentElement.lang = l;
  for (const f of listeners) f(l);
}

export function onLang(f) { listeners.push(f); }

export function t(key, ...args) {
  let s = STRINGS[lang][key];
  if (s === undefined) s = STRINGS.en[key];
  if (s === undefined) return key;
  return s.replace(/\{(\d)\}/g, (m, i) => String(args[Number(i)] ?? ''));
}

// Every key has both languages (tests/browser checks it too).
export function missingKeys() {
  const out = [];
  for (const k of Object.keys(STRINGS.en)) if (!(k in STRINGS.fr)) out.push('fr:' + k);
  for (const k of Object.keys(STRINGS.fr)) if (!(k in STRINGS.en)) out.push('en:' + k);
  return out;
}
