// The headline figures of the benches that run side by side with a baseline commit
// (bench/with-baseline.ts): each read from a bench's printed lines by its label, so an older bench
// that prints fewer lines, or prints them in another order, still fills what it has.

/** `group`: the capture group holding the number (1 unless told). `lower`: lower is better. */
type Figure = { label: string; pattern: RegExp; group?: number; lower?: boolean };

const NUMBER = String.raw`([\d.]+)`;
const re = (source: string) => new RegExp(source.replaceAll('#', NUMBER));

const CALLBACKS: Figure[] = [
  { label: 'callbacks/s, engine on', pattern: re(String.raw`seamless callbacks \(bet \+ win[^)]*\)\s+# /s`) },
  { label: 'callbacks/s, engine off', pattern: re(String.raw`seamless callbacks, rewards engine off\s+# /s`) },
  { label: 'pgbench tps', pattern: re(String.raw`pgbench two-account transfer \(\d+ clients\)\s+# tps`) },
  { label: 'ratio callbacks / pgbench', pattern: re(String.raw`ratio callbacks / pgbench: #`) },
  { label: 'engine on / off', pattern: re(String.raw`rewards engine on / off: #`) },
  { label: 'bet p50 ms', pattern: re(String.raw`bet callback\s+p50 # ms`), lower: true },
  { label: 'bet p99 ms', pattern: re(String.raw`bet callback\s+p50 [\d.]+ ms\s+p99 # ms`), lower: true },
  { label: 'win p50 ms', pattern: re(String.raw`win callback\s+p50 # ms`), lower: true },
  { label: 'win p99 ms', pattern: re(String.raw`win callback\s+p50 [\d.]+ ms\s+p99 # ms`), lower: true },
  {
    label: 'CPU µs/callback, engine on',
    pattern: re(String.raw`CPU per callback[^:\n]*: engine off # µs, on # µs`),
    group: 2,
    lower: true,
  },
  {
    label: 'CPU µs/callback, engine off',
    pattern: re(String.raw`CPU per callback[^:\n]*: engine off # µs`),
    lower: true,
  },
  {
    label: 'round trips/callback, on',
    pattern: re(String.raw`round trips per callback[^:\n]*: engine off #, on #`),
    group: 2,
    lower: true,
  },
  {
    label: 'round trips/callback, off',
    pattern: re(String.raw`round trips per callback[^:\n]*: engine off #`),
    lower: true,
  },
  {
    label: 'PostgreSQL CPU µs/callback, on',
    pattern: re(String.raw`CPU per callback by process, engine on: server [\d.]+ µs, PostgreSQL # µs`),
    lower: true,
  },
  {
    label: 'machine CPU µs/callback, on',
    pattern: re(String.raw`CPU per callback by process, engine on: [^\n]*machine # µs`),
    lower: true,
  },
  {
    label: 'PostgreSQL CPU µs/pgbench transfer',
    pattern: re(String.raw`CPU per pgbench transfer: PostgreSQL and the rest # µs`),
    lower: true,
  },
  {
    label: 'statements/callback, on',
    pattern: re(String.raw`statements per callback[^:\n]*: engine off #, on #`),
    group: 2,
    lower: true,
  },
  {
    label: 'statements/callback, off',
    pattern: re(String.raw`statements per callback[^:\n]*: engine off #`),
    lower: true,
  },
];

const LOTTERY: Figure[] = [
  { label: 'tickets placed/s', pattern: re(String.raw`tickets placed\s+# /s`) },
  { label: 'placement p50 ms', pattern: re(String.raw`tickets placed\s+[\d.]+ /s\s+p50 # ms`), lower: true },
  {
    label: 'placement p99 ms',
    pattern: re(String.raw`tickets placed\s+[\d.]+ /s\s+p50 [\d.]+ ms\s+p99 # ms`),
    lower: true,
  },
  { label: 'pgbench tps', pattern: re(String.raw`pgbench transfer \(\d+ clients\)\s+# tps`) },
  { label: 'ratio tickets / pgbench', pattern: re(String.raw`ratio tickets / pgbench: #`) },
  { label: 'settlement s', pattern: re(String.raw`settled \d+ tickets in # s`), lower: true },
  { label: 'settlement tickets/s', pattern: re(String.raw`settled \d+ tickets in [\d.]+ s: # tickets/s`) },
  { label: 'live: 1 page, last ms', pattern: re(String.raw`1 page:\s+last # ms`), lower: true },
  { label: 'live: all pages, last ms', pattern: re(String.raw`\d+ pages:\s+last # ms`), lower: true },
];

const read = (name: string): Figure[] => [
  { label: 'bare req/s (median)', pattern: re(String.raw`median: bare # req/s`) },
  { label: `${name} req/s (median)`, pattern: re(String.raw`median: bare [\d.]+ req/s, \S+ # req/s`) },
  { label: `ratio ${name} / bare`, pattern: re(String.raw`ratio \S+ / bare: #`) },
  { label: 'CPU µs/req, bare', pattern: re(String.raw`server CPU per request \(median\): bare # µs`), lower: true },
  {
    label: `CPU µs/req, ${name}`,
    pattern: re(String.raw`server CPU per request \(median\): bare [\d.]+ µs, \S+ # µs`),
    lower: true,
  },
  { label: 'ratio by CPU', pattern: re(String.raw`ratio by CPU[^:\n]*: #`) },
];

/** By npm script: the figures its output is read for. */
export const FIGURES: Record<string, Figure[]> = {
  'bench:callbacks': CALLBACKS,
  'bench:lottery': LOTTERY,
  'bench:member-info': read('member-info'),
  'bench:balance': read('balance'),
};

/** The figure's number in `output` (its first match), or undefined when the bench did not print it. */
function valueOf(figure: Figure, output: string): number | undefined {
  const m = figure.pattern.exec(output);
  const text = m?.[figure.group ?? 1];
  return text === undefined ? undefined : Number(text);
}

const show = (v: number | undefined) =>
  v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);

/**
 * The side-by-side table: figure, this tree, baseline, and this / baseline (with whether that is
 * better, as a ratio over 1 is better for a rate and worse for a latency or a cost).
 */
export function sideBySide(
  script: string,
  current: { output: string; loadAverage: string },
  baseline: { output: string; loadAverage: string; name: string },
): string[] {
  const figures = FIGURES[script] ?? [];
  const rows = figures.map((f) => {
    const a = valueOf(f, current.output);
    const b = valueOf(f, baseline.output);
    let ratio = '—';
    if (a !== undefined && b !== undefined && b !== 0) {
      const r = a / b;
      const better = f.lower ? r < 1 : r > 1;
      ratio = `${r.toFixed(2)}${r === 1 ? '' : better ? ' better' : ' worse'}`;
    }
    return [f.label, show(a), show(b), ratio];
  });
  const head = ['figure', 'this tree', baseline.name, 'this / baseline'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `load average after each: this tree ${current.loadAverage}; baseline ${baseline.loadAverage}`,
  ];
}
