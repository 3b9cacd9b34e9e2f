import { describe, expect, it } from 'vitest';
import { popoverPosition } from './popoverPosition';

const viewport = { width: 1440, height: 900 };
const size = { width: 400, height: 300 };

describe('popoverPosition (spec 02 §2: the popover sits next to the cell)', () => {
  it('goes right of the cell when it fits', () => {
    expect(popoverPosition({ top: 200, left: 300, right: 550, bottom: 240 }, size, viewport)).toEqual({
      top: 200,
      left: 558,
    });
  });

  it('goes left of the cell near the right edge, and moves up near the bottom', () => {
    expect(popoverPosition({ top: 800, left: 1100, right: 1350, bottom: 840 }, size, viewport)).toEqual({
      top: 592,
      left: 692,
    });
  });

  it('stays inside a narrow viewport', () => {
    expect(
      popoverPosition({ top: -50, left: 10, right: 260, bottom: -10 }, size, { width: 420, height: 900 }),
    ).toEqual({ top: 8, left: 8 });
  });
});

describe('popoverPosition with rectangles to leave readable (issue 8 item 25)', () => {
  const anchor = { top: 200, left: 64, right: 314, bottom: 240 };
  // The lock overlay's message, centred over the grid.
  const message = { top: 420, left: 500, right: 940, bottom: 480 };
  const overlaps = (at: { top: number; left: number }, rect: typeof message) =>
    at.left < rect.right &&
    at.left + size.width > rect.left &&
    at.top < rect.bottom &&
    at.top + size.height > rect.top;

  it('keeps its place when nothing is covered', () => {
    const far = { top: 800, left: 1000, right: 1300, bottom: 860 };
    expect(popoverPosition(anchor, size, viewport, [far])).toEqual({ top: 200, left: 322 });
  });

  it('moves off the lock message and off its own cell, staying as close as it can', () => {
    const at = popoverPosition(anchor, size, viewport, [message]);
    expect(overlaps(at, message)).toBe(false);
    expect(overlaps(at, anchor)).toBe(false);
    expect(at.left).toBeGreaterThanOrEqual(8);
    expect(at.top).toBeGreaterThanOrEqual(8);
    expect(at.left + size.width).toBeLessThanOrEqual(viewport.width - 8);
    expect(at.top + size.height).toBeLessThanOrEqual(viewport.height - 8);
  });

  it('leaves a message it would cover from below the cell, too', () => {
    const low = { top: 600, left: 64, right: 314, bottom: 640 };
    const centre = { top: 560, left: 300, right: 900, bottom: 620 };
    const at = popoverPosition(low, size, viewport, [centre]);
    expect(overlaps(at, centre)).toBe(false);
    expect(overlaps(at, low)).toBe(false);
  });
});
