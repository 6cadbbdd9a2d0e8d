// table.js - a battle on the table (game type aoe-table, docs/table.md «
// The page»): #/table/GAME?token=T.  The table drawn top-down in SVG
// (terrain by kind, each unit's stands with its facing in its side's
// colour and its name), zoom and pan (wheel, drag, pinch), the turn, the
// phase among the sequence of play, the log, and the legal actions as
// buttons.  A unit selected shows the poses its legal moves end at as
// ghosts and its legal fire targets highlighted: everything drawn comes
// from the server's view and legal list; the page decides no rule.
//
// What it reads (GET /api/games/ID): the server's view {step, turn,
// to_move, over, winner, sides, seat, log [{step, text, kind}], legal
// [{text, verb, unit, target, pose?}]} and the type's view_json in
// `view`: {table: {width, depth}, terrain [{kind, level, name, points
// [[x, y]...]}], units [{id, name, side, arm, formation, stands,
// disordered, on_table, pose?}], objectives [{id, name, at, radius,
// holder}], turn, turns, phase {id, title}, sequence [{id, title,
// title_en, title_fr}]}; a
// pose is {at [x, y] (the front edge's centre), face [dx, dy] (a
// direction) or degrees, stands [[4 corners [x, y]]...]}.  Units and
// targets are named by their ids.  Inches, x east, y north.
import { api, liveStream, oneOrder } from './api.js';
import { t, getLang } from './i18n.js';
import { h, put, errorBox, loadSeats } from './util.js';
import { toast } from './main.js';

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
};
const ORDER = ['hill', 'marsh', 'rough', 'wood', 'town', 'river', 'stream', 'ford', 'bridge', 'road', 'crest'];

function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  for (const c of kids.flat()) if (c) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

// The name on the table: the unit's name up to its parenthesis ("Claparède
// (17e léger, 34e de ligne)" -> "Claparède"), whole in its tooltip.
const shortName = (u) => (u.name || u.id).replace(/\s*\(.*$/, '') || u.id;

// A phase's title in the page's language (the sheet's own words in French).
const title = (p) => (p && (p['title_' + getLang()] || p.title || p.id)) || '';

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
  const S = { view: null, sel: null, gone: false, stream: null, zoom: 1, cx: null, cy: null };
  const status = h('div', { id: 'status', class: 'tb-status', role: 'status' });
  // the sequence of play folded under its title, the phase now marked
  const seq = h('ol', { class: 'tb-sequence', id: 'tb-sequence', 'aria-label': t('tb_sequence') });
  const seqTitle = h('summary', {});
  const seqBox = h('details', { class: 'tb-seqbox', id: 'tb-seqbox' }, seqTitle, seq);
  const box = h('div', { class: 'tb-box', id: 'tb-box' });
  const zoomRow = h('div', { class: 'tb-zoom' });
  const fs = h('fieldset', { class: 'tb-orders' });
  const ordersT = h('h2', {}), logT = h('h2', {});
  const ordersP = h('section', { class: 'panel', id: 'tb-orders' }, ordersT, fs);
  const logBox = h('div', { class: 'log', id: 'log', tabindex: 0, role: 'log' });
  const logP = h('section', { class: 'panel', id: 'tb-log' }, logT, logBox);
  // the page's own words, again in a new language
  function labels() {
    put(zoomRow,
      h('button', { type: 'button', id: 'tb-zoom-in', 'aria-label': t('tb_zoom_in'), onclick: () => zoomBy(1.25) }, '+'),
      h('button', { type: 'button', id: 'tb-zoom-out', 'aria-label': t('tb_zoom_out'), onclick: () => zoomBy(0.8) }, '−'),
      h('button', { type: 'button', id: 'tb-zoom-fit', onclick: () => { S.zoom = 1; S.cx = S.cy = null; frame(); } }, t('tb_fit')));
    ordersT.textContent = t('actions');
    logT.textContent = t('log');
    logBox.setAttribute('aria-label', t('log'));
    seq.setAttribute('aria-label', t('tb_sequence'));
  }
  labels();
  const orders = oneOrder(fs);
  put(root, h('div', { class: 'tb-page' },
    h('div', { class: 'tb-main' }, status, seqBox, zoomRow, box),
    h('aside', { class: 'tb-side' }, ordersP, logP)));

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
  function toTable(ev) { // a pointer's place in SVG units
    const r = root$.getBoundingClientRect(), vb = root$.viewBox.baseVal;
    return [vb.x + ((ev.clientX - r.left) / r.width) * vb.width, vb.y + ((ev.clientY - r.top) / r.height) * vb.height];
  }

  // Pan with one pointer, pinch with two; the wheel zooms at the pointer.
  function gestures(el) {
    const down = new Map();
    let last = null; // {x, y, dist}
    const state = () => {
      const p = [...down.values()];
      if (p.length === 1) return { x: p[0].clientX, y: p[0].clientY, dist: 0 };
      const dx = p[0].clientX - p[1].clientX, dy = p[0].clientY - p[1].clientY;
      return { x: (p[0].clientX + p[1].clientX) / 2, y: (p[0].clientY + p[1].clientY) / 2, dist: Math.hypot(dx, dy) };
    };
    el.addEventListener('wheel', (e) => { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, toTable(e)); }, { passive: false });
    el.addEventListener('pointerdown', (e) => { down.set(e.pointerId, e); last = state(); });
    el.addEventListener('pointermove', (e) => {
      if (!down.has(e.pointerId)) return;
      down.set(e.pointerId, e);
      const now = state();
      if (last && down.size === 2 && last.dist > 0 && now.dist > 0) zoomBy(now.dist / last.dist, toTable({ clientX: now.x, clientY: now.y }));
      if (last) {
        const r = root$.getBoundingClientRect(), vb = root$.viewBox.baseVal;
        const dx = ((now.x - last.x) / r.width) * vb.width, dy = ((now.y - last.y) / r.height) * vb.height;
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

  function drawTable() {
    const v = S.view.view;
    const g = svg('svg', { class: 'tb-table', id: 'tb-table', role: 'img', 'aria-label': t('tb_table', v.table.width, v.table.depth), preserveAspectRatio: 'xMidYMid meet' });
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
    const legal = S.view.legal || [];
    const targets = new Set(legal.filter((a) => S.sel !== null && a.unit === S.sel && a.target).map((a) => a.target));
    const acting = new Set(legal.filter((a) => a.unit).map((a) => a.unit));
    for (const u of v.units || []) {
      if (!u.pose || !u.pose.at) continue; // not on the table
      const cls = ['tb-unit', acting.has(u.id) ? 'can-act' : '', S.sel === u.id ? 'selected' : '', targets.has(u.id) ? 'target' : ''].filter(Boolean).join(' ');
      const e = unitShape(u, u.pose, cls, { tabindex: acting.has(u.id) ? 0 : null, role: acting.has(u.id) ? 'button' : null, 'aria-label': u.name || u.id });
      e.append(svg('title', {}, `${u.name || u.id} — ${u.formation || ''}, ${t('tb_stands', u.stands ?? '?')}${u.disordered ? ', ' + t('tb_disordered') : ''}`));
      const pick = () => { S.sel = S.sel === u.id ? null : u.id; render(); };
      e.addEventListener('click', pick);
      e.addEventListener('keydown', (k) => { if (k.key === 'Enter' || k.key === ' ') { k.preventDefault(); pick(); } });
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
    gestures(g);
    // the unit or ghost that had the keyboard keeps it in the new drawing
    const had = document.activeElement && root$ && root$.contains(document.activeElement) ? document.activeElement : null;
    root$ = g;
    put(box, g);
    frame();
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

  function render() {
    const V = S.view, v = V.view;
    const phase = typeof v.phase === 'object' && v.phase ? v.phase : { id: v.phase, title: v.phase_title };
    const sides = V.sides || [];
    status.dataset.step = String(V.step);
    status.dataset.over = String(!!V.over);
    const who = V.over ? (V.winner === null || V.winner === undefined ? t('over') : `${t('over')} — ${V.winner === 'draw' ? t('tb_draw') : t('tb_winner', sides[V.winner] || V.winner)}`)
      : typeof V.to_move === 'number' ? `${t('to_move')}: ${sides[V.to_move] || V.to_move}` : '';
    put(status, h('strong', {}, v.turns ? t('turn_of', V.turn ?? v.turn, v.turns) : `${t('turn')} ${V.turn ?? v.turn}`),
      ' · ', h('span', { id: 'tb-phase' }, title((v.sequence || []).find((p) => p.id === phase.id) || phase)), ' · ', who,
      typeof V.seat === 'number' ? h('span', { class: 'muted' }, ` · ${t('tb_you', sides[V.seat] || V.seat)}`) : null);
    put(seq, ...(v.sequence || []).map((p) => h('li', { 'aria-current': p.id === phase.id ? 'step' : null, class: p.id === phase.id ? 'now' : '', 'data-phase': p.id }, title(p))));
    const at = (v.sequence || []).findIndex((p) => p.id === phase.id);
    seqTitle.textContent = `${t('tb_sequence')} (${at + 1}/${(v.sequence || []).length})`;
    seqBox.hidden = !(v.sequence || []).length;
    drawTable();
    const legal = V.legal || [];
    const mine = S.sel === null ? legal : legal.filter((a) => a.unit === S.sel || !a.unit);
    const named = (n) => { const u = unitOf(n); return u ? u.name || u.id : String(n); };
    // an order in the page's language, from the action's fields (its "text"
    // is what the server takes back, in the engine's words)
    const leaderName = (n) => { const l = (S.view.view.leaders || []).find((x) => x.id === n); return l ? l.name || l.id : String(n); };
    const label = (a) => {
      const u = a.unit ? shortName(unitOf(a.unit) || { id: a.unit }) : '';
      const far = () => {
        const p = unitOf(a.unit), q = a.pose;
        if (!p || !p.pose || !q) return '';
        const d = Math.hypot(q.at[0] - p.pose.at[0], q.at[1] - p.pose.at[1]);
        return d > 0 ? ` (${t('tb_inches', d.toFixed(1))})` : '';
      };
      switch (a.verb) {
        case 'fire': case 'combat': return t('tb_act_' + a.verb, u, shortName(unitOf(a.target) || { id: a.target }));
        case 'move':
          if (a.move === 'contact') return t('tb_act_move_contact', u, shortName(unitOf(a.contact) || { id: a.contact })) + far();
          return a.move ? t('tb_act_move_' + a.move, u) + (a.move === 'hold' ? '' : far()) : a.text;
        case 'movement': return a.formation ? t('tb_act_movement_form', u, t('tb_form_' + a.formation)) : t('tb_act_movement', u);
        case 'battery':
          if (a.battery === 'pivot') return t(a.turn > 0 ? 'tb_act_battery_pivot_left' : 'tb_act_battery_pivot_right', u, String(Math.abs(a.turn)));
          return t('tb_act_battery_' + (a.battery || 'move'), u);
        case 'countercharge': {
          const c = shortName(unitOf(a.target) || { id: a.target });
          return a.unit ? t('tb_act_countercharge', u, c) : t('tb_act_countercharge_none', c);
        }
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
    put(fs,
      S.sel !== null ? h('p', { id: 'tb-selected' }, t('tb_selected', named(S.sel)), ' ', h('button', { type: 'button', id: 'tb-unselect', onclick: () => { S.sel = null; render(); } }, t('tb_unselect'))) : null,
      legal.length ? h('ul', { id: 'order-list', class: 'tb-actions' }, mine.map((a) => h('li', {},
        h('button', { type: 'button', 'data-action': a.text, class: a.target ? 'target' : '',
          // its ghost (a move of the unit selected) stands out while pointed at
          onmouseenter: () => ghostMark(a.text, true), onmouseleave: () => ghostMark(a.text, false),
          onfocus: () => ghostMark(a.text, true), onblur: () => ghostMark(a.text, false),
          onclick: () => act(a) }, label(a))))) : h('p', { class: 'muted' }, V.over ? t('over') : t('no_actions')));
    const atBottom = logBox.scrollHeight - logBox.scrollTop - logBox.clientHeight < 30;
    put(logBox, ...(V.log || []).map((e) => h('div', { class: 'logline', 'data-kind': e.kind || '' }, h('span', { class: 'stepno' }, String(e.step ?? '')), (e.text || '').trim())));
    if (atBottom) logBox.scrollTop = logBox.scrollHeight;
  }

  async function act(a) {
    if (orders.busy || !S.view) return;
    try {
      await orders.send(() => api.act(id, token, a.text, S.view.step));
      S.sel = null;
    } catch (e) {
      if (e.status !== 409) toast(e.message, true);
    }
    await refresh();
  }

  async function refresh() {
    try {
      const v = await api.view(id, token);
      if (S.gone) return;
      if (!v.view || !v.view.table) throw new Error(t('tb_not_table', id));
      const first = !S.view;
      S.view = v;
      if (S.sel !== null && !unitOf(S.sel)) S.sel = null;
      render();
      if (first) S.stream = liveStream(() => api.eventsUrl(id, token), { onView: () => refresh(), onSignal: () => refresh() });
    } catch (e) {
      if (!S.view) put(root, errorBox(`${t('error_prefix')}: ${e.message}`)); else toast(e.message, true);
    }
  }

  await refresh();
  return {
    unmount: () => { S.gone = true; if (S.stream) S.stream.close(); },
    relang: () => { labels(); if (S.view) refresh(); },
    key: (e) => {
      if (e.key === '+' || e.key === '=') { zoomBy(1.25); return true; }
      if (e.key === '-') { zoomBy(0.8); return true; }
      if (e.key === 'Escape' && S.sel !== null) { S.sel = null; render(); return true; }
      return false;
    },
  };
}
