// api.js - the HTTP API of `grognard serve` (docs/api.md) for every view:
// one fetch wrapper and error type, one live stream, one order at a time.
import { getLang, t } from './i18n.js';
import { h, put } from './util.js';
import { toast } from './main.js';

// A call that failed: the HTTP status (0: no answer), the server's reason
// (or what to do when it does not answer), its error body or null.
export class ApiError extends Error {
  constructor(status, message, body) { super(message); this.status = status; this.body = body; }
}

// The seat's token (from the page's fragment) goes as "Authorization:
// Bearer TOKEN", as games and battles take it; in a URL (an EventSource, a
// link) as ?token=.  Returns the answer's JSON.
async function call(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, t('server_down'), null);
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `${res.status} ${res.statusText}`, data);
  return data;
}
const q = (token) => (token ? '?token=' + encodeURIComponent(token) : '');
const game = (id, rest = '') => `/api/games/${encodeURIComponent(id)}${rest}`;
const battle = (id, rest = '') => `/api/battles/${encodeURIComponent(id)}${rest}`;

export const api = {
  scenarios: () => call('GET', '/api/scenarios'),
  scenario: (id) => call('GET', '/api/scenarios/' + encodeURIComponent(id)),
  games: () => call('GET', '/api/games'),
  create: (scenario, players, seed) => call('POST', '/api/games', { body: seed === undefined ? { scenario, players } : { scenario, players, seed } }),
  // step: the view as it was after that many steps (a replay; docs/api.md)
  view: (id, token, since, step) => call('GET', game(id, `?lang=${getLang()}` + (since !== undefined ? `&since=${since}` : '') + (step !== undefined ? `&step=${step}` : '')), { token }),
  act: (id, token, action, step) => call('POST', game(id, '/actions'), { token, body: { action, step } }),
  undo: (id, token, step) => call('POST', game(id, '/undo'), { token, body: { step } }),
  // a unit's fire arcs, range bands and sight of each enemy (the hex map's
  // unit is a number, the table's an id)
  sight: (id, token, unit) => call('GET', game(id, `/sight?unit=${encodeURIComponent(unit)}`), { token }),
  // a battle on the table (docs/api.md): where unit U may end its move, a
  // dry run of an action's text, the ruler from a unit to a unit or to a
  // point [x, y], the odds of the legal action N before its dice
  reach: (id, token, unit) => call('GET', game(id, `/reach?unit=${encodeURIComponent(unit)}`), { token }),
  check: (id, token, action) => call('POST', game(id, `/check?lang=${getLang()}`), { token, body: { action } }),
  measure: (id, token, from, to) => call('GET', game(id, `/measure?from=${encodeURIComponent(from)}` +
    (Array.isArray(to) ? `&x=${to[0]}&y=${to[1]}` : `&to=${encodeURIComponent(to)}`)), { token }),
  actionOdds: (id, token, n) => call('GET', game(id, `/odds?action=${Number(n)}&lang=${getLang()}`), { token }),
  seat: (id, token, player) => call('POST', game(id, '/seat'), { token, body: { player } }),
  threat: (id, token) => call('GET', game(id, '/threat'), { token }),
  why: (id, token, side) => call('GET', game(id, side === undefined ? '/why' : `/why?side=${side}`), { token }),
  eventsUrl: (id, token) => game(id, `/events?lang=${getLang()}` + (token ? '&token=' + encodeURIComponent(token) : '')),
  rules: () => call('GET', '/rules/re.json'), // the rules reference (web/rules/, data)
  guide: () => call('GET', '/rules/re-guide.json'), // the help lines and the guided battle's notes
  systems: () => call('GET', '/api/systems'),
  qrUrl: (text) => '/api/qr?text=' + encodeURIComponent(text), // an SVG image
  lookup: (req) => call('POST', '/api/lookup', { body: req }),
  odds: (req) => call('POST', '/api/odds', { body: req }),
  resolve: (req) => call('POST', '/api/resolve', { body: req }),
  oobs: () => call('GET', '/api/oobs'),
  battle: { // the battle companion
    create: (body) => call('POST', '/api/battles', { body }),
    view: (id, token) => call('GET', battle(id), { token }),
    // the system's words, the same in every battle of it (the view's
    // rules_etag names their version: a URL of its own, kept by the browser)
    rules: (id, token, tag) => call('GET', battle(id, '/rules' + (tag ? '?v=' + encodeURIComponent(tag) : '')), { token }),
    verbs: (id, token) => call('GET', battle(id, '/verbs'), { token }),
    act: (id, token, body) => call('POST', battle(id, '/actions'), { token, body }),
    odds: (id, token, body) => call('POST', battle(id, '/odds'), { token, body }),
    undo: (id, token) => call('POST', battle(id, '/undo'), { token, body: {} }),
    eventsUrl: (id, token) => battle(id, '/events' + q(token)),
    reportUrl: (id, token) => battle(id, '/report.html' + q(token)),
    report: (id, token) => call('GET', battle(id, '/report'), { token }),
  },
};

// The live stream of a game or a battle (GET url()), in every view.  An
// event's data is the seat's view pushed (it has `units`), given to
// onView(view, type, first) (`first` since the opening: its log whole), or
// a bare signal, given to onSignal(type, data or null) to fetch the view.
// An error opens it again in 1 s, then 2, 4 ... 30 (a browser gives up on
// an HTTP error); reopen() at once (a new language); close() ends it.
// `badge`: the one element saying whether it is live.
export function liveStream(url, { onView, onSignal }) {
  const el = h('span', { class: 'live', id: 'live', role: 'status' });
  let es; let timer; let wait = 1000; let live = false;
  const paint = (on = live) => {
    live = on;
    el.dataset.live = String(on);
    return put(el, h('span', { class: 'live-dot' + (on ? '' : ' off') }), t(on ? 'live' : 'offline'));
  };
  const open = () => {
    let first = true;
    const on = (ev) => {
      let d = null;
      try { d = JSON.parse(ev.data); } catch (e) { /* a bare signal */ }
      if (d && Array.isArray(d.units)) onView(d, ev.type, first); else onSignal(ev.type, d);
      first = false;
    };
    es = new EventSource(url());
    es.onopen = () => { wait = 1000; paint(true); };
    for (const k of ['step', 'undo', 'battle', 'action', 'change', 'changed']) es.addEventListener(k, on);
    es.onerror = () => { es.close(); paint(false); timer = setTimeout(open, wait); wait = Math.min(30000, 2 * wait); };
  };
  const close = () => { es.onerror = null; es.close(); clearTimeout(timer); };
  open();
  return { get badge() { return paint(); }, close, reopen() { close(); open(); } };
}

// One order at a time, as Rally the Troops' client.js: send(f) runs f (a
// call that changes the game) unless one is on its way, and meanwhile the
// orders, drawn inside `fieldset`, are greyed out even when the stream
// redraws them.  Returns f's answer (undefined: refused) or throws.
// run(f, refused) is send(f) whose error goes to refused(error) (by
// default a toast), a 409 quietly (the game moved on: its view is asked
// again); it answers whether f was answered.
export function oneOrder(fieldset) {
  const o = { busy: false };
  o.send = async (f) => {
    if (o.busy) return undefined;
    o.busy = fieldset.disabled = true;
    try { return await f(); } finally { o.busy = fieldset.disabled = false; }
  };
  o.run = (f, refused = (e) => toast(e.message, true)) => o.send(f).then((r) => r !== undefined, (e) => { if (e.status !== 409) refused(e); return false; });
  return o;
}
