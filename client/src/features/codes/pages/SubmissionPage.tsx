import { Alert, Anchor, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { SubmissionDetail, SubmissionForm } from '@nomen/shared';
import { IconArrowLeft, IconEdit, IconMessage, IconTable } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { routeIdOf } from '../../../ui/routeId';
import { Timestamp } from '../../../ui/Timestamp';
import { useSignedIn } from '../../auth/api';
import { SubmissionRuns } from '../../integration-runs/SubmissionRuns';
import type { GridColumn, GridData } from '../../lists/grid/gridTypes';
import { SpreadsheetGrid } from '../../lists/grid/SpreadsheetGrid';
import { useSubmission, useSubmissionForm } from '../api';
import { DecisionPanel } from '../approval/DecisionPanel';
import { CODES_PATH, datasetDataPath, newSubmissionPath } from '../codesPaths';
import { SubmissionLinkChecks } from '../links/SubmissionLinkChecks';
import { StatusBadge } from '../StatusBadge';
import { tableColumns } from '../table/submissionTable';

const ACTION_LABELS: Record<SubmissionDetail['history'][number]['action'], string> = {
  created: 'Created',
  saved: 'Saved',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  edited: 'Edited',
};

/**
 * The stored rows as a read-only grid: one column per visible template field, computed ones (the
 * codes) first, when the template is readable; else one per stored key.
 */
export function storedRowsGrid(
  rows: SubmissionDetail['rows'],
  form: Pick<SubmissionForm, 'fields'> | undefined,
): GridData {
  const columns = form
    ? // The codes and other computed values first, so they are in view without scrolling.
      [...tableColumns(form)]
        .sort((a, b) => Number(b.isComputed) - Number(a.isComputed))
        .map((c) => ({ key: c.key, name: c.name }))
    : [...new Set(rows.flatMap((r) => Object.keys(r.data)))].map((key) => ({ key, name: `Field ${key}` }));
  return {
    rowCount: rows.length,
    columns: columns.map(
      (c): GridColumn => ({
        key: c.key,
        id: c.key,
        name: c.name,
        values: rows.map((r) => r.data[c.key] ?? ''),
        ids: [],
      }),
    ),
  };
}

/**
 * /codes/submissions/{id} (issue 11 item 6): a submission's status, its rows with their codes
 * (read-only grid: copy, find), the approver's comment and its history; a Draft or Rejected
 * submission of one's own opens again in the table; "Dataset rows" opens the template's dataset.
 */
export function SubmissionPage() {
  const id = routeIdOf(useParams().id);
  const navigate = useNavigate();
  const { user } = useSignedIn();
  const submission = useSubmission(id);
  const form = useSubmissionForm(submission.data?.template_id ?? null);
  const grid = useMemo(
    () => (submission.data ? storedRowsGrid(submission.data.rows, form.data) : undefined),
    [submission.data, form.data],
  );

  if (id === null) return <Alert color="red">This address names no submission.</Alert>;
  if (submission.error)
    return (
      <QueryErrorAlert
        error={submission.error}
        what="the submission"
        onRetry={() => void submission.refetch()}
      />
    );
  if (!submission.data || !grid || (submission.data.template_id !== null && form.isPending))
    return <PageSkeleton />;
  const s = submission.data;
  const canReopen =
    s.template_id !== null && s.submitter.id === user.id && (s.status === 'Draft' || s.status === 'Rejected');

  return (
    <>
      <Anchor component={Link} to={CODES_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Codes
        </Group>
      </Anchor>
      <PageHeader
        title={s.name}
        description={
          <>
            {s.template_name} · {s.row_count === 1 ? '1 row' : `${s.row_count} rows`} · by {s.submitter.name}
          </>
        }
        aside={
          <Group gap="xs" wrap="nowrap">
            <StatusBadge status={s.status} />
            {canReopen ? (
              <Button
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => void navigate(newSubmissionPath(s.template_id!, s.id))}
              >
                {s.status === 'Draft' ? 'Continue editing' : 'Correct and resubmit'}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={datasetDataPath(s.dataset_id)}
              variant="default"
              leftSection={<IconTable size={16} aria-hidden />}
            >
              Dataset rows
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        {s.decision_comment ? (
          <Alert
            color={s.status === 'Rejected' ? 'red' : 'green'}
            icon={<IconMessage aria-hidden />}
            title={`${s.status === 'Rejected' ? 'Rejected' : 'Approved'} by ${s.decided_by?.name ?? 'an approver'}`}
          >
            {s.decision_comment}
          </Alert>
        ) : null}
        {s.can_decide ? (
          <DecisionPanel submissionId={s.id} />
        ) : s.status === 'Pending' ? (
          <Text size="sm" c="dimmed">
            Waiting for an approver: the rows enter the dataset once approved.
          </Text>
        ) : null}
        <SpreadsheetGrid
          label={`${s.name} rows`}
          testId="submission-rows"
          data={grid}
          onChange={() => {}}
          isReadOnly
          fixedColumns
          rowLimit={grid.rowCount}
          height={Math.min(480, 41 + Math.max(1, grid.rowCount) * 40 + 2)}
        />
        {s.status === 'Approved' || s.status === 'Submitted' ? (
          <>
            <SubmissionLinkChecks submissionId={s.id} />
            <SubmissionRuns submissionId={s.id} />
          </>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="sm">
            History
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {s.history.map((event) => (
              <Timeline.Item
                key={`${event.created_at}:${event.action}:${event.user.id ?? ''}`}
                title={ACTION_LABELS[event.action]}
              >
                <Text size="sm" c="dimmed">
                  {event.user.name} · <Timestamp value={event.created_at} />
                </Text>
                {event.comment ? <Text size="sm">{event.comment}</Text> : null}
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </Stack>
    </>
  );
}
