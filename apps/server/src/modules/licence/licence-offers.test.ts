import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Banner, ContentImage, OpsContentItem } from '@wps/shared/schemas/content';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { OpsMission } from '@wps/shared/schemas/missions';
import type { Raffle } from '@wps/shared/schemas/promo';
import type { OpsVipSettings } from '@wps/shared/schemas/vip';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { setLicence } from './licence-fixtures';

/*
 * No bonus, advance or deposit-conditioned reward under BR (Law 14.790/2023 art. 29 I;
 * docs/compliance.md, "Bonuses and advances"), outside the reward rules the rewards suite
 * covers: a mission with a deposit step, a VIP level with a deposit threshold and a money bonus, a
 * level_changed rule paying cash, a raffle with a bonus prize, and content that offers a bonus
 * (flagged, or in its words, the terms included) are refused on save under BR with the rule and the
 * field; the players' reads leave bonus content out under BR; and a switch to BR is refused, each
 * item listed, while any of them is live. Without this change every save here succeeds, the banner
 * stays listed and the switch lists none of them.
 */
describeEachDatabase('the licence: no bonus, advance or deposit-conditioned reward', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let admin2: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    [admin, admin2] = await Promise.all([createTestOperator(t.app, 'admin'), createTestOperator(t.app, 'admin')]);
  }, 180_000);

  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(t.app, method, url, { token: admin.token, ...(payload === undefined ? {} : { payload }) });

  /** LICENCE_REFUSED (403) under BR naming the rule, its source and the field. */
  function expectRefused(res: Parameters<typeof expectFailure>[0], rule: string, field: string) {
    const refused = expectFailure(res, 'LICENCE_REFUSED', 403);
    expect(refused.value).toMatchObject({ rule, field, profile: 'BR', source: expect.stringContaining('14.790') });
    return refused.value as { word?: string };
  }

  const mission = (titlePt: string, steps: unknown[], status: 'draft' | 'live' = 'live') => ({
    cadence: 'daily',
    titlePt,
    titleEn: `${titlePt} (EN)`,
    status,
    rewardMinor: '100',
    steps,
    sortOrder: 0,
    reason: 'missions of the week',
  });
  const stake = { kind: 'stake', target: '1000' };
  const deposit = { kind: 'deposit', target: '5000' };

  const content = (kind: string, groupCode: string, pt: string, en: string, extra: Record<string, unknown> = {}) => ({
    kind,
    groupCode,
    sortOrder: 0,
    publishFrom: null,
    publishUntil: null,
    linkage: null,
    imageName: null,
    translations: { PT: { title: pt, bodyHtml: `<p>${pt}</p>` }, EN: { title: en, bodyHtml: `<p>${en}</p>` } },
    reason: 'site content',
    ...extra,
  });
  const saveContent = async (body: unknown) => valueOf<OpsContentItem>(await as('PUT', '/ops/content', body));
  const publish = async (id: string) =>
    valueOf<OpsContentItem>(await as('PUT', `/ops/content/${id}/status`, { status: 'published', reason: 'go live' }));
  async function bannerImage(): Promise<string> {
    const image = new PNG({ width: 600, height: 200 });
    image.data.fill(120);
    const dataUrl = `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
    return valueOf<ContentImage>(await as('POST', '/ops/content/images', { dataUrl })).name;
  }

  /** A promotion's participation: applications an operator reviews, paying `rewardKind` when approved. */
  const applications = (rewardKind: 'cash' | 'bonus') => ({
    mode: 'apply',
    period: 'once',
    startsAt: null,
    endsAt: null,
    rewardKind,
    rewardAmount: '500',
    reason: 'tell us your best play',
  });

  const drawAt = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  const raffle = (promotionId: string, title: string, prizes: { rewardKind: string; amount: string }[]) => ({
    promotionId,
    title,
    drawAt: drawAt(),
    prizes,
    reason: 'raffle of the month',
  });

  /** The VIP settings with level 1 changed (the default levels 0 and 2 ask deposits of 0 and 500). */
  async function vipWithLevel1(change: Record<string, string>): Promise<OpsVipSettings> {
    const settings = valueOf<OpsVipSettings>(await as('GET', '/ops/vip'));
    return { ...settings, levels: settings.levels.map((l, i) => (i === 1 ? { ...l, ...change } : l)) };
  }

  it('under BR a mission with a deposit step is refused on save and on going live; stake missions stay', async () => {
    const onlyDeposit = mission('Depósito do dia', [deposit], 'draft');
    const draft = valueOf<OpsMission>(await as('POST', '/ops/missions', onlyDeposit));
    await setLicence(t.app, 'BR');
    try {
      expectRefused(
        await as('POST', '/ops/missions', mission('Aposte e deposite', [stake, deposit])),
        'depositConditions',
        'steps.1.kind',
      );
      expectRefused(
        await as('POST', `/ops/missions/${draft.id}/status`, { status: 'live', reason: 'switch it on' }),
        'depositConditions',
        'steps.0.kind',
      );
      expectRefused(await as('PUT', `/ops/missions/${draft.id}`, onlyDeposit), 'depositConditions', 'steps.0.kind');
      const played = valueOf<OpsMission>(await as('POST', '/ops/missions', mission('Aposte R$ 10', [stake])));
      expect(played.status).toBe('live');
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('under BR a VIP level with a deposit threshold and a money bonus is refused; points, or money on turnover alone, stay', async () => {
    await setLicence(t.app, 'BR');
    try {
      const cashUpgrade = await vipWithLevel1({
        deposit: '100.00',
        upgradeBonusKind: 'cash',
        upgradeBonus: '10.00',
      });
      expectRefused(await as('PUT', '/ops/vip', cashUpgrade), 'depositConditions', 'levels.1.upgradeBonus');
      const cashMonthly = await vipWithLevel1({
        deposit: '100.00',
        upgradeBonusKind: 'points',
        upgradeBonus: '10',
        monthlyBonusKind: 'cash',
        monthlyBonus: '5.00',
      });
      expectRefused(await as('PUT', '/ops/vip', cashMonthly), 'depositConditions', 'levels.1.monthlyBonus');
      valueOf(
        await as(
          'PUT',
          '/ops/vip',
          await vipWithLevel1({
            deposit: '100.00',
            upgradeBonusKind: 'points',
            upgradeBonus: '10',
            monthlyBonusKind: 'points',
            monthlyBonus: '5',
          }),
        ),
      );
      const onTurnover = await vipWithLevel1({ deposit: '0.00', upgradeBonusKind: 'cash', upgradeBonus: '10.00' });
      const saved = valueOf<OpsVipSettings>(await as('PUT', '/ops/vip', onTurnover));
      expect(saved.levels[1]).toMatchObject({ upgradeBonusKind: 'cash' });
      expect(Number(saved.levels[1]!.deposit)).toBe(0);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('under BR a level_changed rule paying money is refused; one paying points stays', async () => {
    await setLicence(t.app, 'BR');
    try {
      const refused = expectFailure(
        await as('POST', '/ops/rewards/rules', {
          name: 'Subiu de nível',
          trigger: 'level_changed',
          reward: { kind: 'cash', amount: '500' },
        }),
        'REWARD_FORBIDDEN_BY_JURISDICTION',
        409,
      );
      expect(refused.value).toMatchObject({ reasons: ['LEVEL_CHANGE_MONEY_FORBIDDEN'], profile: 'BR' });
      valueOf(
        await as('POST', '/ops/rewards/rules', {
          name: 'Subiu de nível: pontos',
          trigger: 'level_changed',
          reward: { kind: 'points', amount: '500' },
        }),
      );
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('under BR a raffle with a bonus prize, or a promotion paying bonus money, is refused; cash and points stay', async () => {
    await setLicence(t.app, 'BR');
    try {
      const promotion = await saveContent(content('promotion', 'others', 'Sorteio do mês', 'Monthly draw'));
      expectRefused(
        await as(
          'POST',
          '/ops/raffles',
          raffle(promotion.id, 'Sorteio com bônus', [
            { rewardKind: 'cash', amount: '100' },
            { rewardKind: 'bonus', amount: '500' },
          ]),
        ),
        'forbiddenRewardKinds',
        'prizes.1.rewardKind',
      );
      const made = valueOf<Raffle>(
        await as(
          'POST',
          '/ops/raffles',
          raffle(promotion.id, 'Sorteio do mês', [
            { rewardKind: 'cash', amount: '100' },
            { rewardKind: 'points', amount: '500' },
          ]),
        ),
      );
      expect(made.status).toBe('open');
      const settings = `/ops/promo/settings/${promotion.id}`;
      expectRefused(await as('PUT', settings, applications('bonus')), 'forbiddenRewardKinds', 'rewardKind');
      valueOf(await as('PUT', settings, applications('cash')));
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('under BR content that offers a bonus is refused on save and on publishing, by its flag or its words, the terms included', async () => {
    const draft = await saveContent(content('announcement', 'PL', 'Cashback semanal', 'Weekly cashback'));
    await setLicence(t.app, 'BR');
    try {
      const title = expectRefused(
        await as('PUT', '/ops/content', content('promotion', 'others', 'Bônus de boas-vindas', 'Welcome offer')),
        'bonusAdvertising',
        'translations.PT.title',
      );
      expect(title.word).toBe('bonus');
      const body = content('promotion', 'others', 'Primeiro depósito', 'First deposit', {
        translations: {
          PT: { title: 'Primeiro depósito', bodyHtml: '<p>Jogue com responsabilidade.</p>' },
          EN: { title: 'First deposit', bodyHtml: '<p><strong>100% + R$ 500</strong> on your first deposit</p>' },
        },
      });
      const saved = await as('PUT', '/ops/content', body);
      const words = expectRefused(saved, 'bonusAdvertising', 'translations.EN.bodyHtml');
      expect(words.word).toBe('100% +');
      const flagged = content('promotion', 'others', 'Oferta da semana', 'Offer of the week', { bonusOffer: true });
      expectRefused(await as('PUT', '/ops/content', flagged), 'bonusAdvertising', 'bonusOffer');
      const terms = content('legal_page', 'terms', 'Termos e condições', 'Terms and conditions', {
        translations: {
          PT: { title: 'Termos e condições', bodyHtml: '<ul><li>Bônus têm regras próprias.</li></ul>' },
          EN: { title: 'Terms and conditions', bodyHtml: '<ul><li>Wagering rules apply.</li></ul>' },
        },
      });
      expectRefused(await as('PUT', '/ops/content', terms), 'bonusAdvertising', 'translations.PT.bodyHtml');
      // Written before the switch, it cannot be published under BR (stored words are read EN, PT).
      expectRefused(
        await as('PUT', `/ops/content/${draft.id}/status`, { status: 'published', reason: 'go live' }),
        'bonusAdvertising',
        'translations.EN.title',
      );
      // Words that name no bonus are content as any other.
      const plain = await saveContent(content('promotion', 'others', 'Torneio de slots', 'Slots tournament'));
      expect((await publish(plain.id)).status).toBe('published');
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('under BR the players’ lists leave out a bonus offer that got through, and show it again under the generic licence', async () => {
    await setLicence(t.app, 'BR');
    const imageName = await bannerImage();
    const banner = await saveContent(content('banner', 'w_home', 'Torneio semanal', 'Tournament', { imageName }));
    await publish(banner.id);
    const listed = async () => {
      const { list } = valueOf<{ list: Banner[] }>(await call(t.app, 'GET', '/wps/content/banners?group=w_home'));
      return list.map((b) => b.bannerId);
    };
    try {
      await expect.poll(listed, { timeout: 5_000 }).toContain(banner.id);
      // As if the flag were set behind the back office's back (or the words list grew since).
      await sql`UPDATE content_items SET bonus_offer = true WHERE id = ${banner.id}`.execute(t.database.db);
      t.app.services.content.evict();
      await expect.poll(listed, { timeout: 5_000 }).not.toContain(banner.id);
    } finally {
      await setLicence(t.app, 'permissive');
    }
    await expect.poll(listed, { timeout: 5_000 }).toContain(banner.id);
    // It stands in the way of the next switch (archived, it no longer does).
    valueOf(await as('PUT', `/ops/content/${banner.id}/status`, { status: 'archived', reason: 'offer over' }));
  });

  // Last: what it leaves live would refuse the switch of the tests above.
  it('a switch to BR is refused while a mission, a VIP level, a raffle, a rule or content breaks it, each listed', async () => {
    const missionLive = valueOf<OpsMission>(
      await as('POST', '/ops/missions', mission('Deposite R$ 50', [stake, deposit])),
    );
    expect(missionLive.status).toBe('live');
    valueOf(
      await as(
        'PUT',
        '/ops/vip',
        await vipWithLevel1({ labelName: 'Prata', deposit: '100.00', upgradeBonusKind: 'cash', upgradeBonus: '10.00' }),
      ),
    );

    const promotion = await saveContent(content('promotion', 'others', 'Sorteios', 'Draws'));
    valueOf(await as('PUT', `/ops/promo/settings/${promotion.id}`, applications('bonus')));
    const makeRaffle = async (title: string, rewardKind: string) =>
      valueOf<Raffle>(await as('POST', '/ops/raffles', raffle(promotion.id, title, [{ rewardKind, amount: '100' }])));
    const bonusPrize = await makeRaffle('Sorteio de bônus', 'bonus');
    const byDeposit = await makeRaffle('Sorteio por depósito', 'cash');
    expect([bonusPrize.status, byDeposit.status]).toEqual(['open', 'open']);
    const liveRule = async (payload: unknown) => {
      const rule = valueOf<{ id: string; version: number }>(await as('POST', '/ops/rewards/rules', payload));
      valueOf(await as('POST', `/ops/rewards/rules/${rule.id}/status`, { status: 'live', version: rule.version }));
      return rule.id;
    };
    const ticketRule = await liveRule({
      name: 'Um bilhete por depósito',
      trigger: 'deposit_credited',
      reward: { kind: 'raffle_ticket', amount: '1', params: { raffleId: byDeposit.id } },
    });
    const levelRule = await liveRule({
      name: 'Subiu de nível',
      trigger: 'level_changed',
      reward: { kind: 'cash', amount: '500' },
    });

    const imageName = await bannerImage();
    const offer = '100% + R$ 500 no primeiro depósito';
    const banner = await saveContent(content('banner', 'w_home', offer, 'Welcome', { imageName }));
    await publish(banner.id);
    const flagged = await saveContent(
      content('promotion', 'others', 'Oferta da semana', 'Offer of the week', { bonusOffer: true }),
    );
    // A bonus offer is published only with a live rule that pays it.
    valueOf(await as('PUT', `/ops/promo/reward-rules/${flagged.id}`, { ruleIds: [levelRule], reason: 'paid by it' }));
    await publish(flagged.id);

    const refused = expectFailure(
      await call(t.app, 'POST', '/ops/licence/changes', {
        token: admin.token,
        payload: { profile: 'BR', reason: 'licence granted by SPA/MF' },
      }),
      'LICENCE_SWITCH_BLOCKED',
      409,
    );
    const { blockers } = refused.value as { blockers: LicenceBlocker[] };
    expect(blockers).toEqual(
      expect.arrayContaining([
        { kind: 'mission', id: missionLive.id, label: 'Deposite R$ 50', rule: 'depositConditions' },
        { kind: 'vip_level', id: '1', label: 'Prata', rule: 'depositConditions' },
        { kind: 'raffle', id: bonusPrize.id, label: 'Sorteio de bônus', rule: 'forbiddenRewardKinds' },
        { kind: 'raffle', id: byDeposit.id, label: 'Sorteio por depósito', rule: 'forbiddenRewardTriggers' },
        { kind: 'promotion_settings', id: promotion.id, label: `#${promotion.id}`, rule: 'forbiddenRewardKinds' },
        { kind: 'reward_rule', id: ticketRule, label: 'Um bilhete por depósito', rule: 'forbiddenRewardTriggers' },
        { kind: 'reward_rule', id: levelRule, label: 'Subiu de nível', rule: 'moneyOnLevelChange' },
        { kind: 'content_banner', id: banner.id, label: offer, rule: 'bonusAdvertising' },
        { kind: 'content_promotion', id: flagged.id, label: 'Oferta da semana', rule: 'bonusAdvertising' },
      ]),
    );
    // The switch was not kept waiting; a second operator has nothing to approve.
    expect(
      valueOf<{ pending: unknown }>(await call(t.app, 'GET', '/ops/licence', { token: admin2.token })).pending,
    ).toBeNull();
  });
});
