import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { createPostgresDatabase, dropCopiesOf, waitUntilUnused, type ScratchPostgres } from './scratch-postgres';

// Once per vitest run: one migrated database of each kind, which every test app starts from
// (test-app.ts). An empty PGlite cluster costs about four seconds of initdb on each open, and the
// suites open well over a hundred; a migrated dump opens in about one. On PostgreSQL a new
// database is copied from a migrated template instead of being migrated again.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir), or '' when it could not be made. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** A migrated PGlite DATA_DIR, copied for each spawned server (spawn-server.ts). */
    serverDataDir: string;
  }
}

export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-vitest-'));
  const pgliteFile = path.join(dir, 'pglite-migrated.tar');
  const pglite = await openDatabase({ dataDir: null });
  await runMigrations(pglite);
  const dump = await pglite.dumpDataDir!();
  fs.writeFileSync(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  provide('pgliteTemplate', pgliteFile);

  const serverDataDir = path.join(dir, 'server-data');
  const onDisk = await openDatabase({ dataDir: serverDataDir });
  await runMigrations(onDisk);
  await onDisk.close();
  provide('serverDataDir', serverDataDir);

  // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to: wait for the pool's goodbyes.
  let template: ScratchPostgres | undefined;
  if (process.env.TEST_DATABASE_URL) {
    template = await createPostgresDatabase({ prefix: 'wps_tpl' });
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null, poolSize: 1 });
    await runMigrations(database);
    await database.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await waitUntilUnused(admin, template.name, 200);
    await admin.end();
  }
  provide('postgresTemplate', template?.name ?? '');

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (template) {
      // The suites drop their copies in the background; a worker that ended first left some.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await dropCopiesOf(admin, template.name);
      } finally {
        await admin.end();
      }
      await template.drop();
    }
  };
}
