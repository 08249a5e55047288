import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations } from './support/servers';
import {
  BR_REGISTRATION_DETAILS,
  confirmSignUpContact,
  doSandboxIdentityCheck,
  fillRegistrationDetails,
  expectSignUpStepsFirst,
  registerWithCpf,
  setSignUpLimits,
  useBrServer,
} from './support/br-profile';
import { type Api, acceptTerms, callApi, fieldLabel } from './support/setup';
import { BACKOFFICE_OPERATORS } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import { newCpf } from '../apps/server/src/modules/identity/identity-fixtures';
import { saveScreenshot } from './support/screenshots';
import { openResponsibleGaming } from './support/account-menu';

/**
 * The BR sign-up story (docs/compliance.md, "Identity", "KYC", "Responsible gambling"): a player
 * registers with a CPF and a date of birth; before the lobby the licence asks for a deposit limit,
 * a loss limit and a daily time limit (refused while empty); then the identity check at the sandbox provider:
 * someone else's document is refused (the check is bound to the registered CPF), the player's own
 * brings them back verified. At 360 px, every step axe-clean.
 * Then, at 1366 px, the same player's whole journey under BR: no bonus offer on the home or the promotions, a PIX deposit paid from the
 * player's own CPF, a dice roll, a withdrawal to their own PIX key; then, made an agent with a
 * downline, the refusals they meet: the register centre opens no account for someone else, no
 * money goes to the downline, and the P2P tables page lists no poker table.
 * Then self-exclusion under the licence: the player is logged out, login is refused, and
 * registering again with the same e-mail or the same CPF is refused (the phone is unique to the
 * excluded account as well: MOBILE_TAKEN; the API tests cover it).
 */

const SHOTS = path.join(ROOT, 'test-results', 'br-journey');
const PASSWORD = 'Jornada2026br';
const PAYMENT_PASSWORD = '528173';

test.describe('the BR sign-up story', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);
  const br = useBrServer('br-journey', EXTRA_PORTS.brJourney);

  test("one player's journey under BR: sign-up with a CPF at 360 px (limits asked and refused while empty, the contact, identity refused for another's document, then verified), then at 1366 px a PIX deposit, a bet, a withdrawal to their own key, and the refusals on the way", async ({
    page,
    request,
  }) => {
    const { server } = br;
    await page.setViewportSize({ width: 360, height: 780 });
    const cpf = newCpf();
    const masked = `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
    const name = 'Helena Prado Lima';
    const username = await registerWithCpf(page, server.baseURL, 'brp', PASSWORD, cpf);

    // Limits right after the registration, before the lobby.
    await expect(page).toHaveURL(/\/welcome\/limits$/);
    const step = page.getByTestId('sign-up-limits');
    await expect(step.getByRole('heading', { name: 'Seus limites', level: 1 })).toBeVisible();
    await expect(step).toContainText('Etapa 1 de 3');
    await expectNoSeriousA11yViolations(page, 'sign-up limits 360');
    await step.getByRole('button', { name: 'Salvar e continuar' }).click();
    // The deposit and the loss limit are both empty: each says so.
    await expect(step.getByText('Informe um valor maior que zero.')).toHaveCount(2);
    await expect(step.getByText('Informe horas inteiras de 1 a 24.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-up limits refused 360');
    await saveScreenshot(page, { path: path.join(SHOTS, 'limits-refused-360.png'), fullPage: true });
    // Leaving the step for the lobby brings the player back to it while the limits are missing.
    await page.goto(`${server.baseURL}/`);
    await expect(page).toHaveURL(/\/welcome\/limits$/);
    await step.getByLabel('Período do limite de depósito').selectOption({ label: 'Depósitos por semana' });
    await step.getByLabel(fieldLabel('Limite de depósito')).fill('750,50');
    await step.getByLabel('Período do limite de perdas').selectOption({ label: 'Perda líquida por semana' });
    await step.getByLabel(fieldLabel('Limite de perdas')).fill('300');
    await step.getByLabel(fieldLabel('Tempo por dia')).fill('3');
    await step.getByRole('button', { name: 'Salvar e continuar' }).click();

    // The contact step: an account registered by username confirms an e-mail by its code.
    await expect(page).toHaveURL(/\/welcome\/contact$/);
    await expect(page.getByTestId('sign-up-contact')).toContainText('Etapa 2 de 3');
    await expectNoSeriousA11yViolations(page, 'sign-up contact 360');
    await confirmSignUpContact(page);

    // The identity step: the check at the sandbox provider.
    await expect(page).toHaveURL(/\/welcome\/identity$/);
    const identity = page.getByTestId('sign-up-identity');
    await expect(identity.getByRole('heading', { name: 'Verifique sua identidade', level: 1 })).toBeVisible();
    await expect(identity).toContainText('Até sua identidade ser verificada, você pode depositar no máximo R$');
    await expect(identity.getByTestId('kyc-level')).toHaveText('Identidade não verificada');
    await expectNoSeriousA11yViolations(page, 'sign-up identity 360');
    await saveScreenshot(page, { path: path.join(SHOTS, 'identity-step-360.png'), fullPage: true });
    await identity.getByRole('button', { name: 'Verificar identidade' }).click();
    // Someone else's document first: the check is bound to the registered CPF, so the site fails
    // it though the provider passed it, and says why.
    await doSandboxIdentityCheck(page, name, "Someone else's: another CPF");
    await expect(page).toHaveURL(/\/welcome\/identity$/);
    await expect(identity.getByTestId('kyc-level')).toHaveText('A verificação não foi aprovada');
    await expect(identity.getByTestId('kyc-reason')).toHaveText(
      'O documento não corresponde a esta conta: o CPF ou a data de nascimento não são os que você cadastrou. Tente de novo com o seu próprio documento.',
    );
    await expectNoSeriousA11yViolations(page, 'sign-up identity refused 360');
    await saveScreenshot(page, { path: path.join(SHOTS, 'identity-refused-360.png'), fullPage: true });
    await identity.getByRole('button', { name: 'Tentar de novo' }).click();
    await doSandboxIdentityCheck(page, name);

    // Back on the step, verified; the lobby is next.
    await expect(page).toHaveURL(/\/welcome\/identity$/);
    await expect(identity.getByTestId('kyc-level')).toHaveText('Identidade verificada');
    await expect(identity).toContainText(`Nome no documento: ${name}`);
    await expectNoSeriousA11yViolations(page, 'sign-up verified 360');
    await identity.getByRole('link', { name: 'Ir para o lobby' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expect(page.getByRole('button', { name: `Menu da conta ${username}` })).toBeVisible();

    // The limits chosen at sign-up are the player's limits, on the page the account menu opens.
    await openResponsibleGaming(page, username);
    await expect(page.getByLabel(fieldLabel('Depósitos por semana'))).toHaveValue('750,50');
    await expect(page.getByLabel(fieldLabel('Perda líquida por semana'))).toHaveValue('300,00');
    await expect(page.getByLabel(fieldLabel('Tempo por dia'))).toHaveValue('180');

    // The rest of the journey at 1366 px, from the home by the side menu.
    await page.setViewportSize({ width: 1366, height: 860 });
    const sideMenu = page.getByRole('complementary', { name: 'Menu principal' });
    await sideMenu.getByRole('link', { name: 'Início', exact: true }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);

    // No bonus offer on the home or the promotions: whatever the operator published before the
    // switch with the bonus flag (the content API lists it) is left out of every list players get.
    const { username: admin, password } = BACKOFFICE_OPERATORS.admin;
    const ops: Api = {
      request,
      baseURL: server.baseURL,
      token: await operatorLogin(request, server.baseURL, admin, password),
    };
    const offers: string[] = [];
    for (const kind of ['banner', 'promotion'] as const) {
      const published = await callApi<{
        list: { bonusOffer: boolean; translations: Record<string, { title: string }> }[];
      }>(ops, 'GET', `/ops/content?kind=${kind}&status=published&pageSize=100`);
      for (const item of published.list.filter((i) => i.bonusOffer)) offers.push(item.translations.PT?.title ?? '');
    }
    const expectNoOffer = async () => {
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByText(/Bônus de boas-vindas|100% até|20% extra/)).toHaveCount(0);
      for (const title of offers.filter(Boolean)) await expect(page.getByText(title)).toHaveCount(0);
    };
    // The home, then /promotions and back by the side menu's links.
    await expectNoOffer();
    await sideMenu
      .getByRole('link', { name: /^Promoções/ })
      .first()
      .click();
    await expect(page).toHaveURL(`${server.baseURL}/promotions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promoções' })).toBeVisible();
    await expectNoOffer();
    await sideMenu.getByRole('link', { name: 'Início', exact: true }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);

    // A PIX deposit, paid on the sandbox gateway's page from the player's own CPF: credited.
    await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
    let panel = page.getByRole('dialog');
    await panel.getByRole('tab', { name: 'PIX' }).click();
    await panel.getByLabel(fieldLabel('Valor')).fill('40');
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(panel.getByTestId('pix-own-account')).toContainText('seu próprio CPF');
    await panel.getByRole('link', { name: 'Abrir a página de pagamento' }).click();
    await page.getByRole('button', { name: `Pay from ${masked}` }).click();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*40,00/);
    await page.keyboard.press('Escape');

    // A bet: one dice roll of R$ 1,00 in the house's own game.
    await page.goto(`${server.baseURL}/inhouse/dice`);
    await page.getByTestId('inhouse-detail-play-dice').click();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*40,00/);
    await frame.getByRole('radio', { name: 'Acima' }).click();
    await frame.getByTestId('dice-roll-button').click();
    await expect(frame.getByTestId('dice-result')).toContainText(/Você ganhou|Sem prêmio/);

    // A withdrawal to the player's own PIX key: the key listed in the sandbox directory by the
    // player's bank, bound in the security centre, the payment password set beforehand.
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
    const api: Api = { request, baseURL: server.baseURL, token };
    const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(api, 'GET', '/wps/session/key/rsa');
    await callApi(
      api,
      'PUT',
      '/wps/member/payment-password',
      await encryptPayload(key.jwk, key.keyId, {
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      }),
    );
    await page.goto(`${server.baseURL}/sandbox-pix/directory`);
    await page.getByLabel("Owner's CPF").fill(cpf);
    await page.getByLabel("Owner's name").fill(name);
    await page.getByLabel('Bank code (COMPE)').fill('260');
    await page.getByLabel('Account number').fill('40028922');
    await page.getByLabel('PIX key type').selectOption('cpf');
    await page.getByLabel('PIX key', { exact: true }).fill(cpf);
    await page.getByRole('button', { name: 'List in the directory' }).click();
    await expect(page.getByRole('table')).toContainText(masked);
    await page.goto(server.baseURL);
    await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    const pix = page.getByRole('dialog').getByTestId('sec-pix-keys');
    await pix.getByRole('button', { name: 'Adicionar' }).click();
    await pix.getByLabel('Tipo de chave').selectOption('cpf');
    await pix.getByLabel(fieldLabel('Chave PIX')).fill(cpf);
    await pix.getByRole('button', { name: 'Cadastrar chave PIX' }).click();
    await expect(page.getByRole('dialog').getByTestId('sec-bank-accounts')).toContainText(`PIX · CPF${masked}`);
    await page.keyboard.press('Escape');
    const before = await page.getByTestId('header-balance').innerText();
    await page.getByRole('banner').getByRole('button', { name: 'Sacar' }).click();
    panel = page.getByRole('dialog');
    await panel.getByLabel(fieldLabel('Conta bancária')).selectOption({ label: `PIX · ${masked} · ${name}` });
    await panel.getByLabel(fieldLabel('Valor')).fill('20');
    await panel.getByLabel(fieldLabel('Senha de pagamento')).fill(PAYMENT_PASSWORD);
    await panel.locator('form').getByRole('button', { name: 'Sacar' }).click();
    await expect(panel.locator('.wd-order').first()).toContainText(`PIX · ${masked}`);
    await expect(page.getByTestId('header-balance')).not.toHaveText(before);
    await page.keyboard.press('Escape');

    // The refusals the licence puts in the player's way. The operator makes the player an agent
    // with a downline (a second BR player), as an agent agreement would.
    const me = await callApi<{ id: string | number }>(api, 'GET', '/wps/member/info');
    await callApi(ops, 'PUT', `/ops/agents/${me.id}/type`, { type: 1, reason: 'agent agreement signed' });
    const downline = await brDownline(request, server.baseURL);
    await callApi(ops, 'POST', `/ops/agents/${downline.id}/move`, { uplineId: String(me.id), reason: 'recruited' });

    // The register centre opens no account for someone else: the licence identifies every bettor.
    await page.goto(`${server.baseURL}/?agentCentre=registerCenter`);
    let centre = page.getByRole('dialog', { name: 'Centro do agente' });
    await centre.getByLabel('Usuário').fill(`sub${Date.now() % 1e8}`);
    await centre.getByLabel('Senha inicial').fill(PASSWORD);
    await centre.getByLabel('Confirmar senha').fill(PASSWORD);
    await centre.getByRole('button', { name: 'Criar conta' }).click();
    await expect(centre.getByText('A licença do operador não permite isto.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register centre refused under BR');
    await saveScreenshot(page, { path: path.join(SHOTS, 'register-centre-refused-1366.png'), fullPage: true });

    // No money to a downline: its page opened from the agent centre's own menu.
    await centre
      .getByRole('navigation', { name: 'Menu do agente' })
      .getByRole('button', { name: 'Gestão de subordinados' })
      .click();
    await expect(page).toHaveURL(/agentCentre=downlineManagement/);
    centre = page.getByRole('dialog', { name: 'Centro do agente' });
    const row = centre.getByRole('row', { name: new RegExp(downline.username) });
    await row.getByRole('button', { name: `Transferir para ${downline.username}` }).click();
    const transfer = page.getByRole('dialog', { name: `Transferir para ${downline.username}` });
    await transfer.getByLabel('Valor').fill('5,00');
    await transfer.getByLabel('Senha de pagamento').fill(PAYMENT_PASSWORD);
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(transfer.getByText('A licença do operador não permite isto.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'transfer to a downline refused under BR');

    // No poker table: the P2P tables page lists none.
    await page.goto(`${server.baseURL}/pvp`);
    await expect(page.getByText('Nenhuma mesa corresponde a estes filtros.')).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'no-p2p-tables-1366.png'), fullPage: true });
  });

  /** A second BR player registered through the API (a CPF and a date of birth): the agent's downline. */
  async function brDownline(request: APIRequestContext, baseURL: string): Promise<{ id: string; username: string }> {
    const anonymous: Api = { request, baseURL, token: '' };
    const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(anonymous, 'GET', '/wps/session/key/rsa');
    const username = `brd${Date.now() % 1e8}${crypto.randomInt(10, 99)}`;
    const login = await callApi<{ token: string }>(
      anonymous,
      'PUT',
      '/wps/member/register',
      await encryptPayload(key.jwk, key.keyId, {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agree: true,
        cpf: newCpf(),
        birthDate: '1993-05-07',
        ...BR_REGISTRATION_DETAILS,
      }),
    );
    const info = await callApi<{ id: string | number }>(
      { ...anonymous, token: login.token },
      'GET',
      '/wps/member/info',
    );
    return { id: String(info.id), username };
  }

  /** The registration form filled with these details and sent; the form is left on screen. */
  async function register(
    page: Page,
    baseURL: string,
    details: { username: string; email: string; cpf: string },
  ): Promise<void> {
    await page.goto(`${baseURL}/register`);
    const form = page.getByRole('region', { name: 'Criar conta' });
    await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(details.username);
    await form.getByLabel(fieldLabel('E-mail')).fill(details.email);
    await form.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await form.getByLabel(fieldLabel('Confirmar senha')).fill(PASSWORD);
    await form.getByRole('textbox', { name: fieldLabel('CPF') }).pressSequentially(details.cpf);
    await form.getByLabel(fieldLabel('Data de nascimento')).fill('1988-02-14');
    await fillRegistrationDetails(form);
    await acceptTerms(form);
    await form.getByRole('button', { name: 'Cadastrar' }).click();
  }

  test('self-exclusion under the licence: logged out, login refused, the same e-mail or CPF cannot register again (1366 px)', async ({
    page,
  }) => {
    const { server } = br;
    await page.setViewportSize({ width: 1366, height: 860 });
    const tag = `${Date.now() % 1e8}${crypto.randomInt(10, 99)}`;
    const first = { username: `brx${tag}`, email: `brx-${tag}@example.com`, cpf: newCpf() };
    await register(page, server.baseURL, first);
    await expectSignUpStepsFirst(page);
    // The contact step confirms the e-mail given at registration (the exclusion keeps its hash).
    await setSignUpLimits(page, '500', '2', first.email);

    await openResponsibleGaming(page, first.username);
    await page.getByTestId('rg-exclusion-select').selectOption('6m');
    await page.getByTestId('rg-exclusion-understood').check();
    await page.getByTestId('rg-start-exclusion').click();
    const ended = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await expect(ended).toContainText('sua autoexclusão começou');
    await ended.getByTestId('session-ended').getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    const login = page.getByRole('dialog');
    await login.getByRole('textbox', { name: 'Usuário', exact: true }).fill(first.username);
    await login.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expect(
      // The end as a local date and time ("até 28/05/2027 04:25"), never the server's ISO instant.
      login.getByText(/Você se autoexcluiu do jogo até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The same e-mail with another CPF: the excluded account's details.
    await register(page, server.baseURL, { username: `bry${tag}`, email: first.email.toUpperCase(), cpf: newCpf() });
    await expect(page.getByText('Estes dados pertencem a uma conta excluída do jogo.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 're-registration refused (e-mail)');
    // The same CPF with another e-mail: one account per CPF, and that account is excluded.
    await register(page, server.baseURL, { username: `brz${tag}`, email: `brz-${tag}@example.com`, cpf: first.cpf });
    await expect(page.getByText('Já existe uma conta com este CPF. Entre ou recupere sua senha.')).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'reregistration-cpf-refused-1366.png'), fullPage: true });
    await expect(page.getByRole('dialog', { name: 'Cadastro concluído' })).toHaveCount(0);
  });
});
