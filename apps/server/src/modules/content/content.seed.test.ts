import { afterAll, beforeAll, expect, it } from 'vitest';
import { licenceRules } from '@wps/shared/licence';
import type { Announcement, Banner, HelpCenter, LiveContentItem } from '@wps/shared/schemas/content';
import { call, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { seedDemoContent } from './content.seed';
import { DEMO_BANNERS, DEMO_HELP, DEMO_PROMOTIONS } from './content.seed-data';

// The demo operator's content, as a newcomer's first `npm start` writes it: read back through the
// players' calls in both languages, every banner's picture served, and every promotion banner
// pointing at a live promotion.
describeEachDatabase('demo site content', (target) => {
  let t: TestApp;
  let written: number;
  beforeAll(async () => {
    t = await createTestApp(target);
    written = await seedDemoContent(t.app.services.content, licenceRules('permissive'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = <T>(url: string, language: string) =>
    call(t.app, 'GET', url, { headers: { language } }).then((res) => valueOf<T>(res));

  it('publishes promotions, banners linked to them, announcements, help and the legal pages in PT and EN', async () => {
    expect(written).toBe(DEMO_PROMOTIONS.length + DEMO_BANNERS.length + 3 + DEMO_HELP.length + 3 + 1);
    const promotions = (await get<{ list: LiveContentItem[] }>('/wps/content/promotions', 'EN')).list;
    expect(promotions.map((p) => p.groupCode).sort()).toEqual(DEMO_PROMOTIONS.map((p) => p.category).sort());
    expect(promotions.every((p) => p.image !== null && p.bodyHtml.includes('<p>'))).toBe(true);
    expect(promotions.find((p) => p.groupCode === 'new_player')?.tags).toEqual(['newbie']);

    const home = (await get<{ list: Banner[] }>('/wps/content/banners?group=w_home', 'PT')).list;
    expect(home.length).toBe(DEMO_BANNERS.filter((b) => b.group === 'w_home').length);
    expect(home[0]).toMatchObject({
      title: 'Bônus de boas-vindas de 100%',
      width: 1200,
      height: 400,
      linkageType: 'promotion',
    });
    const promotionIds = new Set(promotions.map((p) => p.id));
    for (const banner of home) {
      if (banner.linkageType === 'promotion') expect(promotionIds.has(banner.linkageTarget!)).toBe(true);
      else expect(banner).toMatchObject({ linkageType: 'page', linkageTarget: '/inhouse' });
      const picture = await call(t.app, 'GET', banner.url);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }

    const announcements = await call(t.app, 'POST', '/wps/relay/MCSFE_getListAnnouncements', {
      headers: { language: 'EN' },
      payload: { pageNo: 1, pageSize: 9 },
    });
    expect(valueOf<{ list: Announcement[] }>(announcements).list.map((a) => a.title)).toContain(
      'Welcome to the demo site',
    );
    const help = await get<HelpCenter>('/wps/system/helpCenter?q=senha', 'PT');
    expect(help.categories.flatMap((c) => c.articles.map((a) => a.title)).sort()).toEqual([
      'Esqueci a minha senha',
      'Por que preciso de uma senha de pagamento?',
    ]);
    for (const page of ['terms', 'privacy', 'responsible_gaming']) {
      expect((await get<LiveContentItem>(`/wps/content/pages/${page}`, 'EN')).bodyHtml).toMatch(/<h2>|<p>/);
    }
    expect((await get<LiveContentItem>('/wps/content/pages/terms', 'PT')).title).toBe('Termos e condições');
    // The ombudsman's contacts, a footer block every page shows.
    const footer = await get<{ list: LiveContentItem[] }>('/wps/content/footer', 'PT');
    expect(footer.list.filter((i) => i.groupCode === 'ombudsman').map((i) => i.title)).toEqual(['Ouvidoria']);
  });
});
