import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { FOUR_LOOKS, fitsWidth, lookLabel, setLook, viewportOf, writeStoredLook, type Look } from './support/looks';
import { makePng } from './support/png';
import { scrolledFooter } from './support/footer';
import { saveScreenshot } from './support/screenshots';

/**
 * The operator's content on the player site, written and published through the ops API by a
 * marketing operator: the banner strip (home's slider with dots, one slide elsewhere, a banner's
 * linkage), the legal pages (sanitised HTML, the 404 page until published, the footer's links) and
 * the help centre's search.
 */

const SHOTS = path.join(ROOT, 'test-results', 'content');

test.describe.configure({ mode: 'serial' });

let server: ExtraServer;
let baseURL: string;

type Envelope<T> = { success: boolean; value: T };

async function opsCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/** A 1200×400 PNG of one colour (each colour is its own upload). */
function pngDataUrl(rgb: [number, number, number]): string {
  return `data:image/png;base64,${makePng(1200, 400, rgb).toString('base64')}`;
}

type Item = {
  kind: string;
  groupCode: string;
  sortOrder?: number;
  linkage?: unknown;
  imageName?: string | null;
  pt: [string, string];
  en: [string, string];
};

async function publish(request: APIRequestContext, token: string, item: Item): Promise<void> {
  const body = {
    kind: item.kind,
    groupCode: item.groupCode,
    sortOrder: item.sortOrder ?? 0,
    publishFrom: null,
    publishUntil: null,
    linkage: item.linkage ?? null,
    imageName: item.imageName ?? null,
    translations: { PT: { title: item.pt[0], bodyHtml: item.pt[1] }, EN: { title: item.en[0], bodyHtml: item.en[1] } },
    reason: 'content for the e2e suite',
  };
  const created = await opsCall<{ id: string }>(request, token, 'PUT', '/ops/content', body);
  await opsCall(request, token, 'PUT', `/ops/content/${created.id}/status`, { status: 'published', reason: 'go live' });
}

test.beforeAll(async ({ request }) => {
  // Starting a server and publishing its content can outlast the default minute on a busy machine.
  test.setTimeout(180_000);
  server = await startBackofficeServer('content', EXTRA_PORTS.content, { roles: ['marketing'] });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.marketing;
  const token = await operatorLogin(request, baseURL, username, password);
  const upload = (rgb: [number, number, number]) =>
    opsCall<{ name: string }>(request, token, 'POST', '/ops/content/images', { dataUrl: pngDataUrl(rgb) });
  const [violet, teal, amber] = await Promise.all([
    upload([98, 66, 191]),
    upload([0, 128, 128]),
    upload([200, 140, 0]),
  ]);
  await publish(request, token, {
    kind: 'banner',
    groupCode: 'w_home',
    sortOrder: 1,
    imageName: violet.name,
    linkage: { type: 'page', target: '/rng' },
    pt: ['Jogos RNG em destaque', ''],
    en: ['Featured RNG games', ''],
  });
  await publish(request, token, {
    kind: 'banner',
    groupCode: 'w_home',
    sortOrder: 2,
    imageName: teal.name,
    pt: ['Bônus de boas-vindas', ''],
    en: ['Welcome bonus', ''],
  });
  await publish(request, token, {
    kind: 'banner',
    groupCode: 'w_live',
    imageName: amber.name,
    pt: ['Cassino ao vivo', ''],
    en: ['Live casino', ''],
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Open a page of the content server in a theme and language, at a width. */
async function open(
  page: Page,
  url: string,
  {
    width = 1366,
    theme = 'dark',
    language = 'PT',
  }: { width?: number; theme?: 'dark' | 'light'; language?: 'PT' | 'EN' } = {},
) {
  await page.addInitScript(writeStoredLook, [theme, language] as const);
  await page.setViewportSize(viewportOf(width));
  await page.goto(`${baseURL}${url}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

const strip = (page: Page) => page.getByRole('region', { name: /^(Destaques|Featured)$/ });

test('home: a centred slider with two dots; a dot changes the slide; a banner with a page linkage opens it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  const dots = strip(page).getByRole('button', { name: /^Mostrar banner \d de 2$/ });
  await expect(dots).toHaveCount(2);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  const first = strip(page).getByRole('img', { name: 'Jogos RNG em destaque' });
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).not.toHaveAttribute('loading', 'lazy');
  await expect(strip(page).getByRole('img', { name: 'Bônus de boas-vindas' })).toHaveAttribute('loading', 'lazy');
  await saveScreenshot(page, { path: path.join(SHOTS, 'home-banners-1366.png') });

  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'true');
  await dots.nth(0).click();
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

  await strip(page).getByRole('link', { name: 'Jogos RNG em destaque' }).click();
  await expect(page).toHaveURL(`${baseURL}/rng`);
  // /rng has no banners: no strip, no empty box.
  await expect(strip(page)).toHaveCount(0);
});

test('home: the slider moves by itself every 5 s when motion is allowed', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await open(page, '/');
  const dots = strip(page).getByRole('button', { name: /^Mostrar banner \d de 2$/ });
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.mouse.move(0, 0);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 9_000 });
});

test('a page with one banner shows one slide, without dots', async ({ page }) => {
  await open(page, '/live', { width: 360 });
  await expect(strip(page).getByRole('img', { name: 'Cassino ao vivo' })).toBeVisible();
  await expect(strip(page).getByRole('img')).toHaveCount(1);
  await expect(strip(page).getByRole('button')).toHaveCount(0);
});

/**
 * Open `url` once, then switch it to each of the four looks in the page (support/looks.ts) and
 * `check` it there: one load for the screen, not one per look.
 */
async function inFourLooks(
  page: Page,
  url: string,
  check: (look: Look, label: string) => Promise<void>,
): Promise<void> {
  await open(page, url);
  for (const look of FOUR_LOOKS) {
    await setLook(page, look);
    await check(look, lookLabel(look));
  }
}

test('home with banners: axe-clean at 360 and 1366 px, both themes, PT and EN', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await inFourLooks(page, '/', async ({ width, theme, language }, label) => {
    await expect(strip(page).getByRole('button'), label).toHaveCount(2);
    await expect(strip(page).getByRole('img').first(), label).toBeVisible();
    await expectNoSeriousA11yViolations(page, `home banners ${label}`);
    expect(await fitsWidth(page), `home fits ${label}`).toBe(true);
    await saveScreenshot(page, { path: path.join(SHOTS, `home-${theme}-${language}-${width}.png`) });
  });
});

test.describe('legal pages', () => {
  test.beforeAll(async ({ request }) => {
    const { username, password } = BACKOFFICE_OPERATORS.marketing;
    const token = await operatorLogin(request, baseURL, username, password);
    const html = (words: string) =>
      `<h2>1. ${words}</h2><p>${words}.</p><script>window.__contentXss = 'script'</script><img src="x" onerror="window.__contentXss = 'onerror'">`;
    await publish(request, token, {
      kind: 'legal_page',
      groupCode: 'terms',
      pt: ['Termos de uso', html('Apenas maiores de 18 anos')],
      en: ['Terms of use', html('Over 18 only')],
    });
  });

  test('/terms shows the text without running its script; the footer and the consent line link to it', async ({
    page,
  }) => {
    await open(page, '/');
    await (await scrolledFooter(page)).getByRole('link', { name: 'Termos de uso' }).click();
    await expect(page).toHaveURL(`${baseURL}/terms`);
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Apenas maiores de 18 anos.');
    await expect(page.locator('main script')).toHaveCount(0);
    await expect(page.locator('main [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __contentXss?: string }).__contentXss)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'terms');
    await saveScreenshot(page, { path: path.join(SHOTS, 'terms-1366.png') });

    await page.goto(`${baseURL}/register`);
    const consent = page.getByRole('link', { name: 'Termos e Condições' });
    await expect(consent).toHaveAttribute('href', '/terms');
    await expect(consent).toHaveAttribute('target', '_blank');
  });

  test('/privacy, not published, shows the 404 page; EN texts on /terms', async ({ page }) => {
    await open(page, '/privacy', { width: 360 });
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await open(page, '/terms', { width: 360, language: 'EN' });
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    // The footer links the published page, not the one that would open the 404 page.
    const footer = await scrolledFooter(page);
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveCount(0);
  });
});

test.describe('help centre', () => {
  test.beforeAll(async ({ request }) => {
    const { username, password } = BACKOFFICE_OPERATORS.marketing;
    const token = await operatorLogin(request, baseURL, username, password);
    await publish(request, token, {
      kind: 'help_article',
      groupCode: 'deposit',
      pt: ['Como fazer um depósito', '<p>Escolha o <strong>PIX</strong>.</p>'],
      en: ['How to deposit', '<p>Choose PIX.</p>'],
    });
    await publish(request, token, {
      kind: 'help_article',
      groupCode: 'withdrawal',
      pt: ['Prazo do saque', '<p>Até 30 minutos.</p>'],
      en: ['Withdrawal times', '<p>Up to 30 minutes.</p>'],
    });
  });

  test('/help lists articles by category, opens one, finds one by a word without accents, says when nothing matches', async ({
    page,
  }) => {
    await open(page, '/');
    await (await scrolledFooter(page)).getByRole('link', { name: 'Central de ajuda' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Central de ajuda' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Depósitos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Saques' })).toBeVisible();

    const article = page.getByRole('group').filter({ hasText: 'Como fazer um depósito' });
    await expect(page.getByText('Escolha o PIX.')).toBeHidden();
    await page.getByText('Como fazer um depósito').click();
    await expect(page.getByText('Escolha o PIX.')).toBeVisible();
    await expect(article).toHaveAttribute('open', '');

    const search = page.getByRole('searchbox', { name: 'Pesquisar na central de ajuda' });
    await search.fill('deposito');
    await expect(page.getByText('Prazo do saque')).toBeHidden();
    await expect(page.getByText('Como fazer um depósito')).toBeVisible();

    await search.fill('xyzzy');
    await expect(page.getByText('Nenhum artigo corresponde a “xyzzy”. Tente outras palavras.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
    await expect(page.getByText('Prazo do saque')).toBeVisible();
  });

  test('/help: axe-clean at 360 and 1366 px, both themes, PT and EN', async ({ page }) => {
    await inFourLooks(page, '/help', async ({ width, theme, language }, label) => {
      const summary = page.getByText(language === 'PT' ? 'Prazo do saque' : 'Withdrawal times');
      const answer = page.getByText(language === 'PT' ? 'Até 30 minutos.' : 'Up to 30 minutes.');
      await summary.click();
      await expect(answer, label).toBeVisible();
      await expectNoSeriousA11yViolations(page, `help ${label}`);
      expect(await fitsWidth(page), `help fits ${label}`).toBe(true);
      await saveScreenshot(page, { path: path.join(SHOTS, `help-${theme}-${language}-${width}.png`) });
      // Closed again, so the next look opens it as this one did.
      await summary.click();
      await expect(answer, label).toBeHidden();
    });
  });
});
