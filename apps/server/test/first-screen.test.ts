/**
 * The home's first screen in index.html (http/index-page.ts): the server writes the first w_home
 * banner (a high-priority preload in the head and the picture in the shell) and the brand into the
 * page it serves, escaped; a home without banners gets neither picture nor preload; every other
 * page route gets no shell; and the page follows the content: a published, edited or unpublished
 * banner shows on the next request (the content answers' cache is dropped on every change).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ContentImage, OpsContentItem } from '@wps/shared/schemas/content';
import { renderFirstScreen } from '../src/http/index-page';
import { operatorToken } from '../src/modules/deposit/deposit.test-support';
import { call, valueOf } from './api-client';
import { createTestApp, type TestApp } from './test-app';

/** The shell as apps/web/index.html has it once built (build/first-screen.ts wrote the words). */
const INDEX =
  '<!doctype html><html><head><title>Site</title></head><body><div id="root"><!--first-screen--><div class="first-screen">' +
  '<!--first-screen:banner--><p class="first-screen__title">Jogue no <!--first-screen:brand--></p></div><!--/first-screen--></div></body></html>';

const PRELOAD = /<link rel="preload" as="image" href="([^"]*)" fetchpriority="high">/;

describe('renderFirstScreen', () => {
  const banner = { url: '/wps/content/images/a.png', width: 1200, height: 400, alt: 'Bônus' };

  it('escapes the alt text, the address and the brand for where they go', () => {
    const html = renderFirstScreen(INDEX, {
      banner: { ...banner, url: '/img/a.png?x="><script>', alt: '"><img src=x onerror=alert(1)>' },
      brandName: '<b>Lumen</b> & "Co"',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).toContain('alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('Jogue no &lt;b&gt;Lumen&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(PRELOAD.exec(html)?.[1]).toBe('/img/a.png?x=&quot;&gt;&lt;script&gt;');
  });

  it('leaves out a picture whose address is not a path or http(s)', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/a.png']) {
      const html = renderFirstScreen(INDEX, { banner: { ...banner, url }, brandName: 'Lumen' });
      expect(html, url).not.toMatch(PRELOAD);
      expect(html, url).not.toContain('<img');
    }
  });

  it('without a first screen (another page), drops the shell', () => {
    const html = renderFirstScreen(INDEX, null);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('the home page served with its first banner', () => {
  let t: TestApp;
  let marketing: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-first-screen-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    t = await createTestApp('pglite', { webDist: dist });
    marketing = await operatorToken(t, 'marketing');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url = '/') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  async function uploadImage(): Promise<ContentImage> {
    const image = new PNG({ width: 1200, height: 400 });
    image.data.fill(200);
    const dataUrl = `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
    return valueOf<ContentImage>(
      await call(t.app, 'POST', '/ops/content/images', { token: marketing, payload: { dataUrl } }),
    );
  }

  async function setStatus(id: string, status: 'published' | 'archived'): Promise<void> {
    valueOf(
      await call(t.app, 'PUT', `/ops/content/${id}/status`, {
        token: marketing,
        payload: { status, reason: 'first screen' },
      }),
    );
  }

  it('has no picture and no preload while the home has no banner, and the brand in the hero', async () => {
    const html = await page('/');
    expect(html).not.toMatch(PRELOAD);
    expect(html).not.toContain('<img');
    expect(html).toMatch(/Jogue no [^<]+<\/p>/);
  });

  it('preloads and draws the first banner on the home paths only, and follows each change', async () => {
    const image = await uploadImage();
    const item = valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: {
          kind: 'banner',
          groupCode: 'w_home',
          sortOrder: 0,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: image.name,
          translations: {
            PT: { title: 'Bônus <de> boas-vindas', bodyHtml: '' },
            EN: { title: 'Welcome <bonus>', bodyHtml: '' },
          },
          reason: 'first screen',
        },
      }),
    );
    // A draft is not on the page.
    expect(await page('/')).not.toMatch(PRELOAD);

    await setStatus(item.id, 'published');
    for (const url of ['/', '/home', '/index.html', '/login/']) {
      const html = await page(url);
      expect(PRELOAD.exec(html)?.[1], url).toBe(image.url);
      expect(html).toContain(`<img src="${image.url}" alt="Bônus &lt;de&gt; boas-vindas" width="1200" height="400"`);
    }
    // Another page: no shell at all (its page is not the home's).
    const other = await page('/promotions');
    expect(other).not.toMatch(PRELOAD);
    expect(other).toContain('<div id="root"></div>');

    await setStatus(item.id, 'archived');
    expect(await page('/')).not.toMatch(PRELOAD);
  });
});
