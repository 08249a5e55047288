import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * The in-house slot (Lucky Fives) as a player plays it: opened from the in-house lobby into the
 * /game frame, the stake stepped with + to an amount, and spins whose outcome the frame reports.
 * Its rounds settle through the seamless wallet like any vendor's, so the rewards engine's
 * consumers (wagering, rebate, missions) see them as real play.
 */

/** Open the slot from /inhouse; returns the game's frame once it shows a balance. */
export async function openSlot(page: Page, baseURL: string): Promise<FrameLocator> {
  await page.goto(`${baseURL}/inhouse`);
  await expect(page.getByRole('heading', { name: 'Jogos da casa' })).toBeVisible();
  await page.getByTestId('inhouse-play-slot').click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$/);
  return frame;
}

/** Step the stake up with + until it reads `amount` (as shown, e.g. "5,00"). */
export async function setStake(frame: FrameLocator, amount: string): Promise<void> {
  const stake = frame.getByTestId('inhouse-stake');
  const wanted = new RegExp(`R\\$\\s*${amount.replace(/[.,]/g, '\\$&')}$`);
  for (let steps = 0; steps < 20 && !wanted.test((await stake.textContent()) ?? ''); steps++) {
    await frame.getByRole('button', { name: 'Aumentar aposta' }).click();
  }
  await expect(stake).toHaveText(wanted);
}

/** One spin at the stake shown; returns what it paid in minor units (0 for no prize). */
export async function spin(frame: FrameLocator): Promise<bigint> {
  const result = frame.getByTestId('slot-result');
  // The press clears the last result (the reels spin), so the outcome read below is this spin's.
  await frame.getByTestId('slot-spin').click();
  await expect(result).toContainText(/Você ganhou|Sem prêmio/);
  await expect(frame.getByTestId('slot-spin')).toBeEnabled();
  const text = (await result.textContent()) ?? '';
  const won = /Você ganhou\s*R\$\s*([\d.]+),(\d{2})/.exec(text);
  return won ? BigInt(won[1]!.replace(/\./g, '') + won[2]!) : 0n;
}

/** Minor units as the site shows them, for matching: 1050n → "10,50". */
export function shown(minor: bigint): string {
  const whole = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${(minor % 100n).toString().padStart(2, '0')}`;
}
