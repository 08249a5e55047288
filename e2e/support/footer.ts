import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The page's footer (its contentinfo landmark). The site draws it when the player scrolls near it
 * (apps/web/src/app/layout.tsx), so this scrolls to the end of the page until it is there.
 */
export async function scrolledFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return footer;
}
