import { expect, type Locator, type Page } from '@playwright/test';
import { fieldLabel } from './setup';

/**
 * The player's bind-bank form in the security centre (My account) of a signed-in player. The site
 * keeps the bank list for minutes: a test that changed the banks opens the page after the change.
 * The player's real name must be bound already (the form needs it). Answers the form's region and
 * the bank select's options as shown ("260 · Nubank"), the "choose" placeholder first.
 */
export async function openBindBankForm(page: Page, username: string): Promise<{ form: Locator; options: string[] }> {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  const form = page.getByRole('dialog').getByTestId('sec-bank-accounts');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  const select = form.getByLabel(fieldLabel('Banco'));
  await expect(select).toBeEnabled();
  await expect(select.locator('option').nth(1)).toBeAttached();
  return { form, options: (await select.locator('option').allTextContents()).map((text) => text.trim()) };
}

/**
 * Submit the filled bind-bank form and confirm the step that shows the account back (a bound
 * account cannot be undone): checks the review names the bank and the number as typed.
 */
export async function confirmBankBinding(
  form: Locator,
  expected: { bank: string; accountNumber: string },
): Promise<void> {
  await form.getByRole('button', { name: 'Vincular conta bancária' }).click();
  const review = form.getByRole('group', { name: 'Confira antes de vincular' });
  await expect(review).toContainText(expected.bank);
  await expect(review).toContainText(expected.accountNumber);
  await expect(review).toContainText('não pode ser alterada nem removida');
  await review.getByRole('button', { name: 'Confirmar e vincular' }).click();
}
