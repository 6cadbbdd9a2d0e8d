// companion.js - the battle companion (docs/page.md, "The battle companion"):
// #/companion picks a system and a bundled order of battle and creates the
// battle, giving one link per side to open on each player's device;
// #/companion/ID?token=T is one side's battle: the sequence of play with
// the phase now, the units (the own side in full, the enemy as the server
// shows it), the verbs allowed now with the facts the table gives, the odds
// before the roll, the result with its modifiers and the instructions for
// the table, undo, the after-action report; live by the event stream.
import { getLang, t } from './i18n.js';
import { toast } from './main.js';
import { h, put } from './util.js';

// tok: the side's token, sent in the Authorization header (the server takes
// ?token= only for a GET: what changes a battle needs the header)
async function call(method, path, body, tok) {
  let res;
  const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (tok) headers.Authorization = 'Bearer ' + tok;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    const err = new Error(t('server_down')); err.status = 0; throw err;
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) { const err = new Error((data && data.error) || `${res.status}`); err.status = res.status; throw err; }
  return data;
}

const q = (tok) => '?token=' + encodeURIComponent(tok);
const battleApi = {
  oobs: () => call('GET', '/api/oobs'),
  create: (body) => call('POST', '/api/battles', body),
  view: (id, tok) => call('GET', `/api/battles/${id}${q(tok)}`),
  verbs: (id, tok) => call('GET', `/api/battles/${id}/verbs${q(tok)}`),
  act: (id, tok, body) => call('POST', `/api/battles/${id}/actions`, body, tok),
  odds: (id, tok, body) => call('POST', `/api/battles/${id}/odds`, body, tok),
  undo: (id, tok) => call('POST', `/api/battles/${id}/undo`, {}, tok),
};

export function battleLink(id, tok) {
  return `${location.origin}${location.pathname}#/companion/${id}?token=${tok}`;
}

function saveBattle(id, info) {
  try { localStorage.setItem('grognard.battle.' + id, JSON.stringify(info)); } catch (e) { /* ignore */ }
}

export async function mount(root, route) {
  if (route.id) return mountBattle(root, route.id, route.params.get('token') || '');
  return mountNew(root);
}

// ---- a new battle ---------------------------------------------------------------

async function mountNew(root) {
  const title = h('h1', { id: 'companion-title' }, t('bt_title'));
  const intro = h('p', { class: 'hint' }, t('bt_intro'));
  const box = h('div', { class: 'panel', id: 'companion-new' }, t('loading'));
  const links = h('div', { class: 'panel links', id: 'companion-links', hidden: true });
  root.append(title, intro, box, links);
  let oobs = [];
  try { oobs = await battleApi.oobs(); } catch (e) { put(box, h('div', { class: 'error-box', role: 'alert' }, e.message)); return {}; }
  const state = { system: oobs[0] ? oobs[0].system : 'aoe', oob: oobs[0] ? oobs[0].id : '', seed: '', created: null };

  function render() {
    title.textContent = t('bt_title');
    intro.textContent = t('bt_intro');
    const systems = [...new Set(oobs.map((o) => o.system))];
    const sysSel = h('select', { id: 'bt-system', onchange: (e) => { state.system = e.target.value; const f = oobs.find((o) => o.system === state.system); state.oob = f ? f.id : ''; render(); } },
      systems.map((s) => h('option', { value: s, selected: s === state.system }, t('bt_sys_' + s))));
    const list = h('ul', { class: 'scenario-list', 'aria-label': t('bt_oob') });
    for (const o of oobs.filter((x) => x.system === state.system)) {
      list.append(h('li', {}, h('button', { type: 'button', 'data-oob': o.id, 'aria-pressed': o.id === state.oob ? 'true' : 'false', onclick: () => { state.oob = o.id; render(); } },
        o.title, h('span', { class: 'sub' }, `${o.date} · ${o.sides.map((s) => `${s.name} (${t('bt_units_n', s.units)})`).join(' — ')} · ${t('turns_n', o.turns)}`))));
    }
    const seed = h('input', { id: 'bt-seed', inputmode: 'numeric', value: state.seed, oninput: (e) => { state.seed = e.target.value; } });
    const go = h('button', { type: 'button', id: 'bt-create', class: 'primary', onclick: create }, t('bt_create'));
    put(box, h('div', { class: 'form-row' }, h('label', { for: 'bt-system' }, t('system')), sysSel),
      h('h2', {}, t('bt_oob')), list,
      h('div', { class: 'form-row' }, h('label', { for: 'bt-seed' }, t('seed')), seed), go);
    renderLinks();
  }

  function renderLinks() {
    const c = state.created;
    if (!c) { links.hidden = true; return; }
    links.hidden = false;
    // where the other devices reach this server: the addresses it gives
    // (none when it listens on the loopback address only)
    const port = location.port ? ':' + location.port : '';
    const addrs = c.addresses || [];
    const pageLocal = /^(localhost|127\.|\[::1\])/.test(location.hostname);
    const origin = pageLocal && addrs.length ? `http://${addrs[0]}${port}` : location.origin;
    const rows = [0, 1].map((s) => {
      const url = `${origin}${location.pathname}#/companion/${c.id}?token=${c.tokens[s]}`;
      const inp = h('input', { readonly: true, value: url, id: 'bt-link-' + s, 'aria-label': c.sides[s] });
      return h('div', { class: 'form-row' }, h('strong', {}, c.sides[s]), inp,
        h('button', { type: 'button', onclick: () => { inp.select(); if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {}); toast(t('copied')); } }, t('copy')),
        h('a', { href: battleLink(c.id, c.tokens[s]), 'data-side': s }, t('bt_open')));
    });
    const where = addrs.length ? addrs.map((a) => `http://${a}${port}/`).join(', ') : location.origin + '/';
    put(links, h('h2', {}, t('bt_links')), h('p', {}, t('bt_links_help')),
      h('p', { id: 'bt-address' }, t('bt_address'), h('code', {}, where)),
      !addrs.length ? h('p', { class: 'error-box', role: 'note' }, t('bt_local_warn')) : null, rows);
  }

  async function create() {
    const body = { system: state.system, oob: state.oob };
    if (state.seed.trim() !== '') body.seed = Number(state.seed);
    try {
      const c = await battleApi.create(body);
      state.created = c;
      saveBattle(c.id, { title: c.title, tokens: c.tokens, sides: c.sides });
      renderLinks();
    } catch (e) { toast(e.message, true); }
  }

  render();
  return { relang: render };
}

// ---- one side's battle -----------------------------------------------------------------

async function mountBattle(root, id, tok) {
  const head = h('div', { class: 'statusbar', id: 'bt-status' });
  const seqBox = h('div', { class: 'panel', id: 'bt-sequence' });
  const unitsBox = h('div', { class: 'panel', id: 'bt-units' });
  const formBox = h('div', { class: 'panel', id: 'bt-form' });
  const resultBox = h('div', { class: 'panel', id: 'bt-result', 'aria-live': 'polite' });
  const grid = h('div', { class: 'companion' }, h('div', {}, seqBox, unitsBox), h('div', {}, formBox, resultBox));
  root.append(head, grid);
  let view = null; let verbs = null; let last = null; let odds = null; let live = false;
  const form = { verb: '', unit: '', target: '', leader: '', inputs: {}, roll: '' };

  async function load() {
    try {
      [view, verbs] = await Promise.all([battleApi.view(id, tok), battleApi.verbs(id, tok)]);
    } catch (e) {
      put(unitsBox, h('div', { class: 'error-box', role: 'alert' }, e.message));
      return;
    }
    if (!verbs.verbs.some((v) => v.name === form.verb)) { form.verb = ''; form.inputs = {}; }
    render();
  }

  const side = () => view.side;
  const sideName = (s) => view.sides[s];

  function renderHead() {
    const acts = view.you_act;
    put(head, h('span', { class: 'big' }, view.title),
      h('span', { class: 'chip' }, view.turns ? t('turn_of', view.turn, view.turns) : `${t('turn')} ${view.turn}`),
      h('span', { class: 'chip', id: 'bt-you' }, t('bt_you', sideName(side()))),
      h('span', { id: 'bt-who' }, acts ? t('bt_you_act') : t('bt_they_act', sideName(view.active_side))),
      view.over ? h('span', { class: 'chip' }, t('over')) : null,
      h('span', { class: 'live' }, h('span', { class: 'live-dot' + (live ? '' : ' off') }), live ? t('live') : t('offline')));
  }

  function renderSeq() {
    const ol = h('ol', { class: 'sequence' });
    for (const p of view.sequence) {
      const now = p.id === view.phase;
      ol.append(h('li', { class: now ? 'now' : '', 'aria-current': now ? 'step' : null, 'data-phase': p.id },
        p.title, h('span', { class: 'sub' }, ` — ${t('bt_player_' + p.player)}`)));
    }
    put(seqBox, h('h2', {}, t('bt_sequence')), ol);
  }

  function unitRow(u, own) {
    const leader = u.attached_leader ? (view.leaders.find((l) => l.id === u.attached_leader) || {}).name : '';
    const state = [];
    if (u.removed) state.push(t('bt_removed'));
    else if (own) state.push(t('bt_cond_' + u.condition));
    if (u.disordered) state.push(t('bt_disordered'));
    if (u.broken) state.push(t('bt_broken'));
    if (own && u.ammo) state.push(t('bt_ammo_' + u.ammo));
    if (u.guns_silenced) state.push(t('bt_silenced_n', u.guns_silenced));
    if (u.limbered) state.push(t('bt_limbered'));
    if (u.in_reserve) state.push(t('bt_reserve'));
    if (u.fired) state.push(t('bt_acted'));
    return h('tr', { 'data-unit': u.id, class: u.removed ? 'removed' : '' },
      h('td', {}, u.name, h('span', { class: 'sub' }, ` ${u.id}`)),
      h('td', {}, own ? `${u.left}/${u.stands}` : String(u.left)),
      own ? h('td', {}, `${u.worn_at >= 0 ? u.worn_at : '—'}/${u.spent_at >= 0 ? u.spent_at : '—'}`) : null,
      h('td', {}, u.formation || ''), h('td', {}, state.join(', ')), h('td', {}, leader || ''));
  }

  function renderUnits() {
    const parts = [];
    for (const s of [side(), 1 - side()]) {
      const own = s === side();
      const tbl = h('table', { class: 'mods bt-units', 'data-side': s },
        h('tr', {}, h('th', {}, t('bt_unit')), h('th', {}, own ? t('bt_stands') : t('bt_stands_seen')), own ? h('th', {}, t('bt_thresholds')) : null,
          h('th', {}, t('bt_formation')), h('th', {}, t('bt_state')), h('th', {}, t('bt_leader'))));
      for (const u of view.units.filter((x) => x.side === s)) tbl.append(unitRow(u, own));
      parts.push(h('h2', {}, own ? t('bt_own', sideName(s)) : t('bt_enemy', sideName(s))), tbl);
      if (!own) parts.push(h('p', { class: 'hint' }, t('bt_enemy_hint')));
    }
    const lead = h('ul', { class: 'bt-leaders' });
    for (const l of view.leaders) {
      lead.append(h('li', {}, `${l.name} (${sideName(l.side)}, ${l.role}${l.rating ? ', ' + l.rating : ''}): ${t('bt_ls_' + l.status)}`));
    }
    parts.push(h('h2', {}, t('bt_leaders')), lead);
    put(unitsBox, ...parts);
  }

  function field(inp) {
    const idf = 'bt-in-' + inp.name;
    const val = form.inputs[inp.name] ?? '';
    const set = (v) => { form.inputs[inp.name] = v; odds = null; };
    let ctl;
    if (inp.kind === 'flag') ctl = h('input', { type: 'checkbox', id: idf, checked: val === true, onchange: (e) => set(e.target.checked) });
    else if (inp.kind === 'choice') {
      ctl = h('select', { id: idf, onchange: (e) => set(e.target.value) }, h('option', { value: '' }, '—'),
        (inp.choices || []).map((c) => h('option', { value: c, selected: c === val }, c)));
    } else ctl = h('input', { id: idf, value: val, placeholder: inp.placeholder || '', inputmode: inp.kind === 'int' ? 'numeric' : null, oninput: (e) => set(e.target.value) });
    return h('div', { class: 'form-row' }, h('label', { for: idf, title: inp.help || '' }, inp.name + (inp.optional ? '' : ' *')), ctl,
      inp.help ? h('span', { class: 'hint' }, inp.help) : null);
  }

  function unitSelect(idf, value, units, onchange) {
    return h('select', { id: idf, onchange }, h('option', { value: '' }, '—'),
      units.map((u) => h('option', { value: u.id, selected: u.id === value }, `${u.name} (${u.id})`)));
  }

  function body() {
    const b = { verb: form.verb };
    if (form.unit) b.unit = form.unit;
    if (form.target) b.target = form.target;
    if (form.leader) b.leader = form.leader;
    const inputs = {};
    for (const [k, v] of Object.entries(form.inputs)) if (v !== '' && v !== false) inputs[k] = v;
    if (Object.keys(inputs).length) b.inputs = inputs;
    if (form.roll.trim()) b.roll = form.roll.split(/[ ,]+/).filter(Boolean).map(Number);
    return b;
  }

  function renderForm() {
    const v = verbs.verbs.find((x) => x.name === form.verb);
    const verbSel = h('select', { id: 'bt-verb', onchange: (e) => { form.verb = e.target.value; form.inputs = {}; odds = null; renderForm(); } },
      h('option', { value: '' }, t('bt_choose_verb')),
      verbs.verbs.filter((x) => x.name !== 'next').map((x) => h('option', { value: x.name, selected: x.name === form.verb }, x.name)));
    const rows = [h('div', { class: 'form-row' }, h('label', { for: 'bt-verb' }, t('bt_verb')), verbSel)];
    if (v) {
      rows.push(h('p', { class: 'hint', id: 'bt-verb-help' }, v.help));
      const live = view.units.filter((u) => !u.removed);
      if (v.needs_unit) rows.push(h('div', { class: 'form-row' }, h('label', { for: 'bt-unit' }, t('bt_unit')), unitSelect('bt-unit', form.unit, live, (e) => { form.unit = e.target.value; odds = null; })));
      if (v.needs_target) rows.push(h('div', { class: 'form-row' }, h('label', { for: 'bt-target' }, t('bt_target') + (v.needs_target > 0 ? ' *' : '')), unitSelect('bt-target', form.target, live, (e) => { form.target = e.target.value; odds = null; })));
      if (v.needs_leader) {
        rows.push(h('div', { class: 'form-row' }, h('label', { for: 'bt-leader' }, t('bt_leader')),
          h('select', { id: 'bt-leader', onchange: (e) => { form.leader = e.target.value; } }, h('option', { value: '' }, '—'),
            view.leaders.filter((l) => l.side === side() && l.status === 'active').map((l) => h('option', { value: l.id, selected: l.id === form.leader }, l.name)))));
      }
      for (const inp of v.inputs) rows.push(field(inp));
      if (v.procedure) {
        rows.push(h('div', { class: 'form-row' }, h('label', { for: 'bt-roll' }, t('bt_roll')),
          h('input', { id: 'bt-roll', value: form.roll, placeholder: '7,4', oninput: (e) => { form.roll = e.target.value; } }),
          h('span', { class: 'hint' }, t('bt_roll_hint'))));
      }
      const btns = [];
      if (v.procedure) btns.push(h('button', { type: 'button', id: 'bt-odds', onclick: showOdds }, t('bt_odds')));
      btns.push(h('button', { type: 'button', id: 'bt-do', class: 'primary', disabled: !view.you_act, onclick: doIt }, t('bt_do')));
      rows.push(h('div', { class: 'form-row' }, ...btns));
      if (odds) rows.push(renderOdds(odds));
    }
    const next = h('button', { type: 'button', id: 'bt-next', disabled: view.active_side !== side(), onclick: () => act({ verb: 'next' }) }, t('bt_next'));
    const undo = h('button', { type: 'button', id: 'bt-undo', disabled: !view.can_undo, onclick: doUndo }, t('undo'));
    const report = h('a', { href: `/api/battles/${id}/report.html${q(tok)}`, target: '_blank', id: 'bt-report' }, t('bt_report'));
    put(formBox, h('h2', {}, t('bt_now'), ': ', view.phase_title),
      view.you_act ? null : h('p', { class: 'hint' }, t('bt_wait', sideName(view.active_side))),
      ...rows, h('div', { class: 'form-row bt-bar' }, next, undo, report));
  }

  function renderOdds(o) {
    const s = o.steps && o.steps[0];
    if (!s || !s.odds) return h('p', { class: 'hint', id: 'bt-odds-box' }, t('bt_no_odds'));
    const tbl = h('table', { class: 'mods', id: 'bt-odds-box' }, h('caption', {}, `${t('bt_odds_before')} (${s.table}, ${t('modifier')} ${s.modifier >= 0 ? '+' : ''}${s.modifier})`));
    for (const [k, p] of Object.entries(s.odds)) tbl.append(h('tr', {}, h('td', {}, k), h('td', {}, (p * 100).toFixed(1) + ' %')));
    return tbl;
  }

  function renderResult() {
    if (!last) { put(resultBox, h('h2', {}, t('result')), h('p', { class: 'hint' }, t('bt_no_result'))); return; }
    const parts = [h('h2', {}, t('result')), h('p', {}, h('code', {}, last.text))];
    const r = last.resolution;
    if (r) {
      if (r.modifiers && r.modifiers.length) {
        const tbl = h('table', { class: 'mods', id: 'bt-mods' }, h('caption', {}, t('modifiers')));
        for (const m of r.modifiers) {
          const val = m.kind === 'drm' ? (m.value >= 0 ? '+' : '') + m.value : m.kind === 'mul' ? `×${m.num}${m.den !== 1 ? '/' + m.den : ''}` : '•';
          tbl.append(h('tr', { class: m.applied ? '' : 'muted' }, h('td', {}, val), h('td', {}, m.reason), h('td', { class: 'sub' }, m.source)));
        }
        parts.push(tbl);
      }
      for (const s of r.steps || []) {
        parts.push(h('p', { class: 'bt-step' }, h('strong', {}, s.what), `: ${s.table} — ${t('bt_score')} ${s.score} → `, h('strong', {}, s.label || s.result), s.effect ? ` (${s.effect})` : ''));
      }
    }
    if (last.instructions && last.instructions.length) {
      parts.push(h('h3', {}, t('bt_instructions')), h('ul', { class: 'instructions', id: 'bt-instructions' }, last.instructions.map((x) => h('li', {}, x))));
    }
    put(resultBox, ...parts);
  }

  function render() {
    if (!view) return;
    renderHead(); renderSeq(); renderUnits(); renderForm(); renderResult();
  }

  async function act(b) {
    try {
      last = await battleApi.act(id, tok, b);
      odds = null; form.roll = '';
      await load();
    } catch (e) { toast(e.message, true); }
  }
  function doIt() { act(body()); }
  async function showOdds() {
    try { odds = await battleApi.odds(id, tok, body()); renderForm(); } catch (e) { toast(e.message, true); }
  }
  async function doUndo() {
    try { const r = await battleApi.undo(id, tok); last = { text: t('bt_undone', r.undone), instructions: [] }; await load(); } catch (e) { toast(e.message, true); }
  }

  let es = null;
  function listen() {
    es = new EventSource(`/api/battles/${id}/events${q(tok)}`);
    const on = (e) => {
      live = true;
      let d = null; try { d = JSON.parse(e.data); } catch (x) { /* ignore */ }
      if (!view || !d || d.hash !== view.hash) {
        if (d && d.last && e.type === 'undo') last = { text: t('bt_undone', d.last.text), instructions: [] };
        else if (d && d.last && e.type === 'action' && (!last || last.text !== d.last.text)) last = { text: d.last.text, instructions: d.last.instructions };
        load();
      } else renderHead();
    };
    for (const k of ['battle', 'action', 'undo']) es.addEventListener(k, on);
    es.onerror = () => { live = false; if (view) renderHead(); };
  }

  await load();
  listen();
  document.documentElement.lang = getLang();
  return {
    unmount: () => { if (es) es.close(); },
    relang: render,
  };
}
