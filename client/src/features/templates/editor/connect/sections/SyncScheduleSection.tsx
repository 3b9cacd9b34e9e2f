import { Group, Select, Tooltip } from '@mantine/core';
import {
  DEFAULT_SYNC_FREQUENCY,
  metadataText,
  SYNC_FREQUENCIES,
  SYNC_FREQUENCY_LABELS,
  SYNC_SCHEDULE_EVERY_8_HOURS,
  SYNC_SCHEDULE_LABELS,
} from '@nomen/shared';
import { useTemplateEditorEnvironment } from '../../TemplateEditorContext';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The sync schedule (spec 03 §5 "only 'every 8 hours' is offered, and it is disabled"; §9 sync 8
 * hours). Integrations that sync through the sync service (rows naming ads-sync-service, with that
 * flag on) also choose a sync frequency (spec 03 §3 syncFrequency, §9 labels daily, twice-daily,
 * weekly, manual-only; daily until chosen).
 */
export function SyncScheduleSection({ assignment, definition, editing }: IntegrationSectionProps) {
  const { hasFlag } = useTemplateEditorEnvironment();
  const usesSyncService =
    definition.behaviourFlags.includes('ads-sync-service') && hasFlag('ads-sync-service');
  return (
    <Group align="flex-end">
      <Tooltip label="Inbound integrations sync every 8 hours" position="top-start">
        <Select
          label="Sync schedule"
          w={240}
          disabled
          data={[
            { value: SYNC_SCHEDULE_EVERY_8_HOURS, label: SYNC_SCHEDULE_LABELS[SYNC_SCHEDULE_EVERY_8_HOURS]! },
          ]}
          value={SYNC_SCHEDULE_EVERY_8_HOURS}
        />
      </Tooltip>
      {usesSyncService ? (
        <Select
          label="Sync frequency"
          description="How often the sync service refreshes this integration"
          w={240}
          allowDeselect={false}
          data={SYNC_FREQUENCIES.map((value) => ({ value, label: SYNC_FREQUENCY_LABELS[value] }))}
          value={metadataText(assignment.metadata, 'syncFrequency') || DEFAULT_SYNC_FREQUENCY}
          onChange={(value) => {
            if (value) void editing.change({ kind: 'metadata', key: 'syncFrequency', value });
          }}
        />
      ) : null}
    </Group>
  );
}
