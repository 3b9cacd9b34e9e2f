import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { IntegrationRun, IntegrationRunStatus } from '@nomen/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { submissionPath } from '../codes/codesPaths';

/** Badge colours of the run states. */
const STATUS_COLORS: Record<IntegrationRunStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Retrying: 'yellow',
  Success: 'green',
  Failed: 'red',
};

/** Whether a run may still change (lists of runs keep polling while one does). */
export function isOpenRun(run: IntegrationRun): boolean {
  return run.status !== 'Success' && run.status !== 'Failed';
}

/** How often a list of runs refreshes: every 2 s while a run may change, else every 15 s. */
export function runsRefetchInterval(runs: readonly IntegrationRun[] | undefined): number {
  return runs?.some(isOpenRun) ? 2_000 : 15_000;
}

function when(run: IntegrationRun): string {
  return new Date(run.finished_at ?? run.started_at ?? run.created_at).toLocaleString();
}

/**
 * A titled table of integration runs (issue 12 item 4) with its loading, error and empty states:
 * when, (optionally) which integration, state, attempts and the last message (the delivered files
 * on success, the peer's error on failure; an inbound pull links to the submission it imported). Used by the connect step's "Last runs" and the
 * submission page's "Integration runs".
 */
export function RunsTable(props: {
  title: string;
  runs: UseQueryResult<{ data: IntegrationRun[] }, Error>;
  emptyText: string;
  /** Adds an "Integration" column naming each run's assignment and slug. */
  showIntegration?: boolean;
}) {
  const { runs } = props;
  return (
    <Stack gap="xs" aria-label={props.title}>
      <Title order={5}>{props.title}</Title>
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
          {props.emptyText}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              {props.showIntegration ? <Table.Th>Integration</Table.Th> : null}
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.data.map((run) => (
              <Table.Tr key={run.id} data-run-status={run.status}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(run)}</Table.Td>
                {props.showIntegration ? (
                  <Table.Td>
                    {run.assignment_name || run.slug}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({run.slug})
                    </Text>
                  </Table.Td>
                ) : null}
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
