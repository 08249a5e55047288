// One app server of the failover drill, in a process of its own: the real app over DRILL_DATABASE_URL
// (both hosts, target_session_attrs=read-write), listening on DRILL_PORT (0: any free port). The schema is migrated
// and seeded by the drill beforehand. Prints one JSON line when it listens, with the
// synchronous_commit its connections got (a PGOPTIONS turning it off would void the drill);
// stops on SIGTERM.
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';

async function main(): Promise<void> {
  const databaseUrl = process.env.DRILL_DATABASE_URL!;
  const port = Number(process.env.DRILL_PORT);
  const config = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-drill-${process.pid}` }),
    databaseUrl,
    nodeEnv: 'production' as const,
    webDist: undefined,
  };
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 10 });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const { port: listening } = app.server.address() as AddressInfo;
  const { rows } = await sql<{ setting: string }>`SELECT current_setting('synchronous_commit') AS setting`.execute(
    database.db,
  );
  process.stdout.write(
    `${JSON.stringify({ baseUrl: `http://127.0.0.1:${listening}`, synchronousCommit: rows[0]!.setting })}\n`,
  );
  const stop = () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
