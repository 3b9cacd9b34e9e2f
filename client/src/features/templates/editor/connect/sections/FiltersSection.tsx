import {
  ActionIcon,
  Button,
  Group,
  Menu,
  MultiSelect,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { IntegrationFilter, IntegrationFilterDefinition } from '@nomen/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { SectionIssues } from '../SectionIssues';
import { useIntegrationFilters } from '../useIntegrationCatalogue';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The import filters of an inbound integration (spec 03 §3 filters: integrationFilterId and values;
 * §4 "the data reset flag is set after a change on an already-created assignment"; §5 values not
 * blank; §9 date filters limited to two years): one row per filter with its values. The filters the
 * type offers come from GET /api/v1/integrations/{type}/filters (kept one hour, spec 03 §9), each
 * with its kind: one date, one text, or values (fixed choices or free ones). When they cannot be
 * loaded, a filter is named by hand. Each change goes through `applyIntegrationChange`.
 */
export function FiltersSection({ assignment, definition, editing, issues }: IntegrationSectionProps) {
  const offered = useIntegrationFilters(assignment.slug);
  const available = offered.data ?? [];
  const setFilters = (filters: IntegrationFilter[]) => void editing.change({ kind: 'filters', filters });
  const setRow = (index: number, patch: Partial<IntegrationFilter>) =>
    setFilters(assignment.filters.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const used = new Set(assignment.filters.map((f) => String(f.integrationFilterId)));
  const add = (id: string) => setFilters([...assignment.filters, { integrationFilterId: id, values: [] }]);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Filters
        </Text>
        <AddFilterButton
          offered={offered}
          unused={available.filter((f) => !used.has(f.id))}
          onAdd={add}
          onAddNamed={() => add(`filter_${assignment.filters.length + 1}`)}
        />
      </Group>
      {assignment.filters.length === 0 ? (
        <Text size="sm" c="dimmed">
          No filters: every record of the data type is imported.
        </Text>
      ) : null}
      {assignment.filters.map((filter, index) => (
        <FilterRow
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id of their own; order is identity
          key={index}
          filter={filter}
          available={available}
          dateFilter={definition.dateFilter}
          onChange={(patch) => setRow(index, patch)}
          onRemove={() => setFilters(assignment.filters.filter((_, i) => i !== index))}
        />
      ))}
      <SectionIssues issues={issues} />
    </Stack>
  );
}

/**
 * "Add filter": a menu of the type's unused filters; disabled with a tooltip while they load or
 * when every one is in use; when they cannot be loaded it adds a filter to name by hand.
 */
function AddFilterButton(props: {
  offered: ReturnType<typeof useIntegrationFilters>;
  unused: readonly IntegrationFilterDefinition[];
  onAdd: (id: string) => void;
  onAddNamed: () => void;
}) {
  const { offered, unused } = props;
  if (offered.isError)
    return (
      <Tooltip label="The filters of this type could not be loaded; name the filter by hand">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={props.onAddNamed}
        >
          Add filter
        </Button>
      </Tooltip>
    );
  if (unused.length === 0)
    return (
      <Tooltip label={offered.isPending ? 'Loading the filters…' : 'Every filter of this type is in use'}>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} data-disabled>
          Add filter
        </Button>
      </Tooltip>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
          Add filter
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {unused.map((f) => (
          <Menu.Item key={f.id} onClick={() => props.onAdd(f.id)}>
            {f.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One filter: its name (read-only for a filter the type offers or the date filter), its values by
 * kind, and remove.
 */
function FilterRow(props: {
  filter: IntegrationFilter;
  available: readonly IntegrationFilterDefinition[];
  dateFilter: IntegrationSectionProps['definition']['dateFilter'];
  onChange: (patch: Partial<IntegrationFilter>) => void;
  onRemove: () => void;
}) {
  const { filter, dateFilter, onChange } = props;
  const id = String(filter.integrationFilterId);
  const known = props.available.find((f) => f.id === id);
  const isDate = known?.kind === 'date' || id === dateFilter?.filterId;
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        label="Filter"
        w={200}
        maxLength={100}
        value={known?.label ?? id}
        readOnly={known !== undefined || isDate}
        onChange={(event) => onChange({ integrationFilterId: event.currentTarget.value })}
      />
      <FilterValues
        definition={known}
        isDate={isDate}
        maxYearsBack={dateFilter?.maxYearsBack ?? 2}
        values={filter.values.map(String)}
        onChange={(values) => onChange({ values })}
      />
      <Tooltip label={`Remove filter ${known?.label ?? id}`}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="input-sm"
          aria-label={`Remove filter ${known?.label ?? id}`}
          onClick={props.onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The value input of one filter, by its kind (spec 03 §3 filters values). */
function FilterValues(props: {
  definition: IntegrationFilterDefinition | undefined;
  isDate: boolean;
  maxYearsBack: number;
  values: string[];
  onChange: (values: string[]) => void;
}) {
  const style = { flex: 1 };
  if (props.isDate)
    return (
      <TextInput
        type="date"
        label={`${props.definition?.label ?? 'Date'} (at most ${props.maxYearsBack} years back)`}
        style={style}
        value={props.values[0] ?? ''}
        onChange={(event) => props.onChange([event.currentTarget.value])}
      />
    );
  if (props.definition?.kind === 'text')
    return (
      <TextInput
        label="Value"
        style={style}
        maxLength={1000}
        value={props.values[0] ?? ''}
        onChange={(event) => props.onChange([event.currentTarget.value])}
      />
    );
  if (props.definition && props.definition.options.length > 0)
    return (
      <MultiSelect
        label="Values"
        style={style}
        data={props.definition.options}
        value={props.values}
        onChange={props.onChange}
      />
    );
  return <TagsInput label="Values" style={style} value={props.values} onChange={props.onChange} />;
}
