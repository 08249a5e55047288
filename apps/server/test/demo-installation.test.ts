import { afterAll, beforeAll, expect, it } from 'vitest';
import { findBonusOffer } from '@wps/shared/bonus-offers';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { Banner, LiveContentItem } from '@wps/shared/schemas/content';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { claimDemoInstall, seedDemoOperator } from '../src/db/seed';
import { installDemo, prepareForLicence, type DemoInstallation } from '../src/db/seed-jurisdiction';
import { DEMO_PLAYER_PASSWORD, DEMO_PLAYERS } from '../src/db/seed-demo-players';
import { DEMO_OPERATOR_IDENTITY } from '../src/modules/system/operator-settings';
import { call, login, valueOf } from './api-client';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

// The one-command demo: a fresh database installed as server.ts does on its first start, under
// each DEMO_JURISDICTION, read back through the calls a visitor's browser makes.
const isBonus = (item: { title: string; bodyHtml?: string }) =>
  findBonusOffer({ bonusOffer: false, translations: { PT: { title: item.title, bodyHtml: item.bodyHtml ?? '' } } }) !==
  null;

function installed(target: Parameters<typeof createTestApp>[0], profile: JurisdictionProfile) {
  const state: { t?: TestApp; installation?: DemoInstallation } = {};
  beforeAll(async () => {
    state.t = await createTestApp(target);
    state.installation = await installDemo(state.t.app.services, { profile, content: true, rewards: false });
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return state;
}

describeEachDatabase('the demo installed under BR (the default)', (target) => {
  const s = installed(target, 'BR');

  it('runs under BR, set through the switch and audited as the seed', async () => {
    const { t } = s as Required<typeof s>;
    expect((await t.app.services.licence.view()).profile).toBe('BR');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id'])
      .where('subject_type', '=', 'operator_licence')
      .execute();
    expect(audit).toEqual([{ action: 'licence.seed_set', actor_type: 'system', actor_id: 'demo-seed' }]);
    // Nothing live the profile forbids: the switch's own blocker sources find nothing.
    expect(await t.app.services.licence.changes.blockers('BR')).toEqual([]);
  });

  it('shows the operator identification and no bonus content', async () => {
    const { t } = s as Required<typeof s>;
    const permission = valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission'));
    expect(permission.operatorIdentity).toMatchObject({
      legalName: DEMO_OPERATOR_IDENTITY.legalName,
      cnpj: DEMO_OPERATOR_IDENTITY.cnpj,
    });
    for (const language of ['PT', 'EN']) {
      const headers = { language };
      const promotions = valueOf<{ list: LiveContentItem[] }>(
        await call(t.app, 'GET', '/wps/content/promotions', { headers }),
      ).list;
      const banners = valueOf<{ list: Banner[] }>(
        await call(t.app, 'GET', '/wps/content/banners?group=w_home', { headers }),
      ).list;
      expect(promotions.filter(isBonus)).toEqual([]);
      expect(banners.filter(isBonus)).toEqual([]);
      expect(banners.length).toBeGreaterThan(0);
    }
  });

  it('has demo players who sign in with the documented password, verified, with their limits and a confirmed e-mail', async () => {
    const { t, installation } = s as Required<typeof s>;
    expect(installation.players).toEqual(DEMO_PLAYERS.map((p) => p.username));
    for (const player of DEMO_PLAYERS) {
      const res = await login(t.app, player.username, DEMO_PLAYER_PASSWORD);
      const { token, identityRequired } = valueOf<{ token: string; identityRequired?: boolean }>(res);
      expect(identityRequired ?? false).toBe(false);
      const session = await t.app.services.session.resolve(token);
      expect(await t.app.services.kyc.service.isVerified(session!.memberId)).toBe(true);
      const rg = valueOf<{ mustSetLimits: boolean }>(await call(t.app, 'GET', '/wps/responsible-gaming', { token }));
      expect(rg.mustSetLimits).toBe(false);
      // An account made by username confirms a contact under BR before it moves or stakes money.
      const contact = valueOf<{ pending: boolean }>(
        await call(t.app, 'GET', '/wps/member/contact-confirmation', { token }),
      );
      expect(contact.pending).toBe(false);
    }
  });
});

describeEachDatabase('the demo installed with DEMO_JURISDICTION=permissive', (target) => {
  const s = installed(target, 'permissive');

  it('runs under the generic licence with no demo players; without its rewards programmes, no promotion they would pay', async () => {
    const { t, installation } = s as Required<typeof s>;
    expect((await t.app.services.licence.view()).profile).toBe('permissive');
    expect(installation.players).toEqual([]);
    // The demo's promotions are paid by the rewards programmes (DEMO_REWARDS, off here): none is
    // published to promise what nothing pays (demo-rewards.test.ts has them with the programmes on).
    const promotions = valueOf<{ list: LiveContentItem[] }>(
      await call(t.app, 'GET', '/wps/content/promotions', { headers: { language: 'PT' } }),
    ).list;
    expect(promotions).toEqual([]);
    const banners = valueOf<{ list: Banner[] }>(
      await call(t.app, 'GET', '/wps/content/banners?group=w_home', { headers: { language: 'PT' } }),
    ).list;
    expect(banners.map((b) => b.linkageType)).toEqual(['page']);
  });
});

// An operator may create the database with `npm run ops` (the first admin) or `npm run migrate`
// before the first `npm start`: the seed those commands run marks the installation owed, and the
// first server start claims it (server.ts), once, whatever made the database.
describeEachDatabase('the demo owed to a database the console created', (target) => {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    // createTestApp migrates and runs the seed every command runs (seedDemoOperator), as `npm run ops` does.
    state.t = await createTestApp(target);
  });
  afterAll(async () => {
    await state.t?.close();
  });

  it('is claimed by one start only, and a later seed does not owe it again', async () => {
    const { db } = state.t!.database;
    const claims = await Promise.all([claimDemoInstall(db), claimDemoInstall(db)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await seedDemoOperator(db);
    expect(await claimDemoInstall(db)).toBe(false);
  });

  it('keeps a licence the console chose first, and installs the content under it', async () => {
    const { services } = state.t!.app;
    // As `licence:set BR --prepare` does.
    await prepareForLicence(services, 'BR');
    await services.licence.changes.setFromConsole('BR', 'set before the first start', {
      actorType: 'system',
      actorId: 'ops-console',
    });
    const installation = await installDemo(services, { profile: 'permissive', content: true, rewards: true });
    expect(installation).toMatchObject({ profile: 'BR', players: [], rewards: null });
    expect(installation.contentItems).toBeGreaterThan(0);
    expect((await services.licence.view()).profile).toBe('BR');
    const terms = await call(state.t!.app, 'GET', '/wps/content/pages/terms', { headers: { language: 'PT' } });
    expect(terms.statusCode).toBe(200);
    const promotions = valueOf<{ list: LiveContentItem[] }>(
      await call(state.t!.app, 'GET', '/wps/content/promotions', { headers: { language: 'PT' } }),
    ).list;
    expect(promotions.filter(isBonus)).toEqual([]);
  });
});

describeEachDatabase('a licence kept by the console', (target) => {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await createTestApp(target);
  });
  afterAll(async () => {
    await state.t?.close();
  });

  it('counts as chosen, so the demo does not switch it', async () => {
    const { changes } = state.t!.app.services.licence;
    expect(await changes.chosen()).toBe(false);
    // The migration's default is the generic licence: the console keeps it, and that is a choice.
    await changes.setFromConsole('permissive', 'keep the generic licence', { actorType: 'system', actorId: 'ops' });
    expect(await changes.chosen()).toBe(true);
    const installation = await installDemo(state.t!.app.services, { profile: 'BR', content: false, rewards: false });
    expect(installation).toMatchObject({ profile: 'permissive', players: [], contentItems: 0 });
  });
});
