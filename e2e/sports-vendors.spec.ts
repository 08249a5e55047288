import path from 'node:path';
import { expect, test } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { createFinanceOperator, disableRegisterCaptcha, openSignedIn, registerThroughApi } from './support/setup';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * Sports, e-sports and cockfight through the reference vendor, on a server that started it itself
 * (development start): /sports lists its event vendors (the sports one, and the e-sports and
 * cockfight groups that belong to sports); the football vendor's card opens its game, the stake on
 * the vendor's page goes through the seamless wallet, and both the game's balance and the site's
 * header follow. PT; 1366 and 360 px, axe-clean on the sports page and the game page.
 */

const SHOTS = path.join(ROOT, 'test-results', 'sports-vendors');
const OPERATOR = { username: 'e2e.sports.finance', password: 'sports-e2e-pass-2026' };

let server: ExtraServer;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer('sports-vendors', EXTRA_PORTS.sportsVendors, (dataDir) => {
    disableRegisterCaptcha(dataDir);
    createFinanceOperator(dataDir, OPERATOR.username, OPERATOR.password);
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** "45,00" for 4500 minor units: the site's PT money. */
const ptMoney = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');

test('a player finds the sandbox vendors on /sports, stakes on a football match and sees the balance move', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, server.baseURL, { prefix: 'sp', password: 'Lumen2024play' });
  await depositConfirmed({ request, baseURL: server.baseURL, token }, OPERATOR, '50');
  await page.setViewportSize({ width: 1366, height: 860 });
  await openSignedIn(page, server.baseURL, token, '/sports');
  await expect(page.getByRole('heading', { name: 'Esportes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*50,00/);
  const vendors = page.getByRole('list', { name: 'Fornecedores' });
  for (const name of ['Sandbox Sports', 'Sandbox Esports', 'Sandbox Cockfight'])
    await expect(vendors.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sports 1366');
  await saveScreenshot(page, { path: path.join(SHOTS, 'sports-1366.png'), fullPage: true });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(vendors.getByRole('button', { name: /Sandbox Sports/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sports 360');

  await page.setViewportSize({ width: 1366, height: 860 });
  await vendors.getByRole('button', { name: /Sandbox Sports/ }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox Sports' })
    .getByRole('button', { name: 'Jogar Football Match 1X2' })
    .click();
  await expect(page).toHaveURL(/\/game$/);

  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByRole('heading', { name: 'Futebol · Resultado final (1X2)', level: 1 })).toBeVisible();
  await expect(frame.getByTestId('sandbox-balance')).toHaveText('50.00 BRL');
  await expect(frame.getByTestId('sandbox-event')).toContainText(' × ');
  const match = (await frame.getByTestId('sandbox-event').textContent())!;
  await frame.getByRole('radio', { name: /^Casa \(1\) · .+ · 2,11$/ }).check();
  await frame.getByLabel('Valor').selectOption({ label: '5.00 BRL' });
  await frame.getByRole('button', { name: 'Apostar' }).click();
  const result = frame.getByTestId('sandbox-result');
  // The result names the match staked on (the page already shows the next one).
  await expect(result).toContainText(
    new RegExp(`^Resultado — ${match}: (Casa \\(1\\)|Empate \\(X\\)|Fora \\(2\\)) · `),
  );
  // Lost: 45.00 left; won: 45.00 and the payout (5.00 × 2,11 = 10.55).
  const won = (await result.textContent())!.includes('Pagamento');
  if (won) await expect(result).toHaveText(/: Casa \(1\) · Pagamento: 10\.55 BRL$/);
  else await expect(result).toContainText('aposta perdida');
  const after = won ? 5555 : 4500;
  await expect(frame.getByTestId('sandbox-balance')).toHaveText(`${(after / 100).toFixed(2)} BRL`);
  await expect(frame.getByTestId('sandbox-reveal')).toContainText('SHA-256(semente)');
  // The site's header follows the seamless wallet while the game is open.
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`R\\$\\s*${ptMoney(after)}`), {
    timeout: 15_000,
  });
  await expectNoSeriousA11yViolations(page, 'sports game 1366');
  await saveScreenshot(page, { path: path.join(SHOTS, 'game-1366.png') });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(frame.getByRole('button', { name: 'Apostar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sports game 360');
  await saveScreenshot(page, { path: path.join(SHOTS, 'game-360.png') });
});
