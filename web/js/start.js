// start.js - the scenario picker: map preview, order of battle, side and
// opponent, then POST /api/games.
import { api } from './api.js';
import { t } from './i18n.js';
import { drawMap, corpsColours } from './hexmap.js';
import { h, put, saveSeats, gameLink, orError, copyButton, pickList } from './util.js';
import { toast } from './main.js';

const COMPUTERS = [
  // the computer players `grognard serve` knows (docs/api.md, POST /api/games),
  // weakest first as the README's strength ladder measures them; the search
  // (Normal) is the default here and in `grognard play`
  { name: 'random', en: '1. Beginner: plays at random', fr: '1. Débutant : joue au hasard' },
  { name: 'eager', en: '2. Very easy: acts at random, passes only when it must', fr: '2. Très facile : agit au hasard, ne passe que s\'il le faut' },
  { name: 'heuristic', en: '3. Easy: looks one step ahead (play --level easy)', fr: '3. Facile : voit un coup plus loin (play --level easy)' },
  { name: 'mcts', en: '4. Normal: searches 100 lines (play --level normal)', fr: '4. Normal : explore 100 suites (play --level normal)' },
  { name: 'mcts:400', en: '5. Harder: searches 400 lines, no plan', fr: '5. Plus difficile : explore 400 suites, sans plan' },
  { name: 'commander', en: '6. Hard: army commander, a plan per corps, 400 lines (play --level hard)', fr: '6. Difficile : commandant d\'armée, un plan par corps, 400 suites (play --level hard)' },
];

export async function mount(root) {
  let chosen = null; // full scenario
  const state = { side: 0, opp: 'computer', ai: 'mcts', tbOpp: 'computer', tbAi: 'heuristic' };
  const wrap = h('div', { class: 'start' });
  root.append(h('h1', { id: 'start-title' }, t('start_title')), wrap);
  const listBox = h('div', { class: 'panel' });
  const detail = h('div', { class: 'panel', id: 'scenario-detail' }, t('loading'));
  // the guided battle: the teaching scenario, the French against the
  // Easy computer, one seed (the same battle for everyone), a note at
  // each decision of its first turns (game.js, web/rules/re-guide.json)
  const guideBox = h('div', { class: 'guide-start' });
  const guideTitle = h('strong', {}, t('guide_btn'));
  const guideIntro = h('span', { class: 'muted' }, ' ' + t('guide_intro'));
  const guideBtn = h('button', { type: 'button', class: 'primary', id: 'guide-btn', onclick: async () => {
    let g;
    try { g = await api.create('teaching', ['human', 'heuristic'], 1805); } catch (err) { toast(err.message, true); return; }
    saveSeats(g.id, { 0: g.seats['0'] });
    location.hash = `#/game/${g.id}?seat=${g.seats['0']}&guide=1`;
  } }, guideTitle);
  guideBox.append(guideBtn, guideIntro);
  root.insertBefore(guideBox, wrap);
  wrap.append(listBox, detail);
  const all = await orError(detail, api.scenarios());
  if (!all) return {};
  // a battle on the table (GET /api/scenarios: its "width" and "depth" in
  // inches, no hex map) is listed apart: this page draws hex maps only
  const onTable = (s) => s.width !== undefined && s.cols === undefined;
  const scenarios = all.filter((s) => !onTable(s));
  const tables = all.filter(onTable);

  // the opponent (radios NAME among `kinds`, state[opp]) and the
  // computer's level (select LEVEL, state[ai], shown when the computer
  // plays): the hex map's and the table's
  const opponent = (name, kinds, opp, level, ai) => {
    const aiRow = h('div', { class: 'form-row', hidden: state[opp] !== 'computer' }, h('label', { for: level }, t('difficulty')),
      h('select', { id: level, onchange: (e) => { state[ai] = e.target.value; } },
        ...COMPUTERS.map((c) => h('option', { value: c.name, selected: state[ai] === c.name }, document.documentElement.lang === 'fr' ? c.fr : c.en))));
    return h('fieldset', {}, h('legend', {}, t('opponent')), h('div', { class: 'radio-row', id: name }, ...kinds.map((v) =>
      h('label', {}, h('input', { type: 'radio', name, value: v, checked: state[opp] === v, onchange: () => { state[opp] = v; aiRow.hidden = v !== 'computer'; } }), t('opp_' + v)))), aiRow);
  };
  // the seats' links of game g, opened in view `view` (ids PRE-link-friend,
  // PRE-link-mine, PRE-open-mine): the friend's to send, side `side`'s here
  function seatLinks(box, pre, g, view, side) {
    const link = (k, s, words) => h('input', { type: 'text', readonly: true, value: gameLink(g.id, g.seats[String(s)], view), id: pre + k, 'aria-label': t(words) });
    const friend = link('link-friend', 1 - side, 'link_friend'), mine = link('link-mine', side, 'link_yours');
    put(box, h('h3', {}, t('links_title')),
      h('p', {}, t('link_friend')), h('div', { class: 'form-row' }, friend, copyButton(friend)),
      h('p', {}, t('link_yours')), h('div', { class: 'form-row' }, mine, h('a', { href: `#/${view}/${encodeURIComponent(g.id)}?seat=${g.seats[String(side)]}`, id: pre + 'open-mine' }, t('open_game'))));
  }

  // a battle on the table, the first side yours, opened in its page
  // (table.js): against the computer at the level chosen, or a friend on
  // another device (the two seats' links, as for the hex map)
  const tbLinks = h('div', { class: 'links', id: 'tb-links', 'aria-live': 'polite' });
  async function playTable(s) {
    let g;
    const players = state.tbOpp === 'computer' ? ['human', state.tbAi] : ['human', 'human'];
    try { g = await api.create(s.id, players); } catch (err) { toast(err.message, true); return; }
    saveSeats(g.id, { 0: g.seats['0'] });
    if (state.tbOpp === 'computer') {
      location.hash = `#/table/${encodeURIComponent(g.id)}?token=${encodeURIComponent(g.seats['0'])}`;
      return;
    }
    seatLinks(tbLinks, 'tb-', g, 'table', 0);
  }

  function renderList() {
    put(listBox, h('h2', {}, t('scenario')), pickList(t('scenario'), 'scenario', scenarios, chosen && chosen.id, (s) => pick(s.id),
      (s) => `${s.sides.join(' — ')} · ${t('turns_n', s.turns)} · ${s.cols}×${s.rows}`));
    if (tables.length)
      listBox.append(h('h2', {}, t('on_the_table')), h('p', { class: 'muted', id: 'table-note' }, t('table_coming')),
        opponent('tb-opp', ['computer', 'link'], 'tbOpp', 'tb-ai-level', 'tbAi'),
        h('ul', { class: 'table-list scenario-list', id: 'table-list', 'aria-label': t('on_the_table') }, tables.map((s) => h('li', { 'data-table': s.id },
          h('button', { type: 'button', 'data-table': s.id, onclick: () => playTable(s) },
            s.title, h('span', { class: 'sub' }, `${s.sides.join(' — ')} · ${t('turns_n', s.turns)} · ${t(s.unit === 'cm' ? 'table_size_cm' : 'table_size', s.width, s.depth)} · ${t('tb_play', s.sides[0])}`))))), tbLinks);
  }

  async function pick(id) {
    try {
      chosen = await api.scenario(id);
    } catch (e) {
      toast(e.message, true);
      return;
    }
    renderList();
    renderDetail();
  }

  function renderDetail() {
    const s = chosen;
    const colours = corpsColours(s);
    const map = drawMap(s, { size: 30, label: s.title, typeName: (k) => t(k) });
    const oob = h('div', { class: 'oob' });
    for (const side of s.sides) {
      const tbl = h('table', {});
      tbl.append(h('caption', { style: 'text-align:left;font-weight:700;padding:4px 0' },
        h('span', { class: 'swatch', style: `background:${side.colour}` }), side.name,
        h('span', { class: 'muted' }, ` — ${side.commander || ''} · ${t('chits_per_turn', side.chits_per_turn)} · ${t('demoralised_at', side.demoralised_at)}`)));
      for (const c of s.corps.filter((c) => c.side === side.id)) {
        tbl.append(h('tr', { class: 'corps-row' }, h('th', { colspan: 3 }, h('span', { class: 'swatch', style: `background:${colours[c.id]}` }), c.name, h('span', { class: 'muted' }, ` (${t('corps_chits', c.chits)})`))));
        for (const u of s.units.filter((u) => u.corps === c.id))
          tbl.append(h('tr', {}, h('td', {}, u.name), h('td', {}, t(u.type)), h('td', {}, String(u.figures) + (u.skirmisher ? ' + 1 ' + t('skirmisher') : ''))));
      }
      oob.append(tbl);
    }
    const desc = h('div', { class: 'desc' }, ...[].concat(s.description || []).map((p) => h('p', {}, p)));
    const sideRadios = h('div', { class: 'radio-row' }, ...s.sides.map((side) => h('label', {},
      h('input', { type: 'radio', name: 'side', value: side.id, checked: state.side === side.id, onchange: () => { state.side = side.id; } }), side.name)));
    const seedIn = h('input', { type: 'number', id: 'seed', min: 0, step: 1, inputmode: 'numeric' });
    const links = h('div', { class: 'links', id: 'links', 'aria-live': 'polite' });
    const form = h('form', { id: 'start-form', onsubmit: async (e) => {
      e.preventDefault();
      const ai = state.ai;
      const players = state.opp === 'computer' ? [0, 1].map((i) => (i === state.side ? 'human' : ai)) : ['human', 'human'];
      const seed = seedIn.value === '' ? undefined : Number(seedIn.value);
      let g;
      try { g = await api.create(s.id, players, seed); } catch (err) { toast(err.message, true); return; }
      const mine = g.seats[String(state.side)];
      if (state.opp === 'computer') {
        saveSeats(g.id, { [state.side]: mine });
        location.hash = `#/game/${g.id}?seat=${mine}`;
      } else if (state.opp === 'hotseat') {
        saveSeats(g.id, { 0: g.seats['0'], 1: g.seats['1'] });
        location.hash = `#/game/${g.id}?seats=${g.seats['0']},${g.seats['1']}`;
      } else {
        saveSeats(g.id, { [state.side]: mine });
        seatLinks(links, '', g, 'game', state.side);
      }
    } },
    h('fieldset', {}, h('legend', {}, t('you_play')), sideRadios),
    opponent('opp', ['computer', 'hotseat', 'link'], 'opp', 'ai-level', 'ai'),
    h('div', { class: 'form-row' }, h('label', { for: 'seed' }, t('seed')), seedIn),
    h('button', { type: 'submit', class: 'primary', id: 'start-btn' }, t('start_btn')), links);
    const vict = h('p', {}, h('strong', {}, t('victory') + ': '), s.victory_text || (s.victory === 'demoralisation' ? t('victory_demo') : t('victory_most')));
    put(detail, h('h2', {}, s.title),
      h('div', { class: 'preview' }, h('div', {}, h('div', { class: 'mapbox' }, map.svg), desc, vict), h('div', {}, form, h('h3', {}, t('oob')), oob)));
  }

  renderList();
  const first = scenarios.find((s) => s.id === 'teaching') || scenarios[0];
  if (first) await pick(first.id);
  return { relang: () => { root.querySelector('#start-title').textContent = t('start_title'); guideTitle.textContent = t('guide_btn'); guideIntro.textContent = ' ' + t('guide_intro'); renderList(); if (chosen) renderDetail(); } };
}
