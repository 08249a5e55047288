import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Helpers shared by the browser suites: extra built servers with their own operator
 * configuration, the ops CLI, and the axe check.
 *
 * Each extra server needs a port of its own, because Playwright runs two spec files at once.
 * The ports are listed here so that two suites can never pick the same one.
 */
export const EXTRA_PORTS = {
  auth: 8190,
  maintenance: 8191,
  loginToHome: 8192,
  region: 8193,
  security: 8202,
  deposits: 8212,
  withdrawals: 8222,
  lobby: 8242,
  gateway: 8252,
  /** The reference vendor process (apps/vendor-sandbox) the gateway suite starts. */
  vendorSandbox: 8257,
  /** In-house games suite (8262–8264 reserved). */
  inhouse: 8262,
  /** Back office sign-in with TOTP (issue 8 §6). */
  backoffice: 8272,
  /** The /reset-password suite (issue 8 §7). */
  resetPassword: 8272,
} as const;

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type ExtraServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };

/** Run the ops CLI against a data directory (it migrates and seeds it as needed); returns stdout. */
export function runOps(dataDir: string, args: string[]): string {
  const result = spawnSync('npx', ['tsx', 'apps/server/src/scripts/ops.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function waitForServer(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/wps/system/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** Start a second built server on its own port and data directory, after `configure` ran on it. */
export async function startServer(
  name: string,
  port: number,
  configure: (dataDir: string) => void,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  const dataDir = path.join(ROOT, '.tmp', `e2e-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  configure(dataDir);
  let output = '';
  const child = spawn('node', ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SCRYPT_LOG_N: '14', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child, () => output);
  return {
    baseURL,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Fail with a readable list when axe finds serious or critical violations on the page. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Colours mid-transition (a theme switch, a hover) would be judged, not the settled page.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
}
