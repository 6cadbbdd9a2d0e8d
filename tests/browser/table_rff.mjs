// table_rff.mjs GROGNARD WEB DATA OUT - Regimental Fire and Fury's teaching
// battle on the table (game type rff-table, issue 35) in the page, in
// Debian's chromium against a real `grognard serve`: created through the
// API against the random computer player, drawn (every unit with as many
// stands as its pose), then played to its end by clicking the orders the
// page lists (a fire or a charge confirmed after its odds), the end shown.
import { start, stepOf, ready, waitStep } from './lib.mjs';

const { base, browser, out, check, watch, call, fail, finish } = await start('table_rff.mjs');
const shot = (page, name) => page.screenshot({ path: `${out}/${name}.png` });

try {
  const scenarios = await call('GET', '/api/scenarios');
  check(scenarios.some((s) => s.id === 'table/rff-teaching'), 'the server lists the rff teaching battle (table/rff-teaching)');
  const g = await call('POST', '/api/games', { scenario: 'table/rff-teaching', players: ['human', 'random'], seed: 1863 });
  const token = g.seats['0'];
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watch(await ctx.newPage());
  await page.goto(`${base}#/table/${encodeURIComponent(g.id)}?token=${encodeURIComponent(token)}`);
  await ready(page, 30000);
  const v = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
  const onTable = v.view.units.filter((u) => u.pose && u.pose.at);
  const drawn = await page.$$eval('#tb-table g.tb-unit', (gs) => gs.map((e) => ({ id: e.dataset.unit, stands: e.querySelectorAll('polygon.tb-base').length })));
  const want = onTable.map((u) => ({ id: u.id, stands: u.pose.stands.length })).sort((a, b) => a.id.localeCompare(b.id));
  drawn.sort((a, b) => a.id.localeCompare(b.id));
  check(onTable.length === 7 && JSON.stringify(drawn) === JSON.stringify(want), `every unit on the table drawn with its stands (${JSON.stringify(drawn)})`);
  await shot(page, 'rff-start');
  let acts = 0, over = false;
  for (let i = 0; i < 600; i++) {
    if ((over = await ready(page, 30000))) break;
    const view = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
    if (view.over) continue;
    if (view.to_move !== 0) { await page.waitForTimeout(100); continue; }
    await page.waitForFunction((st) => Number(document.querySelector('#status').dataset.step) === st && document.querySelector('#order-list button'), view.step, { timeout: 20000 });
    const before = await stepOf(page);
    await page.click('#order-list button');
    await page.waitForFunction((b) => Number(document.querySelector('#status').dataset.step) !== b || document.querySelector('#tb-odds-go'), before, { timeout: 20000 });
    if (await page.$('#tb-odds-go')) {
      await page.click('#tb-odds-go');
      await waitStep(page, before, 20000);
    }
    acts++;
  }
  const end = await call('GET', `/api/games/${encodeURIComponent(g.id)}`, undefined, token);
  check(over && end.over, `the rff teaching battle played to its end in the page (${acts} decisions)`);
  const said = await page.$eval('#status', (e) => e.textContent);
  check(said.includes('Battle over'), `the end shown ("${said}")`);
  await shot(page, 'rff-over');
} catch (e) {
  fail(e);
}
await finish();
