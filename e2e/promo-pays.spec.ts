import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from '../apps/server/src/db/seed-demo-operators';
import { DEMO_PROMOTIONS } from '../apps/server/src/modules/content/content.seed-data';
import type { LiveContentItem } from '../packages/shared/src/schemas/content';
import type { PlayerBonuses } from '../packages/shared/src/schemas/bonus';
import type { Activity, Raffle } from '../packages/shared/src/schemas/promo';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, runOps, startDemoServer, type ExtraServer } from './support/servers';
import { callApi, openSignedIn, registerThroughApi, type Api } from './support/setup';
import { depositConfirmed } from './support/vendors';

/**
 * The permissive demo's promotions pay what they promise (DEMO_REWARDS on): each promotion's page
 * offers its call to action from the live rule that pays it, and a deposit made from it pays as
 * written. One demo server for the file; each test a fast path: a player registered through the
 * API, the promotion's page, the deposit form it opens (a bank transfer, confirmed by the demo's
 * finance operator through the API), then the player's bonuses read through the API. The rules'
 * arithmetic at every edge (the Friday, the challenge's day) is the server's tests' (demo-rewards.test.ts).
 */

const PASSWORD = 'Promocao2026paga';
const FINANCE = {
  username: DEMO_OPERATORS.find((o) => o.role === 'finance')!.username,
  password: DEMO_OPERATOR_PASSWORD,
};
const title = (key: string) => DEMO_PROMOTIONS.find((p) => p.key === key)!.words.PT.title;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: ExtraServer;
let request: APIRequestContext;
let promotions: Map<string, string>;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startDemoServer('promo-pays', EXTRA_PORTS.promoPays);
  // Players register through the API, which the image captcha would stop.
  runOps(server.dataDir, ['config:patch', 'register', JSON.stringify({ showCaptcha: false })]);
  request = await playwright.request.newContext();
  await expect
    .poll(async () => {
      const answer = await request.get(`${server.baseURL}/wps/system/setting/register`);
      return ((await answer.json()) as { value: { showCaptcha: boolean } }).value.showCaptcha;
    })
    .toBe(false);
  const live = (await (
    await request.get(`${server.baseURL}/wps/content/promotions`, { headers: { language: 'PT' } })
  ).json()) as { value: { list: LiveContentItem[] } };
  promotions = new Map(live.value.list.map((p) => [p.title, p.id]));
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.stop();
});

/** A new player's API handle, and the page signed in on the promotion's page. */
async function playerOn(page: Page, promotionTitle: string): Promise<Api> {
  const { token } = await registerThroughApi(request, server.baseURL, { prefix: 'pp', password: PASSWORD });
  await openSignedIn(page, server.baseURL, token, `/promoDetail?id=${promotions.get(promotionTitle)}`);
  await expect(page.getByRole('heading', { name: promotionTitle, level: 1 })).toBeVisible();
  return { request, baseURL: server.baseURL, token };
}

/** Depositar on the promotion's page: the deposit page, the bank transfer's tab. */
async function depositFromPromotion(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Depositar', exact: true }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
  await panel.getByRole('tab', { name: 'Transferência bancária' }).click();
  return panel;
}

/** Send the form's bank transfer of `amount` and have finance confirm it (the order read back through the API). */
async function transferAndConfirm(page: Page, a: Api, amount: string): Promise<void> {
  const panel = page.getByRole('dialog');
  await panel.getByRole('textbox', { name: /Valor/ }).fill(amount);
  await panel.getByRole('button', { name: 'Ver dados da transferência' }).click();
  await expect(panel.getByText('Código de referência', { exact: true })).toBeVisible();
  const orders = await callApi<{ list: { id: string; status: string }[] }>(a, 'GET', '/wps/deposit/orders');
  const pending = orders.list.find((o) => o.status === 'pending');
  expect(pending, 'the order the form made').toBeDefined();
  const ops = await operatorLogin(request, server.baseURL, FINANCE.username, FINANCE.password);
  await callApi(a, 'POST', `/ops/deposits/${pending!.id}/confirm`, { reason: 'seen on the statement' }, ops);
}

/** The player's bonuses' amounts (minor units), once the rules engine has paid what it pays. */
async function bonusAmounts(a: Api, count: number): Promise<string[]> {
  let amounts: string[] = [];
  await expect
    .poll(async () => {
      const bonuses = await callApi<PlayerBonuses>(a, 'GET', '/wps/bonuses');
      amounts = bonuses.bonuses.map((b) => b.amountMinor).sort();
      return amounts.length;
    })
    .toBe(count);
  return amounts;
}

test('a visitor is asked to sign in or register on a promotion a rule pays', async ({ page }) => {
  await page.goto(`${server.baseURL}/promoDetail?id=${promotions.get(title('welcome'))}`);
  await expect(page.getByRole('heading', { name: title('welcome'), level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Cadastre-se' })).toBeVisible();
});

test('welcome: 100% of the first deposit up to R$ 500,00, wagered 10 times', async ({ page }) => {
  const a = await playerOn(page, title('welcome'));
  const panel = await depositFromPromotion(page);
  // The welcome bonus needs no opt-in: the Friday's is offered, not ticked.
  await expect(panel.getByRole('checkbox', { name: title('friday') })).not.toBeChecked();
  await transferAndConfirm(page, a, '800');
  expect(await bonusAmounts(a, 1)).toEqual(['50000']);
  const { bonuses } = await callApi<PlayerBonuses>(a, 'GET', '/wps/bonuses');
  expect(bonuses[0]).toMatchObject({ wageringMultiple: 10, requirementMinor: '500000' });
});

test('Top-up Friday: the opt-in comes ticked and is sent; 20% of the deposit on a Friday, nothing on other days', async ({
  page,
}) => {
  const a = await playerOn(page, title('friday'));
  // The first deposit is the welcome bonus's (R$ 20,00 → R$ 20,00 of bonus).
  await depositConfirmed(a, FINANCE, '20.00');
  await bonusAmounts(a, 1);
  const panel = await depositFromPromotion(page);
  await expect(panel.getByRole('checkbox', { name: title('friday') })).toBeChecked();
  await transferAndConfirm(page, a, '100');
  // Opted in with the order: the promotion's join for the day.
  const activity = (await callApi<{ list: Activity[] }>(a, 'GET', '/wps/promo/activities')).list.find(
    (x) => x.promotionId === promotions.get(title('friday')),
  );
  expect(activity?.status).toBe('joined');
  const friday =
    new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date()) === 'Fri';
  if (friday) expect(await bonusAmounts(a, 2)).toEqual(['2000', '2000']);
  else {
    // Not a Friday: the rule pays nothing (its day is checked by demo-rewards.test.ts at a Friday).
    await page.waitForTimeout(1500);
    expect(await bonusAmounts(a, 1)).toEqual(['2000']);
  }
});

test('slots challenge: Participar joins the day; the rebate promotion has no deposit call', async ({ page }) => {
  const a = await playerOn(page, title('tournament'));
  await expect(page.getByRole('main').getByRole('button', { name: 'Depositar', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.locator('.activity-badge')).toHaveText('Participando');
  const activity = (await callApi<{ list: Activity[] }>(a, 'GET', '/wps/promo/activities')).list.find(
    (x) => x.promotionId === promotions.get(title('tournament')),
  );
  expect(activity).toMatchObject({ status: 'joined', period: 'daily' });
  // Paid by the rebate programme, not a rule: no call to action.
  await page.goto(`${server.baseURL}/promoDetail?id=${promotions.get(title('cashback'))}`);
  await expect(page.getByRole('heading', { name: title('cashback'), level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Depositar', exact: true })).toHaveCount(0);
});

test('weekly raffle: a deposit of R$ 20,00 from its page earns a ticket to claim', async ({ page }) => {
  const raffleTitle = 'Sorteio semanal: R$ 800,00 em prêmios';
  const a = await playerOn(page, raffleTitle);
  await depositFromPromotion(page);
  await transferAndConfirm(page, a, '20');
  const activity = (await callApi<{ list: Activity[] }>(a, 'GET', '/wps/promo/activities')).list.find(
    (x) => x.promotionId === promotions.get(raffleTitle),
  );
  const raffleId = activity!.raffleIds[0]!;
  await expect
    .poll(async () => (await callApi<Raffle>(a, 'GET', `/wps/promo/raffles/${raffleId}`)).mine.claimable)
    .toBe(1);
});
