import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';

/** Props of CommentsToggle. */
export interface CommentsToggleProps {
  opened: boolean;
  onToggle: () => void;
  /** Unresolved threads, shown as a count. */
  count: number;
}

/**
 * The toolbar's comments toggle (spec 02 §2: a comments toggle in the toolbar): opens and
 * closes the comments side panel, with the number of unresolved threads. A toggle button named
 * "Comments" (aria-pressed), whose description says how many threads are open.
 */
export function CommentsToggle({ opened, onToggle, count }: CommentsToggleProps) {
  return (
    <Tooltip label={opened ? 'Hide comments' : 'Show comments'} withArrow>
      <Indicator label={count} size={16} disabled={count === 0} color="blue" offset={4} zIndex={2}>
        <ActionIcon
          variant={opened ? 'filled' : 'default'}
          size="input-sm"
          aria-label="Comments"
          aria-pressed={opened}
          aria-description={count === 0 ? 'No open threads' : `${count} open thread${count === 1 ? '' : 's'}`}
          onClick={onToggle}
        >
          <IconMessages size={18} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
