// assistant.js - the table assistant of the four systems.  The controls
// are made from the system's own description (GET /api/systems: every
// table's and procedure's inputs); the modifiers, odds and results come
// from POST /api/odds, /api/lookup and /api/resolve.
import { api } from './api.js';
import { t } from './i18n.js';
import { probBars, modsTable } from './charts.js';
import { h, put, errorBox, orError, paramControl, inputsNamed, nameWords as nice } from './util.js';

// The inputs of an example command line ("grognard resolve aoe fire
// --firer infantry --stands 6 --target-moving --seed 42"): --NAME VALUE, or
// --NAME alone for a flag; dice (--seed, --roll) and the score left out.
export function fromExample(line, params) {
  const kinds = new Map(params.map((p) => [p.name.replace(/_/g, '-'), p]));
  const out = {};
  const w = line.split(/\s+/);
  for (let i = 0; i < w.length; i++) {
    if (!w[i].startsWith('--')) continue;
    const p = kinds.get(w[i].slice(2).replace(/_/g, '-'));
    if (!p) continue;
    if (p.kind === 'flag') out[p.name] = true;
    else if (i + 1 < w.length) {
      const v = w[++i];
      out[p.name] = p.kind === 'int' || (p.kind === 'number' && /^-?\d+(\.\d+)?$/.test(v)) ? Number(v) : v;
    }
  }
  return out;
}

// Whether input p applies to the situation `values`: its "applies" (GET
// /api/systems) is "NAME=A|B" (NAME's value one of them, "-" for not given)
// or a flag's "NAME" (given); no "applies": always.
export function applies(p, values) {
  if (!p.applies) return true;
  const [name, list] = p.applies.split('=');
  if (list === undefined) return Boolean(values[name]);
  const have = values[name] === undefined || values[name] === false ? '-' : String(values[name]);
  return list.split('|').includes(have);
}

export async function mount(root, route) {
  const title = h('h1', { id: 'assistant-title' }, t('assistant_title'));
  const wrap = h('div', { class: 'assistant' });
  root.append(title, wrap);
  const systems = await orError(wrap, api.systems());
  if (!systems) return {};
  const st = { sys: route.params.get('system') || 'aoe', mode: route.params.get('table') ? 'table' : 'procedure', name: route.params.get('procedure') || route.params.get('table') || null, values: {}, modifier: 0, timer: null };
  const left = h('div', { class: 'panel inputs', id: 'assistant-inputs' });
  const right = h('div', { id: 'assistant-out' });
  wrap.append(left, right);

  const sysObj = () => systems.find((s) => s.id === st.sys) || systems[0];
  const desc = () => {
    const s = sysObj();
    const d = s.inputs && s.inputs[st.mode === 'table' ? 'tables' : 'procedures'];
    return d ? d[st.name] : null;
  };

  function renderLeft() {
    const s = sysObj();
    st.sys = s.id;
    const names = st.mode === 'table' ? s.tables : s.procedures;
    if (!names.length) st.mode = st.mode === 'table' ? 'procedure' : 'table';
    const names2 = st.mode === 'table' ? s.tables : s.procedures;
    if (!names2.includes(st.name)) st.name = names2[0];
    const sysSel = h('select', { id: 'sys-select', onchange: (e) => { st.sys = e.target.value; st.name = null; st.values = {}; renderLeft(); update(); } },
      ...systems.map((x) => h('option', { value: x.id, selected: x.id === st.sys }, `${x.title} (${x.id})`)));
    const modeSel = h('select', { id: 'mode-select', onchange: (e) => { st.mode = e.target.value; st.name = null; st.values = {}; renderLeft(); update(); } },
      h('option', { value: 'procedure', selected: st.mode === 'procedure', disabled: !s.procedures.length }, t('kind_procedure')),
      h('option', { value: 'table', selected: st.mode === 'table' }, t('kind_table')));
    const nameSel = h('select', { id: 'name-select', onchange: (e) => { st.name = e.target.value; st.values = {}; renderLeft(); update(); } },
      ...names2.map((n) => {
        const d = s.inputs && s.inputs[st.mode === 'table' ? 'tables' : 'procedures'][n];
        return h('option', { value: n, selected: n === st.name }, d && d.title ? `${n} — ${d.title}` : n);
      }));
    const d = desc();
    const fields = [];
    // the situation starts as the system's own example, so the odds show at once
    if (d && d.example && !Object.keys(st.values).length) Object.assign(st.values, fromExample(d.example, d.params || []));
    for (const p of (d && d.params) || []) {
      if (!p.required || st.values[p.name] !== undefined) continue;
      if (p.kind === 'choice') st.values[p.name] = p.choices[0];
      else if (p.kind === 'int' || p.kind === 'number') st.values[p.name] = Math.max(p.min, Math.min(p.max, p.min > 0 ? p.min : 1));
    }
    // an input that bears only on some situations (its "applies", the list
    // by which the server refuses it elsewhere) is shown, and sent, only there
    for (const p of (d && d.params) || []) if (!applies(p, st.values)) delete st.values[p.name];
    for (const p of (d && d.params) || []) {
      if (p.kind === 'text') continue; // a file name: the server reads its own data
      if (!applies(p, st.values)) continue;
      const idf = 'in-' + p.name;
      // a choice that decides where other inputs apply redraws the form
      const decides = ((d && d.params) || []).some((q) => q.applies && q.applies.split('=')[0] === p.name);
      const set = (val) => { if (val === '' || val === false) delete st.values[p.name]; else st.values[p.name] = val; if (decides) renderLeft(); update(); };
      const ctl = paramControl(p, st.values[p.name], set, idf, nice);
      const lab = h('label', { for: idf }, nice(p.name) + (p.required ? ' *' : ''));
      fields.push(p.kind === 'flag'
        ? h('div', { class: 'field flag' }, ctl, h('div', {}, lab, h('div', { class: 'help' }, inputsNamed(p.help, nice))))
        : h('div', { class: 'field' }, lab, ctl, h('div', { class: 'help' }, inputsNamed(p.help, nice))));
    }
    const extra = [];
    if (st.mode === 'table' && d && d.dice) {
      extra.push(h('div', { class: 'field' }, h('label', { for: 'in-modifier' }, t('modifier')),
        h('input', { type: 'number', id: 'in-modifier', value: st.modifier, step: 1, oninput: (e) => { st.modifier = Number(e.target.value) || 0; update(); } })));
    }
    put(left, h('h2', {}, t('situation')),
      h('div', { class: 'field' }, h('label', { for: 'sys-select' }, t('system')), sysSel),
      h('div', { class: 'field' }, h('label', { for: 'mode-select' }, t('kind_procedure') + ' / ' + t('kind_table')), modeSel),
      h('div', { class: 'field' }, h('label', { for: 'name-select' }, st.mode === 'table' ? t('table') : t('procedure')), nameSel),
      d && d.source ? h('p', { class: 'help muted' }, `${t('source')}: ${d.source}`) : null,
      ...fields, ...extra);
  }

  function update() {
    clearTimeout(st.timer);
    st.timer = setTimeout(preview, 200);
  }

  async function preview() {
    const d = desc();
    const s = sysObj();
    const out = [];
    const missing = ((d && d.params) || []).filter((p) => p.required && p.kind !== 'text' && st.values[p.name] === undefined);
    if (missing.length) {
      put(right, h('div', { class: 'panel hint' }, missing.map((p) => p.name).join(', ') + ' *'));
      return;
    }
    if (st.mode === 'table') {
      if (d && d.dice) {
        try {
          const o = await api.odds({ system: s.id, table: st.name, inputs: st.values, modifier: st.modifier });
          out.push(h('section', { class: 'panel', id: 'odds-panel' }, h('h2', {}, `${t('odds')} (${o.dice}${st.modifier ? (st.modifier > 0 ? ' +' : ' ') + st.modifier : ''})`), probBars(o.odds, { title: t('odds'), name: nice })));
        } catch (e) { out.push(errorBox(e.message)); }
      }
      const scoreIn = h('input', { type: 'number', id: 'in-score', step: 1, 'aria-label': d && d.score ? d.score : 'score' });
      const res = h('div', { id: 'lookup-result', 'aria-live': 'polite' });
      const go = async () => {
        const inputs = Object.assign({}, st.values);
        if (d && d.score) inputs[d.score] = Number(scoreIn.value);
        const r = await orError(res, api.lookup({ system: s.id, table: st.name, inputs }));
        if (r) {
          put(res, h('p', { class: 'result-big' }, r.label || nice(r.result)), r.effect ? h('p', {}, inputsNamed(r.effect, nice)) : null,
            h('p', { class: 'muted' }, `${r.cell || ''} — ${t('source')}: ${r.source || ''}`));
        }
      };
      out.push(h('section', { class: 'panel' }, h('h2', {}, t('lookup')),
        h('div', { class: 'form-row' }, d && d.score ? h('label', { for: 'in-score' }, `${nice(d.score)}: ${t('score_typed')}`) : null, d && d.score ? scoreIn : null,
          h('button', { type: 'button', class: 'primary', id: 'lookup-btn', onclick: go }, t('lookup'))), res));
    } else {
      // what the situation gives before any die: modifiers and odds (a
      // resolution from a fixed seed, its roll not shown)
      let pre = null;
      try { pre = await api.resolve({ system: s.id, procedure: st.name, inputs: st.values, seed: 0 }); } catch (e) {
        out.push(errorBox(e.message, { id: 'resolve-error' }));
      }
      if (pre) {
        out.push(h('section', { class: 'panel', id: 'mods-panel' }, h('h2', {}, t('modifiers')), modsTable(pre.modifiers)));
        if (pre.odds) out.push(h('section', { class: 'panel', id: 'odds-panel' }, h('h2', {}, t('odds')), probBars(pre.odds, { title: t('odds'), name: nice })));
      }
      const faces = h('input', { type: 'text', id: 'in-roll', placeholder: '7,3', 'aria-label': t('type_dice') });
      const res = h('div', { id: 'resolve-result', 'aria-live': 'polite' });
      const run = async (typed) => {
        const req = { system: s.id, procedure: st.name, inputs: st.values };
        if (typed) req.roll = faces.value.split(/[ ,]+/).filter(Boolean).map(Number);
        else req.seed = Math.floor(Math.random() * 2 ** 31);
        const r = await orError(res, api.resolve(req));
        if (!r) return;
        put(res, h('p', { class: 'result-big', id: 'resolve-label' }, r.label || nice(r.result || '')), r.effect ? h('p', {}, inputsNamed(r.effect, nice)) : null,
          h('p', {}, (r.rolls || []).map((x) => `${x.name || ''} ${x.dice}: ${x.faces.join(', ')}${x.typed ? '' : ''}`).join(' · ')),
          r.seed !== undefined ? h('p', { class: 'muted' }, `seed ${r.seed}`) : null,
          ...(r.notes || []).map((n) => h('p', { class: 'muted' }, inputsNamed(n, nice))));
      };
      out.push(h('section', { class: 'panel' }, h('h2', {}, t('result')),
        h('div', { class: 'form-row' }, h('button', { type: 'button', class: 'primary', id: 'roll-btn', onclick: () => run(false) }, t('roll'))),
        h('div', { class: 'form-row' }, h('label', { for: 'in-roll' }, t('type_dice') + (d && d.rolls ? ` (${inputsNamed(d.rolls, nice)})` : '')), faces,
          h('button', { type: 'button', id: 'typed-btn', onclick: () => run(true) }, t('resolve'))), res));
    }
    put(right, ...out);
  }

  renderLeft();
  await preview();
  return { relang: () => { title.textContent = t('assistant_title'); renderLeft(); preview(); } };
}
