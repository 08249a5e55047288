import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  operatorPage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { makePng } from './support/png';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, runOps, type ExtraServer } from './support/servers';
import {
  type Api,
  callApi,
  disableRegisterCaptcha,
  openSignedIn,
  registerThroughApi,
  signedInNewPlayer,
} from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Points and VIP as players and operators use them, on a server with the points switch (PTSYS3) on:
 * - marketing sets the slots' earning rate and adds a mall item with a picture in the back office;
 *   a player plays the in-house slot, the header shows the points earned, the player redeems the
 *   item with the payment password in /pointMall (in process), support approves it in the redeem
 *   queue with a reason, and the player's redeem history shows it approved;
 * - with a VIP level reached by deposits, a deposit lifts a new player to it: the VIP page shows
 *   the level and its progress, the avatar its badge, and the upgrade bonus is in the balance;
 * - marketing defines a member label, an admin gives it to a player on the player's page (with a
 *   reason), and the player sees it in My account.
 * Each screen is axe-checked once per width (360 and 1366 px).
 */

const SHOTS = path.join(ROOT, 'test-results', 'loyalty');
const PASSWORD = 'Pontos2026mall';
const PAYMENT_PASSWORD = '739184';
const ITEM_PT = 'Camiseta e2e';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
/**
 * Marketing's one tab, opened on Pontos e VIP before the tests: the first sets points and the mall
 * there, the last defines a label, with one load of the back office instead of one each.
 */
let marketingTab: Page | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startBackofficeServer('loyalty', EXTRA_PORTS.loyalty, {
    roles: ['marketing', 'support', 'finance', 'admin'],
    configure: (dataDir) => {
      disableRegisterCaptcha(dataDir);
      runOps(dataDir, ['config:patch', 'modules', JSON.stringify({ PTSYS3: true })]);
    },
  });
  baseURL = server.baseURL;
  // Opened here, not in a test: e2e/support/test.ts closes the contexts a test opened when it ends.
  marketingTab = await operatorPage(browser, { baseURL, role: 'marketing', width: 1366, path: 'loyalty' });
});

test.afterAll(async () => {
  await marketingTab?.context().close();
  await server?.stop();
});

async function opsToken(request: APIRequestContext, role: 'finance' | 'marketing'): Promise<string> {
  const { username, password } = BACKOFFICE_OPERATORS[role];
  return operatorLogin(request, baseURL, username, password);
}

/** The payment password, set through its encrypted call. */
async function setPaymentPassword(a: Api): Promise<void> {
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(a, 'GET', '/wps/session/key/rsa');
  const body = await encryptPayload(key.jwk, key.keyId, {
    newPaymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  await callApi(a, 'PUT', '/wps/member/payment-password', body);
}

/** A manual bank-transfer deposit confirmed by finance. */
async function deposit(a: Api, amount: string): Promise<void> {
  const ops = await opsToken(a.request, 'finance');
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank');
  expect(manual, 'a manual bank-transfer channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual!.id,
    amount,
    idempotencyKey: `e2e-loy-${Date.now()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
}

/** axe at both widths and no sideways scroll, on the page as it is. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
    await expectNoSeriousA11yViolations(page, `${name} ${width}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} ${width}: no sideways scroll`,
    ).toBe(true);
    await saveScreenshot(page, { path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test('points from a round are redeemed in the mall with the payment password, approved in the back office, and shown approved', async ({
  page,
  browser,
  request,
}) => {
  // Marketing: slots earn 10 points per unit, and a T-shirt costs 15 points.
  const ops = marketingTab!;
  await expect(ops.getByRole('heading', { name: 'Pontos e VIP', level: 1 })).toBeVisible();
  await ops.getByRole('tab', { name: 'Pontos', exact: true }).click();
  await ops.getByLabel('Slots').fill('10');
  await ops.getByRole('button', { name: 'Salvar' }).click();
  await expect(ops.getByText('Configuração de pontos salva.')).toBeVisible();
  await ops.getByRole('tab', { name: 'Prêmios do shopping' }).click();
  await ops.getByRole('button', { name: 'Novo prêmio' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Novo prêmio' });
  await dialog.getByLabel('Nome (PT)').fill(ITEM_PT);
  await dialog.getByLabel('Nome (EN)').fill('T-shirt e2e');
  await dialog.getByLabel('Pontos').fill('15');
  await dialog.getByLabel('Estoque (vazio: sem limite)').fill('3');
  await dialog
    .getByLabel(/^Imagem/)
    .setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: makePng(160, 120, [0x20, 0x60, 0xa0]) });
  await expect(dialog.getByRole('img', { name: 'Imagem escolhida' })).toBeVisible();
  await checkBackofficePage(ops, 'backoffice-item-1366', SHOTS);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ops.getByRole('row', { name: new RegExp(ITEM_PT) })).toContainText('15');
  await checkBackofficePage(ops, 'backoffice-loyalty-1366', SHOTS);

  // The player plays the in-house slot until points show in the header.
  await page.setViewportSize({ width: 1366, height: 860 });
  const player = await registerThroughApi(request, baseURL, { prefix: 'pts', password: PASSWORD });
  const a = { request, baseURL, token: player.token };
  await setPaymentPassword(a);
  await deposit(a, '100');
  await openSignedIn(page, baseURL, player.token, '/inhouse');
  await page.getByTestId('inhouse-play-slot').click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  for (let spin = 0; spin < 2; spin++) {
    await frame.getByTestId('slot-spin').click();
    await expect(frame.getByTestId('slot-spin')).toBeEnabled();
  }
  await page.goto(`${baseURL}/pointMall`);
  const points = page.getByTestId('header-points');
  await expect(points).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('points-balance')).not.toHaveText('0');

  // Redeem in the mall: the payment password is checked (a wrong one is refused under the field).
  const mall = page.getByRole('region', { name: 'Shopping de pontos' });
  await expect(mall.getByRole('heading', { name: ITEM_PT })).toBeVisible();
  // The uploaded picture is served and drawn.
  await expect
    .poll(() =>
      mall
        .locator('img.pm-card__image')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await checkWidths(page, 'mall');
  await mall.getByRole('button', { name: `Trocar ${ITEM_PT}` }).click();
  const redeem = page.getByRole('dialog', { name: 'Trocar pontos' });
  await redeem.getByLabel(/Senha de pagamento/).fill('000000');
  await redeem.getByRole('button', { name: 'Confirmar troca' }).click();
  await expect(redeem.getByText(/incorreta/i)).toBeVisible();
  await redeem.getByLabel(/Senha de pagamento/).fill(PAYMENT_PASSWORD);
  await redeem.getByRole('button', { name: 'Confirmar troca' }).click();
  await expect(redeem).toBeHidden();
  await expect(page.getByText('Troca feita: aguarde a aprovação do operador.')).toBeVisible();
  await mall.getByRole('tab', { name: 'Histórico de trocas' }).click();
  const row = mall.getByTestId('redemption').filter({ hasText: ITEM_PT });
  await expect(row).toContainText('Em processamento');
  await checkWidths(page, 'history');

  // Support approves it in the redeem queue, with a reason for the audit log.
  const support = await newBackofficePage(browser, 1366);
  await signInOperator(support, { baseURL, role: 'support', path: 'queues/redemptions' });
  const queued = support.getByRole('row', { name: new RegExp(player.username) });
  await expect(queued).toContainText(ITEM_PT);
  await checkBackofficePage(support, 'backoffice-queue-1366', SHOTS);
  await queued.getByRole('button', { name: /^Aprovar a troca/ }).click();
  const confirm = support.getByRole('dialog', { name: `Aprovar a troca de ${player.username}` });
  await confirm.getByLabel(/Motivo/).fill('Enviado pelos Correios');
  await confirm.getByRole('button', { name: 'Aprovar' }).click();
  await expect(confirm).toBeHidden();
  await expect(support.getByRole('row', { name: new RegExp(player.username) })).toHaveCount(0);

  // The player's history shows it approved.
  await page.reload();
  await mall.getByRole('tab', { name: 'Histórico de trocas' }).click();
  await expect(row).toContainText('Aprovado');
  await support.context().close();
});

test('a deposit lifts a player to a VIP level: the VIP page, the avatar badge and the upgrade bonus', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const marketing = await opsToken(request, 'marketing');
  const level = (rankLevel: number, labelName: string, deposit: string, upgradeBonus: string) => ({
    rankLevel,
    labelName,
    color: rankLevel ? '#9ca3af' : '#6b7280',
    color2: '#e5e7eb',
    turnover: '0',
    deposit,
    pointsMultiplierPct: 100 + rankLevel * 20,
    upgradeBonusKind: 'cash',
    upgradeBonus,
    monthlyBonusKind: 'cash',
    monthlyBonus: '0',
    benefitsPt: rankLevel ? 'Bônus de subida\nPontos +20%' : 'Pontos em cada aposta',
    benefitsEn: rankLevel ? 'Upgrade bonus\nPoints +20%' : 'Points on every bet',
  });
  await callApi({ request, baseURL, token: marketing }, 'PUT', '/ops/vip', {
    windowDays: 30,
    reviewPeriod: 'monthly',
    levels: [
      level(0, 'Bronze e2e', '0', '0'),
      level(1, 'Prata e2e', '50.00', '7.00'),
      level(2, 'Ouro e2e', '1000.00', '50.00'),
    ],
  });

  await page.setViewportSize({ width: 1366, height: 860 });
  // On the mall rather than the home page, so the widths' checks look at this page's own parts.
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'vip', password: PASSWORD, path: '/pointMall' });
  const openVip = async () => {
    await page.getByRole('complementary', { name: /menu/i }).getByRole('button', { name: 'Bônus VIP' }).click();
    return page.getByTestId('vip-page');
  };
  let vip = await openVip();
  await expect(vip.getByTestId('vip-current')).toContainText('Bronze e2e');
  await expect(vip.getByRole('progressbar', { name: 'Depósitos' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('vip-badge')).toHaveCount(0);

  const a: Api = { request, baseURL, token: player.token };
  await deposit(a, '60');
  // The consumer applies the deposit a moment later: the level and the bonus (60 + 7), waited for
  // through the API the VIP page and the header read, then one reload shows the badge and both.
  await expect
    .poll(
      async () => {
        const info = await callApi<{ rankLevel: number }>(a, 'POST', '/wps/relay/MCS2_getVipInfo');
        const wallet = await callApi<{ sumBalanceMinor: string }>(a, 'GET', '/wps/v2/wallets/balance');
        return `${info.rankLevel} ${wallet.sumBalanceMinor}`;
      },
      { timeout: 40_000 },
    )
    .toBe('1 6700');
  await page.reload();
  await expect(page.getByTestId('vip-badge')).toHaveText('Prata e2e');
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*67,00/);
  vip = await openVip();
  await expect(vip.getByTestId('vip-current')).toContainText('Prata e2e');
  await expect(vip.getByText('Para chegar a Ouro e2e:')).toBeVisible();
  await expect(vip.getByRole('progressbar', { name: 'Depósitos' })).toHaveAttribute('aria-valuenow', '6');
  await expect(vip.getByRole('listitem').filter({ hasText: 'Prata e2e' }).first()).toContainText('Bônus de subida');
  await checkWidths(page, 'vip');
});

test("a member label given on the player's page is shown in the player's account", async ({
  page,
  browser,
  request,
}) => {
  // Marketing's tab from the first test, still on Pontos e VIP.
  const ops = marketingTab!;
  await ops.getByRole('tab', { name: 'Etiquetas de jogador' }).click();
  await ops.getByLabel('Nome da etiqueta').fill('Cliente fiel');
  await ops.getByLabel('Cor').fill('#1d4ed8');
  await ops.getByRole('button', { name: 'Adicionar etiqueta' }).click();
  await expect(ops.getByText('Etiqueta Cliente fiel criada.')).toBeVisible();

  // The player's page is opened straight from the player's id, as the players list links it.
  // The player signed in first, as before the label is given; the page is reloaded to show it.
  await page.setViewportSize({ width: 1366, height: 860 });
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'lbl', password: PASSWORD });
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  const search = await callApi<{ list: { memberId: string }[] }>(
    { request, baseURL, token: await operatorLogin(request, baseURL, username, password) },
    'GET',
    `/ops/players?key=username&q=${player.username}`,
  );
  const admin = await newBackofficePage(browser, 1366);
  await signInOperator(admin, { baseURL, role: 'admin', path: `players/${search.list[0]!.memberId}` });
  const panel = admin.getByRole('region', { name: 'Etiquetas do membro' });
  await panel.getByRole('checkbox', { name: 'Cliente fiel' }).check();
  await panel.getByRole('button', { name: 'Salvar etiquetas' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Alterar as etiquetas do jogador' });
  await expect(confirm).toContainText('Cliente fiel');
  await confirm.getByLabel(/Motivo/).fill('Atendimento VIP pediu');
  await checkBackofficePage(admin, 'backoffice-player-labels-dialog-1366', SHOTS);
  await confirm.getByRole('button', { name: 'Salvar etiquetas' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('Etiquetas salvas.')).toBeVisible();
  // Saved on the server: the player's own account shows it below.
  await expect(
    admin.getByRole('region', { name: 'Etiquetas do membro' }).getByRole('checkbox', { name: 'Cliente fiel' }),
  ).toBeChecked();
  await checkBackofficePage(admin, 'backoffice-player-labels-1366', SHOTS);
  await admin.context().close();

  await page.reload();
  await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(page.getByText('Cliente fiel')).toBeVisible();
  await checkWidths(page, 'account-labels');
});
