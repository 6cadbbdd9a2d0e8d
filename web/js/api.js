// api.js - the HTTP API of `grognard serve` (docs/api.md) for every view:
// one fetch wrapper and one error type, the games' and the companion's
// battles' calls, one live stream, one order at a time.
import { getLang, t } from './i18n.js';
import { h } from './util.js';

// A call that failed: `status` is the HTTP status (0: the server did not
// answer), `message` the server's one-line reason (or what to do when it
// does not answer), `body` the server's error body ({"error": ...}) or null.
export class ApiError extends Error {
  constructor(status, message, body) { super(message); this.status = status; this.body = body; }
}

// `token` is the seat's token from the page's fragment (two tokens, a
// hot-seat's, separated by a space), sent as "Authorization: Bearer TOKEN"
// as both games and battles take it.  Returns the parsed JSON answer.
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

// The token in a URL, for what a browser asks without headers (an
// EventSource, a link).
const q = (token) => (token ? '?token=' + encodeURIComponent(token) : '');
const game = (id, rest = '') => `/api/games/${encodeURIComponent(id)}${rest}`;
const battle = (id, rest = '') => `/api/battles/${encodeURIComponent(id)}${rest}`;

export const api = {
  health: () => call('GET', '/api/health'),
  scenarios: () => call('GET', '/api/scenarios'),
  scenario: (id) => call('GET', '/api/scenarios/' + encodeURIComponent(id)),
  games: () => call('GET', '/api/games'),
  create: (scenario, players, seed) => call('POST', '/api/games', { body: seed === undefined ? { scenario, players } : { scenario, players, seed } }),
  view: (id, token, since) => call('GET', game(id, `?lang=${getLang()}` + (since !== undefined ? `&since=${since}` : '')), { token }),
  act: (id, token, action, step) => call('POST', game(id, '/actions'), { token, body: { action, step } }),
  undo: (id, token, step) => call('POST', game(id, '/undo'), { token, body: { step } }),
  replay: (id, tokens) => call('GET', game(id, '/replay'), { token: tokens && tokens.filter(Boolean).join(' ') }),
  eventsUrl: (id, token) => game(id, '/events' + q(token)),
  systems: () => call('GET', '/api/systems'),
  lookup: (req) => call('POST', '/api/lookup', { body: req }),
  odds: (req) => call('POST', '/api/odds', { body: req }),
  resolve: (req) => call('POST', '/api/resolve', { body: req }),
  // the battle companion
  oobs: () => call('GET', '/api/oobs'),
  battle: {
    create: (body) => call('POST', '/api/battles', { body }),
    view: (id, token) => call('GET', battle(id), { token }),
    verbs: (id, token) => call('GET', battle(id, '/verbs'), { token }),
    act: (id, token, body) => call('POST', battle(id, '/actions'), { token, body }),
    odds: (id, token, body) => call('POST', battle(id, '/odds'), { token, body }),
    undo: (id, token) => call('POST', battle(id, '/undo'), { token, body: {} }),
    eventsUrl: (id, token) => battle(id, '/events' + q(token)),
    reportUrl: (id, token) => battle(id, '/report.html' + q(token)),
  },
};

// The live stream of a game or a battle (GET .../events), for both views.
// Each change comes either as the view itself (`event: view`, its data
// the seat's view), handed to onView(view), or as a signal that the view
// changed (`changed`; today's `step`, `undo`, `battle`, `action`), handed
// to onSignal(type, data) (data the event's JSON, or null) for the view to
// fetch it; without onView a pushed view is a signal too.  An error
// closes the EventSource and opens it again 1 s later, then 2, 4 ... 30 s
// (the browser's own retry gives up on an HTTP error such as a 503); a
// message resets the wait.  close() ends it for good (the view's unmount).
// `badge` is the element that says whether it is live (id "live", the
// same in every view), drawn in the language now.
const KINDS = ['view', 'changed', 'step', 'undo', 'battle', 'action'];
export function liveStream(url, { onView, onSignal }) {
  const el = h('span', { class: 'live', id: 'live', role: 'status' });
  let es = null; let timer = null; let wait = 1000; let live = false; let closed = false;
  const paint = () => {
    el.dataset.live = String(live);
    el.replaceChildren(h('span', { class: 'live-dot' + (live ? '' : ' off') }), live ? t('live') : t('offline'));
    return el;
  };
  const up = () => { wait = 1000; if (!live) { live = true; paint(); } };
  function open() {
    timer = null;
    es = new EventSource(url);
    es.onopen = up;
    const on = (ev) => {
      up();
      let d = null;
      try { d = ev.data ? JSON.parse(ev.data) : null; } catch (e) { d = null; }
      if (ev.type === 'view' && onView && d) onView(d); else onSignal(ev.type, d);
    };
    for (const k of KINDS) es.addEventListener(k, on);
    es.onerror = () => {
      es.close();
      es = null;
      live = false;
      paint();
      if (closed) return;
      timer = setTimeout(open, wait);
      wait = Math.min(30000, wait * 2);
    };
  }
  open();
  return {
    get badge() { return paint(); },
    close() { closed = true; clearTimeout(timer); if (es) es.close(); es = null; },
  };
}

// One order at a time, as Rally the Troops' client.js does: send(f) runs
// f (a call that changes the game or the battle) unless one is already on
// its way, and meanwhile `fieldset` (the view's orders are drawn inside
// it) is disabled, so they show greyed out and take no click, even when
// the live stream redraws them.  Returns f's answer, or undefined when
// refused; f's errors are thrown.
export function oneOrder(fieldset) {
  const o = {
    busy: false,
    async send(f) {
      if (o.busy) return undefined;
      o.busy = true;
      fieldset.disabled = true;
      try { return await f(); } finally { o.busy = false; fieldset.disabled = false; }
    },
  };
  return o;
}
