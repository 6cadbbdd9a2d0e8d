// companion.js - the battle companion (docs/page.md, "The battle companion"):
// #/companion picks a system and a bundled order of battle and creates the
// battle, giving one link per side to open on each player's device;
// #/companion/ID?token=T is one side's battle: the sequence of play with
// the phase now, the units (the own side in full, the enemy as the server
// shows it), the verbs allowed now with the facts the table gives, the odds
// before the roll, the result with its modifiers and the instructions for
// the table, undo, the after-action report; live by the event stream.
import { api, liveStream, oneOrder } from './api.js';
import { t, getLang } from './i18n.js';
import { toast } from './main.js';
import { h, put, orError, copyButton, paramControl, pickList, inputsNamed, nameWords, nameOf, phaseTitle } from './util.js';
import { probBars, modsTable, groupedBars } from './charts.js';

export async function mount(root, route) {
  if (route.id && route.params.get('show') === 'report') return mountReport(root, route.id, route.params.get('token') || '');
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
  const oobs = await orError(box, api.oobs());
  if (!oobs) return {};
  const state = { system: oobs[0] ? oobs[0].system : 'aoe', oob: oobs[0] ? oobs[0].id : '', seed: '', created: null };

  function render() {
    title.textContent = t('bt_title');
    intro.textContent = t('bt_intro');
    const systems = [...new Set(oobs.map((o) => o.system))];
    const sysSel = h('select', { id: 'bt-system', onchange: (e) => { state.system = e.target.value; const f = oobs.find((o) => o.system === state.system); state.oob = f ? f.id : ''; render(); } },
      systems.map((s) => h('option', { value: s, selected: s === state.system }, t('bt_sys_' + s))));
    const list = pickList(t('bt_oob'), 'oob', oobs.filter((x) => x.system === state.system), state.oob, (o) => { state.oob = o.id; render(); },
      (o) => `${o.date} · ${o.sides.map((s) => `${s.name} (${t('bt_units_n', s.units)})`).join(' — ')} · ${t('turns_n', o.turns)}`);
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
      const link = `#/companion/${c.id}?token=${c.tokens[s]}`;
      const url = `${origin}${location.pathname}${link}`;
      const inp = h('input', { readonly: true, value: url, id: 'bt-link-' + s, 'aria-label': c.sides[s] });
      // its QR code (made by the server, GET /api/qr): a phone at the table
      // pointed at the screen opens the side
      return h('div', { class: 'bt-link' }, h('div', { class: 'form-row' }, h('strong', {}, c.sides[s]), inp,
        copyButton(inp),
        h('a', { href: link, 'data-side': s }, t('bt_open'))),
      h('img', { class: 'qr', id: 'bt-qr-' + s, src: api.qrUrl(url), width: 180, height: 180, alt: t('bt_qr_alt', c.sides[s]) }));
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
      const c = await api.battle.create(body);
      state.created = c;
      renderLinks();
    } catch (e) { toast(e.message, true); }
  }

  render();
  return { relang: render };
}

// ---- one side's battle -----------------------------------------------------------------

// The system's words (GET .../rules: the sequence of play, the verbs',
// facts' and values' labels), the same in every battle of the system, so
// not in each view: fetched once per version (the view's rules_etag), kept,
// and read with each view as if it were the view's own.
const rulesKept = new Map();
async function withRules(id, tok, v) {
  const tag = v.rules_etag || '';
  if (!rulesKept.has(tag)) rulesKept.set(tag, api.battle.rules(id, tok, tag).catch((e) => { rulesKept.delete(tag); throw e; }));
  return { ...(await rulesKept.get(tag)), ...v };
}

// The battle's words in the page's language, from its view (the battle
// type's data): a verb's, a fact's or a value's label (KIND_labels), else
// its id's words ("division-in-range": "Division in range", a value's
// uncapitalised); a phase's title, a unit's, a leader's name: util.js.
const inWords = (view, kind, id) => {
  const l = view[kind + '_labels'] && view[kind + '_labels'][id], w = nameWords(id);
  return (l && l[getLang()]) || (kind === 'value' ? w : w.charAt(0).toUpperCase() + w.slice(1));
};
// a message of the server naming units, leaders and phases by id, by
// their names
function named(view, msg) {
  let out = String(msg);
  for (const p of view.sequence) out = out.split(`(${p.id})`).join(`(${phaseTitle(p)})`);
  out = plain(view, out);
  for (const x of [...view.units, ...view.leaders]) out = out.replace(new RegExp(`(^|[^\\w])${x.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g'), `$1${x.name}`);
  return out;
}
// A help line, a message or an instruction of the server in a player's
// words: the inputs it names, marked {stands} (include/grognard/error.h),
// as the form's fields ("“Stands”"), "with {unit}:" (a command's own
// condition) left out.
const plain = (view, msg) => inputsNamed(String(msg || '').replace(/^with \{[a-z][a-z0-9_-]*\}: /, ''), (n) => inWords(view, 'fact', n));
// An action's line ("fire br_light --target fr_1leg --range 2") as its call.
function callOf(text) {
  const w = String(text || '').split(/\s+/);
  const b = { verb: w[0] };
  if (w[1] && !w[1].startsWith('--')) b.unit = w[1];
  for (let i = 1; i + 1 < w.length; i++) {
    if (w[i] === '--target') b.target = w[i + 1];
    if (w[i] === '--leader') b.leader = w[i + 1];
  }
  return b;
}
// What an action was, in a sentence: "1er Léger: Maneuver (Good Order table)".
function sentence(view, b) {
  const what = inWords(view, 'verb', b.verb);
  const who = b.unit ? nameOf(view.units, b.unit) : b.leader ? nameOf(view.leaders, b.leader) : '';
  const whom = b.target ? nameOf(view.units, b.target) : '';
  return who ? (whom ? t('bt_did_on', who, what, whom) : t('bt_did', who, what)) : what;
}
// Each table read by an action: its score and its result in the sheet's
// own words, quoted (said so).
function stepLines(r) {
  return (r && r.steps ? r.steps : []).map((s) => {
    const said = s.label || nameWords(s.result);
    return h('p', { class: 'bt-step', 'data-result': s.result }, t('bt_step', s.what || nameWords(s.table), s.score), ' ',
      h('q', { class: 'sheet', title: t('bt_sheet_quote') }, said + (s.effect && s.effect !== said ? ` — ${inputsNamed(s.effect)}` : '')));
  });
}

// Phone first: the phase now and the tests allowed now at the top (the verbs
// as buttons named in the page's language, from the battle type's data), the
// form of the test chosen with the own units to act with and the enemy's as
// targets, the odds and the result in words; the units, the leaders and the
// whole sequence of play below.
async function mountBattle(root, id, tok) {
  const head = h('div', { class: 'statusbar', id: 'bt-status' });
  const seqBox = h('details', { class: 'panel', id: 'bt-sequence' });
  const unitsBox = h('div', { class: 'panel', id: 'bt-units' });
  const formSet = h('fieldset', { class: 'orders-set' });
  const formBox = h('div', { class: 'panel', id: 'bt-form' }, formSet);
  const orders = oneOrder(formSet);
  const resultBox = h('div', { class: 'panel', id: 'bt-result', 'aria-live': 'polite' });
  const grid = h('div', { class: 'companion' }, h('div', { class: 'bt-act' }, formBox, resultBox), h('div', { class: 'bt-info' }, unitsBox, seqBox));
  root.append(head, grid);
  let view = null; let verbs = null; let last = null; let odds = null; let stream = null; let refusal = null; let moreOpen = false;
  const form = { verb: '', unit: '', target: '', leader: '', inputs: {}, roll: '' };

  // The view (fetched, or the one the live stream pushed) and its verbs.
  async function load(pushed = null) {
    const got = await orError(unitsBox, Promise.all([(pushed ? Promise.resolve(pushed) : api.battle.view(id, tok)).then((v) => withRules(id, tok, v)), api.battle.verbs(id, tok)]));
    if (!got) return;
    [view, verbs] = got;
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
      stream ? stream.badge : null);
  }

  function renderSeq() {
    const ol = h('ol', { class: 'sequence' });
    for (const p of view.sequence) {
      const now = p.id === view.phase;
      const shown = phaseTitle(p);
      ol.append(h('li', { class: now ? 'now' : '', 'aria-current': now ? 'step' : null, 'data-phase': p.id,
        title: shown !== p.title ? t('bt_sheet_words', p.title) : p.source },
      shown, h('span', { class: 'sub' }, ` — ${t('bt_player_' + p.player)}`)));
    }
    const open = seqBox.open;
    put(seqBox, h('summary', {}, h('h2', {}, t('bt_sequence'))), ol);
    seqBox.open = open || window.matchMedia('(min-width: 801px)').matches;
  }

  function unitRow(u, own) {
    const leader = u.attached_leader ? nameOf(view.leaders, u.attached_leader) : '';
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
    // each cell names its column (data-label): a phone shows a unit as a
    // card, its name then each value with its column's name
    const td = (label, text) => h('td', { 'data-label': label }, text);
    return h('tr', { 'data-unit': u.id, class: u.removed ? 'removed' : '' },
      h('td', { class: 'name' }, u.name),
      td(own ? t('bt_stands') : t('bt_stands_seen'), own ? `${u.left}/${u.stands}` : String(u.left)),
      own ? td(t('bt_thresholds'), `${u.worn_at >= 0 ? u.worn_at : '—'}/${u.spent_at >= 0 ? u.spent_at : '—'}`) : null,
      td(t('bt_formation'), u.formation ? inWords(view, 'value', u.formation) : ''), td(t('bt_state'), state.join(', ')), td(t('bt_leader'), leader || ''));
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
      lead.append(h('li', {}, `${l.name} (${sideName(l.side)}, ${inWords(view, 'value', l.role)}${l.rating ? ', ' + inWords(view, 'value', l.rating) : ''}): ${t('bt_ls_' + l.status)}`));
    }
    parts.push(h('h2', {}, t('bt_leaders')), lead);
    put(unitsBox, ...parts);
  }

  const changedForm = () => { odds = null; refusal = null; renderForm(); };
  // a new test: its units and facts to give again (the verb stays)
  const clearForm = () => { form.unit = ''; form.target = ''; form.leader = ''; form.inputs = {}; form.roll = ''; moreOpen = false; };

  // One fact the players give, labelled in words: a flag (or a "yes" fact)
  // a box to tick, a choice its words, a small whole number a row of
  // buttons to tap, any other a field with its unit ("inches").
  function field(inp) {
    const idf = 'bt-in-' + inp.name;
    const label = inWords(view, 'fact', inp.name) + (inp.optional ? '' : ' *');
    // the procedure's help line is English: the French page keeps to the
    // fact's own words (one language per screen)
    const hint = inp.help && getLang() === 'en' ? h('span', { class: 'hint' }, plain(view, inp.help)) : null;
    const v = form.inputs[inp.name];
    const set = (x) => { form.inputs[inp.name] = x; odds = null; };
    if (inp.kind === 'flag' || (inp.kind === 'text' && inp.placeholder === 'yes')) {
      const yes = inp.kind === 'flag' ? true : 'yes';
      const box = h('input', { type: 'checkbox', id: idf, name: inp.name, checked: v === yes, onchange: (e) => { set(e.target.checked ? yes : ''); changedForm(); } });
      return h('div', { class: 'form-row bt-flag' }, box, h('label', { for: idf }, inWords(view, 'fact', inp.name)), hint);
    }
    if (inp.kind === 'int' && Number.isFinite(inp.min) && Number.isFinite(inp.max) && inp.max - inp.min <= 12) {
      const taps = [];
      for (let n = inp.min; n <= inp.max; n++) {
        taps.push(h('button', { type: 'button', class: 'tap', 'data-value': n, 'aria-pressed': String(v === n), onclick: () => { set(v === n ? '' : n); changedForm(); } }, String(n)));
      }
      return h('div', { class: 'form-row', role: 'group', 'aria-labelledby': idf }, h('span', { class: 'label', id: idf }, label), h('span', { class: 'taps' }, taps), hint);
    }
    const unit = inp.placeholder && /^[A-Z]{2,}$/.test(inp.placeholder) && inp.kind !== 'choice' && !(view.fact_labels && view.fact_labels[inp.name]) ? inp.placeholder.toLowerCase() : '';
    // a choice by its words (a side by its name)
    const said = inp.name === 'side' ? (c) => (view.sides[Number(c)] ?? c) : (c) => inWords(view, 'value', c);
    const ctl = paramControl({ ...inp, placeholder: unit }, v, (x) => { set(x); }, idf, said);
    if (ctl.tagName === 'SELECT') ctl.addEventListener('change', changedForm);
    return h('div', { class: 'form-row' }, h('label', { for: idf }, label), ctl, unit ? h('span', { class: 'hint' }, unit) : null, hint);
  }

  // The choice of a unit, a target or a leader (form[key]) among `list`,
  // as buttons to tap (a unit's name, with a note of what it shows).
  // A second tap takes an optional choice back.
  function pick(key, label, list, name, optional = false) {
    const btns = list.map((x) => h('button', { type: 'button', class: 'tap', ['data-' + key]: x.id, 'aria-pressed': String(form[key] === x.id),
      onclick: () => { form[key] = optional && form[key] === x.id ? '' : x.id; changedForm(); } }, name(x)));
    return h('div', { class: 'bt-pick', role: 'group', 'aria-label': label, id: 'bt-' + key }, h('span', { class: 'label' }, label), h('span', { class: 'taps' }, btns));
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
    const cur = view.sequence.find((p) => p.id === view.phase);
    const tests = verbs.verbs.filter((x) => x.name !== 'next');
    const verbBtns = h('div', { class: 'taps bt-verbs', id: 'bt-verbs', role: 'group', 'aria-label': t('bt_verbs_now') },
      tests.map((x) => h('button', { type: 'button', class: 'tap verb', 'data-verb': x.name, 'aria-pressed': String(x.name === form.verb),
        onclick: () => { if (x.name !== form.verb) { form.verb = x.name; clearForm(); } changedForm(); } }, inWords(view, 'verb', x.name))));
    const rows = [];
    if (v) {
      const mine = view.units.filter((u) => !u.removed && u.side === side());
      const theirs = view.units.filter((u) => !u.removed && u.side !== side());
      if (v.needs_unit) rows.push(pick('unit', t('bt_with'), mine, (u) => u.name));
      if (v.needs_target) rows.push(pick('target', t('bt_target') + (v.needs_target > 0 ? ' *' : ''), theirs, (u) => u.name, v.needs_target < 0));
      if (v.needs_leader) rows.push(pick('leader', t('bt_leader'), view.leaders.filter((l) => l.side === side() && l.status === 'active'), (l) => l.name));
      // the facts a test needs, then the others in a box to open (a phone
      // keeps the odds and the resolve button near the top)
      for (const inp of v.inputs.filter((x) => !x.optional)) rows.push(field(inp));
      const more = v.inputs.filter((x) => x.optional);
      if (more.length) {
        const given = more.some((x) => form.inputs[x.name] !== undefined && form.inputs[x.name] !== '' && form.inputs[x.name] !== false);
        rows.push(h('details', { class: 'bt-more', id: 'bt-more', open: given || moreOpen, ontoggle: (e) => { moreOpen = e.target.open; } },
          h('summary', {}, t('bt_more', more.map((x) => inWords(view, 'fact', x.name).toLowerCase()).join(', '))), more.map(field)));
      }
      if (v.procedure) {
        rows.push(h('div', { class: 'form-row' }, h('label', { for: 'bt-roll' }, t('bt_roll')),
          h('input', { id: 'bt-roll', value: form.roll, inputmode: 'numeric', placeholder: '7,4', size: 6, oninput: (e) => { form.roll = e.target.value; } }),
          h('span', { class: 'hint' }, t('bt_roll_hint'))));
      }
      const btns = [];
      if (v.procedure) btns.push(h('button', { type: 'button', id: 'bt-odds', onclick: showOdds }, t('bt_odds')));
      btns.push(h('button', { type: 'button', id: 'bt-do', class: 'primary', disabled: !v.you_decide, onclick: doIt }, t('bt_do')));
      rows.push(h('div', { class: 'form-row' }, ...btns));
      if (odds) rows.push(renderOdds(odds));
      if (refusal) rows.push(h('p', { class: 'error-box', role: 'alert', id: 'bt-refusal' }, refusal));
    }
    const next = h('button', { type: 'button', id: 'bt-next', disabled: view.active_side !== side(), onclick: () => act({ verb: 'next' }) }, t('bt_next'));
    const undo = h('button', { type: 'button', id: 'bt-undo', disabled: !view.can_undo, onclick: doUndo }, t('undo'));
    const report = h('a', { href: reportLink(id, tok), id: 'bt-report' }, t('bt_report'));
    put(formSet, h('h2', { id: 'bt-phase' }, cur ? phaseTitle(cur) : view.phase),
      view.you_act ? null : h('p', { class: 'hint' }, t('bt_wait', sideName(view.active_side))),
      tests.length ? verbBtns : h('p', { class: 'hint', id: 'bt-no-verbs' }, t('bt_no_verbs')),
      ...rows, h('div', { class: 'form-row bt-bar' }, next, undo, report));
  }

  function renderOdds(o) {
    const s = o.steps && o.steps[0];
    if (!s || !s.odds) return h('p', { class: 'hint', id: 'bt-odds-box' }, t('bt_no_odds'));
    const labels = s.labels || {};
    const what = `${t('bt_odds_before')} (${s.what || nameWords(s.table)}, ${t('modifier')} ${s.modifier >= 0 ? '+' : ''}${s.modifier})`;
    return h('div', { id: 'bt-odds-box' }, h('h3', {}, what),
      probBars(s.odds, { title: what, width: 360, name: (k) => labels[k] || nameWords(k) }),
      h('p', { class: 'hint' }, t('bt_results_sheet')));
  }

  // A result in sentences: who did what, each table's result in the
  // sheet's own words (said so), the modifiers and what to do on the table.
  function renderResult() {
    if (!last) { put(resultBox, h('h2', {}, t('result')), h('p', { class: 'hint' }, t('bt_no_result'))); return; }
    const parts = [h('h2', {}, t('result'))];
    // the phase over: the new phase in the page's language (the server's
    // line for the table gives the sheet's title)
    const cur = view.sequence.find((p) => p.id === view.phase);
    if (last.next) parts.push(h('p', { id: 'bt-said' }, h('strong', {}, t('bt_next_done', cur ? phaseTitle(cur) : view.phase, view.turn))));
    else if (last.undone !== undefined) parts.push(h('p', { id: 'bt-said' }, t('bt_undone', named(view, last.undone))));
    else parts.push(h('p', { id: 'bt-said', title: last.text || '' }, h('strong', {}, sentence(view, last.call || callOf(last.text)))));
    const r = last.resolution;
    if (r) {
      parts.push(...stepLines(r));
      if (r.steps && r.steps.length) parts.push(h('p', { class: 'hint' }, t('bt_results_sheet')));
      if (r.modifiers && r.modifiers.length) parts.push(h('details', {}, h('summary', {}, t('modifiers')), modsTable(r.modifiers, { id: 'bt-mods' })));
    }
    if (last.instructions && last.instructions.length) {
      parts.push(h('h3', {}, t('bt_instructions')), h('ul', { class: 'instructions', id: 'bt-instructions' }, last.instructions.map((x) => h('li', {}, plain(view, x)))));
    }
    put(resultBox, ...parts);
  }

  function render() {
    if (!view) return;
    renderHead(); renderForm(); renderResult(); renderUnits(); renderSeq();
  }

  function refused(b, msg) {
    const what = inWords(view, 'verb', b.verb);
    return b.unit ? t('bt_refused', nameOf(view.units, b.unit), what, named(view, msg)) : t('bt_refused_none', what, named(view, msg));
  }

  // One order at a time (an action, next, undo): the form is greyed out
  // while one is on its way; its answer is the result shown.  A 409 may be
  // another server's step stored first: the view is fetched again.
  async function order(call, result, b = null) {
    try {
      const r = await orders.send(call);
      if (r) {
        last = result(r); odds = null; refusal = null; clearForm(); await load();
        // on a phone the result is below the form: brought into view
        if (!last.next && window.matchMedia('(max-width: 800px)').matches) resultBox.scrollIntoView({ block: 'start' });
      }
    } catch (e) {
      // a refused test is said in the form, under the button tapped
      refusal = b ? refused(b, e.message) : e.message;
      if (!b || b.verb === 'next') toast(refusal, true);
      renderForm();
      atFault(e);
      if (e.status === 409) load();
    }
  }
  const act = (b) => order(() => api.battle.act(id, tok, b), (r) => (b.verb === 'next' ? { next: true } : { ...r, call: b }), b);
  const doIt = () => act(body());
  const doUndo = () => order(() => api.battle.undo(id, tok), (r) => ({ undone: r.undone, instructions: [] }));
  async function showOdds() {
    const b = body();
    try { odds = await api.battle.odds(id, tok, b); refusal = null; renderForm(); } catch (e) { refusal = refused(b, e.message); renderForm(); atFault(e); }
  }
  // The field of the fact a refusal is about (its "param"), marked invalid.
  function atFault(e) {
    const f = e.body && e.body.param ? document.getElementById('bt-in-' + e.body.param) : null;
    if (f) f.setAttribute('aria-invalid', 'true');
  }

  // Live: the change that woke the stream (the other side's action with its
  // instructions for the table, or an undo) is shown with the view, pushed
  // or, after a bare signal, fetched.
  function changed(type, d) {
    const l = d && d.last;
    if (l && (l.kind || type) === 'undo') last = { undone: l.text, instructions: [] };
    else if (l && (l.kind || type) === 'action' && /^next\b/.test(l.text || '')) last = { next: true, text: l.text };
    else if (l && (l.kind || type) === 'action' && (!last || last.text !== l.text)) last = { text: l.text, instructions: l.instructions };
  }
  const onView = (v, type) => { changed(type, v); load(v); };
  const onSignal = (type, d) => { if (!view || !d || d.hash !== view.hash) { changed(type, d); load(); } };

  await load();
  stream = liveStream(() => api.battle.eventsUrl(id, tok), { onView, onSignal });
  if (view) renderHead();
  return {
    unmount: () => stream.close(),
    relang: render,
  };
}

// ---- the after-action report, a page to share ----------------------------------------

const reportLink = (id, tok) => `#/companion/${encodeURIComponent(id)}?token=${encodeURIComponent(tok)}&show=report`;

// The battle's story turn by turn (each test in a sentence, its results in
// the sheet's words, what was done on the table, the stands it cost), the
// stands lost by side and turn with a legend naming both, the leaders'
// fates: all from the report the server makes (GET .../report) and the
// battle's words in its view; no rule here.
async function mountReport(root, id, tok) {
  const box = h('div', { id: 'bt-aar' }, t('loading'));
  root.append(box);
  const got = await orError(box, Promise.all([api.battle.view(id, tok).then((v) => withRules(id, tok, v)), api.battle.report(id, tok)]));
  if (!got) return {};
  const [view, rep] = got;
  const sides = rep.sides || view.sides;

  function render() {
    const lost = rep.lost_by_turn || [];
    const total = [0, 1].map((s) => lost.reduce((a, x) => a + (x[s] || 0), 0));
    const link = h('input', { readonly: true, value: location.href, id: 'bt-aar-link', 'aria-label': t('bt_aar_share') });
    const head = [h('h1', { id: 'bt-aar-title' }, t('bt_aar_title'), h('span', { class: 'sub' }, ` — ${rep.title || view.title}`)),
      h('p', { class: 'hint' }, t('bt_aar_intro')),
      h('div', { class: 'form-row' }, h('label', { for: 'bt-aar-link' }, t('bt_aar_share')), link, copyButton(link),
        h('a', { href: `#/companion/${encodeURIComponent(id)}?token=${encodeURIComponent(tok)}`, id: 'bt-aar-back' }, t('bt_aar_back')),
        h('a', { href: api.battle.reportUrl(id, tok), target: '_blank', id: 'bt-aar-print' }, t('bt_aar_print')))];

    // the stands lost, by side and turn: a chart, its legend naming both sides, the totals
    const legend = h('p', { class: 'legend-inline', id: 'bt-aar-legend' }, sides.map((n, s) => h('span', {}, h('span', { class: `swatch sw${s}`, 'aria-hidden': 'true' }), n)));
    const chart = lost.length ? groupedBars(lost.map((x, k) => ({ label: `${t('turn')} ${k + 1}`, values: [x[0] || 0, x[1] || 0] })),
      sides.map((n, s) => ({ label: n, cls: 'bar' + s })), { title: t('bt_aar_lost'), width: 360, height: 180, yLabel: t('bt_aar_stands') }) : null;
    const losses = h('section', { class: 'panel', id: 'bt-aar-losses' }, h('h2', {}, t('bt_aar_lost')), legend, chart,
      h('p', { id: 'bt-aar-total' }, t('bt_aar_total', sides[0], total[0], sides[1], total[1])));

    // the leaders' fates
    const fates = rep.leaders || [];
    const leaders = h('section', { class: 'panel', id: 'bt-aar-leaders' }, h('h2', {}, t('bt_aar_leaders')),
      fates.length ? h('ul', {}, fates.map((f) => h('li', {}, t('bt_aar_fate', f.turn, nameOf(view.leaders, f.id), sides[f.side], t('bt_ls_' + f.status)))))
        : h('p', {}, t('bt_aar_no_fates')));

    // the story, turn by turn and phase by phase
    const story = h('section', { class: 'panel', id: 'bt-aar-story' }, h('h2', {}, t('bt_aar_story')));
    if (!(rep.actions || []).length) story.append(h('p', { class: 'hint' }, t('bt_aar_no_actions')));
    let turn = 0; let phase = '';
    for (const a of rep.actions || []) {
      if (a.turn !== turn) { turn = a.turn; phase = ''; story.append(h('h3', { class: 'bt-aar-turn' }, `${t('turn')} ${turn}`)); }
      if (a.phase !== phase) {
        phase = a.phase;
        const p = view.sequence.find((x) => x.id === phase);
        story.append(h('h4', { class: 'bt-aar-phase' }, p ? phaseTitle(p) : phase));
      }
      const o = a.outcome || {};
      const cost = [0, 1].filter((s) => a.lost && a.lost[s]).map((s) => t('bt_aar_cost', sides[s], a.lost[s]));
      story.append(h('article', { class: 'bt-aar-action', 'data-action': a.action },
        h('p', {}, h('strong', {}, sentence(view, callOf(o.text || a.text)))),
        ...stepLines(o.resolution),
        o.instructions && o.instructions.length ? h('ul', { class: 'instructions' }, o.instructions.map((x) => h('li', {}, plain(view, x)))) : null,
        cost.length ? h('p', { class: 'bt-aar-cost' }, cost.join('; ')) : null));
    }
    put(box, ...head, h('div', { class: 'bt-aar' }, losses, leaders, story));
  }
  render();
  return { relang: render };
}
