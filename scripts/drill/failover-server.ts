// One app server of the failover drill, in a process of its own: the real app over DRILL_DATABASE_URL
// (both hosts, target_session_attrs=read-write), listening on DRILL_PORT (0: any free port). The schema is migrated
// and seeded by the drill beforehand. Prints one JSON line when it listens, with the
// synchronous_commit its connections got (a PGOPTIONS turning it off would void the drill);
// stops on SIGTERM.
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { serveDrillApp } from './drill-app';

async function main(): Promise<void> {
  const databaseUrl = process.env.DRILL_DATABASE_URL!;
  const config = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-drill-${process.pid}` }),
    databaseUrl,
    nodeEnv: 'production' as const,
    webDist: undefined,
  };
  const { database, baseUrl } = await serveDrillApp({
    config,
    databaseUrl,
    poolSize: 10,
    port: Number(process.env.DRILL_PORT),
  });
  const { rows } = await sql<{ setting: string }>`SELECT current_setting('synchronous_commit') AS setting`.execute(
    database.db,
  );
  process.stdout.write(`${JSON.stringify({ baseUrl, synchronousCommit: rows[0]!.setting })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
