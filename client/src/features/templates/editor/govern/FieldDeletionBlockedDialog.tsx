import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { DeletionBlockers } from './fieldCardModel';

/** Props of FieldDeletionBlockedDialog. */
export interface FieldDeletionBlockedDialogProps {
  /** The field's name and what blocks its deletion; null keeps the dialog closed. */
  blocked: { name: string; blockers: DeletionBlockers } | null;
  onClose: () => void;
}

/**
 * Says why a template field cannot be deleted (spec 03 §2 "Deletion is blocked when the field has
 * list columns (the lists are shown), or is mapped to an integration (the integrations are
 * shown)"): the lists and columns it powers and the integrations that map it, and what to do.
 */
export function FieldDeletionBlockedDialog({ blocked, onClose }: FieldDeletionBlockedDialogProps) {
  return (
    <Modal
      opened={blocked !== null}
      onClose={onClose}
      centered
      title={blocked ? `${blocked.name} cannot be deleted` : ''}
    >
      {blocked ? (
        <Stack gap="md">
          {blocked.blockers.listColumns.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm">It powers these list columns:</Text>
              <List size="sm" aria-label="List columns using the field">
                {blocked.blockers.listColumns.map((c) => (
                  <List.Item key={`${c.list_id}:${c.list_column_id}`}>
                    {c.list_name} › {c.column_name}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          {blocked.blockers.integrations.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm">It is mapped to these integrations:</Text>
              <List size="sm" aria-label="Integrations using the field">
                {blocked.blockers.integrations.map((a) => (
                  <List.Item key={String(a.id)}>{a.name}</List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <Text size="sm" c="dimmed">
            Unlink the field from these first, then delete it.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
