import {
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Menu,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditFinding, AuditRunDetail } from '@nomen/shared';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { findingsDownloadUrl, useAuditFindings } from '../api';
import { ExceptionModal, useRemoveException } from './ExceptionModal';

/** Findings per page. */
const PAGE_SIZE = 50;

/** How the reason filter names each reason kind. */
const REASON_LABELS: Record<string, string> = {
  not_in_list: 'Value not in its list',
  no_match: 'Name does not match the pattern',
  invalid_date: 'Invalid date',
  too_short: 'Name too short',
  trailing_text: 'Text after the last segment',
  too_long: 'Name too long',
  missing_name: 'No name',
  missing_parameter: 'Missing link parameter',
  disallowed_value: 'Link value not allowed',
  domain_not_allowed: 'Domain not allowed',
  invalid_url: 'Invalid URL',
  landing_page: 'Landing page not reached',
};

/** What a holder of manage_audits may do with a finding: accept a violation, remove an exception. */
interface FindingActions {
  accept: (finding: AuditFinding) => void;
  remove: (finding: AuditFinding) => void;
}

function FindingActionButton({ finding, actions }: { finding: AuditFinding; actions: FindingActions }) {
  return finding.verdict === 'violation' ? (
    <Button
      size="xs"
      variant="default"
      onClick={() => actions.accept(finding)}
      aria-label={`Accept ${finding.name} as an exception`}
    >
      Accept
    </Button>
  ) : (
    <Button
      size="xs"
      variant="light"
      color="red"
      onClick={() => actions.remove(finding)}
      aria-label={`Remove the exception of ${finding.name}`}
    >
      Remove exception
    </Button>
  );
}

function FindingRow({ finding, actions }: { finding: AuditFinding; actions: FindingActions | null }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {finding.name || '(no name)'}
        </Text>
        <Text size="xs" c="dimmed">
          {finding.object_id}
          {finding.campaign ? ` · ${finding.campaign}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {finding.reasons.map((r) => (
            <Text key={`${r.kind}${r.message}`} size="sm">
              {r.message}
            </Text>
          ))}
          {finding.exception_comment !== null ? (
            <Text size="xs" c="dimmed">
              <Badge size="xs" variant="light" mr={4}>
                Exception
              </Badge>
              {finding.exception_comment}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {finding.suggested_name ? <Code>{finding.suggested_name}</Code> : null}
        {finding.suggested_url ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {finding.suggested_url}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{actions ? <FindingActionButton finding={finding} actions={actions} /> : null}</Table.Td>
    </Table.Tr>
  );
}

/** Search, reason filter and download of the violations. */
function FindingsToolbar(props: {
  runId: number;
  search: string;
  onSearch: (text: string) => void;
  reasons: { value: string; label: string }[];
  reason: string | null;
  onReason: (value: string | null) => void;
}) {
  const { runId, search, onSearch, reasons, reason, onReason } = props;
  return (
    <Group justify="space-between">
      <Group>
        <TextInput
          aria-label="Search violations"
          placeholder="Search names, links, ids"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Reason"
          placeholder="Every reason"
          data={reasons}
          value={reason}
          clearable
          onChange={onReason}
        />
      </Group>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />}>
            Download
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href={findingsDownloadUrl(runId, 'csv')} download>
            CSV (UTF-8)
          </Menu.Item>
          <Menu.Item component="a" href={findingsDownloadUrl(runId, 'xlsx')} download>
            Excel (.xlsx)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A page of violations. */
function FindingsTable({ rows, actions }: { rows: readonly AuditFinding[]; actions: FindingActions | null }) {
  return (
    <Table aria-label="Violations" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Object</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>The template would make</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((f) => (
          <FindingRow key={f.id} finding={f} actions={actions} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The violations of a run (README "Audits"): a search, a reason filter, a page of findings with
 * their reasons and the name (and link) the template would produce, "Accept" as an exception with
 * a comment and "Remove exception" with a confirmation (holders of manage_audits), and the download of every finding as CSV or Excel.
 */
export function AuditFindings({
  auditId,
  run,
  mayManage,
}: {
  auditId: number;
  run: AuditRunDetail;
  mayManage: boolean;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [reason, setReason] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [accepting, setAccepting] = useState<AuditFinding | null>(null);
  const removeException = useRemoveException(auditId);
  const findings = useAuditFindings(run.id, {
    q,
    reason: reason ?? '',
    verdict: '',
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const reasons = Object.keys(run.reason_counts).map((k) => ({
    value: k,
    label: `${REASON_LABELS[k] ?? k} (${run.reason_counts[k]})`,
  }));
  const total = findings.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <FindingsToolbar
        runId={run.id}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        reasons={reasons}
        reason={reason}
        onReason={(value) => {
          setReason(value);
          setPage(1);
        }}
      />
      {findings.error ? (
        <QueryErrorAlert
          error={findings.error}
          what="the violations"
          onRetry={() => void findings.refetch()}
        />
      ) : findings.data && total === 0 ? (
        <EmptyState
          py="md"
          title={q || reason ? 'No violation matches' : 'No violations: every object follows the template'}
        />
      ) : (
        <FindingsTable
          rows={findings.data?.data ?? []}
          actions={mayManage ? { accept: setAccepting, remove: (f) => void removeException(f) } : null}
        />
      )}
      {total > PAGE_SIZE ? (
        <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
      ) : null}
      <ExceptionModal
        key={accepting?.id ?? 0}
        auditId={auditId}
        finding={accepting}
        onClose={() => setAccepting(null)}
      />
    </Stack>
  );
}
