// The soak's figures: calls per kind and minute (count, errors by kind, p99), memory per process
// over time, database connections over time; the per-minute series as JSON and CSV and an SVG plot
// drawn by hand (no plotting dependency). The money reckoning itself is the failover drill's
// (scripts/drill/failover-report.ts).
import fs from 'node:fs';
import type { AnswerRecord } from '../drill/failover-load';
import type { CallRecord } from './soak-load';

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
    groups.set(key, [...(groups.get(key) ?? []), r]);
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

export function writeSeries(
  base: string,
  data: {
    minutes: MinuteRow[];
    memory: MemorySample[];
    connections: ConnectionSample[];
    faults: { at: number; what: string }[];
    startedAt: number;
  },
): void {
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(data, null, 1)}\n`);
  const csv = [
    'minute,kind,calls,errors,error_rate,p99_ms',
    ...data.minutes.map((m) => `${m.minute},${m.kind},${m.calls},${m.errors},${m.errorRate.toFixed(4)},${m.p99Ms}`),
  ];
  fs.writeFileSync(`${base}.csv`, `${csv.join('\n')}\n`);
  fs.writeFileSync(`${base}.svg`, plot(data));
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];

/** Three stacked panels over the run's seconds: p99 per call and minute, RSS per process, connections; faults as vertical lines. */
function plot(data: {
  minutes: MinuteRow[];
  memory: MemorySample[];
  connections: ConnectionSample[];
  faults: { at: number; what: string }[];
  startedAt: number;
}): string {
  const W = 900;
  const H = 200;
  const left = 60;
  const end = Math.max(data.startedAt + 60_000, ...data.memory.map((m) => m.at), ...data.connections.map((c) => c.at));
  const x = (at: number) => left + ((at - data.startedAt) / (end - data.startedAt)) * (W - left - 180);
  const parts: string[] = [];
  const panel = (top: number, title: string, series: Map<string, [number, number][]>) => {
    const ymax = Math.max(1, ...[...series.values()].flat().map(([, v]) => v));
    const y = (v: number) => top + H - 20 - (v / ymax) * (H - 40);
    parts.push(`<text x="${left}" y="${top + 12}" font-size="12">${title} (max ${Math.round(ymax)})</text>`);
    parts.push(`<line x1="${left}" y1="${top + H - 20}" x2="${W - 180}" y2="${top + H - 20}" stroke="#999"/>`);
    for (const f of data.faults)
      parts.push(
        `<line x1="${x(f.at)}" y1="${top + 15}" x2="${x(f.at)}" y2="${top + H - 20}" stroke="#bbb" stroke-dasharray="3,3"><title>${f.what}</title></line>`,
      );
    [...series.entries()].forEach(([name, points], i) => {
      const colour = COLOURS[i % COLOURS.length];
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points.map(([at, v]) => `${x(at).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"/>`,
      );
      parts.push(`<text x="${W - 170}" y="${top + 30 + i * 14}" font-size="11" fill="${colour}">${name}</text>`);
    });
  };
  const group = <T>(rows: T[], key: (r: T) => string, point: (r: T) => [number, number]) => {
    const m = new Map<string, [number, number][]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), point(r)]);
    return m;
  };
  panel(
    0,
    'p99 ms per call and minute',
    group(
      data.minutes,
      (r) => r.kind,
      (r) => [data.startedAt + r.minute * 60_000 + 30_000, r.p99Ms],
    ),
  );
  panel(
    H,
    'RSS MB per process',
    group(
      data.memory,
      (r) => r.process,
      (r) => [r.at, r.rssMb],
    ),
  );
  panel(
    2 * H,
    'PostgreSQL connections',
    new Map([
      ['total', data.connections.map((c) => [c.at, c.total] as [number, number])],
      ['active', data.connections.map((c) => [c.at, c.active] as [number, number])],
    ]),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${3 * H}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${parts.join('\n')}\n</svg>\n`;
}
