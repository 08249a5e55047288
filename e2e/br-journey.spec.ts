import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations } from './support/servers';
import {
  confirmSignUpContact,
  doSandboxIdentityCheck,
  fillRegistrationDetails,
  registerWithCpf,
  setSignUpLimits,
  useBrServer,
} from './support/br-profile';
import { acceptTerms, fieldLabel } from './support/setup';
import { newCpf } from '../apps/server/src/modules/identity/identity-fixtures';
import { saveScreenshot } from './support/screenshots';

/**
 * The BR sign-up story (docs/compliance.md, "Identity", "KYC", "Responsible gambling"): a player
 * registers with a CPF and a date of birth; before the lobby the licence asks for a deposit limit
 * and a daily time limit (refused while empty); then the identity check at the sandbox provider:
 * someone else's document is refused (the check is bound to the registered CPF), the player's own
 * brings them back verified. At 360 and 1366 px, every step axe-clean.
 * Then self-exclusion under the licence: the player is logged out, login is refused, and
 * registering again with the same e-mail or the same CPF is refused (the phone is unique to the
 * excluded account as well: MOBILE_TAKEN; the API tests cover it).
 */

const SHOTS = path.join(ROOT, 'test-results', 'br-journey');
const PASSWORD = 'Jornada2026br';

test.describe('the BR sign-up story', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);
  const br = useBrServer('br-journey', EXTRA_PORTS.brJourney);

  for (const width of [360, 1366]) {
    test(`register with CPF and date of birth, limits asked at sign-up, identity verified in the sandbox (${width} px)`, async ({
      page,
    }) => {
      const { server } = br;
      await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
      const username = await registerWithCpf(page, server.baseURL, 'brj', PASSWORD);

      // Limits right after the registration, before the lobby.
      await expect(page).toHaveURL(/\/welcome\/limits$/);
      const step = page.getByTestId('sign-up-limits');
      await expect(step.getByRole('heading', { name: 'Seus limites', level: 1 })).toBeVisible();
      await expect(step).toContainText('Etapa 1 de 3');
      await expectNoSeriousA11yViolations(page, `sign-up limits ${width}`);
      await step.getByRole('button', { name: 'Salvar e continuar' }).click();
      // The deposit and the loss limit are both asked.
      await expect(step.getByText('Informe um valor maior que zero.')).toHaveCount(2);
      await expect(step.getByText('Informe horas inteiras de 1 a 24.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `sign-up limits refused ${width}`);
      await saveScreenshot(page, { path: path.join(SHOTS, `limits-refused-${width}.png`), fullPage: true });
      // Leaving the step for the lobby brings the player back to it while the limits are missing.
      await page.goto(`${server.baseURL}/`);
      await expect(page).toHaveURL(/\/welcome\/limits$/);
      await step.getByLabel('Período do limite de depósito').selectOption({ label: 'Depósitos por semana' });
      await step.getByLabel(fieldLabel('Limite de depósito')).fill('750,50');
      await step.getByLabel('Período do limite de perdas').selectOption({ label: 'Perda líquida por mês' });
      await step.getByLabel(fieldLabel('Limite de perdas')).fill('400');
      await step.getByLabel(fieldLabel('Tempo por dia')).fill('3');
      await step.getByRole('button', { name: 'Salvar e continuar' }).click();

      // The contact step: an account registered by username confirms an e-mail by its code.
      await expect(page).toHaveURL(/\/welcome\/contact$/);
      await expect(page.getByTestId('sign-up-contact')).toContainText('Etapa 2 de 3');
      await expectNoSeriousA11yViolations(page, `sign-up contact ${width}`);
      await confirmSignUpContact(page);

      // The identity step: the check at the sandbox provider.
      await expect(page).toHaveURL(/\/welcome\/identity$/);
      const identity = page.getByTestId('sign-up-identity');
      await expect(identity.getByRole('heading', { name: 'Verifique sua identidade', level: 1 })).toBeVisible();
      await expect(identity).toContainText('Até sua identidade ser verificada, você pode depositar no máximo R$');
      await expect(identity.getByTestId('kyc-level')).toHaveText('Identidade não verificada');
      await expectNoSeriousA11yViolations(page, `sign-up identity ${width}`);
      await saveScreenshot(page, { path: path.join(SHOTS, `identity-step-${width}.png`), fullPage: true });
      await identity.getByRole('button', { name: 'Verificar identidade' }).click();
      // Someone else's document first: the check is bound to the registered CPF, so the site fails
      // it though the provider passed it, and says why.
      await doSandboxIdentityCheck(page, 'Ana Beatriz Rocha', "Someone else's: another CPF");
      await expect(page).toHaveURL(/\/welcome\/identity$/);
      await expect(identity.getByTestId('kyc-level')).toHaveText('A verificação não foi aprovada');
      await expect(identity.getByTestId('kyc-reason')).toHaveText(
        'O documento não corresponde a esta conta: o CPF ou a data de nascimento não são os que você cadastrou. Tente de novo com o seu próprio documento.',
      );
      await expectNoSeriousA11yViolations(page, `sign-up identity refused ${width}`);
      await saveScreenshot(page, { path: path.join(SHOTS, `identity-refused-${width}.png`), fullPage: true });
      await identity.getByRole('button', { name: 'Tentar de novo' }).click();
      await doSandboxIdentityCheck(page, 'Ana Beatriz Rocha');

      // Back on the step, verified; the lobby is next.
      await expect(page).toHaveURL(/\/welcome\/identity$/);
      await expect(identity.getByTestId('kyc-level')).toHaveText('Identidade verificada');
      await expect(identity).toContainText('Nome no documento: Ana Beatriz Rocha');
      await expectNoSeriousA11yViolations(page, `sign-up verified ${width}`);
      await identity.getByRole('link', { name: 'Ir para o lobby' }).click();
      await expect(page).toHaveURL(`${server.baseURL}/`);
      await expect(page.getByRole('button', { name: `Menu da conta ${username}` })).toBeVisible();

      // The limits chosen at sign-up are the player's limits.
      await page.goto(`${server.baseURL}/account/responsible-gaming`);
      await expect(page.getByLabel(fieldLabel('Depósitos por semana'))).toHaveValue('750,50');
      await expect(page.getByLabel(fieldLabel('Perda líquida por mês'))).toHaveValue('400,00');
      await expect(page.getByLabel(fieldLabel('Tempo por dia'))).toHaveValue('180');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
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
    await page
      .getByRole('dialog', { name: 'Cadastro concluído' })
      .getByRole('button', { name: 'Começar a jogar' })
      .click();
    // The contact step confirms the e-mail given at registration (the exclusion keeps its hash).
    await setSignUpLimits(page, '500', '2', first.email);

    await page.goto(`${server.baseURL}/account/responsible-gaming`);
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
      login.getByText(/Você se autoexcluiu do jogo\. Sua autoexclusão termina: \d{4}-\d{2}-\d{2}/),
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
