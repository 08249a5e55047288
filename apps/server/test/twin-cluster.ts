/**
 * Two real server processes on one PostgreSQL database, for the two-instance test: spawning,
 * SIGKILL, and a client that sends each request to an instance and tells an answer from a lost
 * one (connection reset or refused, timeout, 5xx): a lost answer is never guessed at.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { encryptPayload } from '@wps/shared/payload-crypto';
import { vendorCallbackPath, vendorSignatureHeaders } from '../src/modules/gateway/vendor-signature';
import { listeningAddress } from './spawn-server';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export type Outcome = 'accepted' | 'refused' | 'unknown';
export type Answer = {
  outcome: Outcome;
  status?: number;
  value?: unknown;
  errorCode?: string;
  location?: string;
  /** The first send lost its answer; this one is the re-send's. */
  resent?: boolean;
};

export type Instance = {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  /** Requests this instance answered (success or refusal). */
  answered: number;
  log: () => string;
  isAlive: () => boolean;
};

/** Start `apps/server/src/server.ts` through tsx on `databaseUrl`; resolves once it answers. */
export async function startInstance(name: string, databaseUrl: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = path.join(os.tmpdir(), `wps-twin-${name}-${crypto.randomBytes(4).toString('hex')}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Port 0: the instance reports the port it bound (listeningAddress), so no other process can take it first.
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Info: the "Server listening at" line carries the port.
      LOG_LEVEL: 'info',
      SCRYPT_LOG_N: '10',
      NODE_ENV: 'test',
      // The suites seed the database before the instances start, so the first start installs the
      // demo (server.ts): its licence and rewards follow vitest.config.ts, its site content is left out.
      DEMO_CONTENT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const instance: Instance = {
    name,
    baseUrl: await listeningAddress(child, () => output, 60_000),
    child,
    answered: 0,
    log: () => output,
    isAlive: () => child.exitCode === null && child.signalCode === null,
  };
  return instance;
}

/** Send `signal` and wait for the process to exit. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals): Promise<void> {
  if (!instance.isAlive()) return;
  const exited = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
  instance.child.kill(signal);
  await exited;
}

type RequestOptions = {
  token?: string;
  body?: unknown;
  /** Encrypt the body with the instance's current key, as the web does. */
  encrypted?: boolean;
  /** Sign the body as the vendor does, for its callback path. */
  vendorSecret?: string;
  form?: string;
  headers?: Record<string, string>;
};

/**
 * One HTTP call to one instance. A 2xx success envelope (or a redirect) is 'accepted', a 4xx
 * failure envelope 'refused'; a lost connection, a timeout or a 5xx is 'unknown'.
 */
export async function send(
  instance: Instance,
  method: string,
  url: string,
  opts: RequestOptions = {},
): Promise<Answer> {
  try {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = opts.token;
    let body: string | undefined;
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = opts.form;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      let payload = opts.body;
      if (opts.encrypted) {
        const keyRes = await fetch(`${instance.baseUrl}/wps/session/key/rsa`, { signal: AbortSignal.timeout(15_000) });
        const key = ((await keyRes.json()) as { value: { keyId: string; jwk: JsonWebKey } }).value;
        payload = await encryptPayload(key.jwk, key.keyId, opts.body);
      }
      body = JSON.stringify(payload);
      if (opts.vendorSecret)
        Object.assign(
          headers,
          vendorSignatureHeaders(opts.vendorSecret, {
            method,
            path: vendorCallbackPath(...(url.split('/').slice(2, 4) as [string, string])),
            rawBody: body,
          }),
        );
    }
    const res = await fetch(`${instance.baseUrl}${url}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status >= 500) {
      await res.arrayBuffer();
      return { outcome: 'unknown', status: res.status };
    }
    instance.answered++;
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      return { outcome: 'accepted', status: res.status, location: res.headers.get('location') ?? undefined };
    }
    const text = await res.text();
    let json: { success?: boolean; value?: unknown; errorCode?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // An HTML page (the sandbox pay page): no envelope.
    }
    if (res.ok && json.success !== false) return { outcome: 'accepted', status: res.status, value: json.value };
    return { outcome: 'refused', status: res.status, errorCode: json.errorCode };
  } catch {
    return { outcome: 'unknown' };
  }
}

/**
 * What a client in front of two instances does: send to the player's home instance while it
 * is up, and re-send a request whose answer was lost (same idempotency key or order id) to the
 * other one. Counts what it re-sent.
 */
export class TwinClient {
  resent = 0;
  /** Requests whose first send lost its answer. */
  readonly lost: string[] = [];

  constructor(private readonly instances: [Instance, Instance]) {}

  private pick(home: number): Instance {
    const first = this.instances[home % 2]!;
    return first.isAlive() ? first : this.instances[(home + 1) % 2]!;
  }

  async request(home: number, label: string, method: string, url: string, opts: RequestOptions = {}): Promise<Answer> {
    const target = this.pick(home);
    const answer = await send(target, method, url, opts);
    if (answer.outcome !== 'unknown') return answer;
    this.lost.push(`${label} on ${target.name}`);
    const other = this.instances.find((i) => i !== target && i.isAlive()) ?? target;
    this.resent++;
    const again = await send(other, method, url, opts);
    if (again.outcome === 'unknown')
      throw new Error(`${label}: no answer from ${target.name} nor, re-sent, from ${other.name}`);
    return { ...again, resent: true };
  }
}
