import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of ToolbarIconButton. */
export interface ToolbarIconButtonProps {
  /** Accessible name and tooltip, e.g. "Resend activation link". */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Grey and inert, but still focusable so its tooltip explains why (spec 01 §2.6). */
  isDisabled?: boolean;
  /** Tooltip while disabled. */
  disabledReason?: string;
  color?: string;
}

/**
 * An icon action of an admin table toolbar (spec 01 §2.6: force password reset, resend
 * activation). When disabled it stays focusable and hoverable, looks grey, does nothing, and
 * its tooltip says why.
 */
export function ToolbarIconButton({
  label,
  icon,
  onClick,
  isDisabled = false,
  disabledReason,
  color,
}: ToolbarIconButtonProps) {
  return (
    <Tooltip label={isDisabled && disabledReason ? disabledReason : label} withArrow multiline maw={280}>
      <ActionIcon
        variant="default"
        size="input-sm"
        color={color}
        aria-label={label}
        aria-disabled={isDisabled || undefined}
        data-disabled={isDisabled || undefined}
        onClick={(event) => {
          if (isDisabled) {
            event.preventDefault();
            return;
          }
          onClick();
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
