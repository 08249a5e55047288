import path from 'node:path';
import { expect, test } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations } from './support/servers';
import { doSandboxIdentityCheck, registerWithCpf, useBrServer } from './support/br-profile';
import { fieldLabel } from './support/setup';

/**
 * The BR sign-up story (docs/compliance.md, "Identity", "KYC", "Responsible gambling"): a player
 * registers with a CPF and a date of birth; before the lobby the licence asks for a deposit limit
 * and a daily time limit (refused while empty); then the identity check at the sandbox provider,
 * from which the player comes back verified. At 360 and 1366 px, every step axe-clean.
 */

const SHOTS = path.join(ROOT, 'test-results', 'br-journey');
const PASSWORD = 'Jornada2026br';

test.describe('the BR sign-up story', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);
  const br = useBrServer('br-journey', EXTRA_PORTS.brJourney);

  for (const width of [360, 1366]) {
    test(`register with CPF and date of birth, limits asked at sign-up, identity verified in the sandbox (${width} px)`, async ({ page }) => {
      const { server } = br;
      await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
      const username = await registerWithCpf(page, server.baseURL, 'brj', PASSWORD);

      // Limits right after the registration, before the lobby.
      await expect(page).toHaveURL(/\/welcome\/limits$/);
      const step = page.getByTestId('sign-up-limits');
      await expect(step.getByRole('heading', { name: 'Seus limites', level: 1 })).toBeVisible();
      await expect(step).toContainText('Etapa 1 de 2');
      await expectNoSeriousA11yViolations(page, `sign-up limits ${width}`);
      await step.getByRole('button', { name: 'Salvar e continuar' }).click();
      await expect(step.getByText('Informe um valor maior que zero.')).toBeVisible();
      await expect(step.getByText('Informe horas inteiras de 1 a 24.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `sign-up limits refused ${width}`);
      await page.screenshot({ path: path.join(SHOTS, `limits-refused-${width}.png`), fullPage: true });
      // Leaving the step for the lobby brings the player back to it while the limits are missing.
      await page.goto(`${server.baseURL}/`);
      await expect(page).toHaveURL(/\/welcome\/limits$/);
      await step.getByLabel('Período do limite de depósito').selectOption({ label: 'Depósitos por semana' });
      await step.getByLabel(fieldLabel('Limite de depósito')).fill('750,50');
      await step.getByLabel(fieldLabel('Tempo por dia')).fill('3');
      await step.getByRole('button', { name: 'Salvar e continuar' }).click();

      // The identity step: the check at the sandbox provider.
      await expect(page).toHaveURL(/\/welcome\/identity$/);
      const identity = page.getByTestId('sign-up-identity');
      await expect(identity.getByRole('heading', { name: 'Verifique sua identidade', level: 1 })).toBeVisible();
      await expect(identity).toContainText('Até sua identidade ser verificada, você pode depositar no máximo R$');
      await expect(identity.getByTestId('kyc-level')).toHaveText('Identidade não verificada');
      await expectNoSeriousA11yViolations(page, `sign-up identity ${width}`);
      await page.screenshot({ path: path.join(SHOTS, `identity-step-${width}.png`), fullPage: true });
      await identity.getByRole('button', { name: 'Verificar identidade' }).click();
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
      await expect(page.getByLabel(fieldLabel('Depósitos por semana'))).toHaveValue('750.50');
      await expect(page.getByLabel(fieldLabel('Tempo por dia'))).toHaveValue('180');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
