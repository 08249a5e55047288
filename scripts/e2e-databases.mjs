// The browser suite's databases on PostgreSQL (E2E_DATABASE_URL; scripts/e2e.mjs sets it from
// TEST_DATABASE_URL, as CI has it). Each server of the suite, the main one and every extra one,
// gets a database of its own, named after its data directory (which still holds its SMS and e-mail
// outbox) and copied from one migrated and seeded template with CREATE DATABASE … TEMPLATE, a
// fraction of a second. Without E2E_DATABASE_URL the servers run on PGlite in their data
// directories, each a copy of a template directory.
//
// PostgreSQL is what production runs; on it a server's queries run in the database's own processes
// instead of PGlite's WebAssembly on the server's one thread, and a server starts without loading a
// database into memory (docs/testing.md, "Browser tests").
//
//   node scripts/e2e-databases.mjs fresh <dataDir>   a new empty data directory and, with
//                                                    E2E_DATABASE_URL, a new database from the template
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The database a data directory's server uses: its directory's name, as an identifier. */
export function databaseName(dataDir) {
  return `wps_${path
    .basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}`.slice(0, 63);
}

/**
 * The template's name for the run whose main data directory is `mainDataDir`; with `prepared`, the
 * name of that prepared template (e2e/support/prepared-templates.mjs).
 */
export function templateName(mainDataDir, prepared) {
  return databaseName(`${mainDataDir}-template${prepared ? `-${prepared}` : ''}`);
}

/** The PGlite template directory of a run (E2E_TEMPLATE_DIR), or of one of its prepared templates. */
export function templateDir(templateDirectory, prepared) {
  return prepared ? `${templateDirectory}-${prepared}` : templateDirectory;
}

/** Copy a database of the run's server into a new one (a prepared template from the plain one). */
export async function copyDatabase(from, to) {
  await dropDatabase(to);
  await withAdmin((c) => c.query(`CREATE DATABASE ${quote(to)} TEMPLATE ${quote(from)}`));
}

/** The URL of a database on the server E2E_DATABASE_URL names, or undefined without it. */
export function databaseUrl(name) {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment a server or ops process of this data directory runs with: DATABASE_URL on PostgreSQL, nothing on PGlite. */
export function databaseEnv(dataDir) {
  const url = databaseUrl(databaseName(dataDir));
  return url ? { DATABASE_URL: url } : {};
}

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

/** Drop a database, ending whoever is still connected (a server a crashed run left behind). */
export async function dropDatabase(name) {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
}

/** Drop every database of a run: its template and each server's (all named from the main data directory). */
export async function dropRunDatabases(mainDataDir) {
  const prefix = databaseName(mainDataDir);
  await withAdmin(async (c) => {
    // LIKE's "_" matches any character: escaped, so a run named e2e-a1 never drops e2e-a10's databases.
    const like = `${prefix.replaceAll('_', '\\_')}\\_%`;
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [
      prefix,
      like,
    ]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
  });
}

/** Create an empty database (the template, before it is migrated). */
export async function createEmptyDatabase(name) {
  await dropDatabase(name);
  await withAdmin((c) => c.query(`CREATE DATABASE ${quote(name)}`));
}

/**
 * A data directory as a server of the suite starts from: emptied, then with E2E_DATABASE_URL a new
 * database copied from the run's template, and without it a copy of the template data directory;
 * with `prepared`, from that prepared template instead (e2e/support/prepared-templates.mjs).
 */
export async function freshDataDir(dataDir, prepared) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const directory = process.env.E2E_TEMPLATE_DIR && templateDir(process.env.E2E_TEMPLATE_DIR, prepared);
  if (process.env.E2E_DATABASE_URL) {
    fs.mkdirSync(dataDir, { recursive: true });
    await copyDatabase(templateName(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', prepared), databaseName(dataDir));
  } else if (directory && fs.existsSync(directory)) {
    fs.cpSync(directory, dataDir, { recursive: true });
  }
}

/**
 * A data directory with an empty database, as an operator's first start finds it: that start
 * migrates it and installs the demo (server.ts), which a copy of the template, already seeded, never does.
 */
export async function emptyDataDir(dataDir) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.env.E2E_DATABASE_URL) await createEmptyDatabase(databaseName(dataDir));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dataDir] = process.argv.slice(2);
  if (command !== 'fresh' || !dataDir) {
    console.error('usage: node scripts/e2e-databases.mjs fresh <dataDir>');
    process.exit(2);
  }
  await freshDataDir(dataDir);
}
