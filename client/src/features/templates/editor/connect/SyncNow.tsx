import { Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../api/apiFetch';

/**
 * "Sync now" of a saved inbound integration (issue 12 item 5): asks the server to pull at once
 * (POST /api/v1/integration-assignments/{id}/sync) and refreshes the "Last runs" below, which then
 * polls until the run ends. Says that the 8-hour schedule pulls it anyway (spec 03 §5, §9), and
 * shows the server's message when the sync is refused. `notReady`, the "Not ready: …" text of an
 * integration still lacking settings (shared/src/integrations/readiness.ts), disables the button
 * and is its tooltip and accessible description, since the server would refuse the sync.
 */
export function SyncNow(props: { assignmentId: number; notReady?: string }) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => apiFetch(integrationRunsApi.syncNow, { params: { id: props.assignmentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integration-runs', props.assignmentId] }),
  });
  return (
    <Group gap="sm" mt="md" align="center">
      <Tooltip label={props.notReady} disabled={!props.notReady} multiline maw={320}>
        {/* A disabled button fires no pointer events: the span carries the tooltip's hover. */}
        <span>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={sync.isPending}
            disabled={Boolean(props.notReady)}
            aria-description={props.notReady}
            onClick={() => sync.mutate()}
          >
            Sync now
          </Button>
        </span>
      </Tooltip>
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
