/** Space between the cell and the popover, and between the popover and the viewport's edges (px). */
export const POPOVER_GAP = 8;

/** A rectangle on screen (viewport coordinates), e.g. a cell's getBoundingClientRect(). */
export interface AnchorRect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/**
 * Where the popover goes (spec 02 §2: next to the cell): right of the anchor when it fits,
 * otherwise left of it, kept inside the viewport; top-aligned with the anchor and moved up when
 * it would overflow the bottom. Viewport coordinates, px.
 */
export function popoverPosition(
  anchor: AnchorRect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  let left = anchor.right + POPOVER_GAP;
  if (left + size.width > viewport.width - POPOVER_GAP) left = anchor.left - POPOVER_GAP - size.width;
  left = Math.max(POPOVER_GAP, Math.min(left, viewport.width - size.width - POPOVER_GAP));
  const top = Math.max(POPOVER_GAP, Math.min(anchor.top, viewport.height - size.height - POPOVER_GAP));
  return { top, left };
}
