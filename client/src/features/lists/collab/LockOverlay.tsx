import { Group, Paper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { POPOVER_AVOID_ATTRIBUTE } from './CellThreadPopover';

/** The words shown over the grid while someone else reviews the list (spec 02 §4). */
export function lockOverlayMessage(holderName: string | null): string {
  return `${holderName ?? 'Someone'} is reviewing this list; it is read-only until they save or leave.`;
}

/** Props of LockOverlay. */
export interface LockOverlayProps {
  holderName: string | null;
}

/**
 * The message over the grid while another approver holds the review lock (spec 02 §4: the table
 * is read-only with an overlay message and the view is in review mode). A polite live region,
 * so screen-reader users hear it when the lock is taken. An open cell popover never covers it.
 */
export function LockOverlay({ holderName }: LockOverlayProps) {
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      px="lg"
      py="md"
      role="status"
      aria-live="polite"
      maw={440}
      // The cell popover of a commenter moves aside rather than cover it (issue 8 item 25).
      {...{ [POPOVER_AVOID_ATTRIBUTE]: true }}
    >
      <Group gap="sm" wrap="nowrap">
        <IconLock size={22} aria-hidden color="var(--mantine-color-orange-7)" />
        <Text size="sm" fw={500}>
          {lockOverlayMessage(holderName)}
        </Text>
      </Group>
    </Paper>
  );
}
