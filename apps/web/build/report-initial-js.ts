import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

type Options = {
  budgetKb: number;
  label?: string;
  /** Chunks index.html preloads beside the entry (the default language's strings): they count too. */
  preloaded?: RegExp;
};

/**
 * Prints the gzip size of the JavaScript the home page needs before it can render (the entry
 * chunk plus everything it imports statically) and fails the build when it is over budget.
 * plus the chunks index.html preloads (`preloaded` matches one of their modules), as
 * bench/web.bench.ts counts them. Other lazy chunks are excluded: they load only when their
 * section is visited.
 */
export function reportInitialJs({ budgetKb, label = 'home', preloaded }: Options): Plugin {
  return {
    name: 'wps:report-initial-js',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[] }>();
      const entries: string[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(fileName, { code: output.code, imports: output.imports });
        if (output.isEntry || (preloaded && output.moduleIds.some((id) => preloaded.test(id)))) entries.push(fileName);
      }
      const seen = new Set<string>();
      const queue = [...entries];
      while (queue.length) {
        const file = queue.pop() as string;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) queue.push(imported);
      }
      let bytes = 0;
      for (const file of seen) bytes += gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length;
      const kb = bytes / 1024;
      const line = `initial JS (${label}): ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB) — ${seen.size} chunk(s)`;
      // Printed directly so it shows regardless of Vite's log level.
      console.log(`\n${line}\n`);
      if (kb > budgetKb) this.error(`${line}: over budget`);
    },
  };
}
