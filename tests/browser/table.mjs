// table.mjs GROGNARD WEB DATA OUT - a battle on the table in the page
// (web/js/table.js, game type aoe-table), in Debian's chromium against a
// real `grognard serve` (a fresh database in a temporary folder):
//  1. the start page lists the table battles; its button opens one;
//  2. the teaching battle against the computer, created through the API,
//     drawn: every unit on the table of the view is drawn with as many
//     stands as its pose has, every terrain feature is drawn;
//  3. a few actions played by clicking: a unit selected shows a ghost for
//     each legal move of its own, its fire targets highlighted;
//  4. zoom with the wheel and a pinch, pan by a drag; English and French; 1280x800 and 390x844
//     without a horizontal scroll; no console errors.
// Screenshots (PNG) are written to OUT (docs/img/page-table*.png are two).
import path from 'node:path';
import { start } from './lib.mjs';

const { base, browser, out, check, watch, call, fail, finish } = await start('table.mjs');

async function newPage(viewport, opts = {}) {
  const ctx = await browser.newContext({ viewport, ...opts });
  const page = await ctx.newPage();
  watch(page);
  return page;
}
const shot = (page, name) => page.screenshot({ path: path.join(out, name + '.png') });
const noHScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const stepOf = (page) => page.$eval('#status', (s) => Number(s.dataset.step));
// orders to give, or the end of the battle
async function ready(page, timeout = 20000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('#status');
    return s && s.dataset.step && (s.dataset.over === 'true' || document.querySelector('#order-list button'));
  }, null, { timeout });
  return page.$eval('#status', (s) => s.dataset.over === 'true');
}
async function waitStep(page, before) {
  await page.waitForFunction((b) => { const s = document.querySelector('#status'); return s && Number(s.dataset.step) !== b; }, before, { timeout: 20000 });
}

try {
  // ---- 1. the start page lists the table battles ----------------------------
  const scenarios = await call('GET', '/api/scenarios');
  const tables = scenarios.filter((s) => (s.game || s.type) === 'aoe-table');
  check(tables.some((s) => s.id === 'table/teaching'), 'the server lists the teaching battle on the table (table/teaching)');
  {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(base);
    await page.waitForSelector('#table-list button[data-table="table/teaching"]', { timeout: 10000 });
    check(await page.$$eval('#table-list button[data-table]', (b) => b.length) === tables.length, 'start: every table battle has its button');
    await page.click('#table-list button[data-table="table/teaching"]');
    await page.waitForSelector('#tb-table', { timeout: 10000 });
    check(/#\/table\/[^?]+\?token=/.test(page.url()), 'start: the button opens the battle at #/table/GAME?token=T');
    await page.context().close();
  }

  // ---- 2. drawn as the view says -------------------------------------------
  const g = await call('POST', '/api/games', { scenario: 'table/teaching', players: ['human', 'heuristic'], seed: 1809 });
  const token = g.seats['0'];
  for (const [w, hgt, name] of [[1280, 800, 'table-1280'], [390, 844, 'table-390']]) {
    const page = await newPage({ width: w, height: hgt }, w < 800 ? { hasTouch: true, isMobile: true } : {});
    await page.goto(`${base}#/table/${encodeURIComponent(g.id)}?token=${encodeURIComponent(token)}`);
    await ready(page);
    const v = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
    const onTable = v.view.units.filter((u) => u.pose && u.pose.at);
    check(onTable.length > 0, `${w}: the view has units on the table`);
    const drawn = await page.$$eval('#tb-table g.tb-unit', (gs) => gs.map((e) => ({ id: e.dataset.unit, side: Number(e.dataset.side), stands: e.querySelectorAll('polygon.tb-base').length })));
    const want = onTable.map((u) => ({ id: u.id, side: u.side, stands: u.pose.stands.length })).sort((a, b) => a.id.localeCompare(b.id));
    drawn.sort((a, b) => a.id.localeCompare(b.id));
    check(JSON.stringify(drawn) === JSON.stringify(want), `${w}: every unit on the table drawn once, in its side, with its stands` + (JSON.stringify(drawn) === JSON.stringify(want) ? '' : `: drawn ${JSON.stringify(drawn)}, view ${JSON.stringify(want)}`));
    // the name on the table up to its parenthesis, whole in the tooltip
    const names = await page.$$eval('#tb-table text.tb-name', (ts) => ts.map((e) => [e.dataset.unit, e.textContent]));
    check(names.length === onTable.length && onTable.every((u) => names.some(([id, n]) => id === u.id && n.length > 0 && u.name.startsWith(n))), `${w}: each unit carries its name`);
    const tips = await page.$$eval('#tb-table g.tb-unit > title', (ts) => ts.map((e) => e.textContent));
    check(onTable.every((u) => tips.some((x) => x.startsWith(u.name + ' — '))), `${w}: each unit's tooltip has its whole name`);
    check(await page.$$eval('#tb-table .tb-terrain', (e) => e.length) === v.view.terrain.length, `${w}: every terrain feature drawn`);
    for (const k of new Set(v.view.terrain.map((f) => f.kind)))
      check(await page.$(`#tb-table .tb-terrain[data-kind="${k}"]`) !== null, `${w}: terrain of kind ${k} drawn`);
    check(await page.$$eval('#tb-sequence li', (e) => e.length) === v.view.sequence.length, `${w}: the sequence of play listed (${v.view.sequence.length} phases)`);
    check(await page.$eval('#tb-sequence li[aria-current="step"]', (e) => e.dataset.phase) === v.view.phase.id, `${w}: the phase now (${v.view.phase.id}) marked in the sequence`);
    check(await noHScroll(page), `${w}x${hgt}: no horizontal scroll`);
    await shot(page, name);
    if (w === 1280) {
      const z0 = await page.$eval('#tb-table', (s) => Number(s.dataset.zoom));
      const box = await page.$eval('#tb-table', (s) => { const r = s.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
      await page.mouse.move(box[0], box[1]);
      await page.mouse.wheel(0, -300);
      await page.waitForFunction((z) => Number(document.querySelector('#tb-table').dataset.zoom) > z, z0, { timeout: 5000 }).catch(() => {});
      check(await page.$eval('#tb-table', (s) => Number(s.dataset.zoom)) > z0, 'the wheel zooms the table in');
      // a drag pans the table zoomed in (the view box moves, the zoom stays)
      const vb0 = await page.$eval('#tb-table', (s) => s.getAttribute('viewBox'));
      await page.mouse.move(box[0], box[1]);
      await page.mouse.down();
      await page.mouse.move(box[0] + 120, box[1] + 60, { steps: 4 });
      await page.mouse.up();
      const vb1 = await page.$eval('#tb-table', (s) => s.getAttribute('viewBox'));
      check(vb1 !== vb0 && await page.$eval('#tb-table', (s) => Number(s.dataset.zoom)) > z0, `a drag pans the zoomed table (${vb0} -> ${vb1})`);
      await page.click('#tb-zoom-fit');
      check(await page.$eval('#tb-table', (s) => Number(s.dataset.zoom)) === 1, '"Whole table" shows the whole table again');
    }

    if (w < 800) { // two fingers spread apart zoom the table in (a pinch)
      const r = await page.$eval('#tb-table', (e) => { const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; });
      const cdp = await page.context().newCDPSession(page);
      const fingers = (d) => [{ x: r[0] - d, y: r[1], id: 1 }, { x: r[0] + d, y: r[1], id: 2 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
      for (const d of [30, 45, 60, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const z = await page.$eval('#tb-table', (e) => Number(e.dataset.zoom));
      check(z > 1.5, `a pinch zooms the table in (zoom ${z.toFixed(2)})`);
      await page.click('#tb-zoom-fit');
    }

    // ---- 3. a few actions played by clicking --------------------------------
    let played = 0, ghosts = 0, targets = 0;
    const enough = () => played >= (w === 1280 ? 5 : 2) && ghosts >= 1;
    for (let i = 0; i < 40 && !enough(); i++) {
      if (await ready(page)) break;
      const view = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
      if (view.to_move !== 0) { await page.waitForTimeout(300); continue; }
      const legal = view.legal;
      // the page shows the step the server answered (its redraw done)
      await page.waitForFunction((st) => Number(document.querySelector('#status').dataset.step) === st && document.querySelector('#order-list button'), view.step, { timeout: 10000 });
      const before = await stepOf(page);
      const move = legal.find((a) => a.unit && a.pose);
      const fire = legal.find((a) => a.unit && a.target);
      if (move || fire) {
        const a = fire || move;
        if (w < 800) { // by the keyboard on the phone-sized screen, by a click on the wide one
          await page.focus(`#tb-table g.tb-unit[data-unit="${a.unit}"]`);
          await page.keyboard.press('Enter');
        } else {
          await page.click(`#tb-table g.tb-unit[data-unit="${a.unit}"]`);
        }
        await page.waitForSelector(`#tb-table g.tb-unit.selected[data-unit="${a.unit}"]`, { timeout: 5000 });
        const mine = legal.filter((x) => x.unit === a.unit);
        const nGhost = await page.$$eval('#tb-table g.tb-ghost', (e) => e.length);
        check(nGhost === mine.filter((x) => x.pose).length, `${w}: ${a.unit} selected shows a ghost for each of its ${mine.filter((x) => x.pose).length} legal poses (${nGhost})`);
        const tg = [...new Set(mine.filter((x) => x.target).map((x) => x.target))].sort();
        const hl = await page.$$eval('#tb-table g.tb-unit.target', (e) => e.map((x) => x.dataset.unit).sort());
        check(JSON.stringify(hl) === JSON.stringify(tg), `${w}: ${a.unit}'s fire and combat targets highlighted (${tg.join(', ') || 'none'})`);
        targets += tg.length;
        check(await page.$$eval('#order-list button', (b) => b.length) === mine.length + legal.filter((x) => !x.unit).length, `${w}: the list shows the selected unit's actions and the others'`);
        if (!fire && !ghosts) await shot(page, name + '-ghosts');
        if (!fire) { // the ghost on top (the last drawn), where a person would click
          const all = await page.$$('#tb-table g.tb-ghost');
          const text = await all[all.length - 1].getAttribute('data-action');
          check(legal.some((x) => x.text === text && x.unit === move.unit && x.pose), `${w}: the ghost clicked is a legal move of ${move.unit} (${text})`);
          await all[all.length - 1].click();
          ghosts++;
          // the unit stands where its ghost stood (the server's pose, not the page's)
          const want = legal.find((x) => x.text === text).pose.at;
          await waitStep(page, before);
          const after = (await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token)).view.units.find((u) => u.id === move.unit);
          check(after.pose && after.pose.at[0] === want[0] && after.pose.at[1] === want[1], `${w}: ${move.unit} now stands where its ghost stood (${want.join(', ')})`);
        } else {
          await page.click(`#order-list button[data-action="${CSS_escape(fire.text)}"]`);
        }
      } else {
        await page.click('#order-list button');
      }
      await waitStep(page, before);
      played++;
    }
    check(enough(), `${w}: ${played} actions played by clicking (${ghosts} on a ghost, ${targets} targets seen)`);
    check(await noHScroll(page), `${w}x${hgt}: no horizontal scroll after play`);
    await shot(page, name + '-played');
    if (w === 1280) {
      // ---- 4. French -----------------------------------------------------------
      await page.click('#lang-btn');
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      await page.waitForFunction(() => document.querySelector('#tb-zoom-fit') && document.querySelector('#tb-zoom-fit').textContent === 'Toute la table', null, { timeout: 5000 }).catch(() => {});
      check(await page.$eval('#tb-zoom-fit', (b) => b.textContent) === 'Toute la table', 'fr: the table page in French');
      const fr = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
      const now = fr.view.sequence.find((p) => p.id === fr.view.phase.id);
      await page.waitForFunction((s) => document.querySelector('#tb-phase').textContent === s, now.title_fr, { timeout: 5000 }).catch(() => {});
      check(await page.$eval('#tb-phase', (e) => e.textContent) === now.title_fr, `fr: the phase in French (${now.title_fr})`);
      check(await page.evaluate(async () => (await import('/js/i18n.js')).missingKeys().length === 0), 'lang: every label exists in English and in French');
      // the orders read as sentences in the page's language, never the
      // command line the server takes back (issue 32: one language a screen)
      const ordersFr = await page.$$eval('#order-list button', (bs) => bs.map((b) => b.textContent));
      const english = /^(next|initiative|reserve|movement|move|fire|combat|battery|attach|detach)\b|--|\b(fires at|charges|advances|holds|falls back|Next phase)\b/;
      check(ordersFr.length > 0 && !ordersFr.some((x) => english.test(x)), `fr: the orders in French (${ordersFr.slice(0, 3).join(' | ')})`);
      await page.click('#lang-btn');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await page.waitForFunction(() => [...document.querySelectorAll('#order-list button')].some((b) => !/Phase suivante|Mouvement|tire sur/.test(b.textContent)), null, { timeout: 5000 }).catch(() => {});
      const ordersEn = await page.$$eval('#order-list button', (bs) => bs.map((b) => b.textContent));
      check(ordersEn.length > 0 && !ordersEn.some((x) => /--|\b(tire sur|avance|recule|Phase suivante)\b/.test(x)), `en: the orders in English, not the command line (${ordersEn.slice(0, 3).join(' | ')})`);
    }
    await page.context().close();
  }
} catch (e) {
  fail(e);
} finally {
  await finish();
}

// a value inside a CSS attribute selector in double quotes
function CSS_escape(s) { return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'); }
