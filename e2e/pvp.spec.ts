import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * PVP tables and the seamless-wallet lobby, on a development server that started the reference
 * vendor itself (its PVP vendor SBP lists its tables through the signed room-list call):
 * - /pvp: a player filters the tables by status and game, takes a seat at one, and the vendor's
 *   table opens in /game; back on /pvp the seat shows taken. The operator's switch (the vendor's
 *   status) takes the tables away and brings them back. PT, then EN; 360 and 1366 px, axe-clean.
 * - /seamless: the seamless-wallet vendors (no transfer vendor) with the chosen vendor's games,
 *   without the side menu.
 */

const SHOTS = path.join(ROOT, 'test-results', 'pvp');
const PASSWORD = 'Mesas2026pvp';

let server: ExtraServer;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('pvp', EXTRA_PORTS.pvp, {
    roles: ['support'],
    configure: disableRegisterCaptcha,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The operator's switch for the PVP vendor: its status in the back office's Games screen (audited). */
async function setPvpVendor(request: APIRequestContext, status: 'active' | 'disabled'): Promise<void> {
  const { username, password } = BACKOFFICE_OPERATORS.support;
  const token = await operatorLogin(request, server.baseURL, username, password);
  const res = await request.put(`${server.baseURL}/ops/vendors/SBP/status`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status, reason: 'e2e: PVP tables switch' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function tables(page: Page) {
  return page.getByRole('list', { name: /^(Mesas de cartas|Card tables)$/ });
}

function table(page: Page, name: string) {
  return tables(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('a player filters the PVP tables, takes a seat and the vendor table opens; the operator switch hides them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signedInNewPlayer(page, server.baseURL, { prefix: 'pv', password: PASSWORD, path: '/pvp' });
  await expect(page.getByRole('heading', { name: 'Mesas', level: 2 })).toBeVisible();
  await expect(table(page, 'Ipanema').getByText('Cheia')).toBeVisible();
  await expect(table(page, 'Ipanema').getByRole('button', { name: 'Sem lugar' })).toBeDisabled();
  await expect(table(page, 'Copacabana').getByText('R$ 0,50 / R$ 1,00')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pvp 1366');

  await page.getByLabel('Situação').selectOption('open');
  await expect(table(page, 'Ipanema')).toHaveCount(0);
  await page.getByLabel('Jogo', { exact: true }).selectOption({ label: 'Truco' });
  await expect(tables(page).getByRole('listitem')).toHaveCount(2);
  const paulista = table(page, 'Truco Paulista');
  await expect(paulista.getByTestId('pvp-seats')).toHaveText('1 de 4 ocupados · 3 livres');

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(paulista).toBeVisible();
  // The filters and tables fit the phone: none of them reaches past the screen's edge. Polled, as
  // the layout settles after the resize (the side menu folds away) a frame or two later.
  const widest = () =>
    page
      .getByTestId('pvp-rooms')
      .evaluate((el) =>
        Math.max(...[el, ...Array.from(el.querySelectorAll('*'))].map((e) => e.getBoundingClientRect().right)),
      );
  await expect.poll(widest).toBeLessThanOrEqual(360);
  await saveScreenshot(page, { path: path.join(SHOTS, 'pvp-360.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'pvp 360');

  await paulista.getByRole('button', { name: 'Sentar' }).click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('sandbox-room')).toHaveText('Truco Paulista');

  await page.goto(`${server.baseURL}/pvp`);
  await expect(table(page, 'Truco Paulista').getByTestId('pvp-seats')).toHaveText('2 de 4 ocupados · 2 livres');

  // The operator turns the PVP vendor off: no tables; back on, they return.
  await setPvpVendor(request, 'disabled');
  try {
    await page.reload();
    await expect(page.getByText('Nenhuma mesa corresponde a estes filtros.')).toBeVisible();
  } finally {
    await setPvpVendor(request, 'active');
  }

  // EN at 1366.
  await page.evaluate(() => {
    localStorage.setItem('lang', 'EN');
    localStorage.setItem('hisLang', 'EN');
  });
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tables', level: 2 })).toBeVisible();
  await expect(table(page, 'Truco Paulista').getByTestId('pvp-seats')).toHaveText('2 of 4 taken · 2 free');
  await expect(table(page, 'High Rollers').getByText('Playing')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pvp 1366 en');
});

test('/seamless lists the seamless-wallet vendors and the chosen vendor games, without the side menu', async ({
  page,
}) => {
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`${server.baseURL}/seamless`);
    await expect(page.getByRole('heading', { name: 'Jogos de carteira integrada', level: 1 })).toBeVisible();
    const vendors = page.getByRole('navigation', { name: 'Fornecedores de carteira integrada' });
    await expect(vendors.getByRole('link', { name: 'Sandbox Seamless' })).toBeVisible();
    await expect(vendors.getByRole('link', { name: 'Sandbox Transfer' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Menu principal' })).toHaveCount(0);
    await vendors.getByRole('link', { name: 'Sandbox Poker' }).click();
    await expect(page).toHaveURL(/\/seamless\?vassalage=SBP$/);
    await expect(page.getByRole('button', { name: "Jogar Texas Hold'em" })).toBeVisible();
    // The page fits the screen; the vendor tabs scroll inside their own row.
    const widest = await page
      .getByTestId('seamless-lobby')
      .evaluate((el) =>
        Math.max(...[el, ...Array.from(el.querySelectorAll(':scope > *'))].map((e) => e.getBoundingClientRect().right)),
      );
    expect(widest).toBeLessThanOrEqual(width);
    await saveScreenshot(page, { path: path.join(SHOTS, `seamless-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `seamless ${width}`);
  }
});
