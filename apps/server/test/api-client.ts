import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiFailure } from '@wps/shared/envelope';
import { encryptPayload } from '@wps/shared/payload-crypto';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { EncryptedBody, RsaKeyResult } from '@wps/shared/schemas/session';
import type { App } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import { brRegistrationDetails } from '../src/modules/identity/identity-fixtures';
import { insertMember, type NewMember } from '../src/modules/member/member.repository';
import { createPasswordHasher } from '../src/modules/member/password-hasher';
import type { SettingKey, Settings } from '../src/modules/system/operator-settings';
import { hashCaptchaAnswer } from '../src/modules/verification/captcha.service';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Encrypt a payload for an encrypted call with the server's current public key. */
export async function encryptedBody(app: App, payload: unknown): Promise<EncryptedBody> {
  const res = await app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  expect(res.statusCode).toBe(200);
  const { keyId, jwk } = (res.json() as { value: RsaKeyResult }).value;
  return encryptPayload(jwk as JsonWebKey, keyId, payload);
}

/** Send an encrypted call; `token` goes in the Authorization header. */
export async function callEncrypted(
  app: App,
  method: Method,
  url: string,
  payload: unknown,
  opts: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  const body = await encryptedBody(app, payload);
  return app.inject({
    method,
    url,
    headers,
    payload: body,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

/** Send a plain call, optionally with a token. */
export async function call(
  app: App,
  method: Method,
  url: string,
  opts: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  return app.inject({
    method,
    url,
    headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });
}

/** The value of a success envelope (asserting success). */
export function valueOf<T>(res: LightMyRequestResponse): T {
  const body = res.json() as { success: boolean; value: T };
  expect(body, res.body).toMatchObject({ success: true });
  return body.value;
}

/** The failure envelope of a response (asserting failure with the given code and status). */
export function expectFailure(res: LightMyRequestResponse, errorCode: string, status?: number): ApiFailure {
  const body = res.json() as ApiFailure;
  expect(body.success, res.body).toBe(false);
  expect(body.errorCode, res.body).toBe(errorCode);
  if (status !== undefined) expect(res.statusCode).toBe(status);
  return body;
}

/** A fresh username that fits the demo rule (letter first, letters and digits, 4–16). */
export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}${crypto.randomBytes(5).toString('hex')}`.slice(0, 16);
}

/** A password that fits the demo rule (letters and digits, 6–20) and is not a common one. */
export function strongPassword(): string {
  return `Pw${crypto.randomBytes(6).toString('hex')}9`;
}

export type RegisteredUser = { username: string; password: string; result: LoginResult };

/**
 * Register by username with valid defaults (the operator must not require a captcha; tests turn
 * it off in their setup). Returns the credentials and the login result.
 */
export async function registerUser(app: App, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const username = (overrides.username as string | undefined) ?? uniqueUsername();
  const password = (overrides.password as string | undefined) ?? strongPassword();
  const res = await callEncrypted(app, 'PUT', '/wps/member/register', {
    username,
    password,
    confirmPassword: password,
    agree: true,
    // A registration with a CPF is a BR player's: it carries the address and gender BR asks for
    // too, unless the test gives its own (a field set to undefined is left out).
    ...('cpf' in overrides ? brRegistrationDetails() : {}),
    ...overrides,
  });
  return { username, password, result: valueOf<LoginResult>(res) };
}

/** POST /wps/session/login by password. */
export async function login(
  app: App,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  opts: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return callEncrypted(app, 'POST', '/wps/session/login', { type: 'username', username, password, ...extra }, opts);
}

/** Change one operator setting through the system service (validated, cache invalidated). */
export async function updateOperatorSetting<K extends SettingKey>(
  app: App,
  key: K,
  change: (current: Settings[K]) => Settings[K],
): Promise<void> {
  const config = (await app.services.system.getOperatorConfig()) as unknown as Settings;
  await app.services.system.updateSetting(key, change(config[key]));
}

/** Turn the registration captcha off, so tests can register without reading a captcha image. */
export async function disableRegisterCaptcha(app: App): Promise<void> {
  await updateOperatorSetting(app, 'register', (r) => ({ ...r, showCaptcha: false }));
}

/** Store a captcha challenge with a known answer, as GET /wps/captcha does with a random one. */
export async function plantCaptcha(database: DatabaseHandle, captchaKey: string, answer: string): Promise<void> {
  const at = new Date();
  await database.db
    .insertInto('captcha_challenges')
    .values({
      captcha_key: captchaKey,
      answer_hash: hashCaptchaAnswer(captchaKey, answer),
      created_at: at,
      expires_at: new Date(at.getTime() + 60_000),
    })
    .execute();
}

/** The newest SMS code the dev outbox holds for a full number (dialing code + national number). */
export async function readSmsCode(app: App, fullNumber: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox/sms?mobile=${fullNumber}` });
  const messages = valueOf<{ code: string | null }[]>(res);
  const code = messages[0]?.code;
  if (!code) throw new Error(`no SMS code in the outbox for ${fullNumber}`);
  return code;
}

/** Wait until the dev outbox holds an e-mail for an address (reset mails are sent in the background). */
export async function waitForEmail(app: App, to: string, timeoutMs = 5000): Promise<{ subject: string; text: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/dev/outbox/email?to=${encodeURIComponent(to)}` });
    const messages = valueOf<{ subject: string; text: string }[]>(res);
    if (messages[0]) return messages[0];
    if (Date.now() > until) throw new Error(`no e-mail for ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A player's member row with every optional field empty, as an operator import or a legacy account writes it. */
export function testMemberRow(account: string, passwordHash: string, extra: Partial<NewMember> = {}): NewMember {
  return {
    account,
    nickname: null,
    type: 3,
    passwordHash,
    paymentPasswordHash: null,
    dialingCode: null,
    mobile: null,
    email: null,
    payeeName: null,
    qq: null,
    line: null,
    whatsapp: null,
    zalo: null,
    facebook: null,
    wechat: null,
    idNumber: null,
    language: 'PT',
    uplineId: null,
    referrerId: null,
    registerDomain: null,
    registerIp: null,
    mustChangePassword: false,
    now: new Date(),
    lastLoginAt: null,
    ...extra,
  };
}

/** A member row inserted directly, as an operator import or a legacy account would be. */
export async function insertTestMember(
  t: TestApp,
  password: string,
  extra: Partial<NewMember> = {},
): Promise<{ account: string; id: string }> {
  const account = uniqueUsername('legacy');
  const hasher = createPasswordHasher({ logN: t.config.scryptLogN });
  const id = await insertMember(t.database.db, testMemberRow(account, await hasher.hash(password), extra));
  return { account, id };
}
