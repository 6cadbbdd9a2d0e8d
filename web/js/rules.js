// rules.js - the rules reference of Révolution et Empire (seed 004): the
// rulebook's sections with their paragraph numbers, in French (the
// rulebook's own words) and in English (grognard's translation), read from
// web/rules/re.json (data, not code); the page #/rules and a panel any view
// opens at a paragraph (a log line's citation).  The help line of each
// phase and the guided battle's notes are data too (web/rules/re-guide.json).
import { api } from './api.js';
import { t, getLang } from './i18n.js';
import { h, put, orError } from './util.js';

let rules = null, guide = null;
export async function rulesData() { if (!rules) rules = await api.rules(); return rules; }
export async function guideData() { if (!guide) guide = await api.guide(); return guide; }

// The section a citation names ("seed 004 §4.4 Pertes" -> "4.4", "seed 004
// But du jeu" -> "goal", "... UNITES ..." -> "units"), or null (a scenario's
// own rule, written in docs/rules/re.md).
export function citedSection(src) {
  if (!src) return null;
  const m = /§\s*(\d+(?:\.\d+)?)/.exec(src);
  if (m) return m[1];
  if (/But du jeu/i.test(src)) return 'goal';
  if (/UNIT[EÉ]S/.test(src)) return 'units';
  return null;
}

const anchor = (id) => 'rule-' + String(id).replace(/\./g, '-');

function find(data, id) {
  const all = (data && data.sections) || [];
  // "4" has no text of its own: its first paragraph, 4.1
  return all.find((s) => s.id === id) || all.find((s) => s.id.startsWith(id + '.')) || null;
}

// A link that opens the reference at the paragraph a citation names (a
// scenario rule: plain words, its reading is in docs/rules/re.md).
export function citeLink(src) {
  const id = citedSection(src);
  if (!id) return h('span', { class: 'rule', title: src }, t('rule_scenario'));
  return ruleLink(id);
}

// A link to section `id` of the reference ("4.4", "goal", "sequence").
export function ruleLink(id) {
  const sec = find(rules, id);
  const words = sec ? (/^\d/.test(sec.id) ? '§' : '') + (sec.title[getLang()] || sec.title.en) : `§${id}`;
  return h('a', { href: `#/rules?at=${encodeURIComponent(id)}`, class: 'rule-link', 'data-rule': id,
    onclick: (e) => { e.preventDefault(); openRules(id); } }, words);
}

function sections(data, at) {
  const lang = getLang();
  const cur = at ? find(data, at) : null;
  return data.sections.map((s) => h('section', { id: anchor(s.id), class: 'rule-sec' + (cur && cur.id === s.id ? ' current' : ''), tabindex: -1, lang },
    h('h3', {}, s.title[lang] || s.title.en), ...(s[lang] || s.en).map((p) => h('p', {}, p))));
}

function toc(data, onPick) {
  const lang = getLang();
  return h('nav', { class: 'rules-toc', 'aria-label': t('rules_title') }, h('ol', {}, ...data.sections.map((s) =>
    h('li', {}, h('a', { href: `#/rules?at=${encodeURIComponent(s.id)}`, onclick: (e) => { e.preventDefault(); onPick(s.id); } }, s.title[lang] || s.title.en)))));
}

function show(box, id) {
  const sec = box.querySelector('#' + anchor(id)) || (find(rules, id) && box.querySelector('#' + anchor(find(rules, id).id)));
  if (!sec) return;
  for (const c of box.querySelectorAll('.rule-sec.current')) c.classList.remove('current');
  sec.classList.add('current');
  sec.scrollIntoView({ block: 'start' });
  sec.focus({ preventScroll: true });
}

// The reference in a panel over the page, at paragraph `id`.
export async function openRules(id) {
  let dlg = document.getElementById('rules-panel');
  if (!dlg) {
    dlg = h('dialog', { id: 'rules-panel', class: 'rules-panel', 'aria-labelledby': 'rules-title' });
    document.body.append(dlg);
  }
  let data;
  try { data = await rulesData(); } catch (e) { put(dlg, h('p', {}, e.message)); if (!dlg.open) dlg.showModal(); return; }
  const body = h('div', { class: 'rules-body' }, ...sections(data, id));
  put(dlg, h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, t('rules_title')),
    h('button', { type: 'button', id: 'rules-close', onclick: () => dlg.close() }, t('close'))),
  h('p', { class: 'muted' }, data.note[getLang()] || data.note.en), body);
  if (!dlg.open) dlg.showModal();
  show(body, id);
}

// #/rules[?at=4.4]: the whole reference with its table of contents.
export async function mount(root, route) {
  const title = h('h1', { id: 'rules-page-title' }, t('rules_title'));
  const box = h('div', { class: 'panel rules-body', id: 'rules-page' });
  root.append(title, box);
  const data = await orError(box, rulesData());
  if (!data) return {};
  const draw = () => {
    title.textContent = t('rules_title');
    const body = h('div', {}, ...sections(data, route.params.get('at')));
    put(box, h('p', { class: 'muted' }, data.note[getLang()] || data.note.en), toc(data, (id) => show(box, id)), body);
    if (route.params.get('at')) show(box, route.params.get('at'));
  };
  draw();
  return { relang: draw };
}
