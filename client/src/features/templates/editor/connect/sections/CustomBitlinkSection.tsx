import { Switch } from '@mantine/core';
import { isMetadataFlagOn } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The custom link shortener toggle (spec 03 §4: on adds a required custom_bitlink mapping row, off
 * removes it), applied through `applyIntegrationChange`.
 */
export function CustomBitlinkSection({ assignment, editing, issues }: IntegrationSectionProps) {
  return (
    <>
      <Switch
        label="Custom bitlinks"
        description="Map a template field to the back-half of each short link"
        checked={isMetadataFlagOn(assignment.metadata, 'custom_bitlink_enabled')}
        onChange={(event) =>
          void editing.change({
            kind: 'metadata',
            key: 'custom_bitlink_enabled',
            value: event.currentTarget.checked ? 1 : 0,
          })
        }
      />
      <SectionIssues issues={issues} />
    </>
  );
}
