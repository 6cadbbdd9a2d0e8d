// lib.mjs - the harness the browser tests share (run.mjs, companion.mjs,
// table.mjs): the arguments GROGNARD WEB DATA OUT, a real `grognard serve`
// on a loopback port with a fresh database in a temporary folder, Debian's
// chromium driven by playwright-core, the checks counted, the console
// errors of every page watched, and the end: the server stopped by SIGTERM
// (it must exit 0: under the sanitizers no leak, no error), the folder
// removed, the exit code 1 if any check failed.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// start(script): everything above started; returns {base (the server's
// address, ending in /), browser, web (the page's folder), out (the screenshots' folder), check(cond,
// what), watch(page, expected) (its console errors counted but those
// matching the RegExp `expected`), call(method, path, body, token) (the API
// without the page; throws on an HTTP error), fail(error) (a check failed by
// an exception), finish() (never returns)}.
export async function start(script) {
  const [grognard, web, data, out] = process.argv.slice(2);
  if (!grognard || !web || !data || !out) {
    console.error(`usage: ${script} GROGNARD WEB DATA OUT`);
    process.exit(2);
  }
  fs.mkdirSync(out, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-browser-'));
  const t0 = Date.now();
  let failures = 0;
  const consoleErrors = [];
  const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const check = (cond, what) => {
    if (cond) console.log(`ok   ${what} (${since()})`);
    else { failures++; console.log(`FAIL ${what} (${since()})`); }
  };

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

  const watch = (page, expected = null) => {
    page.on('console', (m) => { if (m.type() === 'error' && !(expected && expected.test(m.text()))) consoleErrors.push(`${page.url()}: ${m.text()}`); });
    page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    return page;
  };

  async function call(method, p, body, token) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    const r = await fetch(new URL(p, base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${j && j.error}`);
    return j;
  }

  const fail = (e) => { failures++; console.log('FAIL ' + (e && e.stack || e)); };

  async function finish() {
    check(consoleErrors.length === 0, 'no console errors' + (consoleErrors.length ? ':\n  ' + consoleErrors.join('\n  ') : ''));
    await browser.close();
    const code = await new Promise((resolve) => {
      if (server.exitCode !== null) { resolve(server.exitCode); return; }
      server.on('exit', (c, sig) => resolve(c === null ? sig : c));
      server.kill('SIGTERM');
    });
    check(code === 0, `the server stopped cleanly on SIGTERM (exit ${code})` + (code === 0 ? '' : ': ' + serverErr.slice(-1500)));
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`# ${script}: ${since()}, screenshots in ${out}`);
    process.exit(failures ? 1 : 0);
  }

  return { base, browser, web, out, check, watch, call, fail, finish };
}

// A game page's step (#status's data-step).
export const stepOf = (page) => page.$eval('#status', (s) => Number(s.dataset.step));

// Wait until a game page shows orders to give, or the end of the battle:
// true if the battle is over.
export async function ready(page, timeout = 15000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('#status');
    return s && s.dataset.step && (s.dataset.over === 'true' || document.querySelector('#order-list button'));
  }, null, { timeout });
  return page.$eval('#status', (s) => s.dataset.over === 'true');
}

// Wait until a game page's step is no longer `before`.
export async function waitStep(page, before, timeout = 15000) {
  await page.waitForFunction((b) => { const s = document.querySelector('#status'); return s && Number(s.dataset.step) !== b; }, before, { timeout });
}
