import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    // How long a test may take before it is called stuck, not a speed check: a file's first test pays for loading
    // its route's lazy modules, which on a busy 2-core machine took past Vitest's 5 s default (and past the 5 s
    // findBy* wait in setup.ts) while every later test of the file took milliseconds. The other projects allow 30 s.
    testTimeout: 30_000,
    // Each file in a fresh module graph and window cost more than its tests: every file loaded React, the router,
    // the app's route table and happy-dom again (import, setup and environment were 130 of 300 s). The files of a
    // worker share them instead; setup.ts clears what a test leaves behind, and the two files that mock a module
    // start from fresh app modules (vi.resetModules) so their mocks are not hidden by modules loaded before.
    isolate: false,
  },
});
