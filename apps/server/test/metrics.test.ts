/**
 * Prometheus metrics: /metrics on the main port only with the configured bearer token, on an
 * internal port (METRICS_PORT) without one, and nowhere (404) when neither is configured. HTTP
 * latency is labelled by the declared route, never the raw URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import {
  createOrder,
  demoChannel,
  newPlayer,
  sendWebhook,
  webhookBody,
} from '../src/modules/deposit/deposit.test-support';
import { SANDBOX_SEAMLESS } from '../src/modules/gateway/gateway.service';
import { createPlayer, injectCallback, launchToken } from '../src/modules/gateway/gateway.test-support';
import {
  createPayer,
  operatorToken as withdrawalOperatorToken,
  requestWithdrawal,
} from '../src/modules/withdrawal/withdrawal.test-support';
import { call, disableRegisterCaptcha, login, valueOf } from './api-client';
import { postOperatorLogin } from './operator-login';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** The sum of the sample lines (`name{labels} value`) carrying these labels, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`)))
      sum = (sum ?? 0) + Number(line.split(' ').at(-1));
  }
  return sum;
}

describeEachDatabase('metrics on the main port, with a token', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a missing or wrong token', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: ErrorCode.UNAUTHORIZED });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('times requests by declared route, method and status class, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/wps/system/status?probe=${i}` });
    await t.app.inject({ method: 'GET', url: '/wps/no/such/call/secret-looking-123' });
    await t.app.inject({ method: 'POST', url: '/vendor/SBX-NOPE/bet', payload: {} });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/wps/system/status',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('probe=');
    expect(text).not.toContain('secret-looking-123');
    expect(text).not.toContain('SBX-NOPE');
    // A vendor callback (refused here: unsigned) is timed on its own histogram too, by its declared route.
    const callbackRoute = /vendor_callback_duration_seconds_count\{route="(\/vendor\/[^"]+)"/.exec(text)?.[1];
    expect(callbackRoute).toMatch(/^\/vendor\/:[a-zA-Z]+\/bet$/);
  });

  it('includes process metrics, and pool use on PostgreSQL', async () => {
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (target === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it('a second app in the same process has its own registry', async () => {
    const other = await createTestApp('pglite', { metricsToken: TOKEN });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'http_request_duration_seconds_count', { route: '/wps/system/status' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('built files in the latency metric', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-metrics-static-'));
  const backofficeDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-metrics-bo-'));

  beforeAll(async () => {
    for (const dist of [webDist, backofficeDist]) {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.css'), 'body{}');
    }
    fs.writeFileSync(path.join(webDist, 'theme-init.js'), 'void 0;');
    t = await createTestApp('pglite', { webDist, backofficeDist, metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    for (const dist of [webDist, backofficeDist]) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('share one route label, "static"; page routes and the API keep theirs', async () => {
    const files = [
      '/assets/app-1a2b3c.js',
      '/assets/app-1a2b3c.css',
      '/theme-init.js',
      '/backoffice/assets/app-1a2b3c.js',
      '/backoffice/assets/app-1a2b3c.css',
    ];
    for (const url of files) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/register', headers: { accept: 'text/html' } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode).toBe(200);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'static', method: 'GET', status_class: '2xx' }),
    ).toBe(files.length);
    for (const url of files) expect(text).not.toContain(`route="${url}"`);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/*' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/wps/system/status' })).toBe(1);
  });
});

describe('metrics when not configured', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-metrics-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
    t = await createTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('/metrics is a 404, not the site, whatever the token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html', ...headers } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorCode: ErrorCode.NOT_FOUND });
    }
  });
});

describe('metrics on the internal port (METRICS_PORT)', () => {
  let server: SpawnedServer;
  let base: string;

  beforeAll(async () => {
    server = spawnServer({ METRICS_PORT: '0', SCRYPT_LOG_N: '10' });
    base = await server.listening();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves /metrics there without a token, and not on the main port', async () => {
    const port = /"port":(\d+),"msg":"metrics listening"/.exec(server.output())?.[1];
    expect(port).toBeDefined();
    await fetch(`${base}/wps/system/status`).then((r) => r.arrayBuffer());
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/wps/system/status', status_class: '2xx' }),
    ).toBe(1);
    expect(text).toContain('process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});

describe('business counters and group-commit histograms, through the real calls', () => {
  let t: TestApp;
  const secret = 'metrics-test-vendor-secret-0123456789';

  beforeAll(async () => {
    t = await createTestApp('pglite', { metricsToken: TOKEN });
    await disableRegisterCaptcha(t.app);
    // The reference vendor's seamless adapter, called here directly with signed callbacks.
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://127.0.0.1:9/play',
      apiUrl: null,
      secret,
      requestTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('counts deposits credited, withdrawals by state, bets and wins, ledger posts and login failures', async () => {
    // Deposit: a sandbox gateway order paid by its webhook.
    const depositor = await newPlayer(t);
    const channel = await demoChannel(t, depositor.token, 'gateway');
    const order = await createOrder(t, depositor.token, channel.id, '25.00');
    expect((await sendWebhook(t, webhookBody(order))).statusCode).toBe(200);
    expect((await sendWebhook(t, webhookBody(order))).statusCode).toBe(200);

    // Withdrawal: requested, then approved by finance.
    const payer = await createPayer(t.app, 100_000n);
    const requested = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '50.00'));
    const ops = await withdrawalOperatorToken(t.app, 'finance');
    expect(
      (
        await call(t.app, 'POST', `/ops/withdrawals/${requested.id}/approve`, {
          token: ops,
          payload: { reason: 'checked' },
        })
      ).statusCode,
    ).toBe(200);

    // Seamless bet and win, signed callbacks; the bet sent twice (the replay is not counted again).
    const player = await createPlayer(t.app, 10_000n);
    const launch = await launchToken(t.app, player, 'SBX-slot-01', SANDBOX_SEAMLESS);
    const auth = await injectCallback(t.app, secret, SANDBOX_SEAMLESS, 'authenticate', { launchToken: launch });
    expect(auth.statusCode, auth.body).toBe(200);
    const sessionToken = String((auth.json() as { value: { sessionToken: string } }).value.sessionToken);
    const base = { playerId: player.memberId, sessionToken, roundId: 'metrics-round-1' };
    const bet = { ...base, transactionId: 'metrics-bet-1', gameId: 'SBX-slot-01', amountMinor: '700' };
    for (let i = 0; i < 2; i++)
      expect((await injectCallback(t.app, secret, SANDBOX_SEAMLESS, 'bet', bet)).statusCode).toBe(200);
    const win = {
      ...base,
      transactionId: 'metrics-win-1',
      betTransactionId: 'metrics-bet-1',
      amountMinor: '1500',
      roundClosed: true,
    };
    expect((await injectCallback(t.app, secret, SANDBOX_SEAMLESS, 'win', win)).statusCode).toBe(200);

    // Failed logins: a member's wrong password, an operator's.
    expect((await login(t.app, payer.username, 'Wrong-password-123')).statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (await postOperatorLogin(t.app, { username: 'nobody-here', password: 'Wrong-password-123' })).statusCode,
    ).toBeGreaterThanOrEqual(400);

    const text = await scrape();
    expect(sample(text, 'deposits_credited_total')).toBe(1);
    expect(sample(text, 'deposits_credited_amount_minor_total')).toBe(
      Number(order.amountMinor) - Number(order.feeMinor ?? 0),
    );
    expect(sample(text, 'withdrawals_total', { state: 'pending' })).toBe(1);
    expect(sample(text, 'withdrawals_total', { state: 'approved' })).toBe(1);
    expect(sample(text, 'bets_total', { vendor: SANDBOX_SEAMLESS })).toBe(1);
    expect(sample(text, 'bet_amount_minor_total', { vendor: SANDBOX_SEAMLESS })).toBe(700);
    expect(sample(text, 'wins_total', { vendor: SANDBOX_SEAMLESS })).toBe(1);
    expect(sample(text, 'win_amount_minor_total', { vendor: SANDBOX_SEAMLESS })).toBe(1500);
    expect(sample(text, 'ledger_posts_total', { kind: 'deposit' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'login_failures_total', { actor: 'member' })).toBe(1);
    expect(sample(text, 'login_failures_total', { actor: 'operator' })).toBe(1);
    // Posts made outside a caller's transaction go through the ledger's group commit; callbacks through the seamless one.
    expect(sample(text, 'group_commit_batch_size_count', { queue: 'ledger' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'group_commit_wait_seconds_count', { queue: 'ledger' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'group_commit_batch_size_count', { queue: 'seamless' })).toBe(3);
    expect(sample(text, 'vendor_callback_duration_seconds_count', { status_class: '2xx' })).toBeGreaterThanOrEqual(4);
  });
});
