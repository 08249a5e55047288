import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { FOUR_LOOKS, fitsWidth, lookLabel, setLook, sideMenu } from './support/looks';
import { makePng } from './support/png';
import { saveScreenshot } from './support/screenshots';

/**
 * The player's feedback (sent with an image, answered by an operator through the ops API), the
 * speed-check modal measuring the site's own domain, the announcement modal over ten published
 * announcements, and a popup announcement shown once per player.
 */

const SHOTS = path.join(ROOT, 'test-results', 'player-content');
const PASSWORD = 'Conteudo2026x';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
let player: { username: string };

type Envelope<T> = { success: boolean; value: T };

/** One session per role: each login spends a TOTP step, so a new one would wait up to 30 s. */
const opsTokens = new Map<string, string>();

async function opsCall<T>(
  request: APIRequestContext,
  role: 'admin' | 'marketing',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const { username, password } = BACKOFFICE_OPERATORS[role];
  const token = opsTokens.get(role) ?? (await operatorLogin(request, baseURL, username, password));
  opsTokens.set(role, token);
  const response = await request.fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

async function publishAnnouncement(
  request: APIRequestContext,
  type: 'B' | 'PU',
  n: number,
  html: string,
): Promise<void> {
  const created = await opsCall<{ id: string }>(request, 'marketing', 'PUT', '/ops/content', {
    kind: 'announcement',
    groupCode: type,
    sortOrder: 0,
    publishFrom: null,
    publishUntil: null,
    linkage: null,
    imageName: null,
    translations: { PT: { title: `Aviso ${n}`, bodyHtml: html }, EN: { title: `Notice ${n}`, bodyHtml: html } },
    reason: 'announcement for the e2e suite',
  });
  await opsCall(request, 'marketing', 'PUT', `/ops/content/${created.id}/status`, {
    status: 'published',
    reason: 'go live',
  });
}

/** A small PNG, as a phone's screenshot would be. */
function pngBuffer(): Buffer {
  return makePng(40, 30, [98, 66, 191]);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('playerContent', EXTRA_PORTS.playerContent, {
    roles: ['admin', 'marketing'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
  for (let n = 1; n <= 9; n += 1)
    await publishAnnouncement(request, 'B', n, `<p>Texto do aviso <strong>${n}</strong></p>`);
});

test.afterAll(async () => {
  await server?.stop();
});

async function openFeedback(page: Page, account: string, language: 'PT' | 'EN' = 'PT') {
  await page
    .getByRole('button', { name: language === 'PT' ? `Menu da conta ${account}` : `Account menu ${account}` })
    .click();
  await page.getByRole('menuitem', { name: 'Feedback' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Feedback', level: 2 })).toBeVisible();
  return panel;
}

test('feedback: sent with a PNG through the page, listed as open, then the operator answer shows', async ({
  page,
  request,
}) => {
  player = await signedInNewPlayer(page, baseURL, { prefix: 'fb', password: PASSWORD });
  const panel = await openFeedback(page, player.username);
  await panel.getByLabel('Tipo de questão').selectOption('withdrawal');
  // The length rule and the refused image types are the form's (feedback-page.test.tsx, "counts the
  // characters and wants 10 to 1000 of them" and "refuses a fourth image, another type and an image
  // above 5 MB"): here a valid message with a PNG goes through.
  await panel.getByLabel('Sua mensagem').fill('Meu saque de ontem ainda não chegou na conta.');
  await panel
    .getByLabel('Imagens (até 3)')
    .setInputFiles({ name: 'extrato.png', mimeType: 'image/png', buffer: pngBuffer() });
  await expect(panel.getByRole('img', { name: 'extrato.png' })).toBeVisible();
  await panel.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByText('Obrigado: seu feedback foi enviado.')).toBeVisible();
  const item = panel.getByTestId('feedback-item').first();
  await expect(item).toContainText('Saque');
  await expect(item).toContainText('Aberto');
  await expect(item).toContainText('Meu saque de ontem ainda não chegou na conta.');
  await expect(item).toContainText('1 imagem');
  await expect(panel.getByRole('img', { name: 'extrato.png' })).toHaveCount(0);

  const open = await opsCall<{ list: { id: string; account: string; imageCount: number }[] }>(
    request,
    'admin',
    'GET',
    '/ops/feedback?status=open',
  );
  const mine = open.list.find((f) => f.account === player.username);
  expect(mine?.imageCount).toBe(1);
  await opsCall(request, 'admin', 'POST', `/ops/feedback/${mine!.id}/reply`, {
    reply: 'O saque foi pago hoje às 10h.',
  });

  await page.reload();
  const again = await openFeedback(page, player.username);
  const answered = again.getByTestId('feedback-item').first();
  await expect(answered).toContainText('Respondido');
  await expect(answered).toContainText('Nossa resposta');
  await expect(answered).toContainText('O saque foi pago hoje às 10h.');
  await saveScreenshot(page, { path: path.join(SHOTS, 'feedback-1366.png') });
  // The first look (1366 px, dark, PT) is the panel open now.
  const [first, ...others] = FOUR_LOOKS;
  await expectNoSeriousA11yViolations(page, `feedback ${lookLabel(first!)}`);
  expect(await fitsWidth(page), `feedback fits ${lookLabel(first!)}`).toBe(true);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // Each other look switched in the page with the panel closed, then the panel opened in it.
  for (const look of others) {
    await setLook(page, look);
    const view = await openFeedback(page, player.username, look.language);
    await expect(view.getByTestId('feedback-item').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `feedback ${lookLabel(look)}`);
    expect(await fitsWidth(page), `feedback fits ${lookLabel(look)}`).toBe(true);
    if (look.language === 'PT')
      await saveScreenshot(page, { path: path.join(SHOTS, `feedback-${look.width}-${look.theme}.png`) });
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  }
});

test('speed test: the site own domain measured and classified, with an Enter link', async ({ page }) => {
  await page.goto(`${baseURL}/`);
  for (const look of FOUR_LOOKS) {
    await setLook(page, look);
    const isPt = look.language === 'PT';
    await page
      .getByRole('banner')
      .getByRole('button', { name: isPt ? 'Verificar velocidade da conexão' : 'Check connection speed' })
      .click();
    const dialog = page.getByRole('dialog', { name: isPt ? 'Velocidade da conexão' : 'Connection speed' });
    const row = dialog.getByTestId('speed-row');
    await expect(row).toHaveCount(1);
    const host = new URL(baseURL).host;
    await expect(row).toContainText(host);
    await expect(row).toContainText(/\d+ ms/);
    await expect(row).toContainText(isPt ? /Rápido|Normal|Lento/ : /Fast|Normal|Slow/);
    const enter = row.getByRole('link', {
      name: new RegExp(`^${isPt ? 'Entrar' : 'Enter'} ${host.replace(/\./g, '\\.')}`),
    });
    await expect(enter).toHaveAttribute('href', `${baseURL}/`);
    await expect(enter).toHaveAttribute('target', '_blank');
    await expectNoSeriousA11yViolations(page, `speed test ${lookLabel(look)}`);
    if (isPt) await saveScreenshot(page, { path: path.join(SHOTS, `speed-${look.width}-${look.theme}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('R$');
}

test('a popup announcement shows once after login, not after the next login', async ({ page, request }) => {
  await publishAnnouncement(request, 'PU', 10, '<p>Manutenção <em>programada</em> no domingo.</p>');
  await page.goto(`${baseURL}/`);
  await logIn(page, player.username);
  const popup = page.getByRole('dialog', { name: 'Aviso 10' });
  await expect(popup).toContainText('Manutenção programada no domingo.');
  await expectNoSeriousA11yViolations(page, 'popup announcement');
  await popup.getByRole('button', { name: 'Entendi' }).click();
  await expect(popup).toBeHidden();

  await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await logIn(page, player.username);
  // The list is already cached: a popup not seen yet would be on screen at once.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: 'Aviso 10' })).toHaveCount(0);
});

test('announcements: nine a page and one on the next, the chosen one read as HTML', async ({ page }) => {
  await page.goto(`${baseURL}/`);
  const menu = sideMenu(page);
  for (const look of FOUR_LOOKS) {
    await setLook(page, look);
    const isPt = look.language === 'PT';
    if (look.width === 360) {
      await expect(menu).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    }
    await menu.getByRole('button', { name: isPt ? 'Anúncios' : 'Announcements' }).click();
    const dialog = page.getByRole('dialog', { name: isPt ? 'Anúncios' : 'Announcements' });
    const items = dialog.getByRole('list', { name: isPt ? 'Anúncios' : 'Announcements' }).getByRole('button');
    await expect(items).toHaveCount(9);
    await expectNoSeriousA11yViolations(page, `announcements ${lookLabel(look)}`);
    if (isPt) await saveScreenshot(page, { path: path.join(SHOTS, `announcements-${look.width}-${look.theme}.png`) });
    if (look === FOUR_LOOKS[0]) {
      // The first look (1366 px, dark, PT) reads the list through: no second round back to it.
      await expect(dialog.getByText('Página 1 de 2')).toBeVisible();
      await items.filter({ hasText: 'Aviso 3' }).click();
      await expect(dialog.getByRole('heading', { name: 'Aviso 3' })).toBeVisible();
      await expect(dialog.getByRole('article').locator('strong')).toHaveText('3');
      await dialog.getByRole('button', { name: 'Próxima' }).click();
      await expect(dialog.getByText('Página 2 de 2')).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(/^Aviso \d+$/);
      await dialog.getByRole('button', { name: 'Anterior' }).click();
      await expect(items).toHaveCount(9);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The phone's drawer, if the dialog left it open, is closed for the next look.
    if (look.width === 360 && (await menu.isVisible())) await page.keyboard.press('Escape');
  }
});
