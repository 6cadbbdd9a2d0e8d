// table.js - a battle on the table (every type on the table: aoe-table, nf-table, rff-table; docs/table.md «
// The page»): #/table/GAME?token=T.  The table drawn top-down in SVG
// (terrain by kind, each unit's stands with its facing in its side's
// colour and its name), zoom and pan (wheel, drag, pinch), the turn, the
// phase among the sequence of play, the log, and the legal actions as
// buttons.  A unit selected shows the poses its legal moves end at as
// ghosts and its legal fire targets highlighted: everything drawn comes
// from the server's view and legal list; the page decides no rule.
//
// What it reads: GET /api/games/ID, the server's view with the type's own
// in `view` (docs/api.md « A battle on the table », where its fields are
// written: the table, terrain, units and the poses they stand in,
// objectives, the phase and the sequence of play).  Units and targets are
// named by their ids.  Inches, x east, y north.
//
// A unit whose move is to be chosen is dragged (mouse, pen or finger):
// its allowance shaded (GET .../reach), the path's cost and a ghost where
// it would end, checked as it goes (POST .../check of "pose U X Y"),
// refused with the server's reason; dropped near a listed move it snaps
// to that move, else it posts the pose the server found legal.  The ruler
// (GET .../measure), the selected unit's arcs, bands and sight of each
// enemy (GET .../sight) and the odds before a fire or a combat (GET
// .../odds?action=N) are drawn as the server answers; a server without
// one of these (404) leaves its overlay out, quietly.
//
// The replay (#/table/GAME?replay=1[&step=N][&token=T]): the table drawn
// from the server's view as it was after step N (GET /api/games/ID?step=N:
// the seat's own view then, its log up to N), a slider, first, back,
// forward and last (and the arrow keys, Home and End); nothing replayed
// here, nothing to play, no overlay of the battle as it stands now.
import { api, liveStream, oneOrder } from './api.js';
import { t } from './i18n.js';
import { h, put, errorBox, loadSeats, stepBar, putLog, nameOf, phaseTitle } from './util.js';
import { toast } from './main.js';
import { showWhy } from './why.js';

const SVGNS = 'http://www.w3.org/2000/svg';
const SIDE_FILL = ['#2f5fb3', '#c8453a']; // side 0, side 1
const SIDE_EDGE = ['#13284f', '#5c1712'];
const TERRAIN = { // kind: [fill, stroke, stroke width, line (a polyline)]
  wood: ['#6f9a55', '#3f6b2c', 0.08, false], town: ['#b9a58a', '#6b5a44', 0.08, false],
  marsh: ['#9fb9a8', '#56806a', 0.06, false], rough: ['#c9b98f', '#8d7b4e', 0.06, false],
  hill: ['#d8c79a', '#9c8452', 0.06, false], river: ['none', '#4f86c6', 0.6, true],
  stream: ['none', '#6fa3d8', 0.25, true], road: ['none', '#8a7356', 0.3, true],
  crest: ['none', '#7a5d2a', 0.12, true], bridge: ['#9b8d7a', '#4e4437', 0.08, false],
  ford: ['#a9c8e6', '#4f86c6', 0.06, false],
  hedge: ['none', '#3f7a2c', 0.3, true], wall: ['none', '#7d7a72', 0.3, true],
  works: ['none', '#6b4f2e', 0.4, true],
};
const ORDER = ['hill', 'marsh', 'rough', 'wood', 'town', 'river', 'stream', 'ford', 'bridge', 'road', 'crest',
  'hedge', 'wall', 'works'];

function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  for (const c of kids.flat()) if (c) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

// The name on the table: the unit's name up to its parenthesis ("Claparède
// (17e léger, 34e de ligne)" -> "Claparède"), whole in its tooltip.
const shortName = (u) => (u.name || u.id).replace(/\s*\(.*$/, '') || u.id;

// A facing in degrees (0 north, 90 east) from degrees or a direction [dx, dy].
function degrees(f) {
  if (Array.isArray(f)) return (Math.atan2(f[0], f[1]) * 180) / Math.PI;
  return Number(f) || 0;
}

// The corners of a rectangle w wide and d deep whose front edge's centre
// is `at`, facing `face` degrees: the bases stand behind the front edge.
function footprint(at, face, w, d) {
  const r = (face * Math.PI) / 180;
  const fx = Math.sin(r), fy = Math.cos(r); // forward (north = +y)
  const rx = Math.cos(r), ry = -Math.sin(r); // the right hand
  const p = (a, b) => [at[0] + rx * a - fx * b, at[1] + ry * a - fy * b];
  return [p(-w / 2, 0), p(w / 2, 0), p(w / 2, d), p(-w / 2, d)];
}

export async function mount(root, route) {
  const id = route.id;
  const saved = loadSeats(id) || {};
  const token = route.params.get('token') || route.params.get('seat') || saved[0] || saved[1] || '';
  const replay = route.params.has('replay');
  const S = { view: null, sel: null, gone: false, stream: null, zoom: 1, cx: null, cy: null,
    drag: null, refused: null, dirty: false, noClick: false, missing: {}, reach: null, sight: null,
    ruler: false, from: null, measure: null, odds: null, at: Number(route.params.get('step')) || 0, seq: 0 };
  // a replay asks nothing of the battle as it stands now (reach, sight,
  // ruler, odds, check): those would answer for the current step
  if (replay) for (const k of ['reach', 'check', 'measure', 'sight', 'odds']) S.missing[k] = true;
  const status = h('div', { id: 'status', class: 'tb-status', role: 'status' });
  // the sequence of play folded under its title, the phase now marked
  const seq = h('ol', { class: 'tb-sequence', id: 'tb-sequence', 'aria-label': t('tb_sequence') });
  const seqTitle = h('summary', {});
  const seqBox = h('details', { class: 'tb-seqbox', id: 'tb-seqbox' }, seqTitle, seq);
  const box = h('div', { class: 'tb-box', id: 'tb-box' });
  const zoomRow = h('div', { class: 'tb-zoom' });
  const tools = h('div', { class: 'tb-tools', id: 'tb-tools' }); // the selected unit's wheels and formations
  // the drag's or the ruler's words, over the table's top edge (the table
  // does not move under the pointer when they change)
  const info = h('p', { class: 'tb-info', id: 'tb-info', 'aria-live': 'polite' });
  const oddsP = h('section', { class: 'panel tb-odds', id: 'tb-odds', hidden: true });
  const whyP = h('section', { class: 'panel oddsbox', id: 'why', hidden: true, 'aria-live': 'polite' });
  const sightList = h('ul', { class: 'tb-sight-list', id: 'tb-sight-list', hidden: true }); // the selected unit's enemies
  const fs = h('fieldset', { class: 'orders-set' });
  const ordersT = h('h2', {}), logT = h('h2', {});
  const ordersP = h('section', { class: 'panel', id: 'tb-orders' }, ordersT, fs);
  const logBox = h('div', { class: 'log', id: 'log', tabindex: 0, role: 'log' });
  const logP = h('section', { class: 'panel', id: 'tb-log' }, logT, logBox);
  // the replay's bar: first, back, the slider, forward, last, the step
  const rBar = replay ? stepBar('tb-replay', goStep) : null;
  // the page's own words, again in a new language
  function labels() {
    put(zoomRow,
      h('button', { type: 'button', id: 'tb-zoom-in', 'aria-label': t('tb_zoom_in'), onclick: () => zoomBy(1.25) }, '+'),
      h('button', { type: 'button', id: 'tb-zoom-out', 'aria-label': t('tb_zoom_out'), onclick: () => zoomBy(0.8) }, '−'),
      h('button', { type: 'button', id: 'tb-zoom-fit', onclick: () => { S.zoom = 1; S.cx = S.cy = null; frame(); } }, t('tb_fit')),
      replay ? null : h('button', { type: 'button', id: 'tb-ruler', 'aria-pressed': String(S.ruler), title: t('tb_ruler_help'),
        onclick: () => { S.ruler = !S.ruler; S.from = null; S.measure = null; if (S.view) render(); labels(); } }, t('tb_ruler')));
    if (rBar) {
      rBar.relang();
      rBar.el.title = t('tb_replay_help');
    }
    ordersT.textContent = replay ? t('replay_title') : t('actions');
    logT.textContent = t('log');
    logBox.setAttribute('aria-label', t('log'));
    seq.setAttribute('aria-label', t('tb_sequence'));
  }
  labels();
  const orders = oneOrder(fs);
  put(root, h('div', { class: 'tb-page' },
    h('div', { class: 'tb-main' }, rBar && rBar.el, status, seqBox, zoomRow, tools, h('div', { class: 'tb-stage' }, box, info), sightList),
    h('aside', { class: 'tb-side' }, oddsP, whyP, ordersP, logP)));

  const W = () => S.view.view.table.width, D = () => S.view.view.table.depth;
  // SVG y grows down: the table's north (y = depth) is at the top
  const X = (x) => x, Y = (y) => D() - y;
  const pts = (ps) => ps.map((p) => `${X(p[0]).toFixed(3)},${Y(p[1]).toFixed(3)}`).join(' ');
  let root$ = null; // the <svg>

  // the whole view: the table and a margin where a unit at its edge
  // shows its stands (the SVG's x and y in inches)
  const M = 1.5;
  function frame() {
    if (!root$) return;
    const fw = W() + 2 * M, fd = D() + 2 * M;
    const w = fw / S.zoom, d = fd / S.zoom;
    const cx = S.cx ?? W() / 2, cy = S.cy ?? D() / 2;
    S.cx = Math.min(Math.max(cx, -M + w / 2), W() + M - w / 2);
    S.cy = Math.min(Math.max(cy, -M + d / 2), D() + M - d / 2);
    root$.setAttribute('viewBox', `${(S.cx - w / 2).toFixed(3)} ${(S.cy - d / 2).toFixed(3)} ${w.toFixed(3)} ${d.toFixed(3)}`);
    root$.dataset.zoom = S.zoom.toFixed(3);
  }
  function zoomBy(f, at) { // at: a point of the table (SVG units) kept in place
    const z = Math.min(8, Math.max(1, S.zoom * f));
    if (at && S.cx !== null) { const k = S.zoom / z; S.cx = at[0] + (S.cx - at[0]) * k; S.cy = at[1] + (S.cy - at[1]) * k; }
    S.zoom = z;
    frame();
  }
  // a pointer's place in SVG units, through the drawing's own transform (the
  // view box letterboxed in its element when their shapes differ)
  function toTable(ev) {
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(root$.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  // Pan with one pointer, pinch with two; the wheel zooms at the pointer.
  function gestures(el) {
    const down = new Map();
    let last = null; // {x, y, dist}
    let from = null; // where the pointer went down: a pan beyond 5 px is no click
    const state = () => {
      const p = [...down.values()];
      if (p.length === 1) return { x: p[0].clientX, y: p[0].clientY, dist: 0 };
      const dx = p[0].clientX - p[1].clientX, dy = p[0].clientY - p[1].clientY;
      return { x: (p[0].clientX + p[1].clientX) / 2, y: (p[0].clientY + p[1].clientY) / 2, dist: Math.hypot(dx, dy) };
    };
    el.addEventListener('wheel', (e) => { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, toTable(e)); }, { passive: false });
    el.addEventListener('pointerdown', (e) => { down.set(e.pointerId, e); last = state(); from = [e.clientX, e.clientY]; S.noClick = false; });
    el.addEventListener('pointermove', (e) => {
      if (!down.has(e.pointerId)) return;
      down.set(e.pointerId, e);
      const now = state();
      if (from && Math.hypot(e.clientX - from[0], e.clientY - from[1]) > 5) S.noClick = true;
      if (last && down.size === 2 && last.dist > 0 && now.dist > 0) zoomBy(now.dist / last.dist, toTable({ clientX: now.x, clientY: now.y }));
      if (last) {
        const k = root$.getScreenCTM().a; // pixels an inch
        const dx = (now.x - last.x) / k, dy = (now.y - last.y) / k;
        if (Math.abs(dx) + Math.abs(dy) > 0) { S.cx -= dx; S.cy -= dy; frame(); }
      }
      last = state();
    });
    const up = (e) => { down.delete(e.pointerId); last = down.size ? state() : null; };
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  }

  const unitOf = (id) => S.view.view.units.find((u) => u.id === id);
  // unit u standing in `pose` (its own when on the table): its stands as
  // the server laid them out, a tick from its front edge toward its facing
  function unitShape(u, pose, cls, extra = {}) {
    const deg = degrees(pose.face);
    const bases = Array.isArray(pose.stands) && pose.stands.length ? pose.stands : [footprint(pose.at, deg, 2, 1)];
    const side = u.side === 1 ? 1 : 0;
    const r = (deg * Math.PI) / 180, at = pose.at;
    const tip = [at[0] + Math.sin(r) * 0.6, at[1] + Math.cos(r) * 0.6];
    return svg('g', { class: cls, 'data-unit': u.id, 'data-side': side, ...extra },
      bases.map((b) => svg('polygon', { class: 'tb-base', points: pts(b), fill: SIDE_FILL[side], stroke: SIDE_EDGE[side] })),
      svg('line', { class: 'tb-face', x1: X(at[0]), y1: Y(at[1]), x2: X(tip[0]).toFixed(3), y2: Y(tip[1]).toFixed(3) }));
  }


  // ---- overlays the server answers -----------------------------------------
  const tablePt = (ev) => { const p = toTable(ev); return [p[0], D() - p[1]]; }; // inches, y north
  const r2 = (x) => Math.round(x * 20) / 20; // a twentieth of an inch
  // a length in the table's unit (the view's table.unit: "in", or "cm" for a
  // system measured in centimetres), as exact as the server prints it
  const cm = () => S.view.view.table.unit === 'cm';
  const inch = (x) => t(cm() ? 'tb_cm' : 'tb_inches', String(Math.round(Number(x) * 1000) / 1000));
  const signed = (n) => (Number(n) > 0 ? '+' : '') + String(n);
  const legalOf = () => (S.view && S.view.legal) || [];
  // the listed moves of unit `uid`, each with the pose it ends in
  const movesOf = (uid) => legalOf().filter((a) => a.unit === uid && a.verb === 'move' && a.pose && a.pose.at);
  // an overlay's answer, or null: a server without it (404) is not asked again
  async function ask(name, f) {
    if (S.missing[name]) return null;
    try { return await f(); } catch (e) { if (e.status === 404) S.missing[name] = true; return null; }
  }
  const key = (uid) => `${S.view.step}:${uid}`;
  // the server's questions name a unit by its index in the view's units,
  // its answers by that index and its id
  const idx = (uid) => S.view.view.units.findIndex((u) => u.id === uid);
  const idOf = (x) => x.id ?? (S.view.view.units[x.unit] || {}).id;

  // Dragging a unit whose move is to be chosen: its front centre follows the
  // pointer, its facing kept (wheels and formations are the tools' buttons).
  const SNAP = 0.5; // inches: dropped this near a listed move's end, that move
  const poseText = (d) => `pose ${d.unit} ${r2(d.at[0])} ${r2(d.at[1])}`;
  function startDrag(u, ev) {
    S.refused = null;
    S.drag = { unit: u.id, pid: ev.pointerId, grab: tablePt(ev), at0: u.pose.at, at: u.pose.at, moved: false, snap: null, verdict: null, seq: 0, timer: null };
    const k = key(u.id);
    if (!S.reach || S.reach.key !== k) {
      S.reach = { key: k, data: null };
      ask('reach', () => api.reach(id, token, idx(u.id))).then((r) => { if (S.reach && S.reach.key === k) { S.reach.data = r; paintDrag(); } });
    }
  }
  function dragTo(ev) {
    const d = S.drag, p = tablePt(ev);
    const dx = p[0] - d.grab[0], dy = p[1] - d.grab[1];
    if (!d.moved && Math.hypot(dx, dy) < 0.2) return;
    if (!d.moved) { // a drag, no click: the table follows the pointer off the unit
      try { root$.setPointerCapture(d.pid); } catch (e) { /* a pointer the browser does not capture */ }
    }
    d.moved = true;
    d.at = [r2(d.at0[0] + dx), r2(d.at0[1] + dy)];
    let best = null, bd = SNAP;
    for (const a of movesOf(d.unit)) {
      const q = Math.hypot(a.pose.at[0] - d.at[0], a.pose.at[1] - d.at[1]);
      if (q < bd) { bd = q; best = a; }
    }
    d.snap = best;
    d.verdict = null;
    d.seq++;
    paintDrag();
    if (best || S.missing.check) return;
    const seq = d.seq;
    clearTimeout(d.timer);
    d.timer = setTimeout(async () => {
      const r = await ask('check', () => api.check(id, token, poseText(d)));
      if (seq !== d.seq || (S.drag !== d && S.refused !== d)) return;
      d.verdict = r;
      paintDrag();
    }, 120);
  }
  async function drop() {
    const d = S.drag;
    S.drag = null;
    clearTimeout(d.timer);
    if (!d.moved) { paintDrag(); if (S.dirty) render(); return; } // a click: the unit's own handler picks it
    S.noClick = true; // the click that ends a drag picks nothing
    if (d.snap) { await act(d.snap); return; }
    const seq = ++d.seq;
    const v = d.verdict || await ask('check', () => api.check(id, token, poseText(d)));
    if (seq !== d.seq) return;
    if (v && v.legal === false) { d.verdict = v; S.refused = d; render(); return; }
    // legal, or a server that does not check: it refuses with its reason
    await act({ text: poseText(d) }, (e) => { d.verdict = { legal: false, reason: e.message }; S.refused = d; });
  }
  // the cost of a listed move, as the server's reach lists it
  function costOf(a) {
    const r = S.reach && S.reach.data;
    const m = r && Array.isArray(r.moves) ? r.moves.find((x) => x.text === a.text) : null;
    return m && typeof m.cost === 'number' ? m.cost : null;
  }
  // the drag (or the pose just refused) drawn in its layer, its words in `info`
  function paintDrag() {
    const L = S.layer;
    const d = S.drag || S.refused;
    if (!L || !S.view) return;
    L.replaceChildren();
    if (!d) { sayIdle(); return; }
    const u = unitOf(d.unit);
    if (!u || !u.pose) return;
    const reach = S.reach && S.reach.key === key(d.unit) ? S.reach.data : null;
    if (reach && Array.isArray(reach.area))
      for (const poly of reach.area) if (Array.isArray(poly) && poly.length > 2) L.append(svg('polygon', { class: 'tb-reach', points: pts(poly) }));
    const allow = reach && typeof reach.allowance === 'number' ? ' / ' + inch(reach.allowance) : '';
    if (!d.moved) { info.dataset.state = 'drag'; info.textContent = t('tb_drag', shortName(u)) + (allow ? ` (${t('tb_allowance', inch(reach.allowance))})` : ''); return; }
    const shift = (c) => [c[0] + d.at[0] - d.at0[0], c[1] + d.at[1] - d.at0[1]];
    const end = d.snap ? { ...d.snap.pose, face: d.snap.pose.face ?? u.pose.face }
      : { ...u.pose, at: d.at, stands: (u.pose.stands || []).map((b) => b.map(shift)) };
    const v = d.snap ? { legal: true, cost: costOf(d.snap) } : d.verdict;
    const state = v ? (v.legal ? 'legal' : 'refused') : 'asking';
    const dist = Math.hypot(end.at[0] - d.at0[0], end.at[1] - d.at0[1]);
    const cost = v && v.legal && typeof v.cost === 'number' ? v.cost : null;
    L.append(svg('line', { class: 'tb-path', x1: X(d.at0[0]), y1: Y(d.at0[1]), x2: X(end.at[0]), y2: Y(end.at[1]) }));
    const text = d.snap ? d.snap.text : poseText(d);
    L.append(unitShape(u, end, `tb-drag-ghost ${state}`, { id: 'tb-drag-ghost', 'data-legal': state, 'data-action': text }));
    L.append(svg('text', { class: 'tb-cost ' + state, x: X(end.at[0]), y: Y(end.at[1]) - 0.5, 'text-anchor': 'middle' },
      state === 'refused' ? '✗' : inch(cost ?? dist) + allow));
    info.dataset.state = state;
    info.textContent = state === 'refused' ? t('tb_refused', v.reason || '')
      : (d.snap ? label(d.snap) + ' — ' : '') + t(cost === null ? 'tb_path' : 'tb_cost', inch(cost ?? dist)) + allow;
  }
  // the words under the table when nothing is dragged: the ruler's
  function sayIdle() {
    const m = S.measure;
    if (m && m.r) {
      const r = m.r;
      const to = typeof m.to === 'string' ? shortName(unitOf(m.to) || { id: m.to }) : `(${m.to.join(', ')})`;
      const blocked = Array.isArray(r.blocked_by) ? r.blocked_by.join(', ') : r.blocked_by;
      info.dataset.state = 'measure';
      info.textContent = t('tb_measured', shortName(unitOf(m.from) || { id: m.from }), to, inch(r.inches)) + ' — ' +
        (r.sight ? t('tb_seen') : t('tb_blocked', blocked || '?'));
    } else if (S.ruler) {
      info.dataset.state = 'ruler';
      info.textContent = S.from === null ? t('tb_ruler_from') : t('tb_ruler_to', shortName(unitOf(S.from) || { id: S.from }));
    } else {
      info.dataset.state = '';
      info.textContent = '';
    }
  }

  // The ruler: a unit clicked, then a unit or a point of the table.
  async function rulerAt(x) {
    if (S.from === null) { if (typeof x === 'string') { S.from = x; S.measure = null; render(); } return; }
    if (x === S.from) { S.from = null; S.measure = null; render(); return; }
    const from = S.from, to = Array.isArray(x) ? [r2(x[0]), r2(x[1])] : x;
    const r = await ask('measure', () => api.measure(id, token, idx(from), Array.isArray(to) ? to : idx(to)));
    S.from = null;
    S.measure = r && typeof r.inches === 'number' ? { from, to, r } : null;
    render();
  }
  function drawMeasure(g) {
    const m = S.measure;
    if (!m || !Array.isArray(m.r.line) || m.r.line.length !== 2) return;
    const [a, b] = m.r.line;
    g.append(svg('g', { class: 'tb-ruler ' + (m.r.sight ? 'seen' : 'blocked'), id: 'tb-measure' },
      svg('line', { x1: X(a[0]), y1: Y(a[1]), x2: X(b[0]), y2: Y(b[1]) }),
      svg('text', { x: (X(a[0]) + X(b[0])) / 2, y: (Y(a[1]) + Y(b[1])) / 2 - 0.3, 'text-anchor': 'middle' }, inch(m.r.inches))));
  }

  // The selected unit's fire arcs and range bands (under the units) and its
  // sight of each enemy (over them), as GET .../sight answers.
  function loadSight() {
    if (S.sel === null || S.missing.sight) return;
    const k = key(S.sel);
    if (S.sight && S.sight.key === k) return;
    S.sight = { key: k, data: null };
    const uid = S.sel;
    ask('sight', () => api.sight(id, token, idx(uid))).then((r) => {
      if (!r || !S.sight || S.sight.key !== k) return;
      S.sight.data = r;
      if (S.drag) S.dirty = true; else render();
    });
  }
  const sightNow = () => (S.sel !== null && S.sight && S.sight.key === key(S.sel) ? S.sight.data : null);
  function drawArcs(g) {
    const s = sightNow(), u = S.sel !== null ? unitOf(S.sel) : null;
    if (!s || !u || !u.pose) return;
    const arcs = (s.arcs || []).filter((a) => Array.isArray(a.polygon) && a.polygon.length > 2);
    const clip = svg('clipPath', { id: 'tb-arc-clip' }, arcs.map((a) => svg('polygon', { points: pts(a.polygon) })));
    const bands = [...(s.bands || [])].filter((b) => Number(b.inches) > 0).sort((a, b) => b.inches - a.inches);
    g.append(svg('g', { class: 'tb-sight-under', id: 'tb-arcs' }, svg('defs', {}, clip),
      arcs.map((a) => svg('polygon', { class: 'tb-arc', 'data-kind': a.kind || '', points: pts(a.polygon) })),
      bands.map((b) => svg('circle', { class: 'tb-band', 'data-band': b.name, cx: X(u.pose.at[0]), cy: Y(u.pose.at[1]), r: b.inches,
        'clip-path': arcs.length ? 'url(#tb-arc-clip)' : null }, svg('title', {}, `${b.name}: ${inch(b.inches)}`)))));
  }
  const sightWords = (x) => [inch(x.inches), x.band || t('tb_out_of_range'), x.in_arc ? '' : t('tb_out_of_arc'),
    x.sight ? t('tb_seen') : t('tb_blocked', x.blocked_by || '?'), x.may_fire ? t('tb_may_fire') : ''].filter(Boolean).join(', ');
  function drawSight(g) {
    const s = sightNow(), u = S.sel !== null ? unitOf(S.sel) : null;
    if (!s || !u || !u.pose) return;
    const lines = svg('g', { class: 'tb-sight', id: 'tb-sight' });
    for (const x of s.targets || []) {
      const e = unitOf(idOf(x));
      if (!e || !e.pose) continue;
      lines.append(svg('line', { class: `tb-los ${x.sight ? 'seen' : 'blocked'}${x.may_fire ? ' may-fire' : ''}`, 'data-target': idOf(x),
        x1: X(u.pose.at[0]), y1: Y(u.pose.at[1]), x2: X(e.pose.at[0]), y2: Y(e.pose.at[1]) },
      svg('title', {}, `${shortName(e)}: ${sightWords(x)}`)));
    }
    g.append(lines);
  }
  function listSight() {
    const s = sightNow();
    put(sightList, ...(s ? (s.targets || []).map((x) => h('li', { 'data-target': idOf(x), class: x.may_fire ? 'may-fire' : '' },
      h('strong', {}, shortName(unitOf(idOf(x)) || { id: idOf(x) })), ': ', sightWords(x))) : []));
    sightList.hidden = !s || !(s.targets || []).length;
  }

  // Before a fire or a combat: the odds of every result with each modifier,
  // then the order confirmed (or cancelled).
  async function order(a) {
    if (a.verb === 'fire' || a.verb === 'combat') {
      const n = legalOf().indexOf(a);
      const o = n >= 0 ? await ask('odds', () => api.actionOdds(id, token, n)) : null;
      if (o && Array.isArray(o.results) && S.view && legalOf()[n] === a) { S.odds = { a, o, step: S.view.step }; paintOdds(); return; }
    }
    await act(a);
  }
  function paintOdds() {
    const k = S.odds;
    if (!k || !S.view || k.step !== S.view.step) { S.odds = null; oddsP.hidden = true; put(oddsP); return; }
    oddsP.hidden = false;
    put(oddsP, h('h2', {}, t('tb_odds_title', label(k.a))),
      h('ul', { class: 'tb-mods', id: 'tb-odds-mods' },
        (k.o.factors || []).filter((f) => f.applied !== false).map((f) => h('li', { class: 'factor' }, `${f.name} `,
          h('strong', {}, Array.isArray(f.factor) ? `×${f.factor[0]}${f.factor[1] !== 1 ? '/' + f.factor[1] : ''}` : String(f.factor)))),
        (k.o.modifiers || []).filter((m) => m.applied !== false).map((m) => h('li', { 'data-value': m.value }, `${m.name} `, h('strong', {}, signed(m.value))))),
      h('p', { id: 'tb-odds-total' }, t('tb_odds_total', signed(k.o.total ?? 0))),
      // each result in the server's words (whole: they are long), its bar and its chance
      h('ol', { class: 'tb-odds-results', id: 'tb-odds-results', 'aria-label': t('odds') }, (k.o.results || []).map((r) => h('li', { 'data-p': Number(r.percent) / 100 },
        h('span', { class: 'tb-odds-res' }, r.result), h('span', { class: 'tb-odds-bar', style: `width: ${Math.max(0, Math.min(100, Number(r.percent)))}%` }),
        h('strong', {}, `${Number(r.percent)}%`)))),
      h('div', { class: 'tb-odds-do' },
        h('button', { type: 'button', class: 'primary', id: 'tb-odds-go', onclick: () => { const a = k.a; S.odds = null; paintOdds(); act(a); } }, t('confirm')),
        h('button', { type: 'button', id: 'tb-odds-cancel', onclick: () => { S.odds = null; paintOdds(); } }, t('cancel'))));
  }

  // The selected unit's wheels, formations and pivots as buttons by the table.
  function toolLabel(a) {
    const u = unitOf(a.unit);
    if (a.verb === 'movement') return t('tb_form_' + a.formation);
    let turn = a.turn; // a battery's pivot: + to the left
    if (a.verb === 'move' && a.pose && u && u.pose) {
      turn = degrees(u.pose.face) - degrees(a.pose.face); // compass degrees: + to the left
      turn = ((turn + 540) % 360) - 180;
    }
    return `${turn > 0 ? '↺' : '↻'} ${Math.round(Math.abs(turn))}°`;
  }
  function paintTools() {
    const mine = S.sel === null ? [] : legalOf().filter((a) => a.unit === S.sel &&
      ((a.verb === 'move' && a.move === 'wheel') || (a.verb === 'movement' && a.formation) || (a.verb === 'battery' && a.battery === 'pivot')));
    put(tools, ...mine.map((a) => h('button', { type: 'button', class: 'tb-tool', 'data-action': a.text, title: label(a), 'aria-label': label(a),
      onclick: () => act(a) }, toolLabel(a))));
    tools.hidden = !mine.length;
  }

  function drawTable() {
    const v = S.view.view;
    const g = svg('svg', { class: 'tb-table', id: 'tb-table', role: 'img', 'aria-label': t(v.table.unit === 'cm' ? 'tb_table_cm' : 'tb_table', v.table.width, v.table.depth), preserveAspectRatio: 'xMidYMid meet' });
    g.append(svg('rect', { class: 'tb-cloth', x: 0, y: 0, width: W(), height: D() }));
    const feats = [...(v.terrain || [])].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || (a.level || 0) - (b.level || 0));
    for (const f of feats) {
      const [fill, stroke, sw, line] = TERRAIN[f.kind] || ['#ccc', '#888', 0.05, false];
      const attrs = { class: `tb-terrain tb-${f.kind}`, 'data-kind': f.kind, points: pts(f.points), stroke, 'stroke-width': sw, fill };
      if (f.kind === 'hill') attrs['fill-opacity'] = Math.min(0.35 + 0.2 * (f.level || 1), 0.95);
      if (f.kind === 'crest') attrs['stroke-dasharray'] = '0.4 0.2';
      const e = svg(line ? 'polyline' : 'polygon', attrs, svg('title', {}, [t('tb_kind_' + f.kind), f.level ? ` ${f.level}` : '', f.name ? ` — ${f.name}` : ''].join('')));
      g.append(e);
    }
    for (const o of v.objectives || [])
      g.append(svg('circle', { class: 'tb-objective', 'data-objective': o.id, 'data-holder': o.holder ?? '', cx: X(o.at[0]), cy: Y(o.at[1]), r: o.radius || 1,
        stroke: o.holder === 0 || o.holder === 1 ? SIDE_EDGE[o.holder] : null },
      svg('title', {}, `${o.name || o.id}${o.points ? ' — ' + t('tb_points', o.points) : ''} — ${o.holder === 0 || o.holder === 1 ? t('tb_held', (S.view.sides || [])[o.holder] || o.holder) : t('tb_held_none')}`)));
    drawArcs(g);
    const legal = S.view.legal || [];
    const moving = new Set(legal.filter((a) => a.verb === 'move' && a.unit && a.pose).map((a) => a.unit));
    const targets = new Set(legal.filter((a) => S.sel !== null && a.unit === S.sel && a.target).map((a) => a.target));
    const acting = new Set(legal.filter((a) => a.unit).map((a) => a.unit));
    for (const u of v.units || []) {
      if (!u.pose || !u.pose.at) continue; // not on the table
      const cls = ['tb-unit', acting.has(u.id) ? 'can-act' : '', S.sel === u.id ? 'selected' : '', targets.has(u.id) ? 'target' : ''].filter(Boolean).join(' ');
      const e = unitShape(u, u.pose, cls, { tabindex: acting.has(u.id) ? 0 : null, role: acting.has(u.id) ? 'button' : null, 'aria-label': u.name || u.id });
      e.append(svg('title', {}, `${u.name || u.id} — ${u.formation || ''}, ${t('tb_stands', u.stands ?? '?')}${u.disordered ? ', ' + t('tb_disordered') : ''}`));
      const pick = (ev) => { // a click after a pan or a drag picks nothing
        if (ev && ev.type === 'click' && S.noClick) { S.noClick = false; return; }
        if (S.ruler) { rulerAt(u.id); return; }
        S.sel = S.sel === u.id ? null : u.id;
        render();
      };
      e.addEventListener('click', pick);
      if (moving.has(u.id)) { // its move to be chosen: dragged
        e.classList.add('can-drag');
        e.addEventListener('pointerdown', (ev) => {
          if (S.ruler || ev.button > 0 || orders.busy) return;
          ev.stopPropagation(); // no pan
          S.noClick = false;
          startDrag(u, ev);
        });
      }
      e.addEventListener('keydown', (k) => { if (k.key === 'Enter' || k.key === ' ') { k.preventDefault(); pick(k); } });
      g.append(e);
      g.append(svg('text', { class: 'tb-name', 'data-unit': u.id, x: X(u.pose.at[0]), y: Y(u.pose.at[1]) - 0.35, 'text-anchor': 'middle' }, shortName(u)));
    }
    // the selected unit's legal moves, each a ghost where it would end
    if (S.sel !== null) {
      const u = unitOf(S.sel);
      for (const a of legal.filter((x) => x.unit === S.sel && x.pose && x.pose.at)) {
        const ghost = unitShape(u, { ...a.pose, face: a.pose.face ?? (u.pose && u.pose.face) }, 'tb-ghost', { 'data-action': a.text, role: 'button', tabindex: 0, 'aria-label': a.text });
        ghost.append(svg('title', {}, a.text));
        ghost.addEventListener('click', () => act(a));
        ghost.addEventListener('keydown', (k) => { if (k.key === 'Enter') act(a); });
        g.append(ghost);
      }
    }
    drawSight(g);
    drawMeasure(g);
    S.layer = svg('g', { class: 'tb-drag', id: 'tb-drag' });
    g.append(S.layer);
    gestures(g);
    g.addEventListener('pointermove', (ev) => { if (S.drag && ev.pointerId === S.drag.pid) dragTo(ev); });
    // dropped where the pointer is let go (a finger's last moves may come
    // after the browser's last frame)
    g.addEventListener('pointerup', (ev) => { if (S.drag && ev.pointerId === S.drag.pid) { dragTo(ev); drop(); } });
    g.addEventListener('pointercancel', (ev) => { if (S.drag && ev.pointerId === S.drag.pid) { S.drag = null; paintDrag(); } });
    g.addEventListener('click', (ev) => { // the ruler to a point of the table
      if (!S.ruler || S.from === null || S.noClick || ev.target.closest('g.tb-unit')) return;
      rulerAt(tablePt(ev));
    });
    // the unit or ghost that had the keyboard keeps it in the new drawing
    const had = document.activeElement && root$ && root$.contains(document.activeElement) ? document.activeElement : null;
    root$ = g;
    put(box, g);
    frame();
    paintDrag();
    if (had) {
      const sel = had.dataset.action ? `g.tb-ghost[data-action="${CSS.escape(had.dataset.action)}"]` : `g.tb-unit[data-unit="${CSS.escape(had.dataset.unit || '')}"]`;
      const again = g.querySelector(sel);
      if (again) again.focus();
    }
  }

  function ghostMark(text, on) {
    const e = root$ && root$.querySelector(`g.tb-ghost[data-action="${CSS.escape(text)}"]`);
    if (e) { e.classList.toggle('hl', on); if (on) e.parentNode.append(e); }
  }

  // an order in the page's language, from the action's fields (its "text"
  // is what the server takes back, in the engine's words)
  const leaderName = (n) => nameOf(S.view.view.leaders, n);
  const label = (a) => {
    const u = a.unit ? shortName(unitOf(a.unit) || { id: a.unit }) : '';
    const far = () => {
      const p = unitOf(a.unit), q = a.pose;
      if (!p || !p.pose || !q) return '';
      const d = Math.hypot(q.at[0] - p.pose.at[0], q.at[1] - p.pose.at[1]);
      return d > 0 ? ` (${t(cm() ? 'tb_cm' : 'tb_inches', d.toFixed(1))})` : '';
    };
    switch (a.verb) {
      case 'fire': case 'combat': return t('tb_act_' + a.verb, u, shortName(unitOf(a.target) || { id: a.target }));
      case 'charge': return t('tb_act_combat', u, shortName(unitOf(a.target) || { id: a.target })); // rff's
      case 'maneuver': return t('tb_act_maneuver', u); // rff's maneuver test
      case 'no_countercharge': return t('tb_act_no_countercharge', u, shortName(unitOf(a.target) || { id: a.target }));
      case 'choice': // rff: what a unit does with its maneuver's result
        if (a.choice === 'pivot') return t(a.turn > 0 ? 'tb_act_battery_pivot_left' : 'tb_act_battery_pivot_right', u, String(Math.abs(a.turn)));
        return a.choice ? t('tb_act_choice_' + a.choice, u) : a.text;
      case 'move': {
        // a move that ends in another formation says which (two moves to
        // the same place, one changing formation, read apart)
        const p = unitOf(a.unit), f = a.pose && a.pose.formation;
        const lay = f && p && p.pose && p.pose.formation !== f ? ' — ' + t('tb_lay_' + f) : '';
        if (a.move === 'contact') return t('tb_act_move_contact', u, shortName(unitOf(a.contact) || { id: a.contact })) + far() + lay;
        return a.move ? t('tb_act_move_' + a.move, u) + (a.move === 'hold' ? '' : far()) + lay : a.text;
      }
      case 'movement': return a.formation ? t('tb_act_movement_form', u, t('tb_form_' + a.formation)) : t('tb_act_movement', u);
      case 'battery':
        if (a.battery === 'pivot') return t(a.turn > 0 ? 'tb_act_battery_pivot_left' : 'tb_act_battery_pivot_right', u, String(Math.abs(a.turn)));
        return t('tb_act_battery_' + (a.battery || 'move'), u);
      case 'countercharge': {
        const c = shortName(unitOf(a.target) || { id: a.target });
        return a.unit ? t('tb_act_countercharge', u, c) : t('tb_act_countercharge_none', c);
      }
      case 'react': return a.target ? t('tb_act_react_counter', u, shortName(unitOf(a.target) || { id: a.target })) : t('tb_act_react', u);
      case 'emergency_fc': case 'evasion': case 'no_test': return t('tb_act_' + a.verb, u, shortName(unitOf(a.target) || { id: a.target }));
      case 'replace': return t('tb_act_replace', leaderName(a.leader));
      case 'general': return t('tb_act_general', leaderName(a.leader));
      case 'attach': return t('tb_act_attach', leaderName(a.leader), u);
      case 'detach': return t('tb_act_detach', leaderName(a.leader));
      case 'reserve': case 'pose': return t('tb_act_' + a.verb, u);
      case 'initiative': return a.choose ? t('tb_act_choose_' + a.choose) : t('tb_act_initiative');
      case 'next': return t('tb_act_' + a.verb);
      case 'die': return t('tb_act_die', a.text);
      default: return a.text;
    }
  };

  function render() {
    if (S.drag) { S.dirty = true; return; } // drawn again at the drop
    S.dirty = false;
    const V = S.view, v = V.view;
    const phase = typeof v.phase === 'object' && v.phase ? v.phase : { id: v.phase, title: v.phase_title };
    const sides = V.sides || [];
    status.dataset.step = String(V.step);
    status.dataset.over = String(!!V.over);
    const who = V.over ? (V.winner === null || V.winner === undefined ? t('over') : `${t('over')} — ${V.winner === 'draw' ? t('tb_draw') : t('tb_winner', sides[V.winner] || V.winner)}`)
      : typeof V.to_move === 'number' ? `${t('to_move')}: ${sides[V.to_move] || V.to_move}` : '';
    put(status, h('strong', {}, v.turns ? t('turn_of', V.turn ?? v.turn, v.turns) : `${t('turn')} ${V.turn ?? v.turn}`),
      ' · ', h('span', { id: 'tb-phase' }, phaseTitle((v.sequence || []).find((p) => p.id === phase.id) || phase)), ' · ', who,
      typeof V.seat === 'number' ? h('span', { class: 'muted' }, ` · ${t('tb_you', sides[V.seat] || V.seat)}`) : null);
    put(seq, ...(v.sequence || []).map((p) => h('li', { 'aria-current': p.id === phase.id ? 'step' : null, class: p.id === phase.id ? 'now' : '', 'data-phase': p.id }, phaseTitle(p))));
    const at = (v.sequence || []).findIndex((p) => p.id === phase.id);
    seqTitle.textContent = `${t('tb_sequence')} (${at + 1}/${(v.sequence || []).length})`;
    seqBox.hidden = !(v.sequence || []).length;
    loadSight();
    drawTable();
    paintTools();
    paintOdds();
    listSight();
    const legal = V.legal || [];
    const mine = S.sel === null ? legal : legal.filter((a) => a.unit === S.sel || !a.unit);
    // the hints the hex map's page gives, and why the computer played
    const computer = (V.players || []).map((p) => p !== 'human');
    const dragging = legal.some((a) => a.verb === 'move' && a.unit && a.pose);
    const hint = typeof V.seat !== 'number' ? t('spectator')
      : !legal.length && !V.over && computer[V.to_move] ? t('waiting_computer')
        : dragging ? t('tb_hint_drag') : S.sel === null && legal.length > 1 ? t('tb_hint_select') : null;
    if (replay) {
      rBar.show(V.step, V.steps ?? V.step);
      put(fs, h('p', { class: 'hint', id: 'tb-hint' }, t('tb_replay_help')), h('p', {}, h('a', { href: hashOf(''), id: 'tb-replay-back' }, t('tb_replay_back'))));
      putLog(logBox, V.log || [], undefined, true); // the running log: its last line the step shown
      return;
    }
    put(fs,
      V.over ? h('p', {}, h('a', { href: hashOf(`replay=1&step=${V.step}`), id: 'tb-replay-link' }, t('replay'))) : null,
      hint ? h('p', { class: 'hint', id: 'tb-hint' }, hint) : null,
      computer.some(Boolean) ? h('div', { class: 'form-row' }, h('button', { type: 'button', id: 'why-btn', onclick: () => showWhy(whyP, id, token, (k) => sides[k] || String(k)) }, t('why_btn'))) : null,
      S.sel !== null ? h('p', { id: 'tb-selected' }, t('tb_selected', nameOf(S.view.view.units, S.sel)), ' ', h('button', { type: 'button', id: 'tb-unselect', onclick: () => { S.sel = null; render(); } }, t('tb_unselect'))) : null,
      legal.length ? h('ul', { id: 'order-list', class: 'tb-actions' }, mine.map((a) => h('li', {},
        h('button', { type: 'button', 'data-action': a.text, class: a.target ? 'target' : '',
          // its ghost (a move of the unit selected) stands out while pointed at
          onmouseenter: () => ghostMark(a.text, true), onmouseleave: () => ghostMark(a.text, false),
          onfocus: () => ghostMark(a.text, true), onblur: () => ghostMark(a.text, false),
          onclick: () => order(a) }, label(a))))) : h('p', { class: 'muted' }, V.over ? t('over') : t('no_actions')));
    putLog(logBox, V.log || []);
  }

  // this battle's page, with `q` and the token
  function hashOf(q) {
    return `#/table/${encodeURIComponent(id)}?` + [q, token ? `token=${encodeURIComponent(token)}` : ''].filter(Boolean).join('&');
  }

  // The replay to step n (the bar keeps it within the battle's steps),
  // the page's address saying which
  function goStep(n) {
    if (S.view && n === S.view.step && n === S.at) return;
    S.at = n;
    history.replaceState(null, '', hashOf(`replay=1&step=${n}`));
    refresh();
  }

  // a.text posted; refused(e): what to do when the server refuses it (a
  // toast if none)
  async function act(a, refused) {
    if (orders.busy || !S.view) return;
    if (await orders.run(() => api.act(id, token, a.text, S.view.step), refused)) {
      S.sel = null;
      S.refused = null;
    }
    await refresh();
  }

  async function refresh() {
    const nth = ++S.seq;
    try {
      const v = replay ? await api.view(id, token, undefined, S.at) : await api.view(id, token);
      if (S.gone || nth !== S.seq) return; // a later step asked since
      if (!v.view || !v.view.table) throw new Error(t('tb_not_table', id));
      const first = !S.view;
      if (S.view && S.view.step !== v.step) { S.refused = null; S.measure = null; }
      S.view = v;
      if (S.sel !== null && !unitOf(S.sel)) S.sel = null;
      render();
      if (first && !replay) S.stream = liveStream(() => api.eventsUrl(id, token), { onView: () => refresh(), onSignal: () => refresh() });
    } catch (e) {
      if (!S.view) put(root, errorBox(`${t('error_prefix')}: ${e.message}`)); else toast(e.message, true);
    }
  }

  await refresh();
  return {
    unmount: () => { S.gone = true; if (rBar) rBar.stop(); if (S.stream) S.stream.close(); },
    relang: () => { labels(); if (S.view) refresh(); },
    key: (e) => {
      if (e.key === '+' || e.key === '=') { zoomBy(1.25); return true; }
      if (replay && S.view && !S.drag && rBar.key(e)) return true;
      if (e.key === '-') { zoomBy(0.8); return true; }
      if (e.key === 'Escape' && S.drag) { clearTimeout(S.drag.timer); S.drag = null; S.noClick = true; render(); return true; } // the drag called off
      if (e.key === 'Escape' && (S.refused || S.measure || S.from !== null)) { S.refused = null; S.measure = null; S.from = null; render(); return true; }
      if (e.key === 'Escape' && S.sel !== null) { S.sel = null; render(); return true; }
      return false;
    },
  };
}
