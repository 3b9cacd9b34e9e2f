import { Button, Stack, Text, Title } from '@mantine/core';
import type { SubmissionSummary, submittableTemplateSchema } from '@nomen/shared';
import { IconPlus, IconTable } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useSignedIn } from '../../auth/api';
import { templateWording } from '../../shell/wording';
import { namesWithOr, useTemplateAdmins } from '../../templates/audience/useTemplateAudience';
import { useApprovals, useMySubmissions, useSharedDrafts, useSubmittableTemplates } from '../api';
import { datasetDataPath, newSubmissionPath, submissionPath } from '../codesPaths';
import { sharedWithText } from '../drafts/sharing/sharingText';
import { StatusBadge } from '../StatusBadge';

type SubmittableTemplate = z.infer<typeof submittableTemplateSchema>;

const submissionColumns: AdminTableColumn<SubmissionSummary>[] = [
  {
    key: 'name',
    header: 'Submission',
    cell: (s) => (
      <Text size="sm" fw={500}>
        {s.name}
      </Text>
    ),
    sortValue: (s) => s.name,
  },
  {
    key: 'template',
    header: 'Template',
    cell: (s) => <Text size="sm">{s.template_name}</Text>,
    sortValue: (s) => s.template_name,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => <StatusBadge status={s.status} />,
    sortValue: (s) => s.status,
  },
  {
    key: 'rows',
    header: 'Rows',
    cell: (s) => <Text size="sm">{s.row_count}</Text>,
    sortValue: (s) => s.row_count,
  },
  {
    key: 'updated_at',
    header: 'Updated',
    cell: (s) => <Timestamp value={s.updated_at} />,
    sortValue: (s) => new Date(s.updated_at),
  },
];

/**
 * The columns of the templates table: name, description, approval and "New submission", which
 * calls `onNew` with the template (without opening the row).
 */
function templateColumnsOf(onNew: (t: SubmittableTemplate) => void): AdminTableColumn<SubmittableTemplate>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <Text size="sm" fw={500}>
          {t.name}
        </Text>
      ),
      sortValue: (t) => t.name,
    },
    {
      key: 'description',
      header: 'Description',
      cell: (t) => (
        <Text size="sm" lineClamp={2}>
          {t.description}
        </Text>
      ),
    },
    {
      key: 'approval',
      header: 'Approval',
      cell: (t) => <Text size="sm">{t.require_approval ? 'Required' : 'None'}</Text>,
      sortValue: (t) => (t.require_approval ? 1 : 0),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          aria-label={`New submission with ${t.name}`}
          onClick={(event) => {
            event.stopPropagation();
            onNew(t);
          }}
        >
          New submission
        </Button>
      ),
    },
  ];
}

/** The search shared by the tables of the codes page: its text and how to change it. */
interface CodesSearch {
  search: string;
  onSearchChange: (q: string) => void;
}

/**
 * "Templates you can use" (spec 01 §2.7): each with "New submission" (a row click too). With no
 * template, the empty table names the account's admins to ask for one.
 */
function SubmittableTemplatesSection({ search, onSearchChange }: CodesSearch) {
  const navigate = useNavigate();
  const { features } = useSignedIn();
  const wording = templateWording(features);
  const templates = useSubmittableTemplates();
  // With no template to submit through, the empty table names whom to ask (spec 01 §2.7).
  const hasNoTemplate = templates.data?.data.length === 0;
  const admins = useTemplateAdmins(hasNoTemplate);
  const askWhom = admins.data?.data.length
    ? `ask ${namesWithOr(admins.data.data.map((a) => a.name))}`
    : 'ask an admin';
  const templateColumns = templateColumnsOf((t) => void navigate(newSubmissionPath(t.id)));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {wording.Words} you can use
      </Title>
      <AdminTable
        label={`${wording.Words} you can use`}
        noun={{ one: wording.word, other: wording.words }}
        rows={templates.data?.data}
        isLoading={templates.isPending}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        columns={templateColumns}
        rowId={(t) => t.id}
        rowName={(t) => t.name}
        searchText={(t) => `${t.name} ${t.description}`}
        search={search}
        onSearchChange={onSearchChange}
        onEdit={(t) => void navigate(newSubmissionPath(t.id))}
        emptyDescription={`No ${wording.word} is shared with you yet: ${askWhom} to add one to your group or its folders.`}
      />
    </Stack>
  );
}

/** Props of {@link ApprovalsSection}. */
interface ApprovalsSectionProps extends CodesSearch {
  /** The submissions waiting for the signed-in approver's decision. */
  waiting: SubmissionSummary[];
  onRetry: () => void;
}

/** The approver's inbox (spec 03 §4): "Waiting for your approval", a row opens the submission. */
function ApprovalsSection({ waiting, onRetry, search, onSearchChange }: ApprovalsSectionProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Waiting for your approval
      </Title>
      <AdminTable
        label="Waiting for your approval"
        noun={{ one: 'submission', other: 'submissions' }}
        rows={waiting}
        isLoading={false}
        error={null}
        onRetry={onRetry}
        columns={submissionColumns}
        rowId={(s) => s.id}
        rowName={(s) => s.name}
        searchText={(s) => `${s.name} ${s.template_name} ${s.status}`}
        search={search}
        onSearchChange={onSearchChange}
        onEdit={(s) => void navigate(submissionPath(s.id))}
        emptyDescription="Nothing waits for your approval."
      />
    </Stack>
  );
}

const sharedDraftColumns: AdminTableColumn<SubmissionSummary>[] = [
  submissionColumns[0]!,
  submissionColumns[1]!,
  {
    key: 'owner',
    header: 'Owner',
    cell: (s) => <Text size="sm">{s.submitter.name}</Text>,
    sortValue: (s) => s.submitter.name,
  },
  {
    key: 'people',
    header: 'People in it',
    cell: (s) => (
      <Text size="sm" lineClamp={2}>
        {sharedWithText(s.shared_with)}
      </Text>
    ),
    sortValue: (s) => sharedWithText(s.shared_with),
  },
  submissionColumns[3]!,
  submissionColumns[4]!,
];

/** Where a shared draft opens: its editor (the room), or its page when its template is gone. */
function sharedDraftPath(s: SubmissionSummary): string {
  return s.template_id !== null && s.status === 'Draft'
    ? newSubmissionPath(s.template_id, s.id)
    : submissionPath(s.id);
}

/**
 * "Shared drafts" (shared drafts): the drafts the signed-in person is in, theirs or shared with
 * them, with the template, name, owner and the people in it; a row opens the draft to fill it
 * together.
 */
function SharedDraftsSection({ search, onSearchChange }: CodesSearch) {
  const navigate = useNavigate();
  const drafts = useSharedDrafts();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Shared drafts
      </Title>
      <AdminTable
        label="Shared drafts"
        noun={{ one: 'shared draft', other: 'shared drafts' }}
        rows={drafts.data?.data}
        isLoading={drafts.isPending}
        error={drafts.error}
        onRetry={() => void drafts.refetch()}
        columns={sharedDraftColumns}
        rowId={(s) => s.id}
        rowName={(s) => s.name}
        searchText={(s) =>
          `${s.name} ${s.template_name} ${s.submitter.name} ${sharedWithText(s.shared_with)}`
        }
        search={search}
        onSearchChange={onSearchChange}
        onEdit={(s) => void navigate(sharedDraftPath(s))}
        emptyDescription="No draft is shared with you. Open one of your drafts and use Share draft to fill it together."
      />
    </Stack>
  );
}

/**
 * "Your recent submissions" with their status: a row opens it; "Dataset rows" opens the selected
 * one's dataset.
 */
function RecentSubmissionsSection({ search, onSearchChange }: CodesSearch) {
  const navigate = useNavigate();
  const submissions = useMySubmissions();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Your recent submissions
      </Title>
      <AdminTable
        label="Your recent submissions"
        noun={{ one: 'submission', other: 'submissions' }}
        rows={submissions.data?.data}
        isLoading={submissions.isPending}
        error={submissions.error}
        onRetry={() => void submissions.refetch()}
        columns={submissionColumns}
        rowId={(s) => s.id}
        rowName={(s) => s.name}
        searchText={(s) => `${s.name} ${s.template_name} ${s.status}`}
        search={search}
        onSearchChange={onSearchChange}
        onEdit={(s) => void navigate(submissionPath(s.id))}
        emptyDescription="Your submissions show here once you save or submit one."
        actions={(selected) => (
          <Button
            variant="default"
            leftSection={<IconTable size={16} aria-hidden />}
            disabled={selected.length !== 1}
            onClick={() => selected[0] && void navigate(datasetDataPath(selected[0].dataset_id))}
          >
            Dataset rows
          </Button>
        )}
      />
    </Stack>
  );
}

/**
 * /codes: the templates the signed-in person may submit through (admins all,
 * others through their groups' folders and templates, spec 01 §2.7), each with "New submission"
 * (a row click too); the shared drafts they are in (a row opens the draft); their own recent submissions with their status (a row opens it; "Dataset
 * rows" opens the selected one's dataset); one search text (kept in the URL as ?q=) filtering both
 * tables. With no template, the empty table names the account's admins to ask for one.
 */
export function CodesPage() {
  const { features } = useSignedIn();
  const wording = templateWording(features);
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').slice(0, 200);
  const setSearch = (q: string) => setParams(q ? { q } : {}, { replace: true });
  const approvals = useApprovals();
  const waiting = approvals.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Codes"
        description={`Submit governed values and codes through a ${wording.word}, and follow your submissions.`}
      />
      <Stack gap="xl">
        <SubmittableTemplatesSection search={search} onSearchChange={setSearch} />
        {waiting.length > 0 ? (
          <ApprovalsSection
            waiting={waiting}
            onRetry={() => void approvals.refetch()}
            search={search}
            onSearchChange={setSearch}
          />
        ) : null}
        <SharedDraftsSection search={search} onSearchChange={setSearch} />
        <RecentSubmissionsSection search={search} onSearchChange={setSearch} />
      </Stack>
    </>
  );
}
