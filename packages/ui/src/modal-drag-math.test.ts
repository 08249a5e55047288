import { describe, expect, it } from 'vitest';
import { clampOffset, keyOffset } from './modal-drag-math';

const VIEWPORT = { width: 1366, height: 860 };
// A 460×300 dialog centred by the layout.
const BOX = { left: 453, top: 280, width: 460, height: 300 };

describe('clampOffset', () => {
  it('keeps an offset that leaves the dialog inside the viewport', () => {
    expect(clampOffset({ x: -100, y: 50 }, BOX, VIEWPORT)).toEqual({ x: -100, y: 50 });
  });

  it('stops the dialog at each edge when dragged past it', () => {
    expect(clampOffset({ x: 5000, y: 5000 }, BOX, VIEWPORT)).toEqual({ x: 1366 - 460 - 453, y: 860 - 300 - 280 });
    expect(clampOffset({ x: -5000, y: -5000 }, BOX, VIEWPORT)).toEqual({ x: -453, y: -280 });
  });

  it('pins a dialog larger than the viewport to its top-left corner, so the header stays reachable', () => {
    const tall = { left: 453, top: 16, width: 460, height: 1200 };
    expect(clampOffset({ x: 0, y: 300 }, tall, VIEWPORT)).toEqual({ x: 0, y: -16 });
    expect(clampOffset({ x: 0, y: -300 }, tall, VIEWPORT)).toEqual({ x: 0, y: -16 });
  });

  it('pulls a moved dialog back in when the window shrinks', () => {
    // Moved to the right edge at 1366 px, then the window is 1000 px wide: its layout box moved too (centred again).
    const narrower = { left: 270, top: 280, width: 460, height: 300 };
    expect(clampOffset({ x: 453, y: 0 }, narrower, { width: 1000, height: 860 })).toEqual({
      x: 1000 - 460 - 270,
      y: 0,
    });
  });
});

describe('keyOffset', () => {
  it('moves by 10 px per arrow, 50 px with Shift; other keys ask nothing', () => {
    expect(keyOffset('ArrowRight', false, { x: 0, y: 0 })).toEqual({ x: 10, y: 0 });
    expect(keyOffset('ArrowUp', true, { x: 0, y: 0 })).toEqual({ x: 0, y: -50 });
    expect(keyOffset('ArrowLeft', false, { x: 5, y: 5 })).toEqual({ x: -5, y: 5 });
    expect(keyOffset('ArrowDown', true, { x: 5, y: 5 })).toEqual({ x: 5, y: 55 });
    expect(keyOffset('Enter', false, { x: 0, y: 0 })).toBeNull();
  });
});
