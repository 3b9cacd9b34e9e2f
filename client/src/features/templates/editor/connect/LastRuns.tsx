import { Box } from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../api/apiFetch';
import { RunsTable, runsRefetchInterval } from '../../../integration-runs/RunsTable';

/**
 * "Last runs" of a saved integration (issue 12 items 4, 5; outbound deliveries, or inbound pulls
 * with `direction` INPUT, which link to the submission they imported): the ten newest runs with
 * their state, attempts and last message (the delivered files on success), newest first, read from
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
    refetchInterval: (query) => runsRefetchInterval(query.state.data?.data),
  });
  return (
    <Box mt="md">
      <RunsTable
        title="Last runs"
        runs={runs}
        emptyText={
          props.direction === 'INPUT'
            ? 'No runs yet. A pull starts every 8 hours, or now with Sync now.'
            : 'No runs yet. A run starts when a submission enters the dataset.'
        }
      />
    </Box>
  );
}
