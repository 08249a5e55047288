import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsVendorAdapter } from '@wps/shared/schemas/vendor-adapters';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { seedDemoOperator } from '../../db/seed';
import { createLogger } from '../../logger';
import { createPlayer, injectCallback, launchToken, type Player } from './gateway.test-support';

// The back office's vendor connections through their routes: the secret is write-only (required
// to connect, kept when left out, never in an answer, the audit log or a log line), the vendor's
// signed calls verify with whichever secret is stored, and only admins (vendors.connect) connect.

/** A secret with a marker no answer could contain by chance. */
const newSecret = (label: string) => `SeCrEt-${label}-${crypto.randomBytes(12).toString('hex')}`;

describeEachDatabase('vendor adapters (back office)', (target) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let marketing: string;
  let player: Player;
  let nodeId: string;
  const first = newSecret('one');
  const second = newSecret('two');

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    support = (await createTestOperator(t.app, 'support')).token;
    marketing = (await createTestOperator(t.app, 'marketing')).token;
    player = await createPlayer(t.app);
    nodeId = (
      await t.database.db.selectFrom('games').select('node_id').where('vassalage', '=', 'ALV').executeTakeFirstOrThrow()
    ).node_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (vassalage: string, payload: Record<string, unknown>, token = admin) =>
    call(t.app, 'PUT', `/ops/vendor-adapters/${vassalage}`, { token, payload });
  const list = async (token = admin) =>
    valueOf<OpsVendorAdapter[]>(await call(t.app, 'GET', '/ops/vendor-adapters', { token }));
  const listed = async (vassalage: string) => (await list()).find((a) => a.vassalage === vassalage);
  const audit = () =>
    t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before', 'after', 'actor_type'])
      .where('action', '=', 'vendor_adapter.set')
      .where('subject_id', '=', 'ALV')
      .orderBy('id')
      .execute();
  const connection = {
    walletModel: 'seamless',
    launchUrl: 'https://alv.test/play/',
    apiUrl: '',
    requestTimeoutMs: 3000,
  };

  /** The vendor authenticates a fresh launch token, signing with `secret`: the status it gets. */
  async function authenticateSignedWith(secret: string): Promise<{ status: number; errorCode?: string }> {
    const token = await launchToken(t.app, player, nodeId, 'ALV');
    const res = await injectCallback(t.app, secret, 'ALV', 'authenticate', { launchToken: token });
    return { status: res.statusCode, errorCode: (res.json() as { errorCode?: string }).errorCode };
  }

  it('refuses to connect without a secret, with bad values, for an unknown or in-house vendor, and for support and marketing; nothing is written', async () => {
    expectFailure(await put('ALV', { ...connection, reason: 'connect live' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await put('ALV', { ...connection, secret: '', reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, secret: 'short', reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, secret: `${first} `, reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, launchUrl: 'ftp://alv.test/play', secret: first, reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', {
        ...connection,
        launchUrl: 'https://user:pw@alv.test/play',
        secret: first,
        reason: 'connect live',
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, walletModel: 'transfer', secret: first, reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, requestTimeoutMs: 50, secret: first, reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await put('ALV', { ...connection, secret: first }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(
      await put('NOPE', { ...connection, secret: first, reason: 'connect' }),
      ErrorCode.VENDOR_NOT_FOUND,
      404,
    );
    expectFailure(
      await put('inhouse', { ...connection, secret: first, reason: 'connect' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await put('ALV', { ...connection, secret: first, reason: 'connect live' }, support),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await put('ALV', { ...connection, secret: first, reason: 'connect live' }, marketing),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    // The missing secret is named as the field at fault, and nothing was stored.
    const missing = expectFailure(
      await put('ALV', { ...connection, reason: 'connect live' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(missing.value).toEqual({ fields: [{ field: 'body.secret', message: 'required' }] });
    expect(await listed('ALV')).toBeUndefined();
    expect(await audit()).toEqual([]);
    const launch = await call(t.app, 'POST', '/wps/game/launchGame', {
      token: player.token,
      payload: { nodeId, vassalage: 'ALV' },
    });
    expectFailure(launch, ErrorCode.VENDOR_NOT_CONNECTED);
  });

  it('connects a vendor: the answer, the list and the audit entry carry a fingerprint, never the secret; its signed calls verify', async () => {
    const connected = valueOf<OpsVendorAdapter>(
      await put('ALV', { ...connection, secret: first, reason: 'connect live' }),
    );
    expect(connected).toMatchObject({
      vassalage: 'ALV',
      walletModel: 'seamless',
      launchUrl: 'https://alv.test/play',
      apiUrl: null,
      requestTimeoutMs: 3000,
    });
    expect(connected.secretFingerprint).toMatch(/^[0-9a-f]{12}$/);
    // Support and marketing read the list (games.read); nobody reads the secret or any part of it.
    for (const token of [admin, support, marketing]) {
      const text = JSON.stringify(await list(token));
      expect(text).toContain(connected.secretFingerprint);
      expect(text).not.toContain('SeCrEt');
    }
    expect(await authenticateSignedWith(first)).toEqual({ status: 200, errorCode: undefined });
    expect(await authenticateSignedWith(second)).toEqual({
      status: 401,
      errorCode: ErrorCode.VENDOR_SIGNATURE_INVALID,
    });

    const [entry] = await audit();
    expect(entry).toMatchObject({
      reason: 'connect live',
      actor_type: 'operator',
      before: null,
      after: { secretFingerprint: connected.secretFingerprint, requestTimeoutMs: 3000 },
    });
    expect(JSON.stringify(entry)).not.toContain('SeCrEt');
  });

  it('an edit without a secret keeps the stored one (same fingerprint and time, the vendor still verifies); a new secret replaces it', async () => {
    const before = (await listed('ALV'))!;
    const edited = valueOf<OpsVendorAdapter>(
      await put('ALV', { ...connection, requestTimeoutMs: 2500, reason: 'slower vendor' }),
    );
    expect(edited).toMatchObject({
      requestTimeoutMs: 2500,
      secretFingerprint: before.secretFingerprint,
      secretSetAt: before.secretSetAt,
    });
    expect(await listed('ALV')).toEqual(edited);
    expect(await authenticateSignedWith(first)).toEqual({ status: 200, errorCode: undefined });

    const rotated = valueOf<OpsVendorAdapter>(
      await put('ALV', { ...connection, requestTimeoutMs: 2500, secret: second, reason: 'key rotation' }),
    );
    expect(rotated.secretFingerprint).not.toBe(before.secretFingerprint);
    expect(Date.parse(rotated.secretSetAt)).toBeGreaterThanOrEqual(Date.parse(before.secretSetAt));
    expect((await authenticateSignedWith(first)).errorCode).toBe(ErrorCode.VENDOR_SIGNATURE_INVALID);
    expect((await authenticateSignedWith(second)).status).toBe(200);

    const entries = (await audit()).slice(1);
    expect(
      entries.map((e) => [
        e.reason,
        (e.before as OpsVendorAdapter).secretFingerprint,
        (e.after as OpsVendorAdapter).secretFingerprint,
      ]),
    ).toEqual([
      ['slower vendor', before.secretFingerprint, before.secretFingerprint],
      ['key rotation', before.secretFingerprint, rotated.secretFingerprint],
    ]);
    expect(JSON.stringify(entries)).not.toContain('SeCrEt');
    // A refused change (a transfer model without its API URL) leaves the connection as it was.
    expectFailure(
      await put('ALV', { ...connection, walletModel: 'transfer', reason: 'wrong model' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(await listed('ALV')).toEqual(rotated);
  });
});

describe('vendor adapter secrets in the request log', () => {
  it('never reach a log line, whether the change is accepted or refused', async () => {
    const lines: string[] = [];
    const database = await openDatabase({ databaseUrl: undefined, dataDir: null, poolSize: 5 });
    await runMigrations(database);
    await seedDemoOperator(database.db);
    const config = {
      ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-test-${crypto.randomBytes(6).toString('hex')}` }),
      webDist: undefined,
      scryptLogN: 10,
    };
    const app = await buildApp({
      config,
      database,
      logger: createLogger({ logLevel: 'trace' }, { write: (line: string) => void lines.push(line) }),
    });
    await app.ready();
    const secrets = { accepted: newSecret('logged'), refused: `${newSecret('refused')}${'x'.repeat(200)}` };
    try {
      const admin = (await createTestOperator(app, 'admin')).token;
      const body = {
        walletModel: 'seamless',
        launchUrl: 'https://crd.test/play',
        requestTimeoutMs: 3000,
        reason: 'connect cards',
      };
      valueOf(
        await call(app, 'PUT', '/ops/vendor-adapters/CRD', {
          token: admin,
          payload: { ...body, secret: secrets.accepted },
        }),
      );
      expectFailure(
        await call(app, 'PUT', '/ops/vendor-adapters/CRD', {
          token: admin,
          payload: { ...body, secret: secrets.refused },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(app, 'PUT', '/ops/vendor-adapters/NOPE', {
          token: admin,
          payload: { ...body, secret: secrets.accepted },
        }),
        ErrorCode.VENDOR_NOT_FOUND,
        404,
      );
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    // Not vacuous: the calls were logged, by path.
    expect(log).toContain('"url":"/ops/vendor-adapters/CRD"');
    expect(log).not.toContain('SeCrEt');
  });
});
