// charts.js - small SVG charts (bars, dice) and tables drawn from numbers
// the server gave.
import { el } from './hexmap.js';
import { t } from './i18n.js';
import { h, inputsNamed } from './util.js';

// Grouped bars: groups = [{label, values: [v0, v1, ...]}], series =
// [{label, cls}].  Returns an <svg>.
export function groupedBars(groups, series, { title, width = 420, height = 200, yLabel = '' } = {}) {
  const pad = { l: 34, r: 8, t: 10, b: 30 };
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img', width: '100%' });
  if (title) el('title', {}, svg).textContent = title;
  const iw = width - pad.l - pad.r, ih = height - pad.t - pad.b;
  const ticks = Math.min(max, 5);
  for (let i = 0; i <= ticks; i++) {
    const v = Math.round(max * i / ticks), y = pad.t + ih - ih * v / max;
    el('line', { x1: pad.l, x2: width - pad.r, y1: y, y2: y, stroke: '#d8cfb8' }, svg);
    el('text', { x: pad.l - 4, y: y + 4, 'text-anchor': 'end' }, svg).textContent = String(v);
  }
  if (yLabel) el('text', { x: 10, y: pad.t + ih / 2, transform: `rotate(-90 10 ${pad.t + ih / 2})`, 'text-anchor': 'middle' }, svg).textContent = yLabel;
  const gw = iw / Math.max(1, groups.length), bw = Math.min(28, (gw - 8) / series.length);
  groups.forEach((g, i) => {
    const x0 = pad.l + i * gw + (gw - bw * series.length) / 2;
    g.values.forEach((v, k) => {
      const bh = ih * v / max;
      const r = el('rect', { x: x0 + k * bw, y: pad.t + ih - bh, width: bw - 2, height: bh, class: series[k].cls }, svg);
      el('title', {}, r).textContent = `${series[k].label}, ${g.label}: ${v}`;
    });
    el('text', { x: pad.l + i * gw + gw / 2, y: height - pad.b + 16, 'text-anchor': 'middle' }, svg).textContent = g.label;
  });
  el('line', { x1: pad.l, x2: width - pad.r, y1: pad.t + ih, y2: pad.t + ih, stroke: '#333' }, svg);
  return svg;
}

// Horizontal probability bars: rows = [{label, p, cls, fill}] with p in
// 0..1, or the server's odds {"result": p, ...} labelled by name(result).
export function probBars(rows, { title, width = 420, name = (k) => k } = {}) {
  if (!Array.isArray(rows)) rows = Object.entries(rows || {}).map(([k, p]) => ({ label: name(k), p: Number(p) }));
  const rowH = 24, lw = Math.min(170, Math.round(width * 0.36)), height = rows.length * rowH + 8;
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart odds-chart', role: 'img', width: '100%' });
  if (title) el('title', {}, svg).textContent = title;
  const bw = width - lw - 60;
  rows.forEach((r, i) => {
    const y = 4 + i * rowH;
    el('text', { x: lw - 6, y: y + 15, 'text-anchor': 'end' }, svg).textContent = r.label;
    el('rect', { x: lw, y: y + 3, width: bw, height: rowH - 8, fill: '#ece4cf' }, svg);
    const bar = el('rect', { x: lw, y: y + 3, width: Math.max(0, bw * r.p), height: rowH - 8, class: 'oddsbar ' + (r.cls || ''), fill: r.fill || '#7a1f1f', 'data-p': r.p }, svg);
    el('title', {}, bar).textContent = `${r.label}: ${(100 * r.p).toFixed(1)}%`;
    el('text', { x: lw + bw + 6, y: y + 15 }, svg).textContent = `${(100 * r.p).toFixed(1)}%`;
  });
  return svg;
}

// One die face (1..6) as an <svg>, coloured by its result.
// `mark` tells the results apart by shape too, not by colour alone: a loss
// has a heavy frame, a retreat a dashed one.
export function dieFace(face, colour = '#fff', title = '', mark = '') {
  const svg = el('svg', { viewBox: '0 0 36 36', class: 'die', role: 'img', 'aria-label': title || String(face) });
  if (title) el('title', {}, svg).textContent = title;
  el('rect', { x: 2, y: 2, width: 32, height: 32, rx: 6, fill: colour, stroke: '#111', 'stroke-width': mark === 'loss' ? 3.5 : 1.5, 'stroke-dasharray': mark === 'retreat' ? '5 3' : undefined }, svg);
  const P = { 1: [[18, 18]], 2: [[10, 10], [26, 26]], 3: [[10, 10], [18, 18], [26, 26]], 4: [[10, 10], [26, 10], [10, 26], [26, 26]],
    5: [[10, 10], [26, 10], [18, 18], [10, 26], [26, 26]], 6: [[10, 9], [26, 9], [10, 18], [26, 18], [10, 27], [26, 27]] };
  const ink = colour === '#fff' || colour === '#ffffff' ? '#111' : '#fff';
  for (const [x, y] of P[face] || []) el('circle', { cx: x, cy: y, r: 3.2, fill: ink }, svg);
  return svg;
}

// The die of a log event of kind "die" (faces[0] the face, values[0] the
// result: 0 a miss, 1 a loss, 2 a retreat), in the colour of its result.
const HIT = ['miss', 'loss', 'retreat'];
export const HIT_COLOUR = { miss: '#ffffff', loss: '#b3261e', retreat: '#c77800' };
export function logDie(e) {
  const res = HIT[(e.values || [0])[0]] || 'miss';
  const f = dieFace(e.faces[0], HIT_COLOUR[res], `${e.faces[0]}: ${e.text.trim()}`, res);
  f.dataset.face = e.faces[0];
  return f;
}

// The modifiers of a resolution (the server's {"kind": "drm" | "multiplier"
// | "info", "value", "num", "den", "applied", "reason", "source"}): each
// one's value, reason, and whether it applies, with its source.
export function modsTable(mods, attrs = {}) {
  if (!mods || !mods.length) return h('p', { class: 'muted' }, t('none'));
  const tbl = h('table', { class: 'mods', ...attrs });
  for (const m of mods) {
    const v = m.kind === 'drm' ? (m.value > 0 ? '+' : '') + m.value : m.kind === 'multiplier' ? `×${m.num}/${m.den}` : '';
    tbl.append(h('tr', { class: m.applied ? 'on' : 'off' }, h('td', {}, v), h('td', {}, inputsNamed(m.reason || '')), h('td', { class: 'why muted' }, (m.applied ? t('applied') : t('not_applied')) + (m.source ? ' — ' + m.source : ''))));
  }
  return tbl;
}
