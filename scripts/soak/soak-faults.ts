// The soak's faults, on a schedule proportional to the duration, each logged with its time:
// 10 % the transfer vendor answers slowly, 16 % it is unreachable, 22 % it is back; 30 % instance A
// is killed with SIGKILL and started again; 55 % the cluster is restarted (fast shutdown); 80 % both
// instances' outboxes are made unwritable during a burst of SMS registration codes (with bursts
// before and after).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as pgc from '../drill/pg-clusters';
import type { CallRecord } from './soak-load';
import { log, type Processes } from './soak-processes';
import type { SoakPlan } from './soak-plan';
import { startInstance } from './soak-setup';
import type { VendorSwitch } from './soak-vendor';

export type Fault = { at: number; what: string };

/**
 * How slow the slow vendor is: under the adapter's 3 s timeout, so the moves still succeed, late.
 * While it is unreachable a move's outcome is unknown: it stays pending until the status check
 * (a periodic job) asks the vendor again once it is back.
 */
const VENDOR_DELAY_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SMS registration codes from the orchestrator (never a server): a burst of `count` numbers. */
async function smsBurst(plan: SoakPlan, count: number, records: CallRecord[]): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = performance.now();
      let status = 0;
      let code: string;
      try {
        const res = await fetch(`http://127.0.0.1:${plan.proxyPort}/wps/verification/sms/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.20.${i % 250}.${Date.now() % 250}` },
          body: JSON.stringify({ countryDialingCode: '+55', mobileNo: `119${String(crypto.randomInt(1e7, 1e8))}` }),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const envelope = (await res.json().catch(() => ({}))) as { success?: boolean; errorCode?: string };
        code = envelope.success ? 'OK' : (envelope.errorCode ?? 'NOT_JSON');
      } catch (err) {
        code = (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NO_ANSWER';
      }
      records.push({
        at: Date.now(),
        kind: 'sms',
        ms: performance.now() - t0,
        status,
        code,
        ok: status === 200 && code === 'OK',
      });
    }),
  );
}

/**
 * Run the faults from `startedAt`; resolves after the last one with the faults' log, the instance
 * kill's time and the SMS calls made.
 */
export async function runFaults(
  plan: SoakPlan,
  processes: Processes,
  vendor: VendorSwitch,
  startedAt: number,
): Promise<{ faults: Fault[]; killedAt: number; sms: CallRecord[] }> {
  const faults: Fault[] = [];
  const sms: CallRecord[] = [];
  const fault = (what: string) => {
    faults.push({ at: Date.now(), what });
    log(`fault: ${what}`);
  };
  const at = (fraction: number) => sleep(Math.max(0, startedAt + fraction * plan.durationMs - Date.now()));

  await at(0.1);
  await vendor.setDelay(VENDOR_DELAY_MS);
  fault(`transfer vendor slow (answers ${VENDOR_DELAY_MS} ms late)`);
  await at(0.16);
  await vendor.setDelay(0);
  await vendor.setReachable(false);
  fault('transfer vendor unreachable (connections refused)');
  await at(0.22);
  await vendor.setReachable(true);
  fault('transfer vendor reachable again');

  await at(0.3);
  const victim = processes.live.get('app-a')!.child;
  victim.kill('SIGKILL');
  const killedAt = Date.now();
  fault(`app-a (pid ${victim.pid}) killed with SIGKILL`);
  await sleep(2000);
  await startInstance(plan, processes, 0);
  fault('app-a started again');

  await at(0.55);
  fault(`PostgreSQL cluster ${plan.cluster.name} restarting (fast shutdown)`);
  pgc.stopCluster(plan.cluster);
  pgc.startCluster(plan.cluster);
  fault(`PostgreSQL cluster ${plan.cluster.name} up again`);

  await at(0.8);
  await smsBurst(plan, 10, sms);
  const outboxes = plan.instances.map((i) => path.join(plan.work, `data-${i.name}`, 'outbox'));
  // The servers run as root, which file modes do not stop: a plain file where the outbox directory
  // was makes every append fail (ENOTDIR), as a full or read-only disk would, for root too.
  for (const dir of outboxes) {
    fs.mkdirSync(dir, { recursive: true });
    fs.renameSync(dir, `${dir}.saved`);
    fs.writeFileSync(dir, '');
  }
  fault('outboxes unwritable (a file in place of each outbox directory)');
  await smsBurst(plan, 20, sms);
  await sleep(2000);
  for (const dir of outboxes) {
    fs.rmSync(dir);
    fs.renameSync(`${dir}.saved`, dir);
  }
  fault('outboxes writable again');
  await smsBurst(plan, 10, sms);
  return { faults, killedAt, sms };
}
