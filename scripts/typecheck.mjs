// `npm run typecheck`: the three TypeScript projects (the server, packages, tests and scripts; the
// player site; the back office) checked by TypeScript 7, the compiler's native port. It reports the
// same errors as TypeScript 5 on this tree and takes about a fifth of its time, checking on both
// cores (docs/decisions.md, "Typecheck with TypeScript 7"). TypeScript 5 stays the `typescript`
// package, because typescript-eslint, knip and Vite's plugins call its JavaScript API, which
// TypeScript 7 does not offer; this one is installed under the name `typescript-7`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['tsconfig.json', 'apps/web/tsconfig.json', 'apps/backoffice/tsconfig.json'];
// The package exports only its API, not its command; the command sits beside its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');

// Every project is checked, so one run shows all the errors, not those of the first project only.
const failed = PROJECTS.filter(
  (project) => spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' }).status !== 0,
);
if (failed.length > 0) {
  console.error(`typecheck: errors in ${failed.join(', ')}`);
  process.exit(1);
}
