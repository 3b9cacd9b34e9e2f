import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMPORT_FILTER_FLAGS, type MetadataValue } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/** "includeArchivedCampaigns" → "Include archived campaigns". */
function flagLabel(flag: string): string {
  const words = flag.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The import filter flags of ad imports (spec 03 §3 metadata importFilters, §9 flags). */
export function ImportFiltersSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const raw = assignment.metadata.importFilters;
  const current: Record<string, MetadataValue> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
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
      <SectionIssues issues={issues} />
    </Stack>
  );
}
