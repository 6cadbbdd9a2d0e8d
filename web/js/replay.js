// replay.js - step forward and back through a stored game, with the map at
// each step.  The positions are the scenario's starting ones with the
// recorded events of the game applied in order (a unit moved to a hex, lost
// a figure, was destroyed): facts the server logged, not rules.
import { api } from './api.js';
import { t } from './i18n.js';
import { drawMap, drawUnits } from './hexmap.js';
import { logDie } from './charts.js';
import { h, put, orError } from './util.js';
import { rulesData, citeLink } from './rules.js';

// the events whose first id is a unit (in the others it is a corps or a side)
const UNIT_KINDS = new Set(['move', 'retreat', 'push', 'take_ground', 'pursuit', 'attack', 'fire', 'skirmish', 'loss', 'skirmisher_lost', 'evade', 'evaded', 'stand', 'riposte', 'die', 'result']);

function applyEvent(units, e) {
  const u = e.units ? units.get(e.units[0]) : null;
  const hx = e.hexes || [];
  const val = (i) => (e.values && e.values[i] !== undefined ? e.values[i] : 0);
  switch (e.kind) {
    case 'move': if (u && hx[1]) [u.col, u.row] = hx[1]; break;
    case 'retreat': case 'take_ground': case 'pursuit': if (u && hx[0]) [u.col, u.row] = hx[0]; break;
    case 'push': { const v = units.get(e.units[1]); if (v && hx[1]) [v.col, v.row] = hx[1]; break; }
    case 'loss': if (u) { u.figures = val(1); u.skirmisher = Boolean(val(2)); } break;
    case 'skirmisher_lost': if (u) u.skirmisher = false; break;
    case 'destroyed': if (u) { u.figures = 0; u.col = -1; u.row = -1; } break;
    default: break;
  }
}

export async function mount(root, route) {
  const id = route.id;
  const head = h('h1', {}, `${t('replay_title')} ${id}`);
  const box = h('div', {}, t('loading'));
  root.append(head, box);
  try { await rulesData(); } catch (e) { /* the citations then name their paragraph only */ }
  let view = await orError(box, api.view(id, null));
  const scn = view && await orError(box, api.scenario(view.scenario));
  if (!scn) return {};
  const log = view.log || [];
  const steps = [...new Set(log.map((e) => e.step))].sort((a, b) => a - b);
  let i = steps.length ? steps.length - 1 : 0;
  if (route.params.get('step') !== null) i = Math.max(0, Math.min(steps.length - 1, steps.indexOf(Number(route.params.get('step')))));
  else i = 0;
  const map = drawMap(scn, { size: 34, units: scn.units, label: scn.title, typeName: (k) => t(k) });
  const mapwrap = h('div', { class: 'mapwrap', id: 'replay-map' }, map.svg);
  if (scn.cols <= 16) map.svg.style.width = '100%';
  else map.svg.style.width = map.svg.dataset.width + 'px';
  const slider = h('input', { type: 'range', min: 0, max: Math.max(0, steps.length - 1), value: i, id: 'replay-slider', 'aria-label': t('step'), oninput: (e) => { i = Number(e.target.value); show(); } });
  const label = h('span', { id: 'replay-step', 'aria-live': 'polite' });
  let timer = null;
  const playB = h('button', { type: 'button', id: 'replay-play', onclick: () => toggle() }, t('play'));
  const btn = (k, id2, f) => h('button', { type: 'button', id: id2, onclick: f }, t(k));
  const controls = h('div', { class: 'replay-controls' },
    btn('first', 'replay-first', () => go(0)), btn('prev', 'replay-prev', () => go(i - 1)), playB,
    btn('next', 'replay-next', () => go(i + 1)), btn('last', 'replay-last', () => go(steps.length - 1)), slider, label);
  const events = h('div', { class: 'panel log', id: 'replay-events', style: 'max-height:none' });
  const status = h('div', { class: 'statusbar', id: 'replay-status' });
  put(box, status, controls, h('div', { class: 'game' }, mapwrap, h('aside', {}, events)));

  function go(k) { i = Math.max(0, Math.min(steps.length - 1, k)); slider.value = i; show(); }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playB.textContent = t('play'); return; }
    playB.textContent = t('pause');
    timer = setInterval(() => { if (i >= steps.length - 1) toggle(); else go(i + 1); }, 600);
  }
  function show() {
    const units = new Map(scn.units.map((u) => [u.id, Object.assign({}, u, { corps: (scn.corps.find((c) => c.id === u.corps) || {}).name || u.corps })]));
    const upto = steps[i];
    let turn = 1;
    const moved = new Set();
    for (const e of log) {
      if (e.step > upto) break;
      if (e.kind === 'turn_start' && e.values) turn = e.values[0];
      applyEvent(units, e);
      if (e.step === upto && e.units && UNIT_KINDS.has(e.kind)) moved.add(e.units[0]);
    }
    drawUnits(map, [...units.values()], { highlight: { active: moved }, typeName: (k) => t(k) });
    label.textContent = t('step_of', steps.length ? upto : 0, steps.length ? steps[steps.length - 1] : 0);
    put(status, h('span', { class: 'big' }, t('turn_of', turn, scn.turns)), h('span', {}, scn.title));
    const here = log.filter((e) => e.step === upto);
    put(events, h('h2', {}, `${t('step')} ${upto ?? ''}`),
      h('div', { class: 'dicetray' }, ...here.filter((e) => e.kind === 'die' && e.faces).map(logDie)),
      ...here.map((e) => h('div', { class: 'detail' }, e.text, e.source ? h('span', { class: 'rule' }, ' — ', citeLink(e.source)) : null)));
  }
  show();
  return {
    unmount: () => { if (timer) clearInterval(timer); },
    key: (e) => {
      if (e.key === 'ArrowRight') { go(i + 1); return true; }
      if (e.key === 'ArrowLeft') { go(i - 1); return true; }
      if (e.key === 'Home') { go(0); return true; }
      if (e.key === 'End') { go(steps.length - 1); return true; }
      if (e.key === ' ') { toggle(); return true; }
      return false;
    },
    relang: async () => { try { view = await api.view(id, null); } catch (e) { return; } log.splice(0, log.length, ...(view.log || [])); head.textContent = `${t('replay_title')} ${id}`; show(); },
  };
}
