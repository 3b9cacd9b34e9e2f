import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** What the confirmation dialog says. */
export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Label of the confirming button, e.g. "Delete". */
  confirmLabel: string;
  /** Red confirming button for destructive actions (default true). */
  isDestructive?: boolean;
}

/**
 * Asks for confirmation in a modal (spec 01 §8: delete actions ask for confirmation). Resolves
 * true when the confirming button is pressed, false on "Cancel", Escape or a click outside.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      children:
        typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
      labels: { confirm: options.confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: options.isDestructive === false ? undefined : 'red' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
