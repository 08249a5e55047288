import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { call, callEncrypted, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createGatewayService, loadGatewaySettings, SANDBOX_SEAMLESS, SANDBOX_TRANSFER } from './gateway.service';
import { createPlayer, injectCallback, launchToken } from './gateway.test-support';

const SECRET = crypto.randomBytes(24).toString('hex');

describeEachDatabase('game launch and launch tokens', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const [vassalage, walletModel] of [
      [SANDBOX_SEAMLESS, 'seamless'],
      [SANDBOX_TRANSFER, 'transfer'],
    ] as const) {
      await t.app.services.gateway.configureAdapter({
        vassalage,
        walletModel,
        launchUrl: 'http://vendor.test/play',
        apiUrl: walletModel === 'transfer' ? 'http://127.0.0.1:9/api' : null,
        secret: SECRET,
        requestTimeoutMs: 500,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  /** A vendor callback signed with the adapter's secret, through the app. */
  async function callback(vassalage: string, op: string, body: unknown, secret = SECRET) {
    return injectCallback(t.app, secret, vassalage, op, body);
  }

  it('returns a vendor URL with a single-use token bound to the player, game and vendor; records the recent game', async () => {
    const player = await createPlayer(t.app, 777n);
    const res = await call(t.app, 'POST', '/wps/game/launchGame', {
      token: player.token,
      headers: { language: 'en' },
      payload: {
        nodeId: 'SBX-slot-02',
        vassalage: SANDBOX_SEAMLESS,
        gameId: 'SBX-slot-02',
        launchMode: 'GLS',
        clientType: 3,
        unknownField: 'x',
      },
    });
    const value = valueOf<{ game_url: string; content: string; expiresIn: number }>(res);
    const url = new URL(value.game_url);
    expect(url.origin + url.pathname).toBe('http://vendor.test/play');
    expect(url.searchParams.get('game')).toBe('SBX-slot-02');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(value.content).toBe(value.game_url);
    expect(value.expiresIn).toBe(60);
    const token = url.searchParams.get('token')!;

    // Bound to the vendor: another vendor cannot use it.
    expectFailure(
      await callback(SANDBOX_TRANSFER, 'authenticate', { launchToken: token }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
    const auth = valueOf<{ playerId: string; gameId: string; balanceMinor: string; sessionToken: string }>(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
    );
    expect(auth).toMatchObject({ playerId: player.memberId, gameId: 'SBX-slot-02', balanceMinor: '777' });
    // Single use.
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
    // Stored hashed: the raw token is nowhere in the table.
    const stored = await t.database.db.selectFrom('game_launch_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    // The session works for its own player only.
    expect(
      valueOf<{ balanceMinor: string }>(
        await callback(SANDBOX_SEAMLESS, 'balance', { sessionToken: auth.sessionToken, playerId: player.memberId }),
      ).balanceMinor,
    ).toBe('777');
    const other = await createPlayer(t.app);
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'balance', { sessionToken: auth.sessionToken, playerId: other.memberId }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );

    const recent = valueOf<{ list: { nodeId: string }[] }>(
      await call(t.app, 'POST', '/wps/relay/GCS_recentGame', {
        token: player.token,
        payload: { clientType: 3, language: 'en' },
      }),
    );
    expect(recent.list.map((g) => g.nodeId)).toContain('SBX-slot-02');
  });

  it('an expired launch token is refused', async () => {
    const player = await createPlayer(t.app);
    const token = await launchToken(t.app, player, 'SBX-slot-03', SANDBOX_SEAMLESS);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    await t.database.db
      .updateTable('game_launch_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hash)
      .execute();
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
  });

  it('a wrong secret, a made-up token and a malformed body are 4xx', async () => {
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: 'a'.repeat(64) }, 'x'.repeat(32)),
      ErrorCode.VENDOR_SIGNATURE_INVALID,
      401,
    );
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: 'a'.repeat(64) }),
      ErrorCode.VENDOR_TOKEN_INVALID,
      401,
    );
    expectFailure(
      await callback(SANDBOX_SEAMLESS, 'authenticate', { launchToken: 'short' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await callback(SANDBOX_SEAMLESS, 'authenticate', '{"launchToken":'), ErrorCode.MALFORMED_JSON, 400);
  });

  it('refuses visitors, trial accounts on real-money vendors, unknown or mismatched games, unconnected vendors and maintenance', async () => {
    const body = { nodeId: 'SBX-slot-04', vassalage: SANDBOX_SEAMLESS };
    expectFailure(await call(t.app, 'POST', '/wps/game/launchGame', { payload: body }), ErrorCode.UNAUTHORIZED, 401);
    const trial = valueOf<{ token: string }>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', {
        random: crypto.randomBytes(8).toString('hex'),
      }),
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/game/launchGame', { token: trial.token, payload: body }),
      ErrorCode.NEED_TRUE_ACCOUNT,
      403,
    );

    const player = await createPlayer(t.app);
    const launch = (payload: unknown) => call(t.app, 'POST', '/wps/game/launchGame', { token: player.token, payload });
    expectFailure(await launch({ vassalage: SANDBOX_SEAMLESS }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await launch({ nodeId: 'no-such-game', vassalage: SANDBOX_SEAMLESS }), ErrorCode.GAME_NOT_FOUND, 404);
    expectFailure(await launch({ nodeId: 'SBX-slot-04', vassalage: SANDBOX_TRANSFER }), ErrorCode.GAME_NOT_FOUND, 404);
    const [unconnected] = await t.database.db
      .selectFrom('games')
      .select(['node_id', 'vassalage'])
      .where('vassalage', '=', 'ALV')
      .limit(1)
      .execute();
    expectFailure(
      await launch({ nodeId: unconnected!.node_id, vassalage: 'ALV' }),
      ErrorCode.VENDOR_NOT_CONNECTED,
      409,
    );

    const actor = { actorType: 'system' as const, actorId: null };
    await t.app.services.catalogue.setGameStatus(actor, 'SBX-slot-04', 'maintenance', 'test');
    expectFailure(await launch(body), ErrorCode.GAME_MAINTENANCE);
    await t.app.services.catalogue.setGameStatus(actor, 'SBX-slot-04', 'active', 'test');
    await t.app.services.catalogue.setVendorStatus(actor, SANDBOX_SEAMLESS, 'maintenance', 'test');
    expectFailure(await launch(body), ErrorCode.VENDOR_MAINTENANCE);
    await t.app.services.catalogue.setVendorStatus(actor, SANDBOX_SEAMLESS, 'active', 'test');
    valueOf(await launch(body));
  });

  it('an operator connects a catalogue vendor: audited, the secret never shown, its games launch at once', async () => {
    const actor = { actorType: 'system' as const, actorId: 'test' };
    const secret = crypto.randomBytes(20).toString('hex');
    const view = await t.app.services.gateway.setAdapter(
      actor,
      {
        vassalage: 'ALV',
        walletModel: 'seamless',
        launchUrl: 'https://alv.test/launch',
        apiUrl: null,
        secret,
        requestTimeoutMs: 3000,
      },
      'connect',
    );
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(JSON.stringify(await t.app.services.gateway.listAdapters())).not.toContain(secret);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', 'ALV')
      .where('action', '=', 'vendor_adapter.set')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(secret);
    const [game] = await t.database.db
      .selectFrom('games')
      .select('node_id')
      .where('vassalage', '=', 'ALV')
      .limit(1)
      .execute();
    const player = await createPlayer(t.app);
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: game!.node_id, vassalage: 'ALV' },
      }),
    ).game_url;
    expect(url.startsWith('https://alv.test/launch?token=')).toBe(true);
    await expect(
      t.app.services.gateway.setAdapter(
        actor,
        {
          vassalage: 'NOPE',
          walletModel: 'seamless',
          launchUrl: 'https://x.test',
          apiUrl: null,
          secret,
          requestTimeoutMs: 3000,
        },
        'x',
      ),
    ).rejects.toMatchObject({
      errorCode: ErrorCode.VENDOR_NOT_FOUND,
    });
  });
});

/** Build a test app while these environment variables are set (the gateway reads its settings at build time). */
async function createTestAppWithEnv(
  target: Parameters<typeof createTestApp>[0],
  env: Record<string, string | undefined>,
): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(env);
  try {
    return await createTestApp(target);
  } finally {
    apply(saved);
  }
}

describeEachDatabase('the reference vendor with NODE_ENV=production', (target) => {
  let t: TestApp;
  const PROD = {
    NODE_ENV: 'production',
    VENDOR_SANDBOX_URL: 'http://127.0.0.1:9',
    VENDOR_SANDBOX_SECRET: SECRET,
    ALLOW_SANDBOX_VENDOR: undefined,
  };

  beforeAll(async () => {
    t = await createTestAppWithEnv(target, PROD);
    // Adapters an earlier, non-production run stored in the same database.
    for (const [vassalage, walletModel] of [
      [SANDBOX_SEAMLESS, 'seamless'],
      [SANDBOX_TRANSFER, 'transfer'],
    ] as const) {
      await t.app.services.gateway.configureAdapter({
        vassalage,
        walletModel,
        launchUrl: 'http://127.0.0.1:9/play',
        apiUrl: walletModel === 'transfer' ? 'http://127.0.0.1:9/api' : null,
        secret: SECRET,
        requestTimeoutMs: 500,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not connected: launches, signed callbacks, transfers and an operator connecting it are refused', async () => {
    const player = await createPlayer(t.app, 5_000n);
    for (const [nodeId, vassalage] of [
      ['SBX-slot-01', SANDBOX_SEAMLESS],
      ['SBT-fish-01', SANDBOX_TRANSFER],
    ]) {
      expectFailure(
        await call(t.app, 'POST', '/wps/game/launchGame', { token: player.token, payload: { nodeId, vassalage } }),
        ErrorCode.VENDOR_NOT_CONNECTED,
        409,
      );
    }
    const base = { playerId: player.memberId, sessionToken: 'a'.repeat(64) };
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: 'a'.repeat(64) }),
      ErrorCode.VENDOR_NOT_FOUND,
      404,
    );
    expectFailure(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', {
        ...base,
        transactionId: 'b-1',
        roundId: 'r-1',
        gameId: 'SBX-slot-01',
        amountMinor: '100',
      }),
      ErrorCode.VENDOR_NOT_FOUND,
      404,
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/relay/GCS_walletTransfer', {
        token: player.token,
        payload: { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '10', idempotencyKey: 'prod-sbt-0001' },
      }),
      ErrorCode.VENDOR_NOT_CONNECTED,
      409,
    );
    const actor = { actorType: 'system' as const, actorId: null };
    await expect(
      t.app.services.gateway.setAdapter(
        actor,
        {
          vassalage: SANDBOX_SEAMLESS,
          walletModel: 'seamless',
          launchUrl: 'https://x.test',
          apiUrl: null,
          secret: SECRET,
          requestTimeoutMs: 500,
        },
        'x',
      ),
    ).rejects.toMatchObject({ errorCode: ErrorCode.VENDOR_NOT_FOUND });
    expect(await t.app.services.gateway.findAdapter(SANDBOX_SEAMLESS)).toBeUndefined();
    expect(await t.app.services.ledger.getPlayerBalance(player.memberId)).toBe(5_000n);
  });

  it('start logs why it is off, and ALLOW_SANDBOX_VENDOR=1 connects it', async () => {
    const s = t.app.services;
    const build = (env: Record<string, string>) => {
      const warnings: string[] = [];
      const log = { warn: (m: unknown) => warnings.push(String(m)), info: () => {}, error: () => {}, debug: () => {} };
      const gateway = createGatewayService({
        db: t.database.db,
        log: log as never,
        databaseKind: t.database.kind,
        system: s.system,
        ledger: s.ledger,
        catalogue: s.catalogue,
        member: s.member,
        session: s.session,
        audit: s.audit,
        settings: loadGatewaySettings(env),
      });
      return { gateway, warnings };
    };
    const env = { NODE_ENV: 'production', VENDOR_SANDBOX_URL: 'http://127.0.0.1:9', VENDOR_SANDBOX_SECRET: SECRET };
    const refused = build(env);
    await refused.gateway.start();
    expect(refused.warnings.join('\n')).toMatch(/VENDOR_SANDBOX_URL.*NODE_ENV=production.*ALLOW_SANDBOX_VENDOR=1/s);
    expect(await refused.gateway.findAdapter(SANDBOX_SEAMLESS)).toBeUndefined();
    // Not configured now, but adapters are stored: that is said too.
    const stored = build({ NODE_ENV: 'production' });
    await stored.gateway.start();
    expect(stored.warnings.join('\n')).toMatch(
      /stored adapters \((SBX, SBT|SBT, SBX)\) are ignored.*ALLOW_SANDBOX_VENDOR=1/s,
    );

    const allowed = build({ ...env, ALLOW_SANDBOX_VENDOR: '1' });
    await allowed.gateway.start();
    expect(allowed.warnings).toEqual([]);
    expect(await allowed.gateway.findAdapter(SANDBOX_SEAMLESS)).toMatchObject({
      walletModel: 'seamless',
      launchUrl: 'http://127.0.0.1:9/play',
    });
    expect(loadGatewaySettings({ NODE_ENV: 'production', ALLOW_SANDBOX_VENDOR: 'true' }).isSandboxVendorAllowed).toBe(
      true,
    );
    expect(loadGatewaySettings({}).isSandboxVendorAllowed).toBe(true);
  });
});
