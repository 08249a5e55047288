// The soak's end: every acknowledged answer reckoned against the ledger (the callbacks by the
// failover drill's reckoning, the money load's by soak-money.ts), ledger:check and audit:verify
// on the soak's cluster, the figures per call and per process, the series written, and one
// summary table. Passed when nothing acknowledged is missing or wrong, both checks pass, and no
// server's memory grew past the bound.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database';
import { readAnswers, reckon } from '../drill/failover-report';
import type { Fault } from './soak-faults';
import type { CallRecord } from './soak-load';
import { readMoneyAnswers, reckonMoney } from './soak-money';
import { plotSeries } from './soak-plot';
import { childEnv, type CpuSample, NODE_TS } from './soak-processes';
import type { SoakPlan } from './soak-plan';
import {
  callbackRecords,
  type ConnectionSample,
  cpuFigures,
  errorsByKind,
  type MemorySample,
  memoryFigures,
  perMinute,
  quantile,
  writeSeries,
} from './soak-report';

export type SoakFiles = { callbacks: string; calls: string; moneyCalls: string; money: string };
export type SoakSamples = {
  memory: MemorySample[];
  cpu: CpuSample[];
  connections: ConnectionSample[];
  /** The 1-minute load average every sample, to tell a quiet machine from a shared one. */
  loadAverage: number[];
};

function runCheck(plan: SoakPlan, script: string): { ok: boolean; line: string } {
  const r = spawnSync(NODE_TS[0], [...NODE_TS.slice(1), path.join(plan.root, 'apps/server/src/scripts', script)], {
    env: childEnv({ DATABASE_URL: plan.cluster.url(plan.database), AUDIT_CHAIN_KEY: plan.auditChainKey }),
    encoding: 'utf8',
  });
  const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter(Boolean);
  return {
    ok: r.status === 0,
    line: lines.find((l) => /^(OK|FAILED|BROKEN)/.test(l)) ?? lines.at(-1) ?? `exit ${r.status}`,
  };
}

const readCalls = (file: string): CallRecord[] =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as CallRecord)
    : [];

/** One row per kind of call: count, errors with their kinds, p99. */
function callRows(calls: CallRecord[]): [string, string][] {
  const errors = errorsByKind(calls);
  return [...new Set(calls.map((c) => c.kind))].sort().map((kind) => {
    const mine = calls.filter((c) => c.kind === kind);
    const bad = errors[kind] ?? {};
    const badCount = Object.values(bad).reduce((s, n) => s + n, 0);
    const kinds = Object.entries(bad)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const p99 = Math.round(
      quantile(
        mine.map((c) => c.ms),
        0.99,
      ),
    );
    const rate = ((100 * badCount) / mine.length).toFixed(2);
    return [
      `calls: ${kind}`,
      `${mine.length}, errors ${badCount} (${rate} %)${badCount ? `: ${kinds}` : ''}, p99 ${p99} ms`,
    ];
  });
}

export async function summarise(
  plan: SoakPlan,
  run: { startedAt: number; killedAt: number; faults: Fault[]; sms: CallRecord[] },
  files: SoakFiles,
  samples: SoakSamples,
): Promise<boolean> {
  const callbacks = readAnswers(files.callbacks);
  const money = readMoneyAnswers(files.money);
  const calls = [...readCalls(files.calls), ...readCalls(files.moneyCalls), ...callbackRecords(callbacks), ...run.sms];
  const database = await openDatabase({ databaseUrl: plan.cluster.url(plan.database), dataDir: null, poolSize: 2 });
  const [bets, moneyReckoned] = await Promise.all([
    reckon(
      database.db,
      callbacks,
      { loadStartedAt: run.startedAt, killedAt: run.killedAt, promotedAt: run.killedAt },
      'sync',
    ),
    reckonMoney(database.db, money),
  ]).finally(() => database.close());
  const ledger = runCheck(plan, 'ledger-check.ts');
  const audit = runCheck(plan, 'audit-verify.ts');
  const minutes = perMinute(calls, run.startedAt);
  const mem = memoryFigures(samples.memory, plan.warmupMs);
  const cpu = cpuFigures(samples.cpu);
  const base = path.join(plan.work, 'series');
  const series = {
    minutes,
    memory: samples.memory,
    cpu: samples.cpu,
    connections: samples.connections,
    faults: run.faults,
    startedAt: run.startedAt,
  };
  writeSeries(base, series);
  fs.writeFileSync(`${base}.svg`, plotSeries(series));

  const rows = callRows(calls);
  const worst = minutes.reduce((w, m) => (m.p99Ms > w.p99Ms ? m : w), minutes[0]!);
  rows.push(['worst minute p99', `${worst.p99Ms} ms (${worst.kind}, minute ${worst.minute})`]);
  let memoryOk = true;
  for (const m of mem) {
    const within = m.growthMb <= plan.rssBoundMb;
    if (!within && !m.process.startsWith('load') && m.process !== 'soak') memoryOk = false;
    rows.push([
      `RSS ${m.process}`,
      `start ${m.startMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB, growth ${m.growthMb.toFixed(1)} MB ${within ? 'within' : 'OVER'} the ${plan.rssBoundMb} MB bound`,
    ]);
  }
  for (const c of cpu)
    rows.push([
      `CPU ${c.process}`,
      `${c.cores.toFixed(2)} cores on average (${Math.round(c.seconds)} s of CPU in ${Math.round(c.wallSeconds)} s)`,
    ]);
  // Everything the soak ran (servers, PostgreSQL, proxy, vendor, loads, itself) against the machine's cores.
  const sampled = samples.cpu.map((c) => c.at);
  const wall = Math.max(1, (Math.max(...sampled) - Math.min(...sampled)) / 1000);
  const used = cpu.reduce((sum, c) => sum + c.seconds, 0) / wall;
  rows.push(['CPU, all of the soak', `${used.toFixed(2)} of ${os.cpus().length} cores on average`]);
  const conns = samples.connections.map((c) => c.total);
  rows.push([
    'PostgreSQL connections',
    `min ${Math.min(...conns)}, max ${Math.max(...conns)}, end ${conns.at(-1)} (${samples.connections.length} samples)`,
  ]);
  const loads = samples.loadAverage;
  rows.push([
    'load average (1 min)',
    `min ${Math.min(...loads).toFixed(2)}, median ${quantile(loads, 0.5).toFixed(2)}, max ${Math.max(...loads).toFixed(2)} (${os.cpus().length} CPUs)`,
  ]);
  rows.push(['faults', run.faults.map((f) => `${Math.round((f.at - run.startedAt) / 1000)} s ${f.what}`).join('; ')]);
  const ack = moneyReckoned.acknowledged;
  rows.push([
    'acknowledged money answers',
    `${bets.acknowledged + Object.values(ack).reduce((s, n) => s + n, 0)}: ${bets.acknowledgedBets} bets, ${bets.acknowledgedWins} wins, ${ack.deposit} deposits, ${ack.withdrawal} withdrawals, ${ack.ticket} tickets, ${ack['agent-transfer']} agent transfers, ${ack['vendor-in']} / ${ack['vendor-out']} vendor transfers in / out`,
  ]);
  rows.push(['acknowledged but missing', String(bets.missing + moneyReckoned.missing)]);
  rows.push(['acknowledged with a wrong amount', String(bets.wrongAmount + moneyReckoned.wrongAmount)]);
  if (moneyReckoned.examples.length) rows.push(['  first problems', moneyReckoned.examples.join('; ')]);
  rows.push(['vendor transfers left pending', String(moneyReckoned.vendorPending)]);
  rows.push(['ledger:check', ledger.ok ? ledger.line : `FAILED: ${ledger.line}`]);
  rows.push(['audit:verify', audit.ok ? audit.line : `FAILED: ${audit.line}`]);
  rows.push(['series', `${base}.json, .csv, .svg`]);
  const ok =
    bets.missing + moneyReckoned.missing === 0 &&
    bets.wrongAmount + moneyReckoned.wrongAmount === 0 &&
    bets.ledgerOk &&
    ledger.ok &&
    audit.ok &&
    memoryOk;
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `\nsoak summary, ${plan.minutes} min, ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}: ${ok ? 'PASSED' : 'FAILED'}`,
  );
  console.log(rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n'));
  return ok;
}
