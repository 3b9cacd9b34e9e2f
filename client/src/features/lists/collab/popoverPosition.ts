/** Space between the cell and the popover, and between the popover and the viewport's edges (px). */
export const POPOVER_GAP = 8;

/** A rectangle on screen (viewport coordinates), e.g. a cell's getBoundingClientRect(). */
export interface AnchorRect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

type Size = { width: number; height: number };
type Point = { top: number; left: number };

/** The area (px²) shared by the popover at `at` and `rect`. */
function overlapArea(at: Point, size: Size, rect: AnchorRect): number {
  const width = Math.min(at.left + size.width, rect.right) - Math.max(at.left, rect.left);
  const height = Math.min(at.top + size.height, rect.bottom) - Math.max(at.top, rect.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where the popover goes (spec 02 §2: next to the cell): right of the anchor when it fits,
 * otherwise left of it, kept inside the viewport; top-aligned with the anchor and moved up when
 * it would overflow the bottom. Viewport coordinates, px.
 *
 * `avoid` lists rectangles the popover must leave readable (issue 8 item 25: the lock overlay's
 * message over the grid) and the anchor cell itself: when the place above covers one, the
 * popover moves below, above, left or right of the anchor, or past the rectangle it covers,
 * choosing the free place nearest to the first; when no place is free, the one covering least.
 */
export function popoverPosition(
  anchor: AnchorRect,
  size: Size,
  viewport: Size,
  avoid: readonly AnchorRect[] = [],
): Point {
  const clamp = ({ top, left }: Point): Point => ({
    left: Math.max(POPOVER_GAP, Math.min(left, viewport.width - size.width - POPOVER_GAP)),
    top: Math.max(POPOVER_GAP, Math.min(top, viewport.height - size.height - POPOVER_GAP)),
  });
  let left = anchor.right + POPOVER_GAP;
  if (left + size.width > viewport.width - POPOVER_GAP) left = anchor.left - POPOVER_GAP - size.width;
  const preferred = clamp({ top: anchor.top, left });
  if (avoid.length === 0) return preferred;

  const obstacles = [anchor, ...avoid];
  const covered = (at: Point) => obstacles.reduce((sum, rect) => sum + overlapArea(at, size, rect), 0);
  if (covered(preferred) === 0) return preferred;

  const bases: Point[] = [
    preferred,
    { top: anchor.top, left: anchor.left - POPOVER_GAP - size.width },
    { top: anchor.bottom + POPOVER_GAP, left: anchor.left },
    { top: anchor.top - POPOVER_GAP - size.height, left: anchor.left },
  ];
  const candidates: Point[] = [];
  for (const base of bases) {
    candidates.push(clamp(base));
    for (const rect of obstacles) {
      candidates.push(clamp({ ...base, top: rect.top - POPOVER_GAP - size.height }));
      candidates.push(clamp({ ...base, top: rect.bottom + POPOVER_GAP }));
      candidates.push(clamp({ ...base, left: rect.left - POPOVER_GAP - size.width }));
      candidates.push(clamp({ ...base, left: rect.right + POPOVER_GAP }));
    }
  }
  let best = preferred;
  let bestCover = covered(preferred);
  let bestDistance = 0;
  for (const at of candidates) {
    const cover = covered(at);
    const distance = Math.abs(at.top - preferred.top) + Math.abs(at.left - preferred.left);
    if (cover < bestCover || (cover === bestCover && distance < bestDistance)) {
      best = at;
      bestCover = cover;
      bestDistance = distance;
    }
  }
  return best;
}
