import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { EmptyState, Table, VisuallyHidden } from '@mantine/core';
import { type AuditRun, auditScoreText } from '@nomen/shared';
import { formatDateTime } from '../../../ui/formatTimestamp';

/**
 * The score over an audit's finished runs, oldest first (README "Audits"), as a line chart with
 * the same figures in a table for screen readers.
 */
export function AuditTrend({ runs }: { runs: readonly AuditRun[] }) {
  const points = runs
    .filter((r) => r.status === 'Success' && r.score !== null)
    .map((r) => ({ label: formatDateTime(r.created_at), score: Math.round(r.score! * 1000) / 10 }));
  if (points.length === 0) return <EmptyState py="md" title="No finished runs yet" />;
  return (
    <>
      <div aria-hidden>
        <LineChart
          h={200}
          data={points}
          dataKey="label"
          series={[{ name: 'score', label: 'Score (%)', color: 'teal.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          curveType="linear"
          withDots
        />
      </div>
      <VisuallyHidden>
        <Table aria-label="Score per run">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Run</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.label}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td>{auditScoreText(p.score / 100)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
