// Run the browser suite against the built server on a fresh database.
//
// Every server the suite starts (the main one and the suites' extra servers) begins from a copy of
// one template data directory, migrated and seeded here once: a fresh PGlite database spends
// seconds applying every migration, and the suite starts some thirty servers.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

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
const args = ['playwright', 'test', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_TEMPLATE_DIR: templateDir } });
process.exit(r.status ?? 1);
