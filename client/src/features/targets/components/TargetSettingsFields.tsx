import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { TARGET_TYPES, type TargetTypeId } from '@nomen/shared';
import { useConnectors, useConnectorTypes } from '../../connectors/api';
import { accountChoices, analyticsTypeChoices } from '../targetChoices';
import { type TargetDraft, withConnector, withType } from '../targetDraft';

/** Props of TargetSettingsFields. */
export interface TargetSettingsFieldsProps {
  draft: TargetDraft;
  onChange: (next: TargetDraft) => void;
  /** Server issues by field name: `name`, `nickname`, `connector_id`. */
  errors: Record<string, string>;
}

/**
 * The target editor's own inputs (spec 01 §2.5): name (required), nickname, the analytics type
 * (only analytics connector types, as the connector-type list offers them) and the connected
 * account of that type.
 */
export function TargetSettingsFields({ draft, onChange, errors }: TargetSettingsFieldsProps) {
  const types = useConnectorTypes();
  const connectors = useConnectors();
  const isAdobe = draft.connector_type_id === TARGET_TYPES.adobe;
  const typeChoices = analyticsTypeChoices(types.data?.data ?? [], draft.connector_type_id);
  const accounts = accountChoices(connectors.data?.data ?? [], draft.connector_type_id);
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        value={draft.name}
        error={errors.name}
        onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
      />
      <TextInput
        label="Nickname"
        description="Shown as the description in the targets table."
        value={draft.nickname}
        error={errors.nickname}
        onChange={(event) => onChange({ ...draft, nickname: event.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="target-type-label">
          Analytics type
        </Text>
        <SegmentedControl
          aria-labelledby="target-type-label"
          data={typeChoices}
          value={String(draft.connector_type_id)}
          onChange={(value) => onChange(withType(draft, Number(value) as TargetTypeId))}
        />
      </Stack>
      <Select
        label="Connected account"
        required
        searchable
        placeholder={connectors.isPending ? 'Loading accounts…' : 'Choose an account'}
        disabled={connectors.isPending}
        data={accounts}
        value={draft.connector_id === null ? null : String(draft.connector_id)}
        error={
          errors.connector_id ?? (connectors.error ? 'The connected accounts could not be loaded' : undefined)
        }
        nothingFoundMessage="No account matches"
        description={
          !connectors.isPending && accounts.length === 0
            ? `No ${isAdobe ? 'Adobe Analytics' : 'Google Analytics'} account yet: add one under Connected accounts.`
            : undefined
        }
        onChange={(value) => onChange(withConnector(draft, value ? Number(value) : null))}
      />
    </Stack>
  );
}
