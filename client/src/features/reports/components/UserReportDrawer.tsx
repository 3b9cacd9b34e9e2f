import { Badge, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { Timestamp } from '../../../ui/Timestamp';
import { useUserReport } from '../api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Props of UserReportDrawer. */
export interface UserReportDrawerProps {
  userId: number | null;
  tz: string;
  onClose: () => void;
}

/**
 * The single-user report (spec 01 §2.9, §3.3): profile, submitted codes, last submission, codes
 * per template and a monthly summary.
 */
export function UserReportDrawer({ userId, tz, onClose }: UserReportDrawerProps) {
  const report = useUserReport(userId, tz);
  const data = report.data;
  return (
    <Drawer opened={userId !== null} onClose={onClose} position="right" size="md" title="User report">
      {report.error && !data ? (
        <QueryErrorAlert error={report.error} what="the user report" onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Stack>
          <Skeleton height={24} />
          <Skeleton height={80} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {data.user.name}
            </Title>
            <Text size="sm">{data.user.email}</Text>
            <Group gap="xs">
              <Badge variant="light">{data.user.role}</Badge>
              {data.user.title ? (
                <Text size="sm" c="dimmed">
                  {data.user.title}
                </Text>
              ) : null}
              {data.user.disabled ? <Badge color="gray">Disabled</Badge> : null}
            </Group>
          </Stack>
          <Group gap="xl">
            <Stat label="Submitted codes">
              <Text fw={700} fz="xl" data-testid="user-report-codes">
                {data.submitted_codes}
              </Text>
            </Stat>
            <Stat label="Last submission">
              <WhenOrNever value={data.last_submission} />
            </Stat>
            <Stat label="Last login">
              <WhenOrNever value={data.user.last_login} />
            </Stat>
          </Group>
          <CodesTable
            title="Codes per template"
            header="Template"
            rows={data.templates.map((t) => ({ key: `${t.id}-${t.name}`, name: t.name, codes: t.codes }))}
          />
          <CodesTable
            title="Monthly summary"
            header="Month"
            rows={data.summary.map((m) => ({
              key: `${m.year}-${m.month}`,
              name: `${MONTHS[m.month - 1]} ${m.year}`,
              codes: m.codes,
            }))}
          />
        </Stack>
      )}
    </Drawer>
  );
}

/** One figure of the user report: a dimmed label over its value. */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A moment of the user report, or "Never" when there was none. */
function WhenOrNever({ value }: { value: string | null }) {
  return value ? <Timestamp value={value} /> : <Text size="sm">Never</Text>;
}

/** One row of a CodesTable: what is counted (a template, a month) and its codes. */
interface CodesRow {
  key: string;
  name: string;
  codes: number;
}

/**
 * A titled two-column count of the user report (codes per template, monthly summary; spec 01
 * §2.9): the table is named by its title, "No codes submitted yet." stands in for no rows.
 */
function CodesTable({ title, header, rows }: { title: string; header: string; rows: readonly CodesRow[] }) {
  return (
    <>
      <Title order={4} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No codes submitted yet.
        </Text>
      ) : (
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{header}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Codes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{row.codes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
