import { EmptyState, Table, Tabs, Text } from '@mantine/core';
import { AUDIT_BREAKDOWNS, type AuditBreakdownKey, type AuditRunDetail, auditScoreText } from '@nomen/shared';

const TITLES: Record<AuditBreakdownKey, string> = {
  platform: 'Platform',
  account: 'Account',
  campaign: 'Campaign',
  owner: 'Owner',
};

/**
 * A run's score by platform, account, campaign and owner (README "Audits"), one tab each, the
 * largest groups first; a tab without groups says the platform does not tell.
 */
export function AuditBreakdowns({ run }: { run: AuditRunDetail }) {
  return (
    <Tabs defaultValue="platform">
      <Tabs.List>
        {AUDIT_BREAKDOWNS.map((k) => (
          <Tabs.Tab key={k} value={k}>
            {TITLES[k]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {AUDIT_BREAKDOWNS.map((k) => (
        <Tabs.Panel key={k} value={k} pt="sm">
          {run.breakdown[k].length === 0 ? (
            <EmptyState
              py="sm"
              title={`The platform does not say the ${TITLES[k].toLowerCase()} of these objects`}
            />
          ) : (
            <Table aria-label={`Score by ${TITLES[k].toLowerCase()}`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{TITLES[k]}</Table.Th>
                  <Table.Th>Objects</Table.Th>
                  <Table.Th>Compliant</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.breakdown[k].map((g) => (
                  <Table.Tr key={g.key}>
                    <Table.Td>
                      <Text size="sm">{g.key}</Text>
                    </Table.Td>
                    <Table.Td>{g.objects}</Table.Td>
                    <Table.Td>{g.compliant}</Table.Td>
                    <Table.Td>{auditScoreText(g.objects === 0 ? null : g.compliant / g.objects)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
