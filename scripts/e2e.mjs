// Run the browser suite against the built server on fresh databases.
//
// Every server the suite starts (the main one and the suites' extra servers) begins from one
// template, migrated and seeded here once: a fresh database spends seconds applying every
// migration, and the suite starts some thirty servers. With TEST_DATABASE_URL (or
// E2E_DATABASE_URL) set, as CI has it, the servers run on PostgreSQL, each on a database copied
// from a template database; without it, on PGlite, each in a copy of a template data directory
// (scripts/e2e-databases.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import {
  copyDatabase,
  createEmptyDatabase,
  databaseUrl,
  dropRunDatabases,
  templateDir as preparedDir,
  templateName,
} from './e2e-databases.mjs';
import { opsProcess } from './e2e-ops-process.mjs';
import { PREPARED_TEMPLATES } from '../e2e/support/prepared-templates.mjs';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const templateDir = `${dataDir}-template`;
process.env.E2E_DATA_DIR = dataDir;
if (!process.env.E2E_DATABASE_URL && process.env.TEST_DATABASE_URL)
  process.env.E2E_DATABASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);
// As in the server suites (vitest.config.ts): the run's databases are thrown away, so PostgreSQL
// answers a commit without waiting for its log to reach the disk. The servers, the ops commands and
// the template's migration inherit it.
process.env.PGOPTIONS ??= '-c synchronous_commit=off';

fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(templateDir, { recursive: true, force: true });
for (const { name } of PREPARED_TEMPLATES) fs.rmSync(preparedDir(templateDir, name), { recursive: true, force: true });
let templateEnv = { DATA_DIR: templateDir };
if (onPostgres) {
  // Databases a crashed run left behind go first; the template is made empty and migrated below.
  await dropRunDatabases(dataDir);
  await createEmptyDatabase(templateName(dataDir));
  templateEnv = { ...templateEnv, DATABASE_URL: databaseUrl(templateName(dataDir)) };
}
const migrated = spawnSync('node', ['apps/server/dist/migrate.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...templateEnv, LOG_LEVEL: 'warn' },
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

// The prepared templates (e2e/support/prepared-templates.mjs): copies of the template with the
// set-up nearly every server asks of the ops console, made once here, side by side.
const prepared = await Promise.all(
  PREPARED_TEMPLATES.map(async ({ name, steps }) => {
    let env = { DATA_DIR: preparedDir(templateDir, name) };
    if (onPostgres) {
      const database = templateName(dataDir, name);
      await copyDatabase(templateName(dataDir), database);
      env = { ...env, DATABASE_URL: databaseUrl(database) };
    } else fs.cpSync(templateDir, env.DATA_DIR, { recursive: true });
    const ops = opsProcess(opsBundle, steps);
    const child = spawn(ops.command, ops.args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env, ...ops.env },
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) {
      console.error(`e2e: could not prepare the template ${name}:\n${errors}`);
      process.exit(1);
    }
    return name;
  }),
);

const args = ['playwright', 'test', ...process.argv.slice(2)];
const r = spawnSync('npx', args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_DATA_DIR: dataDir,
    E2E_TEMPLATE_DIR: templateDir,
    E2E_OPS_BUNDLE: opsBundle,
    E2E_PREPARED_TEMPLATES: prepared.join(' '),
  },
});
if (onPostgres)
  await dropRunDatabases(dataDir).catch((error) =>
    console.warn(`e2e: could not drop the run's databases: ${error.message}`),
  );
process.exit(r.status ?? 1);
