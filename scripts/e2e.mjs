// Run the browser suite against the built server on a fresh database.
//
// Every server the suite starts (the main one and the suites' extra servers) begins from a copy of
// one template data directory, migrated and seeded here once: a fresh PGlite database spends
// seconds applying every migration, and the suite starts some thirty servers.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const templateDir = `${dataDir}-template`;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(templateDir, { recursive: true, force: true });
const migrated = spawnSync('node', ['apps/server/dist/migrate.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: templateDir, LOG_LEVEL: 'warn' },
});
if (migrated.status !== 0) {
  console.error('e2e: could not migrate the template database');
  process.exit(1);
}

// The suites set up their extra servers with ops commands (e2e/support/servers.ts runOps). Bundled
// once here, each call is a plain `node` start instead of tsx compiling the server's sources again.
// Beside the built ops.js, so it finds dist/migrations and the server's npm dependencies as that does;
// named after the data directory, so two runs in one checkout do not write one file.
const opsBundle = path.resolve('apps/server/dist', `e2e-ops-${path.basename(dataDir)}.mjs`);
const serverPackage = JSON.parse(fs.readFileSync('apps/server/package.json', 'utf8'));
await build({
  entryPoints: ['scripts/e2e-ops.ts'],
  outfile: opsBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(serverPackage.dependencies ?? {}),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

const args = ['playwright', 'test', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_TEMPLATE_DIR: templateDir, E2E_OPS_BUNDLE: opsBundle } });
process.exit(r.status ?? 1);
