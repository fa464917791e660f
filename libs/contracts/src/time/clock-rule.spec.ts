import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps one clock: outside `libs/contracts/src/time/` (the zoned clock, the site's London day, the
 * zones of locations), application code does no time-zone arithmetic of its own. No zone library, no
 * `Intl.DateTimeFormat` (not even the 'UTC' trick for labels: `formatInstantIn` is the door), no reading of the
 * process's offset or zone, no Date.UTC calendar counting, and London's name written nowhere but in SQL, where
 * `at time zone 'Europe/London'` is the database's own clock reading the same rule, and in migrations, whose SQL is
 * frozen at the day it ran. A field named `timeZone` (a hunter's zone) is data, not arithmetic. Tests may do as they
 * like.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLOCK_DIR = 'libs/contracts/src/time/';
const MIGRATIONS = /\/src\/database\/migrations\//;
const SOURCE_ROOTS = ['libs', 'services', 'infra', 'gateway', 'web'];

const BREACHES: { pattern: RegExp; why: string }[] = [
  { pattern: /@date-fns\/tz|date-fns-tz|\bTZDate\b|\btzOffset\b|\bluxon\b|@js-temporal/, why: 'a time-zone library' },
  { pattern: /\btimeZoneName\s*:|\btimeZone\s*:\s*(['"`]|[A-Z][A-Z_]+\b)/, why: 'an Intl time-zone option' },
  { pattern: /\bIntl\.DateTimeFormat\b|\bsupportedValuesOf\s*\(|\.toLocale(Date|Time)String\s*\(/, why: "Intl's zoned dates" },
  { pattern: /\bgetTimezoneOffset\s*\(|resolvedOptions\(\)\.timeZone/, why: "the process's offset or zone" },
  { pattern: /\bDate\.UTC\s*\(/, why: 'hand-made calendar arithmetic' },
  { pattern: /['"`]Europe\/London['"`]/, why: "the zone's name outside SQL" },
];
// SQL reads London days by the database's clock, in the statement that uses them.
const SQL_ZONE = /at time zone 'Europe\/London'/gi;

/** The breaches of the rule in one file's text, as 'line: why'. */
function clockRuleBreaches(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(SQL_ZONE, 'at time zone <sql>');
    for (const { pattern, why } of BREACHES) if (pattern.test(code)) found.push(`${index + 1}: ${why}`);
  });
  return found;
}

const isTest = (path: string) =>
  /\.(spec|test)\.(ts|tsx|mts)$/.test(path) || /(^|\/)(test|testing|e2e)\//.test(path);

/** Application source files (not tests, builds or dependencies) under the roots, relative to the repository. */
function applicationSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative(ROOT, path));
    }
  };
  for (const root of SOURCE_ROOTS) walk(join(ROOT, root));
  return files.filter(
    (path) => /\/src\//.test(`/${path}`) && !isTest(path) && !path.startsWith(CLOCK_DIR) && !MIGRATIONS.test(`/${path}`),
  );
}

describe('one clock', () => {
  it('finds no time-zone arithmetic outside libs/contracts/src/time/', () => {
    const sources = applicationSources();
    // The walk reaches every side that once kept its own clock.
    for (const side of ['services/bookings/src/', 'services/hunters/src/', 'services/messaging/src/', 'web/src/']) {
      expect(sources.some((path) => path.startsWith(side)), side).toBe(true);
    }
    const breaches = sources.flatMap((path) =>
      clockRuleBreaches(readFileSync(join(ROOT, path), 'utf8')).map((breach) => `${path}:${breach}`),
    );
    expect(breaches).toEqual([]);
  });

  it('catches each shape the clock replaced, and lets SQL read London days', () => {
    const replaced = [
      "import { TZDate } from '@date-fns/tz';",
      'const at = new TZDate(instant, SITE_TIME_ZONE);',
      "return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);",
      "const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' });",
      "  timeZoneName: 'short',",
      "return new Date(toUtcMidnight(date)).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });",
      'const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day + 1);',
      'const offset = new Date().getTimezoneOffset();',
      "const LONDON = 'Europe/London';",
      "const format = new Intl.DateTimeFormat('en-GB', { hour: 'numeric' });",
      'const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;',
      'const offset = tzOffset(hunter.timeZone, new Date());',
      "format(instant, { timeZone: SITE_TIME_ZONE });",
      "const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB');",
    ];
    for (const line of replaced) expect(clockRuleBreaches(line), line).not.toEqual([]);
    expect(clockRuleBreaches("const LONDON_TODAY = `(now() at time zone 'Europe/London')::date`;")).toEqual([]);
    expect(clockRuleBreaches("import { londonDateOf, londonWallClock } from '@hunted/contracts';")).toEqual([]);
    // A hunter's zone is data: its field and its value pass, the clock reads it.
    expect(clockRuleBreaches('  timeZone: string;')).toEqual([]);
    expect(clockRuleBreaches('  timeZone: hunter.timeZone,')).toEqual([]);
    expect(clockRuleBreaches('const clock = wallClockIn(hunter.timeZone, startsAt);')).toEqual([]);
  });
});
