import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** A test's helper process running from source through tsx: its process, everything it printed so far, and its exit. */
export type TsxChild = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Start `script` (a path from the repository root) under node with tsx's loader, for the tests
 * that run work in several processes on one database and kill some of them.
 */
export function spawnTsxChild(script: string, args: string[], env: Record<string, string>): TsxChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
