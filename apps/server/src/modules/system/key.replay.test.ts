import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import { encryptPayload, encryptPlaintext } from '@wps/shared/payload-crypto';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runEncryptionKeyMaintenance } from '../../jobs/encryption-key-rotation.job';
import { ok } from '../../http/envelope';
import { registerErrorHandling } from '../../plugins/errors';
import { registerPayloadEncryption } from '../../plugins/payload-encryption';
import { createKeyService, loadKeySettings, type KeyService, type KeySettings } from './key.service';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A bare app with the error handler, the encryption plugin and one encrypted echo route. */
async function buildPluginApp(keys: KeyService): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerPayloadEncryption(app, { keys });
  // '/wps/member/password' is in ENCRYPTED_PATHS.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/wps/member/password', { schema: { body: z.object({ n: z.number() }) } }, async (request) =>
      ok(request.body),
    );
  await app.ready();
  return app;
}

describe('key settings from the environment', () => {
  it('defaults to a 30-day rotation, a 10-minute grace and a 5-minute replay window', () => {
    expect(loadKeySettings({})).toEqual({
      rotationPeriodMs: 30 * DAY,
      graceMs: 10 * MINUTE,
      replayWindowMs: 5 * MINUTE,
    });
    expect(
      loadKeySettings({
        ENCRYPTION_KEY_ROTATION_DAYS: '7',
        ENCRYPTION_KEY_GRACE_MINUTES: '60',
        PAYLOAD_REPLAY_WINDOW_SECONDS: '90',
      }),
    ).toEqual({
      rotationPeriodMs: 7 * DAY,
      graceMs: 60 * MINUTE,
      replayWindowMs: 90_000,
    });
    expect(loadKeySettings({ ENCRYPTION_KEY_ROTATION_DAYS: '0' }).rotationPeriodMs).toBe(0);
    expect(() => loadKeySettings({ ENCRYPTION_KEY_ROTATION_DAYS: 'monthly' })).toThrow(/ENCRYPTION_KEY_ROTATION_DAYS/);
    expect(() => loadKeySettings({ ENCRYPTION_KEY_GRACE_MINUTES: '-1' })).toThrow(/ENCRYPTION_KEY_GRACE_MINUTES/);
    expect(() => loadKeySettings({ PAYLOAD_REPLAY_WINDOW_SECONDS: '0' })).toThrow(/PAYLOAD_REPLAY_WINDOW_SECONDS/);
  });
});

describeEachDatabase('encrypted payloads: replay, staleness and scheduled rotation', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const currentKey = async () =>
    valueOf<RsaKeyResult & { serverTime: number }>(await call(t.app, 'GET', '/wps/session/key/rsa'));
  const register = (payload: unknown) => call(t.app, 'PUT', '/wps/member/register', { payload });
  const registration = () => {
    const password = strongPassword();
    return { username: uniqueUsername(), password, confirmPassword: password, agree: true };
  };

  it('serves the server time with the key, so a client with a wrong clock can seal the right time', async () => {
    const before = Date.now();
    const key = await currentKey();
    expect(key.serverTime).toBeGreaterThanOrEqual(before);
    expect(key.serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('refuses the same encrypted body sent twice with PAYLOAD_REPLAYED; the same call encrypted again goes through', async () => {
    const { keyId, jwk } = await currentKey();
    const payload = registration();
    const body = await encryptPayload(jwk as JsonWebKey, keyId, payload);
    valueOf(await register(body));
    expectFailure(await register(body), ErrorCode.PAYLOAD_REPLAYED, 409);
    // Replayed on another encrypted path: still the same nonce, still refused before the route runs.
    expectFailure(await call(t.app, 'POST', '/wps/session/login', { payload: body }), ErrorCode.PAYLOAD_REPLAYED, 409);
    // A fresh encryption of another registration is a new request.
    valueOf(await register(await encryptPayload(jwk as JsonWebKey, keyId, registration())));
  });

  it('refuses a body sealed outside the window either way as PAYLOAD_STALE, and a body without time or nonce', async () => {
    const { keyId, jwk, serverTime } = await currentKey();
    const window = loadKeySettings({}).replayWindowMs;
    const old = await encryptPayload(jwk as JsonWebKey, keyId, registration(), {
      timestamp: Date.now() - window - 5_000,
    });
    const stale = expectFailure(await register(old), ErrorCode.PAYLOAD_STALE, 400);
    expect(stale.value).toMatchObject({ windowSeconds: window / 1000 });
    const future = await encryptPayload(jwk as JsonWebKey, keyId, registration(), {
      timestamp: Date.now() + window + 5_000,
    });
    expectFailure(await register(future), ErrorCode.PAYLOAD_STALE, 400);
    // Inside the window (a clock a little behind) is fine.
    valueOf(
      await register(
        await encryptPayload(jwk as JsonWebKey, keyId, registration(), { timestamp: serverTime - window + 30_000 }),
      ),
    );
    // The old format (the body alone, no ts or nonce) is refused.
    expectFailure(
      await register(await encryptPlaintext(jwk as JsonWebKey, keyId, registration())),
      ErrorCode.DECRYPTION_FAILED,
      400,
    );
  });

  it('remembers nonces in the database, so another instance refuses a body this one accepted', async () => {
    let clock = Date.now();
    const settings: KeySettings = { rotationPeriodMs: 30 * DAY, graceMs: 10 * MINUTE, replayWindowMs: 5 * MINUTE };
    const one = createKeyService({ db: t.database.db, log, settings, now: () => clock });
    const two = createKeyService({ db: t.database.db, log, settings, now: () => clock });
    const [appOne, appTwo] = await Promise.all([buildPluginApp(one), buildPluginApp(two)]);
    try {
      const { keyId, jwk } = await one.getCurrentKey();
      const body = await encryptPayload(jwk as JsonWebKey, keyId, { n: 1 }, { timestamp: clock });
      const send = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/wps/member/password', payload: body });
      expect((await send(appOne)).json()).toEqual({ success: true, value: { n: 1 } });
      expectFailure(await send(appTwo), ErrorCode.PAYLOAD_REPLAYED, 409);
      // The job forgets the nonce only once the body is stale anyway.
      expect(await t.database.db.selectFrom('payload_nonces').select('nonce').execute()).not.toHaveLength(0);
      clock += 5 * MINUTE + 1;
      await runEncryptionKeyMaintenance(one);
      const left = await t.database.db.selectFrom('payload_nonces').select('expires_at').execute();
      expect(left.every((r) => r.expires_at.getTime() >= clock)).toBe(true);
      expectFailure(await send(appTwo), ErrorCode.PAYLOAD_STALE, 400);
    } finally {
      await Promise.all([appOne.close(), appTwo.close()]);
    }
  });

  it('rotates once the period is over, exactly once across instances, and not again after a restart', async () => {
    const db = t.database.db;
    const settings: KeySettings = { rotationPeriodMs: 30 * DAY, graceMs: 10 * MINUTE, replayWindowMs: 5 * MINUTE };
    let clock = Date.now();
    const instance = () => createKeyService({ db, log, settings, now: () => clock });
    const first = await instance().getCurrentKey();
    const created = (
      await db
        .selectFrom('encryption_keys')
        .select('created_at')
        .where('key_id', '=', first.keyId)
        .executeTakeFirstOrThrow()
    ).created_at.getTime();

    clock = created + 30 * DAY - 1;
    expect(await runEncryptionKeyMaintenance(instance())).toBe(0);
    expect((await instance().getCurrentKey()).keyId).toBe(first.keyId);

    // Three servers find the key due at the same moment: one rotates, the others find its key.
    clock = created + 30 * DAY;
    const servers = [instance(), instance(), instance()];
    const results = await Promise.all(servers.map((s) => runEncryptionKeyMaintenance(s)));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    const current = await db
      .selectFrom('encryption_keys')
      .select(['key_id', 'created_at'])
      .where('retired_at', 'is', null)
      .execute();
    expect(current).toHaveLength(1);
    expect(current[0]!.key_id).not.toBe(first.keyId);
    const retired = await db
      .selectFrom('encryption_keys')
      .select('retired_at')
      .where('key_id', '=', first.keyId)
      .executeTakeFirstOrThrow();
    expect(retired.retired_at?.getTime()).toBe(clock);

    // A restart (a fresh instance) reads the new key's age from the database: nothing is due.
    clock += DAY;
    expect(await runEncryptionKeyMaintenance(instance())).toBe(0);
    expect((await instance().getCurrentKey()).keyId).toBe(current[0]!.key_id);
    // Rotation off: never automatic, the manual rotation still works.
    const off = createKeyService({
      db,
      log,
      settings: { ...settings, rotationPeriodMs: 0 },
      now: () => clock + 365 * DAY,
    });
    expect(await off.rotateIfDue()).toBeNull();
    expect((await off.rotateKey()).keyId).not.toBe(current[0]!.key_id);
  });

  it('keeps the previous key valid for the configured grace period after a scheduled rotation, then refuses it', async () => {
    const db = t.database.db;
    const settings: KeySettings = { rotationPeriodMs: DAY, graceMs: 2 * MINUTE, replayWindowMs: 5 * MINUTE };
    let clock = Date.now();
    const keys = createKeyService({ db, log, settings, now: () => clock });
    const app = await buildPluginApp(keys);
    try {
      const old = await keys.getCurrentKey();
      const created = (
        await db
          .selectFrom('encryption_keys')
          .select('created_at')
          .where('key_id', '=', old.keyId)
          .executeTakeFirstOrThrow()
      ).created_at.getTime();
      clock = Math.max(clock, created + DAY);
      const fresh = await keys.rotateIfDue();
      expect(fresh?.keyId).toBeTruthy();
      expect((await keys.getCurrentKey()).keyId).toBe(fresh!.keyId);
      const send = async (key: RsaKeyResult, n: number) =>
        app.inject({
          method: 'POST',
          url: '/wps/member/password',
          payload: await encryptPayload(key.jwk as JsonWebKey, key.keyId, { n }, { timestamp: clock }),
        });

      clock += 2 * MINUTE;
      expect((await send(old, 1)).json()).toEqual({ success: true, value: { n: 1 } });
      clock += 1;
      expectFailure(await send(old, 2), ErrorCode.ENCRYPTION_KEY_EXPIRED, 400);
      expect((await send(fresh!, 3)).statusCode).toBe(200);
      // Another instance with the same settings agrees (the retirement time is in the database).
      const other = createKeyService({ db, log, settings, now: () => clock });
      const otherApp = await buildPluginApp(other);
      try {
        expectFailure(
          await otherApp.inject({
            method: 'POST',
            url: '/wps/member/password',
            payload: await encryptPayload(old.jwk as JsonWebKey, old.keyId, { n: 4 }, { timestamp: clock }),
          }),
          ErrorCode.ENCRYPTION_KEY_EXPIRED,
          400,
        );
      } finally {
        await otherApp.close();
      }
    } finally {
      await app.close();
    }
  });
});
