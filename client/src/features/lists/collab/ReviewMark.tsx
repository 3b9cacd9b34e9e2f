import {
  IconCircleCheckFilled,
  IconCircleXFilled,
  IconInfoCircleFilled,
  IconMessage,
} from '@tabler/icons-react';
import type { CellMark } from './threads';
import { STATUS_COLORS } from './threads';

/** What each review mark says to assistive technology and in the cell's tooltip (spec 02 §2). */
export const MARK_LABELS: Record<CellMark, string> = {
  pending: 'Pending suggestion',
  approved: 'Approved suggestion',
  rejected: 'Rejected suggestion',
  comment: 'Has comments',
};

const MARK_COLORS: Record<CellMark, string> = {
  pending: `var(--mantine-color-${STATUS_COLORS.pending}-6)`,
  approved: `var(--mantine-color-${STATUS_COLORS.approved}-7)`,
  rejected: `var(--mantine-color-${STATUS_COLORS.rejected}-7)`,
  comment: `var(--mantine-color-${STATUS_COLORS.other}-6)`,
};

/** Props of ReviewMark. */
export interface ReviewMarkProps {
  mark: CellMark;
  size?: number;
}

/**
 * A cell's review mark (spec 02 §2, §9): pending suggestion an info icon in blue, approved a
 * green tick, rejected a red cross, a plain comment a grey speech bubble. An image named by
 * MARK_LABELS.
 */
export function ReviewMark({ mark, size = 16 }: ReviewMarkProps) {
  const props = {
    size,
    color: MARK_COLORS[mark],
    role: 'img',
    'aria-label': MARK_LABELS[mark],
    'data-review-mark': mark,
  };
  switch (mark) {
    case 'pending':
      return <IconInfoCircleFilled {...props} />;
    case 'approved':
      return <IconCircleCheckFilled {...props} />;
    case 'rejected':
      return <IconCircleXFilled {...props} />;
    case 'comment':
      return <IconMessage {...props} />;
  }
}
