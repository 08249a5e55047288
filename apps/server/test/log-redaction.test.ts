/**
 * Logs never contain a token, launch token, reset token, code or password. The real
 * server process runs at LOG_LEVEL=trace; requests carry secrets in the query string, in plain and
 * encrypted bodies and in headers; then the whole captured log is searched for each secret.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptPayload } from '@wps/shared/payload-crypto';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { createScratchPostgres, describeEachDatabase } from './test-app';

const SECRETS = {
  loginToken: 'SECRET-QUERY-TOKEN-0a1b2c3d',
  queryToken: 'SECRET-QUERY-TOKEN-4e5f6a7b',
  launchToken: 'SECRET-LAUNCH-TOKEN-8c9d0e1f',
  resetToken: 'SECRET-RESET-TOKEN-2a3b4c5d',
  password: 'Secret-Password-6e7f8a9b',
  newPassword: 'Secret-NewPassword-0c1d2e3f',
  paymentPassword: '640271',
  smsCode: '918273',
  authorization: 'SECRET-AUTH-TOKEN-4a5b6c7d',
  cookie: 'SECRET-COOKIE-8e9f0a1b',
  signature: 'SECRET-SIGNATURE-2c3d4e5f',
};

/** A secret occurs in the log; digits-only secrets must not be part of a longer number (timestamps). */
function occurs(log: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(log);
  return log.includes(secret);
}

describeEachDatabase('request logs', (target) => {
  let server: SpawnedServer;
  let base: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let databaseEnv: Record<string, string> = {};
    if (target === 'postgres') {
      const scratch = await createScratchPostgres();
      databaseEnv = { DATABASE_URL: scratch.url };
      dropDatabase = scratch.drop;
    }
    server = spawnServer({ LOG_LEVEL: 'trace', SCRYPT_LOG_N: '10', ...databaseEnv });
    base = await server.listening();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  const headers = {
    authorization: SECRETS.authorization,
    cookie: `session=${SECRETS.cookie}`,
    'x-wps-signature': `sha256=${SECRETS.signature}`,
  };

  async function send(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<number> {
    const init: RequestInit = { method, headers: { ...headers, ...extra } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    return res.status;
  }

  async function sendEncrypted(method: string, path: string, payload: unknown): Promise<number> {
    const keyRes = await fetch(`${base}/wps/session/key/rsa`);
    const { keyId, jwk } = ((await keyRes.json()) as { value: RsaKeyResult }).value;
    return send(method, path, await encryptPayload(jwk as JsonWebKey, keyId, payload));
  }

  it('holds no secret sent in a query string, a body or a header', async () => {
    // Tokens in query strings: a login link's token on the site, one on an API call, a launch token.
    await send('GET', `/?token=${SECRETS.loginToken}`);
    await send('GET', `/wps/member/info?token=${SECRETS.queryToken}&x=1`);
    await send('GET', `/wps/v2/wallets/balance?launchToken=${SECRETS.launchToken}`);
    await send('GET', `/wps/no/such/call?token=${SECRETS.queryToken}`);
    // Passwords and codes in plain bodies (refused: these calls want encryption), and in encrypted ones.
    await send('POST', '/wps/session/login', { type: 'username', username: 'nobody1', password: SECRETS.password });
    await sendEncrypted('POST', '/wps/session/login', {
      type: 'username',
      username: 'nobody1',
      password: SECRETS.password,
    });
    await send('POST', '/wps/member/mobile', {
      countryDialingCode: '55',
      mobileNum: '11987654321',
      verificationCode: SECRETS.smsCode,
    });
    await sendEncrypted('PUT', '/wps/member/register/mobile', {
      mobileNum: '11987654321',
      countryDialingCode: '55',
      verificationCode: SECRETS.smsCode,
      password: SECRETS.password,
      agree: true,
    });
    // A reset token, plain and encrypted, with the new password.
    await send('POST', '/wps/member/password/reset', {
      token: SECRETS.resetToken,
      newPassword: SECRETS.newPassword,
      confirmNewPassword: SECRETS.newPassword,
    });
    await sendEncrypted('POST', '/wps/member/password/reset', {
      token: SECRETS.resetToken,
      newPassword: SECRETS.newPassword,
      confirmNewPassword: SECRETS.newPassword,
    });
    await sendEncrypted('POST', '/wps/withdraw/orders', {
      amount: '10',
      bankAccountId: '1',
      paymentPassword: SECRETS.paymentPassword,
      idempotencyKey: 'log-redaction-1',
    });
    // Malformed and form-encoded bodies carrying secrets.
    await send('POST', '/wps/verification/sms/noLogin', `{"password":"${SECRETS.password}",`);
    await send('POST', '/wps/member/password/email', `username=nobody1&token=${SECRETS.resetToken}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    await send(
      'POST',
      '/vendor/SBX/bet',
      { token: SECRETS.launchToken },
      { 'x-wps-signature': `sha256=${SECRETS.signature}` },
    );

    // Stop the process so every buffered line is written, then search everything it printed.
    await server.stop();
    const log = server.output();
    const leaked = Object.entries(SECRETS).filter(([, secret]) => occurs(log, secret));
    expect(
      leaked.map(([name]) => name),
      log
        .split('\n')
        .filter((line) => leaked.some(([, s]) => occurs(line, s)))
        .join('\n'),
    ).toEqual([]);
    // Not vacuous: the requests were logged, by path.
    expect(log).toContain('"url":"/wps/member/info"');
    expect(log).toContain('"url":"/wps/member/password/reset"');
    expect(log).toMatch(/"msg":"request completed"/);
  }, 180_000);
});
