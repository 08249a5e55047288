import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** The name of the back office's provider row the local identity provider keeps up to date. */
export const DEV_PROVIDER_NAME = 'Local IdP';
export const DEV_PROVIDER_CLIENT_ID = 'wps-local';

export type DevOidcProvider = { issuer: string; clientId: string; clientSecret: string; stop(): Promise<void> };

/** How to run apps/idp-sandbox: its bundle when built (`npm run build`), else its source through tsx. */
function idpCommand(): { args: string[]; cwd: string } | undefined {
  // Walk up from this file: it runs from src/ (tsx) and bundled in apps/server/dist/.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const app = path.join(dir, 'apps', 'idp-sandbox');
    if (fs.existsSync(path.join(app, 'package.json'))) {
      const built = path.join(app, 'dist', 'main.js');
      if (fs.existsSync(built)) return { args: [built], cwd: dir };
      return { args: ['--import', 'tsx', path.join(app, 'src', 'main.ts')], cwd: dir };
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Development and tests (production refuses OIDC_DEV_PROVIDER_AUTOSTART unless
 * ALLOW_OIDC_DEV_PROVIDER): start apps/idp-sandbox as a child process with a fresh client
 * secret, allowing only this server's callback. Resolves once it listens, with its issuer; the
 * child has an IPC channel, so it ends with this process even when this one is killed.
 */
export async function startDevOidcProvider(opts: {
  port: number;
  redirectUri: string;
  log: Logger;
}): Promise<DevOidcProvider | undefined> {
  const command = idpCommand();
  if (!command) {
    opts.log.warn('OIDC_DEV_PROVIDER_AUTOSTART: apps/idp-sandbox was not found next to the server.');
    return undefined;
  }
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: {
      IDP_PORT: String(opts.port),
      IDP_HOST: '127.0.0.1',
      IDP_CLIENT_ID: DEV_PROVIDER_CLIENT_ID,
      IDP_CLIENT_SECRET: clientSecret,
      IDP_REDIRECT_URIS: opts.redirectUri,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  let stopping = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    const issuer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`idp-sandbox did not start: ${output.slice(-500)}`)), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /idp-sandbox listening (\S+)/.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!stopping)
          opts.log.error(
            { code, signal, output: output.slice(-2000) },
            'the local identity provider (OIDC_DEV_PROVIDER_AUTOSTART) exited',
          );
        reject(new Error(`idp-sandbox exited (${code ?? signal}): ${output.slice(-500)}`));
      });
    });
    opts.log.info({ issuer }, 'the local identity provider (apps/idp-sandbox) runs beside this server');
    return { issuer, clientId: DEV_PROVIDER_CLIENT_ID, clientSecret, stop };
  } catch (err) {
    await stop();
    // The server goes on without it: only the local provider's sign-in is missing.
    opts.log.error({ error: (err as Error).message }, 'the local identity provider did not start');
    return undefined;
  }
}
