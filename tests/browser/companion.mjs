// companion.mjs GROGNARD WEB DATA OUT - the battle companion's page in
// Debian's chromium against a real `grognard serve`: a battle created from
// a bundled order of battle (Maida, Napoleonic Fury, seed 1806), the two
// side links opened in two browser contexts (two devices), each side's own
// units in full and the enemy's without its hidden details, one test resolved
// through the form with the dice typed in (the French 1er Léger's maneuver,
// roll 3: "two_thirds_move_and_fc", as tests/server/battle_api.sh works it
// out), its modifiers and its instructions for the table shown, the other
// device updated live by the event stream, undo, French.  Screenshots
// (page-companion*.png) go to OUT.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [grognard, web, data, out] = process.argv.slice(2);
if (!grognard || !web || !data || !out) {
  console.error('usage: companion.mjs GROGNARD WEB DATA OUT');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-companion-'));
const t0 = Date.now();
let failures = 0;
const consoleErrors = [];
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
function check(cond, what) {
  if (cond) console.log(`ok   ${what} (${since()})`);
  else { failures++; console.log(`FAIL ${what} (${since()})`); }
}

const server = spawn(grognard, ['serve', '--port', '0', '--db', path.join(tmp, 'c.db'), '--web', web, '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
let serverErr = '';
server.stderr.on('data', (d) => { serverErr = (serverErr + d).slice(-4000); });
const base = await new Promise((resolve, reject) => {
  let buf = '';
  const timer = setTimeout(() => reject(new Error('grognard serve printed no address in 10 s: ' + serverErr)), 10000);
  server.stdout.on('data', (d) => {
    buf += d;
    const m = /grognard: serving (http:\/\/\S+\/)/.exec(buf);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  });
  server.on('exit', (code) => reject(new Error(`grognard serve exited (${code}): ${serverErr}`)));
});
console.log(`# server at ${base}`);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
async function newPage(viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ viewport, locale: 'en-GB' });
  await ctx.addInitScript(() => { try { localStorage.setItem('grognard.lang', 'en'); } catch (e) { /* ignore */ } });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  return page;
}
const shot = (page, name) => page.screenshot({ path: path.join(out, name + '.png'), fullPage: true });
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

try {
  // 1. create: Napoleonic Fury, Maida, seed 1806
  const host = await newPage();
  await host.goto(base + '#/companion');
  await host.waitForSelector('#bt-system');
  await host.selectOption('#bt-system', 'nf');
  await host.click('button[data-oob="maida"]');
  await host.fill('#bt-seed', '1806');
  await host.click('#bt-create');
  await host.waitForSelector('#bt-link-1');
  const link0 = await host.$eval('#bt-link-0', (e) => e.value);
  const link1 = await host.$eval('#bt-link-1', (e) => e.value);
  check(/#\/companion\/[0-9a-f]{16}\?token=[0-9a-f]{32}$/.test(link0) && /token=[0-9a-f]{32}$/.test(link1) && link0 !== link1, 'create: two side links with their tokens');
  check((await text(host, '#companion-links')).includes('--host 0.0.0.0'), 'create: on the loopback address, says how to reach it from other devices');
  await shot(host, 'page-companion-new');

  // 2. the French on one device, the British on another
  const fr = await newPage();
  const br = await newPage({ width: 412, height: 915 }); // a phone
  await fr.goto(link0.replace(/^http:\/\/[^/]+\//, base));
  await br.goto(link1.replace(/^http:\/\/[^/]+\//, base));
  await fr.waitForSelector('#bt-units table[data-side="0"]');
  await br.waitForSelector('#bt-units table[data-side="1"]');
  check((await text(fr, '#bt-who')).includes('You act'), 'French: they act in the first phase');
  check((await text(br, '#bt-who')).includes('French acts'), 'British: the French act');
  check(await fr.$('#bt-sequence li.now[data-phase="p1_maneuver_1_leaders"]') !== null, 'the sequence of play with the phase now highlighted');
  // own side: stands left of the start and the thresholds; the enemy: no thresholds column
  const frOwnCols = await fr.$$eval('#bt-units table[data-side="0"] tr:first-child th', (a) => a.length);
  const frEnemyCols = await fr.$$eval('#bt-units table[data-side="1"] tr:first-child th', (a) => a.length);
  check(frOwnCols === 6 && frEnemyCols === 5, `own units with their thresholds, the enemy's without (${frOwnCols}, ${frEnemyCols} columns)`);
  const enemyRow = await text(fr, '#bt-units table[data-side="1"] tr[data-unit="br_light"]');
  check(!/fresh|worn|spent/.test(enemyRow), 'the enemy row shows no condition: ' + enemyRow);
  check(!(await text(fr, '#bt-units .bt-leaders')).includes('Stuart (British, corps, '), 'the enemy commander\'s rating is not shown');
  check((await text(fr, '#bt-units .bt-leaders')).includes('Reynier (French, army, average)'), 'the own commander\'s rating is shown');

  // 3. next to the maneuver phase, then the 1er Léger's maneuver, dice typed: 3
  await fr.click('#bt-next');
  await fr.waitForSelector('#bt-sequence li.now[data-phase="p1_maneuver_2_move"]');
  await br.waitForSelector('#bt-sequence li.now[data-phase="p1_maneuver_2_move"]', { timeout: 5000 });
  check(true, 'the British device followed the phase live');
  await fr.selectOption('#bt-verb', 'maneuver');
  await fr.waitForSelector('#bt-unit');
  await fr.selectOption('#bt-unit', 'fr_1leg');
  const dir = await fr.$('#bt-in-division-in-range');
  check(dir !== null, 'the form asks for the facts the table gives (division-in-range)');
  if (dir) {
    if (await dir.evaluate((e) => e.tagName) === 'SELECT') await fr.selectOption('#bt-in-division-in-range', 'yes');
    else await fr.fill('#bt-in-division-in-range', 'yes');
  }
  await fr.click('#bt-odds');
  await fr.waitForSelector('#bt-odds-box');
  check((await text(fr, '#bt-odds-box')).includes('%'), 'the odds before the roll');
  await fr.fill('#bt-roll', '3');
  await fr.click('#bt-do');
  await fr.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('maneuver fr_1leg'));
  const result = await text(fr, '#bt-result');
  check(/two_thirds_move|2\/3|two.thirds/i.test(result), 'the result of the maneuver: ' + result.slice(0, 160));
  check(await fr.$('#bt-mods tr') !== null, 'the modifiers with their reasons');
  check((await fr.$$eval('#bt-instructions li', (a) => a.length)) > 0, 'the instructions for the table');
  await shot(fr, 'page-companion');
  await br.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('maneuver fr_1leg') &&
    document.querySelector('#bt-instructions li'), null, { timeout: 5000 });
  check(true, 'the British device shows the instructions of the French test, live');
  await shot(br, 'page-companion-phone');

  // 4. undo by the French; the British cannot
  check(await br.$eval('#bt-undo', (b) => b.disabled), 'the British cannot undo the French action');
  await fr.click('#bt-undo');
  await fr.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('Undone'));
  check(true, 'undo');

  // 5. French
  await fr.click('#lang-btn');
  await fr.waitForFunction(() => document.querySelector('#bt-sequence h2').textContent.includes('Séquence'));
  check((await text(fr, '#bt-units')).includes('Vos unités'), 'in French');
} catch (e) {
  failures++;
  console.log('FAIL ' + (e && e.stack || e));
} finally {
  check(consoleErrors.length === 0, 'no console errors' + (consoleErrors.length ? ':\n  ' + consoleErrors.join('\n  ') : ''));
  await browser.close();
  const code = await new Promise((resolve) => {
    if (server.exitCode !== null) { resolve(server.exitCode); return; }
    server.on('exit', (c, sig) => resolve(c === null ? sig : c));
    server.kill('SIGTERM');
  });
  check(code === 0, `the server stopped cleanly on SIGTERM (exit ${code})`);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(failures ? 1 : 0);
}
