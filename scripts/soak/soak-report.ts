// The soak's figures: calls per kind and minute (count, errors by kind, p99), memory and CPU per
// process over time, database connections over time; the series as JSON and CSV (soak-plot.ts
// draws the JSON). The reckonings are the failover drill's (the callbacks) and
// soak-money.ts (the money load).
import fs from 'node:fs';
import type { AnswerRecord } from '../drill/failover-load';
import type { CallRecord } from './soak-load';
import type { CpuSample } from './soak-processes';

export type MemorySample = { at: number; process: string; rssMb: number };
export type ConnectionSample = { at: number; total: number; active: number; idle: number };
export type MinuteRow = {
  minute: number;
  kind: string;
  calls: number;
  errors: number;
  errorRate: number;
  p99Ms: number;
};

/** The callbacks' answers in the soak's record shape (a failure is no answer or a 5xx; a refusal is an answer). */
export function callbackRecords(answers: AnswerRecord[]): CallRecord[] {
  return answers.map((a) => ({
    at: a.at,
    kind: a.op,
    ms: a.at - a.sentAt,
    status: a.status,
    code: a.code ?? '',
    ok: a.acknowledged || (a.status > 0 && a.status < 500),
  }));
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export function perMinute(records: CallRecord[], startedAt: number): MinuteRow[] {
  const groups = new Map<string, CallRecord[]>();
  for (const r of records) {
    const key = `${Math.floor((r.at - startedAt) / 60_000)}\t${r.kind}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.entries()]
    .map(([key, rs]) => {
      const [minute, kind] = key.split('\t') as [string, string];
      const errors = rs.filter((r) => !r.ok).length;
      return {
        minute: Number(minute),
        kind,
        calls: rs.length,
        errors,
        errorRate: errors / rs.length,
        p99Ms: Math.round(
          quantile(
            rs.map((r) => r.ms),
            0.99,
          ),
        ),
      };
    })
    .sort((a, b) => a.minute - b.minute || a.kind.localeCompare(b.kind));
}

/** Errors by kind of call and kind of failure ("503 DB_UNAVAILABLE", "0 NO_ANSWER"). */
export function errorsByKind(records: CallRecord[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of records.filter((x) => !x.ok)) {
    const byCode = (out[r.kind] ??= {});
    const key = `${r.status} ${r.code}`;
    byCode[key] = (byCode[key] ?? 0) + 1;
  }
  return out;
}

export type MemoryFigure = { process: string; startMb: number; endMb: number; maxMb: number; growthMb: number };

/**
 * Start, end and max RSS per process; growth is end minus the first sample `warmupMs` after the
 * process's own first one (a restarted instance warms up again: its start-up is no leak).
 */
export function memoryFigures(samples: MemorySample[], warmupMs: number): MemoryFigure[] {
  const names = [...new Set(samples.map((s) => s.process))];
  return names.map((name) => {
    const mine = samples.filter((s) => s.process === name);
    const settled = mine.filter((s) => s.at >= mine[0]!.at + warmupMs);
    const start = (settled[0] ?? mine[0])!.rssMb;
    const end = mine.at(-1)!.rssMb;
    return {
      process: name,
      startMb: start,
      endMb: end,
      maxMb: Math.max(...mine.map((s) => s.rssMb)),
      growthMb: end - start,
    };
  });
}

type CpuFigure = { process: string; seconds: number; wallSeconds: number; cores: number };

/** CPU used between consecutive samples of one process, as cores (a restarted process's counter starts again: no negative step). */
export function cpuSteps(samples: CpuSample[]): { process: string; at: number; cores: number; seconds: number }[] {
  const last = new Map<string, CpuSample>();
  const steps: { process: string; at: number; cores: number; seconds: number }[] = [];
  for (const s of samples) {
    const before = last.get(s.process);
    last.set(s.process, s);
    if (!before || s.at <= before.at) continue;
    const seconds = Math.max(0, s.cpuSeconds - before.cpuSeconds);
    steps.push({ process: s.process, at: s.at, seconds, cores: seconds / ((s.at - before.at) / 1000) });
  }
  return steps;
}

/** Per process: the CPU seconds it used while sampled, over how long, and the average in cores. */
export function cpuFigures(samples: CpuSample[]): CpuFigure[] {
  const names = [...new Set(samples.map((s) => s.process))];
  const steps = cpuSteps(samples);
  return names.map((name) => {
    const mine = samples.filter((s) => s.process === name);
    const seconds = steps.filter((s) => s.process === name).reduce((sum, s) => sum + s.seconds, 0);
    const wallSeconds = Math.max(1, (mine.at(-1)!.at - mine[0]!.at) / 1000);
    return { process: name, seconds, wallSeconds, cores: seconds / wallSeconds };
  });
}

export type Series = {
  minutes: MinuteRow[];
  memory: MemorySample[];
  cpu: CpuSample[];
  connections: ConnectionSample[];
  faults: { at: number; what: string }[];
  startedAt: number;
};

/** The series as JSON (everything: soak-plot.ts draws it) and CSV (per call and minute). */
export function writeSeries(base: string, data: Series): void {
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(data, null, 1)}\n`);
  const csv = [
    'minute,kind,calls,errors,error_rate,p99_ms',
    ...data.minutes.map((m) => `${m.minute},${m.kind},${m.calls},${m.errors},${m.errorRate.toFixed(4)},${m.p99Ms}`),
  ];
  fs.writeFileSync(`${base}.csv`, `${csv.join('\n')}\n`);
}
