// Bundle the local identity provider into dist/main.js, so a development server that starts it beside
// itself (OIDC_DEV_PROVIDER_AUTOSTART) runs plain JavaScript instead of compiling TypeScript at
// every start. npm dependencies stay external and load from node_modules at run time.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
console.log('idp-sandbox built: dist/main.js');
