// Bundle the server (and the shared workspace code it imports) into dist/server.js.
// npm dependencies stay external and load from node_modules at run time.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});
const scripts = [
  'src/server.ts',
  'src/modules/inhouse/crash/crash-live-worker.ts',
  'src/scripts/ledger-check.ts',
  'src/scripts/migrate.ts',
  'src/scripts/ops.ts',
].filter((f) => fs.existsSync(f));
fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: scripts,
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The database's function files, as dist/modules/<owner>/sql/<name>.sql (db/function-files.ts finds them there).
for (const module of fs.readdirSync('src/modules')) {
  const dir = `src/modules/${module}/sql`;
  if (fs.existsSync(dir)) fs.cpSync(dir, `dist/modules/${module}/sql`, { recursive: true });
}
// The demo content's banner pictures (modules/content/content.seed.ts reads them from here).
fs.cpSync('src/modules/content/demo', 'dist/demo-content', { recursive: true });
console.log(`server built: ${scripts.length} entry points -> dist/`);
