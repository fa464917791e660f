import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

// Nest needs decorator metadata, which esbuild (Vitest's default transformer) does not emit; SWC does.
const plugins = [swc.vite({ module: { type: 'es6' } })];
const resolve = { conditions: ['source'] };

// scripts/test: the local runner's own tests (npm start's supervision of its apps, the docs' paths).
const INTEGRATION_FILES = ['{libs,services,gateway,infra}/**/test/**/*.test.ts', 'scripts/test/**/*.test.ts'];

/**
 * Integration files that take the machine or a shared server for themselves, so they run after the others, one at a
 * time: they stop or slow PostgreSQL or Redis connections for a while (outages through a proxy still starve the
 * other files of CPU while thousands of events replay), or start and kill whole process trees.
 */
const ALONE_FILES = [
  'libs/platform/test/events/chaos.test.ts',
  'libs/platform/test/events/postgres-outage.test.ts',
  'libs/platform/test/events/redis-outage.test.ts',
  'scripts/test/supervisor.test.ts',
];

// Ceilings for a test that is stuck, not speed goals (speed lives in `npm run bench`): a whole CI run keeps both
// cores busy, and a test that waits on events and emails must not fail for being slow (libs/platform's `waitFor`).
const integration = {
  environment: 'node',
  globalSetup: ['./scripts/test-global-setup.ts'],
  testTimeout: 90_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // A worker per core. Vitest's own default in a run is one fewer than the cores, which on this 2-core machine
    // is one: every file one after another.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      'web/vitest.config.ts',
      {
        plugins,
        resolve,
        test: {
          name: 'unit',
          include: ['{libs,services,gateway,infra}/**/src/**/*.spec.ts'],
          environment: 'node',
        },
      },
      {
        plugins,
        resolve,
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          exclude: [...configDefaults.exclude, ...ALONE_FILES],
          ...integration,
          // Files run side by side (a worker per core): each uses its own schemas, Redis key prefixes and free
          // ports, so none sees another's data.
          fileParallelism: true,
        },
      },
      {
        plugins,
        resolve,
        test: {
          name: 'integration-alone',
          include: ALONE_FILES,
          ...integration,
          // After the others, one at a time: see ALONE_FILES.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
