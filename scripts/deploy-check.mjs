// Proves the Dockerfile's steps without a container engine (CI has none): a step of `npm test`.
//
//   node scripts/deploy-check.mjs              the build context as `docker build .` sends it
//   node scripts/deploy-check.mjs --committed  HEAD only (git archive), ignoring uncommitted work
//   node scripts/deploy-check.mjs --keep       leave the scratch directory for a look
//
// Steps, the same as the Dockerfile's (KEEP THE TWO IN STEP: a step changed there is changed here):
//   0. context  files of the repository less .dockerignore's      (docker build context)
//   1. install  npm ci with the lockfile                           (RUN npm ci)
//   2. build    npm run build                                      (RUN npm run build)
//   3. prune    npm prune --omit=dev                               (RUN npm prune --omit=dev)
//   4. image    only package.json files, production node_modules,  (COPY --from=build ...)
//               apps/server/dist (with its migrations), apps/web/dist, apps/backoffice/dist
//   5. start    the image's CMD with its ENV (NODE_ENV=production) (CMD node apps/server/dist/server.js)
//               on a scratch PGlite data dir and a free port; waits for /readyz, then asks for a
//               page, a hashed asset, the back office and an API call, and stops it with SIGTERM.
// Exits non-zero naming the step that failed. Prints each step's time.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-deploy-check-'));
const build = path.join(scratch, 'build');
const image = path.join(scratch, 'image');
const dataDir = path.join(scratch, 'data');
const timings = [];
let server;

/** The environment a fresh build sees: no npm_* variables from an enclosing `npm test`, no database of ours. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache']) if (process.env[key]) env[key] = process.env[key];
  return { ...env, CI: 'true', ...extra };
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

function run(cmd, cmdArgs, cwd) {
  const r = spawnSync(cmd, cmdArgs, { cwd, env: cleanEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} exited ${r.status ?? r.signal}`);
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
  const lines = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
  const patterns = lines.filter((l) => l && !l.startsWith('#'));
  if (patterns.some((p) => p.startsWith('!'))) throw new Error('.dockerignore exceptions (!) are not handled here: extend deploy-check');
  return patterns.map(globToRegExp);
}

/** Step 0: the build context, as files under `build`. */
function copyContext() {
  const ignored = dockerignore();
  const keep = (file) => !ignored.some((re) => re.test(file));
  fs.mkdirSync(build, { recursive: true });
  if (args.has('--committed')) {
    const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', build], { input: tar });
    for (const file of execFileSync('git', ['ls-tree', '-r', '--name-only', '-z', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).split('\0')) {
      if (file && !keep(file)) fs.rmSync(path.join(build, file), { force: true });
    }
    return;
  }
  // What `docker build .` sends: the files on disk (committed or not) that git does not ignore.
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  for (const file of listed.split('\0')) {
    if (!file || !keep(file) || !fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
    fs.cpSync(path.join(ROOT, file), path.join(build, file), { verbatimSymlinks: true });
  }
}

/** Step 4: the runtime stage's COPY lines. Moved, not copied: the build directory is thrown away. */
function assembleImage() {
  const parts = ['package.json', 'node_modules', 'apps/server/package.json', 'apps/server/dist', 'apps/web/dist', 'apps/backoffice/dist'];
  for (const part of parts) {
    if (!fs.existsSync(path.join(build, part))) throw new Error(`${part} missing after the build`);
    fs.mkdirSync(path.dirname(path.join(image, part)), { recursive: true });
    fs.renameSync(path.join(build, part), path.join(image, part));
  }
  if (!fs.readdirSync(path.join(image, 'apps/server/dist/migrations')).some((f) => f.endsWith('.sql'))) throw new Error('no migrations in apps/server/dist/migrations');
  // The prune must have left only production dependencies.
  for (const dev of ['vite', 'typescript', 'vitest', 'esbuild', '@playwright/test', 'tsx']) {
    if (fs.existsSync(path.join(image, 'node_modules', dev))) throw new Error(`dev dependency ${dev} left in the image's node_modules`);
  }
  for (const prod of ['fastify', 'pg', '@electric-sql/pglite', 'pino']) {
    if (!fs.existsSync(path.join(image, 'node_modules', prod))) throw new Error(`production dependency ${prod} missing from the image's node_modules`);
  }
}

async function get(base, url, expectedType) {
  const res = await fetch(new URL(url, base));
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes(expectedType)) throw new Error(`GET ${url} answered content-type ${type}, not ${expectedType}`);
  return body;
}

/** Step 5: the image's CMD and ENV, as the unprivileged process it is in the container. */
async function startAndProbe() {
  fs.mkdirSync(dataDir, { recursive: true });
  let output = '';
  server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: image,
    env: cleanEnv({
      // The Dockerfile's ENV, then what a first start without PostgreSQL and providers needs.
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ALLOW_PGLITE_IN_PRODUCTION: '1',
      ALLOW_OUTBOX_IN_PRODUCTION: '1',
      OPERATOR_TOTP_KEY: crypto.randomBytes(36).toString('base64'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (c) => (output += c));
  server.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
  let gone = false;
  void exited.then(() => (gone = true));

  // Wait for the listening line, then for /readyz to say 200: conditions, each with a deadline.
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
  if (!page.includes('<div id="root"')) throw new Error('GET / is not the site\'s index.html');
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  if (!asset) throw new Error('index.html links no /assets/*.js');
  await get(base, asset, 'javascript');
  await get(base, '/backoffice/', 'text/html');
  const api = JSON.parse(await get(base, '/wps/system/whitelabel', 'application/json'));
  if (api.success !== true || !Array.isArray(api.value) || api.value.length === 0) throw new Error(`GET /wps/system/whitelabel: ${JSON.stringify(api).slice(0, 300)}`);

  server.kill('SIGTERM');
  const code = await exited;
  server = undefined;
  if (code !== 0) throw new Error(`SIGTERM: the server exited ${code}, not 0:\n${output.slice(-2000)}`);
}

const started = Date.now();
let failed;
try {
  await step('0 context', copyContext);
  await step('1 install (npm ci)', () => run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], build));
  await step('2 build (npm run build)', () => run('npm', ['run', 'build'], build));
  await step('3 prune (npm prune --omit=dev)', () => run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], build));
  await step('4 image contents', assembleImage);
  await step('5 start, /readyz, page, asset, API, SIGTERM', startAndProbe);
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
console.log('[deploy-check] the Dockerfile\'s steps build and start: ok');
