import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): a script that
 * starts with it has all its functions compiled as it streams in, on a background thread, instead
 * of each one on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts every JavaScript chunk with the compile hint. Without it, the phone home's first seconds
 * spent about 800 ms of its 4×-slowed main thread compiling some 1,150 functions lazily (React's
 * renderer, the router, the query cache, i18next, then each section's components as its chunk
 * arrived), in the middle of the renders that call them, which is blocking time. A chunk is
 * fetched when what it holds is about to be drawn, so most of its functions run soon after: the
 * few compiled for nothing cost background time, not the main thread's.
 *
 * The hint must be the file's first bytes, so it is added after minification; a source map of the
 * chunk is shifted by the one line.
 */
export function compileHints(): Plugin {
  return {
    name: 'wps:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.code.startsWith(COMPILE_HINT)) continue;
        output.code = COMPILE_HINT + output.code;
        const map = bundle[`${output.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          map.source = JSON.stringify(parsed);
        }
      }
    },
  };
}
