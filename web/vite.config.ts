import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

// The SPA only ever talks to its own origin; in development that origin is Vite, so hand API and
// socket.io traffic to the gateway exactly as production would serve it.
const gateway = process.env.HUNTED_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * The stylesheet first in the head, before the scripts Vite puts there: over HTTP/1.1 a browser opens six connections
 * to a host, and the entry and its seven preloaded chunks came first, so the stylesheet the first paint waits for
 * queued behind six scripts on a slow phone's link (issue 23).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'hunted:stylesheet-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const withoutStylesheets = stylesheets.reduce((rest, tag) => rest.replace(tag, ''), html);
        const at = withoutStylesheets.search(/[ \t]*<(script type="module"|link rel="modulepreload")/);
        if (stylesheets.length === 0 || at === -1) return html;
        return withoutStylesheets.slice(0, at) + stylesheets.join('') + withoutStylesheets.slice(at);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesheetFirst()],
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
  // The one server build is the app shell's (src/app/shell.tsx, run once at build time by scripts/app-shell.mjs):
  // the workspace libs are bundled into it, the rest comes from node_modules.
  // Its TypeScript too (the `source` condition), so the web build never waits for the libs' own build.
  ssr: { noExternal: ['@hunted/contracts'], resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: isSsrBuild
    ? { outDir: 'dist-shell', emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // Read by scripts/page-scripts.mjs (each page's scripts, for the gateway to preload) and then removed.
        manifest: true,
        rolldownOptions: {
          // The entry exports nothing anyone imports; saying so lets the common chunks below be inlined.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Shared modules under 8 kB are copied into each page's chunk rather than fetched as chunks of their own:
              // the brand page asked for 35 scripts of 1–2 kB after the entry, each a round trip on a slow phone's
              // HTTP/1.1 connections (issue 23: 98 chunks became 44; script sent for /hunter-dashboard 305 → 258 kB).
              // Experimental in Rolldown: it turns on strictExecutionOrder, which keeps modules' side effects in order.
              experimentalInlineCommonChunks: { maxSize: 8000 },
              // The icons in one chunk: split by importer they were a dozen sub-2 kB scripts on each page, each a request
              // on a slow connection (issue 23: /today's mobile score went from 75 to 91 with this alone).
              groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 20 }],
            },
          },
        },
      },
}));
