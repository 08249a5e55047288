import path from 'node:path';
import { expect, test } from './support/test';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';

/**
 * The rewards engine as its users meet it:
 * - marketing writes a rule in the back office (R$ 5,00 on login, claimed by the player, once a
 *   day), tests it over the last 30 days first (the login of a player who registered earlier
 *   counts), saves it as a draft and puts it live;
 * - a player who registers afterwards finds the reward waiting in the reward centre, claims it,
 *   and the balance grows by exactly that; the reward then reads "Recebido";
 * - the back office's screen and the reward centre are axe-clean at 360 and 1366 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'rewards');
const PASSWORD = 'Premio2026diario';
const RULE = 'Bônus diário e2e';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('rewards', EXTRA_PORTS.rewards, {
    roles: ['marketing'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

test('a rule written, tested over history and put live in the back office is claimed in the reward centre', async ({
  page,
  browser,
}) => {
  // A player from before the rule: their login is history the dry run reads.
  await signedInNewPlayer(page, baseURL, { prefix: 'early', password: PASSWORD });

  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing' });
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Motor de recompensas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Motor de recompensas', level: 1 })).toBeVisible();
  await expect(ops.getByTestId('jurisdiction')).toHaveText('Permissivo');
  await ops.getByRole('button', { name: 'Nova regra' }).click();
  const form = ops.getByRole('dialog', { name: 'Nova regra' });
  await form.getByLabel('Nome (visto pelo jogador)').fill(RULE);
  await form.getByLabel('Quando acontece').selectOption('login');
  await form.getByLabel('Entrega').selectOption('claim');
  await form.getByLabel('Valor (R$)').fill('5,00');
  await form.getByLabel('Vezes por jogador').fill('1');
  await form.getByLabel('Contadas').selectOption('daily');
  // A wrong amount is refused under its field before anything is sent.
  await form.getByLabel('Valor (R$)').fill('cinco');
  await form.getByRole('button', { name: 'Testar' }).click();
  await expect(form.getByText('Informe um valor maior que zero.')).toBeVisible();
  await form.getByLabel('Valor (R$)').fill('5,00');
  await form.getByRole('button', { name: 'Testar' }).click();
  const dry = form.getByTestId('dry-run-result');
  await expect(dry).toBeVisible();
  // The early player's login: at least one reward of R$ 5,00 over the last 30 days.
  await expect(dry.getByText(/R\$\s*5,00|R\$\s*\d+,\d\d/)).toBeVisible();
  expect(Number(await dry.locator('dd').first().textContent())).toBeGreaterThanOrEqual(1);
  await checkBackofficePage(ops, 'rule-form-1366', SHOTS);
  await form.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(form).toBeHidden();
  const row = ops.getByRole('row', { name: new RegExp(RULE) });
  await expect(row).toContainText('Rascunho');
  await expect(row).toContainText('Dinheiro: R$');
  await row.getByRole('button', { name: `Pôr no ar a regra ${RULE}` }).click();
  await expect(row).toContainText('No ar');
  await checkBackofficePage(ops, 'rewards-1366', SHOTS);
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'rewards-360', SHOTS);

  // A new player's registration logs them in: the rule issues the reward, waiting for the claim.
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'claim', password: PASSWORD });
  // The rules consumer applies the login within its poll (REWARD_EVENTS_POLL_MS): wait for it as the page would be reloaded.
  await expect(async () => {
    const waiting = await callApi<{ claimable: number }>(
      { request: page.request, baseURL, token: player.token },
      'GET',
      '/wps/rewards/grants',
    );
    expect(waiting.claimable).toBe(1);
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
  await page.getByRole('menuitem', { name: 'Central de recompensas' }).click();
  const centre = page.getByRole('region', { name: 'Central de recompensas' });
  await expect(centre.getByRole('status')).toHaveText('1 recompensa esperando o seu resgate.');
  const item = centre.getByTestId('reward-list').getByRole('listitem').first();
  await expect(item).toContainText(RULE);
  await expect(item).toContainText('Aguardando resgate');
  await expect(item).toContainText(/Resgate até/);
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `reward centre ${width}`);
  }
  await item.getByRole('button', { name: /^Resgatar: R\$\s*5,00$/ }).click();
  await expect(item).toContainText('Recebido');
  await expect(item.getByRole('button', { name: /Resgatar/ })).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*5,00/);
  await expect(centre.getByRole('status')).toHaveCount(0);
});
