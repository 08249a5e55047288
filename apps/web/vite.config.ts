import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { reportInitialJs } from './build/report-initial-js.ts';
import { firstScreenWords } from './build/first-screen.ts';
import { compileHints } from './build/compile-hints.ts';

/**
 * Libraries every page needs, in one chunk of their own: its name changes only when a library
 * does, so a returning visitor keeps it cached across our deploys.
 */
const VENDOR_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;

/** The module of the default language's shell strings (preloaded by index.html, counted in the budget). */
const DEFAULT_STRINGS = /[\\/]locales[\\/]pt[\\/]initial\.ts$/;

/**
 * The default language's shell strings are fetched by the entry script at start; a modulepreload
 * hint lets the browser fetch them alongside the entry instead of after it.
 */
function preloadDefaultStrings(): Plugin {
  return {
    name: 'wps:preload-default-strings',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.moduleIds.some((id) => DEFAULT_STRINGS.test(id)),
        );
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * React Router's package exports only its development build, whose dev warnings stay switched on in
 * a production bundle (code in the initial JS, and checks run on every navigation); its production
 * build, the same code with them off, ships in the package beside it. Builds use that one.
 */
const REACT_ROUTER_PRODUCTION = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

// @wps/shared resolves through the workspace package's exports to its TypeScript source,
// which Vite transforms like our own files; no alias is needed.
export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  plugins: [
    react(),
    compileHints(),
    reportInitialJs({ budgetKb: 130, preloaded: DEFAULT_STRINGS }),
    preloadDefaultStrings(),
    firstScreenWords(new URL('./src/locales', import.meta.url).pathname),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The product's 120 s chunk timeout is the browser's concern; keep chunks reasonably sized.
    chunkSizeWarningLimit: 600,
    // Every browser the es2022 target admits supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'vendor', test: VENDOR_MODULES }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/wps': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/ops': 'http://127.0.0.1:8080',
      '/sandbox-gateway': 'http://127.0.0.1:8080',
    },
  },
}));
