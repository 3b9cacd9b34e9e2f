import { Paper } from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { RunsTable, runsRefetchInterval } from './RunsTable';

/**
 * "Integration runs" of a submission (issue 12 item 4: runs visible on the submission's page):
 * every outbound run the submission started, oldest first, read from
 * GET /api/v1/account/submissions/{id}/integration-runs and refreshed while one may change.
 */
export function SubmissionRuns(props: { submissionId: number }) {
  const runs = useQuery({
    queryKey: ['integration-runs', 'submission', props.submissionId],
    queryFn: ({ signal }) =>
      apiFetch(integrationRunsApi.submissionRuns, { params: { id: props.submissionId }, signal }),
    refetchInterval: (query) => runsRefetchInterval(query.state.data?.data),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <RunsTable
        title="Integration runs"
        runs={runs}
        showIntegration
        emptyText="No integration has run for this submission. Outbound integrations run once its rows enter the dataset."
      />
    </Paper>
  );
}
