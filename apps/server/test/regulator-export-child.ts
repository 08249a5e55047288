/**
 * A separate process running the regulator export job on a PostgreSQL database (DATABASE_URL),
 * for the kill test: every 200 ms, lease 1 s, the operator's time zone America/Sao_Paulo and the
 * clock at EXPORT_CLOCK_MS. With EXPORT_STALL=1 its first run stops inside its transaction (the
 * days exported, the completion mark not yet written) and prints `INFLIGHT`, to be killed there.
 */
import pino from 'pino';
import { openDatabase } from '../src/db/database';
import { newInstanceId } from '../src/jobs/interval-job';
import { startRegulatorExportJob } from '../src/jobs/regulator-export.job';
import { createAuditService } from '../src/modules/audit/audit.service';
import { recordsViewsOf } from '../src/modules/records/records-views';
import { createRegulatorExportService } from '../src/modules/records/regulator-export.service';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null, poolSize: 4 });
const db = database.db;
const log = pino({ level: 'silent' });
const clock = Number(process.env.EXPORT_CLOCK_MS);
const exports = createRegulatorExportService({
  db,
  log,
  audit: createAuditService({ db }),
  views: recordsViewsOf(db),
  timeZone: async () => 'America/Sao_Paulo',
  now: () => clock,
});
let stalled = false;
startRegulatorExportJob(
  {
    runScheduled: (complete) =>
      exports.runScheduled(async (trx, handled) => {
        if (process.env.EXPORT_STALL === '1' && !stalled) {
          stalled = true;
          process.stdout.write('INFLIGHT\n');
          await new Promise((resolve) => setTimeout(resolve, 120_000));
        }
        return complete(trx, handled);
      }),
  },
  { db, instance: newInstanceId(), leaseMs: 1_000, intervalOverrideMs: 200, log },
);
process.stdout.write('STARTED\n');
