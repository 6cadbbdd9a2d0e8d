// run.mjs GROGNARD WEB DATA OUT - the page, tested in Debian's chromium
// against a real `grognard serve` (a fresh database in a temporary folder):
//  1. a whole teaching game against the computer played through the page,
//     with the odds shown before an attack, and its end-of-battle report;
//  2. the replay of that game stepped through;
//  3. a hot-seat turn (the screen hidden between the two chit choices);
//  4. two players in two browser contexts with their seat links, updating
//     live, and no answer to one seat holding the other's chosen chits;
//  5. the table assistant's controls, modifiers, odds chart and dice;
//  6. the French/English switch; narrow screens; no console errors.
// Screenshots (PNG) are written to OUT.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [grognard, web, data, out] = process.argv.slice(2);
if (!grognard || !web || !data || !out) {
  console.error('usage: run.mjs GROGNARD WEB DATA OUT');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-browser-'));
const t0 = Date.now();
let failures = 0;
const consoleErrors = [];

const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
function check(cond, what) {
  if (cond) console.log(`ok   ${what} (${since()})`);
  else { failures++; console.log(`FAIL ${what} (${since()})`); }
}

// ---- the server ------------------------------------------------------------
const server = spawn(grognard, ['serve', '--port', '0', '--db', path.join(tmp, 'page.db'), '--web', web, '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  // playwright gives every launch a fresh profile folder (--user-data-dir)
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function newPage(ctxOpts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...ctxOpts });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  return { ctx, page };
}
const shot = (page, name) => page.screenshot({ path: path.join(out, name + '.png') });
const stepOf = (page) => page.$eval('#status', (s) => Number(s.dataset.step));

// Wait until the page shows orders to give, or the end of the battle.
async function ready(page, timeout = 15000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('#status');
    return s && s.dataset.step && (s.dataset.over === 'true' || document.querySelector('#order-list button'));
  }, null, { timeout });
  return page.$eval('#status', (s) => s.dataset.over === 'true');
}
async function waitStep(page, before) {
  await page.waitForFunction((b) => { const s = document.querySelector('#status'); return s && Number(s.dataset.step) !== b; }, before, { timeout: 15000 });
}

try {
  // ---- 1. a whole teaching game against the computer ------------------------
  {
    const { page } = await newPage();
    await page.goto(base);
    await page.waitForSelector('.scenario-list button[data-scenario=teaching][aria-pressed=true]');
    await page.waitForSelector('#scenario-detail svg.hexmap .counter');
    check(await page.$$eval('#scenario-detail svg.hexmap .counter', (c) => c.length) === 12, 'start: the preview map shows the 12 counters of the teaching scenario');
    check((await page.textContent('#scenario-detail')).includes('Grande batterie'), 'start: the order of battle lists the units');
    await shot(page, 'start');
    await page.fill('#seed', '7');
    await page.selectOption('#ai-level', 'eager');
    await page.click('#start-btn');
    await page.waitForURL(/#\/game\//);
    await ready(page);
    // the battery's range on hover: seed 004 §2.1, 3 dice at 1 hex, 2 at 2, 1 at 3
    await page.hover('.counter[data-unit="3"]');
    await page.waitForSelector('g.art-range polygon');
    const bands = await page.$$eval('g.art-range text', (ts) => [...new Set(ts.map((x) => x.textContent))].sort().join());
    check(bands === '1 die,2 dice,3 dice', `game: hovering the battery shows its range and dice (${bands})`);
    await shot(page, 'range');
    await page.mouse.move(2, 300);
    // the enemy's threat over the map: one hex a unit of the player's (the
    // teaching scenario's six French units), then off again
    await page.click('#threat-btn');
    await page.waitForSelector('g.threat polygon.hl-threat');
    const nthreat = await page.$$eval('g.threat polygon.hl-threat', (ps) => ps.length);
    check(nthreat === 6, `game: the threat overlay marks the six French units (${nthreat})`);
    await page.click('#threat-btn');
    check(await page.$('g.threat') === null, 'game: the threat overlay goes when pressed again');
    let oddsSeen = false, moved = 0, attacks = 0, actions = 0, mapShot = false, undone = false;
    const tried = new Set();
    let lastStep = -1;
    for (let i = 0; i < 400; i++) {
      if (await ready(page)) break;
      const step = await stepOf(page);
      if (step !== lastStep) { tried.clear(); lastStep = step; }
      const stage = await page.$eval('#status', (s) => s.dataset.stage);
      const kinds = await page.$$eval('#order-list button', (bs) => bs.map((b) => b.dataset.kind));
      const targets = await page.$$('.hl-target');
      if (targets.length) {
        await targets[0].click();
        await page.waitForSelector('#odds:not([hidden]) button.primary');
        await page.waitForSelector('#odds svg.odds-chart rect.oddsbar');
        const ps = await page.$$eval('#odds svg.odds-chart', (svgs) => [...svgs[0].querySelectorAll('rect.oddsbar')].map((r) => Number(r.dataset.p)));
        if (!oddsSeen) {
          check(Math.abs(ps.reduce((a, b) => a + b, 0) - 1) < 1e-9, 'game: the odds shown before an attack add up to 1');
          await shot(page, 'odds');
          oddsSeen = true;
        }
        await page.click('#odds button.primary');
        attacks++; actions++;
        await waitStep(page, step);
        continue;
      }
      const moves = await page.$$eval('.hl-move', (ps) => ps.map((p) => p.dataset.hex));
      if (moves.length) {
        // march east, towards the Austrians
        moves.sort((a, b) => Number(b.split(',')[0]) - Number(a.split(',')[0]));
        await page.click(`.hl-move[data-hex="${moves[0]}"]`);
        moved++; actions++;
        await waitStep(page, step);
        if (!undone) {
          // take the first move back with the keyboard, then go on
          await page.waitForSelector('#undo-btn:not([disabled])');
          const s1 = await stepOf(page);
          await page.keyboard.press('u');
          await page.waitForFunction((b) => Number(document.querySelector('#status').dataset.step) < b, s1);
          undone = true;
          check(await page.$(`.hl-move[data-hex="${moves[0]}"]`) !== null || (await stepOf(page)) === step, 'game: undo (the U key) takes a move back');
          continue;
        }
        if (!mapShot && moved >= 3) { await page.waitForTimeout(200); await shot(page, 'map'); mapShot = true; }
        continue;
      }
      if (stage === 'move' || stage === 'combat' || stage === 'fire') {
        const actors = await page.$$eval('.counter', (cs) => cs.filter((c) => c.querySelector('.hl-active') && !c.querySelector('.hl-selected')).map((c) => c.dataset.unit));
        const next = actors.find((u) => !tried.has(u));
        if (next !== undefined) { tried.add(next); await page.click(`.counter[data-unit="${next}"]`); continue; }
      }
      const pick = ['chit', 'group', 'evade', 'stand', 'riposte', 'take_ground', 'pursue', 'retreat', 'skirmish'].find((k) => kinds.includes(k));
      if (pick) await page.click(`#order-list button[data-kind="${pick}"]`);
      else await page.keyboard.press('e'); // the keyboard's end of phase
      actions++;
      await waitStep(page, step);
    }
    check(await page.$eval('#status', (s) => s.dataset.over === 'true'), `game: the teaching game was played to its end through the page (${actions} orders, ${moved} moves, ${attacks} attacks or fires)`);
    check(moved > 0 && attacks > 0, 'game: units moved on the map and attacked through it');
    check(oddsSeen, 'game: an attack showed its odds before it was committed');
    await page.waitForSelector('#report:not([hidden]) svg.chart');
    check((await page.textContent('#report-title')).length > 0, 'game: the end-of-battle report is shown with its chart of losses by turn');
    const log = await page.$$eval('#log details', (d) => d.length);
    check(log > 20, `game: the log holds the battle (${log} lines)`);
    const opened = await page.$eval('#log details:has(.detail)', (d) => { d.open = true; return d.textContent; }).catch(() => '');
    check(/seed 004/.test(opened), 'game: a log line opens to its modifiers and rule paragraph');
    await shot(page, 'report');
    // "Why?" asks the server why the computer played its last decision:
    // eager does not search, so the panel says there is nothing to compare
    // (or, after a chit of its own, that it is hidden)
    await page.click('#why-btn');
    await page.waitForSelector('#why:not([hidden]) h2');
    const why = await page.textContent('#why');
    check(/Why the computer played that/.test(why) && /does not search|hidden/.test(why), `game: Why? explains the computer's last decision (${why.slice(0, 120)})`);

    // ---- 6. the language switch, on the game page --------------------------
    await page.click('#lang-btn');
    await page.waitForFunction(() => document.querySelector('#nav-play').textContent === 'Jouer');
    await page.waitForFunction(() => /tour|jeton|dés/.test(document.querySelector('#log').textContent));
    check(true, 'lang: the page and the log switch to French');
    check(await page.evaluate(async () => (await import('/js/i18n.js')).missingKeys().length === 0), 'lang: every label exists in English and in French');
    await page.click('#lang-btn');
    await page.waitForFunction(() => document.querySelector('#nav-play').textContent === 'Play');

    // narrow screens (a tablet): nothing wider than the screen
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.waitForTimeout(100);
    check(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'layout: the game page fits a 768-pixel screen');
    await shot(page, 'tablet');
    await page.setViewportSize({ width: 1280, height: 720 });

    // ---- 2. the replay ------------------------------------------------------
    await page.click('#replay-link');
    await page.waitForSelector('#replay-slider');
    const lab0 = await page.textContent('#replay-step');
    const pos0 = await page.$$eval('#replay-map .counter', (cs) => cs.map((c) => c.getAttribute('transform')).join());
    for (let k = 0; k < 12; k++) await page.click('#replay-next');
    const lab1 = await page.textContent('#replay-step');
    const pos1 = await page.$$eval('#replay-map .counter', (cs) => cs.map((c) => c.getAttribute('transform')).join());
    check(lab0 !== lab1 && pos0 !== pos1, 'replay: stepping forward moves the counters on the map');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.click('#replay-prev');
    check((await page.textContent('#replay-step')) !== lab1, 'replay: back and the keyboard step too');
    await shot(page, 'replay');
    await page.context().close();
  }

  // ---- 1b. a seat handed to the computer and taken back ----------------------
  {
    const { page } = await newPage();
    await page.goto(base);
    const made = await page.evaluate(async () => (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scenario: 'teaching', players: ['human', 'eager'], seed: 9 }) })).json());
    await page.goto(`${base}#/game/${made.id}?seat=${made.seats['0']}`);
    await ready(page);
    const step0 = await stepOf(page);
    await page.click('#seat-btn');
    await page.waitForSelector('#handed-over');
    // the computer plays the French at once: the game moves on without us
    await page.waitForFunction((b) => Number(document.querySelector('#status').dataset.step) > b + 10, step0, { timeout: 15000 });
    check(true, 'seat: handed to the computer, which plays it at once');
    await page.click('#seat-btn');
    await page.waitForFunction(() => !document.querySelector('#handed-over'));
    const back = await ready(page).then(() => true).catch(() => false);
    check(back, 'seat: taken back, the orders come to the player again (or the battle ended)');
    await page.context().close();
  }

  // ---- 3. a hot-seat turn ---------------------------------------------------
  {
    const { page } = await newPage();
    await page.goto(base);
    await page.waitForSelector('#start-btn');
    await page.check('input[name=opp][value=hotseat]');
    await page.click('#start-btn');
    await page.waitForURL(/seats=/);
    await page.waitForSelector('#curtain button'); // the first side is told it is its turn
    await page.click('#curtain button');
    await ready(page);
    await page.click('#order-list button[data-action="chit Division Lefort"]');
    await page.waitForFunction(() => document.querySelector('#bowl-own') && document.querySelector('#bowl-own').textContent.includes('Division Lefort'));
    await page.click('#order-list button[data-kind=chits_done]');
    await page.waitForSelector('#curtain button');
    await shot(page, 'hotseat-curtain');
    await page.click('#curtain button');
    await page.waitForSelector('#order-list button[data-action="chit Division Kessler"]');
    const own = await page.textContent('#bowl-own');
    check(!own.includes('Lefort') && (await page.textContent('#bowl-hidden')).includes('1'), 'hot-seat: the second side sees the count of the first side\'s chits, not which');
    await page.context().close();
  }

  // ---- 4. two browsers, two seat links, live --------------------------------
  {
    const A = await newPage();
    const B = await newPage();
    const seenByB = [];
    B.page.on('response', async (r) => {
      if (!/\/api\/games\//.test(r.url()) || /\/events/.test(r.url())) return;
      try { seenByB.push(await r.text()); } catch (e) { /* a body already gone */ }
    });
    await A.page.goto(base);
    await A.page.waitForSelector('#start-btn');
    await A.page.check('input[name=opp][value=link]');
    await A.page.click('#start-btn');
    await A.page.waitForSelector('#link-friend');
    const friend = await A.page.inputValue('#link-friend');
    check(/#\/game\/[0-9a-f]+\?seat=[0-9a-f]{32}$/.test(friend), 'link: the friend\'s link carries their seat');
    await shot(A.page, 'links');
    await A.page.click('#open-mine');
    await ready(A.page);
    await B.page.goto(friend);
    await B.page.waitForSelector('#bowl-hidden');
    // B listens to its own event stream too, to check what it carries
    await B.page.evaluate(() => {
      window.__sse = [];
      const tok = new URLSearchParams(location.hash.split('?')[1]).get('seat');
      const es = new EventSource(location.pathname.replace(/\/$/, '') + '/api/games/' + location.hash.split('/')[2].split('?')[0] + '/events?token=' + tok);
      es.addEventListener('step', (e) => window.__sse.push(e.data));
    });
    check((await B.page.textContent('#seat-line')).includes('Armée autrichienne'), 'link: the second browser holds the other seat');
    await A.page.click('#order-list button[data-action="chit Division Lefort"]');
    await B.page.waitForFunction(() => document.querySelector('#bowl-hidden').textContent.includes('1'), null, { timeout: 10000 });
    check(true, 'live: the second browser sees the first one\'s chit counted, without reloading');
    await A.page.click('#order-list button[data-action="chit Brigade Duval"]');
    await B.page.waitForSelector('#order-list button[data-action="chit Division Kessler"]', { timeout: 10000 });
    check(true, 'live: the second browser gets its orders when its turn comes');
    await B.page.click('#order-list button[data-action="chit Division Kessler"]');
    await A.page.waitForFunction(() => document.querySelector('#bowl-hidden').textContent.includes('1'), null, { timeout: 10000 });
    check(true, 'live: and the first browser sees the second one\'s chit counted');
    await shot(B.page, 'second-seat');
    await B.page.waitForTimeout(300);
    const sse = await B.page.evaluate(() => window.__sse);
    const leaks = seenByB.concat(sse).filter((txt) => /Division Lefort|Brigade Duval/.test(txt) && /"own"\s*:\s*\{[^}]*(Division Lefort|Brigade Duval)/.test(txt) || /chit (Division Lefort|Brigade Duval)/.test(txt));
    check(seenByB.length > 0 && sse.length > 0 && leaks.length === 0, `secrets: none of the ${seenByB.length} answers and ${sse.length} events to the second seat names the first side's chosen chits`);
    await A.ctx.close();
    await B.ctx.close();
  }

  // ---- 5. the table assistant -----------------------------------------------
  {
    const { page } = await newPage();
    await page.goto(base + '#/assistant');
    await page.waitForSelector('#odds-panel svg.odds-chart rect.oddsbar');
    const ps = await page.$$eval('#odds-panel rect.oddsbar', (rs) => rs.map((r) => Number(r.dataset.p)));
    check(ps.length > 1 && Math.abs(ps.reduce((a, b) => a + b, 0) - 1) < 1e-9, `assistant: the odds chart of the default situation adds up to 1 (${ps.length} results)`);
    check((await page.$$eval('#mods-panel tr', (r) => r.length)) > 0, 'assistant: every modifier is listed with its reason');
    const before = await page.$$eval('#odds-panel rect.oddsbar', (rs) => rs.map((r) => r.dataset.p).join());
    await page.fill('#in-stands', '12');
    await page.waitForFunction((b) => [...document.querySelectorAll('#odds-panel rect.oddsbar')].map((r) => r.dataset.p).join() !== b, before);
    check(true, 'assistant: a control made from the description changes the odds');
    await page.click('#roll-btn');
    await page.waitForSelector('#resolve-label');
    check((await page.textContent('#resolve-label')).length > 0, 'assistant: the dice are rolled and the result read');
    await page.fill('#in-roll', '10');
    await page.click('#typed-btn');
    await page.waitForFunction(() => document.querySelector('#resolve-result').textContent.includes('10'));
    check(true, 'assistant: dice typed in are resolved');
    await shot(page, 'assistant');
    for (const sys of ['nf', 'rff', 're']) {
      await page.selectOption('#sys-select', sys);
      await page.waitForSelector('#odds-panel rect.oddsbar', { timeout: 5000 }).catch(() => {});
      check(await page.$('#odds-panel rect.oddsbar') !== null, `assistant: ${sys} shows the odds of its first ${sys === 're' ? 'table' : 'procedure'}`);
    }
    await page.context().close();
  }
} catch (e) {
  failures++;
  console.log('FAIL ' + (e && e.stack || e));
} finally {
  check(consoleErrors.length === 0, 'no console errors' + (consoleErrors.length ? ':\n  ' + consoleErrors.join('\n  ') : ''));
  await browser.close();
  // the server stops cleanly on SIGTERM (under the sanitizers: no leak, no error)
  const code = await new Promise((resolve) => {
    if (server.exitCode !== null) { resolve(server.exitCode); return; }
    server.on('exit', (c, sig) => resolve(c === null ? sig : c));
    server.kill('SIGTERM');
  });
  check(code === 0, `the server stopped cleanly on SIGTERM (exit ${code})` + (code === 0 ? '' : ': ' + serverErr.slice(-1500)));
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`# ${((Date.now() - t0) / 1000).toFixed(1)} s, screenshots in ${out}`);
  process.exit(failures ? 1 : 0);
}
