import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_TIME_ZONE } from './e2e/support/system.js';

/**
 * Journeys that change or count what the whole site shows, so they run alone, after the others: three move every
 * service's clock of session rules (`moveClock` in e2e/support/journey.ts: every other journey would see the clock
 * jump), and the directory's browse journey compares its count with the whole directory's.
 */
const ALONE_JOURNEYS = [
  '**/session-lifecycle.e2e.ts',
  '**/directory-meets-hunters.e2e.ts',
  '**/directory-browse.e2e.ts',
  '**/access-matrix.e2e.ts',
  '**/your-data.e2e.ts',
];

/**
 * End-to-end journeys in Debian's Chromium (a test tool's own browser download cannot reach the internet here),
 * through the real gateway, services and development OpenID Provider, started once by the global setup against
 * a database and Redis prefix of their own.
 *
 * Journey files run side by side on two workers (each file's tests in order in one worker): every journey makes
 * its own members, hunters and brands with the run's suffix, so none sees another's. The journeys that need the site to
 * themselves follow, one at a time. Each file takes a share of the 2-core machine with the 11 processes of the system under test, which
 * two workers keep busy without starving it (docs/running.md, "Tests and CI").
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: ALONE_JOURNEYS },
    { name: 'alone', testMatch: ALONE_JOURNEYS, dependencies: ['journeys'], workers: 1 },
  ],
  retries: 0,
  // A ceiling for a journey that is stuck, not a speed goal: two journeys share a 2-core machine with the 11
  // processes they drive, so a journey of a dozen pages takes longer than it would alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    // The browser's own zone is what the pages show times in (issue 38); one fixed zone, whatever the machine's.
    // A journey about zones opens its own contexts in others.
    timezoneId: E2E_TIME_ZONE,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
