import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { GameList, VendorLanes } from '@wps/shared/schemas/catalogue';
import { buildApp, type App } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';

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
    valueOf<GameList>(await call(app, 'POST', '/wps/relay/GCSGAME_gameList', { token, payload: { vassalage: 'SBT' } })).games.map((g) => g.status);

  it('a maintenance switch on one instance shows on the other well before any restart', async () => {
    // The second instance reads (and keeps) the catalogue and a serialised page.
    expect(await sbtStatuses(second.app)).toEqual(['active', 'active', 'active', 'active']);
    const support = await operatorToken(t, 'support');
    valueOf(await call(t.app, 'PUT', '/ops/vendors/SBT/status', { token: support, payload: { status: 'maintenance', reason: 'instances test' } }));
    expect(await eventually(async () => (await sbtStatuses(second.app)).every((s) => s === 'maintenance'))).toBe(true);
    // Launch checks read the database, never a copy.
    await expect(second.app.services.catalogue.getGame('SBT-fish-01')).rejects.toMatchObject({ errorCode: 'VENDOR_MAINTENANCE' });
    valueOf(await call(t.app, 'PUT', '/ops/vendors/SBT/status', { token: support, payload: { status: 'active', reason: 'instances test' } }));
    expect(await eventually(async () => (await sbtStatuses(second.app)).every((s) => s === 'active'))).toBe(true);
  });

  it('a game written straight to the database (any writer) reaches every instance', async () => {
    const lanesOf = async (app: App) => valueOf<VendorLanes>(await call(app, 'POST', '/wps/relay/GCSGAME_newGameVendor', { payload: {} }));
    const countOf = (lanes: VendorLanes) => lanes.lanes.find((l) => l.title === 'PVP')!.cards.find((c) => c.vassalage === 'CRD')!.gameCount;
    const before = countOf(await lanesOf(second.app));
    await sql`INSERT INTO games (node_id, vassalage, game_type, game_classify, name, image) VALUES ('CRD-extra', 'CRD', 'PVP', 'cards', 'Extra Cards', '/games/tiles/crd-teen.svg')`.execute(t.database.db);
    expect(await eventually(async () => countOf(await lanesOf(second.app)) === before + 1)).toBe(true);
  });
});
