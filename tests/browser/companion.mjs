// companion.mjs GROGNARD WEB DATA OUT - the battle companion's page in
// Debian's chromium against a real `grognard serve`: a battle created from
// a bundled order of battle (Maida, Napoleonic Fury, seed 1806), the two
// side links opened in two browser contexts (two devices), each side's own
// units in full and the enemy's without its hidden details, one test resolved
// through the form with the dice typed in (the French 1er Léger's maneuver,
// roll 3: "two_thirds_move_and_fc", as tests/server/battle_api.sh works it
// out), its modifiers and its instructions for the table shown, the other
// device updated live by the event stream, undo, French; then that the
// game view and the companion view use the one API client and event-stream
// client of web/js/api.js (a stream refused shows the same element in both,
// both open it again, and close it when left).  Screenshots
// (page-companion*.png) go to OUT.
import fs from 'node:fs';
import path from 'node:path';
import { start } from './lib.mjs';

const { base, browser, web, out, check, watch, fail, finish } = await start('companion.mjs');
// `expected`: the console errors the test provokes (none but those is allowed)
async function newPage(viewport = { width: 1280, height: 900 }, expected = null) {
  const ctx = await browser.newContext({ viewport, locale: 'en-GB' });
  await ctx.addInitScript(() => { try { localStorage.setItem('grognard.lang', 'en'); } catch (e) { /* ignore */ } });
  const page = await ctx.newPage();
  watch(page, expected);
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
  // a QR code per side's link, made by the server from that very link
  await host.waitForFunction(() => [0, 1].every((s) => document.querySelector('#bt-qr-' + s).complete && document.querySelector('#bt-qr-' + s).naturalWidth > 0));
  const qrs = await host.$$eval('img.qr', (a) => a.map((i) => decodeURIComponent(new URL(i.src).searchParams.get('text'))));
  check(qrs.length === 2 && qrs[0] === link0 && qrs[1] === link1, 'create: a QR code of each side\'s link');
  await shot(host, 'page-companion-new');

  // 2. the French on one device, the British on another
  const fr = await newPage();
  const br = await newPage({ width: 390, height: 844 }, /status of (409|400)/); // a phone (the refusal of 4b is a 409, of a range too far a 400)
  // what the French device asks: the system's words (GET .../rules) once,
  // not with each view
  const frAsked = { rules: 0, views: 0 };
  fr.on('request', (q) => {
    const p = new URL(q.url()).pathname;
    if (/^\/api\/battles\/[0-9a-f]{16}\/rules$/.test(p)) frAsked.rules++;
    else if (/^\/api\/battles\/[0-9a-f]{16}$/.test(p)) frAsked.views++;
  });
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
  await br.waitForSelector('#bt-sequence li.now[data-phase="p1_maneuver_2_move"]', { timeout: 5000, state: 'attached' });
  check(true, 'the British device followed the phase live');
  // the verbs allowed now as buttons named in words (src/battle's data)
  const frVerbs = await fr.$$eval('#bt-verbs button', (a) => a.map((b) => `${b.dataset.verb}=${b.textContent}`).join());
  check(frVerbs.includes('maneuver=Maneuver (Good Order table)') && !/next/.test(frVerbs), 'the tests allowed now, in words: ' + frVerbs);
  await fr.click('#bt-verbs button[data-verb="maneuver"]');
  await fr.waitForSelector('#bt-unit');
  await fr.click('#bt-unit button[data-unit="fr_1leg"]');
  await fr.click('#bt-more > summary');
  const dir = await fr.$('#bt-in-division-in-range');
  check(dir !== null && (await fr.$eval('label[for="bt-in-division-in-range"]', (e) => e.textContent)) === 'Division officer in range',
    'the form asks for the facts the table gives, in words (Division officer in range)');
  if (dir) await fr.check('#bt-in-division-in-range');
  await fr.click('#bt-odds');
  await fr.waitForSelector('#bt-odds-box');
  check((await text(fr, '#bt-odds-box')).includes('%'), 'the odds before the roll');
  await shot(fr, 'page-companion-odds');
  await fr.fill('#bt-roll', '3');
  await fr.click('#bt-do');
  await fr.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('1er Léger (Compère): Maneuver (Good Order table)'));
  const result = await text(fr, '#bt-result');
  // seed 002, GOOD ORDER TABLE, Average 9: "Unit has 2/3 MV and may FC"
  check(result.includes('Unit has 2/3 MV and may FC') && !result.includes('fr_1leg'), 'the result of the maneuver in a sentence, the sheet\'s words: ' + result.slice(0, 200));
  check(await fr.$('#bt-mods tr') !== null, 'the modifiers with their reasons');
  check((await fr.$$eval('#bt-instructions li', (a) => a.length)) > 0, 'the instructions for the table');
  await shot(fr, 'page-companion');
  await br.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('1er Léger (Compère): Maneuver (Good Order table)') &&
    document.querySelector('#bt-instructions li'), null, { timeout: 5000 });
  check(true, 'the British device shows the instructions of the French test, live');
  await shot(br, 'page-companion-phone');

  // 4. undo by the French; the British cannot
  check(await br.$eval('#bt-undo', (b) => b.disabled), 'the British cannot undo the French action');
  await fr.click('#bt-undo');
  await fr.waitForFunction(() => document.querySelector('#bt-result').textContent.includes('Undone'));
  check(true, 'undo');

  // 4b. a phone at the table (390x844): no horizontal scroll; the phase and
  // the tests allowed now at the top, without scrolling; its own units to
  // act with and the enemy's as targets; a fire test from the odds to the
  // result by taps.  The British fire defensively (seed 002, sequence:
  // "the non-phasing player resolves his defensive fire").
  const wide = (p) => p.evaluate(() => document.documentElement.scrollWidth);
  check(await wide(br) <= 390, `phone: no horizontal scroll (${await wide(br)} px wide)`);
  for (const ph of ['p1_maneuver_3_leaders', 'p1_reaction']) {
    await fr.click('#bt-next');
    await br.waitForSelector(`#bt-sequence li.now[data-phase="${ph}"]`, { state: 'attached' });
  }
  await br.click('#bt-next');
  await br.waitForSelector('#bt-verbs button[data-verb="fire"]');
  await br.evaluate(() => window.scrollTo(0, 0));
  const top = await br.evaluate(() => ['#bt-phase', '#bt-verbs button[data-verb="fire"]'].map((q) => Math.round(document.querySelector(q).getBoundingClientRect().bottom)));
  check(top.every((y) => y > 0 && y <= 844), `phone: the phase and the tests allowed now within the first screen (bottoms at ${top} px of 844)`);
  check(await text(br, '#bt-phase') === 'Musketry and Cannonade (3rd) Phase: the non-phasing player resolves his defensive fire',
    'phone: the phase now in the sheet\'s words: ' + await text(br, '#bt-phase'));
  await shot(br, 'page-companion-phone-phase');
  await br.click('#bt-verbs button[data-verb="fire"]');
  await br.waitForSelector('#bt-target');
  const ids = (q) => br.$$eval(q, (a) => a.map((e) => e.dataset.unit || e.dataset.target).sort().join());
  const own = await ids('#bt-units table[data-side="1"] tr[data-unit]:not(.removed)');
  const enemy = await ids('#bt-units table[data-side="0"] tr[data-unit]:not(.removed)');
  check(await ids('#bt-unit button') === own && await ids('#bt-target button') === enemy && own !== enemy,
    'phone: one\'s own units to act with, the enemy\'s as targets');
  await br.click('#bt-unit button[data-unit="br_light"]');
  await br.click('#bt-target button[data-target="fr_1leg"]');
  // a refusal naming a fact: the server names it {range} with "param"
  // (include/grognard/error.h); the page says the field's label and marks it
  await br.fill('#bt-in-range', '30');
  await br.click('#bt-odds');
  await br.waitForSelector('#bt-refusal');
  const far = await text(br, '#bt-refusal');
  check(far.includes(': “Range (inches)”: the light_infantry cannot fire that far') && !/\{range\}|--range/.test(far) && await br.$eval('#bt-in-range', (e) => e.getAttribute('aria-invalid')) === 'true',
    'phone: a refusal names the fact at fault by its label, and marks its field: ' + far);
  await br.fill('#bt-in-range', '2');
  await br.click('#bt-odds');
  await br.waitForSelector('#bt-odds-box svg');
  // seed 002, the Fire table's results: "Desultory | Lively | Telling | Deadly | Withering"
  const oddsText = await br.$$eval('#bt-odds-box svg text', (a) => a.map((e) => e.textContent).join(' '));
  check(/Desultory/.test(oddsText) && /%/.test(oddsText) && !/desultory/.test(oddsText), 'phone: the odds, each result in the sheet\'s words: ' + oddsText.slice(0, 120));
  check(await wide(br) <= 390, `phone: the odds fit (${await wide(br)} px wide)`);
  await shot(br, 'page-companion-phone-odds');
  // the dice rolled at the table: 11.  Seed 002, fire points: the light
  // battalion's 4 stands at 2" ("Light Infantry | Out to 3\"= 1") are 4 points;
  // "+1 Light infantry ... firing": 11 + 1 = 12; Fire table, row "4 | 0-7 |
  // 8-11 | 12+": Telling ("Target disordered & 1 stand lost")
  await br.fill('#bt-roll', '11');
  await br.click('#bt-do');
  await br.waitForFunction(() => document.querySelector('#bt-said') && document.querySelector('#bt-said').textContent.includes('Light battalion (Kempt): Fire against 1er Léger (Compère)'));
  const fired = await text(br, '#bt-result');
  check(/score 12, the sheet reads Telling/.test(fired) && !/br_light|--target/.test(fired), 'phone: the result in words: ' + fired.slice(0, 200));
  check(await wide(br) <= 390, `phone: the result fits (${await wide(br)} px wide)`);
  await shot(br, 'page-companion-phone-result');
  // a refusal in a sentence: the same unit fires again (the test stays chosen)
  check(await br.$eval('#bt-verbs button[data-verb="fire"]', (b) => b.getAttribute('aria-pressed')) === 'true' && await br.$('#bt-unit button[aria-pressed="true"]') === null,
    'phone: after a result, the same test is ready for the next unit');
  await br.click('#bt-unit button[data-unit="br_light"]');
  await br.click('#bt-target button[data-target="fr_1leg"]');
  await br.fill('#bt-in-range', '2');
  await br.click('#bt-do');
  await br.waitForSelector('#bt-refusal');
  const no = await text(br, '#bt-refusal');
  check(no.startsWith('Light battalion (Kempt) cannot take the test “Fire” now: ') && !/br_light|p1_fire/.test(no), 'phone: a refusal in a sentence: ' + no);
  await br.click('#bt-next');
  await fr.waitForSelector('#bt-sequence li.now[data-phase="p1_fire_phasing"]', { state: 'attached' });

  // the after-action report, a page to share: the story turn by turn in
  // words, the stands lost by side with a legend naming both, the leaders
  await br.click('#bt-report');
  await br.waitForSelector('#bt-aar-story article');
  const story = await text(br, '#bt-aar-story');
  check(story.includes('Turn 1') && story.includes('Musketry and Cannonade (3rd) Phase: the non-phasing player resolves his defensive fire') &&
    story.includes('Light battalion (Kempt): Fire against 1er Léger (Compère)') && story.includes('Telling') &&
    story.includes('1er Léger (Compère): disordered; remove 1 stand') && !/br_light|--roll/.test(story), 'report: the story in words: ' + story.slice(0, 240));
  check((await text(br, '#bt-aar-legend')).includes('French') && (await text(br, '#bt-aar-legend')).includes('British') &&
    (await text(br, '#bt-aar-total')) === 'In all: French lost 1 stand(s), British lost 0.', 'report: the losses with a legend naming both sides: ' + await text(br, '#bt-aar-total'));
  check((await text(br, '#bt-aar-leaders')).includes('No leader out of action'), 'report: the leaders\' fates');
  check(await wide(br) <= 390, `report: fits the phone (${await wide(br)} px wide)`);
  await shot(br, 'page-companion-phone-report');

  // 5. French
  await fr.click('#lang-btn');
  await fr.waitForFunction(() => document.querySelector('#bt-sequence h2').textContent.includes('Séquence'));
  check((await text(fr, '#bt-units')).includes('Vos unités') && (await text(fr, '#bt-units tr[data-unit="fr_1leg"]')).includes('colonne'), 'in French, the formations too');
  check((await text(fr, '#bt-units .bt-leaders')).includes('Reynier (French, armée, moyen)'), 'in French, the leaders\' roles and ratings too');
  // one language per screen: the phases and the verbs in French (seed 002
  // is English: the French is the battle type's own translation)
  check((await text(fr, '#bt-phase')).startsWith('Phase de mousqueterie et canonnade (3e)') &&
    (await text(fr, '#bt-verbs button[data-verb="fire"]')) === 'Tir' && !(await text(fr, '#bt-sequence ol')).includes('Phase:'),
  'in French: the phase now and the verbs in French: ' + await text(fr, '#bt-phase'));
  check(frAsked.rules === 1 && frAsked.views >= 3, `the French device asked for the system's words once (${frAsked.rules}), its view ${frAsked.views} times`);

  // 5b. one language per screen: L'Âge des Aigles (French sheets) and
  // Gettysburg (Regimental Fire and Fury, French sheets) in the English
  // page, on a phone: no French phase title or verb; each phase's sheet
  // words are in its tooltip, said so ("As the sheet prints it")
  const french = /[éèêàâçœôûî«»]|\b(Phase \(\d\) (Mouvement|Tirs|Combats)|Segment|joueur|Tirs|Manœuvres|Mousqueterie|Charges?:)\b/;
  for (const [sys, oob, phases] of [['aoe', 'austerlitz_pratzen', 15], ['rff', 'little_round_top', 16]]) {
    const c = await (await fetch(base + 'api/battles', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ system: sys, oob, seed: 3 }) })).json();
    const p = await newPage({ width: 390, height: 844 });
    await p.goto(`${base}#/companion/${c.id}?token=${c.tokens[0]}`);
    await p.waitForSelector('#bt-units table');
    await p.click('#bt-sequence > summary');
    // every phase of the turn, then the tests of a few phases
    const seq = await p.$$eval('#bt-sequence li', (a) => a.map((e) => e.firstChild.textContent));
    const tips = await p.$$eval('#bt-sequence li', (a) => a.map((e) => e.title));
    const said = [await text(p, '#bt-phase')];
    for (let k = 0; k < 4; k++) {
      said.push(await p.$$eval('#bt-verbs button', (a) => a.map((b) => b.textContent).join(' | ')));
      // the phase over, said by the side that acts (through the API: the
      // page follows it live)
      const v = await (await fetch(`${base}api/battles/${c.id}?token=${c.tokens[0]}`)).json();
      await fetch(`${base}api/battles/${c.id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + c.tokens[v.active_side] }, body: '{"verb": "next"}' });
      await p.waitForFunction((n) => document.querySelectorAll('#bt-sequence li.now').length === 1 &&
        document.querySelector('#bt-sequence li.now') !== document.querySelectorAll('#bt-sequence li')[n], k, { timeout: 5000 });
      said.push(await text(p, '#bt-phase'), await text(p, '#bt-result'));
    }
    const bad = [...seq, ...said].filter((x) => french.test(x));
    check(seq.length === phases && bad.length === 0, `${sys} in English: ${seq.length} phases and the tests, none in French${bad.length ? ': ' + bad.join(' / ') : ''}`);
    check(tips.every((x) => x.startsWith('As the sheet prints it: ')), `${sys}: each phase's sheet words in its tooltip, said so (${tips[0]})`);
    if (sys === 'aoe') check(seq[0] === 'Initiative interphase' && tips[0] === 'As the sheet prints it: Interphase d\'initiative', 'aoe: seed 000\'s "Interphase d\'initiative" in English');
    if (sys === 'rff') await shot(p, 'page-companion-phone-rff');
    await p.close();
  }

  // 6. one client: the page's only fetch and EventSource are in web/js/api.js,
  // and the game view and the companion view both take it
  const js = Object.fromEntries(fs.readdirSync(path.join(web, 'js')).map((f) => [f, fs.readFileSync(path.join(web, 'js', f), 'utf8')]));
  const users = (re) => Object.keys(js).filter((f) => re.test(js[f])).sort().join();
  check(users(/\bfetch\(/) === 'api.js' && users(/new EventSource\(/) === 'api.js', `one client: fetch (${users(/\bfetch\(/)}) and EventSource (${users(/new EventSource\(/)}) only in api.js`);
  check(['game.js', 'companion.js'].every((f) => /import \{[^}]*\bliveStream\b[^}]*\} from '\.\/api\.js'/.test(js[f])), 'one client: game.js and companion.js open their stream with api.js\'s liveStream');
  // a game of two humans on the teaching scenario, seat 0 in a third browser
  const g = await (await fetch(base + 'api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scenario: 'teaching', players: ['human', 'human'], seed: 7 }) })).json();
  // both views' event streams refused (503, as when the server has too many
  // open) until `refuse` is false: a native EventSource gives up on an HTTP
  // error, the client must open it again itself
  let refuse = true;
  const refused = [0, 0];
  const views = [];
  const open = [new Set(), new Set()]; // the event streams each view holds open
  for (const [k, url] of [[0, `${base}#/game/${g.id}?seat=${g.seats['0']}`], [1, link0.replace(/^http:\/\/[^/]+\//, base)]]) {
    const p = await newPage(undefined, /503|EventSource/);
    p.on('request', (r) => { if (/\/events\?/.test(r.url())) open[k].add(r); });
    for (const ev of ['requestfinished', 'requestfailed']) p.on(ev, (r) => open[k].delete(r));
    await p.route(/\/events\?/, (r) => {
      if (!refuse) return r.continue();
      refused[k]++;
      return r.fulfill({ status: 503, contentType: 'application/json', body: '{"error": "too many event streams (at most 256)"}' });
    });
    await p.goto(url);
    views.push(p);
  }
  await views[0].waitForSelector('#status[data-step] #live');
  await views[1].waitForSelector('#bt-status #live');
  const t1 = Date.now();
  while ((refused[0] < 2 || refused[1] < 2) && Date.now() - t1 < 10000) await views[0].waitForTimeout(100);
  check(refused[0] >= 2 && refused[1] >= 2, `one client: a stream refused is opened again (game ${refused[0]}, companion ${refused[1]} tries)`);
  const badges = await Promise.all(views.map((p) => p.$eval('#live', (e) => e.outerHTML)));
  check(badges[0] === badges[1] && badges[0].includes('data-live="false"') && badges[0].includes('reconnecting'), 'one client: the same element says so in the game and the companion views: ' + badges[0]);
  await shot(views[0], 'page-companion-game-offline');
  refuse = false;
  for (const p of views) await p.waitForSelector('#live[data-live="true"]', { timeout: 15000 });
  check(true, 'one client: both views are live again once the server takes the stream');
  // and live it is: a change made elsewhere reaches each view
  const step = await views[0].$eval('#status', (e) => Number(e.dataset.step));
  const chit = await fetch(base + `api/games/${g.id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + g.seats['0'] }, body: JSON.stringify({ action: 'chit Division Lefort', step }) });
  check(chit.ok, `one client: a chit chosen through the API (${chit.status})`);
  await views[0].waitForFunction(() => (document.querySelector('#bowl-own') || {}).textContent?.includes('Division Lefort'), null, { timeout: 10000 });
  check(true, 'one client: the game view shows a chit chosen from elsewhere');
  const [, bid, tok0] = /#\/companion\/([0-9a-f]+)\?token=([0-9a-f]+)/.exec(link0);
  const before = await text(views[1], '#bt-sequence li.now');
  const next = await fetch(base + `api/battles/${bid}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + tok0 }, body: JSON.stringify({ verb: 'next' }) });
  check(next.ok, `one client: the phase ended through the API (${next.status})`);
  await views[1].waitForFunction((b) => document.querySelector('#bt-sequence li.now').textContent !== b, before, { timeout: 10000 });
  check(true, 'one client: the companion view follows a phase ended from elsewhere');
  await shot(views[1], 'page-companion-live-again');
  // one order at a time: while one is on its way (held 600 ms here) the
  // view's orders are greyed out, in both views
  for (const [p, sel] of [[views[0], '#order-list button[data-action="chit Brigade Duval"]'], [views[1], '#bt-next']]) {
    let posts = 0;
    await p.route(/\/actions$/, async (r) => { posts++; await new Promise((res) => setTimeout(res, 600)); return r.continue(); });
    await p.click(sel);
    const grey = await p.$eval('fieldset.orders-set', (f) => f.disabled && [...f.querySelectorAll('button')].every((b) => b.matches(':disabled')));
    await p.waitForFunction(() => !document.querySelector('fieldset.orders-set').disabled, null, { timeout: 5000 });
    check(grey && posts === 1, `one client: the orders are greyed out while one is on its way (${sel.startsWith('#bt') ? 'companion' : 'game'}: ${grey}, ${posts} sent)`);
  }
  // leaving a view ends its stream, and it is not opened again
  check(open[0].size === 1 && open[1].size === 1, `one client: one stream open in each view (${open[0].size}, ${open[1].size})`);
  for (const p of views) await p.evaluate(() => { location.hash = '#/games'; });
  const t2 = Date.now();
  while ((open[0].size || open[1].size) && Date.now() - t2 < 5000) await views[0].waitForTimeout(100);
  await views[0].waitForTimeout(1500);
  check(open[0].size === 0 && open[1].size === 0, `one client: leaving the game view and the companion view closes their streams (${open[0].size}, ${open[1].size} left open)`);
} catch (e) {
  fail(e);
} finally {
  await finish();
}
