import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** The reference vendor the development start runs beside the server (VENDOR_SANDBOX_AUTOSTART). */
export type DevVendorSandbox = {
  url: string;
  secret: string;
  /** Resolves once the vendor listens; rejects when it exits first. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

/** How to run apps/vendor-sandbox: its bundle when built (`npm run build`), else its source through tsx (`npm run dev`). */
function sandboxCommand(): { args: string[]; cwd: string } | undefined {
  // Walk up from this file: it runs from src/ (tsx) and bundled in apps/server/dist/.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const app = path.join(dir, 'apps', 'vendor-sandbox');
    if (fs.existsSync(path.join(app, 'package.json'))) {
      const built = path.join(app, 'dist', 'main.js');
      if (fs.existsSync(built)) return { args: [built], cwd: dir };
      return { args: ['--import', 'tsx', path.join(app, 'src', 'main.ts')], cwd: dir };
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/** A port nothing listens on now (the vendor takes it a moment later; the platform must know it first). */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Development only (server.ts checks the configuration, and production refuses
 * VENDOR_SANDBOX_AUTOSTART): start apps/vendor-sandbox as a child process on a free local port
 * with a fresh secret, calling back to this server on `platformPort`. The child has an IPC
 * channel, so it ends with this process even when this one is killed.
 */
export async function startDevVendorSandbox(opts: {
  platformHost: string;
  platformPort: number;
  log: Logger;
}): Promise<DevVendorSandbox | undefined> {
  const command = sandboxCommand();
  if (!command) {
    opts.log.warn(
      'VENDOR_SANDBOX_AUTOSTART: apps/vendor-sandbox was not found next to the server; SBX and SBT stay unconnected.',
    );
    return undefined;
  }
  const host = '127.0.0.1';
  const platformHost = ['0.0.0.0', '::', ''].includes(opts.platformHost) ? '127.0.0.1' : opts.platformHost;
  const port = await freePort(host);
  const secret = crypto.randomBytes(24).toString('hex');
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: host,
      WPS_PLATFORM_URL: `http://${platformHost.includes(':') ? `[${platformHost}]` : platformHost}:${opts.platformPort}`,
      VENDOR_SANDBOX_SECRET: secret,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  let stopping = false;
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('vendor-sandbox listening')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      if (!stopping)
        opts.log.error(
          { code, signal, output: output.slice(-2000) },
          'the reference vendor (VENDOR_SANDBOX_AUTOSTART) exited',
        );
      reject(new Error(`vendor-sandbox exited (${code ?? signal}): ${output.slice(-500)}`));
    });
  });
  // The server goes on when the vendor fails: only SBX and SBT cannot be played.
  ready.catch(() => undefined);
  const url = `http://${host}:${port}`;
  opts.log.info(
    { url },
    'the reference vendor (apps/vendor-sandbox) runs beside this development server; SBX and SBT connect to it',
  );
  return {
    url,
    secret,
    ready,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
