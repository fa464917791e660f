import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The SPA only ever talks to its own origin; in development that origin is Vite, so hand API and
// socket.io traffic to the gateway exactly as production would serve it.
const gateway = process.env.HUNTED_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `source` makes the workspace libs (@hunted/contracts) resolve to their TypeScript, so dev needs no lib build.
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The icons in one chunk: split by importer they were a dozen sub-2 kB scripts on each page, each a request
        // on a slow connection (issue 23: /today's mobile score went from 75 to 91 with this alone).
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 20 },
          ],
        },
      },
    },
  },
});
