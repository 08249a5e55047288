import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, signInOperator, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { makePng } from './support/png';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { FOUR_LOOKS, lookLabel, setLook, type Look } from './support/looks';
import { fieldLabel } from './support/setup';
import { scrolledFooter } from './support/footer';
import { saveScreenshot } from './support/screenshots';

/**
 * The storefront, as a visitor and a trial player use it, over content a marketing operator
 * published through the ops API: the home page (banner, game lanes, winners, the promotions strip,
 * the footer's affiliate block, licence line, payment and provider logos), a banner opening its
 * promotion, /promotions with category tabs, tag filters and #id anchors, /promoDetail, the
 * side menu's first three promotions, the registration page's new_player slider, the header's game
 * search by keyboard, the phones' tab bar, the DEMO label of a trial player with no deposit button,
 * and a promotion's tags written in the back office. axe at 360 and 1366 px in both themes and
 * languages, switched in the page (one load per screen): the home in all four looks, the other
 * screens in two (TWO_LOOKS).
 */

const SHOTS = path.join(ROOT, 'test-results', 'storefront');

/**
 * The looks of the screens besides the home: each width, theme and language once, ending on the
 * site's default (1366 px, dark, PT), in which the test goes on. The home is
 * checked in all four (FOUR_LOOKS), where each pair of them is seen; a screen's layout at 360 px
 * is page-width.spec.ts's.
 */
const TWO_LOOKS: readonly Look[] = [
  { width: 360, theme: 'light', language: 'EN' },
  { width: 1366, theme: 'dark', language: 'PT' },
];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ExtraServer;
let baseURL: string;
let token: string;
const ids: Record<'welcome' | 'spins' | 'cashback' | 'vip', string> = { welcome: '', spins: '', cashback: '', vip: '' };

type Envelope<T> = { success: boolean; value: T };

async function ops<T>(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown): Promise<T> {
  const response = await request.fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

type Item = {
  kind: string;
  groupCode: string;
  sortOrder?: number;
  tags?: string[];
  publishUntil?: string;
  linkage?: unknown;
  imageName?: string;
  pt: [string, string];
  en: [string, string];
};

async function publish(request: APIRequestContext, item: Item): Promise<string> {
  const created = await ops<{ id: string }>(request, 'PUT', '/ops/content', {
    kind: item.kind,
    groupCode: item.groupCode,
    sortOrder: item.sortOrder ?? 0,
    publishFrom: null,
    publishUntil: item.publishUntil ?? null,
    linkage: item.linkage ?? null,
    imageName: item.imageName ?? null,
    tags: item.tags ?? [],
    translations: { PT: { title: item.pt[0], bodyHtml: item.pt[1] }, EN: { title: item.en[0], bodyHtml: item.en[1] } },
    reason: 'storefront e2e',
  });
  await ops(request, 'PUT', `/ops/content/${created.id}/status`, { status: 'published', reason: 'go live' });
  return created.id;
}

const upload = (request: APIRequestContext, width: number, height: number, rgb: [number, number, number]) =>
  ops<{ name: string }>(request, 'POST', '/ops/content/images', {
    dataUrl: `data:image/png;base64,${makePng(width, height, rgb).toString('base64')}`,
  });

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  server = await startBackofficeServer('storefront', EXTRA_PORTS.storefront, { roles: ['marketing'] });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.marketing;
  token = await operatorLogin(request, baseURL, username, password);
  const [banner, promo, pix] = await Promise.all([
    upload(request, 1200, 400, [98, 66, 191]),
    upload(request, 600, 200, [0, 128, 128]),
    upload(request, 120, 40, [0, 170, 140]),
  ]);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  ids.welcome = await publish(request, {
    kind: 'promotion',
    groupCode: 'new_player',
    sortOrder: 1,
    tags: ['newbie', 'limited'],
    publishUntil: until,
    imageName: promo.name,
    pt: ['Bônus de boas-vindas', '<p>Deposite R$ 20 ou mais no primeiro dia.</p>'],
    en: ['Welcome bonus', '<p>Deposit R$ 20 or more on your first day.</p>'],
  });
  ids.spins = await publish(request, {
    kind: 'promotion',
    groupCode: 'slots',
    sortOrder: 2,
    tags: ['daily'],
    pt: ['Giros diários', '<p>Dez giros por dia.</p>'],
    en: ['Daily spins', '<p>Ten spins a day.</p>'],
  });
  ids.cashback = await publish(request, {
    kind: 'promotion',
    groupCode: 'rebate',
    sortOrder: 3,
    pt: ['Cashback semanal', '<p>5% toda segunda.</p>'],
    en: ['Weekly cashback', '<p>5% every Monday.</p>'],
  });
  ids.vip = await publish(request, {
    kind: 'promotion',
    groupCode: 'rebate',
    sortOrder: 4,
    tags: ['vip'],
    pt: ['Rebate VIP', '<p>Para o clube VIP.</p>'],
    en: ['VIP rebate', '<p>For the VIP club.</p>'],
  });
  await publish(request, {
    kind: 'banner',
    groupCode: 'w_home',
    imageName: banner.name,
    linkage: { type: 'promotion', target: ids.welcome },
    pt: ['Bônus para novos jogadores', ''],
    en: ['Bonus for new players', ''],
  });
  await publish(request, {
    kind: 'footer',
    groupCode: 'licence',
    linkage: { type: 'url', target: 'https://regulator.example/licence/123' },
    pt: ['Licença nº 123/2026', '<p>Loterias do Estado.</p>'],
    en: ['Licence no. 123/2026', '<p>State Lotteries.</p>'],
  });
  await publish(request, {
    kind: 'footer',
    groupCode: 'payment',
    imageName: pix.name,
    pt: ['PIX', ''],
    en: ['PIX', ''],
  });
  await publish(request, {
    kind: 'footer',
    groupCode: 'affiliate',
    linkage: { type: 'page', target: '/register' },
    pt: ['Ganhe indicando amigos', '<p>Comissão sobre cada indicado.</p>'],
    en: ['Earn by referring friends', '<p>Commission on every referral.</p>'],
  });
  await publish(request, {
    kind: 'footer',
    groupCode: 'ombudsman',
    linkage: { type: 'url', target: 'https://ouvidoria.example/' },
    pt: ['Ouvidoria', '<p>ouvidoria@exemplo.com.br · 0800 000 0000</p>'],
    en: ['Ombudsman', '<p>ouvidoria@exemplo.com.br · 0800 000 0000</p>'],
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function checkLook(page: Page, look: Look, name: string): Promise<void> {
  await setLook(page, look);
  await expectNoSeriousA11yViolations(page, `${name} ${lookLabel(look)}`);
  // What sticks out past the right edge, named, so a failure says where to look.
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && getComputedStyle(el).position !== 'fixed',
      )
      .filter(
        (el) =>
          !el.closest(
            '[style*="overflow"], .game-strip__list, .promotion-strip__list, .winners__list, .banner-strip__viewport, .tabs, .category-nav__measure',
          ),
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(wide, `${name}: no sideways scroll`).toEqual([]);
  if (look.language === 'PT')
    await saveScreenshot(page, {
      path: path.join(SHOTS, `${name}-${look.width}-${look.theme}.png`),
      fullPage: look.width === 1366,
    });
}

test('home: banner, game lanes, winners, promotions and the footer blocks, axe in four looks; the banner opens its promotion with the rules and the period', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/`);
  await expect(
    page.getByRole('region', { name: 'Destaques' }).getByRole('img', { name: 'Bônus para novos jogadores' }),
  ).toBeVisible();
  const hot = page.getByTestId('home-hot');
  await expect(hot.getByRole('button', { name: 'Jogar Lucky Fives' })).toBeVisible();
  // Lanes below the fold ask for their games when scrolled towards.
  const inhouse = page.getByTestId('home-inhouse');
  await inhouse.scrollIntoViewIfNeeded();
  await expect(inhouse.getByRole('heading', { name: 'Originais da casa' })).toBeVisible();
  await expect(inhouse.getByRole('button', { name: 'Jogar Provable Dice' })).toBeVisible();
  await expect(inhouse.getByRole('button', { name: 'Jogar Plinko' })).toBeVisible();
  await expect(inhouse.getByRole('link', { name: 'Ver tudo: Originais da casa' })).toHaveAttribute('href', '/inhouse');
  const slots = page.getByTestId('home-lane-rng');
  await slots.scrollIntoViewIfNeeded();
  await expect(slots.getByRole('button', { name: 'Jogar Lucky Fives' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Maiores ganhos' })).toBeVisible();
  const strip = page.getByRole('region', { name: 'Promoções', exact: true });
  await expect(strip.getByRole('link')).toHaveCount(5);
  await expect(strip.getByRole('link', { name: /Bônus de boas-vindas/ })).toHaveAttribute(
    'href',
    `/promotions#${ids.welcome}`,
  );

  const footer = await scrolledFooter(page);
  await footer.scrollIntoViewIfNeeded();
  const affiliate = footer.getByRole('region', { name: 'Ganhe indicando amigos' });
  await expect(affiliate).toContainText('Programa de afiliados');
  await expect(affiliate).toContainText('Comissão sobre cada indicado.');
  await expect(affiliate.getByRole('link', { name: 'Começar' })).toHaveAttribute('href', '/register');
  const licence = footer.getByRole('region', { name: 'Licença e regulador' });
  await expect(licence).toContainText('Licença nº 123/2026 Loterias do Estado.');
  await expect(licence.getByRole('link', { name: 'Ver a licença no site do regulador' })).toHaveAttribute(
    'href',
    'https://regulator.example/licence/123',
  );
  // The ombudsman's contacts (a Brazilian licence asks that they be shown).
  const ombudsman = footer.getByRole('region', { name: 'Ouvidoria' });
  await expect(ombudsman).toContainText('Ouvidoria ouvidoria@exemplo.com.br · 0800 000 0000');
  await expect(ombudsman.getByRole('link', { name: 'Falar com a ouvidoria' })).toHaveAttribute(
    'href',
    'https://ouvidoria.example/',
  );
  await expect(
    footer.getByRole('region', { name: 'Formas de pagamento' }).getByRole('img', { name: 'PIX' }),
  ).toBeVisible();
  await expect(
    footer.getByRole('region', { name: 'Provedores de jogos' }).getByRole('img', { name: 'In-house Games' }),
  ).toBeVisible();
  // No legal page is published on this server: the footer links none (each would open the 404
  // page), and the help centre, which always opens.
  await expect(footer.getByRole('link', { name: 'Central de ajuda', exact: true })).toBeVisible();
  for (const name of ['Termos de uso', 'Política de privacidade', 'Jogo responsável'])
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);

  for (const look of FOUR_LOOKS) await checkLook(page, look, 'home');

  // The banner, linked to a promotion, opens its page (the home is already loaded: no second load).
  await setLook(page, FOUR_LOOKS[0]!);
  await page
    .getByRole('region', { name: 'Destaques' })
    .getByRole('link', { name: 'Bônus para novos jogadores' })
    .click();
  await expect(page).toHaveURL(`${baseURL}/promoDetail?id=${ids.welcome}`);
  const article = page.getByRole('article', { name: 'Bônus de boas-vindas' });
  await expect(article.getByRole('heading', { level: 2, name: 'Sobre a promoção' })).toBeVisible();
  await expect(article).toContainText('Deposite R$ 20 ou mais no primeiro dia.');
  await expect(article).toContainText(/Até \d{2}\/\d{2}\/\d{4}/);
  await expect(article.getByRole('list', { name: 'Etiquetas' })).toContainText('Novato');
  for (const look of TWO_LOOKS) await checkLook(page, look, 'promo-detail');
  // An id that is not live is the site's 404 page.
  await page.goto(`${baseURL}/promoDetail?id=999999`);
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
});

test('home at rest: lanes below the fold hold their place without animating', async ({ page }) => {
  // Motion back on: under the suite's reduced motion every animation ends at once, so a shimmering
  // placeholder would pass unseen.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/`);
  await expect(page.getByTestId('home-hot').getByRole('button', { name: 'Jogar Lucky Fives' })).toBeVisible();
  // The lanes nobody has scrolled to are placeholders that do not shimmer: an idle page animates nothing.
  await expect(page.getByTestId('home-lane-rng').locator('.game-tile--skeleton').first()).toBeAttached();
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0);
});

test('/promotions: category tabs, tag filters, #id anchors, and the side menu first three', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/promotions`);
  const tabs = page.getByRole('tablist', { name: 'Categorias de promoção' }).getByRole('tab');
  await expect(tabs).toHaveText(['Todas', 'Slots', 'Rebate', 'Novatos']);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  await tabs.filter({ hasText: 'Rebate' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('group', { name: 'Filtrar por etiqueta' }).getByRole('button', { name: 'VIP' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Rebate VIP');
  // Keyboard: arrows move between the tabs.
  await tabs.filter({ hasText: 'Rebate' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.filter({ hasText: 'Novatos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Nenhuma promoção nesta categoria com essas etiquetas.')).toBeVisible();

  const menu = page.getByRole('complementary');
  const first = menu.getByRole('list', { name: 'Primeiras promoções' }).getByRole('link');
  await expect(first).toHaveCount(3);
  await expect(menu.getByRole('link', { name: 'Ver mais' })).toHaveAttribute('href', '/promotions');
  await first
    .filter({ hasText: 'Rebate VIP' })
    .or(first.filter({ hasText: 'Cashback semanal' }))
    .first()
    .click();
  await expect(page).toHaveURL(`${baseURL}/promotions#${ids.cashback}`);
  const target = page.locator(`[id="${ids.cashback}"]`);
  await expect(target).toBeInViewport();
  await expect(target).toHaveClass(/is-target/);
  await expect(cards).toHaveCount(4);

  await page.goto(`${baseURL}/promotions#${ids.vip}`);
  await expect(page.locator(`[id="${ids.vip}"]`)).toBeInViewport();
  for (const look of TWO_LOOKS) await checkLook(page, look, 'promotions');
  await page.getByRole('link', { name: 'Ver detalhes: Rebate VIP' }).click();
  await expect(page).toHaveURL(`${baseURL}/promoDetail?id=${ids.vip}`);
});

test('the registration page shows the new_player promotions', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/register`);
  const slider = page.getByRole('region', { name: 'Promoções para novos jogadores' });
  await expect(slider.getByRole('link', { name: /Bônus de boas-vindas/ })).toHaveAttribute(
    'href',
    `/promoDetail?id=${ids.welcome}`,
  );
  await expect(slider.getByText('Giros diários')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'register with promotions');
});

test('header search by keyboard: a visitor finds hot games and vendors, and is asked to log in to play', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Pesquisar jogos' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pesquisar jogos' });
  const input = dialog.getByRole('searchbox', { name: 'Nome do jogo ou do fornecedor' });
  await expect(input).toBeFocused();
  await page.keyboard.type('dice');
  await expect(dialog.getByRole('status')).toHaveText('2 resultados.');
  await expect(dialog.getByText('Entre para pesquisar todos os jogos', { exact: false })).toBeVisible();
  await input.fill('house');
  await expect(dialog.getByRole('button', { name: /^In-house Games/ })).toBeVisible();
  // Each look is set with the dialog closed (a click outside it would close it), then checked open.
  for (const look of TWO_LOOKS) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await setLook(page, look);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Pesquisar jogos|Search games)$/ })
      .click();
    await page.getByRole('dialog').getByRole('searchbox').fill('house');
    await expect(page.getByRole('dialog').getByRole('button', { name: /^In-house Games/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `search ${lookLabel(look)}`);
  }
  await page.keyboard.press('Escape');
  await setLook(page, { width: 1366, theme: 'dark', language: 'PT' });
  await page.getByRole('banner').getByRole('button', { name: 'Pesquisar jogos' }).click();
  await input.fill('provable');
  await expect(dialog.getByRole('status')).toHaveText('1 resultado.');
  await input.press('ArrowDown');
  const result = dialog.getByRole('button', { name: /Provable Dice/ });
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Entre na sua conta' })).toBeVisible();
});

test('phones: the bottom tab bar leads to promotions and asks a visitor to log in for the account', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto(`${baseURL}/`);
  const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
  await expect(bar.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('button', { name: 'Depositar' })).toBeVisible();
  await bar.getByRole('link', { name: 'Promoções' }).click();
  await expect(page).toHaveURL(`${baseURL}/promotions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Promoções' })).toBeVisible();
  // The last card is not hidden behind the bar.
  const last = page.getByRole('article').last();
  await last.scrollIntoViewIfNeeded();
  const [cardBottom, barTop] = await Promise.all([
    last.evaluate((el) => el.getBoundingClientRect().bottom),
    bar.evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(cardBottom).toBeLessThanOrEqual(barTop);
  await bar.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Entre na sua conta' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 860 });
  await expect(bar).toBeHidden();
});

test('a trial player: DEMO in the header, no deposit anywhere, the balance hidden and shown, no member centre; the search launches a game; signing out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto(`${baseURL}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Demo grátis' }).click();
  const header = page.getByRole('banner');
  await expect(header.getByText('DEMO', { exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Depositar' })).toHaveCount(0);
  const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
  await expect(bar.getByRole('button', { name: 'Conta' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Depositar' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Depositar' })).toHaveCount(0);

  await page.setViewportSize({ width: 1366, height: 860 });
  await expect(page.getByRole('button', { name: 'Depositar' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Sacar' })).toHaveCount(0);
  // The balance: hidden by its eye (and still hidden after a reload), shown, refreshed.
  const balance = page.getByTestId('header-balance');
  await expect(balance).toContainText('R$');
  await header.getByRole('button', { name: 'Ocultar saldo' }).click();
  await expect(balance).toHaveText('***');
  await page.reload();
  await expect(balance).toHaveText('***');
  await header.getByRole('button', { name: 'Mostrar saldo' }).click();
  await expect(balance).toContainText('R$');
  await header.getByRole('button', { name: 'Atualizar saldo' }).click();
  await expect(balance).toContainText('R$');
  // A trial account is told from the avatar menu that a real account is needed.
  await header.getByRole('button', { name: /Menu da conta/ }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Esta é uma conta de demonstração. Cadastre uma conta real para usar esta função.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await header.getByRole('button', { name: 'Pesquisar jogos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pesquisar jogos' });
  await dialog.getByRole('searchbox').fill('lucky');
  const result = dialog.getByRole('button', { name: /Lucky Fives/ });
  await expect(result).toBeVisible();
  await expect(dialog.getByText('Entre para pesquisar todos os jogos', { exact: false })).toHaveCount(0);
  await result.click();
  await expect(page).toHaveURL(/\/game$/);

  await header.getByRole('button', { name: /Menu da conta/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(header.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('merchantCode')])).toEqual([
    null,
    'demo',
  ]);
});

test('back office: a promotion written with tags shows them on /promotions', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInOperator(page, { baseURL, role: 'marketing', path: 'content?kind=promotion' });
  await page.getByRole('button', { name: 'Novo item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo item: promoção' });
  await dialog.getByLabel(fieldLabel('Grupo')).selectOption('sports');
  const tags = dialog.getByRole('group', { name: 'Etiquetas da promoção' });
  await tags.getByLabel('Oferta especial').check();
  await tags.getByLabel('Diária').check();
  await dialog.getByLabel(fieldLabel('Título (PT)')).fill('Aposta segura');
  await dialog.getByRole('tab', { name: /Inglês/ }).click();
  await dialog.getByLabel(fieldLabel('Título (EN)')).fill('Safe bet');
  await dialog.getByLabel(fieldLabel('Motivo da mudança')).fill('e2e: sports offer with tags');
  await expectNoSeriousA11yViolations(page, 'back-office promotion form with tags');
  await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /Aposta segura/ });
  await row.getByRole('button', { name: 'Publicar', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel('Motivo').fill('e2e: go live');
  await confirm.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(row.getByText('Publicado', { exact: true })).toBeVisible();

  await page.goto(`${baseURL}/promotions`);
  await page.getByRole('tab', { name: 'Esportes' }).click();
  const card = page.getByRole('article', { name: 'Aposta segura' });
  await expect(card.getByRole('list', { name: 'Etiquetas' }).getByRole('listitem')).toHaveText([
    'Oferta especial',
    'Diária',
  ]);
});
