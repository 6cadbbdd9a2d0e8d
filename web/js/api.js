// api.js - the HTTP API of `grognard serve` (docs/api.md).  Every call
// returns the parsed JSON or throws an Error whose message is the server's
// own one-line reason.
import { getLang } from './i18n.js';

export class ApiError extends Error {
  constructor(status, message, body) { super(message); this.status = status; this.body = body; }
}

async function call(method, path, { body, token, raw } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', null);
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `${res.status} ${res.statusText}`, data);
  return raw ? text : data;
}

export const api = {
  health: () => call('GET', '/api/health'),
  scenarios: () => call('GET', '/api/scenarios'),
  scenario: (id) => call('GET', '/api/scenarios/' + encodeURIComponent(id)),
  games: () => call('GET', '/api/games'),
  create: (scenario, players, seed) => call('POST', '/api/games', { body: seed === undefined ? { scenario, players } : { scenario, players, seed } }),
  view: (id, token, since) => call('GET', `/api/games/${encodeURIComponent(id)}?lang=${getLang()}` + (since !== undefined ? `&since=${since}` : ''), { token }),
  act: (id, token, action, step) => call('POST', `/api/games/${encodeURIComponent(id)}/actions`, { token, body: { action, step } }),
  undo: (id, token, step) => call('POST', `/api/games/${encodeURIComponent(id)}/undo`, { token, body: { step } }),
  replay: (id, tokens) => call('GET', `/api/games/${encodeURIComponent(id)}/replay`, { token: tokens && tokens.filter(Boolean).join(' ') }),
  systems: () => call('GET', '/api/systems'),
  lookup: (req) => call('POST', '/api/lookup', { body: req }),
  odds: (req) => call('POST', '/api/odds', { body: req }),
  resolve: (req) => call('POST', '/api/resolve', { body: req }),
  eventsUrl: (id, token) => `/api/games/${encodeURIComponent(id)}/events` + (token ? '?token=' + encodeURIComponent(token) : ''),
};
