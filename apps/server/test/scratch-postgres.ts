import crypto from 'node:crypto';
import pg from 'pg';

// Scratch PostgreSQL databases on the server TEST_DATABASE_URL names: for the suites (through
// test-app.ts) and for the run's migrated template (global-setup.ts, which runs outside the test
// workers and so must not import vitest's test API).

export type ScratchPostgres = { name: string; url: string; drop: () => Promise<void> };

/** Wait until nobody is connected to database `name` (up to about `tries` × 20 ms). */
export async function waitUntilUnused(admin: pg.Client, name: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const res = await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [
      name,
    ]);
    if (Number(res.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The name prefix of the scratch copies of a template (`wps_tpl_<hex>` → `t_<hex>`), so the run that
 * made the template can drop every copy a worker left behind (dropCopiesOf).
 */
export function scratchPrefix(template: string): string {
  return `t_${template.slice(template.lastIndexOf('_') + 1)}`;
}

/** Drop every scratch copy of `template` that is left (a worker ended before its background drops did). */
export async function dropCopiesOf(admin: pg.Client, template: string): Promise<void> {
  const like = `${scratchPrefix(template).replaceAll('_', '\\_')}\\_%`;
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    like,
  ]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/** Create a uniquely named database, empty or a copy of `template`, with its URL and a dropper. */
export async function createPostgresDatabase(
  opts: { prefix?: string; template?: string } = {},
): Promise<ScratchPostgres> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${opts.prefix ?? 't'}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(opts.template ? `CREATE DATABASE ${name} TEMPLATE ${opts.template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // pool.end() resolves before its clients have said goodbye; dropping WITH (FORCE) would
        // then kill them mid-goodbye and they raise an unhandled FATAL 57P01. Wait until they are gone.
        await waitUntilUnused(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
