// main.js - the page's shell: routes (#/, #/game/ID, #/replay/ID, #/games,
// #/table/ID?token=T, #/assistant, #/companion, #/companion/ID?token=T, #/rules?at=4.4), the language switch, the keyboard help and the toast.
import { t, getLang, setLang, onLang } from './i18n.js';

const routes = {
  '': () => import('./start.js'),
  game: () => import('./game.js'),
  replay: () => import('./game.js'), // the game at a step (game.js)
  table: () => import('./table.js'),
  games: () => import('./games.js'),
  assistant: () => import('./assistant.js'),
  companion: () => import('./companion.js'),
  rules: () => import('./rules.js'),
};

let current = null; // { unmount, relang }

export function toast(msg, error = false) {
  const el = document.getElementById('toast');
  el.textContent = msg;
  el.className = 'show' + (error ? ' error' : '');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = ''; }, error ? 6000 : 2500);
}

// The hash as {name, id, params}: "#/game/ab12?seat=T" -> game, ab12, {seat: T}.
export function parseHash() {
  const h = location.hash.replace(/^#\/?/, '');
  const [path, query] = h.split('?');
  const parts = path.split('/').filter(Boolean);
  return { name: parts[0] || '', id: parts[1] ? decodeURIComponent(parts[1]) : null, params: new URLSearchParams(query || '') };
}

function translateStatic() {
  document.documentElement.lang = getLang();
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  document.getElementById('lang-btn').textContent = t('lang_switch');
  document.getElementById('lang-btn').setAttribute('aria-label', t('lang_label') + ': ' + t('lang_switch'));
  document.getElementById('skip-link').textContent = t('skip');
}

async function route() {
  const r = parseHash();
  const load = routes[r.name] || routes[''];
  if (current && current.unmount) current.unmount();
  current = null;
  for (const a of document.querySelectorAll('.topbar nav a')) {
    const target = a.getAttribute('href').replace(/^#\/?/, '');
    if (target === r.name) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  const main = document.getElementById('main');
  main.replaceChildren();
  const mod = await load();
  current = await mod.mount(main, r);
}

function isTyping(e) {
  const tg = e.target;
  return tg && (tg.tagName === 'INPUT' || tg.tagName === 'SELECT' || tg.tagName === 'TEXTAREA' || tg.isContentEditable);
}

window.addEventListener('keydown', (e) => {
  if (isTyping(e) || e.altKey || e.metaKey) return;
  if (e.key === '?' ) { e.preventDefault(); document.getElementById('help-dialog').showModal(); return; }
  if ((e.key === 'l' || e.key === 'L') && !e.ctrlKey) { e.preventDefault(); setLang(getLang() === 'fr' ? 'en' : 'fr'); return; }
  if (current && current.key && current.key(e)) e.preventDefault();
});

document.getElementById('lang-btn').addEventListener('click', () => setLang(getLang() === 'fr' ? 'en' : 'fr'));
document.getElementById('help-btn').addEventListener('click', () => document.getElementById('help-dialog').showModal());
onLang(() => { translateStatic(); if (current && current.relang) current.relang(); });
window.addEventListener('hashchange', route);
translateStatic();
route();
