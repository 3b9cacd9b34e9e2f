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
