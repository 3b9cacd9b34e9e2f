import { Tooltip } from '@mantine/core';
import type { LockState } from '@nomen/shared';
import { IconLock } from '@tabler/icons-react';
import { lockHolder, lockLabel } from './lockActivity';

/** Props of LockBadge. */
export interface LockBadgeProps {
  lock: LockState;
  userId: number;
}

/**
 * The lock icon of the editor's header card (spec 02 §2, §4): shown while someone holds the
 * review lock, orange with "Locked by X since 3:04pm" when it is someone else, green with "You
 * are reviewing this list" when it is the signed-in user. An image named by its tooltip.
 */
export function LockBadge({ lock, userId }: LockBadgeProps) {
  const label = lockLabel(lock, userId);
  if (!label) return null;
  const isMine = lockHolder(lock, userId) === 'me';
  return (
    <Tooltip label={label} withArrow>
      <IconLock
        size={20}
        role="img"
        aria-label={label}
        tabIndex={0}
        color={isMine ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-orange-7)'}
        data-testid="review-lock"
      />
    </Tooltip>
  );
}
