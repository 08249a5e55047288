// A bench's helper process spoken to by lines: commands on its stdin, one JSON answer a line on its
// stdout (bench/crash-clients.ts, bench/crash-load.ts).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type LineChild = {
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** The next line of output, parsed. */
  next: <T = Record<string, number>>() => Promise<T>;
  send: (line: string) => void;
  stop: () => Promise<void>;
};

/** Run `bench/<script>` with tsx in a process of its own, with `args` and extra environment. */
export function startLineChild(script: string, args: string[], env: Record<string, string> = {}): LineChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    next: async <T>() => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`${script} ended`);
      return JSON.parse(value as string) as T;
    },
    send: (line) => child.stdin.write(`${line}\n`),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.stdin.write('stop\n');
      await exited;
    },
  };
}
