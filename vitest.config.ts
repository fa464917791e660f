import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest needs decorator metadata, which esbuild (Vitest's default transformer) does not emit; SWC does.
const plugins = [swc.vite({ module: { type: 'es6' } })];
const resolve = { conditions: ['source'] };

export default defineConfig({
  test: {
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
          // scripts/test: the local runner's own tests (npm start's supervision of its apps).
          include: ['{libs,services,gateway,infra}/**/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./scripts/test-global-setup.ts'],
          // Test files share one PostgreSQL database and one Redis; each file uses its own schemas and
          // key prefixes, but running them one at a time keeps a 2-core machine from timing out.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
