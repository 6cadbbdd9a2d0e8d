// table.mjs GROGNARD WEB DATA OUT - a battle on the table in the page
// (web/js/table.js, every game type on the table: aoe-table, nf-table,
// rff-table), in Debian's chromium against a real `grognard serve` (a fresh
// database in a temporary folder), for each battle GROGNARD_TABLE names
// (scenario ids, default "table/teaching": the aoe teaching battle, played at
// both sizes with the checks worked out by hand on its deployment; any
// other battle at 1280x800, with the same checks read from the server):
//  1. the start page lists the table battles; its button opens one;
//  2. the teaching battle against the computer, created through the API,
//     drawn: every unit on the table of the view is drawn with as many
//     stands as its pose has, every terrain feature is drawn;
//  3. a few actions played by clicking: a unit selected shows a ghost for
//     each legal move of its own, its fire targets highlighted;
//  4. zoom with the wheel and a pinch, pan by a drag; the ruler (19" between
//     two units, worked out by hand); a selected unit's arcs, bands and
//     sight; English and French; 1280x800 and 390x844 without a horizontal
//     scroll; no console errors;
//  5. the battle played to its end against the fastest computer player at
//     each size, as a person plays it: moves dragged (with the mouse, with a
//     finger on the phone) to snap to a listed move's end, once to a pose of
//     its own, once beyond the allowance (refused with the server's reason);
//     fires and combats from the orders, their odds shown first; the end
//     shown with its winner;
//  6. its replay opened from the end of the battle: stepped back to step 0
//     (a unit at its deployment, data/table/teaching.json), forward with
//     the arrow key, to the end (the table and the log as the battle
//     ended), in English and French, no horizontal scroll.
// Screenshots (PNG) are written to OUT (docs/img/page-table*.png are some,
// copied by hand: the README says which).
import path from 'node:path';
import { start, stepOf, ready as readyFor, waitStep as waitStepFor } from './lib.mjs';

const { base, browser, out, check, watch, call, fail, finish } = await start('table.mjs');

async function newPage(viewport, opts = {}) {
  const ctx = await browser.newContext({ viewport, ...opts });
  const page = await ctx.newPage();
  watch(page);
  return page;
}
const shot = (page, name) => page.screenshot({ path: path.join(out, name + '.png') });
const noHScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
// orders to give, or the end of the battle (a table's steps take longer)
const ready = (page, timeout = 20000) => readyFor(page, timeout);
const waitStep = (page, before) => waitStepFor(page, before, 20000);

// A point of the table (inches, y north) on the screen, as the page draws it.
const onScreen = (page, depth, p) => page.$eval('#tb-table', (svg, [x, y]) => {
  const q = svg.createSVGPoint();
  q.x = x; q.y = y;
  const r = q.matrixTransform(svg.getScreenCTM());
  return [r.x, r.y];
}, [p[0], depth - p[1]]);
// The middle of a unit's stands (inches): where a person takes it.
const middle = (pose) => {
  const c = pose.stands.flat();
  return [c.reduce((a, p) => a + p[0], 0) / c.length, c.reduce((a, p) => a + p[1], 0) / c.length];
};
// A drag on the screen from a to b (pixels): a mouse's, or a finger's (touch
// events as a phone's screen sends them); `during` runs before the release.
async function dragOn(page, a, b, touch, during) {
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a[0], y: a[1], id: 1 }] });
    for (let i = 1; i <= 8; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a[0] + ((b[0] - a[0]) * i) / 8, y: a[1] + ((b[1] - a[1]) * i) / 8, id: 1 }] });
    if (during) await during();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(a[0], a[1]);
    await page.mouse.down();
    await page.mouse.move(b[0], b[1], { steps: 8 });
    if (during) await during();
    await page.mouse.up();
  }
}
// An order clicked in the list; a fire or a combat shows its odds first
// (when the server gives them): `seen(odds)` checks them, then it is confirmed.
async function orderClick(page, text, seen) {
  const before = await stepOf(page);
  await page.click(`#order-list button[data-action="${CSS_escape(text)}"]`);
  await page.waitForFunction((b) => Number(document.querySelector('#status').dataset.step) !== b || document.querySelector('#tb-odds-go'), before, { timeout: 20000 });
  if (await page.$('#tb-odds-go')) {
    if (seen) await seen();
    await page.click('#tb-odds-go');
    await waitStep(page, before);
  }
}

const battles = (process.env.GROGNARD_TABLE || 'table/teaching').split(/\s+/).filter(Boolean);

try {
  for (const battle of battles) {
  // the aoe teaching battle: the checks worked out by hand on its deployment
  // (the ruler, Claparède at step 0), both sizes; the screenshots keep their names
  const byHand = battle === 'table/teaching';
  const stem = byHand ? 'table' : battle.replace(/^table\//, '');
  const btn = `#table-list button[data-table="${battle}"]`;
  // ---- 1. the start page lists the table battles ----------------------------
  const scenarios = await call('GET', '/api/scenarios');
  const tables = scenarios.filter((s) => /-table$/.test(s.game || s.type || ''));
  const listed0 = tables.find((s) => s.id === battle);
  check(listed0 !== undefined, `the server lists the battle on the table (${battle}, ${listed0 && (listed0.game || listed0.type)})`);
  {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(base);
    await page.waitForSelector(btn, { timeout: 10000 });
    check(await page.$$eval('#table-list button[data-table]', (b) => b.length) === tables.length, 'start: every table battle has its button');
    // the computer's level chosen as for the hex map (the same list)
    const levels = await page.$$eval('#tb-ai-level option', (o) => o.map((x) => x.value));
    check(JSON.stringify(levels) === JSON.stringify(await page.$$eval('#ai-level option', (o) => o.map((x) => x.value))) && levels.includes('random'), `start: the table's opponent levels are the hex map's (${levels.join(', ')})`);
    await page.selectOption('#tb-ai-level', 'random');
    await page.click(btn);
    await page.waitForSelector('#tb-table', { timeout: 10000 });
    check(/#\/table\/[^?]+\?token=/.test(page.url()), 'start: the button opens the battle at #/table/GAME?token=T');
    const made = /#\/table\/([^?]+)\?/.exec(page.url())[1];
    const listed = (await call('GET', '/api/games')).find((x) => x.id === decodeURIComponent(made));
    check(listed && JSON.stringify(listed.players) === '["human","random"]', `start: the battle against the level chosen (${listed && listed.players})`);

    // two people on two devices: the friend's link, each seat its view, live
    await page.goto(base);
    await page.waitForSelector('#tb-opp input[value="link"]', { timeout: 10000 });
    await page.check('#tb-opp input[value="link"]');
    check(await page.$eval('#tb-ai-level', (e) => e.closest('.form-row').hidden), 'start: no level for a friend');
    await page.click(btn);
    await page.waitForSelector('#tb-link-friend', { timeout: 10000 });
    const friend = await page.$eval('#tb-link-friend', (e) => e.value);
    check(/#\/table\/[0-9a-f]+\?seat=[0-9a-f]{32}$/.test(friend), `start: the friend's link opens the table with the other seat (${friend})`);
    await page.click('#tb-open-mine');
    await page.waitForSelector('#order-list button', { timeout: 10000 });
    const other = await newPage({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await other.goto(friend);
    await other.waitForSelector('#tb-table', { timeout: 10000 });
    const sides = (await call('GET', `/api/scenarios/${battle}`)).sides;
    const sideName = (x) => (typeof x === 'string' ? x : x.name);
    check((await other.$eval('#status', (e) => e.textContent)).includes(`you play ${sideName(sides[1])}`) && (await page.$eval('#status', (e) => e.textContent)).includes(`you play ${sideName(sides[0])}`),
      'two devices: each seat its side');
    check(await other.$('#order-list button') === null, 'two devices: the side not to move has no order to give');
    const s0 = await stepOf(other);
    await page.click('#order-list button');
    await other.waitForFunction((b) => Number(document.querySelector('#status').dataset.step) > b, s0, { timeout: 10000 }).catch(() => {});
    check(await stepOf(other) > s0 && await stepOf(other) === await stepOf(page), `two devices: the other device follows live (step ${s0} -> ${await stepOf(other)})`);
    await other.context().close();
    // the games list opens a battle on the table in the table's view
    await page.goto(base + '#/games');
    await page.waitForSelector('#games table', { timeout: 10000 });
    const opens = await page.$$eval('#games a', (as, id) => as.map((a) => a.getAttribute('href')).filter((x) => x.includes(id)), decodeURIComponent(made));
    check(opens.length > 0 && opens.every((x) => x.startsWith('#/table/')), `games: a table battle opens in the table's view (${opens.join(', ')})`);
    check(opens.some((x) => /^#\/table\/[0-9a-f]+\?replay=1(&token=[0-9a-f]{32})?$/.test(x)), `games: a table battle offers its replay in the table's view (${opens.join(', ')})`);
    await page.click(`#games a[href="${CSS_escape(opens[0])}"]`);
    await page.waitForSelector('#tb-table', { timeout: 10000 });
    await page.context().close();
  }

  // ---- 2. drawn as the view says -------------------------------------------
  for (const [w, hgt, name] of [[1280, 800, `${stem}-1280`], [390, 844, `${stem}-390`]].slice(0, byHand ? 2 : 1)) {
    // a battle at each size, against the fastest computer player (random)
    const g = await call('POST', '/api/games', { scenario: battle, players: ['human', 'random'], seed: 1809 });
    const token = g.seats['0'];
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

    if (w === 1280 && byHand) {
      // ---- the ruler, worked out by hand on the teaching battle's deployment
      // (data/table/teaching.json "deploy"): Claparède's front edge centred
      // at (12, 6) facing north (its stands behind, y < 6), Rottermund's at
      // (12, 25) facing south (its stands behind, y > 25): their bases face
      // each other across x = 12, so base edge to base edge is 25 - 6 = 19".
      // To the point (12, 10): 10 - 6 = 4" from Claparède's front edge.
      const units = (await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token)).view.units;
      const at = (uid) => units.find((u) => u.id === uid).pose.at.join(',');
      check(at('claparede') === '12,6' && at('rottermund') === '12,25', `the units still where deployed (${at('claparede')}; ${at('rottermund')})`);
      await page.click('#tb-ruler');
      check(await page.$eval('#tb-ruler', (b) => b.getAttribute('aria-pressed')) === 'true', 'the ruler on');
      await page.click('#tb-table g.tb-unit[data-unit="claparede"]');
      await page.waitForFunction(() => document.querySelector('#tb-info').dataset.state === 'ruler' && /Claparède/.test(document.querySelector('#tb-info').textContent), null, { timeout: 5000 });
      await page.click('#tb-table g.tb-unit[data-unit="rottermund"]');
      await page.waitForSelector('#tb-measure', { timeout: 5000 });
      const said = await page.$eval('#tb-info', (e) => e.textContent);
      const drawn = await page.$eval('#tb-measure text', (e) => e.textContent);
      check(drawn === '19"' && said.startsWith('Claparède to Rottermund: 19"'), `the ruler from Claparède to Rottermund: 19" by hand (drawn ${drawn}; "${said}")`);
      await shot(page, name + '-ruler');
      const depth = v.view.table.depth;
      await page.click('#tb-table g.tb-unit[data-unit="claparede"]');
      const p = await onScreen(page, depth, [12, 10]);
      await page.mouse.click(p[0], p[1]);
      await page.waitForFunction(() => document.querySelector('#tb-measure') && /\(/.test(document.querySelector('#tb-info').textContent), null, { timeout: 5000 });
      const toPoint = await page.$eval('#tb-info', (e) => e.textContent);
      const inches = Number(/: ([\d.]+)"/.exec(toPoint)[1]);
      check(Math.abs(inches - 4) <= 0.1, `the ruler from Claparède to the point clicked at (12, 10): 4" by hand, within a pixel ("${toPoint}")`);
      await page.click('#tb-ruler');
      check(await page.$('#tb-measure') === null && await page.$eval('#tb-info', (e) => e.textContent) === '', 'the ruler off: its line gone');
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
    let played = 0, ghosts = 0, targets = 0, sightShot = false;
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
        // its arcs, bands and sight of each enemy, as the server answers
        const sg = await call('GET', `/api/games/${encodeURIComponent(g.id)}/sight?unit=${view.view.units.findIndex((u) => u.id === a.unit)}`, undefined, token);
        await page.waitForFunction((n) => document.querySelectorAll('#tb-sight line.tb-los').length === n && document.querySelector('#tb-arcs'), sg.targets.length, { timeout: 5000 }).catch(() => {});
        const los = await page.$$eval('#tb-sight line.tb-los', (e) => e.map((x) => [x.dataset.target, x.classList.contains('seen')]));
        check(los.length === sg.targets.length && sg.targets.every((x) => los.some(([id, seen]) => id === x.id && seen === x.sight)),
          `${w}: ${a.unit}'s sight of each enemy drawn as the server says (${sg.targets.map((x) => `${x.id} ${x.sight ? 'seen' : 'blocked by ' + x.blocked_by}`).join('; ')})`);
        check(await page.$$eval('#tb-arcs polygon.tb-arc', (e) => e.length) === sg.arcs.length && await page.$$eval('#tb-arcs circle.tb-band', (e) => e.length) === sg.bands.filter((b) => Number(b.inches) > 0).length,
          `${w}: ${a.unit}'s fire arc and its range bands drawn (${sg.bands.map((b) => `${b.name} ${b.inches}`).join(', ')}; a band of 0, at contact, has no circle)`);
        if (!sightShot) { await shot(page, name + '-sight'); sightShot = true; }
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
          await orderClick(page, fire.text);
        }
      } else {
        await page.click('#order-list button');
      }
      if (await stepOf(page) === before) await waitStep(page, before);
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

    // ---- 5. the battle played to its end, as a person plays it ---------------
    // Each decision from the list the view gives: a fire or a combat first
    // (its odds, then confirmed), a unit whose move is to be chosen dragged
    // to the end of its farthest advance (or any move there is), a movement
    // test for the first unit offered one, else the first order (the next
    // phase, mostly).  Once a battle, a drag off the listed ends (a pose the
    // server checks) and one far beyond the allowance (refused, its reason
    // shown).
    {
      const depth = v.view.table.depth;
      let acts = 0, drags = 0, poses = 0, refusedSeen = false, over = false, oddsSeen = false;
      const rawSeen = new Map();
      for (let i = 0; i < 800; i++) {
        if ((over = await ready(page, 30000))) break;
        const view = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
        if (view.over) continue;
        if (view.to_move !== 0) { await page.waitForTimeout(100); continue; }
        await page.waitForFunction((st) => Number(document.querySelector('#status').dataset.step) === st && document.querySelector('#order-list button'), view.step, { timeout: 20000 });
        const L = view.legal;
        // every order in words, never the command line the server takes back
        // (data-action holds that; the button's text is the page's)
        for (const [act, words] of await page.$$eval('#order-list button[data-action]', (bs) => bs.map((b) => [b.dataset.action, b.textContent])))
          if (words === act && !rawSeen.has(act.split(' ')[0])) rawSeen.set(act.split(' ')[0], act);
        const before = view.step;
        const shoot = L.find((a) => a.verb === 'fire' || a.verb === 'combat');
        const moves = L.filter((a) => a.verb === 'move' && a.unit && a.pose);
        if (shoot) {
          await orderClick(page, shoot.text, oddsSeen ? null : async () => {
            // the odds of every result and each modifier, as GET .../odds gives them
            const o = await call('GET', `/api/games/${encodeURIComponent(g.id)}/odds?action=${L.indexOf(shoot)}`, undefined, token);
            const bars = await page.$$eval('#tb-odds-results li', (e) => e.map((x) => Number(x.dataset.p)));
            const words = await page.$$eval('#tb-odds-results .tb-odds-res', (e) => e.map((x) => x.textContent));
            const mods = await page.$$eval('#tb-odds-mods li', (e) => e.length);
            const want = o.results.map((r) => r.percent / 100);
            check(bars.length === want.length && bars.every((p, k) => Math.abs(p - want[k]) < 1e-9) && words.every((x, k) => x === o.results[k].result) && Math.abs(want.reduce((x, y) => x + y, 0) - 1) < 0.001,
              `${w}: before "${shoot.text}", the odds of its ${want.length} results (${o.results.map((r) => `${r.result} ${r.percent}%`).join('; ')})`);
            check(mods === o.modifiers.filter((m) => m.applied !== false).length + (o.factors || []).filter((f) => f.applied !== false).length,
              `${w}: each of its modifiers listed (${mods}: ${[...(o.factors || []), ...o.modifiers].map((m) => m.name).join('; ') || 'none'})`);
            check(await page.$eval('#tb-odds-total', (e) => e.textContent).then((x) => x.endsWith(String(o.total))), `${w}: its total modifier (${o.total})`);
            await shot(page, name + '-odds');
            oddsSeen = true;
          });
        } else if (moves.length) {
          const uid = moves[0].unit, u = view.view.units.find((x) => x.id === uid);
          // an end no other listed end is near (a drop snaps to the nearest)
          const alone = (a) => moves.every((b) => b === a || Math.hypot(b.pose.at[0] - a.pose.at[0], b.pose.at[1] - a.pose.at[1]) > 0.6);
          const adv = moves.filter((a) => a.move === 'advance' && alone(a));
          const m = adv[adv.length - 1] || moves.find((a) => a.move !== 'hold' && alone(a)) || moves.find(alone);
          const grab = middle(u.pose);
          await page.$eval('#tb-table', (e) => e.scrollIntoView({ block: 'center' })); // the whole table on the screen
          const a0 = await onScreen(page, depth, grab);
          if (!refusedSeen) {
            check((await page.$eval('#tb-hint', (e) => e.textContent)).startsWith('Drag the unit'), `${w}: the hint says to drag the unit`);
          }
          if (!refusedSeen) { // far beyond its allowance, off the table's far side: refused, the unit stays
            // (20" on for the aoe teaching battle; on another, the table's far side from the unit,
            // beyond any allowance in inches or in cm)
            const far = await onScreen(page, depth, [grab[0], byHand ? Math.min(depth - 0.5, grab[1] + 20) : grab[1] < depth / 2 ? depth - 0.5 : 0.5]);
            await dragOn(page, a0, far, w < 800);
            await page.waitForSelector('#tb-drag-ghost[data-legal="refused"]', { timeout: 10000 });
            const why = await page.$eval('#tb-info', (e) => e.textContent);
            const dry = await call('POST', `/api/games/${encodeURIComponent(g.id)}/check`, { action: await page.$eval('#tb-drag-ghost', (e) => e.dataset.action) }, token);
            check(await stepOf(page) === before && dry.legal === false && why === `Refused: ${dry.reason}`, `${w}: a drag of ${uid} beyond its allowance is refused with the server's reason ("${why}")`);
            await page.keyboard.press('Escape');
            check(await page.$('#tb-drag-ghost') === null && await page.$eval('#tb-info', (e) => e.textContent) === '', `${w}: Esc clears the refused pose`);
            refusedSeen = true;
          }
          if (!m) { await page.click('#order-list button'); } else {
            if (!poses && m.move !== 'hold') { // part of the way to that end, its facing kept: a pose of its own, checked by the server
              // part of the way there, off every listed end (a drop there snaps to none)
              const part = (f) => [u.pose.at[0] + f * (m.pose.at[0] - u.pose.at[0]), u.pose.at[1] + f * (m.pose.at[1] - u.pose.at[1])];
              const clear = (p) => moves.every((x) => Math.hypot(x.pose.at[0] - p[0], x.pose.at[1] - p[1]) > 0.6);
              const at = [0.5, 0.4, 0.6].map(part).find(clear);
              if (at) {
                const b = await onScreen(page, depth, [grab[0] + at[0] - u.pose.at[0], grab[1] + at[1] - u.pose.at[1]]);
                await dragOn(page, a0, b, w < 800);
                await page.waitForFunction((st) => Number(document.querySelector('#status').dataset.step) !== st || document.querySelector('#tb-drag-ghost[data-legal="refused"]'), before, { timeout: 20000 });
                const now = (await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token)).view.units.find((x) => x.id === uid);
                if (await stepOf(page) !== before) {
                  poses++;
                  check(now.pose && Math.abs(now.pose.at[0] - at[0]) < 0.06 && Math.abs(now.pose.at[1] - at[1]) < 0.06, `${w}: ${uid} dragged part of the way stands where it was dropped (${at.map((x) => x.toFixed(2)).join(', ')}; the server: ${now.pose && now.pose.at.join(', ')})`);
                  acts++;
                  continue;
                }
              }
            }
            const b = await onScreen(page, depth, [grab[0] + m.pose.at[0] - u.pose.at[0], grab[1] + m.pose.at[1] - u.pose.at[1]]);
            await dragOn(page, a0, b, w < 800, drags > 1 ? null : async () => {
              // while dragged: the allowance shaded as the server's reach
              // gives it, the ghost snapped to the listed end, its cost
              const r = await call('GET', `/api/games/${encodeURIComponent(g.id)}/reach?unit=${view.view.units.findIndex((x) => x.id === uid)}`, undefined, token);
              // (a finger's last move comes with the browser's next frame)
              await page.waitForFunction(([n, text]) => document.querySelectorAll('#tb-drag polygon.tb-reach').length === n &&
                document.querySelector('#tb-drag-ghost') && document.querySelector('#tb-drag-ghost').dataset.action === text, [r.area.length, m.text], { timeout: 5000 }).catch(() => {});
              const shaded = await page.$$eval('#tb-drag polygon.tb-reach', (e) => e.length);
              const ghost = await page.$eval('#tb-drag-ghost', (e) => [e.dataset.legal, e.dataset.action]);
              const cost = r.moves.find((x) => x.text === m.text).cost;
              const said = await page.$eval('#tb-info', (e) => e.textContent);
              check(shaded === r.area.length && r.area.length > 0, `${w}: ${uid}'s allowance shaded while dragged (${shaded} cells of 1", ${r.result})`);
              check(ghost[0] === 'legal' && ghost[1] === m.text && said.includes(`cost ${cost}${v.view.table.unit === 'cm' ? ' cm' : '"'}`), `${w}: the ghost where it would end, its cost (${said}; ${ghost.join(': ')})`);
              if (drags === 1) await shot(page, name + '-drag');
            });
            await waitStep(page, before);
            drags++;
            const now = (await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token)).view.units.find((x) => x.id === uid);
            if (drags === 1 || !(now.pose && now.pose.at[0] === m.pose.at[0] && now.pose.at[1] === m.pose.at[1]))
              check(now.pose && now.pose.at[0] === m.pose.at[0] && now.pose.at[1] === m.pose.at[1], `${w}: ${uid} dragged near the end of "${m.text}" snaps to it (${m.pose.at.join(', ')}; the server: ${now.pose && now.pose.at.join(', ')})`);
          }
        } else {
          const mv = L.find((a) => a.verb === 'movement' && !a.formation);
          await page.click(mv ? `#order-list button[data-action="${CSS_escape(mv.text)}"]` : '#order-list button');
        }
        if (await stepOf(page) === before) await waitStep(page, before);
        acts++;
      }
      const end = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
      check(over && end.over, `${w}: the teaching battle played to its end in the page (${acts} decisions, ${drags} moves dragged, ${poses} poses of its own)`);
      check(drags > 0 && refusedSeen && poses === 1, `${w}: moves made by dragging the units (${drags}), one to a pose of its own, one drag refused`);
      check(oddsSeen, `${w}: the odds shown before a fire or a combat`);
      check(rawSeen.size === 0, `${w}: every order of the battle shown in words, none as its command line${rawSeen.size ? ` (${[...rawSeen.values()].join('; ')})` : ''}`);
      const said = await page.$eval('#status', (e) => e.textContent);
      const sides = end.sides || [];
      const want = end.winner === 'draw' || end.winner === null || end.winner === undefined ? 'a draw' : `${sides[end.winner]} wins`;
      check(said.includes('Battle over') && said.includes(want), `${w}: the end shown with its winner ("${said}", the server: ${JSON.stringify(end.winner)})`);
      check(await page.$$eval('#order-list button', (b) => b.length) === 0, `${w}: no order left to give`);
      check(await noHScroll(page), `${w}x${hgt}: no horizontal scroll at the end`);
      await shot(page, name + '-over');
      // why the computer played its last decision, as the hex map's page asks it
      await page.click('#why-btn');
      await page.waitForSelector('#why:not([hidden]) h2', { timeout: 5000 });
      const why = await call('GET', `/api/games/${encodeURIComponent(g.id)}/why`, undefined, token);
      const shown = await page.$eval('#why', (e) => e.textContent);
      check(shown.includes(why.played) && shown.includes('does not search'), `${w}: "Why?" shows the computer's last decision (${why.played})`);
      await page.click('#why button');

      // a log line that resolved a test opens to its modifiers and its rule
      // (the server's log: a line's `details`), on a phone-sized screen too
      const withMods = (end.log || []).filter((e) => (e.details || []).some((d) => d.kind === 'modifier'));
      check(withMods.length > 0, `${w}: the server's log gives a test's modifiers as a line's details (${withMods.length} line(s))`);
      const line = withMods[withMods.length - 1];
      const wantMod = line && line.details.find((d) => d.kind === 'modifier').text;
      const sel = `#log details.logline[data-key="${line && line.step}:${(end.log || []).indexOf(line)}"]`;
      for (const [vw, vh] of [[1280, 900], [390, 800]]) {
        await page.setViewportSize({ width: vw, height: vh });
        await page.waitForSelector(sel, { timeout: 5000 });
        check(!(await page.$eval(sel, (d) => d.open)), `${vw}: the log line of step ${line.step} is closed at first`);
        await page.click(`${sel} > summary`);
        const mods = await page.$$eval(`${sel} li[data-kind="modifier"]`, (e) => e.filter((x) => x.getClientRects().length).map((x) => x.textContent));
        check(await page.$eval(sel, (d) => d.open) && mods.some((x) => x.startsWith(wantMod)), `${vw}: the log line opens to its modifiers ("${wantMod}" among ${JSON.stringify(mods)})`);
        check(line.source && (await page.$eval(sel, (d) => d.textContent)).includes(line.source), `${vw}: the opened line cites its rule (${line.source})`);
        check(await noHScroll(page), `${vw}: no horizontal scroll with a log line open`);
        if (vw < 800) await shot(page, name + '-log-open');
        await page.click(`${sel} > summary`);
      }
      await page.setViewportSize({ width: w, height: hgt });

      // ---- 6. the replay, from the end of the battle --------------------------
      // the table as the battle ended: each unit's stands, and the log
      const drawnNow = () => page.$$eval('#tb-table g.tb-unit', (gs) => gs.map((e) => `${e.dataset.unit} ${[...e.querySelectorAll('polygon.tb-base')].map((q) => q.getAttribute('points')).join(' | ')}`).sort());
      const logNow = () => page.$$eval('#log .logline', (e) => e.map((x) => x.textContent));
      const endDrawn = await drawnNow(), endLog = await logNow();
      const atStep = (n) => page.waitForFunction((k) => document.querySelector('#tb-replay-slider') && document.querySelector('#status').dataset.step === String(k) && Number(document.querySelector('#tb-replay-slider').value) === k, n, { timeout: 10000 });
      await page.click('#tb-replay-link');
      await atStep(end.step);
      check(await page.$('#order-list button') === null && await page.$eval('#tb-replay-step', (e) => e.textContent) === `Step ${end.step} of ${end.step}`, `${w}: the replay opens at the battle's last step (${end.step}), nothing to play`);
      await page.click('#tb-replay-first');
      await atStep(0);
      if (byHand) {
        // data/table/teaching.json: Claparède's front edge's centre at (12, 6);
        // its name is drawn 0.35" above it, the table 30" deep (y = 30 - 6 - 0.35)
        const clap = await page.$eval('#tb-table text.tb-name[data-unit="claparede"]', (e) => [Number(e.getAttribute('x')), Number(e.getAttribute('y'))]);
        check(Math.abs(clap[0] - 12) < 1e-9 && Math.abs(clap[1] - 23.65) < 1e-9, `${w}: at step 0 Claparède stands at its deployment, (12, 6) (drawn at ${clap.join(', ')})`);
        const endClap = end.view.units.find((u) => u.id === 'claparede');
        check(!endClap.pose || endClap.pose.at[0] !== 12 || endClap.pose.at[1] !== 6, `${w}: Claparède did not end where it stood at the start (${endClap.pose ? endClap.pose.at.join(', ') : 'off the table'}), so step 0 shows the past`);
      } else {
        // every unit drawn at step 0 where the server's view of step 0 has it
        // (its front edge's centre: the name is drawn 0.35 above it, y north)
        const start = (await call('GET', `/api/games/${encodeURIComponent(g.id)}?step=0`, undefined, token)).view;
        const dep = start.table.depth;
        const names = await page.$$eval('#tb-table text.tb-name', (ts) => ts.map((e) => [e.dataset.unit, Number(e.getAttribute('x')), Number(e.getAttribute('y'))]));
        const placed = start.units.filter((u) => u.pose && u.pose.at);
        check(placed.length > 0 && names.length === placed.length && placed.every((u) => names.some(([id, x, y]) => id === u.id && Math.abs(x - u.pose.at[0]) < 1e-9 && Math.abs(y - (dep - u.pose.at[1] - 0.35)) < 1e-9)),
          `${w}: at step 0 every unit stands where the battle began (${placed.length} units)`);
        const moved = placed.filter((u) => { const e = end.view.units.find((x) => x.id === u.id); return !e.pose || e.pose.at[0] !== u.pose.at[0] || e.pose.at[1] !== u.pose.at[1]; });
        check(moved.length > 0, `${w}: ${moved.length} unit(s) did not end where they began (${moved.map((u) => u.id).join(', ')}), so step 0 shows the past`);
      }
      check((await logNow()).length === 0 && await page.$eval('#tb-replay-step', (e) => e.textContent) === `Step 0 of ${end.step}`, `${w}: at step 0 the log is empty`);
      await page.keyboard.press('ArrowRight');
      await atStep(1);
      const log1 = await logNow();
      check(log1.length > 0 && log1.every((x) => x.startsWith('1')), `${w}: the arrow key steps forward, the log running to step 1 (${log1.length} line(s))`);
      check(await noHScroll(page), `${w}x${hgt}: no horizontal scroll in the replay`);
      await shot(page, name + '-replay');
      await page.keyboard.press('l'); // French
      // the bar's words all in French once the page has redrawn it (the check waits for them,
      // as a person would look again, rather than reading them at the first word changed)
      const french = await page.waitForFunction((last) => document.querySelector('#tb-replay-first').textContent === 'Début' && document.querySelector('#tb-replay-last').textContent === 'Fin' && document.querySelector('#tb-replay-step').textContent === `Étape 1 sur ${last}`, end.step, { timeout: 10000 }).then(() => true, () => false);
      check(french, `${w}: the replay in French`);
      await page.keyboard.press('l');
      await page.waitForFunction(() => document.querySelector('#tb-replay-first').textContent === 'First', null, { timeout: 5000 });
      await page.click('#tb-replay-last');
      await atStep(end.step);
      const replayDrawn = await drawnNow(), replayLog = await logNow();
      check(JSON.stringify(replayDrawn) === JSON.stringify(endDrawn), `${w}: at the last step the table is as the battle ended (${replayDrawn.length} units)`);
      check(JSON.stringify(replayLog) === JSON.stringify(endLog), `${w}: at the last step the log is the battle's (${replayLog.length} lines)`);
      await page.click('#tb-replay-prev');
      await atStep(end.step - 1);
      check(Number(await page.$eval('#tb-replay-slider', (e) => e.max)) === end.step, `${w}: back one step with the button, the slider's end the battle's last step`);
      // the slider moved by hand to the middle of the battle
      const mid = Math.floor(end.step / 2);
      await page.$eval('#tb-replay-slider', (e, k) => { e.value = String(k); e.dispatchEvent(new Event('input', { bubbles: true })); }, mid);
      await atStep(mid);
      const logMid = await page.$$eval('#log .logline .stepno', (e) => e.map((x) => Number(x.textContent)));
      check(logMid.length > 0 && Math.max(...logMid) <= mid && await page.$eval('#tb-replay-step', (e) => e.textContent) === `Step ${mid} of ${end.step}`, `${w}: the slider to step ${mid}, the log running to it (${logMid.length} lines, the last of step ${Math.max(...logMid)})`);
    }
    await page.context().close();
  }
  }
} catch (e) {
  fail(e);
} finally {
  await finish();
}

// a value inside a CSS attribute selector in double quotes
function CSS_escape(s) { return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'); }
