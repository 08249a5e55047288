// Run the browser suite against the built server on a fresh database.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
fs.rmSync(dataDir, { recursive: true, force: true });
const args = ['playwright', 'test', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, E2E_DATA_DIR: dataDir } });
process.exit(r.status ?? 1);
