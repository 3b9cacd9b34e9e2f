import { Group, Select, Switch } from '@mantine/core';
import { AWS_ACL_OPTIONS, AWS_REGIONS, isMetadataFlagOn, metadataText } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * AWS storage settings (spec 03 §3 awsRegion, use_acl, use_sse; §9 the first configured region by
 * default, the two ACL options, encryption on unless 0).
 */
export function AwsStorageSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const { metadata } = assignment;
  const sse = metadata.use_sse;
  const region = metadataText(metadata, 'awsRegion');
  const regions: string[] = [...AWS_REGIONS];
  if (region !== '' && !regions.includes(region)) regions.unshift(region);
  return (
    <>
      <Group grow align="flex-end">
        <Select
          label="Region"
          placeholder="Choose a region"
          searchable
          allowDeselect={false}
          data={regions}
          value={region || null}
          onChange={(value) =>
            void editing.change({ kind: 'metadata', key: 'awsRegion', value: value ?? '' })
          }
        />
        <Select
          label="Object ownership"
          data={[...AWS_ACL_OPTIONS]}
          value={metadataText(metadata, 'use_acl') || '0'}
          allowDeselect={false}
          onChange={(value) => void editing.change({ kind: 'metadata', key: 'use_acl', value: value ?? '0' })}
        />
      </Group>
      <Switch
        label="Server-side encryption"
        // spec 03 §9: encryption is on unless 0.
        checked={sse === undefined || isMetadataFlagOn(metadata, 'use_sse')}
        onChange={(event) =>
          void editing.change({
            kind: 'metadata',
            key: 'use_sse',
            value: event.currentTarget.checked ? 1 : 0,
          })
        }
      />
      <SectionIssues issues={issues} />
    </>
  );
}
