import { Badge, Button, Combobox, Group, Text, useCombobox } from '@mantine/core';
import {
  canAddIntegration,
  type IntegrationAssignment,
  type IntegrationDefinition,
  integrationsForList,
} from '@nomen/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { IntegrationLogo } from './IntegrationLogo';

/** Whether an integration type matches a search text (label or slug, any case). */
function matches(definition: IntegrationDefinition, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || definition.label.toLowerCase().includes(needle) || definition.slug.includes(needle);
}

/**
 * The add button of an integration list and its picker of integration types (spec 03 §2 "Each has
 * an add button opening a picker of integration types"): the registry's rows of this list offered
 * to the account's flags, searchable, each with its logo and label; a type allowed once per
 * template (spec 03 §5) is disabled while the template has it. Keyboard: arrows, Enter, Escape.
 */
export function IntegrationTypePicker(props: {
  list: 'inbound' | 'outbound';
  label: string;
  onPick: (slug: string) => void;
}) {
  const { me } = useTemplateEditorEnvironment();
  const integrations = useTemplateEditor((state) => state.draft.integrations);
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const offered = useMemo(() => integrationsForList(props.list, me.features), [props.list, me.features]);
  const shown = offered.filter((d) => matches(d, search));

  return (
    <Combobox
      store={combobox}
      width={340}
      position="bottom-end"
      withArrow
      onOptionSubmit={(slug) => {
        props.onPick(slug);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
        >
          {props.label}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search integration types"
          aria-label="Search integration types"
        />
        <Combobox.Options
          mah={320}
          style={{ overflowY: 'auto' }}
          aria-label={`${props.label}: integration types`}
        >
          {shown.length === 0 ? (
            <Combobox.Empty>No integration type matches “{search.trim()}”</Combobox.Empty>
          ) : (
            shown.map((definition) => (
              <PickerOption key={definition.slug} definition={definition} integrations={integrations} />
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function PickerOption(props: {
  definition: IntegrationDefinition;
  integrations: readonly IntegrationAssignment[];
}) {
  const { definition } = props;
  const isAddable = canAddIntegration(definition, props.integrations);
  return (
    <Combobox.Option value={definition.slug} disabled={!isAddable} aria-label={definition.label}>
      <Group gap="sm" wrap="nowrap">
        <IntegrationLogo definition={definition} size={24} />
        <Text size="sm" style={{ flex: 1 }}>
          {definition.label}
        </Text>
        {!isAddable ? (
          <Badge size="xs" variant="light" color="gray">
            one per template
          </Badge>
        ) : definition.isLegacy ? (
          <Badge size="xs" variant="light" color="gray">
            legacy
          </Badge>
        ) : null}
      </Group>
    </Combobox.Option>
  );
}
