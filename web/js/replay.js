// replay.js - step forward and back through a stored game, with the map at
// each step: the server's view as it was after that step (GET
// /api/games/ID?step=N, a spectator's), its units drawn and the events of
// the step listed.  Nothing is replayed here: the page holds no rule.
import { api } from './api.js';
import { t } from './i18n.js';
import { drawMap, drawUnits } from './hexmap.js';
import { logDie } from './charts.js';
import { h, put, orError, errorBox, stepBar } from './util.js';
import { rulesData, citeLink } from './rules.js';

export async function mount(root, route) {
  const id = route.id;
  const head = h('h1', {}, `${t('replay_title')} ${id}`);
  const box = h('div', {}, t('loading'));
  root.append(head, box);
  try { await rulesData(); } catch (e) { /* the citations then name their paragraph only */ }
  const view = await orError(box, api.view(id, null));
  const scn = view && await orError(box, api.scenario(view.scenario));
  if (!scn) return {};
  // the slider stops at the steps that logged something
  const steps = [...new Set((view.log || []).map((e) => e.step))].sort((a, b) => a - b);
  let i = 0;
  if (route.params.get('step') !== null) i = Math.max(0, Math.min(steps.length - 1, steps.indexOf(Number(route.params.get('step')))));
  // the views asked, by step (a step's view does not change; its words do
  // with the language)
  const views = new Map();
  const viewAt = (n) => {
    if (!views.has(n)) views.set(n, api.view(id, null, undefined, n).catch((e) => { views.delete(n); throw e; }));
    return views.get(n);
  };
  const map = drawMap(scn, { size: 34, units: scn.units, label: scn.title, typeName: (k) => t(k) });
  const mapwrap = h('div', { class: 'mapwrap', id: 'replay-map' }, map.svg);
  if (scn.cols <= 16) map.svg.style.width = '100%';
  else map.svg.style.width = map.svg.dataset.width + 'px';
  let timer = null;
  const playB = h('button', { type: 'button', id: 'replay-play', onclick: () => toggle() }, t('play'));
  const bar = stepBar('replay', (k) => { i = k; show(); }, playB);
  const events = h('div', { class: 'panel log', id: 'replay-events', style: 'max-height:none' });
  const status = h('div', { class: 'statusbar', id: 'replay-status' });
  put(box, status, bar.el, h('div', { class: 'game' }, mapwrap, h('aside', {}, events)));

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playB.textContent = t('play'); return; }
    playB.textContent = t('pause');
    timer = setInterval(() => { if (i >= steps.length - 1) toggle(); else bar.go(i + 1); }, 600);
  }
  // the step's view drawn once it comes (status's data-step then says
  // which), its units that changed since the step before highlighted
  async function show() {
    const k = i, upto = steps.length ? steps[k] : 0;
    bar.show(k, Math.max(0, steps.length - 1), [upto, steps.length ? steps[steps.length - 1] : 0]);
    bar.label.dataset.step = String(upto);
    let v, before;
    try { [v, before] = await Promise.all([viewAt(upto), viewAt(k > 0 ? steps[k - 1] : 0)]); } catch (e) { put(events, errorBox(e.message)); return; }
    if (k !== i) return; // a later step asked since
    const was = new Map(before.units.map((u) => [u.id, u]));
    const changed = (u, b = was.get(u.id)) => !b || b.col !== u.col || b.row !== u.row || b.figures !== u.figures || b.skirmisher !== u.skirmisher;
    drawUnits(map, v.units, { highlight: { active: new Set(v.units.filter((u) => changed(u)).map((u) => u.id)) }, typeName: (x) => t(x) });
    status.dataset.step = String(upto);
    put(status, h('span', { class: 'big' }, t('turn_of', (v.view && v.view.turn) ?? v.turn, scn.turns)), h('span', {}, scn.title));
    const here = (v.log || []).filter((e) => e.step === upto);
    put(events, h('h2', {}, `${t('step')} ${upto}`),
      h('div', { class: 'dicetray' }, ...here.filter((e) => e.kind === 'die' && e.faces).map(logDie)),
      ...here.map((e) => h('div', { class: 'detail' }, e.text, e.source ? h('span', { class: 'rule' }, ' — ', citeLink(e.source)) : null)));
  }
  show();
  return {
    unmount: () => { if (timer) clearInterval(timer); bar.stop(); },
    key: (e) => {
      if (e.key === ' ') { toggle(); return true; }
      return bar.key(e);
    },
    relang: () => { views.clear(); head.textContent = `${t('replay_title')} ${id}`; playB.textContent = t(timer ? 'pause' : 'play'); bar.relang(); show(); },
  };
}
