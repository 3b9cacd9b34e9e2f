import { Alert, Button, Group, Text } from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../api/apiFetch';

/**
 * "Sync now" of a saved inbound integration (issue 12 item 5): asks the server to pull at once
 * (POST /api/v1/integration-assignments/{id}/sync) and refreshes the "Last runs" below, which then
 * polls until the run ends. Says that the 8-hour schedule pulls it anyway (spec 03 §5, §9), and
 * shows the server's message when the sync is refused.
 */
export function SyncNow(props: { assignmentId: number }) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => apiFetch(integrationRunsApi.syncNow, { params: { id: props.assignmentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integration-runs', props.assignmentId] }),
  });
  return (
    <Group gap="sm" mt="md" align="center">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={sync.isPending}
        onClick={() => sync.mutate()}
      >
        Sync now
      </Button>
      <Text size="xs" c="dimmed">
        New data is also pulled every 8 hours.
      </Text>
      {sync.isError ? (
        <Alert color="red" variant="light" py={4} role="alert">
          {sync.error.message}
        </Alert>
      ) : null}
    </Group>
  );
}
