// The soak's series as one SVG, drawn by hand (no plotting dependency): five stacked panels over
// the run's minutes, the faults as dashed vertical lines (their names in each line's tooltip and
// listed under the plot): p99 per kind of call and minute (log scale: logins take hundreds of ms,
// callbacks tens), the error rate per kind and minute (the kinds that had errors), RSS per
// process, CPU per process (cores, per minute) and the PostgreSQL connections.
// The soak writes it beside its series; to draw one again, or to place it in the docs:
//   npx tsx scripts/soak/soak-plot.ts .tmp/soak-<time>/series.json [docs/soak-series.svg]
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { cpuSteps, type Series } from './soak-report';

type Points = Map<string, [number, number][]>;

const W = 960;
const H = 230;
const LEFT = 64;
const LEGEND = 190;
const COLOURS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
  '#bcbd22',
  '#393b79',
  '#e7969c',
  '#637939',
  '#843c39',
];

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function group<T>(rows: T[], key: (r: T) => string, point: (r: T) => [number, number]): Points {
  const m = new Map<string, [number, number][]>();
  for (const r of rows) {
    const points = m.get(key(r));
    if (points) points.push(point(r));
    else m.set(key(r), [point(r)]);
  }
  return m;
}

export function plotSeries(data: Series): string {
  const end = Math.max(data.startedAt + 60_000, ...data.memory.map((m) => m.at), ...data.connections.map((c) => c.at));
  const right = W - LEGEND;
  const x = (at: number) => LEFT + ((at - data.startedAt) / (end - data.startedAt)) * (right - LEFT);
  const minuteMid = (minute: number) => data.startedAt + minute * 60_000 + 30_000;
  const parts: string[] = [];
  const totalMinutes = Math.ceil((end - data.startedAt) / 60_000);
  const tickEvery = totalMinutes > 10 ? 5 : 1;

  const panel = (index: number, title: string, unit: string, series: Points, opts: { log?: boolean } = {}) => {
    const top = index * H;
    const bottom = top + H - 30;
    const values = [...series.values()].flat().map(([, v]) => v);
    const ymax = Math.max(opts.log ? 10 : 1, ...values);
    const span = opts.log ? Math.log10(ymax) : ymax;
    const y = (v: number) => bottom - ((opts.log ? Math.log10(Math.max(1, v)) : v) / span) * (H - 55);
    parts.push(`<text x="${LEFT}" y="${top + 16}" font-size="13" font-weight="bold">${escape(title)}</text>`);
    parts.push(`<line x1="${LEFT}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#999"/>`);
    parts.push(`<line x1="${LEFT}" y1="${top + 25}" x2="${LEFT}" y2="${bottom}" stroke="#999"/>`);
    const ticks = opts.log
      ? Array.from({ length: Math.floor(span) + 1 }, (_, i) => 10 ** i)
      : [0, ymax / 2, ymax].map((v) => (ymax >= 10 ? Math.round(v) : Math.round(v * 100) / 100));
    for (const t of ticks) {
      const at = y(t).toFixed(1);
      parts.push(`<line x1="${LEFT}" y1="${at}" x2="${right}" y2="${at}" stroke="#eee"/>`);
      parts.push(`<text x="${LEFT - 6}" y="${(y(t) + 4).toFixed(1)}" font-size="10" text-anchor="end">${t}</text>`);
    }
    parts.push(
      `<text x="12" y="${top + H / 2}" font-size="10" transform="rotate(-90 12 ${top + H / 2})">${unit}</text>`,
    );
    for (let m = 0; m <= totalMinutes; m += tickEvery) {
      const at = data.startedAt + m * 60_000;
      parts.push(`<text x="${x(at).toFixed(1)}" y="${bottom + 13}" font-size="10" text-anchor="middle">${m}</text>`);
    }
    for (const f of data.faults)
      parts.push(
        `<line x1="${x(f.at).toFixed(1)}" y1="${top + 25}" x2="${x(f.at).toFixed(1)}" y2="${bottom}" stroke="#888" stroke-dasharray="3,3"><title>${escape(f.what)}</title></line>`,
      );
    [...series.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .forEach(([name, points], i) => {
        const colour = COLOURS[i % COLOURS.length];
        const path = points.map(([at, v]) => `${x(at).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
        parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${path}"/>`);
        parts.push(
          `<text x="${right + 10}" y="${top + 32 + i * 13}" font-size="11" fill="${colour}">${escape(name)}</text>`,
        );
      });
  };

  panel(
    0,
    'p99 per call and minute',
    'ms (log)',
    group(
      data.minutes,
      (r) => r.kind,
      (r) => [minuteMid(r.minute), r.p99Ms],
    ),
    { log: true },
  );
  const erring = new Set(data.minutes.filter((m) => m.errors > 0).map((m) => m.kind));
  panel(
    1,
    'error rate per call and minute (kinds with errors)',
    '% of calls',
    group(
      data.minutes.filter((m) => erring.has(m.kind)),
      (r) => r.kind,
      (r) => [minuteMid(r.minute), 100 * r.errorRate],
    ),
  );
  panel(
    2,
    'RSS per process',
    'MB',
    group(
      data.memory,
      (r) => r.process,
      (r) => [r.at, r.rssMb],
    ),
  );
  // CPU per process and minute: the sampled steps summed over each minute (5 s steps are noisy).
  const perMinute = new Map<string, { seconds: number }>();
  for (const s of cpuSteps(data.cpu)) {
    const key = `${s.process}\t${Math.floor((s.at - data.startedAt) / 60_000)}`;
    perMinute.set(key, { seconds: (perMinute.get(key)?.seconds ?? 0) + s.seconds });
  }
  panel(
    3,
    'CPU per process and minute',
    'cores',
    group(
      [...perMinute.entries()].map(([key, v]) => {
        const [process, minute] = key.split('\t') as [string, string];
        return { process, minute: Number(minute), cores: v.seconds / 60 };
      }),
      (r) => r.process,
      (r) => [minuteMid(r.minute), r.cores],
    ),
  );
  panel(
    4,
    'PostgreSQL connections',
    'connections',
    new Map([
      ['total', data.connections.map((c) => [c.at, c.total] as [number, number])],
      ['active', data.connections.map((c) => [c.at, c.active] as [number, number])],
    ]),
  );
  const notes = data.faults.map(
    (f, i) =>
      `<text x="${LEFT}" y="${5 * H + 16 + i * 14}" font-size="11">${Math.round((f.at - data.startedAt) / 1000)} s: ${escape(f.what)}</text>`,
  );
  const height = 5 * H + 24 + data.faults.length * 14;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${parts.join('\n')}\n<text x="${LEFT}" y="${5 * H}" font-size="11">minutes since the load started; dashed lines: the faults</text>\n${notes.join('\n')}\n</svg>\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [input, output] = process.argv.slice(2);
  if (!input) {
    console.error('usage: npx tsx scripts/soak/soak-plot.ts <series.json> [out.svg]');
    process.exit(2);
  }
  const out = output ?? input.replace(/\.json$/, '.svg');
  fs.writeFileSync(out, plotSeries(JSON.parse(fs.readFileSync(input, 'utf8')) as Series));
  console.log(`wrote ${out}`);
}
