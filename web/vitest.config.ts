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
    // Each file in a fresh module graph and window cost more than its tests: every file loaded React, the router,
    // the app's route table and happy-dom again (import, setup and environment were 130 of 300 s). The files of a
    // worker share them instead; setup.ts clears what a test leaves behind, and the two files that mock a module
    // start from fresh app modules (vi.resetModules) so their mocks are not hidden by modules loaded before.
    isolate: false,
  },
});
