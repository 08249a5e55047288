import { expect, test, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { makePng } from './support/png';
import { EXTRA_PORTS, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { publishPromotion } from './support/promotions';

/**
 * A promotion reviewed by hand, as its people use it: the operator sets the promotion to
 * applications with a cash reward in the back office; the player applies on the promotion's page
 * with a comment and an image (Applying); the operator approves it in the review queue with a
 * reason; the player claims it (Claimed) and the balance shows the reward.
 */

const PASSWORD = 'Promocao2026x';
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
let promotionId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('promoActivity', EXTRA_PORTS.promoActivity, {
    roles: ['marketing'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.marketing;
  const token = await operatorLogin(request, baseURL, username, password);
  promotionId = await publishPromotion(request, baseURL, token, {
    groupCode: 'deposit',
    translations: {
      PT: { title: 'Bônus por comprovante', bodyHtml: '<p>Envie o comprovante do depósito.</p>' },
      EN: { title: 'Receipt bonus', bodyHtml: '<p>Send your deposit receipt.</p>' },
    },
    reason: 'campaign for the e2e suite',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openPromotion(page: Page): Promise<void> {
  await page.goto(`${baseURL}/promoDetail?id=${promotionId}`);
  await expect(page.getByRole('heading', { name: 'Bônus por comprovante', level: 1 })).toBeVisible();
}

test('apply with a comment and an image, approved in the back office, then claimed', async ({ browser, page }) => {
  // The operator makes the promotion one players apply to, with a cash reward of R$ 15,00.
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing', path: 'promo/settings' });
  await expect(ops.getByRole('heading', { name: 'Atividade das promoções', level: 1 })).toBeVisible();
  await expect(ops.getByText('Nenhuma promoção tem configuração de participação ainda.')).toBeVisible();
  await ops.getByLabel('Promoção', { exact: true }).selectOption(promotionId);
  await ops.getByLabel('Modo').selectOption('apply');
  await ops.getByLabel('Tipo de recompensa').selectOption('cash');
  await ops.getByLabel('Valor da recompensa').fill('15,00');
  await ops.getByRole('textbox', { name: /Motivo/ }).fill('campanha de comprovantes');
  await ops.getByRole('button', { name: 'Salvar configuração' }).click();
  const row = ops.getByRole('row', { name: /Bônus por comprovante/ });
  await expect(row).toContainText('Solicitar (análise manual)');
  await expect(row).toContainText('15,00');
  await expectNoSeriousA11yViolations(ops, 'promotion activity settings 1366');

  // A visitor is asked to log in; the player applies.
  await openPromotion(page);
  await expect(page.getByRole('button', { name: 'Entre para participar' })).toBeVisible();
  await signedInNewPlayer(page, baseURL, { prefix: 'ap', password: PASSWORD });
  // The side menu counts what the player can join now (availablePromoCount).
  await page.setViewportSize({ width: 1366, height: 860 });
  await expect(page.getByTestId('available-promo-count')).toContainText('1 promoção para participar');
  await page.setViewportSize({ width: 360, height: 760 });
  await openPromotion(page);
  await expect(page.locator('.activity-badge')).toHaveText('Participar');
  await page.getByRole('button', { name: 'Solicitar' }).click();
  const form = page.getByRole('form', { name: 'Solicitação' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Escreva um comentário de até 140 caracteres.')).toBeVisible();
  await form.getByLabel('Comentário').fill('Depositei R$ 100 ontem às 20h.');
  await expect(form.getByText('30/140')).toBeVisible();
  await form
    .getByLabel('Imagens (até 3)')
    .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: makePng(60, 40, [20, 120, 200]) });
  await expect(form.getByRole('img', { name: 'comprovante.png' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'promotion apply form 360');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('Solicitação enviada. Vamos analisá-la.')).toBeVisible();
  await expect(page.locator('.activity-badge')).toHaveText('Em análise');

  // The operator reviews it: the comment and the image, approved with a reason.
  await ops.goto(`${baseURL}/backoffice/promo/applications`);
  await expect(ops.getByRole('heading', { name: 'Solicitações de promoções', level: 1 })).toBeVisible();
  const application = ops.getByRole('row', { name: /Depositei R\$ 100/ });
  await expect(application).toContainText('Bônus por comprovante');
  await expect(application).toContainText('Em análise');
  await expectNoSeriousA11yViolations(ops, 'promotion applications 1366');
  await application.getByRole('button', { name: /Analisar a solicitação/ }).click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog.getByText('Depositei R$ 100 ontem às 20h.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Imagem 1 da solicitação/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(dialog.getByText('Informe um motivo de 3 a 500 caracteres.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('comprovante conferido');
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(dialog).toBeHidden();
  await ops.getByLabel('Situação').selectOption('all');
  await expect(ops.getByRole('row', { name: /Depositei R\$ 100/ })).toContainText('Aprovada');
  await ops.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousA11yViolations(ops, 'promotion applications 360');

  // The player sees Issued with Claim, claims, and the reward reaches the balance.
  await openPromotion(page);
  await expect(page.locator('.activity-badge')).toHaveText('Emitido');
  await page.getByRole('button', { name: 'Resgatar' }).click();
  await expect(page.getByText('Recompensa resgatada.')).toBeVisible();
  await expect(page.locator('.activity-badge')).toHaveText('Resgatado');
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*15,00/);
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/promotions`);
  await expect(page.locator(`[id="${promotionId}"] .activity-badge`)).toHaveText('Resgatado');
  await expect(page.getByRole('link', { name: 'Promoções' }).first()).toBeVisible();
  await expect(page.getByTestId('available-promo-count')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'promotions list 1366');
  await ops.setViewportSize({ width: 360, height: 800 });
  await ops.goto(`${baseURL}/backoffice/promo/settings`);
  await expect(ops.getByRole('row', { name: /Bônus por comprovante/ })).toBeVisible();
  await expectNoSeriousA11yViolations(ops, 'promotion activity settings 360');
  await ops.context().close();
});
