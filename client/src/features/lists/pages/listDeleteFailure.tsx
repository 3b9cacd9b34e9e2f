import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { AppError } from '@nomen/shared';
import { notifyError } from '../../../ui/notify';
import { listsDeleteErrorMessage } from './listLabels';

/**
 * Whether a failed delete was refused because fields or templates use the lists (issue 8 item
 * 14: the server answers 400 on `body.list_ids` naming them).
 */
export function isListInUseRefusal(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    error.code === 'BAD_REQUEST' &&
    (error.issues ?? []).some((issue) => issue.path === 'body.list_ids')
  );
}

/**
 * Tells the user why lists were not deleted: a dialog naming the fields and templates that use
 * them (issue 8 item 14), otherwise the failure toast of spec 02 §8 with the server's message.
 */
export function reportListsDeleteFailure(error: unknown, count: number): void {
  if (!isListInUseRefusal(error)) {
    notifyError(listsDeleteErrorMessage(error, count));
    return;
  }
  const id = modals.open({
    title: count === 1 ? 'This list is in use' : 'Some lists are in use',
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{error.message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>OK</Button>
        </Group>
      </Stack>
    ),
  });
}
