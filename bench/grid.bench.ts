/**
 * `npm run bench:grid` (issue 3 performance, list editor grid): in headless Chromium
 * (/usr/bin/chromium, 1440 x 900) against the production client build served by a real server on
 * its own PostgreSQL database (BENCH_GRID_DATABASE_URL, recreated; port BENCH_GRID_PORT), a list
 * of 10,000 rows x 100 columns (1,000,000 cells of 10-40 characters, some non-ASCII, created
 * through PUT /api/v1/account/lists/) is opened in the list editor and measured, over RUNS fresh
 * page loads:
 *  - time from the first byte of the list's stream (GET /lists/{id}/stream, issue 14 item 5) to
 *    the first painted cells, to its last byte, and to every cell in and painted,
 *  - frame times (median, p95, max; requestAnimationFrame sampling) while scrolling
 *    programmatically from the top-left to the bottom-right corner, and long animation frames,
 *  - time to paste 10,000 x 100 cells of TSV (a ClipboardEvent 'paste' with a DataTransfer holding
 *    text/plain, dispatched on the grid) until the grid shows them,
 *  - JS heap after load and after the paste (forced GC through the DevTools protocol),
 *  - the number of cell elements in the DOM for a 5 x 3 list and for the big one.
 * Prints the figures (medians over the runs) and writes bench/results/grid.json. Needs the client
 * built first (npm run build).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright';
import { cellText, median, recreateDatabase, startServer } from './support';

const ROWS = 10_000;
const COLUMNS = 100;
const RUNS = 3;
const SCROLL_FRAMES = 300;
const dbUrl = new URL(
  process.env.BENCH_GRID_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_grid_bench',
);
const port = Number(process.env.BENCH_GRID_PORT ?? 3298);
const base = `http://localhost:${port}`;
const EMAIL = 'admin@acme.test';
const PASSWORD = process.env.SEED_PASSWORD ?? 'nomen-demo';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Signs in through the API; returns the session cookie ("name=value"). */
async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Creates a list through PUT /lists/ with `rows` x `columns` generated cells; returns its id. */
async function createList(cookie: string, name: string, rows: number, columns: number): Promise<number> {
  const body = JSON.stringify({
    id: null,
    name,
    notes: 'Grid benchmark',
    type: 'drill-down',
    list_columns: Array.from({ length: columns }, (_, c) => ({
      id: `lc${c}`,
      name: `Column ${c + 1}`,
      precedence: c,
      list_values: Array.from({ length: rows }, (_, r) => ({
        id: `lv${c}_${r}`,
        row_number: r,
        value: cellText(r, c),
      })),
    })),
  });
  const res = await fetch(`${base}/api/v1/account/lists/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body,
  });
  const answer = (await res.json()) as { id: number };
  if (res.status !== 200)
    throw new Error(`PUT answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.id;
}

/**
 * Page-side instruments, installed before the app loads (plain JavaScript: it runs in the
 * browser). `__bench.firstCells` resolves with the time of the frame after the first non-empty
 * cell appears (double requestAnimationFrame: the frame that painted it has been presented);
 * `__bench.scroll(n)` scrolls the grid corner to corner over n frames and returns the frame
 * intervals; `__bench.paste(rows, cols)` builds TSV, dispatches the paste and returns the time
 * until the grid shows the pasted top-left cell, painted.
 */
const INSTRUMENTS = String.raw`
(() => {
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame((t) => resolve(t))));
  const bench = { longFrames: [] };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longFrames.push(entry.duration);
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  bench.firstCells = new Promise((resolve) => {
    const check = () => {
      const cell = document.querySelector('[role="gridcell"]');
      if (cell && cell.textContent) {
        observer.disconnect();
        afterPaint().then(resolve);
      }
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  });
  bench.listResponse = (listId) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === '/api/v1/account/lists/' + listId + '/stream');
    return entry ? { firstByte: entry.responseStart, lastByte: entry.responseEnd } : null;
  };
  // Resolves with the time the editor has every cell (its loading progress is gone), painted.
  bench.allCells = () => new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('[aria-label="Cells loaded"]')) requestAnimationFrame(check);
      else afterPaint().then(resolve);
    };
    check();
  });
  bench.cellCount = () => document.querySelectorAll('[role="gridcell"]').length;
  bench.scroll = async (frames) => {
    const grid = document.querySelector('[role="grid"]');
    const maxTop = grid.scrollHeight - grid.clientHeight;
    const maxLeft = grid.scrollWidth - grid.clientWidth;
    grid.scrollTop = 0;
    grid.scrollLeft = 0;
    await afterPaint();
    bench.longFrames.length = 0;
    const intervals = [];
    let maxCells = 0;
    let previous = await new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 1; i <= frames; i++) {
      grid.scrollTop = (maxTop * i) / frames;
      grid.scrollLeft = (maxLeft * i) / frames;
      const now = await new Promise((resolve) => requestAnimationFrame(resolve));
      intervals.push(now - previous);
      previous = now;
      maxCells = Math.max(maxCells, bench.cellCount());
    }
    await afterPaint();
    const lastRow = document.querySelector('[role="row"][aria-rowindex="' + (grid.getAttribute('aria-rowcount')) + '"]');
    return {
      intervals,
      maxCells,
      longFrames: bench.longFrames.slice(),
      reachedLastRow: lastRow !== null,
      scrollTop: grid.scrollTop,
      scrollLeft: grid.scrollLeft,
    };
  };
  bench.paste = async (rows, cols) => {
    const grid = document.querySelector('[role="grid"]');
    grid.scrollTop = 0;
    grid.scrollLeft = 0;
    grid.focus();
    await afterPaint();
    const lines = new Array(rows);
    for (let r = 0; r < rows; r++) {
      const cells = new Array(cols);
      for (let c = 0; c < cols; c++) cells[c] = 'Pasted ' + r + '.' + c + ' Zürich';
      lines[r] = cells.join('\t');
    }
    const text = lines.join('\r\n') + '\r\n';
    const expected = 'Pasted 0.0 Zürich';
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const started = performance.now();
    grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    for (;;) {
      const cell = document.querySelector('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]');
      if (cell && cell.textContent === expected) break;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    const painted = await afterPaint();
    return { ms: painted - started, bytes: text.length };
  };
})();
`;

interface RunResult extends OpenTimes {
  domCells: number;
  heapAfterLoadMb: number;
  frameMedianMs: number;
  frameP95Ms: number;
  frameMaxMs: number;
  longAnimationFrames: number;
  maxDomCellsWhileScrolling: number;
  pasteMs: number;
  heapAfterPasteMb: number;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return round(usage.usedSize / 1024 / 1024);
}

/** Times of opening the big list, in ms from the first byte of its stream. */
interface OpenTimes {
  /** The first painted cells. */
  firstCellsMs: number;
  /** The stream's last byte. */
  lastByteMs: number;
  /** Every cell in, painted (the editor is editable). */
  allCellsMs: number;
}

async function openList(
  browser: Browser,
  cookie: string,
  listId: number,
): Promise<{ page: Page } & OpenTimes> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base }]);
  await context.addInitScript({ content: INSTRUMENTS });
  const page = await context.newPage();
  await page.goto(`${base}/admin/lists/edit/${listId}`);
  const painted = (await page.evaluate('window.__bench.firstCells', undefined)) as number;
  const allCells = (await page.evaluate('window.__bench.allCells()', undefined)) as number;
  const response = (await page.evaluate(`window.__bench.listResponse(${listId})`)) as {
    firstByte: number;
    lastByte: number;
  } | null;
  if (response === null) throw new Error('no resource timing entry for the list stream');
  return {
    page,
    firstCellsMs: round(painted - response.firstByte),
    lastByteMs: round(response.lastByte - response.firstByte),
    allCellsMs: round(allCells - response.firstByte),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measureBigList(browser: Browser, cookie: string, listId: number): Promise<RunResult> {
  const { page, firstCellsMs, lastByteMs, allCellsMs } = await openList(browser, cookie, listId);
  try {
    const domCells = (await page.evaluate('window.__bench.cellCount()')) as number;
    const heapAfterLoadMb = await heapMb(page);
    const scroll = (await page.evaluate(`window.__bench.scroll(${SCROLL_FRAMES})`)) as {
      intervals: number[];
      maxCells: number;
      longFrames: number[];
      reachedLastRow: boolean;
    };
    if (!scroll.reachedLastRow) throw new Error('scrolling did not reach the last row');
    const paste = (await page.evaluate(`window.__bench.paste(${ROWS}, ${COLUMNS})`)) as { ms: number };
    const heapAfterPasteMb = await heapMb(page);
    return {
      firstCellsMs,
      lastByteMs,
      allCellsMs,
      domCells,
      heapAfterLoadMb,
      frameMedianMs: round(median(scroll.intervals)),
      frameP95Ms: round(percentile(scroll.intervals, 95)),
      frameMaxMs: round(Math.max(...scroll.intervals)),
      longAnimationFrames: scroll.longFrames.length,
      maxDomCellsWhileScrolling: scroll.maxCells,
      pasteMs: round(paste.ms),
      heapAfterPasteMb,
    };
  } finally {
    await page.context().close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(new URL('../client/dist/index.html', import.meta.url))) {
    throw new Error('client/dist is missing: run `npm run build` first');
  }
  await recreateDatabase(dbUrl);
  const server = await startServer(dbUrl, port, { NODE_ENV: 'test' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const cookie = await signIn();
    const smallId = await createList(cookie, 'Grid benchmark (small)', 5, 3);
    const createStarted = performance.now();
    const bigId = await createList(cookie, 'Grid benchmark (10,000 x 100)', ROWS, COLUMNS);
    console.log(
      `created the 10,000 x 100 list through PUT in ${Math.round(performance.now() - createStarted)} ms`,
    );

    const small = await openList(browser, cookie, smallId);
    const smallListCells = (await small.page.evaluate('window.__bench.cellCount()')) as number;
    await small.page.context().close();

    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await measureBigList(browser, cookie, bigId);
      console.log(`run ${run + 1}: ${JSON.stringify(result)}`);
      runs.push(result);
    }
    const pick = (key: keyof RunResult) => median(runs.map((r) => r[key]));
    const results = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      viewport: '1440x900',
      rows: ROWS,
      columns: COLUMNS,
      runs: RUNS,
      scrollFrames: SCROLL_FRAMES,
      firstCellsAfterFirstByteMs: pick('firstCellsMs'),
      lastByteAfterFirstByteMs: pick('lastByteMs'),
      allCellsAfterFirstByteMs: pick('allCellsMs'),
      frameMedianMs: pick('frameMedianMs'),
      frameP95Ms: pick('frameP95Ms'),
      frameMaxMs: pick('frameMaxMs'),
      longAnimationFrames: pick('longAnimationFrames'),
      pasteMs: pick('pasteMs'),
      heapAfterLoadMb: pick('heapAfterLoadMb'),
      heapAfterPasteMb: pick('heapAfterPasteMb'),
      domCellsSmallList: smallListCells,
      domCellsBigList: pick('domCells'),
      maxDomCellsWhileScrolling: pick('maxDomCellsWhileScrolling'),
      perRun: runs,
    };
    console.log(
      `first painted cells ${results.firstCellsAfterFirstByteMs} ms after the list stream's first byte (target < 150 ms); its last byte after ${results.lastByteAfterFirstByteMs} ms; every cell in and painted after ${results.allCellsAfterFirstByteMs} ms`,
    );
    console.log(
      `scrolling corner to corner: frame median ${results.frameMedianMs} ms, p95 ${results.frameP95Ms} ms (target < 20 ms), max ${results.frameMaxMs} ms, ${results.longAnimationFrames} long animation frames`,
    );
    console.log(`paste of 10,000 x 100 TSV: ${results.pasteMs} ms (target < 2000 ms)`);
    console.log(
      `JS heap after load ${results.heapAfterLoadMb} MB (target < 250 MB); after the paste ${results.heapAfterPasteMb} MB`,
    );
    console.log(
      `cell elements in the DOM: ${results.domCellsSmallList} for a 5 x 3 list, ${results.domCellsBigList} for 10,000 x 100 (at most ${results.maxDomCellsWhileScrolling} while scrolling)`,
    );
    writeFileSync(new URL('./results/grid.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

await main();
