// hexmap.js - the SVG map of a Révolution et Empire scenario: terrain,
// hills, roads, rivers, bridges, fords, streams, places, objectives, and the
// units as counters.  Geometry only: what a hex holds, where units stand and
// which actions are legal all come from the server (GET /api/scenarios/ID,
// GET /api/games/GAME).  Hexes are pointy-topped, odd-r offsets [col, row].

const NS = 'http://www.w3.org/2000/svg';
const SQ3 = Math.sqrt(3);

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

// Centre of hex [c, r] for hexes of radius s (centre to corner).
export function centre(c, r, s) {
  return [s * SQ3 * (c + 0.5 * (r & 1)) + s * SQ3 / 2 + s * 0.3, s * 1.5 * r + s + s * 0.3];
}

export function corners(x, y, s, k = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push([x + s * k * Math.cos(a), y + s * k * Math.sin(a)]);
  }
  return pts;
}

export const pstr = (pts) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

// Neighbour of [c, r] in direction d (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).
export function neighbour(c, r, d) {
  const odd = r & 1;
  const even = [[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]];
  const oddd = [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]];
  const [dc, dr] = (odd ? oddd : even)[d];
  return [c + dc, r + dr];
}

// Angle (radians, SVG y down) of direction d from a hex centre.
const dirAngle = (d) => -d * Math.PI / 3;

const TERRAIN = {
  '.': { fill: '#e6e2c3', name: 'clear' },
  F: { fill: '#7fa36b', name: 'forest' },
  O: { fill: '#b9cf8f', name: 'orchard' },
  T: { fill: '#ddd2bb', name: 'town' },
  M: { fill: '#a9c3b4', name: 'marsh' },
  X: { fill: '#a99a86', name: 'mountain' },
  R: { fill: '#cbb78f', name: 'ravine' },
  K: { fill: '#bfbab0', name: 'fortress' },
  B: { fill: '#d8cdb5', name: 'building' },
  W: { fill: '#8fb9da', name: 'lake' },
};

// A five-pointed star's points about (x, y), its tips `out` from it, the
// points between them `inner`.
function star(x, y, out, inner) {
  return pstr([...Array(10).keys()].map((i) => { const a = i * Math.PI / 5 - Math.PI / 2, d = i % 2 ? inner : out; return [x + d * Math.cos(a), y + d * Math.sin(a)]; }));
}

// A small deterministic jitter so trees and houses do not sit on a grid.
function jit(c, r, i) {
  const v = Math.sin(c * 12.9898 + r * 78.233 + i * 37.719) * 43758.5453;
  return v - Math.floor(v);
}

function drawTerrainSymbol(g, h, x, y, s) {
  const c = h.col, r = h.row;
  switch (h.code) {
    case 'F':
      for (let i = 0; i < 7; i++) {
        const a = i * 2 * Math.PI / 7 + jit(c, r, i), d = i === 0 ? 0 : s * 0.48;
        const tx = x + d * Math.cos(a), ty = y + d * Math.sin(a);
        el('circle', { cx: tx, cy: ty, r: s * 0.2, fill: '#4f7a3c', stroke: '#365a28', 'stroke-width': 1 }, g);
      }
      break;
    case 'O':
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++)
          el('circle', { cx: x + i * s * 0.42, cy: y + j * s * 0.42, r: s * 0.1, fill: '#5d8a45' }, g);
      break;
    case 'T': {
      const houses = [[-0.35, -0.25], [0.2, -0.35], [-0.1, 0.15], [0.35, 0.2], [-0.45, 0.35]];
      houses.forEach(([dx, dy], i) => {
        const w = s * (0.26 + 0.08 * jit(c, r, i)), hh = s * 0.2;
        el('rect', { x: x + dx * s - w / 2, y: y + dy * s - hh / 2, width: w, height: hh, fill: '#b5523b', stroke: '#6b2e20', 'stroke-width': 0.8 }, g);
      });
      break;
    }
    case 'M':
      for (let i = 0; i < 6; i++) {
        const tx = x + (jit(c, r, i) - 0.5) * s, ty = y + (jit(c, r, i + 9) - 0.5) * s;
        el('path', { d: `M${tx - 5},${ty} h10 M${tx - 3},${ty} l-2,-5 M${tx},${ty} v-6 M${tx + 3},${ty} l2,-5`, stroke: '#3d6b5a', 'stroke-width': 1, fill: 'none' }, g);
      }
      break;
    case 'X':
      el('path', { d: `M${x - s * 0.6},${y + s * 0.35} L${x - s * 0.15},${y - s * 0.45} L${x + s * 0.1},${y - s * 0.05} L${x + s * 0.3},${y - s * 0.3} L${x + s * 0.65},${y + s * 0.35} Z`, fill: '#7d6d5a', stroke: '#4b3f33', 'stroke-width': 1 }, g);
      break;
    case 'R':
      el('path', { d: `M${x - s * 0.7},${y - s * 0.1} l${s * 0.25},${s * 0.25} l${s * 0.2},-${s * 0.3} l${s * 0.25},${s * 0.3} l${s * 0.25},-${s * 0.25} l${s * 0.25},${s * 0.2}`, stroke: '#6e5330', 'stroke-width': 2, fill: 'none' }, g);
      break;
    case 'K':
      el('polygon', { points: star(x, y, s * 0.6, s * 0.3), fill: '#8f8a80', stroke: '#3f3b35', 'stroke-width': 1.2 }, g);
      break;
    case 'B':
      el('rect', { x: x - s * 0.25, y: y - s * 0.25, width: s * 0.5, height: s * 0.5, fill: '#9c5b3f', stroke: '#3f2418', 'stroke-width': 2 }, g);
      break;
    case 'W':
      for (let i = -1; i <= 1; i++)
        el('path', { d: `M${x - s * 0.5},${y + i * s * 0.35} q${s * 0.25},-${s * 0.12} ${s * 0.5},0 t${s * 0.5},0`, stroke: '#d9ecf7', 'stroke-width': 1.2, fill: 'none', opacity: 0.8 }, g);
      break;
    default:
      break;
  }
}

// A unit's NATO-style symbol inside a box w x h centred on (x, y).
function drawUnitSymbol(g, type, x, y, w, h, ink) {
  const x0 = x - w / 2, y0 = y - h / 2;
  el('rect', { x: x0, y: y0, width: w, height: h, fill: 'none', stroke: ink, 'stroke-width': 1.4 }, g);
  if (type === 'infantry' || type === 'elite_infantry') {
    el('path', { d: `M${x0},${y0} L${x0 + w},${y0 + h} M${x0 + w},${y0} L${x0},${y0 + h}`, stroke: ink, 'stroke-width': 1.4 }, g);
    if (type === 'elite_infantry') el('rect', { x: x0 - 2.5, y: y0 - 2.5, width: w + 5, height: h + 5, fill: 'none', stroke: ink, 'stroke-width': 1 }, g);
  } else if (type === 'light_cavalry' || type === 'heavy_cavalry') {
    el('path', { d: `M${x0},${y0 + h} L${x0 + w},${y0}`, stroke: ink, 'stroke-width': 1.4 }, g);
    if (type === 'heavy_cavalry') el('path', { d: `M${x0},${y0} L${x0 + w},${y0 + h}`, stroke: ink, 'stroke-width': 1.4, 'stroke-dasharray': '0' }, g);
  } else if (type === 'artillery') {
    el('circle', { cx: x, cy: y, r: h * 0.28, fill: ink }, g);
  }
}

const TYPE_LETTER = { infantry: 'I', elite_infantry: 'IE', light_cavalry: 'C', heavy_cavalry: 'HC', artillery: 'A' };

// Perceived luminance of '#rrggbb' (0..1), to pick black or white ink.
function luminance(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || '');
  if (!m) return 0.5;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => parseInt(v, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// Colours a colour-blind player tells apart (Okabe & Ito), for the corps bands.
const BANDS = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#CC79A7', '#D55E00', '#0072B2', '#999999'];

export function corpsColours(scn) {
  const out = {};
  const perSide = [0, 0];
  for (const c of scn.corps || []) {
    const k = perSide[c.side] || 0;
    perSide[c.side] = k + 1;
    out[c.name] = BANDS[(c.side * 3 + k) % BANDS.length];
    out[c.id] = out[c.name];
  }
  return out;
}

// Draw the whole map into a new <svg>.  opts: {size, units, label,
// highlight: {active: Set(unit ids), moves: Map("c,r" -> action), targets:
// Map(unit id -> action), selected: unit id, fire: Map("c,r" -> action)},
// onUnit(unit)}.
export function drawMap(scn, opts = {}) {
  const s = opts.size || 36;
  const cols = scn.cols, rows = scn.rows;
  const W = s * SQ3 * (cols + 0.5) + s * 0.6, H = s * 1.5 * (rows - 1) + 2 * s + s * 0.6;
  const svg = el('svg', { viewBox: `0 0 ${W.toFixed(0)} ${H.toFixed(0)}`, class: 'hexmap', role: 'img' });
  svg.dataset.width = W.toFixed(0);
  svg.dataset.height = H.toFixed(0);
  if (opts.label) el('title', {}, svg).textContent = opts.label;
  el('rect', { x: 0, y: 0, width: W, height: H, fill: '#cfc8a8' }, svg);
  const hexByKey = new Map();
  for (const h of scn.hexes) hexByKey.set(h.col + ',' + h.row, h);

  const gHex = el('g', { class: 'terrain' }, svg);
  const gSym = el('g', { class: 'symbols', 'pointer-events': 'none' }, svg);
  const gRoad = el('g', { class: 'roads', 'pointer-events': 'none' }, svg);
  const gEdge = el('g', { class: 'streams', 'pointer-events': 'none' }, svg);
  const gHi = el('g', { class: 'highlights' }, svg);
  const gLabel = el('g', { class: 'labels', 'pointer-events': 'none' }, svg);
  const gUnit = el('g', { class: 'units' }, svg);

  for (const h of scn.hexes) {
    const [x, y] = centre(h.col, h.row, s);
    const t = TERRAIN[h.code] || TERRAIN['.'];
    el('polygon', {
      points: pstr(corners(x, y, s)), fill: t.fill, stroke: '#8d8669', 'stroke-width': 0.8,
      class: 'hex', 'data-hex': `${h.col},${h.row}`, 'data-terrain': t.name,
    }, gHex);
    if (h.hill) {
      // a hill: a brown rise with a contour line and hachures down its sides
      el('polygon', { points: pstr(corners(x, y, s, 0.97)), fill: '#c8a465', 'fill-opacity': 0.45 }, gSym);
      el('ellipse', { cx: x, cy: y + s * 0.05, rx: s * 0.68, ry: s * 0.5, fill: '#b88d4a', 'fill-opacity': 0.55, stroke: '#7a5526', 'stroke-width': 1.6 }, gSym);
      el('ellipse', { cx: x, cy: y, rx: s * 0.34, ry: s * 0.24, fill: '#a67a3a', 'fill-opacity': 0.6, stroke: '#7a5526', 'stroke-width': 1 }, gSym);
      let d = '';
      for (let i = 0; i < 16; i++) {
        const a = i * Math.PI / 8;
        d += `M${(x + s * 0.68 * Math.cos(a)).toFixed(1)},${(y + s * 0.05 + s * 0.5 * Math.sin(a)).toFixed(1)} L${(x + s * 0.82 * Math.cos(a)).toFixed(1)},${(y + s * 0.05 + s * 0.62 * Math.sin(a)).toFixed(1)} `;
      }
      el('path', { d, stroke: '#7a5526', 'stroke-width': 1.2 }, gSym);
    }
    drawTerrainSymbol(gSym, h, x, y, s);
    if (h.fieldworks) {
      el('path', { d: `M${x - s * 0.55},${y + s * 0.5} h${s * 1.1} M${x - s * 0.55},${y + s * 0.5} l0,-4 M${x - s * 0.33},${y + s * 0.5} l0,-4 M${x - s * 0.11},${y + s * 0.5} l0,-4 M${x + s * 0.11},${y + s * 0.5} l0,-4 M${x + s * 0.33},${y + s * 0.5} l0,-4 M${x + s * 0.55},${y + s * 0.5} l0,-4`, stroke: '#5b3a1c', 'stroke-width': 2, fill: 'none' }, gSym);
    }
    for (const d of h.streams || []) {
      const a = dirAngle(d);
      const p1 = [x + s * Math.cos(a - Math.PI / 6), y + s * Math.sin(a - Math.PI / 6)];
      const p2 = [x + s * Math.cos(a + Math.PI / 6), y + s * Math.sin(a + Math.PI / 6)];
      el('line', { x1: p1[0], y1: p1[1], x2: p2[0], y2: p2[1], stroke: '#2f6fa8', 'stroke-width': 4, 'stroke-linecap': 'round' }, gEdge);
    }
  }
  // Roads: a line from each road hex to every road (or bridge) neighbour; a
  // road hex with a single road neighbour at the map's edge runs off it.
  const isRoad = (c, r) => { const h = hexByKey.get(c + ',' + r); return h && (h.road || h.bridge); };
  const roadSegs = [];
  for (const h of scn.hexes) {
    if (!isRoad(h.col, h.row)) continue;
    const [x, y] = centre(h.col, h.row, s);
    const nb = [];
    for (let d = 0; d < 6; d++) {
      const [c2, r2] = neighbour(h.col, h.row, d);
      if (isRoad(c2, r2)) nb.push(d);
      if (d < 3 && isRoad(c2, r2)) {
        const [x2, y2] = centre(c2, r2, s);
        roadSegs.push([x, y, x2, y2]);
      }
    }
    const edge = h.col === 0 || h.row === 0 || h.col === cols - 1 || h.row === rows - 1;
    if (nb.length === 1 && edge) {
      const a = dirAngle((nb[0] + 3) % 6);
      roadSegs.push([x, y, x + s * Math.cos(a), y + s * Math.sin(a)]);
    }
  }
  for (const [x1, y1, x2, y2] of roadSegs)
    el('line', { x1, y1, x2, y2, stroke: '#5e4a2e', 'stroke-width': 6, 'stroke-linecap': 'round' }, gRoad);
  for (const [x1, y1, x2, y2] of roadSegs)
    el('line', { x1, y1, x2, y2, stroke: '#d9b878', 'stroke-width': 3.5, 'stroke-linecap': 'round' }, gRoad);
  for (const h of scn.hexes) {
    const [x, y] = centre(h.col, h.row, s);
    if (h.bridge) {
      // the bridge lies along the road through the hex (else west-east)
      let d = 0;
      for (let k = 0; k < 6; k++) { const [c2, r2] = neighbour(h.col, h.row, k); if (isRoad(c2, r2)) { d = k; break; } }
      const a = dirAngle(d) * 180 / Math.PI;
      const g = el('g', { transform: `translate(${x},${y}) rotate(${a})` }, gRoad);
      el('rect', { x: -s * 0.75, y: -s * 0.22, width: s * 1.5, height: s * 0.44, fill: '#8a6a45', stroke: '#3b2a18', 'stroke-width': 1.5 }, g);
      for (let i = -2; i <= 2; i++) el('line', { x1: i * s * 0.25, y1: -s * 0.22, x2: i * s * 0.25, y2: s * 0.22, stroke: '#3b2a18', 'stroke-width': 0.8 }, g);
    }
    if (h.ford) {
      for (let i = -2; i <= 2; i++) el('ellipse', { cx: x + i * s * 0.22, cy: y + (i % 2) * s * 0.08, rx: s * 0.1, ry: s * 0.07, fill: '#e3d6b0', stroke: '#7a6a4a', 'stroke-width': 0.8 }, gRoad);
    }
  }
  // Objectives: a ringed star in the colour of the side that loses the points.
  for (const o of scn.objectives || []) {
    const [x, y] = centre(o.hex[0], o.hex[1], s);
    const side = (scn.sides || [])[o.side] || {};
    const gx = x + s * 0.52, gy = y - s * 0.55;
    const g = el('g', { class: 'objective', 'data-hex': o.hex.join(',') }, gLabel);
    el('circle', { cx: gx, cy: gy, r: s * 0.26, fill: side.colour || '#c33', stroke: '#222', 'stroke-width': 1.5 }, g);
    el('polygon', { points: star(gx, gy, s * 0.2, s * 0.09), fill: luminance(side.colour) > 0.5 ? '#222' : '#fff' }, g);
    el('title', {}, g).textContent = (o.name ? o.name + ': ' : '') + `${side.name || ''} −${o.points}`;
  }
  for (const p of scn.places || []) {
    const [x, y] = centre(p.hex[0], p.hex[1], s);
    el('text', { x, y: y + s * 0.82, class: 'place', 'text-anchor': 'middle', 'font-size': s * 0.3 }, gLabel).textContent = p.name;
  }
  const api = { svg, size: s, gUnit, gHi, scn, hexByKey };
  drawUnits(api, opts.units || scn.units || [], opts);
  return api;
}

// (Re)draw the counters and highlights of a map made by drawMap.
export function drawUnits(map, units, opts = {}) {
  const { gUnit, gHi, size: s, scn } = map;
  gUnit.replaceChildren();
  gHi.replaceChildren();
  const hi = opts.highlight || {};
  const colours = corpsColours(scn);
  const sides = scn.sides || [];
  const name = (a) => (opts.actionLabel ? opts.actionLabel(a) : a.text); // in the page's language
  const hexFill = (c, r, cls, action, label) => {
    const [x, y] = centre(c, r, s);
    const p = el('polygon', { points: pstr(corners(x, y, s, 0.92)), class: cls, 'data-hex': `${c},${r}`, tabindex: 0, role: 'button', 'aria-label': label || name(action) }, gHi);
    el('title', {}, p).textContent = name(action);
    const go = () => opts.onAction && opts.onAction(action);
    p.addEventListener('click', go);
    p.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } });
  };
  // a move says what it leads to, as the engine tells it (legal[].fight: the
  // terminal's ++ may still fight after it, -- may not): a solid green hex
  // with crossed swords, or a dashed blue one; hovered or focused, its way
  // (legal[].path) is drawn from the unit's hex
  const gPath = el('g', { class: 'move-path', 'pointer-events': 'none' }, gHi);
  const showPath = (a, on) => {
    gPath.replaceChildren();
    if (!on || !a.path || !a.from) return;
    const pts = [a.from, ...a.path].map(([c, r]) => centre(c, r, s));
    el('polyline', { points: pstr(pts), class: 'path-line' }, gPath);
    for (const [x, y] of pts.slice(1)) el('circle', { cx: x, cy: y, r: s * 0.12, class: 'path-dot' }, gPath);
  };
  for (const [key, a] of hi.moves || []) {
    const [c, r] = key.split(',').map(Number);
    const cls = a.fight === true ? 'hl-move fight' : a.fight === false ? 'hl-move nofight' : 'hl-move';
    const note = opts.moveNote ? opts.moveNote(a) : '';
    hexFill(c, r, cls, a, note ? `${name(a)} (${note})` : name(a));
    const p = gHi.lastChild;
    if (note) p.querySelector('title').textContent = `${name(a)} (${note})`;
    if (a.fight === true) {
      // crossed swords: told apart by shape as well as colour
      const [x, y] = centre(c, r, s), k = s * 0.22;
      el('path', { d: `M${x - k},${y - k} L${x + k},${y + k} M${x + k},${y - k} L${x - k},${y + k}`, class: 'fight-mark', 'pointer-events': 'none' }, gHi);
    }
    for (const [ev, on] of [['mouseenter', true], ['mouseleave', false], ['focus', true], ['blur', false]]) p.addEventListener(ev, () => showPath(a, on));
  }
  gHi.appendChild(gPath);
  for (const [key, a] of hi.fire || []) { const [c, r] = key.split(',').map(Number); hexFill(c, r, 'hl-fire', a); }
  for (const u of units) {
    if (u.figures <= 0 || u.col < 0) continue;
    const [x, y] = centre(u.col, u.row, s);
    const side = sides[u.side] || {};
    const base = side.colour || (u.side ? '#e8e4d8' : '#2b4c9b');
    const ink = luminance(base) > 0.5 ? '#1a1a1a' : '#ffffff';
    const w = s * 1.12, h = s * 1.12;
    const g = el('g', {
      class: 'counter side' + u.side, 'data-unit': u.id, transform: `translate(${x},${y})`,
      tabindex: opts.onUnit ? 0 : undefined, role: opts.onUnit ? 'button' : undefined,
    }, gUnit);
    const typeName = (opts.typeName || ((k) => k))(u.type);
    el('title', {}, g).textContent = `${u.name} (${u.corps}): ${typeName}, ${u.figures}${u.skirmisher ? ' + 1' : ''}`;
    if (opts.onUnit) g.setAttribute('aria-label', `${u.name}, ${typeName}, ${u.figures}`);
    if (hi.active && hi.active.has(u.id)) el('rect', { x: -w / 2 - 4, y: -h / 2 - 4, width: w + 8, height: h + 8, rx: 6, class: 'hl-active' }, g);
    if (hi.selected === u.id) el('rect', { x: -w / 2 - 5, y: -h / 2 - 5, width: w + 10, height: h + 10, rx: 7, class: 'hl-selected' }, g);
    el('rect', { x: -w / 2 + 2, y: -h / 2 + 3, width: w, height: h, rx: 4, fill: '#000', opacity: 0.35 }, g);
    el('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: 4, fill: base, stroke: '#111', 'stroke-width': 1.2 }, g);
    el('rect', { x: -w / 2, y: -h / 2, width: w, height: h * 0.2, rx: 2, fill: colours[u.corps] || '#888', stroke: '#111', 'stroke-width': 0.6 }, g);
    drawUnitSymbol(g, u.type, 0, -h * 0.04, w * 0.52, h * 0.3, ink);
    const fig = el('text', { x: -w * 0.3, y: h * 0.42, 'font-size': s * 0.38, 'font-weight': 700, fill: ink, 'text-anchor': 'middle', class: 'figures' }, g);
    fig.textContent = String(u.figures);
    const letter = el('text', { x: w * 0.3, y: h * 0.42, 'font-size': s * 0.26, fill: ink, 'text-anchor': 'middle' }, g);
    letter.textContent = TYPE_LETTER[u.type] || '?';
    if (u.skirmisher) {
      // the skirmisher: a small figure-dot beside the strength
      el('circle', { cx: -w * 0.06, cy: h * 0.3, r: s * 0.08, fill: ink, class: 'skirmisher' }, g);
    }
    if (hi.targets && hi.targets.has(u.id)) {
      const a = hi.targets.get(u.id);
      const ring = el('rect', { x: -w / 2 - 3, y: -h / 2 - 3, width: w + 6, height: h + 6, rx: 6, class: 'hl-target', tabindex: 0, role: 'button', 'aria-label': name(a) }, g);
      el('title', {}, ring).textContent = name(a);
      const go = (e) => { e.stopPropagation(); opts.onAction && opts.onAction(a); };
      ring.addEventListener('click', go);
      ring.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(e); } });
    }
    if (opts.onHover) {
      g.addEventListener('mouseenter', () => opts.onHover(u, true));
      g.addEventListener('mouseleave', () => opts.onHover(u, false));
      g.addEventListener('focus', () => opts.onHover(u, true));
      g.addEventListener('blur', () => opts.onHover(u, false));
    }
    if (opts.onUnit) {
      g.addEventListener('click', () => opts.onUnit(u));
      g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); opts.onUnit(u); } });
    }
  }
}

// The enemy's threat over a map made by drawMap (GET /api/games/GAME/threat):
// each threatened unit's hex tinted by its odds of losing figures, with the
// odds and the expected loss written; `fmt(u)` gives the hex's tooltip.
// threats null or empty: the overlay removed.
export function drawThreat(map, threats, fmt) {
  const old = map.svg.querySelector('g.threat');
  if (old) old.remove();
  if (!threats) return;
  const s = map.size;
  const g = el('g', { class: 'threat', 'pointer-events': 'none' });
  for (const u of threats) {
    const [x, y] = centre(u.hex[0], u.hex[1], s);
    const band = u.odds >= 0.5 ? 3 : u.odds >= 0.2 ? 2 : u.odds > 0 ? 1 : 0;
    const p = el('polygon', { points: pstr(corners(x, y, s, 0.98)), class: 'hl-threat t' + band, 'data-unit': u.unit, 'data-odds': u.odds }, g);
    el('title', {}, p).textContent = fmt ? fmt(u) : '';
    if (band) el('text', { x, y: y + s * 0.86, 'text-anchor': 'middle', 'font-size': s * 0.28, class: 'threat-odds' }, g).textContent = `${Math.round(100 * u.odds)}%`;
  }
  map.svg.insertBefore(g, map.gUnit);
}
