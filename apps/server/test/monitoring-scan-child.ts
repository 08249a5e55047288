/**
 * A separate process running behaviour monitoring's scan job on a PostgreSQL database
 * (DATABASE_URL), for the kill test: every 200 ms, lease 1 s, the operator's time zone
 * America/Sao_Paulo. With SCAN_STALL=1 its first run stops inside its transaction (the flags
 * written, the period's completion not yet) and prints `INFLIGHT`, to be killed there.
 */
import pino from 'pino';
import { openDatabase } from '../src/db/database';
import { newInstanceId } from '../src/jobs/interval-job';
import { startMonitoringScanJob } from '../src/jobs/monitoring-scan.job';
import { createAuditService } from '../src/modules/audit/audit.service';
import { monitoringViewsOf } from '../src/modules/monitoring/monitoring-views';
import { createMonitoringService } from '../src/modules/monitoring/monitoring.service';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null, poolSize: 4 });
const db = database.db;
const log = pino({ level: 'silent' });
const none = async () => new Map<string, string>();
const monitoring = createMonitoringService({
  db,
  log,
  audit: createAuditService({ db }),
  views: monitoringViewsOf(db),
  timeZone: async () => 'America/Sao_Paulo',
  accountNames: none,
  operatorNames: none,
});
let stalled = false;
startMonitoringScanJob(
  {
    scan: (complete) =>
      monitoring.scan(async (trx, raised) => {
        if (process.env.SCAN_STALL === '1' && !stalled) {
          stalled = true;
          process.stdout.write(`INFLIGHT ${raised}\n`);
          await new Promise((resolve) => setTimeout(resolve, 120_000));
        }
        return complete!(trx, raised);
      }),
  },
  { db, instance: newInstanceId(), leaseMs: 1_000, intervalOverrideMs: 200, log },
);
process.stdout.write('STARTED\n');
