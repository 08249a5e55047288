import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer, type Api } from './support/setup';

/**
 * Refer and earn as its users meet it:
 * - marketing switches the programme on in the back office (first deposit of R$ 50,00 within 7
 *   days, R$ 10,00 to the referrer), and the side menu offers "Indique e ganhe" to members;
 * - a member opens the page from the side menu and shares the link; a friend registers through
 *   it from another address and browser, deposits, and the member is paid R$ 10,00 at once;
 * - a second account registered from the member's own address qualifies too, but its reward waits
 *   in the back office's held rewards, "mesmo endereço", until marketing releases it with a reason.
 * Each player's browser sends its own address (X-Forwarded-For behind TRUST_PROXY=1, as a load
 * balancer would) and its own user agent.
 */

const SHOTS = path.join(ROOT, 'test-results', 'referral');
const PASSWORD = 'Indique2026amigos';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('referral', EXTRA_PORTS.referral, {
    roles: ['marketing', 'finance'],
    env: { TRUST_PROXY: '1' },
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A player's own browser: its address and user agent. */
async function playerPage(browser: Browser, ip: string, name: string): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    userAgent: `Mozilla/5.0 (e2e ${name})`,
    locale: 'pt-BR',
    viewport: { width: 1366, height: 800 },
  });
  return context.newPage();
}

type Summary = { code: string; totals: { invited: number; qualified: number; paidMinor: string; heldMinor: string } };

/** A deposit of `amount` placed by the player and confirmed by finance: the invitee's first deposit. */
async function deposit(a: Api, amount: string, financeToken: string): Promise<void> {
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const channel = channels.find((c) => c.type === 'manual_bank');
  expect(channel, 'a manual bank deposit channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: channel!.id,
    amount,
    idempotencyKey: crypto.randomUUID(),
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'seen on the bank statement' }, financeToken);
}

test('a referral is paid, and one from the same address is held until an operator releases it', async ({ browser }) => {
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing' });
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Programas de recompensas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Programas de recompensas', level: 1 })).toBeVisible();
  const settings = ops.getByRole('form', { name: 'Indique e ganhe' });
  await settings.getByLabel('Indique e ganhe está ativo').check();
  await settings.getByLabel('Primeiro depósito mínimo (BRL)').fill('50,00');
  await settings.getByLabel('Apostas mínimas (BRL)').fill('0');
  await settings.getByLabel('Em até quantos dias após o cadastro').fill('7');
  await settings.getByLabel('Recompensa de quem indica (BRL)').fill('dez');
  await settings.getByLabel('Motivo da alteração').fill('lançamento do indique e ganhe');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  // A wrong amount is refused under its field before anything is sent.
  await expect(settings.getByText('Informe um valor, por exemplo 50,00.')).toBeVisible();
  await settings.getByLabel('Recompensa de quem indica (BRL)').fill('10,00');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Configurações salvas.' })).toBeVisible();
  await checkBackofficePage(ops, 'programmes-1366', SHOTS);
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'programmes-360', SHOTS);
  await ops.setViewportSize({ width: 1366, height: 900 });

  const finance = BACKOFFICE_OPERATORS.finance;
  const financeToken = await operatorLogin(ops.request, baseURL, finance.username, finance.password);

  // The member opens refer and earn from the side menu and reads the invitation.
  const member = await playerPage(browser, '10.71.0.10', 'member');
  const referrer = await signedInNewPlayer(member, baseURL, { prefix: 'indic', password: PASSWORD });
  await member
    .getByRole('complementary', { name: 'Menu principal' })
    .getByRole('button', { name: 'Indique e ganhe' })
    .click();
  await expect(member.getByText(/ganhe R\$\s*10,00 por cada um/)).toBeVisible();
  const code = (await member.getByTestId('referral-code').textContent())!.trim();
  expect(code).toMatch(/^[a-z0-9]{8}$/);
  await expect(member.getByTestId('referral-link')).toHaveText(new RegExp(`/register\\?referralCode=${code}$`));
  await expect(member.locator('.referral-invite__qr svg')).toBeVisible();
  await expect(member.getByText('Nenhum amigo se cadastrou com seu convite ainda.', { exact: false })).toBeVisible();
  for (const width of [360, 1366]) {
    await member.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(member, `referral page ${width}`);
  }
  const memberApi: Api = { request: member.request, baseURL, token: referrer.token };
  const summary = () => callApi<Summary>(memberApi, 'GET', '/wps/referral');

  // A friend registers through the link from elsewhere and deposits: the member is paid at once.
  const friend = await playerPage(browser, '10.72.0.20', 'friend');
  const invited = await signedInNewPlayer(friend, baseURL, {
    prefix: 'amigo',
    password: PASSWORD,
    query: `referralCode=${code}`,
  });
  await deposit({ request: friend.request, baseURL, token: invited.token }, '60.00', financeToken);
  await expect(async () =>
    expect((await summary()).totals).toMatchObject({ invited: 1, qualified: 1, paidMinor: '1000' }),
  ).toPass({ timeout: 20_000 });

  // A second account from the member's own address qualifies, but waits for a review.
  const twin = await playerPage(browser, '10.71.0.10', 'twin');
  const second = await signedInNewPlayer(twin, baseURL, {
    prefix: 'gemeo',
    password: PASSWORD,
    query: `referralCode=${code}`,
  });
  await deposit({ request: twin.request, baseURL, token: second.token }, '50.00', financeToken);
  await expect(async () =>
    expect((await summary()).totals).toMatchObject({ invited: 2, qualified: 2, paidMinor: '1000', heldMinor: '1000' }),
  ).toPass({ timeout: 20_000 });

  await member.reload();
  await expect(member.getByTestId('header-balance')).toHaveText(/R\$\s*10,00/);

  // Marketing reads why it was held and releases it, with a reason.
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Recompensas retidas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Recompensas retidas', level: 1 })).toBeVisible();
  const row = ops.getByRole('row', { name: /mesmo endereço/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Indicação');
  await expect(row).toContainText(/R\$\s*10,00/);
  await checkBackofficePage(ops, 'held-rewards-1366', SHOTS);
  await row.getByRole('button', { name: /^Liberar a recompensa / }).click();
  const confirm = ops.getByRole('dialog', { name: /^Liberar a recompensa / });
  await confirm.getByLabel('Motivo').fill('verificado: pessoas diferentes na mesma casa');
  await confirm.getByRole('button', { name: 'Liberar' }).click();
  await expect(confirm).toBeHidden();
  await expect(ops.getByText('Nenhuma recompensa aguarda análise.')).toBeVisible();
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'held-rewards-360', SHOTS);

  expect((await summary()).totals).toMatchObject({ paidMinor: '2000', heldMinor: '0' });
  await member.reload();
  await expect(member.getByTestId('header-balance')).toHaveText(/R\$\s*20,00/);
});
