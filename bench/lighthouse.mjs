// Lighthouse (12, the last to run on Node 20) against the bench system's gateway in Debian's Chromium: every page a
// guest or member opens (issue 23), signed-in ones with the member's session cookie, with the desktop profile
// (unthrottled, as issue 10 measured) and the mobile one (simulated slow 4G, 4× slower CPU). Printed per page and
// profile: the performance score, the largest paint, the layout shift and the script bytes transferred.
// BENCH_LIGHTHOUSE_PROFILES=mobile runs one profile only; BENCH_LIGHTHOUSE_RUNS=n loads each page n times and
// prints the run with the median score (scores move by ±5 between single runs here); BENCH_LIGHTHOUSE_PAGES=a,b
// only the pages whose path contains one of the words; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each page's whole
// report there (the waterfall, the main-thread breakdown) to read where a page's time goes, and with
// BENCH_LIGHTHOUSE_TRACES=1 its trace too, with V8's samples (`node bench/profile/trace-top.mjs <trace>`: which
// functions the long tasks ran).
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const LIGHTHOUSE_AIMS = { desktopScore: 95, mobileScore: 90, cls: 0.05, mobileLcpMs: 2_500 };

function scriptBytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** What the largest paint was (Lighthouse 12 nests the node in the audit's first table). */
function lcpElementOf(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const node = details?.items?.[0]?.items?.[0]?.node ?? details?.items?.[0]?.node;
  return node ? (node.selector ?? node.snippet ?? '?') : '?';
}

const PROFILES = (process.env.BENCH_LIGHTHOUSE_PROFILES ?? 'desktop,mobile').split(',').filter(Boolean);
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1) || 1);
const PAGE_WORDS = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);

/** The run with the median score (the lower middle one for an even count). */
function medianRun(runs) {
  // A run Lighthouse could not score (its `failed` says why) is shown among the scores, not taken as a 0.
  const scored = runs.filter((run) => !run.failed);
  const sorted = [...(scored.length > 0 ? scored : runs)].sort((a, b) => a.score - b.score);
  const scores = runs.map((run) => (run.failed ? `failed (${run.failed})` : String(run.score)));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], scores };
}

/**
 * One row per page and profile. `pages`: paths on `baseUrl`, or `{ path, who, cookie }` for a page opened signed in
 * (`who` names the account in the table; `cookie` is its session cookie, sent with every request of the page).
 */
export async function benchLighthouse({ baseUrl, pages }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows = [];
  try {
    for (const entry of pages) {
      const { path, who = 'guest', cookie } = typeof entry === 'string' ? { path: entry } : entry;
      if (PAGE_WORDS.length > 0 && !PAGE_WORDS.some((word) => path.includes(word))) continue;
      for (const profile of PROFILES) {
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          const result = await lighthouse(
            `${baseUrl}${path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              ...(process.env.BENCH_LIGHTHOUSE_TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
              ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
            },
            profile === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result.lhr;
          if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
            mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
            const name = `${profile}-${who}${path.replace(/[^a-z0-9]+/gi, '_')}-${run + 1}.json`;
            writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORTS}/${name}`, JSON.stringify(lhr));
            const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
            if (process.env.BENCH_LIGHTHOUSE_TRACES && trace) {
              writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORTS}/${name.replace(/\.json$/, '.trace.json')}`, JSON.stringify(trace));
            }
          }
          if (
            lhr.finalDisplayedUrl &&
            new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${baseUrl}${path}`).pathname
          ) {
            throw new Error(
              `Lighthouse on ${path} (${who}) ended on ${lhr.finalDisplayedUrl}: is the account signed in?`,
            );
          }
          runs.push({
            page: path,
            who,
            profile,
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            failed: lhr.categories.performance.score === null ? (lhr.runtimeError?.code ?? 'no score') : undefined,
            lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
            fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
            tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
            siMs: Math.round(lhr.audits['speed-index'].numericValue),
            cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
            scriptKB: Math.round(scriptBytes(lhr) / 102.4) / 10,
            lcpElement: lcpElementOf(lhr),
            shifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
              .slice(0, 3)
              .map(
                (item) =>
                  `${Math.round((item.score ?? 0) * 1000) / 1000} ${item.node?.selector ?? item.node?.snippet ?? '?'}`,
              ),
          });
        }
        rows.push(medianRun(runs));
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printLighthouse(rows) {
  console.log('\nLighthouse (performance only; desktop: unthrottled, mobile: simulated slow 4G and 4× CPU):\n');
  console.table(
    rows.map((row) => ({
      page: row.page,
      who: row.who,
      profile: row.profile,
      score: row.score,
      'LCP ms': row.lcpMs,
      'FCP ms': row.fcpMs,
      'TBT ms': row.tbtMs,
      'SI ms': row.siMs,
      CLS: row.cls,
      'script KB': row.scriptKB,
      ...(RUNS > 1 ? { 'scores (runs)': row.scores.join(' ') } : {}),
    })),
  );
  for (const row of rows) console.log(`  largest paint on ${row.page} (${row.profile}): ${row.lcpElement}`);
  for (const row of rows.filter((candidate) => candidate.shifts.length > 0)) {
    console.log(`  what moved on ${row.page} (${row.profile}): ${row.shifts.join('; ')}`);
  }
  const { desktopScore, mobileScore, cls, mobileLcpMs } = LIGHTHOUSE_AIMS;
  const missed = rows.filter(
    (row) =>
      row.cls > cls ||
      (row.profile === 'desktop' ? row.score < desktopScore : row.score < mobileScore || row.lcpMs > mobileLcpMs),
  );
  console.log(
    `  aims: desktop ≥ ${desktopScore}, mobile ≥ ${mobileScore} with LCP ≤ ${mobileLcpMs} ms, CLS ≤ ${cls} everywhere; ` +
      (missed.length
        ? `not reached on ${missed.map((row) => `${row.page} (${row.profile})`).join(', ')}`
        : 'all reached'),
  );
}
