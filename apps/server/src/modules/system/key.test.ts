import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENCRYPTION_KEY_GRACE_MS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { encryptPayload } from '@wps/shared/payload-crypto';
import { rsaKeyResultSchema, type RsaKeyResult } from '@wps/shared/schemas/session';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { ok } from '../../http/envelope';
import { registerErrorHandling } from '../../plugins/errors';
import { registerPayloadEncryption } from '../../plugins/payload-encryption';
import { createKeyService, ensureCurrentKey, type KeyService } from './key.service';

const log = pino({ level: 'silent' });

/** A bare app with only the error handler, the encryption plugin and one echo route per kind of path. */
async function buildPluginApp(keys: KeyService): Promise<FastifyInstance> {
  const app = Fastify({ ignoreTrailingSlash: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerPayloadEncryption(app, { keys });
  const z2 = app.withTypeProvider<ZodTypeProvider>();
  const body = z.object({ oldPassword: z.string().min(1), newPassword: z.string().min(6) });
  // '/wps/member/password' is in ENCRYPTED_PATHS; '/plain/echo' is not.
  z2.post('/wps/member/password', { schema: { body } }, async (request) => ok(request.body));
  z2.post('/plain/echo', { schema: { body } }, async (request) => ok(request.body));
  await app.ready();
  return app;
}

describeEachDatabase('payload encryption keys', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const currentKey = async (): Promise<RsaKeyResult> =>
    valueOf<RsaKeyResult>(await call(t.app, 'GET', '/wps/session/key/rsa'));

  it('serves the current public key, and only its public members', async () => {
    const key = rsaKeyResultSchema.parse(await currentKey());
    expect(Object.keys(key.jwk).sort()).toEqual(['alg', 'e', 'ext', 'kty', 'n']);
    expect(key.jwk.alg).toBe('RSA-OAEP-256');
    expect((await currentKey()).keyId).toBe(key.keyId);
    const stored = await t.database.db
      .selectFrom('encryption_keys')
      .select(['key_id', 'private_jwk'])
      .where('retired_at', 'is', null)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.key_id).toBe(key.keyId);
    expect(stored[0]?.private_jwk.d).toBeTruthy();
  });

  it('refuses plain JSON on an encrypted path of the real app with ENCRYPTION_REQUIRED', async () => {
    const res = await call(t.app, 'POST', '/wps/session/login', {
      payload: { type: 'username', username: 'someone', password: 'secret1' },
    });
    expectFailure(res, ErrorCode.ENCRYPTION_REQUIRED, 400);
    expectFailure(
      await call(t.app, 'POST', '/wps/session/login/?x=1', { payload: { username: 'a' } }),
      ErrorCode.ENCRYPTION_REQUIRED,
      400,
    );
    expectFailure(
      await call(t.app, 'PUT', '/wps/member/register', { payload: {} }),
      ErrorCode.ENCRYPTION_REQUIRED,
      400,
    );
    expectFailure(await call(t.app, 'POST', '/wps/session/login'), ErrorCode.ENCRYPTION_REQUIRED, 400);
  });

  it('answers DECRYPTION_FAILED for ciphertext that does not decrypt, never a 500', async () => {
    const { keyId } = await currentKey();
    const bad = { keyId, key: 'AAAA', iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' };
    expectFailure(await call(t.app, 'POST', '/wps/session/login', { payload: bad }), ErrorCode.DECRYPTION_FAILED, 400);
    expectFailure(
      await call(t.app, 'POST', '/wps/session/login', { payload: { ...bad, key: '%%%' } }),
      ErrorCode.DECRYPTION_FAILED,
      400,
    );
  });

  it('puts the decrypted body through the route schema', async () => {
    const { keyId, jwk } = await currentKey();
    const body = await encryptPayload(jwk as JsonWebKey, keyId, { type: 'nope' });
    const res = expectFailure(
      await call(t.app, 'POST', '/wps/session/login', { payload: body }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(JSON.stringify(res.value)).toContain('body.');
  });

  it('answers ENCRYPTION_KEY_EXPIRED for an unknown key id', async () => {
    const { jwk } = await currentKey();
    const body = await encryptPayload(jwk as JsonWebKey, 'no-such-key', { username: 'a', password: 'b' });
    expectFailure(
      await call(t.app, 'POST', '/wps/session/login', { payload: body }),
      ErrorCode.ENCRYPTION_KEY_EXPIRED,
      400,
    );
  });

  describe('plugin on a bare app', () => {
    let app: FastifyInstance;
    let keys: KeyService;

    beforeAll(async () => {
      keys = createKeyService({ db: t.database.db, log });
      app = await buildPluginApp(keys);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('decrypts, validates and strips unknown fields; refuses plain JSON only on encrypted paths', async () => {
      const { keyId, jwk } = await keys.getCurrentKey();
      const payload = { oldPassword: 'old', newPassword: 'newpass1', widget: 'dropped' };
      const encrypted = await encryptPayload(jwk as JsonWebKey, keyId, payload);
      const res = await app.inject({ method: 'POST', url: '/wps/member/password', payload: encrypted });
      expect(res.json()).toEqual({ success: true, value: { oldPassword: 'old', newPassword: 'newpass1' } });
      // Same path with a trailing slash and a query string is still encrypted (encrypted anew: a body is accepted once).
      const again = await app.inject({
        method: 'POST',
        url: '/wps/member/password/?a=1',
        payload: await encryptPayload(jwk as JsonWebKey, keyId, payload),
      });
      expect(again.statusCode).toBe(200);
      expectFailure(
        await app.inject({ method: 'POST', url: '/wps/member/password', payload: encrypted }),
        ErrorCode.PAYLOAD_REPLAYED,
        409,
      );

      expectFailure(
        await app.inject({ method: 'POST', url: '/wps/member/password', payload }),
        ErrorCode.ENCRYPTION_REQUIRED,
        400,
      );
      const plain = await app.inject({ method: 'POST', url: '/plain/echo', payload });
      expect(plain.json()).toEqual({ success: true, value: { oldPassword: 'old', newPassword: 'newpass1' } });

      const short = await encryptPayload(jwk as JsonWebKey, keyId, { oldPassword: 'old', newPassword: 'x' });
      expectFailure(
        await app.inject({ method: 'POST', url: '/wps/member/password', payload: short }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      const notJson = await encryptPayload(jwk as JsonWebKey, keyId, undefined);
      expect((await app.inject({ method: 'POST', url: '/wps/member/password', payload: notJson })).statusCode).toBe(
        400,
      );
    });
  });

  describe('rotation', () => {
    it('keeps the old key working for the grace period, then answers ENCRYPTION_KEY_EXPIRED', async () => {
      let clock = Date.now();
      const keys = createKeyService({ db: t.database.db, log, now: () => clock });
      const app = await buildPluginApp(keys);
      try {
        const old = await keys.getCurrentKey();
        const payload = { oldPassword: 'old', newPassword: 'newpass1' };
        // Each send is sealed anew at the test clock's time, as a client encrypts every request.
        const send = async (key: RsaKeyResult) =>
          app.inject({
            method: 'POST',
            url: '/wps/member/password',
            payload: await encryptPayload(key.jwk as JsonWebKey, key.keyId, payload, { timestamp: clock }),
          });
        expect((await send(old)).statusCode).toBe(200);

        const fresh = await keys.rotateKey();
        expect(fresh.keyId).not.toBe(old.keyId);
        expect((await keys.getCurrentKey()).keyId).toBe(fresh.keyId);

        clock += ENCRYPTION_KEY_GRACE_MS;
        expect((await send(old)).statusCode).toBe(200);
        expect((await send(fresh)).statusCode).toBe(200);

        clock += 1;
        expectFailure(await send(old), ErrorCode.ENCRYPTION_KEY_EXPIRED, 400);
        expect((await send(fresh)).statusCode).toBe(200);

        // Another instance sees the rotation through the database.
        expect((await createKeyService({ db: t.database.db, log }).getCurrentKey()).keyId).toBe(fresh.keyId);
      } finally {
        await app.close();
      }
    });

    it('expires a key whose retirement is over 10 minutes old in the database', async () => {
      const keys = createKeyService({ db: t.database.db, log });
      const old = await keys.getCurrentKey();
      const oldBody = await encryptPayload(old.jwk as JsonWebKey, old.keyId, { a: 1 });
      await keys.rotateKey();
      // A fresh instance, as another server would be, reads the retirement from the database.
      const other = createKeyService({ db: t.database.db, log });
      await expect(other.decryptBody(oldBody)).resolves.toEqual({ a: 1 });
      // Once decrypted, the same body is a replay for every instance.
      await expect(createKeyService({ db: t.database.db, log }).decryptBody(oldBody)).rejects.toMatchObject({
        errorCode: ErrorCode.PAYLOAD_REPLAYED,
      });
      await sql`UPDATE encryption_keys SET retired_at = now() - interval '11 minutes' WHERE key_id = ${old.keyId}`.execute(
        t.database.db,
      );
      const later = createKeyService({ db: t.database.db, log });
      await expect(later.decryptBody(oldBody)).rejects.toMatchObject({ errorCode: ErrorCode.ENCRYPTION_KEY_EXPIRED });
    });

    it('prunes keys retired over a day ago and keeps exactly one current key', async () => {
      const db = t.database.db;
      await sql`UPDATE encryption_keys SET retired_at = now() - interval '2 days' WHERE retired_at IS NOT NULL`.execute(
        db,
      );
      const keys = createKeyService({ db, log });
      await keys.rotateKey();
      const rows = await db.selectFrom('encryption_keys').select(['key_id', 'retired_at']).execute();
      expect(rows.filter((r) => r.retired_at === null)).toHaveLength(1);
      expect(rows).toHaveLength(2);
    });

    it('creates the first key once even when asked concurrently', async () => {
      const db = t.database.db;
      await db.deleteFrom('encryption_keys').execute();
      const made = await Promise.all([ensureCurrentKey(db), ensureCurrentKey(db), ensureCurrentKey(db)]);
      expect(new Set(made.map((k) => k.keyId)).size).toBe(1);
      expect(await db.selectFrom('encryption_keys').select('key_id').execute()).toHaveLength(1);
    });
  });
});
