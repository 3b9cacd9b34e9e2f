import { Badge, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
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
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Submitted codes
              </Text>
              <Text fw={700} fz="xl" data-testid="user-report-codes">
                {data.submitted_codes}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Last submission
              </Text>
              {data.last_submission ? (
                <Timestamp value={data.last_submission} />
              ) : (
                <Text size="sm">Never</Text>
              )}
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Last login
              </Text>
              {data.user.last_login ? (
                <Timestamp value={data.user.last_login} />
              ) : (
                <Text size="sm">Never</Text>
              )}
            </Stack>
          </Group>
          <Title order={4} size="h5">
            Codes per template
          </Title>
          {data.templates.length === 0 ? (
            <Text size="sm" c="dimmed">
              No codes submitted yet.
            </Text>
          ) : (
            <Table aria-label="Codes per template">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Template</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Codes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.templates.map((t) => (
                  <Table.Tr key={`${t.id}-${t.name}`}>
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{t.codes}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4} size="h5">
            Monthly summary
          </Title>
          {data.summary.length === 0 ? (
            <Text size="sm" c="dimmed">
              No codes submitted yet.
            </Text>
          ) : (
            <Table aria-label="Monthly summary">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Codes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.summary.map((m) => (
                  <Table.Tr key={`${m.year}-${m.month}`}>
                    <Table.Td>
                      {MONTHS[m.month - 1]} {m.year}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{m.codes}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
