import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IMPORT_FILTER_FLAGS,
  isPullingPerformanceMetrics,
  type MetadataValue,
  metadataText,
  PERFORMANCE_METRICS_DAYS,
  PERFORMANCE_METRICS_KEY,
  performanceMetricsOf,
  performanceMetricsRefusal,
} from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/** "includeArchivedCampaigns" → "Include archived campaigns". */
function flagLabel(flag: string): string {
  const words = flag.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The import filter flags of ad imports (spec 03 §3 metadata importFilters, §9 flags) and the
 * pull_performance_metrics flag (spec 03 §3), which says which metrics the chosen data type's rows
 * will carry, or why a run with it on fails (performance-metrics.ts in shared).
 */
export function ImportFiltersSection({ assignment, definition, editing, issues }: IntegrationSectionProps) {
  const raw = assignment.metadata.importFilters;
  const current: Record<string, MetadataValue> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const dataType =
    definition.dataTypeKey === null
      ? null
      : metadataText(assignment.metadata, definition.dataTypeKey) || null;
  const metrics = performanceMetricsOf(assignment.slug, dataType);
  const isPullingMetrics = isPullingPerformanceMetrics(assignment.metadata);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Import options
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {IMPORT_FILTER_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={flagLabel(flag)}
            checked={current[flag] === true}
            onChange={(event) =>
              void editing.change({
                kind: 'metadata',
                key: 'importFilters',
                value: { ...current, [flag]: event.currentTarget.checked },
              })
            }
          />
        ))}
      </SimpleGrid>
      <Checkbox
        label="Pull performance metrics"
        checked={isPullingMetrics}
        description={
          metrics
            ? `Every imported row also carries its ${metrics.join(', ')} of the last ${PERFORMANCE_METRICS_DAYS} days`
            : isPullingMetrics
              ? performanceMetricsRefusal(assignment.slug, dataType)
              : `Adds impressions, clicks, spend and conversions of the last ${PERFORMANCE_METRICS_DAYS} days to each row, where the platform reports them`
        }
        error={isPullingMetrics && !metrics && dataType !== null}
        onChange={(event) =>
          void editing.change({
            kind: 'metadata',
            key: PERFORMANCE_METRICS_KEY,
            value: event.currentTarget.checked ? 1 : 0,
          })
        }
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}
