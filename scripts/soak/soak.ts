// `npm run soak [-- --quick | --minutes N] [--rate R] [--callback-rate C] [--deposit-rate D]
// [--withdrawal-rate W] [--ticket-rate T] [--agent-transfer-rate A] [--vendor-rate V]`: a realistic
// mix for a set time (default 30 minutes, --quick 5) against two app servers behind HAProxy
// (round-robin, no retries: a request that met a dead instance fails as a client would see it),
// with faults on a schedule proportional to the duration, then every acknowledged money answer
// reckoned against the ledger. The steps, each in its own file:
// - soak-plan.ts: the flags, rates, ports and the run's secrets;
// - soak-setup.ts, soak-seed.ts, soak-vendor.ts: its own PostgreSQL cluster `soak` (port 5471; the
//   CI cluster is never touched), migrated and seeded through the app, the two instances (5481,
//   5482), HAProxy (5480), the reference transfer vendor (5483) behind a gate (5484);
// - three load processes: the failover drill's vendor (signed seamless bets and wins),
//   soak-load.ts (logins, lobby reads, back-office reads), soak-money-load.ts (deposits,
//   withdrawals, lottery tickets, agent transfers, transfer-wallet moves), each recording every
//   answer;
// - soak-faults.ts: the vendor slow then unreachable, an instance killed, the cluster restarted,
//   the outboxes unwritable; soak-processes.ts samples RSS and CPU per process and the connections;
// - soak-summary.ts: the reckonings, ledger:check, audit:verify, one summary table and the series
//   under .tmp/soak-<time>/ (JSON, CSV, SVG). Fails when money is missing or wrong, a check fails
//   or a server's RSS grows past SOAK_RSS_GROWTH_MB (default 150) after its warm-up.
// docs/operations.md, "Soak", explains the figures.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pgc from '../drill/pg-clusters';
import type { LoadInput } from '../drill/failover-load';
import { runFaults } from './soak-faults';
import type { MoneyLoadInput } from './soak-money-load';
import type { SoakLoadInput } from './soak-load';
import { planSoak } from './soak-plan';
import { createProcesses, log } from './soak-processes';
import { seedSoak } from './soak-seed';
import { createSoakCluster, startInstance, startProxy } from './soak-setup';
import { type SoakFiles, type SoakSamples, summarise } from './soak-summary';
import { startVendor, type VendorSwitch } from './soak-vendor';
import { SANDBOX_TRANSFER } from '../../apps/server/src/modules/gateway/gateway.service';

const plan = planSoak(process.argv.slice(2));
const processes = createProcesses(plan);
let vendor: VendorSwitch | undefined;

async function soak(): Promise<boolean> {
  fs.mkdirSync(plan.work, { recursive: true });
  const m = plan.money;
  log(
    `soak: ${plan.minutes} min, ${plan.rate} calls/s (logins, lobby, back office) + ${plan.callbackRate} callbacks/s + money per second: ${m.deposit} deposits, ${m.withdrawal} withdrawals, ${m.ticket} tickets, ${m.agentTransfer} agent transfers, ${m.vendor} vendor transfers; files in ${plan.work}`,
  );
  createSoakCluster(plan);
  const seeded = await seedSoak(plan);
  log(
    `seeded ${seeded.players.length} vendor players, ${seeded.users.length} registered players, ${seeded.payers.length} paying players under ${seeded.agents.length} agents, one support operator; lottery game ${seeded.lotteryGame}`,
  );
  for (let i = 0; i < plan.instances.length; i++) await startInstance(plan, processes, i);
  startProxy(plan, processes);
  vendor = await startVendor(plan, processes);
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const files: SoakFiles = {
    callbacks: path.join(plan.work, 'callbacks.jsonl'),
    calls: path.join(plan.work, 'calls.jsonl'),
    moneyCalls: path.join(plan.work, 'money-calls.jsonl'),
    money: path.join(plan.work, 'money.jsonl'),
  };
  const proxy = `http://127.0.0.1:${plan.proxyPort}`;
  const startedAt = Date.now();
  const loads = Promise.all([
    processes.runScript('load-callbacks', path.join(plan.root, 'scripts/drill/failover-load.ts'), {
      baseUrls: [proxy],
      secret: plan.vendorSecret,
      players: seeded.players,
      durationMs: plan.durationMs,
      graceMs: plan.graceMs,
      out: files.callbacks,
      runId: crypto.randomBytes(3).toString('hex'),
      // Each round is two callbacks: this pause gives about the callback rate across the players.
      roundPauseMs: Math.round((plan.callbackPlayers * 2 * 1000) / plan.callbackRate),
    } satisfies LoadInput),
    processes.runScript('load-mix', path.join(plan.here, 'soak-load.ts'), {
      baseUrl: proxy,
      users: seeded.users,
      operatorToken: seeded.operatorToken,
      durationMs: plan.durationMs,
      ratePerSecond: plan.rate,
      out: files.calls,
    } satisfies SoakLoadInput),
    processes.runScript('load-money', path.join(plan.here, 'soak-money-load.ts'), {
      baseUrl: proxy,
      payers: seeded.payers,
      agents: seeded.agents,
      paymentPassword: plan.paymentPassword,
      depositChannelId: seeded.depositChannelId,
      gatewaySecret: plan.gatewaySecret,
      lotteryGame: seeded.lotteryGame,
      transferVendor: SANDBOX_TRANSFER,
      rates: plan.money,
      durationMs: plan.durationMs,
      graceMs: plan.graceMs,
      out: files.money,
      callsOut: files.moneyCalls,
    } satisfies MoneyLoadInput),
  ]);
  const samples: SoakSamples = { memory: [], cpu: [], connections: [], loadAverage: [] };
  const stopSampling = processes.startSampler(samples.memory, samples.cpu, samples.connections);
  const loadTimer = setInterval(() => samples.loadAverage.push(os.loadavg()[0]!), plan.sampleMs);
  const { faults, killedAt, sms } = await runFaults(plan, processes, vendor, startedAt);
  await loads;
  // The vendor transfers left unknown by the unreachable vendor are settled by the status-check
  // job once it is back; the last ones get its next pass before the reckoning reads them.
  await new Promise((resolve) => setTimeout(resolve, plan.graceMs));
  stopSampling();
  clearInterval(loadTimer);
  log('load finished');
  return summarise(plan, { startedAt, killedAt, faults, sms }, files, samples);
}

function cleanUp(): void {
  vendor?.close();
  processes.stopAll();
  try {
    pgc.dropCluster(plan.cluster);
    log(`cluster ${plan.cluster.name} dropped`);
  } catch (err) {
    console.error(err);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

soak().then(
  (ok) => {
    cleanUp();
    process.exit(ok ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    cleanUp();
    process.exit(1);
  },
);
