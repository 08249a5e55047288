// Proves the Dockerfile without a container engine (CI has none): a step of `npm test`.
//
//   node scripts/deploy-check.mjs              the build context as `docker build .` sends it
//   node scripts/deploy-check.mjs --committed  HEAD only (git archive), ignoring uncommitted work
//   node scripts/deploy-check.mjs --keep       leave the scratch directory for a look
//
// It reads the Dockerfile and carries out its instructions itself, in a scratch directory that
// stands for the stages' WORKDIR, so the two cannot drift apart (KEEP THEM IN STEP: an instruction
// this script does not understand stops it, and must be taught here):
//   context  the repository's files less .dockerignore's patterns          (docker build .)
//   build    the build stage's COPY and RUN lines in order, with its ENV    (npm ci, npm run build,
//            (npm may use its local cache: npm_config_prefer_offline)        npm prune --omit=dev)
//   image    the runtime stage's COPY --from=build lines; then checks: no dev dependency left,
//            the production ones and the migrations present, USER not root
//   start    the runtime stage's CMD with its ENV (NODE_ENV=production), but on 127.0.0.1, a free
//            port and a scratch PGlite data dir; waits for /readyz, asks for a page, a hashed asset,
//            the back office and an API call, then SIGTERM must end it with exit 0.
// The runtime stage's RUN lines only prepare DATA_DIR, which the scratch data dir replaces.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-deploy-check-'));
const dirs = {
  context: path.join(scratch, 'context'),
  build: path.join(scratch, 'build'),
  image: path.join(scratch, 'image'),
  data: path.join(scratch, 'data'),
};
const WORKDIR = '/app';
const timings = [];
let server;

const INSTRUCTIONS = new Set([
  'FROM',
  'ARG',
  'ENV',
  'WORKDIR',
  'COPY',
  'RUN',
  'USER',
  'EXPOSE',
  'HEALTHCHECK',
  'CMD',
  'LABEL',
  'STOPSIGNAL',
]);

/** The Dockerfile as stages of instructions; refuses what it cannot carry out the same way. */
function parseDockerfile(text) {
  const logical = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = '';
  }
  if (pending) throw new Error('Dockerfile ends inside a continued line');
  const globalArgs = new Map();
  const stages = [];
  for (const line of logical) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = keyword.toUpperCase();
    if (!INSTRUCTIONS.has(instruction))
      throw new Error(`Dockerfile: ${instruction} is not an instruction deploy-check carries out`);
    if (instruction === 'FROM') {
      const m = /^(\S+)\s+AS\s+(\S+)$/i.exec(rest);
      if (!m) throw new Error(`Dockerfile: every stage needs a name (FROM image AS name): ${line}`);
      for (const [, name] of m[1].matchAll(/\$\{(\w+)\}/g))
        if (!globalArgs.has(name)) throw new Error(`Dockerfile: FROM uses \${${name}}, declared by no ARG before it`);
      stages.push({ name: m[2], image: m[1], steps: [] });
    } else if (stages.length === 0) {
      if (instruction !== 'ARG') throw new Error(`Dockerfile: only ARG may come before the first FROM: ${line}`);
      const [name = '', value] = rest.split('=');
      globalArgs.set(name, value);
    } else {
      stages.at(-1).steps.push({ instruction, rest });
    }
  }
  return { globalArgs, stages };
}

/** ENV lines (`KEY=value` pairs, possibly quoted) as an object. */
function envOf(stage) {
  const env = {};
  for (const { rest } of stage.steps.filter((s) => s.instruction === 'ENV')) {
    for (const [, key, value] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[key] = value.replace(/^"|"$/g, '');
  }
  return env;
}

/** Map an absolute path under WORKDIR, or a relative one, onto a scratch directory. */
function under(dir, target) {
  const relative = path.posix.isAbsolute(target) ? path.posix.relative(WORKDIR, target) : target;
  if (relative.startsWith('..')) throw new Error(`path ${target} is outside ${WORKDIR}`);
  return path.join(dir, relative);
}

/** The environment a fresh build sees: no npm_* variables from an enclosing `npm test`, no database of ours. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const key of ['HOME', 'TMPDIR', 'LANG', 'npm_config_cache']) if (process.env[key]) env[key] = process.env[key];
  // Without the enclosing npm run's node_modules/.bin entries: a tool missing from the scratch install must fail.
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => !p.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, ...extra };
}

async function step(name, fn) {
  const t0 = Date.now();
  console.log(`[deploy-check] ${name} ...`);
  try {
    await fn();
  } catch (err) {
    throw new Error(`step "${name}" failed: ${err instanceof Error ? err.message : err}`, { cause: err });
  }
  const line = `[deploy-check] ${name}: ok in ${((Date.now() - t0) / 1000).toFixed(1)}s`;
  timings.push(line);
  console.log(line);
}

/** A .dockerignore pattern as a regular expression over repository paths: anchored at the root, `**` spans directories. */
function globToRegExp(pattern) {
  const p = pattern.replace(/^\/+|\/+$/g, '');
  let re = '';
  for (let i = 0; i < p.length; i++) {
    if (p.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (p.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (p[i] === '*') re += '[^/]*';
    else if (p[i] === '?') re += '[^/]';
    else re += p[i].replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // A match on a directory excludes everything under it.
  return new RegExp(`^${re}(?:/.*)?$`);
}

function dockerignore() {
  const lines = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  const patterns = lines.filter((l) => l && !l.startsWith('#'));
  if (patterns.some((p) => p.startsWith('!')))
    throw new Error('.dockerignore exceptions (!) are not handled here: extend deploy-check');
  return patterns.map(globToRegExp);
}

/** The build context, as files under dirs.context. */
function copyContext() {
  const ignored = dockerignore();
  const keep = (file) => !ignored.some((re) => re.test(file));
  fs.mkdirSync(dirs.context, { recursive: true });
  if (args.has('--committed')) {
    const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dirs.context], { input: tar });
    for (const file of execFileSync('git', ['ls-tree', '-r', '--name-only', '-z', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).split('\0')) {
      if (file && !keep(file)) fs.rmSync(path.join(dirs.context, file), { force: true });
    }
    return;
  }
  // What `docker build .` sends: the files on disk (committed or not) that git does not ignore.
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  for (const file of listed.split('\0')) {
    if (!file || !keep(file) || !fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dirs.context, file)), { recursive: true });
    fs.cpSync(path.join(ROOT, file), path.join(dirs.context, file), { verbatimSymlinks: true });
  }
}

/** COPY <src>... <dest> from a directory standing for the source into one standing for WORKDIR. */
function copyInto(fromDir, toDir, words, move) {
  const sources = words.slice(0, -1);
  const dest = words.at(-1);
  for (const source of sources) {
    const from = source === '.' ? fromDir : under(fromDir, source);
    if (!fs.existsSync(from)) throw new Error(`COPY ${source}: not found`);
    const into =
      dest.endsWith('/') && source !== '.' && fs.statSync(from).isFile()
        ? path.join(under(toDir, dest), path.basename(from))
        : under(toDir, dest);
    fs.mkdirSync(path.dirname(into), { recursive: true });
    if (move && !fs.existsSync(into)) fs.renameSync(from, into);
    else fs.cpSync(from, into, { recursive: true, verbatimSymlinks: true });
  }
}

/** The build stage: its COPY and RUN lines in order, in dirs.build. */
function runBuildStage(stage) {
  const env = cleanEnv({ ...envOf(stage), npm_config_prefer_offline: 'true' });
  fs.mkdirSync(dirs.build, { recursive: true });
  for (const { instruction, rest } of stage.steps) {
    if (instruction === 'WORKDIR' && rest !== WORKDIR)
      throw new Error(`WORKDIR ${rest}: deploy-check stands for ${WORKDIR} only`);
    if (instruction === 'COPY') {
      if (rest.startsWith('--')) throw new Error(`build stage COPY with flags is not carried out here: ${rest}`);
      copyInto(dirs.context, dirs.build, rest.split(/\s+/), false);
    }
    if (instruction === 'RUN') {
      const t0 = Date.now();
      console.log(`[deploy-check]   RUN ${rest}`);
      const r = spawnSync('sh', ['-c', rest], { cwd: dirs.build, env, stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0) throw new Error(`RUN ${rest} exited ${r.status ?? r.signal}`);
      timings.push(`[deploy-check]   RUN ${rest}: ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    }
  }
}

/** The runtime stage's COPY --from lines; then what the image must and must not hold. */
function assembleImage(stage, stageDirs) {
  for (const { instruction, rest } of stage.steps) {
    if (instruction === 'WORKDIR' && rest !== WORKDIR)
      throw new Error(`WORKDIR ${rest}: deploy-check stands for ${WORKDIR} only`);
    if (instruction !== 'COPY') continue;
    const words = rest.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
    if (!from || !stageDirs[from]) throw new Error(`runtime COPY must come from an earlier stage: ${rest}`);
    copyInto(
      stageDirs[from],
      dirs.image,
      words.filter((w) => !w.startsWith('--')),
      true,
    );
  }
  const user = stage.steps.findLast((s) => s.instruction === 'USER')?.rest;
  if (!user || user === 'root' || user === '0')
    throw new Error('the runtime stage must end with a USER that is not root');
  if (!fs.readdirSync(path.join(dirs.image, 'apps/server/dist/migrations')).some((f) => f.endsWith('.sql')))
    throw new Error('no migrations in apps/server/dist/migrations');
  // Not typescript: npm keeps it as an optional peer of i18next, a dependency of the site's workspaces.
  for (const dev of [
    'vite',
    'vitest',
    'esbuild',
    '@playwright/test',
    'playwright-core',
    'tsx',
    'eslint',
    'lighthouse',
  ]) {
    if (fs.existsSync(path.join(dirs.image, 'node_modules', dev)))
      throw new Error(`dev dependency ${dev} left in the image's node_modules`);
  }
  for (const prod of ['fastify', 'pg', '@electric-sql/pglite', 'pino']) {
    if (!fs.existsSync(path.join(dirs.image, 'node_modules', prod)))
      throw new Error(`production dependency ${prod} missing from the image's node_modules`);
  }
  const top = fs.readdirSync(dirs.image).sort().join(',');
  if (top !== 'apps,node_modules,package.json')
    throw new Error(`the image holds ${top}, more than apps, node_modules and package.json`);
}

async function get(base, url, expectedType) {
  const res = await fetch(new URL(url, base));
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes(expectedType)) throw new Error(`GET ${url} answered content-type ${type}, not ${expectedType}`);
  return body;
}

/** The runtime stage's CMD and ENV, on a scratch data dir and a free loopback port. */
async function startAndProbe(stage) {
  const cmd = JSON.parse(stage.steps.findLast((s) => s.instruction === 'CMD')?.rest ?? 'null');
  if (!Array.isArray(cmd) || cmd[0] !== 'node')
    throw new Error('the runtime stage needs CMD ["node", ...] in exec form');
  fs.mkdirSync(dirs.data, { recursive: true });
  let output = '';
  server = spawn(process.execPath, cmd.slice(1), {
    cwd: dirs.image,
    env: cleanEnv({
      ...envOf(stage),
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dirs.data,
      // A first start without PostgreSQL or providers, accepted explicitly as an operator would.
      ALLOW_PGLITE_IN_PRODUCTION: '1',
      ALLOW_OUTBOX_IN_PRODUCTION: '1',
      OPERATOR_TOTP_KEY: crypto.randomBytes(36).toString('base64'),
      AUDIT_CHAIN_KEY: crypto.randomBytes(36).toString('base64'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (c) => (output += c));
  server.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
  let gone = false;
  void exited.then(() => (gone = true));

  // Wait for the listening line, then for /readyz to say 200: conditions, under one deadline.
  const deadline = Date.now() + 150_000;
  let base;
  while (!base) {
    if (gone) throw new Error(`the server exited before listening:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not listen in time:\n${output}`);
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (!base) await new Promise((r) => setTimeout(r, 200));
  }
  let ready = false;
  let last = '';
  while (!ready) {
    if (gone) throw new Error(`the server exited before ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`/readyz never answered 200 (last: ${last})`);
    try {
      const res = await fetch(new URL('/readyz', base));
      last = `${res.status} ${await res.text()}`;
      ready = res.status === 200;
    } catch (err) {
      last = String(err);
    }
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }

  const page = await get(base, '/', 'text/html');
  if (!page.includes('<div id="root"')) throw new Error("GET / is not the site's index.html");
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  if (!asset) throw new Error('index.html links no /assets/*.js');
  await get(base, asset, 'javascript');
  await get(base, '/backoffice/', 'text/html');
  const api = JSON.parse(await get(base, '/wps/system/whitelabel', 'application/json'));
  if (api.success !== true || !Array.isArray(api.value) || api.value.length === 0)
    throw new Error(`GET /wps/system/whitelabel: ${JSON.stringify(api).slice(0, 300)}`);

  server.kill('SIGTERM');
  const code = await exited;
  server = undefined;
  if (code !== 0) throw new Error(`SIGTERM: the server exited ${code}, not 0:\n${output.slice(-2000)}`);
}

const started = Date.now();
let failed;
try {
  const { stages } = parseDockerfile(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const [build, runtime] = [stages.find((s) => s.name === 'build'), stages.at(-1)];
  if (!build || !runtime || build === runtime)
    throw new Error('the Dockerfile needs a `build` stage and a final runtime stage');
  await step('context (.dockerignore)', copyContext);
  await step(`stage ${build.name} (COPY, RUN)`, () => runBuildStage(build));
  await step(`stage ${runtime.name} (COPY --from)`, () => assembleImage(runtime, { [build.name]: dirs.build }));
  await step('CMD: /readyz, page, asset, back office, API, SIGTERM', () => startAndProbe(runtime));
} catch (err) {
  failed = err;
} finally {
  if (server) server.kill('SIGKILL');
  if (args.has('--keep')) console.log(`[deploy-check] scratch kept at ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
}
for (const line of timings) console.log(line);
console.log(`[deploy-check] total ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (failed) {
  console.error(`[deploy-check] ${failed.message}`);
  process.exit(1);
}
console.log("[deploy-check] the Dockerfile's stages build and its command starts: ok");
