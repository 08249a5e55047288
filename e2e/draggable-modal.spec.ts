import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { ROOT, expectNoSeriousA11yViolations } from './support/servers';
import { saveScreenshot } from './support/screenshots';

/**
 * The generic modal moves by its header (the operator's switch is on by default): dragged with the
 * mouse, moved with the arrow keys on its move control, never past the viewport's edges (nor after
 * the window shrinks), and fixed on a phone. The speed-check dialog (the header's logo) is the one
 * moved here; its focus trap and Escape-to-close still hold.
 */

const SHOTS = path.join(ROOT, 'test-results', 'draggable-modal');

async function box(dialog: Locator) {
  const rect = await dialog.boundingBox();
  if (!rect) throw new Error('dialog not drawn');
  return rect;
}

async function openSpeedTest(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Verificar velocidade da conexão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Velocidade da conexão' });
  await expect(dialog).toBeVisible();
  // Past the opening animation, so every rect read below is the settled one.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  return dialog;
}

async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  const at = await box(handle);
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + dx, at.y + at.height / 2 + dy, { steps: 8 });
  await page.mouse.up();
}

test('a dialog moves by mouse and arrow keys, stays inside the viewport, and is fixed at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/');
  const dialog = await openSpeedTest(page);
  const move = dialog.getByRole('button', { name: 'Mover janela' });
  await expect(move).toHaveAccessibleDescription(/As setas movem a janela/);
  await expectNoSeriousA11yViolations(page, 'movable dialog 1366');
  const start = await box(dialog);

  // The mouse, by the header's title.
  await dragBy(page, dialog.getByRole('heading', { name: 'Velocidade da conexão' }), -200, -100);
  let now = await box(dialog);
  expect(Math.round(now.x - start.x)).toBe(-200);
  expect(Math.round(now.y - start.y)).toBe(-100);

  // Dragged far past the bottom-right corner: it stops at the edges.
  await dragBy(page, move, 3000, 3000);
  now = await box(dialog);
  const viewport = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.clientHeight,
  }));
  expect(Math.round(now.x + now.width)).toBe(viewport.width);
  expect(Math.round(now.y + now.height)).toBe(viewport.height);
  await saveScreenshot(page, { path: path.join(SHOTS, 'corner-1366.png') });

  // A smaller window pulls it back inside.
  await page.setViewportSize({ width: 1000, height: 700 });
  await expect
    .poll(async () => {
      const b = await box(dialog);
      return b.x + b.width <= 1000 && b.y + b.height <= 700 && b.x >= 0 && b.y >= 0;
    })
    .toBe(true);

  // The keyboard: Home back to the centre, arrows by 10 px, Shift+arrows by 50 px.
  await move.focus();
  await page.keyboard.press('Home');
  const centred = await box(dialog);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  now = await box(dialog);
  expect(Math.round(now.x - centred.x)).toBe(-20);
  expect(Math.round(now.y - centred.y)).toBe(-50);
  await expect(move).toBeFocused();
  // Past the top edge by keyboard too.
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Shift+ArrowUp');
  expect(Math.round((await box(dialog)).y)).toBe(0);

  // The focus trap and Escape still hold.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A phone: no move control, and dragging the header moves nothing.
  await page.setViewportSize({ width: 360, height: 760 });
  const phone = await openSpeedTest(page);
  await expect(phone.getByRole('button', { name: 'Mover janela' })).toHaveCount(0);
  // Compared by its centre: the dialog is centred, and the speed test may still be filling in its
  // results, which makes it taller around the same centre (a drag would move the centre 150 px).
  const centre = async () => {
    const b = await box(phone);
    return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
  };
  const fixed = await centre();
  await dragBy(page, phone.getByRole('heading', { name: 'Velocidade da conexão' }), 0, 150);
  expect(await centre()).toEqual(fixed);
  await expectNoSeriousA11yViolations(page, 'dialog 360');
});
