import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { opsCall, publishPromotion } from './support/promotions';

/**
 * A raffle as its people use it: the operator creates it in the back office (its commitment shows
 * at once) and gives a player tickets; the player sees the commitment on the promotion's page and
 * claims the tickets into the draw; the operator draws it; the player's page shows the winners,
 * the revealed seed and its own check, and the stand-alone verifier agrees. A raffle whose prize
 * passes the operator money policy's set-up ceiling cannot go live on the marketing operator's
 * word: it waits until a finance operator approves it.
 */

const PASSWORD = 'Sorteio2026x';
const run = promisify(execFile);
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
let promotionId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('raffle', EXTRA_PORTS.raffle, {
    roles: ['marketing', 'finance'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.marketing;
  const token = await operatorLogin(request, baseURL, username, password);
  promotionId = await publishPromotion(request, baseURL, token, {
    groupCode: 'others',
    translations: {
      PT: { title: 'Sorteio de fim de ano', bodyHtml: '<p>Ganhe bilhetes e concorra.</p>' },
      EN: { title: 'Year-end raffle', bodyHtml: '<p>Earn tickets and win.</p>' },
    },
    reason: 'raffle campaign for the e2e suite',
  });
  // The raffle's promotion pays by itself (no player action): its page reads Process.
  await opsCall(request, baseURL, token, 'PUT', `/ops/promo/settings/${promotionId}`, {
    mode: 'auto',
    period: 'once',
    startsAt: null,
    endsAt: null,
    rewardKind: null,
    rewardAmount: null,
    reason: 'raffle promotion',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Tomorrow at 20:00 in São Paulo, as a datetime-local value. */
function tomorrowEvening(): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 86_400_000));
  return `${day}T20:00`;
}

async function openPromotion(page: Page): Promise<void> {
  await page.goto(`${baseURL}/promoDetail?id=${promotionId}`);
  await expect(page.getByRole('heading', { name: 'Sorteio de fim de ano', level: 1 })).toBeVisible();
}

test('a raffle: created with its commitment, tickets claimed, drawn, winners shown and verified', async ({
  browser,
  page,
}) => {
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing', path: 'promo/raffles' });
  await expect(ops.getByRole('heading', { name: 'Sorteios', level: 1 })).toBeVisible();
  const create = ops.getByRole('form', { name: 'Novo sorteio' });
  await create.getByLabel('Promoção', { exact: true }).selectOption(promotionId);
  await create.getByLabel('Título').fill('Sorteio de Natal');
  await create.getByLabel(/Hora do sorteio/).fill(tomorrowEvening());
  await create.getByLabel('Prêmio 1: valor').fill('50,00');
  await create.getByRole('button', { name: 'Adicionar prêmio' }).click();
  await create.getByLabel('Prêmio 2: valor').fill('10,00');
  await create.getByRole('textbox', { name: /Motivo/ }).fill('sorteio de natal');
  await create.getByRole('button', { name: 'Criar sorteio' }).click();
  const card = ops.getByRole('article', { name: /Sorteio de Natal/ });
  await expect(card).toContainText('Aberto');
  const commitment = (await card.locator('.promo-hash').first().textContent())!.trim();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expectNoSeriousA11yViolations(ops, 'raffles 1366');

  // A player gets three tickets and claims them on the promotion's page, where the commitment shows.
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'rf', password: PASSWORD });
  await card.getByLabel('Conta do jogador').fill(player.username);
  await card.getByLabel('Bilhetes', { exact: true }).fill('3');
  await card.getByLabel('Motivo', { exact: true }).fill('bilhetes da campanha');
  await card.getByRole('button', { name: 'Dar bilhetes' }).click();
  await expect(ops.getByText(`3 bilhetes dados a ${player.username}.`)).toBeVisible();

  await page.setViewportSize({ width: 360, height: 760 });
  await openPromotion(page);
  await expect(page.locator('.activity-badge')).toHaveText('Em andamento');
  const raffle = page.getByRole('article', { name: 'Sorteio de Natal' });
  await expect(raffle.getByTestId('raffle-hash')).toHaveText(commitment);
  await expect(raffle.getByTestId('raffle-seed')).toHaveCount(0);
  await expect(raffle).toContainText('Você ainda não tem bilhetes neste sorteio.');
  await raffle.getByRole('button', { name: 'Resgatar 3 bilhetes' }).click();
  await expect(page.getByText('3 bilhetes estão no sorteio.')).toBeVisible();
  await expect(raffle).toContainText('Seus bilhetes: 1, 2, 3');
  await expectNoSeriousA11yViolations(page, 'raffle on the promotion page 360');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The operator draws it: the seed is revealed and both prizes go to the player's tickets.
  await ops.reload();
  await expect(card).toContainText('3');
  await card.getByLabel('Motivo do sorteio').fill('noite do sorteio');
  await card.getByRole('button', { name: 'Sortear agora' }).click();
  await expect(card).toContainText('Sorteado');
  await expect(card).toContainText('Semente revelada');
  await expect(card.getByText(/bilhete \d, rf\*\*\*/)).toHaveCount(2);
  await ops.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousA11yViolations(ops, 'raffles 360');

  await page.setViewportSize({ width: 1366, height: 860 });
  await openPromotion(page);
  const seed = (await raffle.getByTestId('raffle-seed').textContent())!.trim();
  expect(crypto.createHash('sha256').update(seed, 'utf8').digest('hex')).toBe(commitment);
  await expect(raffle.getByText(/^bilhete [123], rf\*\*\*/)).toHaveCount(2);
  await expect(raffle).toContainText('Verificado: a semente confere com o compromisso e os ganhadores decorrem dela.');
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*60,00/);
  await expectNoSeriousA11yViolations(page, 'raffle on the promotion page 1366');

  // Anyone can check it with the stand-alone verifier and the public answer.
  const raffleId = await page.evaluate(async (id) => {
    const answer = (await (await fetch(`/wps/promo/activities`)).json()) as {
      value: { list: { promotionId: string; raffleIds: string[] }[] };
    };
    return answer.value.list.find((a) => a.promotionId === id)!.raffleIds[0]!;
  }, promotionId);
  const publicAnswer = await (await page.request.get(`${baseURL}/wps/promo/raffles/${raffleId}`)).text();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'raffle-e2e-')), 'raffle.json');
  fs.writeFileSync(file, publicAnswer);
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', 'verify-raffle.mjs'), '--file', file]);
  expect(stdout).toContain('verified: 2 winners from 3 tickets');
  await ops.context().close();
});

test("a marketing operator's raffle above its ceiling cannot go live alone: it waits until finance approves it", async ({
  browser,
}) => {
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing', path: 'promo/raffles' });
  const create = ops.getByRole('form', { name: 'Novo sorteio' });
  await create.getByLabel('Promoção', { exact: true }).selectOption(promotionId);
  await create.getByLabel('Título').fill('Sorteio milionário');
  await create.getByLabel(/Hora do sorteio/).fill(tomorrowEvening());
  await create.getByLabel('Prêmio 1: valor').fill('90.000,00');
  await create.getByRole('textbox', { name: /Motivo/ }).fill('sorteio grande');
  await create.getByRole('button', { name: 'Criar sorteio' }).click();
  const card = ops.getByRole('article', { name: /Sorteio milionário/ });
  await expect(card).toContainText('Aguardando aprovação');
  await expect(card).toContainText('até que um operador de finanças o aprove');
  // Neither tickets nor a draw while it waits; marketing has no approvals screen.
  await expect(card.getByRole('button', { name: 'Sortear agora' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Dar bilhetes' })).toHaveCount(0);
  await expect(ops.getByRole('link', { name: 'Aprovações de configurações' })).toHaveCount(0);

  const finance = await newBackofficePage(browser, 1366);
  await signInOperator(finance, { baseURL, role: 'finance', path: 'queues/raffle-approvals' });
  await expect(finance.getByRole('heading', { name: 'Aprovações de configurações', level: 1 })).toBeVisible();
  const waiting = finance.getByRole('article', { name: /Sorteio milionário/ });
  await expect(waiting).toContainText('O maior prêmio passa do teto de um item.');
  await expect(waiting).toContainText('R$ 90.000,00');
  await expectNoSeriousA11yViolations(finance, 'raffle approvals 1366');
  await waiting.getByRole('button', { name: 'Aprovar o sorteio Sorteio milionário' }).click();
  const dialog = finance.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('orçamento aprovado');
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(finance.getByText('Sorteio Sorteio milionário aprovado: está no ar.')).toBeVisible();
  await expect(finance.getByText('Nenhum sorteio aguardando aprovação.')).toBeVisible();
  await finance.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousA11yViolations(finance, 'raffle approvals 360');

  // Live now: marketing sees it open, with its actions.
  await ops.reload();
  await expect(card).toContainText('Aberto');
  await expect(card.getByRole('button', { name: 'Sortear agora' })).toBeVisible();
  await finance.context().close();
  await ops.context().close();
});
