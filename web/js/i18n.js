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
    waiting_computer: 'The computer is thinking…', log: 'Battle log', dice: 'Dice',
    undo: 'Undo', end_phase: 'End phase', spectator: 'Spectator',
    seat_of: 'You command {0}', hotseat_of: 'Hot-seat: {0} to play',
    show_rule: 'rule', select_unit: 'Select a unit on the map or an order below.',
    sight_seen: 'in sight', sight_hidden: 'out of sight (§8)', sight_fog: 'beyond the fog', sight_range: '{0} hex(es)', sight_no_dice: 'no die',
    move_fight: 'may still fight after this move (++)', move_nofight: 'may not fight after this move (--)',
    odds_against: 'Against {0}, {1} dice', odds_loss: 'At least one figure lost', odds_retreat: 'It retreats',
    odds_destroyed: 'It is destroyed', odds_expected: 'Figures lost, on average', odds_fig_lost: '{0} lost', odds_fig_title: 'figures lost',
    odds_riposte: 'Its riposte ({0} of the time: it neither retreats nor falls): {1} dice against {2}',
    odds_riposte_risk: 'Risk of a loss to the riposte, all told', odds_no_riposte: 'No riposte can follow.',
    odds_evades: 'The target evades before any die is rolled (light cavalry, §4.2): no loss, and you may take the ground.',
    odds_may_evade: 'Heavy cavalry may evade instead (§4.2): these are the odds if it stands.',
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
    nav_rules: 'Rules', rules_title: 'Rules of Révolution et Empire', close: 'Close', rule_scenario: 'scenario rule',
    guide_title: 'Guided battle', guide_hide: 'Hide the notes', guide_show: 'Show the notes', guide_decision: 'Decision {0}',
    guide_btn: 'Learn: a guided battle', guide_intro: 'The teaching scenario against the computer, a note at each decision of its first turns.',
    phase_help: 'What to do now', hit_loss: 'a loss', hit_retreat: 'a retreat', hit_miss: 'no effect',
    act_chit: 'Put a chit of {0} in the bowl', act_chits_done: 'Chits done', act_group: '{0}: main group',
    act_fire: '{0}: fire at {1}', act_skirmish: '{0}: skirmishers fire at {1}', act_end_fire: 'End the fire',
    act_move: '{0}: move to {1}', act_end_move: 'End the movement', act_attack: '{0}: attack {1}',
    act_column: '{0}: column attack on {1}', act_end_activation: 'End the activation', act_evade: '{0}: evade',
    act_stand: '{0}: stand', act_retreat: '{0}: retreat to {1}', act_retreat_push: '{0}: retreat to {1}, pushing {2} to {3}',
    act_riposte: '{0}: riposte', act_no_riposte: '{0}: no riposte', act_take_ground: '{0}: take the ground {1}',
    act_pursue: '{0}: pursue {1}', act_stop: '{0}: stop',
    bt_title: 'Battle companion', bt_intro: 'A miniatures battle of L\'Âge des Aigles, Napoleonic Fury or Regimental Fire and Fury: the companion keeps the units and resolves every test; each player opens their side on their own device.',
    bt_sys_aoe: 'L\'Âge des Aigles', bt_sys_nf: 'Napoleonic Fury', bt_sys_rff: 'Regimental Fire and Fury',
    bt_oob: 'Order of battle', bt_units_n: '{0} units', bt_create: 'Create the battle', bt_open: 'Open',
    bt_links: 'One link per side', bt_qr_alt: 'QR code of the link of {0}: point a phone\'s camera at it to open that side', bt_links_help: 'Open each link on that player\'s phone, tablet or computer on the same network (or point the phone\'s camera at its QR code): it carries that side\'s token, and shows that side\'s details only.',
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
    bt_aar_title: 'After-action report', bt_aar_intro: 'The battle told turn by turn from its record: every test, its result quoted as the sheet prints it, and what was done on the table.',
    bt_aar_share: 'Link to share', bt_aar_back: 'Back to the battle', bt_aar_print: 'Printable page',
    bt_aar_lost: 'Stands lost by turn', bt_aar_stands: 'stands', bt_aar_total: 'In all: {0} lost {1} stand(s), {2} lost {3}.',
    bt_aar_leaders: 'Leaders\' fates', bt_aar_fate: 'Turn {0}: {1} ({2}), {3}', bt_aar_no_fates: 'No leader out of action, wounded, killed or captured.',
    bt_aar_story: 'The battle, turn by turn', bt_aar_no_actions: 'No test yet.', bt_aar_cost: '{0}: {1} stand(s) lost',
    bt_verbs_now: 'The tests allowed now', bt_more: 'More facts from the table: {0}', bt_no_verbs: 'No test in this phase: when it is over, go on to the next.', bt_with: 'Your unit',
    bt_sheet_words: 'As the sheet prints it: {0}', bt_sheet_quote: 'the sheet\'s own words', bt_results_sheet: 'The results are quoted as the sheet prints them.',
    bt_step: '{0}: score {1}, the sheet reads', bt_did: '{0}: {1}', bt_did_on: '{0}: {1} against {2}', bt_next_done: 'The phase is over. Now, turn {1}: {0}.',
    bt_refused: '{0} cannot take the test “{1}” now: {2}', bt_refused_none: 'The test “{0}” is refused: {1}',
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
    waiting_computer: 'L\'ordinateur réfléchit…', log: 'Journal de la bataille', dice: 'Dés',
    undo: 'Annuler', end_phase: 'Fin de phase', spectator: 'Spectateur',
    seat_of: 'Vous commandez {0}', hotseat_of: 'Même écran : {0} joue',
    show_rule: 'règle', select_unit: 'Choisissez une unité sur la carte ou un ordre ci-dessous.',
    sight_seen: 'en vue', sight_hidden: 'hors de vue (§8)', sight_fog: 'au-delà du brouillard', sight_range: '{0} case(s)', sight_no_dice: 'aucun dé',
    move_fight: 'pourra encore combattre après ce mouvement (++)', move_nofight: 'ne pourra plus combattre après ce mouvement (--)',
    odds_against: 'Contre {0}, {1} dés', odds_loss: 'Au moins une figurine perdue', odds_retreat: 'Elle retraite',
    odds_destroyed: 'Elle est détruite', odds_expected: 'Figurines perdues, en moyenne', odds_fig_lost: '{0} perdue(s)', odds_fig_title: 'figurines perdues',
    odds_riposte: 'Sa riposte ({0} des cas : ni retraite ni destruction) : {1} dés contre {2}',
    odds_riposte_risk: 'Risque d\'une perte à la riposte, en tout', odds_no_riposte: 'Aucune riposte ne peut suivre.',
    odds_evades: 'La cible esquive avant tout jet (cavalerie légère, §4.2) : aucune perte, et vous pouvez prendre le terrain.',
    odds_may_evade: 'La cavalerie lourde peut esquiver (§4.2) : voici les chances si elle reste.',
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
    nav_rules: 'Règle', rules_title: 'Règle de Révolution et Empire', close: 'Fermer', rule_scenario: 'règle du scénario',
    guide_title: 'Bataille guidée', guide_hide: 'Masquer les notes', guide_show: 'Montrer les notes', guide_decision: 'Décision {0}',
    guide_btn: 'Apprendre : une bataille guidée', guide_intro: 'Le scénario d\'apprentissage contre l\'ordinateur, une note à chaque décision de ses premiers tours.',
    phase_help: 'Que faire maintenant', hit_loss: 'une perte', hit_retreat: 'une retraite', hit_miss: 'sans effet',
    act_chit: 'Mettre un jeton de {0} dans le bol', act_chits_done: 'Jetons choisis', act_group: '{0} : groupe principal',
    act_fire: '{0} : tirer sur {1}', act_skirmish: '{0} : tir des tirailleurs sur {1}', act_end_fire: 'Fin du tir',
    act_move: '{0} : aller en {1}', act_end_move: 'Fin du mouvement', act_attack: '{0} : attaquer {1}',
    act_column: '{0} : attaque en colonne sur {1}', act_end_activation: 'Fin de l\'activation', act_evade: '{0} : esquiver',
    act_stand: '{0} : rester', act_retreat: '{0} : retraiter en {1}', act_retreat_push: '{0} : retraiter en {1}, en repoussant {2} en {3}',
    act_riposte: '{0} : riposter', act_no_riposte: '{0} : ne pas riposter', act_take_ground: '{0} : prendre le terrain {1}',
    act_pursue: '{0} : poursuivre {1}', act_stop: '{0} : s\'arrêter',
    bt_title: 'Compagnon de bataille', bt_intro: 'Une bataille de figurines de L\'Âge des Aigles, Napoleonic Fury ou Regimental Fire and Fury : le compagnon tient les unités et résout chaque test ; chaque joueur ouvre son camp sur son propre appareil.',
    bt_sys_aoe: 'L\'Âge des Aigles', bt_sys_nf: 'Napoleonic Fury', bt_sys_rff: 'Regimental Fire and Fury',
    bt_oob: 'Ordre de bataille', bt_units_n: '{0} unités', bt_create: 'Créer la bataille', bt_open: 'Ouvrir',
    bt_links: 'Un lien par camp', bt_qr_alt: 'Code QR du lien de {0} : pointez l\'appareil photo d\'un téléphone dessus pour ouvrir ce camp', bt_links_help: 'Ouvrez chaque lien sur le téléphone, la tablette ou l\'ordinateur de ce joueur, sur le même réseau (ou pointez l\'appareil photo du téléphone sur son code QR) : il porte le jeton de ce camp et ne montre que ses détails.',
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
    bt_aar_title: 'Rapport après action', bt_aar_intro: 'La bataille racontée tour par tour d\'après son registre : chaque test, son résultat cité tel que la fiche l\'imprime, et ce qui a été fait sur la table.',
    bt_aar_share: 'Lien à partager', bt_aar_back: 'Retour à la bataille', bt_aar_print: 'Page à imprimer',
    bt_aar_lost: 'Socles perdus par tour', bt_aar_stands: 'socles', bt_aar_total: 'En tout : {0} a perdu {1} socle(s), {2} en a perdu {3}.',
    bt_aar_leaders: 'Le sort des chefs', bt_aar_fate: 'Tour {0} : {1} ({2}), {3}', bt_aar_no_fates: 'Aucun chef hors de combat, blessé, tué ou capturé.',
    bt_aar_story: 'La bataille, tour par tour', bt_aar_no_actions: 'Aucun test encore.', bt_aar_cost: '{0} : {1} socle(s) perdu(s)',
    bt_verbs_now: 'Les tests permis maintenant', bt_more: 'Autres faits de la table : {0}', bt_no_verbs: 'Aucun test dans cette phase : quand elle est finie, passez à la suivante.', bt_with: 'Votre unité',
    bt_sheet_words: 'Tel que la fiche l\'imprime : {0}', bt_sheet_quote: 'les mots mêmes de la fiche', bt_results_sheet: 'Les résultats sont cités tels que la fiche les imprime.',
    bt_step: '{0} : total {1}, la fiche dit', bt_did: '{0} : {1}', bt_did_on: '{0} : {1} contre {2}', bt_next_done: 'La phase est finie. Maintenant, tour {1} : {0}.',
    bt_refused: '{0} ne peut pas faire le test « {1} » maintenant : {2}', bt_refused_none: 'Le test « {0} » est refusé : {1}',
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
