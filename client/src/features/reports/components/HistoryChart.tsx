import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { EmptyState, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { monthLabel } from '@nomen/shared';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useReportCharts } from '../api';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';

/**
 * The history line chart (spec 01 §2.9, §9): codes submitted per month over 6 months in the
 * reader's time zone, with the same figures in a table for screen readers.
 */
export function HistoryChart({ tz }: { tz: string }) {
  const charts = useReportCharts(tz);
  const points = charts.data?.data.map((p) => ({ ...p, label: monthLabel(p.month) }));
  const isEmpty = points?.every((p) => p.codes_submitted === 0) ?? false;
  return (
    <ReportSection
      id="history"
      title="Codes submitted per month"
      description="The last 6 months"
      actions={<DownloadMenu report="charts" label="history chart" query={{ tz }} />}
    >
      {charts.error && !points ? (
        <QueryErrorAlert error={charts.error} what="the chart" onRetry={() => void charts.refetch()} />
      ) : !points ? (
        <Skeleton height={240} />
      ) : (
        <>
          {isEmpty ? (
            <EmptyState py="md" title="No codes submitted in the last 6 months" />
          ) : (
            <div aria-hidden>
              <LineChart
                h={240}
                data={points}
                dataKey="label"
                series={[{ name: 'codes_submitted', label: 'Codes submitted', color: 'blue.6' }]}
                curveType="linear"
                withDots
              />
            </div>
          )}
          <VisuallyHidden>
            <Table aria-label="Codes submitted per month">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Codes submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {points.map((p) => (
                  <Table.Tr key={p.month}>
                    <Table.Td>{p.label}</Table.Td>
                    <Table.Td>{p.codes_submitted}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </ReportSection>
  );
}
