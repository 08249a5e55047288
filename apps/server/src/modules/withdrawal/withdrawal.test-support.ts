import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import type { App } from '../../app';
import { call, callEncrypted, disableRegisterCaptcha, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { startOfUtcDay } from './withdrawal-shared';

export const PAYMENT_PASSWORD = '739184';

/** A logged-in player with a payment password, a bound bank account and (optionally) money. */
export type Payer = { token: string; memberId: string; username: string; bankAccountId: string };

/** Credit a member's main wallet as a deposit would (gateway clearing → main wallet). */
export async function fundMember(app: App, memberId: string, amountMinor: bigint): Promise<void> {
  await app.services.ledger.creditPlayerFromSystem({
    systemAccount: 'gateway_clearing',
    memberId,
    amountMinor,
    kind: 'deposit',
    idempotencyKey: `test-fund:${memberId}:${crypto.randomUUID()}`,
  });
}

/** The member id behind a token. */
export async function memberIdOf(app: App, token: string): Promise<string> {
  return valueOf<{ id: string }>(await call(app, 'GET', '/wps/member/info', { token })).id;
}

/**
 * Register a player and give them what a withdrawal needs, through the security centre's own
 * service: a payee name, a payment password and one bank account.
 */
export async function createPayer(
  app: App,
  balanceMinor = 0n,
  overrides: Record<string, unknown> = {},
): Promise<Payer> {
  await disableRegisterCaptcha(app);
  const user = await registerUser(app, overrides);
  const token = user.result.token;
  const memberId = await memberIdOf(app, token);
  const bankAccountId = await bindSecurity(app, memberId);
  if (balanceMinor > 0n) await fundMember(app, memberId, balanceMinor);
  return { token, memberId, username: user.username, bankAccountId };
}

/** Payee name, payment password and a bank account for a member; returns the bank account id. */
export async function bindSecurity(app: App, memberId: string): Promise<string> {
  const { security } = app.services;
  await security.setPayeeName(memberId, 'Maria Silva');
  await security.setPaymentPassword(memberId, {
    newPaymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  const banks = await security.listBanks();
  const bank = banks[0];
  if (!bank) throw new Error('no enabled bank to bind');
  const account = await security.addBankAccount(memberId, {
    bankCode: bank.code,
    accountNumber: `${crypto.randomInt(10_000_000, 99_999_999)}`,
    holderName: 'Maria Silva',
  });
  return account.id;
}

/** Create an operator of a role and log them in; returns the operator token. */
export async function operatorToken(app: App, role: 'finance' | 'support' | 'admin' = 'finance'): Promise<string> {
  return (await createTestOperator(app, role)).token;
}

/** A clock for the app (createTestApp's calendarClock) and for services built by hand. */
export type TestClock = {
  now: () => number;
  /** Stop the clock at `at`. */
  pin: (at: number) => void;
  /** Jump to `at`; the clock runs on at real speed from there. */
  run: (at: number) => void;
};

/**
 * A clock that runs at real speed from noon UTC of the day the run starts: the daily count limit
 * (which resets at 00:00 UTC, startOfUtcDay) sees one day for the whole suite, even when the run
 * crosses midnight.
 */
export function midDayClock(): TestClock {
  let base = startOfUtcDay(new Date()).getTime() + 12 * 3600_000;
  let since: number | null = Date.now();
  return {
    now: () => base + (since === null ? 0 : Date.now() - since),
    pin: (at) => {
      base = at;
      since = null;
    },
    run: (at) => {
      base = at;
      since = Date.now();
    },
  };
}

/** A fresh idempotency key. */
export function newKey(): string {
  return `k-${crypto.randomUUID()}`;
}

/** POST /wps/withdraw/orders (encrypted, like the web sends it) with valid defaults. */
export async function requestWithdrawal(app: App, payer: Payer, amount: string, extra: Record<string, unknown> = {}) {
  return callEncrypted(
    app,
    'POST',
    '/wps/withdraw/orders',
    {
      amount,
      bankAccountId: payer.bankAccountId,
      paymentPassword: PAYMENT_PASSWORD,
      idempotencyKey: newKey(),
      ...extra,
    },
    { token: payer.token },
  );
}

/** The player's main-wallet balance in minor units. */
export async function balanceOf(app: App, memberId: string): Promise<bigint> {
  return app.services.ledger.getPlayerBalance(memberId);
}

/** Build a multipart/form-data body by hand (what a browser sends), for the proof upload. */
export function multipartBody(files: { name: string; contentType: string; data: Buffer }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----wps${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="proofs"; filename="${f.name}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A tiny but real PNG (1×1) and JPEG header, padded to a chosen size. */
export function pngBytes(size = 128): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(7);
  const png = PNG.sync.write(image);
  // Bytes after IEND are ignored by readers: they make a file of the size a test needs.
  return Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length), 7)]);
}
/** A JPEG header as far as its size (SOI, JFIF APP0, a baseline SOF0 of 16×16 px), padded to `size`. */
export function jpgBytes(size = 128): Buffer {
  const header = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
    0x01,
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length), 9)]);
}

/** Assert a success envelope and return its value. */
export function expectOk<T>(res: { json: () => unknown; body: string }): T {
  const body = res.json() as { success: boolean; value: T };
  expect(body.success, res.body).toBe(true);
  return body.value;
}
