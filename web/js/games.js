// games.js - the games stored on this server: open a seat this browser
// holds, watch, or replay.
import { api } from './api.js';
import { t } from './i18n.js';
import { h, put, loadSeats, orError } from './util.js';

export async function mount(root) {
  const title = h('h1', {}, t('games_title'));
  const box = h('div', { class: 'panel', id: 'games' }, t('loading'));
  root.append(title, box);
  async function render() {
    title.textContent = t('games_title');
    const games = await orError(box, api.games());
    if (!games) return;
    if (!games.length) { put(box, h('p', {}, t('no_games'))); return; }
    const tbl = h('table', { class: 'mods' }, h('tr', {}, h('th', {}, 'id'), h('th', {}, t('scenario')), h('th', {}, t('players')), h('th', {}, t('step')), h('th', {}, '')));
    for (const g of games) {
      const seats = loadSeats(g.id) || {};
      const links = [];
      // a battle on the table (its scenario DATA/table/NAME) opens in the
      // table's view, one seat at a time
      const onTable = String(g.scenario).startsWith('table/');
      const view = onTable ? 'table' : 'game';
      const tok = seats.any || seats[0] || seats[1];
      if (seats[0] && seats[1] && !onTable) links.push(h('a', { href: `#/game/${g.id}?seats=${seats[0]},${seats[1]}` }, t('open_game')));
      else {
        if (tok) links.push(h('a', { href: `#/${view}/${g.id}?seat=${tok}` }, t('open_game')));
        else links.push(h('a', { href: `#/${view}/${g.id}` }, t('spectator')));
      }
      // a table battle's replay: the server's view at each step (table.js)
      const rep = onTable ? `#/table/${g.id}?replay=1` + (tok ? `&token=${tok}` : '') : `#/replay/${g.id}`;
      links.push(' · ', h('a', { href: rep, class: 'replay-link' }, t('replay')));
      tbl.append(h('tr', {}, h('td', {}, h('code', {}, g.id)), h('td', {}, g.scenario), h('td', {}, g.players.join(' / ')), h('td', {}, String(g.step) + (g.over ? ' ✔' : '')), h('td', {}, ...links)));
    }
    put(box, tbl);
  }
  await render();
  return { relang: render };
}
