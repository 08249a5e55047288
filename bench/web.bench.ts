// The home page's weight and speed: the gzip size of the JavaScript and CSS it needs before it can
// render (next to the budget), then Lighthouse's performance figures in Debian Chromium, mobile
// preset (simulated slow 4G, 4x CPU) and desktop preset, against the built server on its own port
// with a scratch PGlite data directory. Budgets and goals are printed, not asserted: a loaded
// machine moves the timings, and the figures are read next to each other.
// Run: npm run bench:web   (BENCH_WEB_BUILD=1 rebuilds the web app first; BENCH_WEB_PORT,
// BENCH_WEB_RUNS (Lighthouse runs per preset, median printed), CHROMIUM_PATH to change;
// BENCH_WEB_LIGHTHOUSE=0 prints the sizes only; BENCH_WEB_REPORT=<dir> keeps each Lighthouse result;
// BENCH_WEB_DIST=<dir> measures another web build, e.g. a copy of the one before a change, to compare
// two builds in the same conditions)
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Config, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.resolve(ROOT, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const SCRATCH = path.join(ROOT, '.tmp', 'bench-web');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8311);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));

const JS_BUDGET_KB = 130;
const GOALS = { mobileLcpMs: 2_500, mobileTbtMs: 300, desktopLcpMs: 800 };

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Build what is missing (or both again when asked), then freeze a copy of the web build so a
 * rebuild elsewhere during the Lighthouse runs cannot mix two builds. The copy gets the
 * precompressed .br/.gz files `npm run build` makes, which the server sends as they are. */
function prepareBuild(): string {
  const rebuild = process.env.BENCH_WEB_BUILD === '1';
  if (!process.env.BENCH_WEB_DIST && (rebuild || !fs.existsSync(path.join(WEB_DIST, 'index.html'))))
    run('npm', ['run', 'build', '-w', '@wps/web']);
  if (rebuild || !fs.existsSync(SERVER_ENTRY)) run('npm', ['run', 'build', '-w', '@wps/server']);
  const frozen = path.join(SCRATCH, 'web-dist');
  fs.rmSync(frozen, { recursive: true, force: true });
  fs.cpSync(WEB_DIST, frozen, { recursive: true });
  const precompress = path.join(ROOT, 'scripts/precompress.mjs');
  const hasCopies = fs
    .readdirSync(path.join(frozen, 'assets'))
    .some((file) => file.endsWith('.br') || file.endsWith('.gz'));
  if (fs.existsSync(precompress) && !hasCopies) run('node', [precompress, frozen]);
  return frozen;
}

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

type Initial = { js: string[]; css: string[] };

/** The files the home page loads before it can render: index.html's entry script, its
 * modulepreloads and stylesheets, and every chunk the entry imports statically. */
function initialFiles(dist: string): Initial {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attr(tag, 'src');
      if (src) js.add(src);
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) js.add(href);
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) css.add(href);
    }
  }
  const queue = [...js];
  while (queue.length) {
    const url = queue.pop() as string;
    const code = fs.readFileSync(path.join(dist, url), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const imported = new URL(match[1] as string, `http://x${url}`).pathname;
      if (!js.has(imported)) {
        js.add(imported);
        queue.push(imported);
      }
    }
  }
  return { js: [...js], css: [...css] };
}

function gzipKb(dist: string, files: string[]): number {
  return (
    files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024
  );
}

/** What the server actually sends for these files to a browser that accepts br and gzip. */
async function servedKb(baseUrl: string, files: string[]): Promise<{ kb: number; encodings: string[] }> {
  let bytes = 0;
  const encodings = new Set<string>();
  for (const file of files) {
    const response = await fetch(`${baseUrl}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    // fetch decodes the body, so the wire size is read from the header when the server sends one.
    const body = Buffer.from(await response.arrayBuffer());
    const length = Number(response.headers.get('content-length') ?? NaN);
    const encoding = response.headers.get('content-encoding') ?? 'identity';
    encodings.add(encoding);
    bytes +=
      Number.isFinite(length) && encoding !== 'identity'
        ? length
        : encoding === 'identity'
          ? body.length
          : gzipSync(body).length;
  }
  return { kb: bytes / 1024, encodings: [...encodings] };
}

async function startServer(dist: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = path.join(SCRATCH, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  const child: ChildProcess = spawn('node', [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/wps/system/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Figures = {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  transferKb: number;
  /** What Lighthouse names the largest paint (the element's selector and its opening tag). */
  lcpElement: string;
  /** The LCP's phases (TTFB, Load Delay, Load Time, Render Delay) in ms, so a regression names its cause. */
  lcpPhases: Array<{ phase: string; ms: number }>;
  cls: number;
  /** The longest main-thread tasks (Lighthouse's long-tasks audit): where the blocking time comes from. */
  longTasks: Array<{ url: string; ms: number }>;
};

type AuditDetails = { type?: string; items?: Array<AuditDetails & Record<string, unknown>> };

/**
 * The `largest-contentful-paint-element` audit: a list of two tables, the element (a node item with
 * its selector and snippet) and, for the navigation, the phases with their timings.
 */
function lcpBreakdown(details: AuditDetails | undefined): Pick<Figures, 'lcpElement' | 'lcpPhases'> {
  const tables = details?.type === 'list' ? (details.items ?? []) : details ? [details] : [];
  let lcpElement = 'not reported';
  const lcpPhases: Figures['lcpPhases'] = [];
  for (const table of tables) {
    for (const item of table.items ?? []) {
      const node = item.node as { selector?: string; snippet?: string } | undefined;
      if (node) lcpElement = `${node.selector ?? ''} ${node.snippet ?? ''}`.trim();
      if (typeof item.phase === 'string' && typeof item.timing === 'number')
        lcpPhases.push({ phase: item.phase, ms: item.timing });
    }
  }
  return { lcpElement, lcpPhases };
}

/** Debian's Chromium, headless, with the browser suite's flags and a debugging port for Lighthouse. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(SCRATCH, 'chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: the renderer, GPU and utility processes go with the browser, where
    // a kill of the browser alone left them writing into the profile while it was removed (ENOTEMPTY).
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`Chromium exited:\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

async function lighthouseRun(url: string, config: Config | undefined): Promise<Figures> {
  const chrome = await launchChromium();
  try {
    const result = (await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    )) as RunnerResult;
    const { audits, categories } = result.lhr;
    // BENCH_WEB_REPORT=<dir>: keep each run's Lighthouse result (the LCP element and its phases are in it).
    const reportDir = process.env.BENCH_WEB_REPORT;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(
        path.join(reportDir, `lighthouse-${config ? 'desktop' : 'mobile'}-${Date.now()}.json`),
        JSON.stringify(result.lhr),
      );
    }
    // A run Lighthouse could not finish (no paint in time on a loaded machine) has no figures: say why.
    if (result.lhr.runtimeError)
      console.log(`  lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      fcpMs: value('first-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      transferKb: value('total-byte-weight') / 1024,
      cls: value('cumulative-layout-shift'),
      longTasks: ((audits['long-tasks']?.details as AuditDetails | undefined)?.items ?? [])
        .map((item) => ({ url: String(item.url ?? '?'), ms: Number(item.duration ?? 0) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 4),
      ...lcpBreakdown(audits['largest-contentful-paint-element']?.details as AuditDetails | undefined),
    };
  } finally {
    await chrome.stop();
  }
}

/** The median run by LCP, among the runs that have one (a failed run is NaN and left out when others finished). */
function median(runs: Figures[]): Figures {
  const finished = runs.filter((run) => Number.isFinite(run.lcpMs));
  const pool = finished.length ? finished : runs;
  return [...pool].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(pool.length / 2)] as Figures;
}

function describe(label: string, f: Figures, goal: { lcpMs: number; tbtMs?: number }): string {
  const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');
  const tbtGoal = goal.tbtMs === undefined ? '' : `, TBT ≤ ${goal.tbtMs} ms: ${verdict(f.tbtMs <= goal.tbtMs)}`;
  const phases = f.lcpPhases.map((p) => `${p.phase} ${(p.ms / 1000).toFixed(2)} s`).join(', ');
  return (
    `${label.padEnd(8)} score ${String(f.score).padStart(3)}  LCP ${(f.lcpMs / 1000).toFixed(2)} s  FCP ${(f.fcpMs / 1000).toFixed(2)} s  ` +
    `TBT ${f.tbtMs.toFixed(0)} ms  CLS ${f.cls.toFixed(3)}  transferred ${f.transferKb.toFixed(0)} KB  ` +
    `(goal LCP ≤ ${(goal.lcpMs / 1000).toFixed(1)} s: ${verdict(f.lcpMs <= goal.lcpMs)}${tbtGoal})\n` +
    `         LCP element: ${f.lcpElement.replace(/\s+/g, ' ').slice(0, 200)}\n` +
    `         LCP phases : ${phases || 'not reported'}\n` +
    `         long tasks : ${f.longTasks.map((t) => `${t.ms.toFixed(0)} ms ${t.url.replace(/^https?:\/\/[^/]+/, '')}`).join(', ') || 'none'}`
  );
}

async function main() {
  const dist = prepareBuild();
  const initial = initialFiles(dist);
  const jsKb = gzipKb(dist, initial.js);
  const cssKb = gzipKb(dist, initial.css);
  console.log(
    `home initial JS : ${jsKb.toFixed(1)} KB gzip -9 in ${initial.js.length} file(s)  (budget ${JS_BUDGET_KB} KB: ${jsKb <= JS_BUDGET_KB ? 'within' : 'over'})`,
  );
  console.log(`home initial CSS: ${cssKb.toFixed(1)} KB gzip -9 in ${initial.css.length} file(s)`);

  if (process.env.BENCH_WEB_LIGHTHOUSE === '0') return;
  const server = await startServer(dist);
  try {
    const served = await servedKb(server.baseUrl, [...initial.js, ...initial.css]);
    const compressed = served.encodings.some((e) => e !== 'identity');
    console.log(
      `served by the server: ${served.kb.toFixed(1)} KB for those files, content-encoding ${served.encodings.join('/')}` +
        (compressed ? '' : ' (the server does not compress: Lighthouse below measures uncompressed transfers)'),
    );
    const url = `${server.baseUrl}/`;
    const presets: Array<{ label: string; config: Config | undefined; goal: { lcpMs: number; tbtMs?: number } }> = [
      { label: 'mobile', config: undefined, goal: { lcpMs: GOALS.mobileLcpMs, tbtMs: GOALS.mobileTbtMs } },
      { label: 'desktop', config: desktopConfig as Config, goal: { lcpMs: GOALS.desktopLcpMs } },
    ];
    for (const preset of presets) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, preset.config));
      console.log(describe(preset.label, median(runs), preset.goal) + (RUNS > 1 ? `  median of ${RUNS}` : ''));
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
