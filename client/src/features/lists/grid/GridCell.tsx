import { memo } from 'react';
import type { CellDecoration } from './gridTypes';
import classes from './SpreadsheetGrid.module.css';

/** Props of GridCell. */
export interface GridCellProps {
  /** DOM id, given to the active cell only (aria-activedescendant). */
  id: string | undefined;
  col: number;
  text: string;
  isSelected: boolean;
  isActive: boolean;
  isSpare: boolean;
  decoration: CellDecoration | undefined;
  /** A find match (issue 8 item 18): highlighted, the current one more strongly. */
  find?: 'match' | 'current' | undefined;
}

/**
 * One cell of the spreadsheet grid (WAI-ARIA gridcell, spec 02 §2): its text on one line, its
 * selection state and an optional decoration (issue 4: review marks, presence outlines).
 * Memoised: scrolling renders only the cells that enter the window. It carries only what the
 * grid pattern needs (role, aria-colindex, aria-selected, a class): pointer input is handled once
 * by the grid from the ARIA indexes, and only the active cell gets a DOM id.
 */
export const GridCell = memo(function GridCell({
  id,
  col,
  text,
  isSelected,
  isActive,
  isSpare,
  decoration,
  find,
}: GridCellProps) {
  let className = classes.cell;
  if (isActive) className += ` ${classes.active}`;
  if (isSpare) className += ` ${classes.spare}`;
  if (decoration?.className) className += ` ${decoration.className}`;
  if (find) className += ` ${find === 'current' ? classes.findCurrent : classes.findMatch}`;
  return (
    // biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops
    <div
      id={id}
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={isSelected}
      data-find={find}
      aria-description={decoration?.description}
      title={decoration?.description}
      className={className}
      style={
        decoration?.outlineColor ? { boxShadow: `inset 0 0 0 2px ${decoration.outlineColor}` } : undefined
      }
    >
      {text}
      {decoration?.badge ? <span className={classes.badge}>{decoration.badge}</span> : null}
    </div>
  );
});
