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
  const unused = available.filter((f) => !used.has(f.id));
  const add = (id: string) => setFilters([...assignment.filters, { integrationFilterId: id, values: [] }]);

  const addButton = (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
      Add filter
    </Button>
  );
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Filters
        </Text>
        {offered.isError ? (
          <Tooltip label="The filters of this type could not be loaded; name the filter by hand">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => add(`filter_${assignment.filters.length + 1}`)}
            >
              Add filter
            </Button>
          </Tooltip>
        ) : unused.length === 0 ? (
          <Tooltip label={offered.isPending ? 'Loading the filters…' : 'Every filter of this type is in use'}>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} data-disabled>
              Add filter
            </Button>
          </Tooltip>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>{addButton}</Menu.Target>
            <Menu.Dropdown>
              {unused.map((f) => (
                <Menu.Item key={f.id} onClick={() => add(f.id)}>
                  {f.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {assignment.filters.length === 0 ? (
        <Text size="sm" c="dimmed">
          No filters: every record of the data type is imported.
        </Text>
      ) : null}
      {assignment.filters.map((filter, index) => {
        const id = String(filter.integrationFilterId);
        const known = available.find((f) => f.id === id);
        const isDate = known?.kind === 'date' || id === definition.dateFilter?.filterId;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id of their own; order is identity
          <Group key={index} align="flex-end" wrap="nowrap">
            <TextInput
              label="Filter"
              w={200}
              maxLength={100}
              value={known?.label ?? id}
              readOnly={known !== undefined || isDate}
              onChange={(event) => setRow(index, { integrationFilterId: event.currentTarget.value })}
            />
            <FilterValues
              definition={known}
              isDate={isDate}
              maxYearsBack={definition.dateFilter?.maxYearsBack ?? 2}
              values={filter.values.map(String)}
              onChange={(values) => setRow(index, { values })}
            />
            <Tooltip label={`Remove filter ${known?.label ?? id}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="input-sm"
                aria-label={`Remove filter ${known?.label ?? id}`}
                onClick={() => setFilters(assignment.filters.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      <SectionIssues issues={issues} />
    </Stack>
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
