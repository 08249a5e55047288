import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { databaseEnv, emptyDataDir, freshDataDir } from '../../scripts/e2e-databases.mjs';
import { opsEnv, opsProcess } from '../../scripts/e2e-ops-process.mjs';
import { preparedTemplateFor, type OpsStep } from './prepared-templates.mjs';

/**
 * Helpers shared by the browser suites: extra built servers with their own operator
 * configuration, the ops CLI, and the axe check. Their ports come from ports.ts.
 */
export { EXTRA_PORTS } from './ports';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type ExtraServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/**
 * Ops commands queued by a `configure` callback of startServer, per data directory: they run in
 * one process before the server starts (see runOps).
 */
const queuedOps = new Map<string, OpsStep[]>();

/**
 * Run ops commands against a data directory (migrating and seeding it as needed), all in one
 * process, and return their stdout. The commands are the ops CLI's (`npm run ops -- help`), plus
 * `config:patch <key> <json-object>`, which changes the named fields of a setting (scripts/e2e-ops.ts).
 * scripts/e2e.mjs bundles that runner once (E2E_OPS_BUNDLE), so a call is a plain node start; run
 * straight through Playwright, tsx runs its source, directly rather than through npx, which adds
 * seconds of npm start-up to every call on a busy machine. The call blocks this worker, so
 * Playwright's own timeouts cannot stop a hung CLI: it gets a ceiling of its own and fails with its output.
 */
function runOpsNow(dataDir: string, batch: OpsStep[]): string {
  const bundle = process.env.E2E_OPS_BUNDLE;
  const ops =
    bundle && fs.existsSync(bundle)
      ? opsProcess(bundle, batch)
      : { command: TSX, args: ['scripts/e2e-ops.ts'], env: opsEnv(batch) };
  const result = spawnSync(ops.command, ops.args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ...databaseEnv(dataDir), ...ops.env },
    encoding: 'utf8',
    timeout: 150_000,
  });
  if (result.status !== 0) {
    const why = result.error ? ` (${result.error.message})` : result.signal ? ` (killed by ${result.signal})` : '';
    throw new Error(
      `ops ${batch.map(({ args }) => args.join(' ')).join('; ')} failed${why}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Run an ops command against a data directory; returns stdout. Called from a `configure` callback
 * of startServer, the command is queued instead and returns no output: the queue runs in one
 * process, in order, just before the server starts, since starting the server's code and opening
 * the database cost a few seconds a process on a busy machine.
 */
export function runOps(dataDir: string, args: string[]): string {
  const queue = queuedOps.get(dataDir);
  const step: OpsStep =
    process.env.OPS_PASSWORD === undefined ? { args } : { args, password: process.env.OPS_PASSWORD };
  if (queue) {
    queue.push(step);
    return '';
  }
  return runOpsNow(dataDir, [step]);
}

/**
 * Refuse a port something already listens on. A server left over from an interrupted run would
 * otherwise answer the readiness check while the new one fails to bind, and the suite would test
 * a stale server with another database.
 */
async function assertPortFree(port: number, name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} for the ${name} server is in use: stop the process holding it (a server left from an earlier run?) or set E2E_PORT to another base`
            : `cannot check port ${port} for the ${name} server: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Whether a child has ended, by an exit code or by a signal. */
function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForServer(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  // Only a ceiling for a server that hangs; readiness itself is the status call answering.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/wps/system/status`);
      if (response.ok && !ended(child)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/**
 * Where an extra server keeps its data: next to the main server's (E2E_DATA_DIR), so two runs with
 * their own data directories never wipe each other's extra servers.
 */
function extraDataDir(name: string): string {
  const main = path.resolve(ROOT, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
  return `${main}-${name}`;
}

/**
 * How long an extra server gets to shut down cleanly before it is killed. The suites' servers stop
 * within half a second of SIGTERM (0.13–0.4 s measured over eleven of them on a loaded two-core
 * machine), so this only bounds a stop held up by a request a browser left hanging.
 */
const STOP_CEILING_MS = 5_000;

/** Whether scripts/e2e.mjs made the prepared templates for this run (not when Playwright runs directly). */
const templatesPrepared = Boolean(process.env.E2E_PREPARED_TEMPLATES);

/**
 * Start a second built server on its own port and data directory, after `configure` ran on it (its
 * ops commands in one process, see runOps). `configure` only queues ops commands: the data
 * directory is made after it, from the template its queue chooses, so a file it wrote there would
 * be lost.
 */
export async function startServer(
  name: string,
  port: number,
  configure: (dataDir: string) => void,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  await assertPortFree(port, name);
  const dataDir = extraDataDir(name);
  const queue: OpsStep[] = [];
  queuedOps.set(dataDir, queue);
  try {
    configure(dataDir);
  } finally {
    queuedOps.delete(dataDir);
  }
  // A copy of the migrated and seeded template scripts/e2e.mjs makes (a PostgreSQL database, or a
  // PGlite data directory): migrating a fresh database takes seconds, the copy a fraction of one.
  // Where a prepared template already holds some of the queued steps (prepared-templates.mjs),
  // the copy is of that one and only the rest run. Run straight through Playwright, without a
  // template, a server migrates its own.
  const prepared = templatesPrepared ? preparedTemplateFor(queue) : undefined;
  await freshDataDir(dataDir, prepared?.name);
  const rest = prepared ? prepared.rest : queue;
  if (rest.length > 0) runOpsNow(dataDir, rest);
  return launchServer(name, port, dataDir, env);
}

/**
 * Start a built server on an empty database, so that its start installs the demo operator as a
 * newcomer's does (server.ts): the permissive licence, the demo's site content (promotions,
 * banners, legal pages) and its rewards programmes with the demo operators `demoadmin` and
 * `demofinance`. The suites' other servers start from the seeded template: their first start
 * claims the demo installation too, with the content and rewards off (playwright.config.ts), so it
 * sets the permissive licence where a suite's console chose none and adds nothing else.
 */
export async function startDemoServer(name: string, port: number): Promise<ExtraServer> {
  await assertPortFree(port, name);
  const dataDir = extraDataDir(name);
  await emptyDataDir(dataDir);
  return launchServer(name, port, dataDir, {
    DEMO_CONTENT: 'on',
    DEMO_JURISDICTION: 'permissive',
    DEMO_REWARDS: 'on',
  });
}

async function launchServer(
  name: string,
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ExtraServer> {
  let output = '';
  const child = spawn('node', ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...databaseEnv(dataDir),
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14',
      DEMO_CONTENT: 'off',
      // The suites' generic site: a server that creates its database (no template) would install
      // the demo under BR, the default (db/seed-jurisdiction.ts); each suite sets up its own licence.
      DEMO_JURISDICTION: 'permissive',
      // Nor its rewards programmes and demo operators (DEMO_REWARDS): each suite switches on what it tests.
      DEMO_REWARDS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (ended(child)) return resolve();
      // A clean shutdown waits for requests in flight; one a browser left hanging must not hold the
      // suite past its hook's timeout, so after a ceiling the server is killed and its output shown.
      const ceiling = setTimeout(() => {
        console.warn(
          `${name} server did not stop within ${STOP_CEILING_MS} ms of SIGTERM; killed. Its output:\n${output.slice(-4000)}`,
        );
        child.kill('SIGKILL');
      }, STOP_CEILING_MS);
      child.once('exit', () => {
        clearTimeout(ceiling);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitForServer(baseURL, child, () => output);
  } catch (error) {
    // A server that never became ready must not outlive the suite and hold its port for the next run.
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

export { expectNoSeriousA11yViolations } from './a11y';
