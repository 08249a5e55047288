/**
 * Start the real server process (`tsx apps/server/src/server.ts`) for tests about what the
 * process itself does: refusing to start, what it logs. Each run gets its own DATA_DIR (PGlite)
 * and port 0; the address is read from the "Server listening" log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { provided } from './test-app';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/src/server.ts');

export type SpawnedServer = {
  child: ChildProcess;
  dataDir: string;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The base URL once the server listens; rejects if it exits first. */
  listening: (timeoutMs?: number) => Promise<string>;
  /** SIGTERM, then wait for the exit; removes the data directory. */
  stop: () => Promise<void>;
};

/**
 * The base URL a server started with PORT=0 reports once it listens (its "Server listening at" line,
 * logged at info). Port 0 leaves the choice to the kernel at bind time, so no other process can
 * take the port between a test's choice and the server's bind. Rejects if the process exits first.
 */
export function listeningAddress(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    // Registered after the caller's own listener, so output() already holds the chunk.
    child.stdout?.on('data', check);
    check();
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output()}`));
    });
  });
}

/**
 * Spawn the server with a clean environment: only PATH/HOME plus `env`, so a developer's
 * DATABASE_URL or provider settings cannot leak into the test. The SPA is not served.
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const dataDir = path.join(process.env.TMPDIR ?? '/tmp', `wps-spawn-${crypto.randomBytes(6).toString('hex')}`);
  // A copy of the run's migrated data directory: an empty one would spend seconds on initdb and every migration.
  const template = provided('serverDataDir');
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  // Node itself with tsx's loader, not the tsx command: the command is a second process that relays
  // signals to the server, and under load its relay could end the server with SIGTERM's default
  // (exit 143) instead of letting the server's own handler close it (exit 0).
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      // Under the generic licence without its rewards programmes, as vitest.config.ts says; a test may ask for another.
      DEMO_JURISDICTION: 'permissive',
      DEMO_REWARDS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const listening = (timeoutMs = 120_000) => listeningAddress(child, () => output, timeoutMs);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  };

  return { child, dataDir, output: () => output, exited, listening, stop };
}
