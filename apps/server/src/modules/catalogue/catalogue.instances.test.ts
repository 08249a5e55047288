import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { GameList, VendorLanes } from '@wps/shared/schemas/catalogue';
import { buildApp, type App } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { connectEveryVendor } from '../gateway/gateway.test-support';

/** Poll until `check` holds or two seconds pass (cache evictions arrive by NOTIFY). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describePostgres('catalogue across server instances [postgres]', () => {
  let t: TestApp;
  let second: { app: App; database: DatabaseHandle };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    // Players see only connected vendors: these tests are about the whole demo catalogue.
    await connectEveryVendor(t.app);
    await disableRegisterCaptcha(t.app);
    // A second instance over the same database, with its own pool, catalogue copy and feed.
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    second = { database, app: await buildApp({ config: t.config, database, logger: false }) };
    await second.app.ready();
    token = (await newPlayer(t)).token;
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  const sbtStatuses = async (app: App) =>
    valueOf<GameList>(
      await call(app, 'POST', '/wps/relay/GCSGAME_gameList', { token, payload: { vassalage: 'SBT' } }),
    ).games.map((g) => g.status);

  it('a maintenance switch on one instance shows on the other well before any restart', async () => {
    // The second instance reads (and keeps) the catalogue and a serialised page.
    expect(await sbtStatuses(second.app)).toEqual(['active', 'active', 'active', 'active']);
    const support = await operatorToken(t, 'support');
    valueOf(
      await call(t.app, 'PUT', '/ops/vendors/SBT/status', {
        token: support,
        payload: { status: 'maintenance', reason: 'instances test' },
      }),
    );
    expect(await eventually(async () => (await sbtStatuses(second.app)).every((s) => s === 'maintenance'))).toBe(true);
    // Launch checks read the database, never a copy.
    await expect(second.app.services.catalogue.getGame('SBT-fish-01')).rejects.toMatchObject({
      errorCode: 'VENDOR_MAINTENANCE',
    });
    valueOf(
      await call(t.app, 'PUT', '/ops/vendors/SBT/status', {
        token: support,
        payload: { status: 'active', reason: 'instances test' },
      }),
    );
    expect(await eventually(async () => (await sbtStatuses(second.app)).every((s) => s === 'active'))).toBe(true);
  });

  it('a game written straight to the database (any writer) reaches every instance', async () => {
    const lanesOf = async (app: App) =>
      valueOf<VendorLanes>(await call(app, 'POST', '/wps/relay/GCSGAME_newGameVendor', { payload: {} }));
    const countOf = (lanes: VendorLanes) =>
      lanes.lanes.find((l) => l.title === 'PVP')!.cards.find((c) => c.vassalage === 'CRD')!.gameCount;
    const before = countOf(await lanesOf(second.app));
    await sql`INSERT INTO games (node_id, vassalage, game_type, game_classify, name, image) VALUES ('CRD-extra', 'CRD', 'PVP', 'cards', 'Extra Cards', '/games/tiles/crd-teen.svg')`.execute(
      t.database.db,
    );
    expect(await eventually(async () => countOf(await lanesOf(second.app)) === before + 1)).toBe(true);
  });

  it('connecting or disconnecting a vendor on one instance changes what players see on the other', async () => {
    const vendorsOn = async (app: App) =>
      new Set(
        valueOf<VendorLanes>(
          await call(app, 'POST', '/wps/relay/GCSGAME_newGameVendor', { payload: {} }),
        ).lanes.flatMap((l) => l.cards.map((c) => c.vassalage)),
      );
    const searchOn = async (app: App) =>
      valueOf<GameList>(
        await call(app, 'POST', '/wps/relay/GCSGAME_gameList', { token, payload: { gameName: 'Aurora' } }),
      ).games;
    // The suite connected every vendor: take one away (any writer), then connect it through the first instance's back office.
    await sql`DELETE FROM vendor_adapters WHERE vassalage = 'ALV'`.execute(t.database.db);
    expect(await eventually(async () => !(await vendorsOn(second.app)).has('ALV'))).toBe(true);
    expect(await searchOn(second.app)).toEqual([]);
    const admin = await operatorToken(t, 'admin');
    valueOf(
      await call(t.app, 'PUT', '/ops/vendor-adapters/ALV', {
        token: admin,
        payload: {
          walletModel: 'seamless',
          launchUrl: 'https://alv.vendor.test/play',
          requestTimeoutMs: 3000,
          secret: 'instances-test-secret-0123456789',
          reason: 'instances test',
        },
      }),
    );
    expect(await eventually(async () => (await vendorsOn(second.app)).has('ALV'))).toBe(true);
    expect((await searchOn(second.app)).map((g) => g.nodeId)).toEqual(['ALV-lobby']);
  });
});
