// game.js - a game of Révolution et Empire: the map, the sides' state, the
// chit bowl, the orders the server lists as legal, the dice, the log, live
// updates (Server-Sent Events), undo and the end-of-battle report.  Every
// number shown comes from GET /api/games/GAME and GET /api/scenarios/ID.
// Its replay (#/replay/GAME[?step=N]) is the same page as a spectator saw
// it after step N (GET /api/games/GAME?step=N), stepped through with a bar
// (and Play), the units changed since the step shown before outlined:
// nothing replayed here, nothing to play.
import { api, liveStream, oneOrder } from './api.js';
import { t, getLang } from './i18n.js';
import { drawMap, drawUnits, drawThreat, el, centre, corners, pstr } from './hexmap.js';
import { groupedBars, probBars, logDie, HIT_COLOUR } from './charts.js';
import { h, put, loadSeats, saveSeats, errorBox, putLog, stepBar } from './util.js';
import { toast } from './main.js';
import { rulesData, guideData, citeLink, ruleLink } from './rules.js';
import { showWhy } from './why.js';

const END_KINDS = ['end_fire', 'end_move', 'end_activation', 'chits_done', 'stop', 'no_riposte'];
const TARGET_KINDS = ['attack', 'column', 'skirmish', 'pursue', 'fire'];
const HEX_KINDS = ['move', 'retreat', 'take_ground'];

export async function mount(root, route) {
  const id = route.id;
  const stored = loadSeats(id) || {};
  const seats = {};
  if (route.params.get('seats')) {
    const [a, b] = route.params.get('seats').split(',');
    seats[0] = a || null; seats[1] = b || null;
  } else if (route.params.get('seat')) {
    seats.any = route.params.get('seat');
  } else if (route.name !== 'replay') {
    Object.assign(seats, stored);
  }
  const hotseat = Boolean(seats[0] && seats[1]);
  const guided = route.params.get('guide') === '1';
  const replay = route.name === 'replay';
  const S = {
    view: null, scn: null, map: null, log: [], sel: null, pending: null, viewSide: 0,
    stream: null, diceShown: 0, refreshing: null, again: false, full: false, curtainFor: null, gone: false,
    at: Number(route.params.get('step')) || 0, changed: new Set(), timer: null,
  };
  const token = () => (hotseat ? seats[S.viewSide] : seats.any || seats[0] || seats[1] || null);

  // ---- layout -------------------------------------------------------------
  const status = h('div', { class: 'statusbar', id: 'status', role: 'region', 'aria-label': t('turn') });
  const mapwrap = h('div', { class: 'mapwrap', id: 'map' });
  const zoomOut = h('button', { type: 'button', 'aria-label': 'zoom out', onclick: () => zoom(1 / 1.25) }, '−');
  const zoomIn = h('button', { type: 'button', 'aria-label': 'zoom in', onclick: () => zoom(1.25) }, '+');
  const seatLine = h('span', { id: 'seat-line', class: 'muted' });
  const sightLine = h('span', { id: 'sight-info', class: 'sight-info', 'aria-live': 'polite' });
  const threatB = h('button', { type: 'button', id: 'threat-btn', hidden: !token(), 'aria-pressed': 'false', onclick: () => toggleThreat() }, t('threat_btn'));
  // the seat handed to the computer and taken back: one button, made once
  // and relabelled, so that it stays under the finger while the computer
  // plays and the orders are drawn again at every step
  const seatB = h('button', { type: 'button', id: 'seat-btn', hidden: true, onclick: () => handSeat(seatB.dataset.to) });
  const tools = h('div', { class: 'maptools' }, zoomOut, zoomIn, threatB, seatLine, seatB, sightLine);
  const sidesP = h('section', { class: 'panel', id: 'sides', 'aria-label': t('demoralisation') });
  const ordersF = h('fieldset', { class: 'orders-set' });
  const ordersP = h('section', { class: 'panel', id: 'orders', 'aria-live': 'polite' }, ordersF);
  const orders = oneOrder(ordersF);
  const oddsP = h('section', { class: 'panel oddsbox', id: 'odds', hidden: true, 'aria-live': 'polite' });
  const diceP = h('section', { class: 'panel', id: 'dice' });
  const bowlP = h('section', { class: 'panel bowl', id: 'bowl' });
  const reportP = h('section', { class: 'panel', id: 'report', hidden: true });
  const whyP = h('section', { class: 'panel oddsbox', id: 'why', hidden: true, 'aria-live': 'polite' });
  const logBox = h('div', { class: 'log', id: 'log', tabindex: 0, role: 'log', 'aria-label': t('log') });
  const logT = h('h2', {}), logP = h('section', { class: 'panel', id: 'log-panel' }, logT, logBox);
  const guideP = h('section', { class: 'panel guide', id: 'guide', hidden: true, 'aria-live': 'polite' });
  const side = h('aside', { class: 'sidebar' }, guideP, sidesP, oddsP, whyP, ordersP, diceP, bowlP, logP);
  const playB = h('button', { type: 'button', id: 'replay-play', onclick: () => play() }, t('play'));
  const bar = replay ? stepBar('replay', (n) => { S.at = n; history.replaceState(null, '', `#/replay/${encodeURIComponent(id)}?step=${n}`); refresh(true); }, playB) : null;
  if (bar) root.append(bar.el);
  root.append(status, h('div', { class: 'game' }, h('div', {}, tools, reportP, mapwrap), side));
  let zoomK = 1;
  function zoom(k) {
    zoomK = Math.max(0.4, Math.min(3, zoomK * k));
    applyZoom();
  }
  // A small map fills the panel's width (zoom 1 = fit); a large one is
  // drawn at its own size (zoom 1 = 34-pixel hexes) and scrolls.
  function applyZoom() {
    if (!S.map) return;
    if (S.fit) S.map.svg.style.width = Math.round(100 * zoomK) + '%';
    else S.map.svg.style.width = Math.round(Number(S.map.svg.dataset.width) * zoomK) + 'px';
  }

  // ---- data ---------------------------------------------------------------
  // The view fetched or pushed by the stream; its log is whole when `full`,
  // else since a step held (the steps not held yet are added).
  async function refresh(full = false, pushed = null) {
    if (S.refreshing) { S.again = true; if (full) S.full = true; return S.refreshing; }
    S.refreshing = (async () => {
      try {
        const since = !full && S.view && S.log.length ? S.view.step : undefined;
        let v = pushed || await api.view(id, token(), since, replay ? S.at : undefined);
        if (since !== undefined && v.step < S.view.step) return; // a view pushed before ours
        if (hotseat && typeof v.to_move === 'number' && v.to_move !== S.viewSide) {
          S.viewSide = v.to_move;
          v = await api.view(id, token());
          S.log = v.log || [];
        } else if (since === undefined) {
          S.log = v.log || [];
        } else {
          const top = S.log[S.log.length - 1].step;
          S.log = S.log.concat((v.log || []).filter((e) => !(e.step <= top)));
        }
        const first = !S.view;
        const was = new Map(((replay && S.view && S.view.units) || []).map((u) => [u.id, u]));
        S.changed = new Set(v.units.filter((u) => was.size && ['col', 'row', 'figures', 'skirmisher'].some((k) => (was.get(u.id) || {})[k] !== u[k])).map((u) => u.id));
        S.view = v;
        if (!S.scn) S.scn = await api.scenario(v.scenario);
        if (first) buildMap();
        if (first && !replay) openStream();
        if (hotseat && v.view && v.view.stage === 'chits' && S.curtainFor !== S.viewSide && typeof v.to_move === 'number') {
          S.curtainFor = S.viewSide;
          curtain(S.viewSide);
        }
        render();
      } catch (e) { // the page's own error box until a view is shown
        if (!S.view && e.status !== 0) put(root, errorBox(`${t('error_prefix')}: ${e.message}`)); else toast(e.message, true);
      }
    })();
    await S.refreshing;
    S.refreshing = null;
    if (S.again && !S.gone) { const f = S.full; S.again = false; S.full = false; await refresh(f); }
  }

  // Live: a view pushed is shown (hot-seat: the first seat's, so the side to
  // move is fetched); a signal is fetched (an undo: the whole log again).
  function openStream() {
    S.stream = liveStream(() => api.eventsUrl(id, hotseat ? seats[0] : token()), {
      onView: (v, type, first) => (hotseat ? refresh(true) : refresh(first || type === 'undo', v)),
      onSignal: (type, d) => { if (!S.view || !d || d.step !== S.view.step || type === 'undo') refresh(type === 'undo'); },
    });
  }

  // One order at a time: the orders are greyed out while one is on its way.
  async function act(a) {
    if (orders.busy || !S.view) return;
    S.pending = null;
    oddsP.hidden = true;
    if (await orders.run(() => api.act(id, token(), a.text, S.view.step)) && !['move', 'group'].includes(a.kind)) S.sel = null;
    await refresh();
  }

  // Play: the replay a step forward every 600 ms, to its end
  function play() {
    if (S.timer) { clearInterval(S.timer); S.timer = null; } else S.timer = setInterval(() => { if (bar.at >= bar.last) play(); else bar.go(bar.at + 1); }, 600);
    playB.textContent = t(S.timer ? 'pause' : 'play');
  }

  // The seat handed to the computer (the hard level) or taken back (POST
  // .../seat); the computer plays at once if the seat is to move.
  async function handSeat(player) {
    if (orders.busy) return;
    await orders.run(() => api.seat(id, token(), player));
    await refresh(true);
  }

  // The enemy's threat to the seat's units (GET .../threat), over the map
  // while the button is pressed, fetched again when the game moves on.
  async function toggleThreat() {
    S.threatOn = !S.threatOn;
    threatB.setAttribute('aria-pressed', String(S.threatOn));
    S.threatStep = null;
    if (S.threatOn) await loadThreat(); else drawThreat(S.map, null);
  }
  async function loadThreat() {
    if (!S.threatOn || !S.view || S.threatStep === S.view.step) return;
    S.threatStep = S.view.step;
    try {
      const th = await api.threat(id, token());
      const name = (u) => unitById(u.unit)?.name || String(u.unit);
      drawThreat(S.map, th.units, (u) => t('threat_tip', name(u), Math.round(100 * u.odds), u.expected_loss.toFixed(2)));
    } catch (e) {
      toast(e.message, true);
      S.threatOn = false;
      threatB.setAttribute('aria-pressed', 'false');
      drawThreat(S.map, null);
    }
  }

  // The server says whether undo would be accepted (view.undo); a server
  // that does not say yet is asked, and answers with its reason.
  function canUndo() {
    const v = S.view;
    return Boolean(v && !v.over && v.seat !== null && v.seat !== undefined && v.undo !== false);
  }

  async function undo() {
    if (!canUndo() || orders.busy) return;
    if (await orders.run(() => api.undo(id, token(), S.view.step))) {
      S.sel = null;
      S.pending = null;
      oddsP.hidden = true;
    }
    await refresh(true);
  }

  // A battery hovered: the dice it would roll at each hex now, as the
  // engine decides them (its sight, below: by range, seed 004 §2.1, where it
  // sees), until the mouse leaves it.
  async function showRange(u, on) {
    const old = S.map && S.map.svg.querySelector('g.art-range');
    if (old) old.remove();
    S.ranged = on && u.type === 'artillery' && !replay ? u.id : null;
    if (S.ranged === null) return;
    let sight;
    try { sight = await sightOf(u.id); } catch (e) { return; }
    if (S.ranged !== u.id || S.map.svg.querySelector('g.art-range')) return;
    const s = S.map.size;
    const g = el('g', { class: 'art-range', 'pointer-events': 'none' });
    for (const x of sight.data.hexes.filter((x) => x.range > 0 && x.dice > 0)) {
      const [cx, cy] = centre(x.hex[0], x.hex[1], s);
      el('polygon', { points: pstr(corners(cx, cy, s, 0.95)), class: 'hl-range r' + Math.min(3, x.dice) }, g);
      el('text', { x: cx, y: cy - s * 0.55, 'text-anchor': 'middle', 'font-size': s * 0.28, class: 'range-dice' }, g).textContent = x.dice === 1 ? t('die_1') : t('dice_n', x.dice);
    }
    S.map.svg.insertBefore(g, S.map.gUnit);
  }

  // ---- sight and range on hover ------------------------------------------
  // With a unit selected, a hex under the mouse (or focused) tells whether
  // the unit sees it, how far it is and the dice it would roll there, as the
  // engine decides them (GET /api/games/GAME/sight, one answer per unit and
  // step), and a line is drawn from the unit: solid if seen, dashed if not.
  function sightOf(u) {
    if (!S.sights || S.sights.step !== S.view.step) S.sights = Object.assign(new Map(), { step: S.view.step });
    const all = S.sights;
    if (!all.has(u)) all.set(u, api.sight(id, token(), u).then((data) => ({ data, byHex: new Map(data.hexes.map((x) => [x.hex.join(), x])) }), (e) => { all.delete(u); throw e; }));
    return all.get(u);
  }

  async function showSight(hexKey) {
    const u = S.sel;
    const g = S.map && S.map.gHi.querySelector('g.sight');
    if (g) g.remove();
    if (u === null || u === undefined || !hexKey) { sightLine.textContent = ''; return; }
    let sight;
    try { sight = await sightOf(u); } catch (e) { sightLine.textContent = e.message; return; }
    if (S.sel !== u) return;
    const x = sight.byHex.get(hexKey);
    const unit = unitById(u);
    if (!x || !unit || x.range === 0) { sightLine.textContent = ''; return; }
    const s = S.map.size;
    const gs = el('g', { class: 'sight', 'pointer-events': 'none' }, S.map.gHi);
    const [x1, y1] = centre(sight.data.from[0], sight.data.from[1], s), [x2, y2] = centre(x.hex[0], x.hex[1], s);
    el('line', { x1, y1, x2, y2, class: x.sees ? 'sight-line seen' : 'sight-line hidden' }, gs);
    const dice = x.dice === 0 ? t('sight_no_dice') : x.dice === 1 ? t('die_1') : t('dice_n', x.dice);
    const text = `${unit.name} → ${x.hex.join(',')}: ${x.sees ? t('sight_seen') : x.fog ? t('sight_fog') : t('sight_hidden')}, ${t('sight_range', x.range)}, ${dice}`;
    sightLine.textContent = text;
    sightLine.dataset.hex = hexKey;
    sightLine.dataset.sees = String(x.sees);
    sightLine.dataset.range = String(x.range);
    sightLine.dataset.dice = String(x.dice);
  }

  // ---- drawing ------------------------------------------------------------
  function buildMap() {
    S.map = drawMap(S.scn, { size: 34, units: [], label: S.scn.title });
    put(mapwrap, S.map.svg);
    // the hex under the mouse or focused, whatever lies on it
    const hexAt = (e) => {
      const t0 = e.target.closest && e.target.closest('[data-hex]');
      if (t0) return t0.dataset.hex;
      const c = e.target.closest && e.target.closest('.counter');
      const uu = c ? unitById(Number(c.dataset.unit)) : null;
      return uu ? `${uu.col},${uu.row}` : null;
    };
    S.map.svg.addEventListener('mouseover', (e) => showSight(hexAt(e)));
    S.map.svg.addEventListener('focusin', (e) => showSight(hexAt(e)));
    S.map.svg.addEventListener('mouseleave', () => showSight(null));
    S.fit = S.scn.cols <= 16;
    applyZoom();
  }

  const legal = () => (S.view && S.view.legal) || [];
  const unitById = (u) => (S.view ? S.view.units.find((x) => x.id === u) : null);
  const sideName = (k) => (S.scn && S.scn.sides[k] ? S.scn.sides[k].name : String(k));

  function render() {
    if (!S.view) return;
    const L = legal();
    // the units that can act; one alone is selected for the player
    const actors = new Set(L.filter((a) => a.unit !== undefined && a.kind !== 'group').map((a) => a.unit));
    if (S.sel !== null && !actors.has(S.sel) && !L.some((a) => a.unit === S.sel)) S.sel = null;
    if (S.sel === null && actors.size === 1) S.sel = [...actors][0];
    const hi = { active: replay ? S.changed : new Set(L.filter((a) => a.unit !== undefined).map((a) => a.unit)), moves: new Map(), fire: new Map(), targets: new Map(), selected: S.sel };
    for (const a of L) {
      if (a.unit !== S.sel) continue;
      if (HEX_KINDS.includes(a.kind) && a.to && !hi.moves.has(a.to.join(','))) hi.moves.set(a.to.join(','), a);
      if (TARGET_KINDS.includes(a.kind) && a.target !== undefined && !hi.targets.has(a.target)) hi.targets.set(a.target, a);
      else if (a.kind === 'fire' && a.to) hi.fire.set(a.to.join(','), a);
    }
    // the counters are drawn anew: a range shown for the one under the mouse
    // goes with it (its mouseleave never fires once it is replaced); a move of
    // the mouse onto the new counter shows it again
    showRange(null, false);
    drawUnits(S.map, S.view.units, {
      highlight: hi, typeName: (k) => t(k),
      onUnit: (u) => clickUnit(u),
      onHover: (u, on) => showRange(u, on),
      onAction: (a) => choose(a),
      moveNote,
      actionLabel: label,
    });
    renderStatus();
    renderGuide();
    renderSides();
    renderOrders();
    renderBowl();
    renderLog();
    renderDice();
    renderReport();
    loadThreat();
  }

  // An order in the page's language, made from the action's fields (its
  // "text" is what the server takes back, in the engine's English)
  function label(a) {
    const un = (u) => (unitById(u) || {}).name || '?';
    const hx = (x) => (x ? x.join(',') : '?');
    const corps = (c) => ((S.scn && S.scn.corps && S.scn.corps[c]) || {}).name || '?';
    switch (a.kind) {
      case 'chit': return t('act_chit', corps(a.corps));
      case 'chits_done': case 'end_fire': case 'end_move': case 'end_activation': return t('act_' + a.kind);
      case 'fire': case 'move': case 'take_ground': return t('act_' + a.kind, un(a.unit), hx(a.to));
      case 'retreat': return a.push !== undefined ? t('act_retreat_push', un(a.unit), hx(a.to), un(a.push), hx(a.push_to)) : t('act_retreat', un(a.unit), hx(a.to));
      case 'skirmish': case 'attack': case 'column': case 'pursue': return t('act_' + a.kind, un(a.unit), un(a.target));
      case 'group': case 'evade': case 'stand': case 'riposte': case 'no_riposte': case 'stop': return t('act_' + a.kind, un(a.unit));
      default: return a.text;
    }
  }

  // The help line of the phase: what to do now, and the rule it follows
  // (web/rules/re-guide.json "help")
  function phaseHelp(stage, mine) {
    const g = S.guide && S.guide.help;
    const e = g && (mine ? g[stage] : g.wait);
    if (!e || S.view.over) return null;
    return h('p', { class: 'phase-help', id: 'phase-help', 'data-stage': mine ? stage : 'wait' },
      h('strong', {}, `${t('phase_help')}${t('colon')}`), e[getLang()] || e.en, ' ', ruleLink(e.rule));
  }

  // The guided battle: a note at each decision of the first turns (web/
  // rules/re-guide.json "guide"), the welcome first, then "done".
  function renderGuide() {
    if (!guided || !S.guide || S.guideHidden === true) {
      guideP.hidden = !guided;
      if (guided) put(guideP, h('button', { type: 'button', id: 'guide-show', onclick: () => { S.guideHidden = false; renderGuide(); } }, t('guide_show')));
      return;
    }
    const v = S.view, vv = v.view || {}, G = S.guide.guide, lang = getLang();
    const mine = legal().length > 0;
    if (mine && S.guideStep !== v.step) { S.guideStep = v.step; S.decisions = (S.decisions || 0) + 1; }
    const turn = vv.turn ?? v.turn;
    const key = v.over || turn > S.guide.guide_turns ? 'done' : mine ? (G[vv.stage] ? vv.stage : null) : 'wait';
    const notes = [];
    if (!S.decisions || (S.decisions === 1 && mine)) notes.push(G.welcome);
    if (key) notes.push(G[key]);
    guideP.hidden = false;
    put(guideP, h('h2', {}, t('guide_title'), mine && key !== 'done' ? h('span', { class: 'muted', id: 'guide-count' }, ` · ${t('guide_decision', S.decisions)}`) : null),
      ...notes.map((n) => h('p', { class: 'guide-note', 'data-note': n === G.welcome ? 'welcome' : key }, n[lang] || n.en, ' ', ruleLink(n.rule))),
      h('button', { type: 'button', id: 'guide-hide', onclick: () => { S.guideHidden = true; renderGuide(); } }, t('guide_hide')));
  }

  // What a move leads to, as the engine says (legal[].fight)
  function moveNote(a) {
    return a.fight === true ? t('move_fight') : a.fight === false ? t('move_nofight') : '';
  }

  // The key to the move hexes: the two kinds, drawn as on the map
  function moveLegend() {
    const sw = (cls) => {
      const svg = el('svg', { width: 22, height: 22, viewBox: '0 0 22 22', class: 'hexmap', 'aria-hidden': 'true' });
      el('polygon', { points: pstr(corners(11, 11, 10)), class: 'hl-move ' + cls }, svg);
      if (cls === 'fight') el('path', { d: 'M7,7 L15,15 M15,7 L7,15', class: 'fight-mark' }, svg);
      return svg;
    };
    return h('div', { class: 'move-legend', id: 'move-legend' },
      h('span', {}, sw('fight'), t('move_fight')), h('span', {}, sw('nofight'), t('move_nofight')));
  }

  function clickUnit(u) {
    const L = legal();
    const grp = L.find((a) => a.kind === 'group' && a.unit === u.id);
    if (grp) { act(grp); return; }
    if (L.some((a) => a.unit === u.id)) { S.sel = S.sel === u.id ? null : u.id; render(); return; }
    // a click on an enemy in reach of the selected unit
    const tg = L.filter((a) => a.unit === S.sel && a.target === u.id);
    if (tg.length) choose(tg[0]);
  }

  // An attack, a column attack, a fire: show what the server says of it
  // before committing.  Anything else goes at once.
  async function choose(a) {
    if (!TARGET_KINDS.includes(a.kind)) { act(a); return; }
    const alts = legal().filter((b) => b.unit === a.unit && b.target === a.target && TARGET_KINDS.includes(b.kind));
    S.pending = a;
    const tgt = unitById(a.target);
    oddsP.hidden = false;
    put(oddsP, h('h2', {}, t('odds_title')), h('p', {}, label(a)), h('p', { class: 'muted' }, t('loading')));
    const body = [h('h2', {}, t('odds_title'))];
    for (const b of alts) {
      body.push(h('h3', {}, label(b)));
      if (b.dice !== undefined) body.push(h('p', {}, b.dice === 1 ? t('die_1') : t('dice_n', b.dice)));
      if (b.odds) body.push(...attackOdds(b));
      else if (tgt || b.kind === 'skirmish') {
        // the odds of one die against this target (the table of seed 004 §4.4), or of the skirmish die
        const req = b.kind === 'skirmish' ? { table: 'skirmish_die', inputs: {} } : { table: 'die', inputs: b.kind === 'column' ? { target: tgt.type, 'column-attack': true } : { target: tgt.type } };
        try {
          const o = await api.odds({ system: 're', ...req });
          body.push(probBars(Object.entries(o.odds).map(([k, p]) => ({ label: `${t('die_1')}: ${t('hit_' + k)}`, p: Number(p), fill: k === 'miss' || !HIT_COLOUR[k] ? '#8a8a8a' : HIT_COLOUR[k] })), { title: label(b), width: 340 }));
        } catch (e) { body.push(h('p', { class: 'muted' }, e.message)); }
      }
      body.push(h('button', { type: 'button', class: 'primary', 'data-commit': b.kind, onclick: () => act(b) }, `${t('confirm')}: ${label(b)}`));
    }
    body.push(' ', h('button', { type: 'button', onclick: () => { S.pending = null; oddsP.hidden = true; } }, t('cancel')));
    if (S.pending === a) put(oddsP, ...body);
    const btn = oddsP.querySelector('button.primary');
    if (btn) btn.focus();
  }

  // The whole attack as the server computes it from the engine (legal[].odds,
  // docs/api.md): the target's figures lost, its chance of a loss, of a
  // retreat, of falling, and the riposte's risk to the attacker.
  function attackOdds(b) {
    const o = b.odds, pct = (p) => `${(100 * p).toFixed(0)}%`, out = [];
    if (o.evades) return [h('p', { class: 'hint odds-evades' }, t('odds_evades'))];
    if (o.may_evade) out.push(h('p', { class: 'hint' }, t('odds_may_evade')));
    const a = o.attack, tgt = unitById(b.target), me = unitById(b.unit);
    // a roll's chances of a loss, a retreat, a fall, the figures it costs (and `more` rows)
    const sum = (kind, caption, x, ...more) => h('table', { class: 'odds-sum', 'data-odds': kind }, h('caption', {}, caption),
      [['loss', t('odds_loss'), pct(x.loss)], ['retreat', t('odds_retreat'), pct(x.retreat)], ['destroyed', t('odds_destroyed'), pct(x.destroyed)],
        ['expected', t('odds_expected'), x.expected_losses.toFixed(2)], ...more].map(([k, l, v]) => h('tr', { class: 'o-' + k }, h('th', {}, l), h('td', {}, v))));
    out.push(sum('attack', t('odds_against', tgt ? tgt.name : '', a.dice), a));
    out.push(probBars(a.losses.map((p, k) => ({ label: t('odds_fig_lost', k), p: Number(p), fill: k ? HIT_COLOUR.loss || '#7a1f1f' : '#8a8a8a' })), { title: `${label(b)}: ${t('odds_fig_title')}`, width: 340 }));
    const r = o.riposte || {};
    if (r.dice) {
      out.push(sum('riposte', t('odds_riposte', pct(r.chance), r.dice, me ? me.name : ''), r, ['risk', t('odds_riposte_risk'), pct(r.chance * r.loss)]));
    } else out.push(h('p', { class: 'muted', 'data-odds': 'no-riposte' }, t('odds_no_riposte')));
    return out;
  }

  function renderStatus() {
    const v = S.view;
    if (!v) return;
    const vv = v.view || {};
    const over = v.over;
    status.dataset.step = String(v.step);
    status.dataset.over = String(Boolean(over));
    status.dataset.stage = vv.stage || '';
    status.dataset.toMove = String(v.to_move);
    const who = over ? t('over') : typeof v.to_move === 'number' ? t('side_to_move_other', sideName(v.to_move)) : '';
    put(status, 
      h('span', { class: 'big', id: 'turn' }, t('turn_of', vv.turn ?? v.turn, vv.turns ?? S.scn.turns)),
      h('span', { class: 'chip', id: 'stage' }, `${t('stage')}${t('colon')}${t('stage_' + vv.stage)}`),
      vv.corps_active ? h('span', { class: 'chip' }, `${t('corps_active')}${t('colon')}${vv.corps_active}`) : null,
      h('span', { id: 'to-move' }, who),
      h('span', { class: 'muted', style: 'color:#d8cba6' }, `${t('step')} ${v.step}`),
      S.stream ? S.stream.badge : null);
    seatLine.textContent = v.seat === null || v.seat === undefined ? t('spectator') : hotseat ? t('hotseat_of', sideName(S.viewSide)) : t('seat_of', sideName(v.seat));
  }

  function renderSides() {
    const v = S.view, vv = v.view || {};
    const cards = [0, 1].map((k) => {
      const sd = S.scn.sides[k];
      const mine = v.units.filter((u) => u.side === k);
      const lost = mine.filter((u) => u.figures <= 0).length;
      const figs = mine.reduce((n, u) => n + Math.max(0, u.figures) + (u.skirmisher ? 1 : 0), 0);
      const dem = (vv.demoralisation || [0, 0])[k];
      const pct = Math.min(100, (100 * dem) / Math.max(1, sd.demoralised_at));
      return h('div', { class: 'sidecard' + (v.to_move === k ? ' to-move' : ''), 'data-side': k },
        h('div', { class: 'name' }, h('span', { class: 'swatch', style: `background:${sd.colour}` }), sd.name),
        h('div', {}, `${t('demoralisation')}${t('colon')}`, h('strong', { class: 'demo' }, `${dem} / ${sd.demoralised_at}`)),
        h('div', { class: 'meter', role: 'meter', 'aria-valuenow': dem, 'aria-valuemin': 0, 'aria-valuemax': sd.demoralised_at, 'aria-label': `${t('demoralisation')} ${sd.name}` }, h('span', { style: `width:${pct}%` })),
        h('div', {}, `${t('lost')}${t('colon')}`, h('strong', { class: 'lost' }, String(lost)), h('span', { class: 'muted' }, ` · ${figs} ${t('figures')}`)));
    });
    put(sidesP, h('div', { class: 'sides' }, ...cards));
  }

  function renderOrders() {
    const v = S.view, L = legal();
    if (bar) { bar.show(v.step, v.steps ?? v.step); put(ordersF, h('h2', {}, t('replay_title')), h('p', { class: 'hint' }, t('tb_replay_help'))); return; }
    const parts = [h('h2', {}, t('actions'))];
    const help = phaseHelp((v.view || {}).stage, L.length > 0);
    if (help && v.seat !== null && v.seat !== undefined) parts.push(help);
    if (v.over) {
      parts.push(h('p', {}, t('over')));
    } else if (v.seat === null || v.seat === undefined) {
      parts.push(h('p', { class: 'hint' }, t('spectator')));
    } else if (!L.length) {
      const comp = v.players && typeof v.to_move === 'number' && v.players[v.to_move] !== 'human';
      parts.push(h('p', { class: 'hint', id: 'waiting' }, comp ? t('waiting_computer') : t('no_actions')));
    } else {
      const ends = L.filter((a) => END_KINDS.includes(a.kind));
      const others = L.filter((a) => !END_KINDS.includes(a.kind) && !(HEX_KINDS.includes(a.kind) && a.kind !== 'retreat'));
      const hexes = L.filter((a) => HEX_KINDS.includes(a.kind) && a.kind !== 'retreat');
      const box = h('div', { class: 'orders', id: 'order-list' });
      let n = 0;
      const btn = (a) => {
        n += 1;
        const b = h('button', { type: 'button', 'data-action': a.text, 'data-kind': a.kind || '', onclick: () => choose(a) }, n <= 9 ? h('span', { class: 'num' }, String(n)) : null, label(a));
        if (n <= 9) b.dataset.key = String(n);
        return b;
      };
      const shown = S.sel !== null ? others.filter((a) => a.unit === undefined || a.unit === S.sel || a.kind === 'group') : others;
      for (const a of shown.slice(0, 40)) box.append(btn(a));
      if (shown.length > 40) box.append(h('span', { class: 'muted' }, `… +${shown.length - 40}`));
      for (const a of ends) box.append(btn(a));
      parts.push(box);
      if (hexes.length) {
        const mine = hexes.filter((a) => a.unit === S.sel);
        parts.push(h('p', { class: 'hint' }, S.sel === null ? t('select_unit') : `${unitById(S.sel)?.name || ''}: ${mine.length} ⬡`));
        if (S.sel !== null && mine.length) parts.push(moveLegend());
        if (S.sel !== null) {
          const sel = h('select', { 'aria-label': t('actions'), id: 'move-select', onchange: (e) => { const a = mine[Number(e.target.value)]; if (a) act(a); } },
            h('option', { value: '' }, '…'), ...mine.map((a, i) => h('option', { value: i }, moveNote(a) ? `${label(a)} (${moveNote(a)})` : label(a))));
          if (mine.length) parts.push(sel);
        }
      }
    }
    const undoB = h('button', { type: 'button', id: 'undo-btn', disabled: !canUndo(), onclick: undo, 'aria-keyshortcuts': 'U' }, '↶ ' + t('undo'));
    const endA = L.find((a) => END_KINDS.includes(a.kind) && a.kind !== 'no_riposte');
    const endB = h('button', { type: 'button', id: 'end-btn', disabled: !endA, onclick: () => endA && act(endA), 'aria-keyshortcuts': 'E' }, t('end_phase') + ' (E)');
    const vsComputer = (v.players || []).some((p) => p !== 'human');
    const whyB = vsComputer ? h('button', { type: 'button', id: 'why-btn', onclick: () => showWhy(whyP, id, token(), sideName) }, t('why_btn')) : null;
    parts.push(h('div', { class: 'form-row' }, endB, undoB, whyB));
    const mySeat = typeof v.seat === 'number' && !v.over ? v.seat : null;
    if (mySeat !== null) {
      const mine = (v.players || [])[mySeat];
      const away = mine && mine !== 'human';
      if (away) parts.push(h('p', { class: 'hint', id: 'handed-over' }, t('handed_over', mine)));
      seatB.dataset.to = away ? 'human' : 'commander';
      seatB.textContent = away ? t('takeback_btn') : t('handover_btn');
    }
    seatB.hidden = mySeat === null;
    put(ordersF, ...parts);
  }

  function renderBowl() {
    const vv = S.view.view || {};
    const bowl = vv.bowl || { own: {}, hidden: 0 };
    const own = Object.entries(bowl.own || {});
    const drawn = Object.entries(vv.drawn || {});
    const spectator = S.view.seat === null || S.view.seat === undefined;
    put(bowlP, h('h2', {}, t('bowl')),
      spectator ? null : h('div', {}, t('bowl_own') + t('colon'), own.length ? h('ul', { id: 'bowl-own' }, ...own.map(([c, n]) => h('li', {}, h('span', { class: 'chit' }, String(n)), ' ', c))) : h('span', { id: 'bowl-own', class: 'muted' }, t('none'))),
      h('div', { id: 'bowl-hidden' }, t(spectator ? 'bowl_all_hidden' : 'bowl_hidden', bowl.hidden || 0)),
      h('div', {}, t('bowl_drawn') + t('colon'), drawn.length ? drawn.map(([c, n]) => `${c} ×${n}`).join(', ') : t('none')));
  }

  // Log: a line that does not start with spaces heads the lines that do (the
  // dice and modifiers of a roll: its details, with its dice); each line
  // opens to its rule paragraph; a turn's line stands alone.
  function renderLog() {
    const lines = [];
    for (const e of S.log) {
      const head = lines[lines.length - 1];
      if (e.kind === 'turn_start') lines.push({ ...e, source: null });
      else if (/^\s/.test(e.text || '') && head && head.details) head.details.push(e);
      else lines.push({ ...e, details: e.faces ? [{ kind: 'dice', text: `${t('dice')}: ${e.faces.join(' ')}` }] : [] });
    }
    logT.textContent = t('log');
    putLog(logBox, lines, citeLink, replay || !renderLog.done); // a replay's: its last line the step shown
    renderLog.done = true;
  }

  function renderDice() {
    // the dice of the latest roll, each shown as it falls
    let start = 0;
    S.log.forEach((e, i) => { if (e.kind === 'dice_base' || e.kind === 'dice_total' || e.kind === 'skirmish' || e.kind === 'fire') start = i; });
    const dice = S.log.slice(start).filter((e) => e.kind === 'die' && e.faces);
    const total = S.log.filter((e) => e.kind === 'die').length;
    const fresh = Math.max(0, total - S.diceShown);
    S.diceShown = total;
    const tray = h('div', { class: 'dicetray', id: 'dicetray', 'aria-live': 'polite' });
    dice.forEach((e, i) => {
      const f = logDie(e);
      if (i >= dice.length - fresh) {
        f.classList.add('new');
        f.style.animationDelay = `${(i - (dice.length - fresh)) * 0.18}s`;
      }
      tray.append(f);
    });
    const res = [...S.log].reverse().find((e) => e.kind === 'result');
    put(diceP, h('h2', {}, t('dice')), tray, dice.length ? h('p', { class: 'hint' }, t('dice_legend')) : null, res && dice.length ? h('p', { class: 'hint' }, res.text.trim()) : null);
  }

  function renderReport() {
    const v = S.view;
    if (!v.over) { reportP.hidden = true; return; }
    reportP.hidden = false;
    const unitSide = new Map(S.view.units.map((u) => [u.id, u.side]));
    const turns = (v.view && v.view.turns) || S.scn.turns;
    const per = [new Array(turns + 1).fill(0), new Array(turns + 1).fill(0)];
    let turn = 1;
    for (const e of S.log) {
      if (e.kind === 'turn_start' && e.values) turn = e.values[0];
      if ((e.kind === 'loss' || e.kind === 'skirmisher_lost') && e.units) {
        const sd = unitSide.get(e.units[0]);
        if (sd === 0 || sd === 1) per[sd][Math.min(turn, turns)] += 1;
      }
    }
    const groups = [];
    for (let k = 1; k <= turns; k++) groups.push({ label: `${t('turn')} ${k}`, values: [per[0][k], per[1][k]] });
    const win = S.log.filter((e) => e.kind === 'winner' || e.kind === 'game_over').map((e) => e.text.trim());
    const title = v.winner === 'draw' ? t('draw') : typeof v.winner === 'number' ? t('winner', sideName(v.winner)) : t('over');
    put(reportP, h('h2', { id: 'report-title' }, `${t('report')}: ${title}`),
      ...win.map((w) => h('p', {}, w)),
      h('h3', {}, t('losses_by_turn')),
      h('div', { class: 'legend-inline' }, h('span', {}, h('span', { class: 'swatch', style: 'background:var(--side0)' }), sideName(0)), h('span', {}, h('span', { class: 'swatch', style: 'background:#d08a2e' }), sideName(1))),
      groupedBars(groups, [{ label: sideName(0), cls: 'bar0' }, { label: sideName(1), cls: 'bar1' }], { title: t('losses_by_turn'), width: 520, height: 190 }),
      h('div', { class: 'form-row' }, h('a', { href: `#/replay/${id}`, id: 'replay-link' }, t('replay')), h('a', { href: '#/' }, t('new_game'))));
  }

  function curtain(k) {
    const c = h('div', { class: 'curtain', role: 'dialog', 'aria-modal': 'true', id: 'curtain' },
      h('h2', {}, t('hotseat_of', sideName(k))),
      h('button', { type: 'button', class: 'primary', onclick: () => c.remove() }, 'OK'));
    document.body.append(c);
    c.querySelector('button').focus();
  }

  // ---- keys ---------------------------------------------------------------
  function key(e) {
    if (bar && e.key === ' ') { play(); return true; }
    if (bar) return bar.key(e);
    if (document.getElementById('curtain')) return false;
    if (e.key === 'e' || e.key === 'E') { const a = legal().find((x) => END_KINDS.includes(x.kind) && x.kind !== 'no_riposte'); if (a) act(a); return true; }
    if (e.key === 'u' || e.key === 'U' || ((e.ctrlKey || e.metaKey) && e.key === 'z')) { undo(); return true; }
    if (e.key === 'Escape') { S.sel = null; S.pending = null; oddsP.hidden = true; render(); return true; }
    if (/^[1-9]$/.test(e.key)) { const b = ordersP.querySelector(`button[data-key="${e.key}"]`); if (b) b.click(); return true; }
    return false;
  }

  if (seats.any) saveSeats(id, Object.assign(stored, { any: seats.any }));
  // the rules reference and the help lines, for the log's links and the
  // phase's help (data files; the page plays on without them)
  try { await rulesData(); S.guide = await guideData(); } catch (e) { S.guide = null; }
  await refresh(true);
  return {
    unmount: () => { S.gone = true; clearInterval(S.timer); if (bar) bar.stop(); if (S.stream) S.stream.close(); const c = document.getElementById('curtain'); if (c) c.remove(); },
    relang: () => { if (S.stream) S.stream.reopen(); if (bar) { bar.relang(); playB.textContent = t(S.timer ? 'pause' : 'play'); } refresh(true); },
    key,
  };
}
