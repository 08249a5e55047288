import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { App } from '../../app';
import { call, disableRegisterCaptcha, registerUser, valueOf } from '../../../test/api-client';
import { createTestApp, type DatabaseTarget, type TestApp } from '../../../test/test-app';
import { fundMember, memberIdOf } from '../withdrawal/withdrawal.test-support';
import { SANDBOX_SEAMLESS, SANDBOX_TRANSFER } from './gateway.service';
import { vendorCallbackPath, vendorSignatureHeaders } from './vendor-signature';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The reference vendor, running as its own process (apps/vendor-sandbox). */
export type Sandbox = {
  url: string;
  secret: string;
  /** POST a control call and return its JSON. */
  control<T = unknown>(route: string, body?: unknown): Promise<T>;
  /** Send callbacks through the sandbox (signed by it), `concurrency` at a time. */
  callbacks(requests: SandboxCallback[], concurrency?: number): Promise<CallbackResult[]>;
  stop(): Promise<void>;
};
export type SandboxCallback = { op: string; body: Record<string, unknown>; vendor?: string; badSignature?: boolean };
export type CallbackResult = {
  status: number;
  body: { success: boolean; errorCode?: string; value?: Record<string, unknown> & { balanceMinor?: string } };
};

/** Start apps/vendor-sandbox on a free port, pointed at the platform. */
export async function startSandbox(
  platformUrl: string,
  secret = crypto.randomBytes(24).toString('hex'),
): Promise<Sandbox> {
  const child: ChildProcess = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'apps/vendor-sandbox/src/main.ts')],
    {
      env: { ...process.env, SANDBOX_PORT: '0', WPS_PLATFORM_URL: platformUrl, VENDOR_SANDBOX_SECRET: secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`vendor-sandbox did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`vendor-sandbox exited with ${code}: ${out}`)));
  });
  // The sandbox's control endpoints need the shared secret: each call is signed like a callback.
  const control = async <T>(route: string, body?: unknown): Promise<T> => {
    const method = body === undefined ? 'GET' : 'POST';
    const raw = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...vendorSignatureHeaders(secret, { method, path: route, rawBody: raw }),
      },
      ...(body === undefined ? {} : { body: raw }),
    });
    if (res.status === 401) throw new Error(`sandbox ${method} ${route} refused the signature: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    url,
    secret,
    control,
    callbacks: async (requests, concurrency = 1) =>
      (await control<{ results: CallbackResult[] }>('/control/callbacks', { requests, concurrency })).results,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A test app listening on a real port, with the sandbox vendor process connected to it. */
export type GatewayHarness = TestApp & { baseUrl: string; sandbox: Sandbox };

/** Build the app, listen, start the sandbox and register both sandbox adapters (transfer timeout `transferTimeoutMs`). */
export async function createGatewayHarness(
  target: DatabaseTarget,
  opts: { transferTimeoutMs?: number } = {},
): Promise<GatewayHarness> {
  const t = await createTestApp(target);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const sandbox = await startSandbox(baseUrl);
  await t.app.services.gateway.configureAdapter({
    vassalage: SANDBOX_SEAMLESS,
    walletModel: 'seamless',
    launchUrl: `${sandbox.url}/play`,
    apiUrl: null,
    secret: sandbox.secret,
    requestTimeoutMs: 5000,
  });
  await t.app.services.gateway.configureAdapter({
    vassalage: SANDBOX_TRANSFER,
    walletModel: 'transfer',
    launchUrl: `${sandbox.url}/play`,
    apiUrl: `${sandbox.url}/api`,
    secret: sandbox.secret,
    requestTimeoutMs: opts.transferTimeoutMs ?? 1500,
  });
  return {
    ...t,
    baseUrl,
    sandbox,
    close: async () => {
      await sandbox.stop();
      await t.close();
    },
  };
}

export type Player = { token: string; memberId: string };

/** A registered player with `balanceMinor` in their main wallet. */
export async function createPlayer(app: App, balanceMinor = 0n): Promise<Player> {
  await disableRegisterCaptcha(app);
  const user = await registerUser(app);
  const memberId = await memberIdOf(app, user.result.token);
  if (balanceMinor > 0n) await fundMember(app, memberId, balanceMinor);
  return { token: user.result.token, memberId };
}

/** Launch a game and return the launch token from its URL. */
export async function launchToken(app: App, player: Player, nodeId: string, vassalage: string): Promise<string> {
  const res = await call(app, 'POST', '/wps/game/launchGame', {
    token: player.token,
    payload: {
      nodeId,
      vassalage,
      gameId: nodeId,
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: 'en',
    },
  });
  const url = new URL(valueOf<{ game_url: string }>(res).game_url);
  const token = url.searchParams.get('token');
  expect(token).toMatch(/^[a-f0-9]{64}$/);
  return token!;
}

/** Launch a sandbox seamless game and authenticate through the sandbox: the vendor session token. */
export async function openSeamlessSession(h: GatewayHarness, player: Player, nodeId = 'SBX-slot-01'): Promise<string> {
  const token = await launchToken(h.app, player, nodeId, SANDBOX_SEAMLESS);
  const [auth] = await h.sandbox.callbacks([{ op: 'authenticate', body: { launchToken: token } }]);
  expect(auth!.status, JSON.stringify(auth!.body)).toBe(200);
  return String(auth!.body.value!.sessionToken);
}

/**
 * A vendor callback through the app (app.inject), signed with `secret` over the method, the
 * callback's canonical path and the raw body. `signedFor` signs it as if for another callback or
 * vendor (the request still goes to `op` of `vassalage`): a cross-endpoint replay.
 */
export async function injectCallback(
  app: App,
  secret: string,
  vassalage: string,
  op: string,
  body: unknown,
  signedFor: { vassalage?: string; op?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const path = vendorCallbackPath(signedFor.vassalage ?? vassalage, signedFor.op ?? op);
  return app.inject({
    method: 'POST',
    url: `/vendor/${vassalage}/${op}`,
    headers: {
      'content-type': 'application/json',
      ...vendorSignatureHeaders(secret, { method: 'POST', path, rawBody: raw }),
    },
    payload: raw,
  });
}

/** A player's main-wallet balance in minor units. */
export async function mainBalance(app: App, memberId: string): Promise<bigint> {
  return app.services.ledger.getPlayerBalance(memberId);
}

/** Fisher–Yates shuffle (a copy). */
export function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Connect every catalogue vendor that has no adapter yet to a placeholder address (launches get a
 * URL; nothing is ever called there): suites about the lobby's lists, where players see only
 * connected vendors, use it to see the whole demo catalogue. Our own engine's vendor needs none.
 */
export async function connectEveryVendor(app: App, secret = crypto.randomBytes(24).toString('hex')): Promise<string[]> {
  const { catalogue, gateway } = app.services;
  const connected: string[] = [];
  for (const vendor of await catalogue.listVendors()) {
    if (vendor.vassalage === 'inhouse' || (await gateway.findAdapter(vendor.vassalage))) continue;
    const code = vendor.vassalage.toLowerCase();
    await gateway.configureAdapter({
      vassalage: vendor.vassalage,
      walletModel: vendor.walletModel,
      launchUrl: `https://${code}.vendor.test/play`,
      apiUrl: vendor.walletModel === 'transfer' ? `https://${code}.vendor.test/api` : null,
      secret,
      requestTimeoutMs: 500,
    });
    connected.push(vendor.vassalage);
  }
  return connected;
}
