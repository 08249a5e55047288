import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Run a multi-statement SQL script on the connection that `trx` holds. */
  execScript: (trx: Kysely<Database>, script: string) => Promise<void>;
  close: () => Promise<void>;
};

// bigint columns (int8) arrive as strings by default; money code converts them with BigInt().
// numeric stays a string too. Nothing here turns money into a float.

/** Open PostgreSQL when a URL is given, else PGlite in dataDir (or in memory when dataDir is null). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | null;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // With no parameters pg uses the simple protocol, which accepts several statements.
    const execScript = async (trx: Kysely<Database>, script: string) => {
      await sql.raw(script).execute(trx);
    };
    return { db, kind: 'postgres', execScript, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // PGlite would return int8 as number (or bigint when large); keep it a string, as pg does.
  const parsers = { 20: (value: string) => value };
  const pglite = dir ? new PGlite(dir, { relaxedDurability: true, parsers }) : new PGlite({ parsers });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // PGlite has one session; the dialect's extended protocol refuses several statements, so
  // scripts go through exec() on that same session (inside the open transaction).
  const execScript = async (_trx: Kysely<Database>, script: string) => {
    await pglite.exec(script);
  };
  return { db, kind: 'pglite', execScript, close: () => db.destroy() };
}
