import { expect, type Page } from '@playwright/test';

/**
 * The signed-in player's responsible-gambling page, opened from the header's account menu as a
 * player would: the app is already loaded, so this costs no page load.
 */
export async function openResponsibleGaming(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Jogo responsável' }).click();
  await expect(page).toHaveURL(/\/account\/responsible-gaming$/);
  await expect(page.getByRole('heading', { name: 'Jogo responsável', level: 1 })).toBeVisible();
}
