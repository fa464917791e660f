import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps one way to read input: a request's body, query or path is parsed by `SchemaPipe` (platform)
 * over a zod schema that `@hunted/contracts` exports, so the web form checks the same rules. No class-validator or
 * class-transformer anywhere; and in a service, zod itself only reads environment variables (its config and
 * limits): a request schema written inside a service could drift from the form's.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_ROOTS = ['libs', 'services', 'gateway', 'web', 'infra', 'scripts'];
const OTHER_LIBRARIES = /from ['"](class-validator|class-transformer)['"/]|require\(['"](class-validator|class-transformer)/;
/** A value import of zod (a type-only import names a parsed type, which is fine). */
const ZOD_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*from ['"]zod['"]/m;
/** Service files that read environment variables, where zod is the platform's way (`loadEnv`). */
const READS_ENVIRONMENT = /(^|\/)(config|[\w-]+-config)\.ts$|\/limits\/[\w-]+\.ts$/;

function sources(): string[] {
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
  return files;
}

describe('one way to read input', () => {
  const files = sources();

  it('uses no class-validator or class-transformer, in code or in any package', () => {
    expect(files.filter((path) => OTHER_LIBRARIES.test(readFileSync(join(ROOT, path), 'utf8')))).toEqual([]);
    const manifests = ['package.json', 'gateway/package.json', 'web/package.json'];
    for (const dir of ['libs', 'services', 'infra']) {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        if (entry.isDirectory()) manifests.push(join(dir, entry.name, 'package.json'));
      }
    }
    const withThem = manifests.filter((path) => {
      try {
        return /"class-(validator|transformer)"/.test(readFileSync(join(ROOT, path), 'utf8'));
      } catch {
        return false; // a folder without a package of its own
      }
    });
    expect(withThem).toEqual([]);
  });

  it('leaves request schemas to contracts: in a service, zod reads only environment variables', () => {
    const serviceSources = files.filter((path) => /^services\/[\w-]+\/src\//.test(path) && !/\.(spec|test)\.ts$/.test(path));
    // The walk reaches every service.
    for (const service of ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging']) {
      expect(serviceSources.some((path) => path.startsWith(`services/${service}/src/`)), service).toBe(true);
    }
    const breaches = serviceSources.filter(
      (path) => !READS_ENVIRONMENT.test(path) && ZOD_VALUE_IMPORT.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(breaches).toEqual([]);
  });

  it('reads list queries with schemas too: the hand-written ListQueryReader is gone', () => {
    const self = relative(ROOT, fileURLToPath(import.meta.url));
    const readers = files.filter((path) => path !== self && /\bListQueryReader\b/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(readers).toEqual([]);
    expect(files).not.toContain('libs/platform/src/http/list-query.ts');
  });
});
