import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Cookie, type Page, type TestInfo } from '@playwright/test';
import { E2E_BASE_URL, E2E_TIME_ZONE } from './system.js';

/**
 * Every journey imports from here instead of `@playwright/test` (the one line to change in a new journey): each page a
 * journey visits — in its own page, or in any browser context it opens (`signedInContext`, a guest's context) —
 * is checked with axe-core at 390 and 1280 px wide once the journey is over, and a violation of serious or critical
 * impact fails the journey. A page is a route (ids count as one: `/brand/3` and `/brand/9` are one page) as a
 * role sees it (guest, member, hunter or admin, read from the session a context carries); each route × role is
 * checked once per run at each width, whichever worker meets it first (a claim file per page, see `claim`).
 *
 * The check opens the page afresh in a new context with the visitor's cookies, so it never races the journey's
 * own clicks. States reached by clicking (an open dialog) are checked where a journey calls `expectAccessible`.
 */

const WIDTHS = [390, 1280] as const;
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/**
 * axe's default rules (WCAG 2.0–2.2 A/AA and best practices) plus `label-content-name-mismatch` (a control's
 * accessible name must contain its visible text), which axe ships as experimental and Lighthouse audits.
 */
const RULES = { 'label-content-name-mismatch': { enabled: true } };
const SESSION_COOKIE = /hunted\.sid$/;

interface Visit {
  url: string;
  cookies: Cookie[];
}

/**
 * Pages already claimed for a check in this run, by any worker: a file per `route as role`, created exclusively, so
 * two workers that meet the same page check it once. The folder is the run's own (global-setup.ts names it).
 */
const CLAIMS = process.env.E2E_AXE_CLAIMS ?? join(tmpdir(), `hunted-axe-${process.ppid}`);
mkdirSync(CLAIMS, { recursive: true });

function claim(key: string): boolean {
  try {
    writeFileSync(join(CLAIMS, encodeURIComponent(key)), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

type Role = 'guest' | 'member' | 'hunter' | 'admin';

/** The role a session has, asked of the site as the page would (one answer per session value per worker). */
const roles = new Map<string, Promise<Role>>();

function roleOf(cookies: Cookie[]): Promise<Role> {
  const session = cookies.find((cookie) => SESSION_COOKIE.test(cookie.name))?.value;
  if (!session) return Promise.resolve('guest');
  let role = roles.get(session);
  if (!role) {
    const headers = { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
    role = (async (): Promise<Role> => {
      const user = await fetch(`${E2E_BASE_URL}/api/auth/user`, { headers });
      if (user.status === 401) return 'guest';
      if (((await user.json()) as { isAdmin?: boolean }).isAdmin) return 'admin';
      return (await fetch(`${E2E_BASE_URL}/api/hunter-profile`, { headers })).ok ? 'hunter' : 'member';
    })();
    roles.set(session, role);
  }
  return role;
}

/** `/brand/3/loom` and `/brand/9/fen` are one page: numbers and the segment after an id stand for any. */
function routeOf(url: URL): string {
  const segments = url.pathname.toLowerCase().replace(/\/$/, '').split('/');
  const route = segments.map((segment, i) => (/^\d+$/.test(segment) ? ':id' : segments[i - 1] && /^\d+$/.test(segments[i - 1]!) ? ':slug' : segment));
  return route.join('/') || '/';
}

function visitorOf(cookies: Cookie[]): string {
  return cookies.find((cookie) => SESSION_COOKIE.test(cookie.name))?.value ?? 'guest';
}

/** A readable line per violation: what, how bad, where. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n      ${v.nodes.map((node) => node.target.join(' ')).slice(0, 5).join('\n      ')}`,
  );
}

/** Serious and critical axe violations of the page as it is now, as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await animationsEnded(page);
  const results = await new AxeBuilder({ page }).options({ rules: RULES }).analyze();
  return describeViolations(results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? '')));
}

/**
 * Waits for the page's running CSS transitions and finite animations to end (an event, not a sleep): colours read
 * half-way through one fail the contrast rule though neither end does. The header's button turning from
 * "Loading..." into "Sign In" as the session read answers made a guest's page fail now and then (the CI run of
 * 8caf9b07, on /unsubscribe). Endless animations (a spinner) are left running.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Checks the page in its current state (an open dialog, a form showing errors): no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityProblems(page), `axe on ${page.url()}`).toEqual([]);
}

/** Opens a visit afresh at each width and checks it once the page has settled. */
async function checkVisit(browser: Browser, visit: Visit): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, timezoneId: E2E_TIME_ZONE, viewport: { width, height: 900 } });
    try {
      await context.addCookies(visit.cookies);
      const page = await context.newPage();
      await page.goto(visit.url);
      await page.waitForLoadState('networkidle');
      // A page that sends its visitor elsewhere (sign-in) is checked where it stays, if that is still this site.
      if (!page.url().startsWith(E2E_BASE_URL)) continue;
      let found: string[] | undefined;
      for (let attempt = 1; found === undefined; attempt++) {
        try {
          found = await accessibilityProblems(page);
        } catch (error) {
          // Navigated away during the analysis (a timed redirect, which may take several hops): wait for the new
          // page to settle, then check where it stays.
          if (attempt === 3) throw error;
          await page.waitForLoadState('load');
          await page.waitForLoadState('networkidle');
          if (!page.url().startsWith(E2E_BASE_URL)) break;
        }
      }
      problems.push(...(found ?? []).map((line) => `${visit.url} at ${width} px: ${line}`));
    } finally {
      await context.close();
    }
  }
  return problems;
}

/** The pages a journey showed, by route and session, and the cookie reads still under way. */
interface Visits {
  byKey: Map<string, Visit>;
  pending: Set<Promise<unknown>>;
}

/** Records each page a context's pages show, with the cookies it was seen with. */
function recordVisits(context: BrowserContext, visits: Visits): void {
  const watch = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !frame.url().startsWith(E2E_BASE_URL)) return;
      const url = new URL(frame.url());
      if (url.pathname.startsWith('/api/')) return;
      const read = context
        .cookies(E2E_BASE_URL)
        .then((cookies) => {
          const key = `${routeOf(url)} as ${visitorOf(cookies)}`;
          if (!visits.byKey.has(key)) visits.byKey.set(key, { url: `${url.pathname}${url.search}`, cookies });
        })
        // The context was closed meanwhile: its page was recorded by an earlier navigation or is gone with it.
        .catch(() => undefined)
        .finally(() => visits.pending.delete(read));
      visits.pending.add(read);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

async function checkVisits(browser: Browser, visits: Visits, testInfo: TestInfo): Promise<void> {
  await Promise.all(visits.pending);
  const problems: string[] = [];
  for (const visit of visits.byKey.values()) {
    // The session's role, read now: a member who became a hunter during the journey is checked as what they are.
    const key = `${routeOf(new URL(visit.url, E2E_BASE_URL))} as ${await roleOf(visit.cookies)}`;
    if (!claim(key)) continue;
    if (process.env.AXE_LOG) console.log(`axe: ${key} (${visit.url})`);
    problems.push(...(await checkVisit(browser, visit)));
  }
  if (problems.length) await testInfo.attach('axe violations', { body: problems.join('\n'), contentType: 'text/plain' });
  expect(problems, `axe found serious or critical violations on ${problems.length} page check(s)`).toEqual([]);
}

export const test = base.extend<{ accessibility: void }>({
  accessibility: [
    async ({ browser, context }, use, testInfo) => {
      const visits: Visits = { byKey: new Map(), pending: new Set() };
      recordVisits(context, visits);
      // Contexts a journey opens itself (signed-in members, a second guest) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const opened = await newContext(...args);
        recordVisits(opened, visits);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      // A failed journey is reported as it failed, not buried under a second failure.
      if (testInfo.status === testInfo.expectedStatus) await checkVisits(browser, visits, testInfo);
    },
    // Its own time, not the journey's: the checks open every page the journey showed again at two widths, which on
    // a slow shared machine took longer than the journey's whole budget (session 15: journeys that had passed timed
    // out in this teardown).
    { auto: true, timeout: 300_000 },
  ],
});

// Everything else of Playwright's test module, so a journey changes only where it imports from.
export * from '@playwright/test';
export { expect };
