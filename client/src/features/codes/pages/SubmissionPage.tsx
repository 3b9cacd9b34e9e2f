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
import { DraftSharingControl } from '../drafts/sharing/DraftSharingControl';
import { SubmissionRowsEditor } from '../edit/SubmissionRowsEditor';
import { type SubmissionVersion, submissionVersions } from '../edit/submissionVersions';
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

/** Props of {@link SubmissionActions}. */
type SubmissionActionsProps = {
  /** The submission shown. */
  submission: SubmissionDetail;
  /** Its template's submission form, when readable. */
  form: SubmissionForm | undefined;
  /** Whether "Edit rows" is offered (may edit, not editing, latest version, template readable). */
  canEditRows: boolean;
  /** Starts editing the rows in place. */
  onEditRows: () => void;
};

/**
 * The submission header's buttons (spec 03 §4): its status, "Edit rows" (edit_submissions, spec 01
 * §6; disabled with a tooltip when the template has no cv_id field), "Continue editing" or "Correct
 * and resubmit" for one's own Draft or Rejected submission, and "Dataset rows".
 */
function SubmissionActions({ submission: s, form, canEditRows, onEditRows }: SubmissionActionsProps) {
  const navigate = useNavigate();
  const { user } = useSignedIn();
  // The people a Draft is shared with fill it too (shared drafts).
  const canReopen =
    s.template_id !== null &&
    ((s.submitter.id === user.id && (s.status === 'Draft' || s.status === 'Rejected')) ||
      (s.status === 'Draft' && s.shared));
  const hasIdentifier = form?.fields.some((f) => f.governance_type === 'cv_id') ?? false;
  return (
    <Group gap="xs" wrap="nowrap">
      <DraftSharingControl draft={s} />
      <StatusBadge status={s.status} />
      {canEditRows ? (
        <Tooltip
          label="The template has no identifier (cv_id) field, so its rows cannot be named for an edit"
          disabled={hasIdentifier}
          withArrow
        >
          <Box component="span" display="inline-block">
            <Button
              leftSection={<IconEdit size={16} aria-hidden />}
              disabled={!hasIdentifier}
              onClick={onEditRows}
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
  );
}

/**
 * The submission page's header: "Codes" back link, the submission's name, template, row count and
 * submitter, and its buttons ({@link SubmissionActions}).
 */
function SubmissionHeader(props: SubmissionActionsProps) {
  const s = props.submission;
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
        aside={<SubmissionActions {...props} />}
      />
    </>
  );
}

/** Props of {@link VersionNotice}. */
type VersionNoticeProps = {
  /** The earlier version shown, when ?version names one of the listed versions. */
  shown: SubmissionVersion | undefined;
  /** How many versions the submission has. */
  versionCount: number;
  /** Goes back to the latest version. */
  onShowLatest: () => void;
};

/** The notice above the rows of an earlier version: which one, made by whom and when. */
function VersionNotice({ shown, versionCount, onShowLatest }: VersionNoticeProps) {
  return (
    <Alert
      color="blue"
      icon={<IconHistory aria-hidden />}
      title={shown ? `Version ${shown.number} of ${versionCount}` : 'An earlier version'}
      data-testid="version-notice"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {shown ? (
            <>
              The rows as they were after “{ACTION_LABELS[shown.event.action]}” by {shown.event.user.name},{' '}
              <Timestamp value={shown.event.created_at} />.
            </>
          ) : (
            'The rows as they were at this version.'
          )}
        </Text>
        <Button size="xs" variant="default" onClick={onShowLatest}>
          Show the latest version
        </Button>
      </Group>
    </Alert>
  );
}

/** Props of {@link SubmissionHistory}. */
type SubmissionHistoryProps = {
  /** The submission's history events, oldest first. */
  history: SubmissionDetail['history'];
  /** The versions of its rows, from {@link submissionVersions}. */
  versions: SubmissionVersion[];
  /** The commit id of the version shown. */
  shownCommitId: number | null;
  /** Whether the rows are being edited (then no other version may be opened). */
  isEditing: boolean;
  /** Shows the version made at `commitId`. */
  onShowVersion: (commitId: number) => void;
};

/**
 * The submission's history (spec 03 §4): one timeline item per event, with the version it made,
 * "Shown" on the version in view and "View version n" on the others.
 */
function SubmissionHistory({
  history,
  versions,
  shownCommitId,
  isEditing,
  onShowVersion,
}: SubmissionHistoryProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2}>
        {history.map((event) => {
          const made = versions.find((v) => v.event === event);
          const isShown = made !== undefined && made.commitId === shownCommitId;
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
                    <Button size="compact-xs" variant="subtle" onClick={() => onShowVersion(made.commitId)}>
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
  );
}

/** The approval banner of a submission, then the decision panel or why one may not decide (spec 03 §4). */
function SubmissionApproval({ submission }: { submission: SubmissionDetail }) {
  const { user, settings } = useSignedIn();
  return (
    <>
      <ApprovalBanner submission={submission} allowSelfApproval={settings.allow_self_approval} />
      {submission.can_decide ? (
        <DecisionPanel submissionId={submission.id} />
      ) : (
        <OwnSubmissionNotice
          submission={submission}
          userId={user.id}
          allowSelfApproval={settings.allow_self_approval}
        />
      )}
    </>
  );
}

/** Props of {@link SubmissionRows}. */
type SubmissionRowsProps = {
  submission: SubmissionDetail;
  /** The template's submission form; the rows editor opens only with it. */
  form: SubmissionForm | undefined;
  /** The shown rows as a read-only grid, from {@link storedRowsGrid}. */
  grid: GridData;
  /** Whether the latest rows are being edited. */
  isEditing: boolean;
  /** Closes the rows editor. */
  onCloseEditor: () => void;
};

/**
 * The submission's rows: the rows editor while editing (edit_submissions, spec 01 §6), else the
 * read-only grid (copy, find).
 */
function SubmissionRows({ submission: s, form, grid, isEditing, onCloseEditor }: SubmissionRowsProps) {
  return isEditing && form ? (
    <SubmissionRowsEditor submission={s} form={form} onClose={onCloseEditor} />
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
  );
}

/**
 * The version of a submission's rows named by ?version= (a commit id; null for the latest) and
 * the function that shows the version made at a commit (null or `latestCommitId`: the latest).
 */
function useVersionParam() {
  const [params, setParams] = useSearchParams();
  const version = routeIdOf(params.get('version'));
  const showVersion = (commitId: number | null, latestCommitId: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (commitId === null || commitId === latestCommitId) next.delete('version');
        else next.set('version', String(commitId));
        return next;
      },
      { replace: true },
    );
  return { version, showVersion };
}

/**
 * /codes/submissions/{id} (spec 03 §4): a submission's status, its rows with their codes
 * (read-only grid: copy, find), its approval banner (one per status: waiting for whom, rejected
 * with the comment, approved by whom), the decision panel for those who may decide (an approver's
 * own submission says why not), and its history with every version of its rows (?version={commit
 * id} shows the rows as they were then); a Draft or Rejected submission of one's own opens again
 * in the table; holders of edit_submissions (spec 01 §6) edit the rows of a submission in
 * the dataset ("Edit rows"), which makes a new version; "Dataset rows" opens the template's dataset.
 */
export function SubmissionPage() {
  const id = routeIdOf(useParams().id);
  const { version, showVersion: showVersionOf } = useVersionParam();
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
  // An earlier version is shown when ?version names a commit other than the latest.
  const isEarlier = version !== null && version !== s.commit_id;
  const shown = isEarlier ? versions.find((v) => v.commitId === version) : undefined;
  const showVersion = (commitId: number | null) => showVersionOf(commitId, s.commit_id);

  return (
    <>
      <SubmissionHeader
        submission={s}
        form={form.data}
        canEditRows={s.can_edit && !isEditing && !isEarlier && form.data !== undefined}
        onEditRows={() => setIsEditing(true)}
      />
      <Stack gap="lg">
        <SubmissionApproval submission={s} />
        {isEarlier ? (
          <VersionNotice
            shown={shown}
            versionCount={versions.length}
            onShowLatest={() => showVersion(null)}
          />
        ) : null}
        <SubmissionRows
          submission={s}
          form={form.data}
          grid={grid}
          isEditing={isEditing && !isEarlier}
          onCloseEditor={() => setIsEditing(false)}
        />
        {s.status === 'Approved' || s.status === 'Submitted' ? (
          <>
            <SubmissionLinkChecks submissionId={s.id} />
            <SubmissionRuns submissionId={s.id} />
          </>
        ) : null}
        <SubmissionHistory
          history={s.history}
          versions={versions}
          shownCommitId={isEarlier ? version : s.commit_id}
          isEditing={isEditing}
          onShowVersion={showVersion}
        />
      </Stack>
    </>
  );
}
