import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The no-restricted-imports messages the repository's ESLint configuration gives `code` at `filePath`. The path must
 * be an existing file of a TypeScript project: typed linting cannot parse text at a path no project includes, and a
 * file that does not parse gets no rule messages at all (so a refusal could never show).
 */
async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  // With CI=true typescript-eslint infers a single run and parses files as they are on disk, not the text given.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  });
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal.map((m) => m.message).join('; ')}`);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Typed linting builds a TypeScript program for the first file it sees: ~28 s on an idle 2-core machine, so the
// integration project's 30 s default is too tight for CI's noisier runs.
describe('lint: what a service may import', { timeout: 120_000 }, () => {
  it('refuses bullmq in a service, source or test, deep imports included', async () => {
    for (const [code, file] of [
      ["import { Queue } from 'bullmq';\nexport const q = Queue;\n", 'services/bookings/src/app.ts'],
      ["import { Worker } from 'bullmq';\nexport const w = Worker;\n", 'services/messaging/test/contact.test.ts'],
      ["export type { Job } from 'bullmq/dist/esm/classes/job.js';\n", 'services/brands/src/today/today.service.ts'],
    ] as const) {
      const messages = await restrictedImports(code, file);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]).toMatch(/'bullmq.*' import is restricted.*JobsModule/);
    }
  });

  it('refuses bullmq outside libs/platform too: the gateway, the contracts, the web app', async () => {
    for (const file of ['gateway/src/routes.ts', 'libs/contracts/src/index.ts', 'web/src/main.tsx']) {
      const messages = await restrictedImports("import { Queue } from 'bullmq';\nexport const q = Queue;\n", file);
      expect(messages, file).toEqual([expect.stringMatching(/'bullmq' import is restricted.*JobsModule/)]);
    }
  }, 120_000); // three TypeScript projects to load for typed linting

  it('lets libs/platform use bullmq and services use the jobs module', async () => {
    expect(await restrictedImports("import { Queue } from 'bullmq';\nexport const q = Queue;\n", 'libs/platform/src/jobs/index.ts')).toEqual([]);
    expect(
      await restrictedImports("import { defineJob } from '@hunted/platform';\nexport const d = defineJob;\n", 'services/bookings/src/main.ts'),
    ).toEqual([]);
  });

  it('still refuses another service in a service, beside the bullmq rule', async () => {
    const messages = await restrictedImports("import { x } from '@hunted/brands';\nexport const y = x;\n", 'services/bookings/src/main.ts');
    expect(messages).toEqual([expect.stringContaining('Services share only libs/*')]);
  });
});
