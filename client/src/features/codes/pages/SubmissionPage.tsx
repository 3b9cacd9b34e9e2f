import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import type { SubmissionDetail, SubmissionForm } from '@nomen/shared';
import { IconEdit, IconHistory, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
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
import { ApprovalBanner, OwnSubmissionNotice } from '../approval/ApprovalBanner';
import { DecisionPanel } from '../approval/DecisionPanel';
import { BackToCodes } from '../BackToCodes';
import { datasetDataPath, newSubmissionPath } from '../codesPaths';
import { SubmissionRowsEditor } from '../edit/SubmissionRowsEditor';
import { submissionVersions } from '../edit/submissionVersions';
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
 * /codes/submissions/{id} (issue 11 items 5, 6): a submission's status, its rows with their codes
 * (read-only grid: copy, find), its approval banner (one per status: waiting for whom, rejected
 * with the comment, approved by whom), the decision panel for those who may decide (an approver's
 * own submission says why not), and its history with every version of its rows (?version={commit
 * id} shows the rows as they were then); a Draft or Rejected submission of one's own opens again
 * in the table; holders of edit_submissions edit the rows of a submission in
 * the dataset ("Edit rows"), which makes a new version; "Dataset rows" opens the template's dataset.
 */
export function SubmissionPage() {
  const id = routeIdOf(useParams().id);
  const navigate = useNavigate();
  const { user, settings } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const version = routeIdOf(params.get('version'));
  const submission = useSubmission(id, version === null ? 'HEAD' : String(version));
  const form = useSubmissionForm(submission.data?.template_id ?? null);
  const [isEditing, setIsEditing] = useState(false);
  const grid = useMemo(
    () => (submission.data ? storedRowsGrid(submission.data.rows, form.data) : undefined),
    [submission.data, form.data],
  );
  const versions = useMemo(
    () => (submission.data ? submissionVersions(submission.data.history) : []),
    [submission.data],
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
  // An earlier version is shown when ?version names a commit other than the latest.
  const shown =
    version !== null && version !== s.commit_id ? versions.find((v) => v.commitId === version) : undefined;
  const isEarlier = version !== null && version !== s.commit_id;
  const hasIdentifier = form.data?.fields.some((f) => f.governance_type === 'cv_id') ?? false;
  const showVersion = (commitId: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (commitId === null || commitId === s.commit_id) next.delete('version');
        else next.set('version', String(commitId));
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <BackToCodes />
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
            {s.can_edit && !isEditing && !isEarlier && form.data ? (
              <Tooltip
                label="The template has no identifier (cv_id) field, so its rows cannot be named for an edit"
                disabled={hasIdentifier}
                withArrow
              >
                <Box component="span" display="inline-block">
                  <Button
                    leftSection={<IconEdit size={16} aria-hidden />}
                    disabled={!hasIdentifier}
                    onClick={() => setIsEditing(true)}
                  >
                    Edit rows
                  </Button>
                </Box>
              </Tooltip>
            ) : null}
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
        <ApprovalBanner submission={s} allowSelfApproval={settings.allow_self_approval} />
        {s.can_decide ? (
          <DecisionPanel submissionId={s.id} />
        ) : (
          <OwnSubmissionNotice
            submission={s}
            userId={user.id}
            allowSelfApproval={settings.allow_self_approval}
          />
        )}
        {isEarlier ? (
          <Alert
            color="blue"
            icon={<IconHistory aria-hidden />}
            title={shown ? `Version ${shown.number} of ${versions.length}` : 'An earlier version'}
            data-testid="version-notice"
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {shown ? (
                  <>
                    The rows as they were after “{ACTION_LABELS[shown.event.action]}” by{' '}
                    {shown.event.user.name}, <Timestamp value={shown.event.created_at} />.
                  </>
                ) : (
                  'The rows as they were at this version.'
                )}
              </Text>
              <Button size="xs" variant="default" onClick={() => showVersion(null)}>
                Show the latest version
              </Button>
            </Group>
          </Alert>
        ) : null}
        {isEditing && form.data && !isEarlier ? (
          <SubmissionRowsEditor submission={s} form={form.data} onClose={() => setIsEditing(false)} />
        ) : (
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
        )}
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
            {s.history.map((event) => {
              const made = versions.find((v) => v.event === event);
              const isShown = made !== undefined && made.commitId === (isEarlier ? version : s.commit_id);
              return (
                <Timeline.Item
                  key={`${event.created_at}:${event.action}:${event.user.id ?? ''}`}
                  title={
                    <Group gap="xs">
                      <span>{ACTION_LABELS[event.action]}</span>
                      {made ? (
                        <Text span size="sm" c="dimmed">
                          · version {made.number}
                        </Text>
                      ) : null}
                      {isShown ? (
                        <Badge size="sm" variant="light">
                          Shown
                        </Badge>
                      ) : made && !isEditing ? (
                        <Button size="compact-xs" variant="subtle" onClick={() => showVersion(made.commitId)}>
                          View version {made.number}
                        </Button>
                      ) : null}
                    </Group>
                  }
                >
                  <Text size="sm" c="dimmed">
                    {event.user.name} · <Timestamp value={event.created_at} />
                  </Text>
                  {event.comment ? <Text size="sm">{event.comment}</Text> : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Paper>
      </Stack>
    </>
  );
}
