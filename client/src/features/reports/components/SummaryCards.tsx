import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useReportSummary } from '../api';
import { DownloadMenu } from './DownloadMenu';

const numberFormat = new Intl.NumberFormat();

/** The summary counts (spec 01 §2.9): active users, codes submitted, submissions. */
export function SummaryCards() {
  const summary = useReportSummary();
  if (summary.error && !summary.data) {
    return (
      <QueryErrorAlert error={summary.error} what="the summary" onRetry={() => void summary.refetch()} />
    );
  }
  const cards = [
    { key: 'activeUsers', label: 'Active users', value: summary.data?.activeUsers },
    { key: 'numCodesSubmitted', label: 'Codes submitted', value: summary.data?.numCodesSubmitted },
    { key: 'submissions', label: 'Submissions', value: summary.data?.submissions },
  ];
  return (
    <section aria-label="Summary">
      <Group justify="flex-end" mb="xs">
        <DownloadMenu report="summary" label="summary" text="Download summary" />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {cards.map((card) => (
          <Paper key={card.key} withBorder radius="md" p="md" data-testid={`summary-${card.key}`}>
            <Text size="sm" c="dimmed">
              {card.label}
            </Text>
            {card.value === undefined ? (
              <Skeleton height={30} mt={6} width="40%" />
            ) : (
              <Text fz={28} fw={700} aria-label={`${card.label}: ${card.value}`}>
                {numberFormat.format(card.value)}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
