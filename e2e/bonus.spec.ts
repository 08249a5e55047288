import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { openSlot, setStake, shown, spin } from './support/slot';
import { publishPromotion } from './support/promotions';
import { saveScreenshot } from './support/screenshots';

/**
 * Bonus money from a deposit promotion to the main wallet, as its people use it:
 * - marketing publishes a promotion (ops API: the content screens have their own suite), makes it
 *   one players join and writes the rule that pays it in the back office: 20 % of a deposit as
 *   bonus money, wagered once (×1), only for players who joined it; then puts the rule live;
 * - a player joins on the promotion's page, deposits R$ 50,00 through the sandbox gateway, and the
 *   header shows R$ 10,00 of bonus beside the real balance; the bonus page shows it active, 0 %;
 * - two R$ 5,00 spins in one session of the in-house slot (real stakes: real money is spent
 *   first) wager it: 50 % after the first (read from the API), and the second converts it: the main balance shown rises by the round's
 *   result plus exactly the R$ 10,00 converted, the bonus line goes, and the page reads Convertido.
 * Axe-clean at 360 and 1366 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'bonus');
const PASSWORD = 'Bonus2026deposito';
const PROMOTION = 'Bônus de depósito 20%';
const DEPOSIT = 5_000n;
/** 20 % of the deposit, wagered once: two spins of R$ 5,00 meet it. */
const BONUS = 1_000n;
const STAKE = 500n;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
let promotionId: string;

/** An amount as the site writes it, as a pattern: R$, a space of any kind, the figure. */
function money(minor: bigint): string {
  return `R\\$\\s*${shown(minor).replace(/\./g, '\\.')}`;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('bonus', EXTRA_PORTS.bonus, {
    roles: ['marketing'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.marketing;
  const token = await operatorLogin(request, baseURL, username, password);
  promotionId = await publishPromotion(request, baseURL, token, {
    groupCode: 'deposit',
    translations: {
      PT: { title: PROMOTION, bodyHtml: '<p>Participe e ganhe 20% do seu depósito em bônus, com rollover de 1×.</p>' },
      EN: {
        title: '20% deposit bonus',
        bodyHtml: '<p>Join and get 20% of your deposit as bonus money, wagered once.</p>',
      },
    },
    reason: 'deposit campaign for the e2e suite',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openBonusPage(page: Page, username: string): Promise<Locator> {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await page
    .getByRole('navigation', { name: 'Páginas da central do membro' })
    .getByRole('button', { name: 'Detalhes do bônus' })
    .click();
  const card = page.getByTestId('bonus-card');
  await expect(card).toHaveCount(1);
  return card;
}

async function closeMemberCentre(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The header's real balance, refreshed as the player would with its button until it reads `minor`. */
async function expectMainBalance(page: Page, minor: bigint): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar saldo' }).click();
    await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`^${money(minor)}$`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('a deposit promotion joined, its bonus wagered on the slot and converted to the main wallet', async ({
  page,
  browser,
}) => {
  // Marketing makes the promotion one players join, then puts its paying rule live.
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing', path: 'promo/settings' });
  await expect(ops.getByRole('heading', { name: 'Atividade das promoções', level: 1 })).toBeVisible();
  await ops.getByLabel('Promoção', { exact: true }).selectOption(promotionId);
  await ops.getByLabel('Modo').selectOption('join');
  await ops.getByRole('textbox', { name: /Motivo/ }).fill('campanha de depósito');
  await ops.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(ops.getByRole('row', { name: new RegExp(PROMOTION) })).toContainText('Participar (o jogador entra)');
  await checkBackofficePage(ops, 'promo-settings-1366', SHOTS);
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Motor de recompensas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Motor de recompensas', level: 1 })).toBeVisible();
  await ops.getByRole('button', { name: 'Nova regra' }).click();
  const form = ops.getByRole('dialog', { name: 'Nova regra' });
  await form.getByLabel('Nome (visto pelo jogador)').fill(PROMOTION);
  await form.getByLabel('Promoção', { exact: true }).selectOption(promotionId);
  await form.getByLabel('Quando acontece').selectOption('deposit_credited');
  await form.getByLabel('Entrega').selectOption('auto');
  // By role: the label wraps the select, so its text holds the options' too.
  await form.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('bonus');
  await form.getByLabel('Cálculo').selectOption('percent');
  await form.getByLabel('Porcentagem (%)').fill('20');
  await form.getByLabel('Máximo por recompensa').fill('100,00');
  await form.getByLabel('Rollover (× o bônus)').fill('1');
  await form.getByLabel('Só quem participou da promoção (no período dela)').check();
  await form.getByLabel('Vezes por jogador').fill('1');
  await checkBackofficePage(ops, 'rule-form-1366', SHOTS);
  await form.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(form).toBeHidden();
  const row = ops.getByRole('row', { name: new RegExp(PROMOTION) });
  await expect(row).toContainText('Rascunho');
  await row.getByRole('button', { name: `Pôr no ar a regra ${PROMOTION}` }).click();
  await expect(row).toContainText('No ar');
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'rewards-360', SHOTS);
  await ops.context().close();

  // The player joins on the promotion's page.
  await page.setViewportSize({ width: 1366, height: 860 });
  const player = await signedInNewPlayer(page, baseURL, {
    prefix: 'bn',
    password: PASSWORD,
    path: `/promoDetail?id=${promotionId}`,
  });
  const api = { request: page.request, baseURL, token: player.token };
  await expect(page.getByRole('heading', { name: PROMOTION, level: 1 })).toBeVisible();
  await expect(page.locator('.activity-badge')).toHaveText('Participar');
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByText('Você está participando desta promoção.')).toBeVisible();
  await expect(page.locator('.activity-badge')).toHaveText('Participando');
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `promotion joined ${width}`);
  }

  // The deposit, through the sandbox gateway's pay page.
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const deposit = page.getByRole('dialog');
  await expect(deposit.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
  await deposit.getByLabel(fieldLabel('Valor')).fill(shown(DEPOSIT));
  await deposit.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/sbx_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText('Seu depósito foi creditado.')).toBeVisible();
  await closeMemberCentre(page);

  // The rule pays the bonus within the event stream's poll: the header shows it beside the real balance.
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar saldo' }).click();
    await expect(page.getByTestId('header-bonus')).toHaveText(new RegExp(`^Bônus ${money(BONUS)}$`), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`^${money(DEPOSIT)}$`));
  let card = await openBonusPage(page, player.username);
  await expect(card).toContainText('Ativo');
  await expect(card.locator('.bonus-card__amount')).toHaveText(new RegExp(money(BONUS)));
  await expect(card).toContainText(new RegExp(`Apostado ${money(0n)} de ${money(BONUS)} \\(0\\s?%\\)`));
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `bonus active ${width}`);
    await saveScreenshot(page, { path: path.join(SHOTS, `bonus-active-${width}.png`) });
  }
  await closeMemberCentre(page);

  // Two R$ 5,00 spins in one session of the slot. After the first, real money was spent first, so
  // the bonus is whole and half wagered (read from the API: how the bonus page shows a half-wagered
  // bonus is bonus-details-page.test.tsx, "shows an active bonus half wagered").
  const frame = await openSlot(page, baseURL);
  await setStake(frame, shown(STAKE));
  const firstWin = await spin(frame);
  await expect(async () => {
    const bonuses = await callApi<{ bonusBalanceMinor: string; bonuses: { wageredMinor: string }[] }>(
      api,
      'GET',
      '/wps/bonuses',
    );
    expect(bonuses.bonuses[0]?.wageredMinor).toBe(STAKE.toString());
    expect(bonuses.bonusBalanceMinor).toBe(BONUS.toString());
  }).toPass({ timeout: 20_000 });
  const beforeLast = DEPOSIT - STAKE + firstWin;

  // The second spin meets the requirement: the bonus converts, and the real balance gains it.
  const won = await spin(frame);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expectMainBalance(page, beforeLast - STAKE + won + BONUS);
  await expect(page.getByTestId('header-bonus')).toHaveCount(0);
  card = await openBonusPage(page, player.username);
  await expect(card).toContainText('Convertido');
  await expect(card).toContainText(new RegExp(`Apostado ${money(BONUS)} de ${money(BONUS)} \\(100\\s?%\\)`));
  await expect(card.getByTestId('bonus-end')).toContainText(new RegExp(`${money(BONUS)} para o saldo real`));
  // The converted card is the screen judged above as active, at both widths.
  await saveScreenshot(page, { path: path.join(SHOTS, 'bonus-converted-1366.png') });
  // The ledger agrees with what the page shows.
  const balance = await callApi<{ sumBalanceMinor: string; bonusBalanceMinor: string }>(
    api,
    'GET',
    '/wps/v2/wallets/balance',
  );
  expect(BigInt(balance.sumBalanceMinor)).toBe(beforeLast - STAKE + won + BONUS);
  expect(balance.bonusBalanceMinor).toBe('0');
});
