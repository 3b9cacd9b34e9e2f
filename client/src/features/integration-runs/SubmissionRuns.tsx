import { Paper, Stack } from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { isOpenRun, RunsTable, runsRefetchInterval } from './RunsTable';
import { SubmissionLinks } from './SubmissionLinks';

/**
 * "Integration runs" of a submission (issue 12 item 4: runs visible on the submission's page):
 * every outbound run the submission started, oldest first, read from
 * GET /api/v1/account/submissions/{id}/integration-runs and refreshed while one may change; below
 * it the short links and QR codes the link integrations made.
 */
export function SubmissionRuns(props: { submissionId: number }) {
  const runs = useQuery({
    queryKey: ['integration-runs', 'submission', props.submissionId],
    queryFn: ({ signal }) =>
      apiFetch(integrationRunsApi.submissionRuns, { params: { id: props.submissionId }, signal }),
    refetchInterval: (query) => runsRefetchInterval(query.state.data?.data),
  });
  // Links appear as link integrations end: the links reload whenever another run has ended.
  const ended = runs.data?.data.filter((r) => !isOpenRun(r)).length ?? 0;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <RunsTable
          title="Integration runs"
          runs={runs}
          showIntegration
          emptyText="No integration has run for this submission. Outbound integrations run once its rows enter the dataset."
        />
      </Paper>
      <SubmissionLinks submissionId={props.submissionId} refreshKey={ended} />
    </Stack>
  );
}
