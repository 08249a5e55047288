import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { saveScreenshot } from './support/screenshots';
import { disableRegisterCaptcha, openSignedIn, registerThroughApi } from './support/setup';

/**
 * The phone header of a signed-in player with a long balance: at 360 px the logo (at its
 * minimum), the balance in full, Depositar and the avatar all show, nothing overlaps and the page
 * does not scroll sideways; the same from there up to the desktop, and for a visitor's header
 * (whose logo the same rules hold). A player's balance runs from R$ 0,00 to five digits before the
 * decimal comma; the figures are given to the page by rewriting the balance call's real answer
 * (reaching R$ 99.999,99 through deposits is the deposit suites' subject, not this layout's).
 */

const SHOTS = path.join(ROOT, 'test-results', 'header-balance');
const PASSWORD = 'header-balance-e2e-1';

type Envelope<T> = { success: boolean; value: T };
type Box = { name: string; x: number; y: number; width: number; height: number };

async function boxOf(name: string, locator: Locator): Promise<Box> {
  await expect(locator, name).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, `${name} has a box`).not.toBeNull();
  return { name, ...box! };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/**
 * Every control of the header in its own place, inside the screen, and no sideways scroll: the
 * `required` ones shown, the others checked wherever the width leaves them shown.
 */
async function expectControlsApart(
  page: Page,
  width: number,
  required: [string, Locator][],
  optional: [string, Locator][],
): Promise<void> {
  const header = page.getByRole('banner');
  const logo = await boxOf('logo', header.getByRole('link', { name: /^Início/ }).locator('svg'));
  // The logo keeps its mark's size: a flex item that shrank to nothing would still be "visible".
  expect(logo.width, `logo width at ${width} px`).toBeGreaterThanOrEqual(24);
  const boxes = [logo];
  for (const [name, locator] of required) boxes.push(await boxOf(name, locator));
  for (const [name, locator] of optional) if (await locator.isVisible()) boxes.push(await boxOf(name, locator));
  for (const box of boxes) {
    expect(box.x, `${box.name} starts on the screen at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.name} ends on the screen at ${width} px`).toBeLessThanOrEqual(width);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(overlaps(a, b), `${a.name} overlaps ${b.name} at ${width} px`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}

/** Controls every header has (the speed check's button wherever the width leaves it). */
function commonControls(page: Page): { required: [string, Locator][]; optional: [string, Locator][] } {
  const header = page.getByRole('banner');
  return {
    required: [
      ['menu', header.getByRole('button', { name: 'Menu', exact: true })],
      ['search', header.getByRole('button', { name: 'Pesquisar jogos' })],
    ],
    optional: [['speed test', header.getByRole('button', { name: 'Verificar velocidade da conexão' })]],
  };
}

/** The signed-in header with the balance showing `shown` in full. */
async function expectHeaderFits(page: Page, width: number, shown: string): Promise<void> {
  const header = page.getByRole('banner');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(shown);
  // The whole figure shows: not cut short by an ellipsis.
  expect(await balance.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const common = commonControls(page);
  await expectControlsApart(
    page,
    width,
    [
      ...common.required,
      ['balance', page.getByRole('group', { name: 'Saldo' })],
      ['deposit', header.getByRole('button', { name: 'Depositar' })],
      ['avatar', header.getByRole('button', { name: /^Menu da conta/ })],
    ],
    [
      ...common.optional,
      ['withdraw', header.getByRole('button', { name: 'Sacar' })],
      ['messages', header.getByRole('button', { name: /^Mensagens/ })],
    ],
  );
}

const WIDTHS = [360, 400, 401, 520, 521, 559, 560, 767, 768, 1023, 1024, 1179, 1180, 1366];

let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer('header-balance', EXTRA_PORTS.headerBalance, disableRegisterCaptcha);
});

test.afterAll(async () => {
  await server?.stop();
});

test('a signed-in phone header keeps its logo, balance, Depositar and avatar apart up to R$ 99.999,99', async ({
  page,
}) => {
  const { baseURL } = server;
  await page.setViewportSize({ width: 360, height: 740 });
  let sumBalance = '1234.56';
  await page.route(`${baseURL}/wps/v2/wallets/balance`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope<Record<string, unknown>>;
    body.value.sumBalance = sumBalance;
    await route.fulfill({ response, json: body });
  });
  // A visitor's header first (its login and register buttons), on the page the player then signs in on.
  await page.goto(`${baseURL}/`);
  const header = page.getByRole('banner');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const common = commonControls(page);
    await expectControlsApart(
      page,
      width,
      [
        ...common.required,
        ['login', header.getByRole('button', { name: 'Entrar' })],
        ['register', header.getByRole('button', { name: 'Cadastrar' })],
      ],
      [...common.optional, ['free demo', header.getByRole('button', { name: 'Demo grátis' })]],
    );
  }

  await page.setViewportSize({ width: 360, height: 740 });
  const player = await registerThroughApi(page.request, baseURL, { prefix: 'hdr', password: PASSWORD });
  await openSignedIn(page, baseURL, player.token);

  await expectHeaderFits(page, 360, 'R$ 1.234,56');
  for (const [value, shown] of [
    ['9999.99', 'R$ 9.999,99'],
    ['99999.99', 'R$ 99.999,99'],
  ] as const) {
    sumBalance = value;
    await page.getByRole('button', { name: 'Atualizar saldo' }).click();
    await expectHeaderFits(page, 360, shown);
  }
  await saveScreenshot(page, {
    path: path.join(SHOTS, 'header-99999-360.png'),
    clip: { x: 0, y: 0, width: 360, height: 64 },
  });
  await expectNoSeriousA11yViolations(page, 'header with a five-digit balance at 360 px');

  // Every width up from there keeps every control in place too: either side of each narrow rule's edge, and the desktop.
  for (const width of WIDTHS.slice(1)) {
    await page.setViewportSize({ width, height: 800 });
    await expectHeaderFits(page, width, 'R$ 99.999,99');
  }
  await expectNoSeriousA11yViolations(page, 'header with a five-digit balance at 1366 px');
});
