// Browser bench: how long a click in the sidebar takes to put the page's first table row on
// screen, for every list page of the menu and for the credit-token Recharge dialog, and how long a
// full load by URL takes. Real server with the demo data on a fresh database, Debian's Chromium at
// 1366×768. Times are taken inside the page (the click event's timestamp → a MutationObserver seeing
// the first row, then the next animation frame), not around Playwright calls.
//
// Env: BENCH_PORT (18580), BENCH_RUNS (10), BENCH_URL_RUNS (10), BENCH_PAGES (comma-separated path
// fragments to restrict the pages), BENCH_TRACE (a file: one Chromium performance trace of a click),
// BENCH_PROFILE (a file: CPU profile of six clicks, top self times printed), BENCH_DIST (build served).
// Besides wall-clock times it prints each click's main-thread CPU time, which a loaded machine hardly
// changes: compare builds by it when the machine is shared. Every figure is printed as measured and
// normalised with the machine's yardstick (the STS engine's one-core speed, measured in this run).
// BENCH_FIRST_RUNS (3): clicks from a freshly loaded dashboard per page. BENCH_URL_TRACE (a file): a
// Chromium performance trace of one more full load by URL of the first page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { closingLine, measureYardstick } from '@prepay/sts/yardstick';

const PORT = Number(process.env.BENCH_PORT ?? 18580);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const URL_RUNS = Number(process.env.BENCH_URL_RUNS ?? 10);
const ONLY = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Admin-bench-Pass1';
const FIRST_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 3);
/** Targets on normalised figures (ms). */
const TARGET = { median: 150, p95: 300, cpu: 100, first: 300, url: 600 };
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The first row of the page's grid (or its empty state once loaded), not blurred under a spinner. */
const ROW_SELECTOR =
  '[data-testid=app-main] tr.ant-table-row, [data-testid=app-main] tr.ant-table-placeholder';
/** A page without a grid: the placeholder's empty card or the image page's uploads. */
const OTHER_PAGE_SELECTOR =
  '[data-testid=app-main] .ant-card-body > .ant-empty, [data-testid=app-main] .ant-upload';
const DIALOG_SELECTOR = '[data-testid=recharge-dialog] [data-testid=purchase-way]';

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'prepay-bench-'));
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      ADMIN_AUTHORIZATION_PASSWORD: 'Auth-bench-Pass1',
      SEED: 'demo',
      DEMO_PASSWORD: 'Demo-bench-Pass1',
      // The login form shows the server's verification code; a bench server lets the picture carry it.
      CAPTCHA_REVEAL_FOR_TESTS: 'on',
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
      WEB_DIST: process.env.BENCH_DIST ?? 'apps/web/dist',
      LOG_LEVEL: 'warn',
    },
  });
  // A loaded machine (others' builds and tests) can take minutes to start the server and seed it.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running (with its simulator) after the bench gives up on it.
      server.kill('SIGTERM');
      throw new Error('server did not start within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Arms a watcher in the page: it notes the next click's timestamp and resolves with the time from it
 * to the frame that first shows an element matching `selector` that was not on screen at arming (not
 * under a loading blur) while the location is `path`.
 */
function arm({ selector, path }) {
  // Only what is on screen now: a page the shell keeps alive shows its rows again, not new ones.
  const before = new Set([...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length));
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(1000);
  let clickAt = null;
  // Reads a hover or press started before the click count too (negative: ahead of the click).
  const armedAt = performance.now();
  window.__bench = new Promise((resolve, reject) => {
    // Generous: on a machine loaded by others a click can take seconds; a miss is a bug, not a slow page.
    const timer = setTimeout(() => done(null, new Error(`nothing matched ${selector} within 60 s`)), 60_000);
    const onClick = (e) => {
      clickAt ??= e.timeStamp;
    };
    const found = () => {
      if (clickAt === null || (path && location.pathname !== path)) return false;
      for (const el of document.querySelectorAll(selector)) {
        if (!before.has(el) && !el.closest('.ant-spin-blur') && el.getClientRects().length) return true;
      }
      return false;
    };
    // Where the time went: the page's code and API reads started since arming (resource timing).
    const phases = (seen) => {
      const after = performance.getEntriesByType('resource').filter((e) => e.startTime >= armedAt);
      const api = after.filter((e) => e.name.includes('/api/') && e.startTime <= seen);
      const js = after.filter((e) => /\.js(\?|$)/.test(e.name));
      return {
        jsEnd: js.length ? Math.max(...js.map((e) => e.responseEnd)) - clickAt : null,
        apiStart: api.length ? Math.min(...api.map((e) => e.startTime)) - clickAt : null,
        apiEnd: api.length ? Math.max(...api.map((e) => e.responseEnd)) - clickAt : null,
      };
    };
    // Looked for once a frame, before the frame's own style and layout: a look after every DOM change
    // would force a layout of its own each time (the bench's work, counted in the click's CPU).
    let looking = false;
    const look = () => {
      looking = false;
      if (!found()) return;
      const seen = performance.now();
      done({ ms: seen - clickAt, seenMs: seen - clickAt, ...phases(seen) });
    };
    const observer = new MutationObserver(() => {
      if (looking) return;
      looking = true;
      requestAnimationFrame(look);
    });
    function done(value, error) {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('click', onClick, true);
      if (error) reject(error);
      else resolve(value);
    }
    document.addEventListener('click', onClick, true);
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/** Installed before any page script: time from navigation start to the first grid row. */
function urlWatch(selector) {
  window.__benchUrl = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      for (const el of document.querySelectorAll(selector)) {
        if (!el.closest('.ant-spin-blur') && el.getClientRects().length) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
          return;
        }
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}

async function login(page) {
  await page.goto(`${BASE}/login`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  // The code field is there whenever the console asks for a code; its picture arrives with the challenge.
  if (await page.getByTestId('login-code').count()) {
    const code = await page.getByTestId('captcha').getAttribute('data-code');
    await page.getByTestId('login-code').fill(code ?? '');
  }
  await page.getByTestId('login-submit').click();
  await page.getByTestId('navbar').waitFor();
}

/** Opens every sub-menu of the sidebar and returns its page links (path and label). */
async function menuLinks(page) {
  const sidebar = page.getByTestId('sidebar');
  const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let n = await closed.count(); n > 0; n = await closed.count()) {
    await closed.first().click();
    await page.waitForFunction((left) => {
      const sel =
        '[data-testid=sidebar] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title';
      return document.querySelectorAll(sel).length < left;
    }, n);
  }
  return sidebar.locator('.ant-menu-item a[href]').evaluateAll((as) =>
    as.map((a) => {
      // The titles of the sub-menus the link sits in, outermost first (to open them after a full load).
      const menus = [];
      for (let m = a.closest('.ant-menu-submenu'); m; m = m.parentElement?.closest('.ant-menu-submenu')) {
        menus.unshift(m.querySelector(':scope > .ant-menu-submenu-title')?.textContent?.trim() ?? '');
      }
      return { path: new URL(a.href).pathname, label: a.textContent?.trim() ?? '', menus };
    }),
  );
}

const cdpSessions = new WeakMap();
/**
 * The page's main-thread CPU time so far (ms; Chromium's ThreadTime metric). Unlike wall-clock times it
 * hardly moves with the machine's load, so before/after figures compare on a shared machine.
 */
async function threadTime(page) {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    cdpSessions.set(page, cdp);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
}

/** Total duration (ms) of the renderers' main-thread tasks in a Chromium trace. */
function mainThreadBusy(trace) {
  const events = trace.traceEvents ?? trace;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let us = 0;
  for (const e of events)
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`))
      us += e.dur ?? 0;
  return us / 1000;
}

async function clickAndMeasure(page, locator, selector, path) {
  const cpuBefore = await threadTime(page);
  await page.evaluate(arm, { selector, path });
  await locator.click();
  const result = await page.evaluate(() => window.__bench);
  return { ...result, cpu: (await threadTime(page)) - cpuBefore };
}

/**
 * A full load of the dashboard by URL (the shell, its data and whatever it warms when idle: no request for
 * half a second), then a click on `link`'s page: what a cashier's first click after signing in costs.
 */
async function firstClickAfterLoad(page, p) {
  await page.goto(`${BASE}/dashboard`, { waitUntil: 'networkidle' });
  const link = page.getByTestId('sidebar').locator(`a[href="${p.path}"]`);
  if (!(await link.isVisible())) await openMenuTo(page, p);
  return clickAndMeasure(page, link, ROW_SELECTOR, p.path);
}

/**
 * Opens the sub-menus until the link to `path` shows (a fresh load opens only the current one). Each step
 * waits for its condition: the sub-menu's title on screen, then the sub-menu open (the shell may still be
 * opening the current page's own sub-menu in a transition when the first title is clicked).
 */
async function openMenuTo(page, { path, menus }) {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.locator(`a[href="${path}"]`);
  for (const title of menus) {
    if (await link.isVisible()) break;
    const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const sub = sidebar
      .locator('.ant-menu-submenu')
      .filter({ has: page.locator(':scope > .ant-menu-submenu-title').filter({ hasText: exact }) })
      .first();
    await sub.waitFor({ state: 'visible' });
    const isOpen = () => sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open'));
    if (!(await isOpen())) await sub.locator(':scope > .ant-menu-submenu-title').click();
    await sub.locator(':scope > .ant-menu-sub').waitFor({ state: 'visible' });
  }
  await link.waitFor({ state: 'visible' });
}

/** Reports a page left out of the run (its figures are missing, not met) and answers "not a list page". */
const leftOut = (path) => (e) => {
  console.warn(`left out ${path}: ${String(e.message ?? e).split('\n')[0]}`);
  return false;
};

/** Whether the page at `path` is a list page: it shows a grid (placeholder pages show an empty card). */
async function isListPage(page, path) {
  const link = page.getByTestId('sidebar').locator(`a[href="${path}"]`);
  await link.click();
  await page.waitForURL(`**${path}`);
  // On screen only: what is counted is what the user sees, whether or not a hidden page is in the document.
  const grid = page.locator('[data-testid=app-main] .ant-table').filter({ visible: true });
  const card = page.locator('[data-testid=app-main] .ant-card').filter({ visible: true });
  await card.first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=app-main] .ant-spin-spinning'));
  return (await grid.count()) > 0;
}

/** The Recharge button of the Credit Token grid's first row (not a row action of the page left behind). */
const rechargeButton = (page) =>
  page
    .locator('[data-testid=app-main] [data-testid=list-creditTokenAccounts] [data-testid=row-action]')
    .filter({ visible: true })
    .first();

/** Closes the Recharge dialog with its own close button and waits until it has gone. */
async function closeDialog(page) {
  await page.locator('[data-testid=recharge-dialog] .ant-modal-close').click();
  await page.locator(DIALOG_SELECTOR).waitFor({ state: 'detached' });
}

/**
 * The Recharge dialog of Credit Token: a click on the first account's Recharge → the form's first field,
 * RUNS times, then its first click after FIRST_RUNS full loads of the Credit Token page.
 */
async function measureDialog(page, creditToken, dialog) {
  await page.getByTestId('sidebar').locator(`a[href="${creditToken.path}"]`).click();
  await page.waitForURL(`**${creditToken.path}`);
  await rechargeButton(page).waitFor();
  for (let run = 0; run < RUNS; run++) {
    const r = await clickAndMeasure(page, rechargeButton(page), DIALOG_SELECTOR, null);
    dialog.clicks.push(r.ms);
    dialog.seen.push(r.seenMs);
    dialog.cpu.push(r.cpu);
    await closeDialog(page);
  }
  for (let run = 0; run < FIRST_RUNS; run++) {
    await page.goto(`${BASE}${creditToken.path}`, { waitUntil: 'networkidle' });
    await rechargeButton(page).waitFor();
    dialog.fresh.push((await clickAndMeasure(page, rechargeButton(page), DIALOG_SELECTOR, null)).ms);
    await closeDialog(page);
  }
}

/** BENCH_PROFILE: a CPU profile of clicks between the first two list pages; prints the top self times. */
async function cpuProfile(page, pages) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < 6; i++) {
    const p = pages[i % Math.min(2, pages.length)];
    await clickAndMeasure(
      page,
      page.getByTestId('sidebar').locator(`a[href="${p.path}"]`),
      ROW_SELECTOR,
      p.path,
    );
  }
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.log(`\nCPU profile (6 clicks), top self time (ms): ${process.env.BENCH_PROFILE}`);
  for (const [k, v] of top) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
}

const median = (xs) => percentile(xs, 50);
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length) - 1;
  return s[Math.min(s.length - 1, Math.max(0, rank))];
}
const ms = (x) => (x === undefined ? '—' : `${Math.round(x)}`.padStart(6));

async function main() {
  const loadAtStart = loadavg();
  // The machine's one-core speed, measured before the server and the browser take their share.
  const yardstick = measureYardstick();
  console.log(yardstick.line());
  const server = await startServer();
  process.on('exit', () => server.stop());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const page = await context.newPage();
    await login(page);
    // The dashboard is where each first visit starts from (a chart page, no grid): not a page to visit.
    const links = (await menuLinks(page)).filter(
      (l) => l.path !== '/dashboard' && (!ONLY.length || ONLY.some((f) => l.path.includes(f))),
    );

    // First visit of each page (code and data cold), which also tells the list pages from the others.
    const pages = [];
    for (const l of links) {
      await page.getByTestId('sidebar').locator('a[href="/dashboard"]').click();
      await page.waitForURL('**/dashboard');
      const link = page.getByTestId('sidebar').locator(`a[href="${l.path}"]`);
      await page.evaluate(arm, { selector: `${ROW_SELECTOR}, ${OTHER_PAGE_SELECTOR}`, path: l.path });
      await link.click();
      const first = await page
        .evaluate(() => window.__bench)
        .catch((e) => {
          // A page left out is said so: its figures are missing, not met.
          console.warn(`left out ${l.path}: ${e.message.split('\n')[0]}`);
          return null;
        });
      // A page that shows neither a grid nor a card in time is left out and said so, not the whole run.
      const listed = first && (await isListPage(page, l.path).catch(leftOut(l.path)));
      if (listed)
        pages.push({
          ...l,
          first: first.ms,
          clicks: [],
          seen: [],
          cpu: [],
          url: [],
          urlCpu: [],
          phases: [],
          fresh: [],
          freshCpu: [],
        });
    }

    if (process.env.BENCH_TRACE && pages.length) {
      // From another list page when there is one, as the round robin clicks (the dashboard animates its charts).
      const [target, from] = pages;
      const fromPath = from?.path ?? '/dashboard';
      await page.getByTestId('sidebar').locator(`a[href="${fromPath}"]`).click();
      await page.waitForURL(`**${fromPath}`);
      if (from) await page.locator(ROW_SELECTOR).first().waitFor();
      // Timeline categories without the JS sampler, whose interrupts would dwarf the click's own work.
      const categories = [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'v8.execute',
        'blink.user_timing',
      ];
      await browser.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false, categories });
      await clickAndMeasure(
        page,
        page.getByTestId('sidebar').locator(`a[href="${target.path}"]`),
        ROW_SELECTOR,
        target.path,
      );
      await browser.stopTracing();
      console.log(`trace of a click on ${target.path}: ${process.env.BENCH_TRACE}`);
      // Back where the trace started: the round robin's first click is on the traced page.
      await page.getByTestId('sidebar').locator(`a[href="${fromPath}"]`).click();
      await page.waitForURL(`**${fromPath}`);
    }

    if (process.env.BENCH_PROFILE && pages.length) await cpuProfile(page, pages);

    // Round robin: each click comes from another list page, as an operator moves between them.
    for (let run = 0; run < RUNS; run++) {
      for (const p of pages) {
        const link = page.getByTestId('sidebar').locator(`a[href="${p.path}"]`);
        const r = await clickAndMeasure(page, link, ROW_SELECTOR, p.path).catch((e) => {
          throw new Error(`round robin, run ${run + 1}, ${p.path}: ${e.message}`);
        });
        p.clicks.push(r.ms);
        p.seen.push(r.seenMs);
        p.cpu.push(r.cpu);
        p.phases.push(r);
      }
    }

    // The first click after a full load of the dashboard, per page (its own tab, the session's cookie).
    const freshPage = await context.newPage();
    for (let run = 0; run < FIRST_RUNS; run++) {
      for (const p of pages) {
        const r = await firstClickAfterLoad(freshPage, p);
        p.fresh.push(r.ms);
        p.freshCpu.push(r.cpu);
      }
    }
    await freshPage.close();

    // The Recharge dialog of Credit Token: click Recharge on the first account → the form's first field.
    const dialog = {
      label: 'Credit Token → Recharge dialog',
      path: '(dialog)',
      clicks: [],
      seen: [],
      cpu: [],
      url: [],
      fresh: [],
    };
    const creditToken = pages.find((p) => p.path.endsWith('/credit-token'));
    if (creditToken) await measureDialog(page, creditToken, dialog);

    // Full loads by URL, signed in (the token cookie), HTTP cache as the browser keeps it.
    const urlPage = await context.newPage();
    await urlPage.addInitScript(urlWatch, ROW_SELECTOR);
    for (let run = 0; run < URL_RUNS; run++) {
      for (const p of pages) {
        // The renderer's main-thread tasks from the request to the first row, from a light trace (a
        // load may start a new renderer process, whose CPU count starts again).
        await browser.startTracing(urlPage, { categories: ['toplevel'] });
        await urlPage.goto(`${BASE}${p.path}`, { waitUntil: 'commit' });
        p.url.push(await urlPage.evaluate(() => window.__benchUrl));
        p.urlCpu.push(mainThreadBusy(JSON.parse(String(await browser.stopTracing()))));
      }
    }

    if (process.env.BENCH_URL_TRACE && pages.length) {
      // One more full load of the first page, traced from the request to its first row.
      await browser.startTracing(urlPage, {
        path: process.env.BENCH_URL_TRACE,
        screenshots: false,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
        ],
      });
      await urlPage.goto(`${BASE}${pages[0].path}`, { waitUntil: 'commit' });
      await urlPage.evaluate(() => window.__benchUrl);
      await browser.stopTracing();
      console.log(`trace of a full load of ${pages[0].path}: ${process.env.BENCH_URL_TRACE}`);
    }

    report([...pages, ...(creditToken ? [dialog] : [])], loadAtStart, yardstick);
    console.log(closingLine(yardstick));
  } finally {
    await browser.close();
    server.stop();
  }
}

/** One figure's cell: measured and normalised ms, "·" past its target. */
const cell = (x, yardstick, target) => {
  if (x === undefined) return `${'—'.padStart(5)} ${'—'.padStart(5)} `;
  const n = yardstick.time(x);
  return `${ms(x).slice(1)} ${ms(n).slice(1)}${target !== undefined && n >= target ? '!' : ' '}`;
};

function report(rows, loadAtStart, yardstick) {
  // Timings on a shared 2-core machine follow its load: say what it was.
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`\nLoad average (1/5/15 min): ${load(loadAtStart)} at start, ${load(loadavg())} at the end.`);
  console.log(
    `\nClick in the sidebar → first row on screen (ms; ${RUNS} runs each, round robin). Each figure twice: measured, then normalised (×${yardstick.factor.toFixed(3)}); "!" = normalised figure past its target.`,
  );
  console.log(
    `"fresh" = median of ${FIRST_RUNS} first clicks after a full load of the dashboard (for the dialog: of the Credit Token page); "cpu" = median main-thread CPU time of a click (Chromium ThreadTime).`,
  );
  console.log(
    `Targets (normalised): median < ${TARGET.median}, p95 < ${TARGET.p95}, cpu < ${TARGET.cpu}, fresh < ${TARGET.first}, by URL (full load, median) < ${TARGET.url}.\n`,
  );
  const head = (t) => t.padStart(12);
  console.log(
    `${'page'.padEnd(44)} ${head('median')} ${head('p95')} ${head('cpu')} ${head('fresh')} ${head('URL med')} ${head('URL p95')}  verdict`,
  );
  let failed = 0;
  /** Per target: [pages that pass, pages that miss]. */
  const tally = Object.fromEntries(Object.keys(TARGET).map((k) => [k, [0, 0]]));
  for (const r of rows) {
    const f = {
      median: median(r.clicks),
      p95: percentile(r.clicks, 95),
      cpu: median(r.cpu),
      first: r.fresh.length ? median(r.fresh) : undefined,
      url: r.url.length ? median(r.url) : undefined,
    };
    const missed = Object.keys(TARGET).filter((k) => f[k] !== undefined && yardstick.time(f[k]) >= TARGET[k]);
    if (missed.length) failed++;
    for (const k of Object.keys(TARGET)) if (f[k] !== undefined) tally[k][missed.includes(k) ? 1 : 0]++;
    const verdict = Object.keys(TARGET)
      .filter((k) => f[k] !== undefined)
      .map((k) => `${k} ${missed.includes(k) ? 'MISS' : 'PASS'}`)
      .join(', ');
    const name = `${r.label} ${r.path === '(dialog)' ? '' : r.path}`.slice(0, 44);
    const up = r.url.length ? percentile(r.url, 95) : undefined;
    console.log(
      `${name.padEnd(44)} ${cell(f.median, yardstick, TARGET.median)} ${cell(f.p95, yardstick, TARGET.p95)} ${cell(f.cpu, yardstick, TARGET.cpu)} ${cell(f.first, yardstick, TARGET.first)} ${cell(f.url, yardstick, TARGET.url)} ${cell(up, yardstick)}  ${verdict}`,
    );
  }
  console.log(`\n${rows.length - failed}/${rows.length} pages meet every target.`);
  for (const [k, [pass, miss]] of Object.entries(tally))
    console.log(
      `  ${k.padEnd(6)} < ${String(TARGET[k]).padStart(3)} ms (normalised): PASS on ${pass}, MISS on ${miss}`,
    );
  console.log(
    "\nWhere a click's time goes (medians, ms after the click; negative = started on hover/press, before it): last code chunk loaded, first API read sent, last API read answered, row on screen.",
  );
  for (const r of rows) {
    const med = (k) => {
      const xs = (r.phases ?? []).map((x) => x[k]).filter((x) => x !== null && x !== undefined);
      return xs.length ? median(xs) : undefined;
    };
    const name = `${r.label}`.slice(0, 40);
    console.log(
      `${name.padEnd(40)} chunks ${ms(med('jsEnd'))}  API sent ${ms(med('apiStart'))}  answered ${ms(med('apiEnd'))}  row ${ms(med('ms'))}`,
    );
  }
  // The first click's own main-thread CPU: what a shared machine's load hardly changes.
  console.log(
    `\nFirst click after a full load of the dashboard: median main-thread CPU (ms, measured/normalised, ${FIRST_RUNS} runs).`,
  );
  for (const r of rows) {
    if (!r.freshCpu?.length) continue;
    console.log(`${`${r.label}`.slice(0, 40).padEnd(40)} ${cell(median(r.freshCpu), yardstick)}`);
  }
  console.log(
    `\nFull load by URL: median main-thread busy time (its tasks, traced) from the request to the first row (ms, measured/normalised, ${URL_RUNS} runs).`,
  );
  for (const r of rows) {
    if (!r.urlCpu?.length) continue;
    console.log(`${`${r.label}`.slice(0, 40).padEnd(40)} ${cell(median(r.urlCpu), yardstick)}`);
  }
  writeFileSync(join(tmpdir(), 'prepay-browser-bench.json'), JSON.stringify(rows, null, 2));
}

await main();
