import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ROOT } from './servers';
import { checkBackofficePage } from './backoffice';
import { callApi } from './setup';

/** Helpers of e2e/backoffice-games.spec.ts: its pages, checks, rows and the player's in-house session. */

const SHOTS = path.join(ROOT, 'test-results', 'backoffice-games');

/** Axe finds nothing serious, the page does not scroll sideways, and a screenshot is kept. */
export function check(page: Page, name: string): Promise<void> {
  return checkBackofficePage(page, name, SHOTS);
}

export { expectTablesFit, newBackofficePage as newPage } from './backoffice';

/** A table's row, by the name in its row header (a game's header also holds its id). */
export function rowOf(page: Page, table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

/** The status buttons a row may hold (any of the three changes). */
export const STATUS_BUTTON = /^(Colocar .+ em manutenção|Ativar .+|Desativar .+)$/;

/**
 * Ask for a status change from a row, give the reason, and wait for the success notice (it fades
 * after a few seconds, so it is read first) and for the row to show the new status.
 */
export async function changeStatus(
  page: Page,
  row: Locator,
  change: { button: string; dialog: string; reason: string; notice: string; after: string },
): Promise<void> {
  await row.getByRole('button', { name: change.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: change.dialog });
  await dialog.getByLabel('Motivo').fill(change.reason);
  await dialog.getByRole('button', { name: /^(Colocar em manutenção|Ativar|Desativar)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: change.notice })).toBeVisible();
  await expect(row.getByRole('cell', { name: change.after, exact: true })).toBeVisible();
}

/** The back office's sidebar. */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Back office' });
}

/** The Games screen's vendors table. */
export function vendorsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Fornecedores de jogos' });
}

/**
 * Open a vendor's games popup from its card in the player's lobby. The tables above the vendors
 * load and refresh live, and can move the card under a click (a CI run once clicked beside it and
 * no dialog opened), so the click is made again until the dialog is open, and never while it is.
 */
export async function openVendorPopup(page: Page, card: Locator, vendor: string): Promise<Locator> {
  const popup = page.getByRole('dialog', { name: vendor });
  await expect(async () => {
    if (!(await popup.isVisible())) await card.click();
    await expect(popup).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return popup;
}

/** Launch an in-house game as the player and open its game session as the game page does: the rules it is told. */
export async function openInhouseSession(
  request: APIRequestContext,
  baseURL: string,
  playerToken: string,
  nodeId: string,
) {
  const launched = await callApi<{ game_url: string }>(
    { request, baseURL, token: playerToken },
    'POST',
    '/wps/game/launchGame',
    { nodeId, vassalage: 'inhouse' },
  );
  const launchToken = new URLSearchParams(launched.game_url.split('?')[1]).get('launch');
  return callApi<{ sessionToken: string; playerId: string; minStakeMinor: string; maxStakeMinor: string }>(
    { request, baseURL, token: '' },
    'POST',
    '/wps/inhouse/session',
    { launchToken },
  );
}
