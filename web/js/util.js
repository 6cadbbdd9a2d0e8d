// util.js - small DOM helpers shared by the views.
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

// Seat tokens this browser holds, by game id (so a reload or the games list
// can reopen a game).
export function saveSeats(id, seats) {
  try { localStorage.setItem('grognard.seats.' + id, JSON.stringify(seats)); } catch (e) { /* ignore */ }
}
export function loadSeats(id) {
  try { return JSON.parse(localStorage.getItem('grognard.seats.' + id) || 'null'); } catch (e) { return null; }
}

export function gameLink(id, token) {
  return `${location.origin}${location.pathname}#/game/${encodeURIComponent(id)}?seat=${encodeURIComponent(token)}`;
}

// Replace the children of `e` with `kids`, leaving out null, undefined and
// false (replaceChildren would write them as text).
export function put(e, ...kids) {
  e.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return e;
}

// The box a view shows in place of what failed to load or to answer.
export function errorBox(msg, attrs = {}) {
  return h('div', { class: 'error-box', role: 'alert', ...attrs }, msg);
}
