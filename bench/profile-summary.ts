// Where a server's CPU goes under a bench: a .cpuprofile (node --cpu-prof, or BENCH_CPU_PROF in
// the callbacks bench) summarised into self time per category, in µs per callback (or request).
// Run: npx tsx bench/profile-summary.ts <file.cpuprofile>... [--per <count>]
// Without --per, the count is read from the file name's "-<count>cb" (as the callbacks bench names them).
//
// Each sample goes to the category of its innermost frame that has one. Frames of Node's own
// modules and of V8 built-ins have none, so their time goes to their caller's category: a socket
// write from the pg driver counts as the driver, an HMAC digest as the signature check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const IDLE = 'idle (not CPU)';
const NODE = 'node internals (http, net, timers)';

const dependency = (names: string) => new RegExp(`/node_modules/(${names})/`);

/** In order: the first that matches a frame names its category; undefined passes the time to the caller. */
const RULES: { category: string; test: (f: CallFrame) => boolean }[] = [
  { category: IDLE, test: (f) => f.functionName === '(idle)' },
  { category: 'garbage collection', test: (f) => f.functionName === '(garbage collector)' },
  { category: 'V8 (program: compile, IC misses)', test: (f) => f.functionName === '(program)' },
  {
    category: 'signature / HMAC',
    test: (f) => f.url.includes('vendor-signature') || f.url.startsWith('node:internal/crypto'),
  },
  {
    category: 'JSON parse',
    test: (f) => (f.url === '' && f.functionName === 'parse') || dependency('secure-json-parse').test(f.url),
  },
  { category: 'zod / schema validation', test: (f) => dependency('zod|ajv|ajv-formats|fast-uri').test(f.url) },
  {
    category: 'fastify routing / serialisation',
    test: (f) =>
      (f.url === '' && f.functionName === 'stringify') ||
      dependency(
        'fastify|@fastify/[^/]+|find-my-way|fast-json-stringify|avvio|light-my-request|fast-querystring|toad-cache|fast-decode-uri-component|ret|safe-regex2|content-type|proxy-addr|forwarded',
      ).test(f.url),
  },
  {
    category: 'session lookup',
    test: (f) => f.url.includes('/modules/session/') || f.url.includes('/gateway/vendor-sessions'),
  },
  { category: 'group commit', test: (f) => f.url.includes('/src/db/group-commit') },
  {
    category: 'pg driver',
    test: (f) =>
      dependency(
        'pg|pg-protocol|pg-pool|pg-types|pg-int8|pg-connection-string|pgpass|postgres-array|postgres-bytea|postgres-date|postgres-interval',
      ).test(f.url),
  },
  {
    category: 'kysely compile',
    test: (f) => dependency('kysely').test(f.url) && /query-compiler|operation-node|\/parser\//.test(f.url),
  },
  { category: 'kysely (execute, plugins)', test: (f) => dependency('kysely|kysely-[^/]+').test(f.url) },
  {
    category: 'logging',
    test: (f) => f.url.endsWith('/src/logger.ts') || dependency('pino|pino-[^/]+|sonic-boom|fast-redact').test(f.url),
  },
  { category: 'metrics', test: (f) => f.url.includes('/src/metrics/') || dependency('prom-client').test(f.url) },
  { category: 'ledger (app)', test: (f) => f.url.includes('/modules/ledger/') },
  { category: 'rewards engine (app)', test: (f) => /\/modules\/(rewards|missions)\//.test(f.url) },
  { category: 'gateway / seamless (app)', test: (f) => f.url.includes('/modules/gateway/') },
  {
    category: 'other app code (server, shared)',
    test: (f) => /\/apps\/server\/src\/|\/packages\/[^/]+\/src\//.test(f.url),
  },
  { category: 'bench harness (query counter)', test: (f) => f.url.includes('/bench/') },
  { category: 'other dependencies', test: (f) => f.url.includes('/node_modules/') },
  // Node's own modules and V8 built-ins: the caller's category (see the top); at the root, NODE.
  { category: '', test: (f) => f.url === '' || f.url.startsWith('node:') },
  { category: 'other', test: () => true },
];

function categoryOf(frame: CallFrame): string | undefined {
  const category = RULES.find((r) => r.test(frame))!.category;
  return category === '' ? undefined : category;
}

/** µs of CPU per category over one or more profiles (idle left out of the total). */
export function summariseProfiles(profiles: CpuProfile[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const resolved = new Map<number, string>();
    const resolve = (id: number): string => {
      const known = resolved.get(id);
      if (known) return known;
      const own = categoryOf(byId.get(id)!.callFrame);
      const parent = parentOf.get(id);
      const category = own ?? (parent === undefined ? NODE : resolve(parent));
      resolved.set(id, category);
      return category;
    };
    // A sample's time is the gap to the next sample (the last one gets the mean gap).
    const { samples, timeDeltas } = profile;
    const meanGap = timeDeltas.length ? timeDeltas.reduce((a, b) => a + b, 0) / timeDeltas.length : 0;
    for (let i = 0; i < samples.length; i++) {
      const category = resolve(samples[i]!);
      const us = i + 1 < timeDeltas.length ? timeDeltas[i + 1]! : meanGap;
      total.set(category, (total.get(category) ?? 0) + us);
    }
  }
  return total;
}

/**
 * One table: a column per set of profiles (e.g. engine off, engine on), µs per unit (callback or
 * request) in each, categories by the last column's cost, the CPU total under them.
 *
 * A sample's time is wall time to the next sample, so on a busy machine it also holds the time
 * the thread waited for a core. Given `cpuUs` (the process's measured CPU over the same window),
 * the categories are scaled to add up to it, which keeps their shares and drops that wait.
 */
export function formatSummaries(
  columns: { name: string; profiles: CpuProfile[]; units: number; cpuUs?: number }[],
): string[] {
  const sums = columns.map((c) => summariseProfiles(c.profiles));
  const sampled = (s: Map<string, number>) => [...s].reduce((n, [k, v]) => (k === IDLE ? n : n + v), 0);
  const scales = sums.map((s, i) => {
    const cpuUs = columns[i]!.cpuUs;
    return cpuUs === undefined || sampled(s) === 0 ? 1 : cpuUs / sampled(s);
  });
  const categories = [...new Set(sums.flatMap((s) => [...s.keys()]))].filter((c) => c !== IDLE);
  const last = sums[sums.length - 1]!;
  categories.sort((a, b) => (last.get(b) ?? 0) - (last.get(a) ?? 0));
  const width = Math.max(...categories.map((c) => c.length), 'CPU, all categories'.length) + 2;
  const cell = (us: number | undefined, i: number) =>
    (((us ?? 0) * scales[i]!) / columns[i]!.units).toFixed(1).padStart(12);
  const row = (name: string, of: (s: Map<string, number>) => number | undefined) =>
    `${name.padEnd(width)}${sums.map((s, i) => cell(of(s), i)).join('')}`;
  const lines = [`${'µs per unit'.padEnd(width)}${columns.map((c) => c.name.padStart(12)).join('')}`];
  for (const category of categories) lines.push(row(category, (s) => s.get(category)));
  lines.push(row('CPU, all categories', sampled));
  lines.push(
    `units: ${columns.map((c) => `${c.name} ${c.units}`).join(', ')}; ${
      columns.every((c) => c.cpuUs !== undefined)
        ? `scaled to the measured CPU (sampled wall time over it: ${sums.map((s, i) => (1 / scales[i]!).toFixed(2)).join(', ')})`
        : 'sampled wall time, not scaled to a measured CPU (on a busy machine it includes waits for a core)'
    }`,
  );
  return lines;
}

function main(argv: string[]): void {
  const perAt = argv.indexOf('--per');
  const per = perAt >= 0 ? Number(argv[perAt + 1]) : undefined;
  const files = perAt < 0 ? argv : argv.filter((_a, i) => i !== perAt && i !== perAt + 1);
  if (!files.length) {
    console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile>... [--per <callbacks>]');
    process.exit(2);
  }
  const columns = files.map((file) => {
    const fromName = /-(\d+)cb\.cpuprofile$/.exec(file);
    const units = per ?? (fromName ? Number(fromName[1]) : 1);
    return {
      name: path
        .basename(file)
        .replace(/\.cpuprofile$/, '')
        .replace(/^callbacks-(.*?)-\d{10,}-\d+cb$/, '$1')
        .slice(0, 12),
      profiles: [JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile],
      units,
    };
  });
  if (columns.some((c) => c.units === 1 && per === undefined))
    console.log('(no callback count in a file name and no --per: figures are µs in all)');
  for (const line of formatSummaries(columns)) console.log(line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
