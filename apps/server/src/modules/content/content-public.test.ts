import { afterAll, beforeAll, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type {
  Announcement,
  Banner,
  ContentImage,
  HelpCenter,
  LiveContentItem,
  OpsContentItem,
} from '@wps/shared/schemas/content';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';

// What players read of the operator's content, through the public calls: a route's banners with
// their picture size, announcements newest first by page and type, a legal page, and the help
// centre with an accent-insensitive search; each in the Language header's language, falling back
// to the operator's default. Drafts and other routes' items never show.
describeEachDatabase('site content for players', (target) => {
  let t: TestApp;
  let marketing: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    marketing = await operatorToken(t, 'marketing');
  });
  afterAll(async () => {
    await t?.close();
  });

  const png = (width: number, height: number): Buffer => {
    const image = new PNG({ width, height });
    image.data.fill(200);
    return PNG.sync.write(image);
  };
  /** An item written and (unless `draft`) published by a marketing operator. */
  async function publish(
    kind: string,
    groupCode: string,
    pt: [string, string],
    en: [string, string] | null,
    extra: Record<string, unknown> = {},
    draft = false,
  ): Promise<OpsContentItem> {
    const translations: Record<string, unknown> = {
      PT: { title: pt[0], bodyHtml: pt[1] },
      EN: { title: (en ?? pt)[0], bodyHtml: (en ?? pt)[1] },
    };
    const body = {
      kind,
      groupCode,
      sortOrder: 0,
      publishFrom: null,
      publishUntil: null,
      linkage: null,
      imageName: null,
      translations,
      reason: 'content for players',
      ...extra,
    };
    const item = valueOf<OpsContentItem>(await call(t.app, 'PUT', '/ops/content', { token: marketing, payload: body }));
    if (!draft)
      valueOf(
        await call(t.app, 'PUT', `/ops/content/${item.id}/status`, {
          token: marketing,
          payload: { status: 'published', reason: 'go live' },
        }),
      );
    return item;
  }
  const get = <T>(url: string, language?: string) =>
    call(t.app, 'GET', url, language ? { headers: { language } } : {}).then((res) => valueOf<T>(res));

  it("lists a route's banners with their picture's size, in the player's language", async () => {
    const image = valueOf<ContentImage>(
      await call(t.app, 'POST', '/ops/content/images', {
        token: marketing,
        payload: { dataUrl: `data:image/png;base64,${png(1200, 400).toString('base64')}` },
      }),
    );
    const home = await publish('banner', 'w_home', ['Bônus', ''], ['Bonus', ''], {
      imageName: image.name,
      sortOrder: 2,
      linkage: { type: 'page', target: '/promotions' },
    });
    const first = await publish('banner', 'w_home', ['Primeiro', ''], ['First', ''], {
      imageName: image.name,
      sortOrder: 1,
    });
    await publish('banner', 'w_live', ['Ao vivo', ''], null, { imageName: image.name });
    await publish('banner', 'w_home', ['Rascunho', ''], null, { imageName: image.name }, true);

    const { list } = await get<{ list: Banner[] }>('/wps/content/banners?group=w_home', 'EN');
    expect(list.map((b) => [b.bannerId, b.title])).toEqual([
      [first.id, 'First'],
      [home.id, 'Bonus'],
    ]);
    expect(list[1]).toMatchObject({
      groupName: 'w_home',
      url: image.url,
      width: 1200,
      height: 400,
      linkageType: 'page',
      linkageTarget: '/promotions',
    });
    expect(
      (await get<{ list: Banner[] }>('/wps/content/banners?group=w_home', 'PT-BR')).list.map((b) => b.title),
    ).toEqual(['Primeiro', 'Bônus']);
    expect((await get<{ list: Banner[] }>('/wps/content/banners?group=w_home')).list.map((b) => b.title)).toEqual([
      'Primeiro',
      'Bônus',
    ]);
    expectFailure(await call(t.app, 'GET', '/wps/content/banners?group=w_nowhere'), 'VALIDATION_FAILED', 400);
  });

  it("gives a game banner its game's vendor, which the launch needs; a game that is gone leaves no link", async () => {
    const image = valueOf<ContentImage>(
      await call(t.app, 'POST', '/ops/content/images', {
        token: marketing,
        payload: { dataUrl: `data:image/png;base64,${png(1200, 400).toString('base64')}` },
      }),
    );
    await publish('banner', 'w_rng', ['Lanterna', ''], ['Lantern', ''], {
      imageName: image.name,
      sortOrder: 1,
      linkage: { type: 'game', target: 'SBX-slot-01' },
    });
    await publish('banner', 'w_rng', ['Sumiu', ''], ['Gone', ''], {
      imageName: image.name,
      sortOrder: 2,
      linkage: { type: 'game', target: 'NOPE-slot-99' },
    });
    const { list } = await get<{ list: Banner[] }>('/wps/content/banners?group=w_rng', 'EN');
    expect(list.map((b) => [b.title, b.linkageType, b.linkageTarget, b.linkageVendor])).toEqual([
      ['Lantern', 'game', 'SBX-slot-01', 'SBX'],
      ['Gone', null, null, null],
    ]);
  });

  it('pages announcements newest first, by type, in the player language', async () => {
    const published: OpsContentItem[] = [];
    for (const [type, n] of [
      ['B', 1],
      ['PU', 2],
      ['B', 3],
    ] as const) {
      published.push(
        await publish('announcement', type, [`Aviso ${n}`, `<p>Texto ${n}</p>`], [`Notice ${n}`, `<p>Text ${n}</p>`]),
      );
    }
    const post = (payload: Record<string, unknown>, language = 'EN') =>
      call(t.app, 'POST', '/wps/relay/MCSFE_getListAnnouncements', { payload, headers: { language } }).then((res) =>
        valueOf<{ list: Announcement[]; total: number; totalPages: number }>(res),
      );
    const page1 = await post({ pageNo: 1, pageSize: 2 });
    expect(page1).toMatchObject({ total: 3, totalPages: 2 });
    expect(page1.list.map((a) => a.title)).toEqual(['Notice 3', 'Notice 2']);
    expect((await post({ pageNo: 2, pageSize: 2 })).list.map((a) => [a.title, a.type, a.content])).toEqual([
      ['Notice 1', 'B', '<p>Text 1</p>'],
    ]);
    expect((await post({ type: 'B' }, 'PT')).list.map((a) => a.title)).toEqual(['Aviso 3', 'Aviso 1']);
    expect((await post({ type: 'PR' })).list).toEqual([]);
  });

  it('serves a published legal page and 404s one that is not', async () => {
    // The footer links only to the pages this list names.
    const published = async () => (await get<{ list: string[] }>('/wps/content/pages', 'PT')).list;
    expect(await published()).not.toContain('terms');
    await publish(
      'legal_page',
      'terms',
      ['Termos de uso', '<h2>1. Conta</h2><p>Maiores de 18.</p>'],
      ['Terms of use', '<h2>1. Account</h2><p>Over 18 only.</p>'],
    );
    expect(await get<LiveContentItem>('/wps/content/pages/terms', 'EN')).toMatchObject({
      title: 'Terms of use',
      bodyHtml: '<h2>1. Account</h2><p>Over 18 only.</p>',
    });
    expectFailure(await call(t.app, 'GET', '/wps/content/pages/privacy'), 'CONTENT_NOT_FOUND', 404);
    expectFailure(await call(t.app, 'GET', '/wps/content/pages/secrets'), 'VALIDATION_FAILED', 400);
    expect(await published()).toContain('terms');
    expect(await published()).not.toContain('privacy');
  });

  it('groups help articles by category and finds them without accents or case', async () => {
    await publish(
      'help_article',
      'deposit',
      ['Como fazer um depósito', '<p>Escolha o <strong>PIX</strong>.</p>'],
      ['How to deposit', '<p>Choose PIX.</p>'],
    );
    await publish(
      'help_article',
      'withdrawal',
      ['Prazo do saque', '<p>Até 30 minutos.</p>'],
      ['Withdrawal times', '<p>Up to 30 minutes.</p>'],
    );
    const all = await get<HelpCenter>('/wps/system/helpCenter', 'PT');
    expect(all.categories.map((c) => [c.code, c.articles.map((a) => a.title)])).toEqual([
      ['deposit', ['Como fazer um depósito']],
      ['withdrawal', ['Prazo do saque']],
    ]);
    expect((await get<HelpCenter>('/wps/system/helpCenter?q=DEPOSITO', 'PT')).categories.map((c) => c.code)).toEqual([
      'deposit',
    ]);
    expect((await get<HelpCenter>('/wps/system/helpCenter?q=pix', 'PT')).categories.map((c) => c.code)).toEqual([
      'deposit',
    ]);
    expect((await get<HelpCenter>('/wps/system/helpCenter?q=minutes', 'EN')).categories.map((c) => c.code)).toEqual([
      'withdrawal',
    ]);
    expect((await get<HelpCenter>('/wps/system/helpCenter?q=strong', 'PT')).categories).toEqual([]);
  });

  it('lists live promotions with their category, tags and period; a category filters them', async () => {
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const welcome = await publish(
      'promotion',
      'new_player',
      ['Bônus de boas-vindas', '<p>Regras: depósito mínimo R$ 20.</p>'],
      ['Welcome bonus', '<p>Rules: minimum deposit R$ 20.</p>'],
      { tags: ['newbie', 'limited'], publishUntil: until, sortOrder: 1 },
    );
    await publish('promotion', 'slots', ['Giros grátis', '<p>Todo dia.</p>'], ['Free spins', '<p>Every day.</p>'], {
      tags: ['daily'],
    });
    await publish('promotion', 'slots', ['Rascunho', ''], null, {}, true);
    await publish('promotion', 'sports', ['Futuro', ''], null, {
      publishFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });

    const { list } = await get<{ list: LiveContentItem[] }>('/wps/content/promotions', 'EN');
    expect(list.map((p) => [p.groupCode, p.title, p.tags])).toEqual([
      ['new_player', 'Welcome bonus', ['newbie', 'limited']],
      ['slots', 'Free spins', ['daily']],
    ]);
    expect(list[0]).toMatchObject({
      id: welcome.id,
      bodyHtml: '<p>Rules: minimum deposit R$ 20.</p>',
      publishFrom: null,
      publishUntil: until,
    });
    expect(
      (await get<{ list: LiveContentItem[] }>('/wps/content/promotions?category=new_player', 'PT')).list.map(
        (p) => p.title,
      ),
    ).toEqual(['Bônus de boas-vindas']);
    expectFailure(await call(t.app, 'GET', '/wps/content/promotions?category=casino'), 'VALIDATION_FAILED', 400);
  });

  it("serves the footer's blocks; tags only on promotions, a payment logo only with its picture", async () => {
    const image = valueOf<ContentImage>(
      await call(t.app, 'POST', '/ops/content/images', {
        token: marketing,
        payload: { dataUrl: `data:image/png;base64,${png(120, 40).toString('base64')}` },
      }),
    );
    await publish(
      'footer',
      'licence',
      ['Licença nº 123 — Loterias do Estado', ''],
      ['Licence no. 123 — State Lotteries', ''],
      { linkage: { type: 'url', target: 'https://regulator.example/123' } },
    );
    await publish('footer', 'payment', ['PIX', ''], null, { imageName: image.name });
    const { list } = await get<{ list: LiveContentItem[] }>('/wps/content/footer', 'EN');
    expect(list.map((item) => [item.groupCode, item.title])).toEqual([
      ['licence', 'Licence no. 123 — State Lotteries'],
      ['payment', 'PIX'],
    ]);
    expect(list[0]!.linkage).toEqual({ type: 'url', target: 'https://regulator.example/123' });
    expect(list[1]!.image).toMatchObject({ width: 120, height: 40 });

    const body = {
      kind: 'footer',
      groupCode: 'payment',
      sortOrder: 0,
      publishFrom: null,
      publishUntil: null,
      linkage: null,
      imageName: null,
      translations: { PT: { title: 'Boleto', bodyHtml: '' }, EN: { title: 'Boleto', bodyHtml: '' } },
      reason: 'a payment logo',
    };
    const noPicture = expectFailure(
      await call(t.app, 'PUT', '/ops/content', { token: marketing, payload: body }),
      'VALIDATION_FAILED',
      400,
    );
    expect(JSON.stringify(noPicture)).toContain('imageName');
    const tagged = expectFailure(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: { ...body, groupCode: 'licence', tags: ['vip'] },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expect(JSON.stringify(tagged)).toContain('tags');
    expectFailure(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: { ...body, kind: 'promotion', groupCode: 'slots', tags: ['vip', 'vip'] },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: { ...body, kind: 'promotion', groupCode: 'slots', tags: ['hot'] },
      }),
      'VALIDATION_FAILED',
      400,
    );
  });
});
