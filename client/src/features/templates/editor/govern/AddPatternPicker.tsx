import { Button, Combobox, Group, Loader, Text, useCombobox } from '@mantine/core';
import type { Pattern } from '@nomen/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePatterns } from '../../../patterns/api';
import { useTemplateEditor } from '../TemplateEditorContext';

/** Props of AddPatternPicker. */
export interface AddPatternPickerProps {
  onAdd: (pattern: Pattern) => void;
}

/**
 * The toolbar's add-pattern picker (spec 03 §2 "add-pattern picker"): a button opening a searchable
 * list of the account's patterns (usePatterns) with their segment counts; a pattern already in
 * the template is shown as added and cannot be chosen again. Loading and load failure show in the
 * list.
 */
export function AddPatternPicker({ onAdd }: AddPatternPickerProps) {
  const patterns = usePatterns();
  // A joined string, so the picker re-renders only when the template's patterns change.
  const addedKey = useTemplateEditor((s) =>
    s.draft.template_fields
      .filter((tf) => tf.field.is_pattern)
      .map((tf) => String(tf.field_id))
      .join(','),
  );
  const added = new Set(addedKey.split(','));
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const needle = search.trim().toLowerCase();
  const options = (patterns.data?.data ?? []).filter((p) => p.name.toLowerCase().includes(needle));

  return (
    <Combobox
      store={combobox}
      // Mounted only while open: a hidden dropdown would be re-positioned on every layout change
      // of the step (bench:templates, govern step paint).
      keepMounted={false}
      width={340}
      position="bottom-start"
      withArrow
      onOptionSubmit={(value) => {
        const pattern = patterns.data?.data.find((p) => String(p.id) === value);
        if (pattern && !added.has(String(pattern.id))) onAdd(pattern);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
        >
          Add pattern
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search patterns"
          aria-label="Search patterns"
        />
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label="Patterns">
          <PatternOptions patterns={patterns} options={options} added={added} isSearching={needle !== ''} />
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * The picker's options: loading, the load failure, none (matching or at all), or each pattern with
 * its segment count; one already in the template (`added`, field ids as strings) says "Added" and
 * cannot be chosen.
 */
function PatternOptions(props: {
  patterns: ReturnType<typeof usePatterns>;
  options: readonly Pattern[];
  added: ReadonlySet<string>;
  isSearching: boolean;
}) {
  const { patterns, options, added } = props;
  if (patterns.isPending)
    return (
      <Combobox.Empty>
        <Group gap="xs" justify="center">
          <Loader size="xs" /> Loading patterns…
        </Group>
      </Combobox.Empty>
    );
  if (patterns.isError)
    return <Combobox.Empty>Could not load the patterns. Close and try again.</Combobox.Empty>;
  if (options.length === 0)
    return (
      <Combobox.Empty>
        {props.isSearching ? 'No pattern matches' : 'No patterns yet: build one first'}
      </Combobox.Empty>
    );
  return options.map((p) => {
    const isAdded = added.has(String(p.id));
    return (
      <Combobox.Option key={p.id} value={String(p.id)} disabled={isAdded} aria-label={p.name}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate="end">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {isAdded ? 'Added' : `${p.segments.length} segments`}
          </Text>
        </Group>
      </Combobox.Option>
    );
  });
}
