import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  AUDIT_PLATFORM_LABELS,
  AUDIT_SCHEDULE_LABELS,
  type Audit,
  type AuditRun,
  type AuditRunDetail,
  auditScoreChange,
  auditScoreText,
  hasPermission,
  integrationFor,
} from '@nomen/shared';
import { IconPlayerPlay, IconTool } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { confirmAction } from '../../../ui/confirmAction';
import { formatDateTime } from '../../../ui/formatTimestamp';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useSearchParam } from '../../../ui/useSearchParam';
import { useSignedIn } from '../../auth/api';
import { useAudit, useAuditRun, useFixRun, useRunAudit } from '../api';
import { AuditBreakdowns } from '../components/AuditBreakdowns';
import { AuditDrawer } from '../components/AuditDrawer';
import { AuditFindings } from '../components/AuditFindings';
import { AuditTrend } from '../components/AuditTrend';

/** A titled part of the audit page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The data type as the integration forms name it ("Ad creatives"). */
function dataTypeLabel(audit: Audit): string {
  return (
    integrationFor(audit.slug).dataTypes.find((t) => t.value === audit.data_type)?.label ?? audit.data_type
  );
}

/** The score card of a run: score, change since the run before it, counts. */
function ScoreCard({ run, previous }: { run: AuditRunDetail; previous: AuditRun | null }) {
  const change = auditScoreChange(run.score, previous?.score ?? null);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Card withBorder>
        <Text size="xs" c="dimmed">
          Compliance score
        </Text>
        <Title order={2} aria-label={`Compliance score ${auditScoreText(run.score)}`}>
          {auditScoreText(run.score)}
        </Title>
        <Text size="xs" c="dimmed">
          {change === null ? 'First run' : `${change} since the run before`}
        </Text>
      </Card>
      {(
        [
          ['Objects', run.objects],
          ['Violations', run.violations],
          ['Accepted exceptions', run.exceptions],
        ] as const
      ).map(([label, value]) => (
        <Card key={label} withBorder>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Title order={2}>{value}</Title>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** "Run now" and "Fix violations" for holders of manage_audits. */
function AuditActions({
  audit,
  run,
  onEdit,
}: {
  audit: Audit;
  run: AuditRunDetail | null;
  onEdit: () => void;
}) {
  const runNow = useRunAudit();
  const fix = useFixRun();
  const navigate = useNavigate();
  const isBusy = audit.last_run?.status === 'Queued' || audit.last_run?.status === 'Running';
  const onRun = async () => {
    try {
      await runNow.mutateAsync(audit.id);
      notifySuccess('The audit is running');
    } catch (error) {
      notifyError(errorMessage(error, 'The audit could not be started'));
    }
  };
  const onFix = async () => {
    if (!run) return;
    const confirmed = await confirmAction({
      title: `Send ${run.violations} violations to a submission?`,
      message:
        'Each object becomes a row with its id and the values read from its name, wrong list values replaced by the one probably meant. Once submitted and approved, the template’s outbound integrations rename the objects on the platform.',
      confirmLabel: 'Send',
      isDestructive: false,
    });
    if (!confirmed) return;
    try {
      const made = await fix.mutateAsync({ runId: run.id, findingIds: [] });
      void navigate(`/codes/submissions/${made.submission_id}`);
    } catch (error) {
      notifyError(errorMessage(error, 'The violations could not be sent to a submission'));
    }
  };
  return (
    <Group>
      <Button variant="default" onClick={onEdit}>
        Edit
      </Button>
      <Button
        variant="default"
        leftSection={<IconTool size={16} aria-hidden />}
        disabled={!run || run.violations === 0}
        loading={fix.isPending}
        onClick={() => void onFix()}
      >
        Fix violations
      </Button>
      <Button
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        loading={runNow.isPending || isBusy}
        onClick={() => void onRun()}
      >
        Run now
      </Button>
    </Group>
  );
}

/** The chosen run (`?run=`, else the last) and its detail. */
function useChosenRun(runs: readonly AuditRun[] | undefined) {
  const [param, setParam] = useSearchParam('run');
  const last = runs?.at(-1) ?? null;
  const chosen = runs?.find((r) => String(r.id) === param) ?? last;
  const detail = useAuditRun(chosen?.id ?? null);
  const previous =
    chosen && runs ? (runs.filter((r) => r.id < chosen.id && r.status === 'Success').at(-1) ?? null) : null;
  return { chosen, detail, previous, choose: (id: string | null) => setParam(id) };
}

/**
 * /admin/audits/{id} (README "Audits"): the audit's score with the change since the run before,
 * the trend over its runs, the breakdowns by platform, account, campaign and owner, the
 * violations with their reasons and suggested names (accept as exception, download), and for
 * holders of manage_audits "Run now", "Edit" and "Fix violations". `?run=` shows an older run.
 */
export function AuditPage() {
  const id = Number(useParams().id);
  const me = useSignedIn();
  const mayManage = hasPermission(me.permissions, 'manage_audits');
  const audit = useAudit(id);
  const { chosen, detail, previous, choose } = useChosenRun(audit.data?.runs);
  const [editing, setEditing] = useState(0);
  if (audit.error)
    return <QueryErrorAlert error={audit.error} what="the audit" onRetry={() => void audit.refetch()} />;
  if (!audit.data) return <Skeleton height={300} />;
  const { audit: a, runs } = audit.data;
  const run = detail.data?.run ?? null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={a.name}
        description={`${AUDIT_PLATFORM_LABELS[a.slug]} · ${a.connector_name} · ${dataTypeLabel(a)} · template ${a.template_name} · ${AUDIT_SCHEDULE_LABELS[a.schedule]}`}
        aside={
          mayManage ? <AuditActions audit={a} run={run} onEdit={() => setEditing((n) => n + 1)} /> : null
        }
      />
      <Anchor component={Link} to="/admin/audits" size="sm">
        All audits
      </Anchor>
      {runs.length === 0 ? (
        <Alert title="Not run yet">
          {mayManage ? 'Run the audit to see its score.' : 'Its first run has not happened yet.'}
        </Alert>
      ) : (
        <Select
          label="Run"
          w={320}
          data={[...runs]
            .reverse()
            .map((r) => ({ value: String(r.id), label: `${formatDateTime(r.created_at)} · ${r.status}` }))}
          value={chosen ? String(chosen.id) : null}
          onChange={choose}
          allowDeselect={false}
        />
      )}
      {run?.status === 'Failed' ? (
        <Alert color="red" title="The run failed" role="alert">
          {run.message}
        </Alert>
      ) : null}
      {run && run.status === 'Success' ? (
        <>
          <ScoreCard run={run} previous={previous} />
          <Section title="Score over the runs">
            <AuditTrend runs={runs} />
          </Section>
          <Section title="Breakdown">
            <AuditBreakdowns run={run} />
          </Section>
          <Section title="Violations">
            <AuditFindings auditId={a.id} run={run} mayManage={mayManage} />
          </Section>
        </>
      ) : null}
      {run && (run.status === 'Queued' || run.status === 'Running') ? (
        <Text>The run is under way…</Text>
      ) : null}
      {mayManage && editing > 0 ? (
        <AuditDrawer key={editing} opened audit={a} onClose={() => setEditing(0)} />
      ) : null}
    </Stack>
  );
}
