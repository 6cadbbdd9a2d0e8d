// util.js - small DOM helpers shared by the views.
import { t, getLang } from './i18n.js';
import { toast } from './main.js';
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

// Seat tokens this browser holds, by game id (so a reload or the games list
// can reopen a game).
export function saveSeats(id, seats) {
  try { localStorage.setItem('grognard.seats.' + id, JSON.stringify(seats)); } catch (e) { /* ignore */ }
}
export function loadSeats(id) {
  try { return JSON.parse(localStorage.getItem('grognard.seats.' + id) || 'null'); } catch (e) { return null; }
}

// (`view`: the page's view of that game, 'table' for a battle on the table)
export function gameLink(id, token, view = 'game') {
  return `${location.origin}${location.pathname}#/${view}/${encodeURIComponent(id)}?seat=${encodeURIComponent(token)}`;
}

// Replace the children of `e` with `kids`, leaving out null, undefined and
// false (replaceChildren would write them as text).
export function put(e, ...kids) {
  e.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return e;
}

// A button that copies the link in the text field `inp` (and selects it).
export function copyButton(inp) {
  return h('button', { type: 'button', onclick: () => { inp.select(); if (navigator.clipboard) navigator.clipboard.writeText(inp.value).catch(() => {}); toast(t('copied')); } }, t('copy'));
}

// The control of one input the server describes (GET /api/systems' params,
// .../verbs' inputs: {name, kind: "int" | "number" | "choice" | "flag" |
// "text", choices, min, max, placeholder}) holding `v`; set(value) gets a
// number when one is typed, the text, the choice, the flag, '' for none.
export function paramControl(p, v, set, id, name = (c) => c) {
  const k = p.kind;
  if (k === 'choice') return h('select', { id, name: p.name, onchange: (e) => set(e.target.value) }, h('option', { value: '' }, '—'), (p.choices || []).map((c) => h('option', { value: c, selected: v === c }, name(c))));
  if (k === 'flag') return h('input', { type: 'checkbox', id, name: p.name, checked: v === true, onchange: (e) => set(e.target.checked) });
  const read = (s) => (k !== 'text' && /^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s.trim());
  return h('input', { type: k === 'int' ? 'number' : 'text', id, name: p.name, min: p.min, max: p.max, step: k === 'int' ? 1 : null, inputmode: k === 'number' ? 'decimal' : null,
    value: v ?? '', placeholder: p.placeholder || (k === 'number' && p.min !== undefined ? `${p.min}–${p.max}` : ''), oninput: (e) => set(read(e.target.value)) });
}

// A phase's title in the page's language (else the sheet's own words).
export const phaseTitle = (p) => (p && (p['title_' + getLang()] || p.title || p.id)) || '';

// The name of the one of `list` ({id, name}) whose id is `id`, else the id.
export const nameOf = (list, id) => ((list || []).find((x) => x.id === id) || {}).name || String(id);

// A list of buttons to pick one of `items` ({id, title}, each told by
// sub(item)), the one whose id is `chosen` pressed; data-KEY is the id.
export function pickList(label, key, items, chosen, onPick, sub) {
  return h('ul', { class: 'scenario-list', 'aria-label': label }, items.map((it) => h('li', {},
    h('button', { type: 'button', ['data-' + key]: it.id, 'aria-pressed': String(it.id === chosen), onclick: () => onPick(it) }, it.title, h('span', { class: 'sub' }, sub(it))))));
}

// A message, note, reason or help line of the server names an input by its
// declared name marked {name} (include/grognard/error.h; an error's JSON
// also carries the one at fault as "param"): each said as `label(name)`,
// quoted ("{weight}" -> "“weight”"); by default the name's words.
export const nameWords = (n) => String(n).replace(/[_-]+/g, ' ');
export const inputsNamed = (msg, label = nameWords) => String(msg ?? '').replace(/\{([a-z][a-z0-9_-]*)\}/g, (m, n) => `“${label(n)}”`);

// The box a view shows in place of what failed to load or to answer.
export function errorBox(msg, attrs = {}) {
  return h('div', { class: 'error-box', role: 'alert', ...attrs }, inputsNamed(msg));
}

// The answer of the call `p`, or null with its error shown in `box`.
export const orError = (box, p) => p.catch((e) => { put(box, errorBox(e.message)); return null; });

// A replay's bar: first, back, `extra`, a slider, forward, last and the
// step's label (ids PRE-first, PRE-prev, PRE-slider, PRE-next, PRE-last,
// PRE-step).  go(n) is asked for step n, clamped to 0..last (the slider's
// once it rests a moment; bar.go(n) the same), the label saying it at
// once; show(n, last) says step n is shown; key(e) steps by the arrows,
// Home and End; relang() says it all again.
export function stepBar(pre, go, ...extra) {
  let timer = null;
  const bar = { at: 0, last: 0, stop: () => clearTimeout(timer) };
  const say = () => { bar.label.textContent = t('step_of', bar.at, bar.last); };
  const to = bar.go = (n) => { bar.at = Math.max(0, Math.min(bar.last, n)); say(); go(bar.at); };
  const btn = (k, f) => h('button', { type: 'button', id: `${pre}-${k}`, onclick: f });
  const b = { first: btn('first', () => to(0)), prev: btn('prev', () => to(bar.at - 1)), next: btn('next', () => to(bar.at + 1)), last: btn('last', () => to(bar.last)) };
  const slider = h('input', { type: 'range', min: 0, max: 0, value: 0, id: `${pre}-slider`, oninput: (e) => { bar.stop(); timer = setTimeout(() => to(Number(e.target.value)), 80); } });
  bar.label = h('span', { id: `${pre}-step`, 'aria-live': 'polite' });
  bar.el = h('div', { class: 'replay-controls', id: pre, role: 'group' }, b.first, b.prev, ...extra, slider, b.next, b.last, bar.label);
  bar.show = (n, last) => {
    Object.assign(bar, { at: n, last });
    Object.assign(slider, { max: String(last), value: String(n) });
    say();
    for (const [k, off] of [['first', n <= 0], ['prev', n <= 0], ['next', n >= last], ['last', n >= last]]) b[k].disabled = off;
  };
  bar.key = (e) => {
    const n = { ArrowLeft: bar.at - 1, ArrowRight: bar.at + 1, Home: 0, End: bar.last }[e.key];
    if (n !== undefined) to(n);
    return n !== undefined;
  };
  bar.relang = () => {
    for (const [k, e] of Object.entries(b)) e.textContent = t(k);
    bar.el.setAttribute('aria-label', t('replay_title'));
    slider.setAttribute('aria-label', t('step'));
    say();
  };
  bar.relang();
  return bar;
}

// A game's log (docs/api.md) in `box`: each line its step and text; one
// with `details` (each {kind, text, source}: a test's modifiers, table
// reads, dice) or a `source` opens to them, each source said by
// cite(source).  Lines opened stay open when it is drawn again; the log
// follows its end when it was there (`end`: always).
export function putLog(box, lines, cite = (s) => s, end = false) {
  const opened = new Set([...box.querySelectorAll('details.logline[open]')].map((d) => d.dataset.key));
  end = end || box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  put(box, ...lines.map((e, i) => {
    const head = [h('span', { class: 'stepno' }, String(e.step ?? '')), (e.text || '').trim()];
    if (!e.source && !(e.details || []).length) return h('div', { class: 'logline', 'data-kind': e.kind || '' }, ...head);
    const key = `${e.step}:${i}`;
    return h('details', { class: 'logline', 'data-kind': e.kind || '', 'data-key': key, open: opened.has(key) }, h('summary', {}, ...head),
      h('ul', { class: 'logdetails' }, ...(e.details || []).map((d) => h('li', { class: 'detail', 'data-kind': d.kind || '' }, (d.text || '').trim(),
        d.source ? h('span', { class: 'logsource' }, ' — ', cite(d.source)) : null))),
      e.source ? h('p', { class: 'logrule' }, cite(e.source)) : null);
  }));
  if (end) box.scrollTop = box.scrollHeight;
}
