/** Where a dialog sits: its offset from where the layout put it, in CSS pixels. */
export type Offset = { x: number; y: number };
/** The dialog's box as the layout put it (before the offset). */
export type Box = { left: number; top: number; width: number; height: number };
export type Viewport = { width: number; height: number };

/** Arrow keys move a dialog by this much; with Shift by the larger step. */
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;

/** Clamp one axis: the box's start stays in [0, size - length]; a box longer than the viewport keeps its start at 0. */
function clampAxis(offset: number, start: number, length: number, size: number): number {
  const min = -start;
  const max = Math.max(min, size - length - start);
  return Math.min(Math.max(offset, min), max);
}

/**
 * The offset nearest to the one asked for that keeps the whole dialog inside the viewport (its
 * top-left corner, when it is larger than the viewport, so its header stays reachable).
 */
export function clampOffset(offset: Offset, box: Box, viewport: Viewport): Offset {
  return {
    x: clampAxis(offset.x, box.left, box.width, viewport.width),
    y: clampAxis(offset.y, box.top, box.height, viewport.height),
  };
}

/** The offset an arrow key asks for, or null for any other key (Home is a reset, answered by the caller). */
export function keyOffset(key: string, shift: boolean, offset: Offset): Offset | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: offset.x - step, y: offset.y };
    case 'ArrowRight':
      return { x: offset.x + step, y: offset.y };
    case 'ArrowUp':
      return { x: offset.x, y: offset.y - step };
    case 'ArrowDown':
      return { x: offset.x, y: offset.y + step };
    default:
      return null;
  }
}
