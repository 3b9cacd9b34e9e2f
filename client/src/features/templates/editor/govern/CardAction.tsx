import type { CSSProperties, ReactNode } from 'react';
import { LazyTooltip } from '../../../../ui/LazyTooltip';
import classes from './CardAction.module.css';

/** Props of CardAction. */
export interface CardActionProps {
  /** Accessible name and tooltip, e.g. "Edit Channel". */
  label: string;
  /** Tooltip text when it differs from the accessible name (e.g. "Edit"). */
  tooltip?: string;
  icon: ReactNode;
  onClick: () => void;
  /** Why the action is not available; set, the button is inert but focusable and its tooltip says why. */
  disabledReason?: string | null;
  color?: string;
}

/**
 * A small icon action of a template field card or toolbar (spec 03 §2 card actions). Disabled, it
 * stays focusable and hoverable with aria-disabled, so its tooltip explains why (house rule:
 * tooltips on disabled buttons). A plain button styled like Mantine's subtle ActionIcon: a card has
 * up to three and the govern step mounts a dozen cards at once (bench:templates).
 */
export function CardAction({
  label,
  tooltip,
  icon,
  onClick,
  disabledReason,
  color = 'gray',
}: CardActionProps) {
  const isDisabled = Boolean(disabledReason);
  return (
    <LazyTooltip label={disabledReason || tooltip || label} withArrow multiline maw={260} openDelay={200}>
      <button
        type="button"
        className={classes.action}
        style={
          {
            '--action-color': `var(--mantine-color-${color}-light-color)`,
            '--action-hover': `var(--mantine-color-${color}-light-hover)`,
          } as CSSProperties
        }
        aria-label={label}
        aria-disabled={isDisabled || undefined}
        data-disabled={isDisabled || undefined}
        onClick={(event) => {
          event.stopPropagation();
          if (!isDisabled) onClick();
        }}
      >
        {icon}
      </button>
    </LazyTooltip>
  );
}
