// why.js - why the computer played its last decision (GET .../why), in a
// panel of the view that asks (the hex map's game.js, the table's table.js):
// the search's three best actions with their share, the win estimate and
// its 95% interval, the expected losses and the plan's task.  A chit the
// other side put in the bowl is not explained (the server answers 403).
import { api } from './api.js';
import { t } from './i18n.js';
import { h, put } from './util.js';

// Fill `panel` (hidden until then) with the answer for game `id` asked with
// `token`; sideName(k) names side k.  Its button closes it again.
export async function showWhy(panel, id, token, sideName) {
  const body = [h('h2', {}, t('why_title'))];
  try {
    const w = await api.why(id, token);
    body.push(h('p', {}, t('why_played', sideName(w.side), w.played)));
    if (!w.lines.length) body.push(h('p', { class: 'muted' }, t('why_no_search')));
    const pct = (x) => String(Math.round(100 * x));
    const ul = h('ol', { id: 'why-lines' });
    for (const l of w.lines) {
      const lost = l.expected_losses;
      ul.append(h('li', { class: l.chosen ? 'chosen' : '' }, h('strong', {}, l.action),
        h('div', {}, `${t('why_share', pct(l.share))} · ${t('why_win', pct(l.win), pct(l.win_low), pct(l.win_high))}`),
        lost ? h('div', { class: 'muted' }, t('why_losses', sideName(0), lost[0].toFixed(2), sideName(1), lost[1].toFixed(2))) : null,
        l.task ? h('div', { class: 'muted' }, `${t('why_plan')}${t('colon')}${l.task}`) : null));
    }
    body.push(ul);
  } catch (e) {
    body.push(h('p', { class: 'muted' }, e.message));
  }
  body.push(h('button', { type: 'button', onclick: () => { panel.hidden = true; } }, t('cancel')));
  put(panel, ...body);
  panel.hidden = false;
}
