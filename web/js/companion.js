// companion.js - the battle companion (docs/page.md, "The battle companion"):
// #/companion picks a system and a bundled order of battle and creates the
// battle, giving one link per side to open on each player's device;
// #/companion/ID?token=T is one side's battle: the sequence of play with
// the phase now, the units (the own side in full, the enemy as the server
// shows it), the verbs allowed now with the facts the table gives, the odds
// before the roll, the result with its modifiers and the instructions for
// the table, undo, the after-action report; live by the event stream.
import { api, liveStream, oneOrder } from './api.js';
import { t } from './i18n.js';
import { toast } from './main.js';
import { h, put, orError, copyButton, paramControl, pickList } from './util.js';
import { probBars, modsTable } from './charts.js';

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
      return h('div', { class: 'form-row' }, h('strong', {}, c.sides[s]), inp,
        copyButton(inp),
        h('a', { href: link, 'data-side': s }, t('bt_open')));
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

async function mountBattle(root, id, tok) {
  const head = h('div', { class: 'statusbar', id: 'bt-status' });
  const seqBox = h('div', { class: 'panel', id: 'bt-sequence' });
  const unitsBox = h('div', { class: 'panel', id: 'bt-units' });
  const formSet = h('fieldset', { class: 'orders-set' });
  const formBox = h('div', { class: 'panel', id: 'bt-form' }, formSet);
  const orders = oneOrder(formSet);
  const resultBox = h('div', { class: 'panel', id: 'bt-result', 'aria-live': 'polite' });
  const grid = h('div', { class: 'companion' }, h('div', {}, seqBox, unitsBox), h('div', {}, formBox, resultBox));
  root.append(head, grid);
  let view = null; let verbs = null; let last = null; let odds = null; let stream = null;
  const form = { verb: '', unit: '', target: '', leader: '', inputs: {}, roll: '' };

  // The view (fetched, or the one the live stream pushed) and its verbs.
  async function load(pushed = null) {
    const got = await orError(unitsBox, Promise.all([pushed || api.battle.view(id, tok), api.battle.verbs(id, tok)]));
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
    const ctl = paramControl(inp, form.inputs[inp.name], (v) => { form.inputs[inp.name] = v; odds = null; }, idf);
    return h('div', { class: 'form-row' }, h('label', { for: idf, title: inp.help || '' }, inp.name + (inp.optional ? '' : ' *')), ctl,
      inp.help ? h('span', { class: 'hint' }, inp.help) : null);
  }

  // The form's choice of a unit, a target or a leader (form[key]) in `list`.
  function pick(key, label, list, name) {
    const ctl = paramControl({ name: key, kind: 'choice', choices: list.map((x) => x.id) }, form[key], (v) => { form[key] = v; odds = null; }, 'bt-' + key, (c) => name(list.find((x) => x.id === c)));
    return h('div', { class: 'form-row' }, h('label', { for: 'bt-' + key }, label), ctl);
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
      if (v.needs_unit) rows.push(pick('unit', t('bt_unit'), live, (u) => `${u.name} (${u.id})`));
      if (v.needs_target) rows.push(pick('target', t('bt_target') + (v.needs_target > 0 ? ' *' : ''), live, (u) => `${u.name} (${u.id})`));
      if (v.needs_leader) rows.push(pick('leader', t('bt_leader'), view.leaders.filter((l) => l.side === side() && l.status === 'active'), (l) => l.name));
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
    const report = h('a', { href: api.battle.reportUrl(id, tok), target: '_blank', id: 'bt-report' }, t('bt_report'));
    put(formSet, h('h2', {}, t('bt_now'), ': ', view.phase_title),
      view.you_act ? null : h('p', { class: 'hint' }, t('bt_wait', sideName(view.active_side))),
      ...rows, h('div', { class: 'form-row bt-bar' }, next, undo, report));
  }

  function renderOdds(o) {
    const s = o.steps && o.steps[0];
    if (!s || !s.odds) return h('p', { class: 'hint', id: 'bt-odds-box' }, t('bt_no_odds'));
    const what = `${t('bt_odds_before')} (${s.table}, ${t('modifier')} ${s.modifier >= 0 ? '+' : ''}${s.modifier})`;
    return h('div', { id: 'bt-odds-box' }, h('h3', {}, what), probBars(s.odds, { title: what, width: 480, name: (k) => k.replace(/_/g, ' ') }));
  }

  function renderResult() {
    if (!last) { put(resultBox, h('h2', {}, t('result')), h('p', { class: 'hint' }, t('bt_no_result'))); return; }
    const parts = [h('h2', {}, t('result')), h('p', {}, h('code', {}, last.text))];
    const r = last.resolution;
    if (r) {
      if (r.modifiers && r.modifiers.length) parts.push(h('h3', {}, t('modifiers')), modsTable(r.modifiers, { id: 'bt-mods' }));
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

  // One order at a time (an action, next, undo): the form is greyed out
  // while one is on its way; its answer is the result shown.  A 409 may be
  // another server's step stored first: the view is fetched again.
  async function order(call, result) {
    try {
      const r = await orders.send(call);
      if (r) { last = result(r); odds = null; form.roll = ''; await load(); }
    } catch (e) { toast(e.message, true); if (e.status === 409) load(); }
  }
  const act = (b) => order(() => api.battle.act(id, tok, b), (r) => r);
  const doIt = () => act(body());
  const doUndo = () => order(() => api.battle.undo(id, tok), (r) => ({ text: t('bt_undone', r.undone), instructions: [] }));
  async function showOdds() {
    try { odds = await api.battle.odds(id, tok, body()); renderForm(); } catch (e) { toast(e.message, true); }
  }

  // Live: the change that woke the stream (the other side's action with its
  // instructions for the table, or an undo) is shown with the view, pushed
  // or, after a bare signal, fetched.
  function changed(type, d) {
    const l = d && d.last;
    if (l && (l.kind || type) === 'undo') last = { text: t('bt_undone', l.text), instructions: [] };
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
