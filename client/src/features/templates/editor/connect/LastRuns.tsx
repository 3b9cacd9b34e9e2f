import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type IntegrationRun, type IntegrationRunStatus, integrationRunsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiFetch } from '../../../../api/apiFetch';
import { submissionPath } from '../../../codes/codesPaths';

/** Badge colours of the run states. */
const STATUS_COLORS: Record<IntegrationRunStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Retrying: 'yellow',
  Success: 'green',
  Failed: 'red',
};

/** Whether a run may still change (the list keeps polling while one does). */
function isOpen(run: IntegrationRun): boolean {
  return run.status !== 'Success' && run.status !== 'Failed';
}

function when(run: IntegrationRun): string {
  return new Date(run.finished_at ?? run.started_at ?? run.created_at).toLocaleString();
}

/**
 * "Last runs" of a saved integration (issue 12 items 4, 5; outbound deliveries, or inbound pulls
 * with `direction` INPUT): the ten newest runs with their
 * state, attempts and last message (the delivered files on success), newest first, read from
 * GET /api/v1/integration-assignments/{id}/runs and refreshed every 2 s while one is still queued,
 * running or waiting to retry. Loading, empty and error states say so.
 */
export function LastRuns(props: { assignmentId: number; direction?: 'INPUT' | 'OUTPUT' }) {
  const runs = useQuery({
    queryKey: ['integration-runs', props.assignmentId],
    queryFn: ({ signal }) =>
      apiFetch(integrationRunsApi.assignmentRuns, {
        params: { id: props.assignmentId },
        query: { limit: 10 },
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.data.some(isOpen) ? 2_000 : 15_000),
  });
  return (
    <Stack gap="xs" mt="md" aria-label="Last runs">
      <Title order={5}>Last runs</Title>
      {runs.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading runs…
          </Text>
        </Group>
      ) : runs.isError ? (
        <Alert color="red" variant="light">
          The runs could not be loaded: {runs.error.message}
        </Alert>
      ) : runs.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.direction === 'INPUT'
            ? 'No runs yet. A pull starts every 8 hours, or now with Sync now.'
            : 'No runs yet. A run starts when a submission enters the dataset.'}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.data.map((run) => (
              <Table.Tr key={run.id} data-run-status={run.status}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(run)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[run.status]} variant="light">
                    {run.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{run.attempts}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {run.message}
                  {run.direction === 'INPUT' && run.submission_id !== null ? (
                    <>
                      {' '}
                      <Anchor component={Link} to={submissionPath(run.submission_id)} size="sm">
                        Open the imported submission
                      </Anchor>
                    </>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
